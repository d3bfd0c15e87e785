//! The workspace as the tools see it: its root, its problems, and what each problem declares in
//! `problems/Cargo.toml` (`[package.metadata.problems]`: judge, url, time and memory limits),
//! read here only ([`Manifest`]): its bins, its starters and its metadata.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace this tool was built from.
pub fn default_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tools/ lies in the workspace")
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

/// Whether `name` may name a problem: a lowercase letter, then lowercase letters, digits and
/// underscores, at most 40 characters, and not a name the workspace uses for something else.
pub fn valid_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let rest_ok = chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !first_ok || !rest_ok || name.len() > 40 {
        return Err(format!(
            "`{name}` is not a valid problem name: use a lowercase letter, then lowercase letters, digits or `_` (at most 40)"
        ));
    }
    const TAKEN: [&str; 13] = [
        "grundy", "judge", "testkit", "tools", "problems", "bundle", "new", "stress", "runner",
        "main", "std", "core", "test",
    ];
    if TAKEN.contains(&name) {
        return Err(format!(
            "`{name}` is taken by the workspace; choose another name"
        ));
    }
    Ok(())
}

/// What a problem declares about itself: its entry in `problems/Cargo.toml`'s
/// `[package.metadata.problems]` table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Meta {
    /// The judge profile's name, one of [`crate::judges::JUDGES`] (always present once read).
    pub judge: Option<String>,
    /// The problem's page.
    pub url: Option<String>,
    /// The judge's time limit in seconds (a declared 0, Competitive Companion's "unknown", is
    /// `None`).
    pub time_limit: Option<f64>,
    /// The judge's memory limit in MiB (a declared 0 is `None`).
    pub memory_limit: Option<u64>,
    /// Whether the judge talks with the program while it runs.
    pub interactive: bool,
    /// Whether the problem has a checker, the binary `NAME-checker` of
    /// `problems/checkers/NAME.rs`, which accepts any right answer (see [`checker_bin`]).
    pub checker: bool,
}

/// The keys a problem's entry may hold.
const KEYS: [&str; 6] = [
    "judge",
    "url",
    "time-limit",
    "memory-limit",
    "interactive",
    "checker",
];

/// The checker binary of problem `name` and its path in `problems/`:
/// `("NAME-checker", "checkers/NAME.rs")`.
///
/// ```
/// assert_eq!(
///     tools::workspace::checker_bin("nim"),
///     ("nim-checker".to_string(), "checkers/nim.rs".to_string())
/// );
/// ```
pub fn checker_bin(name: &str) -> (String, String) {
    (format!("{name}-checker"), format!("checkers/{name}.rs"))
}

/// The manifest holding the problems' metadata.
const MANIFEST: &str = "problems/Cargo.toml";

/// Reads problem `name`'s entry of the `[package.metadata.problems]` table in `manifest` (the
/// text of `problems/Cargo.toml`). Every key is checked: an unknown key, a value of the wrong
/// type, an unknown judge, a URL that is not http(s), or a negative or non-finite limit is an
/// error naming the problem and the key, never a silent default.
///
/// ```
/// let manifest = "[package.metadata.problems]\ngame3 = { judge = \"spoj\", time-limit = 1.5 }\n";
/// let meta = tools::workspace::meta_of_manifest(manifest, "game3").unwrap();
/// assert_eq!((meta.judge.as_deref(), meta.time_limit), (Some("spoj"), Some(1.5)));
/// assert!(tools::workspace::meta_of_manifest(manifest, "nim").is_err());
/// ```
pub fn meta_of_manifest(manifest: &str, name: &str) -> Result<Meta, String> {
    Manifest::parse(manifest)?.meta(name)
}

/// A starter `new` can copy: an `[[example]]` of the manifest whose path is `../templates/*.rs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The shape's name: the template's file stem (`problem` for `templates/problem.rs`).
    pub name: String,
    /// The example's name, which is also its samples' directory under `testcases/`.
    pub example: String,
}

/// `problems/Cargo.toml` as the tools read it: the problems' metadata, the `bin` list and the
/// starters (`[[example]]` targets). `new` edits it with `crate::manifest`; reading is here.
pub struct Manifest {
    table: toml::Table,
}

