//! Enum variants that kept code never builds, and the match arms only they reach.
//!
//! A variant of one of the crates' enums that kept code names only in the patterns of match
//! arms is never a value: it goes, and so do those arms (judge's `InputError::TooLong` and its
//! message, in a problem that reads no lines). A pattern never builds a value, every other
//! mention may: a path in an expression, a `use`, a macro's arguments (read as tokens). So a
//! variant goes only when all of these hold:
//! - its enum has no generics (a parameter left unused does not compile), no `repr`, no
//!   explicit discriminant and no derived `Hash` (which hashes a variant's position), and one
//!   of its variants holds a field (no `as` cast reads a position; `V()` and `V {}` hold none);
//!   the variant has no attribute (`#[default]`);
//! - every mention of its name in kept code, outside the enum, lies in the pattern of a match
//!   arm of the crates' code that needs the variant whatever its other parts (not under an
//!   `|`), through a path that resolves to the enum: `Enum::Variant`, `Self::Variant` in an
//!   impl for the enum, or `Variant` alone under a module-level glob import of the enum's
//!   variants, no other glob, and no glob inside the function (a local item that would shadow
//!   the enum or the variant names it where it is defined, a mention that keeps the variant);
//! - kept code names nothing that reads a variant's position or the enum's layout
//!   ([`LAYOUT_READERS`]: `mem::discriminant`, whose `Debug` shows the position, a transmute,
//!   a size, `needs_drop`, `Layout`; a raw pointer cast that reads the tag is not looked
//!   for: the crates have none);
//! - at least one variant of the enum stays (a `match` on a reference to an empty enum needs
//!   no arms, so one whose arms all went would not compile).

use super::super::source::Edit;
use super::{Graph, Leaf, Ns, Targets};
use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// Names through which a program may see an enum's layout or a variant's position: where kept
/// code names one (a path's segment, a `use`), every variant stays.
const LAYOUT_READERS: [&str; 9] = [
    "discriminant",
    "transmute",
    "transmute_copy",
    "size_of",
    "size_of_val",
    "align_of",
    "align_of_val",
    "needs_drop",
    "Layout",
];

/// A match arm of a node's code.
pub(super) struct Arm {
    /// The whole arm, with its comma.
    range: Range<usize>,
    pattern: Range<usize>,
    /// The paths the pattern needs a value to match (`Enum::Variant`, `Variant`), whatever its
    /// other parts: not under an `|`.
    needs: Vec<Vec<String>>,
}

/// The match arms `visit` meets (in closures and nested blocks too; not in macro calls, whose
/// tokens count as mentions).
pub(super) fn match_arms(visit: impl FnOnce(&mut ArmFinder)) -> Vec<Arm> {
    let mut finder = ArmFinder(Vec::new());
    visit(&mut finder);
    finder.0
}

pub(super) struct ArmFinder(Vec<Arm>);

impl<'ast> Visit<'ast> for ArmFinder {
    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        let mut needs = Vec::new();
        needed_paths(&arm.pat, &mut needs);
        self.0.push(Arm {
            range: arm.span().byte_range(),
            pattern: arm.pat.span().byte_range(),
            needs,
        });
        syn::visit::visit_arm(self, arm);
    }
}

/// The paths that `pat` needs a value to hold to match it.
fn needed_paths(pat: &syn::Pat, out: &mut Vec<Vec<String>>) {
    let path_of = |path: &syn::Path| -> Vec<String> {
        path.segments.iter().map(|s| s.ident.to_string()).collect()
    };
    match pat {
        // A lone name is a unit variant when one is in scope, else a binding.
        syn::Pat::Ident(p) => match &p.subpat {
            Some((_, sub)) => needed_paths(sub, out),
            None if p.by_ref.is_none() && p.mutability.is_none() => {
                out.push(vec![p.ident.to_string()])
            }
            None => {}
        },
        syn::Pat::Path(p) if p.qself.is_none() => out.push(path_of(&p.path)),
        syn::Pat::Struct(p) if p.qself.is_none() => {
            out.push(path_of(&p.path));
            for field in &p.fields {
                needed_paths(&field.pat, out);
            }
        }
        syn::Pat::TupleStruct(p) if p.qself.is_none() => {
            out.push(path_of(&p.path));
            p.elems.iter().for_each(|e| needed_paths(e, out));
        }
        syn::Pat::Tuple(p) => p.elems.iter().for_each(|e| needed_paths(e, out)),
        syn::Pat::Slice(p) => p.elems.iter().for_each(|e| needed_paths(e, out)),
        syn::Pat::Reference(p) => needed_paths(&p.pat, out),
        syn::Pat::Paren(p) => needed_paths(&p.pat, out),
        syn::Pat::Type(p) => needed_paths(&p.pat, out),
        _ => {}
    }
}

