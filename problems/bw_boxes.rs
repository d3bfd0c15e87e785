//! AOJ 1377 "Black and White Boxes" (ICPC Asia Tsukuba Regional 2016): piles of black and
//! white boxes; a player removes a box of their own colour and every box above it; who cannot
//! move loses. Choose some of the N piles so that the game is fair, a win for the second
//! player whoever starts, with as many boxes in all as possible; print that number.
//!
//! Each pile is a Blue-Red Hackenbush stalk, black boxes one player's edges and white the
//! other's, read from the bottom: worth the number whose sign expansion is its colours
//! (`grundy::partizan::hackenbush::stalk`). A sum of numbers is fair iff it is 0, so the
//! answer is the largest total height of a subset of piles whose values add up to 0: meet in
//! the middle, the subsets of each half with their sums, exact on a common denominator.
//!
//! Input: N, then N lines of `B` and `W`, a pile from the bottom up. Output: the most boxes
//! (0 when only the empty choice is fair).
//! Beyond the judge (N ≤ 40, piles of 1 to 40 boxes): piles of up to 62 boxes, valued exactly.
//! The judge's limits are taken from a description of the statement (the statement itself
//! was not at hand): time 2 s and memory 256 MiB are assumptions.

use grundy::partizan::dyadic::Dyadic;
use grundy::partizan::hackenbush::{stalk, Color};
use judge::{InputError, Scanner};
use std::io::Write;
use std::ops::{Add, Neg};

/// The most piles: 2^20 subsets a half.
const MAX_PILES: u64 = 40;
/// The tallest pile valued: a stalk of 62 edges is worth at most 62 and has at most 61
/// binary digits after the point, so 40 of them add up exactly over 2^61 in an `i128`.
const MAX_HEIGHT: usize = 62;

/// Every subset of `piles` (value over a common power of two, boxes) as (sum, boxes), by
/// adding one pile to the subset without its lowest one.
fn subset_sums<T: Copy + Default + Add<Output = T>>(piles: &[(T, u32)]) -> Vec<(T, u32)> {
    let mut sums = vec![(T::default(), 0u32); 1 << piles.len()];
    for mask in 1..sums.len() {
        let low = mask.trailing_zeros() as usize;
        let (s, b) = sums[mask & (mask - 1)];
        sums[mask] = (s + piles[low].0, b + piles[low].1);
    }
    sums
}

