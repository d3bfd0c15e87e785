//! Literal successor positions for games played on several components at once, so that a
//! problem's brute force is its one-component rule and a [`Search`](crate::search::Search):
//!
//! - [`components_moves`]: a move changes one component of a list into any number of
//!   components (none: it is gone; several: it split); states are sorted lists, so equal
//!   positions reached in different orders share the search's memo;
//! - [`heaps_moves`]: the same for heaps (`u64`), with empty heaps dropped;
//! - [`tree_cut_moves`]: green Hackenbush on a rooted tree: cut one edge and drop the part
//!   that no longer holds the root.
//!
//! They apply rules as stated and know nothing of Grundy values, so a search over them checks
//! a sum's values independently (Nim's own moves are [`nim_moves`](crate::search::nim_moves)).

/// Every position one move from `components`, where a move replaces one component `c` by the
/// components of one entry of `rule(c)` (an empty entry removes `c`; two entries or more split
/// it). Each result is sorted.
///
/// ```
/// use testkit::moves::components_moves;
/// // A word loses its first letter, or splits into its halves when its length is even.
/// let next = components_moves(&["ab".to_string()], |w| {
///     let mut parts = vec![vec![w[1..].to_string()]];
///     if w.len() % 2 == 0 {
///         let (a, b) = w.split_at(w.len() / 2);
///         parts.push(vec![a.to_string(), b.to_string()]);
///     }
///     parts
/// });
/// assert_eq!(next, vec![vec!["b".to_string()], vec!["a".to_string(), "b".to_string()]]);
/// ```
///
/// # Constraints
/// Equal components are tried once: a rule depends on the component only, so moving one copy or
/// another leads to the same sorted list.
///
/// # Complexity
/// O(moves · list length · log) for the copies and sorts.
pub fn components_moves<T, F>(components: &[T], rule: F) -> Vec<Vec<T>>
where
    T: Ord + Clone,
    F: Fn(&T) -> Vec<Vec<T>>,
{
    let mut next = Vec::new();
    for (i, c) in components.iter().enumerate() {
        if components[..i].contains(c) {
            continue;
        }
        for parts in rule(c) {
            let mut after: Vec<T> = components[..i].to_vec();
            after.extend_from_slice(&components[i + 1..]);
            after.extend(parts);
            after.sort();
            next.push(after);
        }
    }
    next
}

/// Every position one move from a list of heaps, where a move replaces one heap `h` by the
/// heaps of one entry of `rule(h)`: `vec![h - 1]` lowers it, `vec![a, b]` splits it, `vec![]`
/// removes it. Empty heaps (0) are dropped and each result is sorted.
///
/// ```
/// use testkit::moves::heaps_moves;
/// use testkit::search::Search;
/// // Grundy's game: split a heap into two unequal non-empty heaps.
/// let grundy_split = |h: u64| (1..(h + 1) / 2).map(|a| vec![a, h - a]).collect();
/// assert_eq!(heaps_moves(&[4, 3], grundy_split), vec![vec![1, 3, 3], vec![1, 2, 4]]);
/// let mut search = Search::normal(move |heaps: &Vec<u64>| heaps_moves(heaps, grundy_split));
/// assert!(!search.mover_wins(vec![3, 3])); // a pair cancels
/// assert!(search.mover_wins(vec![3]));
/// ```
///
/// # Complexity
/// As [`components_moves`].
pub fn heaps_moves<F>(heaps: &[u64], rule: F) -> Vec<Vec<u64>>
where
    F: Fn(u64) -> Vec<Vec<u64>>,
{
    let non_empty: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    components_moves(&non_empty, |&h| {
        rule(h)
            .into_iter()
            .map(|parts| parts.into_iter().filter(|&p| p > 0).collect())
            .collect()
    })
}

