//! std APIs newer than rustc 1.56 in a program, by the dates of [`super::std_table`].
//!
//! A bundle is the whole program: a method it calls by a name it defines nowhere is std's (or
//! a compile error on every rustc). Without types, the method's type is unknown, so a name is
//! named only when no std type or trait had a member so named in 1.56: `abs_diff` (1.60) and
//! `then_some` (1.62) are, `inspect` is not (`Iterator::inspect` is 1.0, `Option::inspect`
//! 1.76). Receivers that show their type narrow it: `stdin().lines()` is `Stdin::lines` (1.62).
//! Paths are matched against std's item paths (`iter::repeat_n`, `std::sync::OnceLock`,
//! `use std::array::from_fn`, `std::pin::pin!`), members of primitive types by type and name
//! (`u64::isqrt`, `char::MIN`), other type-relative paths by name (`Vec::pop_if`). In a const
//! context (`const fn`, `const` and `static` items), a method is named by the version that made
//! it callable there (`Option::unwrap`: 1.83).

use super::names::Defined;
use super::std_table;
use super::Finding;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

/// Primitive types, whose members a path names exactly (`u64::isqrt`).
const PRIMITIVES: [&str; 17] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
    "f64", "char", "bool", "str",
];

/// The std APIs in `file` newer than rustc 1.56, as findings in `name`.
pub(super) fn scan(file: &syn::File, name: &str, defined: &Defined) -> Vec<Finding> {
    let mut globs = Globs::default();
    globs.visit_file(file);
    let mut scanner = Scanner {
        file: name,
        defined,
        findings: Vec::new(),
        consts: Vec::new(),
        globs: globs.0,
    };
    scanner.visit_file(file);
    scanner.findings
}

/// The version of `name` in a table sorted by name.
fn since_of(table: &[(&str, &'static str)], name: &str) -> Option<&'static str> {
    table
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| table[i].1)
}

/// The version of member `name` of type `ty` in a table sorted by type and name.
fn typed_since_of(
    table: &[(&str, &str, &'static str)],
    ty: &str,
    name: &str,
) -> Option<&'static str> {
    table
        .binary_search_by(|(t, n, _)| (*t, *n).cmp(&(ty, name)))
        .ok()
        .map(|i| table[i].2)
}

/// The older of two versions (`major.minor`).
fn older(a: &'static str, b: &'static str) -> &'static str {
    if crate::judges::at_least(a, b) {
        b
    } else {
        a
    }
}

/// The version a path as written (`iter::repeat_n`, `std::sync::OnceLock`, `u64::isqrt`,
/// `Vec::pop_if`; a macro's ends in `!`) needs, if std stabilised it after 1.56; `None` when it
/// is older or no std item's path ends so.
///
/// `modules` says whether the program brings in a module by `use` under a name: then
/// `str::from_utf8` after `use std::str;` is the module's function (1.0), not the primitive's
/// associated function (1.87).
pub fn path_since(segments: &[String], modules: impl Fn(&str) -> bool) -> Option<&'static str> {
    let last = segments.last()?;
    let rooted = segments.first().is_some_and(|s| s == "std");
    if let [.., ty, name] = segments {
        if !rooted && PRIMITIVES.contains(&ty.as_str()) && !modules(ty) {
            return typed_since_of(std_table::PRIMITIVE_MEMBERS, ty, name);
        }
    }
    // Every std item of this name (the table keeps the old ones of a new name too): the path
    // may be any whose segments end as written.
    let bare = last.trim_end_matches('!');
    let mut found: Option<&'static str> = None;
    for (path, since) in std_table::ITEMS {
        let item: Vec<&str> = path.split("::").collect();
        if item.last().map(|l| l.trim_end_matches('!')) != Some(bare) {
            continue;
        }
        let matches = if rooted {
            item.len() == segments.len() && item.iter().zip(segments).all(|(a, b)| a == b)
        } else {
            item.len() >= segments.len()
                && item[item.len() - segments.len()..]
                    .iter()
                    .zip(segments)
                    .all(|(a, b)| a == b)
        };
        if matches {
            found = Some(found.map_or(since, |f| older(f, since)));
        }
    }
    if let Some(since) = found {
        // The oldest of the items the path may be: named only if even that one is new.
        return Some(since).filter(|s| !crate::judges::at_least(crate::judges::OLDEST_RUSTC, s));
    }
    if segments.len() >= 2 && !rooted && !last.ends_with('!') {
        return since_of(std_table::MEMBERS, last);
    }
    None
}

struct Scanner<'a> {
    file: &'a str,
    defined: &'a Defined,
    findings: Vec<Finding>,
    /// Whether each function or value being read is a const context, innermost last.
    consts: Vec<bool>,
    /// The std modules the program imports whole (`use std::iter::*;` gives `std::iter`).
    globs: Vec<Vec<String>>,
}

