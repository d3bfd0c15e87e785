//! Interactive problems through the runner: the jury derived from the interactive starter's
//! game (its test binary, built as `stress` builds it) plays planted contestants over pipes,
//! and each planted bug gets its verdict, its reason and a transcript on disk.

use checks::stress::{build, Target};
use runner::interactive::{play, scripted};
use runner::report::Verdict;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

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

/// The interactive starter's test binary: the jury of its Nim protocol. Built (asked of cargo)
/// once for all the tests here.
fn jury() -> PathBuf {
    static JURY: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    JURY.get_or_init(|| {
        let root = model::workspace::default_root();
        build(&root, &Target::Starter("starter_interactive".to_string())).unwrap()
    })
    .clone()
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
    // A contestant that never answers: the dialogue's backstop by the clock (its limit is CPU
    // time, which a sleeping program does not use), not the runner's.
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
    assert!(
        detail.starts_with("no side within 3s by the clock (10 times its 300ms of CPU time)"),
        "{detail}"
    );
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

/// Whether process `pid` has ended (gone or a zombie), waiting up to 5 s.
fn ends(pid: u32) -> bool {
    for _ in 0..250 {
        match fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => return true,
            Ok(stat)
                if stat
                    .rsplit_once(") ")
                    .is_some_and(|(_, r)| r.starts_with('Z')) =>
            {
                return true
            }
            Ok(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    false
}

#[test]
fn a_contestants_child_in_a_session_of_its_own_ends_with_the_dialogue() {
    // A hostile contestant: its child leaves the process group (setsid), and it wins.
    let dir = scratch("setsid");
    let jury = jury();
    let case = dir.join("heap-3.in");
    fs::write(&case, "1\n3\n").unwrap();
    fs::write(dir.join("heap-3.out"), "First\nseed 5\n").unwrap();
    let pids = dir.join("pids");
    let program = script(
        &dir,
        "escapes",
        &format!(
            "setsid sleep 60 >/dev/null 2>&1 </dev/null & echo $! >> {}\nread n; read h; echo First; echo \"1 $h\"; read a b",
            pids.display()
        ),
    );
    let (got, _, detail) = play(
        &jury,
        &case,
        &program,
        Duration::from_secs(5),
        &dir.join("t.txt"),
    );
    assert_eq!((got, detail.as_str()), (Verdict::Ac, ""));
    let started: Vec<u32> = fs::read_to_string(&pids)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    // One per dialogue (every strategy).
    assert_eq!(started.len(), 3, "{started:?}");
    for pid in started {
        assert!(
            ends(pid),
            "the contestant's child {pid} outlived the dialogue"
        );
    }
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

#[test]
fn a_sample_dialogue_names_the_line_that_differs() {
    // The statement's sample (ABC278 G's shape) picks `2 1` first; a program that picks `3 2`
    // then meets a jury move that no longer fits and fails: the line is what is named.
    let dir = scratch("scripted");
    let input = dir.join("sample-1.in");
    fs::write(&input, "6 1 2\n3 2\n5 1\n0 0\n").unwrap();
    fs::write(dir.join("sample-1.out"), "First\n2 1\n6 1\n1 1\n").unwrap();
    let limit = Duration::from_secs(5);
    let other = script(
        &dir,
        "other",
        "read n l r; echo First; echo '3 2'; read a b; echo \"error: the jury's move $a $b is not a move\" >&2; exit 1",
    );
    let (got, _, detail) = scripted(&input, &other, limit);
    assert_eq!(got, Verdict::Wa, "{detail}");
    assert_eq!(
        detail,
        "your line 2 `3 2` differs from the sample's `2 1` (then it stopped: exit 1: error: the jury's move 3 2 is not a move)"
    );
    let short = script(&dir, "short", "read n l r; echo First; echo '2 1'");
    let (got, _, detail) = scripted(&input, &short, limit);
    assert_eq!(
        (got, detail.as_str()),
        (
            Verdict::Wa,
            "your output ends before line 3, where the sample has `6 1`"
        )
    );
    let same = script(
        &dir,
        "same",
        "read n l r; echo First; echo '2 1'; echo '6 1'; echo '1 1'; exit 3",
    );
    let (got, _, detail) = scripted(&input, &same, limit);
    assert_eq!((got, detail.as_str()), (Verdict::Re, "exit 3"));
    let right = script(
        &dir,
        "right",
        "read n l r; echo First; echo '2 1'; echo '6 1'; echo '1 1'",
    );
    assert_eq!(scripted(&input, &right, limit).0, Verdict::Ac);
    fs::remove_dir_all(dir).unwrap();
}

/// `play`'s work on ABC278 G at the statement's largest N: the problem's binary against the
/// greedy and the random jury (accepted), a shell command choosing the wrong side (its verdict
/// and transcript), a drawn start, and the perfect jury refused past its search.
#[test]
fn play_runs_any_program_against_the_jury_at_full_size() {
    use checks::play::{Program, Session};
    let root = model::workspace::default_root();
    let tester = checks::play::jury(&root, "abc278g").unwrap();
    let binary = Program::Binary(
        checks::stress::program_binary(&root, &checks::stress::Target::Problem("abc278g".into()))
            .unwrap(),
    );
    let dir = scratch("play");
    let start = dir.join("max.in");
    fs::write(&start, "2000 3 7\n").unwrap();
    let game = |program, strategy, start| Session {
        program,
        strategy,
        seed: 5,
        start,
        size: None,
        limit: Duration::from_secs(10),
    };
    for strategy in ["greedy", "random"] {
        let played =
            checks::play::play(&tester, &game(&binary, Some(strategy), Some(&start)), &dir)
                .unwrap();
        assert!(played.accepted, "{strategy}: {}", played.verdict);
        assert!(
            played.transcript.starts_with(&format!("# jury strategy: {strategy} (seed 5); starts: [N=2000 L=3 R=7 [1-2000]]\n> 2000 3 7\n< First\n< 999 4\n")),
            "{}",
            played.transcript
        );
        // A long game: hundreds of moves each way.
        assert!(
            played.transcript.matches("\n< ").count() > 100,
            "{}",
            played.transcript
        );
        assert!(played.transcript.ends_with("> 0 0\n# AC\n"));
    }
    let wrong = Program::Command("read n l r; echo Second; read a b".to_string());
    let played = checks::play::play(&tester, &game(&wrong, None, Some(&start)), &dir).unwrap();
    assert!(!played.accepted);
    assert_eq!(
        played.verdict,
        "WA game 1: chose `Second` from N=2000 L=3 R=7 [1-2000], where the first player wins (`First`)"
    );
    assert!(
        played
            .transcript
            .contains("# jury strategy: greedy (seed 5)"),
        "{}",
        played.transcript
    );
    // A drawn start, small enough for the perfect jury, which is then the default.
    let played = checks::play::play(&tester, &game(&binary, None, None), &dir).unwrap();
    assert!(played.accepted, "{}", played.verdict);
    assert!(
        played.transcript.starts_with("# jury strategy: perfect;"),
        "{}",
        played.transcript
    );
    let refused = checks::play::play(&tester, &game(&binary, Some("perfect"), Some(&start)), &dir);
    assert!(refused.unwrap_err().contains("is past its search"));
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

/// A workspace at `dir` holding only a `problems` package (the real one's manifest without its
/// problems), whose library crates are the real workspace's own through links
/// ([`crate::thin_manifest`]): built into the real target directory, they are the ones the outer
/// build compiled, and only the new problem is compiled here. `templates/` is a link too
/// (`new` reads it).
fn thin_workspace(root: &Path, dir: &Path) {
    let thin = crate::thin_manifest(root);
    fs::write(dir.join("Cargo.toml"), thin).unwrap();
    fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let problems = fs::read_to_string(root.join("problems/Cargo.toml")).unwrap();
    let mut problems: toml_edit::DocumentMut = problems.parse().unwrap();
    problems["bin"] = toml_edit::value(toml_edit::Array::new());
    problems["package"]["metadata"]["problems"] = toml_edit::table();
    fs::create_dir_all(dir.join("problems")).unwrap();
    fs::create_dir_all(dir.join("testcases")).unwrap();
    fs::write(dir.join("problems/Cargo.toml"), problems.to_string()).unwrap();
    crate::link_libraries(root, dir);
    std::os::unix::fs::symlink(root.join("templates"), dir.join("templates")).unwrap();
    // The starters' cases, which `new` copies.
    for entry in fs::read_dir(root.join("testcases")).unwrap() {
        let from = entry.unwrap().path();
        let name = from.file_name().unwrap().to_str().unwrap().to_string();
        if !name.starts_with("starter") {
            continue;
        }
        fs::create_dir_all(dir.join("testcases").join(&name)).unwrap();
        for file in fs::read_dir(&from).unwrap() {
            let file = file.unwrap().path();
            fs::copy(
                &file,
                dir.join("testcases")
                    .join(&name)
                    .join(file.file_name().unwrap()),
            )
            .unwrap();
        }
    }
}

/// Runs `program` in `dir`, building into `target` (the real workspace's, whose library crates
/// the thin workspace uses) and without the outer run's settings; status and stdout.
fn run_in(
    dir: &Path,
    target: &Path,
    program: &Path,
    args: &[&str],
    env: &[(&str, &str)],
) -> (i32, String) {
    let mut command = std::process::Command::new(program);
    command
        .current_dir(dir)
        .args(args)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("CARGO_BUILD_TARGET_DIR");
    for name in OUTER_SETTINGS {
        command.env_remove(name);
    }
    let out = command.envs(env.iter().copied()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    eprintln!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), stdout)
}

/// The contestant's whole loop on a thin scratch workspace ([`thin_workspace`]): `new`
/// from a Companion JSON saying `"interactive": true`, the runner on the new problem (what
/// `./run_tests.sh NAME` runs) passing as created (the bundle compiled by the old rustc too when
/// it is installed), then a planted losing move that `stress` shrinks to one heap of 3 and
/// saves, and that the runner then reports as WA with its transcript. The tools are the ones
/// cargo built for this test (`new`, `runner`, `stress`, and `bundle` passed to the runner), and
/// the library crates the outer build's: only the new problem is compiled, never a second
/// workspace.
#[test]
fn new_stress_and_the_runner_on_a_fresh_interactive_problem() {
    let root = model::workspace::default_root();
    let copy = scratch("loop");
    thin_workspace(&root, &copy);
    let json = copy.join("task.json");
    fs::write(
        &json,
        r#"{"name":"ZZ Nim","group":"Codeforces","url":"https://codeforces.com/problemset/problem/9999/Z","interactive":true,"memoryLimit":256,"timeLimit":2000,"tests":[{"input":"2\n3\n\n1\n\n0\n4\n\n-1\n","output":"\n? 2\n\n? 1\n\n! 3\n\n? 4\n"}],"testType":"single"}"#,
    )
    .unwrap();
    let target = sandbox::cargo::metadata(&root).unwrap().target_dir;
    let new = Path::new(env!("CARGO_BIN_EXE_new"));
    let root_arg = copy.to_str().unwrap();
    let (status, _) = run_in(
        &copy,
        &target,
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
    let (status, out) = run_in(&copy, &target, runner, &runner_args, &[("ATCODER", "0")]);
    assert_eq!(status, 0, "{out}");
    assert!(!out.contains("statement"), "{out}");
    for line in [
        "AC  zznim/nim-1",
        "AC  zznim/sample-1",
        "AC  bundle:zznim/nim-2",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    // The old rustc (Debian's 1.63, when installed) builds only the bundles of judges no
    // newer than itself: this problem's judge, Codeforces, compiles with 1.75.
    assert!(!out.contains("zznim: old rustc"), "{out}");
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
    let (status, out) = run_in(&copy, &target, stress, &stress_args, &[]);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains("shrunk to this input:\n1\n3\nWA game 1: losing move `1 1` from [3]"),
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
    let (status, out) = run_in(&copy, &target, runner, &runner_args, &[("ATCODER", "0")]);
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
