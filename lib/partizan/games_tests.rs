//! Canonical forms against literal minimax on random game DAGs.

// The literal positions and their canonical ids are indexed by one position, as the
// definitions read.
#![allow(clippy::needless_range_loop)]

use super::*;
use std::collections::HashMap;
use testkit::Rng;

/// Literal games: position `p` has Left options `left[p]` and Right options `right[p]`.
#[derive(Default)]
struct Literal {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
    memo: HashMap<(Vec<usize>, bool), bool>,
}

impl Literal {
    fn add(&mut self, left: Vec<usize>, right: Vec<usize>) -> usize {
        self.left.push(left);
        self.right.push(right);
        self.left.len() - 1
    }

    /// Whether the player to move (Left if `left_moves`) wins the sum of the components,
    /// by trying every move.
    fn mover_wins(&mut self, parts: Vec<usize>, left_moves: bool) -> bool {
        let mut key = parts.clone();
        key.sort_unstable();
        if let Some(&known) = self.memo.get(&(key.clone(), left_moves)) {
            return known;
        }
        let mut wins = false;
        'search: for i in 0..parts.len() {
            let options = if left_moves {
                self.left[parts[i]].clone()
            } else {
                self.right[parts[i]].clone()
            };
            for o in options {
                let mut next = parts.clone();
                next[i] = o;
                if !self.mover_wins(next, !left_moves) {
                    wins = true;
                    break 'search;
                }
            }
        }
        self.memo.insert((key, left_moves), wins);
        wins
    }

    fn class(&mut self, parts: Vec<usize>) -> OutcomeClass {
        let left_first = self.mover_wins(parts.clone(), true);
        let right_first = self.mover_wins(parts, false);
        OutcomeClass::from_winners(left_first, right_first)
    }

    /// A copy of position `p` with the players' roles exchanged.
    fn negated(&mut self, p: usize, memo: &mut HashMap<usize, usize>) -> usize {
        if let Some(&q) = memo.get(&p) {
            return q;
        }
        let left: Vec<usize> = self.right[p]
            .clone()
            .into_iter()
            .map(|o| self.negated(o, memo))
            .collect();
        let right: Vec<usize> = self.left[p]
            .clone()
            .into_iter()
            .map(|o| self.negated(o, memo))
            .collect();
        let q = self.add(left, right);
        memo.insert(p, q);
        q
    }

    /// The number `x` by its definition from simpler numbers, as a literal game.
    fn number(&mut self, x: Dyadic) -> usize {
        let (m, k) = x.parts();
        if k == 0 {
            let mut p = self.add(vec![], vec![]);
            for _ in 0..m.unsigned_abs() {
                p = if m > 0 {
                    self.add(vec![p], vec![])
                } else {
                    self.add(vec![], vec![p])
                };
            }
            return p;
        }
        let step = Dyadic::new(1, k);
        let low = self.number(x - step);
        let high = self.number(x + step);
        self.add(vec![low], vec![high])
    }
}

/// A random DAG of `n` positions, each with up to `width` options per side among the earlier.
fn random_dag(rng: &mut Rng, n: usize, width: u64) -> Literal {
    let mut lit = Literal::default();
    for p in 0..n {
        let side = |rng: &mut Rng| -> Vec<usize> {
            if p == 0 {
                return vec![];
            }
            (0..rng.range(0, width))
                .map(|_| rng.below(p as u64) as usize)
                .collect()
        };
        let left = side(rng);
        let right = side(rng);
        lit.add(left, right);
    }
    lit
}

/// The canonical form of each of the first `n` literal positions.
fn canonical(games: &mut Games, lit: &Literal, n: usize) -> Vec<GameId> {
    let mut ids: Vec<GameId> = Vec::new();
    for p in 0..n {
        let left: Vec<GameId> = lit.left[p].iter().map(|&o| ids[o]).collect();
        let right: Vec<GameId> = lit.right[p].iter().map(|&o| ids[o]).collect();
        ids.push(games.game(&left, &right));
    }
    ids
}

#[test]
fn outcome_classes_of_games_and_sums_agree_with_minimax() {
    let mut rng = Rng::new(43);
    for round in 0..60 {
        let n = rng.range(3, 14) as usize;
        let mut lit = random_dag(&mut rng, n, 3);
        let mut games = Games::new();
        let ids = canonical(&mut games, &lit, n);
        for p in 0..n {
            assert_eq!(
                games.outcome(ids[p]),
                lit.class(vec![p]),
                "round {} position {}",
                round,
                p
            );
            // Simplifying again changes nothing: the form is canonical.
            let (l, r) = (games.left(ids[p]).to_vec(), games.right(ids[p]).to_vec());
            assert_eq!(games.game(&l, &r), ids[p]);
        }
        for _ in 0..12 {
            let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            let sum = games.add(ids[a], ids[b]);
            assert_eq!(
                games.outcome(sum),
                lit.class(vec![a, b]),
                "round {} sum {}+{}",
                round,
                a,
                b
            );
            let c = rng.below(n as u64) as usize;
            let sum3 = games.add(sum, ids[c]);
            assert_eq!(games.outcome(sum3), lit.class(vec![a, b, c]));
        }
    }
}

