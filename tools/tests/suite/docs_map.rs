//! The manual held to the code: every library module has its row in the README's library
//! table and its place in ARCHITECTURE's code map, and every cookbook row's worked problem
//! calls what the row names. A module added without its rows, or a problem that stops using
//! the module it is the worked example of, fails here rather than drifting unnoticed.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn read(relative: &str) -> String {
    fs::read_to_string(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The public modules `lib/lib.rs` declares.
fn library_modules() -> Vec<String> {
    read("lib/lib.rs")
        .lines()
        .filter_map(|line| line.trim().strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches(';').trim().to_string())
        .collect()
}

/// The words written in backticks in `text`, split at `::`, `,`, `(` and spaces inside.
fn backticked(text: &str) -> BTreeSet<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|quoted| {
            quoted
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The text of the Markdown section that starts at the line `heading` and ends at the next
/// heading of the same or a higher level.
fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let start = text
        .find(heading)
        .unwrap_or_else(|| panic!("no section {heading:?}"));
    let level = heading.chars().take_while(|&c| c == '#').count();
    let body = &text[start + heading.len()..];
    let end = body
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .find(|&i| {
            let hashes = body[i..].chars().take_while(|&c| c == '#').count();
            hashes >= 1 && hashes <= level && body[i + hashes..].starts_with(' ')
        })
        .unwrap_or(body.len());
    &body[..end]
}

/// The cells of a Markdown table row, without the outer pipes.
fn cells(row: &str) -> Vec<&str> {
    let inner = row.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(str::trim).collect()
}

#[test]
fn every_library_module_has_its_readme_row_and_its_place_in_the_code_map() {
    let readme = read("README.md");
    let table = section(&readme, "## The library");
    let first_cells: BTreeSet<String> = table
        .lines()
        .filter(|l| l.starts_with('|'))
        .flat_map(|row| backticked(cells(row)[0]))
        .collect();
    let architecture = read("docs/ARCHITECTURE.md");
    // The code map is the section's opening paragraphs, before its invariants.
    let lib_section = section(&architecture, "### `lib/`");
    let code_map = backticked(
        &lib_section[..lib_section
            .find("**Invariant:**")
            .unwrap_or(lib_section.len())],
    );
    let modules = library_modules();
    assert!(modules.len() > 20, "lib/lib.rs read: {modules:?}");
    let missing_rows: Vec<&String> = modules
        .iter()
        .filter(|m| !first_cells.contains(*m))
        .collect();
    assert!(
        missing_rows.is_empty(),
        "modules without a row in README's library table: {missing_rows:?}"
    );
    let missing_map: Vec<&String> = modules.iter().filter(|m| !code_map.contains(*m)).collect();
    assert!(
        missing_map.is_empty(),
        "modules missing from docs/ARCHITECTURE.md's lib/ code map: {missing_map:?}"
    );
}

/// Code without its comments: what a file calls, not what it mentions.
fn code_of(source: &str) -> String {
    source
        .lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `code` uses module `module` or item `item` of the library: a path through the
/// module, or the item's name as a whole word.
fn uses(code: &str, word: &str, modules: &[String]) -> bool {
    if modules.iter().any(|m| m == word) {
        return code.contains(&format!("grundy::{word}")) || code.contains(&format!("{word}::"));
    }
    code.match_indices(word).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + word.len()..].chars().next();
        let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !is_word(before) && !is_word(after)
    })
}

#[test]
fn every_cookbook_row_names_a_module_its_worked_problems_call() {
    let cookbook = read("docs/cookbook.md");
    let modules = library_modules();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for row in cookbook.lines().filter(|l| l.starts_with("| ")) {
        let cells = cells(row);
        if cells.len() != 4 || cells[0] == "the statement says" {
            continue;
        }
        let named = backticked(cells[2]);
        let problems = backticked(cells[3]);
        for problem in &problems {
            let path = root().join("problems").join(format!("{problem}.rs"));
            let source = fs::read_to_string(&path)
                .unwrap_or_else(|_| panic!("cookbook row {row:?}: no problem {problem}"));
            let code = code_of(&source);
            if named.is_empty() {
                continue; // "closed form in the problem", "—": nothing named to call
            }
            checked += 1;
            if !named.iter().any(|word| uses(&code, word, &modules)) {
                wrong.push(format!("{problem} calls none of {named:?}"));
            }
        }
    }
    assert!(checked > 15, "cookbook rows read: {checked}");
    assert!(
        wrong.is_empty(),
        "worked problems that do not call their row's items: {wrong:#?}"
    );
}

