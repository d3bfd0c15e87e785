//! The engine against the literal mex on random sets, and its cost and memory: positions
//! covered, rows kept, the budget, the table's capacity.

use super::*;
use testkit::Rng;

/// The literal mex over n − s, s ∈ S: the definition, nothing shared with the engine.
fn direct(set: &[usize], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let options: Vec<u32> = set.iter().filter(|&&s| s <= n).map(|&s| g[n - s]).collect();
        let mut m = 0;
        while options.contains(&m) {
            m += 1;
        }
        g.push(m);
    }
    g
}

fn random_set(rng: &mut Rng, size: u64, most: u64) -> Vec<usize> {
    (0..rng.range(1, size))
        .map(|_| rng.range(1, most) as usize)
        .collect()
}

#[test]
fn agrees_with_the_direct_mex_on_random_sets() {
    let mut rng = Rng::new(4501);
    for round in 0..400 {
        // Small and large elements, sparse and dense sets, across word boundaries.
        let most = [5, 70, 200, 700][round % 4];
        let size = [3, 12, 60, 300][rng.below(4) as usize];
        let set = random_set(&mut rng, size, most);
        let len = rng.range(0, 1500) as usize;
        let expected = direct(&set, len);
        let mut engine = Engine::new(&set).unwrap();
        let mut values = Vec::new();
        engine.extend(&mut values, len);
        assert_eq!(values, expected, "{:?}", set);
        let as_table: Vec<u32> = table(len, &set).iter().map(|v| v.0 as u32).collect();
        assert_eq!(as_table, expected, "{:?}", set);
    }
}

#[test]
fn gives_the_values_and_period_of_subtraction_game() {
    use crate::octal::Limits;
    use crate::periodicity::{certify, PeriodRule};
    use crate::subtraction::SubtractionGame;
    let mut rng = Rng::new(4503);
    for round in 0..120 {
        let most = if round % 2 == 0 { 12 } else { 300 };
        let mut set = random_set(&mut rng, 5, most);
        if round % 3 == 0 {
            // Dense sets too: many moves, values past a word's 64.
            set.extend((0..rng.range(50, 200)).map(|_| rng.range(1, 400) as usize));
        }
        let mut game = SubtractionGame::new(&set).unwrap();
        let period = game.run(Limits::up_to(1 << 13), |_| {}).unwrap();
        let mut engine = Engine::new(&set).unwrap();
        let mut values = Vec::new();
        engine.extend(&mut values, game.len());
        assert_eq!(values, game.values(), "{:?}", set);
        let longest = set.iter().copied().max().unwrap();
        assert_eq!(
            certify(&values, PeriodRule::window(longest)),
            period,
            "{:?}",
            set
        );
    }
}

#[test]
fn extends_in_steps_and_after_removals() {
    let mut rng = Rng::new(4502);
    for _ in 0..100 {
        let set = random_set(&mut rng, 40, 150);
        let expected = direct(&set, 900);
        let mut engine = Engine::new(&set).unwrap();
        // Rows sized ahead for some of the steps, or not at all.
        engine.reserve(rng.range(0, 700) as usize);
        let mut values = Vec::new();
        let mut len = 0;
        while len < 900 {
            len = (len + rng.range(1, 200) as usize).min(900);
            engine.extend(&mut values, len);
            assert_eq!(values, &expected[..len], "{:?}", set);
            if rng.below(3) == 0 {
                // The caller cuts the table back (as a certified period does).
                len = rng.range(0, len as u64 + 1) as usize;
                values.truncate(len);
            }
        }
        // Values the caller brings from elsewhere are used as they are.
        let mut fresh = Engine::new(&set).unwrap();
        let mut given = expected[..300].to_vec();
        fresh.extend(&mut given, 900);
        assert_eq!(given, expected, "{:?}", set);
        engine.extend(&mut values, 10);
        assert_eq!(values.len(), 900);
    }
}

