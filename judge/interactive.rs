//! The contestant's side of an interactive problem: read the jury's replies token by token (a
//! line at a time, never waiting for more than the jury has sent), write a line and flush, and
//! stop on the jury's rejection (`-1`).
//!
//! A solution is generic over where the dialogue goes, so that tests can play it in-process
//! (testkit's interactor) and `main` on standard input and output:
//!
//! ```text
//! fn solve<R: BufRead, W: Write>(io: &mut Dialogue<R, W>) -> Result<(), InputError>
//! fn main() { judge::interactive::main(solve) }
//! ```

use crate::error::{quote, InputError};
use crate::scanner::{is_space, Scanner};
use std::fmt;
use std::io::{BufRead, BufReader, Read, Stdin, Stdout, Write};
use std::ops::RangeInclusive;

/// The longest line the jury may send, in bytes: a longer one is refused without being held.
pub const MAX_LINE: usize = 1 << 20;

/// The jury's usual verdict token: `-1` where a reply was expected means it rejected the last
/// line (an illegal move, a malformed line, a lost game) and the solution must stop.
pub const REJECTED: &str = "-1";

/// One side of a dialogue with the jury: its replies read from `input`, the solution's lines
/// written to `output`, each flushed as it is sent.
///
/// Replies are read a line at a time and split into tokens (any ASCII whitespace separates
/// them); a token read when the current line has none left reads the next line, so a reply
/// may span lines or share one. Reading blocks only until the line holding the token has come:
/// the jury never has to send more than the protocol says.
///
/// ```
/// use judge::interactive::Dialogue;
/// let replies: &[u8] = b"3\n1 -2\n-1\n";
/// let mut sent = Vec::new();
/// let mut io = Dialogue::new(replies, &mut sent);
/// assert_eq!(io.uint("n", 1..=5), Ok(3));
/// io.send("First").unwrap();
/// assert_eq!(io.uint("heap", 1..=5), Ok(1));
/// assert_eq!(io.int("take", -5..=5), Ok(-2));
/// let e = io.uint("the jury's move", 0..=5).unwrap_err();
/// assert!(io.rejected());
/// assert_eq!(e.to_string(), "the jury rejected the dialogue: it sent `-1` for the jury's move");
/// drop(io);
/// assert_eq!(sent, b"First\n");
/// ```
///
/// # Constraints
/// A line of the jury is at most [`MAX_LINE`] bytes.
///
/// # Complexity
/// O(line length) per line read, O(token length) per token.
pub struct Dialogue<R, W> {
    input: R,
    output: W,
    /// The jury's current line (without its line break) and how much of it is read.
    line: Vec<u8>,
    at: usize,
    /// How many lines the jury has sent so far.
    lines: u64,
    rejection: Option<&'static str>,
    rejected: bool,
}

impl<R: fmt::Debug, W: fmt::Debug> fmt::Debug for Dialogue<R, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dialogue")
            .field("lines", &self.lines)
            .field("rejected", &self.rejected)
            .finish()
    }
}

impl<R: BufRead, W: Write> Dialogue<R, W> {
    /// A dialogue reading the jury from `input` and writing to `output`, with `-1` as the
    /// jury's rejection ([`REJECTED`]).
    pub fn new(input: R, output: W) -> Self {
        Dialogue {
            input,
            output,
            line: Vec::new(),
            at: 0,
            lines: 0,
            rejection: Some(REJECTED),
            rejected: false,
        }
    }

    /// The same dialogue with another rejection token, or none (`None`: a protocol where `-1`
    /// is an ordinary reply).
    ///
    /// ```
    /// let mut io = judge::interactive::Dialogue::new(&b"-1 WRONG"[..], Vec::new()).rejecting(Some("WRONG"));
    /// assert_eq!(io.int("x", -5..=5), Ok(-1));
    /// assert!(io.token("verdict").is_err() && io.rejected());
    /// ```
    pub fn rejecting(mut self, token: Option<&'static str>) -> Self {
        self.rejection = token;
        self
    }

