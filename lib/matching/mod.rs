//! Maximum matchings in undirected graphs: Hopcroft–Karp for bipartite graphs and Edmonds'
//! blossom algorithm for general ones, std only.
//!
//! A matching is a set of edges without common endpoints; it is maximum when no matching has
//! more edges. Both algorithms rest on Berge's theorem (1957): a matching is maximum iff no
//! augmenting path exists (a path between two unmatched vertices whose edges alternate
//! outside and inside the matching), since flipping such a path adds one edge.
//! - Hopcroft and Karp (1973) find a maximal set of shortest augmenting paths per phase, by a
//!   breadth-first layering and depth-first searches along it; O(√V) phases, O(E √V) in all.
//! - Edmonds (1965) grows a search tree of alternating paths from an unmatched root; an odd
//!   cycle (a blossom) is shrunk to its base, which keeps every augmenting path. Here a search
//!   costs O(V²) (each shrink relabels the vertices), O(V³) for the whole matching.
//!
//! - [`BipartiteMatching`] keeps a bipartite graph's maximum matching while vertices are
//!   removed one at a time: removing v drops at most one edge (v's), and one augmenting
//!   search from v's former partner restores a maximum matching, O(V + E) a removal instead of
//!   a new matching. It also answers whether a vertex is covered by every maximum matching of
//!   the graph as it now is, in O(V + E).
//!
//! The game that needs them is [`crate::geography`] (who wins undirected vertex geography;
//! [`crate::geography::Walk`] follows a game move by move with a [`BipartiteMatching`]).
//!
//! A matching is returned as `mate`: `mate[v]` is `Some(w)` when the edge v–w is in it.
//!
//! ```
//! use grundy::matching::{bipartite_matching, maximum_matching};
//! // A triangle 0-1-2 with a tail 2-3: the matching {0-1, 2-3} is perfect.
//! let mate = maximum_matching(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
//! assert_eq!(mate.iter().flatten().count(), 4); // every vertex matched: two edges
//! assert_eq!(mate[3], Some(2));
//! // Left {0, 1, 2}, right {0, 1}: at most two pairs.
//! let pairs = bipartite_matching(3, 2, &[(0, 0), (1, 0), (2, 0), (2, 1)]);
//! assert_eq!(pairs.iter().flatten().count(), 2); // left vertices matched: two edges
//! ```

const NONE: usize = usize::MAX;

/// A maximum matching of the bipartite graph with `left` and `right` vertices and edges
/// `(l, r)`, by Hopcroft–Karp: `mate[l]` is the right vertex matched to left vertex `l`.
///
/// ```
/// use grundy::matching::bipartite_matching;
/// // Left 0 likes right 0 and 1; left 1 only right 0: both are matched.
/// let mate = bipartite_matching(2, 2, &[(0, 0), (0, 1), (1, 0)]);
/// assert_eq!(mate, vec![Some(1), Some(0)]);
/// ```
///
/// # Panics
/// If an edge's endpoint is out of range.
///
/// # Complexity
/// O(E √V) time, O(V + E) memory; no recursion.
pub fn bipartite_matching(
    left: usize,
    right: usize,
    edges: &[(usize, usize)],
) -> Vec<Option<usize>> {
    let adjacency = bipartite_adjacency(left, right, edges);
    let (pair_left, _) = hopcroft_karp(&adjacency, right);
    pair_left
        .into_iter()
        .map(|r| if r == NONE { None } else { Some(r) })
        .collect()
}

/// Each left vertex's right neighbours.
pub(crate) fn bipartite_adjacency(
    left: usize,
    right: usize,
    edges: &[(usize, usize)],
) -> Vec<Vec<usize>> {
    let mut adjacency = vec![Vec::new(); left];
    for &(l, r) in edges {
        assert!(
            l < left && r < right,
            "edge ({}, {}) outside {} × {}",
            l,
            r,
            left,
            right
        );
        adjacency[l].push(r);
    }
    adjacency
}

