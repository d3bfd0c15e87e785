//! Partizan games: Left and Right have different moves, and a position's value is a number,
//! a number plus a nimber, or a hotter game.
//!
//! - [`dyadic`]: exact dyadic rationals in 64 bits ([`Dyadic`](dyadic::Dyadic)) and the
//!   simplest-number rule ([`simplest_between`](dyadic::simplest_between));
//! - [`games`]: canonical forms of short games in an arena ([`Games`](games::Games)), with
//!   sums, negation, comparison and the outcome class ([`OutcomeClass`](games::OutcomeClass));
//! - [`big`]: dyadics of any length ([`BigDyadic`](big::BigDyadic)), for values with tens of
//!   thousands of binary digits;
//! - [`hackenbush`]: Blue-Red(-Green) Hackenbush: stalks by the sign expansion, trees of any
//!   size by the number rules, small graphs through canonical forms;
//! - [`loopy`]: partizan games on graphs with cycles: win, lose or draw per position and
//!   player to move.
//!
//! Sources: Berlekamp, Conway and Guy, *Winning Ways*, chapters 1–2; Conway, *On Numbers and
//! Games* (ONAG); Siegel, *Combinatorial Game Theory* (CGT). Impartial games are the special
//! case where both players have the same options; for them the rest of this crate, with
//! Grundy values, is the fast path.

pub mod big;
pub mod dyadic;
pub mod games;
pub mod hackenbush;
mod hash;
pub mod loopy;
mod names;
