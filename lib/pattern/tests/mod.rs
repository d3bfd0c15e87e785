//! The guesser on games computed by literal search here, never by the rule under test: each
//! family gets a prefix of its game's values and must extend it far beyond, exactly; games
//! without a known rule must be refused.

use super::*;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use testkit::search::Search;

mod families;
mod never_wrong;
mod suite;
mod tables;

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    // Marks in a table, not a hash set: the mex of k values is at most k, so larger values
    // cannot matter, and the brute forces below take the mex of up to thousands of values at
    // each of thousands of positions.
    let values: Vec<u64> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(mark) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *mark = true;
        }
    }
    seen.iter().position(|&s| !s).expect("a free value") as u64
}

/// Values of a heap game by searching every move: a move leaves a list of heaps, whose value is
/// the XOR of theirs (the Sprague–Grundy theorem, the game's definition of a sum).
fn heap_game(len: usize, moves: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let options: Vec<u64> = moves(n)
            .iter()
            .map(|heaps| heaps.iter().fold(0, |x, &h| x ^ g[h]))
            .collect();
        g.push(mex(options));
    }
    g
}

/// A single-heap game: each move leaves one heap, whose value is the option's.
fn one_heap(len: usize, moves: impl Fn(usize) -> Vec<usize>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let value = mex(moves(n).into_iter().map(|m| g[m]));
        g.push(value);
    }
    g
}

fn subtraction(len: usize, set: &[usize]) -> Vec<u64> {
    one_heap(len, |n| {
        set.iter().filter(|&&s| s <= n).map(|&s| n - s).collect()
    })
}

/// Take-and-break: remove `take` pins from a row (any of `takes`), leaving up to two rows.
fn octal_like(len: usize, takes: &[usize], split: bool) -> Vec<u64> {
    heap_game(len, |n| {
        let mut moves = Vec::new();
        for &t in takes.iter().filter(|&&t| t <= n) {
            let rest = n - t;
            if split {
                for a in 0..=rest / 2 {
                    moves.push(vec![a, rest - a]);
                }
            } else {
                moves.push(vec![rest]);
            }
        }
        moves
    })
}

/// 1 where the player to move wins, 0 where they lose (a P-position), by win/loss search.
fn outcomes(len: u64, misere: bool, moves: impl Fn(&u64) -> Vec<u64>) -> Vec<u64> {
    let mut search = if misere {
        Search::misere(moves)
    } else {
        Search::normal(moves)
    };
    (0..len).map(|n| u64::from(search.mover_wins(n))).collect()
}

/// Codeforces 768E: remove k stones, never the same k twice from a pile. The state is the
/// pile and the amounts already taken from it (only those up to the pile matter).
/// [`no_repeat_removals`] of the first 80 piles, searched once for every test that uses it
/// (test code, built by the current toolchain only).
fn no_repeat_removals_80() -> &'static [u64] {
    static VALUES: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    VALUES.get_or_init(|| no_repeat_removals(80))
}

fn no_repeat_removals(len: usize) -> Vec<u64> {
    /// The memo: one map a pile, keyed by the amounts used, through a multiplicative hash (the
    /// default hasher's cost dominated the search).
    type Memo = Vec<HashMap<u128, u64, BuildHasherDefault<MultiplyHasher>>>;
    fn value(n: u64, used: u128, memo: &mut Memo) -> u64 {
        let used = used & ((2u128 << n) - 1);
        if let Some(&v) = memo[n as usize].get(&used) {
            return v;
        }
        // The mex of at most n <= 127 options is at most n: a bit set holds them.
        let mut options = 0u128;
        for k in (1..=n).filter(|&k| used >> k & 1 == 0) {
            options |= 1 << value(n - k, used | 1 << k, memo);
        }
        let v = u64::from((!options).trailing_zeros());
        memo[n as usize].insert(used, v);
        v
    }
    assert!(len <= 127, "the amounts used are a u128 bit set");
    let mut memo: Memo = (0..len).map(|_| HashMap::default()).collect();
    (0..len as u64).map(|n| value(n, 0, &mut memo)).collect()
}

