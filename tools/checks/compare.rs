//! `stress --reference`: the tool's side of comparing our program with a reference program.
//!
//! The problem's stress test (in its test binary) generates, judges and shrinks the inputs, as
//! against its brute force; this module runs the two programs on each input it asks about
//! (testkit's [`reference`](testkit::reference) protocol, over a Unix socket), each under
//! [`sandbox::exec`] with a time bound, and keeps their CPU time and peak memory for a
//! summary against the judge's limits. The reference is a shell command (`sh -c`, as oj runs
//! its `-c` commands), so that `python3 ref.py` or `./a.out` is written as at a prompt.

use crate::manifest::Meta;
use crate::stress::{self, Target};
use crate::workspace::Workspace;
use sandbox::cargo;
use sandbox::exec::{self, Ended, Input, Run};
use sandbox::limits::case_limit;
use std::ffi::OsStr;
use std::io::BufWriter;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use testkit::reference::{read_request, write_reply, Outcome, Reply};

/// The most output a program may write on one input.
const OUTPUT_CAP: usize = 64 << 20;
/// Our program's time bound, in multiples of the judge's time limit: past the limit it is slow
/// already, and a little beyond shows by how much.
const OURS_BOUND_FACTOR: u32 = 2;
/// The reference's time bound: a reference may be a slow solution, so it gets this many times
/// the judge's limit, and at least [`REFERENCE_MIN_BOUND`].
const REFERENCE_BOUND_FACTOR: u32 = 5;
/// The shortest time bound of the reference.
const REFERENCE_MIN_BOUND: Duration = Duration::from_secs(10);

/// The two programs and the judge's limits.
#[derive(Clone, Debug)]
pub struct Programs {
    /// Our program: the problem's release binary or its compiled bundle.
    pub ours: PathBuf,
    /// The reference, a shell command.
    pub reference: String,
    /// The judge's time limit (CPU time, as the runner measures it).
    pub time_limit: Duration,
    /// The judge's memory limit in MiB, if the problem declares one.
    pub memory_limit: Option<u64>,
}

impl Programs {
    /// Our program and the reference, under the limits `meta` declares (the runner's default
    /// time limit where it declares none, or for a starter, which has no metadata).
    pub fn judged(ours: PathBuf, reference: String, meta: Option<&Meta>) -> Programs {
        Programs {
            ours,
            reference,
            time_limit: meta.map_or_else(|| case_limit(None, None), |m| m.case_limits(None).time),
            memory_limit: meta.and_then(|m| m.case_limits(None).memory_mib),
        }
    }

    /// Our program's time bound.
    pub fn ours_bound(&self) -> Duration {
        self.time_limit * OURS_BOUND_FACTOR
    }

    /// The reference's time bound.
    pub fn reference_bound(&self) -> Duration {
        (self.time_limit * REFERENCE_BOUND_FACTOR).max(REFERENCE_MIN_BOUND)
    }
}

/// The CPU time and peak memory of one program over a comparison.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Usage {
    /// Runs measured.
    pub runs: u64,
    /// The longest CPU time of a run.
    pub max_time: Duration,
    /// The seed of the input of the longest run.
    pub slowest_seed: u64,
    /// The largest peak resident memory of a run in KiB.
    pub max_memory_kib: u64,
    /// The seed of the input of the run with the largest memory.
    pub largest_seed: u64,
    /// Runs whose CPU time passed the judge's limit (ours only).
    pub over_time: u64,
    /// Runs whose peak memory passed the judge's limit (ours only).
    pub over_memory: u64,
}

impl Usage {
    fn add(&mut self, seed: u64, run: &Run, limits: Option<(Duration, Option<u64>)>) {
        self.runs += 1;
        if self.runs == 1 || run.cpu > self.max_time {
            (self.max_time, self.slowest_seed) = (run.cpu, seed);
        }
        if self.runs == 1 || run.peak_memory_kib > self.max_memory_kib {
            (self.max_memory_kib, self.largest_seed) = (run.peak_memory_kib, seed);
        }
        if let Some((time, memory_mib)) = limits {
            self.over_time += u64::from(run.cpu > time || run.ended == Ended::TimedOut);
            if let Some(mib) = memory_mib {
                self.over_memory += u64::from(run.peak_memory_kib > mib * 1024);
            }
        }
    }
}

