//! Twenty-one chips: take 1, 2 or 3 chips from a pile of 21. Under normal play the last chip
//! wins and the P-positions are the multiples of 4; under misère play (taking the last chip
//! loses) they are one more than the multiples of 4.
//!
//! `cargo run --example twenty_one_chips`

use grundy::prelude::*;

/// Grundy values of take-1-to-3 for piles 0..=n.
fn values(n: usize) -> Vec<Nimber> {
    grundy_table(n + 1, |x| {
        (1..=3).filter(move |&t| t <= x).map(move |t| x - t)
    })
}

/// The P-positions up to 21 under normal play.
fn p_positions() -> Vec<usize> {
    let g = values(21);
    (0..=21).filter(|&n| g[n].is_zero()).collect()
}

/// Misère play by its own recursion: with no chip left the player to move has won (the other
/// took the last chip); otherwise a position wins iff some move leaves a losing one.
fn misere_p_positions() -> Vec<usize> {
    let mut mover_wins = [true; 22];
    for n in 1..=21 {
        mover_wins[n] = (1..=3).filter(|&t| t <= n).any(|t| !mover_wins[n - t]);
    }
    (0..=21).filter(|&n| !mover_wins[n]).collect()
}

/// The winning first move from 21: how many chips to take.
fn first_move() -> usize {
    let g = values(21);
    (1..=3)
        .find(|&t| g[21 - t].is_zero())
        .expect("21 is an N-position")
}

fn list(v: &[usize]) -> String {
    v.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    let g = values(21);
    println!(
        "n:      {}",
        (0..=21)
            .map(|n| format!("{:>2}", n))
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "G(n):   {}",
        g.iter()
            .map(|v| format!("{:>2}", v))
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!("outcome of 21: {:?}", Outcome::from_grundy(g[21]));
    println!("p-positions: {}", list(&p_positions()));
    println!("first move: take {}", first_move());
    println!("misere p-positions: {}", list(&misere_p_positions()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        assert_eq!(list(&p_positions()), "0 4 8 12 16 20");
        assert_eq!(first_move(), 1);
        assert_eq!(list(&misere_p_positions()), "1 5 9 13 17 21");
        let pattern = grundy::pattern::describe(
            &values(60).iter().map(|&v| u64::from(v)).collect::<Vec<_>>(),
        );
        assert_eq!(pattern.p_rule(), "n % 4 == 0");
    }
}
