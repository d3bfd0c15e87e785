//! The bundle stage: each problem bundled for its judge; a plain judge's bundle compiled as
//! that judge would (its edition and optimisation) by the toolchain's rustc, run on the
//! problem's cases, and compared with the cargo-built release binary on the bad inputs and on
//! seeded variants of the problem's smallest cases ([`variants`]): the binary is the oracle,
//! so a bundle that drops or changes anything the program does parts from it. An old rustc
//! (Debian's 1.63, standing in for the judges' old compilers) builds and links the same bundle
//! unoptimised in the judge's edition, for the judges whose compiler is no newer than it,
//! which proves that such a compiler accepts it (its binary is never run, so its slow
//! optimiser would buy nothing). The AtCoder bundles
//! are built in one scratch cargo project with AtCoder's crates; the single-file starter is
//! compiled and run.
//!
//! [`problem`] is one problem's whole check and touches nothing of another's.

use super::exec::{self, Ended, Input};
use super::limits::CaseLimits;
use super::report::{Report, Verdict};
use super::variants;
use super::Settings;
use crate::judges::Judge;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod atcoder;
pub use atcoder::atcoder;

/// Inputs every binary must refuse (or answer) exactly as its bundle does.
pub const BAD_INPUTS: [&[u8]; 8] = [
    b"",
    b"abc",
    b"-3",
    b"2.5",
    b"1000000000",
    b"1 2 3 4 5 6 7 8 9 10 x",
    b"99999999999999999999999",
    b"\xef\xbb\xbf1\n1\n",
];

/// What the bundle stage needs from the build.
#[derive(Clone)]
pub struct Built<'a> {
    /// The bundler.
    pub bundle: &'a Path,
    /// Each problem's cargo-built binary.
    pub binary: &'a (dyn Fn(&str) -> Option<PathBuf> + Sync),
    /// Each problem's checker, if it declares one ([`super::checker::program`]).
    pub checker: &'a (dyn Fn(&str) -> Result<Option<PathBuf>, String> + Sync),
    /// Where bundles and their binaries go.
    pub out_dir: PathBuf,
    /// The interactive problems' juries.
    pub interactors: &'a super::interactive::Interactors,
    /// Each problem's cases, as the run found them when it started.
    pub inputs: &'a (dyn Fn(&str) -> Vec<PathBuf> + Sync),
    /// Whether the bundler is told the judge (`--judge`), as `bundle NAME --check --judge J`
    /// asks; the runner bundles each problem for its own judge.
    pub judge_named: bool,
}

/// Problem `name`'s whole bundle check, judged by `judge` within `limit`: bundled; for a
/// plain judge compiled by the toolchain's rustc as the judge compiles it and by the old rustc
/// (`old_compiler_runs`) at once, run on the problem's cases, and compared with the
/// cargo-built binary on bad inputs and seeded [`variants`] of its cases. It writes only its
/// own files in `built.out_dir` (`NAME.rs`, `NAME`, `NAME-old-*`) and its own verdicts, so
/// problems may be checked side by side. A judge with crates (AtCoder) gets the bundle made
/// here and built with the others ([`atcoder`]).
pub fn problem(
    settings: &Settings,
    name: &str,
    judge: &'static Judge,
    limit: CaseLimits,
    built: &Built,
    report: &mut Report,
) {
    let start = Instant::now();
    let file = built.out_dir.join(format!("{name}.rs"));
    let named = built.judge_named.then_some(judge.name);
    if let Err(e) = bundle(built.bundle, &settings.root, name, named, &file) {
        return report.verdict(Verdict::Re, &format!("bundle {name}"), start.elapsed(), &e);
    }
    if !judge.is_plain() {
        return;
    }
    let exe = built.out_dir.join(name);
    let compiled = compile_plain(settings, name, judge, &file, &exe, &built.out_dir);
    if report_compiles(name, judge, &file, compiled, report) {
        run_cases(built, name, &exe, limit, report);
        check_parity(built, name, &exe, limit, report);
    }
}

/// One compiler run on a bundle: its result and how long it took.
type Compiled = (Result<(), String>, Duration);

