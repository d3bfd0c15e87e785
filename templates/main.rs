// Starter for a new problem: one std-only file that compiles with `rustc --edition 2021 -O`
// on any judge (rustc 1.56 and later). Replace the body of `solve`; keep input checks so that a wrong file gets a
// one-line `error: ...` and a non-zero exit instead of a panic.
//
// As written it solves a toy problem: n, then n integers; print their sum.

use std::fmt::Display;
use std::io::{self, Read, Write};
use std::str::{FromStr, SplitAsciiWhitespace};

/// Whitespace-separated tokens of the whole input, parsed with errors that name the field.
struct Scanner<'a> {
    tokens: SplitAsciiWhitespace<'a>,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Scanner { tokens: text.split_ascii_whitespace() }
    }

    /// The next token as a `T`, or an error naming `field`.
    fn next<T: FromStr>(&mut self, field: &str) -> Result<T, String> {
        let token = self.tokens.next().ok_or_else(|| format!("input ended early: expected {}", field))?;
        token.parse().map_err(|_| format!("{}: cannot read `{}`", field, token))
    }

    /// Like `next`, and the value must lie in `lo..=hi`.
    fn next_in<T: FromStr + PartialOrd + Display>(&mut self, field: &str, lo: T, hi: T) -> Result<T, String> {
        let value: T = self.next(field)?;
        if value < lo || value > hi {
            return Err(format!("{} = {} is out of range ({}..={})", field, value, lo, hi));
        }
        Ok(value)
    }
}

fn solve(sc: &mut Scanner, out: &mut impl Write) -> Result<(), String> {
    let n: usize = sc.next_in("n", 1, 1_000_000)?;
    let mut sum: i64 = 0;
    for i in 1..=n {
        let a: i64 = sc.next_in(&format!("a_{}", i), -1_000_000_000, 1_000_000_000)?;
        sum += a;
    }
    writeln!(out, "{}", sum).map_err(|e| e.to_string())
}

fn main() {
    let mut text = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut text) {
        eprintln!("error: cannot read the input: {}", e);
        std::process::exit(1);
    }
    let mut out = Vec::new();
    let result = solve(&mut Scanner::new(&text), &mut out);
    match result.and_then(|()| io::stdout().write_all(&out).map_err(|e| e.to_string())) {
        Ok(()) => {}
        Err(e) => {
            eprintln!("error: {}", e);
            std::process::exit(1);
        }
    }
}
