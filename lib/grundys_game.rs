//! Grundy's game: a move splits one heap into two non-empty heaps of different sizes (Winning
//! Ways, ch. 4). G(n) = mex { G(a) ^ G(n − a) : 1 ≤ a < n − a }, a sequence not known to be
//! periodic, so its values are computed.
//!
//! The rare-value method (Berlekamp; Gangolli–Plambeck; Flammenkamp, who computed this game
//! far beyond 2^30): call a value v *rare* when popcount(v >> 1) is even and *common*
//! otherwise. Parity of popcount is additive under XOR, so an option G(a) ^ G(b) is common
//! only when exactly one of G(a), G(b) is rare. In this game the rare values are taken by
//! few heaps (1 274 below 2^20 with heap 0, the last of them 82 860), so every common option
//! of n is found by pairing each rare heap with its partner; the smallest common value c not
//! found bounds the mex, and only the rare values below c still need a witness pair, looked
//! for along the splits with an early exit. The method is exact whatever the mask: the mask
//! only decides how much work it saves.
//!
//! The work is arranged as in the octal engine's bit-sliced method (`octal::sliced`): the
//! pairs with a rare part are read for sixteen heaps at once (the partners of one rare heap
//! for neighbouring heaps are neighbouring values), the first splits of a row are marked one
//! by one, and the rare candidates they leave are looked for 64 splits a step in the bit
//! planes of the sequence (`octal::planes`), from both ends of the row in turn.
//!
//! A heap can be started before the last values below it are known
//! ([`GrundysGame::start`]: every split whose parts are known) and finished once they are
//! ([`GrundysGame::finish`]: the few splits with a small part left out), so that a driver
//! outside the library can run two threads on alternate runs of heaps (the analyzer's
//! `grundys_threads`); the library itself stays single-threaded.
//!
//! [`LAST_P_POSITION`] is the largest heap below 2^20 that the second player wins; a test
//! computes it.

use crate::nimber::Nimber;
use crate::octal::planes::Planes;
use std::convert::TryInto;

/// The largest heap below 2^20 = 1 048 576 whose value is 0 (a P-position): every larger heap
/// up to 2^20 is a first-player win. The tests compute the values to 2^20 and check it.
pub const LAST_P_POSITION: usize = 1222;

/// The heaps up to which [`LAST_P_POSITION`] is proven: 2^20.
pub const P_POSITIONS_CHECKED_BELOW: usize = 1 << 20;

/// Whether `v` is rare under the game's mask (every bit but the lowest): popcount(v >> 1) is
/// even.
///
/// ```
/// use grundy::grundys_game::is_rare;
/// assert!(is_rare(0) && is_rare(1) && is_rare(6) && is_rare(7));
/// assert!(!is_rare(2) && !is_rare(5) && !is_rare(16));
/// ```
pub fn is_rare(v: u16) -> bool {
    (v >> 1).count_ones() % 2 == 0
}

/// The values of Grundy's game, extended on demand.
///
/// ```
/// use grundy::grundys_game::GrundysGame;
/// let mut game = GrundysGame::new();
/// game.extend_to(12);
/// assert_eq!(game.values(), &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]);
/// assert!(game.value(10).is_zero());
/// ```
///
/// # Constraints
/// 2 bytes a value plus the bit planes (2.5 bits a value a plane, one plane a bit of the
/// largest value), and 1 MiB of tables; values stay far below 2^15 well beyond 2^24 heaps.
///
/// # Complexity
/// Per heap: O(r) for the r rare heaps below it, read for sixteen heaps at once, plus the
/// early-exit search for the rare candidates, 64 splits a step in the bit planes (its full
/// length, n / 2 splits, only at the rare heaps).
#[derive(Clone, Debug)]
pub struct GrundysGame {
    values: Vec<u16>,
    /// The heaps ≥ 1 whose value is rare, increasing.
    rare: Vec<u32>,
    /// `lanes[i][v] == 1` iff v is an option found so far of heap block + i, for the block of
    /// [`LANES`] heaps being computed: a table of every 16-bit value, so that a pair's XOR
    /// indexes it without a bounds check, and a byte a mark, so that a mark is one store.
    lanes: Box<[[u8; LANE]; LANES + 1]>,
    /// The tables are zero from this value up (every mark is below the values' next power of
    /// two).
    dirty: usize,
    /// The first heap of the block whose far pairs are in `lanes` (`usize::MAX`: none).
    block: usize,
    /// The values known when the block's far pairs were marked.
    block_known: usize,
    /// Heaps started ([`GrundysGame::start`]) and not finished.
    open: usize,
    /// The heap after the last one started: a heap started early that is not this one
    /// begins a run, and a block.
    next_started: usize,
    /// The values as bit planes, for the search of rare candidates 64 splits at a time.
    planes: Planes,
    /// The rare candidates of the heap being computed, still without a witness pair.
    wanted: Vec<u16>,
    /// Room for the candidates of the next heaps started (no allocation a value).
    pool: Vec<Vec<u16>>,
}

