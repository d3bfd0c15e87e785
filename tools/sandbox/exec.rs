//! Runs one program on one input under a time limit, an output cap and, optionally, a bound on
//! its memory, and ends every process it started.
//!
//! **Time.** The limit is on the program's CPU time (user and system), as a judge measures it,
//! so that a verdict does not change with the machine's load: on a busy machine a program gets
//! a share of a core, and its wall time grows with the load while its CPU time does not. A
//! program that waits instead of computing (a sleep, a read that never returns) is stopped by a
//! wall-time backstop, [`WALL_FACTOR`] times the limit and at least [`LEAST_WALL`].
//!
//! **Processes.** The program starts in its own process group; at the limit the group is sent
//! SIGTERM and, 200 ms later, SIGKILL. A descendant may leave the group (`setsid`, a daemon's
//! double fork), so each run also marks its program's environment with a token of its own
//! (the variable `GRUNDY_RUNNER_CASES`, inherited by every descendant that does not rewrite its
//! environment);
//! when the program has ended, every process carrying the token is stopped (so that it can fork
//! no more), then killed. The runner makes itself a child subreaper (`prctl(2)`), so that such
//! orphans become its children and are reaped, not left to init.
//!
//! **Output.** Standard output and error are read while the program runs. Once the program has
//! ended and its descendants are gone, what is left in the pipes is read without waiting for an
//! end of file that a process out of reach might hold: the output is what the program wrote.
//!
//! **Memory and CPU of the whole tree.** What the program and all its descendants use is
//! measured, waited for or not ([`super::tree`]): sampled from `/proc` while it runs (at most
//! 10 ms apart) and once more at its exit stop, when its children are still there. A child's
//! `ru_maxrss` starts at its parent's resident set when it execs, so the program is traced
//! (`PTRACE_TRACEME`, stopping only at its exit and execs; its signals are passed on) and its
//! own peak read at its exit stop, while its memory still exists. The CPU limit is on the
//! tree's time. A tree whose resident memory passes [`Bounds::data`] is stopped
//! ([`Ended::OverMemory`]); nothing is refused inside the program, so an untouched
//! reservation costs nothing unless the judge counts it ([`Run::peak_reserved_kib`]).
//!
//! **The runner out of reach.** A program may signal its parent: `kill(getppid(), SIGSTOP)`
//! would stop the runner for good. A small guard process, forked once, watches the runner from
//! outside and continues it whenever it is stopped.

use crate::marks::{end_marked, next_token, parent_of, tokens_with, CASE_VARIABLE};
use crate::pipes::Pipes;
use crate::tree::{self, Tree};
use std::ffi::OsStr;
use std::fs::File;
use std::io;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use std::thread;
use std::time::{Duration, Instant};

/// How long a program has between SIGTERM and SIGKILL.
const GRACE: Duration = Duration::from_millis(200);
/// The wall-time backstop, in multiples of the CPU-time limit: generous enough that a program
/// within its CPU limit is not stopped on a machine running many times more work than cores.
pub const WALL_FACTOR: u32 = 10;
/// The least wall-time backstop, whatever the limit: a short limit (`TIMEOUT=0.1`) times
/// [`WALL_FACTOR`] is less than a loaded machine may take to start a program.
pub const LEAST_WALL: Duration = Duration::from_secs(5);
/// ptrace's address argument where a request takes none (passed with a pointer's width: the
/// call is variadic).
const NO_ADDRESS: *mut libc::c_void = std::ptr::null_mut();
/// Whether programs are traced to read their peak at their exit (until ptrace is refused).
static TRACING: AtomicBool = AtomicBool::new(true);
/// The wall time after which a program with CPU-time limit `limit` is stopped:
/// [`WALL_FACTOR`] times the limit, at least [`LEAST_WALL`].
///
/// ```
/// use std::time::Duration;
/// use sandbox::exec::wall_backstop;
/// assert_eq!(wall_backstop(Duration::from_secs(2)), Duration::from_secs(20));
/// assert_eq!(wall_backstop(Duration::from_millis(100)), Duration::from_secs(5));
/// ```
pub fn wall_backstop(limit: Duration) -> Duration {
    (limit * WALL_FACTOR).max(LEAST_WALL)
}

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
    /// The resident memory of the program's tree passed [`Bounds::data`]; the runner ended it.
    OverMemory,
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
    /// The CPU time (user and system) of the program and all its descendants, waited for or
    /// not, as far as it was measured.
    pub cpu: Duration,
    /// The peak resident memory of the program's tree in KiB ([`super::tree`]): at least the
    /// program's own `VmHWM` read at its exit (or where ptrace is refused the largest read
    /// while it ran), the largest sum over the processes alive together, shared-memory files
    /// included; and `ru_maxrss` of `wait4(2)` (the children it waited for) where that is
    /// above the runner's own resident set, which Linux counts in it.
    pub peak_memory_kib: u64,
    /// The peak address space of the program's tree in KiB (reservations included): at least
    /// the program's own `VmPeak`, and the largest sum of `VmSize` seen.
    pub peak_reserved_kib: u64,
}

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The CPU-time limit; the wall-time backstop is [`WALL_FACTOR`] times it.
    pub cpu: Duration,
    /// The most bytes of standard output kept; past them the program is ended.
    pub output: usize,
    /// The resident memory in bytes (of the program's whole tree, as measured) past which the
    /// runner stops it, or no such bound: a backstop against a program that allocates without
    /// bound. Nothing is refused in the program itself.
    pub data: Option<u64>,
}

