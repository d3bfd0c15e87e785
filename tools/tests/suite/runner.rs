//! The regression runner tells the truth, and nothing a case does can hang it, fill the disk or
//! make it run a stale binary: each finding of the adversarial review is planted here, with
//! shell scripts and tiny programs as the "binaries".

use runner::cases::{self, judge_run};
use runner::report::Verdict;
use sandbox::exec::{self, Ended, Input};
use sandbox::limits::{case_limit, timeout_setting, CaseLimits, DEFAULT_SECONDS};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn scratch(tag: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("runner-{}-{}", tag, std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

/// A shell script as a program.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn run(program: &Path, input: &[u8], limit_ms: u64, cap: usize) -> exec::Run {
    exec::run(
        program,
        &[],
        Input::Bytes(input),
        Duration::from_millis(limit_ms),
        cap,
    )
    .unwrap()
}

#[test]
fn verdicts_for_planted_cases() {
    let dir = scratch("verdicts", &[]);
    let cat = script(&dir, "cat", "exec cat");
    let limit = Duration::from_secs(5);
    let judge = |program: &Path, input: &[u8], expected: &[u8]| {
        let run = run(program, input, 5000, 1 << 20);
        judge_run(&run, expected, limit, 1 << 20)
    };
    assert_eq!(
        judge(&cat, b"1\n2\n", b"1\r\n2"),
        (Verdict::Ac, String::new())
    );
    // The first differing line, in testkit's words.
    assert_eq!(
        judge(&cat, b"Ivica\nMarica\n", b"Marica\nIvica\n"),
        (
            Verdict::Wa,
            "line 1: expected `Marica` got `Ivica`".to_string()
        )
    );
    assert_eq!(
        judge(&cat, b"Marica\n", b"Marica\nIvica\n").1,
        "line 2: expected `Ivica` got (nothing)"
    );
    let crash = script(&dir, "crash", "echo 'error: bad token' >&2; exit 1");
    assert_eq!(
        judge(&crash, b"", b""),
        (Verdict::Re, "exit 1: error: bad token".to_string())
    );
    let abort = script(&dir, "abort", "kill -SEGV $$");
    let (verdict, detail) = judge(&abort, b"", b"");
    assert!(
        verdict == Verdict::Re && detail.starts_with("killed by signal 11"),
        "{detail}"
    );
    let slow = script(&dir, "slow", "sleep 60");
    let slept = run(&slow, b"", 200, 1 << 20);
    assert_eq!(slept.ended, Ended::TimedOut);
    // It waited, it did not compute: the line says so.
    let (verdict, detail) = judge_run(&slept, b"", Duration::from_millis(200), 1 << 20);
    assert_eq!(verdict, Verdict::Tle);
    assert!(
        detail.starts_with("waited past the wall-clock backstop, 5 s ("),
        "{detail}"
    );
    let spins = script(&dir, "spins", "while :; do :; done");
    let spun = run(&spins, b"", 200, 1 << 20);
    assert_eq!(
        judge_run(&spun, b"", Duration::from_millis(200), 1 << 20),
        (Verdict::Tle, "over 0.2 s".to_string())
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_limit_is_on_cpu_time_so_load_cannot_change_a_verdict() {
    let dir = scratch("cpu", &[]);
    // Waiting past the limit costs no CPU time: on a loaded machine a program within its CPU
    // limit may take longer than it by the wall clock, and it passes.
    let waits = script(&dir, "waits", "sleep 1; echo 1");
    let waited = run(&waits, b"", 300, 1 << 20);
    assert_eq!(waited.ended, Ended::Exited(0));
    assert!(waited.cpu < Duration::from_millis(300), "{:?}", waited.cpu);
    let limit = Duration::from_millis(300);
    assert_eq!(
        judge_run(&waited, b"1\n", limit, 1 << 20),
        (Verdict::Ac, String::new())
    );
    // Computing past it is a TLE, measured in CPU time; on a machine so loaded that the
    // program gets less than a tenth of a core, the wall-time backstop stops it first, with
    // the same verdict.
    let spins = script(&dir, "spins", "while :; do :; done");
    let spun = run(&spins, b"", 300, 1 << 20);
    assert_eq!(spun.ended, Ended::TimedOut);
    assert!(
        spun.cpu >= limit || spun.elapsed >= exec::wall_backstop(limit),
        "{:?} of CPU in {:?}",
        spun.cpu,
        spun.elapsed
    );
    assert_eq!(judge_run(&spun, b"", limit, 1 << 20).0, Verdict::Tle);
    // Waiting forever meets the wall-time backstop.
    let stuck = script(&dir, "stuck", "sleep 30");
    let stopped = run(&stuck, b"", 100, 1 << 20);
    assert_eq!(stopped.ended, Ended::TimedOut);
    assert!(
        stopped.elapsed < Duration::from_secs(30),
        "{:?}",
        stopped.elapsed
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn peak_memory_is_measured_for_every_run() {
    let dir = scratch("peak", &[]);
    // The shell keeps the 64 MiB it reads in a variable (and a copy while it reads it).
    let holds = script(
        &dir,
        "holds",
        "x=$(head -c 67108864 /dev/zero | tr '\\0' a); echo ${#x}",
    );
    let held = run(&holds, b"", 20_000, 1 << 20);
    assert_eq!(held.ended, Ended::Exited(0));
    assert_eq!(held.stdout, b"67108864\n");
    assert!(
        (64 << 10..1 << 20).contains(&held.peak_memory_kib),
        "{} KiB",
        held.peak_memory_kib
    );
    let small = script(&dir, "small", "echo 1");
    let little = run(&small, b"", 20_000, 1 << 20);
    assert!(
        (1..32 << 10).contains(&little.peak_memory_kib),
        "{} KiB",
        little.peak_memory_kib
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_program_that_ignores_sigterm_is_gone_soon_after_its_limit() {
    let dir = scratch("term", &[]);
    // It ignores SIGTERM, and so does the child it leaves behind holding standard output.
    let pids = dir.join("pids");
    let stubborn = script(
        &dir,
        "stubborn",
        &format!(
            "trap '' TERM\necho $$ > {0}\n(trap '' TERM; while :; do sleep 1; done) &\necho $! >> {0}\nwhile :; do :; done",
            pids.display()
        ),
    );
    let run = run(&stubborn, b"", 500, 1 << 20);
    assert_eq!(run.ended, Ended::TimedOut);
    // Both processes were killed (SIGKILL cannot be ignored). The wait allows only for the
    // kill to land on a loaded machine; it is no bound on the runner's speed.
    let pids: Vec<i32> = fs::read_to_string(&pids)
        .unwrap()
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect();
    assert_eq!(pids.len(), 2);
    // Gone: no such process, or a zombie (dead, waiting for a parent that may never reap it).
    let gone = |pid: i32| {
        let zombie = fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|stat| {
                stat.rsplit(") ")
                    .next()
                    .is_some_and(|rest| rest.starts_with('Z'))
            })
            .unwrap_or(false);
        zombie || unsafe { libc::kill(pid, 0) } == -1
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while !pids.iter().all(|&p| gone(p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(pids.iter().all(|&p| gone(p)), "still alive: {pids:?}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn output_is_capped_with_a_verdict() {
    let dir = scratch("cap", &[]);
    let flood = script(&dir, "flood", "exec yes 0123456789");
    let cap = cases::output_cap(2);
    assert_eq!(cap, (1 << 20) + 2);
    let run = run(&flood, b"", 20_000, cap);
    assert_eq!(run.ended, Ended::OverCap);
    // Stopped by the cap, not by its 20 s limit.
    assert!(run.stdout.len() <= cap);
    let (verdict, detail) = judge_run(&run, b"0\n", Duration::from_secs(20), cap);
    assert_eq!(verdict, Verdict::Wa);
    assert!(detail.starts_with("output over 1048578 bytes"), "{detail}");
    // The cap leaves a large expected output room, and never exceeds 64 MiB otherwise.
    assert_eq!(cases::output_cap(1 << 30), (1 << 30) + (1 << 20));
    assert!(cases::output_cap(8 << 20) <= cases::OUTPUT_CAP as usize);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn zero_limits_fall_back_to_the_default() {
    for zero in ["0", "00", "0.00"] {
        let setting = timeout_setting(Some(zero)).unwrap();
        assert_eq!(case_limit(setting, None).as_secs_f64(), DEFAULT_SECONDS);
        assert_eq!(case_limit(setting, Some(1.5)).as_secs_f64(), 1.5);
    }
    // A declared 0 (Competitive Companion's "unknown") is no limit declared.
    let dir = scratch(
        "declared",
        &[(
            "problems/Cargo.toml",
            "[package.metadata.problems]\nzero = { judge = \"spoj\", time-limit = 0 }\ntimed = { judge = \"spoj\", time-limit = 1.5 }\n",
        )],
    );
    let workspace = model::workspace::Workspace::load(&dir).unwrap();
    let limit = |name: &str| {
        let meta = workspace.meta(name).unwrap();
        case_limit(None, meta.time_limit).as_secs_f64()
    };
    assert_eq!(limit("zero"), DEFAULT_SECONDS);
    assert_eq!(limit("timed"), 1.5);
    assert_eq!(case_limit(Some(1e6), None).as_secs_f64(), 600.0);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn special_files_in_testcases_are_skipped_never_opened() {
    let dir = scratch(
        "fifo",
        &[("testcases/p/a.in", "1\n"), ("testcases/p/a.out", "1\n")],
    );
    let case_dir = dir.join("testcases/p");
    let status = Command::new("mkfifo")
        .arg(case_dir.join("b.in"))
        .status()
        .unwrap();
    assert!(status.success());
    std::os::unix::fs::symlink(case_dir.join("b.in"), case_dir.join("c.in")).unwrap();
    fs::create_dir(case_dir.join("d.in")).unwrap();
    let (regular, special) = cases::inputs(&dir, "p");
    assert_eq!(regular, vec![case_dir.join("a.in")]);
    let names: Vec<String> = special.iter().map(|p| p.display().to_string()).collect();
    assert_eq!(names.len(), 3, "{names:?}");
    fs::remove_dir_all(dir).unwrap();
}

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

/// A Rust program that misbehaves as its first argument says: `panic` (an index out of
/// bounds), `touch MIB` (allocates and writes MIB MiB, prints 1), `grow` (allocates and writes
/// 16 MiB blocks for ever), `huge` (asks for 1 TiB at once). Compiled once per test binary.
fn hostile() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let dir =
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let source = dir.join("hostile.rs");
        fs::write(
            &source,
            r#"
fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args[1].as_str() {
        "panic" => {
            let empty: Vec<usize> = Vec::new();
            println!("{}", empty[args.len() + 2]);
        }
        "touch" => {
            let mib: usize = args[2].parse().unwrap();
            let mut block = vec![0u8; mib << 20];
            for page in (0..block.len()).step_by(4096) {
                block[page] = 1;
            }
            println!("{}", block[block.len() - 4096]);
        }
        "grow" => {
            let mut blocks = Vec::new();
            loop {
                blocks.push(vec![1u8; 16 << 20]);
                if blocks.len() == usize::MAX { break; }
            }
            println!("{}", blocks.len());
        }
        "huge" => {
            let block = vec![1u8; 1 << 40];
            println!("{}", block[12345]);
        }
        other => panic!("no mode {}", other),
    }
}
"#,
        )
        .unwrap();
        let binary = dir.join("hostile");
        let status = Command::new("rustc")
            .args(["-O", "--edition", "2021", "-o"])
            .arg(&binary)
            .arg(&source)
            .status()
            .unwrap();
        assert!(status.success());
        binary
    })
}

/// Runs `program` with `args` under `limits` (its memory bound as a case has it) with the
/// environment variable `HOSTILE_MARK` set to `mark`, and judges it against `expected`.
fn run_marked(
    program: &Path,
    args: &[&str],
    mark: &Path,
    limits: CaseLimits,
    expected: &[u8],
) -> (exec::Run, Verdict, String) {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    let cap = cases::output_cap(expected.len() as u64);
    let bounds = exec::Bounds {
        cpu: limits.time,
        output: cap,
        data: Some(limits.memory_bound_mib() << 20),
    };
    let env = [("HOSTILE_MARK", mark.as_os_str())];
    let run = exec::run_bounded(program, &args, &env, Input::Bytes(b""), bounds).unwrap();
    let (verdict, detail) = cases::judge_case(&run, expected, limits, cap);
    (run, verdict, detail)
}

/// The processes still running (not zombies) whose environment has `HOSTILE_MARK=mark`.
pub(crate) fn marked_alive(mark: &Path) -> Vec<String> {
    let needle = format!("HOSTILE_MARK={}", mark.display());
    let mut alive = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let environ = fs::read(entry.path().join("environ")).unwrap_or_default();
        if environ.split(|&b| b == 0).any(|v| v == needle.as_bytes()) {
            alive.push(name);
        }
    }
    alive
}

/// Waits (up to a hang guard, no bound on speed) until no process carrying `mark` runs.
pub(crate) fn assert_all_ended(mark: &Path) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !marked_alive(mark).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(marked_alive(mark), Vec::<String>::new());
}

#[test]
fn a_grandchild_in_a_new_session_neither_holds_the_verdict_nor_survives() {
    let dir = scratch("setsid", &[]);
    let program = script(
        &dir,
        "setsid",
        r#"setsid sh -c 'echo $$ > "$0.ready"; sleep 30' "$0" &
while [ ! -s "$0.ready" ]; do sleep 0.01; done
echo 42"#,
    );
    let limits = CaseLimits::time_only(Duration::from_secs(5));
    let (run, verdict, detail) = run_marked(&program, &[], &dir, limits, b"42\n");
    // Judged on what the program wrote, not after the grandchild's 30 s nor without it.
    assert_eq!((verdict, detail.as_str()), (Verdict::Ac, ""));
    assert_eq!(run.ended, Ended::Exited(0));
    assert!(run.elapsed < Duration::from_secs(30), "{:?}", run.elapsed);
    assert_all_ended(&dir);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_double_forked_daemon_is_ended_and_reaped() {
    let dir = scratch("daemon", &[]);
    let program = script(
        &dir,
        "daemon",
        r#"( setsid sh -c 'echo $$ > "$0.ready"; exec sleep 30' "$0" & )
while [ ! -s "$0.ready" ]; do sleep 0.01; done
echo 42"#,
    );
    let limits = CaseLimits::time_only(Duration::from_secs(5));
    let (_, verdict, detail) = run_marked(&program, &[], &dir, limits, b"42\n");
    assert_eq!((verdict, detail.as_str()), (Verdict::Ac, ""));
    assert_all_ended(&dir);
    // Its parent gone, the daemon became this process's child (the runner is a subreaper) and
    // was reaped: not even a zombie is left.
    let pid = fs::read_to_string(dir.join("daemon.ready")).unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let proc_entry = PathBuf::from(format!("/proc/{}", pid.trim()));
    while proc_entry.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!proc_entry.exists(), "{} is left", pid.trim());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_growing_tree_of_sessions_is_ended_whole() {
    let dir = scratch("tree", &[]);
    // Each node starts two children, each in a session of its own, down to depth 6 (127
    // processes); the program answers once 20 are up, while the rest are still starting.
    let tree = script(
        &dir,
        "tree",
        r#"if [ "$1" -gt 0 ]; then
  setsid "$0" $(($1 - 1)) &
  setsid "$0" $(($1 - 1)) &
fi
echo $$ >> "$0.pids"
sleep 30"#,
    );
    let program = script(
        &dir,
        "bomb",
        &format!(
            r#"{} 6 &
while [ "$(cat {}.pids 2>/dev/null | wc -l)" -lt 20 ]; do sleep 0.01; done
echo 42"#,
            tree.display(),
            tree.display()
        ),
    );
    let limits = CaseLimits::time_only(Duration::from_secs(10));
    let (_, verdict, detail) = run_marked(&program, &[], &dir, limits, b"42\n");
    assert_eq!((verdict, detail.as_str()), (Verdict::Ac, ""));
    assert_all_ended(&dir);
    let started = fs::read_to_string(dir.join("tree.pids"))
        .unwrap()
        .lines()
        .count();
    assert!(started >= 20, "{started}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_panic_is_shown_by_its_message() {
    let dir = scratch("panic", &[]);
    let limits = CaseLimits::time_only(Duration::from_secs(5));
    let (run, verdict, detail) = run_marked(hostile(), &["panic"], &dir, limits, b"1\n");
    assert_eq!(run.ended, Ended::Exited(101));
    // This toolchain starts the report with an empty line; the message comes first.
    assert!(
        run.stderr.starts_with(b"\n"),
        "{:?}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(verdict, Verdict::Re);
    assert!(
        detail.starts_with(
            "exit 101: index out of bounds: the len is 0 but the index is 4 (panicked at "
        ) && detail.contains("hostile.rs:"),
        "{detail}"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn memory_over_the_limit_is_mle_and_unbounded_allocation_is_stopped() {
    let dir = scratch("memory", &[]);
    let limited = CaseLimits {
        time: Duration::from_secs(20),
        memory_mib: Some(64),
        counted: sandbox::limits::Counted::Resident,
    };
    let undeclared = CaseLimits::time_only(Duration::from_secs(20));
    // Within the limit: judged on its answer, its peak measured.
    let (run, verdict, _) = run_marked(hostile(), &["touch", "16"], &dir, limited, b"1\n");
    assert_eq!(verdict, Verdict::Ac);
    assert!(
        (16 << 10..64 << 10).contains(&run.peak_memory_kib),
        "{}",
        run.peak_memory_kib
    );
    // Over it, with a right answer and exit 0: MLE.
    let (run, verdict, detail) = run_marked(hostile(), &["touch", "100"], &dir, limited, b"1\n");
    assert_eq!((run.ended, verdict), (Ended::Exited(0), Verdict::Mle));
    assert!(
        detail.starts_with("peak 10") && detail.ends_with(" MiB over 64 MiB"),
        "{detail}"
    );
    // The same program without a declared limit passes.
    let (_, verdict, _) = run_marked(hostile(), &["touch", "100"], &dir, undeclared, b"1\n");
    assert_eq!(verdict, Verdict::Ac);
    // Allocating without bound: stopped at the bound (twice the limit and 256 MiB), and MLE,
    // not the crash the failed allocation is.
    let (run, verdict, detail) = run_marked(hostile(), &["grow"], &dir, limited, b"1\n");
    assert_eq!(verdict, Verdict::Mle, "{detail}");
    // The bound is on the tree's resident memory, sampled at most 10 ms apart while it grows.
    assert!(
        run.peak_memory_kib <= (384 + 256) << 10,
        "{}",
        run.peak_memory_kib
    );
    assert!(detail.ends_with("MiB over 64 MiB"), "{detail}");
    assert_eq!(run.ended, Ended::OverMemory);
    // Asking for more than the machine has at once: the system refuses it, nothing is used,
    // and the verdict is the crash that follows (what was measured), its message shown.
    for limits in [limited, undeclared] {
        let (run, verdict, detail) = run_marked(hostile(), &["huge"], &dir, limits, b"1\n");
        assert!(matches!(run.ended, Ended::Signalled(_)), "{:?}", run.ended);
        assert_eq!(verdict, Verdict::Re);
        assert!(
            detail.ends_with("memory allocation of 1099511627776 bytes failed"),
            "{detail}"
        );
    }
    // A crash that is not about memory stays RE.
    let (_, verdict, _) = run_marked(hostile(), &["panic"], &dir, limited, b"1\n");
    assert_eq!(verdict, Verdict::Re);
    // Through a case, as the runner runs it: the limit is the case's.
    fs::write(dir.join("a.in"), "").unwrap();
    fs::write(dir.join("a.out"), "1\n").unwrap();
    let touches = script(
        &dir,
        "touches",
        &format!(
            "exec {} touch 100",
            crate::shell_word(&hostile().display().to_string())
        ),
    );
    let mut report = runner::report::Report::quiet();
    cases::run_case(
        &mut report,
        "m/a",
        &dir.join("a.in"),
        &touches,
        undeclared,
        None,
    );
    assert_eq!(report.failed(), 0);
    cases::run_case(
        &mut report,
        "m/a",
        &dir.join("a.in"),
        &touches,
        limited,
        None,
    );
    assert_eq!(report.failed(), 1);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_hundred_megabytes_on_one_line_is_stopped_and_named() {
    let dir = scratch("longline", &[]);
    let program = script(&dir, "long", "head -c 100000000 /dev/zero | tr '\\0' 7");
    let limits = CaseLimits::time_only(Duration::from_secs(20));
    let (run, verdict, detail) = run_marked(&program, &[], &dir, limits, b"7\n");
    assert_eq!(run.ended, Ended::OverCap);
    assert_eq!(run.stdout.len(), cases::output_cap(2));
    assert_eq!(
        (verdict, detail.as_str()),
        (
            Verdict::Wa,
            "output over 1048578 bytes, stopped (2 expected); line 1 is over 1048578 bytes long"
        )
    );
    assert_all_ended(&dir);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_program_gets_its_signals_though_the_runner_watches_its_exit() {
    let dir = scratch("signals", &[]);
    // Its own handler runs, its children's ends reach it, and a default action still ends it.
    let handled = script(
        &dir,
        "handled",
        "trap 'echo handled; exit 3' USR1\n(sleep 0.1; kill -USR1 $$) &\nwhile :; do sleep 0.05; done",
    );
    let trapped = run(&handled, b"", 5000, 1 << 20);
    assert_eq!(
        (trapped.ended, trapped.stdout.as_slice()),
        (Ended::Exited(3), &b"handled\n"[..])
    );
    let children = script(
        &dir,
        "children",
        "for i in 1 2 3; do sh -c 'echo $0' $i; done",
    );
    let waited = run(&children, b"", 5000, 1 << 20);
    assert_eq!(
        (waited.ended, waited.stdout.as_slice()),
        (Ended::Exited(0), &b"1\n2\n3\n"[..])
    );
    let killed = script(&dir, "killed", "kill -USR2 $$; sleep 5");
    assert_eq!(
        run(&killed, b"", 5000, 1 << 20).ended,
        Ended::Signalled(libc::SIGUSR2)
    );
    // Stopping itself would leave it stopped for good under the runner's watch: it goes on.
    let stops = script(&dir, "stops", "kill -STOP $$; echo 1");
    let stopped = run(&stops, b"", 5000, 1 << 20);
    assert_eq!(
        (stopped.ended, stopped.stdout.as_slice()),
        (Ended::Exited(0), &b"1\n"[..])
    );
    fs::remove_dir_all(dir).unwrap();
}
