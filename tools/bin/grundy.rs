//! `grundy`: computes Grundy sequences of octal and subtraction games and certifies periods.
//!
//! ```text
//! cargo run --release --bin grundy -- octal 0.07
//! cargo run --release --bin grundy -- octal 0.6 --upto 100000 --method rare --values
//! cargo run --release --bin grundy -- subtraction 1,3,4
//! cargo run --release --bin grundy -- octal 0.07 --upto 400 --values | cargo run --release --bin grundy -- describe --extend 1000
//! ```
//!
//! Output lines, for tools to read: `game: …`, `computed: N values`, `period: P` (or
//! `period: none`), `preperiod: E` (only with a period), and with `--values` a line
//! `values: v0 v1 …`. Progress (values/s and an estimate of the time left) goes to stderr on
//! long runs. `describe` reads values and prints their pattern and rule (see `tools::describe`);
//! it exits 3 when `--extend N` finds no rule.
//!
//! Limits, checked before work: `--upto` at most 2^28 values (about 1.5 GiB); without
//! `--upto`, a run stops at a certified period, 2^23 values or 3·10^10 options examined.
//! Exit status: 0 with the answer; 1 with one line `error: ...` (a bad code or set, a limit, a
//! value above 65535, a failed write); 2 for a usage error.

use clap::{Parser, Subcommand, ValueEnum};
use grundy::octal::{Method, OctalCode, OctalGame};
use grundy::subtraction::subtraction_game;
use std::io::Write;
use std::time::Instant;

/// Values computed when `--upto` is not given and no period is certified sooner.
const DEFAULT_CAP: usize = 1 << 23;
/// Options examined at most when `--upto` is not given: the default cap also depends on the
/// game's cost (about half a minute here for a naive method; a rare-value run gets further:
/// .376 is certified from 4.6M values with 2.5·10^10).
const DEFAULT_WORK: u64 = 30_000_000_000;
/// The most values `--upto` may ask for: 2 bytes a value, plus the rare-value index, stay
/// below about 1.5 GiB.
const MAX_VALUES: usize = 1 << 28;
/// Codes longer than this are shown shortened in the `game:` line.
const SHOWN_CODE: usize = 60;

#[derive(Parser)]
#[command(
    name = "grundy",
    about = "Grundy sequences and certified periods of octal and subtraction games"
)]
struct Cli {
    #[command(subcommand)]
    game: GameArg,
}

