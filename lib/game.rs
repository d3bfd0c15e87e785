//! [`ImpartialGame`]: a game's rules as moves between positions, with its Grundy value and
//! outcome.
//!
//! A family implements [`ImpartialGame::moves`] (the rules, literally) and, where it knows a
//! closed form or a table, overrides [`ImpartialGame::value`]. The default value is a memoised
//! mex search over the moves (the one [`GrundyMemo`](crate::values::GrundyMemo) keeps), so any
//! finite acyclic game with hashable positions has a value, and a family's fast value can be
//! checked against its own moves:
//!
//! ```
//! use grundy::prelude::{GrundyMemo, ImpartialGame};
//! use grundy::divisor::Tower;
//! let mut search = GrundyMemo::of(Tower); // values from the moves alone
//! assert!((1..200).all(|h| Tower.value(&h) == search.value(h)));
//! ```
//!
//! A brute force for a judge problem can search the same moves for a win or a loss without
//! Grundy values (as testkit's `Search` does), independent of the theory it checks:
//!
//! ```
//! use grundy::prelude::ImpartialGame;
//! use grundy::take_exactly::TakeExactly;
//! /// Whether the player to move wins, by trying every move.
//! fn mover_wins<G: ImpartialGame>(game: &G, position: &G::Position) -> bool {
//!     game.moves(position).iter().any(|next| !mover_wins(game, next))
//! }
//! let game = TakeExactly::new(2);
//! assert!((0..30).all(|heap| mover_wins(&game, &heap) == game.outcome(&heap).first_player_wins()));
//! ```

use crate::mex::MexBuffer;
use crate::nimber::Nimber;
use crate::outcome::Outcome;
use std::collections::{HashMap, HashSet};
use std::hash::Hash;
use std::marker::PhantomData;

/// An impartial game under normal play: both players have the same moves, and a player with no
/// move loses.
///
/// The implementing value holds the rules (a subtraction set, a board size, …) and
/// [`ImpartialGame::Position`] a position of the game.
///
/// ```
/// use grundy::prelude::{ImpartialGame, Nimber, Outcome};
/// /// Take one or two objects from a heap.
/// struct OneOrTwo;
/// impl ImpartialGame for OneOrTwo {
///     type Position = u32;
///     fn moves(&self, &heap: &u32) -> Vec<u32> {
///         (1..=2).filter(|&t| t <= heap).map(|t| heap - t).collect()
///     }
/// }
/// assert_eq!(OneOrTwo.value(&4), Nimber(1)); // by the default memoised search
/// assert_eq!(OneOrTwo.outcome(&6), Outcome::SecondPlayerWins);
/// ```
///
/// # Constraints
/// The game is finite and acyclic: every line of play ends.
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// The positions reachable from `position` in one move (duplicates are allowed); empty when
    /// the player to move has lost.
    ///
    /// ```
    /// use grundy::divisor::Tower;
    /// use grundy::prelude::ImpartialGame;
    /// assert_eq!(Tower.moves(&6), vec![1, 2, 3]);
    /// assert!(Tower.moves(&1).is_empty());
    /// ```
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The Grundy value of `position`. The default searches every position reachable from it
    /// (as [`GrundyMemo`](crate::values::GrundyMemo) does, memo dropped afterwards; keep a
    /// `GrundyMemo::of(&game)` to share it between queries); families with a closed form or a
    /// table override it.
    ///
    /// ```
    /// use grundy::game::FnGame;
    /// use grundy::prelude::{ImpartialGame, Nimber};
    /// // The divide game: n becomes n / 2, n / 3 or n / 6 (no closed form: the default search).
    /// let divide = FnGame::new(|&n: &u64| if n == 0 { vec![] } else { vec![n / 2, n / 3, n / 6] });
    /// assert_eq!(divide.value(&5), Nimber(3));
    /// ```
    ///
    /// # Panics
    /// The default panics if a cycle is reachable from `position`.
    ///
    /// # Complexity
    /// The default: O(positions reachable + their moves) hash operations per call.
    fn value(&self, position: &Self::Position) -> Nimber {
        // GrundyMemo's search with a memo of its own, so the panic names GrundyMemo.
        mex_search(&self, &mut HashMap::new(), position.clone(), "GrundyMemo")
    }

    /// Who wins from `position` under normal play: the player to move iff the value is not 0.
    ///
    /// ```
    /// use grundy::take_exactly::TakeExactly;
    /// use grundy::prelude::{ImpartialGame, Outcome};
    /// assert_eq!(TakeExactly::new(2).outcome(&5), Outcome::SecondPlayerWins); // two moves
    /// ```
    fn outcome(&self, position: &Self::Position) -> Outcome {
        Outcome::from_grundy(self.value(position))
    }
}

