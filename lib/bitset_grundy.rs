//! Grundy values of games whose moves go from n to n − s for s in a large fixed set S: one
//! bitset of positions per value, shifted and ORed a word at a time.
//!
//! G(n) = mex { G(n − s) : s ∈ S, s <= n }. The direct route examines every s (O(|S|) per
//! value: [`crate::subtraction::SubtractionGame::extend_to`], [`crate::values::grundy_table`]).
//! Here each value v keeps a row C_v = { n : v is an option of n } = P_v + S, where P_v is the
//! set of positions of value v: when p gets value v, row v takes S shifted by p (64 moves a
//! word), and G(n) is the first row whose bit n is clear. The rows' words for 64 positions are
//! read once into a column, so a value costs (max S)/64 words for its shift and one bit test
//! per smaller value.
//!
//! The same values as the direct route, always (tested against it on random sets). Rows take
//! len/8 bytes each; values from the row limit up ([`Engine::with_row_bytes`], 256 MiB of rows
//! by default) are computed directly.

use crate::nimber::Nimber;

/// The rows' memory by default: 256 MiB.
pub const ROW_BYTES: usize = 256 << 20;

/// The bitset engine for one set S, filling a caller's table of values G(0), G(1), ….
///
/// ```
/// use grundy::bitset_grundy::Engine;
/// let mut engine = Engine::new(&[2, 5]).unwrap();
/// let mut values = Vec::new();
/// engine.extend(&mut values, 8);
/// assert_eq!(values, [0, 0, 1, 1, 0, 2, 1, 0]);
/// ```
///
/// # Constraints
/// Memory: a row of len/8 bytes for each value met, up to [`ROW_BYTES`] in all (or the
/// budget of [`Engine::with_row_bytes`]), and max S/8 bytes for S.
#[derive(Clone, Debug)]
pub struct Engine {
    /// S ascending, without duplicates.
    set: Vec<usize>,
    /// Bit s set iff s ∈ S.
    bits: Vec<u64>,
    /// Row v: bit n set iff some p < `synced` with G(p) = v has n − p ∈ S; `words` words.
    rows: Vec<Vec<u64>>,
    /// Words in each row: positions 0 .. 64 · words are covered.
    words: usize,
    /// The most rows kept.
    max_rows: usize,
    /// The rows' memory budget.
    row_bytes: usize,
    /// Positions added to the rows.
    synced: usize,
    /// Scratch for the direct mex of a value past the rows.
    seen: Vec<bool>,
    /// Positions handed to `cover`, again after each rebuild: the work the tests bound.
    #[cfg(test)]
    covers: usize,
    /// Values found by the direct mex.
    #[cfg(test)]
    direct_mexes: usize,
}

/// Why a set is refused: it holds 0, which is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZeroMove;

impl std::fmt::Display for ZeroMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a subtraction of 0 is not a move")
    }
}

impl Engine {
    /// The engine for S (any order, duplicates allowed), with [`ROW_BYTES`] of rows.
    ///
    /// ```
    /// use grundy::bitset_grundy::Engine;
    /// assert!(Engine::new(&[3, 1, 3]).is_ok());
    /// assert!(Engine::new(&[1, 0]).is_err());
    /// ```
    ///
    /// # Errors
    /// [`ZeroMove`] if S holds 0.
    ///
    /// # Complexity
    /// O(|S| log |S| + max S / 64).
    pub fn new(set: &[usize]) -> Result<Self, ZeroMove> {
        Engine::with_row_bytes(set, ROW_BYTES)
    }

