//! What a problem's tests say about its game: the [`Problem`] trait, and helpers for the
//! judges' common input formats.

use crate::Rng;
use std::fmt::Debug;

/// What a problem's tests know of its game: random cases, their input format, a brute force.
///
/// The value of the implementing type is the brute force's state: the harness makes one with
/// `Default` and keeps it for every input it checks, so a brute force can keep a memo (a
/// [`Search`](crate::search::Search) or a table) between calls instead of rebuilding it per
/// case. A problem without state derives `Default` on a unit struct.
///
/// Two shapes of judge input fit:
/// - T independent test cases, one answer each (the default): `Case` is one test case, an
///   input holds 1 to `MAX_CASES` of them, and the judge's output is the brute force's answers
///   in order. The shrinker drops whole cases.
/// - One header, many queries, one answer line: `MAX_CASES = 1`, `Case` is the whole input
///   (for instance the list of queries), and [`smaller`](Problem::smaller) lists the case with
///   shorter lists of queries ([`shorter_lists`]), so that the shrinker cuts query by query.
///   `templates/queries.rs` starts from this shape.
///
/// ```
/// use testkit::{Problem, Rng};
/// #[derive(Default)]
/// struct Double {
///     calls: u64, // state kept between brute-force calls
/// }
/// impl Problem for Double {
///     type Case = u64;
///     fn case(rng: &mut Rng, size: u64) -> u64 {
///         rng.range(0, size)
///     }
///     fn input(cases: &[u64]) -> String {
///         let mut text = format!("{}\n", cases.len());
///         cases.iter().for_each(|c| text += &format!("{}\n", c));
///         text
///     }
///     fn brute(&mut self, case: &u64) -> String {
///         self.calls += 1;
///         format!("{}\n", case + case)
///     }
/// }
/// let mut double = Double::default();
/// assert_eq!(double.brute(&4), "8\n");
/// assert_eq!(double.calls, 1);
/// ```
pub trait Problem: Default {
    /// One test case of the judge's input (or the whole input, when `MAX_CASES` is 1).
    type Case: Clone + Debug;
    /// The size the unit test generates at (numbers and counts grow with it).
    const SIZE: u64 = 8;
    /// The largest size the generator and the brute force can take: `stress --size` above it
    /// is refused in one line instead of exhausting memory or time.
    const MAX_SIZE: u64 = crate::MAX_SIZE;
    /// The largest size the generator can draw within the problem's own limits (the judge's
    /// constraints), the brute force aside: `stress --reference --size` goes up to it, since a
    /// reference program, not the brute force, answers. At most testkit's `MAX_SIZE`; a
    /// problem whose generator breaks the judge's limits past some size sets it there.
    const MAX_GENERATED_SIZE: u64 = crate::MAX_SIZE;
    /// The most cases one generated input holds (1 for an input with one answer line).
    const MAX_CASES: usize = 8;
    /// How many seeded inputs the unit test compares.
    const INPUTS: u64 = 200;
    /// A random valid case of the given size (`1 <= size <= MAX_SIZE`).
    fn case(rng: &mut Rng, size: u64) -> Self::Case;
    /// The judge input holding `cases` (never empty, at most `MAX_CASES` long).
    fn input(cases: &[Self::Case]) -> String;
    /// The judge's output for one case, from a literal search independent of the solution;
    /// `self` is state kept between calls (a memo).
    fn brute(&mut self, case: &Self::Case) -> String;
    /// Smaller variants of `case` for the shrinker to try, each still a valid case (for
    /// instance the case with one query or one heap dropped). None by default.
    fn smaller(case: &Self::Case) -> Vec<Self::Case> {
        let _ = case;
        Vec::new()
    }
    /// The judge's largest input, as cases: what `stress --max` runs against a reference
    /// program, to time and measure both at full size. By default `MAX_CASES` cases at
    /// `MAX_SIZE`, the generator's largest; a problem whose judge allows more (more cases, larger
    /// numbers than a brute force can take) returns cases at the judge's limits.
    ///
    /// ```
    /// use testkit::{Problem, Rng};
    /// #[derive(Default)]
    /// struct Heaps;
    /// impl Problem for Heaps {
    ///     type Case = u64;
    ///     const MAX_SIZE: u64 = 20;
    ///     const MAX_CASES: usize = 3;
    ///     fn case(rng: &mut Rng, size: u64) -> u64 { rng.range(1, size) }
    ///     fn input(cases: &[u64]) -> String { format!("{:?}\n", cases) }
    ///     fn brute(&mut self, &n: &u64) -> String { format!("{}\n", n % 2) }
    /// }
    /// let cases = Heaps::max_cases(&mut Rng::new(1));
    /// assert!(cases.len() == 3 && cases.iter().all(|&n| (1..=20).contains(&n)));
    /// ```
    fn max_cases(rng: &mut Rng) -> Vec<Self::Case> {
        (0..Self::MAX_CASES.max(1))
            .map(|_| Self::case(rng, Self::MAX_SIZE))
            .collect()
    }
    /// Whether `output` answers `input` rightly, given one right answer (the brute force's, or
    /// a testcase's `.out`); `Err` says why not, in one line. By default the output must equal
    /// the answer byte for byte, and the reason is the first differing line. A problem with
    /// more than one right answer ("print any winning move") points this at its checker's
    /// `check` function (`problems/checkers/NAME.rs`, the `NAME-checker` binary the runner
    /// runs), so that the unit tests, the shrinker and `stress` judge as the runner does.
    ///
    /// ```
    /// use testkit::{Problem, Rng};
    /// #[derive(Default)]
    /// struct AnyDivisor;
    /// impl Problem for AnyDivisor {
    ///     type Case = u64;
    ///     fn case(rng: &mut Rng, size: u64) -> u64 { rng.range(1, size) }
    ///     fn input(cases: &[u64]) -> String { format!("{}\n", cases[0]) }
    ///     fn brute(&mut self, &n: &u64) -> String { format!("{}\n", n) }
    ///     fn check(input: &str, output: &str, _answer: &str) -> Result<(), String> {
    ///         let n: u64 = input.trim().parse().unwrap();
    ///         match output.trim().parse::<u64>() {
    ///             Ok(d) if d > 0 && n % d == 0 => Ok(()),
    ///             _ => Err(format!("`{}` is not a divisor of {}", output.trim(), n)),
    ///         }
    ///     }
    /// }
    /// assert!(AnyDivisor::check("12\n", "3\n", "12\n").is_ok());
    /// assert!(AnyDivisor::check("12\n", "5\n", "12\n").is_err());
    /// // The default: exact comparison.
    /// #[derive(Default)]
    /// struct Exact;
    /// impl Problem for Exact {
    ///     type Case = u64;
    ///     fn case(rng: &mut Rng, size: u64) -> u64 { rng.range(1, size) }
    ///     fn input(cases: &[u64]) -> String { format!("{}\n", cases[0]) }
    ///     fn brute(&mut self, &n: &u64) -> String { format!("{}\n", n) }
    /// }
    /// assert_eq!(Exact::check("", "3\n", "4\n").unwrap_err(), "line 1: expected `4` got `3`");
    /// assert!(Exact::check("", "4\n", "4\n").is_ok());
    /// ```
    fn check(input: &str, output: &str, answer: &str) -> Result<(), String> {
        let _ = input;
        exact(output, answer)
    }
}

