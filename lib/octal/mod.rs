//! Octal (take-and-break) games: Grundy sequences by a naive or a rare-value method, with
//! periods certified by the Guy–Smith theorem ([`crate::periodicity`]).
//!
//! ```
//! use grundy::octal::{Method, OctalGame};
//! let mut dawson = OctalGame::new("0.07".parse().unwrap(), Method::Auto);
//! let period = dawson.run_until_certified(1 << 20, |_| {}).unwrap();
//! assert_eq!((period.period, period.preperiod, dawson.len()), (34, 53, 176));
//! assert_eq!(dawson.value(1_000_000_000_000_000_000), Some(dawson.value(53 + (1_000_000_000_000_000_000 - 53) % 34).unwrap()));
//! ```

mod code;
mod rare;

pub use code::{OctalCode, OctalCodeError, MAX_CODE_LEN};

use crate::mex::MexBuffer;
use crate::periodicity::{certify, Period, PeriodRule};
use rare::{best_mask, RareIndex};

/// How split moves are evaluated; all methods give identical values.
///
/// ```
/// use grundy::octal::{Method, OctalGame};
/// let values = |m| {
///     let mut game = OctalGame::new("0.6".parse().unwrap(), m);
///     game.extend_to(500);
///     game.values().to_vec()
/// };
/// assert_eq!(values(Method::Naive), values(Method::Rare));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every split (a, n − j − a): Θ(n) per value.
    Naive,
    /// Rare-value: pairs with a rare part, plus early-exit checks of rare mex candidates.
    Rare,
    /// Rare-value while rare positions are at most 1/8 of all, naive otherwise.
    Auto,
}

/// Positions below this are always computed naively; the mask is first chosen here and again
/// at every doubling of the sequence.
const FIRST_REVIEW: usize = 64;

/// The Grundy sequence G(0), G(1), … of one octal game, computed on demand.
///
/// ```
/// use grundy::octal::{Method, OctalGame};
/// let mut officers = OctalGame::new("0.6".parse().unwrap(), Method::Rare);
/// officers.extend_to(20);
/// assert_eq!(officers.values(), &[0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1]);
/// ```
///
/// # Constraints
/// Values are stored as `u16`: [`OctalGame::try_extend_to`] stops with [`ValueTooLarge`] at a
/// value above 65535, [`OctalGame::extend_to`] panics (no known octal game gets near it within
/// the lengths computed here). Positions are `u32`.
///
/// # Complexity
/// Naive: Θ(n · s) for value n with s split digits, so Θ(N² · s) for N values. Rare-value:
/// O(r · s + c) per value, with r the rare positions below n and c the cost of the rare mex
/// candidates' early-exit scans, which is small when rare values are rare.
#[derive(Clone, Debug)]
pub struct OctalGame {
    code: OctalCode,
    rule: PeriodRule,
    method: Method,
    take_all: Vec<usize>,
    leave_one: Vec<usize>,
    split: Vec<usize>,
    values: Vec<u16>,
    seen: MexBuffer,
    rare: Option<RareIndex>,
    wanted: Vec<usize>,
    is_wanted: Box<[bool; 1 << 16]>,
    next_review: usize,
    period: Option<Period>,
    work: u64,
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

impl OctalGame {
    /// The game of `code`, evaluated with `method`, certified by the Guy–Smith bound.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let kayles = OctalGame::new("0.77".parse().unwrap(), Method::Naive);
    /// assert!(kayles.is_empty());
    /// ```
    ///
    /// # Complexity
    /// O(k).
    pub fn new(code: OctalCode, method: Method) -> Self {
        let rule = PeriodRule::octal(code.last_move(), code.has_splits());
        OctalGame::with_rule(code, method, rule)
    }

