//! The search for the rare mex candidates of [`super::BitSliced`]: which of a few wanted
//! values the split pairs (a, m − a) of a heap make, in an order chosen by measurement.
//!
//! Where a row's pairs make the hard candidates depends on the game. On Officers the pairs
//! near the middle of the row (a ≈ m/2, the two heaps close in size) and those with a small
//! part make them most often, and the pairs in between least (the sequence there has a
//! structure that keeps some values apart: replayed at 2^20, scanning from both ends took
//! 1,750 pairs a heap against 2,610 from a = 1). On 0.777 the small parts alone are best
//! (680 against 1,300). With several split digits the order from a = 1 takes a block of each
//! row in turn, so the small parts of every row come first (.376: 1,900 pairs a value at 2^17
//! against 10,051 row by row). [`OrderChooser`] measures both orders on a sample of the heaps
//! and scans the others in the cheaper one.
//!
//! One job a file: this one the scan of a heap's pairs ([`find_wanted`]), `order` the scan
//! orders and their choice.

mod order;
#[cfg(test)]
mod tests;

pub(super) use order::{OrderChooser, ScanOrder};

use super::planes::Planes;
use order::Schedule;

/// The scalar scan hands over to the planes when this many candidates are left: the scalar
/// scan, without branches, costs about a cycle a pair; the planes cost two operations a plane
/// a candidate a step of 64 pairs, so they win for the last few. Of 0, 1, 2, 4, 8 and 16 tried
/// on Officers, 0.777 and .376, 2 was the fastest; a later hand-over hurts .376 most, whose
/// rows are often scanned to the end for a value no pair makes.
const HAND_OVER: usize = 2;

/// One heap in this many scans its candidates in both orders, to measure them.
pub(super) const TRIAL_EVERY: usize = 128;

/// What the search reads: the values G(0..n) of heap n = `g.len()`, its split digits and the
/// planes of the values.
#[derive(Clone, Copy)]
pub(super) struct Heap<'a> {
    pub(super) g: &'a [u16],
    pub(super) split: &'a [usize],
    pub(super) planes: &'a Planes,
}

/// The most wanted values the scan without stores tracks: one bit each of a word.
const MASK_BITS: usize = 64;

/// Scratch tables of the scalar scan, clean (all false, all zero) between searches.
pub(super) struct Scratch {
    /// `is_wanted[v]`: v is wanted and not yet met (while more than `MASK_BITS` are).
    is_wanted: Box<[bool; 1 << 16]>,
    /// `masks[v]`: the bit of wanted value v (one of at most `MASK_BITS`), 0 for the others.
    masks: Box<[u64; 1 << 16]>,
}

impl Scratch {
    /// Clean tables (allocated on the heap directly: 576 KiB, of which the values below the
    /// largest one's next power of two are touched).
    pub(super) fn new() -> Self {
        Scratch {
            is_wanted: boxed_table(false),
            masks: boxed_table(0),
        }
    }

    /// Whether both tables are clean.
    #[cfg(test)]
    fn is_clean(&self) -> bool {
        self.is_wanted.iter().all(|&w| !w) && self.masks.iter().all(|&m| m == 0)
    }
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}

/// Scratch holds nothing between searches: a clone is a clean one.
impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::new()
    }
}

/// A table of `N` copies of `value`, built on the heap (never on the stack first).
pub(super) fn boxed_table<T: Clone, const N: usize>(value: T) -> Box<[T; N]> {
    match vec![value; N].into_boxed_slice().try_into() {
        Ok(table) => table,
        Err(_) => unreachable!("the table has N entries"),
    }
}

