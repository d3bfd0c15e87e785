//! The certification driver: computes values with any [`Solver`] until a period is proved.

use super::{Solver, ValueTooLarge};
use crate::nimber::Nimber;
use crate::periodicity::{best_candidate, certify, Candidate, Period, PeriodRule};

/// Where [`Certifier::run`] stops without a period: `values` computed or `work` options
/// examined (checked at each step), whichever comes first.
///
/// ```
/// let limits = grundy::octal::Limits::up_to(1 << 20).with_work(1_000_000);
/// assert_eq!((limits.values, limits.work), (1 << 20, 1_000_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Values computed at most.
    pub values: usize,
    /// Options examined at most (a step may pass it by up to 1/8).
    pub work: u64,
}

impl Limits {
    /// At most `values` values, no limit on work.
    ///
    /// ```
    /// assert_eq!(grundy::octal::Limits::up_to(5).work, u64::MAX);
    /// ```
    pub fn up_to(values: usize) -> Self {
        Limits {
            values,
            work: u64::MAX,
        }
    }

    /// The same, also stopping after `work` options examined.
    ///
    /// ```
    /// assert_eq!(grundy::octal::Limits::up_to(5).with_work(9).work, 9);
    /// ```
    pub fn with_work(self, work: u64) -> Self {
        Limits { work, ..self }
    }

    /// The length a run checks for a period next, after `len` values: an eighth more (at
    /// least 16), so that the checks cost O(N) in all, and never past the limit.
    pub(crate) fn next_check(&self, len: usize) -> usize {
        (len + (len / 8).max(16)).min(self.values)
    }
}

/// What [`Certifier::run`] reports after each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Values computed.
    pub len: usize,
    /// Options examined in all.
    pub work: u64,
    /// The period the values computed so far point at, if any, and the length that would
    /// prove it (see [`best_candidate`]).
    pub candidate: Option<Candidate>,
}

/// An octal game's values from any [`Solver`], with the period they prove once found.
///
/// The certifier keeps the work count (options examined) and the period; the solver only
/// computes values. [`Certifier::value`] answers G(n) for every `u64` once a period is known.
///
/// ```
/// use grundy::octal::{Certifier, Limits, Naive};
/// let mut kayles = Certifier::new(Naive::new("0.77".parse().unwrap()));
/// let p = kayles.run(Limits::up_to(1000), |_| {}).unwrap().unwrap();
/// assert_eq!((p.period, p.preperiod), (12, 71));
/// let stored = kayles.values()[71 + ((u64::MAX - 71) % 12) as usize]; // u16 inside
/// assert_eq!(kayles.value(u64::MAX), Some(stored.into()));
/// ```
#[derive(Clone, Debug)]
pub struct Certifier<S> {
    solver: S,
    rule: PeriodRule,
    period: Option<Period>,
    work: u64,
}

impl<S: Solver> Certifier<S> {
    /// Drives `solver`, with the Guy–Smith bound of its game ([`PeriodRule::octal`]).
    ///
    /// ```
    /// use grundy::octal::{Certifier, Naive};
    /// use grundy::periodicity::PeriodRule;
    /// let game = Certifier::new(Naive::new("0.07".parse().unwrap()));
    /// assert_eq!(game.rule(), PeriodRule::octal(2, true));
    /// ```
    ///
    /// # Complexity
    /// O(k) for a code of k digits.
    pub fn new(solver: S) -> Self {
        let code = solver.code();
        let rule = PeriodRule::octal(code.last_move(), code.has_splits());
        Certifier::with_rule(solver, rule)
    }

    /// Drives `solver` with another periodicity bound, for families with a sharper theorem
    /// (subtraction games, see [`crate::subtraction`]).
    ///
    /// ```
    /// use grundy::octal::{Certifier, Naive};
    /// use grundy::periodicity::PeriodRule;
    /// let game = Certifier::with_rule(Naive::new("0.33".parse().unwrap()), PeriodRule::window(2));
    /// assert_eq!(game.rule(), PeriodRule::window(2));
    /// ```
    ///
    /// # Constraints
    /// `rule` must be a valid theorem for this game, or certificates may be wrong.
    pub fn with_rule(solver: S, rule: PeriodRule) -> Self {
        Certifier {
            solver,
            rule,
            period: None,
            work: 0,
        }
    }

    /// The solver, for what is particular to its method.
    pub fn solver(&self) -> &S {
        &self.solver
    }

    /// The periodicity bound in use.
    pub fn rule(&self) -> PeriodRule {
        self.rule
    }

    /// The values computed so far, G(0..len).
    pub fn values(&self) -> &[u16] {
        self.solver.values()
    }

    /// How many values are computed.
    pub fn len(&self) -> usize {
        self.solver.len()
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.solver.is_empty()
    }

