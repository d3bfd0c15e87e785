//! Sprague–Grundy helpers for impartial games, small enough to paste into a judge.
//!
//! Layers, bottom to top:
//! - leaves: [`mex`](mod@mex), [`periodicity`], [`primes`], [`outcome`], [`input`], [`rng`];
//! - engines: [`nim`], [`grundy`](mod@grundy), and the judge harness [`judge`];
//! - game families: [`octal`], [`subtraction`], [`strips`], [`divisor`], [`knights`],
//!   [`take_vectors`].
//!
//! The binaries in `problems/` and `tools/` sit on top. No module imports a binary's code, and
//! nothing here prints.

#![warn(missing_docs)]

pub mod divisor;
pub mod grundy;
pub mod input;
pub mod judge;
pub mod knights;
pub mod mex;
pub mod nim;
pub mod octal;
pub mod outcome;
pub mod periodicity;
pub mod primes;
pub mod rng;
pub mod strips;
pub mod subtraction;
pub mod take_vectors;

pub use crate::grundy::{grundy_table, sum_value, GrundyMemo};
pub use crate::mex::{mex, MexBuffer};
pub use crate::nim::{misere_nim_outcome, nim_sum, nim_sum_of_copies, winning_moves, NimMove};
pub use crate::outcome::Outcome;
