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

/// The real workspace's manifest (at `root`) for a scratch workspace holding only a `problems`
/// package, whose library crates are the real ones by their paths: built into the real target
/// directory, those are the crates the outer build and the other scratch workspaces of these
/// tests compiled, and only the scratch workspace's own problems are compiled for it.
fn thin_manifest(root: &Path) -> String {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let mut thin = manifest.replace(
        r#"members = ["lib", "judge", "problems", "testkit", "tools"]"#,
        r#"members = ["problems"]"#,
    );
    for (name, folder) in [
        ("grundy", "lib"),
        ("judge", "judge"),
        ("testkit", "testkit"),
    ] {
        thin = thin.replace(
            &format!(r#"{name} = {{ path = "{folder}" }}"#),
            &format!(r#"{name} = {{ path = "{}" }}"#, root.join(folder).display()),
        );
    }
    assert_eq!(
        thin.matches(&root.display().to_string()).count(),
        3,
        "the workspace's members or paths moved: {thin}"
    );
    assert!(thin.contains(r#"members = ["problems"]"#), "{thin}");
    thin
}
