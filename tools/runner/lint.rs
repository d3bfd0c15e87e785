//! Clippy in a one-problem run (`./run_tests.sh NAME`): the problem's code and its tests
//! linted as CI lints them (`-D warnings`), so a lint fails here, beside the problem's other
//! verdicts, not first in CI.

use super::cargo;
use super::report::{Report, Verdict};
use std::path::Path;
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

/// The first line of clippy's short messages that reports a finding (`FILE:L:C: error: ...`),
/// else its first error line, else its first line.
///
/// ```
/// let text = "problems/x.rs:3:9: error: unused variable: `n`\nerror: could not compile `problems`\n";
/// assert_eq!(
///     tools::runner::lint::first_finding(text),
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
