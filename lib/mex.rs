//! The minimum excludant (mex): the smallest non-negative integer not in a set.
//!
//! [`mex`] is the one-shot form, over [`Nimber`]s, and [`mex_few`] its form for a short slice
//! (a position with two or three options); [`MexBuffer`] is the form for DP loops,
//! over raw `usize` values (indices into its array), which marks values and forgets them
//! between positions in O(1) by bumping a generation stamp instead of clearing.

use crate::nimber::Nimber;

/// The smallest nimber that `values` does not contain: the value of a position whose options
/// are worth `values`.
///
/// ```
/// use grundy::prelude::{mex, Nimber};
/// assert_eq!(mex([0, 1, 3].map(Nimber)), Nimber(2));
/// assert_eq!(mex([1, 2].map(Nimber)), Nimber(0));
/// assert_eq!(mex(Vec::new()), Nimber(0)); // no option: a lost position
/// assert_eq!(mex((0..100).map(Nimber)), Nimber(100));
/// ```
///
/// # Constraints
/// Values may be any nimber, in any order, with duplicates. Values below 64 are marked in one
/// machine word and the first 8 values of 64 or more are kept aside on the stack, so a call
/// with at most 8 such values allocates nothing; the values kept aside are looked at only when
/// all of 0..64 are present. For a short slice, [`mex_few`] is the same without the aside.
///
/// # Complexity
/// O(m) time for m items; O(1) memory, plus O(number of values of 64 or more) beyond 8 of
/// them, or once all of 0..64 are present.
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut below_64 = 0u64;
    // Values of 64 or more: the first few on the stack, the rest (only in sets of more than
    // `INLINE` large values) on the heap.
    const INLINE: usize = 8;
    let mut inline = [0u64; INLINE];
    let mut inline_len = 0;
    let mut spilled: Vec<u64> = Vec::new();
    for v in values {
        let v = v.value();
        if v < 64 {
            below_64 |= 1 << v;
        } else if inline_len < INLINE {
            inline[inline_len] = v;
            inline_len += 1;
        } else {
            spilled.push(v);
        }
    }
    if below_64 != u64::MAX {
        return Nimber(u64::from(below_64.trailing_ones()));
    }
    // All of 0..64 are present, so the mex is 64 plus the mex of the large values shifted
    // down by 64; k values leave one of 0..=k out, so only those need a slot.
    let large = || inline[..inline_len].iter().chain(&spilled);
    let k = inline_len + spilled.len();
    let mut present = vec![false; k + 1];
    for &v in large() {
        let shifted = v - 64;
        if shifted <= k as u64 {
            present[shifted as usize] = true;
        }
    }
    let first_missing = present.iter().position(|&p| !p);
    Nimber(64 + first_missing.expect("k values leave one of 0..=k out") as u64)
}

/// The mex of a short slice of nimbers, for a DP step with a fixed handful of options (two or
/// three moves per position): no allocation and no branch per value.
///
/// ```
/// use grundy::prelude::{mex_few, Nimber};
/// assert_eq!(mex_few(&[Nimber(0), Nimber(2)]), Nimber(1));
/// assert_eq!(mex_few(&[Nimber(1), Nimber(1_000_000)]), Nimber(0));
/// assert_eq!(mex_few(&[]), Nimber(0));
/// ```
///
/// # Constraints
/// Any values. Fewer than 64 values leave one of 0..64 out, so a word of bits decides the mex;
/// a slice of 64 or more goes to [`mex`].
///
/// # Complexity
/// O(m) time for m values, O(1) memory when m < 64.
#[inline]
pub fn mex_few(values: &[Nimber]) -> Nimber {
    if values.len() >= 64 {
        return mex(values.iter().copied());
    }
    let mut seen = 0u64;
    for v in values {
        // A value of 64 or more shifts by a masked amount and is then masked out itself.
        let in_word = u64::from(v.value() < 64);
        seen |= in_word << (v.value() & 63);
    }
    Nimber(u64::from(seen.trailing_ones()))
}

