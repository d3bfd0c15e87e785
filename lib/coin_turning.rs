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
//! - Multiples ([`Multiples`], coins 1..=n): turn over x, 2x, …, kx for any k ≥ 1 with kx ≤ n,
//!   the smallest, x, from heads to tails (here the coin that must go heads to tails is the
//!   leftmost; the theorem holds with the order reversed). A heads at x is worth
//!   g(x) = mex{ g(2x) ⊕ … ⊕ g(kx) : 1 ≤ k ≤ ⌊n/x⌋ }, which depends only on ⌊n/x⌋, because
//!   ⌊n/(jx)⌋ = ⌊⌊n/x⌋/j⌋: so there are at most 2√n values to compute, each over the at most
//!   2√m blocks of j on which ⌊m/j⌋ is constant (Luogu P3179, \[HAOI2015\] 数组游戏).

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

/// Multiples on coins 1..=n: a move turns over x, 2x, …, kx (1 ≤ k ≤ ⌊n/x⌋), x from heads to
/// tails. Holds the value of a heads at x for every distinct m = ⌊n/x⌋, so that
/// [`value`](Multiples::value) is one lookup.
///
/// With f(m) the value of a coin x with ⌊n/x⌋ = m: f(m) = mex{ f(⌊m/2⌋) ⊕ … ⊕ f(⌊m/k⌋) :
/// 1 ≤ k ≤ m } (k = 1 is the empty XOR, 0). On a block of j where ⌊m/j⌋ = q is constant the
/// running XOR alternates between two values, so each block adds at most one new option.
///
/// ```
/// use grundy::coin_turning::Multiples;
/// use grundy::nimber::Nimber;
/// let game = Multiples::new(3);
/// // Coins 2 and 3 have no multiple on the board: value 1 each. Coin 1: k = 1, 2, 3 give
/// // 0, g(2) = 1, g(2) ⊕ g(3) = 0: value 2.
/// let values: Vec<u64> = (1..=3).map(|x| game.value(x).value()).collect();
/// assert_eq!(values, [2, 1, 1]);
/// // Heads at 2 and 3: 1 ⊕ 1 = 0, the player to move loses.
/// assert_eq!(game.value(2) + game.value(3), Nimber(0));
/// ```
///
/// # Complexity
/// [`new`](Multiples::new): O(n^(3/4)) time (about 6 · 10^6 block steps at n = 10^9), O(√n)
/// memory; [`value`](Multiples::value): O(1).
#[derive(Clone, Debug)]
pub struct Multiples {
    n: u64,
    /// ⌊√n⌋: m ≤ root is stored at `small[m]`, a larger m at `large[n / m]`.
    root: u64,
    small: Vec<u32>,
    large: Vec<u32>,
}

impl Multiples {
    /// Computes the values of the board of coins 1..=n.
    ///
    /// ```
    /// use grundy::coin_turning::Multiples;
    /// assert_eq!(Multiples::new(1_000_000).value(1_000_000).value(), 1);
    /// ```
    ///
    /// # Constraints
    /// n ≥ 1; time grows as n^(3/4): about 0.25 s of CPU at n = 10^9 (docs/benchmarks.md).
    ///
    /// # Panics
    /// If n is 0.
    ///
    /// # Complexity
    /// O(n^(3/4)) time, O(√n) memory.
    pub fn new(n: u64) -> Self {
        assert!(n >= 1, "Multiples: the board has coins 1..=n, n >= 1");
        let mut root = (n as f64).sqrt() as u64;
        while root * root > n {
            root -= 1;
        }
        while (root + 1) * (root + 1) <= n {
            root += 1;
        }
        let mut game = Multiples {
            n,
            root,
            small: vec![0; root as usize + 1],
            large: vec![0; root as usize + 1],
        };
        // The distinct m = ⌊n/x⌋, in decreasing order as x grows.
        let mut ms = Vec::with_capacity(2 * root as usize + 1);
        let mut x = 1;
        while x <= n {
            let m = n / x;
            ms.push(m);
            x = n / m + 1;
        }
        // seen[v] == stamp: v is an option of the m being computed.
        let mut seen: Vec<u32> = Vec::new();
        for (stamp, &m) in ms.iter().rev().enumerate() {
            let stamp = stamp as u32 + 1;
            let mark = |v: u32, seen: &mut Vec<u32>| {
                let v = v as usize;
                if v >= seen.len() {
                    seen.resize(v + 1, 0);
                }
                seen[v] = stamp;
            };
            mark(0, &mut seen); // k = 1 turns over x alone
            let mut prefix = 0u32;
            let mut j = 2;
            while j <= m {
                let q = m / j;
                let last = m / q;
                let g = game.stored(q);
                mark(prefix ^ g, &mut seen);
                if (last - j + 1) % 2 == 1 {
                    prefix ^= g;
                }
                j = last + 1;
            }
            let mut mex = 0;
            while (mex as usize) < seen.len() && seen[mex as usize] == stamp {
                mex += 1;
            }
            if m <= root {
                game.small[m as usize] = mex;
            } else {
                game.large[(n / m) as usize] = mex;
            }
        }
        game
    }

