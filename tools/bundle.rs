//! The bundler: one self-contained Rust file for a problem of this workspace.
//!
//! The file holds the problem's code, then `mod judge` (the judge I/O crate) and `mod grundy`
//! with exactly the library modules the problem needs, found by parsing every file with `syn`:
//! `use` trees (nested groups, globs, `self`, renames), paths in code and in macro arguments,
//! `crate::`, `self::` and `super::` paths, root re-exports, and folder modules of any depth,
//! which are inlined. Unit-test modules (`#[cfg(test)]`), doc comments and inner attributes are
//! cut from the text by their spans, so the rest keeps its layout and comments; paths into the
//! crates are rewritten to point into the bundle's modules.
//!
//! What cannot be followed is refused with the construct and the file named: `mod x;` in a
//! problem, `#[path]`, `include!`-like macros, `extern crate`, `$crate` in library macros,
//! and, for plain judges, the crates only AtCoder ships.

use crate::judges::Judge;
use proc_macro2::{Span, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::visit::Visit;

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
}

/// Bundles problem `name` of the workspace at `root` for `judge`.
pub fn bundle(root: &Path, name: &str, judge: &Judge) -> Result<Bundle, String> {
    crate::workspace::check_problem(root, name)?;
    let problem_path = root.join("problems").join(format!("{}.rs", name));
    let problem = SourceFile::load(&problem_path, root)?;
    bundle_file(root, name, &problem, judge)
}

/// Bundles a problem given as text (shown in messages as `problems/NAME.rs`): how tests bundle
/// code that is not in the workspace.
pub fn bundle_source(
    root: &Path,
    name: &str,
    source: &str,
    judge: &Judge,
) -> Result<Bundle, String> {
    let problem = SourceFile::parse(format!("problems/{}.rs", name), source.to_string())?;
    bundle_file(root, name, &problem, judge)
}

fn bundle_file(
    root: &Path,
    name: &str,
    problem: &SourceFile,
    judge: &Judge,
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
    let mut out = format!(
        "// {}: bundled for {} by `cargo run --bin bundle -- {}` from problems/{}.rs{}{}.\n#![allow(dead_code, unused_imports, unused_macros)]\n",
        name,
        judge.title,
        name,
        name,
        if has_judge { ", judge/" } else { "" },
        if modules.is_empty() {
            String::new()
        } else {
            format!(" and lib/ ({})", modules.keys().cloned().collect::<Vec<_>>().join(", "))
        }
    );
    for attr in &analysis.inner_attributes {
        out += attr;
        out.push('\n');
    }
    out.push('\n');
    out += &analysis.text;
    if has_judge {
        out += &format!(
            "\n// The judge I/O crate (judge/).\npub mod {} {{\n{}}}\n",
            JUDGE,
            indent(&judge_text(root, &analysis.text)?, 4)
        );
    }
    if !modules.is_empty() {
        out += &format!(
            "\n// The parts of the library (lib/) this problem uses.\npub mod {} {{\n",
            LIB
        );
        for (module, text) in &modules {
            out += &format!("    pub mod {} {{\n{}    }}\n", module, indent(text, 8));
        }
        for (uses, line) in &library.root_uses {
            if uses.iter().all(|m| modules.contains_key(m)) {
                out += &format!("    {}\n", line);
            }
        }
        out += "}\n";
    }
    Ok(Bundle {
        text: out,
        modules: modules.into_keys().collect(),
        has_judge,
    })
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

/// Indents every non-empty line by `by` spaces.
fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    let mut out = String::new();
    for line in text.lines() {
        if !line.is_empty() {
            out += &pad;
            out += line;
        }
        out.push('\n');
    }
    out
}

/// How a file's paths are read.
#[derive(Clone, Copy, Debug)]
enum Role {
    /// A problem: `grundy::` and `judge::` paths lead into the crates.
    Problem,
    /// A file of a library crate, `depth` modules below its root.
    Library {
        crate_name: &'static str,
        depth: usize,
    },
}

/// A parsed source file.
struct SourceFile {
    /// The path shown in messages, relative to the workspace.
    shown: String,
    text: String,
    syntax: syn::File,
}

