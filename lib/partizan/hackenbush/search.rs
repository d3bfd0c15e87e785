//! The search behind [`Picture::game`](super::Picture::game) for a component with a cycle: a
//! position is the edges still standing, and it is valued as a sum of small independent
//! pieces, each memoised on its own.
//!
//! Three facts make the pieces small (Berlekamp, Conway and Guy, *Winning Ways*, chapters 2
//! and 7; Conway, *On Numbers and Games*, chapter 15):
//! - pieces meeting only at the ground are a disjunctive **sum** (a move in one leaves the
//!   others as they were), so the value of a position is the sum of its blocks at the root;
//! - a piece `H` touching the rest of a picture at one vertex `v` only counts through its
//!   value (the **colon principle**, for partizan pictures too: in `G[v:H] - G[v:H']` with
//!   `H = H'` the second player copies every move in `G` on the other side, where it makes
//!   `H` and `H'` fall together, and answers moves in `H` or `H'` by the win `H - H'` gives
//!   the second player there), so every block above a cut vertex, loop or pendant tree is
//!   folded into a value hanging at that vertex;
//! - parallel edges of one colour between the same two vertices are interchangeable, so a
//!   position keeps only how many of each class stand.
//!
//! What is left to search is a **block** (a 2-connected piece, or two parallel edges) on its
//! root with values hanging at its other vertices; its options are cutting an edge, after
//! which the rest splits again, and moving in a hanging value.

use super::{edge_under, Color};
use crate::partizan::games::{GameId, Games};
use crate::partizan::hash::FastMap;
use std::collections::HashMap;

/// Values hanging at vertices: (vertex, value) pairs, by vertex, no zero values.
type Hanging = Vec<(usize, GameId)>;

/// No edge: the DFS root's "edge from its parent".
const NO_EDGE: usize = usize::MAX;

/// The forms a search may add to the arena for each block of its budget: a search making
/// more stops with the budget passed (a block then costs more than the 5 to 30 µs measured
/// for blocks with small values hanging; docs/analyzer.md).
pub(super) const FORMS_PER_POSITION: usize = 4;

/// Forms a search may add whatever its budget (so a small budget is about blocks).
pub(super) const FORMS_SLACK: usize = 4096;

/// The comparisons of forms ([`Games::comparisons`]) a search may make for each block of its
/// budget: where large values hang, comparing them is most of the work (a block valued
/// cheaply makes 2 to 4; on sparse pictures of 25 edges and 13 vertices blocks made 60 to
/// 110, and a refusal after 25,000 blocks cost 1 to 2 s of CPU; docs/analyzer.md).
pub(super) const COMPARISONS_PER_POSITION: usize = 8;

/// Comparisons a search may make whatever its budget.
pub(super) const COMPARISONS_SLACK: usize = 16384;

/// The positions a search may split into blocks (each O(e + v), a memo miss) for each block
/// of its budget: on pictures of many vertices a block's cuts leave many positions to split
/// (5 to 6 a block on 10 to 16 vertices against 1.2 on 3), and a refusal of 100,000 blocks
/// of Blue-Red pictures there cost 1 to 1.5 s of CPU.
pub(super) const SPLITS_PER_POSITION: usize = 2;

/// Positions a search may split whatever its budget.
pub(super) const SPLITS_SLACK: usize = 16;

/// What a search of `budget` positions may spend of a resource: `per_position` for each,
/// plus `slack` whatever the budget (saturating: a budget of `usize::MAX` means no bound).
fn allowance(budget: usize, per_position: usize, slack: usize) -> usize {
    budget.saturating_mul(per_position).saturating_add(slack)
}

/// The most vertices of a component searched: one more than its at most 64 edges (it is
/// connected).
const MAX_VERTICES: usize = 65;

