//! Undirected vertex geography: a token on a vertex of an undirected graph; the players
//! alternately move it to a neighbour not yet visited (the start counts as visited), and the
//! player who cannot move loses.
//!
//! # The theorem
//! The player to move wins from `start` iff `start` is covered by every maximum matching of
//! the graph, i.e. iff the maximum matching of G − start is smaller than that of G
//! (A. S. Fraenkel, E. R. Scheinerman and D. Ullman, "Undirected edge geography", Theoretical
//! Computer Science 112 (1993), which shows vertex geography on undirected graphs polynomial
//! by this argument; the bipartite case is older folklore). Why:
//! - If every maximum matching covers `start`, fix one, M, and always move along M. The
//!   opponent's reply y is then covered by M: otherwise the moves so far, from `start` to y,
//!   form a path alternating M-edges and other edges that starts with an M-edge at `start`
//!   and ends at an uncovered vertex; swapping M along it gives a maximum matching missing
//!   `start`. And y's partner is unvisited, since the visited vertices are M-pairs. So the
//!   player who follows M always has a move, and the finite game ends with the other stuck.
//! - If a maximum matching M misses `start`, the second player moves along M the same way:
//!   every vertex the first player reaches is covered (else the path from `start` would be
//!   M-augmenting, and M not maximum), and its partner is unvisited.
//!
//! Matchings come from [`crate::matching`]: Edmonds' blossom algorithm for any graph,
//! Hopcroft–Karp when the graph is bipartite (then one alternating search gives every start).
//! Grid boards are bipartite (colour the cells like a chessboard), so a board game is
//! [`outcomes_bipartite`], O(E √V) for every start, not [`outcomes`], O(V³).
//!
//! # A game followed move by move
//! When a problem gives a game as played and asks about the position after each move (which
//! moves threw a win away), [`Walk`] keeps a maximum matching of the unvisited graph: a move
//! deletes the vertex the token leaves, and one augmenting search from that vertex's partner
//! (O(V + E), [`crate::matching::BipartiteMatching::remove`]) both restores the matching and
//! tells who wins, where a matching from scratch after every move costs O(E √V) or O(V³).
//! Undirected vertex geography with this matching rule is solved in polynomial time, while on
//! directed graphs (generalized geography, T. J. Schaefer 1978) it is PSPACE-complete.
//!
//! ```
//! use grundy::geography::{outcome, outcomes};
//! use grundy::prelude::Outcome::{FirstPlayerWins, SecondPlayerWins};
//! // A path 0 - 1 - 2: from the middle, move to an end and the opponent is stuck; from an
//! // end, the opponent reaches the middle and then the other end.
//! let path = [(0, 1), (1, 2)];
//! assert_eq!(outcome(3, &path, 1), FirstPlayerWins);
//! assert_eq!(outcome(3, &path, 0), SecondPlayerWins);
//! // A triangle with a tail 2 - 3 has a perfect matching: every start wins.
//! let triangle = [(0, 1), (1, 2), (2, 0), (2, 3)];
//! assert_eq!(outcomes(4, &triangle), vec![FirstPlayerWins; 4]);
//! ```

use crate::matching::{bipartite_adjacency, hopcroft_karp, BipartiteMatching, Blossom, Vertex};
use crate::outcome::Outcome;

const NONE: usize = usize::MAX;

