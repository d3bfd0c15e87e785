//! The scanner: whitespace-separated tokens and lines over any source of bytes, read a window
//! at a time, with checked integer parsing.

use crate::error::{missing, quote, InputError};
use crate::number::{is_space, short_number, TokenReading};
use std::fmt;
use std::io::Read;
use std::ops::RangeInclusive;

/// How much input a [`Scanner`] reads at a time: it keeps this window of the input, not the
/// whole of it, so memory stays flat and the bytes parsed are still in cache. A token or line
/// longer than the window grows it.
const WINDOW: usize = 1 << 16;

/// The window a [`Scanner`] starts with; it doubles up to [`WINDOW`] as the input proves long.
const FIRST_WINDOW: usize = 1 << 12;

/// The most bytes read: far above any judge's input, and a clean refusal beyond instead of
/// reading forever (from `/dev/zero`, say).
pub const MAX_INPUT: u64 = 1 << 30;

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

    /// A scanner reading `source` as it goes (what [`run_stdio`](crate::run_stdio) does with standard input),
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
