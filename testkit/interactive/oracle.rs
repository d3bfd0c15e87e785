//! The jury's knowledge of the game: for each position, whether the player to move wins and how
//! long the longest play from it lasts, by literal search over the protocol's moves; and the
//! three strategies the jury plays with.

use super::Protocol;
use crate::Rng;
use std::collections::HashMap;

/// What the search knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Whether the player to move wins with perfect play.
    pub mover_wins: bool,
    /// The most moves any play from here can last.
    pub longest: u64,
}

/// How the jury picks its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Wins whenever it can, by the quickest win; from a lost position, a random move.
    Perfect,
    /// A random legal move ([`Protocol::random_move`]), from the given seed.
    Random(u64),
    /// A move to a position the protocol knows the mover loses ([`Protocol::greedy_move`]),
    /// else a random one, from the given seed: plays positions of any size.
    Greedy(u64),
    /// Wins whenever it can but by the longest win; from a lost position, the move after which
    /// play can last longest: long games, so a contestant's slip has room to show.
    Adversarial,
}

impl Strategy {
    /// Whether the strategy searches the whole game (and so needs a searchable start).
    pub fn searches(self) -> bool {
        matches!(self, Strategy::Perfect | Strategy::Adversarial)
    }

    /// The strategy a name picks (`perfect`, `adversarial`, `random`, `greedy`), the random
    /// ones from `seed`.
    ///
    /// ```
    /// use testkit::interactive::Strategy;
    /// assert_eq!(Strategy::named("greedy", 7), Ok(Strategy::Greedy(7)));
    /// assert!(Strategy::named("best", 7).unwrap_err().contains("perfect, adversarial, random or greedy"));
    /// ```
    pub fn named(name: &str, seed: u64) -> Result<Strategy, String> {
        match name {
            "perfect" => Ok(Strategy::Perfect),
            "adversarial" => Ok(Strategy::Adversarial),
            "random" => Ok(Strategy::Random(seed)),
            "greedy" => Ok(Strategy::Greedy(seed)),
            _ => Err(format!(
                "unknown strategy `{name}`: perfect, adversarial, random or greedy"
            )),
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Strategy::Perfect => f.write_str("perfect"),
            Strategy::Random(seed) => write!(f, "random (seed {seed})"),
            Strategy::Greedy(seed) => write!(f, "greedy (seed {seed})"),
            Strategy::Adversarial => f.write_str("adversarial"),
        }
    }
}

/// The memoised search over a protocol's moves, kept between dialogues.
///
/// ```
/// use testkit::interactive::{Oracle, Protocol, Sides, Strategy};
/// # #[derive(Default)] struct OneOrTwo;
/// # impl Protocol for OneOrTwo {
/// #     type Position = u64;
/// #     const SIDES: Sides = Sides::JuryFirst;
/// #     fn moves(&self, &n: &u64) -> Vec<u64> { (1..=2).filter(|&t| t <= n).map(|t| n - t).collect() }
/// #     fn start(_: &mut testkit::Rng, _: u64) -> u64 { 1 }
/// #     fn input(_: &[u64]) -> String { String::new() }
/// #     fn read_input(_: &str) -> Result<Vec<u64>, String> { Ok(vec![]) }
/// #     fn opening(&self, _: &u64) -> Vec<String> { vec![] }
/// #     fn read_move(&self, _: &u64, _: &str) -> Result<u64, String> { Err(String::new()) }
/// #     fn write_move(&self, _: &u64, _: &u64) -> String { String::new() }
/// # }
/// let mut oracle = Oracle::default();
/// assert!(!oracle.facts(&OneOrTwo, &6).mover_wins); // multiples of 3 lose
/// assert_eq!(oracle.facts(&OneOrTwo, &6).longest, 6);
/// let mut rng = testkit::Rng::new(1);
/// assert_eq!(oracle.choose(&OneOrTwo, &7, Strategy::Perfect, &mut rng), 6);
/// ```
///
/// # Panics
/// If a position can be reached from itself (the protocol's moves have a cycle).
///
/// # Complexity
/// O(positions reachable + moves among them) hash operations, once; then O(moves) per choice.
pub struct Oracle<P: Protocol> {
    memo: HashMap<P::Position, Option<Facts>>,
}

