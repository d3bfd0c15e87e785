//! Eventually periodic and arithmetic-periodic sequences: G(n + p) = G(n) + s for n >= e.

use super::factor::smallest_prime_factors;
use super::list;
use std::fmt;

/// For every period p in 1..N (index 0 unused): the preperiod e_p, the smallest e such that
/// G(i + p) - G(i) (wrapping) is the same for every i in [e, N - p).
///
/// G(i + p) - G(i) is constant from e on exactly when the differences D(i) = G(i + 1) - G(i)
/// repeat with period p there, so e_p = N - 1 - p - Z(p), with Z the Z-function (longest
/// common prefix with a shift) of the differences read backwards: O(N) in all, where walking
/// back from the end for each p was O(N) per multiple of a true period.
pub(crate) fn preperiods(values: &[u64]) -> Vec<usize> {
    let n = values.len();
    if n < 2 {
        return vec![0; n];
    }
    let backwards: Vec<u64> = (1..n)
        .rev()
        .map(|i| values[i].wrapping_sub(values[i - 1]))
        .collect();
    let m = backwards.len();
    let mut preperiod = vec![0; n];
    // z(i) for the window [low, high) known to match the start.
    let mut z = vec![0usize; m];
    let (mut low, mut high) = (0, 0);
    for i in 1..m {
        let known = if i < high {
            (high - i).min(z[i - low])
        } else {
            0
        };
        let mut k = known;
        while i + k < m && backwards[k] == backwards[i + k] {
            k += 1;
        }
        count_work(k - known + 1);
        z[i] = k;
        if i + k > high {
            low = i;
            high = i + k;
        }
        preperiod[i] = m - i - k;
    }
    preperiod
}

#[cfg(test)]
thread_local! {
    /// The comparisons [`preperiods`] and [`Periodic::fit`] made, for the tests' bounds.
    static WORK: std::cell::Cell<usize> = std::cell::Cell::new(0);
}

#[cfg(test)]
fn count_work(steps: usize) {
    WORK.with(|w| w.set(w.get() + steps));
}

#[cfg(not(test))]
fn count_work(_: usize) {}

/// G(n) = base[n] for n < e + p; G(n) = base[e + (n - e) mod p] + s·⌊(n - e)/p⌋ beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Periodic {
    base: Vec<u64>,
    preperiod: usize,
    period: usize,
    saltus: u64,
}

impl Periodic {
    /// Every (arithmetic) period the values show, shortest first: each holds over at least 2
    /// periods and 8 values after its preperiod. A period is believed by its repetitions, so
    /// the preperiod may be as long as it likes (octal games' run to thousands); a constant
    /// alone must have held four times as long as the irregular start before it, because a
    /// sparse set looks constant between two of its members.
    ///
    /// O(N log log N): the preperiods of every period come from one Z-function pass, and a
    /// period is compared with its maximal proper divisors only.
    pub(crate) fn fit(values: &[u64]) -> Vec<Periodic> {
        let n = values.len();
        let preperiod = preperiods(values);
        let saltus = |p: usize| values[n - 1].checked_sub(values[n - 1 - p]);
        let smallest = smallest_prime_factors(n / 2 + 1);
        let mut found = Vec::new();
        for p in 1..=n / 2 {
            let s = match saltus(p) {
                Some(s) => s,
                None => continue,
            };
            let e = preperiod[p];
            let span = n - e;
            // A constant after irregular values is how a sparse set looks between two of its
            // members (Grundy's game's P-positions: 50, 53, then 270): it must have held four
            // times as long as the irregular start.
            let start_limit = if p == 1 && s == 0 { span / 4 } else { n };
            if span < 2 * p || span < 8 || e > start_limit {
                continue;
            }
            // A multiple of a shorter period had its chance (and its stricter limits) there.
            // If a divisor d of p holds from e on with saltus s/(p/d), so does every multiple
            // of d, among them p/q for a prime q dividing p/d: those are the ones to check.
            let mut rest = p;
            let mut repeats_shorter = false;
            while rest > 1 && !repeats_shorter {
                let q = smallest[rest];
                while rest % q == 0 {
                    rest /= q;
                }
                count_work(1);
                let d = p / q;
                repeats_shorter =
                    s % q as u64 == 0 && saltus(d) == Some(s / q as u64) && preperiod[d] <= e;
            }
            if !repeats_shorter {
                found.push(Periodic {
                    base: values[..e + p].to_vec(),
                    preperiod: e,
                    period: p,
                    saltus: s,
                });
            }
        }
        found
    }

    pub(crate) fn value(&self, n: u64) -> u64 {
        if n < self.base.len() as u64 {
            return self.base[n as usize];
        }
        let t = n - self.preperiod as u64;
        let p = self.period as u64;
        let turns = t / p;
        self.base[self.preperiod + (t % p) as usize]
            .saturating_add(turns.saturating_mul(self.saltus))
    }

    pub(crate) fn parameters(&self) -> usize {
        self.base.len() + 1
    }

    pub(crate) fn preperiod(&self) -> usize {
        self.preperiod
    }

    pub(crate) fn period(&self) -> usize {
        self.period
    }
}

