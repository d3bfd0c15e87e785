//! HackerRank "Move the Coins": a tree rooted at node 1 with c_i coins on node i; a move takes
//! one or more coins from a node u > 1 to its parent; the player who cannot move loses. Each
//! question (u, v) cuts u from its parent and hangs it under v; the answer is `INVALID` if the
//! result is not a tree, else `YES` if the first player wins on it, `NO` otherwise.
//!
//! This is staircase Nim on a tree (`grundy::staircase`): the first player wins iff the XOR of
//! the coins at odd depth is not 0. Hanging u under v leaves every depth outside u's subtree
//! as it was and shifts the depths inside it all by the same amount, so the subtree's odd and
//! even nodes swap roles iff depth(v) + 1 and depth(u) differ in parity. The question is
//! invalid iff v lies in u's subtree (the new edge would close a cycle and cut the subtree
//! off): an Euler tour answers that in O(1). One iterative depth-first search gives the
//! depths, the tour and each subtree's XOR of coins at odd and at even depth.
//!
//! Input: n, the coins c_1 … c_n, n − 1 edges `a b`, q, then q questions `u v`. Output: one
//! line per question.
//! Beyond the judge: n up to 2^31 − 1 (memory grows with the input read), coins up to 2^64 − 1,
//! any q, and u = v (a self-loop: `INVALID`) are answered. Edges that do not form a tree, and
//! u = 1 (the root has no parent), are refused.

use grundy::prelude::{Nimber, Outcome};
use judge::{InputError, Scanner};
use std::io::Write;

/// The tree as the questions need it, nodes numbered from 0.
struct Tree {
    /// Preorder index of each node, and one past the last preorder index in its subtree.
    enter: Vec<u32>,
    exit: Vec<u32>,
    odd_depth: Vec<bool>,
    /// XOR of the coins at odd depth, and at even depth, in each node's subtree.
    odd_xor: Vec<u64>,
    even_xor: Vec<u64>,
}

