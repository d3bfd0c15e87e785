//! Nim multiplication of `u64` nimbers: [`nim_product`], [`nim_power`], [`nim_inverse`].
//!
//! Conway's nim product is defined by a mex, like the nim-sum:
//! a ⊗ b = mex { (a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') : a' < a, b' < b }.
//! With the nim-sum ⊕ it makes the nimbers below 2^(2^k) a field of 2^(2^k) elements (Conway,
//! *On Numbers and Games*, ch. 6; Berlekamp–Conway–Guy, *Winning Ways*, ch. 14), so the `u64`
//! nimbers are the field F(2^64). It is the value of a product of coin-turning games (the
//! Tartan theorem, see [`coin_turning`](crate::coin_turning)) and of product games in general.
//!
//! How it is computed: a Fermat 2-power F = 2^(2^k) multiplies the nimbers below it as an
//! ordinary number (x ⊗ F = x·F for x < F), and F ⊗ F = F ⊕ F/2. Splitting a = a₁F ⊕ a₀ and
//! b = b₁F ⊕ b₀ with halves below F gives
//!
//! a ⊗ b = ((a₀ ⊕ a₁) ⊗ (b₀ ⊕ b₁) ⊕ a₀ ⊗ b₀)·F ⊕ (a₀ ⊗ b₀ ⊕ (a₁ ⊗ b₁) ⊗ F/2),
//!
//! three half-size products and a product by the constant F/2 (Karatsuba's trick works because
//! the cross terms are a sum). The halves go 64 → 32 → 16 → 8 bits, and the products of bytes
//! come from a 64 KiB table built once per thread on first use.

use crate::nimber::Nimber;

thread_local! {
    /// `BYTE_PRODUCTS[a << 8 | b]` = a ⊗ b for bytes a, b (the field F(256)).
    static BYTE_PRODUCTS: Box<[u8; 1 << 16]> = byte_products();
}

/// The product of two nimbers below 2^width (width a power of two, at most 64) by the split
/// into halves, down to one bit (where ⊗ is AND): slow, and what the table of bytes is built
/// from.
fn product_by_halves(a: u64, b: u64, width: u32) -> u64 {
    if width == 1 {
        return a & b;
    }
    let half = width / 2;
    let mask = (1 << half) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> half, b & mask, b >> half);
    let low = product_by_halves(a0, b0, half);
    let high = product_by_halves(a1, b1, half);
    let middle = product_by_halves(a0 ^ a1, b0 ^ b1, half);
    (middle ^ low) << half | low ^ product_by_halves(high, 1 << (half - 1), half)
}

fn byte_products() -> Box<[u8; 1 << 16]> {
    let mut table = Box::new([0u8; 1 << 16]);
    for a in 0..256u64 {
        for b in 0..=a {
            let p = product_by_halves(a, b, 8) as u8;
            table[(a << 8 | b) as usize] = p;
            table[(b << 8 | a) as usize] = p;
        }
    }
    table
}

/// The nim product of two nimbers below 2^16, with the table of bytes `t`.
#[inline(always)]
fn product16(t: &[u8; 1 << 16], a: u64, b: u64) -> u64 {
    let byte = |x: u64, y: u64| u64::from(t[(x << 8 | y) as usize & 0xFFFF]);
    let (a0, a1, b0, b1) = (a & 0xFF, a >> 8, b & 0xFF, b >> 8);
    let low = byte(a0, b0);
    let high = byte(a1, b1);
    let middle = byte(a0 ^ a1, b0 ^ b1);
    (middle ^ low) << 8 | low ^ byte(high, 0x80)
}

/// a ⊗ 2^15 for a below 2^16: [`product16`] with b₁ = 2^7 and b₀ = 0.
#[inline(always)]
fn times_half16(t: &[u8; 1 << 16], a: u64) -> u64 {
    let byte = |x: u64, y: u64| u64::from(t[(x << 8 | y) as usize & 0xFFFF]);
    let (a0, a1) = (a & 0xFF, a >> 8);
    let high = byte(a1, 0x80);
    byte(a0 ^ a1, 0x80) << 8 | byte(high, 0x80)
}

/// The nim product of two nimbers below 2^32.
#[inline(always)]
fn product32(t: &[u8; 1 << 16], a: u64, b: u64) -> u64 {
    let (a0, a1, b0, b1) = (a & 0xFFFF, a >> 16, b & 0xFFFF, b >> 16);
    let low = product16(t, a0, b0);
    let high = product16(t, a1, b1);
    let middle = product16(t, a0 ^ a1, b0 ^ b1);
    (middle ^ low) << 16 | low ^ times_half16(t, high)
}

