//! The bundler's syntax check for old judge compilers: syntax that rustc 1.56 (SPOJ's, the
//! oldest judge) rejects and that neither a newer rustc nor clippy's `incompatible_msrv` lint
//! (which sees library APIs, not syntax) reports. Each finding names the construct, the rustc
//! that brought it, and the line. It also names code whose meaning depends on the edition:
//! `.into_iter()` on an array (by value in 2021, by reference in 2018), which judges compile in
//! 2021 and the runner also in 2018. [`check_for`] keeps what a given judge's rustc and
//! edition reject.

use proc_macro2::{TokenStream, TokenTree};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// Format-like macros: their name and which argument (0-based) is the format string.
const FORMAT_MACROS: [(&str, usize); 18] = [
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

/// The syntax in `text` that rustc 1.56 rejects, and array `.into_iter()` calls whose items
/// differ between editions 2018 and 2021, one line per finding (`file:line: what`).
///
/// # Errors
/// If `text` does not parse.
pub fn check(text: &str, file: &str) -> Result<Vec<String>, String> {
    Ok(findings(text, file)?.into_iter().map(|f| f.text).collect())
}

/// The findings of [`check`] that a judge with rustc `rustc` (`major.minor`) compiling in
/// `edition` rejects: syntax newer than its rustc, and the array `.into_iter()` calls unless
/// the edition is 2024 (the runner checks such a judge's bundle in 2021, where those calls
/// mean what they mean in 2024, not in 2018).
///
/// # Errors
/// If `text` does not parse.
pub fn check_for(
    text: &str,
    file: &str,
    rustc: &str,
    edition: &str,
) -> Result<Vec<String>, String> {
    Ok(findings(text, file)?
        .into_iter()
        .filter(|f| match f.since {
            Some(since) => !crate::judges::at_least(rustc, since),
            None => edition != "2024",
        })
        .map(|f| f.text)
        .collect())
}

/// One finding: its line, and the rustc that accepts the construct (none for the
/// edition-dependent calls, which every rustc accepts with another meaning).
struct Finding {
    text: String,
    since: Option<&'static str>,
}

fn findings(text: &str, file: &str) -> Result<Vec<Finding>, String> {
    let syntax = syn::parse_file(text).map_err(|e| format!("{}: does not parse: {}", file, e))?;
    let mut checker = Checker {
        file,
        findings: Vec::new(),
        arrays: Vec::new(),
    };
    checker.visit_file(&syntax);
    Ok(checker.findings)
}

struct Checker<'a> {
    file: &'a str,
    findings: Vec<Finding>,
    /// Locals bound to arrays (`let a = [..]`, `let a: [T; N] = ..`) in the code read so far,
    /// one list per function being read.
    arrays: Vec<Vec<String>>,
}

/// Whether an expression is an array: `[a, b]`, `[x; n]`, or through parentheses or a
/// reference-free block-less cast.
fn is_array_expr(expr: &syn::Expr) -> bool {
    match expr {
        syn::Expr::Array(_) | syn::Expr::Repeat(_) => true,
        syn::Expr::Paren(p) => is_array_expr(&p.expr),
        syn::Expr::Group(g) => is_array_expr(&g.expr),
        _ => false,
    }
}

/// The name a `let` binds and whether it binds an array: by its type or by its value.
fn array_binding(local: &syn::Local) -> Option<(String, bool)> {
    let (pat, ty) = match &local.pat {
        syn::Pat::Type(t) => (&*t.pat, Some(&*t.ty)),
        other => (other, None),
    };
    let name = match pat {
        syn::Pat::Ident(i) if i.subpat.is_none() => i.ident.to_string(),
        _ => return None,
    };
    let by_type = matches!(ty, Some(syn::Type::Array(_)));
    let by_value = ty.is_none() && local.init.as_ref().is_some_and(|i| is_array_expr(&i.expr));
    Some((name, by_type || by_value))
}