/// The default of [`Problem::check`]: `output` equal to `answer` byte for byte, else the first
/// differing line (or a note that they differ in line breaks only).
///
/// ```
/// assert!(testkit::exact("1\n", "1\n").is_ok());
/// assert_eq!(testkit::exact("1", "1\n").unwrap_err(), "the outputs differ in line breaks only");
/// ```
pub fn exact(output: &str, answer: &str) -> Result<(), String> {
    if output == answer {
        return Ok(());
    }
    let difference = crate::first_difference(answer, output);
    if difference == "the outputs agree" {
        Err("the outputs differ in line breaks only".to_string())
    } else {
        Err(difference)
    }
}

/// The judges' most common format: the number of test cases, then per case its length on one
/// line and its numbers on the next.
///
/// ```
/// assert_eq!(testkit::counted_lists(&[vec![3, 5, 1], vec![1]]), "2\n3\n3 5 1\n1\n1\n");
/// ```
///
/// # Complexity
/// O(total length of the output).
pub fn counted_lists<T: std::fmt::Display>(cases: &[Vec<T>]) -> String {
    use std::fmt::Write;
    let mut text = String::new();
    let _ = writeln!(text, "{}", cases.len());
    for case in cases {
        let _ = writeln!(text, "{}", case.len());
        for (i, number) in case.iter().enumerate() {
            let separator = if i + 1 == case.len() { "" } else { " " };
            let _ = write!(text, "{}{}", number, separator);
        }
        text.push('\n');
    }
    text
}

/// Shorter copies of a list, for the shrinker (see [`Problem::smaller`]): each item alone,
/// then the list without each item. With both, the greedy shrinker reaches one query when one
/// query alone is wrong, and drops queries one by one when several are needed. Empty for a
/// list of at most one item, so that a case keeps at least one query.
///
/// ```
/// assert_eq!(
///     testkit::shorter_lists(&[1, 2, 3]),
///     vec![vec![1], vec![2], vec![3], vec![2, 3], vec![1, 3], vec![1, 2]]
/// );
/// assert_eq!(testkit::shorter_lists(&[1, 2]), vec![vec![1], vec![2]]);
/// assert!(testkit::shorter_lists(&[7]).is_empty());
/// ```
///
/// # Complexity
/// O(n²) for n items.
pub fn shorter_lists<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    if items.len() <= 1 {
        return Vec::new();
    }
    let alone = items.iter().map(|item| vec![item.clone()]);
    let without_one = (0..items.len()).filter(|_| items.len() > 2).map(|skip| {
        let mut rest = items.to_vec();
        rest.remove(skip);
        rest
    });
    alone.chain(without_one).collect()
}
