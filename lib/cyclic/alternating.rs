//! [`Alternating`]: two players with different moves on the same vertices, as one graph of
//! (vertex, player to move) positions.

use super::{Convention, Graph, Solution};

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
