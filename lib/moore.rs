//! Moore's Nim_k: Nim where a move takes from up to k heaps at once.
//!
//! # The rule
//! A move chooses between 1 and k non-empty heaps and takes at least one object from each of
//! them (any amounts, independently); the player with no move loses. Write the heap sizes in
//! binary: the mover loses iff, for every bit, the number of heaps with that bit set is a
//! multiple of k + 1. For k = 1 this is Bouton's Nim (the nim-sum is 0).
//!
//! Why: from such a position, let b be the highest bit that a move changes in any heap. In
//! every heap where bit b changes it falls from 1 to 0 (the bits above it are unchanged and the
//! heap gets smaller), and at most k heaps change, so the count of bit b falls by 1 to k: off
//! the multiple of k + 1. From any other position, the mover fixes the bits from the top
//! down, lowering at most k heaps, so that every count becomes a multiple of k + 1 again.
//! The value is a win/loss test only: a sum of Nim_k positions is not decided by Grundy values
//! of its heaps, because one move touches several heaps.
//!
//! Source: E. H. Moore, "A generalization of the game called Nim", *Annals of Mathematics*
//! 11 (1910), 93–94.
//!
//! ```
//! use grundy::moore::outcome;
//! use grundy::prelude::Outcome;
//! // k = 2: heaps 1, 1, 1 have bit 0 three times, a multiple of 3: the mover loses.
//! assert_eq!(outcome(2, [1, 1, 1]), Outcome::SecondPlayerWins);
//! // k = 1 (plain Nim): 1 ^ 1 ^ 1 = 1, the mover wins.
//! assert_eq!(outcome(1, [1, 1, 1]), Outcome::FirstPlayerWins);
//! ```

use crate::outcome::Outcome;

/// Who wins Moore's Nim_k (a move takes from 1 to `k` heaps) with the given heap sizes: the
/// player to move loses iff for every bit the number of heaps with that bit set is a multiple
/// of `k + 1`.
///
/// ```
/// use grundy::moore::outcome;
/// assert!(!outcome(3, vec![5, 5, 5, 5]).first_player_wins());
/// assert!(outcome(3, vec![5, 5, 5]).first_player_wins()); // empty all three at once
/// assert!(!outcome(2, Vec::new()).first_player_wins());
/// ```
///
/// # Constraints
/// Any number of heaps; `k` >= 1 (a `k` at least the number of heaps is "take from any heaps":
/// the mover wins iff some heap is not empty).
///
/// # Panics
/// If `k` is 0.
///
/// # Complexity
/// O(64 · number of heaps).
pub fn outcome<I: IntoIterator<Item = u64>>(k: u64, heaps: I) -> Outcome {
    assert!(
        k >= 1,
        "outcome: a move takes from at least one heap (k >= 1)"
    );
    let mut counts = [0u64; 64];
    for heap in heaps {
        for (bit, count) in counts.iter_mut().enumerate() {
            *count += heap >> bit & 1;
        }
    }
    let modulus = k.saturating_add(1);
    Outcome::from_first_player_wins(counts.iter().any(|&c| c % modulus != 0))
}

