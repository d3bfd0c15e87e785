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

/// A directed graph on positions `0..n` in compressed adjacency (CSR): the moves of position
/// `p` are one slice, built once.
///
/// ```
/// use grundy::cyclic::Graph;
/// let graph = Graph::from_edges(3, &[(0, 1), (0, 2), (2, 0)]);
/// assert_eq!(graph.moves(0).collect::<Vec<_>>(), vec![1, 2]);
/// assert_eq!(graph.out_degree(1), 0);
/// assert_eq!(graph.edges(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// The moves of `p` are `targets[offsets[p]..offsets[p + 1]]`.
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl Graph {
    /// The graph with the given edges `(from, to)` (duplicates are kept: two equal edges are
    /// two moves).
    ///
    /// # Panics
    /// If an endpoint is not below `positions`, or `positions` is 2^32 − 1 or more.
    ///
    /// # Complexity
    /// O(V + E).
    pub fn from_edges(positions: usize, edges: &[(usize, usize)]) -> Self {
        let mut degree = vec![0usize; positions];
        for &(from, to) in edges {
            assert!(
                from < positions && to < positions,
                "edge ({}, {}) leaves the positions 0..{}",
                from,
                to,
                positions
            );
            degree[from] += 1;
        }
        Graph::by_counting(degree, edges.iter().copied())
    }

    /// The graph whose moves from `p` are what `moves(p, buffer)` appends to the (emptied)
    /// `buffer`, called once for each position in order.
    ///
    /// ```
    /// use grundy::cyclic::{Convention, CyclicOutcome, Graph};
    /// // On a cycle of 10, move 1 or 2 forward; 0 has no move.
    /// let graph = Graph::from_moves(10, |p, moves| {
    ///     if p != 0 {
    ///         moves.extend([(p + 1) % 10, (p + 2) % 10].iter());
    ///     }
    /// });
    /// let solution = graph.solve(Convention::Normal);
    /// assert_eq!(solution.outcome(9), CyclicOutcome::Win); // to 0
    /// assert_eq!(solution.outcome(7), CyclicOutcome::Lose); // to 8 or 9, both won
    /// ```
    ///
    /// # Panics
    /// If a move leaves `0..positions`, or `positions` is 2^32 − 1 or more.
    ///
    /// # Complexity
    /// O(V + E) plus the calls.
    pub fn from_moves<F>(positions: usize, mut moves: F) -> Self
    where
        F: FnMut(usize, &mut Vec<usize>),
    {
        assert!(positions < u32::MAX as usize, "at most 2^32 - 1 positions");
        let mut offsets = Vec::with_capacity(positions + 1);
        let mut targets = Vec::new();
        let mut buffer = Vec::new();
        offsets.push(0);
        for p in 0..positions {
            buffer.clear();
            moves(p, &mut buffer);
            for &to in &buffer {
                assert!(
                    to < positions,
                    "move {} → {} leaves the positions 0..{}",
                    p,
                    to,
                    positions
                );
                targets.push(to as u32);
            }
            offsets.push(targets.len());
        }
        Graph { offsets, targets }
    }

    /// CSR from each position's out-degree and the edges in any order (a counting sort).
    fn by_counting(degree: Vec<usize>, edges: impl Iterator<Item = (usize, usize)>) -> Self {
        assert!(
            degree.len() < u32::MAX as usize,
            "at most 2^32 - 1 positions"
        );
        let mut offsets = Vec::with_capacity(degree.len() + 1);
        offsets.push(0);
        for d in &degree {
            let last = offsets[offsets.len() - 1];
            offsets.push(last + d);
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; offsets[degree.len()]];
        for (from, to) in edges {
            targets[fill[from]] = to as u32;
            fill[from] += 1;
        }
        Graph { offsets, targets }
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of edges (moves).
    pub fn edges(&self) -> usize {
        self.targets.len()
    }

    /// The number of moves from `position`.
    ///
    /// # Panics
    /// If `position` is not below [`Graph::positions`].
    pub fn out_degree(&self, position: usize) -> usize {
        self.offsets[position + 1] - self.offsets[position]
    }

    /// The positions one move from `position`, in the order given.
    ///
    /// # Panics
    /// If `position` is not below [`Graph::positions`].
    pub fn moves(&self, position: usize) -> impl Iterator<Item = usize> + '_ {
        self.targets[self.offsets[position]..self.offsets[position + 1]]
            .iter()
            .map(|&to| to as usize)
    }

    /// The moves of `position` as stored.
    fn targets_of(&self, position: usize) -> &[u32] {
        &self.targets[self.offsets[position]..self.offsets[position + 1]]
    }

    /// The graph with every edge turned round: its moves from `q` are the predecessors of `q`.
    ///
    /// ```
    /// use grundy::cyclic::Graph;
    /// let reversed = Graph::from_edges(3, &[(0, 2), (1, 2)]).reversed();
    /// assert_eq!(reversed.moves(2).collect::<Vec<_>>(), vec![0, 1]);
    /// ```
    ///
    /// # Complexity
    /// O(V + E).
    pub fn reversed(&self) -> Graph {
        let mut degree = vec![0usize; self.positions()];
        for &to in &self.targets {
            degree[to as usize] += 1;
        }
        let edges = (0..self.positions()).flat_map(move |p| self.moves(p).map(move |to| (to, p)));
        Graph::by_counting(degree, edges)
    }

    /// Every position's outcome and remoteness (see the [module](self) for the rule).
    ///
    /// ```
    /// use grundy::cyclic::{Convention, CyclicOutcome, Graph};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)]);
    /// assert_eq!(graph.solve(Convention::Normal).outcome(0), CyclicOutcome::Lose);
    /// assert_eq!(graph.solve(Convention::Misere).outcome(0), CyclicOutcome::Win);
    /// ```
    ///
    /// # Complexity
    /// O(V + E); it builds the reversed graph (4 bytes an edge).
    pub fn solve(&self, convention: Convention) -> Solution {
        let reversed = self.reversed();
        solve_by_predecessors(
            self.positions(),
            convention,
            |p| self.out_degree(p),
            |q, buffer| buffer.extend_from_slice(reversed.targets_of(q)),
        )
    }
}

