//! What a problem's tests say about an interactive game: the [`Protocol`] trait (the game's
//! literal moves and how the dialogue writes them) and who moves first ([`Sides`]).

use crate::Rng;
use std::fmt::Debug;
use std::hash::Hash;

/// Who moves first in each game of the dialogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// After each game's opening, the contestant writes `first` or `second` (one line) and
    /// moves first iff it wrote `first`. The statement promises a win from every start, so
    /// the wrong side is a wrong answer at once.
    Choose {
        /// The word for moving first, e.g. `First`.
        first: &'static str,
        /// The word for moving second, e.g. `Second`.
        second: &'static str,
    },
    /// The contestant always moves first; a win is promised only from starts the first player
    /// wins (from the others it must play legally to the end, and loses to a perfect jury).
    ContestantFirst,
    /// The jury always moves first; a win is promised only from starts the second player wins.
    JuryFirst,
}

/// An interactive game problem as its tests see it: the game's literal moves (the
/// `ImpartialGame::moves` of grundy, or a brute force's move function), random starts, the
/// case file's format, and the dialogue's lines.
///
/// The jury derived from it (see [`Referee`](crate::interactive::Referee)) sends
/// [`greeting`](Protocol::greeting) once, then for each game its
/// [`opening`](Protocol::opening); then (after the side choice, if [`Protocol::SIDES`] asks for
/// one) the players alternate: the contestant writes one line, read by
/// [`read_move`](Protocol::read_move) and checked to be one of [`moves`](Protocol::moves); the
/// jury answers with [`write_move`](Protocol::write_move) of the move its strategy picks. A
/// player with no move has lost (normal play). When the jury has lost it sends
/// [`jury_lost`](Protocol::jury_lost) (if anything); when the contestant writes an illegal,
/// malformed or losing line, or chooses the wrong side, the jury sends
/// [`rejection`](Protocol::rejection) and stops.
///
/// ```
/// use testkit::interactive::{Protocol, Sides};
/// use testkit::Rng;
/// /// Take 1 or 2 from one heap; the contestant writes how many it takes, the jury likewise.
/// #[derive(Default)]
/// struct OneOrTwo;
/// impl Protocol for OneOrTwo {
///     type Position = u64;
///     const SIDES: Sides = Sides::Choose { first: "First", second: "Second" };
///     fn moves(&self, &n: &u64) -> Vec<u64> { (1..=2).filter(|&t| t <= n).map(|t| n - t).collect() }
///     fn start(rng: &mut Rng, size: u64) -> u64 { rng.range(1, size) }
///     fn input(starts: &[u64]) -> String { format!("{}\n", starts[0]) }
///     fn read_input(text: &str) -> Result<Vec<u64>, String> {
///         text.trim().parse().map(|n| vec![n]).map_err(|e| format!("{}", e))
///     }
///     fn opening(&self, &n: &u64) -> Vec<String> { vec![n.to_string()] }
///     fn read_move(&self, &n: &u64, line: &str) -> Result<u64, String> {
///         let take: u64 = line.trim().parse().map_err(|_| "expected a number".to_string())?;
///         n.checked_sub(take).ok_or_else(|| format!("only {} left", n))
///     }
///     fn write_move(&self, &from: &u64, &to: &u64) -> String { (from - to).to_string() }
/// }
/// assert_eq!(OneOrTwo.moves(&1), vec![0]);
/// assert_eq!(OneOrTwo.read_move(&5, "2"), Ok(3));
/// ```
pub trait Protocol: Default {
    /// A position of one game.
    type Position: Clone + Eq + Hash + Debug;
    /// Who moves first.
    const SIDES: Sides;
    /// The size the unit test draws starts at (`stress --size` overrides it).
    const SIZE: u64 = 6;
    /// The largest size [`start`](Protocol::start) and the literal search can take.
    const MAX_SIZE: u64 = 1000;
    /// The most games one dialogue holds (one case file may hold several starts).
    const MAX_GAMES: usize = 1;
    /// How many seeded dialogues the unit test plays (each with every strategy).
    const DIALOGUES: u64 = 100;

