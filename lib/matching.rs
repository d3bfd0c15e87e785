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
//! The game that needs them is [`crate::geography`] (who wins undirected vertex geography).
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

/// A maximum matching of the graph with `vertices` vertices and undirected `edges`, by
/// Edmonds' blossom algorithm: `mate[v]` is `v`'s partner. Self-loops are ignored; repeated
/// edges are allowed.
///
/// ```
/// use grundy::matching::maximum_matching;
/// // A 5-cycle: two edges, one vertex left over.
/// let mate = maximum_matching(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]);
/// assert_eq!(mate.iter().filter(|m| m.is_none()).count(), 1);
/// ```
///
/// # Panics
/// If an edge's endpoint is not below `vertices`.
///
/// # Complexity
/// O(V³) time, O(V + E) memory; no recursion.
pub fn maximum_matching(vertices: usize, edges: &[(usize, usize)]) -> Vec<Option<usize>> {
    let mut blossom = Blossom::new(vertices, edges);
    for root in 0..vertices {
        if blossom.mate[root] == NONE {
            if let Some(end) = blossom.augmenting_path(root) {
                blossom.augment(end);
            }
        }
    }
    blossom.mates()
}

/// Undirected adjacency lists, self-loops dropped.
pub(crate) fn adjacency(vertices: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut adjacency = vec![Vec::new(); vertices];
    for &(a, b) in edges {
        assert!(
            a < vertices && b < vertices,
            "edge ({}, {}) outside 0..{}",
            a,
            b,
            vertices
        );
        if a != b {
            adjacency[a].push(b);
            adjacency[b].push(a);
        }
    }
    adjacency
}

/// Edmonds' search state: the matching, and per search the alternating tree from one root.
pub(crate) struct Blossom {
    adjacency: Vec<Vec<usize>>,
    /// Partner of each vertex, `NONE` if unmatched.
    pub(crate) mate: Vec<usize>,
    /// The tree edge into an odd (inner) vertex: its parent, an even vertex.
    parent: Vec<usize>,
    /// The base of the blossom each vertex has been shrunk into (itself if none).
    base: Vec<usize>,
    /// Whether a vertex is even (outer) in the tree: on the queue to be scanned.
    even: Vec<bool>,
    in_blossom: Vec<bool>,
    queue: Vec<usize>,
    /// A vertex treated as deleted (`NONE`: none), to search G − v without copying G.
    pub(crate) removed: usize,
}

impl Blossom {
    pub(crate) fn new(vertices: usize, edges: &[(usize, usize)]) -> Self {
        Blossom {
            adjacency: adjacency(vertices, edges),
            mate: vec![NONE; vertices],
            parent: vec![NONE; vertices],
            base: (0..vertices).collect(),
            even: vec![false; vertices],
            in_blossom: vec![false; vertices],
            queue: Vec::new(),
            removed: NONE,
        }
    }

