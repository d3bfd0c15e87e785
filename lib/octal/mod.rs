//! Octal (take-and-break) games: Grundy sequences by interchangeable methods, and periods
//! certified by the Guy–Smith theorem ([`crate::periodicity`]).
//!
//! Each method is its own type behind the [`Solver`] trait: [`Naive`] (every split pair),
//! [`RareValue`] (the rare-value or sparse-space method: every pair with a rare part, then an
//! early-exit search for the rare candidates below the first missing common value) and
//! [`BitSliced`] (the same method with its two steps made word-parallel: the pairs with a rare
//! part read for sixteen heaps at once, and the rare candidates looked for 64 pairs a step in
//! bit planes of the values, plane k holding bit k of every value). [`RareValue`] and
//! [`BitSliced`] share one policy: the rare-value method while at most 1/8 of the positions
//! are rare under the best mask, chosen again at every doubling. [`BitSliced`]'s far pass
//! (the pairs with a rare part whose partners lie below the block) can run apart, one block
//! ahead ([`FarPass`], [`FarMarks`]), which is how the analyzer uses a second core; the
//! library itself runs on one thread. A [`Certifier`] drives any of them until a period
//! is proved and then answers G(n) for every `u64`. A program that names one method carries
//! only that one, and one that needs no period does not carry the certifier.
//!
//! ```
//! use grundy::octal::{Certifier, Limits, RareValue, Solver};
//! let mut dawson = Certifier::new(RareValue::new("0.07".parse().unwrap()));
//! let period = dawson.run(Limits::up_to(1 << 20), |_| {}).unwrap().unwrap();
//! assert_eq!((period.period, period.preperiod, dawson.len()), (34, 53, 176));
//! let n = 1_000_000_000_000_000_000u64;
//! let stored = dawson.values()[53 + ((n - 53) % 34) as usize]; // u16 inside
//! assert_eq!(dawson.value(n), Some(stored.into()));
//! ```

mod certifier;
mod code;
mod moves;
mod naive;
pub(crate) mod planes;
mod rare;
mod scan;
mod sliced;

pub use certifier::{Certifier, Limits, Progress};
pub use code::{OctalCode, OctalCodeError, MAX_CODE_LEN};
pub use naive::Naive;
pub use rare::RareValue;
pub use sliced::{BitSliced, FarMarks, FarPass};

/// A method that computes an octal game's Grundy values G(0), G(1), … in order.
///
/// All methods give identical values; they differ in speed and memory. A third method is a
/// type that implements this trait, and the [`Certifier`] drives it unchanged.
///
/// ```
/// use grundy::octal::{Naive, RareValue, Solver};
/// fn first<S: Solver>(mut solver: S, len: usize) -> Vec<u16> {
///     solver.extend_to(len).unwrap();
///     solver.values().to_vec()
/// }
/// let code: grundy::octal::OctalCode = "0.6".parse().unwrap();
/// assert_eq!(first(Naive::new(code.clone()), 500), first(RareValue::always(code), 500));
/// ```
///
/// # Constraints
/// Values are stored as `u16` (a value above 65535 is [`ValueTooLarge`]; no known octal game
/// gets near it within the lengths computed here), positions as `u32`.
pub trait Solver {
    /// The game's code.
    fn code(&self) -> &OctalCode;

    /// The values computed so far, G(0..len).
    fn values(&self) -> &[u16];

    /// Computes G(len) and appends it; returns the options examined (moves and split pairs),
    /// a measure of the work that does not depend on the machine.
    ///
    /// # Errors
    /// [`ValueTooLarge`] for a value above 65535, with the values below it kept.
    ///
    /// # Panics
    /// If the position exceeds `u32::MAX`.
    fn push_next(&mut self) -> Result<u64, ValueTooLarge>;

    /// Forgets the values at or above `len` (they are computed again on demand).
    fn truncate(&mut self, len: usize);

    /// Reserves room for `additional` more values, so that a known length is one allocation.
    fn reserve(&mut self, additional: usize);

