//! Nim: the value of heaps, the winning moves of a position, and misère Nim.

use crate::anti_sg::AntiSg;
use crate::game::ImpartialGame;
use crate::nimber::Nimber;
use crate::outcome::Outcome;

/// One Nim heap as an [`ImpartialGame`]: the position is the heap's size, a move leaves any
/// smaller size, and a heap of n is worth `*n`. Heaps together are
/// [`SumGame(Nim)`](crate::game::SumGame), or [`nim_sum`].
///
/// ```
/// use grundy::nim::Nim;
/// use grundy::prelude::{ImpartialGame, Nimber};
/// assert_eq!(Nim.moves(&3), vec![0, 1, 2]);
/// assert_eq!(Nim.value(&1_000_000_000_000), Nimber(1_000_000_000_000));
/// ```
///
/// # Constraints
/// [`ImpartialGame::moves`] lists every smaller heap: it is for brute forces over small heaps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

impl ImpartialGame for Nim {
    type Position = u64;

    fn moves(&self, &heap: &u64) -> Vec<u64> {
        (0..heap).collect()
    }

    fn value(&self, &heap: &u64) -> Nimber {
        Nimber(heap)
    }
}

/// The value of Nim heaps of the given sizes: their nim-sum (bitwise XOR), the sum of the
/// nimbers `*h`.
///
/// ```
/// use grundy::prelude::{nim_sum, Nimber};
/// assert_eq!(nim_sum([3, 5, 1]), Nimber(7));
/// assert_eq!(nim_sum(Vec::new()), Nimber::ZERO);
/// ```
///
/// # Complexity
/// O(number of heaps).
pub fn nim_sum<I: IntoIterator<Item = u64>>(heaps: I) -> Nimber {
    heaps.into_iter().map(Nimber).sum()
}

/// The value of coins on numbered squares, where a move slides one coin from square i >= 1 to
/// any square j < i (SPOJ QCJ3): each coin on square i is a Nim heap of size i, so coins on the
/// same square cancel in pairs and the value is the XOR of the squares holding an odd count.
///
/// `coins` lists (square, number of coins on it); a square may appear more than once.
///
/// ```
/// use grundy::nim::coins_on_squares_value;
/// use grundy::prelude::Nimber;
/// assert_eq!(coins_on_squares_value([(1, 1)]), Nimber(1));
/// assert_eq!(coins_on_squares_value([(1, 2)]), Nimber(0));
/// assert_eq!(coins_on_squares_value([(2, 3), (3, 1), (0, 5)]), Nimber(2 ^ 3));
/// ```
///
/// # Complexity
/// O(number of entries).
pub fn coins_on_squares_value<I: IntoIterator<Item = (u64, u64)>>(coins: I) -> Nimber {
    coins
        .into_iter()
        .map(|(square, count)| Nimber(square).copies(count))
        .sum()
}

/// Misère Nim, where whoever takes the last object loses: its outcome, accumulated heap by heap
/// (for heaps read one at a time) or collected from an iterator.
///
/// When every heap has at most one object the mover loses iff the number of 1-heaps is odd;
/// otherwise the mover loses iff the nim-sum is 0 (Bouton). This is the SJ theorem
/// ([`crate::anti_sg`]) for heaps, whose values are their sizes and where only the empty heap
/// is worth 0, and it is computed by [`AntiSg`]. Empty heaps are allowed and ignored; with no
/// objects at all the mover cannot move and, under misère play, wins.
///
/// ```
/// use grundy::nim::MisereNim;
/// use grundy::prelude::Outcome;
/// let mut game = MisereNim::default();
/// [3, 5, 1].iter().for_each(|&h| game.add(h));
/// assert_eq!(game.outcome(), Outcome::FirstPlayerWins);
/// let heaps = [1u64];
/// assert_eq!(heaps.iter().copied().collect::<MisereNim>().outcome(), Outcome::SecondPlayerWins);
/// ```
///
/// # Complexity
/// O(1) per heap and for the outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MisereNim {
    sum: AntiSg,
}

impl MisereNim {
    /// Adds a heap of `heap` objects.
    ///
    /// ```
    /// let mut game = grundy::nim::MisereNim::default();
    /// game.add(1);
    /// game.add(1);
    /// assert!(game.outcome().first_player_wins()); // take one, leave the last to the other
    /// ```
    pub fn add(&mut self, heap: u64) {
        self.sum.add(Nimber(heap));
    }

    /// The outcome of the heaps added so far.
    ///
    /// ```
    /// use grundy::nim::MisereNim;
    /// use grundy::prelude::Outcome;
    /// assert_eq!(MisereNim::default().outcome(), Outcome::FirstPlayerWins); // nothing to take
    /// ```
    pub fn outcome(&self) -> Outcome {
        self.sum.outcome()
    }
}

impl std::iter::FromIterator<u64> for MisereNim {
    fn from_iter<I: IntoIterator<Item = u64>>(heaps: I) -> Self {
        let mut game = MisereNim::default();
        heaps.into_iter().for_each(|h| game.add(h));
        game
    }
}

