//! `stress --reference`: the problem's program against a reference program, on the problem's
//! generated inputs and on its judge-size inputs, through the `stress` binary as a contestant
//! runs it (on `knights`, whose test binary builds quickly), in a scratch workspace holding only
//! knights so that a saved disagreement never appears among the real workspace's cases.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use toml_edit::DocumentMut;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A workspace holding only knights (its file, its manifest lines, its testcases), whose library
/// crates are the real workspace's by their paths and whose builds go to the real target
/// directory: stress saves a disagreement into this workspace's testcases/knights, never into
/// the real one, which other tests of this binary read while these run. Made once a run, at a
/// fixed place and with only the files that changed rewritten, so that cargo finds knights
/// built by an earlier run fresh.
pub(crate) fn knights_workspace() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let root = root();
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("compare-knights");
        let thin = crate::thin_manifest(&root);
        let problems = std::fs::read_to_string(root.join("problems/Cargo.toml")).unwrap();
        let mut problems: DocumentMut = problems.parse().unwrap();
        let mut bins = toml_edit::Array::new();
        for bin in problems["bin"].as_array().unwrap() {
            if bin.as_inline_table().unwrap().get("name").unwrap().as_str() == Some("knights") {
                bins.push(bin.clone());
            }
        }
        assert_eq!(bins.len(), 1, "knights has no bin line");
        problems["bin"] = toml_edit::value(bins);
        let knights = problems["package"]["metadata"]["problems"]["knights"].clone();
        problems["package"]["metadata"]["problems"] = toml_edit::table();
        problems["package"]["metadata"]["problems"]["knights"] = knights;
        let read = |path: &str| std::fs::read(root.join(path)).unwrap();
        let mut files = vec![
            ("Cargo.toml".to_string(), thin.into_bytes()),
            (
                "problems/Cargo.toml".to_string(),
                problems.to_string().into_bytes(),
            ),
            (
                "problems/knights.rs".to_string(),
                read("problems/knights.rs"),
            ),
        ];
        let cases = dir.join("testcases/knights");
        std::fs::create_dir_all(&cases).unwrap();
        let mut wanted = Vec::new();
        for entry in std::fs::read_dir(root.join("testcases/knights")).unwrap() {
            let name = entry.unwrap().file_name();
            let path = format!("testcases/knights/{}", name.to_str().unwrap());
            files.push((path.clone(), read(&path)));
            wanted.push(name);
        }
        // A case an interrupted run saved.
        for entry in std::fs::read_dir(&cases).unwrap() {
            let entry = entry.unwrap();
            if !wanted.contains(&entry.file_name()) {
                std::fs::remove_file(entry.path()).unwrap();
            }
        }
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            if std::fs::read(&path).ok().as_deref() != Some(&text[..]) {
                std::fs::write(&path, text).unwrap();
            }
        }
        // Cargo prunes the lock to this workspace's packages: copied again only when the real
        // one changed since.
        let lock = dir.join("Cargo.lock");
        let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
        if modified(&lock) < modified(&root.join("Cargo.lock")) {
            std::fs::copy(root.join("Cargo.lock"), &lock).unwrap();
        }
        // The library crates by their links; the starters' examples are templates/.
        crate::link_libraries(&root, &dir);
        let link = dir.join("templates");
        if std::fs::read_link(&link).ok() != Some(root.join("templates")) {
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(root.join("templates"), link).unwrap();
        }
        dir
    })
}

