//! The framework on a toy: Nim against the jury, the contestant choosing First or Second; a
//! right solution is accepted with every strategy, and planted bugs (an illegal move, a losing
//! move, the wrong side, silence, a crash) are each caught with their reason and transcript.

use super::*;
use crate::{Rng, StressLimit, StressSettings};
use judge::interactive::Dialogue as Io;
use judge::InputError;
use std::io::{BufRead, Write};
use std::time::Duration;

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

#[test]
fn a_right_solution_wins_every_dialogue() {
    let mut referee = referee(right);
    assert!(referee.find_failure(0, 200, 6).is_none());
    // Every strategy: the transcript ends with the jury's loss and `AC`.
    let mut contestant = InProcess::start(right);
    let dialogue = referee.play_with(
        &[vec![1, 2]],
        Strategy::Adversarial,
        &mut contestant,
        IN_PROCESS_LIMIT,
    );
    assert_eq!(
        dialogue.verdict,
        Verdict::Accepted,
        "{}",
        dialogue.transcript
    );
    assert!(
        dialogue.transcript.starts_with(
            "# jury strategy: adversarial; starts: [[1, 2]]\n> 2\n> 1 2\n< First\n< 2 1\n"
        ),
        "{}",
        dialogue.transcript
    );
    assert!(
        dialogue.transcript.ends_with("> 0 0\n# AC\n"),
        "{}",
        dialogue.transcript
    );
}

fn caught(solve: SolveFn) -> GameFailure<Vec<u64>> {
    let mut referee = referee(solve);
    let failure = referee.find_failure(0, 500, 6).expect("the bug is caught");
    referee.shrink(failure, 6)
}

#[test]
fn an_illegal_move_is_caught_and_shrunk() {
    let failure = caught(illegal);
    let reason = failure.dialogue.verdict.to_string();
    assert!(
        reason.starts_with("WA game 1: `1 4` is not a move from [3]: heap 1 holds only 3"),
        "{reason}"
    );
    assert_eq!(failure.starts, vec![vec![3]]);
    assert!(
        failure.dialogue.transcript.contains("< 1 4\n> -1\n"),
        "{}",
        failure.dialogue.transcript
    );
}

#[test]
fn a_losing_move_is_caught_and_shrunk() {
    let failure = caught(losing);
    let reason = failure.dialogue.verdict.to_string();
    assert!(
        reason.contains("losing move `1 1` from [3]: the jury wins from [2]"),
        "{reason}"
    );
    assert_eq!(failure.starts, vec![vec![3]]);
}

#[test]
fn a_wrong_side_is_caught() {
    let failure = caught(wrong_side);
    let reason = failure.dialogue.verdict.to_string();
    assert!(reason.starts_with("WA game 1: chose `"), "{reason}");
    assert_eq!(failure.starts.len(), 1);
    assert_eq!(failure.starts[0].len(), 2, "{:?}", failure.starts);
    assert!(
        failure.starts[0].iter().sum::<u64>() <= 1,
        "{:?}",
        failure.starts
    );
}

#[test]
fn silence_and_crashes_are_their_own_verdicts() {
    let mut referee = referee(silent);
    let mut contestant = InProcess::start(silent);
    let dialogue = referee.play_with(
        &[vec![1]],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(300),
    );
    assert_eq!(
        dialogue.verdict,
        Verdict::WrongAnswer("the contestant ended where the side was due".to_string())
    );
    let mut contestant = InProcess::start(crash);
    let dialogue = referee.play_with(
        &[vec![1]],
        Strategy::Perfect,
        &mut contestant,
        IN_PROCESS_LIMIT,
    );
    assert_eq!(dialogue.verdict.tag(), "RE", "{}", dialogue.transcript);
    assert!(
        dialogue.verdict.reason().contains("planted crash"),
        "{:?}",
        dialogue.verdict
    );
}

#[test]
fn a_hang_is_a_time_limit() {
    /// Waits for a line the jury never sends.
    fn waits<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
        loop {
            io.token("anything")?;
        }
    }
    let mut referee = referee(waits);
    let mut contestant = InProcess::start(waits);
    let dialogue = referee.play_with(
        &[vec![1]],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(100),
    );
    assert_eq!(dialogue.verdict.tag(), "TLE", "{}", dialogue.transcript);
}

#[test]
fn stress_saves_a_case_that_replays_the_failure() {
    let dir = std::env::temp_dir().join(format!("interact-{}", std::process::id()));
    let mut referee = Referee::<Nim>::new("nim_toy", dir.join("crate").to_str().unwrap(), losing);
    let settings = StressSettings {
        seed: 1,
        size: 8,
        limit: StressLimit::Inputs(1000),
    };
    let (report, failed) = referee.stress(settings);
    assert!(failed, "{report}");
    assert!(report.contains("shrunk to [[3]]"), "{report}");
    let saved = dir.join("testcases/nim_toy").join(
        report
            .lines()
            .last()
            .unwrap()
            .trim_start_matches("saved as ")
            .rsplit('/')
            .next()
            .unwrap(),
    );
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), "1\n3\n");
    let out = std::fs::read_to_string(saved.with_extension("out")).unwrap();
    assert!(out.starts_with("First\nseed "), "{out}");
    let case = referee.read_case(&saved).unwrap();
    assert_eq!(case.starts, vec![vec![3]]);
    assert!(referee.replay(case.seed, &case.starts).is_some());
    // A stale answer is refused.
    std::fs::write(saved.with_extension("out"), "Second\n").unwrap();
    assert!(referee
        .read_case(&saved)
        .unwrap_err()
        .contains("the jury's search says [\"First\"]"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_scripted_dialogue_checks_the_sample_lines() {
    let dir = std::env::temp_dir().join(format!("interact-script-{}", std::process::id()));
    let cases = dir.join("testcases/nim_toy");
    std::fs::create_dir_all(&cases).unwrap();
    std::fs::write(cases.join("sample-1.in"), "2\n1 2\n0 0\n").unwrap();
    std::fs::write(cases.join("sample-1.out"), "First\n2 1\n").unwrap();
    let referee = Referee::<Nim>::new("nim_toy", dir.join("crate").to_str().unwrap(), right);
    assert_eq!(referee.scripted(&cases.join("sample-1.in")), Ok(()));
    std::fs::write(cases.join("sample-1.out"), "First\n1 1\n").unwrap();
    let e = referee.scripted(&cases.join("sample-1.in")).unwrap_err();
    assert!(e.contains("line 2"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}
