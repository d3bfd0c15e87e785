//! CSES 2208 "Another Game": n heaps of coins; a move takes one coin from each heap of a
//! non-empty set of non-empty heaps; who takes the last coin wins. The first player wins iff
//! some heap is odd: from all-even heaps every move leaves some heap odd, and from any position
//! with an odd heap, taking one coin from every odd heap leaves all heaps even; all-even
//! includes the empty position, so the player facing all-even heaps never takes the last coin.
//!
//! Input: t, then per test n and the n heap sizes. Output per test: `first` or `second`.
//! Beyond the judge (x_i ≤ 10^9, Σ n ≤ 2·10^5): any t and n, heaps up to 2^64 − 1, and empty
//! heaps (they take no part).

use judge::{InputError, Lists, Scanner};
use std::io::Write;

/// t, then per test n and the n heaps x_1 … x_n.
const HEAPS: Lists = Lists::new("the number of tests t", "n", "x_").items(0..=u64::MAX);

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    HEAPS.answer(
        sc,
        out,
        false,
        |odd, _, heap| odd | (heap % 2 == 1),
        |odd| if odd { "first" } else { "second" },
    )
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{Search, SliceSearch};
    use testkit::{Problem, Rng};

    /// Every move: one coin from each heap of a non-empty set of non-empty heaps.
    fn moves(heaps: &[u64]) -> Vec<Vec<u64>> {
        let full: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        (1..1u32 << full.len())
            .map(|set| {
                let mut after = heaps.to_vec();
                for (bit, &i) in full.iter().enumerate() {
                    if set >> bit & 1 == 1 {
                        after[i] -= 1;
                    }
                }
                after.sort_unstable();
                after
            })
            .collect()
    }

    struct Another(SliceSearch<u64>);
    impl Default for Another {
        fn default() -> Self {
            Another(Search::normal_slices(moves))
        }
    }
    impl Problem for Another {
        /// The heaps of one test.
        type Case = Vec<u64>;
        const SIZE: u64 = 6;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 4)).map(|_| rng.range(1, size)).collect()
        }
        /// The judge's largest input: Σ n = 2·10^5 heaps up to 10^9, as one test or as t = 2·10^5
        /// tests of one heap (by rng); each test's heaps all even (a second-player win) or any.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            let (t, n) = *rng.pick(&[(1, 200_000), (200_000, 1)]);
            let mut heaps = |_| {
                let even = rng.below(2) == 0;
                let mut heap = || match even {
                    true => 2 * rng.range(1, 500_000_000),
                    false => rng.range(1, 1_000_000_000),
                };
                (0..n).map(|_| heap()).collect()
            };
            (0..t).map(&mut heaps).collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        fn brute(&mut self, heaps: &Vec<u64>) -> String {
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let first = self.0.mover_wins(sorted);
            format!("{}\n", if first { "first" } else { "second" })
        }
    }

    testkit::problem_tests!(
        Another,
        solve,
        refuses: [
            ("", "expected the number of tests t"),
            ("1\n2\n1\n", "input ended early: expected x_2 of test case 1"),
            ("1\n1\n-1\n", "x_1 of test case 1 = `-1` is out of range"),
            ("1\n1\n2\n7\n", "unexpected extra input after the last test case"),
        ]
    );

    #[test]
    fn heaps_beyond_the_judge() {
        let input = "3\n2\n18446744073709551615 2\n2\n18446744073709551614 0\n1\n0\n";
        assert_eq!(
            judge::run_str(solve, input).unwrap(),
            "first\nsecond\nsecond\n"
        );
    }
}
