//! Grundy values by dynamic programming: a table over integer states ([`grundy_table`]) and a
//! memoised search over any game with hashable positions ([`GrundyMemo`]).

use crate::game::{mex_search, FnGame, ImpartialGame};
use crate::mex::MexBuffer;
use crate::nimber::Nimber;
use std::collections::HashMap;
use std::hash::Hash;

/// Grundy values of states `0..n`, where every move from `x` leads to a smaller state.
///
/// `successors(x)` lists the states reachable from `x` in one move (duplicates are fine).
///
/// ```
/// use grundy::prelude::{grundy_table, Nimber};
/// // Subtraction game S = {1, 2}: values repeat 0, 1, 2.
/// let g = grundy_table(7, |x| [1, 2].iter().filter(move |&&s| s <= x).map(move |s| x - s));
/// assert_eq!(g, [0, 1, 2, 0, 1, 2, 0].map(Nimber));
/// ```
///
/// # Constraints
/// The table holds `n` values of 8 bytes; the caller bounds `n`.
///
/// # Panics
/// If a successor of `x` is not smaller than `x` (the order would not be bottom-up).
///
/// # Complexity
/// O(n + total number of moves) time, O(n) memory.
pub fn grundy_table<F, I>(n: usize, mut successors: F) -> Vec<Nimber>
where
    F: FnMut(usize) -> I,
    I: IntoIterator<Item = usize>,
{
    let mut table: Vec<Nimber> = Vec::with_capacity(n);
    let mut options: Vec<usize> = Vec::new();
    let mut seen = MexBuffer::new(16);
    for x in 0..n {
        options.clear();
        for s in successors(x) {
            assert!(
                s < x,
                "grundy_table: move from {} to {} does not lower the state",
                x,
                s
            );
            options.push(table[s].value() as usize);
        }
        // The mex is at most the number of options.
        seen.reserve(options.len() + 1);
        seen.clear();
        seen.insert_all(options.iter().copied());
        table.push(Nimber(seen.mex() as u64));
    }
    table
}

/// Memoised Grundy values of a game's positions, kept across queries.
///
/// Built from a move function ([`GrundyMemo::new`]) or from any [`ImpartialGame`]
/// ([`GrundyMemo::of`]). It computes every value by the mex over the moves, never by a game's
/// own [`ImpartialGame::value`], so it is also the literal search that closed forms are checked
/// against.
///
/// ```
/// use grundy::prelude::{GrundyMemo, Nimber};
/// // Two-heap Nim: the value is a ^ b.
/// let mut memo = GrundyMemo::new(|&(a, b): &(u8, u8)| {
///     let mut next: Vec<(u8, u8)> = (0..a).map(|x| (x, b)).collect();
///     next.extend((0..b).map(|y| (a, y)));
///     next
/// });
/// assert_eq!(memo.value((5, 3)), Nimber(5 ^ 3));
/// ```
///
/// # Constraints
/// The game must be finite and acyclic. The search uses an explicit stack, so deep games do not
/// overflow the call stack; memory grows with the number of distinct positions reached, which
/// the caller bounds.
///
/// # Panics
/// [`GrundyMemo::value`] panics if the game has a cycle reachable from the queried position.
///
/// # Complexity
/// O(positions reached + moves among them) hash operations over all queries together.
pub struct GrundyMemo<G: ImpartialGame> {
    game: G,
    memo: HashMap<G::Position, Nimber>,
}

impl<S, F, I> GrundyMemo<FnGame<S, F>>
where
    S: Clone + Eq + Hash,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
{
    /// A memo for the game whose moves from `position` are `moves(position)`.
    ///
    /// ```
    /// let mut memo = grundy::prelude::GrundyMemo::new(|&n: &u32| (1..=n.min(3)).map(move |s| n - s));
    /// assert_eq!(memo.value(5), grundy::prelude::Nimber(1));
    /// ```
    pub fn new(moves: F) -> Self {
        GrundyMemo::of(FnGame::new(moves))
    }
}

impl<G: ImpartialGame> GrundyMemo<G> {
    /// A memo for `game` (pass `&game` to keep using the game afterwards).
    ///
    /// ```
    /// use grundy::prelude::{GrundyMemo, ImpartialGame, Nimber};
    /// use grundy::take_exactly::TakeExactly;
    /// let game = TakeExactly::new(3);
    /// let mut memo = GrundyMemo::of(&game);
    /// assert_eq!(memo.value(7), game.value(&7));
    /// ```
    pub fn of(game: G) -> Self {
        GrundyMemo {
            game,
            memo: HashMap::new(),
        }
    }

