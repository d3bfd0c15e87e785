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
pub mod cases;
pub mod checker;
pub mod interactive;
pub mod lint;
pub mod ordered;
pub mod pool;
pub mod report;
pub mod unit;
pub mod variants;

use model::judges::{self, Judge};
use model::manifest::{self, Meta};
use model::workspace::{self, Workspace};
use ordered::{Ordered, Slot};
use report::{Report, Verdict};
use sandbox::{cargo, exec, limits};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};
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
            return (report.passed(), report.failed());
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
        Some(artifacts) => keep_shipped(artifacts, &metadata.target_dir),
        None => {
            println!("{}", report.tally());
            return (report.passed(), report.failed());
        }
    };
    let binary = |package: &str, name: &str| {
        artifacts
            .iter()
            .find(|a| a.kind == "bin" && a.package == package && a.target == name)
            .map(|a| a.executable.clone())
    };
    // The cases as they are now: a test that adds a case for a while (and removes it) while
    // the checks run changes no verdict.
    let found: Vec<(Vec<PathBuf>, Vec<PathBuf>)> =
        problems.iter().map(|n| cases::inputs(root, n)).collect();
    let inputs = |name: &str| {
        problems
            .iter()
            .position(|p| p == name)
            .map_or_else(Vec::new, |i| found[i].0.clone())
    };

    // The contest code (library, judge, problems, testkit) is tested with debug assertions and
    // overflow checks, the problems' harnesses unoptimised (`cargo::test_build_args`); tools/
    // is tested as built, in cargo runs of its own: built beside the checked library, tools
    // would be compiled again against it, not shared with the release build. Its own unit
    // tests are compiled unoptimised, its integration tests against the release build.
    let checked: Vec<String> = metadata
        .members
        .iter()
        .filter(|m| !metadata.tools.contains(m))
        .cloned()
        .collect();
    let profile = cargo::test_build_args(&checked);
    let release = ["--release".to_string()];
    let tools_unit = cargo::unoptimised_unit_tests_args(&metadata.tools);
    let tools_libs: Vec<&str> = metadata
        .tools
        .iter()
        .filter(|m| *m != "tools")
        .map(String::as_str)
        .collect();
    let mut groups = Vec::new();
    match &settings.only {
        Some(name) => groups.push(unit::Group {
            profile: &profile,
            selection: vec!["-p", "problems", "--bin", name],
            doc_profile: &profile,
        }),
        None => {
            groups.push(unit::Group {
                profile: &profile,
                selection: checked.iter().flat_map(|m| ["-p", m.as_str()]).collect(),
                doc_profile: &profile,
            });
            if metadata.members.iter().any(|m| m == "tools") {
                groups.push(unit::Group {
                    profile: &tools_unit,
                    selection: tools_libs
                        .iter()
                        .flat_map(|m| ["-p", m])
                        .chain(["--lib"])
                        .collect(),
                    doc_profile: &release,
                });
                groups.push(unit::Group {
                    profile: &release,
                    selection: vec!["-p", "tools", "--test", "*"],
                    doc_profile: &release,
                });
            }
        }
    }
    let interactive: Vec<String> = problems
        .iter()
        .zip(&metas)
        .filter(|(_, meta)| meta.as_ref().is_ok_and(|m| m.interactive))
        .map(|(name, _)| name.clone())
        .collect();
    let shipped_dir = metadata.target_dir.join("runner").join("bin");
    let harness_env = [("PROBLEMS_BIN_DIR", shipped_dir.as_os_str())];

    // The slots, in the order a run reads.
    let ordered = Arc::new(Ordered::new());
    let slot = |text: Option<&str>| {
        let slot = ordered.push();
        if let Some(text) = text {
            report.in_slot(&ordered, slot).heading(text);
        }
        slot
    };
    slot(Some("unit tests"));
    // The contest crates' tests are built first (with the juries of the interactive problems):
    // their build writes checked binaries where the release ones were, so it must be over
    // before the tools' tests run, which run the release binaries there.
    let group_slots: Vec<(Slot, Slot)> = groups.iter().map(|_| (slot(None), slot(None))).collect();
    let lint_slot = settings.only.as_ref().map(|_| (slot(None), slot(None)));
    let doc_marker = slot(None);
    let interactive_slot = slot(None);
    slot(Some("problems"));
    let case_slots: Vec<Slot> = problems.iter().map(|_| slot(None)).collect();
    let bundled: Vec<(String, &'static Judge, limits::CaseLimits)> = problems
        .iter()
        .zip(&metas)
        .map(|(name, meta)| {
            let meta = meta.clone().unwrap_or_else(|_| fallback_meta());
            let limits = limits::CaseLimits {
                time: limits::case_limit(settings.timeout, meta.time_limit),
                memory_mib: meta.memory_limit,
                counted: meta.judge.memory,
            };
            (name.clone(), meta.judge, limits)
        })
        .collect();
    let bundle_slots: Vec<Slot> = if settings.bundles {
        slot(Some(&bundles_heading(
            settings,
            bundled.iter().map(|(_, j, _)| *j),
        )));
        bundled.iter().map(|_| slot(None)).collect()
    } else {
        Vec::new()
    };
    let atcoder_slot = slot(None);
    let starter_slot = slot(None);

    let out_dir = metadata.target_dir.join("bundles");
    let _ = std::fs::create_dir_all(&out_dir);
    let bundler = settings
        .bundler
        .clone()
        .or_else(|| binary("tools", "bundle"));
    let problem_binary = |name: &str| binary("problems", name);
    let problem_checker = |name: &str| {
        let meta = meta_of(name)?;
        checker::program(&meta, name, &binary)
    };
    let no_juries = interactive::Interactors::default();
    // What every bundle job needs, each job with its problem's juries; none without a bundler.
    let built = bundler.as_deref().map(|bundle| bundles::Built {
        bundle,
        binary: &problem_binary,
        checker: &problem_checker,
        interactors: &no_juries,
        out_dir: out_dir.clone(),
        inputs: &inputs,
    });
    let harnesses_of: Vec<OnceLock<Vec<cargo::Artifact>>> =
        groups.iter().map(|_| OnceLock::new()).collect();
    let juries: OnceLock<interactive::Interactors> = OnceLock::new();

    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let ((), panicked) = pool::with_workers(workers, |pool| {
        // One problem's cases and bundle, and the AtCoder build, as jobs: an interactive problem's
        // wait for its jury.
        let problem_jobs = |index: usize| {
            let juries = if interactive.contains(&problems[index]) {
                juries.get().unwrap_or(&no_juries)
            } else {
                &no_juries
            };
            let name = &problems[index];
            let mut cases_report = report.in_slot(&ordered, case_slots[index]);
            let (meta, found, limits) = (&metas[index], &found[index], bundled[index].2);
            pool.submit(move || {
                problem_cases(
                    &mut cases_report,
                    name,
                    meta,
                    limits,
                    found,
                    &binary,
                    juries,
                )
            });
            if let Some(&slot) = bundle_slots.get(index) {
                let mut bundle_report = report.in_slot(&ordered, slot);
                // Without a bundler the stage's one verdict says so (below).
                let Some(built) = &built else {
                    return;
                };
                let built = bundles::Built {
                    interactors: juries,
                    ..built.clone()
                };
                let (name, judge, limit) = &bundled[index];
                pool.submit(move || {
                    bundles::problem(settings, name, judge, *limit, &built, &mut bundle_report);
                });
            }
        };
        let finish_jobs = || {
            let juries = juries.get().unwrap_or(&no_juries);
            let mut atcoder_report = report.in_slot(&ordered, atcoder_slot);
            let mut starter_report = report.in_slot(&ordered, starter_slot);
            if !settings.bundles {
                return;
            }
            if settings.only.is_none() {
                let out_dir = &out_dir;
                pool.submit(move || bundles::starter(settings, out_dir, &mut starter_report));
            }
            let Some(built) = &built else {
                return atcoder_report.verdict(
                    Verdict::Re,
                    "bundle",
                    Duration::ZERO,
                    "cargo built no bundler",
                );
            };
            let built = bundles::Built {
                interactors: juries,
                ..built.clone()
            };
            let (problems, bundled) = (&problems, &bundled);
            if settings.atcoder {
                pool.submit(move || {
                    let names: Vec<&str> = problems.iter().map(String::as_str).collect();
                    let judged_there: Vec<(String, limits::CaseLimits)> = bundled
                        .iter()
                        .filter(|(_, judge, _)| !judge.is_plain())
                        .map(|(name, _, limit)| (name.clone(), *limit))
                        .collect();
                    bundles::atcoder(settings, &names, &judged_there, &built, &mut atcoder_report);
                });
            }
        };
        for (index, name) in problems.iter().enumerate() {
            if !interactive.contains(name) {
                problem_jobs(index);
            }
        }
        for (index, group) in groups.iter().enumerate() {
            let (build_slot, marker) = group_slots[index];
            let built = harnesses_of[index].get_or_init(|| {
                let mut build_report = report.in_slot(&ordered, build_slot);
                unit::build(root, group, &mut build_report).unwrap_or_default()
            });
            let slots: Vec<Slot> = built.iter().map(|_| ordered.push_before(marker)).collect();
            // Later harnesses first in front of the queue, so the group runs in its order,
            // before cases and bundles still waiting.
            for (harness, &slot) in built.iter().zip(&slots).rev() {
                let mut harness_report = report.in_slot(&ordered, slot);
                let harness_env = &harness_env;
                pool.submit_first(move || unit::run(harness, harness_env, &mut harness_report));
            }
            ordered.finish(marker);
            if index == 0 {
                if let Some((fmt_slot, slot)) = lint_slot {
                    lint::format(root, &problems[0], &mut report.in_slot(&ordered, fmt_slot));
                    lint::problem(root, &problems[0], &mut report.in_slot(&ordered, slot));
                }
                juries.get_or_init(|| {
                    interactive::Interactors::build(
                        root,
                        &profile,
                        &interactive,
                        &metadata.target_dir,
                        &mut report.in_slot(&ordered, interactive_slot),
                    )
                });
                for (index, name) in problems.iter().enumerate() {
                    if interactive.contains(name) {
                        problem_jobs(index);
                    }
                }
                finish_jobs();
            }
        }
        if settings.only.is_none() {
            let libraries: Vec<(String, &[String])> = groups
                .iter()
                .zip(&harnesses_of)
                .flat_map(|(group, harnesses)| {
                    let harnesses = harnesses.get().map_or(&[][..], Vec::as_slice);
                    unit::libraries(harnesses)
                        .into_iter()
                        .map(move |library| (library, group.doc_profile))
                })
                .collect();
            for (library, profile) in libraries {
                let slot = ordered.push_before(doc_marker);
                unit::doctests(root, &library, profile, &mut report.in_slot(&ordered, slot));
            }
        }
        ordered.finish(doc_marker);
    });
    // The test builds put checked binaries where the release ones were: cargo puts them back
    // for the contestant, once no check runs any more.
    let _ = build_release(settings, &checker_args, &mut Report::quiet());
    ordered.flush();
    if panicked > 0 {
        report.verdict(
            Verdict::Re,
            "runner",
            Duration::ZERO,
            &format!("{panicked} checks ended in a panic of the runner"),
        );
    }
    println!("{}", report.tally());
    (report.passed(), report.failed())
}

