//! Answers too many to hold: held in memory up to a limit, then dropped while the input is
//! checked, and written by a second run over standard input read again.

use crate::error::InputError;
use crate::run::HOLD_LIMIT;
use crate::scanner::Scanner;
use std::io::{Seek, SeekFrom, Write};

/// The writer [`main_large_output`] hands a solution: a buffer in memory, or standard output
/// directly. Public only because it is `solve`'s `W` there; nothing outside this crate makes
/// one.
pub struct Output {
    mode: Mode,
    overflowed: bool,
    /// Why a write to standard output failed, if one did.
    failed: Option<String>,
}

enum Mode {
    Buffer { bytes: Vec<u8>, limit: usize },
    Stream(std::io::BufWriter<std::io::Stdout>),
}

impl Output {
    /// Holds up to `limit` bytes; what is written beyond is dropped and marks the output
    /// overflowed, so that the solution still reads (and checks) the rest of its input.
    fn buffer(limit: usize) -> Self {
        Output {
            mode: Mode::Buffer {
                bytes: Vec::new(),
                limit,
            },
            overflowed: false,
            failed: None,
        }
    }

    /// Writes to standard output through a buffer.
    fn stream() -> Self {
        Output {
            mode: Mode::Stream(std::io::BufWriter::with_capacity(
                1 << 16,
                std::io::stdout(),
            )),
            overflowed: false,
            failed: None,
        }
    }

    /// Whether a write went past a buffer's limit.
    fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// The bytes a buffer holds (empty for a stream).
    fn bytes(&self) -> &[u8] {
        match &self.mode {
            Mode::Buffer { bytes, .. } => bytes,
            Mode::Stream(_) => &[],
        }
    }
}

impl Write for Output {
    #[inline]
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.write_all(data).map(|_| data.len())
    }

    #[inline]
    fn write_all(&mut self, data: &[u8]) -> std::io::Result<()> {
        match &mut self.mode {
            Mode::Buffer { bytes, limit } => {
                if bytes.len() + data.len() > *limit {
                    self.overflowed = true;
                } else {
                    bytes.extend_from_slice(data);
                }
                Ok(())
            }
            Mode::Stream(stream) => stream.write_all(data).map_err(|e| {
                self.failed = Some(e.to_string());
                e
            }),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.mode {
            Mode::Stream(stream) => stream.flush().map_err(|e| {
                self.failed = Some(e.to_string());
                e
            }),
            Mode::Buffer { .. } => Ok(()),
        }
    }
}

fn unreadable(e: std::io::Error) -> InputError {
    InputError::Unreadable(e.to_string())
}

fn unwritable(e: std::io::Error) -> InputError {
    InputError::Unwritable(e.to_string())
}

/// What a run that wrote to `out` gives: a failed write to standard output first, whatever
/// the solution made of it.
fn written(ran: Result<(), InputError>, out: &Output) -> Result<(), InputError> {
    match &out.failed {
        Some(why) => Err(InputError::Unwritable(why.clone())),
        None => ran,
    }
}

/// Runs a solution on standard input and writes its output to standard output, or returns why
/// the input was refused (this crate's [`main`](crate::main) prints it).
///
/// The input is read as the solution goes, a window at a time, and nothing is written to
/// standard output unless the whole input was accepted: the answers are held in memory. When
/// standard input is a regular file and the answers outgrow [`HOLD_LIMIT`], the rest are
/// dropped while the solution checks the input to its end; then standard input is moved back
/// to where it stood at the start (which need not be the file's first byte) and the solution
/// runs once more, writing as it goes. So memory stays at about 16 MiB for a file and at the
/// answers' size for a pipe (or any input that cannot be read again), and a solution must be
/// deterministic (they all are).
fn run_stdio<F>(solve: F) -> Result<(), InputError>
where
    F: Fn(&mut Scanner, &mut Output) -> Result<(), InputError>,
{
    let stdin = Stdin::new();
    let start = stdin.start();
    let mut held = Output::buffer(if start.is_some() {
        HOLD_LIMIT
    } else {
        usize::MAX
    });
    solve(&mut Scanner::from_reader(stdin.reader()), &mut held)?;
    if !held.overflowed() {
        let stdout = std::io::stdout();
        let mut stdout = stdout.lock();
        stdout.write_all(held.bytes()).map_err(unwritable)?;
        stdout.flush().map_err(unwritable)?;
        return Ok(());
    }
    drop(held);
    let start = match start {
        Some(start) => start,
        None => return Err(unwritable(std::io::ErrorKind::OutOfMemory.into())),
    };
    stdin.rewind(start).map_err(unreadable)?;
    let mut stream = Output::stream();
    let ran = solve(&mut Scanner::from_reader(stdin.reader()), &mut stream);
    written(ran, &stream)?;
    stream.flush().map_err(unwritable)
}

