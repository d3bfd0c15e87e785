//! Every-SG: sums where every turn the player moves in every component that can still move.
//!
//! # The rule
//! A position is a list of components of impartial games. On a turn the player to move must
//! make one move in **each** component that still has a move; the player who cannot move at
//! all (every component is finished) loses. So the game lasts as long as its longest
//! component, and whoever wins that component wins the sum: a player hurries in the
//! components they lose and delays in the ones they win.
//!
//! Each component position v gets a step count (the number of moves it lasts when the winner
//! of it delays and the loser hurries):
//! - step(v) = 0 if v has no move;
//! - step(v) = 1 + max{step(u) : u an option of v with step(u) even} if there is such an
//!   option (v is a win for its mover, who moves to a loss for the other and makes it last);
//! - step(v) = 1 + min{step(u) : u an option of v} otherwise (v is a loss: end it soonest).
//!
//! A step count is odd exactly when the position is a win for its mover under normal play.
//! The player to move wins the sum iff the largest step count among the components is odd.
//!
//! Source: Jia Zhihao (贾志豪), "组合游戏略述——浅谈SG游戏的若干拓展及变形", China national team
//! training papers, 2009 (the Every-SG game and its step function).
//!
//! ```
//! use grundy::every_sg::{outcome, step_table};
//! use grundy::prelude::Outcome;
//! // Take 1 or 2 from a heap: heap 3 is lost (step 2: 3 -> 2 -> 0, hurried); heap 4 is won
//! // and lasts 3 moves (4 -> 3 -> 2 -> 0, delayed).
//! let steps = step_table(6, |x| [1, 2].iter().filter(move |&&s| s <= x).map(move |s| x - s));
//! assert_eq!(steps, [0, 1, 1, 2, 3, 3]);
//! assert_eq!(outcome([steps[3], steps[4]]), Outcome::FirstPlayerWins);
//! assert_eq!(outcome([steps[3], steps[1]]), Outcome::SecondPlayerWins);
//! ```

use crate::game::{evaluate_post_order, ImpartialGame};
use crate::outcome::Outcome;
use std::collections::HashMap;

/// Step counts of the states `0..n` of a game in which every move from `x` leads to a smaller
/// state (`successors(x)` lists them; duplicates are fine): see the module's rule.
///
/// ```
/// use grundy::every_sg::step_table;
/// // A heap where a move takes any number: always won at once.
/// assert_eq!(step_table(4, |x| 0..x), [0, 1, 1, 1]);
/// ```
///
/// # Constraints
/// The table holds `n` counts of 8 bytes; the caller bounds `n`.
///
/// # Panics
/// If a successor of `x` is not smaller than `x`.
///
/// # Complexity
/// O(n + total number of moves) time, O(n) memory.
pub fn step_table<F, I>(n: usize, mut successors: F) -> Vec<u64>
where
    F: FnMut(usize) -> I,
    I: IntoIterator<Item = usize>,
{
    let mut steps: Vec<u64> = Vec::with_capacity(n);
    for x in 0..n {
        // The longest lost option (its step is even) and the shortest option of all.
        let mut longest_lost: Option<u64> = None;
        let mut shortest: Option<u64> = None;
        for s in successors(x) {
            assert!(
                s < x,
                "step_table: move from {} to {} does not lower the state",
                x,
                s
            );
            let step = steps[s];
            if step % 2 == 0 {
                longest_lost = Some(longest_lost.map_or(step, |m| m.max(step)));
            }
            shortest = Some(shortest.map_or(step, |m| m.min(step)));
        }
        steps.push(match (longest_lost, shortest) {
            (Some(lost), _) => lost + 1,
            (None, Some(short)) => short + 1,
            (None, None) => 0,
        });
    }
    steps
}

/// Who wins an Every-SG sum whose components have the given step counts: the player to move
/// iff the largest is odd (no component at all: the mover cannot move and loses).
///
/// ```
/// use grundy::every_sg::outcome;
/// use grundy::prelude::Outcome;
/// assert_eq!(outcome([2, 5, 4]), Outcome::FirstPlayerWins);
/// assert_eq!(outcome(Vec::new()), Outcome::SecondPlayerWins);
/// ```
///
/// # Complexity
/// O(number of components).
pub fn outcome<I: IntoIterator<Item = u64>>(steps: I) -> Outcome {
    let longest = steps.into_iter().max().unwrap_or(0);
    Outcome::from_first_player_wins(longest % 2 == 1)
}

/// Memoised step counts of any game's positions (the module's rule), kept across queries: for
/// games whose positions are not small integers ([`step_table`]).
///
/// ```
/// use grundy::every_sg::StepMemo;
/// use grundy::game::FnGame;
/// // Two heaps (a, b), a move takes 1 or 2 from one of them.
/// let mut memo = StepMemo::of(FnGame::new(|&(a, b): &(u32, u32)| {
///     let mut next = Vec::new();
///     for t in 1..=2 {
///         if a >= t { next.push((a - t, b)); }
///         if b >= t { next.push((a, b - t)); }
///     }
///     next
/// }));
/// assert_eq!(memo.steps((0, 0)), 0);
/// assert_eq!(memo.steps((1, 0)), 1);
/// assert_eq!(memo.steps((1, 1)), 2); // lost: both moves leave (1, 0) or (0, 1)
/// ```
///
/// # Constraints
/// The game is finite and acyclic. The search keeps its own stack, so deep games do not
/// overflow the call stack.
///
/// # Panics
/// [`StepMemo::steps`] panics if a cycle is reachable from the position.
///
/// # Complexity
/// O(positions reached + moves among them) hash operations over all queries together.
pub struct StepMemo<G: ImpartialGame> {
    game: G,
    memo: HashMap<G::Position, u64>,
}

