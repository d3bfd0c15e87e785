//! Grundy values by dynamic programming: tables over integer states and memoised search over
//! arbitrary hashable states, plus the value of a disjunctive sum.

use crate::mex::MexBuffer;
use crate::nim::nim_sum;
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

/// Grundy values of states `0..n`, where every move from `x` leads to a smaller state.
///
/// `successors(x)` lists the states reachable from `x` in one move (duplicates are fine).
///
/// ```
/// // Subtraction game S = {1, 2}: values repeat 0, 1, 2.
/// let g = grundy::grundy_table(7, |x| [1, 2].iter().filter(move |&&s| s <= x).map(move |s| x - s));
/// assert_eq!(g, vec![0, 1, 2, 0, 1, 2, 0]);
/// ```
///
/// # Constraints
/// The table holds `n` values of 4 bytes; the caller bounds `n`.
///
/// # Panics
/// If a successor of `x` is not smaller than `x` (the order would not be bottom-up).
///
/// # Complexity
/// O(n + total number of moves) time, O(n) memory.
pub fn grundy_table<F, I>(n: usize, mut successors: F) -> Vec<u32>
where
    F: FnMut(usize) -> I,
    I: IntoIterator<Item = usize>,
{
    let mut table: Vec<u32> = Vec::with_capacity(n);
    let mut options = Vec::new();
    let mut seen = MexBuffer::new(16);
    for x in 0..n {
        options.clear();
        for s in successors(x) {
            assert!(
                s < x,
                "grundy_table: move from {} to {} does not lower the state",
                x,
                s
            );
            options.push(table[s] as usize);
        }
        table.push(mex_of(&mut seen, &options));
    }
    table
}

/// The mex of `options`, computed in the reusable buffer `seen`.
fn mex_of(seen: &mut MexBuffer, options: &[usize]) -> u32 {
    seen.reserve(options.len() + 1);
    seen.clear();
    options.iter().for_each(|&v| seen.insert(v));
    seen.mex() as u32
}

/// Memoised Grundy values over arbitrary hashable states (tuples, vectors, boards …).
///
/// The game must be finite and acyclic. The search uses an explicit stack, so deep games do not
/// overflow the call stack, and the memo persists across queries.
///
/// ```
/// use grundy::GrundyMemo;
/// // Two-heap Nim: the value is a ^ b.
/// let mut memo = GrundyMemo::new(|&(a, b): &(u8, u8)| {
///     let mut next: Vec<(u8, u8)> = (0..a).map(|x| (x, b)).collect();
///     next.extend((0..b).map(|y| (a, y)));
///     next
/// });
/// assert_eq!(memo.value((5, 3)), 5 ^ 3);
/// ```
///
/// # Constraints
/// Memory grows with the number of distinct states reached; the caller bounds it.
///
/// # Panics
/// If the game has a cycle reachable from the queried state.
///
/// # Complexity
/// O(states reached + moves among them) hash operations over all queries together.
pub struct GrundyMemo<S, F> {
    successors: F,
    memo: HashMap<S, u32>,
}

impl<S, F, I> GrundyMemo<S, F>
where
    S: Clone + Eq + Hash,
    F: FnMut(&S) -> I,
    I: IntoIterator<Item = S>,
{
    /// A memo for the game whose moves are `successors(state)`.
    ///
    /// ```
    /// let mut memo = grundy::GrundyMemo::new(|&n: &u32| (1..=n.min(3)).map(move |s| n - s));
    /// assert_eq!(memo.value(5), 1);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn new(successors: F) -> Self {
        GrundyMemo {
            successors,
            memo: HashMap::new(),
        }
    }

    /// The Grundy value of `state`.
    ///
    /// ```
    /// let mut memo = grundy::GrundyMemo::new(|&n: &u32| if n > 0 { vec![n - 1] } else { vec![] });
    /// assert_eq!(memo.value(100_000), 0); // deep chains do not overflow the stack
    /// ```
    ///
    /// # Panics
    /// If a cycle is reachable from `state`.
    ///
    /// # Complexity
    /// Amortised O(new states + their moves) hash operations.
    pub fn value(&mut self, state: S) -> u32 {
        if let Some(&g) = self.memo.get(&state) {
            return g;
        }
        // Each frame: a state and its successor list, with the index of the next one to visit.
        let mut stack: Vec<(S, Vec<S>, usize)> = Vec::new();
        let mut on_stack: HashSet<S> = HashSet::new();
        let mut seen = MexBuffer::new(16);
        let mut options = Vec::new();
        let root = state.clone();
        let first: Vec<S> = (self.successors)(&state).into_iter().collect();
        on_stack.insert(state.clone());
        stack.push((state, first, 0));
        while let Some((_, next, index)) = stack.last_mut() {
            if let Some(child) = next.get(*index).cloned() {
                *index += 1;
                if self.memo.contains_key(&child) {
                    continue;
                }
                assert!(
                    !on_stack.contains(&child),
                    "GrundyMemo: the game has a cycle"
                );
                let grandchildren: Vec<S> = (self.successors)(&child).into_iter().collect();
                on_stack.insert(child.clone());
                stack.push((child, grandchildren, 0));
            } else {
                let (done, next, _) = stack.pop().expect("stack is not empty");
                options.clear();
                options.extend(next.iter().map(|s| self.memo[s] as usize));
                let g = mex_of(&mut seen, &options);
                on_stack.remove(&done);
                self.memo.insert(done, g);
            }
        }
        self.memo[&root]
    }

    /// The number of states whose value is memoised.
    ///
    /// ```
    /// let mut memo = grundy::GrundyMemo::new(|&n: &u8| (0..n).collect::<Vec<_>>());
    /// memo.value(4);
    /// assert_eq!(memo.len(), 5);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether no state has been evaluated yet.
    ///
    /// ```
    /// let memo = grundy::GrundyMemo::new(|&n: &u8| (0..n).collect::<Vec<_>>());
    /// assert!(memo.is_empty());
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }
}