/// Hopcroft–Karp on left adjacency lists: (pair of each left vertex, pair of each right one),
/// `NONE` when unmatched.
pub(crate) fn hopcroft_karp(adjacency: &[Vec<usize>], right: usize) -> (Vec<usize>, Vec<usize>) {
    let left = adjacency.len();
    let mut pair_left = vec![NONE; left];
    let mut pair_right = vec![NONE; right];
    let mut layer = vec![0usize; left];
    let mut next_edge = vec![0usize; left];
    let mut queue = Vec::with_capacity(left);
    let mut stack = Vec::new();
    loop {
        // Layers of left vertices by alternating distance from the unmatched ones.
        queue.clear();
        for l in 0..left {
            if pair_left[l] == NONE {
                layer[l] = 0;
                queue.push(l);
            } else {
                layer[l] = NONE;
            }
        }
        let mut found = false;
        let mut head = 0;
        while head < queue.len() {
            let l = queue[head];
            head += 1;
            for &r in &adjacency[l] {
                let next = pair_right[r];
                if next == NONE {
                    found = true;
                } else if layer[next] == NONE {
                    layer[next] = layer[l] + 1;
                    queue.push(next);
                }
            }
        }
        if !found {
            return (pair_left, pair_right);
        }
        // Vertex-disjoint shortest augmenting paths along the layers, by depth-first search
        // with an explicit stack; a dead end leaves its layer for the rest of the phase.
        for v in next_edge.iter_mut() {
            *v = 0;
        }
        for root in 0..left {
            if pair_left[root] != NONE {
                continue;
            }
            stack.clear();
            stack.push(root);
            while let Some(&l) = stack.last() {
                if next_edge[l] == adjacency[l].len() {
                    layer[l] = NONE;
                    stack.pop();
                    if let Some(&parent) = stack.last() {
                        next_edge[parent] += 1;
                    }
                    continue;
                }
                let r = adjacency[l][next_edge[l]];
                let next = pair_right[r];
                if next == NONE {
                    // Flip the path: each vertex on the stack takes the edge it is looking at.
                    for &on_path in &stack {
                        let r = adjacency[on_path][next_edge[on_path]];
                        pair_left[on_path] = r;
                        pair_right[r] = on_path;
                    }
                    break;
                } else if layer[next] != NONE && layer[next] == layer[l] + 1 {
                    stack.push(next);
                } else {
                    next_edge[l] += 1;
                }
            }
        }
    }
}

/// A vertex of a bipartite graph, each side numbered from 0.
///
/// ```
/// use grundy::matching::Vertex;
/// let v = Vertex::Left(3);
/// assert_ne!(v, Vertex::Right(3)); // the sides are apart
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Vertex {
    /// The left vertex with this number.
    Left(usize),
    /// The right vertex with this number.
    Right(usize),
}

impl Vertex {
    /// (side, number): side 0 is the left, 1 the right.
    fn split(self) -> (usize, usize) {
        match self {
            Vertex::Left(l) => (0, l),
            Vertex::Right(r) => (1, r),
        }
    }

    fn on(side: usize, index: usize) -> Vertex {
        if side == 0 {
            Vertex::Left(index)
        } else {
            Vertex::Right(index)
        }
    }
}

