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
/// The move function's type defaults to a function pointer, so that a problem can name its
/// search's type (`Search<Vec<u64>>`) and keep one search, with its memo, between calls. A
/// game with a parameter (a heap splits into `k` parts) keeps it in the search instead of a
/// closure, so the type stays nameable without boxing: [`Search::normal_with`] makes a
/// [`SearchWith<P, S>`], and any type implementing [`Moves`] may be the move rule.
///
/// ```
/// use testkit::search::{Search, SearchWith};
/// // Take 1 to k: the mover loses on multiples of k + 1.
/// fn take_up_to(k: &u32, &n: &u32) -> Vec<u32> {
///     (1..=*k).filter(|&t| t <= n).map(|t| n - t).collect()
/// }
/// struct Brute {
///     searches: Vec<SearchWith<u32, u32>>,
/// }
/// let mut brute = Brute { searches: (1..5).map(|k| Search::normal_with(k, take_up_to)).collect() };
/// assert!(!brute.searches[2].mover_wins(8)); // k = 3
/// assert!(brute.searches[2].mover_wins(9));
/// ```
///
/// The search keeps its own stack on the heap, so the longest play is bounded by memory, not by
/// the thread's stack: taking 1 from a heap of a million is a million-deep search.
///
/// ```
/// use testkit::search::Search;
/// let mut take_one = Search::normal(|&n: &u32| if n > 0 { vec![n - 1] } else { vec![] });
/// assert!(!take_one.mover_wins(1_000_000));
/// ```
///
/// # Constraints
/// The game must be finite and acyclic.
///
/// # Panics
/// If a state can be reached from itself (a cycle of moves), naming the search's depth.
///
/// # Complexity
/// O(states reached + moves among them) hash operations; memory O(states reached + the moves
/// of the states on the longest line of play).
pub struct Search<S, F = fn(&S) -> Vec<S>> {
    memo: HashMap<S, Known>,
    moves: F,
    misere: bool,
}

/// What the memo knows of a state.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Known {
    /// Being searched (on the stack): meeting it again is a cycle.
    Open,
    /// Searched: whether the mover wins.
    Wins(bool),
}

/// A state on the search's stack: its moves and the next one to look at.
struct Frame<S> {
    state: S,
    next: Vec<S>,
    at: usize,
}

/// A search whose move rule has a parameter `P` (see [`Search::normal_with`]): a short name for
/// a problem's brute-force struct to hold.
pub type SearchWith<P, S> = Search<S, WithParam<P, S>>;

/// A game's move rule: the states one move from `state`.
///
/// Every `Fn(&S) -> Vec<S>` is one; [`WithParam`] is one for a rule with a parameter; a type of
/// a problem's own (holding its parameters) may implement it, to name its search's type.
pub trait Moves<S> {
    /// The states one move from `state` (duplicates are fine).
    fn moves(&self, state: &S) -> Vec<S>;
}

impl<S, F: Fn(&S) -> Vec<S>> Moves<S> for F {
    fn moves(&self, state: &S) -> Vec<S> {
        self(state)
    }
}

/// A move rule with a parameter: the moves from `state` are `rule(&param, state)`.
///
/// A function pointer and a value, so `Search<S, WithParam<P, S>>` is a type a struct can hold,
/// where a capturing closure's type cannot be written.
///
/// ```
/// use testkit::search::{Moves, WithParam};
/// let split_in = WithParam::new(3u64, |&k: &u64, heaps: &Vec<u64>| {
///     heaps.iter().filter(|&&h| h % k == 0).map(|&h| vec![h / k; k as usize]).collect()
/// });
/// assert_eq!(split_in.moves(&vec![6]), vec![vec![2, 2, 2]]);
/// ```
pub struct WithParam<P, S> {
    /// The parameter the rule is given.
    pub param: P,
    /// The rule: the moves from a state, given the parameter.
    pub rule: fn(&P, &S) -> Vec<S>,
}

impl<P, S> WithParam<P, S> {
    /// The rule `rule` with its parameter `param`.
    pub fn new(param: P, rule: fn(&P, &S) -> Vec<S>) -> Self {
        WithParam { param, rule }
    }
}

impl<P, S> Moves<S> for WithParam<P, S> {
    fn moves(&self, state: &S) -> Vec<S> {
        (self.rule)(&self.param, state)
    }
}

/// A move rule on positions that are lists, written as clippy wants it: over a slice,
/// `fn(&[T]) -> Vec<Vec<T>>`, not `fn(&Vec<T>)` (clippy's `ptr_arg` refuses a `&Vec<T>`
/// argument). [`Search::normal_slices`] makes a [`SliceSearch<T>`] with it.
///
/// ```
/// use testkit::search::{Moves, Slices};
/// fn take_one(heaps: &[u32]) -> Vec<Vec<u32>> {
///     (0..heaps.len())
///         .filter(|&i| heaps[i] > 0)
///         .map(|i| {
///             let mut next = heaps.to_vec();
///             next[i] -= 1;
///             next
///         })
///         .collect()
/// }
/// assert_eq!(Slices(take_one).moves(&vec![1, 0]), vec![vec![0, 0]]);
/// ```
pub struct Slices<T>(pub fn(&[T]) -> Vec<Vec<T>>);

impl<T> Moves<Vec<T>> for Slices<T> {
    fn moves(&self, state: &Vec<T>) -> Vec<Vec<T>> {
        (self.0)(state)
    }
}

