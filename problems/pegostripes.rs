//! PEG-O-Stripes (Woburn Challenge), read in the judge format of POI 2000 "Stripes": strips of
//! lengths c, z, n are laid on a row of p cells; the player who cannot lay one loses.
//!
//! Input: `c z n`, then m, then m board lengths p. Output per board: `1` if the first player
//! wins, else `2`. The game is the octal game with digit 7 at each strip length. Boards within
//! the judge's range ([`JUDGE_BOARDS`]) are read from one table of values that grows as they
//! need it ([`StripValues`]: each row's options found once for the three lengths). Longer
//! boards, up to 2^64 − 1 cells, are answered by the same method's values, from a period
//! certified by the Guy–Smith theorem ([`Certifier::run_quietly`]) or, below [`DIRECT_LIMIT`]
//! cells, directly, while that stays within [`WORK_LIMIT`] (about a second); the rest are
//! refused. Of the 364 strip sets with lengths up to 12, the 67 whose periods the octal engine
//! proves within 2^17 values are all answered this way (the longest proof, strips 1 2 5:
//! period 3 after 6,902 cells, takes 13,815 values and 48M options, 3% of the work allowed).
//! A game whose values keep growing is answered directly to 40,000 to 80,000 cells, then
//! refused (16 19 40: 40,111; 0.777, strips 1 2 3: 50,764; 1000 999 998: 81,311): the
//! rare-value method reaches further in the same time, but its code would more than double
//! the part of the bundle that the octal engine takes, and DMOJ limits the bundle's size.

use grundy::octal::{Certifier, Limits};
use grundy::prelude::{Nimber, Outcome};
use grundy::strips::StripValues;
use judge::{InputError, Scanner};
use std::io::Write;

/// Values computed at most, while looking for a period or answering boards directly.
const DIRECT_LIMIT: u64 = 1 << 17;
/// The judge's longest board: a board within it is read from a table computed up to it (no
/// period is looked for), so the judge's inputs cost what one table of their range costs.
const JUDGE_BOARDS: u64 = 1000;
/// Options examined at most while doing so, as [`StripValues`] counts them: about a second of
/// work (a row's pairs cost more once the values no longer fit one 64-bit mask), past which a
/// board that needs more values than were computed is refused instead of waited for.
const WORK_LIMIT: u64 = 1_500_000_000;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let mut lengths = Vec::new();
    for name in ["c", "z", "n"] {
        lengths.push(sc.uint(format_args!("the strip length {}", name), 1..=u64::MAX)?);
    }
    lengths.sort_unstable();
    let count = sc.uint("the number of boards m", 1..=u64::MAX)?;
    // Boards are answered as they are read, from the game of the strips that fit on the
    // longest board so far or on the judge's longest: a longer strip never fits, so it changes
    // no value below its length. The game is rebuilt (at most three times) when a board lets
    // another strip fit, and its values grow as boards need them.
    let mut fitting = 0;
    let mut game = Certifier::new(StripValues::new(&[]).expect("no strips"));
    let mut spent = 0;
    for i in 1..=count {
        let board = sc.uint(format_args!("board {}", i), 1..=u64::MAX)?;
        let fit = lengths
            .iter()
            .filter(|&&l| l <= board.max(JUDGE_BOARDS))
            .count();
        if fit > fitting {
            if let Some(&long) = lengths[..fit].iter().find(|&&l| l > DIRECT_LIMIT) {
                return Err(InputError::Invalid(format!(
                    "a strip of length {} needs more than the {} values this program computes",
                    long, DIRECT_LIMIT
                )));
            }
            let strips: Vec<usize> = lengths[..fit].iter().map(|&l| l as usize).collect();
            let values = StripValues::new(&strips).expect("lengths are between 1 and DIRECT_LIMIT");
            spent += game.work();
            game = Certifier::new(values);
            fitting = fit;
        }
        if board <= JUDGE_BOARDS {
            // At most 1001 values (under a million pairs), and no period looked for.
            game.extend_to(board as usize + 1)
                .map_err(|e| InputError::Invalid(e.to_string()))?;
            let value = Nimber::from(game.values()[board as usize]);
            out.write_all(Outcome::from_grundy(value).pick(b"1\n", b"2\n"))?;
            continue;
        }
        let value = match game.value(board) {
            Some(value) => value,
            None => value_beyond(&mut game, board, WORK_LIMIT.saturating_sub(spent))?,
        };
        out.write_all(Outcome::from_grundy(value).pick(b"1\n", b"2\n"))?;
    }
    sc.finish()
}

