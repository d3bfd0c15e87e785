//! Runs one program on one input under a time limit and an output cap. The program starts in
//! its own process group, so that at the limit the whole group is sent SIGTERM and, 200 ms
//! later, SIGKILL: a program that ignores SIGTERM, or leaves children behind, is still gone.

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
    /// The limit passed; the runner ended the program.
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
}

/// Runs `program` with `args` on `input`; stops it at `limit` or once its output passes `cap`
/// bytes. Errors are the runner's own (the program cannot be started, a pipe fails).
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
    let (status, ended_by_runner) = wait(&mut child, group, start + limit, &over_cap)?;
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

/// Waits for `child` until `deadline`, ending its group at the deadline or when its output
/// passes the cap; returns its status and, if the runner ended it, why.
fn wait(
    child: &mut Child,
    group: libc::pid_t,
    deadline: Instant,
    over_cap: &AtomicBool,
) -> io::Result<(ExitStatus, Option<Ended>)> {
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(status) = child.try_wait()? {
            // Past the cap the pipe is closed, so the program may have died of SIGPIPE first.
            let why = over_cap.load(Ordering::SeqCst).then_some(Ended::OverCap);
            return Ok((status, why));
        }
        if over_cap.load(Ordering::SeqCst) {
            signal_group(group, libc::SIGKILL);
            return Ok((child.wait()?, Some(Ended::OverCap)));
        }
        let now = Instant::now();
        if now >= deadline {
            signal_group(group, libc::SIGTERM);
            let kill_at = now + GRACE;
            while Instant::now() < kill_at {
                if let Some(status) = child.try_wait()? {
                    return Ok((status, Some(Ended::TimedOut)));
                }
                thread::sleep(Duration::from_millis(5));
            }
            signal_group(group, libc::SIGKILL);
            return Ok((child.wait()?, Some(Ended::TimedOut)));
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// Sends `signal` to every process of process group `group` (an error, such as an empty group,
/// is ignored: there is nothing left to end).
fn signal_group(group: libc::pid_t, signal: libc::c_int) {
    // SAFETY: kill(2) with a negative pid only sends a signal; no memory is shared.
    unsafe {
        libc::kill(-group, signal);
    }
}