    /// Like [`OctalGame::new`] with another periodicity bound, for families with a sharper
    /// theorem (subtraction games, see [`crate::subtraction`]).
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// use grundy::periodicity::PeriodRule;
    /// let game = OctalGame::with_rule("0.33".parse().unwrap(), Method::Naive, PeriodRule::window(2));
    /// assert_eq!(game.rule(), PeriodRule::window(2));
    /// ```
    ///
    /// # Constraints
    /// `rule` must be a valid theorem for this game, or certificates may be wrong.
    ///
    /// # Complexity
    /// O(k).
    pub fn with_rule(code: OctalCode, method: Method, rule: PeriodRule) -> Self {
        OctalGame {
            take_all: code.moves_with(1),
            leave_one: code.moves_with(2),
            split: code.moves_with(4),
            code,
            rule,
            method,
            values: Vec::new(),
            seen: MexBuffer::new(64),
            rare: None,
            wanted: Vec::new(),
            is_wanted: Box::new([false; 1 << 16]),
            next_review: FIRST_REVIEW,
            period: None,
            work: 0,
        }
    }

    /// The game's code.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let game = OctalGame::new(".07".parse().unwrap(), Method::Auto);
    /// assert_eq!(game.code().to_string(), "0.07");
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The periodicity bound in use.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// use grundy::periodicity::PeriodRule;
    /// let game = OctalGame::new("0.07".parse().unwrap(), Method::Auto);
    /// assert_eq!(game.rule(), PeriodRule::octal(2, true));
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn rule(&self) -> PeriodRule {
        self.rule
    }

    /// The values computed so far, G(0..len).
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut game = OctalGame::new("0.07".parse().unwrap(), Method::Naive);
    /// game.extend_to(6);
    /// assert_eq!(game.values(), &[0, 0, 1, 1, 2, 0]);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// How many values are computed.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut game = OctalGame::new("0.07".parse().unwrap(), Method::Naive);
    /// game.extend_to(10);
    /// assert_eq!(game.len(), 10);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is computed yet.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// assert!(OctalGame::new("0.07".parse().unwrap(), Method::Naive).is_empty());
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The mask of the rare-value method, while it is in use.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut game = OctalGame::new("0.6".parse().unwrap(), Method::Rare);
    /// game.extend_to(1000);
    /// assert!(game.rare_mask().is_some());
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn rare_mask(&self) -> Option<u16> {
        self.rare.as_ref().map(RareIndex::mask)
    }

    /// The certified period, once [`OctalGame::run_until_certified`] found one.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut game = OctalGame::new("0.77".parse().unwrap(), Method::Auto);
    /// game.run_until_certified(1000, |_| {});
    /// assert_eq!(game.period().map(|p| (p.period, p.preperiod)), Some((12, 71)));
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// G(n): computed, or read off the certified period; `None` if neither covers `n`.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut game = OctalGame::new("0.07".parse().unwrap(), Method::Auto);
    /// assert_eq!(game.value(5), None);
    /// game.run_until_certified(1 << 16, |_| {});
    /// assert_eq!(game.value(u64::MAX), Some(game.values()[53 + ((u64::MAX - 53) % 34) as usize]));
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn value(&self, n: u64) -> Option<u16> {
        match (self.values.get(n as usize), self.period) {
            (Some(&v), _) if n < self.values.len() as u64 => Some(v),
            (_, Some(p)) => Some(self.values[p.representative(n)]),
            _ => None,
        }
    }

    /// Computes values until `len` of them are known.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut game = OctalGame::new("0.007".parse().unwrap(), Method::Auto);
    /// game.extend_to(26);
    /// assert_eq!(game.values()[20..], [2, 2, 4, 4, 0, 5]);
    /// ```
    ///
    /// # Panics
    /// If a value exceeds 65535 or a position exceeds `u32::MAX`.
    ///
    /// # Complexity
    /// See [`OctalGame`].
    pub fn extend_to(&mut self, len: usize) {
        if let Err(e) = self.try_extend_to(len) {
            panic!("OctalGame: {}", e);
        }
    }

