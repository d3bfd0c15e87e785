//! The Walsh–Hadamard transform: XOR convolution of distributions, the algebra under "how many
//! positions have each Nim sum".
//!
//! # The theorem
//! For a length M = 2^m, the transform H sends a vector a to
//! Ĥa(s) = Σ_x (−1)^popcount(x & s) · a(x). It turns XOR convolution into a pointwise product:
//! if c(z) = Σ_{x ⊕ y = z} a(x) · b(y), then Ĥc(s) = Ĥa(s) · Ĥb(s); and H applied twice is M
//! times the identity, so the inverse is H followed by a division by M. So the distribution
//! of the XOR of k independent choices, each distributed as a, is H⁻¹((Ĥa)^k): the k-th XOR
//! power in O(M log M + M log k).
//!
//! Source: the fast Walsh–Hadamard transform (Yates 1937; Fino and Algazi, "Unified matrix
//! treatment of the fast Walsh–Hadamard transform", IEEE Trans. Computers C-25 (1976)), as
//! contest sites teach it for XOR convolution (OI-wiki, "Fast Walsh–Hadamard transform").
//!
//! Two rings: wrapping `u64` arithmetic (exact while the true results stay below 2^64 / M,
//! because the inverse divides by M), and arithmetic modulo an odd modulus (any odd modulus
//! works: M is a power of two, so it is invertible; a prime such as 10^9 + 7 is the usual).
//!
//! ```
//! use grundy::xor_transform::power_mod;
//! // One heap of 0, 1, 2 or 3 stones, each one way: how many pairs of heaps have each Nim sum?
//! assert_eq!(power_mod(&[1, 1, 1, 1], 2, 1_000_000_007), [4, 4, 4, 4]);
//! ```

/// The Walsh–Hadamard transform in place, in wrapping `u64` arithmetic (a ring modulo 2^64).
///
/// ```
/// use grundy::xor_transform::transform;
/// let mut v = [1, 2, 3, 4];
/// transform(&mut v);
/// // Ĥv(s) = Σ (−1)^popcount(x & s) v(x): 10, −2, −4, 0 modulo 2^64.
/// assert_eq!(v, [10, 0u64.wrapping_sub(2), 0u64.wrapping_sub(4), 0]);
/// ```
///
/// # Panics
/// If the length is not a power of two (an empty slice is refused too).
///
/// # Complexity
/// O(M log M) for the length M.
pub fn transform(values: &mut [u64]) {
    butterflies(values, |a, b| (a.wrapping_add(b), a.wrapping_sub(b)));
}

/// The inverse of [`transform`]: the transform again, then a division by the length M. Exact
/// when the true (unbounded) results are below 2^64 / M, for then M times them did not wrap.
///
/// ```
/// use grundy::xor_transform::{inverse, transform};
/// let mut v = [5, 0, 7, 1];
/// transform(&mut v);
/// inverse(&mut v);
/// assert_eq!(v, [5, 0, 7, 1]);
/// ```
///
/// # Panics
/// If the length is not a power of two.
///
/// # Complexity
/// O(M log M).
pub fn inverse(values: &mut [u64]) {
    transform(values);
    let shift = values.len().trailing_zeros();
    for v in values.iter_mut() {
        *v >>= shift;
    }
}

/// The Walsh–Hadamard transform in place modulo an odd `modulus`; values must be reduced
/// (below the modulus).
///
/// ```
/// use grundy::xor_transform::transform_mod;
/// let mut v = [1, 2, 3, 4];
/// transform_mod(&mut v, 7);
/// assert_eq!(v, [3, 5, 3, 0]); // 10, −2, −4, 0 modulo 7
/// ```
///
/// # Panics
/// If the length is not a power of two, or the modulus is even.
///
/// # Complexity
/// O(M log M).
pub fn transform_mod(values: &mut [u64], modulus: u64) {
    assert!(
        modulus % 2 == 1,
        "transform_mod: the modulus must be odd (the inverse divides by a power of two)"
    );
    butterflies(values, |a, b| {
        (add_mod(a, b, modulus), add_mod(a, modulus - b, modulus))
    });
}