/// What [`compile_plain`] did: the toolchain's build of the binary, and each of the old
/// rustc's runs with the edition it checked.
struct PlainCompiles {
    toolchain: Compiled,
    old: Vec<(&'static str, Compiled)>,
}

/// Problem `name`'s bundle `file` for plain `judge` compiled by both compilers at once: the
/// toolchain's builds `exe`, the binary that runs the cases, as the judge would; the old rustc
/// proves that the judge's compiler builds the bundle ([`old_compiler_runs`]), its outputs
/// beside `exe` in `out_dir`.
fn compile_plain(
    settings: &Settings,
    name: &str,
    judge: &'static Judge,
    file: &Path,
    exe: &Path,
    out_dir: &Path,
) -> PlainCompiles {
    let start = Instant::now();
    std::thread::scope(|scope| {
        let old_runs: Vec<_> = settings
            .old_rustc
            .iter()
            .flat_map(|old| {
                old_compiler_runs(judge, rustc_version(old))
                    .into_iter()
                    .map(move |(edition, emit)| (old, edition, emit))
            })
            .map(|(old, edition, emit)| {
                let out = out_dir.join(format!("{name}-old-{edition}"));
                scope.spawn(move || {
                    let start = Instant::now();
                    let result = compile(old, edition, judge.rustc_flags, emit, file, &out);
                    (edition, (result, start.elapsed()))
                })
            })
            .collect();
        let rustc = Path::new("rustc");
        let built = compile(
            rustc,
            judge.edition,
            judge.rustc_flags,
            Emit::Binary,
            file,
            exe,
        );
        let toolchain = (built, start.elapsed());
        let old = old_runs
            .into_iter()
            .map(|run| run.join().expect("a compiler thread does not panic"))
            .collect();
        PlainCompiles { toolchain, old }
    })
}

/// The verdicts of [`compile_plain`]'s runs on problem `name`'s bundle `file`; whether the
/// toolchain's binary was built, so that the cases can run.
fn report_compiles(
    name: &str,
    judge: &Judge,
    file: &Path,
    compiled: PlainCompiles,
    report: &mut Report,
) -> bool {
    let (built_now, elapsed) = compiled.toolchain;
    let runnable = built_now.is_ok();
    match built_now {
        Ok(()) => {
            let size = fs::metadata(file).map(|m| m.len()).unwrap_or(0);
            let label = format!("bundle {} for {} ({} bytes)", name, judge.name, size);
            report.verdict(Verdict::Ac, &label, elapsed, "");
        }
        Err(e) => {
            let label = format!("bundle {} (rustc, edition {})", name, judge.edition);
            report.verdict(Verdict::Re, &label, elapsed, &e);
        }
    }
    for (edition, (result, elapsed)) in compiled.old {
        let label = format!("bundle {name}: old rustc, edition {edition}");
        match result {
            Ok(()) => report.verdict(Verdict::Ac, &label, elapsed, ""),
            Err(e) => report.verdict(Verdict::Re, &label, elapsed, &e),
        }
    }
    runnable
}

/// Problem `name`'s bundle `exe` compared with its cargo-built binary, when there is one, on
/// the bad inputs and seeded variants of its cases: one verdict, `bundle:NAME/parity`.
fn check_parity(built: &Built, name: &str, exe: &Path, limit: CaseLimits, report: &mut Report) {
    let Some(binary) = (built.binary)(name) else {
        return;
    };
    let start = Instant::now();
    let label = format!("bundle:{name}/parity");
    // An interactive problem's cases are the jury's starts, not what the program reads: its
    // bundle is played against the jury on them ([`run_cases`]) and compared here on the bad
    // inputs alone.
    let interactive = built.interactors.names().iter().any(|n| n == name);
    let inputs = if interactive {
        bad_inputs()
    } else {
        parity_inputs(name, &(built.inputs)(name))
    };
    match parity(&binary, exe, &inputs, limit.time) {
        None => {
            let detail = format!("{} inputs", inputs.len());
            report.verdict(Verdict::Ac, &label, start.elapsed(), &detail)
        }
        Some((at, detail)) => {
            // The input kept, so that both programs can be run on it by hand.
            let saved = built.out_dir.join(format!("{name}-parity.in"));
            let detail = match fs::write(&saved, &inputs[at].1) {
                Ok(()) => format!("{detail} (the input: {})", saved.display()),
                Err(_) => detail,
            };
            report.verdict(Verdict::Wa, &label, start.elapsed(), &detail)
        }
    }
}

/// Runs problem `name`'s bundle `exe` on the problem's cases, judged by its checker if it has
/// one.
fn run_cases(built: &Built, name: &str, exe: &Path, limit: CaseLimits, report: &mut Report) {
    let checker = match (built.checker)(name) {
        Ok(checker) => checker,
        Err(e) => {
            return report.verdict(Verdict::Re, &format!("bundle:{name}"), Duration::ZERO, &e)
        }
    };
    for input in (built.inputs)(name) {
        let label = format!("bundle:{}/{}", name, stem(&input));
        let checker = checker.as_deref();
        (built.interactors).judge_case(report, name, &label, &input, exe, limit, checker);
    }
}

/// Writes problem `name`'s bundle (for `judge`, else its own) to `file`.
fn bundle(
    bundler: &Path,
    root: &Path,
    name: &str,
    judge: Option<&str>,
    file: &Path,
) -> Result<(), String> {
    let mut command = Command::new(bundler);
    command.arg(name).arg("--root").arg(root);
    if let Some(judge) = judge {
        command.args(["--judge", judge]);
    }
    let out = command
        .output()
        .map_err(|e| format!("cannot run {}: {}", bundler.display(), e))?;
    if !out.status.success() {
        // The bundler refuses one line a finding (a feature past the judge's rustc): the
        // first, and how many more.
        let errors = String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter(|l| l.starts_with("error:"))
            .count();
        let first = super::report::first_line(&out.stderr);
        return Err(match errors {
            0 | 1 => first,
            n => format!("{} (and {} more)", first, n - 1),
        });
    }
    // An unchanged bundle keeps its file's time, so cargo need not build it again.
    if fs::read(file).ok().as_deref() == Some(&out.stdout[..]) {
        return Ok(());
    }
    fs::write(file, &out.stdout).map_err(|e| format!("{}: {}", file.display(), e))
}

/// What a compiler run makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Emit {
    /// A binary optimised as the judge builds it (its `rustc_flags`, `-O` for most).
    Binary,
    /// A binary at `-C opt-level=0`: the compiler builds and links the bundle, and spends no
    /// time optimising code that nobody runs.
    Unoptimised,
}

