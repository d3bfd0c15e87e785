//! [`Nimber`]: the one type of Grundy values across the library.
//!
//! The Grundy value of a position is a nimber `*n`, the value of a Nim heap of n objects; a
//! disjunctive sum of games is worth the nim-sum (bitwise XOR) of their values, which is the
//! nimbers' addition. So `Nimber` adds with `+`, `+=` and `Sum`, and is zero exactly on the
//! positions the player to move loses.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, BitXor};

/// A Grundy value: the nimber `*n`, held as the integer n. Addition is the nim-sum (XOR).
///
/// ```
/// use grundy::prelude::Nimber;
/// let sum = Nimber(3) + Nimber(5) + Nimber(1);
/// assert_eq!(sum, Nimber(7));
/// assert_eq!(Nimber(6) + Nimber(6), Nimber::ZERO); // every nimber is its own negative
/// assert_eq!([1u64, 2, 3].iter().map(|&v| Nimber(v)).sum::<Nimber>(), Nimber::ZERO);
/// assert_eq!(Nimber(4).to_string(), "4");
/// ```
///
/// # Constraints
/// 64 bits hold the value of a Nim heap of any `u64` size, so every Grundy value the library
/// computes (tables, closed forms, nim-sums of heaps read as `u64`) fits without a cast.
/// Tables that store many values may keep them narrower inside and hand out `Nimber`s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The value of a finished game (no move): `*0`, a loss for the player to move.
    ///
    /// ```
    /// assert!(grundy::prelude::Nimber::ZERO.is_zero());
    /// ```
    pub const ZERO: Nimber = Nimber(0);

    /// The value as an integer: n for `*n`.
    ///
    /// ```
    /// assert_eq!(grundy::prelude::Nimber(9).value(), 9);
    /// ```
    pub fn value(self) -> u64 {
        self.0
    }

    /// Whether the value is `*0`: under normal play the player to move loses (see
    /// [`Outcome::from_grundy`](crate::outcome::Outcome::from_grundy)).
    ///
    /// ```
    /// use grundy::prelude::Nimber;
    /// assert!(Nimber(0).is_zero() && !Nimber(2).is_zero());
    /// ```
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The sum of `count` copies of `self`: equal games cancel in pairs, so it is `self` for
    /// an odd count and zero for an even one.
    ///
    /// ```
    /// use grundy::prelude::Nimber;
    /// assert_eq!(Nimber(5).copies(3), Nimber(5));
    /// assert_eq!(Nimber(5).copies(1_000_000_000_000_000_000), Nimber::ZERO);
    /// ```
    pub fn copies(self, count: u64) -> Nimber {
        if count % 2 == 1 {
            self
        } else {
            Nimber::ZERO
        }
    }
}

/// The nim-sum: the value of the disjunctive sum of two games.
impl Add for Nimber {
    type Output = Nimber;

    #[inline]
    #[allow(clippy::suspicious_arithmetic_impl)] // nimber addition is XOR by definition
    fn add(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

impl AddAssign for Nimber {
    #[inline]
    #[allow(clippy::suspicious_op_assign_impl)] // nimber addition is XOR by definition
    fn add_assign(&mut self, other: Nimber) {
        self.0 ^= other.0;
    }
}

/// The nim-sum again, spelled as the XOR it is, for code generic over integer types (such as
/// the judge crate's `answer_xor`): `a ^ b` is `a + b`.
///
/// ```
/// use grundy::prelude::Nimber;
/// assert_eq!(Nimber(3) ^ Nimber(5), Nimber(3) + Nimber(5));
/// ```
impl BitXor for Nimber {
    type Output = Nimber;

    #[inline]
    fn bitxor(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(values: I) -> Nimber {
        values.fold(Nimber::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(values: I) -> Nimber {
        values.copied().sum()
    }
}

/// Written as its integer, as tables of Grundy values are printed (`{:?}` shows `Nimber(n)`).
impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl From<u8> for Nimber {
    fn from(v: u8) -> Nimber {
        Nimber(u64::from(v))
    }
}

impl From<u16> for Nimber {
    fn from(v: u16) -> Nimber {
        Nimber(u64::from(v))
    }
}

impl From<u32> for Nimber {
    fn from(v: u32) -> Nimber {
        Nimber(u64::from(v))
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Nimber {
        Nimber(v)
    }
}

impl From<Nimber> for u64 {
    fn from(g: Nimber) -> u64 {
        g.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    fn random(rng: &mut Rng) -> Nimber {
        // Small values collide often (cancellation); large ones exercise the high bits.
        if rng.below(2) == 0 {
            Nimber(rng.below(8))
        } else {
            Nimber(rng.next_u64())
        }
    }

    #[test]
    fn addition_is_an_abelian_group_of_exponent_two() {
        let mut rng = Rng::new(1818);
        for _ in 0..2000 {
            let (a, b, c) = (random(&mut rng), random(&mut rng), random(&mut rng));
            assert_eq!(a + b, b + a);
            assert_eq!((a + b) + c, a + (b + c));
            assert_eq!(a + Nimber::ZERO, a);
            assert_eq!(a + a, Nimber::ZERO);
            let mut d = a;
            d += b;
            assert_eq!(d, a + b);
            // Addition is the nim-sum: the value of the sum of two Nim heaps.
            assert_eq!((a + b).value(), a.value() ^ b.value());
        }
    }

    #[test]
    fn sum_folds_with_addition() {
        let mut rng = Rng::new(1819);
        for len in 0..20 {
            let values: Vec<Nimber> = (0..len).map(|_| random(&mut rng)).collect();
            let folded = values.iter().fold(0, |acc, g| acc ^ g.value());
            assert_eq!(values.iter().sum::<Nimber>(), Nimber(folded));
            assert_eq!(values.into_iter().sum::<Nimber>(), Nimber(folded));
        }
    }

    #[test]
    fn copies_cancel_in_pairs() {
        for count in 0..10u64 {
            let literal: Nimber = std::iter::repeat(Nimber(6)).take(count as usize).sum();
            assert_eq!(Nimber(6).copies(count), literal, "{count}");
        }
        assert_eq!(Nimber(6).copies(u64::MAX), Nimber(6));
    }

    #[test]
    fn zero_and_conversions() {
        assert_eq!(Nimber::default(), Nimber::ZERO);
        assert!(Nimber(0).is_zero() && !Nimber(1 << 63).is_zero());
        assert_eq!(Nimber::from(200u8), Nimber(200));
        assert_eq!(Nimber::from(60_000u16), Nimber(60_000));
        assert_eq!(Nimber::from(u32::MAX), Nimber(u64::from(u32::MAX)));
        assert_eq!(u64::from(Nimber::from(u64::MAX)), u64::MAX);
        assert_eq!(format!("{} {:?}", Nimber(12), Nimber(3)), "12 Nimber(3)");
        assert_eq!(format!("{:>3}", Nimber(7)), "  7");
    }
}
