//! Bit planes of a Grundy sequence, kept twice: forward and mirrored, so that the 64 pairs
//! (a, m − a) with a in one aligned block of 64 are compared a whole word at a time.
//!
//! Plane k holds bit k of every value: bit p of the forward plane is bit k of G(p), bit
//! `mirror − 1 − p` of the mirrored plane is the same bit. For a block a0..a0 + 64, the
//! partners m − a run downwards, so in the mirrored planes they run upwards from
//! `mirror − 1 − m + a0`: one shifted read per plane lines them up with the forward word, and
//! XOR of the two gives bit k of G(a) ^ G(m − a) for all 64 pairs.
//!
//! The values themselves are kept mirrored too (`Planes::partners`), so that the scan of
//! `super::scan` reads the partners of consecutive pairs upwards, four to a word.

/// How far past the positions recorded a row may be searched (Grundy's game on two threads
/// starts heaps whose last values another thread is computing: at most 32 past).
pub(crate) const AHEAD: usize = 64;

/// The most wanted values one search tests together (a larger set is searched in groups).
const TARGETS: usize = 8;

/// Forward and mirrored bit planes of `values[..len]`, the planes of each 64 positions
/// interleaved (word w of plane k at `w * bits + k`) so that one block is one or two cache
/// lines.
#[derive(Clone, Debug, Default)]
pub(crate) struct Planes {
    /// Planes in use: every value recorded is below 2^bits.
    bits: usize,
    /// Positions recorded.
    len: usize,
    /// The mirror point, a multiple of 64 above `len` (so above every row m <= len).
    mirror: usize,
    forward: Vec<u64>,
    /// One block of zeros past the mirror point, for reads that run over it.
    mirrored: Vec<u64>,
    /// The values themselves mirrored: `reversed[mirror − 1 − p]` is G(p) (0 past `len`).
    reversed: Vec<u16>,
}

impl Planes {
    /// The planes of `values`.
    pub(crate) fn new(values: &[u16]) -> Self {
        let mut planes = Planes::default();
        planes.rebuild(values);
        planes
    }

    /// Records `values[len]`, the value just appended (rebuilding when the value needs a
    /// new plane or the position comes within [`AHEAD`] of the mirror point: O(N·b) a time,
    /// after every 25% of growth).
    pub(crate) fn record(&mut self, values: &[u16]) {
        let p = self.len;
        debug_assert_eq!(values.len(), p + 1);
        let v = values[p];
        if p + 1 + AHEAD >= self.mirror || usize::from(v) >> self.bits != 0 {
            self.rebuild(values);
            return;
        }
        self.set(p, v);
        self.len += 1;
    }

    /// Forgets positions at or above `len`.
    pub(super) fn truncate(&mut self, values: &[u16]) {
        self.rebuild(values);
    }

    fn rebuild(&mut self, values: &[u16]) {
        let top = values.iter().copied().max().unwrap_or(0);
        self.bits = (16 - top.leading_zeros() as usize).max(1);
        self.len = values.len();
        // Room for a quarter more positions: at most 2.5 bits a position a plane for the two
        // copies, and a rebuild every 25% of growth (O(b) a value in all); and rows up to
        // `AHEAD` past the last position.
        self.mirror = (values.len() + values.len() / 4 + AHEAD + 64) / 64 * 64;
        let blocks = self.mirror / 64;
        let bits = self.bits;
        self.forward = vec![0; blocks * bits];
        self.mirrored = vec![0; (blocks + 1) * bits];
        self.reversed = vec![0; self.mirror];
        for (to, &v) in self.reversed.iter_mut().rev().zip(values) {
            *to = v;
        }
        // A block's words are built in registers, plane by plane: position 64·w + i is bit i
        // of forward word w and bit 63 − i of mirrored word `blocks` − 1 − w (the mirror
        // point is a multiple of 64), so a mirrored word is a forward one reversed.
        for (w, block) in values.chunks(64).enumerate() {
            let back = blocks - 1 - w;
            for k in 0..bits {
                let mut word = 0u64;
                for (i, &v) in block.iter().enumerate() {
                    word |= u64::from(v >> k & 1) << i;
                }
                self.forward[w * bits + k] = word;
                self.mirrored[back * bits + k] = word.reverse_bits();
            }
        }
    }

    fn set(&mut self, p: usize, v: u16) {
        let q = self.mirror - 1 - p;
        self.reversed[q] = v;
        // Without a branch on the bits (they are as good as random: a branch mispredicted
        // half of them).
        for k in 0..self.bits {
            let bit = u64::from(v >> k & 1);
            self.forward[(p / 64) * self.bits + k] |= bit << (p % 64);
            self.mirrored[(q / 64) * self.bits + k] |= bit << (q % 64);
        }
    }

