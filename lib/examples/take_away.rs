//! Take-away games from a fixed set S: a move takes s objects from one heap, for some s in S,
//! and the player who cannot move loses. Two routes to the values G(0), G(1), …: the module
//! `grundy::subtraction` (values, and a period proved by the window rule), and a program's own
//! table filled by `mex_few` (the options of a heap are at most |S| values, a handful). Both
//! are checked here against a literal search of the game (each value the smallest number no
//! move reaches, found by scanning), and the period against the table far beyond the prefix
//! that proved it; then the lesson prints each game's period and a heap's value read from it.
//!
//! `cargo run --example take_away`

use grundy::octal::Limits;
use grundy::prelude::{mex_few, Nimber};
use grundy::subtraction::SubtractionGame;

/// G(0..len) of the take-away game `set` by its rule: each value is the smallest number that
/// no move reaches, found by trying 0, 1, 2, … against every option.
fn search(set: &[usize], len: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let options: Vec<u64> = set
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| values[n - s])
            .collect();
        let mut g = 0;
        while options.contains(&g) {
            g += 1;
        }
        values.push(g);
    }
    values
}

/// G(0..len) as a contest program fills it: one `mex_few` per heap over its options' values.
fn table(set: &[usize], len: usize) -> Vec<Nimber> {
    let mut values: Vec<Nimber> = Vec::with_capacity(len);
    let mut options = Vec::with_capacity(set.len());
    for n in 0..len {
        options.clear();
        options.extend(set.iter().filter(|&&s| s <= n).map(|&s| values[n - s]));
        values.push(mex_few(&options));
    }
    values
}

/// The games of the lesson: S = {1, 3, 4} (period 7 from the start), {2, 4, 7} (periodic
/// only after a preperiod), and {3, 5} (two moves a < b: period a + b).
const GAMES: [&[usize]; 3] = [&[1, 3, 4], &[2, 4, 7], &[3, 5]];

/// The lesson's lines, each printed after its checks passed.
fn facts() -> Vec<String> {
    let mut lines = Vec::new();
    let len = 2000;
    for set in GAMES {
        let literal = search(set, len);
        let filled: Vec<u64> = table(set, len).into_iter().map(u64::from).collect();
        assert_eq!(filled, literal, "mex_few's table, S = {:?}", set);
        let mut game = SubtractionGame::new(set).expect("no subtraction of 0");
        let period = game
            .run(Limits::up_to(len), |_| {})
            .expect("no limit but the length")
            .expect("every finite subtraction game is eventually periodic");
        let computed: Vec<u64> = game.values().iter().map(|&v| u64::from(v)).collect();
        assert_eq!(computed, literal[..computed.len()], "S = {:?}", set);
        // The period, proved on a prefix, holds on the whole literal table.
        for (n, &value) in literal.iter().enumerate() {
            assert_eq!(
                game.value(n as u64).map(u64::from),
                Some(value),
                "S = {:?}, G({}) from the period",
                set,
                n
            );
        }
        let first: Vec<String> = literal[..period.preperiod + period.period]
            .iter()
            .map(u64::to_string)
            .collect();
        let far = 1_000_000_000_000_000_000u64;
        let at_far = game.value(far).expect("the period covers every heap");
        lines.push(format!(
            "S = {:?}: preperiod {}, period {}: {}; G(10^18) = {}",
            set,
            period.preperiod,
            period.period,
            first.join(" "),
            u64::from(at_far)
        ));
    }
    lines
}

fn main() {
    for line in facts() {
        println!("{}", line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        // Each line comes after the table, the module and the period agreed with the literal
        // search on the first 2000 heaps.
        // Expected lines computed by a separate script from the rule alone.
        assert_eq!(
            facts(),
            [
                "S = [1, 3, 4]: preperiod 0, period 7: 0 1 0 1 2 3 2; G(10^18) = 1",
                "S = [2, 4, 7]: preperiod 8, period 3: 0 0 1 1 2 2 0 3 1 0 2; G(10^18) = 2",
                // Two moves a < b: period a + b.
                "S = [3, 5]: preperiod 0, period 8: 0 0 0 1 1 1 2 2; G(10^18) = 0",
            ]
        );
    }

    #[test]
    fn a_wrong_table_is_caught_by_the_search() {
        // The check has teeth: S = {1, 2} is not S = {1, 3}'s game.
        let wrong: Vec<u64> = table(&[1, 2], 50).into_iter().map(u64::from).collect();
        assert_ne!(wrong, search(&[1, 3], 50));
    }
}