/// Heaps computed together: the partners n − r of a rare heap r for the heaps of a block are
/// neighbouring values, read once for all of them.
pub const LANES: usize = 16;

/// Candidate vectors a game keeps for its next starts: one per heap it can hold open.
const POOLED: usize = 2 * LANES;

/// A heap's table in `lanes`: every 16-bit value and 64 bytes to spare, so that the tables do
/// not start 64 KiB apart, which would put the same value of every heap in one set of the
/// first-level cache.
const LANE: usize = (1 << 16) + 64;

/// The splits (a, n − a), a < `FIRST_SPLITS`, marked one by one before the planes search
/// the rest for the candidates still wanted (a multiple of 64, so that the planes start on a
/// word).
const FIRST_SPLITS: usize = 1024;

/// The ranges `(n, lo, hi)` of splits a = `lo..hi` that the planes search after the first
/// splits, in order: the splits a ≥ `from`, up to `pairs` (exclusive).
fn scan_order(
    n: usize,
    from: usize,
    pairs: usize,
) -> impl Iterator<Item = (usize, usize, usize)> + Clone {
    let blocks = (pairs.saturating_sub(from) + BLOCK - 1) / BLOCK;
    (0..blocks).map(move |t| {
        let j = if t % 2 == 0 {
            t / 2
        } else {
            blocks - 1 - t / 2
        };
        (n, from + j * BLOCK, pairs.min(from + (j + 1) * BLOCK))
    })
}

/// Splits a block of [`scan_order`] takes from one end of the row before turning to the other.
const BLOCK: usize = 256;

impl Default for GrundysGame {
    fn default() -> Self {
        GrundysGame::new()
    }
}

impl GrundysGame {
    /// No values yet.
    ///
    /// ```
    /// assert!(grundy::grundys_game::GrundysGame::new().values().is_empty());
    /// ```
    pub fn new() -> Self {
        GrundysGame {
            values: Vec::new(),
            rare: Vec::new(),
            lanes: vec![[0u8; LANE]; LANES + 1]
                .into_boxed_slice()
                .try_into()
                .expect("the length is LANES"),
            dirty: 0,
            block: usize::MAX,
            block_known: 0,
            open: 0,
            next_started: 0,
            planes: Planes::new(&[]),
            wanted: Vec::new(),
            pool: Vec::new(),
        }
    }

    /// Computes the values of heaps `0..n` (nothing if they are there already).
    ///
    /// ```
    /// let mut game = grundy::grundys_game::GrundysGame::new();
    /// game.extend_to(1 << 14);
    /// assert_eq!(game.values().len(), 1 << 14);
    /// ```
    ///
    /// # Panics
    /// If a value reached 2^15 (far beyond any heap memory allows).
    ///
    /// # Complexity
    /// See the type.
    pub fn extend_to(&mut self, n: usize) {
        if n > self.values.len() {
            self.values.reserve_exact(n - self.values.len());
        }
        while self.values.len() < n {
            let heap = self.values.len();
            // Nothing left out: `finish` only takes the value.
            let started = self.start(heap);
            self.finish(started);
        }
    }

    /// Reserves room for `additional` more values (so that pushes do not move them).
    ///
    /// ```
    /// let mut game = grundy::grundys_game::GrundysGame::new();
    /// game.reserve(1000);
    /// game.extend_to(1000);
    /// assert_eq!(game.values().len(), 1000);
    /// ```
    pub fn reserve(&mut self, additional: usize) {
        self.values.reserve_exact(additional);
    }

