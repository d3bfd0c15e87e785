//! The staircase games against literal search, and both every-root methods against the sum
//! of distances written out.

use super::adjacency::Adjacency;
use super::centroids::distance_xors_by_centroids;
use super::residues::{residue_xors_by_rerooting, rotate_one};
use super::*;
use std::collections::HashMap;
use testkit::search::Search;
use testkit::Rng;

/// Literal moves of staircase Nim on a forest: every positive number of coins from every
/// non-root node to its parent (a line is the forest whose stair i has parent i − 1).
fn tree_moves(parent: &[usize], coins: &[u64]) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for v in 0..coins.len() {
        if parent[v] != v {
            for count in 1..=coins[v] {
                let mut after = coins.to_vec();
                after[v] -= count;
                after[parent[v]] += count;
                next.push(after);
            }
        }
    }
    next
}

fn line_parents(n: usize) -> Vec<usize> {
    (0..n).map(|i| i.saturating_sub(1)).collect()
}

fn random_coins(rng: &mut Rng, n: usize) -> Vec<u64> {
    (0..n).map(|_| rng.below(4)).collect()
}

#[test]
fn the_line_is_nim_on_odd_stairs_by_search() {
    let mut rng = Rng::new(3501);
    for n in 1..=5 {
        let parents = line_parents(n);
        let mut search = Search::normal(move |c: &Vec<u64>| tree_moves(&parents, c));
        for _ in 0..60 {
            let coins = random_coins(&mut rng, n);
            let wins = search.mover_wins(coins.clone());
            assert_eq!(!value(&coins).is_zero(), wins, "{:?}", coins);
            match winning_move(&coins) {
                None => assert!(!wins, "{:?}", coins),
                Some(StairMove { from, count }) => {
                    assert!(from >= 1 && count >= 1 && count <= coins[from]);
                    let mut after = coins.clone();
                    after[from] -= count;
                    after[from - 1] += count;
                    assert!(!search.mover_wins(after), "{:?} {} {}", coins, from, count);
                }
            }
        }
    }
}

/// testkit's random tree with about one node in five cut from its parent: a forest whose
/// node order is no hint of depth.
fn random_forest(rng: &mut Rng, n: usize) -> Vec<usize> {
    let mut parent = testkit::random_tree(rng, n);
    for (v, p) in parent.iter_mut().enumerate() {
        if rng.below(5) == 0 {
            *p = v;
        }
    }
    parent
}

#[test]
fn the_tree_is_nim_on_odd_depths_by_search() {
    let mut rng = Rng::new(3502);
    for _ in 0..40 {
        let n = rng.range(1, 6) as usize;
        let parent = random_forest(&mut rng, n);
        let tree = TreeStaircase::new(&parent);
        let moves_of = parent.clone();
        let mut search = Search::normal(move |c: &Vec<u64>| tree_moves(&moves_of, c));
        for _ in 0..15 {
            let coins = random_coins(&mut rng, n);
            let wins = search.mover_wins(coins.clone());
            assert_eq!(
                !tree.value(&coins).is_zero(),
                wins,
                "{:?} {:?}",
                parent,
                coins
            );
            match tree.winning_move(&coins) {
                None => assert!(!wins),
                Some(TreeMove { node, count }) => {
                    assert!(parent[node] != node && count >= 1 && count <= coins[node]);
                    let mut after = coins.clone();
                    after[node] -= count;
                    after[parent[node]] += count;
                    assert!(!search.mover_wins(after), "{:?} {:?}", parent, coins);
                }
            }
        }
    }
}

#[test]
fn a_line_as_a_tree_has_the_stairs_parities() {
    let tree = TreeStaircase::new(&line_parents(7));
    assert!((0..7).all(|i| tree.odd_depth(i) == (i % 2 == 1)));
    // A long chain given leaf first: no recursion, parities still alternate.
    let n = 200_000;
    let parent: Vec<usize> = (0..n).map(|i| if i + 1 < n { i + 1 } else { i }).collect();
    let tree = TreeStaircase::new(&parent);
    assert!((0..n).all(|i| tree.odd_depth(i) == ((n - 1 - i) % 2 == 1)));
}

#[test]
fn the_empty_forest_and_the_sizes_of_others() {
    let empty = TreeStaircase::new(&[]);
    assert!(empty.is_empty());
    assert_eq!(empty.len(), 0);
    assert!(empty.value(&[]).is_zero());
    assert_eq!(empty.winning_move(&[]), None);
    let mut rng = Rng::new(3503);
    for n in 1..=6 {
        let tree = TreeStaircase::new(&random_forest(&mut rng, n));
        assert!(!tree.is_empty());
        assert_eq!(tree.len(), n);
    }
}

