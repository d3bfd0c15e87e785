//! Certified periods of Grundy sequences: when the computed prefix G(0..N) repeats with period p
//! after a preperiod e over a long enough stretch, a theorem guarantees it repeats forever.
//!
//! This module knows nothing about games: a [`PeriodRule`] carries the length the theorem asks
//! for, and [`certify`] checks a prefix against it.

/// An eventually periodic sequence: G(n + period) = G(n) for every n >= preperiod.
///
/// ```
/// let p = grundy::periodicity::Period { period: 34, preperiod: 53 }; // Dawson's Kayles
/// assert_eq!(p.representative(53 + 34 * 1000 + 5), 58);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The smallest such period.
    pub period: usize,
    /// The smallest preperiod for that period.
    pub preperiod: usize,
}

impl Period {
    /// The index in the computed prefix that holds the same value as position `n`.
    ///
    /// ```
    /// use grundy::periodicity::Period;
    /// let p = Period { period: 3, preperiod: 2 };
    /// assert_eq!(p.representative(1), 1);
    /// assert_eq!(p.representative(1_000_000_000_000_000_000), 4);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn representative(&self, n: u64) -> usize {
        let (e, p) = (self.preperiod as u64, self.period as u64);
        if n < e {
            n as usize
        } else {
            (e + (n - e) % p) as usize
        }
    }
}

/// How many values prove a period: the prefix length N must satisfy
/// `N >= preperiod_factor · max(e, min_preperiod) + period_factor · p + extra`.
///
/// ```
/// use grundy::periodicity::PeriodRule;
/// // Guy–Smith for octal games with splits and last non-zero digit k = 2 (Dawson's Kayles).
/// let rule = PeriodRule::octal(2, true);
/// assert_eq!(rule.required_len(53, 34), 176);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodRule {
    /// Multiplier of the preperiod.
    pub preperiod_factor: usize,
    /// Multiplier of the period.
    pub period_factor: usize,
    /// Added length (the longest move).
    pub extra: usize,
    /// The preperiod is counted as at least this.
    pub min_preperiod: usize,
}

impl PeriodRule {
    /// The Guy–Smith periodicity theorem for an octal game whose last non-zero digit is at `k`:
    /// N >= 2·max(e, 1) + 2p + k with split moves, N >= max(e, 1) + p + k without.
    ///
    /// `max(e, 1)` rather than `e`: with e = 0 the bound would certify wrong periods (the game
    /// `0.4` has values 0, 0, 0, 1, …, and N = 3 would "prove" period 1). Without splits a
    /// position's options are the k positions below it, but positions up to k also see the
    /// moves that empty the heap, so the repeated window must start above 0 there too.
    ///
    /// ```
    /// let rule = grundy::periodicity::PeriodRule::octal(1, true);
    /// assert_eq!(rule.required_len(0, 1), 5);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn octal(k: usize, has_splits: bool) -> Self {
        let factor = if has_splits { 2 } else { 1 };
        PeriodRule {
            preperiod_factor: factor,
            period_factor: factor,
            extra: k,
            min_preperiod: 1,
        }
    }

    /// A subtraction game with largest subtraction `k`: a window of k values that repeats
    /// p later makes everything after it repeat, so N >= e + p + k.
    ///
    /// ```
    /// let rule = grundy::periodicity::PeriodRule::window(4);
    /// assert_eq!(rule.required_len(0, 5), 9);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn window(k: usize) -> Self {
        PeriodRule {
            preperiod_factor: 1,
            period_factor: 1,
            extra: k,
            min_preperiod: 0,
        }
    }

    /// The prefix length the rule asks for to certify preperiod `e` and period `p`
    /// (saturating at `usize::MAX`).
    ///
    /// ```
    /// let rule = grundy::periodicity::PeriodRule::octal(3, true);
    /// assert_eq!(rule.required_len(52, 34), 2 * 52 + 2 * 34 + 3);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn required_len(&self, e: usize, p: usize) -> usize {
        self.preperiod_factor
            .saturating_mul(e.max(self.min_preperiod))
            .saturating_add(self.period_factor.saturating_mul(p))
            .saturating_add(self.extra)
    }

    /// The longest period that `n` values can prove under the rule (0 if none).
    ///
    /// ```
    /// let rule = grundy::periodicity::PeriodRule::octal(2, true);
    /// assert_eq!(rule.longest_period(176), 86); // 2·1 + 2·86 + 2 = 176
    /// assert_eq!(rule.longest_period(5), 0);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn longest_period(&self, n: usize) -> usize {
        let fixed = self
            .preperiod_factor
            .saturating_mul(self.min_preperiod)
            .saturating_add(self.extra);
        match n.saturating_sub(fixed).checked_div(self.period_factor) {
            Some(longest) => longest,
            None => n,
        }
    }
}

