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
fn bad_arguments_are_refused_in_one_line() {
    for args in [
        &["octal", "0.8"][..],
        &["octal", "2.07"],
        &["subtraction", "1,x"],
        &["subtraction", "0,2"],
    ] {
        let (status, out, err) = grundy(args);
        assert_ne!(status, 0, "{args:?}");
        assert!(out.is_empty());
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    let (status, _, err) = grundy(&["octal", "0.07", "--upto", "99999999999"]);
    assert_ne!(status, 0);
    assert!(err.starts_with("error: --upto: at most"), "{err}");
    let (status, _, _) = grundy(&["octal", "0.07", "--method", "fast"]);
    assert_ne!(status, 0);
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
        out.starts_with("values: 400\nperiod: 34\npreperiod: 53\nsaltus: 0\np-positions: n % 34 in {5, 9, 21, 25, 29}, and 0 1 15 35\n"),
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
