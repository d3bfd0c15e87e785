//! The workspace model every tool shares: where the problems are ([`workspace`], read once),
//! what they declare in their manifest ([`manifest`], read and edited), the judges' compilers
//! and limits ([`judges`]), and the tools' command lines ([`cli`]: a usage error is one line).

pub mod cli;
pub mod judges;
pub mod manifest;
pub mod workspace;
