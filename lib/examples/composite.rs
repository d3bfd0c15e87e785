//! A sum of games: heaps 3, 4 and 5 under take-at-most-3. Each heap alone is worth
//! G(n) = n mod 4, and the sum is worth their XOR: 3 ^ 0 ^ 1 = 2, so the first player wins.
//!
//! `cargo run --example composite`

use grundy::prelude::*;

fn heap_values(heaps: &[usize]) -> Vec<Nimber> {
    let g = grundy_table(heaps.iter().max().map_or(0, |m| m + 1), |x| {
        (1..=3).filter(move |&t| t <= x).map(move |t| x - t)
    });
    heaps.iter().map(|&h| g[h]).collect()
}

fn main() {
    let heaps = [3, 4, 5];
    let values = heap_values(&heaps);
    for (h, v) in heaps.iter().zip(&values) {
        println!("heap {}: G = {}", h, v);
    }
    let total: Nimber = values.iter().sum();
    println!("nim-sum: {}", total);
    println!(
        "winner: {}",
        Outcome::from_grundy(total).pick("first player", "second player")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        assert_eq!(heap_values(&[3, 4, 5]), [3, 0, 1].map(Nimber));
        assert_eq!(heap_values(&[3, 4, 5]).iter().sum::<Nimber>(), Nimber(2));
    }
}
