use super::*;
use crate::multi_sg::{split_table, split_unequal_values};

/// The mex over every split, heap by heap: the definition, independent of the method.
fn naive(n: usize) -> Vec<u16> {
    split_table(n, |x, values, options| {
        options.extend(split_unequal_values(values, x))
    })
    .iter()
    .map(|v| v.value() as u16)
    .collect()
}

#[test]
fn matches_the_naive_mex_on_2_to_the_14_heaps() {
    let mut game = GrundysGame::new();
    game.extend_to(1 << 14);
    assert_eq!(game.values(), &naive(1 << 14)[..]);
    // Extending in steps gives the same values.
    let mut steps = GrundysGame::new();
    for n in [0, 1, 7, 100, 5000, 1 << 14] {
        steps.extend_to(n);
    }
    assert_eq!(steps.values(), game.values());
}

#[test]
fn matches_the_naive_mex_on_2_to_the_15_heaps_extended_in_random_steps() {
    let expected = naive(1 << 15);
    for seed in 0..3 {
        let mut rng = testkit::Rng::new(seed);
        let mut game = GrundysGame::new();
        while game.values().len() < 1 << 15 {
            // Steps of every size around the block of LANES heaps, and some long ones.
            let step = if rng.below(4) == 0 {
                rng.range(1, 3000)
            } else {
                rng.range(1, 2 * LANES as u64 + 2)
            } as usize;
            game.extend_to((game.values().len() + step).min(1 << 15));
            let len = game.values().len();
            assert_eq!(game.values(), &expected[..len], "seed {}", seed);
        }
        let rare: Vec<u32> = (1..1u32 << 15)
            .filter(|&n| is_rare(expected[n as usize]))
            .collect();
        assert_eq!(game.rare_heaps(), &rare[..]);
    }
}

/// Heaps `prefix..len` computed as two threads compute them (here one after the other:
/// each game's calls come in the same order): the runs of `run` heaps from `prefix` go
/// to the two games in turn; a game starts each heap of its run before the run below it
/// (the other game's) is known, is told those values, then finishes its own.
fn alternating(prefix: usize, len: usize, run: usize) -> Vec<u16> {
    let mut mine = GrundysGame::new();
    mine.extend_to(prefix);
    let mut other = mine.clone();
    // The first run needs nothing started early.
    other.extend_to((prefix + run).min(len));
    let mut shared = other.values().to_vec();
    while shared.len() < len {
        let from = shared.len();
        let to = (from + run).min(len);
        assert_eq!(mine.values().len(), from - run);
        let started: Vec<Started> = (from..to).map(|n| mine.start(n)).collect();
        for &v in &shared[from - run..from] {
            mine.push_known(v);
        }
        for (n, s) in (from..to).zip(started) {
            assert_eq!(s.heap(), n);
            shared.push(mine.finish(s));
        }
        std::mem::swap(&mut mine, &mut other);
    }
    // Each game holds every value once told the other's last run.
    for game in [&mut mine, &mut other] {
        let known = game.values().len();
        for &v in &shared[known..] {
            game.push_known(v);
        }
        assert_eq!(game.values(), &shared[..]);
    }
    shared
}

#[test]
fn runs_started_early_match_the_naive_mex() {
    let expected = naive(1 << 15);
    let mut rng = testkit::Rng::new(46);
    let mut prefixes = vec![0, 1, 2, 3, 15, 16, 17, 33, 1000, 2047, 2048, 2049];
    prefixes.extend((0..6).map(|_| rng.range(0, 1 << 14) as usize));
    for (i, prefix) in prefixes.into_iter().enumerate() {
        // The fixed prefixes run to the end, the random ones a random length.
        let len = if i < 12 {
            1 << 15
        } else {
            (prefix + rng.range(2, 1 << 14) as usize).min(1 << 15)
        };
        let run = [LANES, 1, 2, 7, 8, 16][i % 6];
        let got = alternating(prefix, len, run);
        assert_eq!(got, &expected[..len], "prefix {} run {}", prefix, run);
    }
}

