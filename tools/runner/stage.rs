//! A run's checks after the release build: what it reads first ([`Loaded`]), its test
//! groups' profiles, its slots, and the jobs it gives the pool ([`Stage`]).

use super::ordered::{Ordered, Slot};
use super::report::{Report, Verdict};
use super::{
    bundles, bundles_heading, cases, checker, doctests, interactive, lint, pool, unit, Settings,
};
use model::judges::{self, Judge};
use model::manifest::Meta;
use model::workspace::{self, Workspace};
use sandbox::{cargo, limits};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Every check after the release build (`binary` finds what it built), in its slot of the
/// returned [`Ordered`]; returns how many checks ended in a panic of the runner.
pub(crate) fn run_checks(
    settings: &Settings,
    loaded: &Loaded,
    binary: &(dyn Fn(&str, &str) -> Option<PathBuf> + Sync),
    report: &Report,
) -> (usize, Arc<Ordered>) {
    let (root, problems, metas) = (&settings.root, &loaded.problems, &loaded.metas);
    let meta_of = |name: &str| {
        let at = problems.iter().position(|p| p == name);
        at.map_or_else(|| loaded.workspace.meta(name), |i| metas[i].clone())
    };
    let found = found_cases(root, problems);
    let inputs = |name: &str| {
        problems
            .iter()
            .position(|p| p == name)
            .map_or_else(Vec::new, |i| found[i].0.clone())
    };
    let profiles = TestProfiles::new(&loaded.metadata);
    let groups = profiles.groups(settings.only.as_deref());
    let interactive = loaded.interactive();
    let shipped_dir = loaded.metadata.target_dir.join("runner").join("bin");
    let harness_env = [("PROBLEMS_BIN_DIR", shipped_dir.as_os_str())];
    let bundled = loaded.bundled(settings.timeout);
    let ordered = Arc::new(Ordered::new());
    let slots = Slots::new(settings, groups.len(), &bundled, &ordered, report);

    let out_dir = loaded.metadata.target_dir.join("bundles");
    let _ = std::fs::create_dir_all(&out_dir);
    let bundler = settings
        .bundler
        .clone()
        .or_else(|| binary("tools", "bundle"));
    let problem_binary = |name: &str| binary("problems", name);
    let problem_checker = |name: &str| {
        let meta = meta_of(name)?;
        checker::program(&meta, name, binary)
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
        judge_named: false,
    });
    let stage = Stage {
        settings,
        loaded,
        found: &found,
        bundled: &bundled,
        interactive: &interactive,
        binary,
        built,
        slots: &slots,
        ordered: &ordered,
        report,
        juries: &OnceLock::new(),
        no_juries: &no_juries,
        out_dir: &out_dir,
    };
    let harnesses_of: Vec<OnceLock<Vec<cargo::Artifact>>> =
        groups.iter().map(|_| OnceLock::new()).collect();

    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let ((), panicked) = pool::with_workers(workers, |pool| {
        stage.all_jobs(
            pool,
            &groups,
            &harnesses_of,
            &profiles.profile,
            &harness_env,
        );
    });
    (panicked, ordered)
}

/// Each problem's cases as they are now (the regular inputs, then the others): a test that
/// adds a case for a while (and removes it) while the checks run changes no verdict.
fn found_cases(root: &Path, problems: &[String]) -> Vec<(Vec<PathBuf>, Vec<PathBuf>)> {
    problems.iter().map(|n| cases::inputs(root, n)).collect()
}

/// What a run reads before it builds: its problems, cargo's metadata, the workspace and each
/// problem's manifest entry (read once; each entry is checked once, here).
pub(crate) struct Loaded {
    /// The problems the run checks: one, or all.
    pub(crate) problems: Vec<String>,
    /// What cargo says of the workspace.
    pub(crate) metadata: cargo::Metadata,
    /// The workspace.
    pub(crate) workspace: Workspace,
    /// Each problem's manifest entry, or what is wrong with it.
    pub(crate) metas: Vec<Result<Meta, String>>,
}

