//! Dawson's Kayles (the octal game 0.07): values for n = 0..40, and its period 34 after a
//! preperiod of 53, certified by the Guy–Smith theorem; Treblecross as the octal game 0.007.
//!
//! `cargo run --example dawson`

use grundy::octal::{Certifier, Limits, RareValue, Solver};

fn first_values(code: &str, n: usize) -> Vec<u16> {
    let mut game = RareValue::new(code.parse().expect("a valid code"));
    game.extend_to(n).expect("values below 65536");
    game.values()[..n].to_vec()
}

/// (period, preperiod, values it took to prove them).
fn certified(code: &str) -> Option<(usize, usize, usize)> {
    let mut game = Certifier::new(RareValue::new(code.parse().expect("a valid code")));
    let p = game.run(Limits::up_to(1 << 12), |_| {}).ok()??;
    Some((p.period, p.preperiod, game.len()))
}

fn main() {
    let values: Vec<String> = first_values("0.07", 41)
        .iter()
        .map(|v| v.to_string())
        .collect();
    println!("dawson G(0..40): {}", values.join(" "));
    if let Some((period, preperiod, computed)) = certified("0.07") {
        println!("period: {}", period);
        println!("preperiod: {}", preperiod);
        println!("certified by: {} values (Guy-Smith)", computed);
    }
    let treblecross: Vec<String> = first_values("0.007", 41)
        .iter()
        .map(|v| v.to_string())
        .collect();
    println!("treblecross 0.007 G(0..40): {}", treblecross.join(" "));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        assert_eq!(certified("0.07"), Some((34, 53, 176)));
        assert_eq!(first_values("0.07", 10), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
        // Treblecross: a row of n cells, a move marks one; whoever completes three in a row
        // wins, so nobody marks within two cells of a mark: 0.007 begins 0 0 0 1 1 1 2 2.
        assert_eq!(first_values("0.007", 8), [0, 0, 0, 1, 1, 1, 2, 2]);
    }
}
