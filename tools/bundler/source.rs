//! One parsed source file: the crate paths it uses and the edits that make it paste into a
//! bundle (unit tests, doc comments and inner attributes cut; crate paths rewritten).

use super::macros::{idents, Defined};
use super::{ATCODER_CRATES, JUDGE, LIB};
use proc_macro2::{Span, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// How a file's paths are read.
#[derive(Clone, Copy, Debug)]
pub(super) enum Role {
    /// A problem: `grundy::` and `judge::` paths lead into the crates.
    Problem,
    /// A file of a library crate, `depth` modules below its root.
    Library {
        /// The crate's name in the bundle.
        crate_name: &'static str,
        depth: usize,
    },
}

/// A parsed source file.
pub(super) struct SourceFile {
    /// The path shown in messages, relative to the workspace.
    pub(super) shown: String,
    pub(super) text: String,
    pub(super) syntax: syn::File,
}

/// What a file needs and its text ready to paste.
pub(super) struct Analysis {
    /// The text with tests, docs and inner attributes cut and crate paths rewritten.
    pub(super) text: String,
    /// Paths into the library, as segments after the library's root.
    pub(super) lib_paths: Vec<Vec<String>>,
    /// Crates named by the file's paths (problems only).
    pub(super) crates: BTreeSet<String>,
    /// Non-doc inner attributes (problems only), to go to the top of the bundle.
    pub(super) inner_attributes: Vec<String>,
    /// Folder modules declared by `mod name;`: name, byte range, and `pub mod name` header.
    pub(super) file_modules: Vec<FileModule>,
    /// The edits behind `text`, for a caller that adds its own.
    pub(super) edits: Vec<Edit>,
    /// Every identifier in the file's macro calls and `macro_rules!` bodies: the names a
    /// macro may put after a crate path it builds (`grundy::$f`).
    pub(super) macro_idents: BTreeSet<String>,
}

/// A `mod name;` declaration: the module's body lives in another file.
#[derive(Clone, Debug)]
pub(super) struct FileModule {
    pub(super) name: String,
    pub(super) range: std::ops::Range<usize>,
    /// The declaration without attributes or `;`, e.g. `pub mod code`.
    pub(super) header: String,
}

impl SourceFile {
    pub(super) fn load(path: &Path, root: &Path) -> Result<Self, String> {
        let shown = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        let text = fs::read_to_string(path).map_err(|e| format!("cannot read {}: {}", shown, e))?;
        SourceFile::parse(shown, text)
    }

    /// Parses `text`; a leading byte-order mark, which editors may write and rustc skips, is
    /// dropped first so that byte offsets stay those of the text kept.
    pub(super) fn parse(shown: String, text: String) -> Result<Self, String> {
        let text = match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        };
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

    pub(super) fn analyse(&self, role: Role) -> Result<Analysis, String> {
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
            aliases: match role {
                Role::Problem => crate_aliases(&self.syntax),
                Role::Library { .. } => BTreeMap::new(),
            },
            in_use: false,
            macro_idents: BTreeSet::new(),
            macros: match role {
                Role::Problem => {
                    let tokens = quote::ToTokens::to_token_stream(&self.syntax);
                    Some((Defined::of(tokens.clone()), pastes_before_path(tokens)))
                }
                Role::Library { .. } => None,
            },
            error: None,
        };
        let mut inner_attributes = Vec::new();
        for attr in &self.syntax.attrs {
            let range = attr.span().byte_range();
            if !attr.path().is_ident("doc") && matches!(role, Role::Problem) {
                match crate_wide(attr) {
                    CrateWide::Hoist => inner_attributes.push(self.text[range.clone()].to_string()),
                    CrateWide::Drop => {}
                    CrateWide::Refuse(name) => visitor.refuse(
                        attr.span(),
                        &format!(
                            "`#![{}]` would apply to the crates' code too, which needs std's prelude and `main`",
                            name
                        ),
                    ),
                }
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
        if let Role::Problem = role {
            if let Some((name, span)) = own_crate_names(&self.syntax)
                .into_iter()
                .find(|(name, _)| visitor.crates.contains(name))
            {
                let at = span.start();
                return Err(format!(
                    "{}:{}:{}: the problem names something of its own `{}` beside paths into the crate `{}`: the bundle cannot tell them apart; rename it",
                    self.shown,
                    at.line,
                    at.column + 1,
                    name,
                    name
                ));
            }
        }
        if let Role::Library { .. } = role {
            // A crate's comments are for its readers, not the judge's: the problem keeps its own.
            visitor
                .edits
                .extend(comments(&self.text).into_iter().map(Edit::delete));
        }
        let text = apply(&self.text, visitor.edits.clone());
        Ok(Analysis {
            text,
            lib_paths: visitor.lib_paths,
            crates: visitor.crates,
            inner_attributes,
            file_modules: visitor.file_modules,
            edits: visitor.edits,
            macro_idents: visitor.macro_idents,
        })
    }
}

/// The problem's own modules, types, traits and imports named like a crate (`mod grundy`,
/// `use other as judge`), anywhere in it: a path `grundy::x` next to one may mean it, and the
/// bundle, which points such paths at its crate module, would change what they mean.
fn own_crate_names(file: &syn::File) -> Vec<(String, Span)> {
    struct Own(Vec<(String, Span)>);
    impl Own {
        fn check(&mut self, ident: &syn::Ident) {
            if ident == LIB || ident == JUDGE {
                self.0.push((ident.to_string(), ident.span()));
            }
        }
    }
    impl<'ast> Visit<'ast> for Own {
        fn visit_item(&mut self, item: &'ast syn::Item) {
            match item {
                syn::Item::Mod(i) => self.check(&i.ident),
                syn::Item::Struct(i) => self.check(&i.ident),
                syn::Item::Enum(i) => self.check(&i.ident),
                syn::Item::Union(i) => self.check(&i.ident),
                syn::Item::Trait(i) => self.check(&i.ident),
                syn::Item::Type(i) => self.check(&i.ident),
                _ => {}
            }
            syn::visit::visit_item(self, item);
        }
        fn visit_use_path(&mut self, path: &'ast syn::UsePath) {
            // `use a::grundy;` binds `grundy` to something else than the crate.
            if let syn::UseTree::Name(n) = &*path.tree {
                self.check(&n.ident);
            }
            syn::visit::visit_use_path(self, path);
        }
        fn visit_use_rename(&mut self, rename: &'ast syn::UseRename) {
            if rename.ident != rename.rename {
                self.check(&rename.rename);
            }
        }
    }
    let mut own = Own(Vec::new());
    for item in &file.items {
        if !is_test_only(item_attrs(item)) {
            own.visit_item(item);
        }
    }
    own.0
}

/// What a problem's inner attribute becomes in the bundle, where it applies to the crates'
/// code too.
enum CrateWide {
    /// To the top of the bundle (`allow`, `warn`, `recursion_limit`, ...).
    Hoist,
    /// Left out: `deny` and `forbid` only make compiling stricter, and the crates' code, checked
    /// under its own lints, need not pass the problem's (`forbid(unsafe_code)`,
    /// `deny(missing_docs)` on doc-less bundled items). Without them the program compiles to
    /// the same code.
    Drop,
    /// Refused: the crates' code cannot do without std's prelude or a `main`.
    Refuse(String),
}

fn crate_wide(attr: &syn::Attribute) -> CrateWide {
    const STRICTER: [&str; 2] = ["deny", "forbid"];
    const WITHOUT_STD: [&str; 4] = ["no_std", "no_core", "no_main", "no_implicit_prelude"];
    let name = attr
        .path()
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default();
    let mut words = BTreeSet::new();
    if let syn::Meta::List(list) = &attr.meta {
        idents(list.tokens.clone(), &mut words);
    }
    words.insert(name.clone());
    if let Some(refused) = WITHOUT_STD.iter().find(|w| words.contains(**w)) {
        return CrateWide::Refuse(refused.to_string());
    }
    if STRICTER.iter().any(|w| words.contains(*w)) {
        return CrateWide::Drop;
    }
    CrateWide::Hoist
}

/// The byte ranges of the comments in `text` (which parses): what lies between its tokens
/// and is not white space. Doc comments are tokens (attributes) and are not among them.
fn comments(text: &str) -> Vec<std::ops::Range<usize>> {
    fn token_ranges(tokens: TokenStream, out: &mut Vec<std::ops::Range<usize>>) {
        for tree in tokens {
            match tree {
                TokenTree::Group(g) => {
                    out.push(g.span_open().byte_range());
                    token_ranges(g.stream(), out);
                    out.push(g.span_close().byte_range());
                }
                other => out.push(other.span().byte_range()),
            }
        }
    }
    let mut ranges = Vec::new();
    if let Ok(tokens) = text.parse::<TokenStream>() {
        token_ranges(tokens, &mut ranges);
    }
    ranges.sort_by_key(|r| r.start);
    ranges.push(text.len()..text.len());
    let mut found = Vec::new();
    let mut at = 0;
    for range in ranges {
        let gap = at..range.start.max(at);
        let mut i = gap.start;
        while i < gap.end {
            let rest = &text[i..gap.end];
            if rest.starts_with("//") {
                let end = rest.find('\n').map_or(gap.end, |n| i + n);
                found.push(i..end);
                i = end;
            } else if rest.starts_with("/*") {
                let mut depth = 0;
                let mut j = i;
                while j < gap.end {
                    if text[j..].starts_with("/*") {
                        depth += 1;
                        j += 2;
                    } else if text[j..].starts_with("*/") {
                        depth -= 1;
                        j += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        j += text[j..].chars().next().map_or(1, char::len_utf8);
                    }
                }
                found.push(i..j);
                i = j;
            } else {
                i += rest.chars().next().map_or(1, char::len_utf8);
            }
        }
        at = at.max(range.end);
    }
    found
}

/// A change to a file's text: replace `range` by `with`.
#[derive(Clone, Debug)]
pub(super) struct Edit {
    pub(super) range: std::ops::Range<usize>,
    pub(super) with: String,
}

impl Edit {
    pub(super) fn delete(range: std::ops::Range<usize>) -> Self {
        Edit {
            range,
            with: String::new(),
        }
    }
}

/// Applies edits (deletions may nest; the outermost wins), then drops lines left blank by a
/// deletion and runs of blank lines.
pub(super) fn apply(text: &str, mut edits: Vec<Edit>) -> String {
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
        if blank && lines.last().is_none_or(|l| l.trim().is_empty()) {
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

pub(super) fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
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
pub(super) fn is_test_only(attrs: &[syn::Attribute]) -> bool {
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
    /// Names a problem gives the crates (`use grundy as g;`), each with the crate it names.
    aliases: BTreeMap<String, &'static str>,
    /// Whether the path being read is part of a `use` tree.
    in_use: bool,
    macro_idents: BTreeSet<String>,
    /// For a problem: the macros it defines, and whether one pastes a variable before `::`
    /// (`$k::f`), which a crate's name given alone would make a path into the crate.
    macros: Option<(Defined, bool)>,
    error: Option<String>,
}

/// Macros whose expansion depends on the machine that builds, not on the source: the bundle
/// would carry the contestant's environment or files, or fail on the judge.
const BUILD_MACROS: [&str; 6] = [
    "include",
    "include_str",
    "include_bytes",
    "env",
    "option_env",
    "concat_idents",
];

/// Macros whose expansion depends on where the code sits in its file and what the file is
/// called: the bundle moves the problem's code below the crates and renames the file, so a
/// problem calling one would print something else than the cargo binary.
const POSITION_MACROS: [&str; 4] = ["line", "column", "file", "module_path"];

/// The names a problem's `use` items give the crates: `use grundy as g;`,
/// `use grundy::{self as g};`, `use ::judge as j;`, and renames of those names in turn.
fn crate_aliases(file: &syn::File) -> BTreeMap<String, &'static str> {
    struct Renames(Vec<(Vec<String>, String)>);
    impl<'ast> Visit<'ast> for Renames {
        fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
            collect_renames(&item.tree, &mut Vec::new(), &mut self.0);
        }
    }
    fn collect_renames(
        tree: &syn::UseTree,
        prefix: &mut Vec<String>,
        out: &mut Vec<(Vec<String>, String)>,
    ) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                collect_renames(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                let mut path = prefix.clone();
                if r.ident != "self" {
                    path.push(r.ident.to_string());
                }
                out.push((path, r.rename.to_string()));
            }
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    collect_renames(tree, prefix, out);
                }
            }
            syn::UseTree::Name(_) | syn::UseTree::Glob(_) => {}
        }
    }
    let mut renames = Renames(Vec::new());
    renames.visit_file(file);
    let mut aliases: BTreeMap<String, &'static str> = BTreeMap::new();
    loop {
        let before = aliases.len();
        for (path, rename) in &renames.0 {
            if let [single] = path.as_slice() {
                let krate = match single.as_str() {
                    LIB => Some(LIB),
                    JUDGE => Some(JUDGE),
                    other => aliases.get(other).copied(),
                };
                if let Some(krate) = krate {
                    if rename != "_" {
                        aliases.insert(rename.clone(), krate);
                    }
                }
            }
        }
        if aliases.len() == before {
            return aliases;
        }
    }
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

    /// Refuses a call of one of [`BUILD_MACROS`], wherever it is (also inside another macro's
    /// arguments or a `macro_rules!` body).
    fn refuse_build_macro(&mut self, name: &str, span: Span) {
        if POSITION_MACROS.contains(&name) && matches!(self.role, Role::Problem) {
            self.refuse(
                span,
                &format!(
                    "`{}!` depends on where the code sits in its file, which the bundle changes: write the value into the code",
                    name
                ),
            );
        }
        if BUILD_MACROS.contains(&name) {
            self.refuse(
                span,
                &format!(
                    "`{}!` depends on the machine that builds, not on the source: write the value into the code",
                    name
                ),
            );
        }
    }

    /// Whether a call of `name` turns its arguments into text as written (std's `stringify!`,
    /// not redefined): a path in them names nothing, and rewriting it (`grundy::x` to
    /// `crate::grundy::x`) would change the text the program prints.
    fn as_text(&self, name: &str) -> bool {
        name == "stringify"
            && match &self.macros {
                Some((defined, _)) => !defined.pastes(name),
                None => true,
            }
    }

    /// Refuses a crate's name given alone to macro `name` when the problem has a macro that
    /// pastes a variable before `::`: `m!(grundy)` making `grundy::f` names the extern crate
    /// under cargo, and in the bundle a module that only the root sees.
    fn macro_arguments(&mut self, name: &str, arguments: TokenStream) {
        let risky = match &self.macros {
            Some((defined, pastes)) => *pastes && defined.pastes(name) && name != "macro_rules",
            None => false,
        };
        if risky {
            if let Some((krate, span)) = bare_crate_name(arguments) {
                self.refuse(
                    span,
                    &format!(
                        "`{}` alone in a call of `{}!`, which may paste it before `::`: in the bundle the crate is the module `crate::{}`; pass a name it is imported as (`use {} as c;`)",
                        krate, name, krate, krate
                    ),
                );
            }
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
                if segments.len() < 2 && leading_colon.is_none() && !self.in_use {
                    return;
                }
                if let Some(&krate) = self.aliases.get(first) {
                    // A renamed crate: its paths need its modules; the `use` that made the
                    // name is rewritten where it names the crate.
                    self.crates.insert(krate.to_string());
                    if krate == LIB {
                        self.lib_paths
                            .push(names[1..].iter().map(|s| s.to_string()).collect());
                    }
                } else if first == LIB || first == JUDGE {
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

    /// Paths inside a macro's tokens: `a::b::c` sequences, also after a leading `::` and
    /// ending in a macro variable (`grundy::$f`, recorded with a last segment `$`), and every
    /// identifier, for the paths a macro builds from its arguments.
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
                    let called =
                        matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                    if called {
                        self.refuse_build_macro(&ident.to_string(), ident.span());
                        if let Some(TokenTree::Group(arguments)) = trees.get(i + 2) {
                            if self.as_text(&ident.to_string()) {
                                i += 3;
                                continue;
                            }
                            self.macro_arguments(&ident.to_string(), arguments.stream());
                        }
                    }
                    if ident == "extern"
                        && matches!(trees.get(i + 1), Some(TokenTree::Ident(k)) if k == "crate")
                    {
                        self.refuse(
                            ident.span(),
                            "`extern crate` in a macro: use the crate by its path instead",
                        );
                    }
                    if ident == "mod" && matches!(self.role, Role::Problem) {
                        if let (Some(TokenTree::Ident(name)), Some(TokenTree::Punct(p))) =
                            (trees.get(i + 1), trees.get(i + 2))
                        {
                            if p.as_char() == ';' {
                                self.refuse(
                                    ident.span(),
                                    &format!("`mod {};` in a macro loads another file: a problem is one file", name),
                                );
                            }
                        }
                    }
                    let mut segments = vec![(ident.to_string(), ident.span())];
                    self.macro_idents.insert(ident.to_string());
                    let mut j = i + 1;
                    while j + 2 < trees.len() && is_path_sep(&trees[j], &trees[j + 1]) {
                        match &trees[j + 2] {
                            TokenTree::Ident(next) => {
                                segments.push((next.to_string(), next.span()));
                                self.macro_idents.insert(next.to_string());
                                j += 3;
                            }
                            TokenTree::Punct(p) if p.as_char() == '$' => {
                                // A segment the macro's caller names: resolved by name later.
                                segments.push(("$".to_string(), p.span()));
                                break;
                            }
                            _ => break,
                        }
                    }
                    if segments.len() > 1 {
                        if matches!(trees.get(j), Some(TokenTree::Punct(p)) if p.as_char() == '!') {
                            let (last, span) = &segments[segments.len() - 1];
                            self.refuse_build_macro(last, *span);
                        }
                        self.path(&segments, leading_colon(&trees, i));
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
                        // A macro variable (`$x`, `$crate`): never a crate's name.
                        let head = next != "crate"
                            && trees.len() > i + 3
                            && is_path_sep(&trees[i + 2], &trees[i + 3]);
                        if head && matches!(self.role, Role::Problem) {
                            // `$k::num::f`: `$k` may be a name of the library (`g` after
                            // `use grundy as g`); the path's modules are found by name.
                            self.lib_paths.push(vec!["$".to_string()]);
                        }
                        i += 1;
                    }
                    i += 1;
                }
                _ => i += 1,
            }
        }
    }
}