/// Both programs' usage.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Usages {
    /// Our program's.
    pub ours: Usage,
    /// The reference's.
    pub reference: Usage,
}

/// A time as the summary prints it: `0.12 s`.
fn seconds(time: Duration) -> String {
    format!("{:.2} s", time.as_secs_f64())
}

/// `1 run`, `9 runs`.
fn runs(count: u64) -> String {
    match count {
        1 => "1 run".to_string(),
        _ => format!("{count} runs"),
    }
}

/// A memory size in KiB as the summary prints it, rounded up: `14 MiB`.
fn mebibytes(kib: u64) -> String {
    format!("{} MiB", kib.div_ceil(1024))
}

/// The summary's lines: each program's largest CPU time and memory with the seeds of their
/// inputs, ours against the judge's limits, and how many of our runs passed them.
///
/// ```
/// use std::time::Duration;
/// use checks::compare::{summary, Programs, Usage, Usages};
/// let programs = Programs {
///     ours: "target/release/nim".into(),
///     reference: "python3 ref.py".into(),
///     time_limit: Duration::from_secs(2),
///     memory_limit: Some(256),
/// };
/// let usage = |runs, millis, mib: u64, seed| Usage {
///     runs,
///     max_time: Duration::from_millis(millis),
///     slowest_seed: seed,
///     max_memory_kib: mib * 1024,
///     largest_seed: seed,
///     ..Usage::default()
/// };
/// let usages = Usages { ours: usage(9, 120, 14, 45), reference: usage(9, 400, 30, 47) };
/// assert_eq!(
///     summary(&programs, &usages),
///     "ours: max 0.12 s of 2 s (seed 45), 14 MiB of 256 MiB (seed 45); 9 runs\n\
///      reference: max 0.40 s (seed 47), 30 MiB (seed 47)\n"
/// );
/// ```
pub fn summary(programs: &Programs, usages: &Usages) -> String {
    let limit = sandbox::limits::show(programs.time_limit);
    let memory_limit = programs
        .memory_limit
        .map_or(String::new(), |mib| format!(" of {mib} MiB"));
    let ours = &usages.ours;
    let mut text = format!(
        "ours: max {} of {limit} (seed {}), {}{memory_limit} (seed {}); {}\n",
        seconds(ours.max_time),
        ours.slowest_seed,
        mebibytes(ours.max_memory_kib),
        ours.largest_seed,
        runs(ours.runs)
    );
    if ours.over_time > 0 {
        text += &format!(
            "ours: over the time limit ({limit}) on {} of {} runs (the slowest: seed {})\n",
            ours.over_time, ours.runs, ours.slowest_seed
        );
    }
    if ours.over_memory > 0 {
        text += &format!(
            "ours: over the memory limit{memory_limit} on {} of {} runs (the largest: seed {})\n",
            ours.over_memory, ours.runs, ours.largest_seed
        );
    }
    let reference = &usages.reference;
    text += &format!(
        "reference: max {} (seed {}), {} (seed {})\n",
        seconds(reference.max_time),
        reference.slowest_seed,
        mebibytes(reference.max_memory_kib),
        reference.largest_seed
    );
    text
}

/// How a run ended, as the stress test sees it.
fn outcome(run: Run, bound: Duration) -> Outcome {
    match run.ended {
        Ended::Exited(0) => Outcome::Answered(String::from_utf8_lossy(&run.stdout).into_owned()),
        Ended::TimedOut => Outcome::Slow(format!(
            "stopped after {} of CPU time (its bound)",
            seconds(bound)
        )),
        Ended::OverCap => Outcome::Failed(format!("wrote more than {} MiB", OUTPUT_CAP >> 20)),
        Ended::OverMemory => Outcome::Failed("stopped at its memory bound".to_string()),
        Ended::Exited(code) => Outcome::Failed(with_stderr(format!("exit status {code}"), &run)),
        Ended::Signalled(signal) => Outcome::Failed(with_stderr(
            format!("killed by {}", crate::stress::signal_name(signal)),
            &run,
        )),
    }
}

