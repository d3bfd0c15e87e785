//! CSES 1729 "Stick Game": a heap of sticks, a move removes p sticks for some p in a set P;
//! who removes the last stick wins. For every heap 1..n: `W` if the player to move wins, `L`
//! if not. A heap is a win iff some move leads to a loss (heap 0 is a loss: no move), filled
//! bottom-up; only outcomes are asked, so no Grundy value is needed.
//!
//! Input: n and k, then p_1 … p_k. Output: one line of n letters.
//! Beyond the judge (p_i ≤ n, distinct, one of them 1): any p_i ≥ 1 (a move larger than the
//! heap is never possible; repeated moves change nothing; without 1 small heaps may be
//! losses). n ≤ 10^6 and k ≤ 100 as on the judge, so the work stays within n · k steps.

use judge::{InputError, Scanner};
use std::io::Write;

/// The judge's largest heap.
const MAX_STICKS: u64 = 1_000_000;
/// The judge's largest number of moves.
const MAX_MOVES: u64 = 100;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("n", 1..=MAX_STICKS)? as usize;
    let k = sc.uint("k", 1..=MAX_MOVES)?;
    let mut moves: Vec<usize> = Vec::with_capacity(k as usize);
    for i in 1..=k {
        let p = sc.uint(format_args!("p_{}", i), 1..=u64::MAX)?;
        if p <= n as u64 {
            moves.push(p as usize);
        }
    }
    sc.finish()?;
    moves.sort_unstable();
    moves.dedup();
    let letters = outcomes(n, &moves);
    out.write_all(&letters)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// `W` or `L` for heaps 1..=n, the moves sorted increasing and at most n.
fn outcomes(n: usize, moves: &[usize]) -> Vec<u8> {
    // wins[h] for heaps 0..=n; heap 0 is a loss.
    let mut wins = vec![false; n + 1];
    for h in 1..=n {
        wins[h] = moves.iter().take_while(|&&p| p <= h).any(|&p| !wins[h - p]);
    }
    wins[1..]
        .iter()
        .map(|&w| if w { b'W' } else { b'L' })
        .collect()
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// The whole input: n and the moves.
    #[derive(Default)]
    struct Sticks;
    impl Problem for Sticks {
        type Case = (u64, Vec<u64>);
        const SIZE: u64 = 30;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> (u64, Vec<u64>) {
            let n = rng.range(1, size);
            let mut moves = vec![1];
            for _ in 0..rng.range(0, 4) {
                let p = rng.range(1, n);
                if !moves.contains(&p) {
                    moves.push(p);
                }
            }
            (n, moves)
        }
        /// The judge's largest input: n = 10^6 and k = 100 distinct moves up to n, one of them 1.
        fn max_cases(rng: &mut Rng) -> Vec<(u64, Vec<u64>)> {
            let n = 1_000_000;
            let mut moves = vec![1];
            while moves.len() < 100 {
                let p = rng.range(2, n);
                if !moves.contains(&p) {
                    moves.push(p);
                }
            }
            vec![(n, moves)]
        }
        fn input(cases: &[(u64, Vec<u64>)]) -> String {
            let (n, moves) = &cases[0];
            let list: Vec<String> = moves.iter().map(|p| p.to_string()).collect();
            format!("{} {}\n{}\n", n, moves.len(), list.join(" "))
        }
        fn brute(&mut self, (n, moves): &(u64, Vec<u64>)) -> String {
            // Literal search on one heap: remove any p of the set.
            let moves = moves.clone();
            let mut search = Search::normal(move |&heap: &u64| {
                moves
                    .iter()
                    .filter(|&&p| p <= heap)
                    .map(|&p| heap - p)
                    .collect()
            });
            let mut letters: String = (1..=*n)
                .map(|h| if search.mover_wins(h) { 'W' } else { 'L' })
                .collect();
            letters.push('\n');
            letters
        }
    }

    testkit::problem_tests!(
        Sticks,
        solve,
        refuses: [
            ("", "expected n"),
            ("0 1\n1\n", "n = `0` is out of range"),
            ("5 101\n", "k = `101` is out of range"),
            ("5 2\n1\n", "input ended early: expected p_2"),
            ("5 1\n0\n", "p_1 = `0` is out of range"),
            ("5 1\n1 2\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn moves_beyond_the_judge() {
        // Moves above n never apply; a repeated move changes nothing; without 1, heap 1 is lost.
        let input = "6 4\n2 99999999999999999 2 3\n";
        assert_eq!(judge::run_str(solve, input).unwrap(), "LWWWLL\n");
    }
}
