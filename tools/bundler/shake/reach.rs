//! What the problem's code reaches: from the roots (every node outside the crates, and
//! item-level macro calls), along what each kept node names by path, by a name a macro may
//! paste, by a method's or associated item's name, and the impls and traits kept code needs.

use super::super::macros::{idents, WRITING};
use super::names::Names;
use super::uses::Leaf;
use super::{Graph, Kind, Ns, Targets, CALLED_ONLY};
use std::collections::{BTreeMap, BTreeSet};

/// What kept code names by a name rather than by a path, gathered as nodes are reached.
#[derive(Default)]
struct Named {
    /// Names after a `.` or a `::` of kept code: methods and associated items of any type.
    members: BTreeSet<String>,
    /// `Type::name` and `Self::name` of one of the bundle's types: (the type's node, name).
    associated: BTreeSet<(usize, String)>,
    /// Names after what is not the bundle's (`T::default`): items of the bundle's traits.
    trait_members: BTreeSet<String>,
    /// Names a macro may paste, each kept wherever it reaches once.
    pasted: BTreeSet<String>,
}

impl Graph {
    /// Which nodes the roots (every node outside the crates, and item-level macro calls) reach.
    pub(super) fn reach(&self) -> Vec<bool> {
        let mut reached = vec![false; self.nodes.len()];
        let mut work = self.roots();
        let macros_by_name = self.macros_by_name();
        let mut named = Named::default();
        loop {
            while let Some(id) = work.pop() {
                if reached[id] {
                    continue;
                }
                reached[id] = true;
                self.follow(id, &macros_by_name, &mut named, &mut work);
            }
            for id in 0..self.nodes.len() {
                if !reached[id] && self.wanted(id, &reached, &named) {
                    work.push(id);
                }
            }
            if work.is_empty() {
                return reached;
            }
        }
    }

    /// The nodes kept whatever they name: every node outside the crates, item-level macro
    /// calls, and what the problem's own `use` items import (so that they still resolve).
    fn roots(&self) -> Vec<usize> {
        let mut work: Vec<usize> = Vec::new();
        for (id, node) in self.nodes.iter().enumerate() {
            let root = !self.modules[node.module].shakable;
            let macro_call = matches!(node.kind, Kind::Plain) && node.name.is_none();
            if root || macro_call {
                work.push(id);
            }
        }
        for item in &self.uses {
            if !self.modules[item.module].shakable {
                for leaf in &item.leaves {
                    let mut targets = Targets::default();
                    self.resolve_leaf(item.module, leaf, &mut targets);
                    work.extend(targets.items);
                }
            }
        }
        work
    }

    /// The `macro_rules!` nodes by name.
    fn macros_by_name(&self) -> BTreeMap<&str, Vec<usize>> {
        let mut macros_by_name: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (id, node) in self.nodes.iter().enumerate() {
            if let (Kind::Macro, Some(name)) = (&node.kind, &node.name) {
                macros_by_name.entry(name).or_default().push(id);
            }
        }
        macros_by_name
    }

    /// Follows what newly kept node `id` names: the items its paths resolve to and the macros
    /// it calls go to `work`; names a macro may paste keep every item of that name; its
    /// member and associated names go to `named`.
    fn follow(
        &self,
        id: usize,
        macros_by_name: &BTreeMap<&str, Vec<usize>>,
        named: &mut Named,
        work: &mut Vec<usize>,
    ) {
        let mut names = Names::default();
        names.scan(self.nodes[id].tokens.clone(), &[]);
        let mut pasted = std::mem::take(&mut names.rule_idents);
        if matches!(self.nodes[id].kind, Kind::Macro) {
            idents(self.nodes[id].tokens.clone(), &mut pasted);
        }
        for (called, arguments) in &names.invocations {
            if self.defined_macros.pastes(called) {
                pasted.extend(arguments.iter().cloned());
            } else if WRITING.contains(&called.as_str()) {
                named.members.insert("write_fmt".to_string());
            }
        }
        for name in pasted {
            if named.pasted.insert(name.clone()) {
                self.keep_by_name(&name, &mut named.members, work);
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
        named.members.extend(names.members);
        for path in names.paths.iter().filter(|p| p.len() > 1) {
            self.associated(
                id,
                path,
                &mut named.members,
                &mut named.trait_members,
                &mut named.associated,
            );
        }
    }

    /// Whether node `id`, not reached by a name or path, is needed by what is kept: a trait
    /// impl whose header is kept and whose trait may be called, an inherent impl of a kept (or
    /// foreign) type, a member of a kept impl named by kept code, a trait whose items kept
    /// code names and that a kept type implements.
    fn wanted(&self, id: usize, reached: &[bool], named: &Named) -> bool {
        let node = &self.nodes[id];
        let member = |n: &str| named.members.contains(n) || named.trait_members.contains(n);
        match &node.kind {
            Kind::TraitImpl {
                header, trait_path, ..
            } => {
                self.named_kept(id, header, reached)
                    && self.entry_called(node.module, trait_path, member)
            }
            Kind::InherentImpl { self_ty } => self_ty
                .as_ref()
                .is_none_or(|ty| self.kept_or_foreign(node.module, ty, reached)),
            Kind::Member { of_impl, name } => {
                reached[*of_impl]
                    && (name.is_empty()
                        || named.members.contains(name)
                        || self
                            .self_types(*of_impl)
                            .iter()
                            .any(|&t| named.associated.contains(&(t, name.clone()))))
            }
            Kind::Trait(names) => names.iter().any(|n| member(n)) && self.implemented(id, reached),
            Kind::Plain | Kind::Macro => false,
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
    pub(super) fn self_types(&self, id: usize) -> Vec<usize> {
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
}
