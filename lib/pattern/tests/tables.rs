//! Tables G(x, y) over two parameters: Nim, Wythoff, corner the knight and others by literal
//! search, extended exactly or refused.

use super::*;

#[test]
fn tables() {
    let nim: Vec<Vec<u64>> = table(48, |x, y, g| {
        let mut options: Vec<u64> = (0..x).map(|a| g[a][y]).collect();
        options.extend((0..y).map(|b| g[x][b]));
        mex(options)
    });
    let rule = guess_table(&crop(&nim, 32)).unwrap().rule;
    assert_eq!(rule.to_string(), "G(x, y) = x xor y");
    assert_eq!(extend_table(&rule, 48), nim);
    // The smallest side that is evidence: f and g are 16 values each.
    let rule = guess_table(&crop(&nim, MIN_SIDE)).unwrap().rule;
    assert_eq!(extend_table(&rule, 48), nim);
    let refusal = guess_table(&crop(&nim, MIN_SIDE - 1)).unwrap_err();
    assert!(
        refusal
            .reason
            .starts_with("a 15 × 15 table: at least 16 × 16 is needed"),
        "{}",
        refusal
    );
    // Corner the knight from 24 × 24: its band's corner and one more period fit in the
    // fitted 18 × 18 block.
    let knight = knight_values(60);
    let rule = guess_table(&crop(&knight, 24)).unwrap().rule;
    assert_eq!(extend_table(&rule, 60), knight, "{}", rule);
    // Turning Corners: the nim product.
    let corners = table(40, |x, y, g| {
        let mut options = Vec::new();
        for a in 0..x {
            for b in 0..y {
                options.push(g[a][b] ^ g[a][y] ^ g[x][b]);
            }
        }
        mex(options)
    });
    let rule = guess_table(&crop(&corners, 24)).unwrap().rule;
    assert_eq!(rule.to_string(), "G(x, y) = x ⊗ (nim product) y");
    assert_eq!(extend_table(&rule, 40), corners);
    // Wythoff's outcomes: Beatty pairs.
    let wythoff = wythoff_outcomes(150, 1);
    let rule = guess_table(&crop(&wythoff, 40)).unwrap().rule;
    assert_eq!(rule.family(), "beatty");
    assert_eq!(extend_table(&rule, 150), wythoff);
    let second = wythoff_outcomes(150, 2);
    let rule = guess_table(&crop(&second, 48)).unwrap().rule;
    assert_eq!(extend_table(&rule, 150), second);
    // Take 1 or 2 from one heap, or 1 from both: doubly periodic.
    let small = table(60, |x, y, g| {
        let mut options = Vec::new();
        for t in 1..=2 {
            if x >= t {
                options.push(g[x - t][y]);
            }
            if y >= t {
                options.push(g[x][y - t]);
            }
        }
        if x > 0 && y > 0 {
            options.push(g[x - 1][y - 1]);
        }
        mex(options)
    });
    let rule = guess_table(&crop(&small, 30)).unwrap().rule;
    assert_eq!(rule.family(), "doubly periodic");
    assert_eq!(extend_table(&rule, 60), small);
    // Wythoff's Grundy values have no known rule.
    let wythoff_values = table(40, |x, y, g| {
        let mut options: Vec<u64> = (0..x).map(|a| g[a][y]).collect();
        options.extend((0..y).map(|b| g[x][b]));
        options.extend((1..=x.min(y)).map(|t| g[x - t][y - t]));
        mex(options)
    });
    assert!(guess_table(&wythoff_values).is_err());
}

/// A table by filling cells in order of x then y, each from the earlier ones.
fn table(side: usize, cell: impl Fn(usize, usize, &Vec<Vec<u64>>) -> u64) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; side]; side];
    for x in 0..side {
        for y in 0..side {
            g[x][y] = cell(x, y, &g);
        }
    }
    g
}

fn crop(rows: &[Vec<u64>], side: usize) -> Vec<Vec<u64>> {
    rows[..side].iter().map(|r| r[..side].to_vec()).collect()
}

fn extend_table(rule: &TableRule, side: usize) -> Vec<Vec<u64>> {
    (0..side as u64)
        .map(|x| (0..side as u64).map(|y| rule.value(x, y)).collect())
        .collect()
}

/// Outcomes of a-Wythoff: take any amount from one heap, or s and t from both with |s - t| < a.
fn wythoff_outcomes(side: usize, a: usize) -> Vec<Vec<u64>> {
    let mut wins = vec![vec![false; side]; side];
    for x in 0..side {
        for y in 0..side {
            let mut w = (0..x).any(|p| !wins[p][y]) || (0..y).any(|q| !wins[x][q]);
            for s in 1..=x {
                if w {
                    break;
                }
                let low = (s + 1).saturating_sub(a).max(1);
                for t in low..(s + a).min(y + 1) {
                    if !wins[x - s][y - t] {
                        w = true;
                        break;
                    }
                }
            }
            wins[x][y] = w;
        }
    }
    wins.iter()
        .map(|r| r.iter().map(|&w| u64::from(w)).collect())
        .collect()
}

