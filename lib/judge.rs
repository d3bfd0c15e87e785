//! Running a judge solution: on standard input and output for the binaries, on a string for
//! tests, and checking in tests that malformed inputs are refused with the right message.
//!
//! A solution is `fn solve(sc: &mut Scanner, out: &mut W) -> Result<(), InputError>` with
//! `W: Write`; output is buffered and written only when the whole input was accepted.

use crate::input::{read_text, InputError, Scanner};

/// Runs a judge solution on a whole input text and returns what it wrote.
///
/// This is how tests call a problem's `solve` in-process.
///
/// ```
/// use grundy::input::{InputError, Scanner};
/// use grundy::judge::run_on_str;
/// use std::io::Write;
/// fn solve(sc: &mut Scanner, out: &mut Vec<u8>) -> Result<(), InputError> {
///     let n = sc.uint("n", 0..=100)?;
///     writeln!(out, "{}", n * 2)?;
///     sc.finish()
/// }
/// assert_eq!(run_on_str(solve, "21\n").unwrap(), "42\n");
/// assert!(run_on_str(solve, "").is_err());
/// ```
///
/// # Complexity
/// O(input + output size) beyond the cost of `solve`.
pub fn run_on_str<F>(solve: F, input: &str) -> Result<String, InputError>
where
    F: FnOnce(&mut Scanner, &mut Vec<u8>) -> Result<(), InputError>,
{
    let mut out = Vec::new();
    solve(&mut Scanner::new(input), &mut out)?;
    String::from_utf8(out).map_err(|e| InputError::Output(e.to_string()))
}

/// Runs a judge solution on standard input and writes its output to standard output at once.
///
/// Nothing is written unless the whole input was accepted, so a refused input never leaves
/// partial answers behind. The caller prints the error (this library never prints).
///
/// ```no_run
/// use grundy::input::{InputError, Scanner};
/// use grundy::judge::run_stdio;
/// fn solve(sc: &mut Scanner, out: &mut Vec<u8>) -> Result<(), InputError> { sc.finish() }
/// if let Err(e) = run_stdio(solve) {
///     eprintln!("error: {e}");
///     std::process::exit(1);
/// }
/// ```
///
/// # Complexity
/// O(input + output size) beyond the cost of `solve`.
pub fn run_stdio<F>(solve: F) -> Result<(), InputError>
where
    F: FnOnce(&mut Scanner, &mut Vec<u8>) -> Result<(), InputError>,
{
    use std::io::Write;
    let text = read_text(std::io::stdin().lock())?;
    let mut out = Vec::new();
    solve(&mut Scanner::new(&text), &mut out)?;
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(&out)?;
    stdout.flush()?;
    Ok(())
}

/// Checks that `solve` refuses each input with a message containing its needle; the error
/// says which input was accepted, or what it was refused with instead.
///
/// ```
/// use grundy::input::{InputError, Scanner};
/// use grundy::judge::check_refusals;
/// fn solve(sc: &mut Scanner, _: &mut Vec<u8>) -> Result<(), InputError> {
///     sc.uint("n", 1..=9)?;
///     sc.finish()
/// }
/// assert!(check_refusals(solve, &[("", "expected n"), ("0", "n = 0 is out of range")]).is_ok());
/// assert!(check_refusals(solve, &[("5", "anything")]).is_err());
/// ```
///
/// # Complexity
/// The cost of running `solve` on each input.
pub fn check_refusals<F>(solve: F, cases: &[(&str, &str)]) -> Result<(), String>
where
    F: Fn(&mut Scanner, &mut Vec<u8>) -> Result<(), InputError>,
{
    for &(input, needle) in cases {
        match run_on_str(&solve, input) {
            Ok(out) => return Err(format!("{input:?} was accepted, answering {out:?}")),
            Err(e) if !e.to_string().contains(needle) => {
                return Err(format!(
                    "{input:?} was refused with `{e}`, which lacks `{needle}`"
                ))
            }
            Err(_) => {}
        }
    }
    Ok(())
}