/// Removes from `wanted` the values the split pairs of the heap make, and returns the pairs
/// visited: in `order`, one pair at a time until at most `HAND_OVER` (2) are left, then 64
/// pairs a step in the planes. While more than `MASK_BITS` (64) are wanted each pair unmarks
/// its value in a table; from then on each pair ORs its value's bit into one word, with no
/// store (the bits are written to the table once a search), the bits left counted every 32
/// pairs. `wanted` holds distinct values (a value twice would be kept once); `scratch` is
/// clean on entry and on return; `wanted` is left holding the values no split makes.
pub(super) fn find_wanted(
    heap: Heap<'_>,
    order: ScanOrder,
    wanted: &mut Vec<u16>,
    scratch: &mut Scratch,
) -> u64 {
    let g = heap.g;
    let mut schedule = Schedule::new(g.len(), heap.split, order);
    let mut visited = 0u64;
    // What a scan leaves of its last range.
    let mut rest: Option<(usize, usize, usize)> = None;
    if wanted.len() > MASK_BITS {
        let is_wanted = &mut scratch.is_wanted;
        wanted
            .iter()
            .for_each(|&v| is_wanted[usize::from(v)] = true);
        let mut missing = wanted.len();
        visited += scan_rows(g, heap.planes, &mut schedule, &mut rest, |left, right| {
            scan_pairs(left, right, is_wanted, &mut missing, MASK_BITS)
        });
        keep(wanted, |v| {
            let left = is_wanted[usize::from(v)];
            is_wanted[usize::from(v)] = false;
            left
        });
    }
    // More than `MASK_BITS` left only when every pair was scanned above: nothing to scan.
    if HAND_OVER < wanted.len() && wanted.len() <= MASK_BITS {
        let masks = &mut scratch.masks;
        for (k, &v) in wanted.iter().enumerate() {
            masks[usize::from(v)] = 1 << k;
        }
        let all = !0u64 >> (64 - wanted.len());
        let mut found = 0u64;
        visited += scan_rows(g, heap.planes, &mut schedule, &mut rest, |left, right| {
            scan_masks(left, right, masks, &mut found, all, HAND_OVER)
        });
        // Value k is left if its bit was not found; every bit is cleared from the table.
        let mut k = 0;
        keep(wanted, |v| {
            masks[usize::from(v)] = 0;
            k += 1;
            found >> (k - 1) & 1 == 0
        });
    }
    // The planes, for what is left.
    if !wanted.is_empty() {
        let ranges = rest.into_iter().chain(schedule);
        visited += heap.planes.find_pairs(ranges, wanted, |_| {});
    }
    visited
}

/// Keeps the values `v` of `wanted` for which `left(v)` (called once each, in order) is true,
/// without a branch on it: every value is written at the end of those kept, which grows by
/// one if it stays. Which stay is as good as random, and `Vec::retain` branches on it: a
/// mispredicted branch a value, in the search's innermost loop.
fn keep(wanted: &mut Vec<u16>, mut left: impl FnMut(u16) -> bool) {
    let mut kept = 0;
    for i in 0..wanted.len() {
        let v = wanted[i];
        let stays = left(v);
        wanted[kept] = v;
        kept += usize::from(stays);
    }
    wanted.truncate(kept);
}

/// Runs `scan` on the pairs of `rest` (what an earlier scan left of its last range), then on
/// the ranges `schedule` gives, until `scan` stops inside one (returning the index of its last
/// pair): the rest of that range is left in `rest`. Returns the pairs scanned.
fn scan_rows(
    g: &[u16],
    planes: &Planes,
    schedule: &mut Schedule<'_>,
    rest: &mut Option<(usize, usize, usize)>,
    mut scan: impl FnMut(&[u16], &[u16]) -> Option<usize>,
) -> u64 {
    let mut visited = 0;
    while let Some((m, lo, hi)) = rest.take().or_else(|| schedule.next()) {
        // Pair i is (lo + i, m − lo − i): the partners, from the planes' mirrored copy of the
        // values, in the order of their pairs.
        match scan(&g[lo..hi], planes.partners(m, lo, hi)) {
            Some(i) => {
                *rest = Some((m, lo + i + 1, hi));
                return visited + i as u64 + 1;
            }
            None => visited += (hi - lo) as u64,
        }
    }
    visited
}

