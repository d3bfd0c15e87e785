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

use super::planes::Planes;

/// The scalar scan hands over to the planes when this many candidates are left: the scalar
/// scan, without branches, costs about a cycle a pair; the planes cost two operations a plane
/// a candidate a step of 64 pairs, so they win for the last few. Of 0, 1, 2, 4, 8 and 16 tried
/// on Officers, 0.777 and .376, 2 was the fastest; a later hand-over hurts .376 most, whose
/// rows are often scanned to the end for a value no pair makes.
const HAND_OVER: usize = 2;

/// Pairs a block of the two-ended order takes from one end before turning to the other (a
/// multiple of 64, so that each block is whole words of the planes; 16, 64 and 256 met the
/// candidates after as many pairs in the replay).
const BLOCK: usize = 256;

/// One heap in this many scans its candidates in both orders, to measure them.
pub(super) const TRIAL_EVERY: usize = 128;

/// The order in which each row's pairs (a, m − a), 1 <= a <= m/2, are scanned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ScanOrder {
    /// From a = 1 upwards, `BLOCK` pairs of each row in turn: the small parts of every row
    /// first (.376, whose rows are those of digits 2 and 3: 1,900 pairs a value from 2^17 to
    /// 2^18 against 10,051 row by row).
    Low,
    /// `BLOCK` pairs from a = 1 upwards, then `BLOCK` from the middle downwards, and so on
    /// until they meet.
    BothEnds,
}

impl ScanOrder {
    fn other(self) -> ScanOrder {
        match self {
            ScanOrder::Low => ScanOrder::BothEnds,
            ScanOrder::BothEnds => ScanOrder::Low,
        }
    }
}

/// Picks the scan order from the pairs both orders needed on the same heaps.
#[derive(Clone, Debug)]
pub(super) struct OrderChooser {
    order: ScanOrder,
    /// Pairs each order needed on the trial heaps since the last review, `[Low, BothEnds]`.
    pairs: [u64; 2],
    /// A trial every this many searches (`usize::MAX`: never, the order stays fixed).
    trial_every: usize,
    searches: usize,
}

impl OrderChooser {
    /// Starts with `order`, trying both every `trial_every` searches.
    pub(super) fn new(order: ScanOrder, trial_every: usize) -> Self {
        OrderChooser {
            order,
            pairs: [0; 2],
            trial_every,
            searches: 0,
        }
    }

    /// The order in use.
    #[cfg(test)]
    pub(super) fn order(&self) -> ScanOrder {
        self.order
    }

    /// Weighs the later trials as much as all those before (the game may have changed).
    pub(super) fn review(&mut self) {
        self.pairs = [self.pairs[0] / 2, self.pairs[1] / 2];
    }

    /// [`find_wanted`] in the order in use; on a trial heap also in the other order (on a copy),
    /// switching when the other has needed fewer pairs. Returns the pairs visited by both.
    pub(super) fn find(
        &mut self,
        heap: Heap<'_>,
        wanted: &mut Vec<u16>,
        scratch: &mut Scratch,
    ) -> u64 {
        self.searches += 1;
        if self.searches < self.trial_every {
            return find_wanted(heap, self.order, wanted, scratch);
        }
        self.searches = 0;
        let other = self.order.other();
        let mut copy = wanted.clone();
        let tried = find_wanted(heap, other, &mut copy, scratch);
        let used = find_wanted(heap, self.order, wanted, scratch);
        self.pairs[other as usize] += tried;
        self.pairs[self.order as usize] += used;
        if self.pairs[other as usize] < self.pairs[self.order as usize] {
            self.order = other;
        }
        tried + used
    }
}

/// What the search reads: the values G(0..n) of heap n = `g.len()`, its split digits and the
/// planes of the values.
#[derive(Clone, Copy)]
pub(super) struct Heap<'a> {
    pub(super) g: &'a [u16],
    pub(super) split: &'a [usize],
    pub(super) planes: &'a Planes,
}

/// The ranges of pairs of a heap's split rows, in scan order: `(m, lo, hi)` for the pairs
/// (a, m − a) with lo <= a < hi.
#[derive(Clone)]
struct Schedule<'a> {
    n: usize,
    split: &'a [usize],
    order: ScanOrder,
    next_row: usize,
    m: usize,
    low: usize,
    high: usize,
    from_middle: bool,
    /// `Low`: some row had pairs left in this round of blocks.
    round_found: bool,
}

