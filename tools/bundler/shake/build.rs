//! The graph of a bundle's items: a node an item (an impl's items each a node of their own),
//! a module a `mod`, each `use` item's leaves; read once from the parsed bundle.

use super::super::macros::Defined;
use super::uses::{leaves, local_leaves};
use super::{Graph, Kind, Module, Node, UseItem};
use quote::ToTokens;
use std::ops::Range;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// Whether type parameter `param` of an impl of `trait_path` is bounded by that same trait
/// (`impl<G: Game + ?Sized> Game for &G`): such an impl gives the trait's methods only to
/// types that already have them, so it does not make the trait implemented. A parameter bounded
/// by other traits (`impl<T: Copy> Double for T`) implements it for every such type.
fn bounded_by_itself(generics: &syn::Generics, param: &str, trait_path: &[String]) -> bool {
    let same_trait = |bound: &syn::TypeParamBound| match bound {
        syn::TypeParamBound::Trait(t) => {
            t.path.segments.last().map(|s| s.ident.to_string()) == trait_path.last().cloned()
        }
        _ => false,
    };
    let in_params = generics
        .type_params()
        .any(|p| p.ident == param && p.bounds.iter().any(same_trait));
    let in_where = generics
        .where_clause
        .iter()
        .flat_map(|w| &w.predicates)
        .any(|p| match p {
            syn::WherePredicate::Type(t) => {
                matches!(&t.bounded_ty, syn::Type::Path(tp) if tp.path.is_ident(param))
                    && t.bounds.iter().any(same_trait)
            }
            _ => false,
        });
    in_params || in_where
}
/// The path of the type an impl is for (`Scanner<'a>`, `&Foo`, `[Foo]` give the type's path);
/// `None` for tuples, function pointers and the like.
fn type_path(ty: &syn::Type) -> Option<Vec<String>> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => Some(
            p.path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect(),
        ),
        syn::Type::Reference(r) => type_path(&r.elem),
        syn::Type::Slice(s) => type_path(&s.elem),
        syn::Type::Array(a) => type_path(&a.elem),
        syn::Type::Paren(p) => type_path(&p.elem),
        syn::Type::Group(g) => type_path(&g.elem),
        _ => None,
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Const(i) => &i.ident,
        syn::Item::Enum(i) => &i.ident,
        syn::Item::Fn(i) => &i.sig.ident,
        syn::Item::Static(i) => &i.ident,
        syn::Item::Struct(i) => &i.ident,
        syn::Item::Trait(i) => &i.ident,
        syn::Item::TraitAlias(i) => &i.ident,
        syn::Item::Type(i) => &i.ident,
        syn::Item::Union(i) => &i.ident,
        syn::Item::Macro(i) => i.ident.as_ref()?,
        _ => return None,
    };
    Some(ident.to_string())
}
impl Graph {
    /// The graph of `file`, the parsed `text`, whose root-level modules named in `crates`
    /// hold the crates.
    pub(super) fn of(text: &str, file: &syn::File, crates: &[&str]) -> Graph {
        let mut graph = Graph {
            defined_macros: Defined::of(file.to_token_stream()),
            ..Graph::default()
        };
        graph.modules.push(Module::default());
        graph.add_items(text, &file.items, 0, crates);
        graph
    }

