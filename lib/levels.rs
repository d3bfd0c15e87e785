//! The level decomposition of an acyclic game: the positions split into levels 0, 1, 2, …
//! (level k holds the positions of Grundy value k), found one level at a time by the same
//! out-degree counting as retrograde analysis, and the game of tokens on the graph played as
//! Nim over the levels.
//!
//! # The theorem
//! Let U_k be the positions of value at least k (U_0 is every position). In the game
//! restricted to U_k (moves leaving U_k deleted), the lost positions are exactly the
//! positions of value k, and the others are the positions of value above k:
//! - a position of value k has no move to value k, so each of its moves inside U_k reaches a
//!   value above k, from which a move to value k exists (the mex above k covers k);
//! - a position of value above k has a move to value k, which lies in U_k.
//!
//! The lost positions of an acyclic game are found by backward induction: a position is lost
//! once every move reaches a won one, won once a move reaches a lost one. So level k is the
//! kernel of U_k: count for each position of U_k its moves inside U_k; a count at zero is
//! lost (level k); a predecessor of a lost position is won (in U_{k+1}), and each won position
//! lowers its predecessors' counts. What is won at level k is U_{k+1}, and the next level
//! starts there with each count down by the moves into level k. Every position gets a level,
//! since the values of a finite acyclic game are finite.
//!
//! Then a game of several tokens on the graph (a move slides one token along one edge; the
//! player with no move loses) is Nim over the levels: by the Sprague–Grundy theorem a token at
//! level k is a Nim heap of k, the mover loses iff the XOR of the tokens' levels is 0, and a
//! winning move slides a token from level l to a successor at level l ⊕ x < l (x the XOR),
//! which exists because the value l is the mex of the successors' levels.
//!
//! Sources: kernels of acyclic graphs and the Grundy function as successive kernels, C. Berge,
//! *Graphs and Hypergraphs* (North-Holland, 1973), chapter 14; the level-by-level labelling of
//! the Grundy function (which extends to graphs with cycles as Smith's generalised function),
//! A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its invariance
//! under certain mappings", *J. Combin. Theory Ser. A* 43 (1986); the sum of games,
//! R. P. Sprague (1935) and P. M. Grundy (1939).
//!
//! ```
//! use grundy::levels::{Levels, TokenMove};
//! use grundy::prelude::{Nimber, Outcome};
//! // 0 → 1 → 2, 0 → 2, 3 → 0: values 2, 1, 0, 0.
//! let levels = Levels::from_edges(4, &[(0, 1), (1, 2), (0, 2), (3, 0)]).unwrap();
//! assert_eq!(levels.value(0), Nimber(2));
//! assert_eq!(levels.level(0), &[2, 3]);
//! // Tokens on 0 and 1: levels 2 ⊕ 1 = 3, won by sliding the token on 0 to level 1.
//! assert_eq!(levels.outcome(&[0, 1]), Outcome::FirstPlayerWins);
//! assert_eq!(levels.winning_move(&[0, 1]), Some(TokenMove { token: 0, to: 1 }));
//! ```

use crate::nimber::Nimber;
use crate::outcome::Outcome;

/// Why a graph is refused: it has a cycle, so some positions have no Grundy value (a play
/// may never end; [`crate::cyclic`] solves such games).
///
/// ```
/// use grundy::levels::Levels;
/// let err = Levels::from_edges(3, &[(0, 1), (1, 2), (2, 1)]).unwrap_err();
/// assert_eq!(err.position, 0); // 0 leads into the cycle 1 ⇄ 2
/// assert_eq!(err.to_string(), "position 0 is on a cycle or leads into one: not an acyclic game");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// The smallest position from which a play can go on forever (on a cycle or leading
    /// into one).
    pub position: usize,
}

impl std::fmt::Display for Cycle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "position {} is on a cycle or leads into one: not an acyclic game",
            self.position
        )
    }
}

/// A move of the game of tokens: the token at index `token` of the list slides to position
/// `to`, one of its position's successors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TokenMove {
    /// The index of the token in the list of tokens.
    pub token: usize,
    /// The position the token slides to.
    pub to: usize,
}