/// The positions of a game where two players, 0 and 1, move a token alternately on the same
/// vertices `0..vertices` but may have different moves: a position is (vertex, player to
/// move), numbered `player * vertices + vertex`, and each move passes the turn.
///
/// ```
/// use grundy::cyclic::{Alternating, Convention, CyclicOutcome};
/// // On a cycle of 5 with vertex 0 a trap: player 0 moves 1 or 2 forward, player 1 only 2.
/// let turns = Alternating::new(5);
/// let steps = [vec![1, 2], vec![2]];
/// let solution = turns.solve(Convention::Normal, |vertex, player, moves| {
///     if vertex != 0 {
///         moves.extend(steps[player].iter().map(|s| (vertex + s) % 5));
///     }
/// });
/// // Player 1 at vertex 3 moves into the trap, where player 0 cannot move.
/// assert_eq!(solution.outcome(turns.position(3, 1)), CyclicOutcome::Win);
/// assert_eq!(solution.outcome(turns.position(0, 0)), CyclicOutcome::Lose);
/// assert_eq!(turns.vertex(turns.position(3, 1)), 3);
/// assert_eq!(turns.player(turns.position(3, 1)), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alternating {
    vertices: usize,
}

impl Alternating {
    /// The positions of two players on `vertices` vertices.
    pub fn new(vertices: usize) -> Self {
        Alternating { vertices }
    }

    /// The number of positions: twice the vertices.
    pub fn positions(self) -> usize {
        2 * self.vertices
    }

