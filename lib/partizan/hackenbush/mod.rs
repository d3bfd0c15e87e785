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
//!   a search within a budget of positions: after every cut, what still stands is split
//!   into blocks (2-connected pieces); a block above a cut vertex, like a loop or a pendant
//!   tree, counts only through its value, which hangs at that vertex (the same colon
//!   principle), and the blocks at the ground are a sum. So a position searched is one
//!   block with the values hanging from it, memoised on its own, parallel edges of one
//!   colour counted rather than told apart.
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
use search::Search;
use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasher;

mod search;

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
        value = value.checked_add(match c {
            Color::Blue => step,
            Color::Red => -step,
            Color::Green => return None,
        })?;
    }
    Some(value)
}

/// Why [`Picture::game`] gave up: a component with a cycle has more positions (blocks with
/// the values hanging from them) than allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The edges of the component.
    pub edges: usize,
    /// The budget of positions that it passed.
    pub budget: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a component with a cycle and {} edges has more than {} positions",
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
    /// component by ordinal sums, one with a cycle by a search of at most `budget` positions
    /// each. A position there is a block (a 2-connected piece of what still stands, on the
    /// vertex nearest the ground) with the values hanging from its other vertices: the
    /// blocks above them, loops and pendant trees, folded in by their values; parallel edges
    /// of one colour are counted rather than told apart. Each position is valued once.
    ///
    /// ```
    /// use grundy::partizan::hackenbush::{Picture, Color::{Blue, Green, Red}};
    /// use grundy::partizan::games::Games;
    /// let mut games = Games::new();
    /// // A triangle on the ground: two green posts and a blue lintel, beside a red stalk.
    /// let picture = Picture::new(4, &[(0, 1, Green), (0, 2, Green), (1, 2, Blue), (0, 3, Red)]);
    /// let g = picture.game(&mut games, 1000).unwrap();
    /// assert_eq!(games.name(g), "{-1|-1+^*}"); // the triangle is {0 | ^*}, the stalk -1
    /// // The triangle is the one position searched: each of its 3 cuts leaves a tree.
    /// assert!(picture.game(&mut games, 0).is_err());
    /// assert_eq!(picture.game(&mut games, 1), Ok(g));
    /// ```
    ///
    /// # Errors
    /// [`TooLarge`] when a component with a cycle has more than `budget` positions, or when
    /// its search adds more than 4 canonical forms a position of the budget, plus 4096, to
    /// `games`, or makes more than 8 comparisons of forms a position, plus 16384
    /// ([`Games::comparisons`]), or splits more than 2 positions a position of the budget,
    /// plus 16, into blocks: large forms and many vertices make a position dear, and the
    /// budget stands for the work.
    ///
    /// # Complexity
    /// Trees: linear in the edges plus the canonical forms' work. A component with a cycle
    /// and e edges: up to `budget` positions, each trying one cut a class of parallel edges
    /// (O(e + v) to fold and split what is left) and the moves of its hanging values, plus
    /// the canonical forms' work. The positions can number up to 2^e for a dense picture on
    /// many vertices; on few vertices, the product over the classes of their sizes plus one;
    /// a sparse picture searches little more than its cycles.
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

    /// A component's canonical form by searching its positions (blocks with the values
    /// hanging from them, `search`), at most `budget` of them.
    fn searched_game(&self, games: &mut Games, budget: usize) -> Result<GameId, TooLarge> {
        let too_large = TooLarge {
            edges: self.edges.len(),
            budget,
        };
        if self.edges.len() > 64 {
            return Err(too_large);
        }
        Search::new(&self.edges, budget, games.len(), games.comparisons())
            .value(games)
            .ok_or(too_large)
    }
}

/// An edge of colour `color` under a piece worth `above`: `{0 if Left may cut, e:H^L | 0 if
/// Right may cut, e:H^R}` over `above`'s canonical options.
fn edge_under(
    games: &mut Games,
    color: Color,
    above: GameId,
    memo: &mut HashMap<(Color, GameId), GameId, impl BuildHasher>,
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
mod budget_tests;
#[cfg(test)]
mod tests;
