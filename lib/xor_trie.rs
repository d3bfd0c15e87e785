//! Binary tries of 32- or 64-bit values with a lazy XOR of everything, merged small to large
//! and asked for the mex of {x xor t}; and the tree game they answer for every vertex at once.
//!
//! # The tries
//! [`XorTries`] holds many sets of values in one arena of nodes (two child indices a node, no
//! `Box` per node, freed nodes reused). A set is a [`TrieId`]. [`XorTries::xor_all`] XORs
//! every value of a set with t in O(1) (the set keeps a pending XOR, applied on every read),
//! [`XorTries::merge`] moves the smaller set's values into the larger (each value moves
//! O(log n) times over any sequence of merges), and [`XorTries::mex`] finds the smallest value
//! missing from {x xor t : x in the set} in one descent: at each bit, the child that keeps the
//! answer's bit 0 is followed unless that subtree is full.
//!
//! # The game on trees: remove a path to the root
//! A rooted forest; a move picks a vertex u and removes u with all its ancestors (the path from
//! u up to its tree's root), leaving the subtrees that hung off that path as a smaller forest.
//! The player with no vertex to pick loses. The forest is the sum of its trees, so its value is
//! the XOR of the trees' values. For the tree of vertex v with children c (values g(c)), let
//! X(v) = XOR of g(c) over the children. Picking u = v leaves the children: X(v). Picking a u
//! below child c leaves v's other children (X(v) xor g(c)) and what picking u leaves in c's
//! tree. So the set S(v) of the values of v's options is
//!
//! S(v) = {X(v)} ∪ ⋃ over children c of (S(c) xor (X(v) xor g(c))),  g(v) = mex S(v),
//!
//! one lazy XOR per child's set, a merge of the children's sets, one insert and one mex:
//! [`path_removal_values`], O(n log n · w) for w-bit values (each value moves O(log n) times).
//!
//! Source: the trie with a global XOR tag and the small-to-large merge are contest folklore
//! (OI-wiki, "Trie" and "启发式合并"); the game is BZOJ 4730 ("Alice 和 Bob 又在玩游戏"), whose
//! recurrence the derivation above restates.
//!
//! ```
//! use grundy::xor_trie::XorTries;
//! let mut tries = XorTries::new(32);
//! let a = tries.create();
//! for x in [0, 1, 3] {
//!     tries.insert(a, x);
//! }
//! assert_eq!(tries.mex(a, 0), 2); // {0, 1, 3}
//! tries.xor_all(a, 1); // {1, 0, 2}
//! assert_eq!(tries.mex(a, 0), 3);
//! assert!(tries.contains(a, 2) && !tries.contains(a, 3));
//! ```

use crate::nimber::Nimber;

/// A set in an [`XorTries`] arena: returned by [`XorTries::create`] and [`XorTries::merge`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrieId(usize);

/// The empty child.
const NONE: u32 = u32::MAX;

/// Sets of `width`-bit values (1 to 64 bits) in one arena of binary trie nodes.
///
/// ```
/// use grundy::xor_trie::XorTries;
/// let mut tries = XorTries::new(64);
/// let (a, b) = (tries.create(), tries.create());
/// tries.insert(a, u64::MAX);
/// tries.insert(b, 5);
/// tries.xor_all(b, 1); // b = {4}
/// let both = tries.merge(a, b);
/// assert_eq!(tries.values(both), [4, u64::MAX]);
/// assert_eq!(tries.len(both), 2);
/// ```
///
/// # Constraints
/// Values must fit in `width` bits; the arena's node indices are 32-bit, so at most about
/// 4 · 10^9 nodes (a set of n values uses at most n · `width` of them).
///
/// # Panics
/// `new` if `width` is not in 1..=64; `insert`, `contains` and `xor_all` if a value has a bit
/// at or above `width`; any method given a `TrieId` of another arena (if it is out of range).
///
/// # Complexity
/// `insert`, `contains` and `mex`: O(`width`). `xor_all`, `len`: O(1). `merge`: O(`width`)
/// per value of the smaller set. Memory: 8 bytes and a count per live node.
#[derive(Clone, Debug)]
pub struct XorTries {
    width: u32,
    /// Per node: its two children (NONE when absent).
    child: Vec<[u32; 2]>,
    /// Per node: how many values of its set lie below it.
    count: Vec<u64>,
    /// Nodes freed by merges, reused before the arena grows.
    free: Vec<u32>,
    /// Per set: its root node, its pending XOR and its size.
    root: Vec<u32>,
    pending: Vec<u64>,
}

