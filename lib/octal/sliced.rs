//! The rare-value method reorganised: the pairs with a rare part are read for sixteen heaps at
//! once, and the rare mex candidates that the first pairs of a row leave unproved are looked
//! for 64 pairs a step, in the bit planes of the sequence (the private module `planes`), in
//! the scan order measured cheaper for the game (the private module `scan`).

use super::moves::{push_value, Moves};
use super::planes::Planes;
use super::rare::{chosen_index, RareIndex, FIRST_REVIEW};
use super::scan::{boxed_table, word, Heap, OrderChooser, ScanOrder, Scratch, TRIAL_EVERY};
use super::{OctalCode, Solver, ValueTooLarge};
use crate::mex::MexBuffer;

/// Heaps whose pairs with a rare part are read together: the partners of a rare position r
/// for heaps n0..n0 + 16 are 16 neighbouring values, read four at a time, and each pair's
/// value is marked in its heap's table. 16 was the best of 8, 16 and 32: fewer lanes read
/// each rare position's partners more often, and 32 doubles the pairs added heap by heap.
const LANES: usize = 16;

/// A heap's table in [`Lanes`]: a byte a value, and 64 to spare, so that the tables of a
/// block do not start at the same place in a cache set (their starts 64 KiB apart would all
/// fall in one set of the first-level cache).
const LANE: usize = (1 << 16) + 64;

/// The options of the heaps of a block: `tables[i][v]` is 1 if v is an option of heap
/// block + i (a byte each, so that a mark is a store alone, not a read-modify-write of a
/// word of bits shared by the heaps; a table a heap, so that the mark's address is the
/// value plus a constant), or, for a block marked through a shared window, bit i of
/// `bits[v]`.
struct Lanes {
    tables: Box<[[u8; LANE]; LANES]>,
    /// The marks as bits instead (bit i of `bits[v]` for heap i), for the block being
    /// marked through a shared window (allocated on first use).
    bits: Option<Box<[u16; 1 << 16]>>,
    /// Whether this block's marks are in `bits`.
    packed: bool,
}

/// A copy made on the heap, table by table (a whole copy on the stack would take 1 MiB).
impl Clone for Lanes {
    fn clone(&self) -> Self {
        let mut copy = Lanes::new();
        for (to, from) in copy.tables.iter_mut().zip(self.tables.iter()) {
            to.copy_from_slice(from);
        }
        copy.bits = self.bits.clone();
        copy.packed = self.packed;
        copy
    }
}

impl std::fmt::Debug for Lanes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lanes")
    }
}

impl Lanes {
    /// Zeroed tables (1 MiB, allocated on the heap directly; the values below the largest
    /// one's next power of two are touched).
    fn new() -> Self {
        Lanes {
            tables: boxed_table([0; LANE]),
            bits: None,
            packed: false,
        }
    }

    /// Clears the values below `size` of every heap, for marks as bytes (`packed` false) or
    /// as bits.
    fn clear(&mut self, size: usize, packed: bool) {
        self.packed = packed;
        if packed {
            self.bits()[..size].iter_mut().for_each(|b| *b = 0);
        } else {
            for table in self.tables.iter_mut() {
                table[..size].iter_mut().for_each(|b| *b = 0);
            }
        }
    }

    /// The marks as bits, for a block cleared as `packed`.
    fn bits(&mut self) -> &mut [u16; 1 << 16] {
        self.bits.get_or_insert_with(|| boxed_table(0))
    }

    /// Notes that value v is an option of heap i of the block.
    #[inline]
    fn mark(&mut self, i: usize, v: usize) {
        match &mut self.bits {
            Some(bits) if self.packed => bits[v] |= 1 << i,
            _ => self.tables[i][v] = 1,
        }
    }

