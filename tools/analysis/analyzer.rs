//! The `grundy octal` and `grundy subtraction` runs: which method, how far (work and memory),
//! the progress lines on stderr and the result lines on stdout.

mod memory;

pub use memory::{memory_available, memory_budget, parse_memory, ExitOnOutOfMemory};

use crate::grundys_threads::TwoThreads;
use crate::threads::TwoCores;
use grundy::octal::{BitSliced, Certifier, Limits, Naive, OctalCode, Progress, RareValue, Solver};
use grundy::periodicity::{best_candidate, certify, scratch_bytes, Candidate, PeriodRule};
use std::io::Write;
use std::time::Instant;

/// The tables `Auto`'s method (`grundy::octal::BitSliced`) allocates once it is used, whatever
/// the length: a byte a value for each of 16 heaps, the scan's flags and masks (about 2.5 MiB
/// in all, as its documentation says; rounded up).
pub const BIT_SLICED_TABLES: u64 = 3 << 20;

/// What `Auto` on two threads ([`crate::threads::TwoCores`]) adds: the far marks handed
/// between the threads (`grundy::octal::FarMarks`, 1 MiB of tables and 128 KiB of bits each;
/// at most three besides the solver's own tables, counted in [`BIT_SLICED_TABLES`]), rounded
/// up. The helper's stack and malloc arena are address space more than memory: below
/// [`SECOND_THREAD_BUDGET`] a run keeps to one thread.
pub const TWO_CORE_BUFFERS: u64 = 4 << 20;

/// The most values a run computes (with `--upto` or not): the engines store positions as
/// `u32`. Below it, what fits in memory is the limit ([`Game::values_fitting`]).
pub const MAX_VALUES: usize = u32::MAX as usize;
/// `n` if a run may be asked for that many values (at most [`MAX_VALUES`]), else why not:
/// the one check the command line's parser and [`analyze`] share.
pub fn within_max_values(n: usize) -> Result<usize, String> {
    if n > MAX_VALUES {
        return Err(format!(
            "at most {MAX_VALUES} values (2^32 - 1: positions are 32-bit)"
        ));
    }
    Ok(n)
}

/// Bytes Grundy's game to `upto` heaps may take at most: two bytes a value, the bit planes'
/// mirrored copy of the values and the planes (room for a quarter more, two copies of up to
/// 15 planes), and a rebuild's new planes beside the old: at most 12 bytes a value; the rare
/// heaps and the option tables are small (2 MiB).
pub fn grundys_game_bytes(upto: usize) -> u64 {
    12 * upto as u64 + (2 << 20)
}

/// Bytes Grundy's game to `upto` heaps may take at most on two threads
/// ([`crate::grundys_threads::TwoThreads`]): each thread its own copy of the game
/// ([`grundys_game_bytes`] each) and the slots the values pass through (2 bytes a heap of a
/// step, at most all of them).
pub fn grundys_game_two_thread_bytes(upto: usize) -> u64 {
    2 * grundys_game_bytes(upto) + 2 * upto as u64
}

/// Options examined at most when `--upto` is not given: a few minutes here at the rare-value
/// methods' rate (.354 is certified from 20.1M values with about 10^10 options, .1777 from
/// 443M values with about 6·10^10).
pub const DEFAULT_WORK: u64 = 100_000_000_000;
/// Codes longer than this are shown shortened in the `game:` line.
const SHOWN_CODE: usize = 60;

/// How split moves are evaluated; all methods give the same values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// [`Naive`].
    Naive,
    /// [`RareValue::always`].
    Rare,
    /// [`BitSliced::new`]: rare-value while rare positions are at most 1/8 of all, its pairs
    /// with a rare part read for sixteen heaps at once and its last candidates proved 64 pairs
    /// a step (the fastest of the three: docs/benchmarks.md).
    Auto,
}

/// A game to analyze: its code and the theorem that certifies its periods.
pub struct Game {
    /// The code.
    pub code: OctalCode,
    /// The periodicity bound.
    pub rule: PeriodRule,
    /// A subtraction game's set (its `set:` line names it in full, where a long code's
    /// `game:` line is shortened).
    pub set: Option<Vec<usize>>,
}

impl Game {
    /// An octal game, with the Guy–Smith bound.
    pub fn octal(code: OctalCode) -> Self {
        let rule = PeriodRule::octal(code.last_move(), code.has_splits());
        Game {
            code,
            rule,
            set: None,
        }
    }