    /// Like [`OctalGame::extend_to`], stopping with an error at the first value above 65535.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut nim = OctalGame::new("0.3".parse().unwrap(), Method::Auto);
    /// assert!(nim.try_extend_to(100).is_ok());
    /// ```
    ///
    /// # Errors
    /// [`ValueTooLarge`], with the values below that position kept.
    ///
    /// # Panics
    /// If a position exceeds `u32::MAX`.
    ///
    /// # Complexity
    /// See [`OctalGame`].
    pub fn try_extend_to(&mut self, len: usize) -> Result<(), ValueTooLarge> {
        while self.values.len() < len {
            if self.values.len() == self.next_review {
                self.review_method();
            }
            let n = self.values.len();
            assert!(
                n <= u32::MAX as usize,
                "OctalGame: positions beyond u32 are not supported"
            );
            let g = self.next_value();
            if g > u16::MAX as usize {
                return Err(ValueTooLarge { position: n });
            }
            let g = g as u16;
            self.values.push(g);
            if let Some(rare) = &mut self.rare {
                rare.record(n, g);
            }
            // Keep the buffer above every XOR of two values: 2^(bits of g) + 1 slots suffice.
            let needed = 2 * (g as usize + 1).next_power_of_two() + 1;
            self.seen.reserve(needed);
        }
        Ok(())
    }

    /// The work done so far: options examined (moves and split pairs), a measure of cost that
    /// does not depend on the machine.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut kayles = OctalGame::new("0.77".parse().unwrap(), Method::Naive);
    /// kayles.extend_to(10);
    /// assert!(kayles.work() > 0);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Computes values until a period is certified or `cap` values are known, checking at
    /// geometrically spaced lengths; `progress(len)` is called at each check.
    ///
    /// On success the sequence is cut back to the shortest prefix that certifies the period
    /// (certification is monotone: a certified period stays certified), so [`OctalGame::len`]
    /// then tells how many values the proof needs.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut game = OctalGame::new("0.137".parse().unwrap(), Method::Auto);
    /// let p = game.run_until_certified(1 << 20, |_| {}).unwrap();
    /// assert_eq!((p.period, p.preperiod), (34, 52));
    /// assert_eq!(game.len(), 2 * 52 + 2 * 34 + 3);
    /// ```
    ///
    /// # Complexity
    /// The cost of computing the values, plus O(log N) certifications of O(N) typical cost
    /// (see [`certify`]).
    pub fn run_until_certified(
        &mut self,
        cap: usize,
        progress: impl FnMut(usize),
    ) -> Option<Period> {
        let mut progress = progress;
        match self.run_until_certified_within(cap, u64::MAX, |len, _| progress(len)) {
            Ok(found) => found,
            Err(e) => panic!("OctalGame: {}", e),
        }
    }

    /// Like [`OctalGame::run_until_certified`], also stopping once [`OctalGame::work`] passes
    /// `work_budget` (checked at each geometric step), and with an error instead of a panic
    /// for a value above 65535. `progress(len, work)` is called at each step.
    ///
    /// ```
    /// use grundy::octal::{Method, OctalGame};
    /// let mut officers = OctalGame::new("0.6".parse().unwrap(), Method::Auto);
    /// assert_eq!(officers.run_until_certified_within(1 << 20, 100_000, |_, _| {}), Ok(None));
    /// assert!(officers.len() < 1 << 20);
    /// ```
    ///
    /// # Errors
    /// [`ValueTooLarge`].
    ///
    /// # Complexity
    /// The cost of the values, at most about `work_budget` · 9/8 options, plus O(N) per
    /// certification at geometrically spaced lengths (O(N) in all).
    pub fn run_until_certified_within(
        &mut self,
        cap: usize,
        work_budget: u64,
        mut progress: impl FnMut(usize, u64),
    ) -> Result<Option<Period>, ValueTooLarge> {
        let mut failed_at = 0;
        loop {
            let target = (self.len() + (self.len() / 8).max(16)).min(cap);
            self.try_extend_to(target)?;
            progress(self.len(), self.work);
            if let Some(found) = certify(&self.values, self.rule) {
                // The shortest certifying prefix lies in (failed_at, len].
                let (mut lo, mut hi) = (failed_at, self.len());
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if certify(&self.values[..mid], self.rule).is_some() {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                self.truncate(hi);
                self.period = Some(found);
                return Ok(Some(found));
            }
            failed_at = self.len();
            if self.len() >= cap || self.work >= work_budget {
                return Ok(None);
            }
        }
    }

    /// Forgets values at or above `len` (they are recomputed on demand).
    fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
        if let Some(rare) = &mut self.rare {
            rare.truncate(len);
        }
    }

