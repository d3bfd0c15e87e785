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

mod path_removal;

pub use self::path_removal::path_removal_values;

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use testkit::Rng;

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
