//! HackerRank "A Chessboard Game": the knights game with one coin on a 15 × 15 board; the first
//! player wins iff the coin's Grundy value (`grundy::knights::knight_table`) is not zero.
//!
//! Input: t, then t lines `x y`. Output per line: `First` or `Second`.
//! Beyond the judge: any t; a coin off the board is refused.

use grundy::knights::knight_table;
use grundy::prelude::{Nimber, Outcome};
use judge::{Cached, InputError, Scanner};
use std::io::Write;

/// The judge's board size.
const BOARD: usize = 15;

thread_local! {
    /// The Grundy value of a coin on each square, built once.
    static TABLE: Cached<Vec<Vec<Nimber>>> = Cached::new();
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let table = TABLE.with(|t| t.get_or_init(|| knight_table(BOARD)));
    for case in sc.cases("the number of test cases t")? {
        let x = sc.index(case.field("x"), 1..=BOARD)?;
        let y = sc.index(case.field("y"), 1..=BOARD)?;
        let outcome = Outcome::from_grundy(table[x - 1][y - 1]);
        writeln!(out, "{}", outcome.pick("First", "Second"))?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use itertools::Itertools;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    #[derive(Default)]
    struct Chessboard;
    impl Problem for Chessboard {
        /// The coin's cell, 1-based.
        type Case = (i64, i64);
        const SIZE: u64 = 15;
        const MAX_CASES: usize = 30;
        fn case(rng: &mut Rng, size: u64) -> (i64, i64) {
            let side = size.min(15);
            (rng.range(1, side) as i64, rng.range(1, side) as i64)
        }
        /// The judge's largest input: t = 225 coins anywhere on the 15 × 15 board.
        fn max_cases(rng: &mut Rng) -> Vec<(i64, i64)> {
            (0..225).map(|_| Self::case(rng, 15)).collect()
        }
        fn input(cases: &[(i64, i64)]) -> String {
            format!(
                "{}\n{}\n",
                cases.len(),
                cases.iter().map(|(x, y)| format!("{x} {y}")).join("\n")
            )
        }
        fn brute(&mut self, &cell: &(i64, i64)) -> String {
            // The four moves, staying on the 15 × 15 board; no move loses.
            let mut search = Search::normal(|&(x, y): &(i64, i64)| {
                [(-2, 1), (-2, -1), (1, -2), (-1, -2)]
                    .iter()
                    .map(|(dx, dy)| (x + dx, y + dy))
                    .filter(|&(x, y)| (1..=15).contains(&x) && (1..=15).contains(&y))
                    .collect()
            });
            format!(
                "{}\n",
                if search.mover_wins(cell) {
                    "First"
                } else {
                    "Second"
                }
            )
        }
    }

    testkit::problem_tests!(
        Chessboard,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n16 1\n", "x of test case 1 = `16` is out of range"),
            ("1\n1 0\n", "y of test case 1 = `0` is out of range"),
            ("2\n1 1\n", "input ended early: expected x of test case 2"),
            ("1\n1 1 1\n", "unexpected extra input"),
        ]
    );
}
