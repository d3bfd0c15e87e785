//! Games on a graph that may have cycles where every move has a cost: one player (Min) wants to
//! reach an exit paying as little as possible, the other (Max) wants to pay as much as possible
//! or to keep the play away from the exits for ever. Each position's optimal total, or
//! [`Total::Infinite`] when Min cannot force an exit, by a Dijkstra-like settling order.
//!
//! # The game
//! Positions are `0..n`. Some positions are exits, each with its own total (the game ends
//! there and that amount is paid). At any other position the player to move there chooses one
//! of its moves `p → q` (cost `c ≥ 0`); the play's total is the sum of the costs paid until it
//! reaches an exit, plus that exit's total, and is infinite when it never reaches one. Who
//! chooses at `p` is the position's [`Chooser`]:
//! - [`Chooser::Min`] takes the move of the smallest total;
//! - [`Chooser::Max`] takes the move of the largest total (one infinite move makes it infinite);
//! - [`Chooser::KthSmallest`]`(k)`: Max first forbids `k − 1` of the moves, then Min chooses
//!   among the rest: the total is the k-th smallest of the moves' totals (AtCoder ABC413 F:
//!   one of four directions forbidden, `k = 2`).
//!
//! A non-exit position with fewer moves than its chooser needs (no move for Min or Max, fewer
//! than `k` for `KthSmallest(k)`) is infinite: the play stops there without reaching an exit.
//!
//! # Why not `Outcome`
//! The question is not who wins but how much is paid, and a third answer exists, "never":
//! [`Total`] is `Finite(amount)` or `Infinite`. Whether Min can force an exit at all is
//! [`Total::is_finite`].
//!
//! # The theorem (settling order)
//! With non-negative costs, the totals are found in increasing order, as Dijkstra finds
//! distances. Keep a priority queue of *arrivals*: when a position `q` is settled with total
//! `t`, each move `p → q` of cost `c` arrives at `p` with `t + c`. Pop arrivals in increasing
//! order; a position settles at the arrival that brings its count of arrivals to what its
//! chooser needs: the first for Min, the k-th for `KthSmallest(k)`, the last (its out-degree)
//! for Max. Why this is right: arrivals pop in non-decreasing order, and every position not yet
//! settled when an arrival of value `a` pops has a total of at least `a` (induction on the pops;
//! costs are non-negative), so each of its moves not yet arrived is worth at least `a` too. So
//! the j-th arrival popped at `p` is the j-th smallest total among `p`'s moves, and the
//! position settles at exactly the order statistic its chooser takes. Whatever is never
//! settled is infinite: from there Max (who needs only one unsettled move at a Max position,
//! or `deg − k + 1` of them at a `KthSmallest(k)` position, and gets them since the position
//! did not settle) can keep the play among unsettled positions, which are not exits. This is
//! the algorithm for min-cost reachability games with non-negative weights (T. Brihaye,
//! G. Geeraerts, A. Haddad and B. Monmege, "Pseudopolynomial iterative algorithm to solve
//! total-payoff games and min-cost reachability games", Acta Informatica 54 (2017), which
//! also treats negative weights); without costs it is [`crate::cyclic`]'s out-degree counting.
//!
//! # The method
//! A monotone priority queue holds the arrivals: keys within 64 of the window's base in a ring
//! of buckets (push and pop in O(1): a grid game's unit moves never leave it), larger ones in a
//! radix heap (a key goes to the bucket of the highest bit where it differs from the last key
//! taken out, so it moves down at most 64 times in all). No recursion.
//!
//! ```
//! use grundy::cyclic_costs::{Chooser, Graph, Total};
//! // Exit 0 (total 0). Min at 1 may pay 5 to the exit or 1 to reach 2; Max at 2 may pay 1
//! // to the exit or go back to 1 for free.
//! let graph = Graph::from_edges(3, &[(1, 0, 5), (1, 2, 1), (2, 0, 1), (2, 1, 0)]);
//! let choosers = [Chooser::Min, Chooser::Min, Chooser::Max];
//! let solution = graph.solve(&choosers, &[(0, 0)]);
//! assert_eq!(solution.total(0), Total::Finite(0));
//! // Through 2, Min would pay 1 + max(1, 1's own total): more than 5, so 1 pays 5 at once,
//! // and Max at 2 goes back to 1 for free to make Min pay those 5.
//! assert_eq!(solution.total(1), Total::Finite(5));
//! assert_eq!(solution.total(2), Total::Finite(5));
//! ```

/// A position's optimal total: an amount, or infinite when Min cannot force the play to an
/// exit. Not an [`crate::outcome::Outcome`]: the question is what is paid, not who wins.
///
/// ```
/// use grundy::cyclic_costs::Total;
/// assert!(Total::Finite(3) < Total::Infinite);
/// assert_eq!(Total::Finite(3).finite(), Some(3));
/// assert!(!Total::Infinite.is_finite());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Total {
    /// Min forces an exit, and this is the sum paid under optimal play.
    Finite(u64),
    /// Max keeps the play away from every exit for ever (or it stops short of one).
    Infinite,
}

impl Total {
    /// The amount, or `None` when infinite.
    pub fn finite(self) -> Option<u64> {
        match self {
            Total::Finite(amount) => Some(amount),
            Total::Infinite => None,
        }
    }

    /// Whether Min can force the play to an exit.
    pub fn is_finite(self) -> bool {
        self != Total::Infinite
    }
}

