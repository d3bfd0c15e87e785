//! The integer arithmetic table rules evaluate: the nim product, the lower Beatty sequences of
//! Wythoff-like pairs, and an exact integer square root.

/// Nim multiplication in the field of 2^bits elements (bits a power of two).
fn nim_mul_in(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let low = nim_mul_in(a0, b0, half);
    let high = nim_mul_in(a1, b1, half);
    let middle = nim_mul_in(a0 ^ a1, b0 ^ b1, half);
    // With X = 2^half: X·X = X + X/2.
    ((middle ^ low) << half) | (low ^ nim_mul_in(high, 1 << (half - 1), half))
}

/// The nim product a ⊗ b.
pub(crate) fn nim_product(a: u64, b: u64) -> u64 {
    let mut bits = 1;
    while bits < 64 && (a >> bits != 0 || b >> bits != 0) {
        bits *= 2;
    }
    nim_mul_in(a, b, bits)
}

/// a_k = ⌊kα⌋ for the pairs (a_k, a_k + dk), α = (2 - d + √(d² + 4))/2, or `None` past u128.
pub(super) fn beatty_lower(k: u64, d: u64) -> Option<u64> {
    let k = u128::from(k);
    let d = u128::from(d);
    let square = k.checked_mul(k)?.checked_mul(d * d + 4)?;
    let root = isqrt(square);
    // ⌊(k(2 - d) + k√(d² + 4))/2⌋, with ⌊k√(d² + 4)⌋ = root (d² + 4 is no square for d >= 1).
    let total = (2 * k + root).checked_sub(d * k)?;
    let half = total / 2;
    if half > u128::from(u64::MAX) {
        None
    } else {
        Some(half as u64)
    }
}

fn isqrt(n: u128) -> u128 {
    if n == 0 {
        return 0;
    }
    let mut x = (n as f64).sqrt() as u128;
    while x > 0 && x.checked_mul(x).map_or(true, |s| s > n) {
        x -= 1;
    }
    while (x + 1).checked_mul(x + 1).map_or(false, |s| s <= n) {
        x += 1;
    }
    x
}
