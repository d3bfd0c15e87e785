//! Item-level tree shaking of an assembled bundle: every item of the crates' modules (`judge`,
//! `grundy`) that the problem's code cannot reach is cut from the text.
//!
//! The problem's own items are the roots. An item is kept when a kept item names it: by a path
//! (resolved through modules, `use` items, re-exports, globs and `crate`/`self`/`super`), by a
//! single identifier anywhere in its tokens (so a const in a pattern, a name in a macro's
//! arguments or a local variable that shadows an item all count: sound before small), or, for
//! a `macro_rules!`, by a call of its name. A name that a macro may paste into a path or after
//! a `.` (an identifier in a `macro_rules!` body or in a call of a macro that is not std's)
//! keeps every item and member of that name. What cannot be resolved by type is kept by name:
//! a method or associated item of a kept type is kept when its name follows a `.` or a `::`
//! anywhere in kept code; a trait is kept when a kept item names it or one of its items; a trait
//! impl is kept whole when its type and its trait are kept (or are not the bundle's own). `use`
//! items are cut to what still exists, and to what kept code's paths go through where they name
//! consts, statics, functions or types (a re-export nothing takes goes; a trait import stays for
//! its methods); modules left empty go.

mod names;
mod uses;

use super::macros::{idents, Defined, WRITING};
use super::source::{apply, Edit};
use names::Names;
use proc_macro2::TokenStream;
use quote::ToTokens;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use syn::spanned::Spanned;
use syn::visit::Visit;
use uses::{leaves, local_leaves, render_use, Leaf};

/// A shaken bundle.
pub(super) struct Shaken {
    /// The text, without the items nothing reaches.
    pub(super) text: String,
    /// The crates' modules left, as `crate::module::...` paths without `crate::`.
    pub(super) kept_modules: BTreeSet<String>,
}

/// Shakes `text`, a bundle body whose root-level modules named in `crates` hold the crates.
pub(super) fn shake(text: &str, crates: &[&str]) -> Result<Shaken, String> {
    let file = syn::parse_file(text).map_err(|e| format!("the bundle does not parse: {}", e))?;
    let mut graph = Graph {
        defined_macros: Defined::of(file.to_token_stream()),
        ..Graph::default()
    };
    graph.modules.push(Module::default());
    graph.add_items(text, &file.items, 0, crates);
    let mut reached = graph.reach();
    // The leaves that kept code's lookups went through (later lookups only check).
    let passed = graph.passed.take();
    if graph.keeps_all() {
        // Names too tangled to resolve in reasonable time, or imported by a macro's `use`
        // where no token shows them: keep everything (sound).
        reached = vec![true; graph.nodes.len()];
    }
    // An inherent impl none of whose items is kept goes whole.
    let mut holds_kept = vec![false; graph.nodes.len()];
    for (id, node) in graph.nodes.iter().enumerate() {
        if let Kind::Member { of_impl, .. } = node.kind {
            holds_kept[of_impl] |= reached[id];
        }
    }
    for (id, node) in graph.nodes.iter().enumerate() {
        if matches!(node.kind, Kind::InherentImpl { .. }) && !holds_kept[id] {
            reached[id] = false;
        }
    }
    let exists = graph.existing_modules(&reached, &passed);
    let mut edits = Vec::new();
    // An item inside a deleted impl or module is deleted with it (`apply` keeps the outermost).
    for (id, node) in graph.nodes.iter().enumerate() {
        if graph.modules[node.module].shakable && !reached[id] {
            edits.push(Edit::delete(with_leading_comments(
                text,
                node.range.clone(),
            )));
        }
    }
    for (id, module) in graph.modules.iter().enumerate() {
        if module.shakable && !exists[id] && exists[module.parent.unwrap_or(0)] {
            edits.push(Edit::delete(with_leading_comments(
                text,
                module.range.clone(),
            )));
        }
    }
    for item in &graph.uses {
        if !graph.modules[item.module].shakable || !exists[item.module] {
            continue;
        }
        let kept: Vec<&Leaf> = item
            .leaves
            .iter()
            .enumerate()
            .filter(|&(i, leaf)| {
                let index = item.first_leaf + i;
                let passed = passed.contains(&(item.module, index)) || graph.keeps_all();
                graph.leaf_is_live(item.module, leaf, passed, &reached, &exists)
            })
            .map(|(_, leaf)| leaf)
            .collect();
        if kept.is_empty() {
            edits.push(Edit::delete(with_leading_comments(
                text,
                item.range.clone(),
            )));
        } else if kept.len() < item.leaves.len() {
            edits.push(Edit {
                range: item.range.clone(),
                with: render_use(&item.head, &kept),
            });
        }
    }
    let mut kept_modules = BTreeSet::new();
    for (id, module) in graph.modules.iter().enumerate() {
        if module.shakable && exists[id] {
            kept_modules.insert(module.path.join("::"));
        }
    }
    Ok(Shaken {
        text: apply(text, edits),
        kept_modules,
    })
}

