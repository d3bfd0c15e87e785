//! The rare-value ("sparse space") method.
//!
//! For a mask m, call a value v *rare* when popcount(v & m) is even. Parity of popcount is
//! additive under XOR, so a *common* value G(a) ^ G(b) needs exactly one of G(a), G(b) rare.
//! When rare values are few, every common option value of a split is found by pairing each rare
//! position with its partner, and rare candidates for the mex are checked one by one
//! (Berlekamp; Flammenkamp; Gangolli–Plambeck).

use super::moves::{push_value, Moves};
use super::{OctalCode, Solver, ValueTooLarge};
use crate::mex::MexBuffer;

/// Positions below this are always computed naively; the mask is first chosen here and again
/// at every doubling of the sequence.
pub(super) const FIRST_REVIEW: usize = 64;

/// The rare-value method: split options from the pairs with a rare part, then an early-exit
/// scan for the rare values below the first missing common one.
///
/// [`RareValue::new`] uses it while rare positions are at most 1/8 of all and the naive scan
/// otherwise, choosing again at every doubling of the sequence; [`RareValue::always`] uses it
/// whenever the game has split moves. Both give the values of [`crate::octal::Naive`].
///
/// ```
/// use grundy::octal::{RareValue, Solver};
/// let mut officers = RareValue::new("0.6".parse().unwrap());
/// officers.extend_to(20).unwrap();
/// assert_eq!(officers.values(), &[0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1]);
/// ```
///
/// # Complexity
/// O(r · s + c) per value, with r the rare positions below n, s the split digits and c the
/// cost of the rare mex candidates' early-exit scans, which is small when rare values are
/// rare. Memory: 2 bytes a value, 4 a rare position, and a 64 KiB table once the rare method is used.
#[derive(Clone, Debug)]
pub struct RareValue {
    code: OctalCode,
    moves: Moves,
    values: Vec<u16>,
    seen: MexBuffer,
    only_when_sparse: bool,
    rare: Option<RareIndex>,
    next_review: usize,
    wanted: Vec<usize>,
    /// Scratch for the rare mex candidates, allocated when the rare method is first used (a
    /// game that never uses it, or a short one, does not pay for 64 KiB of zeroes).
    is_wanted: Option<Box<[bool; 1 << 16]>>,
}

impl RareValue {
    /// The game of `code`, with the rare-value method while rare positions are at most 1/8 of
    /// all (the best choice measured), the naive scan otherwise.
    ///
    /// ```
    /// use grundy::octal::{RareValue, Solver};
    /// let mut game = RareValue::new("0.007".parse().unwrap());
    /// game.extend_to(26).unwrap();
    /// assert_eq!(game.values()[20..], [2, 2, 4, 4, 0, 5]);
    /// ```
    ///
    /// # Complexity
    /// O(k) for a code of k digits.
    pub fn new(code: OctalCode) -> Self {
        RareValue::with_policy(code, true)
    }

    /// The game of `code`, with the rare-value method from position 64 on whatever the share
    /// of rare positions (for tests and measurements).
    ///
    /// ```
    /// use grundy::octal::{RareValue, Solver};
    /// let mut game = RareValue::always("0.6".parse().unwrap());
    /// game.extend_to(1000).unwrap();
    /// assert!(game.rare_mask().is_some());
    /// ```
    ///
    /// # Complexity
    /// O(k) for a code of k digits.
    pub fn always(code: OctalCode) -> Self {
        RareValue::with_policy(code, false)
    }

    fn with_policy(code: OctalCode, only_when_sparse: bool) -> Self {
        RareValue {
            moves: Moves::new(&code),
            code,
            values: Vec::new(),
            seen: MexBuffer::new(64),
            only_when_sparse,
            rare: None,
            next_review: FIRST_REVIEW,
            wanted: Vec::new(),
            is_wanted: None,
        }
    }

    /// The mask of the rare-value method, while it is in use.
    ///
    /// ```
    /// use grundy::octal::{RareValue, Solver};
    /// let mut game = RareValue::always("0.6".parse().unwrap());
    /// game.extend_to(64).unwrap();
    /// assert_eq!(game.rare_mask(), None); // the first 64 values are computed naively
    /// game.extend_to(1000).unwrap();
    /// assert!(game.rare_mask().is_some());
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn rare_mask(&self) -> Option<u16> {
        self.rare.as_ref().map(RareIndex::mask)
    }

    /// Chooses the method for the next stretch of values from the histogram so far.
    fn review_method(&mut self) {
        self.next_review = 2 * self.values.len().max(1);
        self.rare = None;
        if self.moves.split.is_empty() {
            return;
        }
        self.rare = chosen_index(&self.values, self.only_when_sparse);
    }

    /// G(n) for n = len, from the values below it, and the options examined.
    fn next_value(&mut self) -> (usize, u64) {
        let g = &self.values;
        let n = g.len();
        self.seen.clear();
        let mut work = self.moves.insert_unsplit(g, &mut self.seen);
        let rare = match &self.rare {
            Some(rare) => rare,
            None => {
                work += self.moves.insert_every_split(g, &mut self.seen);
                return (self.seen.mex(), work);
            }
        };
        // Every split with a rare part: this finds every common option value.
        for &j in &self.moves.split {
            if n >= j + 2 {
                let m = n - j;
                let positions = rare.positions();
                let below = positions.partition_point(|&a| (a as usize) < m);
                work += below as u64;
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
            work += find_split_values(
                g,
                &self.moves.split,
                &self.wanted,
                &mut self.seen,
                self.is_wanted
                    .get_or_insert_with(|| Box::new([false; 1 << 16])),
            );
        }
        (self.seen.mex(), work)
    }
}

impl Solver for RareValue {
    fn code(&self) -> &OctalCode {
        &self.code
    }

