//! The input shape "N − 1 edges that form a tree on vertices 1 to N", read and checked in one
//! place: every problem on a tree refuses a self-loop, a repeated edge, a cycle or an
//! out-of-range vertex with the same one-line error.

use crate::cases::Case;
use crate::error::InputError;
use crate::scanner::Scanner;

/// The root of `node` in a union–find forest, halving the path on the way.
fn find(parent: &mut [usize], mut node: usize) -> usize {
    while parent[node] != node {
        parent[node] = parent[parent[node]];
        node = parent[node];
    }
    node
}

impl Scanner<'_> {
    /// Reads the N − 1 edges of test case `case`'s tree on the vertices 1 to `n`, and pushes
    /// one item per edge onto `edges` (cleared first): what `edge(sc, u, v, i)` returns for the
    /// `i`-th edge (from 1) with its ends `u`, `v` as 0-based vertices. `edge` reads whatever
    /// else the edge's line holds (a colour, a weight) through `sc`, naming it with
    /// `case.item(.., i)`. The ends are named `ends[0]` and `ends[1]` followed by the edge's
    /// number (`u_2 of test case 3`).
    ///
    /// Errors, as one line: an end outside 1..=n (the scanner's range error), or an edge that
    /// joins a vertex to itself or two vertices already joined (a repeated edge or a cycle),
    /// named by its number and its ends as written. N − 1 edges without a cycle join the N
    /// vertices into one tree, so every edge list accepted is a tree. For `n` of 0 or 1 it
    /// reads nothing.
    ///
    /// ```
    /// use judge::{Case, Scanner};
    /// let case = Case::new(1);
    /// let mut edges = Vec::new();
    /// let mut sc = Scanner::new(b"1 2 2 3 2 4");
    /// sc.tree_edges(case, 4, ["u_", "v_"], &mut edges, |_, u, v, _| Ok((u, v))).unwrap();
    /// assert_eq!(edges, [(0, 1), (1, 2), (1, 3)]);
    ///
    /// // An edge's other fields are read by `edge`, in the order of the input.
    /// let mut weighted = Vec::new();
    /// let mut sc = Scanner::new(b"1 2 7 3 1 9");
    /// sc.tree_edges(case, 3, ["u_", "v_"], &mut weighted, |sc, u, v, i| {
    ///     Ok((u, v, sc.uint(case.item("w_", i), 0..=9)?))
    /// })
    /// .unwrap();
    /// assert_eq!(weighted, [(0, 1, 7), (2, 0, 9)]);
    ///
    /// let mut refusal = |input: &[u8]| {
    ///     let mut sc = Scanner::new(input);
    ///     let read = sc.tree_edges(case, 3, ["u_", "v_"], &mut edges, |_, u, v, _| Ok((u, v)));
    ///     read.unwrap_err().to_string()
    /// };
    /// assert_eq!(
    ///     refusal(b"1 2 2 1"),
    ///     "edge 2 of test case 1 (`2 1`) joins two vertices already joined: not a tree"
    /// );
    /// assert_eq!(
    ///     refusal(b"3 3 1 2"),
    ///     "edge 1 of test case 1 (`3 3`) joins a vertex to itself: not a tree"
    /// );
    /// assert_eq!(
    ///     refusal(b"1 2 2 4"),
    ///     "v_2 of test case 1 = `4` is out of range (accepted: 1..=3)"
    /// );
    /// assert_eq!(refusal(b"1 2 2"), "input ended early: expected v_2 of test case 1");
    /// ```
    ///
    /// # Complexity
    /// O(N α(N)) beyond the reads, and N words of memory for the union–find.
    pub fn tree_edges<E, F>(
        &mut self,
        case: Case,
        n: usize,
        ends: [&str; 2],
        edges: &mut Vec<E>,
        mut edge: F,
    ) -> Result<(), InputError>
    where
        F: FnMut(&mut Self, usize, usize, u64) -> Result<E, InputError>,
    {
        edges.clear();
        let mut parent: Vec<usize> = (0..n).collect();
        for i in 1..n as u64 {
            let u = self.index(case.item(ends[0], i), 1..=n)? - 1;
            let v = self.index(case.item(ends[1], i), 1..=n)? - 1;
            let item = edge(self, u, v, i)?;
            let (a, b) = (find(&mut parent, u), find(&mut parent, v));
            if a == b {
                let why = if u == v {
                    "joins a vertex to itself"
                } else {
                    "joins two vertices already joined"
                };
                return Err(InputError::Invalid(format!(
                    "edge {} of test case {} (`{} {}`) {}: not a tree",
                    i,
                    case.number(),
                    u + 1,
                    v + 1,
                    why
                )));
            }
            parent[a] = b;
            edges.push(item);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Case, Scanner};

    /// Whether `edges` (0-based) join the vertices 0..n into one tree, by a search from vertex
    /// 0 over an adjacency matrix: n − 1 edges, no self-loop, every vertex reached, and no edge
    /// repeated.
    fn is_tree(n: usize, edges: &[(usize, usize)]) -> bool {
        let mut adjacent = vec![vec![0u32; n]; n];
        for &(u, v) in edges {
            if u == v {
                return false;
            }
            adjacent[u][v] += 1;
            adjacent[v][u] += 1;
        }
        let mut seen = vec![false; n];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(u) = stack.pop() {
            for v in 0..n {
                if adjacent[u][v] > 0 && !seen[v] {
                    seen[v] = true;
                    stack.push(v);
                }
            }
        }
        let repeated = adjacent.iter().flatten().any(|&k| k > 1);
        edges.len() + 1 == n && seen.iter().all(|&s| s) && !repeated
    }

    #[test]
    fn accepts_exactly_the_trees_a_search_finds() {
        let mut state = 99u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        let (mut trees, mut refused) = (0, 0);
        for _ in 0..3000 {
            let n = 1 + next(7) as usize;
            // A random tree, then sometimes one end of one edge moved anywhere.
            let mut edges: Vec<(usize, usize)> =
                (1..n).map(|v| (v, next(v as u64) as usize)).collect();
            if n > 1 && next(3) != 0 {
                let at = next(n as u64 - 1) as usize;
                edges[at].1 = next(n as u64) as usize;
            }
            let text: String = edges
                .iter()
                .map(|&(u, v)| format!("{} {}\n", u + 1, v + 1))
                .collect();
            let mut read = Vec::new();
            let got = Scanner::new(text.as_bytes()).tree_edges(
                Case::new(1),
                n,
                ["a_", "b_"],
                &mut read,
                |_, u, v, _| Ok((u, v)),
            );
            let want = is_tree(n, &edges);
            assert_eq!(got.is_ok(), want, "{} vertices: {:?}", n, edges);
            if want {
                assert_eq!(read, edges);
                trees += 1;
            } else {
                let message = got.unwrap_err().to_string();
                assert!(message.ends_with(": not a tree"), "{}", message);
                refused += 1;
            }
        }
        assert!(trees > 500 && refused > 500, "{} {}", trees, refused);
    }

    #[test]
    fn one_vertex_has_no_edges_and_reads_nothing() {
        let mut sc = Scanner::new(b"5");
        let mut edges = vec![(9, 9)];
        sc.tree_edges(Case::new(2), 1, ["u_", "v_"], &mut edges, |_, u, v, _| {
            Ok((u, v))
        })
        .unwrap();
        assert!(edges.is_empty());
        assert_eq!(sc.uint("next", 0..=9), Ok(5));
    }
}
