//! Test support for the problems (dev-only: it never reaches the library's API nor a bundle).
//!
//! A problem's test module states three things about its game, by implementing [`Problem`]: a
//! generator of random valid test cases, how cases are written as one judge input, and a brute
//! force (a literal game-tree search, see [`search`]) that answers one case. Then
//! [`problem_tests!`] writes the tests every problem has:
//!
//! - `agrees_with_brute_force`: `Problem::INPUTS` seeded random inputs, fast `solve` against the
//!   brute force, with the first difference reported and the input shrunk;
//! - `testcases`: every `testcases/NAME/*.in` in-process against its `.out`;
//! - `survives_hostile_input`: hostile inputs give an answer or a one-line refusal, never a panic;
//! - `refuses_malformed_input`: the problem's own list of inputs and the messages they must get;
//! - `stress` (ignored; run by the `stress` tool): the same comparison for a number of inputs or
//!   seconds read from the environment, saving a shrunk counterexample as a testcase.
//!
//! ```
//! use testkit::{Problem, Rng};
//! struct Double;
//! impl Problem for Double {
//!     type Case = u64;
//!     fn case(rng: &mut Rng, size: u64) -> u64 { rng.range(0, size) }
//!     fn input(cases: &[u64]) -> String {
//!         let mut text = format!("{}\n", cases.len());
//!         cases.iter().for_each(|c| text += &format!("{}\n", c));
//!         text
//!     }
//!     fn brute(case: &u64) -> String { format!("{}\n", case + case) }
//! }
//! fn fast(input: &str) -> Result<String, String> {
//!     Ok(input.split_whitespace().skip(1).map(|t| format!("{}\n", 2 * t.parse::<u64>().unwrap())).collect())
//! }
//! let harness = testkit::Harness::<Double>::new("double", "/nowhere", fast);
//! assert!(harness.find_failure(0, 100, 8).is_none());
//! ```

#![warn(missing_docs)]

mod rng;
pub mod search;
pub mod values;

pub use judge;
pub use rng::Rng;

use std::fmt::Debug;
use std::io::Write;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What a problem's tests know of its game: random cases, their input format, a brute force.
pub trait Problem {
    /// One test case of the judge's input (or the whole input, when `MAX_CASES` is 1).
    type Case: Clone + Debug;
    /// The size the unit test generates at (numbers and counts grow with it).
    const SIZE: u64 = 8;
    /// The most cases one generated input holds.
    const MAX_CASES: usize = 8;
    /// How many seeded inputs the unit test compares.
    const INPUTS: u64 = 200;
    /// A random valid case of the given size (size >= 1).
    fn case(rng: &mut Rng, size: u64) -> Self::Case;
    /// The judge input holding `cases` (never empty, at most `MAX_CASES` long).
    fn input(cases: &[Self::Case]) -> String;
    /// The judge's output for one case, from a literal search independent of the solution.
    fn brute(case: &Self::Case) -> String;
}

/// The judges' most common format: the number of test cases, then per case its length on one
/// line and its numbers on the next.
///
/// ```
/// assert_eq!(testkit::counted_lists(&[vec![3, 5, 1], vec![1]]), "2\n3\n3 5 1\n1\n1\n");
/// ```
pub fn counted_lists<T: std::fmt::Display>(cases: &[Vec<T>]) -> String {
    let mut text = format!("{}\n", cases.len());
    for case in cases {
        let numbers: Vec<String> = case.iter().map(|n| n.to_string()).collect();
        text += &format!("{}\n{}\n", case.len(), numbers.join(" "));
    }
    text
}

/// A solution seen as text in, text out; `Err` holds the refusal message.
pub type SolveText = fn(&str) -> Result<String, String>;

/// One input on which the solution and the brute force disagree.
#[derive(Clone, Debug)]
pub struct Failure<C> {
    /// The seed that generated the input (before shrinking).
    pub seed: u64,
    /// The cases of the input.
    pub cases: Vec<C>,
    /// The judge input.
    pub input: String,
    /// The brute force's output.
    pub expected: String,
    /// The solution's output, or its refusal.
    pub got: Result<String, String>,
}

impl<C> Failure<C> {
    /// A short report: the input, both answers and the first differing line.
    pub fn report(&self) -> String {
        let got = match &self.got {
            Ok(text) => text.clone(),
            Err(e) => format!("error: {}\n", e),
        };
        format!(
            "input:\n{}brute force:\n{}solution:\n{}{}\n",
            self.input,
            self.expected,
            got,
            first_difference(&self.expected, &got)
        )
    }
}

