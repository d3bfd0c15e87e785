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
        Verdict::WrongAnswer("the contestant ended where its side was due".to_string())
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
        least_size: 8,
        limit: StressLimit::Inputs(1000),
    };
    let (report, failed) = referee.stress(settings);
    assert!(failed, "{report}");
    assert!(
        report.contains("shrunk to this input:\n1\n3\nWA game 1"),
        "{report}"
    );
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
    assert_eq!(e, "your line 2 `2 1` differs from the sample's `1 1`");
    // The sample's jury lines after another move than the solution's: the solution meets a
    // jury move that no longer fits and stops, but its own differing line is what is named.
    std::fs::write(cases.join("sample-1.in"), "2\n1 2\n2 2\n0 0\n").unwrap();
    std::fs::write(cases.join("sample-1.out"), "First\n1 1\n1 1\n").unwrap();
    let e = referee.scripted(&cases.join("sample-1.in")).unwrap_err();
    assert!(
        e.starts_with("your line 2 `2 1` differs from the sample's `1 1` (then it stopped: "),
        "{e}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A small explicit game for the strategies: from 100 the mover wins by moving to 0 (at once)
/// or to 5 (after a longer play); from 200 the mover loses, and 6 lasts longer than 1.
#[derive(Default)]
struct Graph;

impl Protocol for Graph {
    type Position = u64;
    const SIDES: Sides = Sides::JuryFirst;
    fn moves(&self, &p: &u64) -> Vec<u64> {
        match p {
            100 => vec![1, 0, 5],
            200 => vec![1, 6],
            6 => vec![5],
            5 => vec![1],
            1 => vec![0],
            _ => vec![],
        }
    }
    fn start(_: &mut Rng, _: u64) -> u64 {
        100
    }
    fn input(starts: &[u64]) -> String {
        format!("{}\n", starts[0])
    }
    fn read_input(text: &str) -> Result<Vec<u64>, String> {
        text.trim()
            .parse()
            .map(|p| vec![p])
            .map_err(|_| "a number".to_string())
    }
    fn opening(&self, &p: &u64) -> Vec<String> {
        vec![p.to_string()]
    }
    fn read_move(&self, _: &u64, line: &str) -> Result<u64, String> {
        line.trim().parse().map_err(|_| "a number".to_string())
    }
    fn write_move(&self, _: &u64, &to: &u64) -> String {
        to.to_string()
    }
}

#[test]
fn the_strategies_pick_as_documented() {
    let mut oracle = Oracle::<Graph>::default();
    let facts = |oracle: &mut Oracle<Graph>, p| oracle.facts(&Graph, &p);
    assert_eq!(
        facts(&mut oracle, 100),
        Facts {
            mover_wins: true,
            longest: 3
        }
    );
    assert_eq!(
        facts(&mut oracle, 200),
        Facts {
            mover_wins: false,
            longest: 4
        }
    );
    assert_eq!(
        facts(&mut oracle, 5),
        Facts {
            mover_wins: false,
            longest: 2
        }
    );
    assert_eq!(
        facts(&mut oracle, 0),
        Facts {
            mover_wins: false,
            longest: 0
        }
    );
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        assert_eq!(oracle.choose(&Graph, &100, Strategy::Perfect, &mut rng), 0);
        assert_eq!(
            oracle.choose(&Graph, &100, Strategy::Adversarial, &mut rng),
            5
        );
        assert_eq!(
            oracle.choose(&Graph, &200, Strategy::Adversarial, &mut rng),
            6
        );
    }
    // From a lost position the perfect jury, like the random one, tries every move.
    let mut seen = std::collections::BTreeSet::new();
    let mut random = std::collections::BTreeSet::new();
    for _ in 0..100 {
        seen.insert(oracle.choose(&Graph, &200, Strategy::Perfect, &mut rng));
        random.insert(oracle.choose(&Graph, &100, Strategy::Random(0), &mut rng));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![1, 6]);
    assert_eq!(random.into_iter().collect::<Vec<_>>(), vec![0, 1, 5]);
}