/// Who chooses the move at a position (exits have no chooser: the game ends there).
///
/// ```
/// use grundy::cyclic_costs::Chooser;
/// assert_eq!(Chooser::Min.needed(4), 1);
/// assert_eq!(Chooser::Max.needed(4), 4);
/// assert_eq!(Chooser::KthSmallest(2).needed(4), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chooser {
    /// The minimiser: the smallest of the moves' totals.
    Min,
    /// The maximiser: the largest of the moves' totals.
    Max,
    /// Max forbids k − 1 moves, then Min chooses: the k-th smallest of the moves' totals
    /// (k ≥ 1; `KthSmallest(1)` is `Min`).
    KthSmallest(usize),
}

impl Chooser {
    /// How many of its moves' totals a position with `moves` moves waits for before it is
    /// settled (the rank of the order statistic it takes); 0 means never (no move for Max,
    /// or `KthSmallest(0)`).
    pub fn needed(self, moves: usize) -> usize {
        match self {
            Chooser::Min => 1,
            Chooser::Max => moves,
            Chooser::KthSmallest(k) => k,
        }
    }
}

/// Every position's optimal total, as [`solve_by_predecessors`] finds them.
///
/// ```
/// use grundy::cyclic_costs::{Chooser, Graph, Total};
/// let solution = Graph::from_edges(2, &[(1, 0, 7)]).solve(&[Chooser::Min; 2], &[(0, 2)]);
/// assert_eq!(solution.totals().collect::<Vec<_>>(), vec![Total::Finite(2), Total::Finite(9)]);
/// assert_eq!(solution.finite_sum(), 11);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// `INFINITE` for a position never settled.
    totals: Vec<u64>,
}

/// The stored total of a position never settled.
const INFINITE: u64 = u64::MAX;

impl Solution {
    /// The number of positions solved.
    pub fn positions(&self) -> usize {
        self.totals.len()
    }

    /// The optimal total from `position`.
    ///
    /// # Panics
    /// If `position` is not below [`Solution::positions`].
    pub fn total(&self, position: usize) -> Total {
        match self.totals[position] {
            INFINITE => Total::Infinite,
            amount => Total::Finite(amount),
        }
    }

    /// Every position's total, in order of position.
    pub fn totals(&self) -> impl Iterator<Item = Total> + '_ {
        (0..self.totals.len()).map(move |p| self.total(p))
    }

    /// The sum of the finite totals, as a `u128` cannot overflow for fewer than 2^64
    /// positions.
    pub fn finite_sum(&self) -> u128 {
        self.totals
            .iter()
            .filter(|&&t| t != INFINITE)
            .map(|&t| u128::from(t))
            .sum()
    }
}

/// A monotone priority queue of (key, position): every key pushed is at least the last key
/// popped. A key lives in the bucket of the highest bit where it differs from `last` (bucket 0:
/// equal to it); popping from an empty bucket 0 redistributes the first non-empty bucket by its
/// minimum, and each key only moves to lower buckets, at most 64 times.
struct RadixHeap {
    last: u64,
    buckets: Vec<Vec<(u64, u32)>>,
}

impl RadixHeap {
    fn new() -> Self {
        RadixHeap {
            last: 0,
            buckets: (0..65).map(|_| Vec::new()).collect(),
        }
    }

    fn bucket(last: u64, key: u64) -> usize {
        (64 - (key ^ last).leading_zeros()) as usize
    }

    fn push(&mut self, key: u64, position: u32) {
        debug_assert!(
            key >= self.last,
            "a monotone queue takes no key below the last"
        );
        self.buckets[Self::bucket(self.last, key)].push((key, position));
    }

    /// The smallest item if its key is below `limit`; otherwise `None`, and the heap is left
    /// as it was (so that keys below the smallest one may still be pushed, down to `limit`).
    fn pop_below(&mut self, limit: u64) -> Option<(u64, u32)> {
        if self.buckets[0].is_empty() {
            let i = (1..65).find(|&i| !self.buckets[i].is_empty())?;
            let least = self.buckets[i].iter().map(|item| item.0).min()?;
            if least >= limit {
                return None;
            }
            self.last = least;
            let mut items = std::mem::take(&mut self.buckets[i]);
            for &(key, position) in &items {
                self.buckets[Self::bucket(self.last, key)].push((key, position));
            }
            // Keep the emptied bucket's allocation for later keys.
            items.clear();
            if self.buckets[i].is_empty() {
                self.buckets[i] = items;
            }
        } else if self.last >= limit {
            return None;
        }
        self.buckets[0].pop()
    }

    /// The smallest item (keys are below 2^64 − 1: totals are).
    fn pop(&mut self) -> Option<(u64, u32)> {
        self.pop_below(u64::MAX)
    }
}

/// The arrivals' queue: keys within 64 of `base` in a ring of buckets (one bit of `occupied`
/// each), so that small costs (a grid's unit moves) push and pop in O(1); larger keys wait in
/// a [`RadixHeap`] and enter the ring when it runs empty. Every key in the ring is in
/// `base..base + 64` and every key in the heap at least `base + 64`; keys pushed are never
/// below the last key popped.
struct ArrivalQueue {
    base: u64,
    ring: Vec<Vec<(u64, u32)>>,
    occupied: u64,
    far: RadixHeap,
}

impl ArrivalQueue {
    fn new() -> Self {
        ArrivalQueue {
            base: 0,
            ring: (0..64).map(|_| Vec::new()).collect(),
            occupied: 0,
            far: RadixHeap::new(),
        }
    }

    fn push(&mut self, key: u64, position: u32) {
        if key - self.base < 64 {
            let slot = (key & 63) as usize;
            self.ring[slot].push((key, position));
            self.occupied |= 1 << slot;
        } else {
            self.far.push(key, position);
        }
    }

