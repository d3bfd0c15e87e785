//! Coin-turning games: coins in a row (or on a grid), heads or tails; a move turns over a set
//! of coins that the game's rule allows, the last (rightmost) of which must go from heads to
//! tails. The player who cannot move loses.
//!
//! The coin-turning theorem (Lenstra; Berlekamp–Conway–Guy, *Winning Ways*, ch. 14; Ferguson,
//! *Game Theory*, part I ch. 5): a position is worth the nim-sum of the values of its heads,
//! each valued as if it were the only one. So a game is its function "value of one heads at
//! position n", and a row is the XOR of that over its heads:
//!
//! - Ruler ([`ruler_value`], positions 1, 2, …): turn over any run of consecutive coins
//!   ending at a heads. A heads at n is worth the largest power of 2 dividing n.
//! - Mock Turtles ([`mock_turtles_value`], positions 0, 1, 2, …): turn over one, two or three
//!   coins, the rightmost a heads. A heads at n is worth the n-th odious number (counting
//!   from 0; odious: an odd number of 1 bits): 2n if n has an odd number of 1 bits, else 2n + 1.
//! - Products ([`product_value`]): on a grid, a move of G1 × G2 turns over A × B for a move A
//!   of G1 (rightmost x) and a move B of G2 (rightmost y), and the coin (x, y) must go from
//!   heads to tails. The Tartan theorem: a heads at (x, y) is worth G1(x) ⊗ G2(y), the nim
//!   product of the two games' values ([`nim_product`]).

use crate::nim_product::nim_product;
use crate::nimber::Nimber;

/// The value of a heads at position `n` (numbered from 1) in Ruler: the largest power of 2
/// dividing n.
///
/// ```
/// use grundy::coin_turning::ruler_value;
/// use grundy::nimber::Nimber;
/// let values: Vec<u64> = (1..=8).map(|n| ruler_value(n).value()).collect();
/// assert_eq!(values, [1, 2, 1, 4, 1, 2, 1, 8]);
/// // Heads at 3, 6 and 12: 1 ⊕ 2 ⊕ 4 = 7, a win for the player to move.
/// let row: Nimber = [3, 6, 12].iter().map(|&n| ruler_value(n)).sum();
/// assert_eq!(row, Nimber(7));
/// ```
///
/// # Panics
/// If `n` is 0 (Ruler numbers its coins from 1).
///
/// # Complexity
/// O(1).
pub fn ruler_value(n: u64) -> Nimber {
    assert!(n > 0, "Ruler numbers its coins from 1");
    Nimber(n & n.wrapping_neg())
}

/// The value of a heads at position `n` (numbered from 0) in Mock Turtles: the n-th odious
/// number, 2n or 2n + 1, whichever has an odd number of 1 bits.
///
/// ```
/// use grundy::coin_turning::mock_turtles_value;
/// let values: Vec<u64> = (0..8).map(|n| mock_turtles_value(n).value()).collect();
/// assert_eq!(values, [1, 2, 4, 7, 8, 11, 13, 14]);
/// ```
///
/// # Panics
/// If `n` is 2^63 or more (the value would not fit in a `u64`).
///
/// # Complexity
/// O(1).
pub fn mock_turtles_value(n: u64) -> Nimber {
    assert!(
        n < 1 << 63,
        "Mock Turtles' values fit in u64 for positions below 2^63"
    );
    Nimber(2 * n + u64::from(n.count_ones() % 2 == 0))
}

