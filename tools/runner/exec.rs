//! Runs one program on one input under a time limit and an output cap. The program starts in
//! its own process group, so that at the limit the whole group is sent SIGTERM and, 200 ms
//! later, SIGKILL: a program that ignores SIGTERM, or leaves children behind, is still gone.
//!
//! The limit is on the program's CPU time (user and system), as a judge measures it, so that a
//! verdict does not change with the machine's load: on a busy machine a program gets a share of
//! a core, and its wall time grows with the load while its CPU time does not. A program that
//! waits instead of computing (a sleep, a read that never returns) is stopped by a wall-time
//! backstop, [`WALL_FACTOR`] times the limit.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

/// How long a program has between SIGTERM and SIGKILL.
const GRACE: Duration = Duration::from_millis(200);
/// How much of standard error is kept (the rest is read and dropped).
const STDERR_KEPT: usize = 64 * 1024;
/// The wall-time backstop, in multiples of the CPU-time limit: generous enough that a program
/// within its CPU limit is not stopped on a machine running many times more work than cores.
pub const WALL_FACTOR: u32 = 10;

/// What the program reads.
pub enum Input<'a> {
    /// A file, given as standard input itself (so the program may seek or re-read it).
    File(&'a Path),
    /// Bytes written to a pipe.
    Bytes(&'a [u8]),
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The program exited with this status.
    Exited(i32),
    /// A signal ended the program (not one the runner sent).
    Signalled(i32),
    /// The program used more CPU time than its limit, or ran past the wall-time backstop; the
    /// runner ended it (or it ended over its limit).
    TimedOut,
    /// The program wrote more than the cap to standard output; the runner ended it.
    OverCap,
}

/// One finished run.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub ended: Ended,
    /// Standard output, at most the cap.
    pub stdout: Vec<u8>,
    /// The start of standard error.
    pub stderr: Vec<u8>,
    /// Wall time from start to end.
    pub elapsed: Duration,
    /// The program's CPU time (user and system), as far as it was measured.
    pub cpu: Duration,
    /// The program's peak resident set in KiB (`ru_maxrss` of `wait4(2)`: the largest of the
    /// program's own and of its children's that it waited for).
    pub peak_memory_kib: u64,
}

/// Runs `program` with `args` on `input`; stops it once its CPU time passes `limit` (or its
/// wall time [`WALL_FACTOR`] times that), or once its output passes `cap` bytes. Errors are the runner's own (the program cannot be started, a pipe fails).
pub fn run(
    program: &Path,
    args: &[&OsStr],
    input: Input,
    limit: Duration,
    cap: usize,
) -> io::Result<Run> {
    run_with_env(program, args, &[], input, limit, cap)
}

/// [`run`] with `env` added to the program's environment.
pub fn run_with_env(
    program: &Path,
    args: &[&OsStr],
    env: &[(&str, &OsStr)],
    input: Input,
    limit: Duration,
    cap: usize,
) -> io::Result<Run> {
    let mut command = Command::new(program);
    command
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    match input {
        Input::File(path) => command.stdin(Stdio::from(File::open(path)?)),
        Input::Bytes(_) => command.stdin(Stdio::piped()),
    };
    let start = Instant::now();
    let mut child = command.spawn().map_err(|e| {
        io::Error::new(e.kind(), format!("cannot run {}: {}", program.display(), e))
    })?;
    let group = child.id() as libc::pid_t;
    let over_cap = Arc::new(AtomicBool::new(false));
    let (done, finished) = mpsc::channel();
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");
    spawn_reader(stdout, cap, Some(over_cap.clone()), 0, done.clone());
    spawn_reader(stderr, STDERR_KEPT, None, 1, done);
    if let Input::Bytes(bytes) = input {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let bytes = bytes.to_vec();
        // A program that stops reading early closes the pipe: that is its business.
        thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
    }
    let backstop = start + limit * WALL_FACTOR;
    let (status, ended_by_runner, usage) = wait(&mut child, group, limit, backstop, &over_cap)?;
    let elapsed = start.elapsed();
    // Whatever the program left in its group goes too, so that no one holds the pipes open.
    signal_group(group, libc::SIGKILL);
    let mut outputs = [Vec::new(), Vec::new()];
    for _ in 0..2 {
        match finished.recv_timeout(Duration::from_secs(2)) {
            Ok((which, bytes)) => outputs[which] = bytes,
            Err(_) => break, // a process that left the group still holds a pipe: give up on it
        }
    }
    let [stdout, stderr] = outputs;
    let ended = match ended_by_runner {
        Some(ended) => ended,
        None => match status.code() {
            Some(code) => Ended::Exited(code),
            None => Ended::Signalled(status.signal().unwrap_or(0)),
        },
    };
    Ok(Run {
        ended,
        stdout,
        stderr,
        elapsed,
        cpu: usage.cpu,
        peak_memory_kib: usage.peak_memory_kib,
    })
}

