//! Values per second of the naive and rare-value methods on Officers (0.6), which has no known
//! period and a well-known sparse space.
//!
//! `cargo bench --bench octal` runs 2^16 and 2^18 values with both methods (about a minute);
//! `cargo bench --bench octal -- 20` adds 2^20 (the naive method then takes several minutes).

use grundy::octal::{Method, OctalGame};
use std::time::Instant;

fn time(method: Method, len: usize) -> (f64, Vec<u16>) {
    let mut game = OctalGame::new("0.6".parse().expect("valid code"), method);
    let start = Instant::now();
    game.extend_to(len);
    (start.elapsed().as_secs_f64(), game.values().to_vec())
}

fn main() {
    let max_log: u32 = std::env::args()
        .filter_map(|a| a.parse().ok())
        .next()
        .unwrap_or(18);
    println!("Officers 0.6: seconds and values per second");
    for log in (16..=max_log).step_by(2) {
        let len = 1usize << log;
        let (rare_s, rare_values) = time(Method::Rare, len);
        let (naive_s, naive_values) = time(Method::Naive, len);
        assert_eq!(rare_values, naive_values, "the methods disagree at 2^{log}");
        println!(
            "2^{log}: naive {naive_s:8.2} s ({:10.0}/s)   rare {rare_s:8.2} s ({:10.0}/s)   speed-up {:5.1}x",
            len as f64 / naive_s,
            len as f64 / rare_s,
            naive_s / rare_s
        );
    }
}
