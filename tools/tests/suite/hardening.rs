//! The tools on hostile and extreme arguments: an answer or one line `error: ...` with a
//! non-zero exit, in bounded memory, and never a panic. (Times are measured in benchmarks, not
//! asserted here: a loaded machine would make such a test fail for nothing.)

use std::process::{Command, Output, Stdio};

/// Runs a tool with a virtual-memory limit (KiB) and stdout to `stdout`.
fn run_limited(tool: &str, args: &[&str], limit_kib: u64, stdout: Stdio) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {limit_kib}; exec \"$@\""))
        .arg("bash")
        .arg(tool)
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

fn assert_one_line_error(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with("error: ") && last.contains(needle),
        "{err}"
    );
    assert_eq!(
        err.lines().filter(|l| l.starts_with("error")).count(),
        1,
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_value_beyond_65535_is_an_error_not_a_panic() {
    let code = format!("0.{}", "3".repeat(65536));
    let out = run_limited(
        env!("CARGO_BIN_EXE_grundy"),
        &["octal", &code, "--upto", "65537"],
        4 << 20,
        Stdio::piped(),
    );
    assert_one_line_error(&out, "G(65536) exceeds 65535");
}

#[test]
fn upto_beyond_memory_is_refused_before_any_work() {
    let out = run_limited(
        env!("CARGO_BIN_EXE_grundy"),
        &["subtraction", "1", "--upto", "268435456"],
        512 << 10,
        Stdio::piped(),
    );
    assert_one_line_error(&out, "--upto 268435456: needs up to");
}

#[test]
fn long_codes_stop_at_the_work_cap() {
    // The default cap (10^11 options, a few minutes) stops a code whose period is out
    // of reach the same way; a smaller cap keeps the test short.
    let code = format!("0.{}", "7".repeat(100));
    let out = run_limited(
        env!("CARGO_BIN_EXE_grundy"),
        &["octal", &code, "--work", "300000000"],
        4 << 20,
        Stdio::piped(),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("period: none") && text.contains("(100 digits)"),
        "{text}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the --work cap stops at") && stderr.contains("options examined"),
        "{stderr}"
    );
}

#[test]
fn a_long_period_is_certified() {
    // Period 2·200000: certification is linear in the values (a Z-function), see periodicity.
    let out = run_limited(
        env!("CARGO_BIN_EXE_grundy"),
        &["subtraction", "200000"],
        4 << 20,
        Stdio::piped(),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.ends_with("period: 400000\npreperiod: 0\nset: 200000\n"),
        "{text}"
    );
}

#[test]
fn a_full_disk_is_an_error() {
    for (tool, args) in [
        (env!("CARGO_BIN_EXE_bundle"), vec!["nukit"]),
        (env!("CARGO_BIN_EXE_bundle"), vec!["--judges"]),
        (env!("CARGO_BIN_EXE_grundy"), vec!["octal", "0.07"]),
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = run_limited(tool, &args, 4 << 20, Stdio::from(full));
        assert_one_line_error(&out, "cannot write the output");
    }
}

/// A usage error (a bad argument, an unknown problem or judge) is one line `error: ...`
/// naming it and exit status 2 in every tool, never clap's usage text; `--help` stays whole.
#[test]
fn usage_errors_exit_2_with_one_line() {
    let root = model::workspace::default_root();
    let root = root.to_str().unwrap();
    for (tool, args, needle) in [
        (env!("CARGO_BIN_EXE_grundy"), vec!["octal"], "<CODE>"),
        // --work caps a run without --upto; with it, it would be ignored.
        (
            env!("CARGO_BIN_EXE_grundy"),
            vec!["octal", "0.07", "--upto", "10", "--work", "5"],
            "--work",
        ),
        (env!("CARGO_BIN_EXE_bundle"), vec![], "<NAME>"),
        (
            env!("CARGO_BIN_EXE_bundle"),
            vec!["nosuch", "--root", root],
            "unknown problem `nosuch`",
        ),
        (
            env!("CARGO_BIN_EXE_bundle"),
            vec!["knights", "--judge", "nosuch", "--root", root],
            "unknown judge `nosuch`",
        ),
        (env!("CARGO_BIN_EXE_stress"), vec!["--iters"], "--iters"),
        (env!("CARGO_BIN_EXE_stress"), vec!["nosuch"], "nosuch"),
        (
            env!("CARGO_BIN_EXE_stress"),
            vec!["game3", "--seconds", "-1"],
            "--seconds must be a positive number of seconds",
        ),
        (
            env!("CARGO_BIN_EXE_new"),
            vec!["--frobnicate"],
            "--frobnicate",
        ),
        (
            env!("CARGO_BIN_EXE_runner"),
            vec!["--frobnicate"],
            "'--frobnicate'",
        ),
        (
            env!("CARGO_BIN_EXE_runner"),
            vec!["nosuch", "--root", root],
            "unknown problem `nosuch`",
        ),
        (
            env!("CARGO_BIN_EXE_runner"),
            vec!["checkers/win_or_freeze", "--root", root],
            "`checkers/win_or_freeze` is not a valid problem name",
        ),
    ] {
        let out = Command::new(tool).args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tool} {args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{tool} {args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{tool} {args:?}: {err}"
        );
    }
    let help = Command::new(env!("CARGO_BIN_EXE_stress"))
        .arg("--help")
        .output()
        .unwrap();
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("--seconds <S>"));
}

#[test]
fn new_reads_at_most_4_mib_of_json() {
    let out = run_limited(
        env!("CARGO_BIN_EXE_new"),
        &["capped", "--from", "/dev/zero"],
        1 << 20,
        Stdio::piped(),
    );
    assert_one_line_error(&out, "/dev/zero: over 4 MiB");
}

#[test]
fn new_on_a_port_in_use_is_an_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = run_limited(
        env!("CARGO_BIN_EXE_new"),
        &["--listen", &port],
        1 << 20,
        Stdio::piped(),
    );
    assert_one_line_error(&out, &format!("cannot listen on 127.0.0.1:{port}"));
}

#[test]
fn the_runners_own_memory_is_not_counted_as_the_programs() {
    use sandbox::exec::{self, Input};
    use std::time::Duration;
    // Linux starts a child's ru_maxrss at its parent's resident set: with 256 MiB resident
    // here, a shell that only waits must still be measured small.
    let ballast = vec![1u8; 256 << 20];
    std::hint::black_box(&ballast);
    let run = exec::run(
        "/bin/sh".as_ref(),
        &["-c".as_ref(), "sleep 0.1; echo 1".as_ref()],
        Input::Bytes(b""),
        Duration::from_secs(20),
        1 << 20,
    )
    .unwrap();
    assert_eq!(run.stdout, b"1\n");
    assert!(
        run.peak_memory_kib < 32 << 10,
        "{} KiB",
        run.peak_memory_kib
    );
    // A program using less than the runner is still measured: its own peak, read as it exits.
    let run = exec::run(
        "/bin/sh".as_ref(),
        &[
            "-c".as_ref(),
            "x=$(head -c 67108864 /dev/zero | tr '\\0' a); echo ${#x}".as_ref(),
        ],
        Input::Bytes(b""),
        Duration::from_secs(20),
        1 << 20,
    )
    .unwrap();
    assert_eq!(run.stdout, b"67108864\n");
    assert!(
        (64 << 10..256 << 10).contains(&run.peak_memory_kib),
        "{} KiB",
        run.peak_memory_kib
    );
    drop(ballast);
}
