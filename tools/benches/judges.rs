//! `cargo bench -p tools --bench judges`: problem binaries and their judge bundles against
//! tight C solutions (`benches/reference/*.c`, compiled with `gcc -O2`) at the judges' maximum
//! inputs (`testcases/NAME/max-limits.in`), in paired runs: ours and the reference alternate,
//! and the table shows the median wall time of each and their ratio.
//!
//! The first row is the floor: an empty Rust `main` against an empty C `main` (rustc -O, gcc
//! -O2), the start-up every Rust process pays before reading a byte.
//!
//! `-- 50` sets the number of paired runs (default 30); `-- pegostripes` (any other argument)
//! runs only the problems named.

use sandbox::cargo;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn run_once(binary: &Path, input: &Path) -> Duration {
    let start = Instant::now();
    let status = Command::new(binary)
        .stdin(std::fs::File::open(input).expect("the input exists"))
        .stdout(Stdio::null())
        .status()
        .expect("the binary runs");
    assert!(status.success(), "{} failed", binary.display());
    start.elapsed()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The medians of `runs` alternating runs of `ours` and `reference` on `input`.
fn paired(ours: &Path, reference: &Path, input: &Path, runs: usize) -> (Duration, Duration) {
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        mine.push(run_once(ours, input));
        theirs.push(run_once(reference, input));
    }
    (median(mine), median(theirs))
}

fn print_row(what: &str, (m, t): (Duration, Duration)) {
    println!(
        "{:<28} {:>10.2} {:>14.2} {:>6.2}x",
        what,
        m.as_secs_f64() * 1e3,
        t.as_secs_f64() * 1e3,
        m.as_secs_f64() / t.as_secs_f64()
    );
}

/// An empty Rust program and an empty C program compiled into `work` as `empty-rs` and
/// `empty-c`: `None` without rustc or gcc.
fn empty_programs(work: &Path) -> Option<(PathBuf, PathBuf)> {
    let (rust, c) = (work.join("empty-rs"), work.join("empty-c"));
    let (rs_file, c_file) = (work.join("empty.rs"), work.join("empty.c"));
    std::fs::write(&rs_file, "fn main() {}\n").unwrap();
    std::fs::write(&c_file, "int main(void) { return 0; }\n").unwrap();
    let rustc = Command::new("rustc")
        .args(["-O", "-o"])
        .arg(&rust)
        .arg(rs_file)
        .status();
    let gcc = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&c)
        .arg(c_file)
        .status();
    match (rustc, gcc) {
        (Ok(r), Ok(g)) if r.success() && g.success() => Some((rust, c)),
        _ => None,
    }
}

fn main() {
    let runs: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(30);
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a.parse::<usize>().is_err() && !a.starts_with('-'))
        .collect();
    let root = model::workspace::default_root();
    // Where cargo writes and what it built, from cargo itself (`CARGO_TARGET_DIR` honoured).
    let metadata = cargo::metadata(&root).expect("cargo metadata runs");
    let workspace = model::workspace::Workspace::load(&root).expect("problems/Cargo.toml reads");
    let work = metadata.target_dir.join("bench-judges");
    std::fs::create_dir_all(&work).unwrap();
    let built = cargo::build(&root, &["build", "--release", "--quiet", "-p", "problems"])
        .expect("the problems build");
    let binary = |name: &str| {
        built
            .iter()
            .find(|a| a.kind == "bin" && a.target == name)
            .map(|a| a.executable.clone())
            .expect("cargo built the problem")
    };
    println!(
        "{:<28} {:>10} {:>14} {:>7}",
        "what (max input)", "ours ms", "reference ms", "ratio"
    );
    let empty_input = work.join("empty.in");
    std::fs::write(&empty_input, "").unwrap();
    if let Some((rust, c)) = empty_programs(&work) {
        print_row("empty main (floor)", paired(&rust, &c, &empty_input, runs));
    }
    for name in [
        "knights",
        "nukit",
        "pegostripes",
        "towerbreakers_again",
        "lieges",
        "deforestation",
        "dividing_game",
        "wythoff",
        "nim_product",
    ] {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let reference = work.join(format!("{name}-c"));
        let source = root
            .join("tools/benches/reference")
            .join(format!("{name}.c"));
        let compiled = Command::new("gcc")
            .args(["-O2", "-o"])
            .arg(&reference)
            .arg(&source)
            .status();
        if !matches!(compiled, Ok(s) if s.success()) {
            println!("{name}: gcc is not available, skipped");
            continue;
        }
        let judge = workspace.meta(name).expect("the problem's metadata").judge;
        let bundle = bundler::bundle(&root, name, judge).expect("bundles");
        let bundle_source = work.join(format!("{name}-bundle.rs"));
        std::fs::write(&bundle_source, bundle.text).unwrap();
        let bundle_binary: PathBuf = work.join(format!("{name}-bundle"));
        let rustc = Command::new("rustc")
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&bundle_binary)
            .arg(&bundle_source)
            .status()
            .expect("rustc runs");
        assert!(rustc.success());
        let input = root.join("testcases").join(name).join("max-limits.in");
        for (label, ours) in [("binary", binary(name)), ("bundle", bundle_binary)] {
            let what = format!("{name} ({label})");
            print_row(&what, paired(&ours, &reference, &input, runs));
        }
    }
}
