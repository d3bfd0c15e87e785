use super::super::planes::tests::by_pairs;
use super::*;
use testkit::Rng;

/// The rows of heap n and each row's pairs, in the order a schedule gives them.
fn scheduled(n: usize, split: &[usize], order: ScanOrder) -> Vec<(usize, usize, usize)> {
    Schedule::new(n, split, order).collect()
}

#[test]
fn a_schedule_covers_every_pair_once_row_by_row() {
    for &(n, ref split) in &[
        (2, vec![1]),
        (3, vec![1]),
        (700, vec![1, 2, 3]),
        (1000, vec![2, 998, 999]),
        (513, vec![1]),
        (2000, vec![5, 1]),
    ] {
        for &order in &[ScanOrder::Low, ScanOrder::BothEnds] {
            let ranges = scheduled(n, split, order);
            let mut expected = Vec::new();
            for &j in split.iter().filter(|&&j| n >= j + 2) {
                let m = n - j;
                expected.extend((1..=m / 2).map(|a| (m, a)));
            }
            let mut got: Vec<(usize, usize)> = Vec::new();
            for &(m, lo, hi) in &ranges {
                assert!(
                    1 <= lo && lo < hi && hi <= m / 2 + 1,
                    "{n} {order:?} {ranges:?}"
                );
                got.extend((lo..hi).map(|a| (m, a)));
            }
            // `BothEnds` goes row by row: once left, a row is not met again.
            if order == ScanOrder::Low {
                got.sort_unstable();
                expected.sort_unstable();
                assert_eq!(got, expected, "{n} {split:?} {order:?}");
                continue;
            }
            let mut rows: Vec<usize> = ranges.iter().map(|r| r.0).collect();
            rows.dedup();
            let mut distinct = rows.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(rows.len(), distinct.len(), "{rows:?}");
            got.sort_unstable();
            expected.sort_unstable();
            assert_eq!(got, expected, "{n} {split:?} {order:?}");
        }
    }
}

#[test]
fn both_ends_alternates_blocks_from_the_bottom_and_the_middle() {
    // Heap 1201, one row m = 1200: pairs a = 1..=600.
    let ranges = scheduled(1201, &[1], ScanOrder::BothEnds);
    assert_eq!(
        ranges,
        vec![(1200, 1, 256), (1200, 512, 601), (1200, 256, 512)]
    );
    assert_eq!(
        scheduled(1201, &[1], ScanOrder::Low),
        vec![(1200, 1, 257), (1200, 257, 513), (1200, 513, 601)]
    );
    // From a = 1, a block of each row in turn, a row done dropping out.
    assert_eq!(
        scheduled(603, &[1, 2], ScanOrder::Low),
        vec![
            (602, 1, 257),
            (601, 1, 257),
            (602, 257, 302),
            (601, 257, 301)
        ]
    );
    assert_eq!(
        scheduled(700, &[1, 400], ScanOrder::Low),
        vec![(699, 1, 257), (300, 1, 151), (699, 257, 350)]
    );
    // Two rows: the second starts again from its bottom.
    let ranges = scheduled(603, &[1, 2], ScanOrder::BothEnds);
    assert_eq!(
        ranges,
        vec![
            (602, 1, 256),
            (602, 256, 302),
            (601, 1, 256),
            (601, 256, 301)
        ]
    );
}