/// Who wins undirected vertex geography from `start`, on the graph with
/// `vertices` vertices and undirected `edges` (self-loops are never moves; repeated edges are
/// one move).
///
/// ```
/// use grundy::geography::outcome;
/// use grundy::prelude::Outcome;
/// // A 4-cycle: a perfect matching covers every vertex, so the mover wins.
/// let cycle = [(0, 1), (1, 2), (2, 3), (3, 0)];
/// assert_eq!(outcome(4, &cycle, 0), Outcome::FirstPlayerWins);
/// // A star with centre 0: from a leaf, the opponent goes to the centre and on to another leaf.
/// let star = [(0, 1), (0, 2), (0, 3)];
/// assert_eq!(outcome(4, &star, 1), Outcome::SecondPlayerWins);
/// ```
///
/// # Panics
/// If `start` or an edge's endpoint is not below `vertices`.
///
/// # Complexity
/// O(V³) (a maximum matching, then one more search, O(V² + E), in G − start).
pub fn outcome(vertices: usize, edges: &[(usize, usize)], start: usize) -> Outcome {
    assert!(start < vertices, "start {} outside 0..{}", start, vertices);
    let mut blossom = matched(vertices, edges);
    Outcome::from_first_player_wins(covered_by_every_maximum_matching(&mut blossom, start))
}

/// Every start's outcome: `outcomes(..)[v]` is [`outcome`] from `v`.
///
/// ```
/// use grundy::geography::outcomes;
/// // A path 0 - 1 - 2 - 3 - 4: the odd positions win.
/// let path = [(0, 1), (1, 2), (2, 3), (3, 4)];
/// let wins: Vec<bool> = outcomes(5, &path).iter().map(|o| o.first_player_wins()).collect();
/// assert_eq!(wins, vec![false, true, false, true, false]);
/// ```
///
/// # Panics
/// If an edge's endpoint is not below `vertices`.
///
/// # Complexity
/// O(V³) for the matching, then one search of O(V² + E) for each matched vertex.
pub fn outcomes(vertices: usize, edges: &[(usize, usize)]) -> Vec<Outcome> {
    let mut blossom = matched(vertices, edges);
    (0..vertices)
        .map(|start| {
            Outcome::from_first_player_wins(covered_by_every_maximum_matching(&mut blossom, start))
        })
        .collect()
}

/// A blossom search state holding a maximum matching.
fn matched(vertices: usize, edges: &[(usize, usize)]) -> Blossom {
    let mut blossom = Blossom::new(vertices, edges);
    for root in 0..vertices {
        if blossom.mate[root] == NONE {
            if let Some(end) = blossom.augmenting_path(root) {
                blossom.augment(end);
            }
        }
    }
    blossom
}

/// Whether every maximum matching covers `v`, given a maximum matching M in `blossom` (left as
/// it was). An uncovered `v` is missed by M itself. A covered one, with partner u: M − uv is a
/// matching of G − v one edge short of M, and G − v has a matching as large as M iff it has an
/// augmenting path; such a path must end at u (one between two vertices M leaves uncovered
/// would augment M in G), so one search from u in G − v decides.
fn covered_by_every_maximum_matching(blossom: &mut Blossom, v: usize) -> bool {
    let partner = blossom.mate[v];
    if partner == NONE {
        return false;
    }
    blossom.mate[v] = NONE;
    blossom.mate[partner] = NONE;
    blossom.removed = v;
    let augmentable = blossom.augmenting_path(partner).is_some();
    blossom.removed = NONE;
    blossom.mate[v] = partner;
    blossom.mate[partner] = v;
    !augmentable
}

/// Every start's outcome on a bipartite graph (left vertices `0..left`, right `0..right`,
/// edges `(l, r)`): (the left starts' outcomes, the right starts'). A vertex is missed by some
/// maximum matching iff an alternating path from a vertex the matching leaves uncovered on its
/// own side reaches it (flip that path; conversely, two maximum matchings differ on such
/// paths), so one search per side answers every start.
///
/// ```
/// use grundy::geography::outcomes_bipartite;
/// use grundy::prelude::Outcome::{FirstPlayerWins, SecondPlayerWins};
/// // Left 0 and 1 both know only right 0: right 0 wins, the left vertices do not.
/// let (left, right) = outcomes_bipartite(2, 1, &[(0, 0), (1, 0)]);
/// assert_eq!(left, vec![SecondPlayerWins, SecondPlayerWins]);
/// assert_eq!(right, vec![FirstPlayerWins]);
/// ```
///
/// # Panics
/// If an edge's endpoint is out of range.
///
/// # Complexity
/// O(E √V) (Hopcroft–Karp), then O(V + E).
pub fn outcomes_bipartite(
    left: usize,
    right: usize,
    edges: &[(usize, usize)],
) -> (Vec<Outcome>, Vec<Outcome>) {
    let forward = bipartite_adjacency(left, right, edges);
    let (pair_left, pair_right) = hopcroft_karp(&forward, right);
    let backward = bipartite_adjacency(
        right,
        left,
        &edges.iter().map(|&(l, r)| (r, l)).collect::<Vec<_>>(),
    );
    (
        not_missable(&forward, &pair_left, &pair_right),
        not_missable(&backward, &pair_right, &pair_left),
    )
}

