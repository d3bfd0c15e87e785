//! Staircase Nim: coins on a staircase (or on a rooted tree) that move one step down (towards
//! the root), and the winning move; and [`root_values`], the game where one coin at a time
//! moves up to k levels towards the root, for every root of a tree at once.
//!
//! # The rule
//! Coins lie on stairs 0, 1, …, n − 1. A move takes any positive number of coins from one stair
//! i ≥ 1 and puts them on stair i − 1; the player with no move (every coin on stair 0) loses.
//! The game is Nim played on the odd stairs alone: the mover loses iff the XOR of the coin
//! counts on the odd stairs is 0.
//!
//! Why: a move from an odd stair to the even stair below is a Nim move on that heap. A move
//! from an even stair i ≥ 2 adds coins to the odd stair i − 1; the player who is winning the
//! Nim on odd stairs answers it by moving exactly those coins on from i − 1 to the even stair
//! i − 2, which restores the odd stairs as they were. Coins on even stairs can only fall to
//! lower even stairs by such pairs of moves, and each pair brings them closer to stair 0, so
//! the mirroring ends; then the last Nim move on the odd stairs is the last move of the game.
//!
//! On a rooted tree (a move takes coins from a non-root node to its parent) the same argument
//! holds with the depth in place of the stair: Nim on the nodes at odd depth.
//!
//! Source: T. S. Ferguson, *Game Theory*, Part I (Impartial Combinatorial Games), exercise 6
//! of the Nim chapter (page I-13, staircase Nim); the tree form is the analysis of HackerRank's
//! "Move the Coins" (April World CodeSprint).
//!
//! ```
//! use grundy::staircase::{value, winning_move, StairMove};
//! use grundy::prelude::Nimber;
//! // Stairs 0..=3 hold 5, 2, 7, 3 coins: odd stairs 2 and 3, XOR 1: the mover wins.
//! assert_eq!(value(&[5, 2, 7, 3]), Nimber(1));
//! // Bring stair 3 down to 2 coins by moving 1 coin to stair 2.
//! assert_eq!(winning_move(&[5, 2, 7, 3]), Some(StairMove { from: 3, count: 1 }));
//! ```

use crate::nimber::Nimber;

/// The value of staircase Nim with `coins[i]` coins on stair i: the XOR of the coins on the
/// odd stairs (stair 0 is the floor; nothing moves from it).
///
/// ```
/// use grundy::staircase::value;
/// use grundy::prelude::Nimber;
/// assert_eq!(value(&[9, 4, 100, 4]), Nimber(0)); // 4 ^ 4
/// assert_eq!(value(&[]), Nimber(0));
/// ```
///
/// # Complexity
/// O(n).
pub fn value(coins: &[u64]) -> Nimber {
    Nimber(coins.iter().skip(1).step_by(2).fold(0, |x, &c| x ^ c))
}

/// A staircase move: `count` coins from stair `from` to stair `from - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StairMove {
    /// The stair the coins leave (at least 1).
    pub from: usize,
    /// How many coins move (at least 1).
    pub count: u64,
}

/// A winning move of staircase Nim with `coins[i]` coins on stair i, or `None` when the
/// mover loses (the value is 0).
///
/// The move is the Nim move on the lowest odd stair that has one: it takes the coins that
/// make the odd stairs' XOR 0 down to the even stair below.
///
/// ```
/// use grundy::staircase::{winning_move, StairMove};
/// assert_eq!(winning_move(&[0, 6, 0, 3]), Some(StairMove { from: 1, count: 3 }));
/// assert_eq!(winning_move(&[7, 0, 5]), None); // nothing on odd stairs
/// ```
///
/// # Complexity
/// O(n).
pub fn winning_move(coins: &[u64]) -> Option<StairMove> {
    let s = value(coins).value();
    nim_move_on(s, (1..coins.len()).step_by(2).map(|i| (i, coins[i])))
        .map(|(from, count)| StairMove { from, count })
}

/// The first (place, coins) whose Nim heap can be brought to make the XOR `s` zero, and the
/// number of coins to take from it (none when `s` is 0: no heap c has c ^ 0 < c).
fn nim_move_on(s: u64, heaps: impl Iterator<Item = (usize, u64)>) -> Option<(usize, u64)> {
    heaps
        .filter(|&(_, c)| c ^ s < c)
        .map(|(i, c)| (i, c - (c ^ s)))
        .next()
}

