//! Tower games on divisors: the divisor game ("Tower Breakers", lower a tower of height h to a
//! proper divisor) and the split game ("Tower Breakers, Again!", replace a tower of height X by
//! Y > 1 towers of height Z with Y · Z = X).

use crate::game::ImpartialGame;
use crate::nimber::Nimber;
use crate::primes::prime_factor_count;
use std::convert::TryFrom;

/// The Grundy value of a tower of height `h`: Ω(h), its prime factor count with multiplicity.
///
/// Why: the options of h are its proper divisors y, and Ω takes every value below Ω(h) on them
/// (drop prime factors one at a time) but never Ω(h) itself (y < h divides h), so by induction
/// the mex over the options' values is Ω(h).
///
/// ```
/// use grundy::divisor::tower_grundy;
/// use grundy::prelude::Nimber;
/// assert_eq!(tower_grundy(1), Nimber(0));
/// assert_eq!(tower_grundy(4), Nimber(2));
/// assert_eq!(tower_grundy(1_000_000_000_000_000_000), Nimber(36)); // 2^18 · 5^18
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
pub fn tower_grundy(h: u64) -> Nimber {
    assert!(h > 0, "a tower has height at least 1");
    Nimber::from(prime_factor_count(h))
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
/// use grundy::prelude::Nimber;
/// assert_eq!(split_tower_grundy(1), Nimber(0));
/// assert_eq!(split_tower_grundy(2), Nimber(1)); // two towers of 1: 0, so mex{0} = 1
/// assert_eq!(split_tower_grundy(6), Nimber(2)); // Ω(3) + 1
/// assert_eq!(split_tower_grundy(27), Nimber(3));
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
pub fn split_tower_grundy(h: u64) -> Nimber {
    assert!(h > 0, "a tower has height at least 1");
    let odd = h >> h.trailing_zeros();
    Nimber(u64::from(prime_factor_count(odd)) + u64::from(h % 2 == 0))
}

/// [`split_tower_grundy`] for many heights: a table of Ω over the odd heights up to a limit,
/// built once by a sieve, so a height within it costs a shift and a load instead of a
/// factorisation. Heights beyond the limit fall back to [`split_tower_grundy`].
///
/// ```
/// use grundy::divisor::{split_tower_grundy, SplitTowerTable};
/// let table = SplitTowerTable::new(100);
/// for h in [1, 2, 6, 27, 100, 101, 1_000_000_007] {
///     assert_eq!(table.value(h), split_tower_grundy(h));
/// }
/// ```
///
/// # Constraints
/// The table holds one byte per odd height up to `limit` (50 KB for 10^5).
///
/// # Panics
/// [`SplitTowerTable::value`] panics on height 0, as [`split_tower_grundy`] does.
///
/// # Complexity
/// [`SplitTowerTable::new`] is O(limit · log log limit); a value within the limit is O(1).
#[derive(Clone, Debug)]
pub struct SplitTowerTable {
    /// Ω(2i + 1) at index i, for 2i + 1 <= the limit.
    odd_omega: Vec<u8>,
}

impl SplitTowerTable {
    /// The table for heights 1 ..= `limit`.
    pub fn new(limit: u64) -> Self {
        let len = usize::try_from(limit.saturating_add(1) / 2).expect("the table fits in memory");
        let mut odd_omega = vec![0u8; len];
        // An odd p still at 0 when reached has no smaller odd prime factor: it is prime. Each
        // prime power q = p^k adds one to its odd multiples, so an entry ends as Ω.
        for i in 1..len {
            if odd_omega[i] != 0 {
                continue;
            }
            let p = 2 * i + 1;
            let mut q = p;
            while q / 2 < len {
                for m in (q / 2..len).step_by(q) {
                    odd_omega[m] += 1;
                }
                match q.checked_mul(p) {
                    Some(next) => q = next,
                    None => break,
                }
            }
        }
        SplitTowerTable { odd_omega }
    }

    /// [`split_tower_grundy`]`(h)`: from the table when the odd part of `h` is within it.
    pub fn value(&self, h: u64) -> Nimber {
        assert!(h > 0, "a tower has height at least 1");
        let odd = h >> h.trailing_zeros();
        let index = odd / 2;
        if index < self.odd_omega.len() as u64 {
            Nimber(u64::from(self.odd_omega[index as usize]) + u64::from(h % 2 == 0))
        } else {
            split_tower_grundy(h)
        }
    }
}

/// The divisors of `h` below `h`, by trial division: the literal moves of both games.
fn proper_divisors(h: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d <= h / d {
        if h % d == 0 {
            small.push(d);
            if d * d != h && d != 1 {
                large.push(h / d);
            }
        }
        d += 1;
    }
    small.extend(large.iter().rev());
    small.retain(|&d| d < h);
    small
}

/// The divisor game as an [`ImpartialGame`]: the position is a tower's height (at least 1), a
/// move lowers it to a proper divisor, and the value is [`tower_grundy`]. Several towers are
/// [`SumGame(Tower)`](crate::game::SumGame).
///
/// ```
/// use grundy::divisor::Tower;
/// use grundy::prelude::{ImpartialGame, Nimber};
/// assert_eq!(Tower.moves(&12), vec![1, 2, 3, 4, 6]);
/// assert_eq!(Tower.value(&12), Nimber(3));
/// ```
///
/// # Constraints
/// [`ImpartialGame::moves`] finds divisors by trial division, O(√h): it is for brute forces
/// over small heights. [`ImpartialGame::value`] takes any height from 1 to 2^64 − 1.
///
/// # Panics
/// `value` panics on height 0, as [`tower_grundy`] does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tower;

impl ImpartialGame for Tower {
    type Position = u64;

    fn moves(&self, &height: &u64) -> Vec<u64> {
        proper_divisors(height)
    }

    fn value(&self, &height: &u64) -> Nimber {
        tower_grundy(height)
    }
}

/// The split game as an [`ImpartialGame`]: the position is a list of tower heights (each at
/// least 1), a move replaces one tower of height X by Y > 1 towers of height X / Y, and the
/// value is the sum of [`split_tower_grundy`] over the towers.
///
/// ```
/// use grundy::divisor::SplitTower;
/// use grundy::prelude::{ImpartialGame, Nimber};
/// assert_eq!(SplitTower.moves(&vec![4]), vec![vec![2, 2], vec![1, 1, 1, 1]]);
/// assert_eq!(SplitTower.value(&vec![4, 6]), Nimber(1) + Nimber(2));
/// ```
///
/// # Constraints
/// [`ImpartialGame::moves`] writes out every tower a move makes: it is for brute forces over
/// small heights. Moves keep the towers in the order given and sorted where they are made, so
/// a caller that sorts positions shares the memo between equal multisets.
///
/// # Panics
/// `value` panics on a tower of height 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitTower;

impl ImpartialGame for SplitTower {
    type Position = Vec<u64>;

    fn moves(&self, towers: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut next = Vec::new();
        for (i, &height) in towers.iter().enumerate() {
            // Y towers of height Z: Z runs over the proper divisors, Y = height / Z > 1.
            for z in proper_divisors(height).into_iter().rev() {
                let mut after = towers[..i].to_vec();
                after.extend(std::iter::repeat(z).take((height / z) as usize));
                after.extend_from_slice(&towers[i + 1..]);
                next.push(after);
            }
        }
        next
    }

    fn value(&self, towers: &Vec<u64>) -> Nimber {
        towers.iter().map(|&h| split_tower_grundy(h)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{FnGame, SumGame};
    use crate::values::{grundy_table, GrundyMemo};
    use testkit::search::Search;
    use testkit::Rng;

    #[test]
    fn matches_the_mex_dp_over_divisors() {
        // State h - 1 stands for height h; moves go to the proper divisors.
        let table = grundy_table(3000, |i| {
            let h = i + 1;
            (1..h).filter(move |y| h % y == 0).map(|y| y - 1)
        });
        for (i, &g) in table.iter().enumerate() {
            assert_eq!(tower_grundy(i as u64 + 1), g, "height {}", i + 1);
        }
    }

    #[test]
    fn split_table_matches_the_factorisation_on_both_sides_of_its_limit() {
        for limit in [0, 1, 2, 3, 8, 9, 10, 97, 1000, 1001] {
            let table = SplitTowerTable::new(limit);
            for h in (1..=limit + 40).chain([u64::MAX, u64::MAX - 1, (1 << 63) + 1, 1 << 63]) {
                assert_eq!(
                    table.value(h),
                    split_tower_grundy(h),
                    "h = {} limit {}",
                    h,
                    limit
                );
            }
        }
        // Every height of a judge-sized table, prime powers and all.
        let table = SplitTowerTable::new(100_000);
        for h in 1..=100_010 {
            assert_eq!(table.value(h), split_tower_grundy(h), "h = {}", h);
        }
    }

    #[test]
    fn split_game_matches_the_mex_dp_over_divisors() {
        // State h - 1 stands for height h; Y towers of height h / Y are worth G(h / Y) for odd
        // Y and 0 for even Y.
        let mut values = vec![Nimber::ZERO; 5000];
        for h in 2..=5000usize {
            let options: Vec<Nimber> = (2..=h)
                .filter(|y| h % y == 0)
                .map(|y| {
                    if y % 2 == 1 {
                        values[h / y - 1]
                    } else {
                        Nimber::ZERO
                    }
                })
                .collect();
            values[h - 1] = crate::mex::mex(options);
        }
        for (i, &g) in values.iter().enumerate() {
            assert_eq!(split_tower_grundy(i as u64 + 1), g, "height {}", i + 1);
        }
        // 3 · 5 · 17 · 257 · 641 · 65537 · 6700417
        assert_eq!(split_tower_grundy(u64::MAX), Nimber(7));
        assert_eq!(split_tower_grundy(1 << 63), Nimber(1));
    }

    #[test]
    fn proper_divisors_are_found_literally() {
        for h in 1..500u64 {
            let literal: Vec<u64> = (1..h).filter(|d| h % d == 0).collect();
            assert_eq!(proper_divisors(h), literal, "{h}");
        }
    }

    #[test]
    fn the_games_values_match_the_search_of_their_moves() {
        let mut memo = GrundyMemo::of(Tower);
        for h in 1..400 {
            assert_eq!(Tower.value(&h), memo.value(h), "height {h}");
        }
        let towers = SumGame(Tower);
        let mut wins = Search::normal(|p: &Vec<u64>| towers.moves(p));
        let mut rng = Rng::new(71);
        for _ in 0..200 {
            let heights: Vec<u64> = (0..rng.range(1, 3)).map(|_| rng.range(1, 40)).collect();
            assert_eq!(
                towers.outcome(&heights).first_player_wins(),
                wins.mover_wins(heights.clone()),
                "{heights:?}"
            );
        }
    }

    #[test]
    fn the_split_games_value_matches_the_search_of_its_moves() {
        // Sorted positions share the memo: equal multisets of towers are one position.
        let sorted = FnGame::new(|towers: &Vec<u64>| {
            SplitTower
                .moves(towers)
                .into_iter()
                .map(|mut t| {
                    t.sort_unstable();
                    t
                })
                .collect::<Vec<_>>()
        });
        let mut memo = GrundyMemo::of(&sorted);
        let mut wins = Search::normal(|p: &Vec<u64>| sorted.moves(p));
        let mut rng = Rng::new(72);
        for h in 1..=40 {
            assert_eq!(
                SplitTower.value(&vec![h]),
                memo.value(vec![h]),
                "height {h}"
            );
        }
        for _ in 0..100 {
            let mut towers: Vec<u64> = (0..rng.range(1, 3)).map(|_| rng.range(1, 24)).collect();
            towers.sort_unstable();
            assert_eq!(
                SplitTower.outcome(&towers).first_player_wins(),
                wins.mover_wins(towers.clone()),
                "{towers:?}"
            );
        }
    }
}
