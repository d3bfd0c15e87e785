//! Issue #42's hostile programs against the runner: a main thread that exits alone while
//! another spins, children that are never waited for (their memory, a memfd's, their CPU
//! time), a stderr that blames memory, an untouched reservation, and a program that stops its
//! parent. Each gets the verdict of what was measured, within its bounds, and leaves no process
//! behind. One C program plays every part (compiled once with the system's C compiler).

use crate::runner::assert_all_ended;
use runner::cases;
use runner::report::Verdict;
use sandbox::exec::{self, Ended, Input};
use sandbox::limits::{CaseLimits, Counted};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{mpsc, OnceLock};
use std::time::{Duration, Instant};

const HOSTILE_C: &str = r#"
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static void touch(size_t mib) {
    volatile char *p = malloc(mib << 20);
    for (size_t i = 0; i < (mib << 20); i += 4096) p[i] = 1;
}
static void burn(double seconds) {
    struct timespec t;
    do clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    while (t.tv_sec + t.tv_nsec / 1e9 < seconds);
}
static void *spin(void *arg) { for (;;) { if (!arg) continue; } return 0; }

int main(int argc, char **argv) {
    const char *mode = argv[1];
    char c;
    if (!strcmp(mode, "thread-exit") || !strcmp(mode, "pthread-exit")) {
        pthread_t t;
        pthread_create(&t, 0, spin, 0);
        puts("1");
        fflush(stdout);
        if (!strcmp(mode, "pthread-exit")) pthread_exit(0);
        syscall(SYS_exit, 0);
    } else if (!strcmp(mode, "children")) {
        int n = atoi(argv[2]), mib = atoi(argv[3]), ready[2];
        if (pipe(ready)) return 2;
        for (int i = 0; i < n; i++)
            if (fork() == 0) { touch(mib); if (write(ready[1], "x", 1)) pause(); _exit(0); }
        for (int i = 0; i < n; i++) if (read(ready[0], &c, 1) != 1) return 2;
        puts("1");
    } else if (!strcmp(mode, "memfd")) {
        static char block[1 << 20];
        int fd = memfd_create("held", 0), mib = atoi(argv[2]);
        memset(block, 1, sizeof block);
        for (int i = 0; i < mib; i++) if (write(fd, block, sizeof block) < 0) return 2;
        puts("1");
    } else if (!strcmp(mode, "child-cpu")) {
        int n = atoi(argv[2]), done[2];
        if (pipe(done)) return 2;
        for (int i = 0; i < n; i++)
            if (fork() == 0) { burn(atof(argv[3])); if (write(done[1], "x", 1)) _exit(0); _exit(0); }
        for (int i = 0; i < n; i++) if (read(done[0], &c, 1) != 1) return 2;
        puts("1");
    } else if (!strcmp(mode, "nomem-text")) {
        puts("1");
        fputs("Cannot allocate memory\n", stderr);
        return 1;
    } else if (!strcmp(mode, "noreserve")) {
        void *p = mmap(0, (size_t)1536 << 20, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED) { perror("mmap"); return 1; }
        puts("1");
    } else if (!strcmp(mode, "stop-parent")) {
        kill(getppid(), SIGSTOP);
        puts("1");
    }
    return 0;
}
"#;

/// The hostile program, compiled once per test binary.
fn hostile() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("hostile-c-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let source = dir.join("hostile.c");
        fs::write(&source, HOSTILE_C).unwrap();
        let binary = dir.join("hostile");
        let status = Command::new("cc")
            .args(["-O2", "-pthread", "-o"])
            .arg(&binary)
            .arg(&source)
            .status()
            .unwrap();
        assert!(status.success());
        binary
    })
}

/// A marker of this test's processes: a fresh scratch folder named by `tag`.
fn mark(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hostile-{}-{}", tag, std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the hostile program in mode `args` under `limits` as a case runs, marked with `mark`
/// in its environment, and judges it against the answer `1`; a hang guard (far beyond every
/// backstop) turns a runner that never returns into a failure instead of a hung test.
fn judge(args: &[&str], mark: &Path, limits: CaseLimits) -> (exec::Run, Verdict, String) {
    let args: Vec<std::ffi::OsString> = args.iter().map(|a| a.into()).collect();
    let mark = mark.as_os_str().to_owned();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        let bounds = exec::Bounds {
            cpu: limits.time,
            output: 1 << 20,
            data: Some(limits.memory_bound_mib() << 20),
        };
        let env = [("HOSTILE_MARK", mark.as_os_str())];
        let run = exec::run_bounded(hostile(), &args, &env, Input::Bytes(b""), bounds).unwrap();
        let (verdict, detail) = cases::judge_case(&run, b"1\n", limits, 1 << 20);
        let _ = send.send((run, verdict, detail));
    });
    receive
        .recv_timeout(Duration::from_secs(120))
        .expect("the runner did not return within 120 s")
}