/// Staircase Nim on a rooted forest: `parent[v]` is the parent of node `v`, a root is its own
/// parent, and a move takes any positive number of coins from a non-root node to its parent.
/// Built once from the parents; then [`TreeStaircase::value`] and
/// [`TreeStaircase::winning_move`] for any coins.
///
/// ```
/// use grundy::staircase::{TreeStaircase, TreeMove};
/// use grundy::prelude::Nimber;
/// // 0 is the root; 1 and 2 its children; 3 a child of 2.
/// let tree = TreeStaircase::new(&[0, 0, 0, 2]);
/// assert!(tree.odd_depth(1) && !tree.odd_depth(3));
/// let coins = [4, 3, 1, 8];
/// assert_eq!(tree.value(&coins), Nimber(3 ^ 1));
/// assert_eq!(tree.winning_move(&coins), Some(TreeMove { node: 1, count: 2 }));
/// ```
///
/// # Constraints
/// Every node's chain of parents ends at a root (no cycle).
///
/// # Panics
/// `new` panics if a parent is out of range or the parents form a cycle; `value` and
/// `winning_move` if `coins` is not one count per node.
///
/// # Complexity
/// `new`: O(n) time and memory, without recursion. `value`, `winning_move`: O(n).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeStaircase {
    odd: Vec<bool>,
}

/// A move on a tree: `count` coins from `node` to its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TreeMove {
    /// The node the coins leave (not a root).
    pub node: usize,
    /// How many coins move (at least 1).
    pub count: u64,
}

impl TreeStaircase {
    /// The forest whose node `v` has parent `parent[v]` (a root is its own parent).
    ///
    /// ```
    /// let chain = grundy::staircase::TreeStaircase::new(&[0, 0, 1, 2]);
    /// assert_eq!((0..4).map(|v| chain.odd_depth(v)).collect::<Vec<_>>(), [false, true, false, true]);
    /// ```
    pub fn new(parent: &[usize]) -> Self {
        let n = parent.len();
        // Depth parity known per node: None until found. A node's parity is found by walking
        // up to a known node or a root, then written back down the walked path.
        let mut odd: Vec<Option<bool>> = vec![None; n];
        let mut path = Vec::new();
        for start in 0..n {
            let mut v = start;
            let mut above = loop {
                if let Some(known) = odd[v] {
                    break known;
                }
                let p = parent[v];
                assert!(
                    p < n,
                    "TreeStaircase: parent {} of node {} is not a node",
                    p,
                    v
                );
                if p == v {
                    odd[v] = Some(false);
                    break false;
                }
                assert!(
                    path.len() < n,
                    "TreeStaircase: the parents form a cycle through node {}",
                    v
                );
                path.push(v);
                v = p;
            };
            while let Some(u) = path.pop() {
                above = !above;
                odd[u] = Some(above);
            }
        }
        TreeStaircase {
            odd: odd.into_iter().map(|d| d == Some(true)).collect(),
        }
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.odd.len()
    }

    /// Whether the forest has no node.
    pub fn is_empty(&self) -> bool {
        self.odd.is_empty()
    }

    /// Whether node `v` is at odd depth (a root is at depth 0).
    pub fn odd_depth(&self, v: usize) -> bool {
        self.odd[v]
    }

    /// The value with `coins[v]` coins on node v: the XOR over the nodes at odd depth.
    ///
    /// ```
    /// let star = grundy::staircase::TreeStaircase::new(&[0, 0, 0]);
    /// assert!(star.value(&[5, 2, 2]).is_zero());
    /// ```
    pub fn value(&self, coins: &[u64]) -> Nimber {
        assert_eq!(coins.len(), self.len(), "TreeStaircase: one count per node");
        Nimber(
            self.odd
                .iter()
                .zip(coins)
                .filter(|&(&odd, _)| odd)
                .fold(0, |x, (_, &c)| x ^ c),
        )
    }