/// The levels of an acyclic game on positions `0..n`: each position's Grundy value and the
/// positions of each value, with the game of tokens as Nim over the levels.
///
/// ```
/// use grundy::levels::Levels;
/// use grundy::prelude::Nimber;
/// // Take 1 or 2 from a heap of up to 6: the values are n mod 3.
/// let levels = Levels::from_moves(7, |n| (1..=2).filter(move |&t| t <= n).map(move |t| n - t)).unwrap();
/// assert_eq!(levels.levels(), 3);
/// assert_eq!(levels.level(2), &[2, 5]);
/// assert!((0..7).all(|n| levels.value(n) == Nimber(n as u64 % 3)));
/// ```
///
/// # Constraints
/// At most 2^32 − 1 positions. Memory: 4 bytes an edge twice (the moves and the reversed
/// moves) and about 24 bytes a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels {
    /// The moves of `p` are `targets[offsets[p]..offsets[p + 1]]`.
    offsets: Vec<usize>,
    targets: Vec<u32>,
    /// Each position's value.
    values: Vec<u32>,
    /// The positions level by level, ascending within a level: level k is
    /// `order[starts[k]..starts[k + 1]]`.
    order: Vec<u32>,
    starts: Vec<usize>,
}

/// Compressed adjacency of `n` positions from (from, to) pairs, in the pairs' order.
fn compress(
    n: usize,
    edges: impl Iterator<Item = (usize, usize)> + Clone,
) -> (Vec<usize>, Vec<u32>) {
    let mut offsets = vec![0usize; n + 1];
    for (from, to) in edges.clone() {
        assert!(from < n && to < n, "a move leaves the positions 0..{}", n);
        offsets[from + 1] += 1;
    }
    for p in 0..n {
        offsets[p + 1] += offsets[p];
    }
    let mut next = offsets.clone();
    let mut targets = vec![0u32; offsets[n]];
    for (from, to) in edges {
        targets[next[from]] = to as u32;
        next[from] += 1;
    }
    (offsets, targets)
}

impl Levels {
    /// The levels of the game on positions `0..n` with the moves `edges` (from, to); a
    /// repeated edge is the same move.
    ///
    /// ```
    /// use grundy::levels::Levels;
    /// use grundy::prelude::Nimber;
    /// let levels = Levels::from_edges(3, &[(0, 1), (1, 2), (0, 2), (0, 2)]).unwrap();
    /// assert_eq!(levels.value(0), Nimber(2));
    /// assert!(Levels::from_edges(1, &[(0, 0)]).is_err()); // a move to itself is a cycle
    /// ```
    ///
    /// # Errors
    /// [`Cycle`] if the moves have a cycle.
    ///
    /// # Panics
    /// If an edge names a position not below `n`, or `n` is 2^32 − 1 or more.
    ///
    /// # Complexity
    /// O(Σ_p (value(p) + 1) · (1 + in-degree(p))): each level reads the reversed moves of the
    /// positions it settles, so at most O((V + E) · (1 + the largest value)).
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Levels, Cycle> {
        let (offsets, targets) = compress(n, edges.iter().copied());
        Levels::solve(offsets, targets)
    }

    /// The levels of the game on positions `0..n` whose moves from `p` are `moves(p)`.
    ///
    /// ```
    /// use grundy::levels::Levels;
    /// // A heap of n may lose 1, or be halved (rounding down).
    /// let levels = Levels::from_moves(9, |n| if n == 0 { vec![] } else { vec![n - 1, n / 2] }).unwrap();
    /// assert_eq!(levels.values(), &[0, 1, 0, 2, 1, 2, 0, 1, 0]);
    /// ```
    ///
    /// # Errors
    /// [`Cycle`] if the moves have a cycle.
    ///
    /// # Panics
    /// As [`Levels::from_edges`].
    pub fn from_moves<F, I>(n: usize, mut moves: F) -> Result<Levels, Cycle>
    where
        F: FnMut(usize) -> I,
        I: IntoIterator<Item = usize>,
    {
        let mut edges = Vec::new();
        for p in 0..n {
            edges.extend(moves(p).into_iter().map(|q| (p, q)));
        }
        Levels::from_edges(n, &edges)
    }

