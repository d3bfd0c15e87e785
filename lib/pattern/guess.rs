//! [`guess`]: from a sequence's first values to a rule that extends it, or an honest refusal.

use super::digit_sum::DigitSum;
use super::digits::{Digits, FloorDivision};
use super::division::DivisionGame;
use super::factor::Factorisation;
use super::periodic::Periodic;
use super::runs::Runs;
use std::fmt;

/// Fewer values than this are refused: a quarter (at least [`MIN_HELD_OUT`]) is held out and
/// at least as many must be left to fit a rule on.
pub const MIN_VALUES: usize = 2 * MIN_HELD_OUT;
/// A period is believed when the values after its first period repeat it this many times over
/// (or eight periods, for short periods): see [`guess`].
pub const MIN_REPEATED: usize = 24;
/// The fewest values held out to confirm a rule.
pub const MIN_HELD_OUT: usize = 8;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Periodic(Periodic),
    Runs(Runs),
    FloorDivision(FloorDivision),
    DigitSum(DigitSum),
    Digits(Digits),
    Factorisation(Factorisation),
    Division(DivisionGame),
}

/// A rule that computes G(n) for every n and prints itself as a formula.
///
/// ```
/// use grundy::pattern::guess;
/// let take3: Vec<u64> = (0..40).map(|n| n % 4).collect();
/// let rule = guess(&take3).unwrap().rule;
/// assert_eq!(rule.to_string(), "G(n) = n mod 4");
/// assert_eq!(rule.value(1_000_000_000_000_000_003), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    kind: Kind,
}

impl Rule {
    /// G(n).
    ///
    /// # Complexity
    /// O(1) for periodic rules, O(log n) for runs and digit rules, a factorisation (Pollard's
    /// rho, well under a millisecond) for factorisation rules.
    pub fn value(&self, n: u64) -> u64 {
        match &self.kind {
            Kind::Periodic(r) => r.value(n),
            Kind::Runs(r) => r.value(n),
            Kind::FloorDivision(r) => r.value(n),
            Kind::DigitSum(r) => r.value(n),
            Kind::Digits(r) => r.value(n),
            Kind::Factorisation(r) => r.value(n),
            Kind::Division(r) => r.value(n),
        }
    }

    /// G(0), …, G(len - 1).
    pub fn extend(&self, len: usize) -> Vec<u64> {
        (0..len as u64).map(|n| self.value(n)).collect()
    }

    /// The rule's family, in words: `periodic`, `runs`, `floor division`, `base-k digits`,
    /// `factorisation`.
    pub fn family(&self) -> &'static str {
        match &self.kind {
            Kind::Periodic(_) => "periodic",
            Kind::Runs(_) => "runs",
            Kind::FloorDivision(_) => "floor division",
            Kind::DigitSum(_) => "digit sum",
            Kind::Digits(_) => "base-k digits",
            Kind::Factorisation(_) => "factorisation",
            Kind::Division(_) => "division game",
        }
    }

    /// How many numbers the rule stores (its table entries and constants): a rule needs
    /// several values per parameter to be evidence.
    pub fn parameters(&self) -> usize {
        match &self.kind {
            Kind::Periodic(r) => r.parameters(),
            Kind::Runs(r) => r.parameters(),
            Kind::FloorDivision(r) => r.parameters(),
            Kind::DigitSum(r) => r.parameters(),
            Kind::Digits(r) => r.parameters(),
            Kind::Factorisation(r) => r.parameters(),
            Kind::Division(r) => r.parameters(),
        }
    }
}

impl fmt::Display for Rule {
    /// The formula, e.g. `G(n) = n mod 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Periodic(r) => r.fmt(f),
            Kind::Runs(r) => r.fmt(f),
            Kind::FloorDivision(r) => r.fmt(f),
            Kind::DigitSum(r) => r.fmt(f),
            Kind::Digits(r) => r.fmt(f),
            Kind::Factorisation(r) => r.fmt(f),
            Kind::Division(r) => r.fmt(f),
        }
    }
}