    /// How many values are computed.
    fn len(&self) -> usize {
        self.values().len()
    }

    /// Whether no value is computed yet.
    fn is_empty(&self) -> bool {
        self.values().is_empty()
    }

    /// Computes values until `len` of them are known; returns the options examined.
    ///
    /// ```
    /// use grundy::octal::{Naive, Solver};
    /// let mut kayles = Naive::new("0.77".parse().unwrap());
    /// assert!(kayles.extend_to(10).unwrap() > 0);
    /// assert_eq!(kayles.values(), &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4]);
    /// ```
    ///
    /// # Errors
    /// [`ValueTooLarge`], with the values below that position kept.
    ///
    /// # Panics
    /// If a position exceeds `u32::MAX`.
    ///
    /// # Complexity
    /// That of the method, for each value computed.
    fn extend_to(&mut self, len: usize) -> Result<u64, ValueTooLarge> {
        let mut work = 0;
        while self.len() < len {
            work += self.push_next()?;
        }
        Ok(work)
    }
}

/// A Grundy value beyond what the engine stores (values are `u16`).
///
/// ```
/// let e = grundy::octal::ValueTooLarge { position: 70000 };
/// assert_eq!(e.to_string(), "G(70000) exceeds 65535, the largest value this engine stores");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueTooLarge {
    /// The position whose value does not fit.
    pub position: usize,
}

impl std::fmt::Display for ValueTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "G({}) exceeds {}, the largest value this engine stores",
            self.position,
            u16::MAX
        )
    }
}

