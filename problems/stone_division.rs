//! HackerRank "Stone Division": one pile of n stones and a set S of distinct integers; a move
//! splits a pile of x stones into s equal piles, for some s in S that divides x; who cannot
//! move loses (First moves first). The s equal piles are worth G(x / s) for odd s and 0 for
//! even s (equal games cancel in pairs, `Nimber::copies`), so G(x) = mex over the usable s of
//! those values. Only divisors of n are ever reached: a memoised search
//! (`grundy::prelude::GrundyMemo`) over them, where a move by an even s leads to the pile 1, which has
//! no move and so stands for the value 0.
//!
//! Input: n and m, then s_1 … s_m. Output: `First` or `Second`.
//! Beyond the judge (n ≤ 10^18, m ≤ 10, s_i ≤ 10^18): n and s_i up to 2^64 − 1. An s of 1
//! (a move that changes nothing, so a game without end) is refused, and so is m above 10.

use grundy::prelude::GrundyMemo;
use judge::{InputError, Scanner};
use std::io::Write;

/// The judge's largest set.
const MAX_SET: u64 = 10;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("n", 1..=u64::MAX)?;
    let m = sc.uint("m", 1..=MAX_SET)?;
    let mut set = Vec::with_capacity(m as usize);
    for i in 1..=m {
        set.push(sc.uint(format_args!("s_{}", i), 2..=u64::MAX)?);
    }
    sc.finish()?;
    let mut memo = GrundyMemo::new(|&x: &u64| {
        set.iter()
            .filter(|&&s| x % s == 0)
            .map(|&s| if s % 2 == 1 { x / s } else { 1 })
            .collect::<Vec<u64>>()
    });
    let first = !memo.value(n).is_zero();
    writeln!(out, "{}", if first { "First" } else { "Second" })?;
    Ok(())
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// The whole input: n and the set.
    #[derive(Default)]
    struct Division;
    impl Problem for Division {
        type Case = (u64, Vec<u64>);
        const SIZE: u64 = 48;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> (u64, Vec<u64>) {
            let n = rng.range(1, size);
            let mut set: Vec<u64> = Vec::new();
            for _ in 0..rng.range(1, 4) {
                let s = rng.range(2, 8);
                if !set.contains(&s) {
                    set.push(s);
                }
            }
            (n, set)
        }
        /// The judge's largest input: m = 10 distinct s_i from 2 to 16 (most divide n), n up to
        /// 10^18: random, or 897612484786617600, which has the most divisors (by rng).
        fn max_cases(rng: &mut Rng) -> Vec<(u64, Vec<u64>)> {
            let n = match rng.below(2) {
                0 => 897_612_484_786_617_600,
                _ => rng.range(1, 1_000_000_000_000_000_000),
            };
            let mut set: Vec<u64> = (2..=16).collect();
            for i in (1..set.len()).rev() {
                set.swap(i, rng.below(i as u64 + 1) as usize);
            }
            set.truncate(10);
            vec![(n, set)]
        }
        fn input(cases: &[(u64, Vec<u64>)]) -> String {
            let (n, set) = &cases[0];
            let list: Vec<String> = set.iter().map(|s| s.to_string()).collect();
            format!("{} {}\n{}\n", n, set.len(), list.join(" "))
        }
        fn brute(&mut self, (n, set): &(u64, Vec<u64>)) -> String {
            // Literal search over sorted lists of piles.
            let set = set.clone();
            let mut search = Search::normal(move |piles: &Vec<u64>| {
                let mut next = Vec::new();
                for i in 0..piles.len() {
                    for &s in set.iter().filter(|&&s| piles[i] % s == 0) {
                        let mut after = piles.clone();
                        let x = after.remove(i);
                        after.extend(std::iter::repeat(x / s).take(s as usize));
                        after.sort_unstable();
                        next.push(after);
                    }
                }
                next
            });
            let first = search.mover_wins(vec![*n]);
            format!("{}\n", if first { "First" } else { "Second" })
        }
    }

    testkit::problem_tests!(
        Division,
        solve,
        refuses: [
            ("", "expected n"),
            ("0 1\n2\n", "n = `0` is out of range"),
            ("12 11\n", "m = `11` is out of range"),
            ("12 2\n1 2\n", "s_1 = `1` is out of range"),
            ("12 2\n3\n", "input ended early: expected s_2"),
            ("12 1\n3 4\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn numbers_beyond_the_judge() {
        // 2^63 split by 2 only: every split is worth 0, and a pile of 1 has no move; 2^63
        // has a move (to value 0), so First wins. 3^40 by 3: a chain of 40 odd splits, worth
        // the parity of its length: 40 even, so 0.
        let input = "9223372036854775808 1\n2\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "First\n");
        let input = "12157665459056928801 1\n3\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "Second\n");
        let input = "18446744073709551615 3\n18446744073709551615 3 5\n";
        assert!(judge::run_str(solve, input).is_ok());
    }
}