/// A maximum matching of a bipartite graph that stays maximum while vertices are removed one
/// at a time, for games whose moves delete vertices and whose question after each move is
/// about maximum matchings (vertex geography: [`crate::geography::Walk`]).
///
/// Removing v: if a maximum matching M covers v with partner p, M − vp is a matching of G − v
/// one edge short of M, and G − v has a matching of |M| edges iff M − vp has an augmenting
/// path there (Berge). Such a path ends at p: one between two vertices M leaves uncovered
/// would augment M in G. So one alternating search from p, O(V + E), restores a maximum
/// matching; if it fails, every maximum matching of G covered v (the size dropped).
///
/// ```
/// use grundy::matching::{BipartiteMatching, Vertex::{Left, Right}};
/// // A path L0 - R0 - L1 - R1: a perfect matching {L0-R0, L1-R1}.
/// let mut m = BipartiteMatching::new(2, 2, &[(0, 0), (1, 0), (1, 1)]);
/// assert_eq!(m.size(), 2);
/// assert!(m.in_every_maximum_matching(Left(0)));
/// // Remove R1: L1 takes R0 and L0 is left over, or L0 keeps it: one edge either way.
/// assert!(m.remove(Right(1))); // the size dropped: R1 was in every maximum matching
/// assert_eq!(m.size(), 1);
/// assert!(!m.in_every_maximum_matching(Left(0))); // {L1-R0} misses it
/// assert!(m.in_every_maximum_matching(Right(0)));
/// assert!(!m.remove(Left(0))); // {L1-R0} is still maximum
/// assert_eq!(m.mate(Right(0)), Some(Left(1)));
/// ```
///
/// # Constraints
/// Up to `usize` vertices a side as memory allows; repeated edges count once.
///
/// # Complexity
/// [`BipartiteMatching::new`] O(E √V) (Hopcroft–Karp); [`BipartiteMatching::remove`] and
/// [`BipartiteMatching::in_every_maximum_matching`] O(V + E) each (one alternating search, no
/// recursion); memory O(V + E).
#[derive(Clone, Debug)]
pub struct BipartiteMatching {
    /// Per side (0 left, 1 right), each vertex's neighbours on the other side, sorted, once each.
    adjacency: [Vec<Vec<usize>>; 2],
    /// Per side, each vertex's partner on the other side, `NONE` when it has none.
    pair: [Vec<usize>; 2],
    /// Per side, whether the vertex has been removed.
    removed: [Vec<bool>; 2],
    /// The number of matched pairs.
    size: usize,
    /// Per side, the number of the search that last reached the vertex.
    seen: [Vec<u32>; 2],
    /// The number of the current search.
    stamp: u32,
    /// The search's path: (vertex, index of the edge it is trying).
    stack: Vec<(usize, usize)>,
}

impl BipartiteMatching {
    /// A maximum matching of the bipartite graph with `left` and `right` vertices and edges
    /// `(l, r)`, every vertex present.
    ///
    /// ```
    /// use grundy::matching::{BipartiteMatching, Vertex::{Left, Right}};
    /// let m = BipartiteMatching::new(2, 1, &[(0, 0), (1, 0), (1, 0)]);
    /// assert_eq!(m.size(), 1);
    /// assert!(m.mate(Right(0)).is_some());
    /// ```
    ///
    /// # Panics
    /// If an edge's endpoint is out of range.
    ///
    /// # Complexity
    /// O(E log E + E √V).
    pub fn new(left: usize, right: usize, edges: &[(usize, usize)]) -> Self {
        let mut forward = bipartite_adjacency(left, right, edges);
        let mut backward = vec![Vec::new(); right];
        for (l, list) in forward.iter_mut().enumerate() {
            list.sort_unstable();
            list.dedup();
            for &r in list.iter() {
                backward[r].push(l); // in increasing l: sorted, once each
            }
        }
        let (pair_left, pair_right) = hopcroft_karp(&forward, right);
        let size = pair_left.iter().filter(|&&r| r != NONE).count();
        BipartiteMatching {
            adjacency: [forward, backward],
            pair: [pair_left, pair_right],
            removed: [vec![false; left], vec![false; right]],
            size,
            seen: [vec![0; left], vec![0; right]],
            stamp: 0,
            stack: Vec::new(),
        }
    }

    /// The number of edges in the matching: the maximum matching size of the graph without
    /// the removed vertices.
    ///
    /// ```
    /// use grundy::matching::BipartiteMatching;
    /// assert_eq!(BipartiteMatching::new(3, 3, &[(0, 0), (1, 1), (2, 2)]).size(), 3);
    /// ```
    pub fn size(&self) -> usize {
        self.size
    }

