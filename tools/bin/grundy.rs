//! `grundy`: computes Grundy sequences of octal and subtraction games and certifies periods.
//!
//! ```text
//! cargo run --release --bin grundy -- octal 0.07
//! cargo run --release --bin grundy -- octal 0.6 --upto 100000 --method rare --values
//! cargo run --release --bin grundy -- subtraction 1,3,4
//! cargo run --release --bin grundy -- subtraction --set-file moves.txt --upto 200000 --values
//! cargo run --release --bin grundy -- grundys-game --upto 1048576
//! cargo run --release --bin grundy -- octal 0.07 --upto 400 --values | cargo run --release --bin grundy -- describe --extend 1000
//! printf '3 2\n0 1 B\n1 2 R\n' | cargo run --release --bin grundy -- hackenbush
//! printf 'hot: 1 | -1\n' | cargo run --release --bin grundy -- partizan
//! ```
//!
//! `hackenbush` and `partizan` print `value: X` and `outcome: C` (`analysis::partizan`); a bad
//! input is one line `error: ...` and exit 2.
//!
//! Output lines, for tools to read: `game: …`, `computed: N values`, `period: P` (or
//! `period: none`), `preperiod: E` (only with a period), `set: 1,3,4` (a subtraction game),
//! and with `--values` a line `values: v0 v1 …`. Progress (values/s and an estimate of the time left) goes to stderr on
//! long runs. `describe` reads values and prints their pattern and rule (see `analysis::describe`);
//! it exits 3 when `--extend N` finds no rule.
//!
//! Limits, checked before work: `--upto` no more values than fit in the memory available
//! (free memory or `--memory SIZE`, and `ulimit -v`; at most 2^32 - 1); without `--upto`, a
//! run stops at a certified period, at the values that fit in memory, or at 10^11 options
//! examined. The
//! time taken is the last line on stderr. Exit status: 0 with the answer; 1 with one line
//! `error: ...` (a bad code or set, a limit, a value above 65535, a failed write); 2 for a
//! usage error. The runs themselves are `analysis::analyzer`.

use analysis::analyzer::{
    analyze, memory_budget, parse_memory, within_max_values, ExitOnOutOfMemory, Game, Method, Plan,
};
use clap::{Parser, Subcommand, ValueEnum};
use grundy::octal::OctalCode;
use model::cli::usage_error;
use std::io::Write;

/// An allocation the system refuses is one line `error: ...` and exit 1, not an abort.
#[global_allocator]
static ALLOCATOR: ExitOnOutOfMemory = ExitOnOutOfMemory;

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
    /// A subtraction game given by its set, e.g. 1,3,4, or read from a file (--set-file).
    Subtraction {
        /// The amounts a move may take, comma-separated positive integers.
        #[arg(required_unless_present = "set_file", conflicts_with = "set_file")]
        set: Option<String>,
        /// Read the set from this file instead: positive integers separated by commas or
        /// whitespace (a set too long for a command line).
        #[arg(long, value_name = "FILE")]
        set_file: Option<std::path::PathBuf>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Grundy's game (split a heap into two unequal heaps), by the rare-value method: the
    /// P-positions, and with --values every value.
    GrundysGame {
        /// Compute this many values (at most what fits in memory: 12 bytes a value).
        #[arg(long, value_name = "N", value_parser = parse_upto)]
        upto: usize,
        /// Also print every computed value.
        #[arg(long)]
        values: bool,
        /// The memory the run may use, e.g. 4G (default: the memory available).
        #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
        memory: Option<u64>,
        /// Threads (1 or 2 are used: a helper with its own copy of the game starts every
        /// other run of 16 heaps, so two take twice the memory, and one when two copies do not
        /// fit; a step where one thread was measured faster runs on one; default: the cores
        /// available).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        threads: Option<u32>,
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
    /// A Blue-Red-Green Hackenbush picture: `n m`, then m edges `u v c` (vertex 0 the
    /// ground, c one of B, R, G); prints `value:` and `outcome:` (L, R, N or P).
    Hackenbush {
        /// The file to read (default: standard input).
        file: Option<std::path::PathBuf>,
    },
    /// A partizan game as option lists, one position a line: `NAME: L1 L2 | R1 R2` (options
    /// are names defined above or values: 0, -3/4, *, *2, ^, v); prints each position's value
    /// and class, then the last one's `value:` and `outcome:`.
    Partizan {
        /// The file to read (default: standard input).
        file: Option<std::path::PathBuf>,
    },
}

/// The most bytes `hackenbush` and `partizan` read.
const MAX_PARTIZAN_INPUT: u64 = 64 << 20;

/// Reads the input of `hackenbush` or `partizan`, answers it, and prints the answer; a bad
/// input is one line `error: …` and exit 2.
fn partizan_command(
    file: Option<std::path::PathBuf>,
    answer: fn(&str) -> Result<analysis::partizan::Answer, String>,
) -> Result<(), String> {
    use std::io::Read;
    let mut input = String::new();
    let read = match &file {
        Some(path) => std::fs::File::open(path)
            .and_then(|f| f.take(MAX_PARTIZAN_INPUT + 1).read_to_string(&mut input)),
        None => std::io::stdin()
            .lock()
            .take(MAX_PARTIZAN_INPUT + 1)
            .read_to_string(&mut input),
    };
    read.map_err(|e| format!("cannot read the input: {e}"))?;
    if input.len() as u64 > MAX_PARTIZAN_INPUT {
        usage_error(&format!("the input is over {MAX_PARTIZAN_INPUT} bytes"));
    }
    let answer = answer(&input).unwrap_or_else(|e| usage_error(&e));
    let mut out = std::io::stdout().lock();
    out.write_all(answer.text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write the output: {e}"))
}

#[derive(clap::Args)]
struct RunArgs {
    /// Compute exactly this many values (then report a period only if they certify one); at
    /// most what fits in memory (and 2^32 - 1). Without it: until a period is certified,
    /// memory is full, or 10^11 options are examined, whichever comes first.
    #[arg(long, value_name = "N", value_parser = parse_upto)]
    upto: Option<usize>,
    /// How split moves are evaluated; all methods give the same values.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
    /// Also print every computed value.
    #[arg(long)]
    values: bool,
    /// Without --upto: stop after this many options examined (the run's cost; 10^11, a few
    /// minutes, by default).
    #[arg(long, value_name = "OPTIONS", default_value_t = analysis::analyzer::DEFAULT_WORK, conflicts_with = "upto")]
    work: u64,
    /// The memory the run may use, e.g. 4G or 512M (default: the memory available, from
    /// /proc/meminfo); `ulimit -v` still applies.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    memory: Option<u64>,
    /// Threads for the default method (1 or 2 are used: the far pass of each block of heaps
    /// runs on a second one; default: the cores available).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
}

#[derive(Clone, Copy, ValueEnum)]
enum MethodArg {
    Naive,
    Rare,
    Auto,
}

/// `--upto N`: a count of values, at most [`analysis::analyzer::MAX_VALUES`] (a usage error
/// beyond, as a bad code).
fn parse_upto(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .map_err(|e| e.to_string())
        .and_then(within_max_values)
}

/// The set `1,3,4`: every piece between commas a number, so an empty text (one empty piece)
/// is refused like any other bad piece.
fn parse_set(text: &str) -> Result<Vec<usize>, String> {
    text.split(',')
        .map(|s| s.trim().parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("bad subtraction set `{text}`: expected positive integers separated by commas, e.g. 1,3,4"))
}

/// The set in a file: positive integers separated by commas or whitespace (any mix, at least
/// one number). A bad piece is a usage error naming it; a file that cannot be read, exit 1.
fn read_set_file(path: &std::path::Path) -> Result<Vec<usize>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("--set-file {}: {e}", path.display()))?;
    let pieces: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    if pieces.is_empty() {
        usage_error(&format!(
            "--set-file {}: no number in the file",
            path.display()
        ));
    }
    let mut set = Vec::with_capacity(pieces.len());
    for piece in pieces {
        match piece.parse::<usize>() {
            Ok(s) => set.push(s),
            Err(_) => {
                let shown: String = piece.chars().take(20).collect();
                usage_error(&format!(
                    "bad subtraction set in {}: `{shown}` is not a positive integer (expected numbers separated by commas or whitespace)",
                    path.display()
                ))
            }
        }
    }
    Ok(set)
}

