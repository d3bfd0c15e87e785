//! Observed periods of a sequence or a table (see [`super`]).

use super::periodic::preperiods;
use std::fmt;

/// A pattern must hold over at least this many periods beyond its preperiod.
pub const MIN_REPEATS: usize = 3;
/// … and over at least this many values.
pub const MIN_SPAN: usize = 24;

/// An observed (arithmetic) period: G(n + period) = G(n) + saltus for every n >= preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The period p >= 1.
    pub period: usize,
    /// The preperiod e: the first index from which the rule holds.
    pub preperiod: usize,
    /// The saltus s: 0 for plain periodicity.
    pub saltus: u64,
}

/// What [`describe`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// How many values were read.
    pub len: usize,
    /// The shortest observed period, if any.
    pub pattern: Option<Pattern>,
    /// The P-positions: every n with G(n) = 0 in the data.
    pub p_positions: Vec<usize>,
    /// The largest value and its first index (`None` for no values).
    pub max: Option<(u64, usize)>,
    /// The longest run repeated later: (length, first start, second start).
    pub longest_repeat: (usize, usize, usize),
}

impl Description {
    /// The P-positions as a rule: residues modulo the period from the preperiod on, and the
    /// exceptions before it; or the list itself when there is no plain period.
    ///
    /// ```
    /// let take3: Vec<u64> = (0..40).map(|n| n % 4).collect();
    /// assert_eq!(grundy::pattern::describe(&take3).p_rule(), "n % 4 == 0");
    /// ```
    pub fn p_rule(&self) -> String {
        let list = |positions: &[usize]| {
            positions
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let pattern = match self.pattern {
            Some(p) if p.saltus == 0 => p,
            _ => {
                return if self.p_positions.is_empty() {
                    "none".to_string()
                } else {
                    list(&self.p_positions)
                }
            }
        };
        let (e, p) = (pattern.preperiod, pattern.period);
        let residues: Vec<usize> = {
            let mut r: Vec<usize> = self
                .p_positions
                .iter()
                .filter(|&&n| n >= e)
                .map(|&n| n % p)
                .collect();
            r.sort_unstable();
            r.dedup();
            r
        };
        // When every n below the preperiod with a listed residue is a P-position too, the
        // residue rule holds from 0 and only the other P-positions are exceptions.
        let from_zero = (0..e.min(self.len))
            .filter(|n| residues.contains(&(n % p)))
            .all(|n| self.p_positions.binary_search(&n).is_ok());
        let before: Vec<usize> = self
            .p_positions
            .iter()
            .copied()
            .filter(|&n| n < e && !(from_zero && residues.contains(&(n % p))))
            .collect();
        let mut rule = match residues.len() {
            0 => "none".to_string(),
            1 => format!("n % {} == {}", p, residues[0]),
            _ => format!(
                "n % {} in {{{}}}",
                p,
                residues
                    .iter()
                    .map(|r| r.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        if e > 0 && !residues.is_empty() && !from_zero {
            rule += &format!(", n >= {}", e);
        }
        if !before.is_empty() {
            if residues.is_empty() {
                rule = list(&before);
            } else {
                rule += &format!(", and {}", list(&before));
            }
        }
        rule
    }
}

impl fmt::Display for Description {
    /// The lines `period:`, `preperiod:`, `saltus:`, `p-positions:`, then free text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pattern {
            Some(p) => {
                writeln!(f, "period: {}", p.period)?;
                writeln!(f, "preperiod: {}", p.preperiod)?;
                writeln!(f, "saltus: {}", p.saltus)?;
            }
            None => writeln!(f, "period: none")?,
        }
        writeln!(f, "p-positions: {}", self.p_rule())?;
        match self.pattern {
            Some(p) => {
                let span = self.len - p.preperiod;
                write!(
                    f,
                    "observed over the last {} of {} values ({:.1} periods)",
                    span,
                    self.len,
                    span as f64 / p.period as f64
                )?;
                if p.saltus > 0 {
                    write!(f, "; G(n + {}) = G(n) + {}", p.period, p.saltus)?;
                }
                writeln!(f)
            }
            None => {
                let (len, a, b) = self.longest_repeat;
                write!(
                    f,
                    "no pattern: no period holds over {} periods and {} values in {} values",
                    MIN_REPEATS, MIN_SPAN, self.len
                )?;
                if let Some((max, at)) = self.max {
                    write!(f, "; largest value {} at n = {}", max, at)?;
                }
                writeln!(
                    f,
                    "; longest repeated run {} values (n = {} and {})",
                    len, a, b
                )
            }
        }
    }
}

/// The smallest preperiod from which G(n + p) = G(n) + s holds to the end, for the saltus the
/// data's last period shows (`preperiod` from [`preperiods`]); `None` if the saltus would be
/// negative.
fn fit(values: &[u64], preperiod: &[usize], p: usize) -> Option<Pattern> {
    let last = values.len() - 1;
    let saltus = values[last].checked_sub(values[last - p])?;
    Some(Pattern {
        period: p,
        preperiod: preperiod[p],
        saltus,
    })
}

/// Describes a sequence of values: its shortest observed period, P-positions, and more.
///
/// ```
/// use grundy::pattern::describe;
/// // G(n) = n / 3: arithmetic periodicity, period 3, saltus 1.
/// let values: Vec<u64> = (0..60).map(|n| n / 3).collect();
/// let d = describe(&values);
/// let p = d.pattern.unwrap();
/// assert_eq!((p.period, p.preperiod, p.saltus), (3, 0, 1));
/// assert_eq!(d.p_rule(), "0 1 2");
/// ```
///
/// # Constraints
/// A pattern is reported only when it holds over [`MIN_REPEATS`] periods and [`MIN_SPAN`]
/// values; shorter data describes no pattern.
///
/// # Complexity
/// O(N) to find the period (one Z-function pass gives every candidate's preperiod), and
/// O(N log N) for the longest repeated run when no period fits.
pub fn describe(values: &[u64]) -> Description {
    let n = values.len();
    let mut pattern = None;
    let preperiod = preperiods(values);
    for p in 1..=n / MIN_REPEATS {
        if let Some(candidate) = fit(values, &preperiod, p) {
            let span = n - candidate.preperiod;
            if span >= MIN_REPEATS * p && span >= MIN_SPAN {
                pattern = Some(candidate);
                break;
            }
        }
    }
    let p_positions = (0..n).filter(|&i| values[i] == 0).collect();
    let max =
        values
            .iter()
            .enumerate()
            .fold(None, |best: Option<(u64, usize)>, (i, &v)| match best {
                Some((m, _)) if m >= v => best,
                _ => Some((v, i)),
            });
    let longest_repeat = if pattern.is_some() {
        (0, 0, 0)
    } else {
        longest_repeated_run(values)
    };
    Description {
        len: n,
        pattern,
        p_positions,
        max,
        longest_repeat,
    }
}

/// The longest run of values that occurs again later: (length, start, later start).
///
/// A run that repeats has repeating sub-runs, so the length is found by doubling, then
/// bisecting, each length tested by hashing every window: O(N log L) for the answer L, where
/// comparing every shift with every other would be quadratic, too slow for the millions of
/// values `describe` accepts.
fn longest_repeated_run(values: &[u64]) -> (usize, usize, usize) {
    let mut best = (0, 0, 0);
    let (mut low, mut high) = (0usize, values.len());
    // Doubling: low repeats, high does not.
    let mut len = 1;
    while len < high {
        match repeated_window(values, len) {
            Some((a, b)) => {
                best = (len, a, b);
                low = len;
                len *= 2;
            }
            None => high = len,
        }
    }
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        match repeated_window(values, mid) {
            Some((a, b)) => {
                best = (mid, a, b);
                low = mid;
            }
            None => high = mid,
        }
    }
    best
}

/// Two starts a < b of equal windows of length `len`, if any: the first window that equals
/// an earlier one. Windows are compared by a rolling hash, then element by element.
fn repeated_window(values: &[u64], len: usize) -> Option<(usize, usize)> {
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let mix = |v: u64| v.wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (v >> 31);
    let top = (0..len).fold(1u64, |acc, _| acc.wrapping_mul(BASE));
    let mut seen: std::collections::HashMap<u64, usize> =
        std::collections::HashMap::with_capacity(values.len());
    let mut hash = 0u64;
    for end in 0..values.len() {
        hash = hash.wrapping_mul(BASE).wrapping_add(mix(values[end]));
        if end >= len {
            hash = hash.wrapping_sub(top.wrapping_mul(mix(values[end - len])));
        }
        if end + 1 < len {
            continue;
        }
        let start = end + 1 - len;
        match seen.get(&hash) {
            // A hash collision of different windows (rare) only hides this pair.
            Some(&a) if values[a..a + len] == values[start..=end] => return Some((a, start)),
            Some(_) => {}
            None => {
                seen.insert(hash, start);
            }
        }
    }
    None
}

/// What [`describe_table`] found in a table of values over two parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableDescription {
    /// Rows r and r + p are equal for every r >= preperiod: (period, preperiod).
    pub row_period: Option<(usize, usize)>,
    /// Columns likewise.
    pub column_period: Option<(usize, usize)>,
    /// The P-positions alone (value 0 or not): rows' (period, preperiod).
    pub p_row_period: Option<(usize, usize)>,
    /// The P-positions alone: columns' (period, preperiod).
    pub p_column_period: Option<(usize, usize)>,
    /// The table with P-positions (value 0) marked `P`, one line per row.
    pub rendered: String,
}

