//! Verdicts on Nim: a right solution wins every dialogue; each planted bug is caught with its
//! reason (and shrunk), a hang is a time limit, an endless line is cut short, `stress` saves a
//! case that replays, a scripted dialogue checks the sample's lines, the random jury replays.

use super::*;

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
