//! Verdicts on planted cases: the limit on CPU time (so load changes no verdict), peak memory
//! measured, a program ignoring SIGTERM gone, output capped, special files skipped.

use super::*;

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
