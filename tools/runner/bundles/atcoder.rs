//! The AtCoder part of the bundle stage: every problem's AtCoder bundle in one scratch cargo
//! project with exactly AtCoder's crates and edition.

use super::{bundle, fresh_dir, run_cases, Built};
use crate::cargo::{self, Artifact};
use crate::judges::{self, Judge};
use crate::limits::CaseLimits;
use crate::report::{Report, Verdict};
use crate::Settings;
use std::fs;
use std::path::Path;
use std::time::Instant;

/// Every problem's AtCoder bundle checked in one scratch cargo project with exactly AtCoder's
/// crates and edition (`cargo check`: types, borrows and lints, no code generated); the
/// problems judged there are built too and run on their cases. The others' bundles would only
/// be compiled, never run, and their optimised builds cost more than the rest of the stage.
pub fn atcoder(
    settings: &Settings,
    names: &[&str],
    judged_there: &[(String, CaseLimits)],
    built: &Built,
    report: &mut Report,
) {
    let start = Instant::now();
    let judge = judges::by_name("atcoder").expect("the judge table has AtCoder");
    let scratch = built.out_dir.with_file_name("atcoder-check");
    if let Err(e) = atcoder_project(&scratch, judge, names) {
        return report.verdict(Verdict::Re, "AtCoder bundles", start.elapsed(), &e);
    }
    let bin_dir = scratch.join("src/bin");
    let mut ok = true;
    for name in names {
        let file = bin_dir.join(format!("{name}.rs"));
        if let Err(e) = bundle(built.bundle, &settings.root, name, Some("atcoder"), &file) {
            let label = format!("bundle {name} --judge atcoder");
            report.verdict(Verdict::Re, &label, start.elapsed(), &e);
            ok = false;
        }
    }
    if !ok {
        return;
    }
    let label = format!(
        "AtCoder bundles ({}, edition {})",
        judge.crates.join(", ").replace(" =", " "),
        judge.edition
    );
    match atcoder_build(&scratch, names.len(), judged_there) {
        Ok(artifacts) => {
            report.verdict(Verdict::Ac, &label, start.elapsed(), "");
            for (name, limit) in judged_there {
                let exe = artifacts
                    .iter()
                    .find(|a: &&Artifact| a.kind == "bin" && a.target == *name);
                if let Some(exe) = exe {
                    run_cases(built, name, &exe.executable, *limit, report);
                }
            }
        }
        Err(e) => report.verdict(Verdict::Re, &label, start.elapsed(), &e),
    }
}

/// The scratch cargo project at `scratch` for the AtCoder bundles of `names`: a manifest with
/// exactly `judge`'s crates and edition, and `src/bin/` holding no other problem's bundle.
fn atcoder_project(scratch: &Path, judge: &Judge, names: &[&str]) -> Result<(), String> {
    fresh_dir(&scratch.join("src/bin"), names)?;
    let manifest = atcoder_manifest(judge);
    fs::write(scratch.join("Cargo.toml"), manifest).map_err(|e| e.to_string())
}

/// The scratch project's manifest: `judge`'s crates at its versions, in its edition, a
/// workspace of its own.
fn atcoder_manifest(judge: &Judge) -> String {
    let crates: Vec<String> = judge
        .crates
        .iter()
        .map(|c| {
            let (name, version) = c.split_once(' ').unwrap_or((c, ""));
            format!("{name} = \"{version}\"")
        })
        .collect();
    format!(
        "[package]\nname = \"atcoder-check\"\nversion = \"0.0.0\"\nedition = \"{}\"\npublish = false\n\n[dependencies]\n{}\n\n[workspace]\n",
        judge.edition,
        crates.join("\n")
    )
}

/// Builds the scratch project's bundles: all `bundles` checked (`cargo check`: types, borrows
/// and lints, no code generated), the problems judged there built and returned. The check is
/// left out when every bundle is built anyway (the build checks them too, and a check would
/// compile the crates a second time, as metadata).
fn atcoder_build(
    scratch: &Path,
    bundles: usize,
    judged_there: &[(String, CaseLimits)],
) -> Result<Vec<Artifact>, String> {
    let target = scratch.join("target");
    let target = target.to_string_lossy();
    if judged_there.len() < bundles {
        let check = ["check", "--release", "--bins", "--target-dir", &target];
        cargo::build(scratch, &check)?;
    }
    if judged_there.is_empty() {
        return Ok(Vec::new());
    }
    let mut build = vec!["build", "--release", "--target-dir", &target];
    for (name, _) in judged_there {
        build.extend(["--bin", name.as_str()]);
    }
    cargo::build(scratch, &build)
}
