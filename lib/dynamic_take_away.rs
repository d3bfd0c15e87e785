//! Dynamic take-away, the k-multiple generalisation of Fibonacci Nim: one heap; every move
//! takes at least 1 object and at most `ratio` times what the previous move took; taking the
//! last object wins. The first move's bound is the statement's: classically anything but the
//! whole heap, sometimes a given k.
//!
//! # The theorem
//! Build the losing heaps a₀ = 1 < a₁ < a₂ < … for the ratio r: call a sum of distinct terms
//! *spaced* when each term is more than r times the next smaller one, let bᵢ be the largest
//! spaced sum of terms up to aᵢ (bᵢ = aᵢ + bₜ, with t the largest index such that r·aₜ < aᵢ,
//! and b = 0 when there is none), and let aᵢ₊₁ = bᵢ + 1. Every n ≥ 1 is exactly one spaced
//! sum, the greedy one (largest term first). A player who may take up to q objects from a heap
//! of n wins iff the smallest term of n is at most q, and taking that term is a winning move:
//! what is left has its smallest term above r times the take, so the opponent is in the same
//! losing situation; from a losing situation every take leaves the opponent a heap whose
//! smallest term is within reach. With the classical first move (up to n − 1) the first player
//! therefore loses exactly on the heaps aᵢ.
//!
//! r = 1 gives the powers of two (the smallest term is the lowest set bit), r = 2 the
//! Fibonacci numbers and Zeckendorf's representation ([`crate::fibonacci_nim`] is this module
//! at r = 2), r = 3 the heaps 1, 2, 3, 4, 6, 8, 11, 15, 21, …
//!
//! Source: A. J. Schwenk, "Take-away games", *Fibonacci Quarterly* 8 (1970), 225–234; the form
//! contestants meet is Cao Qinxiang's 2009 Chinese national team paper on "k-multiple dynamic
//! subtraction games" (k 倍动态减法游戏), which also counts positions by a digit DP over the
//! spaced sums, as [`DynamicTakeAway::lost_below`] does.
//!
//! ```
//! use grundy::dynamic_take_away::DynamicTakeAway;
//! let game = DynamicTakeAway::new(3, 30); // take at most 3 times the previous take
//! assert_eq!(game.losing_heaps(), [1, 2, 3, 4, 6, 8, 11, 15, 21, 29]);
//! assert_eq!(game.terms(27), vec![21, 6]); // 21 > 3 · 6: spaced
//! assert_eq!(game.winning_move(27, 26), Some(6)); // the first move may take up to 26
//! assert!(!game.outcome(29).first_player_wins());
//! ```

use crate::outcome::Outcome;

/// The dynamic take-away game with a given ratio, its losing heaps computed once up to a limit;
/// then the representation of a heap, a winning take, who wins, and counts of lost heaps.
///
/// ```
/// use grundy::dynamic_take_away::DynamicTakeAway;
/// let doubling = DynamicTakeAway::new(2, u64::MAX); // Fibonacci Nim
/// assert_eq!(doubling.losing_heaps()[..8], [1, 2, 3, 5, 8, 13, 21, 34]);
/// assert_eq!(doubling.winning_move(100, 5), Some(3)); // 100 = 89 + 8 + 3
/// ```
///
/// # Constraints
/// `ratio` >= 1. Heaps are at most `limit` (any `u64`).
///
/// # Panics
/// `new` if `ratio` is 0; a method given a heap above `limit`.
///
/// # Complexity
/// `new`: O(L) time and memory for the L losing heaps up to `limit`: at most `limit` of them,
/// and up to 2^64 − 1 there are 64 for ratio 1, 92 for 2, 137 for 3, about 36 × ratio for a
/// large ratio. Each method: O(L).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynamicTakeAway {
    ratio: u64,
    limit: u64,
    /// The losing heaps a₀ < a₁ < …, up to `limit`.
    terms: Vec<u64>,
    /// For each term aⱼ, how many terms may stand below it in a spaced sum: those a with
    /// ratio · a < aⱼ, which are a prefix of `terms`.
    under: Vec<usize>,
}