/// a ⊗ 2^31 for a below 2^32: [`product32`] with b₁ = 2^15 and b₀ = 0.
#[inline(always)]
fn times_half32(t: &[u8; 1 << 16], a: u64) -> u64 {
    let (a0, a1) = (a & 0xFFFF, a >> 16);
    let high = times_half16(t, a1);
    times_half16(t, a0 ^ a1) << 16 | times_half16(t, high)
}

#[inline(always)]
fn product64(t: &[u8; 1 << 16], a: u64, b: u64) -> u64 {
    let (a0, a1, b0, b1) = (a & 0xFFFF_FFFF, a >> 32, b & 0xFFFF_FFFF, b >> 32);
    let low = product32(t, a0, b0);
    let high = product32(t, a1, b1);
    let middle = product32(t, a0 ^ a1, b0 ^ b1);
    (middle ^ low) << 32 | low ^ times_half32(t, high)
}

/// The nim product a ⊗ b: the value of the product of two games (see the [module](self));
/// with the nim-sum `+` it makes the `u64` nimbers the field F(2^64).
///
/// ```
/// use grundy::nim_product::nim_product;
/// use grundy::nimber::Nimber;
/// assert_eq!(nim_product(Nimber(2), Nimber(2)), Nimber(3));
/// assert_eq!(nim_product(Nimber(16), Nimber(16)), Nimber(24)); // F ⊗ F = F ⊕ F/2 for F = 16
/// assert_eq!(nim_product(Nimber(5), Nimber(1)), Nimber(5));
/// let (a, b, c) = (Nimber(3), Nimber(5), Nimber(6));
/// assert_eq!(nim_product(a, b + c), nim_product(a, b) + nim_product(a, c));
/// ```
///
/// # Complexity
/// O(1): 54 lookups in a 64 KiB table of byte products, which the first product of a thread
/// builds (O(2^16)).
#[inline]
pub fn nim_product(a: Nimber, b: Nimber) -> Nimber {
    BYTE_PRODUCTS.with(|t| Nimber(product64(t, a.0, b.0)))
}

/// `x` to the power `exponent` under the nim product (`Nimber(1)` for exponent 0, also for
/// `Nimber(0)`).
///
/// ```
/// use grundy::nim_product::nim_power;
/// use grundy::nimber::Nimber;
/// assert_eq!(nim_power(Nimber(2), 2), Nimber(3));
/// assert_eq!(nim_power(Nimber(2), 3), Nimber(1)); // {0, 1, 2, 3} is the field F(4)
/// assert_eq!(nim_power(Nimber(0), 0), Nimber(1));
/// // The multiplicative group has order 2^64 − 1.
/// assert_eq!(nim_power(Nimber(12345), u64::MAX), Nimber(1));
/// ```
///
/// # Complexity
/// O(log exponent) nim products.
pub fn nim_power(x: Nimber, mut exponent: u64) -> Nimber {
    let (mut base, mut result) = (x, Nimber(1));
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = nim_product(result, base);
        }
        base = nim_product(base, base);
        exponent >>= 1;
    }
    result
}

