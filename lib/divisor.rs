//! The divisor game ("Tower Breakers"): a tower of height h may be lowered to any proper divisor
//! y of h with y >= 1.

use crate::primes::prime_factor_count;

/// The Grundy value of a tower of height `h`: Ω(h), its prime factor count with multiplicity.
///
/// Why: the options of h are its proper divisors y, and Ω takes every value below Ω(h) on them
/// (drop prime factors one at a time) but never Ω(h) itself (y < h divides h), so by induction
/// the mex over the options' values is Ω(h).
///
/// ```
/// use grundy::divisor::tower_grundy;
/// assert_eq!(tower_grundy(1), 0);
/// assert_eq!(tower_grundy(4), 2);
/// assert_eq!(tower_grundy(1_000_000_000_000_000_000), 36); // 2^18 · 5^18
/// ```
///
/// # Constraints
/// `h >= 1`: a tower of height 0 is not a position of the game.
///
/// # Panics
/// If `h` is 0.
///
/// # Complexity
/// That of [`prime_factor_count`]: expected O(h^(1/4) · log h).
pub fn tower_grundy(h: u64) -> u64 {
    assert!(h > 0, "a tower has height at least 1");
    u64::from(prime_factor_count(h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::grundy_table;

    #[test]
    fn matches_the_mex_dp_over_divisors() {
        // State h - 1 stands for height h; moves go to the proper divisors.
        let table = grundy_table(3000, |i| {
            let h = i + 1;
            (1..h).filter(move |y| h % y == 0).map(|y| y - 1)
        });
        for (i, &g) in table.iter().enumerate() {
            assert_eq!(tower_grundy(i as u64 + 1), u64::from(g), "height {}", i + 1);
        }
    }
}
