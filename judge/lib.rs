//! Judge input and output for contest binaries: a byte scanner that parses integers in one pass
//! and reports a malformed input as one line naming the field, and [`main`], which runs a
//! solution on standard input and writes its answers at once.
//!
//! Std only, written for rustc 1.56, so every bundle for a plain judge carries this crate as a
//! module. A solution is
//!
//! ```text
//! fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError>
//! ```
//!
//! and a problem's `main` is one line: `fn main() { judge::main(solve) }`.
//!
//! Tokens are separated by ASCII whitespace (what judges send); a leading UTF-8 byte-order mark
//! is skipped. The input is held once, as bytes; error messages quote at most
//! [`QUOTE_LIMIT`] characters of an offending token.

#![warn(missing_docs)]

use std::fmt;
use std::io::{Read, Write};
use std::ops::RangeInclusive;

/// The most characters of an offending token that an error message quotes.
pub const QUOTE_LIMIT: usize = 20;

/// Why the input was refused; its `Display` is one line naming the field.
///
/// ```
/// use judge::InputError;
/// let e = InputError::Missing { field: "the number of test cases".into() };
/// assert_eq!(e.to_string(), "input ended early: expected the number of test cases");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The input could not be read.
    Unreadable(String),
    /// The input ended where `field` was expected.
    Missing {
        /// What was expected, e.g. "the number of test cases".
        field: String,
    },
    /// A token is not an integer.
    NotAnInteger {
        /// The field being read.
        field: String,
        /// The offending token, quoted by [`quote`].
        token: String,
    },
    /// An integer lies outside the range the program accepts.
    OutOfRange {
        /// The field being read.
        field: String,
        /// The offending token, quoted by [`quote`].
        token: String,
        /// The accepted range, e.g. `1..=1000`.
        range: String,
    },
    /// Tokens remain after the announced input was read.
    Trailing {
        /// The first extra token, quoted by [`quote`].
        token: String,
    },
    /// A value that parses but does not describe a position of the game.
    Invalid(String),
    /// Writing the answers failed.
    Output(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Unreadable(why) => write!(f, "cannot read the input: {}", why),
            InputError::Missing { field } => write!(f, "input ended early: expected {}", field),
            InputError::NotAnInteger { field, token } => {
                write!(f, "{}: expected an integer, found {}", field, token)
            }
            InputError::OutOfRange {
                field,
                token,
                range,
            } => write!(
                f,
                "{} = {} is out of range (accepted: {})",
                field, token, range
            ),
            InputError::Trailing { token } => write!(
                f,
                "unexpected extra input after the last test case: {}",
                token
            ),
            InputError::Invalid(why) => f.write_str(why),
            InputError::Output(why) => write!(f, "cannot write the output: {}", why),
        }
    }
}

impl InputError {
    /// The same error naming another field: a hot loop reads with a fixed name and names the
    /// field fully only when something is wrong, e.g.
    /// `sc.uint("x", 1..=15).map_err(|e| e.for_field(format_args!("x of coin {}", i)))`.
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"16");
    /// let e = sc.uint("x", 1..=15).map_err(|e| e.for_field("x of coin 3")).unwrap_err();
    /// assert_eq!(e.to_string(), "x of coin 3 = `16` is out of range (accepted: 1..=15)");
    /// ```
    ///
    /// # Complexity
    /// O(length of the field's name).
    #[cold]
    pub fn for_field(self, field: impl fmt::Display) -> Self {
        match self {
            InputError::Missing { .. } => InputError::Missing {
                field: field.to_string(),
            },
            InputError::NotAnInteger { token, .. } => InputError::NotAnInteger {
                field: field.to_string(),
                token,
            },
            InputError::OutOfRange { token, range, .. } => InputError::OutOfRange {
                field: field.to_string(),
                token,
                range,
            },
            other => other,
        }
    }
}

impl std::error::Error for InputError {}

impl From<std::io::Error> for InputError {
    fn from(e: std::io::Error) -> Self {
        InputError::Output(e.to_string())
    }
}