impl Manifest {
    /// Parses the manifest's text.
    ///
    /// # Errors
    /// The text is not TOML.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let table = text
            .parse()
            .map_err(|e: toml::de::Error| format!("{MANIFEST}: {}", e.message()))?;
        Ok(Manifest { table })
    }

    /// Reads `root/problems/Cargo.toml`.
    ///
    /// # Errors
    /// The file cannot be read or is not TOML.
    pub fn read(root: &Path) -> Result<Manifest, String> {
        let path = root.join(MANIFEST);
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Manifest::parse(&text)
    }

    /// Where the manifest mentions `name` already: its bin entry or its metadata line, as the
    /// words of an error that says how to clean up; `None` if nowhere.
    pub fn mentions(&self, name: &str) -> Option<String> {
        let file = format!("{name}.rs");
        let in_bins = self.list("bin").any(|bin| {
            let field = |key: &str| bin.get(key).and_then(toml::Value::as_str);
            field("name") == Some(name) || field("path") == Some(file.as_str())
        });
        let in_meta = self.problems().is_some_and(|t| t.contains_key(name));
        let place = match (in_bins, in_meta) {
            (false, false) => return None,
            (true, false) => "its entry in the `bin` list",
            (false, true) => "its line under [package.metadata.problems]",
            (true, true) => {
                "its entry in the `bin` list and its line under [package.metadata.problems]"
            }
        };
        Some(format!(
            "problems/Cargo.toml already has {} (left from a deleted problem?): remove {} to reuse the name `{}`",
            place,
            if in_bins && in_meta { "both" } else { "it" },
            name
        ))
    }

    /// The shapes `new` can copy, sorted by name. A template `SHAPE_checker.rs` is no shape:
    /// it is shape SHAPE's checker, copied with it.
    pub fn shapes(&self) -> Vec<Shape> {
        let mut shapes: Vec<Shape> = self
            .list("example")
            .filter_map(|example| {
                let path = example.get("path")?.as_str()?;
                let stem = path.strip_prefix("../templates/")?.strip_suffix(".rs")?;
                if stem.ends_with("_checker") {
                    return None;
                }
                Some(Shape {
                    name: stem.to_string(),
                    example: example.get("name")?.as_str()?.to_string(),
                })
            })
            .collect();
        shapes.sort_by(|a, b| a.name.cmp(&b.name));
        shapes
    }

    /// The starters `stress` can test: the `[[example]]` targets named `starter...`, sorted.
    pub fn starters(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .list("example")
            .filter_map(|example| example.get("name")?.as_str())
            .filter(|name| name.starts_with("starter"))
            .map(str::to_string)
            .collect();
        names.sort();
        names
    }

    /// The tables of the array `key` (`bin`, `example`), either spelling.
    fn list(&self, key: &str) -> impl Iterator<Item = &toml::Table> {
        self.table
            .get(key)
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(toml::Value::as_table)
    }

    fn problems(&self) -> Option<&toml::Table> {
        self.table
            .get("package")?
            .get("metadata")?
            .get("problems")?
            .as_table()
    }

    /// Problem `name`'s entry, checked as [`meta_of_manifest`] says.
    ///
    /// # Errors
    /// No such entry, or a bad one.
    pub fn meta(&self, name: &str) -> Result<Meta, String> {
        let table = self
            .problems()
            .ok_or_else(|| format!("{MANIFEST} has no [package.metadata.problems] table"))?;
        let entry = table.get(name).ok_or_else(|| {
        format!(
            "{MANIFEST} declares nothing for problem `{name}`: add `{name} = {{ judge = \"codeforces\" }}` (a judge of tools/judges.rs) to [package.metadata.problems]"
        )
    })?;
        let entry = entry.as_table().ok_or_else(|| {
            format!("{MANIFEST}: problem `{name}`: expected a table like `{{ judge = \"spoj\" }}`")
        })?;
        let bad = |key: &str, what: &str| format!("{MANIFEST}: problem `{name}`: `{key}` {what}");
        let mut meta = Meta::default();
        for (key, value) in entry {
            match key.as_str() {
                "judge" => {
                    let judge = value.as_str().ok_or_else(|| bad(key, "must be a string"))?;
                    crate::judges::by_name(judge)
                        .map_err(|e| bad(key, &format!("names an {e}")))?;
                    meta.judge = Some(judge.to_string());
                }
                "url" => {
                    let url = value.as_str().ok_or_else(|| bad(key, "must be a string"))?;
                    let scheme_ok = url.starts_with("https://") || url.starts_with("http://");
                    if !scheme_ok || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
                        return Err(bad(
                            key,
                            "must be an http(s) URL without spaces or control characters",
                        ));
                    }
                    meta.url = Some(url.to_string());
                }
                "time-limit" => {
                    let seconds = match value {
                        toml::Value::Integer(n) => *n as f64,
                        toml::Value::Float(x) => *x,
                        _ => return Err(bad(key, "must be a number of seconds")),
                    };
                    if !seconds.is_finite() || seconds < 0.0 {
                        return Err(bad(key, "must be a number of seconds, 0 or more"));
                    }
                    meta.time_limit = Some(seconds).filter(|&s| s > 0.0);
                }
                "memory-limit" => {
                    let mib = value
                        .as_integer()
                        .and_then(|n| u64::try_from(n).ok())
                        .ok_or_else(|| bad(key, "must be a whole number of MiB, 0 or more"))?;
                    meta.memory_limit = Some(mib).filter(|&m| m > 0);
                }
                "interactive" => {
                    meta.interactive = value
                        .as_bool()
                        .ok_or_else(|| bad(key, "must be true or false"))?;
                }
                "checker" => {
                    meta.checker = value
                        .as_bool()
                        .ok_or_else(|| bad(key, "must be true or false"))?;
                }
                _ => {
                    return Err(bad(
                        key,
                        &format!(
                            "is not a key of a problem's entry (they are: {})",
                            KEYS.join(", ")
                        ),
                    ))
                }
            }
        }
        if meta.judge.is_none() {
            return Err(bad("judge", "is missing (a judge of tools/judges.rs)"));
        }
        if meta.checker && meta.interactive {
            // The jury judges a dialogue itself: there is no output for a checker to read.
            return Err(bad(
                "checker",
                "is true for an interactive problem (its jury judges)",
            ));
        }
        let (bin, path) = checker_bin(name);
        let has_bin = self.list("bin").any(|b| {
            b.get("name").and_then(toml::Value::as_str) == Some(bin.as_str())
                && b.get("path").and_then(toml::Value::as_str) == Some(path.as_str())
        });
        if meta.checker && !has_bin {
            return Err(bad(
                "checker",
                &format!(
                    "is true but the `bin` list has no `{{ name = \"{bin}\", path = \"{path}\", test = false }}`"
                ),
            ));
        }
        Ok(meta)
    }
}