    pub(crate) fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&m| if m == NONE { None } else { Some(m) })
            .collect()
    }

    /// The lowest common ancestor of two even vertices' blossoms in the tree: walk up from `a`
    /// marking bases, then up from `b` to the first marked one.
    fn common_base(&self, mut a: usize, mut b: usize) -> usize {
        let mut marked = vec![false; self.mate.len()];
        loop {
            a = self.base[a];
            marked[a] = true;
            if self.mate[a] == NONE {
                break; // the root
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if marked[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossoms on the tree path from `v` up to `base`, and points the odd vertices
    /// on it back across the new edge (`child`), so that a path through the blossom can be
    /// unwound either way round the cycle.
    fn mark_path(&mut self, mut v: usize, base: usize, mut child: usize) {
        while self.base[v] != base {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Grows the alternating tree from the unmatched `root`; returns the unmatched vertex at
    /// the end of an augmenting path (recorded in `parent`), if one exists.
    pub(crate) fn augmenting_path(&mut self, root: usize) -> Option<usize> {
        let n = self.mate.len();
        for v in 0..n {
            self.parent[v] = NONE;
            self.base[v] = v;
            self.even[v] = false;
        }
        self.queue.clear();
        self.even[root] = true;
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for i in 0..self.adjacency[v].len() {
                let to = self.adjacency[v][i];
                if to == self.removed || self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                let to_is_even =
                    to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE);
                if to_is_even {
                    // An edge between two even vertices closes an odd cycle: shrink it.
                    let base = self.common_base(v, to);
                    for b in self.in_blossom.iter_mut() {
                        *b = false;
                    }
                    self.mark_path(v, base, to);
                    self.mark_path(to, base, v);
                    for u in 0..n {
                        if self.in_blossom[self.base[u]] {
                            self.base[u] = base;
                            if !self.even[u] {
                                self.even[u] = true;
                                self.queue.push(u);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    let next = self.mate[to];
                    self.even[next] = true;
                    self.queue.push(next);
                }
            }
        }
        None
    }

    /// Flips the augmenting path ending at `end` (found by [`Blossom::augmenting_path`]).
    pub(crate) fn augment(&mut self, end: usize) {
        let mut v = end;
        while v != NONE {
            let parent = self.parent[v];
            let next = self.mate[parent];
            self.mate[v] = parent;
            self.mate[parent] = v;
            v = next;
        }
    }
}

/// Random graphs for the tests of this module and of `geography`, which check the same
/// matchings through the game.
#[cfg(test)]
pub(crate) mod random_graphs {
    use testkit::Rng;

    /// A graph of 1 to `below - 1` vertices and up to twice as many edges, loops and repeated
    /// edges included.
    pub(crate) fn random_graph(rng: &mut Rng, below: u64) -> (usize, Vec<(usize, usize)>) {
        let n = rng.range(1, below) as usize;
        let count = rng.range(0, 2 * n as u64);
        let edges = (0..count)
            .map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize))
            .collect();
        (n, edges)
    }

    /// A bipartite graph of 1 to `below - 1` vertices on each side, as (left, right) edges,
    /// repeats included.
    pub(crate) fn random_bipartite(
        rng: &mut Rng,
        below: u64,
    ) -> (usize, usize, Vec<(usize, usize)>) {
        let (left, right) = (rng.range(1, below) as usize, rng.range(1, below) as usize);
        let count = rng.range(0, (left * right) as u64);
        let edges = (0..count)
            .map(|_| {
                (
                    rng.below(left as u64) as usize,
                    rng.below(right as u64) as usize,
                )
            })
            .collect();
        (left, right, edges)
    }
}

#[cfg(test)]
mod tests {
    use super::random_graphs::{random_bipartite, random_graph};
    use super::*;
    use testkit::Rng;

    /// The largest matching by trying every edge in or out (with used vertices as a bitmask).
    fn brute_size(edges: &[(usize, usize)], used: u32) -> usize {
        match edges.split_first() {
            None => 0,
            Some((&(a, b), rest)) => {
                let without = brute_size(rest, used);
                let bits = (1u32 << a) | (1 << b);
                if a != b && used & bits == 0 {
                    without.max(1 + brute_size(rest, used | bits))
                } else {
                    without
                }
            }
        }
    }

    /// Whether `mate` is a matching of `edges` (each pair an edge, both ends agree).
    fn is_matching(mate: &[Option<usize>], edges: &[(usize, usize)]) -> bool {
        mate.iter().enumerate().all(|(v, m)| match *m {
            None => true,
            Some(w) => mate[w] == Some(v) && edges.iter().any(|&e| e == (v, w) || e == (w, v)),
        })
    }

    #[test]
    fn general_matchings_are_maximum() {
        let mut rng = Rng::new(351);
        for _ in 0..3000 {
            let (n, edges) = random_graph(&mut rng, 11);
            let mate = maximum_matching(n, &edges);
            assert!(is_matching(&mate, &edges), "{:?} {:?}", edges, mate);
            let size = mate.iter().filter(|m| m.is_some()).count() / 2;
            assert_eq!(size, brute_size(&edges, 0), "{} {:?}", n, edges);
        }
    }

    #[test]
    fn bipartite_matchings_are_maximum() {
        let mut rng = Rng::new(352);
        for _ in 0..3000 {
            let (left, right, edges) = random_bipartite(&mut rng, 7);
            let mate = bipartite_matching(left, right, &edges);
            // A proper matching: pairs are edges and no right vertex twice.
            let mut taken = vec![false; right];
            for (l, m) in mate.iter().enumerate() {
                if let Some(r) = *m {
                    assert!(edges.contains(&(l, r)) && !taken[r]);
                    taken[r] = true;
                }
            }
            // The brute force on the same graph with right vertices renumbered after the left.
            let as_general: Vec<(usize, usize)> =
                edges.iter().map(|&(l, r)| (l, left + r)).collect();
            let size = mate.iter().filter(|m| m.is_some()).count();
            assert_eq!(
                size,
                brute_size(&as_general, 0),
                "{} {} {:?}",
                left,
                right,
                edges
            );
        }
    }

    #[test]
    fn long_paths_need_no_recursion() {
        // A path: every other edge; the bipartite one as left i – right i and right i − 1.
        let n = 3001;
        let path: Vec<(usize, usize)> = (0..n - 1).map(|v| (v, v + 1)).collect();
        assert_eq!(maximum_matching(n, &path).iter().flatten().count(), n - 1);
        let half = 100_000;
        let zigzag: Vec<(usize, usize)> =
            (0..half).flat_map(|i| vec![(i, i), (i + 1, i)]).collect();
        assert_eq!(
            bipartite_matching(half + 1, half, &zigzag)
                .iter()
                .flatten()
                .count(),
            half
        );
    }
}
