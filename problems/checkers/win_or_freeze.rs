//! The checker of Win or Freeze (`problems/win_or_freeze.rs`): the winner must be the jury's,
//! and the first player's move any winning one: a non-trivial divisor of q with exactly two
//! prime factors (counted with multiplicity), from which the opponent can move only to a
//! prime, where the player to move has no move and wins; or 0 when q has no non-trivial
//! divisor.
//!
//! Run as `win_or_freeze-checker INPUT OUTPUT ANSWER` (see `judge::checker`).

use judge::checker::{jury, output_error};
use judge::Scanner;

/// The largest q the statement allows.
const MAX_Q: u64 = 10_000_000_000_000;

/// The number of prime factors of `n` counted with multiplicity, up to 3 ("three or more"), by
/// trial division: at most about 3.2 million divisions for n up to 10^13.
fn prime_factors_up_to_three(n: u64) -> u32 {
    let mut n = n;
    let mut count = 0;
    let mut d = 2;
    while d * d <= n && count < 3 {
        while n % d == 0 && count < 3 {
            n /= d;
            count += 1;
        }
        d += 1;
    }
    if n > 1 && count < 3 {
        count += 1;
    }
    count
}

/// Whether the player to move from `n` loses: `n` has exactly two prime factors.
fn mover_loses(n: u64) -> bool {
    prime_factors_up_to_three(n) == 2
}

/// Whether `first`, the first player's move from `q`, wins; `Err` says why not.
fn check_move(q: u64, first: u64) -> Result<(), String> {
    let cannot_move = prime_factors_up_to_three(q) <= 1;
    if first == 0 {
        return if cannot_move {
            Ok(())
        } else {
            Err(format!(
                "the first player can move from {}, so the first move is not 0",
                q
            ))
        };
    }
    if cannot_move {
        return Err(format!(
            "{} has no non-trivial divisor: the first move is 0, not {}",
            q, first
        ));
    }
    if first == 1 || first >= q || q % first != 0 {
        return Err(format!("{} is not a non-trivial divisor of {}", first, q));
    }
    if mover_loses(first) {
        return Ok(());
    }
    let why = if prime_factors_up_to_three(first) == 1 {
        "is a prime: the second player cannot move and wins"
    } else {
        "has three or more prime factors: the second player writes a divisor of it with exactly two"
    };
    Err(format!("writing {} loses: {} {}", first, first, why))
}

/// Whether `output` answers `input` rightly; `answer` is the jury's (only its winner counts).
pub fn check(input: &str, output: &str, answer: &str) -> Result<(), String> {
    let q = jury(
        Scanner::new(input.as_bytes()).uint("q", 1..=MAX_Q),
        "the input",
    );
    let jury_winner = jury(
        Scanner::new(answer.as_bytes()).uint("the winner", 1..=2),
        "the answer",
    );
    let mut out = Scanner::new(output.as_bytes());
    let winner = out.uint("the winner", 1..=2).map_err(output_error)?;
    if winner != jury_winner {
        return Err(format!(
            "player {} wins from {}, not player {}",
            jury_winner, q, winner
        ));
    }
    if winner == 1 {
        let first = out.uint("the first move", 0..=q).map_err(output_error)?;
        check_move(q, first)?;
    }
    out.finish().map_err(output_error)
}

fn main() {
    judge::checker::main(check)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_right_moves_are_accepted_and_a_wrong_one_is_refused_with_its_reason() {
        for right in ["1\n6\n", "1\n15\n", "1\n10", " 1 6 "] {
            assert_eq!(check("30\n", right, "1\n6\n"), Ok(()), "{}", right);
        }
        for (wrong, reason) in [
            (
                "1\n5\n",
                "writing 5 loses: 5 is a prime: the second player cannot move and wins",
            ),
            ("1\n7\n", "7 is not a non-trivial divisor of 30"),
            ("1\n30\n", "30 is not a non-trivial divisor of 30"),
            ("1\n1\n", "1 is not a non-trivial divisor of 30"),
            (
                "1\n0\n",
                "the first player can move from 30, so the first move is not 0",
            ),
            ("2\n", "player 1 wins from 30, not player 2"),
            ("1\n", "the output ended early: expected the first move"),
            ("1\n6\n6\n", "unexpected extra output: `6`"),
            (
                "1\n31\n",
                "the first move = `31` is out of range (accepted: 0..=30)",
            ),
            ("first\n", "the winner: expected an integer, found `first`"),
        ] {
            assert_eq!(check("30\n", wrong, "1\n6\n"), Err(reason.to_string()));
        }
        let three = check("1000000000000\n", "1\n8\n", "1\n4\n").unwrap_err();
        assert_eq!(
            three,
            "writing 8 loses: 8 has three or more prime factors: the second player writes a divisor of it with exactly two"
        );
        assert_eq!(check("6\n", "2\n", "2\n"), Ok(()));
        assert_eq!(
            check("6\n", "1\n2\n", "2\n"),
            Err("player 2 wins from 6, not player 1".to_string())
        );
        assert_eq!(check("1\n", "1\n0\n", "1\n0\n"), Ok(()));
        assert_eq!(
            check("13\n", "1\n13\n", "1\n0\n"),
            Err("13 has no non-trivial divisor: the first move is 0, not 13".to_string())
        );
    }

    #[test]
    fn losing_numbers_are_the_searched_ones() {
        // The player to move loses from n iff every move leads where the mover wins; the
        // player who cannot move wins. A literal search up to 3000 against `mover_loses`.
        let limit = 3000;
        let mut loses = vec![false; limit + 1];
        for n in 1..=limit {
            let mut divisors = (2..n).filter(|d| n % d == 0).peekable();
            loses[n] = divisors.peek().is_some() && divisors.all(|d| !loses[d]);
            assert_eq!(mover_loses(n as u64), loses[n], "{}", n);
        }
        assert!(mover_loses(9_999_821_000_153)); // 9999991 · 999983
        assert!(!mover_loses(9_999_999_999_971)); // a prime
        assert!(!mover_loses(1_999_924_000_714)); // 2 · 999983 · 999979
    }

    #[test]
    #[should_panic(expected = "the answer: the winner = `3` is out of range")]
    fn a_bad_answer_file_is_the_checkers_fault() {
        let _ = check("30\n", "1\n6\n", "3\n");
    }
}
