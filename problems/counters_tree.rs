//! CodeChef MOVCOIN2 "Move the Coins 2" (counters on a tree): a tree with c_v coins on vertex
//! v; for a root R, a move takes one coin from a vertex other than R and moves it to any
//! vertex on its path towards R (R included); who cannot move loses. Alice moves first. Print
//! the sum of 2^R over the roots R that Bob (the second player) wins, modulo 10^9 + 7.
//!
//! A coin at distance d from R is a Nim heap of size d (it may move 1..=d steps on), so the
//! game for R is worth the XOR of dist(R, v) over the coins, and two coins on one vertex
//! cancel: value(R) = XOR of dist(R, v) over the vertices with an odd c_v. Bob wins iff it is
//! 0. `grundy::staircase::root_values` with an unbounded step computes it for every root at
//! once, by centroid decomposition in O(N log² N), without recursion (paths of 3 · 10^5
//! vertices occur).
//!
//! Input: T, then per test N, N − 1 edges `u v`, and the line c_1 … c_N. Output per test: the
//! sum. Beyond the judge (T ≤ 1000, ΣN ≤ 3 · 10^5, c_i ≤ 16): any T, N up to 10^6 per test,
//! coin counts up to 2^64 − 1; edges that do not join the N vertices into one tree are
//! refused.

use grundy::staircase::root_distance_values;
use judge::{InputError, Scanner};
use std::io::Write;

/// The largest tree read: its lists stay within a few hundred MiB.
const MAX_NODES: u64 = 1_000_000;

