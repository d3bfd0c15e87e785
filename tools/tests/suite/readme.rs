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

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// README commands that are not run here, each with the reason. Every entry must still be in
/// the README (a stale entry fails), and is checked like a docs/ command.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "./run_tests.sh",
        "the whole suite, of which this test is a part",
    ),
    (
        "./run_tests.sh knights",
        "the runner builds the workspace with cargo, which inside `cargo test` would wait on the \
         build that runs this test; tools/tests/suite/runner.rs drives the runner's stages",
    ),
    (
        "cargo run --release --bin new -- my_game",
        "writes a problem into the tree; tools/tests/suite/new.rs runs `new` in scratch workspaces",
    ),
    (
        "cargo run --release --bin new -- --listen",
        "waits for Competitive Companion; tools/tests/suite/new.rs posts to the listener",
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
const TOOLS: &[(&str, &str)] = &[
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
const RUNNABLE: &[&str] = &[
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
fn is_setting(word: &str) -> bool {
    word.find('=').is_some_and(|at| at > 0)
}

/// The programs a command starts: the first word of each part of a pipe or a list (`cargo run`
/// for a `cargo run`, `cargo` for any other cargo command), after any `NAME=value` settings.
fn programs(command: &str) -> Vec<String> {
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
const HANG_GUARD: Duration = Duration::from_secs(300);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// One command of a manual: its text without a trailing comment, and where it was found.
#[derive(Debug)]
struct Listed {
    command: String,
    place: String,
}

/// The commands of the `sh` blocks of a Markdown text: one per line (a trailing `\` joins the
/// next line), comment lines and blank lines skipped, a trailing `# comment` cut.
fn sh_commands(text: &str, file: &str) -> Vec<Listed> {
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
fn strip_comment(line: &str) -> &str {
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
struct CargoRun {
    /// `--bin X` (false: `--example X`).
    bin: bool,
    /// `--manifest-path P`: a crate outside the workspace (the benchmarks'), not run here.
    external: bool,
    name: String,
    /// The byte range of `cargo run … [--]` in the command: what the binary's path replaces.
    span: std::ops::Range<usize>,
    /// The arguments passed to the program, up to the end of its part of a pipe or a list.
    args: Vec<String>,
}

/// The command's words with their byte offsets.
fn words(command: &str) -> Vec<(usize, &str)> {
    command
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - command.as_ptr() as usize, w))
        .collect()
}

/// Whether a word ends a program's arguments: a pipe, a list separator, a redirection.
fn ends_arguments(word: &str) -> bool {
    word.starts_with(['|', ';', '&', '<', '>']) || word.contains('>')
}

/// Every `cargo run` of a command. Only the forms the manual uses are accepted: `--release`,
/// `-q`/`--quiet`, `-p PACKAGE`, `--bin X` or `--example X`, then `--` and the arguments.
fn cargo_runs(command: &str) -> Result<Vec<CargoRun>, String> {
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

/// The problems' binaries: the `name = "…"` entries of problems/Cargo.toml's `bin` list.
fn problem_bins() -> BTreeSet<String> {
    let manifest = fs::read_to_string(root().join("problems/Cargo.toml")).unwrap();
    manifest
        .lines()
        .filter(|l| l.trim_start().starts_with("{ name = \""))
        .filter_map(|l| l.split('"').nth(1).map(str::to_string))
        .collect()
}

/// The examples: the lessons in lib/examples/ and the starters of problems/Cargo.toml.
fn examples() -> BTreeSet<String> {
    let mut names: BTreeSet<String> = fs::read_dir(root().join("lib/examples"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".rs").map(str::to_string)
        })
        .collect();
    let manifest = fs::read_to_string(root().join("problems/Cargo.toml")).unwrap();
    let mut in_example = false;
    for line in manifest.lines() {
        if line.starts_with('[') {
            in_example = line == "[[example]]";
        } else if in_example {
            if let Some(name) = line.strip_prefix("name = \"") {
                names.insert(name.trim_end_matches('"').to_string());
            }
        }
    }
    names
}

/// What `./run_tests.sh NAME`, `stress NAME` and `bundle NAME` accept: a problem, or a starter.
fn problem_names() -> BTreeSet<String> {
    let mut names: BTreeSet<String> = fs::read_dir(root().join("problems"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".rs").map(str::to_string)
        })
        .collect();
    names.extend(examples().into_iter().filter(|e| e.starts_with("starter")));
    names
}

/// The flags a tool's `--help` lists (for `grundy`, the subcommand's).
fn help_flags(tool: &str, subcommand: Option<&str>) -> BTreeSet<String> {
    let path = TOOLS.iter().find(|(name, _)| *name == tool).unwrap().1;
    let out = Command::new(path)
        .args(subcommand)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "{tool} {subcommand:?} --help");
    String::from_utf8(out.stdout)
        .unwrap()
        .split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == '<')
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(str::to_string)
        .collect()
}

/// What a command may name: binaries, examples, problems, and each tool's flags (read once).
struct Known {
    bins: BTreeSet<String>,
    examples: BTreeSet<String>,
    problems: BTreeSet<String>,
    flags: HashMap<(String, Option<String>), BTreeSet<String>>,
}

impl Known {
    fn new() -> Known {
        let mut bins = problem_bins();
        bins.extend(TOOLS.iter().map(|(name, _)| name.to_string()));
        Known {
            bins,
            examples: examples(),
            problems: problem_names(),
            flags: HashMap::new(),
        }
    }

    /// Checks what can be checked of a command without running it. `Err` says what is wrong.
    fn check(&mut self, command: &str) -> Result<(), String> {
        for run in cargo_runs(command)? {
            if run.external {
                continue;
            }
            let known = if run.bin { &self.bins } else { &self.examples };
            if !known.contains(&run.name) {
                return Err(format!("no binary or example `{}`", run.name));
            }
            if !run.bin || !TOOLS.iter().any(|(name, _)| *name == run.name) {
                continue;
            }
            let subcommand = match run.name.as_str() {
                "grundy" => run.args.first().cloned(),
                _ => None,
            };
            let flags = self
                .flags
                .entry((run.name.clone(), subcommand.clone()))
                .or_insert_with(|| help_flags(&run.name, subcommand.as_deref()));
            for arg in &run.args {
                let flag = arg.split('=').next().unwrap();
                if flag.starts_with("--") && !flags.contains(flag) {
                    return Err(format!("`{}` has no flag `{flag}`", run.name));
                }
            }
            let first = run.args.iter().find(|a| !a.starts_with('-'));
            if let (Some(name), "bundle" | "stress") = (first, run.name.as_str()) {
                if !self.problems.contains(name) {
                    return Err(format!("`{}`: no problem `{name}`", run.name));
                }
            }
        }
        let words: Vec<&str> = words(command).into_iter().map(|(_, w)| w).collect();
        for pair in words.windows(2) {
            let problem = pair[0] == "./run_tests.sh" && !ends_arguments(pair[1]);
            if problem && !self.problems.contains(pair[1]) {
                return Err(format!("`./run_tests.sh`: no problem `{}`", pair[1]));
            }
            let read = matches!(pair[0], "<" | "--manifest-path");
            if read && !root().join(pair[1]).exists() {
                return Err(format!("no file `{}`", pair[1]));
            }
            let bench = pair[0] == "--bench";
            if bench
                && !root()
                    .join(format!("tools/benches/{}.rs", pair[1]))
                    .exists()
            {
                return Err(format!("no benchmark `{}` in tools/benches/", pair[1]));
            }
        }
        Ok(())
    }
}

/// The folder where a `cargo run` of the given binary or example finds what cargo built here.
fn built_path(bin: bool, name: &str) -> PathBuf {
    if let Some((_, path)) = TOOLS.iter().find(|(tool, _)| *tool == name).filter(|_| bin) {
        return PathBuf::from(path);
    }
    let profile_dir = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    if bin {
        profile_dir.join(name)
    } else {
        profile_dir.join("examples").join(name)
    }
}

/// Builds the problems' binaries and examples the commands need that this target folder lacks
/// (`./run_tests.sh` has built them all; a lone `cargo test -p tools` has not).
fn build_missing(runs: &[&CargoRun]) {
    let missing: BTreeSet<(bool, &str)> = runs
        .iter()
        .filter(|r| !r.external && !built_path(r.bin, &r.name).exists())
        .map(|r| (r.bin, r.name.as_str()))
        .collect();
    if missing.is_empty() {
        return;
    }
    let profile_dir = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    let target_dir = profile_dir.parent().unwrap();
    let mut cargo = Command::new(env!("CARGO"));
    cargo.current_dir(root()).arg("build").arg("--quiet");
    if profile_dir.ends_with("release") {
        cargo.arg("--release");
    }
    for (bin, name) in &missing {
        let package = if !bin && !name.starts_with("starter") {
            "grundy"
        } else {
            "problems"
        };
        cargo
            .args(["-p", package])
            .arg(if *bin { "--bin" } else { "--example" })
            .arg(name);
    }
    let status = cargo.env("CARGO_TARGET_DIR", target_dir).status().unwrap();
    assert!(status.success(), "cargo could not build {missing:?}");
}

/// A scratch folder whose entries are links to the workspace's, so that a command reads the
/// workspace's files by their relative paths and writes its own files here.
fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for entry in fs::read_dir(root()).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name != "target" && name != ".git" {
            std::os::unix::fs::symlink(entry.path(), dir.join(&name)).unwrap();
        }
    }
    dir
}

/// Runs `command` in `dir` by bash (with `pipefail`, so every program of a pipe must succeed),
/// each `cargo run` replaced by the binary it runs. Returns its standard output.
fn run(command: &str, dir: &Path) -> Result<String, String> {
    let mut text = command.to_string();
    let mut runs = cargo_runs(command)?;
    runs.sort_by_key(|r| std::cmp::Reverse(r.span.start));
    for run in &runs {
        if run.external {
            return Err("a crate outside the workspace: list it in NOT_RUN".to_string());
        }
        let path = built_path(run.bin, &run.name);
        text.replace_range(
            run.span.clone(),
            &crate::shell_word(&path.display().to_string()),
        );
    }
    let mut child = Command::new("bash")
        .args(["-o", "pipefail", "-c", &text])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            return Err(format!("still running after {HANG_GUARD:?}: `{text}`"));
        }
        sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    if !out.status.success() {
        return Err(format!(
            "`{text}` exited with {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

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
