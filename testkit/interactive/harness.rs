//! The referee: a problem's interactive tests, each dialogue played with every strategy
//! against its `solve` in-process, and its testcases (played cases and scripted dialogues).

use super::contestant::{Contestant, InProcess, SolveFn};
use super::oracle::{Oracle, Strategy};
use super::referee::{play, PlayedDialogue, Verdict};
use super::{Protocol, Sides};
use crate::Rng;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long one dialogue may take in-process before the jury calls it a hang.
pub const IN_PROCESS_LIMIT: Duration = Duration::from_secs(10);

/// A dialogue the solution failed: its seed, its starts, and the judged dialogue.
#[derive(Clone, Debug)]
pub struct GameFailure<S> {
    /// The seed that drew the starts and the random strategy's moves.
    pub seed: u64,
    /// The starts of the dialogue's games.
    pub starts: Vec<S>,
    /// The failed dialogue: verdict and transcript.
    pub dialogue: PlayedDialogue,
}

impl<S> GameFailure<S> {
    /// The verdict and the transcript, for a report.
    pub fn report(&self) -> String {
        format!(
            "{}\ntranscript:\n{}",
            self.dialogue.verdict, self.dialogue.transcript
        )
    }
}

/// A played case: the starts of a case file, and the random strategy's seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedCase<S> {
    /// The starts, one game each.
    pub starts: Vec<S>,
    /// The random strategy's seed (`seed N` in the `.out`, else 0).
    pub seed: u64,
}

/// The interactive tests of one problem: its protocol, its solution, the jury's memo.
pub struct Referee<P: Protocol> {
    pub(crate) name: String,
    pub(crate) testcases: PathBuf,
    pub(crate) solve: SolveFn,
    pub(crate) protocol: P,
    pub(crate) oracle: Oracle<P>,
}

/// The three strategies every dialogue is played with, the random one from `seed`.
pub fn strategies(seed: u64) -> [Strategy; 3] {
    [
        Strategy::Perfect,
        Strategy::Adversarial,
        Strategy::Random(seed),
    ]
}

/// The strategies a dialogue of `starts` is played with: [`strategies`] when the jury can search
/// every start, else the greedy and the random jury (from `seed`), which play any size.
pub fn strategies_for<P: Protocol>(
    protocol: &P,
    starts: &[P::Position],
    seed: u64,
) -> Vec<Strategy> {
    if starts.iter().all(|s| protocol.searchable(s)) {
        strategies(seed).to_vec()
    } else {
        vec![Strategy::Greedy(seed), Strategy::Random(seed)]
    }
}

/// Whether a testcase is a scripted dialogue (a sample from the statement): its name starts
/// with `sample`.
pub fn is_scripted(input: &Path) -> bool {
    input
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("sample"))
}

impl<P: Protocol> Referee<P> {
    /// The referee of problem `name`, whose crate lies at `manifest_dir` (testcases in
    /// `manifest_dir/../testcases/name`).
    pub fn new(name: &str, manifest_dir: &str, solve: SolveFn) -> Self {
        Referee {
            name: name.to_string(),
            testcases: Path::new(manifest_dir)
                .parent()
                .unwrap_or_else(|| Path::new(".."))
                .join("testcases")
                .join(name),
            solve,
            protocol: P::default(),
            oracle: Oracle::default(),
        }
    }

    /// The starts drawn from `seed` at `size`: 1 to `MAX_GAMES` games.
    pub fn generate(&self, seed: u64, size: u64) -> Vec<P::Position> {
        let mut rng = Rng::new(seed);
        let games = 1 + rng.below(P::MAX_GAMES.max(1) as u64) as usize;
        (0..games)
            .map(|_| P::start(&mut rng, size.max(1)))
            .collect()
    }

    /// Plays `starts` with `strategy` against a fresh contestant from `start`.
    pub fn play_with(
        &mut self,
        starts: &[P::Position],
        strategy: Strategy,
        contestant: &mut dyn Contestant,
        limit: Duration,
    ) -> PlayedDialogue {
        play(
            &self.protocol,
            &mut self.oracle,
            starts,
            strategy,
            contestant,
            limit,
        )
    }

    /// Plays `starts` with every strategy against the solution in-process; the first failed
    /// dialogue.
    pub fn replay(
        &mut self,
        seed: u64,
        starts: &[P::Position],
    ) -> Option<GameFailure<P::Position>> {
        for strategy in strategies_for(&self.protocol, starts, seed) {
            let mut contestant = InProcess::start(self.solve);
            let dialogue = self.play_with(starts, strategy, &mut contestant, IN_PROCESS_LIMIT);
            if dialogue.verdict != Verdict::Accepted {
                return Some(GameFailure {
                    seed,
                    starts: starts.to_vec(),
                    dialogue,
                });
            }
        }
        None
    }

    /// The first failed dialogue among those drawn from seeds `first..first + count`.
    pub fn find_failure(
        &mut self,
        first: u64,
        count: u64,
        size: u64,
    ) -> Option<GameFailure<P::Position>> {
        (first..first.saturating_add(count)).find_map(|seed| {
            let starts = self.generate(seed, size);
            self.replay(seed, &starts)
        })
    }

    /// Unit test: `P::DIALOGUES` seeded dialogues, each with every strategy, all accepted.
    ///
    /// # Panics
    /// On the first failed dialogue, shrunk, with its verdict and transcript.
    pub fn agree(&mut self) {
        if let Some(failure) = self.find_failure(0, P::DIALOGUES, P::SIZE) {
            let small = self.shrink(failure, P::SIZE);
            panic!(
                "{}: seed {}: the jury caught the solution\n{}",
                self.name,
                small.seed,
                small.report()
            );
        }
    }

