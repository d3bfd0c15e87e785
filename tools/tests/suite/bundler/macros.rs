//! Bundles mean what the program means whatever a problem's macros name or redefine: each
//! program built as cargo builds it and bundled in every mode.

use super::linked::{bundles_mean_the_program, linked_dir, macro_workspace, Linked};
use super::*;

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
