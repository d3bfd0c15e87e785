//! Paired runs of `grundy::octal` (`BitSliced::new`, the analyzer's choice, and `RareValue::new`,
//! the method before it) and ogs 0.0.6's RC2 solver on the same games: the median wall time of
//! each over `-- RUNS` rounds (default 3; one round runs the three one after the other), the
//! median of each round's ratio to RC2 (a round's three runs share its load; the machine's load
//! changes between rounds), and a check that all computed the same values. Then the rate of each, in
//! values per second, over each doubling of .376's values up to 4.6M (past its preperiod of
//! 2,268,248): a cliff would show.
//!
//! `cargo run --release --manifest-path tools/benches/ogs-compare/Cargo.toml [-- RUNS [quick]]`
//! (`default-run` picks this binary; `--bin work` is the harness for counting)
//!
//! `quick` runs smaller sizes (Officers 2^18, 0.777 2^16, .376 2^20) and skips the rates: a
//! round takes about a third of a full one's time, for paired checks on a loaded machine.
//! `officers` runs Officers alone at 2^20, 2^22 and 2^24 (or the sizes after it),
//! `BitSliced::new` on one core and on two (`analysis::threads::TwoCores`) against RC2 (no
//! `RareValue` column), and prints each one's values per second.

use analysis::threads::TwoCores;
use grundy::octal::{BitSliced, RareValue, Solver};
use ogs::{Game, RC2Solver, Solver as _};
use std::time::{Duration, Instant};

fn ours<S: Solver>(
    new: impl Fn(grundy::octal::OctalCode) -> S,
    code: &str,
    n: usize,
) -> (Vec<u16>, Duration) {
    let start = Instant::now();
    let mut game = new(code.parse().expect("a valid code"));
    game.extend_to(n).expect("values below 65536");
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

/// Seconds each one took to go from 2^(k-1) to 2^k values (the first from 0 to 2^10), and for
/// the last stretch up to `n`.
fn stretches(n: usize, mut extend: impl FnMut(usize)) -> Vec<(usize, f64)> {
    let mut ends: Vec<usize> = (10..).map(|k| 1usize << k).take_while(|&e| e < n).collect();
    ends.push(n);
    let mut done = 0;
    ends.into_iter()
        .map(|end| {
            let start = Instant::now();
            extend(end);
            let rate = (end - done) as f64 / start.elapsed().as_secs_f64();
            done = end;
            (end, rate)
        })
        .collect()
}

/// Officers at 2^20, 2^22 and 2^24 (`-- RUNS officers SIZES…` picks other sizes):
/// `BitSliced::new` on one core, the same on two (`analysis::threads::TwoCores`) and RC2 in
/// paired rounds (the same values checked), the medians of their seconds, values per second
/// and ratios to RC2.
fn officers_rates(runs: usize, sizes: &[usize]) {
    println!(
        "{:<10} {:>9} {:>10} {:>9} {:>10} {:>9} {:>10} {:>9} {:>9}",
        "Officers", "1 core s", "v/s", "2 cores s", "v/s", "RC2 s", "v/s", "1c/RC2", "2c/RC2"
    );
    for &n in sizes {
        let (mut one, mut two, mut rc2) = (Vec::new(), Vec::new(), Vec::new());
        let (mut ratio_one, mut ratio_two) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let (a, t) = ours(BitSliced::new, "0.6", n);
            let (b, u) = ours(|code| TwoCores::new(BitSliced::new(code), 2), "0.6", n);
            let (c, w) = theirs("0.6", n);
            assert!(a == c && b == c, "Officers to {n}: the values differ");
            ratio_one.push(t.as_secs_f64() / w.as_secs_f64());
            ratio_two.push(u.as_secs_f64() / w.as_secs_f64());
            one.push(t.as_secs_f64());
            two.push(u.as_secs_f64());
            rc2.push(w.as_secs_f64());
        }
        let (t, u, w) = (median(one), median(two), median(rc2));
        println!(
            "{:<10} {:>9.2} {:>10.0} {:>9.2} {:>10.0} {:>9.2} {:>10.0} {:>8.2}x {:>8.2}x",
            n,
            t,
            n as f64 / t,
            u,
            n as f64 / u,
            w,
            n as f64 / w,
            median(ratio_one),
            median(ratio_two)
        );
    }
}