impl<G: ImpartialGame> StepMemo<G> {
    /// A memo for `game` (pass `&game` to keep using the game afterwards).
    pub fn of(game: G) -> Self {
        StepMemo {
            game,
            memo: HashMap::new(),
        }
    }

    /// The step count of `position`.
    pub fn steps(&mut self, position: G::Position) -> u64 {
        evaluate_post_order(
            &self.game,
            &mut self.memo,
            position,
            "StepMemo",
            |options, memo| {
                let steps = options.iter().map(|p| memo[p]);
                let longest_lost = steps.clone().filter(|s| s % 2 == 0).max();
                match (longest_lost, steps.min()) {
                    (Some(lost), _) => lost + 1,
                    (None, Some(short)) => short + 1,
                    (None, None) => 0,
                }
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::FnGame;
    use testkit::search::Search;
    use testkit::Rng;

    /// A random game on states 0..n: state x moves to a random set of smaller states.
    fn random_dag(rng: &mut Rng, n: usize) -> Vec<Vec<usize>> {
        (0..n)
            .map(|x| (0..x).filter(|_| rng.below(3) == 0).collect())
            .collect()
    }

    /// Literal Every-SG moves: one move in every component that has one, in every combination.
    fn every_moves(game: &[Vec<usize>], sum: &[usize]) -> Vec<Vec<usize>> {
        let mut partial: Vec<Vec<usize>> = vec![Vec::new()];
        for &c in sum {
            let options: Vec<usize> = if game[c].is_empty() {
                vec![c]
            } else {
                game[c].clone()
            };
            partial = partial
                .iter()
                .flat_map(|p| {
                    options.iter().map(move |&o| {
                        let mut q = p.clone();
                        q.push(o);
                        q
                    })
                })
                .collect();
        }
        if sum.iter().all(|&c| game[c].is_empty()) {
            return Vec::new();
        }
        partial
            .into_iter()
            .map(|mut q| {
                q.sort_unstable();
                q
            })
            .collect()
    }

    #[test]
    fn sums_of_random_games_agree_with_search() {
        let mut rng = Rng::new(3531);
        let mut firsts = 0;
        let mut seconds = 0;
        for _ in 0..150 {
            let n = rng.range(1, 8) as usize;
            let game = random_dag(&mut rng, n);
            let steps = step_table(n, |x| game[x].clone());
            let mut memo = StepMemo::of(FnGame::new(|&x: &usize| game[x].clone()));
            let moves_of = game.clone();
            let mut search = Search::normal(move |s: &Vec<usize>| every_moves(&moves_of, s));
            for _ in 0..15 {
                let mut sum: Vec<usize> = (0..rng.range(1, 3))
                    .map(|_| rng.below(n as u64) as usize)
                    .collect();
                sum.sort_unstable();
                let wins = search.mover_wins(sum.clone());
                let rule = outcome(sum.iter().map(|&c| steps[c]));
                assert_eq!(rule.first_player_wins(), wins, "{:?} in {:?}", sum, game);
                let memo_rule = outcome(sum.iter().map(|&c| memo.steps(c)));
                assert_eq!(memo_rule, rule, "{:?} in {:?}", sum, game);
                if wins {
                    firsts += 1;
                } else {
                    seconds += 1;
                }
            }
        }
        assert!(firsts > 100 && seconds > 100);
    }

    #[test]
    fn a_step_is_odd_iff_its_state_is_a_normal_play_win() {
        let mut rng = Rng::new(3532);
        for _ in 0..100 {
            let n = rng.range(1, 12) as usize;
            let game = random_dag(&mut rng, n);
            let steps = step_table(n, |x| game[x].clone());
            let moves_of = game.clone();
            let mut search = Search::normal(move |&x: &usize| moves_of[x].clone());
            for (x, &s) in steps.iter().enumerate() {
                assert_eq!(s % 2 == 1, search.mover_wins(x), "{} in {:?}", x, game);
            }
        }
    }

    #[test]
    fn the_memo_walks_a_deep_game_without_recursion() {
        // A chain of 200,000 forced moves: lost positions at even distances from the end.
        let mut memo = StepMemo::of(FnGame::new(|&n: &u32| n.checked_sub(1)));
        assert_eq!(memo.steps(200_000), 200_000);
    }

    #[test]
    #[should_panic(expected = "the game has a cycle")]
    fn the_memo_names_a_cycle() {
        StepMemo::of(FnGame::new(|&n: &u32| Some((n + 1) % 3))).steps(0);
    }

    #[test]
    #[should_panic(expected = "does not lower the state")]
    fn a_move_upwards_is_refused() {
        step_table(3, |x| vec![x]);
    }
}
