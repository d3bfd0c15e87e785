//! Games on a graph that may have cycles where every move has a cost: one player (Min) wants to
//! reach an exit paying as little as possible, the other (Max) wants to pay as much as possible
//! or to keep the play away from the exits for ever. Each position's optimal total, or
//! [`Total::Infinite`] when Min cannot force an exit, by a Dijkstra-like settling order.
//!
//! # The game
//! Positions are `0..n`. Some positions are exits, each with its own total (the game ends
//! there and that amount is paid). At any other position the player to move there chooses one
//! of its moves `p → q` (cost `c ≥ 0`); the play's total is the sum of the costs paid until it
//! reaches an exit, plus that exit's total, and is infinite when it never reaches one. Who
//! chooses at `p` is the position's [`Chooser`]:
//! - [`Chooser::Min`] takes the move of the smallest total;
//! - [`Chooser::Max`] takes the move of the largest total (one infinite move makes it infinite);
//! - [`Chooser::KthSmallest`]`(k)`: Max first forbids `k − 1` of the moves, then Min chooses
//!   among the rest: the total is the k-th smallest of the moves' totals (AtCoder ABC413 F:
//!   one of four directions forbidden, `k = 2`).
//!
//! A non-exit position with fewer moves than its chooser needs (no move for Min or Max, fewer
//! than `k` for `KthSmallest(k)`) is infinite: the play stops there without reaching an exit.
//!
//! # Why not `Outcome`
//! The question is not who wins but how much is paid, and a third answer exists, "never":
//! [`Total`] is `Finite(amount)` or `Infinite`. Whether Min can force an exit at all is
//! [`Total::is_finite`].
//!
//! # The theorem (settling order)
//! With non-negative costs, the totals are found in increasing order, as Dijkstra finds
//! distances. Keep a priority queue of *arrivals*: when a position `q` is settled with total
//! `t`, each move `p → q` of cost `c` arrives at `p` with `t + c`. Pop arrivals in increasing
//! order; a position settles at the arrival that brings its count of arrivals to what its
//! chooser needs: the first for Min, the k-th for `KthSmallest(k)`, the last (its out-degree)
//! for Max. Why this is right: arrivals pop in non-decreasing order, and every position not yet
//! settled when an arrival of value `a` pops has a total of at least `a` (induction on the pops;
//! costs are non-negative), so each of its moves not yet arrived is worth at least `a` too. So
//! the j-th arrival popped at `p` is the j-th smallest total among `p`'s moves, and the
//! position settles at exactly the order statistic its chooser takes. Whatever is never
//! settled is infinite: from there Max (who needs only one unsettled move at a Max position,
//! or `deg − k + 1` of them at a `KthSmallest(k)` position, and gets them since the position
//! did not settle) can keep the play among unsettled positions, which are not exits. This is
//! the algorithm for min-cost reachability games with non-negative weights (T. Brihaye,
//! G. Geeraerts, A. Haddad and B. Monmege, "Pseudopolynomial iterative algorithm to solve
//! total-payoff games and min-cost reachability games", Acta Informatica 54 (2017), which
//! also treats negative weights); without costs it is [`crate::cyclic`]'s out-degree counting.
//!
//! # The method
//! A monotone priority queue holds the arrivals: keys within 64 of the window's base in a ring
//! of buckets (push and pop in O(1): a grid game's unit moves never leave it), larger ones in a
//! radix heap (a key goes to the bucket of the highest bit where it differs from the last key
//! taken out, so it moves down at most 64 times in all). No recursion.
//!
//! ```
//! use grundy::cyclic_costs::{Chooser, Graph, Total};
//! // Exit 0 (total 0). Min at 1 may pay 5 to the exit or 1 to reach 2; Max at 2 may pay 1
//! // to the exit or go back to 1 for free.
//! let graph = Graph::from_edges(3, &[(1, 0, 5), (1, 2, 1), (2, 0, 1), (2, 1, 0)]);
//! let choosers = [Chooser::Min, Chooser::Min, Chooser::Max];
//! let solution = graph.solve(&choosers, &[(0, 0)]);
//! assert_eq!(solution.total(0), Total::Finite(0));
//! // Through 2, Min would pay 1 + max(1, 1's own total): more than 5, so 1 pays 5 at once,
//! // and Max at 2 goes back to 1 for free to make Min pay those 5.
//! assert_eq!(solution.total(1), Total::Finite(5));
//! assert_eq!(solution.total(2), Total::Finite(5));
//! ```

