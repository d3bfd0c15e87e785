//! The bundler's check for old judge compilers. A bundle is the whole program: what it uses
//! that a judge's rustc lacks is a compile error there, after a clean build here. Three scans
//! read it, each naming what it finds, the rustc that brought it, and the line:
//! - [`syntax`]: language features newer than rustc 1.56 (SPOJ's, the oldest judge), which
//!   neither a newer rustc nor clippy's `incompatible_msrv` (which sees library APIs of the
//!   workspace's own crates only) reports: `let … else`, const generic defaults, trait bounds
//!   on a `const fn`, `#[default]` variants, exclusive range patterns, and so on;
//! - [`std_apis`]: std methods, functions, types and macros stabilised after 1.56, read from
//!   the table [`std_table`] made from rustdoc's "Stable since" markers. The bundle is the
//!   whole program, so a method it calls by a name it does not define itself is std's, or a
//!   compile error anyway; a name that some std type or trait already had in 1.56 is never
//!   named, since without types the call may be that one;
//! - [`editions`]: code whose meaning depends on the edition: `.into_iter()` on an array (by
//!   value in 2021, by reference in 2018), which judges compile in 2021 and the runner also in
//!   2018.
//!
//! [`check_for`] keeps what a given judge's rustc and edition reject; [`check`] gives every
//! finding, what the oldest judge rejects.

pub mod editions;
mod names;
pub mod std_apis;
pub mod std_table;
pub mod syntax;

pub use syntax::captured_names;
pub(crate) use syntax::macro_name;

/// What a finding needs of the judge's compiler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// This rustc (`major.minor`) or newer.
    Rustc(&'static str),
    /// This rustc or newer, compiling in this edition or a later one (`let` chains).
    RustcAndEdition(&'static str, &'static str),
    /// Every rustc accepts it, with one meaning in edition 2018 and another from 2021 on.
    SameMeaningInEveryEdition,
    /// An edition before this one: the code does not compile from it on (a variable named
    /// `gen`, a keyword in 2024).
    EditionBefore(&'static str),
}

impl Needs {
    /// Whether a judge with rustc `rustc` compiling in `edition` takes the code as meant.
    pub fn met_by(self, rustc: &str, edition: &str) -> bool {
        match self {
            Needs::Rustc(since) => crate::judges::at_least(rustc, since),
            Needs::RustcAndEdition(since, from) => {
                crate::judges::at_least(rustc, since) && edition >= from
            }
            // Every judge compiles 2021 or later, where such calls mean one thing; only a
            // judge compiling 2018 (there is none) would read them otherwise.
            Needs::SameMeaningInEveryEdition => edition >= "2021",
            Needs::EditionBefore(before) => edition < before,
        }
    }
}

/// Which scan a finding comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A language feature ([`syntax`]).
    Language,
    /// A std API ([`std_apis`]).
    StdApi,
    /// Code whose meaning depends on the edition ([`editions`]).
    Edition,
}

/// One finding: its line, what it says, and what it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The line in the checked text, from 1.
    pub line: usize,
    /// The scan that found it.
    pub kind: Kind,
    /// `file:line: what needs rustc X`.
    pub text: String,
    /// What a judge needs to accept the code.
    pub needs: Needs,
}

impl Finding {
    /// A finding of code at `line` of `file` that needs rustc `since`: "`what` needs rustc
    /// `since`".
    pub(crate) fn needs_rustc(
        kind: Kind,
        file: &str,
        line: usize,
        what: &str,
        since: &'static str,
    ) -> Self {
        Finding {
            line,
            kind,
            text: format!("{}:{}: {} needs rustc {}", file, line, what, since),
            needs: Needs::Rustc(since),
        }
    }
}

/// Every finding in `text` (syntax, std APIs, edition-dependent calls), what rustc 1.56
/// rejects or reads otherwise in another edition, one line per finding (`file:line: what`),
/// in line order.
///
/// # Errors
/// If `text` does not parse.
pub fn check(text: &str, file: &str) -> Result<Vec<String>, String> {
    Ok(findings(text, file)?.into_iter().map(|f| f.text).collect())
}

/// The findings of [`check`] that a judge with rustc `rustc` (`major.minor`) compiling in
/// `edition` rejects: what is newer than its rustc (or edition), and the array `.into_iter()`
/// calls unless the edition is 2024.
///
/// # Errors
/// If `text` does not parse.
pub fn check_for(
    text: &str,
    file: &str,
    rustc: &str,
    edition: &str,
) -> Result<Vec<String>, String> {
    Ok(findings(text, file)?
        .into_iter()
        .filter(|f| !f.needs.met_by(rustc, edition))
        .map(|f| f.text)
        .collect())
}

/// What may change meaning for a judge compiling in `edition` from the edition cargo builds
/// the problems in (2021), one line each: warnings, since the code still compiles there
/// ([`editions::changes_in_2024`]).
///
/// # Errors
/// If `text` does not parse.
pub fn warnings_for(text: &str, file: &str, edition: &str) -> Result<Vec<String>, String> {
    if edition < "2024" {
        return Ok(Vec::new());
    }
    let syntax = syn::parse_file(text).map_err(|e| format!("{}: does not parse: {}", file, e))?;
    Ok(editions::changes_in_2024(&syntax, file))
}

