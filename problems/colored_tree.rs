//! CodeChef GERALD08 "Chef and Tree Game": a tree rooted at vertex 1 with black and white
//! edges; Chef deletes a black edge, Ksen a white one, and whatever no longer reaches the root
//! falls away; who cannot move loses. For Chef first and for Chef second, who wins?
//!
//! This is Blue-Red Hackenbush on a tree grounded at the root, Chef Left (black = blue) and
//! Ksen Right (white = red). Its value is a number x (`grundy::partizan::hackenbush`,
//! `Picture::tree_value`): each vertex sums its branches, and a branch is worth the number
//! whose sign expansion is its edge's sign followed by the subtree's. Then x > 0: Chef wins
//! whoever starts; x < 0: Ksen does; x = 0: the second player wins. A deep tree's value has
//! tens of thousands of binary digits, so the values are exact (`BigDyadic`): a float or a
//! 64-bit dyadic would lose the sign.
//!
//! Input: T, then per test N and N − 1 edges `U V C` (C = 0 black, 1 white). Output per test:
//! the winner with Chef first, then with Chef second (`Chef` or `Ksen`).
//! Beyond the judge (T ≤ 1000, ΣN ≤ 10^5): any T, N up to 10^6 per test; edges that do not
//! join all N vertices into one tree are refused.

use grundy::partizan::hackenbush::{Color, Picture};
use judge::{InputError, Scanner};
use std::io::Write;

