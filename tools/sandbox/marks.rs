//! The runs' marks: each run puts a token of its own in its program's environment
//! ([`CASE_VARIABLE`]), which every descendant that does not rewrite its environment inherits,
//! so that the processes of a run are found and ended wherever they moved.

use std::collections::HashSet;
use std::ffi::OsString;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// The environment variable that carries the tokens of the runs a process belongs to
/// (`:`-separated, outermost first: a run inside a run keeps its parent's token).
pub const CASE_VARIABLE: &str = "GRUNDY_RUNNER_CASES";
/// How many times the processes carrying a run's token are searched for: each search stops
/// the ones it finds, so a process forking as fast as it can is caught within a few.
const STOP_ROUNDS: usize = 1000;

/// A token no other run has: this process's id and a counter.
pub(crate) fn next_token() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!(
        "{}.{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// [`CASE_VARIABLE`]'s value for a run with `token` started from this process: the runs this
/// process belongs to, then `token`.
pub(crate) fn tokens_with(token: &str) -> OsString {
    let mut tokens = std::env::var_os(CASE_VARIABLE).unwrap_or_default();
    if !tokens.is_empty() {
        tokens.push(":");
    }
    tokens.push(token);
    tokens
}

/// Ends every process whose environment carries `token`, wherever it moved: stops each one
/// found (a stopped process cannot fork) until a search finds no new one, kills them all, and
/// reaps those that became this process's children.
pub(crate) fn end_marked(token: &str) {
    let me = std::process::id() as libc::pid_t;
    let mut stopped = HashSet::new();
    for _ in 0..STOP_ROUNDS {
        let fresh: Vec<libc::pid_t> = marked(token)
            .into_iter()
            .filter(|&pid| pid != me && !stopped.contains(&pid))
            .collect();
        if fresh.is_empty() {
            break;
        }
        for pid in fresh {
            // SAFETY: kill(2) only sends a signal.
            unsafe {
                libc::kill(pid, libc::SIGSTOP);
            }
            stopped.insert(pid);
        }
    }
    for &pid in &stopped {
        // SAFETY: as above.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
    // Killed processes whose parent was also killed become this process's children (it is
    // their subreaper) a moment later: reap each that is, and leave the rest to their parents.
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut left: Vec<libc::pid_t> = stopped.iter().copied().collect();
    while !left.is_empty() && Instant::now() < deadline {
        left.retain(|&pid| {
            let mut status = 0;
            // SAFETY: waitpid writes only the status local.
            let reaped = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
            match reaped {
                0 => true,
                r if r > 0 => false,
                // Not a child (yet): one to wait for while its parent is one of the killed.
                _ => parent_of(pid).is_some_and(|parent| stopped.contains(&parent)),
            }
        });
        if !left.is_empty() {
            thread::sleep(Duration::from_millis(1));
        }
    }
}

/// The processes whose environment carries `token` in [`CASE_VARIABLE`] (those whose
/// environment this process may read: its user's).
fn marked(token: &str) -> Vec<libc::pid_t> {
    let entries = match std::fs::read_dir("/proc") {
        Ok(entries) => entries,
        Err(_) => return Vec::new(),
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str().and_then(|n| n.parse().ok()))
        .filter(|&pid| carries(pid, token))
        .collect()
}

/// Whether process `pid`'s environment carries `token` in [`CASE_VARIABLE`].
pub(crate) fn carries(pid: libc::pid_t, token: &str) -> bool {
    let environ = match std::fs::read(format!("/proc/{pid}/environ")) {
        Ok(environ) => environ,
        Err(_) => return false,
    };
    let prefix = format!("{CASE_VARIABLE}=");
    environ.split(|&b| b == 0).any(|variable| {
        variable
            .strip_prefix(prefix.as_bytes())
            .is_some_and(|tokens| tokens.split(|&b| b == b':').any(|t| t == token.as_bytes()))
    })
}

/// The parent of process `pid`, from `/proc/PID/stat`.
pub(crate) fn parent_of(pid: libc::pid_t) -> Option<libc::pid_t> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(") ")?.1.split(' ').nth(1)?.parse().ok()
}
