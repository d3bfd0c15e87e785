//! The `stress` tool's work: which test binary holds a problem's stress test, building it
//! optimised, running it with the settings in its environment, and reporting how it ended
//! (its report, or the signal that killed it and its last words on standard error).
//!
//! The stress test itself (generator, brute force, shrinker) lives in `testkit`; this module
//! only drives the problem's test binary from outside, so that a crash (a stack overflow, an
//! abort, memory exhausted) is reported as such.

use crate::workspace::Workspace;
use sandbox::cargo::{self, Artifact};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};
use testkit::reference::{STRESS_MAX, STRESS_PROGRAMS};
use testkit::{
    StressRequest, MAX_SECONDS, MAX_SIZE, STRESS_ITERS, STRESS_REPORT, STRESS_SECONDS, STRESS_SEED,
    STRESS_SIZE, STRESS_TERMINAL,
};

/// The test binary's default memory cap, MiB.
pub const DEFAULT_MEMORY_MIB: u64 = 4096;

/// The range of `--memory`, MiB.
pub const MEMORY_MIB: std::ops::RangeInclusive<u64> = 64..=1 << 20;

/// How many lines of the test binary's standard error a crash report quotes.
const TAIL_LINES: usize = 8;

/// How many bytes of the test binary's standard error are kept for a crash report.
const TAIL_BYTES: usize = 8192;

/// `Ok` if every setting of `request` is in range, else a one-line reason naming the flag
/// (testkit's [`MAX_SIZE`] and [`MAX_SECONDS`] bound them).
///
/// ```
/// let huge = testkit::StressRequest { size: Some(u64::MAX), ..Default::default() };
/// assert!(checks::stress::check_request(&huge).unwrap_err().contains("--size must be from 1 to 1000000"));
/// ```
pub fn check_request(request: &StressRequest) -> Result<(), String> {
    for size in request.size.into_iter().chain(request.least_size) {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(format!(
                "--size must be from 1 to {MAX_SIZE} (a problem may allow less), not {size}"
            ));
        }
    }
    if let (Some(least), Some(size)) = (request.least_size, request.size) {
        if least > size {
            return Err(format!(
                "--size {least}..={size} is an empty range: give the smaller size first"
            ));
        }
    }
    if let Some(seconds) = request.seconds {
        if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
            return Err(format!(
                "--seconds must be a positive number of seconds, at most {MAX_SECONDS}, not {seconds}"
            ));
        }
    }
    Ok(())
}

/// `--size`'s value: a size `K`, or a range `A..=B` whose inputs each get a size drawn from it
/// (`(Some(A), B)`; `(None, K)` for one size).
///
/// ```
/// use checks::stress::parse_size;
/// assert_eq!(parse_size("40"), Ok((None, 40)));
/// assert_eq!(parse_size("10..=5000"), Ok((Some(10), 5000)));
/// assert!(parse_size("10..5000").unwrap_err().contains("A..=B"));
/// ```
pub fn parse_size(text: &str) -> Result<(Option<u64>, u64), String> {
    let number = |t: &str| {
        t.trim().parse::<u64>().map_err(|_| {
            format!("--size takes a size K or a range A..=B of whole numbers, not {text:?}")
        })
    };
    match text.split_once("..=") {
        Some((least, most)) => Ok((Some(number(least)?), number(most)?)),
        None => Ok((None, number(text)?)),
    }
}

/// `Ok` if `memory_mib` is a memory cap `--memory` accepts, else a one-line reason.
///
/// ```
/// assert!(checks::stress::check_memory(4096).is_ok());
/// assert!(checks::stress::check_memory(1).unwrap_err().contains("--memory"));
/// ```
pub fn check_memory(memory_mib: u64) -> Result<(), String> {
    if MEMORY_MIB.contains(&memory_mib) {
        Ok(())
    } else {
        Err(format!(
            "--memory must be from {} to {} MiB, not {memory_mib}",
            MEMORY_MIB.start(),
            MEMORY_MIB.end()
        ))
    }
}

