//! Item-level tree shaking of an assembled bundle: every item of the crates' modules (`judge`,
//! `grundy`) that the problem's code cannot reach is cut from the text.
//!
//! The problem's own items are the roots. An item is kept when a kept item names it: by a path
//! (resolved through modules, `use` items, re-exports, globs and `crate`/`self`/`super`), by a
//! single identifier anywhere in its tokens (so a const in a pattern, a name in a macro's
//! arguments or a local variable that shadows an item all count: sound before small), or, for
//! a `macro_rules!`, by a call of its name. A name that a macro may paste into a path or after
//! a `.` (an identifier in a `macro_rules!` body or in a call of a macro that is not std's)
//! keeps every item and member of that name. What cannot be resolved by type is kept by name:
//! a method or associated item of a kept type is kept when its name follows a `.` or a `::`
//! anywhere in kept code; a trait is kept when a kept item names it or one of its items; a trait
//! impl is kept whole when its type and its trait are kept (or are not the bundle's own). `use`
//! items are cut to what still exists, and to what kept code's paths go through where they name
//! consts, statics, functions or types (a re-export nothing takes goes; a trait import stays for
//! its methods); modules left empty go.

mod build;
mod cut;
mod names;
mod reach;
mod resolve;
mod uses;

use super::macros::Defined;
use super::source::apply;
use proc_macro2::TokenStream;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use uses::Leaf;

/// A shaken bundle.
pub(super) struct Shaken {
    /// The text, without the items nothing reaches.
    pub(super) text: String,
    /// The crates' modules left, as `crate::module::...` paths without `crate::`.
    pub(super) kept_modules: BTreeSet<String>,
}

/// Shakes `text`, a bundle body whose root-level modules named in `crates` hold the crates:
/// the graph of its items, what the problem's code reaches in it, and the edits that cut the
/// rest.
pub(super) fn shake(text: &str, crates: &[&str]) -> Result<Shaken, String> {
    let file = syn::parse_file(text).map_err(|e| format!("the bundle does not parse: {}", e))?;
    let graph = Graph::of(text, &file, crates);
    let mut reached = graph.reach();
    // The leaves that kept code's lookups went through (later lookups only check).
    let passed = graph.passed.take();
    if graph.keeps_all() {
        // Names too tangled to resolve in reasonable time, or imported by a macro's `use`
        // where no token shows them: keep everything (sound).
        reached = vec![true; graph.nodes.len()];
    }
    graph.drop_idle_impls(&mut reached);
    let exists = graph.existing_modules(&reached, &passed);
    let mut edits = graph.cut_items(text, &reached);
    edits.extend(graph.cut_modules(text, &exists));
    edits.extend(graph.cut_uses(text, &passed, &reached, &exists));
    Ok(Shaken {
        text: apply(text, edits),
        kept_modules: graph.kept_modules(&exists),
    })
}

/// `range`, widened to the start of its line and over the `//` comment lines right above it
/// (a comment that introduces a dropped item goes with it).
fn with_leading_comments(text: &str, range: Range<usize>) -> Range<usize> {
    let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    if !text[line_start..range.start].trim().is_empty() {
        return range;
    }
    let mut start = line_start;
    while start > 0 {
        let above = text[..start - 1].rfind('\n').map_or(0, |i| i + 1);
        if !text[above..start - 1].trim_start().starts_with("//") {
            break;
        }
        start = above;
    }
    start..range.end
}

#[derive(Default)]
struct Module {
    /// Names from the crate root.
    path: Vec<String>,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    /// Item nodes by name (a name may hold a type, a value and a macro).
    items: BTreeMap<String, Vec<usize>>,
    leaves: Vec<Leaf>,
    /// Inside one of the crates' modules: what is not reached goes.
    shakable: bool,
    range: Range<usize>,
}