/// The most boxes of a subset of `piles` whose values add up to 0: every subset of the first
/// half, the most boxes for each sum, then every subset of the second half looks up its
/// negative.
fn most_fair_boxes<T>(piles: &[(T, u32)]) -> u32
where
    T: Copy + Default + Ord + Add<Output = T> + Neg<Output = T>,
{
    let (first, second) = piles.split_at(piles.len() / 2);
    let mut left = subset_sums(first);
    // For each sum, only its most boxes matter: sort by sum, then boxes descending.
    left.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    left.dedup_by_key(|entry| entry.0);
    let mut best = 0;
    for (sum, boxes) in subset_sums(second) {
        if let Ok(i) = left.binary_search_by(|entry| entry.0.cmp(&-sum)) {
            best = best.max(boxes + left[i].1);
        }
    }
    best
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("the number of piles N", 1..=MAX_PILES)? as usize;
    let mut piles = Vec::with_capacity(n);
    for i in 1..=n {
        let field = format!("pile {}", i);
        let text = sc.token(&field)?;
        if text.is_empty()
            || text.len() > MAX_HEIGHT
            || !text.bytes().all(|b| b == b'B' || b == b'W')
        {
            return Err(InputError::Invalid(format!(
                "{} = {} is not 1 to {} letters B and W",
                field,
                judge::quote(text.as_bytes()),
                MAX_HEIGHT
            )));
        }
        let colors: Vec<Color> = text
            .bytes()
            .map(|b| if b == b'B' { Color::Blue } else { Color::Red })
            .collect();
        let value = stalk(&colors).expect("a stalk of at most 62 edges fits 64 bits");
        piles.push((value, colors.len() as u32));
    }
    // Over the largest denominator 2^e the piles' numerators are integers; at the judge's
    // sizes (e <= 39, values below 41) every subset sum fits an i64, which sorts faster.
    let e = piles.iter().map(|p| p.0.parts().1).max().unwrap_or(0);
    let scaled = |(x, boxes): &(Dyadic, u32)| -> (i128, u32) {
        let (m, k) = x.parts();
        ((m as i128) << (e - k), *boxes)
    };
    let wide: Vec<(i128, u32)> = piles.iter().map(scaled).collect();
    let total: i128 = wide.iter().map(|p| p.0.abs()).sum();
    let best = if total <= i64::MAX as i128 {
        let narrow: Vec<(i64, u32)> = wide.iter().map(|&(v, b)| (v as i64, b)).collect();
        most_fair_boxes(&narrow)
    } else {
        most_fair_boxes(&wide)
    };
    writeln!(out, "{}", best)?;
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

    /// A literal position: the piles' boxes (true for black) and whether black moves.
    type State = (Vec<Vec<bool>>, bool);

    /// The mover takes one of their boxes and everything above it.
    #[allow(clippy::ptr_arg)]
    fn takes(state: &State) -> Vec<State> {
        let (piles, black) = state;
        let mut next = Vec::new();
        for (i, pile) in piles.iter().enumerate() {
            for (j, &box_black) in pile.iter().enumerate() {
                if box_black == *black {
                    let mut after = piles.clone();
                    after[i].truncate(j);
                    next.push((after, !black));
                }
            }
        }
        next
    }

    struct Boxes(Search<State>);
    impl Default for Boxes {
        fn default() -> Self {
            Boxes(Search::normal(takes))
        }
    }

    impl Problem for Boxes {
        /// The piles, each from the bottom up (true for black).
        type Case = Vec<Vec<bool>>;
        const SIZE: u64 = 5;
        const MAX_SIZE: u64 = 6;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> Vec<Vec<bool>> {
            let black = rng.range(1, 7);
            (0..rng.range(1, size))
                .map(|_| {
                    (0..rng.range(1, size))
                        .map(|_| rng.below(8) < black)
                        .collect()
                })
                .collect()
        }
        /// The judge's largest input: 40 piles of 40 boxes.
        fn max_cases(rng: &mut Rng) -> Vec<Vec<Vec<bool>>> {
            vec![(0..40)
                .map(|_| (0..40).map(|_| rng.below(2) == 0).collect())
                .collect()]
        }
        fn input(cases: &[Vec<Vec<bool>>]) -> String {
            let piles = &cases[0];
            let mut text = format!("{}\n", piles.len());
            for pile in piles {
                text.extend(pile.iter().map(|&b| if b { 'B' } else { 'W' }));
                text.push('\n');
            }
            text
        }
        fn brute(&mut self, piles: &Vec<Vec<bool>>) -> String {
            // Every subset; fair iff the player to move loses whoever it is.
            let mut best = 0;
            for mask in 0u32..1 << piles.len() {
                let chosen: Vec<Vec<bool>> = (0..piles.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| piles[i].clone())
                    .collect();
                let boxes: usize = chosen.iter().map(|p| p.len()).sum();
                if boxes > best
                    && !self.0.mover_wins((chosen.clone(), true))
                    && !self.0.mover_wins((chosen, false))
                {
                    best = boxes;
                }
            }
            format!("{}\n", best)
        }
    }

    testkit::problem_tests!(
        Boxes,
        solve,
        refuses: [
            ("", "expected the number of piles N"),
            ("0\n", "the number of piles N = `0` is out of range"),
            ("41\n", "the number of piles N = `41` is out of range"),
            ("2\nBW\n", "input ended early: expected pile 2"),
            ("1\nBX\n", "pile 1 = `BX` is not 1 to 62 letters B and W"),
            ("1\nBW\nB\n", "expected"),
        ]
    );

    #[test]
    fn tall_piles_are_exact() {
        // B W^60 B is 2^-60 + 2^-61 and W B^60 W its negative: the two are fair together,
        // and with the tallest one-colour pile beside them (62 boxes) nothing else is.
        let tall = format!("B{}B", "W".repeat(60));
        let mirror = format!("W{}W", "B".repeat(60));
        let input = format!("3\n{}\n{}\n{}\n", tall, "B".repeat(62), mirror);
        assert_eq!(judge::run_str(solve, &input).unwrap(), "124\n");
        // One box fewer on top of the first: B W^59 B is not the negative of the mirror.
        let input = format!("2\nB{}B\n{}\n", "W".repeat(59), mirror);
        assert_eq!(judge::run_str(solve, &input).unwrap(), "0\n");
    }
}
