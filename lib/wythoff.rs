//! Wythoff's game: two heaps; a move takes any positive number from one heap, or the same
//! positive number from both. The player who cannot move (both heaps empty) loses.
//!
//! Wythoff's theorem (W. A. Wythoff, 1907): the losing positions (P-positions) are (0, 0) and
//! the pairs (a_k, b_k), (b_k, a_k) for k ≥ 1 with a_k = ⌊kφ⌋ and b_k = ⌊kφ²⌋ = a_k + k,
//! φ = (1 + √5)/2. By Beatty's theorem the a_k and the b_k together take every positive
//! integer exactly once, so every heap size n ≥ 1 has exactly one *partner* m with (n, m) a
//! P-position ([`losing_partner`]).
//!
//! Everything here is exact integer arithmetic, for every `u64` heap, without floating point:
//! ⌊n/φ⌋ is the largest x with x² + nx ≤ n² (as 1/φ is the positive root of t² + t − 1), found
//! bit by bit in `u128`; then ⌊kφ⌋ = k + ⌊k/φ⌋. The index of a heap size n is ⌊n/φ⌋ + 1 when
//! n is a lower value a_j and n − ⌊n/φ⌋ when it is an upper value b_i.

use crate::outcome::Outcome;

/// ⌊n/φ⌋, exactly: the largest x with x² + n·x ≤ n² (1/φ is irrational for n ≥ 1, so the
/// bound is never met with equality).
fn floor_div_phi(n: u64) -> u64 {
    let n = u128::from(n);
    let square = n * n;
    let mut x: u128 = 0;
    for bit in (0..64).rev() {
        // x has no bit at or below `bit` yet: try setting it.
        let t = x + (1 << bit);
        // t < 2^64 and n < 2^64, so t·t and t·n fit; only their sum may overflow.
        if let Some(value) = (t * t).checked_add(t * n) {
            if value <= square {
                x = t;
            }
        }
    }
    x as u64
}

/// The k-th P-position (a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋) with a_k < b_k = a_k + k (k = 0 gives
/// (0, 0)), or `None` when b_k does not fit in a `u64` (k above about 7.05·10^18).
///
/// ```
/// use grundy::wythoff::p_position;
/// assert_eq!(p_position(0), Some((0, 0)));
/// assert_eq!(p_position(1), Some((1, 2)));
/// assert_eq!(p_position(4), Some((6, 10)));
/// assert_eq!(p_position(1_000_000_000_000_000_000),
///            Some((1_618_033_988_749_894_848, 2_618_033_988_749_894_848)));
/// assert_eq!(p_position(u64::MAX), None);
/// ```
///
/// # Complexity
/// O(64) `u128` operations.
pub fn p_position(k: u64) -> Option<(u64, u64)> {
    let a = k.checked_add(floor_div_phi(k))?;
    Some((a, a.checked_add(k)?))
}

/// The partner of heap size `n`: the one m with (n, m) a P-position (losing for the player to
/// move), or `None` when that m does not fit in a `u64`. The partner of 0 is 0.
///
/// ```
/// use grundy::wythoff::losing_partner;
/// assert_eq!(losing_partner(0), Some(0));
/// assert_eq!(losing_partner(1), Some(2));
/// assert_eq!(losing_partner(2), Some(1));
/// assert_eq!(losing_partner(7), Some(4));
/// assert_eq!(losing_partner(u64::MAX - 1), None); // a lower value: its partner is larger
/// ```
///
/// # Complexity
/// O(64) `u128` operations.
pub fn losing_partner(n: u64) -> Option<u64> {
    if n == 0 {
        return Some(0);
    }
    let below = floor_div_phi(n);
    // n = a_j exactly for j = ⌊n/φ⌋ + 1 if n is a lower value (a_j − 1 < jφ − 1 < n < jφ).
    let j = below + 1;
    if j.checked_add(floor_div_phi(j)) == Some(n) {
        return n.checked_add(j);
    }
    // Otherwise n = b_i with i = n − ⌊n/φ⌋ (Beatty: the lower and upper values up to n number
    // n together, and ⌊n/φ⌋ of them are lower), so its partner a_i = b_i − i is ⌊n/φ⌋.
    Some(below)
}

