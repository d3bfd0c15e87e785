//! The bundler on constructs the workspace's own problems may not use yet: each fixture is a
//! small workspace in a temporary folder, bundled, compiled with rustc, and run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tools::judges::by_name;

/// A scratch workspace: the real judge crate, a fixture library, and problem `p`.
fn fixture(tag: &str, problem: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bundler-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let files = [
        (
            "lib/lib.rs",
            "//! A fixture library.\npub mod alpha;\npub mod deep;\npub mod unused;\n\npub use crate::alpha::{\n    double,\n    Pair as Couple,\n};\n",
        ),
        (
            "lib/alpha.rs",
            "/// Twice x.\npub fn double(x: u64) -> u64 {\n    crate::deep::inner::leaf::add(x, x)\n}\n\n#[derive(Debug)]\npub struct Pair(pub u64, pub u64);\n\n#[cfg(test)]\nmod tests {\n    use testkit::Rng;\n}\n",
        ),
        ("lib/deep/mod.rs", "//! Two levels of folders.\npub mod inner;\n\npub fn three() -> u64 {\n    3\n}\n"),
        ("lib/deep/inner/mod.rs", "pub mod leaf;\n"),
        (
            "lib/deep/inner/leaf.rs",
            "use super::super::three;\n\n/// a + b, checked against the root.\npub fn add(a: u64, b: u64) -> u64 {\n    let sum = a + b;\n    assert!(super::super::super::alpha::Pair(sum, three()).1 == 3, \"{}\", sum);\n    sum\n}\n",
        ),
        ("lib/unused.rs", "pub fn never() {}\n"),
        ("problems/p.rs", problem),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let real = tools::workspace::default_root();
    std::fs::create_dir_all(dir.join("judge")).unwrap();
    for entry in std::fs::read_dir(real.join("judge")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            std::fs::copy(&path, dir.join("judge").join(path.file_name().unwrap())).unwrap();
        }
    }
    dir
}

/// Compiles a bundle with rustc and runs it on `input`.
fn compile_and_run(dir: &Path, text: &str, input: &str) -> String {
    let source = dir.join("bundle.rs");
    std::fs::write(&source, text).unwrap();
    let exe = dir.join("bundle");
    let out = Command::new("rustc")
        .args(["--edition", "2021", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        text
    );
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

const NESTED: &str = r#"//! A problem using nested groups, a module glob and a renamed re-export.
use grundy::{alpha::{self, double}, deep::inner::leaf::*, Couple};
use judge::{InputError, Scanner};
use std::io::Write;

mod local {
    pub fn triple(x: u64) -> u64 {
        grundy::deep::three() * x
    }
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("n", 0..=1000)?;
    let pair = Couple(double(n), add(n, 1));
    let p = alpha::Pair(local::triple(n), 0);
    writeln!(out, "{} {} {}", pair.0, pair.1, p.0)?;
    sc.finish()
}

fn main() {
    ::judge::main(solve)
}

#[cfg(test)]
mod tests {
    #[test]
    fn helper() {
        let _ = testkit::Rng::new(1);
    }
}
"#;

#[test]
fn nested_groups_globs_renames_and_deep_folders() {
    let dir = fixture("nested", NESTED);
    let bundle = tools::bundle::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap();
    assert_eq!(
        bundle.modules,
        ["alpha", "deep"],
        "only what is used, followed transitively"
    );
    assert!(bundle.has_judge);
    for unwanted in ["testkit", "#[cfg(test)]", "/// ", "//! ", "pub mod unused"] {
        assert!(
            !bundle.text.contains(unwanted),
            "has {unwanted}:\n{}",
            bundle.text
        );
    }
    assert!(tools::msrv::check(&bundle.text, "b").unwrap().is_empty());
    assert_eq!(compile_and_run(&dir, &bundle.text, "5\n"), "10 6 15\n");
    // Minified, it still compiles and answers the same.
    let small = tools::bundle::minify(&bundle.text).unwrap();
    assert!(small.len() < bundle.text.len() && !small.contains("\n    "));
    assert_eq!(compile_and_run(&dir, &small, "7\n"), "14 8 21\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_glob_of_the_whole_library() {
    let source = "use grundy::*;\nfn main() { println!(\"{}\", double(4)); }\n";
    let dir = fixture("glob", source);
    let bundle = tools::bundle::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap();
    assert_eq!(bundle.modules, ["alpha", "deep", "unused"]);
    assert_eq!(compile_and_run(&dir, &bundle.text, ""), "8\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn refuses_what_it_cannot_follow_by_name() {
    for (source, judge, needle) in [
        (
            "mod helper;\nfn main() {}\n",
            "spoj",
            "problems/p.rs:1:1: `mod helper;` loads another file",
        ),
        (
            "#[path = \"x.rs\"]\nmod helper {}\nfn main() {}\n",
            "spoj",
            "`#[path]`",
        ),
        (
            "fn main() { let _ = include_str!(\"x\"); }\n",
            "spoj",
            "`include_str!`",
        ),
        (
            "extern crate core;\nfn main() {}\n",
            "spoj",
            "`extern crate`",
        ),
        (
            "use proconio::input;\nfn main() {}\n",
            "spoj",
            "uses the crate proconio, which SPOJ lacks",
        ),
        (
            "use grundy::nosuch::X;\nfn main() {}\n",
            "spoj",
            "`grundy::nosuch::X`, which is neither a module",
        ),
        ("fn main( {}\n", "spoj", "problems/p.rs:1:"),
    ] {
        let dir = fixture("refuse", source);
        let err = tools::bundle::bundle(&dir, "p", by_name(judge).unwrap()).unwrap_err();
        assert!(err.contains(needle), "{source:?}: {err}");
        std::fs::remove_dir_all(dir).unwrap();
    }
    // AtCoder keeps its crates.
    let dir = fixture("atcoder", "use proconio::input;\nfn main() {}\n");
    assert!(tools::bundle::bundle(&dir, "p", by_name("atcoder").unwrap()).is_ok());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn old_syntax_is_caught_in_the_bundle() {
    let source = "fn main() { let x = 1; println!(\"{x}\"); }\n";
    let dir = fixture("old", source);
    let bundle = tools::bundle::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap();
    let findings = tools::msrv::check(&bundle.text, "bundle").unwrap();
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert!(findings[0].contains("`{x}`"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_judges_optional_modules_come_only_with_a_problem_that_uses_them() {
    let root = tools::workspace::default_root();
    let spoj = by_name("spoj").unwrap();
    // game3 names neither `Cached` nor the case helpers (its tests' `type Case` does not count).
    let plain = tools::bundle::bundle(&root, "game3", spoj).unwrap().text;
    assert!(!plain.contains("mod cases") && !plain.contains("mod cached"));
    assert!(!plain.contains("pub use cases::"));
    // knights reads `sc.cases(…)` and keeps its table in a `Cached`.
    let knights = tools::bundle::bundle(&root, "knights", spoj).unwrap().text;
    assert!(knights.contains("mod cases") && knights.contains("mod cached"));
    // mmmgame reads through `Lists` alone.
    let mmmgame = tools::bundle::bundle(&root, "mmmgame", spoj).unwrap().text;
    assert!(mmmgame.contains("mod cases") && !mmmgame.contains("mod cached"));
}
