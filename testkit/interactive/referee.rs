//! One dialogue judged: the jury plays the protocol's games against a contestant with one
//! strategy, checks every line, and writes a transcript of everything said.

use super::contestant::{Contestant, Ending, Reply, Sent, MAX_LINE, WALL_FACTOR};
use super::oracle::{Oracle, Strategy};
use super::{Protocol, Sides};
use crate::Rng;
use std::fmt;
use std::time::{Duration, Instant};

/// How often the jury reads a program's CPU time while it waits for it (wall clock).
const CPU_READING: Duration = Duration::from_millis(100);

/// The most characters of a contestant's line a verdict quotes.
const QUOTED: usize = 60;
/// The most characters of one line a transcript keeps.
const KEPT: usize = 4096;

/// `line` trimmed and cut to `max` characters (`...` and its length in bytes when cut).
fn shown(line: &str, max: usize) -> String {
    let line = line.trim();
    match line.char_indices().nth(max) {
        None => line.to_string(),
        Some((cut, _)) => format!("{}... ({} bytes)", &line[..cut], line.len()),
    }
}

/// How a dialogue ended, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every line legal, every promised game won, the contestant ended cleanly.
    Accepted,
    /// A wrong line: illegal, malformed or losing move, wrong side, a lost promised game,
    /// silence where a move was due, output after the end. The reason in one line.
    WrongAnswer(String),
    /// The contestant failed (exit status, refusal, panic).
    RuntimeError(String),
    /// The contestant was still thinking at the dialogue's deadline.
    TimeLimit(String),
}

impl Verdict {
    /// The runner's tag: `AC`, `WA`, `RE` or `TLE`.
    pub fn tag(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::RuntimeError(_) => "RE",
            Verdict::TimeLimit(_) => "TLE",
        }
    }

    /// The reason, empty when accepted.
    pub fn reason(&self) -> &str {
        match self {
            Verdict::Accepted => "",
            Verdict::WrongAnswer(why) | Verdict::RuntimeError(why) | Verdict::TimeLimit(why) => why,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => f.write_str("AC"),
            other => write!(f, "{} {}", other.tag(), other.reason()),
        }
    }
}

/// A judged dialogue: the verdict and the transcript (`> ` the jury's lines, `< ` the
/// contestant's, `# ` the jury's notes).
#[derive(Clone, Debug)]
pub struct PlayedDialogue {
    /// The verdict.
    pub verdict: Verdict,
    /// Everything said, one line each.
    pub transcript: String,
    /// The contestant's time: a program's CPU time, or (in-process) how long the jury waited
    /// for it to take a line, answer or end (the jury's own thinking is not counted).
    pub elapsed: Duration,
}

/// The jury at work on one dialogue.
struct Jury<'a, P: Protocol> {
    protocol: &'a P,
    oracle: &'a mut Oracle<P>,
    contestant: &'a mut dyn Contestant,
    /// The contestant's wall time so far, charged only while the jury waits for it.
    used: Duration,
    /// The contestant's time: CPU time where it is measured, else the wall time it is charged.
    limit: Duration,
    /// Where CPU time is measured, the wall-time backstop ([`WALL_FACTOR`] times the limit);
    /// else the limit.
    wall_limit: Duration,
    /// Whether the contestant's CPU time is measured.
    measured: bool,
    /// The contestant's CPU time at the last reading, and when that was.
    cpu: Duration,
    read_at: Instant,
    transcript: String,
    /// The game being played (from 1; 0 before the first).
    game: usize,
}

/// Why the dialogue stopped early.
type Stop = Verdict;

/// What the checks of the contestant's moves in one game need to know.
struct Turn<'a, Position> {
    /// The game's number (from 1), for the messages.
    number: usize,
    start: &'a Position,
    /// Whether the statement promises the contestant a win from `start`.
    promised: bool,
    /// Whether the jury can search the game from `start`.
    searchable: bool,
}