    /// A winning move with `coins[v]` coins on node v, or `None` when the mover loses: the Nim
    /// move on the first node at odd depth that has one.
    ///
    /// ```
    /// let star = grundy::staircase::TreeStaircase::new(&[0, 0, 0]);
    /// assert_eq!(star.winning_move(&[5, 2, 2]), None);
    /// ```
    pub fn winning_move(&self, coins: &[u64]) -> Option<TreeMove> {
        let s = self.value(coins).value();
        let odd_nodes = (0..self.len())
            .filter(|&v| self.odd[v])
            .map(|v| (v, coins[v]));
        nim_move_on(s, odd_nodes).map(|(node, count)| TreeMove { node, count })
    }
}

/// One coin at a time, up to `step` levels, for every root of a tree at once.
///
/// # The game
/// A tree with `coins[v]` coins on vertex v, and a chosen root R. A move takes **one** coin
/// from a vertex other than R and moves it 1, 2, …, `step` edges along the path towards R
/// (never past R); the player with no move (every coin on R) loses. This is not
/// [`TreeStaircase`]'s game, where any number of coins move one level: here a coin is a heap
/// of its own. (Any number of coins moving 1..=k levels, k ≥ 2, has no rule of this kind: on
/// lines of 7 stairs with up to 2 coins each, no set of depth residues mod m ≤ 7 whose coins'
/// XOR decides the winner exists, by an exhaustive check for k = 2 and 3.)
///
/// # The theorem
/// Each coin is an independent subtraction game with moves {1, …, k} (k = `step`) on a heap
/// of dist(R, v), whose value is dist(R, v) mod (k + 1); the position is their sum, and two
/// equal values cancel, so only the parity of each vertex's count matters:
///
/// value(R) = XOR over the vertices v with an odd `coins[v]` of (dist(R, v) mod (k + 1)).
///
/// With k at least n − 1 (or `usize::MAX`) the bound never binds and a coin is a Nim heap of
/// size dist(R, v): CodeChef MOVCOIN2 ("Move the Coins 2").
///
/// # How
/// - k + 1 < n: rerooting over the residues of the distance mod k + 1. Each vertex keeps the
///   parity of the coins at each residue in its subtree (a bit vector of k + 1 bits, shifted
///   by one residue per edge); a second pass from the root hands each child the rest of the
///   tree. O(n · ⌈(k + 1) / 64⌉) time and words of memory, two passes in BFS order.
/// - otherwise (exact distances): centroid decomposition. For a centroid c with depths d(·),
///   XOR over v of (d(u) + d(v)) for every u at once is, bit b by bit b, the parity of a
///   window of residues mod 2^(b+1) sliding by one per unit of d(u); the pairs inside one
///   branch of c are removed by the same sum over that branch (XOR cancels them) and counted
///   again at a deeper centroid. O(n log² n) time, O(n) memory.
///
/// Neither recurses: a path of 3 · 10^5 vertices is fine.
///
/// Source: the coin as a subtraction game is Sprague–Grundy (Ferguson, *Game Theory*, Part I,
/// the subtraction games of chapter 2); the every-root problem is CodeChef MOVCOIN2 (September
/// 2020), whose editorial uses centroid decomposition; the residue rerooting is ours.
///
/// ```
/// use grundy::staircase::root_values;
/// use grundy::prelude::Nimber;
/// // The path 0 - 1 - 2 with a coin on 0 and one on 2: root 1 sees heaps 1 and 1.
/// let values = root_values(&[(0, 1), (1, 2)], &[1, 0, 1], usize::MAX);
/// assert_eq!(values, [Nimber(2), Nimber(0), Nimber(2)]);
/// // With step 1 a coin's value is its distance mod 2.
/// assert_eq!(root_values(&[(0, 1), (1, 2)], &[1, 0, 1], 1), [Nimber(0); 3]);
/// ```
///
/// # Constraints
/// `edges` are the n − 1 edges of a tree on the vertices 0..n, n = `coins.len()`; `step` ≥ 1.
///
/// # Panics
/// If `step` is 0, an endpoint is not below n, or the edges are not a tree (a wrong count, or
/// a vertex not connected).
///
/// # Complexity
/// O(n · ⌈(k + 1) / 64⌉) when k + 1 < n, else O(n log² n); no recursion.
pub fn root_values(edges: &[(usize, usize)], coins: &[u64], step: usize) -> Vec<Nimber> {
    assert!(step >= 1, "root_values: the step must be at least 1");
    // Every distance is at most n − 1: with k + 1 >= n the residues are the distances.
    if step >= coins.len().saturating_sub(1) {
        return root_distance_values(edges, coins);
    }
    values_by_root(edges, coins, |tree, odd| {
        residue_xors_by_rerooting(tree, odd, step + 1)
    })
}

