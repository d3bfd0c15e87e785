//! Who wins an impartial game under normal play, read off its Grundy value.

/// The winner of a position with perfect play: the player to move, or the other one.
///
/// ```
/// use grundy::Outcome;
/// assert_eq!(Outcome::from_grundy(0), Outcome::SecondPlayerWins);
/// assert_eq!(Outcome::from_grundy(3), Outcome::FirstPlayerWins);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins (an N-position; Grundy value non-zero).
    FirstPlayerWins,
    /// The player to move loses (a P-position; Grundy value zero).
    SecondPlayerWins,
}

impl Outcome {
    /// The normal-play outcome of a position with Grundy value `g`: the mover wins iff `g != 0`.
    ///
    /// ```
    /// assert!(grundy::Outcome::from_grundy(1).first_player_wins());
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn from_grundy(g: u64) -> Self {
        Outcome::from_first_player_wins(g != 0)
    }

    /// `FirstPlayerWins` when `wins` is true, else `SecondPlayerWins`.
    ///
    /// ```
    /// use grundy::Outcome;
    /// assert_eq!(Outcome::from_first_player_wins(false), Outcome::SecondPlayerWins);
    /// ```
    ///
    /// # Complexity
    /// O(1).
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
    /// assert!(!grundy::Outcome::SecondPlayerWins.first_player_wins());
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn first_player_wins(self) -> bool {
        self == Outcome::FirstPlayerWins
    }

    /// Picks the name of the winner: `first` if the player to move wins, else `second`.
    ///
    /// ```
    /// use grundy::Outcome;
    /// assert_eq!(Outcome::from_grundy(2).pick("John", "Brother"), "John");
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn pick<T>(self, first: T, second: T) -> T {
        if self.first_player_wins() {
            first
        } else {
            second
        }
    }
}
