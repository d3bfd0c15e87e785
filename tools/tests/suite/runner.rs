//! The regression runner tells the truth, and nothing a case does can hang it, fill the disk or
//! make it run a stale binary: each finding of the adversarial review is planted here, with
//! shell scripts and tiny programs as the "binaries".
//!
//! One file a topic: `verdicts` (planted cases, CPU-time and memory limits, capped output),
//! `builds` (what is built and checked before anything runs, unit tests, checkers, old
//! rustc), `processes` (a hostile program's process tree, memory and signals); the shared
//! scratch folders and runs here.

mod builds;
mod processes;
mod verdicts;

pub(crate) use processes::assert_all_ended;

use runner::cases::{self, judge_run};
use runner::report::Verdict;
use sandbox::exec::{self, Ended, Input};
use sandbox::limits::{case_limit, timeout_setting, CaseLimits, DEFAULT_SECONDS};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn scratch(tag: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("runner-{}-{}", tag, std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

/// A shell script as a program.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn run(program: &Path, input: &[u8], limit_ms: u64, cap: usize) -> exec::Run {
    exec::run(
        program,
        &[],
        Input::Bytes(input),
        Duration::from_millis(limit_ms),
        cap,
    )
    .unwrap()
}
