//! The manuals' commands: the `sh` blocks' lines, the programs each starts, the `cargo run`s
//! it makes; which README commands are not run here, and why.

use super::*;

/// README commands that are not run here, each with the reason. Every entry must still be in
/// the README (a stale entry fails), and is checked like a docs/ command.
pub(super) const NOT_RUN: &[(&str, &str)] = &[
    (
        "./run_tests.sh",
        "the whole suite, of which this test is a part",
    ),
    (
        "./run_tests.sh knights",
        "the runner builds the workspace with cargo, which inside `cargo test` would wait on the \
         build that runs this test; tools/tests/suite/runner/ drives the runner's stages",
    ),
    (
        "cargo run --release --bin new -- my_game",
        "writes a problem into the tree; tools/tests/suite/new/ runs `new` in scratch workspaces",
    ),
    (
        "cargo run --release --bin new -- --listen",
        "waits for Competitive Companion; tools/tests/suite/new/listen.rs posts to the listener",
    ),
    (
        "cargo run --release --bin stress -- knights --reference 'python3 ref.py' --max",
        "needs a reference program of the reader's; tools/tests/suite/compare.rs runs --reference \
         against a wrong shell reference, a Python one and the bundle, --max included",
    ),
    (
        "cargo run --release --bin stress -- knights --seconds 60",
        "a minute long, and builds the problem's test binary with cargo; tools/tests/suite/interactive.rs \
         builds and runs stress targets, tools/tests/suite/hardening.rs its refusals",
    ),
    (
        "cargo run --release --bin play -- abc278g --start testcases/abc278g/max-limits.in --strategy random",
        "builds the problem and its test binary with cargo; tools/tests/suite/interactive.rs plays \
         ABC278 G at N = 2000 through `play`'s library",
    ),
];

/// The tools' binaries, built by cargo for this test crate.
pub(super) const TOOLS: &[(&str, &str)] = &[
    ("bundle", env!("CARGO_BIN_EXE_bundle")),
    ("grundy", env!("CARGO_BIN_EXE_grundy")),
    ("new", env!("CARGO_BIN_EXE_new")),
    ("play", env!("CARGO_BIN_EXE_play")),
    ("runner", env!("CARGO_BIN_EXE_runner")),
    ("stress", env!("CARGO_BIN_EXE_stress")),
];

/// The programs a README command may start to be run here: `cargo run` (of a binary cargo has
/// built) and shell utilities that only read, or write to the scratch folder. Anything else
/// (`./run_tests.sh`, `cargo test`, `bash .ci/run`) is listed in [`NOT_RUN`].
pub(super) const RUNNABLE: &[&str] = &[
    "cargo run",
    "printf",
    "echo",
    "cat",
    "head",
    "tail",
    "wc",
    "cmp",
    "diff",
    "grep",
    "cut",
];

/// Whether a word sets a variable for the program after it (`TIMEOUT=2`).
pub(super) fn is_setting(word: &str) -> bool {
    word.find('=').is_some_and(|at| at > 0)
}

/// The programs a command starts: the first word of each part of a pipe or a list (`cargo run`
/// for a `cargo run`, `cargo` for any other cargo command), after any `NAME=value` settings.
pub(super) fn programs(command: &str) -> Vec<String> {
    let mut programs = Vec::new();
    let mut at_start = true;
    let words = words(command);
    for (i, &(_, word)) in words.iter().enumerate() {
        if matches!(word, "|" | ";" | "&&" | "||") {
            at_start = true;
        } else if at_start && !is_setting(word) {
            let next = words.get(i + 1).map(|&(_, w)| w);
            programs.push(match (word, next) {
                ("cargo", Some("run")) => "cargo run".to_string(),
                _ => word.to_string(),
            });
            at_start = false;
        }
        if word.ends_with(';') {
            at_start = true;
        }
    }
    programs
}

/// A hang guard, far above any command's time: a command never waits for input it will not get.
pub(super) const HANG_GUARD: Duration = Duration::from_secs(300);

pub(super) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// One command of a manual: its text without a trailing comment, and where it was found.
#[derive(Debug)]
pub(super) struct Listed {
    pub(super) command: String,
    pub(super) place: String,
}