/// `how`, followed by the program's first line on standard error if it wrote one.
fn with_stderr(how: String, run: &Run) -> String {
    let stderr = String::from_utf8_lossy(&run.stderr);
    match stderr.lines().map(str::trim).find(|l| !l.is_empty()) {
        Some(line) => format!("{how}: {}", line.chars().take(200).collect::<String>()),
        None => how,
    }
}

/// Runs `program` with CPU-time bound `bound`, and on the wall clock until `deadline` if one
/// is given (everything `stress` starts is bounded by its `--seconds` in wall time: a program
/// that sleeps or waits is stopped there, not at ten times its CPU bound).
fn run_until(
    program: &Path,
    args: &[&OsStr],
    input: Input,
    bound: Duration,
    deadline: Option<Instant>,
) -> Result<Run, String> {
    match deadline {
        Some(until) => exec::run_until(program, args, input, bound, OUTPUT_CAP, until),
        None => exec::run(program, args, input, bound, OUTPUT_CAP),
    }
    .map_err(|e| e.to_string())
}

/// Whether the wall-clock `deadline` has passed.
fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// Runs the two programs on `input` (from `seed`) within the time left before `deadline`: the reply, or
/// [`Reply::TimeUp`] when the deadline has passed or cut a run short.
pub fn run_both(
    programs: &Programs,
    seed: u64,
    input: &str,
    deadline: Option<Instant>,
    usages: &mut Usages,
) -> Result<Reply, String> {
    let left = |bound: Duration| -> Option<(Duration, bool)> {
        match deadline {
            None => Some((bound, false)),
            Some(deadline) => {
                let left = deadline.checked_duration_since(Instant::now())?;
                Some((bound.min(left), left < bound))
            }
        }
    };
    let Some((bound, cut)) = left(programs.ours_bound()) else {
        return Ok(Reply::TimeUp);
    };
    let ran = run_until(
        &programs.ours,
        &[],
        Input::Bytes(input.as_bytes()),
        bound,
        deadline,
    )?;
    if (cut || past(deadline)) && ran.ended == Ended::TimedOut {
        return Ok(Reply::TimeUp);
    }
    usages.ours.add(
        seed,
        &ran,
        Some((programs.time_limit, programs.memory_limit)),
    );
    let ours = outcome(ran, bound);
    let Some((bound, cut)) = left(programs.reference_bound()) else {
        return Ok(Reply::TimeUp);
    };
    let args = [OsStr::new("-c"), OsStr::new(&programs.reference)];
    let ran = run_until(
        Path::new("sh"),
        &args,
        Input::Bytes(input.as_bytes()),
        bound,
        deadline,
    )?;
    if (cut || past(deadline)) && ran.ended == Ended::TimedOut {
        return Ok(Reply::TimeUp);
    }
    usages.reference.add(seed, &ran, None);
    let reference = outcome(ran, bound);
    Ok(Reply::Ran { ours, reference })
}

/// The listening side: a socket in a fresh path, removed when dropped.
pub struct Server {
    listener: UnixListener,
    path: PathBuf,
}

