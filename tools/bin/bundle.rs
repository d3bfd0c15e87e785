//! `bundle`: one self-contained Rust file for a problem, to paste into its judge.
//!
//! ```text
//! cargo run --release --bin bundle -- pegostripes > submit.rs       # the problem's own judge
//! cargo run --release --bin bundle -- knights --judge atcoder       # another judge's profile
//! cargo run --release --bin bundle -- --judges                      # the judge table
//! cargo run --release --bin bundle -- dividing_game --check         # compiled as the judge would, run on the cases
//! ```
//!
//! The judge is the problem's `judge` in problems/Cargo.toml unless `--judge` says otherwise. On standard
//! error: one line with the size, the judge and the language to pick on its submit page, then
//! the bytes of each part (problem, judge, each library module), and a warning when the bundle
//! is above 80% of the judge's size limit, saying whether `--minify` would fit. The bundle keeps
//! only the items the problem reaches (`--whole-modules` keeps whole modules). It is checked
//! for language features and std APIs newer than the judge's rustc (see `bundler::msrv`):
//! refused for a plain judge, one line `error: ...` a finding; warned for a crate judge.
//! Exit status: 0 with the bundle on standard output; 1 with one line `error: ...` (a construct
//! the bundler cannot follow, a bundle over the judge's size limit, a failed write), or one a
//! finding of the old-compiler check; 2 with one line for a usage error (a bad argument, an
//! unknown problem or `--judge`).
//!
//! `--check` writes no bundle: it compiles the bundle as the judge would and runs it on the
//! problem's cases, one verdict line a check and `N passed, M failed` last, as the runner
//! prints them (`runner::outside`): a plain judge's by the toolchain's rustc in its edition
//! with its flags (and the old rustc where installed), an AtCoder one in a scratch cargo
//! project with AtCoder's crate versions and edition. Exit status 0 when every check passed,
//! 1 otherwise.

use bundler::Shaking;
use clap::Parser;
use model::judges::{self, Judge, JUDGES};
use std::io::Write;
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "bundle",
    about = "One self-contained Rust file for a problem of this workspace"
)]
struct Cli {
    /// The problem: a file problems/NAME.rs.
    #[arg(required_unless_present = "judges")]
    name: Option<String>,
    /// The judge profile (default: the problem's `judge` in problems/Cargo.toml, else codeforces).
    #[arg(long, value_name = "JUDGE")]
    judge: Option<String>,
    /// Comments and indentation out, for a judge with a tight size limit.
    #[arg(long)]
    minify: bool,
    /// Carry every item of each module the problem names, not only the items it reaches.
    #[arg(long)]
    whole_modules: bool,
    /// Print the judge table (name, rustc, edition, crates, size limit) and exit.
    #[arg(long)]
    judges: bool,
    /// Write no bundle: compile it as the judge would (for AtCoder against its crates) and run
    /// it on the problem's cases, one verdict a line.
    #[arg(long, conflicts_with_all = ["minify", "whole_modules"])]
    check: bool,
    /// The workspace's root (default: the one this tool was built from).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
}

fn run(cli: Cli) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    if cli.judges {
        return print_judges(&mut stdout).map_err(|e| format!("cannot write the output: {}", e));
    }
    let name = cli.name.expect("clap requires NAME without --judges");
    let root = cli.root.unwrap_or_else(model::workspace::default_root);
    // A name or judge that is not there is a usage error (status 2), as for `stress` and the
    // runner; what goes wrong with a real problem is status 1.
    if let Err(e) = model::workspace::check_problem(&root, &name) {
        model::cli::usage_error(&e);
    }
    let judge = match cli.judge {
        Some(judge) => judges::by_name(&judge).unwrap_or_else(|e| model::cli::usage_error(&e)),
        None => model::workspace::Workspace::load(&root)?.meta(&name)?.judge,
    };
    if cli.check {
        return check(&root, &name, judge);
    }
    let shaking = if cli.whole_modules {
        Shaking::WholeModules
    } else {
        Shaking::Items
    };
    let bundle = bundler::bundle_with(&root, &name, judge, shaking)?;
    let mut text = bundle.text;
    check_compiler(&text, &name, judge)?;
    let minified = bundler::minify(&text)?;
    if cli.minify {
        text = minified.clone();
    }
    if let Some(refusal) = over_limit(text.len(), minified.len(), cli.minify, judge) {
        return Err(refusal);
    }
    stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
        .map_err(|e| format!("cannot write the output: {}", e))?;
    eprintln!(
        "{}: {} bytes; on {} choose {}",
        name,
        text.len(),
        judge.title,
        judge.language
    );
    if !cli.minify {
        for (part, bytes) in &bundle.sizes {
            eprintln!("  {:>6} bytes  {}", bytes, part);
        }
    }
    if let Some(warning) = size_warning(text.len(), minified.len(), cli.minify, judge) {
        eprintln!("warning: {}", warning);
    }
    Ok(())
}

