//! The harness: one problem's solution checked against its brute force, its testcases, its
//! refusals and hostile inputs (the unit tests `problem_tests!` writes).

use crate::{first_difference, Problem, Rng};
use std::path::{Path, PathBuf};

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
    /// Why the output is wrong: [`Problem::check`]'s reason (by default the first differing
    /// line).
    pub reason: String,
}

impl<C> Failure<C> {
    /// A short report: the input, both answers and why the solution's is wrong.
    ///
    /// ```
    /// let failure = testkit::Failure::<u8> {
    ///     seed: 1,
    ///     cases: vec![],
    ///     input: "1\n".into(),
    ///     expected: "a\n".into(),
    ///     got: Err("no".into()),
    ///     reason: "line 1: expected `a` got `error: no`".into(),
    /// };
    /// assert!(failure.report().ends_with("error: no\nline 1: expected `a` got `error: no`\n"));
    /// ```
    pub fn report(&self) -> String {
        self.report_against("brute force")
    }

    /// [`Failure::report`] with the right answer's source named `oracle` (`brute force`,
    /// `reference`). A text over 2000 bytes (a judge-size input) is shown by its head and
    /// its size.
    ///
    /// ```
    /// let failure = testkit::Failure::<u8> {
    ///     seed: 1,
    ///     cases: vec![],
    ///     input: "7\n".repeat(1 << 20),
    ///     expected: "a\n".into(),
    ///     got: Ok("b\n".into()),
    ///     reason: "line 1: expected `a` got `b`".into(),
    /// };
    /// let report = failure.report_against("reference");
    /// assert!(report.len() < 3000);
    /// assert!(report.contains("… (2097152 bytes in all)\nreference:\na\n"));
    /// ```
    pub fn report_against(&self, oracle: &str) -> String {
        format!(
            "input:\n{}{}:\n{}solution:\n{}{}\n",
            head(&self.input),
            oracle,
            head(&self.expected),
            head(&shown(&self.got)),
            self.reason
        )
    }
}

/// The most of one text a failure's report shows.
pub const SHOWN_BYTES: usize = 2000;

/// `text` whole if it is at most [`SHOWN_BYTES`] long, else its lines up to that many bytes
/// and a line giving its size.
fn head(text: &str) -> String {
    if text.len() <= SHOWN_BYTES {
        return text.to_string();
    }
    let mut end = SHOWN_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let cut = text[..end].rfind('\n').map_or(end, |i| i + 1);
    let mut shown = text[..cut].to_string();
    if !shown.ends_with('\n') && !shown.is_empty() {
        shown.push('\n');
    }
    shown + &format!("… ({} bytes in all)\n", text.len())
}

/// The tests of one problem: its name, its testcases folder, its solution and the brute
/// force's state (kept across every input the harness checks).
pub struct Harness<P> {
    pub(crate) name: String,
    pub(crate) testcases: PathBuf,
    pub(crate) solve: SolveText,
    pub(crate) brute: P,
    /// The programs run by the `stress` tool, when a reference program replaces the brute
    /// force and our program runs as a process (`stress --reference`).
    pub(crate) programs: Option<crate::reference::Programs>,
    /// Whether the stress loop takes the judge's largest inputs ([`Problem::max_cases`]).
    pub(crate) max: bool,
}

