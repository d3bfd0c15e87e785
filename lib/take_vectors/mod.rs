//! Take-away games on count vectors: a position is a vector of counts (particles of each kind),
//! and a move subtracts one of a fixed set of vectors, staying non-negative (CCC 2008 "Nukit").
//!
//! The game is data ([`TakeVectors`]); the table is one bottom-up pass over a box of positions.

use crate::game::ImpartialGame;
use crate::mex::MexBuffer;
use crate::nimber::Nimber;

/// A take-away game on `d`-dimensional count vectors.
///
/// ```
/// use grundy::take_vectors::TakeVectors;
/// // One kind of particle, remove 1 or 2: the subtraction game {1, 2}.
/// let game = TakeVectors::new(vec![vec![1], vec![2]]);
/// let table = game.table(&[6]).unwrap();
/// let values: Vec<u64> = (0..=6).map(|n| table.value(&[n]).value()).collect();
/// assert_eq!(values, [0, 1, 2, 0, 1, 2, 0]);
/// ```
///
/// As an [`ImpartialGame`], a position is a vector of counts, the moves subtract the vectors
/// that fit, and the value is the default memoised search (a table needs a box):
///
/// ```
/// use grundy::take_vectors::TakeVectors;
/// use grundy::prelude::{ImpartialGame, Nimber};
/// let game = TakeVectors::new(vec![vec![1, 1], vec![2, 0]]);
/// assert_eq!(game.moves(&vec![2, 1]), vec![vec![1, 0], vec![0, 1]]);
/// assert_eq!(game.value(&vec![2, 1]), game.table(&[2, 1]).unwrap().value(&[2, 1]));
/// ```
///
/// # Constraints
/// Every move removes at least one item (so the game ends); at most 255 moves, so tables store
/// values in a byte each.
#[derive(Clone, Debug)]
pub struct TakeVectors {
    moves: Vec<Vec<usize>>,
    dims: usize,
}

/// Grundy values of every position of a [`TakeVectors`] game inside a box `0..=bound[i]`.
///
/// ```
/// use grundy::take_vectors::TakeVectors;
/// let table = TakeVectors::new(vec![vec![1, 0], vec![0, 1]]).table(&[3, 3]).unwrap();
/// // Two independent heaps of sizes 2 and 1, one object at a time.
/// assert_eq!(table.value(&[2, 1]), grundy::prelude::Nimber(1));
/// ```
#[derive(Clone, Debug)]
pub struct TakeVectorsTable {
    bounds: Vec<usize>,
    strides: Vec<usize>,
    values: Vec<u8>,
}

impl TakeVectors {
    /// The game whose moves subtract the given vectors (all of one length).
    ///
    /// ```
    /// let nukit = grundy::take_vectors::TakeVectors::new(vec![vec![1, 0, 0, 1], vec![0, 3, 0, 0]]);
    /// assert_eq!(nukit.dims(), 4);
    /// ```
    ///
    /// # Panics
    /// If there are no moves or more than 255, the vectors differ in length, or one is all zero.
    ///
    /// # Complexity
    /// O(total size of the vectors).
    pub fn new(moves: Vec<Vec<usize>>) -> Self {
        assert!(
            !moves.is_empty() && moves.len() <= 255,
            "TakeVectors needs 1 to 255 moves"
        );
        let dims = moves[0].len();
        assert!(
            moves.iter().all(|m| m.len() == dims),
            "TakeVectors: moves differ in length"
        );
        assert!(
            moves.iter().all(|m| m.iter().any(|&c| c > 0)),
            "TakeVectors: a move takes nothing"
        );
        TakeVectors { moves, dims }
    }

    /// The number of kinds of items (the vectors' length).
    ///
    /// ```
    /// assert_eq!(grundy::take_vectors::TakeVectors::new(vec![vec![1, 1]]).dims(), 2);
    /// ```
    pub fn dims(&self) -> usize {
        self.dims
    }