    /// The values of the partners m − a of a = lo..hi, in that order: G(m − lo),
    /// G(m − lo − 1), ..., G(m − hi + 1), a slice of the mirrored copy.
    ///
    /// Requires `lo <= hi <= m + 1` and m below the positions recorded.
    #[inline]
    pub(super) fn partners(&self, m: usize, lo: usize, hi: usize) -> &[u16] {
        let q = self.mirror - 1 - m;
        &self.reversed[q + lo..q + hi]
    }

    /// Finds which of `wanted` the pairs (a, m − a) with `lo <= a < hi` make, for each range
    /// `(m, lo, hi)` of `ranges` in turn, 64 pairs a step: each value found is passed to
    /// `found` and removed from `wanted`; stops when none is left. Returns the pairs examined.
    /// Values at or above 2^bits are never made (every value, so every XOR of two, is below
    /// it) and stay in `wanted`.
    ///
    /// Requires, for each range, `1 <= lo`, `hi <= m / 2 + 1` and m at most [`AHEAD`] past
    /// the positions recorded (a row whose last values are not known yet: its pairs read
    /// positions m − lo and below, which must be recorded); an empty range (`lo >= hi`)
    /// examines nothing.
    pub(crate) fn find_pairs<R>(
        &self,
        ranges: R,
        wanted: &mut Vec<u16>,
        mut found: impl FnMut(u16),
    ) -> u64
    where
        R: Iterator<Item = (usize, usize, usize)> + Clone,
    {
        // One copy of the loop for each number of planes, so that the planes of a block stay
        // in registers and every loop over them is unrolled.
        match self.bits {
            1 => self.find_with::<R, _, 1>(ranges, wanted, &mut found),
            2 => self.find_with::<R, _, 2>(ranges, wanted, &mut found),
            3 => self.find_with::<R, _, 3>(ranges, wanted, &mut found),
            4 => self.find_with::<R, _, 4>(ranges, wanted, &mut found),
            5 => self.find_with::<R, _, 5>(ranges, wanted, &mut found),
            6 => self.find_with::<R, _, 6>(ranges, wanted, &mut found),
            7 => self.find_with::<R, _, 7>(ranges, wanted, &mut found),
            8 => self.find_with::<R, _, 8>(ranges, wanted, &mut found),
            9 => self.find_with::<R, _, 9>(ranges, wanted, &mut found),
            10 => self.find_with::<R, _, 10>(ranges, wanted, &mut found),
            11 => self.find_with::<R, _, 11>(ranges, wanted, &mut found),
            12 => self.find_with::<R, _, 12>(ranges, wanted, &mut found),
            13 => self.find_with::<R, _, 13>(ranges, wanted, &mut found),
            14 => self.find_with::<R, _, 14>(ranges, wanted, &mut found),
            15 => self.find_with::<R, _, 15>(ranges, wanted, &mut found),
            _ => self.find_with::<R, _, 16>(ranges, wanted, &mut found),
        }
    }

