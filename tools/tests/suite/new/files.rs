//! `new` from a file: the JSON's samples or the starter's, the shapes, no code through a
//! field, and nothing half-written when a write fails or a run was killed.

use super::*;

#[test]
fn from_a_file() {
    let root = scratch("file");
    let json = root.join("problem.json");
    std::fs::write(&json, COMPANION).unwrap();
    let (status, out, err) = new(&root, &["zz", "--from", json.to_str().unwrap()]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("created problems/zz.rs for SPOJ"), "{out}");
    assert!(!err.contains("interactive"), "{err}");
    assert_created(&root, "zz");
    // Taken, invalid and reserved names are refused in one line, and nothing changes.
    let before = snapshot(&root);
    for (args, needle) in [
        (vec!["zz"], "problems/zz.rs exists already"),
        (vec!["knights"], "problems/knights.rs exists already"),
        (vec!["Bad-Name"], "not a valid problem name"),
        (vec!["new"], "taken by the workspace"),
        (vec!["build"], "reserved"),
        (vec!["deps"], "reserved"),
        (vec!["examples"], "reserved"),
        (vec!["incremental"], "reserved"),
        (vec!["starter"], "reserved"),
    ] {
        let (status, _, err) = new(&root, &args);
        assert_refused(status, &err, needle);
    }
    assert_eq!(snapshot(&root), before);
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_problem_sent_without_samples_gets_the_starters_and_a_warning() {
    let root = scratch("nosamples");
    let json = root.join("problem.json");
    std::fs::write(&json, COMPANION.replace(r#""tests":[{"input":"1\n2\n","output":"First\n"},{"input":"3\n","output":"Second\n"}]"#, r#""tests":[]"#)).unwrap();
    assert!(read(&root, "problem.json").contains(r#""tests":[]"#));
    let (status, out, err) = new(&root, &["--from", json.to_str().unwrap()]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("testcases/zztop/ with 1 sample,"), "{out}");
    assert!(
        err.contains("warning: the problem came without samples: testcases/zztop/sample-1 is the starter's own"),
        "{err}"
    );
    assert_eq!(
        read(&root, "testcases/zztop/sample-1.out"),
        read(&root, "testcases/starter/sample-1.out")
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn without_samples_the_starter_passes_its_own() {
    let root = scratch("plain");
    let (status, out, err) = new(&root, &["abc", "--judge", "atcoder"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("from templates/atcoder.rs"), "{out}");
    let source = read(&root, "problems/abc.rs");
    assert!(source.starts_with("//! abc\n") && source.contains("use proconio::input;"));
    assert_eq!(read(&root, "testcases/abc/sample-1.out"), "Second\nFirst\n");
    let meta = metadata(&root, "abc");
    assert_eq!(meta.get("judge").and_then(|v| v.as_str()), Some("atcoder"));
    assert_eq!(meta.len(), 1, "{meta}");
    let (status, _, err) = new(&root, &["nojudge", "--judge", "nosuch"]);
    assert_refused(status, &err, "unknown judge `nosuch`");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn shapes_pick_the_template() {
    let root = scratch("shape");
    let (status, out, err) = new(
        &root,
        &["plainat", "--judge", "atcoder", "--shape", "problem"],
    );
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("from templates/problem.rs"), "{out}");
    assert!(read(&root, "problems/plainat.rs").contains("use judge::"));
    assert_eq!(
        read(&root, "testcases/plainat/sample-1.out"),
        "Second\nFirst\n"
    );
    // The interactive shape by hand: the problem is declared interactive.
    let (status, out, err) = new(&root, &["byhand", "--shape", "interactive"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("from templates/interactive.rs"), "{out}");
    let meta = metadata(&root, "byhand");
    assert_eq!(
        meta.get("interactive").and_then(|v| v.as_bool()),
        Some(true)
    );
    // Without a statement it starts with no case: the starter's Nim cases are not its own.
    assert!(case_files(&root, "byhand").is_empty());
    assert!(
        out.contains("note: testcases/byhand/ starts empty"),
        "{out}"
    );
    let before = snapshot(&root);
    let (status, _, err) = new(&root, &["q", "--shape", "nosuch"]);
    assert_refused(
        status,
        &err,
        "unknown shape `nosuch`; the shapes are: atcoder, interactive, move, problem",
    );
    let (status, _, err) = new(&root, &["qq", "--shape", "atcoder", "--judge", "spoj"]);
    assert_refused(status, &err, "uses proconio, which SPOJ does not have");
    // main.rs is a template without the `new` placeholders: not a shape.
    let (status, _, err) = new(&root, &["qqq", "--shape", "main"]);
    assert_refused(status, &err, "unknown shape `main`");
    assert_eq!(snapshot(&root), before);
    // A template with a placeholder `new` does not fill is refused, not copied half-filled.
    let template = read(&root, "templates/problem.rs").replace("//! The judge", "//! {{META}}");
    std::fs::write(root.join("templates/problem.rs"), template).unwrap();
    let before = snapshot(&root);
    let (status, _, err) = new(&root, &["old"]);
    assert_refused(
        status,
        &err,
        "templates/problem.rs has a placeholder other than {{TITLE}}",
    );
    assert_eq!(snapshot(&root), before);
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn the_move_shape_brings_its_checker() {
    let root = scratch("move");
    let source = model::workspace::default_root();
    std::fs::create_dir_all(root.join("testcases/starter_move")).unwrap();
    for file in [
        "templates/move.rs",
        "templates/move_checker.rs",
        "testcases/starter_move/sample-1.in",
        "testcases/starter_move/sample-1.out",
    ] {
        std::fs::copy(source.join(file), root.join(file)).unwrap();
    }
    let (status, out, err) = new(&root, &["nimmove", "--shape", "move"]);
    assert_eq!(status, 0, "{err}");
    assert!(
        out.contains("from templates/move.rs, its checker problems/checkers/nimmove.rs,"),
        "{out}"
    );
    let problem = read(&root, "problems/nimmove.rs");
    assert!(
        problem.contains("#[path = \"checkers/nimmove.rs\"]\nmod checker;"),
        "{problem}"
    );
    assert!(!problem.contains("move_checker"), "{problem}");
    let checker = read(&root, "problems/checkers/nimmove.rs");
    assert!(checker.starts_with("//! The checker of nimmove: any winning move is right."));
    assert!(checker.contains("judge::checker::main(check)"));
    assert_eq!(
        read(&root, "testcases/nimmove/sample-1.out"),
        read(&root, "testcases/starter_move/sample-1.out")
    );
    let manifest = read(&root, "problems/Cargo.toml");
    assert!(
        manifest.contains("    { name = \"nimmove\", path = \"nimmove.rs\" },\n    { name = \"nimmove-checker\", path = \"checkers/nimmove.rs\", test = false },\n"),
        "{manifest}"
    );
    let meta = model::workspace::Workspace::load(&root)
        .unwrap()
        .meta("nimmove")
        .unwrap();
    assert!(meta.checker && meta.judge.name == "spoj");
    // A checker file left behind takes the name; a template that does not include its checker
    // is refused; neither writes anything.
    std::fs::write(root.join("problems/checkers/taken.rs"), "").unwrap();
    let before = snapshot(&root);
    let (status, _, err) = new(&root, &["taken", "--shape", "move"]);
    assert_refused(status, &err, "problems/checkers/taken.rs exists already");
    assert_eq!(snapshot(&root), before);
    let template = read(&root, "templates/move.rs").replace("move_checker.rs", "other.rs");
    std::fs::write(root.join("templates/move.rs"), template).unwrap();
    let before = snapshot(&root);
    let (status, _, err) = new(&root, &["nochecker", "--shape", "move"]);
    assert_refused(
        status,
        &err,
        "templates/move.rs does not include its checker with `#[path = \"move_checker.rs\"]`",
    );
    assert_eq!(snapshot(&root), before);
    // Without problems/checkers/, the first checker creates it.
    std::fs::copy(
        source.join("templates/move.rs"),
        root.join("templates/move.rs"),
    )
    .unwrap();
    std::fs::remove_dir_all(root.join("problems/checkers")).unwrap();
    let (status, _, err) = new(&root, &["again", "--shape", "move"]);
    assert_eq!(status, 0, "{err}");
    assert!(root.join("problems/checkers/again.rs").is_file());
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn no_code_gets_in_through_a_field() {
    let root = scratch("inject");
    let before = snapshot(&root);
    let json = root.join("injected.json");
    std::fs::write(&json, INJECTED).unwrap();
    for args in [
        vec!["--from", json.to_str().unwrap()],
        vec!["innocent", "--from", json.to_str().unwrap()],
    ] {
        let (status, _, err) = new(&root, &args);
        assert_refused(status, &err, "holds whitespace or control characters");
    }
    std::fs::remove_file(&json).unwrap();
    assert_eq!(snapshot(&root), before, "a refused problem writes nothing");

    // A title is made one line of text, whatever it holds; it stays in its doc line.
    let title = "Evil\n#[test] fn companion_check() {}\r\u{2028}x\u{202e}y\u{7} [link] <b> `c`";
    let task = serde_json::json!({
        "name": title,
        "url": "https://www.spoj.com/problems/EVIL/",
        "timeLimit": 0,
        "memoryLimit": 1e300,
        "interactive": true,
        "tests": [
            {"input": "1\n5\n\n3\n\n0\n", "output": "\n? 1 3\n\n? 4 5\n\n! 4\n"},
            {"input": "7\n", "output": "! 7\n"},
        ],
    });
    std::fs::write(&json, task.to_string()).unwrap();
    let (status, out, err) = new(&root, &["--from", json.to_str().unwrap()]);
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("warning: ignored `timeLimit` = 0"), "{err}");
    assert!(err.contains("warning: ignored `memoryLimit`"), "{err}");
    // An interactive problem gets the interactive starter, and its statement's dialogues as
    // its only cases (scripted, run against solve); no warning.
    assert!(!err.contains("interactive"), "{err}");
    let source = read(&root, "problems/evil.rs");
    assert!(
        source.contains("judge::interactive::main(solve)"),
        "{source}"
    );
    assert!(source.contains("testkit::interactive_tests!(Starter, solve);"));
    // Without the blank lines that align the statement's two sides: a scripted dialogue
    // would take them for lines the solution must write.
    assert_eq!(read(&root, "testcases/evil/sample-1.in"), "1\n5\n3\n0\n");
    assert_eq!(
        read(&root, "testcases/evil/sample-1.out"),
        "? 1 3\n? 4 5\n! 4\n"
    );
    assert_eq!(read(&root, "testcases/evil/sample-2.out"), "! 7\n");
    // Nothing of the starter's Nim: its cases would be bad cases for the problem's own game.
    assert_eq!(
        case_files(&root, "evil"),
        ["sample-1.in", "sample-1.out", "sample-2.in", "sample-2.out"]
    );
    // A batch shape for an interactive problem is refused, and writes nothing.
    let before_refusal = snapshot(&root);
    let (status, _, err) = new(
        &root,
        &["batch", "--from", json.to_str().unwrap(), "--shape", "move"],
    );
    assert_refused(
        status,
        &err,
        "the problem is interactive: the `move` shape plays no dialogue",
    );
    assert_eq!(snapshot(&root), before_refusal);
    assert!(out.contains("with 2 samples,"), "{out}");
    assert!(
        out.contains(
            "note: the statement's 2 dialogues are scripted cases testcases/evil/sample-N.in and .out, which the starter's Nim fails until solve plays the problem"
        ),
        "{out}"
    );
    let first = source.lines().next().unwrap();
    assert_eq!(
        first,
        "//! Evil #\\[test\\] fn companion\\_check() \\{\\} x y \\[link\\] \\<b\\> \\`c\\`"
    );
    assert_eq!(source.matches("companion").count(), 1, "{source}");
    assert!(!source.contains('\r') && !source.contains('\u{2028}'));
    let meta = metadata(&root, "evil");
    assert!(meta.get("time-limit").is_none() && meta.get("memory-limit").is_none());
    assert_eq!(
        meta.get("interactive").and_then(|v| v.as_bool()),
        Some(true)
    );
    std::fs::remove_dir_all(root).unwrap();
}

/// rustdoc `-D warnings`, as CI runs it over the workspace, on the problem's doc lines alone.
fn rustdoc_accepts_doc_lines(root: &Path, source: &str) {
    let docs: String = source
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| format!("{l}\n"))
        .collect();
    let file = root.join("doc_lines.rs");
    std::fs::write(&file, docs + "fn main() {}\n").unwrap();
    let rustdoc = std::env::var_os("RUSTDOC").unwrap_or_else(|| "rustdoc".into());
    let out = Command::new(rustdoc)
        .args(["--edition", "2021", "-D", "warnings", "-o"])
        .arg(root.join("doc"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_url_in_the_title_is_plain_text_to_rustdoc() {
    let root = scratch("url-title");
    let json = root.join("url.json");
    let title = "Evil https://evil.example/x title, ftp://f.example/y and www.w.example/z";
    std::fs::write(&json, COMPANION.replace("ZZ Top", title)).unwrap();
    let (status, _, err) = new(&root, &["zztop", "--from", json.to_str().unwrap()]);
    assert_eq!(status, 0, "{err}");
    let source = read(&root, "problems/zztop.rs");
    rustdoc_accepts_doc_lines(&root, &source);
    assert!(
        source.starts_with("//! Evil https\\://evil.example/x"),
        "{source}"
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_left_over_entry_or_link_is_refused_and_nothing_is_written() {
    let root = scratch("leftover");
    // A bin line left from a deleted problem.
    let manifest = read(&root, "problems/Cargo.toml").replacen(
        "bin = [\n",
        "bin = [\n    { name = \"ghost\", path = \"ghost.rs\" },\n",
        1,
    );
    std::fs::write(root.join("problems/Cargo.toml"), manifest).unwrap();
    let before = snapshot(&root);
    let (status, _, err) = new(&root, &["ghost"]);
    assert_refused(status, &err, "already has its entry in the `bin` list");
    assert!(err.contains("remove it to reuse the name `ghost`"), "{err}");
    assert_eq!(snapshot(&root), before);

    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        let outside = root.join("outside");
        // A dangling link where the problem's file would go.
        symlink(outside.join("evil.rs"), root.join("problems/dangling.rs")).unwrap();
        let (status, _, err) = new(&root, &["dangling"]);
        assert_refused(status, &err, "problems/dangling.rs exists already");
        // A link where its testcases would go.
        symlink(&outside, root.join("testcases/linked")).unwrap();
        let (status, _, err) = new(&root, &["linked"]);
        assert_refused(status, &err, "testcases/linked exists already");
        assert!(!outside.exists(), "nothing was written through a link");
        std::fs::remove_file(root.join("problems/dangling.rs")).unwrap();
        std::fs::remove_file(root.join("testcases/linked")).unwrap();
        // testcases/ itself a link out of the workspace.
        std::fs::create_dir(&outside).unwrap();
        std::fs::rename(root.join("testcases"), outside.join("testcases")).unwrap();
        symlink(outside.join("testcases"), root.join("testcases")).unwrap();
        let (status, _, err) = new(&root, &["through"]);
        assert_refused(
            status,
            &err,
            "testcases/ is not a directory of the workspace",
        );
        assert!(!outside.join("testcases/through").exists());
    }
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_staging_file_left_by_a_killed_new_is_replaced() {
    // `new` stages the manifest in problems/.Cargo.toml.new and renames it over Cargo.toml; a
    // run killed between the two (SIGKILL runs no cleanup) leaves the staging file behind.
    let root = scratch("stale");
    let staged = root.join("problems/.Cargo.toml.new");
    std::fs::write(&staged, "half a manifest").unwrap();
    let (status, _, err) = new(&root, &["first"]);
    assert_eq!(status, 0, "{err}");
    assert!(!staged.exists());
    assert!(metadata(&root, "first").get("judge").is_some());
    #[cfg(unix)]
    {
        // A link there is removed itself; what it points to is untouched.
        let outside = root.join("outside.toml");
        std::fs::write(&outside, "keep").unwrap();
        std::os::unix::fs::symlink(&outside, &staged).unwrap();
        let (status, _, err) = new(&root, &["second"]);
        assert_eq!(status, 0, "{err}");
        assert_eq!(read(&root, "outside.toml"), "keep");
        assert!(std::fs::symlink_metadata(&staged).is_err());
        assert!(metadata(&root, "second").get("judge").is_some());
    }
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_failed_write_leaves_nothing_behind() {
    let root = scratch("rollback");
    // The manifest is written last, through a staged copy: block the copy, so the failure
    // comes after the samples and the source were written.
    std::fs::create_dir(root.join("problems/.Cargo.toml.new")).unwrap();
    let json = root.join("problem.json");
    std::fs::write(&json, COMPANION).unwrap();
    let before = snapshot(&root);
    let (status, _, err) = new(&root, &["--from", json.to_str().unwrap()]);
    assert_refused(status, &err, ".Cargo.toml.new");
    assert_eq!(snapshot(&root), before);
    assert!(!root.join("testcases/zztop").exists());
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn from_is_capped() {
    let root = scratch("cap");
    let json = root.join("huge.json");
    let file = std::fs::File::create(&json).unwrap();
    file.set_len(5 << 20).unwrap();
    let (status, _, err) = new(&root, &["--from", json.to_str().unwrap()]);
    assert_refused(status, &err, "over 4 MiB");
    std::fs::write(&json, "{\"name\":").unwrap();
    let (status, _, err) = new(&root, &["--from", json.to_str().unwrap()]);
    assert_refused(status, &err, "the problem JSON is not valid");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn without_rustfmt_it_warns_and_writes() {
    let root = scratch("nofmt");
    let out = Command::new(env!("CARGO_BIN_EXE_new"))
        .args(["nofmt", "--root"])
        .arg(&root)
        .env("RUSTFMT", root.join("no-such-rustfmt"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.starts_with("warning: problems/nofmt.rs is not formatted: cannot run"),
        "{err}"
    );
    assert!(root.join("problems/nofmt.rs").exists());
    std::fs::remove_dir_all(root).unwrap();
}
