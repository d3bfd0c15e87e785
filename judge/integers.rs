//! The scanner's integer readers: [`Scanner::uint`], [`Scanner::int`] and [`Scanner::index`],
//! each a fast path for a short number inside the window (parsed eight bytes at a time) and a
//! careful path for anything else.

use crate::error::InputError;
use crate::number::{long_number, short_number};
use crate::scanner::Scanner;
use std::fmt;
use std::ops::RangeInclusive;

impl Scanner<'_> {
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
    /// O(token length), a byte at a time; see [`Scanner::uint_fast`] for inputs of megabytes.
    pub fn uint(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        let (lo, hi) = (*range.start(), *range.end());
        // `-0` is zero; any other negative number is out of range.
        self.careful(field, lo, hi, |negative, m| {
            Some(m).filter(|&m| !negative || m == 0)
        })
    }

    /// The next token as a signed integer in `range`: decimal digits after at most one sign
    /// (`+` or `-`).
    ///
    /// Numbers outside `range` (including those beyond `i64`) are [`InputError::OutOfRange`];
    /// anything else that is not an integer (`-`, `--5`, `+-3`, `1-2`, `1e3`) is
    /// [`InputError::NotAnInteger`].
    ///
    /// ```
    /// use judge::Scanner;
    /// let mut sc = Scanner::new(b"-5 +7 -0 --5 -9223372036854775809 12");
    /// assert_eq!(sc.int("a", -9..=9), Ok(-5));
    /// assert_eq!(sc.int("b", -9..=9), Ok(7));
    /// assert_eq!(sc.int("c", -9..=9), Ok(0));
    /// assert_eq!(sc.int("d", -9..=9).unwrap_err().to_string(), "d: expected an integer, found `--5`");
    /// assert!(sc.int("e", i64::MIN..=i64::MAX).unwrap_err().to_string().contains("out of range"));
    /// assert_eq!(
    ///     sc.int("f", -10..=10).unwrap_err().to_string(),
    ///     "f = `12` is out of range (accepted: -10..=10)"
    /// );
    /// ```
    ///
    /// # Complexity
    /// O(token length).
    pub fn int(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<i64>,
    ) -> Result<i64, InputError> {
        let (lo, hi) = (*range.start(), *range.end());
        self.careful(field, lo, hi, |negative, m| match negative {
            // -2^63 is the one magnitude beyond `i64::MAX` that a negative number reaches.
            true if m <= 1 << 63 => Some((m as i64).wrapping_neg()),
            false if m <= i64::MAX as u64 => Some(m as i64),
            _ => None,
        })
    }

    /// [`Scanner::uint`] for inputs of many numbers (megabytes): the same values and errors,
    /// but a number of at most 7 digits inside the window is read as one eight-byte word
    /// without a branch that depends on its digits (a byte loop mispredicts at the end of
    /// every short token), and one of 8 to 20 digits as up to three such words. Its code makes
    /// a bundle larger, so only the problems that call it carry it (directly, or through
    /// [`crate::Lists`], which reads its items with it).
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"7 1234567 12345678 -0 x 18446744073709551615 ");
    /// assert_eq!(sc.uint_fast("a", 0..=9), Ok(7));
    /// assert_eq!(sc.uint_fast("b", 0..=u64::MAX), Ok(1234567));
    /// assert_eq!(sc.uint_fast("c", 0..=u64::MAX), Ok(12345678));
    /// assert_eq!(sc.uint_fast("d", 0..=9), Ok(0));
    /// assert!(sc.uint_fast("e", 0..=9).is_err());
    /// assert_eq!(sc.uint_fast("f", 0..=u64::MAX), Ok(u64::MAX));
    /// ```
    ///
    /// # Complexity
    /// O(token length).
    #[inline(always)]
    pub fn uint_fast(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        // A short number followed by a separator, all within the window, and in range: done.
        // Anything else (a sign, a long or bad token, the window's end) is read carefully.
        if let Some((value, len)) = self.ahead().get(..8).and_then(short_number) {
            if (value >= *range.start()) & (value <= *range.end()) {
                self.advance(len);
                return Ok(value);
            }
            return self.uint(field, range);
        }
        self.uint_long(field, range)
    }

    /// [`Scanner::uint_fast`] past its short path: a number of 8 to 20 digits as up to three
    /// eight-byte words, anything else carefully. Kept out of line, so that the short path
    /// that `uint_fast` inlines into a problem's read loop stays small.
    #[inline(never)]
    fn uint_long(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        if let Some((value, len)) = self.ahead().get(..24).and_then(long_number) {
            if (value >= *range.start()) & (value <= *range.end()) {
                self.advance(len);
                return Ok(value);
            }
        }
        self.uint(field, range)
    }

    /// [`Scanner::uint_fast`] converted to `usize`, as [`Scanner::index`].
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"12 16");
    /// assert_eq!(sc.index_fast("x", 1..=15), Ok(12usize));
    /// assert!(sc.index_fast("y", 1..=15).is_err());
    /// ```
    ///
    /// # Complexity
    /// O(token length).
    #[inline(always)]
    pub fn index_fast(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<usize>,
    ) -> Result<usize, InputError> {
        let (lo, hi) = (*range.start() as u64, *range.end() as u64);
        self.uint_fast(field, lo..=hi).map(|v| v as usize)
    }

    /// Like [`Scanner::uint`], converted to `usize` (the range must fit in `usize`).
    ///
    /// ```
    /// let mut sc = judge::Scanner::new(b"12");
    /// assert_eq!(sc.index("k", 1..=15), Ok(12usize));
    /// ```
    ///
    /// # Complexity
    /// O(token length).
    pub fn index(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<usize>,
    ) -> Result<usize, InputError> {
        let (lo, hi) = (*range.start() as u64, *range.end() as u64);
        self.uint(field, lo..=hi).map(|v| v as usize)
    }
}

