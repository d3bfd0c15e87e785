//! The bundle's text and the binary's report: a judge of module files inlined, `--minify`,
//! each part's size and the warning near the limit, the judge's helpers only when used.

use super::*;

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
