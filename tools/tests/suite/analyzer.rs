//! The `grundy` analyzer's command line and its exact output lines.

use std::process::Command;

fn grundy(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn certifies_dawsons_kayles() {
    let (status, out, _) = grundy(&["octal", "0.07"]);
    assert_eq!(status, 0);
    assert_eq!(
        out,
        "game: 0.07\ncomputed: 176 values\nperiod: 34\npreperiod: 53\n"
    );
    // 176 = 2·53 + 2·34 + 2 is exactly the Guy–Smith bound: one value fewer proves nothing.
    let (_, out, _) = grundy(&["octal", "0.07", "--upto", "175"]);
    assert!(out.ends_with("period: none\n"), "{out}");
    let (_, out, _) = grundy(&["octal", "0.07", "--upto", "176"]);
    assert!(out.ends_with("period: 34\npreperiod: 53\n"), "{out}");
}

#[test]
fn known_periods_by_every_method() {
    for method in ["naive", "rare", "auto"] {
        for (code, period, preperiod) in [("0.77", 12, 71), ("0.137", 34, 52), ("0.077", 24, 142)] {
            let (status, out, _) = grundy(&["octal", code, "--method", method]);
            assert_eq!(status, 0);
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines[2], format!("period: {period}"), "{code} {method}");
            assert_eq!(
                lines[3],
                format!("preperiod: {preperiod}"),
                "{code} {method}"
            );
        }
    }
}

#[test]
fn upto_computes_exactly_n_values_and_lists_them() {
    let (status, out, _) = grundy(&["octal", ".6", "--upto", "20", "--values"]);
    assert_eq!(status, 0);
    assert_eq!(
        out,
        "game: 0.6\ncomputed: 20 values\nperiod: none\nvalues: 0 0 1 2 0 1 2 3 1 2 3 4 0 3 4 2 1 3 2 1\n"
    );
    // 0.4 at N = 3 looks periodic (0 0 0) but must not be certified.
    let (_, out, _) = grundy(&["octal", "0.4", "--upto", "3"]);
    assert!(out.contains("period: none") && !out.contains("preperiod"));
}

#[test]
fn subtraction_games() {
    let (status, out, _) = grundy(&["subtraction", "1,3,4", "--values"]);
    assert_eq!(status, 0);
    assert!(out.starts_with("game: 0.3033\ncomputed: "), "{out}");
    assert!(out.contains("period: 7\npreperiod: 0\n"), "{out}");
}

