//! `new`: a problem from Competitive Companion's JSON, from a file and through a real local
//! socket, in a scratch copy of the workspace's manifest, templates and starter samples; and
//! every way in that a hostile request or file could try, refused with nothing written.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Stdio};
use toml_edit::DocumentMut;

const COMPANION: &str = r#"{"name":"ZZ Top","group":"SPOJ","url":"https://www.spoj.com/problems/ZZTOP/","interactive":false,"memoryLimit":1536,"timeLimit":1000,"tests":[{"input":"1\n2\n","output":"First\n"},{"input":"3\n","output":"Second\n"}],"testType":"single"}"#;

/// The issue's injection: a `url` whose newline would end a doc line and start Rust code.
const INJECTED: &str = r#"{"name":"Innocent","url":"https://www.spoj.com/problems/INNOCENT/?\n#[test] fn companion_check() { std::fs::write(\"/tmp/x\", \"pwned\").unwrap(); }","tests":[{"input":"1\n","output":"1\n"}]}"#;

/// A scratch workspace holding what `new` reads and writes.
fn scratch(tag: &str) -> PathBuf {
    let root = model::workspace::default_root();
    let dir = std::env::temp_dir().join(format!("new-test-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in [
        "problems",
        "templates",
        "testcases/starter",
        "testcases/starter_atcoder",
        "testcases/starter_interactive",
    ] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    for file in [
        "problems/Cargo.toml",
        "problems/knights.rs",
        "templates/problem.rs",
        "templates/atcoder.rs",
        "templates/interactive.rs",
        "testcases/starter_interactive/sample-1.in",
        "testcases/starter_interactive/sample-1.out",
        "testcases/starter_interactive/nim-1.in",
        "testcases/starter_interactive/nim-1.out",
        "testcases/starter_interactive/nim-2.in",
        "testcases/starter_interactive/nim-2.out",
        "testcases/starter/sample-1.in",
        "testcases/starter/sample-1.out",
        "testcases/starter_atcoder/sample-1.in",
        "testcases/starter_atcoder/sample-1.out",
    ] {
        std::fs::copy(root.join(file), dir.join(file)).unwrap();
    }
    dir
}

fn new(root: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_new"))
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The names of the files in `testcases/NAME`, sorted.
fn case_files(root: &Path, name: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("testcases").join(name))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

fn read(root: &Path, file: &str) -> String {
    std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Every file under `root`, with its contents: what a refused `new` must leave unchanged.
fn snapshot(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                dirs.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap_or_default();
                files.push((path, bytes));
            }
        }
    }
    files.sort();
    files
}

/// The problem's line under [package.metadata.problems], parsed.
fn metadata(root: &Path, name: &str) -> toml_edit::InlineTable {
    let manifest: DocumentMut = read(root, "problems/Cargo.toml").parse().unwrap();
    manifest["package"]["metadata"]["problems"][name]
        .as_inline_table()
        .unwrap_or_else(|| panic!("no metadata for {name}"))
        .clone()
}

/// `error: ...` in one line, exit 1.
fn assert_refused(status: i32, err: &str, needle: &str) {
    assert_eq!(status, 1, "{err}");
    assert!(
        err.starts_with("error: ") && err.lines().count() == 1 && err.contains(needle),
        "{err}"
    );
}

