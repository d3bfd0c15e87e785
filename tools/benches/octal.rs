//! Officers (0.6), which has no known period and a well-known sparse space: the naive method
//! against a plain C loop (`benches/reference/octal_naive.c`, `gcc -O2`) in paired runs, then
//! values per second of the naive, rare-value and bit-sliced methods, checked equal.
//!
//! `cargo bench -p tools --bench octal` runs 2^16 and 2^18 values with the three methods (about
//! a minute); `-- 20` adds 2^20 (the naive method then takes a few minutes).

use grundy::octal::{BitSliced, Naive, RareValue, Solver};
use std::process::Command;
use std::time::Instant;

/// Seconds to compute `len` values of Officers with the solver `new` makes, and the values.
fn time<S: Solver>(new: fn(grundy::octal::OctalCode) -> S, len: usize) -> (f64, Vec<u16>) {
    let mut game = new("0.6".parse().expect("valid code"));
    let start = Instant::now();
    game.extend_to(len).expect("values below 65536");
    (start.elapsed().as_secs_f64(), game.values().to_vec())
}

/// The C loop's time and its hash of the values, as the same hash of ours.
fn c_naive(binary: &std::path::Path, len: usize) -> (f64, String) {
    let start = Instant::now();
    let out = Command::new(binary)
        .arg(len.to_string())
        .output()
        .expect("the C loop runs");
    (
        start.elapsed().as_secs_f64(),
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
    )
}

fn hash(values: &[u16]) -> String {
    let h = values.iter().fold(0u64, |h, &v| {
        h.wrapping_mul(1_000_003).wrapping_add(u64::from(v))
    });
    format!("{h:x}")
}

fn main() {
    let max_log: u32 = std::env::args()
        .filter_map(|a| a.parse().ok())
        .next()
        .unwrap_or(18);
    let root = model::workspace::default_root();
    let work = root.join("target").join("bench-octal");
    std::fs::create_dir_all(&work).unwrap();
    let binary = work.join("octal_naive_c");
    let compiled = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(root.join("tools/benches/reference/octal_naive.c"))
        .status();
    if matches!(compiled, Ok(s) if s.success()) {
        println!("naive against a plain C loop, Officers 2^16, median of 5 pairs");
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..5 {
            let (t, values) = time(Naive::new, 1 << 16);
            let (c, c_hash) = c_naive(&binary, 1 << 16);
            assert_eq!(hash(&values), c_hash, "the C loop computed other values");
            ours.push(t);
            theirs.push(c);
        }
        ours.sort_by(f64::total_cmp);
        theirs.sort_by(f64::total_cmp);
        println!(
            "ours {:.3} s   C {:.3} s   ratio {:.2}x",
            ours[2],
            theirs[2],
            ours[2] / theirs[2]
        );
    } else {
        println!("gcc is not available: the C comparison is skipped");
    }
    println!("Officers 0.6: seconds and values per second");
    for log in (16..=max_log).step_by(2) {
        let len = 1usize << log;
        let (sliced_s, sliced_values) = time(BitSliced::always, len);
        let (rare_s, rare_values) = time(RareValue::always, len);
        let (naive_s, naive_values) = time(Naive::new, len);
        assert_eq!(rare_values, naive_values, "the methods disagree at 2^{log}");
        assert_eq!(
            sliced_values, naive_values,
            "the methods disagree at 2^{log}"
        );
        let rate = |s: f64| len as f64 / s;
        println!(
            "2^{log}: naive {naive_s:7.2} s ({:9.0}/s)   rare {rare_s:6.2} s ({:9.0}/s)   sliced {sliced_s:6.2} s ({:9.0}/s)   sliced/rare {:4.2}x",
            rate(naive_s),
            rate(rare_s),
            rate(sliced_s),
            sliced_s / rare_s
        );
    }
}
