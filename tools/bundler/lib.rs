//! The bundler: one self-contained Rust file for a problem of this workspace.
//!
//! The file holds `mod judge` (the judge I/O crate, its `mod x;` files inlined) and
//! `mod grundy` with the library modules the problem needs, then the problem's code (after the
//! crates, so that its `macro_rules!` cannot reach their code). The modules are found by parsing every
//! file with `syn` (`source`): `use` trees (nested groups, globs, `self`, renames of the crates
//! and of their items), paths in code and in macro arguments, `crate::`, `self::` and `super::`
//! paths, root re-exports, and folder modules of any depth, which are inlined (`library`).
//! Unit-test modules (`#[cfg(test)]`), doc comments and inner attributes are cut from the text
//! by their spans, so the rest keeps its layout and comments; paths into the crates are
//! rewritten to point into the bundle's modules. Then `shake` drops every item of `judge` and
//! `grundy` that the problem cannot reach ([`Shaking::WholeModules`] skips that step).
//!
//! What cannot be followed is refused with the construct and the file named: `mod x;` in a
//! problem (also in a macro), a crate's name given alone to a macro that may paste it before
//! `::`, something of the problem's own named like a crate it uses, `#[path]`,
//! `include!`/`env!`-like macros (also inside other macros), `extern crate`, `$crate` in
//! library macros, `#![no_std]`-like attributes, and, for plain judges, the crates only
//! AtCoder ships. A problem's `#![deny]`/`#![forbid]` are left out: in the bundle they would
//! hold the crates' code to the problem's lints.

mod layout;
mod library;
mod macros;
pub mod msrv;
mod shake;
mod source;

use library::{crate_file_text, Library};
use model::judges::{self, Judge};
use model::workspace;
use source::{Role, SourceFile};
use std::collections::BTreeMap;
use std::path::Path;

/// The library crate's name, as problems write it.
const LIB: &str = "grundy";
/// The judge I/O crate's name.
const JUDGE: &str = "judge";
/// Crates that only AtCoder provides.
const ATCODER_CRATES: [&str; 2] = ["proconio", "itertools"];

/// A bundle and what went into it.
#[derive(Clone, Debug)]
pub struct Bundle {
    /// The source text.
    pub text: String,
    /// The library modules it holds.
    pub modules: Vec<String>,
    /// Whether it holds the judge I/O crate.
    pub has_judge: bool,
    /// What the text carries, in bytes: `problem` (the problem's code and the header), `judge`,
    /// and each library module as `grundy::NAME`.
    pub sizes: Vec<(String, usize)>,
}

/// How much of the crates a bundle carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shaking {
    /// Only the items the problem's code reaches (the default).
    Items,
    /// Every item of each module the problem names: the reference that shaking is tested
    /// against, and a way out if shaking ever drops too much.
    WholeModules,
}

/// Bundles problem `name` of the workspace at `root` for `judge`, keeping reachable items only.
pub fn bundle(root: &Path, name: &str, judge: &Judge) -> Result<Bundle, String> {
    bundle_with(root, name, judge, Shaking::Items)
}

/// Bundles problem `name` of the workspace at `root` for `judge`, shaken as `shaking` says.
pub fn bundle_with(
    root: &Path,
    name: &str,
    judge: &Judge,
    shaking: Shaking,
) -> Result<Bundle, String> {
    crate::workspace::check_problem(root, name)?;
    let problem_path = root.join("problems").join(format!("{}.rs", name));
    let problem = SourceFile::load(&problem_path, root)?;
    bundle_file(root, name, &problem, judge, shaking)
}

/// Bundles a problem given as text (shown in messages as `problems/NAME.rs`): how tests bundle
/// code that is not in the workspace.
pub fn bundle_source(
    root: &Path,
    name: &str,
    source: &str,
    judge: &Judge,
) -> Result<Bundle, String> {
    bundle_source_with(root, name, source, judge, Shaking::Items)
}

