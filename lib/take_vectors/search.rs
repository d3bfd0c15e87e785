//! The memoised win/loss search of a [`TakeVectors`] game from the positions asked about: two
//! bits a position, and packed coordinates for small boxes.

use super::TakeVectors;
use crate::outcome::Outcome;

/// Win or loss of positions of a [`TakeVectors`] game inside a box, found by a memoised search
/// from the positions asked about, which stops at the first move to a losing position: only
/// what the questions need is visited, where [`TakeVectors::table`] fills the whole box.
///
/// ```
/// use grundy::prelude::Outcome;
/// use grundy::take_vectors::TakeVectors;
/// let game = TakeVectors::new(vec![vec![1], vec![2]]);
/// let mut search = game.search(&[31]).unwrap();
/// assert_eq!(search.outcome(&[30]), Outcome::SecondPlayerWins); // multiples of 3 lose
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
    /// Who wins from `counts`.
    ///
    /// ```
    /// use grundy::prelude::Outcome;
    /// use grundy::take_vectors::TakeVectors;
    /// let game = TakeVectors::new(vec![vec![1, 1], vec![2, 0]]);
    /// let mut search = game.search(&[4, 4]).unwrap();
    /// assert_eq!(search.outcome(&[0, 0]), Outcome::SecondPlayerWins);
    /// assert_eq!(search.outcome(&[1, 1]), Outcome::FirstPlayerWins);
    /// ```
    ///
    /// # Panics
    /// If `counts` lies outside the box.
    ///
    /// # Complexity
    /// See [`TakeVectorsSearch`]; answered at once for a position already known.
    pub fn outcome(&mut self, counts: &[usize]) -> Outcome {
        Outcome::from_first_player_wins(self.mover_wins(counts))
    }

    fn mover_wins(&mut self, counts: &[usize]) -> bool {
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
