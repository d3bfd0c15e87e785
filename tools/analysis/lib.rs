//! The `grundy` analyzer: its octal-game runs ([`analyzer`]), `describe` ([`describe`], drawn
//! by [`plot`]), `hackenbush` and `partizan` ([`partizan`]).

pub mod analyzer;
pub mod describe;
pub mod partizan;
pub mod plot;
pub mod threads;
