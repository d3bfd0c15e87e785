//! The regression runner behind `./run_tests.sh`: builds once, runs the unit tests, every
//! problem binary on every `testcases/<problem>/*.in`, then each problem's judge bundle. One
//! verdict line per check ([`report`]); the last line is `N passed, M failed`.
//!
//! After the release build, `stage` hands the checks to the [`pool`]'s workers, each in its
//! [`ordered`] slot. The stages: [`cargo`] builds (binaries found from cargo's own messages), [`mod@unit`] runs the
//! test harnesses with progress, [`cases`] runs a binary on a case ([`exec`]: limits, output
//! cap, process groups; [`limits`]: which limit; [`checker`]: a problem's own checker),
//! [`bundles`] checks the bundles (against the binaries, on seeded [`variants`] of the cases);
//! in a one-problem run, [`lint`] runs clippy on the problem. [`outside`] is one bundle's
//! check without the rest (`bundle NAME --check`).

pub mod bundles;
pub mod cases;
pub mod checker;
pub mod doctests;
pub mod interactive;
pub mod lint;
pub mod ordered;
pub mod outside;
pub mod pool;
pub mod report;
mod stage;
pub mod unit;
pub mod variants;

use model::judges::{self, Judge};
use model::manifest;
use model::workspace;
use report::{Report, Verdict};
use sandbox::{cargo, exec, limits};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// What a run checks, from the command line and the environment.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The workspace.
    pub root: PathBuf,
    /// Only this problem (its unit tests, cases and bundle), or everything.
    pub only: Option<String>,
    /// `TIMEOUT`: one limit for every case, in seconds.
    pub timeout: Option<f64>,
    /// Whether the bundle stage runs (`NO_BUNDLE=1` skips it).
    pub bundles: bool,
    /// Whether the AtCoder build runs (`ATCODER=0` skips it).
    pub atcoder: bool,
    /// An old rustc for plain bundles (`OLD_RUSTC`, else Debian's `/usr/bin/rustc` when it is
    /// not the toolchain's).
    pub old_rustc: Option<PathBuf>,
    /// A bundler already built (`--bundler`), used instead of building tools' `bundle`: a test
    /// that plays the contestant's loop on a copy of the workspace passes its own, so the copy
    /// compiles no second tools/.
    pub bundler: Option<PathBuf>,
}

impl Settings {
    /// The settings for problem `only` (or all) from `TIMEOUT`, `NO_BUNDLE`, `ATCODER` and
    /// `OLD_RUSTC`, as `var` reads them; `Err` names a bad setting or an unknown problem.
    pub fn new(
        root: PathBuf,
        only: Option<String>,
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Settings, String> {
        let timeout = limits::timeout_setting(var("TIMEOUT").as_deref())?;
        if let Some(name) = &only {
            workspace::check_name(name)?;
            workspace::check_problem(&root, name)?;
        }
        let old_rustc = match var("OLD_RUSTC").filter(|p| !p.is_empty()) {
            Some(path) => Some(PathBuf::from(path)),
            None => debian_rustc(),
        };
        Ok(Settings {
            root,
            only,
            timeout,
            bundles: var("NO_BUNDLE").as_deref() != Some("1"),
            atcoder: var("ATCODER").as_deref() != Some("0"),
            old_rustc,
            bundler: None,
        })
    }
}

/// The bundle stage's heading: the old rustc is named only when it compiles something, a
/// plain judge's bundle (of `judges`, or the starters' in a run of everything), not for an
/// AtCoder problem alone.
pub fn bundles_heading<'a>(
    settings: &Settings,
    mut judges: impl Iterator<Item = &'a Judge>,
) -> String {
    let plain = settings.only.is_none() || judges.any(Judge::is_plain);
    match &settings.old_rustc {
        Some(old) if plain => format!("judge bundles (also compiled by {})", old.display()),
        _ => "judge bundles".to_string(),
    }
}

/// Debian's rustc, when it is installed beside (and differs from) the toolchain's.
fn debian_rustc() -> Option<PathBuf> {
    let debian = Path::new("/usr/bin/rustc");
    let version = |rustc: &Path| {
        Command::new(rustc)
            .arg("--version")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| o.stdout)
    };
    let old = version(debian)?;
    (version(Path::new("rustc")) != Some(old)).then(|| debian.to_path_buf())
}

