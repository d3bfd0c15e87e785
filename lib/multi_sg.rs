//! Multi-SG: moves that split one heap into several.
//!
//! A position of several heaps is the disjunctive sum of its heaps, so by the Sprague–Grundy
//! theorem it is worth the XOR of their values. A move that replaces a heap by parts therefore
//! leads to an option worth the XOR of the parts' values, and a heap's value is the mex of
//! those XORs (Winning Ways, ch. 4; the "Multi-SG" of the Chinese contest canon). k equal parts
//! are worth the part's value for odd k and 0 for even k ([`Nimber::copies`]).
//!
//! Here: a table built from option *values* ([`split_table`], where [`crate::values::grundy_table`]
//! takes option *states*), the options of the two common splits as values
//! ([`split_in_two_values`], [`split_unequal_values`]), and Lasker's Nim in closed form
//! ([`lasker_value`]). Grundy's game (split into two unequal heaps) to large sizes is
//! [`crate::grundys_game`].

use crate::mex::MexBuffer;
use crate::nimber::Nimber;

/// Grundy values of heaps `0..n` whose options are given as values: `options(x, values, out)`
/// pushes onto `out` (empty on entry) the values of the options of heap `x`, where `values`
/// holds the values of heaps `0..x` (a split's option is the XOR of its parts' values, see the
/// module doc).
///
/// ```
/// use grundy::multi_sg::{split_table, split_in_two_values};
/// use grundy::prelude::Nimber;
/// // Take one token, or split a heap into two non-empty heaps.
/// let g = split_table(6, |x, values, options| {
///     options.extend(values[..x].last().copied());
///     options.extend(split_in_two_values(values, x));
/// });
/// assert_eq!(g, [0, 1, 2, 0, 2, 0].map(Nimber));
/// ```
///
/// # Constraints
/// The caller bounds `n` (8 bytes a value).
///
/// # Complexity
/// O(n + total number of options) time, O(n) memory beside the options of one heap.
pub fn split_table<F>(n: usize, mut options: F) -> Vec<Nimber>
where
    F: FnMut(usize, &[Nimber], &mut Vec<Nimber>),
{
    let mut table: Vec<Nimber> = Vec::with_capacity(n);
    let mut found: Vec<Nimber> = Vec::new();
    let mut seen = MexBuffer::new(64);
    for x in 0..n {
        found.clear();
        options(x, &table, &mut found);
        // The mex is at most the number of options: larger values cannot change it, and a
        // buffer of that many slots answers its capacity when every slot is filled.
        seen.reserve(found.len());
        seen.clear();
        seen.insert_all(
            found
                .iter()
                .map(|v| v.value())
                .filter(|&v| v <= found.len() as u64)
                .map(|v| v as usize),
        );
        table.push(Nimber(seen.mex() as u64));
    }
    table
}

/// The values of every split of heap `heap` into two non-empty heaps a + b = heap (a ≤ b),
/// from the values of the smaller heaps: `values[a] ^ values[b]`.
///
/// ```
/// use grundy::multi_sg::split_in_two_values;
/// use grundy::prelude::Nimber;
/// let values = [0, 1, 2, 3].map(Nimber);
/// let options: Vec<u64> = split_in_two_values(&values, 4).map(|v| v.value()).collect();
/// assert_eq!(options, [1 ^ 3, 2 ^ 2]);
/// ```
///
/// # Panics
/// If `values` does not reach heap − 1 (for heap ≥ 2).
///
/// # Complexity
/// O(heap / 2).
pub fn split_in_two_values(values: &[Nimber], heap: usize) -> impl Iterator<Item = Nimber> + '_ {
    (1..=heap / 2).map(move |a| values[a] ^ values[heap - a])
}

/// The values of every split of heap `heap` into two non-empty heaps of different sizes
/// a < b, a + b = heap (Grundy's game's move).
///
/// ```
/// use grundy::multi_sg::split_unequal_values;
/// use grundy::prelude::Nimber;
/// let values = [0, 0, 0, 1].map(Nimber);
/// // 4 = 1 + 3 only: 2 + 2 is equal.
/// assert_eq!(split_unequal_values(&values, 4).collect::<Vec<_>>(), [Nimber(1)]);
/// ```
///
/// # Panics
/// If `values` does not reach heap − 1 (for heap ≥ 3).
///
/// # Complexity
/// O(heap / 2).
pub fn split_unequal_values(values: &[Nimber], heap: usize) -> impl Iterator<Item = Nimber> + '_ {
    (1..(heap + 1) / 2).map(move |a| values[a] ^ values[heap - a])
}

