//! CCC 2008 S5 "Nukit": a take-away game on the counts of particles A, B, C, D.
//!
//! Input: n, then n lines `a b c d`. Output per line: `Patrick` if the first player wins, else
//! `Roland`. The table covers the box up to the largest count of each kind in the input (31^4
//! positions at the judge's limit of 30); counts beyond the judge are answered while that box
//! stays within [`MAX_POSITIONS`], and refused clearly beyond it.

use grundy::input::{InputError, Scanner};
use grundy::judge::run_stdio;
use grundy::take_vectors::TakeVectors;
use grundy::Outcome;
use std::io::Write;

/// The five reactions, as counts of (A, B, C, D) they consume.
const REACTIONS: [[usize; 4]; 5] = [
    [2, 1, 0, 2],
    [1, 1, 1, 1],
    [0, 0, 2, 1],
    [0, 3, 0, 0],
    [1, 0, 0, 1],
];

/// The largest table built: 64 Mi positions of one byte each.
const MAX_POSITIONS: usize = 1 << 26;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let tests = sc.uint("the number of test cases n", 1..=u64::MAX)?;
    let mut pools = Vec::new();
    let mut bounds = [0usize; 4];
    for case in 1..=tests {
        let mut pool = [0usize; 4];
        for (kind, count) in pool.iter_mut().enumerate() {
            let name = ["A", "B", "C", "D"][kind];
            *count = sc.index(
                format_args!("the count of {name} in test case {case}"),
                0..=MAX_POSITIONS,
            )?;
            bounds[kind] = bounds[kind].max(*count);
        }
        pools.push(pool);
    }
    sc.finish()?;
    let game = TakeVectors::new(REACTIONS.iter().map(|r| r.to_vec()).collect());
    if !game.box_size(&bounds).is_some_and(|p| p <= MAX_POSITIONS) {
        return Err(InputError::Invalid(format!(
            "counts up to {bounds:?} need a table of more than {MAX_POSITIONS} positions (the judge allows counts up to 30)"
        )));
    }
    let table = game.table(&bounds).expect("the box size was checked");
    for pool in &pools {
        let outcome = Outcome::from_grundy(u64::from(table.value(pool)));
        writeln!(out, "{}", outcome.pick("Patrick", "Roland"))?;
    }
    Ok(())
}

fn main() {
    if let Err(e) = run_stdio(solve) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::judge::{check_refusals, run_on_str};
    use grundy::rng::SplitMix64;
    use std::collections::HashMap;

    /// Literal win/loss search over (a, b, c, d), written without the library.
    fn patrick_wins(pool: [usize; 4], memo: &mut HashMap<[usize; 4], bool>) -> bool {
        if let Some(&w) = memo.get(&pool) {
            return w;
        }
        let wins = REACTIONS.iter().any(|r| {
            (0..4).all(|i| r[i] <= pool[i])
                && !patrick_wins([0, 1, 2, 3].map(|i| pool[i] - r[i]), memo)
        });
        memo.insert(pool, wins);
        wins
    }

    #[test]
    fn sample() {
        let input = "6\n0 2 0 2\n1 3 1 3\n1 5 0 3\n3 3 3 3\n8 8 6 7\n8 8 8 8\n";
        let expected = "Roland\nPatrick\nRoland\nRoland\nRoland\nPatrick\n";
        assert_eq!(run_on_str(solve, input).unwrap(), expected);
    }

    #[test]
    fn matches_search_on_random_pools() {
        let mut rng = SplitMix64::new(2008);
        let mut memo = HashMap::new();
        for _ in 0..20 {
            let pools: Vec<[usize; 4]> = (0..50)
                .map(|_| [(); 4].map(|_| rng.below(13) as usize))
                .collect();
            let mut input = format!("{}\n", pools.len());
            let mut expected = String::new();
            for p in &pools {
                input += &format!("{} {} {} {}\n", p[0], p[1], p[2], p[3]);
                expected += if patrick_wins(*p, &mut memo) {
                    "Patrick\n"
                } else {
                    "Roland\n"
                };
            }
            assert_eq!(run_on_str(solve, &input).unwrap(), expected);
        }
    }

    #[test]
    fn counts_beyond_the_judge() {
        // 100 of one kind alone is a small table and is answered; a huge box is refused.
        let mut memo = HashMap::new();
        let expected = if patrick_wins([0, 100, 0, 0], &mut memo) {
            "Patrick\n"
        } else {
            "Roland\n"
        };
        assert_eq!(run_on_str(solve, "1\n0 100 0 0\n").unwrap(), expected);
        let err = run_on_str(solve, "2\n1000 1000 0 0\n0 0 1000 1000\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("need a table of more than"), "{err}");
    }

    #[test]
    fn refuses_malformed_input() {
        let cases = [
            ("", "expected the number of test cases"),
            ("1\n1 2 3", "expected the count of D in test case 1"),
            (
                "1\n1 -2 3 4",
                "the count of B in test case 1 = -2 is out of range",
            ),
            ("0\n", "out of range"),
            ("1\n1 2 3 4 5", "unexpected extra input"),
        ];
        check_refusals(solve, &cases).unwrap();
    }
}
