//! The library pieces the problems rest on, at the judges' largest inputs, timed by criterion to
//! back the complexity stated in their docs: `cargo bench -p tools --bench library --features
//! bench` (a filter after `--` picks benchmarks by name, e.g. `-- knights`).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::divisor::tower_grundy;
use grundy::knights::knight_table;
use grundy::nim::MisereNim;
use grundy::prelude::{MexBuffer, Nimber};
use grundy::take_vectors::TakeVectors;
use std::hint::black_box;
use testkit::Rng;

/// nukit: the Grundy table of the judge's take-away game over its whole box, and a box 16
/// times larger (the table is linear in the positions).
fn take_vectors(c: &mut Criterion) {
    let nukit = TakeVectors::new(vec![
        vec![2, 1, 0, 2],
        vec![1, 1, 1, 1],
        vec![0, 0, 2, 1],
        vec![0, 3, 0, 0],
        vec![1, 0, 0, 1],
    ]);
    let mut group = c.benchmark_group("nukit");
    group.sample_size(10);
    group.bench_function("TakeVectors table over 31^4 positions", |b| {
        b.iter(|| nukit.table(black_box(&[30; 4])))
    });
    group.bench_function("TakeVectors table over 61^4 positions (16x)", |b| {
        b.iter(|| nukit.table(black_box(&[60; 4])))
    });
    group.finish();
}

/// knights and chessboard: the table of the judge's 15 x 15 board, and of a 1000 x 1000 one
/// (4444 times the cells).
fn knights(c: &mut Criterion) {
    let mut group = c.benchmark_group("knights");
    group.sample_size(10);
    group.bench_function("knight_table(15)", |b| {
        b.iter(|| knight_table(black_box(15)))
    });
    group.bench_function("knight_table(1000)", |b| {
        b.iter(|| knight_table(black_box(1000)))
    });
    group.finish();
}

/// towerbreakers: Ω(h) by Pollard's rho, on random heights and on the hardest shape for rho
/// (a product of two primes near 10^9).
fn divisor(c: &mut Criterion) {
    let mut rng = Rng::new(1);
    let heights: Vec<u64> = (0..100)
        .map(|_| rng.range(1, 1_000_000_000_000_000_000))
        .collect();
    let semiprime = 999_999_937u64 * 1_000_000_007;
    let mut group = c.benchmark_group("towerbreakers");
    group.bench_function("tower_grundy of 100 random heights <= 10^18", |b| {
        b.iter(|| {
            heights
                .iter()
                .map(|&h| tower_grundy(black_box(h)))
                .sum::<Nimber>()
        })
    });
    group.bench_function("tower_grundy(p * q), p and q primes near 10^9", |b| {
        b.iter(|| tower_grundy(black_box(semiprime)))
    });
    group.finish();
}

/// mmmgame: the misère Nim outcome of the judge's largest input, 474 boxes of 47 colours.
fn misere(c: &mut Criterion) {
    let mut rng = Rng::new(2);
    let boxes: Vec<Vec<u64>> = (0..474)
        .map(|_| (0..47).map(|_| rng.range(1, 4747)).collect())
        .collect();
    c.bench_function(
        "mmmgame/MisereNim outcome of 474 boxes of 47 colours",
        |b| {
            b.iter(|| {
                black_box(&boxes)
                    .iter()
                    .filter(|b| {
                        b.iter()
                            .copied()
                            .collect::<MisereNim>()
                            .outcome()
                            .first_player_wins()
                    })
                    .count()
            })
        },
    );
}

/// mex: one DP position's clear, eight options and mex on a generation-stamped buffer.
fn mex(c: &mut Criterion) {
    let mut buf = MexBuffer::new(1 << 10);
    let mut i = 0usize;
    c.bench_function("mex/clear + 8 inserts + mex on a MexBuffer", |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            buf.clear();
            (0..8).for_each(|k| buf.insert((black_box(i) + k * 7) % 12));
            buf.mex()
        })
    });
}

criterion_group!(library, take_vectors, knights, divisor, misere, mex);
criterion_main!(library);
