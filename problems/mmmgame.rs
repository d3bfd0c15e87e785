//! SPOJ MMMGAME "M&M Game" (SEERC 2007 "John"): misère Nim, one heap per colour.
//!
//! Input: T, then per test N and N heap sizes. Output: `John` if the first player wins, else
//! `Brother`. Beyond the judge: any T, N and heap sizes up to 2^64 - 1 are answered; a heap of 0
//! is refused (the statement's box holds at least one M&M of each colour).

use grundy::nim::MisereNim;
use judge::{InputError, Lists, Scanner};
use std::io::Write;

/// T, then per test N and the N colours' counts A_1 … A_N.
const COLOURS: Lists = Lists::new("the number of test cases T", "N", "A_");

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    COLOURS.answer(
        sc,
        out,
        MisereNim::default(),
        |mut game, _, count| {
            game.add(count);
            game
        },
        |game| game.outcome().pick("John", "Brother"),
    )
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{nim_moves, Search};
    use testkit::{Problem, Rng};

    #[derive(Default)]
    struct Mmmgame;
    impl Problem for Mmmgame {
        /// The heap sizes of one box.
        type Case = Vec<u64>;
        const SIZE: u64 = 6;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 4)).map(|_| rng.range(1, size)).collect()
        }
        /// The judge's largest input: T = 474 boxes of N = 47 heaps from 1 to 4747, every other
        /// box of heaps of 1 only (misère play's other case).
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            let tops = [1, 4747];
            (0..474)
                .map(|i| (0..47).map(|_| rng.range(1, tops[i % 2])).collect())
                .collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        fn brute(&mut self, heaps: &Vec<u64>) -> String {
            // Misère play over sorted heap lists: eating the last M&M loses.
            let mut search = Search::misere(nim_moves);
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let john = search.mover_wins(sorted);
            format!("{}\n", if john { "John" } else { "Brother" })
        }
    }

    testkit::problem_tests!(
        Mmmgame,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n2\n3", "input ended early: expected A_2 of test case 1"),
            ("1\n1\n0", "A_1 of test case 1 = `0` is out of range"),
            ("1\n0\n", "N of test case 1 = `0` is out of range"),
            ("2\n1\n5\n", "expected N of test case 2"),
            ("1\n1\nx", "expected an integer"),
            ("1\n1\n1\n9", "unexpected extra input"),
            ("1000000000\n", "input ended early"),
        ]
    );
}
