//! The guesser on games computed by literal search here, never by the rule under test: each
//! family gets a prefix of its game's values and must extend it far beyond, exactly; games
//! without a known rule must be refused.

use super::*;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use testkit::search::Search;

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    // Marks in a table, not a hash set: the mex of k values is at most k, so larger values
    // cannot matter, and the brute forces below take the mex of up to thousands of values at
    // each of thousands of positions.
    let values: Vec<u64> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(mark) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *mark = true;
        }
    }
    seen.iter().position(|&s| !s).expect("a free value") as u64
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

/// A single-heap game: each move leaves one heap, whose value is the option's.
fn one_heap(len: usize, moves: impl Fn(usize) -> Vec<usize>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let value = mex(moves(n).into_iter().map(|m| g[m]));
        g.push(value);
    }
    g
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
/// [`no_repeat_removals`] of the first 80 piles, searched once for every test that uses it
/// (test code, built by the current toolchain only).
fn no_repeat_removals_80() -> &'static [u64] {
    static VALUES: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    VALUES.get_or_init(|| no_repeat_removals(80))
}

fn no_repeat_removals(len: usize) -> Vec<u64> {
    /// The memo: one map a pile, keyed by the amounts used, through a multiplicative hash (the
    /// default hasher's cost dominated the search).
    type Memo = Vec<HashMap<u128, u64, BuildHasherDefault<MultiplyHasher>>>;
    fn value(n: u64, used: u128, memo: &mut Memo) -> u64 {
        let used = used & ((2u128 << n) - 1);
        if let Some(&v) = memo[n as usize].get(&used) {
            return v;
        }
        // The mex of at most n <= 127 options is at most n: a bit set holds them.
        let mut options = 0u128;
        for k in (1..=n).filter(|&k| used >> k & 1 == 0) {
            options |= 1 << value(n - k, used | 1 << k, memo);
        }
        let v = u64::from((!options).trailing_zeros());
        memo[n as usize].insert(used, v);
        v
    }
    assert!(len <= 127, "the amounts used are a u128 bit set");
    let mut memo: Memo = (0..len).map(|_| HashMap::default()).collect();
    (0..len as u64).map(|n| value(n, 0, &mut memo)).collect()
}

/// A hash of one `u128` key: its halves folded, then splitmix64's finaliser, whose every output
/// bit depends on every input bit (the table reads both the low and the top bits).
#[derive(Default)]
struct MultiplyHasher(u64);

impl Hasher for MultiplyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u128(&mut self, key: u128) {
        let mut x = self.0 ^ (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = x ^ (x >> 31);
    }
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
        // Every divisor d of n, found in pairs (d, n / d) with d * d <= n.
        let mut divisors = Vec::new();
        for d in (1..).take_while(|&d| d * d <= n) {
            if n % d == 0 {
                divisors.push(d);
                if d * d != n {
                    divisors.push(n / d);
                }
            }
        }
        divisors
            .into_iter()
            .filter(|&d| d >= 2 && allowed(d))
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
    let searched = no_repeat_removals_80();
    let values = searched[..61].to_vec();
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
    assert_eq!(found.rule.extend(80), searched);
    // Move to any heap below half: runs [2^k - 1, 2^(k+1) - 1).
    let halves = one_heap(5000, |n| (0..(n + 1) / 2).collect()); // 2m < n
    check_extends("below half", &halves, 200, "G(n) = max k with 2^k - 1 <= n");
    // Move to any heap below a third: the run starts grow threefold.
    let thirds = one_heap(20_000, |n| (0..(n + 2) / 3).collect()); // 3m < n
    let found = guess(&thirds[..400]).unwrap();
    assert_eq!(found.rule.family(), "runs", "{}", found.rule);
    assert_eq!(found.rule.extend(20_000), thirds, "{}", found.rule);
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
        "G(n) = popcount(n) mod 2 (1 on the odious numbers, 0 on the evil ones)",
    );
    check_extends(
        "mock turtles",
        &mock_turtles(600),
        128,
        "G(n) = 2n + 1 - popcount(n) mod 2 (the n-th odious number)",
    );
}

/// n -> n - t·b^i for t in `lower`, t at most the base-b digit of n at position i: a move on
/// one digit, without borrowing.
fn digit_game(len: usize, base: usize, lower: &[usize]) -> Vec<u64> {
    one_heap(len, |n| {
        let mut moves = Vec::new();
        let mut place = 1;
        while place <= n {
            let digit = n / place % base;
            moves.extend(
                lower
                    .iter()
                    .filter(|&&t| t <= digit)
                    .map(|&t| n - t * place),
            );
            place *= base;
        }
        moves
    })
}