/// A position's optimal total: an amount, or infinite when Min cannot force the play to an
/// exit. Not an [`crate::outcome::Outcome`]: the question is what is paid, not who wins.
///
/// ```
/// use grundy::cyclic_costs::Total;
/// assert!(Total::Finite(3) < Total::Infinite);
/// assert_eq!(Total::Finite(3).finite(), Some(3));
/// assert!(!Total::Infinite.is_finite());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Total {
    /// Min forces an exit, and this is the sum paid under optimal play.
    Finite(u64),
    /// Max keeps the play away from every exit for ever (or it stops short of one).
    Infinite,
}

impl Total {
    /// The amount, or `None` when infinite.
    pub fn finite(self) -> Option<u64> {
        match self {
            Total::Finite(amount) => Some(amount),
            Total::Infinite => None,
        }
    }

    /// Whether Min can force the play to an exit.
    pub fn is_finite(self) -> bool {
        self != Total::Infinite
    }
}

/// Who chooses the move at a position (exits have no chooser: the game ends there).
///
/// ```
/// use grundy::cyclic_costs::Chooser;
/// assert_eq!(Chooser::Min.needed(4), 1);
/// assert_eq!(Chooser::Max.needed(4), 4);
/// assert_eq!(Chooser::KthSmallest(2).needed(4), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chooser {
    /// The minimiser: the smallest of the moves' totals.
    Min,
    /// The maximiser: the largest of the moves' totals.
    Max,
    /// Max forbids k − 1 moves, then Min chooses: the k-th smallest of the moves' totals
    /// (k ≥ 1; `KthSmallest(1)` is `Min`).
    KthSmallest(usize),
}

impl Chooser {
    /// How many of its moves' totals a position with `moves` moves waits for before it is
    /// settled (the rank of the order statistic it takes); 0 means never (no move for Max,
    /// or `KthSmallest(0)`).
    pub fn needed(self, moves: usize) -> usize {
        match self {
            Chooser::Min => 1,
            Chooser::Max => moves,
            Chooser::KthSmallest(k) => k,
        }
    }
}

/// Every position's optimal total, as [`solve_by_predecessors`] finds them.
///
/// ```
/// use grundy::cyclic_costs::{Chooser, Graph, Total};
/// let solution = Graph::from_edges(2, &[(1, 0, 7)]).solve(&[Chooser::Min; 2], &[(0, 2)]);
/// assert_eq!(solution.totals().collect::<Vec<_>>(), vec![Total::Finite(2), Total::Finite(9)]);
/// assert_eq!(solution.finite_sum(), 11);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// `INFINITE` for a position never settled.
    totals: Vec<u64>,
}

/// The stored total of a position never settled.
const INFINITE: u64 = u64::MAX;

impl Solution {
    /// The number of positions solved.
    pub fn positions(&self) -> usize {
        self.totals.len()
    }

    /// The optimal total from `position`.
    ///
    /// # Panics
    /// If `position` is not below [`Solution::positions`].
    pub fn total(&self, position: usize) -> Total {
        match self.totals[position] {
            INFINITE => Total::Infinite,
            amount => Total::Finite(amount),
        }
    }

