//! Luogu P3179 \[HAOI2015\] 数组游戏: cells 1..=N, some white; a move picks a white cell x and
//! a k with 1 ≤ k ≤ ⌊N/x⌋ and flips the colours of x, 2x, …, kx; who cannot move loses.
//!
//! A coin-turning game (`grundy::coin_turning::Multiples`): white is heads, and the flipped
//! cell that must be white is the smallest one, so the position is worth the XOR of the values
//! of its white cells, each valued alone. A cell's value depends only on ⌊N/x⌋, so the values
//! are computed over the at most 2√N blocks of N / x, once per input.
//!
//! Input: N, then K, then K queries, each W and W distinct white cells in 1..=N. Output per
//! query: `Yes` if the first player wins, else `No`.
//! Beyond the judge (N ≤ 10^9, K, W ≤ 100): N up to 10^10 (about 1.5 s), any K, any W up to
//! N; a cell given twice in one query is refused.

use grundy::coin_turning::Multiples;
use grundy::prelude::{Nimber, Outcome};
use judge::{InputError, Scanner};
use std::io::Write;

/// The largest N accepted: the values take O(N^(3/4)) time.
const MAX_N: u64 = 10_000_000_000;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("N", 1..=MAX_N)?;
    let queries = sc.uint("K", 1..=u64::MAX)?;
    let game = Multiples::new(n);
    let mut cells = Vec::new();
    for query in 1..=queries {
        let whites = sc
            .uint("W", 0..=n)
            .map_err(|e| e.for_field(format_args!("W of query {}", query)))?;
        cells.clear();
        for i in 1..=whites {
            let x = sc
                .uint("cell", 1..=n)
                .map_err(|e| e.for_field(format_args!("cell {} of query {}", i, query)))?;
            cells.push(x);
        }
        cells.sort_unstable();
        if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(InputError::Invalid(format!(
                "cell {} is white twice in query {}",
                pair[0], query
            )));
        }
        let value: Nimber = cells.iter().map(|&x| game.value(x)).sum();
        writeln!(out, "{}", Outcome::from_grundy(value).pick("Yes", "No"))?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// Every move on a board of n cells (bit x = cell x white), literally: a white x, then
    /// x, 2x, …, kx flipped for each k.
    fn moves(&(n, white): &(u64, u32)) -> Vec<(u64, u32)> {
        let mut next = Vec::new();
        for x in (1..=n).filter(|&x| white >> x & 1 == 1) {
            let mut after = white;
            for k in 1..=n / x {
                after ^= 1 << (k * x);
                next.push((n, after));
            }
        }
        next
    }

    /// The brute force's state: one search over (n, board), its memo kept between inputs.
    struct ArrayGame(Search<(u64, u32)>);
    impl Default for ArrayGame {
        fn default() -> Self {
            ArrayGame(Search::normal(moves))
        }
    }

    /// Up to `most` distinct cells of 1..=n, at least one.
    fn query(rng: &mut Rng, n: u64, most: u64) -> Vec<u64> {
        let mut cells: Vec<u64> = (0..rng.range(1, most.min(n)))
            .map(|_| rng.range(1, n))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let len = cells.len();
        // A random order, as the judge's input may have it.
        for i in (1..len).rev() {
            cells.swap(i, rng.below(i as u64 + 1) as usize);
        }
        cells
    }

    impl Problem for ArrayGame {
        /// The whole input: N and the queries' white cells.
        type Case = (u64, Vec<Vec<u64>>);
        const SIZE: u64 = 10;
        /// The search's states are the 2^N boards.
        const MAX_SIZE: u64 = 14;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> Self::Case {
            let n = rng.range(1, size);
            let queries = (0..rng.range(1, 4)).map(|_| query(rng, n, n)).collect();
            (n, queries)
        }
        /// The judge's largest input: N near 10^9, 100 queries of 100 cells.
        fn max_cases(rng: &mut Rng) -> Vec<Self::Case> {
            let n = rng.range(999_000_000, 1_000_000_000);
            let queries = (0..100)
                .map(|_| {
                    let mut q = query(rng, n, 100);
                    while q.len() < 100 {
                        q.push(rng.range(1, n));
                        q.sort_unstable();
                        q.dedup();
                    }
                    q
                })
                .collect();
            vec![(n, queries)]
        }
        fn input(cases: &[Self::Case]) -> String {
            let (n, queries) = &cases[0];
            let mut text = format!("{}\n{}\n", n, queries.len());
            for q in queries {
                let cells: Vec<String> = q.iter().map(|x| x.to_string()).collect();
                text += &format!("{}\n{}\n", q.len(), cells.join(" "));
            }
            text
        }
        fn brute(&mut self, (n, queries): &Self::Case) -> String {
            let mut text = String::new();
            for q in queries {
                let white = q.iter().fold(0u32, |w, &x| w | 1 << x);
                let first = self.0.mover_wins((*n, white));
                text += if first { "Yes\n" } else { "No\n" };
            }
            text
        }
        fn smaller((n, queries): &Self::Case) -> Vec<Self::Case> {
            (0..queries.len())
                .filter(|_| queries.len() > 1)
                .map(|i| {
                    let mut fewer = queries.clone();
                    fewer.remove(i);
                    (*n, fewer)
                })
                .collect()
        }
    }

    testkit::problem_tests!(
        ArrayGame,
        solve,
        refuses: [
            ("", "input ended early: expected N"),
            ("0\n1\n1\n1\n", "N = `0` is out of range"),
            ("10000000001\n1\n1\n1\n", "N = `10000000001` is out of range"),
            ("3\n0\n", "K = `0` is out of range"),
            ("3\n1\n4\n1 2 3\n", "W of query 1 = `4` is out of range"),
            ("3\n1\n1\n4\n", "cell 1 of query 1 = `4` is out of range"),
            ("3\n2\n1\n1\n", "input ended early: expected W of query 2"),
            ("3\n1\n2\n2 2\n", "cell 2 is white twice in query 1"),
            ("3\n1\n1\n1\n5\n", "5"),
        ]
    );

    #[test]
    fn boards_beyond_the_judge() {
        // N = 10^10: the last cell is worth 1 alone; two cells of equal ⌊N/x⌋ cancel.
        let input = "10000000000\n3\n1\n10000000000\n2\n9999999999 6000000000\n0\n\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "Yes\nNo\nNo\n");
    }
}
