//! Clippy and rustfmt in a one-problem run (`./run_tests.sh NAME`): the problem's code and its
//! tests linted as CI lints them (`-D warnings`) and its files checked as CI formats them
//! (`cargo fmt --check`), so a lint or a formatting difference fails here, beside the
//! problem's other verdicts, not first in CI.

use super::cargo;
use super::report::{Report, Verdict};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The profiles clippy lints a problem in: `dev` sees the binary as shipped, `test` its test
/// module too (lints can differ between them, as `new`'s test of a fresh problem checks).
const PROFILES: [&str; 2] = ["dev", "test"];

/// One verdict, `clippy NAME`: AC when clippy finds nothing in problem `name` in the `dev` or
/// the `test` profile, else RE with the first finding. A toolchain without clippy gets a note.
pub fn problem(root: &Path, name: &str, report: &mut Report) {
    let start = Instant::now();
    let label = format!("clippy {name}");
    report.note(&format!(
        "linting: cargo clippy -p problems --bin {name} -- -D warnings (profiles {})",
        PROFILES.join(", ")
    ));
    for profile in PROFILES {
        let out = Command::new(cargo::cargo())
            .current_dir(root)
            .args(["clippy", "--quiet", "--message-format=short", "--profile"])
            .args([
                profile, "-p", "problems", "--bin", name, "--", "-D", "warnings",
            ])
            .output();
        let out = match out {
            Ok(out) => out,
            Err(e) => {
                let detail = format!("cannot run cargo clippy: {e}");
                return report.verdict(Verdict::Re, &label, start.elapsed(), &detail);
            }
        };
        if out.status.success() {
            continue;
        }
        let text = String::from_utf8_lossy(&out.stderr);
        if text.contains("no such command") {
            return report.note("clippy is not installed (`rustup component add clippy`): skipped");
        }
        let detail = format!("{} (profile {profile})", first_finding(&text));
        return report.verdict(Verdict::Re, &label, start.elapsed(), &detail);
    }
    report.verdict(Verdict::Ac, &label, start.elapsed(), "");
}

/// The problem's own files, as rustfmt checks them: `problems/NAME.rs` and its checker
/// `problems/checkers/NAME.rs` if it has one.
pub fn problem_files(root: &Path, name: &str) -> Vec<PathBuf> {
    [
        format!("problems/{name}.rs"),
        format!("problems/checkers/{name}.rs"),
    ]
    .into_iter()
    .map(|file| root.join(file))
    .filter(|path| path.is_file())
    .collect()
}

/// One verdict, `fmt NAME`: AC when rustfmt would change none of problem `name`'s files
/// ([`problem_files`]; the workspace's `rustfmt.toml` and edition, as `cargo fmt --check`
/// reads them), else WA with the first file and line it would change. A toolchain without
/// rustfmt gets a note.
pub fn format(root: &Path, name: &str, report: &mut Report) {
    let start = Instant::now();
    let label = format!("fmt {name}");
    let files = problem_files(root, name);
    if files.is_empty() {
        let detail = format!("no problems/{name}.rs");
        return report.verdict(Verdict::Re, &label, start.elapsed(), &detail);
    }
    // rustfmt alone, on the files alone: `cargo fmt -p problems` would check every problem.
    let out = Command::new(rustfmt())
        .current_dir(root)
        .args(["--check", "--color", "never", "--edition", "2021"])
        .args(&files)
        .output();
    let out = match out {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return report
                .note("rustfmt is not installed (`rustup component add rustfmt`): skipped")
        }
        Err(e) => {
            let detail = format!("cannot run rustfmt: {e}");
            return report.verdict(Verdict::Re, &label, start.elapsed(), &detail);
        }
    };
    if out.status.success() {
        return report.verdict(Verdict::Ac, &label, start.elapsed(), "");
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let errors = String::from_utf8_lossy(&out.stderr);
    let detail = match first_difference(&text, root) {
        Some(place) => format!("cargo fmt would change {place}; run `cargo fmt --all`"),
        None => format!("rustfmt failed: {}", first_finding(&errors)),
    };
    report.verdict(Verdict::Wa, &label, start.elapsed(), &detail);
}

