//! Primality and prime factor counts for 64-bit integers (Miller–Rabin, Pollard's rho).

/// `a * b mod m` without overflow.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((a as u128 * b as u128) % m as u128) as u64
}

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

/// Whether `n` is prime; deterministic for every `u64`.
///
/// ```
/// use grundy::primes::is_prime;
/// assert!(is_prime(2) && is_prime(1_000_000_007) && is_prime(18_446_744_073_709_551_557));
/// assert!(!is_prime(1) && !is_prime(561) && !is_prime(1_000_000_007 * 998_244_353));
/// ```
///
/// # Complexity
/// O(log n) modular multiplications for each of 12 Miller–Rabin bases (the first 12 primes,
/// which decide every n < 3.3 · 10^24).
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    BASES.iter().all(|&a| {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                return true;
            }
        }
        false
    })
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let rest = a % b;
        a = b;
        b = rest;
    }
    a
}

/// A non-trivial divisor of the odd composite `n`: Pollard's rho with Brent's cycle finding,
/// taking one gcd per batch of 128 steps (the product of the differences) instead of one per step.
pub(crate) fn rho_divisor(n: u64) -> u64 {
    const BATCH: u64 = 128;
    for c in 1..n {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut y, mut r, mut product, mut g) = (2u64, 1u64, 1u64, 1u64);
        let (mut x, mut saved) = (y, y);
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                saved = y;
                for _ in 0..BATCH.min(r - k) {
                    y = f(y);
                    product = mul_mod(product, if x > y { x - y } else { y - x }, n);
                }
                g = gcd(product, n);
                k += BATCH;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot: replay it one step at a time from its start.
            loop {
                saved = f(saved);
                g = gcd(if x > saved { x - saved } else { saved - x }, n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
    unreachable!("some constant c finds a divisor of a composite")
}

/// Ω(n): the number of prime factors of `n` counted with multiplicity (Ω(1) = 0).
///
/// ```
/// use grundy::primes::prime_factor_count;
/// assert_eq!(prime_factor_count(12), 3); // 2 · 2 · 3
/// assert_eq!(prime_factor_count(1), 0);
/// assert_eq!(prime_factor_count(999_999_999_999_999_989), 1); // a prime
/// assert_eq!(prime_factor_count(1 << 63), 63);
/// ```
///
/// # Panics
/// If `n` is 0.
///
/// # Complexity
/// Trial division by primes below 64, then expected O(n^(1/4) · log n) for what remains
/// (Pollard's rho): well under a millisecond for any `u64`.
pub fn prime_factor_count(n: u64) -> u32 {
    assert!(n > 0, "prime_factor_count(0) is undefined");
    let mut n = n;
    let mut count = n.trailing_zeros();
    n >>= count;
    for p in (3..64).step_by(2) {
        while n % p == 0 {
            n /= p;
            count += 1;
        }
    }
    let mut stack = vec![n];
    while let Some(m) = stack.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            count += 1;
        } else {
            let d = rho_divisor(m);
            stack.push(d);
            stack.push(m / d);
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    fn omega_by_trial_division(mut n: u64) -> u32 {
        let mut count = 0;
        let mut p = 2;
        while p * p <= n {
            while n % p == 0 {
                n /= p;
                count += 1;
            }
            p += 1;
        }
        count + u32::from(n > 1)
    }

    #[test]
    fn omega_matches_trial_division() {
        for n in 1..20_000 {
            assert_eq!(prime_factor_count(n), omega_by_trial_division(n), "{n}");
        }
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let n = rng.range(1, 1 << 40);
            assert_eq!(prime_factor_count(n), omega_by_trial_division(n), "{n}");
        }
    }

    #[test]
    fn primality_matches_trial_division() {
        for n in 0..50_000u64 {
            assert_eq!(
                is_prime(n),
                n >= 2 && omega_by_trial_division(n) == 1,
                "{n}"
            );
        }
    }

    #[test]
    fn strong_pseudoprimes_of_the_first_bases_are_composite() {
        // 25,326,001 = 2251 · 11251 passes bases 2, 3 and 5; 3,215,031,751 = 151 · 751 · 28351
        // passes 2, 3, 5 and 7: the first n the four bases alone do not decide.
        assert!(!is_prime(25_326_001));
        assert!(!is_prime(3_215_031_751));
        assert_eq!(prime_factor_count(3_215_031_751), 3);
        // Around it, and below it where four bases would decide.
        let mut rng = Rng::new(7);
        for _ in 0..300 {
            let n = rng.range(3_215_031_000, 3_215_032_000);
            assert_eq!(is_prime(n), omega_by_trial_division(n) == 1, "{n}");
            let n = rng.range(1 << 20, 3_215_031_751);
            assert_eq!(is_prime(n), omega_by_trial_division(n) == 1, "{n}");
        }
    }

    #[test]
    fn random_products_of_random_primes() {
        let mut rng = Rng::new(6);
        let mut prime_near = |lo: u64, hi: u64| loop {
            let p = rng.range(lo, hi);
            if is_prime(p) {
                break p;
            }
        };
        for _ in 0..40 {
            let (p, q) = (prime_near(1 << 20, 1 << 31), prime_near(1 << 20, 1 << 31));
            let r = prime_near(2, 1 << 2);
            assert_eq!(prime_factor_count(p * q), 2, "{p} * {q}");
            assert_eq!(prime_factor_count(p * q * r), 3, "{p} * {q} * {r}");
        }
    }

    #[test]
    fn products_of_large_primes() {
        let (p, q) = (4_294_967_291u64, 4_294_967_279u64);
        assert!(is_prime(p) && is_prime(q));
        assert_eq!(prime_factor_count(p * q), 2);
        assert_eq!(prime_factor_count(u64::MAX), 7); // 3 · 5 · 17 · 257 · 641 · 65537 · 6700417
    }
}
