//! HackerRank "Tower Breakers": n towers of height m; a move lowers a tower to a proper divisor
//! of its height. A tower's Grundy value is Ω(m); n equal towers cancel in pairs.
//!
//! Input: t, then t lines `n m`. Output per line: `1` if player 1 wins, else `2`.
//! Beyond the judge: n and m up to 2^64 − 1 are answered; 0 is refused.

use grundy::divisor::tower_grundy;
use grundy::prelude::Outcome;
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    for case in sc.cases("the number of test cases t")? {
        let towers = sc.uint(case.field("n"), 1..=u64::MAX)?;
        let height = sc.uint(case.field("m"), 1..=u64::MAX)?;
        let value = tower_grundy(height).copies(towers);
        writeln!(out, "{}", Outcome::from_grundy(value).pick(1, 2))?;
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
    use testkit::search::{divisor_moves, Search};
    use testkit::{Problem, Rng};

    #[derive(Default)]
    struct TowerBreakers;
    impl Problem for TowerBreakers {
        /// (n, m): n towers of height m.
        type Case = (u64, u64);
        const SIZE: u64 = 40;
        fn case(rng: &mut Rng, size: u64) -> (u64, u64) {
            (rng.range(1, 4), rng.range(1, size))
        }
        /// The judge's largest input: t = 100 lines of n and m up to 10^6.
        fn max_cases(rng: &mut Rng) -> Vec<(u64, u64)> {
            let mut side = || rng.range(1, 1_000_000);
            (0..100).map(|_| (side(), side())).collect()
        }
        fn input(cases: &[(u64, u64)]) -> String {
            let lines = cases.iter().map(|(n, m)| format!("{n} {m}\n")).join("");
            format!("{}\n{}", cases.len(), lines)
        }
        fn brute(&mut self, &(n, m): &(u64, u64)) -> String {
            let mut search = Search::normal(divisor_moves);
            let first = search.mover_wins(vec![m; n as usize]);
            format!("{}\n", if first { 1 } else { 2 })
        }
    }

    testkit::problem_tests!(
        TowerBreakers,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n2 0\n", "m of test case 1 = `0` is out of range"),
            ("1\n0 3\n", "n of test case 1 = `0` is out of range"),
            ("1\n3\n", "expected m of test case 1"),
            ("2\n2 2\n", "input ended early: expected n of test case 2"),
            ("1\n2 99999999999999999999\n", "out of range"),
        ]
    );

    #[test]
    fn huge_values_follow_the_parity_rule() {
        let input = "3\n1000000000000000000 999999999999999989\n999999999999999999 1000000000000000000\n7 1\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "2\n1\n2\n");
    }
}