    /// Whether value v is an option of heap i of the block.
    #[inline]
    fn marked(&self, i: usize, v: usize) -> bool {
        match &self.bits {
            Some(bits) if self.packed => bits[v] >> i & 1 != 0,
            _ => self.tables[i][v] != 0,
        }
    }
}

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
    /// and the options examined.
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
        let mut work = self.block_work + (self.take_all.len() + self.leave_one.len()) as u64;
        if self.take_all.contains(&n) {
            lanes.mark(i, 0);
        }
        for &j in self.leave_one.iter().filter(|&&j| n > j) {
            lanes.mark(i, usize::from(g[n - j]));
        }
        // The pairs with a rare part that the block's pass left out.
        let positions = rare.positions();
        let below_lanes = positions.partition_point(|&r| (r as usize) < LANES);
        for &j in self.moves.split.iter().filter(|&&j| n >= j + 2) {
            let m = n - j;
            // The far pass took the rare parts below block − lag for this digit.
            let lag = self.shared.as_ref().map_or(j, |shared| shared.lag);
            let far_end = if self.block > lag + LANES {
                self.block - lag
            } else {
                0
            };
            let near = positions.partition_point(|&r| (r as usize) < far_end.max(LANES));
            let below = positions.partition_point(|&r| (r as usize) < m);
            let skipped = below_lanes.min(below);
            let tail = near.min(below);
            for &r in positions[..skipped].iter().chain(&positions[tail..below]) {
                let r = r as usize;
                lanes.mark(i, usize::from(g[r] ^ g[m - r]));
            }
            work += (skipped + below - tail) as u64;
        }
        // The mex is at most the first common value c not marked; below c only rare values can
        // be missing (one above 65535 cannot be a pair's value: it stays missing). The loop
        // has one branch, taken once: whether c is a candidate is as good as random, so the
        // candidate is written every time and kept by advancing the count.
        let scratch = self.candidates.get_or_insert_with(|| boxed_table(0));
        let (mut c, mut count) = (0, 0);
        if lanes.packed {
            while c < 1 << 16 {
                let made = lanes.marked(i, c);
                let rare = self.rare_value[c] != 0;
                if !(made | rare) {
                    break;
                }
                scratch[count] = c as u16;
                // (`rare &` is redundant here, but reading `rare` in any case keeps the
                // compiler from testing `made` first with a branch of its own.)
                count += usize::from(rare & !made);
                c += 1;
            }
        } else {
            // Eight values a step, as bytes of a word (each 0 or 1): the first value neither
            // made nor rare ends the loop, and each rare value not made before it is written
            // and kept by advancing the count.
            const ONES: u64 = 0x0101_0101_0101_0101;
            let table = &lanes.tables[i];
            loop {
                let made = word_at(&table[c..c + 8]);
                let rare = word_at(&self.rare_value[c..c + 8]);
                let absent = !(made | rare) & ONES;
                let stop = (absent.trailing_zeros() / 8) as usize;
                let below = if stop < 8 { (1 << (8 * stop)) - 1 } else { !0 };
                let wanted = rare & !made & below;
                for k in 0..8 {
                    scratch[count] = (c + k) as u16;
                    count += (wanted >> (8 * k) & 1) as usize;
                }
                if stop < 8 {
                    c += stop;
                    break;
                }
                c += 8;
                if c == 1 << 16 {
                    break;
                }
            }
        }
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

/// The far pairs of one block of sixteen heaps, marked away from the solver (on another
/// thread, say) by a [`FarPass`] and used by [`BitSliced::push_block`]: the generic split
/// that lets a caller run the far pass of the next block while the solver computes this one.
/// The library itself stays single-threaded.
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
    lanes: Option<Lanes>,
    /// The block the marks are for (`usize::MAX`: none).
    block: usize,
    /// The mask their rare parts were chosen by (they are used only if the solver's is the
    /// same: a review of the method may change it).
    mask: u16,
    /// The rare parts r in `done.0..done.1` are marked.
    done: (usize, usize),
    /// The pairs a heap of the block gets from them.
    work: u64,
    /// Every mark at or above this is zero.
    dirty: usize,
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