#[test]
fn runs_started_apart_and_finished_by_another_game_match_the_naive_mex() {
    // A driver's main game computes the runs of 16 heaps itself, or finishes those a
    // copy started apart, when the copy was ahead in time (chosen at random here); the
    // copy is told every value.
    let expected = naive(1 << 15);
    let mut rng = testkit::Rng::new(7);
    for prefix in [0usize, 5, 100, 2048, 9999] {
        let mut main = GrundysGame::new();
        main.extend_to(prefix);
        let mut copy = main.clone();
        let mut from = prefix;
        while from < 1 << 15 {
            let to = (from + LANES).min(1 << 15);
            if from >= prefix + LANES && rng.below(3) != 0 {
                // The copy knows the values below the run before this one.
                let known = from - LANES;
                for &v in &main.values()[copy.values().len()..known] {
                    copy.push_known(v);
                }
                let started: Vec<Started> = (from..to).map(|n| copy.start_apart(n)).collect();
                main.extend_to(from);
                for s in started {
                    main.finish(s);
                }
            } else {
                main.extend_to(to);
            }
            from = to;
        }
        assert_eq!(main.values(), &expected[..], "prefix {}", prefix);
    }
}

#[test]
fn a_game_finishing_heaps_started_apart_keeps_a_bounded_pool() {
    // Each heap started by the copy brings its own candidate vector to the main game;
    // the main game starts none, so without a bound its pool would keep one a heap.
    let mut main = GrundysGame::new();
    main.extend_to(64);
    let mut copy = main.clone();
    for from in (64..64 + 200 * LANES).step_by(LANES) {
        let started: Vec<Started> = (from..from + LANES).map(|n| copy.start_apart(n)).collect();
        for s in started {
            let value = main.finish(s);
            copy.push_known(value);
        }
        assert!(main.pool.len() <= POOLED, "{} pooled", main.pool.len());
    }
    assert_eq!(main.pool.len(), POOLED);
    let mut reference = GrundysGame::new();
    reference.extend_to(64 + 200 * LANES);
    assert_eq!(main.values(), reference.values());
}

#[test]
fn the_split_left_out_sometimes_moves_the_first_common_value() {
    // The path of `finish` that looks for new candidates is taken when a split left out
    // makes the first common value the others miss: count the heaps where the smallest
    // split (1, n − 1) alone does, by brute force, so that the test above is known to
    // take it (10 heaps below 2^12: rare, so a thread seldom has more to do after the
    // hand-over).
    let g = naive(1 << 12);
    let mut moved = 0;
    for n in 3..g.len() {
        let mut made = vec![false; 1 << 10];
        for a in 2..(n + 1) / 2 {
            made[usize::from(g[a] ^ g[n - a])] = true;
        }
        let c0 = (0..).find(|&c| !is_rare(c as u16) && !made[c]).unwrap();
        moved += usize::from(usize::from(g[n - 1]) == c0);
    }
    assert!(moved >= 5, "{}", moved);
}

#[test]
fn the_last_p_position_below_2_to_the_20() {
    let mut game = GrundysGame::new();
    game.extend_to(P_POSITIONS_CHECKED_BELOW);
    let zeros: Vec<usize> = (0..P_POSITIONS_CHECKED_BELOW)
        .filter(|&n| game.values()[n] == 0)
        .collect();
    assert_eq!(zeros.last(), Some(&LAST_P_POSITION));
    assert_eq!(&zeros[..6], &[0, 1, 2, 4, 7, 10]);
    // Rare values are few and stop early: what makes the method fast. (The module doc
    // quotes these two numbers.)
    let rare = game.rare_heaps();
    // `rare_heaps` starts at heap 1; heap 0 (value 0) is rare too.
    assert!(is_rare(game.values()[0]));
    assert_eq!((rare.len() + 1, rare.last().copied()), (1274, Some(82_860)));
}