    /// f(m), for m one of the ⌊n/x⌋ already computed.
    fn stored(&self, m: u64) -> u32 {
        if m <= self.root {
            self.small[m as usize]
        } else {
            self.large[(self.n / m) as usize]
        }
    }

    /// The value of a heads at coin x (1 ≤ x ≤ n).
    ///
    /// ```
    /// use grundy::coin_turning::Multiples;
    /// let game = Multiples::new(10);
    /// assert_eq!(game.value(6), game.value(10)); // ⌊10/6⌋ = ⌊10/10⌋ = 1
    /// ```
    ///
    /// # Panics
    /// If x is 0 or above n.
    ///
    /// # Complexity
    /// O(1).
    pub fn value(&self, x: u64) -> Nimber {
        assert!(
            (1..=self.n).contains(&x),
            "Multiples::value: coin {} is not on the board 1..={}",
            x,
            self.n
        );
        Nimber(u64::from(self.stored(self.n / x)))
    }

    /// The number of coins n.
    ///
    /// ```
    /// use grundy::coin_turning::Multiples;
    /// assert_eq!(Multiples::new(7).len(), 7);
    /// ```
    pub fn len(&self) -> u64 {
        self.n
    }

    /// Always false: a board has at least one coin.
    ///
    /// ```
    /// use grundy::coin_turning::Multiples;
    /// assert!(!Multiples::new(1).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        false
    }
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

    /// Multiples' values by their definition on single coins, coin by coin from the top, with
    /// no blocks: g(x) = mex{ g(2x) ⊕ … ⊕ g(kx) }.
    fn multiples_by_definition(n: u64) -> Vec<u64> {
        let mut g = vec![0u64; n as usize + 1];
        for x in (1..=n).rev() {
            let mut options = vec![0u64];
            let mut prefix = 0;
            for j in 2..=n / x {
                prefix ^= g[(j * x) as usize];
                options.push(prefix);
            }
            options.sort_unstable();
            options.dedup();
            g[x as usize] = options
                .iter()
                .enumerate()
                .find(|&(i, &v)| i as u64 != v)
                .map_or(options.len() as u64, |(i, _)| i as u64);
        }
        g
    }

    #[test]
    fn multiples_by_literal_play() {
        // Coin x of 1..=n is bit n − x, so the coin that goes heads to tails (the smallest) is
        // the highest bit a move changes, as board_values needs.
        for n in 1..=12usize {
            let values = board_values(n, |i| {
                let x = n - i;
                (1..=n / x)
                    .map(|k| (1..=k).map(|j| n - j * x).collect())
                    .collect()
            });
            let game = Multiples::new(n as u64);
            assert_sums(&values, |i| game.value((n - i) as u64).value());
            // The board's size as built (cargo mutants: nothing but the doctests read it).
            assert_eq!(game.len(), n as u64);
            assert!(!game.is_empty());
        }
    }

    #[test]
    fn multiples_win_loss_by_search() {
        // Win or loss on n = 14 coins by a plain search over the moves, no values.
        let n = 14u64;
        let mut search = Search::normal(move |&heads: &u32| {
            let mut next = Vec::new();
            for x in (1..=n).filter(|&x| heads >> x & 1 == 1) {
                let mut after = heads;
                for k in 1..=n / x {
                    after ^= 1 << (k * x);
                    next.push(after);
                }
            }
            next
        });
        let game = Multiples::new(n);
        for heads in (0..1u32 << (n + 1)).step_by(2) {
            let value: u64 = (1..=n)
                .filter(|&x| heads >> x & 1 == 1)
                .fold(0, |v, x| v ^ game.value(x).value());
            assert_eq!(search.mover_wins(heads), value != 0, "{:b}", heads);
        }
    }

    #[test]
    fn multiples_blocks_agree_with_the_definition() {
        let mut rng = testkit::Rng::new(4431);
        let mut ns: Vec<u64> = (1..=200).collect();
        ns.extend((0..40).map(|_| rng.range(200, 5000)));
        ns.extend([3600, 3599, 3601, 4096, 4095]); // perfect squares and their neighbours
        for n in ns {
            let want = multiples_by_definition(n);
            let game = Multiples::new(n);
            for x in 1..=n {
                assert_eq!(
                    game.value(x).value(),
                    want[x as usize],
                    "n = {}, x = {}",
                    n,
                    x
                );
            }
        }
    }

    #[test]
    fn multiples_far_out() {
        // A large board: values at the ends, and a value depends only on ⌊n/x⌋.
        let n = 999_999_937;
        let game = Multiples::new(n);
        assert_eq!(game.value(n).value(), 1);
        assert_eq!(game.value(n / 2 + 1), game.value(n));
        assert_eq!(game.value(n / 3 + 1), game.value(n / 2));
        assert!(game.value(1).value() > 0);
        let game = Multiples::new(u64::from(u32::MAX) + 7);
        assert_eq!(game.value(u64::from(u32::MAX)).value(), 1);
    }

    #[test]
    #[should_panic(expected = "not on the board")]
    fn multiples_has_no_coin_past_n() {
        Multiples::new(5).value(6);
    }

    #[test]
    #[should_panic(expected = "from 1")]
    fn ruler_has_no_coin_zero() {
        ruler_value(0);
    }
}