#[test]
#[should_panic(expected = "cycle")]
fn a_cycle_of_parents_is_refused() {
    TreeStaircase::new(&[0, 2, 1]);
}

#[test]
#[should_panic(expected = "is not a node")]
fn a_parent_out_of_range_is_refused() {
    TreeStaircase::new(&[0, 5]);
}
/// testkit's random tree as an edge list, each edge in a random orientation.
fn random_tree(rng: &mut Rng, n: usize) -> Vec<(usize, usize)> {
    let parent = testkit::random_tree(rng, n);
    (0..n)
        .filter(|&v| parent[v] != v)
        .map(|v| {
            if rng.below(2) == 0 {
                (v, parent[v])
            } else {
                (parent[v], v)
            }
        })
        .collect()
}

/// Each vertex's parent towards `root`, by a plain walk (the root its own).
fn parents_towards(n: usize, edges: &[(usize, usize)], root: usize) -> Vec<usize> {
    let mut parent = vec![usize::MAX; n];
    parent[root] = root;
    let mut stack = vec![root];
    while let Some(v) = stack.pop() {
        for &(a, b) in edges {
            for &(x, y) in &[(a, b), (b, a)] {
                if x == v && parent[y] == usize::MAX {
                    parent[y] = v;
                    stack.push(y);
                }
            }
        }
    }
    parent
}

#[test]
fn bfs_gives_every_vertex_its_parent_towards_the_root() {
    let mut rng = Rng::new(3506);
    for _ in 0..60 {
        let n = rng.range(1, 40) as usize;
        let edges = random_tree(&mut rng, n);
        let (tree, _) = Adjacency::tree(n, &edges);
        let root = rng.below(n as u64) as usize;
        let (order, parent) = tree.bfs(root);
        // In a tree the parent towards the root is the one neighbour nearer to it.
        assert_eq!(parent, parents_towards(n, &edges, root), "{:?}", edges);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..n).collect::<Vec<_>>());
        // BFS order: a parent before its children, distances never falling.
        let dist = distances(n, &edges, root);
        assert_eq!(order[0], root);
        assert!(order.windows(2).all(|w| dist[w[0]] <= dist[w[1]]));
    }
}

#[test]
fn rotate_one_moves_each_residue_up_by_one_mod_m() {
    let mut rng = Rng::new(3507);
    for m in 1..=200 {
        let words = (m + 63) / 64;
        let residues: Vec<bool> = (0..m).map(|_| rng.below(2) == 0).collect();
        let mut src = vec![0u64; words];
        for r in (0..m).filter(|&r| residues[r]) {
            src[r / 64] |= 1 << (r % 64);
        }
        let mut dst = vec![u64::MAX; words];
        rotate_one(&src, &mut dst, m);
        // Bit (r + 1) mod m set exactly when bit r was; no bit at m or past it.
        for bit in 0..64 * words {
            let set = (dst[bit / 64] >> (bit % 64)) & 1 == 1;
            let expected = bit < m && residues[(bit + m - 1) % m];
            assert_eq!(set, expected, "m {} bit {}", m, bit);
        }
    }
}

/// The literal game's Grundy value: one coin moves 1..=step edges towards the root.
fn literal_value(
    parent: &[usize],
    step: usize,
    coins: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, u64>,
) -> u64 {
    if let Some(&g) = memo.get(&coins) {
        return g;
    }
    let mut seen = Vec::new();
    for v in 0..coins.len() {
        if coins[v] == 0 {
            continue;
        }
        let (mut at, mut walked) = (v, 0);
        while parent[at] != at && walked < step {
            at = parent[at];
            walked += 1;
            let mut after = coins.clone();
            after[v] -= 1;
            after[at] += 1;
            seen.push(literal_value(parent, step, after, memo));
        }
    }
    let g = (0..).find(|g| !seen.contains(g)).unwrap();
    memo.insert(coins, g);
    g
}

#[test]
fn root_values_match_the_literal_game_on_random_trees() {
    let mut rng = Rng::new(3504);
    for _ in 0..120 {
        let n = rng.range(1, 6) as usize;
        let edges = random_tree(&mut rng, n);
        let coins: Vec<u64> = (0..n).map(|_| rng.below(3)).collect();
        let step = match rng.below(4) {
            0 => usize::MAX,
            _ => rng.range(1, n as u64 + 1) as usize,
        };
        let values = root_values(&edges, &coins, step);
        assert_eq!(values.len(), n);
        for (root, &value) in values.iter().enumerate() {
            let parent = parents_towards(n, &edges, root);
            let literal = literal_value(&parent, step, coins.clone(), &mut HashMap::new());
            assert_eq!(
                value,
                Nimber(literal),
                "{:?} {:?} step {} root {}",
                edges,
                coins,
                step,
                root
            );
        }
    }
}