/// The largest tree read: its lists and the values' digits stay within a few hundred MiB.
const MAX_NODES: u64 = 1_000_000;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let mut edges: Vec<(usize, usize, Color)> = Vec::new();
    for case in sc.cases("the number of test cases T")? {
        let n = sc.uint(case.field("N"), 1..=MAX_NODES)? as usize;
        // Vertex 1 is the ground, vertex 0 of the picture; black is Chef's (Left's).
        sc.tree_edges(case, n, ["U_", "V_"], &mut edges, |sc, u, v, i| {
            let c = sc.uint(case.item("C_", i), 0..=1)?;
            Ok((u, v, if c == 0 { Color::Blue } else { Color::Red }))
        })?;
        let value = Picture::new(n, &edges)
            .tree_value()
            .expect("a tree of black and white edges has a number value");
        let answer = match value.signum() {
            1 => "Chef Chef",
            -1 => "Ksen Ksen",
            _ => "Ksen Chef",
        };
        writeln!(out, "{}", answer)?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// A literal position: the edges still standing as (child, parent, white), sorted, and
    /// whether Chef is to move.
    type State = (Vec<(u8, u8, bool)>, bool);

    /// The mover cuts one of their edges; its whole subtree falls; the turn passes.
    #[allow(clippy::ptr_arg)]
    fn cuts(state: &State) -> Vec<State> {
        let (edges, chef) = state;
        let mut next = Vec::new();
        for &(child, _, white) in edges {
            if white == *chef {
                continue; // Chef cuts black edges only, Ksen white ones
            }
            let mut gone = vec![child];
            let mut grew = true;
            while grew {
                grew = false;
                for &(c, p, _) in edges {
                    if gone.contains(&p) && !gone.contains(&c) {
                        gone.push(c);
                        grew = true;
                    }
                }
            }
            let kept: Vec<(u8, u8, bool)> = edges
                .iter()
                .copied()
                .filter(|(c, _, _)| !gone.contains(c))
                .collect();
            next.push((kept, !chef));
        }
        next
    }

    /// One test: N and its edges `(u, v, c)`, 1-based, in random order and orientation.
    type Tree = (usize, Vec<(usize, usize, u8)>);

    struct ColoredTree(Search<State>);
    impl Default for ColoredTree {
        fn default() -> Self {
            ColoredTree(Search::normal(cuts))
        }
    }

    /// A tree on 1..=n whose vertex v hangs from one of the `reach` vertices before it (a
    /// path from the root when 1), colours white with probability `white` in 8.
    fn tree(rng: &mut Rng, n: usize, reach: usize, white: u64) -> Tree {
        let mut edges: Vec<(usize, usize, u8)> = (2..=n)
            .map(|v| {
                let p = rng.range(v.saturating_sub(reach).max(1) as u64, v as u64 - 1) as usize;
                let c = (rng.below(8) < white) as u8;
                if rng.below(2) == 0 {
                    (v, p, c)
                } else {
                    (p, v, c)
                }
            })
            .collect();
        for i in (1..edges.len()).rev() {
            let j = rng.range(0, i as u64) as usize;
            edges.swap(i, j);
        }
        (n, edges)
    }

    impl Problem for ColoredTree {
        type Case = Tree;
        const SIZE: u64 = 9;
        const MAX_SIZE: u64 = 12;
        fn case(rng: &mut Rng, size: u64) -> Tree {
            let n = rng.range(1, size) as usize;
            let reach = rng.range(1, n as u64) as usize;
            let white = rng.range(0, 8);
            tree(rng, n, reach, white)
        }
        /// The judge's largest input, ΣN = 10^5: a path of 60 000 vertices from the root
        /// whose colours alternate at random (a value of tens of thousands of binary digits),
        /// a tree of 30 000 whose vertices hang from the 3 before them, and 999 trees of 10.
        fn max_cases(rng: &mut Rng) -> Vec<Tree> {
            let mut cases = vec![tree(rng, 60_000, 1, 4), tree(rng, 30_000, 3, 4)];
            cases.extend((0..999).map(|_| tree(rng, 10, 10, 4)));
            cases
        }
        fn input(cases: &[Tree]) -> String {
            let mut text = format!("{}\n", cases.len());
            for (n, edges) in cases {
                text += &format!("{}\n", n);
                for (u, v, c) in edges {
                    text += &format!("{} {} {}\n", u, v, c);
                }
            }
            text
        }
        fn brute(&mut self, (n, edges): &Tree) -> String {
            // Orient each edge towards vertex 1 by a search from it.
            let mut parent = vec![(usize::MAX, false); *n + 1];
            parent[1] = (0, false);
            let mut stack = vec![1];
            while let Some(v) = stack.pop() {
                for &(x, y, c) in edges {
                    for (a, b) in [(x, y), (y, x)] {
                        if a == v && parent[b].0 == usize::MAX {
                            parent[b] = (v, c == 1);
                            stack.push(b);
                        }
                    }
                }
            }
            let mut standing: Vec<(u8, u8, bool)> = (2..=*n)
                .map(|v| (v as u8, parent[v].0 as u8, parent[v].1))
                .collect();
            standing.sort_unstable();
            let first = self.0.mover_wins((standing.clone(), true));
            let second = !self.0.mover_wins((standing, false));
            let name = |chef: bool| if chef { "Chef" } else { "Ksen" };
            format!("{} {}\n", name(first), name(second))
        }
    }

    testkit::problem_tests!(
        ColoredTree,
        solve,
        refuses: [
            ("", "expected the number of test cases T"),
            ("1\n0\n", "N of test case 1 = `0` is out of range"),
            ("1\n3\n1 2 0\n", "input ended early: expected U_2 of test case 1"),
            ("1\n3\n1 4 0\n", "V_1 of test case 1 = `4` is out of range"),
            ("1\n2\n1 2 2\n", "C_1 of test case 1 = `2` is out of range"),
            ("1\n3\n1 2 0\n2 1 1\n", "edge 2 of test case 1 (`2 1`) joins two vertices already joined: not a tree"),
            ("1\n2\n1 2 0\n2\n", "expected"),
        ]
    );

    #[test]
    fn deep_values_keep_their_sign() {
        // A path of 10^5 vertices: a black edge, then 99 997 white ones, then a black one on
        // top. The value is 2^-99997 + 2^-99998 > 0, far below what a float or 64 bits hold:
        // Chef wins whoever starts. Its mirror image is a win for Ksen, and the two paths
        // side by side on one root are worth exactly 0.
        let n = 100_000;
        let path = |first: u8, rest: u8, offset: usize| -> String {
            let mut text = String::new();
            for v in 2..=n {
                let c = if v == 2 || v == n { first } else { rest };
                let parent = if v == 2 { 1 } else { v - 1 + offset };
                text += &format!("{} {} {}\n", parent, v + offset, c);
            }
            text
        };
        let mut input = format!("3\n{}\n{}{}\n{}", n, path(0, 1, 0), n, path(1, 0, 0));
        input += &format!("{}\n{}{}", 2 * n - 1, path(0, 1, 0), path(1, 0, n - 1));
        assert_eq!(
            judge::run_str(solve, &input).unwrap(),
            "Chef Chef\nKsen Ksen\nKsen Chef\n"
        );
    }
}
