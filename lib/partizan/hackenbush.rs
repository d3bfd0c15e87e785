//! Blue-Red-Green Hackenbush: a picture of coloured edges standing on the ground. Left cuts
//! a blue edge or a green one, Right a red edge or a green one; every edge no longer joined
//! to the ground falls away; who cannot move loses.
//!
//! Three ways to a value, fastest first (Berlekamp, Conway and Guy, *Winning Ways*,
//! chapters 1–2 and 7):
//! - a Blue-Red **stalk** is worth the number whose sign expansion is its colours read from
//!   the ground up, blue `+`, red `-` ([`stalk`]): B B R is `1 + 1 - 1/2 = 3/2`;
//! - a Blue-Red **tree** (or forest) is a sum, at each vertex, of its branches, and a branch
//!   is an edge under the subtree above it, worth the number whose sign expansion is the
//!   edge's sign followed by the subtree's ([`Picture::tree_value`], exact at any size through
//!   [`BigDyadic`]);
//! - anything else, green edges and cycles included, by **canonical forms**
//!   ([`Picture::game`]): the components standing on the ground separately (their sum is the
//!   picture's value), a tree component by ordinal sums (an edge under a piece `H` is
//!   `{0, e:H^L | e:H^R}` for a blue edge, whose value depends on `H`'s value only:
//!   ONAG, chapter 15, the colon principle for partizan games), a component with a cycle by
//!   a search of its positions within a budget of positions visited: a position is the
//!   edges still standing (up to exchanging parallel edges of one colour)
//!   plus, at each vertex, the value of what hangs there by that vertex alone (loops and
//!   pendant trees, folded in as they appear: a piece touching the rest at one vertex
//!   counts only through its value, by the same colon principle), split again into its
//!   components at the ground.
//!
//! An all-green picture is impartial: [`crate::hackenbush::Graph::value`] is its fast path
//! (the colon and fusion principles), and its canonical form here is the nimber of that
//! value.
//!
//! ```
//! use grundy::partizan::hackenbush::{stalk, Color, Picture};
//! use grundy::partizan::games::{Games, OutcomeClass};
//! use grundy::partizan::dyadic::Dyadic;
//! use Color::{Blue, Green, Red};
//! assert_eq!(stalk(&[Blue, Blue, Red]), Some(Dyadic::new(3, 1)));
//! // A blue edge holding a red and a green edge, both to vertex 2 (a cycle).
//! let picture = Picture::new(3, &[(0, 1, Blue), (1, 2, Red), (1, 2, Green)]);
//! let mut games = Games::new();
//! let g = picture.game(&mut games, 1000).unwrap();
//! assert_eq!(games.name(g), "1/2+*");
//! assert_eq!(games.outcome(g), OutcomeClass::Left);
//! ```

use super::big::BigDyadic;
use super::dyadic::Dyadic;
use super::games::{GameId, Games};
use std::collections::HashMap;
use std::fmt;

/// An edge's colour: whose move may cut it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Left's edge.
    Blue,
    /// Right's edge.
    Red,
    /// Either player's edge.
    Green,
}

impl Color {
    /// Whether Left (`left`) or Right may cut an edge of this colour.
    pub fn cuttable_by(self, left: bool) -> bool {
        match self {
            Color::Blue => left,
            Color::Red => !left,
            Color::Green => true,
        }
    }
}

/// The value of a Blue-Red stalk, colours from the ground up, by its sign expansion: the
/// first run of one colour counts ±1 an edge, then each later edge ±2^-j for the j-th edge
/// after the first change of colour. `None` if a colour is green or the value needs more
/// than 64 bits ([`BigDyadic`] through [`Picture::tree_value`] holds any).
///
/// ```
/// use grundy::partizan::hackenbush::{stalk, Color::{Blue, Red}};
/// use grundy::partizan::dyadic::Dyadic;
/// assert_eq!(stalk(&[Red, Blue, Blue]), Some(Dyadic::new(-1, 2))); // -1 + 1/2 + 1/4
/// assert_eq!(stalk(&[]), Some(Dyadic::ZERO));
/// assert_eq!(stalk(&[Blue; 70]), Some(Dyadic::integer(70)));
/// assert_eq!(stalk(&[[Blue, Red]; 40].concat()), None); // 2^-79 after the first edge
/// ```
///
/// # Complexity
/// O(n).
pub fn stalk(colors: &[Color]) -> Option<Dyadic> {
    let sign = |c: Color| match c {
        Color::Blue => Some(1i64),
        Color::Red => Some(-1),
        Color::Green => None,
    };
    let first = match colors.first() {
        Some(&c) => sign(c)?,
        None => return Some(Dyadic::ZERO),
    };
    let run = colors.iter().take_while(|&&c| c == colors[0]).count();
    let mut value = Dyadic::integer(first * run as i64);
    let mut step = Dyadic::integer(1);
    for &c in &colors[run..] {
        step = step.half()?;
        value = value.checked_add(if sign(c)? > 0 { step } else { -step })?;
    }
    Some(value)
}

