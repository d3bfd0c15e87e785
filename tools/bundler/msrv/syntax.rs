//! Language features newer than rustc 1.56 (SPOJ's, the oldest judge's) that a contest
//! program may use, each with the rustc that stabilised it (the "Language" sections of Rust's
//! release notes, 1.57 to 1.95): identifiers captured in format strings, destructuring
//! assignment, const generic defaults, `const fn` with trait bounds, `&mut` or floating-point
//! arithmetic, panics in const contexts, `#[default]` variants, `let … else`, labelled blocks,
//! generic associated types, `..=X` and `a..b` patterns, `async fn` and `impl Trait` in
//! traits, C-string literals, `#[diagnostic]`, inline `const`, associated type bounds,
//! `#[expect]`, `&raw`, `unsafe extern`, `use<..>`, async closures, `#[target_feature]` on safe
//! functions, `let` chains (2024 only), `cfg(true)`, `#[repr(u128)]`, `[x; _]`, `if let`
//! guards. What only types tell (trait upcasting, temporaries' lifetimes) is not seen here;
//! the runner's compile with an old rustc is the backstop.

use super::names::Defined;
use super::{Finding, Needs};
use proc_macro2::{Span, TokenStream, TokenTree};
use std::collections::HashMap;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

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

/// Macros that panic, which a const context accepts from rustc 1.57 on.
const PANIC_MACROS: [&str; 6] = [
    "panic",
    "assert",
    "debug_assert",
    "unreachable",
    "todo",
    "unimplemented",
];

/// The language features in `file` newer than rustc 1.56, as findings in `name`.
pub(super) fn scan(file: &syn::File, name: &str, defined: &Defined) -> Vec<Finding> {
    let mut impl_trait_arguments = ImplTraitArguments::default();
    impl_trait_arguments.visit_file(file);
    let mut scanner = Scanner {
        file: name,
        defined,
        impl_trait_arguments: impl_trait_arguments.0,
        findings: Vec::new(),
        consts: Vec::new(),
        places: Vec::new(),
        forwarding: forwarding_macros(&file.items),
    };
    scanner.visit_file(file);
    scanner.findings
}

/// A const context: where the compiler evaluates code.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Const {
    /// A `const fn`'s body; `floats` if its signature names `f32` or `f64`.
    Fn { floats: bool },
    /// A `const` item's value, or an inline `const` block.
    Item,
    /// A `static`'s value.
    Static,
}

/// Where a function is defined.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// In a trait's definition.
    Trait,
    /// In an `impl Trait for Type`; `bounded` if the impl's generics have trait bounds.
    TraitImpl { bounded: bool },
    /// In an inherent `impl Type`.
    Inherent { bounded: bool },
}

/// The functions and methods of the program by name, each with whether every definition of
/// that name takes an `impl Trait` argument (then explicit generic arguments need rustc 1.63).
#[derive(Default)]
struct ImplTraitArguments(HashMap<String, bool>);

impl<'ast> Visit<'ast> for ImplTraitArguments {
    fn visit_signature(&mut self, sig: &'ast syn::Signature) {
        let mut types = SignatureTypes::default();
        for input in &sig.inputs {
            if let syn::FnArg::Typed(t) = input {
                types.visit_type(&t.ty);
            }
        }
        *self.0.entry(sig.ident.to_string()).or_insert(true) &= types.impl_trait;
        visit::visit_signature(self, sig);
    }
}

struct Scanner<'a> {
    file: &'a str,
    defined: &'a Defined,
    /// [`ImplTraitArguments`] of the program.
    impl_trait_arguments: HashMap<String, bool>,
    findings: Vec<Finding>,
    /// The const contexts being read, innermost last (`None`: a function that is not const).
    consts: Vec<Option<Const>>,
    /// The traits and impls being read, innermost last.
    places: Vec<Place>,
    /// The program's own macros whose body calls a format macro: a string literal among
    /// their arguments may be a format string.
    forwarding: Vec<String>,
}