/// Corner the knight on an unbounded quadrant: moves (-2, ±1), (±1, -2), values on `side`².
fn knight_values(side: usize) -> Vec<Vec<u64>> {
    // Cells with y + x/2 < board never see the board's far edge.
    let board = side * 3 / 2 + 2;
    let mut g = vec![vec![0u64; board]; board];
    for sum in 0..2 * board - 1 {
        for x in sum.saturating_sub(board - 1)..=sum.min(board - 1) {
            let y = sum - x;
            let options: Vec<u64> = [(-2i64, 1i64), (-2, -1), (1, -2), (-1, -2)]
                .iter()
                .map(|&(dx, dy)| (x as i64 + dx, y as i64 + dy))
                .filter(|&(a, b)| a >= 0 && b >= 0 && (a as usize) < board && (b as usize) < board)
                .map(|(a, b)| g[a as usize][b as usize])
                .collect();
            g[x][y] = mex(options);
        }
    }
    crop(&g, side)
}

/// Two-heap tables by literal search: exactly right or refused, never wrong.
#[test]
fn a_suite_of_tables_is_extrapolated_exactly_or_refused() {
    use Expect::*;
    let two_heaps = |side: usize, a: &'static [usize], b: &'static [usize]| {
        table(side, move |x, y, g| {
            let mut options: Vec<u64> = a
                .iter()
                .filter(|&&s| s <= x)
                .map(|&s| g[x - s][y])
                .collect();
            options.extend(b.iter().filter(|&&s| s <= y).map(|&s| g[x][y - s]));
            mex(options)
        })
    };
    let wythoff_values = table(72, |x, y, g| {
        let mut options: Vec<u64> = (0..x).map(|a| g[a][y]).collect();
        options.extend((0..y).map(|b| g[x][b]));
        options.extend((1..=x.min(y)).map(|t| g[x - t][y - t]));
        mex(options)
    });
    let tables: Vec<(&str, Vec<Vec<u64>>, usize, Expect)> = vec![
        (
            "subtraction 1,2 + subtraction 1,3,4",
            two_heaps(90, &[1, 2], &[1, 3, 4]),
            40,
            Rule,
        ),
        (
            "subtraction 1,2,3 + take at most half",
            table(90, |x, y, g| {
                let mut options: Vec<u64> =
                    (1..=3).filter(|&s| s <= x).map(|s| g[x - s][y]).collect();
                options.extend((1..=y / 2).map(|k| g[x][y - k]));
                mex(options)
            }),
            48,
            Rule,
        ),
        ("Wythoff outcomes", wythoff_outcomes(150, 1), 40, Rule),
        ("3-Wythoff outcomes", wythoff_outcomes(150, 3), 64, Either),
        ("Wythoff values", wythoff_values, 48, Refusal),
        (
            "Wythoff P-positions as 1",
            wythoff_outcomes(150, 1)
                .iter()
                .map(|r| r.iter().map(|&v| 1 - v).collect())
                .collect(),
            40,
            Rule,
        ),
        ("2-Wythoff outcomes", wythoff_outcomes(150, 2), 48, Rule),
        ("corner the knight", knight_values(90), 40, Rule),
        (
            "Nim outcomes",
            table(90, |x, y, _| u64::from(x != y)),
            40,
            Either,
        ),
    ];
    let mut report = Vec::new();
    let mut problems = Vec::new();
    // Every square crop: a rule claimed from any of them must be right.
    for (name, values, _, _) in tables.iter() {
        for given in (12..=values.len() / 2).step_by(3) {
            if let Ok(found) = guess_table(&crop(values, given)) {
                if extend_table(&found.rule, values.len()) != *values {
                    problems.push(format!("{} from {}: {} is wrong", name, given, found.rule));
                }
            }
        }
    }
    for (name, values, given, expect) in tables {
        match guess_table(&crop(&values, given)) {
            Ok(found) => {
                if extend_table(&found.rule, values.len()) != values {
                    problems.push(format!("{}: {} is wrong", name, found.rule));
                } else if expect == Refusal {
                    problems.push(format!(
                        "{}: a rule where none is known: {}",
                        name, found.rule
                    ));
                }
                report.push(format!("{}: {}", name, found.rule));
            }
            Err(refusal) => {
                if expect == Rule {
                    problems.push(format!("{}: {}", name, refusal));
                }
                report.push(format!("{}: refused", name));
            }
        }
    }
    assert!(problems.is_empty(), "{:#?}\n{:#?}", problems, report);
    println!("{:#?}", report);
}
