//! `stress`: a problem's fast `solve` against its brute force on seeded random inputs, until a
//! number of inputs or seconds, in-process (in the problem's own test binary, built optimised,
//! where its generator and brute force live: the `stress` test that `testkit::problem_tests!`
//! writes).
//!
//! ```text
//! cargo run --release --bin stress -- knights --seconds 30
//! cargo run --release --bin stress -- nukit --iters 5000 --seed 7 --size 6
//! cargo run --release --bin stress -- starter --seconds 10 --memory 2048
//! cargo run --release --bin stress -- knights --reference 'python3 ref.py' --seconds 30
//! cargo run --release --bin stress -- knights --reference ./ref --max --iters 3 --bundle
//! ```
//!
//! Progress (inputs per second) goes to standard error. With no disagreement it prints
//! `N inputs agree (seed S)` and exits 0. At the first disagreement (a refusal counts) it
//! shrinks the input, saves it as `testcases/NAME/stress-SEED.in` with the brute force's answer
//! as `.out`, prints both answers and the first differing line, and exits 1. A test binary that
//! crashes is reported by its signal and its last lines on standard error, exit status 1. Exit
//! status 2: a usage error, a setting out of range, or an unknown problem.
//!
//! `--seconds` is a hard bound: an input still running at the bound is stopped, the report
//! says how many inputs agreed and which seed was running (exit 0), or that a disagreement was
//! being shrunk (saved as found, exit 1).
//!
//! With `--reference COMMAND` (run by `sh -c`), our program (the problem's release binary, or
//! with `--bundle` its bundle) and the reference run as processes on each input; the
//! reference's answer replaces the brute force's, a disagreement is saved as
//! `testcases/NAME/reference-SEED.in/.out`, and a summary gives each program's largest CPU time
//! and peak memory, ours against the problem's `time-limit` and `memory-limit`. Exit status 1
//! also when our program passed a limit, or when the reference gave no answer. `--max` takes
//! the judge's largest inputs (`Problem::max_cases`) instead of the generator's small ones.

use checks::compare::{Programs, Server, Usages};
use checks::stress::{Conclusion, Target};
use clap::Parser;
use std::io::Write;
use std::time::{Duration, Instant};
use testkit::StressRequest;

#[derive(Parser)]
#[command(
    name = "stress",
    // `--seconds -1` reaches the settings' check, which says what is accepted.
    allow_negative_numbers = true,
    about = "Fast solution against brute force on random inputs"
)]
struct Cli {
    /// The problem (a file problems/NAME.rs) or a starter (starter, starter_atcoder, ...).
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
    /// The size passed to the generator, 1 to 1000000 (default: the problem's own), or a range
    /// A..=B, each input's size drawn from it (small, middling and large alike). Up to the
    /// problem's MAX_SIZE against the brute force, its MAX_GENERATED_SIZE with --reference.
    #[arg(long, value_name = "K|A..=B", value_parser = checks::stress::parse_size)]
    size: Option<(Option<u64>, u64)>,
    /// The test binary's memory cap in MiB, 64 to 1048576: beyond it an allocation fails and
    /// the run is reported as a crash.
    #[arg(long, value_name = "MIB", default_value_t = checks::stress::DEFAULT_MEMORY_MIB)]
    memory: u64,
    /// A reference program, a shell command (`python3 ref.py`, `./a.out`): its answers replace
    /// the brute force's, and our program runs as a process, timed and measured.
    #[arg(long, value_name = "COMMAND")]
    reference: Option<String>,
    /// With --reference: the judge's largest inputs (Problem::max_cases) instead of the
    /// generator's.
    #[arg(long, requires = "reference")]
    max: bool,
    /// With --reference: run the problem's bundle (compiled as its judge compiles it) instead
    /// of its binary.
    #[arg(long, requires = "reference")]
    bundle: bool,
    /// The workspace (default: the one this tool was built from).
    #[arg(long, value_name = "DIR")]
    root: Option<std::path::PathBuf>,
}

fn fail(message: &str, status: i32) -> ! {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    std::process::exit(status);
}