/// An enum of the crates whose variants may go (see the module's rules), as node `node`.
pub(super) struct ShakableEnum {
    node: usize,
    /// Each variant without attributes: its name and its text with its comma.
    variants: Vec<(String, Range<usize>)>,
    /// How many variants it has, with attributes or not.
    count: usize,
}

/// `item` as a [`ShakableEnum`] (node `node`), when its variants may go.
pub(super) fn shakable_enum(item: &syn::ItemEnum, node: usize) -> Option<ShakableEnum> {
    let attribute_names = |attr: &syn::Attribute| {
        let mut names = BTreeSet::new();
        idents(attr.meta.to_token_stream(), &mut |name, _| {
            names.insert(name);
        });
        names
    };
    let fixed_layout = item.attrs.iter().any(|attr| {
        let names = attribute_names(attr);
        names.contains("repr") || names.contains("Hash")
    });
    let holds_data = item
        .variants
        .iter()
        .any(|v| v.fields.iter().next().is_some());
    let discriminant = item.variants.iter().any(|v| v.discriminant.is_some());
    if fixed_layout || !holds_data || discriminant || !item.generics.params.is_empty() {
        return None;
    }
    let variants = item
        .variants
        .pairs()
        .filter(|pair| pair.value().attrs.is_empty())
        .map(|pair| {
            let start = pair.value().span().byte_range().start;
            let end = match pair.punct() {
                Some(comma) => comma.span.byte_range().end,
                None => pair.value().span().byte_range().end,
            };
            (pair.value().ident.to_string(), start..end)
        })
        .collect();
    Some(ShakableEnum {
        node,
        variants,
        count: item.variants.len(),
    })
}

/// Calls `found` with every identifier in `tokens` and where it starts.
fn idents(tokens: TokenStream, found: &mut impl FnMut(String, usize)) {
    for tree in tokens {
        match tree {
            TokenTree::Ident(ident) => {
                let at = ident.span().byte_range().start;
                found(ident.to_string(), at)
            }
            TokenTree::Group(group) => idents(group.stream(), found),
            _ => {}
        }
    }
}

