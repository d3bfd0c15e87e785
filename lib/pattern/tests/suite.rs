//! The suite of thirty-odd games of every kind, each extended exactly or refused as expected.

use super::*;

fn squares_below(n: u64) -> Vec<u64> {
    (1..)
        .map(|k| k * k)
        .take_while(|&s| s <= n)
        .map(|s| n - s)
        .collect()
}

/// Thirty-odd games of every kind, by literal search: no rule may extrapolate wrongly, and the
/// games with a known rule of a supported family must get it.
#[test]
fn a_suite_of_games_is_extrapolated_exactly_or_refused() {
    use Expect::*;
    let clear_bit = |n: &u64| -> Vec<u64> {
        (0..13)
            .filter(|b| n >> b & 1 == 1)
            .map(|b| n ^ 1 << b)
            .collect()
    };
    let sequences: Vec<(&str, Vec<u64>, usize, Expect)> = vec![
        ("take 1-3", subtraction(3000, &[1, 2, 3]), 40, Rule),
        ("subtraction 1,3,4", subtraction(3000, &[1, 3, 4]), 60, Rule),
        (
            "subtraction 2,5,7",
            subtraction(3000, &[2, 5, 7]),
            100,
            Rule,
        ),
        (
            "subtraction 1,2,4,8,16,32",
            subtraction(3000, &[1, 2, 4, 8, 16, 32]),
            300,
            Either,
        ),
        ("Kayles 0.77", octal(3000, &[7, 7]), 400, Rule),
        ("Dawson's Kayles 0.07", octal(3000, &[0, 7]), 400, Rule),
        ("0.137", octal(3000, &[1, 3, 7]), 400, Rule),
        ("Officers 0.6", octal(600, &[6]), 400, Refusal),
        (
            "Grundy's game",
            heap_game(600, |n| (1..(n + 1) / 2).map(|a| vec![a, n - a]).collect()),
            400,
            Refusal,
        ),
        (
            "subtract a square",
            one_heap(600, |n| {
                squares_below(n as u64)
                    .into_iter()
                    .map(|m| m as usize)
                    .collect()
            }),
            400,
            Refusal,
        ),
        (
            "subtract a square, outcomes",
            outcomes(600, false, |&n| squares_below(n)),
            400,
            Refusal,
        ),
        (
            "Grundy's game, outcomes",
            grundys_game_outcomes(600),
            400,
            Either,
        ),
        ("768E", no_repeat_removals_80().to_vec(), 61, Rule),
        (
            "below half",
            one_heap(5000, |n| (0..(n + 1) / 2).collect()), // 2m < n
            200,
            Rule,
        ),
        (
            "take at most half",
            one_heap(5000, |n| (1..=n / 2).map(|k| n - k).collect()),
            100,
            Rule,
        ),
        (
            "take at most a third",
            one_heap(3000, |n| (1..=n / 3).map(|k| n - k).collect()),
            200,
            Rule,
        ),
        (
            "take at most a quarter",
            one_heap(3000, |n| (1..=n / 4).map(|k| n - k).collect()),
            300,
            Either,
        ),
        (
            "divide by 2, 3, 6",
            one_heap(100_000, |n| {
                if n == 0 {
                    vec![]
                } else {
                    vec![n / 2, n / 3, n / 6]
                }
            }),
            300,
            Rule,
        ),
        (
            "divide by 2, 3",
            one_heap(
                100_000,
                |n| if n == 0 { vec![] } else { vec![n / 2, n / 3] },
            ),
            300,
            Either,
        ),
        (
            "divide by 2 to 5",
            one_heap(100_000, |n| {
                if n == 0 {
                    vec![]
                } else {
                    (2..=5).map(|k| n / k).collect()
                }
            }),
            300,
            Either,
        ),
        ("ruler game", ruler_game(4000), 128, Rule),
        (
            "clear a bit",
            one_heap(4096, |n| {
                clear_bit(&(n as u64))
                    .into_iter()
                    .map(|m| m as usize)
                    .collect()
            }),
            128,
            Rule,
        ),
        (
            "clear a bit, misère outcomes",
            outcomes(4096, true, clear_bit),
            128,
            Either,
        ),
        ("mock turtles", mock_turtles(600), 128, Rule),
        (
            "subtract a power of 3",
            one_heap(4000, |n| {
                (0..8)
                    .map(|e| 3usize.pow(e))
                    .filter(|&p| p <= n)
                    .map(|p| n - p)
                    .collect()
            }),
            200,
            Either,
        ),
        (
            "divide by any divisor",
            divisor_game(20_000, |_| true),
            100,
            Rule,
        ),
        (
            "divide by a prime",
            divisor_game(20_000, |d| prime_factors(d) == [(d, 1)]),
            100,
            Rule,
        ),
        (
            "divide by a prime power",
            divisor_game(20_000, |d| prime_factors(d).len() == 1),
            100,
            Rule,
        ),
        (
            "subtract a proper divisor",
            one_heap(4000, |n| {
                (1..n).filter(|d| n % d == 0).map(|d| n - d).collect()
            }),
            200,
            Either,
        ),
        (
            "subtraction 1,3,4, misère outcomes",
            outcomes(2000, true, |&n| {
                [1, 3, 4]
                    .iter()
                    .filter(|&&s| s <= n)
                    .map(|&s| n - s)
                    .collect()
            }),
            60,
            Rule,
        ),
        (
            "subtraction 2,5,7, misère outcomes",
            outcomes(2000, true, |&n| {
                [2, 5, 7]
                    .iter()
                    .filter(|&&s| s <= n)
                    .map(|&s| n - s)
                    .collect()
            }),
            100,
            Either,
        ),
    ];
    let mut report = Vec::new();
    let mut wrong = Vec::new();
    let mut missed = Vec::new();
    // Every prefix length: a rule claimed from any of them must be right.
    for (name, values, _, _) in sequences.iter() {
        for given in (24..=values.len().min(600) / 2).step_by(7) {
            if let Ok(found) = guess(&values[..given]) {
                let extension = found.rule.extend(values.len());
                if extension != *values {
                    let n = (0..values.len())
                        .find(|&n| extension[n] != values[n])
                        .unwrap_or(0);
                    wrong.push(format!(
                        "{} from {}: {} wrong at n = {}",
                        name, given, found.rule, n
                    ));
                }
            }
        }
    }
    for (name, values, given, expect) in sequences {
        match guess(&values[..given]) {
            Ok(found) => {
                let extension = found.rule.extend(values.len());
                if extension != values {
                    let n = (0..values.len())
                        .find(|&n| extension[n] != values[n])
                        .unwrap_or(0);
                    wrong.push(format!("{}: {} wrong at n = {}", name, found.rule, n));
                } else if expect == Refusal {
                    wrong.push(format!(
                        "{}: a rule where none is known: {}",
                        name, found.rule
                    ));
                }
                report.push(format!("{}: {}", name, found.rule));
            }
            Err(refusal) => {
                if expect == Rule {
                    missed.push(format!("{}: {}", name, refusal));
                }
                report.push(format!("{}: refused", name));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "wrong extrapolations: {:#?}\n{:#?}",
        wrong,
        report
    );
    assert!(
        missed.is_empty(),
        "missed rules: {:#?}\n{:#?}",
        missed,
        report
    );
    println!("{:#?}", report);
}

/// 1 where Grundy's game (split a heap into two unequal heaps) is a first-player win.
fn grundys_game_outcomes(len: usize) -> Vec<u64> {
    heap_game(len, |n| (1..(n + 1) / 2).map(|a| vec![a, n - a]).collect())
        .iter()
        .map(|&g| u64::from(g != 0))
        .collect()
}
