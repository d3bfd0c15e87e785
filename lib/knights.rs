//! The knights game on an N × N board: a coin at (x, y) moves to (x−2, y+1), (x−2, y−1),
//! (x+1, y−2) or (x−1, y−2), staying on the board (HackerRank "A Chessboard Game").

use crate::game::ImpartialGame;
use crate::mex::MexBuffer;
use crate::nimber::Nimber;

/// The four moves, as (dx, dy). Each lowers x + y, so the game is finite.
///
/// ```
/// assert!(grundy::knights::KNIGHT_MOVES.iter().all(|(dx, dy)| dx + dy < 0));
/// ```
pub const KNIGHT_MOVES: [(i64, i64); 4] = [(-2, 1), (-2, -1), (1, -2), (-1, -2)];

/// Grundy values of one coin on every cell of an `n` × `n` board, indexed `[x - 1][y - 1]`.
///
/// ```
/// let table = grundy::knights::knight_table(15);
/// assert!(table[0][0].is_zero()); // no move from the corner (1, 1)
/// assert!(!(table[4][3] + table[4][7] + table[7][1]).is_zero()); // the sample's first game
/// ```
///
/// # Constraints
/// Values are at most 4 (four moves). The caller bounds `n` (memory 8 n² bytes).
///
/// # Complexity
/// O(n²) time and memory.
pub fn knight_table(n: usize) -> Vec<Vec<Nimber>> {
    let mut table = vec![vec![Nimber::ZERO; n]; n];
    let mut seen = MexBuffer::new(KNIGHT_MOVES.len() + 1);
    // Fill by increasing x + y: every move lands on a smaller sum, already filled.
    for sum in 0..(2 * n).saturating_sub(1) {
        for x in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let y = sum - x;
            seen.clear();
            for (nx, ny) in knight_moves(n, x, y) {
                seen.insert(table[nx][ny].value() as usize);
            }
            table[x][y] = Nimber(seen.mex() as u64);
        }
    }
    table
}

/// The cells reachable from 0-based cell (`x`, `y`) on an `n` × `n` board, as 0-based pairs.
///
/// ```
/// let moves: Vec<_> = grundy::knights::knight_moves(15, 2, 0).collect();
/// assert_eq!(moves, vec![(0, 1)]);
/// ```
pub fn knight_moves(n: usize, x: usize, y: usize) -> impl Iterator<Item = (usize, usize)> {
    KNIGHT_MOVES.iter().filter_map(move |&(dx, dy)| {
        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
        let inside = |v: i64| (0..n as i64).contains(&v);
        if inside(nx) && inside(ny) {
            Some((nx as usize, ny as usize))
        } else {
            None
        }
    })
}

/// The knights game on an `n` × `n` board as an [`ImpartialGame`]: the position is the coin's
/// 0-based cell `(x, y)`, the moves are [`knight_moves`], and values come from the board's
/// [`knight_table`], computed once. Several coins are
/// [`SumGame`](crate::game::SumGame) of the board.
///
/// ```
/// use grundy::knights::Knights;
/// use grundy::prelude::{ImpartialGame, Outcome};
/// let board = Knights::new(15);
/// assert_eq!(board.moves(&(2, 0)), vec![(0, 1)]);
/// assert_eq!(board.outcome(&(0, 0)), Outcome::SecondPlayerWins);
/// ```
///
/// # Panics
/// `value` and `moves` panic on a cell off the board.
///
/// # Complexity
/// [`Knights::new`] is O(n²) time and memory; `value` is O(1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knights {
    table: Vec<Vec<Nimber>>,
}

impl Knights {
    /// The game on an `n` × `n` board, with every cell's value computed.
    ///
    /// ```
    /// assert_eq!(grundy::knights::Knights::new(8).size(), 8);
    /// ```
    pub fn new(n: usize) -> Self {
        Knights {
            table: knight_table(n),
        }
    }

    /// The side of the board.
    ///
    /// ```
    /// assert_eq!(grundy::knights::Knights::new(3).size(), 3);
    /// ```
    pub fn size(&self) -> usize {
        self.table.len()
    }

    fn check(&self, x: usize, y: usize) {
        assert!(
            x < self.size() && y < self.size(),
            "Knights: ({}, {}) is off the {} x {} board",
            x,
            y,
            self.size(),
            self.size()
        );
    }
}

impl ImpartialGame for Knights {
    type Position = (usize, usize);

    fn moves(&self, &(x, y): &(usize, usize)) -> Vec<(usize, usize)> {
        self.check(x, y);
        knight_moves(self.size(), x, y).collect()
    }

    fn value(&self, &(x, y): &(usize, usize)) -> Nimber {
        self.check(x, y);
        self.table[x][y]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SumGame;
    use crate::values::GrundyMemo;
    use testkit::search::Search;
    use testkit::Rng;

    #[test]
    fn table_matches_memoised_search_on_many_board_sizes() {
        for n in 1..=20 {
            let board = Knights::new(n);
            let mut memo = GrundyMemo::of(&board);
            for x in 0..n {
                for y in 0..n {
                    assert_eq!(board.value(&(x, y)), memo.value((x, y)), "n={n} ({x},{y})");
                }
            }
        }
    }

    #[test]
    fn moves_are_the_four_knight_steps_on_the_board() {
        let board = Knights::new(15);
        for x in 0..15i64 {
            for y in 0..15i64 {
                let literal: Vec<(usize, usize)> = [(-2, 1), (-2, -1), (1, -2), (-1, -2)]
                    .iter()
                    .map(|(dx, dy)| (x + dx, y + dy))
                    .filter(|&(a, b)| (0..15).contains(&a) && (0..15).contains(&b))
                    .map(|(a, b)| (a as usize, b as usize))
                    .collect();
                assert_eq!(board.moves(&(x as usize, y as usize)), literal);
            }
        }
    }

    #[test]
    fn several_coins_win_as_searched() {
        let coins = SumGame(Knights::new(8));
        let mut search = Search::normal(|p: &Vec<(usize, usize)>| coins.moves(p));
        let mut rng = Rng::new(15);
        for _ in 0..100 {
            let cells: Vec<(usize, usize)> = (0..rng.range(1, 2))
                .map(|_| (rng.below(8) as usize, rng.below(8) as usize))
                .collect();
            assert_eq!(
                coins.outcome(&cells).first_player_wins(),
                search.mover_wins(cells.clone()),
                "{cells:?}"
            );
        }
    }

    #[test]
    #[should_panic(expected = "off the 4 x 4 board")]
    fn cells_off_the_board_are_refused() {
        Knights::new(4).value(&(4, 0));
    }
}
