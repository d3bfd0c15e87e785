//! The bundler on constructs the workspace's own problems may not use yet: each fixture is a
//! small workspace in a temporary folder, bundled, compiled with rustc, and run.

use bundler::Shaking;
use model::judges::by_name;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A scratch workspace: the real judge crate, a fixture library, and problem `p`.
fn fixture(tag: &str, problem: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bundler-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let files = [
        (
            "lib/lib.rs",
            "//! A fixture library.\npub mod alpha;\npub mod deep;\npub mod unused;\n\npub use crate::alpha::{\n    double,\n    Pair as Couple,\n};\n",
        ),
        (
            "lib/alpha.rs",
            "/// Twice x.\npub fn double(x: u64) -> u64 {\n    crate::deep::inner::leaf::add(x, x)\n}\n\n#[derive(Debug)]\npub struct Pair(pub u64, pub u64);\n\n#[cfg(test)]\nmod tests {\n    use testkit::Rng;\n}\n",
        ),
        ("lib/deep/mod.rs", "//! Two levels of folders.\npub mod inner;\n\npub fn three() -> u64 {\n    3\n}\n"),
        ("lib/deep/inner/mod.rs", "pub mod leaf;\n"),
        (
            "lib/deep/inner/leaf.rs",
            "use super::super::three;\n\n/// a + b, checked against the root.\npub fn add(a: u64, b: u64) -> u64 {\n    let sum = a + b;\n    assert!(super::super::super::alpha::Pair(sum, three()).1 == 3, \"{}\", sum);\n    sum\n}\n",
        ),
        ("lib/unused.rs", "pub fn never() {}\n"),
        ("problems/p.rs", problem),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let real = model::workspace::default_root();
    std::fs::create_dir_all(dir.join("judge")).unwrap();
    // The real judge crate, however many files it has.
    for entry in std::fs::read_dir(real.join("judge")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            std::fs::copy(&path, dir.join("judge").join(path.file_name().unwrap())).unwrap();
        }
    }
    dir
}

/// Adds module `name` with `text` to the fixture library at `dir` (`lib/NAME.rs`, declared in
/// `lib/lib.rs`).
fn add_module(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join("lib").join(format!("{name}.rs")), text).unwrap();
    let lib = dir.join("lib/lib.rs");
    let root = std::fs::read_to_string(&lib).unwrap();
    let declared = format!("pub mod {name};\npub mod unused;");
    std::fs::write(&lib, root.replace("pub mod unused;", &declared)).unwrap();
}

