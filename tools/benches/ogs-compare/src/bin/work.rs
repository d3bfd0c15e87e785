//! One run of `BitSliced` for counting under valgrind: computes a game's values to half of
//! `LEN`, then to `LEN`, and prints the options examined a value over the second half.
//!
//! ```text
//! cargo build --release --manifest-path tools/benches/ogs-compare/Cargo.toml --bin work
//! valgrind --tool=cachegrind --branch-sim=yes --cachegrind-out-file=/dev/null \
//!     tools/benches/ogs-compare/target/release/work 0.6 131072
//! ```
//!
//! The instructions of the second half are those of a run to `LEN` less those of a run to
//! `LEN / 2`.

use grundy::octal::{BitSliced, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (code, len) = match (
        args.get(1),
        args.get(2).and_then(|a| a.parse::<usize>().ok()),
    ) {
        (Some(code), Some(len)) if len >= 2 => (code, len),
        _ => {
            eprintln!("error: usage: work CODE LEN (LEN at least 2)");
            std::process::exit(2);
        }
    };
    let code = match code.parse() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {code}: {e}");
            std::process::exit(2);
        }
    };
    let mut game = BitSliced::new(code);
    if let Err(e) = game.extend_to(len / 2) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
    match game.extend_to(len) {
        Ok(work) => println!(
            "options examined a value from {} to {}: {:.0}",
            len / 2,
            len,
            work as f64 / (len - len / 2) as f64
        ),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
