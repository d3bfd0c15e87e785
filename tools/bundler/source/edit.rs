//! The edits that make a file paste into a bundle, how they apply to its text, and which
//! items exist only in unit tests (cut by their spans).

/// A change to a file's text: replace `range` by `with`.
#[derive(Clone, Debug)]
pub(crate) struct Edit {
    pub(crate) range: std::ops::Range<usize>,
    pub(crate) with: String,
}

impl Edit {
    pub(crate) fn delete(range: std::ops::Range<usize>) -> Self {
        Edit {
            range,
            with: String::new(),
        }
    }
}

/// Applies edits (deletions may nest; the outermost wins), then drops lines left blank by a
/// deletion and runs of blank lines.
pub(crate) fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by(|a, b| {
        a.range
            .start
            .cmp(&b.range.start)
            .then(b.range.end.cmp(&a.range.end))
    });
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in edits {
        if edit.range.start < at {
            continue; // inside a deletion already made
        }
        out += &text[at..edit.range.start];
        if edit.with.is_empty() {
            out.push('\u{0}'); // marks a line that held a deletion
        }
        out += &edit.with;
        at = edit.range.end;
    }
    out += &text[at..];
    let mut lines: Vec<&str> = Vec::new();
    for line in out.lines() {
        let marked = line.contains('\u{0}');
        let blank = line.replace('\u{0}', "").trim().is_empty();
        if marked && blank {
            continue;
        }
        if blank && lines.last().is_none_or(|l| l.trim().is_empty()) {
            continue;
        }
        lines.push(line);
    }
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let mut joined = lines.join("\n").replace('\u{0}', "");
    joined.push('\n');
    joined
}

pub(crate) fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::ExternCrate(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::ForeignMod(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::TraitAlias(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// `#[cfg(test)]` (or `#[cfg(all(test, ...))]`): the item exists only in unit tests.
pub(crate) fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && {
            let tokens = a
                .meta
                .require_list()
                .map(|l| l.tokens.to_string())
                .unwrap_or_default();
            tokens == "test" || tokens.starts_with("all (test")
        }
    })
}