/// A target of the `problems` package whose tests include `stress`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A problem: `problems/NAME.rs`, a `bin`.
    Problem(String),
    /// A starter `new` copies: an `example` (`starter`, `starter_atcoder`, ...).
    Starter(String),
}

impl Target {
    /// The target's name.
    pub fn name(&self) -> &str {
        match self {
            Target::Problem(name) | Target::Starter(name) => name,
        }
    }

    /// Cargo's flag selecting it.
    fn flag(&self) -> &'static str {
        match self {
            Target::Problem(_) => "--bin",
            Target::Starter(_) => "--example",
        }
    }
}

/// The target named `name` in `workspace`: a problem, or a starter (its `[[example]]` name,
/// [`crate::manifest::Starter::example`]).
///
/// # Errors
/// An unknown name, listing the problems and the starters.
pub fn find_target(workspace: &Workspace, name: &str) -> Result<Target, String> {
    let unknown = match crate::workspace::check_problem(workspace.root(), name) {
        Ok(()) => return Ok(Target::Problem(name.to_string())),
        Err(unknown) => unknown,
    };
    let starters = starter_names(workspace);
    if starters.iter().any(|s| s == name) {
        return Ok(Target::Starter(name.to_string()));
    }
    Err(format!("{unknown}; the starters: {}", starters.join(", ")))
}

/// The names `stress` knows the starters by, sorted: their `[[example]]` names.
pub fn starter_names(workspace: &Workspace) -> Vec<String> {
    let mut names: Vec<String> = workspace
        .manifest()
        .starters()
        .into_iter()
        .map(|s| s.example)
        .collect();
    names.sort();
    names
}

/// The cargo arguments that build `target`'s test binary optimised (the release profile: the
/// judge's optimisation, without debug assertions).
pub fn build_args(target: &Target) -> [&str; 7] {
    [
        "test",
        "--release",
        "--no-run",
        "-p",
        "problems",
        target.flag(),
        target.name(),
    ]
}

/// The test executable of `name` among the artifacts of a build.
///
/// # Errors
/// If no artifact is a test executable of that target.
pub fn test_executable(artifacts: &[Artifact], name: &str) -> Result<PathBuf, String> {
    artifacts
        .iter()
        .find(|artifact| artifact.test && artifact.target == name)
        .map(|artifact| artifact.executable.clone())
        .ok_or_else(|| format!("cargo built no test binary for `{name}`"))
}

/// Builds `target`'s test binary optimised; when there is work, a line saying so and cargo's
/// progress and errors on standard error (nothing when it is fresh).
///
/// # Errors
/// If cargo cannot run, the build fails, or no test binary comes out.
pub fn build(root: &Path, target: &Target) -> Result<PathBuf, String> {
    let artifacts = cargo::build_for_contestant(
        root,
        &build_args(target),
        &format!(
            "building the tests of `{}` optimised (a minute or two the first time)",
            target.name()
        ),
    )
    .map_err(|e| format!("building the tests of `{}`: {e}", target.name()))?;
    test_executable(&artifacts, target.name())
}

/// Builds `target`'s own program optimised (the problem's binary, or the starter's example),
/// as `play` and `stress --reference` run it; cargo says nothing when it is fresh.
///
/// # Errors
/// If the build fails or yields no such binary.
pub fn program_binary(root: &Path, target: &Target) -> Result<PathBuf, String> {
    let name = target.name();
    let flag = match target {
        Target::Problem(_) => "--bin",
        Target::Starter(_) => "--example",
    };
    cargo::build_for_contestant(
        root,
        &["build", "--release", "-p", "problems", flag, name],
        &format!("building `{name}` optimised (a minute or two the first time)"),
    )?
    .into_iter()
    .find(|a| a.target == name && !a.test)
    .map(|a| a.executable)
    .ok_or_else(|| format!("cargo built no binary for `{name}`"))
}

