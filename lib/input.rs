//! Checked reading of judge input: whitespace-separated tokens (split by proconio's
//! `OnceSource`), parsed with errors that name the field and say what was wrong.
//!
//! proconio's `input!` panics on a malformed token; contest binaries here must instead report a
//! one-line `error: ...`, so they read through [`Scanner`], which returns [`InputError`].
//! [`crate::judge`] runs a solution on standard input or on a string.

use proconio::source::once::OnceSource;
use proconio::source::Source;
use std::fmt;
use std::io::{BufReader, Read};
use std::ops::RangeInclusive;

/// Why the input was refused; its `Display` is one line naming the field.
///
/// ```
/// use grundy::input::InputError;
/// let e = InputError::Missing { field: "the number of test cases".into() };
/// assert_eq!(e.to_string(), "input ended early: expected the number of test cases");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The input could not be read, or is not UTF-8 text.
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
        /// The offending token.
        token: String,
    },
    /// An integer lies outside the range the program accepts.
    OutOfRange {
        /// The field being read.
        field: String,
        /// The offending token.
        token: String,
        /// The accepted range, e.g. `1..=1000`.
        range: String,
    },
    /// Tokens remain after the announced input was read.
    Trailing {
        /// The first extra token.
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
            InputError::Unreadable(why) => write!(f, "cannot read the input: {why}"),
            InputError::Missing { field } => write!(f, "input ended early: expected {field}"),
            InputError::NotAnInteger { field, token } => {
                write!(f, "{field}: expected an integer, found `{token}`")
            }
            InputError::OutOfRange {
                field,
                token,
                range,
            } => {
                write!(f, "{field} = {token} is out of range (accepted: {range})")
            }
            InputError::Trailing { token } => {
                write!(
                    f,
                    "unexpected extra input after the last test case: `{token}`"
                )
            }
            InputError::Invalid(why) => f.write_str(why),
            InputError::Output(why) => write!(f, "cannot write the output: {why}"),
        }
    }
}

impl std::error::Error for InputError {}

impl From<std::io::Error> for InputError {
    fn from(e: std::io::Error) -> Self {
        InputError::Output(e.to_string())
    }
}

/// Reads all of `reader` as UTF-8 text.
///
/// ```
/// let text = grundy::input::read_text(&b"1 2\n"[..]).unwrap();
/// assert_eq!(text, "1 2\n");
/// assert!(grundy::input::read_text(&[0xffu8][..]).is_err());
/// ```
///
/// # Complexity
/// O(input size).
pub fn read_text<R: Read>(mut reader: R) -> Result<String, InputError> {
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| InputError::Unreadable(e.to_string()))?;
    String::from_utf8(bytes).map_err(|_| InputError::Unreadable("it is not UTF-8 text".into()))
}

/// A token reader over the whole input with checked integer parsing.
///
/// Field names are any `Display` value and are only formatted when an error is reported, so
/// `format_args!("x of coin {i}")` costs nothing on the good path.
///
/// ```
/// use grundy::input::Scanner;
/// let mut sc = Scanner::new("3\n7 x");
/// assert_eq!(sc.uint("T", 1..=5), Ok(3));
/// assert_eq!(sc.uint("n", 1..=5).unwrap_err().to_string(), "n = 7 is out of range (accepted: 1..=5)");
/// assert!(sc.uint("m", 0..=9).is_err());
/// assert!(sc.finish().is_ok());
/// ```
///
/// # Constraints
/// Integers are decimal, with an optional leading `+`; the range is inclusive.
///
/// # Complexity
/// O(input size) to split the input once; O(token length) per token.
pub struct Scanner<'a> {
    source: OnceSource<BufReader<&'a [u8]>>,
}

impl<'a> Scanner<'a> {
    /// A scanner over the tokens of `text`.
    ///
    /// ```
    /// let mut sc = grundy::input::Scanner::new("  5 ");
    /// assert_eq!(sc.uint("x", 0..=9), Ok(5));
    /// ```
    ///
    /// # Complexity
    /// O(text length).
    pub fn new(text: &'a str) -> Self {
        Scanner {
            source: OnceSource::from(text),
        }
    }

