//! `problems/Cargo.toml` as the tools see it, read and edited through one type ([`Manifest`]):
//! the `bin` list (one inline table per problem, sorted), the starters `new` copies and
//! `stress` tests (`[[example]]` targets whose path is `../templates/*.rs`), and what each
//! problem declares about itself ([`Meta`], its line under `[package.metadata.problems]`:
//! judge, url, time and memory limits, interactive, checker).
//!
//! Held as a toml_edit document, so every value `new` writes is escaped by construction and the
//! rest of the file (comments, order, layout) stays as it was.

use crate::judges::{self, Judge};
use sandbox::limits::{self, CaseLimits};
use std::fs;
use std::path::Path;
use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, TableLike, Value};

/// The manifest's path in the workspace, as messages show it.
const MANIFEST: &str = "problems/Cargo.toml";

/// What a problem declares about itself: its entry in `problems/Cargo.toml`'s
/// `[package.metadata.problems]` table, read by [`Manifest::meta`] and written by
/// [`Manifest::add`].
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    /// The judge profile (the entry names one of [`crate::judges::JUDGES`]).
    pub judge: &'static Judge,
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

impl Meta {
    /// The limits a case of this problem runs under: `timeout` (the runner's `TIMEOUT`) if
    /// set, else the declared time limit, else the default ([`limits::case_limit`]); the
    /// declared memory limit, counted as the problem's judge counts memory. The runner,
    /// `stress --reference` and `play` all take a case's limits from here.
    ///
    /// ```
    /// use model::{judges, manifest::Meta};
    /// let mut meta = Meta::judged_by(judges::by_name("codeforces").unwrap());
    /// meta.time_limit = Some(2.0);
    /// meta.memory_limit = Some(256);
    /// let limits = meta.case_limits(None);
    /// assert_eq!((limits.time.as_secs_f64(), limits.memory_mib), (2.0, Some(256)));
    /// assert_eq!(meta.case_limits(Some(5.0)).time.as_secs_f64(), 5.0);
    /// ```
    pub fn case_limits(&self, timeout: Option<f64>) -> CaseLimits {
        CaseLimits {
            time: limits::case_limit(timeout, self.time_limit),
            memory_mib: self.memory_limit,
            counted: self.judge.memory,
        }
    }

    /// The entry that declares `judge` and nothing else.
    pub fn judged_by(judge: &'static Judge) -> Meta {
        Meta {
            judge,
            url: None,
            time_limit: None,
            memory_limit: None,
            interactive: false,
            checker: false,
        }
    }
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
///     model::manifest::checker_bin("nim"),
///     ("nim-checker".to_string(), "checkers/nim.rs".to_string())
/// );
/// ```
pub fn checker_bin(name: &str) -> (String, String) {
    (format!("{name}-checker"), format!("checkers/{name}.rs"))
}

/// A starter: a file `templates/SHAPE.rs` that `new` copies into a new problem, declared as an
/// `[[example]]` of the manifest so that it is built, tested and stressed like a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Starter {
    /// The starter's shape, the name `new --shape` takes: the template's file stem (`problem`
    /// for `templates/problem.rs`).
    pub shape: String,
    /// The example's name (`starter`, `starter_atcoder`, ...), the name `stress` takes and the
    /// starter's samples' directory under `testcases/`.
    pub example: String,
}

/// `problems/Cargo.toml`, parsed: read by every tool, edited by `new`.
#[derive(Clone)]
pub struct Manifest {
    doc: DocumentMut,
}

impl Manifest {
    /// Parses the manifest's text.
    ///
    /// # Errors
    /// The text is not TOML.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let doc = text
            .parse::<DocumentMut>()
            .map_err(|e| format!("{MANIFEST}: {}", e.message().trim_end()))?;
        Ok(Manifest { doc })
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

    /// The manifest's text, as edited so far.
    pub fn render(&self) -> String {
        self.doc.to_string()
    }

