//! What the bundler follows (nested use groups, globs, renames, folder modules, a byte-order
//! mark) and what it refuses, with the construct named.

use super::*;

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
