//! A problem's testcases (`testcases/NAME/*.in` with their `.out`) and one case run into a
//! verdict.

use super::exec::{self, Bounds, Ended, Input};
use super::limits::{self, CaseLimits, Counted};
use super::report::{self, with_stderr, Report, Used, Verdict};
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

/// Runs `program` on `input` within `limits` and judges its output against the `.out` beside
/// it: by the problem's `checker` when it has one ([`super::checker`]), else exactly; prints the
/// verdict as `label`, with the time and memory used against the limits.
pub fn run_case(
    report: &mut Report,
    label: &str,
    input: &Path,
    program: &Path,
    limits: CaseLimits,
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
    let bounds = Bounds {
        cpu: limits.time,
        output: cap,
        data: Some(limits.memory_bound_mib() << 20),
    };
    let run = match exec::run_bounded(program, &[], &[], Input::File(input), bounds) {
        Ok(run) => run,
        Err(e) => return report.verdict(Verdict::Re, label, Duration::ZERO, &e.to_string()),
    };
    let (verdict, detail) = match checker {
        Some(checker) if run.ended == Ended::Exited(0) && !over_memory(&run, limits) => {
            super::checker::verdict(checker, input, &run.stdout, &expected_path, limits.time)
        }
        _ => judge_case(&run, &expected, limits, cap),
    };
    let used = Used {
        cpu: run.cpu,
        time_limit: limits.time,
        peak_memory_kib: run.peak_memory_kib,
        memory_limit_mib: limits.memory_mib,
    };
    report.case_verdict(verdict, label, &used, &detail);
}

/// The verdict of a finished run against the expected output, within time limit `limit`
/// ([`judge_case`] without a memory limit).
pub fn judge_run(
    run: &exec::Run,
    expected: &[u8],
    limit: Duration,
    cap: usize,
) -> (Verdict, String) {
    judge_case(run, expected, CaseLimits::time_only(limit), cap)
}

/// The memory figure of `run` that `limits`' judge counts, KiB: its tree's peak resident
/// memory, or its peak address space for a judge that counts reservations.
pub fn counted_memory_kib(run: &exec::Run, limits: CaseLimits) -> u64 {
    match limits.counted {
        Counted::Resident => run.peak_memory_kib,
        Counted::Reserved => run.peak_reserved_kib.max(run.peak_memory_kib),
    }
}

/// Whether `run` went over `limits`' memory, as measured: the figure its judge counts over
/// the declared limit, or its tree stopped at the runner's bound. What the program wrote
/// (an error message that blames memory) plays no part.
pub fn over_memory(run: &exec::Run, limits: CaseLimits) -> bool {
    let counted = counted_memory_kib(run, limits);
    run.ended == Ended::OverMemory
        || limits
            .memory_mib
            .is_some_and(|mib| counted > mib.saturating_mul(1024))
}

/// The verdict of a finished run against the expected output, within `limits`.
pub fn judge_case(
    run: &exec::Run,
    expected: &[u8],
    limits: CaseLimits,
    cap: usize,
) -> (Verdict, String) {
    if run.ended != Ended::OverCap && over_memory(run, limits) {
        let peak = counted_memory_kib(run, limits).div_ceil(1024);
        let what = match limits.counted {
            Counted::Resident => "peak",
            Counted::Reserved => "reserved",
        };
        let detail = match limits.memory_mib {
            Some(mib) if peak > mib => format!("{what} {peak} MiB over {mib} MiB"),
            _ => format!(
                "stopped at the runner's bound, {} MiB (peak {peak} MiB)",
                limits.memory_bound_mib()
            ),
        };
        return (Verdict::Mle, detail);
    }
    match run.ended {
        Ended::TimedOut if run.cpu <= limits.time => (
            Verdict::Tle,
            format!(
                "waited past the wall-clock backstop, {} ({} ms of CPU time)",
                limits::show(exec::wall_backstop(limits.time)),
                run.cpu.as_millis()
            ),
        ),
        Ended::TimedOut => (Verdict::Tle, format!("over {}", limits::show(limits.time))),
        Ended::OverCap => (Verdict::Wa, over_cap(&run.stdout, expected, cap)),
        // Judged above: stopped at the bound, over every limit.
        Ended::OverMemory => (Verdict::Mle, String::new()),
        Ended::Signalled(signal) => (
            Verdict::Re,
            with_stderr(format!("killed by signal {signal}"), &run.stderr),
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
            with_stderr(format!("exit {code}"), &run.stderr),
        ),
    }
}

/// Why output over the cap is wrong: its size, and where it first parts from `expected` in
/// the lines it wrote whole, or its last line's length when that line is what ran over.
fn over_cap(stdout: &[u8], expected: &[u8], cap: usize) -> String {
    let stopped = format!(
        "output over {} bytes, stopped ({} expected)",
        cap,
        expected.len()
    );
    let text = String::from_utf8_lossy(stdout);
    // What follows the last line end was cut by the cap.
    let (whole, cut) = match text.rfind('\n') {
        Some(end) => text.split_at(end + 1),
        None => ("", &text[..]),
    };
    let written = whole.lines().count();
    let expected_text = String::from_utf8_lossy(expected);
    let expected_lines: Vec<&str> = expected_text.lines().take(written).collect();
    if let Some(difference) = report::difference(&expected_lines.join("\n"), whole) {
        return format!("{stopped}; {difference}");
    }
    if cut.len() > 1024 {
        return format!(
            "{stopped}; line {} is over {} bytes long",
            written + 1,
            cut.len()
        );
    }
    stopped
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

    #[test]
    fn a_crash_that_printed_nothing_has_no_dangling_colon() {
        let crash = |ended, stderr: &[u8]| exec::Run {
            ended,
            stdout: Vec::new(),
            stderr: stderr.to_vec(),
            elapsed: std::time::Duration::ZERO,
            cpu: std::time::Duration::ZERO,
            peak_memory_kib: 0,
            peak_reserved_kib: 0,
        };
        let limits = CaseLimits::time_only(std::time::Duration::from_secs(1));
        let verdict = |run: &exec::Run| judge_case(run, b"1\n", limits, 1 << 20);
        assert_eq!(
            verdict(&crash(Ended::Signalled(13), b"")),
            (Verdict::Re, "killed by signal 13".to_string())
        );
        assert_eq!(
            verdict(&crash(Ended::Exited(3), b"\n  \n")),
            (Verdict::Re, "exit 3".to_string())
        );
        assert_eq!(
            verdict(&crash(Ended::Exited(1), b"error: bad n\n")),
            (Verdict::Re, "exit 1: error: bad n".to_string())
        );
        assert_eq!(
            verdict(&crash(Ended::Signalled(11), b"\nboom\n")),
            (Verdict::Re, "killed by signal 11: boom".to_string())
        );
    }

    #[test]
    fn output_over_the_cap_says_where_it_went_wrong() {
        assert_eq!(
            over_cap(b"1\n2\n3\n4", b"1\n3\n", 7),
            "output over 7 bytes, stopped (4 expected); line 2: expected `3` got `2`"
        );
        let long = vec![b'7'; 5000];
        assert_eq!(
            over_cap(&long, b"7\n", 5000),
            "output over 5000 bytes, stopped (2 expected); line 1 is over 5000 bytes long"
        );
        // Right so far, then more of it.
        assert_eq!(
            over_cap(b"1\n1\n1", b"1\n", 5),
            "output over 5 bytes, stopped (2 expected); line 2: expected (nothing) got `1`"
        );
        assert_eq!(
            over_cap(b"1\n", b"1\n2\n", 2),
            "output over 2 bytes, stopped (4 expected)"
        );
    }
}
