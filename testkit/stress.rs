//! The stress loop: seeded random inputs until a count or a time, the first disagreement
//! shrunk and saved as a testcase. The protocol between the `stress` tool and the ignored
//! `stress` test it runs is beside, in `environment`: the tool writes a [`StressRequest`] into
//! the environment ([`StressRequest::environment`], the variables `STRESS_*`), the test reads it
//! back as [`StressSettings`] and writes its report to the file `STRESS_REPORT`.

mod environment;

pub(crate) use environment::stress_with_env_settings;
pub use environment::{
    StressRequest, StressSettings, MAX_SECONDS, STRESS_ITERS, STRESS_REPORT, STRESS_SECONDS,
    STRESS_SEED, STRESS_SIZE, STRESS_TERMINAL,
};

use crate::bound::{self, Phase, Progress};
use crate::reference::{Last, Programs, STRESS_MAX, STRESS_PROGRAMS};
use crate::{Failure, Harness, Problem, Rng};
use std::path::PathBuf;
use std::time::Instant;

/// The largest generator size any problem accepts (`Problem::MAX_SIZE` may lower it).
pub const MAX_SIZE: u64 = 1_000_000;

/// The size of the input from seed `seed` when sizes range over `least..=most`: `most` when
/// they are one size, else drawn by the seed, its logarithm uniform, so that a range
/// `10..=100000` tries small, middling and large inputs alike and a seed replays its size.
///
/// ```
/// use testkit::stress_input_size as size;
/// assert_eq!(size(7, 50, 50), 50);
/// let drawn: Vec<u64> = (0..1000).map(|seed| size(seed, 10, 100_000)).collect();
/// assert!(drawn.iter().all(|s| (10..=100_000).contains(s)));
/// assert!(drawn.iter().any(|&s| s < 100) && drawn.iter().any(|&s| s > 10_000));
/// assert_eq!(size(3, 10, 100_000), size(3, 10, 100_000));
/// ```
pub fn input_size(seed: u64, least: u64, most: u64) -> u64 {
    if least >= most {
        return most;
    }
    let mut rng = Rng::new(seed ^ 0x005E_ED0F_512E);
    let (lo, hi) = ((least as f64).ln(), ((most + 1) as f64).ln());
    let unit = rng.next_u64() as f64 / (u64::MAX as f64 + 1.0);
    ((lo + unit * (hi - lo)).exp() as u64).clamp(least, most)
}

/// How long [`Harness::stress`] runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StressLimit {
    /// This many inputs.
    Inputs(u64),
    /// This many seconds.
    Seconds(f64),
}

/// What [`Harness::stress`] found.
#[derive(Debug)]
pub enum StressOutcome<C> {
    /// Every input agreed.
    Agree {
        /// How many inputs were compared.
        inputs: u64,
    },
    /// A shrunk counterexample, and where it was saved.
    Disagree {
        /// The disagreement, shrunk unless `shrunk` is false.
        failure: Failure<C>,
        /// Whether it was shrunk (not a judge-size input, nor our program stopped as slow).
        shrunk: bool,
        /// The saved `.in` file, or why saving failed.
        saved: Result<PathBuf, String>,
    },
    /// The run stopped before its limit: the reference program gave no answer on an input, or
    /// the `stress` tool could not be reached.
    Stopped {
        /// How many inputs agreed before.
        inputs: u64,
        /// Why, in one line.
        why: String,
    },
}

impl<P: Problem> Harness<P> {
    /// The stress loop: inputs from seeds `seed..` at `size` until `limit` is reached,
    /// progress on standard error; the first disagreement is shrunk and saved as
    /// `testcases/NAME/stress-SEED.in` and `.out` (the brute force's answer). Input `k` comes
    /// from seed `seed + k`, so a run is replayed by its seed.
    ///
    /// Against a reference program (the `stress` tool's `--reference`), the saved files are
    /// `reference-SEED` with the reference's answer; with [`Problem::max_cases`] inputs
    /// (`--max`) they are `reference-max-SEED`, not shrunk (a judge-size input is about time
    /// and memory), and not saved beyond [`MAX_SAVED_BYTES`].
    pub fn stress(&mut self, seed: u64, size: u64, limit: StressLimit) -> StressOutcome<P::Case> {
        self.stress_sizes(seed, size, size, limit)
    }