/// Who wins from (x, y): the second player exactly at the P-positions.
///
/// ```
/// use grundy::prelude::Outcome;
/// use grundy::wythoff::outcome;
/// assert_eq!(outcome(0, 0), Outcome::SecondPlayerWins);
/// assert_eq!(outcome(5, 3), Outcome::SecondPlayerWins);
/// assert_eq!(outcome(4, 8), Outcome::FirstPlayerWins);
/// let (a, b) = (1_618_033_988_749_894_848, 2_618_033_988_749_894_848);
/// assert_eq!(outcome(a, b), Outcome::SecondPlayerWins);
/// ```
///
/// # Complexity
/// O(64) `u128` operations.
pub fn outcome(x: u64, y: u64) -> Outcome {
    Outcome::from_first_player_wins(losing_partner(x) != Some(y))
}

/// Every winning move from (x, y): the positions it can move to that are P-positions (empty
/// when (x, y) is itself a P-position). At most three: one by each kind of move (lower x,
/// lower y, lower both), in that order.
///
/// ```
/// use grundy::wythoff::winning_moves;
/// assert_eq!(winning_moves(4, 8), vec![(4, 7)]);
/// assert_eq!(winning_moves(2, 2), vec![(1, 2), (2, 1), (0, 0)]);
/// assert_eq!(winning_moves(5, 5), vec![(3, 5), (5, 3), (0, 0)]);
/// assert!(winning_moves(3, 5).is_empty());
/// ```
///
/// # Complexity
/// O(64) `u128` operations.
pub fn winning_moves(x: u64, y: u64) -> Vec<(u64, u64)> {
    let mut moves = Vec::new();
    if let Some(p) = losing_partner(y).filter(|&p| p < x) {
        moves.push((p, y));
    }
    if let Some(p) = losing_partner(x).filter(|&p| p < y) {
        moves.push((x, p));
    }
    // Taking d from both keeps the difference k = |x − y|: the P-position with difference k
    // is (a_k, b_k), reachable when the smaller heap is above a_k.
    let (low, high) = (x.min(y), x.max(y));
    if let Some((a, _)) = p_position(high - low) {
        if low > a {
            let d = low - a;
            moves.push((x - d, y - d));
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_p(x: u64, y: u64) -> bool {
        outcome(x, y) == Outcome::SecondPlayerWins
    }
    use testkit::search::Search;
    use testkit::Rng;

    /// Every move of Wythoff's game from (x, y), literally.
    fn moves(&(x, y): &(u64, u64)) -> Vec<(u64, u64)> {
        let mut next = Vec::new();
        for t in 1..=x {
            next.push((x - t, y));
        }
        for t in 1..=y {
            next.push((x, y - t));
        }
        for t in 1..=x.min(y) {
            next.push((x - t, y - t));
        }
        next
    }

    const BOARD: u64 = 60;

    #[test]
    fn agrees_with_literal_search_on_a_board() {
        let mut search = Search::normal(moves);
        let mut losing = Vec::new();
        for x in 0..BOARD {
            for y in 0..BOARD {
                let p = !search.mover_wins((x, y));
                assert_eq!(is_p(x, y), p, "({}, {})", x, y);
                if p && x <= y {
                    losing.push((x, y));
                }
                let mut winning: Vec<(u64, u64)> = moves(&(x, y))
                    .into_iter()
                    .filter(|&m| !search.mover_wins(m))
                    .collect();
                let mut ours = winning_moves(x, y);
                winning.sort_unstable();
                ours.sort_unstable();
                assert_eq!(ours, winning, "({}, {})", x, y);
            }
        }
        // The P-positions with x ≤ y on the board, in order, are the first p_position(k).
        for (k, &pair) in losing.iter().enumerate() {
            assert_eq!(p_position(k as u64), Some(pair));
        }
    }

    fn isqrt(n: u128) -> u128 {
        // Newton's method from above: decreasing until it settles on ⌊√n⌋.
        if n < 2 {
            return n;
        }
        let mut x = 1u128 << ((128 - n.leading_zeros() + 1) / 2);
        loop {
            let y = (x + n / x) / 2;
            if y >= x {
                return x;
            }
            x = y;
        }
    }

    /// ⌊kφ⌋ = ⌊(k + √(5k²))/2⌋ by an integer square root (for 5k² < 2^128).
    fn lower_by_square_root(k: u64) -> u64 {
        let k = u128::from(k);
        ((k + isqrt(5 * k * k)) / 2) as u64
    }

    /// ⌊kφ⌋ bracketed by the Fibonacci convergents F92/F91 < φ < F93/F92, for k ≤ 10^18:
    /// `None` if the two brackets disagree (kφ within about 10^-20 of an integer).
    fn lower_by_fibonacci_bracket(k: u64) -> Option<u64> {
        let mut fib = vec![0u128, 1];
        while fib.len() < 94 {
            let next = fib[fib.len() - 1] + fib[fib.len() - 2];
            fib.push(next);
        }
        let k = u128::from(k);
        // F(2n)/F(2n−1) > φ > F(2n+1)/F(2n): 92 is even, so F92/F91 is above φ.
        let above = k * fib[92] / fib[91];
        let below = k * fib[93] / fib[92];
        Some(above as u64).filter(|_| above == below)
    }

    #[test]
    fn exact_near_ten_to_the_eighteenth() {
        let mut rng = Rng::new(2252);
        let top = 618_033_988_749_894_848; // about 10^18 / φ: a_k up to 10^18
        let mut checked = 0;
        for _ in 0..3000 {
            let k = match rng.below(3) {
                0 => rng.range(1, top),
                1 => top - rng.below(1000),
                _ => {
                    let bits = rng.range(1, 59);
                    rng.range(1, 1 << bits)
                }
            };
            let (a, b) = p_position(k).unwrap();
            assert_eq!(b, a + k);
            assert_eq!(a, lower_by_square_root(k), "{}", k);
            if let Some(bracket) = lower_by_fibonacci_bracket(k) {
                assert_eq!(a, bracket, "{}", k);
                checked += 1;
            }
            assert!(is_p(a, b) && is_p(b, a));
            assert!(!is_p(a, b + 1) && !is_p(a + 1, b));
            assert_eq!(losing_partner(a), Some(b));
            assert_eq!(losing_partner(b), Some(a));
        }
        assert!(checked > 2900);
        // The last index whose b_k fits: the square root agrees up to 5k² < 2^128.
        let last = 7_046_029_254_386_353_130;
        assert_eq!(p_position(last).unwrap().0, lower_by_square_root(last));
        assert!(p_position(last + 1).is_none());
    }

    #[test]
    fn lower_and_upper_values_partition_windows() {
        // Beatty: in any window of heap sizes each n is exactly one a_j or one b_i, and the
        // indices of consecutive lower values are consecutive.
        for &start in &[1u64, 1_000_000_000, 999_999_999_999_990_000, 1 << 63] {
            let mut lower = Vec::new();
            for n in start..start + 10_000 {
                let partner = losing_partner(n).unwrap();
                assert_eq!(losing_partner(partner), Some(n));
                if partner > n {
                    lower.push((n, partner - n));
                } else {
                    assert_eq!(p_position(n - partner), Some((partner, n)));
                }
            }
            for w in lower.windows(2) {
                assert_eq!(w[1].1, w[0].1 + 1, "indices of lower values near {}", start);
                // Gaps between lower values are 1 or 2 (φ < 2): a_{k+1} − a_k ∈ {1, 2}.
                assert!((1..=2).contains(&(w[1].0 - w[0].0)));
            }
        }
    }

    #[test]
    fn winning_moves_at_large_coordinates() {
        let mut rng = Rng::new(2253);
        for _ in 0..2000 {
            let (x, y) = (rng.below(1 << 62), rng.below(1 << 62));
            let wins = winning_moves(x, y);
            assert_eq!(wins.is_empty(), is_p(x, y));
            for &(x2, y2) in &wins {
                assert!(is_p(x2, y2));
                let legal =
                    (x2 < x && y2 == y) || (x2 == x && y2 < y) || (x2 < x && x - x2 == y - y2);
                assert!(legal, "({}, {}) -> ({}, {})", x, y, x2, y2);
            }
        }
        // Heaps at the top of u64: no overflow, and the answers stay consistent.
        for &(x, y) in &[
            (u64::MAX, u64::MAX),
            (u64::MAX, 0),
            (u64::MAX - 1, u64::MAX),
        ] {
            for (x2, y2) in winning_moves(x, y) {
                assert!(is_p(x2, y2));
            }
        }
        assert_eq!(winning_moves(u64::MAX, u64::MAX).last(), Some(&(0, 0)));
    }
}
