//! Literal game-tree search for brute forces: whether the player to move wins, by trying every
//! move, with a memo. It knows nothing of Grundy values, so it checks them independently.

use std::collections::HashMap;
use std::hash::Hash;

/// Memoised win/loss search over states `S` with a move function.
///
/// ```
/// use testkit::search::Search;
/// // Take 1-3 from a heap: the mover loses exactly on multiples of 4.
/// let mut search = Search::normal(|&n: &u32| (1..=3).filter(|&t| t <= n).map(|t| n - t).collect());
/// assert!((0..20).all(|n| search.mover_wins(n) == (n % 4 != 0)));
/// // Misère play: taking the last chip loses.
/// let mut misere = Search::misere(|&n: &u32| (1..=3).filter(|&t| t <= n).map(|t| n - t).collect());
/// assert!((0..20).all(|n| misere.mover_wins(n) == (n % 4 != 1)));
/// ```
///
/// # Constraints
/// The game must be finite and acyclic; recursion depth is the longest play.
///
/// # Complexity
/// O(states reached + moves among them) hash operations.
pub struct Search<S, F> {
    memo: HashMap<S, bool>,
    moves: F,
    misere: bool,
}

impl<S, F> Search<S, F>
where
    S: Hash + Eq + Clone,
    F: Fn(&S) -> Vec<S>,
{
    /// Normal play: a player with no move loses.
    pub fn normal(moves: F) -> Self {
        Search {
            memo: HashMap::new(),
            moves,
            misere: false,
        }
    }

    /// Misère play: a player with no move wins (the last mover lost).
    pub fn misere(moves: F) -> Self {
        Search {
            memo: HashMap::new(),
            moves,
            misere: true,
        }
    }

    /// Whether the player to move from `state` wins with perfect play.
    pub fn mover_wins(&mut self, state: S) -> bool {
        if let Some(&wins) = self.memo.get(&state) {
            return wins;
        }
        let next = (self.moves)(&state);
        let wins = if next.is_empty() {
            self.misere
        } else {
            next.into_iter().any(|s| !self.mover_wins(s))
        };
        self.memo.insert(state, wins);
        wins
    }

    /// The moves from `state` that leave the opponent losing.
    pub fn winning_moves(&mut self, state: &S) -> Vec<S> {
        (self.moves)(state)
            .into_iter()
            .filter(|s| !self.mover_wins(s.clone()))
            .collect()
    }
}

/// Strip laying (strips of the given lengths laid on free cells): whether the player to move
/// wins on a row of `cells` cells, some already covered (bit i of
/// `covered` for cell i), by literal game-tree search over the covered-cell bitmask.
///
/// This is the reference the fast methods are tested against: it knows nothing of octal codes,
/// runs or Grundy values.
///
/// ```
/// use testkit::search::mover_wins_laying_strips;
/// assert!(mover_wins_laying_strips(5, 0, &[1, 5]));
/// assert!(!mover_wins_laying_strips(6, 0, &[1, 5]));
/// assert!(!mover_wins_laying_strips(3, 0b010, &[2])); // two single cells: no strip of 2 fits
/// ```
///
/// # Constraints
/// `cells <= 20`: the search visits up to 2^cells positions.
///
/// # Panics
/// If `cells > 20` or a length is 0.
///
/// # Complexity
/// O(2^cells · cells · |lengths|) in the worst case.
pub fn mover_wins_laying_strips(cells: u32, covered: u32, lengths: &[u32]) -> bool {
    assert!(cells <= 20, "mover_wins_laying_strips: at most 20 cells");
    assert!(
        !lengths.contains(&0),
        "mover_wins_laying_strips: strips have length at least 1"
    );
    fn search(covered: u32, cells: u32, lengths: &[u32], memo: &mut HashMap<u32, bool>) -> bool {
        if let Some(&w) = memo.get(&covered) {
            return w;
        }
        let wins = lengths.iter().filter(|&&s| s <= cells).any(|&s| {
            (0..=cells - s).any(|start| {
                let strip = ((1u32 << s) - 1) << start;
                covered & strip == 0 && !search(covered | strip, cells, lengths, memo)
            })
        });
        memo.insert(covered, wins);
        wins
    }
    search(covered, cells, lengths, &mut HashMap::new())
}

/// Nim's moves, literally: every reduction of one heap, as sorted lists of the non-empty heaps
/// (empty heaps change nothing, so they are dropped to share states).
///
/// ```
/// use testkit::search::{nim_moves, Search};
/// assert_eq!(nim_moves(&vec![1, 2]), vec![vec![2], vec![1], vec![1, 1]]);
/// assert!(!Search::normal(nim_moves).mover_wins(vec![1, 2, 3]));
/// assert!(Search::misere(nim_moves).mover_wins(vec![1, 1]));
/// ```
#[allow(clippy::ptr_arg)] // a search's states are `Vec<u64>`
pub fn nim_moves(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for i in 0..heaps.len() {
        for left in 0..heaps[i] {
            let mut after = heaps.clone();
            after[i] = left;
            after.retain(|&h| h > 0);
            after.sort_unstable();
            next.push(after);
        }
    }
    next
}

/// The divisor game's moves, literally: lower one tower to a proper divisor of its height, as
/// sorted lists of heights.
///
/// ```
/// use testkit::search::{divisor_moves, Search};
/// assert_eq!(divisor_moves(&vec![4]), vec![vec![1], vec![2]]);
/// assert!(!Search::normal(divisor_moves).mover_wins(vec![4, 4]));
/// ```
#[allow(clippy::ptr_arg)] // a search's states are `Vec<u64>`
pub fn divisor_moves(towers: &Vec<u64>) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for i in 0..towers.len() {
        for y in (1..towers[i]).filter(|&y| towers[i].is_multiple_of(y)) {
            let mut after = towers.clone();
            after[i] = y;
            after.sort_unstable();
            next.push(after);
        }
    }
    next
}
