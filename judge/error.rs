//! Why an input was refused (or an answer could not be written), and how an error message
//! quotes the offending token.

use std::fmt;

/// The most characters of an offending token that an error message quotes. Public as part of
/// the contract these docs state; no code outside this crate needs it.
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
    /// A line (or other unit read whole) is longer than the program accepts.
    TooLong {
        /// The field being read, e.g. "line 3".
        field: String,
        /// The start of the offending text, quoted by [`quote`] (or cut with `...` when its
        /// end was not read).
        start: String,
        /// The most bytes accepted.
        max: u64,
    },
    /// A value that parses but does not describe a position of the game.
    Invalid(String),
    /// Writing the answers to standard output failed (in [`main`](crate::main)).
    Unwritable(String),
    /// An I/O error of unknown origin, from a `?` on an `std::io` call of the solution's own:
    /// neither the scanner's reads nor [`main`](crate::main)'s writes, which say which they
    /// were.
    Io(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(why) => write!(f, "cannot read the input: {}", why),
            Self::Missing { field } => write!(f, "input ended early: expected {}", field),
            Self::NotAnInteger { field, token } => {
                write!(f, "{}: expected an integer, found {}", field, token)
            }
            Self::OutOfRange {
                field,
                token,
                range,
            } => {
                write!(
                    f,
                    "{} = {} is out of range (accepted: {})",
                    field, token, range
                )
            }
            Self::Trailing { token } => {
                write!(
                    f,
                    "unexpected extra input after the last test case: {}",
                    token
                )
            }
            Self::TooLong { field, start, max } => {
                write!(f, "{} is longer than {} bytes: {}", field, max, start)
            }
            Self::Invalid(why) => f.write_str(why),
            Self::Unwritable(why) => write!(f, "cannot write the output: {}", why),
            Self::Io(why) => write!(f, "an input or output operation failed: {}", why),
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
            InputError::TooLong { start, max, .. } => InputError::TooLong {
                field: field.to_string(),
                start,
                max,
            },
            other => other,
        }
    }
}

impl std::error::Error for InputError {}

/// The error of a `?` on an I/O result in a solution: [`InputError::Io`]. (A write to the
/// answers held in memory cannot fail; a failure to write them out is
/// [`InputError::Unwritable`], from [`main`](crate::main).)
///
/// ```
/// let e = judge::InputError::from(std::io::Error::new(std::io::ErrorKind::Other, "gone"));
/// assert_eq!(e.to_string(), "an input or output operation failed: gone");
/// ```
impl From<std::io::Error> for InputError {
    fn from(e: std::io::Error) -> Self {
        InputError::Io(e.to_string())
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

/// The start of a text whose end was not read, as [`quote`] shows a cut token but without its
/// length: `head` (at most [`QUOTE_LIMIT`] bytes) followed by `...`.
pub(crate) fn quote_start(head: &[u8]) -> String {
    let shown = quote_cut(head, 0);
    format!("{}...`", &shown[..shown.len() - 1])
}

/// [`quote`] given the token's first bytes (at most [`QUOTE_LIMIT`]) and its whole length.
pub(crate) fn quote_cut(head: &[u8], len: u64) -> String {
    let mut shown = String::from("`");
    for &b in head {
        if b.is_ascii_graphic() || b == b' ' {
            shown.push(b as char);
        } else {
            shown += &format!("\\x{:02X}", b);
        }
    }
    if len > QUOTE_LIMIT as u64 {
        shown += &format!("...` ({} bytes)", len);
    } else {
        shown.push('`');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    #[test]
    fn an_io_error_from_a_question_mark_is_not_called_a_write_failure() {
        // What a `?` on a failed read gives: nothing says the output was being written.
        let e = InputError::from(io::Error::new(io::ErrorKind::Other, "disk on fire"));
        assert!(!e.to_string().contains("write"), "{}", e);
        assert!(e.to_string().contains("disk on fire"), "{}", e);
    }

    #[test]
    fn a_failed_read_inside_a_solve_is_not_called_a_write_failure() {
        fn solve(_: &mut crate::Scanner, _: &mut Vec<u8>) -> Result<(), InputError> {
            let mut byte = [0u8];
            io::Read::read(&mut Broken, &mut byte)?;
            Ok(())
        }
        struct Broken;
        impl io::Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::Other, "disk on fire"))
            }
        }
        let e = crate::run_str(solve, "").unwrap_err();
        assert!(!e.to_string().contains("cannot write"), "{}", e);
    }
}