/// The value of a heap of `heap` tokens in Lasker's Nim (a move takes any positive number of
/// tokens from one heap, or splits a heap into two non-empty heaps): 4k+1 → 4k+1,
/// 4k+2 → 4k+2, 4k+3 → 4k+4, 4k+4 → 4k+3, and 0 → 0.
///
/// ```
/// use grundy::multi_sg::lasker_value;
/// use grundy::prelude::Nimber;
/// assert_eq!((0..9).map(lasker_value).collect::<Vec<_>>(), [0, 1, 2, 4, 3, 5, 6, 8, 7].map(Nimber));
/// assert_eq!(lasker_value(u64::MAX - 1), Nimber(u64::MAX - 1)); // 2^64 − 2 = 4k + 2
/// ```
///
/// # Panics
/// If `heap` is 2^64 − 1: its value, 2^64, does not fit.
///
/// # Complexity
/// O(1).
pub fn lasker_value(heap: u64) -> Nimber {
    Nimber(match heap % 4 {
        3 => heap
            .checked_add(1)
            .expect("lasker_value: the value of 2^64 - 1 is 2^64"),
        0 if heap > 0 => heap - 1,
        _ => heap,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::GrundyMemo;
    use testkit::moves::heaps_moves;
    use testkit::Rng;

    /// The value of one heap by literal search over positions of many heaps (sorted lists,
    /// `heaps_moves` applying `moves_of`, the multisets a single heap may become, to one heap).
    fn searched(moves_of: fn(u64) -> Vec<Vec<u64>>, upto: u64) -> Vec<Nimber> {
        let mut memo = GrundyMemo::new(move |heaps: &Vec<u64>| heaps_moves(heaps, moves_of));
        (0..upto)
            .map(|h| memo.value(if h == 0 { vec![] } else { vec![h] }))
            .collect()
    }

    fn lasker_moves(h: u64) -> Vec<Vec<u64>> {
        let mut moves: Vec<Vec<u64>> = (0..h).map(|left| vec![left]).collect();
        moves.extend((1..=h / 2).map(|a| vec![a, h - a]));
        moves
    }

    fn grundys_moves(h: u64) -> Vec<Vec<u64>> {
        (1..(h + 1) / 2).map(|a| vec![a, h - a]).collect()
    }

    #[test]
    fn lasker_closed_form_matches_literal_search() {
        let literal = searched(lasker_moves, 18);
        let closed: Vec<Nimber> = (0..18).map(lasker_value).collect();
        assert_eq!(closed, literal);
        // And the table from values agrees far beyond what the literal search reaches.
        let table = split_table(400, |x, values, options| {
            options.extend_from_slice(&values[..x]);
            options.extend(split_in_two_values(values, x));
        });
        assert!(table
            .iter()
            .enumerate()
            .all(|(x, &v)| v == lasker_value(x as u64)));
    }

    #[test]
    fn split_unequal_matches_literal_search() {
        let literal = searched(grundys_moves, 20);
        let table = split_table(20, |x, values, options| {
            options.extend(split_unequal_values(values, x))
        });
        assert_eq!(table, literal);
        assert_eq!(table[..8], [0, 0, 0, 1, 0, 2, 1, 0].map(Nimber));
    }

    #[test]
    fn random_split_rules_match_literal_search() {
        // A random game per seed: take t ∈ T tokens, split into two heaps (equal allowed or
        // not), or split into k ∈ K equal piles; each checked against the literal search.
        let mut rng = Rng::new(35);
        for _ in 0..12 {
            let takes: Vec<u64> = (1..5).filter(|_| rng.range(0, 1) == 1).collect();
            let ks: Vec<u64> = (2..5).filter(|_| rng.range(0, 2) == 0).collect();
            let unequal = rng.range(0, 1) == 1;
            let moves_of = {
                let (takes, ks) = (takes.clone(), ks.clone());
                move |h: u64| -> Vec<Vec<u64>> {
                    let mut moves: Vec<Vec<u64>> = takes
                        .iter()
                        .filter(|&&t| t <= h)
                        .map(|&t| vec![h - t])
                        .collect();
                    let top = if unequal { (h + 1) / 2 } else { h / 2 + 1 };
                    moves.extend((1..top).map(|a| vec![a, h - a]));
                    for &k in &ks {
                        if h % k == 0 && h / k > 0 {
                            moves.push(vec![h / k; k as usize]);
                        }
                    }
                    moves
                }
            };
            let mut memo = GrundyMemo::new(|heaps: &Vec<u64>| heaps_moves(heaps, &moves_of));
            let table = split_table(16, |x, values, options| {
                options.extend(
                    takes
                        .iter()
                        .filter(|&&t| t as usize <= x)
                        .map(|&t| values[x - t as usize]),
                );
                if unequal {
                    options.extend(split_unequal_values(values, x));
                } else {
                    options.extend(split_in_two_values(values, x));
                }
                for &k in &ks {
                    let k = k as usize;
                    if x % k == 0 && x / k > 0 {
                        options.push(values[x / k].copies(k as u64));
                    }
                }
            });
            for (h, &v) in table.iter().enumerate() {
                let position = if h == 0 { vec![] } else { vec![h as u64] };
                assert_eq!(
                    v,
                    memo.value(position),
                    "heap {} of {:?} {:?} {}",
                    h,
                    takes,
                    ks,
                    unequal
                );
            }
        }
    }
}
