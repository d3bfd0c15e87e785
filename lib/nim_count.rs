//! Counting positions by Nim sum: "how many positions does the first player win", modulo a
//! prime.
//!
//! # The theorem
//! A position made of independent components is lost for the player to move exactly when the
//! XOR of the components' Grundy values (the Nim sum) is 0 (Sprague–Grundy). So when each
//! component can be chosen in several ways, `counts[g]` of them with Grundy value g, the number
//! of positions with each Nim sum is the XOR convolution of the components' counts, computed
//! by the Walsh–Hadamard transform ([`xor_transform`](crate::xor_transform)); the positions the
//! first player wins are all the others. For a few small values, the subsets of a list by
//! their XOR are a direct DP.
//!
//! Source: Sprague–Grundy, with the XOR convolution as in OI-wiki's counting problems on Nim
//! ("Nim + 计数 DP").
//!
//! ```
//! use grundy::nim_count::lost_positions;
//! // Two heaps of 0..=3 stones each: 4 of the 16 positions (equal heaps) are lost.
//! assert_eq!(lost_positions(&[vec![1, 1, 1, 1], vec![1, 1, 1, 1]], 1_000_000_007), 4);
//! ```

use crate::xor_transform::{inverse_mod, transform_mod};

/// The number of positions with each Nim sum, modulo an odd `modulus`: `components[i][g]` is the
/// number of ways to choose component i with Grundy value g, and a position is one choice for
/// every component. The result's length is the smallest power of two above every index used
/// (at least 1); with no components it is the one empty position, of Nim sum 0.
///
/// ```
/// use grundy::nim_count::positions;
/// // A heap of 1 or 2, and a heap of 0, 1, 2 or 3 (the counts of each Grundy value).
/// assert_eq!(positions(&[vec![0, 1, 1], vec![1, 1, 1, 1]], 1_000_000_007), [2, 2, 2, 2]);
/// ```
///
/// # Panics
/// If `modulus` is even.
///
/// # Complexity
/// O(c · M log M) for c components and length M.
pub fn positions(components: &[Vec<u64>], modulus: u64) -> Vec<u64> {
    assert!(modulus % 2 == 1, "positions: the modulus must be odd");
    let len = components
        .iter()
        .map(|c| c.len())
        .max()
        .unwrap_or(1)
        .max(1)
        .next_power_of_two();
    let mut product = vec![1 % modulus; len];
    let mut hat = vec![0u64; len];
    for counts in components {
        hat.iter_mut().for_each(|v| *v = 0);
        for (h, &c) in hat.iter_mut().zip(counts) {
            *h = c % modulus;
        }
        transform_mod(&mut hat, modulus);
        for (p, &h) in product.iter_mut().zip(&hat) {
            *p = (u128::from(*p) * u128::from(h) % u128::from(modulus)) as u64;
        }
    }
    inverse_mod(&mut product, modulus);
    product
}

/// The number of positions with Nim sum 0 (lost for the player to move), modulo an odd
/// `modulus`; see [`positions`].
///
/// ```
/// use grundy::nim_count::lost_positions;
/// // Three components, each of value 1 or 2 (one way each): no XOR of three of them is 0.
/// let c = vec![0, 1, 1];
/// assert_eq!(lost_positions(&[c.clone(), c.clone(), c], 97), 0);
/// ```
///
/// # Panics
/// If `modulus` is even.
///
/// # Complexity
/// As [`positions`].
pub fn lost_positions(components: &[Vec<u64>], modulus: u64) -> u64 {
    positions(components, modulus)[0]
}

