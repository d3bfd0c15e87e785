//! The three doors against a naive fixpoint and a bounded minimax, written from the rule.

use super::*;
use testkit::Rng;

/// A random multigraph on `n` positions with about `n * density / 4` edges (self-loops and
/// cycles included), as an edge list.
fn random_edges(rng: &mut Rng, n: usize, density: u64) -> Vec<(usize, usize)> {
    let count = rng.range(0, n as u64 * density / 4);
    (0..count)
        .map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize))
        .collect()
}

/// The rule read literally: apply "won if a move reaches a lost position, lost if every
/// move reaches a won one" to every position until nothing changes; the rest are draws.
fn naive_fixpoint(
    n: usize,
    edges: &[(usize, usize)],
    convention: Convention,
) -> Vec<CyclicOutcome> {
    let mut outcome = vec![CyclicOutcome::Draw; n];
    loop {
        let mut changed = false;
        for p in 0..n {
            if outcome[p] != CyclicOutcome::Draw {
                continue;
            }
            let next: Vec<CyclicOutcome> = edges
                .iter()
                .filter(|e| e.0 == p)
                .map(|e| outcome[e.1])
                .collect();
            let decided = if next.is_empty() {
                Some(convention.stuck())
            } else if next.contains(&CyclicOutcome::Lose) {
                Some(CyclicOutcome::Win)
            } else if next.iter().all(|&o| o == CyclicOutcome::Win) {
                Some(CyclicOutcome::Lose)
            } else {
                None
            };
            if let Some(o) = decided {
                outcome[p] = o;
                changed = true;
            }
        }
        if !changed {
            return outcome;
        }
    }
}

/// Minimax with a depth bound: `wins[k][p]` (`loses[k][p]`) says the player to move from
/// `p` can force a win (cannot avoid a loss) within `k` moves. The remoteness is the least
/// such `k`; a position with neither for `k` up to 2n + 2 is a draw.
fn bounded_minimax(
    n: usize,
    edges: &[(usize, usize)],
    convention: Convention,
) -> Vec<Option<(CyclicOutcome, u32)>> {
    let moves: Vec<Vec<usize>> = (0..n)
        .map(|p| edges.iter().filter(|e| e.0 == p).map(|e| e.1).collect())
        .collect();
    let stuck_wins = convention == Convention::Misere;
    let mut wins: Vec<bool> = (0..n).map(|p| moves[p].is_empty() && stuck_wins).collect();
    let mut loses: Vec<bool> = (0..n).map(|p| moves[p].is_empty() && !stuck_wins).collect();
    let mut result: Vec<Option<(CyclicOutcome, u32)>> = (0..n)
        .map(|p| {
            if wins[p] {
                Some((CyclicOutcome::Win, 0))
            } else if loses[p] {
                Some((CyclicOutcome::Lose, 0))
            } else {
                None
            }
        })
        .collect();
    for k in 1..=(2 * n as u32 + 2) {
        let next_wins: Vec<bool> = (0..n)
            .map(|p| wins[p] || moves[p].iter().any(|&q| loses[q]))
            .collect();
        let next_loses: Vec<bool> = (0..n)
            .map(|p| loses[p] || (!moves[p].is_empty() && moves[p].iter().all(|&q| wins[q])))
            .collect();
        for p in 0..n {
            if result[p].is_none() {
                if next_wins[p] {
                    result[p] = Some((CyclicOutcome::Win, k));
                } else if next_loses[p] {
                    result[p] = Some((CyclicOutcome::Lose, k));
                }
            }
        }
        wins = next_wins;
        loses = next_loses;
    }
    result
}

#[test]
fn agrees_with_the_naive_fixpoint_and_bounded_minimax() {
    let mut rng = Rng::new(35);
    let mut draws = 0;
    for _ in 0..3000 {
        let n = rng.range(1, 12) as usize;
        let density = rng.range(1, 12);
        let edges = random_edges(&mut rng, n, density);
        for &convention in &[Convention::Normal, Convention::Misere] {
            let solution = Graph::from_edges(n, &edges).solve(convention);
            let expected = naive_fixpoint(n, &edges, convention);
            assert_eq!(
                solution.outcomes(),
                &expected[..],
                "{} {:?} {:?}",
                n,
                edges,
                convention
            );
            let minimax = bounded_minimax(n, &edges, convention);
            for p in 0..n {
                let got = solution.remoteness(p).map(|r| (solution.outcome(p), r));
                assert_eq!(
                    got, minimax[p],
                    "position {} of {} {:?} {:?}",
                    p, n, edges, convention
                );
            }
            draws += expected
                .iter()
                .filter(|&&o| o == CyclicOutcome::Draw)
                .count();
        }
    }
    assert!(
        draws > 1000,
        "the random graphs have cycles that matter: {} draws",
        draws
    );
}