impl<'a> Schedule<'a> {
    fn new(n: usize, split: &'a [usize], order: ScanOrder) -> Self {
        Schedule {
            n,
            split,
            order,
            next_row: 0,
            m: 0,
            low: 0,
            high: 0,
            from_middle: false,
            round_found: false,
        }
    }
}

impl Schedule<'_> {
    /// The next block of the order `Low`: pairs 1 + k·`BLOCK`..1 + (k + 1)·`BLOCK` of each
    /// row in turn (k = `low` / `BLOCK`), until a round finds every row done.
    fn next_across_rows(&mut self) -> Option<(usize, usize, usize)> {
        loop {
            if self.next_row == self.split.len() {
                if !self.round_found {
                    return None;
                }
                self.next_row = 0;
                self.low += BLOCK;
                self.round_found = false;
            }
            let j = self.split[self.next_row];
            self.next_row += 1;
            if self.n >= j + 2 {
                let m = self.n - j;
                let lo = 1 + self.low;
                let hi = (lo + BLOCK).min(m / 2 + 1);
                if lo < hi {
                    self.round_found = true;
                    return Some((m, lo, hi));
                }
            }
        }
    }
}

impl Iterator for Schedule<'_> {
    type Item = (usize, usize, usize);

    fn next(&mut self) -> Option<(usize, usize, usize)> {
        if self.order == ScanOrder::Low {
            return self.next_across_rows();
        }
        while self.low >= self.high {
            let j = *self.split.get(self.next_row)?;
            self.next_row += 1;
            if self.n >= j + 2 {
                self.m = self.n - j;
                self.low = 1;
                self.high = self.m / 2 + 1;
                self.from_middle = false;
            }
        }
        // `BothEnds`: blocks from the bottom and from the middle in turn, row by row.
        let (lo, hi) = if self.from_middle {
            (self.low.max((self.high - 1) / BLOCK * BLOCK), self.high)
        } else {
            (self.low, self.high.min(self.low / BLOCK * BLOCK + BLOCK))
        };
        if lo == self.low {
            self.low = hi;
        } else {
            self.high = lo;
        }
        self.from_middle = !self.from_middle;
        Some((self.m, lo, hi))
    }
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

#[cfg(test)]
mod tests {
    use super::super::planes::tests::by_pairs;
    use super::*;
    use testkit::Rng;

    /// The rows of heap n and each row's pairs, in the order a schedule gives them.
    fn scheduled(n: usize, split: &[usize], order: ScanOrder) -> Vec<(usize, usize, usize)> {
        Schedule::new(n, split, order).collect()
    }

    #[test]
    fn a_schedule_covers_every_pair_once_row_by_row() {
        for &(n, ref split) in &[
            (2, vec![1]),
            (3, vec![1]),
            (700, vec![1, 2, 3]),
            (1000, vec![2, 998, 999]),
            (513, vec![1]),
            (2000, vec![5, 1]),
        ] {
            for &order in &[ScanOrder::Low, ScanOrder::BothEnds] {
                let ranges = scheduled(n, split, order);
                let mut expected = Vec::new();
                for &j in split.iter().filter(|&&j| n >= j + 2) {
                    let m = n - j;
                    expected.extend((1..=m / 2).map(|a| (m, a)));
                }
                let mut got: Vec<(usize, usize)> = Vec::new();
                for &(m, lo, hi) in &ranges {
                    assert!(
                        1 <= lo && lo < hi && hi <= m / 2 + 1,
                        "{n} {order:?} {ranges:?}"
                    );
                    got.extend((lo..hi).map(|a| (m, a)));
                }
                // `BothEnds` goes row by row: once left, a row is not met again.
                if order == ScanOrder::Low {
                    got.sort_unstable();
                    expected.sort_unstable();
                    assert_eq!(got, expected, "{n} {split:?} {order:?}");
                    continue;
                }
                let mut rows: Vec<usize> = ranges.iter().map(|r| r.0).collect();
                rows.dedup();
                let mut distinct = rows.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(rows.len(), distinct.len(), "{rows:?}");
                got.sort_unstable();
                expected.sort_unstable();
                assert_eq!(got, expected, "{n} {split:?} {order:?}");
            }
        }
    }