/// A reusable set of small values for computing one mex per position without reallocating.
///
/// Each slot holds the generation in which its value was last inserted; [`MexBuffer::clear`]
/// starts a new generation, so forgetting all values costs O(1) instead of a pass over the array.
///
/// ```
/// use grundy::prelude::MexBuffer;
/// let mut buf = MexBuffer::new(8);
/// buf.insert(0);
/// buf.insert(2);
/// assert_eq!(buf.mex(), 1);
/// buf.clear();
/// buf.insert(1);
/// assert_eq!(buf.mex(), 0);
/// ```
///
/// # Constraints
/// Values at or above the capacity given to [`MexBuffer::new`] are ignored by
/// [`MexBuffer::insert`]; give a capacity above the largest mex you can meet (one more than the
/// number of options of a position suffices).
///
/// # Complexity
/// `insert`, `contains` and `clear` are O(1) (`clear` is O(capacity) once every 2^32 calls, when
/// the stamp wraps); `mex` is O(answer).
#[derive(Clone, Debug)]
pub struct MexBuffer {
    stamp: Vec<u32>,
    generation: u32,
}

impl MexBuffer {
    /// Creates an empty buffer for values `0..capacity`.
    ///
    /// ```
    /// let buf = grundy::prelude::MexBuffer::new(4);
    /// assert_eq!(buf.capacity(), 4);
    /// ```
    ///
    /// # Complexity
    /// O(capacity).
    pub fn new(capacity: usize) -> Self {
        MexBuffer {
            stamp: vec![0; capacity],
            generation: 1,
        }
    }

    /// The number of distinct values the buffer can hold.
    ///
    /// ```
    /// assert_eq!(grundy::prelude::MexBuffer::new(3).capacity(), 3);
    /// ```
    pub fn capacity(&self) -> usize {
        self.stamp.len()
    }

    /// Grows the buffer so that it holds values `0..capacity`; never shrinks it.
    ///
    /// ```
    /// let mut buf = grundy::prelude::MexBuffer::new(2);
    /// buf.reserve(10);
    /// buf.insert(9);
    /// assert!(buf.contains(9));
    /// ```
    ///
    /// # Complexity
    /// O(new capacity) when it grows, O(1) otherwise.
    pub fn reserve(&mut self, capacity: usize) {
        if capacity > self.stamp.len() {
            self.stamp.resize(capacity, 0);
        }
    }

    /// Forgets every value inserted so far.
    ///
    /// ```
    /// let mut buf = grundy::prelude::MexBuffer::new(4);
    /// buf.insert(0);
    /// buf.clear();
    /// assert!(!buf.contains(0));
    /// ```
    ///
    /// # Complexity
    /// O(1) amortised.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }

    /// Inserts `value`; values at or above the capacity are ignored.
    ///
    /// ```
    /// let mut buf = grundy::prelude::MexBuffer::new(2);
    /// buf.insert(5); // ignored: cannot affect a mex below the capacity
    /// assert_eq!(buf.mex(), 0);
    /// ```
    #[inline]
    pub fn insert(&mut self, value: usize) {
        if let Some(slot) = self.stamp.get_mut(value) {
            *slot = self.generation;
        }
    }

    /// Inserts every value of `values` (values beyond the capacity are ignored, as by
    /// [`MexBuffer::insert`]), with the generation and the slots held in registers: the
    /// loop for a row of options.
    ///
    /// ```
    /// let mut seen = grundy::prelude::MexBuffer::new(8);
    /// seen.insert_all([0, 1, 3, 100]);
    /// assert_eq!(seen.mex(), 2);
    /// ```
    ///
    /// # Complexity
    /// O(number of values).
    #[inline]
    pub fn insert_all<I: IntoIterator<Item = usize>>(&mut self, values: I) {
        let generation = self.generation;
        let stamp = &mut self.stamp[..];
        for value in values {
            if let Some(slot) = stamp.get_mut(value) {
                *slot = generation;
            }
        }
    }

    /// Whether `value` was inserted since the last clear.
    ///
    /// ```
    /// let mut buf = grundy::prelude::MexBuffer::new(2);
    /// buf.insert(1);
    /// assert!(buf.contains(1) && !buf.contains(0));
    /// ```
    #[inline]
    pub fn contains(&self, value: usize) -> bool {
        self.stamp.get(value) == Some(&self.generation)
    }

