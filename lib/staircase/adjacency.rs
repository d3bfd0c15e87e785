//! The tree of [`super::root_values`] in one array, checked, and its BFS order.

/// A tree's adjacency in one array (CSR): the neighbours of v are `to[start[v]..start[v + 1]]`.
pub(super) struct Adjacency {
    start: Vec<usize>,
    to: Vec<usize>,
}

impl Adjacency {
    /// The adjacency of the tree with these edges on n vertices, and its vertices in BFS
    /// order from vertex 0; panics if the edges are no tree.
    pub(super) fn tree(n: usize, edges: &[(usize, usize)]) -> (Self, Vec<usize>) {
        assert!(
            edges.len() + 1 == n || (n == 0 && edges.is_empty()),
            "root_values: a tree on {} vertices has {} edges, not {}",
            n,
            n.saturating_sub(1),
            edges.len()
        );
        let mut start = vec![0; n + 1];
        for &(u, v) in edges {
            assert!(
                u < n && v < n,
                "root_values: edge ({}, {}) is not between vertices below {}",
                u,
                v,
                n
            );
            start[u + 1] += 1;
            start[v + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut to = vec![0; 2 * edges.len()];
        for &(u, v) in edges {
            to[fill[u]] = v;
            fill[u] += 1;
            to[fill[v]] = u;
            fill[v] += 1;
        }
        let tree = Adjacency { start, to };
        if n == 0 {
            return (tree, Vec::new());
        }
        let (order, _) = tree.bfs(0);
        assert!(
            order.len() == n,
            "root_values: the edges leave {} of {} vertices apart from vertex 0",
            n - order.len(),
            n
        );
        (tree, order)
    }

    /// The same tree with vertex `order[i]` renamed i.
    pub(super) fn renumbered(&self, order: &[usize]) -> Self {
        let n = order.len();
        let mut rank = vec![0; n];
        for (i, &v) in order.iter().enumerate() {
            rank[v] = i;
        }
        let mut start = Vec::with_capacity(n + 1);
        let mut to = Vec::with_capacity(self.to.len());
        start.push(0);
        for &v in order {
            to.extend(self.neighbours(v).iter().map(|&w| rank[w]));
            start.push(to.len());
        }
        Adjacency { start, to }
    }

    // Inline: the other files' loops call it once a vertex, and a call across codegen units
    // is not inlined without it (6% more instructions on a path of 60,000 vertices).
    #[inline]
    pub(super) fn neighbours(&self, v: usize) -> &[usize] {
        &self.to[self.start[v]..self.start[v + 1]]
    }

    /// The vertices reached from `root` in BFS order, and each one's parent (the root its own).
    pub(super) fn bfs(&self, root: usize) -> (Vec<usize>, Vec<usize>) {
        let n = self.start.len() - 1;
        let mut parent = vec![usize::MAX; n];
        parent[root] = root;
        let mut order = vec![root];
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in self.neighbours(v) {
                if parent[w] == usize::MAX {
                    parent[w] = v;
                    order.push(w);
                }
            }
        }
        (order, parent)
    }
}
