//! `play`: a program against an interactive problem's jury, one dialogue, transcript shown.
//!
//! ```text
//! cargo run --release --bin play -- abc278g                                  # the problem's binary, perfect jury where it searches, else greedy
//! cargo run --release --bin play -- abc278g --start testcases/abc278g/max-limits.in --strategy random --seed 7
//! cargo run --release --bin play -- abc278g --program 'python3 mine.py'       # any program, through sh -c
//! cargo run --release --bin play -- xorbreak --bundle --strategy perfect      # the bundle, compiled as the judge compiles it
//! ```
//!
//! The jury is the one the problem's tests derive from its game (the runner's and `stress`'s).
//! Without `--start` the starts are drawn from `--seed` at `--size` (default the problem's
//! own). `--strategy`: `perfect` (quickest win; searches the game, so refused past the
//! problem's search size), `adversarial` (longest win; the same), `random`, `greedy` (a move to
//! a position the problem's game knows lost, else random; any size). Standard output: the
//! transcript (`> ` the jury's lines, `< ` the program's, `# ` the jury's notes), then the
//! verdict line. Exit status: 0 accepted, 1 not accepted or a failed build, 2 a usage error or
//! a refused setting (one line `error: ...`).

use checks::play::{Program, Session};
use checks::stress::Target;
use clap::Parser;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "play",
    about = "Play a program against an interactive problem's jury"
)]
struct Cli {
    /// The interactive problem (a file problems/NAME.rs with `interactive = true`).
    name: String,
    /// The program, as a shell command (default: the problem's own binary).
    #[arg(long, value_name = "CMD", conflicts_with = "bundle")]
    program: Option<String>,
    /// Play the problem's bundle, compiled as a plain judge compiles it.
    #[arg(long)]
    bundle: bool,
    /// The jury (default: perfect where it can search the starts, else greedy).
    #[arg(long, value_name = "NAME", value_parser = ["perfect", "adversarial", "random", "greedy"])]
    strategy: Option<String>,
    /// The seed of the random and greedy juries and of drawn starts.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// A case file holding the starts (`testcases/NAME/X.in`'s format).
    #[arg(long, value_name = "FILE", conflicts_with = "size")]
    start: Option<PathBuf>,
    /// The size of drawn starts (default: the problem's own).
    #[arg(long, value_name = "K")]
    size: Option<u64>,
    /// The program's CPU time for the dialogue, in seconds (default: the problem's time limit).
    #[arg(long, value_name = "SECONDS")]
    limit: Option<f64>,
    /// The workspace (default: the one this tool was built from).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
}

fn fail(message: &str, status: i32) -> ! {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    std::process::exit(status);
}

fn main() {
    let cli: Cli = model::cli::parse();
    let root = cli.root.unwrap_or_else(model::workspace::default_root);
    if let Err(e) = model::workspace::check_problem(&root, &cli.name) {
        fail(&e, 2);
    }
    let workspace = model::workspace::Workspace::load(&root).unwrap_or_else(|e| fail(&e, 1));
    let meta = workspace.meta(&cli.name).unwrap_or_else(|e| fail(&e, 1));
    if !meta.interactive {
        fail(
            &format!(
                "{} is not interactive (no `interactive = true` in problems/Cargo.toml): its cases run with ./run_tests.sh {}",
                cli.name, cli.name
            ),
            2,
        );
    }
    if let Some(start) = &cli.start {
        if !start.is_file() {
            fail(&format!("--start {}: no such file", start.display()), 2);
        }
    }
    let limit = match cli.limit {
        Some(s) if s > 0.0 && s <= sandbox::limits::MAX_SECONDS => Duration::from_secs_f64(s),
        Some(s) => fail(
            &format!(
                "--limit must be a positive number of seconds, at most {}, not {s}",
                sandbox::limits::MAX_SECONDS
            ),
            2,
        ),
        None => meta.case_limits(None).time,
    };
    let scratch = root.join("target").join("play");
    let program = match (&cli.program, cli.bundle) {
        (Some(line), _) => Program::Command(line.clone()),
        (None, true) => Program::Binary(
            checks::stress::bundle_binary(&root, &cli.name, meta.judge, &scratch)
                .unwrap_or_else(|e| fail(&e, 1)),
        ),
        (None, false) => Program::Binary(
            checks::stress::program_binary(&root, &Target::Problem(cli.name.clone()))
                .unwrap_or_else(|e| fail(&e, 1)),
        ),
    };
    let tester = checks::play::jury(&root, &cli.name).unwrap_or_else(|e| fail(&e, 1));
    let game = Session {
        program: &program,
        strategy: cli.strategy.as_deref(),
        seed: cli.seed,
        start: cli.start.as_deref(),
        size: cli.size,
        limit,
    };
    let played = checks::play::play(&tester, &game, &scratch).unwrap_or_else(|e| fail(&e, 2));
    let mut out = std::io::stdout().lock();
    let written = write!(out, "{}", played.transcript)
        .and_then(|_| writeln!(out, "{}", played.verdict))
        .and_then(|_| out.flush());
    if let Err(e) = written {
        fail(&format!("cannot write the output: {e}"), 1);
    }
    std::process::exit(if played.accepted { 0 } else { 1 });
}
