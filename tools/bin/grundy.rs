//! `grundy`: computes Grundy sequences of octal and subtraction games and certifies periods.
//!
//! ```text
//! cargo run --release --bin grundy -- octal 0.07
//! cargo run --release --bin grundy -- octal 0.6 --upto 100000 --method rare --values
//! cargo run --release --bin grundy -- subtraction 1,3,4
//! cargo run --release --bin grundy -- octal 0.07 --upto 400 --values | cut -d' ' -f2- | cargo run --release --bin grundy -- describe
//! ```
//!
//! Output lines, for tools to read: `game: …`, `computed: N values`, `period: P` (or
//! `period: none`), `preperiod: E` (only with a period), and with `--values` a line
//! `values: v0 v1 …`. Progress (values/s and an estimate of the time left) goes to stderr on
//! long runs. `describe` reads values and prints their pattern (see `grundy::pattern`).
//!
//! Limits, checked before work: `--upto` at most 2^28 values and no more than fit in the
//! memory available (free memory and `ulimit -v`); without `--upto`, a run stops at a
//! certified period, at the values that fit in memory, or at 3·10^10 options examined. The
//! time taken is the last line on stderr. Exit status: 0 with the answer; 1 with one line
//! `error: ...` (a bad code or set, a limit, a value above 65535, a failed write); 2 for a
//! usage error. The runs themselves are `tools::analyzer`.

use clap::{Parser, Subcommand, ValueEnum};
use grundy::octal::OctalCode;
use std::io::{Read, Write};
use tools::analyzer::{analyze, memory_available, ExitOnOutOfMemory, Game, Method, Run};

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
    /// A subtraction game given by its set, e.g. 1,3,4.
    Subtraction {
        /// The amounts a move may take, comma-separated positive integers.
        set: String,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Find the pattern in values read as whitespace-separated integers: period, preperiod,
    /// saltus, P-positions; with --table, rows and columns of a table, one row per line.
    Describe {
        /// The file to read (default: standard input).
        file: Option<std::path::PathBuf>,
        /// Read a table (one row per line) and report row and column periods.
        #[arg(long)]
        table: bool,
    },
}

#[derive(clap::Args)]
struct RunArgs {
    /// Compute exactly this many values (then report a period only if they certify one); at
    /// most 268435456 (2^28) and what fits in memory. Without it: until a period is
    /// certified, memory is full, or 3·10^10 options are examined, whichever comes first.
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

/// Values for `describe`: whitespace-separated integers, rows by line.
fn read_rows(file: Option<&std::path::Path>) -> Result<Vec<Vec<u64>>, String> {
    let mut text = String::new();
    let read = match file {
        Some(path) => std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text)),
        None => std::io::stdin().read_to_string(&mut text),
    };
    read.map_err(|e| format!("cannot read the values: {e}"))?;
    let mut rows = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let row: Result<Vec<u64>, String> = line
            .split_whitespace()
            .map(|token| {
                token.parse::<u64>().map_err(|_| {
                    let shown: String = token.chars().take(20).collect();
                    format!(
                        "line {}: `{shown}` is not a non-negative integer",
                        number + 1
                    )
                })
            })
            .collect();
        let row = row?;
        if !row.is_empty() {
            rows.push(row);
        }
    }
    Ok(rows)
}

fn describe(file: Option<&std::path::Path>, table: bool) -> Result<String, String> {
    let rows = read_rows(file)?;
    if !table {
        let values: Vec<u64> = rows.into_iter().flatten().collect();
        let d = grundy::pattern::describe(&values);
        return Ok(format!("values: {}\n{d}", values.len()));
    }
    if let Some(bad) = rows.iter().position(|r| r.len() != rows[0].len()) {
        return Err(format!(
            "row {} has {} values, row 1 has {}: a table's rows must be equally long",
            bad + 1,
            rows[bad].len(),
            rows[0].len()
        ));
    }
    let d = grundy::pattern::describe_table(&rows);
    let show = |p: Option<(usize, usize)>| match p {
        Some((p, e)) => format!("{p} (from {e})"),
        None => "none".to_string(),
    };
    Ok(format!(
        "rows: {}\ncolumns: {}\nrow period: {}\ncolumn period: {}\np-position row period: {}\np-position column period: {}\n{}",
        rows.len(),
        rows.first().map_or(0, Vec::len),
        show(d.row_period),
        show(d.column_period),
        show(d.p_row_period),
        show(d.p_column_period),
        d.rendered
    ))
}

fn run() -> Result<(), String> {
    let cli = Cli::parse();
    let (game, run) = match cli.game {
        GameArg::Describe { file, table } => {
            let text = describe(file.as_deref(), table)?;
            let mut out = std::io::stdout().lock();
            return out
                .write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| format!("cannot write the output: {e}"));
        }
        GameArg::Octal { code, run } => {
            let code: OctalCode = code.parse().map_err(|e| format!("{e}"))?;
            (Game::octal(code), run)
        }
        GameArg::Subtraction { set, run } => (Game::subtraction(&parse_set(&set)?)?, run),
    };
    let run = Run {
        upto: run.upto,
        method: match run.method {
            MethodArg::Naive => Method::Naive,
            MethodArg::Rare => Method::Rare,
            MethodArg::Auto => Method::Auto,
        },
        values: run.values,
        memory: memory_available(),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    analyze(&game, &run, &mut out)
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