/// The search over a component's positions: edges as bits of a `u64`, vertices renumbered
/// from 0 (the ground) in order of first appearance.
pub(super) struct Search {
    /// Each edge's ends (renumbered) and colour.
    ends: Vec<(usize, usize, Color)>,
    /// For each vertex, the edges at it.
    incident: Vec<u64>,
    /// For each edge, the edges of its class: same colour, same two ends (parallel edges of
    /// one colour are interchangeable, so a position only counts how many of a class stand).
    class: Vec<u64>,
    /// The classes of two or more edges, each with its lowest `k` edges for every count `k`.
    shared: Vec<(u64, Vec<u64>)>,
    /// Each list of hanging values met, by its id, and the ids: a key holds an id.
    hangings: Vec<Hanging>,
    hanging_ids: FastMap<Hanging, u32>,
    /// Blocks already valued: their root, their edges and the id of the values hanging
    /// from them.
    memo: FastMap<(usize, u64, u32), GameId>,
    /// Positions already valued (a position is reached from many positions above it): the
    /// root, the edges standing and the id of the values hanging.
    positions: FastMap<(usize, u64, u32), GameId>,
    /// Edges under a piece (pendant edges folded into the vertex below).
    under: FastMap<(Color, GameId), GameId>,
    /// Blocks valued so far (the memo's size), and the most allowed.
    states: usize,
    budget: usize,
    /// The most forms the arena may hold: the search stops there too, as large canonical
    /// forms make a position dear ([`FORMS_PER_POSITION`] a position of the budget).
    forms: usize,
    /// The most comparisons the arena may have made: the search stops there too
    /// ([`COMPARISONS_PER_POSITION`] a position of the budget).
    comparisons: usize,
    /// Positions split into blocks so far, and the most allowed ([`SPLITS_PER_POSITION`] a
    /// position of the budget).
    splits: usize,
    max_splits: usize,
}

impl Search {
    /// A search over the component with these edges (at most 64), valuing at most `budget`
    /// blocks, making at most [`FORMS_PER_POSITION`] forms a block of the budget (plus
    /// [`FORMS_SLACK`]) beyond the `forms` the arena holds already, and at most
    /// [`COMPARISONS_PER_POSITION`] comparisons a block (plus [`COMPARISONS_SLACK`]) beyond
    /// the `comparisons` it has made already.
    pub(super) fn new(
        edges: &[(usize, usize, Color)],
        budget: usize,
        forms: usize,
        comparisons: usize,
    ) -> Self {
        let mut number: HashMap<usize, usize> = HashMap::new();
        number.insert(0, 0);
        let mut ends = Vec::with_capacity(edges.len());
        for &(a, b, c) in edges {
            let next = number.len();
            let a = *number.entry(a).or_insert(next);
            let next = number.len();
            let b = *number.entry(b).or_insert(next);
            ends.push((a, b, c));
        }
        let mut incident = vec![0u64; number.len()];
        for (i, &(a, b, _)) in ends.iter().enumerate() {
            incident[a] |= 1 << i;
            incident[b] |= 1 << i;
        }
        let class: Vec<u64> = ends
            .iter()
            .map(|&(a, b, c)| {
                let mut members = 0u64;
                for (j, &(x, y, d)) in ends.iter().enumerate() {
                    if d == c && x.min(y) == a.min(b) && x.max(y) == a.max(b) {
                        members |= 1 << j;
                    }
                }
                members
            })
            .collect();
        let mut shared: Vec<(u64, Vec<u64>)> = Vec::new();
        for &members in &class {
            if members.count_ones() > 1 && !shared.iter().any(|s| s.0 == members) {
                let mut lowest = vec![0u64];
                let mut rest = members;
                while rest != 0 {
                    let bit = rest & rest.wrapping_neg();
                    rest &= !bit;
                    lowest.push(lowest[lowest.len() - 1] | bit);
                }
                shared.push((members, lowest));
            }
        }
        Search {
            ends,
            incident,
            class,
            shared,
            hangings: Vec::new(),
            hanging_ids: FastMap::default(),
            memo: FastMap::default(),
            positions: FastMap::default(),
            under: FastMap::default(),
            states: 0,
            budget,
            forms: allowance(budget, FORMS_PER_POSITION, FORMS_SLACK).saturating_add(forms),
            comparisons: allowance(budget, COMPARISONS_PER_POSITION, COMPARISONS_SLACK)
                .saturating_add(comparisons),
            splits: 0,
            max_splits: allowance(budget, SPLITS_PER_POSITION, SPLITS_SLACK),
        }
    }

    /// The value of the whole component, or `None` past the budget.
    pub(super) fn value(&mut self, games: &mut Games) -> Option<GameId> {
        let all = match self.ends.len() {
            64 => u64::MAX,
            e => (1u64 << e) - 1,
        };
        let nothing = self.intern(Hanging::new());
        self.position(games, 0, all, nothing)
    }

