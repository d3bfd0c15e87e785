//! The scanner: whitespace-separated tokens and lines over any source of bytes, read a window
//! at a time, with checked integer parsing (the integer readers are in `integers`).

use crate::error::{quote, quote_cut, quote_start, InputError, QUOTE_LIMIT};
use std::fmt;
use std::io::Read;

/// How much input a [`Scanner`] reads at a time: it keeps this window of the input, not the
/// whole of it, so memory stays flat and the bytes parsed are still in cache. A token or line
/// longer than the window grows it.
const WINDOW: usize = 1 << 16;

/// The most bytes read: far above any judge's input, and a clean refusal beyond instead of
/// reading forever (from `/dev/zero`, say). Public as part of the contract these docs state;
/// no code outside this crate needs it.
pub const MAX_INPUT: u64 = 1 << 30;

/// Whether `b` separates tokens: space, tab, line feed, vertical tab, form feed, carriage
/// return.
pub(crate) fn is_space(b: u8) -> bool {
    // A compare and a bit test (bits 9 to 13 and 32): a digit is out at the compare.
    b <= b' ' && 0x1_0000_3E00u64 >> b & 1 != 0
}

/// A reader of whitespace-separated tokens with checked integer parsing, over any source of
/// bytes: standard input, a file, or a byte string.
///
/// It reads the source a window at a time (64 KiB), so memory does not grow with the input.
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
/// Integers are decimal with one optional leading sign: `+` for [`Scanner::uint`] (and `-`
/// before zero), `+` or `-` for [`Scanner::int`]; ranges are inclusive.
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
    /// O(1); it holds a window of 64 KiB from its first read.
    pub fn new(input: &'a [u8]) -> Self {
        Self::from_reader(input)
    }

    /// A scanner reading `source` as it goes (what [`main`](crate::main) does with standard
    /// input), skipping a leading UTF-8 byte-order mark. A read that fails, or input beyond
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
    /// O(1); it holds a window of 64 KiB from its first read.
    pub fn from_reader<R: Read + 'a>(source: R) -> Self {
        Scanner {
            source: Box::new(source),
            buf: Vec::new(),
            pos: 0,
            end: 0,
            taken: 0,
        }
    }

    /// Moves the unread bytes to the window's start (the window, empty before the first read,
    /// is then [`WINDOW`] bytes, and doubles when they fill it) and reads more after them;
    /// false at the end of the input.
    fn fill(&mut self) -> Result<bool, InputError> {
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
        if self.end == self.buf.len() {
            // Never past a byte more than MAX_INPUT: the byte that refuses the input.
            let doubled = (self.end * 2).clamp(WINDOW, MAX_INPUT as usize + 1);
            self.buf.resize(doubled, 0);
        }
        loop {
            match self.source.read(&mut self.buf[self.end..]) {
                Ok(n) => {
                    self.end += n;
                    self.taken += n as u64;
                    if self.taken > MAX_INPUT {
                        return Err(InputError::Unreadable("it is larger than 1 GiB".into()));
                    }
                    if n == 0 {
                        // The end: the source is not read again (a terminal would wait for a
                        // second end-of-file).
                        self.source = Box::new(std::io::empty());
                    }
                    return Ok(n > 0);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(InputError::Unreadable(e.to_string())),
            }
        }
    }

    /// Skips separators (and a byte-order mark at the very start); whether a token follows.
    pub(crate) fn at_token(&mut self) -> Result<bool, InputError> {
        self.start()?;
        loop {
            while self.pos < self.end && is_space(self.buf[self.pos]) {
                self.pos += 1;
            }
            if self.pos < self.end || !self.fill()? {
                return Ok(self.pos < self.end);
            }
        }
    }

    /// Skips a byte-order mark at the very start of the input (before anything is read).
    fn start(&mut self) -> Result<(), InputError> {
        if self.taken == 0 {
            while self.end < 3 && self.fill()? {}
            if self.buf[..self.end].starts_with(b"\xEF\xBB\xBF") {
                self.pos = 3;
            }
        }
        Ok(())
    }

    /// The unread bytes of the window from the next token (separators in the window
    /// skipped): a fast reader's look at a token, which may be cut by the window's end.
    #[inline(always)]
    pub(crate) fn ahead(&mut self) -> &[u8] {
        // On locals: the position stored once, one bound a read.
        let window = &self.buf[..self.end];
        let mut pos = self.pos;
        while pos < window.len() && is_space(window[pos]) {
            pos += 1;
        }
        self.pos = pos;
        &window[pos..]
    }

    /// Consumes `n` bytes of [`Scanner::ahead`].
    #[inline(always)]
    pub(crate) fn advance(&mut self, n: usize) {
        self.pos += n;
    }

    /// The reading of a token as an integer: `value` gives the number of a sign (whether it
    /// is `-`) and a magnitude, or `None` if the type cannot hold it.
    pub(crate) fn careful<T: Copy + PartialOrd + fmt::Display>(
        &mut self,
        field: impl fmt::Display,
        lo: T,
        hi: T,
        value: fn(bool, u64) -> Option<T>,
    ) -> Result<T, InputError> {
        if !self.at_token()? {
            let field = field.to_string();
            return Err(InputError::Missing { field });
        }
        // The token, a byte at a time without holding it (an endless token takes no memory):
        // its first bytes for a message, and how it reads as a sign and digits.
        let mut head = [0; QUOTE_LIMIT];
        let (mut len, mut negative, mut digits, mut other) = (0, false, false, false);
        let mut magnitude = Some(0u64);
        loop {
            while self.pos < self.end && !is_space(self.buf[self.pos]) {
                let b = self.buf[self.pos];
                if let Some(slot) = head.get_mut(len) {
                    *slot = b;
                }
                match b {
                    b'0'..=b'9' => {
                        digits = true;
                        let digit = u64::from(b - b'0');
                        magnitude = magnitude.and_then(|m| m.checked_mul(10)?.checked_add(digit));
                    }
                    b'+' | b'-' if len == 0 => negative = b == b'-',
                    _ => other = true,
                }
                len += 1;
                self.pos += 1;
            }
            if self.pos < self.end || !self.fill()? {
                break;
            }
        }
        let quoted = || quote_cut(&head[..len.min(QUOTE_LIMIT)], len as u64);
        if other || !digits {
            return Err(InputError::NotAnInteger {
                field: field.to_string(),
                token: quoted(),
            });
        }
        match magnitude.and_then(|m| value(negative, m)) {
            Some(v) if lo <= v && v <= hi => Ok(v),
            _ => Err(InputError::OutOfRange {
                field: field.to_string(),
                token: quoted(),
                range: format!("{}..={}", lo, hi),
            }),
        }
    }

    /// How far past `pos` the first byte satisfying `stop` lies, reading (and growing the
    /// window) until one is in it, among at most `limit` bytes. `None` when the input ends
    /// first (all of it then in the window, less than `limit` bytes) or when none of `limit`
    /// bytes satisfies `stop` (then at least `limit` bytes are in the window).
    fn search(&mut self, stop: fn(u8) -> bool, limit: usize) -> Result<Option<usize>, InputError> {
        let mut searched = 0;
        loop {
            let upto = self.end.min(self.pos.saturating_add(limit));
            let unsearched = &self.buf[self.pos + searched..upto];
            if let Some(at) = unsearched.iter().position(|&b| stop(b)) {
                return Ok(Some(searched + at));
            }
            searched = upto - self.pos;
            if searched >= limit || !self.fill()? {
                return Ok(None);
            }
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
    /// O(token length); the window grows to hold the token.
    pub fn token(&mut self, field: impl fmt::Display) -> Result<&str, InputError> {
        if !self.at_token()? {
            let field = field.to_string();
            return Err(InputError::Missing { field });
        }
        let len = self.search(is_space, usize::MAX)?;
        let start = self.pos;
        self.pos = len.map_or(self.end, |len| start + len);
        let bytes = &self.buf[start..self.pos];
        std::str::from_utf8(bytes).map_err(|_| {
            InputError::Invalid(format!("{}: {} is not UTF-8 text", field, quote(bytes)))
        })
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
    /// A line can be as long as the input ([`MAX_INPUT`]); where lines are short, read them
    /// with [`Scanner::line_within`], which refuses a longer one without holding it.
    ///
    /// # Complexity
    /// O(line length); the window grows to hold the line.
    pub fn line(&mut self) -> Result<Option<&[u8]>, InputError> {
        self.line_within("a line", usize::MAX)
    }

    /// Like [`Scanner::line`], for lines of at most `max` bytes (without the line break): a
    /// longer line is [`InputError::TooLong`] naming `field`, found after reading at most
    /// `max` + 2 bytes of it, so an endless line (`/dev/zero`) is refused at once and in
    /// little memory.
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"356\r\n123456\n");
    /// assert_eq!(sc.line_within("line 1", 5), Ok(Some(&b"356"[..])));
    /// assert_eq!(
    ///     sc.line_within("line 2", 5).unwrap_err().to_string(),
    ///     "line 2 is longer than 5 bytes: `123456`"
    /// );
    /// let mut zeros = judge::Scanner::from_reader(std::io::repeat(b'0'));
    /// assert_eq!(
    ///     zeros.line_within("a game", 64).unwrap_err().to_string(),
    ///     "a game is longer than 64 bytes: `00000000000000000000...`"
    /// );
    /// ```
    ///
    /// # Complexity
    /// O(min(line length, `max`)); the window grows only to hold `max` + 2 bytes.
    pub fn line_within(
        &mut self,
        field: impl fmt::Display,
        max: usize,
    ) -> Result<Option<&[u8]>, InputError> {
        self.start()?;
        // Room for the line, a `\r` and the `\n`. Reading more moves the unread bytes to the
        // window's start: take `pos` after.
        let limit = max.saturating_add(2);
        let found = self.search(|b| b == b'\n', limit)?;
        let start = self.pos;
        let unread = self.end - start;
        let (mut line_end, next) = match found {
            Some(at) => (start + at, start + at + 1),
            None if unread == 0 => return Ok(None),
            None if unread < limit => (self.end, self.end),
            None => {
                let shown = &self.buf[start..start + unread.min(QUOTE_LIMIT)];
                return Err(too_long(field, quote_start(shown), max));
            }
        };
        if line_end > start && self.buf[line_end - 1] == b'\r' {
            line_end -= 1;
        }
        if line_end - start > max {
            return Err(too_long(field, quote(&self.buf[start..line_end]), max));
        }
        self.pos = next;
        Ok(Some(&self.buf[start..line_end]))
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
        // No integer lies in 1..=0: any token is refused, and its quote is the message's.
        match self.careful("", 1, 0, |_, m| Some(m)) {
            Err(InputError::Missing { .. }) => Ok(()),
            Err(InputError::NotAnInteger { token, .. })
            | Err(InputError::OutOfRange { token, .. }) => Err(InputError::Trailing { token }),
            other => other.map(drop),
        }
    }
    /// Whether the input is over: no token is left (only separators). For inputs of "test cases
    /// until the end of the input": `while !sc.at_end()? { … }` reads one case a turn, and a
    /// case cut short is still refused by its readers.
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"3 4\n5 6\n \n");
    /// let mut sums = Vec::new();
    /// while !sc.at_end().unwrap() {
    ///     let a = sc.uint("a", 0..=9).unwrap();
    ///     sums.push(a + sc.uint("b", 0..=9).unwrap());
    /// }
    /// assert_eq!(sums, [7, 11]);
    /// ```
    ///
    /// # Complexity
    /// O(the separators skipped).
    pub fn at_end(&mut self) -> Result<bool, InputError> {
        Ok(!self.at_token()?)
    }

    /// Whether the input is at its terminating record (`0 0` in "cases until a line `0 0`"):
    /// the next tokens are the numbers of `terminator`, written in plain decimal (they are then
    /// consumed), or no token is left (an input whose terminating line is missing ends the same
    /// way). Otherwise nothing is consumed and the record is read with the usual readers, which
    /// refuse it in one line if it is bad, so that a terminator that is out of the records'
    /// range (`0 0` where N ≥ 1) needs no special case.
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"2 3\n0 4\n0 0\n");
    /// let mut games = Vec::new();
    /// while !sc.at_terminator(&[0, 0]).unwrap() {
    ///     let n = sc.uint("N", 0..=9).unwrap();
    ///     games.push((n, sc.uint("M", 1..=9).unwrap()));
    /// }
    /// assert_eq!(games, [(2, 3), (0, 4)]);
    /// assert!(sc.finish().is_ok());
    /// // Without its terminating line, the input ends at its end.
    /// let mut sc = judge::Scanner::new(b"7\n");
    /// assert!(!sc.at_terminator(&[0]).unwrap());
    /// assert_eq!(sc.uint("N", 1..=9), Ok(7));
    /// assert!(sc.at_terminator(&[0]).unwrap());
    /// ```
    ///
    /// # Constraints
    /// `terminator` is matched token by token as `u64::to_string` writes each number (`00` or
    /// `+0` is not `0`); an empty `terminator` matches only the end of the input. At most 4 KiB
    /// of separators between two of its numbers are looked at: past that the record is taken as
    /// not the terminator.
    ///
    /// # Complexity
    /// O(the terminator's length), reading ahead at most that much and 4 KiB of separators.
    pub fn at_terminator(&mut self, terminator: &[u64]) -> Result<bool, InputError> {
        if !self.at_token()? {
            return Ok(true);
        }
        // Offsets from `pos`: reading more moves the unread bytes, not their offsets.
        let mut at = 0;
        for (i, value) in terminator.iter().enumerate() {
            if i > 0 {
                let gap = at;
                while matches!(self.peek(at)?, Some(b) if is_space(b)) {
                    at += 1;
                    if at - gap > SEPARATORS_LOOKED_AT {
                        return Ok(false);
                    }
                }
            }
            for digit in value.to_string().bytes() {
                if self.peek(at)? != Some(digit) {
                    return Ok(false);
                }
                at += 1;
            }
            if matches!(self.peek(at)?, Some(b) if !is_space(b)) {
                return Ok(false);
            }
        }
        if terminator.is_empty() {
            return Ok(false);
        }
        self.pos += at;
        Ok(true)
    }

    /// The byte `at` bytes past the next unread one, reading more if it is not in the window
    /// yet; `None` past the end of the input.
    fn peek(&mut self, at: usize) -> Result<Option<u8>, InputError> {
        while self.pos + at >= self.end {
            if !self.fill()? {
                return Ok(None);
            }
        }
        Ok(Some(self.buf[self.pos + at]))
    }
}

/// The most separators [`Scanner::at_terminator`] looks at between two numbers.
const SEPARATORS_LOOKED_AT: usize = 4096;

#[cold]
fn too_long(field: impl fmt::Display, start: String, max: usize) -> InputError {
    InputError::TooLong {
        field: field.to_string(),
        start,
        max: max as u64,
    }
}

#[cfg(test)]
pub(crate) mod tests;