/// A token as an error message shows it: in backquotes, non-printable and non-ASCII bytes as
/// `\xNN`, at most [`QUOTE_LIMIT`] characters, followed by its length when it was cut.
///
/// ```
/// assert_eq!(judge::quote(b"abc"), "`abc`");
/// assert_eq!(judge::quote(b"\xff1"), "`\\xFF1`");
/// assert_eq!(judge::quote(&[b'7'; 30]), "`77777777777777777777...` (30 bytes)");
/// ```
///
/// # Complexity
/// O(min(token length, [`QUOTE_LIMIT`])).
pub fn quote(token: &[u8]) -> String {
    let mut shown = String::from("`");
    for &b in token.iter().take(QUOTE_LIMIT) {
        if b.is_ascii_graphic() || b == b' ' {
            shown.push(b as char);
        } else {
            shown.push_str(&format!("\\x{:02X}", b));
        }
    }
    shown.push('`');
    if token.len() > QUOTE_LIMIT {
        shown.insert_str(shown.len() - 1, "...");
        shown.push_str(&format!(" ({} bytes)", token.len()));
    }
    shown
}

/// Which bytes separate tokens: space, tab, line feed, vertical tab, form feed, carriage
/// return. A table, so that the hot loops test a byte with one load.
static SPACE: [bool; 256] = {
    let mut table = [false; 256];
    table[b' ' as usize] = true;
    table[b'\t' as usize] = true;
    table[b'\n' as usize] = true;
    table[0x0b] = true;
    table[0x0c] = true;
    table[b'\r' as usize] = true;
    table
};

/// Whether `b` separates tokens.
#[inline]
fn is_space(b: u8) -> bool {
    SPACE[usize::from(b)]
}

