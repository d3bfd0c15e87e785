//! Luogu P2252 \[SHOI2002\] 取石子游戏 (Wythoff's game): two heaps of a and b stones; a move
//! takes any number from one heap or the same number from both; whoever takes the last stone
//! wins. The first player loses exactly on Wythoff's P-positions (⌊kφ⌋, ⌊kφ²⌋)
//! (`grundy::wythoff::outcome`, exact integer arithmetic).
//!
//! Input: one line `a b` (0 ≤ a, b ≤ 10^9). Output: `1` if the first player wins, else `0`.
//! Beyond the judge: any heaps up to 2^64 − 1, answered exactly.

use grundy::wythoff;
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let a = sc.uint("a", 0..=u64::MAX)?;
    let b = sc.uint("b", 0..=u64::MAX)?;
    writeln!(out, "{}", wythoff::outcome(a, b).pick(1, 0))?;
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

    /// Every move of the game from (a, b), literally: take 1..=a, 1..=b, or the same from both.
    fn moves(&(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        let one = (1..=a).map(move |t| (a - t, b));
        let other = (1..=b).map(move |t| (a, b - t));
        let both = (1..=a.min(b)).map(move |t| (a - t, b - t));
        one.chain(other).chain(both).collect()
    }

    /// The brute force's state: one search whose memo is kept from input to input.
    struct Wythoff(Search<(u64, u64)>);
    impl Default for Wythoff {
        fn default() -> Self {
            Wythoff(Search::normal(moves))
        }
    }
    impl Problem for Wythoff {
        /// The whole input: the two heaps.
        type Case = (u64, u64);
        const SIZE: u64 = 40;
        /// The search visits every position below the heaps: (size + 1)² of them.
        const MAX_SIZE: u64 = 300;
        /// One answer line for the whole input.
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> (u64, u64) {
            (rng.range(0, size), rng.range(0, size))
        }
        /// The judge's largest input: heaps up to 10^9, any or a losing pair (⌊kφ⌋, ⌊kφ⌋ + k) near
        /// the top (by rng; the float's rounding may miss it by one, which keeps it valid).
        fn max_cases(rng: &mut Rng) -> Vec<(u64, u64)> {
            if rng.below(2) == 0 {
                return vec![Self::case(rng, 1_000_000_000)];
            }
            let k = rng.range(300_000_000, 381_966_000);
            let a = (k as f64 * 1.618_033_988_749_895) as u64;
            vec![(a, a + k)]
        }
        fn input(cases: &[(u64, u64)]) -> String {
            format!("{} {}\n", cases[0].0, cases[0].1)
        }
        fn brute(&mut self, &heaps: &(u64, u64)) -> String {
            format!("{}\n", u8::from(self.0.mover_wins(heaps)))
        }
    }

    testkit::problem_tests!(
        Wythoff,
        solve,
        refuses: [
            ("", "input ended early: expected a"),
            ("3\n", "input ended early: expected b"),
            ("-1 2\n", "a = `-1` is out of range"),
            ("1 18446744073709551616\n", "b = `18446744073709551616` is out of range"),
            ("1 2 3\n", "unexpected extra input"),
        ]
    );
}