/// [`root_values`] with no bound on the step: a coin is a Nim heap of its distance to the
/// root, and the value for root R is the XOR of dist(R, v) over the vertices v with an odd
/// `coins[v]` (CodeChef MOVCOIN2). Its own function so that a program that needs only this
/// case carries no rerooting code.
///
/// ```
/// use grundy::staircase::{root_distance_values, root_values};
/// let edges = [(0, 1), (1, 2), (1, 3)];
/// let coins = [1, 2, 0, 3];
/// assert_eq!(root_distance_values(&edges, &coins), root_values(&edges, &coins, usize::MAX));
/// ```
///
/// # Constraints, panics
/// As [`root_values`] (there is no step to check).
///
/// # Complexity
/// O(n log² n) time, O(n) memory; no recursion.
pub fn root_distance_values(edges: &[(usize, usize)], coins: &[u64]) -> Vec<Nimber> {
    values_by_root(edges, coins, distance_xors_by_centroids)
}

/// Checks the tree, renumbers its vertices in BFS order, runs `solve` on the renumbered tree
/// with each vertex's coin parity, and hands the values back by the original labels.
fn values_by_root<F>(edges: &[(usize, usize)], coins: &[u64], solve: F) -> Vec<Nimber>
where
    F: FnOnce(&Adjacency, &[bool]) -> Vec<u64>,
{
    let n = coins.len();
    let (tree, order) = Adjacency::tree(n, edges);
    if n == 0 {
        return Vec::new();
    }
    // Vertices renumbered in BFS order, so that a vertex's neighbours lie near it in memory:
    // the passes walk the tree many times, and labels in random order make every step a
    // cache miss (a 3 · 10^5-vertex path ran 2.5 times slower).
    let near = tree.renumbered(&order);
    let odd: Vec<bool> = order.iter().map(|&v| coins[v] % 2 == 1).collect();
    let values = solve(&near, &odd);
    let mut by_label = vec![Nimber(0); n];
    for (i, &v) in order.iter().enumerate() {
        by_label[v] = Nimber(values[i]);
    }
    by_label
}

/// A tree's adjacency in one array (CSR): the neighbours of v are `to[start[v]..start[v + 1]]`.
struct Adjacency {
    start: Vec<usize>,
    to: Vec<usize>,
}

impl Adjacency {
    /// The adjacency of the tree with these edges on n vertices, and its vertices in BFS
    /// order from vertex 0; panics if the edges are no tree.
    fn tree(n: usize, edges: &[(usize, usize)]) -> (Self, Vec<usize>) {
        assert!(
            edges.len() + 1 == n || (n == 0 && edges.is_empty()),
            "root_values: a tree on {} vertices has {} edges, not {}",
            n,
            n.saturating_sub(1),
            edges.len()
        );
        let mut start = vec![0; n + 1];
        for &(u, v) in edges {
            assert!(
                u < n && v < n,
                "root_values: edge ({}, {}) is not between vertices below {}",
                u,
                v,
                n
            );
            start[u + 1] += 1;
            start[v + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut to = vec![0; 2 * edges.len()];
        for &(u, v) in edges {
            to[fill[u]] = v;
            fill[u] += 1;
            to[fill[v]] = u;
            fill[v] += 1;
        }
        let tree = Adjacency { start, to };
        if n == 0 {
            return (tree, Vec::new());
        }
        let (order, _) = tree.bfs(0);
        assert!(
            order.len() == n,
            "root_values: the edges leave {} of {} vertices apart from vertex 0",
            n - order.len(),
            n
        );
        (tree, order)
    }

    /// The same tree with vertex `order[i]` renamed i.
    fn renumbered(&self, order: &[usize]) -> Self {
        let n = order.len();
        let mut rank = vec![0; n];
        for (i, &v) in order.iter().enumerate() {
            rank[v] = i;
        }
        let mut start = Vec::with_capacity(n + 1);
        let mut to = Vec::with_capacity(self.to.len());
        start.push(0);
        for &v in order {
            to.extend(self.neighbours(v).iter().map(|&w| rank[w]));
            start.push(to.len());
        }
        Adjacency { start, to }
    }

    fn neighbours(&self, v: usize) -> &[usize] {
        &self.to[self.start[v]..self.start[v + 1]]
    }

    /// The vertices reached from `root` in BFS order, and each one's parent (the root its own).
    fn bfs(&self, root: usize) -> (Vec<usize>, Vec<usize>) {
        let n = self.start.len() - 1;
        let mut parent = vec![usize::MAX; n];
        parent[root] = root;
        let mut order = vec![root];
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in self.neighbours(v) {
                if parent[w] == usize::MAX {
                    parent[w] = v;
                    order.push(w);
                }
            }
        }
        (order, parent)
    }
}

/// `dst` = `src` with residue r moved to r + 1 mod m (bit vectors of m bits in 64-bit words).
fn rotate_one(src: &[u64], dst: &mut [u64], m: usize) {
    let mut carry = (src[(m - 1) / 64] >> ((m - 1) % 64)) & 1;
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = (s << 1) | carry;
        carry = s >> 63;
    }
    let used = m - 64 * (src.len() - 1);
    if used < 64 {
        let last = src.len() - 1;
        dst[last] &= (1u64 << used) - 1;
    }
}