/// A reader of whitespace-separated tokens over the whole input, with checked integer parsing.
///
/// Field names are any `Display` value and are formatted only when an error is reported, so
/// `format_args!("x of coin {}", i)` costs nothing on the good path.
///
/// ```
/// use judge::Scanner;
/// let mut sc = Scanner::new(b"3\n7 x");
/// assert_eq!(sc.uint("T", 1..=5), Ok(3));
/// assert_eq!(sc.uint("n", 1..=5).unwrap_err().to_string(), "n = `7` is out of range (accepted: 1..=5)");
/// assert!(sc.uint("m", 0..=9).is_err());
/// assert!(sc.finish().is_ok());
/// ```
///
/// # Constraints
/// Integers are decimal with an optional leading `+` (or `-` before zero); ranges are inclusive.
///
/// # Complexity
/// O(token length) per token; nothing is copied.
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    input: &'a [u8],
    pos: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner over `input`, skipping a leading UTF-8 byte-order mark.
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"\xEF\xBB\xBF  5 ");
    /// assert_eq!(sc.uint("x", 0..=9), Ok(5));
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn new(input: &'a [u8]) -> Self {
        let pos = if input.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        Scanner { input, pos }
    }

    /// The bytes of the next token, if any, advancing past it.
    #[inline]
    fn next_bytes(&mut self) -> Option<&'a [u8]> {
        let input = self.input;
        let mut i = self.pos;
        while i < input.len() && is_space(input[i]) {
            i += 1;
        }
        let start = i;
        while i < input.len() && !is_space(input[i]) {
            i += 1;
        }
        self.pos = i;
        if start == i {
            None
        } else {
            Some(&input[start..i])
        }
    }

    /// The next token as text, or [`InputError::Missing`] naming `field`; a token that is not
    /// UTF-8 is [`InputError::Invalid`].
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"abc \xff");
    /// assert_eq!(sc.token("a word"), Ok("abc"));
    /// assert!(sc.token("a word").unwrap_err().to_string().contains("not UTF-8"));
    /// assert!(sc.token("another").is_err());
    /// ```
    ///
    /// # Complexity
    /// O(token length).
    pub fn token(&mut self, field: impl fmt::Display) -> Result<&'a str, InputError> {
        let bytes = match self.next_bytes() {
            Some(bytes) => bytes,
            None => return Err(missing(field)),
        };
        std::str::from_utf8(bytes).map_err(|_| {
            InputError::Invalid(format!("{}: {} is not UTF-8 text", field, quote(bytes)))
        })
    }

    /// The next token as an unsigned integer in `range`.
    ///
    /// Negative numbers, numbers too large for `u64` and numbers outside `range` are all
    /// [`InputError::OutOfRange`]; anything else that is not an integer is
    /// [`InputError::NotAnInteger`].
    ///
    /// ```
    /// use judge::Scanner;
    /// let mut sc = Scanner::new(b"-4 1.5 99999999999999999999 +07");
    /// assert!(sc.uint("a", 0..=9).unwrap_err().to_string().contains("out of range"));
    /// assert!(sc.uint("b", 0..=9).unwrap_err().to_string().contains("expected an integer"));
    /// assert!(sc.uint("c", 0..=u64::MAX).unwrap_err().to_string().contains("out of range"));
    /// assert_eq!(sc.uint("d", 0..=9), Ok(7));
    /// ```
    ///
    /// # Complexity
    /// O(token length).
    #[inline]
    pub fn uint(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        let input = self.input;
        let mut i = self.pos;
        while i < input.len() && is_space(input[i]) {
            i += 1;
        }
        let start = i;
        let mut value: u64 = 0;
        while i < input.len() {
            let digit = input[i].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            i += 1;
        }
        // 1 to 19 digits (no overflow) ended by a separator or the end, in range; anything
        // unusual is judged again on the cold path.
        let short = i.wrapping_sub(start).wrapping_sub(1) < 19;
        let ended = i == input.len() || is_space(input[i]);
        if short & ended & (value >= *range.start()) & (value <= *range.end()) {
            self.pos = i;
            Ok(value)
        } else {
            self.pos = start;
            self.uint_slow(field, range)
        }
    }

    /// The careful reading of a token that is not a short in-range run of digits.
    #[cold]
    #[inline(never)]
    fn uint_slow(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        let token = match self.next_bytes() {
            Some(token) => token,
            None => return Err(missing(field)),
        };
        let (negative, digits) = match token.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, token),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(InputError::NotAnInteger {
                field: field.to_string(),
                token: quote(token),
            });
        }
        let significant = match digits.iter().position(|&b| b != b'0') {
            Some(first) => &digits[first..],
            None => &digits[digits.len()..],
        };
        let mut value: Option<u64> = Some(0);
        for &b in significant {
            value = value
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(u64::from(b - b'0')));
        }
        match value {
            Some(v) if !(negative && v != 0) && range.contains(&v) => Ok(v),
            _ => Err(InputError::OutOfRange {
                field: field.to_string(),
                token: quote(token),
                range: format!("{}..={}", range.start(), range.end()),
            }),
        }
    }

    /// Like [`Scanner::uint`], converted to `usize` (the range must fit in `usize`).
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"12");
    /// assert_eq!(sc.index("k", 1..=15), Ok(12usize));
    /// ```
    ///
    /// # Panics
    /// If the end of `range` does not fit in `u64`.
    ///
    /// # Complexity
    /// O(token length).
    #[inline]
    pub fn index(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<usize>,
    ) -> Result<usize, InputError> {
        let (lo, hi) = (*range.start() as u64, *range.end() as u64);
        self.uint(field, lo..=hi).map(|v| v as usize)
    }

    /// The rest of the current line, without its line break (`\n` or `\r\n`), or `None` at the
    /// end of the input. For line-based formats; it may follow token reads.
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"356\r\n\n12");
    /// assert_eq!(sc.line(), Some(&b"356"[..]));
    /// assert_eq!(sc.line(), Some(&b""[..]));
    /// assert_eq!(sc.line(), Some(&b"12"[..]));
    /// assert_eq!(sc.line(), None);
    /// ```
    ///
    /// # Complexity
    /// O(line length).
    pub fn line(&mut self) -> Option<&'a [u8]> {
        let rest = &self.input[self.pos..];
        if rest.is_empty() {
            return None;
        }
        let (line, used) = match rest.iter().position(|&b| b == b'\n') {
            Some(end) => (&rest[..end], end + 1),
            None => (rest, rest.len()),
        };
        self.pos += used;
        Some(match line.split_last() {
            Some((b'\r', body)) => body,
            _ => line,
        })
    }

    /// Succeeds iff no token is left: announced counts must match the data.
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"1 2");
    /// sc.token("x").unwrap();
    /// assert!(sc.finish().is_err());
    /// ```
    ///
    /// # Complexity
    /// O(remaining whitespace).
    pub fn finish(&mut self) -> Result<(), InputError> {
        match self.next_bytes() {
            None => Ok(()),
            Some(token) => Err(InputError::Trailing {
                token: quote(token),
            }),
        }
    }
}