/// The smallest period (and its smallest preperiod) that `values` proves under `rule`, if any.
///
/// Because a certified period is a true period of the whole infinite sequence, the smallest
/// period certified here is the sequence's smallest period, and its preperiod is the true one.
///
/// ```
/// use grundy::periodicity::{certify, Period, PeriodRule};
/// // Subtraction game {1, 2}: 0 1 2 0 1 2 …
/// let values = [0, 1, 2, 0, 1, 2];
/// assert_eq!(certify(&values[..4], PeriodRule::window(2)), None);
/// assert_eq!(certify(&values, PeriodRule::window(2)), Some(Period { period: 3, preperiod: 0 }));
/// ```
///
/// # Constraints
/// `rule` must be a valid periodicity theorem for the game that produced `values`.
///
/// # Complexity
/// O(N): one Z-function of the reversed sequence gives, for every p at once, the longest tail
/// of the sequence with period p (its length is `p + z[p]`), so each candidate costs O(1).
/// Memory: at most [`scratch_bytes`], 4 bytes per period checked.
///
/// # Panics
/// If there are more than `u32::MAX` values.
pub fn certify<T: PartialEq>(values: &[T], rule: PeriodRule) -> Option<Period> {
    let n = values.len();
    let mut found = None;
    periodic_tails(values, rule.longest_period(n), |p, tail| {
        // values[i + p] == values[i] exactly for the last `tail` indices i, so the period p
        // holds from n − p − tail on.
        let preperiod = n - p - tail;
        if rule.required_len(preperiod, p) <= n {
            found = Some(Period {
                period: p,
                preperiod,
            });
            return false;
        }
        true
    });
    found
}

/// A period that the end of a prefix shows, with the prefix length that would prove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The period, and the preperiod observed so far (the true one once proved).
    pub period: Period,
    /// The prefix length the rule asks for to prove it.
    pub required_len: usize,
}

/// Of the periods p that `values` already proves, or shows at its end over a tail of at least
/// max(p, 64) values (so twice in a row, and not by the chance of a few equal values), the
/// one that needs the fewest values to be proved, ties to the smaller p: what a search for a
/// period is heading for. `required_len <= values.len()` means it is proved.
///
/// ```
/// use grundy::periodicity::{best_candidate, certify, PeriodRule};
/// let rule = PeriodRule::octal(1, true);
/// let mut values = vec![5u8, 4, 3];
/// values.extend((0..100).map(|i| i % 2)); // 5 4 3, then 0 1 repeated
/// let c = best_candidate(&values[..69], rule).unwrap(); // a tail of 64 values
/// assert_eq!((c.period.period, c.period.preperiod, c.required_len), (2, 3, 2 * 3 + 2 * 2 + 1));
/// assert_eq!(certify(&values[..69], rule), Some(c.period));
/// assert_eq!(best_candidate(&values[..7], rule), None); // 5 4 3 0 1 0 1: too short to tell
/// ```
///
/// # Panics
/// As [`certify`].
///
/// # Complexity
/// O(N) time, and the memory of [`certify`].
pub fn best_candidate<T: PartialEq>(values: &[T], rule: PeriodRule) -> Option<Candidate> {
    let n = values.len();
    let mut best: Option<Candidate> = None;
    periodic_tails(values, rule.longest_period(n), |p, tail| {
        let preperiod = n - p - tail;
        let required_len = rule.required_len(preperiod, p);
        let evident = tail >= p.max(64) || required_len <= n;
        if evident && best.map_or(true, |b| required_len < b.required_len) {
            best = Some(Candidate {
                period: Period {
                    period: p,
                    preperiod,
                },
                required_len,
            });
        }
        true
    });
    best
}

/// Bytes of scratch memory that [`certify`] or [`best_candidate`] may use for `len` values:
/// 4 a period checked.
///
/// ```
/// use grundy::periodicity::{scratch_bytes, PeriodRule};
/// // With split moves, periods up to about len / 2 can be proved: 4 bytes each.
/// assert!(scratch_bytes(1 << 20, PeriodRule::octal(1, true)) <= 4 << 19);
/// ```
pub fn scratch_bytes(len: usize, rule: PeriodRule) -> usize {
    4 * (rule.longest_period(len) + 1)
}

