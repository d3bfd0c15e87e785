//! A problem's checker in the runner. A problem declaring `checker = true` has its output
//! judged by the binary `NAME-checker` (`problems/checkers/NAME.rs`), run as testlib and
//! online-judge-tools run theirs: `NAME-checker INPUT OUTPUT ANSWER`, exit 0 accepted, exit 1
//! wrong answer with one line on standard output saying why, any other end the checker's own
//! failure. Without a checker the output is compared with the `.out` exactly ([`super::cases`]).

use super::exec::{self, Ended, Input};
use super::limits;
use super::report::{self, Verdict};
use crate::manifest::{checker_bin, Meta};
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The least time a checker has, whatever the case's limit.
const LEAST_TIME: Duration = Duration::from_secs(10);
/// How much a checker may write (its reason is one line).
const CHECKER_OUTPUT: usize = 64 * 1024;

/// The cargo arguments that build problem `name`'s checker with it: `--bin NAME-checker` when
/// its metadata `meta` declares one, else nothing (a bad entry, `None`, is reported by the
/// problems stage).
pub fn build_args(meta: Option<&Meta>, name: &str) -> Vec<String> {
    match meta {
        Some(meta) if meta.checker => vec!["--bin".to_string(), checker_bin(name).0],
        _ => Vec::new(),
    }
}

/// The checker to judge problem `name` by: `None` when `meta` declares none, else the built
/// binary `binary` finds (`binary(package, target)`), or why there is none.
pub fn program(
    meta: &Meta,
    name: &str,
    binary: &dyn Fn(&str, &str) -> Option<PathBuf>,
) -> Result<Option<PathBuf>, String> {
    if !meta.checker {
        return Ok(None);
    }
    let bin = checker_bin(name).0;
    match binary("problems", &bin) {
        Some(path) => Ok(Some(path)),
        None => Err(format!("cargo built no checker `{bin}`")),
    }
}

/// The verdict of the checker `checker` on `output`, the contestant's output for the case
/// `input` whose expected output is `answer`; the checker has the case's `limit`, at least
/// 10 s. `AC`, `WA` with the checker's reason, or `RE` when the checker itself failed.
pub fn verdict(
    checker: &Path,
    input: &Path,
    output: &[u8],
    answer: &Path,
    limit: Duration,
) -> (Verdict, String) {
    let file = match OutputFile::write(output) {
        Ok(file) => file,
        Err(e) => {
            return (
                Verdict::Re,
                format!("cannot hold the output for the checker: {e}"),
            )
        }
    };
    let args = [input.as_os_str(), file.0.as_os_str(), answer.as_os_str()];
    let time = limit.max(LEAST_TIME);
    let run = match exec::run(checker, &args, Input::Bytes(b""), time, CHECKER_OUTPUT) {
        Ok(run) => run,
        Err(e) => return (Verdict::Re, format!("checker: {e}")),
    };
    match run.ended {
        Ended::Exited(0) => (Verdict::Ac, String::new()),
        Ended::Exited(1) => {
            let reason = report::one_line(&String::from_utf8_lossy(&run.stdout), 200);
            let reason = if reason.is_empty() {
                "wrong answer (the checker gave no reason)".to_string()
            } else {
                reason
            };
            (Verdict::Wa, format!("checker: {reason}"))
        }
        Ended::Exited(code) => failed(&format!("exit {code}"), &run.stderr),
        Ended::Signalled(signal) => failed(&format!("signal {signal}"), &run.stderr),
        Ended::OverMemory => failed("stopped at its memory bound", &run.stderr),
        Ended::TimedOut => (
            Verdict::Re,
            format!("checker failed: over {}", limits::show(time)),
        ),
        Ended::OverCap => (
            Verdict::Re,
            format!("checker failed: wrote over {CHECKER_OUTPUT} bytes"),
        ),
    }
}

/// The verdict when the checker ended `how` (`exit 3`, `signal 11`) instead of judging, with
/// the first line of its standard error.
fn failed(how: &str, stderr: &[u8]) -> (Verdict, String) {
    let why = super::report::first_line(stderr);
    (Verdict::Re, format!("checker failed ({how}): {why}"))
}

/// The contestant's output in a fresh file of the temporary directory, removed when dropped.
struct OutputFile(PathBuf);

impl OutputFile {
    fn write(bytes: &[u8]) -> std::io::Result<OutputFile> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "runner-output-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        // create_new: a file or link already there (someone else's) is never written through.
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)?;
        let file_path = OutputFile(path);
        file.write_all(bytes)?;
        Ok(file_path)
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_output_file_holds_the_bytes_and_goes_away() {
        let file = OutputFile::write(b"1\n6\n").unwrap();
        let path = file.0.clone();
        assert_eq!(fs::read(&path).unwrap(), b"1\n6\n");
        let other = OutputFile::write(b"").unwrap();
        assert_ne!(other.0, path);
        drop(file);
        assert!(!path.exists());
    }

    #[test]
    fn the_checker_is_built_with_its_problem() {
        let root = std::env::temp_dir().join(format!("runner-checker-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("problems/checkers")).unwrap();
        fs::write(root.join("problems/checkers/p.rs"), "fn main() {}").unwrap();
        fs::write(
            root.join("problems/Cargo.toml"),
            "bin = [\n    { name = \"p-checker\", path = \"checkers/p.rs\", test = false },\n]\n\n[package.metadata.problems]\np = { judge = \"spoj\", checker = true }\nq = { judge = \"spoj\" }\n",
        )
        .unwrap();
        let workspace = crate::workspace::Workspace::load(&root).unwrap();
        let args = |name: &str| build_args(workspace.meta(name).ok().as_ref(), name);
        assert_eq!(args("p"), ["--bin", "p-checker"]);
        assert!(args("q").is_empty());
        assert!(args("nosuch").is_empty());
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_declared_checker_must_be_built() {
        let spoj = crate::judges::by_name("spoj").unwrap();
        let meta = Meta {
            checker: true,
            ..Meta::judged_by(spoj)
        };
        let built = |_: &str, target: &str| {
            (target == "p-checker").then(|| PathBuf::from("/bin/p-checker"))
        };
        assert_eq!(
            program(&meta, "p", &built),
            Ok(Some(PathBuf::from("/bin/p-checker")))
        );
        assert_eq!(
            program(&meta, "q", &built),
            Err("cargo built no checker `q-checker`".to_string())
        );
        assert_eq!(program(&Meta::judged_by(spoj), "p", &built), Ok(None));
    }
}
