//! Exact distances by centroid decomposition: [`super::root_distance_values`].

use super::adjacency::Adjacency;

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
            // No branch: the window flips at random. From a to a + 1: r with a + r ≡ period − 1
            // leaves, r with a + r ≡ half − 1 enters.
            *o |= u64::from(window) << b;
            let leave = (period - 1).wrapping_sub(a) & (period - 1);
            let enter = (half - 1).wrapping_sub(a) & (period - 1);
            window ^= fold[leave] ^ fold[enter];
        }
        b += 1;
    }
}

/// For every root R: XOR over odd v of dist(R, v), by centroid decomposition.
pub(super) fn distance_xors_by_centroids(tree: &Adjacency, odd: &[bool]) -> Vec<u64> {
    let mut work = Centroids::new(tree, odd);
    let mut pending = vec![0usize];
    while let Some(start) = pending.pop() {
        let c = work.centroid_of(start);
        work.branches_of(c);
        work.add_pairs_through(c);
        // Each branch a component of its own once c is removed.
        work.remove_pairs_inside_branches();
        pending.extend(work.branches.iter().map(|&(from, _)| work.members[from]));
        work.removed[c] = true;
    }
    work.value
}

/// The decomposition's state: the values so far, the centroids removed, one component's BFS
/// and one centroid's branches, and scratch for [`shifted_xors`].
struct Centroids<'a> {
    tree: &'a Adjacency,
    odd: &'a [bool],
    value: Vec<u64>,
    removed: Vec<bool>,
    size: Vec<usize>,
    parent: Vec<usize>,
    depth: Vec<usize>,
    /// One component's vertices in BFS order.
    comp: Vec<usize>,
    /// The branches of a centroid, one after another, each in BFS order.
    members: Vec<usize>,
    /// Each branch's range in `members`.
    branches: Vec<(usize, usize)>,
    parity: Vec<bool>,
    fold: Vec<bool>,
    xors: Vec<u64>,
}

impl<'a> Centroids<'a> {
    fn new(tree: &'a Adjacency, odd: &'a [bool]) -> Self {
        let n = odd.len();
        Centroids {
            tree,
            odd,
            value: vec![0; n],
            removed: vec![false; n],
            size: vec![0; n],
            parent: vec![usize::MAX; n],
            depth: vec![0; n],
            comp: Vec::new(),
            members: Vec::new(),
            branches: Vec::new(),
            parity: Vec::new(),
            fold: Vec::new(),
            xors: Vec::new(),
        }
    }

    /// The centroid of the component of `start` (the vertices it reaches without a removed
    /// one): its BFS order and subtree sizes, then a walk down into a child holding more than
    /// half while there is one.
    fn centroid_of(&mut self, start: usize) -> usize {
        // The fields as local slices, here and below: a loop that writes one keeps the others'
        // pointers and lengths in registers (through `self` they are reloaded after writes).
        let Centroids {
            tree,
            removed,
            size,
            parent,
            comp,
            ..
        } = self;
        let (removed, size, parent) = (&removed[..], &mut size[..], &mut parent[..]);
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
        for &v in comp.iter() {
            size[v] = 1;
        }
        for &v in comp.iter().skip(1).rev() {
            size[parent[v]] += size[v];
        }
        let total = comp.len();
        let mut c = start;
        'walk: loop {
            for &w in tree.neighbours(c) {
                if !removed[w] && w != parent[c] && 2 * size[w] > total {
                    c = w;
                    continue 'walk;
                }
            }
            return c;
        }
    }

    /// Each branch of `c` by BFS, with depths from `c`, into `members` and `branches`.
    fn branches_of(&mut self, c: usize) {
        let Centroids {
            tree,
            removed,
            parent,
            depth,
            members,
            branches,
            ..
        } = self;
        members.clear();
        let (removed, parent, depth) = (&removed[..], &mut parent[..], &mut depth[..]);
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
    }

    /// The whole component: every pair (u, v) through `c` at distance d(u) + d(v).
    fn add_pairs_through(&mut self, c: usize) {
        let Centroids {
            odd,
            value,
            depth,
            members,
            branches,
            parity,
            fold,
            xors,
            ..
        } = self;
        let (value, depth) = (&mut value[..], &depth[..]);
        // A branch's BFS ends at its deepest vertex.
        let deepest = branches
            .iter()
            .map(|&(_, to)| depth[members[to - 1]])
            .max()
            .unwrap_or(0);
        parity.clear();
        parity.resize(deepest + 1, false);
        parity[0] = odd[c];
        for &v in members.iter() {
            parity[depth[v]] ^= odd[v];
        }
        shifted_xors(parity, deepest, fold, xors);
        value[c] ^= xors[0];
        for &v in members.iter() {
            value[v] ^= xors[depth[v]];
        }
    }

    /// Less the pairs inside one branch (XOR cancels them): they are counted at a deeper
    /// centroid.
    fn remove_pairs_inside_branches(&mut self) {
        let Centroids {
            odd,
            value,
            depth,
            members,
            branches,
            parity,
            fold,
            xors,
            ..
        } = self;
        let (value, depth) = (&mut value[..], &depth[..]);
        for &(from, to) in branches.iter() {
            let branch = &members[from..to];
            let deepest = depth[branch[branch.len() - 1]];
            parity.clear();
            parity.resize(deepest + 1, false);
            for &v in branch {
                parity[depth[v]] ^= odd[v];
            }
            shifted_xors(parity, deepest, fold, xors);
            for &v in branch {
                value[v] ^= xors[depth[v]];
            }
        }
    }
}
