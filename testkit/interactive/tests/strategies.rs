//! The strategies on a small explicit game: each picks as documented; a cycle in the moves is
//! named.

use super::*;

/// A small explicit game for the strategies: from 100 the mover wins by moving to 0 (at once)
/// or to 5 (after a longer play); from 200 the mover loses, and 6 lasts longer than 1.
#[derive(Default)]
struct Graph;

impl Protocol for Graph {
    type Position = u64;
    const SIDES: Sides = Sides::JuryFirst;
    fn moves(&self, &p: &u64) -> Vec<u64> {
        match p {
            100 => vec![1, 0, 5],
            200 => vec![1, 6],
            6 => vec![5],
            5 => vec![1],
            1 => vec![0],
            _ => vec![],
        }
    }
    fn start(_: &mut Rng, _: u64) -> u64 {
        100
    }
    fn input(starts: &[u64]) -> String {
        format!("{}\n", starts[0])
    }
    fn read_input(text: &str) -> Result<Vec<u64>, String> {
        text.trim()
            .parse()
            .map(|p| vec![p])
            .map_err(|_| "a number".to_string())
    }
    fn opening(&self, &p: &u64) -> Vec<String> {
        vec![p.to_string()]
    }
    fn read_move(&self, _: &u64, line: &str) -> Result<u64, String> {
        line.trim().parse().map_err(|_| "a number".to_string())
    }
    fn write_move(&self, _: &u64, &to: &u64) -> String {
        to.to_string()
    }
}

#[test]
fn the_strategies_pick_as_documented() {
    let mut oracle = Oracle::<Graph>::default();
    let facts = |oracle: &mut Oracle<Graph>, p| oracle.facts(&Graph, &p);
    assert_eq!(
        facts(&mut oracle, 100),
        Facts {
            mover_wins: true,
            longest: 3
        }
    );
    assert_eq!(
        facts(&mut oracle, 200),
        Facts {
            mover_wins: false,
            longest: 4
        }
    );
    assert_eq!(
        facts(&mut oracle, 5),
        Facts {
            mover_wins: false,
            longest: 2
        }
    );
    assert_eq!(
        facts(&mut oracle, 0),
        Facts {
            mover_wins: false,
            longest: 0
        }
    );
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        assert_eq!(oracle.choose(&Graph, &100, Strategy::Perfect, &mut rng), 0);
        assert_eq!(
            oracle.choose(&Graph, &100, Strategy::Adversarial, &mut rng),
            5
        );
        assert_eq!(
            oracle.choose(&Graph, &200, Strategy::Adversarial, &mut rng),
            6
        );
    }
    // From a lost position the perfect jury, like the random one, tries every move.
    let mut seen = std::collections::BTreeSet::new();
    let mut random = std::collections::BTreeSet::new();
    for _ in 0..100 {
        seen.insert(oracle.choose(&Graph, &200, Strategy::Perfect, &mut rng));
        random.insert(oracle.choose(&Graph, &100, Strategy::Random(0), &mut rng));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![1, 6]);
    assert_eq!(random.into_iter().collect::<Vec<_>>(), vec![0, 1, 5]);
}

#[test]
#[should_panic(expected = "cycle")]
fn a_cycle_in_the_moves_is_named() {
    #[derive(Default)]
    struct Loop;
    impl Protocol for Loop {
        type Position = u8;
        const SIDES: Sides = Sides::JuryFirst;
        fn moves(&self, &p: &u8) -> Vec<u8> {
            vec![(p + 1) % 3]
        }
        fn start(_: &mut Rng, _: u64) -> u8 {
            0
        }
        fn input(_: &[u8]) -> String {
            String::new()
        }
        fn read_input(_: &str) -> Result<Vec<u8>, String> {
            Ok(vec![0])
        }
        fn opening(&self, _: &u8) -> Vec<String> {
            Vec::new()
        }
        fn read_move(&self, _: &u8, _: &str) -> Result<u8, String> {
            Ok(0)
        }
        fn write_move(&self, _: &u8, _: &u8) -> String {
            String::new()
        }
    }
    Oracle::<Loop>::default().facts(&Loop, &0);
}
