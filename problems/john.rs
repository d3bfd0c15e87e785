//! Luogu P4279 \[SHOI2008\] "小约翰的游戏" (Little John's game): misère Nim, whoever takes the
//! last stone loses. By the SJ theorem (`grundy::anti_sg`, a pile of n being worth `Nimber(n)`):
//! John, who moves first, wins iff the nim-sum is not 0 and some pile has more than one stone,
//! or the nim-sum is 0 and no pile has.
//!
//! Input: T, then per test N and the N pile sizes. Output per test: `John` if the first player
//! wins, else `Brother`.
//! Beyond the judge: any T and N >= 1, and piles up to 2^64 − 1, are answered. An empty pile
//! is allowed (the statement bounds the sizes only from above) and changes nothing; with no
//! stone at all John has no move, and under misère play the player with no move wins.

use grundy::anti_sg::AntiSg;
use grundy::prelude::Nimber;
use judge::{InputError, Lists, Scanner};
use std::io::Write;

/// T, then per test N and the N pile sizes.
const PILES: Lists = Lists::new("the number of tests T", "N", "pile ").items(0..=u64::MAX);

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    PILES.answer(
        sc,
        out,
        AntiSg::default(),
        |mut game, _, pile| {
            game.add(Nimber(pile));
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

    struct John {
        search: Search<Vec<u64>>,
    }

    impl Default for John {
        fn default() -> Self {
            John {
                search: Search::misere(nim_moves),
            }
        }
    }

    impl Problem for John {
        /// The pile sizes of one test.
        type Case = Vec<u64>;
        const SIZE: u64 = 6;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 4))
                .map(|_| rng.range(0, size.min(6)))
                .collect()
        }
        /// The judge's largest input: T = 500 tests of N = 50 piles up to 5000, every other test's
        /// piles 0 or 1 (the SJ theorem's other case).
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            let tops = [1, 5000];
            (0..500)
                .map(|i| (0..50).map(|_| rng.range(0, tops[i % 2])).collect())
                .collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        fn brute(&mut self, piles: &Vec<u64>) -> String {
            // Misère search over sorted lists of the non-empty piles: the last stone loses.
            let mut state: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
            state.sort_unstable();
            let john = self.search.mover_wins(state);
            format!("{}\n", if john { "John" } else { "Brother" })
        }
    }

    testkit::problem_tests!(
        John,
        solve,
        refuses: [
            ("", "expected the number of tests T"),
            ("0\n", "the number of tests T = `0` is out of range"),
            ("1\n0\n", "N of test case 1 = `0` is out of range"),
            ("1\n2\n3", "input ended early: expected pile 2 of test case 1"),
            ("1\n1\n-1", "pile 1 of test case 1 = `-1` is out of range"),
            ("2\n1\n5\n", "expected N of test case 2"),
            ("1\n1\nx", "expected an integer"),
            ("1\n1\n1\n9", "unexpected extra input"),
        ]
    );

    #[test]
    fn piles_beyond_the_judge() {
        // Two equal huge piles: mirror to the end, John loses; add a 1 and he wins.
        let input = "2\n2\n18446744073709551615 18446744073709551615\n3\n18446744073709551615 18446744073709551615 1\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "Brother\nJohn\n");
    }
}