/// Compiles a bundle with rustc and runs it on `input`.
fn compile_and_run(dir: &Path, text: &str, input: &str) -> String {
    let source = dir.join("bundle.rs");
    std::fs::write(&source, text).unwrap();
    let exe = dir.join("bundle");
    let out = Command::new("rustc")
        .args(["--edition", "2021", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        text
    );
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

/// Problem `p` of `dir` bundled for SPOJ shaken and with whole modules, both compiled and run
/// on `input`, each printing `want`: the two texts, shaken first.
fn shaken_and_whole_print(dir: &Path, input: &str, want: &str) -> (String, String) {
    let spoj = by_name("spoj").unwrap();
    let whole = bundler::bundle_with(dir, "p", spoj, Shaking::WholeModules).unwrap();
    assert_eq!(compile_and_run(dir, &whole.text, input), want);
    let shaken = bundler::bundle(dir, "p", spoj).unwrap();
    assert_eq!(compile_and_run(dir, &shaken.text, input), want);
    (shaken.text, whole.text)
}

/// For each `(text, kept)`: the shaken bundle holds `text` exactly when `kept`, and the
/// whole-modules bundle holds it in any case.
fn assert_kept(shaken: &str, whole: &str, texts: &[(&str, bool)]) {
    for &(text, kept) in texts {
        assert_eq!(shaken.contains(text), kept, "{text}:\n{shaken}");
        assert!(
            whole.contains(text),
            "{text} missing with whole modules:\n{whole}"
        );
    }
}

const NESTED: &str = r#"//! A problem using nested groups, a module glob and a renamed re-export.
use grundy::{alpha::{self, double}, deep::inner::leaf::*, Couple};
use judge::{InputError, Scanner};
use std::io::Write;

mod local {
    pub fn triple(x: u64) -> u64 {
        grundy::deep::three() * x
    }
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("n", 0..=1000)?;
    let pair = Couple(double(n), add(n, 1));
    let p = alpha::Pair(local::triple(n), 0);
    writeln!(out, "{} {} {}", pair.0, pair.1, p.0)?;
    sc.finish()
}

fn main() {
    ::judge::main(solve)
}

#[cfg(test)]
mod tests {
    #[test]
    fn helper() {
        let _ = testkit::Rng::new(1);
    }
}
"#;

#[test]
fn nested_groups_globs_renames_and_deep_folders() {
    let dir = fixture("nested", NESTED);
    let bundle = bundler::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap();
    assert_eq!(
        bundle.modules,
        ["alpha", "deep"],
        "only what is used, followed transitively"
    );
    assert!(bundle.has_judge);
    for unwanted in ["testkit", "#[cfg(test)]", "/// ", "//! ", "pub mod unused"] {
        assert!(
            !bundle.text.contains(unwanted),
            "has {unwanted}:\n{}",
            bundle.text
        );
    }
    assert!(bundler::msrv::check(&bundle.text, "b").unwrap().is_empty());
    assert_eq!(compile_and_run(&dir, &bundle.text, "5\n"), "10 6 15\n");
    // Minified, it still compiles and answers the same.
    let small = bundler::minify(&bundle.text).unwrap();
    assert!(small.len() < bundle.text.len() && !small.contains("\n    "));
    assert_eq!(compile_and_run(&dir, &small, "7\n"), "14 8 21\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_glob_of_the_whole_library() {
    let source = "use grundy::*;\nfn main() { println!(\"{}\", double(4)); }\n";
    let dir = fixture("glob", source);
    let spoj = by_name("spoj").unwrap();
    let whole = bundler::bundle_with(&dir, "p", spoj, Shaking::WholeModules).unwrap();
    assert_eq!(whole.modules, ["alpha", "deep", "unused"]);
    assert_eq!(compile_and_run(&dir, &whole.text, ""), "8\n");
    // Shaken, only what `double` reaches is left.
    let bundle = bundler::bundle(&dir, "p", spoj).unwrap();
    assert_eq!(bundle.modules, ["alpha", "deep"]);
    assert!(!bundle.text.contains("never"), "{}", bundle.text);
    assert_eq!(compile_and_run(&dir, &bundle.text, ""), "8\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn refuses_what_it_cannot_follow_by_name() {
    for (source, judge, needle) in [
        (
            "mod helper;\nfn main() {}\n",
            "spoj",
            "problems/p.rs:1:1: `mod helper;` loads another file",
        ),
        (
            "#[path = \"x.rs\"]\nmod helper {}\nfn main() {}\n",
            "spoj",
            "`#[path]`",
        ),
        (
            "fn main() { let _ = include_str!(\"x\"); }\n",
            "spoj",
            "`include_str!`",
        ),
        (
            "extern crate core;\nfn main() {}\n",
            "spoj",
            "`extern crate`",
        ),
        (
            "use proconio::input;\nfn main() {}\n",
            "spoj",
            "uses the crate proconio, which SPOJ lacks",
        ),
        (
            "use grundy::nosuch::X;\nfn main() {}\n",
            "spoj",
            "`grundy::nosuch::X`, which is neither a module",
        ),
        ("fn main( {}\n", "spoj", "problems/p.rs:1:"),
    ] {
        let dir = fixture("refuse", source);
        let err = bundler::bundle(&dir, "p", by_name(judge).unwrap()).unwrap_err();
        assert!(err.contains(needle), "{source:?}: {err}");
        std::fs::remove_dir_all(dir).unwrap();
    }
    // AtCoder keeps its crates.
    let dir = fixture("atcoder", "use proconio::input;\nfn main() {}\n");
    assert!(bundler::bundle(&dir, "p", by_name("atcoder").unwrap()).is_ok());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn old_syntax_is_caught_in_the_bundle() {
    let source = "fn main() { let x = 1; println!(\"{x}\"); }\n";
    let dir = fixture("old", source);
    let bundle = bundler::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap();
    let findings = bundler::msrv::check(&bundle.text, "bundle").unwrap();
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert!(findings[0].contains("`{x}`"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn crate_renames_are_followed() {
    for source in [
        "use grundy as g;\nfn main() { println!(\"{}\", g::double(4)); }\n",
        "use grundy::{self as gg};\nfn main() { println!(\"{}\", gg::alpha::double(4)); }\n",
        "use ::grundy as g;\nuse g::alpha as a;\nfn main() { println!(\"{}\", a::double(4)); }\n",
        "mod local {\n    use grundy as g;\n    pub fn f() -> u64 { g::Couple(1, 2).1 * 4 }\n}\nfn main() { println!(\"{}\", local::f()); }\n",
    ] {
        let dir = fixture("rename", source);
        let bundle = bundler::bundle(&dir, "p", by_name("spoj").unwrap())
            .unwrap_or_else(|e| panic!("{source:?}: {e}"));
        assert_eq!(compile_and_run(&dir, &bundle.text, ""), "8\n", "{source:?}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn build_dependent_macros_are_refused_even_inside_other_macros() {
    for (source, name) in [
        (
            "fn main() { println!(\"{}\", env!(\"HOME\")); }\n",
            "`env!`",
        ),
        (
            "fn main() { println!(\"{:?}\", std::option_env!(\"HOME\")); }\n",
            "`option_env!`",
        ),
        (
            "fn main() { let v = vec![include_bytes!(\"/etc/hostname\")]; }\n",
            "`include_bytes!`",
        ),
        ("fn main() { let _ = env!(\"HOME\"); }\n", "`env!`"),
        // Where the code sits: the bundle puts the problem below the crates, in another file.
        ("fn main() { println!(\"{}\", line!()); }\n", "`line!`"),
        (
            "macro_rules! at { () => { (file!(), column!()) } }\nfn main() { println!(\"{:?}\", at!()); }\n",
            "`file!`",
        ),
        (
            "fn main() { println!(\"{}\", std::module_path!()); }\n",
            "`module_path!`",
        ),
        (
            "macro_rules! m { () => { concat_idents!(a, b) } }\nfn main() {}\n",
            "`concat_idents!`",
        ),
    ] {
        let dir = fixture("env", source);
        let err = bundler::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap_err();
        assert!(err.contains(name), "{source:?}: {err}");
        assert!(err.contains("problems/p.rs:"), "{source:?}: {err}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn a_leading_byte_order_mark_is_read_past() {
    let source = "\u{feff}//! A problem saved by an editor that writes a BOM.\nuse grundy::double;\nfn main() { println!(\"{}\", double(5)); }\n";
    let dir = fixture("bom", source);
    // A library file with a BOM too.
    let unused = dir.join("lib/alpha.rs");
    let text = std::fs::read_to_string(&unused).unwrap();
    std::fs::write(&unused, format!("\u{feff}{}", text)).unwrap();
    let bundle = bundler::bundle(&dir, "p", by_name("spoj").unwrap()).unwrap();
    assert!(!bundle.text.contains('\u{feff}'));
    assert_eq!(compile_and_run(&dir, &bundle.text, ""), "10\n");
    std::fs::remove_dir_all(dir).unwrap();
}

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

/// Every problem's bundle for its judge, shaken, made once for the tests that read them all:
/// `(name, judge, text)`.
fn every_shaken_bundle() -> &'static [(String, &'static model::judges::Judge, String)] {
    static BUNDLES: std::sync::OnceLock<Vec<(String, &'static model::judges::Judge, String)>> =
        std::sync::OnceLock::new();
    BUNDLES.get_or_init(|| {
        let root = model::workspace::default_root();
        let workspace = model::workspace::Workspace::load(&root).unwrap();
        model::workspace::problems(&root)
            .into_iter()
            .map(|name| {
                let judge = workspace.meta(&name).unwrap().judge;
                let text = bundler::bundle(&root, &name, judge)
                    .unwrap_or_else(|e| panic!("{name}: {e}"))
                    .text;
                (name, judge, text)
            })
            .collect()
    })
}

/// Every plain problem's `--whole-modules` bundle is larger than its shaken one (shaking drops
/// something), compiles, and answers every bad input exactly as the shaken one does. The
/// shaken bundle itself is compared with the cargo-built binary on the cases, the bad inputs
/// and seeded variants of the smallest cases by the runner's bundle stage
/// (`tools/runner/bundles.rs`), so the whole-modules bundle, checked against it here, is
/// checked against the binary too. Both are built unoptimised: they run only on inputs that
/// end at the first read.
#[test]
fn every_problem_with_whole_modules_compiles_and_refuses_as_shaken() {
    let root = model::workspace::default_root();
    let scratch = std::env::temp_dir().join(format!("bundler-whole-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let plain: Vec<_> = every_shaken_bundle()
        .iter()
        .filter(|(_, judge, _)| judge.is_plain())
        .collect();
    assert!(plain.len() >= 10, "{} plain problems", plain.len());
    // One problem at a time per core: each is two compiles and a few runs.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let runs = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let at = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((name, judge, shaken)) = plain.get(at) else {
                    break;
                };
                let whole = bundler::bundle_with(&root, name, judge, Shaking::WholeModules)
                    .unwrap()
                    .text;
                assert!(
                    shaken.len() < whole.len(),
                    "{name}: shaking dropped nothing"
                );
                let build = |mode: &str, text: &str| {
                    let exe = scratch.join(format!("{name}-{mode}"));
                    let file = exe.with_extension("rs");
                    std::fs::write(&file, text).unwrap();
                    let out = Command::new("rustc")
                        .args(["--edition", judge.edition, "-C", "opt-level=0"])
                        .args(shared_std())
                        .arg("-o")
                        .arg(&exe)
                        .arg(&file)
                        .output()
                        .unwrap();
                    assert!(
                        out.status.success(),
                        "{name}, {mode}: {}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                    exe
                };
                let (a, b) = (build("shaken", shaken), build("whole", &whole));
                for bad in runner::bundles::BAD_INPUTS {
                    assert_eq!(
                        behaviour(&a, bad),
                        behaviour(&b, bad),
                        "{name} on {:?}",
                        String::from_utf8_lossy(bad)
                    );
                    runs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    let runs = runs.into_inner();
    assert_eq!(
        runs,
        plain.len() * runner::bundles::BAD_INPUTS.len(),
        "{runs} runs"
    );
    std::fs::remove_dir_all(scratch).unwrap();
}

/// rustc's arguments that link a program to the toolchain's shared std (found at run time
/// through the rpath) instead of copying std into each: both builds of a problem are linked
/// alike, and the test links fifty-odd programs.
fn shared_std() -> [String; 4] {
    static LIBDIR: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let libdir = LIBDIR.get_or_init(|| {
        let out = Command::new("rustc")
            .args(["--print", "target-libdir"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    });
    [
        "-C".to_string(),
        "prefer-dynamic".to_string(),
        "-C".to_string(),
        format!("link-arg=-Wl,-rpath,{libdir}"),
    ]
}

/// What a program does on `input`: how it ended, standard output and error.
fn behaviour(exe: &Path, input: &[u8]) -> String {
    use sandbox::exec::{run, Input};
    let run = run(
        exe,
        &[],
        Input::Bytes(input),
        std::time::Duration::from_secs(10),
        1 << 20,
    )
    .unwrap();
    format!(
        "{:?}\n{}\n{}",
        run.ended,
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    )
}

/// Every problem's bundle at most 40% of its judge's limit (issue 30 asks for 50%: the rest is
/// the margin for the problem's own growth).
#[test]
fn every_bundle_keeps_its_size_goal() {
    let bundles = every_shaken_bundle();
    for (name, judge, text) in bundles {
        let goal = judge.size_limit * 40 / 100;
        assert!(
            text.len() <= goal,
            "{name}: {} bytes, the goal {goal}",
            text.len()
        );
    }
    assert!(bundles.len() >= 15, "{} problems", bundles.len());
}

/// SPOJ MCOINS (take 1, K or L coins; the player who takes the last coin wins), solved the
/// library's way: the subtraction game {1, K, L}, its certified period, `value(n)`.
const MCOINS: &str = r#"//! SPOJ MCOINS through the library's subtraction games.
use grundy::octal::Limits;
use grundy::subtraction::SubtractionGame;
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let k = sc.uint("K", 2..=9)?;
    let l = sc.uint("L", k + 1..=49)?;
    let m = sc.uint("m", 1..=50)?;
    let mut game = SubtractionGame::new(&[1, k as usize, l as usize])
        .map_err(|e| InputError::Invalid(e.to_string()))?;
    game.run(Limits::up_to(1 << 16), |_| {})
        .map_err(|e| InputError::Invalid(e.to_string()))?;
    for i in 1..=m {
        let n = sc.uint(format_args!("n{}", i), 1..=1_000_000)?;
        let wins = game.value(n).map_or(false, |v| !v.is_zero());
        out.write_all(if wins { b"A" } else { b"B" })?;
    }
    writeln!(out)?;
    sc.finish()
}

fn main() {
    judge::main(solve)
}
"#;

#[test]
fn a_subtraction_game_solution_bundles_small() {
    let root = model::workspace::default_root();
    let spoj = by_name("spoj").unwrap();
    let shaken = bundler::bundle_source(&root, "mcoins", MCOINS, spoj).unwrap();
    let whole =
        bundler::bundle_source_with(&root, "mcoins", MCOINS, spoj, Shaking::WholeModules).unwrap();
    // The issue's goal: 15,000 bytes in all, which `SubtractionGame` meets by computing and
    // certifying the values itself, so that the octal engine stays out of the bundle.
    assert!(
        shaken.text.len() <= 15_000,
        "{} bytes: {:?}",
        shaken.text.len(),
        shaken.sizes
    );
    assert!(shaken.text.len() < whole.text.len());
    assert!(bundler::msrv::check(&shaken.text, "mcoins")
        .unwrap()
        .is_empty());
    // Each n checked against the literal game: position n wins iff a move reaches a loss.
    let (k, l) = (3usize, 7usize);
    let mut wins = vec![false; 2001];
    for n in 1..wins.len() {
        wins[n] = [1, k, l].iter().any(|&s| s <= n && !wins[n - s]);
    }
    let ns: Vec<usize> = (1..=50).map(|i| i * 37 % 2000 + 1).collect();
    let input = format!(
        "{} {} {}\n{}\n",
        k,
        l,
        ns.len(),
        ns.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let want: String = ns
        .iter()
        .map(|&n| if wins[n] { 'A' } else { 'B' })
        .collect();
    let dir = std::env::temp_dir().join(format!("bundler-mcoins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    assert_eq!(
        compile_and_run(&dir, &shaken.text, &input),
        want.clone() + "\n"
    );
    assert_eq!(compile_and_run(&dir, &whole.text, &input), want + "\n");
    assert_eq!(
        compile_and_run(&dir, &shaken.text, "2 3 5\n3 12 113 25714 88888\n"),
        "ABAAB\n"
    );
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

#[test]
fn a_judge_made_of_module_files_is_inlined_and_shaken() {
    let source = "use judge::{InputError, Scanner};\nfn solve(sc: &mut Scanner, out: &mut Vec<u8>) -> Result<(), InputError> {\n    let n = sc.uint()?;\n    out.extend(format!(\"{}\\n\", n * 2).bytes());\n    Ok(())\n}\nfn main() {\n    judge::main(solve)\n}\n";
    let dir = fixture("split", source);
    std::fs::remove_dir_all(dir.join("judge")).unwrap();
    let files = [
        (
            "judge/lib.rs",
            "//! A judge split by job.\n#![warn(missing_docs)]\nmod error;\npub mod scanner;\n\npub use error::InputError;\npub use scanner::Scanner;\n\n/// Runs `solve` on standard input.\npub fn main<F: Fn(&mut Scanner, &mut Vec<u8>) -> Result<(), InputError>>(solve: F) {\n    use std::io::{Read, Write};\n    let mut text = String::new();\n    std::io::stdin().read_to_string(&mut text).unwrap();\n    let mut out = Vec::new();\n    match solve(&mut Scanner::new(&text), &mut out) {\n        Ok(()) => std::io::stdout().write_all(&out).unwrap(),\n        Err(e) => eprintln!(\"error: {}\", e),\n    }\n}\n\n#[cfg(test)]\nmod tests {}\n",
        ),
        (
            "judge/error.rs",
            "use std::fmt;\n\n/// A refusal.\n#[derive(Debug)]\npub struct InputError(pub String);\n\nimpl fmt::Display for InputError {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        f.write_str(&self.0)\n    }\n}\n\npub fn unused_error_helper() -> InputError {\n    InputError(String::new())\n}\n",
        ),
        (
            "judge/scanner.rs",
            "use super::error::InputError;\nuse crate::error;\n\n/// Tokens.\npub struct Scanner {\n    tokens: Vec<String>,\n    at: usize,\n}\n\nimpl Scanner {\n    pub fn new(text: &str) -> Self {\n        Scanner { tokens: text.split_whitespace().map(String::from).collect(), at: 0 }\n    }\n\n    pub fn uint(&mut self) -> Result<u64, InputError> {\n        let token = self.tokens.get(self.at).ok_or_else(|| error::InputError(\"ended\".into()))?;\n        self.at += 1;\n        token.parse().map_err(|_| InputError(format!(\"bad {}\", token)))\n    }\n\n    pub fn never_used(&self) -> usize {\n        self.at\n    }\n}\n",
        ),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let (shaken, whole) = shaken_and_whole_print(&dir, "21\n", "42\n");
    assert_kept(
        &shaken,
        &whole,
        &[
            ("never_used", false),
            ("unused_error_helper", false),
            ("mod error {", true),
            ("pub mod scanner {", true),
        ],
    );
    for dropped in ["#![warn", "mod tests"] {
        assert!(!shaken.contains(dropped), "{dropped}:\n{shaken}");
    }
    assert!(bundler::msrv::check(&shaken, "b").unwrap().is_empty());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn minify_keeps_apart_what_would_merge() {
    let source = r##"#![allow(unused)]
// A comment that goes.
struct r#Type<'a>(&'a u8);
fn f<'a>(x: &'a i64, p: &&i64) -> i64 {
    let a = - -*x;
    let b = *x / **p;
    let t = ((1u8, (2.5f64, 3)), 4);
    let c = 1.0f64 .max(t.0 .1 .0) as i64 + (t.0).1 .1 as i64;
    let d = 3 & !1 & 0xF;
    let e = (b'x' as i64) << 1 >> 1;
    let r = 0..=2;
    let m = matches!(a, 1 | 2) as i64;
    let s: i64 = r.sum::<i64>();
    if a >= -1 && b != 0 || !(c < -2) { a + b + c + d + e + m + s } else { 0 }
}
fn main() {
    let x = 7;
    let y = &x;
    println!("{} {}", f(&5, &y), r#"raw "str""#);
}
"##;
    let dir = std::env::temp_dir().join(format!("bundler-minify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let small = bundler::minify(source).unwrap();
    assert!(
        !small.contains("comment") && small.lines().count() < 5,
        "{small}"
    );
    assert_eq!(
        compile_and_run(&dir, &small, ""),
        compile_and_run(&dir, source, "")
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Runs the `bundle` binary on problem `p` of `dir` for SPOJ: exit code, stdout, stderr.
fn run_bundle(dir: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .args(["p", "--judge", "spoj", "--root"])
        .arg(dir)
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_binary_reports_each_part_and_warns_near_the_limit() {
    let source = "use grundy::double;\nfn main() { println!(\"{}\", double(2)); }\n";
    let dir = fixture("report", source);
    let (code, text, err) = run_bundle(&dir, &[]);
    assert_eq!(code, Some(0), "{err}");
    let first = err.lines().next().unwrap();
    assert_eq!(
        first,
        format!("p: {} bytes; on SPOJ choose Rust (rustc 1.56)", text.len())
    );
    for part in [
        "bytes  problem",
        "bytes  grundy::alpha",
        "bytes  grundy::deep",
    ] {
        assert!(err.contains(part), "{err}");
    }
    assert!(
        !err.contains("warning") && !err.contains("judge\n"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();

    // 42 kB of comments: above 80% of 50,000, and --minify drops them.
    let padded = format!(
        "{}{}",
        "// padding padding padding padding\n".repeat(1200),
        source
    );
    let dir = fixture("report", &padded);
    let (code, text, err) = run_bundle(&dir, &[]);
    assert_eq!(code, Some(0), "{err}");
    let warning = err
        .lines()
        .find(|l| l.starts_with("warning: "))
        .expect(&err);
    assert!(
        warning.contains(&format!("the bundle is {} bytes", text.len()))
            && warning.contains("of SPOJ's limit of 50000")
            && warning.contains("--minify would bring it to")
            && warning.contains("which fits"),
        "{warning}"
    );
    let (code, small, err) = run_bundle(&dir, &["--minify"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(small.len() < 2000 && !err.contains("warning"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();

    // A string of 52 kB: code, so --minify cannot save it; over the limit it is an error.
    let big = format!(
        "const BIG: &str = \"{}\";\n{}",
        "x".repeat(52_000),
        source.replace("double(2)", "double(BIG.len() as u64)")
    );
    let dir = fixture("report", &big);
    let (code, text, err) = run_bundle(&dir, &[]);
    assert_eq!((code, text.as_str()), (Some(1), ""));
    assert!(
        err.starts_with("error: the bundle is ")
            && err.contains("over SPOJ's limit of 50000")
            && err.contains("still over"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_judges_case_helpers_come_only_with_a_problem_that_uses_them() {
    let root = model::workspace::default_root();
    let spoj = by_name("spoj").unwrap();
    // game3 names neither `Cached` nor the case helpers (its tests' `type Case` does not count).
    let plain = bundler::bundle(&root, "game3", spoj).unwrap().text;
    assert!(!plain.contains("struct Cached") && !plain.contains("struct Lists"));
    // knights reads `sc.cases(…)` and keeps its table in a `Cached`.
    let knights = bundler::bundle(&root, "knights", spoj).unwrap().text;
    assert!(knights.contains("struct Cached") && knights.contains("fn cases"));
    assert!(!knights.contains("struct Lists"));
    // mmmgame reads through `Lists` alone.
    let mmmgame = bundler::bundle(&root, "mmmgame", spoj).unwrap().text;
    assert!(mmmgame.contains("struct Lists") && !mmmgame.contains("struct Cached"));
}

/// Bundles `source` against the real workspace for SPOJ, compiles it and runs it on `input`.
fn bundle_real_and_run(tag: &str, source: &str, input: &str) -> String {
    let root = model::workspace::default_root();
    let bundle = bundler::bundle_source(&root, tag, source, by_name("spoj").unwrap())
        .unwrap_or_else(|e| panic!("{tag}: {e}"));
    let dir = std::env::temp_dir().join(format!("bundler-{}-{}", tag, std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = compile_and_run(&dir, &bundle.text, input);
    std::fs::remove_dir_all(dir).unwrap();
    out
}

#[test]
fn a_function_named_like_its_module_is_kept() {
    // `grundy::mex::mex` is the function `mex` in the module `mex`, which the prelude
    // re-exports; `grundy::pattern::guess` likewise (its module private). Each use must keep
    // the function.
    let by_path = "fn main() {\n    let v = vec![grundy::prelude::Nimber(0), grundy::prelude::Nimber(1), grundy::prelude::Nimber(3)];\n    println!(\"{}\", grundy::mex::mex(v).value());\n}\n";
    assert_eq!(bundle_real_and_run("mex-path", by_path, ""), "2\n");
    let imported = "use grundy::prelude::{mex, Nimber};\nfn main() {\n    println!(\"{}\", mex(vec![Nimber(1), Nimber(2)]).value());\n}\n";
    assert_eq!(bundle_real_and_run("mex-use", imported, ""), "0\n");
    let guessed = "use grundy::pattern::guess;\nfn main() {\n    let v: Vec<u64> = (0..40).map(|n| n % 4).collect();\n    println!(\"{}\", guess(&v).unwrap().rule.value(1_000_003));\n}\n";
    assert_eq!(bundle_real_and_run("guess-use", guessed, ""), "3\n");
}

/// Names every public re-export of `grundy::pattern` and of `grundy::prelude`, and the
/// prelude's items and Nim's at their modules, imported by name, called by path and imported
/// by a glob.
const EVERY_REEXPORT: &str = r#"//! Every re-export of the library, each way a contestant may name it.
mod by_module {
    use grundy::game::ImpartialGame;
    use grundy::mex::{mex, MexBuffer};
    use grundy::nim::{nim_sum, winning_moves, MisereNim, NimMove};
    use grundy::nimber::Nimber;
    use grundy::outcome::Outcome;
    use grundy::values::{grundy_table, GrundyMemo};

    struct Take3;

    impl ImpartialGame for Take3 {
        type Position = u64;
        fn moves(&self, n: &u64) -> Vec<u64> {
            (1..=(*n).min(3)).map(|s| n - s).collect()
        }
    }

    pub fn run() -> String {
        let table = grundy_table(10, |n| (1..=n.min(3)).map(move |s| n - s));
        let mut memo = GrundyMemo::new(|&n: &u32| (1..=n.min(3)).map(move |s| n - s));
        let mut buffer = MexBuffer::new(8);
        buffer.insert_all(vec![0, 1, 2, 4]);
        let moves: Vec<NimMove> = winning_moves(&[3, 4, 5]);
        let mut misere = MisereNim::default();
        misere.add(1);
        misere.add(1);
        let outcome: Outcome = misere.outcome();
        let table: Vec<String> = table.iter().map(|g| g.value().to_string()).collect();
        let moves: Vec<String> = moves.iter().map(|m| format!("{}:{}", m.heap, m.to)).collect();
        format!(
            "{} {} {} {} {} {} {} {}",
            table.join(","),
            memo.value(5).value(),
            Take3.value(&7).value(),
            mex(vec![Nimber(0), Nimber(2)]).value(),
            buffer.mex(),
            nim_sum(vec![3, 4, 5]).value(),
            moves.join(","),
            outcome.first_player_wins()
        )
    }
}

mod by_path {
    pub fn run() -> String {
        let g = grundy::prelude::mex(vec![grundy::prelude::Nimber(0), grundy::prelude::Nimber(1)]);
        let outcome =
            grundy::prelude::Outcome::from_grundy(grundy::prelude::nim_sum(vec![6, 6]));
        let rule = grundy::pattern::guess(&(0..30).map(|n| n % 3).collect::<Vec<u64>>());
        let period = grundy::pattern::describe(&(0..30).map(|n| n % 5).collect::<Vec<u64>>())
            .pattern
            .map_or(0, |p| p.period);
        format!(
            "{} {} {} {} {}",
            g.value(),
            outcome.first_player_wins(),
            rule.unwrap().rule,
            period,
            grundy::nim::winning_moves(&[1, 1]).len()
        )
    }
}

mod by_pattern {
    use grundy::pattern::{
        describe, describe_table, guess, guess_table, Description, Guess, Pattern, Refusal, Rule,
        TableDescription, TableGuess, TableRule, MIN_HELD_OUT, MIN_REPEATS, MIN_SPAN, MIN_VALUES,
    };

    pub fn run() -> String {
        let take3: Vec<u64> = (0..40).map(|n| n % 4).collect();
        let found: Guess = guess(&take3).unwrap();
        let rule: Rule = found.rule.clone();
        let refusal: Refusal = guess(&take3[..MIN_VALUES - 1]).unwrap_err();
        let description: Description = describe(&take3);
        let pattern: Pattern = description.pattern.clone().unwrap();
        let nim: Vec<Vec<u64>> = (0..32u64).map(|x| (0..32u64).map(|y| x ^ y).collect()).collect();
        let table: TableGuess = guess_table(&nim).unwrap();
        let table_rule: TableRule = table.rule.clone();
        let table_description: TableDescription = describe_table(&nim);
        format!(
            "{} {} {} {} {} {} {} {} {} {}",
            rule,
            rule.value(1_000_003),
            refusal.reason.starts_with("only"),
            pattern.period,
            pattern.preperiod,
            table_rule.value(1000, 24),
            table_rule,
            table_description.row_period.is_some(),
            MIN_HELD_OUT + MIN_REPEATS + MIN_SPAN,
            found.fitted + found.held_out
        )
    }
}

mod by_prelude {
    use grundy::prelude::{
        grundy_table, mex, nim_sum, GrundyMemo, ImpartialGame, MexBuffer, Nimber, Outcome,
    };

    struct Halve;

    impl ImpartialGame for Halve {
        type Position = u64;
        fn moves(&self, n: &u64) -> Vec<u64> {
            if *n == 0 { Vec::new() } else { vec![n / 2] }
        }
    }

    pub fn run() -> String {
        let table = grundy_table(4, |n| (0..n).rev().take(2));
        let mut memo = GrundyMemo::of(&Halve);
        let mut buffer = MexBuffer::new(4);
        buffer.insert(1);
        let outcome = Outcome::from_grundy(nim_sum(vec![1, 2]));
        format!(
            "{} {} {} {} {} {}",
            table.iter().map(|g| g.value()).sum::<u64>(),
            memo.value(3).value(),
            Halve.value(&1).value(),
            mex(vec![Nimber(1)]).value(),
            buffer.mex(),
            outcome.first_player_wins()
        )
    }
}

mod by_glob {
    use grundy::prelude::*;

    pub fn run() -> u64 {
        mex(vec![Nimber(0), Nimber(1), Nimber(2)]).value()
    }
}

fn main() {
    println!("{}", by_module::run());
    println!("{}", by_path::run());
    println!("{}", by_pattern::run());
    println!("{}", by_prelude::run());
    println!("{}", by_glob::run());
}
"#;

#[test]
fn every_public_reexport_survives_shaking() {
    use grundy::pattern::{
        describe_table, guess, guess_table, MIN_HELD_OUT, MIN_REPEATS, MIN_SPAN,
    };
    // What each line must say, from the games themselves where the answer is small, and from
    // the library run natively where it is a rendering (the bundle must match the library).
    let take3_table = "0,1,2,3,0,1,2,3,0,1";
    let by_module = format!("{take3_table} 1 3 1 3 2 0:1 true");
    let mod3 = guess(&(0..30).map(|n| n % 3).collect::<Vec<u64>>())
        .unwrap()
        .rule;
    let by_path = format!("2 false {mod3} 5 0");
    let nim: Vec<Vec<u64>> = (0..32u64)
        .map(|x| (0..32u64).map(|y| x ^ y).collect())
        .collect();
    let by_pattern = format!(
        "G(n) = n mod 4 3 true 4 0 {} {} {} {} 40",
        1000 ^ 24,
        guess_table(&nim).unwrap().rule,
        describe_table(&nim).row_period.is_some(),
        MIN_HELD_OUT + MIN_REPEATS + MIN_SPAN
    );
    // Moves to the two positions below: G = 0, 1, 2, 0 for 0..4; halving 3 -> 1 -> 0.
    let by_prelude = "3 0 1 0 0 true";
    let want = format!("{by_module}\n{by_path}\n{by_pattern}\n{by_prelude}\n3\n");
    assert_eq!(bundle_real_and_run("every", EVERY_REEXPORT, ""), want);
}

/// Names every public re-export of the judge crate (the types in type positions, the runners
/// through a function nothing calls), and runs one solution through `run_str`.
const EVERY_JUDGE_REEXPORT: &str = r#"//! Every re-export of the judge crate.
use judge::{
    quote, run_str, Cached, Case, CaseField, Cases, InputError, Lists, Scanner, HOLD_LIMIT,
    MAX_INPUT, QUOTE_LIMIT,
};
use std::io::Write;

fn double<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("n", 0..=1000)?;
    writeln!(out, "{}", 2 * n)?;
    sc.finish()
}

#[allow(dead_code)]
fn never_called() {
    let _: Option<(Cached<u64>, Cases, Lists<'static>, CaseField<'static>)> = None;
    judge::main(double)
}

fn main() {
    print!("{}", run_str(double, "21\n").unwrap());
    let case = Case::new(3);
    let _ = case;
    println!(
        "{} {} {} {}",
        quote(b"abc").contains("abc"),
        HOLD_LIMIT > 0,
        MAX_INPUT > 0,
        QUOTE_LIMIT > 0
    );
}
"#;

#[test]
fn every_public_judge_reexport_survives_shaking() {
    assert_eq!(
        bundle_real_and_run("every-judge", EVERY_JUDGE_REEXPORT, ""),
        "42\ntrue true true true\n"
    );
}

// Macros: a bundle must mean what the program means, whatever a problem's macros name or
// redefine. Each program below is built as cargo builds it (the fixture library and the judge
// as crates, the problem linked to them) and bundled in every mode; each bundle must compile
// and behave as that build does.

/// Fixture modules reached through macros: an inherent method shadowing a trait's default of
/// the same name, functions behind std macros a problem may redefine, a trait's methods.
const MACRO_MODULES: [(&str, &str); 3] = [
    (
        "num",
        r#"//! A value with inherent methods named like a trait's, and std macros in use.
use std::fmt::Write as _;

pub struct Num(pub u64);

impl Num {
    pub fn value(&self, a: u64) -> u64 {
        self.0 + a
    }

    pub fn scaled(&self, a: u64) -> u64 {
        self.0 * a
    }

    pub fn unused(&self) -> u64 {
        0
    }
}

/// What a call falls back to when the inherent method is gone.
pub trait Fallback {
    fn value(&self, _: u64) -> u64 {
        999_999
    }
    fn scaled(&self, _: u64) -> u64 {
        999_999
    }
}

impl Fallback for Num {}

pub const LIMIT: u64 = 40;

pub fn count_bits(n: u64) -> u64 {
    u64::from(n.count_ones())
}

pub fn trailing(n: u64) -> u64 {
    u64::from(n.trailing_zeros())
}

/// The sum of `n` sevens, through `vec!`.
pub fn filled(n: usize) -> usize {
    let v: Vec<u8> = vec![7; n];
    v.iter().map(|&x| usize::from(x)).sum()
}

/// Half of an even `n`; panics on an odd one.
pub fn halve(n: u64) -> u64 {
    assert!(n % 2 == 0, "odd");
    debug_assert!(n < 1000, "large");
    n / 2
}

/// `n` in angle brackets, through `write!` and `format!`.
pub fn show(n: u64) -> String {
    let mut s = String::new();
    write!(s, "<{}>", n).unwrap();
    s + &format!("{}", n)
}

pub fn never() -> u64 {
    0
}
"#,
    ),
    (
        "moves",
        r#"//! A trait and a type with one more inherent method, and a sink written with `write!`.
pub trait Moves {
    fn moves(&self, n: u64) -> u64;
    fn spare(&self) -> u64 {
        11
    }
}

pub struct Take;

impl Moves for Take {
    fn moves(&self, n: u64) -> u64 {
        n % 3
    }
}

impl Take {
    pub fn inherent_only(&self) -> u64 {
        42
    }
}

/// Collects what `write!` formats, through an inherent `write_fmt`.
#[derive(Default)]
pub struct Sink(pub String);

impl Sink {
    pub fn write_fmt(&mut self, args: std::fmt::Arguments) -> std::fmt::Result {
        self.0 += &args.to_string();
        Ok(())
    }
}
"#,
    ),
    (
        "shadow",
        r#"//! Nothing but a function: a module a problem reaches only through `use ... as`.
pub fn seven() -> u64 {
    7
}
"#,
    ),
];

/// A workspace whose crates are also compiled apart, as cargo links a problem to them.
struct Linked {
    root: PathBuf,
    /// Where the crates' libraries, the programs and the bundles are built.
    build: PathBuf,
}

impl Linked {
    /// Compiles the `grundy` and `judge` crates of `root` into `build`.
    fn new(root: PathBuf, build: PathBuf) -> Self {
        std::fs::create_dir_all(&build).unwrap();
        for (krate, lib) in [("grundy", "lib/lib.rs"), ("judge", "judge/lib.rs")] {
            let out = build.join(format!("lib{krate}.rlib"));
            rustc_quick(
                &["--crate-type", "rlib", "--crate-name", krate],
                &root.join(lib),
                &out,
            )
            .unwrap_or_else(|e| panic!("{krate}: {e}"));
        }
        Linked { root, build }
    }

    /// Compiles `source` (named `name`) with `extra` rustc arguments and runs it: its exit
    /// code and standard output.
    fn build_and_run(&self, name: &str, source: &str, extra: &[&str]) -> String {
        let (file, exe) = (self.build.join(format!("{name}.rs")), self.build.join(name));
        std::fs::write(&file, source).unwrap();
        rustc_quick(extra, &file, &exe)
            .unwrap_or_else(|e| panic!("{name} does not compile: {e}\n{source}"));
        let out = Command::new("timeout")
            .arg("20")
            .arg(&exe)
            .output()
            .unwrap();
        std::fs::remove_file(&exe).unwrap();
        std::fs::remove_file(&file).unwrap();
        format!(
            "exit {:?}\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout)
        )
    }

    /// Problem `source` built as cargo builds it, then bundled shaken, with whole modules and
    /// minified: each bundle compiles and exits and prints as the cargo build does, which
    /// prints `want`. Returns the shaken bundle.
    fn bundles_mean(&self, tag: &str, source: &str, want: &str) -> String {
        let links = [
            format!("grundy={}", self.build.join("libgrundy.rlib").display()),
            format!("judge={}", self.build.join("libjudge.rlib").display()),
        ];
        let cargo = self.build_and_run(
            &format!("{tag}-cargo"),
            source,
            &["--extern", &links[0], "--extern", &links[1]],
        );
        assert_eq!(
            cargo,
            format!("exit Some(0)\n{want}"),
            "{tag}, built as cargo does"
        );
        let spoj = by_name("spoj").unwrap();
        let bundle = |shaking| {
            bundler::bundle_source_with(&self.root, tag, source, spoj, shaking)
                .unwrap_or_else(|e| panic!("{tag}: {e}"))
                .text
        };
        let shaken = bundle(Shaking::Items);
        let whole = bundle(Shaking::WholeModules);
        let minified = bundler::minify(&shaken).unwrap();
        for (mode, text) in [
            ("shaken", &shaken),
            ("whole", &whole),
            ("minified", &minified),
        ] {
            let got = self.build_and_run(&format!("{tag}-{mode}"), text, &[]);
            assert_eq!(got, cargo, "{tag}, bundled {mode}:\n{text}");
        }
        shaken
    }
}

/// Compiles `file` into `out` with rustc at opt-level 0 (these programs are small: speed does
/// not matter), lints capped, with `extra` arguments; on failure, rustc's messages.
fn rustc_quick(extra: &[&str], file: &Path, out: &Path) -> Result<(), String> {
    let run = Command::new("rustc")
        .args([
            "--edition",
            "2021",
            "-C",
            "opt-level=0",
            "--cap-lints",
            "allow",
        ])
        .args(extra)
        .arg("-o")
        .arg(out)
        .arg(file)
        .output()
        .unwrap();
    if run.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&run.stderr).into_owned())
    }
}

/// The macro fixtures' workspace, made once: the fixture library with [`MACRO_MODULES`] and the
/// real judge.
fn macro_workspace() -> &'static Linked {
    static LINKED: std::sync::OnceLock<Linked> = std::sync::OnceLock::new();
    LINKED.get_or_init(|| {
        let made = fixture("macros", "fn main() {}\n");
        for (name, text) in MACRO_MODULES {
            add_module(&made, name, text);
        }
        let dir = linked_dir("macros");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::rename(made, &dir).unwrap();
        Linked::new(dir.clone(), dir)
    })
}

/// A scratch folder for compiled crates, one per checkout and purpose: a later run of the
/// tests replaces it rather than leaving another beside it.
fn linked_dir(purpose: &str) -> PathBuf {
    let checkout = env!("CARGO_MANIFEST_DIR").replace(['/', '\\', ':'], "-");
    std::env::temp_dir().join(format!("bundler-linked{checkout}-{purpose}"))
}

/// The macro fixtures' programs: bundled against [`macro_workspace`].
fn bundles_mean_the_program(tag: &str, source: &str, want: &str) -> String {
    macro_workspace().bundles_mean(tag, source, want)
}

#[test]
fn methods_named_through_a_macros_parameters_are_kept() {
    // The inherent `value` and `scaled` are named only as a macro's `ident` argument; if they
    // went, `Fallback`'s defaults would answer 999999 without a word.
    let source = r#"use grundy::num::{Fallback, Num};
macro_rules! call {
    ($e:expr, $m:ident, $a:expr) => {
        $e.$m($a)
    };
}
fn main() {
    let n = Num(5);
    println!("{} {} {}", call!(n, value, 0), call!(n, scaled, 0), call!(Num(3), value, 4));
}
"#;
    let shaken = bundles_mean_the_program("call", source, "5 0 7\n");
    assert!(!shaken.contains("fn unused"), "{shaken}");
    // A method named only in the body of a macro that another calls, a `println!` of the
    // problem's own (in a function) that pastes a method name, and `Type::$m`.
    let source = r#"use grundy::num::{Fallback, Num};
macro_rules! inner {
    ($e:expr, $m:ident) => {
        $e.$m(2)
    };
}
macro_rules! outer {
    ($e:expr) => {
        inner!($e, scaled)
    };
}
macro_rules! path {
    ($t:ident, $m:ident, $e:expr) => {
        $t::$m(&$e, 10)
    };
}
fn main() {
    macro_rules! println {
        ($e:expr, $m:ident) => {
            std::println!("{} {} {}", $e.$m(1), outer!(Num(4)), path!(Num, value, Num(1)))
        };
    }
    println!(Num(2), scaled);
}
"#;
    bundles_mean_the_program("nested-calls", source, "2 8 11\n");
}

#[test]
fn a_crate_path_turned_into_text_stays_as_written() {
    // `stringify!` prints its tokens: a path in them is text, not a path into the bundle's
    // modules, also inside another macro's arguments.
    let source = r#"macro_rules! show {
    ($text:expr, $e:expr) => {
        println!("{} = {}", $text, $e)
    };
}
fn main() {
    println!("{}", stringify!(grundy::alpha::double(2), ::judge::x));
    show!(stringify!(grundy::alpha::double(2)), grundy::alpha::double(2));
}
"#;
    let want = "exit Some(0)\ngrundy::alpha::double(2), ::judge::x\ngrundy::alpha::double(2) = 4\n";
    let linked = macro_workspace();
    let spoj = by_name("spoj").unwrap();
    for shaking in [Shaking::Items, Shaking::WholeModules] {
        let text = bundler::bundle_source_with(&linked.root, "text", source, spoj, shaking)
            .unwrap()
            .text;
        assert_eq!(linked.build_and_run("text", &text, &[]), want, "{text}");
        // Its text follows the spacing, which minifying changes: refused in one line.
        let err = bundler::minify(&text).unwrap_err();
        assert!(err.contains("`stringify!`") && !err.contains('\n'), "{err}");
    }
    let err = bundler::minify("fn main() { let _ = (stringify!(x), stringify!()); }\n");
    assert!(err.is_ok(), "one token or none has one spacing: {err:?}");
}

#[test]
fn a_problems_macros_cannot_reach_the_crates_code() {
    // A contest file's own `vec!` and an emptied `assert!` (at the root, and from a
    // `#[macro_use]` module), `debug_assert!`, `write!` and `format!` of its own: in the crates'
    // code the std macros must still be std's.
    let source = r#"use grundy::num::{filled, halve, show};
use judge::{InputError, Scanner};
#[macro_use]
mod contest {
    macro_rules! assert {
        ($($t:tt)*) => {};
    }
    macro_rules! debug_assert {
        ($($t:tt)*) => {};
    }
}
macro_rules! vec {
    ($x:expr; $n:expr) => {
        Vec::with_capacity($n)
    };
}
macro_rules! write {
    ($($t:tt)*) => {
        Ok::<(), std::fmt::Error>(())
    };
}
macro_rules! format {
    ($($t:tt)*) => {
        String::from("?")
    };
}
fn main() {
    let v: Vec<u64> = vec![1; 3];
    assert!(false);
    println!("{} {} {}", v.len(), filled(4), show(5));
    let odd = std::panic::catch_unwind(|| halve(3)).is_err();
    let large = std::panic::catch_unwind(|| halve(2000)).is_err();
    let mut sc = Scanner::new(b"x");
    let bad: Result<u64, InputError> = sc.uint("n", 0..=9);
    println!("{} {} {} {}", odd, large, halve(8), bad.is_err());
}
"#;
    bundles_mean_the_program("shadows", source, "0 28 <5>5\ntrue true 4 true\n");
}

#[test]
fn library_paths_built_by_macros_are_kept() {
    // `grundy::num::$f`, `grundy::$f` (a root re-export), `::grundy::…` in a macro, a renamed
    // module (`d::$f`) and crate (`g::num::$f`), macros calling macros, a macro defined in a
    // function, and one used in a module after it.
    let source = r#"use grundy as g;
use grundy::shadow as d;
macro_rules! via {
    ($f:ident, $x:expr) => {
        grundy::num::$f($x)
    };
}
macro_rules! root {
    ($f:ident, $x:expr) => {
        grundy::$f($x)
    };
}
macro_rules! aliased {
    ($f:ident, $f2:ident) => {
        d::$f() + g::num::$f2(8)
    };
}
macro_rules! twice {
    ($m:ident, $x:expr) => {
        via!($m, via!($m, $x))
    };
}
macro_rules! limit {
    () => {
        ::grundy::num::LIMIT
    };
}
mod inner {
    pub fn run() -> u64 {
        via!(count_bits, 7) + limit!()
    }
}
fn main() {
    macro_rules! local {
        ($t:ident) => {
            $crate::inner::run() + grundy::num::$t(1)
        };
    }
    println!(
        "{} {} {} {} {}",
        via!(count_bits, 255),
        root!(double, 4),
        aliased!(seven, trailing),
        twice!(trailing, 8),
        local!(count_bits)
    );
}
"#;
    let shaken = bundles_mean_the_program("paths", source, "8 8 10 0 44\n");
    assert!(!shaken.contains("fn never"), "{shaken}");
}

#[test]
fn trait_and_inherent_members_named_by_macros_are_kept() {
    // A library trait's method and a type's inherent one named through a macro defined in a
    // function; a method called after a `tt` argument (`$e.name $args`); an inherent
    // `write_fmt` that only `write!` calls; a const named only in a format string.
    let source = r#"use grundy::moves::{Moves, Sink, Take};
use grundy::num::*;
macro_rules! late {
    ($e:expr, $args:tt) => {
        $e.scaled $args
    };
}
fn main() {
    macro_rules! m {
        ($e:expr, $f:ident $(, $a:expr)*) => {
            $e.$f($($a),*)
        };
    }
    let mut sink = Sink::default();
    write!(sink, "{}", m!(Take, inherent_only)).unwrap();
    println!("{} {} {} {}", m!(Take, moves, 5), m!(Take, spare), sink.0, late!(Num(3), (2)));
    println!("{LIMIT}");
}
"#;
    bundles_mean_the_program("members", source, "2 11 42 6\n40\n");
}

#[test]
fn a_crate_named_through_a_macro_variable() {
    // `$k::num::$f` with `$k` a name the crate is imported as: the module is found by name.
    let source = r#"use grundy as g;
macro_rules! from {
    ($k:ident, $f:ident, $x:expr) => {
        $k::num::$f($x)
    };
}
fn main() {
    println!("{}", from!(g, trailing, 24));
}
"#;
    bundles_mean_the_program("head", source, "3\n");
    // A macro's `use` brings in names that no token outside it shows: everything is kept.
    let source = r#"macro_rules! bring {
    ($m:ident) => {
        use grundy::$m::*;
    };
}
bring!(num);
fn main() {
    println!("{} {}", count_bits(7), LIMIT);
}
"#;
    let shaken = bundles_mean_the_program("bring", source, "3 40\n");
    assert!(shaken.contains("fn never"), "{shaken}");
}

#[test]
fn what_would_change_the_programs_meaning_is_refused_in_one_line() {
    let spoj = by_name("spoj").unwrap();
    let dir = &macro_workspace().root;
    for (source, needle) in [
        // The crate's own name pasted before `::`: in a module other than the root, the
        // bundle's `grundy` is out of sight.
        (
            "macro_rules! from {\n    ($k:ident, $f:ident) => {\n        $k::num::$f(24)\n    };\n}\nmod inner {\n    pub fn run() -> u64 {\n        from!(grundy, trailing)\n    }\n}\nfn main() {\n    println!(\"{}\", inner::run());\n}\n",
            "problems/refused.rs:8:15: `grundy` alone in a call of `from!`",
        ),
        (
            "macro_rules! load {\n    () => {\n        mod helper;\n    };\n}\nload!();\nfn main() {}\n",
            "problems/refused.rs:3:9: `mod helper;` in a macro loads another file",
        ),
        (
            "macro_rules! link {\n    () => {\n        extern crate core;\n    };\n}\nlink!();\nfn main() {}\n",
            "problems/refused.rs:3:9: `extern crate` in a macro",
        ),
        // A module of the problem's own named like the crate: `grundy::f()` in `solver`
        // means it, which the bundle would point at the crate.
        (
            "mod solver {\n    mod grundy {\n        pub fn f() -> u64 {\n            1\n        }\n    }\n    pub fn run() -> u64 {\n        grundy::f() + ::grundy::num::LIMIT\n    }\n}\nfn main() {\n    println!(\"{}\", solver::run());\n}\n",
            "problems/refused.rs:2:9: the problem names something of its own `grundy`",
        ),
        (
            "use std::fmt as judge;\nfn main() {\n    let _: judge::Result = Ok(());\n    let _ = ::judge::MAX_INPUT;\n}\n",
            "problems/refused.rs:1:17: the problem names something of its own `judge`",
        ),
        (
            "#![no_implicit_prelude]\nfn main() {\n    ::std::println!(\"{}\", ::grundy::num::LIMIT);\n}\n",
            "problems/refused.rs:1:1: `#![no_implicit_prelude]` would apply to the crates' code too",
        ),
    ] {
        for shaking in [Shaking::Items, Shaking::WholeModules] {
            let err = bundler::bundle_source_with(dir, "refused", source, spoj, shaking)
                .err()
                .unwrap_or_else(|| panic!("bundled:\n{source}"));
            assert!(err.starts_with(needle), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
    // The same name passed to a macro that pastes nothing before `::` is a plain argument.
    let source = "fn grundy(n: u64) -> u64 {\n    n + 1\n}\nmacro_rules! apply {\n    ($f:ident, $x:expr) => {\n        $f($x)\n    };\n}\nfn main() {\n    println!(\"{}\", apply!(grundy, 1));\n}\n";
    bundles_mean_the_program("plain-name", source, "2\n");
}

#[test]
fn a_problems_crate_attributes_do_not_break_the_crates_code() {
    // In the bundle the problem's `#![...]` apply to the crates' code too: the judge reads
    // standard input with `unsafe`, and the bundled crates carry no doc comments.
    let source = r#"#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(warnings))]
#![allow(clippy::all)]
//! A problem with strict lints of its own.
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    writeln!(out, "{}", grundy::num::count_bits(5))?;
    sc.finish()
}

fn main() {
    judge::main(solve)
}
"#;
    let shaken = bundles_mean_the_program("lints", source, "2\n");
    assert!(
        shaken.contains("#![allow(clippy::all)]") && !shaken.contains("forbid"),
        "{shaken}"
    );
}

#[test]
fn the_real_library_named_through_macros() {
    // The real library and judge, linked as cargo links them: a module's functions named
    // only as a macro's argument (`grundy::divisor::$f`), an inherent `value` beside the
    // prelude's `ImpartialGame::value`, a trait's method and a prelude function through a
    // macro defined in a function.
    let source = r#"use grundy::divisor::{SplitTowerTable, Tower};
use grundy::prelude::*;
use judge::{InputError, Scanner};
use std::io::Write;

macro_rules! divisor {
    ($f:ident, $x:expr) => {
        grundy::divisor::$f($x).value()
    };
}

macro_rules! call {
    ($e:expr, $m:ident, $a:expr) => {
        $e.$m($a).value()
    };
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    macro_rules! of {
        ($f:ident, $($x:expr),*) => {
            $f(vec![$($x),*]).value()
        };
    }
    let table = SplitTowerTable::new(100);
    writeln!(
        out,
        "{} {} {} {} {}",
        divisor!(tower_grundy, 12),
        divisor!(split_tower_grundy, 12),
        call!(table, value, 12),
        call!(Tower, value, &12),
        of!(mex, Nimber(0), Nimber(1), Nimber(3))
    )?;
    sc.finish()
}

fn main() {
    judge::main(solve)
}
"#;
    static LINKED: std::sync::OnceLock<Linked> = std::sync::OnceLock::new();
    let real =
        LINKED.get_or_init(|| Linked::new(model::workspace::default_root(), linked_dir("real")));
    // The answers, from the library as the tests link it.
    use grundy::game::ImpartialGame;
    let want = format!(
        "{} {} {} {} 2\n",
        grundy::divisor::tower_grundy(12).value(),
        grundy::divisor::split_tower_grundy(12).value(),
        grundy::divisor::SplitTowerTable::new(100).value(12).value(),
        grundy::divisor::Tower.value(&12).value(),
    );
    real.bundles_mean("real", source, &want);
}