impl Loaded {
    /// The interactive problems.
    fn interactive(&self) -> Vec<String> {
        let problems = self.problems.iter().zip(&self.metas);
        problems
            .filter(|(_, meta)| meta.as_ref().is_ok_and(|m| m.interactive))
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// Each problem's name, judge and case limits (`timeout` overriding its time limit); a
    /// problem whose entry is broken is checked as [`fallback_meta`] says.
    fn bundled(&self, timeout: Option<f64>) -> Vec<(String, &'static Judge, limits::CaseLimits)> {
        let problems = self.problems.iter().zip(&self.metas);
        problems
            .map(|(name, meta)| {
                let meta = meta.clone().unwrap_or_else(|_| fallback_meta());
                (name.clone(), meta.judge, meta.case_limits(timeout))
            })
            .collect()
    }
}

/// [`Loaded`] for `settings`; `None`, with its verdict, when cargo's metadata or the manifest
/// cannot be read.
pub(crate) fn load(settings: &Settings, report: &mut Report) -> Option<Loaded> {
    let root = &settings.root;
    let problems: Vec<String> = match &settings.only {
        Some(name) => vec![name.clone()],
        None => workspace::problems(root),
    };
    let loaded = cargo::metadata(root)
        .map_err(|e| ("cargo metadata", e))
        .and_then(|metadata| {
            let workspace = Workspace::load(root).map_err(|e| ("problems/Cargo.toml", e))?;
            Ok((metadata, workspace))
        });
    match loaded {
        Ok((metadata, workspace)) => {
            let metas = problems.iter().map(|n| workspace.meta(n)).collect();
            Some(Loaded {
                problems,
                metadata,
                workspace,
                metas,
            })
        }
        Err((what, e)) => {
            report.verdict(Verdict::Re, what, Duration::ZERO, &e);
            None
        }
    }
}

/// The cargo arguments of the unit-test groups.
///
/// The contest code (library, judge, problems, testkit) is tested with debug assertions and
/// overflow checks, the problems' harnesses unoptimised (`cargo::test_build_args`); the tools'
/// crates are tested as built, in cargo runs of their own: built beside the checked library,
/// they would be compiled again against it, not shared with the release build. Their own unit
/// tests are compiled unoptimised, their integration tests against the release build.
struct TestProfiles {
    /// The contest crates.
    checked: Vec<String>,
    /// The contest crates' test profile.
    profile: Vec<String>,
    /// The release profile.
    release: Vec<String>,
    /// The tools' unit tests' profile.
    tools_unit: Vec<String>,
    /// The tools' crates with a library (all but the package `tools`).
    tools_libs: Vec<String>,
    /// Whether the workspace has the package `tools` (a scratch workspace has not).
    has_tools: bool,
}

impl TestProfiles {
    fn new(metadata: &cargo::Metadata) -> TestProfiles {
        let checked: Vec<String> = metadata
            .members
            .iter()
            .filter(|m| !metadata.tools.contains(m))
            .cloned()
            .collect();
        TestProfiles {
            profile: cargo::test_build_args(&checked),
            checked,
            release: vec!["--release".to_string()],
            tools_unit: cargo::unoptimised_unit_tests_args(&metadata.tools),
            tools_libs: metadata
                .tools
                .iter()
                .filter(|m| *m != "tools")
                .cloned()
                .collect(),
            has_tools: metadata.members.iter().any(|m| m == "tools"),
        }
    }