/// Runs `program` with `args` on `input`; stops it once its CPU time passes `limit` (or its
/// wall time [`WALL_FACTOR`] times that, at least [`LEAST_WALL`]), or once its output passes
/// `cap` bytes. Errors are the
/// runner's own (the program cannot be started, a pipe fails).
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
    let bounds = Bounds {
        cpu: limit,
        output: cap,
        data: None,
    };
    run_bounded(program, args, env, input, bounds)
}

/// [`run`] stopped at the wall-clock time `until` too, whatever its CPU time: for a caller
/// bounded by the wall clock as a whole (`stress --seconds`). A run stopped there ends
/// [`Ended::TimedOut`].
pub fn run_until(
    program: &Path,
    args: &[&OsStr],
    input: Input,
    limit: Duration,
    cap: usize,
    until: Instant,
) -> io::Result<Run> {
    let bounds = Bounds {
        cpu: limit,
        output: cap,
        data: None,
    };
    run_within(program, args, &[], input, bounds, Some(until))
}

/// [`run_with_env`] within `bounds`, which may also bound the program's memory.
pub fn run_bounded(
    program: &Path,
    args: &[&OsStr],
    env: &[(&str, &OsStr)],
    input: Input,
    bounds: Bounds,
) -> io::Result<Run> {
    run_within(program, args, env, input, bounds, None)
}

/// [`run_bounded`], stopped at the wall-clock time `until` if given.
fn run_within(
    program: &Path,
    args: &[&OsStr],
    env: &[(&str, &OsStr)],
    input: Input,
    bounds: Bounds,
    until: Option<Instant>,
) -> io::Result<Run> {
    become_subreaper();
    guard_against_stops();
    let token = next_token();
    let tokens = tokens_with(&token);
    reset_own_peak();
    let start = Instant::now();
    let (mut child, traced) = start_program(program, args, env, &tokens, &input)?;
    if traced {
        if let Err(e) = start_tracing(child.id() as libc::pid_t) {
            signal_group(child.id() as libc::pid_t, libc::SIGKILL);
            let _ = child.wait();
            return Err(e);
        }
    }
    let floor = peak_kib("self").unwrap_or(u64::MAX);
    let group = child.id() as libc::pid_t;
    let piped = match input {
        Input::Bytes(bytes) => Some(bytes),
        Input::File(_) => None,
    };
    let mut pipes = Pipes::new(&mut child, bounds.output, piped)?;
    let backstop = start + wall_backstop(bounds.cpu);
    let backstop = until.map_or(backstop, |until| backstop.min(until));
    let mut tree = Tree::new(group, &token);
    let waited = wait(&mut child, group, bounds, backstop, &mut pipes, &mut tree);
    let elapsed = start.elapsed();
    // Whatever the program left behind goes too, in its group or out of it, so that no one
    // holds the pipes open or runs on; then the pipes hold all the program wrote.
    signal_group(group, libc::SIGKILL);
    end_marked(&token);
    reap_seen(&tree);
    let (status, ended_by_runner, usage) = waited?;
    let cpu = usage.cpu.max(tree.cpu);
    let ended_by_runner = ended_by_runner.or((cpu > bounds.cpu).then_some(Ended::TimedOut));
    pipes.drain()?;
    let ended = match ended_by_runner {
        Some(ended) => ended,
        None if pipes.over_cap => Ended::OverCap,
        None => match status.code() {
            Some(code) => Ended::Exited(code),
            None => Ended::Signalled(status.signal().unwrap_or(0)),
        },
    };
    Ok(Run {
        ended,
        stdout: pipes.stdout.kept,
        stderr: pipes.stderr.kept,
        elapsed,
        cpu,
        // Linux starts a program's ru_maxrss at its parent's resident set when it execs it:
        // above that it is the program's own peak (or a waited child's); the tree's is
        // sampled, and the program's own read at its exit stop.
        peak_memory_kib: if usage.peak_memory_kib > floor {
            usage.peak_memory_kib.max(tree.peak_resident_kib)
        } else {
            tree.peak_resident_kib
        },
        peak_reserved_kib: tree.peak_reserved_kib,
    })
}

