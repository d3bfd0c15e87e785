//! Seeded variants of a valid input, for comparing two builds of one program (the cargo-built
//! binary and its bundle) beyond the inputs anyone wrote down.
//!
//! A variant is the input with one to three small edits, each chosen at random: a number
//! lowered (or set to 0..3), a token dropped, doubled or replaced by garbage (`x`, `-1`, 2^64,
//! `1e3`, `+2`, a NUL), or the input cut after a line; sometimes without its last newline. Each
//! keeps most of the input's shape, so some variants stay valid and exercise the solution on
//! inputs near a known one, while the rest probe the reader's error paths. Two programs that
//! agree on a case can still part on such an input: a bundle that dropped a check, a shaker
//! that removed an impl the error path needs, a different overflow behaviour.
//!
//! Variants come from [`testkit::Rng`], so a seed gives the same list on every machine;
//! [`seed_of`] derives a problem's seed from its name alone, so a one-problem run
//! (`./run_tests.sh NAME`) tries the very inputs a whole run tries.

use testkit::Rng;

/// How many variants each of a problem's smallest cases gets ([`PARITY_CASES`] of them).
pub const PER_CASE: usize = 100;

/// How many of a problem's cases, the smallest first, are varied.
pub const PARITY_CASES: usize = 2;

/// Garbage a token may be replaced with: not a number, negative, past `u64`, written as a
/// float, with a sign, and a NUL byte.
const GARBAGE: [&str; 6] = ["x", "-1", "18446744073709551616", "1e3", "+2", "\u{0}"];

/// A problem's seed: FNV-1a of its name (stable across runs, machines and the set of problems
/// run), with case `index` (0 or 1) in its low bits.
///
/// ```
/// use runner::variants::seed_of;
/// assert_eq!(seed_of("knights", 0), seed_of("knights", 0));
/// assert_ne!(seed_of("knights", 0), seed_of("knights", 1));
/// assert_ne!(seed_of("knights", 0), seed_of("nukit", 0));
/// ```
pub fn seed_of(name: &str, index: usize) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    (hash << 4) + index as u64
}

/// `count` seeded variants of `input` (see the [module](self) for the edits). Tokens are
/// whitespace-separated and each line is written back with single spaces and a newline.
///
/// ```
/// use runner::variants::variants;
/// let a = variants("3\n1 2 3\n", 7, 50);
/// assert_eq!(a.len(), 50);
/// assert_eq!(a, variants("3\n1 2 3\n", 7, 50));
/// assert!(a.iter().any(|v| v != "3\n1 2 3\n"));
/// ```
///
/// # Complexity
/// O(`count` × the input's size).
pub fn variants(input: &str, seed: u64, count: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let original: Vec<Vec<&str>> = input
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut lines: Vec<Vec<String>> = original
            .iter()
            .map(|l| l.iter().map(|t| t.to_string()).collect())
            .collect();
        for _ in 0..rng.range(1, 3) {
            let row = rng.below(lines.len().max(1) as u64) as usize;
            let Some(line) = lines.get_mut(row) else {
                break;
            };
            if line.is_empty() {
                continue;
            }
            let at = rng.below(line.len() as u64) as usize;
            match rng.below(7) {
                0 | 1 => {
                    if let Ok(v) = line[at].parse::<u64>() {
                        line[at] = rng.range(0, v.saturating_add(1)).to_string();
                    }
                }
                2 => line[at] = rng.below(4).to_string(),
                3 => {
                    line.remove(at);
                }
                4 => {
                    let token = line[at].clone();
                    line.insert(at, token);
                }
                5 => line[at] = rng.pick(&GARBAGE).to_string(),
                _ => lines.truncate(row + 1),
            }
        }
        let mut text: String = lines.iter().map(|l| l.join(" ") + "\n").collect();
        if rng.below(8) == 0 {
            text.pop();
        }
        out.push(text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_are_seeded_near_the_input_and_reach_both_kinds() {
        let input = "2\n5 7\n3 1000000\n";
        let list = variants(input, seed_of("example", 0), 400);
        assert_eq!(list, variants(input, seed_of("example", 0), 400));
        assert_ne!(list, variants(input, seed_of("example", 1), 400));
        let tokens = |t: &str| t.split_whitespace().count();
        for variant in &list {
            // At most three edits, each adding at most one token.
            assert!(tokens(variant) <= tokens(input) + 3, "{variant:?}");
        }
        // Every kind of edit shows up: a lowered number, garbage, a dropped token, a doubled
        // one, a cut, a missing final newline; and some variants are still all numbers.
        assert!(list.iter().any(|v| v.contains("x") || v.contains("-1")));
        assert!(list.iter().any(|v| tokens(v) < tokens(input)));
        assert!(list.iter().any(|v| tokens(v) > tokens(input)));
        assert!(list.iter().any(|v| v.lines().count() < 3));
        assert!(list.iter().any(|v| !v.ends_with('\n')));
        assert!(list
            .iter()
            .any(|v| v.contains("3 ") && !v.contains("1000000")));
        assert!(list
            .iter()
            .any(|v| v != input && v.split_whitespace().all(|t| t.parse::<u64>().is_ok())));
    }

    #[test]
    fn each_edit_does_its_own_thing_on_one_line_of_large_numbers() {
        // One line: a cut keeps it whole, so every change below is another edit's.
        let input = "1000000 1000000 1000000\n";
        let list = variants(input, 11, 400);
        let numbers = |v: &str| -> Vec<u64> {
            v.split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect()
        };
        // A cut keeps the line it is at (three drops could empty it, as no variant here does).
        assert!(list.iter().all(|v| !v.is_empty()), "a cut removed the line");
        // Lowered below the value but not to 0..3; set to 0..3; dropped.
        assert!(list
            .iter()
            .any(|v| numbers(v).iter().any(|&n| (4..1_000_000).contains(&n))));
        let small = list
            .iter()
            .filter(|v| numbers(v).iter().any(|&n| n < 4))
            .count();
        assert!(small >= 40, "only {small} of 400 set a number to 0..3");
        assert!(list.iter().any(|v| v.split_whitespace().count() < 3));
        // The final newline is dropped now and then, not as a rule.
        let unended = list.iter().filter(|v| !v.ends_with('\n')).count();
        assert!(
            (20..=100).contains(&unended),
            "{unended} of 400 without a final newline"
        );
    }

    #[test]
    fn seeds_are_fnv_1a_of_the_name_with_the_case_in_the_low_bits() {
        // FNV-1a's published 64-bit value for "a".
        assert_eq!(seed_of("a", 0), 0xaf63_dc4c_8601_ec8c << 4);
        assert_eq!(seed_of("a", 1), (0xaf63_dc4c_8601_ec8c << 4) + 1);
    }

    #[test]
    fn an_empty_input_gives_empty_variants() {
        assert_eq!(variants("", 1, 3), ["", "", ""]);
    }
}
