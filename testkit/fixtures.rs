//! Small problems for testkit's own tests: sums and Nim, whose brute forces are one line, so
//! that a test plants a bug in a solution and watches the harness find and shrink it.

use crate::{counted_lists, shorter_lists, Problem, Rng};

/// T cases of numbers, one sum each.
#[derive(Default)]
pub struct Sums;
impl Problem for Sums {
    type Case = Vec<u64>;
    const SIZE: u64 = 20;
    fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
        (0..rng.range(1, 5)).map(|_| rng.range(0, size)).collect()
    }
    fn input(cases: &[Vec<u64>]) -> String {
        counted_lists(cases)
    }
    fn brute(&mut self, numbers: &Vec<u64>) -> String {
        format!("{}\n", numbers.iter().sum::<u64>())
    }
}

/// The queries shape: one input of many numbers, one answer (their sum).
#[derive(Default)]
pub struct SumAll;
impl Problem for SumAll {
    type Case = Vec<u64>;
    const MAX_CASES: usize = 1;
    fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
        (0..rng.range(1, 11)).map(|_| rng.range(0, size)).collect()
    }
    fn input(cases: &[Vec<u64>]) -> String {
        counted_lists(cases)
    }
    fn brute(&mut self, numbers: &Vec<u64>) -> String {
        Sums.brute(numbers)
    }
    fn smaller(numbers: &Vec<u64>) -> Vec<Vec<u64>> {
        shorter_lists(numbers)
    }
}

/// The queries shape again: whether the numbers' XOR is not 0 (the first player wins Nim).
#[derive(Default)]
pub struct NimAll;
impl Problem for NimAll {
    type Case = Vec<u64>;
    const MAX_CASES: usize = 1;
    fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
        SumAll::case(rng, size)
    }
    fn input(cases: &[Vec<u64>]) -> String {
        counted_lists(cases)
    }
    fn brute(&mut self, heaps: &Vec<u64>) -> String {
        format!("{}\n", heaps.iter().fold(0, |x, h| x ^ h) != 0)
    }
    fn smaller(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        shorter_lists(heaps)
    }
}

/// The cases of a [`counted_lists`] input.
pub fn cases_of(input: &str) -> Vec<Vec<u64>> {
    let mut tokens = input.split_whitespace().map(|t| t.parse::<u64>().unwrap());
    (0..tokens.next().unwrap())
        .map(|_| {
            let n = tokens.next().unwrap();
            (0..n).map(|_| tokens.next().unwrap()).collect()
        })
        .collect()
}

/// One line per case of a [`counted_lists`] input: the sum of its numbers, each mapped by
/// `count` (the identity for a right answer; a planted bug otherwise).
pub fn sums_counting(input: &str, count: impl Fn(u64) -> u64) -> String {
    let sums = cases_of(input).into_iter();
    sums.map(|case| format!("{}\n", case.into_iter().map(&count).sum::<u64>()))
        .collect()
}

/// T cases of Nim heaps, each answered by a winning move `HEAP TAKE` (heap 1-based, how many
/// to take) or `lose`: many inputs have several right answers. The brute force gives the first
/// winning heap's move; [`Problem::check`] accepts any winning move, as a checker does.
#[derive(Default)]
pub struct AnyNimMove;
impl Problem for AnyNimMove {
    type Case = Vec<u64>;
    const SIZE: u64 = 16;
    fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
        Sums::case(rng, size)
    }
    fn input(cases: &[Vec<u64>]) -> String {
        counted_lists(cases)
    }
    fn brute(&mut self, heaps: &Vec<u64>) -> String {
        nim_move(heaps, false, |_, take| take)
    }
    fn smaller(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        shorter_lists(heaps)
    }
    fn check(input: &str, output: &str, _answer: &str) -> Result<(), String> {
        let mut lines = output.lines();
        for (i, heaps) in cases_of(input).iter().enumerate() {
            let line = lines.next().unwrap_or("");
            let sum = heaps.iter().fold(0, |x, h| x ^ h);
            let numbers: Vec<u64> = line.split(' ').filter_map(|t| t.parse().ok()).collect();
            match (sum, line, numbers.as_slice()) {
                (0, "lose", _) => {}
                (_, _, &[heap, take])
                    if (1..=heaps.len() as u64).contains(&heap)
                        && (1..=heaps[heap as usize - 1]).contains(&take) =>
                {
                    let left = sum ^ heaps[heap as usize - 1] ^ (heaps[heap as usize - 1] - take);
                    if left != 0 {
                        return Err(format!(
                            "case {}: taking {} from heap {} leaves nim-sum {}, not 0",
                            i + 1,
                            take,
                            heap,
                            left
                        ));
                    }
                }
                _ => return Err(format!("case {}: `{}` is not a winning move", i + 1, line)),
            }
        }
        Ok(())
    }
}

/// A winning move of Nim as [`AnyNimMove`] prints it, from the first winning heap (or the last
/// with `last`), taking `take(heap, right amount)` (the right amount for a right answer).
pub fn nim_move(heaps: &[u64], last: bool, take: impl Fn(u64, u64) -> u64) -> String {
    let sum = heaps.iter().fold(0, |x, h| x ^ h);
    let mut winning = heaps.iter().enumerate().filter(|&(_, &h)| h ^ sum < h);
    let found = if last {
        winning.next_back()
    } else {
        winning.next()
    };
    match found {
        Some((i, &h)) => format!("{} {}\n", i + 1, take(h, h - (h ^ sum))),
        None => "lose\n".to_string(),
    }
}