/// Which of `wanted` some split pair of heap `g.len()` makes, by every pair.
fn made_by_some_pair(g: &[u16], split: &[usize], wanted: &[u16]) -> Vec<u16> {
    let n = g.len();
    let mut found: Vec<u16> = split
        .iter()
        .filter(|&&j| n >= j + 2)
        .flat_map(|&j| by_pairs(g, n - j, 1, (n - j) / 2 + 1, wanted))
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

#[test]
fn find_wanted_finds_exactly_the_values_some_pair_makes() {
    let mut rng = Rng::new(2024);
    let mut scratch = Scratch::new();
    for round in 0..300 {
        let top = [3u64, 40, 300, 2000][round % 4];
        let n = rng.range(2, 1500) as usize;
        let g: Vec<u16> = (0..n).map(|_| rng.below(top + 1) as u16).collect();
        let planes = Planes::new(&g);
        let split: Vec<usize> = (0..rng.range(1, 3))
            .map(|_| rng.range(1, 5) as usize)
            .collect();
        let heap = Heap {
            g: &g,
            split: &split,
            planes: &planes,
        };
        let mut wanted: Vec<u16> = (0..rng.range(0, 150))
            .map(|_| rng.below(2 * top + 3) as u16)
            .collect();
        wanted.sort_unstable();
        wanted.dedup();
        let expected = made_by_some_pair(&g, &split, &wanted);
        let all_pairs: u64 = split
            .iter()
            .filter(|&&j| n >= j + 2)
            .map(|&j| ((n - j) / 2) as u64)
            .sum();
        for &order in &[ScanOrder::Low, ScanOrder::BothEnds] {
            let mut left = wanted.clone();
            let visited = find_wanted(heap, order, &mut left, &mut scratch);
            left.sort_unstable();
            let missing: Vec<u16> = wanted
                .iter()
                .copied()
                .filter(|v| !expected.contains(v))
                .collect();
            assert_eq!(left, missing, "{order:?} n {n} split {split:?}");
            assert!(visited <= all_pairs, "{visited} {all_pairs}");
            if !missing.is_empty() {
                assert_eq!(
                    visited, all_pairs,
                    "{order:?}: a missing value needs every pair"
                );
            }
            assert!(scratch.is_clean(), "scratch left dirty");
        }
    }
}

#[test]
fn scan_pairs_stops_at_the_hand_over() {
    let h = HAND_OVER;
    // Pair i makes value i + 1 (left[i] = i + 1, right all zero). With h + 3 wanted values
    // (1..=h + 3), the first four pairs leave h − 1: the scan stops after its first step.
    let left: Vec<u16> = (1..=h as u16 + 9).collect();
    let right = vec![0u16; left.len()];
    let mut is_wanted = Box::new([false; 1 << 16]);
    for v in 1..=h + 3 {
        is_wanted[v] = true;
    }
    let mut missing = h + 3;
    let stop = scan_pairs(&left, &right, &mut is_wanted, &mut missing, h);
    assert_eq!((stop, missing), (Some(3), h - 1));
    assert!((1..=4).all(|v| !is_wanted[v]) && (5..=h + 3).all(|v| is_wanted[v]));
    // More missing, none met in the steps of four: the last pairs one at a time, each
    // left value with the partner at its own index: pair 5 is (7, 5), value 2; nothing
    // makes 7.
    let left = [0u16, 0, 0, 0, 0, 7];
    let right = [0u16, 0, 0, 0, 0, 5];
    is_wanted.iter_mut().for_each(|w| *w = false);
    is_wanted[2] = true;
    is_wanted[7] = true;
    let mut missing = h + 4;
    let stop = scan_pairs(&left, &right, &mut is_wanted, &mut missing, h);
    assert_eq!((stop, missing), (None, h + 3));
    assert!(is_wanted[7] && !is_wanted[2]);
    // The first pair after the steps of four (pair 4 of 5) is read.
    let left = [0u16, 0, 0, 0, 7];
    let right = [0u16; 5];
    is_wanted.iter_mut().for_each(|w| *w = false);
    is_wanted[7] = true;
    let mut missing = h + 1;
    let stop = scan_pairs(&left, &right, &mut is_wanted, &mut missing, h);
    assert_eq!((stop, missing), (Some(4), h));
    // A value made twice in one step counts once; the hand-over in the last pairs.
    let left = [3u16, 3, 0, 0, 0, 9];
    let right = [0u16; 6];
    is_wanted.iter_mut().for_each(|w| *w = false);
    is_wanted[3] = true;
    is_wanted[9] = true;
    let mut missing = h + 2;
    let stop = scan_pairs(&left, &right, &mut is_wanted, &mut missing, h);
    assert_eq!((stop, missing), (Some(5), h));
}

#[test]
fn keep_keeps_what_retain_keeps_in_order() {
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let len = rng.range(0, 100) as usize;
        let values: Vec<u16> = (0..len).map(|_| rng.below(1000) as u16).collect();
        let stays: Vec<bool> = (0..len).map(|_| rng.below(2) == 1).collect();
        let mut expected = values.clone();
        let mut i = 0;
        expected.retain(|_| {
            i += 1;
            stays[i - 1]
        });
        let mut got = values.clone();
        let mut calls = Vec::new();
        keep(&mut got, |v| {
            calls.push(v);
            stays[calls.len() - 1]
        });
        assert_eq!(got, expected);
        assert_eq!(calls, values, "called once a value, in order");
    }
}

/// `scan_masks` one pair at a time: the index of the last pair scanned at the stop, the
/// bits left counted after each `MASK_STEP` pairs and after the last.
fn masks_by_pairs(
    left: &[u16],
    right: &[u16],
    masks: &[u64; 1 << 16],
    found: &mut u64,
    all: u64,
    stop: usize,
) -> Option<usize> {
    let len = left.len();
    for i in 0..len {
        *found |= masks[usize::from(left[i] ^ right[i])];
        let counted = i % MASK_STEP == MASK_STEP - 1 || i == len - 1;
        if counted && (all & !*found).count_ones() as usize <= stop {
            return Some(i);
        }
    }
    None
}

