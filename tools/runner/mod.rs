//! The regression runner behind `./run_tests.sh`: builds once, runs the unit tests, every
//! problem binary on every `testcases/<problem>/*.in`, then each problem's judge bundle. One
//! verdict line per check ([`report`]); the last line is `N passed, M failed`.
//!
//! The stages: [`cargo`] builds (binaries found from cargo's own messages), [`mod@unit`] runs the
//! test harnesses with progress, [`cases`] runs a binary on a case ([`exec`]: limits, output
//! cap, process groups; [`limits`]: which limit; [`checker`]: a problem's own checker),
//! [`bundles`] checks the bundles (against the binaries, on seeded [`variants`] of the cases);
//! in a one-problem run, [`lint`] runs clippy on the problem.

pub mod bundles;
pub mod cargo;
pub mod cases;
pub mod checker;
pub mod exec;
pub mod interactive;
pub mod limits;
pub mod lint;
pub mod report;
pub mod unit;
pub mod variants;

use crate::judges::{self, Judge};
use crate::manifest::Meta;
use crate::workspace::{self, Workspace};
use report::{Report, Verdict};
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
            if !workspace::problems(&root).contains(name) {
                return Err(format!("no problem {name} (no file problems/{name}.rs)"));
            }
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

/// Runs every stage and prints the verdicts and the tally; returns the exit status (0 all
/// passed, 1 something failed).
pub fn run(settings: &Settings) -> i32 {
    let mut report = Report::new();
    let root = &settings.root;
    let problems: Vec<String> = match &settings.only {
        Some(name) => vec![name.clone()],
        None => workspace::problems(root),
    };

    // The manifest is read once; each problem's entry is checked once, here.
    let loaded = cargo::metadata(root)
        .map_err(|e| ("cargo metadata", e))
        .and_then(|metadata| {
            let workspace = Workspace::load(root).map_err(|e| ("problems/Cargo.toml", e))?;
            Ok((metadata, workspace))
        });
    let (metadata, workspace) = match loaded {
        Ok(loaded) => loaded,
        Err((what, e)) => {
            report.verdict(Verdict::Re, what, Duration::ZERO, &e);
            println!("{}", report.tally());
            return 1;
        }
    };
    let metas: Vec<Result<Meta, String>> = problems.iter().map(|n| workspace.meta(n)).collect();
    let meta_of = |name: &str| {
        let at = problems.iter().position(|p| p == name);
        at.map_or_else(|| workspace.meta(name), |i| metas[i].clone())
    };
    let checker_args = match (&settings.only, metas.first()) {
        (Some(name), Some(meta)) => checker::build_args(meta.as_ref().ok(), name),
        _ => Vec::new(),
    };

    report.heading("build");
    let artifacts = match build_release(settings, &checker_args, &mut report) {
        Some(artifacts) => artifacts,
        None => {
            println!("{}", report.tally());
            return 1;
        }
    };

    report.heading("unit tests");
    // The contest code (library, judge, problems, testkit) is tested with debug assertions and
    // overflow checks, the problems' harnesses unoptimised (`cargo::test_build_args`); tools/
    // is tested as built, in a cargo run of its own: built beside the checked library, tools
    // would be compiled again against it, not shared with the release build.
    let checked: Vec<String> = metadata
        .members
        .iter()
        .filter(|m| *m != "tools")
        .cloned()
        .collect();
    let profile = cargo::test_build_args(&checked);
    let release = ["--release".to_string()];
    match &settings.only {
        Some(name) => {
            let selection = vec!["-p", "problems", "--bin", name];
            unit::stage(
                root,
                &[unit::Group {
                    profile: &profile,
                    selection,
                }],
                false,
                &mut report,
            );
            lint::problem(root, name, &mut report);
        }
        None => {
            let mut groups = vec![unit::Group {
                profile: &profile,
                selection: checked.iter().flat_map(|m| ["-p", m.as_str()]).collect(),
            }];
            if metadata.members.iter().any(|m| m == "tools") {
                let selection = vec!["-p", "tools"];
                groups.push(unit::Group {
                    profile: &release,
                    selection,
                });
            }
            unit::stage(root, &groups, true, &mut report)
        }
    }
    let interactive: Vec<String> = problems
        .iter()
        .zip(&metas)
        .filter(|(_, meta)| meta.as_ref().is_ok_and(|m| m.interactive))
        .map(|(name, _)| name.clone())
        .collect();
    let interactors = interactive::Interactors::build(
        root,
        &profile,
        &interactive,
        &metadata.target_dir,
        &mut report,
    );
    // The tests' build put checked binaries where the release ones were: cargo puts them back.
    let artifacts =
        build_release(settings, &checker_args, &mut Report::quiet()).unwrap_or(artifacts);
    let binary = |package: &str, name: &str| {
        artifacts
            .iter()
            .find(|a| a.kind == "bin" && a.package == package && a.target == name)
            .map(|a| a.executable.clone())
    };

    report.heading("problems");
    let mut checked = Vec::new();
    for (name, meta) in problems.iter().zip(&metas) {
        let meta = meta.clone().unwrap_or_else(|e| {
            report.verdict(
                Verdict::Re,
                &format!("{name} (metadata)"),
                Duration::ZERO,
                &e,
            );
            Meta::judged_by(judges::by_name("codeforces").expect("the judge table has Codeforces"))
        });
        let judge = meta.judge;
        let limit = limits::case_limit(settings.timeout, meta.time_limit);
        let case_limits = limits::CaseLimits {
            time: limit,
            memory_mib: meta.memory_limit,
        };
        checked.push((name.clone(), judge, case_limits));
        let (inputs, special) = cases::inputs(root, name);
        for path in special {
            report.note(&format!("skipped {}: not a regular file", path.display()));
        }
        let exe = match binary("problems", name) {
            Some(exe) => exe,
            None => {
                report.verdict(
                    Verdict::Re,
                    name,
                    Duration::ZERO,
                    "cargo built no such binary",
                );
                continue;
            }
        };
        if inputs.is_empty() {
            report.verdict(
                Verdict::Wa,
                name,
                Duration::ZERO,
                &format!("no testcases/{name}/*.in"),
            );
        }
        let checker = match checker::program(&meta, name, &binary) {
            Ok(checker) => checker,
            Err(e) => {
                report.verdict(Verdict::Re, name, Duration::ZERO, &e);
                continue;
            }
        };
        for input in inputs {
            let label = format!("{}/{}", name, bundles::stem(&input));
            if interactors.plays(name, &input) {
                interactors.play_case(&mut report, name, &label, &input, &exe, limit);
            } else {
                let checker = checker.as_deref();
                cases::run_case(&mut report, &label, &input, &exe, case_limits, checker);
            }
        }
    }

    if settings.bundles {
        let out_dir = metadata.target_dir.join("bundles");
        let _ = std::fs::create_dir_all(&out_dir);
        report.heading(&bundles_heading(
            settings,
            checked.iter().map(|(_, j, _)| *j),
        ));
        match settings
            .bundler
            .clone()
            .or_else(|| binary("tools", "bundle"))
        {
            Some(bundler) => {
                let problem_binary = |name: &str| binary("problems", name);
                let problem_checker = |name: &str| {
                    let meta = meta_of(name)?;
                    checker::program(&meta, name, &binary)
                };
                let built = bundles::Built {
                    bundle: &bundler,
                    binary: &problem_binary,
                    checker: &problem_checker,
                    interactors: &interactors,
                    out_dir: out_dir.clone(),
                };
                bundles::stage(settings, &checked, &built, &mut report);
            }
            None => report.verdict(
                Verdict::Re,
                "bundle",
                Duration::ZERO,
                "cargo built no bundler",
            ),
        }
        if settings.only.is_none() {
            bundles::starter(settings, &out_dir, &mut report);
        }
    }

    println!("{}", report.tally());
    i32::from(report.failed() > 0)
}