enum Kind {
    /// A function, const, static, type, macro call at item level, ...
    Plain,
    /// A `macro_rules!` definition, reached by calls of its name.
    Macro,
    /// A trait and the names of its items.
    Trait(Vec<String>),
    /// `impl Trait for Type`: kept whole when its header's trait, type and type arguments
    /// all are (or are not the bundle's): `impl From<Nimber> for u64` goes with `Nimber`.
    TraitImpl {
        self_ty: Option<Vec<String>>,
        header: TokenStream,
        trait_path: Vec<String>,
        /// For one of its own type parameters (`impl<G: Game> Game for &G`): such an impl
        /// gives a type the trait only when another impl does.
        blanket: bool,
    },
    /// `impl Type`: its header; its items are [`Kind::Member`] nodes.
    InherentImpl { self_ty: Option<Vec<String>> },
    /// An item of an inherent impl, kept by name.
    Member { of_impl: usize, name: String },
}

struct Node {
    module: usize,
    name: Option<String>,
    kind: Kind,
    range: Range<usize>,
    /// What the node names when kept.
    tokens: TokenStream,
    /// `use` items inside the node (in a function body): names they bind there.
    locals: Vec<Leaf>,
    /// A struct, enum or union: a type whose inherent impls this bundle holds.
    is_type: bool,
    /// Only in the value or macro namespace (a function, const, static, `macro_rules!`): never
    /// what a path's inner segment names. Anything else named counts as a type (sound).
    value_only: bool,
}

struct UseItem {
    module: usize,
    /// Where its leaves start in its module's [`Module::leaves`].
    first_leaf: usize,
    range: Range<usize>,
    /// Its attributes and visibility as written (`pub `, `pub(crate) `), or empty.
    head: String,
    /// A re-export (`pub use`, `pub(crate) use`): other modules' paths may go through it.
    public: bool,
    leaves: Vec<Leaf>,
}

#[derive(Default)]
struct Graph {
    modules: Vec<Module>,
    nodes: Vec<Node>,
    uses: Vec<UseItem>,
    /// Lookups made so far, against [`LOOKUP_BUDGET`].
    lookups: Cell<u64>,
    /// The lookups in progress (module, name, namespace), which a glob cycle would repeat.
    under_way: RefCell<BTreeSet<(usize, String, Ns)>>,
    /// The `use` leaves (module, index in its [`Module::leaves`]) that a lookup of their name
    /// went through: the re-exports and imports that kept code's paths may take.
    passed: RefCell<BTreeSet<(usize, usize)>>,
    /// The names of every `macro_rules!` in the bundle: a call of one of these pastes its
    /// arguments anywhere, even when it has a std macro's name.
    defined_macros: Defined,
}

/// Which of a module's names a lookup wants. A path's segments before its last name a module
/// or a type (`a::b::c`: `a` and `b`), so `grundy::mex::MexBuffer` looks for the module `mex`
/// and never for the function of that name; the last segment may be anything.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Ns {
    /// Modules and types (structs, enums, unions, traits, aliases): a path's inner segments,
    /// what a glob imports from, the type of an impl.
    Type,
    /// Every namespace: the last segment of a path or of a `use` leaf.
    Any,
}

/// What a path resolves to.
#[derive(Default)]
struct Targets {
    items: Vec<usize>,
    modules: Vec<usize>,
}

/// Std traits that only a call by one of these names reaches (no operator, format string or
/// implicit conversion does): an impl of one goes unless kept code calls such a name.
const CALLED_ONLY: [(&str, &[&str]); 3] = [
    ("FromStr", &["parse", "from_str"]),
    ("Sum", &["sum"]),
    ("Product", &["product"]),
];

/// How deep a resolution may follow `use` items and globs (re-export chains, glob cycles).
const MAX_DEPTH: usize = 24;

/// How many lookups shaking may make before it keeps everything instead: far above what a
/// real bundle needs (a few thousand), far below a hang.
const LOOKUP_BUDGET: u64 = 2_000_000;