    /// The options examined through this certifier so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The certified period, once [`Certifier::run`] found one.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// G(n): computed, or read off the certified period; `None` if neither covers `n`.
    ///
    /// ```
    /// use grundy::octal::{Certifier, Limits, RareValue};
    /// let mut game = Certifier::new(RareValue::new("0.07".parse().unwrap()));
    /// assert_eq!(game.value(5), None);
    /// game.run(Limits::up_to(1 << 16), |_| {}).unwrap();
    /// assert_eq!(game.value(5), Some(grundy::prelude::Nimber(0)));
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn value(&self, n: u64) -> Option<Nimber> {
        let values = self.solver.values();
        if n < values.len() as u64 {
            return Some(Nimber::from(values[n as usize]));
        }
        self.period
            .map(|p| Nimber::from(values[p.representative(n)]))
    }

    /// Reserves room for `additional` more values, so that a known length is one allocation.
    pub fn reserve(&mut self, additional: usize) {
        self.solver.reserve(additional);
    }

    /// Computes values until `len` of them are known (counting the work).
    ///
    /// # Errors
    /// [`ValueTooLarge`], with the values below that position kept.
    ///
    /// # Panics
    /// If a position exceeds `u32::MAX`.
    pub fn extend_to(&mut self, len: usize) -> Result<(), ValueTooLarge> {
        // The solver's own `extend_to`, so that a solver computing values in blocks (or on
        // several threads) is driven that way.
        if self.solver.len() < len {
            self.work += self.solver.extend_to(len)?;
        }
        Ok(())
    }

    /// Computes values until a period is certified or a limit is reached, checking at
    /// lengths 1/8 apart (or at the length that would prove the candidate period, when that
    /// comes first); `progress` is called after each step. A program that needs only the
    /// period calls [`Certifier::run_quietly`], which its bundle carries without the reports.
    ///
    /// On success the values are cut back to the shortest prefix that certifies the period
    /// (certification is monotone: a certified period stays certified), so
    /// [`Certifier::len`] then tells how many values the proof needs.
    ///
    /// ```
    /// use grundy::octal::{Certifier, Limits, RareValue};
    /// let mut game = Certifier::new(RareValue::new("0.137".parse().unwrap()));
    /// let p = game.run(Limits::up_to(1 << 20), |_| {}).unwrap().unwrap();
    /// assert_eq!((p.period, p.preperiod), (34, 52));
    /// assert_eq!(game.len(), 2 * 52 + 2 * 34 + 3);
    /// let mut officers = Certifier::new(RareValue::new("0.6".parse().unwrap()));
    /// let limits = Limits::up_to(1 << 20).with_work(100_000);
    /// assert_eq!(officers.run(limits, |_| {}), Ok(None));
    /// assert!(officers.len() < 1 << 20);
    /// ```
    ///
    /// # Errors
    /// [`ValueTooLarge`].
    ///
    /// # Complexity
    /// The cost of the values, plus O(N) per check at geometrically spaced lengths (O(N) in
    /// all). Memory: the values and 4 bytes per candidate period while checking (see
    /// [`crate::periodicity::scratch_bytes`]).
    pub fn run(
        &mut self,
        limits: Limits,
        mut progress: impl FnMut(&Progress),
    ) -> Result<Option<Period>, ValueTooLarge> {
        let mut failed_at = 0;
        let mut candidate: Option<Candidate> = None;
        loop {
            let len = self.len();
            let mut target = limits.next_check(len);
            if let Some(c) = candidate {
                if c.required_len > len {
                    target = target.min(c.required_len);
                }
            }
            self.extend_to(target)?;
            if let Some(found) = certify(self.values(), self.rule) {
                self.cut_to_shortest_proof(failed_at, found);
                self.period = Some(found);
                return Ok(Some(found));
            }
            failed_at = self.len();
            candidate = best_candidate(self.values(), self.rule);
            progress(&Progress {
                len: self.len(),
                work: self.work,
                candidate,
            });
            if self.len() >= limits.values || self.work >= limits.work {
                return Ok(None);
            }
        }
    }

    /// [`Certifier::run`] without what a program that needs only the values and the period does
    /// not use (its bundle does not carry them): no progress reports, no aim at the candidate
    /// period (checks only at lengths 1/8 apart, so up to 1/8 more values than `run` computes),
    /// and the values are not cut back to the shortest proof. Returns the period at once if one
    /// is already certified.
    ///
    /// ```
    /// use grundy::octal::{Certifier, Limits, RareValue};
    /// let mut game = Certifier::new(RareValue::new("0.137".parse().unwrap()));
    /// let p = game.run_quietly(Limits::up_to(1 << 20)).unwrap().unwrap();
    /// assert_eq!((p.period, p.preperiod), (34, 52));
    /// assert!(game.len() >= 2 * 52 + 2 * 34 + 3);
    /// assert_eq!(game.value(u64::MAX), Some(game.values()[52 + ((u64::MAX - 52) % 34) as usize].into()));
    /// let mut officers = Certifier::new(RareValue::new("0.6".parse().unwrap()));
    /// assert_eq!(officers.run_quietly(Limits::up_to(1000)), Ok(None));
    /// assert_eq!(officers.len(), 1000);
    /// ```
    ///
    /// # Errors
    /// [`ValueTooLarge`].
    ///
    /// # Complexity
    /// The cost of the values, plus O(N) per check (O(N) in all), with the memory of
    /// [`certify`].
    pub fn run_quietly(&mut self, limits: Limits) -> Result<Option<Period>, ValueTooLarge> {
        while self.period.is_none() {
            let len = self.len();
            self.extend_to(limits.next_check(len))?;
            self.period = certify(self.values(), self.rule);
            if self.len() >= limits.values || self.work >= limits.work {
                break;
            }
        }
        Ok(self.period)
    }