/// A borrowed game is the same game, so `GrundyMemo::of(&game)` leaves `game` usable.
impl<G: ImpartialGame + ?Sized> ImpartialGame for &G {
    type Position = G::Position;

    fn moves(&self, position: &G::Position) -> Vec<G::Position> {
        (**self).moves(position)
    }

    fn value(&self, position: &G::Position) -> Nimber {
        (**self).value(position)
    }
}

/// The game whose moves are given by a function: what
/// [`GrundyMemo::new`](crate::values::GrundyMemo::new) builds.
///
/// ```
/// use grundy::game::FnGame;
/// use grundy::prelude::{ImpartialGame, Nimber};
/// let nim_heap = FnGame::new(|&n: &u8| 0..n);
/// assert_eq!(nim_heap.moves(&3), vec![0, 1, 2]);
/// assert_eq!(nim_heap.value(&9), Nimber(9));
/// ```
pub struct FnGame<S, F> {
    moves: F,
    position: PhantomData<fn(&S)>,
}

impl<S, F, I> FnGame<S, F>
where
    S: Clone + Eq + Hash,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
{
    /// The game whose moves from `position` are `moves(position)`.
    ///
    /// ```
    /// let chain = grundy::game::FnGame::new(|&n: &u32| n.checked_sub(1));
    /// assert!(grundy::prelude::ImpartialGame::value(&chain, &10).is_zero());
    /// ```
    pub fn new(moves: F) -> Self {
        FnGame {
            moves,
            position: PhantomData,
        }
    }
}

impl<S, F, I> ImpartialGame for FnGame<S, F>
where
    S: Clone + Eq + Hash,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
{
    type Position = S;

    fn moves(&self, position: &S) -> Vec<S> {
        (self.moves)(position).into_iter().collect()
    }
}

/// The disjunctive sum of positions of one game: a position is a list of components, and a
/// move is a move in one of them. Its value is the sum of the components' values
/// (Sprague–Grundy), each by the component game's own [`ImpartialGame::value`].
///
/// ```
/// use grundy::game::SumGame;
/// use grundy::nim::Nim;
/// use grundy::prelude::{ImpartialGame, Nimber};
/// let nim = SumGame(Nim);
/// assert_eq!(nim.value(&vec![3, 4, 5]), Nimber(2));
/// assert_eq!(nim.moves(&vec![1, 2]), vec![vec![0, 2], vec![1, 0], vec![1, 1]]);
/// ```
///
/// # Complexity
/// `value`: the components' values. `moves`: each component's moves, copying the list once a
/// move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SumGame<G>(pub G);

impl<G: ImpartialGame> ImpartialGame for SumGame<G> {
    type Position = Vec<G::Position>;

    fn moves(&self, position: &Vec<G::Position>) -> Vec<Vec<G::Position>> {
        let mut next = Vec::new();
        for (i, component) in position.iter().enumerate() {
            for moved in self.0.moves(component) {
                let mut after = position.clone();
                after[i] = moved;
                next.push(after);
            }
        }
        next
    }

    fn value(&self, position: &Vec<G::Position>) -> Nimber {
        position.iter().map(|c| self.0.value(c)).sum()
    }
}

/// The Grundy value of `position` by the mex over its moves, each position reached memoised in
/// `memo`: the search behind the default [`ImpartialGame::value`] and `values::GrundyMemo`.
///
/// # Panics
/// If a cycle is reachable from `position` (the message names `who`).
///
/// # Complexity
/// Amortised O(new positions + their moves) hash operations.
pub(crate) fn mex_search<G: ImpartialGame>(
    game: &G,
    memo: &mut HashMap<G::Position, Nimber>,
    position: G::Position,
    who: &str,
) -> Nimber {
    let mut seen = MexBuffer::new(16);
    evaluate_post_order(game, memo, position, who, |options, memo| {
        seen.reserve(options.len() + 1);
        seen.clear();
        seen.insert_all(options.iter().map(|p| memo[p].value() as usize));
        Nimber(seen.mex() as u64)
    })
}

