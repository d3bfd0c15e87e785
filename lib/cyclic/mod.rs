//! Games on a finite graph that may have cycles: win, lose or draw for every position, by
//! retrograde analysis, with the remoteness (how long optimal play lasts).
//!
//! Positions are `0..n`; a move goes from a position to another along a directed edge. Play can
//! go round a cycle for ever, so besides a win and a loss for the player to move there is a
//! draw, and Grundy values do not apply (see [`crate::game`] for the acyclic case).
//!
//! # The rule
//! Under normal play (the usual convention) a position with no move is lost for the player to
//! move; under the "cannot move wins" convention ([`Convention::Misere`]) it is won. Then
//! - a position is **won** when one of its moves leads to a lost position;
//! - a position is **lost** when every one of its moves leads to a won position;
//! - every position that these two rules never decide is a **draw**.
//!
//! Why the rest is a draw: from an undecided position the player to move has no move to a lost
//! position (else it would be won) and at least one move to an undecided one (else every move
//! would lead to a won position, and it would be lost). So the player to move can always stay
//! among undecided positions, and the opponent, who faces the same situation, can too; neither
//! is forced into a loss, and neither can force a win, since a forced win is a finite strategy
//! tree that the two rules would have found. This is the classical least-fixpoint argument of
//! retrograde analysis (for games with cycles, C. A. B. Smith, "Graphs and composite games",
//! Journal of Combinatorial Theory 1 (1966); the contest version, with the out-degree
//! counting below, is cp-algorithms' "Games on arbitrary graphs").
//!
//! # The method: out-degree counting
//! The two rules are applied backwards from the positions without moves, each edge once
//! ([`solve_by_predecessors`]): a queue holds the positions decided but not yet propagated.
//! Taking a lost position, every undecided predecessor becomes won. Taking a won position, each
//! undecided predecessor's count of moves not yet known to lead to a won position drops by
//! one; at zero it becomes lost. Each edge is looked at once from its head, so the whole game
//! is solved in O(V + E), without recursion (a graph of millions of positions is fine).
//! Positions are numbered below 2^32 − 1; [`Graph`] keeps 4 bytes an edge (and as much again
//! for the reversed graph while solving), the engine alone none.
//!
//! # Remoteness
//! The number of moves until the end when the winner hurries and the loser delays: 0 for a
//! position without moves, 1 + the least remoteness of a lost successor for a won position,
//! 1 + the greatest remoteness of a (won) successor for a lost one; a draw has none. The queue
//! decides positions in order of remoteness (it is a breadth-first search from the positions
//! without moves: each decision adds 1 to the one that caused it), so the first lost
//! successor that decides a won position is its nearest one, and the last won successor that
//! decides a lost position is its farthest one.
//!
//! # Three doors, one engine
//! - [`Graph`]: explicit edges ([`Graph::from_edges`]) or a move function
//!   ([`Graph::from_moves`]), kept as compressed adjacency (CSR), then [`Graph::solve`].
//! - [`Alternating`]: positions (vertex, player to move) for two players with different
//!   moves, each move passing the turn; [`Alternating::solve`] takes the moves of a vertex
//!   for a player.
//! - [`solve_by_predecessors`]: the engine itself, for games too dense to store (a move
//!   function of every position's predecessors and its number of moves).
//!
//! ```
//! use grundy::cyclic::{Convention, CyclicOutcome, Graph};
//! // 0 → 1 → 2 (no move from 2), and 3 ⇄ 4 with 4 → 0.
//! let graph = Graph::from_edges(5, &[(0, 1), (1, 2), (3, 4), (4, 3), (4, 0)]);
//! let solution = graph.solve(Convention::Normal);
//! assert_eq!(solution.outcome(2), CyclicOutcome::Lose); // no move
//! assert_eq!(solution.outcome(1), CyclicOutcome::Win); // to 2
//! assert_eq!(solution.outcome(0), CyclicOutcome::Lose);
//! assert_eq!(solution.outcome(4), CyclicOutcome::Win); // to 0, lost for the opponent
//! assert_eq!(solution.outcome(3), CyclicOutcome::Lose); // its only move reaches 4
//! assert_eq!(solution.remoteness(3), Some(4)); // 3 → 4 → 0 → 1 → 2
//! ```

use crate::outcome::Outcome;

mod alternating;
mod graph;
#[cfg(test)]
// The brute forces index several tables by one position, as the definitions read.
#[allow(clippy::needless_range_loop)]
mod tests;

pub use self::alternating::Alternating;
pub use self::graph::Graph;

