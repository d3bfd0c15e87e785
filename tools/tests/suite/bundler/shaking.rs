//! What shaking keeps (items reached through traits, patterns, macros, generic impls) and
//! what it cuts (impls nothing can call, `use` leaves nothing takes), and that glob cycles end.

use super::*;

/// A library module whose items are reached in the ways shaking must see: a function only a
/// trait method's impl calls, a const used as a pattern, a macro whose body names a function,
/// generic dispatch through a bound; and items nothing reaches, one sharing a method's name.
const PLANTED: &str = r#"pub trait Game {
    fn moves(&self, n: u64) -> u64;
}

pub struct Take;

impl Game for Take {
    fn moves(&self, n: u64) -> u64 {
        only_through_the_trait(n)
    }
}

fn only_through_the_trait(n: u64) -> u64 {
    n + STEP
}

const STEP: u64 = 7;
pub const SPECIAL: u64 = 3;

pub fn classify(n: u64) -> &'static str {
    match n {
        SPECIAL => "special",
        _ => "plain",
    }
}

macro_rules! doubled {
    ($e:expr) => {
        named_only_in_a_macro($e) * 2
    };
}

fn named_only_in_a_macro(n: u64) -> u64 {
    n + 1
}

pub fn via_macro(n: u64) -> u64 {
    doubled!(n)
}

pub fn play<G: Game>(game: &G, n: u64) -> u64 {
    game.moves(n)
}

pub fn never_called() -> u64 {
    99
}

pub struct NeverBuilt;

impl NeverBuilt {
    pub fn moves(&self) -> u64 {
        never_called()
    }
}

impl Game for NeverBuilt {
    fn moves(&self, _: u64) -> u64 {
        0
    }
}
"#;