/// Green Hackenbush on a rooted tree: every tree left by cutting one edge and dropping the part
/// without the root.
///
/// A tree of n vertices is `parents` of length n − 1: vertex 0 is the root and `parents[i]` is
/// the parent of vertex i + 1, numbered below it (`parents[i] <= i`). The trees returned are in
/// the same form, the kept vertices renumbered in their order; `vec![]` is the root alone.
///
/// ```
/// use testkit::moves::tree_cut_moves;
/// use testkit::search::Search;
/// // A root with a path of two edges (0-1-2) and a leaf (0-3).
/// let tree = vec![0, 1, 0];
/// // Cutting above 1, 2 or 3 leaves the leaf, the root's two leaves, or the path.
/// assert_eq!(tree_cut_moves(&tree), vec![vec![0], vec![0, 0], vec![0, 1]]);
/// // Stalks of 2 and 1 edges: Nim heaps 2 and 1, a win.
/// let mut search = Search::normal(|t: &Vec<usize>| tree_cut_moves(t));
/// assert!(search.mover_wins(tree));
/// ```
///
/// # Panics
/// If a parent is not numbered below its child.
///
/// # Complexity
/// O(n^2) for n vertices: n − 1 cuts, each rebuilding the tree.
#[allow(clippy::ptr_arg)] // a search's states are `Vec<usize>`
pub fn tree_cut_moves(parents: &Vec<usize>) -> Vec<Vec<usize>> {
    let n = parents.len() + 1;
    for (i, &p) in parents.iter().enumerate() {
        assert!(
            p <= i,
            "tree_cut_moves: vertex {} has parent {}, not numbered below it",
            i + 1,
            p
        );
    }
    let mut next = Vec::with_capacity(n - 1);
    for cut in 1..n {
        // Parents come first, so one pass marks the cut vertex's whole subtree.
        let mut dropped = vec![false; n];
        dropped[cut] = true;
        for v in cut + 1..n {
            dropped[v] = dropped[parents[v - 1]];
        }
        let mut new_index = vec![0; n];
        let mut kept = 0;
        for v in 0..n {
            if !dropped[v] {
                new_index[v] = kept;
                kept += 1;
            }
        }
        next.push(
            (1..n)
                .filter(|&v| !dropped[v])
                .map(|v| new_index[parents[v - 1]])
                .collect(),
        );
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{nim_moves, Search};
    use crate::Rng;

    /// Grundy's game values by the mex over the splits: the independent reference.
    fn grundy_game_values(n: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for h in 0..n {
            let options: Vec<u64> = (1..h.div_ceil(2)).map(|a| g[a] ^ g[h - a]).collect();
            g.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn heaps_moves_under_nim_s_rule_are_nim_moves() {
        let mut rng = Rng::new(31);
        for _ in 0..200 {
            let mut heaps: Vec<u64> = (0..rng.below(5)).map(|_| rng.range(1, 6)).collect();
            heaps.sort_unstable();
            let mut by_rule = heaps_moves(&heaps, |h| (0..h).map(|x| vec![x]).collect());
            let mut literal = nim_moves(&heaps);
            by_rule.sort();
            literal.sort();
            literal.dedup();
            assert_eq!(by_rule, literal, "{heaps:?}");
        }
    }

    #[test]
    fn a_search_over_splits_matches_the_xor_of_grundy_s_game_values() {
        let g = grundy_game_values(16);
        let split = |h: u64| (1..h.div_ceil(2)).map(|a| vec![a, h - a]).collect();
        let mut search = Search::normal(move |heaps: &Vec<u64>| heaps_moves(heaps, split));
        let mut rng = Rng::new(32);
        for _ in 0..300 {
            let mut heaps: Vec<u64> = (0..rng.range(1, 4)).map(|_| rng.range(1, 12)).collect();
            heaps.sort_unstable();
            let value = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
            assert_eq!(search.mover_wins(heaps.clone()), value != 0, "{heaps:?}");
        }
        // The game's first values are 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1: a heap of 13 wins alone.
        assert!(search.mover_wins(vec![13]) && !search.mover_wins(vec![10]));
    }

    #[test]
    fn empty_heaps_and_removals_are_dropped() {
        // Take a whole heap, or halve an even heap into two.
        let rule = |h: u64| {
            let mut moves = vec![vec![]];
            if h.is_multiple_of(2) {
                moves.push(vec![h / 2, h / 2, 0]);
            }
            moves
        };
        assert_eq!(
            heaps_moves(&[0, 2, 3, 2], rule),
            vec![vec![2, 3], vec![1, 1, 2, 3], vec![2, 2]]
        );
    }

    /// A random tree of `n` vertices in `tree_cut_moves`'s form.
    fn random_tree(rng: &mut Rng, n: usize) -> Vec<usize> {
        (1..n).map(|v| rng.below(v as u64) as usize).collect()
    }

    /// The colon principle: a rooted tree is worth the nim-sum over the root's children c of
    /// (c's subtree's value) + 1.
    fn colon_value(parents: &[usize], v: usize) -> u64 {
        (1..=parents.len())
            .filter(|&c| parents[c - 1] == v)
            .fold(0, |x, c| x ^ (colon_value(parents, c) + 1))
    }

    #[test]
    fn tree_cuts_agree_with_the_colon_principle() {
        let mut rng = Rng::new(33);
        let mut search = Search::normal(|t: &Vec<usize>| tree_cut_moves(t));
        for _ in 0..300 {
            let n = rng.range(1, 11) as usize;
            let tree = random_tree(&mut rng, n);
            assert_eq!(
                search.mover_wins(tree.clone()),
                colon_value(&tree, 0) != 0,
                "{tree:?}"
            );
        }
        // A path of 3 edges is a Nim heap of 3; cutting its top edge leaves the root alone.
        assert_eq!(
            tree_cut_moves(&vec![0, 1, 2]),
            vec![vec![], vec![0], vec![0, 1]]
        );
    }

    #[test]
    fn forests_of_trees_are_sums() {
        let mut rng = Rng::new(34);
        // A forest: a sorted list of trees; a tree cut to its root alone is gone.
        let forest_moves = |forest: &Vec<Vec<usize>>| {
            components_moves(forest, |tree| {
                tree_cut_moves(tree)
                    .into_iter()
                    .map(|t| if t.is_empty() { vec![] } else { vec![t] })
                    .collect()
            })
        };
        let mut search = Search::normal(forest_moves);
        for _ in 0..150 {
            let mut forest: Vec<Vec<usize>> = (0..rng.range(1, 4))
                .map(|_| {
                    let n = rng.range(2, 7) as usize;
                    random_tree(&mut rng, n)
                })
                .collect();
            forest.sort();
            let value = forest.iter().fold(0, |x, t| x ^ colon_value(t, 0));
            assert_eq!(search.mover_wins(forest.clone()), value != 0, "{forest:?}");
        }
    }

    #[test]
    #[should_panic(expected = "not numbered below it")]
    fn a_parent_after_its_child_is_refused() {
        tree_cut_moves(&vec![0, 2]);
    }
}