    /// A subtraction game, with the window bound.
    pub fn subtraction(set: &[usize]) -> Result<Self, String> {
        let code = grundy::subtraction::subtraction_code(set)
            .map_err(|e| format!("bad subtraction set: {e}"))?;
        let rule = PeriodRule::window(code.last_move());
        Ok(Game {
            code,
            rule,
            set: Some(set.to_vec()),
        })
    }

    /// The `game:` line's name: the code, shortened past 60 characters.
    pub fn name(&self) -> String {
        let code = self.code.to_string();
        if code.len() <= SHOWN_CODE {
            return code;
        }
        format!(
            "{}...{} ({} digits)",
            &code[..SHOWN_CODE / 2],
            &code[code.len() - 10..],
            code.len() - 2
        )
    }

    /// Bytes a run of `len` values may take at most: the values (2 bytes each), the
    /// certification's scratch table, and the rare-value index (4 bytes a rare position:
    /// at most every position with `Rare`, at most about half with `Auto`, which drops the
    /// index when rare positions pass 1/8) and `Auto`'s bit planes (two a bit of the largest
    /// value, with a quarter to spare: at most 5 bytes a value), its mirrored copy of the
    /// values (2.5 bytes a value, counted as 3) and fixed tables
    /// ([`BIT_SLICED_TABLES`]), and on `threads` of 2 or more the buffers of the second
    /// ([`TWO_CORE_BUFFERS`]).
    pub fn bytes_needed(&self, len: usize, method: Method, threads: usize) -> u64 {
        let len64 = len as u64;
        let index = match method {
            _ if !self.code.has_splits() => 0,
            Method::Naive => 0,
            Method::Auto => {
                let second = if threads >= 2 { TWO_CORE_BUFFERS } else { 0 };
                2 * len64 + 5 * len64 + 3 * len64 + BIT_SLICED_TABLES + second
            }
            Method::Rare => 4 * len64,
        };
        2 * len64 + scratch_bytes(len, self.rule) as u64 + index + (1 << 20)
    }

    /// The most values whose run fits in `budget` bytes (at most [`MAX_VALUES`]).
    pub fn values_fitting(&self, budget: u64, method: Method, threads: usize) -> usize {
        fitting(budget, |len| self.bytes_needed(len, method, threads))
    }
}

