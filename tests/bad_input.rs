//! Runs the built problem binaries on malformed input: each must exit non-zero with exactly one
//! line `error: …` on stderr, print nothing on stdout, and never panic.

use std::io::Write;
use std::process::{Command, Stdio};

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

fn run(binary: &str, input: &[u8]) -> Run {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    let out = child.wait_with_output().expect("the binary finishes");
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Asserts a clean refusal whose message contains `needle`.
fn refused(binary: &str, input: &[u8], needle: &str) {
    let r = run(binary, input);
    let shown = String::from_utf8_lossy(input);
    assert_ne!(r.status, 0, "{binary} accepted {shown:?}");
    assert!(
        r.stdout.is_empty(),
        "{binary} printed answers for {shown:?}: {}",
        r.stdout
    );
    assert_eq!(
        r.stderr.lines().count(),
        1,
        "{binary} on {shown:?}: not one line: {}",
        r.stderr
    );
    assert!(
        r.stderr.starts_with("error: "),
        "{binary} on {shown:?}: {}",
        r.stderr
    );
    assert!(
        r.stderr.contains(needle),
        "{binary} on {shown:?}: expected `{needle}` in {}",
        r.stderr
    );
    assert!(
        !r.stderr.contains("panicked"),
        "{binary} panicked on {shown:?}"
    );
}

/// Inputs every binary must refuse, whatever its format.
fn common_cases(binary: &str) {
    refused(binary, b"", "input ended early");
    refused(binary, b"   \n\n", "input ended early");
    refused(binary, b"abc\n", "expected an integer, found `abc`");
    refused(binary, b"2.5\n", "expected an integer, found `2.5`");
    refused(binary, b"-3\n", "= -3 is out of range");
    refused(binary, b"99999999999999999999999\n", "is out of range");
    refused(binary, b"\xff\xfe\n", "not UTF-8");
    // An absurd count followed by nothing: no huge allocation, no hang, just the missing token.
    refused(binary, b"1000000000\n", "input ended early");
}

#[test]
fn mmmgame() {
    let bin = env!("CARGO_BIN_EXE_mmmgame");
    common_cases(bin);
    refused(bin, b"2\n1\n5\n", "expected N of test case 2");
    refused(
        bin,
        b"1\n2\n3 0\n",
        "A_2 of test case 1 = 0 is out of range",
    );
    refused(bin, b"1\n0\n", "N of test case 1 = 0");
    refused(bin, b"1\n1\n5\n7\n", "unexpected extra input");
}

#[test]
fn nukit() {
    let bin = env!("CARGO_BIN_EXE_nukit");
    common_cases(bin);
    refused(bin, b"1\n1 2 3\n", "expected the count of D in test case 1");
    refused(bin, b"1\n1 2 x 3\n", "expected an integer, found `x`");
    refused(bin, b"1\n100000 100000 0 0\n", "need a table of more than");
    refused(
        bin,
        b"1\n1 2 3 -4\n",
        "the count of D in test case 1 = -4 is out of range",
    );
}

#[test]
fn pegostripes() {
    let bin = env!("CARGO_BIN_EXE_pegostripes");
    common_cases(bin);
    refused(
        bin,
        b"1 0 2\n1\n5\n",
        "the strip length z = 0 is out of range",
    );
    refused(bin, b"1 2 3\n1\n0\n", "board 1 = 0 is out of range");
    refused(bin, b"1 2 3\n3\n5\n6\n", "expected board 3");
    refused(
        bin,
        b"1 2 200000\n1\n200000\n",
        "needs more than the 131072 values",
    );
}

#[test]
fn game3() {
    let bin = env!("CARGO_BIN_EXE_game3");
    common_cases(bin);
    refused(bin, b"1\n1\n", "N of game 1 = 1 is out of range");
    refused(bin, b"1\n0\n", "N of game 1 = 0 is out of range");
    refused(bin, b"1\n18446744073709551616\n", "out of range");
    refused(bin, b"3\n5\n6\n", "expected N of game 3");
}

#[test]
fn towerbreakers() {
    let bin = env!("CARGO_BIN_EXE_towerbreakers");
    common_cases(bin);
    refused(bin, b"1\n3 0\n", "m of test case 1 = 0 is out of range");
    refused(bin, b"1\n0 3\n", "n of test case 1 = 0 is out of range");
    refused(bin, b"1\n3\n", "expected m of test case 1");
}

#[test]
fn knights() {
    let bin = env!("CARGO_BIN_EXE_knights");
    common_cases(bin);
    refused(
        bin,
        b"1\n1\n16 1\n",
        "x of coin 1 in test case 1 = 16 is out of range",
    );
    refused(
        bin,
        b"1\n1\n1 0\n",
        "y of coin 1 in test case 1 = 0 is out of range",
    );
    refused(
        bin,
        b"1\n3\n1 1\n2 2\n",
        "expected x of coin 3 in test case 1",
    );
    refused(bin, b"1\n0\n", "k of test case 1 = 0 is out of range");
}

#[test]
fn good_input_still_answers() {
    let r = run(env!("CARGO_BIN_EXE_game3"), b"4\n2\n3\n4\n5\n");
    assert_eq!(
        (r.status, r.stdout.as_str(), r.stderr.as_str()),
        (0, "Marica\nIvica\nMarica\nMarica\n", "")
    );
}
