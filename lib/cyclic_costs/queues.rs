//! The priority queues of [`super::solve_by_predecessors`]: a radix heap for any costs and,
//! in front of it, a ring of 64 slots for small ones.

/// A monotone priority queue of (key, position): every key pushed is at least the last key
/// popped. A key lives in the bucket of the highest bit where it differs from `last` (bucket 0:
/// equal to it); popping from an empty bucket 0 redistributes the first non-empty bucket by its
/// minimum, and each key only moves to lower buckets, at most 64 times.
pub(super) struct RadixHeap {
    last: u64,
    buckets: Vec<Vec<(u64, u32)>>,
}

impl RadixHeap {
    pub(super) fn new() -> Self {
        RadixHeap {
            last: 0,
            buckets: (0..65).map(|_| Vec::new()).collect(),
        }
    }

    pub(super) fn bucket(last: u64, key: u64) -> usize {
        (64 - (key ^ last).leading_zeros()) as usize
    }

    pub(super) fn push(&mut self, key: u64, position: u32) {
        debug_assert!(
            key >= self.last,
            "a monotone queue takes no key below the last"
        );
        self.buckets[Self::bucket(self.last, key)].push((key, position));
    }

    /// The smallest item if its key is below `limit`; otherwise `None`, and the heap is left
    /// as it was (so that keys below the smallest one may still be pushed, down to `limit`).
    pub(super) fn pop_below(&mut self, limit: u64) -> Option<(u64, u32)> {
        if self.buckets[0].is_empty() {
            let i = (1..65).find(|&i| !self.buckets[i].is_empty())?;
            let least = self.buckets[i].iter().map(|item| item.0).min()?;
            if least >= limit {
                return None;
            }
            self.last = least;
            let mut items = std::mem::take(&mut self.buckets[i]);
            for &(key, position) in &items {
                self.buckets[Self::bucket(self.last, key)].push((key, position));
            }
            // Keep the emptied bucket's allocation for later keys.
            items.clear();
            if self.buckets[i].is_empty() {
                self.buckets[i] = items;
            }
        } else if self.last >= limit {
            return None;
        }
        self.buckets[0].pop()
    }

    /// The smallest item (keys are below 2^64 − 1: totals are).
    pub(super) fn pop(&mut self) -> Option<(u64, u32)> {
        self.pop_below(u64::MAX)
    }
}

/// The arrivals' queue: keys within 64 of `base` in a ring of buckets (one bit of `occupied`
/// each), so that small costs (a grid's unit moves) push and pop in O(1); larger keys wait in
/// a [`RadixHeap`] and enter the ring when it runs empty. Every key in the ring is in
/// `base..base + 64` and every key in the heap at least `base + 64`; keys pushed are never
/// below the last key popped.
pub(super) struct ArrivalQueue {
    base: u64,
    ring: Vec<Vec<(u64, u32)>>,
    occupied: u64,
    far: RadixHeap,
}

impl ArrivalQueue {
    pub(super) fn new() -> Self {
        ArrivalQueue {
            base: 0,
            ring: (0..64).map(|_| Vec::new()).collect(),
            occupied: 0,
            far: RadixHeap::new(),
        }
    }

    pub(super) fn push(&mut self, key: u64, position: u32) {
        if key - self.base < 64 {
            let slot = (key & 63) as usize;
            self.ring[slot].push((key, position));
            self.occupied |= 1 << slot;
        } else {
            self.far.push(key, position);
        }
    }

    pub(super) fn pop(&mut self) -> Option<(u64, u32)> {
        if self.occupied == 0 {
            // The ring is empty: move the window to the heap's smallest key and bring in
            // every key that now falls inside it.
            let (key, position) = self.far.pop()?;
            self.base = key;
            self.push(key, position);
            while let Some((key, position)) = self.far.pop_below(self.base.saturating_add(64)) {
                self.push(key, position);
            }
        }
        // The ring's smallest key: the first occupied slot from `base` on, round the ring.
        let offset = self
            .occupied
            .rotate_right((self.base & 63) as u32)
            .trailing_zeros();
        let slot = ((self.base + u64::from(offset)) & 63) as usize;
        let item = self.ring[slot].pop();
        if self.ring[slot].is_empty() {
            self.occupied &= !(1 << slot);
        }
        item
    }
}
