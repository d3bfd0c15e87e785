//! The engine for unit costs: one pass in settling order, no priority queue, in 32-bit words
//! while every total fits.

use super::{Solution, INFINITE};

/// The engine for games whose every move costs 1 (a grid's steps, a graph's edges counted):
/// [`solve_by_predecessors`](super::solve_by_predecessors)'s totals, in one pass over the
/// positions like a breadth-first search, with no priority queue.
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