    /// The next token, or [`InputError::Missing`] naming `field`.
    ///
    /// ```
    /// let mut sc = grundy::input::Scanner::new("abc");
    /// assert_eq!(sc.token("a word"), Ok("abc"));
    /// assert!(sc.token("another").is_err());
    /// ```
    ///
    /// # Complexity
    /// O(token length).
    pub fn token(&mut self, field: impl fmt::Display) -> Result<&str, InputError> {
        self.source.next_token().ok_or_else(|| InputError::Missing {
            field: field.to_string(),
        })
    }

    /// The next token as an unsigned integer in `range`.
    ///
    /// Negative numbers, numbers too large for `u64` and numbers outside `range` are all
    /// [`InputError::OutOfRange`]; anything else that is not an integer is
    /// [`InputError::NotAnInteger`].
    ///
    /// ```
    /// use grundy::input::Scanner;
    /// let mut sc = Scanner::new("-4 1.5 99999999999999999999");
    /// assert!(sc.uint("a", 0..=9).unwrap_err().to_string().contains("out of range"));
    /// assert!(sc.uint("b", 0..=9).unwrap_err().to_string().contains("expected an integer"));
    /// assert!(sc.uint("c", 0..=u64::MAX).unwrap_err().to_string().contains("out of range"));
    /// ```
    ///
    /// # Complexity
    /// O(token length).
    pub fn uint(
        &mut self,
        field: impl fmt::Display,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        let token = match self.source.next_token() {
            Some(token) => token,
            None => {
                return Err(InputError::Missing {
                    field: field.to_string(),
                })
            }
        };
        let out_of_range = || InputError::OutOfRange {
            field: field.to_string(),
            token: token.to_string(),
            range: format!("{}..={}", range.start(), range.end()),
        };
        let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(InputError::NotAnInteger {
                field: field.to_string(),
                token: token.to_string(),
            });
        }
        let negative = token.starts_with('-') && digits.bytes().any(|b| b != b'0');
        match digits.parse::<u64>() {
            Ok(v) if !negative && range.contains(&v) => Ok(v),
            _ => Err(out_of_range()),
        }
    }

    /// Like [`Scanner::uint`], converted to `usize` (the range must fit in `usize`).
    ///
    /// ```
    /// let mut sc = grundy::input::Scanner::new("12");
    /// assert_eq!(sc.index("k", 1..=15), Ok(12usize));
    /// ```
    ///
    /// # Panics
    /// If the end of `range` does not fit in `usize`.
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

    /// Succeeds iff no token is left: announced counts must match the data.
    ///
    /// ```
    /// let mut sc = grundy::input::Scanner::new("1 2");
    /// sc.token("x").unwrap();
    /// assert!(sc.finish().is_err());
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn finish(&mut self) -> Result<(), InputError> {
        match self.source.next_token() {
            None => Ok(()),
            Some(token) => Err(InputError::Trailing {
                token: token.chars().take(20).collect(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_field_and_the_problem() {
        let mut sc = Scanner::new("0 +7 -0 18446744073709551615 18446744073709551616 1e3");
        assert_eq!(sc.uint("a", 0..=0), Ok(0));
        assert_eq!(sc.uint("b", 0..=9), Ok(7));
        assert_eq!(sc.uint("c", 0..=9), Ok(0));
        assert_eq!(sc.uint("d", 0..=u64::MAX), Ok(u64::MAX));
        assert_eq!(
            sc.uint("e", 0..=u64::MAX).unwrap_err().to_string(),
            "e = 18446744073709551616 is out of range (accepted: 0..=18446744073709551615)"
        );
        assert_eq!(
            sc.uint("f", 0..=9).unwrap_err().to_string(),
            "f: expected an integer, found `1e3`"
        );
        assert_eq!(
            sc.uint("g", 0..=9).unwrap_err().to_string(),
            "input ended early: expected g"
        );
    }

    #[test]
    fn signs_alone_are_not_integers() {
        let mut sc = Scanner::new("- +");
        assert!(matches!(
            sc.uint("a", 0..=9),
            Err(InputError::NotAnInteger { .. })
        ));
        assert!(matches!(
            sc.uint("b", 0..=9),
            Err(InputError::NotAnInteger { .. })
        ));
    }
}
