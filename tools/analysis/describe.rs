//! `grundy describe`: reads values (or a table), prints their pattern and, with `--extend N`,
//! the rule [`grundy::pattern::guess`] finds and N values it gives; `--svg FILE` draws them.
//!
//! Input: whitespace-separated non-negative integers, one table row per line. Lines of the
//! form `key: value` (the analyzer's `game:`, `computed:`, `period:` lines) are skipped, and a
//! `values:` line gives its values, so `grundy octal … --values` can be piped in as it is; when
//! there is a `values:` line, every other line is skipped (a test runner's chatter around it).
//!
//! Honest words: a rule read off the values alone is a conjecture, and the output says so
//! (`conjectured from N values: …`, `extension (conjecture from N values): …`), however well
//! it predicted the held-out values. Only a game the analyzer knows is proved: when the input
//! names an octal game (the analyzer's `game: 0.07` line) or a subtraction game (its `set:
//! 1,2,3` line), `describe` computes the game, checks that the values given are its values,
//! and proves its period by the periodicity theorem ([`grundy::periodicity::certify`]) from
//! the values given or, when they are too few, from values it computes further: the output
//! says `proved: …` with the prefix the theorem needs, and the extension is
//! `extension (proved): …`.

use crate::analyzer::Game;
use grundy::octal::{BitSliced, Certifier, Limits, OctalCode};
use grundy::pattern::{self, guess, guess_table, Refusal};
use grundy::periodicity::{certify, Period};
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use testkit::values::values_part;

/// The largest input read, in bytes: about 20 million values.
pub const MAX_INPUT: u64 = 1 << 28;
/// The most values `--extend` prints for a sequence.
pub const MAX_EXTEND: usize = 10_000_000;
/// The most rows (and columns) `--extend` prints for a table.
pub const MAX_TABLE_EXTEND: usize = 4096;
/// Exit status when `--extend` was asked for and no rule is claimed.
pub const NO_RULE: i32 = 3;

/// What `describe` was asked for.
#[derive(Debug, Default, Clone)]
pub struct Request {
    /// The file to read; standard input when `None`.
    pub file: Option<PathBuf>,
    /// Read a table, one row per line.
    pub table: bool,
    /// Print this many values (or rows and columns) from the rule.
    pub extend: Option<usize>,
    /// Draw the values to this SVG file.
    pub svg: Option<PathBuf>,
}

/// The text to print and the exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// Standard output.
    pub text: String,
    /// 0, or [`NO_RULE`] when an extension was asked for and no rule is claimed.
    pub status: i32,
}