    /// Level after level, each by backward induction on the positions still without a level.
    fn solve(offsets: Vec<usize>, targets: Vec<u32>) -> Result<Levels, Cycle> {
        let n = offsets.len() - 1;
        assert!(n < u32::MAX as usize, "at most 2^32 - 1 positions");
        // The reversed moves, one entry per move.
        let (back_offsets, back) = compress(
            n,
            (0..n).flat_map(|p| {
                targets[offsets[p]..offsets[p + 1]]
                    .iter()
                    .map(move |&q| (q as usize, p))
            }),
        );
        // Acyclic? Peel positions whose moves all reach peeled ones (Kahn's order, backwards):
        // what is never peeled has a move to an unpeeled position, so plays from it never end.
        let mut left: Vec<u32> = (0..n)
            .map(|p| (offsets[p + 1] - offsets[p]) as u32)
            .collect();
        let mut peeled: Vec<u32> = (0..n as u32).filter(|&p| left[p as usize] == 0).collect();
        let mut head = 0;
        while head < peeled.len() {
            let q = peeled[head] as usize;
            head += 1;
            for &p in &back[back_offsets[q]..back_offsets[q + 1]] {
                left[p as usize] -= 1;
                if left[p as usize] == 0 {
                    peeled.push(p);
                }
            }
        }
        if peeled.len() < n {
            let position = (0..n)
                .find(|&p| left[p] > 0)
                .expect("a position not peeled");
            return Err(Cycle { position });
        }
        const NONE: u32 = u32::MAX;
        let mut values = vec![NONE; n];
        // Moves of p into positions without a level (U_k), counted down as levels settle.
        for (p, moves) in left.iter_mut().enumerate() {
            *moves = (offsets[p + 1] - offsets[p]) as u32;
        }
        // Within a level: moves of p not yet known to reach a won position, and the mark of
        // the positions won at this level.
        let mut count = vec![0u32; n];
        let mut won_at = vec![NONE; n];
        let mut order = Vec::with_capacity(n);
        let mut starts = vec![0];
        let mut undecided: Vec<u32> = (0..n as u32).collect();
        let mut won = Vec::new();
        let mut k = 0u32;
        while !undecided.is_empty() {
            let start = order.len();
            for &p in &undecided {
                count[p as usize] = left[p as usize];
                if left[p as usize] == 0 {
                    values[p as usize] = k;
                    order.push(p);
                }
            }
            won.clear();
            let mut head = start;
            while head < order.len() {
                let q = order[head] as usize;
                head += 1;
                for &p in &back[back_offsets[q]..back_offsets[q + 1]] {
                    let p = p as usize;
                    // Every predecessor of a position in U_k leaves one fewer move into U_{k+1}.
                    left[p] -= 1;
                    if values[p] == NONE && won_at[p] != k {
                        won_at[p] = k;
                        won.push(p as u32);
                        for &r in &back[back_offsets[p]..back_offsets[p + 1]] {
                            let r = r as usize;
                            if values[r] == NONE && won_at[r] != k {
                                count[r] -= 1;
                                if count[r] == 0 {
                                    values[r] = k;
                                    order.push(r as u32);
                                }
                            }
                        }
                    }
                }
            }
            order[start..].sort_unstable();
            starts.push(order.len());
            std::mem::swap(&mut undecided, &mut won);
            k += 1;
        }
        Ok(Levels {
            offsets,
            targets,
            values,
            order,
            starts,
        })
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// The number of levels: one more than the largest value (0 without positions).
    pub fn levels(&self) -> usize {
        self.starts.len() - 1
    }

    /// The positions of level `k` (of Grundy value k), ascending; empty past the last level.
    ///
    /// ```
    /// use grundy::levels::Levels;
    /// let levels = Levels::from_edges(3, &[(0, 1), (2, 1)]).unwrap();
    /// assert_eq!(levels.level(0), &[1]);
    /// assert_eq!(levels.level(1), &[0, 2]);
    /// assert!(levels.level(2).is_empty());
    /// ```
    pub fn level(&self, k: usize) -> &[u32] {
        if k + 1 >= self.starts.len() {
            return &[];
        }
        &self.order[self.starts[k]..self.starts[k + 1]]
    }

    /// The Grundy value (the level) of `position`.
    ///
    /// # Panics
    /// If `position` is not below [`Levels::positions`].
    pub fn value(&self, position: usize) -> Nimber {
        Nimber(u64::from(self.values[position]))
    }

    /// Every position's value, as integers.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Who wins the game of tokens on `tokens` (several tokens may share a position): Nim
    /// over their levels.
    ///
    /// ```
    /// use grundy::levels::Levels;
    /// use grundy::prelude::Outcome;
    /// let levels = Levels::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
    /// assert_eq!(levels.outcome(&[0, 0]), Outcome::SecondPlayerWins); // mirrored
    /// assert_eq!(levels.outcome(&[0, 1]), Outcome::FirstPlayerWins);
    /// assert_eq!(levels.outcome(&[]), Outcome::SecondPlayerWins);
    /// ```
    ///
    /// # Panics
    /// If a token's position is not below [`Levels::positions`].
    ///
    /// # Complexity
    /// O(tokens).
    pub fn outcome(&self, tokens: &[usize]) -> Outcome {
        Outcome::from_grundy(self.sum(tokens))
    }

    /// A winning move of the game of tokens on `tokens`, or `None` when the player to move
    /// loses: a token at level l slides to a successor at level l ⊕ x, x the XOR of the levels.
    ///
    /// ```
    /// use grundy::levels::{Levels, TokenMove};
    /// // A path 0 → 1 → 2 → 3: levels 1, 0, 1, 0.
    /// let levels = Levels::from_edges(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
    /// assert_eq!(levels.winning_move(&[1, 2]), Some(TokenMove { token: 1, to: 3 }));
    /// assert_eq!(levels.winning_move(&[0, 2]), None);
    /// ```
    ///
    /// # Panics
    /// If a token's position is not below [`Levels::positions`].
    ///
    /// # Complexity
    /// O(tokens + the moves of the token moved).
    pub fn winning_move(&self, tokens: &[usize]) -> Option<TokenMove> {
        let x = self.sum(tokens).0 as u32;
        if x == 0 {
            return None;
        }
        let token = tokens
            .iter()
            .position(|&p| self.values[p] ^ x < self.values[p])
            .expect("a nonzero XOR has a level with its top bit");
        let (from, target) = (tokens[token], self.values[tokens[token]] ^ x);
        let to = self.targets[self.offsets[from]..self.offsets[from + 1]]
            .iter()
            .find(|&&q| self.values[q as usize] == target)
            .expect("a value is the mex of its successors' values");
        Some(TokenMove {
            token,
            to: *to as usize,
        })
    }

    /// The XOR of the tokens' levels.
    fn sum(&self, tokens: &[usize]) -> Nimber {
        tokens.iter().map(|&p| self.value(p)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::Rng;

    /// A random acyclic graph: moves only to smaller positions after a random relabelling, so
    /// position order says nothing of the levels.
    fn random_dag(rng: &mut Rng, n: usize, density: u64) -> Vec<(usize, usize)> {
        let mut label: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            label.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut edges = Vec::new();
        for a in 0..n {
            for b in 0..a {
                if rng.below(100) < density {
                    edges.push((label[a], label[b]));
                }
            }
        }
        // A few repeated edges: the same move.
        for _ in 0..rng.below(3) {
            if let Some(&e) = edges.get(rng.below(edges.len() as u64 + 1) as usize) {
                edges.push(e);
            }
        }
        edges
    }

    fn moves_of(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut moves = vec![Vec::new(); n];
        for &(a, b) in edges {
            moves[a].push(b);
        }
        moves
    }

    #[test]
    fn values_agree_with_a_literal_search_against_a_nim_heap() {
        // value(p) = k exactly when p plus a Nim heap of k is lost, and p plus any smaller heap
        // is won: the literal game of a token and a heap, searched move by move.
        let mut rng = Rng::new(4511);
        for round in 0..300 {
            let n = rng.range(1, 14) as usize;
            let density = [10, 30, 60, 90][round % 4];
            let edges = random_dag(&mut rng, n, density);
            let levels = Levels::from_edges(n, &edges).unwrap();
            let moves = moves_of(n, &edges);
            let mut search = Search::normal(|&(p, heap): &(usize, usize)| {
                let mut next: Vec<(usize, usize)> = moves[p].iter().map(|&q| (q, heap)).collect();
                next.extend((0..heap).map(|h| (p, h)));
                next
            });
            for p in 0..n {
                let k = levels.value(p).0 as usize;
                assert!(!search.mover_wins((p, k)), "{:?} at {}", edges, p);
                for smaller in 0..k {
                    assert!(search.mover_wins((p, smaller)), "{:?} at {}", edges, p);
                }
                assert!(levels.level(k).contains(&(p as u32)));
            }
            // All values at once: the ones just checked one by one.
            let each: Vec<u32> = (0..n).map(|p| levels.value(p).0 as u32).collect();
            assert_eq!(levels.values(), &each[..]);
            let total: usize = (0..levels.levels()).map(|k| levels.level(k).len()).sum();
            assert_eq!(total, n);
            assert!((0..levels.levels()).all(|k| !levels.level(k).is_empty()));
            // Each level lists its positions ascending, whatever order settled them.
            assert!((0..levels.levels()).all(|k| levels.level(k).windows(2).all(|w| w[0] < w[1])));
            assert!(levels.level(levels.levels()).is_empty());
        }
    }

    #[test]
    fn the_game_of_tokens_is_nim_over_the_levels() {
        let mut rng = Rng::new(4512);
        for round in 0..200 {
            let n = rng.range(1, 10) as usize;
            let edges = random_dag(&mut rng, n, [20, 50, 80][round % 3]);
            let levels = Levels::from_edges(n, &edges).unwrap();
            let moves = moves_of(n, &edges);
            // The literal game: a sorted list of tokens, a move slides one along an edge.
            let mut search = Search::normal(|tokens: &Vec<usize>| {
                let mut next = Vec::new();
                for (i, &p) in tokens.iter().enumerate() {
                    for &q in &moves[p] {
                        let mut t = tokens.clone();
                        t[i] = q;
                        t.sort_unstable();
                        next.push(t);
                    }
                }
                next
            });
            for _ in 0..6 {
                let mut tokens: Vec<usize> = (0..rng.range(0, 4))
                    .map(|_| rng.below(n as u64) as usize)
                    .collect();
                tokens.sort_unstable();
                let wins = search.mover_wins(tokens.clone());
                assert_eq!(levels.outcome(&tokens).first_player_wins(), wins);
                match levels.winning_move(&tokens) {
                    None => assert!(!wins, "{:?} {:?}", edges, tokens),
                    Some(m) => {
                        assert!(moves[tokens[m.token]].contains(&m.to));
                        let mut after = tokens.clone();
                        after[m.token] = m.to;
                        after.sort_unstable();
                        assert!(!search.mover_wins(after), "{:?} {:?}", edges, tokens);
                    }
                }
            }
        }
    }

    #[test]
    fn cycles_are_refused() {
        let mut rng = Rng::new(4513);
        for _ in 0..200 {
            let n = rng.range(2, 12) as usize;
            let mut edges = random_dag(&mut rng, n, 40);
            // A back edge closes a cycle through a path: a → … → b plus b → a.
            let a = rng.below(n as u64) as usize;
            let b = rng.below(n as u64) as usize;
            let moves = moves_of(n, &edges);
            let mut reach = vec![false; n];
            let mut stack = vec![a];
            while let Some(p) = stack.pop() {
                if !reach[p] {
                    reach[p] = true;
                    stack.extend(moves[p].iter().copied());
                }
            }
            edges.push((b, a));
            let cyclic = reach[b];
            match Levels::from_edges(n, &edges) {
                Ok(levels) => {
                    assert!(!cyclic, "{:?}", edges);
                    assert_eq!(levels.positions(), n);
                }
                Err(e) => {
                    assert!(cyclic, "{:?}", edges);
                    // The message names the position it reports.
                    let message = e.to_string();
                    let named = format!("position {} is on a cycle", e.position);
                    assert!(message.starts_with(&named), "{}", message);
                    // The reported position leads into a cycle: from it, some play returns to a.
                    let moves = moves_of(n, &edges);
                    let mut seen = vec![false; n];
                    let mut stack = vec![e.position];
                    while let Some(p) = stack.pop() {
                        if !seen[p] {
                            seen[p] = true;
                            stack.extend(moves[p].iter().copied());
                        }
                    }
                    assert!(seen[a] && seen[b], "{:?} {}", edges, e.position);
                }
            }
        }
    }

    #[test]
    fn empty_and_edgeless_games() {
        let none = Levels::from_edges(0, &[]).unwrap();
        assert_eq!((none.positions(), none.levels()), (0, 0));
        assert!(none.level(0).is_empty());
        let flat = Levels::from_edges(3, &[]).unwrap();
        assert_eq!(flat.level(0), &[0, 1, 2]);
        assert_eq!(flat.levels(), 1);
        assert!(std::panic::catch_unwind(|| Levels::from_edges(2, &[(0, 2)])).is_err());
    }
}