    /// The values computed so far, heap 0 first.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The heaps ≥ 1 with a rare value ([`is_rare`]) among those computed, increasing.
    ///
    /// ```
    /// let mut game = grundy::grundys_game::GrundysGame::new();
    /// game.extend_to(5);
    /// assert_eq!(game.rare_heaps(), &[1, 2, 3, 4]);
    /// ```
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare
    }

    /// The value of heap `heap`.
    ///
    /// # Panics
    /// If `heap` is not computed yet ([`GrundysGame::extend_to`]).
    pub fn value(&self, heap: usize) -> Nimber {
        Nimber(u64::from(self.values[heap]))
    }

    /// Starts the value of heap `heap` while the values of heaps `len..heap` (up to
    /// [`AHEAD`] of them) are not known yet, for a driver outside the library (which stays
    /// single-threaded) whose two threads compute alternate runs of heaps: everything but the
    /// splits (a, heap − a) whose larger part is unknown, a ≤ heap − len. The heaps of one
    /// run of at most [`LANES`] (16) are started together, the values below them are told
    /// with [`GrundysGame::push_known`], and [`GrundysGame::finish`] completes each in turn
    /// from the splits left out.
    ///
    /// ```
    /// use grundy::grundys_game::GrundysGame;
    /// let mut reference = GrundysGame::new();
    /// reference.extend_to(3000);
    /// let g = reference.values();
    /// // Heaps 0..2000 here; heaps 2016..2032 started without the values of 2000..2016.
    /// let mut game = GrundysGame::new();
    /// game.extend_to(2000);
    /// let started: Vec<_> = (2016..2032).map(|n| game.start(n)).collect();
    /// for &v in &g[2000..2016] {
    ///     game.push_known(v);
    /// }
    /// for s in started {
    ///     let heap = s.heap();
    ///     assert_eq!(game.finish(s), g[heap]);
    /// }
    /// assert_eq!(game.values(), &g[..2032]);
    /// ```
    ///
    /// # Panics
    /// If `heap` is below the values computed or more than [`AHEAD`] past them, or if the
    /// heaps started since the last finish do not lie within [`LANES`] of the first.
    ///
    /// # Complexity
    /// That of one value (see the type); the rare candidates that the splits left out would
    /// have met among the first are looked for further along the row.
    pub fn start(&mut self, heap: usize) -> Started {
        let known = self.values.len();
        assert!(
            known <= heap && heap <= known + AHEAD,
            "start: heap {} with {} values known (at most {} ahead)",
            heap,
            known,
            AHEAD
        );
        // A run started early begins a block; heaps computed one by one use a block to its
        // end (its far pairs hold for more values known too).
        let in_block = self.block <= heap && heap < self.block + LANES;
        let new_run = self.open == 0 && heap > known && heap != self.next_started;
        if !in_block || new_run {
            assert!(
                self.open == 0,
                "start: the heaps started together must lie within {} of the first",
                LANES
            );
            self.mark_block(heap, known);
        }
        self.open += 1;
        self.next_started = heap + 1;
        let lane = heap - self.block;
        self.mark_near(heap, lane, known);
        let common = first_common(&self.lanes[lane], 0);
        self.wanted_between(lane, 0, common);
        self.search(heap, lane, heap - known + 1);
        let wanted = std::mem::replace(&mut self.wanted, self.pool.pop().unwrap_or_default());
        Started {
            heap,
            known,
            common,
            wanted,
            marks: Vec::new(),
        }
    }

    /// [`GrundysGame::start`] for another game to finish: the same values below the heap,
    /// computed by another copy (a driver's other thread), whose [`GrundysGame::finish`]
    /// takes this heap's table with it (the bytes below the values' next power of two: 512
    /// for Grundy's game to 2^28). This game does not finish it, and may start heaps of any
    /// other run next.
    ///
    /// ```
    /// use grundy::grundys_game::GrundysGame;
    /// let mut game = GrundysGame::new();
    /// game.extend_to(2000);
    /// let mut copy = game.clone();
    /// // The copy starts heaps 2016..2032 while `game` computes 2000..2016.
    /// let started: Vec<_> = (2016..2032).map(|n| copy.start_apart(n)).collect();
    /// game.extend_to(2016);
    /// for s in started {
    ///     game.finish(s);
    /// }
    /// let mut reference = GrundysGame::new();
    /// reference.extend_to(2032);
    /// assert_eq!(game.values(), reference.values());
    /// ```
    ///
    /// # Panics
    /// As [`GrundysGame::start`].
    pub fn start_apart(&mut self, heap: usize) -> Started {
        let mut started = self.start(heap);
        self.open -= 1;
        let lane = heap - self.block;
        started.marks = self.lanes[lane][..self.dirty.max(1)].to_vec();
        started
    }

    /// Appends the value of the next heap, computed elsewhere (by the other thread of a
    /// driver; see [`GrundysGame::start`]). The value is taken as it is given.
    ///
    /// ```
    /// let mut game = grundy::grundys_game::GrundysGame::new();
    /// for &v in &[0, 0, 0, 1] {
    ///     game.push_known(v);
    /// }
    /// game.extend_to(6);
    /// assert_eq!(game.values(), &[0, 0, 0, 1, 0, 2]);
    /// ```
    ///
    /// # Panics
    /// If `value` is 2^15 or more.
    pub fn push_known(&mut self, value: u16) {
        self.push_value(usize::from(value));
    }

    /// Completes and appends the value of the heap `started` began ([`GrundysGame::start`]),
    /// now that every heap below it is known, and returns it.
    ///
    /// # Panics
    /// If the values below `started`'s heap are not all there, or its own already is, or
    /// `started` is not of the run of heaps started last.
    ///
    /// # Complexity
    /// The splits left out, one by one (at most [`AHEAD`]); if they raise the first common
    /// value missing, the search for the rare candidates that adds, as for one value.
    pub fn finish(&mut self, started: Started) -> u16 {
        let n = started.heap;
        assert_eq!(
            self.values.len(),
            n,
            "finish needs the values below the heap started, and not its own"
        );
        let lane = if started.marks.is_empty() {
            assert!(
                self.open > 0 && self.block <= n && n < self.block + LANES,
                "finish: a heap not of the run started last"
            );
            self.open -= 1;
            n - self.block
        } else {
            // Started by another game: its table comes with it, into the spare one.
            let spare = &mut self.lanes[LANES];
            let clear = self.dirty.max(started.marks.len());
            spare[..clear].iter_mut().for_each(|m| *m = 0);
            spare[..started.marks.len()].copy_from_slice(&started.marks);
            LANES
        };
        let mut left = started.wanted;
        let g = &self.values[..];
        let table = &mut self.lanes[lane];
        // The splits (a, n − a) left out: a ≤ n − known, a < n − a.
        for a in 1..(n - started.known + 1).min((n + 1) / 2) {
            table[usize::from(g[a] ^ g[n - a])] = 1;
        }
        left.retain(|&v| table[usize::from(v)] == 0);
        let common = first_common(table, started.common);
        if common > started.common {
            self.wanted_between(lane, started.common + 1, common);
            self.search(n, lane, 1);
            left.extend_from_slice(&self.wanted);
        }
        let value = left.iter().map(|&v| usize::from(v)).min().unwrap_or(common);
        left.clear();
        // Heaps started by another game bring their own vector: keep no more than the
        // starts of one game can take back, or a driver's main game would hoard one a heap.
        if self.pool.len() < POOLED {
            self.pool.push(left);
        }
        if lane == LANES {
            let clear = self.dirty.max(started.marks.len());
            self.lanes[LANES][..clear].iter_mut().for_each(|m| *m = 0);
        }
        self.push_value(value);
        value as u16
    }

    /// Clears the tables and marks in them, for the block of heaps n0..n0 + [`LANES`] (lane
    /// i heap n0 + i), the pairs (r, n − r) with r rare, n0 + LANES − known ≤ r < known and 2r
    /// not within the block: those whose partners n − r are below `known` for every heap of
    /// the block, and so are known.
    fn mark_block(&mut self, n0: usize, known: usize) {
        let dirty = self.dirty;
        for table in self.lanes.iter_mut() {
            table[..dirty].iter_mut().for_each(|m| *m = 0);
        }
        self.block = n0;
        self.block_known = known;
        let far_from = n0 + LANES - known;
        let g = &self.values[..];
        let lanes = &mut self.lanes;
        let below = self.rare.partition_point(|&r| (r as usize) < known);
        for &r in &self.rare[..below] {
            let r = r as usize;
            if r < far_from || (n0 <= 2 * r && 2 * r < n0 + LANES) {
                continue;
            }
            let x = g[r];
            // Lane i's partner is n0 + i − r, the last at known − 1 or below.
            let partners = &g[n0 - r..n0 - r + LANES];
            for (table, &p) in lanes.iter_mut().zip(partners) {
                table[usize::from(x ^ p)] = 1;
            }
        }
    }

    /// Marks in heap n's table (lane `lane` of the block) the pairs with a rare part the
    /// block's far pass left (r below its first, 2r within the block, r at or past the
    /// values it knew), but only those whose parts are both below `known`.
    fn mark_near(&mut self, n: usize, lane: usize, known: usize) {
        let n0 = self.block;
        let g = &self.values[..];
        let table = &mut self.lanes[lane];
        let rare = &self.rare[..];
        let from = |bound: usize| rare.partition_point(|&r| (r as usize) < bound);
        let far_from = n0 + LANES - self.block_known;
        let small = &rare[..from(far_from.min(n))];
        let halves = &rare[from(n0 / 2)..from((n0 + LANES + 1) / 2).max(from(n0 / 2))];
        let late = from(self.block_known);
        let inside = &rare[late..from(n).max(late)];
        for &r in small.iter().chain(halves).chain(inside) {
            let r = r as usize;
            if r < n && n - r != r && n - r < known {
                table[usize::from(g[r] ^ g[n - r])] = 1;
            }
        }
    }

    /// Sets `wanted` to the rare values v, `lo ≤ v < hi`, that lane `lane`'s table lacks.
    fn wanted_between(&mut self, lane: usize, lo: usize, hi: usize) {
        let table = &self.lanes[lane];
        self.wanted.clear();
        self.wanted.extend(
            (lo..hi)
                .filter(|&v| is_rare(v as u16) && table[v] == 0)
                .map(|v| v as u16),
        );
    }

    /// Removes from `wanted` the values the splits (a, n − a), a ≥ `from_split`, make, with
    /// an early exit once none is left: the first splits marked one by one in lane `lane`'s
    /// table, the rest 64 a step in the planes. Reads the values below n − `from_split` + 1
    /// only.
    fn search(&mut self, n: usize, lane: usize, from_split: usize) {
        let wanted = &mut self.wanted;
        if wanted.is_empty() || n < 3 {
            return;
        }
        let g = &self.values[..];
        let table = &mut self.lanes[lane];
        let pairs = (n + 1) / 2;
        let first = pairs.min(FIRST_SPLITS);
        if from_split < first {
            // The splits a = from_split..first, their left parts upwards and right parts
            // downwards, 64 at a time, until no candidate is left.
            let left = &g[from_split..first];
            let right = &g[n + 1 - first..n + 1 - from_split];
            for (lefts, rights) in left.chunks(64).zip(right.rchunks(64)) {
                for (&x, &y) in lefts.iter().zip(rights.iter().rev()) {
                    table[usize::from(x ^ y)] = 1;
                }
                wanted.retain(|&v| table[usize::from(v)] == 0);
                if wanted.is_empty() {
                    return;
                }
            }
        }
        let first = first.max(from_split);
        if first < pairs {
            self.planes
                .find_pairs(scan_order(n, first, pairs), wanted, |_| {});
        }
    }

    /// Appends `value` as the next heap's.
    fn push_value(&mut self, value: usize) {
        assert!(value < 1 << 15, "Grundy's game: a value reached 2^15");
        let n = self.values.len();
        self.values.push(value as u16);
        self.planes.record(&self.values);
        if n >= 1 && is_rare(value as u16) {
            self.rare.push(n as u32);
        }
        // Every mark is an XOR of two values, below their next power of two.
        self.dirty = self.dirty.max((value + 1).next_power_of_two());
    }
}

