//! The runner's output: one verdict line per check, with its time, and the tally that ends the
//! run (`N passed, M failed`); and the comparison of an output with the expected one.

use super::limits;
use super::ordered::{Ordered, Slot};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A check's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Ac,
    /// Wrong answer (or no expected output, or too much output).
    Wa,
    /// Runtime error: a non-zero exit, a signal, a failed build.
    Re,
    /// Over the time limit.
    Tle,
    /// Over the memory limit (its peak resident set), or out of memory at the runner's bound.
    Mle,
}

impl Verdict {
    fn code(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Re => "RE",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
        }
    }
}

/// Counts verdicts and prints them on standard output, or in a slot of an [`Ordered`] run.
/// The reports of one run's checks share one tally.
pub struct Report {
    tally: Arc<Tally>,
    colour: bool,
    sink: Sink,
}

/// The passed and failed checks of a run.
#[derive(Debug, Default)]
struct Tally {
    passed: AtomicUsize,
    failed: AtomicUsize,
}

enum Sink {
    Stdout,
    Silent,
    /// A check's slot, finished when the report is dropped.
    Slot(Arc<Ordered>, Slot),
}

impl Report {
    /// A report with colours when standard output is a terminal.
    pub fn new() -> Report {
        Report {
            tally: Arc::default(),
            colour: std::io::stdout().is_terminal(),
            sink: Sink::Stdout,
        }
    }

    /// A report that counts but prints nothing.
    pub fn quiet() -> Report {
        Report {
            tally: Arc::default(),
            colour: false,
            sink: Sink::Silent,
        }
    }

    /// A report for one check of this run: it prints in `slot` of `ordered` (finished when
    /// the new report is dropped, so a check that ends in any way lets the slots after it
    /// print) and counts in this report's tally.
    pub fn in_slot(&self, ordered: &Arc<Ordered>, slot: Slot) -> Report {
        Report {
            tally: Arc::clone(&self.tally),
            colour: self.colour,
            sink: Sink::Slot(Arc::clone(ordered), slot),
        }
    }

    /// Prints one verdict line: the code, the check's name, its time and a detail.
    pub fn verdict(&mut self, verdict: Verdict, name: &str, time: Duration, detail: &str) {
        let time = format!("{:>6} ms", time.as_millis());
        self.line(verdict, name, &time, detail);
    }

    /// Prints the verdict line of a case: its CPU time and peak memory against its limits
    /// (`17 ms / 2 s, 5 MiB / 256 MiB`; the memory alone when the problem declares no limit).
    pub fn case_verdict(&mut self, verdict: Verdict, name: &str, used: &Used, detail: &str) {
        self.line(verdict, name, &used.shown(), detail);
    }

    fn line(&mut self, verdict: Verdict, name: &str, usage: &str, detail: &str) {
        let colour = if verdict == Verdict::Ac {
            self.tally.passed.fetch_add(1, Ordering::Relaxed);
            "\x1b[32m"
        } else {
            self.tally.failed.fetch_add(1, Ordering::Relaxed);
            "\x1b[31m"
        };
        let (colour, reset) = if self.colour {
            (colour, "\x1b[0m")
        } else {
            ("", "")
        };
        let detail = if detail.is_empty() {
            String::new()
        } else {
            format!("  {}", shown_detail(detail))
        };
        self.print(&format!(
            "{colour}{:<3}{reset} {:<48} {usage}{detail}",
            verdict.code(),
            name,
        ));
    }

    /// Prints a stage heading.
    pub fn heading(&self, text: &str) {
        if self.colour {
            self.print(&format!("\x1b[1m== {text}\x1b[0m"));
        } else {
            self.print(&format!("== {text}"));
        }
    }

    /// Prints `line` as it is (a failed test's output).
    pub fn raw(&self, line: &str) {
        self.print(line);
    }

    /// Prints a note that is not a verdict (a skipped file, progress).
    pub fn note(&self, text: &str) {
        self.print(&format!("    {text}"));
    }