/// The release build of the binaries the run needs (every binary, or problem `only`'s, its
/// checker's (`checker_args`) and the bundler), as cargo reports them; `None` (with a verdict)
/// if it fails.
fn build_release(
    settings: &Settings,
    checker_args: &[String],
    report: &mut Report,
) -> Option<Vec<cargo::Artifact>> {
    let start = Instant::now();
    let mut args = vec!["build", "--release"];
    match &settings.only {
        Some(name) => {
            args.extend(["-p", "problems", "--bin", name]);
            if settings.bundler.is_none() {
                args.extend(["-p", "tools", "--bin", "bundle"]);
            }
            args.extend(checker_args.iter().map(String::as_str));
        }
        None => args.extend(["--workspace", "--bins"]),
    }
    match cargo::build(&settings.root, &args) {
        Ok(artifacts) => {
            report.note(&format!("built in {:.1} s", start.elapsed().as_secs_f64()));
            Some(artifacts)
        }
        Err(e) => {
            report.verdict(Verdict::Re, "cargo build --release", start.elapsed(), &e);
            None
        }
    }
}

/// Copies the problems' release binaries to `target_dir/runner/bin`, where no later build
/// replaces them (the test build puts checked binaries where cargo put the release ones), and
/// returns the artifacts with those copies as their executables. A binary that cannot be
/// copied is used where it is.
fn keep_shipped(artifacts: Vec<cargo::Artifact>, target_dir: &Path) -> Vec<cargo::Artifact> {
    let dir = target_dir.join("runner").join("bin");
    let _ = std::fs::create_dir_all(&dir);
    artifacts
        .into_iter()
        .map(|mut artifact| {
            if artifact.kind == "bin" && artifact.package == "problems" {
                let copy = dir.join(&artifact.target);
                let _ = std::fs::remove_file(&copy);
                if std::fs::copy(&artifact.executable, &copy).is_ok() {
                    artifact.executable = copy;
                }
            }
            artifact
        })
        .collect()
}

/// Runs every stage and prints the verdicts and the tally; returns the exit status (0 all
/// passed, 1 something failed).
///
/// After the release build, cargo's test builds, the doctests and (in a one-problem run)
/// clippy run one after another on this thread, while [`pool`]'s workers run everything else
/// (test harnesses as soon as their group is built, cases, bundles); every check prints in its
/// own [`ordered`] slot, so the output reads as if the stages ran one after another.
pub fn run(settings: &Settings) -> i32 {
    let (passed, failed) = run_counted(settings);
    let _ = passed;
    i32::from(failed > 0)
}

/// Runs several one-problem runs one after another (`./run_tests.sh a b`), each as [`run`]
/// runs it, then prints the total, `all K problems: N passed, M failed`, as the last line;
/// returns the exit status (0 all passed, 1 something failed).
pub fn run_each(each: &[Settings]) -> i32 {
    let (mut passed, mut failed) = (0, 0);
    for settings in each {
        let (p, f) = run_counted(settings);
        passed += p;
        failed += f;
    }
    println!(
        "all {} problems: {passed} passed, {failed} failed",
        each.len()
    );
    i32::from(failed > 0)
}

/// [`run`], returning how many checks passed and failed (a run that cannot start counts one
/// failure).
fn run_counted(settings: &Settings) -> (usize, usize) {
    let mut report = Report::new();
    let Some(loaded) = stage::load(settings, &mut report) else {
        return tally(&report);
    };
    let checker_args = match (&settings.only, loaded.metas.first()) {
        (Some(name), Some(meta)) => checker::build_args(meta.as_ref().ok(), name),
        _ => Vec::new(),
    };

    report.heading("build");
    let artifacts = match build_release(settings, &checker_args, &mut report) {
        Some(artifacts) => keep_shipped(artifacts, &loaded.metadata.target_dir),
        None => return tally(&report),
    };
    let binary = |package: &str, name: &str| {
        artifacts
            .iter()
            .find(|a| a.kind == "bin" && a.package == package && a.target == name)
            .map(|a| a.executable.clone())
    };
    let (panicked, ordered) = stage::run_checks(settings, &loaded, &binary, &report);
    // The test builds put checked binaries where the release ones were: cargo puts them back
    // for the contestant, once no check runs any more.
    let _ = build_release(settings, &checker_args, &mut Report::quiet());
    ordered.flush();
    if panicked > 0 {
        let why = format!("{panicked} checks ended in a panic of the runner");
        report.verdict(Verdict::Re, "runner", Duration::ZERO, &why);
    }
    tally(&report)
}

/// Prints `report`'s tally, the run's last line; returns how many checks passed and failed.
fn tally(report: &Report) -> (usize, usize) {
    println!("{}", report.tally());
    (report.passed(), report.failed())
}
