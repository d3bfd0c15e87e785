//! Every binary on about 20 MB of valid input under a virtual-memory limit of 1.3 times the
//! input plus 8 MiB (`ulimit -v`): the input is held once, queries are never stored, and large
//! answers are streamed after a checking pass. Linux only (it uses bash's `ulimit`).

use std::io::Write;
use std::process::{Command, Stdio};

const SIZE: usize = 20 << 20;

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
    let knights = env!("CARGO_BIN_EXE_knights");
    let bin_dir = std::path::Path::new(knights).parent().unwrap();
    for (name, head, unit) in inputs() {
        let repeats = SIZE / unit.len();
        let path = dir.join(format!("{}.in", name));
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        file.write_all(head(repeats).as_bytes()).unwrap();
        for _ in 0..repeats {
            file.write_all(unit.as_bytes()).unwrap();
        }
        file.into_inner().unwrap().sync_all().unwrap();
        let size = std::fs::metadata(&path).unwrap().len() as usize;
        let limit_kib = size * 13 / 10 / 1024 + 8 * 1024;
        let binary = bin_dir.join(name);
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

/// Every problem binary: the names in problems/Cargo.toml's `bin = [...]` list.
fn binaries() -> Vec<std::path::PathBuf> {
    let manifest = include_str!("../Cargo.toml");
    let dir = std::path::Path::new(env!("CARGO_BIN_EXE_knights"))
        .parent()
        .unwrap()
        .to_path_buf();
    manifest
        .lines()
        .filter_map(|l| l.trim().strip_prefix("{ name = \""))
        .map(|rest| dir.join(&rest[..rest.find('"').unwrap()]))
        .collect()
}

#[test]
fn hostile_tokens_get_a_short_line() {
    let binaries = binaries();
    assert!(binaries.len() >= 13);
    let huge = vec![b'7'; 10_000_000];
    let mut bom_and_garbage = b"\xEF\xBB\xBF".to_vec();
    bom_and_garbage.extend_from_slice("x\u{2028}y".as_bytes());
    for binary in &binaries {
        for input in [&huge, &bom_and_garbage] {
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