/// A far pass that runs apart from its [`BitSliced`] solver between two reviews of its method
/// ([`BitSliced::review_at`]): it reads the values known so far, keeps its own list of rare
/// positions, and marks a share of a block's far pairs into [`FarMarks`].
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
    split: Vec<usize>,
    shared: Option<SharedWindow>,
    mask: u16,
    positions: Vec<u32>,
    /// The values read so far into `positions` and `top`.
    scanned: usize,
    top: u16,
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
struct Far<'a> {
    split: &'a [usize],
    shared: Option<&'a SharedWindow>,
    n0: usize,
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
    fn mark(&self, g: &[u16], positions: &[u32], done: (usize, usize), lanes: &mut Lanes) -> u64 {
        let (a, b) = (done.0.max(LANES), done.1.max(done.0.max(LANES)));
        self.mark_in(g, positions, LANES, a, lanes)
            + self.mark_in(g, positions, b, usize::MAX, lanes)
    }

    /// The smallest r whose partners lie below `known` (the values known), for any digit.
    fn first_with_partners_below(&self, known: usize) -> usize {
        let low = self.split.iter().copied().min().unwrap_or(0);
        (self.n0 + LANES).saturating_sub(low + known).max(LANES)
    }
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
struct SharedWindow {
    /// The largest split digit: the window starts at n0 − lag − r.
    lag: usize,
    /// `masks[o]`: the heaps of the block (bit i: heap n0 + i) that partner o serves.
    masks: Vec<u16>,
}

