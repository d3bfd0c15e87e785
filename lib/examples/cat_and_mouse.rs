//! Cat and mouse: a game with cycles and two players whose moves differ. On an undirected
//! graph the mouse starts on vertex 1 and moves first, the cat starts on vertex 2, and they
//! alternately move to a neighbouring vertex (a move is compulsory). The mouse wins by reaching
//! the hole, vertex 0, which the cat may not enter; the cat wins by moving onto the mouse; if
//! play goes on for ever it is a draw. (The puzzle is well known as LeetCode 913.)
//!
//! `grundy::cyclic` solves it as a game on positions (mouse, cat, player to move): a finished
//! game is a position without moves, lost for the player to move there, who is the loser. The
//! mouse never steps onto the cat (that loses at once, and with no other move the mouse is
//! stuck and loses all the same), so every end is "the player to move has lost".
//!
//! `cargo run --example cat_and_mouse`

use grundy::cyclic::{Alternating, Convention, Solution};

/// The mouse moves as player 0, the cat as player 1.
const MOUSE: usize = 0;
const CAT: usize = 1;

/// Every (mouse, cat) position's solution, the pair numbered `mouse * n + cat`.
fn solve(graph: &[Vec<usize>]) -> (Alternating, Solution) {
    let n = graph.len();
    let turns = Alternating::new(n * n);
    let solution = turns.solve(Convention::Normal, |pair, player, moves| {
        let (mouse, cat) = (pair / n, pair % n);
        if mouse == 0 || mouse == cat {
            return; // the game is over
        }
        debug_assert!(player == MOUSE || player == CAT);
        if player == MOUSE {
            moves.extend(
                graph[mouse]
                    .iter()
                    .filter(|&&to| to != cat)
                    .map(|&to| to * n + cat),
            );
        } else {
            moves.extend(
                graph[cat]
                    .iter()
                    .filter(|&&to| to != 0)
                    .map(|&to| mouse * n + to),
            );
        }
    });
    (turns, solution)
}

/// The result from the usual start (mouse on 1, cat on 2, the mouse to move): who wins, or a
/// draw, with the number of moves of optimal play.
fn result(graph: &[Vec<usize>]) -> (&'static str, Option<u32>) {
    let n = graph.len();
    let (turns, solution) = solve(graph);
    let start = turns.position(n + 2, MOUSE);
    let outcome = solution.outcome(start);
    let winner = outcome.pick("mouse", "cat", "draw");
    (winner, solution.remoteness(start))
}

fn main() {
    let draw = vec![
        vec![2, 5],
        vec![3],
        vec![0, 4, 5],
        vec![1, 4, 5],
        vec![2, 3],
        vec![0, 2, 3],
    ];
    let mouse = vec![vec![1, 3], vec![0], vec![3], vec![0, 2]];
    for graph in [draw, mouse].iter() {
        let (winner, moves) = result(graph);
        match moves {
            Some(moves) => println!("{:?}: the {} wins in {} moves", graph, winner, moves),
            None => println!("{:?}: a {}", graph, winner),
        }
        // Every start of the mouse against the cat on 2, the mouse to move.
        let n = graph.len();
        let (turns, solution) = solve(graph);
        let row: Vec<&str> = (1..n)
            .map(|m| {
                solution
                    .outcome(turns.position(m * n + 2, MOUSE))
                    .pick("W", "L", "D")
            })
            .collect();
        println!(
            "  mouse on 1..{} against the cat on 2: {}",
            n - 1,
            row.join(" ")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        let draw = vec![
            vec![2, 5],
            vec![3],
            vec![0, 4, 5],
            vec![1, 4, 5],
            vec![2, 3],
            vec![0, 2, 3],
        ];
        assert_eq!(result(&draw), ("draw", None));
        // The mouse goes 1 → 0 at once.
        let mouse = vec![vec![1, 3], vec![0], vec![3], vec![0, 2]];
        assert_eq!(result(&mouse), ("mouse", Some(1)));
        // A path 0 - 1 - 2 - 3 with the cat on 2 beside the mouse: the mouse still escapes.
        let path = vec![vec![1], vec![0, 2], vec![1, 3], vec![2]];
        assert_eq!(result(&path), ("mouse", Some(1)));
        // A star with the cat at its centre 2 and the hole a leaf: the mouse on leaf 1 must
        // step onto the cat (it is stuck): the cat wins at once.
        let star = vec![vec![2], vec![2], vec![0, 1, 3], vec![2]];
        assert_eq!(result(&star), ("cat", Some(0)));
    }
}
