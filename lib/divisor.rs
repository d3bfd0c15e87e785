//! Tower games on divisors: the divisor game ("Tower Breakers", lower a tower of height h to a
//! proper divisor) and the split game ("Tower Breakers, Again!", replace a tower of height X by
//! Y > 1 towers of height Z with Y · Z = X).

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

/// The Grundy value of a tower of height `h` in the split game: a move replaces a tower of
/// height X by Y > 1 equal towers of height X / Y. The value is Ω(m) + [h even], where m is the
/// odd part of h (h = 2^a · m) and Ω counts prime factors with multiplicity.
///
/// Why: Y equal towers are worth G(X / Y) when Y is odd and 0 when Y is even (equal games
/// cancel in pairs). By induction on h:
/// - h odd: every Y is odd, so the options are G(h / Y) = Ω(h / Y) for the divisors Y > 1,
///   which take every value 0, 1, …, Ω(h) − 1 (Y removes one or more prime factors) and never
///   Ω(h); the mex is Ω(h).
/// - h even: Y = 2 gives the option 0; the odd Y > 1 divide m and give
///   G(2^a · m / Y) = Ω(m / Y) + 1, every value 1, …, Ω(m); an even Y always gives 0. So the
///   options are exactly 0, 1, …, Ω(m), and the mex is Ω(m) + 1.
///
/// ```
/// use grundy::divisor::split_tower_grundy;
/// assert_eq!(split_tower_grundy(1), 0);
/// assert_eq!(split_tower_grundy(2), 1); // two towers of 1: 0, so mex{0} = 1
/// assert_eq!(split_tower_grundy(6), 2); // Ω(3) + 1
/// assert_eq!(split_tower_grundy(27), 3);
/// ```
///
/// # Constraints
/// `h >= 1`.
///
/// # Panics
/// If `h` is 0.
///
/// # Complexity
/// That of [`prime_factor_count`] on the odd part of `h`.
pub fn split_tower_grundy(h: u64) -> u64 {
    assert!(h > 0, "a tower has height at least 1");
    let odd = h >> h.trailing_zeros();
    u64::from(prime_factor_count(odd)) + u64::from(h % 2 == 0)
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

    #[test]
    fn split_game_matches_the_mex_dp_over_divisors() {
        // State h - 1 stands for height h; Y towers of height h / Y are worth G(h / Y) for odd
        // Y and 0 for even Y.
        let mut values = vec![0u64; 5000];
        for h in 2..=5000usize {
            let options: Vec<usize> = (2..=h)
                .filter(|y| h % y == 0)
                .map(|y| {
                    if y % 2 == 1 {
                        values[h / y - 1] as usize
                    } else {
                        0
                    }
                })
                .collect();
            values[h - 1] = crate::mex::mex(options) as u64;
        }
        for (i, &g) in values.iter().enumerate() {
            assert_eq!(split_tower_grundy(i as u64 + 1), g, "height {}", i + 1);
        }
        assert_eq!(split_tower_grundy(u64::MAX), 7); // 3 · 5 · 17 · 257 · 641 · 65537 · 6700417
        assert_eq!(split_tower_grundy(1 << 63), 1);
    }
}
