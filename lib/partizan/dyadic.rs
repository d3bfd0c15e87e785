//! Exact dyadic rationals m / 2^k held in 64 bits, and the simplest-number rule.
//!
//! The numbers of short partizan games are exactly the dyadic rationals (Conway, *On Numbers
//! and Games*, chapter 2: a short game that is a number has a value m / 2^k). [`Dyadic`] holds
//! one as an `i64` numerator over `2^k` with `k <= 62`, always in lowest terms, so equal
//! numbers have equal representations. Arithmetic is checked: a result that does not fit is
//! refused (`checked_*` return `None`, the operators panic), never wrapped.
//!
//! # The simplest-number rule
//! If every Left option of a game is a number, every Right option is a number, and each Left
//! option is less than each Right option, then the game is a number: the *simplest* number
//! strictly between the largest Left option and the smallest Right option (Conway, ONAG,
//! theorem 11; Siegel, *Combinatorial Game Theory*, II.3.6). "Simplest" is the one born first:
//! an integer if any lies in the interval (the one nearest 0), otherwise the dyadic with the
//! smallest denominator. [`simplest_between`] computes it, either side open or absent.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;

/// The largest power of two a [`Dyadic`] denominator may be: 2^62.
pub const MAX_EXPONENT: u32 = 62;

