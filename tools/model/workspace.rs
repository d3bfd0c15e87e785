//! The workspace as the tools see it: its root, its problems (the files `problems/NAME.rs`),
//! and its manifest `problems/Cargo.toml`, read once ([`Workspace::load`]) and handed to the
//! runner, the bundler, `stress` and `new`.

use crate::manifest::{checker_bin, Manifest, Meta};
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace this tool was built from.
pub fn default_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("tools/model/ lies in the workspace")
        .to_path_buf()
}

/// The problems: every `problems/NAME.rs`, sorted.
pub fn problems(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(root.join("problems"))
        .map(|dir| {
            dir.filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                name.strip_suffix(".rs").map(str::to_string)
            })
            .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// `Ok` if `name` is a problem of the workspace, else an error listing the problems.
pub fn check_problem(root: &Path, name: &str) -> Result<(), String> {
    let known = problems(root);
    if known.iter().any(|k| k == name) {
        Ok(())
    } else {
        Err(format!(
            "unknown problem `{}`; the problems are: {}",
            name,
            known.join(", ")
        ))
    }
}

/// Names a problem may not take, though they are well formed: the workspace's crates and
/// tools, Rust's own crates and `main`/`test`, the crates a problem may use; the directories
/// Cargo makes beside the binaries in `target/<profile>/` (a binary of that name breaks every
/// build), its profiles and output directories; Windows' device names. Names beginning with
/// `starter` are the starters' (see [`check_name`]).
const RESERVED: &[&str] = &[
    "grundy",
    "judge",
    "testkit",
    "tools",
    "problems",
    "bundle",
    "new",
    "stress",
    "runner",
    "main",
    "std",
    "core",
    "alloc",
    "proc_macro",
    "test",
    "proconio",
    "itertools",
    "build",
    "deps",
    "examples",
    "incremental",
    "doc",
    "target",
    "debug",
    "release",
    "package",
    "tmp",
    "con",
    "prn",
    "aux",
    "nul",
    "com1",
    "com2",
    "com3",
    "com4",
    "com5",
    "com6",
    "com7",
    "com8",
    "com9",
    "lpt1",
    "lpt2",
    "lpt3",
    "lpt4",
    "lpt5",
    "lpt6",
    "lpt7",
    "lpt8",
    "lpt9",
];

/// `Ok` if `name` may name a problem: a lowercase letter, then lowercase letters, digits and
/// underscores, at most 40 characters; not a reserved name (`RESERVED`) and not a starter's
/// (`starter*`). The one check of a problem's name, for `new`, the runner and the tests.
///
/// ```
/// use model::workspace::check_name;
/// assert!(check_name("abc300_a").is_ok());
/// assert!(check_name("build").unwrap_err().contains("reserved")); // target/debug/build is Cargo's
/// assert!(check_name("Nim").unwrap_err().contains("not a valid problem name"));
/// ```
///
/// # Errors
/// One line saying why, naming `name`.
pub fn check_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let rest_ok = chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !first_ok || !rest_ok || name.len() > 40 {
        return Err(format!(
            "`{name}` is not a valid problem name: use a lowercase letter, then lowercase letters, digits or `_` (at most 40)"
        ));
    }
    if RESERVED.contains(&name) || name.starts_with("starter") {
        return Err(format!(
            "`{name}` is reserved (taken by the workspace, Cargo's target directory, a crate or the platform); choose another name"
        ));
    }
    Ok(())
}

/// The workspace at a root, its manifest read once: what the tools pass around instead of
/// reading `problems/Cargo.toml` per problem.
pub struct Workspace {
    root: PathBuf,
    manifest: Manifest,
}

impl Workspace {
    /// Reads the workspace at `root`: its manifest, `root/problems/Cargo.toml`.
    ///
    /// # Errors
    /// The manifest cannot be read or is not TOML.
    pub fn load(root: &Path) -> Result<Workspace, String> {
        Ok(Workspace {
            root: root.to_path_buf(),
            manifest: Manifest::read(root)?,
        })
    }

