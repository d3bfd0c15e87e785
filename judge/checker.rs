//! The checker of a problem with more than one right answer ("print any winning move"): a
//! program the runner calls as testlib and online-judge-tools call theirs,
//! `NAME-checker INPUT OUTPUT ANSWER` (the case's input, the contestant's output, the expected
//! output), whose exit status is the verdict.
//!
//! A checker file is its `check` function and a one-line `main`:
//!
//! ```no_run
//! use judge::checker::{jury, output_error};
//! use judge::Scanner;
//!
//! /// Any number from 1 to n is right.
//! fn check(input: &str, output: &str, _answer: &str) -> Result<(), String> {
//!     let n = jury(Scanner::new(input.as_bytes()).uint("n", 1..=100), "the input");
//!     let mut out = Scanner::new(output.as_bytes());
//!     out.uint("the number", 1..=n).map_err(output_error)?;
//!     out.finish().map_err(output_error)
//! }
//!
//! fn main() {
//!     judge::checker::main(check)
//! }
//! ```
//!
//! `check` returns `Ok(())` for a right answer and `Err(reason)` for a wrong one, the reason
//! one line saying what is wrong (`move 3 -> 1 from heap 2 leaves nim-sum 6, not 0`). A fault
//! of the jury's own files (an input or answer that does not parse) is not the contestant's: the
//! checker panics ([`jury`] does), and [`main`] reports that the checker failed. The same
//! function serves the problem's in-process tests, which call it directly.

use crate::InputError;
use std::ffi::OsString;
use std::io::Write;

/// A checker's logic: `check(input, output, answer)`, `Err` holding why `output` is wrong.
pub type Check = fn(&str, &str, &str) -> Result<(), String>;

/// The exit status of an accepted output.
pub const ACCEPTED: i32 = 0;
/// The exit status of a wrong answer (its reason on standard output).
pub const WRONG_ANSWER: i32 = 1;
/// The exit status when the checker itself failed (bad arguments, an unreadable file, a panic):
/// testlib's `_fail`. Any status but 0 and 1 means the same to the runner.
pub const CHECKER_FAILED: i32 = 3;

/// A checker's whole `main`: [`run`] on the command line's three paths, then exit with its
/// status. A panic of `check` prints no trace: one line `error: the checker panicked: ...` on
/// standard error and [`CHECKER_FAILED`].
///
/// # Complexity
/// Reads the three files whole, then that of `check`.
pub fn main(check: Check) -> ! {
    // The panic's message is reported by `run` in one line; the default hook's trace is not.
    std::panic::set_hook(Box::new(|_| {}));
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let status = run(&args, check, &mut stdout.lock(), &mut stderr.lock());
    std::process::exit(status)
}

