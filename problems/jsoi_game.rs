//! Luogu P4055 "\[JSOI2009\] 游戏" (also BZOJ 1443): an N × M board whose cells are free (`.`)
//! or blocked (`#`). AA puts a piece on a free cell; then YY and AA alternately move it to an
//! adjacent free cell not yet visited (the start counts as visited); who cannot move loses.
//! Print `WIN` and every start from which AA wins (`row col`, 1-based, row by row), or `LOSE`
//! when there is none (a board without a free cell included).
//!
//! Vertex geography on the grid graph, with YY to move first from AA's start: AA wins from
//! `s` exactly when the player to move there loses, i.e. when some maximum matching misses
//! `s` (`grundy::geography`, where the theorem is proved). The grid is bipartite by the colour
//! of (row + col) mod 2, so `geography::outcomes_bipartite` answers every start at once by one
//! Hopcroft–Karp matching and an alternating search per side.
//!
//! Input: N M, then N rows of M characters. Limits: 1 ≤ N, M ≤ 100, rows of exactly M
//! characters from `.` and `#`; anything else is refused.

use grundy::geography::outcomes_bipartite;
use grundy::prelude::Outcome;
use judge::{InputError, Scanner};
use std::io::Write;

/// The judge's largest side.
const MAX_SIDE: usize = 100;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.index("N", 1..=MAX_SIDE)?;
    let m = sc.index("M", 1..=MAX_SIDE)?;
    let mut free = vec![false; n * m];
    for r in 0..n {
        let row = sc.token(format_args!("row {}", r + 1))?.as_bytes();
        if row.len() != m {
            return Err(InputError::Invalid(format!(
                "row {} has {} characters, expected M = {}",
                r + 1,
                row.len(),
                m
            )));
        }
        for (c, &cell) in row.iter().enumerate() {
            free[r * m + c] = match cell {
                b'.' => true,
                b'#' => false,
                _ => {
                    return Err(InputError::Invalid(format!(
                        "row {} column {}: expected `.` or `#`",
                        r + 1,
                        c + 1
                    )))
                }
            };
        }
    }
    sc.finish()?;

    // Each side numbers its free cells in row-major order: cells with (r + c) even on the left.
    let mut side_index = vec![usize::MAX; n * m];
    let mut sides: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for cell in (0..n * m).filter(|&cell| free[cell]) {
        let side = (cell / m + cell % m) % 2;
        side_index[cell] = sides[side].len();
        sides[side].push(cell);
    }
    let mut edges = Vec::new();
    for &cell in &sides[0] {
        let (r, c) = (cell / m, cell % m);
        let neighbours = [
            (r > 0).then(|| cell - m),
            (r + 1 < n).then(|| cell + m),
            (c > 0).then(|| cell - 1),
            (c + 1 < m).then(|| cell + 1),
        ];
        for other in neighbours.iter().flatten() {
            if free[*other] {
                edges.push((side_index[cell], side_index[*other]));
            }
        }
    }
    let (left, right) = outcomes_bipartite(sides[0].len(), sides[1].len(), &edges);

    let mut wins: Vec<usize> = Vec::new();
    for (side, outcomes) in [left, right].iter().enumerate() {
        for (i, outcome) in outcomes.iter().enumerate() {
            // YY moves first from AA's start: AA wins where the player to move loses.
            if *outcome == Outcome::SecondPlayerWins {
                wins.push(sides[side][i]);
            }
        }
    }
    wins.sort_unstable();
    if wins.is_empty() {
        writeln!(out, "LOSE")?;
    } else {
        let mut text = String::with_capacity(8 * wins.len() + 4);
        text.push_str("WIN\n");
        for cell in wins {
            text.push_str(&format!("{} {}\n", cell / m + 1, cell % m + 1));
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use testkit::{Problem, Rng};

    /// The board's rows, `true` for a free cell.
    type Board = Vec<Vec<bool>>;

    #[derive(Default)]
    struct JsoiGame;
    impl Problem for JsoiGame {
        /// The whole input: one board.
        type Case = Board;
        const SIZE: u64 = 6;
        const MAX_SIZE: u64 = 6;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> Board {
            // At most 18 cells, for the literal search.
            let n = rng.range(1, size.clamp(1, 6)) as usize;
            let m = rng.range(1, (18 / n).min(6).min(size.max(1) as usize) as u64) as usize;
            let blocked = rng.range(0, 3);
            (0..n)
                .map(|_| (0..m).map(|_| rng.below(6) >= blocked).collect())
                .collect()
        }
        /// The judge's largest input: 100 × 100, all free or with a random tenth blocked (by
        /// rng).
        fn max_cases(rng: &mut Rng) -> Vec<Board> {
            let blocked = rng.below(2) * 10;
            let mut board = vec![vec![true; MAX_SIDE]; MAX_SIDE];
            for row in board.iter_mut() {
                for cell in row.iter_mut() {
                    *cell = blocked == 0 || rng.below(blocked) != 0;
                }
            }
            vec![board]
        }
        fn input(cases: &[Board]) -> String {
            let board = &cases[0];
            let mut text = format!("{} {}\n", board.len(), board[0].len());
            for row in board {
                text.extend(row.iter().map(|&free| if free { '.' } else { '#' }));
                text.push('\n');
            }
            text
        }
        fn brute(&mut self, board: &Board) -> String {
            // The game searched literally: the piece's cell and the visited cells as a mask.
            let (n, m) = (board.len(), board[0].len());
            let mut memo = HashMap::new();
            let mut text = String::new();
            for r in 0..n {
                for c in 0..m {
                    if board[r][c] && !mover_wins(board, r * m + c, 1 << (r * m + c), &mut memo) {
                        text += &format!("{} {}\n", r + 1, c + 1);
                    }
                }
            }
            if text.is_empty() {
                "LOSE\n".to_string()
            } else {
                format!("WIN\n{}", text)
            }
        }
    }

    /// Whether the player to move wins with the piece on `at` and `visited` cells used.
    fn mover_wins(
        board: &Board,
        at: usize,
        visited: u64,
        memo: &mut HashMap<(usize, u64), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(at, visited)) {
            return known;
        }
        let (n, m) = (board.len(), board[0].len());
        let (r, c) = (at / m, at % m);
        let mut next = Vec::new();
        if r > 0 {
            next.push(at - m);
        }
        if r + 1 < n {
            next.push(at + m);
        }
        if c > 0 {
            next.push(at - 1);
        }
        if c + 1 < m {
            next.push(at + 1);
        }
        let wins = next.into_iter().any(|to| {
            board[to / m][to % m]
                && visited >> to & 1 == 0
                && !mover_wins(board, to, visited | 1 << to, memo)
        });
        memo.insert((at, visited), wins);
        wins
    }

    testkit::problem_tests!(
        JsoiGame,
        solve,
        refuses: [
            ("", "expected N"),
            ("0 3\n", "N = `0` is out of range"),
            ("2 101\n", "M = `101` is out of range"),
            ("2 3\n...\n..\n", "row 2 has 2 characters, expected M = 3"),
            ("2 3\n...\n.x.\n", "row 2 column 2: expected `.` or `#`"),
            ("2 3\n...\n", "input ended early: expected row 2"),
            ("1 1\n.\n.\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn a_board_without_a_free_cell_is_lost() {
        assert_eq!(judge::run_str(solve, "2 2\n##\n##\n").unwrap(), "LOSE\n");
    }
}