    /// The workspace's root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The manifest, as read.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The metadata of problem `name` ([`Manifest::meta`]); a declared checker's file
    /// `problems/checkers/NAME.rs` must exist too.
    ///
    /// # Errors
    /// No entry, a bad entry, or a declared checker without its file.
    pub fn meta(&self, name: &str) -> Result<Meta, String> {
        let meta = self.manifest.meta(name)?;
        let file = checker_bin(name).1;
        if meta.checker && !self.root.join("problems").join(&file).is_file() {
            return Err(format!(
                "problems/Cargo.toml: problem `{name}`: `checker` is true but problems/{file} is missing"
            ));
        }
        Ok(meta)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checker_needs_its_bin_line_and_its_file() {
        let text = "bin = [\n    { name = \"p\", path = \"p.rs\" },\n    { name = \"p-checker\", path = \"checkers/p.rs\", test = false },\n]\n\n[package.metadata.problems]\np = { judge = \"codeforces\", checker = true }\nq = { judge = \"spoj\", checker = false }\n";
        let manifest = Manifest::parse(text).unwrap();
        assert!(manifest.meta("p").unwrap().checker);
        assert!(!manifest.meta("q").unwrap().checker);
        let both = text.replace("checker = true", "checker = true, interactive = true");
        assert_eq!(
            Manifest::parse(&both).unwrap().meta("p").unwrap_err(),
            "problems/Cargo.toml: problem `p`: `checker` is true for an interactive problem (its jury judges)"
        );
        let root = std::env::temp_dir().join(format!("workspace-checker-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("problems/checkers")).unwrap();
        fs::write(root.join("problems/Cargo.toml"), text).unwrap();
        let err = Workspace::load(&root).unwrap().meta("p").unwrap_err();
        assert_eq!(
            err,
            "problems/Cargo.toml: problem `p`: `checker` is true but problems/checkers/p.rs is missing"
        );
        fs::write(root.join("problems/checkers/p.rs"), "fn main() {}").unwrap();
        assert!(Workspace::load(&root).unwrap().meta("p").unwrap().checker);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn every_problem_of_the_workspace_declares_a_judge() {
        let root = default_root();
        let workspace = Workspace::load(&root).unwrap();
        for name in problems(&root) {
            // The judge is required: an entry without one is an error here.
            workspace.meta(&name).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn names() {
        assert!(check_name("mmmgame").is_ok());
        assert!(check_name("abc123_a").is_ok());
        for bad in ["", "1abc", "Abc", "a-b", "a b", "../x", "new", "grundy"] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        let root = default_root();
        assert!(problems(&root).contains(&"knights".to_string()));
        assert!(check_problem(&root, "nosuch")
            .unwrap_err()
            .contains("knights"));
    }

    #[test]
    fn reserved_and_invalid_names_are_refused() {
        for good in ["nim", "abc300_a", "cf1234b2", "builder", "starte"] {
            assert_eq!(check_name(good), Ok(()), "{good}");
        }
        for reserved in [
            "build",
            "deps",
            "examples",
            "incremental",
            "doc",
            "target",
            "debug",
            "release",
            "proconio",
            "con",
            "lpt1",
            "starter",
            "starter_queries",
            "new",
            "grundy",
        ] {
            let why = check_name(reserved).unwrap_err();
            assert!(why.contains("reserved"), "{why}");
        }
        for bad in ["Bad", "a\nb", "a b", "../x", "", &"a".repeat(41)] {
            let why = check_name(bad).unwrap_err();
            assert!(why.contains("not a valid problem name"), "{bad}: {why}");
        }
        // Every problem of the workspace passes the check `new` made.
        for name in problems(&default_root()) {
            assert_eq!(check_name(&name), Ok(()), "{name}");
        }
    }
}
