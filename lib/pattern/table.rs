//! [`guess_table`]: rules for tables G(x, y) over two parameters.

use super::arith::{beatty_lower, nim_product};
use super::band::Band;
use super::guess::{guess, Refusal, Rule, MIN_VALUES};
use super::list;
use std::fmt;

/// Tables with fewer rows or columns than this are refused: a table that is a sum
/// f(x) ∘ g(y) is believed through its first column f and first row g, each a sequence the
/// one-heap guesser must believe, and that guesser takes at least [`MIN_VALUES`] values.
pub const MIN_SIDE: usize = MIN_VALUES;

/// How two per-coordinate sequences combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Combine {
    Xor,
    Sum,
    NimProduct,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum TableKind {
    /// block[x'][y'] with x' = x reduced by the row period past its preperiod, y' likewise.
    Periodic {
        block: Vec<Vec<u64>>,
        rows: (usize, usize),
        columns: (usize, usize),
    },
    /// f(x) ∘ g(y).
    Combined {
        op: Combine,
        f: Box<Rule>,
        g: Box<Rule>,
    },
    /// `mark` exactly on the pairs {a_k, a_k + d·k}, a_k the mex of the earlier pairs;
    /// 1 - `mark` elsewhere (mark 0 for outcome tables, 1 for tables of "is a P-position").
    Beatty { d: u64, mark: u64 },
    /// Periodic off a band |x - y| <= width, and along the diagonal inside it.
    Band(Band),
}

/// A rule for a table: G(x, y) for every x, y, and a formula.
///
/// ```
/// use grundy::pattern::guess_table;
/// let nim: Vec<Vec<u64>> = (0..32u64).map(|x| (0..32u64).map(|y| x ^ y).collect()).collect();
/// let rule = guess_table(&nim).unwrap().rule;
/// assert_eq!(rule.to_string(), "G(x, y) = x xor y");
/// assert_eq!(rule.value(1000, 24), 1000 ^ 24);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRule {
    kind: TableKind,
}

/// A table rule and the evidence for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGuess {
    /// The rule: it reproduces every given value.
    pub rule: TableRule,
    /// It was fitted on this many cells (a top-left block, or the first row and column)…
    pub fitted: usize,
    /// … and then predicted the other cells exactly.
    pub held_out: usize,
}

/// x reduced into [0, e + p) by the period p past the preperiod e.
fn reduce(x: u64, (p, e): (usize, usize)) -> usize {
    let (p, e) = (p as u64, e as u64);
    if x < e + p {
        x as usize
    } else {
        (e + (x - e) % p) as usize
    }
}

impl TableRule {
    /// G(x, y).
    ///
    /// # Panics
    /// For a Beatty rule, when the coordinates are so large that k²(d² + 4) passes u128
    /// (beyond about 10^18 for Wythoff's pairs).
    pub fn value(&self, x: u64, y: u64) -> u64 {
        match &self.kind {
            TableKind::Periodic {
                block,
                rows,
                columns,
            } => block[reduce(x, *rows)][reduce(y, *columns)],
            TableKind::Combined { op, f, g } => {
                let (a, b) = (f.value(x), g.value(y));
                match op {
                    Combine::Xor => a ^ b,
                    Combine::Sum => a.saturating_add(b),
                    Combine::NimProduct => nim_product(a, b),
                }
            }
            TableKind::Band(band) => band.value(x, y),
            TableKind::Beatty { d, mark } => {
                let (low, high) = (x.min(y), x.max(y));
                let gap = high - low;
                let paired = gap % d == 0
                    && beatty_lower(gap / d, *d)
                        .expect("coordinates within the Beatty rule's range")
                        == low;
                if paired {
                    *mark
                } else {
                    1 - mark
                }
            }
        }
    }

    /// The rule's family: `doubly periodic`, `xor`, `sum`, `nim product`, `band`, `beatty`.
    pub fn family(&self) -> &'static str {
        match &self.kind {
            TableKind::Periodic { .. } => "doubly periodic",
            TableKind::Combined { op, .. } => match op {
                Combine::Xor => "xor",
                Combine::Sum => "sum",
                Combine::NimProduct => "nim product",
            },
            TableKind::Beatty { .. } => "beatty",
            TableKind::Band(_) => "band",
        }
    }
}

