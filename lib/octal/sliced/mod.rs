//! The rare-value method reorganised: the pairs with a rare part are read for sixteen heaps at
//! once, and the rare mex candidates that the first pairs of a row leave unproved are looked
//! for 64 pairs a step, in the bit planes of the sequence (the private module `planes`), in
//! the scan order measured cheaper for the game (the private module `scan`).
//!
//! One job a file: this one the solver ([`BitSliced`]: the method's choice and each value's
//! steps), `lanes` the tables of a block's options, `far` the far pass (by the solver or
//! apart from it, [`FarPass`] into [`FarMarks`]).

mod far;
mod lanes;
#[cfg(test)]
mod tests;

pub use far::{FarMarks, FarPass};

use super::moves::{push_value, Moves};
use super::planes::Planes;
use super::rare::{chosen_index, RareIndex, FIRST_REVIEW};
use super::scan::{boxed_table, Heap, OrderChooser, ScanOrder, Scratch, TRIAL_EVERY};
use super::{OctalCode, Solver, ValueTooLarge};
use crate::mex::MexBuffer;
use far::{Far, SharedWindow};
use lanes::{Lanes, LANES};

/// The rare-value method ([`crate::octal::RareValue`]: every split with a rare part, then the
/// rare values below the first missing common one), reorganised around two word-parallel
/// steps; identical values.
///
/// - The pairs with a rare part are read for 16 heaps at once: for heaps n0..n0 + 16 and
///   a rare position r, the partners n0 − r..n0 − r + 16 are neighbours, so one pass over the
///   rare positions serves sixteen heaps, read four partners a word, and each pair's value
///   is marked by one byte store in its heap's table of every value (no read of the table).
///   The few pairs whose partner is not known before the block (r below 16, or r near the
///   heap) are added heap by heap. Three or more split digits close together share one
///   window of partners, each partner marking the heaps it serves as bits of one word
///   (0.777's three digits: 18 such marks a rare position instead of 48 stores).
/// - G(n) is then the first common value c those pairs miss, unless a rare value below c is
///   missing too; proving each present is a coupon collector's search over the pairs
///   (a, m − a). The first candidates fall within a few hundred pairs, the last few take
///   thousands. The pairs are scanned one at a time until `HAND_OVER` (2) candidates are left;
///   those are then tested against 64 pairs at once: plane k of the values at a0..a0 + 64
///   XOR the mirrored plane k of their partners is bit k of all 64 pair values, and a
///   candidate is present where all its bits match.
/// - Each row is scanned in the order measured cheaper for the game, from a = 1 upwards or
///   by blocks from both ends of the row (Officers' hard candidates are made by small parts
///   and by the pairs near the middle, 0.777's by small parts): one heap in 128 is scanned
///   both ways to measure them.
///
/// ```
/// use grundy::octal::{BitSliced, RareValue, Solver};
/// let mut officers = BitSliced::always("0.6".parse().unwrap());
/// officers.extend_to(3000).unwrap();
/// let mut reference = RareValue::always("0.6".parse().unwrap());
/// reference.extend_to(3000).unwrap();
/// assert_eq!(officers.values(), reference.values());
/// ```
///
/// # Constraints
/// Those of [`Solver`]: values up to 65535, positions up to `u32::MAX`.
///
/// # Complexity
/// Per value, O(r · s) for the r rare positions and s split digits (one read of r's value a
/// block of sixteen heaps, one read and one table mark a pair), plus the scan: p pairs one at a
/// time until `HAND_OVER` (2) candidates are left, then (b + 2·w·b)/64 word operations a pair
/// for w candidates and b = bits of the largest value. Memory: 2 bytes a value, 4 a rare
/// position, two bit planes a bit of the largest value with a quarter to spare (at most
/// 2.5·b/8 bytes a value: 2.8 for Officers, 5 at most), a mirrored copy of the values with
/// the same room for the scan (2.5 bytes a value) and about 2.5 MiB of tables once the
/// method is used (1.8 MiB of its own and the scan's 576 KiB, of which 27 bytes a value below
/// the largest value's next power of two are touched).
#[derive(Clone, Debug)]
pub struct BitSliced {
    code: OctalCode,
    moves: Moves,
    take_all: Vec<usize>,
    leave_one: Vec<usize>,
    values: Vec<u16>,
    /// The largest value so far: every option's value is below its next power of two.
    top: u16,
    /// The naive method's marks (and the room `push_value` keeps for them).
    seen: MexBuffer,
    only_when_sparse: bool,
    rare: Option<RareIndex>,
    /// `rare_value[v]`: 1 if v is rare under the mask in use, else 0 (a look-up, not a
    /// popcount a value; bytes, read eight at a time, with eight to spare past 65535).
    rare_value: Vec<u8>,
    planes: Option<Planes>,
    next_review: usize,
    /// The first heap of the block whose far pairs are in `lanes` (`usize::MAX`: none).
    block: usize,
    /// The far pairs read for each heap of the block.
    block_work: u64,
    /// The options of the heaps of the block from its far pairs (allocated on first use).
    lanes: Option<Lanes>,
    /// With several split digits close together, the far pass reads one window of partners
    /// for all of them (`None`: a window a split digit).
    shared: Option<SharedWindow>,
    wanted: Vec<u16>,
    /// The order the candidates are scanned in, measured as it goes.
    chooser: OrderChooser,
    /// Scratch for the candidates below the first missing common value.
    candidates: Option<Box<[u16; 1 << 16]>>,
    /// Scratch for the scalar scan: all false between values.
    scratch: Option<Scratch>,
}

