//! The guesser on games computed by literal search here, never by the rule under test: each
//! family gets a prefix of its game's values and must extend it far beyond, exactly; games
//! without a known rule must be refused.

use super::*;
use std::collections::{HashMap, HashSet};
use testkit::search::Search;

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: HashSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).expect("a free value")
}

/// Values of a heap game by searching every move: a move leaves a list of heaps, whose value is
/// the XOR of theirs (the Sprague–Grundy theorem, the game's definition of a sum).
fn heap_game(len: usize, moves: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let options: Vec<u64> = moves(n)
            .iter()
            .map(|heaps| heaps.iter().fold(0, |x, &h| x ^ g[h]))
            .collect();
        g.push(mex(options));
    }
    g
}

/// A single-heap game: each move leaves one heap.
fn one_heap(len: usize, moves: impl Fn(usize) -> Vec<usize>) -> Vec<u64> {
    heap_game(len, |n| moves(n).into_iter().map(|m| vec![m]).collect())
}

fn subtraction(len: usize, set: &[usize]) -> Vec<u64> {
    one_heap(len, |n| {
        set.iter().filter(|&&s| s <= n).map(|&s| n - s).collect()
    })
}

/// Take-and-break: remove `take` pins from a row (any of `takes`), leaving up to two rows.
fn octal_like(len: usize, takes: &[usize], split: bool) -> Vec<u64> {
    heap_game(len, |n| {
        let mut moves = Vec::new();
        for &t in takes.iter().filter(|&&t| t <= n) {
            let rest = n - t;
            if split {
                for a in 0..=rest / 2 {
                    moves.push(vec![a, rest - a]);
                }
            } else {
                moves.push(vec![rest]);
            }
        }
        moves
    })
}

/// 1 where the player to move wins, 0 where they lose (a P-position), by win/loss search.
fn outcomes(len: u64, misere: bool, moves: impl Fn(&u64) -> Vec<u64>) -> Vec<u64> {
    let mut search = if misere {
        Search::misere(moves)
    } else {
        Search::normal(moves)
    };
    (0..len).map(|n| u64::from(search.mover_wins(n))).collect()
}

/// Codeforces 768E: remove k stones, never the same k twice from a pile. The state is the
/// pile and the amounts already taken from it (only those up to the pile matter).
fn no_repeat_removals(len: usize) -> Vec<u64> {
    fn value(n: u64, used: u128, memo: &mut HashMap<(u64, u128), u64>) -> u64 {
        let used = used & ((2u128 << n) - 1);
        if let Some(&v) = memo.get(&(n, used)) {
            return v;
        }
        let options: Vec<u64> = (1..=n)
            .filter(|&k| used >> k & 1 == 0)
            .map(|k| value(n - k, used | 1 << k, memo))
            .collect();
        let v = mex(options);
        memo.insert((n, used), v);
        v
    }
    let mut memo = HashMap::new();
    (0..len as u64).map(|n| value(n, 0, &mut memo)).collect()
}

fn prime_factors(mut n: usize) -> Vec<(usize, u32)> {
    let mut result = Vec::new();
    let mut p = 2;
    while p * p <= n {
        let mut e = 0;
        while n % p == 0 {
            n /= p;
            e += 1;
        }
        if e > 0 {
            result.push((p, e));
        }
        p += 1;
    }
    if n > 1 {
        result.push((n, 1));
    }
    result
}

/// n -> n/d for every divisor d > 1 of n that `allowed` accepts (heap 0 is finished).
fn divisor_game(len: usize, allowed: impl Fn(usize) -> bool) -> Vec<u64> {
    one_heap(len, |n| {
        (2..=n)
            .filter(|&d| n % d == 0 && allowed(d))
            .map(|d| n / d)
            .collect()
    })
}

/// The ruler game by its coin-turning definition: turn any run of coins ending at the rightmost
/// one, which goes from heads to tails; G(0) = 0 (no coin).
fn ruler_game(len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 1..len {
        let mut options = vec![0u64];
        let mut x = 0;
        for m in (1..n).rev() {
            x ^= g[m];
            options.push(x);
        }
        g[n] = mex(options);
    }
    g
}

/// Mock Turtles: turn one, two or three coins, the rightmost (coin n, from 0) heads to tails.
fn mock_turtles(len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 0..len {
        let mut options = vec![0u64];
        for a in 0..n {
            options.push(g[a]);
            for b in a + 1..n {
                options.push(g[a] ^ g[b]);
            }
        }
        g[n] = mex(options);
    }
    g
}

fn check_extends(name: &str, values: &[u64], given: usize, formula: &str) {
    let found = guess(&values[..given]).unwrap_or_else(|r| panic!("{}: refused: {}", name, r));
    assert_eq!(found.rule.to_string(), formula, "{}", name);
    assert_eq!(
        found.rule.extend(values.len()),
        values,
        "{}: {}",
        name,
        found.rule
    );
    assert!(found.held_out >= MIN_HELD_OUT, "{}", name);
}

#[test]
fn periodic_and_arithmetic_periodic_games() {
    check_extends(
        "take 1-3",
        &subtraction(3000, &[1, 2, 3]),
        40,
        "G(n) = n mod 4",
    );
    check_extends(
        "subtraction 1,3,4",
        &subtraction(3000, &[1, 3, 4]),
        60,
        "G(n) = A[n mod 7], A = 0 1 0 1 2 3 2",
    );
    let dawson = octal_like(2000, &[2], true);
    let found = guess(&dawson[..400]).unwrap();
    assert!(
        found
            .rule
            .to_string()
            .starts_with("G(n) = A[(n - 53) mod 34]"),
        "{}",
        found.rule
    );
    assert_eq!(found.rule.extend(2000), dawson);
    // Lasker's Nim: remove any number, or split a heap into two non-empty heaps.
    let lasker = heap_game(2000, |n| {
        let mut moves: Vec<Vec<usize>> = (0..n).map(|m| vec![m]).collect();
        moves.extend((1..n).map(|a| vec![a, n - a]));
        moves
    });
    check_extends(
        "Lasker's Nim",
        &lasker,
        60,
        "G(n) = A[(n - 1) mod 4] + 4·⌊(n - 1)/4⌋, A = 1 2 4 3 for n >= 1; G(0) = 0",
    );
}