#[test]
fn scan_masks_stops_at_the_count_after_the_step_that_leaves_few() {
    // Pair i makes value i + 1 (left[i] = i + 1, right all zero); values 1..=40 are wanted
    // as bits 0..=39.
    let left: Vec<u16> = (1..=100).collect();
    let right = vec![0u16; left.len()];
    let mut masks = boxed_table(0u64);
    for v in 1..=40 {
        masks[v] = 1 << (v - 1);
    }
    let all = (1u64 << 40) - 1;
    // 38 found after pair 37, but the bits are counted after pairs 31 and 63 only.
    let mut found = 0;
    let stop = scan_masks(&left, &right, &masks, &mut found, all, 2);
    assert_eq!((stop, found), (Some(63), all));
    // Stop 8: 32 found after pair 31, 8 left.
    let mut found = 0;
    let stop = scan_masks(&left, &right, &masks, &mut found, all, 8);
    assert_eq!((stop, found), (Some(31), (1 << 32) - 1));
    // Bits already found count.
    let mut found = 0b111 << 35;
    assert_eq!(
        scan_masks(&left, &right, &masks, &mut found, all, 5),
        Some(31)
    );
    // A value found twice counts once; the count after the last pair of a slice shorter
    // than a step: pairs 0..=5 make 1, 2, 1, 2, 3, 4.
    let short = [1u16, 2, 1, 2, 3, 4];
    let zeros = [0u16; 6];
    let mut found = 0;
    assert_eq!(
        scan_masks(&short, &zeros, &masks, &mut found, all, 36),
        Some(5)
    );
    assert_eq!(found, 0b1111);
    let mut found = 0;
    assert_eq!(
        scan_masks(&short, &zeros, &masks, &mut found, all, 35),
        None
    );
    // Pair i is (left[i], right[i]): 1 ^ 1 and 0 ^ 5 make 0 and 5, not 1 (nor 4).
    let left = [1u16, 0, 0, 0, 0];
    let right = [1u16, 0, 0, 0, 5];
    let mut found = 0;
    assert_eq!(scan_masks(&left, &right, &masks, &mut found, all, 2), None);
    assert_eq!(found, 0b1_0000);
}

#[test]
fn scan_masks_matches_the_pairs_one_by_one() {
    let mut rng = Rng::new(99);
    let mut masks = boxed_table(0u64);
    for round in 0..400 {
        let top = [7u64, 60, 1000][round % 3];
        let len = rng.range(0, 300) as usize;
        let left: Vec<u16> = (0..len).map(|_| rng.below(top + 1) as u16).collect();
        let right: Vec<u16> = (0..len).map(|_| rng.below(top + 1) as u16).collect();
        let count = rng.range(1, 64) as usize;
        let wanted: Vec<u16> = (0..count).map(|_| rng.below(top + 1) as u16).collect();
        for (k, &v) in wanted.iter().enumerate() {
            masks[usize::from(v)] = 1 << k;
        }
        // (A value drawn twice keeps its last bit: the other is never found.)
        let all = !0u64 >> (64 - count);
        let stop = rng.range(0, count as u64) as usize;
        let start = all & rng.below(1 << 20);
        let (mut found, mut expected) = (start, start);
        let got = scan_masks(&left, &right, &masks, &mut found, all, stop);
        let want = masks_by_pairs(&left, &right, &masks, &mut expected, all, stop);
        assert_eq!((got, found), (want, expected), "round {round}");
        for &v in &wanted {
            masks[usize::from(v)] = 0;
        }
    }
}

#[test]
fn a_search_of_many_values_hands_over_from_the_table_to_the_word() {
    // One row m = 2000, pairs a = 1..=1000; pair a makes value a (g[a] = a, the partners
    // zero) for a <= 200. 150 wanted values 1..=150: the table's scan runs until at most
    // 64 are left (88 pairs, 22 steps of four: 89..=150 left, 62 of them), the word takes
    // over, counts 30 left after its first step of 32 pairs and none after its second (to
    // pair 152): the planes have nothing to find.
    let mut g = vec![0u16; 2001];
    for (a, value) in g.iter_mut().enumerate().take(201) {
        *value = a as u16;
    }
    let planes = Planes::new(&g);
    let heap = Heap {
        g: &g,
        split: &[1],
        planes: &planes,
    };
    let mut scratch = Scratch::new();
    let mut wanted: Vec<u16> = (1..=150).collect();
    let visited = find_wanted(heap, ScanOrder::Low, &mut wanted, &mut scratch);
    assert!(wanted.is_empty(), "{wanted:?}");
    assert_eq!(visited, 88 + 64);
    assert!(scratch.is_clean());
    // Two values no pair makes among 100 that pairs make: both left, every pair visited.
    let mut wanted: Vec<u16> = (1..=100).chain([300, 301]).collect();
    let visited = find_wanted(heap, ScanOrder::Low, &mut wanted, &mut scratch);
    assert_eq!(wanted, vec![300, 301]);
    assert_eq!(visited, 1000);
    assert!(scratch.is_clean());
    // Three no pair makes: the word's scan reads every pair, the planes none.
    let mut wanted: Vec<u16> = (1..=100).chain([300, 301, 302]).collect();
    let visited = find_wanted(heap, ScanOrder::Low, &mut wanted, &mut scratch);
    assert_eq!(wanted, vec![300, 301, 302]);
    assert_eq!(visited, 1000);
    assert!(scratch.is_clean());
}

