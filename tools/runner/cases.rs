//! A problem's testcases (`testcases/NAME/*.in` with their `.out`) and one case run into a
//! verdict.

use super::exec::{self, Ended, Input};
use super::limits;
use super::report::{self, Report, Verdict};
use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The most output a case may write, whatever it expects.
pub const OUTPUT_CAP: u64 = 64 * 1024 * 1024;
/// The room a case always has beyond its expected size, so that a short wrong answer is a WA.
const OUTPUT_CAP_FLOOR: u64 = 1024 * 1024;

/// The inputs `testcases/NAME/*.in` that are regular files, sorted; anything else so named (a
/// FIFO, a device, a folder) is listed in the second vector, never opened.
pub fn inputs(root: &Path, name: &str) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let dir = root.join("testcases").join(name);
    let mut regular = Vec::new();
    let mut special = Vec::new();
    let entries = match fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(_) => return (regular, special),
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension() != Some(OsStr::new("in")) {
            continue;
        }
        // `metadata` follows a link, so a link to a FIFO is special too; it never opens the file.
        match fs::metadata(&path) {
            Ok(meta) if meta.is_file() => regular.push(path),
            _ => special.push(path),
        }
    }
    regular.sort();
    special.sort();
    (regular, special)
}

/// How much output a case expecting `expected` bytes may write: 16 times that, at most
/// [`OUTPUT_CAP`], and never less than the expected size and 1 MiB more.
pub fn output_cap(expected: u64) -> usize {
    let cap = expected
        .saturating_mul(16)
        .min(OUTPUT_CAP)
        .max(expected.saturating_add(OUTPUT_CAP_FLOOR));
    usize::try_from(cap).unwrap_or(usize::MAX)
}

/// Runs `program` on `input` and judges its output against the `.out` beside it: by the
/// problem's `checker` when it has one ([`super::checker`]), else exactly; prints the verdict as
/// `label`.
pub fn run_case(
    report: &mut Report,
    label: &str,
    input: &Path,
    program: &Path,
    limit: Duration,
    checker: Option<&Path>,
) {
    let expected_path = input.with_extension("out");
    let expected = match fs::metadata(&expected_path) {
        Ok(meta) if meta.is_file() => fs::read(&expected_path),
        Ok(_) => {
            let detail = format!("{} is not a regular file", expected_path.display());
            return report.verdict(Verdict::Wa, label, Duration::ZERO, &detail);
        }
        Err(_) => {
            let detail = format!("no expected output: {} is missing", expected_path.display());
            return report.verdict(Verdict::Wa, label, Duration::ZERO, &detail);
        }
    };
    let expected = match expected {
        Ok(bytes) => bytes,
        Err(e) => {
            let detail = format!("{}: {}", expected_path.display(), e);
            return report.verdict(Verdict::Wa, label, Duration::ZERO, &detail);
        }
    };
    let cap = output_cap(expected.len() as u64);
    let run = match exec::run(program, &[], Input::File(input), limit, cap) {
        Ok(run) => run,
        Err(e) => return report.verdict(Verdict::Re, label, Duration::ZERO, &e.to_string()),
    };
    let (verdict, detail) = match checker {
        Some(checker) if run.ended == Ended::Exited(0) => {
            super::checker::verdict(checker, input, &run.stdout, &expected_path, limit)
        }
        _ => judge_run(&run, &expected, limit, cap),
    };
    report.verdict(verdict, label, run.elapsed, &detail);
}

/// The verdict of a finished run against the expected output.
pub fn judge_run(
    run: &exec::Run,
    expected: &[u8],
    limit: Duration,
    cap: usize,
) -> (Verdict, String) {
    match run.ended {
        Ended::TimedOut => (Verdict::Tle, format!("over {}", limits::show(limit))),
        Ended::OverCap => (
            Verdict::Wa,
            format!(
                "output over {} bytes, stopped ({} expected)",
                cap,
                expected.len()
            ),
        ),
        Ended::Signalled(signal) => (
            Verdict::Re,
            format!("killed by signal {}: {}", signal, first_line(&run.stderr)),
        ),
        Ended::Exited(0) => {
            let got = String::from_utf8_lossy(&run.stdout);
            match report::difference(&String::from_utf8_lossy(expected), &got) {
                None => (Verdict::Ac, String::new()),
                Some(difference) => (Verdict::Wa, difference),
            }
        }
        Ended::Exited(code) => (
            Verdict::Re,
            format!("exit {}: {}", code, first_line(&run.stderr)),
        ),
    }
}

/// The first line of a program's standard error, at most 120 characters.
pub fn first_line(stderr: &[u8]) -> String {
    report::one_line(&String::from_utf8_lossy(stderr), 120)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_follows_the_expected_size_within_bounds() {
        assert_eq!(output_cap(0), 1 << 20);
        assert_eq!(output_cap(100), (1 << 20) + 100);
        assert_eq!(output_cap(1 << 20), 16 << 20);
        assert_eq!(output_cap(10 << 20), 64 << 20);
        assert_eq!(output_cap(100 << 20), 101 << 20);
        assert_eq!(output_cap(u64::MAX), usize::MAX);
    }
}