/// Runs `check` on the files `args` names (INPUT OUTPUT ANSWER), writing the verdict's line and
/// returning the exit status: [`ACCEPTED`]; [`WRONG_ANSWER`] with the reason on `out`; or
/// [`CHECKER_FAILED`] with one line `error: ...` on `err` when the arguments are not three
/// paths, the input or answer cannot be read as text, or `check` panics. An output that is not
/// UTF-8 is a wrong answer, not a failure.
///
/// [`main`] is this and `exit`; it is public for a checker's tests, which need no process.
///
/// ```
/// use std::ffi::OsString;
/// fn equal(_: &str, output: &str, answer: &str) -> Result<(), String> {
///     if output.trim() == answer.trim() { Ok(()) } else { Err(format!("expected {}", answer.trim())) }
/// }
/// let dir = std::env::temp_dir().join(format!("checker-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let file = |name: &str, text: &str| {
///     std::fs::write(dir.join(name), text).unwrap();
///     OsString::from(dir.join(name))
/// };
/// let args = [file("in", "1\n"), file("out", "2\n"), file("ans", "3\n")];
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// assert_eq!(judge::checker::run(&args, equal, &mut out, &mut err), judge::checker::WRONG_ANSWER);
/// assert_eq!(out, b"expected 3\n");
/// assert_eq!(judge::checker::run(&args[..2], equal, &mut out, &mut err), judge::checker::CHECKER_FAILED);
/// std::fs::remove_dir_all(dir).unwrap();
/// ```
///
/// # Complexity
/// Reads the three files whole, then that of `check`.
pub fn run(args: &[OsString], check: Check, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let failed = |err: &mut dyn Write, why: &str| {
        let _ = writeln!(err, "error: {}", one_line(why));
        CHECKER_FAILED
    };
    if args.len() != 3 {
        return failed(
            err,
            &format!(
                "expected three paths (INPUT OUTPUT ANSWER), got {}",
                args.len()
            ),
        );
    }
    let read = |path: &OsString| std::fs::read(path).map_err(|e| format!("{:?}: {}", path, e));
    let text = |path: &OsString| {
        read(path).and_then(|bytes| {
            String::from_utf8(bytes).map_err(|_| format!("{:?} is not UTF-8 text", path))
        })
    };
    let input = match text(&args[0]) {
        Ok(text) => text,
        Err(why) => return failed(err, &why),
    };
    let output = match read(&args[1]) {
        Ok(bytes) => String::from_utf8(bytes),
        Err(why) => return failed(err, &why),
    };
    let answer = match text(&args[2]) {
        Ok(text) => text,
        Err(why) => return failed(err, &why),
    };
    let output = match output {
        Ok(text) => text,
        Err(_) => {
            let _ = writeln!(out, "the output is not UTF-8 text");
            return WRONG_ANSWER;
        }
    };
    match std::panic::catch_unwind(|| check(&input, &output, &answer)) {
        Ok(Ok(())) => ACCEPTED,
        Ok(Err(reason)) => {
            let _ = writeln!(out, "{}", one_line(&reason));
            WRONG_ANSWER
        }
        Err(panic) => failed(
            err,
            &format!("the checker panicked: {}", panic_message(&*panic)),
        ),
    }
}

/// The message a panic was given (`panic!`'s text), or `a panic without a message` when its
/// payload is not text.
///
/// ```
/// let panic = std::panic::catch_unwind(|| panic!("heap {} is empty", 2)).unwrap_err();
/// assert_eq!(judge::checker::panic_message(&*panic), "heap 2 is empty");
/// let panic = std::panic::catch_unwind(|| std::panic::panic_any(7)).unwrap_err();
/// assert_eq!(judge::checker::panic_message(&*panic), "a panic without a message");
/// ```
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = panic.downcast_ref::<&str>() {
        text.to_string()
    } else if let Some(text) = panic.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// `text` on one line: line breaks and other control characters become spaces, the ends are
/// trimmed, and an empty reason reads `wrong answer`.
fn one_line(text: &str) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let line = line.trim();
    if line.is_empty() {
        "wrong answer".to_string()
    } else {
        line.to_string()
    }
}

/// A read error of the contestant's output in an output's words: `the output ended early:
/// expected FIELD`, `unexpected extra output: TOKEN`; any other error as it reads.
///
/// ```
/// let mut sc = judge::Scanner::new(b"7 8");
/// sc.uint("the winner", 1..=2).map_err(judge::checker::output_error).unwrap_err();
/// let e = sc.finish().map_err(judge::checker::output_error).unwrap_err();
/// assert_eq!(e, "unexpected extra output: `8`");
/// let e = sc.uint("the move", 0..=9).map_err(judge::checker::output_error).unwrap_err();
/// assert_eq!(e, "the output ended early: expected the move");
/// ```
pub fn output_error(error: InputError) -> String {
    match error {
        InputError::Missing { field } => format!("the output ended early: expected {}", field),
        InputError::Trailing { token } => format!("unexpected extra output: {}", token),
        other => other.to_string(),
    }
}

