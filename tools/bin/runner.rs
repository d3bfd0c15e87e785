//! `runner [NAME...]`: the regression runner that `./run_tests.sh` builds and runs (see
//! `runner`). Settings come from the environment: `TIMEOUT`, `NO_BUNDLE`, `OLD_RUSTC`,
//! `ATCODER` (and cargo's own, such as `CARGO_TARGET_DIR`). Exit status: 0 all passed, 1
//! something failed, 2 bad usage or settings.

use clap::Parser;
use std::io::Write;
use std::path::PathBuf;

/// Builds the workspace, runs its unit tests, every problem on its testcases and every bundle.
#[derive(Parser)]
#[command(name = "run_tests.sh", bin_name = "./run_tests.sh")]
struct Cli {
    /// Only these problems, one after another: each one's unit tests, clippy, formatting,
    /// cases and bundle.
    names: Vec<String>,
    /// The workspace (default: the one this tool was built from).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
    /// A bundler already built, used instead of building tools' `bundle` (for tests that run
    /// the loop on a copy of the workspace).
    #[arg(long, value_name = "PATH", hide = true)]
    bundler: Option<PathBuf>,
}

fn main() {
    let cli: Cli = model::cli::parse();
    let root = cli.root.unwrap_or_else(model::workspace::default_root);
    let only: Vec<Option<String>> = match cli.names.len() {
        0 => vec![None],
        _ => cli.names.into_iter().map(Some).collect(),
    };
    // Every name checked before anything is built.
    let mut each = Vec::new();
    for name in only {
        match runner::Settings::new(root.clone(), name, |key| std::env::var(key).ok()) {
            Ok(mut settings) => {
                settings.bundler.clone_from(&cli.bundler);
                each.push(settings);
            }
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "error: {e}");
                std::process::exit(2);
            }
        }
    }
    std::process::exit(match each.len() {
        1 => runner::run(&each[0]),
        _ => runner::run_each(&each),
    });
}