#[test]
fn outcome_class_readings_agree_with_minimax() {
    let mut rng = Rng::new(31);
    let mut seen = HashMap::new();
    for _ in 0..30 {
        let n = rng.range(3, 10) as usize;
        let mut lit = random_dag(&mut rng, n, 3);
        let mut games = Games::new();
        let ids = canonical(&mut games, &lit, n);
        for p in 0..n {
            let class = games.outcome(ids[p]);
            // Left moving first wins iff the mover wins; moving second iff Right to move loses.
            assert_eq!(class.left_wins(true), lit.mover_wins(vec![p], true));
            assert_eq!(class.left_wins(false), !lit.mover_wins(vec![p], false));
            // The letter is the class's initial.
            let letter = format!("{:?}", class).chars().next().unwrap();
            assert_eq!(class.letter(), letter);
            *seen.entry(letter).or_insert(0) += 1;
        }
    }
    assert_eq!(seen.len(), 4, "{:?}", seen);
}

#[test]
fn a_default_arena_is_a_new_one() {
    let mut games = Games::default();
    assert_eq!(games.len(), 1);
    let zero = games.zero();
    assert_eq!((games.left(zero), games.right(zero)), (&[][..], &[][..]));
    let star = games.game(&[zero], &[zero]);
    assert_eq!(games.nimber(1), star);
    assert_eq!(games.name(star), "*");
}

#[test]
#[should_panic(expected = "another arena")]
fn an_option_from_another_arena_is_refused() {
    let mut other = Games::new();
    let two = other.number(2.into());
    let mut games = Games::new();
    games.game(&[two], &[]);
}

#[test]
fn comparison_and_equality_agree_with_minimax_of_differences() {
    let mut rng = Rng::new(7);
    for _ in 0..40 {
        let n = rng.range(3, 12) as usize;
        let mut lit = random_dag(&mut rng, n, 3);
        let mut games = Games::new();
        let ids = canonical(&mut games, &lit, n);
        let mut neg_memo = HashMap::new();
        for a in 0..n {
            for b in 0..n {
                let minus_b = lit.negated(b, &mut neg_memo);
                // G >= H iff Left wins G - H moving second; G <= H iff Right does.
                let ge = !lit.mover_wins(vec![a, minus_b], false);
                let le = !lit.mover_wins(vec![a, minus_b], true);
                let expected = match (le, ge) {
                    (true, true) => Comparison::Equal,
                    (true, false) => Comparison::Less,
                    (false, true) => Comparison::Greater,
                    (false, false) => Comparison::Confused,
                };
                assert_eq!(games.compare(ids[a], ids[b]), expected, "{} vs {}", a, b);
                // Canonical forms are unique: equal values, equal ids.
                assert_eq!(ids[a] == ids[b], expected == Comparison::Equal);
                let difference = games.sub(ids[a], ids[b]);
                assert_eq!(games.outcome(difference), lit.class(vec![a, minus_b]));
            }
            let negative = games.neg(ids[a]);
            let minus_a = lit.negated(a, &mut neg_memo);
            assert_eq!(games.outcome(negative), lit.class(vec![minus_a]));
        }
    }
}

#[test]
fn numbers_leave_a_second_player_win_when_subtracted() {
    let mut rng = Rng::new(19);
    let mut numbers_seen = 0;
    for _ in 0..80 {
        let n = rng.range(3, 12) as usize;
        // One option a side at most makes numbers common.
        let mut lit = random_dag(&mut rng, n, 2);
        let mut games = Games::new();
        let ids = canonical(&mut games, &lit, n);
        for p in 0..n {
            if let Some(x) = games.to_number(ids[p]) {
                numbers_seen += 1;
                let minus_x = lit.number(-x);
                assert_eq!(
                    lit.class(vec![p, minus_x]),
                    OutcomeClass::Previous,
                    "G - {} at {}",
                    x,
                    p
                );
                // And no nearby number also fits: G - (x + 2^-8) is not zero.
                let near = lit.number(-(x + Dyadic::new(1, 8)));
                assert_ne!(lit.class(vec![p, near]), OutcomeClass::Previous);
                assert_eq!(games.number(x), ids[p]);
            } else {
                // Not a number: no number x leaves G - x a second-player win; here, none
                // of the numbers the DAG's positions take.
                let x = games.number_and_nimber(ids[p]);
                assert!(x.map_or(true, |(_, k)| k > 0));
            }
        }
    }
    assert!(numbers_seen > 100, "only {} numbers", numbers_seen);
}

#[test]
fn names_of_classical_values() {
    let mut games = Games::new();
    let zero = games.zero();
    let star = games.nimber(1);
    let up = games.up();
    let down = games.down();
    assert_eq!(games.neg(up), down);
    assert_eq!(games.name(zero), "0");
    assert_eq!(games.name(up), "^");
    assert_eq!(games.name(down), "v");
    let down_star = games.add(down, star);
    assert_eq!(games.name(down_star), "v*");
    let half = games.number(Dyadic::new(1, 1));
    let g = games.add(half, star);
    assert_eq!(games.name(g), "1/2+*");
    let g = games.add(half, up);
    assert_eq!(games.name(g), "1/2+^");
    let star3 = games.nimber(3);
    let star2 = games.nimber(2);
    assert_eq!(games.add(star3, star2), star);
    assert_eq!(games.name(star3), "*3");
    let minus_two = games.number((-2).into());
    let g = games.add(minus_two, star3);
    assert_eq!(games.name(g), "-2+*3");
    // ^ + ^ is not ^*; it is {0 | ^*}, shown as a canonical form.
    let double_up = games.add(up, up);
    assert_eq!(games.name(double_up), "{0|^*}");
    let one = games.number(1.into());
    let minus_one = games.neg(one);
    let switch = games.game(&[one], &[minus_one]);
    assert_eq!(games.name(switch), "{1|-1}");
    assert_eq!(games.outcome(switch), OutcomeClass::Next);
    assert_eq!(games.add(switch, switch), zero);
    assert_eq!(games.len(), games.nodes.len());
    assert!(!games.is_empty());
}