/// Every finding of the three scans, in line order.
///
/// # Errors
/// If `text` does not parse.
pub fn findings(text: &str, file: &str) -> Result<Vec<Finding>, String> {
    let syntax = syn::parse_file(text).map_err(|e| format!("{}: does not parse: {}", file, e))?;
    let defined = names::Defined::of(&syntax);
    let mut found = syntax::scan(&syntax, file, &defined);
    found.extend(std_apis::scan(&syntax, file, &defined));
    found.extend(editions::scan(&syntax, file));
    found.extend(editions::breaks_in_2024(text, file));
    found.sort_by(|a, b| (a.line, &a.text).cmp(&(b.line, &b.text)));
    // Two calls of one API on a line are one finding.
    found.dedup_by(|a, b| a.text == b.text);
    Ok(found)
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_old_compilers_reject() {
        let text = r#"
fn f(x: u32, w: usize) {
    let s = format!("{x} {} {y:>w$} {0} {{z}} {name}", x, name = 3);
    println!("{}", x);
    let (a, b);
    (a, b) = (1, 2);
    let Some(c) = Some(1) else { return };
    if let Some(d) = Some(1) && d > 0 {}
    let _ = 'l: { break 'l 1 };
    let v = vec![format!("{x}")];
    writeln!(out, "{w}").unwrap();
}
"#;
        let found = check(text, "t.rs").unwrap();
        let joined = found.join("\n");
        for want in [
            "t.rs:3: `{x}`",
            "t.rs:3: `{y}`",
            "t.rs:3: `{w}`",
            "t.rs:6: destructuring assignment needs rustc 1.59",
            "t.rs:7: `let ... else` needs rustc 1.65",
            "t.rs:8: a `let` chain needs rustc 1.88",
            "t.rs:9: a labelled block needs rustc 1.65",
            "t.rs:10: `{x}`",
            "t.rs:11: `{w}`",
        ] {
            assert!(joined.contains(want), "missing {want} in\n{joined}");
        }
        assert!(
            !joined.contains("`{name}`") && !joined.contains("`{z}`"),
            "{joined}"
        );
        assert_eq!(found.len(), 9, "{joined}");
    }

    #[test]
    fn names_array_into_iter_whose_items_depend_on_the_edition() {
        let text = r#"
fn f() -> u32 {
    let a = [1u32, 2];
    let b: [u32; 2] = make();
    let s = [1u32, 2].into_iter().sum::<u32>();
    let t: u32 = a.into_iter().sum();
    let u: u32 = b.into_iter().sum();
    let v = vec![1u32];
    let w: u32 = v.into_iter().sum();
    let x: u32 = [0u32; 3].into_iter().sum();
    {
        let v = [1u32];
        let _ = v.iter();
    }
    let y: u32 = v.into_iter().sum();
    let a = vec![2u32];
    let z: u32 = a.into_iter().sum();
    let neutral: u32 = IntoIterator::into_iter([1u32, 2]).sum();
    s + t + u + w + x + y + z + neutral
}
fn g(a: Vec<u32>) -> u32 {
    a.into_iter().sum()
}
"#;
        let found = check(text, "t.rs").unwrap();
        let lines: Vec<&str> = found.iter().map(|f| f.split(':').nth(1).unwrap()).collect();
        assert_eq!(lines, ["5", "6", "7", "10"], "{found:?}");
        assert!(found[0].contains(
            "`.into_iter()` on an array yields values in edition 2021 but references in 2018"
        ));
    }

    #[test]
    fn each_judge_is_held_to_its_own_rustc_and_edition() {
        let text = r#"
fn f(x: u32) -> u32 {
    let s = format!("{x}");
    let Some(y) = Some(x) else { return 0 };
    let z = const { 3 };
    let t: u32 = [1u32, 2].into_iter().sum();
    y + z + t + s.len() as u32
}
"#;
        let lines = |rustc: &str, edition: &str| -> Vec<String> {
            check_for(text, "t.rs", rustc, edition)
                .unwrap()
                .iter()
                .map(|f| f.split(':').nth(1).unwrap().to_string())
                .collect()
        };
        // Line 6, an array's `.into_iter()`, means one thing in 2021 and 2024: no judge
        // compiles 2018, so it is refused for none.
        assert_eq!(lines("1.56", "2021"), ["3", "4", "5"]);
        assert_eq!(lines("1.58", "2021"), ["4", "5"]);
        assert_eq!(lines("1.78", "2021"), ["5"]);
        assert_eq!(lines("1.79", "2021"), Vec::<String>::new());
        assert_eq!(lines("1.94", "2024"), Vec::<String>::new());
        assert_eq!(lines("1.56", "2024"), ["3", "4", "5"]);
        assert_eq!(check(text, "t.rs").unwrap().len(), 4);
    }

    #[test]
    fn plain_old_code_passes() {
        let text = "fn f(x: u32) -> String { let (a, b) = (1, 2); let mut y = a; y = b; format!(\"{} {:>5} {0} {n}\", x, n = y) }";
        assert_eq!(check(text, "t.rs").unwrap(), Vec::<String>::new());
    }
}
