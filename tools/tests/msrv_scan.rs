//! Every library module and the judge crate, bundled, use only syntax rustc 1.56 accepts.

#[test]
fn the_whole_library_bundles_for_old_compilers() {
    let root = tools::workspace::default_root();
    let spoj = tools::judges::by_name("spoj").unwrap();
    let source = "use grundy::*;\nfn main() { judge::main(|sc: &mut judge::Scanner, _: &mut Vec<u8>| sc.finish()) }\n";
    // Whole modules: shaking would leave only what this `main` reaches.
    let bundle = tools::bundle::bundle_source_with(
        &root,
        "all",
        source,
        spoj,
        tools::bundle::Shaking::WholeModules,
    )
    .unwrap();
    assert!(bundle.modules.len() > 5, "{:?}", bundle.modules);
    let findings = tools::msrv::check(&bundle.text, "bundle of all").unwrap();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

#[test]
fn the_single_file_starter_uses_old_syntax_only() {
    let root = tools::workspace::default_root();
    let text = std::fs::read_to_string(root.join("templates/main.rs")).unwrap();
    let findings = tools::msrv::check(&text, "templates/main.rs").unwrap();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

/// The Rust code blocks of the doc comments in `text`, each as a compilable-looking `main`.
fn doc_examples(text: &str) -> Vec<(usize, String)> {
    let mut examples = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        let doc = match line
            .trim_start()
            .strip_prefix("///")
            .or_else(|| line.trim_start().strip_prefix("//!"))
        {
            Some(doc) => doc.strip_prefix(' ').unwrap_or(doc),
            None => continue,
        };
        if let Some(fence) = doc.trim().strip_prefix("```") {
            match current.take() {
                Some(example) => examples.push(example),
                None if fence.is_empty() || fence.starts_with("rust") || fence == "no_run" => {
                    current = Some((number + 1, String::new()))
                }
                None => current = Some((0, String::new())), // not Rust: skipped at its end
            }
            continue;
        }
        if let Some((_, code)) = current.as_mut() {
            let code_line = doc
                .strip_prefix("# ")
                .unwrap_or(if doc == "#" { "" } else { doc });
            code.push_str(code_line);
            code.push('\n');
        }
    }
    examples
        .into_iter()
        .filter(|(line, _)| *line > 0)
        .map(|(line, code)| {
            if code.contains("fn main") {
                (line, code)
            } else {
                (line, format!("fn main() {{\n{}}}\n", code))
            }
        })
        .collect()
}

#[test]
fn doc_examples_mean_the_same_in_every_edition() {
    let root = tools::workspace::default_root();
    let mut files = Vec::new();
    let mut dirs = vec![root.join("lib"), root.join("judge")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut checked = 0;
    let mut findings = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (line, code) in doc_examples(&text) {
            let shown = format!("{} (example at line {})", file.display(), line);
            findings.extend(tools::msrv::check(&code, &shown).unwrap_or_else(|e| vec![e]));
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} examples found");
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

#[test]
fn the_example_reader_finds_an_array_into_iter() {
    let text = "/// ```\n/// let v: u32 = [1u32].into_iter().sum();\n/// ```\n/// ```text\n/// [1].into_iter()\n/// ```\nfn f() {}\n";
    let examples = doc_examples(text);
    assert_eq!(examples.len(), 1);
    let findings = tools::msrv::check(&examples[0].1, "x").unwrap();
    assert_eq!(findings.len(), 1, "{findings:?}");
}
