//! Every binary on about 20 MB of valid input under a virtual-memory limit of 1.3 times the
//! input plus 8 MiB (`ulimit -v`): the input is read through a window, queries within the
//! judge's limits are never stored, and answers beyond 16 MiB are written as they come
//! (`judge::main`). Linux only (it uses bash's `ulimit`).
//!
//! The binaries run are those cargo built for this test (`CARGO_BIN_EXE_<name>`), unless the
//! environment variable `PROBLEMS_BIN_DIR` names a directory: then its `<name>` files are run
//! instead. The runner sets it to the release binaries, so that 20 MB inputs are not read by
//! the unoptimised programs of a build whose problems are compiled for their assertions.

use std::io::Write;
use std::process::{Command, Stdio};

const SIZE: usize = 20 << 20;

/// The directory of the problem binaries to run: `PROBLEMS_BIN_DIR` if set and not empty,
/// else the directory where cargo put this test's binaries.
fn bin_dir() -> std::path::PathBuf {
    match std::env::var_os("PROBLEMS_BIN_DIR") {
        Some(dir) if !dir.is_empty() => std::path::PathBuf::from(dir),
        _ => std::path::Path::new(env!("CARGO_BIN_EXE_knights"))
            .parent()
            .unwrap()
            .to_path_buf(),
    }
}

/// The problem binary `name` in [`bin_dir`]; panics naming the path if it is not there.
fn binary(name: &str) -> std::path::PathBuf {
    let path = bin_dir().join(name);
    assert!(
        path.is_file(),
        "{} is missing (PROBLEMS_BIN_DIR={:?})",
        path.display(),
        std::env::var_os("PROBLEMS_BIN_DIR")
    );
    path
}

/// A large input: (problem, the input's head given the repetitions, the repeated unit).
type LargeInput = (&'static str, fn(usize) -> String, &'static str);

fn inputs() -> Vec<LargeInput> {
    vec![
        ("knights", |r| format!("1\n{}\n", r), "5 4\n"),
        ("nukit", |r| format!("{}\n", r), "30 30 30 30\n"),
        ("mmmgame", |r| format!("1\n{}\n", r), "4747 "),
        ("game3", |r| format!("{}\n", r), "123456789\n"),
        ("towerbreakers", |r| format!("{}\n", r), "7 12\n"),
        ("pegostripes", |r| format!("2 2 2\n{}\n", r), "999999\n"),
        ("towerbreakers_revisited", |r| format!("1\n{}\n", r), "12 "),
        ("towerbreakers_again", |r| format!("1\n{}\n", r), "12 "),
        ("towerbreakers_final", |r| format!("{}\n", r), "1000000\n"),
        ("chessboard", |r| format!("{}\n", r), "5 4\n"),
        ("game31", |_| String::new(), "356656\n"),
        ("qcj3", |r| format!("1\n{}\n", r), "3 "),
        ("resn04", |r| format!("1\n{}\n", r), "999 "),
    ]
}