/// The problem `name` exists with the JSON's samples, judge, limit, and its manifest lines.
fn assert_created(root: &Path, name: &str) {
    let source = read(root, &format!("problems/{name}.rs"));
    assert!(source.starts_with("//! ZZ Top\n"), "{source}");
    assert!(!source.contains("{{"), "a placeholder is left");
    assert!(
        !source.contains("//! - judge:"),
        "metadata belongs in the manifest"
    );
    assert_eq!(
        read(root, &format!("testcases/{name}/sample-1.in")),
        "1\n2\n"
    );
    assert_eq!(
        read(root, &format!("testcases/{name}/sample-2.out")),
        "Second\n"
    );
    let manifest = read(root, "problems/Cargo.toml");
    let line = format!("    {{ name = \"{name}\", path = \"{name}.rs\" }},");
    assert_eq!(manifest.matches(&line).count(), 1, "{manifest}");
    let names: Vec<&str> = manifest
        .lines()
        .filter(|l| l.starts_with("    { name = "))
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "the list stays sorted");
    let meta = metadata(root, name);
    assert_eq!(meta.get("judge").and_then(|v| v.as_str()), Some("spoj"));
    assert_eq!(
        meta.get("url").and_then(|v| v.as_str()),
        Some("https://www.spoj.com/problems/ZZTOP/")
    );
    assert_eq!(meta.get("time-limit").and_then(|v| v.as_float()), Some(1.0));
    assert_eq!(
        meta.get("memory-limit").and_then(|v| v.as_integer()),
        Some(1536)
    );
    assert!(meta.get("interactive").is_none());
    let check = Command::new("rustfmt")
        .args(["--check", "--edition", "2021"])
        .arg(root.join(format!("problems/{name}.rs")))
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "not formatted: {}",
        String::from_utf8_lossy(&check.stdout)
    );
}

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

/// `new --listen 0` in `root`, and the address it listens on.
fn listening(root: &Path, args: &[&str]) -> (Child, BufReader<ChildStderr>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_new"))
        .args(["--listen", "0", "--root"])
        .arg(root)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let address = line
        .split_whitespace()
        .nth(2)
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, stderr, address)
}