impl Checker<'_> {
    fn found(&mut self, span: proc_macro2::Span, what: &str, since: &'static str) {
        let text = format!(
            "{}:{}: {} needs rustc {}",
            self.file,
            span.start().line,
            what,
            since
        );
        self.findings.push(Finding {
            text,
            since: Some(since),
        });
    }
}

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

impl<'ast> Visit<'ast> for Checker<'_> {
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let name = macro_name(mac);
        if let Some(&(_, index)) = FORMAT_MACROS.iter().find(|(m, _)| *m == name) {
            let args = arguments(mac.tokens.clone());
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
        // Code inside other macros (vec![...], custom ones) is checked where it parses.
        if let Ok(expressions) = mac.parse_body_with(
            syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
        ) {
            for expr in &expressions {
                self.visit_expr(expr);
            }
        }
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if let Some(init) = &local.init {
            if init.diverge.is_some() {
                self.found(local.span(), "`let ... else`", "1.65");
            }
        }
        syn::visit::visit_local(self, local);
        // After the initializer: `let a = a.into_iter()` reads the old `a`.
        if let (Some((name, is_array)), Some(scope)) =
            (array_binding(local), self.arrays.last_mut())
        {
            scope.retain(|n| *n != name);
            if is_array {
                scope.push(name);
            }
        }
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        // A block's `let`s end with it.
        let before = self.arrays.last().map_or(0, Vec::len);
        if self.arrays.is_empty() {
            self.arrays.push(Vec::new());
        }
        syn::visit::visit_block(self, block);
        if let Some(scope) = self.arrays.last_mut() {
            scope.truncate(before);
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.arrays.push(Vec::new());
        syn::visit::visit_item_fn(self, item);
        self.arrays.pop();
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.arrays.push(Vec::new());
        syn::visit::visit_impl_item_fn(self, item);
        self.arrays.pop();
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if call.method == "into_iter" && call.args.is_empty() {
            let local = match &*call.receiver {
                syn::Expr::Path(p) if p.qself.is_none() => {
                    p.path.get_ident().map(|i| i.to_string())
                }
                _ => None,
            };
            let on_local = local.is_some_and(|name| {
                self.arrays
                    .last()
                    .is_some_and(|scope| scope.contains(&name))
            });
            if is_array_expr(&call.receiver) || on_local {
                let text = format!(
                    "{}:{}: `.into_iter()` on an array yields values in edition 2021 but references in 2018 (E0308 there): write `.iter()` for references or `IntoIterator::into_iter(array)` for values, the same in every edition",
                    self.file,
                    call.method.span().start().line
                );
                self.findings.push(Finding { text, since: None });
            }
        }
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_assign(&mut self, assign: &'ast syn::ExprAssign) {
        if matches!(
            *assign.left,
            syn::Expr::Tuple(_)
                | syn::Expr::Array(_)
                | syn::Expr::Struct(_)
                | syn::Expr::Call(_)
                | syn::Expr::Infer(_)
        ) {
            self.found(assign.span(), "destructuring assignment", "1.59");
        }
        syn::visit::visit_expr_assign(self, assign);
    }

    fn visit_expr_binary(&mut self, binary: &'ast syn::ExprBinary) {
        if matches!(binary.op, syn::BinOp::And(_))
            && (matches!(*binary.left, syn::Expr::Let(_))
                || matches!(*binary.right, syn::Expr::Let(_)))
        {
            self.found(binary.span(), "a `let` chain", "1.88");
        }
        syn::visit::visit_expr_binary(self, binary);
    }

    fn visit_expr_block(&mut self, block: &'ast syn::ExprBlock) {
        if block.label.is_some() {
            self.found(block.span(), "a labelled block", "1.65");
        }
        syn::visit::visit_expr_block(self, block);
    }

    fn visit_expr_const(&mut self, expr: &'ast syn::ExprConst) {
        self.found(expr.span(), "an inline `const` block", "1.79");
        syn::visit::visit_expr_const(self, expr);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_old_compilers_reject() {
        let text = r#"
fn f(x: u32, w: usize) {
    let s = format!("{x} {} {y:>w$} {0} {{z}} {name}", x, name = 3);
    println!("{}", x);
    let (a, b);
    (a, b) = (1, 2);
    let Some(c) = Some(1) else { return };
    if let Some(d) = Some(1) && d > 0 {}
    let _ = 'l: { break 'l 1 };
    let v = vec![format!("{x}")];
    writeln!(out, "{w}").unwrap();
}
"#;
        let found = check(text, "t.rs").unwrap();
        let joined = found.join("\n");
        for want in [
            "t.rs:3: `{x}`",
            "t.rs:3: `{y}`",
            "t.rs:3: `{w}`",
            "t.rs:6: destructuring assignment needs rustc 1.59",
            "t.rs:7: `let ... else` needs rustc 1.65",
            "t.rs:8: a `let` chain needs rustc 1.88",
            "t.rs:9: a labelled block needs rustc 1.65",
            "t.rs:10: `{x}`",
            "t.rs:11: `{w}`",
        ] {
            assert!(joined.contains(want), "missing {want} in\n{joined}");
        }
        assert!(
            !joined.contains("`{name}`") && !joined.contains("`{z}`"),
            "{joined}"
        );
        assert_eq!(found.len(), 9, "{joined}");
    }

    #[test]
    fn names_array_into_iter_whose_items_depend_on_the_edition() {
        let text = r#"
fn f() -> u32 {
    let a = [1u32, 2];
    let b: [u32; 2] = make();
    let s = [1u32, 2].into_iter().sum::<u32>();
    let t: u32 = a.into_iter().sum();
    let u: u32 = b.into_iter().sum();
    let v = vec![1u32];
    let w: u32 = v.into_iter().sum();
    let x: u32 = [0u32; 3].into_iter().sum();
    {
        let v = [1u32];
        let _ = v.iter();
    }
    let y: u32 = v.into_iter().sum();
    let a = vec![2u32];
    let z: u32 = a.into_iter().sum();
    let neutral: u32 = IntoIterator::into_iter([1u32, 2]).sum();
    s + t + u + w + x + y + z + neutral
}
fn g(a: Vec<u32>) -> u32 {
    a.into_iter().sum()
}
"#;
        let found = check(text, "t.rs").unwrap();
        let lines: Vec<&str> = found.iter().map(|f| f.split(':').nth(1).unwrap()).collect();
        assert_eq!(lines, ["5", "6", "7", "10"], "{found:?}");
        assert!(found[0].contains(
            "`.into_iter()` on an array yields values in edition 2021 but references in 2018"
        ));
    }

    #[test]
    fn each_judge_is_held_to_its_own_rustc_and_edition() {
        let text = r#"
fn f(x: u32) -> u32 {
    let s = format!("{x}");
    let Some(y) = Some(x) else { return 0 };
    let z = const { 3 };
    let t: u32 = [1u32, 2].into_iter().sum();
    y + z + t + s.len() as u32
}
"#;
        let lines = |rustc: &str, edition: &str| -> Vec<String> {
            check_for(text, "t.rs", rustc, edition)
                .unwrap()
                .iter()
                .map(|f| f.split(':').nth(1).unwrap().to_string())
                .collect()
        };
        assert_eq!(lines("1.56", "2021"), ["3", "4", "5", "6"]);
        assert_eq!(lines("1.58", "2021"), ["4", "5", "6"]);
        assert_eq!(lines("1.78", "2021"), ["5", "6"]);
        assert_eq!(lines("1.79", "2021"), ["6"]);
        assert_eq!(lines("1.94", "2024"), Vec::<String>::new());
        assert_eq!(lines("1.56", "2024"), ["3", "4", "5"]);
        assert_eq!(check(text, "t.rs").unwrap().len(), 4);
    }

    #[test]
    fn plain_old_code_passes() {
        let text = "fn f(x: u32) -> String { let (a, b) = (1, 2); let mut y = a; y = b; format!(\"{} {:>5} {0} {n}\", x, n = y) }";
        assert_eq!(check(text, "t.rs").unwrap(), Vec::<String>::new());
    }
}
