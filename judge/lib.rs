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
//! is skipped. The input is read a window at a time as the solution goes, never held whole;
//! error messages quote at most [`QUOTE_LIMIT`] characters of an offending token.

#![warn(missing_docs)]

use std::fmt;
use std::io::{Read, Seek, SeekFrom, Write};
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
    quote_cut(&token[..token.len().min(QUOTE_LIMIT)], token.len() as u64)
}

/// [`quote`] given the token's first bytes (at most [`QUOTE_LIMIT`]) and its whole length.
fn quote_cut(head: &[u8], len: u64) -> String {
    let mut shown = String::from("`");
    for &b in head {
        if b.is_ascii_graphic() || b == b' ' {
            shown.push(b as char);
        } else {
            shown.push_str(&format!("\\x{:02X}", b));
        }
    }
    shown.push('`');
    if len > QUOTE_LIMIT as u64 {
        shown.insert_str(shown.len() - 1, "...");
        shown.push_str(&format!(" ({} bytes)", len));
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

/// How much input a [`Scanner`] reads at a time: it keeps this window of the input, not the
/// whole of it, so memory stays flat and the bytes parsed are still in cache. A token or line
/// longer than the window grows it.
const WINDOW: usize = 1 << 16;

/// The window a [`Scanner`] starts with; it doubles up to [`WINDOW`] as the input proves long.
const FIRST_WINDOW: usize = 1 << 12;

/// `'0'` in every byte of a word.
const ZEROS: u64 = 0x3030_3030_3030_3030;

/// Powers of ten below 10^8.
const POW10: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// Eight bytes as one word, the first byte lowest.
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes([
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
    ])
}

/// How many of a word's bytes, from the first, are ASCII digits (0 to 8), without a branch:
/// a byte is a digit iff its high nibble is 3 and adding 6 keeps it 3. (A carry out of a
/// byte above `0xF9` only reaches later bytes, past a byte already flagged.)
#[inline(always)]
fn digit_run(word: u64) -> usize {
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    let flagged =
        ((word & HIGH) ^ ZEROS) | ((word.wrapping_add(0x0606_0606_0606_0606) & HIGH) ^ ZEROS);
    (flagged.trailing_zeros() / 8) as usize
}

/// The number written by eight digit values 0..=9, one a byte, the first byte the most
/// significant digit: pairs, then quadruples, then all eight, each by one multiplication.
#[inline(always)]
fn eight_digits(digits: u64) -> u64 {
    let pairs = digits.wrapping_mul(10).wrapping_add(digits >> 8) & 0x00FF_00FF_00FF_00FF;
    let quads = pairs.wrapping_mul(100).wrapping_add(pairs >> 16) & 0x0000_FFFF_0000_FFFF;
    quads.wrapping_mul(10_000).wrapping_add(quads >> 32) & 0xFFFF_FFFF
}

/// The number written by the first `n` bytes of `word` (digits; `n` at most 7): they are
/// moved to the top, so that the bytes below them read as leading zeros.
#[inline(always)]
fn leading_digits(word: u64, n: usize) -> u64 {
    eight_digits((word.wrapping_sub(ZEROS) << (8 * (7 - n))) << 8)
}

/// A number of 1 to 15 digits at the start of `bytes` (16 bytes) that a separator ends, and
/// its length; `None` for anything else, which the careful path then reads.
#[inline(always)]
fn short_number(bytes: &[u8]) -> Option<(u64, usize)> {
    let first = word(&bytes[..8]);
    let n = digit_run(first);
    if n < 8 {
        let ended = is_space((first >> (8 * n)) as u8);
        if n == 0 || !ended {
            return None;
        }
        return Some((leading_digits(first, n), n));
    }
    let second = word(&bytes[8..16]);
    let m = digit_run(second) & 7;
    // Sixteen digits give `m` = 0 and a digit where the separator should be.
    if !is_space((second >> (8 * m)) as u8) {
        return None;
    }
    let high = eight_digits(first.wrapping_sub(ZEROS));
    Some((high * POW10[m] + leading_digits(second, m), 8 + m))
}

/// The start of a token, kept for an error message, and how it reads as an unsigned integer.
struct TokenReading {
    head: [u8; QUOTE_LIMIT],
    len: u64,
    negative: bool,
    digits: u64,
    other: bool,
    /// The value, `None` once it exceeds `u64`.
    value: Option<u64>,
}

impl TokenReading {
    fn new() -> Self {
        TokenReading {
            head: [0; QUOTE_LIMIT],
            len: 0,
            negative: false,
            digits: 0,
            other: false,
            value: Some(0),
        }
    }

    fn push(&mut self, b: u8) {
        if let Some(slot) = self.head.get_mut(self.len as usize) {
            *slot = b;
        }
        match b {
            b'0'..=b'9' => {
                self.digits += 1;
                self.value = self
                    .value
                    .and_then(|v| v.checked_mul(10))
                    .and_then(|v| v.checked_add(u64::from(b - b'0')));
            }
            b'+' | b'-' if self.len == 0 => self.negative = b == b'-',
            _ => self.other = true,
        }
        self.len += 1;
    }

    fn quote(&self) -> String {
        let shown = (self.len as usize).min(QUOTE_LIMIT);
        quote_cut(&self.head[..shown], self.len)
    }
}

/// A reader of whitespace-separated tokens with checked integer parsing, over any source of
/// bytes: standard input, a file, or a byte string.
///
/// It reads the source a window at a time (4 KiB growing to 64 KiB), so memory does not grow
/// with the input.
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
/// At most [`MAX_INPUT`] bytes are read: beyond, reading fails with [`InputError::Unreadable`].
///
/// # Complexity
/// O(token length) per token. A number of at most 15 digits is parsed eight bytes at a time
/// without a data-dependent branch.
pub struct Scanner<'a> {
    source: Box<dyn Read + 'a>,
    /// `buf[pos..end]` is read and not yet consumed; `buf.len()` is the window's size.
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    /// Bytes taken from the source so far.
    taken: u64,
    /// Whether the source has ended, and whether its start (a byte-order mark) was looked at.
    ended: bool,
    started: bool,
}

