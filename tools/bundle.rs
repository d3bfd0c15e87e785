//! The bundler: one self-contained Rust file for a problem of this workspace.
//!
//! The file holds the problem's code, then `mod judge` (the judge I/O crate, its `mod x;` files
//! inlined) and `mod grundy` with the library modules the problem needs, found by parsing every
//! file with `syn` ([`source`]): `use` trees (nested groups, globs, `self`, renames of the crates
//! and of their items), paths in code and in macro arguments, `crate::`, `self::` and `super::`
//! paths, root re-exports, and folder modules of any depth, which are inlined ([`library`]).
//! Unit-test modules (`#[cfg(test)]`), doc comments and inner attributes are cut from the text
//! by their spans, so the rest keeps its layout and comments; paths into the crates are
//! rewritten to point into the bundle's modules. Then [`shake`] drops every item of `judge` and
//! `grundy` that the problem cannot reach ([`Shaking::WholeModules`] skips that step).
//!
//! What cannot be followed is refused with the construct and the file named: `mod x;` in a
//! problem, `#[path]`, `include!`/`env!`-like macros (also inside other macros), `extern crate`,
//! `$crate` in library macros, and, for plain judges, the crates only AtCoder ships.

mod library;
mod shake;
mod source;

use crate::judges::Judge;
use library::{crate_file_text, Library};
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

fn bundle_file(
    root: &Path,
    name: &str,
    problem: &SourceFile,
    judge: &Judge,
    shaking: Shaking,
) -> Result<Bundle, String> {
    let analysis = problem.analyse(Role::Problem)?;
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
    let library = Library::load(root)?;
    let mut wanted: Vec<String> = Vec::new();
    for path in &analysis.lib_paths {
        wanted.extend(library.modules_for(path, &problem.shown)?);
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
    let has_judge = analysis.crates.contains(JUDGE);
    let mut body = analysis.text.clone();
    if has_judge {
        let dir = root.join(JUDGE);
        let text = crate_file_text(root, JUDGE, &dir.join("lib.rs"), &dir, 0, &mut Vec::new())?;
        body += &format!(
            "\n// The judge I/O crate (judge/).\npub mod {} {{\n{}}}\n",
            JUDGE, text
        );
    }
    if !modules.is_empty() {
        body += &format!(
            "\n// The parts of the library (lib/) this problem uses.\npub mod {} {{\n",
            LIB
        );
        for (module, text) in &modules {
            body += &format!("pub mod {} {{\n{}}}\n", module, text);
        }
        for (uses, line) in &library.root_uses {
            if uses.iter().all(|m| modules.contains_key(m)) {
                body += &format!("{}\n", line);
            }
        }
        body += "}\n";
    }
    let mut kept: Vec<String> = modules.into_keys().collect();
    if shaking == Shaking::Items {
        let shaken = shake::shake(&body, &[JUDGE, LIB])?;
        body = shaken.text;
        kept.retain(|m| shaken.kept_modules.contains(&format!("{}::{}", LIB, m)));
    }
    let mut text = format!(
        "// {}: bundled for {} by `cargo run --bin bundle -- {}` from problems/{}.rs{}{}.\n#![allow(dead_code, unused_imports, unused_macros)]\n",
        name,
        judge.title,
        name,
        name,
        if has_judge { ", judge/" } else { "" },
        if kept.is_empty() {
            String::new()
        } else {
            format!(" and lib/ ({})", kept.join(", "))
        }
    );
    for attr in &analysis.inner_attributes {
        text += attr;
        text.push('\n');
    }
    text.push('\n');
    text += &body;
    let sizes = sizes(&text)?;
    Ok(Bundle {
        text,
        modules: kept,
        has_judge,
        sizes,
    })
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

/// Comments and indentation out: the bundle as one stream of tokens.
pub fn minify(text: &str) -> Result<String, String> {
    let file = syn::parse_file(text).map_err(|e| format!("the bundle does not parse: {}", e))?;
    let mut out = String::new();
    for attr in &file.attrs {
        out += &quote::ToTokens::to_token_stream(attr).to_string();
        out.push('\n');
    }
    for item in &file.items {
        out += &quote::ToTokens::to_token_stream(item).to_string();
        out.push('\n');
    }
    Ok(out)
}
