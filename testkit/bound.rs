//! The hard wall-clock bound of a stress run, and its progress lines.
//!
//! The stress loop checks its time between inputs, so one slow input (a brute-force search
//! that explodes, a solution that hangs) would carry a run far past `--seconds`. A watchdog
//! thread ends the process at the bound instead, reporting what was checked so far: the loop
//! records its [`Phase`] as it goes, and the watchdog reads it under the same lock, so that a
//! run that ends by itself at the bound and the watchdog never both report.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long after the bound the watchdog waits for the loop to end by itself (it checks the
/// time between inputs) before ending the process.
pub(crate) const GRACE: Duration = Duration::from_millis(500);

/// Where the stress loop is, as the watchdog reports it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Phase {
    /// No input recorded (the loop does not record its phases).
    Idle,
    /// `agreed` inputs agree; the input from `seed` is being checked since `since`.
    Searching {
        agreed: u64,
        first_seed: u64,
        seed: u64,
        since: Instant,
    },
    /// The input from `seed` disagrees (`reason`) and is being shrunk; `saved` says where the
    /// input as generated was saved.
    Shrinking {
        seed: u64,
        oracle: &'static str,
        reason: String,
        saved: String,
    },
    /// The run ended by itself: the watchdog has nothing to say.
    Done,
}

static PHASE: Mutex<Phase> = Mutex::new(Phase::Idle);

/// Whether the run compares against a reference program (`stress --reference`): there a run
/// stopped at its bound before any input was compared is a failure, not a success.
pub(crate) static AGAINST_REFERENCE: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Records where the stress loop is.
pub(crate) fn record(phase: Phase) {
    *PHASE.lock().unwrap_or_else(|e| e.into_inner()) = phase;
}

/// What the watchdog reports when it stops a run in `phase` at the bound of `seconds`, and the
/// exit status: 0 when nothing disagreed, 1 when a disagreement was being shrunk.
pub(crate) fn stopped_report(
    name: &str,
    seconds: f64,
    phase: &Phase,
    now: Instant,
) -> (String, i32) {
    match phase {
        Phase::Searching {
            agreed,
            first_seed,
            seed,
            since,
        } => (
            format!(
                "{agreed} inputs agree (seed {first_seed}); stopped at the {seconds} s bound while seed {seed} \
                 ran for {:.1} s (replay it alone: --seed {seed} --iters 1)\n",
                now.saturating_duration_since(*since).as_secs_f64()
            ),
            0,
        ),
        Phase::Shrinking {
            seed,
            oracle,
            reason,
            saved,
        } => (
            format!(
                "{name}: seed {seed} disagrees with the {oracle}; stopped at the {seconds} s bound while \
                 shrinking it\n{reason}\n{saved} (as generated, not shrunk)\n"
            ),
            1,
        ),
        Phase::Idle | Phase::Done => (
            format!("{name}: stopped at the {seconds} s bound, an input still running\n"),
            0,
        ),
    }
}

/// Starts the watchdog: at `seconds` (plus [`GRACE`]) from now, unless the run has recorded
/// [`Phase::Done`], it writes its report through `report` and ends the process.
pub(crate) fn arm(name: &str, seconds: f64, report: impl Fn(&str) + Send + 'static) {
    let name = name.to_string();
    let deadline = Instant::now() + Duration::from_secs_f64(seconds) + GRACE;
    std::thread::spawn(move || {
        while Instant::now() < deadline {
            std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
        }
        // Held to the end: the loop cannot finish and report at the same time.
        let phase = PHASE.lock().unwrap_or_else(|e| e.into_inner());
        if *phase == Phase::Done {
            return;
        }
        let (mut text, mut status) = stopped_report(&name, seconds, &phase, Instant::now());
        let against = AGAINST_REFERENCE.load(std::sync::atomic::Ordering::SeqCst);
        if against && matches!(*phase, Phase::Searching { agreed: 0, .. }) {
            text = format!(
                "{}; the time was up before the two programs answered one input\n",
                text.trim_end()
            );
            status = 1;
        }
        report(&text);
        std::process::exit(status);
    });
}

/// The stress loop's progress lines on standard error: rewritten in place (`\r`) once a second
/// on a terminal, else one line every [`Progress::LOG_EVERY`], so that a log holds lines.
pub(crate) struct Progress {
    terminal: bool,
    next: Duration,
    rewritten: bool,
}

impl Progress {
    /// How often a progress line is written when standard error is not a terminal.
    pub(crate) const LOG_EVERY: Duration = Duration::from_secs(10);

