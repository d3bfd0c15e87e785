//! The far pass of a block of sixteen heaps: the pairs with a rare part whose partners lie
//! below the block, marked by the solver ([`Far`]) or apart from it, one block ahead
//! ([`FarPass`] into [`FarMarks`]); and the pairs it leaves to the solver heap by heap.

use super::super::scan::word;
use super::lanes::{Lanes, LANE, LANES};

/// The far pairs of one block of sixteen heaps, marked away from the solver (on another
/// thread, say) by a [`FarPass`] and used by
/// [`BitSliced::push_block`](crate::octal::BitSliced::push_block): the generic split that lets
/// a caller run the far pass of the next block while the solver computes this one. The
/// library itself stays single-threaded.
///
/// ```
/// use grundy::octal::{BitSliced, FarMarks, Solver};
/// let mut game = BitSliced::always("0.6".parse().unwrap());
/// game.extend_to(100).unwrap();
/// // Marks that no far pass prepared: `push_block` marks every far pair itself.
/// let mut marks = FarMarks::new();
/// game.push_block(&mut marks, 16).unwrap();
/// assert_eq!(game.len(), 116);
/// ```
///
/// # Constraints
/// About 1 MiB (a table of every 16-bit value for each heap of a block), allocated on first use.
#[derive(Clone, Debug)]
pub struct FarMarks {
    pub(super) lanes: Option<Lanes>,
    /// The block the marks are for (`usize::MAX`: none).
    pub(super) block: usize,
    /// The mask their rare parts were chosen by (they are used only if the solver's is the
    /// same: a review of the method may change it).
    pub(super) mask: u16,
    /// The rare parts r in `done.0..done.1` are marked.
    pub(super) done: (usize, usize),
    /// The pairs a heap of the block gets from them.
    pub(super) work: u64,
    /// Every mark at or above this is zero.
    pub(super) dirty: usize,
}

impl FarMarks {
    /// Marks for no block yet.
    ///
    /// ```
    /// let _ = grundy::octal::FarMarks::new();
    /// ```
    pub fn new() -> Self {
        FarMarks {
            lanes: None,
            block: usize::MAX,
            mask: 0,
            done: (0, 0),
            work: 0,
            dirty: 0,
        }
    }
}

impl Default for FarMarks {
    fn default() -> Self {
        FarMarks::new()
    }
}

/// A far pass that runs apart from its [`BitSliced`](crate::octal::BitSliced) solver between
/// two reviews of its method ([`BitSliced::review_at`](crate::octal::BitSliced::review_at)):
/// it reads the values known so far, keeps its own list of rare positions, and marks a share
/// of a block's far pairs into [`FarMarks`].
///
/// ```
/// use grundy::octal::{BitSliced, FarMarks, Solver};
/// let code: grundy::octal::OctalCode = "0.6".parse().unwrap();
/// let mut game = BitSliced::always(code.clone());
/// game.extend_to(300).unwrap();
/// let mut pass = game.far_pass().unwrap();
/// let mut marks = FarMarks::new();
/// // Half of the far pairs of the block after next, from the values known now.
/// pass.mark(game.values(), 316, 512, &mut marks);
/// let mut next = FarMarks::new();
/// game.push_block(&mut next, 16).unwrap();
/// game.push_block(&mut marks, 16).unwrap();
/// let mut reference = BitSliced::always(code);
/// reference.extend_to(332).unwrap();
/// assert_eq!(game.values(), reference.values());
/// ```
#[derive(Clone, Debug)]
pub struct FarPass {
    pub(super) split: Vec<usize>,
    pub(super) shared: Option<SharedWindow>,
    pub(super) mask: u16,
    pub(super) positions: Vec<u32>,
    /// The values read so far into `positions` and `top`.
    pub(super) scanned: usize,
    pub(super) top: u16,
}