#[test]
#[should_panic(expected = "cycle")]
fn a_cycle_in_the_moves_is_named() {
    #[derive(Default)]
    struct Loop;
    impl Protocol for Loop {
        type Position = u8;
        const SIDES: Sides = Sides::JuryFirst;
        fn moves(&self, &p: &u8) -> Vec<u8> {
            vec![(p + 1) % 3]
        }
        fn start(_: &mut Rng, _: u64) -> u8 {
            0
        }
        fn input(_: &[u8]) -> String {
            String::new()
        }
        fn read_input(_: &str) -> Result<Vec<u8>, String> {
            Ok(vec![0])
        }
        fn opening(&self, _: &u8) -> Vec<String> {
            Vec::new()
        }
        fn read_move(&self, _: &u8, _: &str) -> Result<u8, String> {
            Ok(0)
        }
        fn write_move(&self, _: &u8, _: &u8) -> String {
            String::new()
        }
    }
    Oracle::<Loop>::default().facts(&Loop, &0);
}

/// Nim with fixed sides (the contestant first, or the jury first), no side line, and several
/// games a dialogue: the jury greets with the number of games.
#[derive(Default)]
struct FixedNim<const CONTESTANT_FIRST: bool>;

impl<const CONTESTANT_FIRST: bool> Protocol for FixedNim<CONTESTANT_FIRST> {
    type Position = Vec<u64>;
    const SIDES: Sides = if CONTESTANT_FIRST {
        Sides::ContestantFirst
    } else {
        Sides::JuryFirst
    };
    const MAX_GAMES: usize = 3;
    fn moves(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        Nim.moves(heaps)
    }
    fn start(rng: &mut Rng, size: u64) -> Vec<u64> {
        Nim::start(rng, size)
    }
    fn input(starts: &[Vec<u64>]) -> String {
        starts
            .iter()
            .map(|s| Nim::input(std::slice::from_ref(s)))
            .collect()
    }
    fn read_input(_: &str) -> Result<Vec<Vec<u64>>, String> {
        Err("not used".to_string())
    }
    fn greeting(&self, starts: &[Vec<u64>]) -> Vec<String> {
        vec![starts.len().to_string()]
    }
    fn opening(&self, heaps: &Vec<u64>) -> Vec<String> {
        Nim.opening(heaps)
    }
    fn read_move(&self, heaps: &Vec<u64>, line: &str) -> Result<Vec<u64>, String> {
        Nim.read_move(heaps, line)
    }
    fn write_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        Nim.write_move(from, to)
    }
    fn jury_lost(&self, heaps: &Vec<u64>) -> Option<String> {
        Nim.jury_lost(heaps)
    }
}

/// Plays every game of a fixed-side dialogue: the best move when winning, else one chip.
fn fixed_sides<R: BufRead, W: Write>(io: &mut Io<R, W>, first: bool) -> Result<(), InputError> {
    let games = io.uint("games", 1..=3)?;
    for _ in 0..games {
        let n = io.uint("n", 1..=100)? as usize;
        let mut heaps = Vec::new();
        for _ in 0..n {
            heaps.push(io.uint("heap", 0..=100)?);
        }
        let mut my_turn = first;
        loop {
            if my_turn {
                if heaps.iter().all(|&h| h == 0) {
                    break; // lost: the jury says nothing, the next game begins
                }
                let sum = heaps.iter().fold(0, |s, h| s ^ h);
                let (i, take) = match (0..n).find(|&i| heaps[i] ^ sum < heaps[i]) {
                    Some(i) => (i, heaps[i] - (heaps[i] ^ sum)),
                    None => ((0..n).find(|&i| heaps[i] > 0).expect("a chip"), 1),
                };
                heaps[i] -= take;
                io.send(format_args!("{} {}", i + 1, take))?;
            } else {
                let i = io.uint("heap", 0..=n as u64)? as usize;
                let take = io.uint("count", 0..=100)?;
                if i == 0 {
                    break;
                }
                heaps[i - 1] -= take;
            }
            my_turn = !my_turn;
        }
    }
    Ok(())
}

