//! A hostile program against the runner: grandchildren and daemons ended and reaped, memory
//! over the limit stopped, a huge line named, signals still delivered.

use super::*;

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
