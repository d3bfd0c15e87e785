//! A library crate on disk: its modules, root re-exports, and file modules inlined.

use super::source::{apply, is_test_only, use_paths, Edit, Role, SourceFile};
use super::LIB;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;

/// The library: its top-level modules and its root `use` items.
pub(super) struct Library {
    dir: PathBuf,
    root: PathBuf,
    modules: BTreeSet<String>,
    /// Name re-exported at the root → the module it comes from.
    names: BTreeMap<String, String>,
    /// Modules whose items are re-exported by a glob.
    globbed: Vec<String>,
    /// Each root `use` item: the modules it needs and its text, rewritten.
    pub(super) root_uses: Vec<(Vec<String>, String)>,
}

impl Library {
    pub(super) fn load(root: &Path) -> Result<Self, String> {
        let dir = root.join("lib");
        let file = SourceFile::load(&dir.join("lib.rs"), root)?;
        let mut library = Library {
            dir,
            root: root.to_path_buf(),
            modules: BTreeSet::new(),
            names: BTreeMap::new(),
            globbed: Vec::new(),
            root_uses: Vec::new(),
        };
        for item in &file.syntax.items {
            match item {
                syn::Item::Mod(m) if m.content.is_none() => {
                    library.modules.insert(m.ident.to_string());
                }
                syn::Item::Use(u) if !is_test_only(&u.attrs) => {
                    let mut paths = Vec::new();
                    use_paths(&u.tree, &mut Vec::new(), &mut paths);
                    let mut needs = Vec::new();
                    for path in &paths {
                        let segments: Vec<&str> = path.iter().map(|(s, _)| s.as_str()).collect();
                        let rest = match segments.first() {
                            Some(&"crate") | Some(&"self") => &segments[1..],
                            _ => &segments[..],
                        };
                        let (module, name) = match rest {
                            [module, .., name] => (module.to_string(), name.to_string()),
                            _ => {
                                return Err(format!(
                                    "{}: `use {}` re-exports no module's item",
                                    file.shown,
                                    segments.join("::")
                                ))
                            }
                        };
                        if name == "*" {
                            library.globbed.push(module.clone());
                        } else {
                            let exported = rename_of(&u.tree, &name).unwrap_or(name);
                            library.names.insert(exported, module.clone());
                        }
                        needs.push(module);
                    }
                    let text = file.text[u.span().byte_range()].to_string();
                    let text = text.replace("crate::", &format!("crate::{}::", LIB));
                    needs.sort();
                    needs.dedup();
                    library.root_uses.push((needs, text));
                }
                syn::Item::Mod(_) | syn::Item::Use(_) => {}
                other => {
                    return Err(format!(
                        "{}:{}: lib.rs holds only module declarations and re-exports; move this item into a module",
                        file.shown,
                        other.span().start().line
                    ))
                }
            }
        }
        Ok(library)
    }

    /// The modules a path into the library (segments after its root) needs.
    pub(super) fn modules_for(&self, path: &[String], user: &str) -> Result<Vec<String>, String> {
        let first = match path.first() {
            Some(first) => first.as_str(),
            None => return Ok(Vec::new()),
        };
        if first == "*" || first == "$" {
            // A glob, or a name a library macro's caller gives: any module.
            return Ok(self.modules.iter().cloned().collect());
        }
        if self.modules.contains(first) {
            return Ok(vec![first.to_string()]);
        }
        if let Some(module) = self.names.get(first) {
            return Ok(vec![module.clone()]);
        }
        if !self.globbed.is_empty() {
            return Ok(self.globbed.clone());
        }
        Err(format!(
            "{} uses `{}::{}`, which is neither a module of lib/ nor re-exported by lib/lib.rs",
            user,
            LIB,
            path.join("::")
        ))
    }

    /// The modules that a path `grundy::$name` may reach, `$name` being one of `names`: a
    /// module of that name, the module of a root re-export of that name, and the modules that
    /// root globs re-export.
    pub(super) fn modules_named(&self, names: &BTreeSet<String>) -> Vec<String> {
        let mut found: BTreeSet<String> = self.globbed.iter().cloned().collect();
        for name in names {
            if self.modules.contains(name) {
                found.insert(name.clone());
            }
            if let Some(module) = self.names.get(name) {
                found.insert(module.clone());
            }
        }
        found.into_iter().collect()
    }

    /// A module's text, its folder modules inlined, and the modules it needs.
    pub(super) fn module_text(&self, name: &str) -> Result<(String, Vec<String>), String> {
        let file = self.dir.join(format!("{}.rs", name));
        let folder = self.dir.join(name);
        let (path, children_dir) = if file.exists() {
            (file, folder)
        } else {
            (folder.join("mod.rs"), folder)
        };
        let mut needs = Vec::new();
        let text = crate_file_text(&self.root, LIB, &path, &children_dir, 1, &mut needs)?;
        let mut modules = Vec::new();
        for path in &needs {
            modules.extend(self.modules_for(path, &format!("lib module `{}`", name))?);
        }
        Ok((text, modules))
    }
}

/// The text of one file of crate `crate_name` (`depth` modules below its root, its `mod x;`
/// files in `children_dir`), ready to paste, with every `mod x;` inlined at any depth; the crate
/// paths it uses are added to `needs`.
pub(super) fn crate_file_text(
    root: &Path,
    crate_name: &'static str,
    path: &Path,
    children_dir: &Path,
    depth: usize,
    needs: &mut Vec<Vec<String>>,
) -> Result<String, String> {
    let file = SourceFile::load(path, root)?;
    let analysis = file.analyse(Role::Library { crate_name, depth })?;
    needs.extend(analysis.lib_paths.iter().cloned());
    if analysis.file_modules.is_empty() {
        return Ok(analysis.text);
    }
    // Inline each `mod name;` of this file, beside the analysis' own edits.
    let mut edits = analysis.edits;
    for module in &analysis.file_modules {
        let direct = children_dir.join(format!("{}.rs", module.name));
        let (child_path, grand_dir) = if direct.exists() {
            (direct.clone(), children_dir.join(&module.name))
        } else {
            let folder = children_dir.join(&module.name);
            (folder.join("mod.rs"), folder)
        };
        if !child_path.exists() {
            return Err(format!(
                "{}: `mod {};` has neither {} nor {}",
                file.shown,
                module.name,
                direct.display(),
                child_path.display()
            ));
        }
        let body = crate_file_text(root, crate_name, &child_path, &grand_dir, depth + 1, needs)?;
        edits.push(Edit {
            range: module.range.clone(),
            with: format!("{} {{\n{}}}", module.header, body),
        });
    }
    Ok(apply(&file.text, edits))
}

/// The name a `use` tree gives to `name` (its `as` rename), if any.
fn rename_of(tree: &syn::UseTree, name: &str) -> Option<String> {
    match tree {
        syn::UseTree::Path(p) => rename_of(&p.tree, name),
        syn::UseTree::Rename(r) if r.ident == name => Some(r.rename.to_string()),
        syn::UseTree::Group(g) => g.items.iter().find_map(|t| rename_of(t, name)),
        _ => None,
    }
}
