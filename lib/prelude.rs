//! What a solve starts from: `use grundy::prelude::*;` brings the value type, the outcome,
//! the game trait, the table and memo that compute values, and Nim's sum.
//!
//! ```
//! use grundy::prelude::*;
//! // Take 1 to 3 from any of several heaps: each heap is worth n mod 4.
//! let table = grundy_table(10, |x| (1..=3).filter(move |&t| t <= x).map(move |t| x - t));
//! let value: Nimber = [3, 4, 5].iter().map(|&h| table[h]).sum();
//! assert_eq!(Outcome::from_grundy(value).pick("First", "Second"), "First");
//! assert_eq!(nim_sum([3, 4, 5]), Nimber(2));
//! ```
//!
//! It re-exports items only: a bundle that uses it carries their small modules (nimber,
//! outcome, game, values, mex, nim), not the game families.

pub use crate::game::ImpartialGame;
pub use crate::mex::{mex, mex_few, MexBuffer};
pub use crate::nim::nim_sum;
pub use crate::nimber::Nimber;
pub use crate::outcome::Outcome;
pub use crate::values::{grundy_table, GrundyMemo};
