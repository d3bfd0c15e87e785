//! The naive method: every split (a, m − a) of every value.

use super::moves::{push_value, Moves};
use super::{OctalCode, Solver, ValueTooLarge};
use crate::mex::MexBuffer;

/// The naive method: each value looks at every option, Θ(n) split pairs for heap n.
///
/// The simplest and smallest method; the right one for games without split moves (subtraction
/// games, where it is O(k) per value) and the reference the others are tested against.
///
/// ```
/// use grundy::octal::{Naive, Solver};
/// let mut dawson = Naive::new("0.07".parse().unwrap());
/// dawson.extend_to(6).unwrap();
/// assert_eq!(dawson.values(), &[0, 0, 1, 1, 2, 0]);
/// ```
///
/// # Complexity
/// Θ(n · s) for value n with s split digits, so Θ(N² · s) for N values; 2 bytes a value.
#[derive(Clone, Debug)]
pub struct Naive {
    code: OctalCode,
    moves: Moves,
    values: Vec<u16>,
    seen: MexBuffer,
}

impl Naive {
    /// The game of `code`, no value computed yet.
    ///
    /// ```
    /// use grundy::octal::{Naive, Solver};
    /// assert!(Naive::new("0.77".parse().unwrap()).is_empty());
    /// ```
    ///
    /// # Complexity
    /// O(k) for a code of k digits.
    pub fn new(code: OctalCode) -> Self {
        Naive {
            moves: Moves::new(&code),
            code,
            values: Vec::new(),
            seen: MexBuffer::new(64),
        }
    }
}

impl Solver for Naive {
    fn code(&self) -> &OctalCode {
        &self.code
    }

    fn values(&self) -> &[u16] {
        &self.values
    }

    fn push_next(&mut self) -> Result<u64, ValueTooLarge> {
        self.seen.clear();
        let work = self.moves.insert_unsplit(&self.values, &mut self.seen)
            + self.moves.insert_every_split(&self.values, &mut self.seen);
        let g = self.seen.mex();
        push_value(&mut self.values, &mut self.seen, g)?;
        Ok(work)
    }

    fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
    }

    fn reserve(&mut self, additional: usize) {
        self.values.reserve_exact(additional);
    }
}