/// Reads the input text: from the file, or standard input; refuses more than [`MAX_INPUT`].
fn read_input(file: Option<&Path>) -> Result<String, String> {
    let mut bytes = Vec::new();
    let read = match file {
        Some(path) => std::fs::File::open(path)
            .and_then(|f| f.take(MAX_INPUT + 1).read_to_end(&mut bytes))
            .map_err(|e| format!("cannot read {}: {e}", path.display())),
        None => std::io::stdin()
            .lock()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read the values: {e}")),
    };
    read?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(format!(
            "the input is larger than {} MiB: describe at most about 20 million values",
            MAX_INPUT >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| "the input is not UTF-8 text".to_string())
}

/// Rows of values: `key: value` lines skipped, a `values:` line's values kept. When some line
/// starts with `values:`, only those lines are read (so the output of a test that prints them,
/// with the test runner's own lines around, can be piped in as it is).
pub fn parse_rows(text: &str) -> Result<Vec<Vec<u64>>, String> {
    let mut rows = Vec::new();
    let only_values = text.lines().any(|l| values_part(l).is_some());
    for (number, line) in text.lines().enumerate() {
        let numbers = match values_part(line) {
            Some(numbers) => numbers,
            None if only_values => continue,
            // A `key: value` line of a report.
            None if line
                .split_whitespace()
                .next()
                .is_some_and(|first| first.ends_with(':')) =>
            {
                continue
            }
            None => line,
        };
        let row: Result<Vec<u64>, String> = numbers
            .split_whitespace()
            .map(|token| {
                token.parse::<u64>().map_err(|_| {
                    let shown: String = token.chars().take(20).collect();
                    let more = if token.chars().count() > 20 {
                        "…"
                    } else {
                        ""
                    };
                    format!(
                        "line {}: `{shown}{more}` is not a non-negative integer",
                        number + 1
                    )
                })
            })
            .collect();
        let row = row?;
        if !row.is_empty() {
            rows.push(row);
        }
    }
    Ok(rows)
}

/// Runs `describe` for a request: the text to print and the exit status.
pub fn describe(request: &Request) -> Result<Answer, String> {
    if let Some(n) = request.extend {
        let limit = if request.table {
            MAX_TABLE_EXTEND
        } else {
            MAX_EXTEND
        };
        if n > limit {
            return Err(format!("--extend: at most {limit} (asked for {n})"));
        }
    }
    let text = read_input(request.file.as_deref())?;
    let rows = parse_rows(&text)?;
    if rows.iter().all(Vec::is_empty) {
        return Err(
            "no values to describe: the input holds no numbers (pipe in a `values:` line or numbers separated by spaces)"
                .to_string(),
        );
    }
    if request.table {
        describe_table(&rows, request)
    } else {
        let values: Vec<u64> = rows.into_iter().flatten().collect();
        describe_sequence(&values, named_game(&text), request)
    }
}

/// Appends `rule: none`, `why: …` and the nearest miss; the status: [`NO_RULE`] when an
/// extension was asked for.
fn refused(out: &mut String, refusal: &Refusal, request: &Request) -> i32 {
    *out += "rule: none\n";
    writeln!(out, "why: {}", refusal.reason).expect("a String");
    if let Some(nearest) = &refusal.nearest {
        writeln!(out, "nearest miss: {nearest}").expect("a String");
    }
    if request.extend.is_some() {
        NO_RULE
    } else {
        0
    }
}

/// The game the input names (the analyzer's output), with its name in words: a `set: 1,3,4`
/// line names a subtraction game, a `game: CODE` line an octal game (a subtraction game's
/// `game:` line is its octal code; a long code's is shortened and names nothing).
fn named_game(text: &str) -> Option<(Game, String)> {
    let from_set = text
        .lines()
        .find_map(|l| l.strip_prefix("set:"))
        .and_then(|set| {
            let set: Option<Vec<usize>> = set.split(',').map(|s| s.trim().parse().ok()).collect();
            let set = set?;
            let game = Game::subtraction(&set).ok()?;
            let shown: Vec<String> = set.iter().map(|s| s.to_string()).collect();
            Some((game, format!("subtraction game {{{}}}", shown.join(", "))))
        });
    from_set.or_else(|| {
        text.lines()
            .find_map(|l| l.strip_prefix("game:"))
            .and_then(|code| code.trim().parse::<OctalCode>().ok())
            .map(|code| {
                let name = format!("octal game {code}");
                (Game::octal(code), name)
            })
    })
}

/// The most values `describe` computes itself to prove a named game's period.
pub const PROOF_VALUES: usize = 1 << 22;
/// The most options it examines for that (a fraction of a second).
pub const PROOF_WORK: u64 = 20_000_000;

/// What the periodicity theorem says about a named game and the values given.
enum Proof {
    /// Its period: the values it rests on (the given ones, or more computed here), and how
    /// many the theorem needs.
    Proved {
        period: Period,
        needed: usize,
        values: Vec<u64>,
        computed: bool,
    },
    /// The values are not the game's: the first n where they differ, the game's value there.
    Differs { n: usize, game: u64 },
    /// No period within the values computed here.
    Unproved { computed: usize },
}

/// Proves the named game's period: the game is computed here (at most [`PROOF_VALUES`] values
/// and [`PROOF_WORK`] options), its first values must be the ones given (the theorem speaks of
/// the game's values, not of any values), and the period is proved from the values given when
/// they suffice, else from the game's further values.
fn prove(values: &[u64], game: &Game) -> Proof {
    let mut certifier = Certifier::with_rule(BitSliced::new(game.code.clone()), game.rule);
    // The values a proof rests on must be the game's: the prefix the theorem needs when the
    // values given prove a period (the rest repeat it, as the game's do), else all of them.
    let given_proof = certify(values, game.rule).map(|period| {
        let needed = game.rule.required_len(period.preperiod, period.period);
        (period, needed.min(values.len()))
    });
    let compared = given_proof.map_or(values.len().min(PROOF_VALUES), |(_, needed)| needed);
    if certifier.extend_to(compared).is_err() {
        return Proof::Unproved {
            computed: certifier.len(),
        };
    }
    if let Some(n) = (0..compared).find(|&n| u64::from(certifier.values()[n]) != values[n]) {
        return Proof::Differs {
            n,
            game: u64::from(certifier.values()[n]),
        };
    }
    if let Some((period, needed)) = given_proof {
        return Proof::Proved {
            period,
            needed,
            values: values[..needed].to_vec(),
            computed: false,
        };
    }
    let limits = Limits::up_to(PROOF_VALUES.max(compared)).with_work(PROOF_WORK);
    match certifier.run(limits, |_| {}) {
        Ok(Some(period)) => Proof::Proved {
            period,
            needed: certifier.len(),
            values: certifier.values().iter().map(|&v| u64::from(v)).collect(),
            computed: true,
        },
        _ => Proof::Unproved {
            computed: certifier.len(),
        },
    }
}

/// `G(n) = A[(n - e) mod p], A = …` for a proved period over `values`.
fn period_formula(values: &[u64], period: Period) -> String {
    let (e, p) = (period.preperiod, period.period);
    let cycle = pattern_list(&values[e..e + p]);
    if e == 0 {
        format!("G(n) = A[n mod {p}], A = {cycle}")
    } else {
        format!(
            "G(n) = A[(n - {e}) mod {p}], A = {cycle} for n >= {e}; G(0..{}) = {}",
            e - 1,
            pattern_list(&values[..e])
        )
    }
}

fn pattern_list(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Describes a sequence of values: its pattern, then the named game's proved period when
/// `game` is given and proves one, else the guessed rule as a conjecture (or why none).
fn describe_sequence(
    values: &[u64],
    game: Option<(Game, String)>,
    request: &Request,
) -> Result<Answer, String> {
    if values.len() >= 1_000_000 {
        // From a million values on the wait is noticeable: say so before it, not after.
        eprintln!(
            "... {} values read; describing them takes about a second per million",
            values.len()
        );
    }
    let d = pattern::describe(values);
    let mut out = format!("count: {}\n{d}", values.len());
    let guessed = guess(values);
    let proof = game
        .as_ref()
        .map(|(game, name)| (prove(values, game), name));
    match proof {
        Some((
            Proof::Proved {
                period,
                needed,
                values: known,
                computed,
            },
            name,
        )) => {
            let proved = Proved {
                period,
                needed,
                known: &known,
                computed,
                name,
            };
            write_proved(&mut out, values, &proved, &guessed, request);
            return finish(out, 0, values, d.pattern, request);
        }
        Some((Proof::Differs { n, game }, name)) => writeln!(
            out,
            "note: these are not the values of the {name}: G({n}) = {} where the game gives {game}; not proved",
            values[n]
        )
        .expect("a String"),
        Some((Proof::Unproved { computed }, name)) => writeln!(
            out,
            "note: the {name} shows no period the periodicity theorem proves within {computed} values (computed here); not proved"
        )
        .expect("a String"),
        None => {}
    }
    let status = write_conjecture(&mut out, values, guessed, request);
    finish(out, status, values, d.pattern, request)
}

/// A named game's proved period, as [`Proof::Proved`] gives it.
struct Proved<'a> {
    period: Period,
    needed: usize,
    /// The values the proof rests on.
    known: &'a [u64],
    computed: bool,
    /// The game's name.
    name: &'a str,
}

/// Writes the proved rule (the guessed formula when it is that rule, else the period's), the
/// `proved:` line and the extension by the period.
fn write_proved(
    out: &mut String,
    values: &[u64],
    proved: &Proved,
    guessed: &Result<pattern::Guess, Refusal>,
    request: &Request,
) {
    let (period, known, name) = (proved.period, proved.known, proved.name);
    let (p, e) = (period.period, period.preperiod);
    let by_period = |n: u64| known[period.representative(n)];
    // The guessed formula reads better, when it is the proved rule.
    let far = known.len() as u64 * 4 + e as u64 + 4 * p as u64;
    match guessed {
        Ok(found) if (0..far).all(|n| found.rule.value(n) == by_period(n)) => {
            writeln!(out, "rule: {}", found.rule).expect("a String")
        }
        _ => writeln!(out, "rule: {}", period_formula(known, period)).expect("a String"),
    }
    let rest = if proved.computed {
        ", the rest computed here"
    } else {
        ""
    };
    writeln!(
        out,
        "proved: the {name} has period {p} after preperiod {e} (the periodicity theorem needs {} values; {} given{rest})",
        proved.needed,
        values.len()
    )
    .expect("a String");
    write_extension(out, request, "proved", &by_period);
}

/// Writes the guessed rule as a conjecture and its extension, or why there is none; the exit
/// status.
fn write_conjecture(
    out: &mut String,
    values: &[u64],
    guessed: Result<pattern::Guess, Refusal>,
    request: &Request,
) -> i32 {
    match guessed {
        Ok(found) => {
            writeln!(out, "rule: {}", found.rule).expect("a String");
            writeln!(
                out,
                "conjectured from {} values: fitted on the first {}, predicted the last {} exactly; not proved",
                values.len(),
                found.fitted,
                found.held_out
            )
            .expect("a String");
            let label = format!("conjecture from {} values", values.len());
            write_extension(out, request, &label, &|n| found.rule.value(n));
            0
        }
        Err(refusal) => refused(out, &refusal, request),
    }
}

/// The `extension (LABEL):` line of the first `--extend` values, when asked for.
fn write_extension(out: &mut String, request: &Request, label: &str, value: &dyn Fn(u64) -> u64) {
    if let Some(n) = request.extend {
        write!(out, "extension ({label}):").expect("a String");
        for v in 0..n as u64 {
            write!(out, " {}", value(v)).expect("a String");
        }
        out.push('\n');
    }
}

/// Draws the picture if asked for, and the answer.
fn finish(
    mut out: String,
    status: i32,
    values: &[u64],
    period: Option<pattern::Pattern>,
    request: &Request,
) -> Result<Answer, String> {
    if let Some(path) = &request.svg {
        crate::plot::sequence(path, values, period)?;
        writeln!(out, "svg: {}", path.display()).expect("a String");
    }
    Ok(Answer { text: out, status })
}

fn describe_table(rows: &[Vec<u64>], request: &Request) -> Result<Answer, String> {
    if let Some(bad) = rows.iter().position(|r| r.len() != rows[0].len()) {
        return Err(format!(
            "row {} has {} values, row 1 has {}: a table's rows must be equally long",
            bad + 1,
            rows[bad].len(),
            rows[0].len()
        ));
    }
    let d = pattern::describe_table(rows);
    let show = |p: Option<(usize, usize)>| match p {
        Some((p, e)) => format!("{p} (from {e})"),
        None => "none".to_string(),
    };
    let mut out = format!(
        "rows: {}\ncolumns: {}\nrow period: {}\ncolumn period: {}\np-position row period: {}\np-position column period: {}\n{}",
        rows.len(),
        rows.first().map_or(0, Vec::len),
        show(d.row_period),
        show(d.column_period),
        show(d.p_row_period),
        show(d.p_column_period),
        d.rendered
    );
    let mut status = 0;
    match guess_table(rows) {
        Ok(found) => {
            writeln!(out, "rule: {}", found.rule).expect("a String");
            writeln!(
                out,
                "conjectured from {} cells: fitted on {}, predicted the other {} exactly; not proved",
                found.fitted + found.held_out,
                found.fitted,
                found.held_out
            )
            .expect("a String");
            if let Some(n) = request.extend {
                writeln!(
                    out,
                    "table (conjecture from {} cells):",
                    found.fitted + found.held_out
                )
                .expect("a String");
                for x in 0..n as u64 {
                    let row: Vec<String> = (0..n as u64)
                        .map(|y| found.rule.value(x, y).to_string())
                        .collect();
                    out += &row.join(" ");
                    out.push('\n');
                }
            }
        }
        Err(refusal) => status = refused(&mut out, &refusal, request),
    }
    if let Some(path) = &request.svg {
        crate::plot::table(path, rows)?;
        writeln!(out, "svg: {}", path.display()).expect("a String");
    }
    Ok(Answer { text: out, status })
}