impl fmt::Debug for Scanner<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scanner")
            .field("taken", &self.taken)
            .field("unread", &(self.end - self.pos))
            .field("ended", &self.ended)
            .finish()
    }
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
    /// O(min(input length, 64 KiB)) to set up its window.
    pub fn new(input: &'a [u8]) -> Self {
        Self::with_window(Box::new(input), input.len().saturating_add(1).min(WINDOW))
    }

    /// A scanner reading `source` as it goes (what [`run_stdio`] does with standard input),
    /// skipping a leading UTF-8 byte-order mark. A read that fails, or input beyond
    /// [`MAX_INPUT`] bytes, is reported as [`InputError::Unreadable`] by the read that meets it.
    ///
    /// ```
    /// let file: &[u8] = b"12 34\n";
    /// let mut sc = judge::Scanner::from_reader(std::io::BufReader::new(file));
    /// assert_eq!(sc.uint("a", 0..=99), Ok(12));
    /// assert_eq!(sc.uint("b", 0..=99), Ok(34));
    /// assert!(sc.finish().is_ok());
    /// ```
    ///
    /// # Complexity
    /// O(1); it holds a window of 4 KiB, growing to 64 KiB on a longer input.
    pub fn from_reader<R: Read + 'a>(source: R) -> Self {
        Self::with_window(Box::new(source), FIRST_WINDOW)
    }

    fn with_window(source: Box<dyn Read + 'a>, window: usize) -> Self {
        Scanner {
            source,
            buf: vec![0; window.max(32)],
            pos: 0,
            end: 0,
            taken: 0,
            ended: false,
            started: false,
        }
    }

    /// Reads more of the source after the unread bytes, which first move to the window's
    /// start (the window doubles when they fill it); false at the end of the source.
    fn fill(&mut self) -> Result<bool, InputError> {
        if self.ended {
            return Ok(false);
        }
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
        }
        // The window doubles when unread bytes fill it (a long token or line), and while it
        // is below its size, once the input proves as long as it (a short input stays small).
        let full = self.end == self.buf.len();
        let growing = self.buf.len() < WINDOW && self.taken >= self.buf.len() as u64;
        if full || growing {
            let doubled = self.buf.len() * 2;
            self.buf.resize(doubled, 0);
        }
        loop {
            match self.source.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.ended = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    self.taken += n as u64;
                    if self.taken > MAX_INPUT {
                        return Err(InputError::Unreadable(format!(
                            "the input is larger than {} bytes, more than any judge sends",
                            MAX_INPUT
                        )));
                    }
                    return Ok(true);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(InputError::Unreadable(e.to_string())),
            }
        }
    }

    /// Skips a byte-order mark at the very start of the input.
    fn start(&mut self) -> Result<(), InputError> {
        self.started = true;
        while self.end - self.pos < 3 && self.fill()? {}
        if self.buf[self.pos..self.end].starts_with(b"\xEF\xBB\xBF") {
            self.pos += 3;
        }
        Ok(())
    }

    /// Skips separators; whether a token starts at `pos`.
    fn at_token(&mut self) -> Result<bool, InputError> {
        if !self.started {
            self.start()?;
        }
        loop {
            while self.pos < self.end && is_space(self.buf[self.pos]) {
                self.pos += 1;
            }
            if self.pos < self.end {
                return Ok(true);
            }
            if !self.fill()? {
                return Ok(false);
            }
        }
    }

    /// Consumes the token at `pos`, one byte at a time, without holding it.
    fn read_token(&mut self) -> Result<TokenReading, InputError> {
        let mut reading = TokenReading::new();
        loop {
            while self.pos < self.end {
                let b = self.buf[self.pos];
                if is_space(b) {
                    return Ok(reading);
                }
                reading.push(b);
                self.pos += 1;
            }
            if !self.fill()? {
                return Ok(reading);
            }
        }
    }

    /// How far past `pos` the first byte satisfying `stop` lies, reading (and growing the
    /// window) until one is in it; `None` if the input ends first, with all of it in the window.
    fn find_from_pos(&mut self, stop: impl Fn(u8) -> bool) -> Result<Option<usize>, InputError> {
        let mut searched = 0;
        loop {
            let unsearched = &self.buf[self.pos + searched..self.end];
            if let Some(at) = unsearched.iter().position(|&b| stop(b)) {
                return Ok(Some(searched + at));
            }
            searched = self.end - self.pos;
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// Consumes the token at `pos` and returns it whole, growing the window if needed.
    fn whole_token(&mut self) -> Result<&[u8], InputError> {
        let len = match self.find_from_pos(is_space)? {
            Some(len) => len,
            None => self.end - self.pos,
        };
        let start = self.pos;
        self.pos += len;
        Ok(&self.buf[start..self.pos])
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
    pub fn token(&mut self, field: impl fmt::Display) -> Result<&str, InputError> {
        if !self.at_token()? {
            return Err(missing(field));
        }
        let bytes = self.whole_token()?;
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
    #[inline(always)]
    pub fn uint(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        let (lo, hi) = (*range.start(), *range.end());
        let window = &self.buf[..self.end];
        let mut i = self.pos;
        while i < window.len() && is_space(window[i]) {
            i += 1;
        }
        // A short number followed by a separator, all within the window, and in range: done.
        // Anything else (a sign, a long or bad token, the window's end) is read carefully.
        if let Some(bytes) = window.get(i..i + 16) {
            if let Some((value, len)) = short_number(bytes) {
                if (value >= lo) & (value <= hi) {
                    self.pos = i + len;
                    return Ok(value);
                }
            }
        }
        self.pos = i;
        self.uint_careful(field, lo, hi)
    }

    /// The reading of a token that is not a short in-range number inside the window.
    #[inline(never)]
    fn uint_careful(
        &mut self,
        field: impl fmt::Display,
        lo: u64,
        hi: u64,
    ) -> Result<u64, InputError> {
        if !self.at_token()? {
            return Err(missing(field));
        }
        let token = self.read_token()?;
        if token.other || token.digits == 0 {
            return Err(InputError::NotAnInteger {
                field: field.to_string(),
                token: token.quote(),
            });
        }
        match token.value {
            Some(v) if !(token.negative && v != 0) && lo <= v && v <= hi => Ok(v),
            _ => Err(InputError::OutOfRange {
                field: field.to_string(),
                token: token.quote(),
                range: format!("{}..={}", lo, hi),
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
    /// assert_eq!(sc.line(), Ok(Some(&b"356"[..])));
    /// assert_eq!(sc.line(), Ok(Some(&b""[..])));
    /// assert_eq!(sc.line(), Ok(Some(&b"12"[..])));
    /// assert_eq!(sc.line(), Ok(None));
    /// ```
    ///
    /// # Complexity
    /// O(line length); the window grows to hold the line.
    pub fn line(&mut self) -> Result<Option<&[u8]>, InputError> {
        if !self.started {
            self.start()?;
        }
        // Reading more moves the unread bytes to the window's start: take `pos` after.
        let found = self.find_from_pos(|b| b == b'\n')?;
        let start = self.pos;
        let line_end = match found {
            Some(at) => {
                self.pos += at + 1;
                start + at
            }
            None if self.pos == self.end => return Ok(None),
            None => {
                self.pos = self.end;
                self.end
            }
        };
        let line = &self.buf[start..line_end];
        Ok(Some(match line.split_last() {
            Some((b'\r', body)) => body,
            _ => line,
        }))
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
    /// O(remaining whitespace), or the length of the first extra token.
    pub fn finish(&mut self) -> Result<(), InputError> {
        if !self.at_token()? {
            return Ok(());
        }
        let token = self.read_token()?;
        Err(InputError::Trailing {
            token: token.quote(),
        })
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

/// Where a solution writes on standard output: a buffer in memory, or standard output
/// directly (see [`run_stdio`]).
///
/// ```
/// use std::io::Write;
/// let mut out = judge::Output::buffer(8);
/// write!(out, "12345678").unwrap();
/// write!(out, "9").unwrap(); // dropped: past the limit
/// assert!(out.overflowed());
/// assert_eq!(out.bytes(), b"12345678");
/// ```
pub struct Output {
    mode: Mode,
    overflowed: bool,
}

enum Mode {
    Buffer { bytes: Vec<u8>, limit: usize },
    Stream(std::io::BufWriter<std::io::Stdout>),
}

impl Output {
    /// Holds up to `limit` bytes; what is written beyond is dropped and marks the output
    /// overflowed, so that the solution still reads (and checks) the rest of its input.
    pub fn buffer(limit: usize) -> Self {
        Output {
            mode: Mode::Buffer {
                bytes: Vec::new(),
                limit,
            },
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

    /// The bytes a buffer holds (empty for a stream).
    pub fn bytes(&self) -> &[u8] {
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
            Mode::Stream(stream) => stream.write_all(data),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.mode {
            Mode::Stream(stream) => stream.flush(),
            Mode::Buffer { .. } => Ok(()),
        }
    }
}

/// The most bytes read: far above any judge's input, and a clean refusal beyond instead of
/// reading forever (from `/dev/zero`, say).
pub const MAX_INPUT: u64 = 1 << 30;

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

    /// A source that hands out 1 to 9 bytes per read, so that tokens straddle the window.
    struct Trickle<'a> {
        data: &'a [u8],
        state: u64,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.state = self.state.wrapping_mul(6364136223846793005).wrapping_add(1);
            let n = (1 + (self.state >> 60) as usize % 9)
                .min(buf.len())
                .min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// What `uint` must give for `token` and `lo..=hi`, by a plain reading in u128.
    fn plain_uint(token: &str, lo: u64, hi: u64) -> Result<u64, &'static str> {
        let (negative, digits) = match token.as_bytes()[0] {
            b'-' => (true, &token[1..]),
            b'+' => (false, &token[1..]),
            _ => (false, token),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err("not an integer");
        }
        let value: u128 = digits.parse().unwrap();
        if (negative && value != 0) || value < u128::from(lo) || value > u128::from(hi) {
            return Err("out of range");
        }
        Ok(value as u64)
    }

    fn kind(read: Result<u64, InputError>) -> Result<u64, &'static str> {
        read.map_err(|e| match e {
            InputError::NotAnInteger { .. } => "not an integer",
            InputError::OutOfRange { .. } => "out of range",
            other => panic!("unexpected {:?}", other),
        })
    }

    #[test]
    fn random_tokens_read_as_a_plain_parse_whatever_the_reads() {
        let mut state = 11u64;
        let mut next = move |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        for _ in 0..300 {
            let mut text = String::new();
            let mut cases = Vec::new();
            for _ in 0..next(60) {
                let mut token = String::new();
                match next(10) {
                    0 => token.push('+'),
                    1 => token.push('-'),
                    _ => {}
                }
                let longest = if next(2) == 0 { 4 } else { 22 };
                let len = 1 + next(longest);
                for _ in 0..len {
                    token.push(b"0123456789"[next(10) as usize] as char);
                }
                if next(12) == 0 {
                    let at = next(token.len() as u64 + 1) as usize;
                    token.insert(at, ['x', '.', '-', ':', '/'][next(5) as usize]);
                }
                let (lo, hi) = match next(4) {
                    0 => (0, u64::MAX),
                    1 => (1, 15),
                    2 => (next(1000), 1000 + next(1 << 40)),
                    _ => (0, 99_999_999),
                };
                cases.push((plain_uint(&token, lo, hi), lo, hi));
                text.push_str(&token);
                for _ in 0..1 + next(3) {
                    text.push([' ', '\n', '\t', '\r'][next(4) as usize]);
                }
            }
            let bytes = text.as_bytes();
            let trickle = Trickle {
                data: bytes,
                state: next(1000),
            };
            for mut sc in [Scanner::new(bytes), Scanner::from_reader(trickle)] {
                for &(want, lo, hi) in &cases {
                    assert_eq!(kind(sc.uint("x", lo..=hi)), want, "{:?}", text);
                }
                assert_eq!(sc.finish(), Ok(()));
            }
        }
    }

    #[test]
    fn long_tokens_and_lines_grow_the_window() {
        let word = "w".repeat(200_000);
        let text = format!("\u{feff}{} 7\nab\r\n{}\n", word, word);
        for trickle in [false, true] {
            let mut sc = if trickle {
                Scanner::from_reader(Trickle {
                    data: text.as_bytes(),
                    state: 3,
                })
            } else {
                Scanner::new(text.as_bytes())
            };
            assert_eq!(sc.token("w"), Ok(word.as_str()));
            assert_eq!(sc.uint("seven", 0..=9), Ok(7));
            assert_eq!(sc.line(), Ok(Some(&b""[..])));
            assert_eq!(sc.line(), Ok(Some(&b"ab"[..])));
            assert_eq!(sc.line(), Ok(Some(word.as_bytes())));
            assert_eq!(sc.line(), Ok(None));
        }
    }

    #[test]
    fn a_failing_source_is_unreadable() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::Error::new(
                    std::io::ErrorKind::Other,
                    "disk on fire",
                ))
            }
        }
        let e = Scanner::from_reader(Broken).uint("n", 0..=9).unwrap_err();
        assert_eq!(e.to_string(), "cannot read the input: disk on fire");
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
            assert_eq!(
                Scanner::new(&token).uint("x", 0..=500).ok(),
                plain_uint(first, 0, 500).ok(),
                "{:?}",
                text
            );
        }
    }
}
