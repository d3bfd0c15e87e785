//! Pattern finding in computed Grundy values: "try small examples, find the hidden observation".
//!
//! Two jobs:
//!
//! - [`describe`] reads a sequence G(0), G(1), … and reports the shortest observed period p with
//!   its preperiod e and saltus s (G(n + p) = G(n) + s for every n >= e in the data; s = 0 is
//!   plain periodicity, s > 0 arithmetic periodicity), the P-positions (G = 0) as residues
//!   modulo the period, and, when nothing fits, the values' growth and the longest repeated
//!   run. [`describe_table`] does the same for a table over two parameters.
//! - [`guess`] goes further: from the values alone it finds a [`Rule`] that explains every
//!   given value, computes G(n) for any n, and prints itself as a formula a contestant can
//!   code (`G(n) = n mod 4`, `G(n) = Ω(n)`, `G(2n) = n, G(2n+1) = G(n)`,
//!   `G(n) = max k with k(k+1)/2 <= n`). [`guess_table`] does it for tables
//!   (`G(x, y) = x xor y`). The families tried, simplest first, are listed at [`guess`].
//!
//! A pattern is only *observed*: a conjecture from N values. [`describe`] reports one that
//! holds over at least [`MIN_REPEATS`] periods and [`MIN_SPAN`] values; [`guess`] claims a rule
//! only when it was fitted on a prefix, predicted a held-out tail exactly, and the data shows
//! the evidence its family needs (repetitions of a period, a full scale of a recursion, no
//! contradiction with the division game the values are, if they are one: see [`guess`]), and
//! refuses otherwise. Proving a rule is another matter (see [`crate::periodicity`] for the
//! theorems that certify octal and subtraction games).

mod arith;
mod band;
mod describe;
mod digit_sum;
mod digits;
mod division;
mod factor;
mod guess;
mod periodic;
mod runs;
mod table;
#[cfg(test)]
mod tests;

pub use self::describe::{
    describe, describe_table, Description, Pattern, TableDescription, MIN_REPEATS, MIN_SPAN,
};
pub use self::guess::{guess, Guess, Refusal, Rule, MIN_HELD_OUT, MIN_REPEATED, MIN_VALUES};
pub use self::table::{guess_table, TableGuess, TableRule, MIN_SIDE};

/// `values` joined by single spaces.
fn list(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
