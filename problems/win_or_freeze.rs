//! Win or Freeze (Codeforces 150A, Div. 2 151C).
//!
//! A paper holds an integer q (1 <= q <= 10^13). A move writes a non-trivial divisor of the
//! last number written (a divisor other than 1 and the number itself); the first player who
//! cannot move wins. Print the winner (1 or 2) and, if it is the first player, a second line
//! with a winning first move, or 0 if the first player cannot move at all. Any winning move is
//! right: the checker `problems/checkers/win_or_freeze.rs` accepts each.
//!
//! A number with at most one prime factor (1 or a prime) has no move: its mover wins. A number
//! with exactly two prime factors, counted with multiplicity (p·r or p²), moves only to primes,
//! where the opponent wins: its mover loses. Any other number (three or more) moves to a
//! divisor with exactly two, so its mover wins. The move printed: with p the smallest prime
//! factor, q/p if it has exactly two prime factors, else p times the smallest prime factor of
//! q/p. The smallest factors lie below the cube root (at most 21,545), and Ω comes from
//! Miller–Rabin and Pollard's rho (`grundy::primes`), so an answer takes microseconds.

use grundy::primes::prime_factor_count;
use judge::{InputError, Scanner};
use std::io::Write;

/// The largest q the statement allows.
const MAX_Q: u64 = 10_000_000_000_000;

/// The smallest prime factor of `n` (at least 2), by trial division; `n` itself if prime.
fn smallest_factor(n: u64) -> u64 {
    let mut d = 2;
    while d * d <= n {
        if n % d == 0 {
            return d;
        }
        d += 1;
    }
    n
}

/// The first player's winning move from `q`: `Some(0)` when there is no move at all (the first
/// player wins at once), `Some(d)` a non-trivial divisor with exactly two prime factors, or
/// `None` when the second player wins.
fn winning_move(q: u64) -> Option<u64> {
    match prime_factor_count(q) {
        0 | 1 => Some(0),
        2 => None,
        _ => {
            // Three prime factors or more: the smallest is at most the cube root.
            let p = smallest_factor(q);
            let rest = q / p;
            if prime_factor_count(rest) == 2 {
                Some(rest)
            } else {
                Some(p * smallest_factor(rest))
            }
        }
    }
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let q = sc.uint("q", 1..=MAX_Q)?;
    sc.finish()?;
    match winning_move(q) {
        Some(first) => writeln!(out, "1\n{}", first)?,
        None => writeln!(out, "2")?,
    }
    Ok(())
}

fn main() {
    judge::main(solve)
}

/// The checker, whose `check` the tests judge with (its `main` serves the runner only).
#[cfg(test)]
#[allow(dead_code)]
#[path = "checkers/win_or_freeze.rs"]
mod checker;

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// Every move from `n`, written out: each non-trivial divisor.
    fn moves(&n: &u64) -> Vec<u64> {
        (2..n).filter(|d| n % d == 0).collect()
    }

    /// The brute force's memo: the literal game, where the player who cannot move wins
    /// (misère play of the divisor moves).
    struct WinOrFreeze(Search<u64>);
    impl Default for WinOrFreeze {
        fn default() -> Self {
            WinOrFreeze(Search::misere(moves))
        }
    }
    impl Problem for WinOrFreeze {
        /// The whole input: q.
        type Case = u64;
        const SIZE: u64 = 3000;
        /// The brute force lists divisors by trying every number below q.
        const MAX_SIZE: u64 = 100_000;
        const MAX_CASES: usize = 1;
        /// q up to the size, or a product of small numbers (many prime factors).
        fn case(rng: &mut Rng, size: u64) -> u64 {
            if rng.below(2) == 0 {
                return rng.range(1, size);
            }
            let mut q = 1;
            loop {
                let factor = rng.range(2, 9);
                if q * factor > size {
                    return q;
                }
                q *= factor;
            }
        }
        /// The judge's largest input: q up to 10^13, any or a product of small numbers (by rng, as
        /// `case` draws).
        fn max_cases(rng: &mut Rng) -> Vec<u64> {
            vec![Self::case(rng, 10_000_000_000_000)]
        }
        fn input(cases: &[u64]) -> String {
            format!("{}\n", cases[0])
        }
        /// The winner by search, and the smallest winning first move.
        fn brute(&mut self, &q: &u64) -> String {
            let options = moves(&q);
            if options.is_empty() {
                return "1\n0\n".to_string();
            }
            match options.into_iter().find(|&d| !self.0.mover_wins(d)) {
                Some(d) => format!("1\n{}\n", d),
                None => "2\n".to_string(),
            }
        }
        fn check(input: &str, output: &str, answer: &str) -> Result<(), String> {
            super::checker::check(input, output, answer)
        }
    }

    testkit::problem_tests!(
        WinOrFreeze,
        solve,
        refuses: [
            ("", "input ended early: expected q"),
            ("0\n", "q = `0` is out of range (accepted: 1..=10000000000000)"),
            ("10000000000001\n", "out of range"),
            ("6 7\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn the_move_is_often_not_the_brute_forces_yet_right() {
        // 30: the brute force writes 6, this solution 15 (30 / 2 has two prime factors).
        let got = judge::run_str(solve, "30\n").unwrap();
        assert_eq!(got, "1\n15\n");
        assert_eq!(WinOrFreeze::default().brute(&30), "1\n6\n");
        assert_eq!(WinOrFreeze::check("30\n", &got, "1\n6\n"), Ok(()));
    }

    #[test]
    fn the_largest_inputs() {
        // (q, its prime factor count), the count found here by trial division.
        for q in [
            MAX_Q,
            9_999_999_999_971, // a prime
            9_999_821_000_153, // 9999991 · 999983
            9_999_995_824_729, // 3162277²
            1_999_924_000_714, // 2 · 999983 · 999979
            8_796_093_022_208, // 2^43
            2 * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31,
        ] {
            let mut omega = 0;
            let mut n = q;
            let mut d = 2;
            while d * d <= n {
                while n % d == 0 {
                    n /= d;
                    omega += 1;
                }
                d += 1;
            }
            omega += u32::from(n > 1);
            let winner = if omega == 2 { "2\n" } else { "1\n" };
            let got = judge::run_str(solve, &format!("{}\n", q)).unwrap();
            let input = format!("{}\n", q);
            assert_eq!(
                WinOrFreeze::check(&input, &got, winner),
                Ok(()),
                "{}: {}",
                q,
                got
            );
        }
    }
}