/// A hash of one `u128` key: its halves folded, then splitmix64's finaliser, whose every output
/// bit depends on every input bit (the table reads both the low and the top bits).
#[derive(Default)]
struct MultiplyHasher(u64);

impl Hasher for MultiplyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u128(&mut self, key: u128) {
        let mut x = self.0 ^ (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = x ^ (x >> 31);
    }
}

fn prime_factors(mut n: usize) -> Vec<(usize, u32)> {
    let mut result = Vec::new();
    let mut p = 2;
    while p * p <= n {
        let mut e = 0;
        while n % p == 0 {
            n /= p;
            e += 1;
        }
        if e > 0 {
            result.push((p, e));
        }
        p += 1;
    }
    if n > 1 {
        result.push((n, 1));
    }
    result
}

/// n -> n/d for every divisor d > 1 of n that `allowed` accepts (heap 0 is finished).
fn divisor_game(len: usize, allowed: impl Fn(usize) -> bool) -> Vec<u64> {
    one_heap(len, |n| {
        // Every divisor d of n, found in pairs (d, n / d) with d * d <= n.
        let mut divisors = Vec::new();
        for d in (1..).take_while(|&d| d * d <= n) {
            if n % d == 0 {
                divisors.push(d);
                if d * d != n {
                    divisors.push(n / d);
                }
            }
        }
        divisors
            .into_iter()
            .filter(|&d| d >= 2 && allowed(d))
            .map(|d| n / d)
            .collect()
    })
}

/// The ruler game by its coin-turning definition: turn any run of coins ending at the rightmost
/// one, which goes from heads to tails; G(0) = 0 (no coin).
fn ruler_game(len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 1..len {
        let mut options = vec![0u64];
        let mut x = 0;
        for m in (1..n).rev() {
            x ^= g[m];
            options.push(x);
        }
        g[n] = mex(options);
    }
    g
}

/// Mock Turtles: turn one, two or three coins, the rightmost (coin n, from 0) heads to tails.
fn mock_turtles(len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 0..len {
        let mut options = vec![0u64];
        for a in 0..n {
            options.push(g[a]);
            for b in a + 1..n {
                options.push(g[a] ^ g[b]);
            }
        }
        g[n] = mex(options);
    }
    g
}

fn check_extends(name: &str, values: &[u64], given: usize, formula: &str) {
    let found = guess(&values[..given]).unwrap_or_else(|r| panic!("{}: refused: {}", name, r));
    assert_eq!(found.rule.to_string(), formula, "{}", name);
    assert_eq!(
        found.rule.extend(values.len()),
        values,
        "{}: {}",
        name,
        found.rule
    );
    assert!(found.held_out >= MIN_HELD_OUT, "{}", name);
}

/// An octal game by its digits d1 d2 …: taking j pins, bit 1 of d_j allows leaving no row,
/// bit 2 one row, bit 4 two rows.
fn octal(len: usize, digits: &[u8]) -> Vec<u64> {
    // heap_game's search with each move's heaps XORed as they are listed, not collected first.
    let mut g: Vec<u64> = Vec::with_capacity(len);
    let mut options = Vec::new();
    for n in 0..len {
        options.clear();
        for (i, &d) in digits.iter().enumerate() {
            let j = i + 1;
            if d & 1 != 0 && n == j {
                options.push(0);
            }
            if d & 2 != 0 && n > j {
                options.push(g[n - j]);
            }
            if d & 4 != 0 && n >= j + 2 {
                options.extend((1..=(n - j) / 2).map(|a| g[a] ^ g[n - j - a]));
            }
        }
        let value = mex(options.iter().copied());
        g.push(value);
    }
    g
}

/// What a game of the suite must give.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Expect {
    /// A rule that extends exactly.
    Rule,
    /// A refusal: no rule is known.
    Refusal,
    /// Either, but a rule must extend exactly.
    Either,
}