/// Scans the pairs (`left[i]`, `right[i]`) in order, unmarking in `is_wanted` each
/// wanted value met; returns the index of the last pair scanned once at most `stop` are
/// `missing`, if that is reached.
///
/// Four pairs a step with one branch for the four, rarely taken, and none inside it: which
/// pair makes a wanted value is as good as random, so a branch a pair would be mispredicted
/// once for each value met. The four values are read from fixed offsets of two chunks, so the
/// loop has no bounds checks.
fn scan_pairs(
    left: &[u16],
    right: &[u16],
    is_wanted: &mut [bool; 1 << 16],
    missing: &mut usize,
    stop: usize,
) -> Option<usize> {
    let quads = left.chunks_exact(4).zip(right.chunks_exact(4));
    for (q, (x, y)) in quads.enumerate() {
        let v = [
            usize::from(x[0] ^ y[0]),
            usize::from(x[1] ^ y[1]),
            usize::from(x[2] ^ y[2]),
            usize::from(x[3] ^ y[3]),
        ];
        for &v in &v {
            *missing -= usize::from(is_wanted[v]);
            is_wanted[v] = false;
        }
        if *missing <= stop {
            return Some(4 * q + 3);
        }
    }
    let done = left.len() - left.len() % 4;
    for i in done..left.len() {
        let v = usize::from(left[i] ^ right[i]);
        *missing -= usize::from(is_wanted[v]);
        is_wanted[v] = false;
        if *missing <= stop {
            return Some(i);
        }
    }
    None
}

/// Pairs [`scan_masks`] reads between two counts of the bits left.
const MASK_STEP: usize = 32;

/// The pairs as in [`scan_pairs`], each ORing the bit `masks[v]` of its value v into `found`
/// (no store: the one memory access a pair besides the values is the read of `masks`);
/// returns the index of the last pair scanned once at most `stop` of the bits `all` are not
/// found, if that is reached. Four pairs' values are one XOR of two words, the four values
/// of each side read at once (the partners run upwards in the mirrored copy, as their pairs,
/// so a step is 1.5 loads a pair where reading them downwards from the values, then reversing
/// the word, took 3; see docs/benchmarks.md for `work`). The bits left are checked every
/// `MASK_STEP` (32) pairs and after the last pair, not every four: a step is read without a
/// branch. The check clears the lowest bit left `stop` times (`stop` is the constant
/// `HAND_OVER` where this is called: two operations each) instead of counting them, which
/// without the popcount instruction (not in the x86-64 baseline) is a dozen.
fn scan_masks(
    left: &[u16],
    right: &[u16],
    masks: &[u64; 1 << 16],
    found: &mut u64,
    all: u64,
    stop: usize,
) -> Option<usize> {
    // At most `stop` bits left: none once the lowest is cleared `stop` times.
    let done = |found: u64| {
        let mut left = all & !found;
        for _ in 0..stop {
            left &= left.wrapping_sub(1);
        }
        left == 0
    };
    // Two words, each ORed with every other pair's bit: two chains of ORs of a cycle each,
    // not one (the compiler merges the ORs of one step into a single chain).
    let (mut even, mut odd) = (*found, 0);
    let steps = left
        .chunks_exact(MASK_STEP)
        .zip(right.chunks_exact(MASK_STEP));
    for (s, (x, y)) in steps.enumerate() {
        for (x, y) in x.chunks_exact(4).zip(y.chunks_exact(4)) {
            let v = word(x) ^ word(y);
            even |= masks[(v & 0xffff) as usize];
            odd |= masks[(v >> 16 & 0xffff) as usize];
            even |= masks[(v >> 32 & 0xffff) as usize];
            odd |= masks[(v >> 48) as usize];
        }
        if done(even | odd) {
            *found = even | odd;
            return Some(MASK_STEP * s + MASK_STEP - 1);
        }
    }
    let tail = left.len() - left.len() % MASK_STEP;
    for i in tail..left.len() {
        even |= masks[usize::from(left[i] ^ right[i])];
    }
    *found = even | odd;
    if tail < left.len() && done(*found) {
        return Some(left.len() - 1);
    }
    None
}

/// Four values as the quarters of a word, the first the lowest (the scan's pairs and the far
/// pass's partners are read this way).
#[inline]
pub(super) fn word(four: &[u16]) -> u64 {
    u64::from(four[0])
        | u64::from(four[1]) << 16
        | u64::from(four[2]) << 32
        | u64::from(four[3]) << 48
}