    fn print(&self, line: &str) {
        match &self.sink {
            Sink::Silent => {}
            Sink::Stdout => {
                let mut stdout = std::io::stdout().lock();
                let _ = writeln!(stdout, "{line}");
                let _ = stdout.flush();
            }
            Sink::Slot(ordered, slot) => ordered.write(*slot, line),
        }
    }

    /// How many checks of the run failed so far.
    pub fn failed(&self) -> usize {
        self.tally.failed.load(Ordering::Relaxed)
    }

    /// How many checks passed so far.
    pub fn passed(&self) -> usize {
        self.tally.passed.load(Ordering::Relaxed)
    }

    /// The last line: `N passed, M failed`.
    pub fn tally(&self) -> String {
        format!(
            "{} passed, {} failed",
            self.tally.passed.load(Ordering::Relaxed),
            self.failed()
        )
    }
}

impl Drop for Report {
    fn drop(&mut self) {
        if let Sink::Slot(ordered, slot) = &self.sink {
            ordered.finish(*slot);
        }
    }
}

/// What a case used, against its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Used {
    /// CPU time.
    pub cpu: Duration,
    /// The case's time limit.
    pub time_limit: Duration,
    /// Peak resident set, KiB.
    pub peak_memory_kib: u64,
    /// The problem's memory limit, MiB, if it declares one.
    pub memory_limit_mib: Option<u64>,
}

impl Used {
    /// The peak in whole MiB, rounded up (a program that used any memory used 1 MiB).
    pub fn peak_mib(&self) -> u64 {
        self.peak_memory_kib.div_ceil(1024)
    }

    /// As a verdict line shows it: `    17 ms / 2 s, 5 MiB / 256 MiB`, the time right-aligned
    /// where other lines show theirs.
    ///
    /// ```
    /// use std::time::Duration;
    /// use runner::report::Used;
    /// let used = Used {
    ///     cpu: Duration::from_millis(17),
    ///     time_limit: Duration::from_secs(2),
    ///     peak_memory_kib: 4 * 1024 + 1,
    ///     memory_limit_mib: Some(256),
    /// };
    /// assert_eq!(used.shown(), "    17 ms / 2 s, 5 MiB / 256 MiB");
    /// let undeclared = Used { memory_limit_mib: None, ..used };
    /// assert_eq!(undeclared.shown(), "    17 ms / 2 s, 5 MiB");
    /// ```
    pub fn shown(&self) -> String {
        let memory = match self.memory_limit_mib {
            Some(limit) => format!("{} MiB / {limit} MiB", self.peak_mib()),
            None => format!("{} MiB", self.peak_mib()),
        };
        format!(
            "{:>6} ms / {}, {memory}",
            self.cpu.as_millis(),
            limits::show(self.time_limit)
        )
    }
}

impl Default for Report {
    fn default() -> Report {
        Report::new()
    }
}