#[test]
fn digit_sum_rules() {
    // Each digit a heap of subtraction {1}: the parity of the digit sum.
    check_extends(
        "lower a base-10 digit by one",
        &digit_game(3000, 10, &[1]),
        200,
        "G(n) = s(n) mod 2, s(n) the sum of the base-10 digits of n",
    );
    // Subtraction {1, 2} on each base-7 digit, whose values d mod 3 are 0, 1 or 2 and XOR,
    // not add: no digit-sum rule, and no claim.
    let mod3 = digit_game(3000, 7, &[1, 2]);
    if let Ok(found) = guess(&mod3[..300]) {
        assert_eq!(found.rule.extend(mod3.len()), mod3, "{}", found.rule);
    }
    // Nim on each base-5 digit: the XOR of the digits.
    check_extends(
        "nim on base-5 digits",
        &digit_game(3000, 5, &[1, 2, 3, 4]),
        200,
        "G(n) = the XOR of the base-5 digits of n",
    );
    check_extends(
        "lower a base-4 digit by one",
        &digit_game(3000, 4, &[1]),
        100,
        "G(n) = s(n) mod 2, s(n) the sum of the base-4 digits of n",
    );
    // In base 3 the digit sum's parity is n's (3 = 1 mod 2): the simpler rule.
    check_extends(
        "lower a base-3 digit by one",
        &digit_game(3000, 3, &[1]),
        100,
        "G(n) = n mod 2",
    );
}

