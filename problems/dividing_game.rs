//! AtCoder ABC368 F "Dividing Game": N integers A_i ≥ 2; a move replaces one A_i by a divisor
//! of it other than itself; who cannot move loses (Anna moves first). Each integer is a tower
//! of the divisor game, worth Ω(A_i), its prime factor count with multiplicity
//! (`grundy::divisor::tower_grundy`, where the rule is proved; here read from the sieve of
//! `grundy::divisor::SplitTowerTable`): Anna wins iff the XOR of the Ω(A_i) is not 0.
//!
//! Input: N, then A_1 … A_N. Output: `Anna` or `Bruno`.
//! Beyond the judge (N ≤ 10^5, 2 ≤ A_i ≤ 10^5): any N, A_i from 1 (no move) to 2^64 − 1.

use grundy::divisor::SplitTowerTable;
use grundy::prelude::Nimber;
use judge::{Cached, InputError, Scanner};
use std::io::Write;

/// The judge's largest integer: Ω up to it comes from a sieve built once per process, larger
/// odd parts from a factorisation.
const JUDGE_MAX: u64 = 100_000;

thread_local! {
    static SIEVE: Cached<SplitTowerTable> = Cached::new();
}

/// Ω(a), from the split game's table, which holds Ω(odd part) + [a even]: Ω(a) is Ω of the odd
/// part plus the number of factors 2.
fn omega(table: &SplitTowerTable, a: u64) -> u64 {
    table.value(a).value() - u64::from(a % 2 == 0) + u64::from(a.trailing_zeros())
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let table = SIEVE.with(|s| s.get_or_init(|| SplitTowerTable::new(JUDGE_MAX)));
    let n = sc.uint("N", 1..=u64::MAX)?;
    let mut total = Nimber::ZERO;
    for i in 1..=n {
        let a = sc.uint_fast(format_args!("A_{}", i), 1..=u64::MAX)?;
        total = total ^ Nimber(omega(table, a));
    }
    sc.finish()?;
    writeln!(out, "{}", if total.is_zero() { "Bruno" } else { "Anna" })?;
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

    /// Every move: one integer replaced by a divisor other than itself.
    #[allow(clippy::ptr_arg)] // the search's states are `Vec<u64>`
    fn moves(numbers: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut next = Vec::new();
        for i in 0..numbers.len() {
            let a = numbers[i];
            for d in (1..a).filter(|d| a % d == 0) {
                let mut after = numbers.clone();
                after[i] = d;
                after.sort_unstable();
                next.push(after);
            }
        }
        next
    }

    struct Dividing(Search<Vec<u64>>);
    impl Default for Dividing {
        fn default() -> Self {
            Dividing(Search::normal(moves))
        }
    }
    impl Problem for Dividing {
        /// The whole input: the integers.
        type Case = Vec<u64>;
        const SIZE: u64 = 40;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 3)).map(|_| rng.range(2, size)).collect()
        }
        /// The judge's largest input: N = 10^5 integers from 2 to 10^5.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<u64>> {
            vec![(0..100_000).map(|_| rng.range(2, JUDGE_MAX)).collect()]
        }
        fn input(cases: &[Vec<u64>]) -> String {
            let list: Vec<String> = cases[0].iter().map(|a| a.to_string()).collect();
            format!("{}\n{}\n", cases[0].len(), list.join(" "))
        }
        fn brute(&mut self, numbers: &Vec<u64>) -> String {
            let mut sorted = numbers.clone();
            sorted.sort_unstable();
            let anna = self.0.mover_wins(sorted);
            format!("{}\n", if anna { "Anna" } else { "Bruno" })
        }
    }

    testkit::problem_tests!(
        Dividing,
        solve,
        refuses: [
            ("", "expected N"),
            ("0\n", "N = `0` is out of range"),
            ("2\n4\n", "input ended early: expected A_2"),
            ("1\n0\n", "A_1 = `0` is out of range"),
            ("1\n4 5\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn omega_from_the_table_is_the_towers_value() {
        let table = SplitTowerTable::new(JUDGE_MAX);
        for a in (1..=JUDGE_MAX + 50).chain([1 << 40, 3 << 41, u64::MAX]) {
            let want = grundy::divisor::tower_grundy(a).value();
            assert_eq!(omega(&table, a), want, "a = {a}");
        }
    }

    #[test]
    fn integers_beyond_the_judge() {
        // 2^63 is worth 63; 2^64 − 1 = 3 · 5 · 17 · 257 · 641 · 65537 · 6700417 is worth 7;
        // 1 has no move.
        let input = "3\n9223372036854775808 18446744073709551615 1\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "Anna\n");
        let input = "2\n9223372036854775808 9223372036854775808\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "Bruno\n");
    }
}