impl<P: Protocol> Jury<'_, P> {
    /// When the contestant's wall time runs out if the jury starts waiting now.
    fn deadline(&self) -> Instant {
        Instant::now() + self.wall_limit.saturating_sub(self.used)
    }

    /// Charges the contestant the time since `waiting`, when the jury began to wait for it;
    /// where CPU time is measured, only if it was not computing at the last reading (its CPU
    /// time is its limit then, and a loaded machine makes the clock run without it).
    fn charge(&mut self, waiting: Instant) {
        if !(self.measured && self.contestant.computing()) {
            self.used += waiting.elapsed();
        }
    }

    /// The contestant's CPU time, read again when it is due (at most every [`CPU_READING`] of
    /// the wall clock, so that a quick dialogue pays nothing): `Err` (the contestant stopped)
    /// once it is over the limit.
    fn check_cpu(&mut self, when: &str, now: bool) -> Result<(), Stop> {
        if !self.measured || (!now && self.read_at.elapsed() < CPU_READING) {
            return Ok(());
        }
        self.read_at = Instant::now();
        self.cpu = self.contestant.cpu_time().unwrap_or(self.cpu);
        if self.cpu <= self.limit {
            return Ok(());
        }
        let _ = self.contestant.finish(Instant::now());
        Err(Verdict::TimeLimit(format!(
            "over {:?} of CPU time ({when})",
            self.limit
        )))
    }

    /// The limit the contestant ran out of: its CPU time, or the wall clock's backstop.
    fn ran_out(&self) -> String {
        if self.measured {
            format!(
                "{:?} by the clock ({WALL_FACTOR} times its {:?} of CPU time)",
                self.wall_limit, self.limit
            )
        } else {
            format!("{:?}", self.limit)
        }
    }

    /// The contestant's `finish`, on its clock.
    fn finish(&mut self) -> (Option<String>, Ending) {
        let waiting = Instant::now();
        let ended = self.contestant.finish(self.deadline());
        self.charge(waiting);
        ended
    }

    fn note(&mut self, text: &str) {
        self.transcript.push_str("# ");
        self.transcript.push_str(text);
        self.transcript.push('\n');
    }

    fn say(&mut self, line: &str) -> Result<(), Stop> {
        self.transcript.push_str("> ");
        self.transcript.push_str(&shown(line, KEPT));
        self.transcript.push('\n');
        let waiting = Instant::now();
        let sent = self.contestant.send(line, self.deadline());
        self.check_cpu("while the jury was talking", false)?;
        self.charge(waiting);
        match sent {
            Sent::Taken => Ok(()),
            Sent::Closed => Err(self.gone("while the jury was still talking")),
            Sent::Late => {
                let _ = self.contestant.finish(Instant::now());
                Err(Verdict::TimeLimit(format!(
                    "not reading its input within {}",
                    self.ran_out()
                )))
            }
        }
    }

    /// The contestant stopped reading or writing: how it ended decides the verdict.
    fn gone(&mut self, when: &str) -> Stop {
        let (_, ending) = self.finish();
        match ending {
            Ending::Failed(how) => Verdict::RuntimeError(format!("{how} ({when})")),
            Ending::Late => Verdict::TimeLimit(format!("over {} ({when})", self.ran_out())),
            Ending::Success => Verdict::WrongAnswer(format!("the contestant ended {when}")),
        }
    }

    fn hear(&mut self, what: &str) -> Result<String, Stop> {
        let reply = loop {
            let waiting = Instant::now();
            // Where CPU time is measured, the wait is cut in slices, each followed by a reading.
            let deadline = match self.measured {
                true => self.deadline().min(waiting + CPU_READING),
                false => self.deadline(),
            };
            let reply = self.contestant.receive(deadline);
            self.check_cpu(&format!("where its {what} was due"), false)?;
            self.charge(waiting);
            if reply != Reply::Late || self.used >= self.wall_limit {
                break reply;
            }
        };
        match reply {
            Reply::Line(line) => {
                self.transcript.push_str("< ");
                self.transcript.push_str(&shown(&line, KEPT));
                self.transcript.push('\n');
                Ok(line)
            }
            Reply::TooLong(start) => {
                let start: String = start.chars().take(QUOTED).collect();
                self.transcript
                    .push_str(&format!("< {start}... (over {MAX_LINE} bytes)\n"));
                let game = match self.game {
                    0 => String::new(),
                    number => format!("game {number}: "),
                };
                Err(self.reject(format!(
                    "{game}its {what} is a line over {MAX_LINE} bytes: `{start}...`"
                )))
            }
            Reply::Closed => Err(self.gone(&format!("where its {what} was due"))),
            Reply::Late => {
                let _ = self.contestant.finish(Instant::now());
                Err(Verdict::TimeLimit(format!(
                    "no {what} within {}",
                    self.ran_out()
                )))
            }
        }
    }

    /// Rejects the contestant's last line: the rejection is sent, the dialogue stops.
    fn reject(&mut self, why: String) -> Stop {
        let rejection = self.protocol.rejection();
        let _ = self.say(&rejection);
        Verdict::WrongAnswer(why)
    }

    /// Plays one game from `start`; `Ok` when it ended as it may.
    fn game(
        &mut self,
        number: usize,
        start: &P::Position,
        strategy: Strategy,
        rng: &mut Rng,
    ) -> Result<(), Stop> {
        self.game = number;
        for line in self.protocol.opening(start) {
            self.say(&line)?;
        }
        let searchable = self.protocol.searchable(start);
        let first_wins = self.knows(searchable, start);
        let contestant_first = self.side(number, start, first_wins)?;
        // With a side to choose, the statement promises a win from every start.
        let promised = match (P::SIDES, first_wins) {
            (Sides::Choose { .. }, _) => true,
            (_, Some(first_wins)) => contestant_first == first_wins,
            (_, None) => false,
        };
        if !promised {
            self.note(&format!("game {number}: no win is promised from {start:?}"));
        }
        let turn = Turn {
            number,
            start,
            promised,
            searchable,
        };
        let mut position = start.clone();
        let mut contestant_moves = contestant_first;
        loop {
            let next = if contestant_moves {
                self.contestant_move(&turn, &position)?
            } else {
                self.jury_move(number, &position, strategy, rng)?
            };
            match next {
                Some(next) => position = next,
                None => return Ok(()),
            }
            contestant_moves = !contestant_moves;
        }
    }

    /// Whether the contestant moves first in game `number` from `start`: its side line where
    /// it chooses (rejected where it is not a side, or is the losing one and `first_wins`
    /// says so), else the protocol's fixed side.
    fn side(
        &mut self,
        number: usize,
        start: &P::Position,
        first_wins: Option<bool>,
    ) -> Result<bool, Stop> {
        let (first, second) = match P::SIDES {
            Sides::Choose { first, second } => (first, second),
            Sides::ContestantFirst => return Ok(true),
            Sides::JuryFirst => return Ok(false),
        };
        let line = self.hear("side")?;
        let chose_first = if line.trim() == first {
            true
        } else if line.trim() == second {
            false
        } else {
            return Err(self.reject(format!(
                "game {number}: expected `{first}` or `{second}`, got `{}`",
                shown(&line, QUOTED)
            )));
        };
        match first_wins {
            Some(first_wins) if chose_first != first_wins => {
                let (winner, chosen) = if first_wins {
                    (first, second)
                } else {
                    (second, first)
                };
                return Err(self.reject(format!(
                    "game {number}: chose `{chosen}` from {start:?}, where the {} player wins (`{winner}`)",
                    if first_wins { "first" } else { "second" }
                )));
            }
            Some(_) => {}
            None => self.note(&format!(
                "game {number}: the jury does not know who wins from {start:?}: any loss is a wrong answer"
            )),
        }
        Ok(chose_first)
    }

    /// The contestant's move from `position`, checked: read, legal, and not a losing one where
    /// a win is promised; `None` when it has no move (the game ended, as it may where no win
    /// was promised).
    fn contestant_move(
        &mut self,
        turn: &Turn<'_, P::Position>,
        position: &P::Position,
    ) -> Result<Option<P::Position>, Stop> {
        let Turn { number, start, .. } = *turn;
        if self.protocol.is_over(position) {
            self.note(&format!(
                "game {number}: the contestant has no move from {position:?}: it lost"
            ));
            if turn.promised {
                return Err(self.reject(format!("game {number}: lost from {start:?}, a promised win (no move from {position:?})")));
            }
            return Ok(None);
        }
        let line = self.hear("move")?;
        let next = match self.protocol.read_move(position, &line) {
            Ok(next) => next,
            Err(why) => {
                return Err(self.reject(format!(
                    "game {number}: `{}` is not a move from {position:?}: {why}",
                    shown(&line, QUOTED)
                )))
            }
        };
        if !self.protocol.is_move(position, &next) {
            return Err(self.reject(format!(
                "game {number}: illegal move `{}` from {position:?} (to {next:?})",
                shown(&line, QUOTED)
            )));
        }
        if turn.promised && self.knows(turn.searchable, &next) == Some(true) {
            return Err(self.reject(format!(
                "game {number}: losing move `{}` from {position:?}: the jury wins from {next:?}",
                shown(&line, QUOTED)
            )));
        }
        Ok(Some(next))
    }

    /// The jury's move from `position` by `strategy`, sent; `None` when it has none (the
    /// contestant won, and is told so where the protocol says it).
    fn jury_move(
        &mut self,
        number: usize,
        position: &P::Position,
        strategy: Strategy,
        rng: &mut Rng,
    ) -> Result<Option<P::Position>, Stop> {
        if self.protocol.is_over(position) {
            self.note(&format!(
                "game {number}: the jury has no move from {position:?}: the contestant won"
            ));
            if let Some(line) = self.protocol.jury_lost(position) {
                self.say(&line)?;
            }
            return Ok(None);
        }
        let next = self.oracle.choose(self.protocol, position, strategy, rng);
        let line = self.protocol.write_move(position, &next);
        self.say(&line)?;
        Ok(Some(next))
    }

    /// Whether the player to move at `position` wins: by search in a searchable game, else
    /// when the protocol knows it cheaply.
    fn knows(&mut self, searchable: bool, position: &P::Position) -> Option<bool> {
        if searchable {
            Some(self.oracle.facts(self.protocol, position).mover_wins)
        } else {
            self.protocol.mover_wins(position)
        }
    }
}

