//! Luogu P5675 \[GZOI2017\] 取石子游戏: n heaps; choose a non-empty subset of them to play Nim
//! on and designate one chosen heap from which the first player must make the first move.
//! How many (subset, designated heap) pairs leave the first player unable to win, modulo
//! 10^9 + 7?
//!
//! With heap i designated and v the Nim sum of the other chosen heaps, the first player wins
//! iff they can leave a Nim sum of 0, i.e. lower a_i to v: iff v < a_i. So the answer is
//! Σ_i #{subsets of the other heaps with Nim sum ≥ a_i}: the other heaps' subsets by Nim sum
//! are the XOR convolution of the subsets before i and the subsets after i
//! (`grundy::xor_transform::convolution_mod`).
//!
//! Input: n, then a_1 … a_n (the judge: n ≤ 200, 1 ≤ a_i ≤ 200). Output: the count.
//! Beyond the judge: n up to 2000, heaps up to 1023 (a heap of 0 may be designated: no first
//! move, a loss).

use grundy::xor_transform::convolution_mod;
use judge::{InputError, Scanner};
use std::io::Write;

const MODULUS: u64 = 1_000_000_007;
/// One more than the largest heap accepted, a power of two: every Nim sum is below it.
const VALUES: usize = 1024;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.index("n", 1..=2000)?;
    let mut heaps = Vec::with_capacity(n);
    for i in 1..=n {
        heaps.push(sc.index(format_args!("a_{}", i), 0..=VALUES - 1)?);
    }
    sc.finish()?;
    let len = (heaps.iter().copied().max().unwrap_or(0) + 1).next_power_of_two();
    // suffix[i]: the subsets of heaps i.. by Nim sum.
    let mut suffix = vec![vec![0u64; len]; n + 1];
    suffix[n][0] = 1;
    for i in (0..n).rev() {
        suffix[i] = with_heap(&suffix[i + 1], heaps[i]);
    }
    let mut prefix = vec![0u64; len];
    prefix[0] = 1;
    let mut lost = 0;
    for (i, &a) in heaps.iter().enumerate() {
        let others = convolution_mod(&prefix, &suffix[i + 1], MODULUS);
        lost = others[a..].iter().fold(lost, |sum, &c| (sum + c) % MODULUS);
        prefix = with_heap(&prefix, a);
    }
    writeln!(out, "{}", lost)?;
    Ok(())
}

/// The subsets by Nim sum after one more heap of size `a` (taken or left).
fn with_heap(counts: &[u64], a: usize) -> Vec<u64> {
    (0..counts.len())
        .map(|x| (counts[x] + counts[x ^ a]) % MODULUS)
        .collect()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{nim_moves, Search};
    use testkit::{Problem, Rng};

    /// The brute force's state: one Nim search, its memo kept between inputs.
    struct NimSubsets(Search<Vec<u64>>);
    impl Default for NimSubsets {
        fn default() -> Self {
            NimSubsets(Search::normal(nim_moves))
        }
    }
    impl Problem for NimSubsets {
        /// The whole input: the heaps.
        type Case = Vec<u64>;
        const SIZE: u64 = 7;
        const MAX_SIZE: u64 = 9;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 6)).map(|_| rng.range(0, size)).collect()
        }
        /// The judge's largest input: 200 heaps of 1..=200.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            vec![(0..200).map(|_| rng.range(1, 200)).collect()]
        }
        fn input(cases: &[Vec<u64>]) -> String {
            let heaps: Vec<String> = cases[0].iter().map(|h| h.to_string()).collect();
            format!("{}\n{}\n", heaps.len(), heaps.join(" "))
        }
        /// Every subset and designated heap played literally: the first move takes 1..=a_i
        /// from the designated heap, then Nim by search; the first player wins iff some first
        /// move leaves a lost position.
        fn brute(&mut self, heaps: &Vec<u64>) -> String {
            let n = heaps.len();
            let mut lost = 0u64;
            for set in 1u32..1 << n {
                for i in (0..n).filter(|&i| set >> i & 1 == 1) {
                    let others: Vec<u64> = (0..n)
                        .filter(|&j| j != i && set >> j & 1 == 1)
                        .map(|j| heaps[j])
                        .collect();
                    let wins = (0..heaps[i]).any(|left| {
                        let mut after = others.clone();
                        after.push(left);
                        after.sort_unstable();
                        !self.0.mover_wins(after)
                    });
                    lost += u64::from(!wins);
                }
            }
            format!("{}\n", lost % MODULUS)
        }
        fn smaller(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
            (0..heaps.len())
                .filter(|_| heaps.len() > 1)
                .map(|i| {
                    let mut fewer = heaps.clone();
                    fewer.remove(i);
                    fewer
                })
                .collect()
        }
    }

    testkit::problem_tests!(
        NimSubsets,
        solve,
        refuses: [
            ("", "input ended early: expected n"),
            ("0\n", "n = `0` is out of range"),
            ("2001\n", "n = `2001` is out of range"),
            ("2\n1\n", "input ended early: expected a_2"),
            ("1\n1024\n", "a_1 = `1024` is out of range"),
            ("1\n-1\n", "a_1 = `-1` is out of range"),
            ("1\n3 4\n", "4"),
        ]
    );

    #[test]
    fn equal_heaps_count_by_parity() {
        // n heaps of 1: with heap i designated, the others' Nim sum is the parity of how many
        // are chosen, and the first player loses iff it is 1: 2^(n−2) of the 2^(n−1) subsets.
        for n in [2u64, 3, 30, 2000] {
            let input = format!("{}\n{}\n", n, vec!["1"; n as usize].join(" "));
            let mut per_heap = 1u64;
            for _ in 0..n - 2 {
                per_heap = per_heap * 2 % MODULUS;
            }
            let want = per_heap * n % MODULUS;
            assert_eq!(
                judge::run_str(solve, &input).unwrap(),
                format!("{}\n", want)
            );
        }
    }
}