/// Free functions the prelude brought in after 1.56, with their version: unqualified, they
/// are std's unless the program defines or imports the name.
const PRELUDE_ADDITIONS: [(&str, &str); 4] = [
    ("align_of", "1.80"),
    ("align_of_val", "1.80"),
    ("size_of", "1.80"),
    ("size_of_val", "1.80"),
];

/// The std modules a program's `use …::*` imports whole, `core` and `alloc` read as `std`.
#[derive(Default)]
struct Globs(Vec<Vec<String>>);

impl Globs {
    fn add(&mut self, tree: &syn::UseTree, prefix: &mut Vec<String>) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.add(&p.tree, prefix);
                prefix.pop();
            }
            syn::UseTree::Glob(_) => {
                let mut path = prefix.clone();
                if let Some(first) = path.first_mut() {
                    if first == "core" || first == "alloc" {
                        *first = "std".to_string();
                    }
                }
                if path.first().is_some_and(|f| f == "std") {
                    self.0.push(path);
                }
            }
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.add(tree, prefix);
                }
            }
            syn::UseTree::Name(_) | syn::UseTree::Rename(_) => {}
        }
    }
}

impl<'ast> Visit<'ast> for Globs {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.add(&item.tree, &mut Vec::new());
    }
}

impl Scanner<'_> {
    fn found(&mut self, span: proc_macro2::Span, what: &str, since: &'static str) {
        let finding = Finding::needs_rustc(
            super::Kind::StdApi,
            self.file,
            span.start().line,
            what,
            since,
        );
        self.findings.push(finding);
    }

    fn in_const(&self) -> bool {
        self.consts.last() == Some(&true)
    }

    fn reading(&mut self, is_const: bool, read: impl FnOnce(&mut Self)) {
        self.consts.push(is_const);
        read(self);
        self.consts.pop();
    }

    /// Names `name`, written alone, where a glob import makes it a new std item
    /// (`use std::iter::*;` then `zip`), or where the prelude brought it in after 1.56
    /// (`size_of`, 1.80) if `prelude`; unless the program defines or imports the name.
    fn bare(&mut self, span: proc_macro2::Span, name: &str, prelude: bool) -> bool {
        if self.defined.has(name) || self.defined.imports(name) {
            return false;
        }
        for glob in self.globs.clone() {
            let mut path = glob.clone();
            path.push(name.to_string());
            if let Some(since) = path_since(&path, |_| false) {
                let what = format!("`{}` (through `use {}::*`)", name, glob.join("::"));
                self.found(span, &what, since);
                return true;
            }
        }
        if prelude {
            if let Some((_, since)) = PRELUDE_ADDITIONS.iter().find(|(n, _)| *n == name) {
                let what = format!(
                    "`{}` unqualified (the prelude has it since {})",
                    name, since
                );
                self.found(span, &what, since);
                return true;
            }
        }
        false
    }

    /// Names the first prefix of a path (`std::sync::OnceLock` in `std::sync::OnceLock::new`)
    /// that std stabilised after 1.56, unless the program defines its last name.
    fn path(&mut self, span: proc_macro2::Span, segments: Vec<String>, macro_call: bool) {
        // A type through a glob import (`use std::cell::*;` then `OnceCell::new()`, or the
        // type `OnceCell<u8>`): its first segment, when it names a type or more follows.
        if let Some(first) = segments.first() {
            let typelike = first.starts_with(|c: char| c.is_ascii_uppercase());
            if !macro_call && (segments.len() >= 2 || typelike) && self.bare(span, first, false) {
                return;
            }
        }
        let mut segments = segments;
        match segments.first().map(String::as_str) {
            Some("crate" | "self" | "super" | "Self") | None => return,
            Some("core" | "alloc") => segments[0] = "std".to_string(),
            _ => {}
        }
        if macro_call {
            if let Some(last) = segments.last_mut() {
                last.push('!');
            }
        }
        let shortest = if macro_call { 1 } else { 2 };
        for end in shortest..=segments.len() {
            let prefix = &segments[..end];
            let last = prefix[end - 1].trim_end_matches('!');
            if self.defined.has(last) {
                continue;
            }
            // A bare macro name is std's only if the prelude has it: a root macro.
            let prefix: Vec<String> = if prefix.len() == 1 {
                vec!["std".to_string(), prefix[0].clone()]
            } else {
                prefix.to_vec()
            };
            if let Some(since) = path_since(&prefix, |m| self.defined.imports(m)) {
                let written = segments[..end].join("::");
                self.found(span, &format!("`{}`", written), since);
                return;
            }
        }
    }
}

