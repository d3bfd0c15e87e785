//! Grundy tables of two subtraction games: take at most 3 (values 0 1 2 3 repeating) and take
//! any number (G(n) = n: a Nim heap). The pattern finder reads the first off the values.
//!
//! `cargo run --example subtraction_table`

use grundy::grundy_table;
use grundy::pattern::describe;

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

fn main() {
    println!("n:            {}", row(&(0..=20).collect::<Vec<u64>>()));
    println!("take 1-3:     {}", row(&take_at_most_three(21)));
    println!("take any:     {}", row(&take_any(21)));
    let d = describe(&take_at_most_three(60));
    print!("{}", d);
    println!("take any: G(n) = n");
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
    }
}
