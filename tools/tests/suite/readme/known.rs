//! What a manual's command may name: the problems' binaries, the examples, the problems and
//! starters, each tool's flags (read once from its `--help`).

use super::*;

/// The problems' binaries: the `name = "…"` entries of problems/Cargo.toml's `bin` list.
pub(super) fn problem_bins() -> BTreeSet<String> {
    let manifest = fs::read_to_string(root().join("problems/Cargo.toml")).unwrap();
    manifest
        .lines()
        .filter(|l| l.trim_start().starts_with("{ name = \""))
        .filter_map(|l| l.split('"').nth(1).map(str::to_string))
        .collect()
}

/// The examples: the lessons in lib/examples/ and the starters of problems/Cargo.toml.
pub(super) fn examples() -> BTreeSet<String> {
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
pub(super) fn problem_names() -> BTreeSet<String> {
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
pub(super) fn help_flags(tool: &str, subcommand: Option<&str>) -> BTreeSet<String> {
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
pub(super) struct Known {
    pub(super) bins: BTreeSet<String>,
    pub(super) examples: BTreeSet<String>,
    pub(super) problems: BTreeSet<String>,
    pub(super) flags: HashMap<(String, Option<String>), BTreeSet<String>>,
}

impl Known {
    pub(super) fn new() -> Known {
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
    pub(super) fn check(&mut self, command: &str) -> Result<(), String> {
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
