//! A library's doctests, one verdict a library (`doctests PACKAGE`): `cargo test --doc`, through
//! a rustdoc that compiles the library's examples as one program where the toolchain can.

use super::cargo::{self, Artifact};
use super::report::Report;
use super::unit::{finish, run_harness, Reported};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The libraries among `harnesses` whose doctests run, each once.
pub fn libraries(harnesses: &[Artifact]) -> Vec<String> {
    let mut libraries: Vec<String> = harnesses
        .iter()
        .filter(|h| h.kind == "lib")
        .map(|h| h.package.clone())
        .collect();
    libraries.dedup();
    libraries
}

/// Compiles and runs the doctests of `package` in `profile` (`cargo test --doc`), one verdict
/// (`doctests PACKAGE`); through `merging` (see [`merging_rustdoc`]) when there is one, so that
/// the library's examples are compiled as one program.
pub fn doctests(
    root: &Path,
    package: &str,
    profile: &[String],
    merging: Option<&Path>,
    report: &mut Report,
) {
    let label = format!("doctests {package}");
    report.note(&match merging {
        Some(_) => format!("{label} (the examples compiled as one program)"),
        None => format!("{label} (each example is compiled)"),
    });
    let start = Instant::now();
    let command = |merging: Option<&Path>| {
        let mut command = Command::new(cargo::cargo());
        command
            .current_dir(root)
            .args(["test", "--doc", "-p", package])
            .args(profile);
        if let Some(wrapper) = merging {
            command
                .env(REAL_RUSTDOC, real_rustdoc())
                .env("RUSTDOC", wrapper);
        }
        command
    };
    let mut outcome = run_harness(command(merging), &label, report);
    let passed =
        |o: &Result<Reported, String>| o.as_ref().is_ok_and(|o| o.success && o.failed == 0);
    if merging.is_some() && !passed(&outcome) {
        // A merged program that does not compile is one error in a generated file, naming
        // no example: one by one, each failure names its own.
        report.note(&format!("{label}: again, each example compiled alone"));
        outcome = run_harness(command(None), &label, report);
    }
    finish(report, &label, start, outcome);
}

/// The variable that tells [`MERGING_RUSTDOC`] which rustdoc to start.
const REAL_RUSTDOC: &str = "GRUNDY_RUNNER_RUSTDOC";

/// The rustdoc the runner's doctests go through: rustdoc, with its doctests merged into one
/// program a crate (`--merge-doctests=yes`, what edition 2024 does by itself) while the crate
/// keeps its edition: every example is still compiled and run, in its own process, as
/// `cargo test --doc` would, but with one compiler and one linker a library instead of one
/// each an example (grundy's 321 examples cost 62 CPU-seconds one by one, 6.5 merged).
/// An example that cannot be merged (one with `compile_fail`, crate attributes, or
/// `standalone_crate`) rustdoc compiles alone. The flag is still unstable, so rustdoc alone,
/// not cargo, gets `RUSTC_BOOTSTRAP=1`: set for cargo, it would reach build scripts that watch
/// it (proc-macro2's) and rebuild the tools' crates.
const MERGING_RUSTDOC: &str = "#!/bin/sh
# Written by ./run_tests.sh's runner (tools/runner/doctests.rs): rustdoc with a crate's doctests
# merged into one program.
RUSTC_BOOTSTRAP=1 exec \"$GRUNDY_RUNNER_RUSTDOC\" \"$@\" -Zunstable-options --merge-doctests=yes
";

/// The rustdoc cargo would start: `RUSTDOC`, else `rustdoc`.
fn real_rustdoc() -> std::ffi::OsString {
    std::env::var_os("RUSTDOC")
        .filter(|r| !r.is_empty())
        .unwrap_or_else(|| "rustdoc".into())
}

/// Writes the merging wrapper (`MERGING_RUSTDOC`) into `dir` and returns its path, if this toolchain's rustdoc
/// (run in `root`, so that a `rust-toolchain` file there chooses it) can merge doctests;
/// `None` (the doctests compiled one by one) if it cannot or the file cannot be written.
pub fn merging_rustdoc(root: &Path, dir: &Path) -> Option<std::path::PathBuf> {
    let help = Command::new(real_rustdoc())
        .current_dir(root)
        .env("RUSTC_BOOTSTRAP", "1")
        .arg("--help")
        .output()
        .ok()?;
    if !String::from_utf8_lossy(&help.stdout).contains("--merge-doctests") {
        return None;
    }
    let path = dir.join("rustdoc-merged");
    if std::fs::read(&path).ok().as_deref() == Some(MERGING_RUSTDOC.as_bytes()) {
        // Already there: a run beside this one may be starting it.
        return Some(path);
    }
    std::fs::create_dir_all(dir).ok()?;
    std::fs::write(&path, MERGING_RUSTDOC).ok()?;
    let mut permissions = std::fs::metadata(&path).ok()?.permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&path, permissions).ok()?;
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_merging_rustdoc_compiles_a_crates_examples_as_one_program() {
        // A crate of three examples, tested through the wrapper as cargo would start it.
        let dir = std::env::temp_dir().join(format!("runner-merging-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let lib = dir.join("lib.rs");
        let example = |n: u32| format!("/// ```\n/// assert_eq!(t::f({n}), {});\n/// ```\n", n + 1);
        let source = format!(
            "//! Three examples.\n{}{}{}pub fn f(x: u32) -> u32 {{ x + 1 }}\n",
            example(1),
            example(2),
            example(3)
        );
        std::fs::write(&lib, source).unwrap();
        let rlib = Command::new("rustc")
            .args([
                "--crate-type",
                "lib",
                "--crate-name",
                "t",
                "--edition",
                "2021",
            ])
            .arg(&lib)
            .arg("--out-dir")
            .arg(&dir)
            .status()
            .unwrap();
        assert!(rlib.success());
        let wrapper = merging_rustdoc(&dir, &dir).expect("this toolchain's rustdoc merges");
        let out = Command::new(&wrapper)
            .env(REAL_RUSTDOC, real_rustdoc())
            .args([
                "--test",
                "--crate-name",
                "t",
                "--edition",
                "2021",
                "--extern",
            ])
            .arg(format!("t={}", dir.join("libt.rlib").display()))
            .arg(&lib)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let _ = std::fs::remove_dir_all(&dir);
        assert!(out.status.success(), "{stdout}");
        assert!(stdout.contains("3 passed"), "{stdout}");
        assert!(stdout.contains("merged doctests compilation"), "{stdout}");
    }
}
