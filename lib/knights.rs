//! The knights game on an N × N board: a coin at (x, y) moves to (x−2, y+1), (x−2, y−1),
//! (x+1, y−2) or (x−1, y−2), staying on the board (HackerRank "A Chessboard Game").

use crate::mex::MexBuffer;

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
/// assert_eq!(table[0][0], 0); // no move from the corner (1, 1)
/// assert_eq!(table[4][3] ^ table[4][7] ^ table[7][1] != 0, true); // the sample's first game
/// ```
///
/// # Constraints
/// Values are at most 4 (four moves), so they fit in a `u8`. The caller bounds `n` (memory n²).
///
/// # Complexity
/// O(n²) time and memory.
pub fn knight_table(n: usize) -> Vec<Vec<u8>> {
    let mut table = vec![vec![0u8; n]; n];
    let mut seen = MexBuffer::new(KNIGHT_MOVES.len() + 1);
    // Fill by increasing x + y: every move lands on a smaller sum, already filled.
    for sum in 0..(2 * n).saturating_sub(1) {
        for x in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let y = sum - x;
            seen.clear();
            for (nx, ny) in knight_moves(n, x, y) {
                seen.insert(table[nx][ny] as usize);
            }
            table[x][y] = seen.mex() as u8;
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
///
/// # Complexity
/// O(1).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::GrundyMemo;

    #[test]
    fn table_matches_memoised_search_on_many_board_sizes() {
        for n in 1..=20 {
            let table = knight_table(n);
            let mut memo = GrundyMemo::new(|&(x, y): &(usize, usize)| {
                knight_moves(n, x, y).collect::<Vec<_>>()
            });
            for (x, row) in table.iter().enumerate() {
                for (y, &g) in row.iter().enumerate() {
                    assert_eq!(u32::from(g), memo.value((x, y)), "n={n} ({x},{y})");
                }
            }
        }
    }
}