/// Whether a `macro_rules!` body in `tokens` pastes a macro variable before `::` (`$k::f`,
/// `$k::m::f`; `$crate::` is the bundle's root, as it was the problem's).
fn pastes_before_path(tokens: TokenStream) -> bool {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    trees.iter().enumerate().any(|(i, tree)| match tree {
        TokenTree::Group(g) => pastes_before_path(g.stream()),
        TokenTree::Punct(p) if p.as_char() == '$' => {
            matches!(trees.get(i + 1), Some(TokenTree::Ident(v)) if v != "crate")
                && trees.len() > i + 3
                && is_path_sep(&trees[i + 2], &trees[i + 3])
        }
        _ => false,
    })
}

/// A crate's name given alone (`grundy`, `judge`: not `grundy::x`, `$grundy`, `.grundy`) in
/// `tokens`.
fn bare_crate_name(tokens: TokenStream) -> Option<(String, Span)> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let punct = |i: Option<usize>, set: &str| matches!(i.and_then(|i| trees.get(i)), Some(TokenTree::Punct(p)) if set.contains(p.as_char()));
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(g) => {
                if let Some(found) = bare_crate_name(g.stream()) {
                    return Some(found);
                }
            }
            TokenTree::Ident(ident)
                if (ident == LIB || ident == JUDGE)
                    && !punct(i.checked_sub(1), "$.:")
                    && !punct(Some(i + 1), ":") =>
            {
                return Some((ident.to_string(), ident.span()));
            }
            _ => {}
        }
    }
    None
}