impl FarPass {
    /// Marks into `marks` the far pairs of the block starting at heap `block` whose rare part
    /// r has its partners in `known` (the values known, heap 0 first), up to the share
    /// `share / 1024` of those rare parts (in increasing order); the solver marks the rest.
    ///
    /// # Panics
    /// If `known` is shorter than the values known when the pass was made, or `block` is
    /// not above `known.len()`.
    ///
    /// # Complexity
    /// O(new values) to read them, plus O(s) for each pair marked (s split digits), for all
    /// sixteen heaps at once.
    pub fn mark(&mut self, known: &[u16], block: usize, share: u32, marks: &mut FarMarks) {
        assert!(known.len() >= self.scanned && block >= known.len());
        for (n, &v) in known.iter().enumerate().skip(self.scanned) {
            self.top = self.top.max(v);
            if n >= 1 && (v & self.mask).count_ones() % 2 == 0 {
                self.positions.push(n as u32);
            }
        }
        self.scanned = known.len();
        let far = Far {
            split: &self.split,
            shared: self.shared.as_ref(),
            n0: block,
        };
        let lo = far.first_with_partners_below(known.len());
        let lag = self.split.iter().copied().max().unwrap_or(0);
        let hi = known.len().min(block.saturating_sub(lag));
        let (from, to) = {
            let index = |bound: usize| self.positions.partition_point(|&r| (r as usize) < bound);
            (index(lo), index(hi).max(index(lo)))
        };
        let take = from + ((to - from) as u64 * u64::from(share.min(1024)) / 1024) as usize;
        let end = if take < to {
            self.positions[take] as usize
        } else {
            hi.max(lo)
        };
        let size = (usize::from(self.top) + 1).next_power_of_two();
        let lanes = marks.lanes.get_or_insert_with(Lanes::new);
        lanes.clear(marks.dirty.max(size), self.shared.is_some());
        marks.dirty = marks.dirty.max(size);
        marks.block = block;
        marks.mask = self.mask;
        marks.done = (lo, end);
        marks.work = far.mark_in(known, &self.positions, lo, end, lanes);
    }
}

/// The far pass of one block: the pairs (r, n0 + i − j − r) with r rare and
/// `LANES <= r < n0 − j` for each split digit j (with a shared window, `r < n0 − lag` for
/// all), whose partners lie below the block.
pub(super) struct Far<'a> {
    pub(super) split: &'a [usize],
    pub(super) shared: Option<&'a SharedWindow>,
    pub(super) n0: usize,
}

impl Far<'_> {
    /// Marks in `lanes` the far pairs with r in `lo..hi` as well as in the block's own range
    /// for each digit; returns the pairs a heap gets. `g` holds every value the partners of
    /// those r need, and `positions` the rare positions below the largest such r.
    fn mark_in(
        &self,
        g: &[u16],
        positions: &[u32],
        lo: usize,
        hi: usize,
        lanes: &mut Lanes,
    ) -> u64 {
        let lo = lo.max(LANES);
        let index = |bound: usize| positions.partition_point(|&r| (r as usize) < bound);
        let n0 = self.n0;
        if let Some(shared) = self.shared {
            let end = hi.min(n0.saturating_sub(shared.lag));
            if end <= lo {
                return 0;
            }
            let (from, to) = (index(lo), index(end));
            let bits = lanes.bits();
            for &r in &positions[from..to] {
                let r = r as usize;
                let u = g[r];
                let p = n0 - shared.lag - r;
                let partners = &g[p..p + shared.masks.len()];
                for (&w, &heaps) in partners.iter().zip(&shared.masks) {
                    bits[usize::from(w ^ u)] |= heaps;
                }
            }
            return ((to - from) * self.split.len()) as u64;
        }
        let mut work = 0;
        for &j in self.split {
            let end = hi.min(n0.saturating_sub(j));
            if end <= lo {
                continue;
            }
            let (from, to) = (index(lo), index(end));
            work += (to - from) as u64;
            let m0 = n0 - j;
            for &r in &positions[from..to] {
                let r = r as usize;
                let p = m0 - r;
                mark_window(&mut lanes.tables, g[r], &g[p..p + LANES]);
            }
        }
        work
    }

    /// Marks the far pairs outside `done` (r in `done.0..done.1`, marked elsewhere); returns
    /// the pairs a heap gets from them.
    pub(super) fn mark(
        &self,
        g: &[u16],
        positions: &[u32],
        done: (usize, usize),
        lanes: &mut Lanes,
    ) -> u64 {
        let (a, b) = (done.0.max(LANES), done.1.max(done.0.max(LANES)));
        self.mark_in(g, positions, LANES, a, lanes)
            + self.mark_in(g, positions, b, usize::MAX, lanes)
    }

    /// Marks in heap i's table the pairs with a rare part of heap n = `g.len()` (= n0 + i)
    /// that the block's far pass leaves out: r below `LANES`, and r from the far pass's end
    /// (n0 − j for digit j; n0 − lag for all with a shared window) up to the row's end;
    /// returns the pairs marked. `positions` are the rare positions below n.
    pub(super) fn mark_near(
        &self,
        g: &[u16],
        positions: &[u32],
        i: usize,
        lanes: &mut Lanes,
    ) -> u64 {
        let n = g.len();
        // At most 15 positions (1 to 15) lie below `LANES`.
        let below_lanes = positions
            .iter()
            .take_while(|&&r| (r as usize) < LANES)
            .count();
        let mut work = 0;
        for &j in self.split.iter().filter(|&&j| n >= j + 2) {
            let m = n - j;
            // The far pass took the rare parts below n0 − lag for this digit.
            let lag = self.shared.map_or(j, |shared| shared.lag);
            let near = count_below(positions, self.n0.saturating_sub(lag).max(LANES));
            let below = count_below(positions, m);
            let skipped = below_lanes.min(below);
            let tail = near.min(below);
            for &r in positions[..skipped].iter().chain(&positions[tail..below]) {
                let r = r as usize;
                lanes.mark(i, usize::from(g[r] ^ g[m - r]));
            }
            work += (skipped + below - tail) as u64;
        }
        work
    }

    /// The smallest r whose partners lie below `known` (the values known), for any digit.
    fn first_with_partners_below(&self, known: usize) -> usize {
        let low = self.split.iter().copied().min().unwrap_or(0);
        (self.n0 + LANES).saturating_sub(low + known).max(LANES)
    }
}

