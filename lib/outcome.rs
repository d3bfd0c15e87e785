//! Who wins an impartial game under normal play, read off its Grundy value.

use crate::nimber::Nimber;

/// The winner of a position with perfect play: the player to move, or the other one.
///
/// ```
/// use grundy::prelude::{Nimber, Outcome};
/// assert_eq!(Outcome::from_grundy(Nimber(0)), Outcome::SecondPlayerWins);
/// assert_eq!(Outcome::from_grundy(Nimber(3)), Outcome::FirstPlayerWins);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins (an N-position; Grundy value non-zero).
    FirstPlayerWins,
    /// The player to move loses (a P-position; Grundy value zero).
    SecondPlayerWins,
}

impl Outcome {
    /// The normal-play outcome of a position with Grundy value `g`: the mover wins iff `g` is
    /// not zero.
    ///
    /// ```
    /// use grundy::prelude::{Nimber, Outcome};
    /// assert!(Outcome::from_grundy(Nimber(1)).first_player_wins());
    /// assert_eq!(Outcome::from_grundy(Nimber(5) + Nimber(5)), Outcome::SecondPlayerWins);
    /// ```
    pub fn from_grundy(g: Nimber) -> Self {
        Outcome::from_first_player_wins(!g.is_zero())
    }

    /// `FirstPlayerWins` when `wins` is true, else `SecondPlayerWins`.
    ///
    /// ```
    /// use grundy::prelude::Outcome;
    /// assert_eq!(Outcome::from_first_player_wins(false), Outcome::SecondPlayerWins);
    /// ```
    pub fn from_first_player_wins(wins: bool) -> Self {
        if wins {
            Outcome::FirstPlayerWins
        } else {
            Outcome::SecondPlayerWins
        }
    }

    /// Whether the player to move wins.
    ///
    /// ```
    /// assert!(!grundy::prelude::Outcome::SecondPlayerWins.first_player_wins());
    /// ```
    pub fn first_player_wins(self) -> bool {
        self == Outcome::FirstPlayerWins
    }

    /// Picks the name of the winner: `first` if the player to move wins, else `second`.
    ///
    /// ```
    /// use grundy::prelude::{Nimber, Outcome};
    /// assert_eq!(Outcome::from_grundy(Nimber(2)).pick("John", "Brother"), "John");
    /// assert_eq!(Outcome::SecondPlayerWins.pick(1, 2), 2);
    /// ```
    pub fn pick<T>(self, first: T, second: T) -> T {
        if self.first_player_wins() {
            first
        } else {
            second
        }
    }
}
