//! Hackenbush values against literal minimax over the sets of standing edges.

use super::*;
use crate::partizan::games::OutcomeClass;
use testkit::Rng;

pub(super) const COLORS: [Color; 3] = [Color::Blue, Color::Red, Color::Green];

/// Literal play on a picture: a position is the set of edges standing, a move cuts one of
/// the mover's edges, and whatever no longer reaches vertex 0 is removed.
pub(super) struct Literal {
    edges: Vec<(usize, usize, Color)>,
    memo: HashMap<(u64, bool), bool>,
}

impl Literal {
    pub(super) fn new(edges: &[(usize, usize, Color)]) -> Self {
        Literal {
            edges: edges.to_vec(),
            memo: HashMap::new(),
        }
    }

    fn standing(&self, mask: u64) -> u64 {
        // Breadth-first from the ground over standing edges.
        let mut reached = vec![0usize];
        let mut kept = 0u64;
        let mut i = 0;
        while i < reached.len() {
            let v = reached[i];
            i += 1;
            for (j, &(a, b, _)) in self.edges.iter().enumerate() {
                if mask >> j & 1 == 1 && kept >> j & 1 == 0 && (a == v || b == v) {
                    kept |= 1 << j;
                    reached.push(if a == v { b } else { a });
                }
            }
        }
        kept
    }

    fn mover_wins(&mut self, mask: u64, left: bool) -> bool {
        if let Some(&known) = self.memo.get(&(mask, left)) {
            return known;
        }
        let mut wins = false;
        for j in 0..self.edges.len() {
            let c = self.edges[j].2;
            let mine = match c {
                Color::Blue => left,
                Color::Red => !left,
                Color::Green => true,
            };
            if mask >> j & 1 == 1 && mine {
                let after = self.standing(mask & !(1 << j));
                if !self.mover_wins(after, !left) {
                    wins = true;
                    break;
                }
            }
        }
        self.memo.insert((mask, left), wins);
        wins
    }

    pub(super) fn class(&mut self) -> OutcomeClass {
        let all = (1u64 << self.edges.len()) - 1;
        let start = self.standing(all);
        let left_first = self.mover_wins(start, true);
        let right_first = self.mover_wins(start, false);
        OutcomeClass::from_winners(left_first, right_first)
    }
}

fn random_picture(rng: &mut Rng, max_edges: u64, colors: &[Color], tree: bool) -> Picture {
    let n = rng.range(1, 7) as usize;
    let mut edges = Vec::new();
    if tree {
        for v in 1..n {
            let parent = rng.below(v as u64) as usize;
            edges.push((parent, v, *rng.pick(colors)));
        }
    } else {
        for _ in 0..rng.range(0, max_edges) {
            let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            edges.push((a, b, *rng.pick(colors)));
        }
    }
    Picture::new(n, &edges)
}

/// The sign expansion of x by walking the tree of numbers from 0: halve the gap once both
/// sides are bounded, otherwise step by 1.
fn sign_expansion(x: Dyadic) -> Vec<bool> {
    let (mut low, mut high): (Option<Dyadic>, Option<Dyadic>) = (None, None);
    let mut current = Dyadic::ZERO;
    let mut signs = Vec::new();
    while current != x {
        let up = x > current;
        signs.push(up);
        if up {
            low = Some(current);
        } else {
            high = Some(current);
        }
        current = match (low, high) {
            (Some(l), Some(h)) => (l + h).half().unwrap(),
            (Some(l), None) => l + Dyadic::integer(1),
            (None, Some(h)) => h - Dyadic::integer(1),
            (None, None) => unreachable!(),
        };
    }
    signs
}

#[test]
fn outcome_classes_agree_with_minimax() {
    let mut rng = Rng::new(77);
    for round in 0..400 {
        let tree = round % 3 == 0;
        let picture = random_picture(&mut rng, 9, &COLORS, tree);
        let mut games = Games::new();
        let g = picture.game(&mut games, 100_000).unwrap();
        let mut literal = Literal::new(picture.edges());
        assert_eq!(games.outcome(g), literal.class(), "{:?}", picture);
    }
}

#[test]
fn dense_pictures_agree_with_minimax() {
    // Up to 12 edges on 2 to 4 vertices: parallel edges, loops and cycles everywhere, so
    // positions fold loops and leaves into hanging values and move inside them.
    let mut rng = Rng::new(81);
    for _ in 0..150 {
        let n = rng.range(2, 4) as usize;
        let edges: Vec<(usize, usize, Color)> = (0..rng.range(4, 12))
            .map(|_| {
                let a = rng.below(n as u64) as usize;
                let b = rng.below(n as u64) as usize;
                (a, b, *rng.pick(&COLORS))
            })
            .collect();
        let picture = Picture::new(n, &edges);
        let mut games = Games::new();
        let g = picture.game(&mut games, 1_000_000).unwrap();
        assert_eq!(
            games.outcome(g),
            Literal::new(&edges).class(),
            "{:?}",
            picture
        );
    }
}

