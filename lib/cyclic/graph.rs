//! [`Graph`]: a game's moves stored as compressed adjacency, and solved by the engine.

use super::{solve_by_predecessors, Convention, Solution};

/// A directed graph on positions `0..n` in compressed adjacency (CSR): the moves of position
/// `p` are one slice, built once.
///
/// ```
/// use grundy::cyclic::Graph;
/// let graph = Graph::from_edges(3, &[(0, 1), (0, 2), (2, 0)]);
/// assert_eq!(graph.moves(0).collect::<Vec<_>>(), vec![1, 2]);
/// assert_eq!(graph.out_degree(1), 0);
/// assert_eq!(graph.edges(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// The moves of `p` are `targets[offsets[p]..offsets[p + 1]]`.
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl Graph {
    /// The graph with the given edges `(from, to)` (duplicates are kept: two equal edges are
    /// two moves).
    ///
    /// # Panics
    /// If an endpoint is not below `positions`, or `positions` is 2^32 − 1 or more.
    ///
    /// # Complexity
    /// O(V + E).
    pub fn from_edges(positions: usize, edges: &[(usize, usize)]) -> Self {
        let mut degree = vec![0usize; positions];
        for &(from, to) in edges {
            assert!(
                from < positions && to < positions,
                "edge ({}, {}) leaves the positions 0..{}",
                from,
                to,
                positions
            );
            degree[from] += 1;
        }
        Graph::by_counting(degree, edges.iter().copied())
    }

    /// The graph whose moves from `p` are what `moves(p, buffer)` appends to the (emptied)
    /// `buffer`, called once for each position in order.
    ///
    /// ```
    /// use grundy::cyclic::{Convention, CyclicOutcome, Graph};
    /// // On a cycle of 10, move 1 or 2 forward; 0 has no move.
    /// let graph = Graph::from_moves(10, |p, moves| {
    ///     if p != 0 {
    ///         moves.extend([(p + 1) % 10, (p + 2) % 10].iter());
    ///     }
    /// });
    /// let solution = graph.solve(Convention::Normal);
    /// assert_eq!(solution.outcome(9), CyclicOutcome::Win); // to 0
    /// assert_eq!(solution.outcome(7), CyclicOutcome::Lose); // to 8 or 9, both won
    /// ```
    ///
    /// # Panics
    /// If a move leaves `0..positions`, or `positions` is 2^32 − 1 or more.
    ///
    /// # Complexity
    /// O(V + E) plus the calls.
    pub fn from_moves<F>(positions: usize, mut moves: F) -> Self
    where
        F: FnMut(usize, &mut Vec<usize>),
    {
        assert!(positions < u32::MAX as usize, "at most 2^32 - 1 positions");
        let mut offsets = Vec::with_capacity(positions + 1);
        let mut targets = Vec::new();
        let mut buffer = Vec::new();
        offsets.push(0);
        for p in 0..positions {
            buffer.clear();
            moves(p, &mut buffer);
            for &to in &buffer {
                assert!(
                    to < positions,
                    "move {} → {} leaves the positions 0..{}",
                    p,
                    to,
                    positions
                );
                targets.push(to as u32);
            }
            offsets.push(targets.len());
        }
        Graph { offsets, targets }
    }

    /// CSR from each position's out-degree and the edges in any order (a counting sort).
    fn by_counting(degree: Vec<usize>, edges: impl Iterator<Item = (usize, usize)>) -> Self {
        assert!(
            degree.len() < u32::MAX as usize,
            "at most 2^32 - 1 positions"
        );
        let mut offsets = Vec::with_capacity(degree.len() + 1);
        offsets.push(0);
        for d in &degree {
            let last = offsets[offsets.len() - 1];
            offsets.push(last + d);
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; offsets[degree.len()]];
        for (from, to) in edges {
            targets[fill[from]] = to as u32;
            fill[from] += 1;
        }
        Graph { offsets, targets }
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of edges (moves).
    pub fn edges(&self) -> usize {
        self.targets.len()
    }

    /// The number of moves from `position`.
    ///
    /// # Panics
    /// If `position` is not below [`Graph::positions`].
    pub fn out_degree(&self, position: usize) -> usize {
        self.offsets[position + 1] - self.offsets[position]
    }

    /// The positions one move from `position`, in the order given.
    ///
    /// # Panics
    /// If `position` is not below [`Graph::positions`].
    pub fn moves(&self, position: usize) -> impl Iterator<Item = usize> + '_ {
        self.targets[self.offsets[position]..self.offsets[position + 1]]
            .iter()
            .map(|&to| to as usize)
    }

    /// The moves of `position` as stored.
    fn targets_of(&self, position: usize) -> &[u32] {
        &self.targets[self.offsets[position]..self.offsets[position + 1]]
    }

    /// The graph with every edge turned round: its moves from `q` are the predecessors of `q`.
    ///
    /// ```
    /// use grundy::cyclic::Graph;
    /// let reversed = Graph::from_edges(3, &[(0, 2), (1, 2)]).reversed();
    /// assert_eq!(reversed.moves(2).collect::<Vec<_>>(), vec![0, 1]);
    /// ```
    ///
    /// # Complexity
    /// O(V + E).
    pub fn reversed(&self) -> Graph {
        let mut degree = vec![0usize; self.positions()];
        for &to in &self.targets {
            degree[to as usize] += 1;
        }
        let edges = (0..self.positions()).flat_map(move |p| self.moves(p).map(move |to| (to, p)));
        Graph::by_counting(degree, edges)
    }

    /// Every position's outcome and remoteness (see the [module](super) for the rule).
    ///
    /// ```
    /// use grundy::cyclic::{Convention, CyclicOutcome, Graph};
    /// let graph = Graph::from_edges(3, &[(0, 1), (1, 2)]);
    /// assert_eq!(graph.solve(Convention::Normal).outcome(0), CyclicOutcome::Lose);
    /// assert_eq!(graph.solve(Convention::Misere).outcome(0), CyclicOutcome::Win);
    /// ```
    ///
    /// # Complexity
    /// O(V + E); it builds the reversed graph (4 bytes an edge).
    pub fn solve(&self, convention: Convention) -> Solution {
        let reversed = self.reversed();
        solve_by_predecessors(
            self.positions(),
            convention,
            |p| self.out_degree(p),
            |q, buffer| buffer.extend_from_slice(reversed.targets_of(q)),
        )
    }
}
