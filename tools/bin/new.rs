//! `new`: starts a problem. One file `problems/NAME.rs` from a starter that compiles and passes
//! its tests, its samples in `testcases/NAME/`, and its two lines in `problems/Cargo.toml` (the
//! `bin` entry and its metadata under `[package.metadata.problems]`).
//!
//! ```text
//! cargo run --release --bin new -- NAME [--judge J] [--shape S]   # the starter's own sample
//! cargo run --release --bin new -- NAME --url URL --time-limit S --memory-limit MIB   # by hand
//! cargo run --release --bin new -- NAME --from problem.json       # Competitive Companion's JSON
//! cargo run --release --bin new -- NAME --remove                  # its file, cases and manifest lines gone
//! cargo run --release --bin new -- --listen [PORT]                # wait for Companion's POSTs
//! ```
//!
//! With `--listen` (default port 10043, one of Companion's) it waits on 127.0.0.1 and creates
//! each problem POSTed to it, one at a time in the order they were read in full (see
//! [`intake::listener`]: a slow client holds nobody), named from its URL unless NAME is given.
//! It stops after one problem when NAME is given or the POST is not part of a batch; otherwise
//! once every problem of the first created problem's batch (Companion sends a contest as one
//! POST per problem) is answered, created or refused. A refused POST gets a 4xx answer saying
//! why (409 for a taken name) and the listener goes on waiting; the requests still queued or
//! arriving when it stops get 503 saying so. A problem with file input/output is refused.
//! The judge profile is `--judge`, else the one whose host serves the problem's URL (a host no
//! profile knows is refused: give `--judge`; a judge that takes no Rust, such as POJ or HDU, is
//! named as such with the profile to give, `--judge spoj`), else, with neither URL nor
//! `--judge`, `spoj` (the oldest compiler, so the bundle suits every plain judge). The starter is `templates/SHAPE.rs`
//! (`--shape`; default `problem`, or `atcoder` for AtCoder).
//! Exit status: 0 created; 1 one line `error: ...` (bad or taken NAME, unreadable JSON, a URL
//! whose host no judge profile knows, ...);
//! 2 usage error.

use clap::Parser;
use intake::companion::{self, Task};
use intake::scaffold::{self, CreateError, Spec};
use intake::session::{self, Notice};
use model::judges::{self, Judge};
use model::workspace::Workspace;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The time limits `--time-limit` takes, in seconds (Companion's, in milliseconds, are
/// `companion::TIME_LIMITS_MS`).
const TIME_LIMITS_S: std::ops::RangeInclusive<f64> = 0.001..=100.0;
/// The memory limits `--memory-limit` takes, in MiB.
const MEMORY_LIMITS_MIB: std::ops::RangeInclusive<u64> = 1..=65_536;
/// The largest `--from` file read.
const MAX_JSON_BYTES: u64 = 4 << 20;

#[derive(Parser)]
#[command(
    name = "new",
    about = "Start a problem: its file, its samples, its manifest lines"
)]
struct Cli {
    /// The problem's name (default with --from/--listen: derived from the problem's URL).
    name: Option<String>,
    /// The judge profile (default: the URL's host's; spoj without a URL).
    #[arg(long, value_name = "JUDGE")]
    judge: Option<String>,
    /// The starter: templates/SHAPE.rs (default: problem, or atcoder for --judge atcoder).
    #[arg(long, value_name = "SHAPE")]
    shape: Option<String>,
    /// Read the problem from Competitive Companion's JSON in FILE (at most 4 MiB).
    #[arg(long, value_name = "FILE", conflicts_with = "listen")]
    from: Option<PathBuf>,
    /// Wait on 127.0.0.1:PORT for Competitive Companion's POSTs.
    #[arg(long, value_name = "PORT", num_args = 0..=1, default_missing_value = "10043")]
    listen: Option<u16>,
    /// The problem's page, for a problem made by hand (recorded in its manifest line; its
    /// host picks the judge when --judge is not given).
    #[arg(long, value_name = "URL", conflicts_with_all = ["from", "listen"])]
    url: Option<String>,
    /// The judge's time limit in seconds, for a problem made by hand (the runner's limit).
    #[arg(long = "time-limit", value_name = "SECONDS", conflicts_with_all = ["from", "listen"])]
    time_limit: Option<f64>,
    /// The judge's memory limit in MiB, for a problem made by hand.
    #[arg(long = "memory-limit", value_name = "MIB", conflicts_with_all = ["from", "listen"])]
    memory_limit: Option<u64>,
    /// Remove problem NAME: problems/NAME.rs, its checker, testcases/NAME/ and its lines in
    /// problems/Cargo.toml, refusing anything else found there.
    #[arg(long, conflicts_with_all = ["from", "listen", "judge", "shape", "url", "time_limit", "memory_limit"])]
    remove: bool,
    /// The workspace's root (default: the one this tool was built from).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
}