#[test]
fn blue_red_numbers_leave_a_second_player_win_when_subtracted() {
    let mut rng = Rng::new(78);
    for round in 0..300 {
        let picture = random_picture(&mut rng, 8, &COLORS[..2], round % 2 == 0);
        let mut games = Games::new();
        let g = picture.game(&mut games, 100_000).unwrap();
        let x = games.to_number(g).expect("Blue-Red Hackenbush is a number");
        // Stand a stalk worth -x on the ground beside the picture.
        let mut edges = picture.edges().to_vec();
        let first = picture
            .edges()
            .iter()
            .map(|e| e.0.max(e.1))
            .max()
            .unwrap_or(0)
            + 1;
        let mut below = 0;
        for (i, up) in sign_expansion(x).into_iter().enumerate() {
            edges.push((below, first + i, if up { Color::Red } else { Color::Blue }));
            below = first + i;
        }
        let mut literal = Literal::new(&edges);
        assert_eq!(
            literal.class(),
            OutcomeClass::Previous,
            "{:?} minus {}",
            picture,
            x
        );
        if let Some(value) = picture.tree_value() {
            assert_eq!(value.to_dyadic(), Some(x));
        }
    }
}

#[test]
fn trees_and_stalks_agree_with_canonical_forms() {
    let mut rng = Rng::new(79);
    for _ in 0..300 {
        let picture = random_picture(&mut rng, 0, &COLORS[..2], true);
        let mut games = Games::new();
        let g = picture.game(&mut games, 10).unwrap(); // a tree needs no search
        assert_eq!(
            picture.tree_value().unwrap().to_dyadic(),
            games.to_number(g)
        );
        // A path from the ground is a stalk.
        let colors: Vec<Color> = (0..rng.range(0, 12))
            .map(|_| *rng.pick(&COLORS[..2]))
            .collect();
        let path: Vec<(usize, usize, Color)> = colors
            .iter()
            .enumerate()
            .map(|(i, &c)| (i, i + 1, c))
            .collect();
        let stalk_picture = Picture::new(colors.len() + 1, &path);
        let s = stalk_picture.game(&mut games, 10).unwrap();
        assert_eq!(stalk(&colors), games.to_number(s));
        assert_eq!(
            stalk_picture.tree_value().unwrap().to_dyadic(),
            stalk(&colors)
        );
        let signs: Vec<bool> = colors.iter().map(|&c| c == Color::Blue).collect();
        assert_eq!(sign_expansion(stalk(&colors).unwrap()), signs);
    }
}

#[test]
fn green_pictures_are_the_nimbers_of_green_hackenbush() {
    let mut rng = Rng::new(80);
    for _ in 0..200 {
        let picture = random_picture(&mut rng, 9, &COLORS[2..], false);
        let mut games = Games::new();
        let g = picture.game(&mut games, 100_000).unwrap();
        let plain: Vec<(usize, usize)> = picture.edges().iter().map(|e| (e.0, e.1)).collect();
        let n = crate::hackenbush::Graph::new(picture.vertices, &plain)
            .value()
            .value();
        assert_eq!(g, games.nimber(n as u32));
    }
}

#[test]
fn refusals() {
    // A green triangle on the ground has more than 3 positions.
    let triangle = Picture::new(
        3,
        &[
            (0, 1, Color::Green),
            (1, 2, Color::Green),
            (2, 0, Color::Green),
        ],
    );
    let mut games = Games::new();
    let error = triangle.game(&mut games, 0).unwrap_err();
    assert_eq!(
        error,
        TooLarge {
            edges: 3,
            budget: 0
        }
    );
    assert!(error.to_string().contains("3 edges"));
    // The triangle is the one position searched: each cut leaves a path, folded to a
    // value without a search.
    let one = triangle.game(&mut games, 1).unwrap();
    assert_eq!(one, triangle.game(&mut games, 100).unwrap());
    assert_eq!(one, games.nimber(1)); // an odd cycle, fused: three loops
                                      // Six green edges on one pair above the ground: parallel edges of one colour are
                                      // interchangeable, so the search has 5 positions (6 edges standing, then 5, ..., 2; one
                                      // edge is a stalk), not the 2^6 subsets.
    let bundle = Picture::new(2, &[(0, 1, Color::Green); 6]);
    assert!(bundle.game(&mut games, 4).is_err());
    assert_eq!(bundle.game(&mut games, 5).unwrap(), games.zero());
    let odd = Picture::new(2, &[(0, 1, Color::Green); 5]);
    assert_eq!(odd.game(&mut games, 5).unwrap(), games.nimber(1));
    assert_eq!(triangle.tree_value(), None);
    let green = Picture::new(2, &[(0, 1, Color::Green)]);
    assert_eq!(green.tree_value(), None);
    assert_eq!(stalk(&[Color::Green]), None);
    // Edges away from the ground are worth nothing.
    let floating = Picture::new(3, &[(1, 2, Color::Blue)]);
    assert_eq!(floating.tree_value().unwrap().signum(), 0);
    assert_eq!(floating.game(&mut games, 1).unwrap(), games.zero());
}