/// What the old rustc (version `old`, major and minor) does with a bundle for plain `judge`:
/// it speaks only for a judge whose compiler is no newer than itself (a newer judge accepts
/// what it refuses: `let ... else` is 1.65, Codeforces's 1.75 takes it and 1.63 does not),
/// and only in the edition that judge compiles (no judge compiles 2018, so the 2021
/// prelude's `try_into` needs no import). There it builds and links the bundle unoptimised
/// (its binary is never run: the toolchain's `-O` build runs the cases, and the old
/// compiler's optimiser costs several times the modern one's for nothing checked). An old
/// rustc whose version is unknown speaks for no judge.
fn old_compiler_runs(judge: &Judge, old: Option<(u32, u32)>) -> Vec<(&'static str, Emit)> {
    match (old, rustc_version_of(&format!("rustc {}", judge.rustc))) {
        (Some(old), Some(judges)) if judges <= old => vec![(judge.edition, Emit::Unoptimised)],
        _ => Vec::new(),
    }
}

/// The major and minor version in the text of `rustc --version` (`rustc 1.63.0 (...)`).
fn rustc_version_of(text: &str) -> Option<(u32, u32)> {
    let version = text.strip_prefix("rustc ")?.split([' ', '-']).next()?;
    let mut parts = version.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

/// The version of the rustc at `path` (asked once per path), if it can be read.
fn rustc_version(path: &Path) -> Option<(u32, u32)> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    /// Each rustc asked, and its version if it could be read.
    type Versions = HashMap<PathBuf, Option<(u32, u32)>>;
    static KNOWN: OnceLock<Mutex<Versions>> = OnceLock::new();
    let known = KNOWN.get_or_init(|| Mutex::new(HashMap::new()));
    let mut known = known.lock().unwrap_or_else(|e| e.into_inner());
    *known.entry(path.to_path_buf()).or_insert_with(|| {
        let out = Command::new(path).arg("--version").output().ok()?;
        rustc_version_of(String::from_utf8_lossy(&out.stdout).trim())
    })
}

/// Compiles one bundle as a plain judge does (`rustc --edition E` and its optimisation
/// `flags`), or unoptimised.
fn compile(
    rustc: &Path,
    edition: &str,
    flags: &[&str],
    emit: Emit,
    file: &Path,
    out: &Path,
) -> Result<(), String> {
    let mut command = Command::new(rustc);
    command.args(["--edition", edition]);
    match emit {
        Emit::Binary => command.args(flags),
        Emit::Unoptimised => command.args(["-C", "opt-level=0"]),
    };
    let out = command
        .arg("-o")
        .arg(out)
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run {}: {}", rustc.display(), e))?;
    if out.status.success() {
        return Ok(());
    }
    let text = String::from_utf8_lossy(&out.stderr);
    let first_error = text.lines().find(|l| l.starts_with("error")).unwrap_or("");
    Err(first_error.to_string())
}

/// One input of the parity check: what it is called in a verdict, and its bytes.
type ParityInput = (String, Vec<u8>);

/// [`BAD_INPUTS`], each named by its text.
fn bad_inputs() -> Vec<ParityInput> {
    BAD_INPUTS
        .iter()
        .map(|bad| (quoted(bad), bad.to_vec()))
        .collect()
}

