//! A program playing as a child process over pipes (the runner: the binary and its bundle), in a
//! process group of its own, its CPU time read from `/proc` and `wait4`; and the reaping of the
//! orphans a contestant leaves behind. Linux (Unix process groups, `/proc`).

use super::{Contestant, Ending, Event, Lines, Reply, Sent};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// A program playing as a child process: its standard input and output are the dialogue, its
/// standard error is kept for the report.
pub struct Process {
    /// Its process group (it leads a group of its own): everything it starts is ended with it.
    group: i32,
    /// Once reaped: its status and CPU time (its own and its reaped descendants').
    reaped: Option<(std::process::ExitStatus, Duration)>,
    /// The group's CPU time at the last reading.
    cpu: Duration,
    /// Whether a process of its group was running or runnable at the last reading.
    computing: bool,
    /// The writer thread's queue: it writes each line to the contestant's input (where a
    /// contestant that stops reading can block it) and says whether it could.
    stdin: Option<Sender<Vec<u8>>>,
    written: Receiver<bool>,
    lines: Lines,
    stderr: Receiver<Vec<u8>>,
}

impl Process {
    /// Starts `program` with piped standard input and output.
    ///
    /// # Errors
    /// If it cannot be started.
    pub fn start(program: &Path) -> Result<Self, String> {
        Self::start_command(Command::new(program), &program.display().to_string())
    }

    /// Starts `command` (named `name` in an error) like [`Process::start`]: for instance
    /// `sh -c CMD`, a program with arguments.
    ///
    /// # Errors
    /// If it cannot be started.
    pub fn start_command(mut command: Command, name: &str) -> Result<Self, String> {
        use std::os::unix::process::CommandExt;
        let mut child = command
            // A group of its own, so that the children it starts end with the dialogue.
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {name}: {e}"))?;
        let group = child.id() as i32;
        let (stdin, written) = writer(child.stdin.take().expect("stdin is piped"));
        let (events, received) = mpsc::channel();
        let mut stdout = child.stdout.take().expect("stdout is piped");
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || events.send(Event::Bytes(buf[..n].to_vec())).is_err() {
                    break;
                }
            }
            let _ = events.send(Event::Closed(None));
        });
        let (errors, stderr) = mpsc::channel();
        let mut child_stderr = child.stderr.take().expect("stderr is piped");
        std::thread::spawn(move || {
            let mut kept = Vec::new();
            let _ = (&mut child_stderr).take(4096).read_to_end(&mut kept);
            let _ = std::io::copy(&mut child_stderr, &mut std::io::sink());
            let _ = errors.send(kept);
        });
        Ok(Process {
            group,
            reaped: None,
            cpu: Duration::ZERO,
            computing: false,
            stdin: Some(stdin),
            written,
            lines: Lines::new(received),
            stderr,
        })
    }

    /// Ends the program and every process of its group, and reaps it.
    fn end(&mut self) {
        self.end_group();
        while self.reaped.is_none() {
            if self.try_reap().is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Its status once it has ended (reaped here, by `wait4`, which also gives its CPU time).
    fn try_reap(&mut self) -> std::io::Result<Option<std::process::ExitStatus>> {
        use std::os::unix::process::ExitStatusExt;
        if let Some((status, _)) = self.reaped {
            return Ok(Some(status));
        }
        let mut status: libc::c_int = 0;
        // SAFETY: a zeroed rusage is a valid value of a plain C struct that wait4 fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 writes only to the two locals passed by pointer.
        let pid = unsafe { libc::wait4(self.group, &mut status, libc::WNOHANG, &mut usage) };
        if pid == 0 {
            return Ok(None);
        }
        if pid < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let time = |t: libc::timeval| {
            Duration::from_secs(t.tv_sec.max(0) as u64)
                + Duration::from_micros(t.tv_usec.max(0) as u64)
        };
        let cpu = time(usage.ru_utime) + time(usage.ru_stime);
        let status = std::process::ExitStatus::from_raw(status);
        self.cpu = self.cpu.max(cpu);
        self.reaped = Some((status, cpu));
        Ok(Some(status))
    }

    /// The CPU time (user and system) of the processes in its group now, from `/proc`: each
    /// one's own and its reaped children's; and whether one of them is running or runnable
    /// (state `R`).
    fn group_cpu(&self) -> (Duration, bool) {
        // SAFETY: sysconf only reads a system setting.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        let ticks = u64::try_from(ticks).ok().filter(|&t| t > 0).unwrap_or(100);
        let mut total = 0u64;
        let mut computing = false;
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let name = entry.file_name();
            if !name.to_string_lossy().bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let stat = match std::fs::read_to_string(entry.path().join("stat")) {
                Ok(stat) => stat,
                Err(_) => continue,
            };
            // After the name in parentheses: state, ppid, pgrp, ... utime, stime, cutime,
            // cstime are fields 14 to 17 of proc(5).
            let fields: Vec<&str> = match stat.rsplit_once(") ") {
                Some((_, rest)) => rest.split(' ').collect(),
                None => continue,
            };
            if fields.get(2).and_then(|g| g.parse::<i32>().ok()) != Some(self.group) {
                continue;
            }
            computing |= fields[0] == "R";
            total += fields[11..15]
                .iter()
                .filter_map(|f| f.parse::<u64>().ok())
                .sum::<u64>();
        }
        (Duration::from_millis(total * 1000 / ticks), computing)
    }

    /// Sends SIGKILL to the program's process group (what is left of it once the program
    /// itself exited: the children it left behind).
    fn end_group(&self) {
        // SAFETY: kill(2) with a negative pid only sends a signal to that group.
        unsafe {
            libc::kill(-self.group, libc::SIGKILL);
        }
    }

    /// The first line of its standard error.
    fn first_error_line(&self) -> String {
        let kept = self
            .stderr
            .recv_timeout(Duration::from_millis(500))
            .unwrap_or_default();
        let text = String::from_utf8_lossy(&kept);
        text.lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(200)
            .collect()
    }
}

