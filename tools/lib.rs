//! The contestant's tools, as a library their binaries share: where the problems are and what
//! they declare ([`workspace`]), the `grundy` analyzer's runs ([`analyzer`]), the judges' compilers and limits ([`judges`]), and the bundler
//! ([`bundle`], with its syntax check [`msrv`]), and Competitive Companion's problems
//! ([`companion`], read by [`json`]).

pub mod analyzer;
pub mod bundle;
pub mod companion;
pub mod json;
pub mod judges;
pub mod msrv;
pub mod workspace;
