//! The `grundy` analyzer: its octal-game runs ([`analyzer`]), `describe` ([`describe`], drawn
//! by [`plot`]), `hackenbush` and `partizan` ([`partizan`]); two cores for octal games
//! ([`threads`]) and for Grundy's game ([`grundys_threads`]).

pub mod analyzer;
pub mod describe;
pub mod grundys_threads;
pub mod partizan;
pub mod plot;
pub mod threads;
