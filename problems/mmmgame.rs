//! SPOJ MMMGAME "M&M Game" (SEERC 2007 "John"): misère Nim, one heap per colour.
//!
//! Input: T, then per test N and N heap sizes. Output: `John` if the first player wins, else
//! `Brother`. Beyond the judge: any T, N and heap sizes up to 2^64 - 1 are answered; a heap of 0
//! is refused (the statement's box holds at least one M&M of each colour).

use grundy::input::{InputError, Scanner};
use grundy::judge::run_stdio;
use grundy::misere_nim_outcome;
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let tests = sc.uint("the number of test cases T", 1..=u64::MAX)?;
    let mut heaps = Vec::new();
    for case in 1..=tests {
        let colours = sc.uint(format_args!("N of test case {case}"), 1..=u64::MAX)?;
        heaps.clear();
        for i in 1..=colours {
            heaps.push(sc.uint(format_args!("A_{i} of test case {case}"), 1..=u64::MAX)?);
        }
        writeln!(
            out,
            "{}",
            misere_nim_outcome(&heaps).pick("John", "Brother")
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

    /// Literal misère search over sorted pile multisets: does the player to move win?
    fn mover_wins(piles: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(&piles) {
            return w;
        }
        // Eating the last M&M loses, so with nothing left the player to move has won.
        let wins = piles.is_empty()
            || (0..piles.len()).any(|i| {
                (1..=piles[i]).any(|eat| {
                    let mut next = piles.clone();
                    next[i] -= eat;
                    next.retain(|&p| p > 0);
                    next.sort_unstable();
                    !mover_wins(next, memo)
                })
            });
        memo.insert(piles, wins);
        wins
    }

    #[test]
    fn sample() {
        let got = run_on_str(solve, "2\n3\n3 5 1\n1\n1\n").unwrap();
        assert_eq!(got, "John\nBrother\n");
    }

    #[test]
    fn matches_misere_search_on_random_boxes() {
        let mut rng = SplitMix64::new(2007);
        let mut memo = HashMap::new();
        let (mut input, mut expected) = (String::from("300\n"), String::new());
        for _ in 0..300 {
            let mut piles: Vec<u64> = (0..rng.range(1, 4)).map(|_| rng.range(1, 6)).collect();
            input += &format!(
                "{}\n{}\n",
                piles.len(),
                piles
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            piles.sort_unstable();
            expected += if mover_wins(piles, &mut memo) {
                "John\n"
            } else {
                "Brother\n"
            };
        }
        assert_eq!(run_on_str(solve, &input).unwrap(), expected);
    }

    #[test]
    fn refuses_malformed_input() {
        let cases = [
            ("", "expected the number of test cases"),
            ("1\n2\n3", "input ended early: expected A_2 of test case 1"),
            ("1\n1\n0", "A_1 of test case 1 = 0 is out of range"),
            ("1\n1\nx", "expected an integer"),
            ("1\n1\n1\n9", "unexpected extra input"),
            ("1000000000\n", "input ended early"),
        ];
        check_refusals(solve, &cases).unwrap();
    }
}
