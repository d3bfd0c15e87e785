//! The stress loop: seeded random inputs until a count or a time, the first disagreement
//! shrunk and saved as a testcase; and the protocol between the `stress` tool and the ignored
//! `stress` test it runs, defined here once: the tool writes a [`StressRequest`] into the
//! environment ([`StressRequest::environment`], the variables `STRESS_*` below), the test reads
//! it back as [`StressSettings`] and writes its report to the file `STRESS_REPORT`.

use crate::bound::{self, Phase, Progress};
use crate::reference::{Last, Programs, STRESS_MAX, STRESS_PROGRAMS};
use crate::{Failure, Harness, Problem, Rng};
use std::io::Write;
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

/// The longest run in seconds a stress test accepts.
pub const MAX_SECONDS: f64 = 1e9;

/// The environment variable holding how many inputs to try.
pub const STRESS_ITERS: &str = "STRESS_ITERS";
/// The environment variable holding how many seconds to run (when no count is given).
pub const STRESS_SECONDS: &str = "STRESS_SECONDS";
/// The environment variable holding the first seed.
pub const STRESS_SEED: &str = "STRESS_SEED";
/// The environment variable holding the generator's size.
pub const STRESS_SIZE: &str = "STRESS_SIZE";
/// The environment variable saying whether the `stress` tool's standard error, to which the
/// test's is passed through, is a terminal (`1`) or not (`0`): progress lines are rewritten in
/// place on a terminal only.
pub const STRESS_TERMINAL: &str = "STRESS_TERMINAL";
/// The environment variable holding the file the stress test writes its report to.
pub const STRESS_REPORT: &str = "STRESS_REPORT";

/// What the `stress` tool asks of a stress test, each setting optional (the test's defaults
/// fill in the rest): the writing side of [`StressSettings::read`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StressRequest {
    /// Stop after this many inputs.
    pub iters: Option<u64>,
    /// Stop after this many seconds.
    pub seconds: Option<f64>,
    /// The first seed.
    pub seed: Option<u64>,
    /// The generator's size: with `least_size`, the largest of a range.
    pub size: Option<u64>,
    /// The smallest size of a range (`--size A..=B`), each input's size drawn from it.
    pub least_size: Option<u64>,
}

impl StressRequest {
    /// The environment variables that carry the request, the ones given only.
    ///
    /// ```
    /// use testkit::{StressLimit, StressRequest, StressSettings};
    /// let request = StressRequest { seed: Some(7), iters: Some(100), ..Default::default() };
    /// let env = request.environment();
    /// let var = |key: &str| env.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone());
    /// let settings = StressSettings::read(var, 8, 1000).unwrap();
    /// assert_eq!((settings.seed, settings.size, settings.limit), (7, 8, StressLimit::Inputs(100)));
    /// ```
    pub fn environment(&self) -> Vec<(&'static str, String)> {
        let mut env = Vec::new();
        if let Some(iters) = self.iters {
            env.push((STRESS_ITERS, iters.to_string()));
        }
        if let Some(seconds) = self.seconds {
            env.push((STRESS_SECONDS, seconds.to_string()));
        }
        if let Some(seed) = self.seed {
            env.push((STRESS_SEED, seed.to_string()));
        }
        match (self.least_size, self.size) {
            (Some(least), Some(size)) if least != size => {
                env.push((STRESS_SIZE, format!("{least}..={size}")))
            }
            (_, Some(size)) => env.push((STRESS_SIZE, size.to_string())),
            (_, None) => {}
        }
        env
    }
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

/// The stress test's settings, as the `stress` tool passes them in the environment
/// ([`StressRequest`]), with the defaults filled in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StressSettings {
    /// The first seed (`STRESS_SEED`; default: from the clock).
    pub seed: u64,
    /// The generator's size (`STRESS_SIZE`; default: the problem's `SIZE`); the largest of a
    /// range `A..=B`.
    pub size: u64,
    /// The smallest size of a range (`STRESS_SIZE=A..=B`), else `size`: each input's size is
    /// drawn from `least_size..=size` by its seed ([`input_size`]).
    pub least_size: u64,
    /// When to stop (`STRESS_ITERS` inputs, else `STRESS_SECONDS`, default 10 s).
    pub limit: StressLimit,
}

impl StressSettings {
    /// The settings from `var` (the environment's `std::env::var(key).ok()` in the test), for
    /// a problem whose default size is `default_size` and largest `max_size`.
    ///
    /// ```
    /// use testkit::{StressLimit, StressSettings};
    /// let env = |key: &str| match key {
    ///     "STRESS_SEED" => Some("7".to_string()),
    ///     "STRESS_ITERS" => Some("100".to_string()),
    ///     _ => None,
    /// };
    /// let settings = StressSettings::read(env, 8, 1000).unwrap();
    /// assert_eq!((settings.seed, settings.size, settings.limit), (7, 8, StressLimit::Inputs(100)));
    /// let huge = |key: &str| (key == "STRESS_SIZE").then(|| "18446744073709551615".to_string());
    /// assert!(StressSettings::read(huge, 8, 1000).unwrap_err().contains("from 1 to 1000"));
    /// ```
    ///
    /// # Errors
    /// A one-line message for a setting that is not a number of the right kind, or a size of
    /// 0 or above `max_size`.
    pub fn read(
        var: impl Fn(&str) -> Option<String>,
        default_size: u64,
        max_size: u64,
    ) -> Result<Self, String> {
        StressSettings::read_bounded(var, default_size, max_size, "its Problem::MAX_SIZE")
    }

