//! `new`: a problem from Competitive Companion's JSON, from a file and through a real local
//! socket, in a scratch copy of the workspace's manifest, templates and starter samples.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const COMPANION: &str = r#"{"name":"ZZ Top","group":"SPOJ","url":"https://www.spoj.com/problems/ZZTOP/","interactive":false,"memoryLimit":1536,"timeLimit":1000,"tests":[{"input":"1\n2\n","output":"First\n"},{"input":"3\n","output":"Second\n"}],"testType":"single"}"#;

/// A scratch workspace holding what `new` reads and writes.
fn scratch(tag: &str) -> PathBuf {
    let root = tools::workspace::default_root();
    let dir = std::env::temp_dir().join(format!("new-test-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in [
        "problems",
        "templates",
        "testcases/starter",
        "testcases/starter_atcoder",
    ] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    for file in [
        "problems/Cargo.toml",
        "problems/knights.rs",
        "templates/problem.rs",
        "templates/atcoder.rs",
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

fn read(root: &Path, file: &str) -> String {
    std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The problem `name` exists with the JSON's samples, judge, limit, and one manifest line.
fn assert_created(root: &Path, name: &str) {
    let source = read(root, &format!("problems/{name}.rs"));
    assert!(source.starts_with("//! ZZ Top\n"), "{source}");
    for line in [
        "//! - judge: spoj",
        "//! - url: https://www.spoj.com/problems/ZZTOP/",
        "//! - time limit: 1 s",
    ] {
        assert!(source.contains(line), "missing {line}");
    }
    assert!(!source.contains("{{"), "a placeholder is left");
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
}

#[test]
fn from_a_file() {
    let root = scratch("file");
    let json = root.join("problem.json");
    std::fs::write(&json, COMPANION).unwrap();
    let (status, out, err) = new(&root, &["zz", "--from", json.to_str().unwrap()]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("created problems/zz.rs for SPOJ"), "{out}");
    assert_created(&root, "zz");
    // Taken and invalid names are refused in one line, and nothing changes.
    let before = read(&root, "problems/Cargo.toml");
    for args in [vec!["zz"], vec!["knights"], vec!["Bad-Name"], vec!["new"]] {
        let (status, _, err) = new(&root, &args);
        assert_eq!(status, 1, "{args:?}");
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{err}"
        );
    }
    assert_eq!(read(&root, "problems/Cargo.toml"), before);
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn without_samples_the_starter_passes_its_own() {
    let root = scratch("plain");
    let (status, _, err) = new(&root, &["abc", "--judge", "atcoder"]);
    assert_eq!(status, 0, "{err}");
    let source = read(&root, "problems/abc.rs");
    assert!(source.contains("use proconio::input;") && source.contains("//! - judge: atcoder"));
    assert_eq!(read(&root, "testcases/abc/sample-1.out"), "Second\nFirst\n");
    let (status, _, err) = new(&root, &["nojudge", "--judge", "nosuch"]);
    assert_eq!(status, 1);
    assert!(err.contains("unknown judge `nosuch`"), "{err}");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn from_companion_through_a_socket() {
    let root = scratch("listen");
    let mut child = Command::new(env!("CARGO_BIN_EXE_new"))
        .args(["--listen", "0", "--root"])
        .arg(&root)
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
    // A request that is not a POST is answered 400 and the listener keeps waiting.
    let mut probe = std::net::TcpStream::connect(&address).unwrap();
    probe.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    let mut answer = String::new();
    probe.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{}",
        COMPANION.len(),
        COMPANION
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(child.wait().unwrap().success());
    assert_created(&root, "zztop");
    std::fs::remove_dir_all(root).unwrap();
}