/// One move in Nim: reduce heap `heap` to `to` objects.
///
/// ```
/// let m = grundy::nim::NimMove { heap: 1, to: 0 };
/// assert_eq!(grundy::nim::winning_moves(&[0, 4]), vec![m]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NimMove {
    /// Index of the heap in the position.
    pub heap: usize,
    /// The heap's size after the move (smaller than before).
    pub to: u64,
}

/// Every winning move of a normal-play Nim position, in heap order; empty when the nim-sum is 0.
///
/// A move is winning iff it leaves nim-sum 0, so heap `i` is reduced to `h[i] ^ s` whenever that
/// is smaller than `h[i]`, where `s` is the nim-sum.
///
/// ```
/// use grundy::nim::{winning_moves, NimMove};
/// assert_eq!(winning_moves(&[3, 4, 5]), vec![NimMove { heap: 0, to: 1 }]);
/// assert!(winning_moves(&[1, 2, 3]).is_empty());
/// ```
///
/// # Complexity
/// O(number of heaps).
pub fn winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    let s = nim_sum(heaps.iter().copied()).value();
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ s < h)
        .map(|(heap, &h)| NimMove { heap, to: h ^ s })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SumGame;
    use crate::values::GrundyMemo;
    use std::collections::HashMap;
    use testkit::Rng;

    /// Literal game-tree search of Nim over sorted heap vectors: does the mover win?
    fn mover_wins(
        heaps: &mut [u64],
        misere: bool,
        memo: &mut HashMap<(Vec<u64>, bool), bool>,
    ) -> bool {
        heaps.sort_unstable();
        if let Some(&w) = memo.get(&(heaps.to_vec(), misere)) {
            return w;
        }
        let total: u64 = heaps.iter().sum();
        let wins = if total == 0 {
            // No move: the mover loses normal play and wins misère play.
            misere
        } else {
            let mut any = false;
            'search: for i in 0..heaps.len() {
                for to in 0..heaps[i] {
                    let mut next = heaps.to_vec();
                    next[i] = to;
                    if !mover_wins(&mut next, misere, memo) {
                        any = true;
                        break 'search;
                    }
                }
            }
            any
        };
        memo.insert((heaps.to_vec(), misere), wins);
        wins
    }

    fn random_heaps(rng: &mut Rng) -> Vec<u64> {
        (0..rng.range(1, 4)).map(|_| rng.below(7)).collect()
    }

    #[test]
    fn misere_rule_matches_game_tree_search() {
        let mut rng = Rng::new(11);
        let mut memo = HashMap::new();
        for _ in 0..400 {
            let heaps = random_heaps(&mut rng);
            let searched = mover_wins(&mut heaps.to_vec(), true, &mut memo);
            let collected: MisereNim = heaps.iter().copied().collect();
            assert_eq!(
                collected.outcome().first_player_wins(),
                searched,
                "{heaps:?}"
            );
        }
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_losing_positions() {
        let mut rng = Rng::new(12);
        let mut memo = HashMap::new();
        for _ in 0..300 {
            let heaps = random_heaps(&mut rng);
            let mut expected = Vec::new();
            for (heap, &h) in heaps.iter().enumerate() {
                for to in 0..h {
                    let mut next = heaps.to_vec();
                    next[heap] = to;
                    if !mover_wins(&mut next, false, &mut memo) {
                        expected.push(NimMove { heap, to });
                    }
                }
            }
            assert_eq!(winning_moves(&heaps), expected, "{heaps:?}");
        }
    }

    #[test]
    fn nim_value_is_the_searched_value_and_nim_sum_is_the_value_of_the_sum() {
        let mut rng = Rng::new(13);
        let mut memo = GrundyMemo::of(SumGame(Nim));
        let mut plain = HashMap::new();
        for _ in 0..300 {
            let heaps = random_heaps(&mut rng);
            assert_eq!(
                nim_sum(heaps.iter().copied()),
                memo.value(heaps.clone()),
                "{heaps:?}"
            );
            assert_eq!(
                !nim_sum(heaps.iter().copied()).is_zero(),
                mover_wins(&mut heaps.to_vec(), false, &mut plain),
                "{heaps:?}"
            );
        }
        for heap in 0..40 {
            assert_eq!(Nim.value(&heap), GrundyMemo::of(Nim).value(heap));
        }
    }

    #[test]
    fn coins_on_squares_match_the_game_of_single_coins() {
        // Each coin is a Nim heap of its square's number; count copies literally.
        let mut rng = Rng::new(14);
        for _ in 0..200 {
            let coins: Vec<(u64, u64)> = (0..rng.below(4))
                .map(|_| (rng.below(6), rng.below(4)))
                .collect();
            let heaps: Vec<u64> = coins
                .iter()
                .flat_map(|&(square, count)| std::iter::repeat(square).take(count as usize))
                .collect();
            assert_eq!(
                coins_on_squares_value(coins.clone()),
                nim_sum(heaps),
                "{coins:?}"
            );
        }
    }
}