    fn pop(&mut self) -> Option<(u64, u32)> {
        if self.occupied == 0 {
            // The ring is empty: move the window to the heap's smallest key and bring in
            // every key that now falls inside it.
            let (key, position) = self.far.pop()?;
            self.base = key;
            self.push(key, position);
            while let Some((key, position)) = self.far.pop_below(self.base.saturating_add(64)) {
                self.push(key, position);
            }
        }
        // The ring's smallest key: the first occupied slot from `base` on, round the ring.
        let offset = self
            .occupied
            .rotate_right((self.base & 63) as u32)
            .trailing_zeros();
        let slot = ((self.base + u64::from(offset)) & 63) as usize;
        let item = self.ring[slot].pop();
        if self.ring[slot].is_empty() {
            self.occupied &= !(1 << slot);
        }
        item
    }
}

/// The engine: solves positions `0..positions` given the exits, how many arrivals each other
/// position waits for, and each position's predecessors with the costs of their moves.
///
/// `needed(p)` is called once per position that is not an exit: the rank of the order
/// statistic its chooser takes ([`Chooser::needed`]; 0 for never). `predecessors(q, buffer)`
/// is called once per settled position `q` and appends to the (emptied) `buffer` a pair
/// `(p, cost)` for every move `p → q`, once per such move. This form needs no stored graph:
/// a grid game computes the predecessors from its rules.
///
/// ```
/// use grundy::cyclic_costs::{solve_by_predecessors, Total};
/// // A line 0 - 1 - 2 - 3 - 4 with exits at both ends; each inner position moves to either
/// // neighbour at cost 1. Min chooses (the first arrival settles a position)...
/// let line = |q: usize, buffer: &mut Vec<(usize, u64)>| {
///     buffer.extend([q.wrapping_sub(1), q + 1].iter().filter(|&&p| p < 5).map(|&p| (p, 1)));
/// };
/// let min = solve_by_predecessors(5, &[(0, 0), (4, 0)], |_| 1, line);
/// assert_eq!(min.totals().collect::<Vec<_>>()[1..4], [Total::Finite(1), Total::Finite(2), Total::Finite(1)]);
/// // ...but if the opponent forbids one of the two directions (the second arrival), Min
/// // can be kept from both ends for ever.
/// let forbidden = solve_by_predecessors(5, &[(0, 0), (4, 0)], |_| 2, line);
/// assert_eq!(forbidden.total(2), Total::Infinite);
/// ```
///
/// # Constraints
/// At most 2^32 − 1 positions; an exit's total below 2^64 − 1, each listed once; finite totals
/// below 2^64 − 1.
///
/// # Panics
/// If an exit or a predecessor is not below `positions`, an exit is listed twice or has total
/// 2^64 − 1, or a total reaches 2^64 − 1.
///
/// # Complexity
/// O(V + E log C) for V positions, E moves and C the largest finite total (a key moves down
/// the radix heap's 65 buckets at most once each), plus the calls; memory 12 bytes a position
/// and 16 bytes an arrival waiting in the queue.
pub fn solve_by_predecessors<N, P>(
    positions: usize,
    exits: &[(usize, u64)],
    mut needed: N,
    mut predecessors: P,
) -> Solution
where
    N: FnMut(usize) -> usize,
    P: FnMut(usize, &mut Vec<(usize, u64)>),
{
    assert!(
        positions < u32::MAX as usize,
        "at most 2^32 - 1 positions are solved"
    );
    // Arrivals still awaited; u32::MAX: takes no arrival (an exit, or a position that is
    // never settled).
    const CLOSED: u32 = u32::MAX;
    let mut waiting = vec![0u32; positions];
    let mut queue = ArrivalQueue::new();
    for &(exit, total) in exits {
        assert!(exit < positions, "exit {} is not a position", exit);
        assert!(total != INFINITE, "an exit's total must be below 2^64 - 1");
        assert!(waiting[exit] != CLOSED, "exit {} is listed twice", exit);
        waiting[exit] = CLOSED;
        queue.push(total, exit as u32);
    }
    for (p, wait) in waiting.iter_mut().enumerate() {
        if *wait != CLOSED {
            let k = needed(p);
            *wait = if k == 0 || k >= CLOSED as usize {
                CLOSED
            } else {
                k as u32
            };
        }
    }
    // Exits' own keys are pushed first and no arrival is ever pushed to a CLOSED position, so
    // a CLOSED position popped is an exit.
    // `waiting` alone says whether a position is settled (0), so that the hot loop reads one
    // 4-byte array; `totals` is written once per settled position.
    const SETTLED: u32 = 0;
    let mut totals = vec![INFINITE; positions];
    let mut buffer = Vec::new();
    while let Some((key, p)) = queue.pop() {
        let p = p as usize;
        match waiting[p] {
            SETTLED => continue,
            CLOSED => {}
            _ => {
                waiting[p] -= 1;
                if waiting[p] != SETTLED {
                    continue;
                }
            }
        }
        waiting[p] = SETTLED;
        totals[p] = key;
        buffer.clear();
        predecessors(p, &mut buffer);
        for &(before, cost) in &buffer {
            assert!(
                before < positions,
                "predecessor {} is not a position",
                before
            );
            if waiting[before] != SETTLED && waiting[before] != CLOSED {
                let arrival = key
                    .checked_add(cost)
                    .filter(|&t| t != INFINITE)
                    .expect("a total reaches 2^64 - 1");
                queue.push(arrival, before as u32);
            }
        }
    }
    Solution { totals }
}