    /// The side that wins each game with perfect play, as a case's `.out` names it (`?` where
    /// the jury cannot search the start and the protocol does not know).
    pub fn winners(&mut self, starts: &[P::Position]) -> Vec<&'static str> {
        let (first, second) = match P::SIDES {
            Sides::Choose { first, second } => (first, second),
            _ => ("First", "Second"),
        };
        starts
            .iter()
            .map(|s| {
                let known = if self.protocol.searchable(s) {
                    Some(self.oracle.facts(&self.protocol, s).mover_wins)
                } else {
                    self.protocol.mover_wins(s)
                };
                match known {
                    Some(true) => first,
                    Some(false) => second,
                    None => "?",
                }
            })
            .collect()
    }

    /// The `.out` of a played case: the winner of each game, then `seed N`.
    pub fn answer(&mut self, starts: &[P::Position], seed: u64) -> String {
        let mut text: String = self
            .winners(starts)
            .iter()
            .map(|w| format!("{w}\n"))
            .collect();
        text += &format!("seed {seed}\n");
        text
    }

    /// Reads a played case: its starts from the `.in`, the random seed from the `.out` (if
    /// any), whose winners must agree with the jury's own search.
    ///
    /// # Errors
    /// A case file the protocol refuses, or an `.out` that disagrees with the search.
    pub fn read_case(&mut self, input: &Path) -> Result<PlayedCase<P::Position>, String> {
        let text =
            std::fs::read_to_string(input).map_err(|e| format!("{}: {e}", input.display()))?;
        let starts = P::read_input(&text).map_err(|e| format!("{}: {e}", input.display()))?;
        if starts.is_empty() {
            return Err(format!("{}: no game in the case", input.display()));
        }
        let mut seed = 0;
        if let Ok(answer) = std::fs::read_to_string(input.with_extension("out")) {
            let mut winners = Vec::new();
            for line in answer.lines().map(str::trim).filter(|l| !l.is_empty()) {
                match line.strip_prefix("seed ") {
                    Some(number) => {
                        seed = number.trim().parse().map_err(|_| {
                            format!(
                                "{}: bad seed line `{line}`",
                                input.with_extension("out").display()
                            )
                        })?
                    }
                    None => winners.push(line.to_string()),
                }
            }
            let found = self.winners(&starts);
            let agree = winners.len() == found.len()
                && winners.iter().zip(&found).all(|(w, f)| *f == "?" || w == f);
            if !winners.is_empty() && !agree {
                return Err(format!(
                    "{}: says {:?} win, the jury's search says {:?}",
                    input.with_extension("out").display(),
                    winners,
                    found
                ));
            }
        }
        Ok(PlayedCase { starts, seed })
    }

    /// The testcases' inputs, sorted.
    pub fn inputs(&self) -> Vec<PathBuf> {
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(&self.testcases)
            .unwrap_or_else(|e| panic!("{}: {}", self.testcases.display(), e))
            .filter_map(|entry| Some(entry.ok()?.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
            .collect();
        inputs.sort();
        inputs
    }

    /// A scripted dialogue in-process: the solution given the sample's jury lines (the `.in`)
    /// writes the sample's lines (the `.out`); `Err` with the first difference.
    pub fn scripted(&self, input: &Path) -> Result<(), String> {
        let jury = std::fs::read(input).map_err(|e| format!("{}: {e}", input.display()))?;
        let expected = std::fs::read_to_string(input.with_extension("out"))
            .map_err(|e| format!("{}: {e}", input.with_extension("out").display()))?;
        let (got, ended) = run_scripted(self.solve, &jury);
        super::judge_script(&expected, &got, ended)
    }

    /// Unit test: every testcase: a played case with every strategy, a scripted dialogue
    /// against its sample.
    ///
    /// # Panics
    /// On a missing folder, a bad case file, or a failed dialogue (with its transcript).
    pub fn testcases(&mut self) {
        for input in self.inputs() {
            if is_scripted(&input) {
                if let Err(e) = self.scripted(&input) {
                    panic!("{}: {}", input.display(), e);
                }
                continue;
            }
            let case = self.read_case(&input).unwrap_or_else(|e| panic!("{e}"));
            if let Some(failure) = self.replay(case.seed, &case.starts) {
                panic!("{}: {}", input.display(), failure.report());
            }
        }
    }
}

/// The solution on a scripted jury: every line at once on a channel; its output, and how it
/// ended (`Err` in one line).
fn run_scripted(solve: SolveFn, jury: &[u8]) -> (String, Result<(), String>) {
    let mut contestant = InProcess::start(solve);
    let deadline = std::time::Instant::now() + IN_PROCESS_LIMIT;
    for line in String::from_utf8_lossy(jury).lines() {
        if contestant.send(line, deadline) != super::Sent::Taken {
            break;
        }
    }
    contestant.close();
    let mut got = String::new();
    let late = format!("no end within {IN_PROCESS_LIMIT:?}");
    loop {
        match contestant.receive(deadline) {
            super::Reply::Line(line) => {
                got += &line;
                got.push('\n');
            }
            super::Reply::TooLong(start) => {
                let over = format!(
                    "a line over {} bytes: `{start}...`",
                    super::contestant::MAX_LINE
                );
                return (got, Err(over));
            }
            super::Reply::Closed => break,
            super::Reply::Late => return (got, Err(late)),
        }
    }
    let ended = match contestant.finish(deadline).1 {
        super::Ending::Success => Ok(()),
        super::Ending::Failed(how) => Err(how),
        super::Ending::Late => Err(late),
    };
    (got, ended)
}