    /// The number of positions in the box `0..=bounds[i]`, or `None` if it overflows `usize`.
    ///
    /// ```
    /// let game = grundy::take_vectors::TakeVectors::new(vec![vec![1, 1]]);
    /// assert_eq!(game.box_size(&[30, 30]), Some(961));
    /// ```
    ///
    /// # Panics
    /// If `bounds` has the wrong length.
    ///
    /// # Complexity
    /// O(dims).
    pub fn box_size(&self, bounds: &[usize]) -> Option<usize> {
        assert_eq!(bounds.len(), self.dims, "box_size: wrong number of bounds");
        bounds
            .iter()
            .try_fold(1usize, |acc, &b| acc.checked_mul(b.checked_add(1)?))
    }

    /// The flat layout of the box `0..=bounds[i]`: row-major strides (the last kind varies
    /// fastest) and, per move, the offset it subtracts from a position's flat index. The
    /// caller has checked the box's size.
    fn layout(&self, bounds: &[usize]) -> (Vec<usize>, Vec<usize>) {
        let mut strides = vec![1usize; self.dims];
        for i in (0..self.dims.saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * (bounds[i + 1] + 1);
        }
        let offsets = self
            .moves
            .iter()
            .map(|m| m.iter().zip(&strides).map(|(c, s)| c * s).sum())
            .collect();
        (strides, offsets)
    }

    /// Grundy values of all positions with `count[i] <= bounds[i]`; `None` if the box's size
    /// overflows `usize` (callers bound it further with [`TakeVectors::box_size`]).
    ///
    /// ```
    /// let game = grundy::take_vectors::TakeVectors::new(vec![vec![1, 1]]);
    /// let table = game.table(&[2, 3]).unwrap();
    /// // Two moves in all: the second player makes the last.
    /// assert!(table.value(&[2, 3]).is_zero());
    /// ```
    ///
    /// # Panics
    /// If `bounds` has the wrong length.
    ///
    /// # Complexity
    /// O(box size × moves × dims) time, box size bytes of memory.
    pub fn table(&self, bounds: &[usize]) -> Option<TakeVectorsTable> {
        let size = self.box_size(bounds)?;
        // A move subtracts a fixed offset from the flat index, so the pass needs only the
        // current coordinates to know which moves fit.
        let (strides, offsets) = self.layout(bounds);
        let mut values = vec![0u8; size];
        let mut coords = vec![0usize; self.dims];
        let mut seen = MexBuffer::new(self.moves.len() + 1);
        for index in 0..size {
            seen.clear();
            for (m, &offset) in self.moves.iter().zip(&offsets) {
                if m.iter().zip(&coords).all(|(take, have)| take <= have) {
                    seen.insert(values[index - offset] as usize);
                }
            }
            // At most 255 moves, so the mex fits in a byte.
            values[index] = seen.mex() as u8;
            // Advance the coordinates like an odometer.
            for i in (0..self.dims).rev() {
                if coords[i] < bounds[i] {
                    coords[i] += 1;
                    break;
                }
                coords[i] = 0;
            }
        }
        Some(TakeVectorsTable {
            bounds: bounds.to_vec(),
            strides,
            values,
        })
    }
}

impl TakeVectorsTable {
    /// The Grundy value of the position `counts`.
    ///
    /// ```
    /// let game = grundy::take_vectors::TakeVectors::new(vec![vec![2]]);
    /// assert_eq!(game.table(&[5]).unwrap().value(&[3]), grundy::prelude::Nimber(1));
    /// ```
    ///
    /// # Panics
    /// If `counts` is outside the table's box or has the wrong length.
    ///
    /// # Complexity
    /// O(dims).
    pub fn value(&self, counts: &[usize]) -> Nimber {
        assert_eq!(
            counts.len(),
            self.bounds.len(),
            "value: wrong number of counts"
        );
        assert!(
            counts.iter().zip(&self.bounds).all(|(c, b)| c <= b),
            "value: {:?} is outside the table's box {:?}",
            counts,
            self.bounds
        );
        let index: usize = counts.iter().zip(&self.strides).map(|(c, s)| c * s).sum();
        Nimber::from(self.values[index])
    }
}

impl ImpartialGame for TakeVectors {
    type Position = Vec<usize>;