#[derive(Subcommand)]
enum GameArg {
    /// An octal game given by its code, e.g. 0.07 (Dawson's Kayles) or 0.6 (Officers).
    Octal {
        /// The code d0.d1d2…dk: d0 is 0 or 4, the other digits 0-7.
        code: String,
        #[command(flatten)]
        run: RunArgs,
    },
    /// A subtraction game given by its set, e.g. 1,3,4.
    Subtraction {
        /// The amounts a move may take, comma-separated positive integers.
        set: String,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Find the pattern in values read as whitespace-separated integers (`key: value` lines
    /// skipped, a `values:` line read): period, preperiod, saltus, P-positions, and the rule
    /// that extends them; with --table, a table, one row per line.
    Describe {
        /// The file to read (default: standard input).
        file: Option<std::path::PathBuf>,
        /// Read a table (one row per line) and report row and column periods.
        #[arg(long)]
        table: bool,
        /// Print N values (with --table, N rows of N) from the rule found; exit 3 without one.
        #[arg(long, value_name = "N")]
        extend: Option<usize>,
        /// Draw the values (or the table) to this SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
    },
}

#[derive(clap::Args)]
struct RunArgs {
    /// Compute exactly this many values (then report a period only if they certify one); at
    /// most 268435456 (2^28), about 1.5 GiB of memory. Without it: until a period is certified,
    /// 2^23 values, or 3·10^10 options examined, whichever comes first.
    #[arg(long, value_name = "N")]
    upto: Option<usize>,
    /// How split moves are evaluated; all methods give the same values.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
    /// Also print every computed value.
    #[arg(long)]
    values: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum MethodArg {
    Naive,
    Rare,
    Auto,
}

fn parse_set(text: &str) -> Result<Vec<usize>, String> {
    let set: Result<Vec<usize>, _> = text.split(',').map(|s| s.trim().parse::<usize>()).collect();
    match set {
        Ok(set) if !set.is_empty() => Ok(set),
        _ => Err(format!("bad subtraction set `{text}`: expected positive integers separated by commas, e.g. 1,3,4")),
    }
}

fn run() -> Result<(), String> {
    let cli = Cli::parse();
    let (mut game, run) = match cli.game {
        GameArg::Describe {
            file,
            table,
            extend,
            svg,
        } => {
            let request = tools::describe::Request {
                file,
                table,
                extend,
                svg,
            };
            let answer = tools::describe::describe(&request)?;
            let mut out = std::io::stdout().lock();
            out.write_all(answer.text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| format!("cannot write the output: {e}"))?;
            if answer.status != 0 {
                std::process::exit(answer.status);
            }
            return Ok(());
        }
        GameArg::Octal { code, run } => {
            let code: OctalCode = code.parse().map_err(|e| format!("{e}"))?;
            (OctalGame::new(code, method(run.method)), run)
        }
        GameArg::Subtraction { set, run } => {
            let set = parse_set(&set)?;
            let game = subtraction_game(&set, method(run.method))
                .map_err(|e| format!("bad subtraction set: {e}"))?;
            (game, run)
        }
    };
    let code = game.code().to_string();
    let name = if code.len() > SHOWN_CODE {
        format!(
            "{}...{} ({} digits)",
            &code[..SHOWN_CODE / 2],
            &code[code.len() - 10..],
            code.len() - 2
        )
    } else {
        code
    };
    if run.upto.is_some_and(|n| n > MAX_VALUES) {
        return Err(format!(
            "--upto: at most {MAX_VALUES} values (2^28, about 1.5 GiB of memory)"
        ));
    }
    let start = Instant::now();
    let mut last_report = (Instant::now(), 0usize, 0u64);
    let mut progress = |len: usize, work: u64, goal: Option<usize>, budget: Option<u64>| {
        let (at, last_len, last_work) = last_report;
        if at.elapsed().as_secs() < 2 {
            return;
        }
        let elapsed = start.elapsed().as_secs_f64();
        let rate = len as f64 / elapsed;
        // Work grows like len^a; a from the last two reports estimates what the values left
        // cost. A work budget ends the run at a known amount of work.
        let by_values = goal
            .filter(|&g| g > len && last_len > 0 && len > last_len && work > last_work)
            .map(|g| {
                let a = ((work as f64 / last_work as f64).ln()
                    / (len as f64 / last_len as f64).ln())
                .clamp(1.0, 3.0);
                elapsed * ((g as f64 / len as f64).powf(a) - 1.0)
            });
        let by_work = budget
            .filter(|_| work > 0 && goal.map_or(true, |g| len < g))
            .map(|b| elapsed * (b.saturating_sub(work) as f64 / work as f64));
        let eta = match (by_values, by_work) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        match eta {
            Some(eta) => eprintln!(
                "... {len} values, {rate:.0} values/s, {elapsed:.1} s, about {eta:.0} s to go"
            ),
            None => eprintln!("... {len} values, {rate:.0} values/s, {elapsed:.1} s"),
        }
        last_report = (Instant::now(), len, work);
    };
    let too_large = |e: grundy::octal::ValueTooLarge| e.to_string();
    let period = match run.upto {
        Some(n) => {
            // Exactly n values, computed in steps so that progress shows on long runs.
            while game.len() < n {
                game.try_extend_to((game.len() + (game.len() / 8).max(1024)).min(n))
                    .map_err(too_large)?;
                progress(game.len(), game.work(), Some(n), None);
            }
            grundy::periodicity::certify(game.values(), game.rule())
        }
        None => {
            let found = game
                .run_until_certified_within(DEFAULT_CAP, DEFAULT_WORK, |len, work| {
                    progress(len, work, Some(DEFAULT_CAP), Some(DEFAULT_WORK))
                })
                .map_err(too_large)?;
            if found.is_none() && game.len() < DEFAULT_CAP {
                eprintln!(
                    "note: no period within {} values: the default cap stops at {:.1e} options examined; --upto N computes exactly N values",
                    game.len(),
                    game.work() as f64
                );
            }
            found
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let write = |out: &mut dyn Write| -> std::io::Result<()> {
        writeln!(out, "game: {name}")?;
        writeln!(out, "computed: {} values", game.len())?;
        match period {
            Some(p) => {
                writeln!(out, "period: {}", p.period)?;
                writeln!(out, "preperiod: {}", p.preperiod)?;
            }
            None => writeln!(out, "period: none")?,
        }
        if run.values {
            write!(out, "values:")?;
            game.values().iter().try_for_each(|v| write!(out, " {v}"))?;
            writeln!(out)?;
        }
        out.flush()
    };
    write(&mut out).map_err(|e| format!("cannot write the output: {e}"))
}

fn method(arg: MethodArg) -> Method {
    match arg {
        MethodArg::Naive => Method::Naive,
        MethodArg::Rare => Method::Rare,
        MethodArg::Auto => Method::Auto,
    }
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