/// A rule and the evidence for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guess {
    /// The rule: it reproduces every given value.
    pub rule: Rule,
    /// It was fitted on the first `fitted` values…
    pub fitted: usize,
    /// … and then predicted the last `held_out` values exactly.
    pub held_out: usize,
}

/// Why no rule is claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The reason in words, e.g. `only 10 values: at least 24 are needed`.
    pub reason: String,
    /// The nearest miss in words: the candidate that explained the most values, and where it
    /// failed.
    pub nearest: Option<String>,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.reason)?;
        if let Some(nearest) = &self.nearest {
            write!(f, "; nearest miss: {}", nearest)?;
        }
        Ok(())
    }
}

/// Every candidate rule, simplest family first, each with the number of values it was fitted
/// on: the first `fitted` values, except for floor-division recursions (see
/// [`FloorDivision::fit`]).
fn candidates(values: &[u64], fitted: usize) -> Vec<(Rule, usize)> {
    let prefix = &values[..fitted];
    let mut all: Vec<(Kind, usize)> = Vec::new();
    let at = |kind: Kind| (kind, fitted);
    all.extend(
        Periodic::fit(prefix)
            .into_iter()
            .map(Kind::Periodic)
            .map(at),
    );
    all.extend(Runs::fit(prefix).into_iter().map(Kind::Runs).map(at));
    all.extend(
        FloorDivision::fit(values)
            .into_iter()
            .map(|(rule, fitted)| (Kind::FloorDivision(rule), fitted)),
    );
    all.extend(
        DigitSum::fit(values)
            .into_iter()
            .map(|(rule, fitted)| (Kind::DigitSum(rule), fitted)),
    );
    all.extend(
        Digits::fit(values)
            .into_iter()
            .map(|(rule, fitted)| (Kind::Digits(rule), fitted)),
    );
    all.extend(
        Factorisation::fit(prefix)
            .into_iter()
            .map(Kind::Factorisation)
            .map(at),
    );
    all.extend(DivisionGame::fit(prefix).map(Kind::Division).map(at));
    all.into_iter()
        .map(|(kind, fitted)| (Rule { kind }, fitted))
        .collect()
}

/// Whether the data shows the evidence its family needs beyond fitting and predicting (the
/// module docs of [`guess`] give the reasons): `None` if so, else why not.
fn lacks_evidence(rule: &Rule, values: &[u64], fitted: usize) -> Option<String> {
    let len = values.len();
    match &rule.kind {
        Kind::Periodic(r) => {
            let (e, p) = (r.preperiod(), r.period());
            let predicted = len - e - p;
            if predicted < 2 * p || (predicted < MIN_REPEATED && predicted < 8 * p) {
                return Some(format!(
                    "{} is repeated by only {} values after its first period: two periods and {} values (or eight periods) are needed",
                    rule, predicted, MIN_REPEATED
                ));
            }
            if p == 1 {
                // The last run starts before the constant tail: if they grew by a factor r,
                // the next change is due near r·e.
                let starts: Vec<usize> = (1..e.min(len))
                    .filter(|&n| values[n] != values[n - 1])
                    .chain(std::iter::once(e))
                    .collect();
                let due = starts
                    .windows(2)
                    .rev()
                    .take(2)
                    .map(|w| e * w[1] / w[0].max(1))
                    .max()
                    .unwrap_or(0);
                if due >= len {
                    return Some(format!(
                        "{}: its runs grow geometrically, so the next change is due near n = {}, past the data",
                        rule, due
                    ));
                }
            }
            None
        }
        _ if rule.parameters() * 3 > fitted => Some(format!(
            "{} fits the first {} values but stores too many numbers to be evidence",
            rule, fitted
        )),
        _ => None,
    }
}

/// Where two rules that explain `len` values are compared: the next `2·len` values, at most
/// 2^16 of them.
fn disagreement_window(len: usize) -> usize {
    len + (2 * len).min(1 << 16)
}

