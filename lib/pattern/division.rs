//! Division games: a heap of n may become ⌊n/k⌋ for every k in a set S (heap 0 is finished),
//! so G(0) = 0 and G(n) = mex{G(⌊n/k⌋) : k ∈ S}.
//!
//! Their values are constant on stretches that grow about geometrically (a change at n shows
//! again near k·n), so the last stretch of any finite prefix looks like a constant or periodic
//! tail, and a recursion G(n) = G(⌊n/k⌋) + c can hold on a whole prefix and break a scale
//! later. When the values are a division game, the game itself extends them: [`guess`]
//! (super::guess) checks every candidate against that extension far beyond the data, and
//! offers the game's recursion as a rule when the data pins S down.
//!
//! Finding S: if some S reproduces the values, so does every larger set of divisors each of
//! which never points from n to a value equal to G(n) (the mex only grows by values it may
//! not reach). So the largest such set A reproduces them whenever any set does: one pass per k.
//! A divisor k of A is *needed* when A without k no longer reproduces the values; S is pinned
//! down by the data exactly when every divisor of A is needed.

use std::collections::HashMap;
use std::fmt;

/// The largest divisor tried.
pub(crate) const MAX_DIVISOR: u64 = 64;

/// G(0) = 0, G(n) = mex{G(⌊n/k⌋) : k ∈ divisors}.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DivisionGame {
    divisors: Vec<u64>,
    /// G(0), G(1), … as far as computed when the rule was made.
    table: Vec<u64>,
}

fn mex_of(options: impl Iterator<Item = u64>) -> u64 {
    let mut seen: u128 = 0;
    let mut large: Vec<u64> = Vec::new();
    for v in options {
        if v < 128 {
            seen |= 1 << v;
        } else {
            large.push(v);
        }
    }
    let small = (!seen).trailing_zeros() as u64;
    if small < 128 {
        return small;
    }
    (128..).find(|v| !large.contains(v)).expect("a free value")
}

/// Appends G(n) for n from `g.len()` (at least 1) to `len` - 1, by the mex over `divisors`.
/// The quotients ⌊n/k⌋ are carried from one n to the next by a remainder per divisor instead
/// of a division each, and when no divisor divides n they are those of n - 1, and so is G(n).
fn extend_values(divisors: &[u64], g: &mut Vec<u64>, len: usize) {
    let start = g.len();
    assert!(start >= 1, "G(0) = 0 is given");
    if start >= len {
        return;
    }
    let divisors: Vec<usize> = divisors.iter().map(|&k| k as usize).collect();
    let mut quotients: Vec<usize> = divisors.iter().map(|&k| start / k).collect();
    let mut remainders: Vec<usize> = divisors.iter().map(|&k| start % k).collect();
    g.reserve(len - start);
    let mut moved = true;
    for n in start..len {
        let v = if moved {
            mex_of(quotients.iter().map(|&q| g[q]))
        } else {
            g[n - 1]
        };
        g.push(v);
        moved = false;
        for ((q, r), &k) in quotients.iter_mut().zip(&mut remainders).zip(&divisors) {
            *r += 1;
            if *r == k {
                *r = 0;
                *q += 1;
                moved = true;
            }
        }
    }
}

/// Whether the mex over `divisors` reproduces every value.
fn reproduces(values: &[u64], divisors: &[u64]) -> bool {
    !divisors.is_empty()
        && values.first() == Some(&0)
        && (1..values.len())
            .all(|n| mex_of(divisors.iter().map(|&k| values[n / k as usize])) == values[n])
}

/// The largest set of divisors (2..=[`MAX_DIVISOR`], below the data's length) none of which
/// ever points to a value equal to G(n).
fn largest_set(values: &[u64]) -> Vec<u64> {
    let len = values.len() as u64;
    (2..=MAX_DIVISOR.min(len.saturating_sub(1)))
        .filter(|&k| (1..values.len()).all(|n| values[n / k as usize] != values[n]))
        .collect()
}

