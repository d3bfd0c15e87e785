//! SPOJ GAME31 "The game of 31" (CCC 2000 Stage 2): 24 cards, four each of 1 to 6; players
//! alternately lay one on a pile whose total must stay at most 31; whoever cannot lay a card
//! loses. Given the cards laid so far (A laid first), who wins with perfect play?
//!
//! A position is the count of each value still in the deck (5^6 states; the total follows from
//! them), and laying a card lowers one count: the Grundy table over the box of counts
//! (`grundy::prelude::grundy_table`) answers every line at once.
//!
//! Input: lines until the end of the input, each the digits of the cards laid, in order.
//! Output per line: the line, a space, and `A` or `B`. Carriage returns and spaces around a line
//! are dropped; a blank line is skipped (it would be the game with no card laid, and the judge's
//! data is believed to have none, while a stray empty last line is common). A line that lays
//! something other than 1-6, a fifth card of a value, or passes 31 is refused, naming the line, and
//! so is a line longer than [`MAX_LINE`] bytes.

use grundy::prelude::{grundy_table, Nimber};
use judge::{Cached, InputError, Scanner};
use std::io::Write;

/// The card values are 1..=VALUES, each COPIES times in the deck.
const VALUES: usize = 6;
const COPIES: usize = 4;
/// The pile's total may not pass this.
const LIMIT: usize = 31;
/// The longest line read: a game lays at most 13 cards (1111222233334), and this leaves room
/// for spaces around them. A longer line is refused after reading this much of it.
const MAX_LINE: usize = 1024;

/// The position with `left[v]` cards of value v + 1 still in the deck, as a table index.
fn index(left: &[usize; VALUES]) -> usize {
    left.iter().rev().fold(0, |i, &l| i * (COPIES + 1) + l)
}

/// The counts of a table index.
fn counts(mut i: usize) -> [usize; VALUES] {
    let mut left = [0; VALUES];
    for l in left.iter_mut() {
        *l = i % (COPIES + 1);
        i /= COPIES + 1;
    }
    left
}

/// The pile's total when `left` remains in the deck.
fn total(left: &[usize; VALUES]) -> usize {
    (0..VALUES).map(|v| (v + 1) * (COPIES - left[v])).sum()
}

/// Grundy values of every position; laying a card lowers the index, as the table needs.
fn table() -> Vec<Nimber> {
    let size = (COPIES + 1).pow(VALUES as u32);
    grundy_table(size, |i| {
        let left = counts(i);
        let room = LIMIT.saturating_sub(total(&left));
        let mut next = Vec::new();
        let mut step = 1;
        for (v, &l) in left.iter().enumerate() {
            if l > 0 && v < room {
                next.push(i - step);
            }
            step *= COPIES + 1;
        }
        next
    })
}

thread_local! {
    /// The Grundy table, built once.
    static GRUNDY: Cached<Vec<Nimber>> = Cached::new();
}

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let values = GRUNDY.with(|values| values.get_or_init(table));
    let mut number = 0;
    while let Some(raw) = sc.line_within(format_args!("line {}", number + 1), MAX_LINE)? {
        number += 1;
        let line = match std::str::from_utf8(raw) {
            Ok(line) => line.trim(),
            Err(_) => {
                return Err(InputError::Invalid(format!(
                    "line {}: {} is not text",
                    number,
                    judge::quote(raw)
                )))
            }
        };
        if line.is_empty() {
            continue;
        }
        let mut left = [COPIES; VALUES];
        let mut pile = 0;
        for card in line.bytes() {
            let bad = |why: String| {
                InputError::Invalid(format!(
                    "line {}: {}: {}",
                    number,
                    judge::quote(line.as_bytes()),
                    why
                ))
            };
            let value = match card {
                b'1'..=b'6' => usize::from(card - b'0'),
                _ => return Err(bad(format!("{} is not a card 1-6", judge::quote(&[card])))),
            };
            if left[value - 1] == 0 {
                return Err(bad(format!("a fifth {} is laid", value)));
            }
            left[value - 1] -= 1;
            pile += value;
            if pile > LIMIT {
                return Err(bad(format!("the pile passes {}", LIMIT)));
            }
        }
        let a_to_move = line.len() % 2 == 0;
        let mover_wins = !values[index(&left)].is_zero();
        let winner = if a_to_move == mover_wins { "A" } else { "B" };
        writeln!(out, "{} {}", line, winner)?;
    }
    Ok(())
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    #[derive(Default)]
    struct Game31;
    impl Problem for Game31 {
        /// The cards laid so far.
        type Case = Vec<u8>;
        const SIZE: u64 = 12;
        /// Up to `size` legal cards, laid at random.
        fn case(rng: &mut Rng, size: u64) -> Vec<u8> {
            let mut laid: Vec<u8> = Vec::new();
            for _ in 0..rng.range(1, size.max(1)) {
                let sum: u32 = laid.iter().map(|&c| u32::from(c)).sum();
                let legal: Vec<u8> = (1..=6u8)
                    .filter(|&c| {
                        laid.iter().filter(|&&x| x == c).count() < 4 && sum + u32::from(c) <= 31
                    })
                    .collect();
                if legal.is_empty() {
                    break;
                }
                laid.push(*rng.pick(&legal));
            }
            laid
        }
        fn input(cases: &[Vec<u8>]) -> String {
            cases
                .iter()
                .map(|laid| laid.iter().map(|c| c.to_string()).collect::<String>() + "\n")
                .collect()
        }
        fn brute(&mut self, laid: &Vec<u8>) -> String {
            // Literal search over (cards used of each value, pile total).
            let mut search = Search::normal(|&(used, pile): &([u8; 6], u32)| {
                (0..6)
                    .filter(|&v| used[v] < 4 && pile + (v as u32) < 31)
                    .map(|v| {
                        let mut after = used;
                        after[v] += 1;
                        (after, pile + v as u32 + 1)
                    })
                    .collect()
            });
            let mut used = [0u8; 6];
            laid.iter().for_each(|&c| used[c as usize - 1] += 1);
            let pile = laid.iter().map(|&c| u32::from(c)).sum();
            let mover_wins = search.mover_wins((used, pile));
            let a_moves = laid.len() % 2 == 0;
            let line: String = laid.iter().map(|c| c.to_string()).collect();
            format!(
                "{} {}\n",
                line,
                if a_moves == mover_wins { "A" } else { "B" }
            )
        }
    }

    testkit::problem_tests!(
        Game31,
        solve,
        refuses: [
            ("123\n3570\n", "line 2: `3570`: `7` is not a card 1-6"),
            ("66666\n", "line 1: `66666`: a fifth 6 is laid"),
            ("6666555\n", "line 1: `6666555`: the pile passes 31"),
            ("12 3\n", "line 1: `12 3`: ` ` is not a card 1-6"),
        ]
    );

    #[test]
    fn blank_lines_carriage_returns_and_the_empty_input() {
        let got = judge::run_str(solve, "\r\n356656\r\n\n  3566  \n").unwrap();
        assert_eq!(got, "356656 B\n3566 A\n");
        assert_eq!(judge::run_str(solve, "").unwrap(), "");
    }
}