fn main() {
    let cli: Cli = model::cli::parse();
    if let Err(e) = run(&cli) {
        let _ = writeln!(std::io::stderr(), "error: {e}");
        std::process::exit(1);
    }
}

fn run(cli: &Cli) -> Result<(), String> {
    let root = cli
        .root
        .clone()
        .unwrap_or_else(model::workspace::default_root);
    let workspace = Workspace::load(&root)?;
    if cli.remove {
        let name = cli
            .name
            .as_deref()
            .ok_or("--remove takes the problem's NAME")?;
        let removed = scaffold::remove(&workspace, name).map_err(|e| e.to_string())?;
        println!("removed {}", removed.join(", "));
        return Ok(());
    }
    // Refuse a bad or taken NAME, an unknown judge or shape before waiting for anything.
    if let Some(name) = &cli.name {
        scaffold::check_free(&workspace, name).map_err(|e| e.to_string())?;
    }
    let judge = cli.judge.as_deref().map(judges::by_name).transpose()?;
    if let Some(shape) = &cli.shape {
        scaffold::check_shape(&workspace, shape).map_err(|e| e.to_string())?;
    }
    if let Some(port) = cli.listen {
        return listen(cli, &root, judge, port);
    }
    let task = match &cli.from {
        Some(path) => Some(read_json(path)?),
        None => None,
    };
    let report = create(cli, &workspace, judge, task.as_ref()).map_err(|e| e.to_string())?;
    print(&report)
}

/// Companion's problem from the file at `path`.
fn read_json(path: &Path) -> Result<Task, String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut text = String::new();
    file.take(MAX_JSON_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("{shown}: {e}"))?;
    if text.len() as u64 > MAX_JSON_BYTES {
        return Err(format!(
            "{}: over {} MiB; a Companion problem is a few KiB",
            shown,
            MAX_JSON_BYTES >> 20
        ));
    }
    companion::parse(&text).map_err(|e| format!("{shown}: {e}"))
}

/// Creates the problem: NAME (or the one the URL gives), the judge (or the URL's; spoj without
/// a URL).
fn create(
    cli: &Cli,
    workspace: &Workspace,
    judge: Option<&'static Judge>,
    task: Option<&Task>,
) -> Result<Notice, CreateError> {
    let url = match (&cli.url, task) {
        (Some(url), _) => Some(
            companion::checked_url(url)
                .map_err(CreateError::Invalid)?
                .to_string(),
        ),
        (None, Some(task)) => Some(task.url.to_string()),
        (None, None) => None,
    };
    let (time_limit, memory_limit) = checked_limits(cli)?;
    // The judge first: a judge without Rust is refused in one step, whatever else is missing.
    let judge = judge_for(judge, url.as_deref(), cli, task)?;
    let name = match (&cli.name, task) {
        (Some(name), _) => name.clone(),
        (None, Some(task)) => companion::name_from_url(&task.url).ok_or_else(|| {
            CreateError::Invalid(format!(
                "cannot derive a problem name from the URL `{}`; give NAME",
                task.url
            ))
        })?,
        (None, None) => {
            return Err(CreateError::Invalid(
                "give NAME, --from FILE or --listen".to_string(),
            ))
        }
    };
    let created = scaffold::create(
        workspace,
        &Spec {
            name: &name,
            judge,
            shape: cli.shape.as_deref(),
            task,
            url: url.as_deref(),
            time_limit,
            memory_limit,
        },
    )?;
    let text = created_text(&name, judge, &created);
    Ok(Notice {
        name,
        text,
        warnings: created.warnings,
    })
}

/// `--time-limit` and `--memory-limit`, each within the judges' range if given.
fn checked_limits(cli: &Cli) -> Result<(Option<f64>, Option<u64>), CreateError> {
    let time_limit = match cli.time_limit {
        Some(seconds) if !(TIME_LIMITS_S.contains(&seconds)) => {
            return Err(CreateError::Invalid(format!(
                "--time-limit {seconds}: a judge's limit is from {} to {} seconds",
                TIME_LIMITS_S.start(),
                TIME_LIMITS_S.end()
            )))
        }
        limit => limit,
    };
    let memory_limit = match cli.memory_limit {
        Some(mib) if !(MEMORY_LIMITS_MIB.contains(&mib)) => {
            return Err(CreateError::Invalid(format!(
                "--memory-limit {mib}: a judge's limit is from {} to {} MiB",
                MEMORY_LIMITS_MIB.start(),
                MEMORY_LIMITS_MIB.end()
            )))
        }
        limit => limit,
    };
    Ok((time_limit, memory_limit))
}

