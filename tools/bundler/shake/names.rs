//! What an item's tokens name: paths, names after `.`, macro calls; read from the tokens, so
//! that code inside macro calls and `macro_rules!` bodies counts too.

use super::super::macros::{idents, unraw};
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use std::collections::BTreeSet;

/// What a node's tokens name.
#[derive(Default)]
pub(super) struct Names {
    /// Paths (`a::b::c`, or one identifier), to resolve.
    pub(super) paths: Vec<Vec<String>>,
    /// Names called after `.` (methods) or named after `>::` (`<T as Trait>::name`): any
    /// type's.
    pub(super) members: BTreeSet<String>,
    /// Names called as macros (`name!`).
    pub(super) macros: BTreeSet<String>,
    /// Each macro call: the macro's name and the identifiers in its arguments (not `$x`).
    pub(super) invocations: Vec<(String, BTreeSet<String>)>,
    /// The identifiers in the bodies of the `macro_rules!` defined in these tokens.
    pub(super) rule_idents: BTreeSet<String>,
}

/// The names a format string captures (`"{LIMIT}"`, `"{:w$}"`): identifiers before a `:` in
/// braces, and before a `$` in a format spec. Other string literals may yield names too, which
/// only keeps more.
fn format_captures(literal: &str, out: &mut Vec<Vec<String>>) {
    let quoted =
        literal.starts_with('"') || literal.starts_with("r\"") || literal.starts_with("r#");
    if !quoted {
        return;
    }
    let mut rest = literal;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        if let Some(escaped) = rest.strip_prefix('{') {
            rest = escaped;
            continue;
        }
        let close = rest.find('}').unwrap_or(rest.len());
        let inside = &rest[..close];
        let (argument, spec) = inside.split_once(':').unwrap_or((inside, ""));
        let is_name = |s: &str| {
            s.starts_with(|c: char| c.is_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_alphanumeric() || c == '_')
        };
        let argument = argument.trim();
        if is_name(argument) {
            out.push(vec![argument.to_string()]);
        }
        for word in spec.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')) {
            if let Some(name) = word.strip_suffix('$') {
                if is_name(name) {
                    out.push(vec![name.to_string()]);
                }
            }
        }
        rest = &rest[close..];
    }
}

