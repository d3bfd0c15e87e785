//! Staircase Nim: coins on a staircase (or on a rooted tree) that move one step down (towards
//! the root), and the winning move; and [`root_values`], the game where one coin at a time
//! moves up to k levels towards the root, for every root of a tree at once.
//!
//! # The rule
//! Coins lie on stairs 0, 1, …, n − 1. A move takes any positive number of coins from one stair
//! i ≥ 1 and puts them on stair i − 1; the player with no move (every coin on stair 0) loses.
//! The game is Nim played on the odd stairs alone: the mover loses iff the XOR of the coin
//! counts on the odd stairs is 0.
//!
//! Why: a move from an odd stair to the even stair below is a Nim move on that heap. A move
//! from an even stair i ≥ 2 adds coins to the odd stair i − 1; the player who is winning the
//! Nim on odd stairs answers it by moving exactly those coins on from i − 1 to the even stair
//! i − 2, which restores the odd stairs as they were. Coins on even stairs can only fall to
//! lower even stairs by such pairs of moves, and each pair brings them closer to stair 0, so
//! the mirroring ends; then the last Nim move on the odd stairs is the last move of the game.
//!
//! On a rooted tree (a move takes coins from a non-root node to its parent) the same argument
//! holds with the depth in place of the stair: Nim on the nodes at odd depth.
//!
//! Source: T. S. Ferguson, *Game Theory*, Part I (Impartial Combinatorial Games), exercise 6
//! of the Nim chapter (page I-13, staircase Nim); the tree form is the analysis of HackerRank's
//! "Move the Coins" (April World CodeSprint).
//!
//! ```
//! use grundy::staircase::{value, winning_move, StairMove};
//! use grundy::prelude::Nimber;
//! // Stairs 0..=3 hold 5, 2, 7, 3 coins: odd stairs 2 and 3, XOR 1: the mover wins.
//! assert_eq!(value(&[5, 2, 7, 3]), Nimber(1));
//! // Bring stair 3 down to 2 coins by moving 1 coin to stair 2.
//! assert_eq!(winning_move(&[5, 2, 7, 3]), Some(StairMove { from: 3, count: 1 }));
//! ```

use crate::nimber::Nimber;

/// The value of staircase Nim with `coins[i]` coins on stair i: the XOR of the coins on the
/// odd stairs (stair 0 is the floor; nothing moves from it).
///
/// ```
/// use grundy::staircase::value;
/// use grundy::prelude::Nimber;
/// assert_eq!(value(&[9, 4, 100, 4]), Nimber(0)); // 4 ^ 4
/// assert_eq!(value(&[]), Nimber(0));
/// ```
///
/// # Complexity
/// O(n).
pub fn value(coins: &[u64]) -> Nimber {
    Nimber(coins.iter().skip(1).step_by(2).fold(0, |x, &c| x ^ c))
}

/// A staircase move: `count` coins from stair `from` to stair `from - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StairMove {
    /// The stair the coins leave (at least 1).
    pub from: usize,
    /// How many coins move (at least 1).
    pub count: u64,
}

/// A winning move of staircase Nim with `coins[i]` coins on stair i, or `None` when the
/// mover loses (the value is 0).
///
/// The move is the Nim move on the lowest odd stair that has one: it takes the coins that
/// make the odd stairs' XOR 0 down to the even stair below.
///
/// ```
/// use grundy::staircase::{winning_move, StairMove};
/// assert_eq!(winning_move(&[0, 6, 0, 3]), Some(StairMove { from: 1, count: 3 }));
/// assert_eq!(winning_move(&[7, 0, 5]), None); // nothing on odd stairs
/// ```
///
/// # Complexity
/// O(n).
pub fn winning_move(coins: &[u64]) -> Option<StairMove> {
    let s = value(coins).value();
    nim_move_on(s, (1..coins.len()).step_by(2).map(|i| (i, coins[i])))
        .map(|(from, count)| StairMove { from, count })
}

/// The first (place, coins) whose Nim heap can be brought to make the XOR `s` zero, and the
/// number of coins to take from it (none when `s` is 0: no heap c has c ^ 0 < c).
fn nim_move_on(s: u64, heaps: impl Iterator<Item = (usize, u64)>) -> Option<(usize, u64)> {
    heaps
        .filter(|&(_, c)| c ^ s < c)
        .map(|(i, c)| (i, c - (c ^ s)))
        .next()
}