/// `--check`: problem `name`'s bundle for `judge` compiled as the judge would and run on its
/// cases by this same bundler; exits 1 when a check failed.
fn check(root: &std::path::Path, name: &str, judge: &'static Judge) -> Result<(), String> {
    let bundler = std::env::current_exe().map_err(|e| format!("cannot find the bundler: {e}"))?;
    let (_, failed) = runner::outside::check(root, name, judge, &bundler)?;
    if failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// The judge table, one judge a line: name, rustc, edition, crates, size limit.
fn print_judges(out: &mut impl Write) -> std::io::Result<()> {
    for j in JUDGES {
        let crates = if j.crates.is_empty() {
            "-".to_string()
        } else {
            j.crates.join(",").replace(' ', "")
        };
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}",
            j.name, j.rustc, j.edition, crates, j.size_limit
        )?;
    }
    Ok(())
}

/// Problem `name`'s bundle `text` against the judge's compiler: what its rustc lacks is a
/// plain judge's compile error, refused here one line a finding; a crate judge's bundle may
/// call its crates' methods, which the check cannot tell from std's, so there the findings are
/// warnings. What compiles in the judge's edition but may run otherwise than cargo's build is
/// a warning.
fn check_compiler(text: &str, name: &str, judge: &Judge) -> Result<(), String> {
    let label = format!("bundle of {}", name);
    let findings = bundler::msrv::check_for(text, &label, judge.rustc, judge.edition)?;
    let findings: Vec<String> = findings
        .iter()
        .map(|f| format!("{} ({} has rustc {})", f, judge.title, judge.rustc))
        .collect();
    if judge.is_plain() && !findings.is_empty() {
        return Err(findings.join("\nerror: "));
    }
    for finding in &findings {
        eprintln!("warning: {}", finding);
    }
    for warning in bundler::msrv::warnings_for(text, &label, judge.edition)? {
        eprintln!("warning: {}", warning);
    }
    Ok(())
}

/// The refusal of a bundle of `len` bytes over the judge's size limit, saying whether
/// `--minify` (`minified` bytes) would fit; `None` within the limit.
fn over_limit(len: usize, minified: usize, is_minified: bool, judge: &Judge) -> Option<String> {
    if len <= judge.size_limit {
        return None;
    }
    let hint = if is_minified {
        String::new()
    } else if minified <= judge.size_limit {
        format!(" (--minify brings it to {} bytes, which fits)", minified)
    } else {
        format!(" (--minify gives {} bytes, still over)", minified)
    };
    Some(format!(
        "the bundle is {} bytes, over {}'s limit of {}{}",
        len, judge.title, judge.size_limit, hint
    ))
}

/// A warning when a bundle of `len` bytes is above 80% of the judge's limit: one more helper
/// and the judge refuses it. It says whether `--minify` (`minified` bytes) would fit.
fn size_warning(len: usize, minified: usize, is_minified: bool, judge: &Judge) -> Option<String> {
    let limit = judge.size_limit;
    if len * 5 <= limit * 4 {
        return None;
    }
    let advice = if is_minified {
        "already minified: move code out of the problem or cut library items".to_string()
    } else if minified <= limit {
        format!("--minify would bring it to {} bytes, which fits", minified)
    } else {
        format!(
            "--minify would give {} bytes, still over the limit",
            minified
        )
    };
    Some(format!(
        "the bundle is {} bytes, {}% of {}'s limit of {}: {}",
        len,
        len * 100 / limit,
        judge.title,
        limit,
        advice
    ))
}

fn main() {
    let cli: Cli = model::cli::parse();
    if let Err(e) = run(cli) {
        let _ = writeln!(std::io::stderr(), "error: {}", e);
        std::process::exit(1);
    }
}