/// The value read from a jury's file (the input or the expected answer, named `file`), or a
/// panic: a jury file that does not parse is the checker's failure, not the contestant's.
///
/// ```
/// let n = judge::checker::jury(judge::Scanner::new(b"5").uint("n", 1..=9), "the input");
/// assert_eq!(n, 5);
/// ```
///
/// # Panics
/// If `read` is an error, with `file` and the error in the message.
pub fn jury<T>(read: Result<T, InputError>, file: &str) -> T {
    match read {
        Ok(value) => value,
        Err(e) => panic!("{}: {}", file, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scanner;

    /// Right: any divisor of n other than 1 and n; the answer file is ignored.
    fn divisor(input: &str, output: &str, _: &str) -> Result<(), String> {
        let n = jury(
            Scanner::new(input.as_bytes()).uint("n", 1..=1000),
            "the input",
        );
        let mut out = Scanner::new(output.as_bytes());
        let d = out.uint("the divisor", 2..=n).map_err(output_error)?;
        if d == n || n % d != 0 {
            return Err(format!(
                "{} is not a proper divisor of {}\nsecond line",
                d, n
            ));
        }
        out.finish().map_err(output_error)
    }

    fn files(tag: &str, input: &str, output: &[u8], answer: &str) -> Vec<OsString> {
        let dir =
            std::env::temp_dir().join(format!("judge-checker-{}-{}", tag, std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut paths = Vec::new();
        for (name, bytes) in [
            ("in", input.as_bytes()),
            ("out", output),
            ("ans", answer.as_bytes()),
        ] {
            std::fs::write(dir.join(name), bytes).unwrap();
            paths.push(dir.join(name).into_os_string());
        }
        paths
    }

    /// Removes the directory `files` made for `args`.
    fn remove(args: &[OsString]) {
        let dir = std::path::Path::new(&args[0]).parent().unwrap();
        std::fs::remove_dir_all(dir).unwrap();
    }

    fn verdict(args: &[OsString]) -> (i32, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = run(args, divisor, &mut out, &mut err);
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
        (status, text(out), text(err))
    }

    #[test]
    fn two_right_answers_are_accepted_and_a_wrong_one_is_refused_with_its_reason() {
        for right in ["2\n", "3", " 6 \n"] {
            let args = files("right", "12\n", right.as_bytes(), "2\n");
            assert_eq!(verdict(&args), (ACCEPTED, String::new(), String::new()));
            remove(&args);
        }
        let args = files("wrong", "12\n", b"5\n", "2\n");
        assert_eq!(
            verdict(&args),
            (
                WRONG_ANSWER,
                "5 is not a proper divisor of 12 second line\n".to_string(),
                String::new()
            )
        );
        remove(&args);
        let args = files("short", "12\n", b"", "2\n");
        assert_eq!(
            verdict(&args).1,
            "the output ended early: expected the divisor\n"
        );
        remove(&args);
        let args = files("binary", "12\n", b"\xff\n", "2\n");
        assert_eq!(verdict(&args).0, WRONG_ANSWER);
        assert_eq!(verdict(&args).1, "the output is not UTF-8 text\n");
        remove(&args);
    }

    #[test]
    fn a_fault_of_the_jury_or_the_call_is_the_checkers_failure() {
        // The input does not parse: `jury` panics, and the panic is one line on stderr.
        let args = files("jury", "x\n", b"2\n", "2\n");
        let (status, out, err) = verdict(&args);
        assert_eq!((status, out.as_str()), (CHECKER_FAILED, ""));
        assert_eq!(
            err,
            "error: the checker panicked: the input: n: expected an integer, found `x`\n"
        );
        let (status, _, err) = verdict(&args[..2]);
        assert_eq!(status, CHECKER_FAILED);
        assert!(err.contains("expected three paths"), "{}", err);
        let mut missing = args.clone();
        missing[2] = OsString::from("/nonexistent/answer");
        let (status, _, err) = verdict(&missing);
        assert_eq!(status, CHECKER_FAILED);
        assert!(
            err.starts_with("error: \"/nonexistent/answer\": "),
            "{}",
            err
        );
        let bad = files("badanswer", "12\n", b"2\n", "");
        std::fs::write(&bad[2], b"\xff").unwrap();
        let (status, _, err) = verdict(&bad);
        assert_eq!(status, CHECKER_FAILED);
        assert!(err.contains("is not UTF-8 text"), "{}", err);
        remove(&args);
        remove(&bad);
    }

    #[test]
    fn a_reason_is_one_line() {
        assert_eq!(one_line("a\nb\r\n"), "a b");
        assert_eq!(one_line(" \n"), "wrong answer");
        assert_eq!(one_line("move 3 -> 1"), "move 3 -> 1");
    }
}