/// Standard input, read without std's buffer (a [`Scanner`] keeps its own window) through a
/// `File` on descriptor 0 that is never closed, so that a regular file can be read again from
/// the offset it had when the program started.
#[cfg(unix)]
struct Stdin {
    file: std::mem::ManuallyDrop<std::fs::File>,
}

#[cfg(unix)]
impl Stdin {
    fn new() -> Self {
        use std::os::unix::io::FromRawFd;
        // SAFETY: descriptor 0 is the process's standard input. It stays open for the whole
        // run (nothing here closes it: the `File` is never dropped), and if it was never open,
        // every call on it fails with EBADF, which reads as an unreadable input.
        let file = unsafe { std::fs::File::from_raw_fd(0) };
        Stdin {
            file: std::mem::ManuallyDrop::new(file),
        }
    }

    /// Where standard input stands now, if it is a regular file that can be read again.
    fn start(&self) -> Option<u64> {
        let regular = self.file.metadata().map_or(false, |m| m.is_file());
        if !regular {
            return None;
        }
        (&*self.file).stream_position().ok()
    }

    fn reader(&self) -> &std::fs::File {
        &self.file
    }

    /// Moves standard input back to `start`.
    fn rewind(&self, start: u64) -> std::io::Result<()> {
        (&*self.file).seek(SeekFrom::Start(start)).map(|_| ())
    }
}

/// Standard input where it cannot be reopened: never read again, so the answers are held.
#[cfg(not(unix))]
struct Stdin;

#[cfg(not(unix))]
impl Stdin {
    fn new() -> Self {
        Stdin
    }

    fn start(&self) -> Option<u64> {
        None
    }

    fn reader(&self) -> std::io::Stdin {
        std::io::stdin()
    }

    fn rewind(&self, _: u64) -> std::io::Result<()> {
        Err(std::io::ErrorKind::Unsupported.into())
    }
}

/// A contest binary's whole `main` for answers that may pass 16 MiB: exit status 0, or one
/// line `error: ...` on standard error and exit status 1, and nothing written before the
/// whole input is accepted, whatever the answers' size. ([`main`](crate::main) writes answers
/// past 16 MiB as they come, in less code.)
///
/// The answers are held in memory up to [`HOLD_LIMIT`]. When standard input is a regular file
/// and they outgrow it, the rest are dropped while `solve` checks the input to its end; then
/// standard input is moved back to where it stood at the start (which need not be the file's
/// first byte) and `solve` runs once more, writing as it goes. So memory stays at about
/// 16 MiB for a file and at the answers' size for a pipe, and `solve` must be deterministic.
///
/// No problem here needs it yet (every judge's answers so far fit in 16 MiB): it serves a
/// future problem whose answers may not, and `judge/tests/stdio.rs` checks it as such a
/// binary runs.
///
/// ```no_run
/// use judge::{InputError, Scanner};
/// use std::io::Write;
/// fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
///     for _ in 0..sc.uint("n", 0..=10_000_000)? {
///         writeln!(out, "{:>99}", 0)?;
///     }
///     sc.finish()
/// }
/// fn main() { judge::main_large_output(solve) }
/// ```
///
/// # Complexity
/// O(input + output size) beyond the cost of `solve`, which runs twice when the answers are
/// large.
pub fn main_large_output<F>(solve: F) -> !
where
    F: Fn(&mut Scanner, &mut Output) -> Result<(), InputError>,
{
    crate::run::exit(run_stdio(solve))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_takes_all_or_drops_all_past_the_limit() {
        let mut out = Output::buffer(5);
        assert_eq!(out.write(b"abc").unwrap(), 3);
        assert!(!out.overflowed());
        // Past the limit: dropped, but said written, so that the solution reads on.
        assert_eq!(out.write(b"def").unwrap(), 3);
        assert!(out.overflowed());
        assert_eq!(out.bytes(), b"abc");
        assert!(out.flush().is_ok());
    }
}
