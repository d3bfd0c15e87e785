//! Edmonds' blossom algorithm: a maximum matching of a general graph, and the search state
//! that `geography` reuses to ask about G − v.

use super::NONE;

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
