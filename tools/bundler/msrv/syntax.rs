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
//!
//! The door holds the scan and the scanner's state; `formats` the format strings (identifiers
//! they capture, also through the program's own macros); `walk` the walk over the syntax.

mod formats;
mod walk;

pub use formats::captured_names;
pub(crate) use formats::macro_name;

use super::names::Defined;
use super::Finding;
use formats::forwarding_macros;
use proc_macro2::{Span, TokenStream, TokenTree};
use std::collections::HashMap;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

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