/// The inverse of [`transform_mod`]: the transform again, then a multiplication by the inverse
/// of the length modulo `modulus` (the inverse of 2 is (modulus + 1) / 2).
///
/// ```
/// use grundy::xor_transform::{inverse_mod, transform_mod};
/// let mut v = [5, 0, 7, 1];
/// transform_mod(&mut v, 11);
/// inverse_mod(&mut v, 11);
/// assert_eq!(v, [5, 0, 7, 1]);
/// ```
///
/// # Panics
/// If the length is not a power of two, or the modulus is even.
///
/// # Complexity
/// O(M log M).
pub fn inverse_mod(values: &mut [u64], modulus: u64) {
    transform_mod(values, modulus);
    let half = modulus / 2 + 1; // (modulus + 1) / 2 without overflow
    let scale = pow_mod(half, u64::from(values.len().trailing_zeros()), modulus);
    for v in values.iter_mut() {
        *v = mul_mod(*v, scale, modulus);
    }
}

/// The XOR convolution c(z) = Σ_{x ⊕ y = z} a(x) · b(y) in wrapping arithmetic, of length the
/// smallest power of two at least both lengths (missing entries are zeros). Exact when the
/// true results are below 2^64 / M.
///
/// ```
/// use grundy::xor_transform::convolution;
/// // Heap a: 1 or 2 (one way each); heap b: 0 or 3 (two ways, one way).
/// assert_eq!(convolution(&[0, 1, 1], &[2, 0, 0, 1]), [0, 3, 3, 0]);
/// ```
///
/// # Panics
/// If a length is above 2^63 (no power of two holds it).
///
/// # Complexity
/// O(M log M).
pub fn convolution(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (mut x, mut y) = padded(a, b);
    transform(&mut x);
    transform(&mut y);
    for (u, v) in x.iter_mut().zip(&y) {
        *u = u.wrapping_mul(*v);
    }
    inverse(&mut x);
    x
}

/// The XOR convolution modulo an odd `modulus` (entries of `a` and `b` may be any `u64`: they
/// are reduced first), of length the smallest power of two at least both lengths.
///
/// ```
/// use grundy::xor_transform::convolution_mod;
/// assert_eq!(convolution_mod(&[0, 1, 1], &[2, 0, 0, 1], 5), [0, 3, 3, 0]);
/// assert_eq!(convolution_mod(&[4], &[4], 5), [1]); // 16 mod 5
/// ```
///
/// # Panics
/// If the modulus is even.
///
/// # Complexity
/// O(M log M).
pub fn convolution_mod(a: &[u64], b: &[u64], modulus: u64) -> Vec<u64> {
    let (mut x, mut y) = padded(a, b);
    reduce(&mut x, modulus);
    reduce(&mut y, modulus);
    transform_mod(&mut x, modulus);
    transform_mod(&mut y, modulus);
    for (u, v) in x.iter_mut().zip(&y) {
        *u = mul_mod(*u, *v, modulus);
    }
    inverse_mod(&mut x, modulus);
    x
}

/// The k-th XOR power of a distribution modulo an odd `modulus`: entry z is the number of
/// k-tuples (x_1, …, x_k) with x_1 ⊕ … ⊕ x_k = z, each x_i weighted by `distribution[x_i]`.
/// The length is the smallest power of two at least the distribution's; k = 0 gives the empty
/// tuple's distribution (1 at 0).
///
/// ```
/// use grundy::xor_transform::power_mod;
/// // Three heaps of 1 or 2 stones: an odd number of 1s gives Nim sum 1, else 2 (4 ways each).
/// assert_eq!(power_mod(&[0, 1, 1], 3, 1_000_000_007), [0, 4, 4, 0]);
/// assert_eq!(power_mod(&[0, 1, 1], 0, 97), [1, 0, 0, 0]);
/// ```
///
/// # Panics
/// If the modulus is even.
///
/// # Complexity
/// O(M log M + M log k).
pub fn power_mod(distribution: &[u64], k: u64, modulus: u64) -> Vec<u64> {
    let (mut x, _) = padded(distribution, &[]);
    reduce(&mut x, modulus);
    transform_mod(&mut x, modulus);
    for v in x.iter_mut() {
        *v = pow_mod(*v, k, modulus);
    }
    inverse_mod(&mut x, modulus);
    x
}

