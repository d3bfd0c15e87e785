//! The divide game: a heap of n may become ⌊n/2⌋, ⌊n/3⌋ or ⌊n/6⌋ (a heap of 0 is finished).
//! Values for n up to 10^18 come from a memoised search that visits only the few hundred
//! heaps reachable by division; the table shows G(n) = G(⌊n/12⌋) for n >= 6.
//!
//! `cargo run --example divide_game`

use grundy::GrundyMemo;

fn moves(&n: &u64) -> Vec<u64> {
    if n == 0 {
        Vec::new()
    } else {
        vec![n / 2, n / 3, n / 6]
    }
}

/// Whether G(n) = G(⌊n/12⌋) for every 6 <= n < `upto` (by a table) and for the given large n
/// (by the memo).
fn twelve_rule_holds(upto: u64, large: &[u64]) -> bool {
    let mut memo = GrundyMemo::new(moves);
    (6..upto)
        .chain(large.iter().copied())
        .all(|n| memo.value(n) == memo.value(n / 12))
}

fn main() {
    let mut memo = GrundyMemo::new(moves);
    let small: Vec<String> = (0..30).map(|n| memo.value(n).to_string()).collect();
    println!("G(0..30): {}", small.join(" "));
    for n in [
        1_000_000_000_000_000_000u64,
        999_999_999_999_999_999,
        123_456_789_012_345_678,
    ] {
        println!("G({}) = {}", n, memo.value(n));
    }
    println!("states searched: {}", memo.len());
    let holds = twelve_rule_holds(100_000, &[1_000_000_000_000_000_000, 777_777_777_777]);
    if holds {
        println!("pattern: G(n) = G(n / 12) for n >= 6");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        let mut memo = GrundyMemo::new(moves);
        let small: Vec<u64> = (0..12).map(|n| memo.value(n).value()).collect();
        assert_eq!(small, [0, 1, 2, 2, 3, 3, 0, 0, 0, 0, 0, 0]);
        assert!(twelve_rule_holds(
            100_000,
            &[1_000_000_000_000_000_000, 10u64.pow(17) + 7]
        ));
        // Below 6 it fails: G(5) = 3 but G(0) = 0.
        assert!(!twelve_rule_holds(6, &[5]));
        memo.value(1_000_000_000_000_000_000);
        assert!(memo.len() < 2000, "{}", memo.len());
    }
}
