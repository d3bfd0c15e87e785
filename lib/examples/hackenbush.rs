//! Green Hackenbush: a stalk, a twig, a tree, a door and a house, valued by the colon and
//! fusion principles (`grundy::hackenbush`), and the lesson's board of tree + house + door.
//!
//! `cargo run --example hackenbush`

use grundy::hackenbush::Graph;
use grundy::prelude::Nimber;

/// The lesson's pictures: (name, graph). Vertex 0 is the ground.
fn pictures() -> Vec<(&'static str, Graph)> {
    vec![
        ("stalk", Graph::stalk(3)),
        // A trunk with two one-edge branches at its top: mex(0, 2, 2) = 1.
        ("twig", Graph::new(4, &[(0, 1), (1, 2), (1, 3)])),
        // A one-edge stalk beside a trunk holding branches of two edges and of one.
        (
            "tree",
            Graph::new(6, &[(0, 1), (0, 2), (2, 3), (3, 4), (2, 5)]),
        ),
        // Two posts and a lintel: the cycle fuses into the ground with three loops.
        ("door", Graph::new(3, &[(0, 1), (0, 2), (1, 2)])),
        // The door, a two-edge roof to the apex 3, and a one-edge chimney on the apex.
        (
            "house",
            Graph::new(5, &[(0, 1), (0, 2), (1, 2), (1, 3), (3, 2), (3, 4)]),
        ),
    ]
}

fn board() -> Nimber {
    pictures()
        .into_iter()
        .filter(|(name, _)| ["tree", "house", "door"].contains(name))
        .map(|(_, g)| g.value())
        .sum()
}

fn main() {
    for (name, graph) in pictures() {
        println!("{}: {}", name, graph.value());
    }
    println!("board: {}", board());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        let values: Vec<(&str, u64)> = pictures()
            .into_iter()
            .map(|(n, g)| (n, g.value().value()))
            .collect();
        assert_eq!(
            values,
            [
                ("stalk", 3),
                ("twig", 1),
                ("tree", 5),
                ("door", 1),
                ("house", 0)
            ]
        );
        assert_eq!(board(), Nimber(4));
    }
}
