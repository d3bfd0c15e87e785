//! `judge::main` as a contest binary runs it, on answers past the 16 MiB it holds in memory and
//! on a small input, good and bad, and after a panic in `solve`: this test program runs itself
//! as the binary (with `JUDGE_STDIO_CHILD` set to `plain` or `panic`). Linux only (it limits
//! memory with bash's `ulimit`). Its own `main`, not libtest's, so that the child's standard
//! output holds the answers alone.

use judge::{InputError, Scanner};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// T, then T numbers, each answered by a line of 100 bytes.
fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    for case in sc.cases("T")? {
        let x = sc.uint(case.field("x"), 0..=999_999)?;
        writeln!(out, "{:>99}", x)?;
    }
    sc.finish()
}

/// 400,000 answers: 40 MB, past the hold limit, from 2.7 MB of input.
const CASES: u64 = 400_000;

/// Runs this program as the contest binary whose `main` is `which`.
fn child_as(which: &str, stdin: Stdio, limit_kib: u64) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {}; exec \"$0\"", limit_kib))
        .arg(std::env::current_exe().unwrap())
        .env("JUDGE_STDIO_CHILD", which)
        // A panic's backtrace is symbolised in memory, which the limit may not allow.
        .env("RUST_BACKTRACE", "0")
        .stdin(stdin)
        .output()
        .unwrap()
}

fn check(what: &str, out: &Output, stdout: &[u8], stderr: &str, code: i32) {
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        stderr,
        "{}: standard error",
        what
    );
    assert!(
        out.stdout == stdout,
        "{}: {} bytes on standard output, not the {} expected",
        what,
        out.stdout.len(),
        stdout.len()
    );
    assert_eq!(out.status.code(), Some(code), "{}: exit status", what);
}

fn main() {
    match std::env::var("JUDGE_STDIO_CHILD").as_deref() {
        Ok("plain") => judge::main(solve),
        Ok("panic") => judge::main(|_: &mut Scanner, out| {
            writeln!(out, "an answer held")?;
            panic!("a bug in solve")
        }),
        _ => {}
    }
    if !cfg!(target_os = "linux") {
        println!("stdio: skipped (Linux only)");
        return;
    }
    let mut input = format!("{}\n", CASES);
    let mut expected = String::new();
    for i in 0..CASES {
        let x = i * 7919 % 1_000_000;
        input.push_str(&format!("{}\n", x));
        expected.push_str(&format!("{:>99}\n", x));
    }
    let dir = std::env::temp_dir().join(format!("judge-stdio-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plain = dir.join("plain.in");
    std::fs::write(&plain, &input).unwrap();
    let bad = dir.join("bad.in");
    let last_line = input[..input.len() - 1].rfind('\n').unwrap() + 1;
    std::fs::write(&bad, format!("{}x\n", &input[..last_line])).unwrap();
    // The answers are 40 MB: written past 16 MiB as they come, within 16 MiB held plus a
    // margin, less than holding them all would take.
    let file_limit = 40 << 10;
    let open = |path: &std::path::Path| Stdio::from(std::fs::File::open(path).unwrap());

    // A panic in `solve` writes none of the answers held before it.
    let out = child_as("panic", open(&plain), 400_000);
    assert!(out.stdout.is_empty(), "a panic: {:?}", out.stdout);
    assert!(!out.status.success(), "a panic: exit status");

    let refusal = format!(
        "error: x of test case {}: expected an integer, found `x`\n",
        CASES
    );
    // `judge::main` holds 16 MiB of answers, then writes as they come: under that limit,
    // the good file gets every answer, and the bad one some of the answers before its last
    // token (at least what passed 16 MiB), with the error.
    let out = child_as("plain", open(&plain), file_limit);
    check("a file, plain", &out, expected.as_bytes(), "", 0);
    let out = child_as("plain", open(&bad), file_limit);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        refusal,
        "a bad file, plain"
    );
    assert_eq!(out.status.code(), Some(1), "a bad file, plain: exit status");
    let written = out.stdout.len();
    assert!(
        written >= 16 << 20
            && written < expected.len()
            && expected.as_bytes().starts_with(&out.stdout),
        "a bad file, plain: {} bytes written",
        written
    );

    // Below 16 MiB, a good input gets every answer, a bad last token none of them.
    let small = dir.join("small.in");
    std::fs::write(&small, "3\n5\n6\n7\n").unwrap();
    let out = child_as("plain", open(&small), 400_000);
    let answers = format!("{:>99}\n{:>99}\n{:>99}\n", 5, 6, 7);
    check("a small file", &out, answers.as_bytes(), "", 0);
    std::fs::write(&small, "3\n5\n6\n-7\n").unwrap();
    let out = child_as("plain", open(&small), 400_000);
    let refusal = "error: x of test case 3 = `-7` is out of range (accepted: 0..=999999)\n";
    check("a small bad file", &out, b"", refusal, 1);

    std::fs::remove_dir_all(&dir).unwrap();
    println!("stdio: 5 scenarios passed");
}