#[test]
fn a_shorter_table_of_other_values_starts_afresh() {
    // After one table, the same engine is handed a shorter one that starts with other
    // values: nothing of the first table's rows may count.
    let mut rng = Rng::new(138);
    for _ in 0..100 {
        let set = random_set(&mut rng, 40, 150);
        let mut engine = Engine::new(&set).unwrap();
        // The first table as long as the second: its rows are long enough, and only the
        // shorter table can tell the engine to start again.
        let mut first = Vec::new();
        engine.extend(&mut first, 900);
        let start: Vec<u32> = (0..rng.range(1, 40)).map(|_| rng.below(6) as u32).collect();
        let mut expected = start.clone();
        for n in start.len()..900 {
            let options: Vec<u32> = set
                .iter()
                .filter(|&&s| s <= n)
                .map(|&s| expected[n - s])
                .collect();
            let mut m = 0;
            while options.contains(&m) {
                m += 1;
            }
            expected.push(m);
        }
        let mut given = start;
        engine.extend(&mut given, 900);
        assert_eq!(given, expected, "{:?}", set);
    }
}

#[test]
fn values_past_the_rows_are_computed_directly() {
    // S = {1, …, m}: G(n) = n mod (m + 1), values up to m, past the rows that fit.
    let m = 296;
    let set: Vec<usize> = (1..=m).collect();
    let mut engine = Engine::with_row_bytes(&set, 100 * 8 * 15).unwrap();
    let mut values = Vec::new();
    engine.extend(&mut values, 3 * (m + 1) + 5);
    for (n, &v) in values.iter().enumerate() {
        assert_eq!(v as usize, n % (m + 1), "at {}", n);
    }
    assert_eq!(engine.rows.len(), 100);
    // Longer moves too: values past the rows that are not simply n mod (m + 1).
    let mut longer = set.clone();
    longer.extend([m + 50, m + 77]);
    for bytes in [0, 8 * 32 * 50, 8 * 32 * 400] {
        let mut engine = Engine::with_row_bytes(&longer, bytes).unwrap();
        let mut values = Vec::new();
        engine.extend(&mut values, 2000);
        assert_eq!(values, direct(&longer, 2000), "{}", bytes);
        assert!(values.iter().any(|&v| v > 200));
    }
}

#[test]
fn bad_and_empty_sets() {
    assert_eq!(Engine::new(&[4, 0]).unwrap_err(), ZeroMove);
    assert_eq!(ZeroMove.to_string(), "a subtraction of 0 is not a move");
    let mut none = Engine::new(&[]).unwrap();
    let mut values = Vec::new();
    none.extend(&mut values, 100);
    assert_eq!(values, vec![0; 100]);
    assert!(std::panic::catch_unwind(|| table(3, &[0])).is_err());
}

// The engine's cost and memory, not only its values: each position reaches the rows once
// unless they must grow, they grow by doubling, and the default budget keeps a row for
// every value that fits in it.

#[test]
fn rows_sized_ahead_take_each_position_once() {
    let mut rng = Rng::new(4504);
    for _ in 0..60 {
        let set = random_set(&mut rng, 40, 150);
        let mut engine = Engine::new(&set).unwrap();
        let reserved = rng.range(300, 2000) as usize;
        engine.reserve(reserved);
        let words = engine.words;
        // Rows for the positions asked for, and less than a word more.
        assert!(64 * words >= reserved && 64 * words <= reserved + 64);
        // Reserving again for no more than the rows cover changes nothing.
        engine.reserve(64 * words);
        engine.reserve(rng.range(0, 64 * words as u64 + 1) as usize);
        assert_eq!(engine.words, words);
        // In steps up to the exact end of the rows; the caller sometimes brings values (and
        // the engine the last step).
        let end = 64 * words;
        let expected = direct(&set, end);
        let mut values = Vec::new();
        while values.len() < end {
            let len = (values.len() + rng.range(1, 150) as usize).min(end);
            if len < end && rng.below(4) == 0 {
                values.extend_from_slice(&expected[values.len()..len]);
            } else {
                engine.extend(&mut values, len);
            }
            assert_eq!(values, &expected[..len], "{:?}", set);
        }
        assert_eq!(engine.synced, end);
        assert_eq!(engine.covers, end, "{:?}", set);
        assert_eq!(engine.words, words);
        // Values up to a few hundred: the default budget holds a row for each.
        assert_eq!(engine.direct_mexes, 0);
        assert_eq!(engine.rows.len() as u32, expected.iter().max().unwrap() + 1);
    }
}