/// Runs the stress `command` against a reference (`programs`) served on a socket: the run's
/// end and both programs' usage. `seconds` bounds the run when given, `backstop` kills it.
fn compared(
    cli: &Cli,
    mut command: std::process::Command,
    report: &std::path::Path,
    programs: &Programs,
    seconds: Option<f64>,
    backstop: Option<Duration>,
) -> Result<(Conclusion, Usages), String> {
    let server = Server::listen(&cli.name).unwrap_or_else(|e| fail(&e, 1));
    command.env(testkit::reference::STRESS_PROGRAMS, server.path());
    if cli.max {
        command.env(testkit::reference::STRESS_MAX, "1");
    }
    let deadline = seconds.map(|s| Instant::now() + Duration::from_secs_f64(s));
    checks::compare::run_compared(command, report, &server, programs, deadline, backstop)
}

fn main() {
    let cli: Cli = model::cli::parse();
    let request = StressRequest {
        iters: cli.iters,
        seconds: cli.seconds,
        seed: cli.seed,
        size: cli.size.map(|(_, most)| most),
        least_size: cli.size.and_then(|(least, _)| least),
    };
    if let Err(e) =
        checks::stress::check_request(&request).and(checks::stress::check_memory(cli.memory))
    {
        fail(&e, 2);
    }
    let root = cli
        .root
        .clone()
        .unwrap_or_else(model::workspace::default_root);
    let workspace = model::workspace::Workspace::load(&root).unwrap_or_else(|e| fail(&e, 1));
    let target = checks::stress::find_target(&workspace, &cli.name).unwrap_or_else(|e| fail(&e, 2));
    // A starter declares nothing: the default limits apply.
    let meta = match &target {
        Target::Problem(name) => workspace.meta(name).ok(),
        Target::Starter(_) => None,
    };
    if cli.reference.is_some() && meta.as_ref().is_some_and(|m| m.interactive) {
        fail(
            &format!(
                "--reference compares batch programs; `{}` is interactive: its program plays against its jury (docs/interactive.md)",
                cli.name
            ),
            2,
        );
    }
    let executable = checks::stress::build(&root, &target).unwrap_or_else(|e| fail(&e, 1));
    let report =
        std::env::temp_dir().join(format!("stress-{}-{}.txt", cli.name, std::process::id()));
    let command = checks::stress::stress_command(&executable, &request, &report, cli.memory);
    // The bound the run keeps (10 s unless a count is asked for), and the kill past it.
    let seconds = match request.iters {
        Some(_) => None,
        None => Some(request.seconds.unwrap_or(10.0)),
    };
    let backstop = seconds.map(|s| Duration::from_secs_f64(s) + checks::stress::BACKSTOP);
    // With --reference: the comparison's summary, and both programs' usage.
    let mut summary = None;
    let ended = match &cli.reference {
        None => checks::stress::run(command, &report, backstop),
        Some(reference) => {
            let ours = checks::compare::build_ours(&workspace, &target, cli.bundle)
                .unwrap_or_else(|e| fail(&e, 1));
            let programs = Programs::judged(ours, reference.clone(), meta.as_ref());
            compared(&cli, command, &report, &programs, seconds, backstop).map(|(ended, usages)| {
                summary = Some((checks::compare::summary(&programs, &usages), usages));
                ended
            })
        }
    };
    let (mut text, mut status) = match ended {
        Ok(Conclusion::Agreed(text)) => (text, 0),
        Ok(Conclusion::Disagreed(text)) => (text, 1),
        // The test binary said why on standard error, passed through.
        Ok(Conclusion::Refused(_)) => std::process::exit(2),
        Ok(Conclusion::Crashed(how)) => fail(&format!("{}: {}", cli.name, how), 1),
        Err(e) => fail(&e, 1),
    };
    if let Some((lines, usages)) = summary {
        text += &lines;
        if usages.ours.over_time > 0 || usages.ours.over_memory > 0 {
            status = 1;
        }
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        fail(&format!("cannot write the output: {e}"), 1);
    }
    std::process::exit(status);
}
