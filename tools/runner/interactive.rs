//! Interactive problems in the runner: each played case (`testcases/NAME/X.in`, the starts) is
//! played against the binary or its bundle by the jury that the problem's own tests derive from
//! its game (testkit's `interactive`), reached through the problem's test binary (the ignored test
//! `tests::interactor`, which the unit stage already built), so no jury code reaches a shipped
//! binary. The test binary starts the program with piped standard input and output, plays the
//! case with each strategy within the case's limit (the program's CPU time, with a wall-clock
//! backstop, so that the machine's load changes no verdict), and reports one line; a failed dialogue's
//! transcript is kept under `target/transcripts/` and its path is on the verdict line.
//!
//! A scripted dialogue (`sample-N.in`/`.out`, from the statement) is run as a batch case: the
//! program gets all of the jury's lines and must write the sample's lines; the first line that
//! differs is named with both texts (testkit's `judge_script`), before whatever error the
//! program then met on jury lines that no longer fit its game.

use super::cargo;
use super::cases;
use super::exec::{self, Ended, Input};
use super::report::{Report, Verdict};
use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::time::Duration;
use testkit::interactive::is_scripted;

/// How long the runner waits for a test binary beyond the dialogues' own limits.
const BACKSTOP: Duration = Duration::from_secs(20);

/// The interactive problems of a run and their juries (test binaries).
#[derive(Debug, Default)]
pub struct Interactors {
    testers: HashMap<String, Result<PathBuf, String>>,
    transcripts: PathBuf,
}

impl Interactors {
    /// Finds the test binaries holding the juries of the `interactive` problems (`cargo test
    /// --no-run` with `profile`, as the unit stage built them: nothing is rebuilt). Transcripts
    /// go to `target_dir/transcripts`.
    pub fn build(
        root: &Path,
        profile: &[String],
        interactive: &[String],
        target_dir: &Path,
        report: &mut Report,
    ) -> Interactors {
        let mut interactors = Interactors {
            testers: HashMap::new(),
            transcripts: target_dir.join("transcripts"),
        };
        if interactive.is_empty() {
            return interactors;
        }
        let mut args = vec!["test", "--no-run"];
        args.extend(profile.iter().map(String::as_str));
        args.extend(["-p", "problems"]);
        for name in interactive {
            args.extend(["--bin", name.as_str()]);
        }
        let built = cargo::build(root, &args);
        for name in interactive {
            let tester = match &built {
                Ok(artifacts) => artifacts
                    .iter()
                    .find(|a| a.test && a.kind == "bin" && &a.target == name)
                    .map(|a| a.executable.clone())
                    .ok_or_else(|| format!("cargo built no test binary for {name}")),
                Err(e) => Err(e.clone()),
            };
            interactors.testers.insert(name.clone(), tester);
        }
        let _ = std::fs::create_dir_all(&interactors.transcripts);
        report.note(&format!(
            "interactive: {} (played against the jury their tests derive)",
            interactors.names().join(", ")
        ));
        interactors
    }

    /// The interactive problems, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.testers.keys().cloned().collect();
        names.sort();
        names
    }

    /// Whether case `input` of problem `name` is judged here ([`Interactors::play_case`]):
    /// every case of an interactive problem, played against the jury or, for a scripted
    /// dialogue, compared line by line.
    pub fn plays(&self, name: &str, _input: &Path) -> bool {
        self.testers.contains_key(name)
    }

    /// Judges case `input` of problem `name` run by `program`, printing its verdict as
    /// `label`: played ([`Interactors::play_case`]) if this run plays it, else run as a batch
    /// case within `limits`, judged by `checker` if the problem has one.
    #[allow(clippy::too_many_arguments)] // the case, its program and its judging, as run_case
    pub fn judge_case(
        &self,
        report: &mut Report,
        name: &str,
        label: &str,
        input: &Path,
        program: &Path,
        limits: super::limits::CaseLimits,
        checker: Option<&Path>,
    ) {
        if self.plays(name, input) {
            self.play_case(report, name, label, input, program, limits.time);
        } else {
            cases::run_case(report, label, input, program, limits, checker);
        }
    }

    /// Plays case `input` of the interactive problem `name` against `program` and prints its
    /// verdict as `label`, with the transcript's path when it fails.
    pub fn play_case(
        &self,
        report: &mut Report,
        name: &str,
        label: &str,
        input: &Path,
        program: &Path,
        limit: Duration,
    ) {
        if is_scripted(input) {
            let (verdict, elapsed, detail) = scripted(input, program, limit);
            return report.verdict(verdict, label, elapsed, &detail);
        }
        let tester = match self.testers.get(name) {
            Some(Ok(tester)) => tester,
            Some(Err(e)) => return report.verdict(Verdict::Re, label, Duration::ZERO, e),
            None => {
                let detail = format!("{name} is not an interactive problem");
                return report.verdict(Verdict::Re, label, Duration::ZERO, &detail);
            }
        };
        let transcript = self
            .transcripts
            .join(format!("{}.txt", label.replace(['/', ':'], "-")));
        let _ = std::fs::remove_file(&transcript);
        let (verdict, elapsed, detail) = play(tester, input, program, limit, &transcript);
        report.verdict(verdict, label, elapsed, &detail);
    }
}

