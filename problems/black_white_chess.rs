//! Luogu P2490 \[SDOI2011\] 黑白棋: k pieces on a 1 × n board, white and black alternating from
//! a white at the left to a black at the right; A moves whites (only rightwards), B blacks
//! (only leftwards), each turn 1 to d of one's own pieces, none jumping a neighbour or leaving
//! the board; A moves first and who cannot move loses. How many layouts does A win?
//!
//! Pair the i-th white with the i-th black: the gap between them is a heap. Moving a white
//! right or a black left shrinks gaps; a move that widens a gap (never needed) is undone by the
//! opponent, so the game is Moore's Nim_d on the k/2 gaps (`grundy::moore`): A loses iff every
//! bit is set in a multiple of d + 1 gaps. A layout with gaps of total s leaves n − k − s free
//! cells in the k/2 + 1 slots around the pairs, C(n − k − s + k/2, k/2) ways; so the answer is
//! C(n, k) − Σ_s lost(s) · C(n − k − s + k/2, k/2), with lost(s) the lost gap tuples of total s
//! (`grundy::moore::lost_positions`), modulo 10^9 + 7.
//!
//! Input: one line `n k d` (1 ≤ d ≤ k ≤ n ≤ 10^4, k even, k ≤ 100). Output: the count mod
//! 10^9 + 7. Beyond the judge: n up to 10^5 (k ≤ 100); any d ≥ 1 (a d of k/2 or more is "move
//! any of your pieces"); an odd k is refused.

use grundy::moore::lost_positions;
use judge::{InputError, Scanner};
use std::io::Write;

const MODULUS: u64 = 1_000_000_007;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("n", 1..=100_000)? as usize;
    let k = sc.uint("k", 2..=100)? as usize;
    let d = sc.uint("d", 1..=u64::MAX)?;
    sc.finish()?;
    if k % 2 == 1 {
        return Err(InputError::Invalid(format!(
            "k = {} is odd (half the pieces are white)",
            k
        )));
    }
    if k > n {
        return Err(InputError::Invalid(format!(
            "k = {} pieces do not fit on n = {} cells",
            k, n
        )));
    }
    let pairs = k / 2;
    let free = n - k; // the cells no piece covers: gaps inside pairs plus the slots around them
    let binomial = Binomials::new(n + pairs);
    let lost = lost_positions(d, pairs, free, MODULUS);
    let mut lost_layouts = 0u64;
    for (gaps, &tuples) in lost.iter().enumerate() {
        let around = binomial.choose(free - gaps + pairs, pairs);
        lost_layouts = (lost_layouts + tuples * around) % MODULUS;
    }
    let all = binomial.choose(n, k);
    writeln!(out, "{}", (all + MODULUS - lost_layouts) % MODULUS)?;
    Ok(())
}

/// Binomial coefficients modulo the prime `MODULUS`, from factorials.
struct Binomials {
    factorial: Vec<u64>,
    inverse: Vec<u64>,
}

impl Binomials {
    fn new(top: usize) -> Self {
        let mut factorial = vec![1u64; top + 1];
        for i in 1..=top {
            factorial[i] = factorial[i - 1] * i as u64 % MODULUS;
        }
        let mut inverse = vec![1u64; top + 1];
        inverse[top] = power(factorial[top], MODULUS - 2);
        for i in (1..=top).rev() {
            inverse[i - 1] = inverse[i] * i as u64 % MODULUS;
        }
        Binomials { factorial, inverse }
    }

    /// C(a, b) for b ≤ a ≤ top.
    fn choose(&self, a: usize, b: usize) -> u64 {
        self.factorial[a] * self.inverse[b] % MODULUS * self.inverse[a - b] % MODULUS
    }
}

