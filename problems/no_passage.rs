//! AtCoder ABC413 F "No Passage": an H × W grid with K goal cells and one piece. Until the
//! piece stands on a goal, Aoki forbids one of the four directions and Takahashi moves the
//! piece one cell in another (a move off the grid leaves it where it is, and still counts).
//! Takahashi minimises the number of moves to a goal, Aoki maximises it or keeps the piece
//! from the goals for ever. The answer is the sum, over every start, of the number of moves
//! under optimal play (0 where the goals cannot be forced).
//!
//! A game with cycles and costs: a cell's total is the second smallest of its four moves'
//! totals (Aoki removes the best, Takahashi takes the next), each move costing 1. That is
//! `grundy::cyclic_costs` with the chooser `KthSmallest(2)` at every cell and the goals as
//! exits of total 0, settled in increasing order from the goals; every move costs 1, so
//! `solve_unit_costs` settles them breadth first. A move off the grid returns
//! to the cell itself, worth more than the cell, so it is never among its two smallest and is
//! left out of the predecessors.
//!
//! Input: H W K, then K lines R_i C_i. Output: the sum (up to about 8 · 10^13 at the
//! judge's limits: 64-bit).
//! Limits: 2 ≤ H, W ≤ 3000, 1 ≤ K ≤ min(HW, 3000), goals distinct; anything else, a repeated
//! goal included, is refused.

use grundy::cyclic_costs::solve_unit_costs;
use judge::{InputError, Scanner};
use std::io::Write;

