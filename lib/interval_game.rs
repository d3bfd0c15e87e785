//! Interval games: a row of n items; the players alternately remove its leftmost or its
//! rightmost item, and a removal scores for the player who makes it. Both play to maximise
//! their own total minus the other's.
//!
//! # The recurrence
//! What is left is always a contiguous part [lo, hi) of the row, so the game has only
//! n(n + 1)/2 positions. Let D(lo, hi) be the best the player to move can make of (own total
//! − other's total) from there on: D of an empty row is 0, and
//!
//! D(lo, hi) = max(gain(lo, hi, Left) − D(lo + 1, hi), gain(lo, hi, Right) − D(lo, hi − 1)),
//!
//! because after the move the opponent faces the rest and the roles swap (a zero-sum game on
//! the difference: negamax). Filled by increasing length, the table holds the optimal move of
//! every interval too.
//!
//! When the score of a removal is the item's value ([`IntervalGame::new`]), the two totals
//! always add up to the row's sum S, so maximising one's difference is maximising one's total,
//! and the first player's optimal total, the value of the zero-sum game in which the first
//! player maximises his total and the second minimises it (the minimax form of USACO's
//! "A Game", IOI 1996), is (S + D) / 2 ([`scores`]). Other scores per move
//! ([`IntervalGame::with_gain`]: a value that depends on the interval, on the turn, or on the
//! end) keep the same recurrence.
//!
//! Source: the interval DP of IOI 1996 Day 1 "A Game" (USACO training 3.3 "A Game"); the
//! negamax form is the standard one for two-player zero-sum games of perfect information.
//!
//! ```
//! use grundy::interval_game::{scores, End, IntervalGame};
//! let row = [4, 7, 2, 9, 5, 2];
//! assert_eq!(scores(&row), (18, 11));
//! let game = IntervalGame::new(&row);
//! assert_eq!(game.difference(0, 6), 7);
//! assert_eq!(game.optimal_move(0, 6), Some(End::Right)); // take the 2 on the right
//! ```

/// Which end of the row a move removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The leftmost item (index lo of the interval [lo, hi)).
    Left,
    /// The rightmost item (index hi − 1).
    Right,
}

/// Every interval's optimal difference and optimal move, computed once by the interval DP.
///
/// ```
/// use grundy::interval_game::{End, IntervalGame};
/// // The k-th removal scores k times the item: the score depends on the turn.
/// let row = [1, 3, 1];
/// let game = IntervalGame::with_gain(row.len(), |lo, hi, end| {
///     let turn = (row.len() - (hi - lo) + 1) as i64;
///     turn * if end == End::Left { row[lo] } else { row[hi - 1] }
/// });
/// // Any first move scores 1; the second player then takes the 3 (6), the first gets 3 · 1.
/// assert_eq!(game.difference(0, 3), 1 + 3 - 6);
/// ```
///
/// # Constraints
/// Every sum of gains along a line of play fits in an `i64`. Memory: 9 bytes an interval,
/// n(n + 1)/2 intervals (about 45 MB for n = 3000).
///
/// # Panics
/// A query with `lo > hi` or `hi` past the row.
///
/// # Complexity
/// Building: O(n²) time, one call of the gain per (interval, end). Queries: O(1); `line`: O(n).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntervalGame {
    n: usize,
    /// `start[len]`: where the intervals of length `len` begin in `diff` and `best`; the
    /// interval [lo, lo + len) is at `start[len] + lo`.
    start: Vec<usize>,
    diff: Vec<i64>,
    best: Vec<End>,
}

impl IntervalGame {
    /// The game in which removing an item scores its value.
    ///
    /// ```
    /// use grundy::interval_game::IntervalGame;
    /// let game = IntervalGame::new(&[3, 9, 1, 2]);
    /// assert_eq!(game.difference(0, 4), 7); // 2, then 9 whatever the other does: 11 against 4
    /// ```
    pub fn new(values: &[i64]) -> Self {
        IntervalGame::with_gain(values.len(), |lo, hi, end| match end {
            End::Left => values[lo],
            End::Right => values[hi - 1],
        })
    }

