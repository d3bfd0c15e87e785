//! HackerRank "Chessboard Game, Again!": k knight-like coins on a 15 × 15 board; the position's
//! Grundy value is the XOR of the coins' values (Sprague–Grundy).
//!
//! Input: T, then per test k and k lines `x y`. Output per test: `First` or `Second`.
//! Beyond the judge: any T and k are answered; a coin off the board is refused.

use grundy::knights::knight_table;
use grundy::prelude::{Nimber, Outcome};
use judge::{Cached, InputError, Scanner};
use std::io::Write;

/// The judge's board size.
const BOARD: usize = 15;

thread_local! {
    /// The Grundy value of a coin on each square, one flat row-major table (a single bounds
    /// check per coin), built once.
    static TABLE: Cached<Vec<Nimber>> = Cached::new();
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let table = TABLE.with(|t| t.get_or_init(|| knight_table(BOARD).concat()));
    for case in sc.cases("the number of test cases T")? {
        let coins = sc.uint(case.field("k"), 1..=u64::MAX)?;
        let mut value = Nimber::ZERO;
        for coin in 1..=coins {
            // Fields are named in full only on an error, off the hot path.
            let name = |e: InputError, axis: &str| {
                e.for_field(format_args!(
                    "{} of coin {} in test case {}",
                    axis,
                    coin,
                    case.number()
                ))
            };
            // `index_fast`: the judge's input is up to 4.8 MB of one-digit numbers.
            let x = sc.index_fast("x", 1..=BOARD).map_err(|e| name(e, "x"))?;
            let y = sc.index_fast("y", 1..=BOARD).map_err(|e| name(e, "y"))?;
            value += table[(x - 1) * BOARD + (y - 1)];
        }
        let outcome = Outcome::from_grundy(value);
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

    type Cell = (i64, i64);

    /// Every move of one coin, as sorted coin lists: the literal game, without the library.
    #[allow(clippy::ptr_arg)] // the search's states are `Vec<Cell>`
    fn moves(coins: &Vec<Cell>) -> Vec<Vec<Cell>> {
        let mut next = Vec::new();
        for i in 0..coins.len() {
            for (dx, dy) in [(-2, 1), (-2, -1), (1, -2), (-1, -2)] {
                let (x, y) = (coins[i].0 + dx, coins[i].1 + dy);
                if (1..=15).contains(&x) && (1..=15).contains(&y) {
                    let mut moved = coins.clone();
                    moved[i] = (x, y);
                    moved.sort_unstable();
                    next.push(moved);
                }
            }
        }
        next
    }

    /// The brute force's state: one search, its memo kept from case to case.
    struct Knights(Search<Vec<Cell>>);
    impl Default for Knights {
        fn default() -> Self {
            Knights(Search::normal(moves))
        }
    }
    impl Problem for Knights {
        /// The coins of one test case, 1-based.
        type Case = Vec<Cell>;
        const SIZE: u64 = 13;
        /// Coins within the top-left `size + 2` square; three coins only on small squares.
        fn case(rng: &mut Rng, size: u64) -> Vec<Cell> {
            let side = (size + 2).min(15);
            let most = if side <= 7 { 3 } else { 2 };
            (0..rng.range(1, most))
                .map(|_| (rng.range(1, side) as i64, rng.range(1, side) as i64))
                .collect()
        }
        /// The judge's largest input: 1000 tests of 1000 coins anywhere on the board.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<Cell>> {
            let coin = |rng: &mut Rng| (rng.range(1, 15) as i64, rng.range(1, 15) as i64);
            (0..1000)
                .map(|_| (0..1000).map(|_| coin(rng)).collect())
                .collect()
        }
        fn input(cases: &[Vec<Cell>]) -> String {
            let mut text = format!("{}\n", cases.len());
            for coins in cases {
                text += &format!("{}\n", coins.len());
                text += &coins.iter().map(|(x, y)| format!("{x} {y}\n")).join("");
            }
            text
        }
        fn brute(&mut self, coins: &Vec<Cell>) -> String {
            let mut sorted = coins.clone();
            sorted.sort_unstable();
            let first = self.0.mover_wins(sorted);
            format!("{}\n", if first { "First" } else { "Second" })
        }
    }

    testkit::problem_tests!(
        Knights,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n1\n16 3\n", "x of coin 1 in test case 1 = `16` is out of range"),
            ("1\n1\n3 0\n", "y of coin 1 in test case 1 = `0` is out of range"),
            ("1\n2\n3 3\n", "input ended early: expected x of coin 2"),
            ("1\n0\n", "k of test case 1 = `0` is out of range"),
            ("1000000000\n", "input ended early"),
            ("1\n1\n2.5 3\n", "expected an integer"),
        ]
    );
}