/// A stalk worth `-x` stood on the ground beside `edges` (vertices from `first` up).
fn minus_stalk(
    edges: &[(usize, usize, Color)],
    first: usize,
    x: Dyadic,
) -> Vec<(usize, usize, Color)> {
    let mut all = edges.to_vec();
    let mut below = 0;
    for (i, up) in sign_expansion(x).into_iter().enumerate() {
        all.push((below, first + i, if up { Color::Red } else { Color::Blue }));
        below = first + i;
    }
    all
}

/// `edges`' value (vertices `0..n`) agrees with the literal minimax: a Blue-Red picture's
/// number x by G - x being a second-player win, any other picture by its outcome class.
fn assert_agrees_with_minimax(n: usize, edges: &[(usize, usize, Color)], blue_red: bool) {
    let picture = Picture::new(n, edges);
    let mut games = Games::new();
    let g = picture.game(&mut games, 1_000_000).unwrap();
    if blue_red {
        let x = games.to_number(g).expect("Blue-Red Hackenbush is a number");
        let both = minus_stalk(edges, n, x);
        assert_eq!(
            Literal::new(&both).class(),
            OutcomeClass::Previous,
            "{:?} minus {}",
            edges,
            x
        );
    } else {
        assert_eq!(games.outcome(g), Literal::new(edges).class(), "{:?}", edges);
    }
}

#[test]
fn parallel_bundles_agree_with_minimax() {
    // Many parallel edges on 2 or 3 vertices, so classes of 3 to 8 interchangeable edges
    // occur: all three colours by the outcome class, Blue-Red by G - x.
    let mut rng = Rng::new(82);
    for round in 0..120 {
        let n = rng.range(2, 3) as usize;
        let colors = if round % 2 == 0 {
            &COLORS[..]
        } else {
            &COLORS[..2]
        };
        let edges: Vec<(usize, usize, Color)> = (0..rng.range(6, 15))
            .map(|_| {
                let a = rng.below(n as u64) as usize;
                let b = rng.below(n as u64) as usize;
                (a, b, *rng.pick(colors))
            })
            .collect();
        assert_agrees_with_minimax(n, &edges, round % 2 == 1);
    }
}

