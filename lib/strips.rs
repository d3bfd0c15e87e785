//! Strip-laying games (POI 2000 "Stripes", PEG-O-Stripes): a move lays a strip of one of the
//! allowed lengths on consecutive empty cells of a row.
//!
//! Laying a strip of length s in an empty run removes s cells and leaves zero, one or two
//! shorter runs, so the game is the octal game with digit 7 at every allowed length
//! ({2} is Dawson's Kayles 0.07, {1, 2} is Kayles 0.77). A board with several empty runs is
//! their disjunctive sum.

use crate::nimber::Nimber;
use crate::octal::{Certifier, OctalCode, OctalCodeError, Solver};

/// The octal code of the strip game with the given strip lengths (duplicates allowed).
///
/// ```
/// use grundy::strips::strip_code;
/// assert_eq!(strip_code(&[2]).unwrap().to_string(), "0.07");
/// assert_eq!(strip_code(&[1, 5, 1]).unwrap().to_string(), "0.70007");
/// ```
///
/// # Constraints
/// Lengths from 1 to [`crate::octal::MAX_CODE_LEN`].
///
/// # Complexity
/// O(longest strip).
pub fn strip_code(lengths: &[usize]) -> Result<OctalCode, OctalCodeError> {
    OctalCode::from_positions(lengths, 7)
}

/// The Grundy value of a board whose empty runs have the given lengths: the XOR of the runs'
/// values, or `None` if some run is beyond what `game` has computed or certified.
///
/// ```
/// use grundy::octal::{Certifier, RareValue};
/// use grundy::strips::{runs_value, strip_code};
/// let mut game = Certifier::new(RareValue::new(strip_code(&[2]).unwrap()));
/// game.extend_to(10).unwrap();
/// assert_eq!(runs_value(&game, &[4, 4]), Some(grundy::Nimber(0)));
/// assert_eq!(runs_value(&game, &[100]), None);
/// ```
///
/// # Complexity
/// O(number of runs).
pub fn runs_value<S: Solver>(game: &Certifier<S>, runs: &[u64]) -> Option<Nimber> {
    runs.iter().map(|&r| game.value(r)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::RareValue;
    use testkit::search::mover_wins_laying_strips as mover_wins_by_search;
    use testkit::Rng;

    #[test]
    fn boards_with_several_runs_match_bitmask_search() {
        let mut rng = Rng::new(2000);
        for _ in 0..40 {
            let lengths: Vec<u32> = (0..3).map(|_| rng.range(1, 5) as u32).collect();
            let as_usize: Vec<usize> = lengths.iter().map(|&l| l as usize).collect();
            let mut game = Certifier::new(RareValue::new(strip_code(&as_usize).unwrap()));
            game.extend_to(15).unwrap();
            let cells = 14;
            for _ in 0..30 {
                // A random pre-covered pattern splits the row into runs.
                let covered =
                    (rng.next_u64() as u32) & (rng.next_u64() as u32) & ((1 << cells) - 1);
                let runs: Vec<u64> = (0..cells)
                    .collect::<Vec<u32>>()
                    .split(|&c| covered >> c & 1 == 1)
                    .map(|run| run.len() as u64)
                    .collect();
                let by_values = !runs_value(&game, &runs).unwrap().is_zero();
                assert_eq!(
                    by_values,
                    mover_wins_by_search(cells, covered, &lengths),
                    "{lengths:?} {covered:b}"
                );
            }
        }
    }
}