/// [`bundle_source`], shaken as `shaking` says.
pub fn bundle_source_with(
    root: &Path,
    name: &str,
    source: &str,
    judge: &Judge,
    shaking: Shaking,
) -> Result<Bundle, String> {
    let problem = SourceFile::parse(format!("problems/{}.rs", name), source.to_string())?;
    bundle_file(root, name, &problem, judge, shaking)
}

/// Bundles `problem`: the library modules it needs, the crates' text before its own, shaken
/// as `shaking` says, retabbed, under a header naming what it holds.
fn bundle_file(
    root: &Path,
    name: &str,
    problem: &SourceFile,
    judge: &Judge,
    shaking: Shaking,
) -> Result<Bundle, String> {
    let analysis = problem.analyse(Role::Problem)?;
    refuse_missing_crates(problem, &analysis, judge)?;
    let library = Library::load(root)?;
    let modules = needed_modules(&library, problem, &analysis)?;
    let has_judge = analysis.crates.contains(JUDGE);
    let mut body = crates_text(root, has_judge, &library, &modules)?;
    body += &analysis.text;
    let mut kept: Vec<String> = modules.into_keys().collect();
    // Only the crates' modules are shaken and retabbed: a problem's own `mod judge` (when it
    // does not use the crate) is the problem's.
    let mut crates = Vec::new();
    if has_judge {
        crates.push(JUDGE);
    }
    if !kept.is_empty() {
        crates.push(LIB);
    }
    if shaking == Shaking::Items {
        let shaken = shake::shake(&body, &crates)?;
        body = shaken.text;
        kept.retain(|m| shaken.kept_modules.contains(&format!("{}::{}", LIB, m)));
    }
    body = layout::tighten(&body, &crates)?;
    let mut text = header(name, judge, has_judge, &kept, &analysis.inner_attributes);
    text += &body;
    let sizes = sizes(&text)?;
    Ok(Bundle {
        text,
        modules: kept,
        has_judge,
        sizes,
    })
}

/// Refuses a problem that uses a crate only AtCoder ships when `judge` is a plain one.
fn refuse_missing_crates(
    problem: &SourceFile,
    analysis: &source::Analysis,
    judge: &Judge,
) -> Result<(), String> {
    if judge.is_plain() {
        if let Some(krate) = ATCODER_CRATES
            .iter()
            .find(|k| analysis.crates.contains(**k))
        {
            return Err(format!(
                "{} uses the crate {}, which {} lacks: read input through judge::Scanner, or bundle with --judge atcoder",
                problem.shown, krate, judge.title
            ));
        }
    }
    Ok(())
}

/// The library modules the problem needs, with the modules they need in turn: each name with
/// its text.
fn needed_modules(
    library: &Library,
    problem: &SourceFile,
    analysis: &source::Analysis,
) -> Result<BTreeMap<String, String>, String> {
    let mut wanted: Vec<String> = Vec::new();
    for path in &analysis.lib_paths {
        if path.first().is_some_and(|p| p == "$") {
            // `grundy::$f`: the module or re-export may be any name the macros are given.
            wanted.extend(library.modules_named(&analysis.macro_idents));
        } else {
            wanted.extend(library.modules_for(path, &problem.shown)?);
        }
    }
    let mut modules: BTreeMap<String, String> = BTreeMap::new();
    while let Some(module) = wanted.pop() {
        if modules.contains_key(&module) {
            continue;
        }
        let (text, needs) = library.module_text(&module)?;
        wanted.extend(needs);
        modules.insert(module, text);
    }
    Ok(modules)
}

