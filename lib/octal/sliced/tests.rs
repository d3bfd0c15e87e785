use super::*;
use crate::octal::tests::random_code;
use crate::octal::{Naive, RareValue};
use testkit::Rng;

fn values_of<S: Solver>(mut solver: S, len: usize) -> Vec<u16> {
    solver.extend_to(len).unwrap();
    solver.values().to_vec()
}

#[test]
fn matches_the_naive_method_on_random_codes() {
    let mut rng = Rng::new(2323);
    let mut sparse = 0;
    for _ in 0..150 {
        let code = random_code(&mut rng, 5);
        let len = rng.range(100, 2500) as usize;
        let mut sliced = BitSliced::always(code.clone());
        sliced.extend_to(len).unwrap();
        assert_eq!(
            sliced.values(),
            values_of(Naive::new(code.clone()), len),
            "{code}"
        );
        assert_eq!(sliced.rare_mask().is_some(), code.has_splits(), "{code}");
        sparse += usize::from(sliced.rare_mask().is_some());
    }
    assert!(sparse > 50, "too few codes used the method: {sparse}");
}

#[test]
fn matches_the_naive_method_on_classic_codes() {
    for code in [
        "0.07", "0.77", "0.137", "0.007", "0.4", "0.54", "0.72", "4.6", "0.3456", "0.6", "0.777",
        "0.376", "0.354", "4.07", "0.165", "0.064",
    ] {
        let code: OctalCode = code.parse().unwrap();
        assert_eq!(
            values_of(BitSliced::always(code.clone()), 4000),
            values_of(Naive::new(code.clone()), 4000),
            "{code}"
        );
    }
}

/// The bit-sliced and rare-value methods agree on `code` to 2^17, with the same rare
/// values; the order the chooser settled on.
fn agrees_with_the_rare_value_method_to_2_pow_17(code: &str) -> ScanOrder {
    let code: OctalCode = code.parse().unwrap();
    let mut sliced = BitSliced::new(code.clone());
    let mut rare = RareValue::new(code.clone());
    sliced.extend_to(1 << 17).unwrap();
    rare.extend_to(1 << 17).unwrap();
    assert_eq!(sliced.values(), rare.values(), "{code}");
    assert_eq!(sliced.rare_mask(), rare.rare_mask(), "{code}");
    assert!(sliced.rare_mask().is_some(), "{code}");
    sliced.chooser.order()
}

// One test a code, so that the runs to 2^17 share the harness's threads. The order
// measured cheaper: Officers' hard candidates are made near the middle of the row as well
// as by small parts; 0.777's by small parts.
#[test]
fn matches_the_rare_value_method_to_2_pow_17_officers() {
    let order = agrees_with_the_rare_value_method_to_2_pow_17("0.6");
    assert_eq!(order, ScanOrder::BothEnds);
}

#[test]
fn matches_the_rare_value_method_to_2_pow_17_0777() {
    let order = agrees_with_the_rare_value_method_to_2_pow_17("0.777");
    assert_eq!(order, ScanOrder::Low);
}

#[test]
fn matches_the_rare_value_method_to_2_pow_17_0376() {
    agrees_with_the_rare_value_method_to_2_pow_17("0.376");
}

#[test]
fn matches_the_rare_value_method_to_2_pow_17_0165() {
    agrees_with_the_rare_value_method_to_2_pow_17("0.165");
}

#[test]
fn either_scan_order_gives_the_naive_values() {
    let mut rng = Rng::new(77);
    for _ in 0..60 {
        let code = random_code(&mut rng, 5);
        let len = rng.range(100, 2500) as usize;
        let naive = values_of(Naive::new(code.clone()), len);
        for &order in &[ScanOrder::Low, ScanOrder::BothEnds] {
            let mut sliced = BitSliced::always(code.clone());
            sliced.chooser = OrderChooser::new(order, usize::MAX);
            sliced.extend_to(len).unwrap();
            assert_eq!(sliced.values(), naive, "{code} {order:?}");
            assert_eq!(sliced.chooser.order(), order);
        }
    }
}