/// The divisors of `divisors` (a set that reproduces `values`) without which it no longer
/// does: those that alone, at some n, give a value below G(n), the mex then dropping to it.
/// One pass, counting each value's divisors at every n.
fn needed_divisors(values: &[u64], divisors: &[u64]) -> Vec<u64> {
    let mut needed = vec![false; divisors.len()];
    let mut options = vec![0u64; divisors.len()];
    for n in 1..values.len() {
        let (mut once, mut twice) = (0u128, 0u128);
        for (i, &k) in divisors.iter().enumerate() {
            let v = values[n / k as usize];
            options[i] = v;
            if v < 128 {
                let bit = 1u128 << v;
                twice |= once & bit;
                once |= bit;
            }
        }
        for (i, &v) in options.iter().enumerate() {
            // A value of 128 or more: counted the slow way.
            let alone = if v < 128 {
                twice >> v & 1 == 0
            } else {
                options.iter().filter(|&&w| w == v).count() == 1
            };
            if v < values[n] && alone {
                needed[i] = true;
            }
        }
    }
    divisors
        .iter()
        .zip(needed)
        .filter(|&(_, is_needed)| is_needed)
        .map(|(&k, _)| k)
        .collect()
}

impl DivisionGame {
    /// The division games the values are: the largest set of divisors, and the set of its
    /// needed divisors when that differs and also reproduces them. Empty when no set does.
    pub(crate) fn consistent(values: &[u64]) -> Vec<DivisionGame> {
        let largest = largest_set(values);
        if !reproduces(values, &largest) {
            return Vec::new();
        }
        let needed = needed_divisors(values, &largest);
        let mut games = vec![DivisionGame::new(largest.clone(), values.len())];
        if needed != largest && reproduces(values, &needed) {
            games.push(DivisionGame::new(needed, values.len()));
        }
        games
    }

    /// The game as a rule, when the data pins its set down: every divisor is needed, and the
    /// largest k has k² <= the number of values (its moves seen over two scales).
    pub(crate) fn fit(values: &[u64]) -> Option<DivisionGame> {
        let games = DivisionGame::consistent(values);
        let game = games.into_iter().next()?;
        let largest = *game.divisors.last().expect("a divisor");
        let all_needed = needed_divisors(values, &game.divisors) == game.divisors;
        if all_needed && largest * largest <= values.len() as u64 {
            Some(game)
        } else {
            None
        }
    }

    fn new(divisors: Vec<u64>, len: usize) -> DivisionGame {
        let mut table = vec![0u64];
        extend_values(&divisors, &mut table, len.max(1 << 12));
        DivisionGame { divisors, table }
    }

    /// G(0), …, G(len - 1) by the recursion.
    pub(crate) fn extend(&self, len: usize) -> Vec<u64> {
        let mut g = self.table.clone();
        g.truncate(len);
        extend_values(&self.divisors, &mut g, len);
        g
    }

    pub(crate) fn value(&self, n: u64) -> u64 {
        let mut memo = HashMap::new();
        self.value_memo(n, &mut memo)
    }

    fn value_memo(&self, n: u64, memo: &mut HashMap<u64, u64>) -> u64 {
        if n < self.table.len() as u64 {
            return self.table[n as usize];
        }
        if let Some(&v) = memo.get(&n) {
            return v;
        }
        let options: Vec<u64> = self
            .divisors
            .iter()
            .map(|&k| self.value_memo(n / k, memo))
            .collect();
        let v = mex_of(options.into_iter());
        memo.insert(n, v);
        v
    }

    pub(crate) fn parameters(&self) -> usize {
        self.divisors.len()
    }

    pub(crate) fn divisors(&self) -> &[u64] {
        &self.divisors
    }
}

impl fmt::Display for DivisionGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set: Vec<String> = self.divisors.iter().map(|k| k.to_string()).collect();
        write!(
            f,
            "G(n) = mex{{G(⌊n/k⌋) : k in {{{}}}}} for n >= 1; G(0) = 0",
            set.join(", ")
        )
    }
}