/// The engine for games whose every move costs 1 (a grid's steps, a graph's edges counted):
/// [`solve_by_predecessors`]'s totals, in one pass over the positions like a breadth-first
/// search, with no priority queue.
///
/// `needed(p)` and the exits are as there; `predecessors(q)` returns the position `p` of every
/// move `p → q`, once per such move, as any iterator (an array's, a filtered range's: the
/// search loops over it in place, with no buffer between).
///
/// Why no queue of arrivals is needed: positions settle in increasing total, and every
/// arrival a settled position `q` (total `t`) sends has the key `t + 1`, so arrivals are
/// *made* in non-decreasing order. The arrival that brings `p`'s count to its chooser's rank
/// is therefore its chooser's order statistic already when it is made: `p` settles there and
/// joins the back of a first-in first-out list, whose totals stay non-decreasing. The exits,
/// sorted by their totals, are merged with that list.
///
/// ```
/// use grundy::cyclic_costs::{solve_unit_costs, Total};
/// // A line 0 - 1 - 2 - 3 - 4, exits at both ends (totals 0 and 5): Min at every position.
/// let line = |q: usize| [q.wrapping_sub(1), q + 1].iter().copied().filter(|&p| p < 5).collect::<Vec<_>>();
/// let solution = solve_unit_costs(5, &[(0, 0), (4, 5)], |_| 1, line);
/// let totals: Vec<Total> = solution.totals().collect();
/// assert_eq!(totals[1..4], [Total::Finite(1), Total::Finite(2), Total::Finite(3)]);
/// ```
///
/// # Constraints
/// At most 2^32 − 1 positions; exits' totals and every finite total below 2^63, each exit
/// listed once.
///
/// # Panics
/// If an exit or a predecessor is not below `positions`, an exit is listed twice or has a
/// total of 2^63 or more, or a total reaches 2^63.
///
/// # Complexity
/// O(V + E + X log X) for V positions, E moves and X exits, plus the calls; memory 8 bytes a
/// position while searching (16 when the largest exit's total plus V reaches 2^31), and the
/// 8-byte totals returned.
pub fn solve_unit_costs<N, P, I>(
    positions: usize,
    exits: &[(usize, u64)],
    mut needed: N,
    mut predecessors: P,
) -> Solution
where
    N: FnMut(usize) -> usize,
    P: FnMut(usize) -> I,
    I: IntoIterator<Item = usize>,
{
    assert!(positions < u32::MAX as usize, "at most 2^32 - 1 positions");
    let mut sorted_exits: Vec<(u64, u32)> = Vec::with_capacity(exits.len());
    for &(exit, total) in exits {
        assert!(exit < positions, "exit {} is not a position", exit);
        assert!(total < u64::WAITING, "an exit's total must be below 2^63");
        sorted_exits.push((total, exit as u32));
    }
    sorted_exits.sort_unstable();
    // Every finite total is below the largest exit's plus the number of positions (a total
    // grows by 1 per position settled after it): when that fits in 31 bits, 32-bit words
    // halve the memory the search walks through, which is most of its time on a large grid.
    let largest_exit = sorted_exits.last().map_or(0, |e| e.0);
    let narrow = largest_exit.saturating_add(positions as u64) < u64::from(u32::WAITING);
    if narrow {
        let mut state = vec![0u32; positions];
        match fill_waits(&mut state, &sorted_exits, 0, &mut needed) {
            None => {
                settle_unit_costs(&mut state, &sorted_exits, &mut predecessors);
                return finish_unit_costs(&state, &sorted_exits);
            }
            Some((at, k)) => {
                // A position waits for more arrivals than 31 bits count: go on in 64 bits.
                let mut wide: Vec<u64> = state.iter().map(|&w| w.widen()).collect();
                drop(state);
                wide[at] = u64::waits(k).expect("64-bit words count any wait below 2^32");
                let rest = fill_waits(&mut wide, &sorted_exits, at + 1, &mut needed);
                debug_assert!(rest.is_none(), "64-bit words count any wait");
                settle_unit_costs(&mut wide, &sorted_exits, &mut predecessors);
                return finish_unit_costs(&wide, &sorted_exits);
            }
        }
    }
    let mut state = vec![0u64; positions];
    fill_waits(&mut state, &sorted_exits, 0, &mut needed);
    settle_unit_costs(&mut state, &sorted_exits, &mut predecessors);
    finish_unit_costs(&state, &sorted_exits)
}

/// A position's word in [`solve_unit_costs`], one array for the hot loop: a settled position
/// holds its total (below `WAITING`); one still waiting holds `WAITING` plus the number of
/// arrivals it waits for; exits and positions that take no arrival hold `CLOSED`.
trait UnitWord: Copy + Eq + Ord {
    const WAITING: Self;
    const CLOSED: Self;
    /// The word of a position waiting for `k ≥ 1` arrivals, if it can count them.
    fn waits(k: usize) -> Option<Self>;
    fn is_waiting(self) -> bool;
    /// Whether this is the last arrival the position waits for.
    fn waits_one(self) -> bool;
    fn one_less(self) -> Self;
    fn from_total(total: u64) -> Self;
    fn widen(self) -> u64;
}

macro_rules! unit_word {
    ($word:ty) => {
        impl UnitWord for $word {
            const WAITING: Self = 1 << (<$word>::BITS - 1);
            const CLOSED: Self = <$word>::MAX;
            fn waits(k: usize) -> Option<Self> {
                if (k as u64) < u64::from(Self::CLOSED - Self::WAITING) {
                    Some(Self::WAITING | k as Self)
                } else {
                    None
                }
            }
            fn is_waiting(self) -> bool {
                self & Self::WAITING != 0 && self != Self::CLOSED
            }
            fn waits_one(self) -> bool {
                self == Self::WAITING | 1
            }
            fn one_less(self) -> Self {
                self - 1
            }
            fn from_total(total: u64) -> Self {
                total as Self
            }
            fn widen(self) -> u64 {
                if self == Self::CLOSED {
                    u64::CLOSED
                } else if self & Self::WAITING != 0 {
                    u64::WAITING | u64::from(self & !Self::WAITING)
                } else {
                    u64::from(self)
                }
            }
        }
    };
}
unit_word!(u32);
unit_word!(u64);

