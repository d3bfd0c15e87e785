//! Green Hackenbush: a graph of edges rooted to the ground; a move deletes one edge, and every
//! edge no longer connected to the ground falls away. The last player to move wins.
//!
//! Values come from two principles (Berlekamp, Conway and Guy, *Winning Ways*):
//! - the colon principle: where branches meet at a vertex, they may be replaced by a stalk
//!   whose length is the XOR of theirs; so a tree is worth the XOR, over the ground's
//!   branches, of each branch's value plus one (a stalk of n edges is worth n);
//! - the fusion principle: the vertices on a cycle may be fused into one without changing the
//!   value, the cycle's edges becoming loops, and a loop is worth 1 (a stalk of one edge).
//!
//! So [`Graph::value`] fuses every 2-edge-connected component (every set of vertices joined by
//! cycles, the ground's included) into one vertex, which leaves a tree of bridges with loops,
//! and evaluates that tree by the colon principle. A tree rooted at the ground has no cycle to
//! fuse, so it goes to the colon principle directly.

use crate::nimber::Nimber;

/// A green Hackenbush picture: vertices `0..vertices`, vertex 0 is the ground (every grounded
/// vertex is vertex 0), and edges between vertices (loops allowed, parallel edges allowed).
///
/// ```
/// use grundy::hackenbush::Graph;
/// // A "door": two posts and a lintel.
/// let door = Graph::new(3, &[(0, 1), (0, 2), (1, 2)]);
/// assert_eq!(door.value(), grundy::prelude::Nimber(1));
/// ```
///
/// # Constraints
/// Edge ends below `vertices`. Edges not connected to the ground are worth nothing.
///
/// # Complexity
/// [`Graph::value`] is O(V + E).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    vertices: usize,
    edges: Vec<(usize, usize)>,
}

impl Graph {
    /// The picture with these edges.
    ///
    /// ```
    /// let stalk = grundy::hackenbush::Graph::new(3, &[(0, 1), (1, 2), (2, 2)]);
    /// assert_eq!(stalk.value(), grundy::prelude::Nimber(3)); // two edges and a loop on top
    /// ```
    ///
    /// # Panics
    /// If an edge names a vertex `>= vertices`.
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Self {
        assert!(
            edges.iter().all(|&(a, b)| a < vertices && b < vertices),
            "Graph::new: an edge names a vertex beyond {}",
            vertices
        );
        Graph {
            vertices,
            edges: edges.to_vec(),
        }
    }

    /// A stalk of `n` edges standing on the ground: a Nim heap of `n`.
    ///
    /// ```
    /// use grundy::hackenbush::Graph;
    /// use grundy::prelude::Nimber;
    /// assert_eq!(Graph::stalk(0).value(), Nimber(0));
    /// assert_eq!(Graph::stalk(4).value(), Nimber(4));
    /// ```
    pub fn stalk(n: usize) -> Self {
        let edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i + 1)).collect();
        Graph::new(n + 1, &edges)
    }

    /// The number of vertices, the ground included.
    ///
    /// ```
    /// assert_eq!(grundy::hackenbush::Graph::stalk(2).vertices(), 3);
    /// ```
    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The edges, as given.
    ///
    /// ```
    /// assert_eq!(grundy::hackenbush::Graph::stalk(2).edges(), &[(0, 1), (1, 2)]);
    /// ```
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The picture's Grundy value, by the fusion and colon principles.
    ///
    /// ```
    /// use grundy::hackenbush::Graph;
    /// // A twig: a trunk with two one-edge branches at its top (mex{0, 2, 2} = 1).
    /// assert_eq!(Graph::new(4, &[(0, 1), (1, 2), (1, 3)]).value(), grundy::prelude::Nimber(1));
    /// ```
    ///
    /// # Complexity
    /// O(V + E).
    pub fn value(&self) -> Nimber {
        let n = self.vertices;
        if n == 0 {
            return Nimber::ZERO;
        }
        let (first, adjacent) = adjacency(n, self.edges.iter().copied().enumerate());
        if self.edges.len() + 1 == n {
            if let Some(value) = tree_value(&first, &adjacent) {
                return value;
            }
        }
        let is_bridge = bridges(&first, &adjacent, self.edges.len());
        let (component, count) = fuse(&first, &adjacent, &is_bridge);
        // Loops per fused vertex, and the tree of bridges.
        let mut loops = vec![0u64; count];
        for (id, &(a, _)) in self.edges.iter().enumerate() {
            if !is_bridge[id] {
                loops[component[a]] += 1;
            }
        }
        let bridge_edges = self
            .edges
            .iter()
            .enumerate()
            .filter(|&(id, _)| is_bridge[id]);
        let (tree_first, tree) = adjacency(
            count,
            bridge_edges.map(|(id, &(a, b))| (id, (component[a], component[b]))),
        );
        colon_value(component[0], &loops, &tree_first, &tree)
    }
}