/// Positions [`count_below`] looks at from the end before it searches.
pub(super) const NEAR_END: usize = 32;

/// How many of `positions` (sorted, increasing) lie below `bound`, counted from the end: the
/// bounds of [`Far::mark_near`] lie near the heap, past all but the last few rare positions
/// (a binary search's chain of dependent loads was 80% of its time on Officers at 2^24). A
/// bound further down is searched for, in the positions before the last `NEAR_END`.
pub(super) fn count_below(positions: &[u32], bound: usize) -> usize {
    let above = positions
        .iter()
        .rev()
        .take(NEAR_END)
        .take_while(|&&r| r as usize >= bound)
        .count();
    if above < NEAR_END {
        return positions.len() - above;
    }
    positions[..positions.len() - NEAR_END].partition_point(|&r| (r as usize) < bound)
}

/// Marks `partners[i] ^ u` in heap i's byte table, the pairs of a rare part of value `u`
/// (a block marked as bytes, not through a shared window): the partners are read four at a
/// time as one word, XORed with u in each of its quarters at once, so that a mark is a
/// quarter of a read and a store.
#[inline]
fn mark_window(tables: &mut [[u8; LANE]; LANES], u: u16, partners: &[u16]) {
    let spread = u64::from(u) * 0x0001_0001_0001_0001;
    for (q, four) in partners.chunks_exact(4).enumerate() {
        let word = word(four) ^ spread;
        for k in 0..4 {
            tables[4 * q + k][(word >> (16 * k)) as usize & 0xffff] = 1;
        }
    }
}

/// One window of partners for every split digit: for heaps n0..n0 + 16 and a rare part r,
/// the partner of heap n0 + i under digit j is n0 + i − j − r, so the partners of all digits
/// lie in n0 − jmax − r..n0 − jmin − r + 16, and partner o of that window serves the heaps
/// o − jmax + j for each digit j (0.777's three digits: 18 marks a rare part instead of 48).
#[derive(Clone, Debug)]
pub(super) struct SharedWindow {
    /// The largest split digit: the window starts at n0 − lag − r.
    pub(super) lag: usize,
    /// `masks[o]`: the heaps of the block (bit i: heap n0 + i) that partner o serves.
    pub(super) masks: Vec<u16>,
}

impl SharedWindow {
    /// The window for the split digits `split`, if it takes fewer than half the marks of a
    /// window a digit (16 + jmax − jmin partners against 16 a digit): a shared mark sets
    /// several heaps' bits of one word, a read-modify-write, which costs about two of the
    /// byte stores of a window a digit: the window pays on 0.777 (18 marks against 48), not
    /// on .376 (17 against 32).
    pub(super) fn of(split: &[usize]) -> Option<SharedWindow> {
        let (&low, &lag) = (split.iter().min()?, split.iter().max()?);
        if 2 * (LANES + lag - low) >= LANES * split.len() {
            return None;
        }
        let masks = (0..LANES + lag - low)
            .map(|o| {
                split
                    .iter()
                    .map(|&j| o + j)
                    .filter(|&shifted| shifted >= lag && shifted < lag + LANES)
                    .fold(0, |heaps, shifted| heaps | 1 << (shifted - lag))
            })
            .collect();
        Some(SharedWindow { lag, masks })
    }
}