/// The number of subsets of `values` (the empty one included) with each XOR, modulo
/// `modulus`, by the DP "take or leave each value": length the smallest power of two above the
/// largest value.
///
/// ```
/// use grundy::nim_count::subsets;
/// // {}, {1}, {2}, {3}, {1, 2}, {1, 3}, {2, 3}, {1, 2, 3}: XORs 0, 1, 2, 3, 3, 2, 1, 0.
/// assert_eq!(subsets(&[1, 2, 3], 1_000_000_007), [2, 2, 2, 2]);
/// ```
///
/// # Constraints
/// Values below 2^24 (the table has one entry per value below the next power of two).
///
/// # Panics
/// If a value is 2^24 or more, or `modulus` is 0.
///
/// # Complexity
/// O(n · M) for n values and length M.
pub fn subsets(values: &[u64], modulus: u64) -> Vec<u64> {
    assert!(modulus > 0, "subsets: the modulus must be positive");
    let largest = values.iter().copied().max().unwrap_or(0);
    assert!(
        largest < 1 << 24,
        "subsets: values below 2^24 (the table has one entry per value)"
    );
    let len = (largest as usize + 1).next_power_of_two();
    let mut counts = vec![0u64; len];
    counts[0] = 1 % modulus;
    let mut next = vec![0u64; len];
    for &v in values {
        for (x, slot) in next.iter_mut().enumerate() {
            let with = counts[x ^ v as usize];
            let sum = counts[x].wrapping_add(with);
            *slot = if sum >= modulus || sum < with {
                sum.wrapping_sub(modulus)
            } else {
                sum
            };
        }
        std::mem::swap(&mut counts, &mut next);
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    /// Every position enumerated: one choice per component, weights multiplied.
    fn literal_positions(components: &[Vec<u64>], len: usize, modulus: u64) -> Vec<u64> {
        let mut counts = vec![0u128; len];
        counts[0] = 1 % u128::from(modulus);
        for comp in components {
            let mut next = vec![0u128; len];
            for (x, &c) in counts.iter().enumerate() {
                for (g, &ways) in comp.iter().enumerate() {
                    next[x ^ g] += c * u128::from(ways);
                }
            }
            counts = next.iter().map(|&c| c % u128::from(modulus)).collect();
        }
        counts.iter().map(|&c| c as u64).collect()
    }

    #[test]
    fn positions_agree_with_enumeration() {
        let mut rng = Rng::new(4421);
        for _ in 0..400 {
            let comps: Vec<Vec<u64>> = (0..rng.range(0, 4))
                .map(|_| (0..rng.range(0, 9)).map(|_| rng.below(4)).collect())
                .collect();
            let len = comps
                .iter()
                .map(|c| c.len())
                .max()
                .unwrap_or(1)
                .max(1)
                .next_power_of_two();
            for &m in &[1_000_000_007u64, 5, 1] {
                let want = literal_positions(&comps, len, m);
                assert_eq!(positions(&comps, m), want, "{:?} mod {}", comps, m);
                assert_eq!(lost_positions(&comps, m), want[0]);
            }
        }
    }

    #[test]
    fn lost_positions_by_literal_play() {
        // Components are Nim heaps with a chosen size range; lost positions counted by playing
        // each position out with a literal search (no Grundy values at all).
        use testkit::search::{nim_moves, Search};
        let mut search = Search::normal(nim_moves);
        let mut rng = Rng::new(4422);
        for _ in 0..100 {
            let tops: Vec<u64> = (0..rng.range(1, 3)).map(|_| rng.range(0, 5)).collect();
            let comps: Vec<Vec<u64>> = tops.iter().map(|&t| vec![1; t as usize + 1]).collect();
            let mut lost = 0;
            let total: u64 = tops.iter().map(|&t| t + 1).product();
            for code in 0..total {
                let mut rest = code;
                let mut heaps: Vec<u64> = tops
                    .iter()
                    .map(|&t| {
                        let h = rest % (t + 1);
                        rest /= t + 1;
                        h
                    })
                    .collect();
                heaps.sort_unstable();
                lost += u64::from(!search.mover_wins(heaps));
            }
            assert_eq!(lost_positions(&comps, 1_000_000_007), lost, "{:?}", tops);
        }
    }

    #[test]
    fn subsets_agree_with_enumeration() {
        let mut rng = Rng::new(4423);
        for _ in 0..300 {
            let values: Vec<u64> = (0..rng.range(0, 10)).map(|_| rng.below(40)).collect();
            let len = (values.iter().copied().max().unwrap_or(0) as usize + 1).next_power_of_two();
            for &m in &[1_000_000_007u64, 3, 1, u64::MAX] {
                let mut want = vec![0u64; len];
                for set in 0u32..1 << values.len() {
                    let x = (0..values.len())
                        .filter(|&i| set >> i & 1 == 1)
                        .fold(0, |x, i| x ^ values[i]);
                    want[x as usize] += 1;
                }
                let want: Vec<u64> = want.iter().map(|&c| c % m).collect();
                assert_eq!(subsets(&values, m), want, "{:?} mod {}", values, m);
            }
        }
    }

    #[test]
    fn subsets_wrap_near_a_huge_modulus() {
        // 70 zeros: 2^70 subsets of XOR 0, modulo 2^64 − 1 (so sums exceed u64 halfway).
        let m = u64::MAX;
        let want = ((1u128 << 70) % u128::from(m)) as u64;
        assert_eq!(subsets(&[0; 70], m), [want]);
    }
}
