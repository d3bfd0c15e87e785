//! The sandbox: how the tools run a program they did not write. A child process bounded in
//! time, output and memory, its whole process tree ended ([`exec`], [`tree`], and the marks that find it wherever it moved); cargo's builds
//! and metadata ([`cargo`]); a case's time and memory limits ([`limits`]). The runner, `stress`,
//! `compare`, `play` and the benches all run programs through here.

pub mod cargo;
pub mod exec;
pub mod limits;
mod marks;
mod pipes;
pub mod tree;