    /// Whether the jury sent its rejection token where a reply was expected: the solution
    /// should stop at once ([`main`] exits with status 1).
    pub fn rejected(&self) -> bool {
        self.rejected
    }

    /// Reads the jury's next line into `line`; false at the end of the dialogue.
    fn next_line(&mut self) -> Result<bool, InputError> {
        self.line.clear();
        self.at = 0;
        let limit = MAX_LINE as u64 + 2;
        let read = (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.line)
            .map_err(|e| InputError::Unreadable(e.to_string()))?;
        if read == 0 {
            return Ok(false);
        }
        self.lines += 1;
        if self.line.last() == Some(&b'\n') {
            self.line.pop();
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        if self.line.len() > MAX_LINE {
            return Err(InputError::TooLong {
                field: format!("line {} of the jury", self.lines),
                start: quote(&self.line),
                max: MAX_LINE as u64,
            });
        }
        Ok(true)
    }

    /// The next token of the jury, reading lines as needed; the rejection token is an error.
    fn next_token(&mut self, field: &dyn fmt::Display) -> Result<(usize, usize), InputError> {
        loop {
            while self.at < self.line.len() && is_space(self.line[self.at]) {
                self.at += 1;
            }
            if self.at < self.line.len() {
                break;
            }
            if !self.next_line()? {
                return Err(InputError::Missing {
                    field: format!("{} (the jury ended the dialogue)", field),
                });
            }
        }
        let start = self.at;
        while self.at < self.line.len() && !is_space(self.line[self.at]) {
            self.at += 1;
        }
        let token = &self.line[start..self.at];
        if let Some(rejection) = self.rejection {
            if token == rejection.as_bytes() {
                self.rejected = true;
                return Err(InputError::Invalid(format!(
                    "the jury rejected the dialogue: it sent `{}` for {}",
                    rejection, field
                )));
            }
        }
        Ok((start, self.at))
    }

    /// The jury's next token as text.
    ///
    /// ```
    /// let mut io = judge::interactive::Dialogue::new(&b"WIN\n"[..], Vec::new());
    /// assert_eq!(io.token("the verdict"), Ok("WIN"));
    /// assert_eq!(
    ///     io.token("the verdict").unwrap_err().to_string(),
    ///     "input ended early: expected the verdict (the jury ended the dialogue)"
    /// );
    /// ```
    ///
    /// # Errors
    /// The end of the dialogue, the rejection token, a token that is not UTF-8, a failed read.
    pub fn token(&mut self, field: impl fmt::Display) -> Result<&str, InputError> {
        let (start, end) = self.next_token(&field)?;
        let bytes = &self.line[start..end];
        std::str::from_utf8(bytes).map_err(|_| {
            InputError::Invalid(format!("{}: {} is not UTF-8 text", field, quote(bytes)))
        })
    }

    /// The jury's next token as an unsigned integer in `range`, with the messages of
    /// [`Scanner::uint`].
    ///
    /// # Errors
    /// As [`Dialogue::token`], and a token that is not an integer in `range`.
    pub fn uint(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        let (start, end) = self.next_token(&field)?;
        Scanner::new(&self.line[start..end]).uint(field, range)
    }

    /// The jury's next token as a signed integer in `range`, with the messages of
    /// [`Scanner::int`]. The rejection token is refused before the range is looked at.
    ///
    /// # Errors
    /// As [`Dialogue::token`], and a token that is not an integer in `range`.
    pub fn int(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<i64>,
    ) -> Result<i64, InputError> {
        let (start, end) = self.next_token(&field)?;
        Scanner::new(&self.line[start..end]).int(field, range)
    }

    /// The jury's next token, which must be one of `words` (compared exactly); its index.
    ///
    /// ```
    /// let mut io = judge::interactive::Dialogue::new(&b"Second Third"[..], Vec::new());
    /// assert_eq!(io.word("the side", &["First", "Second"]), Ok(1));
    /// assert_eq!(
    ///     io.word("the side", &["First", "Second"]).unwrap_err().to_string(),
    ///     "the side: expected `First` or `Second`, found `Third`"
    /// );
    /// ```
    ///
    /// # Errors
    /// As [`Dialogue::token`], and a token that is none of `words`.
    pub fn word(&mut self, field: impl fmt::Display, words: &[&str]) -> Result<usize, InputError> {
        let (start, end) = self.next_token(&field)?;
        let token = &self.line[start..end];
        match words.iter().position(|w| w.as_bytes() == token) {
            Some(index) => Ok(index),
            None => {
                let listed: Vec<String> = words.iter().map(|w| format!("`{}`", w)).collect();
                Err(InputError::Invalid(format!(
                    "{}: expected {}, found {}",
                    field,
                    listed.join(" or "),
                    quote(token)
                )))
            }
        }
    }

    /// Sends one line (`line` and a line break) and flushes it, so the jury sees it at once.
    ///
    /// # Errors
    /// A failed write (the jury stopped listening), as [`InputError::Unwritable`].
    pub fn send(&mut self, line: impl fmt::Display) -> Result<(), InputError> {
        writeln!(self.output, "{}", line)
            .and_then(|_| self.output.flush())
            .map_err(|e| InputError::Unwritable(e.to_string()))
    }
}

/// The dialogue over standard input and output that [`main`] hands a solution.
pub type StdDialogue = Dialogue<BufReader<Stdin>, Stdout>;

/// Runs an interactive solution over standard input and output. On an error it exits with
/// status 1 and one line `error: ...` on standard error (also when the jury rejected the
/// dialogue: the solution stops at once, writing nothing more).
///
/// ```no_run
/// use judge::interactive::Dialogue;
/// use judge::InputError;
/// use std::io::{BufRead, Write};
/// fn solve<R: BufRead, W: Write>(io: &mut Dialogue<R, W>) -> Result<(), InputError> {
///     let n = io.uint("n", 1..=10)?;
///     io.send(n)
/// }
/// judge::interactive::main(solve)
/// ```
pub fn main<F>(solve: F)
where
    F: FnOnce(&mut StdDialogue) -> Result<(), InputError>,
{
    let mut io = Dialogue::new(BufReader::new(std::io::stdin()), std::io::stdout());
    if let Err(e) = solve(&mut io) {
        let _ = writeln!(std::io::stderr(), "error: {}", e);
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// A jury that hands out one byte per read and fails the test if asked for more than
    /// `allowed` bytes: a reader that reads ahead would ask.
    struct Stingy<'a> {
        data: &'a [u8],
        allowed: usize,
    }

    impl Read for Stingy<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            assert!(self.allowed > 0, "read past what the jury had sent");
            let n = buf.len().min(1).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            self.allowed -= n;
            Ok(n)
        }
    }

    #[test]
    fn never_reads_past_the_line_that_holds_the_token() {
        let text = b"12 7\nnext\n";
        // Only the first line (5 bytes) has been sent.
        let jury = std::io::BufReader::with_capacity(
            1,
            Stingy {
                data: text,
                allowed: 5,
            },
        );
        let mut io = Dialogue::new(jury, Vec::new());
        assert_eq!(io.uint("a", 0..=99), Ok(12));
        assert_eq!(io.uint("b", 0..=99), Ok(7));
        assert_eq!(io.lines, 1);
    }

    #[test]
    fn tokens_are_separated_as_the_scanner_separates_them() {
        // Every byte the scanner skips between tokens, the vertical tab among them.
        let mut io = Dialogue::new(&b"1 2\t3\x0b4\x0c5\r\n"[..], Vec::new());
        for n in 1..=5 {
            assert_eq!(io.uint("n", 0..=9), Ok(n));
        }
        assert_eq!(io.lines, 1);
    }

    #[test]
    fn errors_name_the_field_in_one_line() {
        let mut io = Dialogue::new(&b"x 99 \xff\n"[..], Vec::new());
        let e = io.uint("heap", 0..=9).unwrap_err().to_string();
        assert_eq!(e, "heap: expected an integer, found `x`");
        let e = io.int("take", -9..=9).unwrap_err().to_string();
        assert_eq!(e, "take = `99` is out of range (accepted: -9..=9)");
        assert!(io.token("w").unwrap_err().to_string().contains("not UTF-8"));
        assert!(!io.rejected());
        let e = io.uint("more", 0..=9).unwrap_err();
        assert_eq!(
            e,
            InputError::Missing {
                field: "more (the jury ended the dialogue)".into()
            }
        );
    }

    #[test]
    fn a_long_line_is_refused() {
        let mut text = vec![b'7'; MAX_LINE + 1];
        text.push(b'\n');
        let mut io = Dialogue::new(&text[..], Vec::new());
        let e = io.uint("n", 0..=9).unwrap_err().to_string();
        assert!(e.starts_with("line 1 of the jury is longer than"), "{}", e);
        let mut text = vec![b'7'; MAX_LINE];
        text.extend_from_slice(b"\r\n5");
        let mut io = Dialogue::new(&text[..], Vec::new());
        assert!(io.token("long").is_ok());
        assert_eq!(io.uint("n", 0..=9), Ok(5));
    }

    /// An endless source of one byte that counts what was taken from it.
    struct Endless<'a>(&'a std::cell::Cell<usize>);

    impl Read for Endless<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.iter_mut().for_each(|b| *b = b'7');
            self.0.set(self.0.get() + buf.len());
            Ok(buf.len())
        }
    }

    #[test]
    fn an_endless_line_is_refused_after_the_longest_line() {
        let taken = std::cell::Cell::new(0);
        let jury = std::io::BufReader::with_capacity(64, Endless(&taken));
        let mut io = Dialogue::new(jury, Vec::new());
        let e = io.uint("n", 0..=9).unwrap_err().to_string();
        assert!(
            e.starts_with("line 1 of the jury is longer than 1048576 bytes: `7777"),
            "{}",
            e
        );
        assert!(
            taken.get() <= MAX_LINE + 2 + 64,
            "{} bytes read",
            taken.get()
        );
    }

    #[test]
    fn lines_are_counted_and_shown_in_debug() {
        let mut io = Dialogue::new(&b"1\n\n2 3\n"[..], Vec::new());
        assert_eq!(io.lines, 0);
        assert_eq!(io.uint("a", 0..=9), Ok(1));
        assert_eq!(io.uint("b", 0..=9), Ok(2));
        assert_eq!(io.lines, 3);
        assert_eq!(
            format!("{:?}", io),
            "Dialogue { lines: 3, rejected: false }"
        );
        assert_eq!(io.uint("c", 0..=9), Ok(3));
        assert!(io.uint("d", 0..=9).is_err());
        assert_eq!(io.lines, 3);
    }

    #[test]
    fn no_rejection_token_reads_minus_one() {
        let mut io = Dialogue::new(&b"-1\n-1"[..], Vec::new());
        assert!(io.int("x", -1..=1).is_err());
        assert!(io.rejected());
        let mut io = Dialogue::new(&b"-1"[..], Vec::new()).rejecting(None);
        assert_eq!(io.int("x", -1..=1), Ok(-1));
        assert!(!io.rejected());
    }

    #[test]
    fn each_line_sent_is_flushed() {
        struct Counting(Vec<u8>, usize);
        impl Write for Counting {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                self.1 += 1;
                Ok(())
            }
        }
        let mut out = Counting(Vec::new(), 0);
        let mut io = Dialogue::new(&b""[..], &mut out);
        io.send(format_args!("{} {}", 1, 2)).unwrap();
        io.send("Second").unwrap();
        drop(io);
        assert_eq!((out.0.as_slice(), out.1), (&b"1 2\nSecond\n"[..], 2));
    }
}
