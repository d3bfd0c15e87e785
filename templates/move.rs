//! {{TITLE}}
//!
//! Write the statement's input and output format here. As created by `new --shape move`,
//! `solve` plays Nim and prints a winning move (T tests; each n, then n heap sizes; per test
//! `HEAP SIZE`, reduce heap HEAP, counted from 1, to SIZE so that the nim-sum is 0, or `lose`
//! when no move wins), so that the file compiles and its tests pass: replace the game, keep the
//! shape.
//!
//! Any winning move is right, so the output is judged by this problem's checker,
//! `problems/checkers/NAME.rs` (the binary `NAME-checker`; `checker = true` in its line of
//! `problems/Cargo.toml`): its `check` accepts every winning move and says why it rejects one.
//! Rewrite it with `solve`, the generator and the brute force.

use grundy::nim::winning_moves;
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let tests = sc.uint("the number of test cases T", 1..=u64::MAX)?;
    let mut heaps = Vec::new();
    for case in 1..=tests {
        let n = sc.uint(format_args!("n of test case {}", case), 1..=u64::MAX)?;
        heaps.clear();
        for i in 1..=n {
            heaps.push(sc.uint(
                format_args!("heap {} of test case {}", i, case),
                0..=u64::MAX,
            )?);
        }
        // Any winning move will do: the last one found.
        match winning_moves(&heaps).pop() {
            Some(m) => writeln!(out, "{} {}", m.heap + 1, m.to)?,
            None => writeln!(out, "lose")?,
        }
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

/// The checker, whose `check` the tests judge with (its `main` serves the runner only).
#[cfg(test)]
#[allow(dead_code)]
#[path = "move_checker.rs"]
mod checker;

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{nim_moves, Search};
    use testkit::{Problem, Rng};

    /// The brute force's state: one search whose memo is kept from case to case.
    struct Starter(Search<Vec<u64>>);
    impl Default for Starter {
        fn default() -> Self {
            Starter(Search::normal(nim_moves))
        }
    }
    impl Problem for Starter {
        /// One test case: the heap sizes.
        type Case = Vec<u64>;
        /// The largest `--size` the brute force takes: it searches every position of up to
        /// four heaps below the size.
        const MAX_SIZE: u64 = 40;
        /// A random case; `size` bounds the numbers (the stress tool's `--size`).
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 4)).map(|_| rng.range(0, size)).collect()
        }
        /// The judge input holding the cases.
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        /// The first winning move by literal game-tree search: every move, and whether the
        /// opponent then loses.
        fn brute(&mut self, heaps: &Vec<u64>) -> String {
            for (i, &heap) in heaps.iter().enumerate() {
                for to in 0..heap {
                    let mut after = heaps.clone();
                    after[i] = to;
                    after.retain(|&h| h > 0);
                    after.sort_unstable();
                    if !self.0.mover_wins(after) {
                        return format!("{} {}\n", i + 1, to);
                    }
                }
            }
            "lose\n".to_string()
        }
        /// Smaller cases for the shrinker: fewer heaps (each alone, each dropped).
        fn smaller(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
            testkit::shorter_lists(heaps)
        }
        /// Any winning move is right: the checker's judgement.
        fn check(input: &str, output: &str, answer: &str) -> Result<(), String> {
            super::checker::check(input, output, answer)
        }
    }

    testkit::problem_tests!(
        Starter,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n2\n3\n", "input ended early: expected heap 2 of test case 1"),
        ]
    );

    #[test]
    fn the_move_printed_need_not_be_the_brute_forces() {
        // 3 5 6 7 has three winning moves; the brute force finds the first, `solve` the last.
        let input = "1\n4\n3 5 6 7\n";
        let got = judge::run_str(solve, input).unwrap();
        let brute = Starter::default().brute(&vec![3, 5, 6, 7]);
        assert_eq!((got.as_str(), brute.as_str()), ("4 0\n", "2 2\n"));
        assert_eq!(Starter::check(input, &got, &brute), Ok(()));
    }
}