impl fmt::Display for TableRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            TableKind::Periodic {
                block,
                rows,
                columns,
            } => {
                let index = |name: &str, (p, e): (usize, usize)| {
                    if e == 0 {
                        format!("{} mod {}", name, p)
                    } else {
                        format!(
                            "{} < {} ? {} : {} + ({} - {}) mod {}",
                            name,
                            e + p,
                            name,
                            e,
                            name,
                            e,
                            p
                        )
                    }
                };
                let rows_text: Vec<String> = block.iter().map(|r| list(r)).collect();
                write!(
                    f,
                    "G(x, y) = B[{}][{}], B = {}",
                    index("x", *rows),
                    index("y", *columns),
                    rows_text.join(" / ")
                )
            }
            TableKind::Combined { op, f: rf, g: rg } => {
                let identity = |r: &Rule| r.to_string() == "G(n) = n";
                let symbol = match op {
                    Combine::Xor => "xor",
                    Combine::Sum => "+",
                    Combine::NimProduct => "⊗ (nim product)",
                };
                if identity(rf.as_ref()) && identity(rg.as_ref()) {
                    write!(f, "G(x, y) = x {} y", symbol)
                } else {
                    write!(f, "G(x, y) = f(x) {} g(y), f: {}; g: {}", symbol, rf, rg)
                }
            }
            TableKind::Band(band) => {
                let rows_text: Vec<String> = band.block.iter().map(|r| list(r)).collect();
                let (w, p, e) = (band.width, band.period, band.start);
                write!(
                    f,
                    "G(x, y) = B[x'][y']: off the band |x - y| <= {}, reduce y (x below the band) or x (above it) to {} + (· - {}) mod {} when >= {}, then the other likewise, staying off the band; inside it, subtract {} from both while min(x, y) >= {}",
                    w,
                    e,
                    e,
                    p,
                    e + p,
                    p,
                    e + p
                )?;
                if band.saltus > 0 {
                    write!(f, ", adding {} per step", band.saltus)?;
                }
                write!(f, "; B = {}", rows_text.join(" / "))
            }
            TableKind::Beatty { d, mark } => {
                if *d == 1 {
                    write!(f, "G(x, y) = {} if {{x, y}} = {{⌊kφ⌋, ⌊kφ²⌋}} for some k >= 0 (φ = (1 + √5)/2), else {}", mark, 1 - mark)
                } else {
                    write!(f, "G(x, y) = {} if {{x, y}} = {{⌊kα⌋, ⌊kα⌋ + {}k}} for some k >= 0 (α = (2 - {} + √{})/2), else {}", mark, d, d, d * d + 4, 1 - mark)
                }
            }
        }
    }
}

/// The shortest period of lines (with its preperiod at most half), over 3 periods.
fn line_period(lines: &[Vec<u64>]) -> Option<(usize, usize)> {
    let n = lines.len();
    (1..=n / 3).find_map(|p| {
        let mut e = n - p;
        while e > 0 && lines[e - 1 + p] == lines[e - 1] {
            e -= 1;
        }
        let span = n - e;
        if span >= 3 * p && e <= span {
            Some((p, e))
        } else {
            None
        }
    })
}

/// Candidate rules, simplest first, fitted on the top-left `fit_rows` × `fit_columns` block
/// (periodic, Beatty) or on the first row and column (combined).
///
/// A combination that explains the block but whose per-coordinate sequences have no rule is
/// noted in `notes`.
fn candidates(
    rows: &[Vec<u64>],
    fit_rows: usize,
    fit_columns: usize,
    notes: &mut Vec<String>,
) -> Vec<(TableRule, usize)> {
    let block: Vec<Vec<u64>> = rows[..fit_rows]
        .iter()
        .map(|r| r[..fit_columns].to_vec())
        .collect();
    let mut found: Vec<(TableRule, usize)> = doubly_periodic(rows, &block).into_iter().collect();
    for &op in [Combine::Xor, Combine::Sum, Combine::NimProduct].iter() {
        found.extend(combined(rows, op, fit_rows, fit_columns, notes));
    }
    if let Some(band) = Band::fit(&block) {
        let cells = band.block.len() * band.block.len();
        let all = fit_rows * fit_columns;
        found.push((
            TableRule {
                kind: TableKind::Band(band),
            },
            all - cells.min(all) + cells,
        ));
    }
    found.extend(beatty(&block));
    found
}

