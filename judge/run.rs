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
    String::from_utf8(out).map_err(|e| InputError::Output(e.to_string()))
}

/// The most answer bytes held in memory when standard input is a file that can be read again.
pub const HOLD_LIMIT: usize = 1 << 24;

fn unreadable(e: std::io::Error) -> InputError {
    InputError::Unreadable(e.to_string())
}

/// Runs a solution on standard input and writes its output to standard output, or returns why
/// the input was refused (this crate's [`main`] prints it).
///
/// The input is read as the solution goes, a window at a time, and nothing is written to
/// standard output unless the whole input was accepted: the answers are held in memory. When
/// standard input is a file and the answers outgrow [`HOLD_LIMIT`], the rest are dropped
/// while the solution checks the input to its end; then the file is opened again
/// (`/dev/stdin`) and the solution runs once more, writing as it goes. So memory stays at
/// about 16 MiB for a file and at the answers' size for a pipe, and a solution must be
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
    const STDIN: &str = "/dev/stdin";
    let rereadable = std::fs::metadata(STDIN).map_or(false, |m| m.is_file());
    let mut held = Output::buffer(if rereadable { HOLD_LIMIT } else { usize::MAX });
    {
        let stdin = std::io::stdin();
        let mut sc = Scanner::from_reader(stdin.lock());
        solve(&mut sc, &mut held)?;
    }
    if !held.overflowed() {
        let stdout = std::io::stdout();
        let mut stdout = stdout.lock();
        stdout.write_all(held.bytes())?;
        stdout.flush()?;
        return Ok(());
    }
    drop(held);
    let mut file = std::fs::File::open(STDIN).map_err(unreadable)?;
    file.seek(SeekFrom::Start(0)).map_err(unreadable)?;
    let mut stream = Output::stream();
    solve(&mut Scanner::from_reader(file), &mut stream)?;
    stream.flush()?;
    Ok(())
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