fn limits(seconds: u64, mib: u64) -> CaseLimits {
    CaseLimits {
        time: Duration::from_secs(seconds),
        memory_mib: Some(mib),
        counted: Counted::Resident,
    }
}

#[test]
fn a_main_thread_that_exits_alone_gets_a_verdict_and_leaves_nothing() {
    for mode in ["thread-exit", "pthread-exit"] {
        let mark = mark(mode);
        let (run, verdict, detail) = judge(&[mode], &mark, limits(1, 64));
        // The spinning thread is the program's CPU time: over 1 s, TLE (or, on a machine so
        // loaded that it gets less than a tenth of a core, the wall-clock backstop's TLE).
        assert_eq!(
            (run.ended, verdict),
            (Ended::TimedOut, Verdict::Tle),
            "{mode}: {detail}"
        );
        assert_all_ended(&mark);
        fs::remove_dir_all(mark).unwrap();
    }
}

#[test]
fn children_never_waited_for_count_in_memory() {
    let mark = mark("children");
    // One child of 300 MiB, then four of 60 MiB alive at once: both over 64 MiB.
    for (args, least_mib) in [
        (["children", "1", "300"], 300),
        (["children", "4", "60"], 240),
    ] {
        let (run, verdict, detail) = judge(&args, &mark, limits(10, 64));
        assert_eq!(verdict, Verdict::Mle, "{args:?}: {detail} {:?}", run.ended);
        assert!(run.peak_memory_kib >= least_mib << 10, "{args:?}: {detail}");
        assert!(detail.ends_with("MiB over 64 MiB"), "{detail}");
    }
    // The same tree within a limit that holds it is AC: the figure is the tree's, not a guess.
    let (run, verdict, detail) = judge(&["children", "4", "8"], &mark, limits(10, 256));
    assert_eq!(verdict, Verdict::Ac, "{detail}");
    assert!(run.peak_memory_kib >= 32 << 10, "{}", run.peak_memory_kib);
    assert_all_ended(&mark);
    fs::remove_dir_all(mark).unwrap();
}

#[test]
fn memory_held_in_a_memfd_counts() {
    let mark = mark("memfd");
    // Stopped at the runner's bound (twice the limit and 256 MiB) on its way to 500 MiB.
    let (run, verdict, detail) = judge(&["memfd", "500"], &mark, limits(10, 64));
    assert_eq!(verdict, Verdict::Mle, "{detail}");
    assert!(run.peak_memory_kib >= 384 << 10, "{}", run.peak_memory_kib);
    // A small one is within the limit, and measured.
    let (run, verdict, detail) = judge(&["memfd", "16"], &mark, limits(10, 64));
    assert_eq!(verdict, Verdict::Ac, "{detail}");
    assert!(run.peak_memory_kib >= 16 << 10, "{}", run.peak_memory_kib);
    fs::remove_dir_all(mark).unwrap();
}

#[test]
fn cpu_time_of_children_never_waited_for_counts() {
    let mark = mark("childcpu");
    let (run, verdict, detail) = judge(&["child-cpu", "2", "1.5"], &mark, limits(1, 256));
    assert_eq!(verdict, Verdict::Tle, "{detail} {:?}", run.ended);
    // Within a limit that holds both children's 0.2 s: AC, their time counted.
    let (run, verdict, detail) = judge(&["child-cpu", "2", "0.2"], &mark, limits(5, 256));
    assert_eq!(verdict, Verdict::Ac, "{detail}");
    assert!(run.cpu >= Duration::from_millis(350), "{:?}", run.cpu);
    assert_all_ended(&mark);
    fs::remove_dir_all(mark).unwrap();
}

#[test]
fn a_verdict_comes_from_what_was_measured_not_from_stderr() {
    let mark = mark("nomemtext");
    let (run, verdict, detail) = judge(&["nomem-text"], &mark, limits(5, 64));
    assert_eq!(run.ended, Ended::Exited(1));
    assert_eq!(
        (verdict, detail.as_str()),
        (Verdict::Re, "exit 1: Cannot allocate memory")
    );
    fs::remove_dir_all(mark).unwrap();
}

#[test]
fn an_untouched_reservation_counts_only_where_the_judge_counts_it() {
    let mark = mark("noreserve");
    let (run, verdict, detail) = judge(&["noreserve"], &mark, limits(5, 64));
    assert_eq!(
        (run.ended, verdict),
        (Ended::Exited(0), Verdict::Ac),
        "{detail}"
    );
    assert!(run.peak_memory_kib < 64 << 10, "{}", run.peak_memory_kib);
    let reserved = CaseLimits {
        counted: Counted::Reserved,
        ..limits(5, 64)
    };
    let (run, verdict, detail) = judge(&["noreserve"], &mark, reserved);
    assert_eq!(verdict, Verdict::Mle, "{detail}");
    assert!(
        run.peak_reserved_kib >= 1536 << 10,
        "{}",
        run.peak_reserved_kib
    );
    assert!(detail.contains("reserved"), "{detail}");
    fs::remove_dir_all(mark).unwrap();
}

