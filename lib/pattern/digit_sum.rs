//! Rules over the digit sum of n in a base b: G(n) = a·n + A[s_b(n) mod m], with s_b(n) the
//! sum of n's base-b digits (the popcount for b = 2), and G(n) = the XOR of n's base-b digits.
//!
//! They are the values of games played on digits: lowering one base-10 digit by one is a sum of
//! heaps of subtraction {1}, G(n) = s_10(n) mod 2; lowering a base-b digit by any amount is Nim
//! on the digits, the XOR of the digits; Mock Turtles' values are the odious numbers,
//! 2n + 1 - popcount(n) mod 2 (Berlekamp, Conway and Guy, *Winning Ways*, ch. 14). Seen on a
//! prefix, such values look periodic with a period b^k that doubles back at the next power of
//! b, so they are fitted like a recursion (s_b(bn + r) = s_b(n) + r): on the first ⌊N/b⌋ values
//! only, and must predict the rest, a full scale.

use std::fmt;

/// The largest base tried.
const MAX_BASE: u64 = 16;
/// The largest modulus tried.
const MAX_MODULUS: u64 = 9;

/// What is read off the digits.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Feature {
    /// a·n + table[s_b(n) mod m].
    SumMod {
        modulus: u64,
        slope: u64,
        table: Vec<u64>,
    },
    /// The XOR of the digits.
    Xor,
}

/// G(n) from the base-b digits of n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DigitSum {
    base: u64,
    feature: Feature,
}

/// The sum of n's base-b digits.
fn digit_sum(mut n: u64, b: u64) -> u64 {
    let mut s = 0;
    while n > 0 {
        s += n % b;
        n /= b;
    }
    s
}

/// The XOR of n's base-b digits.
fn digit_xor(mut n: u64, b: u64) -> u64 {
    let mut x = 0;
    while n > 0 {
        x ^= n % b;
        n /= b;
    }
    x
}

impl DigitSum {
    /// Every digit rule that explains the values, each with the number of values it was fitted
    /// on: ⌊N/b⌋, which must show a carry (reach n = b + 1); the smallest base first, then the
    /// smallest modulus. Rules equal to a period (b ≡ 1 mod m makes s_b(n) ≡ n) are left to the
    /// periodic family.
    pub(crate) fn fit(values: &[u64]) -> Vec<(DigitSum, usize)> {
        Self::fit_on(values, |b| values.len() / b as usize)
    }

    /// The digit rules that explain every value, fitted on all of them (each must show a
    /// carry): not evidence for themselves, but a rule of another family that they contradict
    /// past the data is not decided by it.
    pub(crate) fn rivals(values: &[u64]) -> Vec<DigitSum> {
        Self::fit_on(values, |_| values.len())
            .into_iter()
            .map(|(rule, _)| rule)
            .collect()
    }

    fn fit_on(values: &[u64], fitted: impl Fn(u64) -> usize) -> Vec<(DigitSum, usize)> {
        let mut found = Vec::new();
        for b in 2..=MAX_BASE {
            let fitted = fitted(b);
            if fitted <= b as usize + 1 {
                continue;
            }
            let prefix = &values[..fitted];
            let sums: Vec<u64> = (0..fitted as u64).map(|n| digit_sum(n, b)).collect();
            for m in 2..=MAX_MODULUS {
                if (b - 1) % m == 0 {
                    continue;
                }
                if let Some(feature) = fit_sum_mod(prefix, &sums, m) {
                    found.push((DigitSum { base: b, feature }, fitted));
                    break;
                }
            }
            if b > 2 && (0..fitted as u64).all(|n| prefix[n as usize] == digit_xor(n, b)) {
                found.push((
                    DigitSum {
                        base: b,
                        feature: Feature::Xor,
                    },
                    fitted,
                ));
            }
        }
        found
    }

    pub(crate) fn value(&self, n: u64) -> u64 {
        match &self.feature {
            Feature::SumMod {
                modulus,
                slope,
                table,
            } => slope
                .saturating_mul(n)
                .saturating_add(table[(digit_sum(n, self.base) % modulus) as usize]),
            Feature::Xor => digit_xor(n, self.base),
        }
    }

    pub(crate) fn parameters(&self) -> usize {
        match &self.feature {
            Feature::SumMod { table, .. } => table.len() + 3,
            Feature::Xor => 1,
        }
    }
}

/// a·n + table[s mod m] through every value, a and the table read off the first values of each
/// residue, if every residue occurs and the rule holds.
fn fit_sum_mod(values: &[u64], sums: &[u64], m: u64) -> Option<Feature> {
    let mut first: Vec<Option<usize>> = vec![None; m as usize];
    let mut second: Option<usize> = None;
    for (n, &s) in sums.iter().enumerate() {
        let r = (s % m) as usize;
        match first[r] {
            None => first[r] = Some(n),
            Some(_) if r == 0 && second.is_none() => second = Some(n),
            _ => {}
        }
    }
    let first: Vec<usize> = first.into_iter().collect::<Option<Vec<usize>>>()?;
    let second = second?;
    let rise = values[second].checked_sub(values[first[0]])?;
    let run = (second - first[0]) as u64;
    if rise % run != 0 {
        return None;
    }
    let slope = rise / run;
    let table: Vec<u64> = first
        .iter()
        .map(|&n| values[n].checked_sub(slope * n as u64))
        .collect::<Option<Vec<u64>>>()?;
    let holds = values
        .iter()
        .zip(sums)
        .enumerate()
        .all(|(n, (&v, &s))| v == slope * n as u64 + table[(s % m) as usize]);
    // A constant table is a plain a·n, found as a period.
    if holds && table.iter().any(|&t| t != table[0]) {
        Some(Feature::SumMod {
            modulus: m,
            slope,
            table,
        })
    } else {
        None
    }
}

impl fmt::Display for DigitSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.base;
        let sum = if b == 2 {
            "popcount(n)".to_string()
        } else {
            "s(n)".to_string()
        };
        match &self.feature {
            Feature::Xor => write!(f, "G(n) = the XOR of the base-{} digits of n", b),
            Feature::SumMod {
                modulus,
                slope,
                table,
            } => {
                write!(f, "G(n) = ")?;
                if *slope > 0 {
                    if *slope == 1 {
                        write!(f, "n + ")?;
                    } else {
                        write!(f, "{}n + ", slope)?;
                    }
                }
                let identity = table.iter().enumerate().all(|(i, &t)| t == i as u64);
                let flipped = *modulus == 2 && table == &[1, 0];
                // `mod` binds as C's `%` does: `2n + 1 - popcount(n) mod 2`.
                if identity {
                    write!(f, "{} mod {}", sum, modulus)?;
                } else if flipped {
                    write!(f, "1 - {} mod 2", sum)?;
                } else {
                    write!(f, "A[{} mod {}], A = {}", sum, modulus, super::list(table))?;
                }
                if b != 2 {
                    write!(f, ", s(n) the sum of the base-{} digits of n", b)?;
                }
                if b == 2 && *modulus == 2 && (identity || flipped) {
                    let name = match (*slope, identity) {
                        (2, true) => " (the n-th evil number)",
                        (2, false) => " (the n-th odious number)",
                        (0, true) => " (1 on the odious numbers, 0 on the evil ones)",
                        (0, false) => " (1 on the evil numbers, 0 on the odious ones)",
                        _ => "",
                    };
                    write!(f, "{}", name)?;
                }
                Ok(())
            }
        }
    }
}
