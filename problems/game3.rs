//! SPOJ GAME3 "Yet Another Fancy Game": from M = 1 players replace M by M + 1 or 2M, never above
//! N; whoever makes M equal N loses.
//!
//! Input: T, then T values N. Output per game: `Ivica` (first player) or `Marica`.
//! Beyond the judge: every N from 2 to 2^64 − 1 is answered in O(1).

use grundy::prelude::Outcome;
use judge::{InputError, Scanner};
use std::io::Write;

/// Who wins the game with target `n` (n >= 2), from M = 1.
///
/// Nobody moves onto N willingly, so this is normal play on 1..=T with T = N − 1: whoever
/// reaches T wins. Write W(T) for "the player at M = 1 wins".
/// - T odd: every odd M is a losing position. Above T/2 only +1 moves exist, so parity decides;
///   below, an even M moves to M + 1 (odd, losing for the opponent), and an odd M reaches only
///   even numbers. M = 1 is odd, so W(T) is false.
/// - T even: above T/2 the even M lose; every M in (T/4, T/2] doubles onto one of them and
///   wins. So for M <= T' = ⌊T/4⌋ leaving [1, T'] hands the opponent a win, and T' itself has
///   no other move: the game below T' is the same game with target T'. Hence W(2) is true
///   (1 lies in (1/2, 1]) and W(T) = W(T >> 2) for T >= 4.
///
/// Unrolled: W(T) iff every bit of T at an even position is 0 and T ≠ 0, i.e.
/// T & 0x5555…5555 = 0 (T ∈ {2, 8, 10, 32, 34, 40, 42, …}). The unit tests check this against
/// the game-tree DP for every N up to 5000 and for random N up to 2^20.
///
/// # Complexity
/// O(1).
fn outcome(n: u64) -> Outcome {
    let target = n - 1;
    Outcome::from_first_player_wins(target != 0 && target & 0x5555_5555_5555_5555 == 0)
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let tests = sc.uint("the number of games T", 1..=u64::MAX)?;
    for game in 1..=tests {
        let n = sc.uint(format_args!("N of game {}", game), 2..=u64::MAX)?;
        writeln!(out, "{}", outcome(n).pick("Ivica", "Marica"))?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use itertools::Itertools;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// The literal game: `mover_wins[m]` for 1 <= m < n, by DP from n − 1 down.
    fn ivica_wins_by_dp(n: usize) -> bool {
        let mut mover_wins = vec![false; n];
        for m in (1..n).rev() {
            // Moving onto n loses at once, so only moves below n can win.
            // Spelled out rather than through an iterator: the problems' tests run
            // unoptimised, and this runs for every m below a million.
            mover_wins[m] = (m + 1 < n && !mover_wins[m + 1]) || (2 * m < n && !mover_wins[2 * m]);
        }
        mover_wins[1]
    }

    #[derive(Default)]
    struct Game3;
    impl Problem for Game3 {
        type Case = u64;
        const SIZE: u64 = 200;
        const MAX_CASES: usize = 20;
        fn case(rng: &mut Rng, size: u64) -> u64 {
            rng.range(2, size.max(2))
        }
        fn input(cases: &[u64]) -> String {
            format!("{}\n{}\n", cases.len(), cases.iter().join("\n"))
        }
        fn brute(&mut self, &n: &u64) -> String {
            // The game as stated: M goes to M + 1 or 2M, never above N; reaching N loses.
            let mut search = Search::normal(move |&m: &u64| {
                [m + 1, 2 * m].iter().copied().filter(|&x| x < n).collect()
            });
            let ivica = search.mover_wins(1);
            format!("{}\n", if ivica { "Ivica" } else { "Marica" })
        }
    }

    testkit::problem_tests!(
        Game3,
        solve,
        refuses: [
            ("", "expected the number of games"),
            ("1\n1\n", "N of game 1 = `1` is out of range"),
            ("2\n5\n", "input ended early: expected N of game 2"),
            ("1\n18446744073709551616\n", "out of range"),
        ]
    );

    #[test]
    fn closed_form_matches_dp_for_every_small_n() {
        for n in 2..=5000 {
            assert_eq!(
                outcome(n as u64).first_player_wins(),
                ivica_wins_by_dp(n),
                "N = {n}"
            );
        }
    }

    #[test]
    fn closed_form_matches_dp_for_random_larger_n() {
        let mut rng = Rng::new(3);
        for _ in 0..30 {
            let n = rng.range(5000, 1 << 20) as usize;
            assert_eq!(
                outcome(n as u64).first_player_wins(),
                ivica_wins_by_dp(n),
                "N = {n}"
            );
        }
        // Near the winning targets, where the rule is most delicate.
        for t in [0b10_1010_1010usize, 1 << 19, (1 << 19) | 0b1000] {
            for n in t - 2..=t + 3 {
                assert_eq!(
                    outcome(n as u64).first_player_wins(),
                    ivica_wins_by_dp(n),
                    "N = {n}"
                );
            }
        }
    }

    #[test]
    fn extremes() {
        let input = "3\n9223372036854775809\n18446744073709551615\n12297829382473034411\n";
        // 2^63 + 1: T = 2^63, bit 63 is odd. u64::MAX: T has even bits. 0xAAAA…AAAB: T = 0xAAAA…AAAA.
        assert_eq!(
            judge::run_str(solve, input).unwrap(),
            "Ivica\nMarica\nIvica\n"
        );
    }
}
