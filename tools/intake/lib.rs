//! What `new` needs: Competitive Companion's problems ([`companion`]), the local endpoint they
//! arrive on ([`listener`]), the writer of a new problem ([`scaffold`]) and `new --listen`'s
//! session ([`session`]).

pub mod companion;
pub mod listener;
pub mod scaffold;
pub mod session;

use model::{judges, manifest, workspace};
