//! Times of the library pieces the problems rest on, at the judges' largest inputs, to back the
//! complexity stated in their docs. `cargo bench --bench library`.

use grundy::divisor::tower_grundy;
use grundy::knights::knight_table;
use grundy::take_vectors::TakeVectors;
use grundy::{MexBuffer, MisereNim, Nimber};
use std::hint::black_box;
use std::time::Instant;
use testkit::Rng;

fn time<T>(label: &str, reps: u32, mut f: impl FnMut() -> T) {
    let start = Instant::now();
    for _ in 0..reps {
        black_box(f());
    }
    let each = start.elapsed().as_secs_f64() / f64::from(reps);
    println!("{label:<58} {:>10.3} ms", each * 1e3);
}

fn main() {
    let nukit = TakeVectors::new(vec![
        vec![2, 1, 0, 2],
        vec![1, 1, 1, 1],
        vec![0, 0, 2, 1],
        vec![0, 3, 0, 0],
        vec![1, 0, 0, 1],
    ]);
    time("nukit: TakeVectors table over 31^4 positions", 10, || {
        nukit.table(&[30; 4])
    });
    time(
        "nukit: TakeVectors table over 61^4 positions (16x)",
        2,
        || nukit.table(&[60; 4]),
    );
    time("knights: knight_table(15)", 1000, || knight_table(15));
    time("knights: knight_table(1000) (4444x the cells)", 3, || {
        knight_table(1000)
    });
    let mut rng = Rng::new(1);
    let heights: Vec<u64> = (0..100)
        .map(|_| rng.range(1, 1_000_000_000_000_000_000))
        .collect();
    time(
        "towerbreakers: tower_grundy of 100 random heights <= 10^18",
        10,
        || heights.iter().map(|&h| tower_grundy(h)).sum::<Nimber>(),
    );
    let semiprime = 999_999_937u64 * 1_000_000_007; // two primes near 10^9: the hardest shape for rho
    time(
        "towerbreakers: tower_grundy(p * q), p and q primes near 10^9",
        100,
        || tower_grundy(semiprime),
    );
    let boxes: Vec<Vec<u64>> = (0..474)
        .map(|_| (0..47).map(|_| rng.range(1, 4747)).collect())
        .collect();
    time(
        "mmmgame: MisereNim outcome of 474 boxes of 47 colours",
        100,
        || {
            boxes
                .iter()
                .filter(|b| {
                    b.iter()
                        .copied()
                        .collect::<MisereNim>()
                        .outcome()
                        .first_player_wins()
                })
                .count()
        },
    );
    let mut buf = MexBuffer::new(1 << 10);
    time(
        "mex: 10^6 clear + 8 inserts + mex on a MexBuffer",
        1,
        || {
            let mut total = 0;
            for i in 0..1_000_000usize {
                buf.clear();
                (0..8).for_each(|k| buf.insert((i + k * 7) % 12));
                total += buf.mex();
            }
            total
        },
    );
}