/// The value of a heads at (x, y) in the product of two coin-turning games whose one-heads
/// values are `first` and `second` (the Tartan theorem): first(x) ⊗ second(y).
///
/// ```
/// use grundy::coin_turning::{mock_turtles_value, product_value, ruler_value};
/// use grundy::nimber::Nimber;
/// // Ruler × Ruler at (2, 2): 2 ⊗ 2 = 3.
/// assert_eq!(product_value(ruler_value, ruler_value, 2, 2), Nimber(3));
/// // Ruler × Mock Turtles at (4, 1): 4 ⊗ 2 = 8.
/// assert_eq!(product_value(ruler_value, mock_turtles_value, 4, 1), Nimber(8));
/// ```
///
/// # Panics
/// When `first` or `second` does (a position outside its game).
///
/// # Complexity
/// One call of each function and a nim product.
pub fn product_value(
    first: impl Fn(u64) -> Nimber,
    second: impl Fn(u64) -> Nimber,
    x: u64,
    y: u64,
) -> Nimber {
    nim_product(first(x), second(y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;

    /// Ruler's moves with rightmost coin n: the runs n − j + 1 ..= n.
    fn ruler_moves(n: u64) -> Vec<Vec<u64>> {
        (1..=n).map(|start| (start..=n).collect()).collect()
    }

    /// Mock Turtles' moves with rightmost coin n: {n}, {m, n}, {l, m, n} for l < m < n.
    fn mock_turtles_moves(n: u64) -> Vec<Vec<u64>> {
        let mut moves = vec![vec![n]];
        for m in 0..n {
            moves.push(vec![m, n]);
            for l in 0..m {
                moves.push(vec![l, m, n]);
            }
        }
        moves
    }

    /// The Grundy value of every position of a board of coins (bit i = coin i heads), by the
    /// mex over the literal moves: `moves(i)` lists the sets of coins a move whose rightmost
    /// coin is i turns over, and coin i is the highest bit that changes, so every move lowers
    /// the bitmask and one pass upwards sees each option first.
    fn board_values(coins: usize, moves: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
        let flips: Vec<Vec<u32>> = (0..coins)
            .map(|i| {
                moves(i)
                    .iter()
                    .map(|set| set.iter().fold(0u32, |mask, &c| mask ^ 1 << c))
                    .collect()
            })
            .collect();
        let mut values = vec![0u64; 1 << coins];
        for state in 0..1u32 << coins {
            let mut options: Vec<u64> = (0..coins)
                .filter(|&i| state >> i & 1 == 1)
                .flat_map(|i| flips[i].iter().map(move |&f| (state ^ f) as usize))
                .map(|next| values[next])
                .collect();
            options.sort_unstable();
            options.dedup();
            values[state as usize] = options
                .iter()
                .enumerate()
                .find(|&(g, &v)| g as u64 != v)
                .map_or(options.len() as u64, |(g, _)| g as u64);
        }
        values
    }

    /// Every position's value is the XOR of its heads' values `coin(i)`.
    fn assert_sums(values: &[u64], coin: impl Fn(usize) -> u64) {
        for (state, &value) in values.iter().enumerate() {
            let heads = (0..32).filter(|&i| state >> i & 1 == 1);
            assert_eq!(value, heads.fold(0, |x, i| x ^ coin(i)), "{:b}", state);
        }
    }

    #[test]
    fn ruler_by_literal_play() {
        // Coin i of the board is Ruler's position i + 1.
        let values = board_values(12, |i| {
            ruler_moves(i as u64 + 1)
                .into_iter()
                .map(|set| set.into_iter().map(|n| n as usize - 1).collect())
                .collect()
        });
        assert_sums(&values, |i| ruler_value(i as u64 + 1).value());
    }

    #[test]
    fn mock_turtles_by_literal_play() {
        let values = board_values(12, |i| {
            mock_turtles_moves(i as u64)
                .into_iter()
                .map(|set| set.into_iter().map(|n| n as usize).collect())
                .collect()
        });
        assert_sums(&values, |i| mock_turtles_value(i as u64).value());
    }

    #[test]
    fn mock_turtles_win_loss_by_search() {
        // Win or loss by a plain search over the moves (no values at all), on 10 coins.
        let mut search = Search::normal(|&state: &u32| {
            let mut next = Vec::new();
            for n in (0..10).filter(|&n| state >> n & 1 == 1) {
                for set in mock_turtles_moves(n) {
                    next.push(set.iter().fold(state, |s, &c| s ^ 1 << c));
                }
            }
            next
        });
        for state in 0..1u32 << 10 {
            let value: u64 = (0..10)
                .filter(|&n| state >> n & 1 == 1)
                .fold(0, |x, n| x ^ mock_turtles_value(n).value());
            assert_eq!(search.mover_wins(state), value != 0, "{:b}", state);
        }
    }

    /// The product G1 × G2 on a `rows` × `columns` grid (coin x·columns + y), literally.
    fn product_board(
        rows: u64,
        columns: u64,
        first: impl Fn(u64) -> Vec<Vec<u64>>,
        second: impl Fn(u64) -> Vec<Vec<u64>>,
    ) -> Vec<u64> {
        board_values((rows * columns) as usize, |i| {
            let (x, y) = (i as u64 / columns, i as u64 % columns);
            let mut moves = Vec::new();
            for a in first(x) {
                for b in second(y) {
                    let set = a
                        .iter()
                        .flat_map(|&u| b.iter().map(move |&v| u * columns + v));
                    moves.push(set.map(|c| c as usize).collect());
                }
            }
            moves
        })
    }

    #[test]
    fn tartan_products_by_literal_play() {
        // Ruler positions 1..=3 (row x is position x + 1) × Mock Turtles positions 0..=3.
        let ruler_from_zero = |x: u64| -> Vec<Vec<u64>> {
            ruler_moves(x + 1)
                .into_iter()
                .map(|set| set.into_iter().map(|n| n - 1).collect())
                .collect()
        };
        let values = product_board(3, 4, ruler_from_zero, mock_turtles_moves);
        assert_sums(&values, |i| {
            let (x, y) = (i as u64 / 4, i as u64 % 4);
            product_value(ruler_value, mock_turtles_value, x + 1, y).value()
        });
        // Mock Turtles × Mock Turtles on 3 × 4, and Ruler × Ruler on 3 × 4.
        let values = product_board(3, 4, mock_turtles_moves, mock_turtles_moves);
        assert_sums(&values, |i| {
            product_value(
                mock_turtles_value,
                mock_turtles_value,
                i as u64 / 4,
                i as u64 % 4,
            )
            .value()
        });
        let values = product_board(3, 4, ruler_from_zero, ruler_from_zero);
        assert_sums(&values, |i| {
            product_value(ruler_value, ruler_value, i as u64 / 4 + 1, i as u64 % 4 + 1).value()
        });
    }

    #[test]
    fn values_far_out() {
        assert_eq!(ruler_value(u64::MAX), Nimber(1));
        assert_eq!(ruler_value(1 << 63), Nimber(1 << 63));
        assert_eq!(mock_turtles_value((1 << 63) - 1), Nimber(u64::MAX - 1));
        for n in [5u64, 1 << 40, 123_456_789_012] {
            let v = mock_turtles_value(n).value();
            assert_eq!(v.count_ones() % 2, 1);
            assert_eq!(v / 2, n);
        }
    }

    #[test]
    #[should_panic(expected = "from 1")]
    fn ruler_has_no_coin_zero() {
        ruler_value(0);
    }
}
