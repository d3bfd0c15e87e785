//! A solution playing in-process, on a thread of its own over in-memory pipes (the unit tests,
//! `stress`).

use super::{Contestant, Ending, Event, Lines, Reply, Sent, SolveFn};
use judge::interactive::Dialogue;
use std::io::{BufRead, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Instant;

/// The solution's standard input in-process: the jury's lines, as they are sent.
pub struct FromJury {
    lines: Receiver<Vec<u8>>,
    buffer: Vec<u8>,
    at: usize,
}

impl Read for FromJury {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for FromJury {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.at == self.buffer.len() {
            // A closed jury is the end of the input.
            self.buffer = self.lines.recv().unwrap_or_default();
            self.at = 0;
        }
        Ok(&self.buffer[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.buffer.len());
    }
}

/// The solution's standard output in-process: held until flushed, as a pipe's buffer would be,
/// so a solution that forgets to flush hangs here as it would on a judge.
pub struct ToJury {
    events: Sender<Event>,
    held: Vec<u8>,
}

impl Write for ToJury {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.held.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.held.is_empty() {
            let bytes = std::mem::take(&mut self.held);
            self.events
                .send(Event::Bytes(bytes))
                .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "jury gone"))?;
        }
        Ok(())
    }
}

/// A solution playing on its own thread, over in-memory pipes.
pub struct InProcess {
    to: Option<Sender<Vec<u8>>>,
    lines: Lines,
}

impl InProcess {
    /// Starts `solve` on a new thread; a panic is caught and reported as its ending.
    pub fn start(solve: SolveFn) -> Self {
        let (to, from_jury) = mpsc::channel();
        let (events, from_solution) = mpsc::channel();
        let output = ToJury {
            events: events.clone(),
            held: Vec::new(),
        };
        std::thread::spawn(move || {
            let input = FromJury {
                lines: from_jury,
                buffer: Vec::new(),
                at: 0,
            };
            let mut io = Dialogue::new(input, output);
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve(&mut io)));
            // What it wrote but did not flush never reaches a jury.
            drop(io);
            let ending = match outcome {
                Ok(Ok(())) => Ending::Success,
                Ok(Err(e)) => Ending::Failed(format!("error: {e}")),
                Err(panic) => Ending::Failed(format!("panicked: {}", panic_text(&panic))),
            };
            let _ = events.send(Event::Closed(Some(ending)));
        });
        InProcess {
            to: Some(to),
            lines: Lines::new(from_solution),
        }
    }

    /// Ends the solution's input (the jury has nothing more to say) without waiting for it.
    pub fn close(&mut self) {
        self.to = None;
    }
}

/// A panic's message, in one line.
fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    let text = judge::checker::panic_message(&**panic);
    text.lines().next().unwrap_or("").to_string()
}

impl Contestant for InProcess {
    fn send(&mut self, line: &str, _: Instant) -> Sent {
        // The channel never fills: an in-process solution cannot block the jury.
        let bytes = format!("{line}\n").into_bytes();
        match &self.to {
            Some(to) if to.send(bytes).is_ok() => Sent::Taken,
            _ => Sent::Closed,
        }
    }

    fn receive(&mut self, deadline: Instant) -> Reply {
        self.lines.next(deadline)
    }

    fn finish(&mut self, deadline: Instant) -> (Option<String>, Ending) {
        self.to = None;
        let extra = match self.lines.next(deadline) {
            Reply::Line(line) | Reply::TooLong(line) => Some(line),
            Reply::Closed => None,
            Reply::Late => return (None, Ending::Late),
        };
        while !self.lines.closed {
            if self.lines.next(deadline) == Reply::Late {
                return (extra, Ending::Late);
            }
        }
        let ending = self.lines.ending.clone().unwrap_or(Ending::Success);
        (extra, ending)
    }
}