/// A winning move of Moore's Nim_k (a move takes from 1 to `k` heaps) from the given heap
/// sizes, as the new sizes of the heaps it changes (`(index, new size)`, in index order), or
/// `None` when the mover loses.
///
/// Bits are fixed from the top down. At each bit, with r the count of its 1s (mod k + 1) among
/// the heaps not yet changed: if the heaps already changed plus r fit within k, r more heaps
/// whose bit is 1 are changed, their bit and all below it cleared; otherwise k + 1 − r of the
/// heaps already changed, whose lower bits are free (below a bit that fell from 1 to 0), get
/// this bit set. Either way the count becomes a multiple of k + 1, each changed heap ends
/// smaller than it was, and at most k heaps change.
///
/// ```
/// use grundy::moore::winning_move;
/// // k = 2, heaps 3, 1, 1: bit 1 once, bit 0 three times. Lower the 3 to 1: three 1s.
/// assert_eq!(winning_move(2, &[3, 1, 1]), Some(vec![(0, 1)]));
/// assert_eq!(winning_move(2, &[1, 1, 1]), None);
/// ```
///
/// # Panics
/// If `k` is 0.
///
/// # Complexity
/// O(64 · number of heaps).
pub fn winning_move(k: u64, heaps: &[u64]) -> Option<Vec<(usize, u64)>> {
    assert!(
        k >= 1,
        "winning_move: a move takes from at least one heap (k >= 1)"
    );
    let modulus = k.saturating_add(1);
    let mut new = heaps.to_vec();
    let mut changed = vec![false; heaps.len()];
    let mut changed_count = 0u64;
    for bit in (0..64).rev() {
        let ones = (0..heaps.len())
            .filter(|&i| !changed[i] && heaps[i] >> bit & 1 == 1)
            .count() as u64;
        let r = ones % modulus;
        if r == 0 {
            continue;
        }
        if changed_count + r <= k {
            // Change r more heaps whose bit is 1: the bit falls to 0, the bits below are free.
            let low = if bit == 63 {
                u64::MAX
            } else {
                (2u64 << bit) - 1
            };
            let picks: Vec<usize> = (0..heaps.len())
                .filter(|&i| !changed[i] && heaps[i] >> bit & 1 == 1)
                .take(r as usize)
                .collect();
            for i in picks {
                changed[i] = true;
                new[i] = heaps[i] & !low;
            }
            changed_count += r;
        } else {
            // Enough heaps are changed already (more than k − r): set this bit in k + 1 − r of
            // them, below the bit where each fell.
            let need = (modulus - r) as usize;
            let picks: Vec<usize> = (0..heaps.len())
                .filter(|&i| changed[i])
                .take(need)
                .collect();
            for i in picks {
                new[i] |= 1 << bit;
            }
        }
    }
    if changed_count == 0 {
        return None;
    }
    Some(
        (0..heaps.len())
            .filter(|&i| changed[i])
            .map(|i| (i, new[i]))
            .collect(),
    )
}