    /// Chooses the method for the next stretch of values from the histogram so far.
    fn review_method(&mut self) {
        self.next_review = 2 * self.values.len().max(1);
        self.rare = None;
        if self.method == Method::Naive || self.split.is_empty() {
            return;
        }
        let (mask, rare_count) = best_mask(&self.values);
        let worth_it = rare_count * 8 <= self.values.len();
        if self.method == Method::Rare || worth_it {
            self.rare = Some(RareIndex::new(mask, &self.values));
        }
    }

    /// G(n) for n = len, from the values below it.
    fn next_value(&mut self) -> usize {
        let n = self.values.len();
        let g = &self.values;
        self.seen.clear();
        self.work += (self.take_all.len() + self.leave_one.len()) as u64;
        for &j in &self.take_all {
            if n == j {
                self.seen.insert(0);
            }
        }
        for &j in &self.leave_one {
            if n > j {
                self.seen.insert(g[n - j] as usize);
            }
        }
        let rare = match &self.rare {
            Some(rare) => rare,
            None => {
                for &j in &self.split {
                    if n >= j + 2 {
                        let m = n - j;
                        let pairs = m / 2;
                        self.work += pairs as u64;
                        // The pairs (a, m − a), the two halves of the row zipped by index.
                        let (left, right) = (&g[1..=pairs], &g[m - pairs..m]);
                        self.seen.insert_all(
                            (0..pairs).map(|i| usize::from(left[i] ^ right[pairs - 1 - i])),
                        );
                    }
                }
                return self.seen.mex();
            }
        };
        // Every split with a rare part: this finds every common option value.
        for &j in &self.split {
            if n >= j + 2 {
                let m = n - j;
                let positions = rare.positions();
                let below = positions.partition_point(|&a| (a as usize) < m);
                self.work += below as u64;
                let row = &g[..m];
                self.seen.insert_all(positions[..below].iter().map(|&a| {
                    let a = a as usize;
                    usize::from(row[a] ^ row[m - a])
                }));
            }
        }
        // Every common value not seen is not an option, so the mex is at most the first such c.
        // Below c only rare values can be missing: look for them all in one early-exit pass.
        let mut c = 0;
        while self.seen.contains(c) || rare.is_rare(c as u16) {
            c += 1;
        }
        // Borrow the fields apart: edition 2018 closures capture all of `self`.
        let (wanted, seen) = (&mut self.wanted, &self.seen);
        wanted.clear();
        wanted.extend((0..c).filter(|&v| !seen.contains(v)));
        if !self.wanted.is_empty() {
            self.work += find_split_values(
                g,
                &self.split,
                n,
                &self.wanted,
                &mut self.seen,
                &mut self.is_wanted,
            );
        }
        self.seen.mex()
    }
}

/// Marks in `seen` which of the `wanted` values splits of heap `n` make, stopping as soon as
/// all are found, and returns how many pairs it visited. `is_wanted` is scratch space, all
/// false on entry and on return.
///
/// The pairs (a, m − a) are visited along the row: the two halves of the row are zipped as
/// slices, and the test is one look-up in a table of every 16-bit value, so the loop has no
/// bounds checks and one branch that is almost never taken. (Visiting the row in a scattered
/// order was measured too: it met the wanted values no sooner and cost more per pair.)
#[allow(clippy::needless_range_loop)] // indices into two equal-length slices compile tightest
fn find_split_values(
    g: &[u16],
    split: &[usize],
    n: usize,
    wanted: &[usize],
    seen: &mut MexBuffer,
    is_wanted: &mut [bool; 1 << 16],
) -> u64 {
    wanted.iter().for_each(|&v| is_wanted[v] = true);
    let mut missing = wanted.len();
    let mut visited = 0u64;
    'splits: for &j in split.iter().filter(|&&j| n >= j + 2) {
        let m = n - j;
        let pairs = m / 2;
        let left = &g[1..=pairs];
        let right = &g[m - pairs..m];
        for i in 0..pairs {
            let v = usize::from(left[i] ^ right[pairs - 1 - i]);
            if is_wanted[v] {
                is_wanted[v] = false;
                seen.insert(v);
                missing -= 1;
                if missing == 0 {
                    visited += i as u64 + 1;
                    break 'splits;
                }
            }
        }
        visited += pairs as u64;
    }
    wanted.iter().for_each(|&v| is_wanted[v] = false);
    visited
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    fn certified(code: &str) -> (usize, usize, usize) {
        let mut game = OctalGame::new(code.parse().unwrap(), Method::Auto);
        let p = game.run_until_certified(1 << 16, |_| {}).expect("a period");
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
        let mut officers = OctalGame::new("0.6".parse().unwrap(), Method::Auto);
        officers.extend_to(20);
        assert_eq!(
            officers.values(),
            &[0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1]
        );
        let mut treblecross = OctalGame::new("0.007".parse().unwrap(), Method::Auto);
        treblecross.extend_to(26);
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
            let options = options.into_iter().map(|v| crate::Nimber(v as u64));
            g.push(crate::mex::mex(options).value() as u16);
        }
        g
    }

    #[test]
    fn naive_matches_the_definition_on_random_codes() {
        let mut rng = Rng::new(8);
        for _ in 0..60 {
            let digits: Vec<u8> = (0..rng.range(1, 4)).map(|_| rng.below(8) as u8).collect();
            let d0 = if rng.below(4) == 0 { 4 } else { 0 };
            let code = OctalCode::from_digits(d0, &digits).unwrap();
            let mut game = OctalGame::new(code.clone(), Method::Naive);
            game.extend_to(80);
            assert_eq!(game.values(), by_definition(&code, 80), "{code}");
        }
    }

    fn assert_methods_agree(code: &str, len: usize) {
        let code: OctalCode = code.parse().unwrap();
        let mut naive = OctalGame::new(code.clone(), Method::Naive);
        let mut rare = OctalGame::new(code.clone(), Method::Rare);
        naive.extend_to(len);
        rare.extend_to(len);
        assert!(
            rare.rare_mask().is_some(),
            "{code}: the rare-value method was not used"
        );
        assert_eq!(naive.values(), rare.values(), "{code}");
    }

    #[test]
    fn rare_matches_naive_to_2_pow_16() {
        for code in ["0.6", "0.777", "4.07", "0.165"] {
            assert_methods_agree(code, 1 << 16);
        }
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
    fn certificates_are_never_contradicted_later() {
        let mut rng = Rng::new(9);
        let mut checked = 0;
        for _ in 0..200 {
            let digits: Vec<u8> = (0..rng.range(1, 3)).map(|_| rng.below(8) as u8).collect();
            let code = OctalCode::from_digits(0, &digits).unwrap();
            let mut game = OctalGame::new(code.clone(), Method::Auto);
            let Some(p) = game.run_until_certified(2000, |_| {}) else {
                continue;
            };
            let mut longer = OctalGame::new(code.clone(), Method::Naive);
            longer.extend_to(game.len() * 3 + 100);
            for (n, &v) in longer.values().iter().enumerate() {
                assert_eq!(
                    game.value(n as u64),
                    Some(v),
                    "{code}: period {p:?} broken at {n}"
                );
            }
            checked += 1;
        }
        assert!(checked > 50, "too few codes were certified: {checked}");
    }
}