/// dist(R, v) for every v, by BFS over the edge list.
fn distances(n: usize, edges: &[(usize, usize)], root: usize) -> Vec<usize> {
    let (tree, _) = Adjacency::tree(n, edges);
    let (order, parent) = tree.bfs(root);
    let mut dist = vec![0; n];
    for &v in order.iter().skip(1) {
        dist[v] = dist[parent[v]] + 1;
    }
    dist
}

/// The theorem's sum written out: XOR over odd v of dist(R, v) mod m.
fn formula(n: usize, edges: &[(usize, usize)], odd: &[bool], root: usize, m: usize) -> u64 {
    let dist = distances(n, edges, root);
    (0..n)
        .filter(|&v| odd[v])
        .fold(0, |x, v| x ^ (dist[v] % m) as u64)
}

#[test]
fn both_methods_match_the_sum_of_distances_on_larger_trees() {
    let mut rng = Rng::new(3505);
    for round in 0..30 {
        let n = rng.range(2, 300) as usize;
        let edges = if round % 5 == 0 {
            (1..n).map(|i| (i - 1, i)).collect() // a path: deep centroids
        } else {
            random_tree(&mut rng, n)
        };
        let odd: Vec<bool> = (0..n).map(|_| rng.below(3) == 0).collect();
        let (tree, _) = Adjacency::tree(n, &edges);
        let exact = distance_xors_by_centroids(&tree, &odd);
        let whole = residue_xors_by_rerooting(&tree, &odd, n);
        // Residue vectors of 1, 2, 63, 64, 65 and 130 bits: one word, and across words.
        let m = *rng.pick(&[1, 2, 3, 63, 64, 65, 130]);
        let residues = residue_xors_by_rerooting(&tree, &odd, m);
        for root in 0..n {
            let direct = formula(n, &edges, &odd, root, usize::MAX);
            assert_eq!(exact[root], direct, "n {} root {}", n, root);
            assert_eq!(whole[root], direct, "n {} root {}", n, root);
            assert_eq!(residues[root], formula(n, &edges, &odd, root, m));
        }
    }
}

#[test]
fn a_long_path_needs_no_recursion() {
    let n = 300_000;
    let edges: Vec<(usize, usize)> = (1..n).map(|i| (i, i - 1)).collect();
    let coins: Vec<u64> = (0..n as u64).map(|v| (v * v + 3 * v) % 5).collect();
    let odd: Vec<bool> = coins.iter().map(|c| c % 2 == 1).collect();
    let exact = root_values(&edges, &coins, usize::MAX);
    let by_three = root_values(&edges, &coins, 2);
    for &root in &[0, 1, 12_345, n / 2, n - 1] {
        // On a path dist(R, v) = |R − v|.
        let (mut x, mut y) = (0u64, 0u64);
        for v in (0..n).filter(|&v| odd[v]) {
            let d = if v > root { v - root } else { root - v };
            x ^= d as u64;
            y ^= (d % 3) as u64;
        }
        assert_eq!((exact[root], by_three[root]), (Nimber(x), Nimber(y)));
    }
}

#[test]
fn root_values_of_the_smallest_trees() {
    assert!(root_values(&[], &[], 1).is_empty());
    assert_eq!(root_values(&[], &[7], 1), [Nimber(0)]);
    // A star with a coin on each of three leaves: the centre sees 1 ^ 1 ^ 1.
    let star = [(0, 1), (0, 2), (0, 3)];
    assert_eq!(
        root_values(&star, &[0, 1, 1, 1], usize::MAX),
        [Nimber(1), Nimber(0), Nimber(0), Nimber(0)]
    );
}

#[test]
#[should_panic(expected = "the step must be at least 1")]
fn a_step_of_zero_is_refused() {
    root_values(&[(0, 1)], &[1, 1], 0);
}

#[test]
#[should_panic(expected = "has 1 edges, not 2")]
fn too_many_edges_are_refused() {
    root_values(&[(0, 1), (1, 0)], &[1, 1], 1);
}

#[test]
#[should_panic(expected = "apart from vertex 0")]
fn a_disconnected_graph_is_refused() {
    root_values(&[(0, 1), (1, 0), (2, 3)], &[1, 1, 0, 0], 1);
}

#[test]
#[should_panic(expected = "is not between vertices below 2")]
fn an_endpoint_out_of_range_is_refused() {
    root_values(&[(0, 2)], &[1, 1], 1);
}
