//! [`root_values`] and [`root_distance_values`]: the tree checked and renumbered, then one of
//! the two methods (residues by rerooting, exact distances by centroids).

use super::adjacency::Adjacency;
use super::centroids::distance_xors_by_centroids;
use super::residues::residue_xors_by_rerooting;
use crate::nimber::Nimber;

/// One coin at a time, up to `step` levels, for every root of a tree at once.
///
/// # The game
/// A tree with `coins[v]` coins on vertex v, and a chosen root R. A move takes **one** coin
/// from a vertex other than R and moves it 1, 2, …, `step` edges along the path towards R
/// (never past R); the player with no move (every coin on R) loses. This is not
/// [`TreeStaircase`](super::TreeStaircase)'s game, where any number of coins move one level: here a coin is a heap
/// of its own. (Any number of coins moving 1..=k levels, k ≥ 2, has no rule of this kind: on
/// lines of 7 stairs with up to 2 coins each, no set of depth residues mod m ≤ 7 whose coins'
/// XOR decides the winner exists, by an exhaustive check for k = 2 and 3.)
///
/// # The theorem
/// Each coin is an independent subtraction game with moves {1, …, k} (k = `step`) on a heap
/// of dist(R, v), whose value is dist(R, v) mod (k + 1); the position is their sum, and two
/// equal values cancel, so only the parity of each vertex's count matters:
///
/// value(R) = XOR over the vertices v with an odd `coins[v]` of (dist(R, v) mod (k + 1)).
///
/// With k at least n − 1 (or `usize::MAX`) the bound never binds and a coin is a Nim heap of
/// size dist(R, v): CodeChef MOVCOIN2 ("Move the Coins 2").
///
/// # How
/// - k + 1 < n: rerooting over the residues of the distance mod k + 1. Each vertex keeps the
///   parity of the coins at each residue in its subtree (a bit vector of k + 1 bits, shifted
///   by one residue per edge); a second pass from the root hands each child the rest of the
///   tree. O(n · ⌈(k + 1) / 64⌉) time and words of memory, two passes in BFS order.
/// - otherwise (exact distances): centroid decomposition. For a centroid c with depths d(·),
///   XOR over v of (d(u) + d(v)) for every u at once is, bit b by bit b, the parity of a
///   window of residues mod 2^(b+1) sliding by one per unit of d(u); the pairs inside one
///   branch of c are removed by the same sum over that branch (XOR cancels them) and counted
///   again at a deeper centroid. O(n log² n) time, O(n) memory.
///
/// Neither recurses: a path of 3 · 10^5 vertices is fine.
///
/// Source: the coin as a subtraction game is Sprague–Grundy (Ferguson, *Game Theory*, Part I,
/// the subtraction games of chapter 2); the every-root problem is CodeChef MOVCOIN2 (September
/// 2020), whose editorial uses centroid decomposition; the residue rerooting is ours.
///
/// ```
/// use grundy::staircase::root_values;
/// use grundy::prelude::Nimber;
/// // The path 0 - 1 - 2 with a coin on 0 and one on 2: root 1 sees heaps 1 and 1.
/// let values = root_values(&[(0, 1), (1, 2)], &[1, 0, 1], usize::MAX);
/// assert_eq!(values, [Nimber(2), Nimber(0), Nimber(2)]);
/// // With step 1 a coin's value is its distance mod 2.
/// assert_eq!(root_values(&[(0, 1), (1, 2)], &[1, 0, 1], 1), [Nimber(0); 3]);
/// ```
///
/// # Constraints
/// `edges` are the n − 1 edges of a tree on the vertices 0..n, n = `coins.len()`; `step` ≥ 1.
///
/// # Panics
/// If `step` is 0, an endpoint is not below n, or the edges are not a tree (a wrong count, or
/// a vertex not connected).
///
/// # Complexity
/// O(n · ⌈(k + 1) / 64⌉) when k + 1 < n, else O(n log² n); no recursion.
pub fn root_values(edges: &[(usize, usize)], coins: &[u64], step: usize) -> Vec<Nimber> {
    assert!(step >= 1, "root_values: the step must be at least 1");
    // Every distance is at most n − 1: with k + 1 >= n the residues are the distances.
    if step >= coins.len().saturating_sub(1) {
        return root_distance_values(edges, coins);
    }
    values_by_root(edges, coins, |tree, odd| {
        residue_xors_by_rerooting(tree, odd, step + 1)
    })
}

/// [`root_values`] with no bound on the step: a coin is a Nim heap of its distance to the
/// root, and the value for root R is the XOR of dist(R, v) over the vertices v with an odd
/// `coins[v]` (CodeChef MOVCOIN2). Its own function so that a program that needs only this
/// case carries no rerooting code.
///
/// ```
/// use grundy::staircase::{root_distance_values, root_values};
/// let edges = [(0, 1), (1, 2), (1, 3)];
/// let coins = [1, 2, 0, 3];
/// assert_eq!(root_distance_values(&edges, &coins), root_values(&edges, &coins, usize::MAX));
/// ```
///
/// # Constraints, panics
/// As [`root_values`] (there is no step to check).
///
/// # Complexity
/// O(n log² n) time, O(n) memory; no recursion.
pub fn root_distance_values(edges: &[(usize, usize)], coins: &[u64]) -> Vec<Nimber> {
    values_by_root(edges, coins, distance_xors_by_centroids)
}

/// Checks the tree, renumbers its vertices in BFS order, runs `solve` on the renumbered tree
/// with each vertex's coin parity, and hands the values back by the original labels.
fn values_by_root<F>(edges: &[(usize, usize)], coins: &[u64], solve: F) -> Vec<Nimber>
where
    F: FnOnce(&Adjacency, &[bool]) -> Vec<u64>,
{
    let n = coins.len();
    let (tree, order) = Adjacency::tree(n, edges);
    if n == 0 {
        return Vec::new();
    }
    // Vertices renumbered in BFS order, so that a vertex's neighbours lie near it in memory:
    // the passes walk the tree many times, and labels in random order make every step a
    // cache miss (a 3 · 10^5-vertex path ran 2.5 times slower).
    let near = tree.renumbered(&order);
    let odd: Vec<bool> = order.iter().map(|&v| coins[v] % 2 == 1).collect();
    let values = solve(&near, &odd);
    let mut by_label = vec![Nimber(0); n];
    for (i, &v) in order.iter().enumerate() {
        by_label[v] = Nimber(values[i]);
    }
    by_label
}