impl SharedWindow {
    /// The window for the split digits `split`, if it takes fewer than half the marks of a
    /// window a digit (16 + jmax − jmin partners against 16 a digit): a shared mark sets
    /// several heaps' bits of one word, a read-modify-write, which costs about two of the
    /// byte stores of a window a digit: the window pays on 0.777 (18 marks against 48), not
    /// on .376 (17 against 32).
    fn of(split: &[usize]) -> Option<SharedWindow> {
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

/// The eight bytes of `bytes` as a word, the first the lowest.
#[inline]
fn word_at(bytes: &[u8]) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(bytes);
    u64::from_le_bytes(word)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::{Naive, RareValue};
    use testkit::Rng;

    fn random_code(rng: &mut Rng) -> OctalCode {
        let digits: Vec<u8> = (0..rng.range(1, 5)).map(|_| rng.below(8) as u8).collect();
        let d0 = if rng.below(4) == 0 { 4 } else { 0 };
        OctalCode::from_digits(d0, &digits).unwrap()
    }

    fn values_of<S: Solver>(mut solver: S, len: usize) -> Vec<u16> {
        solver.extend_to(len).unwrap();
        solver.values().to_vec()
    }

    #[test]
    fn matches_the_naive_method_on_random_codes() {
        let mut rng = Rng::new(2323);
        let mut sparse = 0;
        for _ in 0..150 {
            let code = random_code(&mut rng);
            let len = rng.range(100, 2500) as usize;
            let mut sliced = BitSliced::always(code.clone());
            sliced.extend_to(len).unwrap();
            assert_eq!(
                sliced.values(),
                values_of(Naive::new(code.clone()), len),
                "{code}"
            );
            assert_eq!(sliced.rare_mask().is_some(), code.has_splits(), "{code}");
            sparse += usize::from(sliced.rare_mask().is_some());
        }
        assert!(sparse > 50, "too few codes used the method: {sparse}");
    }

    #[test]
    fn matches_the_naive_method_on_classic_codes() {
        for code in [
            "0.07", "0.77", "0.137", "0.007", "0.4", "0.54", "0.72", "4.6", "0.3456", "0.6",
            "0.777", "0.376", "0.354", "4.07", "0.165", "0.064",
        ] {
            let code: OctalCode = code.parse().unwrap();
            assert_eq!(
                values_of(BitSliced::always(code.clone()), 4000),
                values_of(Naive::new(code.clone()), 4000),
                "{code}"
            );
        }
    }

    /// The bit-sliced and rare-value methods agree on `code` to 2^17, with the same rare
    /// values; the order the chooser settled on.
    fn agrees_with_the_rare_value_method_to_2_pow_17(code: &str) -> ScanOrder {
        let code: OctalCode = code.parse().unwrap();
        let mut sliced = BitSliced::new(code.clone());
        let mut rare = RareValue::new(code.clone());
        sliced.extend_to(1 << 17).unwrap();
        rare.extend_to(1 << 17).unwrap();
        assert_eq!(sliced.values(), rare.values(), "{code}");
        assert_eq!(sliced.rare_mask(), rare.rare_mask(), "{code}");
        assert!(sliced.rare_mask().is_some(), "{code}");
        sliced.chooser.order()
    }

    // One test a code, so that the runs to 2^17 share the harness's threads. The order
    // measured cheaper: Officers' hard candidates are made near the middle of the row as well
    // as by small parts; 0.777's by small parts.
    #[test]
    fn matches_the_rare_value_method_to_2_pow_17_officers() {
        let order = agrees_with_the_rare_value_method_to_2_pow_17("0.6");
        assert_eq!(order, ScanOrder::BothEnds);
    }

    #[test]
    fn matches_the_rare_value_method_to_2_pow_17_0777() {
        let order = agrees_with_the_rare_value_method_to_2_pow_17("0.777");
        assert_eq!(order, ScanOrder::Low);
    }

    #[test]
    fn matches_the_rare_value_method_to_2_pow_17_0376() {
        agrees_with_the_rare_value_method_to_2_pow_17("0.376");
    }

    #[test]
    fn matches_the_rare_value_method_to_2_pow_17_0165() {
        agrees_with_the_rare_value_method_to_2_pow_17("0.165");
    }

    #[test]
    fn either_scan_order_gives_the_naive_values() {
        let mut rng = Rng::new(77);
        for _ in 0..60 {
            let code = random_code(&mut rng);
            let len = rng.range(100, 2500) as usize;
            let naive = values_of(Naive::new(code.clone()), len);
            for &order in &[ScanOrder::Low, ScanOrder::BothEnds] {
                let mut sliced = BitSliced::always(code.clone());
                sliced.chooser = OrderChooser::new(order, usize::MAX);
                sliced.extend_to(len).unwrap();
                assert_eq!(sliced.values(), naive, "{code} {order:?}");
                assert_eq!(sliced.chooser.order(), order);
            }
        }
    }

    #[test]
    fn the_shared_window_serves_each_heap_under_each_digit() {
        // 0.777 splits after taking 1, 2 or 3: partner o of the window (n0 − 3 − r + o) is the
        // partner of heap n0 + i under digit j where o = i − j + 3.
        let window = SharedWindow::of(&[1, 2, 3]).unwrap();
        assert_eq!(window.lag, 3);
        assert_eq!(window.masks.len(), 18);
        for (o, &heaps) in window.masks.iter().enumerate() {
            let expected = (0..LANES)
                .filter(|&i| [1, 2, 3].iter().any(|&j| i + 3 == o + j))
                .fold(0, |bits, i| bits | 1 << i);
            assert_eq!(heaps, expected, "partner {}", o);
        }
        assert_eq!(window.masks[0], 0b1);
        assert_eq!(window.masks[17], 1 << 15);
        // One digit, two (a window of at least 16 + 1 partners against 32), or three
        // spanning 8 or more (16 + 8 against 48) keep a window a digit.
        assert!(SharedWindow::of(&[1]).is_none());
        assert!(SharedWindow::of(&[2, 3]).is_none());
        assert!(SharedWindow::of(&[0, 1, 7]).is_some());
        assert!(SharedWindow::of(&[0, 1, 8]).is_none());
        // The span counts from the lowest digit, not from 0.
        assert!(SharedWindow::of(&[5, 6, 12]).is_some());
        assert!(SharedWindow::of(&[5, 6, 13]).is_none());
        assert!(SharedWindow::of(&[]).is_none());
    }

    #[test]
    fn the_shared_window_gives_the_values_and_work_of_a_window_a_digit() {
        let mut rng = Rng::new(777);
        let mut shared = 0;
        for _ in 0..80 {
            let code = random_code(&mut rng);
            let len = rng.range(100, 3000) as usize;
            let mut one = BitSliced::always(code.clone());
            let mut each = BitSliced::always(code.clone());
            each.shared = None;
            shared += usize::from(one.shared.is_some());
            let (mut work_one, mut work_each) = (0, 0);
            while one.len() < len {
                work_one += one.push_next().unwrap();
                work_each += each.push_next().unwrap();
            }
            assert_eq!(one.values(), each.values(), "{code}");
            assert_eq!(work_one, work_each, "{code}");
        }
        assert!(shared > 10, "too few codes shared a window: {}", shared);
    }

    /// Drives `game` to `len` as a two-thread caller would, on one thread: the far pairs of
    /// each block marked by a [`FarPass`] from the values known one block earlier, a random
    /// share of them, the solver marking the rest; returns the work.
    fn extend_in_blocks(game: &mut BitSliced, len: usize, rng: &mut Rng) -> u64 {
        let (mut this, mut next) = (FarMarks::new(), FarMarks::new());
        let (mut pass, mut made_for) = (None, usize::MAX);
        let mut work = 0;
        while game.len() < len {
            let n0 = game.len();
            if made_for != game.review_at() {
                pass = game.far_pass();
                made_for = game.review_at();
            }
            let count = LANES.min(len - n0);
            if let Some(pass) = &mut pass {
                if count == LANES && rng.below(8) != 0 {
                    let share = [0, 1024, rng.below(1025) as u32][rng.below(3) as usize];
                    pass.mark(game.values(), n0 + LANES, share, &mut next);
                }
            }
            work += game.push_block(&mut this, count).unwrap();
            std::mem::swap(&mut this, &mut next);
        }
        work
    }

    #[test]
    fn far_passes_apart_give_the_values_and_work_of_one_pass() {
        let mut rng = Rng::new(4646);
        let mut prepared = 0;
        for round in 0..120 {
            let code = if round < 6 {
                ["0.6", "0.777", "0.376", "0.165", "0.07", "4.07"][round]
                    .parse()
                    .unwrap()
            } else {
                random_code(&mut rng)
            };
            let len = rng.range(100, 5000) as usize;
            let mut one = BitSliced::always(code.clone());
            let work_one = one.extend_to(len).unwrap();
            let mut apart = if rng.below(2) == 0 {
                BitSliced::always(code.clone())
            } else {
                BitSliced::new(code.clone())
            };
            if !apart.only_when_sparse {
                prepared += 1;
            }
            let work_apart = extend_in_blocks(&mut apart, len, &mut rng);
            assert_eq!(one.values(), apart.values(), "{code}");
            if !apart.only_when_sparse {
                assert_eq!(work_one, work_apart, "{code}");
            }
            assert_eq!(
                apart.values(),
                values_of(Naive::new(code.clone()), len),
                "{code}"
            );
        }
        assert!(prepared > 30, "{}", prepared);
    }

    #[test]
    fn officers_in_blocks_to_2_pow_16_match_one_pass() {
        let code: OctalCode = "0.6".parse().unwrap();
        let mut rng = Rng::new(6);
        let mut apart = BitSliced::new(code.clone());
        extend_in_blocks(&mut apart, 1 << 16, &mut rng);
        assert_eq!(apart.values(), values_of(BitSliced::new(code), 1 << 16));
        assert!(apart.rare_mask().is_some());
    }

    #[test]
    fn truncated_values_are_computed_again_the_same() {
        let mut rng = Rng::new(24);
        for _ in 0..30 {
            let code = random_code(&mut rng);
            let once = values_of(BitSliced::always(code.clone()), 900);
            let mut twice = BitSliced::always(code.clone());
            let cut = rng.range(70, 600) as usize;
            twice.extend_to(cut + rng.range(0, 300) as usize).unwrap();
            twice.truncate(cut);
            assert_eq!(twice.len(), cut);
            twice.extend_to(900).unwrap();
            assert_eq!(once, twice.values(), "{code} cut at {cut}");
        }
    }

    #[test]
    fn the_policy_is_the_rare_value_methods() {
        // Officers: rare values are 16% of 8192, then 9.6% of 16384.
        let mut officers = BitSliced::new("0.6".parse().unwrap());
        officers.extend_to(16384).unwrap();
        assert_eq!(officers.rare_mask(), None);
        officers.extend_to(16385).unwrap();
        assert_eq!(officers.rare_mask(), Some(494));
        let mut nim = BitSliced::always("0.333".parse().unwrap());
        nim.extend_to(500).unwrap();
        assert_eq!(
            nim.rare_mask(),
            None,
            "no split moves: nothing to be rare for"
        );
    }

    #[test]
    fn work_counts_the_pairs_with_a_rare_part_for_every_heap() {
        // Past the naive prefix, each value examines at least its unsplit moves and every pair
        // with a rare part, which for Officers at 20,000 is more than 900 of them.
        let mut officers = BitSliced::always("0.6".parse().unwrap());
        officers.extend_to(20_000).unwrap();
        let rare = officers.rare.as_ref().unwrap().positions().len() as u64;
        for _ in 0..20 {
            let work = officers.push_next().unwrap();
            assert!(work > rare && work < 20_000, "{work} {rare}");
        }
        assert!(rare > 900, "{rare}");
    }
}