/// Why the jury cannot play `starts` with `strategy`: a strategy that searches the whole game
/// (perfect, adversarial) from a start past the protocol's search ([`Protocol::searchable`]);
/// `None` when it can.
pub fn refusal<P: Protocol>(
    protocol: &P,
    starts: &[P::Position],
    strategy: Strategy,
) -> Option<String> {
    let too_large = starts.iter().find(|s| !protocol.searchable(s))?;
    strategy.searches().then(|| {
        format!(
            "the {strategy} jury searches the whole game, and {too_large:?} is past its search: play it with the greedy or random jury"
        )
    })
}

/// Plays the dialogue of `starts` (one game each) against `contestant`, the jury moving by
/// `strategy`; every line is checked and written to the transcript. The contestant has `limit`
/// in all: a program's CPU time (its process group's), read while the jury waits for it, with
/// [`WALL_FACTOR`] times the limit of waiting by the clock as a backstop (the time it is seen
/// computing, running or waiting for a core, not counted), so that the verdict does not change
/// with the machine's load; an in-process solution's time is the time the jury
/// waits for it (to take a line, answer, end), never the jury's own.
/// [`Referee`](super::Referee) calls it for each strategy; testkit's own tests (the Nim toy
/// in `interactive/tests.rs`) show it on planted contestants.
///
/// # Panics
/// If the jury cannot play `strategy` from the starts ([`refusal`]): the callers ask first.
pub fn play<P: Protocol>(
    protocol: &P,
    oracle: &mut Oracle<P>,
    starts: &[P::Position],
    strategy: Strategy,
    contestant: &mut dyn Contestant,
    limit: Duration,
) -> PlayedDialogue {
    if let Some(why) = refusal(protocol, starts, strategy) {
        panic!("{why}");
    }
    let seed = match strategy {
        Strategy::Random(seed) | Strategy::Greedy(seed) => seed,
        _ => 0,
    };
    let mut rng = Rng::new(seed);
    let measured = contestant.cpu_time().is_some();
    let wall_limit = if measured { limit * WALL_FACTOR } else { limit };
    let mut jury = Jury {
        protocol,
        oracle,
        contestant,
        used: Duration::ZERO,
        limit,
        wall_limit,
        measured,
        cpu: Duration::ZERO,
        read_at: Instant::now(),
        transcript: format!("# jury strategy: {strategy}; starts: {starts:?}\n"),
        game: 0,
    };
    let verdict = (|| {
        for line in protocol.greeting(starts) {
            jury.say(&line)?;
        }
        for (i, start) in starts.iter().enumerate() {
            jury.game(i + 1, start, strategy, &mut rng)?;
        }
        let ended = jury.finish();
        jury.check_cpu("at its end", true)?;
        match ended {
            (Some(extra), _) => Err(Verdict::WrongAnswer(format!(
                "output after the dialogue ended: `{}`",
                shown(&extra, QUOTED)
            ))),
            (None, Ending::Success) => Ok(()),
            (None, Ending::Failed(how)) => Err(Verdict::RuntimeError(how)),
            (None, Ending::Late) => Err(Verdict::TimeLimit(format!(
                "still running after {}",
                jury.ran_out()
            ))),
        }
    })();
    let verdict = match verdict {
        Ok(()) => Verdict::Accepted,
        Err(verdict) => verdict,
    };
    jury.note(&verdict.to_string());
    let elapsed = if jury.measured { jury.cpu } else { jury.used };
    PlayedDialogue {
        verdict,
        transcript: jury.transcript,
        elapsed,
    }
}