    /// The id of a list of hanging values.
    fn intern(&mut self, hanging: Hanging) -> u32 {
        if let Some(&id) = self.hanging_ids.get(&hanging) {
            return id;
        }
        let id = self.hangings.len() as u32;
        self.hangings.push(hanging.clone());
        self.hanging_ids.insert(hanging, id);
        id
    }

    /// The representative of `edges` up to exchanging parallel edges of one colour: in each
    /// class, its lowest edges, as many as `edges` holds.
    fn canonical(&self, edges: u64) -> u64 {
        let mut out = edges;
        for (members, lowest) in &self.shared {
            out = out & !members | lowest[(edges & members).count_ones() as usize];
        }
        out
    }

    /// The vertices joined to `root` by `standing` edges (a bit set), and those edges.
    fn grounded(&self, root: usize, standing: u64) -> (u128, u64) {
        let mut kept = 0u64;
        let mut seen = 1u128 << root;
        let mut frontier = seen;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let mut new = self.incident[v] & standing & !kept;
            kept |= new;
            while new != 0 {
                let (a, b, _) = self.ends[new.trailing_zeros() as usize];
                new &= new - 1;
                let ends = 1u128 << a | 1u128 << b;
                frontier |= ends & !seen;
                seen |= ends;
            }
        }
        (seen, kept)
    }

    /// The value of a position on `root`: `standing` edges (those not joined to the root
    /// fall) and values hanging at vertices other than the root. Loops and pendant trees
    /// are folded into the vertex below, then the blocks are valued from the top down to
    /// the root: a block above a cut vertex is folded into a value hanging there, the blocks
    /// at the root are summed.
    fn position(
        &mut self,
        games: &mut Games,
        root: usize,
        standing: u64,
        hanging: u32,
    ) -> Option<GameId> {
        let key = (root, self.canonical(standing), hanging);
        if let Some(&known) = self.positions.get(&key) {
            return Some(known);
        }
        self.splits += 1;
        if self.splits > self.max_splits {
            return None;
        }
        let zero = games.zero();
        let (reached, standing) = self.grounded(root, standing);
        let mut at = [zero; MAX_VERTICES];
        for k in 0..self.hangings[hanging as usize].len() {
            let (v, g) = self.hangings[hanging as usize][k];
            if reached >> v & 1 == 1 {
                at[v] = games.add(at[v], g);
            }
        }
        let mut core = standing;
        let mut degree = [0u8; MAX_VERTICES];
        let mut edges = standing;
        while edges != 0 {
            let i = edges.trailing_zeros() as usize;
            edges &= edges - 1;
            let (a, b, color) = self.ends[i];
            if a == b {
                let piece = edge_under(games, color, zero, &mut self.under);
                at[a] = games.add(at[a], piece);
                core &= !(1 << i);
            } else {
                degree[a] += 1;
                degree[b] += 1;
            }
        }
        let mut leaves = [0usize; MAX_VERTICES];
        let mut count = 0;
        for (v, &d) in degree.iter().enumerate().take(self.incident.len()) {
            if v != root && d == 1 {
                leaves[count] = v;
                count += 1;
            }
        }
        while count > 0 {
            count -= 1;
            let w = leaves[count];
            let i = (self.incident[w] & core).trailing_zeros() as usize;
            let (a, b, color) = self.ends[i];
            let v = if a == w { b } else { a };
            core &= !(1 << i);
            degree[v] -= 1;
            let above = std::mem::replace(&mut at[w], zero);
            let piece = edge_under(games, color, above, &mut self.under);
            at[v] = games.add(at[v], piece);
            if v != root && degree[v] == 1 {
                leaves[count] = v;
                count += 1;
            }
        }
        let blocks = if core == 0 {
            zero
        } else {
            self.blocks(games, root, core, &mut at)?
        };
        let value = games.add(at[root], blocks);
        self.positions.insert(key, value);
        Some(value)
    }

    /// The sum of the blocks of `core` at `root`, by a depth-first search from the root
    /// that finds the blocks with a stack of edges (Hopcroft and Tarjan): a block is
    /// complete when the search leaves its lowest vertex, after every block above it, so
    /// each block above a cut vertex is valued with the values hanging at its vertices and
    /// folded into `at` of that cut vertex.
    fn blocks(
        &mut self,
        games: &mut Games,
        root: usize,
        core: u64,
        at: &mut [GameId; MAX_VERTICES],
    ) -> Option<GameId> {
        let mut total = games.zero();
        let mut order = [u8::MAX; MAX_VERTICES];
        let mut low = [0u8; MAX_VERTICES];
        order[root] = 0;
        let mut time = 1;
        // Each frame: a vertex, the edge the search came by, the edges still to try.
        let mut frames = [(0usize, NO_EDGE, 0u64); MAX_VERTICES];
        frames[0] = (root, NO_EDGE, self.incident[root] & core);
        let mut depth = 1;
        let mut edge_stack = [0usize; 64];
        let mut stacked = 0;
        loop {
            let (v, via, rest) = frames[depth - 1];
            if rest != 0 {
                let i = rest.trailing_zeros() as usize;
                frames[depth - 1].2 = rest & (rest - 1);
                if i == via {
                    continue;
                }
                let (a, b, _) = self.ends[i];
                let w = if a == v { b } else { a };
                if order[w] == u8::MAX {
                    order[w] = time;
                    low[w] = time;
                    time += 1;
                    edge_stack[stacked] = i;
                    stacked += 1;
                    frames[depth] = (w, i, self.incident[w] & core);
                    depth += 1;
                } else if order[w] < order[v] {
                    low[v] = low[v].min(order[w]);
                    edge_stack[stacked] = i;
                    stacked += 1;
                }
                continue;
            }
            depth -= 1;
            if depth == 0 {
                break;
            }
            let parent = frames[depth - 1].0;
            low[parent] = low[parent].min(low[v]);
            if low[v] >= order[parent] {
                let mut block = 0u64;
                // The edge the search came by is on the stack: the block ends there.
                loop {
                    stacked -= 1;
                    let e = edge_stack[stacked];
                    block |= 1 << e;
                    if e == via {
                        break;
                    }
                }
                let value = self.block_value(games, parent, block, at)?;
                if parent == root {
                    total = games.add(total, value);
                } else {
                    at[parent] = games.add(at[parent], value);
                }
            }
        }
        Some(total)
    }

    /// A block on `root` with the values `at` its other vertices: an edge under the value
    /// at its top if it is one edge, otherwise searched.
    fn block_value(
        &mut self,
        games: &mut Games,
        root: usize,
        block: u64,
        at: &[GameId; MAX_VERTICES],
    ) -> Option<GameId> {
        if block.count_ones() == 1 {
            let (a, b, color) = self.ends[block.trailing_zeros() as usize];
            let top = if a == root { b } else { a };
            return Some(edge_under(games, color, at[top], &mut self.under));
        }
        let zero = games.zero();
        let mut vertices = 0u128;
        let mut edges = block;
        while edges != 0 {
            let (a, b, _) = self.ends[edges.trailing_zeros() as usize];
            edges &= edges - 1;
            vertices |= 1u128 << a | 1u128 << b;
        }
        vertices &= !(1u128 << root);
        let mut hanging = Hanging::new();
        while vertices != 0 {
            let v = vertices.trailing_zeros() as usize;
            vertices &= vertices - 1;
            if at[v] != zero {
                hanging.push((v, at[v]));
            }
        }
        let hanging = self.intern(hanging);
        self.block_search(games, root, block, hanging)
    }

    /// A block's value by its options: cutting one of its edges (one a class), or a move in
    /// a value hanging from one of its vertices. Each block, hanging values included, is
    /// valued once; `None` once more than the budget of blocks is valued.
    fn block_search(
        &mut self,
        games: &mut Games,
        root: usize,
        block: u64,
        hanging: u32,
    ) -> Option<GameId> {
        let block = self.canonical(block);
        let key = (root, block, hanging);
        if let Some(&known) = self.memo.get(&key) {
            return Some(known);
        }
        self.states += 1;
        if self.states > self.budget
            || games.len() > self.forms
            || games.comparisons() > self.comparisons
        {
            return None;
        }
        let zero = games.zero();
        let listed = self.hangings[hanging as usize].clone();
        let mut left = Vec::new();
        let mut right = Vec::new();
        let twins = self.twins(root, block, &listed);
        let mut edges = block;
        while edges != 0 {
            let i = edges.trailing_zeros() as usize;
            // Cutting any edge of a class leads to the same position: cut its lowest only.
            edges &= !self.class[i];
            if self.twin_is_lower(i, block, &twins) {
                continue;
            }
            let color = self.ends[i].2;
            let value = self.position(games, root, block & !(1 << i), hanging)?;
            if color.cuttable_by(true) {
                left.push(value);
            }
            if color.cuttable_by(false) {
                right.push(value);
            }
        }
        // A move in a hanging value leaves the block as it is: no need to split it again.
        for (k, &(_, g)) in listed.iter().enumerate() {
            for for_left in [true, false] {
                let options = if for_left {
                    games.left(g).to_vec()
                } else {
                    games.right(g).to_vec()
                };
                for option in options {
                    let mut moved = listed.clone();
                    if option == zero {
                        moved.remove(k);
                    } else {
                        moved[k].1 = option;
                    }
                    let moved = self.intern(moved);
                    let value = self.block_search(games, root, block, moved)?;
                    if for_left {
                        left.push(value);
                    } else {
                        right.push(value);
                    }
                }
            }
        }
        let value = games.game(&left, &right);
        self.memo.insert(key, value);
        Some(value)
    }
}

