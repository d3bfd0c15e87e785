//! The drivers: a solution run on a string (tests), and a contest binary's `main`, which holds
//! the answers until the whole input is accepted.

use crate::error::InputError;
use crate::scanner::Scanner;
use std::io::Write;

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

/// A contest binary's whole `main`: runs `solve` on standard input (read a window at a time),
/// holding its answers in memory, and writes them to standard output only when the whole
/// input was accepted; then exit status 0, or one line `error: ...` on standard error and
/// exit status 1 (and nothing on standard output).
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
/// # Constraints
/// The answers are held whole: where they may pass 16 MiB, use
/// [`main_large_output`](crate::main_large_output).
///
/// # Complexity
/// O(input + output size) beyond the cost of `solve`.
pub fn main<F>(solve: F) -> !
where
    F: FnOnce(&mut Scanner, &mut Vec<u8>) -> Result<(), InputError>,
{
    let mut out = Vec::new();
    let mut stdout = std::io::stdout();
    let ran = solve(&mut Scanner::from_reader(std::io::stdin()), &mut out).and_then(|()| {
        (stdout.write_all(&out).and_then(|()| stdout.flush()))
            .map_err(|e| InputError::Unwritable(e.to_string()))
    });
    exit(ran)
}

/// Exits with status 0 after `Ok`, or with one line `error: ...` on standard error and status
/// 1 after `Err`.
pub(crate) fn exit(ran: Result<(), InputError>) -> ! {
    if let Err(e) = ran {
        let _ = writeln!(std::io::stderr(), "error: {}", e);
        std::process::exit(1)
    }
    std::process::exit(0)
}