    /// Every position's total, in order of position.
    pub fn totals(&self) -> impl Iterator<Item = Total> + '_ {
        (0..self.totals.len()).map(move |p| self.total(p))
    }

    /// The sum of the finite totals, as a `u128` cannot overflow for fewer than 2^64
    /// positions.
    pub fn finite_sum(&self) -> u128 {
        self.totals
            .iter()
            .filter(|&&t| t != INFINITE)
            .map(|&t| u128::from(t))
            .sum()
    }
}

/// A graph of moves with costs, stored by predecessors (the reversed graph in compressed
/// adjacency) with each position's out-degree.
///
/// ```
/// use grundy::cyclic_costs::{Chooser, Graph, Total};
/// // Max at 0 may go to exit 1 (cost 2) or exit 2 (cost 9).
/// let graph = Graph::from_edges(3, &[(0, 1, 2), (0, 2, 9)]);
/// assert_eq!(graph.out_degree(0), 2);
/// let solution = graph.solve(&[Chooser::Max; 3], &[(1, 0), (2, 0)]);
/// assert_eq!(solution.total(0), Total::Finite(9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// The moves into `q` are `into[offsets[q]..offsets[q + 1]]`, as (from, cost).
    offsets: Vec<usize>,
    into: Vec<(u32, u64)>,
    out_degree: Vec<u32>,
}

impl Graph {
    /// The graph with the given moves `(from, to, cost)` (two equal moves are two moves; a
    /// move to itself is allowed).
    ///
    /// # Panics
    /// If an endpoint is not below `positions`, `positions` is 2^32 − 1 or more, or a
    /// position has 2^32 − 1 moves or more.
    ///
    /// # Complexity
    /// O(V + E).
    pub fn from_edges(positions: usize, edges: &[(usize, usize, u64)]) -> Self {
        assert!(positions < u32::MAX as usize, "at most 2^32 - 1 positions");
        let mut out_degree = vec![0u32; positions];
        let mut offsets = vec![0usize; positions + 1];
        for &(from, to, _) in edges {
            assert!(
                from < positions && to < positions,
                "move ({}, {}) leaves the positions 0..{}",
                from,
                to,
                positions
            );
            out_degree[from] = out_degree[from]
                .checked_add(1)
                .filter(|&d| d != u32::MAX)
                .expect("too many moves from one position");
            offsets[to + 1] += 1;
        }
        for q in 0..positions {
            offsets[q + 1] += offsets[q];
        }
        let mut fill = offsets.clone();
        let mut into = vec![(0u32, 0u64); edges.len()];
        for &(from, to, cost) in edges {
            into[fill[to]] = (from as u32, cost);
            fill[to] += 1;
        }
        Graph {
            offsets,
            into,
            out_degree,
        }
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.out_degree.len()
    }

    /// The number of moves from `position`.
    ///
    /// # Panics
    /// If `position` is not below [`Graph::positions`].
    pub fn out_degree(&self, position: usize) -> usize {
        self.out_degree[position] as usize
    }

    /// Every position's optimal total, `choosers[p]` choosing at `p` and `exits` the exits
    /// with their totals (the choosers of exits are ignored).
    ///
    /// # Panics
    /// If `choosers` does not have one entry per position, or as [`solve_by_predecessors`].
    ///
    /// # Complexity
    /// As [`solve_by_predecessors`].
    pub fn solve(&self, choosers: &[Chooser], exits: &[(usize, u64)]) -> Solution {
        assert_eq!(choosers.len(), self.positions(), "one chooser per position");
        solve_by_predecessors(
            self.positions(),
            exits,
            |p| choosers[p].needed(self.out_degree(p)),
            |q, buffer| {
                buffer.extend(
                    self.into[self.offsets[q]..self.offsets[q + 1]]
                        .iter()
                        .map(|&(from, cost)| (from as usize, cost)),
                )
            },
        )
    }
}

mod general;
mod queues;
#[cfg(test)]
mod tests;
mod unit;

pub use general::solve_by_predecessors;
pub use unit::solve_unit_costs;
