//! CSES 2207 "Grundy's Game": one heap of n coins; a move splits a heap into two non-empty
//! heaps of different sizes; who cannot move loses. The heap is a second-player win iff its
//! Grundy value is 0. `grundy::grundys_game` computes the values by the rare-value method, and
//! its tests prove that the last heap below 2^20 with value 0 is
//! [`LAST_P_POSITION`] = 1222: so only heaps up to it are computed here (once per process),
//! and every larger heap up to 2^20 is a first-player win.
//!
//! Input: t, then t lines with n. Output per test: `first` or `second`.
//! Beyond the judge (n ≤ 10^6): any t, heaps up to 2^20 − 1; larger ones are refused (the fact
//! above is proven only below 2^20).

use grundy::grundys_game::{GrundysGame, LAST_P_POSITION, P_POSITIONS_CHECKED_BELOW};
use judge::{Cached, InputError, Scanner};
use std::io::Write;

thread_local! {
    static VALUES: Cached<GrundysGame> = Cached::new();
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let game = VALUES.with(|v| {
        v.get_or_init(|| {
            let mut game = GrundysGame::new();
            game.extend_to(LAST_P_POSITION + 1);
            game
        })
    });
    let heaps = 1..=(P_POSITIONS_CHECKED_BELOW as u64 - 1);
    for case in sc.cases("the number of tests t")? {
        let n = sc.uint_fast(case.field("n"), heaps.clone())? as usize;
        let second = n <= LAST_P_POSITION && game.value(n).is_zero();
        writeln!(out, "{}", if second { "second" } else { "first" })?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// Every split of one heap into two unequal non-empty heaps, as sorted lists: the literal
    /// game.
    #[allow(clippy::ptr_arg)] // the search's states are `Vec<u64>`
    fn splits(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut next = Vec::new();
        for i in 0..heaps.len() {
            let x = heaps[i];
            for a in 1..(x + 1) / 2 {
                let mut after = heaps.clone();
                after[i] = a;
                after.push(x - a);
                after.sort_unstable();
                next.push(after);
            }
        }
        next
    }

    /// The brute force's state: one search, its memo kept from case to case.
    struct Grundys(Search<Vec<u64>>);
    impl Default for Grundys {
        fn default() -> Self {
            Grundys(Search::normal(splits))
        }
    }
    impl Problem for Grundys {
        /// The heap of one test.
        type Case = u64;
        const SIZE: u64 = 24;
        fn case(rng: &mut Rng, size: u64) -> u64 {
            rng.range(1, size)
        }
        /// The judge's largest input: t = 10^5 heaps up to n = 10^6, every other one at most
        /// 1300 so that the second-player wins (all below 1223) appear too.
        fn max_cases(rng: &mut Rng) -> Vec<u64> {
            let tops = [1300, 1_000_000];
            (0..100_000).map(|i| rng.range(1, tops[i % 2])).collect()
        }
        fn input(cases: &[u64]) -> String {
            let mut text = format!("{}\n", cases.len());
            cases.iter().for_each(|n| text += &format!("{}\n", n));
            text
        }
        fn brute(&mut self, &n: &u64) -> String {
            let first = self.0.mover_wins(vec![n]);
            format!("{}\n", if first { "first" } else { "second" })
        }
    }

    testkit::problem_tests!(
        Grundys,
        solve,
        refuses: [
            ("", "expected the number of tests t"),
            ("1\n0\n", "n of test case 1 = `0` is out of range"),
            ("1\n1048576\n", "n of test case 1 = `1048576` is out of range"),
            ("2\n5\n", "input ended early: expected n of test case 2"),
        ]
    );

    #[test]
    fn around_the_last_p_position_and_beyond_the_judge() {
        // 1222 has value 0; 1221 and 1223 are wins; 2^20 − 1 is beyond the judge's 10^6.
        let input = "4\n1221\n1222\n1223\n1048575\n";
        assert_eq!(
            judge::run_str(solve, input).unwrap(),
            "first\nsecond\nfirst\nfirst\n"
        );
    }
}