/// A heap of one row whose only pair making value 1 is near the middle (a = 1999), or
/// early in the row (a = 300).
fn one_row(middle: bool) -> (Vec<u16>, Vec<u16>) {
    let n = 4001; // row 4000, pairs a = 1..=2000
    let mut g = vec![0u16; n];
    let a = if middle { 1999 } else { 300 };
    g[a] = 1;
    // Nine more wanted values that no pair makes keep the scan from handing over early.
    (g, (1..=10).map(|v| v * 7 + 1).chain(Some(1)).collect())
}

#[test]
fn the_chooser_switches_to_the_order_that_needed_fewer_pairs() {
    let mut scratch = Scratch::new();
    for &(middle, from, to) in &[
        (true, ScanOrder::Low, ScanOrder::BothEnds),
        (false, ScanOrder::BothEnds, ScanOrder::Low),
    ] {
        let (g, wanted) = one_row(middle);
        let planes = Planes::new(&g);
        let split = [1];
        let heap = Heap {
            g: &g,
            split: &split,
            planes: &planes,
        };
        let mut chooser = OrderChooser::new(from, 2);
        let mut left = wanted.clone();
        // The first search is no trial: one order only, every pair (10 values missing).
        assert_eq!(chooser.find(heap, &mut left, &mut scratch), 2000);
        assert_eq!((chooser.order(), left.len()), (from, 10));
        // The second is a trial: both orders look for value 1, the other one sooner.
        let mut left = vec![1];
        let work = chooser.find(heap, &mut left, &mut scratch);
        assert!(left.is_empty());
        assert_eq!(chooser.order(), to, "middle {middle}");
        assert!(work > 2, "{work}");
        // Halving at a review keeps the choice.
        let before = chooser.pairs;
        chooser.review();
        assert_eq!(chooser.pairs, [before[0] / 2, before[1] / 2]);
        assert!(before[0] > 1 && before[1] > 1, "{before:?}");
        assert_eq!(chooser.order(), to);
    }
}

#[test]
fn the_pairs_visited_are_counted_exactly() {
    // One row m = 200 (pairs a = 1..=100); pair a makes value a for a <= 5 (g[a] = a, the
    // partners zero), pair 40 makes 9. Six wanted, 1..=5 and 9: the word's scan meets
    // 1..=5 in its first step of 32 pairs and hands over with one left; the planes meet 9
    // in the first word, whose pairs 33..=63 they count: 32 + 31.
    let mut g = vec![0u16; 201];
    for (a, value) in g.iter_mut().enumerate().take(6) {
        *value = a as u16;
    }
    g[40] = 9;
    let planes = Planes::new(&g);
    let heap = Heap {
        g: &g,
        split: &[1],
        planes: &planes,
    };
    let mut scratch = Scratch::new();
    for &order in &[ScanOrder::Low, ScanOrder::BothEnds] {
        let mut wanted = vec![1, 2, 3, 4, 5, 9];
        assert_eq!(find_wanted(heap, order, &mut wanted, &mut scratch), 63);
        assert!(wanted.is_empty());
        // More than `HAND_OVER` wanted, all met in the first step of 32: the word's scan
        // alone, 32 pairs; `HAND_OVER` wanted: the planes alone, a whole word.
        let mut wanted = vec![1, 2, 3];
        assert_eq!(find_wanted(heap, order, &mut wanted, &mut scratch), 32);
        let mut wanted = vec![1, 2];
        assert_eq!(find_wanted(heap, order, &mut wanted, &mut scratch), 63);
        // A value no pair makes: every pair, in either order.
        let mut wanted = vec![1, 2, 3, 4, 5, 6];
        assert_eq!(find_wanted(heap, order, &mut wanted, &mut scratch), 100);
        assert_eq!(wanted, vec![6]);
    }
    // A trial every 3 searches: the third scans in both orders.
    let mut chooser = OrderChooser::new(ScanOrder::Low, 3);
    let mut work = Vec::new();
    for _ in 0..4 {
        let mut wanted = vec![1, 2, 3, 4, 5, 6];
        work.push(chooser.find(heap, &mut wanted, &mut scratch));
    }
    assert_eq!(work, vec![100, 100, 200, 100]);
    assert_eq!(chooser.pairs, [100, 100]);
    // A tie keeps the order in use.
    assert_eq!(chooser.order(), ScanOrder::Low);
}
