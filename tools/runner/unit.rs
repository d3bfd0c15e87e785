//! The unit-test stage's parts: cargo builds a group's test harnesses (its own progress on
//! standard error); each harness runs with its count of tests printed as it goes (a library's
//! doctests are [`super::doctests`]). One verdict per harness. The runner ([`super::run`]) runs the
//! harnesses on its workers while cargo builds the next group.

use super::cargo::{self, Artifact};
use super::report::{one_line, Report, Verdict};
use std::ffi::OsStr;
use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How often a long harness prints how far it is when standard output is a terminal.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);
/// How often it does in a log (standard output not a terminal): a log keeps every line.
const PROGRESS_IN_A_LOG: Duration = Duration::from_secs(30);

/// How often a long harness prints how far it is: every `PROGRESS_EVERY` on a terminal, at
/// most one line every `PROGRESS_IN_A_LOG` in a log.
pub fn progress_every(terminal: bool) -> Duration {
    if terminal {
        PROGRESS_EVERY
    } else {
        PROGRESS_IN_A_LOG
    }
}
/// Lines a harness's standard error adds when it fails.
const FAILURE_LINES: usize = 60;
/// A harness running longer than this gets its last tests to finish named, with a hint.
const SLOW_HARNESS: Duration = Duration::from_secs(15);
/// How many of a slow harness's tests are named.
const SLOW_NAMED: usize = 3;

/// What a test harness reported.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reported {
    /// Tests that passed.
    pub passed: usize,
    /// Tests that failed.
    pub failed: usize,
    /// The first lines about failures.
    pub failures: Vec<String>,
    /// Whether the harness exited successfully.
    pub success: bool,
    /// Each test that finished (passed or failed), with when since the harness started.
    pub finished: Vec<(String, Duration)>,
    /// The tests libtest reported running for over a minute.
    pub over_a_minute: Vec<String>,
}

impl Reported {
    /// The `count` tests that finished last, latest first: in a harness that ran long, the
    /// slow tests are among them (a test that finishes late started at most a few tests
    /// earlier, the harness running as many at once as it has threads).
    pub fn last_finished(&self, count: usize) -> Vec<(&str, Duration)> {
        let mut finished: Vec<(&str, Duration)> = self
            .finished
            .iter()
            .map(|(name, at)| (name.as_str(), *at))
            .collect();
        finished.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        finished.truncate(count);
        finished
    }
}

/// One `cargo test` build of the unit stage: the packages or targets it selects and the profile
/// they are built in.
pub struct Group<'a> {
    /// Cargo arguments choosing the profile, see [`cargo::checked_release_args`].
    pub profile: &'a [String],
    /// `cargo test` arguments choosing what is tested, such as `-p grundy` or `-p problems --bin
    /// NAME`.
    pub selection: Vec<&'a str>,
    /// The profile the doctests of the group's libraries run in: one their library is already
    /// built in.
    pub doc_profile: &'a [String],
}

/// Builds the test harnesses of `group` (`cargo test --no-run`, cargo's progress on standard
/// error) and returns them sorted, or `None` after a verdict if the build fails.
pub fn build(root: &Path, group: &Group, report: &mut Report) -> Option<Vec<Artifact>> {
    let start = Instant::now();
    let mut args = vec!["test", "--no-run"];
    args.extend(group.profile.iter().map(String::as_str));
    args.extend_from_slice(&group.selection);
    report.note(&format!(
        "building the tests: cargo test --no-run --release {}",
        group.selection.join(" ")
    ));
    match cargo::build(root, &args) {
        Ok(artifacts) => {
            let mut harnesses: Vec<Artifact> = artifacts.into_iter().filter(|a| a.test).collect();
            harnesses.sort_by(|a, b| {
                (&a.package, &a.kind, &a.target).cmp(&(&b.package, &b.kind, &b.target))
            });
            harnesses.dedup_by(|a, b| a.executable == b.executable);
            report.note(&format!(
                "built {} test harnesses in {:.1} s",
                harnesses.len(),
                start.elapsed().as_secs_f64()
            ));
            Some(harnesses)
        }
        Err(e) => {
            report.verdict(Verdict::Re, "cargo test --no-run", start.elapsed(), &e);
            None
        }
    }
}

