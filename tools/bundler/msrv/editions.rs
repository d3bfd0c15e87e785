//! Code whose meaning depends on the edition: `.into_iter()` on an array yields the items by
//! value in edition 2021 and later, by reference in 2018 (where `array.into_iter()` resolves
//! to the slice's `IntoIterator`). Judges compile in 2021 or later, so such a call changes
//! nothing there; it is named wherever the receiver is visibly an array: an array expression, a local
//! bound to one, a call of a function or method whose every definition returns one, a
//! `const` or `static` of array type, a field that every struct declaring it types as an
//! array. `.iter()` (references) and `IntoIterator::into_iter(a)` (values) mean the same in
//! every edition.
//!
//! For the judges that compile in 2024 (cargo builds the problems in 2021): an identifier
//! `gen`, which does not compile there, is refused (`breaks_in_2024`); a type with its own
//! `Drop`, whose drops a block's tail expression may order otherwise, is warned about
//! ([`changes_in_2024`]).

use super::{Finding, Needs};
use proc_macro2::{TokenStream, TokenTree};
use std::collections::HashMap;
use syn::visit::{self, Visit};

/// What does not compile in edition 2024 that compiles in 2021: an identifier `gen` (a
/// reserved keyword from 2024 on; `r#gen` is fine), anywhere in the text, macros included.
pub(super) fn breaks_in_2024(text: &str, name: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    if let Ok(tokens) = text.parse::<TokenStream>() {
        find_gen(tokens, name, &mut findings);
    }
    findings
}

fn find_gen(tokens: TokenStream, name: &str, findings: &mut Vec<Finding>) {
    for token in tokens {
        match token {
            TokenTree::Ident(ident) if ident == "gen" => {
                let line = ident.span().start().line;
                findings.push(Finding {
                    line,
                    kind: super::Kind::Edition,
                    text: format!(
                        "{}:{}: `gen` is a keyword in edition 2024 and does not compile there: rename it (or write `r#gen`)",
                        name, line
                    ),
                    needs: Needs::EditionBefore("2024"),
                });
            }
            TokenTree::Group(group) => find_gen(group.stream(), name, findings),
            _ => {}
        }
    }
}

/// What compiles in both 2021 and 2024 but may run otherwise: edition 2024 drops the
/// temporaries of a block's tail expression before the block's locals, 2021 after them, so a
/// type with a `Drop` of its own may see its drops (and what they do) in another order. One
/// warning for each `impl Drop` (the order matters only through a `Drop`).
pub fn changes_in_2024(file: &syn::File, name: &str) -> Vec<String> {
    let mut warnings = Vec::new();
    for item in &file.items {
        collect_drops(item, name, &mut warnings);
    }
    warnings
}

fn collect_drops(item: &syn::Item, name: &str, warnings: &mut Vec<String>) {
    match item {
        syn::Item::Impl(imp) => {
            let is_drop = imp
                .trait_
                .as_ref()
                .and_then(|(_, path, _)| path.segments.last())
                .is_some_and(|s| s.ident == "Drop");
            if is_drop {
                let line = imp.impl_token.span.start().line;
                let ty = quote::ToTokens::to_token_stream(&imp.self_ty).to_string();
                warnings.push(format!(
                    "{}:{}: `{}` implements Drop: edition 2024 drops a block's tail-expression temporaries before its locals (2021, as cargo builds it here, after them), so its drops may come in another order",
                    name, line, ty
                ));
            }
        }
        syn::Item::Mod(module) => {
            for item in module.content.iter().flat_map(|(_, items)| items) {
                collect_drops(item, name, warnings);
            }
        }
        _ => {}
    }
}

/// The array `.into_iter()` calls in `file`, as findings in `name`.
pub(super) fn scan(file: &syn::File, name: &str) -> Vec<Finding> {
    let mut arrays = ArrayNames::default();
    arrays.visit_file(file);
    let mut checker = Checker {
        file: name,
        arrays,
        findings: Vec::new(),
        locals: Vec::new(),
    };
    checker.visit_file(file);
    checker.findings
}

/// Whether a type is an array (`[T; N]`, through parentheses).
fn is_array_type(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Array(_) => true,
        syn::Type::Paren(p) => is_array_type(&p.elem),
        syn::Type::Group(g) => is_array_type(&g.elem),
        _ => false,
    }
}