    /// The unit-test groups in the order they are built: problem `only`'s harness, or the
    /// contest crates', then the tools' unit tests and their integration tests.
    fn groups<'a>(&'a self, only: Option<&'a str>) -> Vec<unit::Group<'a>> {
        if let Some(name) = only {
            return vec![unit::Group {
                profile: &self.profile,
                selection: vec!["-p", "problems", "--bin", name],
                doc_profile: &self.profile,
            }];
        }
        let mut groups = vec![unit::Group {
            profile: &self.profile,
            selection: self
                .checked
                .iter()
                .flat_map(|m| ["-p", m.as_str()])
                .collect(),
            doc_profile: &self.profile,
        }];
        if self.has_tools {
            groups.push(unit::Group {
                profile: &self.tools_unit,
                selection: self
                    .tools_libs
                    .iter()
                    .flat_map(|m| ["-p", m.as_str()])
                    .chain(["--lib"])
                    .collect(),
                doc_profile: &self.release,
            });
            groups.push(unit::Group {
                profile: &self.release,
                selection: vec!["-p", "tools", "--test", "*"],
                doc_profile: &self.release,
            });
        }
        groups
    }
}

/// Each check's slot, in the order a run reads.
struct Slots {
    /// Each unit-test group's build, and the marker its harnesses go before.
    groups: Vec<(Slot, Slot)>,
    /// A one-problem run's rustfmt and clippy.
    lint: Option<(Slot, Slot)>,
    /// The marker the doctests go before.
    doc_marker: Slot,
    /// The juries' build.
    interactive: Slot,
    /// Each problem's cases.
    cases: Vec<Slot>,
    /// Each problem's bundle (none without bundles).
    bundles: Vec<Slot>,
    /// The AtCoder bundle build.
    atcoder: Slot,
    /// The starters' bundles.
    starter: Slot,
}

impl Slots {
    /// The slots of a run of `groups` test groups and the problems `bundled`, with their
    /// headings.
    fn new(
        settings: &Settings,
        groups: usize,
        bundled: &[(String, &'static Judge, limits::CaseLimits)],
        ordered: &Arc<Ordered>,
        report: &Report,
    ) -> Slots {
        let slot = |text: Option<&str>| {
            let slot = ordered.push();
            if let Some(text) = text {
                report.in_slot(ordered, slot).heading(text);
            }
            slot
        };
        slot(Some("unit tests"));
        // The contest crates' tests are built first (with the juries of the interactive
        // problems): their build writes checked binaries where the release ones were, so it
        // must be over before the tools' tests run, which run the release binaries there.
        let groups = (0..groups).map(|_| (slot(None), slot(None))).collect();
        let lint = settings.only.as_ref().map(|_| (slot(None), slot(None)));
        let doc_marker = slot(None);
        let interactive = slot(None);
        slot(Some("problems"));
        let cases = bundled.iter().map(|_| slot(None)).collect();
        let bundles = if settings.bundles {
            let judges = bundled.iter().map(|(_, j, _)| *j);
            slot(Some(&bundles_heading(settings, judges)));
            bundled.iter().map(|_| slot(None)).collect()
        } else {
            Vec::new()
        };
        Slots {
            groups,
            lint,
            doc_marker,
            interactive,
            cases,
            bundles,
            atcoder: slot(None),
            starter: slot(None),
        }
    }
}

/// What the jobs of a run share.
struct Stage<'a> {
    settings: &'a Settings,
    loaded: &'a Loaded,
    /// Each problem's cases: the regular inputs, then the others.
    found: &'a [(Vec<PathBuf>, Vec<PathBuf>)],
    /// Each problem's name, judge and case limits.
    bundled: &'a [(String, &'static Judge, limits::CaseLimits)],
    /// The interactive problems.
    interactive: &'a [String],
    /// A package's binary by its name, as cargo built it.
    binary: &'a (dyn Fn(&str, &str) -> Option<PathBuf> + Sync),
    /// What every bundle job needs (none without a bundler).
    built: Option<bundles::Built<'a>>,
    slots: &'a Slots,
    ordered: &'a Arc<Ordered>,
    report: &'a Report,
    /// The interactive problems' juries, once built.
    juries: &'a OnceLock<interactive::Interactors>,
    no_juries: &'a interactive::Interactors,
    out_dir: &'a Path,
}