/// The manifest entry a problem whose entry is broken is checked with (its verdict says so).
fn fallback_meta() -> Meta {
    Meta::judged_by(judges::by_name("codeforces").expect("the judge table has Codeforces"))
}

/// Runs problem `name`'s binary on its cases (`found`: the regular inputs, then the others,
/// which are skipped with a note) within `limits`, each judged by the problem's checker if it
/// has one, or played against its jury; a broken manifest entry `meta` gets its verdict.
fn problem_cases(
    report: &mut Report,
    name: &str,
    meta: &Result<Meta, String>,
    limits: limits::CaseLimits,
    found: &(Vec<PathBuf>, Vec<PathBuf>),
    binary: &dyn Fn(&str, &str) -> Option<PathBuf>,
    juries: &interactive::Interactors,
) {
    let meta = meta.clone().unwrap_or_else(|e| {
        let label = format!("{name} (metadata)");
        report.verdict(Verdict::Re, &label, Duration::ZERO, &e);
        fallback_meta()
    });
    let (inputs, special) = found;
    for path in special {
        report.note(&format!("skipped {}: not a regular file", path.display()));
    }
    let Some(exe) = binary("problems", name) else {
        return report.verdict(
            Verdict::Re,
            name,
            Duration::ZERO,
            "cargo built no such binary",
        );
    };
    if inputs.is_empty() {
        report.verdict(
            Verdict::Wa,
            name,
            Duration::ZERO,
            &format!("no testcases/{name}/*.in"),
        );
    }
    let checker = match checker::program(&meta, name, binary) {
        Ok(checker) => checker,
        Err(e) => return report.verdict(Verdict::Re, name, Duration::ZERO, &e),
    };
    for input in inputs {
        let label = format!("{}/{}", name, bundles::stem(input));
        juries.judge_case(
            report,
            name,
            &label,
            input,
            &exe,
            limits,
            checker.as_deref(),
        );
    }
}
