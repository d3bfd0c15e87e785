//! The `grundy octal` and `grundy subtraction` runs: which method, how far (work and memory),
//! the progress lines on stderr and the result lines on stdout.

use crate::threads::TwoCores;
use grundy::octal::{BitSliced, Certifier, Limits, Naive, OctalCode, Progress, RareValue, Solver};
use grundy::periodicity::{best_candidate, certify, scratch_bytes, Candidate, PeriodRule};
use std::io::Write;
use std::time::Instant;

/// The tables `Auto`'s method (`grundy::octal::BitSliced`) allocates once it is used, whatever
/// the length: a byte a value for each of 16 heaps, the scan's flags and masks (about 2.5 MiB
/// in all, as its documentation says; rounded up).
pub const BIT_SLICED_TABLES: u64 = 3 << 20;

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

/// A size in bytes for `--memory`: a number with an optional suffix `K`, `M`, `G` or `T`
/// (powers of 1024; `KiB`, `MiB`, … and `KB`, … read the same), e.g. `4G` or `512M`.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let bad =
        || format!("bad size `{text}`: expected bytes, or a number with K, M, G or T (e.g. 4G)");
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let number: u64 = t[..digits].parse().map_err(|_| bad())?;
    let shift = match t[digits..].to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(bad()),
    };
    number.checked_mul(1 << shift).ok_or_else(bad)
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
    /// ([`BIT_SLICED_TABLES`]).
    pub fn bytes_needed(&self, len: usize, method: Method) -> u64 {
        let len64 = len as u64;
        let index = match method {
            _ if !self.code.has_splits() => 0,
            Method::Naive => 0,
            Method::Auto => 2 * len64 + 5 * len64 + 3 * len64 + BIT_SLICED_TABLES,
            Method::Rare => 4 * len64,
        };
        2 * len64 + scratch_bytes(len, self.rule) as u64 + index + (1 << 20)
    }

    /// The most values whose run fits in `budget` bytes (at most [`MAX_VALUES`]).
    pub fn values_fitting(&self, budget: u64, method: Method) -> usize {
        fitting(budget, |len| self.bytes_needed(len, method))
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

/// The memory a run may use: `given` (`--memory`) or else what the system has available
/// (`MemAvailable` in `/proc/meminfo`), and in either case no more than the address-space
/// limit (`ulimit -v`) less what the process already maps. `None` where none is known.
pub fn memory_budget(given: Option<u64>) -> Option<u64> {
    let available =
        given.or_else(|| proc_field("/proc/meminfo", "MemAvailable:").map(|kb| kb * 1024));
    let limit = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("Max address space"))?;
            line["Max address space".len()..]
                .split_whitespace()
                .next()?
                .parse::<u64>()
                .ok()
        });
    let mapped = proc_field("/proc/self/status", "VmSize:").map_or(0, |kb| kb * 1024);
    let headroom = limit.map(|l| l.saturating_sub(mapped));
    match (available, headroom) {
        (Some(a), Some(h)) => Some(a.min(h)),
        (a, h) => a.or(h),
    }
}

/// [`memory_budget`] without `--memory`: free memory and `ulimit -v`.
pub fn memory_available() -> Option<u64> {
    memory_budget(None)
}

/// The number after `key` in a `/proc` file of `key value kB` lines.
fn proc_field(path: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line[key.len()..].split_whitespace().next()?.parse().ok()
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
/// `memory` is what the run may use.
///
/// # Errors
/// A one-line reason: more values than [`MAX_VALUES`] or than fit in `memory` (with the
/// memory needed and how many values fit), a failed write.
pub fn grundys_game(
    upto: usize,
    values: bool,
    memory: Option<u64>,
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
    let mut game = grundy::grundys_game::GrundysGame::new();
    let mut progress = ProgressLine::new();
    while game.values().len() < upto {
        let len = game.values().len();
        // Steps of an eighth (a multiple of 16 heaps, the block the method computes at once).
        let step = (len + (len / 8).max(1 << 16)) & !15;
        game.extend_to(step.min(upto));
        let rare = game.rare_heaps();
        let last = rare.last().map_or(0, |&r| r as usize);
        progress.report_line(game.values().len(), || {
            format!("{} rare heaps, the last {last}", rare.len())
        });
    }
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
            TwoCores::new(BitSliced::new(game.code.clone()), run.threads),
            run,
            out,
        ),
    }
}