    /// The counts left by each move that fits, in the order the moves were given.
    ///
    /// # Panics
    /// If `counts` has the wrong length.
    fn moves(&self, counts: &Vec<usize>) -> Vec<Vec<usize>> {
        assert_eq!(counts.len(), self.dims, "moves: wrong number of counts");
        self.moves
            .iter()
            .filter(|m| m.iter().zip(counts).all(|(take, have)| take <= have))
            .map(|m| {
                counts
                    .iter()
                    .zip(m)
                    .map(|(have, take)| have - take)
                    .collect()
            })
            .collect()
    }
}

mod search;
pub use search::TakeVectorsSearch;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::GrundyMemo;
    use testkit::search::Search;
    use testkit::Rng;

    /// A random game of 1 to `most_kinds` kinds, 1 to 4 moves taking 0-2 of each kind (at
    /// least one in all), and a box of counts up to 6.
    fn random_game(rng: &mut Rng, most_kinds: u64) -> (Vec<Vec<usize>>, Vec<usize>) {
        let dims = rng.range(1, most_kinds) as usize;
        let moves = (0..rng.range(1, 4))
            .map(|_| loop {
                let m: Vec<usize> = (0..dims).map(|_| rng.below(3) as usize).collect();
                if m.iter().any(|&c| c > 0) {
                    break m;
                }
            })
            .collect();
        let bounds = (0..dims).map(|_| rng.below(7) as usize).collect();
        (moves, bounds)
    }

    #[test]
    fn table_matches_memoised_search() {
        let mut rng = Rng::new(2008);
        for _ in 0..30 {
            let (moves, bounds) = random_game(&mut rng, 3);
            let table = TakeVectors::new(moves.clone()).table(&bounds).unwrap();
            // The rules written out again, apart from the game's own moves.
            let mut memo = GrundyMemo::new(|counts: &Vec<usize>| {
                moves
                    .iter()
                    .filter(|m| m.iter().zip(counts).all(|(t, h)| t <= h))
                    .map(|m| counts.iter().zip(m).map(|(h, t)| h - t).collect())
                    .collect::<Vec<Vec<usize>>>()
            });
            let game = TakeVectors::new(moves.clone());
            let mut wins = Search::normal(|p: &Vec<usize>| game.moves(p));
            for _ in 0..40 {
                let counts: Vec<usize> = bounds
                    .iter()
                    .map(|&b| rng.range(0, b as u64) as usize)
                    .collect();
                let value = table.value(&counts);
                assert_eq!(value, memo.value(counts.clone()), "{moves:?} {counts:?}");
                assert_eq!(game.value(&counts), value, "{moves:?} {counts:?}");
                assert_eq!(
                    !value.is_zero(),
                    wins.mover_wins(counts.clone()),
                    "{moves:?} {counts:?}"
                );
            }
        }
    }

    #[test]
    fn oversized_boxes_are_refused_not_allocated() {
        let game = TakeVectors::new(vec![vec![1, 1, 1, 1]]);
        assert!(game.table(&[usize::MAX, 1, 1, 1]).is_none());
        assert_eq!(
            game.box_size(&[u32::MAX as usize, u32::MAX as usize, 1, 0]),
            None
        );
    }

    #[test]
    fn search_matches_the_table() {
        let mut rng = Rng::new(2009);
        for _ in 0..40 {
            // Up to 5 kinds: 4 or fewer take the packed path, 5 the general one.
            let (moves, bounds) = random_game(&mut rng, 5);
            let game = TakeVectors::new(moves.clone());
            let table = game.table(&bounds).unwrap();
            let mut search = game.search(&bounds).unwrap();
            for _ in 0..40 {
                let counts: Vec<usize> = bounds
                    .iter()
                    .map(|&b| rng.range(0, b as u64) as usize)
                    .collect();
                let wins = !table.value(&counts).is_zero();
                assert_eq!(
                    search.outcome(&counts).first_player_wins(),
                    wins,
                    "{moves:?} {counts:?}"
                );
                match search.winning_move(&counts) {
                    Some(m) => {
                        let after: Vec<usize> =
                            counts.iter().zip(&moves[m]).map(|(h, t)| h - t).collect();
                        let loses = table.value(&after).is_zero();
                        assert!(wins && loses, "{moves:?} {counts:?} {m}");
                    }
                    None => assert!(!wins),
                }
            }
        }
    }
}