#[test]
#[cfg(target_os = "linux")]
fn large_valid_inputs_within_1_3_times_their_size() {
    let dir = std::env::temp_dir().join(format!("large-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, head, unit) in inputs() {
        let repeats = SIZE / unit.len();
        let path = dir.join(format!("{}.in", name));
        // One `repeat` rather than a write per unit: this test is compiled unoptimised.
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(head(repeats).as_bytes()).unwrap();
        file.write_all(unit.repeat(repeats).as_bytes()).unwrap();
        file.sync_all().unwrap();
        let size = std::fs::metadata(&path).unwrap().len() as usize;
        let limit_kib = size * 13 / 10 / 1024 + 8 * 1024;
        let binary = binary(name);
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("ulimit -v {}; exec \"$0\" > /dev/null", limit_kib))
            .arg(&binary)
            .stdin(Stdio::from(std::fs::File::open(&path).unwrap()))
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {} under a limit of {limit_kib} KiB for {size} bytes",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::remove_file(&path).unwrap();
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
#[cfg(target_os = "linux")]
fn answers_past_the_hold_limit_are_the_same_from_a_file_and_a_pipe() {
    // 3 million one-knight boards: about 20 MB of answers, past the 16 MiB held in memory.
    let boards = 3_000_000;
    // Board i is (1 + i mod 15, 1 + i / 15 mod 15): its lines repeat every 225 boards, so one
    // cycle is written out and repeated (this test is compiled unoptimised).
    const CYCLE: usize = 225;
    let (mut input_lines, mut answer_lines) = (Vec::new(), Vec::new());
    for i in 0..CYCLE {
        let (x, y) = (1 + i % 15, 1 + i / 15 % 15);
        input_lines.push(format!("{} {}\n", x, y));
        // The known closed form: the coin loses iff x mod 4 and y mod 4 are both 1 or 2.
        let loses = [1, 2].contains(&(x % 4)) && [1, 2].contains(&(y % 4));
        answer_lines.push(if loses { "Second\n" } else { "First\n" });
    }
    let (cycles, rest) = (boards / CYCLE, boards % CYCLE);
    let mut input = format!("{}\n", boards);
    input.push_str(&input_lines.concat().repeat(cycles));
    input.push_str(&input_lines[..rest].concat());
    let mut expected = answer_lines.concat().repeat(cycles);
    expected.push_str(&answer_lines[..rest].concat());
    let path = std::env::temp_dir().join(format!("hold-limit-{}.in", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let binary = binary("chessboard");
    let from_file = Command::new(&binary)
        .stdin(Stdio::from(std::fs::File::open(&path).unwrap()))
        .output()
        .unwrap();
    // Standard input opened at an offset, as after `(head -c 10 >/dev/null; ./bin) < file`:
    // the second run reads from there again, not from the file's first byte.
    let prefixed = path.with_extension("prefixed");
    std::fs::write(&prefixed, format!("not input\n{}", input)).unwrap();
    let mut at_offset = std::fs::File::open(&prefixed).unwrap();
    std::io::Seek::seek(&mut at_offset, std::io::SeekFrom::Start(10)).unwrap();
    let from_offset = Command::new(&binary)
        .stdin(Stdio::from(at_offset))
        .output()
        .unwrap();
    std::fs::remove_file(&prefixed).unwrap();
    assert!(
        from_offset.status.success() && from_offset.stdout == expected.as_bytes(),
        "from an offset: {} bytes of answers, {}",
        from_offset.stdout.len(),
        String::from_utf8_lossy(&from_offset.stderr)
    );
    // The second run's writes fail on a full disk: said as a write failure, in one line.
    let to_full_disk = Command::new(&binary)
        .stdin(Stdio::from(std::fs::File::open(&path).unwrap()))
        .stdout(Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        ))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&to_full_disk.stderr),
        "error: cannot write the output: No space left on device (os error 28)\n"
    );
    assert_eq!(to_full_disk.status.code(), Some(1));
    let mut child = Command::new(&binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let from_pipe = child.wait_with_output().unwrap();
    writer.join().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(from_file.status.success() && from_pipe.status.success());
    assert!(from_file.stdout.len() > 16 << 20);
    assert!(
        from_file.stdout == expected.as_bytes(),
        "the file's answers are wrong"
    );
    assert!(
        from_pipe.stdout == expected.as_bytes(),
        "the pipe's answers are wrong"
    );
}

#[test]
#[cfg(target_os = "linux")]
fn held_answers_that_cannot_be_written_are_a_write_failure() {
    let mut child = Command::new(binary("chessboard"))
        .stdin(Stdio::piped())
        .stdout(Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        ))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"1\n1 1\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: cannot write the output: No space left on device (os error 28)\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
#[cfg(target_os = "linux")]
fn an_endless_line_is_refused_without_growing() {
    // /dev/zero is one endless line: game31 reads lines, and refuses one longer than a game's.
    let out = Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 200000; exec \"$0\" < /dev/zero")
        .arg(binary("game31"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        "error: line 1 is longer than 1024 bytes: `\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00...`\n"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

/// Every problem binary: the names in problems/Cargo.toml's `bin = [...]` list, without the
/// checkers (`NAME-checker`), which read three files named on their command line.
fn binaries() -> Vec<std::path::PathBuf> {
    let manifest = include_str!("../Cargo.toml");
    manifest
        .lines()
        .filter_map(|l| l.trim().strip_prefix("{ name = \""))
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .filter(|name| !name.ends_with("-checker"))
        .map(binary)
        .collect()
}

#[test]
fn hostile_tokens_get_a_short_line() {
    let binaries = binaries();
    assert!(binaries.len() >= 13);
    let huge = vec![b'7'; 10_000_000];
    let mut bom_and_garbage = b"\xEF\xBB\xBF".to_vec();
    bom_and_garbage.extend_from_slice("x\u{2028}y".as_bytes());
    // 100 KB lines after a first valid-looking count: quoted by their start and length.
    let long_lines: Vec<Vec<u8>> = ["1", "1 ", "x", "12a", "\u{e9}"]
        .iter()
        .map(|unit| format!("1\n{}\n", unit.repeat(100_000 / unit.len())).into_bytes())
        .collect();
    for binary in &binaries {
        for input in [&huge, &bom_and_garbage].into_iter().chain(&long_lines) {
            let mut child = Command::new(binary)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            let data = input.clone();
            let writer = std::thread::spawn(move || {
                let _ = stdin.write_all(&data);
            });
            let out = child.wait_with_output().unwrap();
            writer.join().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{}: {err}", binary.display());
            assert!(
                err.starts_with("error: ") && err.lines().count() == 1,
                "{}: {err}",
                binary.display()
            );
            assert!(
                err.len() < 300,
                "{}: {} bytes of error",
                binary.display(),
                err.len()
            );
            assert!(
                !err.contains('\u{feff}'),
                "{}: the BOM is shown",
                binary.display()
            );
        }
    }
}