/// The most values (at most [`MAX_VALUES`]) whose run fits in `budget` bytes when `len`
/// values need `bytes(len)`, an increasing function.
fn fitting(budget: u64, bytes: impl Fn(usize) -> u64) -> usize {
    let (mut lo, mut hi) = (0, MAX_VALUES);
    while lo < hi {
        let mid = hi - (hi - lo) / 2;
        if bytes(mid) <= budget {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// How far a run goes: exactly `upto` values, or until certified within the limits.
pub struct Plan {
    /// `--upto N`.
    pub upto: Option<usize>,
    /// The method.
    pub method: Method,
    /// Print every value.
    pub values: bool,
    /// Bytes the run may use (see [`memory_available`]); `None` for no check.
    pub memory: Option<u64>,
    /// Options examined at most when `upto` is not given (`--work`; [`DEFAULT_WORK`] by
    /// default).
    pub work: u64,
    /// Threads for `Auto` (`--threads`; two are used at most, by
    /// [`crate::threads::TwoCores`]).
    pub threads: usize,
}

/// The heap past which no rare value was known before these runs: tczajka's table to 2^21 and
/// this analyzer to 2^24 find the last rare heap at 82,860.
pub const LAST_KNOWN_RARE_HEAP: usize = 82_860;

/// Grundy's game (split a heap into two unequal heaps) to `upto` heaps by the rare-value
/// method of `grundy::grundys_game`: lines `game: Grundy's game`, `computed: N values`,
/// `rare heaps: R` (heaps at least 1 whose value is rare), `last rare heap: H`, `largest rare
/// value: V`, `largest value: W`, `rare heaps past 82860: K`, `p-positions: …` (every heap of
/// value 0), and with `values` a line `values: v0 v1 …`; progress lines on stderr every 2 s.
/// `memory` is what the run may use; `threads` of 2 or more run it on two
/// ([`crate::grundys_threads::TwoThreads`]: the same values) when two copies fit in `memory`
/// and it is at least [`SECOND_THREAD_BUDGET`], else on one.
///
/// # Errors
/// A one-line reason: more values than [`MAX_VALUES`] or than fit in `memory` (with the
/// memory needed and how many values fit), a failed write.
pub fn grundys_game(
    upto: usize,
    values: bool,
    memory: Option<u64>,
    threads: usize,
    out: &mut dyn Write,
) -> Result<(), String> {
    within_max_values(upto).map_err(|e| format!("--upto: {e}"))?;
    let needed = grundys_game_bytes(upto);
    if let Some(memory) = memory.filter(|&m| needed > m) {
        return Err(format!(
            "--upto {upto}: needs up to {} MiB, more than the {} MiB available (free memory, --memory, ulimit -v); at most {} values fit",
            needed >> 20,
            memory >> 20,
            fitting(memory, grundys_game_bytes)
        ));
    }
    let threads = match memory {
        Some(memory) if grundys_game_two_thread_bytes(upto) > memory => 1,
        _ => threads_within(memory, threads).min(2),
    };
    let mut two = TwoThreads::new(threads);
    let mut progress = ProgressLine::new();
    while two.game().values().len() < upto {
        let len = two.game().values().len();
        // Steps of an eighth (a multiple of 16 heaps, the block the method computes at once).
        let step = (len + (len / 8).max(1 << 16)) & !15;
        two.extend_to(step.min(upto));
        let game = two.game();
        let rare = game.rare_heaps();
        let last = rare.last().map_or(0, |&r| r as usize);
        let used = two.last_threads();
        progress.report_line(game.values().len(), || {
            format!(
                "{} rare heaps, the last {last}; the last step on {used} thread(s)",
                rare.len()
            )
        });
    }
    let game = two.game();
    let g = game.values();
    let rare = game.rare_heaps();
    let zeros: Vec<String> = (0..upto)
        .filter(|&n| g[n] == 0)
        .map(|n| n.to_string())
        .collect();
    let last_rare = rare.last().map(|&r| r.to_string());
    let largest_rare = rare.iter().map(|&r| g[r as usize]).max();
    let largest = g.iter().copied().max();
    let show = |v: Option<String>| v.unwrap_or_else(|| "none".to_string());
    let past = rare
        .iter()
        .filter(|&&r| r as usize > LAST_KNOWN_RARE_HEAP)
        .count();
    let write = |out: &mut dyn Write, line: String| {
        out.write_all(line.as_bytes())
            .map_err(|e| format!("cannot write the output: {e}"))
    };
    write(out, "game: Grundy's game\n".to_string())?;
    write(out, format!("computed: {upto} values\n"))?;
    write(out, format!("rare heaps: {}\n", rare.len()))?;
    write(out, format!("last rare heap: {}\n", show(last_rare)))?;
    write(
        out,
        format!(
            "largest rare value: {}\n",
            show(largest_rare.map(|v| v.to_string()))
        ),
    )?;
    write(
        out,
        format!("largest value: {}\n", show(largest.map(|v| v.to_string()))),
    )?;
    write(
        out,
        format!("rare heaps past {LAST_KNOWN_RARE_HEAP}: {past}\n"),
    )?;
    write(out, format!("p-positions: {}\n", zeros.join(" ")))?;
    if values {
        testkit::values::write_values_line(out, g)
            .map_err(|e| format!("cannot write the output: {e}"))?;
    }
    out.flush()
        .map_err(|e| format!("cannot write the output: {e}"))
}

/// Runs `game` as `run` asks, writing the result lines to `out` and progress to stderr.
///
/// # Errors
/// A one-line reason: a size that does not fit in memory, a value above 65535, a failed write.
pub fn analyze(game: &Game, run: &Plan, out: &mut dyn Write) -> Result<(), String> {
    if let (Some(set), Some(n), Method::Auto) = (&game.set, run.upto, run.method) {
        within_max_values(n).map_err(|e| format!("--upto: {e}"))?;
        if run.memory.is_none_or(|m| bitset_bytes(set, n) <= m) {
            return subtraction_by_bitsets(game, set, n, run, out);
        }
    }
    match run.method {
        Method::Naive => analyze_with(game, Naive::new(game.code.clone()), run, out),
        Method::Rare => analyze_with(game, RareValue::always(game.code.clone()), run, out),
        Method::Auto => analyze_with(
            game,
            TwoCores::new(
                BitSliced::new(game.code.clone()),
                threads_within(run.memory, run.threads),
            ),
            run,
            out,
        ),
    }
}

/// Below this budget a run keeps to one thread: a second maps its stack and, with glibc, a
/// malloc arena of its own (up to 64 MiB of address space, which `ulimit -v` counts) before it
/// computes anything, and a run that small gains nothing from it.
pub const SECOND_THREAD_BUDGET: u64 = 256 << 20;

/// The threads a run may use: `threads`, or one when its `memory` budget is below
/// [`SECOND_THREAD_BUDGET`].
fn threads_within(memory: Option<u64>, threads: usize) -> usize {
    match memory {
        Some(budget) if budget < SECOND_THREAD_BUDGET => 1,
        _ => threads,
    }
}

fn analyze_with<S: Solver>(
    game: &Game,
    solver: S,
    run: &Plan,
    out: &mut dyn Write,
) -> Result<(), String> {
    let threads = threads_within(run.memory, run.threads);
    let mut certifier = Certifier::with_rule(solver, game.rule);
    let mut progress = ProgressLine::new();
    let too_large = |e: grundy::octal::ValueTooLarge| e.to_string();
    let period = match run.upto {
        Some(n) => {
            within_max_values(n).map_err(|e| format!("--upto: {e}"))?;
            let needed = game.bytes_needed(n, run.method, threads);
            if let Some(memory) = run.memory.filter(|&m| needed > m) {
                return Err(format!(
                    "--upto {n}: needs up to {} MiB, more than the {} MiB available (free memory, --memory, ulimit -v); at most {} values fit",
                    needed >> 20,
                    memory >> 20,
                    game.values_fitting(memory, run.method, threads)
                ));
            }
            certifier.reserve(n);
            // Exactly n values, computed in steps so that progress shows on long runs.
            while certifier.len() < n {
                let step = (certifier.len() + (certifier.len() / 8).max(1024)).min(n);
                certifier.extend_to(step).map_err(too_large)?;
                let values = certifier.values();
                progress.report(values.len(), certifier.work(), || {
                    best_candidate(values, game.rule)
                });
            }
            certify(certifier.values(), game.rule)
        }
        None => {
            let cap = match run.memory {
                Some(memory) => game.values_fitting(memory, run.method, threads),
                None => MAX_VALUES,
            };
            let limits = Limits::up_to(cap).with_work(run.work);
            let found = certifier
                .run(limits, |p: &Progress| {
                    progress.report(p.len, p.work, || p.candidate)
                })
                .map_err(too_large)?;
            if found.is_none() {
                let why = if certifier.len() >= cap {
                    format!(
                        "the default cap stops at the {cap} values that fit in the {} MiB available (free memory, --memory, ulimit -v; up to {} bytes a value)",
                        run.memory.unwrap_or(0) >> 20,
                        (game.bytes_needed(2 << 20, run.method, threads)
                            - game.bytes_needed(1 << 20, run.method, threads))
                            >> 20
                    )
                } else if run.work == DEFAULT_WORK {
                    let work = certifier.work() as f64;
                    format!("the default cap stops at {work:.1e} options examined")
                } else {
                    let work = certifier.work() as f64;
                    format!("the --work cap stops at {work:.1e} options examined")
                };
                eprintln!(
                    "note: no period within {} values: {why}; --upto N computes exactly N values",
                    certifier.len()
                );
            }
            found
        }
    };
    let values = run.values.then(|| certifier.values());
    write_result(game, &progress, certifier.len(), period, values, out)
}

/// Bytes a bitset run of `len` values of the subtraction game `set` may take at most: the
/// values (4 bytes each), the rows (`grundy::bitset_grundy::ROW_BYTES` at most, and no more
/// than a row of len/4 bytes for each possible value) and the certification's scratch table.
pub fn bitset_bytes(set: &[usize], len: usize) -> u64 {
    let top = set.iter().copied().max().unwrap_or(0);
    let rows = (grundy::bitset_grundy::ROW_BYTES as u64)
        .min((set.len() as u64 + 1) * (len as u64 / 4 + 16));
    let rule = PeriodRule::window(top);
    4 * len as u64 + rows + (top / 8) as u64 + scratch_bytes(len, rule) as u64 + (1 << 20)
}

/// `--upto N` of a subtraction game with `Auto`: the bitset engine
/// (`grundy::bitset_grundy::Engine`), the same values and lines as the octal engine's.
fn subtraction_by_bitsets(
    game: &Game,
    set: &[usize],
    n: usize,
    run: &Plan,
    out: &mut dyn Write,
) -> Result<(), String> {
    let mut engine =
        grundy::bitset_grundy::Engine::new(set).map_err(|e| format!("bad subtraction set: {e}"))?;
    engine.reserve(n);
    let mut sorted = set.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut values: Vec<u32> = Vec::with_capacity(n);
    // The options the values stand for, as the octal engine counts its work.
    let mut work = 0u64;
    let mut progress = ProgressLine::new();
    while values.len() < n {
        let from = values.len();
        let step = (from + (from / 8).max(1024)).min(n);
        engine.extend(&mut values, step);
        work += (from..step)
            .map(|m| sorted.partition_point(|&s| s <= m) as u64)
            .sum::<u64>();
        progress.report(values.len(), work, || best_candidate(&values, game.rule));
    }
    let period = certify(&values, game.rule);
    let shown = run.values.then_some(values.as_slice());
    write_result(game, &progress, values.len(), period, shown, out)
}

/// The time on stderr and the result lines on `out`.
fn write_result<T: std::fmt::Display>(
    game: &Game,
    progress: &ProgressLine,
    len: usize,
    period: Option<grundy::periodicity::Period>,
    values: Option<&[T]>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let elapsed = progress.start.elapsed().as_secs_f64();
    eprintln!(
        "time: {elapsed:.2} s for {len} values ({:.0} values/s)",
        len as f64 / elapsed.max(1e-9)
    );
    let mut write = || -> std::io::Result<()> {
        writeln!(out, "game: {}", game.name())?;
        writeln!(out, "computed: {len} values")?;
        match period {
            Some(p) => {
                writeln!(out, "period: {}", p.period)?;
                writeln!(out, "preperiod: {}", p.preperiod)?;
            }
            None => writeln!(out, "period: none")?,
        }
        if let Some(set) = &game.set {
            let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
            writeln!(out, "set: {}", set.join(","))?;
        }
        if let Some(values) = values {
            testkit::values::write_values_line(out, values.iter())?;
        }
        out.flush()
    };
    write().map_err(|e| format!("cannot write the output: {e}"))
}

/// Progress lines on stderr, at most one every two seconds: values, values/s (since the last
/// line), options examined, time, and the candidate period with the time to its proof at the
/// current rate.
struct ProgressLine {
    start: Instant,
    last: Instant,
    last_len: usize,
}

impl ProgressLine {
    fn new() -> Self {
        ProgressLine {
            start: Instant::now(),
            last: Instant::now(),
            last_len: 0,
        }
    }

    /// Reports `len` values and what `more()` says (only called when a line is due).
    fn report_line(&mut self, len: usize, more: impl FnOnce() -> String) {
        let since = self.last.elapsed().as_secs_f64();
        if since < 2.0 {
            return;
        }
        let rate = len.saturating_sub(self.last_len) as f64 / since;
        self.last = Instant::now();
        self.last_len = len;
        let elapsed = self.start.elapsed().as_secs_f64();
        eprintln!(
            "... {len} values, {rate:.0} values/s, {elapsed:.1} s, {}",
            more()
        );
    }

    /// Reports `len` values and `work` options, with the candidate `candidate()` gives (only
    /// called when a line is due, as it may scan the values).
    fn report(&mut self, len: usize, work: u64, candidate: impl FnOnce() -> Option<Candidate>) {
        let since = self.last.elapsed().as_secs_f64();
        if since < 2.0 {
            return;
        }
        let rate = len.saturating_sub(self.last_len) as f64 / since;
        self.last = Instant::now();
        self.last_len = len;
        let elapsed = self.start.elapsed().as_secs_f64();
        let heading = match candidate() {
            Some(c) if c.required_len > len && rate > 0.0 => format!(
                ", candidate period {} from {} (proved at {} values, about {:.0} s from here)",
                c.period.period,
                c.period.preperiod,
                c.required_len,
                (c.required_len - len) as f64 / rate
            ),
            Some(c) => format!(
                ", candidate period {} from {} (proved at {} values)",
                c.period.period, c.period.preperiod, c.required_len
            ),
            None => String::new(),
        };
        eprintln!(
            "... {len} values, {rate:.0} values/s, {work:.1e} options, {elapsed:.1} s{heading}",
            work = work as f64
        );
    }
}

#[cfg(test)]
mod tests;
