//! `stress`'s unit tests.

use super::*;

fn sh(script: &str) -> Command {
    let mut command = Command::new("sh");
    command.args(["-c", script]).stdout(Stdio::null());
    command
}

fn run_sh(command: Command, report: &Path) -> Result<Conclusion, String> {
    run(command, report, None)
}

fn report_path(tag: &str) -> PathBuf {
    std::env::temp_dir().join(format!("stress-test-{}-{}", tag, std::process::id()))
}

#[test]
fn a_killed_test_binary_is_named_by_its_signal() {
    let report = report_path("segv");
    let ended = run_sh(
        sh("echo first >&2; echo 'thread overflowed its stack' >&2; kill -SEGV $$"),
        &report,
    )
    .unwrap();
    let Conclusion::Crashed(text) = ended else {
        panic!("{ended:?}")
    };
    assert!(
        text.starts_with("the test binary was killed by SIGSEGV"),
        "{text}"
    );
    assert!(
        text.ends_with("  first\n  thread overflowed its stack"),
        "{text}"
    );
    let ended = run_sh(sh("kill -ABRT $$"), &report).unwrap();
    assert_eq!(
        ended,
        Conclusion::Crashed(format!(
            "the test binary was killed by {}; it wrote nothing on standard error",
            signal_name(6)
        ))
    );
}

#[test]
fn reports_are_read_by_exit_status() {
    let report = report_path("status");
    for (code, expected) in [
        (0, Conclusion::Agreed("done\n".to_string())),
        (1, Conclusion::Disagreed("done\n".to_string())),
        (2, Conclusion::Refused("done".to_string())),
    ] {
        let script = format!("echo done > '{}'; exit {code}", report.display());
        assert_eq!(run_sh(sh(&script), &report).unwrap(), expected);
        assert!(!report.exists(), "the report is removed");
    }
    // No stress test in the binary: it exits 0 without a report.
    let Conclusion::Crashed(text) = run_sh(sh("exit 0"), &report).unwrap() else {
        panic!("no report")
    };
    assert!(text.contains("problem_tests!"), "{text}");
    // A panic outside the stress loop: status 101 and no report.
    let ended = run_sh(sh("echo 'panicked at x' >&2; exit 101"), &report).unwrap();
    assert_eq!(
            ended,
            Conclusion::Crashed(
                "the test binary exited with status 101 and no report; its last lines on standard error:\n  panicked at x"
                    .to_string()
            )
        );
    // A stale report does not count for a crash.
    let script = format!("echo old > '{}'; kill -KILL $$", report.display());
    let Conclusion::Crashed(text) = run_sh(sh(&script), &report).unwrap() else {
        panic!("a killed binary")
    };
    assert!(text.contains("SIGKILL"), "{text}");
}

#[test]
fn a_test_binary_past_its_bound_is_killed() {
    let report = report_path("backstop");
    let ended = run(
        sh("exec sleep 30"),
        &report,
        Some(Duration::from_millis(100)),
    )
    .unwrap();
    let Conclusion::Crashed(text) = ended else {
        panic!("{ended:?}")
    };
    assert!(text.ends_with("past its bound: killed"), "{text}");
    // Within its bound, a run ends as it ends.
    let ended = run(sh("exit 0"), &report, Some(Duration::from_secs(60))).unwrap();
    assert!(matches!(ended, Conclusion::Crashed(text) if text.contains("no test `tests::stress`")));
}

#[test]
fn only_the_last_lines_are_quoted() {
    let text = "a\nprogress 1\rprogress 2\r\n\n  \nb\nc";
    assert_eq!(last_lines(text, 3), vec!["progress 2", "b", "c"]);
    assert_eq!(last_lines(text, 10).len(), 5);
    assert!(last_lines("", 3).is_empty());
    assert_eq!(last_lines(&"x".repeat(1000), 1)[0].len(), 300);
    assert_eq!(signal_name(64), "signal 64");
}