    /// The game on a row of `n` items in which removing the `end` of the interval [lo, hi)
    /// scores `gain(lo, hi, end)` for the mover (any integer, negative too). On a tie between
    /// the two ends the optimal move is `Left`.
    ///
    /// ```
    /// use grundy::interval_game::{End, IntervalGame};
    /// // A removal costs the item: each player would rather the other took the big ones.
    /// let row = [5, 1, 5];
    /// let game = IntervalGame::with_gain(3, |lo, hi, end| {
    ///     -if end == End::Left { row[lo] } else { row[hi - 1] }
    /// });
    /// assert_eq!(game.difference(0, 3), -5 + 1 - 5);
    /// ```
    pub fn with_gain<F: FnMut(usize, usize, End) -> i64>(n: usize, mut gain: F) -> Self {
        let mut start = Vec::with_capacity(n + 2);
        let mut next = 0;
        for len in 0..=n {
            start.push(next);
            next += n + 1 - len;
        }
        let mut diff = vec![0i64; next];
        let mut best = vec![End::Left; next];
        for len in 1..=n {
            for lo in 0..=n - len {
                let hi = lo + len;
                // The rest after each move, one length shorter.
                let left = gain(lo, hi, End::Left) - diff[start[len - 1] + lo + 1];
                let right = gain(lo, hi, End::Right) - diff[start[len - 1] + lo];
                let at = start[len] + lo;
                if right > left {
                    diff[at] = right;
                    best[at] = End::Right;
                } else {
                    diff[at] = left;
                }
            }
        }
        IntervalGame {
            n,
            start,
            diff,
            best,
        }
    }

    /// The number of items in the row.
    ///
    /// ```
    /// assert_eq!(grundy::interval_game::IntervalGame::new(&[1, 2, 3]).len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the row has no items (then no move is ever possible).
    ///
    /// ```
    /// assert!(grundy::interval_game::IntervalGame::new(&[]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Where the interval [lo, hi) is in the tables.
    fn at(&self, lo: usize, hi: usize) -> usize {
        assert!(
            lo <= hi && hi <= self.n,
            "IntervalGame: [{}, {}) is not an interval of a row of {}",
            lo,
            hi,
            self.n
        );
        self.start[hi - lo] + lo
    }

    /// The optimal difference (the mover's total minus the other's, both playing optimally)
    /// from the interval [lo, hi) of the row; 0 for an empty one.
    ///
    /// ```
    /// use grundy::interval_game::IntervalGame;
    /// let game = IntervalGame::new(&[1, 5, 2]);
    /// assert_eq!(game.difference(0, 3), -2); // 1 + 2 against 5 whatever the first does
    /// assert_eq!(game.difference(1, 3), 3);
    /// assert_eq!(game.difference(2, 2), 0);
    /// ```
    pub fn difference(&self, lo: usize, hi: usize) -> i64 {
        self.diff[self.at(lo, hi)]
    }

    /// An optimal move from the interval [lo, hi): the end whose removal achieves
    /// [`difference`](IntervalGame::difference) (`Left` on a tie); `None` for an empty one.
    ///
    /// ```
    /// use grundy::interval_game::{End, IntervalGame};
    /// let game = IntervalGame::new(&[1, 5, 2, 8]);
    /// assert_eq!(game.optimal_move(0, 4), Some(End::Right)); // 8, then 5 whatever happens
    /// assert_eq!(game.optimal_move(0, 3), Some(End::Left)); // 1 or 2: the same -2, a tie
    /// assert_eq!(game.optimal_move(1, 1), None);
    /// ```
    pub fn optimal_move(&self, lo: usize, hi: usize) -> Option<End> {
        let at = self.at(lo, hi);
        if lo == hi {
            None
        } else {
            Some(self.best[at])
        }
    }

    /// The line of optimal play from the whole row: every move, first player's first.
    ///
    /// ```
    /// use grundy::interval_game::{End::*, IntervalGame};
    /// assert_eq!(IntervalGame::new(&[1, 5, 2, 8]).line(), [Right, Left, Left, Left]);
    /// ```
    pub fn line(&self) -> Vec<End> {
        let (mut lo, mut hi) = (0, self.n);
        let mut moves = Vec::with_capacity(self.n);
        while let Some(end) = self.optimal_move(lo, hi) {
            match end {
                End::Left => lo += 1,
                End::Right => hi -= 1,
            }
            moves.push(end);
        }
        moves
    }
}