    /// `v`'s partner in the matching kept, if it has one (a removed vertex has none).
    ///
    /// ```
    /// use grundy::matching::{BipartiteMatching, Vertex::{Left, Right}};
    /// let m = BipartiteMatching::new(1, 2, &[(0, 1)]);
    /// assert_eq!(m.mate(Left(0)), Some(Right(1)));
    /// assert_eq!(m.mate(Right(0)), None);
    /// ```
    ///
    /// # Panics
    /// If `v` is out of range.
    pub fn mate(&self, v: Vertex) -> Option<Vertex> {
        let (side, index) = self.check(v);
        let partner = self.pair[side][index];
        if partner == NONE {
            None
        } else {
            Some(Vertex::on(1 - side, partner))
        }
    }

    /// Whether `v` has been removed.
    ///
    /// ```
    /// use grundy::matching::{BipartiteMatching, Vertex::Left};
    /// let mut m = BipartiteMatching::new(2, 1, &[(0, 0), (1, 0)]);
    /// m.remove(Left(1));
    /// assert!(m.is_removed(Left(1)) && !m.is_removed(Left(0)));
    /// ```
    ///
    /// # Panics
    /// If `v` is out of range.
    pub fn is_removed(&self, v: Vertex) -> bool {
        let (side, index) = self.check(v);
        self.removed[side][index]
    }

    /// `v`'s neighbours that have not been removed, each once, in increasing number.
    ///
    /// ```
    /// use grundy::matching::{BipartiteMatching, Vertex::{Left, Right}};
    /// let mut m = BipartiteMatching::new(1, 3, &[(0, 2), (0, 0), (0, 1), (0, 2)]);
    /// m.remove(Right(1));
    /// assert_eq!(m.neighbours(Left(0)).collect::<Vec<_>>(), vec![Right(0), Right(2)]);
    /// ```
    ///
    /// # Panics
    /// If `v` is out of range.
    ///
    /// # Complexity
    /// O(deg v) for the whole iteration.
    pub fn neighbours(&self, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
        let (side, index) = self.check(v);
        let other = 1 - side;
        self.adjacency[side][index]
            .iter()
            .filter(move |&&w| !self.removed[other][w])
            .map(move |&w| Vertex::on(other, w))
    }

    /// Whether `a` and `b` are joined by an edge (removed or not).
    pub(crate) fn joined(&self, a: Vertex, b: Vertex) -> bool {
        let (side, index) = self.check(a);
        let (other, w) = self.check(b);
        side != other && self.adjacency[side][index].binary_search(&w).is_ok()
    }

    /// Whether every maximum matching of the graph as it now is (without the removed
    /// vertices) covers `v`; the matching kept is not changed. `false` for a removed vertex.
    ///
    /// A vertex the matching kept leaves uncovered is missed by that one. A covered v with
    /// partner p is missed by some maximum matching iff G − v has an augmenting path for
    /// M − vp, which must end at p (see the type's documentation): one search from p.
    ///
    /// ```
    /// use grundy::matching::{BipartiteMatching, Vertex::{Left, Right}};
    /// // A star: R0 joined to L0, L1, L2. R0 is in every maximum matching, no left vertex is.
    /// let mut m = BipartiteMatching::new(3, 1, &[(0, 0), (1, 0), (2, 0)]);
    /// assert!(m.in_every_maximum_matching(Right(0)));
    /// assert!((0..3).all(|l| !m.in_every_maximum_matching(Left(l))));
    /// ```
    ///
    /// # Panics
    /// If `v` is out of range.
    ///
    /// # Complexity
    /// O(V + E).
    pub fn in_every_maximum_matching(&mut self, v: Vertex) -> bool {
        let (side, index) = self.check(v);
        let partner = self.pair[side][index];
        partner != NONE && !self.search(1 - side, partner, index, false)
    }