fn main() {
    judge::main(solve)
}

/// G(board) for a board past the values known: computes at least twice as many (up to
/// [`DIRECT_LIMIT`] and the board), stopping early at a certified period, or refuses.
fn value_beyond(
    game: &mut Certifier<StripValues>,
    board: u64,
    budget: u64,
) -> Result<Nimber, InputError> {
    // Doubling amortises the period checks.
    let wanted = board
        .saturating_add(1)
        .max(2 * game.len() as u64)
        .min(DIRECT_LIMIT) as usize;
    game.run_quietly(Limits::up_to(wanted).with_work(budget))
        .map_err(|e| InputError::Invalid(e.to_string()))?;
    game.value(board).ok_or_else(|| {
        InputError::Invalid(format!(
            "no period was found within {} values (the work this program allows), so boards of {} cells or more (here {}) cannot be answered",
            game.len(),
            game.len(),
            board
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use itertools::Itertools;
    use testkit::search::mover_wins_laying_strips;
    use testkit::{Problem, Rng};

    #[derive(Default)]
    struct PegOStripes;
    impl Problem for PegOStripes {
        /// The whole input: strip lengths (c, z, n) and the boards.
        type Case = ([u32; 3], Vec<u32>);
        const SIZE: u64 = 14;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> ([u32; 3], Vec<u32>) {
            let lengths = [(); 3].map(|_| rng.range(1, (size / 2).clamp(1, 6)) as u32);
            let boards = (0..rng.range(1, 10))
                .map(|_| rng.range(1, size.min(16)) as u32)
                .collect();
            (lengths, boards)
        }
        /// The judge's largest input: m = 1000 boards up to 1000 cells, strip lengths up to 1000, or
        /// up to 20 so that strips fit the boards many times (by rng).
        fn max_cases(rng: &mut Rng) -> Vec<([u32; 3], Vec<u32>)> {
            let longest = *rng.pick(&[20, 1000]);
            let lengths = [(); 3].map(|_| rng.range(1, longest) as u32);
            let boards = (0..1000).map(|_| rng.range(1, 1000) as u32).collect();
            vec![(lengths, boards)]
        }
        fn input(cases: &[([u32; 3], Vec<u32>)]) -> String {
            let (lengths, boards) = &cases[0];
            format!(
                "{}\n{}\n{}\n",
                lengths.iter().join(" "),
                boards.len(),
                boards.iter().join("\n")
            )
        }
        fn brute(&mut self, (lengths, boards): &([u32; 3], Vec<u32>)) -> String {
            boards
                .iter()
                .map(|&cells| {
                    if mover_wins_laying_strips(cells, 0, lengths) {
                        "1\n"
                    } else {
                        "2\n"
                    }
                })
                .collect()
        }
    }

    testkit::problem_tests!(
        PegOStripes,
        solve,
        refuses: [
            ("", "expected the strip length c"),
            ("1 0 1\n1\n5\n", "the strip length z = `0` is out of range"),
            ("1 2 3\n2\n5\n", "input ended early: expected board 2"),
            ("1 2 3\n3\n5\n6\n", "expected board 3"),
            ("1 2 3\n1\n0\n", "board 1 = `0` is out of range"),
            ("1 2 300000\n1\n300000\n", "needs more than the 131072 values"),
            // A strip of exactly DIRECT_LIMIT cells is laid, but the board needs one value more.
            ("1 2 131072\n1\n131072\n", "no period was found within"),
            ("1 2 3\n1\n5 6\n", "unexpected extra input"),
            // Long strips and a huge board: no period within the work allowed (about a second
            // of it), so a refusal rather than a long wait.
            (
                "1000 999 998\n1\n18446744073709551615\n",
                "no period was found within",
            ),
        ]
    );

    #[test]
    fn huge_boards_use_the_certified_period() {
        // Dawson's Kayles (strips of 2) has period 34 after a preperiod of 53 (Guy and Smith).
        let huge: u64 = 1_000_000_000_000_000_000;
        for board in [huge, huge + 1, huge + 7, u64::MAX] {
            let same = 53 + (board - 53) % 34;
            let expected = judge::run_str(solve, &format!("2 2 2\n1\n{same}\n")).unwrap();
            assert_eq!(
                judge::run_str(solve, &format!("2 2 2\n1\n{board}\n")).unwrap(),
                expected
            );
        }
    }

    /// G(0..len) of the strip game, by the recursion itself: every way to lay every strip.
    fn literal_values(strips: &[usize], len: usize) -> Vec<usize> {
        let mut g: Vec<usize> = Vec::new();
        for n in 0..len {
            let mut seen = vec![false; 4 * n + 2];
            for r in strips.iter().filter(|&&r| r <= n) {
                // The cuts at a and at n - r - a leave the same two rows: half of them suffice.
                (0..=(n - r) / 2).for_each(|a| seen[g[a] ^ g[n - r - a]] = true);
            }
            g.push(seen.iter().position(|&s| !s).unwrap());
        }
        g
    }

    #[test]
    fn long_preperiods_are_certified_and_read_off() {
        // Of the strip sets up to 12, 2 3 10 has the longest period (896 after 1,024 cells)
        // and 1 2 5 the longest proof (period 3 after 6,902 cells, 13,815 values). Their
        // values past the preperiod are never 0 (of the sets with a proof past 300 values, none
        // has a zero past 1,000 cells: Dawson's Kayles above checks the losing boards), so what
        // this checks is that proofs this long are found within the work allowed, and every
        // board answered as the recursion answers the cell it repeats.
        let huge: u64 = 1_000_000_000_000_000_000;
        for (strips, period, preperiod, boards) in
            [([2, 3, 10], 896, 1024, 900), ([1, 2, 5], 3, 6902, 3)]
        {
            let g = literal_values(&strips, preperiod + period);
            let boards: Vec<u64> = (huge..huge + boards).chain([u64::MAX]).collect();
            let expected: String = boards
                .iter()
                .map(|&b| {
                    let same = preperiod + ((b - preperiod as u64) % period as u64) as usize;
                    if g[same] == 0 {
                        "2\n"
                    } else {
                        "1\n"
                    }
                })
                .collect();
            let input = format!(
                "{}\n{}\n{}\n",
                strips.iter().join(" "),
                boards.len(),
                boards.iter().join("\n")
            );
            assert_eq!(
                judge::run_str(solve, &input).unwrap(),
                expected,
                "{strips:?}"
            );
        }
    }

    #[test]
    fn boards_across_the_judge_edge_answer_as_they_do_alone() {
        // Together, the first board computes 647 values, the second 1001 (the judge's edge,
        // no period looked for), the third goes on past it looking for one; with strips longer
        // than the judge's boards, the game is rebuilt as each comes to fit. Alone, each board
        // computes from scratch.
        let boards = [646, 1000, 1001, 999, 1700, 1, 1002, 2500, 40, 3100, 1000];
        for strips in ["16 19 40", "2 1500 3000", "1001 1 1002"] {
            let together = format!("{strips}\n{}\n{}\n", boards.len(), boards.iter().join("\n"));
            let alone: String = boards
                .iter()
                .map(|b| judge::run_str(solve, &format!("{strips}\n1\n{b}\n")).unwrap())
                .collect();
            assert_eq!(judge::run_str(solve, &together).unwrap(), alone, "{strips}");
        }
    }

    #[test]
    fn strips_longer_than_every_board_change_nothing() {
        let with = judge::run_str(solve, "2 18446744073709551615 2\n2\n5\n8\n").unwrap();
        assert_eq!(with, judge::run_str(solve, "2 2 2\n2\n5\n8\n").unwrap());
    }
}