/// The result of a position for the player to move in a game that may never end.
///
/// ```
/// use grundy::cyclic::CyclicOutcome;
/// use grundy::prelude::Outcome;
/// assert_eq!(CyclicOutcome::Win.decided(), Some(Outcome::FirstPlayerWins));
/// assert_eq!(CyclicOutcome::Draw.decided(), None);
/// assert_eq!(CyclicOutcome::from(Outcome::SecondPlayerWins), CyclicOutcome::Lose);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CyclicOutcome {
    /// The player to move can force a win.
    Win,
    /// The opponent can force a win whatever the player to move does.
    Lose,
    /// Neither can force a win: with perfect play the game never ends.
    Draw,
}

impl CyclicOutcome {
    /// The two-valued [`Outcome`] of a decided position; `None` for a draw.
    ///
    /// ```
    /// use grundy::cyclic::CyclicOutcome;
    /// use grundy::prelude::Outcome;
    /// assert_eq!(CyclicOutcome::Lose.decided(), Some(Outcome::SecondPlayerWins));
    /// ```
    pub fn decided(self) -> Option<Outcome> {
        match self {
            CyclicOutcome::Win => Some(Outcome::FirstPlayerWins),
            CyclicOutcome::Lose => Some(Outcome::SecondPlayerWins),
            CyclicOutcome::Draw => None,
        }
    }

    /// Picks the word for this outcome: `win`, `lose` or `draw`.
    ///
    /// ```
    /// use grundy::cyclic::CyclicOutcome;
    /// assert_eq!(CyclicOutcome::Draw.pick("Win", "Lose", "Loop"), "Loop");
    /// ```
    pub fn pick<T>(self, win: T, lose: T, draw: T) -> T {
        match self {
            CyclicOutcome::Win => win,
            CyclicOutcome::Lose => lose,
            CyclicOutcome::Draw => draw,
        }
    }
}

/// An acyclic game's outcome is a decided cyclic one.
impl From<Outcome> for CyclicOutcome {
    fn from(outcome: Outcome) -> Self {
        outcome.pick(CyclicOutcome::Win, CyclicOutcome::Lose)
    }
}

/// What a position without moves is worth to the player to move.
///
/// ```
/// use grundy::cyclic::{Convention, CyclicOutcome};
/// assert_eq!(Convention::Normal.stuck(), CyclicOutcome::Lose);
/// assert_eq!(Convention::Misere.stuck(), CyclicOutcome::Win);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    /// Normal play: a player who cannot move loses.
    Normal,
    /// "Cannot move wins": a player who cannot move wins (the last player to move loses).
    Misere,
}

impl Convention {
    /// The outcome of a position without moves for the player to move.
    pub fn stuck(self) -> CyclicOutcome {
        match self {
            Convention::Normal => CyclicOutcome::Lose,
            Convention::Misere => CyclicOutcome::Win,
        }
    }
}

/// Every position's outcome and remoteness, as [`solve_by_predecessors`] finds them.
///
/// ```
/// use grundy::cyclic::{Convention, CyclicOutcome, Graph};
/// let solution = Graph::from_edges(2, &[(0, 1), (1, 0)]).solve(Convention::Normal);
/// assert_eq!(solution.outcomes(), &[CyclicOutcome::Draw, CyclicOutcome::Draw]);
/// assert_eq!(solution.remoteness(0), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    outcomes: Vec<CyclicOutcome>,
    remoteness: Vec<u32>,
}

impl Solution {
    /// The number of positions solved.
    pub fn positions(&self) -> usize {
        self.outcomes.len()
    }

    /// The outcome of `position` for the player to move.
    ///
    /// # Panics
    /// If `position` is not below [`Solution::positions`].
    pub fn outcome(&self, position: usize) -> CyclicOutcome {
        self.outcomes[position]
    }

    /// Every position's outcome, indexed by position.
    pub fn outcomes(&self) -> &[CyclicOutcome] {
        &self.outcomes
    }

    /// The number of moves until the end under optimal play (the winner hurries, the loser
    /// delays); `None` for a draw.
    ///
    /// ```
    /// use grundy::cyclic::{Convention, Graph};
    /// // A chain 0 → 1 → 2 → 3 with a shortcut 0 → 3.
    /// let solution = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3), (0, 3)]).solve(Convention::Normal);
    /// assert_eq!(solution.remoteness(0), Some(1)); // the shortcut, not the longer win via 1
    /// assert_eq!(solution.remoteness(1), Some(2));
    /// ```
    ///
    /// # Panics
    /// If `position` is not below [`Solution::positions`].
    pub fn remoteness(&self, position: usize) -> Option<u32> {
        match self.outcomes[position] {
            CyclicOutcome::Draw => None,
            _ => Some(self.remoteness[position]),
        }
    }
}

