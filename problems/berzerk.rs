//! Codeforces 786A "Berzerk": n objects in a circle, object 1 a black hole; a monster starts on
//! one of objects 2..n. Rick (set s1) and Morty (set s2) alternately pick x from their own set
//! and move the monster x objects clockwise; whoever puts it into the black hole wins. For
//! each start and each first player: `Win`, `Lose` or `Loop` (the game never ends; a player
//! who cannot win prefers a loop to a loss).
//!
//! The game has cycles and the two players have different moves: a position is (object,
//! player to move), 2n positions, solved for every start at once by retrograde analysis
//! (`grundy::cyclic`). A position with the monster in the black hole has no move: the player
//! to move there has lost, since the other just won. The graph has up to 2n(n − 1) edges, too
//! many to store at n = 7000, so the solver gets each position's predecessors from the sets
//! instead: (o − x, other player) for x in the other player's set, unless o − x is the black
//! hole (where play has ended).
//!
//! Input: n; then k1 and Rick's k1 numbers; then k2 and Morty's k2 numbers. Output: two lines
//! of n − 1 words, Rick first then Morty first, the word for objects 2..n.
//! Limits: 2 ≤ n ≤ 7000, 1 ≤ k_i ≤ n − 1, numbers in 1..n − 1 (a number repeated in a set is
//! the same move, and is solved so); anything else is refused.

use grundy::cyclic::{solve_by_predecessors, Alternating, Convention};
use judge::{InputError, Scanner};
use std::io::Write;

/// The judge's largest number of objects.
const MAX_OBJECTS: usize = 7000;

