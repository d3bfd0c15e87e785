//! Format strings: which identifiers they capture (rustc 1.58), in the format macros' calls
//! and in the program's own macros that hand their arguments on to one.

use super::Scanner;
use proc_macro2::{TokenStream, TokenTree};

/// Format-like macros: their name and which argument (0-based) is the format string.
pub(super) const FORMAT_MACROS: [(&str, usize); 18] = [
    ("format", 0),
    ("format_args", 0),
    ("print", 0),
    ("println", 0),
    ("eprint", 0),
    ("eprintln", 0),
    ("panic", 0),
    ("unreachable", 0),
    ("todo", 0),
    ("unimplemented", 0),
    ("write", 1),
    ("writeln", 1),
    ("assert", 1),
    ("debug_assert", 1),
    ("assert_eq", 2),
    ("assert_ne", 2),
    ("debug_assert_eq", 2),
    ("debug_assert_ne", 2),
];

/// A macro call's name: the last segment of its path (`std::println!` gives `println`).
pub(crate) fn macro_name(mac: &syn::Macro) -> String {
    mac.path
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

/// The top-level comma-separated arguments of a macro call.
fn arguments(tokens: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut args = vec![Vec::new()];
    for tree in tokens {
        match &tree {
            TokenTree::Punct(p) if p.as_char() == ',' => args.push(Vec::new()),
            _ => args.last_mut().expect("never empty").push(tree),
        }
    }
    args
}

/// The names an argument list gives explicitly (`name = value`).
fn explicit_names(args: &[Vec<TokenTree>]) -> Vec<String> {
    args.iter()
        .filter_map(|arg| match (arg.first(), arg.get(1), arg.get(2)) {
            (Some(TokenTree::Ident(name)), Some(TokenTree::Punct(eq)), next)
                if eq.as_char() == '='
                    && !matches!(next, Some(TokenTree::Punct(p)) if p.as_char() == '=') =>
            {
                Some(name.to_string())
            }
            _ => None,
        })
        .collect()
}

/// Identifiers a format string names that are neither positions nor given arguments.
pub fn captured_names(format: &str, given: &[String]) -> Vec<String> {
    let mut names = Vec::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '{' {
            if chars.peek() == Some(&'{') {
                chars.next();
                continue;
            }
            let mut spec = String::new();
            for c in chars.by_ref() {
                if c == '}' {
                    break;
                }
                spec.push(c);
            }
            let (argument, options) = match spec.find(':') {
                Some(at) => (&spec[..at], &spec[at + 1..]),
                None => (&spec[..], ""),
            };
            let mut candidates = vec![argument.trim().to_string()];
            // Width and precision may name arguments too: `{:>width$}`, `{:.prec$}`.
            for part in options.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')) {
                if let Some(name) = part.strip_suffix('$') {
                    candidates.push(name.to_string());
                }
            }
            for name in candidates {
                let is_ident = name
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphabetic() || c == '_')
                    && name != "_";
                if is_ident && !given.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
    names
}

/// The `macro_rules!` the program defines (in `items` and their modules) whose body calls a
/// format macro.
pub(super) fn forwarding_macros(items: &[syn::Item]) -> Vec<String> {
    let mut found = Vec::new();
    for item in items {
        match item {
            syn::Item::Macro(m) => {
                if let Some(ident) = &m.ident {
                    if calls_format(m.mac.tokens.clone()) {
                        found.push(ident.to_string());
                    }
                }
            }
            syn::Item::Mod(module) => {
                if let Some((_, items)) = &module.content {
                    found.extend(forwarding_macros(items));
                }
            }
            _ => {}
        }
    }
    found
}

/// Whether `tokens` hold a call of a format macro (`NAME!` with NAME in [`FORMAT_MACROS`]).
fn calls_format(tokens: TokenStream) -> bool {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    trees.iter().enumerate().any(|(i, tree)| match tree {
        TokenTree::Ident(ident) => {
            FORMAT_MACROS.iter().any(|(m, _)| ident == m)
                && matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!')
        }
        TokenTree::Group(group) => calls_format(group.stream()),
        _ => false,
    })
}

impl Scanner<'_> {
    /// Names the identifiers captured in the format string of a format macro's arguments
    /// `tokens`: argument `index`, or with `None` every argument that is a string literal.
    pub(super) fn format_arguments(&mut self, tokens: TokenStream, index: Option<usize>) {
        let args = arguments(tokens);
        let indices: Vec<usize> = match index {
            Some(index) => vec![index],
            None => (0..args.len()).collect(),
        };
        for index in indices {
            if let Some([TokenTree::Literal(literal)]) = args.get(index).map(|a| a.as_slice()) {
                if let Ok(format) = syn::parse_str::<syn::LitStr>(&literal.to_string()) {
                    let given = explicit_names(&args[index + 1..]);
                    for captured in captured_names(&format.value(), &given) {
                        self.found(
                            literal.span(),
                            &format!(
                                "`{{{}}}`, an identifier captured in a format string,",
                                captured
                            ),
                            "1.58",
                        );
                    }
                }
            }
        }
    }

    /// The format macros called anywhere in `tokens` (`format!(...)` inside a macro's
    /// arguments that do not parse as expressions), each read as [`Self::format_arguments`].
    pub(super) fn nested_formats(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        for (i, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Ident(ident) => {
                    let called = FORMAT_MACROS.iter().find(|(m, _)| ident == m);
                    let bang =
                        matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                    if let (Some(&(_, index)), true, Some(TokenTree::Group(group))) =
                        (called, bang, trees.get(i + 2))
                    {
                        self.format_arguments(group.stream(), Some(index));
                    }
                }
                TokenTree::Group(group) => self.nested_formats(group.stream()),
                _ => {}
            }
        }
    }
}