/// The program's names whose values are arrays, by kind: for each name, whether every
/// definition of that name is an array (one that is not makes the name unsure).
#[derive(Default)]
struct ArrayNames {
    /// Functions and methods, by whether they return an array.
    functions: HashMap<String, bool>,
    /// Constants and statics, by whether their type is an array.
    values: HashMap<String, bool>,
    /// Named fields, by whether their type is an array.
    fields: HashMap<String, bool>,
}

fn note(map: &mut HashMap<String, bool>, name: String, is_array: bool) {
    *map.entry(name).or_insert(true) &= is_array;
}

fn returns_array(sig: &syn::Signature) -> bool {
    matches!(&sig.output, syn::ReturnType::Type(_, ty) if is_array_type(ty))
}

impl<'ast> Visit<'ast> for ArrayNames {
    fn visit_signature(&mut self, sig: &'ast syn::Signature) {
        note(
            &mut self.functions,
            sig.ident.to_string(),
            returns_array(sig),
        );
        visit::visit_signature(self, sig);
    }

    fn visit_item_const(&mut self, item: &'ast syn::ItemConst) {
        note(
            &mut self.values,
            item.ident.to_string(),
            is_array_type(&item.ty),
        );
        visit::visit_item_const(self, item);
    }

    fn visit_item_static(&mut self, item: &'ast syn::ItemStatic) {
        note(
            &mut self.values,
            item.ident.to_string(),
            is_array_type(&item.ty),
        );
        visit::visit_item_static(self, item);
    }

    fn visit_impl_item_const(&mut self, item: &'ast syn::ImplItemConst) {
        note(
            &mut self.values,
            item.ident.to_string(),
            is_array_type(&item.ty),
        );
        visit::visit_impl_item_const(self, item);
    }

    fn visit_trait_item_const(&mut self, item: &'ast syn::TraitItemConst) {
        note(
            &mut self.values,
            item.ident.to_string(),
            is_array_type(&item.ty),
        );
        visit::visit_trait_item_const(self, item);
    }

    fn visit_field(&mut self, field: &'ast syn::Field) {
        if let Some(ident) = &field.ident {
            note(
                &mut self.fields,
                ident.to_string(),
                is_array_type(&field.ty),
            );
        }
        visit::visit_field(self, field);
    }
}

struct Checker<'a> {
    file: &'a str,
    arrays: ArrayNames,
    findings: Vec<Finding>,
    /// Locals in the code read so far, each with whether it is bound to an array (`let a =
    /// [..]`, `let a: [T; N] = ..`, `let a = f()`), one list per function being read.
    locals: Vec<Vec<(String, bool)>>,
}

impl Checker<'_> {
    /// Whether an expression is visibly an array.
    fn is_array(&self, expr: &syn::Expr) -> bool {
        let sure = |map: &HashMap<String, bool>, name: String| map.get(&name) == Some(&true);
        match expr {
            syn::Expr::Array(_) | syn::Expr::Repeat(_) => true,
            syn::Expr::Paren(p) => self.is_array(&p.expr),
            syn::Expr::Group(g) => self.is_array(&g.expr),
            syn::Expr::Call(call) => match &*call.func {
                syn::Expr::Path(p) => p
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| sure(&self.arrays.functions, s.ident.to_string())),
                _ => false,
            },
            syn::Expr::MethodCall(call) => sure(&self.arrays.functions, call.method.to_string()),
            syn::Expr::Path(p) if p.qself.is_none() => {
                let segments = &p.path.segments;
                let Some(last) = segments.last().map(|s| s.ident.to_string()) else {
                    return false;
                };
                // A local shadows a constant of the same name.
                let local = self
                    .locals
                    .last()
                    .and_then(|scope| scope.iter().rev().find(|(name, _)| *name == last));
                match local {
                    Some((_, is_array)) if segments.len() == 1 => *is_array,
                    _ => sure(&self.arrays.values, last),
                }
            }
            syn::Expr::Field(f) => match &f.member {
                syn::Member::Named(name) => sure(&self.arrays.fields, name.to_string()),
                syn::Member::Unnamed(_) => false,
            },
            _ => false,
        }
    }
}