/// The solution's output, or its refusal as the line `error: ...`.
fn shown(got: &Result<String, String>) -> String {
    match got {
        Ok(text) => text.clone(),
        Err(e) => format!("error: {e}\n"),
    }
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
    /// `manifest_dir/../testcases/name`), with a fresh brute-force state.
    pub fn new(name: &str, manifest_dir: &str, solve: SolveText) -> Self {
        Harness {
            name: name.to_string(),
            testcases: Path::new(manifest_dir)
                .parent()
                .unwrap_or_else(|| Path::new(".."))
                .join("testcases")
                .join(name),
            solve,
            brute: P::default(),
            programs: None,
            max: false,
        }
    }

    /// The cases generated from `seed` at `size`: the same seed always gives the same cases.
    pub fn generate(&self, seed: u64, size: u64) -> Vec<P::Case> {
        let mut rng = Rng::new(seed);
        let count = 1 + rng.below(P::MAX_CASES.max(1) as u64) as usize;
        (0..count).map(|_| P::case(&mut rng, size.max(1))).collect()
    }

    /// The brute force's output for the input holding `cases`.
    pub fn expected(&mut self, cases: &[P::Case]) -> String {
        let mut text = String::new();
        for case in cases {
            text += &self.brute.brute(case);
        }
        text
    }

    /// The disagreement on `cases`, if the solution's output is not a right answer: judged by
    /// [`Problem::check`] against the brute force's (exact comparison unless the problem has a
    /// checker); a refusal is always wrong. When the `stress` tool runs the programs, the
    /// reference's answer stands for the brute force's, and an input the reference cannot
    /// answer gives no verdict (`None`).
    pub fn check(&mut self, seed: u64, cases: &[P::Case]) -> Option<Failure<P::Case>> {
        let input = P::input(cases);
        let (expected, got) = match self.programs.as_mut() {
            Some(programs) => programs.run(seed, &input)?,
            None => (self.expected(cases), (self.solve)(&input)),
        };
        let verdict = match &got {
            Ok(output) => P::check(&input, output, &expected),
            Err(_) => Err(first_difference(&expected, &shown(&got))),
        };
        verdict.err().map(|reason| Failure {
            seed,
            cases: cases.to_vec(),
            input,
            expected,
            got,
            reason,
        })
    }

    /// The first disagreement among `count` inputs from seeds `first..`, at `size`.
    pub fn find_failure(&mut self, first: u64, count: u64, size: u64) -> Option<Failure<P::Case>> {
        (first..first.saturating_add(count)).find_map(|seed| {
            let cases = self.generate(seed, size);
            self.check(seed, &cases)
        })
    }

    /// Unit test: `P::INPUTS` seeded inputs agree with the brute force.
    ///
    /// # Panics
    /// On the first disagreement, with its shrunk report.
    pub fn agree(&mut self) {
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
    /// final newline forgiven), or another answer [`Problem::check`] accepts.
    ///
    /// # Panics
    /// On a missing folder, a missing `.out`, or a wrong answer (with the check's reason).
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
            if normal(&got) != normal(&expected) {
                if let Err(reason) = P::check(&text, &got, &expected) {
                    panic!("{}: {}", input.display(), reason);
                }
            }
        }
    }

    /// Unit test: the judge's largest input, [`Problem::max_cases`] from seed 0, is answered
    /// and not refused: a generator that breaks a constraint (a sum over tests, a tree that is
    /// not one) fails here instead of in `stress --max`. The answer is not checked (no brute
    /// force reaches that size).
    ///
    /// ```
    /// use testkit::{Harness, Problem, Rng};
    /// #[derive(Default)]
    /// struct Heap;
    /// impl Problem for Heap {
    ///     type Case = u64;
    ///     fn case(rng: &mut Rng, size: u64) -> u64 { rng.range(1, size) }
    ///     // The judge's heaps are at least 1: a largest input of empty heaps is invalid.
    ///     fn max_cases(_: &mut Rng) -> Vec<u64> { vec![0; 3] }
    ///     fn input(cases: &[u64]) -> String { format!("{:?}\n", cases) }
    ///     fn brute(&mut self, &n: &u64) -> String { format!("{}\n", n % 2) }
    /// }
    /// fn solve(input: &str) -> Result<String, String> {
    ///     match input.contains('0') {
    ///         true => Err("n = `0` is out of range".to_string()),
    ///         false => Ok("1\n".to_string()),
    ///     }
    /// }
    /// let harness = Harness::<Heap>::new("heap", ".", solve);
    /// let check = std::panic::AssertUnwindSafe(|| harness.accepts_max_input());
    /// assert!(std::panic::catch_unwind(check).is_err());
    /// ```
    ///
    /// # Panics
    /// If the solution refuses the input, with its message.
    pub fn accepts_max_input(&self) {
        let input = P::input(&P::max_cases(&mut Rng::new(0)));
        if let Err(e) = (self.solve)(&input) {
            panic!("{}: max_cases gave an input it refuses: {}", self.name, e);
        }
    }

    /// Unit test: each input is refused with a message containing its needle.
    ///
    /// # Panics
    /// If an input is accepted or refused with another message.
    pub fn refusals(&self, cases: &[(&str, &str)]) {
        for &(input, needle) in cases {
            match (self.solve)(input) {
                Ok(out) => panic!("{input:?} was accepted, answering {out:?}"),
                Err(e) => assert!(
                    e.contains(needle),
                    "{input:?} was refused with `{e}`, which lacks `{needle}`"
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
}
