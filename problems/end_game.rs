//! Luogu P2734 \[USACO3.3\] 游戏 A Game (IOI 1996): N positive integers in a row; the players
//! alternately take the number at either end and add it to their score; both play optimally.
//! Print both final scores.
//!
//! An interval DP (`grundy::interval_game::scores`): the mover's best difference on [lo, hi)
//! is the better of taking an end minus the opponent's best on what is left; the scores always
//! add up to the row's sum S, so the first player gets (S + D) / 2.
//!
//! Input: N (2 <= N <= 100), then the N numbers (1 to 200), over any number of lines.
//! Output: one line `score1 score2`.
//! Beyond the judge: N from 1 to 3000 (the table's memory grows as N²: about 45 MB there) and
//! numbers from 0 to 10^15 (every sum fits in an i64); anything larger is refused.

use grundy::interval_game::scores;
use judge::{InputError, Scanner};
use std::io::Write;

/// The most numbers accepted: the interval table has N(N + 1)/2 entries of 9 bytes.
const MAX_N: usize = 3000;
/// The largest number accepted: 3000 of them still sum within an i64.
const MAX_VALUE: u64 = 1_000_000_000_000_000;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.index("N", 1..=MAX_N)?;
    let mut row = Vec::with_capacity(n);
    for i in 1..=n {
        row.push(sc.uint(format_args!("number {}", i), 0..=MAX_VALUE)? as i64);
    }
    let (first, second) = scores(&row);
    writeln!(out, "{} {}", first, second)?;
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::{Problem, Rng};

    /// The first player's total by literal minimax over every sequence of removals: he
    /// maximises it, the second player (whose total is the rest) minimises it.
    fn first_total(row: &[u64], first_moves: bool) -> u64 {
        if row.is_empty() {
            return 0;
        }
        let mine = |v: u64| if first_moves { v } else { 0 };
        let n = row.len();
        let left = mine(row[0]) + first_total(&row[1..], !first_moves);
        let right = mine(row[n - 1]) + first_total(&row[..n - 1], !first_moves);
        if first_moves {
            left.max(right)
        } else {
            left.min(right)
        }
    }

    #[derive(Default)]
    struct EndGame;
    impl Problem for EndGame {
        /// The whole input: the row.
        type Case = Vec<u64>;
        const SIZE: u64 = 10;
        /// The brute force walks all 2^N lines of play.
        const MAX_SIZE: u64 = 16;
        /// One answer line for the whole input.
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, size.max(1)))
                .map(|_| rng.range(1, 200))
                .collect()
        }
        /// The judge's largest input: 100 numbers up to 200.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            vec![(0..100).map(|_| rng.range(1, 200)).collect()]
        }
        /// N, then the numbers over several lines (at most 7 a line), as the statement allows.
        fn input(cases: &[Vec<u64>]) -> String {
            let row = &cases[0];
            let mut text = format!("{}\n", row.len());
            for chunk in row.chunks(7) {
                let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
                text += &line.join(" ");
                text += "\n";
            }
            text
        }
        fn brute(&mut self, row: &Vec<u64>) -> String {
            let first = first_total(row, true);
            format!("{} {}\n", first, row.iter().sum::<u64>() - first)
        }
        fn smaller(row: &Vec<u64>) -> Vec<Vec<u64>> {
            testkit::shorter_lists(row)
        }
    }

    testkit::problem_tests!(
        EndGame,
        solve,
        refuses: [
            ("", "input ended early: expected N"),
            ("0\n", "N = `0` is out of range"),
            ("3001\n", "N = `3001` is out of range"),
            ("3\n1 2\n", "input ended early: expected number 3"),
            ("2\n1 -2\n", "number 2 = `-2` is out of range"),
            ("1\n1000000000000001\n", "number 1 = `1000000000000001` is out of range"),
            ("2\n1 2 3\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn the_largest_row_beyond_the_judge() {
        // 3000 equal numbers of 10^15: each player takes 1500 of them.
        let mut input = String::from("3000\n");
        for _ in 0..3000 {
            input += "1000000000000000\n";
        }
        let half = 1_500_000_000_000_000_000u64;
        assert_eq!(
            judge::run_str(solve, &input).unwrap(),
            format!("{} {}\n", half, half)
        );
    }
}
