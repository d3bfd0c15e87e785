//! One family of rules at a time: each given a prefix of a game it explains, which it must
//! extend exactly, and games without a rule of the family, which must be refused.

use super::*;

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