#[test]
fn the_shared_window_serves_each_heap_under_each_digit() {
    // 0.777 splits after taking 1, 2 or 3: partner o of the window (n0 − 3 − r + o) is the
    // partner of heap n0 + i under digit j where o = i − j + 3.
    let window = SharedWindow::of(&[1, 2, 3]).unwrap();
    assert_eq!(window.lag, 3);
    assert_eq!(window.masks.len(), 18);
    for (o, &heaps) in window.masks.iter().enumerate() {
        let expected = (0..LANES)
            .filter(|&i| [1, 2, 3].iter().any(|&j| i + 3 == o + j))
            .fold(0, |bits, i| bits | 1 << i);
        assert_eq!(heaps, expected, "partner {}", o);
    }
    assert_eq!(window.masks[0], 0b1);
    assert_eq!(window.masks[17], 1 << 15);
    // One digit, two (a window of at least 16 + 1 partners against 32), or three
    // spanning 8 or more (16 + 8 against 48) keep a window a digit.
    assert!(SharedWindow::of(&[1]).is_none());
    assert!(SharedWindow::of(&[2, 3]).is_none());
    assert!(SharedWindow::of(&[0, 1, 7]).is_some());
    assert!(SharedWindow::of(&[0, 1, 8]).is_none());
    // The span counts from the lowest digit, not from 0.
    assert!(SharedWindow::of(&[5, 6, 12]).is_some());
    assert!(SharedWindow::of(&[5, 6, 13]).is_none());
    assert!(SharedWindow::of(&[]).is_none());
}

#[test]
fn the_shared_window_gives_the_values_and_work_of_a_window_a_digit() {
    let mut rng = Rng::new(777);
    let mut shared = 0;
    for _ in 0..80 {
        let code = random_code(&mut rng, 5);
        let len = rng.range(100, 3000) as usize;
        let mut one = BitSliced::always(code.clone());
        let mut each = BitSliced::always(code.clone());
        each.shared = None;
        shared += usize::from(one.shared.is_some());
        let (mut work_one, mut work_each) = (0, 0);
        while one.len() < len {
            work_one += one.push_next().unwrap();
            work_each += each.push_next().unwrap();
        }
        assert_eq!(one.values(), each.values(), "{code}");
        assert_eq!(work_one, work_each, "{code}");
    }
    assert!(shared > 10, "too few codes shared a window: {}", shared);
}

/// Drives `game` to `len` as a two-thread caller would, on one thread: the far pairs of
/// each block marked by a [`FarPass`] from the values known one block earlier, a random
/// share of them, the solver marking the rest; returns the work.
fn extend_in_blocks(game: &mut BitSliced, len: usize, rng: &mut Rng) -> u64 {
    let (mut this, mut next) = (FarMarks::new(), FarMarks::new());
    let (mut pass, mut made_for) = (None, usize::MAX);
    let mut work = 0;
    while game.len() < len {
        let n0 = game.len();
        if made_for != game.review_at() {
            pass = game.far_pass();
            made_for = game.review_at();
        }
        let count = LANES.min(len - n0);
        if let Some(pass) = &mut pass {
            if count == LANES && rng.below(8) != 0 {
                let share = [0, 1024, rng.below(1025) as u32][rng.below(3) as usize];
                pass.mark(game.values(), n0 + LANES, share, &mut next);
            }
        }
        work += game.push_block(&mut this, count).unwrap();
        std::mem::swap(&mut this, &mut next);
    }
    work
}

#[test]
fn far_passes_apart_give_the_values_and_work_of_one_pass() {
    let mut rng = Rng::new(4646);
    let mut prepared = 0;
    for round in 0..120 {
        let code = if round < 6 {
            ["0.6", "0.777", "0.376", "0.165", "0.07", "4.07"][round]
                .parse()
                .unwrap()
        } else {
            random_code(&mut rng, 5)
        };
        let len = rng.range(100, 5000) as usize;
        let mut one = BitSliced::always(code.clone());
        let work_one = one.extend_to(len).unwrap();
        let mut apart = if rng.below(2) == 0 {
            BitSliced::always(code.clone())
        } else {
            BitSliced::new(code.clone())
        };
        if !apart.only_when_sparse {
            prepared += 1;
        }
        let work_apart = extend_in_blocks(&mut apart, len, &mut rng);
        assert_eq!(one.values(), apart.values(), "{code}");
        if !apart.only_when_sparse {
            assert_eq!(work_one, work_apart, "{code}");
        }
        assert_eq!(
            apart.values(),
            values_of(Naive::new(code.clone()), len),
            "{code}"
        );
    }
    assert!(prepared > 30, "{}", prepared);
}

#[test]
fn officers_in_blocks_to_2_pow_16_match_one_pass() {
    let code: OctalCode = "0.6".parse().unwrap();
    let mut rng = Rng::new(6);
    let mut apart = BitSliced::new(code.clone());
    extend_in_blocks(&mut apart, 1 << 16, &mut rng);
    assert_eq!(apart.values(), values_of(BitSliced::new(code), 1 << 16));
    assert!(apart.rare_mask().is_some());
}

#[test]
fn truncated_values_are_computed_again_the_same() {
    let mut rng = Rng::new(24);
    for _ in 0..30 {
        let code = random_code(&mut rng, 5);
        let once = values_of(BitSliced::always(code.clone()), 900);
        let mut twice = BitSliced::always(code.clone());
        let cut = rng.range(70, 600) as usize;
        twice.extend_to(cut + rng.range(0, 300) as usize).unwrap();
        twice.truncate(cut);
        assert_eq!(twice.len(), cut);
        twice.extend_to(900).unwrap();
        assert_eq!(once, twice.values(), "{code} cut at {cut}");
    }
}

