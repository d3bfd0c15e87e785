//! Test support for the problems (dev-only: it never reaches the library's API nor a bundle).
//!
//! A problem's test module states three things about its game, by implementing [`Problem`]: a
//! generator of random valid test cases, how cases are written as one judge input, and a brute
//! force (a literal game-tree search, see [`search`]) that answers one case, keeping its memo
//! in the problem value between calls. Then [`problem_tests!`] writes the tests every problem
//! has:
//!
//! - `agrees_with_brute_force`: `Problem::INPUTS` seeded random inputs, fast `solve` against the
//!   brute force, with the first difference reported and the input shrunk;
//! - `testcases`: every `testcases/NAME/*.in` in-process against its `.out`;
//! - `survives_hostile_input`: hostile inputs give an answer or a one-line refusal, never a panic;
//! - `accepts_max_input`: the judge's largest input ([`Problem::max_cases`]) is answered, not
//!   refused (its answer unchecked);
//! - `refuses_malformed_input`: the problem's own list of inputs and the messages they must get;
//! - `stress` (ignored; run by the `stress` tool): the same comparison for a number of inputs or
//!   seconds read from the environment, saving a shrunk counterexample as a testcase; or, with
//!   `stress --reference`, our program against a reference program, both run by the tool
//!   ([`reference`](mod@reference)).
//!
//! The crate, one job per module: [`Problem`] (what a test knows of the game), [`Harness`]
//! (the unit tests), the shrinker, the stress loop ([`Harness::stress`]), [`first_difference`]
//! (the one output comparison), [`Rng`], [`random_tree`] and [`random_octal_digits`], [`search`]
//! and [`moves`] (literal moves of heap lists and trees), [`cycles`] (win, lose or draw where
//! moves can cycle).
//!
//! ```
//! use testkit::{Problem, Rng};
//! #[derive(Default)]
//! struct Double;
//! impl Problem for Double {
//!     type Case = u64;
//!     fn case(rng: &mut Rng, size: u64) -> u64 { rng.range(0, size) }
//!     fn input(cases: &[u64]) -> String {
//!         let mut text = format!("{}\n", cases.len());
//!         cases.iter().for_each(|c| text += &format!("{}\n", c));
//!         text
//!     }
//!     fn brute(&mut self, case: &u64) -> String { format!("{}\n", case + case) }
//! }
//! fn fast(input: &str) -> Result<String, String> {
//!     Ok(input.split_whitespace().skip(1).map(|t| format!("{}\n", 2 * t.parse::<u64>().unwrap())).collect())
//! }
//! let mut harness = testkit::Harness::<Double>::new("double", "/nowhere", fast);
//! assert!(harness.find_failure(0, 100, 8).is_none());
//! ```

#![warn(missing_docs)]

mod bound;
pub mod cycles;
mod difference;
#[cfg(test)]
mod fixtures;
mod harness;
pub mod interactive;
pub mod moves;
mod problem;
mod problem_tests;
pub mod reference;
mod rng;
pub mod search;
mod shrink;
mod stress;
pub mod values;

pub use difference::first_difference;
pub use harness::{Failure, Harness, SolveText};
pub use judge;
pub use problem::{counted_lists, exact, shorter_lists, Problem};
pub use rng::{random_octal_digits, random_tree, Rng};
pub use stress::input_size as stress_input_size;
pub use stress::{
    StressLimit, StressOutcome, StressRequest, StressSettings, MAX_SAVED_BYTES, MAX_SECONDS,
    MAX_SIZE, STRESS_ITERS, STRESS_REPORT, STRESS_SECONDS, STRESS_SEED, STRESS_SIZE,
    STRESS_TERMINAL,
};
