//! The drivers: a solution run on a string (tests), and a contest binary's `main`, which holds
//! the answers until the whole input is accepted.

use crate::error::InputError;
use crate::scanner::Scanner;
use std::io::{BufWriter, Stdout, Write};
use std::mem::ManuallyDrop;

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

/// The most answer bytes held in memory before any is written. Public as part of the contract
/// these docs state; no code outside this crate needs it.
pub const HOLD_LIMIT: usize = 1 << 24;

/// A contest binary's whole `main`: runs `solve` on standard input (read a window at a time),
/// holding its answers, and writes them when the whole input was accepted; then exit status
/// 0, or one line `error: ...` on standard error and exit status 1.
///
/// Up to [`HOLD_LIMIT`] bytes (16 MiB) of answers are held: a refused input (or a panic in
/// `solve`) leaves nothing on standard output. Past it, the answers are written as they come, so memory stays flat and
/// an input refused after that point leaves the answers before it (still with the error and
/// exit status 1).
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
/// O(input + output size) beyond the cost of `solve`; memory O(16 MiB) beyond `solve`'s.
pub fn main<F>(solve: F) -> !
where
    F: FnOnce(&mut Scanner, &mut BufWriter<Stdout>) -> Result<(), InputError>,
{
    // Never dropped: a panic in `solve` must not flush the answers held so far (only `exit`
    // ends the process, and it runs no destructor).
    let mut out = ManuallyDrop::new(BufWriter::with_capacity(HOLD_LIMIT, std::io::stdout()));
    let ran = solve(&mut Scanner::from_reader(std::io::stdin()), &mut out)
        .and_then(|()| Ok(out.flush()?))
        .map_err(|e| match e {
            // `solve` reads through the scanner (whose errors say so) and writes to `out`: an
            // I/O error of its `?` is a write of the answers.
            InputError::Io(why) => InputError::Unwritable(why),
            e => e,
        });
    exit(ran)
}

/// Exits with status 0 after `Ok`, or with one line `error: ...` on standard error and status
/// 1 after `Err`.
fn exit(ran: Result<(), InputError>) -> ! {
    if let Err(e) = &ran {
        let _ = writeln!(std::io::stderr(), "error: {}", e);
    }
    std::process::exit(i32::from(ran.is_err()))
}