/// For one side: a win for the vertices that no alternating path from an uncovered vertex of
/// that side reaches (the ones every maximum matching covers).
fn not_missable(adjacency: &[Vec<usize>], pair: &[usize], pair_other: &[usize]) -> Vec<Outcome> {
    let mut reached: Vec<bool> = pair.iter().map(|&p| p == NONE).collect();
    let mut queue: Vec<usize> = (0..pair.len()).filter(|&v| pair[v] == NONE).collect();
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &w in &adjacency[v] {
            // w is covered (else the path would augment); continue through its partner.
            let next = pair_other[w];
            if next != NONE && !reached[next] {
                reached[next] = true;
                queue.push(next);
            }
        }
    }
    reached
        .into_iter()
        .map(|r| Outcome::from_first_player_wins(!r))
        .collect()
}

/// A game of vertex geography on a bipartite graph, followed move by move: the token's vertex,
/// the vertices visited so far, and who wins from here, each move's answer in O(V + E).
///
/// It keeps a maximum matching of the graph without the visited vertices and without the
/// token's own vertex v, and whether removing v dropped the matching's size: that is the
/// theorem's test (the mover wins iff every maximum matching of the unvisited graph covers
/// v), and in a win v's partner before the removal is a winning move (moving along a maximum
/// matching, as the module's proof does). A move to w then removes w the same way: one
/// augmenting search ([`BipartiteMatching::remove`]).
///
/// ```
/// use grundy::geography::Walk;
/// use grundy::matching::Vertex::{Left, Right};
/// use grundy::prelude::Outcome::{FirstPlayerWins, SecondPlayerWins};
/// // A path L0 - R0 - L1 - R1 - L2, the token on L1.
/// let edges = [(0, 0), (1, 0), (1, 1), (2, 1)];
/// let mut walk = Walk::new(3, 2, &edges, Left(1));
/// assert_eq!(walk.outcome(), SecondPlayerWins); // either way, the opponent takes the end
/// walk.play(Right(1));
/// assert_eq!(walk.outcome(), FirstPlayerWins);
/// assert_eq!(walk.winning_move(), Some(Left(2)));
/// walk.play(Left(2));
/// assert_eq!(walk.moves().count(), 0); // the player to move is stuck
/// assert_eq!(walk.outcome(), SecondPlayerWins);
/// ```
///
/// # Constraints
/// The graph given as for [`outcomes_bipartite`]: `left` and `right` vertices, edges `(l, r)`,
/// repeats counting once.
///
/// # Complexity
/// [`Walk::new`] O(E √V); [`Walk::play`] O(V + E); [`Walk::outcome`] and
/// [`Walk::winning_move`] O(1); memory O(V + E).
#[derive(Clone, Debug)]
pub struct Walk {
    /// A maximum matching of the graph without the visited vertices, the token's included.
    matching: BipartiteMatching,
    /// The token's vertex.
    at: Vertex,
    /// A winning move from `at`, `None` when the mover loses.
    winning: Option<Vertex>,
}