/// The `macro_rules!` the program defines (in `items` and their modules) whose body calls a
/// format macro.
fn forwarding_macros(items: &[syn::Item]) -> Vec<String> {
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
    fn found(&mut self, span: Span, what: &str, since: &'static str) {
        let finding = Finding::needs_rustc(
            super::Kind::Language,
            self.file,
            span.start().line,
            what,
            since,
        );
        self.findings.push(finding);
    }

    /// Explicit generic arguments given to `name`, a function that takes `impl Trait`.
    fn turbofish(&mut self, span: Span, name: &syn::Ident) {
        if self.impl_trait_arguments.get(&name.to_string()) == Some(&true) {
            self.found(
                span,
                &format!(
                    "explicit generic arguments to `{}`, which takes an `impl Trait` argument,",
                    name
                ),
                "1.63",
            );
        }
    }

    fn current_const(&self) -> Option<Const> {
        self.consts.last().copied().flatten()
    }

    fn in_const_fn(&self) -> bool {
        matches!(self.current_const(), Some(Const::Fn { .. }))
    }

    /// Reads a value evaluated at compile time.
    fn in_const_context(&mut self, kind: Const, read: impl FnOnce(&mut Self)) {
        self.consts.push(Some(kind));
        read(self);
        self.consts.pop();
    }

    /// The findings of a function's signature and attributes; whether its signature names
    /// `f32` or `f64`.
    fn function(&mut self, attrs: &[syn::Attribute], sig: &syn::Signature) -> bool {
        let place = self.places.last().copied();
        let in_trait = matches!(place, Some(Place::Trait) | Some(Place::TraitImpl { .. }));
        let mut types = SignatureTypes::default();
        for input in &sig.inputs {
            match input {
                syn::FnArg::Receiver(r) => {
                    types.mut_refs |= r.reference.is_some() && r.mutability.is_some();
                    types.visit_type(&r.ty);
                }
                syn::FnArg::Typed(t) => types.visit_type(&t.ty),
            }
        }
        let mut returned = SignatureTypes::default();
        returned.visit_return_type(&sig.output);
        if sig.constness.is_some() {
            let impl_bounded = matches!(
                place,
                Some(Place::TraitImpl { bounded: true }) | Some(Place::Inherent { bounded: true })
            );
            if impl_bounded || has_trait_bounds(&sig.generics) {
                self.found(sig.span(), "a `const fn` with trait bounds", "1.61");
            }
            if types.impl_trait || returned.impl_trait {
                self.found(
                    sig.span(),
                    "`impl Trait` in a `const fn`'s signature",
                    "1.61",
                );
            }
            if types.dyn_trait || returned.dyn_trait {
                self.found(
                    sig.span(),
                    "`dyn Trait` in a `const fn`'s signature",
                    "1.61",
                );
            }
            if types.fn_pointer || returned.fn_pointer {
                self.found(
                    sig.span(),
                    "a function pointer in a `const fn`'s signature",
                    "1.61",
                );
            }
            if types.mut_refs || returned.mut_refs {
                self.found(sig.span(), "`&mut` in a `const fn`", "1.83");
            }
        }
        if in_trait && sig.asyncness.is_some() {
            self.found(sig.span(), "an `async fn` in a trait", "1.75");
        }
        if in_trait && returned.impl_trait {
            self.found(
                sig.span(),
                "`impl Trait` returned by a trait's method",
                "1.75",
            );
        }
        let target_feature = attrs.iter().any(|a| a.path().is_ident("target_feature"));
        if target_feature && sig.unsafety.is_none() {
            self.found(sig.span(), "`#[target_feature]` on a safe function", "1.86");
        }
        types.floats || returned.floats
    }

    /// Reads a function: its signature's findings, then its body, a const context if it is a
    /// `const fn`.
    fn function_body(
        &mut self,
        attrs: &[syn::Attribute],
        sig: &syn::Signature,
        read: impl FnOnce(&mut Self),
    ) {
        let floats = self.function(attrs, sig);
        let kind = sig.constness.as_ref().map(|_| Const::Fn { floats });
        self.consts.push(kind);
        read(self);
        self.consts.pop();
    }
}

/// Whether generics bound a type by a trait (`T: Ord`, `where T: Copy`); `?Sized` and
/// lifetimes do not count.
fn has_trait_bounds(generics: &syn::Generics) -> bool {
    let is_trait_bound = |b: &syn::TypeParamBound| matches!(b, syn::TypeParamBound::Trait(t) if matches!(t.modifier, syn::TraitBoundModifier::None));
    let in_params = generics.params.iter().any(|p| match p {
        syn::GenericParam::Type(t) => t.bounds.iter().any(is_trait_bound),
        _ => false,
    });
    let in_where = generics.where_clause.as_ref().is_some_and(|w| {
        w.predicates.iter().any(|p| match p {
            syn::WherePredicate::Type(t) => t.bounds.iter().any(is_trait_bound),
            _ => false,
        })
    });
    in_params || in_where
}