    /// The smallest value not inserted since the last clear (the capacity if all are present).
    ///
    /// ```
    /// let mut buf = grundy::prelude::MexBuffer::new(3);
    /// (0..3).for_each(|v| buf.insert(v));
    /// assert_eq!(buf.mex(), 3);
    /// ```
    ///
    /// # Complexity
    /// O(answer).
    pub fn mex(&self) -> usize {
        let generation = self.generation;
        self.stamp
            .iter()
            .position(|&s| s != generation)
            .unwrap_or(self.stamp.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    #[test]
    fn mex_handles_duplicates_large_values_and_order() {
        let mex_of = |values: &[u64]| mex(values.iter().map(|&v| Nimber(v))).value();
        assert_eq!(mex_of(&[3, 0, 0, 1, 1_000_000]), 2);
        assert_eq!(mex_of(&[2, 1, 0]), 3);
        assert_eq!(mex_of(&[u64::MAX, 0, u64::MAX - 1]), 1);
        assert_eq!(mex_of(&[1, 1, 1]), 0);
        assert_eq!(mex_of(&[]), 0);
        // A filter hides the length from the size hint.
        assert_eq!(
            mex((0..5).map(Nimber).filter(|v| v.value() != 7)),
            Nimber(5)
        );
    }

    #[test]
    fn mex_matches_the_definition_on_random_sets() {
        let mut rng = Rng::new(8);
        for _ in 0..2000 {
            let values: Vec<u64> = (0..rng.below(10)).map(|_| rng.below(12)).collect();
            let literal = (0..).find(|g| !values.contains(g)).unwrap();
            assert_eq!(
                mex(values.iter().map(|&v| Nimber(v))),
                Nimber(literal),
                "{values:?}"
            );
        }
    }

    /// The definition, literally: the first integer from 0 up that is not among the values.
    fn naive_mex(values: &[u64]) -> u64 {
        (0..).find(|g| !values.contains(g)).unwrap()
    }

    #[test]
    fn mex_and_mex_few_match_the_definition_across_the_word_boundary() {
        let mut rng = Rng::new(9);
        for round in 0..3000 {
            // Sets near 0..64 and 0..128 (so the mex crosses 64), with duplicates, values just
            // past the count and huge values mixed in.
            let top: u64 = [4, 70, 140][round % 3];
            let mut values: Vec<u64> = (0..rng.below(top + 10)).map(|_| rng.below(top)).collect();
            if round % 2 == 0 {
                values.extend(0..rng.below(top));
            }
            for _ in 0..rng.below(3) {
                values.push([64, 65, u64::MAX, 1 << 40][rng.below(4) as usize]);
            }
            for i in (1..values.len()).rev() {
                values.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let nimbers: Vec<Nimber> = values.iter().map(|&v| Nimber(v)).collect();
            let expected = Nimber(naive_mex(&values));
            assert_eq!(mex(nimbers.iter().copied()), expected, "{values:?}");
            assert_eq!(mex_few(&nimbers), expected, "{values:?}");
        }
    }

    #[test]
    fn mex_few_skips_values_of_64_and_more() {
        // A value of 64 would mark bit 0 if it were shifted without its mask.
        let of = |values: &[u64]| mex_few(&values.iter().map(|&v| Nimber(v)).collect::<Vec<_>>());
        assert_eq!(of(&[64]), Nimber(0));
        assert_eq!(of(&[0, 65, 129]), Nimber(1));
        assert_eq!(of(&[63, u64::MAX]), Nimber(0));
        assert_eq!(of(&(0..63).collect::<Vec<_>>()), Nimber(63));
        assert_eq!(of(&(0..64).collect::<Vec<_>>()), Nimber(64));
        assert_eq!(of(&(0..200).rev().collect::<Vec<_>>()), Nimber(200));
    }

    #[test]
    fn buffer_agrees_with_mex_across_many_clears() {
        let mut rng = Rng::new(7);
        let mut buf = MexBuffer::new(16);
        for _ in 0..2000 {
            buf.clear();
            let values: Vec<usize> = (0..rng.below(12)).map(|_| rng.below(14) as usize).collect();
            values.iter().for_each(|&v| buf.insert(v));
            let by_mex = mex(values.iter().map(|&v| Nimber(v as u64)));
            assert_eq!(buf.mex() as u64, by_mex.value(), "{values:?}");
        }
    }

    #[test]
    fn buffer_survives_generation_wrap() {
        let mut buf = MexBuffer::new(4);
        buf.insert(0);
        buf.generation = u32::MAX;
        buf.insert(1);
        buf.clear();
        assert!(!buf.contains(0) && !buf.contains(1));
        assert_eq!(buf.mex(), 0);
    }
}
