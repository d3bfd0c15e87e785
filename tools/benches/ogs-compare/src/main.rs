//! Paired runs of `grundy::octal` (method Auto) and ogs 0.0.6's RC2 solver on the same games:
//! the median wall time of each over `-- RUNS` pairs (default 3), their ratio, and a check that
//! both computed the same values.
//!
//! `cargo run --release --manifest-path tools/benches/ogs-compare/Cargo.toml [-- RUNS]`

use grundy::octal::{Method, OctalGame};
use ogs::{Game, RC2Solver, Solver};
use std::time::{Duration, Instant};

fn ours(code: &str, n: usize) -> (Vec<u16>, Duration) {
    let start = Instant::now();
    let mut game = OctalGame::new(code.parse().expect("a valid code"), Method::Auto);
    game.extend_to(n);
    let took = start.elapsed();
    (game.values().to_vec(), took)
}

fn theirs(code: &str, n: usize) -> (Vec<u16>, Duration) {
    let start = Instant::now();
    let game = Game::from_ascii(code.as_bytes()).expect("a valid code");
    let mut solver = RC2Solver::<true, ()>::with_capacity(game, n);
    (&mut solver).take(n).for_each(drop);
    let took = start.elapsed();
    (solver.nimbers().to_vec(), took)
}

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64()
}

fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    println!("{:<28} {:>10} {:>12} {:>7}", "game, values", "ours s", "ogs RC2 s", "ratio");
    for (code, n) in [("0.6", 1 << 20), ("0.777", 1 << 17), ("0.376", 4_600_000)] {
        let (mut mine, mut rc2) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let (a, t) = ours(code, n);
            mine.push(t);
            let (b, u) = theirs(code, n);
            rc2.push(u);
            assert!(a == b, "{code}: the values differ");
        }
        let (m, r) = (median(mine), median(rc2));
        println!("{:<28} {:>10.2} {:>12.2} {:>6.2}x", format!("{code}, {n}"), m, r, m / r);
    }
}