/// `range`, widened to the start of its line and over the `//` comment lines right above it
/// (a comment that introduces a dropped item goes with it).
fn with_leading_comments(text: &str, range: Range<usize>) -> Range<usize> {
    let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    if !text[line_start..range.start].trim().is_empty() {
        return range;
    }
    let mut start = line_start;
    while start > 0 {
        let above = text[..start - 1].rfind('\n').map_or(0, |i| i + 1);
        if !text[above..start - 1].trim_start().starts_with("//") {
            break;
        }
        start = above;
    }
    start..range.end
}

#[derive(Default)]
struct Module {
    /// Names from the crate root.
    path: Vec<String>,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    /// Item nodes by name (a name may hold a type, a value and a macro).
    items: BTreeMap<String, Vec<usize>>,
    leaves: Vec<Leaf>,
    /// Inside one of the crates' modules: what is not reached goes.
    shakable: bool,
    range: Range<usize>,
}

enum Kind {
    /// A function, const, static, type, macro call at item level, ...
    Plain,
    /// A `macro_rules!` definition, reached by calls of its name.
    Macro,
    /// A trait and the names of its items.
    Trait(Vec<String>),
    /// `impl Trait for Type`: kept whole when its header's trait, type and type arguments
    /// all are (or are not the bundle's): `impl From<Nimber> for u64` goes with `Nimber`.
    TraitImpl {
        self_ty: Option<Vec<String>>,
        header: TokenStream,
        trait_path: Vec<String>,
        /// For one of its own type parameters (`impl<G: Game> Game for &G`): such an impl
        /// gives a type the trait only when another impl does.
        blanket: bool,
    },
    /// `impl Type`: its header; its items are [`Kind::Member`] nodes.
    InherentImpl { self_ty: Option<Vec<String>> },
    /// An item of an inherent impl, kept by name.
    Member { of_impl: usize, name: String },
}

struct Node {
    module: usize,
    name: Option<String>,
    kind: Kind,
    range: Range<usize>,
    /// What the node names when kept.
    tokens: TokenStream,
    /// `use` items inside the node (in a function body): names they bind there.
    locals: Vec<Leaf>,
    /// A struct, enum or union: a type whose inherent impls this bundle holds.
    is_type: bool,
    /// Only in the value or macro namespace (a function, const, static, `macro_rules!`): never
    /// what a path's inner segment names. Anything else named counts as a type (sound).
    value_only: bool,
}

struct UseItem {
    module: usize,
    /// Where its leaves start in its module's [`Module::leaves`].
    first_leaf: usize,
    range: Range<usize>,
    /// Its attributes and visibility as written (`pub `, `pub(crate) `), or empty.
    head: String,
    /// A re-export (`pub use`, `pub(crate) use`): other modules' paths may go through it.
    public: bool,
    leaves: Vec<Leaf>,
}

#[derive(Default)]
struct Graph {
    modules: Vec<Module>,
    nodes: Vec<Node>,
    uses: Vec<UseItem>,
    /// Lookups made so far, against [`LOOKUP_BUDGET`].
    lookups: Cell<u64>,
    /// The lookups in progress (module, name, namespace), which a glob cycle would repeat.
    under_way: RefCell<BTreeSet<(usize, String, Ns)>>,
    /// The `use` leaves (module, index in its [`Module::leaves`]) that a lookup of their name
    /// went through: the re-exports and imports that kept code's paths may take.
    passed: RefCell<BTreeSet<(usize, usize)>>,
    /// The names of every `macro_rules!` in the bundle: a call of one of these pastes its
    /// arguments anywhere, even when it has a std macro's name.
    defined_macros: Defined,
}

