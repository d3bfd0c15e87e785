//! What goes from the text once reach is known: the items nothing reaches, the modules left
//! empty, and each `use` item cut to the leaves that still name something.

use super::uses::{render_use, Leaf};
use super::{with_leading_comments, Graph, Kind, Targets};
use crate::source::Edit;
use std::collections::BTreeSet;

impl Graph {
    /// Drops each inherent impl none of whose items is kept.
    pub(super) fn drop_idle_impls(&self, reached: &mut [bool]) {
        let mut holds_kept = vec![false; self.nodes.len()];
        for (id, node) in self.nodes.iter().enumerate() {
            if let Kind::Member { of_impl, .. } = node.kind {
                holds_kept[of_impl] |= reached[id];
            }
        }
        for (id, node) in self.nodes.iter().enumerate() {
            if matches!(node.kind, Kind::InherentImpl { .. }) && !holds_kept[id] {
                reached[id] = false;
            }
        }
    }

    /// The deletions of the crates' items nothing reaches. An item inside a deleted impl or
    /// module is deleted with it (`apply` keeps the outermost).
    pub(super) fn cut_items(&self, text: &str, reached: &[bool]) -> Vec<Edit> {
        let mut edits = Vec::new();
        for (id, node) in self.nodes.iter().enumerate() {
            if self.modules[node.module].shakable && !reached[id] {
                edits.push(Edit::delete(with_leading_comments(
                    text,
                    node.range.clone(),
                )));
            }
        }
        edits
    }

    /// The deletions of the crates' modules that no longer exist (the outermost of them).
    pub(super) fn cut_modules(&self, text: &str, exists: &[bool]) -> Vec<Edit> {
        let mut edits = Vec::new();
        for (id, module) in self.modules.iter().enumerate() {
            if module.shakable && !exists[id] && exists[module.parent.unwrap_or(0)] {
                edits.push(Edit::delete(with_leading_comments(
                    text,
                    module.range.clone(),
                )));
            }
        }
        edits
    }

    /// The crates' `use` items cut to their live leaves: deleted when none is, rewritten when
    /// some are.
    pub(super) fn cut_uses(
        &self,
        text: &str,
        passed: &BTreeSet<(usize, usize)>,
        reached: &[bool],
        exists: &[bool],
    ) -> Vec<Edit> {
        let mut edits = Vec::new();
        for item in &self.uses {
            if !self.modules[item.module].shakable || !exists[item.module] {
                continue;
            }
            let kept: Vec<&Leaf> = item
                .leaves
                .iter()
                .enumerate()
                .filter(|&(i, leaf)| {
                    let index = item.first_leaf + i;
                    let passed = passed.contains(&(item.module, index)) || self.keeps_all();
                    self.leaf_is_live(item.module, leaf, passed, reached, exists)
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
        edits
    }

    /// The crates' modules left, as paths without `crate::`.
    pub(super) fn kept_modules(&self, exists: &[bool]) -> BTreeSet<String> {
        let mut kept_modules = BTreeSet::new();
        for (id, module) in self.modules.iter().enumerate() {
            if module.shakable && exists[id] {
                kept_modules.insert(module.path.join("::"));
            }
        }
        kept_modules
    }

    /// Modules that hold a kept item, a `pub use` leaf that kept code's lookups went through to
    /// a kept item (`passed`), or that the problem's `use` items name (with their ancestors); the problem's
    /// own modules always; every module when resolving gave up.
    pub(super) fn existing_modules(
        &self,
        reached: &[bool],
        passed: &BTreeSet<(usize, usize)>,
    ) -> Vec<bool> {
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