    /// [`Harness::stress`] with each input's size drawn from `least..=size` by its seed
    /// ([`input_size`]), so that one run tries a mix of sizes and a seed replays its input.
    pub fn stress_sizes(
        &mut self,
        seed: u64,
        least: u64,
        size: u64,
        limit: StressLimit,
    ) -> StressOutcome<P::Case> {
        let start = Instant::now();
        let mut progress = Progress::on_stderr();
        let mut count = 0u64;
        loop {
            let done = match limit {
                StressLimit::Inputs(n) => count >= n,
                StressLimit::Seconds(s) => start.elapsed().as_secs_f64() >= s,
            };
            if done {
                progress.finish();
                return StressOutcome::Agree { inputs: count };
            }
            let current = seed.wrapping_add(count);
            bound::record(Phase::Searching {
                agreed: count,
                first_seed: seed,
                seed: current,
                since: Instant::now(),
            });
            let size = input_size(current, least, size);
            let cases = if self.max {
                P::max_cases(&mut Rng::new(current))
            } else {
                self.generate(current, size)
            };
            let found = self.check(current, &cases);
            if self
                .programs
                .as_ref()
                .is_some_and(|p| p.last == Last::TimeUp)
            {
                progress.finish();
                if count == 0 {
                    // No input compared in all the time: the run proved nothing.
                    return StressOutcome::Stopped {
                        inputs: 0,
                        why: format!(
                            "seed {current}: the time was up before the two programs answered one input"
                        ),
                    };
                }
                return StressOutcome::Agree { inputs: count };
            }
            if let Some(why) = self.stopped() {
                progress.finish();
                return StressOutcome::Stopped {
                    inputs: count,
                    why: format!("seed {current}: {why}"),
                };
            }
            if let Some(failure) = found {
                progress.finish();
                return self.disagreement(current, failure, size);
            }
            count += 1;
            progress.update(start.elapsed(), || {
                let rate = count as f64 / start.elapsed().as_secs_f64();
                format!(
                    "{}: {} inputs agree, {:.0} inputs/s",
                    self.name, count, rate
                )
            });
        }
    }

    /// The outcome of the disagreement `failure` on the input from seed `seed` (of size
    /// `size`): saved, then shrunk and saved again, unless it is a judge-size input or our
    /// program was the slow one (then it stays as found).
    fn disagreement(
        &mut self,
        seed: u64,
        failure: Failure<P::Case>,
        size: u64,
    ) -> StressOutcome<P::Case> {
        let saved = self.save(seed, &failure);
        let ours_slow = self
            .programs
            .as_ref()
            .is_some_and(|p| p.last == Last::OursSlow);
        if self.max || ours_slow {
            return StressOutcome::Disagree {
                failure,
                shrunk: false,
                saved,
            };
        }
        bound::record(Phase::Shrinking {
            seed,
            oracle: self.oracle(),
            reason: failure.reason.clone(),
            saved: saved_line(&saved),
        });
        let small = self.shrink(failure, size);
        let saved = self.save(seed, &small);
        StressOutcome::Disagree {
            failure: small,
            shrunk: true,
            saved,
        }
    }