/// What a function signature's types contain.
#[derive(Default)]
struct SignatureTypes {
    impl_trait: bool,
    dyn_trait: bool,
    fn_pointer: bool,
    mut_refs: bool,
    floats: bool,
}

impl<'ast> Visit<'ast> for SignatureTypes {
    fn visit_type(&mut self, ty: &'ast syn::Type) {
        match ty {
            syn::Type::ImplTrait(_) => self.impl_trait = true,
            syn::Type::TraitObject(_) => self.dyn_trait = true,
            syn::Type::BareFn(_) => self.fn_pointer = true,
            syn::Type::Reference(r) if r.mutability.is_some() => self.mut_refs = true,
            syn::Type::Ptr(p) if p.mutability.is_some() => self.mut_refs = true,
            syn::Type::Path(p) if p.path.is_ident("f32") || p.path.is_ident("f64") => {
                self.floats = true
            }
            _ => {}
        }
        visit::visit_type(self, ty);
    }
}

/// Whether an expression is a `let` or a chain of conditions with one.
fn has_let(expr: &syn::Expr) -> bool {
    match expr {
        syn::Expr::Let(_) => true,
        syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
            has_let(&b.left) || has_let(&b.right)
        }
        syn::Expr::Paren(p) => has_let(&p.expr),
        _ => false,
    }
}

/// Whether a macro's or attribute's tokens hold the identifier `word` at any depth.
fn has_ident(tokens: TokenStream, word: &str) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Ident(ident) => ident == word,
        TokenTree::Group(group) => has_ident(group.stream(), word),
        _ => false,
    })
}

/// Whether tokens hold `word =` (a lint's `reason = "…"`).
fn has_key(tokens: TokenStream, word: &str) -> bool {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    trees.windows(2).any(|pair| {
        matches!((&pair[0], &pair[1]), (TokenTree::Ident(i), TokenTree::Punct(p)) if *i == word && p.as_char() == '=')
    })
}

/// Whether an expression is a float literal (`1.5`, `2f64`).
fn is_float_literal(expr: &syn::Expr) -> bool {
    match expr {
        syn::Expr::Lit(l) => matches!(l.lit, syn::Lit::Float(_)),
        syn::Expr::Paren(p) => is_float_literal(&p.expr),
        syn::Expr::Unary(u) => is_float_literal(&u.expr),
        _ => false,
    }
}

