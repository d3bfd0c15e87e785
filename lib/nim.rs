//! Nim: nim-sums, the winning moves of a position, and misère Nim.

use crate::outcome::Outcome;

/// The nim-sum (bitwise XOR) of heap sizes or Grundy values.
///
/// ```
/// use grundy::nim_sum;
/// assert_eq!(nim_sum([3, 5, 1]), 7);
/// assert_eq!(nim_sum(Vec::<u64>::new()), 0);
/// ```
///
/// # Complexity
/// O(number of values).
pub fn nim_sum<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// The nim-sum of `count` copies of the value `g`: equal values cancel in pairs.
///
/// ```
/// use grundy::nim_sum_of_copies;
/// assert_eq!(nim_sum_of_copies(5, 3), 5);
/// assert_eq!(nim_sum_of_copies(5, 1_000_000_000_000_000_000), 0);
/// ```
///
/// # Complexity
/// O(1).
pub fn nim_sum_of_copies(g: u64, count: u64) -> u64 {
    if count % 2 == 1 {
        g
    } else {
        0
    }
}

/// The value of coins on numbered squares, where a move slides one coin from square i >= 1 to
/// any square j < i (SPOJ QCJ3): each coin on square i is a Nim heap of size i, so coins on the
/// same square cancel in pairs and the value is the XOR of the squares holding an odd count.
///
/// `coins` lists (square, number of coins on it); a square may appear more than once.
///
/// ```
/// use grundy::nim::coins_on_squares_value;
/// assert_eq!(coins_on_squares_value([(1, 1)]), 1);
/// assert_eq!(coins_on_squares_value([(1, 2)]), 0);
/// assert_eq!(coins_on_squares_value([(2, 3), (3, 1), (0, 5)]), 2 ^ 3);
/// ```
///
/// # Complexity
/// O(number of entries).
pub fn coins_on_squares_value<I: IntoIterator<Item = (u64, u64)>>(coins: I) -> u64 {
    nim_sum(
        coins
            .into_iter()
            .map(|(square, count)| nim_sum_of_copies(square, count)),
    )
}

/// Misère Nim's outcome accumulated heap by heap, for heaps read one at a time.
///
/// ```
/// use grundy::nim::MisereNim;
/// let mut game = MisereNim::default();
/// [3, 5, 1].iter().for_each(|&h| game.add(h));
/// assert_eq!(game.outcome(), grundy::misere_nim_outcome(&[3, 5, 1]));
/// ```
///
/// # Complexity
/// O(1) per heap and for the outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MisereNim {
    nim_sum: u64,
    big_heaps: u64,
    heaps_of_one: u64,
}

impl MisereNim {
    /// Adds a heap.
    pub fn add(&mut self, heap: u64) {
        self.nim_sum ^= heap;
        if heap > 1 {
            self.big_heaps += 1;
        } else if heap == 1 {
            self.heaps_of_one += 1;
        }
    }

    /// The outcome of the heaps added so far, as [`misere_nim_outcome`] gives it.
    pub fn outcome(&self) -> Outcome {
        if self.big_heaps == 0 {
            Outcome::from_first_player_wins(self.heaps_of_one % 2 == 0)
        } else {
            Outcome::from_grundy(self.nim_sum)
        }
    }
}

/// One move in Nim: reduce heap `heap` to `to` objects.
///
/// ```
/// let m = grundy::NimMove { heap: 1, to: 0 };
/// assert_eq!(grundy::winning_moves(&[0, 4]), vec![m]);
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
/// use grundy::{winning_moves, NimMove};
/// assert_eq!(winning_moves(&[3, 4, 5]), vec![NimMove { heap: 0, to: 1 }]);
/// assert!(winning_moves(&[1, 2, 3]).is_empty());
/// ```
///
/// # Complexity
/// O(number of heaps).
pub fn winning_moves(heaps: &[u64]) -> Vec<NimMove> {
    let s = nim_sum(heaps.iter().copied());
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ s < h)
        .map(|(heap, &h)| NimMove { heap, to: h ^ s })
        .collect()
}

/// The outcome of misère Nim, where whoever takes the last object loses.
///
/// When every heap has at most one object the mover loses iff the number of 1-heaps is odd;
/// otherwise the mover loses iff the nim-sum is 0 (Bouton). Empty heaps are allowed and ignored;
/// with no objects at all the mover cannot move and, under misère play, wins.
///
/// ```
/// use grundy::{misere_nim_outcome, Outcome};
/// assert_eq!(misere_nim_outcome(&[1]), Outcome::SecondPlayerWins);
/// assert_eq!(misere_nim_outcome(&[3, 5, 1]), Outcome::FirstPlayerWins);
/// assert_eq!(misere_nim_outcome(&[1, 1]), Outcome::FirstPlayerWins);
/// ```
///
/// # Complexity
/// O(number of heaps).
pub fn misere_nim_outcome(heaps: &[u64]) -> Outcome {
    let mut game = MisereNim::default();
    heaps.iter().for_each(|&h| game.add(h));
    game.outcome()
}

#[cfg(test)]
mod tests {
    use super::*;
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
            assert_eq!(
                misere_nim_outcome(&heaps).first_player_wins(),
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
    fn copies_cancel_in_pairs() {
        for count in 0..10u64 {
            let literal = nim_sum(std::iter::repeat(6).take(count as usize));
            assert_eq!(nim_sum_of_copies(6, count), literal);
        }
    }
}