/// The judge's modules that only some problems use, each with the words that show a problem
/// uses it (its items' names, a method's call): a bundle carries them only then, since the
/// judges' size limits are tight (DMOJ's 64 KiB).
const JUDGE_OPTIONAL: [(&str, &[&str]); 2] = [
    ("cases", &["Case", "Cases", "CaseField", "Lists", "cases"]),
    ("cached", &["Cached"]),
];

/// Whether `text` holds `word` as a whole identifier.
fn has_word(text: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// The judge crate's text for `problem` (its code, tests cut): judge/lib.rs with each `mod name;` replaced by
/// judge/name.rs inline (the judge's modules are one level deep), less the optional modules
/// the problem does not use and their re-exports.
fn judge_text(root: &Path, problem: &str) -> Result<String, String> {
    let dir = root.join(JUDGE);
    let file = SourceFile::load(&dir.join("lib.rs"), root)?;
    let analysis = file.analyse(Role::Library {
        crate_name: JUDGE,
        depth: 0,
    })?;
    let mut edits = analysis.edits;
    for module in &analysis.file_modules {
        let unused = JUDGE_OPTIONAL.iter().any(|(name, words)| {
            *name == module.name && !words.iter().any(|w| has_word(problem, w))
        });
        if unused {
            edits.push(Edit::delete(module.range.clone()));
            let reexport = format!("pub use {}::", module.name);
            if let Some(start) = file.text.find(&reexport) {
                let end = file.text[start..]
                    .find(';')
                    .map_or(file.text.len(), |e| start + e + 1);
                edits.push(Edit::delete(start..end));
            }
            continue;
        }
        let child = SourceFile::load(&dir.join(format!("{}.rs", module.name)), root)?;
        let body = child.analyse(Role::Library {
            crate_name: JUDGE,
            depth: 1,
        })?;
        if let Some(nested) = body.file_modules.first() {
            return Err(format!(
                "{}: `mod {};` loads another file: the judge's modules are one level deep",
                child.shown, nested.name
            ));
        }
        // Not indented again: the judge travels in every bundle, where bytes count.
        edits.push(Edit {
            range: module.range.clone(),
            with: format!("{} {{\n{}}}", module.header, body.text),
        });
    }
    Ok(apply(&file.text, edits))
}

/// What a file needs and its text ready to paste.
struct Analysis {
    /// The text with tests, docs and inner attributes cut and crate paths rewritten.
    text: String,
    /// Paths into the library, as segments after the library's root.
    lib_paths: Vec<Vec<String>>,
    /// Crates named by the file's paths (problems only).
    crates: BTreeSet<String>,
    /// Non-doc inner attributes (problems only), to go to the top of the bundle.
    inner_attributes: Vec<String>,
    /// Folder modules declared by `mod name;`: name, byte range, and `pub mod name` header.
    file_modules: Vec<FileModule>,
    /// The edits behind `text`, for a caller that adds its own.
    edits: Vec<Edit>,
}

/// A `mod name;` declaration: the module's body lives in another file.
#[derive(Clone, Debug)]
struct FileModule {
    name: String,
    range: std::ops::Range<usize>,
    /// The declaration without attributes or `;`, e.g. `pub mod code`.
    header: String,
}

impl SourceFile {
    fn load(path: &Path, root: &Path) -> Result<Self, String> {
        let shown = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        let text = fs::read_to_string(path).map_err(|e| format!("cannot read {}: {}", shown, e))?;
        SourceFile::parse(shown, text)
    }

    fn parse(shown: String, text: String) -> Result<Self, String> {
        let syntax = syn::parse_file(&text).map_err(|e| {
            let at = e.span().start();
            format!(
                "{}:{}:{}: does not parse: {}",
                shown,
                at.line,
                at.column + 1,
                e
            )
        })?;
        Ok(SourceFile {
            shown,
            text,
            syntax,
        })
    }

    fn analyse(&self, role: Role) -> Result<Analysis, String> {
        let mut visitor = PathVisitor {
            role,
            depth: match role {
                Role::Problem => 0,
                Role::Library { depth, .. } => depth,
            },
            file: &self.shown,
            edits: Vec::new(),
            lib_paths: Vec::new(),
            crates: BTreeSet::new(),
            file_modules: Vec::new(),
            error: None,
        };
        let mut inner_attributes = Vec::new();
        for attr in &self.syntax.attrs {
            let range = attr.span().byte_range();
            if !attr.path().is_ident("doc") && matches!(role, Role::Problem) {
                inner_attributes.push(self.text[range.clone()].to_string());
            }
            visitor.edits.push(Edit::delete(range));
        }
        for item in &self.syntax.items {
            if is_test_only(item_attrs(item)) {
                visitor.edits.push(Edit::delete(item.span().byte_range()));
            } else {
                visitor.visit_item(item);
            }
        }
        if let Some(error) = visitor.error {
            return Err(error);
        }
        let text = apply(&self.text, visitor.edits.clone());
        Ok(Analysis {
            text,
            lib_paths: visitor.lib_paths,
            crates: visitor.crates,
            inner_attributes,
            file_modules: visitor.file_modules,
            edits: visitor.edits,
        })
    }
}

/// A change to a file's text: replace `range` by `with`.
#[derive(Clone, Debug)]
struct Edit {
    range: std::ops::Range<usize>,
    with: String,
}

impl Edit {
    fn delete(range: std::ops::Range<usize>) -> Self {
        Edit {
            range,
            with: String::new(),
        }
    }
}

/// Applies edits (deletions may nest; the outermost wins), then drops lines left blank by a
/// deletion and runs of blank lines.
fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by(|a, b| {
        a.range
            .start
            .cmp(&b.range.start)
            .then(b.range.end.cmp(&a.range.end))
    });
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in edits {
        if edit.range.start < at {
            continue; // inside a deletion already made
        }
        out += &text[at..edit.range.start];
        if edit.with.is_empty() {
            out.push('\u{0}'); // marks a line that held a deletion
        }
        out += &edit.with;
        at = edit.range.end;
    }
    out += &text[at..];
    let mut lines: Vec<&str> = Vec::new();
    for line in out.lines() {
        let marked = line.contains('\u{0}');
        let blank = line.replace('\u{0}', "").trim().is_empty();
        if marked && blank {
            continue;
        }
        if blank && lines.last().map_or(true, |l| l.trim().is_empty()) {
            continue;
        }
        lines.push(line);
    }
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let mut joined = lines.join("\n").replace('\u{0}', "");
    joined.push('\n');
    joined
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::ExternCrate(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::ForeignMod(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::TraitAlias(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// `#[cfg(test)]` (or `#[cfg(all(test, ...))]`): the item exists only in unit tests.
fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && {
            let tokens = a
                .meta
                .require_list()
                .map(|l| l.tokens.to_string())
                .unwrap_or_default();
            tokens == "test" || tokens.starts_with("all (test")
        }
    })
}

/// Walks a file: records the crate paths it uses and the edits that make it paste.
struct PathVisitor<'a> {
    role: Role,
    /// Modules between the crate root and the code being visited.
    depth: usize,
    file: &'a str,
    edits: Vec<Edit>,
    lib_paths: Vec<Vec<String>>,
    crates: BTreeSet<String>,
    file_modules: Vec<FileModule>,
    error: Option<String>,
}