impl std::error::Error for ValueTooLarge {}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    fn certified(code: &str) -> (usize, usize, usize) {
        let mut game = Certifier::new(RareValue::new(code.parse().unwrap()));
        let p = game.run(Limits::up_to(1 << 16), |_| {}).unwrap();
        let p = p.expect("a period");
        (p.period, p.preperiod, game.len())
    }

    #[test]
    fn known_periods() {
        assert_eq!(certified("0.07"), (34, 53, 176)); // Dawson's Kayles
        for (code, period, preperiod) in [("0.77", 12, 71), ("0.137", 34, 52), ("0.077", 24, 142)] {
            let (p, e, len) = certified(code);
            assert_eq!((p, e), (period, preperiod), "{code}");
            assert_eq!(len, 2 * e + 2 * p + code.len() - 2, "{code}");
        }
    }

    #[test]
    fn known_prefixes() {
        let mut officers = RareValue::new("0.6".parse().unwrap());
        officers.extend_to(20).unwrap();
        assert_eq!(
            officers.values(),
            &[0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1]
        );
        let mut treblecross = Naive::new("0.007".parse().unwrap());
        treblecross.extend_to(26).unwrap();
        let expected = [
            0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2, 2, 2, 4, 4, 0, 5,
        ];
        assert_eq!(treblecross.values(), &expected);
    }

    /// A literal reading of the code: list every move's resulting heaps, XOR their values.
    fn by_definition(code: &OctalCode, len: usize) -> Vec<u16> {
        let mut g: Vec<u16> = Vec::new();
        for n in 0..len {
            let mut options = Vec::new();
            for j in 0..=code.last_move().min(n) {
                let (d, rest) = (code.digit(j), n - j);
                if d & 1 != 0 && rest == 0 {
                    options.push(0);
                }
                if d & 2 != 0 && rest > 0 && j > 0 {
                    options.push(g[rest] as usize);
                }
                if d & 4 != 0 {
                    options.extend((1..rest).map(|a| (g[a] ^ g[rest - a]) as usize));
                }
            }
            let options = options.into_iter().map(|v| crate::nimber::Nimber(v as u64));
            g.push(crate::mex::mex(options).value() as u16);
        }
        g
    }

    /// A random code of 1 to `max_digits` digits after the point (`testkit`'s generator):
    /// the one the solvers' tests draw from.
    pub(super) fn random_code(rng: &mut Rng, max_digits: u64) -> OctalCode {
        let (d0, digits) = testkit::random_octal_digits(rng, max_digits);
        OctalCode::from_digits(d0, &digits).unwrap()
    }

    #[test]
    fn every_method_matches_the_definition_on_random_codes() {
        let mut rng = Rng::new(8);
        for _ in 0..60 {
            let code = random_code(&mut rng, 4);
            let expected = by_definition(&code, 200);
            let mut naive = Naive::new(code.clone());
            let mut rare = RareValue::always(code.clone());
            let mut auto = RareValue::new(code.clone());
            naive.extend_to(200).unwrap();
            rare.extend_to(200).unwrap();
            auto.extend_to(200).unwrap();
            assert_eq!(naive.values(), expected, "{code}");
            assert_eq!(rare.values(), expected, "{code}");
            assert_eq!(auto.values(), expected, "{code}");
            assert_eq!(rare.rare_mask().is_some(), code.has_splits(), "{code}");
        }
    }

    fn assert_methods_agree(code: &str, len: usize) {
        let code: OctalCode = code.parse().unwrap();
        let mut naive = Naive::new(code.clone());
        let mut rare = RareValue::always(code.clone());
        naive.extend_to(len).unwrap();
        rare.extend_to(len).unwrap();
        assert!(
            rare.rare_mask().is_some(),
            "{code}: the rare-value method was not used"
        );
        assert_eq!(naive.values(), rare.values(), "{code}");
    }

    // One test a code, so that the four naive runs to 2^16 share the harness's threads.
    #[test]
    fn rare_matches_naive_to_2_pow_16_officers() {
        assert_methods_agree("0.6", 1 << 16);
    }

    #[test]
    fn rare_matches_naive_to_2_pow_16_0777() {
        assert_methods_agree("0.777", 1 << 16);
    }

    #[test]
    fn rare_matches_naive_to_2_pow_16_407() {
        assert_methods_agree("4.07", 1 << 16);
    }

    #[test]
    fn rare_matches_naive_to_2_pow_16_0165() {
        assert_methods_agree("0.165", 1 << 16);
    }

    #[test]
    fn rare_matches_naive_on_many_codes() {
        for code in [
            "0.07", "0.77", "0.137", "0.007", "0.4", "0.54", "0.72", "4.6", "0.3456",
        ] {
            assert_methods_agree(code, 3000);
        }
    }

    #[test]
    fn the_sparse_policy_switches_methods_as_the_histogram_says() {
        // Officers' rare values are 16% of 8192, then 9.6% of 16384: the policy turns to the
        // rare-value method at the review at 16384.
        let mut officers = RareValue::new("0.6".parse().unwrap());
        officers.extend_to(16384).unwrap();
        assert_eq!(officers.rare_mask(), None);
        officers.extend_to(16385).unwrap();
        assert_eq!(officers.rare_mask(), Some(494));
        // Before the first review (64 values) every policy computes naively.
        let mut kayles = RareValue::new("0.77".parse().unwrap());
        kayles.extend_to(64).unwrap();
        assert_eq!(kayles.rare_mask(), None);
        kayles.extend_to(2000).unwrap();
        let mut forced = RareValue::always("0.77".parse().unwrap());
        forced.extend_to(2000).unwrap();
        assert!(forced.rare_mask().is_some());
        assert_eq!(kayles.values(), forced.values());
    }

    #[test]
    fn truncated_values_are_computed_again_the_same() {
        let mut rng = Rng::new(10);
        for _ in 0..20 {
            let code = random_code(&mut rng, 4);
            let mut once = RareValue::always(code.clone());
            once.extend_to(700).unwrap();
            let mut twice = RareValue::always(code.clone());
            twice.extend_to(500).unwrap();
            twice.truncate(150);
            assert_eq!(twice.len(), 150);
            twice.extend_to(700).unwrap();
            assert_eq!(once.values(), twice.values(), "{code}");
            let mut naive = Naive::new(code.clone());
            naive.extend_to(300).unwrap();
            naive.truncate(100);
            naive.extend_to(700).unwrap();
            assert_eq!(once.values(), naive.values(), "{code}");
        }
    }

    #[test]
    fn work_counts_every_option_of_the_naive_method() {
        // 0.6: digit 6 at j = 1, one move that leaves one heap (counted at every n) and
        // (n − 1) / 2 split pairs for n >= 3.
        let mut officers = Naive::new("0.6".parse().unwrap());
        let work = officers.extend_to(100).unwrap();
        assert_eq!(work, 100 + (3..100u64).map(|n| (n - 1) / 2).sum::<u64>());
        let mut game = Certifier::new(Naive::new("0.6".parse().unwrap()));
        game.extend_to(100).unwrap();
        assert_eq!(game.work(), work);
        // Kayles 0.77: two moves that leave nothing, two that leave one heap, every n.
        let mut kayles = Naive::new("0.77".parse().unwrap());
        let unsplit = 4 * 50;
        let splits: u64 = (0..50u64)
            .map(|n| {
                (1..=2)
                    .filter(|&j| n >= j + 2)
                    .map(|j| (n - j) / 2)
                    .sum::<u64>()
            })
            .sum();
        assert_eq!(kayles.extend_to(50).unwrap(), unsplit + splits);
    }

    #[test]
    fn a_value_above_65535_is_an_error_and_keeps_the_values_below() {
        // Take 1..=65536 leaving nothing or one heap: G(n) = n.
        let code = OctalCode::from_positions(&(1..=65536).collect::<Vec<_>>(), 3).unwrap();
        let mut game = Naive::new(code);
        assert_eq!(
            game.extend_to(65540),
            Err(ValueTooLarge { position: 65536 })
        );
        assert_eq!(game.len(), 65536);
        assert_eq!(game.values()[65535], 65535);
    }

    #[test]
    fn the_run_stops_at_its_limits() {
        let mut officers = Certifier::new(RareValue::new("0.6".parse().unwrap()));
        let mut reports = Vec::new();
        let found = officers.run(Limits::up_to(5000), |p| reports.push(*p));
        assert_eq!(found, Ok(None));
        assert_eq!(officers.len(), 5000);
        assert_eq!(
            reports.last().map(|p| (p.len, p.work)),
            Some((5000, officers.work()))
        );
        assert!(reports.windows(2).all(|w| w[0].len < w[1].len));
        let mut officers = Certifier::new(RareValue::new("0.6".parse().unwrap()));
        officers
            .run(Limits::up_to(1 << 20).with_work(200_000), |_| {})
            .unwrap();
        assert!(officers.work() >= 200_000 && officers.work() < 200_000 * 9 / 8 + 50_000);
        assert_eq!(officers.value(officers.len() as u64), None);
    }

    #[test]
    fn progress_names_the_period_being_approached() {
        // Dawson's Kayles: period 34 from 53, proved at 176 values.
        let mut dawson = Certifier::new(Naive::new("0.07".parse().unwrap()));
        let mut last = None;
        dawson
            .run(Limits::up_to(1000), |p| last = p.candidate)
            .unwrap();
        let c = last.expect("a candidate before the proof");
        assert_eq!(c.period.period, 34);
        assert_eq!(c.required_len, 176);
    }

    #[test]
    fn certificates_are_never_contradicted_later() {
        let mut rng = Rng::new(9);
        let mut checked = 0;
        for _ in 0..200 {
            let digits: Vec<u8> = (0..rng.range(1, 3)).map(|_| rng.below(8) as u8).collect();
            let code = OctalCode::from_digits(0, &digits).unwrap();
            let mut game = Certifier::new(RareValue::new(code.clone()));
            let Some(p) = game.run(Limits::up_to(2000), |_| {}).unwrap() else {
                continue;
            };
            let mut longer = Naive::new(code.clone());
            longer.extend_to(game.len() * 3 + 100).unwrap();
            for (n, &v) in longer.values().iter().enumerate() {
                assert_eq!(
                    game.value(n as u64),
                    Some(v.into()),
                    "{code}: period {p:?} broken at {n}"
                );
            }
            checked += 1;
        }
        assert!(checked > 50, "too few codes were certified: {checked}");
    }
}