impl<'ast> Visit<'ast> for Checker<'_> {
    fn visit_local(&mut self, local: &'ast syn::Local) {
        visit::visit_local(self, local);
        // After the initializer: `let a = a.into_iter()` reads the old `a`.
        let (pat, ty) = match &local.pat {
            syn::Pat::Type(t) => (&*t.pat, Some(&*t.ty)),
            other => (other, None),
        };
        let name = match pat {
            syn::Pat::Ident(i) if i.subpat.is_none() => i.ident.to_string(),
            _ => return,
        };
        let is_array = match ty {
            Some(ty) => is_array_type(ty),
            None => local.init.as_ref().is_some_and(|i| self.is_array(&i.expr)),
        };
        if let Some(scope) = self.locals.last_mut() {
            scope.push((name, is_array));
        }
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        // A block's `let`s end with it.
        if self.locals.is_empty() {
            self.locals.push(Vec::new());
        }
        let before = self.locals.last().map_or(0, Vec::len);
        visit::visit_block(self, block);
        if let Some(scope) = self.locals.last_mut() {
            scope.truncate(before);
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.locals.push(Vec::new());
        visit::visit_item_fn(self, item);
        self.locals.pop();
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.locals.push(Vec::new());
        visit::visit_impl_item_fn(self, item);
        self.locals.pop();
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        // Code inside macros (vec![...], custom ones) is checked where it parses.
        if let Ok(expressions) = mac.parse_body_with(
            syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
        ) {
            for expr in &expressions {
                self.visit_expr(expr);
            }
        }
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if call.method == "into_iter" && call.args.is_empty() && self.is_array(&call.receiver) {
            let line = call.method.span().start().line;
            let text = format!(
                "{}:{}: `.into_iter()` on an array yields values in edition 2021 but references in 2018 (E0308 there): write `.iter()` for references or `IntoIterator::into_iter(array)` for values, the same in every edition",
                self.file, line
            );
            self.findings.push(Finding {
                line,
                kind: super::Kind::Edition,
                text,
                needs: Needs::SameMeaningInEveryEdition,
            });
        }
        visit::visit_expr_method_call(self, call);
    }
}

#[cfg(test)]
mod edition_2024_tests {
    use super::*;

    #[test]
    fn gen_is_refused_for_2024_and_only_there() {
        let text =
            "fn main() {\n    let gen = 3;\n    let r#gen = 4;\n    println!(\"{}\", gen);\n}\n";
        let found = breaks_in_2024(text, "b");
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [2, 4]);
        assert!(found[0]
            .text
            .starts_with("b:2: `gen` is a keyword in edition 2024"));
        let refused = |rustc, edition| super::super::check_for(text, "b", rustc, edition).unwrap();
        assert_eq!(refused("1.94", "2024").len(), 2);
        assert_eq!(refused("1.75", "2021"), Vec::<String>::new());
        // `generate`, a string or a comment naming gen: none.
        let fine = "fn generate() {} // gen\nfn main() { let s = \"gen\"; generate(); }\n";
        assert!(breaks_in_2024(fine, "b").is_empty());
    }

    #[test]
    fn a_drop_of_its_own_is_warned_about_for_2024() {
        let text = "struct D(u8);\nmod m {\n    impl Drop for super::D {\n        fn drop(&mut self) {}\n    }\n}\nfn main() {}\n";
        let warned = super::super::warnings_for(text, "b", "2024").unwrap();
        assert_eq!(warned.len(), 1);
        assert!(
            warned[0].starts_with("b:3: `super :: D` implements Drop"),
            "{warned:?}"
        );
        assert!(super::super::warnings_for(text, "b", "2021")
            .unwrap()
            .is_empty());
        assert!(super::super::warnings_for("fn main() {}\n", "b", "2024")
            .unwrap()
            .is_empty());
    }

    #[test]
    fn an_array_into_iter_is_refused_by_no_judge() {
        let text = "fn main() {\n    let s: u32 = [1u32, 2].into_iter().sum();\n    println!(\"{}\", s);\n}\n";
        for judge in crate::judges::JUDGES {
            let refused = super::super::check_for(text, "b", judge.rustc, judge.edition).unwrap();
            assert_eq!(refused, Vec::<String>::new(), "{}", judge.name);
        }
    }
}