/// Why [`Picture::game`] gave up: a component with a cycle has more positions than allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The edges of the component.
    pub edges: usize,
    /// The budget of positions visited that it passed.
    pub budget: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a component with a cycle and {} edges visits more than {} positions",
            self.edges, self.budget
        )
    }
}

/// A Hackenbush picture: vertices `0..vertices`, vertex 0 the ground, coloured edges between
/// vertices (loops and parallel edges allowed).
///
/// # Constraints
/// Edge ends below `vertices`. Edges not joined to the ground are worth nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    vertices: usize,
    edges: Vec<(usize, usize, Color)>,
}

impl Picture {
    /// The picture with these edges.
    ///
    /// # Panics
    /// If an edge names a vertex `>= vertices`.
    pub fn new(vertices: usize, edges: &[(usize, usize, Color)]) -> Self {
        assert!(
            edges.iter().all(|&(a, b, _)| a < vertices && b < vertices),
            "Picture::new: an edge names a vertex beyond {}",
            vertices
        );
        Picture {
            vertices,
            edges: edges.to_vec(),
        }
    }

    /// The edges, as given.
    pub fn edges(&self) -> &[(usize, usize, Color)] {
        &self.edges
    }

    /// For each vertex joined to the ground without a cycle on the way (the picture's
    /// grounded part is a forest), its parent and the colour of the edge to it, in an order
    /// where parents come first; `None` if the grounded part has a cycle (a loop, a parallel
    /// edge, or a longer one).
    fn forest(&self) -> Option<Vec<(usize, usize, Color)>> {
        // Adjacency in one array (each vertex's (neighbour, edge) pairs side by side): no
        // allocation per vertex on a tree of 10^5 vertices.
        let mut start = vec![0usize; self.vertices + 1];
        for &(a, b, _) in &self.edges {
            start[a + 1] += 1;
            start[b + 1] += 1;
        }
        for v in 0..self.vertices {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut adjacent = vec![(0usize, 0usize); 2 * self.edges.len()];
        for (i, &(a, b, _)) in self.edges.iter().enumerate() {
            adjacent[fill[a]] = (b, i);
            fill[a] += 1;
            adjacent[fill[b]] = (a, i);
            fill[b] += 1;
        }
        let mut seen = vec![false; self.vertices];
        let mut order = Vec::new();
        if self.vertices == 0 {
            return Some(order);
        }
        seen[0] = true;
        let mut stack = vec![(0usize, usize::MAX)];
        while let Some((v, via)) = stack.pop() {
            for &(w, i) in &adjacent[start[v]..start[v + 1]] {
                if i == via {
                    continue;
                }
                if seen[w] {
                    return None;
                }
                seen[w] = true;
                order.push((w, v, self.edges[i].2));
                stack.push((w, i));
            }
        }
        Some(order)
    }

    /// The value of a Blue-Red forest standing on the ground, exactly, or `None` if the
    /// grounded part has a green edge or a cycle. Each vertex sums its branches; a branch is
    /// its edge under the value above it ([`BigDyadic::blue_edge_below`],
    /// [`BigDyadic::red_edge_below`]).
    ///
    /// ```
    /// use grundy::partizan::hackenbush::{Picture, Color::{Blue, Red}};
    /// // A blue trunk holding a red branch (-1) and a blue one (1): a blue edge under 0.
    /// let tree = Picture::new(4, &[(0, 1, Blue), (1, 2, Red), (1, 3, Blue)]);
    /// assert_eq!(tree.tree_value().unwrap().to_string(), "1");
    /// let path = Picture::new(4, &[(2, 3, Red), (0, 1, Blue), (1, 2, Blue)]);
    /// assert_eq!(path.tree_value().unwrap().to_string(), "3/2");
    /// ```
    ///
    /// # Complexity
    /// O(n log² n) for n vertices (branches merged small into large), without recursion.
    pub fn tree_value(&self) -> Option<BigDyadic> {
        let order = self.forest()?;
        if order.iter().any(|&(_, _, c)| c == Color::Green) {
            return None;
        }
        let mut sums: Vec<BigDyadic> = vec![BigDyadic::zero(); self.vertices];
        for &(v, parent, color) in order.iter().rev() {
            let above = std::mem::take(&mut sums[v]);
            let branch = match color {
                Color::Blue => above.blue_edge_below(),
                _ => above.red_edge_below(),
            };
            sums[parent].add(branch);
        }
        Some(std::mem::take(&mut sums[0]))
    }

    /// The picture's value in canonical form: the ground's components separately, a tree
    /// component by ordinal sums, one with a cycle by a search visiting at most `budget`
    /// positions each (a position there: the edges of a cycle-bearing component of what still
    /// stands, parallel edges of one colour counted rather than told apart, with the values
    /// hanging from its vertices; a position reached again counts again, so the budget bounds
    /// the work, not only the memory).
    ///
    /// ```
    /// use grundy::partizan::hackenbush::{Picture, Color::{Blue, Green, Red}};
    /// use grundy::partizan::games::Games;
    /// let mut games = Games::new();
    /// // A triangle on the ground: two green posts and a blue lintel, beside a red stalk.
    /// let picture = Picture::new(4, &[(0, 1, Green), (0, 2, Green), (1, 2, Blue), (0, 3, Red)]);
    /// let g = picture.game(&mut games, 1000).unwrap();
    /// assert_eq!(games.name(g), "{-1|-1+^*}"); // the triangle is {0 | ^*}, the stalk -1
    /// // The triangle visits 4 positions: itself and the paths its 3 cuts leave.
    /// assert!(picture.game(&mut games, 3).is_err());
    /// ```
    ///
    /// # Errors
    /// [`TooLarge`] when a component with a cycle visits more than `budget` positions.
    ///
    /// # Complexity
    /// Trees: linear in the edges plus the canonical forms' work. A component with a cycle
    /// and e edges: up to `budget` positions visited, each O(e + v) to fold and split, plus
    /// the canonical forms' work; a position searched tries one cut a class of parallel
    /// edges and the moves of its hanging values. The positions can number up to 2^e for a
    /// dense picture on many vertices; on few vertices, the product over the classes of
    /// their sizes plus one.
    pub fn game(&self, games: &mut Games, budget: usize) -> Result<GameId, TooLarge> {
        let mut total = games.zero();
        for component in self.components() {
            let part = Picture::new(self.vertices, &component);
            let value = match part.forest() {
                Some(order) => part.forest_game(games, &order),
                None => part.searched_game(games, budget)?,
            };
            total = games.add(total, value);
        }
        Ok(total)
    }

    /// The edge lists of the components standing on the ground: the edges joined to each
    /// other through vertices other than the ground. Edges not joined to the ground are left
    /// out.
    fn components(&self) -> Vec<Vec<(usize, usize, Color)>> {
        let mut parent: Vec<usize> = (0..self.vertices).collect();
        fn find(parent: &mut [usize], mut v: usize) -> usize {
            while parent[v] != v {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            v
        }
        for &(a, b, _) in &self.edges {
            if a != 0 && b != 0 {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
        }
        let mut grounded: HashMap<usize, Vec<(usize, usize, Color)>> = HashMap::new();
        let mut touches_ground: HashMap<usize, bool> = HashMap::new();
        let mut roots_in_order = Vec::new();
        for (i, &(a, b, c)) in self.edges.iter().enumerate() {
            let inner = if a != 0 { a } else { b };
            // A loop at the ground is a component of its own.
            let root = if inner == 0 {
                usize::MAX - i
            } else {
                find(&mut parent, inner)
            };
            if !grounded.contains_key(&root) {
                roots_in_order.push(root);
            }
            grounded.entry(root).or_default().push((a, b, c));
            if a == 0 || b == 0 {
                touches_ground.insert(root, true);
            }
        }
        roots_in_order
            .into_iter()
            .filter(|r| touches_ground.get(r) == Some(&true))
            .map(|r| grounded.remove(&r).unwrap_or_default())
            .collect()
    }

    /// A forest's canonical form: each vertex the sum of its branches, each branch its edge
    /// under the value above (an ordinal sum).
    fn forest_game(&self, games: &mut Games, order: &[(usize, usize, Color)]) -> GameId {
        let mut sums: Vec<GameId> = vec![games.zero(); self.vertices];
        let mut memo = HashMap::new();
        for &(v, parent, color) in order.iter().rev() {
            let branch = edge_under(games, color, sums[v], &mut memo);
            sums[parent] = games.add(sums[parent], branch);
        }
        sums[0]
    }

    /// A component's canonical form by searching its positions: the edges still standing
    /// (those joined to the ground) and, at each vertex, the value of the pieces hanging
    /// there. Loops and pendant trees are folded into the value at the vertex they hang
    /// from (a piece touching the rest at one vertex counts only through its value: the
    /// colon principle), the rest is split into its components at the ground, and each
    /// component with its hanging values is searched once, visiting at most `budget`
    /// positions in all.
    fn searched_game(&self, games: &mut Games, budget: usize) -> Result<GameId, TooLarge> {
        let too_large = TooLarge {
            edges: self.edges.len(),
            budget,
        };
        if self.edges.len() > 64 {
            return Err(too_large);
        }
        let mut search = Search::new(&self.edges, budget);
        let full = if self.edges.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.edges.len()) - 1
        };
        search.position(games, full, &[]).ok_or(too_large)
    }
}

/// Values hanging at vertices: (vertex, value) pairs, by vertex, no zero values.
type Hanging = Vec<(usize, GameId)>;

/// The search over a component's positions: edges as bits of a `u64`, vertices renumbered
/// from 0 (the ground) in order of first appearance.
struct Search {
    /// Each edge's ends (renumbered) and colour.
    ends: Vec<(usize, usize, Color)>,
    /// For each vertex, the edges at it.
    incident: Vec<u64>,
    /// For each edge, the edges of its class: same colour, same two ends (parallel edges of
    /// one colour are interchangeable, so a position only counts how many of a class stand).
    class: Vec<u64>,
    /// The classes of two or more edges, each with its lowest `k` edges for every count `k`.
    shared: Vec<(u64, Vec<u64>)>,
    /// Components already valued: their edges and the values hanging from them.
    memo: HashMap<(u64, Hanging), GameId>,
    /// Edges under a piece (pendant edges folded into the vertex below).
    under: HashMap<(Color, GameId), GameId>,
    /// Positions visited so far, and the most allowed.
    visited: usize,
    budget: usize,
}

impl Search {
    fn new(edges: &[(usize, usize, Color)], budget: usize) -> Self {
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
            memo: HashMap::new(),
            under: HashMap::new(),
            visited: 0,
            budget,
        }
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

