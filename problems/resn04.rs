//! CodeChef RESN04 "Stone Game" (also SPOJ RESN04): pile i (1-based) may only lose exactly i
//! stones at a time. Each pile is a subtraction game with one move, whose play is forced: it
//! lasts ⌊S_i / i⌋ moves, so its Grundy value is ⌊S_i / i⌋ mod 2
//! (`grundy::take_exactly::value`), and the XOR of such bits is the parity of the
//! total number of moves: Alice wins iff Σ ⌊S_i / i⌋ is odd. Strategy does not matter at all.
//!
//! Input: T, then per test N and N pile sizes. Output per test: `ALICE` or `BOB`.
//! Beyond the judge: any T and N, pile sizes up to 2^64 − 1 (a pile of 0 is allowed: it has no
//! move).

use grundy::prelude::Outcome;
use grundy::take_exactly;
use judge::{InputError, Lists, Scanner};
use std::io::Write;

/// T, then per test N and the N piles' stones S_1 … S_N (pile i takes exactly i).
const PILES: Lists = Lists::new("the number of test cases T", "N", "S_").items(0..=u64::MAX);

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    PILES.answer_xor(
        sc,
        out,
        |i, stones| take_exactly::value(stones, i),
        |value| Outcome::from_grundy(value).pick("ALICE", "BOB"),
    )
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    #[derive(Default)]
    struct Resn04;
    impl Problem for Resn04 {
        /// The pile sizes of one test case.
        type Case = Vec<u64>;
        const SIZE: u64 = 12;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 4)).map(|_| rng.range(1, size)).collect()
        }
        /// The judge's largest input: T = 100 tests of N = 100 piles up to 1000.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            (0..100)
                .map(|_| (0..100).map(|_| rng.range(1, 1000)).collect())
                .collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        fn brute(&mut self, piles: &Vec<u64>) -> String {
            // Literal search: pile i (1-based) may lose exactly i stones.
            let mut search = Search::normal(|piles: &Vec<u64>| {
                (0..piles.len())
                    .filter(|&i| piles[i] > i as u64)
                    .map(|i| {
                        let mut after = piles.clone();
                        after[i] -= i as u64 + 1;
                        after
                    })
                    .collect()
            });
            format!(
                "{}\n",
                if search.mover_wins(piles.clone()) {
                    "ALICE"
                } else {
                    "BOB"
                }
            )
        }
    }

    testkit::problem_tests!(
        Resn04,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n0\n", "N of test case 1 = `0` is out of range"),
            ("1\n2\n1\n", "input ended early: expected S_2 of test case 1"),
            ("1\n1\n-1\n", "S_1 of test case 1 = `-1` is out of range"),
        ]
    );

    #[test]
    fn piles_beyond_the_judge() {
        // ⌊(2^64 − 1) / 1⌋ is odd; ⌊(2^64 − 1) / 2⌋ = 2^63 − 1 is odd too: two odd counts.
        let input = "2\n1\n18446744073709551615\n2\n18446744073709551615 18446744073709551615\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "ALICE\nBOB\n");
    }
}