    /// The engine for S with `row_bytes` of memory for its rows (at least one row is kept).
    ///
    /// ```
    /// use grundy::bitset_grundy::Engine;
    /// let mut small = Engine::with_row_bytes(&[1, 2], 0).unwrap();
    /// let mut values = Vec::new();
    /// small.extend(&mut values, 6);
    /// assert_eq!(values, [0, 1, 2, 0, 1, 2]);
    /// ```
    ///
    /// # Errors
    /// [`ZeroMove`] if S holds 0.
    pub fn with_row_bytes(set: &[usize], row_bytes: usize) -> Result<Self, ZeroMove> {
        if set.contains(&0) {
            return Err(ZeroMove);
        }
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        let top = set.last().copied().unwrap_or(0);
        let mut bits = vec![0u64; top / 64 + 1];
        for &s in &set {
            bits[s / 64] |= 1 << (s % 64);
        }
        Ok(Engine {
            seen: vec![false; set.len() + 1],
            set,
            bits,
            rows: Vec::new(),
            words: 0,
            max_rows: 1,
            row_bytes,
            synced: 0,
            #[cfg(test)]
            covers: 0,
            #[cfg(test)]
            direct_mexes: 0,
        })
    }

    /// Extends `values` (G(0), G(1), … of this set, or empty) until it holds `len` values.
    /// Values the caller appended are taken as they are; if values were removed, the rows
    /// are rebuilt from those left.
    ///
    /// ```
    /// use grundy::bitset_grundy::Engine;
    /// let mut engine = Engine::new(&[1, 3, 4]).unwrap();
    /// let mut values = vec![0, 1, 0];
    /// engine.extend(&mut values, 7);
    /// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2]);
    /// ```
    ///
    /// # Complexity
    /// O(min(len, max S)/64) per value for its row, one bit test per smaller value, and
    /// O(values/64) to read the rows' words of 64 positions; O(|S|) for a value past the
    /// rows. Growing past twice the length reached rebuilds the rows (amortised).
    pub fn extend(&mut self, values: &mut Vec<u32>, len: usize) {
        if len <= values.len() {
            return;
        }
        if self.synced > values.len() || len > 64 * self.words {
            if len > 64 * self.words {
                // Rows too short: rebuild them for at least twice the positions.
                self.words = len.max(2 * 64 * self.words) / 64 + 1;
            }
            self.max_rows = (self.row_bytes / (8 * self.words)).max(1);
            self.rows.clear();
            self.synced = 0;
        }
        while self.synced < values.len() {
            let (p, v) = (self.synced, values[self.synced]);
            self.cover(p, v);
            self.synced += 1;
        }
        values.reserve(len - values.len());
        // One column of 64 positions at a time: word k of every row, and for each of its
        // positions the first row whose bit is clear (a lower bound once positions of the
        // column add to the rows: a row only gains bits).
        let mut column: Vec<u64> = Vec::new();
        while values.len() < len {
            let k = values.len() / 64;
            column.clear();
            column.extend(self.rows.iter().map(|row| row[k]));
            let mut pending = u64::MAX;
            let mut first = [column.len(); 64];
            for (v, &word) in column.iter().enumerate() {
                let mut clear = pending & !word;
                pending &= word;
                while clear != 0 {
                    first[clear.trailing_zeros() as usize] = v;
                    clear &= clear - 1;
                }
                if pending == 0 {
                    break;
                }
            }
            let end = len.min(64 * k + 64);
            while values.len() < end {
                let n = values.len();
                let bit = 1u64 << (n % 64);
                let from = first[n % 64];
                let found = column[from.min(column.len())..]
                    .iter()
                    .position(|&w| w & bit == 0)
                    .map(|i| from + i);
                let v = match found {
                    Some(v) => v as u32,
                    // Every row covers n, and no position has the next value yet (it would
                    // have a row): the mex is the next value, unless the rows are full.
                    None if self.rows.len() < self.max_rows => self.rows.len() as u32,
                    None => self.direct_mex(n, values),
                };
                self.cover(n, v);
                self.synced += 1;
                values.push(v);
                if let Some(row) = self.rows.get(v as usize) {
                    if column.len() <= v as usize {
                        column.push(row[k]);
                    } else {
                        column[v as usize] = row[k];
                    }
                }
            }
        }
    }