#[cfg(test)]
mod tests {
    use crate::scanner::tests::{numbers, Trickle};
    use crate::{InputError, Scanner};

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
        let mut next = numbers(11);
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
                    let got = if next(2) == 0 {
                        sc.uint("x", lo..=hi)
                    } else {
                        sc.uint_fast("x", lo..=hi)
                    };
                    assert_eq!(kind(got), want, "{:?}", text);
                }
                assert_eq!(sc.finish(), Ok(()));
            }
        }
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
            // Padded, so that the window holds the eight bytes the fast path looks at.
            let padded = format!("{}        ", text);
            assert_eq!(
                Scanner::new(padded.as_bytes()).uint_fast("x", 0..=500).ok(),
                plain_uint(first, 0, 500).ok(),
                "{:?}",
                text
            );
        }
    }
    #[test]
    fn signed_tokens_are_refused_in_one_line() {
        let mut sc = Scanner::new(
            b"- -- --5 +-3 -+3 1-2 5- -9223372036854775809 9223372036854775808 -9223372036854775808 9223372036854775807 +0 -0 -000000000000000000000000001",
        );
        let full = i64::MIN..=i64::MAX;
        for (field, token) in [
            ("a", "`-`"),
            ("b", "`--`"),
            ("c", "`--5`"),
            ("d", "`+-3`"),
            ("e", "`-+3`"),
            ("f", "`1-2`"),
            ("g", "`5-`"),
        ] {
            assert_eq!(
                sc.int(field, full.clone()).unwrap_err().to_string(),
                format!("{}: expected an integer, found {}", field, token)
            );
        }
        for (field, token) in [
            ("h", "`-9223372036854775809`"),
            ("i", "`9223372036854775808`"),
        ] {
            assert_eq!(
                sc.int(field, full.clone()).unwrap_err().to_string(),
                format!(
                    "{} = {} is out of range (accepted: -9223372036854775808..=9223372036854775807)",
                    field, token
                )
            );
        }
        assert_eq!(sc.int("j", full.clone()), Ok(i64::MIN));
        assert_eq!(sc.int("k", full.clone()), Ok(i64::MAX));
        assert_eq!(sc.int("l", 0..=0), Ok(0));
        assert_eq!(sc.int("m", 0..=0), Ok(0));
        assert_eq!(sc.int("n", -1..=-1), Ok(-1));
        assert_eq!(
            sc.int("o", full).unwrap_err().to_string(),
            "input ended early: expected o"
        );
    }

    /// What `int` must give for `token` and `lo..=hi`, by a plain reading in i128.
    fn plain_int(token: &str, lo: i64, hi: i64) -> Result<i64, &'static str> {
        let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err("not an integer");
        }
        match token.parse::<i128>() {
            Ok(v) if i128::from(lo) <= v && v <= i128::from(hi) => Ok(v as i64),
            _ => Err("out of range"),
        }
    }

    #[test]
    fn random_signed_tokens_read_as_a_plain_parse_whatever_the_reads() {
        let mut next = numbers(5);
        for _ in 0..300 {
            let mut text = String::new();
            let mut cases = Vec::new();
            for _ in 0..next(60) {
                let mut token = String::new();
                for _ in 0..[0, 0, 1, 1, 1, 2][next(6) as usize] {
                    token.push(['+', '-', '-'][next(3) as usize]);
                }
                let longest = [3, 16, 21][next(3) as usize];
                for _ in 0..next(longest + 1) {
                    token.push(b"0123456789"[next(10) as usize] as char);
                }
                if next(12) == 0 {
                    let at = next(token.len() as u64 + 1) as usize;
                    token.insert(at, ['x', '.', '-', '+', '/'][next(5) as usize]);
                }
                if token.is_empty() {
                    token.push('0');
                }
                let (lo, hi) = match next(4) {
                    0 => (i64::MIN, i64::MAX),
                    1 => (-15, 15),
                    2 => (-(next(1 << 40) as i64), next(1 << 40) as i64),
                    _ => (i64::MIN, -(next(1000) as i64)),
                };
                cases.push((plain_int(&token, lo, hi), lo, hi));
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
                    let got = sc.int("x", lo..=hi).map_err(|e| match e {
                        InputError::NotAnInteger { .. } => "not an integer",
                        InputError::OutOfRange { .. } => "out of range",
                        other => panic!("unexpected {:?}", other),
                    });
                    assert_eq!(got, want, "{:?}", text);
                }
                assert_eq!(sc.finish(), Ok(()));
            }
        }
    }
}
