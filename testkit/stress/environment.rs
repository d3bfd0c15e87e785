//! The protocol between the `stress` tool and the ignored `stress` test it runs, defined here
//! once: the tool writes a [`StressRequest`] into the environment (the variables `STRESS_*`),
//! the test reads it back as [`StressSettings`] ([`stress_with_env_settings`]) and writes its
//! report to the file `STRESS_REPORT`.

use super::StressLimit;
use crate::bound::{self, Phase};
use std::io::Write;

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
    /// drawn from `least_size..=size` by its seed ([`input_size`](super::input_size)).
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