/// Runs one test harness in its package's folder, with `env` set, printing its progress and
/// one verdict (`test PACKAGE TARGET (KIND)`); a slow one gets its last tests named.
pub fn run(harness: &Artifact, env: &[(&str, &OsStr)], report: &mut Report) {
    let label = format!(
        "test {} {} ({})",
        harness.package, harness.target, harness.kind
    );
    let start = Instant::now();
    let mut command = Command::new(&harness.executable);
    command
        .current_dir(&harness.package_dir)
        .envs(env.iter().copied())
        .arg(format!("--test-threads={TEST_THREADS}"));
    let outcome = run_harness(command, &label, report);
    if start.elapsed() > SLOW_HARNESS {
        if let Ok(outcome) = &outcome {
            note_slow_tests(report, harness, outcome, start.elapsed());
        }
    }
    finish(report, &label, start, outcome);
}

/// How many tests a harness runs at once. Many tests spend their time waiting for the programs
/// they start, so more than the cores' two; and a fixed number, since the runner runs a harness
/// a core: threads a core stay few enough for every program a test starts to end well within
/// its wall-clock backstop (its limits are on CPU time, which sharing does not change).
const TEST_THREADS: usize = 4;

/// For a harness that ran long, its last tests to finish and how to time one alone.
fn note_slow_tests(report: &Report, harness: &Artifact, outcome: &Reported, took: Duration) {
    let last = outcome.last_finished(SLOW_NAMED);
    let Some((first, _)) = last.first() else {
        return;
    };
    let named: Vec<String> = last
        .iter()
        .map(|(name, at)| format!("{} (at {:.1} s)", name, at.as_secs_f64()))
        .collect();
    report.note(&format!(
        "slow: these tests took {:.1} s; the last to finish: {}",
        took.as_secs_f64(),
        named.join(", ")
    ));
    if !outcome.over_a_minute.is_empty() {
        report.note(&format!(
            "slow: running for over a minute: {}",
            outcome.over_a_minute.join(", ")
        ));
    }
    let first = outcome.over_a_minute.first().map_or(*first, String::as_str);
    report.note(&format!(
        "hint: time one alone with `cargo test --release -p {} {} -- --exact {} --test-threads 1`; \
         a test's brute force should search small inputs (docs/runner.md, \"Slow tests\")",
        harness.package,
        target_selection(harness),
        first
    ));
}

/// The test that libtest's line says has run for over a minute (`test NAME has been running
/// for over 60 seconds`).
fn over_a_minute(line: &str) -> Option<&str> {
    let (name, _) = line
        .strip_prefix("test ")?
        .split_once(" has been running for over ")?;
    Some(name)
}

/// The `cargo test` arguments that select `harness`'s target.
fn target_selection(harness: &Artifact) -> String {
    match harness.kind.as_str() {
        "lib" => "--lib".to_string(),
        kind => format!("--{} {}", kind, harness.target),
    }
}

pub(crate) fn finish(
    report: &mut Report,
    label: &str,
    start: Instant,
    outcome: Result<Reported, String>,
) {
    match outcome {
        Ok(outcome) if outcome.success && outcome.failed == 0 => report.verdict(
            Verdict::Ac,
            label,
            start.elapsed(),
            &format!("{} tests passed", outcome.passed),
        ),
        Ok(outcome) => {
            for line in &outcome.failures {
                report.raw(line);
            }
            let detail = format!(
                "{} passed, {} failed; see the failures above",
                outcome.passed, outcome.failed
            );
            report.verdict(Verdict::Re, label, start.elapsed(), &detail);
        }
        Err(e) => report.verdict(Verdict::Re, label, start.elapsed(), &e),
    }
}