    /// Progress lines for standard error: a terminal's if `STRESS_TERMINAL` says so (the
    /// `stress` tool pipes the test's standard error through to its own, and knows whether that
    /// is a terminal), else as standard error is.
    pub(crate) fn on_stderr() -> Progress {
        let terminal = match std::env::var(crate::STRESS_TERMINAL).as_deref() {
            Ok("1") => true,
            Ok(_) => false,
            Err(_) => std::io::stderr().is_terminal(),
        };
        Progress::new(terminal)
    }

    pub(crate) fn new(terminal: bool) -> Progress {
        Progress {
            terminal,
            next: if terminal {
                Duration::from_secs(1)
            } else {
                Progress::LOG_EVERY
            },
            rewritten: false,
        }
    }

    /// What to write at `elapsed`, if it is time for a line: `text` as a line of its own, or
    /// rewriting the last on a terminal.
    pub(crate) fn line(
        &mut self,
        elapsed: Duration,
        text: impl FnOnce() -> String,
    ) -> Option<String> {
        if elapsed < self.next {
            return None;
        }
        if self.terminal {
            self.next = elapsed + Duration::from_secs(1);
            self.rewritten = true;
            Some(format!("\r{}", text()))
        } else {
            self.next = elapsed + Progress::LOG_EVERY;
            Some(format!("{}\n", text()))
        }
    }

    /// Writes the progress line due at `elapsed`, if any.
    pub(crate) fn update(&mut self, elapsed: Duration, text: impl FnOnce() -> String) {
        if let Some(line) = self.line(elapsed, text) {
            eprint!("{line}");
        }
    }

    /// What ends the progress: a newline after a line rewritten in place, else nothing.
    pub(crate) fn end(&mut self) -> &'static str {
        if std::mem::take(&mut self.rewritten) {
            "\n"
        } else {
            ""
        }
    }

    /// Ends the progress on standard error.
    pub(crate) fn finish(&mut self) {
        eprint!("{}", self.end());
    }
}

/// Where the report file named in `STRESS_REPORT` is, if any.
pub(crate) fn report_file() -> Option<PathBuf> {
    std::env::var_os(crate::STRESS_REPORT).map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logs_get_lines_and_terminals_get_one_rewritten_line() {
        let second = |s: u64| Duration::from_secs(s);
        let mut log = Progress::new(false);
        assert_eq!(log.line(second(1), || "a".into()), None);
        assert_eq!(log.line(second(10), || "a".into()), Some("a\n".into()));
        assert_eq!(log.line(second(15), || "b".into()), None);
        assert_eq!(log.line(second(21), || "c".into()), Some("c\n".into()));
        assert_eq!(log.end(), "", "no line to end");
        let mut terminal = Progress::new(true);
        assert_eq!(terminal.line(second(0), || "a".into()), None);
        assert_eq!(terminal.line(second(1), || "a".into()), Some("\ra".into()));
        assert_eq!(terminal.line(second(2), || "b".into()), Some("\rb".into()));
        assert_eq!(terminal.end(), "\n");
        assert_eq!(terminal.end(), "", "ended once");
    }

    #[test]
    fn a_stopped_run_says_what_was_checked() {
        let start = Instant::now();
        let searching = Phase::Searching {
            agreed: 12,
            first_seed: 100,
            seed: 112,
            since: start,
        };
        let (text, status) =
            stopped_report("nim", 60.0, &searching, start + Duration::from_secs(3));
        assert_eq!(status, 0);
        assert_eq!(
            text,
            "12 inputs agree (seed 100); stopped at the 60 s bound while seed 112 ran for 3.0 s \
             (replay it alone: --seed 112 --iters 1)\n"
        );
        let shrinking = Phase::Shrinking {
            seed: 7,
            oracle: "brute force",
            reason: "line 1: expected `1` got `2`".into(),
            saved: "saved as t/stress-7.in".into(),
        };
        let (text, status) = stopped_report("nim", 0.5, &shrinking, start);
        assert_eq!(status, 1);
        assert!(text
            .starts_with("nim: seed 7 disagrees with the brute force; stopped at the 0.5 s bound"));
        assert!(text.ends_with(
            "line 1: expected `1` got `2`\nsaved as t/stress-7.in (as generated, not shrunk)\n"
        ));
        assert_eq!(stopped_report("nim", 1.0, &Phase::Idle, start).1, 0);
    }
}
