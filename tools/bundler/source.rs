//! One parsed source file: the crate paths it uses and the edits that make it paste into a
//! bundle (unit tests, doc comments and inner attributes cut; crate paths rewritten).
//!
//! `edit` holds the edits and how they apply; `paths` the walk over the file's syntax that
//! records crate paths and rewrites their heads; `tokens` the same inside macro calls, read
//! from their tokens.

mod edit;
mod paths;
mod tokens;

pub(super) use edit::{apply, is_test_only, item_attrs, Edit};
pub(super) use paths::use_paths;

use super::macros::{idents, Defined};
use super::{JUDGE, LIB};
use paths::crate_aliases;
use proc_macro2::{Span, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use syn::spanned::Spanned;
use syn::visit::Visit;
use tokens::pastes_before_path;

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

    /// What the file needs and its text ready to paste, read as `role` says; a construct the
    /// bundler cannot follow is refused with the file and place named.
    pub(super) fn analyse(&self, role: Role) -> Result<Analysis, String> {
        let mut visitor = self.visitor(role);
        let inner_attributes = self.crate_attributes(role, &mut visitor);
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
            self.refuse_own_crate_names(&visitor.crates)?;
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

    /// A visitor of this file in `role`, nothing recorded yet.
    fn visitor(&self, role: Role) -> PathVisitor<'_> {
        PathVisitor {
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
        }
    }

    /// The file's inner attributes, each cut from the text: a problem's that go to the top of
    /// the bundle are returned, those that would bind the crates' code too are refused.
    fn crate_attributes(&self, role: Role, visitor: &mut PathVisitor) -> Vec<String> {
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
        inner_attributes
    }

    /// Refuses a problem that names something of its own like a crate whose paths it uses
    /// (`crates`).
    fn refuse_own_crate_names(&self, crates: &BTreeSet<String>) -> Result<(), String> {
        if let Some((name, span)) = own_crate_names(&self.syntax)
            .into_iter()
            .find(|(name, _)| crates.contains(name))
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
        Ok(())
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
