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
/// use grundy::{ImpartialGame, Nimber};
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
/// assert_eq!(table.value(&[2, 1]), grundy::Nimber(1));
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
    /// assert_eq!(game.table(&[5]).unwrap().value(&[3]), grundy::Nimber(1));
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

/// Win or loss of positions of a [`TakeVectors`] game inside a box, found by a memoised search
/// from the positions asked about, which stops at the first move to a losing position: only
/// what the questions need is visited, where [`TakeVectors::table`] fills the whole box.
///
/// ```
/// use grundy::take_vectors::TakeVectors;
/// let game = TakeVectors::new(vec![vec![1], vec![2]]);
/// let mut search = game.search(&[31]).unwrap();
/// assert!(!search.mover_wins(&[30])); // multiples of 3 lose
/// assert_eq!(search.winning_move(&[31]), Some(0)); // take 1, leaving 30
/// ```
///
/// # Constraints
/// Positions within the box given to [`TakeVectors::search`].
///
/// # Complexity
/// O(positions visited · moves · d) over all questions together, at most the box's size.
#[derive(Clone, Debug)]
pub struct TakeVectorsSearch<'a> {
    game: &'a TakeVectors,
    bounds: Vec<usize>,
    strides: Vec<usize>,
    offsets: Vec<usize>,
    /// Per position, two bits: `UNKNOWN`, `WINS` or `LOSES`; 32 positions a word, so
    /// that a search touches a quarter of the memory a byte each would.
    state: States,
    /// Scratch for the search: frames of (position, next move), and their coordinates.
    frames: Vec<(usize, usize)>,
    coords: Vec<usize>,
    /// With at most 4 kinds and counts below 2^15: each move's amounts packed 16 bits a kind
    /// with its index offset, and frames of (position, packed coordinates, next move).
    packed_moves: Option<Vec<(u64, usize)>>,
    packed_frames: Vec<(usize, u64, usize)>,
}

/// The high bit of each 16-bit field of packed coordinates.
const FIELD_HIGH: u64 = 0x8000_8000_8000_8000;

/// Counts packed 16 bits a kind, the first kind lowest.
fn pack(counts: &[usize]) -> u64 {
    counts
        .iter()
        .enumerate()
        .fold(0, |packed, (i, &c)| packed | (c as u64) << (16 * i))
}

const UNKNOWN: u64 = 0;
const WINS: u64 = 1;
const LOSES: u64 = 2;

/// Two bits per position, each set once from `UNKNOWN`.
#[derive(Clone, Debug)]
struct States {
    words: Vec<u64>,
}

impl States {
    fn new(len: usize) -> Self {
        States {
            words: vec![0; len / 32 + 1],
        }
    }

    #[inline]
    fn get(&self, index: usize) -> u64 {
        self.words[index / 32] >> (index % 32 * 2) & 3
    }

    #[inline]
    fn set(&mut self, index: usize, state: u64) {
        self.words[index / 32] |= state << (index % 32 * 2);
    }
}

impl TakeVectors {
    /// A search over the box `0..=bounds[i]`, or `None` when the box does not fit in memory's
    /// address space (as [`TakeVectors::box_size`]).
    ///
    /// ```
    /// use grundy::take_vectors::TakeVectors;
    /// assert!(TakeVectors::new(vec![vec![1]]).search(&[usize::MAX]).is_none());
    /// ```
    ///
    /// # Panics
    /// If `bounds.len()` differs from [`TakeVectors::dims`].
    ///
    /// # Complexity
    /// O(box size) to allocate the (zeroed) states.
    pub fn search(&self, bounds: &[usize]) -> Option<TakeVectorsSearch<'_>> {
        let size = self.box_size(bounds)?;
        let (strides, offsets) = self.layout(bounds);
        let small = |v: &usize| *v < 1 << 15;
        let packable =
            self.dims <= 4 && bounds.iter().all(small) && self.moves.iter().flatten().all(small);
        let packed_moves = if packable {
            Some(
                self.moves
                    .iter()
                    .map(|m| pack(m))
                    .zip(offsets.iter().copied())
                    .collect(),
            )
        } else {
            None
        };
        Some(TakeVectorsSearch {
            game: self,
            bounds: bounds.to_vec(),
            strides,
            offsets,
            state: States::new(size),
            frames: Vec::new(),
            coords: Vec::new(),
            packed_moves,
            packed_frames: Vec::new(),
        })
    }
}

