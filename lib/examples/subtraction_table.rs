//! Grundy tables of two subtraction games: take at most 3 (values 0 1 2 3 repeating) and take
//! any number (a Nim heap). The pattern finder reads the period off the first, and the
//! guesser reads both rules: `G(n) = n mod 4` and `G(n) = n`.
//!
//! `cargo run --example subtraction_table`

use grundy::pattern::{describe, guess};
use grundy::prelude::grundy_table;

fn take_at_most_three(n: usize) -> Vec<u64> {
    let g = grundy_table(n, |x| (1..=3).filter(move |&t| t <= x).map(move |t| x - t));
    g.into_iter().map(u64::from).collect()
}

fn take_any(n: usize) -> Vec<u64> {
    let g = grundy_table(n, |x| 0..x);
    g.into_iter().map(u64::from).collect()
}

fn row(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| format!("{:>2}", v))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The guessed rule's formula, or `none`.
fn rule(values: &[u64]) -> String {
    match guess(values) {
        Ok(found) => found.rule.to_string(),
        Err(_) => "none".to_string(),
    }
}

fn main() {
    println!("n:            {}", row(&(0..=20).collect::<Vec<u64>>()));
    println!("take 1-3:     {}", row(&take_at_most_three(21)));
    println!("take any:     {}", row(&take_any(21)));
    print!("{}", describe(&take_at_most_three(60)));
    println!("take 1-3 rule: {}", rule(&take_at_most_three(60)));
    println!("take any rule: {}", rule(&take_any(60)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        assert_eq!(row(&take_at_most_three(8)), " 0  1  2  3  0  1  2  3");
        assert!(take_any(21).iter().enumerate().all(|(n, &g)| g == n as u64));
        let d = describe(&take_at_most_three(60));
        let text = d.to_string();
        assert!(
            text.starts_with("period: 4\npreperiod: 0\nsaltus: 0\np-positions: n % 4 == 0\n"),
            "{text}"
        );
        assert_eq!(rule(&take_at_most_three(60)), "G(n) = n mod 4");
        assert_eq!(rule(&take_any(60)), "G(n) = n");
        // The rules extend: the tables computed to 3000 agree.
        let far = take_at_most_three(3000);
        let found = guess(&take_at_most_three(60)).unwrap();
        assert_eq!(found.rule.extend(3000), far);
        let found = guess(&take_any(60)).unwrap();
        assert_eq!(found.rule.extend(3000), take_any(3000));
    }
}
