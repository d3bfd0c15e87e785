//! Chomp: a rectangle of squares whose corner (1, 1) is poisoned; a bite at (r, c) eats every
//! square at or below and right of it, and whoever must eat the poison loses. A literal search
//! shows the first player wins every rectangle larger than 1 × 1, as strategy stealing proves,
//! and prints a winning first bite; on a square board it is (2, 2).
//!
//! `cargo run --example chomp`

use grundy::prelude::GrundyMemo;

/// A position: the length of each row, non-increasing, the poison at row 1 column 1.
type Rows = Vec<u8>;

/// Every bite but the poison: at (r, c) rows r.. are cut to c − 1 squares.
fn bites(rows: &Rows) -> Vec<Rows> {
    let mut next = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r] as usize {
            if r == 0 && c == 0 {
                continue; // eating the poison is never chosen: with only it left, you lose
            }
            let mut after = rows.clone();
            for row in after.iter_mut().skip(r) {
                *row = (*row).min(c as u8);
            }
            after.retain(|&l| l > 0);
            next.push(after);
        }
    }
    next
}

/// A winning first bite (1-based row, column) on an r × c rectangle, if any.
fn winning_bite(rows: usize, columns: usize) -> Option<(usize, usize)> {
    let mut memo = GrundyMemo::new(bites);
    let start: Rows = vec![columns as u8; rows];
    for r in 0..rows {
        for c in 0..columns {
            if r == 0 && c == 0 {
                continue;
            }
            let mut after = start.clone();
            for row in after.iter_mut().skip(r) {
                *row = (*row).min(c as u8);
            }
            after.retain(|&l| l > 0);
            if memo.value(after).is_zero() {
                return Some((r + 1, c + 1));
            }
        }
    }
    None
}

fn main() {
    for rows in 1..=5 {
        for columns in 1..=6 {
            match winning_bite(rows, columns) {
                Some((r, c)) => println!(
                    "{} x {}: first player wins, bite ({}, {})",
                    rows, columns, r, c
                ),
                None => println!("{} x {}: second player wins", rows, columns),
            }
        }
    }
    if let Some((r, c)) = winning_bite(5, 5) {
        println!("square winning bite: ({}, {})", r, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        for rows in 1..=4 {
            for columns in 1..=5 {
                let first_wins = winning_bite(rows, columns).is_some();
                assert_eq!(first_wins, rows * columns > 1, "{rows} x {columns}");
            }
        }
        for n in 2..=5 {
            assert_eq!(winning_bite(n, n), Some((2, 2)), "{n} x {n}");
        }
    }
}