/// Marks the exits closed (when `from` is 0) and asks `needed` for positions `from..`;
/// `Some((p, k))` when `p`'s wait `k` does not fit in the word (then `p` is left as it was and
/// what follows unasked).
fn fill_waits<W: UnitWord, N: FnMut(usize) -> usize>(
    state: &mut [W],
    sorted_exits: &[(u64, u32)],
    from: usize,
    needed: &mut N,
) -> Option<(usize, usize)> {
    if from == 0 {
        for &(_, exit) in sorted_exits {
            assert!(
                state[exit as usize] != W::CLOSED,
                "exit {} is listed twice",
                exit
            );
            state[exit as usize] = W::CLOSED;
        }
    }
    for (p, slot) in state.iter_mut().enumerate().skip(from) {
        if *slot != W::CLOSED {
            let k = needed(p);
            *slot = if k == 0 || k >= u32::MAX as usize {
                W::CLOSED
            } else {
                match W::waits(k) {
                    Some(word) => word,
                    None => return Some((p, k)),
                }
            };
        }
    }
    None
}

/// The settling pass of [`solve_unit_costs`] over a filled `state`.
fn settle_unit_costs<W: UnitWord, P: FnMut(usize) -> I, I: IntoIterator<Item = usize>>(
    state: &mut [W],
    sorted_exits: &[(u64, u32)],
    predecessors: &mut P,
) {
    // The settled positions that are not exits, in the order they settled (non-decreasing
    // totals); `front` is the next to send its arrivals. Reserved whole: pages are only
    // touched as positions settle.
    let mut settled: Vec<u32> = Vec::with_capacity(state.len() - sorted_exits.len());
    let mut front = 0;
    let mut exits_sent = 0;
    loop {
        let (q, total) = match (settled.get(front), sorted_exits.get(exits_sent)) {
            (Some(&p), Some(&(exit_total, _))) if state[p as usize].widen() <= exit_total => {
                front += 1;
                (p as usize, state[p as usize].widen())
            }
            (_, Some(&(exit_total, exit))) => {
                exits_sent += 1;
                (exit as usize, exit_total)
            }
            (Some(&p), None) => {
                front += 1;
                (p as usize, state[p as usize].widen())
            }
            (None, None) => break,
        };
        let arrival = total + 1;
        for p in predecessors(q) {
            let slot = match state.get(p) {
                Some(&slot) => slot,
                None => panic!("predecessor {} is not a position", p),
            };
            if slot.is_waiting() {
                if slot.waits_one() {
                    assert!(arrival < u64::WAITING, "a total reaches 2^63");
                    state[p] = W::from_total(arrival);
                    settled.push(p as u32);
                } else {
                    state[p] = slot.one_less();
                }
            }
        }
    }
}

/// The totals of a settled `state`: the exits' own, infinite for what never settled.
fn finish_unit_costs<W: UnitWord>(state: &[W], sorted_exits: &[(u64, u32)]) -> Solution {
    let mut totals: Vec<u64> = state
        .iter()
        .map(|&w| {
            let wide = w.widen();
            if wide >= u64::WAITING {
                INFINITE
            } else {
                wide
            }
        })
        .collect();
    for &(total, exit) in sorted_exits {
        totals[exit as usize] = total;
    }
    Solution { totals }
}

/// A graph of moves with costs, stored by predecessors (the reversed graph in compressed
/// adjacency) with each position's out-degree.
///
/// ```
/// use grundy::cyclic_costs::{Chooser, Graph, Total};
/// // Max at 0 may go to exit 1 (cost 2) or exit 2 (cost 9).
/// let graph = Graph::from_edges(3, &[(0, 1, 2), (0, 2, 9)]);
/// assert_eq!(graph.out_degree(0), 2);
/// let solution = graph.solve(&[Chooser::Max; 3], &[(1, 0), (2, 0)]);
/// assert_eq!(solution.total(0), Total::Finite(9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// The moves into `q` are `into[offsets[q]..offsets[q + 1]]`, as (from, cost).
    offsets: Vec<usize>,
    into: Vec<(u32, u64)>,
    out_degree: Vec<u32>,
}

impl Graph {
    /// The graph with the given moves `(from, to, cost)` (two equal moves are two moves; a
    /// move to itself is allowed).
    ///
    /// # Panics
    /// If an endpoint is not below `positions`, `positions` is 2^32 − 1 or more, or a
    /// position has 2^32 − 1 moves or more.
    ///
    /// # Complexity
    /// O(V + E).
    pub fn from_edges(positions: usize, edges: &[(usize, usize, u64)]) -> Self {
        assert!(positions < u32::MAX as usize, "at most 2^32 - 1 positions");
        let mut out_degree = vec![0u32; positions];
        let mut offsets = vec![0usize; positions + 1];
        for &(from, to, _) in edges {
            assert!(
                from < positions && to < positions,
                "move ({}, {}) leaves the positions 0..{}",
                from,
                to,
                positions
            );
            out_degree[from] = out_degree[from]
                .checked_add(1)
                .filter(|&d| d != u32::MAX)
                .expect("too many moves from one position");
            offsets[to + 1] += 1;
        }
        for q in 0..positions {
            offsets[q + 1] += offsets[q];
        }
        let mut fill = offsets.clone();
        let mut into = vec![(0u32, 0u64); edges.len()];
        for &(from, to, cost) in edges {
            into[fill[to]] = (from as u32, cost);
            fill[to] += 1;
        }
        Graph {
            offsets,
            into,
            out_degree,
        }
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.out_degree.len()
    }