    /// [`StressSettings::read`], the size bounded by `max_size`, which `bound` names in the
    /// refusal (`its Problem::MAX_GENERATED_SIZE` against a reference program). `STRESS_SIZE`
    /// is a size `N` or a range `A..=B` (`1 <= A <= B <= max_size`).
    ///
    /// ```
    /// use testkit::StressSettings;
    /// let range = |key: &str| (key == "STRESS_SIZE").then(|| "10..=5000".to_string());
    /// let settings = StressSettings::read_bounded(range, 8, 100_000, "the bound").unwrap();
    /// assert_eq!((settings.least_size, settings.size), (10, 5000));
    /// let err = StressSettings::read_bounded(range, 8, 1000, "the bound").unwrap_err();
    /// assert!(err.contains("from 1 to 1000 for this problem (the bound)"), "{err}");
    /// ```
    ///
    /// # Errors
    /// As [`StressSettings::read`]; a range whose ends are reversed.
    pub fn read_bounded(
        var: impl Fn(&str) -> Option<String>,
        default_size: u64,
        max_size: u64,
        bound: &str,
    ) -> Result<Self, String> {
        let whole = |key: &str| -> Result<Option<u64>, String> {
            var(key)
                .map(|v| {
                    v.trim()
                        .parse::<u64>()
                        .map_err(|_| format!("{key} must be a whole number, not {v:?}"))
                })
                .transpose()
        };
        let seed = whole(STRESS_SEED)?.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
        });
        let number = |text: &str| -> Result<u64, String> {
            text.trim().parse::<u64>().map_err(|_| {
                format!("{STRESS_SIZE} must be a whole number or a range A..=B, not {text:?}")
            })
        };
        let (least_size, size) = match var(STRESS_SIZE) {
            None => (default_size, default_size),
            Some(text) => match text.split_once("..=") {
                Some((least, most)) => (number(least)?, number(most)?),
                None => {
                    let size = number(&text)?;
                    (size, size)
                }
            },
        };
        for size in [least_size, size] {
            if size == 0 || size > max_size {
                return Err(format!(
                    "the size must be from 1 to {max_size} for this problem ({bound}), not {size}"
                ));
            }
        }
        if least_size > size {
            return Err(format!(
                "the size range {least_size}..={size} is empty: give the smaller size first"
            ));
        }
        let limit = match whole(STRESS_ITERS)? {
            Some(n) => StressLimit::Inputs(n),
            None => {
                let seconds = match var(STRESS_SECONDS) {
                    Some(v) => v
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|s| *s > 0.0 && *s <= MAX_SECONDS)
                        .ok_or_else(|| {
                            format!(
                                "{STRESS_SECONDS} must be a positive number of seconds, not {v:?}"
                            )
                        })?,
                    None => 10.0,
                };
                StressLimit::Seconds(seconds)
            }
        };
        Ok(StressSettings {
            seed,
            size,
            least_size,
            limit,
        })
    }
}

/// The ignored `stress` test's side of the `stress` tool, for batch and interactive problems
/// alike: reads the [`StressSettings`] from the environment (sizes checked against `size` and
/// `max_size`), runs `stress` with them, and writes the report it returns to standard output
/// and to the file `STRESS_REPORT` if set. Exits the process with status 1 when `stress`
/// reports a failure, and with status 2 and one line `error: ...` (on standard error and in
/// the report) on a bad setting.
///
/// A run bounded by seconds is ended at the bound (plus [`bound::GRACE`]) even in the middle of
/// one input: the watchdog reports the inputs checked so far and exits 0, or 1 if a
/// disagreement was being shrunk (the input as generated is saved first).
pub(crate) fn stress_with_env_settings(
    name: &str,
    size: u64,
    (max_size, bound_name): (u64, &str),
    stress: impl FnOnce(StressSettings) -> (String, bool),
) {
    let report_file = bound::report_file();
    let write_report = move |text: &str| {
        print!("{text}");
        let _ = std::io::stdout().flush();
        if let Some(path) = &report_file {
            let _ = std::fs::write(path, text);
        }
    };
    let var = |key: &str| std::env::var(key).ok();
    let settings = match StressSettings::read_bounded(var, size, max_size, bound_name) {
        Ok(settings) => settings,
        Err(e) => {
            let line = format!("error: {name}: {e}\n");
            eprint!("{line}");
            write_report(&line);
            std::process::exit(2);
        }
    };
    if let StressLimit::Seconds(seconds) = settings.limit {
        bound::arm(name, seconds, write_report.clone());
    }
    let (report, failed) = stress(settings);
    bound::record(Phase::Done);
    write_report(&report);
    if failed {
        std::process::exit(1);
    }
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