#[test]
fn the_policy_is_the_rare_value_methods() {
    // Officers: rare values are 16% of 8192, then 9.6% of 16384.
    let mut officers = BitSliced::new("0.6".parse().unwrap());
    officers.extend_to(16384).unwrap();
    assert_eq!(officers.rare_mask(), None);
    officers.extend_to(16385).unwrap();
    assert_eq!(officers.rare_mask(), Some(494));
    let mut nim = BitSliced::always("0.333".parse().unwrap());
    nim.extend_to(500).unwrap();
    assert_eq!(
        nim.rare_mask(),
        None,
        "no split moves: nothing to be rare for"
    );
}

#[test]
fn work_counts_the_pairs_with_a_rare_part_for_every_heap() {
    // Past the naive prefix, each value examines at least its unsplit moves and every pair
    // with a rare part, which for Officers at 20,000 is more than 900 of them.
    let mut officers = BitSliced::always("0.6".parse().unwrap());
    officers.extend_to(20_000).unwrap();
    let rare = officers.rare.as_ref().unwrap().positions().len() as u64;
    for _ in 0..20 {
        let work = officers.push_next().unwrap();
        assert!(work > rare && work < 20_000, "{work} {rare}");
    }
    assert!(rare > 900, "{rare}");
}

#[test]
fn count_below_is_the_partition_point() {
    let mut rng = Rng::new(3232);
    let mut counted = [0; 2];
    for _ in 0..2000 {
        let len = rng.range(0, 100) as usize;
        let mut positions: Vec<u32> = (0..len).map(|_| rng.below(150) as u32).collect();
        positions.sort_unstable();
        positions.dedup();
        // Bounds from below the first position to past the last, near the end most often.
        let top = positions.last().map_or(0, |&r| r as usize);
        let bound = match rng.below(3) {
            0 => rng.range(0, top as u64 + 2) as usize,
            _ => top.saturating_sub(rng.range(0, 40) as usize),
        };
        let expected = positions.partition_point(|&r| (r as usize) < bound);
        // Both ways are taken: from the end, and searched past the last `NEAR_END`.
        counted[usize::from(positions.len() - expected >= far::NEAR_END)] += 1;
        assert_eq!(
            far::count_below(&positions, bound),
            expected,
            "{positions:?} {bound}"
        );
    }
    assert!(counted[0] > 500 && counted[1] > 100, "{counted:?}");
}

#[test]
fn the_far_pass_and_mark_near_mark_every_pair_with_a_rare_part_once() {
    // For heap n = n0 + i of a block, the pairs (r, m − r), m = n − j, over every split digit
    // j and every rare position 1 <= r < m, counted and marked literally, against the far
    // pass of the block and the pairs `mark_near` adds for the heap.
    let mut rng = Rng::new(4747);
    let mut shared_windows = 0;
    for _ in 0..400 {
        let mut split: Vec<usize> = (0..rng.range(1, 3))
            .map(|_| rng.range(1, 6) as usize)
            .collect();
        split.sort_unstable();
        split.dedup();
        let shared = SharedWindow::of(&split).filter(|_| rng.below(2) == 0);
        shared_windows += usize::from(shared.is_some());
        let n0 = rng.range(0, 150) as usize;
        let i = rng.below(LANES as u64) as usize;
        let n = n0 + i;
        let g: Vec<u16> = (0..n).map(|_| rng.below(64) as u16).collect();
        let positions: Vec<u32> = (1..n as u32).filter(|_| rng.below(3) == 0).collect();
        let far = Far {
            split: &split,
            shared: shared.as_ref(),
            n0,
        };
        let mut lanes = Lanes::new();
        lanes.clear(64, shared.is_some());
        let work = far.mark(&g, &positions, (LANES, LANES), &mut lanes)
            + far.mark_near(&g, &positions, i, &mut lanes);
        let mut made = [false; 64];
        let mut pairs = 0;
        for &j in split.iter().filter(|&&j| n >= j + 2) {
            let m = n - j;
            for &r in positions.iter().filter(|&&r| (r as usize) < m) {
                made[usize::from(g[r as usize] ^ g[m - r as usize])] = true;
                pairs += 1;
            }
        }
        assert_eq!(work, pairs, "{split:?} n0 {n0} i {i}");
        for (v, &made) in made.iter().enumerate() {
            assert_eq!(
                lanes.marked(i, v),
                made,
                "{split:?} n0 {n0} i {i} value {v}"
            );
        }
    }
    assert!(shared_windows > 25, "{shared_windows}");
}