#[cold]
fn missing(field: impl fmt::Display) -> InputError {
    InputError::Missing {
        field: field.to_string(),
    }
}

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

/// Where a solution writes on standard output: a buffer in memory while the answers stay
/// small, else nothing (a checking pass) or standard output directly (see [`run_stdio`]).
///
/// ```
/// use std::io::Write;
/// let mut out = judge::Output::buffer(8);
/// assert!(write!(out, "12345678").is_ok());
/// assert!(write!(out, "9").is_err() && out.overflowed());
/// ```
pub struct Output {
    mode: Mode,
    overflowed: bool,
}

enum Mode {
    Buffer { bytes: Vec<u8>, limit: usize },
    Discard,
    Stream(std::io::BufWriter<std::io::Stdout>),
}

impl Output {
    /// Holds up to `limit` bytes; a write beyond fails and marks the output overflowed.
    pub fn buffer(limit: usize) -> Self {
        Output {
            mode: Mode::Buffer {
                bytes: Vec::new(),
                limit,
            },
            overflowed: false,
        }
    }

    /// Accepts and forgets everything.
    pub fn discard() -> Self {
        Output {
            mode: Mode::Discard,
            overflowed: false,
        }
    }

    /// Writes to standard output through a buffer.
    pub fn stream() -> Self {
        Output {
            mode: Mode::Stream(std::io::BufWriter::with_capacity(
                1 << 16,
                std::io::stdout(),
            )),
            overflowed: false,
        }
    }

    /// Whether a write went past a buffer's limit.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// The bytes a buffer holds (empty for the other modes).
    pub fn bytes(&self) -> &[u8] {
        match &self.mode {
            Mode::Buffer { bytes, .. } => bytes,
            _ => &[],
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
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::Other,
                        "the answers outgrow the output buffer",
                    ));
                }
                bytes.extend_from_slice(data);
                Ok(())
            }
            Mode::Discard => Ok(()),
            Mode::Stream(stream) => stream.write_all(data),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.mode {
            Mode::Stream(stream) => stream.flush(),
            _ => Ok(()),
        }
    }
}

/// The largest input read: far above any judge's, and a clean refusal beyond instead of an
/// allocation failure.
pub const MAX_INPUT: u64 = 1 << 30;

/// All of standard input, read into one buffer sized from the file when stdin is a file.
fn read_stdin() -> Result<Vec<u8>, InputError> {
    let hint = std::fs::metadata("/dev/stdin")
        .ok()
        .filter(|m| m.is_file())
        .map_or(0, |m| m.len().min(MAX_INPUT) as usize);
    let mut input = Vec::with_capacity(hint + 1);
    let stdin = std::io::stdin();
    let read = stdin.lock().take(MAX_INPUT + 1).read_to_end(&mut input);
    read.map_err(|e| InputError::Unreadable(e.to_string()))?;
    if input.len() as u64 > MAX_INPUT {
        return Err(InputError::Unreadable(format!(
            "the input is larger than {} bytes, more than any judge sends",
            MAX_INPUT
        )));
    }
    Ok(input)
}