/// The inverse of `x` under the nim product: the y with x ⊗ y = 1, which is x^(2^64 − 2)
/// since the nonzero nimbers below 2^64 form a group of order 2^64 − 1.
///
/// ```
/// use grundy::nim_product::{nim_inverse, nim_product};
/// use grundy::nimber::Nimber;
/// assert_eq!(nim_inverse(Nimber(2)), Nimber(3));
/// let x = Nimber(0xDEAD_BEEF_0123_4567);
/// assert_eq!(nim_product(x, nim_inverse(x)), Nimber(1));
/// ```
///
/// # Panics
/// If `x` is zero, which has no inverse.
///
/// # Complexity
/// 127 nim products.
pub fn nim_inverse(x: Nimber) -> Nimber {
    assert!(!x.is_zero(), "the nimber 0 has no inverse");
    nim_power(x, u64::MAX - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    /// The nim products of all pairs below `n`, literally by the definition's mex.
    fn products_by_mex(n: usize) -> Vec<Vec<u64>> {
        let mut p = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; 4 * n];
                for a2 in 0..a {
                    for b2 in 0..b {
                        seen[(p[a2][b] ^ p[a][b2] ^ p[a2][b2]) as usize] = true;
                    }
                }
                p[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        p
    }

    #[test]
    fn agrees_with_the_definition_below_64() {
        let p = products_by_mex(64);
        for a in 0..64 {
            for b in 0..64 {
                assert_eq!(
                    nim_product(Nimber(a), Nimber(b)),
                    Nimber(p[a as usize][b as usize]),
                    "{} {}",
                    a,
                    b
                );
            }
        }
    }

    #[test]
    fn agrees_with_the_split_into_halves_without_a_table() {
        let mut rng = Rng::new(3534);
        for _ in 0..3000 {
            let (a, b) = (random(&mut rng), random(&mut rng));
            let slow = product_by_halves(a.value(), b.value(), 64);
            assert_eq!(nim_product(a, b), Nimber(slow), "{:?} {:?}", a, b);
        }
    }

    #[test]
    fn known_values() {
        let p = |a: u64, b: u64| nim_product(Nimber(a), Nimber(b)).value();
        assert_eq!(p(2, 2), 3);
        assert_eq!(p(2, 3), 1);
        assert_eq!(p(4, 4), 6);
        assert_eq!(p(16, 16), 24);
        // Fermat 2-powers: F ⊗ F = 3F/2, and a smaller number times F is the ordinary product.
        for k in 0..6 {
            let f = 1u64 << (1 << k);
            assert_eq!(p(f, f), f + f / 2);
        }
        assert_eq!(p(12345, 1 << 16), 12345 << 16);
        assert_eq!(p(0xFFFF_FFFF, 1 << 32), 0xFFFF_FFFF << 32);
        // Distinct Fermat 2-powers multiply as ordinary numbers.
        assert_eq!(p(p(1 << 8, 1 << 16), 1 << 32), 1 << 56);
        // Published values of powers of two: 2^8 ⊗ 2^12, 2^12 ⊗ 2^12.
        assert_eq!(p(1 << 8, 1 << 12), 4237);
        assert_eq!(p(1 << 12, 1 << 12), 6237);
    }

    fn random(rng: &mut Rng) -> Nimber {
        match rng.below(4) {
            0 => Nimber(rng.below(300)),
            1 => Nimber(1 << rng.below(64)),
            2 => Nimber(rng.next_u64() >> rng.below(64)),
            _ => Nimber(rng.next_u64()),
        }
    }

    #[test]
    fn field_axioms_on_random_values() {
        let mut rng = Rng::new(3535);
        let p = nim_product;
        for _ in 0..3000 {
            let (a, b, c) = (random(&mut rng), random(&mut rng), random(&mut rng));
            assert_eq!(p(a, b), p(b, a));
            assert_eq!(p(p(a, b), c), p(a, p(b, c)));
            assert_eq!(p(a, b + c), p(a, b) + p(a, c));
            assert_eq!(p(a, Nimber(1)), a);
            assert_eq!(p(a, Nimber(0)), Nimber(0));
            if !a.is_zero() {
                assert_eq!(p(a, nim_inverse(a)), Nimber(1), "{:?}", a);
                assert!(!p(a, b).is_zero() || b.is_zero());
            }
        }
    }

    #[test]
    fn subfields_are_closed() {
        // Below each Fermat 2-power the nimbers form a subfield: products stay below it.
        let mut rng = Rng::new(3536);
        for k in 0..5 {
            let bound = 1u64 << (1 << k);
            for _ in 0..500 {
                let (a, b) = (rng.below(bound), rng.below(bound));
                assert!(nim_product(Nimber(a), Nimber(b)).value() < bound);
            }
        }
    }

    #[test]
    fn powers_by_repeated_products() {
        let mut rng = Rng::new(3537);
        for _ in 0..300 {
            let a = random(&mut rng);
            let e = rng.below(70);
            let literal = (0..e).fold(Nimber(1), |acc, _| nim_product(acc, a));
            assert_eq!(nim_power(a, e), literal);
        }
        // Frobenius: squaring is additive in characteristic 2.
        for _ in 0..300 {
            let (a, b) = (random(&mut rng), random(&mut rng));
            assert_eq!(nim_power(a + b, 2), nim_power(a, 2) + nim_power(b, 2));
        }
    }

    #[test]
    #[should_panic(expected = "no inverse")]
    fn zero_has_no_inverse() {
        nim_inverse(Nimber(0));
    }
}
