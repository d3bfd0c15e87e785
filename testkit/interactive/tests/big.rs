//! Past the search: heaps the jury cannot search, judged by its closed form where it knows it.

use super::*;

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
