//! The tools' integration tests, one module a tool or concern, in one test binary: each
//! binary of its own linked the tools library and its dependencies again, which cost more than
//! most of them take to run. The modules share one process, so each names its scratch folders
//! with its own prefix and none changes the process's environment or current directory.

mod analyzer;
mod bundler;
mod compare;
mod describe;
mod docs_map;
mod hardening;
mod hostile;
mod interactive;
mod msrv_scan;
mod new;
mod partizan;
mod readme;
mod runner;

use std::path::Path;

/// `text` as one word of a POSIX shell line, whatever it holds (spaces, quotes, `$`): in single
/// quotes, each `'` in it closed, escaped and reopened. A path put into a command that a shell
/// runs (`stress --reference`, a script's body, a README command) goes through here, so that
/// the checkout's place on disk never splits it.
pub(crate) fn shell_word(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Runs the analyzer (`grundy ARGS`) with `input` on its standard input: its exit status (-1
/// when a signal ended it), standard output and standard error. `describe` and `partizan`
/// drive it this way.
pub(crate) fn grundy(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    // A refusal before reading closes the pipe early: that is not the test's failure.
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_shell_word_is_one_word_whatever_it_holds() {
    for text in [
        "plain",
        "a path/with spaces",
        "it's $HOME \"quoted\" `x` \\ *",
        "",
    ] {
        let out = std::process::Command::new("sh")
            .args(["-c", &format!("printf '%s|' {}", shell_word(text))])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{text}|"));
    }
}

/// The library crates a scratch workspace shares with the real one: (package, folder).
const LIBRARIES: [(&str, &str); 3] = [
    ("grundy", "lib"),
    ("judge", "judge"),
    ("testkit", "testkit"),
];

/// The real workspace's manifest (at `root`) for a scratch workspace holding only a `problems`
/// package, whose library crates are the real ones through links ([`link_libraries`]) at the
/// same relative paths. Cargo names a path crate's build after its path relative to the
/// workspace's root: by an absolute path (outside the scratch workspace) each library would be
/// compiled again, once per profile, beside the outer build's; through the links, a scratch
/// workspace building into the real target directory finds the outer build's crates fresh and
/// compiles only its own problems. The linked crates are members of the scratch workspace, as
/// they are of the real one (`cargo metadata` lists them).
fn thin_manifest(root: &Path) -> String {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    // The members' list, on one line or several, becomes `problems` alone.
    let start = manifest
        .find("members = [")
        .expect("the workspace lists its members");
    let end = start + manifest[start..].find(']').expect("the members' list ends") + 1;
    let thin = format!(
        "{}members = [\"problems\"]{}",
        &manifest[..start],
        &manifest[end..]
    );
    assert!(manifest[start..end].contains("\"problems\""), "{thin}");
    for (name, folder) in LIBRARIES {
        let line = format!(r#"{name} = {{ path = "{folder}" }}"#);
        assert!(thin.contains(&line), "the workspace's paths moved: {thin}");
    }
    thin
}

/// Links `dir/lib`, `dir/judge` and `dir/testkit` to the real workspace's folders at `root`
/// (kept if they already point there), as [`thin_manifest`] needs them.
fn link_libraries(root: &Path, dir: &Path) {
    for (_, folder) in LIBRARIES {
        let link = dir.join(folder);
        if std::fs::read_link(&link).ok() != Some(root.join(folder)) {
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(root.join(folder), link).unwrap();
        }
    }
}
