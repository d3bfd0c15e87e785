//! The crates' code in a bundle, laid out tighter: four spaces of indentation become a tab and
//! blank lines go, except where a line starts inside a literal (whose text is kept byte for
//! byte). The problem's own code keeps its layout.

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use std::ops::Range;
use syn::spanned::Spanned;

/// `text` with the lines inside its top-level modules named in `modules` retabbed.
///
/// # Errors
/// If `text` does not parse.
pub(super) fn tighten(text: &str, modules: &[&str]) -> Result<String, String> {
    let file = syn::parse_file(text).map_err(|e| format!("the bundle does not parse: {}", e))?;
    let mut regions = Vec::new();
    let mut literals = Vec::new();
    for item in &file.items {
        if let syn::Item::Mod(m) = item {
            if modules.iter().any(|name| m.ident == name) {
                regions.push(m.span().byte_range());
                literal_ranges(m.to_token_stream(), &mut literals);
            }
        }
    }
    let strictly_in =
        |ranges: &[Range<usize>], at: usize| ranges.iter().any(|r| r.start < at && at < r.end);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        if !strictly_in(&regions, start) || strictly_in(&literals, start) {
            out.push_str(line);
            continue;
        }
        let body = line.trim_start_matches(' ');
        if body.trim().is_empty() {
            continue;
        }
        let spaces = line.len() - body.len();
        out.extend(std::iter::repeat_n('\t', spaces / 4));
        out.extend(std::iter::repeat_n(' ', spaces % 4));
        out.push_str(body);
    }
    Ok(out)
}

/// The byte ranges of every literal in `tokens`.
fn literal_ranges(tokens: TokenStream, out: &mut Vec<Range<usize>>) {
    for tree in tokens {
        match tree {
            TokenTree::Group(g) => literal_ranges(g.stream(), out),
            TokenTree::Literal(l) => out.push(l.span().byte_range()),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::tighten;

    #[test]
    fn crate_code_is_tabbed_and_literals_and_the_problem_are_kept() {
        let text = "fn main() {\n    let a = 1;\n\n}\nmod judge {\n    fn f() -> &'static str {\n\n        \"x\n    y\"\n      }\n}\n";
        assert_eq!(
            tighten(text, &["judge"]).unwrap(),
            "fn main() {\n    let a = 1;\n\n}\nmod judge {\n\tfn f() -> &'static str {\n\t\t\"x\n    y\"\n\t  }\n}\n"
        );
    }
}
