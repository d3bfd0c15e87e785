//! Which macros a bundle may read as code: std's macros whose arguments are expressions,
//! patterns or format strings, unless the program defines a `macro_rules!` of the same name.

use proc_macro2::{TokenStream, TokenTree};
use std::collections::BTreeSet;

/// Std's macros whose arguments the compiler reads as expressions, patterns or format
/// strings, as the shaker reads code: a name in their arguments is a path or a method as
/// written. Any other macro (a problem's own, or one of these redefined) may paste an
/// identifier anywhere: into a path (`grundy::m::$f`) or after a `.` (`$e.$m(..)`).
const READ_AS_CODE: [&str; 25] = [
    "assert",
    "assert_eq",
    "assert_ne",
    "cfg",
    "column",
    "concat",
    "dbg",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "eprint",
    "eprintln",
    "file",
    "format",
    "format_args",
    "line",
    "matches",
    "panic",
    "print",
    "println",
    "stringify",
    "thread_local",
    "todo",
    "unimplemented",
    "unreachable",
];

/// `vec!`, `write!` and `writeln!` are read as code too; the last two call `.write_fmt(..)`
/// on their first argument, which their tokens never show.
pub(super) const WRITING: [&str; 2] = ["write", "writeln"];

/// Whether std's macro `name`, unless redefined, is read as code.
fn read_as_code(name: &str) -> bool {
    READ_AS_CODE.contains(&name) || WRITING.contains(&name) || name == "vec"
}

/// The names of the `macro_rules!` defined anywhere in `tokens` (in modules, functions,
/// other macros' bodies), and whether one's body holds a `use`.
fn defined_macros(tokens: TokenStream, out: &mut Defined) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(g) => defined_macros(g.stream(), out),
            TokenTree::Ident(ident) if ident == "macro_rules" => {
                if let (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(name))) =
                    (trees.get(i + 1), trees.get(i + 2))
                {
                    if p.as_char() == '!' {
                        out.names.insert(unraw(name));
                        if let Some(TokenTree::Group(body)) = trees.get(i + 3) {
                            out.imports |= holds_ident(body.stream(), "use");
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

fn holds_ident(tokens: TokenStream, word: &str) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Group(g) => holds_ident(g.stream(), word),
        TokenTree::Ident(ident) => ident == word,
        _ => false,
    })
}

/// The macros a program defines, by name: a call of one of them, or of a macro that is not
/// std's, may paste its arguments anywhere (`$e.$m(..)`, `grundy::m::$f`), even when it has a
/// std macro's name.
#[derive(Default)]
pub(super) struct Defined {
    names: BTreeSet<String>,
    /// Whether a `macro_rules!` body holds a `use` item: names that code outside the macro's
    /// tokens takes through it cannot be followed by reading the tokens.
    pub(super) imports: bool,
}

impl Defined {
    /// The `macro_rules!` defined anywhere in `tokens`.
    pub(super) fn of(tokens: TokenStream) -> Self {
        let mut defined = Defined::default();
        defined_macros(tokens, &mut defined);
        defined
    }

    /// Whether a call of `name` may paste the identifiers it is given anywhere, rather than
    /// be read as code.
    pub(super) fn pastes(&self, name: &str) -> bool {
        self.names.contains(name) || !read_as_code(name)
    }
}

/// Every identifier in `tokens` that is not a macro variable's name (`$x`).
pub(super) fn idents(tokens: TokenStream, out: &mut BTreeSet<String>) {
    let mut after_dollar = false;
    for tree in tokens {
        match &tree {
            TokenTree::Group(g) => idents(g.stream(), out),
            TokenTree::Ident(ident) if !after_dollar => {
                out.insert(unraw(ident));
            }
            _ => {}
        }
        after_dollar = matches!(&tree, TokenTree::Punct(p) if p.as_char() == '$');
    }
}

/// An identifier as written, without `r#`.
pub(super) fn unraw(ident: &proc_macro2::Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(bare) => bare.to_string(),
        None => name,
    }
}
