//! HackerRank "Tower Breakers, Again!": a move replaces a tower of height X by Y > 1 towers of
//! height Z with Y · Z = X. Y equal towers are worth G(Z) for odd Y and 0 for even Y, and the
//! closed form G(X) = Ω(odd part of X) + [X even] is proved at
//! `grundy::divisor::split_tower_grundy` and checked there against the mex over divisors.
//!
//! Input: T, then per test N and N heights. Output per test: `1` if player 1 wins, else `2`.
//! Beyond the judge: any T and N, heights up to 2^64 − 1; a height of 0 is refused.

use grundy::divisor::SplitTowerTable;
use grundy::prelude::Outcome;
use judge::{Cached, InputError, Lists, Scanner};
use std::io::Write;

/// T, then per test N and the N heights h_1 … h_N.
const TOWERS: Lists = Lists::new("the number of test cases T", "N", "h_");

/// The judge's largest height: values up to it come from a sieve built once per process,
/// higher ones from a factorisation.
const JUDGE_HEIGHTS: u64 = 100_000;

thread_local! {
    static VALUES: Cached<SplitTowerTable> = Cached::new();
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let table = VALUES.with(|v| v.get_or_init(|| SplitTowerTable::new(JUDGE_HEIGHTS)));
    TOWERS.answer_xor(
        sc,
        out,
        |_, height| table.value(height),
        |value| Outcome::from_grundy(value).pick(1, 2),
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

    /// Every split of one tower, as sorted height lists: the literal game.
    #[allow(clippy::ptr_arg)] // the search's states are `Vec<u64>`
    fn splits(towers: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut next = Vec::new();
        for i in 0..towers.len() {
            let x = towers[i];
            for y in (2..=x).filter(|y| x % y == 0) {
                let mut after = towers.clone();
                after.remove(i);
                after.extend(std::iter::repeat(x / y).take(y as usize));
                after.sort_unstable();
                next.push(after);
            }
        }
        next
    }

    /// The brute force's state: one search, its memo kept from case to case.
    struct Again(Search<Vec<u64>>);
    impl Default for Again {
        fn default() -> Self {
            Again(Search::normal(splits))
        }
    }
    impl Problem for Again {
        /// The heights of one test case.
        type Case = Vec<u64>;
        const SIZE: u64 = 24;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 2)).map(|_| rng.range(1, size)).collect()
        }
        /// The judge's largest input: T = 200 tests of N = 100 heights up to 10^5.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            (0..200)
                .map(|_| (0..100).map(|_| rng.range(1, 100_000)).collect())
                .collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        fn brute(&mut self, heights: &Vec<u64>) -> String {
            let mut sorted = heights.clone();
            sorted.sort_unstable();
            let first = self.0.mover_wins(sorted);
            format!("{}\n", if first { 1 } else { 2 })
        }
    }

    testkit::problem_tests!(
        Again,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n1\n0\n", "h_1 of test case 1 = `0` is out of range"),
            ("1\n2\n3\n", "input ended early: expected h_2 of test case 1"),
            ("2\n1\n3\n", "expected N of test case 2"),
        ]
    );

    #[test]
    fn heights_at_the_sieve_edge_match_the_factorisation() {
        // 99_999 = 3^2 · 41 · 271 (4), 100_000 = 2^5 · 5^5 (5 + 1), 100_001 = 11 · 9091 (2),
        // 100_003 prime (1): either side of the table's limit, each alone and XORed in pairs.
        // A lone tower of non-zero value is a first-player win.
        for h in [99_999, 100_000, 100_001, 100_003] {
            let one = format!("1\n1\n{}\n", h);
            assert_eq!(judge::run_str(solve, &one).unwrap(), "1\n");
        }
        let pairs = "3\n2\n99999 100002\n2\n100001 100004\n2\n100000 100003\n";
        // 100_002 = 2 · 3 · 7 · 2381 (3 + 1 = 4 = G(99_999)); 100_004 = 2^2 · 23 · 1087 (2 + 1).
        assert_eq!(judge::run_str(solve, pairs).unwrap(), "2\n1\n1\n");
    }

    #[test]
    fn heights_beyond_the_judge() {
        // 2^63: Ω(1) + 1 = 1; 2^64 − 1: seven odd primes, 7; 7 ^ 1 ≠ 0. Twins cancel.
        let input = "2\n2\n9223372036854775808 18446744073709551615\n2\n6 9\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "1\n2\n");
    }
}
