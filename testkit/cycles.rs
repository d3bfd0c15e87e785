//! Literal brute force for games whose moves can cycle: win, lose or draw for the player to
//! move, by applying the rule over the explicit positions until nothing changes. It knows
//! nothing of retrograde analysis, counters or queues (what `grundy::cyclic` does fast), so it
//! checks them independently.

use std::collections::HashMap;
use std::hash::Hash;

/// What perfect play gives the player to move, in a game whose moves can cycle (normal play: a
/// player with no move loses; a play that never ends is a draw).
///
/// Not `grundy::outcome::Outcome`: with cycles there is a third result, the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// The mover can force a win.
    Win,
    /// The opponent can force a win, whatever the mover does.
    Lose,
    /// Neither can force a win: with perfect play the game goes on for ever.
    Draw,
}

impl Fate {
    /// `win`, `lose` or `draw`, by the fate: an answer in a problem's words.
    ///
    /// ```
    /// use testkit::cycles::Fate;
    /// assert_eq!(Fate::Draw.pick("Win", "Lose", "Loop"), "Loop");
    /// ```
    pub fn pick<T>(self, win: T, lose: T, draw: T) -> T {
        match self {
            Fate::Win => win,
            Fate::Lose => lose,
            Fate::Draw => draw,
        }
    }
}