#[test]
fn rows_grown_one_value_at_a_time_double() {
    let mut rng = Rng::new(4505);
    for _ in 0..10 {
        let set = random_set(&mut rng, 20, 100);
        let mut engine = Engine::new(&set).unwrap();
        let mut values = Vec::new();
        let end = 4000;
        for len in 1..=end {
            engine.extend(&mut values, len);
        }
        assert_eq!(values, direct(&set, end), "{:?}", set);
        // Doubling: every rebuild re-covers at most half the positions covered after it.
        assert!(engine.covers <= 2 * end, "{} covers", engine.covers);
        // Rows at most twice the length reached (plus a word).
        assert!(64 * engine.words <= 2 * end + 64, "{} words", engine.words);
        assert!(64 * engine.words >= end);
    }
}

#[test]
fn a_table_cut_back_keeps_the_rows_length() {
    let mut rng = Rng::new(4506);
    for _ in 0..40 {
        let set = random_set(&mut rng, 40, 150);
        let mut engine = Engine::new(&set).unwrap();
        let mut values = Vec::new();
        engine.extend(&mut values, rng.range(1, 1000) as usize);
        let words = engine.words;
        values.truncate(rng.range(0, values.len() as u64) as usize);
        engine.extend(&mut values, 64 * words);
        assert_eq!(values, direct(&set, 64 * words), "{:?}", set);
        assert_eq!(engine.words, words);
    }
}

#[test]
fn reserving_after_values_are_computed_does_nothing() {
    let mut rng = Rng::new(4507);
    for _ in 0..40 {
        let set = random_set(&mut rng, 40, 150);
        let mut engine = Engine::new(&set).unwrap();
        let mut values = Vec::new();
        engine.extend(&mut values, rng.range(1, 200) as usize);
        let (words, rows) = (engine.words, engine.rows.clone());
        engine.reserve(rng.range(1000, 5000) as usize);
        assert_eq!((engine.words, &engine.rows), (words, &rows));
        engine.extend(&mut values, 3000);
        assert_eq!(values, direct(&set, 3000), "{:?}", set);
    }
}

#[test]
fn the_rows_stay_within_their_budget() {
    let mut rng = Rng::new(4508);
    for _ in 0..60 {
        // S = {1, …, m} and more: values up to m and past.
        let m = rng.range(1, 120) as usize;
        let mut set: Vec<usize> = (1..=m).collect();
        set.extend(random_set(&mut rng, 5, 300));
        let budget = rng.range(0, 8 * 64 * 40) as usize;
        let mut engine = Engine::with_row_bytes(&set, budget).unwrap();
        if rng.below(2) == 0 {
            // Rows sized ahead hold to the budget too.
            engine.reserve(2000);
        }
        let mut values = Vec::new();
        engine.extend(&mut values, 2000);
        assert_eq!(values, direct(&set, 2000), "{:?}", set);
        let bytes = 8 * engine.words * engine.rows.len();
        assert!(
            bytes <= budget.max(8 * engine.words),
            "{} > {}",
            bytes,
            budget
        );
        // A row for every value the budget has room for, the rest by the direct mex.
        let fit = (budget / (8 * engine.words)).max(1);
        let distinct = *values.iter().max().unwrap() as usize + 1;
        assert_eq!(engine.rows.len(), distinct.min(fit));
        let past = values.iter().filter(|&&v| v as usize >= fit).count();
        assert_eq!(engine.direct_mexes, past);
    }
    // The default budget: a row each for a few hundred values.
    let set: Vec<usize> = (1..=300).collect();
    let mut engine = Engine::new(&set).unwrap();
    let mut values = Vec::new();
    engine.extend(&mut values, 100_000);
    assert_eq!((engine.rows.len(), engine.direct_mexes), (301, 0));
    assert!(8 * engine.words * engine.rows.len() <= ROW_BYTES);
}

#[test]
fn the_table_grows_by_the_values_asked_for() {
    // Room for the values added, not for as many again (a table of 2^28 values is 1 GiB):
    // a table of exactly 100 values asked to reach 1000 needs room for 1000, which Vec's
    // doubling does not exceed from 100.
    let set = [1, 4, 9];
    let mut engine = Engine::new(&set).unwrap();
    let mut values = direct(&set, 100);
    values.shrink_to_fit();
    engine.extend(&mut values, 1000);
    assert_eq!(values, direct(&set, 1000));
    assert!(values.capacity() < 1100, "capacity {}", values.capacity());
}