    #[test]
    fn both_ends_alternates_blocks_from_the_bottom_and_the_middle() {
        // Heap 1201, one row m = 1200: pairs a = 1..=600.
        let ranges = scheduled(1201, &[1], ScanOrder::BothEnds);
        assert_eq!(
            ranges,
            vec![(1200, 1, 256), (1200, 512, 601), (1200, 256, 512)]
        );
        assert_eq!(
            scheduled(1201, &[1], ScanOrder::Low),
            vec![(1200, 1, 257), (1200, 257, 513), (1200, 513, 601)]
        );
        // From a = 1, a block of each row in turn, a row done dropping out.
        assert_eq!(
            scheduled(603, &[1, 2], ScanOrder::Low),
            vec![
                (602, 1, 257),
                (601, 1, 257),
                (602, 257, 302),
                (601, 257, 301)
            ]
        );
        assert_eq!(
            scheduled(700, &[1, 400], ScanOrder::Low),
            vec![(699, 1, 257), (300, 1, 151), (699, 257, 350)]
        );
        // Two rows: the second starts again from its bottom.
        let ranges = scheduled(603, &[1, 2], ScanOrder::BothEnds);
        assert_eq!(
            ranges,
            vec![
                (602, 1, 256),
                (602, 256, 302),
                (601, 1, 256),
                (601, 256, 301)
            ]
        );
    }

    /// Which of `wanted` some split pair of heap `g.len()` makes, by every pair.
    fn made_by_some_pair(g: &[u16], split: &[usize], wanted: &[u16]) -> Vec<u16> {
        let n = g.len();
        let mut found: Vec<u16> = split
            .iter()
            .filter(|&&j| n >= j + 2)
            .flat_map(|&j| by_pairs(g, n - j, 1, (n - j) / 2 + 1, wanted))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    #[test]
    fn find_wanted_finds_exactly_the_values_some_pair_makes() {
        let mut rng = Rng::new(2024);
        let mut scratch = Scratch::new();
        for round in 0..300 {
            let top = [3u64, 40, 300, 2000][round % 4];
            let n = rng.range(2, 1500) as usize;
            let g: Vec<u16> = (0..n).map(|_| rng.below(top + 1) as u16).collect();
            let planes = Planes::new(&g);
            let split: Vec<usize> = (0..rng.range(1, 3))
                .map(|_| rng.range(1, 5) as usize)
                .collect();
            let heap = Heap {
                g: &g,
                split: &split,
                planes: &planes,
            };
            let mut wanted: Vec<u16> = (0..rng.range(0, 150))
                .map(|_| rng.below(2 * top + 3) as u16)
                .collect();
            wanted.sort_unstable();
            wanted.dedup();
            let expected = made_by_some_pair(&g, &split, &wanted);
            let all_pairs: u64 = split
                .iter()
                .filter(|&&j| n >= j + 2)
                .map(|&j| ((n - j) / 2) as u64)
                .sum();
            for &order in &[ScanOrder::Low, ScanOrder::BothEnds] {
                let mut left = wanted.clone();
                let visited = find_wanted(heap, order, &mut left, &mut scratch);
                left.sort_unstable();
                let missing: Vec<u16> = wanted
                    .iter()
                    .copied()
                    .filter(|v| !expected.contains(v))
                    .collect();
                assert_eq!(left, missing, "{order:?} n {n} split {split:?}");
                assert!(visited <= all_pairs, "{visited} {all_pairs}");
                if !missing.is_empty() {
                    assert_eq!(
                        visited, all_pairs,
                        "{order:?}: a missing value needs every pair"
                    );
                }
                assert!(scratch.is_clean(), "scratch left dirty");
            }
        }
    }

    #[test]
    fn scan_pairs_stops_at_the_hand_over() {
        let h = HAND_OVER;
        // Pair i makes value i + 1 (left[i] = i + 1, right all zero). With h + 3 wanted values
        // (1..=h + 3), the first four pairs leave h − 1: the scan stops after its first step.
        let left: Vec<u16> = (1..=h as u16 + 9).collect();
        let right = vec![0u16; left.len()];
        let mut is_wanted = Box::new([false; 1 << 16]);
        for v in 1..=h + 3 {
            is_wanted[v] = true;
        }
        let mut missing = h + 3;
        let stop = scan_pairs(&left, &right, &mut is_wanted, &mut missing, h);
        assert_eq!((stop, missing), (Some(3), h - 1));
        assert!((1..=4).all(|v| !is_wanted[v]) && (5..=h + 3).all(|v| is_wanted[v]));
        // More missing, none met in the steps of four: the last pairs one at a time, each
        // left value with the partner at its own index: pair 5 is (7, 5), value 2; nothing
        // makes 7.
        let left = [0u16, 0, 0, 0, 0, 7];
        let right = [0u16, 0, 0, 0, 0, 5];
        is_wanted.iter_mut().for_each(|w| *w = false);
        is_wanted[2] = true;
        is_wanted[7] = true;
        let mut missing = h + 4;
        let stop = scan_pairs(&left, &right, &mut is_wanted, &mut missing, h);
        assert_eq!((stop, missing), (None, h + 3));
        assert!(is_wanted[7] && !is_wanted[2]);
        // The first pair after the steps of four (pair 4 of 5) is read.
        let left = [0u16, 0, 0, 0, 7];
        let right = [0u16; 5];
        is_wanted.iter_mut().for_each(|w| *w = false);
        is_wanted[7] = true;
        let mut missing = h + 1;
        let stop = scan_pairs(&left, &right, &mut is_wanted, &mut missing, h);
        assert_eq!((stop, missing), (Some(4), h));
        // A value made twice in one step counts once; the hand-over in the last pairs.
        let left = [3u16, 3, 0, 0, 0, 9];
        let right = [0u16; 6];
        is_wanted.iter_mut().for_each(|w| *w = false);
        is_wanted[3] = true;
        is_wanted[9] = true;
        let mut missing = h + 2;
        let stop = scan_pairs(&left, &right, &mut is_wanted, &mut missing, h);
        assert_eq!((stop, missing), (Some(5), h));
    }

    #[test]
    fn keep_keeps_what_retain_keeps_in_order() {
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let len = rng.range(0, 100) as usize;
            let values: Vec<u16> = (0..len).map(|_| rng.below(1000) as u16).collect();
            let stays: Vec<bool> = (0..len).map(|_| rng.below(2) == 1).collect();
            let mut expected = values.clone();
            let mut i = 0;
            expected.retain(|_| {
                i += 1;
                stays[i - 1]
            });
            let mut got = values.clone();
            let mut calls = Vec::new();
            keep(&mut got, |v| {
                calls.push(v);
                stays[calls.len() - 1]
            });
            assert_eq!(got, expected);
            assert_eq!(calls, values, "called once a value, in order");
        }
    }