/// The number of values held out of `len`: a quarter, at least [`MIN_HELD_OUT`].
pub(crate) fn held_out(len: usize) -> usize {
    (len / 4).max(MIN_HELD_OUT)
}

/// Finds a rule that explains `values` = G(0), G(1), …, or refuses.
///
/// A rule is fitted on a first part of the values (the first three quarters, or for a
/// recursion of scale k the first ⌊N/k⌋) and claimed only when it also predicts the held-out
/// rest (at least [`MIN_HELD_OUT`] values) exactly, and the data shows the evidence its family
/// needs. Fewer than [`MIN_VALUES`] values are refused. Families, simplest first:
///
/// 1. periodic and arithmetic-periodic: G(n + p) = G(n) + s for n >= e;
/// 2. constant runs of growing length: G constant on [a(k), a(k + 1)), a(k) a polynomial of
///    degree 2 or 3 or geometric in k, the run values arithmetic or alternating in k;
/// 3. floor division: G(n) = G(⌊n/k⌋) (+ 1) for n >= e, k <= 64;
/// 4. digit sums (base b <= 16): G(n) = a·n + A[s_b(n) mod m] (popcount parity, the odious
///    numbers of Mock Turtles), and the XOR of the base-b digits;
/// 5. base-k digits (k = 2, 3, 4): G(kn + r) = one of c, G(n) + c, c - G(n), G(n) xor c,
///    an + c, aG(n) + c, for n >= 1;
/// 6. the prime factorisation: Ω(n), ω(n), the XOR of the exponents, d(n), as they are,
///    modulo 2, or zero-or-not;
/// 7. division games: G(n) = mex{G(⌊n/k⌋) : k ∈ S}, G(0) = 0.
///
/// The first family's rule is claimed, unless a later family's rule that stores fewer numbers
/// explains every value too and disagrees with it past the data: the simpler explanation wins
/// (a base-10 digit sum is periodic with period 20 on 0..99 and 200 on 0..999).
///
/// # Evidence, family by family
///
/// - A period is believed by its repetitions, not by how many numbers it stores (Kayles'
///   period 12 after a preperiod of 71 stores 83 numbers and is certain from 300 values), and
///   the preperiod may be as long as the data allows (0.177 has period 20 after 497): the
///   fitted part must show at least two full periods after the preperiod, and the whole data
///   must repeat the first period by at least two more periods and by [`MIN_REPEATED`] values
///   (or by eight periods, for very short periods). Two periods in the fitted part are the
///   least that shows a repetition at all before the held-out check; the absolute count keeps
///   a few repetitions of a medium period in short data (subtract-a-square looks like period
///   5 until n = 25) from counting as evidence. A constant must have held four times as long
///   as the irregular start before it: a sparse set (Grundy's game's P-positions) looks
///   constant between two of its members.
/// - A constant tail is not believed where the runs before it grew geometrically (division
///   games): if the last run starts before the tail grew by a factor r, the next change is due
///   near r·e, and the data must reach it.
/// - A recursion of scale k (G(n) = G(⌊n/k⌋) + c, the base-k digit rules, the digit sums in
///   base k) is fitted on the first ⌊N/k⌋ values only, so that the part it must predict,
///   [⌊N/k⌋, N), is a full scale of the recursion: every value predicted is computed from
///   values the fit saw, and none of it was seen. A digit sum's fitted part must also show a
///   carry (reach n = k + 1).
/// - When the values are a division game (some set S of divisors up to 64 reproduces every
///   value by the mex, see the `division` module), the game itself extends them, and every rule
///   must agree with that extension up to 16·N (at least N·k² for the largest k, at most 2^20);
///   the recursion itself is claimed when the data pins S down (every divisor needed, k² <= N).
/// - When a digit rule fitted on all the values explains them and disagrees with the rule
///   found past the data, the values do not decide between them: refused.
/// - Every other family must store at most a third as many numbers as it was fitted on.
///
/// All of this is evidence, not proof: a game whose rule changes past the data (subtraction
/// {1, 2, 3, 1000} is n mod 4 up to 999) is claimed wrongly by any guesser, and the claim is
/// a conjecture. [`crate::periodicity`] proves periods of octal and subtraction games.
///
/// 0/1 sequences (outcomes, 1 for a first-player win) are sequences like any other.
///
/// ```
/// use grundy::pattern::guess;
/// // Codeforces 768E: G(n) = max k with k(k+1)/2 <= n.
/// let values: Vec<u64> = (0..61u64).map(|n| (0..).take_while(|k| k * (k + 1) / 2 <= n).last().unwrap()).collect();
/// let found = guess(&values).unwrap();
/// assert_eq!(found.rule.to_string(), "G(n) = max k with k(k+1)/2 <= n");
/// assert_eq!((found.fitted, found.held_out), (46, 15));
/// // Subtract-a-square has no known rule: refused.
/// let mut g = vec![grundy::prelude::Nimber::ZERO; 200];
/// for n in 1..200 {
///     let next: Vec<grundy::prelude::Nimber> = (1..).map(|k| k * k).take_while(|&s| s <= n).map(|s| g[n - s]).collect();
///     g[n] = grundy::prelude::mex(next);
/// }
/// let values: Vec<u64> = g.iter().map(|v| v.value()).collect();
/// assert!(guess(&values).is_err());
/// ```
///
/// # Complexity
/// O(N log log N) for the periods, O(N · 64) for floor division, a sieve, and O(N) to check
/// each candidate: near-linear, so millions of values are practical.
pub fn guess(values: &[u64]) -> Result<Guess, Refusal> {
    let len = values.len();
    if len < MIN_VALUES {
        return Err(Refusal {
            reason: format!(
                "only {} values: at least {} are needed ({} held out to confirm a rule)",
                len, MIN_VALUES, MIN_HELD_OUT
            ),
            nearest: None,
        });
    }
    let fitted = len - held_out(len);
    let mut extension = Extension::of(values);
    let mut trials = Trials::default();
    for (rule, fitted) in candidates(values, fitted) {
        trials.consider(rule, fitted, values, &mut extension);
    }
    let (rule, fitted) = match trials.chosen.take() {
        Some(chosen) => chosen,
        None => return Err(trials.refusal(values, fitted)),
    };
    if let Some(refusal) = undecided(&rule, values) {
        return Err(refusal);
    }
    Ok(Guess {
        rule,
        fitted,
        held_out: len - fitted,
    })
}

