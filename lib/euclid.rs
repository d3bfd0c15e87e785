//! Euclid's game: two positive integers; a move subtracts a positive multiple of the smaller
//! from the larger, leaving it non-negative. The convention here: the player who makes a number
//! 0 wins (so a position with a 0 in it is over, lost for the player to move).
//!
//! The rule (Cole and Davie, *A game based on the Euclidean algorithm and a winning strategy
//! for it*, Math. Gazette 1969): with a ≥ b > 0, the player to move wins if a ≥ 2b or a = b
//! (either can choose between the two positions (a mod b + b, b) and (a mod b, b), one of
//! which follows from the other by a forced move, or take all at once); otherwise the only
//! move is to (b, a − b), and the mover wins iff that position loses. The forced moves are the
//! quotients 1 of the Euclidean algorithm, so the walk takes O(log(a + b)) steps.

use crate::outcome::Outcome;

/// Who wins Euclid's game from (a, b) with the player to move first; `SecondPlayerWins`
/// when a number is 0 (the game is over: the previous player reached 0).
///
/// ```
/// use grundy::euclid::outcome;
/// use grundy::prelude::Outcome;
/// assert_eq!(outcome(25, 7), Outcome::FirstPlayerWins); // 25 ≥ 2·7
/// // Forced to (2, 1), from which the opponent takes 2 → (0, 1).
/// assert_eq!(outcome(3, 2), Outcome::SecondPlayerWins);
/// assert_eq!(outcome(5, 5), Outcome::FirstPlayerWins);
/// assert_eq!(outcome(4, 0), Outcome::SecondPlayerWins);
/// ```
///
/// # Complexity
/// O(log(a + b)) divisions.
pub fn outcome(a: u64, b: u64) -> Outcome {
    Outcome::from_first_player_wins(mover_wins(a, b))
}

fn mover_wins(a: u64, b: u64) -> bool {
    let (mut big, mut small) = (a.max(b), a.min(b));
    let mut mover = true; // whether the player to move at (big, small) is the original mover
    loop {
        if small == 0 {
            return !mover;
        }
        if big / small >= 2 || big == small {
            return mover;
        }
        let next = big - small;
        big = small;
        small = next;
        mover = !mover;
    }
}

/// A winning move of Euclid's game from (a, b): the position after it, the larger number
/// lowered in its place; `None` when the player to move loses.
///
/// ```
/// use grundy::euclid::{outcome, winning_move};
/// use grundy::prelude::Outcome;
/// assert_eq!(winning_move(6, 3), Some((0, 3))); // reach 0 at once
/// assert_eq!(winning_move(2, 7), Some((2, 3))); // (3, 2) loses for the opponent
/// assert_eq!(winning_move(3, 2), None);
/// // Forced to (1_755_654, 998_244_353), where the opponent may take any multiple: a loss.
/// assert_eq!(winning_move(1_000_000_007, 998_244_353), None);
/// let (a, b) = winning_move(1_000_000_007, 400_000_000).unwrap();
/// assert_eq!(outcome(a, b), Outcome::SecondPlayerWins);
/// ```
///
/// # Complexity
/// O(log(a + b)) divisions.
pub fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    if !mover_wins(a, b) {
        return None;
    }
    let (big, small) = (a.max(b), a.min(b));
    let rest = big % small;
    // Take everything but `rest`, or leave one more `small` so that the opponent must take it:
    // whichever leaves the opponent the losing side.
    let lowered = if rest == 0 || !mover_wins(small, rest) {
        rest
    } else {
        rest + small
    };
    Some(if a >= b { (lowered, b) } else { (a, lowered) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::Rng;

    /// Every move from (a, b), literally: a positive multiple of the smaller off the larger.
    fn moves(&(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        if a == 0 || b == 0 {
            return Vec::new();
        }
        let mut next = Vec::new();
        if a >= b {
            next.extend((1..=a / b).map(|k| (a - k * b, b)));
        }
        if b > a {
            next.extend((1..=b / a).map(|k| (a, b - k * a)));
        }
        next
    }

    #[test]
    fn agrees_with_literal_search() {
        let mut search = Search::normal(moves);
        for a in 0..=80 {
            for b in 0..=80 {
                let wins = search.mover_wins((a, b));
                assert_eq!(outcome(a, b).first_player_wins(), wins, "({}, {})", a, b);
                match winning_move(a, b) {
                    Some(next) => {
                        assert!(moves(&(a, b)).contains(&next), "({}, {})", a, b);
                        assert!(!search.mover_wins(next), "({}, {}) -> {:?}", a, b, next);
                    }
                    None => assert!(!wins),
                }
            }
        }
    }

    #[test]
    fn large_numbers_walk_consistently() {
        // Far beyond a search: a winning move leads to a loss, and a losing position's only
        // move (its quotient is 1) leads to a win.
        let mut rng = Rng::new(1969);
        for _ in 0..3000 {
            let (a, b) = match rng.below(3) {
                0 => (rng.range(1, u64::MAX), rng.range(1, u64::MAX)),
                1 => (rng.range(1, 1 << 40), rng.range(1, 1 << 40)),
                _ => {
                    // Consecutive Fibonacci numbers: every quotient is 1 (the longest walks).
                    let (mut x, mut y) = (1u64, 2u64);
                    for _ in 0..rng.below(90) {
                        let next = x + y;
                        x = y;
                        y = next;
                    }
                    (y, x)
                }
            };
            match winning_move(a, b) {
                Some((x, y)) => assert_eq!(outcome(x, y), Outcome::SecondPlayerWins),
                None => {
                    let (big, small) = (a.max(b), a.min(b));
                    assert!(big - small < small && big != small);
                    assert!(outcome(small, big - small).first_player_wins());
                }
            }
        }
    }
}