    /// Sizes the rows for `len` positions before any is computed, so that a table extended
    /// in steps up to `len` never rebuilds them.
    ///
    /// ```
    /// use grundy::bitset_grundy::Engine;
    /// let mut engine = Engine::new(&[1, 2]).unwrap();
    /// engine.reserve(1000);
    /// let mut values = Vec::new();
    /// engine.extend(&mut values, 500);
    /// engine.extend(&mut values, 1000);
    /// assert_eq!(values[999], 999 % 3);
    /// ```
    pub fn reserve(&mut self, len: usize) {
        if self.synced == 0 && len > 64 * self.words {
            self.words = len / 64 + 1;
            self.max_rows = (self.row_bytes / (8 * self.words)).max(1);
            self.rows.clear();
        }
    }

    /// G(p) = v: row v takes S shifted by p (values past the rows have none).
    fn cover(&mut self, p: usize, v: u32) {
        #[cfg(test)]
        {
            self.covers += 1;
        }
        let v = v as usize;
        if v >= self.max_rows {
            return;
        }
        while self.rows.len() <= v {
            self.rows.push(vec![0; self.words]);
        }
        let row = &mut self.rows[v];
        let (w, b) = (p / 64, p % 64);
        let reach = self.bits.len().min(self.words - w);
        if b == 0 {
            for (i, &s) in self.bits[..reach].iter().enumerate() {
                row[w + i] |= s;
            }
        } else {
            for (i, &s) in self.bits[..reach].iter().enumerate() {
                row[w + i] |= s << b;
                if w + i + 1 < self.words {
                    row[w + i + 1] |= s >> (64 - b);
                }
            }
        }
    }

    /// The mex over n − s, s ∈ S, s <= n: at most |S| options, so one of |S| + 1 slots is free.
    fn direct_mex(&mut self, n: usize, values: &[u32]) -> u32 {
        #[cfg(test)]
        {
            self.direct_mexes += 1;
        }
        let options = &self.set[..self.set.partition_point(|&s| s <= n)];
        for &s in options {
            self.seen[values[n - s] as usize] = true;
        }
        let mex = (0..self.seen.len()).find(|&m| !self.seen[m]).unwrap_or(0);
        for &s in options {
            self.seen[values[n - s] as usize] = false;
        }
        mex as u32
    }
}