impl Server {
    /// Listens at a fresh path under the system's temporary directory.
    ///
    /// # Errors
    /// If the socket cannot be made.
    pub fn listen(tag: &str) -> Result<Server, String> {
        let path = std::env::temp_dir().join(format!("stress-{tag}-{}.sock", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let listener = UnixListener::bind(&path)
            .map_err(|e| format!("cannot listen at {}: {e}", path.display()))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| format!("cannot listen at {}: {e}", path.display()))?;
        Ok(Server { listener, path })
    }

    /// The socket's path, for the test's `STRESS_PROGRAMS`.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Serves the test's requests until it closes its side, or until `finished` is raised
    /// before it has connected (it ended without asking); the usage of both programs.
    ///
    /// # Errors
    /// If a program cannot be started or the connection breaks.
    pub fn serve(
        &self,
        programs: &Programs,
        deadline: Option<Instant>,
        finished: &AtomicBool,
    ) -> Result<Usages, String> {
        let mut usages = Usages::default();
        let Some(stream) = self.accept(finished)? else {
            return Ok(usages);
        };
        let mut reader = stream
            .try_clone()
            .map_err(|e| format!("stress socket: {e}"))?;
        let mut writer = BufWriter::new(stream);
        while let Some((seed, input)) = read_request(&mut reader).map_err(|e| e.to_string())? {
            let reply = run_both(programs, seed, &input, deadline, &mut usages)?;
            // A test that has gone (stopped at its bound) no longer reads: that ends the serving.
            if write_reply(&mut writer, &reply).is_err() {
                break;
            }
        }
        Ok(usages)
    }

    fn accept(&self, finished: &AtomicBool) -> Result<Option<UnixStream>, String> {
        loop {
            match self.listener.accept() {
                Ok((stream, _)) => {
                    stream
                        .set_nonblocking(false)
                        .map_err(|e| format!("stress socket: {e}"))?;
                    return Ok(Some(stream));
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if finished.load(Ordering::SeqCst) {
                        return Ok(None);
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(e) => return Err(format!("stress socket: {e}")),
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Runs the stress test `command` (its report at `report`) while serving it the two programs
/// until `deadline`: how the test ended, and the programs' usage.
///
/// # Errors
/// If the test binary cannot be started, or a program cannot be.
pub fn run_compared(
    command: Command,
    report: &Path,
    server: &Server,
    programs: &Programs,
    deadline: Option<Instant>,
    backstop: Option<Duration>,
) -> Result<(stress::Conclusion, Usages), String> {
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let serving = scope.spawn(|| server.serve(programs, deadline, &finished));
        let ended = stress::run(command, report, backstop);
        finished.store(true, Ordering::SeqCst);
        let usages = serving
            .join()
            .unwrap_or_else(|_| Err("the serving thread panicked".to_string()));
        Ok((ended?, usages?))
    })
}

/// Builds our program: the problem's release binary, or with `bundle` its bundle compiled as
/// its judge compiles it (plain judges only: AtCoder's bundles need its crates).
///
/// # Errors
/// A failed build, or a bundle for a judge that needs crates.
pub fn build_ours(workspace: &Workspace, target: &Target, bundle: bool) -> Result<PathBuf, String> {
    let root = workspace.root();
    let name = target.name();
    if !bundle {
        return stress::program_binary(root, target);
    }
    let Target::Problem(name) = target else {
        return Err(format!(
            "--bundle needs a problem, and `{name}` is a starter"
        ));
    };
    let judge = workspace.meta(name)?.judge;
    if !judge.is_plain() {
        return Err(format!(
            "--bundle: {}'s bundles need its crates, which only its judge has; compare the binary instead",
            judge.name
        ));
    }
    let dir = cargo::metadata(root)?.target_dir.join("stress");
    stress::bundle_binary(root, name, judge, &dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn programs(ours: &str, reference: &str) -> Programs {
        Programs {
            ours: PathBuf::from(ours),
            reference: reference.to_string(),
            time_limit: Duration::from_secs(1),
            memory_limit: Some(64),
        }
    }

    #[test]
    fn limits_come_from_the_problems_metadata() {
        let workspace = Workspace::load(&crate::workspace::default_root()).unwrap();
        let meta = workspace.meta("xorbreak").unwrap();
        let judged = Programs::judged("ours".into(), "ref".into(), Some(&meta));
        assert_eq!(judged.time_limit, Duration::from_secs(3));
        assert_eq!(judged.memory_limit, Some(256));
        assert_eq!(judged.ours_bound(), Duration::from_secs(6));
        assert_eq!(judged.reference_bound(), Duration::from_secs(15));
        let starter = Programs::judged("ours".into(), "ref".into(), None);
        assert_eq!(
            (starter.time_limit, starter.memory_limit),
            (Duration::from_secs(10), None)
        );
        let fast = Programs {
            time_limit: Duration::from_millis(500),
            ..starter
        };
        assert_eq!(
            fast.reference_bound(),
            Duration::from_secs(10),
            "at least 10 s"
        );
    }

    #[test]
    fn both_programs_run_on_the_input() {
        let mut usages = Usages::default();
        let both = programs("/bin/cat", "tr a b");
        let reply = run_both(&both, 1, "aa\n", None, &mut usages).unwrap();
        assert_eq!(
            reply,
            Reply::Ran {
                ours: Outcome::Answered("aa\n".into()),
                reference: Outcome::Answered("bb\n".into())
            }
        );
        assert_eq!((usages.ours.runs, usages.reference.runs), (1, 1));
        // Memory is measured: a program's resident set is at least a few pages, so a run is
        // over a limit of 0 MiB.
        assert!(usages.ours.max_memory_kib > 0 && usages.reference.max_memory_kib > 0);
        let mut tight = Usages::default();
        let no_memory = Programs {
            memory_limit: Some(0),
            ..both.clone()
        };
        run_both(&no_memory, 3, "", None, &mut tight).unwrap();
        assert_eq!((tight.ours.over_memory, tight.ours.over_time), (1, 0));
        let failing = programs("/bin/false", "echo 'error: no' >&2; exit 3");
        let Reply::Ran { ours, reference } = run_both(&failing, 2, "", None, &mut usages).unwrap()
        else {
            panic!("no deadline")
        };
        assert_eq!(ours, Outcome::Failed("exit status 1".into()));
        assert_eq!(
            reference,
            Outcome::Failed("exit status 3: error: no".into())
        );
    }

    #[test]
    fn a_slow_program_is_stopped_at_its_bound_and_counted_over_the_limit() {
        let dir = std::env::temp_dir().join(format!("compare-slow-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let spin = dir.join("spin");
        std::fs::write(&spin, "#!/bin/sh\nwhile :; do :; done\n").unwrap();
        let chmod = Command::new("chmod").arg("+x").arg(&spin).status().unwrap();
        assert!(chmod.success());
        let slow = Programs {
            time_limit: Duration::from_millis(100),
            ..programs(spin.to_str().unwrap(), "cat")
        };
        let mut usages = Usages::default();
        let reply = run_both(&slow, 6, "x\n", None, &mut usages).unwrap();
        let Reply::Ran { ours, reference } = reply else {
            panic!("no deadline")
        };
        assert_eq!(
            ours,
            Outcome::Slow("stopped after 0.20 s of CPU time (its bound)".into())
        );
        assert_eq!(reference, Outcome::Answered("x\n".into()));
        assert_eq!((usages.ours.over_time, usages.ours.slowest_seed), (1, 6));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_passed_deadline_ends_the_comparison() {
        let mut usages = Usages::default();
        let both = programs("/bin/cat", "cat");
        let past = Some(Instant::now());
        assert_eq!(
            run_both(&both, 4, "", past, &mut usages).unwrap(),
            Reply::TimeUp
        );
        assert_eq!(usages, Usages::default(), "nothing ran");
        // A reference cut short by the deadline is the end of the time, not a slow reference.
        let soon = Some(Instant::now() + Duration::from_millis(300));
        let slow = programs("/bin/cat", "while :; do :; done");
        assert_eq!(
            run_both(&slow, 5, "", soon, &mut usages).unwrap(),
            Reply::TimeUp
        );
    }

    #[test]
    fn the_summary_names_runs_over_the_limits() {
        let both = programs("ours", "ref");
        let usages = Usages {
            ours: Usage {
                runs: 4,
                max_time: Duration::from_millis(1500),
                slowest_seed: 8,
                max_memory_kib: 70 * 1024 + 1,
                largest_seed: 9,
                over_time: 2,
                over_memory: 1,
            },
            reference: Usage::default(),
        };
        assert_eq!(
            summary(&both, &usages),
            "ours: max 1.50 s of 1 s (seed 8), 71 MiB of 64 MiB (seed 9); 4 runs\n\
             ours: over the time limit (1 s) on 2 of 4 runs (the slowest: seed 8)\n\
             ours: over the memory limit of 64 MiB on 1 of 4 runs (the largest: seed 9)\n\
             reference: max 0.00 s (seed 0), 0 MiB (seed 0)\n"
        );
    }
}