impl BitSliced {
    /// The game of `code`, with this method while rare positions are at most 1/8 of all and
    /// the naive scan otherwise (the policy of [`crate::octal::RareValue::new`]).
    ///
    /// ```
    /// use grundy::octal::{BitSliced, Solver};
    /// let mut game = BitSliced::new("0.007".parse().unwrap());
    /// game.extend_to(26).unwrap();
    /// assert_eq!(game.values()[20..], [2, 2, 4, 4, 0, 5]);
    /// ```
    ///
    /// # Complexity
    /// O(k) for a code of k digits.
    pub fn new(code: OctalCode) -> Self {
        BitSliced::with_policy(code, true)
    }

    /// The game of `code`, with this method from position 64 on whatever the share of rare
    /// positions (for tests and measurements).
    ///
    /// ```
    /// use grundy::octal::{BitSliced, Solver};
    /// let mut game = BitSliced::always("0.6".parse().unwrap());
    /// game.extend_to(1000).unwrap();
    /// assert!(game.rare_mask().is_some());
    /// ```
    ///
    /// # Complexity
    /// O(k) for a code of k digits.
    pub fn always(code: OctalCode) -> Self {
        BitSliced::with_policy(code, false)
    }

    fn with_policy(code: OctalCode, only_when_sparse: bool) -> Self {
        BitSliced {
            moves: Moves::new(&code),
            take_all: code.moves_with(1),
            leave_one: code.moves_with(2),
            shared: SharedWindow::of(&code.moves_with(4)),
            code,
            values: Vec::new(),
            top: 0,
            seen: MexBuffer::new(64),
            only_when_sparse,
            rare: None,
            rare_value: Vec::new(),
            planes: None,
            next_review: FIRST_REVIEW,
            block: usize::MAX,
            block_work: 0,
            lanes: None,
            wanted: Vec::new(),
            chooser: OrderChooser::new(ScanOrder::Low, TRIAL_EVERY),
            candidates: None,
            scratch: None,
        }
    }

    /// The mask of the rare-value method, while it is in use.
    ///
    /// ```
    /// use grundy::octal::{BitSliced, Solver};
    /// let mut game = BitSliced::always("0.6".parse().unwrap());
    /// game.extend_to(64).unwrap();
    /// assert_eq!(game.rare_mask(), None); // the first 64 values are computed naively
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn rare_mask(&self) -> Option<u16> {
        self.rare.as_ref().map(RareIndex::mask)
    }

    /// The heap at which the method is chosen again (the mask may change there, so a
    /// [`FarPass`] made before it is good for blocks below it only).
    ///
    /// ```
    /// use grundy::octal::{BitSliced, Solver};
    /// let mut game = BitSliced::new("0.6".parse().unwrap());
    /// game.extend_to(100).unwrap();
    /// assert_eq!(game.review_at(), 128);
    /// ```
    pub fn review_at(&self) -> usize {
        self.next_review
    }

