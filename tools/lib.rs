//! The contestant's tools, as a library their binaries share: where the problems are
//! ([`workspace`], read once) and what they declare in their manifest ([`manifest`], read and
//! edited), the `grundy` analyzer's runs ([`analyzer`]), the judges' compilers and limits
//! ([`judges`]), the bundler ([`bundle`], with its syntax check [`msrv`]), what `new` needs:
//! Competitive Companion's problems ([`companion`]), the local endpoint they arrive on
//! ([`listener`]) and the writer of a new problem ([`scaffold`]); the `stress` tool's
//! driver ([`stress`]) and its comparison with a reference program ([`compare`]), `play`
//! against an interactive jury ([`play`]) and the analyzer's `describe` ([`describe`], drawn by
//! [`plot`]), `hackenbush` and `partizan` ([`partizan`]); their command lines ([`cli`]: a usage error is one line).

pub mod analyzer;
pub mod bundle;
pub mod cli;
pub mod companion;
pub mod compare;
pub mod describe;
pub mod judges;
pub mod listener;
pub mod manifest;
pub mod msrv;
pub mod partizan;
pub mod play;
pub mod plot;
pub mod runner;
pub mod scaffold;
pub mod stress;
pub mod workspace;
