//! The search's unit tests: the explicit stack against plain recursion (and a million deep),
//! strip laying against a search of cell rows, parameterised searches and the problem's own rules.

use super::*;

/// Take 1 or 2 from a heap, by recursion: the reference for the explicit stack.
fn take_one_or_two_wins(n: u32, memo: &mut HashMap<u32, bool>) -> bool {
    if let Some(&w) = memo.get(&n) {
        return w;
    }
    let wins = (1..=2.min(n)).any(|t| !take_one_or_two_wins(n - t, memo));
    memo.insert(n, wins);
    wins
}

#[test]
fn agrees_with_a_recursive_search() {
    let moves = |&n: &u32| (1..=2.min(n)).map(|t| n - t).collect::<Vec<_>>();
    let mut search = Search::normal(moves);
    let mut memo = HashMap::new();
    // Descending, so that later questions meet a memo filled by earlier searches.
    for n in (0..60).rev() {
        assert_eq!(
            search.mover_wins(n),
            take_one_or_two_wins(n, &mut memo),
            "{n}"
        );
        assert_eq!(search.mover_wins(n), n % 3 != 0);
    }
    assert_eq!(search.winning_moves(&7), vec![6]);
    assert_eq!(search.winning_moves(&8), vec![6]);
    assert!(search.winning_moves(&9).is_empty());
}

#[test]
fn a_million_deep_search_does_not_overflow_the_stack() {
    // The test thread's stack is 2 MiB: a recursive search of this depth overflows it.
    let mut take_one = Search::normal(|&n: &u32| if n > 0 { vec![n - 1] } else { vec![] });
    assert!(!take_one.mover_wins(1_000_000));
    assert!(take_one.mover_wins(999_999));
    let mut misere = Search::misere(|&n: &u32| if n > 0 { vec![n - 1] } else { vec![] });
    assert!(misere.mover_wins(1_000_000));
    assert!(!misere.mover_wins(1_000_001));
}

#[test]
fn the_first_losing_move_decides_and_later_moves_still_count() {
    // From 10: moves to 9 (a win for its mover) and to 0 (a loss): the mover wins.
    let moves = |&n: &u32| match n {
        10 => vec![9, 0],
        9 => vec![0],
        _ => vec![],
    };
    assert!(Search::normal(moves).mover_wins(10));
    // Misère: 0 is a win for its mover, 9 a loss, so 10 wins through 9.
    let mut misere = Search::misere(moves);
    assert!(misere.mover_wins(10));
    assert!(!misere.mover_wins(9));
}

#[test]
fn strip_laying_agrees_with_a_search_of_cell_rows() {
    // The same game on rows of cells as `Vec<bool>` (true: covered), every strip placed at
    // every offset where its cells are free.
    fn placements(lengths: &'static [u32]) -> impl Fn(&Vec<bool>) -> Vec<Vec<bool>> {
        move |row: &Vec<bool>| {
            let mut next = Vec::new();
            for &len in lengths {
                for start in 0..row.len() {
                    let cells = start..start + len as usize;
                    if cells.end <= row.len() && row[cells.clone()].iter().all(|c| !c) {
                        let mut after = row.clone();
                        after[cells].iter_mut().for_each(|c| *c = true);
                        next.push(after);
                    }
                }
            }
            next
        }
    }
    let sets: [&'static [u32]; 6] = [&[1], &[2], &[3], &[1, 2], &[2, 3], &[1, 4]];
    for lengths in sets {
        let mut rows = Search::normal(placements(lengths));
        for cells in 0..=9u32 {
            for covered in [0u32, 0b1, 0b100, 0b10010] {
                let covered = covered & ((1 << cells) - 1);
                let row = (0..cells).map(|i| covered >> i & 1 == 1).collect();
                assert_eq!(
                    mover_wins_laying_strips(cells, covered, lengths),
                    rows.mover_wins(row),
                    "{cells} cells, covered {covered:b}, strips {lengths:?}"
                );
            }
        }
    }
}

/// Split one heap into `k` equal heaps or take one from it (CF 603C's moves), as sorted
/// lists of non-empty heaps.
#[allow(clippy::ptr_arg)] // a search's states are `Vec<u64>`
fn lieges_moves(&k: &u64, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let mut rest = heaps.clone();
        rest.remove(i);
        let mut after = rest.clone();
        if h > 1 {
            after.push(h - 1);
        }
        after.sort_unstable();
        next.push(after);
        if h % 2 == 0 && h > 0 {
            let mut after = rest;
            after.extend(std::iter::repeat_n(h / 2, k as usize));
            after.sort_unstable();
            next.push(after);
        }
    }
    next
}

/// A problem's brute force as it is written: one search per parameter, kept between cases,
/// in a struct whose field types are named without `Box<dyn Fn>`.
#[derive(Default)]
struct Brute {
    searches: HashMap<u64, SearchWith<u64, Vec<u64>>>,
}

impl Brute {
    fn kevin_wins(&mut self, k: u64, heaps: &[u64]) -> bool {
        let search = self
            .searches
            .entry(k)
            .or_insert_with(|| Search::normal_with(k, lieges_moves));
        let mut heaps = heaps.to_vec();
        heaps.sort_unstable();
        search.mover_wins(heaps)
    }
}

#[test]
fn a_parameterised_search_is_kept_by_name_and_agrees_with_a_closure() {
    let mut brute = Brute::default();
    for k in 1..=4u64 {
        for a in 1..=9u64 {
            for b in 0..=6u64 {
                let heaps: Vec<u64> = [a, b].iter().copied().filter(|&h| h > 0).collect();
                let mut by_closure = Search::normal(move |p: &Vec<u64>| lieges_moves(&k, p));
                assert_eq!(
                    brute.kevin_wins(k, &heaps),
                    by_closure.mover_wins(heaps.clone()),
                    "k = {k}, heaps {heaps:?}"
                );
            }
        }
    }
    // One heap of 2 with k = 2: split into 1, 1 (a loss for the mover) wins.
    assert!(brute.kevin_wins(2, &[2]));
    // k odd, heap 2: both moves (to 1, or to three 1s) leave a win for the opponent.
    assert!(!brute.kevin_wins(3, &[2]));
    assert_eq!(brute.searches.len(), 4);
}

#[test]
fn a_rule_of_the_problem_s_own_type_drives_a_search() {
    // Take 1 to `most`: the mover loses on multiples of most + 1.
    struct TakeUpTo {
        most: u32,
    }
    impl Moves<u32> for TakeUpTo {
        fn moves(&self, &n: &u32) -> Vec<u32> {
            (1..=self.most.min(n)).map(|t| n - t).collect()
        }
    }
    for most in 1..6 {
        let mut normal: Search<u32, TakeUpTo> = Search::new(TakeUpTo { most }, false);
        let mut misere = Search::new(TakeUpTo { most }, true);
        let mut misere_with =
            Search::misere_with(most, |&most: &u32, &n: &u32| TakeUpTo { most }.moves(&n));
        for n in 0..40 {
            assert_eq!(normal.mover_wins(n), n % (most + 1) != 0, "{most} {n}");
            assert_eq!(misere.mover_wins(n), n % (most + 1) != 1, "{most} {n}");
            assert_eq!(misere_with.mover_wins(n), misere.mover_wins(n));
        }
        assert_eq!(normal.winning_moves(&(most + 2)), vec![most + 1]);
    }
}

#[test]
#[should_panic(expected = "the game has a cycle")]
fn a_cycle_is_named() {
    let mut search = Search::normal(|&n: &u32| vec![(n + 1) % 3]);
    search.mover_wins(0);
}