impl DynamicTakeAway {
    /// The game in which a move takes at most `ratio` times the previous take, for heaps up
    /// to `limit`.
    ///
    /// ```
    /// use grundy::dynamic_take_away::DynamicTakeAway;
    /// let halving = DynamicTakeAway::new(1, 100); // never more than the previous take
    /// assert_eq!(halving.losing_heaps(), [1, 2, 4, 8, 16, 32, 64]);
    /// ```
    pub fn new(ratio: u64, limit: u64) -> Self {
        assert!(
            ratio >= 1,
            "DynamicTakeAway: a move may take at least what the last one took (ratio >= 1)"
        );
        let mut terms = vec![1u64];
        let mut under = vec![0usize];
        // largest[i]: the largest spaced sum of the terms up to terms[i] (b_i).
        let mut largest = vec![1u64];
        let mut fit = 0; // how many terms a satisfy ratio · a < the next term
        while let Some(next) = largest[largest.len() - 1].checked_add(1) {
            if next > limit {
                break;
            }
            while fit < terms.len() && ratio.saturating_mul(terms[fit]) < next {
                fit += 1;
            }
            let below = if fit == 0 { 0 } else { largest[fit - 1] };
            terms.push(next);
            under.push(fit);
            // A sum past 2^64 − 1 covers every heap: the loop ends on the next `checked_add`.
            largest.push(next.saturating_add(below));
        }
        DynamicTakeAway {
            ratio,
            limit,
            terms,
            under,
        }
    }

    /// The ratio: a move takes at most this many times the previous take.
    ///
    /// ```
    /// assert_eq!(grundy::dynamic_take_away::DynamicTakeAway::new(5, 10).ratio(), 5);
    /// ```
    pub fn ratio(&self) -> u64 {
        self.ratio
    }

    /// The losing heaps a₀ = 1 < a₁ < … up to the limit: the heaps on which the first player
    /// loses when the first move may take anything but the whole heap.
    ///
    /// ```
    /// use grundy::dynamic_take_away::DynamicTakeAway;
    /// assert_eq!(DynamicTakeAway::new(4, 20).losing_heaps(), [1, 2, 3, 4, 5, 7, 9, 12, 15, 19]);
    /// ```
    pub fn losing_heaps(&self) -> &[u64] {
        &self.terms
    }