/// Both vectors zero-padded to the smallest power of two at least both lengths (at least 1).
fn padded(a: &[u64], b: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let len = a.len().max(b.len()).max(1);
    let len = len
        .checked_next_power_of_two()
        .expect("xor_transform: the length has no power of two above it");
    let mut x = a.to_vec();
    let mut y = b.to_vec();
    x.resize(len, 0);
    y.resize(len, 0);
    (x, y)
}

/// Every entry reduced below the modulus.
fn reduce(values: &mut [u64], modulus: u64) {
    for v in values.iter_mut() {
        *v %= modulus;
    }
}

/// The in-place butterflies of the transform: for each bit h, pairs (x, x + h) with bit h of x
/// clear become `step(a, b)`.
fn butterflies(values: &mut [u64], step: impl Fn(u64, u64) -> (u64, u64)) {
    let len = values.len();
    assert!(
        len.is_power_of_two(),
        "xor_transform: the length {} is not a power of two",
        len
    );
    // One pass per bit of an index: len = 2^bits.
    for bit in 0..len.trailing_zeros() {
        let half = 1 << bit;
        for block in values.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high.iter_mut()) {
                let (u, v) = step(*a, *b);
                *a = u;
                *b = v;
            }
        }
    }
}

/// (a + b) mod m for a, b < m, without overflow.
fn add_mod(a: u64, b: u64, m: u64) -> u64 {
    if a >= m - b {
        a - (m - b)
    } else {
        a + b
    }
}

/// (a · b) mod m.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