    fn values(&self) -> &[u16] {
        &self.values
    }

    fn push_next(&mut self) -> Result<u64, ValueTooLarge> {
        if self.values.len() == self.next_review {
            self.review_method();
        }
        let (g, work) = self.next_value();
        let g = push_value(&mut self.values, &mut self.seen, g)?;
        if let Some(rare) = &mut self.rare {
            rare.record(self.values.len() - 1, g);
        }
        Ok(work)
    }

    fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
        if let Some(rare) = &mut self.rare {
            rare.truncate(len);
        }
    }

    fn reserve(&mut self, additional: usize) {
        self.values.reserve_exact(additional);
    }
}

/// Marks in `seen` which of the `wanted` values splits of heap n = `g.len()` make, stopping as
/// soon as all are found, and returns how many pairs it visited. `is_wanted` is scratch space,
/// all false on entry and on return.
///
/// The pairs (a, m − a) are visited along the row: the two halves of the row are zipped as
/// slices, and the test is one look-up in a table of every 16-bit value, so the loop has no
/// bounds checks and one branch that is almost never taken. (Visiting the row in a scattered
/// order was measured too: it met the wanted values no sooner and cost more per pair.)
#[allow(clippy::needless_range_loop)] // indices into two equal-length slices compile tightest
fn find_split_values(
    g: &[u16],
    split: &[usize],
    wanted: &[usize],
    seen: &mut MexBuffer,
    is_wanted: &mut [bool; 1 << 16],
) -> u64 {
    let n = g.len();
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

/// A mask and the positions (>= 1) whose value is rare under it, in increasing order.
#[derive(Clone, Debug)]
pub(super) struct RareIndex {
    mask: u16,
    positions: Vec<u32>,
}

impl RareIndex {
    /// The index of `values[1..]` under `mask`.
    pub(super) fn new(mask: u16, values: &[u16]) -> Self {
        let mut index = RareIndex {
            mask,
            positions: Vec::new(),
        };
        for (n, &v) in values.iter().enumerate().skip(1) {
            index.record(n, v);
        }
        index
    }

    /// The mask in use.
    pub(super) fn mask(&self) -> u16 {
        self.mask
    }

    /// Whether `v` is rare under the mask.
    #[inline]
    pub(super) fn is_rare(&self, v: u16) -> bool {
        (v & self.mask).count_ones() % 2 == 0
    }

    /// The rare positions, increasing.
    #[inline]
    pub(super) fn positions(&self) -> &[u32] {
        &self.positions
    }

    /// Notes that position `n` (the next one, n >= 1) has value `v`.
    pub(super) fn record(&mut self, n: usize, v: u16) {
        if n >= 1 && self.is_rare(v) {
            self.positions.push(n as u32);
        }
    }

    /// Forgets positions at or above `len`.
    pub(super) fn truncate(&mut self, len: usize) {
        while self.positions.last().map_or(false, |&p| p as usize >= len) {
            self.positions.pop();
        }
    }
}

/// The rare-value index the methods use for `values`, by the policy measured best: when at
/// most 1/8 of the positions are rare under the best mask, or always if `only_when_sparse`
/// is false; `None` when the naive scan is the better choice.
pub(super) fn chosen_index(values: &[u16], only_when_sparse: bool) -> Option<RareIndex> {
    let (mask, rare_count) = best_mask(values);
    let worth_it = rare_count * 8 <= values.len();
    if worth_it || !only_when_sparse {
        Some(RareIndex::new(mask, values))
    } else {
        None
    }
}

/// The non-zero mask that makes the fewest of `values[1..]` rare, with that count.
///
/// With h the histogram of values, the Walsh–Hadamard transform H(m) = Σ_v h(v)·(−1)^popcount(v&m)
/// equals (#rare − #common) under mask m, so one transform scores every mask at once.
///
/// # Complexity
/// O(N + b · 2^b) for N values below 2^b.
pub(super) fn best_mask(values: &[u16]) -> (u16, usize) {
    let counted = values.get(1..).unwrap_or(&[]);
    let top = counted.iter().copied().max().unwrap_or(0);
    let size = (top as usize + 1).next_power_of_two().max(2);
    let mut score: Vec<i64> = vec![0; size];
    counted.iter().for_each(|&v| score[v as usize] += 1);
    let mut half = 1;
    while half < size {
        for block in (0..size).step_by(2 * half) {
            for i in block..block + half {
                let (a, b) = (score[i], score[i + half]);
                score[i] = a + b;
                score[i + half] = a - b;
            }
        }
        half *= 2;
    }
    let total = counted.len() as i64;
    let (mask, s) = (1..size)
        .map(|m| (m, score[m]))
        .min_by_key(|&(_, s)| s)
        .expect("size >= 2");
    (mask as u16, ((total + s) / 2) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_mask_matches_brute_force_counting() {
        let values: Vec<u16> = (0..500u32)
            .map(|i| ((i * 37 + i / 7) % 23) as u16)
            .collect();
        let (mask, rare) = best_mask(&values);
        let count = |m: u16| {
            values[1..]
                .iter()
                .filter(|&&v| (v & m).count_ones() % 2 == 0)
                .count()
        };
        assert_eq!(rare, count(mask));
        assert!((1..32u16).all(|m| count(m) >= rare));
        assert_eq!(RareIndex::new(mask, &values).positions().len(), rare);
    }
}