/// A search over list positions whose move rule takes a slice (see [`Slices`]): a short name
/// for a problem's brute-force struct to hold.
pub type SliceSearch<T> = Search<Vec<T>, Slices<T>>;

impl<T> Search<Vec<T>, Slices<T>>
where
    T: Hash + Eq + Clone,
{
    /// Normal play on list positions under `moves`, a rule over a slice (see [`Slices`]).
    ///
    /// ```
    /// use testkit::search::{Search, SliceSearch};
    /// // Take any number from one heap: Nim, won iff the XOR is not zero.
    /// fn nim(heaps: &[u8]) -> Vec<Vec<u8>> {
    ///     let mut next = Vec::new();
    ///     for i in 0..heaps.len() {
    ///         for h in 0..heaps[i] {
    ///             let mut moved = heaps.to_vec();
    ///             moved[i] = h;
    ///             next.push(moved);
    ///         }
    ///     }
    ///     next
    /// }
    /// let mut search: SliceSearch<u8> = Search::normal_slices(nim);
    /// assert!(!search.mover_wins(vec![3, 5, 6]));
    /// assert!(search.mover_wins(vec![3, 5, 7]));
    /// ```
    pub fn normal_slices(moves: fn(&[T]) -> Vec<Vec<T>>) -> Self {
        Search::new(Slices(moves), false)
    }

    /// Misère play on list positions under `moves`, a rule over a slice (see [`Slices`]).
    ///
    /// ```
    /// use testkit::search::Search;
    /// fn take_one(heaps: &[u8]) -> Vec<Vec<u8>> {
    ///     (0..heaps.len()).filter(|&i| heaps[i] > 0).map(|i| {
    ///         let mut next = heaps.to_vec();
    ///         next[i] -= 1;
    ///         next
    ///     }).collect()
    /// }
    /// // Misère: the player who takes the last coin loses.
    /// let mut search = Search::misere_slices(take_one);
    /// assert!(!search.mover_wins(vec![1, 0]));
    /// assert!(search.mover_wins(vec![2, 0]));
    /// ```
    pub fn misere_slices(moves: fn(&[T]) -> Vec<Vec<T>>) -> Self {
        Search::new(Slices(moves), true)
    }
}

// The constructors name `Fn` so that a closure's argument types are inferred from `S`; the
// search itself needs only `Moves`.
impl<S, F> Search<S, F>
where
    S: Hash + Eq + Clone,
    F: Fn(&S) -> Vec<S>,
{
    /// Normal play: a player with no move loses.
    pub fn normal(moves: F) -> Self {
        Search::new(moves, false)
    }

    /// Misère play: a player with no move wins (the last mover lost).
    pub fn misere(moves: F) -> Self {
        Search::new(moves, true)
    }
}

impl<S, P> Search<S, WithParam<P, S>>
where
    S: Hash + Eq + Clone,
{
    /// Normal play under `rule` with the parameter `param` (see [`WithParam`]).
    pub fn normal_with(param: P, rule: fn(&P, &S) -> Vec<S>) -> Self {
        Search::new(WithParam::new(param, rule), false)
    }

    /// Misère play under `rule` with the parameter `param` (see [`WithParam`]).
    pub fn misere_with(param: P, rule: fn(&P, &S) -> Vec<S>) -> Self {
        Search::new(WithParam::new(param, rule), true)
    }
}

impl<S, F> Search<S, F>
where
    S: Hash + Eq + Clone,
    F: Moves<S>,
{
    /// A search under any move rule, normal play unless `misere`.
    pub fn new(moves: F, misere: bool) -> Self {
        Search {
            memo: HashMap::new(),
            moves,
            misere,
        }
    }

    /// Whether the player to move from `state` wins with perfect play.
    pub fn mover_wins(&mut self, state: S) -> bool {
        if let Some(&Known::Wins(wins)) = self.memo.get(&state) {
            return wins;
        }
        let mut stack = vec![self.open(state)];
        loop {
            let depth = stack.len();
            let top = stack
                .last_mut()
                .expect("the stack holds the state being searched");
            // The mover wins by a move to a losing state; a state not yet known is searched
            // first, and this one looks at the same move again once it is known.
            let mut wins = None;
            let mut deeper = None;
            while top.at < top.next.len() {
                match self.memo.get(&top.next[top.at]) {
                    Some(Known::Wins(false)) => {
                        wins = Some(true);
                        break;
                    }
                    Some(Known::Wins(true)) => top.at += 1,
                    Some(Known::Open) => panic!(
                        "Search: the game has a cycle (a state reached from itself, {} moves deep)",
                        depth
                    ),
                    None => {
                        deeper = Some(top.next[top.at].clone());
                        break;
                    }
                }
            }
            if let Some(child) = deeper {
                let frame = self.open(child);
                stack.push(frame);
                continue;
            }
            let wins = wins.unwrap_or(top.next.is_empty() && self.misere);
            let done = stack.pop().expect("the state just searched");
            self.memo.insert(done.state, Known::Wins(wins));
            if stack.is_empty() {
                return wins;
            }
        }
    }

    /// A stack frame for `state`, marked open in the memo.
    fn open(&mut self, state: S) -> Frame<S> {
        let next = self.moves.moves(&state);
        self.memo.insert(state.clone(), Known::Open);
        Frame { state, next, at: 0 }
    }

    /// The moves from `state` that leave the opponent losing.
    pub fn winning_moves(&mut self, state: &S) -> Vec<S> {
        self.moves
            .moves(state)
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

#[cfg(test)]
mod tests;