/// The `.rs` files under `relative`, its subfolders included (`target/` left out).
fn rust_files(relative: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![root().join(relative)];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap_or_else(|e| panic!("{folder:?}: {e}")) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().is_none_or(|n| n != "target") {
                    folders.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A library file's code outside its tests: without comments, cut at its `#[cfg(test)]`.
fn production_code(path: &Path) -> String {
    let code = code_of(&fs::read_to_string(path).unwrap());
    match code.find("#[cfg(test)]") {
        Some(i) => code[..i].to_string(),
        None => code,
    }
}

/// The library's files that reach a bundle: not its lessons (`examples/`), not its test
/// binaries (`tests/`), not a module's `tests.rs` or `tests/` folder.
fn library_production_files() -> Vec<PathBuf> {
    let lib = root().join("lib");
    rust_files("lib")
        .into_iter()
        .filter(|p| {
            let inner = p.strip_prefix(&lib).unwrap();
            !inner.starts_with("examples")
                && !inner.components().any(|c| c.as_os_str() == "tests")
                && p.file_name().unwrap() != "tests.rs"
        })
        .collect()
}

#[test]
fn the_library_does_no_io_outside_its_tests() {
    let io = [
        "print!",
        "println!",
        "eprint!",
        "eprintln!",
        "dbg!",
        "std::fs",
        "std::io::stdin",
        "std::io::stdout",
        "std::io::stderr",
        "std::env",
        "std::net",
        "std::process",
        "File::",
    ];
    let files = library_production_files();
    assert!(files.len() > 30, "library files read: {}", files.len());
    let mut found = Vec::new();
    for path in &files {
        let code = production_code(path);
        for word in io {
            if code.contains(word) {
                found.push(format!("{}: {word}", path.display()));
            }
        }
    }
    assert!(found.is_empty(), "I/O in the library: {found:#?}");
}

/// The names of the public functions in `code`.
fn public_functions(code: &str) -> Vec<String> {
    code.split("pub fn ")
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|&c| c.is_alphanumeric() || c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn the_house_vocabulary_holds_in_the_library() {
    let terms_of_art = ["nim_sum", "mex_few", "subtraction_code"];
    let lib = root().join("lib");
    let mut wrong = Vec::new();
    let mut read = 0;
    for path in library_production_files() {
        // The module a file is: its folder for `mod.rs`, its stem otherwise.
        let inner = path.strip_prefix(&lib).unwrap();
        let module = match inner.file_stem().unwrap().to_str().unwrap() {
            "mod" => inner.parent().unwrap().to_str().unwrap().to_string(),
            stem => stem.to_string(),
        };
        let module = module.rsplit('/').next().unwrap().to_string();
        for name in public_functions(&production_code(&path)) {
            read += 1;
            let place = format!("{}: {name}", inner.display());
            if name.contains("winning") && name != "winning_move" && name != "winning_moves" {
                wrong.push(format!("{place} (a winning move is `winning_move`)"));
            }
            let outcome_type = inner == Path::new("outcome.rs");
            if ["mover_wins", "is_p_position"].contains(&name.as_str())
                || (name == "first_player_wins" && !outcome_type)
            {
                wrong.push(format!("{place} (who wins is `outcome`)"));
            }
            // A top-level module's items are read as `module::item`; a folder's files are
            // re-exported by its door, where their own names are not in the path.
            let top_level = inner.components().count() == 1;
            if top_level
                && name.starts_with(&format!("{module}_"))
                && !terms_of_art.contains(&name.as_str())
            {
                wrong.push(format!("{place} (repeats its module's name)"));
            }
        }
    }
    assert!(read > 100, "public functions read: {read}");
    assert!(wrong.is_empty(), "outside the house vocabulary: {wrong:#?}");
}

/// The table `[section]` of a `Cargo.toml`'s text: its lines up to the next table.
fn toml_table<'a>(text: &'a str, section: &str) -> Vec<&'a str> {
    let mut lines = text.lines().skip_while(|l| l.trim() != section);
    if lines.next().is_none() {
        return Vec::new();
    }
    lines
        .take_while(|l| !l.trim_start().starts_with('['))
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect()
}

#[test]
fn what_reaches_a_judge_depends_on_std_alone() {
    for krate in ["lib", "judge"] {
        let manifest = read(&format!("{krate}/Cargo.toml"));
        let dependencies = toml_table(&manifest, "[dependencies]");
        assert!(
            dependencies.is_empty(),
            "{krate}/Cargo.toml has dependencies: {dependencies:?}"
        );
    }
    // problems/ links the library and the judge; testkit only for its tests.
    for krate in ["lib", "judge", "problems"] {
        let manifest = read(&format!("{krate}/Cargo.toml"));
        let dependencies = toml_table(&manifest, "[dependencies]");
        assert!(
            !dependencies.iter().any(|l| l.contains("testkit")),
            "{krate}/Cargo.toml links testkit outside its tests: {dependencies:?}"
        );
        assert!(
            !manifest.contains("[target."),
            "{krate}/Cargo.toml has a target-specific table to read"
        );
    }
    let problems = read("problems/Cargo.toml");
    assert!(
        toml_table(&problems, "[dev-dependencies]")
            .iter()
            .any(|l| l.contains("testkit")),
        "problems/Cargo.toml read: testkit is its dev-dependency"
    );
}

#[test]
fn every_problem_runs_the_house_tests() {
    let mut missing = Vec::new();
    for path in fs::read_dir(root().join("problems")).unwrap() {
        let path = path.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let mut code = code_of(&fs::read_to_string(&path).unwrap());
        // Tests that are the bulk of a problem live beside it, in `problems/NAME/tests.rs`.
        let beside = path.with_extension("").join("tests.rs");
        if let Ok(tests) = fs::read_to_string(beside) {
            code += &code_of(&tests);
        }
        if !code.contains("testkit::problem_tests!(")
            && !code.contains("testkit::interactive_tests!(")
        {
            missing.push(path.display().to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "problems without the house tests: {missing:?}"
    );
}

/// Every function name in the workspace's Rust sources (tests included).
fn function_names() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for folder in ["lib", "judge", "testkit", "problems", "tools"] {
        for path in rust_files(folder) {
            let text = fs::read_to_string(&path).unwrap();
            for rest in text.split("fn ").skip(1) {
                let name: String = rest
                    .chars()
                    .take_while(|&c| c.is_alphanumeric() || c == '_')
                    .collect();
                names.insert(name);
            }
        }
    }
    names
}

#[test]
fn every_invariant_names_what_holds_it() {
    let architecture = read("docs/ARCHITECTURE.md");
    let functions = function_names();
    let ci = read(".ci/run");
    let mut wrong = Vec::new();
    let mut invariants = 0;
    for paragraph in architecture.split("\n\n") {
        if !paragraph.starts_with("**Invariant:**") {
            continue;
        }
        let paragraph = paragraph.replace('\n', " ");
        invariants += 1;
        let first_words: String = paragraph.chars().take(70).collect();
        let Some(at) = paragraph.find("Held by") else {
            wrong.push(format!("{first_words}…: no `Held by`"));
            continue;
        };
        for name in paragraph[at..].split('`').skip(1).step_by(2) {
            let path_like = name.contains('/') || name.ends_with(".rs") || name.ends_with(".toml");
            if path_like {
                let found = [root(), root().join("tools")]
                    .iter()
                    .any(|dir| dir.join(name).exists());
                if !found {
                    wrong.push(format!("{first_words}…: no file {name}"));
                }
            } else if name.contains('_')
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && !functions.contains(name)
                && !ci.contains(name)
            {
                wrong.push(format!("{first_words}…: no test or lint {name}"));
            }
        }
    }
    assert!(invariants >= 15, "invariants read: {invariants}");
    assert!(
        wrong.is_empty(),
        "invariants not held by a named check: {wrong:#?}"
    );
}