impl Walk {
    /// The game with the token on `start` (visited), on the bipartite graph with `left` and
    /// `right` vertices and edges `(l, r)`.
    ///
    /// ```
    /// use grundy::geography::Walk;
    /// use grundy::matching::Vertex::Left;
    /// use grundy::prelude::Outcome;
    /// // One edge: the mover crosses it and wins.
    /// assert_eq!(Walk::new(1, 1, &[(0, 0)], Left(0)).outcome(), Outcome::FirstPlayerWins);
    /// ```
    ///
    /// # Panics
    /// If `start` or an edge's endpoint is out of range.
    ///
    /// # Complexity
    /// O(E log E + E √V).
    pub fn new(left: usize, right: usize, edges: &[(usize, usize)], start: Vertex) -> Walk {
        let matching = BipartiteMatching::new(left, right, edges);
        let mut walk = Walk {
            matching,
            at: start,
            winning: None,
        };
        walk.arrive(start);
        walk
    }

    /// Puts the token on `v`: removes it from the matching, and keeps its partner as the
    /// winning move when the size dropped.
    fn arrive(&mut self, v: Vertex) {
        let partner = self.matching.mate(v);
        let dropped = self.matching.remove(v);
        self.at = v;
        self.winning = if dropped { partner } else { None };
    }

    /// The token's vertex.
    ///
    /// ```
    /// use grundy::geography::Walk;
    /// use grundy::matching::Vertex::{Left, Right};
    /// let mut walk = Walk::new(1, 1, &[(0, 0)], Right(0));
    /// walk.play(Left(0));
    /// assert_eq!(walk.at(), Left(0));
    /// ```
    pub fn at(&self) -> Vertex {
        self.at
    }

    /// Who wins from here, with the player to move first.
    ///
    /// ```
    /// use grundy::geography::Walk;
    /// use grundy::matching::Vertex::{Left, Right};
    /// use grundy::prelude::Outcome;
    /// // A star: R0 joined to L0, L1, L2. From the centre the mover wins; from a leaf not.
    /// let star = [(0, 0), (1, 0), (2, 0)];
    /// assert_eq!(Walk::new(3, 1, &star, Right(0)).outcome(), Outcome::FirstPlayerWins);
    /// assert_eq!(Walk::new(3, 1, &star, Left(2)).outcome(), Outcome::SecondPlayerWins);
    /// ```
    ///
    /// # Complexity
    /// O(1): found when the token arrived.
    pub fn outcome(&self) -> Outcome {
        Outcome::from_first_player_wins(self.winning.is_some())
    }

    /// A winning move (the vertex to move the token to), or `None` when the mover loses.
    ///
    /// ```
    /// use grundy::geography::Walk;
    /// use grundy::matching::Vertex::{Left, Right};
    /// // L0 - R0 - L1 - R1, from L1: after a move to R0 the opponent goes on to L0 and the
    /// // mover is stuck; after a move to R1 the opponent is stuck at once.
    /// let walk = Walk::new(2, 2, &[(0, 0), (1, 0), (1, 1)], Left(1));
    /// assert_eq!(walk.winning_move(), Some(Right(1)));
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn winning_move(&self) -> Option<Vertex> {
        self.winning
    }

