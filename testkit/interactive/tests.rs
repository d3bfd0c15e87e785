//! The framework on toys: Nim against the jury, the contestant choosing First or Second; a
//! right solution is accepted with every strategy, and planted bugs (an illegal move, a losing
//! move, the wrong side, silence, a crash) are each caught with their reason and transcript.
//! Here the toys several files share (Nim and its planted solutions, a countdown); the tests,
//! one topic a file, below.

use super::*;
use crate::{Rng, StressLimit, StressSettings};
use judge::interactive::Dialogue as Io;
use judge::InputError;
use std::io::{BufRead, Write};
use std::time::Duration;

mod big;
mod fixed_sides;
mod programs;
mod strategies;
mod time;
mod verdicts;

/// Nim: the jury sends the number of heaps and the heaps; the contestant answers `First` or
/// `Second`; a move is `i k` (take k from heap i, 1-based); the jury sends `0 0` when it has no
/// move left.
#[derive(Default)]
pub(crate) struct Nim;

impl Protocol for Nim {
    type Position = Vec<u64>;
    const SIDES: Sides = Sides::Choose {
        first: "First",
        second: "Second",
    };
    const MAX_GAMES: usize = 1;
    const DIALOGUES: u64 = 40;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for take in 1..=h {
                let mut next = heaps.clone();
                next[i] -= take;
                moves.push(next);
            }
        }
        moves
    }
    fn start(rng: &mut Rng, size: u64) -> Vec<u64> {
        let n = 1 + rng.below(3);
        (0..n).map(|_| rng.range(0, size)).collect()
    }
    fn smaller(heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut cuts = crate::shorter_lists(heaps);
        for i in 0..heaps.len() {
            if heaps[i] > 0 {
                let mut cut = heaps.clone();
                cut[i] -= 1;
                cuts.push(cut);
            }
        }
        cuts
    }
    fn input(starts: &[Vec<u64>]) -> String {
        let heaps: Vec<String> = starts[0].iter().map(u64::to_string).collect();
        format!("{}\n{}\n", heaps.len(), heaps.join(" "))
    }
    fn read_input(text: &str) -> Result<Vec<Vec<u64>>, String> {
        let numbers: Result<Vec<u64>, _> = text.split_whitespace().map(str::parse).collect();
        let numbers = numbers.map_err(|e| e.to_string())?;
        match numbers.split_first() {
            Some((&n, heaps)) if n as usize == heaps.len() && n > 0 => Ok(vec![heaps.to_vec()]),
            _ => Err("expected n, then n heaps".to_string()),
        }
    }
    fn opening(&self, heaps: &Vec<u64>) -> Vec<String> {
        let text = Nim::input(std::slice::from_ref(heaps));
        text.lines().map(str::to_string).collect()
    }
    fn read_move(&self, heaps: &Vec<u64>, line: &str) -> Result<Vec<u64>, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (i, take) = match words[..] {
            [i, take] => (
                i.parse::<usize>()
                    .map_err(|_| format!("heap `{i}` is not a number"))?,
                take.parse::<u64>()
                    .map_err(|_| format!("`{take}` is not a number"))?,
            ),
            _ => return Err("expected `heap count`".to_string()),
        };
        if i == 0 || i > heaps.len() {
            return Err(format!("there is no heap {i}"));
        }
        let mut next = heaps.clone();
        next[i - 1] = next[i - 1]
            .checked_sub(take)
            .ok_or_else(|| format!("heap {i} holds only {}", heaps[i - 1]))?;
        Ok(next)
    }
    fn write_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let i = (0..from.len())
            .find(|&i| from[i] != to[i])
            .expect("a move changes a heap");
        format!("{} {}", i + 1, from[i] - to[i])
    }
    fn jury_lost(&self, _: &Vec<u64>) -> Option<String> {
        Some("0 0".to_string())
    }
}

/// Which bug a planted solution carries.
#[derive(Clone, Copy, PartialEq)]
enum Bug {
    None,
    /// Takes one more than the heap holds when the winning move empties a heap of 3.
    Illegal,
    /// Takes 1 from the first non-empty heap whenever a heap holds 3.
    Losing,
    /// Chooses the wrong side when there are exactly two heaps.
    WrongSide,
    /// Writes its side but never flushes.
    Silent,
    /// Panics after choosing.
    Crash,
}

