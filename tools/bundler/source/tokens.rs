//! Paths inside macro calls and `macro_rules!` bodies, read from their tokens: crate paths
//! (also ending in a macro variable), the identifiers a macro may paste into a path, and
//! what the bundler cannot follow there.

use super::{PathVisitor, Role};
use crate::{JUDGE, LIB};
use proc_macro2::{Ident, Span, TokenStream, TokenTree};

impl PathVisitor<'_> {
    /// Paths inside a macro's tokens: `a::b::c` sequences, also after a leading `::` and
    /// ending in a macro variable (`grundy::$f`, recorded with a last segment `$`), and every
    /// identifier, for the paths a macro builds from its arguments.
    pub(super) fn macro_tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            i = match &trees[i] {
                TokenTree::Group(group) => {
                    self.macro_tokens(group.stream());
                    i + 1
                }
                TokenTree::Ident(ident) => self.macro_ident(&trees, i, ident),
                TokenTree::Punct(p) if p.as_char() == '$' => self.macro_variable(&trees, i),
                _ => i + 1,
            };
        }
    }

    /// Reads the identifier `ident` at `i` in a macro's tokens: a macro it calls, what it
    /// begins that loads code, the path it heads. Returns where reading goes on.
    fn macro_ident(&mut self, trees: &[TokenTree], i: usize, ident: &Ident) -> usize {
        let called = matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
        if called {
            self.refuse_build_macro(&ident.to_string(), ident.span());
            if let Some(TokenTree::Group(arguments)) = trees.get(i + 2) {
                if self.as_text(&ident.to_string()) {
                    return i + 3;
                }
                self.macro_arguments(&ident.to_string(), arguments.stream());
            }
        }
        self.refuse_loading(trees, i, ident);
        let (segments, j) = self.macro_path(trees, i, ident);
        if segments.len() > 1 {
            if matches!(trees.get(j), Some(TokenTree::Punct(p)) if p.as_char() == '!') {
                let (last, span) = &segments[segments.len() - 1];
                self.refuse_build_macro(last, *span);
            }
            self.path(&segments, leading_colon(trees, i));
        }
        j.max(i + 1)
    }

    /// Refuses `extern crate` and, in a problem, `mod name;` in a macro's tokens.
    fn refuse_loading(&mut self, trees: &[TokenTree], i: usize, ident: &Ident) {
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
                        &format!(
                            "`mod {};` in a macro loads another file: a problem is one file",
                            name
                        ),
                    );
                }
            }
        }
    }

    /// The path that `ident` at `i` heads, its segments with their spans (a last `$` for a
    /// segment the macro's caller names), each identifier recorded as one a macro may paste;
    /// and the index after it.
    fn macro_path(
        &mut self,
        trees: &[TokenTree],
        i: usize,
        ident: &Ident,
    ) -> (Vec<(String, Span)>, usize) {
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
        (segments, j)
    }

    /// Reads the `$` at `i`: `$crate` refused in a library macro, and `$k::..` in a problem
    /// recorded as a path whose modules are found by name. Returns where reading goes on.
    fn macro_variable(&mut self, trees: &[TokenTree], i: usize) -> usize {
        let next = match trees.get(i + 1) {
            Some(TokenTree::Ident(next)) => next,
            _ => return i + 1,
        };
        if next == "crate" && !matches!(self.role, Role::Problem) {
            self.refuse(
                next.span(),
                "`$crate` in a library macro: the bundler cannot place it",
            );
        }
        // A macro variable (`$x`, `$crate`): never a crate's name.
        let head =
            next != "crate" && trees.len() > i + 3 && is_path_sep(&trees[i + 2], &trees[i + 3]);
        if head && matches!(self.role, Role::Problem) {
            // `$k::num::f`: `$k` may be a name of the library (`g` after
            // `use grundy as g`); the path's modules are found by name.
            self.lib_paths.push(vec!["$".to_string()]);
        }
        i + 2
    }
}

/// Whether a `macro_rules!` body in `tokens` pastes a macro variable before `::` (`$k::f`,
/// `$k::m::f`; `$crate::` is the bundle's root, as it was the problem's).
pub(super) fn pastes_before_path(tokens: TokenStream) -> bool {
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
pub(super) fn bare_crate_name(tokens: TokenStream) -> Option<(String, Span)> {
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