    /// The indices of the terms of `heap`'s spaced sum, largest first (greedy).
    fn term_indices(&self, heap: u64) -> impl Iterator<Item = usize> + '_ {
        assert!(
            heap <= self.limit,
            "DynamicTakeAway: heap {} is above the limit {} the game was built for",
            heap,
            self.limit
        );
        let mut left = heap;
        (0..self.terms.len()).rev().filter(move |&i| {
            let take = self.terms[i] <= left;
            if take {
                left -= self.terms[i];
            }
            take
        })
    }

    /// The spaced sum of `heap`: the losing heaps, each more than `ratio` times the next,
    /// that add up to it, largest first (empty for 0). For ratio 2 this is Zeckendorf's
    /// representation.
    ///
    /// ```
    /// use grundy::dynamic_take_away::DynamicTakeAway;
    /// assert_eq!(DynamicTakeAway::new(1, 100).terms(13), vec![8, 4, 1]); // binary
    /// assert_eq!(DynamicTakeAway::new(2, 100).terms(100), vec![89, 8, 3]);
    /// assert!(DynamicTakeAway::new(2, 100).terms(0).is_empty());
    /// ```
    ///
    /// # Panics
    /// If `heap` is above the limit.
    pub fn terms(&self, heap: u64) -> Vec<u64> {
        self.term_indices(heap).map(|i| self.terms[i]).collect()
    }

    /// A winning move from a heap of `heap` when the move may take 1 to `quota` objects: the
    /// number to take, the smallest term of the heap's spaced sum. `None` when the mover loses
    /// (the heap is empty, or its smallest term is above `quota`).
    ///
    /// ```
    /// use grundy::dynamic_take_away::DynamicTakeAway;
    /// let game = DynamicTakeAway::new(3, 1000);
    /// assert_eq!(game.winning_move(10, 1), None); // 10 = 8 + 2, and 2 is out of reach
    /// assert_eq!(game.winning_move(10, 2), Some(2));
    /// assert_eq!(game.winning_move(27, 6), Some(6));
    /// assert_eq!(game.winning_move(0, 5), None);
    /// ```
    ///
    /// # Panics
    /// If `heap` is above the limit.
    pub fn winning_move(&self, heap: u64, quota: u64) -> Option<u64> {
        self.term_indices(heap)
            .last()
            .map(|i| self.terms[i])
            .filter(|&take| take <= quota)
    }

    /// Who wins from a heap of `n` when the first move may take anything but the whole heap:
    /// the first player exactly when n is not a losing heap (and n >= 2: heaps 0 and 1 have no
    /// first move).
    ///
    /// ```
    /// use grundy::dynamic_take_away::DynamicTakeAway;
    /// let game = DynamicTakeAway::new(1, 100);
    /// let wins: Vec<u64> = (1..=12).filter(|&n| game.outcome(n).first_player_wins()).collect();
    /// assert_eq!(wins, [3, 5, 6, 7, 9, 10, 11, 12]); // not powers of two
    /// ```
    ///
    /// # Panics
    /// If `n` is above the limit.
    pub fn outcome(&self, n: u64) -> Outcome {
        Outcome::from_first_player_wins(n >= 2 && self.winning_move(n, n - 1).is_some())
    }

    /// How many heaps m with 0 <= m < `n` the mover loses when the move may take 1 to `quota`
    /// objects: m = 0 (no move) and the heaps whose smallest term is above `quota`.
    ///
    /// A digit DP over spaced sums: a heap below n shares some first terms of n's spaced sum
    /// and then continues with a spaced sum below n's next term. The heaps below a term aᵢ
    /// whose terms all exceed `quota` are counted for every i at once, by their top term aⱼ
    /// (j < i, aⱼ > `quota`): aⱼ itself, or aⱼ plus such a heap below the smallest term that
    /// may stand under aⱼ in a spaced sum.
    ///
    /// ```
    /// use grundy::dynamic_take_away::DynamicTakeAway;
    /// let game = DynamicTakeAway::new(2, u64::MAX);
    /// // Heaps 0..10 with a move of at most 1: lost are 0, 2, 3, 5, 7, 8 (smallest term > 1).
    /// assert_eq!(game.lost_below(10, 1), 6);
    /// assert_eq!(game.lost_below(0, 1), 0);
    /// assert_eq!(game.lost_below(10, 1_000), 1); // only the empty heap
    /// ```
    ///
    /// # Panics
    /// If `n` is above the limit.
    ///
    /// # Complexity
    /// O(L), L the number of losing heaps up to the limit.
    pub fn lost_below(&self, n: u64, quota: u64) -> u64 {
        // above[i]: how many heaps in [1, terms[i]) have every term above `quota`.
        // (Only up to the last term: the count below a term past the limit may not fit.)
        let mut above = Vec::with_capacity(self.terms.len());
        above.push(0u64);
        for j in 0..self.terms.len() - 1 {
            let with_top_j = if self.terms[j] > quota {
                1 + above[self.under[j]]
            } else {
                0
            };
            above.push(above[j] + with_top_j);
        }
        let mut lost = 0;
        for i in self.term_indices(n) {
            // The heaps that share n's terms so far and continue below terms[i]: the prefix
            // alone (the empty heap, or a heap whose smallest term is the prefix's last, above
            // `quota`) and the prefix followed by a spaced sum below terms[i].
            lost += 1 + above[i];
            if self.terms[i] <= quota {
                break; // every heap that keeps this term is won
            }
        }
        lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{Search, WithParam};
    use testkit::Rng;

    /// Positions (heap, most the mover may take), literally; the bound is capped at the heap,
    /// which changes no move.
    fn moves(ratio: &u64, &(heap, quota): &(u64, u64)) -> Vec<(u64, u64)> {
        (1..=quota.min(heap))
            .map(|t| (heap - t, (ratio * t).min(heap - t)))
            .collect()
    }

    fn search(ratio: u64) -> Search<(u64, u64), WithParam<u64, (u64, u64)>> {
        Search::normal_with(ratio, moves)
    }

    #[test]
    fn winning_moves_agree_with_literal_search() {
        for ratio in 1..=6 {
            let game = DynamicTakeAway::new(ratio, 1000);
            let mut search = search(ratio);
            for heap in 0..=70 {
                for quota in 1..=heap + 1 {
                    let capped = (heap, quota.min(heap));
                    let winning: Vec<u64> = search
                        .winning_moves(&capped)
                        .into_iter()
                        .map(|(left, _)| heap - left)
                        .collect();
                    let ours = game.winning_move(heap, quota);
                    assert_eq!(
                        ours.is_some(),
                        !winning.is_empty(),
                        "{} {} {}",
                        ratio,
                        heap,
                        quota
                    );
                    if let Some(take) = ours {
                        assert!(winning.contains(&take), "{} {} {}", ratio, heap, quota);
                    }
                }
            }
        }
    }

    #[test]
    fn losing_heaps_are_the_first_players_losses() {
        let mut rng = Rng::new(1970);
        for round in 0..12 {
            let ratio = if round < 6 {
                round + 1
            } else {
                rng.range(7, 40)
            };
            let mut search = search(ratio);
            let literal: Vec<u64> = (1..=250u64)
                .filter(|&n| n < 2 || !search.mover_wins((n, n - 1)))
                .collect();
            let game = DynamicTakeAway::new(ratio, 250);
            assert_eq!(game.losing_heaps(), &literal[..], "ratio {}", ratio);
            for n in 0..=250 {
                let first = n >= 2 && search.mover_wins((n, n - 1));
                assert_eq!(
                    game.outcome(n).first_player_wins(),
                    first,
                    "{} {}",
                    ratio,
                    n
                );
            }
        }
    }

    #[test]
    fn lost_below_counts_the_literal_losses() {
        let mut rng = Rng::new(225);
        for _ in 0..300 {
            let ratio = rng.range(1, 8);
            let n = rng.range(0, 150);
            let quota = rng.range(1, 160);
            let mut search = search(ratio);
            let literal = (0..n)
                .filter(|&m| !search.mover_wins((m, quota.min(m))))
                .count() as u64;
            let game = DynamicTakeAway::new(ratio, 200);
            assert_eq!(
                game.lost_below(n, quota),
                literal,
                "{} {} {}",
                ratio,
                n,
                quota
            );
        }
    }

    #[test]
    fn lost_below_counts_windows_of_large_heaps() {
        // Far beyond any search: the count over a window is the number of heaps in it with no
        // winning move.
        let mut rng = Rng::new(234);
        for _ in 0..60 {
            let ratio = rng.range(1, 5);
            let game = DynamicTakeAway::new(ratio, u64::MAX);
            let start = rng.next_u64() >> rng.below(64);
            let start = start.min(u64::MAX - 300);
            let quota = rng.next_u64() >> rng.range(1, 64);
            let window = (start..start + 300)
                .filter(|&m| game.winning_move(m, quota).is_none())
                .count() as u64;
            let counted = game.lost_below(start + 300, quota) - game.lost_below(start, quota);
            assert_eq!(counted, window, "{} {} {}", ratio, start, quota);
        }
    }

    #[test]
    fn terms_are_losing_heaps_spaced_by_the_ratio() {
        let mut rng = Rng::new(1963);
        for ratio in 1..=5u64 {
            let game = DynamicTakeAway::new(ratio, u64::MAX);
            let heaps = game.losing_heaps();
            assert!(heaps.windows(2).all(|w| w[0] < w[1]));
            for _ in 0..500 {
                let n = rng.next_u64() >> rng.below(64);
                let terms = game.terms(n);
                assert_eq!(
                    terms.iter().map(|&t| u128::from(t)).sum::<u128>(),
                    u128::from(n)
                );
                assert!(terms.iter().all(|t| heaps.contains(t)));
                assert!(terms
                    .windows(2)
                    .all(|w| u128::from(w[1]) * u128::from(ratio) < u128::from(w[0])));
            }
            let last = heaps[heaps.len() - 1];
            assert!(game.terms(u64::MAX).iter().sum::<u64>() == u64::MAX);
            assert_eq!(game.terms(last), vec![last]);
        }
    }

    #[test]
    fn a_small_limit_keeps_only_the_heaps_it_needs() {
        let game = DynamicTakeAway::new(1_000_000, 10);
        assert_eq!(game.losing_heaps(), (1..=10).collect::<Vec<u64>>());
        assert_eq!(game.ratio(), 1_000_000);
        assert_eq!(game.winning_move(10, 10), Some(10));
        assert_eq!(game.winning_move(10, 9), None);
    }

    #[test]
    #[should_panic(expected = "above the limit")]
    fn a_heap_above_the_limit_panics() {
        DynamicTakeAway::new(2, 100).terms(101);
    }

    #[test]
    #[should_panic(expected = "ratio >= 1")]
    fn ratio_zero_panics() {
        DynamicTakeAway::new(0, 100);
    }
}