fn first_player<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    fixed_sides(io, true)
}

fn second_player<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    fixed_sides(io, false)
}

#[test]
fn with_fixed_sides_only_the_sides_wins_are_promised() {
    let mut first = Referee::<FixedNim<true>>::new("fixed", "/nowhere", first_player);
    assert!(first.find_failure(0, 100, 5).is_none());
    let mut second = Referee::<FixedNim<false>>::new("fixed", "/nowhere", second_player);
    assert!(second.find_failure(0, 100, 5).is_none());
    // A lost start is played to its end and accepted; the transcript says no win was promised.
    let mut contestant = InProcess::start(first_player);
    let starts = [vec![1, 1], vec![2]];
    let dialogue = first.play_with(
        &starts,
        Strategy::Perfect,
        &mut contestant,
        IN_PROCESS_LIMIT,
    );
    assert_eq!(
        dialogue.verdict,
        Verdict::Accepted,
        "{}",
        dialogue.transcript
    );
    let text = &dialogue.transcript;
    assert!(
        text.contains("> 2\n> 2\n> 1 1\n"),
        "the greeting, then game 1: {text}"
    );
    assert!(
        text.contains("# game 1: no win is promised from [1, 1]\n"),
        "{text}"
    );
    assert!(
        text.contains("# game 1: the contestant has no move from [0, 0]: it lost\n"),
        "{text}"
    );
    assert!(
        text.contains("# game 2: the jury has no move from [0]: the contestant won\n> 0 0\n"),
        "{text}"
    );
    // The wrong player for the side: the first player's solution moving second.
    let mut wrong = Referee::<FixedNim<false>>::new("fixed", "/nowhere", first_player);
    let failure = wrong.find_failure(0, 100, 5).expect("caught");
    assert_eq!(
        failure.dialogue.verdict.tag(),
        "WA",
        "{}",
        failure.dialogue.transcript
    );
}

#[test]
fn an_endless_line_is_cut_and_quoted_short() {
    fn shouts<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
        io.uint("n", 1..=9)?;
        io.uint("heap", 0..=9)?;
        io.send("x".repeat(3 << 20))
    }
    let mut referee = referee(shouts);
    let mut contestant = InProcess::start(shouts);
    let dialogue = referee.play_with(
        &[vec![1]],
        Strategy::Perfect,
        &mut contestant,
        IN_PROCESS_LIMIT,
    );
    let quoted = format!("{}...", "x".repeat(60));
    assert_eq!(
        dialogue.verdict,
        Verdict::WrongAnswer(format!(
            "game 1: its side is a line over 1048576 bytes: `{quoted}`"
        ))
    );
    assert!(
        dialogue.transcript.len() < 10_000,
        "{} bytes",
        dialogue.transcript.len()
    );
}

#[test]
fn the_random_jury_follows_its_seed() {
    let mut referee = referee(right);
    let mut transcript = |seed| {
        let mut contestant = InProcess::start(right);
        let start = [vec![4, 6, 7]];
        let dialogue = referee.play_with(
            &start,
            Strategy::Random(seed),
            &mut contestant,
            IN_PROCESS_LIMIT,
        );
        assert_eq!(
            dialogue.verdict,
            Verdict::Accepted,
            "{}",
            dialogue.transcript
        );
        // The moves, without the heading that names the seed.
        dialogue.transcript.split_once('\n').unwrap().1.to_string()
    };
    let games: Vec<String> = (0..8).map(&mut transcript).collect();
    assert_eq!(
        transcript(3),
        games[3],
        "the same seed replays the same game"
    );
    let distinct: std::collections::BTreeSet<&String> = games.iter().collect();
    assert!(distinct.len() > 4, "{} distinct games of 8", distinct.len());
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

#[test]
fn the_jurys_own_time_is_not_the_contestants() {
    // Eight games, each opening taking the jury 100 ms: 800 ms of the jury's work against a
    // limit of 400 ms, which a contestant answering at once never comes near.
    let protocol = Countdown {
        pause: Duration::from_millis(100),
        pad: 0,
    };
    let mut contestant = InProcess::start(counts_down);
    let dialogue = play(
        &protocol,
        &mut Oracle::default(),
        &[1; 8],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(400),
    );
    assert_eq!(
        dialogue.verdict,
        Verdict::Accepted,
        "{}",
        dialogue.transcript
    );
}

#[test]
fn the_contestants_time_adds_up_over_the_dialogue() {
    // Each answer takes 150 ms, under the limit of 400 ms; four of them do not.
    fn slow<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
        while io.token("n").is_ok() {
            std::thread::sleep(Duration::from_millis(150));
            io.send("0")?;
        }
        Ok(())
    }
    let mut contestant = InProcess::start(slow);
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1; 4],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(400),
    );
    assert_eq!(dialogue.verdict.tag(), "TLE", "{}", dialogue.transcript);
}