/// The commands of the `sh` blocks of a Markdown text: one per line (a trailing `\` joins the
/// next line), comment lines and blank lines skipped, a trailing `# comment` cut.
pub(super) fn sh_commands(text: &str, file: &str) -> Vec<Listed> {
    let mut commands = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(info) = trimmed.strip_prefix("```") {
            in_sh = !in_sh && matches!(info.trim(), "sh" | "bash" | "shell" | "console");
            continue;
        }
        if !in_sh || trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let command = strip_comment(trimmed);
        if let Some(head) = command.strip_suffix('\\') {
            pending.push_str(head);
            continue;
        }
        pending.push_str(command);
        commands.push(Listed {
            command: std::mem::take(&mut pending).trim().to_string(),
            place: format!("{}:{}", file, number + 1),
        });
    }
    assert!(!in_sh, "{file}: an `sh` block is not closed");
    commands
}

/// `line` without a trailing `# comment` (a `#` after whitespace, outside quotes).
pub(super) fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'') | (None, '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return line[..i].trim_end(),
            _ => {}
        }
        previous = c;
    }
    line.trim_end()
}

/// A `cargo run` that a command makes: which binary or example, and where its text is.
#[derive(Debug, PartialEq)]
pub(super) struct CargoRun {
    /// `--bin X` (false: `--example X`).
    pub(super) bin: bool,
    /// `--manifest-path P`: a crate outside the workspace (the benchmarks'), not run here.
    pub(super) external: bool,
    pub(super) name: String,
    /// The byte range of `cargo run … [--]` in the command: what the binary's path replaces.
    pub(super) span: std::ops::Range<usize>,
    /// The arguments passed to the program, up to the end of its part of a pipe or a list.
    pub(super) args: Vec<String>,
}

/// The command's words with their byte offsets.
pub(super) fn words(command: &str) -> Vec<(usize, &str)> {
    command
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - command.as_ptr() as usize, w))
        .collect()
}

/// Whether a word ends a program's arguments: a pipe, a list separator, a redirection.
pub(super) fn ends_arguments(word: &str) -> bool {
    word.starts_with(['|', ';', '&', '<', '>']) || word.contains('>')
}

/// Every `cargo run` of a command. Only the forms the manual uses are accepted: `--release`,
/// `-q`/`--quiet`, `-p PACKAGE`, `--bin X` or `--example X`, then `--` and the arguments.
pub(super) fn cargo_runs(command: &str) -> Result<Vec<CargoRun>, String> {
    let words = words(command);
    let mut runs = Vec::new();
    let mut i = 0;
    while i + 1 < words.len() {
        if (words[i].1, words[i + 1].1) != ("cargo", "run") {
            i += 1;
            continue;
        }
        let start = words[i].0;
        let mut end = words[i + 1].0 + 3;
        let mut target = None;
        let mut external = false;
        let mut args = Vec::new();
        i += 2;
        while i < words.len() && !ends_arguments(words[i].1) {
            let (at, word) = words[i];
            match word {
                "--release" | "-q" | "--quiet" => {}
                "-p" | "--bin" | "--example" | "--manifest-path" => {
                    let (value_at, value) = *words
                        .get(i + 1)
                        .ok_or_else(|| format!("`{word}` without a value in `{command}`"))?;
                    match word {
                        "--bin" | "--example" => {
                            target = Some((word == "--bin", value.to_string()))
                        }
                        "--manifest-path" => external = true,
                        _ => {}
                    }
                    end = value_at + value.len();
                    i += 2;
                    continue;
                }
                "--" => {
                    end = at + 2;
                    i += 1;
                    while i < words.len() && !ends_arguments(words[i].1) {
                        let word = words[i].1;
                        let last = word.ends_with(';');
                        args.push(word.trim_end_matches(';').to_string());
                        i += 1;
                        if last {
                            break;
                        }
                    }
                    break;
                }
                other => {
                    return Err(format!(
                        "`cargo run` with `{other}`, a form this test does not know"
                    ))
                }
            }
            end = at + word.len();
            i += 1;
        }
        let (bin, name) = match target {
            Some(target) => target,
            None if external => (true, String::new()),
            None => return Err("`cargo run` without --bin or --example".to_string()),
        };
        runs.push(CargoRun {
            bin,
            external,
            name,
            span: start..end,
            args,
        });
    }
    Ok(runs)
}