impl XorTries {
    /// An empty arena for values of `width` bits (32 for `u32` values, 64 for `u64`).
    ///
    /// ```
    /// let tries = grundy::xor_trie::XorTries::new(32);
    /// assert_eq!(tries.width(), 32);
    /// ```
    pub fn new(width: u32) -> Self {
        assert!(
            (1..=64).contains(&width),
            "XorTries: the width must be 1 to 64 bits, not {}",
            width
        );
        XorTries {
            width,
            child: Vec::new(),
            count: Vec::new(),
            free: Vec::new(),
            root: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// The number of bits of the values.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// A new empty set.
    ///
    /// ```
    /// let mut tries = grundy::xor_trie::XorTries::new(8);
    /// let a = tries.create();
    /// assert!(tries.is_empty(a));
    /// ```
    pub fn create(&mut self) -> TrieId {
        let node = self.node();
        self.root.push(node);
        self.pending.push(0);
        TrieId(self.root.len() - 1)
    }

    /// A fresh node with no child and count 0, reused from the free list when there is one.
    fn node(&mut self) -> u32 {
        if let Some(i) = self.free.pop() {
            self.child[i as usize] = [NONE, NONE];
            self.count[i as usize] = 0;
            return i;
        }
        assert!(
            self.child.len() < NONE as usize,
            "XorTries: more than 2^32 − 1 nodes"
        );
        self.child.push([NONE, NONE]);
        self.count.push(0);
        (self.child.len() - 1) as u32
    }

    fn check(&self, x: u64) {
        assert!(
            self.width == 64 || x >> self.width == 0,
            "XorTries: {} does not fit in {} bits",
            x,
            self.width
        );
    }

    /// The number of values in set `t`.
    pub fn len(&self, t: TrieId) -> usize {
        self.count[self.root[t.0] as usize] as usize
    }

    /// Whether set `t` is empty.
    pub fn is_empty(&self, t: TrieId) -> bool {
        self.len(t) == 0
    }

    /// Adds `x` to set `t`; false if it was there already.
    ///
    /// ```
    /// let mut tries = grundy::xor_trie::XorTries::new(4);
    /// let a = tries.create();
    /// assert!(tries.insert(a, 9));
    /// assert!(!tries.insert(a, 9));
    /// ```
    pub fn insert(&mut self, t: TrieId, x: u64) -> bool {
        self.check(x);
        if self.contains(t, x) {
            return false;
        }
        let stored = x ^ self.pending[t.0];
        let mut at = self.root[t.0];
        self.count[at as usize] += 1;
        for b in (0..self.width).rev() {
            let side = ((stored >> b) & 1) as usize;
            let mut next = self.child[at as usize][side];
            if next == NONE {
                next = self.node();
                self.child[at as usize][side] = next;
            }
            at = next;
            self.count[at as usize] += 1;
        }
        true
    }

    /// Whether `x` is in set `t`.
    ///
    /// ```
    /// let mut tries = grundy::xor_trie::XorTries::new(16);
    /// let a = tries.create();
    /// tries.insert(a, 300);
    /// assert!(tries.contains(a, 300) && !tries.contains(a, 301));
    /// ```
    pub fn contains(&self, t: TrieId, x: u64) -> bool {
        self.check(x);
        let stored = x ^ self.pending[t.0];
        let mut at = self.root[t.0];
        for b in (0..self.width).rev() {
            at = self.child[at as usize][((stored >> b) & 1) as usize];
            if at == NONE {
                return false;
            }
        }
        true
    }

    /// Replaces every value x of set `t` by x xor `d`, in O(1).
    ///
    /// ```
    /// let mut tries = grundy::xor_trie::XorTries::new(8);
    /// let a = tries.create();
    /// tries.insert(a, 6);
    /// tries.xor_all(a, 5);
    /// assert_eq!(tries.values(a), [3]);
    /// ```
    pub fn xor_all(&mut self, t: TrieId, d: u64) {
        self.check(d);
        self.pending[t.0] ^= d;
    }

    /// The smallest value missing from {x xor `q` : x in set `t`} (2^`width` if the set holds
    /// every value, which only a small width allows).
    ///
    /// ```
    /// let mut tries = grundy::xor_trie::XorTries::new(8);
    /// let a = tries.create();
    /// for x in [4, 5, 7] {
    ///     tries.insert(a, x);
    /// }
    /// assert_eq!(tries.mex(a, 4), 2); // {0, 1, 3}
    /// assert_eq!(tries.mex(a, 0), 0);
    /// ```
    pub fn mex(&self, t: TrieId, q: u64) -> u64 {
        let y = q ^ self.pending[t.0];
        let mut at = self.root[t.0];
        let mut answer = 0u64;
        for b in (0..self.width).rev() {
            // Stored value s gives s xor y: the child on y's side gives bit b = 0.
            let side = ((y >> b) & 1) as usize;
            let low = self.child[at as usize][side];
            if low == NONE {
                return answer;
            }
            if self.count[low as usize] < 1u64 << b {
                at = low;
                continue;
            }
            // Every value with bit b = 0 (and the bits above as chosen) is present.
            answer |= 1 << b;
            at = self.child[at as usize][1 - side];
            if at == NONE {
                return answer;
            }
        }
        // Only a full set of every `width`-bit value reaches here.
        answer + 1
    }

    /// The union of sets `a` and `b`, made by moving the smaller set's values into the larger
    /// one; the id returned is the union's (one of `a` and `b`), the other set is left empty.
    ///
    /// ```
    /// let mut tries = grundy::xor_trie::XorTries::new(8);
    /// let (a, b) = (tries.create(), tries.create());
    /// tries.insert(a, 1);
    /// tries.insert(b, 2);
    /// tries.insert(b, 1);
    /// let union = tries.merge(a, b);
    /// assert_eq!(tries.values(union), [1, 2]);
    /// ```
    pub fn merge(&mut self, a: TrieId, b: TrieId) -> TrieId {
        if a == b {
            return a;
        }
        let (large, small) = if self.len(a) >= self.len(b) {
            (a, b)
        } else {
            (b, a)
        };
        let moved = self.take_values(small);
        for x in moved {
            self.insert(large, x);
        }
        large
    }

    /// Every value of set `t`, ascending.
    ///
    /// ```
    /// let mut tries = grundy::xor_trie::XorTries::new(8);
    /// let a = tries.create();
    /// tries.insert(a, 3);
    /// tries.insert(a, 1);
    /// assert_eq!(tries.values(a), [1, 3]);
    /// ```
    pub fn values(&self, t: TrieId) -> Vec<u64> {
        let mut out = self.walk(t, &mut Vec::new());
        out.sort_unstable();
        out
    }

    /// Empties set `t` (its nodes below the root to the free list) and returns its values.
    fn take_values(&mut self, t: TrieId) -> Vec<u64> {
        let mut freed = std::mem::take(&mut self.free);
        let out = self.walk(t, &mut freed);
        self.free = freed;
        let root = self.root[t.0] as usize;
        self.child[root] = [NONE, NONE];
        self.count[root] = 0;
        self.pending[t.0] = 0;
        out
    }

    /// The values of set `t` (its pending XOR applied) by an explicit stack, in no particular
    /// order; every node below the root is pushed on `nodes`.
    fn walk(&self, t: TrieId, nodes: &mut Vec<u32>) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.len(t));
        let mut stack = vec![(self.root[t.0], 0u32, 0u64)];
        while let Some((at, depth, prefix)) = stack.pop() {
            if depth == self.width {
                out.push(prefix ^ self.pending[t.0]);
            } else {
                for side in 0..2 {
                    let c = self.child[at as usize][side];
                    if c != NONE {
                        stack.push((c, depth + 1, (prefix << 1) | side as u64));
                        nodes.push(c);
                    }
                }
            }
        }
        out
    }
}

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
    use std::collections::{BTreeSet, HashMap};
    use testkit::{random_tree, Rng};

    #[test]
    fn the_tries_match_a_plain_set_under_random_operations() {
        let mut rng = Rng::new(4501);
        for &width in &[1u32, 3, 5, 32, 64] {
            let mask = if width == 64 {
                u64::MAX
            } else {
                (1 << width) - 1
            };
            let mut tries = XorTries::new(width);
            let mut ids = Vec::new();
            let mut plain: Vec<BTreeSet<u64>> = Vec::new();
            for _ in 0..600 {
                // Small values most of the time (so mexes are interesting), any value sometimes.
                let value = |rng: &mut Rng| {
                    if rng.below(4) == 0 {
                        rng.next_u64() & mask
                    } else {
                        rng.below(12) & mask
                    }
                };
                match rng.below(6) {
                    0 => {
                        ids.push(tries.create());
                        plain.push(BTreeSet::new());
                    }
                    _ if ids.is_empty() => {}
                    1 | 2 => {
                        let i = rng.below(ids.len() as u64) as usize;
                        let x = value(&mut rng);
                        assert_eq!(tries.insert(ids[i], x), plain[i].insert(x));
                    }
                    3 => {
                        let i = rng.below(ids.len() as u64) as usize;
                        let d = value(&mut rng);
                        tries.xor_all(ids[i], d);
                        plain[i] = plain[i].iter().map(|x| x ^ d).collect();
                    }
                    4 if ids.len() >= 2 => {
                        let i = rng.below(ids.len() as u64) as usize;
                        let j = rng.below(ids.len() as u64) as usize;
                        let union = tries.merge(ids[i], ids[j]);
                        let both: BTreeSet<u64> = plain[i].union(&plain[j]).copied().collect();
                        // The union replaces both sets in the plain model.
                        let (keep, gone) = if union == ids[i] { (i, j) } else { (j, i) };
                        assert!(union == ids[keep]);
                        if i != j {
                            assert!(tries.is_empty(ids[gone]));
                            plain[gone].clear();
                        }
                        plain[keep] = both;
                    }
                    _ => {}
                }
                assert_eq!(tries.width(), width);
                for (i, &id) in ids.iter().enumerate() {
                    assert_eq!(tries.len(id), plain[i].len());
                    assert_eq!(tries.is_empty(id), plain[i].is_empty());
                    assert_eq!(
                        tries.values(id),
                        plain[i].iter().copied().collect::<Vec<_>>()
                    );
                    let q = value(&mut rng);
                    let shifted: BTreeSet<u64> = plain[i].iter().map(|x| x ^ q).collect();
                    let mex = (0..).find(|m| !shifted.contains(m)).unwrap();
                    assert_eq!(
                        tries.mex(id, q),
                        mex,
                        "width {} set {:?} q {}",
                        width,
                        plain[i],
                        q
                    );
                    let probe = value(&mut rng);
                    assert_eq!(tries.contains(id, probe), plain[i].contains(&probe));
                }
            }
        }
    }

    #[test]
    fn a_full_set_has_the_mex_past_its_width() {
        let mut tries = XorTries::new(3);
        let a = tries.create();
        for x in 0..8 {
            tries.insert(a, x);
        }
        assert_eq!(tries.mex(a, 5), 8);
        assert_eq!(tries.len(a), 8);
    }

    #[test]
    fn freed_nodes_are_reused() {
        let mut tries = XorTries::new(16);
        let (a, b) = (tries.create(), tries.create());
        for x in 0..100 {
            tries.insert(a, 37 * x);
            tries.insert(b, 37 * x);
        }
        let nodes = tries.child.len();
        // b's values are all in a: the merge frees b's nodes and adds none.
        assert_eq!(tries.merge(a, b), a);
        assert_eq!(tries.child.len(), nodes);
        assert!(tries.is_empty(b) && tries.len(a) == 100);
        // A third set of the same shape takes them back: one node more (its root came from
        // the free list too).
        let c = tries.create();
        for x in 0..100 {
            tries.insert(c, 37 * x);
        }
        assert_eq!(tries.child.len(), nodes + 1);
        assert!(tries.free.is_empty());
        assert_eq!(tries.values(c), tries.values(a));
    }

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

    #[test]
    #[should_panic(expected = "does not fit in 4 bits")]
    fn a_value_too_wide_is_refused() {
        let mut tries = XorTries::new(4);
        let a = tries.create();
        tries.insert(a, 16);
    }

    #[test]
    #[should_panic(expected = "the width must be 1 to 64 bits")]
    fn a_width_of_zero_is_refused() {
        XorTries::new(0);
    }
}
