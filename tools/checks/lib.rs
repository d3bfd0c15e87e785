//! The contestant's checks: the `stress` tool's driver ([`stress`]) and its comparison with a
//! reference program ([`compare`]), and `play` against an interactive jury ([`play`]).

pub mod compare;
pub mod play;
pub mod stress;

use model::{judges, manifest, workspace};
