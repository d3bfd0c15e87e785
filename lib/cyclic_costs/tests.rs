//! Both engines against value iteration (the game's definition, round by round) on random
//! graphs with cycles, and their queues, limits and refusals.

use super::queues::{ArrivalQueue, RadixHeap};
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