/// A base-10 digit sum is periodic with period 20 up to n = 99, and 200 up to 999: from
/// values that cannot tell, no rule is claimed, and from values that can, the right one.
#[test]
fn digit_sums_are_not_mistaken_for_periods() {
    let values = digit_game(3000, 10, &[1]);
    for given in (24..=1100).step_by(4) {
        if let Ok(found) = guess(&values[..given]) {
            assert_eq!(
                found.rule.extend(values.len()),
                values,
                "from {}: {}",
                given,
                found.rule
            );
        }
    }
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

/// An octal game by its digits d1 d2 …: taking j pins, bit 1 of d_j allows leaving no row,
/// bit 2 one row, bit 4 two rows.
fn octal(len: usize, digits: &[u8]) -> Vec<u64> {
    // heap_game's search with each move's heaps XORed as they are listed, not collected first.
    let mut g: Vec<u64> = Vec::with_capacity(len);
    let mut options = Vec::new();
    for n in 0..len {
        options.clear();
        for (i, &d) in digits.iter().enumerate() {
            let j = i + 1;
            if d & 1 != 0 && n == j {
                options.push(0);
            }
            if d & 2 != 0 && n > j {
                options.push(g[n - j]);
            }
            if d & 4 != 0 && n >= j + 2 {
                options.extend((1..=(n - j) / 2).map(|a| g[a] ^ g[n - j - a]));
            }
        }
        let value = mex(options.iter().copied());
        g.push(value);
    }
    g
}

fn squares_below(n: u64) -> Vec<u64> {
    (1..)
        .map(|k| k * k)
        .take_while(|&s| s <= n)
        .map(|s| n - s)
        .collect()
}

/// What a game of the suite must give.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Expect {
    /// A rule that extends exactly.
    Rule,
    /// A refusal: no rule is known.
    Refusal,
    /// Either, but a rule must extend exactly.
    Either,
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

/// Random subtraction and octal games at random prefix lengths: a claimed rule is always right.
#[test]
fn random_games_are_never_extrapolated_wrongly() {
    let mut rng = testkit::Rng::new(22);
    let mut wrong = Vec::new();
    let mut claimed = 0;
    for _ in 0..150 {
        let far = 2000;
        let (name, values) = if rng.range(0, 2) == 0 {
            let size = rng.range(1, 5) as usize;
            let set: Vec<usize> = (0..size).map(|_| rng.range(1, 13) as usize).collect();
            (format!("subtraction {:?}", set), subtraction(far, &set))
        } else {
            let digits: Vec<u8> = (0..rng.range(1, 4))
                .map(|_| rng.range(0, 8) as u8)
                .collect();
            (format!("octal {:?}", digits), octal(far, &digits))
        };
        for _ in 0..4 {
            let given = rng.range(24, 400) as usize;
            let outcome_only = rng.range(0, 2) == 0;
            let shown: Vec<u64> = if outcome_only {
                values.iter().map(|&v| u64::from(v != 0)).collect()
            } else {
                values.clone()
            };
            if let Ok(found) = guess(&shown[..given]) {
                claimed += 1;
                if found.rule.extend(far) != shown {
                    wrong.push(format!(
                        "{} ({}) from {}: {}",
                        name, outcome_only, given, found.rule
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{:#?}", wrong);
    assert!(claimed > 100, "{}", claimed);
}

/// Coin flips have no rule: none may be claimed, whatever the length or alphabet.
#[test]
fn noise_is_refused() {
    let mut rng = testkit::Rng::new(7);
    let mut claimed = Vec::new();
    for _ in 0..400 {
        let len = rng.range(24, 300) as usize;
        let alphabet = rng.range(2, 4);
        let values: Vec<u64> = (0..len).map(|_| rng.below(alphabet)).collect();
        if let Ok(found) = guess(&values) {
            claimed.push(format!("{} values: {}", len, found.rule));
        }
    }
    assert!(claimed.is_empty(), "{:#?}", claimed);
}

/// G(n) = mex{G(⌊n/k⌋) : k in `divisors`} by the literal moves (heap 0 is finished).
fn division_game(len: usize, divisors: &[usize]) -> Vec<u64> {
    one_heap(len, |n| {
        if n == 0 {
            Vec::new()
        } else {
            divisors.iter().map(|&k| n / k).collect()
        }
    })
}

/// Division games (n -> ⌊n/k⌋ for k in a set) at every prefix length from 24 to 400: their
/// runs grow geometrically, so a constant stretch or a recursion seen in the data is no
/// evidence for what comes a scale later. A claimed rule must be exact on ten times the data.
/// Before the division-game check, {7, 8} from 376 values claimed G(n) = 1 for n >= 56
/// (G(392) = 2) and {2, 4, 5, 9} from 104 values G(n) = G(⌊n/2⌋) + 1 for n >= 18.
#[test]
fn division_games_are_never_claimed_wrongly_at_any_prefix() {
    let mut rng = testkit::Rng::new(34);
    let mut sets: Vec<Vec<usize>> = vec![vec![7, 8], vec![2, 4, 5, 9], vec![2, 3], vec![3]];
    while sets.len() < 14 {
        let mut set: Vec<usize> = (0..rng.range(1, 5))
            .map(|_| rng.range(2, 11) as usize)
            .collect();
        set.sort_unstable();
        set.dedup();
        if !sets.contains(&set) {
            sets.push(set);
        }
    }
    let (mut claimed, mut wrong) = (0, Vec::new());
    for set in sets.iter() {
        let truth = division_game(4000, set);
        for given in 24..=400 {
            if let Ok(found) = guess(&truth[..given]) {
                claimed += 1;
                let far = 10 * given;
                if let Some(n) = (0..far).find(|&n| found.rule.value(n as u64) != truth[n]) {
                    wrong.push(format!(
                        "{:?} from {}: {} wrong at n = {}",
                        set, given, found.rule, n
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} claims wrong: {:#?}",
        wrong.len(),
        claimed,
        wrong
    );
}

/// Periodic games with long preperiods or long periods are believed by their repetitions:
/// refused before, when a rule had to store at most a third as many numbers as it was fitted
/// on, or its preperiod had to be at most half the values (0.177: period 20 after 497). Shown
/// too few values after the preperiod, the same games are refused or right.
#[test]
fn long_periods_are_believed_by_their_repetitions() {
    let cases: Vec<(&str, Vec<u64>, usize, usize, usize)> = vec![
        // (name, values, given, period, preperiod)
        (
            "subtraction 2,5,7",
            subtraction(3000, &[2, 5, 7]),
            80,
            22,
            0,
        ),
        ("Kayles 0.77", octal(3000, &[7, 7]), 300, 12, 71),
        ("Dawson's Kayles 0.07", octal(3000, &[0, 7]), 300, 34, 53),
        ("0.177", octal(3000, &[1, 7, 7]), 1100, 20, 497),
    ];
    for (name, values, given, period, preperiod) in cases.iter() {
        let found = guess(&values[..*given]).unwrap_or_else(|r| panic!("{}: {}", name, r));
        assert_eq!(found.rule.extend(values.len()), *values, "{}", name);
        assert_eq!(found.rule.family(), "periodic", "{}", name);
        let shape = if *preperiod == 0 {
            format!("mod {}", period)
        } else {
            format!("(n - {}) mod {}", preperiod, period)
        };
        assert!(
            found.rule.to_string().contains(&shape),
            "{}: {}",
            name,
            found.rule
        );
        // Shown too few values after the preperiod: refused, or right.
        for shown in (MIN_VALUES..*given).step_by(3) {
            if let Ok(found) = guess(&values[..shown]) {
                assert_eq!(
                    found.rule.extend(values.len()),
                    *values,
                    "{} from {}: {}",
                    name,
                    shown,
                    found.rule
                );
            }
        }
    }
}