/// The engine: solves positions `0..positions` given each position's number of moves and, for
/// each position, the positions with a move to it (its predecessors).
///
/// `out_degree(p)` is called once per position; `predecessors(q, buffer)` once per decided
/// position `q`, and appends to the (emptied) `buffer` every `p` with a move `p → q`, once per
/// such move: an edge counted twice in `out_degree` is listed twice. Positions are listed as
/// `u32` (all are below 2^32 − 1): a buffer of half the bytes, which the engine reads once
/// per edge. This form needs no stored
/// graph, for games whose edges are too many to keep (every predecessor is computed from the
/// rules).
///
/// ```
/// use grundy::cyclic::{solve_by_predecessors, Convention, CyclicOutcome};
/// // A cycle 0 → 1 → … → 5 → 0 where 0 may also move to 6, which has no move.
/// let n = 7;
/// let solution = solve_by_predecessors(
///     n,
///     Convention::Normal,
///     |p| if p == 0 { 2 } else if p == 6 { 0 } else { 1 },
///     |q, buffer| match q {
///         0 => buffer.push(5),
///         6 => buffer.push(0),
///         _ => buffer.push(q as u32 - 1),
///     },
/// );
/// assert_eq!(solution.outcome(0), CyclicOutcome::Win);
/// assert_eq!(solution.outcome(5), CyclicOutcome::Lose);
/// assert_eq!(solution.outcome(4), CyclicOutcome::Win);
/// assert_eq!(solution.remoteness(1), Some(6)); // 1 → … → 5 → 0 → 6
/// ```
///
/// # Constraints
/// At most 2^32 − 1 positions, and fewer than 2^32 moves from one position.
///
/// The two functions must agree: a position listed as a predecessor `k` times in all has
/// `out_degree` `k`. If they do not, the outcomes are wrong (it is not checked; a count that
/// goes below zero panics in a build with overflow checks).
///
/// # Panics
/// If a predecessor is not below `positions`.
///
/// # Complexity
/// O(V + E) for V positions and E moves, plus the calls; memory 13 bytes a position (outcome,
/// remoteness, moves left, queue), and the buffer for one position's predecessors.
pub fn solve_by_predecessors<D, P>(
    positions: usize,
    convention: Convention,
    mut out_degree: D,
    mut predecessors: P,
) -> Solution
where
    D: FnMut(usize) -> usize,
    P: FnMut(usize, &mut Vec<u32>),
{
    assert!(
        positions < u32::MAX as usize,
        "at most 2^32 - 1 positions are solved"
    );
    let mut outcomes = vec![CyclicOutcome::Draw; positions];
    let mut remoteness = vec![0u32; positions];
    // Moves not yet known to lead to a won position; the decided positions in the order they
    // were decided (the queue: `head` is the next to propagate).
    let mut unknown = Vec::with_capacity(positions);
    let mut queue = Vec::with_capacity(positions);
    for (p, outcome) in outcomes.iter_mut().enumerate() {
        let degree = out_degree(p);
        assert!(
            degree < u32::MAX as usize,
            "too many moves out of one position"
        );
        unknown.push(degree as u32);
        if degree == 0 {
            *outcome = convention.stuck();
            queue.push(p as u32);
        }
    }
    let mut buffer = Vec::new();
    let mut head = 0;
    {
        // Slices, not vectors, in the loops: their bounds stay in registers (a store through
        // a vector could, for the compiler, change the vector's own length).
        let (won, counts, far) = (&mut outcomes[..], &mut unknown[..], &mut remoteness[..]);
        while head < queue.len() {
            let q = queue[head] as usize;
            head += 1;
            let next = far[q] + 1;
            buffer.clear();
            predecessors(q, &mut buffer);
            if won[q] == CyclicOutcome::Lose {
                for &p in &buffer {
                    if won[p as usize] == CyclicOutcome::Draw {
                        won[p as usize] = CyclicOutcome::Win;
                        far[p as usize] = next;
                        queue.push(p);
                    }
                }
            } else {
                for &p in &buffer {
                    // Counted for decided positions too (each edge once, so it never goes
                    // below zero): the test of the outcome is then taken only at zero, not per
                    // edge, where it would be mispredicted. The count is tested as computed,
                    // not read back from memory.
                    let count = &mut counts[p as usize];
                    let left = *count - 1;
                    *count = left;
                    if left == 0 && won[p as usize] == CyclicOutcome::Draw {
                        won[p as usize] = CyclicOutcome::Lose;
                        far[p as usize] = next;
                        queue.push(p);
                    }
                }
            }
        }
    }
    Solution {
        outcomes,
        remoteness,
    }
}