    fn add_node(&mut self, node: Node) -> usize {
        let id = self.nodes.len();
        if let Some(name) = &node.name {
            self.modules[node.module]
                .items
                .entry(name.clone())
                .or_default()
                .push(id);
        }
        self.nodes.push(node);
        id
    }
    fn add_items(&mut self, text: &str, items: &[syn::Item], module: usize, crates: &[&str]) {
        for item in items {
            let range = item.span().byte_range();
            match item {
                syn::Item::Mod(m) => self.add_module(text, m, module, crates, range),
                syn::Item::Use(u) => self.add_use(text, u, module, range),
                syn::Item::Impl(i) => match &i.trait_ {
                    Some((_, trait_path, _)) => self.add_trait_impl(i, trait_path, module, range),
                    None => self.add_inherent_impl(i, module, range),
                },
                syn::Item::Trait(t) => self.add_trait(t, module, range),
                syn::Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                    self.add_macro_rules(item, m, module, range)
                }
                _ => self.add_plain(item, module, range),
            }
        }
    }

    /// A `mod`: shakable inside the crates; its items added under it.
    fn add_module(
        &mut self,
        text: &str,
        m: &syn::ItemMod,
        module: usize,
        crates: &[&str],
        range: Range<usize>,
    ) {
        let name = m.ident.to_string();
        let id = self.modules.len();
        let parent = &self.modules[module];
        let shakable = parent.shakable || (module == 0 && crates.contains(&name.as_str()));
        let mut path = parent.path.clone();
        path.push(name.clone());
        self.modules.push(Module {
            path,
            parent: Some(module),
            shakable,
            range,
            ..Module::default()
        });
        self.modules[module].children.insert(name, id);
        if let Some((_, inner)) = &m.content {
            self.add_items(text, inner, id, crates);
        }
    }

    /// A `use` item: its leaves joined to its module's, and its head kept for rewriting it.
    fn add_use(&mut self, text: &str, u: &syn::ItemUse, module: usize, range: Range<usize>) {
        let leaves = leaves(u);
        let first_leaf = self.modules[module].leaves.len();
        self.modules[module].leaves.extend(leaves.iter().cloned());
        // Attributes and visibility as written, for the `use` items that replace it.
        let mut head = String::new();
        for attr in &u.attrs {
            head += &text[attr.span().byte_range()];
            head.push(' ');
        }
        if !matches!(u.vis, syn::Visibility::Inherited) {
            head += &text[u.vis.span().byte_range()];
            head.push(' ');
        }
        self.uses.push(UseItem {
            module,
            first_leaf,
            range,
            head,
            public: !matches!(u.vis, syn::Visibility::Inherited),
            leaves,
        });
    }

    /// `impl Trait for Type`: one node, kept whole.
    fn add_trait_impl(
        &mut self,
        i: &syn::ItemImpl,
        trait_path: &syn::Path,
        module: usize,
        range: Range<usize>,
    ) {
        let self_ty = type_path(&i.self_ty);
        let mut header = trait_path.to_token_stream();
        header.extend(i.self_ty.to_token_stream());
        let trait_path: Vec<String> = trait_path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let blanket = self_ty
            .as_ref()
            .is_some_and(|ty| ty.len() == 1 && bounded_by_itself(&i.generics, &ty[0], &trait_path));
        self.add_node(Node {
            module,
            name: None,
            kind: Kind::TraitImpl {
                self_ty,
                header,
                trait_path,
                blanket,
            },
            range,
            tokens: i.to_token_stream(),
            locals: local_leaves(|v| v.visit_item_impl(i)),
            is_type: false,
            value_only: false,
        });
    }

    /// `impl Type`: a node for its header, and one for each of its items, kept by name.
    fn add_inherent_impl(&mut self, i: &syn::ItemImpl, module: usize, range: Range<usize>) {
        let mut header = i.generics.to_token_stream();
        header.extend(i.self_ty.to_token_stream());
        header.extend(i.generics.where_clause.to_token_stream());
        let of_impl = self.add_node(Node {
            module,
            name: None,
            kind: Kind::InherentImpl {
                self_ty: type_path(&i.self_ty),
            },
            range,
            tokens: header,
            locals: Vec::new(),
            is_type: false,
            value_only: false,
        });
        for member in &i.items {
            let name = match member {
                syn::ImplItem::Fn(f) => f.sig.ident.to_string(),
                syn::ImplItem::Const(c) => c.ident.to_string(),
                syn::ImplItem::Type(t) => t.ident.to_string(),
                // A macro call: kept with its impl, whatever it defines.
                _ => String::new(),
            };
            self.add_node(Node {
                module,
                name: None,
                kind: Kind::Member { of_impl, name },
                range: member.span().byte_range(),
                tokens: member.to_token_stream(),
                locals: local_leaves(|v| v.visit_impl_item(member)),
                is_type: false,
                value_only: false,
            });
        }
    }

    /// A trait, with the names of its items.
    fn add_trait(&mut self, t: &syn::ItemTrait, module: usize, range: Range<usize>) {
        let members = t
            .items
            .iter()
            .filter_map(|member| match member {
                syn::TraitItem::Fn(f) => Some(f.sig.ident.to_string()),
                syn::TraitItem::Const(c) => Some(c.ident.to_string()),
                syn::TraitItem::Type(t) => Some(t.ident.to_string()),
                _ => None,
            })
            .collect();
        self.add_node(Node {
            module,
            name: Some(t.ident.to_string()),
            kind: Kind::Trait(members),
            range,
            tokens: t.to_token_stream(),
            locals: local_leaves(|v| v.visit_item_trait(t)),
            is_type: false,
            value_only: false,
        });
    }

    /// A `macro_rules!` definition: what its body names counts when a call reaches it.
    fn add_macro_rules(
        &mut self,
        item: &syn::Item,
        m: &syn::ItemMacro,
        module: usize,
        range: Range<usize>,
    ) {
        self.add_node(Node {
            module,
            name: item_name(item),
            kind: Kind::Macro,
            range,
            tokens: m.mac.tokens.clone(),
            locals: Vec::new(),
            is_type: false,
            value_only: true,
        });
    }

    /// Any other item: a function, const, static, type or item-level macro call.
    fn add_plain(&mut self, item: &syn::Item, module: usize, range: Range<usize>) {
        self.add_node(Node {
            module,
            name: item_name(item),
            kind: Kind::Plain,
            range,
            tokens: item.to_token_stream(),
            locals: local_leaves(|v| v.visit_item(item)),
            is_type: matches!(
                item,
                syn::Item::Struct(_) | syn::Item::Enum(_) | syn::Item::Union(_)
            ),
            value_only: matches!(
                item,
                syn::Item::Fn(_) | syn::Item::Const(_) | syn::Item::Static(_)
            ),
        });
    }
}