/// Staircase Nim on a rooted forest: `parent[v]` is the parent of node `v`, a root is its own
/// parent, and a move takes any positive number of coins from a non-root node to its parent.
/// Built once from the parents; then [`TreeStaircase::value`] and
/// [`TreeStaircase::winning_move`] for any coins.
///
/// ```
/// use grundy::staircase::{TreeStaircase, TreeMove};
/// use grundy::prelude::Nimber;
/// // 0 is the root; 1 and 2 its children; 3 a child of 2.
/// let tree = TreeStaircase::new(&[0, 0, 0, 2]);
/// assert!(tree.odd_depth(1) && !tree.odd_depth(3));
/// let coins = [4, 3, 1, 8];
/// assert_eq!(tree.value(&coins), Nimber(3 ^ 1));
/// assert_eq!(tree.winning_move(&coins), Some(TreeMove { node: 1, count: 2 }));
/// ```
///
/// # Constraints
/// Every node's chain of parents ends at a root (no cycle).
///
/// # Panics
/// `new` panics if a parent is out of range or the parents form a cycle; `value` and
/// `winning_move` if `coins` is not one count per node.
///
/// # Complexity
/// `new`: O(n) time and memory, without recursion. `value`, `winning_move`: O(n).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeStaircase {
    odd: Vec<bool>,
}

/// A move on a tree: `count` coins from `node` to its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TreeMove {
    /// The node the coins leave (not a root).
    pub node: usize,
    /// How many coins move (at least 1).
    pub count: u64,
}

impl TreeStaircase {
    /// The forest whose node `v` has parent `parent[v]` (a root is its own parent).
    ///
    /// ```
    /// let chain = grundy::staircase::TreeStaircase::new(&[0, 0, 1, 2]);
    /// assert_eq!((0..4).map(|v| chain.odd_depth(v)).collect::<Vec<_>>(), [false, true, false, true]);
    /// ```
    pub fn new(parent: &[usize]) -> Self {
        let n = parent.len();
        // Depth parity known per node: None until found. A node's parity is found by walking
        // up to a known node or a root, then written back down the walked path.
        let mut odd: Vec<Option<bool>> = vec![None; n];
        let mut path = Vec::new();
        for start in 0..n {
            let mut v = start;
            let mut above = loop {
                if let Some(known) = odd[v] {
                    break known;
                }
                let p = parent[v];
                assert!(
                    p < n,
                    "TreeStaircase: parent {} of node {} is not a node",
                    p,
                    v
                );
                if p == v {
                    odd[v] = Some(false);
                    break false;
                }
                assert!(
                    path.len() < n,
                    "TreeStaircase: the parents form a cycle through node {}",
                    v
                );
                path.push(v);
                v = p;
            };
            while let Some(u) = path.pop() {
                above = !above;
                odd[u] = Some(above);
            }
        }
        TreeStaircase {
            odd: odd.into_iter().map(|d| d == Some(true)).collect(),
        }
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.odd.len()
    }

    /// Whether the forest has no node.
    pub fn is_empty(&self) -> bool {
        self.odd.is_empty()
    }

    /// Whether node `v` is at odd depth (a root is at depth 0).
    pub fn odd_depth(&self, v: usize) -> bool {
        self.odd[v]
    }

    /// The value with `coins[v]` coins on node v: the XOR over the nodes at odd depth.
    ///
    /// ```
    /// let star = grundy::staircase::TreeStaircase::new(&[0, 0, 0]);
    /// assert!(star.value(&[5, 2, 2]).is_zero());
    /// ```
    pub fn value(&self, coins: &[u64]) -> Nimber {
        assert_eq!(coins.len(), self.len(), "TreeStaircase: one count per node");
        Nimber(
            self.odd
                .iter()
                .zip(coins)
                .filter(|&(&odd, _)| odd)
                .fold(0, |x, (_, &c)| x ^ c),
        )
    }

    /// A winning move with `coins[v]` coins on node v, or `None` when the mover loses: the Nim
    /// move on the first node at odd depth that has one.
    ///
    /// ```
    /// let star = grundy::staircase::TreeStaircase::new(&[0, 0, 0]);
    /// assert_eq!(star.winning_move(&[5, 2, 2]), None);
    /// ```
    pub fn winning_move(&self, coins: &[u64]) -> Option<TreeMove> {
        let s = self.value(coins).value();
        let odd_nodes = (0..self.len())
            .filter(|&v| self.odd[v])
            .map(|v| (v, coins[v]));
        nim_move_on(s, odd_nodes).map(|(node, count)| TreeMove { node, count })
    }
}

mod adjacency;
mod centroids;
mod residues;
mod roots;
#[cfg(test)]
mod tests;

pub use roots::{root_distance_values, root_values};