/// The metadata of problem `name`, from `root/problems/Cargo.toml` ([`meta_of_manifest`]);
/// a declared checker's file `problems/checkers/NAME.rs` must exist too.
pub fn meta(root: &Path, name: &str) -> Result<Meta, String> {
    let meta = Manifest::read(root)?.meta(name)?;
    let file = root.join("problems").join(checker_bin(name).1);
    if meta.checker && !file.is_file() {
        return Err(format!(
            "{MANIFEST}: problem `{name}`: `checker` is true but problems/{} is missing",
            checker_bin(name).1
        ));
    }
    Ok(meta)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST_TEXT: &str = "[package]\nname = \"problems\"\n\n[package.metadata.problems]\n\
        a = { judge = \"spoj\", url = \"https://www.spoj.com/problems/A/\", time-limit = 1.5, memory-limit = 1536 }\n\
        b = { judge = \"atcoder\", time-limit = 2, interactive = true }\n\
        c = { judge = \"spoj\", time-limit = 0, memory-limit = 0 }\n";

    #[test]
    fn reads_every_key() {
        let a = meta_of_manifest(MANIFEST_TEXT, "a").unwrap();
        assert_eq!(a.judge.as_deref(), Some("spoj"));
        assert_eq!(a.url.as_deref(), Some("https://www.spoj.com/problems/A/"));
        assert_eq!(
            (a.time_limit, a.memory_limit, a.interactive),
            (Some(1.5), Some(1536), false)
        );
        let b = meta_of_manifest(MANIFEST_TEXT, "b").unwrap();
        assert_eq!(
            (b.url, b.time_limit, b.interactive),
            (None, Some(2.0), true)
        );
        // Competitive Companion's 0 means "unknown", not "no time at all".
        let c = meta_of_manifest(MANIFEST_TEXT, "c").unwrap();
        assert_eq!((c.time_limit, c.memory_limit), (None, None));
    }

    #[test]
    fn a_bad_entry_is_an_error_naming_the_problem_and_the_key() {
        let table = "[package.metadata.problems]\n";
        for (entry, needle) in [
            (
                "p = { judge = \"spoj\", time_limit = 1 }",
                "`time_limit` is not a key",
            ),
            (
                "p = { judge = \"spoj\", time-limit = \"1 s\" }",
                "`time-limit` must be a number",
            ),
            (
                "p = { judge = \"spoj\", time-limit = -1 }",
                "`time-limit` must be a number of seconds, 0 or more",
            ),
            ("p = { judge = \"spoj\", time-limit = nan }", "`time-limit`"),
            (
                "p = { judge = \"spoj\", memory-limit = 1.5 }",
                "`memory-limit`",
            ),
            (
                "p = { judge = \"spoj\", memory-limit = -5 }",
                "`memory-limit`",
            ),
            (
                "p = { judge = \"spoj\", interactive = \"yes\" }",
                "`interactive`",
            ),
            (
                "p = { judge = \"spoj\", checker = 1 }",
                "`checker` must be true or false",
            ),
            (
                "p = { judge = \"spoj\", checker = true }",
                "`checker` is true but the `bin` list has no `{ name = \"p-checker\", path = \"checkers/p.rs\", test = false }`",
            ),
            (
                "p = { judge = \"spoj\", checkers = true }",
                "`checkers` is not a key",
            ),
            (
                "p = { judge = \"spooj\" }",
                "`judge` names an unknown judge `spooj`",
            ),
            ("p = { judge = 3 }", "`judge` must be a string"),
            ("p = { url = \"https://x/\" }", "`judge` is missing"),
            ("p = { judge = \"spoj\", url = \"javascript:x\" }", "`url`"),
            (
                "p = { judge = \"spoj\", url = \"https://x/\\n#[test]\" }",
                "`url`",
            ),
            ("p = \"spoj\"", "expected a table"),
        ] {
            let err = meta_of_manifest(&format!("{table}{entry}\n"), "p").unwrap_err();
            assert!(
                err.contains("problem `p`") && err.contains(needle),
                "{entry}: {err}"
            );
        }
        let err = meta_of_manifest(table, "p").unwrap_err();
        assert!(err.contains("declares nothing for problem `p`"), "{err}");
        assert!(meta_of_manifest("[package]\n", "p")
            .unwrap_err()
            .contains("no [package.metadata.problems]"));
        assert!(meta_of_manifest("p = {", "p")
            .unwrap_err()
            .starts_with("problems/Cargo.toml: "));
    }

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
        let err = meta(&root, "p").unwrap_err();
        assert_eq!(
            err,
            "problems/Cargo.toml: problem `p`: `checker` is true but problems/checkers/p.rs is missing"
        );
        fs::write(root.join("problems/checkers/p.rs"), "fn main() {}").unwrap();
        assert!(meta(&root, "p").unwrap().checker);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_reader_finds_bins_shapes_and_starters() {
        let text = "bin = [\n    { name = \"a\", path = \"a.rs\" },\n]\n\n\
            [[example]]\nname = \"starter_queries\"\npath = \"../templates/queries.rs\"\n\n\
            [[example]]\nname = \"starter\"\npath = \"../templates/problem.rs\"\n\n\
            [[example]]\nname = \"move_checker\"\npath = \"../templates/move_checker.rs\"\n\n\
            [[example]]\nname = \"demo\"\npath = \"demo.rs\"\n\n\
            [package.metadata.problems]\nb = { judge = \"spoj\" }\n";
        let manifest = Manifest::parse(text).unwrap();
        assert_eq!(manifest.starters(), ["starter", "starter_queries"]);
        let shapes: Vec<(String, String)> = manifest
            .shapes()
            .into_iter()
            .map(|s| (s.name, s.example))
            .collect();
        assert_eq!(
            shapes,
            [
                ("problem".to_string(), "starter".to_string()),
                ("queries".to_string(), "starter_queries".to_string())
            ]
        );
        assert!(manifest.mentions("a").unwrap().contains("`bin` list"));
        // A bin whose path alone is the name's, in the `[[bin]]` spelling too.
        let tables = Manifest::parse("[[bin]]\nname = \"x\"\npath = \"d.rs\"\n").unwrap();
        assert!(tables.mentions("d").unwrap().contains("`bin` list"));
        assert!(tables.starters().is_empty() && tables.meta("d").is_err());
        let b = manifest.mentions("b").unwrap();
        assert!(b.contains("[package.metadata.problems]") && !b.contains("`bin`"));
        assert_eq!(manifest.mentions("c"), None);
        assert_eq!(manifest.meta("b").unwrap().judge.as_deref(), Some("spoj"));
        assert!(Manifest::read(Path::new("/nonexistent")).is_err());
    }

    #[test]
    fn every_problem_of_the_workspace_declares_a_judge() {
        let root = default_root();
        for name in problems(&root) {
            let meta = meta(&root, &name).unwrap_or_else(|e| panic!("{e}"));
            assert!(meta.judge.is_some(), "{name}");
        }
    }

    #[test]
    fn names() {
        assert!(valid_name("mmmgame").is_ok());
        assert!(valid_name("abc123_a").is_ok());
        for bad in ["", "1abc", "Abc", "a-b", "a b", "../x", "new", "grundy"] {
            assert!(valid_name(bad).is_err(), "{bad}");
        }
        let root = default_root();
        assert!(problems(&root).contains(&"knights".to_string()));
        assert!(check_problem(&root, "nosuch")
            .unwrap_err()
            .contains("knights"));
    }
}
