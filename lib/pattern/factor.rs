//! Rules over the prime factorisation of n: Ω(n), ω(n), the XOR of the exponents, the number
//! of divisors, each as it is, modulo 2, or as "zero or not".

use crate::primes::{is_prime, rho_divisor};
use std::fmt;

/// A number computed from the exponents of n's prime factorisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Feature {
    /// Ω(n): the sum of the exponents.
    BigOmega,
    /// ω(n): the number of distinct primes.
    SmallOmega,
    /// The XOR of the exponents.
    ExponentXor,
    /// d(n): the product of (exponent + 1).
    Divisors,
}

const FEATURES: [Feature; 4] = [
    Feature::BigOmega,
    Feature::SmallOmega,
    Feature::ExponentXor,
    Feature::Divisors,
];

impl Feature {
    fn of(self, exponents: &[u32]) -> u64 {
        match self {
            Feature::BigOmega => exponents.iter().map(|&e| u64::from(e)).sum(),
            Feature::SmallOmega => exponents.len() as u64,
            Feature::ExponentXor => exponents.iter().fold(0, |x, &e| x ^ u64::from(e)),
            Feature::Divisors => exponents.iter().map(|&e| u64::from(e) + 1).product(),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Feature::BigOmega => "Ω(n)",
            Feature::SmallOmega => "ω(n)",
            Feature::ExponentXor => "e1 xor e2 xor … (n = p1^e1·p2^e2·…)",
            Feature::Divisors => "d(n)",
        }
    }
}

/// What is done to the feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Map {
    Identity,
    Parity,
    NonZero,
}

const MAPS: [Map; 3] = [Map::Identity, Map::Parity, Map::NonZero];

impl Map {
    fn apply(self, x: u64) -> u64 {
        match self {
            Map::Identity => x,
            Map::Parity => x % 2,
            Map::NonZero => u64::from(x != 0),
        }
    }
}

/// The exponents of n's prime factorisation (n >= 1), in no particular order.
fn exponents(n: u64) -> Vec<u32> {
    let mut primes = Vec::new();
    let mut n = n;
    for p in 2..64u64 {
        while n % p == 0 {
            n /= p;
            primes.push(p);
        }
    }
    let mut stack = vec![n];
    while let Some(m) = stack.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            primes.push(m);
        } else {
            let d = rho_divisor(m);
            stack.push(d);
            stack.push(m / d);
        }
    }
    primes.sort_unstable();
    let mut result: Vec<u32> = Vec::new();
    for (i, &p) in primes.iter().enumerate() {
        if i > 0 && primes[i - 1] == p {
            *result.last_mut().expect("a previous prime") += 1;
        } else {
            result.push(1);
        }
    }
    result
}

/// The smallest prime factor of every n < len (0 for 0 and 1).
pub(super) fn smallest_prime_factors(len: usize) -> Vec<usize> {
    let mut smallest = vec![0usize; len];
    for i in 2..len {
        if smallest[i] == 0 {
            let mut j = i;
            while j < len {
                if smallest[j] == 0 {
                    smallest[j] = i;
                }
                j += i;
            }
        }
    }
    smallest
}

/// Exponents of every n < len by a smallest-prime-factor sieve (index 0 empty).
fn sieve_exponents(len: usize) -> Vec<Vec<u32>> {
    let smallest = smallest_prime_factors(len);
    (0..len)
        .map(|n| {
            let mut result: Vec<u32> = Vec::new();
            let (mut m, mut last) = (n, 0);
            while m > 1 {
                let p = smallest[m];
                if p == last {
                    *result.last_mut().expect("a previous prime") += 1;
                } else {
                    result.push(1);
                }
                last = p;
                m /= p;
            }
            result
        })
        .collect()
}

/// G(0) = zero; G(n) = map(feature(n)) for n >= 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Factorisation {
    feature: Feature,
    map: Map,
    zero: u64,
}

impl Factorisation {
    /// The factorisation rules that explain every value (at least 16 of them).
    pub(crate) fn fit(values: &[u64]) -> Vec<Factorisation> {
        if values.len() < 16 {
            return Vec::new();
        }
        let table = sieve_exponents(values.len());
        let mut found = Vec::new();
        for &feature in FEATURES.iter() {
            let features: Vec<u64> = table.iter().map(|e| feature.of(e)).collect();
            for &map in MAPS.iter() {
                if (1..values.len()).all(|n| map.apply(features[n]) == values[n]) {
                    found.push(Factorisation {
                        feature,
                        map,
                        zero: values[0],
                    });
                }
            }
        }
        found
    }

    pub(crate) fn value(&self, n: u64) -> u64 {
        if n == 0 {
            return self.zero;
        }
        self.map.apply(self.feature.of(&exponents(n)))
    }

    pub(crate) fn parameters(&self) -> usize {
        3
    }
}

impl fmt::Display for Factorisation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.feature.name();
        match self.map {
            Map::Identity => write!(f, "G(n) = {}", name)?,
            Map::Parity => write!(f, "G(n) = {} mod 2", name)?,
            Map::NonZero => write!(f, "G(n) = 1 if {} > 0, else 0", name)?,
        }
        write!(f, " for n >= 1; G(0) = {}", self.zero)
    }
}