    /// A far pass for the blocks below [`BitSliced::review_at`], while the rare-value method
    /// is in use (`None` otherwise): a copy of the rare positions so far, the mask and the
    /// split digits.
    ///
    /// ```
    /// use grundy::octal::{BitSliced, Solver};
    /// let mut game = BitSliced::always("0.6".parse().unwrap());
    /// assert!(game.far_pass().is_none());
    /// game.extend_to(100).unwrap();
    /// assert!(game.far_pass().is_some());
    /// ```
    ///
    /// # Complexity
    /// O(r) for r rare positions.
    pub fn far_pass(&self) -> Option<FarPass> {
        let rare = self.rare.as_ref()?;
        Some(FarPass {
            split: self.moves.split.clone(),
            shared: self.shared.clone(),
            mask: rare.mask(),
            positions: rare.positions().to_vec(),
            scanned: self.values.len(),
            top: self.top,
        })
    }

    /// Computes the next `count` values (1 ≤ `count` ≤ 16) as one block, using `marks` if a
    /// [`FarPass`] prepared them for a block starting here (and marking the far pairs they
    /// lack), and gives `marks` back holding the previous block's tables, for the next use.
    /// The values are those of [`Solver::push_next`]; returns the options examined.
    ///
    /// ```
    /// use grundy::octal::{BitSliced, FarMarks, Solver};
    /// let mut game = BitSliced::always("0.777".parse().unwrap());
    /// let mut marks = FarMarks::new();
    /// while game.len() < 2000 {
    ///     game.push_block(&mut marks, 16).unwrap();
    /// }
    /// let mut reference = BitSliced::always("0.777".parse().unwrap());
    /// reference.extend_to(2000).unwrap();
    /// assert_eq!(game.values(), reference.values());
    /// ```
    ///
    /// # Errors
    /// [`ValueTooLarge`], with the values below it kept.
    ///
    /// # Panics
    /// If `count` is 0 or above 16.
    pub fn push_block(&mut self, marks: &mut FarMarks, count: usize) -> Result<u64, ValueTooLarge> {
        assert!((1..=LANES).contains(&count), "a block is 1 to 16 heaps");
        let n0 = self.values.len();
        let mut work = 0;
        if self.rare.is_none() || n0 + count > self.next_review {
            for _ in 0..count {
                work += self.push_next()?;
            }
            return Ok(work);
        }
        let prepared =
            marks.block == n0 && marks.lanes.is_some() && self.rare_mask() == Some(marks.mask);
        std::mem::swap(&mut self.lanes, &mut marks.lanes);
        // Every mark ever made is a XOR of two values: below the largest one's next power
        // of two, which clears any table.
        let size = (usize::from(self.top) + 1).next_power_of_two();
        marks.dirty = size;
        marks.block = usize::MAX;
        let lanes = self.lanes.get_or_insert_with(Lanes::new);
        let (done, prepared_work) = if prepared {
            (marks.done, marks.work)
        } else {
            lanes.clear(size, self.shared.is_some());
            ((LANES, LANES), 0)
        };
        let far = Far {
            split: &self.moves.split,
            shared: self.shared.as_ref(),
            n0,
        };
        let positions = self.rare.as_ref().map_or(&[][..], |rare| rare.positions());
        self.block_work = prepared_work + far.mark(&self.values, positions, done, lanes);
        self.block = n0;
        for _ in 0..count {
            work += self.push_next()?;
        }
        Ok(work)
    }

    /// Chooses the method for the next stretch of values from the histogram so far.
    fn review_method(&mut self) {
        self.next_review = 2 * self.values.len().max(1);
        self.chooser.review();
        self.rare = None;
        self.planes = None;
        self.block = usize::MAX;
        if self.moves.split.is_empty() {
            return;
        }
        if let Some(rare) = chosen_index(&self.values, self.only_when_sparse) {
            self.rare_value = (0..=u16::MAX)
                .map(|v| u8::from(rare.is_rare(v)))
                .chain(std::iter::repeat(0).take(8))
                .collect();
            self.rare = Some(rare);
            self.planes = Some(Planes::new(&self.values));
        }
    }