#[test]
fn a_set_file_gives_the_values_of_the_octal_engine() {
    let dir = std::env::temp_dir().join(format!("analyzer-set-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A few hundred moves up to 900, commas, spaces and newlines mixed.
    let mut rng = testkit::Rng::new(4504);
    let set: Vec<u64> = (0..300).map(|_| rng.range(1, 900)).collect();
    let mut text = String::new();
    for (i, s) in set.iter().enumerate() {
        text.push_str(&s.to_string());
        text.push_str([",", " ", "\n", " ,\t"][i % 4]);
    }
    let file = dir.join("set.txt");
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let (status, fast, err) = grundy(&[
        "subtraction",
        "--set-file",
        file,
        "--upto",
        "3000",
        "--values",
    ]);
    assert_eq!(status, 0, "{err}");
    let inline: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    let inline = inline.join(",");
    let (status, slow, _) = grundy(&[
        "subtraction",
        &inline,
        "--upto",
        "3000",
        "--values",
        "--method",
        "naive",
    ]);
    assert_eq!(status, 0);
    // The same lines, values included: the bitset engine against the octal engine.
    assert_eq!(fast, slow);
    assert!(fast.contains("computed: 3000 values\n") && fast.contains("\nvalues: 0 "));
    // Refusals: a bad number (usage, 2), no number, a set given twice or not at all, and a
    // file that cannot be read (exit 1).
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1, 2, x3").unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, " ,\n").unwrap();
    let zero = dir.join("zero.txt");
    std::fs::write(&zero, "3 0").unwrap();
    let missing = dir.join("missing.txt");
    for (args, status, message) in [
        (
            vec!["--set-file", bad.to_str().unwrap()],
            2,
            "`x3` is not a positive integer",
        ),
        (
            vec!["--set-file", empty.to_str().unwrap()],
            2,
            "no number in the file",
        ),
        (
            vec!["--set-file", zero.to_str().unwrap()],
            2,
            "bad subtraction set",
        ),
        (vec!["1,2", "--set-file", file], 2, "cannot be used with"),
        (vec![], 2, "required"),
        (
            vec!["--set-file", missing.to_str().unwrap()],
            1,
            "missing.txt",
        ),
    ] {
        let mut all = vec!["subtraction"];
        all.extend(args.iter().copied());
        let (got, out, err) = grundy(&all);
        assert_eq!(got, status, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(
            err.starts_with("error: ") && err.contains(message),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_refused_in_one_line() {
    for args in [
        &["octal", "0.8"][..],
        &["octal", "2.07"],
        &["subtraction", "1,x"],
        &["subtraction", ""],
        &["subtraction", "0,2"],
        &["octal", "0.07", "--upto", "4294967296"],
        &["octal", "0.07", "--upto", "x"],
        &["octal", "0.07", "--method", "fast"],
    ] {
        // A usage error, exit 2, as docs/analyzer.md says: what clap rejects, and a code, set or
        // count it parses but the analyzer cannot take.
        let (status, out, err) = grundy(args);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    let (_, _, err) = grundy(&["octal", "0.07", "--upto", "99999999999"]);
    assert!(
        err.contains("--upto <N>': at most 4294967295 values"),
        "{err}"
    );
}

/// `grundy ARGS` under `ulimit -v KIB`.
fn grundy_limited(limit_kib: u64, args: &[&str]) -> (i32, String, String) {
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {limit_kib}; exec \"$@\""))
        .arg("bash")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_size_beyond_memory_is_refused_in_one_line_and_one_that_fits_runs() {
    // 2^28 values of 0.3 need 512 MiB of values and up to 1 GiB of certification scratch:
    // under 600 MB of address space that is refused before any work, not an abort.
    let (status, out, err) = grundy_limited(600_000, &["octal", "0.3", "--upto", "268435456"]);
    assert_eq!(status, 1, "{err}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: --upto 268435456: needs up to 1536 MiB, more than the ")
            && err.contains("MiB available (free memory, --memory, ulimit -v); at most "),
        "{err}"
    );
    // A size it says fits does run to the end within the same limit.
    let fits: usize = err.trim_end().rsplit(' ').nth(2).unwrap().parse().unwrap();
    assert!(fits > 50_000_000, "{err}");
    let (status, out, err) =
        grundy_limited(600_000, &["octal", "0.3", "--upto", &fits.to_string()]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("period: 2\npreperiod: 0\n"), "{out}");
    // Without --upto, Officers (no known period) stops where memory ends, with a note.
    // (12 MB: the method's fixed tables take 3 MiB of it, see `BIT_SLICED_TABLES`.)
    let (status, out, err) = grundy_limited(12_000, &["octal", "0.6"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.ends_with("period: none\n"), "{out}");
    let computed = out.lines().nth(1).unwrap();
    let n: usize = computed["computed: ".len()..computed.len() - " values".len()]
        .parse()
        .unwrap();
    assert!((100_000..2_000_000).contains(&n), "{out}");
    assert!(
        err.contains(&format!(
            "the default cap stops at the {n} values that fit in the "
        )),
        "{err}"
    );
}

#[test]
fn an_allocation_the_system_refuses_is_one_line_not_an_abort() {
    // 300 MB on standard input for `describe`, under 100 MB of address space: reading it
    // fails to allocate, and the binary's allocator turns that into the error line.
    let out = Command::new("bash")
        .arg("-c")
        .arg("head -c 300000000 /dev/zero | (ulimit -v 100000; exec \"$0\" describe)")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(
        err,
        "error: out of memory (free memory or ulimit -v): ask for fewer values or a smaller input\n"
    );
}

#[test]
fn the_default_run_certifies_354_past_the_old_count_cap() {
    // Flammenkamp: .354 has period 1180 after a preperiod of 10,061,916; the Guy–Smith bound
    // needs 2·10061916 + 2·1180 + 3 = 20,126,195 values, past the former cap of 2^23.
    let (status, out, err) = grundy(&["octal", "0.354"]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(
        out,
        "game: 0.354\ncomputed: 20126195 values\nperiod: 1180\npreperiod: 10061916\n"
    );
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with("time: ") && last.contains(" s for 20126195 values ("),
        "{err}"
    );
    assert!(
        err.lines().any(|l| l.starts_with("... ")
            && l.contains(" values/s, ")
            && l.contains("candidate period 1180 from 10061916 (proved at 20126195 values")),
        "{err}"
    );
}

#[test]
fn published_periods_are_reproduced() {
    // (code, period, preperiod): the last exceptional value is at preperiod − 1.
    for (code, period, preperiod) in [
        ("0.177", 20, 497),   // Winning Ways
        ("0.11377", 32, 187), // Winning Ways
        ("0.127", 4, 46578),  // Gangolli and Plambeck
    ] {
        let (status, out, err) = grundy(&["octal", code]);
        assert_eq!(status, 0, "{code}: {err}");
        assert!(
            out.ends_with(&format!("period: {period}\npreperiod: {preperiod}\n")),
            "{code}: {out}"
        );
    }
}

fn describe(input: &str, args: &[&str]) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("describe")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The values line of `grundy octal CODE --upto N --values`, without its key.
fn octal_values(code: &str, n: usize) -> String {
    let (_, out, _) = grundy(&["octal", code, "--upto", &n.to_string(), "--values"]);
    let line = out.lines().find(|l| l.starts_with("values:")).unwrap();
    line["values:".len()..].to_string()
}

#[test]
fn describe_finds_the_lessons_patterns() {
    let (status, out, _) = describe(&octal_values("0.07", 400), &[]);
    assert_eq!(status, 0);
    assert!(
        out.starts_with("count: 400\nperiod: 34\npreperiod: 53\nsaltus: 0\np-positions: n % 34 in {5, 9, 21, 25, 29}, and 0 1 15 35\n"),
        "{out}"
    );
    let thirds: Vec<String> = (0..90).map(|n| (n / 3).to_string()).collect();
    let (_, out, _) = describe(&thirds.join(" "), &[]);
    assert!(
        out.contains("period: 3\npreperiod: 0\nsaltus: 1\n"),
        "{out}"
    );
    let take3: Vec<String> = (0..50).map(|n| (n % 4).to_string()).collect();
    let (_, out, _) = describe(&take3.join("\n"), &[]);
    assert!(out.contains("p-positions: n % 4 == 0\n"), "{out}");
    let (_, out, _) = describe(&octal_values("0.6", 2000), &[]);
    assert!(
        out.contains("period: none\n") && out.contains("no pattern: "),
        "{out}"
    );
}

#[test]
fn describe_reads_tables_and_refuses_bad_values() {
    let table = "0 1 0 1 0 1\n1 0 1 0 1 0\n0 1 0 1 0 1\n1 0 1 0 1 0\n0 1 0 1 0 1\n1 0 1 0 1 0\n";
    let (status, out, _) = describe(table, &["--table"]);
    assert_eq!(status, 0);
    assert!(
        out.contains("row period: 2 (from 0)\ncolumn period: 2 (from 0)\n"),
        "{out}"
    );
    assert!(out.contains("P 1 P 1 P 1\n"), "{out}");
    let (status, _, err) = describe("1 2\n3\n", &["--table"]);
    assert_eq!(status, 1);
    assert!(err.starts_with("error: row 2 has 1 values"), "{err}");
    let (status, _, err) = describe("1 -2", &[]);
    assert_eq!(
        (status, err.as_str()),
        (1, "error: line 1: `-2` is not a non-negative integer\n")
    );
}

#[test]
fn grundys_game_prints_its_p_positions_and_values() {
    let (status, out, err) = grundy(&["grundys-game", "--upto", "12", "--values"]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(
        out,
        "game: Grundy's game\ncomputed: 12 values\nrare heaps: 8\nlast rare heap: 10\nlargest rare value: 1\nlargest value: 2\nrare heaps past 82860: 0\np-positions: 0 1 2 4 7 10\nvalues: 0 0 0 1 0 2 1 0 2 1 0 2\n"
    );
    assert!(err.starts_with("time: "), "{err}");
    let (status, _, err) = grundy(&["grundys-game", "--upto", "999999999999"]);
    assert_eq!(status, 2, "{err}");
    // Past the old fixed cap of 2^28, what fits in the memory given is the limit.
    let (status, out, err) = grundy(&["grundys-game", "--upto", "300000000", "--memory", "1G"]);
    assert_eq!((status, out.as_str()), (1, ""), "{err}");
    assert_eq!(
        err,
        "error: --upto 300000000: needs up to 3435 MiB, more than the 1024 MiB available (free memory, --memory, ulimit -v); at most 89303722 values fit\n"
    );
}

#[test]
fn memory_given_on_the_command_line_limits_the_run() {
    let (status, out, err) = grundy(&["octal", "0.6", "--upto", "300000000", "--memory", "100M"]);
    assert_eq!((status, out.as_str()), (1, ""), "{err}");
    assert!(
        err.starts_with("error: --upto 300000000: needs up to ")
            && err.contains("more than the 100 MiB available"),
        "{err}"
    );
    let (status, _, err) = grundy(&["octal", "0.6", "--memory", "lots"]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("bad size `lots`"), "{err}");
    // Without --upto, the certifier stops at the values that fit, and says so.
    let (status, out, err) = grundy(&["octal", "0.6", "--memory", "5M"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("period: none\n"), "{out}");
    assert!(
        err.contains("values that fit in the 5 MiB available (free memory, --memory, ulimit -v; up to 14 bytes a value)"),
        "{err}"
    );
}
