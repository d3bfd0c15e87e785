//! Fibonacci Nim: one heap; the first move takes any number but not the whole heap, every
//! later move takes at least 1 and at most twice what the previous move took; taking the
//! last object wins.
//!
//! Whinihan's theorem (M. J. Whinihan, *Fibonacci Nim*, Fibonacci Quarterly 1963): write the
//! heap n in Zeckendorf form, a sum of non-consecutive Fibonacci numbers (1, 2, 3, 5, 8, …).
//! A player who may take up to m wins iff the smallest term of n is at most m, by taking that
//! term: what is left has its smallest term above twice the take. So the first player (who may
//! take up to n − 1) wins iff n is not a Fibonacci number.
//!
//! This is [`crate::dynamic_take_away`] at ratio 2, whose code it shares: the losing heaps of
//! that game are the Fibonacci numbers, its spaced sums Zeckendorf's.

use crate::dynamic_take_away::DynamicTakeAway;
use crate::outcome::Outcome;

/// The game at ratio 2 for every `u64` heap (its 92 losing heaps are the Fibonacci numbers
/// that fit in a `u64`).
fn doubling() -> DynamicTakeAway {
    DynamicTakeAway::new(2, u64::MAX)
}

/// The Zeckendorf representation of `n`: the unique non-consecutive Fibonacci numbers
/// (1, 2, 3, 5, 8, …) that sum to n, largest first (empty for 0).
///
/// ```
/// use grundy::fibonacci_nim::zeckendorf;
/// assert_eq!(zeckendorf(100), vec![89, 8, 3]);
/// assert_eq!(zeckendorf(13), vec![13]);
/// assert!(zeckendorf(0).is_empty());
/// ```
///
/// # Complexity
/// O(93): the Fibonacci numbers below 2^64, greedily from the largest.
pub fn zeckendorf(n: u64) -> Vec<u64> {
    doubling().terms(n)
}

/// A winning move from a heap of `heap` when the move may take 1 to `max_take` objects: the
/// number to take: the smallest Zeckendorf term of the heap.
/// `None` when the player to move loses (the heap is empty, or every take loses).
///
/// ```
/// use grundy::fibonacci_nim::winning_move;
/// assert_eq!(winning_move(100, 5), Some(3)); // 100 = 89 + 8 + 3: take 3
/// assert_eq!(winning_move(100, 2), None);
/// assert_eq!(winning_move(4, 4), Some(1)); // 4 = 3 + 1
/// // The first move may take anything but the whole heap: up to n − 1.
/// assert_eq!(winning_move(13, 12), None); // 13 is a Fibonacci number: the first player loses
/// assert_eq!(winning_move(12, 11), Some(1)); // 12 = 8 + 3 + 1
/// ```
///
/// # Complexity
/// O(93).
pub fn winning_move(heap: u64, max_take: u64) -> Option<u64> {
    doubling().winning_move(heap, max_take)
}

/// Who wins Fibonacci Nim on a heap of `n` (first move: anything but the whole heap): the
/// first player exactly when n is not a Fibonacci number. A heap of 0 or 1 has no first move.
///
/// ```
/// use grundy::fibonacci_nim::outcome;
/// let wins: Vec<u64> = (1..=13).filter(|&n| outcome(n).first_player_wins()).collect();
/// assert_eq!(wins, [4, 6, 7, 9, 10, 11, 12]);
/// ```
///
/// # Complexity
/// O(93).
pub fn outcome(n: u64) -> Outcome {
    doubling().outcome(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::Rng;

    /// The Fibonacci numbers 1, 2, 3, 5, … that fit in a `u64`, by their recurrence: an
    /// independent check on the shared code's losing heaps.
    fn fibonacci_numbers() -> Vec<u64> {
        let mut fib = vec![1u64, 2];
        while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
            fib.push(next);
        }
        fib
    }

    #[test]
    fn the_losing_heaps_of_ratio_2_are_the_fibonacci_numbers() {
        assert_eq!(doubling().losing_heaps(), &fibonacci_numbers()[..]);
    }

    /// Positions (heap, most the mover may take), literally.
    fn moves(&(heap, max_take): &(u64, u64)) -> Vec<(u64, u64)> {
        (1..=max_take.min(heap))
            .map(|t| (heap - t, 2 * t))
            .collect()
    }

    #[test]
    fn agrees_with_literal_search() {
        let mut search = Search::normal(moves);
        for heap in 0..=150 {
            for max_take in 1..=heap + 1 {
                let winning: Vec<u64> = search
                    .winning_moves(&(heap, max_take))
                    .into_iter()
                    .map(|(left, _)| heap - left)
                    .collect();
                let ours = winning_move(heap, max_take);
                assert_eq!(ours.is_some(), !winning.is_empty(), "{} {}", heap, max_take);
                if let Some(take) = ours {
                    assert!(winning.contains(&take), "{} {}", heap, max_take);
                }
            }
            let first = heap >= 2 && search.mover_wins((heap, heap - 1));
            assert_eq!(outcome(heap).first_player_wins(), first, "{}", heap);
        }
    }

    #[test]
    fn zeckendorf_terms_are_fibonacci_and_apart() {
        let fib = fibonacci_numbers();
        assert_eq!(fib.len(), 92);
        let mut rng = Rng::new(1963);
        for _ in 0..3000 {
            let n = rng.next_u64() >> rng.below(64);
            let terms = zeckendorf(n);
            assert_eq!(terms.iter().sum::<u64>(), n);
            let indices: Vec<usize> = terms
                .iter()
                .map(|t| fib.iter().position(|f| f == t).unwrap())
                .collect();
            // Largest first, no two consecutive Fibonacci numbers.
            assert!(indices.windows(2).all(|w| w[0] >= w[1] + 2), "{}", n);
            // The winning take leaves a heap whose smallest term exceeds twice the take.
            if let (Some(&take), true) = (terms.last(), terms.len() > 1) {
                let rest = zeckendorf(n - take);
                assert!(*rest.last().unwrap() > 2 * take);
            }
        }
        assert_eq!(zeckendorf(u64::MAX).iter().sum::<u64>(), u64::MAX);
    }
}