impl<P: Protocol> Default for Oracle<P> {
    fn default() -> Self {
        Oracle {
            memo: HashMap::new(),
        }
    }
}

impl<P: Protocol> Oracle<P> {
    /// What perfect play makes of `position`.
    pub fn facts(&mut self, protocol: &P, position: &P::Position) -> Facts {
        if let Some(Some(facts)) = self.memo.get(position) {
            return *facts;
        }
        // Depth-first on a heap stack: a position is decided once all its moves are.
        let mut stack = vec![(position.clone(), protocol.moves(position), 0usize)];
        self.memo.insert(position.clone(), None);
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let child = top.1[top.2].clone();
                top.2 += 1;
                match self.memo.get(&child) {
                    Some(Some(_)) => {}
                    Some(None) => panic!(
                        "the protocol's moves have a cycle: {:?} is reached from itself",
                        child
                    ),
                    None => {
                        self.memo.insert(child.clone(), None);
                        let child_moves = protocol.moves(&child);
                        stack.push((child, child_moves, 0));
                    }
                }
                continue;
            }
            let (at, moves, _) = stack.pop().expect("the loop holds a top");
            let mut facts = Facts {
                mover_wins: false,
                longest: 0,
            };
            for m in &moves {
                let child = self.memo[m].expect("every move is decided first");
                facts.mover_wins |= !child.mover_wins;
                facts.longest = facts.longest.max(child.longest + 1);
            }
            self.memo.insert(at, Some(facts));
        }
        self.memo[position].expect("the start is decided")
    }

    /// The jury's move from `from` (which must have a move) under `strategy`.
    ///
    /// # Panics
    /// If `from` has no move.
    pub fn choose(
        &mut self,
        protocol: &P,
        from: &P::Position,
        strategy: Strategy,
        rng: &mut Rng,
    ) -> P::Position {
        match strategy {
            Strategy::Random(_) => {
                return protocol
                    .random_move(from, rng)
                    .unwrap_or_else(|| panic!("the jury has no move from {from:?}"))
            }
            Strategy::Greedy(_) => {
                return protocol
                    .greedy_move(from, rng)
                    .or_else(|| protocol.random_move(from, rng))
                    .unwrap_or_else(|| panic!("the jury has no move from {from:?}"))
            }
            Strategy::Perfect | Strategy::Adversarial => {}
        }
        let moves = protocol.moves(from);
        assert!(!moves.is_empty(), "the jury has no move from {from:?}");
        let rated: Vec<(P::Position, Facts)> = moves
            .into_iter()
            .map(|m| {
                let facts = self.facts(protocol, &m);
                (m, facts)
            })
            .collect();
        let winning: Vec<&(P::Position, Facts)> =
            rated.iter().filter(|(_, f)| !f.mover_wins).collect();
        let pick = match strategy {
            Strategy::Random(_) | Strategy::Greedy(_) => unreachable!("chosen above"),
            Strategy::Perfect if !winning.is_empty() => *winning
                .iter()
                .min_by_key(|(_, f)| f.longest)
                .expect("not empty"),
            Strategy::Perfect => &rated[rng.below(rated.len() as u64) as usize],
            Strategy::Adversarial => {
                let pool: Vec<&(P::Position, Facts)> = if winning.is_empty() {
                    rated.iter().collect()
                } else {
                    winning
                };
                *pool
                    .iter()
                    .max_by_key(|(_, f)| f.longest)
                    .expect("not empty")
            }
        };
        pick.0.clone()
    }
}
