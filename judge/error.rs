//! Why an input was refused (or an answer could not be written), and how an error message
//! quotes the offending token.

use std::fmt;

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
pub(crate) fn quote_cut(head: &[u8], len: u64) -> String {
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

#[cold]
pub(crate) fn missing(field: impl fmt::Display) -> InputError {
    InputError::Missing {
        field: field.to_string(),
    }
}