#[test]
fn settings_are_checked_before_building() {
    let ok = StressRequest {
        iters: Some(5),
        seconds: None,
        seed: Some(3),
        size: Some(MAX_SIZE),
        least_size: None,
    };
    assert_eq!(check_request(&ok), Ok(()));
    let range = StressRequest {
        size: Some(5000),
        least_size: Some(10),
        ..StressRequest::default()
    };
    assert_eq!(check_request(&range), Ok(()));
    assert_eq!(
        range.environment(),
        vec![("STRESS_SIZE", "10..=5000".to_string())]
    );
    let reversed = StressRequest {
        size: Some(10),
        least_size: Some(5000),
        ..StressRequest::default()
    };
    assert!(check_request(&reversed)
        .unwrap_err()
        .contains("empty range"));
    assert_eq!(
        ok.environment(),
        vec![
            ("STRESS_ITERS", "5".to_string()),
            ("STRESS_SEED", "3".to_string()),
            ("STRESS_SIZE", "1000000".to_string())
        ]
    );
    for size in [0, MAX_SIZE + 1, u64::MAX] {
        let bad = StressRequest {
            size: Some(size),
            ..StressRequest::default()
        };
        let e = check_request(&bad).unwrap_err();
        assert!(
            e.contains(&format!("not {size}")) && !e.contains('\n'),
            "{e}"
        );
    }
    for seconds in [0.0, -1.0, f64::NAN, f64::INFINITY, 2e9] {
        let bad = StressRequest {
            seconds: Some(seconds),
            ..StressRequest::default()
        };
        assert!(
            check_request(&bad).unwrap_err().starts_with("--seconds"),
            "{seconds}"
        );
    }
    let fine = StressRequest {
        seconds: Some(0.5),
        ..StressRequest::default()
    };
    assert_eq!(
        fine.environment(),
        vec![("STRESS_SECONDS", "0.5".to_string())]
    );
}

#[test]
fn the_test_binary_runs_under_the_memory_cap() {
    let report = report_path("memory");
    // `sh` stands for the test binary: it reports its own cap, in KiB.
    let script = format!("ulimit -v > '{}'", report.display());
    let command = stress_command(Path::new("sh"), &StressRequest::default(), &report, 100);
    let args: Vec<String> = command
        .get_args()
        .map(|a| a.to_string_lossy().into())
        .collect();
    assert_eq!(args[2..4], ["102400", "sh"]);
    // The test learns whether progress may be rewritten in place: its standard error is a
    // pipe to this tool's, whatever that is.
    let terminal = command
        .get_envs()
        .find(|(key, _)| *key == STRESS_TERMINAL)
        .and_then(|(_, value)| value);
    let expected = if std::io::stderr().is_terminal() {
        "1"
    } else {
        "0"
    };
    assert_eq!(terminal, Some(std::ffi::OsStr::new(expected)));
    // Swap the stress test's arguments for the script: the cap stays.
    let mut probe = Command::new("sh");
    probe.args(&args[..4]).args(["-c", &script]);
    assert!(probe.status().unwrap().success());
    assert_eq!(std::fs::read_to_string(&report).unwrap().trim(), "102400");
    let _ = std::fs::remove_file(&report);
    assert_eq!(
        check_memory(63).unwrap_err(),
        "--memory must be from 64 to 1048576 MiB, not 63"
    );
    assert!(check_memory(64).is_ok() && check_memory(1 << 20).is_ok());
    assert!(check_memory((1 << 20) + 1).is_err());
}

#[test]
fn the_test_executable_is_found_among_the_artifacts() {
    let artifact = |target: &str, test: bool, executable: &str| Artifact {
        package: "problems".to_string(),
        target: target.to_string(),
        kind: "bin".to_string(),
        executable: PathBuf::from(executable),
        package_dir: PathBuf::from("/w/problems"),
        test,
    };
    let artifacts = [
        artifact("nukit", false, "/t/release/nukit"),
        artifact("judge", true, "/t/release/deps/judge-1"),
        artifact("nukit", true, "/t/release/deps/nukit-1"),
    ];
    assert_eq!(
        test_executable(&artifacts, "nukit"),
        Ok(PathBuf::from("/t/release/deps/nukit-1"))
    );
    assert!(test_executable(&artifacts[..2], "nukit")
        .unwrap_err()
        .contains("`nukit`"));
    assert!(test_executable(&[], "judge").is_err());
}

#[test]
fn problems_and_starters_are_found() {
    let workspace = Workspace::load(&crate::workspace::default_root()).unwrap();
    assert_eq!(
        find_target(&workspace, "nukit"),
        Ok(Target::Problem("nukit".to_string()))
    );
    assert_eq!(
        find_target(&workspace, "starter"),
        Ok(Target::Starter("starter".to_string()))
    );
    let starters = starter_names(&workspace);
    assert!(
        starters.contains(&"starter_atcoder".to_string()),
        "{starters:?}"
    );
    let e = find_target(&workspace, "nosuch").unwrap_err();
    assert!(
        e.contains("unknown problem `nosuch`") && e.contains("starter"),
        "{e}"
    );
    let starter = Target::Starter("starter".to_string());
    let args = build_args(&starter);
    assert!(args.contains(&"--release") && args.contains(&"--example"));
}