/// The crates' part of the bundle: `mod judge` when the problem uses it, then `mod grundy`
/// with `modules` and the root re-exports whose modules all are there.
///
/// The crates come before the problem's code: a `macro_rules!` is in scope from its
/// definition to the end of the file, so a problem's own `vec!` or emptied `assert!` placed
/// above the crates would replace std's in their code. Placed after, it reaches only the
/// problem, as when cargo builds the crates apart.
fn crates_text(
    root: &Path,
    has_judge: bool,
    library: &Library,
    modules: &BTreeMap<String, String>,
) -> Result<String, String> {
    let mut body = String::new();
    if has_judge {
        let dir = root.join(JUDGE);
        let text = crate_file_text(root, JUDGE, &dir.join("lib.rs"), &dir, 0, &mut Vec::new())?;
        body += &format!("pub mod {} {{\n{}}}\n\n", JUDGE, text);
    }
    if !modules.is_empty() {
        body += &format!("pub mod {} {{\n", LIB);
        for (module, text) in modules {
            body += &format!("pub mod {} {{\n{}}}\n", module, text);
        }
        for (uses, line) in &library.root_uses {
            if uses.iter().all(|m| modules.contains_key(m)) {
                body += &format!("{}\n", line);
            }
        }
        body += "}\n\n";
    }
    Ok(body)
}

/// The bundle's first lines: what it was bundled from and for, the lints it allows, the
/// problem's inner attributes, and a blank line.
fn header(
    name: &str,
    judge: &Judge,
    has_judge: bool,
    kept: &[String],
    inner_attributes: &[String],
) -> String {
    let mut text = format!(
        "// {}: bundled for {} from problems/{}.rs{}{}.\n#![allow(dead_code, unused_imports, unused_macros)]\n",
        name,
        judge.title,
        name,
        if has_judge { ", judge/" } else { "" },
        if kept.is_empty() {
            String::new()
        } else {
            format!(" and lib/ ({})", kept.join(", "))
        }
    );
    for attr in inner_attributes {
        text += attr;
        text.push('\n');
    }
    text.push('\n');
    text
}