/// `stress` on knights in [`knights_workspace`], building into the real target directory.
pub(crate) fn stress(args: &[&str]) -> Output {
    let dir = knights_workspace();
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    Command::new(env!("CARGO_BIN_EXE_stress"))
        .args(args)
        .arg("--root")
        .arg(dir)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .output()
        .expect("the stress binary runs")
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Removes the testcases a run saved (`saved as PATH` in its report), whatever the test's end.
pub(crate) struct Saved(pub(crate) Vec<PathBuf>);

impl Saved {
    pub(crate) fn of(report: &str) -> Saved {
        let paths = report
            .lines()
            .filter_map(|line| line.strip_prefix("saved as "))
            .map(PathBuf::from)
            .collect();
        Saved(paths)
    }
}

impl Drop for Saved {
    fn drop(&mut self) {
        for path in &self.0 {
            let _ = std::fs::remove_file(path);
            let _ = std::fs::remove_file(path.with_extension("out"));
        }
    }
}

/// A wrong reference for knights: every test is a first player's win.
const ALWAYS_FIRST: &str = "read t; while [ \"$t\" -gt 0 ]; do read k; \
    while [ \"$k\" -gt 0 ]; do read x y; k=$((k-1)); done; echo First; t=$((t-1)); done";

#[test]
fn a_wrong_reference_is_caught_shrunk_and_saved() {
    let out = stress(&[
        "knights",
        "--reference",
        ALWAYS_FIRST,
        "--iters",
        "500",
        "--seed",
        "11",
    ]);
    let report = text(&out.stdout);
    let saved = Saved::of(&report);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    let first = report.lines().next().unwrap();
    assert!(
        first.starts_with("knights: seed ")
            && first.ends_with("disagrees with the reference (shrunk below)"),
        "{report}"
    );
    // Shrunk to one test, whose right answer is Second: the first line differs.
    let input = report.split("input:\n").nth(1).unwrap();
    assert!(input.starts_with("1\n"), "{report}");
    assert!(
        report.contains(
            "reference:\nFirst\nsolution:\nSecond\nline 1: expected `First` got `Second`\n"
        ),
        "{report}"
    );
    // Saved as a testcase, the reference's answer as its `.out`.
    assert_eq!(saved.0.len(), 1, "{report}");
    let path = &saved.0[0];
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("reference-") && name.ends_with(".in"),
        "{name}"
    );
    assert_eq!(
        path.parent().unwrap(),
        knights_workspace().join("testcases/knights")
    );
    assert!(input.starts_with(&std::fs::read_to_string(path).unwrap()));
    assert_eq!(
        std::fs::read_to_string(path.with_extension("out")).unwrap(),
        "First\n"
    );
    // The summary: both programs timed, ours against the judge's limit.
    assert!(report.contains("\nours: max "), "{report}");
    assert!(report.contains("\nreference: max "), "{report}");
}

/// The knights game in Python: each coin's Grundy value by memoised mex, XORed.
pub(crate) const KNIGHTS_PY: &str = r#"
import sys
from functools import lru_cache
@lru_cache(None)
def g(x, y):
    seen = {g(x + dx, y + dy) for dx, dy in ((-2, 1), (-2, -1), (1, -2), (-1, -2))
            if 1 <= x + dx <= 15 and 1 <= y + dy <= 15}
    m = 0
    while m in seen:
        m += 1
    return m
d = sys.stdin.read().split()
t, i = int(d[0]), 1
for _ in range(t):
    k, v = int(d[i]), 0
    i += 1
    for _ in range(k):
        v ^= g(int(d[i]), int(d[i + 1]))
        i += 2
    print("First" if v else "Second")
"#;

pub(crate) fn python3() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn a_correct_python_reference_agrees() {
    if !python3() {
        eprintln!("SKIPPED a_correct_python_reference_agrees: no python3 on this machine");
        return;
    }
    let dir = std::env::temp_dir().join(format!("compare-py-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("knights.py");
    std::fs::write(&script, KNIGHTS_PY).unwrap();
    let reference = format!(
        "python3 {}",
        crate::shell_word(&script.display().to_string())
    );
    let out = stress(&[
        "knights",
        "--reference",
        &reference,
        "--iters",
        "60",
        "--seed",
        "3",
    ]);
    let report = text(&out.stdout);
    let _saved = Saved::of(&report);
    assert_eq!(out.status.code(), Some(0), "{report}{}", text(&out.stderr));
    assert!(
        report.starts_with("60 inputs agree (seed 3)\nours: max "),
        "{report}"
    );
    assert!(report.contains("; 60 runs\nreference: max "), "{report}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_bundle_agrees_with_the_binary_at_the_judges_largest_input() {
    // Built by the first run of this test binary's tests, or by this one's request.
    let binary = root().join("target/release/knights");
    let build = Command::new(env!("CARGO"))
        .current_dir(root())
        .args([
            "build",
            "--release",
            "-q",
            "-p",
            "problems",
            "--bin",
            "knights",
        ])
        .status()
        .unwrap();
    assert!(build.success());
    let reference = crate::shell_word(&binary.display().to_string());
    let out = stress(&[
        "knights",
        "--reference",
        &reference,
        "--bundle",
        "--max",
        "--iters",
        "2",
        "--seed",
        "1",
    ]);
    let report = text(&out.stdout);
    let _saved = Saved::of(&report);
    assert_eq!(out.status.code(), Some(0), "{report}{}", text(&out.stderr));
    assert!(
        report.starts_with("2 inputs agree (seed 1)\nours: max "),
        "{report}"
    );
    assert!(report.contains("; 2 runs\nreference: max "), "{report}");
}

#[test]
fn max_and_bundle_need_a_reference() {
    for flag in ["--max", "--bundle"] {
        let out = stress(&["knights", flag]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(
            text(&out.stderr).contains("--reference"),
            "{}",
            text(&out.stderr)
        );
    }
}
