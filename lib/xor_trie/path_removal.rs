//! [`path_removal_values`]: the path-removal game on trees, every vertex's value by the tries
//! (the recurrence is derived in the module's documentation).

use super::{TrieId, XorTries};
use crate::nimber::Nimber;

/// The value of every vertex's tree in the path-removal game (see the module): a move picks a
/// vertex u and removes u and all its ancestors. `parent[v]` is v's parent, a root its own.
/// The value of the whole forest is the XOR of its roots' values.
///
/// ```
/// use grundy::xor_trie::path_removal_values;
/// use grundy::prelude::Nimber;
/// // A path of 3 vertices (0 the root): picking 0, 1 or 2 leaves a path of 2, 1 or nothing.
/// assert_eq!(path_removal_values(&[0, 0, 1]), [Nimber(3), Nimber(2), Nimber(1)]);
/// // A root with two leaves: picking the root leaves two single vertices (1 xor 1 = 0), a
/// // leaf leaves the other leaf (1): options {0, 1}, value 2.
/// assert_eq!(path_removal_values(&[0, 0, 0])[0], Nimber(2));
/// ```
///
/// # Constraints
/// Every chain of parents ends at a root (no cycle). Values fit in 32 bits (a tree of n
/// vertices has a value below n + 1).
///
/// # Panics
/// If a parent is out of range or the parents form a cycle.
///
/// # Complexity
/// O(n log n · 32) time, O(n · 32) trie nodes; no recursion (a path of 10^6 vertices is fine).
pub fn path_removal_values(parent: &[usize]) -> Vec<Nimber> {
    let n = parent.len();
    // Children lists in one array, then an order in which every child precedes its parent.
    let mut start = vec![0usize; n + 1];
    for (v, &p) in parent.iter().enumerate() {
        assert!(
            p < n,
            "path_removal_values: parent {} of vertex {} is not a vertex",
            p,
            v
        );
        if p != v {
            start[p + 1] += 1;
        }
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut children = vec![0usize; start[n]];
    for (v, &p) in parent.iter().enumerate() {
        if p != v {
            children[fill[p]] = v;
            fill[p] += 1;
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&v| parent[v] == v).collect();
    let mut head = 0;
    while head < order.len() {
        let v = order[head];
        head += 1;
        order.extend_from_slice(&children[start[v]..start[v + 1]]);
    }
    assert!(
        order.len() == n,
        "path_removal_values: the parents of {} vertices form a cycle",
        n - order.len()
    );
    let mut tries = XorTries::new(32);
    let mut set: Vec<Option<TrieId>> = vec![None; n];
    let mut value = vec![0u64; n];
    for &v in order.iter().rev() {
        let kids = &children[start[v]..start[v + 1]];
        let x = kids.iter().fold(0, |x, &c| x ^ value[c]);
        let mut union: Option<TrieId> = None;
        for &c in kids {
            let s = set[c].take().expect("a child is done before its parent");
            tries.xor_all(s, x ^ value[c]);
            union = Some(match union {
                None => s,
                Some(u) => tries.merge(u, s),
            });
        }
        let s = union.unwrap_or_else(|| tries.create());
        tries.insert(s, x);
        value[v] = tries.mex(s, 0);
        set[v] = Some(s);
    }
    value.into_iter().map(Nimber).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use testkit::{random_tree, Rng};

    /// The literal path-removal game on a forest given as a set of alive vertices: its
    /// Grundy value by memoised search.
    fn literal_value(parent: &[usize], alive: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&g) = memo.get(&alive) {
            return g;
        }
        let mut seen = Vec::new();
        for u in 0..parent.len() {
            if alive >> u & 1 == 1 {
                // Remove u and its ancestors: the chain of alive parents (a pick removes a
                // path up to a root, so the alive ancestors of a vertex are contiguous).
                let mut after = alive;
                let mut at = u;
                loop {
                    after &= !(1 << at);
                    let p = parent[at];
                    if p == at || after >> p & 1 == 0 {
                        break;
                    }
                    at = p;
                }
                seen.push(literal_value(parent, after, memo));
            }
        }
        let g = (0..).find(|g| !seen.contains(g)).unwrap();
        memo.insert(alive, g);
        g
    }

    /// testkit's random tree with about one vertex in six cut from its parent: a forest.
    fn random_forest(rng: &mut Rng, n: usize) -> Vec<usize> {
        let mut parent = random_tree(rng, n);
        for (v, p) in parent.iter_mut().enumerate() {
            if rng.below(6) == 0 {
                *p = v;
            }
        }
        parent
    }

    #[test]
    fn path_removal_values_match_the_literal_game() {
        let mut rng = Rng::new(4502);
        for _ in 0..300 {
            let n = rng.range(1, 12) as usize;
            let parent = random_forest(&mut rng, n);
            let values = path_removal_values(&parent);
            let mut memo = HashMap::new();
            for v in 0..n {
                // v's tree alone: v and its descendants.
                let mut below = 0u32;
                for u in 0..n {
                    let mut at = u;
                    loop {
                        if at == v {
                            below |= 1 << u;
                            break;
                        }
                        if parent[at] == at {
                            break;
                        }
                        at = parent[at];
                    }
                }
                // v as a root of its own: cut its parent link for the search.
                let mut cut = parent.clone();
                cut[v] = v;
                let literal = literal_value(&cut, below, &mut memo);
                memo.clear();
                assert_eq!(values[v], Nimber(literal), "{:?} vertex {}", parent, v);
            }
        }
    }

    #[test]
    fn a_long_path_needs_no_recursion() {
        // A path of n vertices is worth n: its options are the paths of 0..n − 1 vertices.
        let n: usize = 300_000;
        let parent: Vec<usize> = (0..n).map(|i| i.saturating_sub(1)).collect();
        let values = path_removal_values(&parent);
        assert_eq!(values[0], Nimber(n as u64));
        assert_eq!(values[n - 1], Nimber(1));
    }

    #[test]
    #[should_panic(expected = "form a cycle")]
    fn a_cycle_is_refused() {
        path_removal_values(&[0, 2, 1]);
    }

    #[test]
    #[should_panic(expected = "is not a vertex")]
    fn a_parent_out_of_range_is_refused() {
        path_removal_values(&[0, 7]);
    }
}