/// The doubly periodic candidate: rows and columns of `block` (the fitting block of `rows`)
/// each periodic past a preperiod, the repeating corner of `rows` at most a third of the block.
fn doubly_periodic(rows: &[Vec<u64>], block: &[Vec<u64>]) -> Option<(TableRule, usize)> {
    let (fit_rows, fit_columns) = (block.len(), block[0].len());
    let transposed: Vec<Vec<u64>> = (0..fit_columns)
        .map(|y| block.iter().map(|r| r[y]).collect())
        .collect();
    let (r, c) = (line_period(block)?, line_period(&transposed)?);
    let base: Vec<Vec<u64>> = rows[..r.0 + r.1]
        .iter()
        .map(|row| row[..c.0 + c.1].to_vec())
        .collect();
    let cells = base.len() * base[0].len();
    if cells * 3 > fit_rows * fit_columns {
        return None;
    }
    let rule = TableRule {
        kind: TableKind::Periodic {
            block: base,
            rows: r,
            columns: c,
        },
    };
    Some((rule, fit_rows * fit_columns))
}

/// The candidate `op` of a sequence f over x and one g over y, read off the first row and
/// column (the second ones for the nim product, whose row 0 and column 0 are all 0), when it
/// explains the top-left `fit_rows` × `fit_columns` block and [`guess`] finds a rule for f
/// and for g; when only the latter fails, why goes to `notes`.
fn combined(
    rows: &[Vec<u64>],
    op: Combine,
    fit_rows: usize,
    fit_columns: usize,
    notes: &mut Vec<String>,
) -> Option<(TableRule, usize)> {
    let column: Vec<u64> = rows.iter().map(|r| r[0]).collect();
    let corner = rows[0][0];
    let (f, g): (Vec<u64>, Vec<u64>) = match op {
        Combine::Xor => (column, rows[0].iter().map(|&v| v ^ corner).collect()),
        Combine::Sum => {
            if rows[0].iter().any(|&v| v < corner) {
                return None;
            }
            (column, rows[0].iter().map(|&v| v - corner).collect())
        }
        Combine::NimProduct => {
            if rows[1][1] != 1 {
                return None;
            }
            (rows.iter().map(|r| r[1]).collect(), rows[1].clone())
        }
    };
    let combine = |a: u64, b: u64| match op {
        Combine::Xor => a ^ b,
        Combine::Sum => a.wrapping_add(b),
        Combine::NimProduct => nim_product(a, b),
    };
    let agrees = (0..fit_rows).all(|x| (0..fit_columns).all(|y| rows[x][y] == combine(f[x], g[y])));
    if !agrees {
        return None;
    }
    let name = match op {
        Combine::Xor => "f(x) xor g(y)",
        Combine::Sum => "f(x) + g(y)",
        Combine::NimProduct => "f(x) ⊗ g(y)",
    };
    let (fr, gr) = match (guess(&f), guess(&g)) {
        (Ok(fr), Ok(gr)) => (fr, gr),
        (Err(refusal), _) => {
            notes.push(format!(
                "{} explains the top-left block, but f (column 0): {}",
                name, refusal.reason
            ));
            return None;
        }
        (_, Err(refusal)) => {
            notes.push(format!(
                "{} explains the top-left block, but g (row 0): {}",
                name, refusal.reason
            ));
            return None;
        }
    };
    let rule = TableRule {
        kind: TableKind::Combined {
            op,
            f: Box::new(fr.rule),
            g: Box::new(gr.rule),
        },
    };
    Some((rule, fr.fitted + gr.fitted))
}