    /// [`Planes::find_pairs`] with `B == self.bits` planes.
    // Type parameters before the const one, and no `impl Trait` argument beside the explicit
    // generic arguments: rustc 1.56 accepts neither (1.59 and 1.63 do).
    fn find_with<R, F, const B: usize>(
        &self,
        ranges: R,
        wanted: &mut Vec<u16>,
        found: &mut F,
    ) -> u64
    where
        R: Iterator<Item = (usize, usize, usize)> + Clone,
        F: FnMut(u16),
    {
        debug_assert_eq!(B, self.bits);
        if wanted.len() > TARGETS {
            // More values than the test's table holds: look for them in groups (each group
            // stops early by itself; the pairs examined are those of the longer search).
            let mut rest = wanted.split_off(TARGETS);
            let first = self.find_with::<R, F, B>(ranges.clone(), wanted, found);
            let second = self.find_with::<R, F, B>(ranges, &mut rest, found);
            wanted.append(&mut rest);
            return first.max(second);
        }
        let mut visited = 0u64;
        let mut diff = [0u64; B];
        // Each wanted value as B words, word k all ones where bit k of the value is set: a pair
        // makes the value where no plane differs from its word. A value at or above 2^B is
        // never made (`reach` 0).
        let mut targets = [[0u64; B]; TARGETS];
        // Per value, all ones while it is wanted and can be made.
        let mut live = [0u64; TARGETS];
        for (i, &v) in wanted.iter().enumerate() {
            for (k, word) in targets[i].iter_mut().enumerate() {
                *word = 0u64.wrapping_sub(u64::from(v >> k & 1));
            }
            live[i] = if usize::from(v) >> B == 0 { !0 } else { 0 };
        }
        let count = wanted.len();
        // Bit i: the value of `wanted[i]` was found. The values are tested without a branch
        // on whether one is found (which is as good as random): one branch a block, on
        // whether all are.
        let mut found_any = 0u32;
        let all = (1u32 << count) - 1;
        'ranges: for (m, lo, hi) in ranges {
            if found_any == all {
                break;
            }
            if lo >= hi {
                continue;
            }
            debug_assert!(
                1 <= lo
                    && hi <= m / 2 + 1
                    && m <= self.len + AHEAD
                    && self.len + AHEAD < self.mirror
            );
            // The partners' bit offset in the mirrored planes moves one word a block: the
            // shift within the word is the row's.
            let shift = (self.mirror - 1 - m) % 64;
            let mut a0 = lo & !63;
            while a0 < hi {
                let first = lo.max(a0) - a0;
                let last = hi.min(a0 + 64) - a0;
                let valid = (!0u64 >> (64 - (last - first))) << first;
                visited += u64::from(valid.count_ones());
                let w = a0 / 64;
                let ahead = &self.forward[w * B..w * B + B];
                let q = (self.mirror - 1 - m + a0) / 64;
                let low = &self.mirrored[q * B..q * B + B];
                if shift == 0 {
                    for k in 0..B {
                        diff[k] = ahead[k] ^ low[k];
                    }
                } else {
                    let high = &self.mirrored[q * B + B..q * B + 2 * B];
                    for k in 0..B {
                        diff[k] = ahead[k] ^ (low[k] >> shift) ^ (high[k] << (64 - shift));
                    }
                }
                for i in 0..count {
                    let mut differs = 0;
                    for k in 0..B {
                        differs |= diff[k] ^ targets[i][k];
                    }
                    let hit = u64::from(valid & live[i] & !differs != 0);
                    live[i] &= hit.wrapping_sub(1);
                    found_any |= (hit as u32) << i;
                }
                if found_any == all {
                    break 'ranges;
                }
                a0 += 64;
            }
        }
        // Remove the values found, from the last (a swap brings a later one, already decided).
        for i in (0..count).rev() {
            if found_any >> i & 1 != 0 {
                found(wanted.swap_remove(i));
            }
        }
        visited
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Which of `wanted` the pairs (a, m − a) with lo <= a < hi make, one pair at a time,
    /// sorted.
    pub(in crate::octal) fn by_pairs(
        values: &[u16],
        m: usize,
        lo: usize,
        hi: usize,
        wanted: &[u16],
    ) -> Vec<u16> {
        let made: Vec<u16> = (lo..hi).map(|a| values[a] ^ values[m - a]).collect();
        let mut found: Vec<u16> = wanted
            .iter()
            .copied()
            .filter(|v| made.contains(v))
            .collect();
        found.sort_unstable();
        found
    }

    #[test]
    fn find_pairs_matches_the_pairs_one_by_one() {
        let mut rng = testkit::Rng::new(23);
        for round in 0..320 {
            // Every number of planes, 1 to 16, each its own copy of the search: the largest
            // value is placed somewhere, so that it takes exactly that many.
            let top = (1u64 << (round % 16 + 1)) - 1;
            // (Rng::range is inclusive at both ends.)
            let len = rng.range(3, 700) as usize;
            let mut values: Vec<u16> = (0..len).map(|_| rng.below(top + 1) as u16).collect();
            values[rng.below(len as u64) as usize] = top as u16;
            let mut planes = Planes::new(&values[..len / 2]);
            for n in len / 2..len {
                planes.record(&values[..=n]);
            }
            let m = rng.range(2, len as u64 - 1) as usize;
            let hi = rng.range(1, (m / 2 + 1) as u64) as usize;
            let lo = rng.range(1, hi as u64) as usize;
            let wanted: Vec<u16> = (0..rng.range(1, 20))
                .map(|_| rng.below(2 * top + 2) as u16)
                .collect();
            let mut left = wanted.clone();
            let mut found = Vec::new();
            let visited =
                planes.find_pairs(std::iter::once((m, lo, hi)), &mut left, |v| found.push(v));
            found.sort_unstable();
            found.dedup();
            let mut expected = by_pairs(&values, m, lo, hi, &wanted);
            expected.dedup();
            assert_eq!(found, expected, "m {m} lo {lo} hi {hi}");
            assert!(left.iter().all(|v| !expected.contains(v)));
            let pairs = (hi - lo) as u64;
            assert!(visited <= pairs);
            if !left.is_empty() {
                assert_eq!(visited, pairs);
            }
        }
    }