impl fmt::Display for Periodic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (e, p, s) = (self.preperiod, self.period, self.saltus);
        let cycle = &self.base[e..];
        let from = |f: &mut fmt::Formatter<'_>| {
            if e == 1 {
                write!(f, " for n >= 1; G(0) = {}", self.base[0])
            } else if e > 0 {
                write!(
                    f,
                    " for n >= {}; G(0..{}) = {}",
                    e,
                    e - 1,
                    list(&self.base[..e])
                )
            } else {
                Ok(())
            }
        };
        // The shapes a contestant recognises at once, then the general table.
        if p == 1 && s == 0 {
            write!(f, "G(n) = {}", cycle[0])?;
            return from(f);
        }
        if e == 0 && cycle.iter().enumerate().all(|(i, &v)| v == i as u64) {
            if s == 0 {
                return write!(f, "G(n) = n mod {}", p);
            }
            if s == p as u64 {
                return write!(f, "G(n) = n");
            }
        }
        if e == 0 && s > 0 && cycle.iter().all(|&v| v == 0) {
            return if s == 1 {
                write!(f, "G(n) = ⌊n/{}⌋", p)
            } else {
                write!(f, "G(n) = {}·⌊n/{}⌋", s, p)
            };
        }
        let index = if e == 0 {
            format!("n mod {}", p)
        } else {
            format!("(n - {}) mod {}", e, p)
        };
        write!(f, "G(n) = A[{}]", index)?;
        if s > 0 {
            if e == 0 {
                write!(f, " + {}·⌊n/{}⌋", s, p)?;
            } else {
                write!(f, " + {}·⌊(n - {})/{}⌋", s, e, p)?;
            }
        }
        write!(f, ", A = {}", list(cycle))?;
        from(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The periods by their definition: walk back from the end for each p, and try every
    /// proper divisor of it.
    fn literal_fit(values: &[u64]) -> Vec<(usize, usize, u64)> {
        let n = values.len();
        let mut found = Vec::new();
        for p in 1..=n / 2 {
            let s = match values[n - 1].checked_sub(values[n - 1 - p]) {
                Some(s) => s,
                None => continue,
            };
            let holds = |d: usize, s: u64, i: usize| values[i + d] == values[i].wrapping_add(s);
            let mut e = n - p;
            while e > 0 && holds(p, s, e - 1) {
                e -= 1;
            }
            let span = n - e;
            let start_limit = if p == 1 && s == 0 { span / 4 } else { n };
            let shorter = (1..p).filter(|d| p % d == 0).any(|d| {
                let steps = (p / d) as u64;
                s % steps == 0 && (e..n - d).all(|i| holds(d, s / steps, i))
            });
            if span >= 2 * p && span >= 8 && e <= start_limit && !shorter {
                found.push((p, e, s));
            }
        }
        found
    }

    fn work<T>(job: impl FnOnce() -> T) -> (T, usize) {
        WORK.with(|w| w.set(0));
        let result = job();
        (result, WORK.with(|w| w.get()))
    }

    /// Periodic stretches with noisy starts, saltus, values by u64::MAX, small alphabets.
    fn sample(rng: &mut testkit::Rng) -> Vec<u64> {
        let len = rng.range(0, 200) as usize;
        let period = rng.range(1, 13) as usize;
        let saltus = [0, 0, 1, 2, 6][rng.below(5) as usize];
        let top = if rng.range(0, 4) == 0 {
            u64::MAX - 20
        } else {
            0
        };
        let alphabet = rng.range(1, 4);
        let cycle: Vec<u64> = (0..period).map(|_| top + rng.below(alphabet)).collect();
        let mut values: Vec<u64> = (0..len)
            .map(|i| cycle[i % period].wrapping_add(saltus * (i / period) as u64))
            .collect();
        for _ in 0..rng.range(0, 4) {
            if len > 0 {
                let at = rng.below(len as u64) as usize;
                values[at] = top.wrapping_add(rng.below(alphabet + 1));
            }
        }
        values
    }

    #[test]
    fn fit_finds_exactly_the_periods_of_the_definition() {
        let mut rng = testkit::Rng::new(2026);
        for _ in 0..3000 {
            let values = sample(&mut rng);
            let fast: Vec<(usize, usize, u64)> = Periodic::fit(&values)
                .iter()
                .map(|r| (r.period, r.preperiod, r.saltus))
                .collect();
            assert_eq!(fast, literal_fit(&values), "{:?}", values);
        }
    }

    #[test]
    fn fit_is_linear_on_long_data() {
        // Quadratic before: every p compared with every d < p, and every multiple of a true
        // period walked back over all the data.
        let n = 20_000;
        let mut rng = testkit::Rng::new(5);
        let noise: Vec<u64> = (0..n).map(|_| rng.below(8)).collect();
        let mod4: Vec<u64> = (0..n as u64).map(|i| i % 4).collect();
        let constant = vec![3u64; n];
        let thirds: Vec<u64> = (0..n as u64).map(|i| i / 3).collect();
        for values in [noise, mod4, constant, thirds].iter() {
            let (found, steps) = work(|| Periodic::fit(values));
            assert!(found.len() <= 1, "{}", found.len());
            assert!(steps <= 3 * n, "{} steps for {} values", steps, n);
        }
    }
}