/// Reads `from` to its end on a thread, keeping at most `keep` bytes; past them it either raises
/// `over` and stops (the program is then ended) or, without `over`, drops the rest.
fn spawn_reader(
    mut from: impl Read + Send + 'static,
    keep: usize,
    over: Option<Arc<AtomicBool>>,
    which: usize,
    done: mpsc::Sender<(usize, Vec<u8>)>,
) {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            let n = match from.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let room = keep.saturating_sub(kept.len());
            kept.extend_from_slice(&buffer[..n.min(room)]);
            if n > room {
                if let Some(over) = &over {
                    over.store(true, Ordering::SeqCst);
                    break;
                }
            }
        }
        let _ = done.send((which, kept));
    });
}

/// What `wait4(2)` says a finished child used.
#[derive(Clone, Copy)]
struct Usage {
    /// User and system CPU time.
    cpu: Duration,
    /// Peak resident set, KiB.
    peak_memory_kib: u64,
}

/// Waits for `child` until its CPU time passes `limit` or the wall clock `backstop`, ending its
/// group then or when its output passes the cap; returns its status, if the runner ended it (or
/// it ended over its limit) why, and what it used.
fn wait(
    child: &mut Child,
    group: libc::pid_t,
    limit: Duration,
    backstop: Instant,
    over_cap: &AtomicBool,
) -> io::Result<(ExitStatus, Option<Ended>, Usage)> {
    let pid = child.id() as libc::pid_t;
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some((status, usage)) = reap(pid, false)? {
            // Past the cap the pipe is closed, so the program may have died of SIGPIPE first.
            let why = if over_cap.load(Ordering::SeqCst) {
                Some(Ended::OverCap)
            } else {
                (usage.cpu > limit).then_some(Ended::TimedOut)
            };
            return Ok((status, why, usage));
        }
        if over_cap.load(Ordering::SeqCst) {
            signal_group(group, libc::SIGKILL);
            let (status, usage) = reap_blocking(pid)?;
            return Ok((status, Some(Ended::OverCap), usage));
        }
        let now = Instant::now();
        if now >= backstop || running_cpu(pid).is_some_and(|cpu| cpu > limit) {
            signal_group(group, libc::SIGTERM);
            let kill_at = now + GRACE;
            while Instant::now() < kill_at {
                if let Some((status, usage)) = reap(pid, false)? {
                    return Ok((status, Some(Ended::TimedOut), usage));
                }
                thread::sleep(Duration::from_millis(5));
            }
            signal_group(group, libc::SIGKILL);
            let (status, usage) = reap_blocking(pid)?;
            return Ok((status, Some(Ended::TimedOut), usage));
        }
        thread::sleep(pause.min(backstop - now));
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// Waits for process `pid` (a child) until it ends.
fn reap_blocking(pid: libc::pid_t) -> io::Result<(ExitStatus, Usage)> {
    loop {
        if let Some(ended) = reap(pid, true)? {
            return Ok(ended);
        }
    }
}

/// The status and resource use of child `pid` if it has ended (`wait4(2)`), else `None`; with
/// `block`, waits for it.
fn reap(pid: libc::pid_t, block: bool) -> io::Result<Option<(ExitStatus, Usage)>> {
    let mut status: libc::c_int = 0;
    // SAFETY: a zeroed rusage is a valid value of a plain C struct that wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    // SAFETY: wait4 writes only to the two locals passed by pointer.
    let reaped = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
    if reaped == 0 {
        return Ok(None);
    }
    if reaped < 0 {
        let error = io::Error::last_os_error();
        return match error.kind() {
            io::ErrorKind::Interrupted => Ok(None),
            _ => Err(error),
        };
    }
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    let used = Usage {
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        // Linux gives ru_maxrss in KiB.
        peak_memory_kib: usage.ru_maxrss.max(0) as u64,
    };
    Ok(Some((ExitStatus::from_raw(status), used)))
}

/// The CPU time (user and system) that running process `pid` has used so far, from
/// `/proc/PID/stat`; `None` where that cannot be read.
fn running_cpu(pid: libc::pid_t) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name (which may hold spaces) in parentheses: the state is
    // the first, utime and stime the 12th and 13th (fields 14 and 15 of proc(5)).
    let mut fields = stat.rsplit_once(") ")?.1.split(' ');
    let utime: u64 = fields.nth(11)?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    // SAFETY: sysconf only reads a system setting.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let ticks = u64::try_from(ticks).ok().filter(|&t| t > 0)?;
    Some(Duration::from_millis((utime + stime) * 1000 / ticks))
}

/// Sends `signal` to every process of process group `group` (an error, such as an empty group,
/// is ignored: there is nothing left to end).
fn signal_group(group: libc::pid_t, signal: libc::c_int) {
    // SAFETY: kill(2) with a negative pid only sends a signal; no memory is shared.
    unsafe {
        libc::kill(-group, signal);
    }
}
