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
