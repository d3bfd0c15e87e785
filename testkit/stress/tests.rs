//! The stress loop's unit tests: planted bugs found and shrunk (through a checker too), a run
//! replayed by its seed, the `STRESS_*` settings checked and read back, and the sizes drawn.

use super::*;
use crate::fixtures::{sums_counting, Sums as Sum};
use crate::{Problem, Rng};

/// Sums each case, adding 1 to a sum whose case holds a 7.
fn broken(input: &str) -> Result<String, String> {
    let cases = crate::fixtures::cases_of(input);
    let sum = |c: &Vec<u64>| c.iter().sum::<u64>() + u64::from(c.contains(&7));
    Ok(cases.iter().map(|c| format!("{}\n", sum(c))).collect())
}

fn fixed(input: &str) -> Result<String, String> {
    Ok(sums_counting(input, |n| n))
}

#[test]
fn finds_and_shrinks_a_disagreement() {
    let dir = std::env::temp_dir().join(format!("testkit-{}", std::process::id()));
    let mut harness = Harness::<Sum>::new("sum", dir.join("crate").to_str().unwrap(), broken);
    match harness.stress(1, 20, StressLimit::Inputs(10_000)) {
        StressOutcome::Disagree { failure, saved, .. } => {
            // One case, holding a 7 among numbers no larger than 7.
            assert_eq!(failure.cases.len(), 1, "{:?}", failure.cases);
            assert!(failure.cases[0].contains(&7));
            assert!(
                failure.cases[0].iter().all(|&n| n <= 7),
                "{:?}",
                failure.cases
            );
            let saved = saved.unwrap();
            let name = format!("stress-{}.in", failure.seed);
            assert_eq!(saved, dir.join("testcases").join("sum").join(name));
            assert_eq!(std::fs::read_to_string(&saved).unwrap(), failure.input);
            let out = std::fs::read_to_string(saved.with_extension("out")).unwrap();
            assert_eq!(out, Sum.brute(&failure.cases[0]));
            assert!(failure.report().contains("line 1: expected"));
        }
        _ => panic!("the broken sum was not caught"),
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_correct_solution_agrees() {
    let mut harness = Harness::<Sum>::new("sum", "/nowhere", fixed);
    assert!(harness.find_failure(0, 500, 20).is_none());
    match harness.stress(3, 20, StressLimit::Inputs(100)) {
        StressOutcome::Agree { inputs } => assert_eq!(inputs, 100),
        StressOutcome::Disagree { failure, .. } => panic!("{}", failure.report()),
        StressOutcome::Stopped { why, .. } => panic!("{why}"),
    }
    let settings = StressSettings {
        seed: 3,
        size: 20,
        least_size: 20,
        limit: StressLimit::Inputs(50),
    };
    assert_eq!(
        harness.stress_report(settings),
        ("50 inputs agree (seed 3)\n".to_string(), false)
    );
}

/// Take 1 from one heap: the brute force's search is as deep as the heap is large.
struct TakeOne(crate::search::Search<u64>);
impl Default for TakeOne {
    fn default() -> Self {
        TakeOne(crate::search::Search::normal(|&n: &u64| {
            if n > 0 {
                vec![n - 1]
            } else {
                vec![]
            }
        }))
    }
}
impl Problem for TakeOne {
    type Case = u64;
    const MAX_CASES: usize = 2;
    fn case(rng: &mut Rng, size: u64) -> u64 {
        rng.range(size - size / 10, size)
    }
    fn input(cases: &[u64]) -> String {
        cases.iter().map(|n| format!("{n}\n")).collect()
    }
    fn brute(&mut self, &n: &u64) -> String {
        format!("{}\n", self.0.mover_wins(n))
    }
}

fn parity(input: &str) -> Result<String, String> {
    let heaps = input.lines().map(|l| l.parse::<u64>().unwrap());
    Ok(heaps.map(|n| format!("{}\n", n % 2 == 1)).collect())
}

#[test]
fn a_million_deep_brute_force_does_not_crash() {
    let mut harness = Harness::<TakeOne>::new("take_one", "/nowhere", parity);
    match harness.stress(1, MAX_SIZE, StressLimit::Inputs(4)) {
        StressOutcome::Agree { inputs } => assert_eq!(inputs, 4),
        StressOutcome::Disagree { failure, .. } => panic!("{}", failure.report()),
        StressOutcome::Stopped { why, .. } => panic!("{why}"),
    }
}

/// Winning moves from the last winning heap: right, and often not the brute force's.
fn last_moves(input: &str) -> Result<String, String> {
    let cases = crate::fixtures::cases_of(input);
    Ok(cases
        .iter()
        .map(|heaps| crate::fixtures::nim_move(heaps, true, |_, take| take))
        .collect())
}

/// Like `last_moves`, but from a heap of 7 it takes one too few.
fn careless_moves(input: &str) -> Result<String, String> {
    let cases = crate::fixtures::cases_of(input);
    let take = |heap: u64, take: u64| {
        if heap == 7 && take > 1 {
            take - 1
        } else {
            take
        }
    };
    Ok(cases
        .iter()
        .map(|heaps| crate::fixtures::nim_move(heaps, true, take))
        .collect())
}

#[test]
fn with_a_checker_another_right_answer_agrees() {
    use crate::fixtures::AnyNimMove;
    let mut harness = Harness::<AnyNimMove>::new("nim_move", "/nowhere", last_moves);
    // The outputs differ from the brute force's on many inputs, and every one is right.
    let differing = (0..500)
        .filter(|&seed| {
            let cases = harness.generate(seed, 16);
            last_moves(&AnyNimMove::input(&cases)).unwrap() != harness.expected(&cases)
        })
        .count();
    assert!(differing > 50, "{differing}");
    match harness.stress(0, 16, StressLimit::Inputs(500)) {
        StressOutcome::Agree { inputs } => assert_eq!(inputs, 500),
        StressOutcome::Disagree { failure, .. } => panic!("{}", failure.report()),
        StressOutcome::Stopped { why, .. } => panic!("{why}"),
    }
}

#[test]
fn a_planted_wrong_move_is_caught_and_shrunk_through_the_checker() {
    use crate::fixtures::AnyNimMove;
    let dir = std::env::temp_dir().join(format!("testkit-move-{}", std::process::id()));
    let crate_dir = dir.join("crate");
    let mut harness =
        Harness::<AnyNimMove>::new("nim_move", crate_dir.to_str().unwrap(), careless_moves);
    match harness.stress(0, 16, StressLimit::Inputs(10_000)) {
        StressOutcome::Disagree { failure, saved, .. } => {
            // Shrunk through the checker: the one case left is wrong, not merely different
            // (an exact comparison would have shrunk to any input the last heap answers).
            assert_eq!(failure.cases.len(), 1, "{:?}", failure.cases);
            assert!(failure.cases[0].contains(&7), "{:?}", failure.cases);
            let got = failure.got.clone().unwrap();
            let reason = AnyNimMove::check(&failure.input, &got, "").unwrap_err();
            assert_eq!(failure.reason, reason);
            assert!(
                reason.starts_with("case 1: taking ") && reason.contains("from heap"),
                "{reason}"
            );
            assert!(failure.report().ends_with(&format!("{reason}\n")));
            // The saved answer is the brute force's, one right answer for the runner.
            let out = std::fs::read_to_string(saved.unwrap().with_extension("out")).unwrap();
            assert_eq!(out, AnyNimMove.brute(&failure.cases[0]));
        }
        _ => panic!("the careless move was not caught"),
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn testcases_are_judged_by_the_checker() {
    use crate::fixtures::AnyNimMove;
    let dir = std::env::temp_dir().join(format!("testkit-cases-{}", std::process::id()));
    let cases = dir.join("testcases/nim_move");
    std::fs::create_dir_all(&cases).unwrap();
    // 3 5 6 7: the .out holds the first winning move; another one is right too.
    std::fs::write(cases.join("a.in"), "1\n4\n3 5 6 7\n").unwrap();
    std::fs::write(cases.join("a.out"), "2 2\n").unwrap();
    let crate_dir = dir.join("crate");
    let crate_dir = crate_dir.to_str().unwrap();
    Harness::<AnyNimMove>::new("nim_move", crate_dir, last_moves).testcases();
    // Careless: from the heap of 7 it takes 6, not 7.
    let wrong = std::panic::catch_unwind(|| {
        Harness::<AnyNimMove>::new("nim_move", crate_dir, careless_moves).testcases()
    });
    let message = wrong.unwrap_err();
    let message = message.downcast_ref::<String>().unwrap();
    assert!(
        message.ends_with("a.in: case 1: taking 6 from heap 4 leaves nim-sum 1, not 0"),
        "{message}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_run_is_replayed_by_its_seed() {
    // The failing seed a run reports is the one whose generated input fails.
    let mut harness = Harness::<Sum>::new("sum", "/nowhere", broken);
    let first = harness.find_failure(100, 10_000, 20).unwrap();
    let again = harness.generate(first.seed, 20);
    assert_eq!(format!("{:?}", again), format!("{:?}", first.cases));
    assert!(harness.find_failure(100, first.seed - 100, 20).is_none());
}

#[test]
fn settings_are_checked() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |key: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.to_string())
        }
    };
    let read = |pairs| StressSettings::read(env(pairs), 8, 100);
    let settings = read(&[("STRESS_SEED", "5")]).unwrap();
    assert_eq!(settings.size, 8);
    assert_eq!(settings.limit, StressLimit::Seconds(10.0));
    let settings = read(&[
        ("STRESS_SEED", "5"),
        ("STRESS_SIZE", "100"),
        ("STRESS_SECONDS", "2.5"),
    ]);
    assert_eq!(
        settings.unwrap(),
        StressSettings {
            seed: 5,
            size: 100,
            least_size: 100,
            limit: StressLimit::Seconds(2.5)
        }
    );
    let refused: [(&'static [(&'static str, &'static str)], &str); 6] = [
        (&[("STRESS_SIZE", "101")], "from 1 to 100"),
        (&[("STRESS_SIZE", "0")], "not 0"),
        (&[("STRESS_SIZE", "18446744073709551616")], "whole number"),
        (&[("STRESS_SEED", "-1")], "STRESS_SEED"),
        (&[("STRESS_SECONDS", "0")], "positive"),
        (&[("STRESS_SECONDS", "NaN")], "positive"),
    ];
    for (pairs, needle) in refused {
        let message = read(pairs).unwrap_err();
        assert!(message.contains(needle), "{pairs:?}: {message}");
    }
    let iters = read(&[("STRESS_ITERS", "9"), ("STRESS_SECONDS", "1")]).unwrap();
    assert_eq!(iters.limit, StressLimit::Inputs(9));
    for message in [
        read(&[("STRESS_SIZE", "x")]).unwrap_err(),
        read(&[("STRESS_SIZE", "1000")]).unwrap_err(),
    ] {
        assert!(!message.contains('\n'), "{message}");
    }
}

#[test]
fn a_request_reads_back_as_the_settings_it_asks_for() {
    let read_back = |request: &StressRequest| {
        let env = request.environment();
        let var = |key: &str| env.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone());
        StressSettings::read(var, 8, MAX_SIZE)
    };
    let all = StressRequest {
        iters: None,
        seconds: Some(2.5),
        seed: Some(u64::MAX),
        size: Some(MAX_SIZE),
        least_size: None,
    };
    assert_eq!(
        read_back(&all),
        Ok(StressSettings {
            seed: u64::MAX,
            size: MAX_SIZE,
            least_size: MAX_SIZE,
            limit: StressLimit::Seconds(2.5)
        })
    );
    let iters = StressRequest {
        iters: Some(9),
        seed: Some(0),
        ..StressRequest::default()
    };
    let settings = read_back(&iters).unwrap();
    assert_eq!((settings.seed, settings.size), (0, 8));
    assert_eq!(settings.limit, StressLimit::Inputs(9));
    let longest = StressRequest {
        seconds: Some(MAX_SECONDS),
        ..StressRequest::default()
    };
    assert_eq!(
        read_back(&longest).unwrap().limit,
        StressLimit::Seconds(MAX_SECONDS)
    );
    let too_long = StressRequest {
        seconds: Some(MAX_SECONDS * 2.0),
        ..StressRequest::default()
    };
    assert!(read_back(&too_long).unwrap_err().contains(STRESS_SECONDS));
    let range = StressRequest {
        size: Some(5000),
        least_size: Some(10),
        ..StressRequest::default()
    };
    let settings = read_back(&range).unwrap();
    assert_eq!((settings.least_size, settings.size), (10, 5000));
    let reversed = [(STRESS_SIZE, "50..=10")];
    let var = |key: &str| {
        reversed
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.to_string())
    };
    assert!(StressSettings::read(var, 8, MAX_SIZE)
        .unwrap_err()
        .contains("is empty"));
}