    /// Cuts the values back to the shortest prefix that certifies, knowing that the first
    /// `failed_at` do not and that all of them prove `found`.
    fn cut_to_shortest_proof(&mut self, failed_at: usize, found: Period) {
        // The rule's length for the period found is the answer, unless a shorter prefix
        // proves it too: two checks confirm it, a binary search finds it otherwise.
        let (mut lo, mut hi) = (failed_at, self.len());
        let expected = self.rule.required_len(found.preperiod, found.period);
        let proves = |len: usize| certify(&self.values()[..len], self.rule).is_some();
        if lo < expected && expected <= hi && proves(expected) {
            hi = expected;
            if expected - 1 == lo || !proves(expected - 1) {
                lo = expected - 1;
            }
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if proves(mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        self.solver.truncate(hi);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::{Naive, OctalCode, RareValue};
    use testkit::Rng;

    #[test]
    fn the_quiet_run_proves_what_the_full_run_proves() {
        let mut rng = Rng::new(21);
        let mut proved = 0;
        for _ in 0..300 {
            let digits: Vec<u8> = (0..rng.range(1, 4)).map(|_| rng.below(8) as u8).collect();
            let code = OctalCode::from_digits(0, &digits).unwrap();
            let mut full = Certifier::new(RareValue::new(code.clone()));
            let mut quiet = Certifier::new(Naive::new(code.clone()));
            let found = full.run(Limits::up_to(3000), |_| {}).unwrap();
            let quietly = quiet.run_quietly(Limits::up_to(3000)).unwrap();
            assert_eq!(quietly, found, "{code}");
            assert_eq!(quiet.period(), found, "{code}");
            // The quiet run checks at the same lengths 1/8 apart, so it stops at most one step
            // past the shortest proof, and never past the limit.
            assert!(quiet.len() >= full.len() && quiet.len() <= 3000, "{code}");
            if found.is_some() {
                assert!(
                    quiet.len() <= full.len() + (full.len() / 8).max(16) + 16,
                    "{code}"
                );
                proved += 1;
            }
            for n in (0..5000).chain([u64::MAX - 1, u64::MAX]) {
                assert_eq!(quiet.value(n), full.value(n), "{code} at {n}");
            }
        }
        assert!(proved > 100, "{proved} proved");
    }

    #[test]
    fn the_quiet_run_stops_at_its_limits_and_keeps_a_proof() {
        let mut officers = Certifier::new(RareValue::new("0.6".parse().unwrap()));
        assert_eq!(officers.run_quietly(Limits::up_to(5000)), Ok(None));
        assert_eq!(officers.len(), 5000);
        assert_eq!(officers.value(5000), None);
        // A second run goes on from there.
        assert_eq!(officers.run_quietly(Limits::up_to(6000)), Ok(None));
        assert_eq!(officers.len(), 6000);
        let mut officers = Certifier::new(RareValue::new("0.6".parse().unwrap()));
        let limits = Limits::up_to(1 << 20).with_work(200_000);
        assert_eq!(officers.run_quietly(limits), Ok(None));
        let work = officers.work();
        assert!(
            (200_000..200_000 * 9 / 8 + 50_000).contains(&work),
            "{work}"
        );
        // Once proved, the period is returned without computing more.
        let mut dawson = Certifier::new(Naive::new("0.07".parse().unwrap()));
        let p = dawson.run_quietly(Limits::up_to(1000)).unwrap();
        assert_eq!(p.map(|p| (p.period, p.preperiod)), Some((34, 53)));
        // Checked at 16, 32, …, 128, then 1/8 apart (144, 162, 182): the first check at or
        // past the 176 values the proof needs.
        let len = dawson.len();
        assert_eq!(len, 182);
        assert_eq!(dawson.run_quietly(Limits::up_to(1000)).unwrap(), p);
        assert_eq!(dawson.len(), len);
        // A limit below the values known still checks what is known.
        let mut kayles = Certifier::new(Naive::new("0.77".parse().unwrap()));
        kayles.extend_to(500).unwrap();
        let p = kayles.run_quietly(Limits::up_to(10)).unwrap();
        assert_eq!(p.map(|p| (p.period, p.preperiod)), Some((12, 71)));
        assert_eq!(kayles.len(), 500);
    }
}