    /// Removes `v` and its edges, and restores a maximum matching by one augmenting search
    /// from its former partner. Returns whether the maximum matching size dropped, that is
    /// whether every maximum matching of the graph before the removal covered `v` (what
    /// [`BipartiteMatching::in_every_maximum_matching`] would have said).
    ///
    /// ```
    /// use grundy::matching::{BipartiteMatching, Vertex::{Left, Right}};
    /// // L0 - R0 - L1: R0 is in every maximum matching, L0 and L1 are not.
    /// let mut m = BipartiteMatching::new(2, 1, &[(0, 0), (1, 0)]);
    /// assert!(!m.remove(Left(0)));
    /// assert_eq!(m.mate(Right(0)), Some(Left(1)));
    /// assert!(m.remove(Right(0)));
    /// assert_eq!(m.size(), 0);
    /// ```
    ///
    /// # Panics
    /// If `v` is out of range or already removed.
    ///
    /// # Complexity
    /// O(V + E).
    pub fn remove(&mut self, v: Vertex) -> bool {
        let (side, index) = self.check(v);
        assert!(!self.removed[side][index], "{:?} is already removed", v);
        self.removed[side][index] = true;
        let partner = self.pair[side][index];
        if partner == NONE {
            return false;
        }
        self.pair[side][index] = NONE;
        self.pair[1 - side][partner] = NONE;
        self.size -= 1;
        if self.search(1 - side, partner, NONE, true) {
            self.size += 1;
            false
        } else {
            true
        }
    }

    /// `v` as (side, number), checked against the sides' sizes.
    fn check(&self, v: Vertex) -> (usize, usize) {
        let (side, index) = v.split();
        assert!(
            index < self.pair[side].len(),
            "{:?} outside {} × {}",
            v,
            self.pair[0].len(),
            self.pair[1].len()
        );
        (side, index)
    }

    /// Whether an alternating path leads from `root` (on `side`) to a vertex of the other
    /// side that the matching leaves uncovered, by depth-first search with an explicit stack,
    /// never through removed vertices nor through `skip` (a vertex of the other side, or
    /// `NONE`); with `flip`, the path found is flipped into the matching. The root's own
    /// matched edge, if it has one, is never followed: its partner is `skip`.
    fn search(&mut self, side: usize, root: usize, skip: usize, flip: bool) -> bool {
        let other = 1 - side;
        if self.stamp == u32::MAX {
            for seen in self.seen.iter_mut() {
                for s in seen.iter_mut() {
                    *s = 0;
                }
            }
            self.stamp = 0;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        self.seen[side][root] = stamp;
        self.stack.clear();
        self.stack.push((root, 0));
        while let Some(&(v, i)) = self.stack.last() {
            let top = self.stack.len() - 1;
            if i == self.adjacency[side][v].len() {
                self.stack.pop();
                if let Some(parent) = self.stack.last_mut() {
                    parent.1 += 1;
                }
                continue;
            }
            let w = self.adjacency[side][v][i];
            if w == skip || self.removed[other][w] {
                self.stack[top].1 += 1;
                continue;
            }
            let next = self.pair[other][w];
            if next == NONE {
                if flip {
                    // Each vertex on the path takes the edge it is looking at.
                    for &(u, j) in &self.stack {
                        let x = self.adjacency[side][u][j];
                        self.pair[side][u] = x;
                        self.pair[other][x] = u;
                    }
                }
                return true;
            }
            if self.seen[side][next] == stamp {
                self.stack[top].1 += 1;
            } else {
                self.seen[side][next] = stamp;
                self.stack.push((next, 0));
            }
        }
        false
    }
}

mod blossom;
pub use blossom::maximum_matching;
pub(crate) use blossom::Blossom;

/// Random graphs for the tests of this module and of `geography`, which check the same
/// matchings through the game.
#[cfg(test)]
pub(crate) mod random_graphs;

#[cfg(test)]
mod tests;