/// The number of lost positions of Moore's Nim_k (a move takes from 1 to `k` heaps) with
/// `heaps` heaps, by their total: entry s counts the tuples (h_1, …, h_heaps) of heap sizes
/// with h_1 + … + h_heaps = s for which [`outcome`] is `SecondPlayerWins`, modulo `modulus`,
/// for s in 0..=`max_total`.
///
/// By the theorem a position is lost iff every bit is set in a multiple of k + 1 heaps, so the
/// tuples are counted bit by bit: at bit b, choose which c = t(k + 1) heaps have it
/// (C(heaps, c) ways), adding c · 2^b to the total.
///
/// ```
/// use grundy::moore::lost_positions;
/// // k = 1 (Nim), two heaps: lost iff equal, so one tuple (s/2, s/2) for each even total.
/// assert_eq!(lost_positions(1, 2, 6, 1_000_000_007), [1, 0, 1, 0, 1, 0, 1]);
/// // k = 2, three heaps: every bit in 0 or 3 heaps, so the three heaps are equal.
/// assert_eq!(lost_positions(2, 3, 6, 1_000_000_007), [1, 0, 0, 1, 0, 0, 1]);
/// ```
///
/// # Constraints
/// `heaps` up to a few thousand (the binomials are a Pascal row, O(heaps²)).
///
/// # Panics
/// If `k` or `modulus` is 0.
///
/// # Complexity
/// O(heaps² + log(max_total) · max_total · heaps / (k + 1)).
pub fn lost_positions(k: u64, heaps: usize, max_total: usize, modulus: u64) -> Vec<u64> {
    assert!(
        k >= 1,
        "lost_positions: a move takes from at least one heap (k >= 1)"
    );
    assert!(modulus > 0, "lost_positions: the modulus must be positive");
    let m = u128::from(modulus);
    // binomial[c] ≡ C(heaps, c) mod modulus, by Pascal's rule (C(heaps, 0) = 1 is left as 1:
    // every use reduces modulo `modulus`).
    let mut binomial = vec![0u64; heaps + 1];
    binomial[0] = 1;
    for row in 1..=heaps {
        for c in (1..=row).rev() {
            binomial[c] = ((u128::from(binomial[c]) + u128::from(binomial[c - 1])) % m) as u64;
        }
    }
    let step = usize::try_from(k.saturating_add(1)).unwrap_or(usize::MAX);
    let mut ways = vec![0u64; max_total + 1];
    ways[0] = 1 % modulus;
    let weights = (0..usize::BITS).map(|bit| 1usize << bit);
    for weight in weights.take_while(|&weight| weight <= max_total) {
        let mut next = vec![0u64; max_total + 1];
        for (total, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            // c = 0, k + 1, 2(k + 1), … heaps with this bit.
            let mut c = 0;
            while c <= heaps {
                let added = match c.checked_mul(weight).and_then(|a| a.checked_add(total)) {
                    Some(added) if added <= max_total => added,
                    _ => break,
                };
                let slot = &mut next[added];
                *slot = ((u128::from(*slot) + u128::from(w) * u128::from(binomial[c])) % m) as u64;
                c = match c.checked_add(step) {
                    Some(c) => c,
                    None => break,
                };
            }
        }
        ways = next;
    }
    ways
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::Rng;

    /// Every literal move of Nim_k: a non-empty set of at most k non-empty heaps, each made
    /// smaller by any amount; positions as sorted lists.
    fn moves(k: usize, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut next = Vec::new();
        for set in 1u32..1 << heaps.len() {
            let chosen: Vec<usize> = (0..heaps.len()).filter(|&i| set >> i & 1 == 1).collect();
            if chosen.len() > k || chosen.iter().any(|&i| heaps[i] == 0) {
                continue;
            }
            // Every combination of new sizes below the old ones, as an odometer.
            let mut after = heaps.to_vec();
            chosen.iter().for_each(|&i| after[i] = 0);
            loop {
                let mut sorted = after.clone();
                sorted.sort_unstable();
                next.push(sorted);
                let mut carried = true;
                for &i in &chosen {
                    if after[i] + 1 < heaps[i] {
                        after[i] += 1;
                        carried = false;
                        break;
                    }
                    after[i] = 0;
                }
                if carried {
                    break;
                }
            }
        }
        next
    }

    #[test]
    fn agrees_with_literal_search() {
        let mut rng = Rng::new(3521);
        for k in 1..=4usize {
            let mut search = Search::normal(move |h: &Vec<u64>| moves(k, h));
            let mut losing = 0;
            for _ in 0..300 {
                let mut heaps: Vec<u64> = (0..rng.range(0, 4)).map(|_| rng.range(0, 7)).collect();
                heaps.sort_unstable();
                let wins = search.mover_wins(heaps.clone());
                assert_eq!(
                    outcome(k as u64, heaps.iter().copied()).first_player_wins(),
                    wins,
                    "k = {}, heaps {:?}",
                    k,
                    heaps
                );
                losing += usize::from(!wins);
                match winning_move(k as u64, &heaps) {
                    None => assert!(!wins, "k = {}, heaps {:?}", k, heaps),
                    Some(changes) => {
                        assert!(!changes.is_empty() && changes.len() <= k);
                        let mut after = heaps.clone();
                        for &(i, to) in &changes {
                            assert!(to < heaps[i], "k = {}, heaps {:?}: {:?}", k, heaps, changes);
                            after[i] = to;
                        }
                        after.sort_unstable();
                        assert!(
                            !search.mover_wins(after),
                            "k = {}, heaps {:?}: {:?}",
                            k,
                            heaps,
                            changes
                        );
                    }
                }
            }
            assert!(losing > 0, "k = {}: some losing positions were met", k);
        }
    }

    /// Many heaps and larger k, where the literal search is out of reach: the move must be
    /// legal and leave a position that the outcome rule (checked against the literal search
    /// above) calls lost. Only here do more than k + 1 − r heaps fall before a bit that needs
    /// k + 1 − r of them raised again.
    #[test]
    fn winning_moves_with_many_heaps_leave_a_lost_position() {
        let mut rng = Rng::new(3522);
        for _ in 0..3000 {
            let k = rng.range(2, 8);
            let heaps: Vec<u64> = (0..rng.range(1, 13)).map(|_| rng.range(0, 63)).collect();
            let wins = outcome(k, heaps.iter().copied()).first_player_wins();
            match winning_move(k, &heaps) {
                None => assert!(!wins, "k = {}, heaps {:?}", k, heaps),
                Some(changes) => {
                    assert!(wins, "k = {}, heaps {:?}", k, heaps);
                    assert!(!changes.is_empty() && changes.len() as u64 <= k);
                    let mut after = heaps.clone();
                    for &(i, to) in &changes {
                        assert!(to < heaps[i], "k = {}, heaps {:?}: {:?}", k, heaps, changes);
                        after[i] = to;
                    }
                    assert!(
                        !outcome(k, after).first_player_wins(),
                        "k = {}, heaps {:?}: {:?}",
                        k,
                        heaps,
                        changes
                    );
                }
            }
        }
    }

    #[test]
    fn the_move_generator_is_literal() {
        // k = 2 from [1, 2]: the 1 alone, the 2 alone, or both.
        let mut got = moves(2, &[1, 2]);
        got.sort();
        let mut want = vec![vec![0, 2], vec![0, 1], vec![1, 1], vec![0, 0], vec![0, 1]];
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn huge_k_and_huge_heaps() {
        assert!(outcome(u64::MAX, [0, 0, 1]).first_player_wins());
        assert!(!outcome(u64::MAX, [0, 0]).first_player_wins());
        assert!(!outcome(1, [u64::MAX, u64::MAX]).first_player_wins());
        assert!(!outcome(2, [u64::MAX; 3]).first_player_wins());
    }

    #[test]
    fn lost_positions_agree_with_enumerated_outcomes() {
        // Every tuple of heap sizes with a small total, judged by `outcome` (itself checked
        // against the literal search above), counted by total.
        for k in 1..=4u64 {
            for heaps in 0..=4usize {
                let max_total = 12;
                let mut want = vec![0u64; max_total + 1];
                let mut tuple = vec![0usize; heaps];
                loop {
                    let total: usize = tuple.iter().sum();
                    if total <= max_total {
                        let sizes = tuple.iter().map(|&h| h as u64);
                        want[total] += u64::from(!outcome(k, sizes).first_player_wins());
                    }
                    // The next tuple, as an odometer over 0..=max_total.
                    let mut i = 0;
                    while i < heaps && tuple[i] == max_total {
                        tuple[i] = 0;
                        i += 1;
                    }
                    if i == heaps {
                        break;
                    }
                    tuple[i] += 1;
                }
                assert_eq!(
                    lost_positions(k, heaps, max_total, 1_000_000_007),
                    want,
                    "k = {}, {} heaps",
                    k,
                    heaps
                );
                let small: Vec<u64> = want.iter().map(|&c| c % 7).collect();
                assert_eq!(lost_positions(k, heaps, max_total, 7), small);
                assert_eq!(
                    lost_positions(k, heaps, max_total, 1),
                    vec![0; max_total + 1]
                );
                // Total 0 alone: the empty tuple, reduced like the rest.
                assert_eq!(lost_positions(k, heaps, 0, 7), [1]);
                assert_eq!(lost_positions(k, heaps, 0, 1), [0]);
            }
        }
    }

    #[test]
    fn lost_positions_with_many_heaps_agree_with_a_heap_by_heap_count() {
        // 100 heaps: binomials past 2^64, reduced at every step. The tuples are counted heap
        // by heap, keyed by (total, each bit's count of heaps mod k + 1), and a tuple is lost
        // when every count is 0 mod k + 1 (the criterion `outcome` applies, checked against
        // the literal search above).
        let (heaps, max_total, modulus) = (100usize, 10usize, 1_000_000_007u64);
        for k in 1..=3usize {
            let r = k + 1;
            let keys = r.pow(4);
            let key_after = |key: usize, size: usize| {
                (0..4).fold(0, |acc, bit| {
                    let count = (key / r.pow(bit) % r + (size >> bit & 1)) % r;
                    acc + count * r.pow(bit)
                })
            };
            let mut count = vec![vec![0u64; keys]; max_total + 1];
            count[0][0] = 1;
            for _ in 0..heaps {
                let mut next = vec![vec![0u64; keys]; max_total + 1];
                for total in 0..=max_total {
                    for key in 0..keys {
                        let c = count[total][key];
                        for size in 0..=max_total - total {
                            let slot = &mut next[total + size][key_after(key, size)];
                            *slot = (*slot + c) % modulus;
                        }
                    }
                }
                count = next;
            }
            let want: Vec<u64> = count.iter().map(|by_key| by_key[0]).collect();
            assert_eq!(
                lost_positions(k as u64, heaps, max_total, modulus),
                want,
                "k = {}",
                k
            );
        }
    }

    #[test]
    fn lost_positions_with_huge_k_and_many_heaps() {
        // k at least the number of heaps: only the empty position is lost.
        assert_eq!(lost_positions(u64::MAX, 5, 4, 97), [1, 0, 0, 0, 0]);
        // 60 heaps of Nim (k = 1), total 2: one heap pair (i, i) of 1s, or one heap of 2? No:
        // a lone 2 has bit 1 once. So C(60, 2) pairs of 1s.
        assert_eq!(lost_positions(1, 60, 2, 1_000_000_007)[2], 1770);
    }

    #[test]
    #[should_panic(expected = "k >= 1")]
    fn k_zero_is_refused() {
        outcome(0, [1]);
    }
}