/// `text`'s first line, at most `max` characters, control characters escaped.
pub fn one_line(text: &str, max: usize) -> String {
    let line = text.lines().next().unwrap_or("");
    let mut shown = String::new();
    for c in line.chars().take(max) {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    if line.chars().count() > max {
        shown.push('…');
    }
    shown
}

/// A verdict's detail on one line, cut at 240 characters, except the path of a transcript it
/// ends with (`…; transcript: PATH`), which is kept whole however deep the checkout lies: the
/// reader opens it.
fn shown_detail(detail: &str) -> String {
    match detail.rsplit_once(TRANSCRIPT) {
        Some((reason, path)) if !path.contains('\n') => {
            format!(
                "{}{TRANSCRIPT}{}",
                one_line(reason, 240),
                one_line(path, usize::MAX)
            )
        }
        _ => one_line(detail, 240),
    }
}

/// What precedes the transcript's path in an interactive verdict's detail.
pub const TRANSCRIPT: &str = "; transcript: ";

/// The longest line a difference report shows in full; longer lines are cut and marked.
const SHOWN_LINE: usize = 100;

/// `None` if `got` is the expected output, carriage returns before line ends and a missing
/// final newline forgiven; else where they first differ, in testkit's words
/// (`line N: expected `A` got `B``), long lines shortened.
///
/// ```
/// use runner::report::difference;
/// assert_eq!(difference("1\n2\n", "1\r\n2"), None);
/// assert_eq!(difference("1\n2\n", "1\n3\n").unwrap(), "line 2: expected `2` got `3`");
/// ```
pub fn difference(expected: &str, got: &str) -> Option<String> {
    let normal = |text: &str| -> Vec<String> {
        text.lines()
            .map(|line| line.strip_suffix('\r').unwrap_or(line).to_string())
            .collect()
    };
    let (expected, got) = (normal(expected), normal(got));
    if expected == got {
        return None;
    }
    let shorten = |lines: &[String]| -> String {
        lines
            .iter()
            .map(|line| {
                let count = line.chars().count();
                if count <= SHOWN_LINE {
                    format!("{line}\n")
                } else {
                    let head: String = line.chars().take(SHOWN_LINE).collect();
                    format!("{head}… ({count} characters)\n")
                }
            })
            // Each line ended, not joined: a last empty line must stay a line to report.
            .collect::<String>()
    };
    let report = testkit::first_difference(&shorten(&expected), &shorten(&got));
    if report.starts_with("line ") {
        Some(report)
    } else {
        // Two long lines that differ only past what is shown.
        Some(format!(
            "the outputs differ past the first {SHOWN_LINE} characters of a line"
        ))
    }
}

/// `what`, then `: ` and the first line of `stderr` that says something, if one does (a crash
/// that printed nothing reads `killed by signal 13`, not `killed by signal 13: `).
pub fn with_stderr(what: String, stderr: &[u8]) -> String {
    match first_line(stderr) {
        line if line.is_empty() => what,
        line => format!("{what}: {line}"),
    }
}

/// The first line of a program's standard error that says something, at most 120 characters:
/// blank lines skipped (a panic's report starts with one), and a panic's message first, its
/// place after it (`boom (panicked at src/main.rs:2:5)`). An absolute place (a bundle compiled
/// from the target directory) is shown by its file name only, so that the line reads the same
/// wherever the checkout is.
pub fn first_line(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let mut lines = text.lines().filter(|line| !line.trim().is_empty());
    let first = lines.next().unwrap_or("");
    let message = lines.next().filter(|line| {
        !line.starts_with("note: run with `RUST_BACKTRACE") && *line != "stack backtrace:"
    });
    let shown = match (panic_place(first), message) {
        (Some(place), Some(message)) => format!("{message} (panicked at {place})"),
        _ => first.to_string(),
    };
    one_line(&shown, 120)
}

/// Where a panic happened, from its report's first line as rustc 1.73 and later print it
/// (`thread 'main' panicked at src/main.rs:2:5:`, the message on the next line); `None` for
/// any other line (older compilers print the message on the same line).
fn panic_place(line: &str) -> Option<&str> {
    if !line.starts_with("thread '") {
        return None;
    }
    let (_, place) = line.split_once(" panicked at ")?;
    let place = place.strip_suffix(':')?;
    match place.starts_with('/') {
        true => place.rsplit('/').next(),
        false => Some(place),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_are_testkits_with_line_ends_forgiven() {
        assert_eq!(difference("Marica\nIvica\n", "Marica\r\nIvica"), None);
        assert_eq!(
            difference("Marica\nIvica\n", "Marica\nIvica\nMarica\n").unwrap(),
            "line 3: expected (nothing) got `Marica`"
        );
        assert_eq!(
            difference("Marica\nIvica\n", "Marica\n").unwrap(),
            "line 2: expected `Ivica` got (nothing)"
        );
        assert_eq!(
            difference("Marica\nIvica\n", "Ivica\nMarica\n").unwrap(),
            "line 1: expected `Marica` got `Ivica`"
        );
        assert_eq!(
            difference("a\n", "a\n\n").unwrap(),
            "line 2: expected (nothing) got ``"
        );
        assert_eq!(
            difference("", "\n").unwrap(),
            "line 1: expected (nothing) got ``"
        );
        assert_eq!(
            difference("a\n\n", "a").unwrap(),
            "line 2: expected `` got (nothing)"
        );
    }

    #[test]
    fn long_lines_are_shortened_but_still_compared() {
        let long = "x".repeat(5000);
        let report = difference(&long, &format!("{long}y")).unwrap();
        assert!(report.len() < 400, "{report}");
        assert!(report.contains("(5000 characters)") && report.contains("(5001 characters)"));
        let other = format!("{}y", "x".repeat(4999));
        assert_eq!(
            difference(&long, &other).unwrap(),
            "the outputs differ past the first 100 characters of a line"
        );
    }

    #[test]
    fn checks_in_slots_count_in_the_runs_tally_and_print_in_slot_order() {
        let run = Report::quiet();
        let ordered = Arc::new(Ordered::capturing());
        let (first, second) = (ordered.push(), ordered.push());
        let mut late = run.in_slot(&ordered, second);
        late.verdict(Verdict::Wa, "second", Duration::ZERO, "");
        {
            let mut early = run.in_slot(&ordered, first);
            early.verdict(Verdict::Ac, "first", Duration::ZERO, "");
            early.note("a note");
        }
        drop(late);
        let printed = ordered.printed();
        assert_eq!(printed.len(), 3, "{printed:?}");
        assert!(printed[0].starts_with("AC  first"), "{printed:?}");
        assert_eq!(printed[1], "    a note");
        assert!(printed[2].starts_with("WA  second"), "{printed:?}");
        assert_eq!(run.tally(), "1 passed, 1 failed");
        assert_eq!(run.failed(), 1);
    }

    #[test]
    fn one_line_cuts_and_escapes() {
        assert_eq!(one_line("a\tb\nsecond", 10), "a\\tb");
        assert_eq!(one_line("abcdef", 3), "abc…");
        let deep = format!("/a path/{}/transcript-1.txt", "x".repeat(300));
        let detail = format!("{}{TRANSCRIPT}{deep}", "r".repeat(300));
        let shown = shown_detail(&detail);
        assert!(shown.ends_with(&format!("…{TRANSCRIPT}{deep}")), "{shown}");
        assert_eq!(
            shown_detail(&"r".repeat(300)),
            format!("{}…", "r".repeat(240))
        );
    }

    #[test]
    fn the_first_line_that_says_something_a_panic_message_first() {
        let new = b"\nthread 'main' (1234) panicked at src/main.rs:2:5:\nindex out of bounds\nnote: run with `RUST_BACKTRACE=1`\n";
        assert_eq!(
            first_line(new),
            "index out of bounds (panicked at src/main.rs:2:5)"
        );
        let old = b"thread 'main' panicked at 'boom', src/main.rs:2:5\nnote: x\n";
        assert_eq!(
            first_line(old),
            "thread 'main' panicked at 'boom', src/main.rs:2:5"
        );
        // An empty message: the place alone.
        let empty =
            b"\nthread 'main' panicked at src/main.rs:2:5:\n\nnote: run with `RUST_BACKTRACE=1`\n";
        assert_eq!(
            first_line(empty),
            "thread 'main' panicked at src/main.rs:2:5:"
        );
        assert_eq!(
            first_line(b"\n\n  \nerror: bad token\nmore\n"),
            "error: bad token"
        );
        assert_eq!(first_line(b""), "");
        // An absolute place, however long its folders: the file name and the line.
        let deep = format!(
            "\nthread 'main' panicked at /{}/a b/x.rs:7:1:\nboom\n",
            "very long folder ".repeat(20)
        );
        assert_eq!(first_line(deep.as_bytes()), "boom (panicked at x.rs:7:1)");
    }
}
