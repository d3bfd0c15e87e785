//! Finite subtraction games: a move takes s objects from one heap, for s in a fixed set S.
//!
//! Such a game is the octal game with digit 3 at every s ∈ S ([`subtraction_code`], for the
//! octal engine), and its values G(n) depend only on the window of the last max S values, so a
//! window that repeats p later proves period p ([`PeriodRule::window`]); every finite
//! subtraction game is eventually periodic. [`SubtractionGame`] computes the values and the
//! period on its own, the small route for a program that needs one game's G(n).

use crate::nimber::Nimber;
use crate::octal::{Limits, OctalCode, OctalCodeError, Progress};
use crate::periodicity::{certify, Period, PeriodRule};
use std::convert::Infallible;

/// The octal code of the subtraction game S: digit 3 (take s, leave nothing or one heap) at each s.
///
/// ```
/// use grundy::subtraction::subtraction_code;
/// assert_eq!(subtraction_code(&[1, 3, 4]).unwrap().to_string(), "0.3033");
/// assert!(subtraction_code(&[0]).is_err());
/// ```
///
/// # Constraints
/// Every s >= 1 and at most [`crate::octal::MAX_CODE_LEN`].
///
/// # Complexity
/// O(max S).
pub fn subtraction_code(set: &[usize]) -> Result<OctalCode, OctalCodeError> {
    OctalCode::from_positions(set, 3)
}

/// A finite subtraction game's values and its period, certified by the window rule: G(n) for
/// n >= max S depends only on the max S values below it, so a window of max S values that
/// repeats p later proves period p ([`PeriodRule::window`]: N >= e + p + max S).
///
/// The small route for a program that needs G(n) of one subtraction game: a subtraction game
/// has no split moves, so each value is the mex of at most |S| values below it, computed here
/// directly. The octal engine ([`subtraction_code`], a [`crate::octal::Certifier`] with the
/// window rule) computes the same values and periods, with the progress reports, candidate
/// periods and solver choice an analysis wants, at five times the size in a bundle.
///
/// ```
/// use grundy::octal::Limits;
/// use grundy::subtraction::SubtractionGame;
/// let mut game = SubtractionGame::new(&[2, 5]).unwrap();
/// game.extend_to(8);
/// assert_eq!(game.values(), &[0, 0, 1, 1, 0, 2, 1, 0]);
/// assert_eq!(game.value(8), None); // neither computed nor certified
///
/// let mut game = SubtractionGame::new(&[1, 3, 4]).unwrap();
/// let p = game.run(Limits::up_to(1000), |_| {}).unwrap().unwrap();
/// assert_eq!((p.period, p.preperiod), (7, 0));
/// assert_eq!(&game.values()[..7], &[0, 1, 0, 1, 2, 3, 2]);
/// assert_eq!(game.value(u64::MAX), Some(game.values()[(u64::MAX % 7) as usize].into()));
/// ```
///
/// # Constraints
/// Values are `u32` (a value is at most |S|); positions and S's elements are `usize`.
#[derive(Clone, Debug)]
pub struct SubtractionGame {
    /// S, ascending, without duplicates.
    set: Vec<usize>,
    values: Vec<u32>,
    period: Option<Period>,
    /// Options examined.
    work: u64,
    /// `seen[v]` while the options of one value are marked: |S| + 1 slots, the mex is at most |S|.
    seen: Vec<bool>,
}

impl SubtractionGame {
    /// The game S (in any order, duplicates allowed), no value computed yet.
    ///
    /// ```
    /// use grundy::subtraction::SubtractionGame;
    /// assert!(SubtractionGame::new(&[3, 1, 3]).unwrap().is_empty());
    /// assert!(SubtractionGame::new(&[1, 0]).is_err());
    /// ```
    ///
    /// # Errors
    /// A subtraction of 0.
    ///
    /// # Complexity
    /// O(|S| log |S|).
    pub fn new(set: &[usize]) -> Result<Self, OctalCodeError> {
        if set.contains(&0) {
            return Err(OctalCodeError("a subtraction of 0 is not a move".into()));
        }
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        Ok(SubtractionGame {
            seen: vec![false; set.len() + 1],
            set,
            values: Vec::new(),
            period: None,
            work: 0,
        })
    }

