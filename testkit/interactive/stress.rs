//! The interactive stress loop and shrinker, and the two entry points the tools reach through
//! a problem's test binary: `stress` (the `stress` tool) and `interactor` (the runner).

use super::contestant::Process;
use super::harness::{GameFailure, Referee};
use super::oracle::Strategy;
use super::referee::{refusal, Verdict};
use super::Protocol;
use crate::{Rng, StressLimit, StressSettings};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Starts drawn per smaller size before the shrinker tries the next size.
const ATTEMPTS_PER_SIZE: u64 = 40;

impl<P: Protocol> Referee<P> {
    /// A smaller failure, every step re-played to still fail: fewer games; then starts drawn at
    /// smaller sizes (the smallest that fails); then each start cut by `Protocol::smaller`
    /// while the dialogue still fails.
    pub fn shrink(
        &mut self,
        failure: GameFailure<P::Position>,
        size: u64,
    ) -> GameFailure<P::Position> {
        let seed = failure.seed;
        let mut best = self.fewer_games(failure);
        let mut rng = Rng::new(seed ^ 0x5eed);
        'sizes: for smaller in 1..size {
            for _ in 0..ATTEMPTS_PER_SIZE {
                let starts: Vec<P::Position> = (0..best.starts.len())
                    .map(|_| P::start(&mut rng, smaller))
                    .collect();
                if let Some(found) = self.replay(seed, &starts) {
                    best = self.fewer_games(found);
                    break 'sizes;
                }
            }
        }
        loop {
            let mut improved = false;
            for i in 0..best.starts.len() {
                for cut in P::smaller(&best.starts[i]) {
                    let mut starts = best.starts.clone();
                    starts[i] = cut;
                    if let Some(found) = self.replay(seed, &starts) {
                        best = found;
                        improved = true;
                        break;
                    }
                }
            }
            if !improved {
                return self.fewer_games(best);
            }
        }
    }

    /// The failure with games dropped one at a time while it still fails.
    fn fewer_games(&mut self, mut best: GameFailure<P::Position>) -> GameFailure<P::Position> {
        let mut i = 0;
        while best.starts.len() > 1 && i < best.starts.len() {
            let mut starts = best.starts.clone();
            starts.remove(i);
            match self.replay(best.seed, &starts) {
                Some(found) => best = found,
                None => i += 1,
            }
        }
        best
    }

    /// Saves a failure as the played case `testcases/NAME/stress-SEED.in` (the starts) with
    /// its `.out` (the winners and the random strategy's seed).
    pub fn save(&mut self, failure: &GameFailure<P::Position>) -> Result<PathBuf, String> {
        let stem = self.testcases.join(format!("stress-{}", failure.seed));
        let answer = self.answer(&failure.starts, failure.seed);
        std::fs::create_dir_all(&self.testcases)
            .and_then(|_| std::fs::write(stem.with_extension("in"), P::input(&failure.starts)))
            .and_then(|_| std::fs::write(stem.with_extension("out"), answer))
            .map(|_| stem.with_extension("in"))
            .map_err(|e| e.to_string())
    }

    /// The stress loop: dialogues from seeds `seed..` at `size`, each with every strategy,
    /// until `limit`; the first failure shrunk and saved. The report, and whether it failed.
    pub fn stress(&mut self, settings: StressSettings) -> (String, bool) {
        let start = Instant::now();
        let mut progress = crate::bound::Progress::on_stderr();
        let mut count = 0u64;
        let mut dialogues = 0u64;
        loop {
            let done = match settings.limit {
                StressLimit::Inputs(n) => count >= n,
                StressLimit::Seconds(s) => start.elapsed().as_secs_f64() >= s,
            };
            if done {
                progress.finish();
                let text = format!(
                    "{count} starts won against every strategy ({dialogues} dialogues, seed {})\n",
                    settings.seed
                );
                return (text, false);
            }
            let seed = settings.seed.wrapping_add(count);
            let size = crate::stress::input_size(seed, settings.least_size, settings.size);
            let starts = self.generate(seed, size);
            dialogues += super::strategies_for(&self.protocol, &starts, seed).len() as u64;
            if let Some(failure) = self.replay(seed, &starts) {
                progress.finish();
                let small = self.shrink(failure, size);
                let saved = match self.save(&small) {
                    Ok(path) => format!("saved as {}\n", path.display()),
                    Err(e) => format!("could not save the case: {e}\n"),
                };
                let text = format!(
                    "{}: seed {}: the jury caught the solution; shrunk to this input:\n{}{}{}",
                    self.name,
                    small.seed,
                    P::input(&small.starts),
                    small.report(),
                    saved
                );
                return (text, true);
            }
            count += 1;
            let elapsed = start.elapsed();
            progress.update(elapsed, || {
                format!(
                    "{}: {} starts won, {:.0} starts/s ({} dialogues)",
                    self.name,
                    count,
                    count as f64 / elapsed.as_secs_f64(),
                    dialogues
                )
            });
        }
    }

    /// The ignored `stress` test: [`StressSettings`] from the environment (as the `stress`
    /// tool sets them), the report on standard output and in `STRESS_REPORT`; exit status 1 on
    /// a failure, 2 with one line `error: ...` on a bad setting.
    pub fn stress_from_env(&mut self) {
        let name = self.name.clone();
        let bound = (P::MAX_SIZE, "its Protocol::MAX_SIZE");
        crate::stress::stress_with_env_settings(&name, P::SIZE, bound, |settings| {
            self.stress(settings)
        })
    }

    /// Plays `starts` against a program with each of `strategies`, each dialogue a fresh run
    /// (`start` starts it) within `limit`: the first failed dialogue's verdict and transcript,
    /// or `Accepted`, the last transcript and the longest dialogue's time.
    pub fn play_program(
        &mut self,
        starts: &[P::Position],
        strategies: &[Strategy],
        start: &dyn Fn() -> Result<Process, String>,
        limit: Duration,
    ) -> (Verdict, Option<String>, Duration) {
        let mut longest = Duration::ZERO;
        let mut last = None;
        for &strategy in strategies {
            let mut contestant = match start() {
                Ok(contestant) => contestant,
                Err(e) => return (Verdict::RuntimeError(e), None, Duration::ZERO),
            };
            let dialogue = self.play_with(starts, strategy, &mut contestant, limit);
            longest = longest.max(dialogue.elapsed);
            if dialogue.verdict != Verdict::Accepted {
                return (
                    dialogue.verdict,
                    Some(dialogue.transcript),
                    dialogue.elapsed,
                );
            }
            last = Some(dialogue.transcript);
        }
        (Verdict::Accepted, last, longest)
    }

    /// The ignored `interactor` test, run by the runner and by `play`. From the environment:
    /// the program (`INTERACT_PROGRAM`, a path, or `INTERACT_COMMAND`, run by `sh -c`); the
    /// starts (`INTERACT_CASE`, a case file, or drawn from `INTERACT_SEED` at `INTERACT_SIZE`,
    /// default the protocol's `SIZE`); the jury (`INTERACT_STRATEGY`: `perfect`,
    /// `adversarial`, `random` or `greedy`, or `auto`: the first the starts allow; unset:
    /// every strategy the starts allow, as
    /// [`strategies_for`](super::strategies_for) says, with the case's seed or
    /// `INTERACT_SEED`); each dialogue within `INTERACT_LIMIT` seconds. It writes one line
    /// `TAG MILLISECONDS REASON` to `INTERACT_REPORT` and the transcript to
    /// `INTERACT_TRANSCRIPT` when a dialogue failed or one strategy was asked for. Exit status
    /// 2 with one line `error: ...` on a missing or bad setting, or a searching strategy asked
    /// for a start past the search.
    pub fn interactor_from_env(&mut self) {
        let report = need("INTERACT_REPORT");
        let limit = need("INTERACT_LIMIT")
            .parse::<f64>()
            .ok()
            .filter(|s| *s > 0.0 && *s <= 1e6)
            .unwrap_or_else(|| fail("INTERACT_LIMIT must be a positive number of seconds"));
        let seed = number("INTERACT_SEED");
        let write_report = |verdict: &Verdict, elapsed: Duration| {
            let line = format!(
                "{} {} {}\n",
                verdict.tag(),
                elapsed.as_millis(),
                verdict.reason().replace('\n', " ")
            );
            if let Err(e) = std::fs::write(&report, line) {
                fail(&format!("cannot write {report}: {e}"));
            }
        };
        let (starts, case_seed) = match self.starts_from_env(seed) {
            Ok(starts) => starts,
            Err(e) => {
                return write_report(
                    &Verdict::WrongAnswer(format!("bad case: {e}")),
                    Duration::ZERO,
                )
            }
        };
        let seed = seed.unwrap_or(case_seed);
        let chosen = var("INTERACT_STRATEGY");
        let allowed = super::strategies_for(&self.protocol, &starts, seed);
        let strategies = match chosen.as_deref() {
            // The first the starts allow: perfect where the jury searches, else greedy.
            Some("auto") => allowed[..1].to_vec(),
            Some(name) => vec![Strategy::named(name, seed).unwrap_or_else(|e| fail(&e))],
            None => allowed,
        };
        for &strategy in &strategies {
            if let Some(why) = refusal(&self.protocol, &starts, strategy) {
                fail(&why);
            }
        }
        let (program, command) = (var("INTERACT_PROGRAM"), var("INTERACT_COMMAND"));
        let start = || match (&program, &command) {
            (_, Some(command)) => {
                let mut shell = Command::new("sh");
                shell.args(["-c", command]);
                Process::start_command(shell, command)
            }
            (Some(program), None) => Process::start(Path::new(program)),
            (None, None) => fail("INTERACT_PROGRAM or INTERACT_COMMAND must be set"),
        };
        // A contestant's child that left its process group is re-parented here and ended.
        super::contestant::reap_orphans();
        let (verdict, dialogue, elapsed) =
            self.play_program(&starts, &strategies, &start, Duration::from_secs_f64(limit));
        super::contestant::end_orphans();
        let failed = verdict != Verdict::Accepted;
        if let (Some(text), Some(path)) = (dialogue, var("INTERACT_TRANSCRIPT")) {
            if failed || chosen.is_some() {
                let _ = std::fs::write(path, text);
            }
        }
        write_report(&verdict, elapsed);
    }

    /// The `interactor` test's starts and the seed they came with: those of the case file
    /// `INTERACT_CASE` (its error when it does not read), else drawn from `seed` (or 0) at
    /// `INTERACT_SIZE` (the protocol's `SIZE` when unset) with seed 0.
    fn starts_from_env(&mut self, seed: Option<u64>) -> Result<(Vec<P::Position>, u64), String> {
        if let Some(case) = var("INTERACT_CASE") {
            let case = self.read_case(Path::new(&case))?;
            return Ok((case.starts, case.seed));
        }
        let size = number("INTERACT_SIZE").unwrap_or(P::SIZE);
        if !(1..=P::MAX_SIZE).contains(&size) {
            fail(&format!(
                "the size must be from 1 to {} for {}, not {size}",
                P::MAX_SIZE,
                self.name
            ));
        }
        Ok((self.generate(seed.unwrap_or(0), size), 0))
    }
}

/// Ends the `interactor` test on a missing or bad setting: one line `error: MESSAGE`, exit
/// status 2.
fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2)
}

/// The environment variable `key`, where it is set and not empty.
fn var(key: &str) -> Option<String> {
    std::env::var(key).ok().filter(|v| !v.is_empty())
}

/// The environment variable `key`, which the runner sets; [`fail`] without it.
fn need(key: &str) -> String {
    var(key).unwrap_or_else(|| fail(&format!("{key} is not set (the runner sets it)")))
}

/// The environment variable `key` as a whole number, where it is set; [`fail`] if it is not one.
fn number(key: &str) -> Option<u64> {
    var(key).map(|v| {
        v.parse::<u64>()
            .unwrap_or_else(|_| fail(&format!("{key} must be a whole number, not `{v}`")))
    })
}