/// The paths a `use` tree brings in, each as its segments (`use std::{iter::{self, zip}}`
/// gives `std::iter` and `std::iter::zip`).
fn use_paths(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_paths(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) if n.ident == "self" => out.push(prefix.clone()),
        syn::UseTree::Name(n) => out.push(extended(prefix, &n.ident)),
        syn::UseTree::Rename(r) if r.ident == "self" => out.push(prefix.clone()),
        syn::UseTree::Rename(r) => out.push(extended(prefix, &r.ident)),
        syn::UseTree::Glob(_) => {}
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                use_paths(tree, prefix, out);
            }
        }
    }
}

fn extended(prefix: &[String], ident: &syn::Ident) -> Vec<String> {
    let mut path = prefix.to_vec();
    path.push(ident.to_string());
    path
}

fn segments(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

/// Whether an expression is `stdin()` (also `io::stdin()`, `std::io::stdin()`).
fn is_stdin(expr: &syn::Expr) -> bool {
    match expr {
        syn::Expr::Call(call) if call.args.is_empty() => {
            matches!(&*call.func, syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "stdin"))
        }
        _ => false,
    }
}

impl<'ast> Visit<'ast> for Scanner<'_> {
    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        let is_const = item.sig.constness.is_some();
        self.reading(is_const, |s| visit::visit_item_fn(s, item));
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        let is_const = item.sig.constness.is_some();
        self.reading(is_const, |s| visit::visit_impl_item_fn(s, item));
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        let is_const = item.sig.constness.is_some();
        self.reading(is_const, |s| visit::visit_trait_item_fn(s, item));
    }

    fn visit_item_const(&mut self, item: &'ast syn::ItemConst) {
        self.reading(true, |s| visit::visit_item_const(s, item));
    }

    fn visit_impl_item_const(&mut self, item: &'ast syn::ImplItemConst) {
        self.reading(true, |s| visit::visit_impl_item_const(s, item));
    }

    fn visit_item_static(&mut self, item: &'ast syn::ItemStatic) {
        self.reading(true, |s| visit::visit_item_static(s, item));
    }

    fn visit_expr_const(&mut self, expr: &'ast syn::ExprConst) {
        self.reading(true, |s| visit::visit_expr_const(s, expr));
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let name = call.method.to_string();
        // Only a method the program defines is its own: a free function `fn isqrt` does not
        // make `n.isqrt()` the program's.
        if !self.defined.has_method(&name) {
            let span = call.method.span();
            let typed = if is_stdin(&call.receiver) {
                typed_since_of(std_table::TYPED_MEMBERS, "Stdin", &name)
                    .map(|since| (format!("`Stdin::{}`", name), since))
            } else {
                None
            };
            let found = typed.or_else(|| {
                since_of(std_table::MEMBERS, &name)
                    .map(|since| (format!("the std method `{}`", name), since))
            });
            if let Some((what, since)) = found {
                self.found(span, &what, since);
            }
            if self.in_const() {
                if let Some(since) = since_of(std_table::CONST_MEMBERS, &name) {
                    self.found(span, &format!("`{}` in a const context", name), since);
                }
            }
        }
        visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        // A function called by its bare name: through a glob import, or the prelude.
        if let syn::Expr::Path(p) = &*call.func {
            if p.qself.is_none() && p.path.segments.len() == 1 {
                let name = p.path.segments[0].ident.to_string();
                self.bare(p.span(), &name, true);
            }
        }
        // `Option::unwrap(x)` in a const context: as the method.
        if let syn::Expr::Path(p) = &*call.func {
            let last = p.path.segments.last().map(|s| s.ident.to_string());
            if let Some(name) = last.filter(|n| p.path.segments.len() >= 2 && !self.defined.has(n))
            {
                if self.in_const() {
                    if let Some(since) = since_of(std_table::CONST_MEMBERS, &name) {
                        self.found(p.span(), &format!("`{}` in a const context", name), since);
                    }
                }
            }
        }
        visit::visit_expr_call(self, call);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.path(path.span(), segments(path), false);
        visit::visit_path(self, path);
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut paths = Vec::new();
        use_paths(&item.tree, &mut Vec::new(), &mut paths);
        for path in paths {
            self.path(item.span(), path, false);
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.path(mac.path.span(), segments(&mac.path), true);
        // Code inside macros (vec![...], format arguments) is checked where it parses.
        if let Ok(expressions) = mac.parse_body_with(
            syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
        ) {
            for expr in &expressions {
                self.visit_expr(expr);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn since(path: &str) -> Option<&'static str> {
        let segments: Vec<String> = path.split("::").map(String::from).collect();
        path_since(&segments, |_| false)
    }

    fn found(text: &str) -> Vec<String> {
        let file = syn::parse_file(text).unwrap();
        let defined = Defined::of(&file);
        scan(&file, "b", &defined)
            .into_iter()
            .map(|f| f.text)
            .collect()
    }

    #[test]
    fn globs_the_prelude_and_a_free_function_hide_no_new_api() {
        let zip = "use std::iter::*;\nfn main() { for (a, b) in zip([1], [2]) { println!(\"{} {}\", a, b); } }\n";
        assert_eq!(
            found(zip),
            ["b:2: `zip` (through `use std::iter::*`) needs rustc 1.59"]
        );
        let cell =
            "use std::cell::*;\nfn main() {\n    let c: OnceCell<u8> = OnceCell::new();\n}\n";
        assert_eq!(
            found(cell),
            [
                "b:3: `OnceCell` (through `use std::cell::*`) needs rustc 1.70",
                "b:3: `OnceCell` (through `use std::cell::*`) needs rustc 1.70",
            ]
        );
        let lazy =
            "use std::sync::*;\nstatic L: LazyLock<u8> = LazyLock::new(|| 1);\nfn main() {}\n";
        assert!(found(lazy)
            .iter()
            .all(|f| f.contains("`LazyLock` (through `use std::sync::*`) needs rustc 1.80")));
        assert!(!found(lazy).is_empty());
        let size = "fn main() { println!(\"{}\", size_of::<u64>()); }\n";
        assert_eq!(
            found(size),
            ["b:1: `size_of` unqualified (the prelude has it since 1.80) needs rustc 1.80"]
        );
        // Imported or defined by the program: its own.
        assert!(found("use std::mem::size_of;\nfn main() { size_of::<u8>(); }\n").is_empty());
        assert!(found("fn size_of() {}\nfn main() { size_of(); }\n").is_empty());
        // A free function does not make a method call the program's.
        let isqrt = "fn isqrt(n: u64) -> u64 { n }\nfn main() { let n = 9u64; println!(\"{} {}\", isqrt(n), n.isqrt()); }\n";
        assert_eq!(
            found(isqrt),
            ["b:2: the std method `isqrt` needs rustc 1.84"]
        );
        let method =
            "struct S;\nimpl S { fn isqrt(&self) -> u8 { 1 } }\nfn main() { S.isqrt(); }\n";
        assert!(found(method).is_empty());
    }

    #[test]
    fn paths_are_matched_by_their_written_end() {
        assert_eq!(since("std::iter::repeat_n"), Some("1.82"));
        assert_eq!(since("iter::repeat_n"), Some("1.82"));
        assert_eq!(since("array::from_fn"), Some("1.63"));
        // `iter::from_fn` is 1.34: another item of the same name, older than every judge.
        assert_eq!(since("iter::from_fn"), None);
        assert_eq!(since("std::pin::pin!"), Some("1.68"));
        assert_eq!(since("std::sync::OnceLock"), Some("1.70"));
        assert_eq!(since("sync::OnceLock"), Some("1.70"));
        assert_eq!(since("std::collections::HashMap"), None);
        // Members of primitive types by type; other type-relative paths by name.
        assert_eq!(since("u64::isqrt"), Some("1.84"));
        assert_eq!(since("char::MIN"), Some("1.83"));
        assert_eq!(since("u32::MAX"), None);
        assert_eq!(since("Vec::pop_if"), Some("1.86"));
        assert_eq!(since("Vec::new"), None);
        // A `std::` path names one item only; a module the program imports is not the type.
        assert_eq!(since("std::repeat_n"), None);
        let from_utf8 = ["str".to_string(), "from_utf8".to_string()];
        assert_eq!(path_since(&from_utf8, |_| false), Some("1.87"));
        assert_eq!(path_since(&from_utf8, |m| m == "str"), None);
    }
}