/// The rustfmt beside the cargo that runs (rustup's proxies), else the one on the `PATH`.
fn rustfmt() -> PathBuf {
    let cargo = cargo::cargo();
    match cargo.parent() {
        Some(dir) if dir.join("rustfmt").is_file() => dir.join("rustfmt"),
        _ => PathBuf::from("rustfmt"),
    }
}

/// Where `rustfmt --check`'s report first differs, as `FILE line N` with FILE relative to
/// `root`: a chunk starts `Diff in /root/FILE:N:` (rustfmt 1.x: `at line N`), N the line of
/// its first context line; the lines after it that start with a space are context, and the
/// first `-` or `+` line is the difference.
///
/// ```
/// use std::path::Path;
/// let text = "Diff in /w/problems/x.rs:12:\n fn main() {\n-    let a=1;\n+    let a = 1;\n";
/// assert_eq!(
///     runner::lint::first_difference(text, Path::new("/w")).as_deref(),
///     Some("problems/x.rs line 13")
/// );
/// let old = "Diff in /w/problems/x.rs at line 3:\n-x\n";
/// assert_eq!(
///     runner::lint::first_difference(old, Path::new("/w")).as_deref(),
///     Some("problems/x.rs line 3")
/// );
/// assert_eq!(runner::lint::first_difference("", Path::new("/w")), None);
/// ```
pub fn first_difference(text: &str, root: &Path) -> Option<String> {
    let mut lines = text.lines();
    let head = lines.find_map(|l| l.strip_prefix("Diff in "))?;
    let head = head.trim_end().trim_end_matches(':');
    let (file, at) = match head.rsplit_once(" at line ") {
        Some((file, at)) => (file, at),
        None => head.rsplit_once(':')?,
    };
    let context = lines.take_while(|l| l.starts_with(' ')).count();
    let at = at.parse::<usize>().ok()? + context;
    let root = format!("{}/", root.display());
    let file = file.strip_prefix(root.as_str()).unwrap_or(file);
    Some(format!("{file} line {at}"))
}

/// The first line of clippy's short messages that reports a finding (`FILE:L:C: error: ...`),
/// else its first error line, else its first line.
///
/// ```
/// let text = "problems/x.rs:3:9: error: unused variable: `n`\nerror: could not compile `problems`\n";
/// assert_eq!(
///     runner::lint::first_finding(text),
///     "problems/x.rs:3:9: error: unused variable: `n`"
/// );
/// ```
pub fn first_finding(text: &str) -> &str {
    let lines = || text.lines().map(str::trim).filter(|l| !l.is_empty());
    lines()
        .find(|l| l.contains(": error: "))
        .or_else(|| lines().find(|l| l.starts_with("error")))
        .or_else(|| lines().next())
        .unwrap_or("clippy failed")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ordered::Ordered;
    use std::sync::Arc;

    /// The lines `format` prints for problem `name` of `root`, and how many checks failed.
    fn format_lines(root: &Path, name: &str) -> (Vec<String>, usize) {
        let ordered = Arc::new(Ordered::capturing());
        let slot = ordered.push();
        let report = Report::quiet();
        let mut in_slot = report.in_slot(&ordered, slot);
        format(root, name, &mut in_slot);
        drop(in_slot);
        (ordered.printed(), report.failed())
    }

    #[test]
    fn a_problem_file_that_rustfmt_would_change_fails_on_a_line_naming_fmt() {
        let root = std::env::temp_dir().join(format!("lint fmt {}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("problems/checkers")).unwrap();
        let tidy = "fn main() {\n    let a = 1;\n    println!(\"{}\", a);\n}\n";
        std::fs::write(root.join("problems/tidy.rs"), tidy).unwrap();
        let (lines, failed) = format_lines(&root, "tidy");
        assert_eq!(failed, 0, "{lines:?}");
        assert!(lines.iter().any(|l| l.contains("fmt tidy")), "{lines:?}");
        // Its checker is the problem's too.
        let messy = "fn main() {\n    let a=1;\n    println!(\"{}\", a);\n}\n";
        std::fs::write(root.join("problems/checkers/tidy.rs"), messy).unwrap();
        let (lines, failed) = format_lines(&root, "tidy");
        assert_eq!(failed, 1, "{lines:?}");
        let line = lines.iter().find(|l| l.contains("fmt tidy")).unwrap();
        assert!(
            line.contains("cargo fmt would change problems/checkers/tidy.rs line 2"),
            "{line}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