/// The span of the `::` before the path that starts at `trees[i]`, if it is the path's own
/// leading `::` (`::grundy::x`) rather than a separator after a type or variable (`$x::y`,
/// `<T>::y`).
fn leading_colon(trees: &[TokenTree], i: usize) -> Option<Span> {
    if i < 2 || !is_path_sep(&trees[i - 2], &trees[i - 1]) {
        return None;
    }
    let before = i.checked_sub(3).map(|k| &trees[k]);
    let continues = match before {
        Some(TokenTree::Ident(_)) | Some(TokenTree::Group(_)) => true,
        Some(TokenTree::Punct(p)) => p.as_char() == '>',
        _ => false,
    };
    if continues {
        None
    } else {
        Some(trees[i - 2].span())
    }
}

pub(super) fn is_path_sep(a: &TokenTree, b: &TokenTree) -> bool {
    matches!((a, b), (TokenTree::Punct(x), TokenTree::Punct(y))
        if x.as_char() == ':' && y.as_char() == ':' && x.spacing() == proc_macro2::Spacing::Joint)
}

/// The full paths a `use` tree names, each with the span of its first segment.
pub(super) fn use_paths(
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
            self.in_use = true;
            self.path(&path, item.leading_colon.as_ref().map(|c| c.spans[0]));
            self.in_use = false;
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
        self.refuse_build_macro(&name, mac.path.span());
        self.visit_path(&mac.path);
        if self.as_text(&name) {
            return;
        }
        self.macro_arguments(&name, mac.tokens.clone());
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