/// The inputs on which problem `name`'s bundle must behave as its cargo-built binary: the
/// [`BAD_INPUTS`], then [`variants::PER_CASE`] seeded variants of each of its
/// [`variants::PARITY_CASES`] smallest `cases` (by size, then name), seeded by the problem's
/// name ([`variants::seed_of`]).
fn parity_inputs(name: &str, cases: &[PathBuf]) -> Vec<ParityInput> {
    let mut inputs = bad_inputs();
    let mut cases: Vec<(u64, PathBuf)> = cases
        .iter()
        .cloned()
        .map(|p| (fs::metadata(&p).map_or(u64::MAX, |m| m.len()), p))
        .collect();
    cases.sort();
    for (index, (_, case)) in cases.iter().take(variants::PARITY_CASES).enumerate() {
        let text = match fs::read(case) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(_) => continue,
        };
        let seed = variants::seed_of(name, index);
        for (i, variant) in variants::variants(&text, seed, variants::PER_CASE)
            .into_iter()
            .enumerate()
        {
            let label = format!(
                "variant {} of {}, {}",
                i,
                stem(case),
                quoted(variant.as_bytes())
            );
            inputs.push((label, variant.into_bytes()));
        }
    }
    inputs
}

/// `bytes` as a short quoted string for a verdict.
fn quoted(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(60)]);
    let more = if bytes.len() > 60 { "..." } else { "" };
    format!("\"{}{}\"", text.escape_debug(), more)
}

/// `None` if the bundle answers every input exactly as the cargo-built binary does (output,
/// errors and exit status; each run within `limit`), else the first input where they part:
/// its index in `inputs` and what each program did.
fn parity(
    binary: &Path,
    bundle: &Path,
    inputs: &[ParityInput],
    limit: Duration,
) -> Option<(usize, String)> {
    for (at, (label, input)) in inputs.iter().enumerate() {
        let behaviour =
            |program: &Path| match exec::run(program, &[], Input::Bytes(input), limit, 1 << 20) {
                Ok(run) => {
                    let ended = match run.ended {
                        Ended::Exited(code) => format!("exit {code}"),
                        other => format!("{other:?}"),
                    };
                    let first = super::report::first_line(if run.stdout.is_empty() {
                        &run.stderr
                    } else {
                        &run.stdout
                    });
                    (run.stdout, run.stderr, ended, first)
                }
                Err(e) => (Vec::new(), Vec::new(), e.to_string(), e.to_string()),
            };
        let want = behaviour(binary);
        let got = behaviour(bundle);
        if (&want.0, &want.1, &want.2) != (&got.0, &got.1, &got.2) {
            let detail = format!(
                "on {}: got \"{}\" ({}) expected \"{}\" ({})",
                label, got.3, got.2, want.3, want.2
            );
            return Some((at, detail));
        }
    }
    None
}

/// The single-file starter `templates/main.rs` compiles alone (with each compiler) and runs.
pub fn starter(settings: &Settings, out_dir: &Path, report: &mut Report) {
    let template = settings.root.join("templates/main.rs");
    let mut compilers = vec![PathBuf::from("rustc")];
    compilers.extend(settings.old_rustc.clone());
    for compiler in compilers {
        let start = Instant::now();
        let exe = out_dir.join("template-main");
        let version = Command::new(&compiler)
            .arg("--version")
            .output()
            .map(|o| {
                String::from_utf8_lossy(&o.stdout)
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        let ran =
            compile(&compiler, "2018", &["-O"], Emit::Binary, &template, &exe).and_then(|()| {
                let run = exec::run(
                    &exe,
                    &[],
                    Input::Bytes(b"3\n1 2 3\n"),
                    Duration::from_secs(10),
                    1 << 20,
                )
                .map_err(|e| e.to_string())?;
                if run.ended == Ended::Exited(0)
                    && String::from_utf8_lossy(&run.stdout).trim() == "6"
                {
                    Ok(())
                } else {
                    Err(format!(
                        "on `3 / 1 2 3` it printed \"{}\"",
                        super::report::first_line(&run.stdout)
                    ))
                }
            });
        match ran {
            Ok(()) => {
                let label = format!("templates/main.rs ({version}, runs)");
                report.verdict(Verdict::Ac, &label, start.elapsed(), "");
            }
            Err(e) => {
                let label = format!("templates/main.rs ({})", compiler.display());
                report.verdict(Verdict::Re, &label, start.elapsed(), &e);
            }
        }
    }
}

/// `dir`, created, with the `.rs` files of problems other than `names` removed.
fn fresh_dir(dir: &Path, names: &[&str]) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("{}: {}", dir.display(), e))?;
    for entry in fs::read_dir(dir)
        .map_err(|e| format!("{}: {}", dir.display(), e))?
        .flatten()
    {
        let path = entry.path();
        let kept = path
            .file_stem()
            .is_some_and(|stem| names.iter().any(|n| stem == *n));
        if path.extension().is_some_and(|e| e == "rs") && !kept {
            let _ = fs::remove_file(path);
        }
    }
    Ok(())
}

/// A case's name: its file name without `.in`.
pub fn stem(input: &Path) -> String {
    input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