/// The judge's modulus.
const MODULUS: u64 = 1_000_000_007;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut coins: Vec<u64> = Vec::new();
    for case in sc.cases("the number of test cases T")? {
        let n = sc.uint(case.field("N"), 1..=MAX_NODES)? as usize;
        sc.tree_edges(case, n, ["u_", "v_"], &mut edges, |_, u, v, _| Ok((u, v)))?;
        coins.clear();
        for i in 1..=n as u64 {
            coins.push(sc.uint(case.item("c_", i), 0..=u64::MAX)?);
        }
        let mut sum = 0;
        let mut power = 1; // 2^R for R = 1, 2, …
        for value in root_distance_values(&edges, &coins) {
            power = power * 2 % MODULUS;
            if value.is_zero() {
                sum = (sum + power) % MODULUS;
            }
        }
        writeln!(out, "{}", sum)?;
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

    /// A literal position for one root: each vertex's next vertex towards the root (the root
    /// its own), and the coins on each vertex.
    type State = (Vec<u8>, Vec<u8>);

    /// One coin leaves a vertex other than the root for any vertex on its path to the root.
    #[allow(clippy::ptr_arg)]
    fn moves(state: &State) -> Vec<State> {
        let (towards, coins) = state;
        let mut next = Vec::new();
        for v in 0..coins.len() {
            if coins[v] == 0 {
                continue;
            }
            let mut at = v;
            while towards[at] as usize != at {
                at = towards[at] as usize;
                let mut after = coins.clone();
                after[v] -= 1;
                after[at] += 1;
                next.push((towards.clone(), after));
            }
        }
        next
    }

    /// One test: N, its edges (1-based, any order and orientation) and the coin counts.
    type Tree = (usize, Vec<(usize, usize)>, Vec<u64>);

    struct CountersTree(Search<State>);
    impl Default for CountersTree {
        fn default() -> Self {
            CountersTree(Search::normal(moves))
        }
    }

    /// A tree on 1..=n whose vertex v hangs from one of the `reach` vertices before it (a
    /// path when 1), with shuffled labels, edges and orientations, and coins from `coin`.
    fn tree(rng: &mut Rng, n: usize, reach: usize, coin: impl Fn(&mut Rng) -> u64) -> Tree {
        let mut label: Vec<usize> = (1..=n).collect();
        for i in (1..n).rev() {
            label.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut edges: Vec<(usize, usize)> = (1..n)
            .map(|v| {
                let p = rng.range(v.saturating_sub(reach) as u64, v as u64 - 1) as usize;
                if rng.below(2) == 0 {
                    (label[v], label[p])
                } else {
                    (label[p], label[v])
                }
            })
            .collect();
        for i in (1..edges.len()).rev() {
            edges.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let coins = (0..n).map(|_| coin(rng)).collect();
        (n, edges, coins)
    }

    impl Problem for CountersTree {
        type Case = Tree;
        const SIZE: u64 = 6;
        const MAX_SIZE: u64 = 7;
        fn case(rng: &mut Rng, size: u64) -> Tree {
            let n = rng.range(1, size.max(1)) as usize;
            let reach = rng.range(1, n as u64) as usize;
            tree(rng, n, reach, |rng| rng.below(3))
        }
        /// The judge's largest inputs, ΣN = 3 · 10^5 and c_i ≤ 16: one path (the deepest
        /// tree), one random tree, or 1000 trees of 300.
        fn max_cases(rng: &mut Rng) -> Vec<Tree> {
            let coin = |rng: &mut Rng| rng.below(17);
            match rng.below(3) {
                0 => vec![tree(rng, 300_000, 1, coin)],
                1 => vec![tree(rng, 300_000, 300_000, coin)],
                _ => (0..1000).map(|_| tree(rng, 300, 300, coin)).collect(),
            }
        }
        fn input(cases: &[Tree]) -> String {
            let mut text = format!("{}\n", cases.len());
            for (n, edges, coins) in cases {
                text += &format!("{}\n", n);
                for (u, v) in edges {
                    text += &format!("{} {}\n", u, v);
                }
                let line: Vec<String> = coins.iter().map(|c| c.to_string()).collect();
                text += &line.join(" ");
                text += "\n";
            }
            text
        }
        fn brute(&mut self, (n, edges, coins): &Tree) -> String {
            let mut sum = 0u64;
            for root in 1..=*n {
                // Each vertex's next vertex towards the root, by a search from the root.
                let mut towards = vec![u8::MAX; *n];
                towards[root - 1] = (root - 1) as u8;
                let mut stack = vec![root - 1];
                while let Some(v) = stack.pop() {
                    for &(x, y) in edges {
                        for (a, b) in [(x - 1, y - 1), (y - 1, x - 1)] {
                            if a == v && towards[b] == u8::MAX {
                                towards[b] = v as u8;
                                stack.push(b);
                            }
                        }
                    }
                }
                let coins: Vec<u8> = coins.iter().map(|&c| c as u8).collect();
                if !self.0.mover_wins((towards, coins)) {
                    sum += 1 << root;
                }
            }
            format!("{}\n", sum % MODULUS)
        }
    }

    testkit::problem_tests!(
        CountersTree,
        solve,
        refuses: [
            ("", "expected the number of test cases T"),
            ("1\n0\n", "N of test case 1 = `0` is out of range"),
            ("1\n3\n1 2\n", "input ended early: expected u_2 of test case 1"),
            ("1\n3\n1 4\n", "v_1 of test case 1 = `4` is out of range"),
            ("1\n3\n1 2\n2 1\n0 0 0\n", "edge 2 of test case 1 (`2 1`) joins two vertices already joined: not a tree"),
            ("1\n3\n2 2\n1 3\n0 0 0\n", "edge 1 of test case 1 (`2 2`) joins a vertex to itself: not a tree"),
            ("1\n2\n1 2\n1\n", "input ended early: expected c_2 of test case 1"),
            ("1\n2\n1 2\n1 -1\n", "c_2 of test case 1 = `-1` is out of range"),
            ("1\n1\n0\n5\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn coin_counts_beyond_the_judge_count_by_parity() {
        // 2^64 − 1 coins on vertex 1 of a path of 2 are one coin: Bob wins for R = 1 only.
        let input = "1\n2\n1 2\n18446744073709551615 0\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "2\n");
    }
}
