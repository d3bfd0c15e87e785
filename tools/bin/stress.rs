//! `stress`: a problem's fast `solve` against its brute force on seeded random inputs, until a
//! number of inputs or seconds, in-process (in the problem's own test binary, where its
//! generator and brute force live: the `stress` test that `testkit::problem_tests!` writes).
//!
//! ```text
//! cargo run --release --bin stress -- knights --seconds 30
//! cargo run --release --bin stress -- nukit --iters 5000 --seed 7 --size 6
//! ```
//!
//! Progress (inputs per second) goes to standard error. With no disagreement it prints
//! `N inputs agree (seed S)` and exits 0. At the first disagreement (a refusal counts) it
//! shrinks the input, saves it as `testcases/NAME/stress-SEED.in` with the brute force's answer
//! as `.out`, prints both answers and the first differing line, and exits 1. Exit status 2: a
//! usage error or an unknown problem.

use clap::Parser;
use std::io::Write;
use std::process::{Command, Stdio};

#[derive(Parser)]
#[command(
    name = "stress",
    about = "Fast solution against brute force on random inputs"
)]
struct Cli {
    /// The problem: a file problems/NAME.rs.
    name: String,
    /// Stop after this many inputs.
    #[arg(long, value_name = "N", conflicts_with = "seconds")]
    iters: Option<u64>,
    /// Stop after this many seconds (default 10).
    #[arg(long, value_name = "S")]
    seconds: Option<f64>,
    /// The first seed (default: from the clock, printed in the summary).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The size passed to the generator (default: the problem's own).
    #[arg(long, value_name = "K")]
    size: Option<u64>,
}

fn main() {
    let cli = Cli::parse();
    let root = tools::workspace::default_root();
    if let Err(e) = tools::workspace::check_problem(&root, &cli.name) {
        let _ = writeln!(std::io::stderr(), "error: {}", e);
        std::process::exit(2);
    }
    if cli.seconds.is_some_and(|s| !(s > 0.0 && s.is_finite())) {
        let _ = writeln!(
            std::io::stderr(),
            "error: --seconds must be a positive number"
        );
        std::process::exit(2);
    }
    let report =
        std::env::temp_dir().join(format!("stress-{}-{}.txt", cli.name, std::process::id()));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut command = Command::new(cargo);
    command
        .current_dir(&root)
        .args([
            "test", "--quiet", "-p", "problems", "--bin", &cli.name, "--",
        ])
        .args(["--ignored", "--exact", "tests::stress", "--nocapture"])
        .env("STRESS_REPORT", &report)
        .stdout(Stdio::null());
    if let Some(iters) = cli.iters {
        command.env("STRESS_ITERS", iters.to_string());
    }
    if let Some(seconds) = cli.seconds {
        command.env("STRESS_SECONDS", seconds.to_string());
    }
    if let Some(seed) = cli.seed {
        command.env("STRESS_SEED", seed.to_string());
    }
    if let Some(size) = cli.size {
        command.env("STRESS_SIZE", size.to_string());
    }
    let status = match command.status() {
        Ok(status) => status,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: cannot run cargo: {}", e);
            std::process::exit(1);
        }
    };
    match std::fs::read_to_string(&report) {
        Ok(text) => {
            let _ = std::fs::remove_file(&report);
            let mut out = std::io::stdout().lock();
            if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                let _ = writeln!(std::io::stderr(), "error: cannot write the output: {}", e);
                std::process::exit(1);
            }
        }
        Err(_) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: the problem's tests did not run (does problems/{}.rs call testkit::problem_tests!?)",
                cli.name
            );
            std::process::exit(1);
        }
    }
    std::process::exit(if status.success() { 0 } else { 1 });
}