fn nim_with<R: BufRead, W: Write>(io: &mut Io<R, W>, bug: Bug) -> Result<(), InputError> {
    let n = io.uint("n", 1..=100)? as usize;
    let mut heaps = Vec::with_capacity(n);
    for i in 0..n {
        heaps.push(io.uint(format_args!("heap {}", i + 1), 0..=1_000_000)?);
    }
    let sum = heaps.iter().fold(0, |s, h| s ^ h);
    let mut first = sum != 0;
    if bug == Bug::WrongSide && n == 2 {
        first = !first;
    }
    if bug == Bug::Silent {
        return Ok(());
    }
    io.send(if first { "First" } else { "Second" })?;
    if bug == Bug::Crash {
        panic!("planted crash");
    }
    let mut my_turn = first;
    loop {
        if my_turn {
            let sum = heaps.iter().fold(0, |s, h| s ^ h);
            let i = match (0..n).find(|&i| heaps[i] ^ sum < heaps[i]) {
                Some(i) => i,
                None => (0..n).find(|&i| heaps[i] > 0).expect("a move exists"),
            };
            let mut take = if sum == 0 {
                1
            } else {
                heaps[i] - (heaps[i] ^ sum)
            };
            if bug == Bug::Losing && heaps.contains(&3) {
                let j = (0..n).find(|&j| heaps[j] > 0).expect("a move exists");
                io.send(format_args!("{} {}", j + 1, 1))?;
                heaps[j] -= 1;
                my_turn = false;
                continue;
            }
            if bug == Bug::Illegal && heaps[i] == 3 && take == 3 {
                take = 4;
            }
            io.send(format_args!("{} {}", i + 1, take))?;
            heaps[i] -= take.min(heaps[i]);
        } else {
            let i = io.uint("the jury's heap", 0..=n as u64)? as usize;
            let take = io.uint("the jury's count", 0..=1_000_000)?;
            if i == 0 {
                return Ok(());
            }
            heaps[i - 1] -= take;
        }
        my_turn = !my_turn;
    }
}

fn right<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    nim_with(io, Bug::None)
}
fn illegal<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    nim_with(io, Bug::Illegal)
}
fn losing<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    nim_with(io, Bug::Losing)
}
fn wrong_side<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    nim_with(io, Bug::WrongSide)
}
fn silent<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    nim_with(io, Bug::Silent)
}
fn crash<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    nim_with(io, Bug::Crash)
}

fn referee(solve: SolveFn) -> Referee<Nim> {
    Referee::new("nim_toy", "/nowhere", solve)
}

/// A countdown whose jury is slow or loud: the contestant moves first, from `n` to `n - 1`;
/// each game's opening takes the jury `pause` to prepare and is padded with `pad` spaces.
#[derive(Default)]
struct Countdown {
    pause: Duration,
    pad: usize,
}

impl Protocol for Countdown {
    type Position = u64;
    const SIDES: Sides = Sides::ContestantFirst;
    fn moves(&self, &n: &u64) -> Vec<u64> {
        n.checked_sub(1).into_iter().collect()
    }
    fn start(_: &mut Rng, _: u64) -> u64 {
        1
    }
    fn input(_: &[u64]) -> String {
        String::new()
    }
    fn read_input(_: &str) -> Result<Vec<u64>, String> {
        Ok(vec![1])
    }
    fn opening(&self, &n: &u64) -> Vec<String> {
        std::thread::sleep(self.pause);
        vec![format!("{n}{}", " ".repeat(self.pad))]
    }
    fn read_move(&self, _: &u64, line: &str) -> Result<u64, String> {
        line.trim().parse().map_err(|_| "a number".to_string())
    }
    fn write_move(&self, _: &u64, &to: &u64) -> String {
        to.to_string()
    }
}

fn counts_down<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    while io.token("n").is_ok() {
        io.send("0")?;
    }
    Ok(())
}