    /// `scan_masks` one pair at a time: the index of the last pair scanned at the stop, the
    /// bits left counted after each `MASK_STEP` pairs and after the last.
    fn masks_by_pairs(
        left: &[u16],
        right: &[u16],
        masks: &[u64; 1 << 16],
        found: &mut u64,
        all: u64,
        stop: usize,
    ) -> Option<usize> {
        let len = left.len();
        for i in 0..len {
            *found |= masks[usize::from(left[i] ^ right[i])];
            let counted = i % MASK_STEP == MASK_STEP - 1 || i == len - 1;
            if counted && (all & !*found).count_ones() as usize <= stop {
                return Some(i);
            }
        }
        None
    }

    #[test]
    fn scan_masks_stops_at_the_count_after_the_step_that_leaves_few() {
        // Pair i makes value i + 1 (left[i] = i + 1, right all zero); values 1..=40 are wanted
        // as bits 0..=39.
        let left: Vec<u16> = (1..=100).collect();
        let right = vec![0u16; left.len()];
        let mut masks = boxed_table(0u64);
        for v in 1..=40 {
            masks[v] = 1 << (v - 1);
        }
        let all = (1u64 << 40) - 1;
        // 38 found after pair 37, but the bits are counted after pairs 31 and 63 only.
        let mut found = 0;
        let stop = scan_masks(&left, &right, &masks, &mut found, all, 2);
        assert_eq!((stop, found), (Some(63), all));
        // Stop 8: 32 found after pair 31, 8 left.
        let mut found = 0;
        let stop = scan_masks(&left, &right, &masks, &mut found, all, 8);
        assert_eq!((stop, found), (Some(31), (1 << 32) - 1));
        // Bits already found count.
        let mut found = 0b111 << 35;
        assert_eq!(
            scan_masks(&left, &right, &masks, &mut found, all, 5),
            Some(31)
        );
        // A value found twice counts once; the count after the last pair of a slice shorter
        // than a step: pairs 0..=5 make 1, 2, 1, 2, 3, 4.
        let short = [1u16, 2, 1, 2, 3, 4];
        let zeros = [0u16; 6];
        let mut found = 0;
        assert_eq!(
            scan_masks(&short, &zeros, &masks, &mut found, all, 36),
            Some(5)
        );
        assert_eq!(found, 0b1111);
        let mut found = 0;
        assert_eq!(
            scan_masks(&short, &zeros, &masks, &mut found, all, 35),
            None
        );
        // Pair i is (left[i], right[i]): 1 ^ 1 and 0 ^ 5 make 0 and 5, not 1 (nor 4).
        let left = [1u16, 0, 0, 0, 0];
        let right = [1u16, 0, 0, 0, 5];
        let mut found = 0;
        assert_eq!(scan_masks(&left, &right, &masks, &mut found, all, 2), None);
        assert_eq!(found, 0b1_0000);
    }

