//! Finite subtraction games: a move takes s objects from one heap, for s in a fixed set S.
//!
//! Such a game is the octal game with digit 3 at every s ∈ S, and its values G(n) depend only on
//! the window of the last max S values, so a window that repeats p later proves period p
//! ([`PeriodRule::window`]); every finite subtraction game is eventually periodic.

use crate::octal::{Certifier, Naive, OctalCode, OctalCodeError};
use crate::periodicity::PeriodRule;

/// The octal code of the subtraction game S: digit 3 (take s, leave nothing or one heap) at each s.
///
/// ```
/// use grundy::subtraction::subtraction_code;
/// assert_eq!(subtraction_code(&[1, 3, 4]).unwrap().to_string(), "0.3033");
/// assert!(subtraction_code(&[0]).is_err());
/// ```
///
/// # Constraints
/// Every s >= 1 and at most [`crate::octal::MAX_CODE_LEN`].
///
/// # Complexity
/// O(max S).
pub fn subtraction_code(set: &[usize]) -> Result<OctalCode, OctalCodeError> {
    OctalCode::from_positions(set, 3)
}

/// The subtraction game S, certified by the window rule (N >= e + p + max S). It has no
/// split moves, so the naive method is the fastest one: O(|S|) a value.
///
/// ```
/// use grundy::octal::Limits;
/// use grundy::subtraction::subtraction_game;
/// let mut game = subtraction_game(&[1, 3, 4]).unwrap();
/// let p = game.run(Limits::up_to(1000), |_| {}).unwrap().unwrap();
/// assert_eq!((p.period, p.preperiod), (7, 0));
/// assert_eq!(&game.values()[..7], &[0, 1, 0, 1, 2, 3, 2]);
/// ```
///
/// # Constraints
/// As for [`subtraction_code`].
///
/// # Complexity
/// O(|S|) per value.
pub fn subtraction_game(set: &[usize]) -> Result<Certifier<Naive>, OctalCodeError> {
    let code = subtraction_code(set)?;
    let rule = PeriodRule::window(code.last_move());
    Ok(Certifier::with_rule(Naive::new(code), rule))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::grundy_table;
    use testkit::Rng;

    #[test]
    fn values_and_periods_match_the_mex_dp() {
        let mut rng = Rng::new(31);
        for _ in 0..100 {
            let mut set: Vec<usize> = (0..rng.range(1, 4))
                .map(|_| rng.range(1, 9) as usize)
                .collect();
            set.sort_unstable();
            set.dedup();
            let mut game = subtraction_game(&set).unwrap();
            let period = game
                .run(crate::octal::Limits::up_to(10_000), |_| {})
                .unwrap()
                .expect("subtraction games are periodic");
            let table = grundy_table(2000, |x| {
                set.iter().filter(move |&&s| s <= x).map(move |&s| x - s)
            });
            for (n, &v) in table.iter().enumerate() {
                assert_eq!(game.value(n as u64), Some(v), "{set:?} {period:?} at {n}");
            }
        }
    }

    #[test]
    fn bad_sets_are_refused() {
        assert!(subtraction_code(&[2, 0])
            .unwrap_err()
            .to_string()
            .contains("at least one"));
        assert!(subtraction_code(&[crate::octal::MAX_CODE_LEN + 1]).is_err());
    }
}