/// Where two outputs first differ, by line (1-based), with both lines, or a note that they
/// agree.
///
/// ```
/// assert_eq!(testkit::first_difference("a\nb\n", "a\nc\n"), "line 2: expected `b` got `c`");
/// assert_eq!(testkit::first_difference("a\n", "a\nx\n"), "line 2: expected (nothing) got `x`");
/// ```
pub fn first_difference(expected: &str, got: &str) -> String {
    let (mut want, mut have) = (expected.lines(), got.lines());
    let mut line = 1;
    loop {
        match (want.next(), have.next()) {
            (None, None) => return "the outputs agree".to_string(),
            (a, b) if a == b => line += 1,
            (a, b) => {
                let show =
                    |s: Option<&str>| s.map_or("(nothing)".to_string(), |s| format!("`{}`", s));
                return format!("line {}: expected {} got {}", line, show(a), show(b));
            }
        }
    }
}

/// The tests of one problem: its name, its testcases folder and its solution.
pub struct Harness<P> {
    name: String,
    testcases: PathBuf,
    solve: SolveText,
    problem: PhantomData<P>,
}

/// Inputs no problem may panic on; each gets an answer or a one-line refusal.
const HOSTILE: [&[u8]; 12] = [
    b"",
    b"   \n\n",
    b"abc\n",
    b"2.5\n",
    b"-3\n",
    b"99999999999999999999999\n",
    b"\xff\xfe\n",
    b"1000000000\n",
    b"1 2 3 4 5 6 7 8 9 10 x\n",
    b"0\n",
    b"18446744073709551615 18446744073709551615 18446744073709551615\n",
    b"1\n1\n1\n1\n1\n1\n1\n1\n",
];

impl<P: Problem> Harness<P> {
    /// The harness of problem `name`, whose crate lies at `manifest_dir` (the testcases are in
    /// `manifest_dir/../testcases/name`).
    pub fn new(name: &str, manifest_dir: &str, solve: SolveText) -> Self {
        Harness {
            name: name.to_string(),
            testcases: Path::new(manifest_dir)
                .parent()
                .unwrap_or_else(|| Path::new(".."))
                .join("testcases")
                .join(name),
            solve,
            problem: PhantomData,
        }
    }

    /// The cases generated from `seed` at `size`: the same seed always gives the same cases.
    pub fn generate(&self, seed: u64, size: u64) -> Vec<P::Case> {
        let mut rng = Rng::new(seed);
        let count = 1 + rng.below(P::MAX_CASES.max(1) as u64) as usize;
        (0..count).map(|_| P::case(&mut rng, size.max(1))).collect()
    }

    /// The disagreement on `cases`, if the solution and the brute force disagree.
    pub fn check(&self, seed: u64, cases: &[P::Case]) -> Option<Failure<P::Case>> {
        let input = P::input(cases);
        let expected: String = cases.iter().map(P::brute).collect();
        let got = (self.solve)(&input);
        if got.as_ref() == Ok(&expected) {
            None
        } else {
            Some(Failure {
                seed,
                cases: cases.to_vec(),
                input,
                expected,
                got,
            })
        }
    }

    /// The first disagreement among `count` inputs from seeds `first..`, at `size`.
    pub fn find_failure(&self, first: u64, count: u64, size: u64) -> Option<Failure<P::Case>> {
        (first..first.saturating_add(count))
            .find_map(|seed| self.check(seed, &self.generate(seed, size)))
    }

