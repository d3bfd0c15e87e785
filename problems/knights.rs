//! HackerRank "Chessboard Game, Again!": k knight-like coins on a 15 × 15 board; the position's
//! Grundy value is the XOR of the coins' values (Sprague–Grundy).
//!
//! Input: T, then per test k and k lines `x y`. Output per test: `First` or `Second`.
//! Beyond the judge: any T and k are answered; a coin off the board is refused.

use grundy::input::{InputError, Scanner};
use grundy::judge::run_stdio;
use grundy::knights::knight_table;
use grundy::Outcome;
use std::io::Write;

/// The judge's board size.
const BOARD: usize = 15;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let table = knight_table(BOARD);
    let tests = sc.uint("the number of test cases T", 1..=u64::MAX)?;
    for case in 1..=tests {
        let coins = sc.uint(format_args!("k of test case {case}"), 1..=u64::MAX)?;
        let mut value = 0u8;
        for coin in 1..=coins {
            let x = sc.index(
                format_args!("x of coin {coin} in test case {case}"),
                1..=BOARD,
            )?;
            let y = sc.index(
                format_args!("y of coin {coin} in test case {case}"),
                1..=BOARD,
            )?;
            value ^= table[x - 1][y - 1];
        }
        writeln!(
            out,
            "{}",
            Outcome::from_grundy(value.into()).pick("First", "Second")
        )?;
    }
    sc.finish()
}

fn main() {
    if let Err(e) = run_stdio(solve) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::judge::{check_refusals, run_on_str};
    use grundy::rng::SplitMix64;
    use std::collections::HashMap;

    type Cell = (i64, i64);

    /// Literal search over sets of one or two coins (1-based cells), without the library.
    fn first_wins(coins: Vec<Cell>, memo: &mut HashMap<Vec<Cell>, bool>) -> bool {
        if let Some(&w) = memo.get(&coins) {
            return w;
        }
        let on_board =
            |(x, y): Cell| (1..=BOARD as i64).contains(&x) && (1..=BOARD as i64).contains(&y);
        let mut wins = false;
        'search: for i in 0..coins.len() {
            for (dx, dy) in [(-2, 1), (-2, -1), (1, -2), (-1, -2)] {
                let to = (coins[i].0 + dx, coins[i].1 + dy);
                if on_board(to) {
                    let mut next = coins.clone();
                    next[i] = to;
                    next.sort_unstable();
                    if !first_wins(next, memo) {
                        wins = true;
                        break 'search;
                    }
                }
            }
        }
        memo.insert(coins, wins);
        wins
    }

    #[test]
    fn sample() {
        let input = "2\n3\n5 4\n5 8\n8 2\n6\n7 1\n7 2\n7 3\n7 4\n7 4\n7 4\n";
        assert_eq!(run_on_str(solve, input).unwrap(), "First\nSecond\n");
    }

    #[test]
    fn matches_search_over_one_and_two_coins() {
        let mut rng = SplitMix64::new(15);
        let mut memo = HashMap::new();
        let mut input = String::from("400\n");
        let mut expected = String::new();
        for _ in 0..400 {
            let mut coins: Vec<Cell> = (0..rng.range(1, 2))
                .map(|_| (rng.range(1, 15) as i64, rng.range(1, 15) as i64))
                .collect();
            input += &format!("{}\n", coins.len());
            coins
                .iter()
                .for_each(|(x, y)| input += &format!("{x} {y}\n"));
            coins.sort_unstable();
            expected += if first_wins(coins, &mut memo) {
                "First\n"
            } else {
                "Second\n"
            };
        }
        assert_eq!(run_on_str(solve, &input).unwrap(), expected);
    }

    #[test]
    fn refuses_malformed_input() {
        let cases = [
            ("", "expected the number of test cases"),
            (
                "1\n1\n16 3\n",
                "x of coin 1 in test case 1 = 16 is out of range",
            ),
            (
                "1\n1\n3 0\n",
                "y of coin 1 in test case 1 = 0 is out of range",
            ),
            ("1\n2\n3 3\n", "input ended early: expected x of coin 2"),
            ("1000000000\n", "input ended early"),
            ("1\n1\n2.5 3\n", "expected an integer"),
        ];
        check_refusals(solve, &cases).unwrap();
    }
}