#[test]
fn planted_uses_of_dropped_items_are_kept() {
    let source = "use grundy::planted::{play, Game, Take};\nfn main() {\n    let direct = Take.moves(1);\n    let generic = play(&Take, 2);\n    println!(\"{} {} {} {} {}\", direct, generic, grundy::planted::classify(3), grundy::planted::classify(4), grundy::planted::via_macro(4));\n}\n";
    let dir = fixture("planted", source);
    add_module(&dir, "planted", PLANTED);
    let (shaken, whole) = shaken_and_whole_print(&dir, "", "8 9 special plain 10\n");
    assert_kept(
        &shaken,
        &whole,
        &[
            ("fn only_through_the_trait", true),
            ("const STEP", true),
            ("const SPECIAL", true),
            ("macro_rules! doubled", true),
            ("fn named_only_in_a_macro", true),
            ("never_called", false),
            ("NeverBuilt", false),
        ],
    );
    for module in ["pub mod unused", "pub mod alpha"] {
        assert!(!shaken.contains(module), "{module} kept:\n{shaken}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A library module with impls that nothing can call, each beside one that is called: an impl
/// whose header names an unused type, an impl of `FromStr` nothing parses with, a trait that
/// only a blanket impl implements (its method's name called on another type), and a method
/// that shares its name with a field read.
const UNCALLED: &str = r#"use std::str::FromStr;

pub struct Used(pub u64);
pub struct Unused(pub u64);
pub struct Parsed(pub u64);
pub struct Holder {
    pub read: u64,
}

impl From<Unused> for u64 {
    fn from(u: Unused) -> u64 {
        u.0
    }
}

impl From<Used> for u64 {
    fn from(u: Used) -> u64 {
        u.0 + 1
    }
}

impl FromStr for Used {
    type Err = ();
    fn from_str(_: &str) -> Result<Self, ()> {
        Err(())
    }
}

impl FromStr for Parsed {
    type Err = std::num::ParseIntError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Parsed)
    }
}

impl Used {
    pub fn read(&self) -> u64 {
        self.0
    }
}

pub trait Blanket {
    fn value(&self) -> u64;
}

impl<T: Blanket + ?Sized> Blanket for &T {
    fn value(&self) -> u64 {
        (**self).value()
    }
}

pub trait Concrete {
    fn total(&self) -> u64;
}

impl Concrete for Used {
    fn total(&self) -> u64 {
        self.0 * 10
    }
}
"#;

#[test]
fn impls_nothing_can_call_go() {
    // Without a parse: both `FromStr` impls go. With one: both stay (kept by the name).
    let body = "use grundy::uncalled::{Concrete, Holder, Parsed, Used};\nstruct Mine;\nimpl Mine {\n    fn value(&self) -> u64 {\n        6\n    }\n}\nfn main() {\n    let held = Holder { read: 5 };\n    let into: u64 = Used(4).into();\n    println!(\"{} {} {} {} {}\", held.read, into, Used(2).total(), PARSED, Mine.value());\n}\n";
    for (parsed, want) in [
        ("Parsed(7).0", "5 5 20 7 6\n"),
        ("\"8\".parse::<Parsed>().unwrap().0", "5 5 20 8 6\n"),
    ] {
        let source = body.replace("PARSED", parsed);
        let dir = fixture("uncalled", &source);
        add_module(&dir, "uncalled", UNCALLED);
        let (shaken, whole) = shaken_and_whole_print(&dir, "", want);
        let parses = parsed.contains("parse");
        assert_kept(
            &shaken,
            &whole,
            &[
                ("impl From<Used> for u64", true),
                ("impl Concrete for Used", true),
                ("impl FromStr for Parsed", parses),
                ("impl FromStr for Used", parses),
                ("impl From<Unused>", false),
                ("trait Blanket", false),
                ("pub fn read", false),
            ],
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn a_trait_given_by_a_generic_impl_alone_is_kept() {
    // `impl<T: Copy + Into<u64>> Twice for T` gives `.twice()` to every such type: reached only
    // by the method's name through a glob, the trait and its impl must stay (unlike an impl
    // bounded by its own trait, `impl<T: Blanket> Blanket for &T`, which gives nothing new).
    let source = "use grundy::twice::*;\nfn main() {\n    println!(\"{}\", 3u32.twice());\n}\n";
    let dir = fixture("generic", source);
    add_module(
        &dir,
        "twice",
        "pub trait Twice {\n    fn twice(&self) -> u64;\n}\n\nimpl<T: Copy + Into<u64>> Twice for T {\n    fn twice(&self) -> u64 {\n        (*self).into() * 2\n    }\n}\n\npub trait Unrelated {\n    fn unrelated(&self) -> u64;\n}\n\nimpl<T: Copy> Unrelated for T {\n    fn unrelated(&self) -> u64 {\n        1\n    }\n}\n",
    );
    let bundle = bundler::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap();
    assert!(bundle.text.contains("trait Twice"), "{}", bundle.text);
    assert!(!bundle.text.contains("trait Unrelated"), "{}", bundle.text);
    assert_eq!(compile_and_run(&dir, &bundle.text, ""), "6\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn use_items_are_cut_to_what_is_kept() {
    // The root re-export `pub use crate::alpha::{double, Pair as Couple}` names two items; the
    // problem uses one, so the other goes and the `use` still resolves.
    // A module's own `use` with attributes and a restricted visibility keeps both.
    let source = "use grundy::Couple;\nfn main() { println!(\"{} {}\", Couple(1, 2).1, grundy::alpha::via_three()); }\n";
    let dir = fixture("uses", source);
    let alpha = dir.join("lib/alpha.rs");
    let text = std::fs::read_to_string(&alpha).unwrap();
    std::fs::write(
        &alpha,
        text + "\n#[allow(unused_imports)]\npub(crate) use crate::deep::{inner, three};\n\npub fn via_three() -> u64 {\n    three()\n}\n",
    )
    .unwrap();
    let bundle = bundler::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap();
    assert!(!bundle.text.contains("fn double"), "{}", bundle.text);
    assert!(!bundle.text.contains("double,"), "{}", bundle.text);
    assert!(!bundle.text.contains("mod inner"), "{}", bundle.text);
    assert!(
        bundle
            .text
            .contains("#[allow(unused_imports)] pub(crate) use crate::grundy::deep::three;"),
        "{}",
        bundle.text
    );
    assert_eq!(compile_and_run(&dir, &bundle.text, ""), "2 3\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_reexport_no_kept_path_takes_goes_and_a_trait_import_stays() {
    // The problem names `double` by its module's path, so the root's re-export of it serves
    // nothing; `alpha` imports the trait `Twice` only to call its method, which no lookup of a
    // name goes through, and it must stay.
    let source = "fn main() {\n    println!(\"{} {}\", grundy::alpha::double(2), grundy::alpha::quadruple(3));\n}\n";
    let dir = fixture("reexports", source);
    add_module(
        &dir,
        "twice",
        "pub trait Twice {\n    fn twice(self) -> u64;\n}\n\nimpl Twice for u64 {\n    fn twice(self) -> u64 {\n        self * 2\n    }\n}\n",
    );
    let alpha = dir.join("lib/alpha.rs");
    let text = std::fs::read_to_string(&alpha).unwrap();
    std::fs::write(
        &alpha,
        text + "\nuse crate::twice::Twice;\n\npub fn quadruple(x: u64) -> u64 {\n    x.twice().twice()\n}\n",
    )
    .unwrap();
    let bundle = bundler::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap();
    assert!(bundle.text.contains("fn double"), "{}", bundle.text);
    assert!(!bundle.text.contains("double,"), "{}", bundle.text);
    assert!(!bundle.text.contains("Couple"), "{}", bundle.text);
    assert!(
        bundle.text.contains("use crate::grundy::twice::Twice;"),
        "{}",
        bundle.text
    );
    assert_eq!(compile_and_run(&dir, &bundle.text, ""), "4 12\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn glob_cycles_do_not_hang_the_shaker() {
    // Three modules that glob-import each other: every name looked up and not found walks the
    // cycle, branching twice at each step.
    glob_cycle(3);
    // Twelve such modules: too many ways round to walk, so the shaker keeps everything.
    glob_cycle(12);
}

fn glob_cycle(modules: usize) {
    let mut source = String::from("use grundy::double;\n");
    for i in 0..modules {
        let others: Vec<String> = (0..modules)
            .filter(|j| *j != i)
            .map(|j| format!("    pub use super::m{}::*;\n", j))
            .collect();
        source += &format!(
            "mod m{i} {{\n{}    pub fn f{i}(x: u64) -> u64 {{ let y = x + 1; let z = y * 2; z - y }}\n}}\n",
            others.concat()
        );
    }
    source += "fn main() { println!(\"{}\", m0::f2(double(1)) + m1::f0(1)); }\n";
    let dir = fixture("cycle", &source);
    let (done, finished) = std::sync::mpsc::channel();
    let root = dir.clone();
    std::thread::spawn(move || {
        let bundle = bundler::bundle(&root, "p", by_name("spoj").unwrap());
        let _ = done.send(bundle);
    });
    let bundle = finished
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("the shaker hangs on a glob cycle")
        .unwrap();
    assert_eq!(compile_and_run(&dir, &bundle.text, ""), "5\n");
    std::fs::remove_dir_all(dir).unwrap();
}
