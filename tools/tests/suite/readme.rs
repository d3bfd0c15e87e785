//! The manual's commands work as written. Every command in README.md's `sh` blocks is run here
//! (in a scratch folder that sees the workspace's files, so a command that writes, such as
//! `bundle knights > submit.rs`, writes there), or is listed in [`NOT_RUN`] with the reason it
//! cannot run in a test: a command added to the README without either fails. Every command in
//! docs/*.md is checked without running it: the binary or example it names exists, the flags it
//! passes are in that tool's `--help`, and the problems and files it names exist.
//!
//! `cargo run … --bin X -- ARGS` runs the binary X that cargo has built for these tests (the
//! tools' own, and the problems' and examples' from the same target folder, built there when
//! missing), so the test takes seconds once the workspace is built, and nothing rebuilds what
//! `./run_tests.sh` built.
//!
//! The door holds the tests; `commands` reads the manuals' `sh` blocks and `cargo run`s,
//! `known` what a command may name (binaries, examples, problems, each tool's flags),
//! `running` runs a command in a scratch folder.

mod commands;
mod known;
mod running;

use commands::*;
use known::*;
use running::*;
use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

fn readme() -> String {
    fs::read_to_string(root().join("README.md")).unwrap()
}

#[test]
fn the_comment_cutter_and_the_cargo_run_parser_read_the_manuals_forms() {
    assert_eq!(strip_comment("a b   # c"), "a b");
    assert_eq!(
        strip_comment("printf '1 # 2' > x # c"),
        "printf '1 # 2' > x"
    );
    assert_eq!(strip_comment("echo $?; x#y"), "echo $?; x#y");
    let runs = cargo_runs(
        "cargo run -q --release -p grundy --example divide_game | cargo run --release --bin grundy -- describe --extend 30",
    )
    .unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!((runs[0].bin, runs[0].name.as_str()), (false, "divide_game"));
    assert!(runs[0].args.is_empty());
    assert_eq!((runs[1].bin, runs[1].name.as_str()), (true, "grundy"));
    assert_eq!(runs[1].args, ["describe", "--extend", "30"]);
    assert!(cargo_runs("cargo run --bin x --features y").is_err());
    assert!(cargo_runs("cargo run --release").is_err());
    let blocks = "text\n```sh\n# a comment\na \\\n  b   # why\n\nc\n```\n```text\nd\n```\n";
    let commands: Vec<String> = sh_commands(blocks, "t")
        .into_iter()
        .map(|l| l.command)
        .collect();
    assert_eq!(commands, ["a b", "c"]);
    assert_eq!(
        programs("printf '1\\n' > my.out; cargo run --bin x -- a | TIMEOUT=2 ./run_tests.sh && cargo test"),
        ["printf", "cargo run", "./run_tests.sh", "cargo"]
    );
}

#[test]
fn the_readme_is_short() {
    let lines = readme().lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines; details go to docs/"
    );
}

#[test]
fn every_readme_command_runs_as_written_or_is_listed_with_its_reason() {
    let commands = sh_commands(&readme(), "README.md");
    assert!(commands.len() >= 4, "{commands:?}");
    for (listed, reason) in NOT_RUN {
        assert!(!reason.is_empty());
        assert!(
            commands.iter().any(|c| c.command == *listed),
            "NOT_RUN lists `{listed}`, which README.md no longer has"
        );
    }
    let to_run: Vec<&Listed> = commands
        .iter()
        .filter(|c| !NOT_RUN.iter().any(|(listed, _)| *listed == c.command))
        .collect();
    let mut failures = Vec::new();
    let mut known = Known::new();
    for listed in &commands {
        if let Err(why) = known.check(&listed.command) {
            failures.push(format!("{}: `{}`: {why}", listed.place, listed.command));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let runs: Vec<CargoRun> = to_run
        .iter()
        .flat_map(|c| cargo_runs(&c.command).unwrap())
        .collect();
    build_missing(&runs.iter().collect::<Vec<_>>());
    let dir = scratch();
    for listed in to_run {
        if let Some(program) = programs(&listed.command)
            .into_iter()
            .find(|p| !RUNNABLE.contains(&p.as_str()))
        {
            failures.push(format!(
                "{}: `{}` starts `{program}`, which this test does not run: make it a `cargo run` \
                 or list it in NOT_RUN with the reason",
                listed.place, listed.command
            ));
            continue;
        }
        if let Err(why) = run(&listed.command, &dir) {
            failures.push(format!("{}: {why}", listed.place));
        }
    }
    let _ = fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_docs_command_names_a_binary_flags_problems_and_files_that_exist() {
    let mut failures = Vec::new();
    let mut known = Known::new();
    let mut count = 0;
    for entry in fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let file = format!("docs/{}", path.file_name().unwrap().to_string_lossy());
        for listed in sh_commands(&fs::read_to_string(&path).unwrap(), &file) {
            count += 1;
            if let Err(why) = known.check(&listed.command) {
                failures.push(format!("{}: `{}`: {why}", listed.place, listed.command));
            }
        }
    }
    assert!(count > 0, "no commands found in docs/");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Pages the manual links to that another change writes (issue #35's cookbook): a link to one
/// of them may come before the page.
const PAGES_TO_COME: &[&str] = &["docs/cookbook.md"];

/// `path` with its `.` and `..` components resolved in the text (the file need not exist).
fn normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                normal.pop();
            }
            std::path::Component::CurDir => {}
            other => normal.push(other),
        }
    }
    normal
}

#[test]
fn every_relative_link_of_the_manual_names_a_file_that_exists() {
    let mut pages = vec![root().join("README.md")];
    for entry in fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    let mut failures = Vec::new();
    for page in pages {
        let text = fs::read_to_string(&page).unwrap();
        for (at, _) in text.match_indices("](") {
            let target = text[at + 2..].split(')').next().unwrap();
            let file = target.split('#').next().unwrap();
            if file.is_empty() || file.contains("://") {
                continue;
            }
            let path = normal(&page.parent().unwrap().join(file));
            let to_come = PAGES_TO_COME.iter().any(|p| root().join(p) == path);
            if !path.exists() && !to_come {
                failures.push(format!(
                    "{}: no file for the link `{target}`",
                    page.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