impl Graph {
    /// The edits that drop the variants no kept code builds, with the arms only they reach.
    pub(super) fn unbuilt_variants(&self, reached: &[bool]) -> Vec<Edit> {
        let candidates: BTreeSet<&str> = self
            .enums
            .iter()
            .filter(|e| reached[e.node])
            .flat_map(|e| e.variants.iter().map(|(name, _)| name.as_str()))
            .collect();
        // Where kept code mentions each candidate name.
        let mut mentions: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        let mut layout_read = false;
        for (id, node) in self.nodes.iter().enumerate() {
            if reached[id] {
                idents(node.tokens.clone(), &mut |name, at| {
                    layout_read |= LAYOUT_READERS.contains(&name.as_str());
                    if candidates.contains(name.as_str()) {
                        mentions.entry(name).or_default().push(at);
                    }
                });
            }
        }
        // A `use` of the name (renamed, or re-exported) may build it anywhere.
        let imported: BTreeSet<&str> = self
            .uses
            .iter()
            .flat_map(|u| &u.leaves)
            .flat_map(|leaf| leaf.path.iter().chain([&leaf.name]))
            .map(String::as_str)
            .filter(|name| candidates.contains(name) || LAYOUT_READERS.contains(name))
            .collect();
        if layout_read || imported.iter().any(|name| LAYOUT_READERS.contains(name)) {
            return Vec::new();
        }
        let mut edits = Vec::new();
        for shakable in self.enums.iter().filter(|e| reached[e.node]) {
            let mut dropped = Vec::new();
            let mut variants_dropped = 0;
            let own = &self.nodes[shakable.node].range;
            for (name, range) in &shakable.variants {
                if imported.contains(name.as_str()) {
                    continue;
                }
                let arms: Vec<(usize, &Arm)> = self
                    .nodes
                    .iter()
                    .enumerate()
                    .filter(|&(id, _)| reached[id])
                    .flat_map(|(id, node)| node.arms.iter().map(move |arm| (id, arm)))
                    .filter(|(id, arm)| {
                        arm.needs.iter().any(|path| {
                            path.last() == Some(name) && self.names_variant(*id, path, shakable)
                        })
                    })
                    .collect();
                let in_problem = arms
                    .iter()
                    .any(|&(id, _)| !self.modules[self.nodes[id].module].shakable);
                let builds = mentions.get(name).is_some_and(|places| {
                    places.iter().any(|at| {
                        !own.contains(at) && !arms.iter().any(|(_, arm)| arm.pattern.contains(at))
                    })
                });
                if in_problem || builds {
                    continue;
                }
                variants_dropped += 1;
                dropped.push(Edit::delete(range.clone()));
                dropped.extend(arms.iter().map(|(_, arm)| Edit::delete(arm.range.clone())));
            }
            // An enum without variants is empty: a `match` on a reference to it would need no
            // arms, and one left with none does not compile. Such an enum keeps them all.
            if variants_dropped < shakable.count {
                edits.extend(dropped);
            }
        }
        edits
    }

    /// Whether `path`, in a pattern of node `id`, names a variant of `shakable` for certain.
    fn names_variant(&self, id: usize, path: &[String], shakable: &ShakableEnum) -> bool {
        let node = &self.nodes[id];
        let is_the_enum = |targets: &Targets| {
            targets.modules.is_empty()
                && !targets.items.is_empty()
                && targets.items.iter().all(|&t| t == shakable.node)
        };
        let resolve = |leaf: &Leaf| {
            let mut targets = Targets::default();
            self.resolve(node.module, leaf, &leaf.path, Ns::Type, 0, &mut targets);
            targets
        };
        let (variant, prefix) = match path.split_last() {
            Some(split) => split,
            None => return false,
        };
        if prefix == ["Self"] {
            return self.self_types(id) == [shakable.node];
        }
        if let Some(first) = prefix.first() {
            // A local `use` of another `first` (or a glob that may bring one) would shadow
            // the module's.
            let shadowed = node
                .locals
                .iter()
                .any(|local| (local.glob || &local.name == first) && !is_the_enum(&resolve(local)));
            let mut targets = Targets::default();
            self.resolve_in_node(id, prefix, Ns::Type, &mut targets);
            return !shadowed && is_the_enum(&targets);
        }
        // `Variant` alone: brought by a glob of the enum at the module's level, and by nothing
        // else. A glob inside the node's code reaches only its own block, which this reading
        // does not track: with one, a lone name may be a binding elsewhere in the node.
        let module = &self.modules[node.module];
        if node.locals.iter().any(|leaf| leaf.glob) {
            return false;
        }
        let leaves = || node.locals.iter().chain(&module.leaves);
        let globs_only_the_enum = module
            .leaves
            .iter()
            .filter(|leaf| leaf.glob)
            .all(|leaf| is_the_enum(&resolve(leaf)));
        let glob_of_the_enum = module.leaves.iter().any(|leaf| leaf.glob);
        let named_otherwise = leaves().any(|leaf| !leaf.glob && &leaf.name == variant)
            || module.items.contains_key(variant)
            || module.children.contains_key(variant);
        glob_of_the_enum && globs_only_the_enum && !named_otherwise
    }
}
