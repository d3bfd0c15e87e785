//! `new`: a problem from Competitive Companion's JSON, from a file and through a real local
//! socket, in a scratch copy of the workspace's manifest, templates and starter samples; and
//! every way in that a hostile request or file could try, refused with nothing written.
//!
//! One file a topic: `files` (from a file: samples, shapes, what no field can smuggle in, what
//! a failed or interrupted write leaves), `listen` (through the socket: batches, concurrent and
//! slow clients), `fresh` (a new problem passes fmt and clippy), `judges` (the judge from the
//! URL's host, limits by hand, file I/O refused, removal); the shared fixtures here.

mod files;
mod fresh;
mod judges;
mod listen;

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

/// Companion's problem at `url` instead of SPOJ's.
fn at_url(url: &str) -> String {
    COMPANION.replace("https://www.spoj.com/problems/ZZTOP/", url)
}