/// The XOR of the residues whose bit is set.
fn xor_of_residues(bits: &[u64]) -> u64 {
    let mut x = 0;
    for (i, &w) in bits.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            x ^= (64 * i) as u64 + u64::from(w.trailing_zeros());
            w &= w - 1;
        }
    }
    x
}

/// For every root R: XOR over odd v of dist(R, v) mod m, by rerooting parity vectors.
fn residue_xors_by_rerooting(tree: &Adjacency, odd: &[bool], m: usize) -> Vec<u64> {
    let n = odd.len();
    let words = (m + 63) / 64;
    let (order, parent) = tree.bfs(0);
    // down[v]: parity, per residue r, of the odd vertices u in v's subtree with
    // dist(v, u) ≡ r (mod m).
    let mut down = vec![0u64; n * words];
    for v in 0..n {
        if odd[v] {
            down[v * words] = 1;
        }
    }
    let mut shifted = vec![0u64; words];
    for &v in order.iter().skip(1).rev() {
        rotate_one(&down[v * words..(v + 1) * words], &mut shifted, m);
        let p = parent[v] * words;
        for (d, s) in down[p..p + words].iter_mut().zip(&shifted) {
            *d ^= s;
        }
    }
    // all[v]: the same over the whole tree; the parent's, less v's subtree, one step further.
    let mut all = vec![0u64; n * words];
    all[..words].copy_from_slice(&down[..words]);
    let mut rest = vec![0u64; words];
    for &v in order.iter().skip(1) {
        let (p, vw) = (parent[v] * words, v * words);
        rotate_one(&down[vw..vw + words], &mut shifted, m);
        for i in 0..words {
            rest[i] = all[p + i] ^ shifted[i];
        }
        rotate_one(&rest, &mut shifted, m);
        for i in 0..words {
            all[vw + i] = down[vw + i] ^ shifted[i];
        }
    }
    (0..n)
        .map(|v| xor_of_residues(&all[v * words..(v + 1) * words]))
        .collect()
}

/// `out[a]` = XOR over the depths d with `parity[d]` set of (a + d), for a in 0..=`upto`.
///
/// Bit b of a + d is set iff (a + d) mod 2^(b+1) ≥ 2^b: fold the parities by d mod 2^(b+1),
/// then slide the window of residues that land in the upper half as a grows by one.
fn shifted_xors(parity: &[bool], upto: usize, fold: &mut Vec<bool>, out: &mut Vec<u64>) {
    out.clear();
    out.resize(upto + 1, 0);
    let top = upto + parity.len().saturating_sub(1); // the largest a + d
    let mut b = 0;
    while (1usize << b) <= top {
        let (half, period) = (1usize << b, 1usize << (b + 1));
        fold.clear();
        fold.resize(period, false);
        for (d, &p) in parity.iter().enumerate() {
            fold[d & (period - 1)] ^= p;
        }
        let mut window = fold[half..].iter().fold(false, |w, &f| w ^ f);
        for (a, o) in out.iter_mut().enumerate() {
            *o |= u64::from(window) << b; // no branch: the window flips at random
                                          // From a to a + 1: r with a + r ≡ period − 1 leaves, r with a + r ≡ half − 1 enters.
            let leave = (period - 1).wrapping_sub(a) & (period - 1);
            let enter = (half - 1).wrapping_sub(a) & (period - 1);
            window ^= fold[leave] ^ fold[enter];
        }
        b += 1;
    }
}

