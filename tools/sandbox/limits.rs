//! Per-case limits: the time limit (the `TIMEOUT` setting, a problem's declared limit, the
//! default, and the range every limit is clamped to) and the memory limit (a problem's
//! declared `memory-limit`, what its judge counts against it, and the bound past which a
//! program is stopped).

use std::time::Duration;

/// The limit when neither `TIMEOUT` nor the problem gives one, in seconds.
pub const DEFAULT_SECONDS: f64 = 10.0;
/// The shortest limit a case gets, in seconds: below it, timing noise decides the verdict.
pub const MIN_SECONDS: f64 = 0.1;
/// The longest limit a case gets, in seconds.
pub const MAX_SECONDS: f64 = 600.0;

/// Reads the `TIMEOUT` setting: digits with an optional fraction (`2`, `0.5`). Absent, empty
/// or zero (`0`, `00`, `0.00`) is `None`: each problem's own limit applies.
///
/// ```
/// use sandbox::limits::timeout_setting;
/// assert_eq!(timeout_setting(Some("2.5")), Ok(Some(2.5)));
/// assert_eq!(timeout_setting(Some("0.00")), Ok(None));
/// assert!(timeout_setting(Some("-1")).is_err());
/// ```
pub fn timeout_setting(value: Option<&str>) -> Result<Option<f64>, String> {
    let text = match value {
        None | Some("") => return Ok(None),
        Some(text) => text,
    };
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |s: &str| !s.is_empty() && s.len() <= 12 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return Err(format!(
            "TIMEOUT must be a positive number of seconds, not \"{}\"",
            text.escape_debug()
        ));
    }
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("TIMEOUT is not a number: \"{text}\""))?;
    Ok(Some(seconds).filter(|&s| s > 0.0))
}

/// The limit of one problem's cases: `TIMEOUT` if set, else the problem's declared limit, else
/// [`DEFAULT_SECONDS`]; a zero, negative or non-finite value counts as unset, and the result is
/// clamped to [`MIN_SECONDS`] ..= [`MAX_SECONDS`].
///
/// ```
/// use sandbox::limits::case_limit;
/// assert_eq!(case_limit(None, Some(1.5)).as_secs_f64(), 1.5);
/// assert_eq!(case_limit(Some(3.0), Some(1.5)).as_secs_f64(), 3.0);
/// assert_eq!(case_limit(None, Some(0.0)).as_secs_f64(), 10.0);
/// assert_eq!(case_limit(Some(1e9), None).as_secs_f64(), 600.0);
/// ```
pub fn case_limit(setting: Option<f64>, declared: Option<f64>) -> Duration {
    let usable = |s: &f64| s.is_finite() && *s > 0.0;
    let seconds = setting
        .filter(usable)
        .or(declared.filter(usable))
        .unwrap_or(DEFAULT_SECONDS);
    Duration::from_secs_f64(seconds.clamp(MIN_SECONDS, MAX_SECONDS))
}

/// The memory a case's program may map when its problem declares no memory limit, in MiB: no
/// `MLE` below it, but a program allocating without bound is stopped here.
pub const UNDECLARED_MEMORY_BOUND_MIB: u64 = 2048;

/// What a judge counts against a memory limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Memory in use: the resident memory of the whole process tree (a judge that measures
    /// through a control group or the resident set); an untouched reservation costs nothing.
    Resident,
    /// Memory reserved: the address space (a judge that limits it with `RLIMIT_AS`, or that
    /// counts committed memory, as Windows does); an untouched reservation counts whole.
    Reserved,
}

/// A case's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaseLimits {
    /// The CPU-time limit ([`case_limit`]).
    pub time: Duration,
    /// The problem's memory limit in MiB (its `memory-limit`), if it declares one.
    pub memory_mib: Option<u64>,
    /// What the problem's judge counts against the memory limit.
    pub counted: Counted,
}

impl CaseLimits {
    /// The limits of a case with time limit `time` and no memory limit.
    pub fn time_only(time: Duration) -> CaseLimits {
        CaseLimits {
            time,
            memory_mib: None,
            counted: Counted::Resident,
        }
    }

    /// The resident memory of its process tree past which the runner stops the program, in
    /// MiB: twice the limit and 256 MiB more, so that a program over the limit is measured
    /// over it (an `MLE`) and one allocating without bound is stopped;
    /// [`UNDECLARED_MEMORY_BOUND_MIB`] without a limit.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sandbox::limits::{CaseLimits, Counted};
    /// let limits = CaseLimits {
    ///     time: Duration::from_secs(1),
    ///     memory_mib: Some(256),
    ///     counted: Counted::Resident,
    /// };
    /// assert_eq!(limits.memory_bound_mib(), 768);
    /// assert_eq!(CaseLimits::time_only(Duration::from_secs(1)).memory_bound_mib(), 2048);
    /// ```
    pub fn memory_bound_mib(&self) -> u64 {
        match self.memory_mib {
            Some(mib) => mib.saturating_mul(2).saturating_add(256),
            None => UNDECLARED_MEMORY_BOUND_MIB,
        }
    }
}

/// A limit as the verdict lines print it: `2 s`, `0.5 s`.
pub fn show(limit: Duration) -> String {
    format!("{} s", limit.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_in_every_spelling_means_unset() {
        for zero in ["0", "00", "0.00", "000.0", ""] {
            assert_eq!(timeout_setting(Some(zero)), Ok(None), "{zero}");
        }
        assert_eq!(timeout_setting(None), Ok(None));
        assert_eq!(timeout_setting(Some("10")), Ok(Some(10.0)));
        assert_eq!(timeout_setting(Some("0.25")), Ok(Some(0.25)));
    }

    #[test]
    fn malformed_settings_are_refused_by_name() {
        for bad in [
            "abc",
            "-1",
            "1e3",
            "1.",
            ".5",
            "1.2.3",
            " 1",
            "inf",
            "NaN",
            "1234567890123",
        ] {
            let err = timeout_setting(Some(bad)).unwrap_err();
            assert!(
                err.starts_with("TIMEOUT must be a positive number"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn limits_fall_back_and_are_clamped() {
        let secs = |d: Duration| d.as_secs_f64();
        assert_eq!(secs(case_limit(None, None)), DEFAULT_SECONDS);
        assert_eq!(secs(case_limit(Some(0.0), Some(0.0))), DEFAULT_SECONDS);
        assert_eq!(secs(case_limit(Some(-2.0), Some(-1.0))), DEFAULT_SECONDS);
        assert_eq!(secs(case_limit(Some(f64::NAN), Some(2.0))), 2.0);
        assert_eq!(secs(case_limit(None, Some(f64::INFINITY))), DEFAULT_SECONDS);
        assert_eq!(secs(case_limit(Some(0.001), None)), MIN_SECONDS);
        assert_eq!(secs(case_limit(None, Some(86_400.0))), MAX_SECONDS);
        assert_eq!(show(case_limit(Some(2.0), None)), "2 s");
        assert_eq!(show(case_limit(Some(0.5), None)), "0.5 s");
    }
}
