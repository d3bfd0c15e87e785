//! Name resolution in the graph: what a name or path means in a module, through its items,
//! child modules, `use` items and globs, with a budget against glob cycles and blow-ups.

use super::names::Names;
use super::uses::Leaf;
use super::{Graph, Ns, Targets, LOOKUP_BUDGET, MAX_DEPTH};
use proc_macro2::TokenStream;

impl Graph {
    /// The items and modules `name` means in module `module`, in namespace `ns`.
    ///
    /// A lookup already under way for the same module, name and namespace (a cycle of glob
    /// imports) adds nothing: the one under way gathers it. The namespace is part of the key:
    /// `pub use crate::mex::mex;` beside `mod mex` looks `mex` up in every namespace, and the
    /// leaf's own inner `mex` (a module) in the type namespace, which is not a cycle. Past
    /// [`LOOKUP_BUDGET`] lookups in all, the graph gives up ([`Graph::gave_up`]) and the
    /// bundle keeps every item.
    pub(super) fn lookup(
        &self,
        module: usize,
        name: &str,
        ns: Ns,
        depth: usize,
        out: &mut Targets,
    ) {
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
    pub(super) fn keeps_all(&self) -> bool {
        self.gave_up() || self.defined_macros.imports
    }

    /// Whether resolution took more than [`LOOKUP_BUDGET`] lookups: its answers are partial.
    pub(super) fn gave_up(&self) -> bool {
        self.lookups.get() > LOOKUP_BUDGET
    }

    pub(super) fn lookup_here(
        &self,
        module: usize,
        name: &str,
        ns: Ns,
        depth: usize,
        out: &mut Targets,
    ) {
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
    pub(super) fn resolve(
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
    pub(super) fn resolve_in_node(&self, id: usize, path: &[String], ns: Ns, out: &mut Targets) {
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
    pub(super) fn resolve_leaf(&self, module: usize, leaf: &Leaf, out: &mut Targets) {
        let ns = if leaf.glob { Ns::Type } else { Ns::Any };
        self.resolve(module, leaf, &leaf.path, ns, 0, out);
    }

    /// Whether the type (or trait) at `path` in `module` is kept: true when it is not the
    /// bundle's own (a std type, a generic parameter).
    pub(super) fn kept_or_foreign(&self, module: usize, path: &[String], reached: &[bool]) -> bool {
        let plain = Leaf::relative();
        let mut targets = Targets::default();
        self.resolve(module, &plain, path, Ns::Type, 0, &mut targets);
        targets.items.is_empty() || targets.items.iter().any(|&i| reached[i])
    }

    /// Whether every path in `tokens` (named in node `id`) that resolves to items of the
    /// bundle resolves to a kept one: what a trait impl's header names must all exist.
    pub(super) fn named_kept(&self, id: usize, tokens: &TokenStream, reached: &[bool]) -> bool {
        let mut names = Names::default();
        names.scan(tokens.clone(), &[]);
        names.paths.iter().all(|path| {
            let mut targets = Targets::default();
            self.resolve_in_node(id, path, Ns::Type, &mut targets);
            targets.items.is_empty() || targets.items.iter().any(|&i| reached[i])
        })
    }
}