    /// The Grundy value of `position`: the mex of its options' values.
    ///
    /// ```
    /// let mut memo = grundy::prelude::GrundyMemo::new(|&n: &u32| if n > 0 { vec![n - 1] } else { vec![] });
    /// assert!(memo.value(100_000).is_zero()); // deep chains do not overflow the stack
    /// ```
    ///
    /// # Panics
    /// If a cycle is reachable from `position`.
    ///
    /// # Complexity
    /// Amortised O(new positions + their moves) hash operations.
    pub fn value(&mut self, position: G::Position) -> Nimber {
        mex_search(&self.game, &mut self.memo, position, "GrundyMemo")
    }

    /// The number of positions whose value is memoised.
    ///
    /// ```
    /// let mut memo = grundy::prelude::GrundyMemo::new(|&n: &u8| (0..n).collect::<Vec<_>>());
    /// memo.value(4);
    /// assert_eq!(memo.len(), 5);
    /// ```
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether no position has been evaluated yet.
    ///
    /// ```
    /// let memo = grundy::prelude::GrundyMemo::new(|&n: &u8| (0..n).collect::<Vec<_>>());
    /// assert!(memo.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    fn random_set(rng: &mut Rng) -> Vec<usize> {
        let mut set: Vec<usize> = (0..rng.range(1, 3))
            .map(|_| rng.range(1, 5) as usize)
            .collect();
        set.sort_unstable();
        set.dedup();
        set
    }

    fn subtraction_table(set: &[usize], n: usize) -> Vec<Nimber> {
        grundy_table(n, |x| {
            set.iter().filter(move |&&s| s <= x).map(move |&s| x - s)
        })
    }

    /// Literal search of the sum of two subtraction games: does the mover win at (a, b)?
    fn sum_mover_wins(
        s1: &[usize],
        s2: &[usize],
        a: usize,
        b: usize,
        memo: &mut HashMap<(usize, usize), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(a, b)) {
            return w;
        }
        let left = s1
            .iter()
            .filter(|&&s| s <= a)
            .any(|&s| !sum_mover_wins(s1, s2, a - s, b, memo));
        let wins = left
            || s2
                .iter()
                .filter(|&&s| s <= b)
                .any(|&s| !sum_mover_wins(s1, s2, a, b - s, memo));
        memo.insert((a, b), wins);
        wins
    }

    #[test]
    fn the_sum_of_values_matches_search_of_the_sum_game() {
        let mut rng = Rng::new(21);
        for _ in 0..60 {
            let (s1, s2) = (random_set(&mut rng), random_set(&mut rng));
            let (t1, t2) = (subtraction_table(&s1, 25), subtraction_table(&s2, 25));
            let mut memo = HashMap::new();
            for (a, &ga) in t1.iter().enumerate() {
                for (b, &gb) in t2.iter().enumerate() {
                    assert_eq!(
                        !(ga + gb).is_zero(),
                        sum_mover_wins(&s1, &s2, a, b, &mut memo),
                        "{s1:?} {s2:?} {a} {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn memo_agrees_with_table() {
        let mut rng = Rng::new(22);
        for _ in 0..40 {
            let set = random_set(&mut rng);
            let table = subtraction_table(&set, 60);
            let moves = set.clone();
            let mut memo = GrundyMemo::new(move |&x: &usize| {
                moves
                    .iter()
                    .filter(|&&s| s <= x)
                    .map(|&s| x - s)
                    .collect::<Vec<_>>()
            });
            for x in (0..60).rev() {
                assert_eq!(memo.value(x), table[x], "{set:?} at {x}");
            }
        }
    }

    #[test]
    fn values_beyond_255_are_kept() {
        // Nim heap n has value n: every smaller heap is an option.
        let table = grundy_table(400, |x| 0..x);
        assert_eq!(table[399], Nimber(399));
        let mut memo = GrundyMemo::new(|&x: &u32| 0..x);
        assert_eq!(memo.value(300), Nimber(300));
    }

    #[test]
    fn table_and_memo_take_duplicate_moves() {
        let table = grundy_table(5, |x| if x > 0 { vec![x - 1, x - 1] } else { vec![] });
        assert_eq!(table, [0, 1, 0, 1, 0].map(Nimber));
    }

    #[test]
    #[should_panic(expected = "does not lower")]
    fn table_refuses_moves_upwards() {
        grundy_table(3, |x| vec![x]);
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn memo_detects_cycles() {
        GrundyMemo::new(|&x: &u8| vec![x ^ 1]).value(0);
    }
}