/// A shell script as a contestant, in a fresh directory named after `tag`.
#[cfg(unix)]
fn script(tag: &str, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("interact-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let program = dir.join("contestant.sh");
    std::fs::write(&program, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    program
}

#[cfg(unix)]
#[test]
fn a_program_plays_over_pipes_line_after_line() {
    let program = script("pipes", "while read n; do echo 0; done");
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1; 3],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_secs(10),
    );
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    assert_eq!(
        dialogue.verdict,
        Verdict::Accepted,
        "{}",
        dialogue.transcript
    );
    assert_eq!(dialogue.transcript.matches("< 0\n").count(), 3);
}

#[cfg(unix)]
#[test]
fn a_contestant_that_stops_reading_is_a_time_limit() {
    // A program that never reads its input, and a jury line longer than any pipe's buffer:
    // the write cannot finish, and the dialogue's limit ends it.
    let program = script("deaf", "exec sleep 30");
    let protocol = Countdown {
        pause: Duration::ZERO,
        pad: 4 << 20,
    };
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &protocol,
        &mut Oracle::default(),
        &[1],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(300),
    );
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    assert_eq!(dialogue.verdict.tag(), "TLE", "{}", dialogue.transcript);
    assert!(dialogue.verdict.reason().contains("not reading"));
    assert!(dialogue.transcript.starts_with("# jury strategy"));
    assert!(
        dialogue.transcript.contains("\n> 1\n"),
        "{}",
        dialogue.transcript
    );
}

/// Whether process `pid` has ended (gone, or a zombie no one has reaped yet), waiting up to 5 s.
#[cfg(unix)]
fn ends(pid: u32) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while std::time::Instant::now() < deadline {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => return true,
            Ok(stat)
                if stat
                    .rsplit_once(") ")
                    .is_some_and(|(_, rest)| rest.starts_with('Z')) =>
            {
                return true
            }
            Ok(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    false
}

#[cfg(unix)]
#[test]
fn the_contestants_children_end_with_the_dialogue() {
    // A contestant that leaves a child behind (a background sleep holding its output open),
    // both when it plays to the end and when the jury stops it for a wrong line.
    for (tag, answer, verdict) in [("kids-ok", "0", "AC"), ("kids-wa", "x", "WA")] {
        let program = script(
            tag,
            &format!("sleep 30 &\necho $! > \"$0.pid\"\nwhile read n; do echo {answer}; done"),
        );
        let mut contestant = Process::start(&program).unwrap();
        let dialogue = play(
            &Countdown::default(),
            &mut Oracle::default(),
            &[1; 2],
            Strategy::Perfect,
            &mut contestant,
            Duration::from_secs(10),
        );
        drop(contestant);
        assert_eq!(dialogue.verdict.tag(), verdict, "{}", dialogue.transcript);
        let pid_file = program.with_file_name("contestant.sh.pid");
        let pid: u32 = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
        assert!(
            ends(pid),
            "{tag}: the contestant's child {pid} outlived the dialogue"
        );
    }
}

#[cfg(unix)]
#[test]
fn an_over_long_line_from_a_program_is_named_over_long() {
    // Two MiB of one line where a move is due: not an empty move, not a cut move.
    let program = script(
        "overlong",
        "read n; head -c 2097152 /dev/zero | tr '\\0' 7; echo; sleep 30",
    );
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_secs(10),
    );
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    let start = "7".repeat(60);
    assert_eq!(
        dialogue.verdict,
        Verdict::WrongAnswer(format!(
            "game 1: its move is a line over 1048576 bytes: `{start}...`"
        )),
        "{}",
        dialogue.transcript
    );
    assert!(dialogue.transcript.len() < 10_000);
}

