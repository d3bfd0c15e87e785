//! Fixed sides (no side line) and several games a dialogue: only the sides' wins are promised.

use super::*;

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