/// The first common value at or above `from` that `table` lacks.
fn first_common(table: &[u8; LANE], from: usize) -> usize {
    let mut c = from;
    while is_rare(c as u16) || table[c] != 0 {
        c += 1;
    }
    c
}

/// How far past the values known [`GrundysGame::start`] may start a heap: two runs of
/// [`LANES`] heaps (one a thread computes while the other computes the run before).
pub const AHEAD: usize = 2 * LANES;

/// A value of Grundy's game started before every value below it is known
/// ([`GrundysGame::start`]), to complete with [`GrundysGame::finish`].
///
/// ```
/// let mut game = grundy::grundys_game::GrundysGame::new();
/// game.extend_to(100);
/// let started = game.start(110);
/// assert_eq!(started.heap(), 110);
/// ```
#[derive(Clone, Debug)]
pub struct Started {
    heap: usize,
    /// The values known when it was started.
    known: usize,
    /// The first common value the splits known then miss.
    common: usize,
    /// The rare values below `common` that no split known then makes.
    wanted: Vec<u16>,
    /// For a heap started by another game ([`GrundysGame::start_apart`]), its table (else
    /// empty: the table is in the game's own).
    marks: Vec<u8>,
}

impl Started {
    /// The heap whose value this is.
    pub fn heap(&self) -> usize {
        self.heap
    }
}

#[cfg(test)]
#[path = "grundys_game_tests.rs"]
mod tests;
