//! Every library module and the judge crate, bundled, use only syntax rustc 1.56 accepts.

#[test]
fn the_whole_library_bundles_for_old_compilers() {
    let root = model::workspace::default_root();
    let spoj = model::judges::by_name("spoj").unwrap();
    let source = "use grundy::*;\nfn main() { judge::main(|sc: &mut judge::Scanner, _: &mut Vec<u8>| sc.finish()) }\n";
    // Whole modules: shaking would leave only what this `main` reaches.
    let bundle =
        bundler::bundle_source_with(&root, "all", source, spoj, bundler::Shaking::WholeModules)
            .unwrap();
    assert!(bundle.modules.len() > 5, "{:?}", bundle.modules);
    let findings = bundler::msrv::check(&bundle.text, "bundle of all").unwrap();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

#[test]
fn the_single_file_starter_uses_old_syntax_only() {
    let root = model::workspace::default_root();
    let text = std::fs::read_to_string(root.join("templates/main.rs")).unwrap();
    let findings = bundler::msrv::check(&text, "templates/main.rs").unwrap();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

/// The Rust code blocks of the doc comments in `text`, each as a compilable-looking `main`.
fn doc_examples(text: &str) -> Vec<(usize, String)> {
    let mut examples = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        let doc = match line
            .trim_start()
            .strip_prefix("///")
            .or_else(|| line.trim_start().strip_prefix("//!"))
        {
            Some(doc) => doc.strip_prefix(' ').unwrap_or(doc),
            None => continue,
        };
        if let Some(fence) = doc.trim().strip_prefix("```") {
            match current.take() {
                Some(example) => examples.push(example),
                None if fence.is_empty() || fence.starts_with("rust") || fence == "no_run" => {
                    current = Some((number + 1, String::new()))
                }
                None => current = Some((0, String::new())), // not Rust: skipped at its end
            }
            continue;
        }
        if let Some((_, code)) = current.as_mut() {
            let code_line = doc
                .strip_prefix("# ")
                .unwrap_or(if doc == "#" { "" } else { doc });
            code.push_str(code_line);
            code.push('\n');
        }
    }
    examples
        .into_iter()
        .filter(|(line, _)| *line > 0)
        .map(|(line, code)| {
            if code.contains("fn main") {
                (line, code)
            } else {
                (line, format!("fn main() {{\n{}}}\n", code))
            }
        })
        .collect()
}

#[test]
fn doc_examples_mean_the_same_in_every_edition() {
    let root = model::workspace::default_root();
    let mut files = Vec::new();
    let mut dirs = vec![root.join("lib"), root.join("judge")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut checked = 0;
    let mut findings = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (line, code) in doc_examples(&text) {
            let shown = format!("{} (example at line {})", file.display(), line);
            // The examples call the crates' own methods, which an example alone does not
            // define: only its syntax and edition-dependent calls are checked here (clippy's
            // `incompatible_msrv` sees the std APIs the crates use).
            match bundler::msrv::findings(&code, &shown) {
                Ok(found) => findings.extend(
                    found
                        .into_iter()
                        .filter(|f| f.kind != bundler::msrv::Kind::StdApi)
                        .map(|f| f.text),
                ),
                Err(e) => findings.push(e),
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} examples found");
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

#[test]
fn the_example_reader_finds_an_array_into_iter() {
    let text = "/// ```\n/// let v: u32 = [1u32].into_iter().sum();\n/// ```\n/// ```text\n/// [1].into_iter()\n/// ```\nfn f() {}\n";
    let examples = doc_examples(text);
    assert_eq!(examples.len(), 1);
    let findings = bundler::msrv::check(&examples[0].1, "x").unwrap();
    assert_eq!(findings.len(), 1, "{findings:?}");
}

/// One program per language feature newer than rustc 1.56: what the finding says, the rustc
/// that stabilised it (the release notes' "Language" sections), and a program that uses it
/// (compiled by [`the_programs_compile_as_their_versions_say`]).
const LANGUAGE: &[(&str, &str, &str)] = &[
    ("`panic!` in a const context", "1.57", "const fn f(x: u32) -> u32 { if x == 0 { panic!(\"zero\") } x }\nfn main() { println!(\"{}\", f(1)); }"),
    ("`assert!` in a const context", "1.57", "const N: usize = 3;\nconst _: () = assert!(N > 0);\nfn main() {}"),
    ("`{x}`, an identifier captured in a format string", "1.58", "fn main() { let x = 1; println!(\"{x}\"); }"),
    ("destructuring assignment", "1.59", "fn main() { let (mut a, mut b) = (1, 2); (a, b) = (b, a); println!(\"{} {}\", a, b); }"),
    ("a const generic parameter's default", "1.59", "struct S<const N: usize = 3>;\nfn main() { let _s: S = S; }"),
    ("a type parameter after a const parameter", "1.59", "fn f<const N: usize, T: Default>() -> T { T::default() }\nfn main() { let _: u8 = f::<1, u8>(); }"),
    ("a `const fn` with trait bounds", "1.61", "const fn f<T: Copy>(x: T) -> T { x }\nfn main() { println!(\"{}\", f(1)); }"),
    ("a `const fn` with trait bounds", "1.61", "struct W<T>(T);\nimpl<T: Copy> W<T> { const fn get(&self) -> T { self.0 } }\nfn main() { println!(\"{}\", W(1).get()); }"),
    ("`impl Trait` in a `const fn`'s signature", "1.61", "const fn f(x: impl Copy) -> impl Copy { x }\nfn main() { let _ = f(1); }"),
    ("`dyn Trait` in a `const fn`'s signature", "1.61", "const fn f(x: &dyn std::fmt::Debug) -> &dyn std::fmt::Debug { x }\nfn main() { println!(\"{:?}\", f(&1)); }"),
    ("a function pointer in a `const fn`'s signature", "1.61", "const fn f(g: fn(u8) -> u8) -> fn(u8) -> u8 { g }\nfn id(x: u8) -> u8 { x }\nfn main() { println!(\"{}\", f(id)(3)); }"),
    ("`#[default]` on an enum variant", "1.62", "#[derive(Default, Debug)]\nenum E { #[default] A, B }\nfn main() { println!(\"{:?} {:?}\", E::default(), E::B); }"),
    ("explicit generic arguments to `f`", "1.63", "fn f<T: std::fmt::Debug>(a: T, b: impl std::fmt::Debug) { println!(\"{:?} {:?}\", a, b); }\nfn main() { f::<u8>(1, 2); }"),
    ("`let ... else`", "1.65", "fn main() { let Some(x) = Some(1) else { return }; println!(\"{}\", x); }"),
    ("a labelled block", "1.65", "fn main() { let x = 'a: { if x() { break 'a 1 } 2 }; println!(\"{}\", x); }\nfn x() -> bool { true }"),
    ("a generic associated type", "1.65", "trait T { type A<'a> where Self: 'a; }\nfn main() {}"),
    ("a `..=X` range pattern", "1.66", "fn main() { match 5u8 { ..=3 => println!(\"low\"), _ => println!(\"high\") } }"),
    ("an explicit discriminant on an enum with fields", "1.66", "#[repr(u8)]\n#[allow(dead_code)]\nenum E { A(u8) = 1, B = 2 }\nfn main() { let _ = E::A(0); let _ = E::B; }"),
    ("an `async fn` in a trait", "1.75", "#[allow(dead_code)]\ntrait T { async fn f(&self); }\nfn main() {}"),
    ("`impl Trait` returned by a trait's method", "1.75", "#[allow(dead_code)]\ntrait T { fn f(&self) -> impl Iterator<Item = u8>; }\nfn main() {}"),
    ("a C-string literal", "1.77", "fn main() { let c = c\"hi\"; println!(\"{:?}\", c); }"),
    ("a `#[diagnostic::…]` attribute", "1.78", "#[diagnostic::on_unimplemented(message = \"x\")]\n#[allow(dead_code)]\ntrait T {}\nfn main() {}"),
    ("an inline `const` block", "1.79", "fn main() { let x = const { 1 + 2 }; println!(\"{}\", x); }"),
    ("a bound on an associated type", "1.79", "fn f(x: impl Iterator<Item: std::fmt::Debug>) { for i in x { println!(\"{:?}\", i); } }\nfn main() { f(0..2); }"),
    ("an exclusive range pattern", "1.80", "fn main() { match 5u8 { 0..3 => println!(\"low\"), _ => println!(\"high\") } }"),
    ("an exclusive range pattern", "1.80", "fn main() { println!(\"{}\", matches!(b'q', b'a'..b'z')); }"),
    ("`#[expect(…)]`", "1.81", "#[expect(unused_variables)]\nfn main() { let x = 1; }"),
    ("a lint attribute's `reason`", "1.81", "#[allow(dead_code, reason = \"kept\")]\nfn f() {}\nfn main() {}"),
    ("a raw borrow", "1.82", "fn main() { let x = 1u8; let p = &raw const x; println!(\"{}\", unsafe { *p }); }"),
    ("an `unsafe extern` block", "1.82", "unsafe extern \"C\" { fn abs(x: i32) -> i32; }\nfn main() { println!(\"{}\", unsafe { abs(-3) }); }"),
    ("an `#[unsafe(…)]` attribute", "1.82", "#[unsafe(no_mangle)]\npub extern \"C\" fn exported() {}\nfn main() {}"),
    ("precise capturing `use<…>`", "1.82", "fn f(x: &u8) -> impl Copy + use<> { *x }\nfn main() { let _ = f(&1); }"),
    ("floating-point arithmetic in a `const fn`", "1.82", "const fn half(x: f64) -> f64 { x / 2.0 }\nfn main() { println!(\"{}\", half(3.0)); }"),
    ("`&mut` in a `const fn`", "1.83", "const fn inc(x: &mut u32) { *x += 1; }\nfn main() { let mut a = 1; inc(&mut a); println!(\"{}\", a); }"),
    ("`&mut` in a const context", "1.83", "const fn f() -> u32 { let mut a = [1u32, 2]; let r = &mut a; r[0] += 1; r[0] }\nfn main() { println!(\"{}\", f()); }"),
    ("a `static` read in a const context", "1.83", "static S: u32 = 3;\nconst C: &u32 = &S;\nfn main() { println!(\"{}\", C); }"),
    ("an async closure", "1.85", "fn main() { let f = async || 1; let _ = f; }"),
    ("`#[target_feature]` on a safe function", "1.86", "#[target_feature(enable = \"avx2\")]\nfn f() {}\nfn main() { if is_x86_feature_detected!(\"avx2\") { unsafe { f() } } }"),
    ("precise capturing `use<…>` in a trait", "1.87", "#[allow(dead_code)]\ntrait T { fn f(&self) -> impl Sized + use<Self>; }\nfn main() {}"),
    ("`true` or `false` in a `cfg`", "1.88", "#[cfg(false)]\nfn f() {}\nfn main() {}"),
    ("`#[repr(u128)]` or `#[repr(i128)]`", "1.89", "#[repr(u128)]\nenum E { A = 1 }\nfn main() { let _ = E::A; }"),
    ("`_` as an array length", "1.89", "fn main() { let a: [u8; 3] = [0; _]; println!(\"{:?}\", a); }"),
    ("an `if let` guard on a match arm", "1.95", "fn main() { match Some(2) { Some(x) if let Some(y) = Some(x + 1) => println!(\"{}\", y), _ => {} } }"),
];

/// One program per std API newer than rustc 1.56, as [`LANGUAGE`]: the finding names the API.
const STD_APIS: &[(&str, &str, &str)] = &[
    ("the std method `map_while`", "1.57", "fn main() { let v: Vec<u8> = [1u8, 2].iter().map_while(|&x| Some(x)).collect(); println!(\"{:?}\", v); }"),
    ("`std::iter::zip`", "1.59", "use std::iter::zip;\nfn main() { for (a, b) in zip(vec![1], vec![2]) { println!(\"{} {}\", a, b); } }"),
    ("the std method `abs_diff`", "1.60", "fn main() { println!(\"{}\", 3u32.abs_diff(5)); }"),
    ("`i64::abs_diff`", "1.60", "fn main() { println!(\"{}\", i64::abs_diff(-3, 5)); }"),
    ("the std method `retain_mut`", "1.61", "fn main() { let mut v = vec![1, 2, 3]; v.retain_mut(|x| { *x += 1; *x > 2 }); println!(\"{:?}\", v); }"),
    ("the std method `then_some`", "1.62", "fn main() { println!(\"{:?}\", (1 > 0).then_some(5)); }"),
    ("the std method `total_cmp`", "1.62", "fn main() { let mut v = vec![2.0f64, 1.0]; v.sort_by(|a, b| a.total_cmp(b)); println!(\"{:?}\", v); }"),
    ("`Stdin::lines`", "1.62", "use std::io::stdin;\nfn main() { for line in stdin().lines() { println!(\"{}\", line.unwrap()); } }"),
    ("`std::array::from_fn`", "1.63", "fn main() { let a: [usize; 3] = std::array::from_fn(|i| i); println!(\"{:?}\", a); }"),
    ("`std::thread::scope`", "1.63", "fn main() { std::thread::scope(|s| { s.spawn(|| println!(\"x\")); }); }"),
    ("`io::read_to_string`", "1.65", "use std::io;\nfn main() { let s = io::read_to_string(io::stdin()).unwrap(); println!(\"{}\", s.len()); }"),
    ("`std::hint::black_box`", "1.66", "fn main() { println!(\"{}\", std::hint::black_box(3)); }"),
    ("the std method `pop_first`", "1.66", "use std::collections::BTreeSet;\nfn main() { let mut s: BTreeSet<u8> = (1..4).collect(); println!(\"{:?}\", s.pop_first()); }"),
    ("the std method `first_key_value`", "1.66", "use std::collections::BTreeMap;\nfn main() { let m: BTreeMap<u8, u8> = (1..4).map(|i| (i, i)).collect(); println!(\"{:?}\", m.first_key_value()); }"),
    ("the std method `checked_add_signed`", "1.66", "fn main() { println!(\"{:?}\", 3u32.checked_add_signed(-1)); }"),
    ("the std method `ilog2`", "1.67", "fn main() { println!(\"{}\", 1000u64.ilog2()); }"),
    ("`std::pin::pin!`", "1.68", "fn main() { let p = std::pin::pin!(3); println!(\"{}\", *p); }"),
    ("the std method `is_some_and`", "1.70", "fn main() { println!(\"{}\", Some(3).is_some_and(|x| x > 2)); }"),
    ("`std::sync::OnceLock`", "1.70", "use std::sync::OnceLock;\nstatic C: OnceLock<u32> = OnceLock::new();\nfn main() { println!(\"{}\", C.get_or_init(|| 1)); }"),
    ("the std method `div_ceil`", "1.73", "fn main() { println!(\"{}\", 7u64.div_ceil(2)); }"),
    ("`std::num::Saturating`", "1.74", "use std::num::Saturating;\nfn main() { println!(\"{}\", Saturating(250u8) + Saturating(10)); }"),
    ("the std method `chunk_by`", "1.77", "fn main() { for c in [1, 1, 2].chunk_by(|a, b| a == b) { println!(\"{:?}\", c); } }"),
    ("`std::num::NonZero`", "1.79", "fn main() { println!(\"{:?}\", std::num::NonZero::new(3u32)); }"),
    ("`std::sync::LazyLock`", "1.80", "use std::sync::LazyLock;\nstatic V: LazyLock<Vec<u32>> = LazyLock::new(|| vec![1]);\nfn main() { println!(\"{:?}\", *V); }"),
    ("the std method `is_none_or`", "1.82", "fn main() { println!(\"{}\", Some(3).is_none_or(|x| x > 2)); }"),
    ("`std::iter::repeat_n`", "1.82", "fn main() { let v: Vec<u8> = std::iter::repeat_n(1, 3).collect(); println!(\"{:?}\", v); }"),
    ("`char::MIN`", "1.83", "fn main() { println!(\"{:?}\", char::MIN); }"),
    ("`unwrap` in a const context", "1.83", "const fn f(x: Option<u32>) -> u32 { x.unwrap() }\nfn main() { println!(\"{}\", f(Some(1))); }"),
    ("the std method `isqrt`", "1.84", "fn main() { println!(\"{}\", 17u64.isqrt()); }"),
    ("`str::from_utf8`", "1.87", "fn main() { println!(\"{:?}\", str::from_utf8(b\"hi\")); }"),
    ("`u32::midpoint`", "1.85", "fn main() { println!(\"{}\", u32::midpoint(2, 6)); }"),
    ("the std method `pop_if`", "1.86", "fn main() { let mut v = vec![1, 2]; println!(\"{:?}\", v.pop_if(|x| *x > 1)); }"),
    ("the std method `get_disjoint_mut`", "1.86", "fn main() { let mut v = [1, 2, 3]; if let Ok([a, b]) = v.get_disjoint_mut([0, 2]) { std::mem::swap(a, b); } println!(\"{:?}\", v); }"),
    ("the std method `is_multiple_of`", "1.87", "fn main() { println!(\"{}\", 6u32.is_multiple_of(3)); }"),
    ("the std method `extract_if`", "1.87", "fn main() { let mut v = vec![1, 2, 3, 4]; let even: Vec<i32> = v.extract_if(.., |x| *x % 2 == 0).collect(); println!(\"{:?} {:?}\", v, even); }"),
    ("the std method `as_chunks`", "1.88", "fn main() { let v = [1u8, 2, 3]; let (chunks, rest) = v.as_chunks::<2>(); println!(\"{:?} {:?}\", chunks, rest); }"),
];

/// The version before `since` (`1.60` gives `1.59`).
fn before(since: &str) -> String {
    let minor: u32 = since[2..].parse().unwrap();
    format!("1.{}", minor - 1)
}

/// Each feature is named, with its rustc, for a judge whose rustc is one version older, and
/// not for one whose rustc has it. Removing a feature's case from the check (or an API from
/// the table) fails here.
#[test]
fn each_feature_and_api_is_named_with_its_rustc() {
    for (what, since, program) in LANGUAGE.iter().chain(STD_APIS) {
        let old = bundler::msrv::check_for(program, "t.rs", &before(since), "2021").unwrap();
        let wanted = format!("needs rustc {}", since);
        assert!(
            old.iter().any(|f| f.contains(what) && f.contains(&wanted)),
            "{what} ({since}) not named in\n{program}\n{old:?}"
        );
        let new = bundler::msrv::check_for(program, "t.rs", since, "2021").unwrap();
        assert!(new.is_empty(), "{program}\n{new:?}");
    }
}

#[test]
fn a_let_chain_needs_edition_2024_too() {
    let program =
        "fn main() { let v = Some(3); if let Some(x) = v && x > 2 { println!(\"{}\", x); } }";
    let findings =
        |rustc, edition| bundler::msrv::check_for(program, "t.rs", rustc, edition).unwrap();
    assert_eq!(findings("1.87", "2024").len(), 1);
    assert!(findings("1.94", "2021")[0].contains("a `let` chain needs rustc 1.88 and edition 2024"));
    assert!(findings("1.88", "2024").is_empty());
}

/// Code that looks like a new API but is not: the program's own methods and functions, and
/// names std already had in 1.56 on some type (`inspect` on an iterator, `lines` on a `&str`).
#[test]
fn old_apis_and_the_programs_own_names_pass() {
    let program = r#"
use std::iter;
use std::str;
struct P;
impl P { fn abs_diff(&self, o: u32) -> u32 { o } }
trait Ceil { fn div_ceil(self, d: u64) -> u64; }
impl Ceil for u64 { fn div_ceil(self, d: u64) -> u64 { (self + d - 1) / d } }
fn repeat_n(x: u8, n: usize) -> Vec<u8> { vec![x; n] }
mod local { pub fn from_fn() -> u8 { 1 } }
fn main() {
    let v: Vec<u32> = [3u32, 1].iter().copied().inspect(|x| println!("{}", x)).collect();
    let first = v.first().copied().unwrap_or(u32::MAX);
    for line in "a\nb".lines() { println!("{}", line); }
    let z: Vec<(u32, u32)> = v.iter().copied().zip(iter::once(1)).collect();
    println!("{} {} {} {:?} {:?}", P.abs_diff(first), 7u64.div_ceil(2), (-3i32).rem_euclid(2), z, repeat_n(1, 2));
    println!("{} {} {}", local::from_fn(), i64::MAX, (-5i64).unsigned_abs());
    println!("{:?}", str::from_utf8(b"ok"));
    let s: u64 = iter::successors(Some(1u64), |x| Some(x * 2)).take(3).sum();
    println!("{}", s);
}
"#;
    let findings = bundler::msrv::check(program, "t.rs").unwrap();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

/// `.into_iter()` on arrays a function, a method, a constant, a static or a field gives,
/// and not on the same names where one definition is not an array.
#[test]
fn into_iter_on_arrays_from_functions_constants_and_fields() {
    let program = r#"
const C: [u32; 2] = [1, 2];
static S: [u32; 2] = [3, 4];
struct W { a: [u32; 2], v: Vec<u32> }
impl W { fn pair(&self) -> [u32; 2] { self.a } fn list(&self) -> Vec<u32> { self.v.clone() } }
fn make() -> [u32; 2] { [5, 6] }
fn made() -> Vec<u32> { vec![7] }
fn main() {
    let w = W { a: [1, 2], v: vec![3] };
    let a: u32 = make().into_iter().sum();
    let b: u32 = C.into_iter().sum();
    let c: u32 = S.into_iter().sum();
    let d: u32 = w.a.into_iter().sum();
    let e: u32 = w.pair().into_iter().sum();
    let m = make();
    let f: u32 = m.into_iter().sum();
    let g: u32 = made().into_iter().sum::<u32>() + w.list().into_iter().sum::<u32>() + w.v.clone().into_iter().sum::<u32>();
    let C = vec![1u32];
    let h: u32 = C.into_iter().sum();
    println!("{}", a + b + c + d + e + f + g + h);
}
"#;
    let found = bundler::msrv::check(program, "t.rs").unwrap();
    let lines: Vec<&str> = found.iter().map(|f| f.split(':').nth(1).unwrap()).collect();
    assert_eq!(lines, ["10", "11", "12", "13", "14", "16"], "{found:#?}");
}

/// Each program of [`LANGUAGE`] and [`STD_APIS`] compiles with the toolchain's rustc, and an
/// old rustc (`OLD_RUSTC`, else /usr/bin/rustc; Debian's 1.63) refuses exactly those newer
/// than it. Ignored by default: about a hundred compiler runs. Run it with
/// `cargo test -p tools --test suite msrv_scan -- --ignored`.
#[test]
#[ignore]
fn the_programs_compile_as_their_versions_say() {
    use std::process::Command;
    let old = std::env::var("OLD_RUSTC").unwrap_or_else(|_| "/usr/bin/rustc".to_string());
    let version = Command::new(&old).arg("--version").output().unwrap().stdout;
    let version = String::from_utf8_lossy(&version);
    let old_version: String = version
        .split_whitespace()
        .nth(1)
        .unwrap()
        .rsplit_once('.')
        .unwrap()
        .0
        .to_string();
    let dir = std::env::temp_dir().join(format!("msrv-programs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let compiles = |rustc: &str, file: &std::path::Path, edition: &str| {
        Command::new(rustc)
            .args([
                "--edition",
                edition,
                "--emit=metadata",
                "--crate-name",
                "t",
                "-o",
            ])
            .arg(dir.join("t.rmeta"))
            .arg(file)
            .output()
            .unwrap()
            .status
            .success()
    };
    let mut wrong = Vec::new();
    for (i, (what, since, program)) in LANGUAGE.iter().chain(STD_APIS).enumerate() {
        let file = dir.join(format!("p{i}.rs"));
        std::fs::write(&file, program).unwrap();
        if !compiles("rustc", &file, "2021") {
            wrong.push(format!("{what}: the toolchain's rustc refuses it"));
        }
        let newer = !model::judges::at_least(&old_version, since);
        if compiles(&old, &file, "2021") == newer {
            wrong.push(format!(
                "{what} ({since}): rustc {old_version} {}",
                if newer { "accepts it" } else { "refuses it" }
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A scratch workspace whose problem `p` is `problem`, with the real judge crate and an empty
/// library.
fn workspace_with(tag: &str, problem: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("msrv-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for folder in ["problems", "lib", "judge"] {
        std::fs::create_dir_all(dir.join(folder)).unwrap();
    }
    std::fs::write(dir.join("problems/p.rs"), problem).unwrap();
    std::fs::write(dir.join("lib/lib.rs"), "//! An empty library.\n").unwrap();
    let real = model::workspace::default_root();
    for entry in std::fs::read_dir(real.join("judge")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            std::fs::copy(&path, dir.join("judge").join(path.file_name().unwrap())).unwrap();
        }
    }
    dir
}

/// The `bundle` binary on problem `p` of `dir` for `judge`: exit code, stdout, stderr.
fn bundle(dir: &std::path::Path, judge: &str) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bundle"))
        .args(["p", "--judge", judge, "--root"])
        .arg(dir)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn bundle_refuses_for_a_plain_judge_and_warns_for_a_crate_judge() {
    let problem = "fn main() {\n    let Some(x) = Some(3u32) else { return };\n    println!(\"{}\", x.abs_diff(5));\n    let a = [1u8, 2];\n    println!(\"{:?}\", a.as_array::<2>());\n}\n";
    let dir = workspace_with("judges", problem);
    let (code, out, err) = bundle(&dir, "spoj");
    assert_eq!(code, Some(1), "{err}");
    assert!(out.is_empty());
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].starts_with("error: bundle of p:")
            && lines[0].ends_with(": `let ... else` needs rustc 1.65 (SPOJ has rustc 1.56)"),
        "{err}"
    );
    assert!(
        lines[1].starts_with("error: ")
            && lines[1].contains("the std method `abs_diff` needs rustc 1.60"),
        "{err}"
    );
    assert!(
        lines[2].contains("the std method `as_array` needs rustc 1.93"),
        "{err}"
    );
    // Codeforces (1.75) lacks only `as_array`.
    let (code, _, err) = bundle(&dir, "codeforces");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // AtCoder's crates may have methods of these names: warned, bundled.
    let (code, out, err) = bundle(&dir, "atcoder");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("abs_diff"));
    assert!(
        err.contains("the std method `as_array` needs rustc 1.93 (AtCoder has rustc 1.89)")
            && err.starts_with("warning: "),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
