//! Heaps from which a move takes exactly one fixed number of objects (the piles of RESN04):
//! play is forced, so only the number of moves matters.

/// The Grundy value of a heap of `heap` objects when the only move takes exactly `take`
/// objects: ⌊heap / take⌋ mod 2.
///
/// Why: every move is forced, so the game lasts exactly ⌊heap / take⌋ moves and the values
/// alternate 0, 1, 0, … along the only line of play (the mex of {0} is 1, of {1} is 0).
///
/// ```
/// use grundy::take_exactly::take_exactly_value;
/// assert_eq!(take_exactly_value(5, 2), 0); // two moves
/// assert_eq!(take_exactly_value(7, 3), 0);
/// assert_eq!(take_exactly_value(9, 3), 1);
/// assert_eq!(take_exactly_value(1, 2), 0);
/// ```
///
/// # Panics
/// If `take` is 0.
///
/// # Complexity
/// O(1).
pub fn take_exactly_value(heap: u64, take: u64) -> u64 {
    assert!(take > 0, "a move takes at least one object");
    (heap / take) % 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_exactly_values_match_the_mex_dp() {
        for take in 1..12usize {
            let table =
                crate::grundy::grundy_table(
                    200,
                    |n| if n >= take { vec![n - take] } else { vec![] },
                );
            for (n, &g) in table.iter().enumerate() {
                assert_eq!(
                    take_exactly_value(n as u64, take as u64),
                    u64::from(g),
                    "{n} {take}"
                );
            }
        }
    }
}