    /// What gives the right answers: `brute force`, or `reference` (a program).
    fn oracle(&self) -> &'static str {
        if self.programs.is_some() {
            "reference"
        } else {
            "brute force"
        }
    }

    /// Why the run must stop, if it must: the tool is gone, or the reference gave no answer on
    /// an input of the run (a reference that cannot answer the generator's inputs is no
    /// reference for them; during shrinking such a candidate is merely skipped).
    fn stopped(&self) -> Option<String> {
        match &self.programs.as_ref()?.last {
            Last::Lost(why) => Some(why.clone()),
            Last::NoReference(why) => Some(format!("the reference gave no answer: {why}")),
            Last::Compared | Last::OursSlow | Last::TimeUp => None,
        }
    }

    /// Saves a counterexample as `testcases/NAME/STEM-SEED.in` and `.out`: `stress-` against
    /// the brute force, `reference-` or `reference-max-` against a reference.
    fn save(&self, seed: u64, failure: &Failure<P::Case>) -> Result<PathBuf, String> {
        let kind = match (self.programs.is_some(), self.max) {
            (false, _) => "stress",
            (true, false) => "reference",
            (true, true) => "reference-max",
        };
        if failure.input.len() > MAX_SAVED_BYTES {
            // Not a testcase, but kept where it can be read whole.
            let kept = std::env::temp_dir().join(format!("{}-{kind}-{seed}", self.name));
            let kept = std::fs::write(kept.with_extension("in"), &failure.input)
                .and_then(|_| std::fs::write(kept.with_extension("out"), &failure.expected))
                .map(|_| format!("kept as {}", kept.with_extension("in").display()))
                .unwrap_or_else(|e| format!("not kept: {e}"));
            return Err(format!(
                "the input has {} bytes, more than a testcase should ({MAX_SAVED_BYTES}); {kept}, or replay it with its seed",
                failure.input.len()
            ));
        }
        let stem = self.testcases.join(format!("{kind}-{seed}"));
        std::fs::create_dir_all(&self.testcases)
            .and_then(|_| std::fs::write(stem.with_extension("in"), &failure.input))
            .and_then(|_| std::fs::write(stem.with_extension("out"), &failure.expected))
            .map(|_| stem.with_extension("in"))
            .map_err(|e| e.to_string())
    }

    /// The stress run and its report (and whether it found a disagreement, or stopped on a
    /// reference that gave no answer).
    pub fn stress_report(&mut self, settings: StressSettings) -> (String, bool) {
        let (seed, least, size) = (settings.seed, settings.least_size, settings.size);
        match self.stress_sizes(seed, least, size, settings.limit) {
            StressOutcome::Agree { inputs } => (
                format!("{inputs} inputs agree (seed {})\n", settings.seed),
                false,
            ),
            StressOutcome::Stopped { inputs, why } => {
                let report = format!(
                    "{inputs} inputs agree (seed {}); stopped: {why}\n",
                    settings.seed
                );
                (report, true)
            }
            StressOutcome::Disagree {
                failure,
                shrunk,
                saved,
            } => {
                let shrunk = if shrunk { "shrunk below" } else { "not shrunk" };
                let report = format!(
                    "{}: seed {} disagrees with the {} ({})\n{}{}\n",
                    self.name,
                    failure.seed,
                    self.oracle(),
                    shrunk,
                    failure.report_against(self.oracle()),
                    saved_line(&saved)
                );
                (report, true)
            }
        }
    }

    /// The ignored `stress` test: reads its [`StressSettings`] from the environment and writes
    /// its report to standard output and to the file `STRESS_REPORT` if set. Exits the process
    /// with status 1 on a disagreement, and with status 2 and a one-line `error: ...` (on
    /// standard error and in the report) on a bad setting. With `STRESS_PROGRAMS` set, the
    /// programs are the `stress` tool's (see [`crate::reference`]); with `STRESS_MAX=1`, the
    /// inputs are [`Problem::max_cases`].
    pub fn stress_from_env(&mut self) {
        let name = self.name.clone();
        if let Ok(socket) = std::env::var(STRESS_PROGRAMS) {
            match Programs::connect(&socket) {
                Ok(programs) => {
                    self.programs = Some(programs);
                    crate::bound::AGAINST_REFERENCE
                        .store(true, std::sync::atomic::Ordering::SeqCst);
                }
                Err(e) => {
                    eprintln!("error: {name}: {e}");
                    std::process::exit(2);
                }
            }
        }
        self.max = std::env::var(STRESS_MAX).is_ok_and(|v| v == "1");
        let bound = size_bound::<P>(self.programs.is_some());
        stress_with_env_settings(&name, P::SIZE, bound, |settings| {
            self.stress_report(settings)
        })
    }
}

/// The largest size a stress run of `P` takes, and its name for a refusal: against a reference
/// program the brute force is not run, so the sizes go up to what the generator can draw
/// within the problem's limits ([`Problem::MAX_GENERATED_SIZE`]); else the brute force's
/// [`Problem::MAX_SIZE`].
fn size_bound<P: Problem>(reference: bool) -> (u64, &'static str) {
    match reference {
        true => (P::MAX_GENERATED_SIZE, "its Problem::MAX_GENERATED_SIZE"),
        false => (P::MAX_SIZE, "its Problem::MAX_SIZE"),
    }
}

/// The largest counterexample saved as a testcase, in bytes (a judge-size input is replayed
/// by its seed instead).
pub const MAX_SAVED_BYTES: usize = 2 << 20;

/// `saved as PATH`, or why saving failed.
fn saved_line(saved: &Result<PathBuf, String>) -> String {
    match saved {
        Ok(path) => format!("saved as {}", path.display()),
        Err(e) => format!("not saved: {e}"),
    }
}

#[cfg(test)]
mod tests;
