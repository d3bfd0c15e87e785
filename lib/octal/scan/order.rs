//! The order each heap's split pairs are scanned in ([`ScanOrder`], a [`Schedule`] of ranges
//! of pairs), and its choice by measurement ([`OrderChooser`]).

use super::{find_wanted, Heap, Scratch};

/// Pairs a block of the two-ended order takes from one end before turning to the other (a
/// multiple of 64, so that each block is whole words of the planes; 16, 64 and 256 met the
/// candidates after as many pairs in the replay).
pub(super) const BLOCK: usize = 256;

/// The order in which each row's pairs (a, m − a), 1 <= a <= m/2, are scanned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::octal) enum ScanOrder {
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
pub(in crate::octal) struct OrderChooser {
    pub(super) order: ScanOrder,
    /// Pairs each order needed on the trial heaps since the last review, `[Low, BothEnds]`.
    pub(super) pairs: [u64; 2],
    /// A trial every this many searches (`usize::MAX`: never, the order stays fixed).
    pub(super) trial_every: usize,
    pub(super) searches: usize,
}

impl OrderChooser {
    /// Starts with `order`, trying both every `trial_every` searches.
    pub(in crate::octal) fn new(order: ScanOrder, trial_every: usize) -> Self {
        OrderChooser {
            order,
            pairs: [0; 2],
            trial_every,
            searches: 0,
        }
    }

    /// The order in use.
    #[cfg(test)]
    pub(in crate::octal) fn order(&self) -> ScanOrder {
        self.order
    }

    /// Weighs the later trials as much as all those before (the game may have changed).
    pub(in crate::octal) fn review(&mut self) {
        self.pairs = [self.pairs[0] / 2, self.pairs[1] / 2];
    }

    /// [`find_wanted`] in the order in use; on a trial heap also in the other order (on a copy),
    /// switching when the other has needed fewer pairs. Returns the pairs visited by both.
    pub(in crate::octal) fn find(
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

/// The ranges of pairs of a heap's split rows, in scan order: `(m, lo, hi)` for the pairs
/// (a, m − a) with lo <= a < hi.
#[derive(Clone)]
pub(super) struct Schedule<'a> {
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
    pub(super) fn new(n: usize, split: &'a [usize], order: ScanOrder) -> Self {
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
