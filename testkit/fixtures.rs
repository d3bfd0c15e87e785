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
