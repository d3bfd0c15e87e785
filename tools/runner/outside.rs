//! One problem's bundle checked outside the runner, as `bundle NAME --check [--judge J]` asks:
//! bundled for the judge, compiled as that judge compiles it and run on the problem's cases,
//! with the runner's own verdict lines. A plain judge's bundle is compiled by the toolchain's
//! rustc in the judge's edition with its flags (and, where installed, by the old rustc, as the
//! runner does, [`super::bundles::problem`]); an AtCoder bundle is built in a scratch cargo
//! project with exactly AtCoder's crates and edition ([`super::bundles::atcoder`]). No
//! comparison with the cargo-built binary (the runner's `parity` check): nothing of the
//! workspace is built but the problem's checker, if it has one.

use super::bundles::{self, Built};
use super::cargo;
use super::cases;
use super::interactive::Interactors;
use super::report::{Report, Verdict};
use super::Settings;
use crate::judges::Judge;
use crate::manifest::checker_bin;
use crate::workspace::Workspace;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where the check writes, under the target directory `target_dir`: its own folder, so that
/// it never touches the files of a run of `./run_tests.sh` going on at the same time
/// (`bundles/` for the plain bundles, `atcoder-check/` beside it for the scratch project).
pub fn out_dir(target_dir: &Path) -> PathBuf {
    target_dir.join("bundle-check").join("bundles")
}

/// Checks problem `name`'s bundle for `judge`, made by the bundler `bundler`, in the workspace
/// `root`: one verdict line a check on standard output, then the tally; returns how many
/// checks passed and failed. `Err` when the check cannot start (a bad setting, an unreadable
/// manifest, an interactive problem, whose cases are played against its jury by
/// `./run_tests.sh NAME`).
pub fn check(
    root: &Path,
    name: &str,
    judge: &'static Judge,
    bundler: &Path,
) -> Result<(usize, usize), String> {
    let settings = Settings::new(root.to_path_buf(), Some(name.to_string()), |key| {
        std::env::var(key).ok()
    })?;
    let meta = Workspace::load(root)?.meta(name)?;
    if meta.interactive {
        return Err(format!(
            "{name} is interactive: its bundle is played against the jury by ./run_tests.sh {name}"
        ));
    }
    let metadata = cargo::metadata(root)?;
    let mut report = Report::new();
    report.heading(&format!("bundle {name} for {}", judge.name));
    let checker = match checker(root, name, meta.checker) {
        Ok(checker) => checker,
        Err(e) => {
            report.verdict(Verdict::Re, &format!("bundle:{name}"), Duration::ZERO, &e);
            println!("{}", report.tally());
            return Ok((report.passed(), report.failed()));
        }
    };
    let (inputs, _) = cases::inputs(root, name);
    let no_juries = Interactors::default();
    let built = Built {
        bundle: bundler,
        binary: &|_| None,
        checker: &|_| Ok(checker.clone()),
        out_dir: out_dir(&metadata.target_dir),
        interactors: &no_juries,
        inputs: &|_| inputs.clone(),
        judge_named: true,
    };
    std::fs::create_dir_all(&built.out_dir)
        .map_err(|e| format!("{}: {}", built.out_dir.display(), e))?;
    let limit = meta.case_limits(settings.timeout);
    if judge.is_plain() {
        bundles::problem(&settings, name, judge, limit, &built, &mut report);
    } else {
        let judged = [(name.to_string(), limit)];
        bundles::atcoder(&settings, &[name], &judged, &built, &mut report);
    }
    println!("{}", report.tally());
    Ok((report.passed(), report.failed()))
}

/// Problem `name`'s checker, built by cargo (release profile), when it declares one.
fn checker(root: &Path, name: &str, declared: bool) -> Result<Option<PathBuf>, String> {
    if !declared {
        return Ok(None);
    }
    let bin = checker_bin(name).0;
    let artifacts = cargo::build(
        root,
        &["build", "--release", "-p", "problems", "--bin", &bin],
    )?;
    artifacts
        .into_iter()
        .find(|a| a.kind == "bin" && a.target == bin)
        .map(|a| Some(a.executable))
        .ok_or_else(|| format!("cargo built no checker `{bin}`"))
}