/// Calls `visit(p, tail)` for p = 1, 2, …, `last` (fewer if `visit` returns false), where
/// `tail` is the number of indices i, counted from the end, with values[i] == values[i + p]:
/// the Z-function of the reversed sequence. Computing z[p] reads z at indices below p only,
/// so the table stops at `last`, and it holds `u32`s to take no more than the values do.
///
/// # Panics
/// If there are more than `u32::MAX` values.
///
/// # Complexity
/// O(N) comparisons; `last + 1` stored lengths.
fn periodic_tails<T: PartialEq>(
    values: &[T],
    last: usize,
    mut visit: impl FnMut(usize, usize) -> bool,
) {
    let n = values.len();
    assert!(
        n <= u32::MAX as usize,
        "periodicity: at most u32::MAX values"
    );
    let last = last.min(n.saturating_sub(1));
    if n == 0 || last == 0 {
        return;
    }
    let at = |t: usize| &values[n - 1 - t];
    let mut z: Vec<u32> = Vec::with_capacity(last + 1);
    z.push(n as u32);
    let (mut left, mut right) = (0, 0);
    for p in 1..=last {
        let mut length = if p < right {
            (z[p - left] as usize).min(right - p)
        } else {
            0
        };
        while p + length < n && at(length) == at(p + length) {
            length += 1;
        }
        z.push(length as u32);
        if p + length > right {
            left = p;
            right = p + length;
        }
        if !visit(p, length) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_preperiod_counts_as_one_for_octal_games() {
        // 0.4 begins 0, 0, 0, 1: three zeros must not certify period 1.
        assert_eq!(certify(&[0, 0, 0], PeriodRule::octal(1, true)), None);
        assert_eq!(certify(&[0, 0, 0, 1], PeriodRule::octal(1, true)), None);
    }

    #[test]
    fn finds_the_smallest_period_not_a_multiple() {
        let values: Vec<u8> = (0..100).map(|i| [1, 2][i % 2]).collect();
        let found = certify(&values, PeriodRule::window(3)).unwrap();
        assert_eq!(
            found,
            Period {
                period: 2,
                preperiod: 0
            }
        );
    }

    #[test]
    fn reports_the_exact_preperiod() {
        let mut values = vec![9u8, 9, 7];
        values.extend((0..60).map(|i| (i % 5) as u8));
        let found = certify(&values, PeriodRule::window(1)).unwrap();
        assert_eq!(
            found,
            Period {
                period: 5,
                preperiod: 3
            }
        );
    }

    #[test]
    fn a_short_prefix_certifies_nothing() {
        assert_eq!(certify::<u8>(&[], PeriodRule::window(1)), None);
        assert_eq!(certify(&[5u8], PeriodRule::window(1)), None);
        assert_eq!(
            certify(&[5u8, 5], PeriodRule::window(1)),
            Some(Period {
                period: 1,
                preperiod: 0
            })
        );
    }

    /// The definition, literally: for each p, the preperiod by scanning back from the end,
    /// then the rule's length for it.
    fn certify_by_scans<T: PartialEq>(values: &[T], rule: PeriodRule) -> Option<Period> {
        let n = values.len();
        (1..n).find_map(|p| {
            let repeats = |i: usize| values[i + p] == values[i];
            let preperiod = (0..n - p).rev().find(|&i| !repeats(i)).map_or(0, |i| i + 1);
            let proved = rule.required_len(preperiod, p) <= n;
            Some(Period {
                period: p,
                preperiod,
            })
            .filter(|_| proved)
        })
    }

    #[test]
    fn z_function_agrees_with_the_scans() {
        let mut rng = testkit::Rng::new(77);
        for _ in 0..3000 {
            let n = rng.range(0, 60) as usize;
            let alphabet = rng.range(1, 3);
            let mut values: Vec<u64> = (0..n).map(|_| rng.below(alphabet)).collect();
            // Make many of them eventually periodic.
            if n > 10 && rng.below(2) == 0 {
                let p = rng.range(1, 5) as usize;
                let e = rng.below(n as u64 / 2) as usize;
                for i in e + p..n {
                    values[i] = values[i - p];
                }
            }
            for rule in [
                PeriodRule::octal(1, true),
                PeriodRule::octal(3, false),
                PeriodRule::window(2),
                PeriodRule::window(0),
            ] {
                assert_eq!(
                    certify(&values, rule),
                    certify_by_scans(&values, rule),
                    "{values:?}"
                );
            }
        }
    }

    #[test]
    fn long_constant_runs_cost_linear_time() {
        // The subtraction game {200000}: runs of 200000 equal values, period 400000.
        let values: Vec<u8> = (0..600_000usize).map(|n| (n / 200_000 % 2) as u8).collect();
        let found = certify(&values, PeriodRule::window(200_000));
        assert_eq!(
            found,
            Some(Period {
                period: 400_000,
                preperiod: 0
            })
        );
    }
}
