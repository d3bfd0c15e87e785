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
mod tests;