/// The memoised evaluation behind [`mex_search`] and `every_sg::StepMemo`: `position`'s result
/// by an explicit-stack depth-first search over `game`'s moves, each new position's result
/// computed by `combine` from its options (all evaluated by then, found in `memo`) and stored
/// in `memo`. An explicit stack, because a chain of positions may be far deeper than the
/// thread's stack.
///
/// # Panics
/// If a cycle is reachable from `position` (the message names `who`).
///
/// # Complexity
/// Amortised O(new positions + their moves) hash operations and `combine` calls.
pub(crate) fn evaluate_post_order<G, T, F>(
    game: &G,
    memo: &mut HashMap<G::Position, T>,
    position: G::Position,
    who: &str,
    mut combine: F,
) -> T
where
    G: ImpartialGame,
    T: Copy,
    F: FnMut(&[G::Position], &HashMap<G::Position, T>) -> T,
{
    if let Some(&known) = memo.get(&position) {
        return known;
    }
    // Each frame: a position and its moves, with the index of the next one to visit.
    let mut stack: Vec<(G::Position, Vec<G::Position>, usize)> = Vec::new();
    let mut on_stack: HashSet<G::Position> = HashSet::new();
    let root = position.clone();
    let first = game.moves(&position);
    on_stack.insert(position.clone());
    stack.push((position, first, 0));
    while let Some((_, next, index)) = stack.last_mut() {
        if let Some(child) = next.get(*index).cloned() {
            *index += 1;
            if memo.contains_key(&child) {
                continue;
            }
            assert!(!on_stack.contains(&child), "{}: the game has a cycle", who);
            let grandchildren = game.moves(&child);
            on_stack.insert(child.clone());
            stack.push((child, grandchildren, 0));
        } else {
            let (done, options, _) = stack.pop().expect("stack is not empty");
            let result = combine(&options, memo);
            on_stack.remove(&done);
            memo.insert(done, result);
        }
    }
    memo[&root]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::take_exactly::TakeExactly;
    use crate::values::GrundyMemo;
    use testkit::search::Search;
    use testkit::Rng;

    /// One heap from which a move takes 1 or 3: no closed form given, so values come from the
    /// default search.
    struct OneOrThree;
    impl ImpartialGame for OneOrThree {
        type Position = u32;
        fn moves(&self, &heap: &u32) -> Vec<u32> {
            [1, 3]
                .iter()
                .filter(|&&t| t <= heap)
                .map(|&t| heap - t)
                .collect()
        }
    }

    #[test]
    fn the_default_value_is_the_mex_over_the_moves() {
        // Take 1 or 3: every move changes the parity, so the values alternate 0, 1.
        for heap in 0..50u32 {
            assert_eq!(OneOrThree.value(&heap), Nimber(u64::from(heap % 2)));
        }
        let chain = FnGame::new(|&n: &u32| n.checked_sub(1));
        assert_eq!(chain.value(&7), Nimber(1));
        let borrowed: &OneOrThree = &OneOrThree;
        assert_eq!(ImpartialGame::value(&borrowed, &3), Nimber(1));
    }

    #[test]
    fn a_sum_is_worth_the_sum_of_its_components_and_wins_as_searched() {
        // Components with their own closed form: take exactly 2 and take exactly 3.
        let sum = SumGame(TakeExactly::new(2));
        let mut search = Search::normal(|p: &Vec<u64>| sum.moves(p));
        let mut memo = GrundyMemo::of(&sum);
        let mut rng = Rng::new(1819);
        for _ in 0..300 {
            let heaps: Vec<u64> = (0..rng.range(0, 3)).map(|_| rng.below(12)).collect();
            let value = sum.value(&heaps);
            assert_eq!(value, memo.value(heaps.clone()), "{heaps:?}");
            assert_eq!(
                sum.outcome(&heaps).first_player_wins(),
                search.mover_wins(heaps.clone()),
                "{heaps:?}"
            );
        }
    }

    #[test]
    fn a_sum_of_games_without_closed_forms() {
        let sum = SumGame(OneOrThree);
        let mut search = Search::normal(|p: &Vec<u32>| sum.moves(p));
        for a in 0..8 {
            for b in 0..8 {
                let heaps = vec![a, b];
                assert_eq!(
                    sum.value(&heaps),
                    Nimber(u64::from((a + b) % 2)),
                    "{heaps:?}"
                );
                assert_eq!(
                    sum.outcome(&heaps).first_player_wins(),
                    search.mover_wins(heaps.clone())
                );
            }
        }
        assert!(sum.moves(&vec![]).is_empty());
        assert!(sum.value(&vec![]).is_zero());
    }
}
