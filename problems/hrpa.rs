//! Luogu P6487 \[COCI2010-2011#4\] HRPA: a heap of N pebbles; Mirko moves first and may take
//! any number of pebbles, all of them too; after that every move takes 1 to twice the
//! previous take; whoever takes the last pebble wins. Print the smallest first move with which
//! Mirko still wins.
//!
//! Fibonacci Nim with a first bound of N (`grundy::fibonacci_nim`): the mover wins iff the
//! smallest Zeckendorf term of the heap is within his bound, and that term is the smallest
//! winning take (a smaller take t leaves a heap whose smallest term is at most 2t, which the
//! opponent takes). On a Fibonacci number the only win is to take every pebble.
//!
//! Input: one line `N` (N <= 10^15). Output: the smallest winning first take.
//! Beyond the judge: any N from 1 to 2^64 − 1, answered exactly; N = 0 (no move) is refused.

use grundy::fibonacci_nim;
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("N", 1..=u64::MAX)?;
    // With a bound of the whole heap the smallest term is always within reach.
    let take = fibonacci_nim::winning_move(n, n).unwrap_or(n);
    writeln!(out, "{}", take)?;
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

    /// A position: (pebbles, the most the mover may take), the bound capped at the pebbles.
    type Position = (u64, u64);

    /// Every move, literally: take 1 to the bound; the next bound is twice the take.
    fn moves(&(pebbles, bound): &Position) -> Vec<Position> {
        (1..=bound.min(pebbles))
            .map(|t| (pebbles - t, (2 * t).min(pebbles - t)))
            .collect()
    }

    /// The brute force's state: one search, its memo kept from input to input.
    struct Hrpa(Search<Position, fn(&Position) -> Vec<Position>>);
    impl Default for Hrpa {
        fn default() -> Self {
            Hrpa(Search::normal(moves as fn(&Position) -> Vec<Position>))
        }
    }
    impl Problem for Hrpa {
        /// The whole input: N.
        type Case = u64;
        const SIZE: u64 = 300;
        /// The search visits every (pebbles, bound) below N: N² positions.
        const MAX_SIZE: u64 = 2000;
        /// One answer line for the whole input.
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> u64 {
            rng.range(1, size)
        }
        /// The judge's largest input: N up to 10^15, or a Fibonacci number near it.
        fn max_cases(rng: &mut Rng) -> Vec<u64> {
            let fibonacci_near_the_top = 806_515_533_049_393; // the largest Fibonacci number <= 10^15
            let any = rng.range(1, 1_000_000_000_000_000);
            vec![*rng.pick(&[1_000_000_000_000_000, fibonacci_near_the_top, any])]
        }
        fn input(cases: &[u64]) -> String {
            format!("{}\n", cases[0])
        }
        fn brute(&mut self, &n: &u64) -> String {
            let take = (1..=n)
                .find(|&t| !self.0.mover_wins((n - t, (2 * t).min(n - t))))
                .expect("taking every pebble wins");
            format!("{}\n", take)
        }
    }

    testkit::problem_tests!(
        Hrpa,
        solve,
        refuses: [
            ("", "input ended early: expected N"),
            ("0\n", "N = `0` is out of range"),
            ("-4\n", "N = `-4` is out of range"),
            ("4 5\n", "unexpected extra input"),
            ("x\n", "N: expected an integer, found `x`"),
        ]
    );

    #[test]
    fn heaps_beyond_the_judge() {
        // 2^64 − 1: its smallest Zeckendorf term by the greedy rule, written out here apart
        // from the library; the largest Fibonacci number in a u64 is taken whole.
        let mut fib = vec![1u64, 2];
        while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
            fib.push(next);
        }
        let mut left = u64::MAX;
        let mut smallest = 0;
        for &f in fib.iter().rev() {
            if f <= left {
                left -= f;
                smallest = f;
            }
        }
        let input = format!("{}\n", u64::MAX);
        assert_eq!(
            judge::run_str(solve, &input).unwrap(),
            format!("{}\n", smallest)
        );
        let last = fib[fib.len() - 1];
        assert_eq!(
            judge::run_str(solve, &format!("{}\n", last)).unwrap(),
            format!("{}\n", last)
        );
    }
}