impl Scanner<'_> {
    /// Names the identifiers captured in the format string of a format macro's arguments
    /// `tokens`: argument `index`, or with `None` every argument that is a string literal.
    fn format_arguments(&mut self, tokens: TokenStream, index: Option<usize>) {
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
    fn nested_formats(&mut self, tokens: TokenStream) {
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

impl<'ast> Visit<'ast> for Scanner<'_> {
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let name = macro_name(mac);
        if self.current_const().is_some() && PANIC_MACROS.contains(&name.as_str()) {
            self.found(
                mac.span(),
                &format!("`{}!` in a const context", name),
                "1.57",
            );
        }
        if let Some(&(_, index)) = FORMAT_MACROS.iter().find(|(m, _)| *m == name) {
            self.format_arguments(mac.tokens.clone(), Some(index));
        }
        if self.defined.has(&name) {
            // The program's own macro: its arguments need not parse as expressions, and may be
            // handed to a format macro; the format macros called in them, and (when its body
            // calls one) its string literals, are read as format strings.
            self.nested_formats(mac.tokens.clone());
            if self.forwarding.contains(&name) {
                self.format_arguments(mac.tokens.clone(), None);
            }
        }
        // `matches!(value, pattern if guard)`: its pattern is a pattern, not an expression.
        if name == "matches" {
            let parsed = mac.parse_body_with(|input: syn::parse::ParseStream| {
                let value: syn::Expr = input.parse()?;
                input.parse::<syn::Token![,]>()?;
                let pattern = syn::Pat::parse_multi_with_leading_vert(input)?;
                let guard = if input.parse::<Option<syn::Token![if]>>()?.is_some() {
                    Some(input.parse::<syn::Expr>()?)
                } else {
                    None
                };
                input.parse::<Option<syn::Token![,]>>()?;
                Ok((value, pattern, guard))
            });
            if let Ok((value, pattern, guard)) = parsed {
                self.visit_expr(&value);
                self.visit_pat(&pattern);
                if let Some(guard) = guard {
                    self.visit_expr(&guard);
                }
                return;
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

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        let path = attr.path();
        let first = path
            .segments
            .first()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let tokens = match &attr.meta {
            syn::Meta::List(list) => list.tokens.clone(),
            _ => TokenStream::new(),
        };
        let span = attr.span();
        match first.as_str() {
            "expect" => self.found(span, "`#[expect(…)]`", "1.81"),
            "allow" | "warn" | "deny" | "forbid" if has_key(tokens.clone(), "reason") => {
                self.found(span, "a lint attribute's `reason`", "1.81")
            }
            "diagnostic" => {
                if path.segments.iter().any(|s| s.ident == "do_not_recommend") {
                    self.found(span, "`#[diagnostic::do_not_recommend]`", "1.85")
                } else {
                    self.found(span, "a `#[diagnostic::…]` attribute", "1.78")
                }
            }
            "unsafe" => {
                if has_ident(tokens.clone(), "naked") {
                    self.found(span, "`#[unsafe(naked)]`", "1.88")
                } else {
                    self.found(span, "an `#[unsafe(…)]` attribute", "1.82")
                }
            }
            "cfg" | "cfg_attr"
                if has_ident(tokens.clone(), "true") || has_ident(tokens.clone(), "false") =>
            {
                self.found(span, "`true` or `false` in a `cfg`", "1.88")
            }
            "repr" if has_ident(tokens.clone(), "u128") || has_ident(tokens, "i128") => {
                self.found(span, "`#[repr(u128)]` or `#[repr(i128)]`", "1.89")
            }
            _ => {}
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        // A function inside an impl's method is no method of that impl.
        let places = std::mem::take(&mut self.places);
        self.function_body(&item.attrs, &item.sig, |s| visit::visit_item_fn(s, item));
        self.places = places;
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.function_body(&item.attrs, &item.sig, |s| {
            visit::visit_impl_item_fn(s, item)
        });
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        self.function_body(&item.attrs, &item.sig, |s| {
            visit::visit_trait_item_fn(s, item)
        });
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let bounded = has_trait_bounds(&item.generics);
        self.places.push(match item.trait_ {
            Some(_) => Place::TraitImpl { bounded },
            None => Place::Inherent { bounded },
        });
        visit::visit_item_impl(self, item);
        self.places.pop();
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        self.places.push(Place::Trait);
        visit::visit_item_trait(self, item);
        self.places.pop();
    }

    fn visit_item_const(&mut self, item: &'ast syn::ItemConst) {
        self.in_const_context(Const::Item, |s| visit::visit_item_const(s, item));
    }

    fn visit_impl_item_const(&mut self, item: &'ast syn::ImplItemConst) {
        self.in_const_context(Const::Item, |s| visit::visit_impl_item_const(s, item));
    }

    fn visit_trait_item_const(&mut self, item: &'ast syn::TraitItemConst) {
        self.in_const_context(Const::Item, |s| visit::visit_trait_item_const(s, item));
    }

    fn visit_item_static(&mut self, item: &'ast syn::ItemStatic) {
        self.in_const_context(Const::Static, |s| visit::visit_item_static(s, item));
    }

    fn visit_expr_const(&mut self, expr: &'ast syn::ExprConst) {
        self.found(expr.span(), "an inline `const` block", "1.79");
        self.in_const_context(Const::Item, |s| visit::visit_expr_const(s, expr));
    }

    fn visit_expr_closure(&mut self, closure: &'ast syn::ExprClosure) {
        if closure.asyncness.is_some() {
            self.found(closure.span(), "an async closure", "1.85");
        }
        visit::visit_expr_closure(self, closure);
    }

    fn visit_generics(&mut self, generics: &'ast syn::Generics) {
        let mut after_const = false;
        for param in &generics.params {
            match param {
                syn::GenericParam::Const(c) => {
                    if c.default.is_some() {
                        self.found(c.span(), "a const generic parameter's default", "1.59");
                    }
                    after_const = true;
                }
                syn::GenericParam::Type(t) if after_const => {
                    self.found(t.span(), "a type parameter after a const parameter", "1.59");
                }
                _ => {}
            }
        }
        visit::visit_generics(self, generics);
    }

    fn visit_trait_item_type(&mut self, item: &'ast syn::TraitItemType) {
        if !item.generics.params.is_empty() {
            self.found(item.span(), "a generic associated type", "1.65");
        }
        visit::visit_trait_item_type(self, item);
    }

    fn visit_impl_item_type(&mut self, item: &'ast syn::ImplItemType) {
        if !item.generics.params.is_empty() {
            self.found(item.span(), "a generic associated type", "1.65");
        }
        visit::visit_impl_item_type(self, item);
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        for variant in &item.variants {
            if variant.attrs.iter().any(|a| a.path().is_ident("default")) {
                self.found(variant.span(), "`#[default]` on an enum variant", "1.62");
            }
        }
        let has_fields = item
            .variants
            .iter()
            .any(|v| !matches!(v.fields, syn::Fields::Unit));
        if has_fields {
            for variant in item.variants.iter().filter(|v| v.discriminant.is_some()) {
                self.found(
                    variant.span(),
                    "an explicit discriminant on an enum with fields",
                    "1.66",
                );
            }
        }
        visit::visit_item_enum(self, item);
    }

    fn visit_item_foreign_mod(&mut self, item: &'ast syn::ItemForeignMod) {
        if item.unsafety.is_some() {
            self.found(item.span(), "an `unsafe extern` block", "1.82");
        }
        visit::visit_item_foreign_mod(self, item);
    }

    fn visit_generic_argument(&mut self, arg: &'ast syn::GenericArgument) {
        if let syn::GenericArgument::Constraint(c) = arg {
            self.found(
                c.span(),
                "a bound on an associated type in generic arguments (`Item: Bound`)",
                "1.79",
            );
        }
        visit::visit_generic_argument(self, arg);
    }

    fn visit_type_param_bound(&mut self, bound: &'ast syn::TypeParamBound) {
        if let syn::TypeParamBound::PreciseCapture(c) = bound {
            if self.places.last() == Some(&Place::Trait) {
                self.found(c.span(), "precise capturing `use<…>` in a trait", "1.87");
            } else {
                self.found(c.span(), "precise capturing `use<…>`", "1.82");
            }
        }
        visit::visit_type_param_bound(self, bound);
    }

    fn visit_type_array(&mut self, array: &'ast syn::TypeArray) {
        if matches!(array.len, syn::Expr::Infer(_)) {
            self.found(array.span(), "`_` as an array length", "1.89");
        }
        visit::visit_type_array(self, array);
    }

    fn visit_pat(&mut self, pat: &'ast syn::Pat) {
        if let syn::Pat::Range(range) = pat {
            match (&range.start, &range.limits, &range.end) {
                (None, syn::RangeLimits::Closed(_), Some(_)) => {
                    self.found(range.span(), "a `..=X` range pattern", "1.66")
                }
                (_, syn::RangeLimits::HalfOpen(_), Some(_)) => {
                    self.found(range.span(), "an exclusive range pattern `a..b`", "1.80")
                }
                _ => {}
            }
        }
        visit::visit_pat(self, pat);
    }

    fn visit_lit(&mut self, lit: &'ast syn::Lit) {
        if let syn::Lit::CStr(c) = lit {
            self.found(c.span(), "a C-string literal `c\"…\"`", "1.77");
        }
        visit::visit_lit(self, lit);
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if let Some(init) = &local.init {
            if init.diverge.is_some() {
                self.found(local.span(), "`let ... else`", "1.65");
            }
        }
        visit::visit_local(self, local);
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        if let Some((_, guard)) = &arm.guard {
            if has_let(guard) {
                self.found(guard.span(), "an `if let` guard on a match arm", "1.95");
            }
        }
        visit::visit_arm(self, arm);
    }

    fn visit_expr(&mut self, expr: &'ast syn::Expr) {
        match expr {
            syn::Expr::RawAddr(raw) => self.found(
                raw.span(),
                "a raw borrow `&raw const` or `&raw mut`",
                "1.82",
            ),
            syn::Expr::Repeat(r) if matches!(*r.len, syn::Expr::Infer(_)) => {
                self.found(r.span(), "`_` as an array length", "1.89")
            }
            syn::Expr::Reference(r)
                if r.mutability.is_some()
                    && matches!(self.current_const(), Some(Const::Fn { .. } | Const::Item)) =>
            {
                self.found(r.span(), "`&mut` in a const context", "1.83")
            }
            syn::Expr::Path(p)
                if matches!(self.current_const(), Some(Const::Fn { .. } | Const::Item))
                    && p.path
                        .get_ident()
                        .is_some_and(|i| self.defined.is_static(&i.to_string())) =>
            {
                self.found(p.span(), "a `static` read in a const context", "1.83")
            }
            _ => {}
        }
        visit::visit_expr(self, expr);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if call.turbofish.is_some() {
            self.turbofish(call.method.span(), &call.method);
        }
        visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_path(&mut self, path: &'ast syn::ExprPath) {
        if let Some(last) = path.path.segments.last() {
            if matches!(last.arguments, syn::PathArguments::AngleBracketed(_)) {
                self.turbofish(last.ident.span(), &last.ident);
            }
        }
        visit::visit_expr_path(self, path);
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
        visit::visit_expr_assign(self, assign);
    }

    fn visit_expr_binary(&mut self, binary: &'ast syn::ExprBinary) {
        if matches!(binary.op, syn::BinOp::And(_))
            && (matches!(*binary.left, syn::Expr::Let(_))
                || matches!(*binary.right, syn::Expr::Let(_)))
        {
            let line = binary.span().start().line;
            self.findings.push(Finding {
                line,
                kind: super::Kind::Language,
                text: format!(
                    "{}:{}: a `let` chain needs rustc 1.88 and edition 2024",
                    self.file, line
                ),
                needs: Needs::RustcAndEdition("1.88", "2024"),
            });
        }
        let arithmetic = matches!(
            binary.op,
            syn::BinOp::Add(_)
                | syn::BinOp::Sub(_)
                | syn::BinOp::Mul(_)
                | syn::BinOp::Div(_)
                | syn::BinOp::Rem(_)
                | syn::BinOp::AddAssign(_)
                | syn::BinOp::SubAssign(_)
                | syn::BinOp::MulAssign(_)
                | syn::BinOp::DivAssign(_)
                | syn::BinOp::RemAssign(_)
        );
        let floats = matches!(self.current_const(), Some(Const::Fn { floats: true }))
            || is_float_literal(&binary.left)
            || is_float_literal(&binary.right);
        if arithmetic && self.in_const_fn() && floats {
            self.found(
                binary.span(),
                "floating-point arithmetic in a `const fn`",
                "1.82",
            );
        }
        visit::visit_expr_binary(self, binary);
    }

    fn visit_expr_block(&mut self, block: &'ast syn::ExprBlock) {
        if block.label.is_some() {
            self.found(block.span(), "a labelled block", "1.65");
        }
        visit::visit_expr_block(self, block);
    }
}

#[cfg(test)]
mod own_macro_tests {
    use super::*;

    fn found(text: &str) -> Vec<String> {
        let file = syn::parse_file(text).unwrap();
        let defined = Defined::of(&file);
        scan(&file, "b", &defined)
            .into_iter()
            .map(|f| f.text)
            .collect()
    }

    #[test]
    fn a_capture_in_the_arguments_of_the_programs_own_macro_is_found() {
        // Handed on to println! by the macro's body.
        let forwarded = "macro_rules! out { ($($t:tt)*) => { println!($($t)*) } }\nfn main() { let n = 1; out!(\"{n}\"); }\n";
        assert_eq!(
            found(forwarded),
            ["b:2: `{n}`, an identifier captured in a format string, needs rustc 1.58"]
        );
        // Inside arguments that are no list of expressions.
        let nested = "macro_rules! twice { ($a:expr; $b:expr) => { $a; $b; } }\nfn main() { let n = 1; twice!(format!(\"{n}\"); 2); }\n";
        assert_eq!(
            found(nested),
            ["b:2: `{n}`, an identifier captured in a format string, needs rustc 1.58"]
        );
        // A macro that formats nothing, or names its argument: nothing to find.
        let plain = "macro_rules! id { ($e:expr) => { $e } }\nfn main() { let s = id!(\"{n}\"); let n = 1; println!(\"{n}\", n = n); let _ = s; }\n";
        assert!(found(plain).is_empty(), "{:?}", found(plain));
    }
}