/// The judge: `judge` if given, else the one `url`'s host names (a host without Rust, or an
/// unknown one, refused saying what to give), else the strictest profile.
fn judge_for(
    judge: Option<&'static Judge>,
    url: Option<&str>,
    cli: &Cli,
    task: Option<&Task>,
) -> Result<&'static Judge, CreateError> {
    Ok(match (judge, url) {
        (Some(judge), _) => judge,
        (None, Some(url)) => match judges::by_url(url) {
            Some(judge) => judge,
            None => {
                let host = url::Url::parse(url)
                    .ok()
                    .and_then(|u| u.host_str().map(str::to_string))
                    .unwrap_or_default();
                let and_name = match (&cli.name, task) {
                    (None, Some(task)) if companion::name_from_url(&task.url).is_none() => {
                        " and NAME (none can be derived from the URL)"
                    }
                    _ => "",
                };
                let strictest = judges::by_name(judges::STRICTEST).map_err(CreateError::Failed)?;
                return Err(CreateError::Invalid(match judges::without_rust(url) {
                    Some(title) => format!(
                        "{title} ({host}) takes no Rust; to solve the problem here and submit it in another language, give --judge {}{and_name}: the strictest profile ({}'s rustc {}, std only, {} bytes), whose bundle claims to be for {} (`{}`); nothing was written",
                        judges::STRICTEST,
                        strictest.title,
                        strictest.rustc,
                        strictest.size_limit,
                        strictest.title,
                        strictest.language,
                    ),
                    None => {
                        let names: Vec<&str> = judges::JUDGES.iter().map(|j| j.name).collect();
                        format!(
                            "no judge profile knows the host `{host}` of {url}; give --judge{and_name} (one of: {}; {} is the strictest, for a judge without Rust); nothing was written",
                            names.join(", "),
                            judges::STRICTEST,
                        )
                    }
                }));
            }
        },
        (None, None) => judges::by_name(judges::STRICTEST).map_err(CreateError::Failed)?,
    })
}

/// What `new` says it created (problem `name` for `judge`), and what to do next.
fn created_text(name: &str, judge: &Judge, created: &scaffold::Created) -> String {
    let checker = if created.checker {
        format!(", its checker problems/checkers/{name}.rs")
    } else {
        String::new()
    };
    let text = format!(
        "created problems/{name}.rs for {} (pick {} there) from templates/{}.rs{checker}, testcases/{name}/ with {} sample{}, and its lines in problems/Cargo.toml\nnext: ./run_tests.sh {name}   then   cargo run --release --bin stress -- {name}   then   cargo run --release --bin bundle -- {name} > submit.rs\n",
        judge.title,
        judge.language,
        created.shape,
        created.samples,
        if created.samples == 1 { "" } else { "s" },
    );
    let text = match (created.interactive, created.samples) {
        (false, _) => text,
        (true, 0) => format!(
            "{text}note: testcases/{name}/ starts empty (the starter's Nim cases would be bad cases for your game): add the statement's dialogues as sample-N.in and .out, and starts in your game's input format as played cases (stress {name} saves each game solve loses as one); the runner reports `no testcases` until then\n"
        ),
        (true, samples) => format!(
            "{text}note: the statement's {samples} dialogue{} {} scripted cases testcases/{name}/sample-N.in and .out, which the starter's Nim fails until solve plays the problem; played cases (starts in your game's input format) come from stress {name} or by hand\n",
            if samples == 1 { "" } else { "s" },
            if samples == 1 { "is" } else { "are" },
        ),
    };
    text
}

fn print(report: &Notice) -> Result<(), String> {
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    let mut out = std::io::stdout().lock();
    out.write_all(report.text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write the output: {e}"))
}

/// Creates the problems POSTed to 127.0.0.1:`port` ([`intake::session`]), each in the workspace
/// read afresh (the one before changed the manifest).
fn listen(cli: &Cli, root: &Path, judge: Option<&'static Judge>, port: u16) -> Result<(), String> {
    let create = |task: &Task| {
        let workspace = Workspace::load(root).map_err(CreateError::Failed)?;
        create(cli, &workspace, judge, Some(task))
    };
    session::listen(port, cli.name.is_some(), create, print)
}