    /// The positions one move leads to from `position`: the rules, literally (empty when the
    /// player to move has lost).
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;
    /// A random start of the given size (`1 <= size <= MAX_SIZE`).
    fn start(rng: &mut Rng, size: u64) -> Self::Position;
    /// Smaller starts for the shrinker to try (for instance one heap dropped or halved).
    fn smaller(start: &Self::Position) -> Vec<Self::Position> {
        let _ = start;
        Vec::new()
    }
    /// The case file (`testcases/NAME/*.in`) describing the starts of one dialogue: the
    /// problem's own format, as the jury reads it.
    fn input(starts: &[Self::Position]) -> String;
    /// The starts a case file describes; `Err` says what is wrong with it.
    fn read_input(text: &str) -> Result<Vec<Self::Position>, String>;
    /// What the jury sends once, before the first game (for instance the number of games).
    fn greeting(&self, starts: &[Self::Position]) -> Vec<String> {
        let _ = starts;
        Vec::new()
    }
    /// What the jury sends at the start of each game (for instance the heaps).
    fn opening(&self, start: &Self::Position) -> Vec<String>;
    /// The position the contestant's line moves to from `from`; `Err` says why the line is not
    /// a move at all. Legality (being one of [`moves`](Protocol::moves)) is checked after.
    fn read_move(&self, from: &Self::Position, line: &str) -> Result<Self::Position, String>;
    /// The line the jury writes for its move from `from` to `to` (`to` is one of the moves).
    fn write_move(&self, from: &Self::Position, to: &Self::Position) -> String;
    /// What the jury sends when it has no move left at `at` (it lost); `None`: nothing.
    fn jury_lost(&self, at: &Self::Position) -> Option<String> {
        let _ = at;
        None
    }
    /// Whether the jury may search the whole game from `start` (its perfect and adversarial
    /// strategies, and its checks of sides and losing moves from the positions it reaches):
    /// `false` for starts past brute-force size, which are played by the greedy and random
    /// juries and judged by [`mover_wins`](Protocol::mover_wins) where that knows.
    fn searchable(&self, start: &Self::Position) -> bool {
        let _ = start;
        true
    }
    /// Whether the player to move at `position` wins, when that is known cheaply (a closed
    /// form, a symmetry); `None` when it is not. Used only where the jury does not search; the
    /// problem's tests check it against the literal search on small positions.
    fn mover_wins(&self, position: &Self::Position) -> Option<bool> {
        let _ = position;
        None
    }
    /// Whether the player to move at `position` has no move. By default from
    /// [`moves`](Protocol::moves); a game too large to list its moves says it directly.
    fn is_over(&self, position: &Self::Position) -> bool {
        self.moves(position).is_empty()
    }
    /// Whether `to` is one move from `from`. By default from [`moves`](Protocol::moves).
    fn is_move(&self, from: &Self::Position, to: &Self::Position) -> bool {
        self.moves(from).contains(to)
    }
    /// A random move from `from` (`None` when there is none): the random jury's. By default
    /// uniform over [`moves`](Protocol::moves).
    fn random_move(&self, from: &Self::Position, rng: &mut Rng) -> Option<Self::Position> {
        let moves = self.moves(from);
        (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u64) as usize].clone())
    }
    /// The greedy jury's move from `from`: one to a position that [`mover_wins`] knows the
    /// mover loses, when there is one (`None` otherwise, and the jury moves at random). By
    /// default it tries every one of [`moves`](Protocol::moves).
    ///
    /// [`mover_wins`]: Protocol::mover_wins
    fn greedy_move(&self, from: &Self::Position, rng: &mut Rng) -> Option<Self::Position> {
        let losing: Vec<Self::Position> = self
            .moves(from)
            .into_iter()
            .filter(|m| self.mover_wins(m) == Some(false))
            .collect();
        (!losing.is_empty()).then(|| losing[rng.below(losing.len() as u64) as usize].clone())
    }
    /// The jury's rejection, sent when it stops the dialogue on a wrong line.
    fn rejection(&self) -> String {
        judge::interactive::REJECTED.to_string()
    }
}