    /// The vertices joined to the ground by `standing` edges, and those edges.
    fn grounded(&self, standing: u64) -> (Vec<bool>, u64) {
        let mut kept = 0u64;
        let mut seen = vec![false; self.incident.len()];
        seen[0] = true;
        let mut stack = vec![0usize];
        while let Some(v) = stack.pop() {
            let mut new = self.incident[v] & standing & !kept;
            kept |= new;
            while new != 0 {
                let (a, b, _) = self.ends[new.trailing_zeros() as usize];
                new &= new - 1;
                for w in [a, b] {
                    if !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
        }
        (seen, kept)
    }

    /// The value of a position: `standing` edges (those not joined to the ground fall) and
    /// values hanging at vertices. Loops and leaves are folded into the vertex below, then
    /// the components at the ground are valued one by one and summed.
    fn position(
        &mut self,
        games: &mut Games,
        standing: u64,
        hanging: &[(usize, GameId)],
    ) -> Option<GameId> {
        self.visited += 1;
        if self.visited > self.budget {
            return None;
        }
        let zero = games.zero();
        let (reached, standing) = self.grounded(standing);
        let mut at = vec![zero; self.incident.len()];
        for &(v, g) in hanging {
            if reached[v] {
                at[v] = games.add(at[v], g);
            }
        }
        let mut core = standing;
        let mut degree = vec![0usize; self.incident.len()];
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
        let mut leaves: Vec<usize> = (1..degree.len()).filter(|&v| degree[v] == 1).collect();
        while let Some(w) = leaves.pop() {
            let edge = self.incident[w] & core;
            let i = edge.trailing_zeros() as usize;
            let (a, b, color) = self.ends[i];
            let v = if a == w { b } else { a };
            core &= !(1 << i);
            degree[w] = 0;
            degree[v] -= 1;
            let above = std::mem::replace(&mut at[w], zero);
            let piece = edge_under(games, color, above, &mut self.under);
            at[v] = games.add(at[v], piece);
            if v != 0 && degree[v] == 1 {
                leaves.push(v);
            }
        }
        let mut total = at[0];
        let mut rest = core;
        while rest != 0 {
            let (component, vertices) = self.component(rest);
            rest &= !component;
            let here: Hanging = vertices
                .into_iter()
                .filter(|&v| at[v] != zero)
                .map(|v| (v, at[v]))
                .collect();
            let value = self.component_value(games, component, here)?;
            total = games.add(total, value);
        }
        Some(total)
    }

    /// The component of `standing` holding its lowest edge (the edges joined to it through
    /// vertices other than the ground), and its vertices other than the ground, in order.
    fn component(&self, standing: u64) -> (u64, Vec<usize>) {
        let first = standing.trailing_zeros() as usize;
        let mut kept = 1u64 << first;
        let (a, b, _) = self.ends[first];
        let mut seen = vec![false; self.incident.len()];
        let mut stack = Vec::new();
        for v in [a, b] {
            if v != 0 && !seen[v] {
                seen[v] = true;
                stack.push(v);
            }
        }
        while let Some(v) = stack.pop() {
            let mut new = self.incident[v] & standing & !kept;
            kept |= new;
            while new != 0 {
                let (a, b, _) = self.ends[new.trailing_zeros() as usize];
                new &= new - 1;
                for w in [a, b] {
                    if w != 0 && !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
        }
        let vertices = (1..seen.len()).filter(|&v| seen[v]).collect();
        (kept, vertices)
    }

    /// A component's value by its options: cutting one of its edges, or a move in a value
    /// hanging from one of its vertices.
    fn component_value(
        &mut self,
        games: &mut Games,
        component: u64,
        hanging: Hanging,
    ) -> Option<GameId> {
        let component = self.canonical(component);
        let key = (component, hanging);
        if let Some(&known) = self.memo.get(&key) {
            return Some(known);
        }
        let hanging = &key.1;
        let mut left = Vec::new();
        let mut right = Vec::new();
        let mut edges = component;
        while edges != 0 {
            let i = edges.trailing_zeros() as usize;
            // Cutting any edge of a class leads to the same position: cut its lowest only.
            edges &= !self.class[i];
            let color = self.ends[i].2;
            let value = self.position(games, component & !(1 << i), hanging)?;
            if color.cuttable_by(true) {
                left.push(value);
            }
            if color.cuttable_by(false) {
                right.push(value);
            }
        }
        for (k, &(_, g)) in hanging.iter().enumerate() {
            for for_left in [true, false] {
                let options = if for_left {
                    games.left(g).to_vec()
                } else {
                    games.right(g).to_vec()
                };
                for option in options {
                    let mut moved = hanging.clone();
                    moved[k].1 = option;
                    let value = self.position(games, component, &moved)?;
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

/// An edge of colour `color` under a piece worth `above`: `{0 if Left may cut, e:H^L | 0 if
/// Right may cut, e:H^R}` over `above`'s canonical options.
fn edge_under(
    games: &mut Games,
    color: Color,
    above: GameId,
    memo: &mut HashMap<(Color, GameId), GameId>,
) -> GameId {
    if let Some(&known) = memo.get(&(color, above)) {
        return known;
    }
    let mut left: Vec<GameId> = Vec::new();
    let mut right: Vec<GameId> = Vec::new();
    for a in games.left(above).to_vec() {
        left.push(edge_under(games, color, a, memo));
    }
    for b in games.right(above).to_vec() {
        right.push(edge_under(games, color, b, memo));
    }
    if color.cuttable_by(true) {
        left.push(games.zero());
    }
    if color.cuttable_by(false) {
        right.push(games.zero());
    }
    let value = games.game(&left, &right);
    memo.insert((color, above), value);
    value
}

#[cfg(test)]
#[path = "hackenbush_tests.rs"]
mod tests;
