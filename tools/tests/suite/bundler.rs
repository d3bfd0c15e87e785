//! The bundler on constructs the workspace's own problems may not use yet: each fixture is a
//! small workspace in a temporary folder, bundled, compiled with rustc, and run. One file a
//! topic: `paths` (what is followed and refused), `shaking` (what shaking keeps and cuts),
//! `reexports`, `problems` (the workspace's own), `layout` (the text and the binary's report),
//! `macros` (on the `linked` workspace, built as cargo builds it); the shared fixtures here.

use bundler::Shaking;
use model::judges::by_name;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod layout;
mod linked;
mod macros;
mod paths;
mod problems;
mod reexports;
mod shaking;

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
    let real = model::workspace::default_root();
    std::fs::create_dir_all(dir.join("judge")).unwrap();
    // The real judge crate, however many files it has.
    for entry in std::fs::read_dir(real.join("judge")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            std::fs::copy(&path, dir.join("judge").join(path.file_name().unwrap())).unwrap();
        }
    }
    dir
}

/// Adds module `name` with `text` to the fixture library at `dir` (`lib/NAME.rs`, declared in
/// `lib/lib.rs`).
fn add_module(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join("lib").join(format!("{name}.rs")), text).unwrap();
    let lib = dir.join("lib/lib.rs");
    let root = std::fs::read_to_string(&lib).unwrap();
    let declared = format!("pub mod {name};\npub mod unused;");
    std::fs::write(&lib, root.replace("pub mod unused;", &declared)).unwrap();
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

/// Problem `p` of `dir` bundled for SPOJ shaken and with whole modules, both compiled and run
/// on `input`, each printing `want`: the two texts, shaken first.
fn shaken_and_whole_print(dir: &Path, input: &str, want: &str) -> (String, String) {
    let spoj = by_name("spoj").unwrap();
    let whole = bundler::bundle_with(dir, "p", spoj, Shaking::WholeModules).unwrap();
    assert_eq!(compile_and_run(dir, &whole.text, input), want);
    let shaken = bundler::bundle(dir, "p", spoj).unwrap();
    assert_eq!(compile_and_run(dir, &shaken.text, input), want);
    (shaken.text, whole.text)
}

/// For each `(text, kept)`: the shaken bundle holds `text` exactly when `kept`, and the
/// whole-modules bundle holds it in any case.
fn assert_kept(shaken: &str, whole: &str, texts: &[(&str, bool)]) {
    for &(text, kept) in texts {
        assert_eq!(shaken.contains(text), kept, "{text}:\n{shaken}");
        assert!(
            whole.contains(text),
            "{text} missing with whole modules:\n{whole}"
        );
    }
}

/// Bundles `source` against the real workspace for SPOJ, compiles it and runs it on `input`.
fn bundle_real_and_run(tag: &str, source: &str, input: &str) -> String {
    let root = model::workspace::default_root();
    let bundle = bundler::bundle_source(&root, tag, source, by_name("spoj").unwrap())
        .unwrap_or_else(|e| panic!("{tag}: {e}"));
    let dir = std::env::temp_dir().join(format!("bundler-{}-{}", tag, std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = compile_and_run(&dir, &bundle.text, input);
    std::fs::remove_dir_all(dir).unwrap();
    out
}
