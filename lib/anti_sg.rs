//! Anti-SG: sums of games played misère (whoever makes the last move loses), decided from the
//! components' Grundy values by the SJ theorem.
//!
//! # The theorem
//! Take a sum of impartial games played misère: a player with no move wins. Suppose that
//! **every position of a component whose Grundy value is 0 is terminal** (has no move), so
//! that the sum can move iff some component has a non-zero value. Then the player to move
//! wins iff
//! - the nim-sum of the components' values is not 0 and some component has value > 1, or
//! - the nim-sum is 0 and no component has value > 1.
//!
//! The values are the ordinary (normal-play) Grundy values of the components. Sketch: a
//! terminal sum is a win for the mover. With nim-sum 0 and two or more values above 1, every
//! move leaves nim-sum ≠ 0 with a value above 1 still there. With nim-sum ≠ 0 and a value
//! above 1, the mover either brings the only value above 1 to 0 or 1 so as to leave an odd
//! number of 1s (and nothing else), or, with several, moves to nim-sum 0. With only 0s and 1s
//! the game is a count of 1s played to the end, and an odd count loses; raising a 1 to a
//! larger value leaves one value above 1 and nim-sum ≠ 0, a win for the opponent.
//!
//! The condition is needed: without it a component of value 0 can still move, and the sum of
//! values no longer tells who makes the last move (the tests show such a sum). Nim satisfies
//! it (only the empty heap is worth 0), so misère Nim ([`crate::nim::MisereNim`]) is this
//! theorem for heaps; [`zero_is_terminal`] checks it for a game from a position.
//!
//! Source: Jia Zhihao (贾志豪), "组合游戏略述——浅谈SG游戏的若干拓展及变形" (A survey of
//! combinatorial games: extensions and variants of SG games), China national team training
//! papers, 2009; the theorem is named SJ (Sprague–Grundy–Jia) there.
//!
//! ```
//! use grundy::anti_sg::AntiSg;
//! use grundy::prelude::{Nimber, Outcome};
//! // Misère Nim with heaps 1, 1, 1: three forced moves, the first player takes the last.
//! let sum: AntiSg = [1, 1, 1].iter().map(|&v| Nimber(v)).collect();
//! assert_eq!(sum.outcome(), Outcome::SecondPlayerWins);
//! // Heaps 2 and 1: take the 2 whole, leaving the last object to the other player.
//! let sum: AntiSg = [2, 1].iter().map(|&v| Nimber(v)).collect();
//! assert_eq!(sum.outcome(), Outcome::FirstPlayerWins);
//! ```

use crate::game::ImpartialGame;
use crate::nimber::Nimber;
use crate::outcome::Outcome;
use crate::values::GrundyMemo;
use std::collections::HashSet;

/// The misère outcome of a sum of games from their Grundy values, by the SJ theorem,
/// accumulated value by value (for values read one at a time) or collected from an iterator.
///
/// ```
/// use grundy::anti_sg::AntiSg;
/// use grundy::prelude::Nimber;
/// let mut sum = AntiSg::default();
/// assert!(sum.outcome().first_player_wins()); // no move at all: the mover has won
/// sum.add(Nimber(3));
/// sum.add(Nimber(3));
/// assert!(!sum.outcome().first_player_wins()); // mirror the other player to the end
/// ```
///
/// # Constraints
/// Every component position with value 0 must be terminal (the module's theorem): otherwise
/// the outcome may be wrong.
///
/// # Complexity
/// O(1) per value and for the outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AntiSg {
    nim_sum: Nimber,
    above_one: u64,
}

impl AntiSg {
    /// Adds a component of Grundy value `value`.
    ///
    /// ```
    /// let mut sum = grundy::anti_sg::AntiSg::default();
    /// sum.add(grundy::prelude::Nimber(1));
    /// assert!(!sum.outcome().first_player_wins()); // the one move left loses
    /// ```
    pub fn add(&mut self, value: Nimber) {
        self.nim_sum += value;
        if value.value() > 1 {
            self.above_one += 1;
        }
    }

    /// The nim-sum of the values added so far.
    pub fn nim_sum(&self) -> Nimber {
        self.nim_sum
    }

