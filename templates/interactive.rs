//! {{TITLE}}
//!
//! An interactive problem: the solution talks with the jury's program. Write the statement's
//! protocol here. As created by `new`, `solve` plays Nim against the jury, so that the file
//! compiles and its tests pass: replace the game and its protocol, keep the shape.
//!
//! The starter's protocol: the jury sends n, then the n heap sizes; the solution answers
//! `First` or `Second` (the side it plays); then the players alternate, a move being `i k`
//! (take k from heap i, 1-based), one line each; the player who cannot move loses; the jury
//! sends `0 0` when it has no move left, and `-1` when it rejects a line (then the solution
//! stops).
//!
//! The judge, the problem's page and its limits are this problem's line under
//! `[package.metadata.problems]` in `problems/Cargo.toml` (with `interactive = true`).
//! `cargo run --release --bin play -- NAME` plays one dialogue against the jury the tests below
//! derive, and shows it (docs/interactive.md).

use grundy::prelude::{nim_sum, Nimber};
use judge::interactive::Dialogue;
use judge::InputError;
use std::io::{BufRead, Write};

/// The most heaps and the largest heap the starter accepts.
const MAX_HEAPS: u64 = 100;
const MAX_HEAP: u64 = 1_000_000_000;

fn solve<R: BufRead, W: Write>(io: &mut Dialogue<R, W>) -> Result<(), InputError> {
    let n = io.uint("the number of heaps n", 1..=MAX_HEAPS)? as usize;
    let mut heaps = Vec::with_capacity(n);
    for i in 1..=n {
        heaps.push(io.uint(format_args!("heap {}", i), 0..=MAX_HEAP)?);
    }
    let mut my_turn = !nim_sum(heaps.iter().copied()).is_zero();
    io.send(if my_turn { "First" } else { "Second" })?;
    loop {
        if my_turn {
            let (i, take) = winning_move(&heaps);
            heaps[i] -= take;
            io.send(format_args!("{} {}", i + 1, take))?;
        } else {
            let i = io.uint("the jury's heap", 0..=n as u64)? as usize;
            let take = io.uint("the jury's count", 0..=MAX_HEAP)?;
            if i == 0 {
                return Ok(()); // `0 0`: the jury cannot move, the game is won
            }
            if take == 0 || take > heaps[i - 1] {
                return Err(InputError::Invalid(format!(
                    "the jury took {} from heap {} of {}",
                    take,
                    i,
                    heaps[i - 1]
                )));
            }
            heaps[i - 1] -= take;
        }
        my_turn = !my_turn;
    }
}

/// A move to nim-sum 0 (heap index, count): called only where the nim-sum is not 0.
fn winning_move(heaps: &[u64]) -> (usize, u64) {
    let sum = nim_sum(heaps.iter().copied());
    for (i, &heap) in heaps.iter().enumerate() {
        let target = (Nimber(heap) + sum).0;
        if target < heap {
            return (i, heap - target);
        }
    }
    unreachable!("a non-zero nim-sum has a winning move")
}

fn main() {
    judge::interactive::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::interactive::{Protocol, Sides};
    use testkit::Rng;

    /// The game and its protocol, as the jury derived from them sees it.
    #[derive(Default)]
    struct Starter;
    impl Protocol for Starter {
        /// A position: the heap sizes.
        type Position = Vec<u64>;
        /// The solution chooses its side, so a win is promised from every start.
        const SIDES: Sides = Sides::Choose {
            first: "First",
            second: "Second",
        };
        /// The rules, literally: take any number from one heap.
        fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
            let mut next = Vec::new();
            for i in 0..heaps.len() {
                for left in 0..heaps[i] {
                    let mut after = heaps.clone();
                    after[i] = left;
                    next.push(after);
                }
            }
            next
        }
        /// A random start: one to three heaps below `size`.
        fn start(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 3)).map(|_| rng.range(0, size)).collect()
        }
        /// Smaller starts for the shrinker: fewer heaps, then one heap smaller.
        fn smaller(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
            let mut cuts = testkit::shorter_lists(heaps);
            for i in 0..heaps.len() {
                if heaps[i] > 0 {
                    let mut cut = heaps.clone();
                    cut[i] -= 1;
                    cuts.push(cut);
                }
            }
            cuts
        }
        /// The case file: n, then the heaps (what the jury sends).
        fn input(starts: &[Vec<u64>]) -> String {
            Starter.opening(&starts[0]).join("\n") + "\n"
        }
        fn read_input(text: &str) -> Result<Vec<Vec<u64>>, String> {
            let numbers: Result<Vec<u64>, _> = text.split_whitespace().map(str::parse).collect();
            let numbers = numbers.map_err(|e| e.to_string())?;
            match numbers.split_first() {
                Some((&n, heaps)) if n >= 1 && n as usize == heaps.len() => {
                    Ok(vec![heaps.to_vec()])
                }
                _ => Err("expected n, then n heap sizes".to_string()),
            }
        }
        fn opening(&self, heaps: &Vec<u64>) -> Vec<String> {
            let sizes: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            vec![heaps.len().to_string(), sizes.join(" ")]
        }
        /// `i k`: take k from heap i (legality is the jury's own check, against `moves`).
        fn read_move(&self, heaps: &Vec<u64>, line: &str) -> Result<Vec<u64>, String> {
            let words: Vec<&str> = line.split_whitespace().collect();
            let (i, take) = match words[..] {
                [i, take] => (i.parse::<usize>(), take.parse::<u64>()),
                _ => return Err("expected `i k`".to_string()),
            };
            let (i, take) = match (i, take) {
                (Ok(i), Ok(take)) if (1..=heaps.len()).contains(&i) => (i, take),
                _ => return Err("expected a heap number and a count".to_string()),
            };
            let mut after = heaps.clone();
            after[i - 1] = heaps[i - 1]
                .checked_sub(take)
                .ok_or_else(|| format!("heap {} holds only {}", i, heaps[i - 1]))?;
            Ok(after)
        }
        fn write_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
            let i = (0..from.len()).find(|&i| from[i] != to[i]).unwrap_or(0);
            format!("{} {}", i + 1, from[i] - to[i])
        }
        fn jury_lost(&self, _: &Vec<u64>) -> Option<String> {
            Some("0 0".to_string())
        }
        // For starts past brute-force size (the statement's largest), also state
        // `searchable` (which starts the jury may search), `mover_wins` (who wins, where a closed
        // form knows), and `is_over`, `is_move`, `random_move`, `greedy_move` when listing every
        // move is too slow: problems/abc278g/tests.rs shows them.
    }

    testkit::interactive_tests!(Starter, solve);
}
