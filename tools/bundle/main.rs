//! `bundle`: turns a problem of this workspace into one Rust file that pastes into a judge.
//!
//! ```text
//! cargo run --release --bin bundle -- pegostripes > submit.rs                # SPOJ, DMOJ, Codeforces…
//! cargo run --release --bin bundle -- pegostripes --judge atcoder > submit.rs  # keeps proconio
//! ```
//!
//! The file holds the problem's code, then `mod grundy` with exactly the library modules it
//! uses, followed transitively through `crate::…` paths, with the library's tests and doc
//! comments left out. For plain judges, proconio's tokenizer is replaced by a std-only module
//! that splits input the same way; `--judge atcoder` keeps the crate, which AtCoder ships.
//!
//! This is a small bundler for this workspace's own layout, not a Rust parser: see
//! `source.rs` for the conventions it relies on. What it cannot follow it refuses by name.

// Compiled here only so its tests compare it with proconio; it is emitted as text.
#[cfg_attr(not(test), allow(dead_code))]
mod proconio_shim;
mod source;

use clap::{Parser, ValueEnum};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The library crate's name, as problems write it in paths.
const LIB: &str = "grundy";
/// The std-only replacement for proconio's tokenizer.
const PROCONIO_SHIM: &str = include_str!("proconio_shim.rs");
/// SPOJ's limit on a submission's size, the smallest among the judges we target.
const SIZE_LIMIT: usize = 50_000;

#[derive(Parser)]
#[command(
    name = "bundle",
    about = "One self-contained Rust file for a problem of this workspace"
)]
struct Cli {
    /// The problem's name: a file problems/NAME.rs.
    name: String,
    /// The judge the file is for: `plain` uses std only; `atcoder` keeps proconio and itertools.
    #[arg(long, value_enum, default_value_t = Judge::Plain)]
    judge: Judge,
    /// The workspace's root (default: the one this bundler was built from).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Judge {
    Plain,
    Atcoder,
}

/// What `lib/lib.rs` declares: its modules and the items it re-exports at the root.
struct Library {
    dir: PathBuf,
    modules: BTreeSet<String>,
    /// Re-exported name → (module it comes from, the `pub use` line).
    reexports: BTreeMap<String, (String, String)>,
}

impl Library {
    fn load(root: &Path) -> Result<Self, String> {
        let dir = root.join("lib");
        let text = read(&dir.join("lib.rs"))?;
        let modules = source::file_modules(&text).into_iter().collect();
        let mut reexports = BTreeMap::new();
        for line in text.lines().filter(|l| l.starts_with("pub use crate::")) {
            let module = source::names_after(line, "crate::")
                .into_iter()
                .next()
                .unwrap_or_default();
            let items = line.trim_end_matches(';').rsplit("::").next().unwrap_or("");
            for item in items.trim_matches(|c| c == '{' || c == '}').split(',') {
                reexports.insert(item.trim().to_string(), (module.clone(), line.to_string()));
            }
        }
        Ok(Library {
            dir,
            modules,
            reexports,
        })
    }

    /// The module that provides `name`, a module or a root re-export.
    fn module_of(&self, name: &str, user: &str) -> Result<String, String> {
        if self.modules.contains(name) {
            Ok(name.to_string())
        } else if let Some((module, _)) = self.reexports.get(name) {
            Ok(module.clone())
        } else {
            Err(format!("{user} uses `{name}`, which is neither a module of lib/ nor re-exported by lib/lib.rs"))
        }
    }