#[test]
fn the_three_doors_agree() {
    let mut rng = Rng::new(36);
    for _ in 0..300 {
        let n = rng.range(1, 30) as usize;
        let edges = random_edges(&mut rng, n, 8);
        let from_edges = Graph::from_edges(n, &edges);
        let from_moves = Graph::from_moves(n, |p, buffer| {
            buffer.extend(edges.iter().filter(|e| e.0 == p).map(|e| e.1));
        });
        assert_eq!(from_edges, from_moves);
        let solution = from_edges.solve(Convention::Normal);
        let by_predecessors = solve_by_predecessors(
            n,
            Convention::Normal,
            |p| edges.iter().filter(|e| e.0 == p).count(),
            |q, buffer| buffer.extend(edges.iter().filter(|e| e.1 == q).map(|e| e.0 as u32)),
        );
        assert_eq!(solution, by_predecessors);
    }
}

/// Two players on one token, each with its own moves: a literal fixpoint over
/// (vertex, player) pairs, written without [`Alternating`]'s numbering.
#[test]
fn alternating_players_agree_with_a_literal_fixpoint() {
    let mut rng = Rng::new(37);
    for _ in 0..1000 {
        let n = rng.range(1, 9) as usize;
        let own: Vec<Vec<(usize, usize)>> = (0..2).map(|_| random_edges(&mut rng, n, 8)).collect();
        let convention = if rng.below(2) == 0 {
            Convention::Normal
        } else {
            Convention::Misere
        };
        let turns = Alternating::new(n);
        let solution = turns.solve(convention, |vertex, player, moves| {
            moves.extend(own[player].iter().filter(|e| e.0 == vertex).map(|e| e.1));
        });
        let mut literal = std::collections::HashMap::new();
        loop {
            let mut changed = false;
            for vertex in 0..n {
                for player in 0..2 {
                    if literal.contains_key(&(vertex, player)) {
                        continue;
                    }
                    let next: Vec<Option<CyclicOutcome>> = own[player]
                        .iter()
                        .filter(|e| e.0 == vertex)
                        .map(|e| literal.get(&(e.1, 1 - player)).copied())
                        .collect();
                    let decided = if next.is_empty() {
                        Some(convention.stuck())
                    } else if next.contains(&Some(CyclicOutcome::Lose)) {
                        Some(CyclicOutcome::Win)
                    } else if next.iter().all(|&o| o == Some(CyclicOutcome::Win)) {
                        Some(CyclicOutcome::Lose)
                    } else {
                        None
                    };
                    if let Some(o) = decided {
                        literal.insert((vertex, player), o);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for vertex in 0..n {
            for player in 0..2 {
                let expected = literal
                    .get(&(vertex, player))
                    .copied()
                    .unwrap_or(CyclicOutcome::Draw);
                assert_eq!(solution.outcome(turns.position(vertex, player)), expected);
            }
        }
    }
}

#[test]
fn conventions_on_a_path() {
    // 0 → 1 → 2 → 3: normal play, 3 loses and the parities alternate; misère, 3 wins.
    let graph = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]);
    let normal = graph.solve(Convention::Normal);
    let misere = graph.solve(Convention::Misere);
    use CyclicOutcome::{Lose, Win};
    assert_eq!(normal.outcomes(), &[Win, Lose, Win, Lose]);
    assert_eq!(misere.outcomes(), &[Lose, Win, Lose, Win]);
    assert_eq!(
        (0..4).map(|p| normal.remoteness(p)).collect::<Vec<_>>(),
        vec![Some(3), Some(2), Some(1), Some(0)]
    );
}

#[test]
fn the_loser_delays_and_the_winner_hurries() {
    // 0 may move to 1 (no move: lost at once) or to 2 (lost after 2 → 3 → 4): it wins in
    // one move. 5 chooses between 0 (won in 1) and 7 (won in 3: 7 → 8 → 9 → 10): both
    // lose, and the longer loss is through 7.
    let edges = [
        (0, 1),
        (0, 2),
        (2, 3),
        (3, 4),
        (5, 0),
        (5, 7),
        (7, 8),
        (8, 9),
        (9, 10),
    ];
    let solution = Graph::from_edges(11, &edges).solve(Convention::Normal);
    assert_eq!(solution.outcome(0), CyclicOutcome::Win);
    assert_eq!(solution.remoteness(0), Some(1));
    assert_eq!(solution.outcome(7), CyclicOutcome::Win);
    assert_eq!(solution.remoteness(7), Some(3));
    assert_eq!(solution.outcome(5), CyclicOutcome::Lose);
    assert_eq!(solution.remoteness(5), Some(4));
}

#[test]
fn a_long_cycle_with_one_exit_needs_no_recursion() {
    // A cycle of a million positions, with an exit from 0 to a position without moves.
    let n = 1_000_000;
    let graph = Graph::from_moves(n + 1, |p, moves| {
        if p < n {
            moves.push((p + 1) % n);
        }
        if p == 0 {
            moves.push(n);
        }
    });
    let solution = graph.solve(Convention::Normal);
    assert_eq!(solution.outcome(0), CyclicOutcome::Win);
    assert_eq!(solution.outcome(n - 1), CyclicOutcome::Lose);
    assert_eq!(solution.remoteness(1), Some(n as u32));
    let parity = |p: usize| {
        if p % 2 == 0 {
            CyclicOutcome::Win
        } else {
            CyclicOutcome::Lose
        }
    };
    assert!((0..n).all(|p| solution.outcome(p) == parity(p)));
}
