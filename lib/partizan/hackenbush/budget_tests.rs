//! The search's budget: what it counts (blocks searched, forms made, comparisons, splits) and
//! where it stops, each at its limit exactly.

use super::tests::{Literal, COLORS};
use super::*;

#[test]
fn a_chain_of_blocks_searches_each_block_once() {
    // Twelve triangles, each standing on a corner of the one below: 36 edges, 2^36 sets of
    // them, but after any cut each triangle is a block hanging from the one below, valued on
    // its own. Without the folding at cut vertices this is far past any budget.
    let mut edges = Vec::new();
    let mut base = 0;
    for k in 0..12 {
        let (a, b) = (2 * k + 1, 2 * k + 2);
        let colors = [COLORS[k % 3], COLORS[(k + 1) % 3], COLORS[(k + 2) % 3]];
        edges.extend_from_slice(&[
            (base, a, colors[0]),
            (a, b, colors[1]),
            (b, base, colors[2]),
        ]);
        base = b;
    }
    let mut games = Games::new();
    // 128 positions (each triangle with the values the triangles above it can leave) and
    // about 3 splits of a position into blocks each: a budget of 192 allows 2 splits a
    // position plus 16 (400), and 36 edges have 2^36 sets.
    let whole = Picture::new(25, &edges).game(&mut games, 192);
    // The first four triangles (12 edges) against the literal minimax.
    let four = Picture::new(9, &edges[..12]).game(&mut games, 128).unwrap();
    assert_eq!(games.outcome(four), Literal::new(&edges[..12]).class());
    assert!(whole.is_ok());
}

#[test]
fn the_budget_counts_forms_too() {
    // A search may add 4 forms a position of its budget, plus 4096, to the arena: told the
    // arena held none while it holds 5000 and more, a search of budget 10 stops at once;
    // told the truth, it answers (a triangle is one position).
    let triangle = [
        (0, 1, Color::Green),
        (1, 2, Color::Blue),
        (2, 0, Color::Red),
    ];
    let mut games = Games::new();
    games.number(Dyadic::integer(5000));
    assert!(games.len() > 4 * 10 + 4096);
    assert_eq!(
        search::Search::new(&triangle, 10, 0, games.comparisons()).value(&mut games),
        None
    );
    let held = games.len();
    let g = search::Search::new(&triangle, 10, held, games.comparisons()).value(&mut games);
    let expected = Picture::new(3, &triangle).game(&mut games, 10).unwrap();
    assert_eq!(g, Some(expected));
    // At the limit exactly (told the arena held all but 4 * 10 + 4096 of its forms), it
    // answers; one form more and it stops.
    let held = games.len();
    let at_limit = search::Search::new(&triangle, 10, held - (4 * 10 + 4096), games.comparisons())
        .value(&mut games);
    assert_eq!(at_limit, Some(expected));
    let past = search::Search::new(
        &triangle,
        10,
        held - (4 * 10 + 4096) - 1,
        games.comparisons(),
    )
    .value(&mut games);
    assert_eq!(past, None);
    // With a budget of 1000 positions it may add 8096 forms: it answers.
    assert!(search::Search::new(&triangle, 1000, 0, games.comparisons())
        .value(&mut games)
        .is_some());
}

#[test]
fn the_budget_counts_comparisons_too() {
    // A search may make 8 comparisons a position of its budget, plus 16384: told the arena
    // had made none while it has made more, a search of budget 10 stops at once; told the
    // truth, it answers with the value the picture has.
    let triangle = [
        (0, 1, Color::Green),
        (1, 2, Color::Blue),
        (2, 0, Color::Red),
    ];
    let mut games = Games::new();
    let numbers: Vec<GameId> = (0..200).map(|k| games.number(Dyadic::integer(k))).collect();
    for &a in &numbers {
        for &b in &numbers {
            games.le(a, b);
        }
    }
    let made = games.comparisons();
    assert!(made > 8 * 10 + 16384);
    let held = games.len();
    assert_eq!(
        search::Search::new(&triangle, 10, held, 0).value(&mut games),
        None
    );
    // At the limit exactly (told it had made all but 8 * 10 + 16384 of them), it answers;
    // one comparison more and it stops.
    let under = made - (8 * 10 + 16384);
    let g = search::Search::new(&triangle, 10, held, under).value(&mut games);
    let expected = Picture::new(3, &triangle).game(&mut games, 10).unwrap();
    assert_eq!(g, Some(expected));
    let made = games.comparisons();
    let mut past = search::Search::new(&triangle, 10, games.len(), made - (8 * 10 + 16384) - 1);
    assert_eq!(past.value(&mut games), None);
}

#[test]
fn the_budget_counts_splits_too() {
    // A cycle of 40 edges on the ground is one block searched, but its search splits 41
    // positions into blocks (the whole, then each cut, which leaves a path): a search may
    // split 2 positions a position of its budget, plus 16, so a budget of 12 (40 splits) is
    // refused although one block is searched, and 13 (42) answers.
    let colors = [Color::Blue, Color::Red, Color::Green];
    let ring: Vec<(usize, usize, Color)> =
        (0..40).map(|i| (i, (i + 1) % 40, colors[i % 3])).collect();
    let picture = Picture::new(40, &ring);
    let mut games = Games::new();
    assert!(picture.game(&mut games, 12).is_err());
    let g = picture.game(&mut games, 13).unwrap();
    assert_eq!(picture.game(&mut games, 1000), Ok(g));
    // Against the minimax on a smaller ring the same way round.
    let small: Vec<(usize, usize, Color)> =
        (0..9).map(|i| (i, (i + 1) % 9, colors[i % 3])).collect();
    let h = Picture::new(9, &small).game(&mut games, 5).unwrap();
    assert_eq!(games.outcome(h), Literal::new(&small).class());
}