impl PathVisitor<'_> {
    fn refuse(&mut self, span: Span, what: &str) {
        if self.error.is_none() {
            let at = span.start();
            self.error = Some(format!(
                "{}:{}:{}: {}",
                self.file,
                at.line,
                at.column + 1,
                what
            ));
        }
    }

    /// Records a path given as segments with their spans, and rewrites its head so that it
    /// points into the bundle's modules.
    fn path(&mut self, segments: &[(String, Span)], leading_colon: Option<Span>) {
        let names: Vec<&str> = segments.iter().map(|(s, _)| s.as_str()).collect();
        let (first, head) = match segments.first() {
            Some((first, head)) => (first.as_str(), *head),
            None => return,
        };
        match self.role {
            Role::Problem => {
                if segments.len() < 2 && leading_colon.is_none() {
                    return;
                }
                if first == LIB || first == JUDGE {
                    self.crates.insert(first.to_string());
                    if first == LIB {
                        self.lib_paths
                            .push(names[1..].iter().map(|s| s.to_string()).collect());
                    }
                    let start =
                        leading_colon.map_or(head.byte_range().start, |c| c.byte_range().start);
                    self.edits.push(Edit {
                        range: start..head.byte_range().start,
                        with: "crate::".to_string(),
                    });
                } else if ATCODER_CRATES.contains(&first) {
                    self.crates.insert(first.to_string());
                }
            }
            Role::Library { crate_name, .. } => {
                let up = names.iter().take_while(|s| **s == "super").count();
                let rest = if first == "crate" {
                    &names[1..]
                } else if up > 0 && up >= self.depth {
                    if up > self.depth {
                        self.refuse(head, "`super::` goes above the crate's root");
                        return;
                    }
                    &names[up..]
                } else if first == "self" && self.depth == 0 {
                    &names[1..]
                } else {
                    return;
                };
                self.lib_paths
                    .push(rest.iter().map(|s| s.to_string()).collect());
                if first == "crate" {
                    let end = head.byte_range().end;
                    self.edits.push(Edit {
                        range: end..end,
                        with: format!("::{}", crate_name),
                    });
                } else if up > 0 {
                    // `super::super::…` up to the crate's root: point it at the root module.
                    let range = head.byte_range().start..segments[up - 1].1.byte_range().end;
                    self.edits.push(Edit {
                        range,
                        with: format!("crate::{}", crate_name),
                    });
                }
            }
        }
    }

    /// Paths inside a macro's tokens: `a::b::c` sequences.
    fn macro_tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(group) => {
                    self.macro_tokens(group.stream());
                    i += 1;
                }
                TokenTree::Ident(ident) => {
                    let mut segments = vec![(ident.to_string(), ident.span())];
                    let mut j = i + 1;
                    while j + 2 < trees.len() && is_path_sep(&trees[j], &trees[j + 1]) {
                        match &trees[j + 2] {
                            TokenTree::Ident(next) => {
                                segments.push((next.to_string(), next.span()));
                                j += 3;
                            }
                            _ => break,
                        }
                    }
                    if segments.len() > 1 {
                        self.path(&segments, None);
                    }
                    i = j.max(i + 1);
                }
                TokenTree::Punct(p) if p.as_char() == '$' => {
                    if let Some(TokenTree::Ident(next)) = trees.get(i + 1) {
                        if next == "crate" && !matches!(self.role, Role::Problem) {
                            self.refuse(
                                next.span(),
                                "`$crate` in a library macro: the bundler cannot place it",
                            );
                        }
                    }
                    i += 1;
                }
                _ => i += 1,
            }
        }
    }
}

