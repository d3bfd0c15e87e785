//! Interactive problems through the runner: the jury derived from the interactive starter's
//! game (its test binary, built as `stress` builds it) plays planted contestants over pipes,
//! and each planted bug gets its verdict, its reason and a transcript on disk.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tools::runner::interactive::play;
use tools::runner::report::Verdict;
use tools::stress::{build, Target};

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("interactive-{}-{}", tag, std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell script as a contestant.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// The interactive starter's test binary: the jury of its Nim protocol.
fn jury() -> PathBuf {
    let root = tools::workspace::default_root();
    build(&root, &Target::Starter("starter_interactive".to_string())).unwrap()
}

#[test]
fn planted_bugs_are_caught_through_the_runner_with_a_transcript() {
    let dir = scratch("planted");
    let jury = jury();
    // One heap of 3: the first player wins by taking all three.
    let case = dir.join("heap-3.in");
    fs::write(&case, "1\n3\n").unwrap();
    fs::write(dir.join("heap-3.out"), "First\nseed 5\n").unwrap();
    let limit = Duration::from_secs(5);
    let planted = [
        (
            "right",
            "read n; read h; echo First; echo \"1 $h\"; read a b",
            Verdict::Ac,
            "",
        ),
        (
            "illegal",
            "read n; read h; echo First; echo '1 0'; read a",
            Verdict::Wa,
            "game 1: illegal move `1 0` from [3] (to [3])",
        ),
        (
            "losing",
            "read n; read h; echo First; echo '1 1'; read a",
            Verdict::Wa,
            "game 1: losing move `1 1` from [3]: the jury wins from [2]",
        ),
        (
            "wrong_side",
            "read n; read h; echo Second; read a",
            Verdict::Wa,
            "game 1: chose `Second` from [3], where the first player wins (`First`)",
        ),
        (
            "malformed",
            "read n; read h; echo First; echo 'take all'; read a",
            Verdict::Wa,
            "game 1: `take all` is not a move from [3]: expected a heap number and a count",
        ),
        (
            "crash",
            // It reads the whole start first: a crash while the jury is still writing is
            // reported as such, and which of the two it meets would be a race.
            "read n; read h; echo 'error: planted' >&2; exit 3",
            Verdict::Re,
            "exit status 3: error: planted (where its side was due)",
        ),
        (
            "chatty",
            "read n; read h; echo First; echo \"1 $h\"; read a b; echo 'gg'",
            Verdict::Wa,
            "output after the dialogue ended: `gg`",
        ),
    ];
    for (name, body, verdict, reason) in planted {
        let program = script(&dir, name, body);
        let transcript = dir.join(format!("{name}.txt"));
        let (got, _, detail) = play(&jury, &case, &program, limit, &transcript);
        assert_eq!(got, verdict, "{name}: {detail}");
        if verdict == Verdict::Ac {
            assert!(!transcript.exists(), "{name}: no transcript for a pass");
            continue;
        }
        let shown = format!("{reason}; transcript: {}", transcript.display());
        assert_eq!(detail, shown, "{name}");
        let text = fs::read_to_string(&transcript).unwrap();
        assert!(
            text.starts_with("# jury strategy: perfect; starts: [[3]]\n> 1\n> 3\n"),
            "{text}"
        );
        assert!(text.ends_with(&format!("{reason}\n")), "{text}");
        if got == Verdict::Wa && !name.starts_with("chatty") {
            assert!(
                text.contains("\n> -1\n"),
                "{name}: the jury rejects: {text}"
            );
        }
    }
    // A contestant that never answers: the dialogue's limit, not the runner's backstop.
    let silent = script(&dir, "silent", "sleep 30");
    let transcript = dir.join("silent.txt");
    let (got, _, detail) = play(
        &jury,
        &case,
        &silent,
        Duration::from_millis(300),
        &transcript,
    );
    assert_eq!(got, Verdict::Tle, "{detail}");
    assert!(detail.starts_with("no side within 300ms"), "{detail}");
    // A stale case (its .out disagrees with the jury's search) is refused, not played.
    fs::write(dir.join("heap-3.out"), "Second\n").unwrap();
    let right = dir.join("right");
    let (got, _, detail) = play(&jury, &case, &right, limit, &dir.join("stale.txt"));
    assert_eq!(got, Verdict::Wa);
    assert!(
        detail.contains("the jury's search says [\"First\"]"),
        "{detail}"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_mirroring_second_player_is_accepted_against_every_strategy() {
    // Two heaps 1 1: the second player wins whatever; a contestant that answers the jury's move
    // by the mirror move wins against every strategy.
    let dir = scratch("seed");
    let jury = jury();
    let case = dir.join("stress-9.in");
    fs::write(&case, "2\n1 1\n").unwrap();
    fs::write(dir.join("stress-9.out"), "Second\nseed 9\n").unwrap();
    let mirror = script(
        &dir,
        "mirror",
        "read n; read h; echo Second; read i k; if [ \"$i\" = 1 ]; then echo '2 1'; else echo '1 1'; fi; read a b",
    );
    let (got, _, detail) = play(
        &jury,
        &case,
        &mirror,
        Duration::from_secs(5),
        &dir.join("t.txt"),
    );
    assert_eq!((got, detail.as_str()), (Verdict::Ac, ""));
    fs::remove_dir_all(dir).unwrap();
}

/// Settings of the runner and of `stress` that the outer environment could hold and that would
/// change what the loop checks: the test sets its own.
const OUTER_SETTINGS: [&str; 9] = [
    "NO_BUNDLE",
    "TIMEOUT",
    "OLD_RUSTC",
    "ATCODER",
    "STRESS_ITERS",
    "STRESS_SECONDS",
    "STRESS_SEED",
    "STRESS_SIZE",
    "STRESS_REPORT",
];

/// Runs `program` in `dir`, building into `dir/target` (never the outer cargo's target
/// directory, however that is set) and without the outer run's settings; status and stdout.
fn run_in(dir: &Path, program: &Path, args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    let mut command = std::process::Command::new(program);
    command
        .current_dir(dir)
        .args(args)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env_remove("CARGO_BUILD_TARGET_DIR");
    for name in OUTER_SETTINGS {
        command.env_remove(name);
    }
    let out = command.envs(env.iter().copied()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    eprintln!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), stdout)
}

/// The contestant's whole loop on a scratch copy of the workspace (its tracked files): `new`
/// from a Companion JSON saying `"interactive": true`, the runner on the new problem (what
/// `./run_tests.sh NAME` runs) passing as created (the bundle compiled by the old rustc too when
/// it is installed), then a planted losing move that `stress` shrinks to one heap of 3 and
/// saves, and that the runner then reports as WA with its transcript. The tools are the ones
/// cargo built for this test (`new`, `runner`, `stress`, and `bundle` passed to the runner), so
/// the copy compiles only the contest crates and the new problem, never a second tools/.
#[test]
fn new_stress_and_the_runner_on_a_fresh_interactive_problem() {
    let root = tools::workspace::default_root();
    let copy = scratch("loop");
    let listed = std::process::Command::new("git")
        .arg("-C")
        .arg(&root)
        .args(["ls-files", "-z"])
        .output()
        .unwrap();
    assert!(
        listed.status.success(),
        "git ls-files: {}",
        String::from_utf8_lossy(&listed.stderr)
    );
    for file in String::from_utf8(listed.stdout).unwrap().split('\0') {
        let from = root.join(file);
        if file.is_empty() || !from.is_file() {
            continue;
        }
        let to = copy.join(file);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(&from, &to).unwrap();
    }
    let json = copy.join("task.json");
    fs::write(
        &json,
        r#"{"name":"ZZ Nim","group":"Codeforces","url":"https://codeforces.com/problemset/problem/9999/Z","interactive":true,"memoryLimit":256,"timeLimit":2000,"tests":[{"input":"2\n3\n\n1\n\n0\n4\n\n-1\n","output":"\n? 2\n\n? 1\n\n! 3\n\n? 4\n"}],"testType":"single"}"#,
    )
    .unwrap();
    let new = Path::new(env!("CARGO_BIN_EXE_new"));
    let root_arg = copy.to_str().unwrap();
    let (status, _) = run_in(
        &copy,
        new,
        &[
            "zznim",
            "--from",
            json.to_str().unwrap(),
            "--root",
            root_arg,
        ],
        &[],
    );
    assert_eq!(status, 0);
    // The statement's dialogue, in Codeforces' shape, is the problem's only case: none of the
    // starter's Nim cases, which the problem's own game would read as bad cases.
    assert!(copy.join("testcases/zznim/sample-1.in").is_file());
    assert!(!copy.join("testcases/zznim/nim-1.in").exists());
    // Here the game stays the starter's Nim: the starter's cases stand in for the contestant's.
    for file in ["sample-1", "nim-1", "nim-2"] {
        for ext in ["in", "out"] {
            let file = format!("{file}.{ext}");
            let from = copy.join("testcases/starter_interactive").join(&file);
            fs::copy(from, copy.join("testcases/zznim").join(&file)).unwrap();
        }
    }
    let runner = Path::new(env!("CARGO_BIN_EXE_runner"));
    let runner_args = [
        "zznim",
        "--root",
        root_arg,
        "--bundler",
        env!("CARGO_BIN_EXE_bundle"),
    ];
    let (status, out) = run_in(&copy, runner, &runner_args, &[("ATCODER", "0")]);
    assert_eq!(status, 0, "{out}");
    assert!(!out.contains("statement"), "{out}");
    for line in [
        "AC  zznim/nim-1",
        "AC  zznim/sample-1",
        "AC  bundle:zznim/nim-2",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    // The old rustc as the runner chooses it (Debian's, when it is not the toolchain's).
    let settings = tools::runner::Settings::new(copy.clone(), None, |_| None).unwrap();
    if settings.old_rustc.is_some() {
        assert!(
            out.contains("AC  bundle zznim: old rustc, edition 2021"),
            "{out}"
        );
    }
    // The planted bug: one chip from the first heap whenever a heap holds 3.
    let source = copy.join("problems/zznim.rs");
    let text = fs::read_to_string(&source).unwrap();
    let planted = text.replace(
        "let (i, take) = winning_move(&heaps);",
        "let (i, take) = if heaps.contains(&3) { ((0..n).find(|&j| heaps[j] > 0).unwrap(), 1) } else { winning_move(&heaps) };",
    );
    assert_ne!(planted, text, "the starter's move line moved");
    fs::write(&source, planted).unwrap();
    let stress = Path::new(env!("CARGO_BIN_EXE_stress"));
    let stress_args = [
        "zznim",
        "--seconds",
        "60",
        "--seed",
        "5",
        "--root",
        root_arg,
    ];
    let (status, out) = run_in(&copy, stress, &stress_args, &[]);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains("(shrunk to [[3]])\nWA game 1: losing move `1 1` from [3]"),
        "{out}"
    );
    let saved = out
        .lines()
        .find_map(|l| l.strip_prefix("saved as "))
        .unwrap()
        .to_string();
    let stem = Path::new(&saved)
        .file_stem()
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(fs::read_to_string(&saved).unwrap(), "1\n3\n");
    let (status, out) = run_in(&copy, runner, &runner_args, &[("ATCODER", "0")]);
    assert_eq!(status, 1, "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with(&format!("WA  zznim/{stem}")))
        .unwrap_or_else(|| panic!("no WA line for {stem}: {out}"));
    let transcript = line.rsplit("transcript: ").next().unwrap();
    assert!(line.contains("losing move `1 1` from [3]"), "{line}");
    let dialogue = fs::read_to_string(transcript).unwrap();
    assert!(
        dialogue.contains("> 3\n< First\n< 1 1\n> -1\n"),
        "{dialogue}"
    );
    assert!(out.contains(&format!("WA  bundle:zznim/{stem}")), "{out}");
    fs::remove_dir_all(copy).unwrap();
}