/// Starts `program` in a process group of its own, its environment marked with `tokens`,
/// traced where ptrace is allowed (where it is refused the program runs untraced, and so do
/// the later ones); returns the child and whether it is traced.
fn start_program(
    program: &Path,
    args: &[&OsStr],
    env: &[(&str, &OsStr)],
    tokens: &OsStr,
    input: &Input,
) -> io::Result<(Child, bool)> {
    let spawn = |traced: bool| -> io::Result<Child> {
        let mut command = Command::new(program);
        command
            .args(args)
            .envs(env.iter().copied())
            .env(CASE_VARIABLE, tokens)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        match input {
            Input::File(path) => command.stdin(Stdio::from(File::open(path)?)),
            Input::Bytes(_) => command.stdin(Stdio::piped()),
        };
        if traced {
            // SAFETY: the closure runs in the forked child before exec and calls only ptrace,
            // which is async-signal-safe.
            unsafe {
                command.pre_exec(move || {
                    if libc::ptrace(libc::PTRACE_TRACEME, 0, NO_ADDRESS, NO_ADDRESS) != 0 {
                        return Err(io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        command.spawn()
    };
    let mut traced = TRACING.load(Ordering::Relaxed);
    let mut spawned = spawn(traced);
    if traced && spawned.is_err() {
        spawned = spawn(false);
        traced = false;
        if spawned.is_ok() {
            TRACING.store(false, Ordering::Relaxed);
        }
    }
    let child = spawned.map_err(|e| {
        io::Error::new(e.kind(), format!("cannot run {}: {}", program.display(), e))
    })?;
    Ok((child, traced))
}

/// What `wait4(2)` says a finished child used.
#[derive(Clone, Copy)]
struct Usage {
    /// User and system CPU time.
    cpu: Duration,
    /// Peak resident set, KiB.
    peak_memory_kib: u64,
}

/// Waits for `child`, serving its pipes and sampling its `tree`, until it ends, the tree's CPU
/// time passes `bounds.cpu` or its memory `bounds.data`, the wall clock passes `backstop`, or
/// its output passes the cap (its group is ended then); returns its status, if the runner
/// ended it (or it ended over its limit) why, and what it used. It never waits without a
/// bound: a program whose main thread has exited while another runs is watched as before.
fn wait(
    child: &mut Child,
    group: libc::pid_t,
    bounds: Bounds,
    backstop: Instant,
    pipes: &mut Pipes,
    tree: &mut Tree,
) -> io::Result<(ExitStatus, Option<Ended>, Usage)> {
    let pid = child.id() as libc::pid_t;
    let mut pause = Duration::from_millis(1);
    loop {
        tree.sample();
        if let Some((status, usage)) = reap(pid, tree)? {
            return Ok((status, None, usage));
        }
        let over_memory = bounds
            .data
            .is_some_and(|bytes| tree.resident_kib > bytes / 1024);
        let now = Instant::now();
        let why = if pipes.over_cap {
            Some(Ended::OverCap)
        } else if over_memory {
            Some(Ended::OverMemory)
        } else if now >= backstop || tree.cpu > bounds.cpu {
            Some(Ended::TimedOut)
        } else {
            None
        };
        if let Some(why) = why {
            if why == Ended::TimedOut {
                signal_group(group, libc::SIGTERM);
                let kill_at = now + GRACE;
                while Instant::now() < kill_at {
                    if let Some((status, usage)) = reap(pid, tree)? {
                        return Ok((status, Some(why), usage));
                    }
                    pipes.serve(Duration::from_millis(5))?;
                }
            }
            // The program itself too, should it have left its group; the rest of its tree is
            // ended once it is reaped (stopping a traced program that is being killed would
            // leave it stopped for good).
            signal_group(group, libc::SIGKILL);
            // SAFETY: kill(2) only sends a signal.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            let (status, usage) = reap_killed(pid, tree)?;
            return Ok((status, Some(why), usage));
        }
        pipes.serve(pause.min(backstop - now))?;
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// Waits for process `pid` (a child whose group was killed) until it ends.
fn reap_killed(pid: libc::pid_t, tree: &mut Tree) -> io::Result<(ExitStatus, Usage)> {
    loop {
        if let Some(ended) = reap(pid, tree)? {
            return Ok(ended);
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// The status and resource use of child `pid` if it has ended (`wait4(2)`), else `None`. A
/// traced child's stops are passed on (its signals delivered, except those that would stop
/// it), and at its exit stop its tree is sampled once more (its own peak, and its children
/// before they are orphaned). Never blocks: a thread group whose leader has exited ends only
/// when its last thread does.
fn reap(pid: libc::pid_t, tree: &mut Tree) -> io::Result<Option<(ExitStatus, Usage)>> {
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: a zeroed rusage is a valid value of a plain C struct that wait4 fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 writes only to the two locals passed by pointer.
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
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
        if libc::WIFSTOPPED(status) {
            let signal = libc::WSTOPSIG(status);
            let event = status >> 16;
            if event == libc::PTRACE_EVENT_EXIT {
                tree.sample();
            }
            let stops = [libc::SIGSTOP, libc::SIGTSTP, libc::SIGTTIN, libc::SIGTTOU];
            let deliver = if event != 0 || stops.contains(&signal) {
                0
            } else {
                signal
            };
            // SAFETY: PTRACE_CONT resumes a tracee of this thread; no memory is passed.
            unsafe {
                libc::ptrace(libc::PTRACE_CONT, pid, NO_ADDRESS, deliver as libc::c_long);
            }
            continue;
        }
        let time = |t: libc::timeval| {
            Duration::from_secs(t.tv_sec.max(0) as u64)
                + Duration::from_micros(t.tv_usec.max(0) as u64)
        };
        let used = Usage {
            cpu: time(usage.ru_utime) + time(usage.ru_stime),
            // Linux gives ru_maxrss in KiB.
            peak_memory_kib: usage.ru_maxrss.max(0) as u64,
        };
        return Ok(Some((ExitStatus::from_raw(status), used)));
    }
}

/// Takes child `pid`, stopped by its `PTRACE_TRACEME` at its exec, as a tracee stopping at its
/// exit (where its peak can still be read) and at later execs (instead of a SIGTRAP), killed if
/// the runner ends first; and lets it run.
fn start_tracing(pid: libc::pid_t) -> io::Result<()> {
    let mut status: libc::c_int = 0;
    loop {
        // SAFETY: waitpid writes only the status local.
        let waited = unsafe { libc::waitpid(pid, &mut status, 0) };
        if waited == pid {
            break;
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
    if !libc::WIFSTOPPED(status) {
        return Err(io::Error::other("the program ended before it started"));
    }
    let options = libc::PTRACE_O_TRACEEXIT | libc::PTRACE_O_TRACEEXEC | libc::PTRACE_O_EXITKILL;
    // SAFETY: ptrace on a stopped tracee of this thread; no memory is passed.
    unsafe {
        libc::ptrace(
            libc::PTRACE_SETOPTIONS,
            pid,
            NO_ADDRESS,
            options as libc::c_long,
        );
        libc::ptrace(libc::PTRACE_CONT, pid, NO_ADDRESS, 0 as libc::c_long);
    }
    Ok(())
}

/// The peak resident set (`VmHWM`) of process `pid` (a number or `self`) in KiB, from
/// `/proc/PID/status`; `None` where that cannot be read (an ended process has none).
fn peak_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    line.trim().strip_suffix("kB")?.trim().parse().ok()
}

/// Lowers this process's recorded peak resident set to its current one (`clear_refs`, Linux
/// 4.0), so that the floor Linux gives a program it starts is no higher than it must be.
fn reset_own_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Sends `signal` to every process of process group `group` (an error, such as an empty group,
/// is ignored: there is nothing left to end).
fn signal_group(group: libc::pid_t, signal: libc::c_int) {
    // SAFETY: kill(2) with a negative pid only sends a signal; no memory is shared.
    unsafe {
        libc::kill(-group, signal);
    }
}

/// Makes this process the reaper of its descendants' orphans (once): a process that leaves a
/// run and whose parent exits becomes this process's child, so the runner can reap it once it
/// has ended it. Where Linux refuses, orphans go to init as before.
fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: PR_SET_CHILD_SUBREAPER only sets a flag of this process.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

/// Reaps the processes of `tree` that ended as this process's children (orphans whose parent
/// did not wait for them, handed to this subreaper), so that none is left a zombie; a process
/// is reaped only if its id still names the one seen (same start time).
fn reap_seen(tree: &Tree) {
    let me = std::process::id() as libc::pid_t;
    for member in &tree.seen {
        if member.pid == tree.root() || !tree::is_same(member) {
            continue;
        }
        if parent_of(member.pid) == Some(me) {
            let mut status = 0;
            // SAFETY: waitpid writes only the status local.
            unsafe {
                libc::waitpid(member.pid, &mut status, libc::WNOHANG);
            }
        }
    }
}

/// Forks, once, a guard that continues this process whenever it is stopped: a program may
/// send its parent SIGSTOP (`kill(getppid(), SIGSTOP)`), which no process can block. The guard
/// runs only async-signal-safe calls on its stack, holds none of this process's descriptors
/// (its standard streams are `/dev/null`), and exits once this process is gone.
fn guard_against_stops() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: getpid only reads this process's id.
        let runner = unsafe { libc::getpid() };
        let stat_path = format!("/proc/{runner}/stat\0");
        let null_path = b"/dev/null\0";
        // SAFETY: in the child, only async-signal-safe calls follow (close_range, open, dup2,
        // read, kill, nanosleep, getppid, _exit) on memory prepared before the fork.
        unsafe {
            if libc::fork() != 0 {
                return;
            }
            if libc::syscall(libc::SYS_close_range, 0u32, u32::MAX, 0u32) != 0 {
                for fd in 0..1024 {
                    libc::close(fd);
                }
            }
            let null = libc::open(null_path.as_ptr().cast(), libc::O_RDWR);
            for fd in 0..3 {
                libc::dup2(null, fd);
            }
            let pause = libc::timespec {
                tv_sec: 0,
                tv_nsec: 5_000_000,
            };
            let mut buffer = [0u8; 512];
            while libc::getppid() == runner {
                let fd = libc::open(stat_path.as_ptr().cast(), libc::O_RDONLY);
                if fd >= 0 {
                    let n = libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len());
                    libc::close(fd);
                    if n > 0 && stopped_state(&buffer[..n as usize]) {
                        libc::kill(runner, libc::SIGCONT);
                    }
                }
                libc::nanosleep(&pause, std::ptr::null_mut());
            }
            libc::_exit(0);
        }
    });
}

/// Whether the text of a `/proc/PID/stat` says the process is stopped (`T`): the state is the
/// field after the last `)`.
fn stopped_state(stat: &[u8]) -> bool {
    let mut close = None;
    for (i, &b) in stat.iter().enumerate() {
        if b == b')' {
            close = Some(i);
        }
    }
    matches!(close, Some(i) if stat.get(i + 2) == Some(&b'T'))
}