fn is_path_sep(a: &TokenTree, b: &TokenTree) -> bool {
    matches!((a, b), (TokenTree::Punct(x), TokenTree::Punct(y))
        if x.as_char() == ':' && y.as_char() == ':' && x.spacing() == proc_macro2::Spacing::Joint)
}

/// The full paths a `use` tree names, each with the span of its first segment.
fn use_paths(
    tree: &syn::UseTree,
    prefix: &mut Vec<(String, Span)>,
    out: &mut Vec<Vec<(String, Span)>>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push((p.ident.to_string(), p.ident.span()));
            use_paths(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let mut path = prefix.clone();
            if n.ident != "self" {
                path.push((n.ident.to_string(), n.ident.span()));
            }
            out.push(path);
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push((r.ident.to_string(), r.ident.span()));
            }
            out.push(path);
        }
        syn::UseTree::Glob(g) => {
            let mut path = prefix.clone();
            path.push(("*".to_string(), g.star_token.span));
            out.push(path);
        }
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                use_paths(tree, prefix, out);
            }
        }
    }
}

impl<'ast> Visit<'ast> for PathVisitor<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut paths = Vec::new();
        use_paths(&item.tree, &mut Vec::new(), &mut paths);
        // A use tree rewrites its head once, however many paths share it.
        let mut rewritten = BTreeSet::new();
        for path in paths {
            if path.is_empty() {
                continue;
            }
            let key = path[0].1.byte_range().start;
            let before = self.edits.len();
            self.path(&path, item.leading_colon.as_ref().map(|c| c.spans[0]));
            if !rewritten.insert(key) {
                self.edits.truncate(before);
            }
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<(String, Span)> = path
            .segments
            .iter()
            .map(|s| (s.ident.to_string(), s.ident.span()))
            .collect();
        self.path(&segments, path.leading_colon.as_ref().map(|c| c.spans[0]));
        syn::visit::visit_path(self, path);
    }

    fn visit_vis_restricted(&mut self, _: &'ast syn::VisRestricted) {
        // `pub(crate)`, `pub(super)`: visibility, not a path to follow.
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let name = crate::msrv::macro_name(mac);
        if [
            "include",
            "include_str",
            "include_bytes",
            "env",
            "option_env",
            "concat_idents",
        ]
        .contains(&name.as_str())
        {
            self.refuse(
                mac.path.span(),
                &format!("`{}!` depends on the build, not on the source", name),
            );
        }
        self.visit_path(&mac.path);
        self.macro_tokens(mac.tokens.clone());
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if attr.path().is_ident("doc") {
            self.edits.push(Edit::delete(attr.span().byte_range()));
        } else if attr.path().is_ident("path") {
            self.refuse(
                attr.span(),
                "`#[path]` on a module: the bundler follows only the standard module layout",
            );
        }
    }

    fn visit_item_extern_crate(&mut self, item: &'ast syn::ItemExternCrate) {
        self.refuse(
            item.span(),
            "`extern crate`: use the crate by its path instead",
        );
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        for attr in &item.attrs {
            self.visit_attribute(attr);
        }
        if is_test_only(&item.attrs) {
            self.edits.push(Edit::delete(item.span().byte_range()));
            return;
        }
        match &item.content {
            None => match self.role {
                Role::Problem => self.refuse(
                    item.span(),
                    &format!(
                        "`mod {};` loads another file: a problem is one file",
                        item.ident
                    ),
                ),
                Role::Library { .. } => {
                    let vis = quote::ToTokens::to_token_stream(&item.vis)
                        .to_string()
                        .replace(' ', "");
                    let space = if vis.is_empty() { "" } else { " " };
                    self.file_modules.push(FileModule {
                        name: item.ident.to_string(),
                        range: item.span().byte_range(),
                        header: format!("{}{}mod {}", vis, space, item.ident),
                    })
                }
            },
            Some((_, items)) => {
                self.depth += 1;
                for inner in items {
                    if is_test_only(item_attrs(inner)) {
                        self.edits.push(Edit::delete(inner.span().byte_range()));
                    } else {
                        self.visit_item(inner);
                    }
                }
                self.depth -= 1;
            }
        }
    }

    fn visit_item(&mut self, item: &'ast syn::Item) {
        // Items nested in functions or impls may carry `#[cfg(test)]` too.
        if is_test_only(item_attrs(item)) {
            self.edits.push(Edit::delete(item.span().byte_range()));
        } else {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Fn(f) => &f.attrs[..],
            syn::ImplItem::Const(c) => &c.attrs[..],
            syn::ImplItem::Type(t) => &t.attrs[..],
            _ => &[],
        };
        if is_test_only(attrs) {
            self.edits.push(Edit::delete(item.span().byte_range()));
        } else {
            syn::visit::visit_impl_item(self, item);
        }
    }
}

