//! What the runner builds and checks before it runs anything: binaries from cargo's own
//! messages, settings refused early, a failed unit test shown with its panic, checkers, the old
//! rustc named only where it compiles a bundle.

use super::*;

/// The host's target triple, as rustc names it.
fn host() -> String {
    let out = Command::new("rustc").arg("-vV").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("host: "))
        .unwrap()
        .to_string()
}

#[test]
fn binaries_come_from_cargos_own_messages_not_a_guessed_path() {
    // A crate built for an explicit target (as CARGO_BUILD_TARGET does): its binary lands in
    // target/<triple>/release, while a stale one waits in target/release.
    let dir = scratch(
        "target",
        &[
            (
                "Cargo.toml",
                "[package]\nname = \"fresh\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[workspace]\n",
            ),
            ("src/main.rs", "fn main() { println!(\"fresh\"); }\n"),
            (".cargo/config.toml", &format!("[build]\ntarget = \"{}\"\n", host())),
        ],
    );
    let stale_dir = dir.join("target/release");
    fs::create_dir_all(&stale_dir).unwrap();
    script(&stale_dir, "fresh", "echo BUG");
    let artifacts =
        sandbox::cargo::build(&dir, &["build", "--release", "--quiet", "--offline"]).unwrap();
    let fresh = artifacts
        .iter()
        .find(|a| a.kind == "bin" && a.target == "fresh")
        .unwrap();
    assert!(fresh
        .executable
        .starts_with(dir.join("target").join(host())));
    let run = run(&fresh.executable, b"", 5000, 1 << 20);
    assert_eq!(run.stdout, b"fresh\n");
    // A build that fails is an error, not an empty list.
    fs::write(dir.join("src/main.rs"), "fn main() { nonsense }\n").unwrap();
    assert!(sandbox::cargo::build(&dir, &["build", "--quiet", "--offline"]).is_err());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn settings_are_checked_before_anything_is_built() {
    let root = model::workspace::default_root();
    for (key, value, message) in [
        (
            "TIMEOUT",
            "abc",
            "error: TIMEOUT must be a positive number of seconds, not \"abc\"\n",
        ),
        (
            "TIMEOUT",
            "-1",
            "error: TIMEOUT must be a positive number of seconds, not \"-1\"\n",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_runner"))
            .env(key, value)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&out.stderr), message);
        assert!(out.stdout.is_empty());
    }
    let out = Command::new(env!("CARGO_BIN_EXE_runner"))
        .arg("nosuch")
        .arg("--root")
        .arg(&root)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: unknown problem `nosuch`; the problems are: {}\n",
            model::workspace::problems(&root).join(", ")
        )
    );
    let out = Command::new(env!("CARGO_BIN_EXE_runner"))
        .args(["--frobnicate"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: unexpected argument '--frobnicate' found (see --help)\n"
    );
    // Settings as the environment gives them.
    let settings = runner::Settings::new(root.clone(), None, |key| match key {
        "NO_BUNDLE" => Some("1".to_string()),
        "ATCODER" => Some("0".to_string()),
        "OLD_RUSTC" => Some("/opt/old/rustc".to_string()),
        "TIMEOUT" => Some("00".to_string()),
        _ => None,
    })
    .unwrap();
    assert!(!settings.bundles && !settings.atcoder && settings.timeout.is_none());
    assert_eq!(settings.old_rustc, Some(PathBuf::from("/opt/old/rustc")));
    let settings = runner::Settings::new(root, None, |key| {
        (key == "TIMEOUT").then(|| "2.5".to_string())
    })
    .unwrap();
    assert!(settings.bundles && settings.atcoder && settings.timeout == Some(2.5));
}