/// Runs a solution on standard input and writes its output to standard output, or returns why
/// the input was refused (this crate's [`main`] prints it).
///
/// Nothing is written to standard output unless the whole input was accepted. The answers are
/// held in memory while they stay below an eighth of the input's size (plus 1 MiB); larger
/// answers are not held: the solution runs once more writing nowhere, to check the whole
/// input, and then a third time writing to standard output as it goes. So memory stays at
/// about the input's size, and a solution must be deterministic (they all are).
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
/// O(input + output size) beyond the cost of `solve`, which runs three times when the answers
/// are large; the input is held once.
pub fn run_stdio<F>(solve: F) -> Result<(), InputError>
where
    F: Fn(&mut Scanner, &mut Output) -> Result<(), InputError>,
{
    let input = read_stdin()?;
    let mut held = Output::buffer(input.len() / 8 + (1 << 20));
    let first = solve(&mut Scanner::new(&input), &mut held);
    if !held.overflowed() {
        first?;
        let stdout = std::io::stdout();
        let mut stdout = stdout.lock();
        stdout.write_all(held.bytes())?;
        stdout.flush()?;
        return Ok(());
    }
    drop(held);
    solve(&mut Scanner::new(&input), &mut Output::discard())?;
    let mut stream = Output::stream();
    solve(&mut Scanner::new(&input), &mut stream)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_field_and_quote_the_token() {
        let mut sc = Scanner::new(
            b"0 +7 -0 18446744073709551615 18446744073709551616 1e3 0000000000000000000000012",
        );
        assert_eq!(sc.uint("a", 0..=0), Ok(0));
        assert_eq!(sc.uint("b", 0..=9), Ok(7));
        assert_eq!(sc.uint("c", 0..=9), Ok(0));
        assert_eq!(sc.uint("d", 0..=u64::MAX), Ok(u64::MAX));
        assert_eq!(
            sc.uint("e", 0..=u64::MAX).unwrap_err().to_string(),
            "e = `18446744073709551616` is out of range (accepted: 0..=18446744073709551615)"
        );
        assert_eq!(
            sc.uint("f", 0..=9).unwrap_err().to_string(),
            "f: expected an integer, found `1e3`"
        );
        assert_eq!(sc.uint("g", 0..=99), Ok(12));
        assert_eq!(
            sc.uint("h", 0..=9).unwrap_err().to_string(),
            "input ended early: expected h"
        );
    }

    #[test]
    fn signs_alone_and_negative_numbers() {
        let mut sc = Scanner::new(b"- + -1 --1");
        for field in ["a", "b"] {
            assert!(matches!(
                sc.uint(field, 0..=9),
                Err(InputError::NotAnInteger { .. })
            ));
        }
        assert!(matches!(
            sc.uint("c", 0..=9),
            Err(InputError::OutOfRange { .. })
        ));
        assert!(matches!(
            sc.uint("d", 0..=9),
            Err(InputError::NotAnInteger { .. })
        ));
    }

    #[test]
    fn long_tokens_are_quoted_short() {
        let huge = vec![b'9'; 10_000_000];
        let e = Scanner::new(&huge)
            .uint("n", 0..=9)
            .unwrap_err()
            .to_string();
        assert!(e.len() < 120, "{}", e);
        assert!(e.contains("(10000000 bytes)"), "{}", e);
    }

    #[test]
    fn any_ascii_whitespace_separates() {
        let mut sc = Scanner::new(b"\t1\r\n2\x0b3\x0c4 \n");
        for want in 1..=4 {
            assert_eq!(sc.uint("x", 0..=9), Ok(want));
        }
        assert!(sc.finish().is_ok());
    }

    #[test]
    fn fast_and_careful_paths_agree() {
        // Every token of a mixed alphabet is read by `uint` and by a plain reference parse.
        let alphabet = [b'0', b'1', b'9', b'+', b'-', b'x', b' '];
        let mut state = 7u64;
        for _ in 0..20_000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (state >> 60) as usize + 1;
            let token: Vec<u8> = (0..len)
                .map(|i| alphabet[((state >> (i * 3)) % 7) as usize])
                .collect();
            let text = String::from_utf8(token.clone()).unwrap();
            let first = match text.split_whitespace().next() {
                Some(first) => first,
                None => continue,
            };
            let digits = first.strip_prefix('+').unwrap_or(first);
            let reference = match digits.parse::<u64>() {
                Ok(v) if !digits.starts_with('+') && !digits.starts_with('-') && v <= 500 => {
                    Some(v)
                }
                _ if first.starts_with('-')
                    && first.len() > 1
                    && first[1..].bytes().all(|b| b == b'0') =>
                {
                    Some(0)
                }
                _ => None,
            };
            assert_eq!(
                Scanner::new(&token).uint("x", 0..=500).ok(),
                reference,
                "{:?}",
                text
            );
        }
    }
}