    /// The misère outcome of the sum added so far: the player to move wins iff the nim-sum is
    /// not 0 and some value is above 1, or the nim-sum is 0 and none is.
    ///
    /// ```
    /// use grundy::anti_sg::AntiSg;
    /// use grundy::prelude::{Nimber, Outcome};
    /// let sum: AntiSg = vec![Nimber(2), Nimber(2)].into_iter().collect();
    /// assert_eq!(sum.outcome(), Outcome::SecondPlayerWins);
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::from_first_player_wins(self.nim_sum.is_zero() == (self.above_one == 0))
    }
}

impl std::iter::FromIterator<Nimber> for AntiSg {
    fn from_iter<I: IntoIterator<Item = Nimber>>(values: I) -> Self {
        let mut sum = AntiSg::default();
        values.into_iter().for_each(|v| sum.add(v));
        sum
    }
}

/// Whether the SJ theorem's condition holds for `game` from `position`: every position
/// reachable from it (itself included) whose Grundy value is 0 has no move.
///
/// ```
/// use grundy::anti_sg::zero_is_terminal;
/// use grundy::game::FnGame;
/// use grundy::nim::Nim;
/// assert!(zero_is_terminal(&Nim, &20));
/// // Take 1 or 2: a heap of 3 is worth 0 and can still move.
/// let one_or_two = FnGame::new(|&n: &u32| (1..=2).filter(move |&t| t <= n).map(move |t| n - t));
/// assert!(zero_is_terminal(&one_or_two, &2));
/// assert!(!zero_is_terminal(&one_or_two, &5));
/// ```
///
/// # Constraints
/// The game is finite and acyclic from `position` (as for any Grundy value).
///
/// # Panics
/// If a cycle is reachable from `position`.
///
/// # Complexity
/// O(positions reachable + their moves) hash operations and calls of `moves`.
pub fn zero_is_terminal<G: ImpartialGame>(game: &G, position: &G::Position) -> bool {
    let mut memo = GrundyMemo::of(game);
    let mut seen = HashSet::new();
    let mut stack = vec![position.clone()];
    seen.insert(position.clone());
    while let Some(p) = stack.pop() {
        let next = game.moves(&p);
        if !next.is_empty() && memo.value(p).is_zero() {
            return false;
        }
        for q in next {
            if seen.insert(q.clone()) {
                stack.push(q);
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::FnGame;
    use testkit::search::{nim_moves, Search};
    use testkit::Rng;

    #[test]
    fn misere_nim_heaps_agree_with_search() {
        let mut rng = Rng::new(3511);
        let mut search = Search::misere(nim_moves);
        for _ in 0..500 {
            let mut heaps: Vec<u64> = (0..rng.range(0, 4)).map(|_| rng.range(1, 6)).collect();
            heaps.sort_unstable();
            let sum: AntiSg = heaps.iter().map(|&h| Nimber(h)).collect();
            assert_eq!(
                sum.outcome().first_player_wins(),
                search.mover_wins(heaps.clone()),
                "{:?}",
                heaps
            );
        }
    }

    #[test]
    fn the_nim_sum_is_the_normal_play_value_of_the_sum() {
        // Sprague–Grundy: the sum's normal-play value, by the mex over Nim's literal moves.
        let mut rng = Rng::new(3515);
        let mut memo = GrundyMemo::new(nim_moves);
        let mut nonzero = 0;
        for _ in 0..200 {
            let mut heaps: Vec<u64> = (0..rng.range(0, 4)).map(|_| rng.range(1, 6)).collect();
            heaps.sort_unstable();
            let sum: AntiSg = heaps.iter().map(|&h| Nimber(h)).collect();
            let value = memo.value(heaps.clone());
            assert_eq!(sum.nim_sum(), value, "{:?}", heaps);
            nonzero += usize::from(!value.is_zero());
        }
        assert!(nonzero > 100);
    }

    /// A random game on positions 0..n: position p moves to a random set of smaller ones.
    fn random_dag(rng: &mut Rng, n: usize) -> Vec<Vec<usize>> {
        (0..n)
            .map(|p| (0..p).filter(|_| rng.below(3) == 0).collect())
            .collect()
    }

    /// Misère search of a sum of components of one game, positions as sorted lists.
    fn misere_sum_search(
        moves: Vec<Vec<usize>>,
    ) -> Search<Vec<usize>, impl Fn(&Vec<usize>) -> Vec<Vec<usize>>> {
        Search::misere(move |sum: &Vec<usize>| {
            let mut next = Vec::new();
            for i in 0..sum.len() {
                for &q in &moves[sum[i]] {
                    let mut after = sum.clone();
                    after[i] = q;
                    after.sort_unstable();
                    next.push(after);
                }
            }
            next
        })
    }

    /// Compares the SJ rule with misère search on random sums of the positions of `moves`
    /// that satisfy the condition; returns how many of the sums had a value above 1 (the
    /// case where misère and normal play part ways least trivially).
    fn compare_on_game(rng: &mut Rng, moves: Vec<Vec<usize>>, sums: usize) -> usize {
        let game = FnGame::new(|&p: &usize| moves[p].clone());
        let mut memo = GrundyMemo::of(&game);
        let usable: Vec<usize> = (0..moves.len())
            .filter(|&p| zero_is_terminal(&game, &p))
            .collect();
        let mut search = misere_sum_search(moves.clone());
        let mut compared = 0;
        for _ in 0..sums {
            let mut sum: Vec<usize> = (0..rng.range(1, 3)).map(|_| *rng.pick(&usable)).collect();
            sum.sort_unstable();
            let rule: AntiSg = sum.iter().map(|&p| memo.value(p)).collect();
            assert_eq!(
                rule.outcome().first_player_wins(),
                search.mover_wins(sum.clone()),
                "{:?} in {:?}",
                sum,
                moves
            );
            compared += usize::from(
                rule.nim_sum().value() > 1 || sum.iter().any(|&p| memo.value(p).value() > 1),
            );
        }
        compared
    }

    #[test]
    fn sums_of_random_games_meeting_the_condition_agree_with_search() {
        let mut rng = Rng::new(3512);
        let mut compared = 0;
        for _ in 0..150 {
            let n = rng.range(1, 9) as usize;
            let moves = random_dag(&mut rng, n);
            compared += compare_on_game(&mut rng, moves, 20);
        }
        assert!(compared >= 300, "{} sums with a value above 1", compared);
    }

    #[test]
    fn sums_of_subtraction_games_meeting_the_condition_agree_with_search() {
        // Subtraction sets within 1..=5 on heaps up to 12; only heaps whose reachable zeros
        // are all terminal (e.g. {2, 3} up to 4, {1, 2, 3, 4, 5} up to 5) take part.
        let mut rng = Rng::new(3513);
        let mut compared = 0;
        for _ in 0..150 {
            let set: Vec<usize> = (1..=5).filter(|_| rng.below(2) == 0).collect();
            if set.is_empty() {
                continue;
            }
            let moves: Vec<Vec<usize>> = (0..=12)
                .map(|h: usize| set.iter().filter(|&&s| s <= h).map(|&s| h - s).collect())
                .collect();
            compared += compare_on_game(&mut rng, moves, 20);
        }
        assert!(compared >= 300, "{} sums with a value above 1", compared);
    }

    #[test]
    fn without_the_condition_the_rule_can_be_wrong() {
        // Some random game has a sum, with a value-0 component that can move, where the rule
        // and the search disagree: the condition is not a formality.
        let mut rng = Rng::new(3514);
        let mut found = false;
        for _ in 0..200 {
            let moves = random_dag(&mut rng, 6);
            let game = FnGame::new(|&p: &usize| moves[p].clone());
            let mut memo = GrundyMemo::of(&game);
            let mut search = misere_sum_search(moves.clone());
            for a in 0..6 {
                for b in a..6 {
                    let rule: AntiSg = vec![memo.value(a), memo.value(b)].into_iter().collect();
                    if rule.outcome().first_player_wins() != search.mover_wins(vec![a, b]) {
                        assert!(!zero_is_terminal(&game, &a) || !zero_is_terminal(&game, &b));
                        found = true;
                    }
                }
            }
        }
        assert!(found);
    }

    #[test]
    fn the_condition_checker_looks_at_every_reachable_position() {
        // 3 -> 2 -> 1 -> 0 and 3 -> 0: values 1, 0 (with a move), 1, 0.
        let moves = [vec![], vec![0], vec![1], vec![2, 0]];
        let game = FnGame::new(|&p: &usize| moves[p].clone());
        assert!(zero_is_terminal(&game, &0));
        assert!(zero_is_terminal(&game, &1));
        assert!(!zero_is_terminal(&game, &2));
        assert!(!zero_is_terminal(&game, &3)); // 3 itself is worth 1; 2 below it is not
    }
}
