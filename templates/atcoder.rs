//! {{TITLE}}
//!
//! Write the statement's input and output format here. As created by `new --judge atcoder`,
//! `solve` plays Nim (T tests; each n, then n heap sizes; `First` or `Second`) with proconio's
//! `input!` and itertools, the crates AtCoder ships: replace the game, keep the shape.
//!
//! The judge, the problem's page and its limits are this problem's line under
//! `[package.metadata.problems]` in `problems/Cargo.toml`.

use itertools::Itertools;
use proconio::input;
use proconio::source::once::OnceSource;
use std::io::{BufRead, Write};

fn solve<R: BufRead, W: Write>(mut source: OnceSource<R>, out: &mut W) {
    input! {
        from &mut source,
        tests: usize,
    }
    let mut answers = Vec::with_capacity(tests);
    for _ in 0..tests {
        input! {
            from &mut source,
            n: usize,
            heaps: [u64; n],
        }
        let first_wins = heaps.iter().fold(0, |x, h| x ^ h) != 0;
        answers.push(if first_wins { "First" } else { "Second" });
    }
    writeln!(out, "{}", answers.iter().join("\n")).expect("writing to standard output");
}

fn main() {
    // proconio panics on input that does not match the format: say so in one line.
    std::panic::set_hook(Box::new(|_| {
        eprintln!("error: the input does not match the expected format");
    }));
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    solve(OnceSource::new(stdin.lock()), &mut out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{nim_moves, Search};
    use testkit::{Problem, Rng};

    /// `solve` on a string, a format mismatch as `Err`.
    fn run(input: &str) -> Result<String, String> {
        let input = input.to_string();
        std::panic::catch_unwind(move || {
            let mut out = Vec::new();
            solve(OnceSource::from(input.as_str()), &mut out);
            out
        })
        .map(|out| String::from_utf8_lossy(&out).into_owned())
        .map_err(|_| "the input does not match the expected format".to_string())
    }

    /// The brute force's state: one search whose memo is kept from case to case (the harness
    /// makes one `Starter` and asks it every case), so that each position is searched once.
    struct Starter(Search<Vec<u64>>);
    impl Default for Starter {
        fn default() -> Self {
            Starter(Search::normal(nim_moves))
        }
    }
    impl Problem for Starter {
        type Case = Vec<u64>;
        const MAX_SIZE: u64 = 100;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 3)).map(|_| rng.range(0, size)).collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            testkit::counted_lists(cases)
        }
        fn brute(&mut self, heaps: &Vec<u64>) -> String {
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let first = self.0.mover_wins(sorted);
            format!("{}\n", if first { "First" } else { "Second" })
        }
        fn smaller(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
            testkit::shorter_lists(heaps)
        }
    }

    testkit::problem_tests!(Starter, text: run, refuses: [("", "does not match")]);
}