/// The first and the second player's totals when both play optimally on a row whose items
/// score their values (USACO "A Game"): (S + D) / 2 and (S − D) / 2, S the row's sum and D the
/// optimal difference. The first total is also the value of the minimax form: the first
/// player maximises it while the second minimises it.
///
/// ```
/// use grundy::interval_game::scores;
/// assert_eq!(scores(&[4, 7, 2, 9, 5, 2]), (18, 11));
/// assert_eq!(scores(&[]), (0, 0));
/// ```
///
/// # Constraints
/// The row's sum and every partial sum fit in an `i64`.
///
/// # Complexity
/// O(n²) time, n(n + 1)/2 intervals of memory.
pub fn scores(values: &[i64]) -> (i64, i64) {
    let total: i64 = values.iter().sum();
    let difference = IntervalGame::new(values).difference(0, values.len());
    ((total + difference) / 2, (total - difference) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    /// The literal game tree: the best difference for the mover over every sequence of
    /// removals, by plain recursion (no table).
    fn literal_difference(gain: &dyn Fn(usize, usize, End) -> i64, lo: usize, hi: usize) -> i64 {
        if lo == hi {
            return 0;
        }
        let left = gain(lo, hi, End::Left) - literal_difference(gain, lo + 1, hi);
        let right = gain(lo, hi, End::Right) - literal_difference(gain, lo, hi - 1);
        left.max(right)
    }

    /// The minimax form, literally: the first player's total, maximised on his turns and
    /// minimised on the second player's.
    fn first_total(values: &[i64], lo: usize, hi: usize, first_moves: bool) -> i64 {
        if lo == hi {
            return 0;
        }
        let mine = |v: i64| if first_moves { v } else { 0 };
        let left = mine(values[lo]) + first_total(values, lo + 1, hi, !first_moves);
        let right = mine(values[hi - 1]) + first_total(values, lo, hi - 1, !first_moves);
        if first_moves {
            left.max(right)
        } else {
            left.min(right)
        }
    }

    fn random_row(rng: &mut Rng, n: usize) -> Vec<i64> {
        (0..n).map(|_| rng.range(0, 40) as i64 - 10).collect()
    }

    #[test]
    fn differences_agree_with_the_literal_game_tree() {
        let mut rng = Rng::new(1996);
        for _ in 0..300 {
            let n = rng.range(0, 10) as usize;
            // A gain per (interval, end), arbitrary: the general form.
            let table: Vec<i64> = (0..(n + 1) * (n + 1) * 2)
                .map(|_| rng.range(0, 60) as i64 - 30)
                .collect();
            let gain = |lo: usize, hi: usize, end: End| {
                table[(lo * (n + 1) + hi) * 2 + usize::from(end == End::Right)]
            };
            let game = IntervalGame::with_gain(n, gain);
            assert_eq!(game.len(), n);
            for lo in 0..=n {
                for hi in lo..=n {
                    let literal = literal_difference(&gain, lo, hi);
                    assert_eq!(
                        game.difference(lo, hi),
                        literal,
                        "{:?} [{}, {})",
                        table,
                        lo,
                        hi
                    );
                    // The optimal move achieves it.
                    match game.optimal_move(lo, hi) {
                        None => assert_eq!(lo, hi),
                        Some(End::Left) => assert_eq!(
                            gain(lo, hi, End::Left) - literal_difference(&gain, lo + 1, hi),
                            literal
                        ),
                        Some(End::Right) => assert_eq!(
                            gain(lo, hi, End::Right) - literal_difference(&gain, lo, hi - 1),
                            literal
                        ),
                    }
                }
            }
        }
    }

    #[test]
    fn the_tables_hold_each_interval_once() {
        // The documented memory: one slot per interval [lo, hi) of the row, the empty ones
        // included, and nothing more; `is_empty` exactly for the empty row.
        let mut rng = Rng::new(36);
        for n in 0..12 {
            let game = IntervalGame::new(&random_row(&mut rng, n));
            assert_eq!(game.diff.len(), (n + 1) * (n + 2) / 2);
            assert_eq!(game.best.len(), game.diff.len());
            assert_eq!(game.is_empty(), n == 0);
        }
    }

    #[test]
    fn scores_are_the_minimax_totals() {
        let mut rng = Rng::new(33);
        for _ in 0..400 {
            let n = rng.range(0, 11) as usize;
            let row = random_row(&mut rng, n);
            let total: i64 = row.iter().sum();
            let first = first_total(&row, 0, n, true);
            assert_eq!(scores(&row), (first, total - first), "{:?}", row);
        }
    }

    #[test]
    fn the_line_plays_the_optimal_moves_to_the_end() {
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let n = rng.range(0, 12) as usize;
            let row = random_row(&mut rng, n);
            let game = IntervalGame::new(&row);
            let line = game.line();
            assert_eq!(line.len(), n);
            // Replaying the line scores the optimal difference.
            let (mut lo, mut hi, mut sign, mut diff) = (0, n, 1, 0);
            for end in line {
                let v = match end {
                    End::Left => {
                        lo += 1;
                        row[lo - 1]
                    }
                    End::Right => {
                        hi -= 1;
                        row[hi]
                    }
                };
                diff += sign * v;
                sign = -sign;
            }
            assert_eq!(diff, game.difference(0, n), "{:?}", row);
        }
    }

    #[test]
    fn a_tie_takes_the_left_end() {
        let game = IntervalGame::new(&[2, 7, 2]);
        assert_eq!(game.optimal_move(0, 3), Some(End::Left));
        assert!(!game.is_empty());
    }

    #[test]
    #[should_panic(expected = "is not an interval")]
    fn an_interval_past_the_row_panics() {
        IntervalGame::new(&[1, 2]).difference(1, 3);
    }

    #[test]
    #[should_panic(expected = "is not an interval")]
    fn a_reversed_interval_panics() {
        IntervalGame::new(&[1, 2]).optimal_move(2, 1);
    }
}