impl Names {
    /// Reads `tokens`; `prefix` is the path before a `use` group `a::{...}` being read.
    pub(super) fn scan(&mut self, tokens: TokenStream, prefix: &[String]) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        // At the start of a `use` group's entry: a path there continues the group's prefix.
        let mut entry_start = true;
        let mut i = 0;
        while i < trees.len() {
            let next = match &trees[i] {
                TokenTree::Group(g) => {
                    self.scan(g.stream(), &[]);
                    i + 1
                }
                TokenTree::Punct(p) if p.as_char() == ',' => {
                    entry_start = true;
                    i += 1;
                    continue;
                }
                TokenTree::Punct(_) => self.scan_punct(&trees, i),
                // The name an item defines is not a use of another item of that name.
                TokenTree::Ident(_) if is_definition(&trees, i) => i + 1,
                TokenTree::Ident(_) => self.scan_path(&trees, i, prefix, entry_start),
                TokenTree::Literal(literal) => {
                    format_captures(&literal.to_string(), &mut self.paths);
                    i + 1
                }
            };
            entry_start = false;
            i = next;
        }
    }

    /// Reads the punctuation at `i` (not a `,`): a member named after `.` or a leading `::`;
    /// a macro variable or lifetime skipped. Returns where reading goes on.
    fn scan_punct(&mut self, trees: &[TokenTree], i: usize) -> usize {
        let c = match &trees[i] {
            TokenTree::Punct(p) => p.as_char(),
            _ => return i + 1,
        };
        if (c == '$' || c == '\'') && matches!(trees.get(i + 1), Some(TokenTree::Ident(_))) {
            // A macro variable or a lifetime, not a name.
            i + 2
        } else if c == '.' && punct(trees, i + 1, '.') {
            i + 2 // `..`, `..=`: a range, the next name is a path
        } else if c == '.' {
            if let Some(TokenTree::Ident(member)) = trees.get(i + 1) {
                // A method call (`.name(..)`, `.name::<T>(..)`); a field (`.name` alone)
                // names no item.
                let call = path_sep(trees, i + 2)
                    || matches!(trees.get(i + 2), Some(TokenTree::Group(g))
                        if g.delimiter() == Delimiter::Parenthesis);
                if call {
                    self.members.insert(unraw(member));
                }
                i + 2
            } else {
                i + 1
            }
        } else if path_sep(trees, i) {
            // `::name` after `>` or at the start: every name is a member.
            let mut i = i + 2;
            while let Some(TokenTree::Ident(name)) = trees.get(i) {
                self.members.insert(unraw(name));
                if path_sep(trees, i + 1) {
                    i += 3;
                } else {
                    i += 1;
                    break;
                }
            }
            i
        } else {
            i + 1
        }
    }

    /// Reads the path that starts with the identifier at `i` (a `use` group in it read with
    /// its prefix), and the macro call or `macro_rules!` it may begin. Returns where reading
    /// goes on.
    fn scan_path(
        &mut self,
        trees: &[TokenTree],
        i: usize,
        prefix: &[String],
        entry_start: bool,
    ) -> usize {
        let (segments, j) = self.path_segments(trees, i, prefix, entry_start);
        if punct(trees, j, '!') {
            if let Some(after) = self.macro_call(trees, j, &segments) {
                return after;
            }
        }
        let full = self.full(prefix, entry_start, &segments);
        self.paths.push(full);
        j
    }

    /// The segments of the path at `i` and the index after it; a `use` group (`a::{..}`) at
    /// its end is read with the path as its prefix.
    fn path_segments(
        &mut self,
        trees: &[TokenTree],
        i: usize,
        prefix: &[String],
        entry_start: bool,
    ) -> (Vec<String>, usize) {
        let mut segments = match &trees[i] {
            TokenTree::Ident(ident) => vec![unraw(ident)],
            _ => Vec::new(),
        };
        let mut j = i + 1;
        while path_sep(trees, j) {
            match trees.get(j + 2) {
                Some(TokenTree::Ident(next)) => {
                    segments.push(unraw(next));
                    j += 3;
                }
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                    let mut group_prefix = self.full(prefix, entry_start, &segments);
                    if group_prefix.is_empty() {
                        group_prefix = segments.clone();
                    }
                    self.scan(g.stream(), &group_prefix);
                    j += 3;
                    break;
                }
                _ => break,
            }
        }
        (segments, j)
    }

    /// The macro call whose `!` is at `j`, after path `segments`: the macro's name, and its
    /// arguments' identifiers as an invocation. For a `macro_rules! name { .. }` (in a
    /// function or another macro), whose name is no use of an item, its body is read and the
    /// index after it returned.
    fn macro_call(&mut self, trees: &[TokenTree], j: usize, segments: &[String]) -> Option<usize> {
        let name = segments[segments.len() - 1].clone();
        self.macros.insert(name.clone());
        match (trees.get(j + 1), trees.get(j + 2)) {
            (Some(TokenTree::Ident(_)), Some(TokenTree::Group(body)))
                if segments == ["macro_rules"] =>
            {
                idents(body.stream(), &mut self.rule_idents);
                self.scan(body.stream(), &[]);
                return Some(j + 3);
            }
            (Some(TokenTree::Group(arguments)), _) => {
                let mut names = BTreeSet::new();
                idents(arguments.stream(), &mut names);
                self.invocations.push((name, names));
            }
            _ => {}
        }
        None
    }

    /// A path read inside a `use` group: the group's prefix before it (`self` is the prefix).
    fn full(&self, prefix: &[String], entry_start: bool, segments: &[String]) -> Vec<String> {
        if prefix.is_empty() || !entry_start {
            return segments.to_vec();
        }
        let mut full = prefix.to_vec();
        full.extend(segments.iter().filter(|s| *s != "self").cloned());
        full
    }
}

/// Whether the token at `i` is the punctuation `c`.
fn punct(trees: &[TokenTree], i: usize, c: char) -> bool {
    matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// Whether a joint `::` starts at `i`.
fn path_sep(trees: &[TokenTree], i: usize) -> bool {
    matches!((trees.get(i), trees.get(i + 1)), (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
        if a.as_char() == ':' && b.as_char() == ':' && a.spacing() == Spacing::Joint)
}

/// Whether the identifier at `i` is the name an item definition gives (after `fn`, `struct`,
/// ...), not a use of a name.
fn is_definition(trees: &[TokenTree], i: usize) -> bool {
    const DEFINING: [&str; 9] = [
        "fn", "struct", "enum", "union", "trait", "type", "mod", "const", "static",
    ];
    match (i.checked_sub(1).and_then(|j| trees.get(j)), trees.get(i)) {
        (Some(TokenTree::Ident(keyword)), Some(TokenTree::Ident(name))) => {
            DEFINING.contains(&keyword.to_string().as_str()) && name != "_"
        }
        _ => false,
    }
}