    /// Where the manifest mentions `name` already: its bin entry or its metadata line, as the
    /// words of an error that says how to clean up; `None` if nowhere.
    pub fn mentions(&self, name: &str) -> Option<String> {
        let file = format!("{name}.rs");
        let in_bins = self.list("bin").iter().any(|bin| {
            field(*bin, "name") == Some(name) || field(*bin, "path") == Some(file.as_str())
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

    /// The starters, sorted by shape: the `[[example]]` targets whose path is
    /// `../templates/SHAPE.rs`. A template `SHAPE_checker.rs` is no starter: it is starter
    /// SHAPE's checker, copied with it.
    pub fn starters(&self) -> Vec<Starter> {
        let mut starters: Vec<Starter> = self
            .list("example")
            .into_iter()
            .filter_map(|example| {
                let path = field(example, "path")?;
                let stem = path.strip_prefix("../templates/")?.strip_suffix(".rs")?;
                if stem.ends_with("_checker") {
                    return None;
                }
                Some(Starter {
                    shape: stem.to_string(),
                    example: field(example, "name")?.to_string(),
                })
            })
            .collect();
        starters.sort_by(|a, b| a.shape.cmp(&b.shape));
        starters
    }

    /// The tables of the array `key` (`bin`, `example`), either spelling (`key = [{...}]` or
    /// `[[key]]`).
    fn list(&self, key: &str) -> Vec<&dyn TableLike> {
        match self.doc.get(key) {
            Some(Item::Value(Value::Array(array))) => array
                .iter()
                .filter_map(Value::as_inline_table)
                .map(|t| t as &dyn TableLike)
                .collect(),
            Some(Item::ArrayOfTables(tables)) => {
                tables.iter().map(|t| t as &dyn TableLike).collect()
            }
            _ => Vec::new(),
        }
    }

    fn problems(&self) -> Option<&dyn TableLike> {
        self.doc
            .get("package")?
            .get("metadata")?
            .get("problems")?
            .as_table_like()
    }

    /// Problem `name`'s entry. Every key is checked: an unknown key, a value of the wrong type,
    /// an unknown judge, a URL that is not http(s), or a negative or non-finite limit is an
    /// error naming the problem and the key, never a silent default.
    ///
    /// ```
    /// use model::manifest::Manifest;
    /// let text = "[package.metadata.problems]\ngame3 = { judge = \"spoj\", time-limit = 1.5 }\n";
    /// let manifest = Manifest::parse(text).unwrap();
    /// let meta = manifest.meta("game3").unwrap();
    /// assert_eq!((meta.judge.name, meta.time_limit), ("spoj", Some(1.5)));
    /// assert!(manifest.meta("nim").is_err());
    /// ```
    ///
    /// # Errors
    /// No such entry, or a bad one.
    pub fn meta(&self, name: &str) -> Result<Meta, String> {
        let table = self
            .problems()
            .ok_or_else(|| format!("{MANIFEST} has no [package.metadata.problems] table"))?;
        let entry = table.get(name).ok_or_else(|| {
            format!(
                "{MANIFEST} declares nothing for problem `{name}`: add `{name} = {{ judge = \"codeforces\" }}` (a judge of tools/model/judges.rs) to [package.metadata.problems]"
            )
        })?;
        let entry = entry.as_table_like().ok_or_else(|| {
            format!("{MANIFEST}: problem `{name}`: expected a table like `{{ judge = \"spoj\" }}`")
        })?;
        let bad = |key: &str, what: &str| format!("{MANIFEST}: problem `{name}`: `{key}` {what}");
        let mut judge = None;
        let mut url = None;
        let mut time_limit = None;
        let mut memory_limit = None;
        let mut interactive = false;
        let mut checker = false;
        for (key, value) in entry.iter() {
            match key {
                "judge" => {
                    let named = value.as_str().ok_or_else(|| bad(key, "must be a string"))?;
                    judge = Some(
                        judges::by_name(named).map_err(|e| bad(key, &format!("names an {e}")))?,
                    );
                }
                "url" => url = Some(url_value(value).map_err(|e| bad(key, e))?),
                "time-limit" => time_limit = seconds_value(value).map_err(|e| bad(key, e))?,
                "memory-limit" => {
                    let mib = value
                        .as_integer()
                        .and_then(|n| u64::try_from(n).ok())
                        .ok_or_else(|| bad(key, "must be a whole number of MiB, 0 or more"))?;
                    memory_limit = Some(mib).filter(|&m| m > 0);
                }
                "interactive" => {
                    interactive = value
                        .as_bool()
                        .ok_or_else(|| bad(key, "must be true or false"))?;
                }
                "checker" => {
                    checker = value
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
        let judge =
            judge.ok_or_else(|| bad("judge", "is missing (a judge of tools/model/judges.rs)"))?;
        if checker && interactive {
            // The jury judges a dialogue itself: there is no output for a checker to read.
            return Err(bad(
                "checker",
                "is true for an interactive problem (its jury judges)",
            ));
        }
        if checker {
            self.check_checker_bin(name)
                .map_err(|e| bad("checker", &e))?;
        }
        Ok(Meta {
            judge,
            url,
            time_limit,
            memory_limit,
            interactive,
            checker,
        })
    }

    /// `Ok` if the `bin` list declares problem `name`'s checker ([`checker_bin`]), else what
    /// is missing.
    fn check_checker_bin(&self, name: &str) -> Result<(), String> {
        let (bin, path) = checker_bin(name);
        let has_bin = self.list("bin").iter().any(|b| {
            field(*b, "name") == Some(bin.as_str()) && field(*b, "path") == Some(path.as_str())
        });
        match has_bin {
            true => Ok(()),
            false => Err(format!(
                "is true but the `bin` list has no `{{ name = \"{bin}\", path = \"{path}\", test = false }}`"
            )),
        }
    }

    /// Adds problem `name`'s bin line (at its sorted place) and its metadata line `meta` (the
    /// table sorted); a checker adds the bin line of `NAME-checker` too ([`checker_bin`]).
    ///
    /// ```
    /// use model::manifest::{Manifest, Meta};
    /// let mut manifest = Manifest::parse("bin = [\n]\n\n[package]\nname = \"problems\"\n").unwrap();
    /// let nim = Meta {
    ///     url: Some("https://www.spoj.com/problems/NIM/".to_string()),
    ///     time_limit: Some(1.5),
    ///     ..Meta::judged_by(model::judges::by_name("spoj").unwrap())
    /// };
    /// manifest.add("nim", &nim).unwrap();
    /// let text = manifest.render();
    /// assert!(text.starts_with("bin = [\n    { name = \"nim\", path = \"nim.rs\" },\n]\n"));
    /// assert!(text.contains("\n[package.metadata.problems]\nnim = { judge = \"spoj\", url = \"https://www.spoj.com/problems/NIM/\", time-limit = 1.5 }\n"));
    /// assert_eq!(manifest.meta("nim").unwrap(), nim);
    /// assert!(manifest.add("nim", &nim).unwrap_err().contains("already has"));
    /// ```
    ///
    /// # Errors
    /// The manifest mentions the name already ([`Manifest::mentions`]); a value holds a
    /// control character; the manifest has no `bin` list or no `[package]` table.
    pub fn add(&mut self, name: &str, meta: &Meta) -> Result<(), String> {
        if let Some(taken) = self.mentions(name) {
            return Err(taken);
        }
        let texts = [Some(name), meta.url.as_deref()];
        if let Some(bad) = texts
            .iter()
            .flatten()
            .find(|t| t.chars().any(char::is_control))
        {
            return Err(format!(
                "`{}` holds a control character; a manifest line is one line",
                bad.escape_debug()
            ));
        }
        if self.doc.get("bin").and_then(Item::as_array).is_none() {
            return Err("problems/Cargo.toml has no `bin = [...]` list".to_string());
        }

        let mut line = InlineTable::new();
        line.insert("judge", meta.judge.name.into());
        if let Some(url) = &meta.url {
            line.insert("url", url.as_str().into());
        }
        if let Some(seconds) = meta.time_limit {
            line.insert("time-limit", seconds.into());
        }
        if let Some(mib) = meta.memory_limit {
            line.insert(
                "memory-limit",
                i64::try_from(mib).unwrap_or(i64::MAX).into(),
            );
        }
        if meta.interactive {
            line.insert("interactive", true.into());
        }
        if meta.checker {
            line.insert("checker", true.into());
        }
        let problems = self.metadata_mut()?;
        problems.insert(name, Item::Value(Value::InlineTable(line)));
        problems.sort_values();
        if let Some(bins) = self.doc.get_mut("bin").and_then(Item::as_array_mut) {
            insert_bin(bins, name, &format!("{name}.rs"), true);
            if meta.checker {
                let (bin, path) = checker_bin(name);
                insert_bin(bins, &bin, &path, false);
            }
        }
        Ok(())
    }

    /// Takes problem `name` out: its `bin` entry, its checker's, and its line under
    /// `[package.metadata.problems]`; whether there was anything to take.
    ///
    /// ```
    /// use model::manifest::{Manifest, Meta};
    /// let mut manifest = Manifest::parse("bin = [\n]\n[package]\nname = \"p\"\n").unwrap();
    /// let empty = manifest.render();
    /// let spoj = model::judges::by_name("spoj").unwrap();
    /// manifest.add("nim", &Meta { checker: true, ..Meta::judged_by(spoj) }).unwrap();
    /// assert!(manifest.mentions("nim").is_some());
    /// assert!(manifest.remove("nim"));
    /// assert!(manifest.mentions("nim").is_none());
    /// assert!(!manifest.render().contains("nim"));
    /// assert!(!manifest.remove("nim"));
    /// # let _ = empty;
    /// ```
    pub fn remove(&mut self, name: &str) -> bool {
        let file = format!("{name}.rs");
        let (checker, checker_path) = checker_bin(name);
        let mut removed = false;
        if let Some(bins) = self.doc.get_mut("bin").and_then(Item::as_array_mut) {
            let before = bins.len();
            bins.retain(|bin| {
                let table = match bin.as_inline_table() {
                    Some(table) => table,
                    None => return true,
                };
                let names = field(table, "name");
                let path = field(table, "path");
                !(names == Some(name)
                    || names == Some(checker.as_str())
                    || path == Some(file.as_str())
                    || path == Some(checker_path.as_str()))
            });
            removed |= bins.len() < before;
        }
        if let Some(problems) = self
            .doc
            .get_mut("package")
            .and_then(|p| p.get_mut("metadata"))
            .and_then(|m| m.get_mut("problems"))
            .and_then(Item::as_table_like_mut)
        {
            removed |= problems.remove(name).is_some();
        }
        removed
    }

    /// `[package.metadata.problems]`, created if absent.
    fn metadata_mut(&mut self) -> Result<&mut Table, String> {
        let package = self
            .doc
            .get_mut("package")
            .and_then(Item::as_table_mut)
            .ok_or("problems/Cargo.toml has no [package] table")?;
        let metadata = package
            .entry("metadata")
            .or_insert_with(|| {
                let mut table = Table::new();
                table.set_implicit(true);
                Item::Table(table)
            })
            .as_table_mut()
            .ok_or("problems/Cargo.toml: `package.metadata` is not a table")?;
        metadata
            .entry("problems")
            .or_insert_with(|| Item::Table(Table::new()))
            .as_table_mut()
            .ok_or_else(|| {
                "problems/Cargo.toml: `package.metadata.problems` is not a table".to_string()
            })
    }
}

/// The string `key` of a bin or example table.
fn field<'t>(table: &'t dyn TableLike, key: &str) -> Option<&'t str> {
    table.get(key)?.as_str()
}

/// Inserts `{ name = "NAME", path = "PATH" }` (with `test = false` unless `test`) into `bins`
/// before the first entry whose name sorts after it, one entry per line like the others.
fn insert_bin(bins: &mut Array, name: &str, path: &str, test: bool) {
    let mut bin = InlineTable::new();
    bin.insert("name", name.into());
    bin.insert("path", path.into());
    if !test {
        bin.insert("test", false.into());
    }
    let at = bins
        .iter()
        .position(|v| {
            v.as_inline_table()
                .and_then(|t| t.get("name"))
                .and_then(Value::as_str)
                .is_some_and(|other| other > name)
        })
        .unwrap_or(bins.len());
    bins.insert(at, bin);
    if let Some(value) = bins.get_mut(at) {
        value.decor_mut().set_prefix("\n    ");
    }
    bins.set_trailing_comma(true);
    bins.set_trailing("\n");
}

/// An entry's `url`: an http(s) URL without spaces or control characters, else why not.
fn url_value(value: &Item) -> Result<String, &'static str> {
    let text = value.as_str().ok_or("must be a string")?;
    let scheme_ok = text.starts_with("https://") || text.starts_with("http://");
    if !scheme_ok || text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("must be an http(s) URL without spaces or control characters");
    }
    Ok(text.to_string())
}

/// An entry's `time-limit`: seconds, 0 or more (0 is none), else why not.
fn seconds_value(value: &Item) -> Result<Option<f64>, &'static str> {
    let seconds = match (value.as_integer(), value.as_float()) {
        (Some(n), _) => n as f64,
        (None, Some(x)) => x,
        _ => return Err("must be a number of seconds"),
    };
    if !seconds.is_finite() || seconds < 0.0 {
        return Err("must be a number of seconds, 0 or more");
    }
    Ok(Some(seconds).filter(|&s| s > 0.0))
}

#[cfg(test)]
mod tests;
