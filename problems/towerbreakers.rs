//! HackerRank "Tower Breakers": n towers of height m; a move lowers a tower to a proper divisor
//! of its height. A tower's Grundy value is Ω(m); n equal towers cancel in pairs.
//!
//! Input: t, then t lines `n m`. Output per line: `1` if player 1 wins, else `2`.
//! Beyond the judge: n and m up to 2^64 − 1 are answered; 0 is refused.

use grundy::divisor::tower_grundy;
use grundy::input::{InputError, Scanner};
use grundy::judge::run_stdio;
use grundy::{nim_sum_of_copies, Outcome};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let tests = sc.uint("the number of test cases t", 1..=u64::MAX)?;
    for case in 1..=tests {
        let towers = sc.uint(format_args!("n of test case {case}"), 1..=u64::MAX)?;
        let height = sc.uint(format_args!("m of test case {case}"), 1..=u64::MAX)?;
        let value = nim_sum_of_copies(tower_grundy(height), towers);
        writeln!(out, "{}", Outcome::from_grundy(value).pick(1, 2))?;
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

    /// Literal search over multisets of tower heights, written without the library.
    fn first_wins(towers: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(&towers) {
            return w;
        }
        let wins = (0..towers.len()).any(|i| {
            (1..towers[i]).filter(|y| towers[i] % y == 0).any(|y| {
                let mut next = towers.clone();
                next[i] = y;
                next.sort_unstable();
                !first_wins(next, memo)
            })
        });
        memo.insert(towers, wins);
        wins
    }

    #[test]
    fn sample() {
        assert_eq!(run_on_str(solve, "2\n2 2\n1 4\n").unwrap(), "2\n1\n");
    }

    #[test]
    fn matches_search_on_random_towers() {
        let mut rng = SplitMix64::new(100);
        let mut memo = HashMap::new();
        let (mut input, mut expected) = (String::from("200\n"), String::new());
        for _ in 0..200 {
            let (n, m) = (rng.range(1, 4), rng.range(1, 40));
            input += &format!("{n} {m}\n");
            expected += if first_wins(vec![m; n as usize], &mut memo) {
                "1\n"
            } else {
                "2\n"
            };
        }
        assert_eq!(run_on_str(solve, &input).unwrap(), expected);
    }

    #[test]
    fn huge_values_follow_the_parity_rule() {
        let input = "3\n1000000000000000000 999999999999999989\n999999999999999999 1000000000000000000\n7 1\n";
        assert_eq!(run_on_str(solve, input).unwrap(), "2\n1\n2\n");
    }

    #[test]
    fn refuses_malformed_input() {
        let cases = [
            ("", "expected the number of test cases"),
            ("1\n2 0\n", "m of test case 1 = 0 is out of range"),
            ("2\n2 2\n", "input ended early: expected n of test case 2"),
            ("1\n2 99999999999999999999\n", "out of range"),
        ];
        check_refusals(solve, &cases).unwrap();
    }
}