/// An exact dyadic rational `numerator / 2^exponent` in lowest terms (the numerator odd, or
/// the exponent 0), with an `i64` numerator and an exponent at most [`MAX_EXPONENT`].
///
/// ```
/// use grundy::partizan::dyadic::Dyadic;
/// let x = Dyadic::new(3, 2); // 3/4
/// assert_eq!(x.to_string(), "3/4");
/// assert_eq!((x + Dyadic::new(1, 2)).to_string(), "1");
/// assert_eq!((-Dyadic::new(10, 4)).to_string(), "-5/8");
/// assert!(Dyadic::new(1, 1) < x);
/// assert_eq!(Dyadic::integer(2).half(), Some(Dyadic::integer(1)));
/// ```
///
/// # Constraints
/// Results must fit: an `i64` numerator over at most 2^62. Use the `checked_` forms where
/// they may not; the operators `+`, `-` and unary `-` panic rather than wrap.
///
/// # Complexity
/// Every operation is O(1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: i64,
    exponent: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };

    /// `numerator / 2^exponent`, reduced to lowest terms.
    ///
    /// ```
    /// use grundy::partizan::dyadic::Dyadic;
    /// assert_eq!(Dyadic::new(6, 3), Dyadic::new(3, 2));
    /// assert_eq!(Dyadic::new(6, 3).parts(), (3, 2));
    /// ```
    ///
    /// # Panics
    /// If `exponent` exceeds [`MAX_EXPONENT`] after reduction.
    pub fn new(numerator: i64, exponent: u32) -> Self {
        Dyadic::checked_new(numerator, exponent).expect("Dyadic::new: denominator beyond 2^62")
    }

    /// `numerator / 2^exponent` in lowest terms, or `None` if the reduced exponent exceeds
    /// [`MAX_EXPONENT`].
    ///
    /// ```
    /// use grundy::partizan::dyadic::Dyadic;
    /// assert_eq!(Dyadic::checked_new(1, 63), None);
    /// assert_eq!(Dyadic::checked_new(2, 63), Some(Dyadic::new(1, 62)));
    /// ```
    pub fn checked_new(numerator: i64, exponent: u32) -> Option<Self> {
        if numerator == 0 {
            // Any exponent: 0 / 2^k is 0 (and shifting by k >= 64 would overflow).
            return Some(Dyadic::ZERO);
        }
        let shift = numerator.trailing_zeros().min(exponent);
        let exponent = exponent - shift;
        if exponent > MAX_EXPONENT {
            return None;
        }
        Some(Dyadic {
            numerator: numerator >> shift,
            exponent,
        })
    }

    /// The integer `n`.
    ///
    /// ```
    /// assert_eq!(grundy::partizan::dyadic::Dyadic::integer(-3).to_string(), "-3");
    /// ```
    pub fn integer(n: i64) -> Self {
        Dyadic {
            numerator: n,
            exponent: 0,
        }
    }

    /// The reduced (numerator, exponent): the value is `numerator / 2^exponent`.
    pub fn parts(self) -> (i64, u32) {
        (self.numerator, self.exponent)
    }

    /// Whether the number is an integer.
    ///
    /// ```
    /// use grundy::partizan::dyadic::Dyadic;
    /// assert!(Dyadic::integer(4).is_integer() && !Dyadic::new(1, 1).is_integer());
    /// ```
    pub fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// The largest integer not above the number.
    ///
    /// ```
    /// use grundy::partizan::dyadic::Dyadic;
    /// assert_eq!(Dyadic::new(-3, 1).floor(), -2);
    /// assert_eq!(Dyadic::new(7, 2).floor(), 1);
    /// ```
    pub fn floor(self) -> i64 {
        self.numerator >> self.exponent
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(self) -> i64 {
        self.numerator.signum()
    }

    /// The sum, or `None` if it does not fit.
    ///
    /// ```
    /// use grundy::partizan::dyadic::Dyadic;
    /// assert_eq!(Dyadic::new(1, 2).checked_add(Dyadic::new(1, 3)), Some(Dyadic::new(3, 3)));
    /// assert_eq!(Dyadic::integer(i64::MAX).checked_add(Dyadic::integer(1)), None);
    /// ```
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let e = self.exponent.max(other.exponent);
        let a = (self.numerator as i128) << (e - self.exponent);
        let b = (other.numerator as i128) << (e - other.exponent);
        Dyadic::from_wide(a + b, e)
    }

    /// The difference, or `None` if it does not fit.
    ///
    /// ```
    /// use grundy::partizan::dyadic::Dyadic;
    /// assert_eq!(Dyadic::integer(1).checked_sub(Dyadic::new(1, 2)), Some(Dyadic::new(3, 2)));
    /// assert_eq!(Dyadic::integer(i64::MIN).checked_sub(Dyadic::integer(1)), None);
    /// ```
    pub fn checked_sub(self, other: Dyadic) -> Option<Dyadic> {
        self.checked_add(other.checked_neg()?)
    }

    /// The negation, or `None` for a numerator of `i64::MIN` (whose negation does not fit).
    ///
    /// ```
    /// use grundy::partizan::dyadic::Dyadic;
    /// assert_eq!(Dyadic::new(3, 2).checked_neg(), Some(Dyadic::new(-3, 2)));
    /// assert_eq!(Dyadic::integer(i64::MIN).checked_neg(), None);
    /// ```
    pub fn checked_neg(self) -> Option<Dyadic> {
        Some(Dyadic {
            numerator: self.numerator.checked_neg()?,
            exponent: self.exponent,
        })
    }

    /// Half the number, or `None` if the denominator would pass 2^62.
    ///
    /// ```
    /// use grundy::partizan::dyadic::Dyadic;
    /// assert_eq!(Dyadic::integer(3).half(), Some(Dyadic::new(3, 1)));
    /// assert_eq!(Dyadic::new(1, 62).half(), None);
    /// ```
    pub fn half(self) -> Option<Dyadic> {
        Dyadic::checked_new(self.numerator, self.exponent + 1)
    }

    /// A value over `2^exponent` held in an `i128`, reduced, if it fits.
    fn from_wide(numerator: i128, exponent: u32) -> Option<Dyadic> {
        // Zero has 128 trailing zeros, more than any exponent here (at most 63): it reduces
        // to 0 / 2^0 without a case of its own.
        let shift = numerator.trailing_zeros().min(exponent);
        let n = numerator >> shift;
        if n < i64::MIN as i128 || n > i64::MAX as i128 {
            return None;
        }
        Dyadic::checked_new(n as i64, exponent - shift)
    }

    /// `floor(self * 2^k)` for `k <= 63`, exact in an `i128`.
    fn scaled_floor(self, k: u32) -> i128 {
        // |numerator| <= 2^63 and k <= 63: the product fits in 127 bits, and the arithmetic
        // shift right rounds towards minus infinity.
        ((self.numerator as i128) << k) >> self.exponent
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let e = self.exponent.max(other.exponent);
        let a = (self.numerator as i128) << (e - self.exponent);
        let b = (other.numerator as i128) << (e - other.exponent);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// If the sum does not fit (see [`Dyadic::checked_add`]).
    fn add(self, other: Dyadic) -> Dyadic {
        self.checked_add(other)
            .expect("Dyadic: the sum does not fit in 64 bits")
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// If the difference does not fit (see [`Dyadic::checked_sub`]).
    fn sub(self, other: Dyadic) -> Dyadic {
        self.checked_sub(other)
            .expect("Dyadic: the difference does not fit in 64 bits")
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// For a numerator of `i64::MIN`.
    fn neg(self) -> Dyadic {
        self.checked_neg()
            .expect("Dyadic: the negation does not fit in 64 bits")
    }
}

/// `3/4`, `-5/8`, `2`: an integer plainly, otherwise `numerator/denominator` in lowest terms.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u64 << self.exponent)
        }
    }
}

