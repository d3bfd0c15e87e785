//! Text transforms on this workspace's own sources. They rely on its conventions, not on a Rust
//! parser: a file's unit tests are one `#[cfg(test)]` module at its end, documentation is in
//! `///` and `//!` line comments, library paths are written `crate::module::…` inside `lib/`
//! and `grundy::…` in problems, and a folder module declares its files as `mod name;`.

/// `text` without its trailing `#[cfg(test)]` module and without doc-comment lines.
pub fn strip_tests_and_docs(text: &str) -> String {
    let code = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => text,
    };
    let mut out = String::with_capacity(code.len());
    for line in code.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("///") || trimmed.starts_with("//!") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    // Leave no run of blank lines where documentation stood.
    while out.contains("\n\n\n") {
        out = out.replace("\n\n\n", "\n\n");
    }
    out.trim().to_string() + "\n"
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The first path segments named after each `prefix` (e.g. `crate::`): `crate::nim::x` gives
/// `nim`, `crate::{mex, nim::x}` gives `mex` and `nim`.
pub fn names_after(text: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let before_ok = rest[..at]
            .chars()
            .next_back()
            .map_or(true, |c| !is_ident_char(c));
        rest = &rest[at + prefix.len()..];
        if !before_ok {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|&c| is_ident_char(c))
                    .collect();
                if !name.is_empty() {
                    names.push(name);
                }
            }
        } else {
            let name: String = rest.chars().take_while(|&c| is_ident_char(c)).collect();
            if !name.is_empty() {
                names.push(name);
            }
        }
    }
    names.sort();
    names.dedup();
    names
}

/// The names declared by `mod name;` or `pub mod name;` lines (a folder module's files).
pub fn file_modules(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line
                .strip_prefix("pub ")
                .unwrap_or(line)
                .strip_prefix("mod ")?;
            let name = rest.strip_suffix(';')?;
            name.chars().all(is_ident_char).then(|| name.to_string())
        })
        .collect()
}

/// Indents every non-empty line by `by` spaces.
pub fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    text.lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_docs_and_the_test_module() {
        let text = "//! about\nuse x;\n/// doc\nfn f() {}\n\n\n\n// kept\n#[cfg(test)]\nmod tests {\n    fn g() {}\n}\n";
        assert_eq!(strip_tests_and_docs(text), "use x;\nfn f() {}\n\n// kept\n");
    }

    #[test]
    fn finds_path_heads_in_plain_and_grouped_uses() {
        let text = "use crate::mex::MexBuffer;\nuse crate::{nim::x, outcome};\nlet a = crate::rng::f(); notcrate::skip";
        assert_eq!(
            names_after(text, "crate::"),
            vec!["mex", "nim", "outcome", "rng"]
        );
        assert_eq!(
            names_after("use grundy::{a, b::c};\ngrundy::d()", "grundy::"),
            vec!["a", "b", "d"]
        );
    }

    #[test]
    fn finds_file_modules() {
        assert_eq!(
            file_modules("mod code;\npub mod rare;\nmod inline {\n}\n"),
            vec!["code", "rare"]
        );
    }
}