/// Makes this process the reaper of its orphaned descendants (Linux's child subreaper), so that a
/// contestant's child that left its process group (`setsid`) is re-parented here when its
/// parent ends, and [`end_orphans`] can end it. Only for a process that runs one contestant at a
/// time (the runner's and `play`'s jury): [`end_orphans`] ends every child but none it is told
/// of. Elsewhere a no-op.
pub fn reap_orphans() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Ends every child of this process (after [`reap_orphans`], the orphans of the contestants it
/// ran, whatever session they moved to) and reaps them. Call it between dialogues only.
pub fn end_orphans() {
    // SAFETY: getpid only reads this process's id.
    let me = unsafe { libc::getpid() };
    for _ in 0..3 {
        let mut found = false;
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let pid: i32 = match entry.file_name().to_string_lossy().parse() {
                Ok(pid) => pid,
                Err(_) => continue,
            };
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            let parent = stat
                .rsplit_once(") ")
                .and_then(|(_, rest)| rest.split(' ').nth(1)?.parse::<i32>().ok());
            if parent == Some(me) {
                found = true;
                // SAFETY: kill(2) only sends a signal to our own child.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
        // SAFETY: waitpid with WNOHANG writes only to the local status.
        unsafe {
            let mut status = 0;
            while libc::waitpid(-1, &mut status, libc::WNOHANG) > 0 {}
        }
        if !found {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A thread writing the lines it is given to `stdin`, answering each with whether it could; it
/// closes `stdin` when its queue is dropped.
fn writer(mut stdin: ChildStdin) -> (Sender<Vec<u8>>, Receiver<bool>) {
    let (queue, lines) = mpsc::channel::<Vec<u8>>();
    let (done, written) = mpsc::channel();
    std::thread::spawn(move || {
        for bytes in lines {
            let ok = stdin.write_all(&bytes).and_then(|_| stdin.flush()).is_ok();
            if done.send(ok).is_err() {
                break;
            }
        }
    });
    (queue, written)
}

impl Contestant for Process {
    fn send(&mut self, line: &str, deadline: Instant) -> Sent {
        let queued = match &self.stdin {
            Some(stdin) => stdin.send(format!("{line}\n").into_bytes()).is_ok(),
            None => false,
        };
        if !queued {
            return Sent::Closed;
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.written.recv_timeout(wait) {
            Ok(true) => Sent::Taken,
            Ok(false) | Err(RecvTimeoutError::Disconnected) => Sent::Closed,
            Err(RecvTimeoutError::Timeout) => {
                // The writer stays blocked on the full pipe until the contestant is stopped.
                self.stdin = None;
                Sent::Late
            }
        }
    }

    fn receive(&mut self, deadline: Instant) -> Reply {
        self.lines.next(deadline)
    }

    fn cpu_time(&mut self) -> Option<Duration> {
        self.computing = false;
        if self.reaped.is_none() {
            let (cpu, computing) = self.group_cpu();
            self.cpu = self.cpu.max(cpu);
            self.computing = computing;
        }
        Some(self.cpu)
    }

    fn computing(&self) -> bool {
        self.computing
    }

    fn finish(&mut self, deadline: Instant) -> (Option<String>, Ending) {
        self.stdin = None;
        // Its first line after the dialogue, or the end of its output. A program that exits
        // while a child of its holds the output open is done when it exits: the child goes.
        let extra = loop {
            let slice = (Instant::now() + Duration::from_millis(10)).min(deadline);
            match self.lines.next(slice) {
                Reply::Line(line) | Reply::TooLong(line) => break Some(line),
                Reply::Closed => break None,
                Reply::Late if Instant::now() >= deadline => {
                    self.end();
                    return (None, Ending::Late);
                }
                Reply::Late => {
                    if let Ok(Some(_)) = self.try_reap() {
                        self.end_group();
                    }
                }
            }
        };
        if extra.is_some() {
            // Whatever else it writes is beside the point: stop it.
            self.end_group();
        }
        loop {
            let exited = self.try_reap();
            if let Ok(Some(_)) = exited {
                // The dialogue is over: children it left behind go with it.
                self.end_group();
            }
            match exited {
                Ok(Some(status)) if status.success() || extra.is_some() => {
                    return (extra, Ending::Success)
                }
                Ok(Some(status)) => {
                    let how = match status.code() {
                        Some(code) => format!("exit status {code}"),
                        None => format!("{status}"),
                    };
                    let said = self.first_error_line();
                    let ending = if said.is_empty() {
                        how
                    } else {
                        format!("{how}: {said}")
                    };
                    return (extra, Ending::Failed(ending));
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(2));
                }
                _ => {
                    self.end();
                    return (extra, Ending::Late);
                }
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Whether it still runs or has exited, what it started may still run in its group.
        self.end();
    }
}
