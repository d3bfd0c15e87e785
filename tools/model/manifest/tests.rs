//! `manifest`'s unit tests.

use super::*;

const MANIFEST: &str = "# The problems.\nbin = [\n    { name = \"alpha\", path = \"alpha.rs\" },\n    { name = \"gamma\", path = \"gamma.rs\" },\n]\n\n[package]\nname = \"problems\"\n\n[package.metadata.problems]\nalpha = { judge = \"spoj\" }\ngamma = { judge = \"dmoj\", time-limit = 2.0 }\n\n[[example]]\nname = \"starter\"\npath = \"../templates/problem.rs\"\n\n[[example]]\nname = \"starter_atcoder\"\npath = \"../templates/atcoder.rs\"\n\n[[example]]\nname = \"other\"\npath = \"other.rs\"\n";

fn spoj() -> Meta {
    Meta::judged_by(crate::judges::by_name("spoj").unwrap())
}

/// The text `text` read as problem `name`'s entry.
fn meta_of(text: &str, name: &str) -> Result<Meta, String> {
    Manifest::parse(text)?.meta(name)
}

#[test]
fn adds_both_lines_in_sorted_places() {
    let mut manifest = Manifest::parse(MANIFEST).unwrap();
    manifest
        .add(
            "beta",
            &Meta {
                url: Some("https://a.example/p?q=1".to_string()),
                time_limit: Some(1.5),
                memory_limit: Some(256),
                interactive: true,
                ..spoj()
            },
        )
        .unwrap();
    manifest.add("zeta", &spoj()).unwrap();
    manifest.add("aaa", &spoj()).unwrap();
    // Quotes and backslashes stay inside the value, whichever quoting toml_edit picks.
    let odd = r#"https://a.example/p?q="\[x]'''""'"#;
    manifest
        .add(
            "delta",
            &Meta {
                url: Some(odd.to_string()),
                ..spoj()
            },
        )
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
        .add(
            "beta",
            &Meta {
                checker: true,
                ..spoj()
            },
        )
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
    assert!(manifest.meta("beta").unwrap().checker);
}

#[test]
fn creates_the_metadata_table_when_absent() {
    let text = "bin = [\n    { name = \"a\", path = \"a.rs\" },\n]\n\n[package]\nname = \"problems\"\n\n[dependencies]\nx = 1\n";
    let mut manifest = Manifest::parse(text).unwrap();
    manifest.add("b", &spoj()).unwrap();
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
    let err = manifest.add("alpha", &spoj()).unwrap_err();
    assert!(err.contains("`bin` list and its line under [package.metadata.problems]"));
    assert!(err.contains("remove both"), "{err}");
    let only_bin = MANIFEST.replace("alpha = { judge = \"spoj\" }\n", "");
    let err = Manifest::parse(&only_bin)
        .unwrap()
        .mentions("alpha")
        .unwrap();
    assert!(err.contains("its entry in the `bin` list (") && err.contains("remove it"));
    let only_meta = MANIFEST.replace("    { name = \"gamma\", path = \"gamma.rs\" },\n", "");
    let err = Manifest::parse(&only_meta)
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
        .mentions("gamma")
        .is_some());
    assert_eq!(Manifest::parse(MANIFEST).unwrap().mentions("beta"), None);
    assert_eq!(manifest.render(), MANIFEST, "a refused add changes nothing");
}

#[test]
fn starters_are_the_examples_in_templates() {
    let starters = Manifest::parse(MANIFEST).unwrap().starters();
    let names: Vec<(&str, &str)> = starters
        .iter()
        .map(|s| (s.shape.as_str(), s.example.as_str()))
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
            .add(
                "beta",
                &Meta {
                    url: Some(url.to_string()),
                    ..spoj()
                },
            )
            .unwrap_err();
        assert!(err.contains("control character"), "{err}");
    }
    assert_eq!(manifest.render(), MANIFEST);
}

#[test]
fn refuses_what_is_not_a_manifest_it_can_edit() {
    assert!(Manifest::parse("bin = [").is_err());
    let mut no_bins = Manifest::parse("[package]\nname = \"p\"\n").unwrap();
    assert!(no_bins.add("a", &spoj()).unwrap_err().contains("no `bin"));
    let mut no_package = Manifest::parse("bin = []\n").unwrap();
    assert!(no_package
        .add("a", &spoj())
        .unwrap_err()
        .contains("[package]"));
}

const MANIFEST_TEXT: &str = "[package]\nname = \"problems\"\n\n[package.metadata.problems]\n\
        a = { judge = \"spoj\", url = \"https://www.spoj.com/problems/A/\", time-limit = 1.5, memory-limit = 1536 }\n\
        b = { judge = \"atcoder\", time-limit = 2, interactive = true }\n\
        c = { judge = \"spoj\", time-limit = 0, memory-limit = 0 }\n";

#[test]
fn reads_every_key() {
    let a = meta_of(MANIFEST_TEXT, "a").unwrap();
    assert_eq!(a.judge.name, "spoj");
    assert_eq!(a.url.as_deref(), Some("https://www.spoj.com/problems/A/"));
    assert_eq!(
        (a.time_limit, a.memory_limit, a.interactive),
        (Some(1.5), Some(1536), false)
    );
    let b = meta_of(MANIFEST_TEXT, "b").unwrap();
    assert_eq!(
        (b.url, b.time_limit, b.interactive),
        (None, Some(2.0), true)
    );
    // Competitive Companion's 0 means "unknown", not "no time at all".
    let c = meta_of(MANIFEST_TEXT, "c").unwrap();
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
            let err = meta_of(&format!("{table}{entry}\n"), "p").unwrap_err();
            assert!(
                err.contains("problem `p`") && err.contains(needle),
                "{entry}: {err}"
            );
        }
    let err = meta_of(table, "p").unwrap_err();
    assert!(err.contains("declares nothing for problem `p`"), "{err}");
    assert!(meta_of("[package]\n", "p")
        .unwrap_err()
        .contains("no [package.metadata.problems]"));
    assert!(meta_of("p = {", "p")
        .unwrap_err()
        .starts_with("problems/Cargo.toml: "));
}

#[test]
fn the_reader_finds_bins_and_starters() {
    let text = "bin = [\n    { name = \"a\", path = \"a.rs\" },\n]\n\n\
            [[example]]\nname = \"starter_queries\"\npath = \"../templates/queries.rs\"\n\n\
            [[example]]\nname = \"starter\"\npath = \"../templates/problem.rs\"\n\n\
            [[example]]\nname = \"move_checker\"\npath = \"../templates/move_checker.rs\"\n\n\
            [[example]]\nname = \"demo\"\npath = \"demo.rs\"\n\n\
            [package.metadata.problems]\nb = { judge = \"spoj\" }\n";
    let manifest = Manifest::parse(text).unwrap();
    let starters: Vec<(String, String)> = manifest
        .starters()
        .into_iter()
        .map(|s| (s.shape, s.example))
        .collect();
    assert_eq!(
        starters,
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
    assert_eq!(manifest.meta("b").unwrap().judge.name, "spoj");
    assert!(Manifest::read(Path::new("/nonexistent")).is_err());
}