    #[test]
    fn rebuild_writes_the_bits_set_writes() {
        let mut rng = testkit::Rng::new(5);
        let edges = [0usize, 1, 63, 64, 65, 128];
        for round in 0..100 {
            let top = [1u64, 6, 700, 65535][round % 4];
            // The edges of a block first (empty, one position, a block and one either side).
            let len = match edges.get(round) {
                Some(&len) => len,
                None => rng.range(0, 500) as usize,
            };
            let values: Vec<u16> = (0..len).map(|_| rng.below(top + 1) as u16).collect();
            let built = Planes::new(&values);
            let mut by_set = built.clone();
            by_set.forward.iter_mut().for_each(|w| *w = 0);
            by_set.mirrored.iter_mut().for_each(|w| *w = 0);
            by_set.reversed.iter_mut().for_each(|v| *v = 0);
            for (p, &v) in values.iter().enumerate() {
                by_set.set(p, v);
            }
            assert_eq!(built.forward, by_set.forward, "len {len}");
            assert_eq!(built.mirrored, by_set.mirrored, "len {len}");
            assert_eq!(built.reversed, by_set.reversed, "len {len}");
        }
    }

    #[test]
    fn a_rebuild_leaves_room_for_a_quarter_more_and_no_more_than_a_block_past_it() {
        // The room decides only how often the planes are rebuilt and how much memory they
        // take, never a value: checked here, since no search would notice.
        for len in [0usize, 1, 63, 64, 65, 255, 256, 259, 1000, 4096, 100_000] {
            let values: Vec<u16> = (0..len).map(|i| (i % 5) as u16).collect();
            let planes = Planes::new(&values);
            let room = len + len / 4 + AHEAD;
            assert!(planes.mirror % 64 == 0, "len {len}");
            assert!(
                room < planes.mirror && planes.mirror <= room + 64,
                "len {len}"
            );
            assert_eq!(planes.forward.len() * 64, planes.mirror * planes.bits);
            assert_eq!(planes.mirrored.len(), planes.forward.len() + planes.bits);
            assert_eq!(planes.reversed.len(), planes.mirror);
        }
    }

    #[test]
    fn the_partners_are_the_values_read_downwards() {
        let mut rng = testkit::Rng::new(41);
        for round in 0..200 {
            let len = rng.range(2, 900) as usize;
            let values: Vec<u16> = (0..len)
                .map(|_| rng.below(1 << (round % 16 + 1)) as u16)
                .collect();
            // Built at some length, then value by value (rebuilt on the way as it grows).
            let start = rng.range(0, len as u64) as usize;
            let mut planes = Planes::new(&values[..start]);
            for n in start..len {
                planes.record(&values[..=n]);
            }
            let m = rng.range(0, len as u64 - 1) as usize;
            let hi = rng.range(0, m as u64 + 1) as usize;
            let lo = rng.range(0, hi as u64) as usize;
            let expected: Vec<u16> = (lo..hi).map(|a| values[m - a]).collect();
            assert_eq!(
                planes.partners(m, lo, hi),
                &expected[..],
                "m {m} {lo}..{hi}"
            );
        }
        // After a truncation, the positions above read as recorded again.
        let values: Vec<u16> = (0..300).map(|i| (i * 5 % 17) as u16).collect();
        let planes = truncated_then_recorded(&values, 100, 16);
        assert_eq!(planes.partners(100, 0, 3), &[16, values[99], values[98]]);
    }

    /// The planes of `values`, truncated to `len` positions, then `next` recorded at `len`.
    fn truncated_then_recorded(values: &[u16], len: usize, next: u16) -> Planes {
        let mut planes = Planes::new(values);
        planes.truncate(&values[..len]);
        let mut longer = values[..len].to_vec();
        longer.push(next);
        planes.record(&longer);
        planes
    }

    #[test]
    fn truncate_forgets_the_values_above() {
        let values: Vec<u16> = (0..200).map(|i| (i * 7 % 13) as u16).collect();
        let planes = truncated_then_recorded(&values, 100, 9);
        let mut wanted = vec![9 ^ values[1]];
        assert_eq!(
            planes.find_pairs(std::iter::once((101, 1, 2)), &mut wanted, |_| {}),
            1
        );
        assert!(wanted.is_empty());
    }
}
