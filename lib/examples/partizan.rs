//! Partizan games: the values of a few classic positions, each printed with its outcome class
//! (`grundy::partizan`): a Blue-Red stalk (a number, by its sign expansion), a green edge (`*`),
//! up, a hot game, and the sum of a cold number and a hot game.
//!
//! `cargo run --example partizan`

use grundy::partizan::games::{GameId, Games};
use grundy::partizan::hackenbush::{Color, Picture};

/// The lesson's positions, each as (name, canonical form) in one arena.
fn positions(games: &mut Games) -> Vec<(&'static str, GameId)> {
    use Color::{Blue, Green, Red};
    let picture = |edges: &[(usize, usize, Color)], games: &mut Games| {
        let vertices = edges.iter().map(|e| e.1 + 1).max().unwrap_or(1);
        Picture::new(vertices, edges).game(games, 1000).unwrap()
    };
    // A stalk blue, blue, red from the ground up: + + - is 1 + 1 - 1/2 = 3/2.
    let stalk = picture(&[(0, 1, Blue), (1, 2, Blue), (2, 3, Red)], games);
    // One green edge: either player takes it and wins: {0 | 0} = *.
    let star = picture(&[(0, 1, Green)], games);
    // A green edge with a blue one on top is {0, * | 0} = ^* (Left may leave the green edge,
    // *, or nothing; Right only nothing); a green edge beside it adds *, and ^* + * = ^.
    let up = picture(&[(0, 1, Green), (1, 2, Blue), (0, 3, Green)], games);
    // A hot game: whoever moves first gains 2 (the cold number 0 in the middle).
    let two = games.number(2.into());
    let minus_two = games.neg(two);
    let hot = games.game(&[two], &[minus_two]);
    // A number plus the hot game: still hot, its temperature unchanged.
    let half = games.number(grundy::partizan::dyadic::Dyadic::new(1, 1));
    let sum = games.add(half, hot);
    vec![
        ("stalk", stalk),
        ("star", star),
        ("up", up),
        ("hot", hot),
        ("sum", sum),
    ]
}

fn main() {
    let mut games = Games::new();
    for (name, g) in positions(&mut games) {
        let class = games.outcome(g);
        println!("{}: {} ({})", name, games.name(g), class.letter());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        let mut games = Games::new();
        let facts: Vec<(&str, String, char)> = positions(&mut games)
            .into_iter()
            .map(|(name, g)| {
                let class = games.outcome(g).letter();
                (name, games.name(g), class)
            })
            .collect();
        let expected: Vec<(&str, String, char)> = vec![
            ("stalk", "3/2".into(), 'L'),
            ("star", "*".into(), 'N'),
            ("up", "^".into(), 'L'),
            ("hot", "{2|-2}".into(), 'N'),
            ("sum", "{5/2|-3/2}".into(), 'N'),
        ];
        assert_eq!(facts, expected);
    }
}