/// The division games the values are, if they are any, and their values far past the data:
/// every rule must agree with them there (the runs of a division game grow geometrically).
struct Extension {
    games: Vec<DivisionGame>,
    /// Where the extension ends: 16·N, at least N·k² for the largest divisor k, at most 2^20
    /// (and never below N).
    far: usize,
    /// Each game's values up to `far`, computed when a first candidate explains every value,
    /// not before: most candidates fail on the data itself.
    truths: Option<Vec<Vec<u64>>>,
}

impl Extension {
    /// The division games consistent with `values`.
    fn of(values: &[u64]) -> Self {
        let len = values.len();
        let games = DivisionGame::consistent(values);
        let far = games.first().map_or(len, |game| {
            let k = *game.divisors().last().expect("a divisor") as usize;
            (16 * len).max(len * k * k).min(1 << 20).max(len)
        });
        Extension {
            games,
            far,
            truths: None,
        }
    }

    /// The first n past the data's `len` values where `rule` and one of the games disagree,
    /// with the game's value there and the game. A rule that is the game's own recursion is
    /// its extension.
    fn first_break(&mut self, rule: &Rule, len: usize) -> Option<(usize, u64, &DivisionGame)> {
        let Extension { games, far, truths } = self;
        let far = *far;
        let truths = truths.get_or_insert_with(|| games.iter().map(|g| g.extend(far)).collect());
        truths.iter().zip(games.iter()).find_map(|(truth, game)| {
            let same = match &rule.kind {
                Kind::Division(own) => own.divisors() == game.divisors(),
                _ => false,
            };
            (len..if same { len } else { far })
                .find(|&n| rule.value(n as u64) != truth[n])
                .map(|n| (n, truth[n], game))
        })
    }
}

