//! Judge input and output for contest binaries: a byte scanner that parses integers in one pass
//! and reports a malformed input as one line naming the field, and [`main`], which runs a
//! solution on standard input and writes its answers once the whole input is accepted (up to
//! 16 MiB of them, then as they come).
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

mod cached;
mod cases;
pub mod checker;
mod error;
mod integers;
pub mod interactive;
mod number;
mod run;
mod scanner;
mod tree;

pub use cached::Cached;
pub use cases::{Case, CaseField, Cases, Lists};
pub use error::{quote, InputError, QUOTE_LIMIT};
pub use run::{main, run_str, HOLD_LIMIT};
pub use scanner::{Scanner, MAX_INPUT};
