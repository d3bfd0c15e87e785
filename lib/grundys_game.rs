//! Grundy's game: a move splits one heap into two non-empty heaps of different sizes (Winning
//! Ways, ch. 4). G(n) = mex { G(a) ^ G(n − a) : 1 ≤ a < n − a }, a sequence not known to be
//! periodic, so its values are computed.
//!
//! The rare-value method (Berlekamp; Gangolli–Plambeck; Flammenkamp, who computed this game
//! far beyond 2^30): call a value v *rare* when popcount(v >> 1) is even and *common*
//! otherwise. Parity of popcount is additive under XOR, so an option G(a) ^ G(b) is common
//! only when exactly one of G(a), G(b) is rare. In this game the rare values are taken by
//! few heaps (1 274 below 2^20, none of them above 50 000), so every common option of n is
//! found by pairing each rare heap with its partner; the smallest common value c not found
//! bounds the mex, and only the rare values below c still need a witness pair, looked for by
//! one early-exit pass along the splits. The method is exact whatever the mask: the mask
//! only decides how much work it saves.
//!
//! [`LAST_P_POSITION`] is the largest heap below 2^20 that the second player wins; a test
//! computes it.

use crate::nimber::Nimber;
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
/// 2 bytes a value (32 MiB for 2^24 heaps) and 320 KiB of tables; values stay far below 2^15
/// well beyond 2^24 heaps.
///
/// # Complexity
/// Per heap: O(r) for the r rare heaps below it, plus the early-exit pass, which ends after a
/// few thousand splits on average (its full length, n / 2, only at the rare heaps).
#[derive(Clone, Debug)]
pub struct GrundysGame {
    values: Vec<u16>,
    /// The heaps ≥ 1 whose value is rare, increasing.
    rare: Vec<u32>,
    /// `seen[v] == stamp` iff v is an option of the heap being computed: a table of every
    /// 16-bit value, so that a pair's XOR indexes it without a bounds check.
    seen: Box<[u32; 1 << 16]>,
    stamp: u32,
    /// The rare values still without a witness pair during the pass along the splits (all
    /// false between heaps).
    wanted: Box<[bool; 1 << 16]>,
}

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
            seen: vec![0u32; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("the length is 2^16"),
            stamp: 0,
            wanted: vec![false; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .expect("the length is 2^16"),
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
            self.push_next();
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

    /// Appends G(n) for n = the number of values so far.
    fn push_next(&mut self) {
        let n = self.values.len();
        let g = &self.values[..];
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let (seen, stamp) = (&mut self.seen, self.stamp);
        // Every split with a rare part: this finds every common option.
        let below = self.rare.partition_point(|&r| (r as usize) < n);
        for &r in &self.rare[..below] {
            let r = r as usize;
            let other = n - r;
            if other != r {
                seen[usize::from(g[r] ^ g[other])] = stamp;
            }
        }
        // Every common value not seen is not an option, so the mex is at most the first such.
        let mut c = 0usize;
        while is_rare(c as u16) || seen[c] == stamp {
            c += 1;
        }
        // Below c only rare values can be missing: look for witnesses along the splits,
        // a table look-up a pair and a branch almost never taken.
        let wanted = &mut self.wanted;
        let mut missing = 0;
        for v in (0..c).filter(|&v| is_rare(v as u16) && seen[v] != stamp) {
            wanted[v] = true;
            missing += 1;
        }
        // Heaps below 3 have no split.
        if missing > 0 && n >= 3 {
            let pairs = (n - 1) / 2;
            let left = &g[1..=pairs];
            let right = &g[n - pairs..n];
            for (&a, &b) in left.iter().zip(right.iter().rev()) {
                let v = usize::from(a ^ b);
                if wanted[v] {
                    wanted[v] = false;
                    seen[v] = stamp;
                    missing -= 1;
                    if missing == 0 {
                        break;
                    }
                }
            }
        }
        let value = if missing == 0 {
            c
        } else {
            // Every split was seen: a rare value below c has no witness, and the smallest such
            // is the mex.
            (0..c).find(|&v| wanted[v]).expect("a value is missing")
        };
        (0..c).for_each(|v| wanted[v] = false);
        assert!(value < 1 << 15, "Grundy's game: a value reached 2^15");
        let value = value as u16;
        self.values.push(value);
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
    fn the_last_p_position_below_2_to_the_20() {
        let mut game = GrundysGame::new();
        game.extend_to(P_POSITIONS_CHECKED_BELOW);
        let zeros: Vec<usize> = (0..P_POSITIONS_CHECKED_BELOW)
            .filter(|&n| game.values()[n] == 0)
            .collect();
        assert_eq!(zeros.last(), Some(&LAST_P_POSITION));
        assert_eq!(&zeros[..6], &[0, 1, 2, 4, 7, 10]);
        // Rare values are few and stop early: what makes the method fast.
        assert!(game.rare_heaps().len() < 2000);
    }
}
