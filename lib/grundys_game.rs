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
    lanes: Box<[[u8; LANE]; LANES]>,
    /// The tables are zero from this value up (every mark is below the values' next power of
    /// two).
    dirty: usize,
    /// The values as bit planes, for the search of rare candidates 64 splits at a time.
    planes: Planes,
    /// The rare candidates of the heap being computed, still without a witness pair.
    wanted: Vec<u16>,
}

/// Heaps computed together: the partners n − r of a rare heap r for the heaps of a block are
/// neighbouring values, read once for all of them.
const LANES: usize = 16;

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
            lanes: vec![[0u8; LANE]; LANES]
                .into_boxed_slice()
                .try_into()
                .expect("the length is LANES"),
            dirty: 0,
            planes: Planes::new(&[]),
            wanted: Vec::new(),
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
            let count = LANES.min(n - self.values.len());
            self.push_block(count);
        }
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

    /// Appends the values of the next `count` heaps (1 ≤ `count` ≤ [`LANES`]).
    fn push_block(&mut self, count: usize) {
        let n0 = self.values.len();
        let dirty = self.dirty;
        for table in self.lanes.iter_mut() {
            table[..dirty].iter_mut().for_each(|m| *m = 0);
        }
        // The pairs (r, n − r) with r rare, LANES ≤ r < n0 and n − r ≠ r, for every heap
        // n = n0 + i of the block at once: the partners n0 + i − r are below n0, known
        // already, and side by side. (Marks in lanes past `count` are never read.)
        let g = &self.values[..];
        let lanes = &mut self.lanes;
        let below = self.rare.partition_point(|&r| (r as usize) < n0);
        for &r in &self.rare[..below] {
            let r = r as usize;
            if r < LANES || (n0 <= 2 * r && 2 * r < n0 + LANES) {
                continue;
            }
            let x = g[r];
            let partners = &g[n0 - r..n0 - r + LANES];
            for (table, &p) in lanes.iter_mut().zip(partners) {
                table[usize::from(x ^ p)] = 1;
            }
        }
        for i in 0..count {
            self.push_next(i);
        }
        // Every mark is an XOR of two values, below their next power of two.
        let top = self.values[n0..].iter().copied().max().unwrap_or(0);
        self.dirty = self.dirty.max((usize::from(top) + 1).next_power_of_two());
    }

    /// Appends G(n) for n = the number of values so far, heap `lane` of its block, whose
    /// table holds the block's shared marks.
    fn push_next(&mut self, lane: usize) {
        let n = self.values.len();
        let n0 = n - lane;
        let g = &self.values[..];
        let table = &mut self.lanes[lane];
        // The pairs with a rare part the block left out: r < LANES, r inside the block,
        // and those where n0 + i − r = r for some lane i.
        let rare = &self.rare[..];
        let from = |bound: usize| rare.partition_point(|&r| (r as usize) < bound);
        let small = &rare[..from(LANES.min(n))];
        let halves = &rare[from(n0 / 2)..from((n0 + LANES + 1) / 2).max(from(n0 / 2))];
        let inside = &rare[from(n0)..from(n)];
        for &r in small.iter().chain(halves).chain(inside) {
            let r = r as usize;
            if r < n && n - r != r {
                table[usize::from(g[r] ^ g[n - r])] = 1;
            }
        }
        // Every common option is there now: a common XOR has exactly one rare side. The
        // first common value not there bounds the mex.
        let mut c = 0usize;
        while is_rare(c as u16) || table[c] != 0 {
            c += 1;
        }
        // Below c only rare values can be missing: look for witnesses among the splits
        // (a, n − a), 1 ≤ a < n − a. Most candidates have one among the first splits, marked
        // one by one without a branch; the planes look for the rest, 64 splits a step.
        let pairs = (n + 1) / 2;
        let wanted_in = |table: &[u8; LANE], wanted: &mut Vec<u16>| {
            wanted.clear();
            wanted.extend(
                (0..c)
                    .filter(|&v| is_rare(v as u16) && table[v] == 0)
                    .map(|v| v as u16),
            );
        };
        let wanted = &mut self.wanted;
        wanted_in(table, wanted);
        if !wanted.is_empty() && n >= 3 {
            let first = pairs.min(FIRST_SPLITS);
            // The splits a = 1..first, their left parts upwards and right parts downwards,
            // 64 at a time, until no candidate is left.
            let left = &g[1..first];
            let right = &g[n + 1 - first..n];
            for (lefts, rights) in left.chunks(64).zip(right.rchunks(64)) {
                for (&x, &y) in lefts.iter().zip(rights.iter().rev()) {
                    table[usize::from(x ^ y)] = 1;
                }
                wanted.retain(|&v| table[usize::from(v)] == 0);
                if wanted.is_empty() {
                    break;
                }
            }
            if !wanted.is_empty() && first < pairs {
                self.planes
                    .find_pairs(scan_order(n, first, pairs), wanted, |_| {});
            }
        }
        // The smallest candidate without a witness is the mex; c if every one has one.
        let value = wanted.iter().map(|&v| usize::from(v)).min().unwrap_or(c);
        assert!(value < 1 << 15, "Grundy's game: a value reached 2^15");
        let value = value as u16;
        self.values.push(value);
        self.planes.record(&self.values);
        if n >= 1 && is_rare(value) {
            self.rare.push(n as u32);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::multi_sg::{split_table, split_unequal_values};

    /// The mex over every split, heap by heap: the definition, independent of the method.
    fn naive(n: usize) -> Vec<u16> {
        split_table(n, |x, values, options| {
            options.extend(split_unequal_values(values, x))
        })
        .iter()
        .map(|v| v.value() as u16)
        .collect()
    }

    #[test]
    fn matches_the_naive_mex_on_2_to_the_14_heaps() {
        let mut game = GrundysGame::new();
        game.extend_to(1 << 14);
        assert_eq!(game.values(), &naive(1 << 14)[..]);
        // Extending in steps gives the same values.
        let mut steps = GrundysGame::new();
        for n in [0, 1, 7, 100, 5000, 1 << 14] {
            steps.extend_to(n);
        }
        assert_eq!(steps.values(), game.values());
    }

    #[test]
    fn matches_the_naive_mex_on_2_to_the_15_heaps_extended_in_random_steps() {
        let expected = naive(1 << 15);
        for seed in 0..3 {
            let mut rng = testkit::Rng::new(seed);
            let mut game = GrundysGame::new();
            while game.values().len() < 1 << 15 {
                // Steps of every size around the block of LANES heaps, and some long ones.
                let step = if rng.below(4) == 0 {
                    rng.range(1, 3000)
                } else {
                    rng.range(1, 2 * LANES as u64 + 2)
                } as usize;
                game.extend_to((game.values().len() + step).min(1 << 15));
                let len = game.values().len();
                assert_eq!(game.values(), &expected[..len], "seed {}", seed);
            }
            let rare: Vec<u32> = (1..1u32 << 15)
                .filter(|&n| is_rare(expected[n as usize]))
                .collect();
            assert_eq!(game.rare_heaps(), &rare[..]);
        }
    }

    #[test]
    fn the_last_p_position_below_2_to_the_20() {
        let mut game = GrundysGame::new();
        game.extend_to(P_POSITIONS_CHECKED_BELOW);
        let zeros: Vec<usize> = (0..P_POSITIONS_CHECKED_BELOW)
            .filter(|&n| game.values()[n] == 0)
            .collect();
        assert_eq!(zeros.last(), Some(&LAST_P_POSITION));
        assert_eq!(&zeros[..6], &[0, 1, 2, 4, 7, 10]);
        // Rare values are few and stop early: what makes the method fast. (The module doc
        // quotes these two numbers.)
        let rare = game.rare_heaps();
        // `rare_heaps` starts at heap 1; heap 0 (value 0) is rare too.
        assert!(is_rare(game.values()[0]));
        assert_eq!((rare.len() + 1, rare.last().copied()), (1274, Some(82_860)));
    }
}