#[test]
fn a_failed_unit_test_is_shown_with_its_panic() {
    // Many failures (more than the lines once kept in all), and a test whose own output looks
    // like libtest's: each failure still shows where it panicked and why.
    let mut lib = String::from(
        "#[test]\nfn passes() {}\n\
         #[test]\nfn a_planted() { assert_eq!(1 + 1, 3, \"planted failure\"); }\n\
         #[test]\nfn b_mimic() {\n    println!(\"failures:\\n    b_mimic\\n\\ntest result: ok. 1 passed\");\n    panic!(\"second planted failure\");\n}\n",
    );
    for i in 0..25 {
        lib.push_str(&format!(
            "#[test]\nfn z_filler_{i:02}() {{ panic!(\"filler\"); }}\n"
        ));
    }
    let dir = scratch(
        "harness",
        &[
            (
                "Cargo.toml",
                "[package]\nname = \"planted\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[workspace]\n",
            ),
            ("src/lib.rs", &lib),
        ],
    );
    let artifacts =
        sandbox::cargo::build(&dir, &["test", "--no-run", "--quiet", "--offline"]).unwrap();
    let harness = artifacts.iter().find(|a| a.test).unwrap();
    let outcome = runner::unit::run_harness(
        Command::new(&harness.executable),
        "planted",
        &runner::report::Report::quiet(),
    )
    .unwrap();
    assert_eq!((outcome.passed, outcome.failed), (1, 27));
    assert!(!outcome.success);
    let shown = outcome.failures.join("\n");
    for needle in [
        "---- a_planted stdout ----\nthread 'a_planted'",
        "panicked at src/lib.rs:4:",
        "assertion `left == right` failed: planted failure",
        "---- b_mimic stdout ----\nthread 'b_mimic'",
        "second planted failure",
        "failed too: z_filler_03, z_filler_04",
    ] {
        assert!(shown.contains(needle), "{needle:?} not in:\n{shown}");
    }
    assert!(outcome.failures.len() < 40, "{shown}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_checker_accepts_any_right_answer_and_says_why_it_rejects_one() {
    use runner::checker;
    use runner::report::Report;
    let dir = scratch("checker", &[("c/a.in", "12\n"), ("c/a.out", "2\n")]);
    let (input, answer) = (dir.join("c/a.in"), dir.join("c/a.out"));
    // The contract: INPUT OUTPUT ANSWER; exit 0 right, 1 wrong with the reason on stdout.
    let divisor = script(
        &dir,
        "divisor-checker",
        r#"n=$(cat "$1"); d=$(tr -d ' \n' < "$2")
[ "$(cat "$3")" = 2 ] || { echo "wrong answer file" >&2; exit 3; }
case "$d" in ''|*[!0-9]*) echo "\`$d\` is not a number"; exit 1;; esac
if [ "$d" -gt 1 ] && [ "$d" -lt "$n" ] && [ $((n % d)) -eq 0 ]; then exit 0; fi
echo "$d is not a proper divisor of $n"; echo "a second line"; exit 1"#,
    );
    let limit = Duration::from_secs(5);
    let judged = |output: &[u8]| checker::verdict(&divisor, &input, output, &answer, limit);
    assert_eq!(judged(b"2\n"), (Verdict::Ac, String::new()));
    assert_eq!(judged(b"6\n"), (Verdict::Ac, String::new()));
    assert_eq!(
        judged(b"5\n"),
        (
            Verdict::Wa,
            // The first line only: the contract's reason is one line.
            "checker: 5 is not a proper divisor of 12".to_string()
        )
    );
    assert_eq!(
        judged(b"x\n"),
        (Verdict::Wa, "checker: `x` is not a number".to_string())
    );
    // The checker's own failure is no verdict on the output.
    let broken = script(
        &dir,
        "broken",
        "echo 'error: the answer file is empty' >&2; exit 3",
    );
    let (verdict, detail) = checker::verdict(&broken, &input, b"2\n", &answer, limit);
    assert_eq!(verdict, Verdict::Re);
    assert_eq!(
        detail,
        "checker failed (exit 3): error: the answer file is empty"
    );
    let crashed = script(&dir, "crashed", "echo 'segfault ahead' >&2; kill -SEGV $$");
    let (verdict, detail) = checker::verdict(&crashed, &input, b"2\n", &answer, limit);
    assert_eq!(
        (verdict, detail.as_str()),
        (Verdict::Re, "checker failed (signal 11): segfault ahead")
    );
    let silent = script(&dir, "silent", "exit 1");
    let (verdict, detail) = checker::verdict(&silent, &input, b"2\n", &answer, limit);
    assert_eq!(verdict, Verdict::Wa);
    assert!(detail.contains("gave no reason"), "{detail}");
    // A long reason is cut to its start; a checker that floods its output has failed.
    let long = script(&dir, "long", "printf 'x%.0s' $(seq 10000); echo; exit 1");
    let (verdict, detail) = checker::verdict(&long, &input, b"2\n", &answer, limit);
    assert_eq!(verdict, Verdict::Wa);
    assert!(
        detail.starts_with("checker: xxxx") && detail.len() < 300,
        "{detail}"
    );
    let flood = script(&dir, "flood", "exec yes wrong");
    let (verdict, detail) = checker::verdict(&flood, &input, b"2\n", &answer, limit);
    assert_eq!(
        (verdict, detail.as_str()),
        (Verdict::Re, "checker failed: wrote over 65536 bytes")
    );
    // Through a case: a program printing 6 is right by the checker, wrong by exact comparison.
    let six = script(&dir, "six", "echo 6");
    let mut report = Report::quiet();
    let limits = CaseLimits::time_only(limit);
    cases::run_case(&mut report, "c/a", &input, &six, limits, Some(&divisor));
    assert_eq!(report.failed(), 0);
    cases::run_case(&mut report, "c/a", &input, &six, limits, None);
    assert_eq!(report.failed(), 1);
    // A program that fails is judged before any checker runs.
    let crash = script(&dir, "crash", "exit 2");
    cases::run_case(&mut report, "c/a", &input, &crash, limits, Some(&divisor));
    assert_eq!(report.failed(), 2);
    // The output file given to the checker is gone afterwards.
    let leftover = fs::read_dir(std::env::temp_dir())
        .unwrap()
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with(&format!("runner-output-{}-", std::process::id()))
        })
        .count();
    assert_eq!(leftover, 0);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_old_rustc_is_named_only_where_it_compiles_a_bundle() {
    let root = model::workspace::default_root();
    let with_old = |only: Option<&str>| {
        runner::Settings::new(root.clone(), only.map(str::to_string), |key| {
            (key == "OLD_RUSTC").then(|| "/opt/old/rustc".to_string())
        })
        .unwrap()
    };
    let spoj = model::judges::by_name("spoj").unwrap();
    let atcoder = model::judges::by_name("atcoder").unwrap();
    let named = "judge bundles (also compiled by /opt/old/rustc)";
    let only = with_old(Some("game3"));
    assert_eq!(runner::bundles_heading(&only, [spoj].into_iter()), named);
    assert_eq!(
        runner::bundles_heading(&only, [atcoder].into_iter()),
        "judge bundles"
    );
    // A run of everything compiles the starters' plain bundles too.
    let all = with_old(None);
    assert_eq!(runner::bundles_heading(&all, [atcoder].into_iter()), named);
    let mut without = all.clone();
    without.old_rustc = None;
    assert_eq!(
        runner::bundles_heading(&without, [spoj].into_iter()),
        "judge bundles"
    );
}