#[test]
fn a_program_that_stops_its_parent_does_not_stop_the_run() {
    let mark = mark("stopparent");
    // Should this test process be stopped for good, a guard sends it SIGCONT after 60 s, so
    // that the test fails instead of hanging.
    let mut guard = Command::new("sh")
        .arg("-c")
        .arg(format!("sleep 60; kill -CONT {}", std::process::id()))
        .spawn()
        .unwrap();
    let start = Instant::now();
    let (run, verdict, detail) = judge(&["stop-parent"], &mark, limits(5, 64));
    let elapsed = start.elapsed();
    let _ = guard.kill();
    let _ = guard.wait();
    assert_eq!(
        (run.ended, verdict),
        (Ended::Exited(0), Verdict::Ac),
        "{detail}"
    );
    assert!(elapsed < Duration::from_secs(50), "{elapsed:?}");
    fs::remove_dir_all(mark).unwrap();
}

// `stress --reference` with references that hang, sleep, print nothing or pad their answers:
// the run is bounded by `--seconds` on the wall clock, a reference that answered nothing is a
// failed run, and nothing it did not really answer is saved.

use crate::compare::{knights_workspace, python3, stress, text, Saved, KNIGHTS_PY};

/// The testcases a stress run left in the knights workspace beyond its own.
fn saved_cases() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(knights_workspace().join("testcases/knights"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("reference-"))
        .collect();
    names.sort();
    names
}

/// `stress` with a guard: killed (and the test failed) past 300 s, far beyond every bound.
fn stress_guarded(args: &[&str]) -> std::process::Output {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let _ = send.send(stress(&args));
    });
    receive
        .recv_timeout(Duration::from_secs(300))
        .expect("stress did not end within 300 s")
}

#[test]
fn a_reference_that_hangs_sleeps_or_prints_nothing_fails_the_run_and_saves_nothing() {
    let before = saved_cases();
    let hangs = format!("{} thread-exit", hostile().display());
    for (reference, said) in [
        (
            hangs.as_str(),
            "the time was up before the two programs answered one input",
        ),
        (
            "sleep 1000",
            "the time was up before the two programs answered one input",
        ),
        (
            "true",
            "the reference gave no answer: it exited 0 and printed nothing",
        ),
        (
            "printf ' \\n\\n'",
            "the reference gave no answer: it exited 0 and printed nothing",
        ),
    ] {
        let out = stress_guarded(&["knights", "--reference", reference, "--seconds", "2"]);
        let report = text(&out.stdout);
        let _saved = Saved::of(&report);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{reference}: {report}{}",
            text(&out.stderr)
        );
        assert!(report.contains(said), "{reference}: {report}");
        assert!(!report.contains("saved as"), "{reference}: {report}");
        assert_eq!(saved_cases(), before, "{reference}: {report}");
    }
}

#[test]
fn a_reference_that_pads_its_answers_agrees() {
    if !python3() {
        eprintln!("SKIPPED a_reference_that_pads_its_answers_agrees: no python3 on this machine");
        return;
    }
    let dir = std::env::temp_dir().join(format!("hostile-pad-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let script = dir.join("knights.py");
    fs::write(&script, KNIGHTS_PY).unwrap();
    // Trailing spaces and a blank line at the end, as many C++ references print.
    let reference = format!("python3 '{}' | sed 's/$/  /'; echo", script.display());
    let out = stress_guarded(&[
        "knights",
        "--reference",
        &reference,
        "--iters",
        "30",
        "--seed",
        "5",
    ]);
    let report = text(&out.stdout);
    let _saved = Saved::of(&report);
    assert_eq!(out.status.code(), Some(0), "{report}{}", text(&out.stderr));
    assert!(report.starts_with("30 inputs agree (seed 5)"), "{report}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_judge_size_disagreement_shows_the_head_of_its_input_and_where_it_is() {
    if !python3() {
        eprintln!("SKIPPED: no python3 on this machine");
        return;
    }
    // A wrong reference at full size: every test is a first player's win.
    let reference = "python3 -c 'import sys; d = sys.stdin.read().split(); print(\"First\\n\" * int(d[0]), end=\"\")'";
    let out = stress_guarded(&[
        "knights",
        "--reference",
        reference,
        "--max",
        "--iters",
        "1",
        "--seed",
        "2",
    ]);
    let report = text(&out.stdout);
    let _saved = Saved::of(&report);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        &report[..report.len().min(4000)]
    );
    assert!(report.len() < 20_000, "{} bytes of report", report.len());
    assert!(report.contains(" bytes in all)\n"), "{report}");
    let kept = report
        .split("kept as ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .unwrap_or_else(|| panic!("{report}"));
    let kept = PathBuf::from(kept);
    assert!(
        fs::metadata(&kept).unwrap().len() > 2 << 20,
        "{}",
        kept.display()
    );
    let _ = fs::remove_file(&kept);
    let _ = fs::remove_file(kept.with_extension("out"));
}