fn power(mut base: u64, mut exp: u64) -> u64 {
    let mut result = 1;
    while exp > 0 {
        if exp & 1 == 1 {
            result = result * base % MODULUS;
        }
        base = base * base % MODULUS;
        exp >>= 1;
    }
    result
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// A board: the pieces' cells left to right (even indices white), and whether A moves.
    type Board = (Vec<u8>, bool);

    /// Every move, literally: the mover picks 1..=d of their pieces and moves each at least one
    /// cell in its direction (white right, black left), not onto or past a neighbour, not off
    /// the board; every combination of new cells.
    fn moves(&(n, d): &(u8, u8), (cells, a_moves): &Board) -> Vec<Board> {
        let own: Vec<usize> = (0..cells.len())
            .filter(|&i| (i % 2 == 0) == *a_moves)
            .collect();
        // Each own piece's reachable cells.
        let targets: Vec<Vec<u8>> = own
            .iter()
            .map(|&i| {
                if *a_moves {
                    let limit = if i + 1 < cells.len() { cells[i + 1] } else { n };
                    (cells[i] + 1..limit).collect()
                } else {
                    let limit = if i > 0 { cells[i - 1] + 1 } else { 0 };
                    (limit..cells[i]).collect()
                }
            })
            .collect();
        let mut next = Vec::new();
        for set in 1u32..1 << own.len() {
            if set.count_ones() > u32::from(d) {
                continue;
            }
            let chosen: Vec<usize> = (0..own.len()).filter(|&j| set >> j & 1 == 1).collect();
            if chosen.iter().any(|&j| targets[j].is_empty()) {
                continue;
            }
            let mut pick = vec![0usize; chosen.len()];
            loop {
                let mut after = cells.clone();
                for (slot, &j) in chosen.iter().enumerate() {
                    after[own[j]] = targets[j][pick[slot]];
                }
                next.push((after, !*a_moves));
                let mut slot = 0;
                while slot < chosen.len() && pick[slot] + 1 == targets[chosen[slot]].len() {
                    pick[slot] = 0;
                    slot += 1;
                }
                if slot == chosen.len() {
                    break;
                }
                pick[slot] += 1;
            }
        }
        next
    }

    #[derive(Default)]
    struct BlackWhiteChess;
    impl Problem for BlackWhiteChess {
        /// The whole input: n, k, d.
        type Case = (u64, u64, u64);
        const SIZE: u64 = 7;
        const MAX_SIZE: u64 = 9;
        const MAX_CASES: usize = 1;
        const INPUTS: u64 = 60;
        fn case(rng: &mut Rng, size: u64) -> Self::Case {
            let n = rng.range(2, size.max(2));
            let k = 2 * rng.range(1, (n / 2).min(3));
            let d = rng.range(1, k);
            (n, k, d)
        }
        /// The judge's largest input.
        fn max_cases(rng: &mut Rng) -> Vec<Self::Case> {
            vec![(10_000, 100, rng.range(1, 100))]
        }
        fn input(cases: &[Self::Case]) -> String {
            let (n, k, d) = cases[0];
            format!("{} {} {}\n", n, k, d)
        }
        /// Every layout played out by a literal search; A's wins counted.
        fn brute(&mut self, &(n, k, d): &Self::Case) -> String {
            let mut search = Search::normal_with((n as u8, d as u8), moves);
            let mut wins = 0u64;
            for set in 0u32..1 << n {
                if u64::from(set.count_ones()) != k {
                    continue;
                }
                let cells: Vec<u8> = (0..n as u8).filter(|&c| set >> c & 1 == 1).collect();
                wins += u64::from(search.mover_wins((cells, true)));
            }
            format!("{}\n", wins % MODULUS)
        }
    }

    testkit::problem_tests!(
        BlackWhiteChess,
        solve,
        refuses: [
            ("", "input ended early: expected n"),
            ("10 3 1\n", "k = 3 is odd"),
            ("3 4 1\n", "k = 4 pieces do not fit on n = 3 cells"),
            ("10 4 0\n", "d = `0` is out of range"),
            ("100001 4 1\n", "n = `100001` is out of range"),
            ("10 102 1\n", "k = `102` is out of range"),
            ("10 4 2 5\n", "5"),
        ]
    );

    #[test]
    fn the_brute_force_plays_the_sample() {
        // The statement's sample by literal search over all 210 layouts.
        assert_eq!(BlackWhiteChess.brute(&(10, 4, 2)), "182\n");
    }

    #[test]
    fn k_two_is_all_but_the_adjacent_pairs() {
        // One pair: A loses only when the two pieces touch (n − 1 layouts).
        for n in [2u64, 5, 100, 100_000] {
            let all = n * (n - 1) / 2 % MODULUS;
            let want = (all + MODULUS - (n - 1)) % MODULUS;
            let got = judge::run_str(solve, &format!("{} 2 1\n", n)).unwrap();
            assert_eq!(got, format!("{}\n", want));
        }
    }
}