/// Which of the `edges` edges are bridges (on no cycle), by Tarjan's low-link, iteratively (a
/// stalk may be far deeper than the thread's stack). `first` and `adjacent` as [`adjacency`]
/// gives them.
fn bridges(first: &[usize], adjacent: &[(usize, usize)], edges: usize) -> Vec<bool> {
    let n = first.len() - 1;
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut is_bridge = vec![false; edges];
    let mut counter = 0;
    // (vertex, the edge it was entered by, next adjacency index)
    let mut stack: Vec<(usize, usize, usize)> = Vec::new();
    for start in 0..n {
        if order[start] != usize::MAX {
            continue;
        }
        stack.push((start, usize::MAX, first[start]));
        order[start] = counter;
        low[start] = counter;
        counter += 1;
        while let Some(&mut (v, via, ref mut next)) = stack.last_mut() {
            if *next < first[v + 1] {
                let (w, id) = adjacent[*next];
                *next += 1;
                if id == via {
                    continue;
                }
                if order[w] == usize::MAX {
                    order[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push((w, id, first[w]));
                } else {
                    low[v] = low[v].min(order[w]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[v]);
                    if low[v] > order[parent] {
                        is_bridge[via] = true;
                    }
                }
            }
        }
    }
    is_bridge
}

/// The fused vertices: the components joined by edges that are not bridges, as each vertex's
/// component and the number of components.
fn fuse(first: &[usize], adjacent: &[(usize, usize)], is_bridge: &[bool]) -> (Vec<usize>, usize) {
    let n = first.len() - 1;
    let mut component = vec![usize::MAX; n];
    let mut count = 0;
    let mut stack = Vec::new();
    for start in 0..n {
        if component[start] != usize::MAX {
            continue;
        }
        stack.push(start);
        component[start] = count;
        while let Some(v) = stack.pop() {
            for &(w, id) in &adjacent[first[v]..first[v + 1]] {
                if !is_bridge[id] && component[w] == usize::MAX {
                    component[w] = count;
                    stack.push(w);
                }
            }
        }
        count += 1;
    }
    (component, count)
}

/// The colon principle on the tree of bridges from the ground's fused vertex `root`, children
/// before parents: a fused vertex is worth its loops' count mod 2 (a loop is a stalk of one
/// edge), XOR each branch's value plus one. Fused vertices not reached from `root` do not count.
fn colon_value(
    root: usize,
    loops: &[u64],
    tree_first: &[usize],
    tree: &[(usize, usize)],
) -> Nimber {
    let count = loops.len();
    let mut parent = vec![usize::MAX; count];
    let mut visit = vec![root];
    let mut seen = vec![false; count];
    seen[root] = true;
    let mut i = 0;
    while i < visit.len() {
        let v = visit[i];
        i += 1;
        for &(w, _) in &tree[tree_first[v]..tree_first[v + 1]] {
            if !seen[w] {
                seen[w] = true;
                parent[w] = v;
                visit.push(w);
            }
        }
    }
    let mut value: Vec<u64> = loops.iter().map(|&l| l % 2).collect();
    for &v in visit.iter().rev() {
        if v != root {
            let branch = value[v] + 1;
            value[parent[v]] ^= branch;
        }
    }
    Nimber(value[root])
}

/// The value of a tree rooted at the ground (vertex 0) by the colon principle alone, or `None`
/// if the graph is not connected (with V - 1 edges, connected means a tree: no cycle, so nothing
/// to fuse). Children before parents: each branch adds its value plus one to its parent's.
fn tree_value(first: &[usize], adjacent: &[(usize, usize)]) -> Option<Nimber> {
    let n = first.len() - 1;
    let mut parent = vec![usize::MAX; n];
    let mut visit = Vec::with_capacity(n);
    visit.push(0);
    parent[0] = 0;
    let mut i = 0;
    while i < visit.len() {
        let v = visit[i];
        i += 1;
        for &(w, _) in &adjacent[first[v]..first[v + 1]] {
            if parent[w] == usize::MAX {
                parent[w] = v;
                visit.push(w);
            }
        }
    }
    if visit.len() < n {
        return None;
    }
    let mut value = vec![0u64; n];
    for &v in visit[1..].iter().rev() {
        value[parent[v]] ^= value[v] + 1;
    }
    Some(Nimber(value[0]))
}

/// The adjacency lists of `vertices` vertices in one flat array, as `(first, adjacent)`: the
/// neighbours of `v`, each with the id of the edge that joins them, are
/// `adjacent[first[v]..first[v + 1]]`. A loop is listed once. One allocation for all lists, not
/// one per vertex: on a tree every vertex is its own fused vertex, and per-vertex lists would
/// make allocation the main cost.
fn adjacency<I>(vertices: usize, edges: I) -> (Vec<usize>, Vec<(usize, usize)>)
where
    I: Iterator<Item = (usize, (usize, usize))> + Clone,
{
    let mut first = vec![0usize; vertices + 1];
    for (_, (a, b)) in edges.clone() {
        first[a + 1] += 1;
        if a != b {
            first[b + 1] += 1;
        }
    }
    for v in 0..vertices {
        first[v + 1] += first[v];
    }
    let mut next = first.clone();
    let mut adjacent = vec![(0, 0); first[vertices]];
    for (id, (a, b)) in edges {
        adjacent[next[a]] = (b, id);
        next[a] += 1;
        if a != b {
            adjacent[next[b]] = (a, id);
            next[b] += 1;
        }
    }
    (first, adjacent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mex::mex;
    use std::collections::HashMap;
    use testkit::Rng;

    /// The literal game: states are sets of remaining edges; a move deletes one edge, then every
    /// edge no longer connected to the ground. The value is the mex over the moves.
    fn search_value(graph: &Graph) -> Nimber {
        fn grounded(graph: &Graph, edges: u32) -> u32 {
            let mut reached = vec![false; graph.vertices()];
            reached[0] = true;
            let mut kept = 0u32;
            loop {
                let mut grew = false;
                for (id, &(a, b)) in graph.edges().iter().enumerate() {
                    if edges >> id & 1 == 1 && kept >> id & 1 == 0 && (reached[a] || reached[b]) {
                        kept |= 1 << id;
                        reached[a] = true;
                        reached[b] = true;
                        grew = true;
                    }
                }
                if !grew {
                    return kept;
                }
            }
        }
        fn value(graph: &Graph, edges: u32, memo: &mut HashMap<u32, Nimber>) -> Nimber {
            if let Some(&v) = memo.get(&edges) {
                return v;
            }
            let options: Vec<Nimber> = (0..graph.edges().len())
                .filter(|id| edges >> id & 1 == 1)
                .map(|id| value(graph, grounded(graph, edges & !(1 << id)), memo))
                .collect();
            let v = mex(options);
            memo.insert(edges, v);
            v
        }
        let all = (1u32 << graph.edges().len()) - 1;
        value(graph, grounded(graph, all), &mut HashMap::new())
    }

    #[test]
    fn the_lessons_pictures() {
        let twig = Graph::new(4, &[(0, 1), (1, 2), (1, 3)]);
        let tree = Graph::new(6, &[(0, 1), (0, 2), (2, 3), (3, 4), (2, 5)]);
        let door = Graph::new(3, &[(0, 1), (0, 2), (1, 2)]);
        // The door, a two-edge roof over it to the apex 3, and a chimney 3–4.
        let house = Graph::new(5, &[(0, 1), (0, 2), (1, 2), (1, 3), (3, 2), (3, 4)]);
        for (graph, want) in [
            (Graph::stalk(3), 3),
            (twig, 1),
            (tree, 5),
            (door, 1),
            (house, 0),
        ] {
            assert_eq!(graph.value(), Nimber(want), "{graph:?}");
            assert_eq!(search_value(&graph), Nimber(want), "{graph:?}");
        }
    }

    #[test]
    fn random_graphs_of_at_most_8_edges_match_the_search() {
        let mut rng = Rng::new(8);
        for _ in 0..600 {
            let vertices = rng.range(1, 6) as usize;
            let edges: Vec<(usize, usize)> = (0..rng.range(0, 8))
                .map(|_| {
                    (
                        rng.below(vertices as u64) as usize,
                        rng.below(vertices as u64) as usize,
                    )
                })
                .collect();
            let graph = Graph::new(vertices, &edges);
            assert_eq!(graph.value(), search_value(&graph), "{graph:?}");
        }
    }

    /// Trees take the colon principle's direct path in `value`; V - 1 edges that are not a tree
    /// (a loop and a stray edge) must not.
    #[test]
    fn random_trees_of_at_most_8_edges_match_the_search() {
        let mut rng = Rng::new(9);
        for _ in 0..400 {
            let vertices = rng.range(1, 9) as usize;
            // Vertex i > 0 hangs from a random earlier vertex, under a random relabelling that
            // keeps the ground at 0.
            let mut label: Vec<usize> = (0..vertices).collect();
            for i in (2..vertices).rev() {
                let j = 1 + rng.below(i as u64) as usize;
                label.swap(i, j);
            }
            let edges: Vec<(usize, usize)> = (1..vertices)
                .map(|i| {
                    let parent = rng.below(i as u64) as usize;
                    if rng.below(2) == 0 {
                        (label[i], label[parent])
                    } else {
                        (label[parent], label[i])
                    }
                })
                .collect();
            let graph = Graph::new(vertices, &edges);
            assert_eq!(graph.value(), search_value(&graph), "{:?}", graph);
        }
        let not_a_tree = Graph::new(3, &[(0, 0), (1, 2)]);
        assert_eq!(not_a_tree.value(), search_value(&not_a_tree));
        assert_eq!(not_a_tree.value(), Nimber(1));
    }
}