    /// Marks in `lanes` the options of heaps n0..n0 + 16 (n0 = len) from the pairs
    /// (r, m − r) with r rare, `LANES <= r < n0 − j` for each split digit j: those whose
    /// partners are all known.
    fn mark_far_pairs(&mut self) {
        let n0 = self.values.len();
        let size = (usize::from(self.top) + 1).next_power_of_two();
        let lanes = self.lanes.get_or_insert_with(Lanes::new);
        lanes.clear(size, self.shared.is_some());
        self.block = n0;
        self.block_work = 0;
        if let Some(rare) = &self.rare {
            let far = Far {
                split: &self.moves.split,
                shared: self.shared.as_ref(),
                n0,
            };
            self.block_work = far.mark(&self.values, rare.positions(), (LANES, LANES), lanes);
        }
    }

    /// G(n) for n = len, from the values below it and the far pairs marked for its block,
    /// and the options examined: the block's table of heap n completed (its unsplit moves and
    /// the pairs with a rare part the far pass left), the rare values below the first common
    /// value it lacks that it lacks too, and the search for those among the other pairs.
    fn next_value(&mut self) -> (usize, u64) {
        let g = &self.values;
        let n = g.len();
        let (rare, planes, lanes) = match (&self.rare, &self.planes, &mut self.lanes) {
            (Some(rare), Some(planes), Some(lanes)) if self.block <= n => (rare, planes, lanes),
            _ => {
                self.seen.clear();
                let mut work = self.moves.insert_unsplit(g, &mut self.seen);
                work += self.moves.insert_every_split(g, &mut self.seen);
                return (self.seen.mex(), work);
            }
        };
        let i = n - self.block;
        let mut work = self.block_work + mark_unsplit(g, &self.take_all, &self.leave_one, i, lanes);
        let far = Far {
            split: &self.moves.split,
            shared: self.shared.as_ref(),
            n0: self.block,
        };
        work += far.mark_near(g, rare.positions(), i, lanes);
        let scratch = self.candidates.get_or_insert_with(|| boxed_table(0));
        let (c, count) = lanes.unmade(i, &self.rare_value, scratch);
        self.wanted.clear();
        self.wanted.extend_from_slice(&scratch[..count]);
        if !self.wanted.is_empty() {
            let scratch = self.scratch.get_or_insert_with(Scratch::new);
            let heap = Heap {
                g,
                split: &self.moves.split,
                planes,
            };
            work += self.chooser.find(heap, &mut self.wanted, scratch);
        }
        // Every value below c is now made, or left in `wanted` as made by no option.
        let mex = self
            .wanted
            .iter()
            .map(|&v| usize::from(v))
            .min()
            .unwrap_or(c);
        (mex, work)
    }
}

/// Marks in heap i's table of the block the values of heap n = `g.len()`'s moves that split
/// nothing: taking it all (`take_all`, value 0) and leaving one heap (`leave_one`, G(n − j));
/// returns the moves examined.
fn mark_unsplit(
    g: &[u16],
    take_all: &[usize],
    leave_one: &[usize],
    i: usize,
    lanes: &mut Lanes,
) -> u64 {
    let n = g.len();
    if take_all.contains(&n) {
        lanes.mark(i, 0);
    }
    for &j in leave_one.iter().filter(|&&j| n > j) {
        lanes.mark(i, usize::from(g[n - j]));
    }
    (take_all.len() + leave_one.len()) as u64
}

impl Solver for BitSliced {
    fn code(&self) -> &OctalCode {
        &self.code
    }

    fn values(&self) -> &[u16] {
        &self.values
    }

    fn push_next(&mut self) -> Result<u64, ValueTooLarge> {
        let n = self.values.len();
        if n == self.next_review {
            self.review_method();
        }
        if self.rare.is_some() && !(self.block <= n && n < self.block + LANES) {
            self.mark_far_pairs();
        }
        let (g, work) = self.next_value();
        let g = push_value(&mut self.values, &mut self.seen, g)?;
        self.top = self.top.max(g);
        if let Some(rare) = &mut self.rare {
            rare.record(n, g);
        }
        if let Some(planes) = &mut self.planes {
            planes.record(&self.values);
        }
        Ok(work)
    }

    fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
        self.block = usize::MAX;
        if let Some(rare) = &mut self.rare {
            rare.truncate(len);
        }
        if let Some(planes) = &mut self.planes {
            planes.truncate(&self.values);
        }
    }

    fn reserve(&mut self, additional: usize) {
        self.values.reserve_exact(additional);
    }
}
