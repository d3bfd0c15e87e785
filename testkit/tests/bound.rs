//! `stress --seconds` is a hard bound: a run whose input never finishes is ended at the bound
//! by the stress test itself, with what was checked so far. The test binary runs itself: the
//! ignored tests below are the stress runs, the others start them as the `stress` tool does.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use testkit::{Harness, Problem, Rng};

/// Heaps; the brute force answers the heap's parity, until it has answered `STUCK_AFTER` heaps
/// (or, in the shrinking run, a heap of 7): then it never returns, as a search that explodes.
#[derive(Default)]
struct Parity {
    answered: u64,
    seen_seven: bool,
}

const STUCK_AFTER: u64 = 5;

impl Problem for Parity {
    type Case = u64;
    const MAX_CASES: usize = 1;
    fn case(rng: &mut Rng, size: u64) -> u64 {
        rng.range(1, size)
    }
    fn input(cases: &[u64]) -> String {
        format!("{}\n", cases[0])
    }
    fn brute(&mut self, &n: &u64) -> String {
        let shrinking = std::env::var("BOUND_TEST_SHRINK").is_ok();
        let stuck = if std::env::var("BOUND_TEST_FREE").is_ok() {
            false
        } else if shrinking {
            self.seen_seven
        } else {
            self.answered == STUCK_AFTER
        };
        if stuck {
            loop {
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        self.answered += 1;
        self.seen_seven |= n == 7;
        format!("{}\n", n % 2)
    }
}

/// Right on every heap but 7.
fn parity(input: &str) -> Result<String, String> {
    let n: u64 = input
        .trim()
        .parse()
        .map_err(|_| "not a number".to_string())?;
    Ok(format!("{}\n", if n == 7 { 0 } else { n % 2 }))
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("testkit-bound-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("crate")).unwrap();
    dir
}

#[test]
#[ignore = "started by the tests below"]
fn stress_run() {
    let dir = std::env::var("BOUND_TEST_DIR").unwrap();
    let crate_dir = Path::new(&dir).join("crate");
    Harness::<Parity>::new("parity", crate_dir.to_str().unwrap(), parity).stress_from_env();
}

/// Runs `stress_run` as the `stress` tool would, for at most a minute: its exit status and
/// report.
fn run(dir: &Path, env: &[(&str, &str)]) -> (Option<i32>, String) {
    let (status, report, _) = run_with_stderr(dir, env);
    (status, report)
}

/// [`run`], and what the run wrote on standard error.
fn run_with_stderr(dir: &Path, env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let report = dir.join("report");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "stress_run", "--nocapture"])
        .env("BOUND_TEST_DIR", dir)
        .env(testkit::STRESS_REPORT, &report)
        .envs(env.iter().copied())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let give_up = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > give_up {
            let _ = child.kill();
            panic!("the stress run did not stop at its bound");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stderr = reader.join().unwrap();
    let report = std::fs::read_to_string(report).unwrap_or_default();
    (status.code(), report, stderr)
}

#[test]
fn a_search_that_never_ends_is_stopped_at_the_bound() {
    let dir = scratch("search");
    let (status, report) = run(&dir, &[("STRESS_SECONDS", "1"), ("STRESS_SEED", "40")]);
    assert_eq!(status, Some(0), "{report}");
    assert!(
        report.starts_with(
            "5 inputs agree (seed 40); stopped at the 1 s bound while seed 45 ran for "
        ),
        "{report}"
    );
    assert!(
        report.ends_with("(replay it alone: --seed 45 --iters 1)\n"),
        "{report}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_disagreement_stopped_while_shrinking_is_saved_as_found() {
    let dir = scratch("shrink");
    let env = [
        ("STRESS_SECONDS", "1"),
        ("STRESS_SEED", "1"),
        ("STRESS_SIZE", "9"),
        ("BOUND_TEST_SHRINK", "1"),
    ];
    let (status, report) = run(&dir, &env);
    assert_eq!(status, Some(1), "{report}");
    let first = report.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("parity: seed ")
            && first.ends_with(
                "disagrees with the brute force; stopped at the 1 s bound while shrinking it"
            ),
        "{report}"
    );
    assert!(
        report.contains("line 1: expected `1` got `0`\nsaved as "),
        "{report}"
    );
    let seed: u64 = first["parity: seed ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let saved = dir.join(format!("testcases/parity/stress-{seed}.in"));
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), "7\n");
    assert_eq!(
        std::fs::read_to_string(saved.with_extension("out")).unwrap(),
        "1\n"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_run_that_ends_by_itself_is_not_reported_twice() {
    let dir = scratch("iters");
    let (status, report) = run(&dir, &[("STRESS_ITERS", "3"), ("STRESS_SEED", "2")]);
    assert_eq!(
        (status, report.as_str()),
        (Some(0), "3 inputs agree (seed 2)\n")
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn progress_is_rewritten_in_place_on_a_terminal_only() {
    let dir = scratch("progress");
    // Heaps up to 6: the solution is wrong on 7 only.
    let free = [
        ("STRESS_SECONDS", "1.5"),
        ("BOUND_TEST_FREE", "1"),
        ("STRESS_SIZE", "6"),
    ];
    let terminal = [free[0], free[1], free[2], ("STRESS_TERMINAL", "1")];
    let (status, report, stderr) = run_with_stderr(&dir, &terminal);
    assert_eq!(status, Some(0), "{report}");
    assert!(stderr.contains("\rparity: "), "{stderr:?}");
    assert!(
        stderr.contains(" inputs agree, ") && stderr.ends_with('\n'),
        "{stderr:?}"
    );
    // A log gets no carriage return (and, this short, no progress line at all).
    let log = [free[0], free[1], free[2], ("STRESS_TERMINAL", "0")];
    let (status, report, stderr) = run_with_stderr(&dir, &log);
    assert_eq!(status, Some(0), "{report}");
    assert!(
        !stderr.contains('\r') && !stderr.contains("parity: "),
        "{stderr:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
