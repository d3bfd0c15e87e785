//! A fresh problem passes `cargo fmt` and clippy in a thin copy of the workspace.

use super::*;

/// A workspace at `dir` made of the real one's problems package (copied: `new` writes into it)
/// and the real library crates through links ([`crate::thin_manifest`]), with a link to
/// templates/ and copies of the starters' cases, which `new` reads. Built into the real target
/// directory, the library crates are checked as any other thin workspace of these tests has
/// them (the interactive loop's runner lints its problem the same way), and only the new
/// problem is linted here.
fn thin_copy(dir: &Path) {
    let root = model::workspace::default_root();
    let thin = crate::thin_manifest(&root);
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("Cargo.toml"), thin).unwrap();
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    crate::link_libraries(&root, dir);
    std::os::unix::fs::symlink(root.join("templates"), dir.join("templates")).unwrap();
    let mut stack = vec![PathBuf::from("problems"), PathBuf::from("testcases")];
    while let Some(rel) = stack.pop() {
        std::fs::create_dir_all(dir.join(&rel)).unwrap();
        for entry in std::fs::read_dir(root.join(&rel)).unwrap() {
            let entry = entry.unwrap();
            let path = rel.join(entry.file_name());
            if rel == Path::new("testcases")
                && !entry.file_name().to_string_lossy().starts_with("starter")
            {
                continue;
            }
            if entry.file_type().unwrap().is_dir() {
                stack.push(path);
            } else {
                std::fs::copy(root.join(&path), dir.join(&path)).unwrap();
            }
        }
    }
}

#[test]
fn a_fresh_problem_passes_fmt_and_clippy() {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("new-fresh-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    thin_copy(&dir);
    let json = dir.join("problem.json");
    std::fs::write(
        &json,
        COMPANION.replace("ZZ Top", "ZZ [Top] <b> & `x` https://a.example/x"),
    )
    .unwrap();
    let (status, _, err) = new(&dir, &["--from", json.to_str().unwrap()]);
    assert_eq!(status, 0, "{err}");
    let cargo = |args: &[&str]| {
        let out = Command::new(env!("CARGO"))
            .args(args)
            .current_dir(&dir)
            .env(
                "CARGO_TARGET_DIR",
                Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap(),
            )
            .env_remove("CARGO_BUILD_TARGET_DIR")
            .env("RUSTDOCFLAGS", "-D warnings")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "cargo {args:?}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    };
    cargo(&["fmt", "--all", "--check"]);
    for profile in ["dev", "test"] {
        cargo(&[
            "clippy",
            "--offline",
            "--quiet",
            "-p",
            "problems",
            "--bin",
            "zztop",
            "--profile",
            profile,
            "--",
            "-D",
            "warnings",
        ]);
    }
    cargo(&[
        "doc",
        "--offline",
        "--quiet",
        "--no-deps",
        "-p",
        "problems",
        "--bin",
        "zztop",
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
}
