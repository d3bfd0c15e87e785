//! What `new` needs: Competitive Companion's problems ([`companion`]), the local endpoint they
//! arrive on ([`listener`]) and the writer of a new problem ([`scaffold`]).

pub mod companion;
pub mod listener;
pub mod scaffold;

use model::{judges, manifest, workspace};