impl<'a> Stage<'a> {
    /// Gives `pool` every job: each problem's cases and bundle (an interactive problem's once
    /// its jury is built, by the unit tests' jobs), the unit tests by group, the doctests
    /// (not for one problem), then marks the end of the doctests' slot.
    fn all_jobs(
        &self,
        pool: &pool::Pool<'a>,
        groups: &'a [unit::Group<'a>],
        harnesses_of: &'a [OnceLock<Vec<cargo::Artifact>>],
        profile: &[String],
        harness_env: &'a [(&'a str, &'a std::ffi::OsStr)],
    ) {
        for (index, name) in self.loaded.problems.iter().enumerate() {
            if !self.interactive.contains(name) {
                self.problem_jobs(pool, index);
            }
        }
        self.unit_tests(pool, groups, harnesses_of, profile, harness_env);
        if self.settings.only.is_none() {
            self.doctests(groups, harnesses_of);
        }
        self.ordered.finish(self.slots.doc_marker);
    }

    /// Problem `index`'s cases and bundle as jobs: an interactive problem's wait for its jury.
    fn problem_jobs(&self, pool: &pool::Pool<'a>, index: usize) {
        let (loaded, bundled, juries): (&'a Loaded, &'a [_], &'a OnceLock<_>) =
            (self.loaded, self.bundled, self.juries);
        let name = &loaded.problems[index];
        let juries = match self.interactive.contains(name) {
            true => juries.get().unwrap_or(self.no_juries),
            false => self.no_juries,
        };
        let mut cases_report = self.report.in_slot(self.ordered, self.slots.cases[index]);
        let (meta, found, limits) = (&loaded.metas[index], &self.found[index], bundled[index].2);
        let binary = self.binary;
        pool.submit(move || {
            problem_cases(&mut cases_report, name, meta, limits, found, binary, juries)
        });
        if let Some(&slot) = self.slots.bundles.get(index) {
            let mut bundle_report = self.report.in_slot(self.ordered, slot);
            // Without a bundler the stage's one verdict says so (`finish_jobs`).
            let Some(built) = &self.built else {
                return;
            };
            let built = bundles::Built {
                interactors: juries,
                ..built.clone()
            };
            let (name, judge, limit) = &bundled[index];
            let settings = self.settings;
            pool.submit(move || {
                bundles::problem(settings, name, judge, *limit, &built, &mut bundle_report);
            });
        }
    }

    /// The starters' bundles and the AtCoder build, as jobs.
    fn finish_jobs(&self, pool: &pool::Pool<'a>) {
        let (settings, juries): (&'a Settings, &'a OnceLock<_>) = (self.settings, self.juries);
        let juries = juries.get().unwrap_or(self.no_juries);
        let mut atcoder_report = self.report.in_slot(self.ordered, self.slots.atcoder);
        let mut starter_report = self.report.in_slot(self.ordered, self.slots.starter);
        if !settings.bundles {
            return;
        }
        if settings.only.is_none() {
            let out_dir = self.out_dir;
            pool.submit(move || bundles::starter(settings, out_dir, &mut starter_report));
        }
        let Some(built) = &self.built else {
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
        let (problems, bundled): (&'a [String], &'a [_]) = (&self.loaded.problems, self.bundled);
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
    }

    /// Builds each test group in turn on this thread, each of its harnesses a job as soon as
    /// the group is built; after the first group, a one-problem run's lints, the juries (with
    /// `profile`), the interactive problems' jobs and [`Stage::finish_jobs`].
    fn unit_tests(
        &self,
        pool: &pool::Pool<'a>,
        groups: &'a [unit::Group<'a>],
        harnesses_of: &'a [OnceLock<Vec<cargo::Artifact>>],
        profile: &[String],
        harness_env: &'a [(&'a str, &'a std::ffi::OsStr)],
    ) {
        let (root, ordered, problems) = (&self.settings.root, self.ordered, &self.loaded.problems);
        for (index, group) in groups.iter().enumerate() {
            let (build_slot, marker) = self.slots.groups[index];
            let built = harnesses_of[index].get_or_init(|| {
                let mut build_report = self.report.in_slot(ordered, build_slot);
                unit::build(root, group, &mut build_report).unwrap_or_default()
            });
            let slots: Vec<Slot> = built.iter().map(|_| ordered.push_before(marker)).collect();
            // Later harnesses first in front of the queue, so the group runs in its order,
            // before cases and bundles still waiting.
            for (harness, &slot) in built.iter().zip(&slots).rev() {
                let mut harness_report = self.report.in_slot(ordered, slot);
                pool.submit_first(move || unit::run(harness, harness_env, &mut harness_report));
            }
            ordered.finish(marker);
            if index > 0 {
                continue;
            }
            if let Some((fmt_slot, slot)) = self.slots.lint {
                lint::format(
                    root,
                    &problems[0],
                    &mut self.report.in_slot(ordered, fmt_slot),
                );
                lint::problem(root, &problems[0], &mut self.report.in_slot(ordered, slot));
            }
            self.juries.get_or_init(|| {
                interactive::Interactors::build(
                    root,
                    profile,
                    self.interactive,
                    &self.loaded.metadata.target_dir,
                    &mut self.report.in_slot(ordered, self.slots.interactive),
                )
            });
            for (index, name) in problems.iter().enumerate() {
                if self.interactive.contains(name) {
                    self.problem_jobs(pool, index);
                }
            }
            self.finish_jobs(pool);
        }
    }

    /// The doctests of every library the test groups built a harness of, one after another on
    /// this thread, each in the profile of its group.
    fn doctests(&self, groups: &[unit::Group], harnesses_of: &[OnceLock<Vec<cargo::Artifact>>]) {
        let libraries: Vec<(String, &[String])> = groups
            .iter()
            .zip(harnesses_of)
            .flat_map(|(group, harnesses)| {
                let harnesses = harnesses.get().map_or(&[][..], Vec::as_slice);
                doctests::libraries(harnesses)
                    .into_iter()
                    .map(move |library| (library, group.doc_profile))
            })
            .collect();
        let merging = doctests::merging_rustdoc(
            &self.settings.root,
            &self.loaded.metadata.target_dir.join("runner"),
        );
        for (library, profile) in libraries {
            let slot = self.ordered.push_before(self.slots.doc_marker);
            let mut report = self.report.in_slot(self.ordered, slot);
            let root = &self.settings.root;
            doctests::doctests(root, &library, profile, merging.as_deref(), &mut report);
        }
    }
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
