//! The walk over a file's syntax: each path into the crates recorded and its head rewritten
//! to point into the bundle's modules; what the bundler cannot follow refused.

use super::edit::{is_test_only, item_attrs, Edit};
use super::tokens::bare_crate_name;
use super::{FileModule, PathVisitor, Role, BUILD_MACROS, POSITION_MACROS};
use crate::{ATCODER_CRATES, JUDGE, LIB};
use proc_macro2::{Span, TokenStream};
use std::collections::{BTreeMap, BTreeSet};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// The names a problem's `use` items give the crates: `use grundy as g;`,
/// `use grundy::{self as g};`, `use ::judge as j;`, and renames of those names in turn.
pub(super) fn crate_aliases(file: &syn::File) -> BTreeMap<String, &'static str> {
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
    pub(super) fn refuse(&mut self, span: Span, what: &str) {
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
    pub(super) fn refuse_build_macro(&mut self, name: &str, span: Span) {
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
    pub(super) fn as_text(&self, name: &str) -> bool {
        name == "stringify"
            && match &self.macros {
                Some((defined, _)) => !defined.pastes(name),
                None => true,
            }
    }

    /// Refuses a crate's name given alone to macro `name` when the problem has a macro that
    /// pastes a variable before `::`: `m!(grundy)` making `grundy::f` names the extern crate
    /// under cargo, and in the bundle a module that only the root sees.
    pub(super) fn macro_arguments(&mut self, name: &str, arguments: TokenStream) {
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
    pub(super) fn path(&mut self, segments: &[(String, Span)], leading_colon: Option<Span>) {
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
}

/// The full paths a `use` tree names, each with the span of its first segment.
pub(crate) fn use_paths(
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

    fn visit_vis_restricted(&mut self, vis: &'ast syn::VisRestricted) {
        // `pub(crate)`, `pub(super)`: visibility, not a path to follow. But `pub(in crate::m)`
        // in a library names a module by the crate's root, which in the bundle is the module
        // `crate::NAME`: the path moves with it, or the bundle does not compile.
        if let (Some(_), Role::Library { crate_name, .. }) = (&vis.in_token, &self.role) {
            if let Some(first) = vis.path.segments.first() {
                if first.ident == "crate" {
                    let end = first.ident.span().byte_range().end;
                    let with = format!("::{}", crate_name);
                    self.edits.push(Edit {
                        range: end..end,
                        with,
                    });
                }
            }
        }
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
