//! The engine for any costs: arrivals in a monotone priority queue.

use super::queues::ArrivalQueue;
use super::{Solution, INFINITE};

/// The engine: solves positions `0..positions` given the exits, how many arrivals each other
/// position waits for, and each position's predecessors with the costs of their moves.
///
/// `needed(p)` is called once per position that is not an exit: the rank of the order
/// statistic its chooser takes ([`Chooser::needed`](super::Chooser::needed); 0 for never).
/// `predecessors(q, buffer)` is called once per settled position `q` and appends to the
/// (emptied) `buffer` a pair `(p, cost)` for every move `p → q`, once per such move. This
/// form needs no stored graph: a grid game computes the predecessors from its rules.
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