    /// The position with the token on `vertex` and `player` (0 or 1) to move.
    ///
    /// # Panics
    /// If `vertex` or `player` is out of range.
    pub fn position(self, vertex: usize, player: usize) -> usize {
        assert!(
            vertex < self.vertices && player < 2,
            "no position ({}, {})",
            vertex,
            player
        );
        player * self.vertices + vertex
    }

    /// The vertex of a position.
    pub fn vertex(self, position: usize) -> usize {
        position % self.vertices
    }

    /// The player to move in a position.
    pub fn player(self, position: usize) -> usize {
        position / self.vertices
    }

    /// Solves every (vertex, player) position: `moves(vertex, player, buffer)` appends to the
    /// (emptied) buffer the vertices `player` can move the token to from `vertex`; after each
    /// of them the other player moves. Index the solution with [`Alternating::position`].
    ///
    /// # Complexity
    /// O(V + E) for the 2 × vertices positions and E moves, plus the calls.
    pub fn solve<F>(self, convention: Convention, mut moves: F) -> Solution
    where
        F: FnMut(usize, usize, &mut Vec<usize>),
    {
        let graph = Graph::from_moves(self.positions(), |position, buffer| {
            let (vertex, player) = (self.vertex(position), self.player(position));
            moves(vertex, player, buffer);
            for to in buffer.iter_mut() {
                *to = self.position(*to, 1 - player);
            }
        });
        graph.solve(convention)
    }
}

