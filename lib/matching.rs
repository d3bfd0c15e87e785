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

    /// The edges of a bipartite graph whose both ends are kept, numbered as a general graph
    /// (right vertex r as `left + r`), for `brute_size`.
    fn kept_edges(
        left: usize,
        edges: &[(usize, usize)],
        kept: &dyn Fn(Vertex) -> bool,
    ) -> Vec<(usize, usize)> {
        edges
            .iter()
            .filter(|&&(l, r)| kept(Vertex::Left(l)) && kept(Vertex::Right(r)))
            .map(|&(l, r)| (l, left + r))
            .collect()
    }

    /// The matching kept, as (left, right) pairs, checked to be a matching of the graph left.
    fn checked_pairs(
        m: &BipartiteMatching,
        left: usize,
        right: usize,
        edges: &[(usize, usize)],
    ) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for l in 0..left {
            if let Some(partner) = m.mate(Vertex::Left(l)) {
                let r = match partner {
                    Vertex::Right(r) => r,
                    Vertex::Left(_) => panic!("L{} matched to its own side", l),
                };
                assert_eq!(m.mate(partner), Some(Vertex::Left(l)));
                assert!(edges.contains(&(l, r)), "L{}-R{} is no edge", l, r);
                assert!(!m.is_removed(Vertex::Left(l)) && !m.is_removed(partner));
                pairs.push((l, r));
            }
        }
        for r in 0..right {
            if let Some(Vertex::Left(l)) = m.mate(Vertex::Right(r)) {
                assert!(pairs.contains(&(l, r)));
            }
        }
        assert_eq!(pairs.len(), m.size());
        pairs
    }

    #[test]
    fn removals_keep_a_maximum_matching_and_say_when_it_shrank() {
        let mut rng = Rng::new(355);
        let (mut dropped, mut kept, mut every, mut not_every) = (0, 0, 0, 0);
        for _ in 0..700 {
            let (left, right, edges) = random_bipartite(&mut rng, 6);
            let mut m = BipartiteMatching::new(left, right, &edges);
            let mut present: Vec<Vertex> = (0..left)
                .map(Vertex::Left)
                .chain((0..right).map(Vertex::Right))
                .collect();
            let mut gone: Vec<Vertex> = Vec::new();
            while !present.is_empty() {
                let now = kept_edges(left, &edges, &|v| !gone.contains(&v));
                let size = brute_size(&now, 0);
                let pairs = checked_pairs(&m, left, right, &edges);
                assert_eq!(
                    m.size(),
                    size,
                    "{} {} {:?} without {:?}",
                    left,
                    right,
                    edges,
                    gone
                );
                // The question on a present vertex, answered by the brute force without it.
                let v = present[rng.below(present.len() as u64) as usize];
                let without_v = kept_edges(left, &edges, &|u| u != v && !gone.contains(&u));
                let expected = brute_size(&without_v, 0) < size;
                assert_eq!(
                    m.in_every_maximum_matching(v),
                    expected,
                    "{:?} {:?}",
                    v,
                    edges
                );
                if expected {
                    every += 1;
                } else {
                    not_every += 1;
                }
                assert_eq!(
                    checked_pairs(&m, left, right, &edges),
                    pairs,
                    "the query changed it"
                );
                // A removal, the same question asked the other way.
                let u = present.swap_remove(rng.below(present.len() as u64) as usize);
                let without_u = kept_edges(left, &edges, &|w| w != u && !gone.contains(&w));
                let shrinks = brute_size(&without_u, 0) < size;
                assert_eq!(
                    m.remove(u),
                    shrinks,
                    "{:?} {:?} without {:?}",
                    u,
                    edges,
                    gone
                );
                if shrinks {
                    dropped += 1;
                } else {
                    kept += 1;
                }
                gone.push(u);
                assert!(m.is_removed(u) && m.mate(u).is_none());
                assert!(!m.in_every_maximum_matching(u));
                for &w in &present {
                    assert!(m.neighbours(w).all(|x| x != u));
                }
            }
            assert_eq!(m.size(), 0);
        }
        assert!(dropped > 1000 && kept > 1000, "{} {}", dropped, kept);
        assert!(every > 1000 && not_every > 1000, "{} {}", every, not_every);
    }

    #[test]
    fn neighbours_are_listed_once_in_order_without_the_removed() {
        let mut rng = Rng::new(356);
        for _ in 0..500 {
            let (left, right, edges) = random_bipartite(&mut rng, 8);
            let mut m = BipartiteMatching::new(left, right, &edges);
            let r = rng.below(right as u64) as usize;
            m.remove(Vertex::Right(r));
            for l in 0..left {
                let expected: Vec<Vertex> = (0..right)
                    .filter(|&x| x != r && edges.contains(&(l, x)))
                    .map(Vertex::Right)
                    .collect();
                assert_eq!(m.neighbours(Vertex::Left(l)).collect::<Vec<_>>(), expected);
            }
        }
    }

    #[test]
    #[should_panic(expected = "already removed")]
    fn a_vertex_is_removed_once() {
        let mut m = BipartiteMatching::new(1, 1, &[(0, 0)]);
        m.remove(Vertex::Right(0));
        m.remove(Vertex::Right(0));
    }

    #[test]
    #[should_panic(expected = "outside 2 × 1")]
    fn a_vertex_out_of_range_is_refused() {
        BipartiteMatching::new(2, 1, &[(0, 0)]).mate(Vertex::Right(1));
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
        // The zigzag as a path L0 - R0 - L1 - … - R(h−1) - L(h): without its middle right
        // vertex it splits into paths of h + 1 and h − 1 vertices, one edge fewer in all.
        let mut m = BipartiteMatching::new(half + 1, half, &zigzag);
        assert_eq!(m.size(), half);
        assert!(m.remove(Vertex::Right(half / 2)));
        assert_eq!(m.size(), half - 1);
        // Without L0 the rest keeps a perfect matching of the other 2h vertices: one long path.
        let mut m = BipartiteMatching::new(half + 1, half, &zigzag);
        assert!(!m.remove(Vertex::Left(0)));
        assert_eq!(m.size(), half);
        assert!(m.in_every_maximum_matching(Vertex::Left(half))); // R(h−1)-L(h) is forced
    }
}