/// The players' names in the order of the input, for error messages.
const PLAYERS: [&str; 2] = ["Rick's set s1", "Morty's set s2"];

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.index("n", 2..=MAX_OBJECTS)?;
    let mut sets: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    for (player, set) in sets.iter_mut().enumerate() {
        let name = PLAYERS[player];
        let k = sc
            .index("k", 1..=n - 1)
            .map_err(|e| e.for_field(format_args!("the size of {}", name)))?;
        for i in 1..=k {
            let x = sc
                .index_fast("x", 1..=n - 1)
                .map_err(|e| e.for_field(format_args!("number {} of {}", i, name)))?;
            set.push(x as u32);
        }
    }
    sc.finish()?;
    for set in sets.iter_mut() {
        set.sort_unstable();
    }

    // Object 1 (the black hole) is vertex 0; object o is vertex o − 1.
    let turns = Alternating::new(n);
    let solution = solve_by_predecessors(
        turns.positions(),
        Convention::Normal,
        |position| {
            let vertex = turns.vertex(position);
            if vertex == 0 {
                0
            } else {
                sets[turns.player(position)].len()
            }
        },
        |position, predecessors| {
            let (vertex, mover) = (turns.vertex(position), turns.player(position));
            // The move into `position` was made by the other player, from vertex − x.
            let before = 1 - mover;
            let base = before * n;
            // Sorted, the set splits into x < vertex (from vertex − x), x = vertex (from the
            // black hole, where play has ended: no move) and x > vertex (from vertex + n − x,
            // round the circle): two loops with no branch on the wrap-around, which the
            // numbers' random order would mispredict.
            let set = &sets[before];
            let below = set.partition_point(|&x| (x as usize) < vertex);
            let through = set.partition_point(|&x| x as usize <= vertex);
            let (below_x, above_x) = ((base + vertex) as u32, (base + vertex + n) as u32);
            predecessors.extend(set[..below].iter().map(|&x| below_x - x));
            predecessors.extend(set[through..].iter().map(|&x| above_x - x));
        },
    );

    let mut text = String::with_capacity(2 * 5 * n);
    for first in 0..2 {
        for vertex in 1..n {
            if vertex > 1 {
                text.push(' ');
            }
            let outcome = solution.outcome(turns.position(vertex, first));
            text.push_str(outcome.pick("Win", "Lose", "Loop"));
        }
        text.push('\n');
    }
    out.write_all(text.as_bytes())?;
    Ok(())
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::cycles::fates;
    use testkit::{Problem, Rng};

    /// n and the two players' sets.
    type Game = (usize, [Vec<usize>; 2]);

    #[derive(Default)]
    struct Berzerk;
    impl Problem for Berzerk {
        /// The whole input: one game.
        type Case = Game;
        const SIZE: u64 = 12;
        const MAX_SIZE: u64 = 40;
        const MAX_CASES: usize = 1;
        fn case(rng: &mut Rng, size: u64) -> Game {
            let n = rng.range(2, size.max(2)) as usize;
            let mut set = || {
                let mut numbers: Vec<usize> = (1..n).filter(|_| rng.below(3) == 0).collect();
                if numbers.is_empty() {
                    numbers.push(rng.range(1, n as u64 - 1) as usize);
                }
                // Shuffle: the input's order is not sorted.
                for i in (1..numbers.len()).rev() {
                    numbers.swap(i, rng.below(i as u64 + 1) as usize);
                }
                numbers
            };
            let sets = [set(), set()];
            (n, sets)
        }
        /// The judge's largest input: n = 7000, each set every number 1..n − 1 (k = 6999) or a
        /// random half of them (by rng), shuffled.
        fn max_cases(rng: &mut Rng) -> Vec<Game> {
            let n = 7000;
            let mut set = || {
                let full = rng.below(2) == 0;
                let mut numbers: Vec<usize> =
                    (1..n).filter(|_| full || rng.below(2) == 0).collect();
                for i in (1..numbers.len()).rev() {
                    numbers.swap(i, rng.below(i as u64 + 1) as usize);
                }
                numbers
            };
            let sets = [set(), set()];
            vec![(n, sets)]
        }
        fn input(cases: &[Game]) -> String {
            let (n, sets) = &cases[0];
            let mut text = format!("{}\n", n);
            for set in sets {
                let numbers: Vec<String> = set.iter().map(|x| x.to_string()).collect();
                text += &format!("{} {}\n", set.len(), numbers.join(" "));
            }
            text
        }
        fn brute(&mut self, game: &Game) -> String {
            // The rule applied literally until nothing changes (testkit's `fates`), on
            // (object, player to move); a move that reaches object 1 leaves the opponent with no
            // move: the game is over and the mover has won.
            let (n, sets) = game;
            let n = *n;
            let moves = |&(object, player): &(usize, usize)| -> Vec<(usize, usize)> {
                if object == 1 {
                    return Vec::new();
                }
                sets[player]
                    .iter()
                    .map(|&x| ((object - 1 + x) % n + 1, 1 - player))
                    .collect()
            };
            let starts = (2..=n).flat_map(|object| [(object, 0), (object, 1)]);
            let fate = fates(starts, moves);
            let mut text = String::new();
            for player in 0..2 {
                let words: Vec<&str> = (2..=n)
                    .map(|object| fate[&(object, player)].pick("Win", "Lose", "Loop"))
                    .collect();
                text += &words.join(" ");
                text.push('\n');
            }
            text
        }
    }

    testkit::problem_tests!(
        Berzerk,
        solve,
        refuses: [
            ("", "expected n"),
            ("1\n1 1\n1 1\n", "n = `1` is out of range"),
            ("7001\n", "n = `7001` is out of range"),
            ("5\n0\n1 1\n", "the size of Rick's set s1 = `0` is out of range"),
            ("5\n5 1 2 3 4 1\n1 1\n", "the size of Rick's set s1 = `5` is out of range"),
            ("5\n2 1 5\n1 1\n", "number 2 of Rick's set s1 = `5` is out of range"),
            ("5\n2 1 2\n1 0\n", "number 1 of Morty's set s2 = `0` is out of range"),
            ("5\n2 1 2\n2 3\n", "input ended early: expected number 2 of Morty's set s2"),
            ("5\n1 1\n1 1\n7\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn a_repeated_number_is_the_same_move() {
        let twice = judge::run_str(solve, "5\n3 3 2 3\n3 1 2 3\n").unwrap();
        let once = judge::run_str(solve, "5\n2 3 2\n3 1 2 3\n").unwrap();
        assert_eq!(twice, once);
    }
}