/// Beatty pairs in a 0/1 `block`, marked by the corner's value: the first mark in row 1 past
/// column 1 gives d.
fn beatty(block: &[Vec<u64>]) -> Option<(TableRule, usize)> {
    let fit_columns = block[0].len();
    if !block.iter().flatten().all(|&v| v <= 1) {
        return None;
    }
    let mark = block[0][0];
    let y = (2..fit_columns).find(|&y| block[1][y] == mark)?;
    let rule = TableRule {
        kind: TableKind::Beatty {
            d: y as u64 - 1,
            mark,
        },
    };
    Some((rule, 2 * fit_columns))
}

/// Finds a rule for a table `rows[x][y]` (all rows equally long), or refuses.
///
/// Families, simplest first: doubly periodic (rows and columns each periodic past a preperiod,
/// over 3 periods); XOR, sum or nim product of per-coordinate sequences (each found by
/// [`guess`]); periodic outside a band along the diagonal and diagonal-periodic inside it
/// (corner the knight); 0/1 outcome tables whose P-positions are Beatty pairs {⌊kα⌋, ⌊kα⌋ + dk}
/// (Wythoff's game: d = 1, α = φ). A rule is fitted on the top-left three quarters (or on
/// the first row and column) and claimed only when it predicts every other cell too.
///
/// ```
/// use grundy::pattern::guess_table;
/// let noise: Vec<Vec<u64>> = (0..20u64).map(|x| (0..20u64).map(|y| (x * 7919 + y * y * 104729) % 13 ^ (x * y) % 5).collect()).collect();
/// assert!(guess_table(&noise).is_err());
/// ```
///
/// # Complexity
/// O(cells · candidate periods).
pub fn guess_table(rows: &[Vec<u64>]) -> Result<TableGuess, Refusal> {
    let width = rows.first().map_or(0, Vec::len);
    if rows.len() < MIN_SIDE || width < MIN_SIDE {
        return Err(Refusal {
            reason: format!(
                "a {} × {} table: at least {} × {} is needed (a quarter of the rows and columns is held out, and a sum f(x) xor g(y) needs {} values of f and of g)",
                rows.len(),
                width,
                MIN_SIDE,
                MIN_SIDE,
                MIN_VALUES
            ),
            nearest: None,
        });
    }
    if let Some(bad) = rows.iter().position(|r| r.len() != width) {
        return Err(Refusal {
            reason: format!(
                "row {} has {} values, row 0 has {}: a table's rows must be equally long",
                bad,
                rows[bad].len(),
                width
            ),
            nearest: None,
        });
    }
    let fit_rows = rows.len() - (rows.len() / 4).max(3);
    let fit_columns = width - (width / 4).max(3);
    let cells = rows.len() * width;
    let mut nearest: Option<(String, usize)> = None;
    let mut notes = Vec::new();
    for (rule, fitted) in candidates(rows, fit_rows, fit_columns, &mut notes) {
        let miss = (0..rows.len()).find_map(|x| {
            (0..width)
                .find(|&y| rule.value(x as u64, y as u64) != rows[x][y])
                .map(|y| (x, y))
        });
        match miss {
            None => {
                return Ok(TableGuess {
                    rule,
                    fitted,
                    held_out: cells - fitted.min(cells),
                })
            }
            Some((x, y)) => {
                let at = x * width + y;
                if nearest.as_ref().map_or(true, |best| at > best.1) {
                    let text = format!(
                        "{} gives G({}, {}) = {} where the value is {}",
                        rule,
                        x,
                        y,
                        rule.value(x as u64, y as u64),
                        rows[x][y]
                    );
                    nearest = Some((text, at));
                }
            }
        }
    }
    Err(Refusal {
        reason: format!(
            "no rule: none of the table families (doubly periodic, xor, sum, nim product, band, beatty) fitted on the top-left {} × {} predicts the rest of the {} × {} table",
            fit_rows,
            fit_columns,
            rows.len(),
            width
        ),
        nearest: nearest.map(|(text, _)| text).or_else(|| notes.into_iter().next()),
    })
}