/// The integer `n`, as [`Dyadic::integer`].
///
/// ```
/// use grundy::partizan::dyadic::Dyadic;
/// assert_eq!(Dyadic::from(7), Dyadic::integer(7));
/// ```
impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic::integer(n)
    }
}

/// Why a text is not a [`Dyadic`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDyadicError(String);

impl fmt::Display for ParseDyadicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Reads `n`, `-n` or `p/q` with `q` a power of two up to 2^62 (not necessarily in lowest
/// terms).
///
/// ```
/// use grundy::partizan::dyadic::Dyadic;
/// assert_eq!("-6/8".parse::<Dyadic>(), Ok(Dyadic::new(-3, 2)));
/// assert!("1/3".parse::<Dyadic>().is_err());
/// ```
impl FromStr for Dyadic {
    type Err = ParseDyadicError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ParseDyadicError(format!("`{}` is not a dyadic number such as 3/4", text));
        let (top, bottom) = match text.find('/') {
            Some(i) => (&text[..i], &text[i + 1..]),
            None => (text, "1"),
        };
        let numerator: i64 = top.parse().map_err(|_| bad())?;
        let denominator: u64 = bottom.parse().map_err(|_| bad())?;
        if !denominator.is_power_of_two() {
            return Err(bad());
        }
        Dyadic::checked_new(numerator, denominator.trailing_zeros()).ok_or_else(bad)
    }
}