    /// The values computed so far, G(0..len).
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// How many values are computed.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The options examined so far (one per s <= n for each value n).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The certified period, once [`SubtractionGame::run`] found one.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// G(n): computed, or read off the certified period; `None` if neither covers `n`.
    ///
    /// # Complexity
    /// O(1).
    pub fn value(&self, n: u64) -> Option<Nimber> {
        let at = if n < self.values.len() as u64 {
            n as usize
        } else {
            self.period?.representative(n)
        };
        Some(Nimber::from(self.values[at]))
    }

    /// Computes values until `len` of them are known.
    ///
    /// # Complexity
    /// O(|S|) per value.
    pub fn extend_to(&mut self, len: usize) {
        while self.values.len() < len {
            let n = self.values.len();
            let (g, seen) = (&self.values, &mut self.seen);
            let options = &self.set[..self.set.partition_point(|&s| s <= n)];
            options.iter().for_each(|&s| seen[g[n - s] as usize] = true);
            // At most |S| options, so one of the |S| + 1 slots is free.
            let mut mex = 0;
            while seen[mex] {
                mex += 1;
            }
            options
                .iter()
                .for_each(|&s| seen[g[n - s] as usize] = false);
            self.work += options.len() as u64;
            self.values.push(mex as u32);
        }
    }

