//! The drivers: a solution run on a string (tests), and on standard input, holding the answers
//! until the input is accepted and running the solution again when they are too many to hold.

use crate::error::InputError;
use crate::output::Output;
use crate::scanner::Scanner;
use std::io::{Seek, SeekFrom, Write};

/// Runs a solution on a whole input and returns what it wrote: how tests call `solve`.
///
/// ```
/// use judge::{run_str, InputError, Scanner};
/// use std::io::Write;
/// fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
///     let n = sc.uint("n", 0..=100)?;
///     writeln!(out, "{}", n * 2)?;
///     sc.finish()
/// }
/// assert_eq!(run_str(solve, "21\n").unwrap(), "42\n");
/// assert!(run_str(solve, "").is_err());
/// ```
///
/// # Complexity
/// O(input + output size) beyond the cost of `solve`.
pub fn run_str<F>(solve: F, input: &str) -> Result<String, InputError>
where
    F: FnOnce(&mut Scanner, &mut Vec<u8>) -> Result<(), InputError>,
{
    let mut out = Vec::new();
    solve(&mut Scanner::new(input.as_bytes()), &mut out)?;
    String::from_utf8(out).map_err(|e| InputError::Unwritable(e.to_string()))
}

/// The most answer bytes held in memory when standard input is a file that can be read again.
pub const HOLD_LIMIT: usize = 1 << 24;

fn unreadable(e: std::io::Error) -> InputError {
    InputError::Unreadable(e.to_string())
}

fn unwritable(e: std::io::Error) -> InputError {
    InputError::Unwritable(e.to_string())
}

/// Runs a solution on standard input and writes its output to standard output, or returns why
/// the input was refused (this crate's [`main`] prints it).
///
/// The input is read as the solution goes, a window at a time, and nothing is written to
/// standard output unless the whole input was accepted: the answers are held in memory. When
/// standard input is a regular file and the answers outgrow [`HOLD_LIMIT`], the rest are
/// dropped while the solution checks the input to its end; then standard input is moved back
/// to where it stood at the start (which need not be the file's first byte) and the solution
/// runs once more, writing as it goes. So memory stays at about 16 MiB for a file and at the
/// answers' size for a pipe (or any input that cannot be read again), and a solution must be
/// deterministic (they all are).
///
/// ```no_run
/// use judge::{InputError, Scanner};
/// fn solve<W: std::io::Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> { sc.finish() }
/// if let Err(e) = judge::run_stdio(solve) {
///     eprintln!("error: {}", e);
/// }
/// ```
///
/// # Complexity
/// O(input + output size) beyond the cost of `solve`, which runs twice when the answers are
/// large.
pub fn run_stdio<F>(solve: F) -> Result<(), InputError>
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
    solve(&mut Scanner::from_reader(stdin.reader()), &mut stream)?;
    stream.flush().map_err(unwritable)?;
    Ok(())
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

/// A contest binary's whole `main`: [`run_stdio`], then exit status 0, or one line
/// `error: ...` on standard error and exit status 1.
///
/// ```no_run
/// use judge::{InputError, Scanner};
/// use std::io::Write;
/// fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
///     let n = sc.uint("n", 0..=9)?;
///     writeln!(out, "{}", n)?;
///     sc.finish()
/// }
/// fn main() { judge::main(solve) }
/// ```
///
/// # Complexity
/// That of [`run_stdio`].
pub fn main<F>(solve: F) -> !
where
    F: Fn(&mut Scanner, &mut Output) -> Result<(), InputError>,
{
    match run_stdio(solve) {
        Ok(()) => std::process::exit(0),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {}", e);
            std::process::exit(1)
        }
    }
}