/// Problem `name`'s bundle for `judge`, written to `dir/NAME.rs` and compiled there as a plain
/// judge compiles it (`rustc` with the judge's edition and flags): the executable
/// `dir/NAME-bundle`.
///
/// # Errors
/// If the bundler refuses the problem, a file cannot be written, or the bundle does not compile
/// (one that needs a judge's crates, such as AtCoder's proconio, compiles only with them: the
/// runner's bundle stage builds it so).
pub fn bundle_binary(
    root: &Path,
    name: &str,
    judge: &crate::judges::Judge,
    dir: &Path,
) -> Result<PathBuf, String> {
    let bundled = bundler::bundle(root, name, judge)?;
    let file = dir.join(format!("{name}.rs"));
    let exe = dir.join(format!("{name}-bundle"));
    std::fs::create_dir_all(dir)
        .and_then(|_| std::fs::write(&file, bundled.text))
        .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let out = Command::new("rustc")
        .args(["--edition", judge.edition])
        .args(judge.rustc_flags)
        .arg("-o")
        .arg(&exe)
        .arg(&file)
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    if !out.status.success() {
        let text = String::from_utf8_lossy(&out.stderr);
        let first = text.lines().find(|l| l.starts_with("error")).unwrap_or("");
        let crates = if judge.is_plain() {
            String::new()
        } else {
            format!(
                " (a bundle that needs {}'s crates is built with them by ./run_tests.sh {name})",
                judge.title
            )
        };
        return Err(format!(
            "the bundle {} does not compile alone: {first}{crates}",
            file.display()
        ));
    }
    Ok(exe)
}

/// The command that runs the stress test of a built test binary, its address space capped at
/// `memory_mib` MiB (through `sh`'s `ulimit -v`, so that a brute force that runs away fails its
/// allocation and aborts instead of filling the machine's memory).
pub fn stress_command(
    executable: &Path,
    request: &StressRequest,
    report: &Path,
    memory_mib: u64,
) -> Command {
    let mut command = Command::new("sh");
    // Only this tool's settings reach the test: none left in the environment it runs in.
    for key in [
        STRESS_ITERS,
        STRESS_SECONDS,
        STRESS_SEED,
        STRESS_SIZE,
        STRESS_PROGRAMS,
        STRESS_MAX,
    ] {
        command.env_remove(key);
    }
    command
        .args(["-c", "ulimit -v \"$0\" 2>/dev/null; exec \"$@\""])
        .arg(memory_mib.saturating_mul(1024).to_string())
        .arg(executable)
        .args(["--ignored", "--exact", "tests::stress", "--nocapture"])
        .env(STRESS_REPORT, report)
        .env(
            STRESS_TERMINAL,
            if std::io::stderr().is_terminal() {
                "1"
            } else {
                "0"
            },
        )
        .envs(request.environment())
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    command
}

/// How a stress run ended.
#[derive(Debug, PartialEq)]
pub enum Conclusion {
    /// Every input agreed: the report.
    Agreed(String),
    /// A disagreement, shrunk and saved: the report.
    Disagreed(String),
    /// The test binary refused a setting: its one-line message.
    Refused(String),
    /// The test binary ended without a report: how, and its last lines on standard error.
    Crashed(String),
}

/// How long past its `--seconds` bound a test binary that has not ended (its own watchdog
/// stops it at the bound) is killed.
pub const BACKSTOP: Duration = Duration::from_secs(5);

