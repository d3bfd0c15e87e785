//! Eventually periodic and arithmetic-periodic sequences: G(n + p) = G(n) + s for n >= e.

use super::list;
use std::fmt;

/// G(n) = base[n] for n < e + p; G(n) = base[e + (n - e) mod p] + s·⌊(n - e)/p⌋ beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Periodic {
    base: Vec<u64>,
    preperiod: usize,
    period: usize,
    saltus: u64,
}

impl Periodic {
    /// Every (arithmetic) period the values show, shortest first: each holds over at least 3
    /// periods and 12 values after its preperiod, and the preperiod is at most half the data
    /// (a long irregular start followed by a short regular stretch is no evidence), at most a
    /// fifth for a constant.
    pub(crate) fn fit(values: &[u64]) -> Vec<Periodic> {
        let n = values.len();
        let mut found = Vec::new();
        for p in 1..=n / 3 {
            let saltus = match values[n - 1].checked_sub(values[n - 1 - p]) {
                Some(s) => s,
                None => continue,
            };
            let mut e = n - p;
            while e > 0 && values[e - 1 + p] == values[e - 1].wrapping_add(saltus) {
                e -= 1;
            }
            let span = n - e;
            // A constant after irregular values is how a sparse set looks between two of its
            // members (Grundy's game's P-positions: 50, 53, then 270): it must have held four
            // times as long as the irregular start.
            let start_limit = if p == 1 && saltus == 0 {
                span / 4
            } else {
                span
            };
            // A multiple of a shorter period had its chance (and its stricter limits) there.
            let repeats_shorter = (1..p).filter(|d| p % d == 0).any(|d| {
                let steps = (p / d) as u64;
                saltus % steps == 0
                    && (e..n - d).all(|i| values[i + d] == values[i].wrapping_add(saltus / steps))
            });
            if span >= 3 * p && span >= 12 && e <= start_limit && !repeats_shorter {
                found.push(Periodic {
                    base: values[..e + p].to_vec(),
                    preperiod: e,
                    period: p,
                    saltus,
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
