//! `bundle NAME --check`: the bundle compiled as its judge would (AtCoder against its crates)
//! and run on the problem's cases, in the real workspace.

use std::process::Command;

/// `bundle NAME --check` in the real workspace: exit code, standard output, standard error.
fn check_bundle(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .args(args)
        .arg("--check")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The `.in` files of `testcases/NAME/`, by stem.
fn case_stems(name: &str) -> Vec<String> {
    let dir = model::workspace::default_root()
        .join("testcases")
        .join(name);
    let mut stems: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    stems.sort();
    stems
}

#[test]
fn check_builds_an_atcoder_bundle_against_atcoders_crates_and_runs_every_case() {
    let (code, out, err) = check_bundle(&["dividing_game"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.iter().any(|l| l.starts_with("AC")
            && l.contains("AtCoder bundles (proconio 0.5.0, itertools 0.14.0, edition 2024)")),
        "{out}"
    );
    let stems = case_stems("dividing_game");
    for stem in &stems {
        let label = format!("bundle:dividing_game/{stem} ");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("AC") && l.contains(&label)),
            "{stem}: {out}"
        );
    }
    let manifest =
        model::workspace::default_root().join("target/bundle-check/atcoder-check/Cargo.toml");
    let manifest = std::fs::read_to_string(manifest).unwrap_or_default();
    // CARGO_TARGET_DIR may put it elsewhere; where it is here, it asks for AtCoder's crates.
    if !manifest.is_empty() {
        assert!(manifest.contains("edition = \"2024\""), "{manifest}");
        assert!(manifest.contains("proconio = \"=0.5.0\""), "{manifest}");
    }
    let tally = format!("{} passed, 0 failed", stems.len() + 1);
    assert_eq!(lines.last(), Some(&tally.as_str()), "{out}");
}

#[test]
fn check_compiles_a_plain_bundle_as_the_judge_named_and_runs_every_case() {
    // game3 is judged on SPOJ; its Codeforces bundle is checked (the toolchain's rustc, edition
    // 2021, -O; the old rustc is not run for a judge newer than it).
    let (code, out, err) = check_bundle(&["game3", "--judge", "codeforces"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.first(),
        Some(&"== bundle game3 for codeforces"),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("AC") && l.contains("bundle game3 for codeforces (")),
        "{out}"
    );
    let stems = case_stems("game3");
    for stem in &stems {
        let label = format!("bundle:game3/{stem} ");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("AC") && l.contains(&label)),
            "{stem}: {out}"
        );
    }
    let tally = format!("{} passed, 0 failed", stems.len() + 1);
    assert_eq!(lines.last(), Some(&tally.as_str()), "{out}");
}

#[test]
fn check_refuses_an_interactive_problem_in_one_line() {
    let (code, out, err) = check_bundle(&["abc278g"]);
    assert_eq!(code, Some(1));
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        err,
        "error: abc278g is interactive: its bundle is played against the jury by ./run_tests.sh abc278g\n"
    );
}