    /// Computes values until a period is certified or a limit is reached, checking at lengths
    /// 1/8 apart; `progress` is called after each check that proves nothing (its `candidate`
    /// is always `None`: this game does not look for one). On success the values are cut back
    /// to the e + p + max S that prove the period. Returns the period at once if one is known.
    ///
    /// ```
    /// use grundy::octal::Limits;
    /// use grundy::subtraction::SubtractionGame;
    /// let mut game = SubtractionGame::new(&[1, 5, 8]).unwrap();
    /// let p = game.run(Limits::up_to(1 << 16), |_| {}).unwrap().unwrap();
    /// assert_eq!(game.len(), p.preperiod + p.period + 8);
    /// let mut far = SubtractionGame::new(&[1, 100_000]).unwrap();
    /// let mut checks = 0;
    /// assert_eq!(far.run(Limits::up_to(1000), |_| checks += 1), Ok(None));
    /// assert!(checks > 0 && far.len() == 1000);
    /// ```
    ///
    /// # Errors
    /// None: the `Result` is that of [`crate::octal::Certifier::run`], so that a program
    /// written for one runs with the other.
    ///
    /// # Complexity
    /// O(|S|) per value, plus O(N) per check (O(N) in all), with the memory of
    /// [`certify`].
    pub fn run(
        &mut self,
        limits: Limits,
        mut progress: impl FnMut(&Progress),
    ) -> Result<Option<Period>, Infallible> {
        let longest = self.set.last().copied().unwrap_or(0);
        let rule = PeriodRule::window(longest);
        while self.period.is_none() {
            let len = self.values.len();
            self.extend_to(limits.next_check(len));
            if let Some(found) = certify(&self.values, rule) {
                // What the window rule asks for this period: N >= e + p + max S.
                self.values
                    .truncate(found.preperiod + found.period + longest);
                self.period = Some(found);
                break;
            }
            progress(&Progress {
                len: self.values.len(),
                work: self.work,
                candidate: None,
            });
            if self.values.len() >= limits.values || self.work >= limits.work {
                break;
            }
        }
        Ok(self.period)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::{Certifier, Naive};
    use crate::values::grundy_table;
    use testkit::Rng;

    fn random_set(rng: &mut Rng, most: u64) -> Vec<usize> {
        (0..rng.range(1, 5))
            .map(|_| rng.range(1, most) as usize)
            .collect()
    }

    #[test]
    fn values_and_periods_match_the_mex_dp() {
        let mut rng = Rng::new(31);
        for _ in 0..100 {
            let set = random_set(&mut rng, 9);
            let mut game = SubtractionGame::new(&set).unwrap();
            let period = game
                .run(Limits::up_to(10_000), |_| {})
                .unwrap()
                .expect("subtraction games are periodic");
            let table = grundy_table(2000, |x| {
                set.iter().filter(move |&&s| s <= x).map(move |&s| x - s)
            });
            for (n, &v) in table.iter().enumerate() {
                assert_eq!(game.value(n as u64), Some(v), "{set:?} {period:?} at {n}");
            }
        }
    }

    #[test]
    fn periods_and_proofs_match_the_octal_engine() {
        let mut rng = Rng::new(32);
        for _ in 0..300 {
            // Sets with large elements too: long windows, long preperiods.
            let most = if rng.below(2) == 0 { 12 } else { 300 };
            let set = random_set(&mut rng, most);
            let code = subtraction_code(&set).unwrap();
            let rule = PeriodRule::window(code.last_move());
            let mut engine = Certifier::with_rule(Naive::new(code), rule);
            let expected = engine.run(Limits::up_to(1 << 14), |_| {}).unwrap();
            let mut game = SubtractionGame::new(&set).unwrap();
            let mut reports = Vec::new();
            let found = game
                .run(Limits::up_to(1 << 14), |p| reports.push(*p))
                .unwrap();
            assert_eq!(found, expected, "{set:?}");
            assert_eq!(game.period(), expected, "{set:?}");
            // Both cut the values back to the shortest proof: e + p + max S.
            assert_eq!(game.len(), engine.len(), "{set:?}");
            let engine_values: Vec<u32> = engine.values().iter().map(|&v| v.into()).collect();
            assert_eq!(game.values(), &engine_values[..], "{set:?}");
            for n in (0..3000).chain([u64::MAX / 3, u64::MAX]) {
                assert_eq!(game.value(n), engine.value(n), "{set:?} at {n}");
            }
            // Each report follows a check that proved nothing, at growing lengths.
            assert!(reports.windows(2).all(|w| w[0].len < w[1].len), "{set:?}");
            assert!(reports
                .iter()
                .all(|p| p.candidate.is_none() && p.len <= 1 << 14));
            assert!(reports
                .iter()
                .all(|p| p.len < game.len() || found.is_none()));
        }
    }

    #[test]
    fn work_counts_the_moves_of_each_value() {
        let mut game = SubtractionGame::new(&[3, 1, 3, 7]).unwrap();
        assert!(game.is_empty() && game.work() == 0);
        game.extend_to(10);
        assert!(!game.is_empty());
        // n = 0: none; 1, 2: {1}; 3..6: {1, 3}; 7..9: {1, 3, 7}.
        assert_eq!(game.work(), 2 + 4 * 2 + 3 * 3);
        assert_eq!(game.len(), 10);
        game.extend_to(5);
        assert_eq!(game.len(), 10);
    }

    #[test]
    fn the_run_stops_at_its_limits() {
        // {1, 5000}: 0 1 0 1 … until 5000, so no proof before 5000 + p values.
        let mut game = SubtractionGame::new(&[1, 5000]).unwrap();
        let mut last = None;
        assert_eq!(game.run(Limits::up_to(900), |p| last = Some(*p)), Ok(None));
        assert_eq!(game.len(), 900);
        assert_eq!(last.map(|p| (p.len, p.work)), Some((900, game.work())));
        assert_eq!(game.value(900), None);
        assert_eq!(game.value(899), Some(Nimber(1)));
        // Checks 1/8 apart: 60 or so up to 2^16, not one every 16 values.
        let mut far = SubtractionGame::new(&[1, 100_000]).unwrap();
        let mut checks = 0;
        assert_eq!(far.run(Limits::up_to(1 << 16), |_| checks += 1), Ok(None));
        assert!((40..80).contains(&checks), "{checks} checks");
        let mut game = SubtractionGame::new(&[1, 5000]).unwrap();
        let limits = Limits::up_to(1 << 20).with_work(3000);
        assert_eq!(game.run(limits, |_| {}), Ok(None));
        assert!(game.work() >= 3000 && game.len() < 3500, "{}", game.len());
        // Then on to a proof; a second run returns it without computing more.
        let p = game.run(Limits::up_to(1 << 20), |_| {}).unwrap().unwrap();
        let len = game.len();
        assert_eq!((p.period, p.preperiod, len), (5001, 0, 10_001));
        assert_eq!(game.run(Limits::up_to(1 << 20), |_| {}), Ok(Some(p)));
        assert_eq!(game.len(), len);
    }

    #[test]
    fn bad_sets_are_refused() {
        assert!(subtraction_code(&[2, 0])
            .unwrap_err()
            .to_string()
            .contains("at least one"));
        assert!(subtraction_code(&[crate::octal::MAX_CODE_LEN + 1]).is_err());
        let refused = SubtractionGame::new(&[2, 0]).unwrap_err();
        assert_eq!(refused.to_string(), "a subtraction of 0 is not a move");
        // No move at all: every value 0, period 1.
        let mut none = SubtractionGame::new(&[]).unwrap();
        let p = none.run(Limits::up_to(100), |_| {}).unwrap().unwrap();
        assert_eq!((p.period, p.preperiod), (1, 0));
        assert_eq!(none.value(u64::MAX), Some(Nimber(0)));
    }
}