    #[test]
    fn scan_masks_matches_the_pairs_one_by_one() {
        let mut rng = Rng::new(99);
        let mut masks = boxed_table(0u64);
        for round in 0..400 {
            let top = [7u64, 60, 1000][round % 3];
            let len = rng.range(0, 300) as usize;
            let left: Vec<u16> = (0..len).map(|_| rng.below(top + 1) as u16).collect();
            let right: Vec<u16> = (0..len).map(|_| rng.below(top + 1) as u16).collect();
            let count = rng.range(1, 64) as usize;
            let wanted: Vec<u16> = (0..count).map(|_| rng.below(top + 1) as u16).collect();
            for (k, &v) in wanted.iter().enumerate() {
                masks[usize::from(v)] = 1 << k;
            }
            // (A value drawn twice keeps its last bit: the other is never found.)
            let all = !0u64 >> (64 - count);
            let stop = rng.range(0, count as u64) as usize;
            let start = all & rng.below(1 << 20);
            let (mut found, mut expected) = (start, start);
            let got = scan_masks(&left, &right, &masks, &mut found, all, stop);
            let want = masks_by_pairs(&left, &right, &masks, &mut expected, all, stop);
            assert_eq!((got, found), (want, expected), "round {round}");
            for &v in &wanted {
                masks[usize::from(v)] = 0;
            }
        }
    }

    #[test]
    fn a_search_of_many_values_hands_over_from_the_table_to_the_word() {
        // One row m = 2000, pairs a = 1..=1000; pair a makes value a (g[a] = a, the partners
        // zero) for a <= 200. 150 wanted values 1..=150: the table's scan runs until at most
        // 64 are left (88 pairs, 22 steps of four: 89..=150 left, 62 of them), the word takes
        // over, counts 30 left after its first step of 32 pairs and none after its second (to
        // pair 152): the planes have nothing to find.
        let mut g = vec![0u16; 2001];
        for (a, value) in g.iter_mut().enumerate().take(201) {
            *value = a as u16;
        }
        let planes = Planes::new(&g);
        let heap = Heap {
            g: &g,
            split: &[1],
            planes: &planes,
        };
        let mut scratch = Scratch::new();
        let mut wanted: Vec<u16> = (1..=150).collect();
        let visited = find_wanted(heap, ScanOrder::Low, &mut wanted, &mut scratch);
        assert!(wanted.is_empty(), "{wanted:?}");
        assert_eq!(visited, 88 + 64);
        assert!(scratch.is_clean());
        // Two values no pair makes among 100 that pairs make: both left, every pair visited.
        let mut wanted: Vec<u16> = (1..=100).chain([300, 301]).collect();
        let visited = find_wanted(heap, ScanOrder::Low, &mut wanted, &mut scratch);
        assert_eq!(wanted, vec![300, 301]);
        assert_eq!(visited, 1000);
        assert!(scratch.is_clean());
        // Three no pair makes: the word's scan reads every pair, the planes none.
        let mut wanted: Vec<u16> = (1..=100).chain([300, 301, 302]).collect();
        let visited = find_wanted(heap, ScanOrder::Low, &mut wanted, &mut scratch);
        assert_eq!(wanted, vec![300, 301, 302]);
        assert_eq!(visited, 1000);
        assert!(scratch.is_clean());
    }