#[test]
fn against_a_reference_the_sizes_go_past_the_brute_forces() {
    #[derive(Default)]
    struct Small;
    impl Problem for Small {
        type Case = u64;
        const MAX_SIZE: u64 = 200;
        const MAX_GENERATED_SIZE: u64 = 50_000;
        fn case(_: &mut Rng, size: u64) -> u64 {
            size
        }
        fn input(cases: &[u64]) -> String {
            format!("{:?}\n", cases)
        }
        fn brute(&mut self, &n: &u64) -> String {
            format!("{n}\n")
        }
    }
    assert_eq!(size_bound::<Small>(false).0, 200);
    assert_eq!(size_bound::<Small>(true).0, 50_000);
    let var = |key: &str| (key == STRESS_SIZE).then(|| "1000..=40000".to_string());
    let (max, name) = size_bound::<Small>(false);
    let refused = StressSettings::read_bounded(var, 8, max, name).unwrap_err();
    assert!(refused.contains("from 1 to 200 for this problem (its Problem::MAX_SIZE)"));
    let (max, name) = size_bound::<Small>(true);
    let settings = StressSettings::read_bounded(var, 8, max, name).unwrap();
    assert_eq!((settings.least_size, settings.size), (1000, 40_000));
}

#[test]
fn a_range_of_sizes_gives_each_input_its_own_size() {
    // The generator records the sizes it is asked for.
    thread_local! {
        static ASKED: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    #[derive(Default)]
    struct Sizes;
    impl Problem for Sizes {
        type Case = u64;
        const MAX_CASES: usize = 1;
        fn case(_: &mut Rng, size: u64) -> u64 {
            ASKED.with(|a| a.borrow_mut().push(size));
            size
        }
        fn input(cases: &[u64]) -> String {
            format!("{}\n", cases[0])
        }
        fn brute(&mut self, &n: &u64) -> String {
            format!("{n}\n")
        }
    }
    let echo = |input: &str| Ok(input.to_string());
    let mut harness = Harness::<Sizes>::new("sizes", "/nowhere", echo);
    let outcome = harness.stress_sizes(1, 2, 100_000, StressLimit::Inputs(300));
    assert!(matches!(outcome, StressOutcome::Agree { inputs: 300 }));
    let asked = ASKED.with(|a| a.borrow().clone());
    assert!(asked.iter().all(|s| (2..=100_000).contains(s)));
    assert!(asked.iter().any(|&s| s < 100) && asked.iter().any(|&s| s > 10_000));
    // One size: every input at it.
    ASKED.with(|a| a.borrow_mut().clear());
    harness.stress(1, 77, StressLimit::Inputs(20));
    assert!(ASKED.with(|a| a.borrow().iter().all(|&s| s == 77)));
}