/// POSTs `body` with extra `headers` and returns the answer.
fn post(address: &str, headers: &str, body: &str) -> String {
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: localhost\r\n{}Content-Length: {}\r\n\r\n{}",
        headers,
        body.len(),
        body
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn from_companion_through_a_socket() {
    let root = scratch("listen");
    let (mut child, _stderr, address) = listening(&root, &[]);
    let before = snapshot(&root);
    // A request that is not a POST is answered 405 and the listener keeps waiting.
    let mut probe = std::net::TcpStream::connect(&address).unwrap();
    probe.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    let mut answer = String::new();
    probe.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    // The issue's attack: a web page's simple request carrying the injection.
    let web = "Origin: https://evil.example\r\nContent-Type: text/plain\r\n";
    let answer = post(&address, web, INJECTED);
    assert!(answer.starts_with("HTTP/1.1 403 Forbidden"), "{answer}");
    // The same without an Origin: the URL itself is refused.
    let answer = post(&address, "", INJECTED);
    assert!(answer.starts_with("HTTP/1.1 400 Bad Request"), "{answer}");
    assert!(
        answer.contains("whitespace or control characters"),
        "{answer}"
    );
    let answer = post(&address, "", "{not json");
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    // A taken name: 409 with the reason, and the listener goes on.
    let taken = COMPANION.replace("ZZTOP", "KNIGHTS");
    let answer = post(&address, "", &taken);
    assert!(answer.starts_with("HTTP/1.1 409 Conflict"), "{answer}");
    assert!(
        answer.contains("problems/knights.rs exists already"),
        "{answer}"
    );
    assert_eq!(snapshot(&root), before, "refused requests write nothing");
    assert!(child.try_wait().unwrap().is_none(), "still listening");
    // Companion's own request is created, and with no batch the listener stops.
    let extension = "Origin: chrome-extension://abcdefghijklmnopabcdefghijklmnop\r\nContent-Type: application/json\r\n";
    let answer = post(&address, extension, COMPANION);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(child.wait().unwrap().success());
    assert_created(&root, "zztop");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_batch_is_waited_for_to_its_end() {
    let root = scratch("batch");
    let (mut child, mut stderr, address) = listening(&root, &[]);
    let problem = |code: &str| {
        COMPANION.replace("ZZTOP", code).replace(
            "\"testType\"",
            "\"batch\":{\"id\":\"b1\",\"size\":2},\"testType\"",
        )
    };
    assert!(post(&address, "", &problem("FIRST")).starts_with("HTTP/1.1 200"));
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(
        line.contains("waiting for the batch's 1 other problem"),
        "{line}"
    );
    assert!(child.try_wait().unwrap().is_none(), "still listening");
    assert!(post(&address, "", &problem("SECOND")).starts_with("HTTP/1.1 200"));
    assert!(child.wait().unwrap().success());
    assert!(root.join("problems/first.rs").exists() && root.join("problems/second.rs").exists());
    std::fs::remove_dir_all(root).unwrap();
}

/// A workspace at `dir` made of the real one's problems package (copied: `new` writes into it)
/// and the real library crates by their paths, with links to templates/ and copies of the
/// starters' cases, which `new` reads. Built into the real target directory, the library crates
/// are checked as any other thin workspace of these tests has them (the interactive loop's
/// runner lints its problem the same way), and only the new problem is linted here.
fn thin_copy(dir: &Path) {
    let root = model::workspace::default_root();
    let thin = crate::thin_manifest(&root);
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("Cargo.toml"), thin).unwrap();
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
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

/// Companion's problem at `url` instead of SPOJ's.
fn at_url(url: &str) -> String {
    COMPANION.replace("https://www.spoj.com/problems/ZZTOP/", url)
}

#[test]
fn the_judge_comes_from_the_urls_host_and_an_unknown_host_is_refused() {
    let root = scratch("hosts");
    let json = root.join("problem.json");
    for (name, url, judge, says) in [
        (
            "gg",
            "https://cses.fi/problemset/task/2207",
            "cses",
            "for CSES (pick Rust (edition 2021) there)",
        ),
        (
            "kt",
            "https://nus.kattis.com/problems/different",
            "kattis",
            "for Kattis (pick Rust there)",
        ),
        (
            "lc",
            "https://judge.yosupo.jp/problem/nim_product_64",
            "library-checker",
            "for Library Checker",
        ),
        (
            "lg",
            "https://www.luogu.com.cn/problem/P2252",
            "luogu",
            "for Luogu",
        ),
    ] {
        std::fs::write(&json, at_url(url)).unwrap();
        let (status, out, err) = new(&root, &[name, "--from", json.to_str().unwrap()]);
        assert_eq!(status, 0, "{url}: {err}");
        assert!(out.contains(says), "{url}: {out}");
        let meta = metadata(&root, name);
        assert_eq!(meta.get("judge").and_then(|v| v.as_str()), Some(judge));
    }
    // A host no profile knows: one line naming it and asking for --judge; nothing written.
    std::fs::write(&json, at_url("https://example.com/problems/ZZTOP/")).unwrap();
    let before = snapshot(&root);
    for args in [vec!["zz"], vec![]] {
        let mut args = args;
        args.extend(["--from", json.to_str().unwrap()]);
        let (status, _, err) = new(&root, &args);
        assert_refused(
            status,
            &err,
            "no judge profile knows the host `example.com`",
        );
        assert!(err.contains("give --judge (one of: spoj, cses,"), "{err}");
    }
    assert_eq!(snapshot(&root), before, "a refused problem writes nothing");
    // With --judge the same problem is created for that judge.
    let from = ["zz", "--from", json.to_str().unwrap(), "--judge", "spoj"];
    let (status, out, err) = new(&root, &from);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("created problems/zz.rs for SPOJ"), "{out}");
    // Neither URL nor --judge: SPOJ, as documented.
    let (status, out, err) = new(&root, &["plain"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("created problems/plain.rs for SPOJ"), "{out}");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn the_listener_refuses_an_unknown_host_and_goes_on() {
    let root = scratch("listen-host");
    let (mut child, _stderr, address) = listening(&root, &[]);
    let before = snapshot(&root);
    let answer = post(&address, "", &at_url("https://example.com/problems/ZZTOP/"));
    assert!(answer.starts_with("HTTP/1.1 400 Bad Request"), "{answer}");
    assert!(answer.contains("give --judge"), "{answer}");
    assert_eq!(snapshot(&root), before, "a refused request writes nothing");
    assert!(child.try_wait().unwrap().is_none(), "still listening");
    let answer = post(&address, "", &at_url("https://codechef.com/problems/ZZTOP"));
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(child.wait().unwrap().success());
    let meta = metadata(&root, "zztop");
    assert_eq!(meta.get("judge").and_then(|v| v.as_str()), Some("codechef"));
    std::fs::remove_dir_all(root).unwrap();
}

/// Sends a POST of `body` on `stream`, already connected, and reads the answer.
fn post_on(mut stream: std::net::TcpStream, body: &str) -> String {
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: {}\r\n\r\n{}",
        body.len(),
        body
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// POSTs each of `bodies` on its own connection, all connected before any is sent (so none
/// can come after the listener stops), all sent at once; their answers in the same order.
fn post_at_once(address: &str, bodies: Vec<String>) -> Vec<String> {
    let streams: Vec<std::net::TcpStream> = bodies
        .iter()
        .map(|_| std::net::TcpStream::connect(address).unwrap())
        .collect();
    let clients: Vec<_> = streams
        .into_iter()
        .zip(bodies)
        .map(|(stream, body)| std::thread::spawn(move || post_on(stream, &body)))
        .collect();
    clients.into_iter().map(|c| c.join().unwrap()).collect()
}

/// The status code of an HTTP answer.
fn status_of(answer: &str) -> &str {
    answer.split_whitespace().nth(1).unwrap_or("none")
}

#[test]
fn concurrent_posts_are_all_answered_and_the_late_ones_told_why() {
    // The issue's four concurrent POSTs: one is created, and the listener stops (no batch);
    // the three others are answered 503 with the reason, never reset, and logged.
    let root = scratch("listen-concurrent");
    let (mut child, stderr, address) = listening(&root, &[]);
    let codes = ["AAA", "BBB", "CCC", "DDD"];
    let bodies = codes
        .iter()
        .map(|c| COMPANION.replace("ZZTOP", c))
        .collect();
    let answers = post_at_once(&address, bodies);
    assert!(child.wait().unwrap().success());
    let created: Vec<&str> = codes
        .iter()
        .copied()
        .filter(|c| {
            root.join(format!("problems/{}.rs", c.to_lowercase()))
                .exists()
        })
        .collect();
    assert_eq!(created.len(), 1, "{answers:?}");
    let name = format!("problems/{}.rs", created[0].to_lowercase());
    for answer in &answers {
        match status_of(answer) {
            "200" => assert!(answer.ends_with(&format!("created {name}\n")), "{answer}"),
            "503" => assert!(
                answer.ends_with(&format!("new --listen has stopped after creating {name}; start it again to create this problem\n")),
                "{answer}"
            ),
            _ => panic!("{answer}"),
        }
    }
    assert_eq!(answers.iter().filter(|a| status_of(a) == "200").count(), 1);
    let log: String = stderr.lines().map(|l| l.unwrap() + "\n").collect();
    assert!(
        log.contains("answered 3 more request(s) 503: new --listen has stopped"),
        "{log}"
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_batch_sent_at_once_is_created_whole() {
    // Companion sends a contest as one POST per problem, possibly all at once: each is
    // created or refused (two repeat a name: 409), and the listener stops when all six of the
    // batch are answered.
    let root = scratch("listen-batch-at-once");
    let (mut child, _stderr, address) = listening(&root, &[]);
    let codes = ["AAA", "BBB", "CCC", "DDD", "AAA", "CCC"];
    let bodies = codes
        .iter()
        .map(|c| {
            COMPANION.replace("ZZTOP", c).replace(
                "\"testType\"",
                "\"batch\":{\"id\":\"contest\",\"size\":6},\"testType\"",
            )
        })
        .collect();
    let answers = post_at_once(&address, bodies);
    assert!(child.wait().unwrap().success());
    let mut codes_seen: Vec<&str> = answers.iter().map(|a| status_of(a)).collect();
    codes_seen.sort();
    assert_eq!(
        codes_seen,
        ["200", "200", "200", "200", "409", "409"],
        "{answers:?}"
    );
    for answer in answers.iter().filter(|a| status_of(a) == "409") {
        assert!(answer.contains("exists already"), "{answer}");
    }
    for code in ["AAA", "BBB", "CCC", "DDD"] {
        let name = code.to_lowercase();
        assert!(read(&root, &format!("problems/{name}.rs")).starts_with("//! ZZ Top\n"));
        assert_eq!(
            read(&root, &format!("testcases/{name}/sample-2.out")),
            "Second\n"
        );
        let url = format!("https://www.spoj.com/problems/{code}/");
        let meta = metadata(&root, &name);
        assert_eq!(meta.get("url").and_then(|v| v.as_str()), Some(url.as_str()));
    }
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_slow_client_does_not_hold_the_listener() {
    let root = scratch("listen-slow");
    let (mut child, _stderr, address) = listening(&root, &[]);
    // Half a request, then silence: it holds only its own connection.
    let mut slow = std::net::TcpStream::connect(&address).unwrap();
    slow.write_all(b"POST / HTTP/1.1\r\nContent-Len").unwrap();
    let answer = post(&address, "", COMPANION);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(child.wait().unwrap().success());
    assert_created(&root, "zztop");
    // The slow one is answered when the listener stops, after the fast one was created.
    let mut answer = String::new();
    slow.read_to_string(&mut answer).unwrap();
    assert!(
        answer.starts_with("HTTP/1.1 503")
            && answer.contains("has stopped after creating problems/zztop.rs"),
        "{answer}"
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn file_input_or_output_is_refused_naming_the_files() {
    let root = scratch("fileio");
    let before = snapshot(&root);
    let json = root.join("problem.json");
    let file_io = COMPANION.replace(
        "\"testType\"",
        "\"input\":{\"type\":\"file\",\"fileName\":\"input.txt\"},\"output\":{\"type\":\"file\",\"fileName\":\"output.txt\"},\"testType\"",
    );
    std::fs::write(&json, &file_io).unwrap();
    let (status, _, err) = new(&root, &["--from", json.to_str().unwrap()]);
    assert_refused(
        status,
        &err,
        "the problem reads the file `input.txt` and writes the file `output.txt` (Companion's `input`/`output`); new refuses file input/output",
    );
    std::fs::remove_file(&json).unwrap();
    assert_eq!(snapshot(&root), before, "a refused problem writes nothing");
    // Through the listener: 400 with the same reason, and the listener goes on.
    let (mut child, _stderr, address) = listening(&root, &[]);
    let answer = post(&address, "", &file_io);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("new refuses file input/output"), "{answer}");
    assert_eq!(snapshot(&root), before, "a refused request writes nothing");
    let standard = COMPANION.replace(
        "\"testType\"",
        "\"input\":{\"type\":\"stdin\"},\"output\":{\"type\":\"stdout\"},\"testType\"",
    );
    assert!(post(&address, "", &standard).starts_with("HTTP/1.1 200"));
    assert!(child.wait().unwrap().success());
    assert_created(&root, "zztop");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_judge_without_rust_is_refused_in_one_step_that_names_the_profile_to_give() {
    let root = scratch("norust");
    let json = root.join("problem.json");
    std::fs::write(&json, at_url("http://poj.org/problem?id=2348")).unwrap();
    let before = snapshot(&root);
    // No NAME and no --judge: one refusal that asks for both, naming the judge without Rust.
    let (status, _, err) = new(&root, &["--from", json.to_str().unwrap()]);
    assert_refused(status, &err, "POJ (poj.org) takes no Rust");
    assert!(err.contains("give --judge spoj and NAME"), "{err}");
    assert!(err.contains("whose bundle claims to be for SPOJ"), "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    // By hand, with its URL: the same refusal, without asking for the NAME it has.
    let url = [
        "euclid",
        "--url",
        "https://acm.hdu.edu.cn/showproblem.php?pid=3537",
    ];
    let (status, _, err) = new(&root, &url);
    assert_refused(status, &err, "HDU (acm.hdu.edu.cn) takes no Rust");
    assert!(err.contains("give --judge spoj:"), "{err}");
    assert_eq!(snapshot(&root), before, "a refused problem writes nothing");
    // Doing as it says creates the problem, its URL recorded.
    let from = [
        "poj2348",
        "--from",
        json.to_str().unwrap(),
        "--judge",
        "spoj",
    ];
    let (status, out, err) = new(&root, &from);
    assert_eq!(status, 0, "{err}");
    assert!(
        out.contains("created problems/poj2348.rs for SPOJ"),
        "{out}"
    );
    let meta = metadata(&root, "poj2348");
    assert_eq!(
        meta.get("url").and_then(|v| v.as_str()),
        Some("http://poj.org/problem?id=2348")
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_problem_made_by_hand_records_its_url_and_limits() {
    let root = scratch("byhand");
    let args = [
        "p1971",
        "--url",
        "https://www.luogu.com.cn/problem/P1971",
        "--time-limit",
        "1",
        "--memory-limit",
        "125",
    ];
    let (status, out, err) = new(&root, &args);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("for Luogu"), "{out}");
    let meta = metadata(&root, "p1971");
    assert_eq!(meta.get("judge").and_then(|v| v.as_str()), Some("luogu"));
    assert_eq!(
        meta.get("url").and_then(|v| v.as_str()),
        Some("https://www.luogu.com.cn/problem/P1971")
    );
    assert_eq!(meta.get("time-limit").and_then(|v| v.as_float()), Some(1.0));
    assert_eq!(
        meta.get("memory-limit").and_then(|v| v.as_integer()),
        Some(125)
    );
    // Absurd limits and a URL that is not one are refused, nothing written.
    let before = snapshot(&root);
    for (args, says) in [
        (vec!["x1", "--time-limit", "0"], "--time-limit 0"),
        (vec!["x2", "--memory-limit", "0"], "--memory-limit 0"),
        (vec!["x3", "--url", "javascript:alert(1)"], "not an http"),
    ] {
        let (status, _, err) = new(&root, &args);
        assert_refused(status, &err, says);
    }
    assert_eq!(snapshot(&root), before);
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn remove_takes_out_the_problem_and_refuses_anything_else() {
    let root = scratch("remove");
    let before = snapshot(&root);
    let (status, _, err) = new(&root, &["gone", "--judge", "codeforces"]);
    assert_eq!(status, 0, "{err}");
    // Something in its cases that is not a case file: refused, nothing removed.
    std::fs::create_dir(root.join("testcases/gone/keep")).unwrap();
    let created = snapshot(&root);
    let (status, _, err) = new(&root, &["gone", "--remove"]);
    assert_refused(status, &err, "testcases/gone/keep is not a regular file");
    assert_eq!(snapshot(&root), created);
    std::fs::remove_dir(root.join("testcases/gone/keep")).unwrap();
    let (status, out, err) = new(&root, &["gone", "--remove"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("problems/gone.rs"), "{out}");
    assert!(!root.join("testcases/gone").exists());
    // The workspace is as it was before `new`, the manifest byte for byte.
    assert_eq!(snapshot(&root), before);
    // Nothing left to remove; a name that is no problem's name.
    let (status, _, err) = new(&root, &["gone", "--remove"]);
    assert_refused(status, &err, "there is no problem `gone`");
    let (status, _, err) = new(&root, &["../Cargo", "--remove"]);
    assert_eq!(status, 1, "{err}");
    std::fs::remove_dir_all(root).unwrap();
}