/// Refuses a bad command line in one line.
fn usage() -> ! {
    eprintln!("error: usage: ogs-compare [RUNS [quick|officers [SIZES…]]] (RUNS at least 1)");
    std::process::exit(2);
}

/// The median of `xs` (the upper one of an even count).
fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs = match args.first().map(|a| a.parse::<usize>()) {
        None => 3,
        Some(Ok(runs)) if runs >= 1 => runs,
        Some(_) => usage(),
    };
    let (quick, officers) = match args.get(1).map(String::as_str) {
        None => (false, false),
        Some("quick") if args.len() == 2 => (true, false),
        Some("officers") => (false, true),
        Some(_) => usage(),
    };
    if officers {
        let sizes: Vec<usize> = match args[2..].iter().map(|a| a.parse()).collect() {
            Ok(sizes) if args.len() > 2 => sizes,
            Ok(_) => vec![1 << 20, 1 << 22, 1 << 24],
            Err(_) => usage(),
        };
        officers_rates(runs, &sizes);
        return;
    }
    let games: &[(&str, usize)] = if quick {
        &[("0.6", 1 << 18), ("0.777", 1 << 16), ("0.376", 1 << 20)]
    } else {
        &[
            ("0.6", 1 << 20),
            ("0.6", 1 << 22),
            ("0.777", 1 << 17),
            ("0.376", 4_600_000),
        ]
    };
    println!(
        "{:<20} {:>11} {:>11} {:>11} {:>14} {:>14}",
        "game, values", "sliced s", "rare s", "ogs RC2 s", "sliced/RC2", "rare/RC2"
    );
    for &(code, n) in games {
        let (mut sliced, mut rare, mut rc2) = (Vec::new(), Vec::new(), Vec::new());
        let (mut sliced_ratio, mut rare_ratio) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let (a, t) = ours(BitSliced::new, code, n);
            let (b, u) = ours(RareValue::new, code, n);
            let (c, w) = theirs(code, n);
            assert!(a == c && b == c, "{code}: the values differ");
            // The ratio of each round: the three ran one after the other, under the same load.
            sliced_ratio.push(t.as_secs_f64() / w.as_secs_f64());
            rare_ratio.push(u.as_secs_f64() / w.as_secs_f64());
            sliced.push(t.as_secs_f64());
            rare.push(u.as_secs_f64());
            rc2.push(w.as_secs_f64());
        }
        println!(
            "{:<20} {:>11.2} {:>11.2} {:>11.2} {:>13.2}x {:>13.2}x",
            format!("{code}, {n}"),
            median(sliced),
            median(rare),
            median(rc2),
            median(sliced_ratio),
            median(rare_ratio)
        );
    }
    if quick {
        return;
    }
    let (code, n) = ("0.376", 4_600_000);
    let mut game = BitSliced::new(code.parse().expect("a valid code"));
    let mine = stretches(n, |end| {
        game.extend_to(end).expect("values below 65536");
    });
    let ogs_game = Game::from_ascii(code.as_bytes()).expect("a valid code");
    let mut solver = RC2Solver::<true, ()>::with_capacity(ogs_game, n);
    let mut computed = 0;
    let rc2 = stretches(n, |end| {
        (&mut solver).take(end - computed).for_each(drop);
        computed = end;
    });
    assert!(
        game.values() == solver.nimbers(),
        "{code}: the values differ"
    );
    println!();
    println!(
        "{:<28} {:>14} {:>14}",
        format!("{code}, values up to"),
        "ours values/s",
        "ogs values/s"
    );
    for ((end, a), (_, b)) in mine.iter().zip(&rc2) {
        println!("{:<28} {:>14.0} {:>14.0}", end, a, b);
    }
}