/// The library: its top-level modules and its root `use` items.
struct Library {
    dir: PathBuf,
    root: PathBuf,
    modules: BTreeSet<String>,
    /// Name re-exported at the root → the module it comes from.
    names: BTreeMap<String, String>,
    /// Modules whose items are re-exported by a glob.
    globbed: Vec<String>,
    /// Each root `use` item: the modules it needs and its text, rewritten.
    root_uses: Vec<(Vec<String>, String)>,
}

impl Library {
    fn load(root: &Path) -> Result<Self, String> {
        let dir = root.join("lib");
        let file = SourceFile::load(&dir.join("lib.rs"), root)?;
        let mut library = Library {
            dir,
            root: root.to_path_buf(),
            modules: BTreeSet::new(),
            names: BTreeMap::new(),
            globbed: Vec::new(),
            root_uses: Vec::new(),
        };
        for item in &file.syntax.items {
            match item {
                syn::Item::Mod(m) if m.content.is_none() => {
                    library.modules.insert(m.ident.to_string());
                }
                syn::Item::Use(u) if !is_test_only(&u.attrs) => {
                    let mut paths = Vec::new();
                    use_paths(&u.tree, &mut Vec::new(), &mut paths);
                    let mut needs = Vec::new();
                    for path in &paths {
                        let segments: Vec<&str> = path.iter().map(|(s, _)| s.as_str()).collect();
                        let rest = match segments.first() {
                            Some(&"crate") | Some(&"self") => &segments[1..],
                            _ => &segments[..],
                        };
                        let (module, name) = match rest {
                            [module, .., name] => (module.to_string(), name.to_string()),
                            _ => {
                                return Err(format!(
                                    "{}: `use {}` re-exports no module's item",
                                    file.shown,
                                    segments.join("::")
                                ))
                            }
                        };
                        if name == "*" {
                            library.globbed.push(module.clone());
                        } else {
                            let exported = rename_of(&u.tree, &name).unwrap_or(name);
                            library.names.insert(exported, module.clone());
                        }
                        needs.push(module);
                    }
                    let text = file.text[u.span().byte_range()].to_string();
                    let text = text.replace("crate::", &format!("crate::{}::", LIB));
                    needs.sort();
                    needs.dedup();
                    library.root_uses.push((needs, text));
                }
                syn::Item::Mod(_) | syn::Item::Use(_) => {}
                other => {
                    return Err(format!(
                        "{}:{}: lib.rs holds only module declarations and re-exports; move this item into a module",
                        file.shown,
                        other.span().start().line
                    ))
                }
            }
        }
        Ok(library)
    }