/// The Grundy value of a disjunctive sum: the nim-sum of its components' values (Sprague–Grundy).
///
/// ```
/// assert_eq!(grundy::sum_value([1, 2, 3]), 0);
/// ```
///
/// # Complexity
/// O(number of components).
pub fn sum_value<I: IntoIterator<Item = u64>>(components: I) -> u64 {
    nim_sum(components)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    fn random_set(rng: &mut Rng) -> Vec<usize> {
        let mut set: Vec<usize> = (0..rng.range(1, 3))
            .map(|_| rng.range(1, 5) as usize)
            .collect();
        set.sort_unstable();
        set.dedup();
        set
    }

    fn subtraction_table(set: &[usize], n: usize) -> Vec<u32> {
        grundy_table(n, |x| {
            set.iter().filter(move |&&s| s <= x).map(move |&s| x - s)
        })
    }

    /// Literal search of the sum of two subtraction games: does the mover win at (a, b)?
    fn sum_mover_wins(
        s1: &[usize],
        s2: &[usize],
        a: usize,
        b: usize,
        memo: &mut HashMap<(usize, usize), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(a, b)) {
            return w;
        }
        let left = s1
            .iter()
            .filter(|&&s| s <= a)
            .any(|&s| !sum_mover_wins(s1, s2, a - s, b, memo));
        let wins = left
            || s2
                .iter()
                .filter(|&&s| s <= b)
                .any(|&s| !sum_mover_wins(s1, s2, a, b - s, memo));
        memo.insert((a, b), wins);
        wins
    }

    #[test]
    fn xor_rule_matches_search_of_the_sum_game() {
        let mut rng = Rng::new(21);
        for _ in 0..60 {
            let (s1, s2) = (random_set(&mut rng), random_set(&mut rng));
            let (t1, t2) = (subtraction_table(&s1, 25), subtraction_table(&s2, 25));
            let mut memo = HashMap::new();
            for (a, &ga) in t1.iter().enumerate() {
                for (b, &gb) in t2.iter().enumerate() {
                    let by_xor = sum_value([ga as u64, gb as u64]) != 0;
                    assert_eq!(
                        by_xor,
                        sum_mover_wins(&s1, &s2, a, b, &mut memo),
                        "{s1:?} {s2:?} {a} {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn memo_agrees_with_table() {
        let mut rng = Rng::new(22);
        for _ in 0..40 {
            let set = random_set(&mut rng);
            let table = subtraction_table(&set, 60);
            let moves = set.clone();
            let mut memo = GrundyMemo::new(move |&x: &usize| {
                moves
                    .iter()
                    .filter(|&&s| s <= x)
                    .map(|&s| x - s)
                    .collect::<Vec<_>>()
            });
            for x in (0..60).rev() {
                assert_eq!(memo.value(x), table[x], "{set:?} at {x}");
            }
        }
    }

    #[test]
    fn values_beyond_255_are_kept() {
        // Nim heap n has value n: every smaller heap is an option.
        let table = grundy_table(400, |x| 0..x);
        assert_eq!(table[399], 399);
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn memo_detects_cycles() {
        GrundyMemo::new(|&x: &u8| vec![x ^ 1]).value(0);
    }
}