/// Which of a module's names a lookup wants. A path's segments before its last name a module
/// or a type (`a::b::c`: `a` and `b`), so `grundy::mex::MexBuffer` looks for the module `mex`
/// and never for the function of that name; the last segment may be anything.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Ns {
    /// Modules and types (structs, enums, unions, traits, aliases): a path's inner segments,
    /// what a glob imports from, the type of an impl.
    Type,
    /// Every namespace: the last segment of a path or of a `use` leaf.
    Any,
}

/// What a path resolves to.
#[derive(Default)]
struct Targets {
    items: Vec<usize>,
    modules: Vec<usize>,
}

/// Std traits that only a call by one of these names reaches (no operator, format string or
/// implicit conversion does): an impl of one goes unless kept code calls such a name.
const CALLED_ONLY: [(&str, &[&str]); 3] = [
    ("FromStr", &["parse", "from_str"]),
    ("Sum", &["sum"]),
    ("Product", &["product"]),
];

/// How deep a resolution may follow `use` items and globs (re-export chains, glob cycles).
const MAX_DEPTH: usize = 24;

/// How many lookups shaking may make before it keeps everything instead: far above what a
/// real bundle needs (a few thousand), far below a hang.
const LOOKUP_BUDGET: u64 = 2_000_000;

/// The path of the type an impl is for (`Scanner<'a>`, `&Foo`, `[Foo]` give the type's path);
/// `None` for tuples, function pointers and the like.
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
                syn::Item::Mod(m) => {
                    let name = m.ident.to_string();
                    let id = self.modules.len();
                    let parent = &self.modules[module];
                    let shakable =
                        parent.shakable || (module == 0 && crates.contains(&name.as_str()));
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
                syn::Item::Use(u) => {
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
                syn::Item::Impl(i) => {
                    let self_ty = type_path(&i.self_ty);
                    match &i.trait_ {
                        Some((_, trait_path, _)) => {
                            let mut header = trait_path.to_token_stream();
                            header.extend(i.self_ty.to_token_stream());
                            let trait_path: Vec<String> = trait_path
                                .segments
                                .iter()
                                .map(|s| s.ident.to_string())
                                .collect();
                            let blanket = self_ty.as_ref().is_some_and(|ty| {
                                ty.len() == 1 && bounded_by_itself(&i.generics, &ty[0], &trait_path)
                            });
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
                                tokens: item.to_token_stream(),
                                locals: local_leaves(|v| v.visit_item_impl(i)),
                                is_type: false,
                                value_only: false,
                            });
                        }
                        None => {
                            let mut header = i.generics.to_token_stream();
                            header.extend(i.self_ty.to_token_stream());
                            header.extend(i.generics.where_clause.to_token_stream());
                            let of_impl = self.add_node(Node {
                                module,
                                name: None,
                                kind: Kind::InherentImpl { self_ty },
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
                    }
                }
                syn::Item::Trait(t) => {
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
                        tokens: item.to_token_stream(),
                        locals: local_leaves(|v| v.visit_item_trait(t)),
                        is_type: false,
                        value_only: false,
                    });
                }
                syn::Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
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
                _ => {
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
        }
    }

    /// The items and modules `name` means in module `module`, in namespace `ns`.
    ///
    /// A lookup already under way for the same module, name and namespace (a cycle of glob
    /// imports) adds nothing: the one under way gathers it. The namespace is part of the key:
    /// `pub use crate::mex::mex;` beside `mod mex` looks `mex` up in every namespace, and the
    /// leaf's own inner `mex` (a module) in the type namespace, which is not a cycle. Past
    /// [`LOOKUP_BUDGET`] lookups in all, the graph gives up ([`Graph::gave_up`]) and the
    /// bundle keeps every item.
    fn lookup(&self, module: usize, name: &str, ns: Ns, depth: usize, out: &mut Targets) {
        let key = (module, name.to_string(), ns);
        if depth > MAX_DEPTH || self.gave_up() || self.under_way.borrow().contains(&key) {
            return;
        }
        self.lookups.set(self.lookups.get() + 1);
        self.under_way.borrow_mut().insert(key.clone());
        self.lookup_here(module, name, ns, depth, out);
        self.under_way.borrow_mut().remove(&key);
    }

    /// Whether every item is kept: resolution gave up, or a macro's `use` brings names in
    /// that only expansion would show.
    fn keeps_all(&self) -> bool {
        self.gave_up() || self.defined_macros.imports
    }

    /// Whether resolution took more than [`LOOKUP_BUDGET`] lookups: its answers are partial.
    fn gave_up(&self) -> bool {
        self.lookups.get() > LOOKUP_BUDGET
    }

    fn lookup_here(&self, module: usize, name: &str, ns: Ns, depth: usize, out: &mut Targets) {
        let m = &self.modules[module];
        if let Some(items) = m.items.get(name) {
            out.items.extend(
                items
                    .iter()
                    .filter(|&&i| ns == Ns::Any || !self.nodes[i].value_only),
            );
        }
        if let Some(&child) = m.children.get(name) {
            out.modules.push(child);
        }
        for (index, leaf) in m.leaves.iter().enumerate() {
            if leaf.glob {
                let mut globbed = Targets::default();
                self.resolve(module, leaf, &leaf.path, Ns::Type, depth + 1, &mut globbed);
                for g in globbed.modules {
                    self.lookup(g, name, ns, depth + 1, out);
                }
            } else if leaf.name == name {
                self.passed.borrow_mut().insert((module, index));
                self.resolve(module, leaf, &leaf.path, ns, depth + 1, out);
            }
        }
    }

    /// Resolves `path` (written in `module`, with `how`'s `absolute` flag) into `out`: the
    /// items met on the way (a type before its associated item) and the modules it ends in.
    /// Its inner segments are looked up as modules and types, its last one in `ns`.
    fn resolve(
        &self,
        module: usize,
        how: &Leaf,
        path: &[String],
        ns: Ns,
        depth: usize,
        out: &mut Targets,
    ) {
        if how.absolute || depth > MAX_DEPTH {
            return;
        }
        // The namespace of segment `i` (counted from the path's start).
        let ns_at = |i: usize| if i + 1 == path.len() { ns } else { Ns::Type };
        let (first, rest) = match path.split_first() {
            Some(split) => split,
            None => return,
        };
        let mut current = Targets::default();
        let mut rest = rest;
        match first.as_str() {
            "crate" => current.modules.push(0),
            "self" => current.modules.push(module),
            "Self" => return,
            "super" => {
                let mut at = self.modules[module].parent.unwrap_or(0);
                while let Some(("super", more)) = rest.split_first().map(|(s, r)| (s.as_str(), r)) {
                    at = self.modules[at].parent.unwrap_or(0);
                    rest = more;
                }
                current.modules.push(at);
            }
            name => self.lookup(module, name, ns_at(0), depth, &mut current),
        }
        let first_of_rest = path.len() - rest.len();
        for (i, segment) in rest.iter().enumerate() {
            out.items.append(&mut current.items);
            let mut next = Targets::default();
            for &m in &current.modules {
                self.lookup(m, segment, ns_at(first_of_rest + i), depth, &mut next);
            }
            current = next;
        }
        out.items.append(&mut current.items);
        out.modules.append(&mut current.modules);
    }

    /// Resolves a path named in node `id`'s tokens, its last segment in `ns`: through the
    /// node's local `use` items first.
    fn resolve_in_node(&self, id: usize, path: &[String], ns: Ns, out: &mut Targets) {
        let node = &self.nodes[id];
        let plain = Leaf::relative();
        for local in &node.locals {
            if local.glob {
                let mut globbed = Targets::default();
                self.resolve(node.module, local, &local.path, Ns::Type, 0, &mut globbed);
                for g in globbed.modules {
                    let mut full = vec!["crate".to_string()];
                    full.extend(self.modules[g].path.iter().cloned());
                    full.extend(path.iter().cloned());
                    self.resolve(node.module, &plain, &full, ns, 0, out);
                }
            } else if Some(&local.name) == path.first() {
                let mut full = local.path.clone();
                full.extend(path[1..].iter().cloned());
                self.resolve(node.module, local, &full, ns, 0, out);
            }
        }
        self.resolve(node.module, &plain, path, ns, 0, out);
    }

    /// Resolves what `use` leaf `leaf` of `module` imports: a glob's path names a module or
    /// a type, any other leaf's last segment may be anything.
    fn resolve_leaf(&self, module: usize, leaf: &Leaf, out: &mut Targets) {
        let ns = if leaf.glob { Ns::Type } else { Ns::Any };
        self.resolve(module, leaf, &leaf.path, ns, 0, out);
    }

    /// Whether the type (or trait) at `path` in `module` is kept: true when it is not the
    /// bundle's own (a std type, a generic parameter).
    fn kept_or_foreign(&self, module: usize, path: &[String], reached: &[bool]) -> bool {
        let plain = Leaf::relative();
        let mut targets = Targets::default();
        self.resolve(module, &plain, path, Ns::Type, 0, &mut targets);
        targets.items.is_empty() || targets.items.iter().any(|&i| reached[i])
    }

    /// Whether every path in `tokens` (named in node `id`) that resolves to items of the
    /// bundle resolves to a kept one: what a trait impl's header names must all exist.
    fn named_kept(&self, id: usize, tokens: &TokenStream, reached: &[bool]) -> bool {
        let mut names = Names::default();
        names.scan(tokens.clone(), &[]);
        names.paths.iter().all(|path| {
            let mut targets = Targets::default();
            self.resolve_in_node(id, path, Ns::Type, &mut targets);
            targets.items.is_empty() || targets.items.iter().any(|&i| reached[i])
        })
    }

    /// Which nodes the roots (every node outside the crates, and item-level macro calls) reach.
    fn reach(&self) -> Vec<bool> {
        let mut reached = vec![false; self.nodes.len()];
        let mut work: Vec<usize> = Vec::new();
        for (id, node) in self.nodes.iter().enumerate() {
            let root = !self.modules[node.module].shakable;
            let macro_call = matches!(node.kind, Kind::Plain) && node.name.is_none();
            if root || macro_call {
                work.push(id);
            }
        }
        // The problem's own `use` items keep what they import, so that they still resolve.
        for item in &self.uses {
            if !self.modules[item.module].shakable {
                for leaf in &item.leaves {
                    let mut targets = Targets::default();
                    self.resolve_leaf(item.module, leaf, &mut targets);
                    work.extend(targets.items);
                }
            }
        }
        let mut macros_by_name: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (id, node) in self.nodes.iter().enumerate() {
            if let (Kind::Macro, Some(name)) = (&node.kind, &node.name) {
                macros_by_name.entry(name).or_default().push(id);
            }
        }
        let mut members: BTreeSet<String> = BTreeSet::new();
        let mut associated: BTreeSet<(usize, String)> = BTreeSet::new();
        let mut trait_members: BTreeSet<String> = BTreeSet::new();
        let mut pasted: BTreeSet<String> = BTreeSet::new();
        loop {
            while let Some(id) = work.pop() {
                if reached[id] {
                    continue;
                }
                reached[id] = true;
                let mut names = Names::default();
                names.scan(self.nodes[id].tokens.clone(), &[]);
                let mut named = std::mem::take(&mut names.rule_idents);
                if matches!(self.nodes[id].kind, Kind::Macro) {
                    idents(self.nodes[id].tokens.clone(), &mut named);
                }
                for (called, arguments) in &names.invocations {
                    if self.defined_macros.pastes(called) {
                        named.extend(arguments.iter().cloned());
                    } else if WRITING.contains(&called.as_str()) {
                        members.insert("write_fmt".to_string());
                    }
                }
                for name in named {
                    if pasted.insert(name.clone()) {
                        self.keep_by_name(&name, &mut members, &mut work);
                    }
                }
                for path in &names.paths {
                    let mut targets = Targets::default();
                    self.resolve_in_node(id, path, Ns::Any, &mut targets);
                    work.extend(targets.items);
                }
                for called in &names.macros {
                    if let Some(ids) = macros_by_name.get(called.as_str()) {
                        work.extend(ids);
                    }
                }
                members.extend(names.members);
                for path in names.paths.iter().filter(|p| p.len() > 1) {
                    self.associated(id, path, &mut members, &mut trait_members, &mut associated);
                }
            }
            for (id, node) in self.nodes.iter().enumerate() {
                if reached[id] {
                    continue;
                }
                let wanted = match &node.kind {
                    Kind::TraitImpl {
                        header, trait_path, ..
                    } => {
                        self.named_kept(id, header, &reached)
                            && self.entry_called(node.module, trait_path, |name| {
                                members.contains(name) || trait_members.contains(name)
                            })
                    }
                    Kind::InherentImpl { self_ty } => self_ty
                        .as_ref()
                        .is_none_or(|ty| self.kept_or_foreign(node.module, ty, &reached)),
                    Kind::Member { of_impl, name } => {
                        reached[*of_impl]
                            && (name.is_empty()
                                || members.contains(name)
                                || self
                                    .self_types(*of_impl)
                                    .iter()
                                    .any(|&t| associated.contains(&(t, name.clone()))))
                    }
                    Kind::Trait(names) => {
                        names
                            .iter()
                            .any(|n| members.contains(n) || trait_members.contains(n))
                            && self.implemented(id, &reached)
                    }
                    Kind::Plain | Kind::Macro => false,
                };
                if wanted {
                    work.push(id);
                }
            }
            if work.is_empty() {
                return reached;
            }
        }
    }

    /// Keeps what a name pasted by a macro may mean (`$e.$m(..)`, `grundy::m::$f`, `y::$f`
    /// after `use grundy::m as y`): every method and associated item of that name, and every
    /// item that name reaches from any module, through its `use` items and globs.
    fn keep_by_name(&self, name: &str, members: &mut BTreeSet<String>, work: &mut Vec<usize>) {
        members.insert(name.to_string());
        for module in 0..self.modules.len() {
            let mut targets = Targets::default();
            self.lookup(module, name, Ns::Any, 0, &mut targets);
            work.extend(targets.items);
        }
    }

    /// Whether an impl of the trait at `trait_path` (in `module`) may be called: false for one
    /// of std's [`CALLED_ONLY`] traits when `called` holds for none of its names.
    fn entry_called(
        &self,
        module: usize,
        trait_path: &[String],
        called: impl Fn(&str) -> bool,
    ) -> bool {
        let names = match CALLED_ONLY
            .iter()
            .find(|(name, _)| trait_path.last().map(String::as_str) == Some(*name))
        {
            Some((_, names)) => names,
            None => return true,
        };
        let mut targets = Targets::default();
        self.resolve(
            module,
            &Leaf::relative(),
            trait_path,
            Ns::Type,
            0,
            &mut targets,
        );
        !targets.items.is_empty() || names.iter().any(|name| called(name))
    }

    /// Whether trait `id` is implemented for a type that may exist: by an impl for a kept
    /// type of the bundle's, or for a type that is not the bundle's (a std type, a tuple), not
    /// counting blanket impls. A trait that kept code reaches only by the name of a method
    /// (`.value(..)`) is needed only then: without such an impl no value has its methods.
    fn implemented(&self, id: usize, reached: &[bool]) -> bool {
        self.nodes.iter().any(|node| match &node.kind {
            Kind::TraitImpl {
                self_ty,
                trait_path,
                blanket,
                ..
            } => {
                let mut traits = Targets::default();
                self.resolve(
                    node.module,
                    &Leaf::relative(),
                    trait_path,
                    Ns::Type,
                    0,
                    &mut traits,
                );
                traits.items.contains(&id)
                    && !blanket
                    && self_ty
                        .as_ref()
                        .is_none_or(|ty| self.kept_or_foreign(node.module, ty, reached))
            }
            _ => false,
        })
    }

    /// The types of this bundle that node `id` is an impl (or an impl's item) for.
    fn self_types(&self, id: usize) -> Vec<usize> {
        let node = &self.nodes[id];
        let self_ty = match &node.kind {
            Kind::Member { of_impl, .. } => return self.self_types(*of_impl),
            Kind::InherentImpl { self_ty } | Kind::TraitImpl { self_ty, .. } => self_ty,
            _ => return Vec::new(),
        };
        let mut targets = Targets::default();
        if let Some(path) = self_ty {
            self.resolve(
                node.module,
                &Leaf::relative(),
                path,
                Ns::Type,
                0,
                &mut targets,
            );
        }
        targets.items.retain(|&t| self.nodes[t].is_type);
        targets.items
    }

    /// Records what `path` (two segments or more, named in node `id`) names as associated
    /// items: `Type::name` and `Self::name` of one of this bundle's types go to `associated`
    /// with the type; a name after another item of the bundle (a type alias) or after `Self`
    /// outside an impl goes to `members`, for every type; a name after what is not the
    /// bundle's (a std type, a generic parameter) goes to `trait_members`, for traits only.
    fn associated(
        &self,
        id: usize,
        path: &[String],
        members: &mut BTreeSet<String>,
        trait_members: &mut BTreeSet<String>,
        associated: &mut BTreeSet<(usize, String)>,
    ) {
        for i in 1..path.len() {
            let prefix = &path[..i];
            let (types, other) = if prefix == ["Self"] {
                let types = self.self_types(id);
                let other = types.is_empty();
                (types, other)
            } else {
                let mut targets = Targets::default();
                self.resolve_in_node(id, prefix, Ns::Type, &mut targets);
                let (types, other): (Vec<usize>, Vec<usize>) =
                    targets.items.iter().partition(|&&t| self.nodes[t].is_type);
                if targets.items.is_empty() && targets.modules.is_empty() {
                    // Not this bundle's (`Vec::new`, `T::default`): only a trait of the
                    // bundle's can be what it names.
                    trait_members.insert(path[i].clone());
                }
                (types, !other.is_empty())
            };
            for t in types {
                associated.insert((t, path[i].clone()));
            }
            if other {
                members.insert(path[i].clone());
            }
        }
    }

    /// Modules that hold a kept item, a `pub use` leaf that kept code's lookups went through to
    /// a kept item (`passed`), or that the problem's `use` items name (with their ancestors); the problem's
    /// own modules always; every module when resolving gave up.
    fn existing_modules(&self, reached: &[bool], passed: &BTreeSet<(usize, usize)>) -> Vec<bool> {
        if self.keeps_all() {
            return vec![true; self.modules.len()];
        }
        let mut exists: Vec<bool> = self.modules.iter().map(|m| !m.shakable).collect();
        for (id, node) in self.nodes.iter().enumerate() {
            if reached[id] {
                exists[node.module] = true;
            }
        }
        // A module of re-exports (the prelude) may hold no kept node: it exists when kept
        // code's lookups went through one of its `pub use` leaves to a kept item
        // (`grundy::prelude::Nimber(0)`). A private `use` serves only its module's own code.
        for item in self.uses.iter().filter(|u| u.public) {
            for (i, leaf) in item.leaves.iter().enumerate() {
                if passed.contains(&(item.module, item.first_leaf + i)) {
                    let mut targets = Targets::default();
                    self.resolve_leaf(item.module, leaf, &mut targets);
                    if targets.items.iter().any(|&t| reached[t]) {
                        exists[item.module] = true;
                    }
                }
            }
        }
        for item in &self.uses {
            if !self.modules[item.module].shakable {
                for leaf in &item.leaves {
                    let mut targets = Targets::default();
                    self.resolve_leaf(item.module, leaf, &mut targets);
                    for m in targets.modules {
                        exists[m] = true;
                    }
                }
            }
        }
        // Children come after their parents: one backward pass carries existence upwards.
        for id in (1..self.modules.len()).rev() {
            if exists[id] {
                if let Some(parent) = self.modules[id].parent {
                    exists[parent] = true;
                }
            }
        }
        exists
    }

    /// Whether `use` leaf `leaf` of crate module `module` still names something after
    /// shaking: a leaf that names nothing of the bundle's (`std::io::Write`) stays; a leaf that
    /// names only consts, statics, functions or types of the bundle's stays when a lookup of
    /// kept code went through it (`passed`: a re-export nothing takes serves nothing); any
    /// other leaf (a trait, whose methods need it in scope; a macro, called by name; a module;
    /// a glob) stays when what it names is kept.
    fn leaf_is_live(
        &self,
        module: usize,
        leaf: &Leaf,
        passed: bool,
        reached: &[bool],
        exists: &[bool],
    ) -> bool {
        let mut targets = Targets::default();
        self.resolve_leaf(module, leaf, &mut targets);
        if targets.items.is_empty() && targets.modules.is_empty() {
            return true;
        }
        if leaf.glob {
            // A glob of a module, or of an enum's variants (`use self::Shape::*;`).
            return targets.modules.iter().any(|&m| exists[m])
                || targets.items.iter().any(|&i| reached[i]);
        }
        let only_named = targets.modules.is_empty()
            && targets
                .items
                .iter()
                .all(|&i| matches!(self.nodes[i].kind, Kind::Plain));
        if only_named && !passed {
            return false;
        }
        targets.items.iter().any(|&i| reached[i]) || targets.modules.iter().any(|&m| exists[m])
    }
}