/// Runs `command` (a stress test), its standard error passed through as it comes, and reads
/// the report it leaves at `report` (then removes it). With a `backstop`, a test binary still
/// running that long after the start is killed and reported so.
///
/// # Errors
/// If the command cannot be started.
pub fn run(
    mut command: Command,
    report: &Path,
    backstop: Option<Duration>,
) -> Result<Conclusion, String> {
    let start = Instant::now();
    let mut child = command
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run the test binary: {e}"))?;
    let stderr = child.stderr.take();
    let pump = std::thread::spawn(move || {
        let mut tail = Vec::new();
        if let Some(mut stderr) = stderr {
            let mut buf = [0u8; 4096];
            let mut ours = std::io::stderr();
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let _ = ours.write_all(&buf[..n]);
                tail.extend_from_slice(&buf[..n]);
                if tail.len() > 2 * TAIL_BYTES {
                    tail.drain(..tail.len() - TAIL_BYTES);
                }
            }
        }
        tail
    });
    let mut killed = false;
    let status = loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| format!("cannot wait for the test binary: {e}"))?
        {
            break status;
        }
        if !killed && backstop.is_some_and(|b| start.elapsed() >= b) {
            let _ = child.kill();
            killed = true;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let tail = pump.join().unwrap_or_default();
    let text = std::fs::read_to_string(report).ok();
    let _ = std::fs::remove_file(report);
    if killed {
        let seconds = backstop.unwrap_or_default().as_secs_f64();
        return Ok(Conclusion::Crashed(format!(
            "the test binary was still running {seconds} s after its start, past its bound: killed"
        )));
    }
    Ok(ended(status, text, &String::from_utf8_lossy(&tail)))
}

/// How a run ended, from its exit status, its report (if it wrote one) and the end of its
/// standard error.
pub fn ended(status: ExitStatus, report: Option<String>, stderr_tail: &str) -> Conclusion {
    match (status.code(), report) {
        (Some(0), Some(text)) => Conclusion::Agreed(text),
        (Some(1), Some(text)) => Conclusion::Disagreed(text),
        (Some(2), Some(text)) => Conclusion::Refused(text.trim_end().to_string()),
        // The test harness ran and found no `tests::stress` to run.
        (Some(0), None) => Conclusion::Crashed(
            "the test binary has no test `tests::stress` (does the file call testkit::problem_tests!?)"
                .to_string(),
        ),
        _ => Conclusion::Crashed(crash_report(status, stderr_tail)),
    }
}

/// A crash, said plainly: the signal that killed the test binary (or its exit status) and its
/// last lines on standard error.
pub fn crash_report(status: ExitStatus, stderr_tail: &str) -> String {
    let how = match signal_of(status) {
        Some(signal) => format!("the test binary was killed by {}", signal_name(signal)),
        None => match status.code() {
            Some(code) => format!("the test binary exited with status {code} and no report"),
            None => "the test binary ended without a report".to_string(),
        },
    };
    let lines = last_lines(stderr_tail, TAIL_LINES);
    if lines.is_empty() {
        format!("{how}; it wrote nothing on standard error")
    } else {
        format!(
            "{how}; its last lines on standard error:\n{}",
            lines
                .iter()
                .map(|l| format!("  {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        )
    }
}

#[cfg(unix)]
fn signal_of(status: ExitStatus) -> Option<i32> {
    std::os::unix::process::ExitStatusExt::signal(&status)
}

#[cfg(not(unix))]
fn signal_of(_: ExitStatus) -> Option<i32> {
    None
}

/// The usual name of a signal, with what it usually means for a test binary.
pub fn signal_name(signal: i32) -> String {
    let known = match signal {
        4 => "SIGILL (illegal instruction)",
        6 => "SIGABRT (an abort: a stack overflow, memory exhausted, or a panic while panicking)",
        7 => "SIGBUS (bus error)",
        8 => "SIGFPE (arithmetic exception)",
        9 => "SIGKILL (killed: often the kernel's out-of-memory killer)",
        11 => "SIGSEGV (invalid memory access)",
        15 => "SIGTERM (terminated)",
        _ => return format!("signal {signal}"),
    };
    known.to_string()
}

/// The last `n` non-blank lines of `text`, a carriage return ending a line as a newline does
/// (progress lines rewrite themselves with `\r`).
pub fn last_lines(text: &str, n: usize) -> Vec<String> {
    let lines: Vec<&str> = text
        .split(['\n', '\r'])
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    lines[lines.len().saturating_sub(n)..]
        .iter()
        .map(|l| l.chars().take(300).collect())
        .collect()
}

#[cfg(test)]
mod tests;