    /// The token's moves: its unvisited neighbours, in increasing number.
    ///
    /// ```
    /// use grundy::geography::Walk;
    /// use grundy::matching::Vertex::{Left, Right};
    /// let mut walk = Walk::new(2, 2, &[(0, 0), (1, 0), (1, 1)], Right(0));
    /// assert_eq!(walk.moves().collect::<Vec<_>>(), vec![Left(0), Left(1)]);
    /// walk.play(Left(1));
    /// assert_eq!(walk.moves().collect::<Vec<_>>(), vec![Right(1)]); // R0 is visited
    /// ```
    ///
    /// # Complexity
    /// O(degree) for the whole iteration.
    pub fn moves(&self) -> impl Iterator<Item = Vertex> + '_ {
        self.matching.neighbours(self.at)
    }

    /// Whether the token has been on `v` (the start and the token's vertex included).
    ///
    /// ```
    /// use grundy::geography::Walk;
    /// use grundy::matching::Vertex::{Left, Right};
    /// let walk = Walk::new(1, 2, &[(0, 0), (0, 1)], Left(0));
    /// assert!(walk.is_visited(Left(0)) && !walk.is_visited(Right(1)));
    /// ```
    ///
    /// # Panics
    /// If `v` is out of range.
    pub fn is_visited(&self, v: Vertex) -> bool {
        self.matching.is_removed(v)
    }

    /// Moves the token to `to`, which must be an unvisited neighbour of its vertex.
    ///
    /// ```
    /// use grundy::geography::Walk;
    /// use grundy::matching::Vertex::{Left, Right};
    /// use grundy::prelude::Outcome;
    /// // A 4-cycle L0 - R0 - L1 - R1 - L0 from L0: whatever the first move, the opponent goes
    /// // on to the third vertex, the mover to the fourth, and the opponent is stuck.
    /// let mut walk = Walk::new(2, 2, &[(0, 0), (1, 0), (1, 1), (0, 1)], Left(0));
    /// assert_eq!(walk.outcome(), Outcome::FirstPlayerWins);
    /// walk.play(Right(0));
    /// assert_eq!(walk.outcome(), Outcome::SecondPlayerWins);
    /// ```
    ///
    /// # Panics
    /// If `to` is out of range, visited, or not joined to the token's vertex.
    ///
    /// # Complexity
    /// O(V + E): one augmenting search.
    pub fn play(&mut self, to: Vertex) {
        assert!(
            self.matching.joined(self.at, to) && !self.matching.is_removed(to),
            "{:?} is not an unvisited neighbour of {:?}",
            to,
            self.at
        );
        self.arrive(to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::random_graphs::{random_bipartite, random_graph};
    use std::collections::HashMap;
    use testkit::Rng;

    /// The game searched literally: the token's vertex and the visited set as a bitmask.
    fn literal_mover_wins(
        neighbours: &[u32],
        at: usize,
        visited: u32,
        memo: &mut HashMap<(usize, u32), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(at, visited)) {
            return known;
        }
        let free = neighbours[at] & !visited;
        let wins = (0..neighbours.len())
            .filter(|&w| free >> w & 1 == 1)
            .any(|w| !literal_mover_wins(neighbours, w, visited | 1 << w, memo));
        memo.insert((at, visited), wins);
        wins
    }

    fn literal(n: usize, edges: &[(usize, usize)]) -> Vec<Outcome> {
        let mut neighbours = vec![0u32; n];
        for &(a, b) in edges {
            if a != b {
                neighbours[a] |= 1 << b;
                neighbours[b] |= 1 << a;
            }
        }
        let mut memo = HashMap::new();
        (0..n)
            .map(|s| {
                Outcome::from_first_player_wins(literal_mover_wins(
                    &neighbours,
                    s,
                    1 << s,
                    &mut memo,
                ))
            })
            .collect()
    }

    #[test]
    fn general_graphs_agree_with_the_literal_game() {
        let mut rng = Rng::new(353);
        let mut wins = 0;
        for _ in 0..1500 {
            let (n, edges) = random_graph(&mut rng, 11);
            let expected = literal(n, &edges);
            assert_eq!(outcomes(n, &edges), expected, "{} {:?}", n, edges);
            let start = rng.below(n as u64) as usize;
            assert_eq!(outcome(n, &edges, start), expected[start]);
            wins += expected.iter().filter(|o| o.first_player_wins()).count();
        }
        assert!(wins > 1000, "both results occur: {} winning starts", wins);
    }

    #[test]
    fn bipartite_graphs_agree_with_the_literal_game() {
        let mut rng = Rng::new(354);
        for _ in 0..1500 {
            let (left, right, edges) = random_bipartite(&mut rng, 6);
            // The literal game on the same graph, right vertices numbered after the left.
            let as_general: Vec<(usize, usize)> =
                edges.iter().map(|&(l, r)| (l, left + r)).collect();
            let expected = literal(left + right, &as_general);
            let (l, r) = outcomes_bipartite(left, right, &edges);
            assert_eq!(l, &expected[..left], "{} {} {:?}", left, right, edges);
            assert_eq!(r, &expected[left..], "{} {} {:?}", left, right, edges);
            assert_eq!(outcomes(left + right, &as_general), expected);
        }
    }

    /// A vertex in the general numbering of `literal` (right vertices after the left).
    fn general(left: usize, v: Vertex) -> usize {
        match v {
            Vertex::Left(l) => l,
            Vertex::Right(r) => left + r,
        }
    }

    #[test]
    fn walks_agree_with_the_literal_game_after_every_move() {
        let mut rng = Rng::new(357);
        let (mut wins, mut losses, mut thrown) = (0, 0, 0);
        for _ in 0..1500 {
            let (left, right, edges) = random_bipartite(&mut rng, 7);
            let mut neighbours = vec![0u32; left + right];
            for &(l, r) in &edges {
                neighbours[l] |= 1 << (left + r);
                neighbours[left + r] |= 1 << l;
            }
            let mut memo = HashMap::new();
            let start = if rng.below(2) == 0 {
                Vertex::Left(rng.below(left as u64) as usize)
            } else {
                Vertex::Right(rng.below(right as u64) as usize)
            };
            let mut walk = Walk::new(left, right, &edges, start);
            let mut at = general(left, start);
            let mut visited = 1u32 << at;
            loop {
                assert_eq!(general(left, walk.at()), at);
                let wins_here = literal_mover_wins(&neighbours, at, visited, &mut memo);
                assert_eq!(
                    walk.outcome(),
                    Outcome::from_first_player_wins(wins_here),
                    "{} {} {:?} at {} visited {:b}",
                    left,
                    right,
                    edges,
                    at,
                    visited
                );
                // The moves are the unvisited neighbours; a winning move leads to a loss.
                let moves: Vec<usize> = walk.moves().map(|v| general(left, v)).collect();
                let literal_moves: Vec<usize> = (0..left + right)
                    .filter(|&w| (neighbours[at] & !visited) >> w & 1 == 1)
                    .collect();
                let mut sorted = moves.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, literal_moves);
                for w in 0..left + right {
                    let v = if w < left {
                        Vertex::Left(w)
                    } else {
                        Vertex::Right(w - left)
                    };
                    assert_eq!(walk.is_visited(v), visited >> w & 1 == 1);
                }
                match walk.winning_move() {
                    Some(v) => {
                        let w = general(left, v);
                        assert!(literal_moves.contains(&w));
                        assert!(!literal_mover_wins(
                            &neighbours,
                            w,
                            visited | 1 << w,
                            &mut memo
                        ));
                        wins += 1;
                    }
                    None => losses += 1,
                }
                if moves.is_empty() {
                    break;
                }
                // Any move, often a bad one: the walk follows games as played.
                let w = moves[rng.below(moves.len() as u64) as usize];
                if wins_here && literal_mover_wins(&neighbours, w, visited | 1 << w, &mut memo) {
                    thrown += 1;
                }
                let v = if w < left {
                    Vertex::Left(w)
                } else {
                    Vertex::Right(w - left)
                };
                walk.play(v);
                at = w;
                visited |= 1 << w;
            }
        }
        assert!(
            wins > 1000 && losses > 1000 && thrown > 100,
            "{} {} {}",
            wins,
            losses,
            thrown
        );
    }

    #[test]
    #[should_panic(expected = "is not an unvisited neighbour")]
    fn a_move_back_is_refused() {
        let mut walk = Walk::new(1, 1, &[(0, 0)], Vertex::Left(0));
        walk.play(Vertex::Right(0));
        walk.play(Vertex::Left(0));
    }

    #[test]
    #[should_panic(expected = "is not an unvisited neighbour")]
    fn a_move_along_no_edge_is_refused() {
        let mut walk = Walk::new(2, 2, &[(0, 0), (1, 1)], Vertex::Left(0));
        walk.play(Vertex::Right(1));
    }
}