/// The judge's largest side and number of goals.
const MAX_SIDE: usize = 3000;
const MAX_GOALS: usize = 3000;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let h = sc.index("H", 2..=MAX_SIDE)?;
    let w = sc.index("W", 2..=MAX_SIDE)?;
    let k = sc.index("K", 1..=MAX_GOALS.min(h * w))?;
    let cells = h * w;
    // The goal number of each cell (0: none), to refuse a repeated goal by name.
    let mut goal_of = vec![0u32; cells];
    let mut goals = Vec::with_capacity(k);
    for i in 1..=k {
        let r = sc
            .index("R", 1..=h)
            .map_err(|e| e.for_field(format_args!("R_{}", i)))?;
        let c = sc
            .index("C", 1..=w)
            .map_err(|e| e.for_field(format_args!("C_{}", i)))?;
        let cell = (r - 1) * w + (c - 1);
        if goal_of[cell] != 0 {
            return Err(InputError::Invalid(format!(
                "goal {} ({}, {}) repeats goal {}",
                i, r, c, goal_of[cell]
            )));
        }
        goal_of[cell] = i as u32;
        goals.push((cell, 0u64));
    }
    sc.finish()?;
    drop(goal_of);

    let solution = solve_unit_costs(
        cells,
        &goals,
        |_| 2,
        |cell| {
            // The moves into `cell` come from its neighbours inside the grid.
            let (r, c) = (cell / w, cell % w);
            let mut around = [0; 4];
            let mut count = 0;
            for &(inside, neighbour) in &[
                (r > 0, cell.wrapping_sub(w)),
                (r + 1 < h, cell + w),
                (c > 0, cell.wrapping_sub(1)),
                (c + 1 < w, cell + 1),
            ] {
                around[count] = neighbour;
                count += inside as usize;
            }
            IntoIterator::into_iter(around).take(count)
        },
    );
    writeln!(out, "{}", solution.finite_sum())?;
    Ok(())
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::{Problem, Rng};

    /// H, W and the goals (1-based row, column), distinct.
    type Grid = (usize, usize, Vec<(usize, usize)>);

    #[derive(Default)]
    struct NoPassage;
    impl Problem for NoPassage {
        /// The whole input: one grid.
        type Case = Grid;
        const SIZE: u64 = 6;
        const MAX_SIZE: u64 = 12;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> Grid {
            let h = rng.range(2, size.max(2)) as usize;
            let w = rng.range(2, size.max(2)) as usize;
            let k = rng.range(1, (h * w).min(6) as u64) as usize;
            let mut goals: Vec<(usize, usize)> = Vec::new();
            while goals.len() < k {
                let goal = (
                    rng.range(1, h as u64) as usize,
                    rng.range(1, w as u64) as usize,
                );
                if !goals.contains(&goal) {
                    goals.push(goal);
                }
            }
            (h, w, goals)
        }
        /// The judge's largest input: a 3000 × 3000 grid with 3000 goals, either on the
        /// diagonal (then every cell is settled: the most work) or at random (by rng).
        fn max_cases(rng: &mut Rng) -> Vec<Grid> {
            let n = MAX_SIDE;
            let goals = if rng.below(2) == 0 {
                (1..=n).map(|i| (i, i)).collect()
            } else {
                let mut taken = std::collections::HashSet::new();
                let mut goals = Vec::new();
                while goals.len() < MAX_GOALS {
                    let goal = (
                        rng.range(1, n as u64) as usize,
                        rng.range(1, n as u64) as usize,
                    );
                    if taken.insert(goal) {
                        goals.push(goal);
                    }
                }
                goals
            };
            vec![(n, n, goals)]
        }
        fn input(cases: &[Grid]) -> String {
            let (h, w, goals) = &cases[0];
            let mut text = format!("{} {} {}\n", h, w, goals.len());
            for (r, c) in goals {
                text += &format!("{} {}\n", r, c);
            }
            text
        }
        #[allow(clippy::needless_range_loop)] // rows and columns are coordinates here
        fn brute(&mut self, grid: &Grid) -> String {
            // The game by its rules, truncated: best[x] is the fewest moves to a goal
            // Takahashi can force within t rounds (None: Aoki can hold him off that long),
            // for t = 0, 1, … until a round changes nothing. In a round Aoki forbids one of the
            // four directions (a move off the grid stays put) and Takahashi picks among the
            // other three.
            let (h, w, goals) = grid;
            let (h, w) = (*h, *w);
            let is_goal = |r: usize, c: usize| goals.contains(&(r + 1, c + 1));
            let mut best: Vec<Vec<Option<u64>>> = (0..h)
                .map(|r| {
                    (0..w)
                        .map(|c| if is_goal(r, c) { Some(0) } else { None })
                        .collect()
                })
                .collect();
            loop {
                let mut next = best.clone();
                for r in 0..h {
                    for c in 0..w {
                        if is_goal(r, c) {
                            continue;
                        }
                        let moves = [
                            if r > 0 { (r - 1, c) } else { (r, c) },
                            if r + 1 < h { (r + 1, c) } else { (r, c) },
                            if c > 0 { (r, c - 1) } else { (r, c) },
                            if c + 1 < w { (r, c + 1) } else { (r, c) },
                        ];
                        // None is worse than any number for Takahashi: compare as (is none, n).
                        let key = |v: Option<u64>| v.map_or((1, 0), |n| (0, n + 1));
                        let aoki = (0..4)
                            .map(|forbidden| {
                                (0..4)
                                    .filter(|&b| b != forbidden)
                                    .map(|b| key(best[moves[b].0][moves[b].1]))
                                    .min()
                                    .unwrap()
                            })
                            .max()
                            .unwrap();
                        next[r][c] = if aoki.0 == 1 { None } else { Some(aoki.1) };
                    }
                }
                if next == best {
                    break;
                }
                best = next;
            }
            let sum: u64 = best.iter().flatten().flatten().sum();
            format!("{}\n", sum)
        }
    }

    testkit::problem_tests!(
        NoPassage,
        solve,
        refuses: [
            ("", "expected H"),
            ("1 5 1\n1 1\n", "H = `1` is out of range"),
            ("3001 2 1\n1 1\n", "H = `3001` is out of range"),
            ("2 2 5\n", "K = `5` is out of range"),
            ("2 2 0\n", "K = `0` is out of range"),
            ("3 3 3001\n", "K = `3001` is out of range"),
            ("2 3 1\n3 1\n", "R_1 = `3` is out of range"),
            ("2 3 2\n1 1\n2 4\n", "C_2 = `4` is out of range"),
            ("2 3 2\n1 2\n1 2\n", "goal 2 (1, 2) repeats goal 1"),
            ("2 3 2\n1 2\n", "input ended early: expected R_2"),
            ("2 3 1\n1 2\n7\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn the_diagonal_settles_every_cell() {
        // Goals on the diagonal of an n × n grid: every cell is settled, and cell (i, j) needs
        // |i − j| moves, as each step towards the diagonal has two directions.
        let n = 40;
        let mut input = format!("{} {} {}\n", n, n, n);
        for i in 1..=n {
            input += &format!("{} {}\n", i, i);
        }
        let expected: u64 = (1..=n as u64)
            .flat_map(|i| (1..=n as u64).map(move |j| if i > j { i - j } else { j - i }))
            .sum();
        assert_eq!(
            judge::run_str(solve, &input).unwrap(),
            format!("{}\n", expected)
        );
    }
}