/// Plays `input` against `program` through the jury in `tester`: the verdict, the longest
/// dialogue's time, and the detail (the reason and, on a failure, the transcript's path).
pub fn play(
    tester: &Path,
    input: &Path,
    program: &Path,
    limit: Duration,
    transcript: &Path,
) -> (Verdict, Duration, String) {
    let report_file = transcript.with_extension("report");
    let _ = std::fs::remove_file(&report_file);
    let absolute = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let (case, contestant) = (absolute(input), absolute(program));
    let seconds = OsString::from(limit.as_secs_f64().to_string());
    let env: [(&str, &OsStr); 5] = [
        ("INTERACT_CASE", case.as_os_str()),
        ("INTERACT_PROGRAM", contestant.as_os_str()),
        ("INTERACT_LIMIT", &seconds),
        ("INTERACT_REPORT", report_file.as_os_str()),
        ("INTERACT_TRANSCRIPT", transcript.as_os_str()),
    ];
    let args: [&OsStr; 5] = [
        "--ignored".as_ref(),
        "--exact".as_ref(),
        "tests::interactor".as_ref(),
        "--nocapture".as_ref(),
        "--quiet".as_ref(),
    ];
    let dialogues = testkit::interactive::strategies(0).len() as u32;
    // Each dialogue's limit is the program's CPU time, with the clock's backstop at
    // WALL_FACTOR times that.
    let backstop = limit * exec::WALL_FACTOR * dialogues + BACKSTOP;
    let run = match exec::run_with_env(tester, &args, &env, Input::Bytes(b""), backstop, 1 << 20) {
        Ok(run) => run,
        Err(e) => return (Verdict::Re, Duration::ZERO, e.to_string()),
    };
    let line = std::fs::read_to_string(&report_file).unwrap_or_default();
    let _ = std::fs::remove_file(&report_file);
    match parse_report(&line) {
        Some((verdict, elapsed, reason)) => {
            let detail = if verdict == Verdict::Ac {
                reason
            } else {
                format!(
                    "{reason}{}{}",
                    super::report::TRANSCRIPT,
                    transcript.display()
                )
            };
            (verdict, elapsed, detail)
        }
        None => {
            let how = match run.ended {
                Ended::TimedOut => format!("the jury was still running after {backstop:?}"),
                Ended::Exited(code) => format!("the jury exited with status {code} and no verdict"),
                Ended::Signalled(signal) => format!("the jury was killed by signal {signal}"),
                Ended::OverCap => "the jury wrote too much".to_string(),
                Ended::OverMemory => "the jury was stopped at its memory bound".to_string(),
            };
            let said = super::report::first_line(&run.stderr);
            (Verdict::Re, run.elapsed, format!("{how}: {said}"))
        }
    }
}

/// Runs `program` on a scripted dialogue `input` (all the jury's lines at once) and compares
/// its lines with the sample's `.out`: the verdict, the time, and the first differing line
/// (named with both texts) or the failure.
pub fn scripted(input: &Path, program: &Path, limit: Duration) -> (Verdict, Duration, String) {
    let expected_path = input.with_extension("out");
    let expected = match std::fs::read_to_string(&expected_path) {
        Ok(text) => text,
        Err(e) => {
            let detail = format!("{}: {e}", expected_path.display());
            return (Verdict::Wa, Duration::ZERO, detail);
        }
    };
    let cap = cases::output_cap(expected.len() as u64);
    let run = match exec::run(program, &[], Input::File(input), limit, cap) {
        Ok(run) => run,
        Err(e) => return (Verdict::Re, Duration::ZERO, e.to_string()),
    };
    let got = String::from_utf8_lossy(&run.stdout);
    let ended = match run.ended {
        Ended::Exited(0) => Ok(()),
        Ended::Exited(code) => Err(super::report::with_stderr(
            format!("exit {code}"),
            &run.stderr,
        )),
        Ended::Signalled(signal) => Err(super::report::with_stderr(
            format!("killed by signal {signal}"),
            &run.stderr,
        )),
        Ended::TimedOut => {
            let detail = format!("over {}", super::limits::show(limit));
            return (Verdict::Tle, run.elapsed, detail);
        }
        Ended::OverCap => {
            let detail = format!("output over {cap} bytes, stopped");
            return (Verdict::Wa, run.elapsed, detail);
        }
        Ended::OverMemory => {
            let detail = "stopped at the runner's memory bound".to_string();
            return (Verdict::Mle, run.elapsed, detail);
        }
    };
    let failed = ended.is_err();
    match testkit::interactive::judge_script(&expected, &got, ended) {
        Ok(()) => (Verdict::Ac, run.elapsed, String::new()),
        Err(why)
            if failed && testkit::interactive::script_difference(&expected, &got).is_none() =>
        {
            (Verdict::Re, run.elapsed, why)
        }
        Err(why) => (Verdict::Wa, run.elapsed, why),
    }
}

/// The jury's report line, `TAG MILLISECONDS REASON`.
///
/// ```
/// use runner::interactive::parse_report;
/// use runner::report::Verdict;
/// let (verdict, time, reason) = parse_report("WA 12 game 1: illegal move `1 4`\n").unwrap();
/// assert_eq!((verdict, time.as_millis(), reason.as_str()), (Verdict::Wa, 12, "game 1: illegal move `1 4`"));
/// assert!(parse_report("").is_none() && parse_report("OK 1 x").is_none());
/// ```
pub fn parse_report(line: &str) -> Option<(Verdict, Duration, String)> {
    let line = line.trim_end();
    let mut parts = line.splitn(3, ' ');
    let verdict = match parts.next()? {
        "AC" => Verdict::Ac,
        "WA" => Verdict::Wa,
        "RE" => Verdict::Re,
        "TLE" => Verdict::Tle,
        _ => return None,
    };
    let millis: u64 = parts.next()?.parse().ok()?;
    let reason = parts.next().unwrap_or("").to_string();
    Some((verdict, Duration::from_millis(millis), reason))
}