/// Describes a table `rows[i][j]` (all rows of equal length): the periods of its rows and
/// columns, of its values and of its P-positions alone, and a rendering with the P-positions
/// marked. A finite board's far edges break periods that hold inside it: crop them off.
///
/// ```
/// use grundy::pattern::describe_table;
/// // Two-heap Nim restricted to heaps below 8, values (i + j) % 2: period 2 both ways.
/// let rows: Vec<Vec<u64>> = (0..30).map(|i| (0..30).map(|j| ((i + j) % 2) as u64).collect()).collect();
/// let d = describe_table(&rows);
/// assert_eq!(d.row_period, Some((2, 0)));
/// assert_eq!(d.column_period, Some((2, 0)));
/// assert!(d.rendered.starts_with("P 1 P 1"));
/// ```
///
/// # Panics
/// If the rows differ in length.
///
/// # Complexity
/// O(rows · columns · candidate periods).
pub fn describe_table(rows: &[Vec<u64>]) -> TableDescription {
    let width = rows.first().map_or(0, Vec::len);
    assert!(
        rows.iter().all(|r| r.len() == width),
        "describe_table: rows of different lengths"
    );
    let columns: Vec<Vec<u64>> = (0..width)
        .map(|j| rows.iter().map(|r| r[j]).collect())
        .collect();
    let cell_width = rows
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let rendered = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|&v| {
                    let cell = if v == 0 {
                        "P".to_string()
                    } else {
                        v.to_string()
                    };
                    format!("{:>w$}", cell, w = cell_width)
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let mask = |lines: &[Vec<u64>]| -> Vec<Vec<u64>> {
        lines
            .iter()
            .map(|l| l.iter().map(|&v| u64::from(v == 0)).collect())
            .collect()
    };
    TableDescription {
        row_period: line_period(rows),
        column_period: line_period(&columns),
        p_row_period: line_period(&mask(rows)),
        p_column_period: line_period(&mask(&columns)),
        rendered,
    }
}

/// The shortest period of a list of lines (with its preperiod), held over [`MIN_REPEATS`]
/// periods.
fn line_period(lines: &[Vec<u64>]) -> Option<(usize, usize)> {
    let n = lines.len();
    (1..=n / MIN_REPEATS).find_map(|p| {
        let mut e = n - p;
        while e > 0 && lines[e - 1 + p] == lines[e - 1] {
            e -= 1;
        }
        (n - e >= MIN_REPEATS * p).then(|| (p, e))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::{RareValue, Solver};

    fn octal_values(code: &str, n: usize) -> Vec<u64> {
        let mut game = RareValue::new(code.parse().unwrap());
        game.extend_to(n).unwrap();
        game.values().iter().map(|&v| u64::from(v)).collect()
    }

    #[test]
    fn dawsons_kayles_in_400_values() {
        let d = describe(&octal_values("0.07", 400));
        assert_eq!(
            d.pattern,
            Some(Pattern {
                period: 34,
                preperiod: 53,
                saltus: 0
            })
        );
        // Every residue of a P-position after 53, plus the exceptions before it.
        let rule = d.p_rule();
        // The residues hold from 0 on (5, 9, 21, … are P-positions too), so only 0 1 15 35
        // are exceptions.
        assert_eq!(rule, "n % 34 in {5, 9, 21, 25, 29}, and 0 1 15 35");
        // A preperiod whose residue positions are not all P keeps its bound.
        let mut values: Vec<u64> = (0..40).map(|n| n % 4).collect();
        values[4] = 7;
        values[1] = 0;
        let d = describe(&values);
        assert_eq!(d.pattern.map(|p| p.preperiod), Some(5));
        assert_eq!(d.p_rule(), "n % 4 == 0, n >= 5, and 0 1");
    }

    #[test]
    fn take_one_to_three_and_arithmetic_periods() {
        let take3: Vec<u64> = (0..40).map(|n| n % 4).collect();
        let d = describe(&take3);
        assert_eq!(d.p_rule(), "n % 4 == 0");
        assert_eq!(d.to_string().lines().next(), Some("period: 4"));
        let thirds: Vec<u64> = (0..90).map(|n| n / 3).collect();
        let text = describe(&thirds).to_string();
        assert!(
            text.starts_with("period: 3\npreperiod: 0\nsaltus: 1\np-positions: 0 1 2\n"),
            "{text}"
        );
    }

    #[test]
    fn officers_show_no_pattern() {
        let d = describe(&octal_values("0.6", 2000));
        assert_eq!(d.pattern, None);
        let text = d.to_string();
        assert!(text.starts_with("period: none\n"), "{text}");
        assert!(
            text.contains("no pattern:") && text.contains("longest repeated run"),
            "{text}"
        );
    }

    #[test]
    fn short_data_claims_nothing() {
        // Three values that look periodic are not evidence.
        assert_eq!(describe(&[0, 1, 0, 1, 0]).pattern, None);
        assert_eq!(describe(&[]).pattern, None);
    }

    #[test]
    fn knight_table_periods() {
        // Inside a 40 × 40 board (its far edges cropped), the P-positions repeat every 4 rows
        // and columns, while the values carry a diagonal band and have no row period.
        let table: Vec<Vec<u64>> = crate::knights::knight_table(40)
            .iter()
            .take(32)
            .map(|r| r.iter().take(32).map(|&v| u64::from(v)).collect())
            .collect();
        let d = describe_table(&table);
        assert!(d.rendered.starts_with("P P 1 1 P P"), "{}", d.rendered);
        assert_eq!(
            (d.p_row_period, d.p_column_period),
            (Some((4, 0)), Some((4, 0)))
        );
        assert_eq!(d.row_period, None);
    }
}
