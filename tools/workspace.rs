//! The workspace as the tools see it: its root, its problems, and what each problem declares in
//! its doc comment (`//! - judge: NAME`, `//! - url: ...`, `//! - time limit: N s`).

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace this tool was built from.
pub fn default_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tools/ lies in the workspace")
        .to_path_buf()
}

/// The problems: every `problems/NAME.rs`, sorted.
pub fn problems(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(root.join("problems"))
        .map(|dir| {
            dir.filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                name.strip_suffix(".rs").map(str::to_string)
            })
            .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// `Ok` if `name` is a problem of the workspace, else an error listing the problems.
pub fn check_problem(root: &Path, name: &str) -> Result<(), String> {
    let known = problems(root);
    if known.iter().any(|k| k == name) {
        Ok(())
    } else {
        Err(format!(
            "unknown problem `{}`; the problems are: {}",
            name,
            known.join(", ")
        ))
    }
}

/// Whether `name` may name a problem: a lowercase letter, then lowercase letters, digits and
/// underscores, at most 40 characters, and not a name the workspace uses for something else.
pub fn valid_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let rest_ok = chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !first_ok || !rest_ok || name.len() > 40 {
        return Err(format!(
            "`{}` is not a valid problem name: use a lowercase letter, then lowercase letters, digits or `_` (at most 40)",
            name
        ));
    }
    const TAKEN: [&str; 12] = [
        "grundy", "judge", "testkit", "tools", "problems", "bundle", "new", "stress", "main",
        "std", "core", "test",
    ];
    if TAKEN.contains(&name) {
        return Err(format!(
            "`{}` is taken by the workspace; choose another name",
            name
        ));
    }
    Ok(())
}

/// What a problem declares about itself.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Meta {
    /// The judge profile's name.
    pub judge: Option<String>,
    /// The problem's page.
    pub url: Option<String>,
    /// The judge's time limit in seconds.
    pub time_limit: Option<f64>,
}

/// Reads the `//! - key: value` lines of a problem's source.
pub fn meta_of_source(source: &str) -> Meta {
    let mut meta = Meta::default();
    for line in source.lines() {
        let item = match line.trim().strip_prefix("//! - ") {
            Some(item) => item,
            None => continue,
        };
        if let Some(judge) = item.strip_prefix("judge:") {
            meta.judge = Some(judge.trim().to_string());
        } else if let Some(url) = item.strip_prefix("url:") {
            meta.url = Some(url.trim().to_string());
        } else if let Some(limit) = item.strip_prefix("time limit:") {
            let number = limit.trim().trim_end_matches('s').trim();
            meta.time_limit = number.parse().ok();
        }
    }
    meta
}

/// The metadata of problem `name`.
pub fn meta(root: &Path, name: &str) -> Result<Meta, String> {
    let path = root.join("problems").join(format!("{}.rs", name));
    let source = fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e))?;
    Ok(meta_of_source(&source))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_declared_lines() {
        let meta = meta_of_source(
            "//! Title\n//!\n//! - judge: spoj\n//! - time limit: 1.5 s\nfn main() {}\n",
        );
        assert_eq!(meta.judge.as_deref(), Some("spoj"));
        assert_eq!(meta.time_limit, Some(1.5));
        assert_eq!(meta.url, None);
    }

    #[test]
    fn names() {
        assert!(valid_name("mmmgame").is_ok());
        assert!(valid_name("abc123_a").is_ok());
        for bad in ["", "1abc", "Abc", "a-b", "a b", "../x", "new", "grundy"] {
            assert!(valid_name(bad).is_err(), "{bad}");
        }
        let root = default_root();
        assert!(problems(&root).contains(&"knights".to_string()));
        assert!(check_problem(&root, "nosuch")
            .unwrap_err()
            .contains("knights"));
    }
}