/// base^exp mod m by squaring (1 mod m for exp = 0).
fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            result = mul_mod(result, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    /// XOR convolution by the definition, in u128 (no overflow for small inputs).
    fn literal_convolution(a: &[u64], b: &[u64], len: usize) -> Vec<u128> {
        let mut c = vec![0u128; len];
        for (x, &u) in a.iter().enumerate() {
            for (y, &v) in b.iter().enumerate() {
                c[x ^ y] += u128::from(u) * u128::from(v);
            }
        }
        c
    }

    /// Every k-tuple of values enumerated one by one, their XORs counted.
    fn literal_power(dist: &[u64], k: u32, len: usize, modulus: u64) -> Vec<u64> {
        let mut counts = vec![0u64; len];
        let total = dist.len().pow(k);
        for code in 0..total {
            let (mut rest, mut xor, mut weight) = (code, 0usize, 1u64);
            for _ in 0..k {
                let x = rest % dist.len();
                rest /= dist.len();
                xor ^= x;
                weight = mul_mod(weight, dist[x] % modulus, modulus);
            }
            counts[xor] = add_mod(counts[xor], weight, modulus);
        }
        counts
    }

    fn random_vec(rng: &mut Rng, len: usize, below: u64) -> Vec<u64> {
        (0..len).map(|_| rng.below(below)).collect()
    }

    #[test]
    fn transforms_match_the_definition() {
        let mut rng = Rng::new(4401);
        for _ in 0..200 {
            let len = 1 << rng.range(0, 5);
            let v = random_vec(&mut rng, len, 1000);
            let mut fast = v.clone();
            transform(&mut fast);
            let mut fast_mod = v.iter().map(|&x| x % 1_000_000_007).collect::<Vec<_>>();
            transform_mod(&mut fast_mod, 1_000_000_007);
            for s in 0..len {
                let mut sum = 0i128;
                for (x, &value) in v.iter().enumerate() {
                    let sign = if (x & s).count_ones() % 2 == 1 { -1 } else { 1 };
                    sum += sign * i128::from(value);
                }
                assert_eq!(fast[s], sum as u64, "{:?} at {}", v, s);
                assert_eq!(
                    fast_mod[s],
                    sum.rem_euclid(1_000_000_007) as u64,
                    "{:?} at {}",
                    v,
                    s
                );
            }
        }
    }

    #[test]
    fn convolutions_match_the_definition() {
        let mut rng = Rng::new(4402);
        for _ in 0..300 {
            let (la, lb) = (rng.range(0, 20) as usize, rng.range(0, 20) as usize);
            let a = random_vec(&mut rng, la, 1 << 20);
            let b = random_vec(&mut rng, lb, 1 << 20);
            let len = a.len().max(b.len()).max(1).next_power_of_two();
            let want = literal_convolution(&a, &b, len);
            assert_eq!(
                convolution(&a, &b),
                want.iter().map(|&c| c as u64).collect::<Vec<_>>()
            );
            for &m in &[1_000_000_007u64, 998_244_353, 3, 1, 65_535, u64::MAX] {
                let got = convolution_mod(&a, &b, m);
                let want: Vec<u64> = want.iter().map(|&c| (c % u128::from(m)) as u64).collect();
                assert_eq!(got, want, "{:?} {:?} mod {}", a, b, m);
            }
        }
    }

    #[test]
    fn convolution_reduces_huge_entries() {
        // Entries above the modulus are reduced before the transform.
        let big = u64::MAX - 1;
        let m = 1_000_000_007u64;
        let r = u128::from(big % m);
        let want = (r * r % u128::from(m)) as u64;
        assert_eq!(convolution_mod(&[big], &[big], m), [want]);
        assert_eq!(power_mod(&[0, big], 2, m), [want, 0]);
    }

    #[test]
    fn powers_match_enumerated_tuples() {
        let mut rng = Rng::new(4403);
        for _ in 0..300 {
            let len = rng.range(1, 6) as usize;
            let dist = random_vec(&mut rng, len, 5);
            let k = rng.range(0, 5) as u32;
            let padded_len = len.next_power_of_two();
            for &m in &[1_000_000_007u64, 7, 9] {
                assert_eq!(
                    power_mod(&dist, u64::from(k), m),
                    literal_power(&dist, k, padded_len, m),
                    "{:?}^{} mod {}",
                    dist,
                    k,
                    m
                );
            }
        }
    }

    #[test]
    fn a_huge_power_by_its_period() {
        // One value 1 with weight 1: k copies XOR to k mod 2, one way.
        assert_eq!(power_mod(&[0, 1], 1 << 60, 1_000_000_007), [1, 0]);
        assert_eq!(power_mod(&[0, 1], (1 << 60) + 1, 1_000_000_007), [0, 1]);
        // Weights 1 and 1: 2^k tuples split evenly, 2^(k-1) each.
        let half = pow_mod(2, 99, 1_000_000_007);
        assert_eq!(power_mod(&[1, 1], 100, 1_000_000_007), [half, half]);
    }

    #[test]
    fn inverses_undo_transforms() {
        let mut rng = Rng::new(4404);
        for _ in 0..100 {
            let len = 1 << rng.range(0, 6);
            let v = random_vec(&mut rng, len, 1 << 40);
            let mut w = v.clone();
            transform(&mut w);
            inverse(&mut w);
            assert_eq!(w, v);
            let m = 2 * rng.range(1, 1 << 40) + 1;
            let reduced: Vec<u64> = v.iter().map(|&x| x % m).collect();
            let mut w = reduced.clone();
            transform_mod(&mut w, m);
            inverse_mod(&mut w, m);
            assert_eq!(w, reduced, "mod {}", m);
        }
    }

    #[test]
    #[should_panic(expected = "not a power of two")]
    fn a_length_of_three_is_refused() {
        transform(&mut [1, 2, 3]);
    }

    #[test]
    #[should_panic(expected = "must be odd")]
    fn an_even_modulus_is_refused() {
        transform_mod(&mut [1, 2], 10);
    }
}