    /// A smaller disagreement: fewer cases, then cases generated at smaller sizes, each step
    /// re-checked to still fail.
    pub fn shrink(&self, failure: Failure<P::Case>, size: u64) -> Failure<P::Case> {
        let mut best = self.fewer_cases(failure);
        'sizes: for smaller in 1..size {
            for attempt in 0..200u64 {
                let mut rng = Rng::new(best.seed ^ (smaller << 32) ^ attempt.wrapping_mul(0x9E37));
                let cases: Vec<P::Case> = (0..best.cases.len())
                    .map(|_| P::case(&mut rng, smaller))
                    .collect();
                if let Some(found) = self.check(best.seed, &cases) {
                    best = self.fewer_cases(found);
                    break 'sizes;
                }
            }
        }
        best
    }

    fn fewer_cases(&self, failure: Failure<P::Case>) -> Failure<P::Case> {
        let seed = failure.seed;
        for case in &failure.cases {
            if let Some(alone) = self.check(seed, std::slice::from_ref(case)) {
                return alone;
            }
        }
        let mut best = failure;
        let mut i = 0;
        while i < best.cases.len() && best.cases.len() > 1 {
            let mut without = best.cases.clone();
            without.remove(i);
            match self.check(seed, &without) {
                Some(smaller) => best = smaller,
                None => i += 1,
            }
        }
        best
    }

    /// Unit test: `P::INPUTS` seeded inputs agree with the brute force.
    ///
    /// # Panics
    /// On the first disagreement, with its shrunk report.
    pub fn agree(&self) {
        if let Some(failure) = self.find_failure(0, P::INPUTS, P::SIZE) {
            let seed = failure.seed;
            let small = self.shrink(failure, P::SIZE);
            panic!(
                "{}: seed {} disagrees with the brute force\n{}",
                self.name,
                seed,
                small.report()
            );
        }
    }

    /// Unit test: every `testcases/NAME/*.in` gives its `.out` (carriage returns and a missing
    /// final newline forgiven).
    ///
    /// # Panics
    /// On a missing folder, a missing `.out`, or a wrong answer.
    pub fn testcases(&self) {
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(&self.testcases)
            .unwrap_or_else(|e| panic!("{}: {}", self.testcases.display(), e))
            .filter_map(|entry| Some(entry.ok()?.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
            .collect();
        inputs.sort();
        for input in inputs {
            let expected_path = input.with_extension("out");
            let expected = std::fs::read_to_string(&expected_path)
                .unwrap_or_else(|e| panic!("{}: {}", expected_path.display(), e));
            let text = std::fs::read_to_string(&input).expect("testcases are text");
            let got = (self.solve)(&text)
                .unwrap_or_else(|e| panic!("{} refused: {}", input.display(), e));
            let normal = |s: &str| s.replace('\r', "").trim_end().to_string();
            assert!(
                normal(&got) == normal(&expected),
                "{}: {}",
                input.display(),
                first_difference(&normal(&expected), &normal(&got))
            );
        }
    }

    /// Unit test: each input is refused with a message containing its needle.
    ///
    /// # Panics
    /// If an input is accepted or refused with another message.
    pub fn refusals(&self, cases: &[(&str, &str)]) {
        for &(input, needle) in cases {
            match (self.solve)(input) {
                Ok(out) => panic!("{:?} was accepted, answering {:?}", input, out),
                Err(e) => assert!(
                    e.contains(needle),
                    "{:?} was refused with `{}`, which lacks `{}`",
                    input,
                    e,
                    needle
                ),
            }
        }
    }

    /// Unit test: hostile inputs get an answer or a one-line refusal, and never a panic.
    ///
    /// # Panics
    /// If the solution panics or refuses with a message of several lines.
    pub fn survives_hostile_input(&self) {
        for input in HOSTILE.iter() {
            let text = String::from_utf8_lossy(input);
            let solve = self.solve;
            let outcome = std::panic::catch_unwind(move || solve(&text));
            match outcome {
                Err(_) => panic!("{}: panicked on {:?}", self.name, input),
                Ok(Err(e)) => assert!(
                    !e.contains('\n'),
                    "{}: message of several lines: {}",
                    self.name,
                    e
                ),
                Ok(Ok(_)) => {}
            }
        }
    }

    /// The stress loop: inputs from seeds `seed..` at `size` until `limit` is reached,
    /// progress on standard error; the first disagreement is shrunk and saved as
    /// `testcases/NAME/stress-SEED.in` and `.out` (the brute force's answer).
    pub fn stress(&self, seed: u64, size: u64, limit: StressLimit) -> StressOutcome<P::Case> {
        let start = Instant::now();
        let mut last_report = start;
        let mut count = 0u64;
        loop {
            let done = match limit {
                StressLimit::Inputs(n) => count >= n,
                StressLimit::Seconds(s) => start.elapsed() >= Duration::from_secs_f64(s),
            };
            if done {
                eprintln!();
                return StressOutcome::Agree { inputs: count };
            }
            let current = seed.wrapping_add(count);
            if let Some(failure) = self.check(current, &self.generate(current, size)) {
                eprintln!();
                let small = self.shrink(failure, size);
                let stem = self.testcases.join(format!("stress-{}", current));
                let saved = std::fs::create_dir_all(&self.testcases)
                    .and_then(|_| std::fs::write(stem.with_extension("in"), &small.input))
                    .and_then(|_| std::fs::write(stem.with_extension("out"), &small.expected));
                return StressOutcome::Disagree {
                    failure: small,
                    saved: saved
                        .map(|_| stem.with_extension("in"))
                        .map_err(|e| e.to_string()),
                };
            }
            count += 1;
            if last_report.elapsed() >= Duration::from_secs(1) {
                last_report = Instant::now();
                let rate = count as f64 / start.elapsed().as_secs_f64();
                eprint!(
                    "\r{}: {} inputs agree, {:.0} inputs/s",
                    self.name, count, rate
                );
            }
        }
    }

    /// The ignored `stress` test: reads `STRESS_SEED` (default: from the clock),
    /// `STRESS_ITERS` or `STRESS_SECONDS` (default 10 s), `STRESS_SIZE` (default `P::SIZE`),
    /// and writes its report to standard output and to the file `STRESS_REPORT` if set.
    /// Exits the process with status 1 on a disagreement.
    ///
    /// # Panics
    /// On a setting that is not a number.
    pub fn stress_from_env(&self) {
        let number = |key: &str| -> Option<f64> {
            std::env::var(key).ok().map(|v| {
                v.parse()
                    .unwrap_or_else(|_| panic!("{} must be a number, not {:?}", key, v))
            })
        };
        let seed = number("STRESS_SEED").map_or_else(
            || {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
            },
            |s| s as u64,
        );
        let size = number("STRESS_SIZE").map_or(P::SIZE, |s| (s as u64).max(1));
        let limit = match number("STRESS_ITERS") {
            Some(n) => StressLimit::Inputs(n as u64),
            None => StressLimit::Seconds(number("STRESS_SECONDS").unwrap_or(10.0)),
        };
        let (report, failed) = match self.stress(seed, size, limit) {
            StressOutcome::Agree { inputs } => {
                (format!("{} inputs agree (seed {})\n", inputs, seed), false)
            }
            StressOutcome::Disagree { failure, saved } => {
                let saved = match saved {
                    Ok(path) => format!("saved as {}\n", path.display()),
                    Err(e) => format!("could not save the counterexample: {}\n", e),
                };
                (
                    format!(
                        "{}: seed {} disagrees with the brute force (shrunk below)\n{}{}",
                        self.name,
                        failure.seed,
                        failure.report(),
                        saved
                    ),
                    true,
                )
            }
        };
        print!("{}", report);
        if let Ok(path) = std::env::var("STRESS_REPORT") {
            let _ = std::fs::write(path, &report);
        }
        let _ = std::io::stdout().flush();
        if failed {
            std::process::exit(1);
        }
    }
}

/// How long [`Harness::stress`] runs.
#[derive(Clone, Copy, Debug)]
pub enum StressLimit {
    /// This many inputs.
    Inputs(u64),
    /// This many seconds.
    Seconds(f64),
}

/// What [`Harness::stress`] found.
#[derive(Debug)]
pub enum StressOutcome<C> {
    /// Every input agreed.
    Agree {
        /// How many inputs were compared.
        inputs: u64,
    },
    /// A shrunk counterexample, and where it was saved.
    Disagree {
        /// The shrunk disagreement.
        failure: Failure<C>,
        /// The saved `.in` file, or why saving failed.
        saved: Result<PathBuf, String>,
    },
}

/// Writes a problem's standard tests (see the crate's documentation) into its test module.
///
/// `problem_tests!(MyProblem, solve)` for a `judge`-style `solve`;
/// `problem_tests!(MyProblem, text: f)` for any `fn(&str) -> Result<String, String>`; either
/// may end with `refuses: [(input, needle), ...]`.
#[macro_export]
macro_rules! problem_tests {
    ($problem:ty, text: $text:expr $(, refuses: [$(($input:expr, $needle:expr $(,)?)),* $(,)?])? $(,)?) => {
        fn harness() -> $crate::Harness<$problem> {
            $crate::Harness::new(env!("CARGO_BIN_NAME"), env!("CARGO_MANIFEST_DIR"), $text)
        }

        #[test]
        fn agrees_with_brute_force() {
            harness().agree();
        }

        #[test]
        fn testcases() {
            harness().testcases();
        }

        #[test]
        fn survives_hostile_input() {
            harness().survives_hostile_input();
        }

        #[test]
        fn refuses_malformed_input() {
            harness().refusals(&[$($(($input, $needle)),*)?]);
        }

        #[test]
        #[ignore = "run by the stress tool"]
        fn stress() {
            harness().stress_from_env();
        }
    };
    ($problem:ty, $solve:expr $(, refuses: [$(($input:expr, $needle:expr $(,)?)),* $(,)?])? $(,)?) => {
        $crate::problem_tests!(
            $problem,
            text: |input: &str| $crate::judge::run_str($solve, input).map_err(|e| e.to_string())
            $(, refuses: [$(($input, $needle)),*])?
        );
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sum of a list, with a solution that is wrong whenever a number is 7.
    struct Sum;
    impl Problem for Sum {
        type Case = Vec<u64>;
        const SIZE: u64 = 20;
        fn case(rng: &mut Rng, size: u64) -> Vec<u64> {
            (0..rng.range(1, 6)).map(|_| rng.range(0, size)).collect()
        }
        fn input(cases: &[Vec<u64>]) -> String {
            let mut text = format!("{}\n", cases.len());
            for case in cases {
                let numbers: Vec<String> = case.iter().map(|n| n.to_string()).collect();
                text += &format!("{}\n{}\n", case.len(), numbers.join(" "));
            }
            text
        }
        fn brute(case: &Vec<u64>) -> String {
            format!("{}\n", case.iter().sum::<u64>())
        }
    }

    /// Sums each case; `off_by_one_at_seven` adds 1 to a sum whose case holds a 7.
    fn sums(input: &str, off_by_one_at_seven: bool) -> String {
        let mut tokens = input.split_whitespace().map(|t| t.parse::<u64>().unwrap());
        let mut out = String::new();
        for _ in 0..tokens.next().unwrap() {
            let n = tokens.next().unwrap();
            let numbers: Vec<u64> = (0..n).map(|_| tokens.next().unwrap()).collect();
            let sum: u64 = numbers.iter().sum();
            let wrong = off_by_one_at_seven && numbers.contains(&7);
            out += &format!("{}\n", sum + u64::from(wrong));
        }
        out
    }

    fn broken(input: &str) -> Result<String, String> {
        Ok(sums(input, true))
    }

    fn fixed(input: &str) -> Result<String, String> {
        Ok(sums(input, false))
    }

    #[test]
    fn finds_and_shrinks_a_disagreement() {
        let dir = std::env::temp_dir().join(format!("testkit-{}", std::process::id()));
        let harness = Harness::<Sum>::new("sum", dir.join("crate").to_str().unwrap(), broken);
        match harness.stress(1, 20, StressLimit::Inputs(10_000)) {
            StressOutcome::Disagree { failure, saved } => {
                // One case, holding a 7 among numbers no larger than 7.
                assert_eq!(failure.cases.len(), 1, "{:?}", failure.cases);
                assert!(failure.cases[0].contains(&7));
                assert!(
                    failure.cases[0].iter().all(|&n| n <= 7),
                    "{:?}",
                    failure.cases
                );
                let saved = saved.unwrap();
                assert_eq!(std::fs::read_to_string(&saved).unwrap(), failure.input);
                let out = std::fs::read_to_string(saved.with_extension("out")).unwrap();
                assert_eq!(out, Sum::brute(&failure.cases[0]));
                assert!(failure.report().contains("line 1: expected"));
            }
            StressOutcome::Agree { .. } => panic!("the broken sum was not caught"),
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_correct_solution_agrees() {
        let harness = Harness::<Sum>::new("sum", "/nowhere", fixed);
        assert!(harness.find_failure(0, 500, 20).is_none());
        match harness.stress(3, 20, StressLimit::Inputs(100)) {
            StressOutcome::Agree { inputs } => assert_eq!(inputs, 100),
            StressOutcome::Disagree { failure, .. } => panic!("{}", failure.report()),
        }
    }

    #[test]
    fn differences_name_the_line() {
        assert_eq!(first_difference("a\nb", "a\nb\n"), "the outputs agree");
        assert_eq!(
            first_difference("a\nb\n", "a\n"),
            "line 2: expected `b` got (nothing)"
        );
    }
}