#[cfg(unix)]
#[test]
fn a_programs_time_is_its_cpu_time() {
    // Waiting is not computing: a program that sleeps 0.4 s before each of three answers (as a
    // loaded machine would make it wait) uses little CPU time and passes a limit of 0.5 s.
    let program = script("sleepy", "while read n; do sleep 0.4; echo 0; done");
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1; 3],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(500),
    );
    drop(contestant);
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    assert_eq!(
        dialogue.verdict,
        Verdict::Accepted,
        "{}",
        dialogue.transcript
    );
    // Computing is: a program that spins before its answer is stopped once its CPU time passes
    // the limit, not at the clock's backstop (10 times the limit).
    let program = script("spin", "read n; while :; do :; done");
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(300),
    );
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    assert_eq!(
        dialogue.verdict,
        Verdict::TimeLimit("over 300ms of CPU time (where its move was due)".to_string()),
        "{}",
        dialogue.transcript
    );
}

/// A program on a machine so loaded that it gets a twentieth of a core: it computes all the
/// time (never answers), and its CPU time grows at a twentieth of the clock's pace.
struct Starved(std::time::Instant);

impl Contestant for Starved {
    fn send(&mut self, _: &str, _: std::time::Instant) -> Sent {
        Sent::Taken
    }
    fn receive(&mut self, deadline: std::time::Instant) -> Reply {
        std::thread::sleep(deadline.saturating_duration_since(std::time::Instant::now()));
        Reply::Late
    }
    fn finish(&mut self, _: std::time::Instant) -> (Option<String>, Ending) {
        (None, Ending::Late)
    }
    fn cpu_time(&mut self) -> Option<Duration> {
        Some(self.0.elapsed() / 20)
    }
    fn computing(&self) -> bool {
        true
    }
}

#[test]
fn a_computing_program_is_held_to_its_cpu_time_however_loaded_the_machine() {
    // At a twentieth of a core, 40 ms of CPU time take 0.8 s by the clock, twice the backstop
    // of 10 times 40 ms: the time it computes is not charged to the backstop, so the verdict is
    // the CPU time's, as on a quiet machine.
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1],
        Strategy::Perfect,
        &mut Starved(std::time::Instant::now()),
        Duration::from_millis(40),
    );
    assert_eq!(
        dialogue.verdict,
        Verdict::TimeLimit("over 40ms of CPU time (where its move was due)".to_string()),
        "{}",
        dialogue.transcript
    );
}

/// Take 1 or 2 from a heap of any size: the jury searches heaps up to 30 only; past that it
/// knows the closed form (the mover loses on multiples of 3) except on heaps that are 1 more
/// than a multiple of 9, where it "does not know", so that both paths are exercised.
#[derive(Default)]
struct Big;

