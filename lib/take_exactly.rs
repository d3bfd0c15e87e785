//! Heaps from which a move takes exactly one fixed number of objects (the piles of RESN04):
//! play is forced, so only the number of moves matters.

use crate::game::ImpartialGame;
use crate::nimber::Nimber;

/// The Grundy value of a heap of `heap` objects when the only move takes exactly `take`
/// objects: ⌊heap / take⌋ mod 2.
///
/// Why: every move is forced, so the game lasts exactly ⌊heap / take⌋ moves and the values
/// alternate 0, 1, 0, … along the only line of play (the mex of {0} is 1, of {1} is 0).
///
/// ```
/// use grundy::take_exactly;
/// use grundy::prelude::Nimber;
/// assert_eq!(take_exactly::value(5, 2), Nimber(0)); // two moves
/// assert_eq!(take_exactly::value(7, 3), Nimber(0));
/// assert_eq!(take_exactly::value(9, 3), Nimber(1));
/// assert_eq!(take_exactly::value(1, 2), Nimber(0));
/// ```
///
/// # Panics
/// If `take` is 0.
///
/// # Complexity
/// O(1).
pub fn value(heap: u64, take: u64) -> Nimber {
    assert!(take > 0, "a move takes at least one object");
    Nimber((heap / take) % 2)
}

/// The heap game where a move takes exactly `take` objects, as an [`ImpartialGame`]: the
/// position is the heap's size and the value is [`value`].
///
/// ```
/// use grundy::take_exactly::TakeExactly;
/// use grundy::prelude::{ImpartialGame, Nimber};
/// let game = TakeExactly::new(3);
/// assert_eq!(game.moves(&7), vec![4]);
/// assert!(game.moves(&2).is_empty());
/// assert_eq!(game.value(&7), Nimber(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeExactly {
    take: u64,
}

impl TakeExactly {
    /// The game whose one move takes exactly `take` objects.
    ///
    /// ```
    /// assert_eq!(grundy::take_exactly::TakeExactly::new(4).take(), 4);
    /// ```
    ///
    /// # Panics
    /// If `take` is 0 (the game would never end).
    pub fn new(take: u64) -> Self {
        assert!(take > 0, "a move takes at least one object");
        TakeExactly { take }
    }

    /// The number of objects a move takes.
    ///
    /// ```
    /// assert_eq!(grundy::take_exactly::TakeExactly::new(2).take(), 2);
    /// ```
    pub fn take(&self) -> u64 {
        self.take
    }
}

impl ImpartialGame for TakeExactly {
    type Position = u64;

    fn moves(&self, &heap: &u64) -> Vec<u64> {
        heap.checked_sub(self.take).into_iter().collect()
    }

    fn value(&self, &heap: &u64) -> Nimber {
        self::value(heap, self.take)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::{grundy_table, GrundyMemo};

    #[test]
    fn take_exactly_values_match_the_mex_dp() {
        for take in 1..12usize {
            let table = grundy_table(200, |n| if n >= take { vec![n - take] } else { vec![] });
            let game = TakeExactly::new(take as u64);
            let mut memo = GrundyMemo::of(game);
            for (n, &g) in table.iter().enumerate() {
                assert_eq!(value(n as u64, take as u64), g, "{n} {take}");
                assert_eq!(game.value(&(n as u64)), memo.value(n as u64), "{n} {take}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "at least one")]
    fn taking_nothing_is_refused() {
        TakeExactly::new(0);
    }
}
