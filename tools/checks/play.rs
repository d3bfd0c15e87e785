//! `play`: any program against an interactive problem's jury, one dialogue, its transcript
//! shown. The jury is the one the problem's tests derive from its game (testkit's
//! `interactive`), reached as the runner reaches it: the problem's test binary, built optimised
//! (as `stress` builds it), runs its ignored test `tests::interactor` with the settings below in
//! its environment. This module builds what a dialogue needs and reads back what it said.

use crate::stress::{self, Target};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The program that plays against the jury.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    /// A shell command (`sh -c`): a program of any language, a script, a friend's binary.
    Command(String),
    /// An executable.
    Binary(PathBuf),
}

/// The problem's jury: its test binary, built optimised.
///
/// # Errors
/// If the build fails.
pub fn jury(root: &Path, name: &str) -> Result<PathBuf, String> {
    stress::build(root, &Target::Problem(name.to_string()))
}

/// One dialogue to play.
#[derive(Clone, Debug)]
pub struct Session<'a> {
    /// The program.
    pub program: &'a Program,
    /// The jury's strategy (`perfect`, `adversarial`, `random`, `greedy`), or `None`: perfect
    /// where the jury can search the starts, else greedy.
    pub strategy: Option<&'a str>,
    /// The seed of the random and greedy juries, and of drawn starts.
    pub seed: u64,
    /// A case file holding the starts, else starts drawn from the seed at `size`.
    pub start: Option<&'a Path>,
    /// The size of drawn starts (default: the problem's own).
    pub size: Option<u64>,
    /// The program's time for the whole dialogue.
    pub limit: Duration,
}

/// What a dialogue came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The jury's line: `AC`, or the tag and the reason.
    pub verdict: String,
    /// Whether the program was accepted.
    pub accepted: bool,
    /// The dialogue: `> ` the jury's lines, `< ` the program's, `# ` the jury's notes.
    pub transcript: String,
}

/// Plays `game` through the jury in `tester` (files in `scratch`).
///
/// # Errors
/// The jury's refusal (a bad setting, or a searching strategy asked for a start past its
/// search), in one line.
pub fn play(tester: &Path, game: &Session, scratch: &Path) -> Result<Played, String> {
    std::fs::create_dir_all(scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let report = scratch.join("play.report");
    let transcript = scratch.join("play.txt");
    let _ = std::fs::remove_file(&report);
    let _ = std::fs::remove_file(&transcript);
    let mut command = Command::new(tester);
    command
        .args([
            "--ignored",
            "--exact",
            "tests::interactor",
            "--nocapture",
            "--quiet",
        ])
        .env("INTERACT_REPORT", &report)
        .env("INTERACT_TRANSCRIPT", &transcript)
        .env("INTERACT_LIMIT", game.limit.as_secs_f64().to_string())
        .env("INTERACT_STRATEGY", game.strategy.unwrap_or("auto"))
        .env("INTERACT_SEED", game.seed.to_string());
    for key in [
        "INTERACT_PROGRAM",
        "INTERACT_COMMAND",
        "INTERACT_CASE",
        "INTERACT_SIZE",
    ] {
        command.env_remove(key);
    }
    match game.program {
        Program::Command(line) => command.env("INTERACT_COMMAND", line),
        Program::Binary(path) => command.env("INTERACT_PROGRAM", absolute(path)),
    };
    if let Some(start) = game.start {
        command.env("INTERACT_CASE", absolute(start));
    }
    if let Some(size) = game.size {
        command.env("INTERACT_SIZE", size.to_string());
    }
    let out = command
        .output()
        .map_err(|e| format!("cannot run {}: {e}", tester.display()))?;
    let line = std::fs::read_to_string(&report).unwrap_or_default();
    // `TAG MILLISECONDS REASON`, as the runner reads it.
    let parsed = runner::interactive::parse_report(&line).map(|(_, _, reason)| {
        let tag = line.split(' ').next().unwrap_or("").to_string();
        (tag, reason)
    });
    let (tag, reason) = match parsed {
        Some(parsed) => parsed,
        None => {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let said = stderr
                .lines()
                .find(|l| l.starts_with("error: "))
                .map(|l| l.trim_start_matches("error: ").to_string())
                .unwrap_or_else(|| format!("the jury ended with {} and no verdict", out.status));
            return Err(said);
        }
    };
    Ok(Played {
        verdict: if reason.is_empty() {
            tag.to_string()
        } else {
            format!("{tag} {reason}")
        },
        accepted: tag == "AC",
        transcript: std::fs::read_to_string(&transcript).unwrap_or_default(),
    })
}

fn absolute(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}
