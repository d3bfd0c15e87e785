//! Code whose meaning depends on the edition: `.into_iter()` on an array yields the items by
//! value in edition 2021 and later, by reference in 2018 (where `array.into_iter()` resolves
//! to the slice's `IntoIterator`). Judges compile in 2021 and the runner also in 2018, so such
//! a call is named wherever the receiver is visibly an array: an array expression, a local
//! bound to one, a call of a function or method whose every definition returns one, a
//! `const` or `static` of array type, a field that every struct declaring it types as an
//! array. `.iter()` (references) and `IntoIterator::into_iter(a)` (values) mean the same in
//! every edition.

use super::{Finding, Needs};
use std::collections::HashMap;
use syn::visit::{self, Visit};

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
