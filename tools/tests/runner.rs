//! The regression runner tells the truth: each case is planted in a scratch folder and the
//! runner's own helpers (tools/run_tests_lib.sh, which run_tests.sh sources) report it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    tools::workspace::default_root()
}

/// Runs `script` in bash with the runner's helpers loaded, in `dir`.
fn with_helpers(dir: &Path, script: &str) -> (i32, String) {
    let lib = root().join("tools/run_tests_lib.sh");
    let out = Command::new("bash")
        .current_dir(dir)
        .arg("-c")
        .arg(format!(
            "set -u; passed=0; failed=0; green=''; red=''; reset=''; timeout_setting=0; default_limit=10; . '{}'; {}",
            lib.display(),
            script
        ))
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

fn scratch(tag: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("runner-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn the_first_difference_is_named_exactly() {
    let dir = scratch(
        "diff",
        &[
            ("want", "Marica\nIvica\n"),
            ("extra", "Marica\nIvica\nMarica\n"),
            ("short", "Marica\n"),
            ("crlf", "Marica\r\nIvica"),
            ("two", "Ivica\nMarica\n"),
        ],
    );
    for (got, report) in [
        ("extra", "line 3: expected (nothing) got \"Marica\""),
        ("short", "line 2: expected \"Ivica\" got (nothing)"),
        ("crlf", "no difference"),
        // Two differing lines are reported at the first, each with its own text.
        ("two", "line 1: expected \"Marica\" got \"Ivica\""),
    ] {
        let (_, out) = with_helpers(&dir, &format!("first_difference want {got}"));
        assert_eq!(out.trim_end(), report, "{got}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn verdicts_for_planted_cases() {
    let dir = scratch(
        "cases",
        &[
            ("a.in", "1\n"),
            ("a.out", "1\n"),
            ("b.in", "1\n"),
            ("b.out", "2\n"),
            ("c.in", "1\n"),
        ],
    );
    let script = "run_case ok a.in a.out 5 cat; run_case wrong b.in b.out 5 cat; run_case missing c.in c.out 5 cat; \
                  run_case crash a.in a.out 5 false; run_case slow a.in a.out 0.2 sleep 5; echo \"$passed passed, $failed failed\"";
    let (_, out) = with_helpers(&dir, script);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("AC  ok"), "{out}");
    assert!(
        lines[1].starts_with("WA  wrong") && lines[1].ends_with("line 1: expected \"2\" got \"1\""),
        "{out}"
    );
    assert!(
        lines[2].starts_with("WA  missing")
            && lines[2].contains("no expected output: c.out is missing"),
        "{out}"
    );
    assert!(
        lines[3].starts_with("RE  crash") && lines[3].contains("exit 1"),
        "{out}"
    );
    assert!(
        lines[4].starts_with("TLE slow") && lines[4].contains("over 0.2 s"),
        "{out}"
    );
    assert_eq!(lines[5], "1 passed, 4 failed");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn settings_are_checked_and_limits_come_from_the_problem() {
    let dir = scratch(
        "limits",
        &[
            (
                "problems/timed.rs",
                "//! T\n//!\n//! - judge: spoj\n//! - time limit: 1.5 s\nfn main() {}\n",
            ),
            ("problems/plain.rs", "fn main() {}\n"),
        ],
    );
    let (_, out) = with_helpers(
        &dir,
        "time_limit timed; time_limit plain; timeout_setting=3; time_limit plain",
    );
    assert_eq!(out, "1.5\n10\n3\n");
    let (_, out) = with_helpers(
        &dir,
        "for t in 10 0 2.5 abc -1 '' 1e3; do valid_timeout \"$t\" && echo ok || echo bad; done",
    );
    assert_eq!(out, "ok\nok\nok\nbad\nbad\nbad\nbad\n");
    // The runner refuses a bad TIMEOUT before it builds anything.
    let out = Command::new(root().join("run_tests.sh"))
        .env("TIMEOUT", "abc")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: TIMEOUT must be a positive number of seconds, not \"abc\"\n"
    );
    // CARGO_TARGET_DIR is where the binaries are looked for.
    let target = std::env::temp_dir().join("elsewhere-target");
    let out = Command::new("bash")
        .current_dir(root())
        .env("CARGO_TARGET_DIR", &target)
        .arg("-c")
        .arg(". tools/run_tests_lib.sh; cargo_target_dir")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        target.to_str().unwrap()
    );
    std::fs::remove_dir_all(dir).unwrap();
}
