//! Sprague–Grundy helpers for impartial games, small enough to paste into a judge.
//!
//! Layers, bottom to top: leaf modules ([`mex`], [`periodicity`], [`rng`], [`input`],
//! [`outcome`]); the judge harness ([`judge`]); the engines ([`nim`], [`grundy`](mod@grundy)); the game families built on them
//! ([`octal`], [`subtraction`], [`strips`], [`divisor`], [`knights`], [`take_vectors`]). The
//! binaries in `problems/` and `tools/` sit on top; nothing here prints.

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
