//! The names a program defines itself: its functions and methods (also those a `macro_rules!`
//! body writes as `fn NAME`), types, traits, constants, statics, modules, macros, variants and
//! `use … as` renames. A name on this list is the program's, whatever std has of that name.

use proc_macro2::{TokenStream, TokenTree};
use std::collections::HashSet;
use syn::visit::Visit;

/// The names a file defines.
#[derive(Debug, Default)]
pub struct Defined {
    names: HashSet<String>,
    /// Statics, which a `const` may refer to from rustc 1.83 on.
    statics: HashSet<String>,
    /// What `use` brings in under its own name (`use std::str;` gives `str`).
    imported: HashSet<String>,
    /// The names of methods it defines (in an `impl` or a trait, or by a macro's `fn NAME`),
    /// which a method call may be: a free function's name is never a method's.
    methods: HashSet<String>,
}

impl Defined {
    /// Every name `file` defines.
    pub fn of(file: &syn::File) -> Self {
        let mut defined = Defined::default();
        defined.visit_file(file);
        defined
    }

    /// Whether the program defines `name`.
    pub fn has(&self, name: &str) -> bool {
        self.names.contains(name)
    }

    /// Whether the program defines a method named `name` (a free function of that name does
    /// not make `x.name()` the program's).
    pub fn has_method(&self, name: &str) -> bool {
        self.methods.contains(name)
    }

    /// Whether the program defines a `static` named `name`.
    pub fn is_static(&self, name: &str) -> bool {
        self.statics.contains(name)
    }

    /// Whether a `use` brings in `name` (a module `str` makes `str::from_utf8` the module's).
    pub fn imports(&self, name: &str) -> bool {
        self.imported.contains(name)
    }

    /// The names a `use` tree brings in; `parent` is the segment before it.
    fn add_imports(&mut self, tree: &syn::UseTree, parent: Option<&syn::Ident>) {
        match tree {
            syn::UseTree::Path(p) => self.add_imports(&p.tree, Some(&p.ident)),
            syn::UseTree::Name(n) if n.ident == "self" => {
                if let Some(parent) = parent {
                    self.imported.insert(parent.to_string());
                }
            }
            syn::UseTree::Name(n) => {
                self.imported.insert(n.ident.to_string());
            }
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.add_imports(tree, parent);
                }
            }
            syn::UseTree::Rename(_) | syn::UseTree::Glob(_) => {}
        }
    }

    fn add(&mut self, ident: &syn::Ident) {
        self.names.insert(ident.to_string());
    }

    /// `fn NAME` anywhere in a macro's tokens: a function or method the macro defines.
    fn add_macro_functions(&mut self, tokens: TokenStream) {
        let mut after_fn = false;
        for tree in tokens {
            match tree {
                TokenTree::Ident(ident) if after_fn => {
                    self.add(&ident);
                    self.methods.insert(ident.to_string());
                    after_fn = false;
                }
                TokenTree::Ident(ident) => after_fn = ident == "fn",
                TokenTree::Group(group) => {
                    after_fn = false;
                    self.add_macro_functions(group.stream());
                }
                _ => after_fn = false,
            }
        }
    }
}

impl<'ast> Visit<'ast> for Defined {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        match item {
            syn::Item::Fn(i) => self.add(&i.sig.ident),
            syn::Item::Struct(i) => self.add(&i.ident),
            syn::Item::Enum(i) => self.add(&i.ident),
            syn::Item::Union(i) => self.add(&i.ident),
            syn::Item::Trait(i) => self.add(&i.ident),
            syn::Item::TraitAlias(i) => self.add(&i.ident),
            syn::Item::Type(i) => self.add(&i.ident),
            syn::Item::Const(i) => self.add(&i.ident),
            syn::Item::Static(i) => {
                self.add(&i.ident);
                self.statics.insert(i.ident.to_string());
            }
            syn::Item::Mod(i) => self.add(&i.ident),
            syn::Item::Macro(i) => {
                if let Some(ident) = &i.ident {
                    self.add(ident);
                }
            }
            _ => {}
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.add_macro_functions(mac.tokens.clone());
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.add(&item.sig.ident);
        self.methods.insert(item.sig.ident.to_string());
        syn::visit::visit_impl_item_fn(self, item);
    }

    fn visit_impl_item_const(&mut self, item: &'ast syn::ImplItemConst) {
        self.add(&item.ident);
        syn::visit::visit_impl_item_const(self, item);
    }

    fn visit_impl_item_type(&mut self, item: &'ast syn::ImplItemType) {
        self.add(&item.ident);
        syn::visit::visit_impl_item_type(self, item);
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        self.add(&item.sig.ident);
        self.methods.insert(item.sig.ident.to_string());
        syn::visit::visit_trait_item_fn(self, item);
    }

    fn visit_trait_item_const(&mut self, item: &'ast syn::TraitItemConst) {
        self.add(&item.ident);
        syn::visit::visit_trait_item_const(self, item);
    }

    fn visit_trait_item_type(&mut self, item: &'ast syn::TraitItemType) {
        self.add(&item.ident);
        syn::visit::visit_trait_item_type(self, item);
    }

    fn visit_foreign_item_fn(&mut self, item: &'ast syn::ForeignItemFn) {
        self.add(&item.sig.ident);
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        self.add(&variant.ident);
        syn::visit::visit_variant(self, variant);
    }

    fn visit_use_rename(&mut self, rename: &'ast syn::UseRename) {
        self.add(&rename.rename);
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.add_imports(&item.tree, None);
        syn::visit::visit_item_use(self, item);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_a_program_defines() {
        let file = syn::parse_file(
            "fn a() {} struct B; trait C { fn d(&self); type E; const F: u8; }
             impl B { fn g() {} const H: u8 = 1; } static I: u8 = 0; enum J { K }
             macro_rules! l { () => { fn m() {} }; } mod n { pub fn o() {} }
             use std::iter::repeat as p; fn q() { fn r() {} }",
        )
        .unwrap();
        let defined = Defined::of(&file);
        for name in "a B C d E F g H I J K l m n o p q r".split(' ') {
            assert!(defined.has(name), "{name}");
        }
        assert!(defined.is_static("I") && !defined.is_static("H"));
        assert!(defined.has_method("d") && defined.has_method("g") && defined.has_method("m"));
        assert!(!defined.has_method("a") && !defined.has_method("r"));
        assert!(!defined.has("repeat") && !defined.has("std") && !defined.has("self"));
        let file =
            syn::parse_file("use std::str; use std::{io::{self, Read}, fmt::Write as W};").unwrap();
        let defined = Defined::of(&file);
        for name in ["str", "io", "Read"] {
            assert!(defined.imports(name), "{name}");
        }
        assert!(!defined.imports("std") && !defined.imports("Write") && !defined.imports("fmt"));
    }
}
