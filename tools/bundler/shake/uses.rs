//! `use` items as leaves (the name each binds and the path it names), and written back.

use syn::visit::Visit;

/// `use` items for `leaves`: one `use a::b::{c, d as e};` when they share all but their last
/// segment, else one `use` per leaf.
pub(super) fn render_use(head: &str, leaves: &[&Leaf]) -> String {
    let first = leaves[0];
    let prefix = &first.path[..first.path.len().saturating_sub(1)];
    let grouped = leaves.len() > 1
        && !prefix.is_empty()
        && leaves.iter().all(|leaf| {
            !leaf.glob
                && leaf.absolute == first.absolute
                && leaf.path.len() == prefix.len() + 1
                && leaf.path.starts_with(prefix)
        });
    if !grouped {
        let lines: Vec<String> = leaves
            .iter()
            .map(|leaf| format!("{}use {};", head, leaf.render()))
            .collect();
        return lines.join(" ");
    }
    let names: Vec<String> = leaves
        .iter()
        .map(|leaf| {
            let own = Leaf {
                name: leaf.name.clone(),
                path: leaf.path[prefix.len()..].to_vec(),
                absolute: false,
                glob: false,
            };
            own.render()
        })
        .collect();
    format!(
        "{}use {}{}::{{{}}};",
        head,
        if first.absolute { "::" } else { "" },
        prefix.join("::"),
        names.join(", ")
    )
}

/// A path as written, by segments; `absolute` for a leading `::` (an extern crate's path).
#[derive(Clone, Debug)]
pub(super) struct Leaf {
    /// The name the `use` binds (its last segment or its `as` name); empty for a glob.
    pub(super) name: String,
    pub(super) path: Vec<String>,
    pub(super) absolute: bool,
    pub(super) glob: bool,
}

impl Leaf {
    /// How a path in code is read: relative to its module.
    pub(super) fn relative() -> Self {
        Leaf {
            name: String::new(),
            path: Vec::new(),
            absolute: false,
            glob: false,
        }
    }

    pub(super) fn render(&self) -> String {
        let mut out = if self.absolute { "::" } else { "" }.to_string();
        out += &self.path.join("::");
        if self.glob {
            out += "::*";
        } else if self.path.last() != Some(&self.name) {
            out += " as ";
            out += &self.name;
        }
        out
    }
}

/// The leaves of a `use` tree.
pub(super) fn leaves(item: &syn::ItemUse) -> Vec<Leaf> {
    fn walk(tree: &syn::UseTree, prefix: &mut Vec<String>, absolute: bool, out: &mut Vec<Leaf>) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                walk(&p.tree, prefix, absolute, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut path = prefix.clone();
                if n.ident != "self" {
                    path.push(n.ident.to_string());
                }
                let name = path.last().cloned().unwrap_or_default();
                out.push(Leaf {
                    name,
                    path,
                    absolute,
                    glob: false,
                });
            }
            syn::UseTree::Rename(r) => {
                let mut path = prefix.clone();
                if r.ident != "self" {
                    path.push(r.ident.to_string());
                }
                out.push(Leaf {
                    name: r.rename.to_string(),
                    path,
                    absolute,
                    glob: false,
                });
            }
            syn::UseTree::Glob(_) => out.push(Leaf {
                name: String::new(),
                path: prefix.clone(),
                absolute,
                glob: true,
            }),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    walk(tree, prefix, absolute, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &item.tree,
        &mut Vec::new(),
        item.leading_colon.is_some(),
        &mut out,
    );
    out
}

/// The `use` items nested in an item (in function bodies).
pub(super) fn local_leaves(visit: impl FnOnce(&mut LocalUses)) -> Vec<Leaf> {
    let mut locals = LocalUses(Vec::new());
    visit(&mut locals);
    locals.0
}

pub(super) struct LocalUses(Vec<Leaf>);

impl<'ast> Visit<'ast> for LocalUses {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.0.extend(leaves(item));
    }
}