#[test]
fn runs_of_growing_length() {
    // Codeforces 768E: the first 61 values, by literal search, give the rule; it extends to
    // 10^4 exactly (checked against the largest k with k(k+1)/2 <= n found by counting).
    let values = no_repeat_removals(61);
    assert_eq!(values[..11], [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4]);
    let found = guess(&values).unwrap();
    assert_eq!(found.rule.to_string(), "G(n) = max k with k(k+1)/2 <= n");
    assert_eq!((found.fitted, found.held_out), (46, 15));
    let mut k = 0u64;
    for n in 0..10_000u64 {
        while (k + 1) * (k + 2) / 2 <= n {
            k += 1;
        }
        assert_eq!(found.rule.value(n), k, "n = {}", n);
    }
    assert_eq!(found.rule.value(10u64.pow(18)), 1_414_213_561);
    // The literal search agrees further than it was given.
    assert_eq!(found.rule.extend(80), no_repeat_removals(80));
    // Move to any heap below half: runs [2^k - 1, 2^(k+1) - 1).
    let halves = one_heap(5000, |n| (0..n).filter(|&m| 2 * m < n).collect());
    check_extends("below half", &halves, 200, "G(n) = max k with 2^k - 1 <= n");
}

#[test]
fn floor_division_recursions() {
    let far = 100_000;
    let divide = one_heap(far, |n| {
        if n == 0 {
            vec![]
        } else {
            vec![n / 2, n / 3, n / 6]
        }
    });
    check_extends(
        "divide by 2, 3, 6",
        &divide,
        300,
        "G(n) = G(⌊n/12⌋) for n >= 6; G(0..5) = 0 1 2 2 3 3",
    );
}

#[test]
fn base_k_digit_rules() {
    check_extends(
        "ruler game",
        &ruler_game(4000),
        128,
        "G(2n) = 2G(n), G(2n+1) = 1; G(0) = 0",
    );
    // Clear one set bit: the popcount's parity.
    let clear_bit = one_heap(4096, |n| {
        (0..13)
            .filter(|b| n >> b & 1 == 1)
            .map(|b| n ^ 1 << b)
            .collect()
    });
    check_extends(
        "clear a bit",
        &clear_bit,
        128,
        "G(2n) = G(n), G(2n+1) = 1 - G(n); G(0) = 0",
    );
    check_extends(
        "mock turtles",
        &mock_turtles(600),
        128,
        "G(2n) = G(n) + 2n, G(2n+1) = 6n + 3 - G(n); G(0) = 1",
    );
}

#[test]
fn prime_factorisation_rules() {
    let far = 20_000;
    check_extends(
        "divide by any divisor",
        &divisor_game(far, |_| true),
        100,
        "G(n) = Ω(n) for n >= 1; G(0) = 0",
    );
    check_extends(
        "divide by a prime",
        &divisor_game(far, |d| {
            prime_factors(d).len() == 1 && prime_factors(d)[0].1 == 1
        }),
        100,
        "G(n) = Ω(n) mod 2 for n >= 1; G(0) = 0",
    );
    check_extends(
        "divide by a prime power",
        &divisor_game(far, |d| prime_factors(d).len() == 1),
        100,
        "G(n) = e1 xor e2 xor … (n = p1^e1·p2^e2·…) for n >= 1; G(0) = 0",
    );
}

#[test]
fn patternless_games_are_refused() {
    let grundys_game = heap_game(400, |n| (1..(n + 1) / 2).map(|a| vec![a, n - a]).collect());
    let squares = one_heap(400, |n| {
        (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .map(|s| n - s)
            .collect()
    });
    // Officers (0.6): take one pin, leaving one or two rows but not none.
    let officers = heap_game(400, |n| {
        (0..n.saturating_sub(1) / 2 + 1)
            .filter(|_| n >= 2)
            .map(|a| vec![a, n - 1 - a])
            .collect()
    });
    let square_outcomes = outcomes(400, false, |&n| {
        (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .map(|s| n - s)
            .collect()
    });
    for (name, values) in [
        ("Grundy's game", grundys_game),
        ("subtract a square", squares),
        ("Officers", officers),
        ("subtract a square, outcomes", square_outcomes),
    ] {
        for given in [30, 100, 400] {
            let refusal = guess(&values[..given]).err();
            assert!(
                refusal.is_some(),
                "{} from {} values: {:?}",
                name,
                given,
                guess(&values[..given])
            );
        }
    }
    // Too few values are refused whatever they show.
    let r = guess(&[0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]).unwrap_err();
    assert!(r.reason.starts_with("only 12 values"), "{}", r);
}

#[test]
fn a_refusal_names_its_nearest_miss() {
    // n mod 4 until a break in the held-out tail.
    let mut values: Vec<u64> = (0..40).map(|n| n % 4).collect();
    values[35] = 9;
    let r = guess(&values).unwrap_err();
    assert_eq!(
        r.nearest.as_deref(),
        Some("G(n) = n mod 4 explains G(0..34) but gives G(35) = 3 where the value is 9")
    );
}

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