/// For every root R: XOR over odd v of dist(R, v), by centroid decomposition.
fn distance_xors_by_centroids(tree: &Adjacency, odd: &[bool]) -> Vec<u64> {
    let n = odd.len();
    let mut value = vec![0u64; n];
    let mut removed = vec![false; n];
    let mut size = vec![0usize; n];
    let mut parent = vec![usize::MAX; n];
    let mut depth = vec![0usize; n];
    let mut comp = Vec::new(); // one component's vertices in BFS order
    let mut branches: Vec<(usize, usize)> = Vec::new(); // each branch's range in `members`
    let mut members = Vec::new();
    let (mut parity, mut fold, mut xors) = (Vec::new(), Vec::new(), Vec::new());
    let mut pending = vec![0usize];
    while let Some(start) = pending.pop() {
        // The component of `start`, its BFS order and subtree sizes.
        comp.clear();
        comp.push(start);
        parent[start] = start;
        let mut head = 0;
        while head < comp.len() {
            let v = comp[head];
            head += 1;
            for &w in tree.neighbours(v) {
                if !removed[w] && w != parent[v] {
                    parent[w] = v;
                    comp.push(w);
                }
            }
        }
        // Sizes from the leaves up, each vertex adding itself to its parent.
        for &v in &comp {
            size[v] = 1;
        }
        for &v in comp.iter().skip(1).rev() {
            size[parent[v]] += size[v];
        }
        // The centroid: walk down into a child holding more than half while there is one.
        let total = comp.len();
        let mut c = start;
        'walk: loop {
            for &w in tree.neighbours(c) {
                if !removed[w] && w != parent[c] && 2 * size[w] > total {
                    c = w;
                    continue 'walk;
                }
            }
            break;
        }
        // Each branch of c by BFS, with depths from c.
        members.clear();
        branches.clear();
        depth[c] = 0;
        for &b in tree.neighbours(c) {
            if removed[b] {
                continue;
            }
            let from = members.len();
            members.push(b);
            parent[b] = c;
            depth[b] = 1;
            let mut head = from;
            while head < members.len() {
                let v = members[head];
                head += 1;
                for &w in tree.neighbours(v) {
                    if !removed[w] && w != parent[v] {
                        parent[w] = v;
                        depth[w] = depth[v] + 1;
                        members.push(w);
                    }
                }
            }
            branches.push((from, members.len()));
        }
        // The whole component: every pair (u, v) through c at distance d(u) + d(v).
        // A branch's BFS ends at its deepest vertex.
        let deepest = branches
            .iter()
            .map(|&(_, to)| depth[members[to - 1]])
            .max()
            .unwrap_or(0);
        parity.clear();
        parity.resize(deepest + 1, false);
        parity[0] = odd[c];
        for &v in &members {
            parity[depth[v]] ^= odd[v];
        }
        shifted_xors(&parity, deepest, &mut fold, &mut xors);
        value[c] ^= xors[0];
        for &v in &members {
            value[v] ^= xors[depth[v]];
        }
        // Less the pairs inside one branch (XOR cancels them), counted at a deeper centroid.
        for &(from, to) in &branches {
            let deepest = depth[members[to - 1]];
            parity.clear();
            parity.resize(deepest + 1, false);
            for &v in &members[from..to] {
                parity[depth[v]] ^= odd[v];
            }
            shifted_xors(&parity, deepest, &mut fold, &mut xors);
            for &v in &members[from..to] {
                value[v] ^= xors[depth[v]];
            }
            pending.push(members[from]);
        }
        removed[c] = true;
    }
    value
}

#[cfg(test)]
mod tests {
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
}