    /// A heap of one row whose only pair making value 1 is near the middle (a = 1999), or
    /// early in the row (a = 300).
    fn one_row(middle: bool) -> (Vec<u16>, Vec<u16>) {
        let n = 4001; // row 4000, pairs a = 1..=2000
        let mut g = vec![0u16; n];
        let a = if middle { 1999 } else { 300 };
        g[a] = 1;
        // Nine more wanted values that no pair makes keep the scan from handing over early.
        (g, (1..=10).map(|v| v * 7 + 1).chain(Some(1)).collect())
    }

    #[test]
    fn the_chooser_switches_to_the_order_that_needed_fewer_pairs() {
        let mut scratch = Scratch::new();
        for &(middle, from, to) in &[
            (true, ScanOrder::Low, ScanOrder::BothEnds),
            (false, ScanOrder::BothEnds, ScanOrder::Low),
        ] {
            let (g, wanted) = one_row(middle);
            let planes = Planes::new(&g);
            let split = [1];
            let heap = Heap {
                g: &g,
                split: &split,
                planes: &planes,
            };
            let mut chooser = OrderChooser::new(from, 2);
            let mut left = wanted.clone();
            // The first search is no trial: one order only, every pair (10 values missing).
            assert_eq!(chooser.find(heap, &mut left, &mut scratch), 2000);
            assert_eq!((chooser.order(), left.len()), (from, 10));
            // The second is a trial: both orders look for value 1, the other one sooner.
            let mut left = vec![1];
            let work = chooser.find(heap, &mut left, &mut scratch);
            assert!(left.is_empty());
            assert_eq!(chooser.order(), to, "middle {middle}");
            assert!(work > 2, "{work}");
            // Halving at a review keeps the choice.
            let before = chooser.pairs;
            chooser.review();
            assert_eq!(chooser.pairs, [before[0] / 2, before[1] / 2]);
            assert!(before[0] > 1 && before[1] > 1, "{before:?}");
            assert_eq!(chooser.order(), to);
        }
    }

    #[test]
    fn the_pairs_visited_are_counted_exactly() {
        // One row m = 200 (pairs a = 1..=100); pair a makes value a for a <= 5 (g[a] = a, the
        // partners zero), pair 40 makes 9. Six wanted, 1..=5 and 9: the word's scan meets
        // 1..=5 in its first step of 32 pairs and hands over with one left; the planes meet 9
        // in the first word, whose pairs 33..=63 they count: 32 + 31.
        let mut g = vec![0u16; 201];
        for (a, value) in g.iter_mut().enumerate().take(6) {
            *value = a as u16;
        }
        g[40] = 9;
        let planes = Planes::new(&g);
        let heap = Heap {
            g: &g,
            split: &[1],
            planes: &planes,
        };
        let mut scratch = Scratch::new();
        for &order in &[ScanOrder::Low, ScanOrder::BothEnds] {
            let mut wanted = vec![1, 2, 3, 4, 5, 9];
            assert_eq!(find_wanted(heap, order, &mut wanted, &mut scratch), 63);
            assert!(wanted.is_empty());
            // More than `HAND_OVER` wanted, all met in the first step of 32: the word's scan
            // alone, 32 pairs; `HAND_OVER` wanted: the planes alone, a whole word.
            let mut wanted = vec![1, 2, 3];
            assert_eq!(find_wanted(heap, order, &mut wanted, &mut scratch), 32);
            let mut wanted = vec![1, 2];
            assert_eq!(find_wanted(heap, order, &mut wanted, &mut scratch), 63);
            // A value no pair makes: every pair, in either order.
            let mut wanted = vec![1, 2, 3, 4, 5, 6];
            assert_eq!(find_wanted(heap, order, &mut wanted, &mut scratch), 100);
            assert_eq!(wanted, vec![6]);
        }
        // A trial every 3 searches: the third scans in both orders.
        let mut chooser = OrderChooser::new(ScanOrder::Low, 3);
        let mut work = Vec::new();
        for _ in 0..4 {
            let mut wanted = vec![1, 2, 3, 4, 5, 6];
            work.push(chooser.find(heap, &mut wanted, &mut scratch));
        }
        assert_eq!(work, vec![100, 100, 200, 100]);
        assert_eq!(chooser.pairs, [100, 100]);
        // A tie keeps the order in use.
        assert_eq!(chooser.order(), ScanOrder::Low);
    }
}