fn analyze_with<S: Solver>(
    game: &Game,
    solver: S,
    run: &Plan,
    out: &mut dyn Write,
) -> Result<(), String> {
    let mut certifier = Certifier::with_rule(solver, game.rule);
    let mut progress = ProgressLine::new();
    let too_large = |e: grundy::octal::ValueTooLarge| e.to_string();
    let period = match run.upto {
        Some(n) => {
            within_max_values(n).map_err(|e| format!("--upto: {e}"))?;
            let needed = game.bytes_needed(n, run.method);
            if let Some(memory) = run.memory.filter(|&m| needed > m) {
                return Err(format!(
                    "--upto {n}: needs up to {} MiB, more than the {} MiB available (free memory, --memory, ulimit -v); at most {} values fit",
                    needed >> 20,
                    memory >> 20,
                    game.values_fitting(memory, run.method)
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
                Some(memory) => game.values_fitting(memory, run.method),
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
                        (game.bytes_needed(2 << 20, run.method)
                            - game.bytes_needed(1 << 20, run.method))
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

/// The allocator of the `grundy` binary: the system's, except that an allocation the system
/// refuses (memory full, `ulimit -v`) ends the process with one line `error: ...` and exit
/// status 1 instead of Rust's abort. The estimate of [`Game::bytes_needed`] refuses sizes
/// that do not fit before any work; this is the guarantee behind it.
pub struct ExitOnOutOfMemory;

/// Writes the out-of-memory line and exits, without allocating.
fn out_of_memory() -> ! {
    let _ = std::io::stderr().write_all(
        b"error: out of memory (free memory or ulimit -v): ask for fewer values or a smaller input\n",
    );
    std::process::exit(1)
}

// SAFETY: every call is passed to `System` unchanged; only a null result is acted on, and
// then the process ends.
unsafe impl std::alloc::GlobalAlloc for ExitOnOutOfMemory {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        let p = std::alloc::System.alloc(layout);
        if p.is_null() {
            out_of_memory();
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        let p = std::alloc::System.alloc_zeroed(layout);
        if p.is_null() {
            out_of_memory();
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        std::alloc::System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        let p = std::alloc::System.realloc(ptr, layout, new_size);
        if p.is_null() {
            out_of_memory();
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_counts_values_scratch_and_index() {
        let officers = Game::octal("0.6".parse().unwrap());
        let n = 1 << 20;
        // Values, z up to n/2 (4 bytes), 1 MiB of slack.
        let naive = 2 * n as u64 + 4 * (n as u64 / 2) + (1 << 20);
        assert!(officers.bytes_needed(n, Method::Naive).abs_diff(naive) < 16);
        assert_eq!(
            officers.bytes_needed(n, Method::Rare) - officers.bytes_needed(n, Method::Naive),
            4 * n as u64
        );
        // Auto: an index of at most half the positions, the bit planes, the mirrored values
        // and the fixed tables.
        assert_eq!(
            officers.bytes_needed(n, Method::Auto) - officers.bytes_needed(n, Method::Naive),
            10 * n as u64 + BIT_SLICED_TABLES
        );
        // No splits: no index; the window rule checks periods up to n.
        let nim = Game::octal("0.3".parse().unwrap());
        let expected = 2 * MAX_VALUES as u64 + 4 * MAX_VALUES as u64 + (1 << 20);
        assert!(
            nim.bytes_needed(MAX_VALUES, Method::Rare)
                .abs_diff(expected)
                < 16
        );
    }

    #[test]
    fn upto_is_capped_at_u32_max_before_memory_is_asked() {
        // The command line refuses more in its parser; `analyze` is public and checks again.
        let nim = Game::octal("0.3".parse().unwrap());
        let run = |upto| Plan {
            upto: Some(upto),
            method: Method::Auto,
            values: false,
            memory: Some(1 << 20),
            work: DEFAULT_WORK,
            threads: 2,
        };
        let mut out = Vec::new();
        let err = analyze(&nim, &run(MAX_VALUES + 1), &mut out).unwrap_err();
        assert!(
            err.starts_with("--upto: at most 4294967295 values"),
            "{err}"
        );
        // u32::MAX itself passes the cap and meets the memory check (1 MiB here), as does
        // anything past the old fixed cap of 2^28.
        let err = analyze(&nim, &run(MAX_VALUES), &mut out).unwrap_err();
        assert!(err.starts_with("--upto 4294967295: needs up to"), "{err}");
        let err = analyze(&nim, &run(300_000_000), &mut out).unwrap_err();
        assert!(
            err.starts_with(
                "--upto 300000000: needs up to 1717 MiB, more than the 1 MiB available"
            ),
            "{err}"
        );
        assert!(out.is_empty());
    }

    #[test]
    fn values_fitting_inverts_the_estimate() {
        for code in ["0.6", "0.3", "0.07"] {
            let game = Game::octal(code.parse().unwrap());
            for method in [Method::Naive, Method::Rare, Method::Auto] {
                for budget in [0, 1 << 20, 3 << 20, 1 << 30, 2 << 30, u64::MAX] {
                    let n = game.values_fitting(budget, method);
                    assert!(n <= MAX_VALUES);
                    if n > 0 {
                        assert!(game.bytes_needed(n, method) <= budget, "{code} {budget}");
                    }
                    if n < MAX_VALUES {
                        assert!(game.bytes_needed(n + 1, method) > budget, "{code} {budget}");
                    }
                }
            }
        }
        let nim = Game::octal("0.3".parse().unwrap());
        // 2^28 values of 0.3 need 1.5 GiB and the 1 MiB of slack: they do not fit in 1 GiB.
        assert!(nim.values_fitting(1 << 30, Method::Auto) < 1 << 28);
        let budget = (6 << 28) + (1 << 20);
        assert_eq!(nim.values_fitting(budget, Method::Auto), 1 << 28);
        // No fixed cap below the engine's: 4 GiB hold more than 2^28 values.
        assert!(nim.values_fitting(4 << 30, Method::Auto) > 700_000_000);
        assert_eq!(nim.values_fitting(u64::MAX, Method::Auto), MAX_VALUES);
    }

    #[test]
    fn grundys_game_is_refused_past_its_memory_naming_what_it_needs() {
        let mut out = Vec::new();
        let err = grundys_game(1 << 28, false, Some(1 << 30), &mut out).unwrap_err();
        assert_eq!(
            err,
            "--upto 268435456: needs up to 3074 MiB, more than the 1024 MiB available (free memory, --memory, ulimit -v); at most 89303722 values fit"
        );
        assert!(grundys_game_bytes(89_303_722) <= 1 << 30);
        assert!(grundys_game_bytes(89_303_723) > 1 << 30);
        assert!(out.is_empty());
        let err = grundys_game(MAX_VALUES + 1, false, None, &mut out).unwrap_err();
        assert!(
            err.starts_with("--upto: at most 4294967295 values"),
            "{err}"
        );
    }

    #[test]
    fn grundys_game_reports_its_rare_heaps() {
        let mut out = Vec::new();
        grundys_game(3000, false, Some(1 << 30), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        // A literal search: heap n splits into (a, n − a), a < n − a.
        let mut g = vec![0u16; 3000];
        for n in 3..3000 {
            let options: Vec<u16> = (1..n - n / 2).map(|a| g[a] ^ g[n - a]).collect();
            g[n] = (0..).find(|v| !options.contains(v)).unwrap();
        }
        let rare: Vec<usize> = (1..3000)
            .filter(|&n| (g[n] >> 1).count_ones() % 2 == 0)
            .collect();
        let largest_rare = rare.iter().map(|&n| g[n]).max().unwrap();
        let largest = g.iter().max().unwrap();
        assert!(
            out.contains(&format!("rare heaps: {}\n", rare.len())),
            "{out}"
        );
        let last = format!("last rare heap: {}\n", rare.last().unwrap());
        assert!(out.contains(&last), "{out}");
        let line = format!("largest rare value: {largest_rare}\nlargest value: {largest}\n");
        assert!(out.contains(&line), "{out}");
        assert!(out.contains("rare heaps past 82860: 0\n"), "{out}");
    }

    #[test]
    fn memory_sizes_are_read_with_their_units() {
        assert_eq!(parse_memory("4G"), Ok(4 << 30));
        assert_eq!(parse_memory("512M"), Ok(512 << 20));
        assert_eq!(parse_memory("512MiB"), Ok(512 << 20));
        assert_eq!(parse_memory("3kb"), Ok(3 << 10));
        assert_eq!(parse_memory("1T"), Ok(1 << 40));
        assert_eq!(parse_memory("1000"), Ok(1000));
        assert_eq!(parse_memory("7B"), Ok(7));
        for bad in ["", "G", "4X", "-1G", "4.5G", "99999999999T"] {
            let err = parse_memory(bad).unwrap_err();
            assert!(err.starts_with(&format!("bad size `{bad}`")), "{err}");
        }
    }

    #[test]
    fn a_given_memory_replaces_the_free_memory() {
        assert_eq!(memory_budget(Some(12345)), Some(12345));
        if cfg!(target_os = "linux") {
            assert_eq!(memory_budget(None), memory_available());
        }
    }

    #[test]
    fn long_codes_are_shortened_in_the_name() {
        let game = Game::octal(format!("0.{}", "7".repeat(100)).parse().unwrap());
        assert_eq!(
            game.name(),
            format!("0.{}...7777777777 (100 digits)", "7".repeat(28))
        );
        assert_eq!(Game::octal("4.07".parse().unwrap()).name(), "4.07");
    }

    #[test]
    fn memory_available_is_read_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(memory_available().is_some_and(|m| m > 1 << 20));
        }
    }
}
