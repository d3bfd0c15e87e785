//! The contestant the jury talks to: a solution run in-process on a thread (the unit tests,
//! `stress`) or a program run as a child process over pipes (the runner: the binary and its
//! bundle). Both hand the jury the contestant's output a line at a time, with a deadline.
//!
//! Here what both share: the trait, its replies and endings, and the output cut into lines;
//! each kind of contestant in a file of its own (`in_process`, `process`).

mod in_process;
mod process;

pub use in_process::{FromJury, InProcess, ToJury};
pub use process::{end_orphans, reap_orphans, Process};

use judge::interactive::Dialogue;
use judge::InputError;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// An interactive solution as the in-process jury runs it: the problem's generic `solve`,
/// taken at the pipe types of this module.
pub type SolveFn = fn(&mut Dialogue<FromJury, ToJury>) -> Result<(), InputError>;

/// The longest line of the contestant's the jury takes: a longer one is [`Reply::TooLong`] (no
/// move at all), so an endless line cannot fill memory.
pub const MAX_LINE: usize = 1 << 20;

/// What the jury got when it waited for a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// One line (without its line break).
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes: its start (the jury reads no further).
    TooLong(String),
    /// The contestant's output ended (it exited or closed it) before a whole line.
    Closed,
    /// The deadline passed first.
    Late,
}

/// What became of a line the jury sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    /// The contestant's input took it.
    Taken,
    /// The contestant no longer reads (its input is closed).
    Closed,
    /// The deadline passed with the line still unwritten: the contestant stopped reading and
    /// its input is full.
    Late,
}

/// How the contestant ended once the jury closed the dialogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It exited successfully.
    Success,
    /// It failed: exit status, refusal or panic, in one line.
    Failed(String),
    /// It was still running at the deadline (and was stopped).
    Late,
}

/// The other side of a dialogue, as the jury sees it.
pub trait Contestant {
    /// Sends one line (a line break is added), waiting at most until `deadline` for the
    /// contestant to take it.
    fn send(&mut self, line: &str, deadline: Instant) -> Sent;
    /// The contestant's next line, waiting at most until `deadline`.
    fn receive(&mut self, deadline: Instant) -> Reply;
    /// Closes the contestant's input and waits (until `deadline`) for it to end: its first
    /// line of output after the dialogue, if any, and how it ended.
    fn finish(&mut self, deadline: Instant) -> (Option<String>, Ending);
    /// The CPU time the contestant has used so far, where it is measured (a program: its
    /// process group's); `None` where it is not (in-process: the jury counts its waiting).
    fn cpu_time(&mut self) -> Option<Duration> {
        None
    }
    /// Whether the contestant was computing (running, or ready to run and waiting for a core)
    /// at the last [`cpu_time`](Contestant::cpu_time) reading, rather than waiting for input or
    /// sleeping: the wall-time backstop charges only the time it was not, so that a loaded
    /// machine, which keeps a computing program waiting for a core, changes no verdict.
    /// `false` where CPU time is not measured.
    fn computing(&self) -> bool {
        false
    }
}

/// How much longer than its CPU-time limit a program may wait by the wall clock: a program that
/// waits instead of computing (a sleep, a read that never returns) is stopped there. Only the
/// time it is seen waiting counts (see [`Contestant::computing`]): a computing program is held
/// to its CPU time alone, however loaded the machine.
pub const WALL_FACTOR: u32 = 10;

/// What a contestant's output stream carries to the jury.
enum Event {
    Bytes(Vec<u8>),
    /// The output ended; for an in-process solution, with how it ended.
    Closed(Option<Ending>),
}

/// The contestant's output cut into lines as it arrives.
struct Lines {
    events: Receiver<Event>,
    pending: Vec<u8>,
    closed: bool,
    ending: Option<Ending>,
    /// After a line over [`MAX_LINE`]: whatever else comes is dropped unread.
    discarding: bool,
}

impl Lines {
    fn new(events: Receiver<Event>) -> Self {
        Lines {
            events,
            pending: Vec::new(),
            closed: false,
            ending: None,
            discarding: false,
        }
    }

    fn next(&mut self, deadline: Instant) -> Reply {
        loop {
            if self.discarding {
                self.pending.clear();
            }
            let window = &self.pending[..self.pending.len().min(MAX_LINE + 1)];
            if let Some(at) = window.iter().position(|&b| b == b'\n') {
                let mut line: Vec<u8> = self.pending.drain(..=at).collect();
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return Reply::Line(String::from_utf8_lossy(&line).into_owned());
            }
            if self.pending.len() > MAX_LINE {
                // A line that never ends: named as such, and nothing after it is read as a line.
                let start: Vec<u8> = self.pending[..64].to_vec();
                self.pending.clear();
                self.discarding = true;
                return Reply::TooLong(String::from_utf8_lossy(&start).into_owned());
            }
            if self.closed {
                // A last line without its line break still counts as a line.
                if self.pending.is_empty() {
                    return Reply::Closed;
                }
                let line = std::mem::take(&mut self.pending);
                return Reply::Line(String::from_utf8_lossy(&line).into_owned());
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(wait) {
                Ok(Event::Bytes(bytes)) => self.pending.extend_from_slice(&bytes),
                Ok(Event::Closed(ending)) => {
                    self.closed = true;
                    self.ending = ending;
                }
                Err(RecvTimeoutError::Timeout) => return Reply::Late,
                Err(RecvTimeoutError::Disconnected) => self.closed = true,
            }
        }
    }
}
