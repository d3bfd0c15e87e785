//! The divide game: a heap of n may become ⌊n/2⌋, ⌊n/3⌋ or ⌊n/6⌋ (a heap of 0 is finished).
//! A memoised search gives the first values; the pattern guesser reads the rule off them,
//! G(n) = G(⌊n/12⌋) for n >= 6, and the memo (which visits only the few hundred heaps
//! reachable by division) confirms it up to 10^18.
//!
//! `cargo run --example divide_game`; its `values:` line pipes into `grundy describe`.

use grundy::pattern::guess;
use grundy::prelude::GrundyMemo;

fn moves(&n: &u64) -> Vec<u64> {
    if n == 0 {
        Vec::new()
    } else {
        vec![n / 2, n / 3, n / 6]
    }
}

/// The heaps the lesson checks far beyond the values the rule was guessed from.
const LARGE: [u64; 4] = [
    1_000_000_000_000_000_000,
    999_999_999_999_999_999,
    123_456_789_012_345_678,
    777_777_777_777,
];

fn main() {
    let mut memo = GrundyMemo::new(moves);
    let values: Vec<u64> = (0..300).map(|n| u64::from(memo.value(n))).collect();
    print!(
        "{}",
        testkit::values::values_line(300, |n| values[n as usize])
    );
    let found = match guess(&values) {
        Ok(found) => found,
        Err(refusal) => {
            println!("rule: none ({})", refusal);
            return;
        }
    };
    println!("rule: {}", found.rule);
    println!(
        "conjectured from the data: fitted on {} values, predicted {} more (the memo below checks it far beyond)",
        found.fitted, found.held_out
    );
    for n in LARGE {
        println!(
            "G({}): {} by the memo, {} by the rule",
            n,
            memo.value(n),
            found.rule.value(n)
        );
    }
    println!("memo-states: {}", memo.len());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        let mut memo = GrundyMemo::new(moves);
        let values: Vec<u64> = (0..300).map(|n| u64::from(memo.value(n))).collect();
        assert_eq!(values[..12], [0, 1, 2, 2, 3, 3, 0, 0, 0, 0, 0, 0]);
        let rule = guess(&values).unwrap().rule;
        assert_eq!(
            rule.to_string(),
            "G(n) = G(⌊n/12⌋) for n >= 6; G(0..5) = 0 1 2 2 3 3"
        );
        // The rule agrees with the search far beyond the 300 values it was guessed from.
        for n in (0..100_000).chain(LARGE.iter().copied()) {
            assert_eq!(rule.value(n), u64::from(memo.value(n)), "n = {}", n);
        }
        // From fewer values the recursion cannot be seen feeding on itself: no claim.
        assert!(guess(&values[..60]).is_err());
        // A heap of 10^18 reaches only a few hundred heaps by division.
        let mut fresh = GrundyMemo::new(moves);
        fresh.value(LARGE[0]);
        assert!(fresh.len() < 2000, "{}", fresh.len());
    }
}
