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

/// The real workspace's manifest (at `root`) for a scratch workspace holding only a `problems`
/// package, whose library crates are the real ones by their paths: built into the real target
/// directory, those are the crates the outer build and the other scratch workspaces of these
/// tests compiled, and only the scratch workspace's own problems are compiled for it.
fn thin_manifest(root: &Path) -> String {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    // The members' list, whatever its lines, becomes the problems alone.
    let start = manifest
        .find("members = [")
        .expect("the workspace lists its members");
    let end = start + manifest[start..].find(']').expect("the members' list ends");
    let mut thin = format!(
        "{}{}{}",
        &manifest[..start],
        r#"members = ["problems"]"#,
        &manifest[end + 1..]
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