/// What the candidates tried so far leave: the rule chosen with the number of values it was
/// fitted on, the candidate that held longest, and why a rule was not believed.
#[derive(Default)]
struct Trials {
    chosen: Option<(Rule, usize)>,
    /// The candidate that held longest: (formula, first n it fails at, its value there).
    nearest: Option<(String, usize, u64)>,
    /// The first reason a rule was not believed: too little evidence, or a division game
    /// that the values are and that it contradicts past them.
    overfitted: Option<String>,
}

impl Trials {
    /// Tries `rule`, fitted on the first `fitted` values: chosen when it stores fewer numbers
    /// than the rule chosen so far, has its family's evidence, explains every value, agrees
    /// with the division game the values are (if any) and, if a rule was chosen already,
    /// disagrees with it past the data (the digit sum that looks periodic on a prefix: the
    /// simpler explanation replaces the first).
    fn consider(&mut self, rule: Rule, fitted: usize, values: &[u64], extension: &mut Extension) {
        if let Some((best, _)) = &self.chosen {
            if rule.parameters() >= best.parameters() {
                return;
            }
        }
        if let Some(why) = lacks_evidence(&rule, values, fitted) {
            if self.overfitted.is_none() {
                self.overfitted = Some(why);
            }
            return;
        }
        let len = values.len();
        if let Some(n) = (0..len).find(|&n| rule.value(n as u64) != values[n]) {
            if self.nearest.as_ref().map_or(true, |best| n > best.1) {
                self.nearest = Some((rule.to_string(), n, rule.value(n as u64)));
            }
            return;
        }
        if let Some((n, truth, game)) = extension.first_break(&rule, len) {
            self.overfitted = Some(format!(
                "{} explains every value, but they are the division game {}, which gives G({}) = {} where the rule gives {}",
                rule,
                game,
                n,
                truth,
                rule.value(n as u64)
            ));
            return;
        }
        let replaces = self.chosen.as_ref().map_or(true, |(best, _)| {
            (len..disagreement_window(len)).any(|n| rule.value(n as u64) != best.value(n as u64))
        });
        if replaces {
            self.chosen = Some((rule, fitted));
        }
    }

    /// The refusal when no rule was chosen, the first `fitted` of `values` having been the
    /// fitted part.
    fn refusal(self, values: &[u64], fitted: usize) -> Refusal {
        let len = values.len();
        let reason = match self.overfitted {
            Some(why) if self.nearest.is_none() => format!("no rule: {}", why),
            _ => format!(
                "no rule: none of the families (periodic, runs, floor division, digit sum, base-k digits, factorisation, division game) fitted on the first {} values predicts the last {}",
                fitted,
                len - fitted
            ),
        };
        let nearest = self.nearest.map(|(formula, n, predicted)| {
            format!(
                "{} explains G(0..{}) but gives G({}) = {} where the value is {}",
                formula,
                n.saturating_sub(1),
                n,
                predicted,
                values[n]
            )
        });
        Refusal { reason, nearest }
    }
}

/// The refusal when a digit rule through every value disagrees with `rule` past the data: the
/// values (a base-10 digit sum up to n = 99 is periodic with period 20) do not decide.
fn undecided(rule: &Rule, values: &[u64]) -> Option<Refusal> {
    let len = values.len();
    let window = disagreement_window(len);
    DigitSum::rivals(values).into_iter().find_map(|rival| {
        let n = (len..window).find(|&n| rival.value(n as u64) != rule.value(n as u64))?;
        Some(Refusal {
            reason: format!(
                "undecided: {} and {} both explain the {} values and differ at n = {}",
                rule, rival, len, n
            ),
            nearest: None,
        })
    })
}