/// The simplest number strictly between `low` and `high` (`None` for a side without bound),
/// or `None` when no number lies between (`low >= high`). The simplest is the one born first:
/// 0 if it lies between; otherwise the integer nearest 0 that does; otherwise the dyadic with
/// the smallest denominator, which is unique (Conway, ONAG, theorem 11; Siegel, CGT II.3).
///
/// ```
/// use grundy::partizan::dyadic::{simplest_between, Dyadic};
/// let d = |s: &str| s.parse::<Dyadic>().unwrap();
/// assert_eq!(simplest_between(Some(d("-1")), Some(d("5"))), Some(d("0")));
/// assert_eq!(simplest_between(Some(d("2")), None), Some(d("3"))); // {2 | } = 3
/// assert_eq!(simplest_between(None, Some(d("-2"))), Some(d("-3")));
/// assert_eq!(simplest_between(Some(d("1/2")), Some(d("1"))), Some(d("3/4")));
/// assert_eq!(simplest_between(Some(d("5/16")), Some(d("7/16"))), Some(d("3/8")));
/// assert_eq!(simplest_between(Some(d("1")), Some(d("1"))), None);
/// ```
///
/// # Panics
/// If the simplest number needs a denominator of 2^63 (both bounds at the 2^62 limit).
///
/// # Complexity
/// O(k) for a result over 2^k.
pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Option<Dyadic> {
    if let (Some(l), Some(h)) = (low, high) {
        if l >= h {
            return None;
        }
    }
    let above_low = |x: Dyadic| low.map_or(true, |l| x > l);
    let below_high = |x: Dyadic| high.map_or(true, |h| x < h);
    if above_low(Dyadic::ZERO) && below_high(Dyadic::ZERO) {
        return Some(Dyadic::ZERO);
    }
    // Zero is not between: the interval lies on one side of it.
    if let Some(l) = low.filter(|l| l.signum() >= 0) {
        // The smallest integer above l, if it is below high.
        let n = Dyadic::integer(l.floor() + 1);
        if below_high(n) {
            return Some(n);
        }
    } else if let Some(h) = high {
        // high <= 0: the largest integer below h, if it is above low.
        let n = if h.is_integer() {
            Dyadic::integer(h.floor() - 1)
        } else {
            Dyadic::integer(h.floor())
        };
        if above_low(n) {
            return Some(n);
        }
    }
    // Both bounds exist and lie within one unit interval: the smallest denominator wins.
    let (l, h) = (low?, high?);
    for k in 1..=MAX_EXPONENT + 1 {
        let m = l.scaled_floor(k) + 1;
        let ok = h.scaled_floor(k);
        // m / 2^k < h, i.e. m < h * 2^k: exact when h * 2^k is an integer, else m <= floor.
        let exact = k >= h.exponent;
        if m < ok || (!exact && m <= ok) {
            assert!(
                k <= MAX_EXPONENT,
                "simplest_between: the simplest number needs 2^63"
            );
            return Dyadic::from_wide(m, k);
        }
    }
    unreachable!("two distinct dyadics over at most 2^62 have one over 2^63 between them")
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    fn random(rng: &mut Rng, max_exponent: u32) -> Dyadic {
        let e = rng.range(0, max_exponent as u64) as u32;
        Dyadic::new(rng.range(0, 64) as i64 - 32, e)
    }

    /// The simplest number by the definition: walk the tree of numbers from 0, birthday by
    /// birthday, and return the first that lies strictly between.
    fn simplest_by_birthday(low: Option<Dyadic>, high: Option<Dyadic>) -> Option<Dyadic> {
        let inside = |x: Dyadic| low.map_or(true, |l| x > l) && high.map_or(true, |h| x < h);
        // Every number born by day d: integers |n| <= d and, for k >= 1, odd m/2^k with
        // |m/2^k| + k <= d (m/2^k is born on day floor(|x|) + 1 + k).
        for day in 0..80i64 {
            let mut born: Vec<Dyadic> = vec![Dyadic::integer(day), Dyadic::integer(-day)];
            for k in 1..=day.min(7) {
                let whole = day - k; // born on this day with integer part below `whole`+1
                if whole < 1 {
                    continue;
                }
                let span = whole << k;
                for m in (-span..span).filter(|m| m % 2 != 0) {
                    let x = Dyadic::new(m, k as u32);
                    if x.floor().abs().max((x.floor() + 1).abs()) == whole {
                        born.push(x);
                    }
                }
            }
            born.retain(|&x| inside(x));
            born.sort();
            born.dedup();
            if let Some(&x) = born.first() {
                assert_eq!(born.len(), 1, "two numbers born on day {} between", day);
                return Some(x);
            }
        }
        None
    }

    #[test]
    fn simplest_agrees_with_the_birthday_walk() {
        let mut rng = Rng::new(11);
        for _ in 0..3000 {
            let low = if rng.below(5) == 0 {
                None
            } else {
                Some(random(&mut rng, 5))
            };
            let high = if rng.below(5) == 0 {
                None
            } else {
                Some(random(&mut rng, 5))
            };
            let expected = match (low, high) {
                (Some(l), Some(h)) if l >= h => None,
                _ => simplest_by_birthday(low, high),
            };
            assert_eq!(
                simplest_between(low, high),
                expected,
                "{:?} {:?}",
                low,
                high
            );
        }
    }

    #[test]
    fn arithmetic_agrees_with_rationals() {
        let mut rng = Rng::new(3);
        for _ in 0..5000 {
            let (a, b) = (random(&mut rng, 8), random(&mut rng, 8));
            // As fractions over 2^8.
            let f = |x: Dyadic| x.numerator as i128 * (1 << (8 - x.exponent));
            assert_eq!(f(a + b), f(a) + f(b));
            assert_eq!(f(a - b), f(a) - f(b));
            assert_eq!(f(-a), -f(a));
            assert_eq!(a.cmp(&b), f(a).cmp(&f(b)));
            assert_eq!(a.floor() as i128, f(a).div_euclid(256));
            assert_eq!(a.to_string().parse::<Dyadic>(), Ok(a));
            if a.exponent < 8 {
                assert_eq!(f(a.half().unwrap()) * 2, f(a));
            }
        }
    }

    #[test]
    fn parts_sign_and_integrality_agree_with_rationals() {
        let mut rng = Rng::new(29);
        for _ in 0..3000 {
            let x = random(&mut rng, 8);
            let f = x.numerator as i128 * (1 << (8 - x.exponent));
            let (m, k) = x.parts();
            // The value is m / 2^k, in lowest terms.
            assert_eq!(m as i128 * (1 << (8 - k)), f);
            assert!(k == 0 || m % 2 != 0, "{} / 2^{} is not reduced", m, k);
            assert_eq!(Dyadic::checked_new(m, k), Some(x));
            assert_eq!(x.is_integer(), f % 256 == 0);
            assert_eq!(x.signum() as i128, f.signum());
            assert_eq!(Dyadic::from(m), Dyadic::new(m << 3, 3));
        }
    }

    #[test]
    fn the_64_bit_limits_are_exact() {
        let (max, min) = (Dyadic::integer(i64::MAX), Dyadic::integer(i64::MIN));
        // Results at the limits fit; one step beyond does not.
        assert_eq!(max.checked_add(Dyadic::ZERO), Some(max));
        assert_eq!(min.checked_add(Dyadic::ZERO), Some(min));
        assert_eq!(
            Dyadic::integer(i64::MAX - 1).checked_add(Dyadic::integer(1)),
            Some(max)
        );
        assert_eq!(
            Dyadic::integer(i64::MIN + 1).checked_sub(Dyadic::integer(1)),
            Some(min)
        );
        assert_eq!(min.checked_add(Dyadic::integer(-1)), None);
        assert_eq!(max.checked_neg(), Some(Dyadic::integer(-i64::MAX)));
        assert_eq!(
            Dyadic::new(i64::MAX, 62).checked_add(Dyadic::new(1, 62)),
            Some(Dyadic::integer(2)) // 2^63 / 2^62: too wide before it is reduced
        );
        assert_eq!(
            Dyadic::checked_new(-3, 62).map(Dyadic::parts),
            Some((-3, 62))
        );
        assert_eq!(Dyadic::checked_new(5, 63), None);
        assert_eq!(Dyadic::checked_new(0, 200), Some(Dyadic::ZERO));
        assert_eq!(Dyadic::new(1, 61).half(), Some(Dyadic::new(1, 62)));
        assert_eq!(Dyadic::new(-5, 62).floor(), -1);
        // Texts that are not dyadic numbers.
        for text in ["1/3", "1/6", "3/-4", "/4", "1/", "", "1/2/2", "0x1"] {
            assert!(text.parse::<Dyadic>().is_err(), "{}", text);
        }
        assert_eq!("-7/1".parse::<Dyadic>(), Ok(Dyadic::integer(-7)));
        assert_eq!(
            "1/3".parse::<Dyadic>().unwrap_err().to_string(),
            "`1/3` is not a dyadic number such as 3/4"
        );
    }

    #[test]
    fn simplest_reaches_the_last_denominator_and_refuses_beyond() {
        // Between 1/2^61 and 1/2^60 the simplest number is 3/2^62, the last denominator.
        let (low, high) = (Dyadic::new(1, 61), Dyadic::new(1, 60));
        assert_eq!(
            simplest_between(Some(low), Some(high)),
            Some(Dyadic::new(3, 62))
        );
        let (low, high) = (Dyadic::new(-1, 60), Dyadic::new(-1, 61));
        assert_eq!(
            simplest_between(Some(low), Some(high)),
            Some(Dyadic::new(-3, 62))
        );
        // Between 1/2^62 and 2/2^62 only a denominator of 2^63 fits: refused with its reason.
        let caught = std::panic::catch_unwind(|| {
            simplest_between(Some(Dyadic::new(1, 62)), Some(Dyadic::new(1, 61)))
        })
        .unwrap_err();
        let message = caught
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| caught.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        assert!(message.contains("needs 2^63"), "{}", message);
    }

    #[test]
    fn overflow_is_refused() {
        let big = Dyadic::integer(i64::MAX);
        assert_eq!(big.checked_add(Dyadic::new(1, 62)), None);
        assert_eq!(
            Dyadic::new(1, 62).checked_add(Dyadic::new(1, 62)),
            Some(Dyadic::new(1, 61))
        );
        assert_eq!(Dyadic::new(3, 62).half(), None);
        assert!("1/0".parse::<Dyadic>().is_err());
        assert!("1/9223372036854775808".parse::<Dyadic>().is_err()); // 2^63
        assert!("x".parse::<Dyadic>().is_err());
        assert_eq!("5".parse::<Dyadic>(), Ok(Dyadic::integer(5)));
        let caught = std::panic::catch_unwind(|| big + Dyadic::integer(1));
        assert!(caught.is_err());
        assert_eq!(
            simplest_between(Some(Dyadic::new(1, 62)), Some(Dyadic::new(3, 62))),
            Some(Dyadic::new(1, 61))
        );
    }
}