/// Runs a libtest harness (or `cargo test`), reading its plain output as it comes: every
/// [`progress_every`] the count of tests finished so far is printed, and the failures are kept:
/// for each failed test (the first `DETAILED` by name), its panic location and message, or
/// else the first lines of its captured output, at most `LINES_PER_FAILURE` lines each.
pub fn run_harness(mut command: Command, label: &str, report: &Report) -> Result<Reported, String> {
    let started = Instant::now();
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {label}: {e}"))?;
    let errors = read_errors(child.stderr.take().expect("stderr is piped"));
    let lines = read_lines(child.stdout.take().expect("stdout is piped"));
    let mut outcome = Reported::default();
    let mut log = FailureLog::default();
    let mut running = 0;
    let mut last = Instant::now();
    let every = progress_every(std::io::stdout().is_terminal());
    loop {
        let line = match lines.recv_timeout(every.saturating_sub(last.elapsed())) {
            Ok(line) => line,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                last = Instant::now();
                report.note(&format!(
                    "{}: {} of {} tests done",
                    label,
                    outcome.passed + outcome.failed,
                    running
                ));
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        if log.read(&line) {
            // A failed test's captured output: whatever it says is not the harness's.
            continue;
        }
        outcome.tally(&line, &mut log, &mut running, started);
    }
    let status = child
        .wait()
        .map_err(|e| format!("cannot wait for {label}: {e}"))?;
    outcome.success = status.success();
    outcome.failures = log.lines();
    let errors = errors.join().unwrap_or_default();
    if !outcome.success {
        outcome.keep_errors(&errors, &format!("{label} ended: {status}"));
    }
    Ok(outcome)
}

/// The first MiB of a harness's standard error, read on a thread of its own (the rest
/// drained), so that a chatty harness never blocks on a full pipe.
fn read_errors(mut stderr: std::process::ChildStderr) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.by_ref().take(1 << 20).read_to_end(&mut text);
        let _ = std::io::copy(&mut stderr, &mut std::io::sink());
        String::from_utf8_lossy(&text).into_owned()
    })
}

/// A harness's standard output line by line, read on a thread of its own.
fn read_lines(stdout: std::process::ChildStdout) -> mpsc::Receiver<String> {
    let (line_sender, lines) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if line_sender.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    lines
}

impl Reported {
    /// Counts one line of libtest's output: a test over a minute, `running N tests`, a test
    /// passed or failed (`log` keeps the failed one's name), each finished one timed since
    /// `started`.
    fn tally(&mut self, line: &str, log: &mut FailureLog, running: &mut usize, started: Instant) {
        if let Some(name) = over_a_minute(line) {
            self.over_a_minute.push(name.to_string());
        } else if let Some(n) = line
            .strip_prefix("running ")
            .and_then(|r| r.split(' ').next())
        {
            *running += n.parse::<usize>().unwrap_or(0);
        } else if let Some(name) = line
            .strip_prefix("test ")
            .and_then(|l| l.strip_suffix(" ... ok"))
        {
            self.passed += 1;
            self.finished.push((name.to_string(), started.elapsed()));
        } else if let Some(name) = line
            .strip_prefix("test ")
            .and_then(|l| l.strip_suffix(" ... FAILED"))
        {
            self.failed += 1;
            log.failed.push(name.to_string());
            self.finished.push((name.to_string(), started.elapsed()));
        }
    }

    /// Keeps the lines of a failed harness's standard error `errors` that say what failed,
    /// or `ended` when there are none and no failure was kept either.
    fn keep_errors(&mut self, errors: &str, ended: &str) {
        for line in errors
            .lines()
            .filter(|l| l.starts_with("error") || l.contains("panicked") || l.starts_with("---- "))
        {
            keep(&mut self.failures, line);
        }
        if self.failures.is_empty() {
            keep(&mut self.failures, ended);
        }
    }
}

/// Failed tests shown with their panic; the others are only named.
const DETAILED: usize = 5;
/// Lines shown per failed test, its `---- NAME stdout ----` heading aside.
const LINES_PER_FAILURE: usize = 24;

/// The failures libtest prints after its tests ran: a `---- NAME stdout ----` section per
/// failed test holding its captured output, then `failures:`, the names, `test result:`. A
/// test's output may itself hold such lines (a child's libtest run, printed): a section ends
/// only at the next failed test's heading, and a name list is the final one only if nothing
/// follows it.
#[derive(Default)]
struct FailureLog {
    /// The tests reported `FAILED`, in order.
    failed: Vec<String>,
    /// Each section's test and its kept lines: the panic's if any, else the first ones.
    sections: Vec<Section>,
    /// Lines that may be libtest's final list (`failures:`, indented names, `test result:`).
    pending: Vec<String>,
}

#[derive(Default)]
struct Section {
    name: String,
    first: Vec<String>,
    panic: Vec<String>,
    /// Whether the lines now read continue a panic's message.
    in_panic: bool,
}