    /// The number of moves from `position`.
    ///
    /// # Panics
    /// If `position` is not below [`Graph::positions`].
    pub fn out_degree(&self, position: usize) -> usize {
        self.out_degree[position] as usize
    }

    /// Every position's optimal total, `choosers[p]` choosing at `p` and `exits` the exits
    /// with their totals (the choosers of exits are ignored).
    ///
    /// # Panics
    /// If `choosers` does not have one entry per position, or as [`solve_by_predecessors`].
    ///
    /// # Complexity
    /// As [`solve_by_predecessors`].
    pub fn solve(&self, choosers: &[Chooser], exits: &[(usize, u64)]) -> Solution {
        assert_eq!(choosers.len(), self.positions(), "one chooser per position");
        solve_by_predecessors(
            self.positions(),
            exits,
            |p| choosers[p].needed(self.out_degree(p)),
            |q, buffer| {
                buffer.extend(
                    self.into[self.offsets[q]..self.offsets[q + 1]]
                        .iter()
                        .map(|&(from, cost)| (from as usize, cost)),
                )
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    /// The literal game, by the definition: the best total Min can force within `t` moves
    /// (infinite when Max can keep the play from the exits for `t` moves), for t = 0, 1, 2, …
    /// until nothing changes. A round is the game one move longer: at a position, the order
    /// statistic its chooser takes of (cost + the other position's total one move shorter).
    /// The totals only fall from round to round; they stop when Min's forced exits are all
    /// found (a forced exit is forced within V moves, and an unchanged round repeats).
    fn value_iteration(
        n: usize,
        edges: &[(usize, usize, u64)],
        choosers: &[Chooser],
        exits: &[(usize, u64)],
    ) -> Vec<Total> {
        let exit_total = |p: usize| exits.iter().find(|e| e.0 == p).map(|e| e.1);
        let mut totals: Vec<Total> = (0..n)
            .map(|p| exit_total(p).map_or(Total::Infinite, Total::Finite))
            .collect();
        for round in 0.. {
            assert!(round <= 4 * n + 4, "value iteration does not settle");
            let next: Vec<Total> = (0..n)
                .map(|p| {
                    if let Some(t) = exit_total(p) {
                        return Total::Finite(t);
                    }
                    let mut options: Vec<Total> = edges
                        .iter()
                        .filter(|e| e.0 == p)
                        .map(|&(_, q, c)| match totals[q] {
                            Total::Finite(t) => Total::Finite(t + c),
                            Total::Infinite => Total::Infinite,
                        })
                        .collect();
                    options.sort();
                    let rank = match choosers[p] {
                        Chooser::Min => 1,
                        Chooser::Max => options.len(),
                        Chooser::KthSmallest(k) => k,
                    };
                    if rank == 0 || rank > options.len() {
                        Total::Infinite
                    } else {
                        options[rank - 1]
                    }
                })
                .collect();
            if next == totals {
                break;
            }
            totals = next;
        }
        totals
    }

    /// Positions, moves (from, to, cost), choosers, exits (position, total).
    type Game = (
        usize,
        Vec<(usize, usize, u64)>,
        Vec<Chooser>,
        Vec<(usize, u64)>,
    );

    fn random_game(rng: &mut Rng) -> Game {
        let n = rng.range(1, 9) as usize;
        let m = rng.range(0, 3 * n as u64) as usize;
        let max_cost = [0, 1, 4, 20][rng.below(4) as usize];
        let edges: Vec<(usize, usize, u64)> = (0..m)
            .map(|_| {
                (
                    rng.below(n as u64) as usize,
                    rng.below(n as u64) as usize,
                    rng.range(0, max_cost),
                )
            })
            .collect();
        let mut choosers = Vec::with_capacity(n);
        for _ in 0..n {
            let kind = rng.below(4);
            let k = rng.range(0, 3) as usize;
            choosers.push(match kind {
                0 | 1 => Chooser::Min,
                2 => Chooser::Max,
                _ => Chooser::KthSmallest(k),
            });
        }
        let mut exits = Vec::new();
        for p in 0..n {
            if rng.below(4) == 0 {
                exits.push((p, rng.range(0, 6)));
            }
        }
        (n, edges, choosers, exits)
    }

    /// Solves `rounds` random games (each move's drawn cost passed through `cost`) with
    /// `solve` and compares every total with value iteration; returns how many finite and
    /// infinite totals were compared.
    fn agree_with_value_iteration(
        seed: u64,
        rounds: usize,
        mut cost: impl FnMut(&mut Rng, u64) -> u64,
        solve: impl Fn(&Game) -> Vec<Total>,
    ) -> (usize, usize) {
        let mut rng = Rng::new(seed);
        let (mut finite, mut infinite) = (0, 0);
        for _ in 0..rounds {
            let mut game = random_game(&mut rng);
            for e in game.1.iter_mut() {
                e.2 = cost(&mut rng, e.2);
            }
            let (n, edges, choosers, exits) = &game;
            let expected = value_iteration(*n, edges, choosers, exits);
            let got = solve(&game);
            assert_eq!(
                got, expected,
                "n {} edges {:?} choosers {:?} exits {:?}",
                n, edges, choosers, exits
            );
            finite += got.iter().filter(|t| t.is_finite()).count();
            infinite += got.iter().filter(|t| !t.is_finite()).count();
        }
        (finite, infinite)
    }

    /// The general engine through a stored graph.
    fn solve_graph(game: &Game) -> Vec<Total> {
        let (n, edges, choosers, exits) = game;
        Graph::from_edges(*n, edges)
            .solve(choosers, exits)
            .totals()
            .collect()
    }

    #[test]
    fn agrees_with_value_iteration_on_random_graphs_with_cycles() {
        let (finite, infinite) = agree_with_value_iteration(413, 4000, |_, c| c, solve_graph);
        // Both answers occur often enough for the comparison to mean something.
        assert!(finite > 3000 && infinite > 3000, "{} {}", finite, infinite);
    }

    #[test]
    fn a_solution_reports_its_positions_and_totals_as_value_iteration_does() {
        let mut rng = Rng::new(4131);
        let (mut finite, mut infinite) = (0, 0);
        for _ in 0..300 {
            let (n, edges, choosers, exits) = random_game(&mut rng);
            let expected = value_iteration(n, &edges, &choosers, &exits);
            let solution = Graph::from_edges(n, &edges).solve(&choosers, &exits);
            assert_eq!(solution.positions(), n);
            for (p, &want) in expected.iter().enumerate() {
                let total = solution.total(p);
                // The accessors against the variant value iteration found.
                match want {
                    Total::Finite(amount) => {
                        finite += 1;
                        assert_eq!(total.finite(), Some(amount));
                        assert!(total.is_finite());
                    }
                    Total::Infinite => {
                        infinite += 1;
                        assert_eq!(total.finite(), None);
                        assert!(!total.is_finite());
                    }
                }
            }
        }
        assert!(finite > 100 && infinite > 100, "{} {}", finite, infinite);
    }

    #[test]
    fn large_costs_and_the_radix_heap_agree_with_value_iteration() {
        // Costs spread over 40 bits exercise the heap's higher buckets.
        agree_with_value_iteration(7, 500, |rng, _| rng.below(1 << 40), solve_graph);
    }

    #[test]
    fn unit_costs_agree_with_value_iteration() {
        // Every move costs 1, exits carry different totals (so the sorted exits and the
        // settled list interleave), and every chooser occurs.
        let (finite, infinite) = agree_with_value_iteration(
            1413,
            4000,
            |_, _| 1,
            |(n, edges, choosers, exits)| {
                let graph = Graph::from_edges(*n, edges);
                solve_unit_costs(
                    *n,
                    exits,
                    |p| choosers[p].needed(graph.out_degree(p)),
                    |q| edges.iter().filter(move |e| e.1 == q).map(|e| e.0),
                )
                .totals()
                .collect()
            },
        );
        assert!(finite > 3000 && infinite > 3000, "{} {}", finite, infinite);
    }

    #[test]
    fn unit_costs_in_64_bit_words_and_after_a_switch_agree_with_the_general_engine() {
        // Exits past 2^31 take the 64-bit words from the start; a wait too long for 31 bits
        // (the last position asking for 2^31 arrivals: never settled) switches to them
        // midway, after the other positions were asked in 32-bit words.
        let mut rng = Rng::new(2413);
        for round in 0..2000 {
            let (n, mut edges, choosers, mut exits) = random_game(&mut rng);
            for e in edges.iter_mut() {
                e.2 = 1;
            }
            let wide = round % 2 == 0;
            if wide {
                for exit in exits.iter_mut() {
                    exit.1 += 1 << 40;
                }
            }
            let graph = Graph::from_edges(n, &edges);
            let last = n - 1;
            let needed = |p: usize| {
                if !wide && p == last {
                    1 << 31
                } else {
                    choosers[p].needed(graph.out_degree(p))
                }
            };
            let expected = solve_by_predecessors(n, &exits, needed, |q, buffer| {
                buffer.extend(edges.iter().filter(|e| e.1 == q).map(|e| (e.0, e.2)))
            });
            let got = solve_unit_costs(n, &exits, needed, |q| {
                edges.iter().filter(move |e| e.1 == q).map(|e| e.0)
            });
            assert_eq!(got, expected, "edges {:?} exits {:?}", edges, exits);
        }
    }

    #[test]
    #[should_panic(expected = "reaches 2^63")]
    fn a_unit_total_past_2_to_the_63_panics() {
        solve_unit_costs(
            2,
            &[(0, (1 << 63) - 1)],
            |_| 1,
            |q| Some(1).filter(|_| q == 0),
        );
    }

    #[test]
    #[should_panic(expected = "below 2^63")]
    fn a_unit_exit_at_2_to_the_63_is_refused() {
        solve_unit_costs(1, &[(0, 1 << 63)], |_| 1, |_| None);
    }

    #[test]
    #[should_panic(expected = "listed twice")]
    fn a_unit_exit_listed_twice_is_refused() {
        solve_unit_costs(1, &[(0, 1), (0, 1)], |_| 1, |_| None);
    }

    #[test]
    #[should_panic(expected = "predecessor 3 is not a position")]
    fn a_unit_predecessor_outside_is_refused() {
        solve_unit_costs(2, &[(0, 0)], |_| 1, |_| Some(3));
    }

    #[test]
    fn the_arrival_queue_pops_in_order() {
        // Small steps stay in the ring, large ones go through the heap.
        for (seed, max_bits) in [(3u64, 4u64), (5, 12), (9, 40)].iter() {
            let mut rng = Rng::new(*seed);
            let mut queue = ArrivalQueue::new();
            let mut reference = std::collections::BinaryHeap::new();
            let mut last = 0u64;
            for step in 0..20_000u32 {
                if rng.below(3) > 0 || reference.is_empty() {
                    let bits = rng.below(*max_bits);
                    let key = last + rng.below(1 << bits);
                    queue.push(key, step);
                    reference.push(std::cmp::Reverse(key));
                } else {
                    let (key, _) = queue.pop().unwrap();
                    assert_eq!(std::cmp::Reverse(key), reference.pop().unwrap());
                    last = key;
                }
            }
            while let Some(std::cmp::Reverse(key)) = reference.pop() {
                assert_eq!(queue.pop().map(|item| item.0), Some(key));
            }
            assert_eq!(queue.pop(), None);
        }
    }

    #[test]
    fn radix_heap_pops_in_order() {
        let mut rng = Rng::new(11);
        let mut heap = RadixHeap::new();
        let mut reference = std::collections::BinaryHeap::new();
        let mut last = 0u64;
        for step in 0..20_000u32 {
            if rng.below(3) > 0 || reference.is_empty() {
                let bits = rng.below(40);
                let key = last + rng.below(1 << bits);
                heap.push(key, step);
                reference.push(std::cmp::Reverse(key));
            } else {
                let (key, _) = heap.pop().unwrap();
                assert_eq!(std::cmp::Reverse(key), reference.pop().unwrap());
                last = key;
            }
        }
        while let Some(std::cmp::Reverse(key)) = reference.pop() {
            assert_eq!(heap.pop().map(|item| item.0), Some(key));
        }
        assert_eq!(heap.pop(), None);
    }

    #[test]
    fn max_waits_for_every_move_and_loops_are_infinite() {
        // Max at 0 moves to the exit 1 (cost 3) or to itself: the loop is never settled.
        let graph = Graph::from_edges(2, &[(0, 1, 3), (0, 0, 0)]);
        let max = graph.solve(&[Chooser::Max, Chooser::Min], &[(1, 0)]);
        assert_eq!(max.total(0), Total::Infinite);
        let min = graph.solve(&[Chooser::Min, Chooser::Min], &[(1, 0)]);
        assert_eq!(min.total(0), Total::Finite(3));
        // No move at all: infinite for every chooser.
        let alone = Graph::from_edges(1, &[]);
        for chooser in [Chooser::Min, Chooser::Max, Chooser::KthSmallest(1)] {
            assert_eq!(alone.solve(&[chooser], &[]).total(0), Total::Infinite);
        }
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_rank_past_32_bits_is_never_reached() {
        // KthSmallest(2^32 + 1) at 1, with one move to the exit 0: fewer moves than the rank,
        // so infinite in both engines (a rank cut to 32 bits would be 1, and settle at 7).
        let k = (1usize << 32) + 1;
        let graph = Graph::from_edges(2, &[(1, 0, 7)]);
        let general = graph.solve(&[Chooser::Min, Chooser::KthSmallest(k)], &[(0, 0)]);
        assert_eq!(general.total(1), Total::Infinite);
        let unit = solve_unit_costs(
            2,
            &[(0, 0)],
            |_| k,
            |q| if q == 0 { vec![1] } else { vec![] },
        );
        assert_eq!(unit.total(1), Total::Infinite);
        // The same rank 1 settles: the move is there.
        let unit = solve_unit_costs(
            2,
            &[(0, 0)],
            |_| 1,
            |q| if q == 0 { vec![1] } else { vec![] },
        );
        assert_eq!(unit.total(1), Total::Finite(1));
    }

    #[test]
    fn needed_is_asked_once_per_position_across_the_switch_to_64_bits() {
        // Position 1 waits for 2^31 arrivals, past a 32-bit word: the unit engine goes on in
        // 64-bit words from there, and still asks each position that is not an exit once.
        let mut asked = vec![0; 4];
        let needed = |p: usize| {
            asked[p] += 1;
            if p == 1 {
                1 << 31
            } else {
                1
            }
        };
        let unit = solve_unit_costs(4, &[(0, 0)], needed, |q| {
            if q == 0 {
                vec![1, 2]
            } else {
                vec![]
            }
        });
        assert_eq!(asked, [0, 1, 1, 1]);
        assert_eq!(unit.total(1), Total::Infinite);
        assert_eq!(unit.total(2), Total::Finite(1));
        assert_eq!(unit.total(3), Total::Infinite);
    }

    #[test]
    fn an_exit_keeps_its_own_total() {
        // Exit 0 (total 10) has a move to exit 1 (total 0): the game ends at 0, paying 10.
        let graph = Graph::from_edges(3, &[(0, 1, 0), (2, 0, 1)]);
        let solution = graph.solve(&[Chooser::Min; 3], &[(0, 10), (1, 0)]);
        assert_eq!(solution.total(0), Total::Finite(10));
        assert_eq!(solution.total(2), Total::Finite(11));
        assert_eq!(solution.finite_sum(), 21);
    }

    #[test]
    #[should_panic(expected = "listed twice")]
    fn an_exit_listed_twice_is_refused() {
        Graph::from_edges(1, &[]).solve(&[Chooser::Min], &[(0, 1), (0, 1)]);
    }

    #[test]
    #[should_panic(expected = "reaches 2^64 - 1")]
    fn an_overflowing_total_panics() {
        Graph::from_edges(2, &[(1, 0, u64::MAX - 1)]).solve(&[Chooser::Min; 2], &[(0, 1)]);
    }

    #[test]
    fn a_long_chain_needs_no_recursion() {
        let n = 1_000_000;
        let solution = solve_by_predecessors(
            n,
            &[(0, 0)],
            |_| 1,
            |q, buffer| {
                if q + 1 < n {
                    buffer.push((q + 1, 2));
                }
            },
        );
        assert_eq!(solution.total(n - 1), Total::Finite(2 * (n as u64 - 1)));
    }
}
