//! The walk over the program's syntax: each construct newer than rustc 1.56 found where it
//! is written, with the const contexts and the traits and impls around it.

use super::formats::{macro_name, FORMAT_MACROS};
use super::{
    has_ident, has_key, has_let, has_trait_bounds, is_float_literal, Const, Place, Scanner,
    PANIC_MACROS,
};
use crate::msrv::{Finding, Needs};
use proc_macro2::TokenStream;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

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
                kind: crate::msrv::Kind::Language,
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