#[cfg(test)]
// The brute forces index several tables by one position, as the definitions read.
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use testkit::Rng;

    /// A random multigraph on `n` positions with about `n * density / 4` edges (self-loops and
    /// cycles included), as an edge list.
    fn random_edges(rng: &mut Rng, n: usize, density: u64) -> Vec<(usize, usize)> {
        let count = rng.range(0, n as u64 * density / 4);
        (0..count)
            .map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize))
            .collect()
    }

    /// The rule read literally: apply "won if a move reaches a lost position, lost if every
    /// move reaches a won one" to every position until nothing changes; the rest are draws.
    fn naive_fixpoint(
        n: usize,
        edges: &[(usize, usize)],
        convention: Convention,
    ) -> Vec<CyclicOutcome> {
        let mut outcome = vec![CyclicOutcome::Draw; n];
        loop {
            let mut changed = false;
            for p in 0..n {
                if outcome[p] != CyclicOutcome::Draw {
                    continue;
                }
                let next: Vec<CyclicOutcome> = edges
                    .iter()
                    .filter(|e| e.0 == p)
                    .map(|e| outcome[e.1])
                    .collect();
                let decided = if next.is_empty() {
                    Some(convention.stuck())
                } else if next.contains(&CyclicOutcome::Lose) {
                    Some(CyclicOutcome::Win)
                } else if next.iter().all(|&o| o == CyclicOutcome::Win) {
                    Some(CyclicOutcome::Lose)
                } else {
                    None
                };
                if let Some(o) = decided {
                    outcome[p] = o;
                    changed = true;
                }
            }
            if !changed {
                return outcome;
            }
        }
    }

    /// Minimax with a depth bound: `wins[k][p]` (`loses[k][p]`) says the player to move from
    /// `p` can force a win (cannot avoid a loss) within `k` moves. The remoteness is the least
    /// such `k`; a position with neither for `k` up to 2n + 2 is a draw.
    fn bounded_minimax(
        n: usize,
        edges: &[(usize, usize)],
        convention: Convention,
    ) -> Vec<Option<(CyclicOutcome, u32)>> {
        let moves: Vec<Vec<usize>> = (0..n)
            .map(|p| edges.iter().filter(|e| e.0 == p).map(|e| e.1).collect())
            .collect();
        let stuck_wins = convention == Convention::Misere;
        let mut wins: Vec<bool> = (0..n).map(|p| moves[p].is_empty() && stuck_wins).collect();
        let mut loses: Vec<bool> = (0..n).map(|p| moves[p].is_empty() && !stuck_wins).collect();
        let mut result: Vec<Option<(CyclicOutcome, u32)>> = (0..n)
            .map(|p| {
                if wins[p] {
                    Some((CyclicOutcome::Win, 0))
                } else if loses[p] {
                    Some((CyclicOutcome::Lose, 0))
                } else {
                    None
                }
            })
            .collect();
        for k in 1..=(2 * n as u32 + 2) {
            let next_wins: Vec<bool> = (0..n)
                .map(|p| wins[p] || moves[p].iter().any(|&q| loses[q]))
                .collect();
            let next_loses: Vec<bool> = (0..n)
                .map(|p| loses[p] || (!moves[p].is_empty() && moves[p].iter().all(|&q| wins[q])))
                .collect();
            for p in 0..n {
                if result[p].is_none() {
                    if next_wins[p] {
                        result[p] = Some((CyclicOutcome::Win, k));
                    } else if next_loses[p] {
                        result[p] = Some((CyclicOutcome::Lose, k));
                    }
                }
            }
            wins = next_wins;
            loses = next_loses;
        }
        result
    }

    #[test]
    fn agrees_with_the_naive_fixpoint_and_bounded_minimax() {
        let mut rng = Rng::new(35);
        let mut draws = 0;
        for _ in 0..3000 {
            let n = rng.range(1, 12) as usize;
            let density = rng.range(1, 12);
            let edges = random_edges(&mut rng, n, density);
            for &convention in &[Convention::Normal, Convention::Misere] {
                let solution = Graph::from_edges(n, &edges).solve(convention);
                let expected = naive_fixpoint(n, &edges, convention);
                assert_eq!(
                    solution.outcomes(),
                    &expected[..],
                    "{} {:?} {:?}",
                    n,
                    edges,
                    convention
                );
                let minimax = bounded_minimax(n, &edges, convention);
                for p in 0..n {
                    let got = solution.remoteness(p).map(|r| (solution.outcome(p), r));
                    assert_eq!(
                        got, minimax[p],
                        "position {} of {} {:?} {:?}",
                        p, n, edges, convention
                    );
                }
                draws += expected
                    .iter()
                    .filter(|&&o| o == CyclicOutcome::Draw)
                    .count();
            }
        }
        assert!(
            draws > 1000,
            "the random graphs have cycles that matter: {} draws",
            draws
        );
    }

    #[test]
    fn the_three_doors_agree() {
        let mut rng = Rng::new(36);
        for _ in 0..300 {
            let n = rng.range(1, 30) as usize;
            let edges = random_edges(&mut rng, n, 8);
            let from_edges = Graph::from_edges(n, &edges);
            let from_moves = Graph::from_moves(n, |p, buffer| {
                buffer.extend(edges.iter().filter(|e| e.0 == p).map(|e| e.1));
            });
            assert_eq!(from_edges, from_moves);
            let solution = from_edges.solve(Convention::Normal);
            let by_predecessors = solve_by_predecessors(
                n,
                Convention::Normal,
                |p| edges.iter().filter(|e| e.0 == p).count(),
                |q, buffer| buffer.extend(edges.iter().filter(|e| e.1 == q).map(|e| e.0 as u32)),
            );
            assert_eq!(solution, by_predecessors);
        }
    }

    /// Two players on one token, each with its own moves: a literal fixpoint over
    /// (vertex, player) pairs, written without [`Alternating`]'s numbering.
    #[test]
    fn alternating_players_agree_with_a_literal_fixpoint() {
        let mut rng = Rng::new(37);
        for _ in 0..1000 {
            let n = rng.range(1, 9) as usize;
            let own: Vec<Vec<(usize, usize)>> =
                (0..2).map(|_| random_edges(&mut rng, n, 8)).collect();
            let convention = if rng.below(2) == 0 {
                Convention::Normal
            } else {
                Convention::Misere
            };
            let turns = Alternating::new(n);
            let solution = turns.solve(convention, |vertex, player, moves| {
                moves.extend(own[player].iter().filter(|e| e.0 == vertex).map(|e| e.1));
            });
            let mut literal = std::collections::HashMap::new();
            loop {
                let mut changed = false;
                for vertex in 0..n {
                    for player in 0..2 {
                        if literal.contains_key(&(vertex, player)) {
                            continue;
                        }
                        let next: Vec<Option<CyclicOutcome>> = own[player]
                            .iter()
                            .filter(|e| e.0 == vertex)
                            .map(|e| literal.get(&(e.1, 1 - player)).copied())
                            .collect();
                        let decided = if next.is_empty() {
                            Some(convention.stuck())
                        } else if next.contains(&Some(CyclicOutcome::Lose)) {
                            Some(CyclicOutcome::Win)
                        } else if next.iter().all(|&o| o == Some(CyclicOutcome::Win)) {
                            Some(CyclicOutcome::Lose)
                        } else {
                            None
                        };
                        if let Some(o) = decided {
                            literal.insert((vertex, player), o);
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
            for vertex in 0..n {
                for player in 0..2 {
                    let expected = literal
                        .get(&(vertex, player))
                        .copied()
                        .unwrap_or(CyclicOutcome::Draw);
                    assert_eq!(solution.outcome(turns.position(vertex, player)), expected);
                }
            }
        }
    }

    #[test]
    fn conventions_on_a_path() {
        // 0 → 1 → 2 → 3: normal play, 3 loses and the parities alternate; misère, 3 wins.
        let graph = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]);
        let normal = graph.solve(Convention::Normal);
        let misere = graph.solve(Convention::Misere);
        use CyclicOutcome::{Lose, Win};
        assert_eq!(normal.outcomes(), &[Win, Lose, Win, Lose]);
        assert_eq!(misere.outcomes(), &[Lose, Win, Lose, Win]);
        assert_eq!(
            (0..4).map(|p| normal.remoteness(p)).collect::<Vec<_>>(),
            vec![Some(3), Some(2), Some(1), Some(0)]
        );
    }

    #[test]
    fn the_loser_delays_and_the_winner_hurries() {
        // 0 may move to 1 (no move: lost at once) or to 2 (lost after 2 → 3 → 4): it wins in
        // one move. 5 chooses between 0 (won in 1) and 7 (won in 3: 7 → 8 → 9 → 10): both
        // lose, and the longer loss is through 7.
        let edges = [
            (0, 1),
            (0, 2),
            (2, 3),
            (3, 4),
            (5, 0),
            (5, 7),
            (7, 8),
            (8, 9),
            (9, 10),
        ];
        let solution = Graph::from_edges(11, &edges).solve(Convention::Normal);
        assert_eq!(solution.outcome(0), CyclicOutcome::Win);
        assert_eq!(solution.remoteness(0), Some(1));
        assert_eq!(solution.outcome(7), CyclicOutcome::Win);
        assert_eq!(solution.remoteness(7), Some(3));
        assert_eq!(solution.outcome(5), CyclicOutcome::Lose);
        assert_eq!(solution.remoteness(5), Some(4));
    }

    #[test]
    fn a_long_cycle_with_one_exit_needs_no_recursion() {
        // A cycle of a million positions, with an exit from 0 to a position without moves.
        let n = 1_000_000;
        let graph = Graph::from_moves(n + 1, |p, moves| {
            if p < n {
                moves.push((p + 1) % n);
            }
            if p == 0 {
                moves.push(n);
            }
        });
        let solution = graph.solve(Convention::Normal);
        assert_eq!(solution.outcome(0), CyclicOutcome::Win);
        assert_eq!(solution.outcome(n - 1), CyclicOutcome::Lose);
        assert_eq!(solution.remoteness(1), Some(n as u32));
        let parity = |p: usize| {
            if p % 2 == 0 {
                CyclicOutcome::Win
            } else {
                CyclicOutcome::Lose
            }
        };
        assert!((0..n).all(|p| solution.outcome(p) == parity(p)));
    }
}