impl TakeVectorsSearch<'_> {
    /// Whether the player to move from `counts` wins.
    ///
    /// ```
    /// use grundy::take_vectors::TakeVectors;
    /// let game = TakeVectors::new(vec![vec![1, 1], vec![2, 0]]);
    /// let mut search = game.search(&[4, 4]).unwrap();
    /// assert!(!search.mover_wins(&[0, 0]));
    /// assert!(search.mover_wins(&[1, 1]));
    /// ```
    ///
    /// # Panics
    /// If `counts` lies outside the box.
    ///
    /// # Complexity
    /// See [`TakeVectorsSearch`]; answered at once for a position already known.
    pub fn mover_wins(&mut self, counts: &[usize]) -> bool {
        let start = self.index(counts);
        if self.state.get(start) == UNKNOWN {
            self.solve(start, counts);
        }
        self.state.get(start) == WINS
    }

    /// A winning move from `counts` (an index into the game's moves), if the mover wins.
    ///
    /// ```
    /// use grundy::take_vectors::TakeVectors;
    /// let game = TakeVectors::new(vec![vec![1], vec![2]]);
    /// assert_eq!(game.search(&[9]).unwrap().winning_move(&[9]), None);
    /// ```
    ///
    /// # Panics
    /// If `counts` lies outside the box.
    pub fn winning_move(&mut self, counts: &[usize]) -> Option<usize> {
        if !self.mover_wins(counts) {
            return None;
        }
        let index = self.index(counts);
        let game = self.game;
        (0..game.moves.len()).find(|&m| {
            let fits = game.moves[m].iter().zip(counts).all(|(t, h)| t <= h);
            if !fits {
                return false;
            }
            let after: Vec<usize> = counts
                .iter()
                .zip(&game.moves[m])
                .map(|(h, t)| h - t)
                .collect();
            let child = index - self.offsets[m];
            (self.state.get(child) == LOSES) || !self.mover_wins(&after)
        })
    }

    fn index(&self, counts: &[usize]) -> usize {
        assert!(
            counts.len() == self.bounds.len()
                && counts.iter().zip(&self.bounds).all(|(c, b)| c <= b),
            "TakeVectorsSearch: {:?} lies outside the box {:?}",
            counts,
            self.bounds
        );
        counts.iter().zip(&self.strides).map(|(c, s)| c * s).sum()
    }

    /// Depth-first search with an explicit stack: a position wins at its first move to a
    /// losing one, and loses once every move is known to lead to a winning one.
    fn solve(&mut self, start: usize, counts: &[usize]) {
        if self.packed_moves.is_some() {
            return self.solve_packed(start, counts);
        }
        let dims = self.bounds.len();
        let moves = &self.game.moves;
        self.frames.clear();
        self.coords.clear();
        self.frames.push((start, 0));
        self.coords.extend_from_slice(counts);
        while let Some(&(index, next)) = self.frames.last() {
            let depth = self.frames.len() - 1;
            if next == moves.len() {
                self.state.set(index, LOSES);
                self.frames.pop();
                self.coords.truncate(depth * dims);
                continue;
            }
            let here = &self.coords[depth * dims..];
            let fits = moves[next].iter().zip(here).all(|(t, h)| t <= h);
            if !fits {
                self.frames[depth].1 += 1;
                continue;
            }
            let child = index - self.offsets[next];
            match self.state.get(child) {
                LOSES => {
                    self.state.set(index, WINS);
                    self.frames.pop();
                    self.coords.truncate(depth * dims);
                }
                WINS => self.frames[depth].1 += 1,
                _ => {
                    for (i, &take) in moves[next].iter().enumerate() {
                        let c = self.coords[depth * dims + i] - take;
                        self.coords.push(c);
                    }
                    self.frames.push((child, 0));
                }
            }
        }
    }
}

impl TakeVectorsSearch<'_> {
    /// [`TakeVectorsSearch::solve`] on packed coordinates: with every field's high bit set,
    /// one subtraction of a move's packed amounts leaves every high bit set exactly when the
    /// move fits, and the fields below them are then the position it leads to.
    fn solve_packed(&mut self, start: usize, counts: &[usize]) {
        let moves = self.packed_moves.as_ref().expect("packed moves");
        let state = &mut self.state;
        let frames = &mut self.packed_frames;
        frames.clear();
        // The frame on top lives in these three; `frames` holds its ancestors.
        let (mut index, mut here, mut next) = (start, pack(counts), 0);
        loop {
            // Look for a move to a losing position, descending into the first unknown one.
            let mut found = LOSES;
            while let Some(&(amounts, offset)) = moves.get(next) {
                let after = (here | FIELD_HIGH).wrapping_sub(amounts);
                if after & FIELD_HIGH == FIELD_HIGH {
                    match state.get(index - offset) {
                        LOSES => {
                            found = WINS;
                            break;
                        }
                        WINS => {}
                        _ => {
                            found = UNKNOWN;
                            break;
                        }
                    }
                }
                next += 1;
            }
            if found == UNKNOWN {
                frames.push((index, here, next));
                index -= moves[next].1;
                here = (here | FIELD_HIGH).wrapping_sub(moves[next].0) & !FIELD_HIGH;
                next = 0;
                continue;
            }
            // Settle this position and its ancestors: a losing one makes its parent win, a
            // winning one sends its parent on to its next move.
            loop {
                state.set(index, found);
                match frames.pop() {
                    None => return,
                    Some(parent) => {
                        let (i, h, n) = parent;
                        index = i;
                        here = h;
                        next = n;
                    }
                }
                if found == WINS {
                    next += 1;
                    break;
                }
                found = WINS;
            }
        }
    }
}

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
                assert_eq!(search.mover_wins(&counts), wins, "{moves:?} {counts:?}");
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