/// A picture grown block by block: each block (a cycle of 2 to 4 edges, or a bundle of 2 or
/// 3 parallel edges) stands on a vertex already there, sometimes with a chord between two
/// vertices already there or a pendant edge, so cut vertices, blocks above blocks, bridges
/// between cycles and blocks at the ground all occur.
fn grown_picture(rng: &mut Rng, max_edges: usize, colors: &[Color]) -> Vec<(usize, usize, Color)> {
    let mut edges = Vec::new();
    let mut vertices = 1;
    while edges.len() < max_edges {
        let base = rng.below(vertices as u64) as usize;
        match rng.below(4) {
            0 => {
                let other = vertices;
                vertices += 1;
                for _ in 0..rng.range(2, 3) {
                    edges.push((base, other, *rng.pick(colors)));
                }
            }
            1 => {
                let a = rng.below(vertices as u64) as usize;
                edges.push((a, base, *rng.pick(colors)));
            }
            2 => {
                edges.push((base, vertices, *rng.pick(colors)));
                vertices += 1;
            }
            _ => {
                let len = rng.range(2, 4) as usize;
                let mut previous = base;
                for _ in 1..len {
                    edges.push((previous, vertices, *rng.pick(colors)));
                    previous = vertices;
                    vertices += 1;
                }
                edges.push((previous, base, *rng.pick(colors)));
            }
        }
    }
    edges.truncate(max_edges);
    // Vertex numbers shuffled, so the ground is not always the first vertex of a block.
    let mut names: Vec<usize> = (1..vertices).collect();
    for i in (1..names.len()).rev() {
        names.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let rename = |v: usize| if v == 0 { 0 } else { names[v - 1] };
    edges
        .into_iter()
        .map(|(a, b, c)| (rename(a), rename(b), c))
        .collect()
}

#[test]
fn blocks_above_cut_vertices_agree_with_minimax() {
    // Blocks folded into values hanging at cut vertices, searched again after every cut:
    // all three colours by the outcome class (Left first and Right first), Blue-Red by
    // G - x being a second-player win.
    let mut rng = Rng::new(83);
    for round in 0..160 {
        let blue_red = round % 2 == 1;
        let colors = if blue_red { &COLORS[..2] } else { &COLORS[..] };
        let size = rng.range(4, 14) as usize;
        let edges = grown_picture(&mut rng, size, colors);
        let n = edges.iter().map(|e| e.0.max(e.1)).max().unwrap_or(0) + 1;
        assert_agrees_with_minimax(n, &edges, blue_red);
    }
}

#[test]
fn sums_of_grown_pictures_agree_with_minimax() {
    // Two pictures side by side on one ground are their sum: the class of the sum of the
    // values equals the minimax of the joint picture.
    let mut rng = Rng::new(84);
    for _ in 0..60 {
        let sizes = (rng.range(3, 7) as usize, rng.range(3, 7) as usize);
        let first = grown_picture(&mut rng, sizes.0, &COLORS);
        let second = grown_picture(&mut rng, sizes.1, &COLORS);
        let shift = first.iter().map(|e| e.0.max(e.1)).max().unwrap_or(0);
        let lifted = |v: usize| if v == 0 { 0 } else { v + shift };
        let both: Vec<(usize, usize, Color)> = first
            .iter()
            .copied()
            .chain(second.iter().map(|&(a, b, c)| (lifted(a), lifted(b), c)))
            .collect();
        let mut games = Games::new();
        let size = |edges: &[(usize, usize, Color)]| {
            edges.iter().map(|e| e.0.max(e.1)).max().unwrap_or(0) + 1
        };
        let g = Picture::new(size(&first), &first)
            .game(&mut games, 100_000)
            .unwrap();
        let h = Picture::new(size(&second), &second)
            .game(&mut games, 100_000)
            .unwrap();
        let sum = games.add(g, h);
        assert_eq!(
            games.outcome(sum),
            Literal::new(&both).class(),
            "{:?}",
            both
        );
    }
}

/// A picture with twins: a random picture on `base` vertices, then a copy of one of its
/// vertices other than the ground (the copy joined to every other vertex by edges of the
/// same colours, loops included), then a few edges between the two.
fn twin_picture(rng: &mut Rng, colors: &[Color]) -> (usize, Vec<(usize, usize, Color)>) {
    let base = rng.range(2, 4) as usize;
    let mut edges: Vec<(usize, usize, Color)> = (0..rng.range(3, 7))
        .map(|_| {
            let a = rng.below(base as u64) as usize;
            let b = rng.below(base as u64) as usize;
            (a, b, *rng.pick(colors))
        })
        .collect();
    let v = rng.range(1, base as u64 - 1) as usize;
    let twin = base;
    let copies: Vec<(usize, usize, Color)> = edges
        .iter()
        .filter(|e| e.0 == v || e.1 == v)
        .map(|&(a, b, c)| {
            let at = |x: usize| if x == v { twin } else { x };
            (at(a), at(b), c)
        })
        .collect();
    edges.extend(copies);
    for _ in 0..rng.range(0, 2) {
        edges.push((v, twin, *rng.pick(colors)));
    }
    (base + 1, edges)
}

#[test]
fn twin_vertices_agree_with_minimax() {
    // Exchangeable vertices let the search cut one edge of each pair of twins: all three
    // colours by the outcome class, Blue-Red by G - x, each also beside a grown picture
    // (a sum).
    let mut rng = Rng::new(85);
    for round in 0..150 {
        let blue_red = round % 2 == 1;
        let colors = if blue_red { &COLORS[..2] } else { &COLORS[..] };
        let (n, edges) = twin_picture(&mut rng, colors);
        if edges.len() > 16 {
            continue;
        }
        assert_agrees_with_minimax(n, &edges, blue_red);
    }
}

#[test]
fn twins_save_positions() {
    // Vertices 1 and 2 are twins (a blue edge to the ground and a green one to vertex 3
    // each) in a block with a red edge between them; another pair of twins, 4 and 5, stands
    // above on 3. Cutting 0-1 or 0-2 leaves the same picture turned over, so the search
    // tries one of them: it needs fewer blocks than it would with both.
    let edges = [
        (0, 1, Color::Blue),
        (0, 2, Color::Blue),
        (1, 2, Color::Red),
        (1, 3, Color::Green),
        (2, 3, Color::Green),
        (3, 4, Color::Red),
        (3, 5, Color::Red),
        (4, 5, Color::Blue),
    ];
    let picture = Picture::new(6, &edges);
    let mut games = Games::new();
    // 10 blocks with one cut a pair of images (17 with both).
    assert!(picture.game(&mut games, 9).is_err());
    let g = picture.game(&mut games, 10).unwrap();
    assert_eq!(picture.game(&mut games, 1000), Ok(g));
    assert_eq!(games.outcome(g), Literal::new(&edges).class());
}
