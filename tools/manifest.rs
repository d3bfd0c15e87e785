//! `problems/Cargo.toml` as `new` edits it: the `bin` list (one inline table per problem,
//! sorted), the problems' metadata (`[package.metadata.problems]`, one inline table per
//! problem, sorted). Reading it (the starters, what a name is taken by) is
//! [`crate::workspace::Manifest`]'s job; this module only edits.
//!
//! Edited with toml_edit, so every value is escaped by construction and the rest of the file
//! (comments, order, layout) stays as it was.

use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, Value};

/// What a new problem declares in the manifest.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry<'a> {
    /// The problem's name (already checked by the caller).
    pub name: &'a str,
    /// The judge profile's name.
    pub judge: &'a str,
    /// The problem's page.
    pub url: Option<&'a str>,
    /// The time limit in seconds.
    pub time_limit: Option<f64>,
    /// The memory limit in MiB.
    pub memory_limit: Option<u64>,
    /// Whether the problem is interactive (written only when true).
    pub interactive: bool,
    /// Whether the problem has a checker (written only when true, with the bin line of
    /// `NAME-checker`, see [`crate::workspace::checker_bin`]).
    pub checker: bool,
}

pub use crate::workspace::Shape;

/// problems/Cargo.toml, parsed.
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
            .map_err(|e| format!("problems/Cargo.toml is not valid TOML: {e}"))?;
        Ok(Manifest { doc })
    }

    /// The manifest read as [`crate::workspace::Manifest`] reads it (its problems, bins and
    /// shapes), as edited so far.
    ///
    /// # Errors
    /// The text toml_edit accepted is not TOML to the reader.
    pub fn view(&self) -> Result<crate::workspace::Manifest, String> {
        crate::workspace::Manifest::parse(&self.render())
    }

    /// Adds `entry`'s bin line (at its sorted place) and metadata line (the table sorted).
    ///
    /// ```
    /// use tools::manifest::{Entry, Manifest};
    /// let mut manifest = Manifest::parse("bin = [\n]\n\n[package]\nname = \"problems\"\n").unwrap();
    /// let nim = Entry {
    ///     name: "nim",
    ///     judge: "spoj",
    ///     url: Some("https://www.spoj.com/problems/NIM/"),
    ///     time_limit: Some(1.5),
    ///     memory_limit: None,
    ///     interactive: false,
    ///     checker: false,
    /// };
    /// manifest.add(&nim).unwrap();
    /// let text = manifest.render();
    /// assert!(text.starts_with("bin = [\n    { name = \"nim\", path = \"nim.rs\" },\n]\n"));
    /// assert!(text.contains("\n[package.metadata.problems]\nnim = { judge = \"spoj\", url = \"https://www.spoj.com/problems/NIM/\", time-limit = 1.5 }\n"));
    /// assert!(manifest.add(&nim).unwrap_err().contains("already has"));
    /// ```
    ///
    /// # Errors
    /// The manifest mentions the name already ([`crate::workspace::Manifest::mentions`]); a
    /// value holds a control character; the manifest has no `bin` list or no `[package]` table.
    pub fn add(&mut self, entry: &Entry) -> Result<(), String> {
        if let Some(taken) = self.view()?.mentions(entry.name) {
            return Err(taken);
        }
        let texts = [Some(entry.name), Some(entry.judge), entry.url];
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

        let mut meta = InlineTable::new();
        meta.insert("judge", entry.judge.into());
        if let Some(url) = entry.url {
            meta.insert("url", url.into());
        }
        if let Some(seconds) = entry.time_limit {
            meta.insert("time-limit", seconds.into());
        }
        if let Some(mib) = entry.memory_limit {
            meta.insert(
                "memory-limit",
                i64::try_from(mib).unwrap_or(i64::MAX).into(),
            );
        }
        if entry.interactive {
            meta.insert("interactive", true.into());
        }
        if entry.checker {
            meta.insert("checker", true.into());
        }
        let problems = self.metadata_mut()?;
        problems.insert(entry.name, Item::Value(Value::InlineTable(meta)));
        problems.sort_values();
        if let Some(bins) = self.doc.get_mut("bin").and_then(Item::as_array_mut) {
            insert_bin(bins, entry.name, &format!("{}.rs", entry.name), true);
            if entry.checker {
                let (bin, path) = crate::workspace::checker_bin(entry.name);
                insert_bin(bins, &bin, &path, false);
            }
        }
        Ok(())
    }

    /// The manifest's text.
    pub fn render(&self) -> String {
        self.doc.to_string()
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

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = "# The problems.\nbin = [\n    { name = \"alpha\", path = \"alpha.rs\" },\n    { name = \"gamma\", path = \"gamma.rs\" },\n]\n\n[package]\nname = \"problems\"\n\n[package.metadata.problems]\nalpha = { judge = \"spoj\" }\ngamma = { judge = \"dmoj\", time-limit = 2.0 }\n\n[[example]]\nname = \"starter\"\npath = \"../templates/problem.rs\"\n\n[[example]]\nname = \"starter_atcoder\"\npath = \"../templates/atcoder.rs\"\n\n[[example]]\nname = \"other\"\npath = \"other.rs\"\n";

    fn entry(name: &str) -> Entry<'_> {
        Entry {
            name,
            judge: "spoj",
            url: None,
            time_limit: None,
            memory_limit: None,
            interactive: false,
            checker: false,
        }
    }

    #[test]
    fn adds_both_lines_in_sorted_places() {
        let mut manifest = Manifest::parse(MANIFEST).unwrap();
        manifest
            .add(&Entry {
                url: Some("https://a.example/p?q=1"),
                time_limit: Some(1.5),
                memory_limit: Some(256),
                interactive: true,
                ..entry("beta")
            })
            .unwrap();
        manifest.add(&entry("zeta")).unwrap();
        manifest.add(&entry("aaa")).unwrap();
        // Quotes and backslashes stay inside the value, whichever quoting toml_edit picks.
        let odd = r#"https://a.example/p?q="\[x]'''""'"#;
        manifest
            .add(&Entry {
                url: Some(odd),
                ..entry("delta")
            })
            .unwrap();
        let text = manifest.render();
        let expected_bins = "bin = [\n    { name = \"aaa\", path = \"aaa.rs\" },\n    { name = \"alpha\", path = \"alpha.rs\" },\n    { name = \"beta\", path = \"beta.rs\" },\n    { name = \"delta\", path = \"delta.rs\" },\n    { name = \"gamma\", path = \"gamma.rs\" },\n    { name = \"zeta\", path = \"zeta.rs\" },\n]\n";
        assert!(
            text.starts_with(&format!("# The problems.\n{expected_bins}")),
            "{text}"
        );
        let expected_meta = "[package.metadata.problems]\naaa = { judge = \"spoj\" }\nalpha = { judge = \"spoj\" }\nbeta = { judge = \"spoj\", url = \"https://a.example/p?q=1\", time-limit = 1.5, memory-limit = 256, interactive = true }\ndelta = ";
        assert!(text.contains(expected_meta), "{text}");
        assert!(text.contains(
            "}\ngamma = { judge = \"dmoj\", time-limit = 2.0 }\nzeta = { judge = \"spoj\" }\n"
        ));
        let one_line = |l: &&str| l.starts_with("delta = {") && l.ends_with('}');
        assert_eq!(text.lines().filter(one_line).count(), 1, "{text}");
        // What was written reads back as the same values.
        let back: DocumentMut = text.parse().unwrap();
        let problems = &back["package"]["metadata"]["problems"];
        assert_eq!(problems["delta"]["url"].as_str(), Some(odd));
        assert_eq!(problems["beta"]["memory-limit"].as_integer(), Some(256));
        assert_eq!(problems["beta"]["time-limit"].as_float(), Some(1.5));
        assert!(text.ends_with("path = \"other.rs\"\n"));
    }

    #[test]
    fn a_checker_gets_its_key_and_its_bin_line() {
        let mut manifest = Manifest::parse(MANIFEST).unwrap();
        manifest
            .add(&Entry {
                checker: true,
                ..entry("beta")
            })
            .unwrap();
        let text = manifest.render();
        assert!(
            text.contains("    { name = \"alpha\", path = \"alpha.rs\" },\n    { name = \"beta\", path = \"beta.rs\" },\n    { name = \"beta-checker\", path = \"checkers/beta.rs\", test = false },\n    { name = \"gamma\", path = \"gamma.rs\" },\n"),
            "{text}"
        );
        assert!(
            text.contains("\nbeta = { judge = \"spoj\", checker = true }\n"),
            "{text}"
        );
        assert!(manifest.view().unwrap().meta("beta").unwrap().checker);
    }

    #[test]
    fn creates_the_metadata_table_when_absent() {
        let text = "bin = [\n    { name = \"a\", path = \"a.rs\" },\n]\n\n[package]\nname = \"problems\"\n\n[dependencies]\nx = 1\n";
        let mut manifest = Manifest::parse(text).unwrap();
        manifest.add(&entry("b")).unwrap();
        let rendered = manifest.render();
        let back: DocumentMut = rendered.parse().unwrap();
        assert_eq!(
            back["package"]["metadata"]["problems"]["b"]["judge"].as_str(),
            Some("spoj"),
            "{rendered}"
        );
        assert_eq!(back["dependencies"]["x"].as_integer(), Some(1));
        assert!(
            rendered.contains("{ name = \"b\", path = \"b.rs\" },\n]"),
            "{rendered}"
        );
    }

    #[test]
    fn a_name_left_in_the_manifest_is_an_error_that_says_how_to_clean_up() {
        let mut manifest = Manifest::parse(MANIFEST).unwrap();
        let err = manifest.add(&entry("alpha")).unwrap_err();
        assert!(err.contains("`bin` list and its line under [package.metadata.problems]"));
        assert!(err.contains("remove both"), "{err}");
        let only_bin = MANIFEST.replace("alpha = { judge = \"spoj\" }\n", "");
        let err = Manifest::parse(&only_bin)
            .unwrap()
            .view()
            .unwrap()
            .mentions("alpha")
            .unwrap();
        assert!(err.contains("its entry in the `bin` list (") && err.contains("remove it"));
        let only_meta = MANIFEST.replace("    { name = \"gamma\", path = \"gamma.rs\" },\n", "");
        let err = Manifest::parse(&only_meta)
            .unwrap()
            .view()
            .unwrap()
            .mentions("gamma")
            .unwrap();
        assert!(
            err.contains("its line under [package.metadata.problems] ("),
            "{err}"
        );
        // A bin entry whose path alone is the name's, with no metadata line, counts too.
        let by_path = MANIFEST
            .replace("name = \"gamma\", path", "name = \"g\", path")
            .replace("gamma = { judge = \"dmoj\", time-limit = 2.0 }\n", "");
        assert!(Manifest::parse(&by_path)
            .unwrap()
            .view()
            .unwrap()
            .mentions("gamma")
            .is_some());
        assert_eq!(
            Manifest::parse(MANIFEST)
                .unwrap()
                .view()
                .unwrap()
                .mentions("beta"),
            None
        );
        assert_eq!(manifest.render(), MANIFEST, "a refused add changes nothing");
    }

    #[test]
    fn shapes_are_the_examples_in_templates() {
        let shapes = Manifest::parse(MANIFEST).unwrap().view().unwrap().shapes();
        let names: Vec<(&str, &str)> = shapes
            .iter()
            .map(|s| (s.name.as_str(), s.example.as_str()))
            .collect();
        assert_eq!(
            names,
            [("atcoder", "starter_atcoder"), ("problem", "starter")]
        );
    }

    #[test]
    fn refuses_control_characters() {
        let mut manifest = Manifest::parse(MANIFEST).unwrap();
        for url in ["https://a.example/\n[x]", "https://a.example/\r", "x\u{85}"] {
            let err = manifest
                .add(&Entry {
                    url: Some(url),
                    ..entry("beta")
                })
                .unwrap_err();
            assert!(err.contains("control character"), "{err}");
        }
        assert_eq!(manifest.render(), MANIFEST);
    }

    #[test]
    fn refuses_what_is_not_a_manifest_it_can_edit() {
        assert!(Manifest::parse("bin = [").is_err());
        let mut no_bins = Manifest::parse("[package]\nname = \"p\"\n").unwrap();
        assert!(no_bins.add(&entry("a")).unwrap_err().contains("no `bin"));
        let mut no_package = Manifest::parse("bin = []\n").unwrap();
        assert!(no_package
            .add(&entry("a"))
            .unwrap_err()
            .contains("[package]"));
    }
}