impl Tree {
    /// Reads the n − 1 edges and walks the tree from the root, without recursion.
    fn read(sc: &mut Scanner, coins: &[u64]) -> Result<Tree, InputError> {
        let n = coins.len();
        // Adjacency in compressed form: degrees, then offsets, then neighbours.
        let mut ends = Vec::with_capacity(2 * (n - 1));
        for i in 1..n {
            let a = sc.index_fast(format_args!("a of edge {}", i), 1..=n)? - 1;
            let b = sc.index_fast(format_args!("b of edge {}", i), 1..=n)? - 1;
            ends.push((a as u32, b as u32));
        }
        let mut start = vec![0u32; n + 1];
        for &(a, b) in &ends {
            start[a as usize + 1] += 1;
            start[b as usize + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut next = vec![0u32; 2 * (n - 1)];
        for &(a, b) in &ends {
            next[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
            next[fill[b as usize] as usize] = a;
            fill[b as usize] += 1;
        }
        drop(ends);

        const UNSEEN: u32 = u32::MAX;
        let mut tree = Tree {
            enter: vec![UNSEEN; n],
            exit: vec![0; n],
            odd_depth: vec![false; n],
            odd_xor: vec![0; n],
            even_xor: vec![0; n],
        };
        let mut parent = vec![UNSEEN; n];
        // The stack holds (node, next neighbour to look at).
        let mut stack: Vec<(u32, u32)> = vec![(0, start[0])];
        tree.enter[0] = 0;
        let mut clock = 1u32;
        while let Some(top) = stack.last_mut() {
            let v = top.0 as usize;
            if top.1 < start[v + 1] {
                let w = next[top.1 as usize] as usize;
                top.1 += 1;
                if w as u32 == parent[v] {
                    continue;
                }
                if tree.enter[w] != UNSEEN {
                    return Err(InputError::Invalid(
                        "the edges do not form a tree: they close a cycle".to_string(),
                    ));
                }
                parent[w] = v as u32;
                tree.enter[w] = clock;
                clock += 1;
                tree.odd_depth[w] = !tree.odd_depth[v];
                stack.push((w as u32, start[w]));
            } else {
                stack.pop();
                tree.exit[v] = clock;
                if tree.odd_depth[v] {
                    tree.odd_xor[v] ^= coins[v];
                } else {
                    tree.even_xor[v] ^= coins[v];
                }
                if let Some(&(p, _)) = stack.last() {
                    let p = p as usize;
                    tree.odd_xor[p] ^= tree.odd_xor[v];
                    tree.even_xor[p] ^= tree.even_xor[v];
                }
            }
        }
        if (clock as usize) < n {
            return Err(InputError::Invalid(
                "the edges do not form a tree: not every node is connected to node 1".to_string(),
            ));
        }
        Ok(tree)
    }

    /// Whether `v` is in the subtree of `u` (u itself included).
    fn contains(&self, u: usize, v: usize) -> bool {
        self.enter[u] <= self.enter[v] && self.enter[v] < self.exit[u]
    }
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    // Node numbers, tour indices and the 2(n − 1) adjacency entries fit in u32; u32::MAX
    // marks an unseen node.
    let n = sc.index("the number of nodes n", 1..=i32::MAX as usize)?;
    let mut coins = Vec::new();
    for i in 1..=n {
        coins.push(sc.uint_fast(format_args!("c_{}", i), 0..=u64::MAX)?);
    }
    let tree = Tree::read(sc, &coins)?;
    let total = tree.odd_xor[0];
    let q = sc.uint("the number of questions q", 0..=u64::MAX)?;
    for i in 1..=q {
        let u = sc.index_fast(format_args!("u of question {}", i), 2..=n.max(1))? - 1;
        let v = sc.index_fast(format_args!("v of question {}", i), 1..=n)? - 1;
        if tree.contains(u, v) {
            writeln!(out, "INVALID")?;
            continue;
        }
        // u's new depth is depth(v) + 1: its parity flips iff v's parity equals u's.
        let value = if tree.odd_depth[v] == tree.odd_depth[u] {
            total ^ tree.odd_xor[u] ^ tree.even_xor[u]
        } else {
            total
        };
        writeln!(
            out,
            "{}",
            Outcome::from_grundy(Nimber(value)).pick("YES", "NO")
        )?;
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

    /// A whole input: the coins, the edges (1-based) and the questions (1-based).
    #[derive(Clone, Debug)]
    struct Input {
        coins: Vec<u64>,
        edges: Vec<(usize, usize)>,
        questions: Vec<(usize, usize)>,
    }

    /// Literal moves on a rooted tree given by parents (the root's parent is itself): any
    /// positive number of coins from a non-root node to its parent.
    fn coin_moves(state: &(Vec<usize>, Vec<u64>)) -> Vec<(Vec<usize>, Vec<u64>)> {
        let (parent, coins) = state;
        let mut next = Vec::new();
        for v in 0..coins.len() {
            if parent[v] != v {
                for moved in 1..=coins[v] {
                    let mut after = coins.clone();
                    after[v] -= moved;
                    after[parent[v]] += moved;
                    next.push((parent.clone(), after));
                }
            }
        }
        next
    }

    type State = (Vec<usize>, Vec<u64>);

    struct MoveTheCoins(Search<State>);
    impl Default for MoveTheCoins {
        fn default() -> Self {
            MoveTheCoins(Search::normal(coin_moves))
        }
    }

    /// The parents of the tree rooted at 0, by a plain walk over the edge list.
    fn parents(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
        let mut parent = vec![usize::MAX; n];
        parent[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for &(a, b) in edges {
                let (a, b) = (a - 1, b - 1);
                if parent[a] != usize::MAX && parent[b] == usize::MAX {
                    parent[b] = a;
                    changed = true;
                } else if parent[b] != usize::MAX && parent[a] == usize::MAX {
                    parent[a] = b;
                    changed = true;
                }
            }
        }
        parent
    }

    /// Whether following parents from every node reaches the root 0.
    fn is_tree(parent: &[usize]) -> bool {
        (0..parent.len()).all(|start| {
            let mut v = start;
            for _ in 0..parent.len() {
                if v == 0 {
                    return true;
                }
                v = parent[v];
            }
            v == 0
        })
    }

    impl Problem for MoveTheCoins {
        type Case = Input;
        const SIZE: u64 = 5;
        const MAX_CASES: usize = 1;
        const MAX_SIZE: u64 = 6;
        fn case(rng: &mut Rng, size: u64) -> Input {
            let n = rng.range(1, size.clamp(1, 5)) as usize;
            let coins = (0..n).map(|_| rng.range(0, 2)).collect();
            // A random tree, its labels shuffled (node 1 stays the root only by chance).
            let mut label: Vec<usize> = (1..=n).collect();
            for i in (1..n).rev() {
                label.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let edges = (1..n)
                .map(|i| (label[rng.below(i as u64) as usize], label[i]))
                .collect();
            let questions = if n < 2 {
                Vec::new()
            } else {
                (0..rng.range(1, 4))
                    .map(|_| {
                        (
                            rng.range(2, n as u64) as usize,
                            rng.range(1, n as u64) as usize,
                        )
                    })
                    .collect()
            };
            Input {
                coins,
                edges,
                questions,
            }
        }
        /// The judge's largest input: n = 5·10^4 nodes of up to 20 coins, a path from node 1 or a
        /// random tree (by rng), and q = 5·10^4 questions u ≥ 2, v ≠ u.
        fn max_cases(rng: &mut Rng) -> Vec<Input> {
            let n = 50_000;
            let path = rng.below(2) == 0;
            let coins = (0..n).map(|_| rng.range(0, 20)).collect();
            let mut parent = |v: u64| if path { v - 1 } else { rng.range(1, v - 1) };
            let edges = (2..=n).map(|v| (parent(v) as usize, v as usize)).collect();
            let questions = (0..50_000)
                .map(|_| {
                    let u = rng.range(2, n);
                    let v = rng.range(1, n - 1);
                    (u as usize, if v >= u { v + 1 } else { v } as usize)
                })
                .collect();
            vec![Input {
                coins,
                edges,
                questions,
            }]
        }
        fn input(cases: &[Input]) -> String {
            let case = &cases[0];
            let mut text = format!("{}\n", case.coins.len());
            let coins: Vec<String> = case.coins.iter().map(|c| c.to_string()).collect();
            text += &coins.join(" ");
            text.push('\n');
            for &(a, b) in &case.edges {
                text += &format!("{} {}\n", a, b);
            }
            text += &format!("{}\n", case.questions.len());
            for &(u, v) in &case.questions {
                text += &format!("{} {}\n", u, v);
            }
            text
        }
        fn brute(&mut self, case: &Input) -> String {
            let n = case.coins.len();
            let original = parents(n, &case.edges);
            let mut answer = String::new();
            for &(u, v) in &case.questions {
                let mut parent = original.clone();
                parent[u - 1] = v - 1;
                if !is_tree(&parent) {
                    answer += "INVALID\n";
                    continue;
                }
                let first = self.0.mover_wins((parent, case.coins.clone()));
                answer += if first { "YES\n" } else { "NO\n" };
            }
            answer
        }
        fn smaller(case: &Input) -> Vec<Input> {
            testkit::shorter_lists(&case.questions)
                .into_iter()
                .map(|questions| Input {
                    questions,
                    ..case.clone()
                })
                .collect()
        }
    }

    testkit::problem_tests!(
        MoveTheCoins,
        solve,
        refuses: [
            ("", "expected the number of nodes n"),
            ("0\n", "the number of nodes n = `0` is out of range"),
            ("2\n1 1\n1 3\n", "b of edge 1 = `3` is out of range"),
            ("3\n1 1 1\n1 2\n2 1\n1\n2 3\n", "the edges do not form a tree"),
            ("4\n0 0 0 0\n1 2\n3 4\n2 1\n", "the edges do not form a tree"),
            ("2\n1 -1\n", "c_2 = `-1` is out of range"),
            ("2\n1 1\n1 2\n1\n1 2\n", "u of question 1 = `1` is out of range"),
            ("2\n1 1\n1 2\n2\n2 1\n", "input ended early: expected u of question 2"),
            ("2\n1 1\n1 2\n1\n2 1\n5\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn a_long_chain_is_walked_without_recursion() {
        // 1 - 2 - … - 200000, one coin on node 2 (depth 1); hanging the end under the root
        // keeps the coin's depth and flips nothing else that holds a coin.
        let n = 200_000;
        let mut input = format!("{}\n0 1{}\n", n, " 0".repeat(n - 2));
        for v in 1..n {
            input += &format!("{} {}\n", v, v + 1);
        }
        input += &format!("3\n{} 1\n2 3\n3 1\n", n);
        assert_eq!(
            judge::run_str(solve, &input).unwrap(),
            "YES\nINVALID\nYES\n"
        );
    }
}