    /// The module's code with its folder's files inlined, tests and docs stripped.
    fn module_text(&self, name: &str) -> Result<String, String> {
        let file = self.dir.join(format!("{name}.rs"));
        if file.exists() {
            return Ok(source::strip_tests_and_docs(&read(&file)?));
        }
        let folder = self.dir.join(name);
        let mut text = source::strip_tests_and_docs(&read(&folder.join("mod.rs"))?);
        for sub in source::file_modules(&text) {
            let body = source::strip_tests_and_docs(&read(&folder.join(format!("{sub}.rs")))?);
            let declaration = text
                .lines()
                .find(|l| source::file_modules(l) == [sub.clone()])
                .expect("file_modules found it")
                .to_string();
            let inline = format!(
                "{} {{\n{}}}",
                declaration.trim_end_matches(';'),
                source::indent(&body, 4)
            );
            text = text.replacen(&declaration, &inline, 1);
        }
        Ok(text)
    }
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn known_problems(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(root.join("problems"))
        .map(|dir| {
            dir.filter_map(|e| {
                e.ok()?
                    .file_name()
                    .into_string()
                    .ok()?
                    .strip_suffix(".rs")
                    .map(str::to_string)
            })
            .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The bundled source of problem `name`.
fn bundle(root: &Path, name: &str, judge: Judge) -> Result<String, String> {
    let known = known_problems(root);
    if !known.iter().any(|k| k == name) {
        return Err(format!(
            "unknown problem `{name}`; the problems are: {}",
            known.join(", ")
        ));
    }
    let problem =
        source::strip_tests_and_docs(&read(&root.join("problems").join(format!("{name}.rs")))?);
    if judge == Judge::Plain {
        for krate in ["proconio", "itertools"] {
            if problem.contains(&format!("{krate}::")) {
                return Err(format!(
                    "problems/{name}.rs uses {krate} directly, which plain judges lack: read input through {LIB}::input, or bundle with --judge atcoder"
                ));
            }
        }
    }
    let library = Library::load(root)?;
    // Follow `grundy::` paths from the problem, then `crate::` paths between modules.
    let mut pending: Vec<String> = Vec::new();
    for used in source::names_after(&problem, &format!("{LIB}::")) {
        pending.push(library.module_of(&used, &format!("problems/{name}.rs"))?);
    }
    let mut modules: BTreeMap<String, String> = BTreeMap::new();
    while let Some(module) = pending.pop() {
        if modules.contains_key(&module) {
            continue;
        }
        let text = library.module_text(&module)?;
        for used in source::names_after(&text, "crate::") {
            pending.push(library.module_of(&used, &format!("lib module `{module}`"))?);
        }
        modules.insert(module, text);
    }
    Ok(assemble(name, &problem, &library, &modules, judge))
}

fn assemble(
    name: &str,
    problem: &str,
    library: &Library,
    modules: &BTreeMap<String, String>,
    judge: Judge,
) -> String {
    let in_library = |text: &str| {
        let text = text.replace("crate::", &format!("crate::{LIB}::"));
        match judge {
            Judge::Plain => text.replace("proconio::", "crate::proconio::"),
            Judge::Atcoder => text,
        }
    };
    let names: Vec<&str> = modules.keys().map(String::as_str).collect();
    let mut out = format!(
        "// {name}: bundled by `cargo run --bin bundle -- {name}` from problems/{name}.rs and lib/ ({}).\n\
         #![allow(dead_code, unused_imports)]\n\n{problem}\n\
         // The parts of the workspace's library this problem uses.\npub mod {LIB} {{\n",
        names.join(", ")
    );
    for (module, text) in modules {
        out += &format!(
            "    pub mod {module} {{\n{}    }}\n\n",
            source::indent(&in_library(text), 8)
        );
    }
    let reexports: BTreeSet<&String> = library
        .reexports
        .values()
        .filter(|(module, _)| modules.contains_key(module))
        .map(|(_, line)| line)
        .collect();
    for line in reexports {
        out += &format!("    {}\n", in_library(line));
    }
    out += "}\n";
    let uses_proconio = modules.values().any(|t| t.contains("proconio::"));
    if judge == Judge::Plain && uses_proconio {
        let shim = source::strip_tests_and_docs(PROCONIO_SHIM);
        out += &format!(
            "\n// A std-only stand-in for proconio's tokenizer.\nmod proconio {{\n{}}}\n",
            source::indent(&shim, 4)
        );
    }
    out
}

fn main() {
    let cli = Cli::parse();
    let root = cli
        .root
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    match bundle(&root, &cli.name, cli.judge) {
        Ok(text) => {
            if text.len() >= SIZE_LIMIT {
                eprintln!(
                    "warning: {} bytes, over SPOJ's limit of {SIZE_LIMIT}",
                    text.len()
                );
            }
            print!("{text}");
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    #[test]
    fn bundles_only_what_the_problem_uses() {
        let text = bundle(&root(), "mmmgame", Judge::Plain).unwrap();
        for wanted in [
            "pub mod input {",
            "pub mod nim {",
            "pub mod outcome {",
            "mod proconio {",
        ] {
            assert!(text.contains(wanted), "missing {wanted}");
        }
        for unwanted in [
            "pub mod octal {",
            "pub mod knights {",
            "#[cfg(test)]",
            "/// ",
            "//! ",
        ] {
            assert!(!text.contains(unwanted), "has {unwanted}");
        }
        assert!(!text.contains(" proconio::") && text.contains("crate::proconio::source"));
    }

    #[test]
    fn follows_modules_transitively_and_inlines_folders() {
        let text = bundle(&root(), "pegostripes", Judge::Plain).unwrap();
        for wanted in [
            "pub mod strips {",
            "pub mod octal {",
            "mod code {",
            "mod rare {",
            "pub mod periodicity {",
            "pub mod mex {",
        ] {
            assert!(text.contains(wanted), "missing {wanted}");
        }
        assert!(text.len() < SIZE_LIMIT, "{} bytes", text.len());
    }

    #[test]
    fn atcoder_keeps_the_crates() {
        let text = bundle(&root(), "knights", Judge::Atcoder).unwrap();
        assert!(!text.contains("mod proconio {") && text.contains("use proconio::source"));
    }

    #[test]
    fn refuses_what_it_cannot_follow() {
        let err = bundle(&root(), "nosuch", Judge::Plain).unwrap_err();
        assert!(
            err.contains("unknown problem `nosuch`") && err.contains("pegostripes"),
            "{err}"
        );
        let library = Library::load(&root()).unwrap();
        let err = library
            .module_of("frobnicate", "problems/x.rs")
            .unwrap_err();
        assert!(err.contains("`frobnicate`"), "{err}");
        assert_eq!(library.module_of("Outcome", "x").unwrap(), "outcome");
    }
}