    /// The modules a path into the library (segments after its root) needs.
    fn modules_for(&self, path: &[String], user: &str) -> Result<Vec<String>, String> {
        let first = match path.first() {
            Some(first) => first.as_str(),
            None => return Ok(Vec::new()),
        };
        if first == "*" {
            return Ok(self.modules.iter().cloned().collect());
        }
        if self.modules.contains(first) {
            return Ok(vec![first.to_string()]);
        }
        if let Some(module) = self.names.get(first) {
            return Ok(vec![module.clone()]);
        }
        if !self.globbed.is_empty() {
            return Ok(self.globbed.clone());
        }
        Err(format!(
            "{} uses `{}::{}`, which is neither a module of lib/ nor re-exported by lib/lib.rs",
            user,
            LIB,
            path.join("::")
        ))
    }

    /// A module's text, its folder modules inlined, and the modules it needs.
    fn module_text(&self, name: &str) -> Result<(String, Vec<String>), String> {
        let file = self.dir.join(format!("{}.rs", name));
        let folder = self.dir.join(name);
        let (path, children_dir) = if file.exists() {
            (file, folder)
        } else {
            (folder.join("mod.rs"), folder)
        };
        let mut needs = Vec::new();
        let text = self.file_text(&path, &children_dir, 1, &mut needs)?;
        let mut modules = Vec::new();
        for path in &needs {
            modules.extend(self.modules_for(path, &format!("lib module `{}`", name))?);
        }
        Ok((text, modules))
    }

    fn file_text(
        &self,
        path: &Path,
        children_dir: &Path,
        depth: usize,
        needs: &mut Vec<Vec<String>>,
    ) -> Result<String, String> {
        let file = SourceFile::load(path, &self.root)?;
        let analysis = file.analyse(Role::Library {
            crate_name: LIB,
            depth,
        })?;
        needs.extend(analysis.lib_paths.iter().cloned());
        if analysis.file_modules.is_empty() {
            return Ok(analysis.text);
        }
        // Inline each `mod name;` of this file, beside the analysis' own edits.
        let mut edits = analysis.edits;
        for module in &analysis.file_modules {
            let direct = children_dir.join(format!("{}.rs", module.name));
            let (child_path, grand_dir) = if direct.exists() {
                (direct.clone(), children_dir.join(&module.name))
            } else {
                let folder = children_dir.join(&module.name);
                (folder.join("mod.rs"), folder)
            };
            if !child_path.exists() {
                return Err(format!(
                    "{}: `mod {};` has neither {} nor {}",
                    file.shown,
                    module.name,
                    direct.display(),
                    child_path.display()
                ));
            }
            let body = self.file_text(&child_path, &grand_dir, depth + 1, needs)?;
            edits.push(Edit {
                range: module.range.clone(),
                with: format!("{} {{\n{}}}", module.header, indent(&body, 4)),
            });
        }
        Ok(apply(&file.text, edits))
    }
}

/// The name a `use` tree gives to `name` (its `as` rename), if any.
fn rename_of(tree: &syn::UseTree, name: &str) -> Option<String> {
    match tree {
        syn::UseTree::Path(p) => rename_of(&p.tree, name),
        syn::UseTree::Rename(r) if r.ident == name => Some(r.rename.to_string()),
        syn::UseTree::Group(g) => g.items.iter().find_map(|t| rename_of(t, name)),
        _ => None,
    }
}
