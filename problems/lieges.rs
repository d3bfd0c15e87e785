//! Codeforces 603C "Lieges of Legendre": n piles of cows; a move removes one cow from a pile,
//! or replaces a pile of even size 2x (x > 0) by k piles of x; who takes the last cow wins
//! (Kevin moves first). A pile's Grundy value is G(a) = mex{G(a − 1), G(a / 2) · [k odd]}
//! (for even a; k equal piles are worth G(x) for odd k and 0 for even k, Nimber::copies), which
//! settles into a closed form:
//! - k even: G = 0, 1, 2 for a = 0, 1, 2; from 3 on, 1 for even a and 0 for odd a;
//! - k odd: G = 0, 1, 0, 1, 2 for a = 0..4; from 5 on, 0 for odd a, and for even a
//!   mex{0, G(a / 2)}: 2 if G(a / 2) = 1, else 1 (a halving chain: O(log a)).
//!
//! Input: n and k, then a_1 … a_n. Output: `Kevin` or `Nicky`.
//! Beyond the judge (n ≤ 10^5, k ≤ 10^9, a_i ≤ 10^9): any n, k ≥ 1 and a_i up to 2^64 − 1,
//! and empty piles.

use grundy::prelude::Nimber;
use judge::{InputError, Scanner};
use std::io::Write;

/// The value of a pile of `cows` when a split makes `k` piles: see the module doc.
fn pile_value(cows: u64, k_is_odd: bool) -> u8 {
    if !k_is_odd {
        return match cows {
            0..=2 => cows as u8,
            _ => (cows % 2 == 0) as u8,
        };
    }
    // k odd: walk the halving chain down to a small or odd pile, then back up.
    let mut halvings = 0u32;
    let mut a = cows;
    while a >= 5 && a % 2 == 0 {
        a /= 2;
        halvings += 1;
    }
    let mut value = match a {
        0..=4 => [0, 1, 0, 1, 2][a as usize],
        _ => 0, // odd a ≥ 5
    };
    for _ in 0..halvings {
        // An even pile ≥ 6 (its half is ≥ 3): options G(a − 1) = 0 and G(a / 2).
        value = mex_of_two(0, value);
    }
    value
}

/// mex{a, b}, without a buffer: the hot path's only mex.
fn mex_of_two(a: u8, b: u8) -> u8 {
    let mut m = 0;
    while m == a || m == b {
        m += 1;
    }
    m
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("n", 1..=u64::MAX)?;
    let k = sc.uint("k", 1..=u64::MAX)?;
    let k_is_odd = k % 2 == 1;
    let mut total = Nimber::ZERO;
    for i in 1..=n {
        let cows = sc.uint_fast(format_args!("a_{}", i), 0..=u64::MAX)?;
        total = total ^ Nimber(u64::from(pile_value(cows, k_is_odd)));
    }
    sc.finish()?;
    writeln!(out, "{}", if total.is_zero() { "Nicky" } else { "Kevin" })?;
    Ok(())
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::multi_sg::split_table;
    use testkit::moves::heaps_moves;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// The literal game on sorted pile lists, for a given k: a pile a becomes a − 1 (gone at
    /// 0) or, when even, k piles of a / 2.
    fn moves(piles: &[u64], k: u64) -> Vec<Vec<u64>> {
        heaps_moves(piles, |a| {
            let mut next = vec![vec![a - 1]];
            if a % 2 == 0 {
                next.push(vec![a / 2; k as usize]);
            }
            next
        })
    }

    /// The whole input: k and the piles.
    #[derive(Default)]
    struct Lieges;
    impl Problem for Lieges {
        type Case = (u64, Vec<u64>);
        const SIZE: u64 = 8;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> (u64, Vec<u64>) {
            let k = rng.range(1, 3);
            let piles = (0..rng.range(1, 3)).map(|_| rng.range(1, size)).collect();
            (k, piles)
        }
        /// The judge's largest input: n = 10^5 piles up to 10^9, k = 10^9 or 10^9 − 1 (even or
        /// odd, by rng); each pile is a random number times 2^s, s random up to 29, so that the
        /// halving chains of odd k run from 0 to 29 steps.
        fn max_cases(rng: &mut Rng) -> Vec<(u64, Vec<u64>)> {
            let k = 1_000_000_000 - rng.range(0, 1);
            let mut pile = || {
                let s = rng.range(0, 29);
                rng.range(1, 1_000_000_000 >> s) << s
            };
            vec![(k, (0..100_000).map(|_| pile()).collect())]
        }
        fn input(cases: &[(u64, Vec<u64>)]) -> String {
            let (k, piles) = &cases[0];
            let list: Vec<String> = piles.iter().map(|p| p.to_string()).collect();
            format!("{} {}\n{}\n", piles.len(), k, list.join(" "))
        }
        fn brute(&mut self, (k, piles): &(u64, Vec<u64>)) -> String {
            let k = *k;
            let mut search = Search::normal(move |piles: &Vec<u64>| moves(piles, k));
            let mut sorted = piles.clone();
            sorted.sort_unstable();
            let kevin = search.mover_wins(sorted);
            format!("{}\n", if kevin { "Kevin" } else { "Nicky" })
        }
    }

    testkit::problem_tests!(
        Lieges,
        solve,
        refuses: [
            ("", "expected n"),
            ("1 0\n3\n", "k = `0` is out of range"),
            ("2 1\n3\n", "input ended early: expected a_2"),
            ("1 1\n-3\n", "a_1 = `-3` is out of range"),
            ("1 1\n3 4\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn closed_form_matches_the_multi_sg_table_far_out() {
        // The game by its definition (`grundy::multi_sg`): a pile's options are the pile one
        // smaller and, for an even pile, k piles of half its size, worth the XOR of k copies
        // of that pile's value; against the closed form, for both parities of k.
        for k in [1u64, 2, 3] {
            let table = split_table(3000, |a, values, options| {
                if a > 0 {
                    options.push(values[a - 1]);
                }
                if a % 2 == 0 && a > 0 {
                    options.push(values[a / 2].copies(k));
                }
            });
            for (a, want) in table.iter().enumerate() {
                let a = a as u64;
                assert_eq!(
                    pile_value(a, k % 2 == 1),
                    want.value() as u8,
                    "a = {a}, k = {k}"
                );
            }
        }
    }

    #[test]
    fn piles_beyond_the_judge() {
        // 2^63 with k odd: the chain 2^63 → … → 4 (value 2), then up: 8 → 1, 16 → 2, …
        // alternating, 2^63 → 1 (61 halvings from 4 to 2^63 give value 2 after an even count).
        let value = pile_value(1 << 63, true);
        let mut expect = 2u8;
        for _ in 2..63 {
            expect = if expect == 1 { 2 } else { 1 };
        }
        assert_eq!(value, expect);
        let input = "2 18446744073709551615\n18446744073709551615 18446744073709551615\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "Nicky\n");
        let input = "1 1000000000000\n18446744073709551614\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "Kevin\n");
    }
}
