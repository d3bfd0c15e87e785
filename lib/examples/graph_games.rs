//! Two games the Sprague–Grundy sum does not decide, each checked here against the game itself:
//! vertex geography on a board (`grundy::geography`: who wins is a question of maximum
//! matchings, and a board's cells are bipartite by their colour), and Every-SG, where a turn
//! moves in every component (`grundy::every_sg`: step counts, the longest decides).
//!
//! `cargo run --example graph_games`

use grundy::every_sg::{self, step_table};
use grundy::geography;
use grundy::prelude::Outcome;

/// Whether the player to move wins geography with the token on `at` and `visited` (a bit per
/// vertex) already visited, by trying every move.
fn geography_search(adjacent: &[Vec<usize>], at: usize, visited: u32) -> bool {
    adjacent[at].iter().any(|&next| {
        visited >> next & 1 == 0 && !geography_search(adjacent, next, visited | 1 << next)
    })
}

/// Cells as (row, column), or edges as two cell numbers.
type Pairs = Vec<(usize, usize)>;

/// The open cells of a `rows` × `cols` board (`#` blocked), numbered row by row, and the
/// edges between side-by-side open cells.
fn board(rows: &[&str]) -> (Pairs, Pairs) {
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '.' {
                cells.push((r, c));
            }
        }
    }
    let mut edges = Vec::new();
    for (i, &(r, c)) in cells.iter().enumerate() {
        for (j, &(s, d)) in cells.iter().enumerate() {
            if i < j && r.abs_diff_free(s) + c.abs_diff_free(d) == 1 {
                edges.push((i, j));
            }
        }
    }
    (cells, edges)
}

/// `|a − b|` written for rustc 1.56 (no `abs_diff`).
trait AbsDiff {
    fn abs_diff_free(self, other: Self) -> usize;
}

impl AbsDiff for usize {
    fn abs_diff_free(self, other: usize) -> usize {
        if self > other {
            self - other
        } else {
            other - self
        }
    }
}

/// The board's starts the mover wins from, by the literal search, after checking that
/// `outcomes` (any graph) and `outcomes_bipartite` (the cells split by colour) say the same.
fn geography_facts(rows: &[&str]) -> String {
    let (cells, edges) = board(rows);
    let mut adjacent = vec![Vec::new(); cells.len()];
    for &(a, b) in &edges {
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    let general = geography::outcomes(cells.len(), &edges);
    // Black cells (r + c even) on the left, white on the right, each numbered in order.
    let colour = |i: usize| (cells[i].0 + cells[i].1) % 2;
    let side_index: Vec<usize> = (0..cells.len())
        .map(|i| (0..i).filter(|&j| colour(j) == colour(i)).count())
        .collect();
    let blacks = (0..cells.len()).filter(|&i| colour(i) == 0).count();
    let split: Vec<(usize, usize)> = edges
        .iter()
        .map(|&(a, b)| if colour(a) == 0 { (a, b) } else { (b, a) })
        .map(|(black, white)| (side_index[black], side_index[white]))
        .collect();
    let (left, right) = geography::outcomes_bipartite(blacks, cells.len() - blacks, &split);
    let mut winning = Vec::new();
    for (i, &(r, c)) in cells.iter().enumerate() {
        let wins = geography_search(&adjacent, i, 1 << i);
        assert_eq!(general[i].first_player_wins(), wins, "cell ({}, {})", r, c);
        let bipartite = if colour(i) == 0 {
            left[side_index[i]]
        } else {
            right[side_index[i]]
        };
        assert_eq!(bipartite, general[i], "cell ({}, {})", r, c);
        if wins {
            winning.push(format!("({},{})", r, c));
        }
    }
    format!(
        "geography on {}: the mover wins from {} of {} cells: {}",
        rows.join("/"),
        winning.len(),
        cells.len(),
        winning.join(" ")
    )
}

/// Every-SG on two heaps of take-1-or-2, by its rule: each turn the mover takes 1 or 2 from
/// every heap that is not empty; with both empty the mover has lost.
fn every_sg_search(n: usize) -> Vec<Vec<bool>> {
    let moves = |h: usize| -> Vec<usize> { (1..=2).filter(|&t| t <= h).map(|t| h - t).collect() };
    let mut wins = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let options_a = if a > 0 { moves(a) } else { vec![0] };
            let options_b = if b > 0 { moves(b) } else { vec![0] };
            wins[a][b] = (a, b) != (0, 0)
                && options_a
                    .iter()
                    .any(|&x| options_b.iter().any(|&y| !wins[x][y]));
        }
    }
    wins
}

/// The pairs of heaps up to `n` the mover loses, after checking `every_sg::outcome` of the
/// step counts against the literal search.
fn every_sg_facts(n: usize) -> String {
    let steps = step_table(n + 1, |x| {
        (1..=2).filter(move |&t| t <= x).map(move |t| x - t)
    });
    let wins = every_sg_search(n);
    let mut lost = Vec::new();
    for a in 0..=n {
        for b in a..=n {
            let module = every_sg::outcome([steps[a], steps[b]]);
            assert_eq!(
                module == Outcome::FirstPlayerWins,
                wins[a][b],
                "heaps {} {}",
                a,
                b
            );
            if !wins[a][b] {
                lost.push(format!("{}+{}", a, b));
            }
        }
    }
    let shown: Vec<String> = steps.iter().map(|s| s.to_string()).collect();
    format!(
        "every-sg, take 1 or 2: steps {}; lost pairs {}",
        shown.join(" "),
        lost.join(" ")
    )
}

fn facts() -> Vec<String> {
    vec![
        geography_facts(&["....", ".#..", "...."]),
        geography_facts(&["...", "...", "..."]),
        every_sg_facts(8),
    ]
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
        // Each line comes after the modules agreed with the literal search on every start.
        assert_eq!(
            facts(),
            [
                // Six white cells and five black: a maximum matching covers every black cell.
                "geography on ..../.#../....: the mover wins from 5 of 11 cells: (0,0) (0,2) (1,3) (2,0) (2,2)",
                // Five black cells and four white: every maximum matching covers the white ones.
                "geography on .../.../...: the mover wins from 4 of 9 cells: (0,1) (1,0) (1,2) (2,1)",
                // Lost exactly when the larger step count is even.
                "every-sg, take 1 or 2: steps 0 1 1 2 3 3 4 5 5; lost pairs 0+0 0+3 0+6 1+3 1+6 2+3 2+6 3+3 3+6 4+6 5+6 6+6",
            ]
        );
    }
}