impl Protocol for Big {
    type Position = u64;
    const SIDES: Sides = Sides::Choose {
        first: "First",
        second: "Second",
    };
    fn moves(&self, &n: &u64) -> Vec<u64> {
        (1..=2).filter(|&t| t <= n).map(|t| n - t).collect()
    }
    fn start(rng: &mut Rng, size: u64) -> u64 {
        rng.range(1, size)
    }
    fn input(starts: &[u64]) -> String {
        format!("{}\n", starts[0])
    }
    fn read_input(text: &str) -> Result<Vec<u64>, String> {
        text.trim()
            .parse()
            .map(|n| vec![n])
            .map_err(|_| "a number".to_string())
    }
    fn opening(&self, &n: &u64) -> Vec<String> {
        vec![n.to_string()]
    }
    fn read_move(&self, &n: &u64, line: &str) -> Result<u64, String> {
        let take: u64 = line.trim().parse().map_err(|_| "a number".to_string())?;
        n.checked_sub(take).ok_or_else(|| "too many".to_string())
    }
    fn write_move(&self, &from: &u64, &to: &u64) -> String {
        (from - to).to_string()
    }
    fn jury_lost(&self, _: &u64) -> Option<String> {
        Some("0".to_string())
    }
    fn searchable(&self, &start: &u64) -> bool {
        start <= 30
    }
    fn mover_wins(&self, &n: &u64) -> Option<bool> {
        (n % 9 != 1).then_some(n % 3 != 0)
    }
}

/// Plays Big: `First` unless the heap is a multiple of 3, then back to a multiple of 3; with
/// `slip`, takes 1 whenever the heap is 2 more than a multiple of 3 (a losing move).
fn big_with<R: BufRead, W: Write>(io: &mut Io<R, W>, slip: bool) -> Result<(), InputError> {
    let mut n = io.uint("n", 1..=u64::MAX)?;
    let mut mine = n % 3 != 0;
    io.send(if mine { "First" } else { "Second" })?;
    loop {
        if mine {
            let take = if slip && n % 3 == 2 { 1 } else { n % 3 };
            n -= take;
            io.send(take)?;
        } else {
            let take = io.uint("take", 0..=2)?;
            if take == 0 {
                return Ok(());
            }
            n -= take;
        }
        mine = !mine;
    }
}

fn big<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    big_with(io, false)
}

fn big_slips<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
    big_with(io, true)
}

#[test]
fn past_the_search_the_greedy_and_random_juries_play_and_judge_by_what_is_known() {
    let protocol = Big;
    // The searching strategies are refused past the search, the others are not.
    let why = refusal(&protocol, &[31], Strategy::Perfect).unwrap();
    assert_eq!(
        why,
        "the perfect jury searches the whole game, and 31 is past its search: play it with the greedy or random jury"
    );
    assert!(refusal(&protocol, &[30], Strategy::Adversarial).is_none());
    assert!(refusal(&protocol, &[31], Strategy::Greedy(1)).is_none());
    assert_eq!(
        strategies_for(&protocol, &[5, 31], 4),
        vec![Strategy::Greedy(4), Strategy::Random(4)]
    );
    assert_eq!(strategies_for(&protocol, &[5], 4).len(), 3);
    // The greedy jury moves to a multiple of 3 whenever it can.
    let mut oracle = Oracle::<Big>::default();
    let mut rng = Rng::new(1);
    for n in [1000, 1001, 302] {
        let to = oracle.choose(&protocol, &n, Strategy::Greedy(1), &mut rng);
        assert_eq!(to % 3, 0, "from {n}");
    }
    // A right player wins at a large size against both juries; a slip (1 taken from 3k + 2,
    // leaving 3k + 1) is caught where the jury knows 3k + 1 wins for its mover.
    let mut referee = Referee::<Big>::new("big", "/nowhere", big);
    assert!(referee.replay(3, &[20_000]).is_none());
    assert!(referee.replay(3, &[19_998]).is_none());
    let mut slips = Referee::<Big>::new("big", "/nowhere", big_slips);
    let failure = slips.replay(3, &[1000]).expect("the slip is caught");
    let reason = failure.dialogue.verdict.to_string();
    assert!(
        reason.starts_with("WA game 1: losing move `1` from ")
            && reason.contains(": the jury wins from "),
        "{reason}\n{}",
        failure.dialogue.transcript
    );
    // The winners of a case come from what is known, `?` where nothing is.
    assert_eq!(referee.winners(&[31, 33, 37]), vec!["First", "Second", "?"]);
    assert!(referee.answer(&[37], 2).starts_with("?\nseed 2"));
}