fn run() -> Result<(), String> {
    let cli: Cli = model::cli::parse();
    let (game, run) = match cli.game {
        GameArg::Describe {
            file,
            table,
            extend,
            svg,
        } => {
            let request = analysis::describe::Request {
                file,
                table,
                extend,
                svg,
            };
            let answer = analysis::describe::describe(&request)?;
            let mut out = std::io::stdout().lock();
            out.write_all(answer.text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| format!("cannot write the output: {e}"))?;
            if answer.status != 0 {
                std::process::exit(answer.status);
            }
            return Ok(());
        }
        GameArg::Hackenbush { file } => {
            return partizan_command(file, analysis::partizan::hackenbush);
        }
        GameArg::Partizan { file } => return partizan_command(file, analysis::partizan::partizan),
        GameArg::GrundysGame {
            upto,
            values,
            memory,
            threads,
        } => {
            let start = std::time::Instant::now();
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            analysis::analyzer::grundys_game(
                upto,
                values,
                memory_budget(memory),
                threads_or_cores(threads),
                &mut out,
            )?;
            eprintln!("time: {:.2} s", start.elapsed().as_secs_f64());
            return Ok(());
        }
        GameArg::Octal { code, run } => {
            // A bad code or set is a usage error (exit 2), as clap's own are.
            let code: OctalCode = code
                .parse()
                .unwrap_or_else(|e| usage_error(&format!("{e}")));
            (Game::octal(code), run)
        }
        GameArg::Subtraction { set, set_file, run } => {
            let set = match (set, set_file) {
                (Some(set), _) => parse_set(&set).unwrap_or_else(|e| usage_error(&e)),
                // An unreadable file is an error (exit 1); a bad set in it a usage error.
                (None, Some(path)) => read_set_file(&path)?,
                (None, None) => usage_error("a set or --set-file FILE is required"),
            };
            let game = Game::subtraction(&set);
            (game.unwrap_or_else(|e| usage_error(&e)), run)
        }
    };
    let run = Plan {
        upto: run.upto,
        method: match run.method {
            MethodArg::Naive => Method::Naive,
            MethodArg::Rare => Method::Rare,
            MethodArg::Auto => Method::Auto,
        },
        values: run.values,
        memory: memory_budget(run.memory),
        work: run.work,
        threads: threads_or_cores(run.threads),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    analyze(&game, &run, &mut out)
}

/// `--threads` as given, else the cores available (one if they cannot be read).
fn threads_or_cores(threads: Option<u32>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    )
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