impl FailureLog {
    /// Reads one line of the harness's output; `true` if it belongs to the failures' sections.
    fn read(&mut self, line: &str) -> bool {
        if let Some(name) = line
            .strip_prefix("---- ")
            .and_then(|l| l.strip_suffix(" stdout ----"))
            .filter(|name| self.failed.iter().any(|f| f == name))
        {
            self.pending.clear();
            self.sections.push(Section {
                name: name.to_string(),
                ..Section::default()
            });
            return true;
        }
        let open = match self.sections.last_mut() {
            Some(section) => section,
            None => return false,
        };
        let listed = |l: &str| {
            l.strip_prefix("    ")
                .is_some_and(|name| self.failed.iter().any(|f| f == name))
        };
        // The final list is `failures:`, the names, a blank line and `test result:`.
        let list_fits = self.pending.len() < self.failed.len() + 3;
        let continues_list = !self.pending.is_empty()
            && list_fits
            && (line.is_empty() || listed(line) || line.starts_with("test result:"));
        if line == "failures:" || continues_list {
            self.pending.push(line.to_string());
            return true;
        }
        for held in std::mem::take(&mut self.pending) {
            open.add(&held);
        }
        open.add(line);
        true
    }

    /// The lines to show: each failed test's heading and kept lines, the first `DETAILED` by
    /// name, then the names of the rest.
    fn lines(mut self) -> Vec<String> {
        self.sections.sort_by(|a, b| a.name.cmp(&b.name));
        let mut lines = Vec::new();
        for section in self.sections.iter().take(DETAILED) {
            lines.push(format!("---- {} stdout ----", section.name));
            if section.panic.is_empty() {
                lines.extend(section.first.iter().cloned());
            } else {
                lines.extend(section.panic.iter().cloned());
            }
        }
        let mut rest: Vec<&str> = self.failed.iter().map(String::as_str).collect();
        rest.sort_unstable();
        rest.retain(|name| {
            !self
                .sections
                .iter()
                .take(DETAILED)
                .any(|section| section.name == *name)
        });
        if !rest.is_empty() {
            let names = one_line(&rest.join(", "), 400);
            lines.push(format!("failed too: {names}"));
        }
        lines
    }
}

impl Section {
    fn add(&mut self, line: &str) {
        let line = one_line(line, 240);
        if line.starts_with("thread '") && line.contains("panicked at") {
            if self.panic.is_empty() {
                self.in_panic = true;
                self.panic.push(line);
            }
            return;
        }
        if self.in_panic {
            let over = line.is_empty()
                || line.starts_with("note: ")
                || line.starts_with("stack backtrace:")
                || self.panic.len() >= LINES_PER_FAILURE;
            if over {
                self.in_panic = false;
            } else {
                self.panic.push(line);
                return;
            }
        }
        if !line.trim().is_empty() && self.first.len() < LINES_PER_FAILURE {
            self.first.push(line);
        }
    }
}

fn keep(lines: &mut Vec<String>, line: &str) {
    if lines.len() < FAILURE_LINES {
        lines.push(line.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_gets_a_progress_line_at_most_every_thirty_seconds() {
        assert_eq!(progress_every(true), Duration::from_secs(5));
        assert_eq!(progress_every(false), Duration::from_secs(30));
    }

    #[test]
    fn the_last_tests_to_finish_are_named_latest_first() {
        let at = Duration::from_millis;
        let outcome = Reported {
            finished: vec![
                ("a".to_string(), at(300)),
                ("slow".to_string(), at(52_000)),
                ("b".to_string(), at(900)),
                ("c".to_string(), at(30_000)),
            ],
            ..Reported::default()
        };
        assert_eq!(
            outcome.last_finished(2),
            [("slow", at(52_000)), ("c", at(30_000))]
        );
        assert_eq!(outcome.last_finished(9).len(), 4);
        assert!(Reported::default().last_finished(3).is_empty());
    }

    #[test]
    fn libtests_minute_warning_names_the_test() {
        assert_eq!(
            over_a_minute("test pattern::tests::prefix has been running for over 60 seconds"),
            Some("pattern::tests::prefix")
        );
        assert_eq!(over_a_minute("test pattern::tests::prefix ... ok"), None);
        assert_eq!(over_a_minute("running 3 tests"), None);
    }

    #[test]
    fn the_hint_selects_the_harness_target() {
        let harness = |kind: &str, target: &str| Artifact {
            package: "problems".to_string(),
            target: target.to_string(),
            kind: kind.to_string(),
            executable: "x".into(),
            package_dir: "p".into(),
            test: true,
        };
        assert_eq!(
            target_selection(&harness("bin", "knights")),
            "--bin knights"
        );
        assert_eq!(target_selection(&harness("lib", "grundy")), "--lib");
        assert_eq!(target_selection(&harness("test", "stdio")), "--test stdio");
        assert_eq!(
            target_selection(&harness("example", "nim")),
            "--example nim"
        );
    }
}
