//! What every method shares: a code's moves split by what they leave, the options that leave
//! at most one heap, the full scan of split options, and the checked append of a value.

use super::{OctalCode, ValueTooLarge};
use crate::mex::MexBuffer;

/// A code's move sizes by what they may leave: nothing, one heap, two heaps.
#[derive(Clone, Debug)]
pub(super) struct Moves {
    take_all: Vec<usize>,
    leave_one: Vec<usize>,
    pub(super) split: Vec<usize>,
}

impl Moves {
    pub(super) fn new(code: &OctalCode) -> Self {
        Moves {
            take_all: code.moves_with(1),
            leave_one: code.moves_with(2),
            split: code.moves_with(4),
        }
    }

    /// Marks in `seen` the options of heap n = `g.len()` that leave at most one heap, and
    /// returns how many moves it looked at.
    #[inline]
    pub(super) fn insert_unsplit(&self, g: &[u16], seen: &mut MexBuffer) -> u64 {
        let n = g.len();
        // Both lists are sorted (`OctalCode::moves_with`): a code of many moves, as long as
        // the heap or longer, visits only the moves that fit.
        if self.take_all.binary_search(&n).is_ok() {
            seen.insert(0);
        }
        let fitting = self.leave_one.partition_point(|&j| j < n);
        seen.insert_all(
            self.leave_one[..fitting]
                .iter()
                .map(|&j| usize::from(g[n - j])),
        );
        (self.take_all.len() + self.leave_one.len()) as u64
    }

    /// Marks in `seen` every split option of heap n = `g.len()`: Θ(n) pairs per split digit.
    /// Returns how many pairs it visited.
    #[inline]
    pub(super) fn insert_every_split(&self, g: &[u16], seen: &mut MexBuffer) -> u64 {
        let n = g.len();
        let mut pairs_visited = 0;
        for &j in &self.split {
            if n >= j + 2 {
                let m = n - j;
                let pairs = m / 2;
                pairs_visited += pairs as u64;
                // The pairs (a, m − a), the two halves of the row zipped by index.
                let (left, right) = (&g[1..=pairs], &g[m - pairs..m]);
                seen.insert_all((0..pairs).map(|i| usize::from(left[i] ^ right[pairs - 1 - i])));
            }
        }
        pairs_visited
    }
}

/// Appends G(n) = `g` for n = `values.len()`, or refuses a value above 65535; keeps `seen`
/// large enough for every XOR of two values.
///
/// # Panics
/// If n exceeds `u32::MAX` (positions are stored as `u32`).
#[inline]
pub(super) fn push_value(
    values: &mut Vec<u16>,
    seen: &mut MexBuffer,
    g: usize,
) -> Result<u16, ValueTooLarge> {
    let n = values.len();
    assert!(
        n <= u32::MAX as usize,
        "octal: positions beyond u32 are not supported"
    );
    if g > u16::MAX as usize {
        return Err(ValueTooLarge { position: n });
    }
    values.push(g as u16);
    // 2^(bits of g) + 1 slots hold every XOR of two values up to g.
    seen.reserve(2 * (g + 1).next_power_of_two() + 1);
    Ok(g as u16)
}
