//! HackerRank "Deforestation": a tree rooted at node 1; a move removes an edge, and the part no
//! longer connected to the root leaves the game; who cannot move loses (Alice moves first).
//! This is green Hackenbush on a tree grounded at the root: by the colon principle a tree is
//! worth the XOR over the root's branches of each branch's value plus one
//! (`grundy::hackenbush::Graph`, the root as its ground). Alice wins iff that is not 0.
//!
//! Input: T, then per test N and N − 1 edges `x y`. Output per test: `Alice` or `Bob`.
//! Beyond the judge (T ≤ 100, N ≤ 500): any T, N up to 10^6; edges that do not join all N
//! nodes into one tree are refused.

use grundy::hackenbush::Graph;
use judge::{InputError, Scanner};
use std::io::Write;

/// The largest tree read: its lists stay within a few tens of MiB.
const MAX_NODES: u64 = 1_000_000;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for case in sc.cases("the number of test cases T")? {
        let n = sc.uint(case.field("N"), 1..=MAX_NODES)? as usize;
        // Node 1 is the ground, vertex 0 of the picture.
        sc.tree_edges(case, n, ["x_", "y_"], &mut edges, |_, x, y, _| Ok((x, y)))?;
        let alice = !Graph::new(n, &edges).value().is_zero();
        writeln!(out, "{}", if alice { "Alice" } else { "Bob" })?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::moves::tree_cut_moves;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// One test: N and its edges (1-based, in random order and orientation). The literal game
    /// is `tree_cut_moves`: cut an edge, and the part without the root leaves; a state is the
    /// tree's parent list (node 0 the root, parents numbered first).
    struct Forest(Search<Vec<usize>>);
    impl Default for Forest {
        fn default() -> Self {
            Forest(Search::normal(tree_cut_moves))
        }
    }
    /// A tree on nodes 1..=n whose node v hangs from one of the `reach` nodes before it (any
    /// earlier node when `reach >= n`, a path when 1), edges in random order and direction.
    fn tree(rng: &mut Rng, n: usize, reach: usize) -> (usize, Vec<(usize, usize)>) {
        let mut edges: Vec<(usize, usize)> = (2..=n)
            .map(|v| {
                let p = rng.range(v.saturating_sub(reach).max(1) as u64, v as u64 - 1) as usize;
                if rng.range(0, 1) == 0 {
                    (v, p)
                } else {
                    (p, v)
                }
            })
            .collect();
        for i in (1..edges.len()).rev() {
            let j = rng.range(0, i as u64) as usize;
            edges.swap(i, j);
        }
        (n, edges)
    }
    impl Problem for Forest {
        type Case = (usize, Vec<(usize, usize)>);
        const SIZE: u64 = 9;
        fn case(rng: &mut Rng, size: u64) -> (usize, Vec<(usize, usize)>) {
            let n = rng.range(1, size) as usize;
            tree(rng, n, n)
        }
        /// The judge's largest input: T = 100 trees of N = 500 nodes, alternately paths from
        /// the root (deepest) and random trees (each node's parent any earlier node).
        fn max_cases(rng: &mut Rng) -> Vec<(usize, Vec<(usize, usize)>)> {
            (0..100).map(|i| tree(rng, 500, [1, 500][i % 2])).collect()
        }
        fn input(cases: &[(usize, Vec<(usize, usize)>)]) -> String {
            let mut text = format!("{}\n", cases.len());
            for (n, edges) in cases {
                text += &format!("{}\n", n);
                edges
                    .iter()
                    .for_each(|(x, y)| text += &format!("{} {}\n", x, y));
            }
            text
        }
        fn brute(&mut self, (n, edges): &(usize, Vec<(usize, usize)>)) -> String {
            // Number the nodes breadth-first from node 1, so that each node's parent is
            // numbered before it, and list each node's parent (its first neighbour numbered).
            let mut index = vec![usize::MAX; *n + 1];
            index[1] = 0;
            let mut order = vec![1];
            let mut parents = Vec::with_capacity(*n - 1);
            let mut head = 0;
            while head < order.len() {
                let v = order[head];
                head += 1;
                for &(x, y) in edges {
                    for (a, b) in [(x, y), (y, x)] {
                        if a == v && index[b] == usize::MAX {
                            index[b] = order.len();
                            order.push(b);
                            parents.push(index[v]);
                        }
                    }
                }
            }
            let alice = self.0.mover_wins(parents);
            format!("{}\n", if alice { "Alice" } else { "Bob" })
        }
    }

    testkit::problem_tests!(
        Forest,
        solve,
        refuses: [
            ("", "expected the number of test cases T"),
            ("1\n0\n", "N of test case 1 = `0` is out of range"),
            ("1\n3\n1 2\n", "input ended early: expected x_2 of test case 1"),
            ("1\n3\n1 4\n", "y_1 of test case 1 = `4` is out of range"),
            ("1\n3\n1 2\n2 1\n", "edge 2 of test case 1 (`2 1`) joins two vertices already joined: not a tree"),
            ("1\n3\n2 3\n3 3\n", "edge 2 of test case 1 (`3 3`) joins a vertex to itself: not a tree"),
            ("1\n4\n1 2\n2 3\n3 1\n", "edge 3 of test case 1 (`3 1`) joins two vertices already joined"),
        ]
    );

    #[test]
    fn a_long_path_and_a_star() {
        // A path of 10^6 − 1 edges is worth 10^6 − 1 (odd: Alice); a star of an even number
        // of leaves is worth 0 (Bob).
        let n = 1_000_000;
        let mut input = format!("2\n{}\n", n);
        for v in 2..=n {
            input += &format!("{} {}\n", v - 1, v);
        }
        input += "5\n1 2\n1 3\n1 4\n1 5\n";
        assert_eq!(judge::run_str(solve, &input).unwrap(), "Alice\nBob\n");
    }
}
