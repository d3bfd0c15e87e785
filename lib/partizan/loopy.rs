//! Partizan games on graphs with cycles: for each position and each player to move, win,
//! lose or draw.
//!
//! A token sits on a vertex; Left moves it along Left's edges, Right along Right's, turn
//! about; who cannot move loses. Play may go round a cycle for ever, so besides a win and a
//! loss for the player to move there is a draw, and the values of short games do not apply
//! (loopy games have values of their own, "stoppers" and beyond: Siegel, *Combinatorial Game
//! Theory*, chapter VI; Winning Ways, chapter 11). What contests ask is the outcome, and that
//! is retrograde analysis on the positions (vertex, player to move), where each move passes
//! the turn: [`crate::cyclic::Alternating`] with player 0 as Left and 1 as Right.
//!
//! ```
//! use grundy::partizan::loopy::{solve, Side};
//! use grundy::cyclic::CyclicOutcome;
//! // A cycle 0 -> 1 -> 2 -> 0 that only Left may walk, and Right's exit from 1 to 3.
//! let outcomes = solve(4, |vertex, side, moves| match (side, vertex) {
//!     (Side::Left, 0..=2) => moves.push((vertex + 1) % 3),
//!     (Side::Right, 1) => moves.push(3),
//!     _ => {}
//! });
//! // Right to move at 1 goes to 3, where Left cannot move: Right wins.
//! assert_eq!(outcomes.outcome(1, Side::Right), CyclicOutcome::Win);
//! // Right to move at 0 has no move at all.
//! assert_eq!(outcomes.outcome(0, Side::Right), CyclicOutcome::Lose);
//! // Left to move at 0 must go to 1, where Right escapes to 3: Left loses.
//! assert_eq!(outcomes.outcome(0, Side::Left), CyclicOutcome::Lose);
//! ```

use crate::cyclic::{Alternating, Convention, CyclicOutcome, Solution};

/// The two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Left, the player whose wins are positive values.
    Left,
    /// Right.
    Right,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    fn index(self) -> usize {
        match self {
            Side::Left => 0,
            Side::Right => 1,
        }
    }
}

/// The outcome of every (vertex, player to move), as [`solve`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcomes {
    turns: Alternating,
    solution: Solution,
}

impl Outcomes {
    /// The outcome for `to_move`, the player to move with the token on `vertex`.
    ///
    /// # Panics
    /// If `vertex` is not a vertex of the game.
    pub fn outcome(&self, vertex: usize, to_move: Side) -> CyclicOutcome {
        self.solution
            .outcome(self.turns.position(vertex, to_move.index()))
    }

    /// How many moves optimal play lasts from `vertex` with `to_move` to move (the winner
    /// hurries, the loser delays); `None` for a draw.
    ///
    /// ```
    /// use grundy::partizan::loopy::{solve, Side};
    /// // Left may step 0 -> 1 -> 2; Right never moves.
    /// let outcomes = solve(3, |v, side, moves| if side == Side::Left && v < 2 { moves.push(v + 1) });
    /// assert_eq!(outcomes.remoteness(0, Side::Left), Some(1)); // Left moves, Right is stuck
    /// assert_eq!(outcomes.remoteness(0, Side::Right), Some(0));
    /// ```
    pub fn remoteness(&self, vertex: usize, to_move: Side) -> Option<u32> {
        self.solution
            .remoteness(self.turns.position(vertex, to_move.index()))
    }
}

/// Solves a partizan game on `vertices` vertices under normal play: `moves(vertex, side,
/// buffer)` appends to the (emptied) buffer the vertices `side` may move the token to.
///
/// # Complexity
/// O(V + E) for the 2V positions and E moves of both players, plus the calls; no recursion.
pub fn solve<F>(vertices: usize, mut moves: F) -> Outcomes
where
    F: FnMut(usize, Side, &mut Vec<usize>),
{
    let turns = Alternating::new(vertices);
    let solution = turns.solve(Convention::Normal, |vertex, player, buffer| {
        let side = if player == 0 { Side::Left } else { Side::Right };
        moves(vertex, side, buffer)
    });
    Outcomes { turns, solution }
}

#[cfg(test)]
// The bounded minimax reads its tables by position, as the definitions do.
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use testkit::Rng;

    /// Minimax with a depth bound, from the definitions: `win[k][v][s]` says the player `s`
    /// to move at `v` can force a win within k moves, `lose[k][v][s]` that they cannot avoid
    /// losing within k; neither for k up to 4V + 4 is a draw. Also the least such k, the
    /// length of optimal play (the winner hurries, the loser delays).
    fn bounded(
        n: usize,
        edges: &[Vec<(usize, usize)>; 2],
    ) -> (Vec<[CyclicOutcome; 2]>, Vec<[Option<u32>; 2]>) {
        let mut win = vec![[false; 2]; n];
        let mut lose = vec![[false; 2]; n];
        let mut length = vec![[None; 2]; n];
        for k in 0..4 * n + 4 {
            let mut next_win = win.clone();
            let mut next_lose = lose.clone();
            for v in 0..n {
                for s in 0..2 {
                    let options: Vec<usize> =
                        edges[s].iter().filter(|e| e.0 == v).map(|e| e.1).collect();
                    next_win[v][s] = options.iter().any(|&w| lose[w][1 - s]);
                    next_lose[v][s] = options.iter().all(|&w| win[w][1 - s]);
                }
            }
            win = next_win;
            lose = next_lose;
            // Now win and lose say "within k moves".
            for v in 0..n {
                for s in 0..2 {
                    if (win[v][s] || lose[v][s]) && length[v][s].is_none() {
                        length[v][s] = Some(k as u32);
                    }
                }
            }
        }
        let outcomes = (0..n)
            .map(|v| {
                let at = |s: usize| {
                    if win[v][s] {
                        CyclicOutcome::Win
                    } else if lose[v][s] {
                        CyclicOutcome::Lose
                    } else {
                        CyclicOutcome::Draw
                    }
                };
                [at(0), at(1)]
            })
            .collect();
        (outcomes, length)
    }

    #[test]
    fn agrees_with_bounded_minimax() {
        let mut rng = Rng::new(12);
        let mut draws = 0;
        for _ in 0..300 {
            let n = rng.range(1, 8) as usize;
            let mut random_edges = || -> Vec<(usize, usize)> {
                (0..rng.range(0, 2 * n as u64))
                    .map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize))
                    .collect()
            };
            let edges = [random_edges(), random_edges()];
            let outcomes = solve(n, |v, side, moves| {
                let s = if side == Side::Left { 0 } else { 1 };
                moves.extend(edges[s].iter().filter(|e| e.0 == v).map(|e| e.1));
            });
            let (expected, length) = bounded(n, &edges);
            for v in 0..n {
                assert_eq!(
                    outcomes.outcome(v, Side::Left),
                    expected[v][0],
                    "{:?}",
                    edges
                );
                assert_eq!(
                    outcomes.outcome(v, Side::Right),
                    expected[v][1],
                    "{:?}",
                    edges
                );
                assert_eq!(outcomes.remoteness(v, Side::Left), length[v][0]);
                assert_eq!(outcomes.remoteness(v, Side::Right), length[v][1]);
                let drawn = expected[v][0] == CyclicOutcome::Draw;
                draws += drawn as usize;
            }
        }
        assert!(draws > 50, "only {} draws", draws);
        assert_eq!(Side::Left.other(), Side::Right);
        assert_eq!(Side::Right.other(), Side::Left);
    }
}