impl Search {
    /// Pairs of twin vertices of a block: two vertices other than the root with the same
    /// value hanging and, to every other vertex, as many edges of each colour. Exchanging
    /// them maps the block with its hanging values onto itself, so cutting an edge and
    /// cutting its image lead to positions of one value. Only blocks of at most
    /// [`TWIN_VERTICES`] vertices are looked at (the check is quadratic in them).
    fn twins(&self, root: usize, block: u64, listed: &[(usize, GameId)]) -> Vec<(usize, usize)> {
        let mut names = [usize::MAX; TWIN_VERTICES];
        let mut index = [u8::MAX; MAX_VERTICES];
        let mut count = 0;
        let mut edges = block;
        while edges != 0 {
            let (a, b, _) = self.ends[edges.trailing_zeros() as usize];
            edges &= edges - 1;
            for v in [a, b] {
                if index[v] == u8::MAX {
                    if count == TWIN_VERTICES {
                        return Vec::new();
                    }
                    index[v] = count as u8;
                    names[count] = v;
                    count += 1;
                }
            }
        }
        // Edges of each colour between each two vertices of the block.
        let mut between = [[[0u8; 3]; TWIN_VERTICES]; TWIN_VERTICES];
        let mut edges = block;
        while edges != 0 {
            let (a, b, color) = self.ends[edges.trailing_zeros() as usize];
            edges &= edges - 1;
            let (x, y, c) = (index[a] as usize, index[b] as usize, color as usize);
            between[x][y][c] += 1;
            between[y][x][c] += 1;
        }
        // A quick sieve first: twins have the same value hanging and the same degree in
        // each colour.
        let mut sieve = [(None, [0u8; 3]); TWIN_VERTICES];
        for (x, entry) in sieve.iter_mut().enumerate().take(count) {
            entry.0 = listed.iter().find(|h| h.0 == names[x]).map(|h| h.1);
            for row in &between[x][..count] {
                for (degree, &edges) in entry.1.iter_mut().zip(row) {
                    *degree += edges;
                }
            }
        }
        let mut twins = Vec::new();
        for u in 0..count {
            for w in u + 1..count {
                if names[u] == root || names[w] == root || sieve[u] != sieve[w] {
                    continue;
                }
                if (0..count).all(|x| x == u || x == w || between[u][x] == between[w][x]) {
                    twins.push((names[u], names[w]));
                }
            }
        }
        twins
    }

    /// Whether exchanging a pair of `twins` maps edge `i` (the lowest of its class in
    /// `block`) onto a class whose lowest edge in `block` comes before it: that class's cut,
    /// tried (or itself mapped lower), leads to a position of the same value.
    fn twin_is_lower(&self, i: usize, block: u64, twins: &[(usize, usize)]) -> bool {
        let (a, b, color) = self.ends[i];
        twins.iter().any(|&(u, w)| {
            let swap = |v: usize| {
                if v == u {
                    w
                } else if v == w {
                    u
                } else {
                    v
                }
            };
            let (x, y) = (swap(a), swap(b));
            if x.min(y) == a.min(b) && x.max(y) == a.max(b) {
                return false;
            }
            let mut edges = block;
            while edges != 0 {
                let j = edges.trailing_zeros() as usize;
                edges &= edges - 1;
                let (p, q, c) = self.ends[j];
                if c == color && p.min(q) == x.min(y) && p.max(q) == x.max(y) {
                    return j < i;
                }
            }
            false
        })
    }
}

/// The most vertices of a block checked for twins.
const TWIN_VERTICES: usize = 12;