/// The fate of every position reachable from `starts` under `moves` (the positions one move
/// away), by the rule applied literally, one pass over all positions after another until a pass
/// changes nothing: a position is won if one of its moves reaches a lost position, lost if all
/// of its moves (none included) reach won positions; the positions left are draws.
///
/// ```
/// use testkit::cycles::{fates, Fate};
/// // A token on a cycle 0 -> 1 -> 2 -> 0, with a way out 2 -> 3, where the mover has no move.
/// let moves = |&v: &u8| -> Vec<u8> {
///     match v {
///         0 => vec![1],
///         1 => vec![2],
///         2 => vec![0, 3],
///         _ => vec![],
///     }
/// };
/// let fate = fates([0u8], moves);
/// assert_eq!(fate[&3], Fate::Lose);
/// assert_eq!(fate[&2], Fate::Win);
/// assert_eq!(fate[&1], Fate::Lose);
/// assert_eq!(fate[&0], Fate::Win);
/// // Without the way out, no one wins.
/// let fate = fates([0u8], |&v: &u8| vec![(v + 1) % 3]);
/// assert!(fate.values().all(|&f| f == Fate::Draw));
/// ```
///
/// # Constraints
/// Finitely many positions reachable from `starts`.
///
/// # Complexity
/// O(P · (P + M)) hash operations for P positions and M moves among them (each pass is O(P + M),
/// and each pass but the last decides at least one position); memory O(P + M). Small games
/// only: it is a brute force.
pub fn fates<S, F>(starts: impl IntoIterator<Item = S>, moves: F) -> HashMap<S, Fate>
where
    S: Hash + Eq + Clone,
    F: Fn(&S) -> Vec<S>,
{
    // Every reachable position, numbered, with its moves as numbers.
    let mut number: HashMap<S, usize> = HashMap::new();
    let mut positions: Vec<S> = Vec::new();
    for start in starts {
        if !number.contains_key(&start) {
            number.insert(start.clone(), positions.len());
            positions.push(start);
        }
    }
    let mut next: Vec<Vec<usize>> = Vec::new();
    while next.len() < positions.len() {
        let from = positions[next.len()].clone();
        let mut to = Vec::new();
        for after in moves(&from) {
            let n = match number.get(&after) {
                Some(&n) => n,
                None => {
                    number.insert(after.clone(), positions.len());
                    positions.push(after);
                    positions.len() - 1
                }
            };
            to.push(n);
        }
        next.push(to);
    }
    let mut known: Vec<Option<Fate>> = vec![None; positions.len()];
    loop {
        let mut changed = false;
        for p in 0..positions.len() {
            if known[p].is_some() {
                continue;
            }
            if next[p].iter().any(|&q| known[q] == Some(Fate::Lose)) {
                known[p] = Some(Fate::Win);
                changed = true;
            } else if next[p].iter().all(|&q| known[q] == Some(Fate::Win)) {
                known[p] = Some(Fate::Lose);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    positions
        .into_iter()
        .zip(known)
        .map(|(p, fate)| (p, fate.unwrap_or(Fate::Draw)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Search;
    use crate::Rng;

    /// A random directed graph on `n` vertices, each with up to `most` moves.
    fn graph(rng: &mut Rng, n: u64, most: u64) -> Vec<Vec<u64>> {
        (0..n)
            .map(|_| (0..rng.range(0, most)).map(|_| rng.below(n)).collect())
            .collect()
    }

    #[test]
    fn on_acyclic_games_the_fates_are_the_searchs_wins_and_losses() {
        let mut rng = Rng::new(7);
        for _ in 0..300 {
            // Moves only to smaller vertices: no cycle, so no draw.
            let n = rng.range(1, 30);
            let edges: Vec<Vec<u64>> = (0..n)
                .map(|v| {
                    (0..rng.range(0, 4))
                        .filter(|_| v > 0)
                        .map(|_| rng.below(v))
                        .collect()
                })
                .collect();
            let moves = |&v: &u64| edges[v as usize].clone();
            let fate = fates(0..n, moves);
            let mut search = Search::normal(moves);
            for v in 0..n {
                let wins = search.mover_wins(v);
                assert_eq!(fate[&v], if wins { Fate::Win } else { Fate::Lose });
            }
        }
    }

    /// Whether the mover at `v` can force a win within `plies` moves of the game (its own and
    /// the opponent's), and whether the opponent can: the definition by bounded play.
    fn forces(edges: &[Vec<u64>], v: u64, plies: usize) -> (bool, bool) {
        // win[k][v]: the mover wins within k plies; lose[k][v]: the mover loses within k.
        let n = edges.len();
        let mut win = vec![false; n];
        let mut lose: Vec<bool> = edges.iter().map(|e| e.is_empty()).collect();
        for _ in 0..plies {
            let next_win: Vec<bool> = (0..n)
                .map(|u| edges[u].iter().any(|&w| lose[w as usize]))
                .collect();
            let next_lose: Vec<bool> = (0..n)
                .map(|u| edges[u].iter().all(|&w| win[w as usize]))
                .collect();
            win = next_win;
            lose = next_lose;
        }
        (win[v as usize], lose[v as usize])
    }

    #[test]
    fn on_cyclic_games_a_win_or_a_loss_is_forced_within_bounded_play_and_a_draw_is_not() {
        let mut rng = Rng::new(11);
        for _ in 0..300 {
            let n = rng.range(1, 12);
            let edges = graph(&mut rng, n, 3);
            let fate = fates(0..n, |&v: &u64| edges[v as usize].clone());
            for v in 0..n {
                // A forced result is forced within 2n plies (no position repeats on its way).
                let (win, lose) = forces(&edges, v, 2 * n as usize + 1);
                let expected = match (win, lose) {
                    (true, _) => Fate::Win,
                    (false, true) => Fate::Lose,
                    (false, false) => Fate::Draw,
                };
                assert_eq!(fate[&v], expected, "{:?} at {}", edges, v);
            }
        }
    }

    #[test]
    fn only_positions_reachable_from_the_starts_are_looked_at() {
        let fate = fates([5u32], |&v: &u32| if v > 3 { vec![v - 1] } else { vec![] });
        let mut seen: Vec<u32> = fate.keys().copied().collect();
        seen.sort_unstable();
        assert_eq!(seen, [3, 4, 5]);
        assert_eq!(fate[&3], Fate::Lose);
        assert_eq!(fate[&5], Fate::Lose);
    }
}