/// What a bundle's text carries: `problem` (all but the crates' modules), `judge`, and each
/// library module as `grundy::NAME`, in bytes, largest first after `problem`.
fn sizes(text: &str) -> Result<Vec<(String, usize)>, String> {
    use syn::spanned::Spanned;
    let file = syn::parse_file(text).map_err(|e| format!("the bundle does not parse: {}", e))?;
    let mut parts = Vec::new();
    for item in &file.items {
        if let syn::Item::Mod(m) = item {
            match (m.ident.to_string().as_str(), &m.content) {
                (JUDGE, _) => parts.push((JUDGE.to_string(), m.span().byte_range().len())),
                (LIB, Some((_, inner))) => {
                    for item in inner {
                        if let syn::Item::Mod(child) = item {
                            parts.push((
                                format!("{}::{}", LIB, child.ident),
                                child.span().byte_range().len(),
                            ));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    parts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let crates: usize = parts.iter().map(|p| p.1).sum();
    parts.insert(
        0,
        ("problem".to_string(), text.len() - crates.min(text.len())),
    );
    Ok(parts)
}

/// Comments and indentation out: each item of the bundle on one line, with a space between two
/// tokens only where the lexer would otherwise read them as one (`fn main`, `- -`, `1 .0`).
///
/// # Errors
/// If `text` does not parse, if it turns more than one token into text with `stringify!`
/// (whose text follows the source's spacing, which minifying changes), or (a defect) the
/// result does not read back as the same tokens.
pub fn minify(text: &str) -> Result<String, String> {
    use quote::ToTokens;
    let file = syn::parse_file(text).map_err(|e| format!("the bundle does not parse: {}", e))?;
    if stringifies_spacing(file.to_token_stream()) {
        return Err(
            "`stringify!` of several tokens prints them spaced as written, which --minify changes: bundle without --minify"
                .to_string(),
        );
    }
    let mut out = String::new();
    for attr in &file.attrs {
        compact(attr.to_token_stream(), &mut out, &mut None);
        out.push('\n');
    }
    for item in &file.items {
        compact(item.to_token_stream(), &mut out, &mut None);
        out.push('\n');
    }
    let back =
        syn::parse_file(&out).map_err(|e| format!("the minified bundle does not parse: {}", e))?;
    let (want, got) = (
        tokens(file.to_token_stream()),
        tokens(back.to_token_stream()),
    );
    if want != got {
        let at = want.iter().zip(&got).take_while(|(a, b)| a == b).count();
        let from = at.saturating_sub(8);
        return Err(format!(
            "the minified bundle reads back as other tokens after `{}` (a bundler defect)",
            want[from..at].join(" ")
        ));
    }
    Ok(out)
}

/// Whether `stream` calls `stringify!` on more than one token: its text then depends on the
/// spacing between them.
fn stringifies_spacing(stream: proc_macro2::TokenStream) -> bool {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = stream.into_iter().collect();
    trees.iter().enumerate().any(|(i, tree)| match tree {
        TokenTree::Group(g) => stringifies_spacing(g.stream()),
        TokenTree::Ident(name) if name == "stringify" => matches!(
            (trees.get(i + 1), trees.get(i + 2)),
            (Some(TokenTree::Punct(p)), Some(TokenTree::Group(g)))
                if p.as_char() == '!' && g.stream().into_iter().nth(1).is_some()
        ),
        _ => false,
    })
}

/// A token stream as the texts of its tokens, delimiters included: what a program means,
/// whatever the spacing.
fn tokens(stream: proc_macro2::TokenStream) -> Vec<String> {
    let mut out = Vec::new();
    for tree in stream {
        match tree {
            proc_macro2::TokenTree::Group(g) => {
                out.push(format!("{:?}", g.delimiter()));
                out.extend(tokens(g.stream()));
                out.push("end".to_string());
            }
            other => out.push(other.to_string()),
        }
    }
    out
}

/// What the last token printed was, for [`compact`]'s spacing.
#[derive(Clone, Copy)]
enum Last {
    Ident,
    Literal,
    /// A punctuation character and whether the next one was glued to it in the source.
    Punct(char, bool),
    /// An opening or closing delimiter: nothing merges with it.
    Delimiter,
}

/// Characters that two operators written apart could merge into one token from (`- -`, `= =`,
/// `& &`, `/ *`).
const OPERATOR_CHARS: &str = "=<>!&|+-*/%^.:";

/// Prints `tokens` into `out` with as few spaces as the lexer allows.
fn compact(tokens: proc_macro2::TokenStream, out: &mut String, last: &mut Option<Last>) {
    use proc_macro2::{Delimiter, Spacing, TokenTree};
    for tree in tokens {
        let next = match &tree {
            TokenTree::Ident(_) => Last::Ident,
            TokenTree::Literal(_) => Last::Literal,
            TokenTree::Punct(p) => Last::Punct(p.as_char(), p.spacing() == Spacing::Joint),
            TokenTree::Group(_) => Last::Delimiter,
        };
        let word = |t: Last| matches!(t, Last::Ident | Last::Literal);
        let space = match (*last, next) {
            (Some(a), b) if word(a) && word(b) => true,
            // `r#x`, `b'x'`, `1.0 .max`, `1 'a`: a word glued to these reads differently.
            (Some(Last::Ident), Last::Punct(c, _)) => c == '#' || c == '\'',
            (Some(Last::Literal), Last::Punct(c, _)) => c == '.' || c == '#' || c == '\'',
            // Two operators apart in the source stay apart (`- -x`, `a / *b`, `= =`).
            (Some(Last::Punct(a, false)), Last::Punct(b, _)) => {
                OPERATOR_CHARS.contains(a) && OPERATOR_CHARS.contains(b)
            }
            _ => false,
        };
        if space {
            out.push(' ');
        }
        match tree {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::None => ("", ""),
                };
                out.push_str(open);
                *last = Some(Last::Delimiter);
                compact(g.stream(), out, last);
                out.push_str(close);
                *last = Some(Last::Delimiter);
            }
            other => {
                out.push_str(&other.to_string());
                *last = Some(next);
            }
        }
    }
}