/// Grundy values of states `0..n` where the moves from `x` go to `x − s` for each s ∈ `set`
/// with s <= x: [`crate::values::grundy_table`]'s values for these moves, by the bitset
/// engine ([`Engine`]).
///
/// ```
/// use grundy::bitset_grundy::table;
/// use grundy::prelude::{grundy_table, Nimber};
/// let set = [1, 2];
/// let direct = grundy_table(7, |x| set.iter().filter(move |&&s| s <= x).map(move |s| x - s));
/// assert_eq!(table(7, &set), direct);
/// assert_eq!(table(4, &[2, 2]), [0, 0, 1, 1].map(Nimber));
/// ```
///
/// # Panics
/// If `set` holds 0 (a move that does not lower the state, as `grundy_table` panics).
///
/// # Complexity
/// As [`Engine::extend`]; memory as [`Engine`], plus 4 bytes a value.
pub fn table(n: usize, set: &[usize]) -> Vec<Nimber> {
    let mut engine = Engine::new(set).expect("table: a move of 0 does not lower the state");
    let mut values = Vec::new();
    engine.extend(&mut values, n);
    values.into_iter().map(|v| Nimber(v as u64)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    /// The literal mex over n − s, s ∈ S: the definition, nothing shared with the engine.
    fn direct(set: &[usize], len: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..len {
            let options: Vec<u32> = set.iter().filter(|&&s| s <= n).map(|&s| g[n - s]).collect();
            let mut m = 0;
            while options.contains(&m) {
                m += 1;
            }
            g.push(m);
        }
        g
    }

    fn random_set(rng: &mut Rng, size: u64, most: u64) -> Vec<usize> {
        (0..rng.range(1, size))
            .map(|_| rng.range(1, most) as usize)
            .collect()
    }

    #[test]
    fn agrees_with_the_direct_mex_on_random_sets() {
        let mut rng = Rng::new(4501);
        for round in 0..400 {
            // Small and large elements, sparse and dense sets, across word boundaries.
            let most = [5, 70, 200, 700][round % 4];
            let size = [3, 12, 60, 300][rng.below(4) as usize];
            let set = random_set(&mut rng, size, most);
            let len = rng.range(0, 1500) as usize;
            let expected = direct(&set, len);
            let mut engine = Engine::new(&set).unwrap();
            let mut values = Vec::new();
            engine.extend(&mut values, len);
            assert_eq!(values, expected, "{:?}", set);
            let as_table: Vec<u32> = table(len, &set).iter().map(|v| v.0 as u32).collect();
            assert_eq!(as_table, expected, "{:?}", set);
        }
    }

    #[test]
    fn gives_the_values_and_period_of_subtraction_game() {
        use crate::octal::Limits;
        use crate::periodicity::{certify, PeriodRule};
        use crate::subtraction::SubtractionGame;
        let mut rng = Rng::new(4503);
        for round in 0..120 {
            let most = if round % 2 == 0 { 12 } else { 300 };
            let mut set = random_set(&mut rng, 5, most);
            if round % 3 == 0 {
                // Dense sets too: many moves, values past a word's 64.
                set.extend((0..rng.range(50, 200)).map(|_| rng.range(1, 400) as usize));
            }
            let mut game = SubtractionGame::new(&set).unwrap();
            let period = game.run(Limits::up_to(1 << 13), |_| {}).unwrap();
            let mut engine = Engine::new(&set).unwrap();
            let mut values = Vec::new();
            engine.extend(&mut values, game.len());
            assert_eq!(values, game.values(), "{:?}", set);
            let longest = set.iter().copied().max().unwrap();
            assert_eq!(
                certify(&values, PeriodRule::window(longest)),
                period,
                "{:?}",
                set
            );
        }
    }

    #[test]
    fn extends_in_steps_and_after_removals() {
        let mut rng = Rng::new(4502);
        for _ in 0..100 {
            let set = random_set(&mut rng, 40, 150);
            let expected = direct(&set, 900);
            let mut engine = Engine::new(&set).unwrap();
            // Rows sized ahead for some of the steps, or not at all.
            engine.reserve(rng.range(0, 700) as usize);
            let mut values = Vec::new();
            let mut len = 0;
            while len < 900 {
                len = (len + rng.range(1, 200) as usize).min(900);
                engine.extend(&mut values, len);
                assert_eq!(values, &expected[..len], "{:?}", set);
                if rng.below(3) == 0 {
                    // The caller cuts the table back (as a certified period does).
                    len = rng.range(0, len as u64 + 1) as usize;
                    values.truncate(len);
                }
            }
            // Values the caller brings from elsewhere are used as they are.
            let mut fresh = Engine::new(&set).unwrap();
            let mut given = expected[..300].to_vec();
            fresh.extend(&mut given, 900);
            assert_eq!(given, expected, "{:?}", set);
            engine.extend(&mut values, 10);
            assert_eq!(values.len(), 900);
        }
    }

    #[test]
    fn a_shorter_table_of_other_values_starts_afresh() {
        // After one table, the same engine is handed a shorter one that starts with other
        // values: nothing of the first table's rows may count.
        let mut rng = Rng::new(138);
        for _ in 0..100 {
            let set = random_set(&mut rng, 40, 150);
            let mut engine = Engine::new(&set).unwrap();
            // The first table as long as the second: its rows are long enough, and only the
            // shorter table can tell the engine to start again.
            let mut first = Vec::new();
            engine.extend(&mut first, 900);
            let start: Vec<u32> = (0..rng.range(1, 40)).map(|_| rng.below(6) as u32).collect();
            let mut expected = start.clone();
            for n in start.len()..900 {
                let options: Vec<u32> = set
                    .iter()
                    .filter(|&&s| s <= n)
                    .map(|&s| expected[n - s])
                    .collect();
                let mut m = 0;
                while options.contains(&m) {
                    m += 1;
                }
                expected.push(m);
            }
            let mut given = start;
            engine.extend(&mut given, 900);
            assert_eq!(given, expected, "{:?}", set);
        }
    }

    #[test]
    fn values_past_the_rows_are_computed_directly() {
        // S = {1, …, m}: G(n) = n mod (m + 1), values up to m, past the rows that fit.
        let m = 296;
        let set: Vec<usize> = (1..=m).collect();
        let mut engine = Engine::with_row_bytes(&set, 100 * 8 * 15).unwrap();
        let mut values = Vec::new();
        engine.extend(&mut values, 3 * (m + 1) + 5);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(v as usize, n % (m + 1), "at {}", n);
        }
        assert_eq!(engine.rows.len(), 100);
        // Longer moves too: values past the rows that are not simply n mod (m + 1).
        let mut longer = set.clone();
        longer.extend([m + 50, m + 77]);
        for bytes in [0, 8 * 32 * 50, 8 * 32 * 400] {
            let mut engine = Engine::with_row_bytes(&longer, bytes).unwrap();
            let mut values = Vec::new();
            engine.extend(&mut values, 2000);
            assert_eq!(values, direct(&longer, 2000), "{}", bytes);
            assert!(values.iter().any(|&v| v > 200));
        }
    }

    #[test]
    fn bad_and_empty_sets() {
        assert_eq!(Engine::new(&[4, 0]).unwrap_err(), ZeroMove);
        assert_eq!(ZeroMove.to_string(), "a subtraction of 0 is not a move");
        let mut none = Engine::new(&[]).unwrap();
        let mut values = Vec::new();
        none.extend(&mut values, 100);
        assert_eq!(values, vec![0; 100]);
        assert!(std::panic::catch_unwind(|| table(3, &[0])).is_err());
    }

    // The engine's cost and memory, not only its values: each position reaches the rows once
    // unless they must grow, they grow by doubling, and the default budget keeps a row for
    // every value that fits in it.

    #[test]
    fn rows_sized_ahead_take_each_position_once() {
        let mut rng = Rng::new(4504);
        for _ in 0..60 {
            let set = random_set(&mut rng, 40, 150);
            let mut engine = Engine::new(&set).unwrap();
            let reserved = rng.range(300, 2000) as usize;
            engine.reserve(reserved);
            let words = engine.words;
            // Rows for the positions asked for, and less than a word more.
            assert!(64 * words >= reserved && 64 * words <= reserved + 64);
            // Reserving again for no more than the rows cover changes nothing.
            engine.reserve(64 * words);
            engine.reserve(rng.range(0, 64 * words as u64 + 1) as usize);
            assert_eq!(engine.words, words);
            // In steps up to the exact end of the rows; the caller sometimes brings values (and
            // the engine the last step).
            let end = 64 * words;
            let expected = direct(&set, end);
            let mut values = Vec::new();
            while values.len() < end {
                let len = (values.len() + rng.range(1, 150) as usize).min(end);
                if len < end && rng.below(4) == 0 {
                    values.extend_from_slice(&expected[values.len()..len]);
                } else {
                    engine.extend(&mut values, len);
                }
                assert_eq!(values, &expected[..len], "{:?}", set);
            }
            assert_eq!(engine.synced, end);
            assert_eq!(engine.covers, end, "{:?}", set);
            assert_eq!(engine.words, words);
            // Values up to a few hundred: the default budget holds a row for each.
            assert_eq!(engine.direct_mexes, 0);
            assert_eq!(engine.rows.len() as u32, expected.iter().max().unwrap() + 1);
        }
    }

    #[test]
    fn rows_grown_one_value_at_a_time_double() {
        let mut rng = Rng::new(4505);
        for _ in 0..10 {
            let set = random_set(&mut rng, 20, 100);
            let mut engine = Engine::new(&set).unwrap();
            let mut values = Vec::new();
            let end = 4000;
            for len in 1..=end {
                engine.extend(&mut values, len);
            }
            assert_eq!(values, direct(&set, end), "{:?}", set);
            // Doubling: every rebuild re-covers at most half the positions covered after it.
            assert!(engine.covers <= 2 * end, "{} covers", engine.covers);
            // Rows at most twice the length reached (plus a word).
            assert!(64 * engine.words <= 2 * end + 64, "{} words", engine.words);
            assert!(64 * engine.words >= end);
        }
    }

    #[test]
    fn a_table_cut_back_keeps_the_rows_length() {
        let mut rng = Rng::new(4506);
        for _ in 0..40 {
            let set = random_set(&mut rng, 40, 150);
            let mut engine = Engine::new(&set).unwrap();
            let mut values = Vec::new();
            engine.extend(&mut values, rng.range(1, 1000) as usize);
            let words = engine.words;
            values.truncate(rng.range(0, values.len() as u64) as usize);
            engine.extend(&mut values, 64 * words);
            assert_eq!(values, direct(&set, 64 * words), "{:?}", set);
            assert_eq!(engine.words, words);
        }
    }

    #[test]
    fn reserving_after_values_are_computed_does_nothing() {
        let mut rng = Rng::new(4507);
        for _ in 0..40 {
            let set = random_set(&mut rng, 40, 150);
            let mut engine = Engine::new(&set).unwrap();
            let mut values = Vec::new();
            engine.extend(&mut values, rng.range(1, 200) as usize);
            let (words, rows) = (engine.words, engine.rows.clone());
            engine.reserve(rng.range(1000, 5000) as usize);
            assert_eq!((engine.words, &engine.rows), (words, &rows));
            engine.extend(&mut values, 3000);
            assert_eq!(values, direct(&set, 3000), "{:?}", set);
        }
    }

    #[test]
    fn the_rows_stay_within_their_budget() {
        let mut rng = Rng::new(4508);
        for _ in 0..60 {
            // S = {1, …, m} and more: values up to m and past.
            let m = rng.range(1, 120) as usize;
            let mut set: Vec<usize> = (1..=m).collect();
            set.extend(random_set(&mut rng, 5, 300));
            let budget = rng.range(0, 8 * 64 * 40) as usize;
            let mut engine = Engine::with_row_bytes(&set, budget).unwrap();
            if rng.below(2) == 0 {
                // Rows sized ahead hold to the budget too.
                engine.reserve(2000);
            }
            let mut values = Vec::new();
            engine.extend(&mut values, 2000);
            assert_eq!(values, direct(&set, 2000), "{:?}", set);
            let bytes = 8 * engine.words * engine.rows.len();
            assert!(
                bytes <= budget.max(8 * engine.words),
                "{} > {}",
                bytes,
                budget
            );
            // A row for every value the budget has room for, the rest by the direct mex.
            let fit = (budget / (8 * engine.words)).max(1);
            let distinct = *values.iter().max().unwrap() as usize + 1;
            assert_eq!(engine.rows.len(), distinct.min(fit));
            let past = values.iter().filter(|&&v| v as usize >= fit).count();
            assert_eq!(engine.direct_mexes, past);
        }
        // The default budget: a row each for a few hundred values.
        let set: Vec<usize> = (1..=300).collect();
        let mut engine = Engine::new(&set).unwrap();
        let mut values = Vec::new();
        engine.extend(&mut values, 100_000);
        assert_eq!((engine.rows.len(), engine.direct_mexes), (301, 0));
        assert!(8 * engine.words * engine.rows.len() <= ROW_BYTES);
    }

    #[test]
    fn the_table_grows_by_the_values_asked_for() {
        // Room for the values added, not for as many again (a table of 2^28 values is 1 GiB):
        // a table of exactly 100 values asked to reach 1000 needs room for 1000, which Vec's
        // doubling does not exceed from 100.
        let set = [1, 4, 9];
        let mut engine = Engine::new(&set).unwrap();
        let mut values = direct(&set, 100);
        values.shrink_to_fit();
        engine.extend(&mut values, 1000);
        assert_eq!(values, direct(&set, 1000));
        assert!(values.capacity() < 1100, "capacity {}", values.capacity());
    }
}
