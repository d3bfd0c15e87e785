//! A brute force's first values, printed the way `grundy describe` reads them: the first step
//! of "find the hidden observation" (see docs/analyzer.md). A `values:` line for a sequence,
//! one line per row for a table.
//!
//! This module owns the `values:` line: its writers ([`write_values_line`], used by `grundy
//! … --values` too, and [`values_line`]) and its reader ([`values_part`], used by `grundy
//! describe`).
//!
//! ```
//! use testkit::search::Search;
//! use testkit::values::{table_text, values_line, values_part};
//! // Take 1-3 from a heap: 1 where the player to move wins.
//! let mut search = Search::normal(|&n: &u64| (1..=3).filter(|&t| t <= n).map(|t| n - t).collect());
//! assert_eq!(values_line(8, |n| u64::from(search.mover_wins(n))), "values: 0 1 1 1 0 1 1 1\n");
//! assert_eq!(values_part("values: 0 1 1"), Some(" 0 1 1"));
//! assert_eq!(table_text(2, 3, |x, y| x ^ y), "0 1 2\n1 0 3\n");
//! ```

use std::fmt::Display;
use std::io::{self, Write};

/// The word that starts a values line.
pub const VALUES_TAG: &str = "values:";

/// Writes `values: v0 v1 …` and a newline to `out`, one value after another (a long sequence
/// is never held as text).
///
/// # Errors
/// Writing to `out` failed.
pub fn write_values_line<W: Write + ?Sized, T: Display>(
    out: &mut W,
    values: impl IntoIterator<Item = T>,
) -> io::Result<()> {
    out.write_all(VALUES_TAG.as_bytes())?;
    for value in values {
        write!(out, " {value}")?;
    }
    out.write_all(b"\n")
}

/// The values of `line` after its tag, if `line` is a values line (it starts with `values:`
/// followed by a space, a tab or nothing); `None` for any other line.
pub fn values_part(line: &str) -> Option<&str> {
    line.strip_prefix(VALUES_TAG)
        .filter(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
}

/// `values: v0 v1 … v(count-1)` and a newline, with v = `value(n)`.
pub fn values_line(count: u64, value: impl FnMut(u64) -> u64) -> String {
    let mut line = Vec::new();
    write_values_line(&mut line, (0..count).map(value)).expect("a Vec takes every write");
    String::from_utf8(line).expect("numbers are ASCII")
}

/// `rows` lines of `columns` values `value(x, y)`, row x per line, column y across.
pub fn table_text(rows: u64, columns: u64, mut value: impl FnMut(u64, u64) -> u64) -> String {
    let mut text = String::new();
    for x in 0..rows {
        let row: Vec<String> = (0..columns).map(|y| value(x, y).to_string()).collect();
        text += &row.join(" ");
        text.push('\n');
    }
    text
}

/// Prints [`values_line`] to standard output, for `… | grundy describe --extend N`.
pub fn print_values(count: u64, value: impl FnMut(u64) -> u64) {
    print!("{}", values_line(count, value));
}

/// Prints [`table_text`] to standard output, for `… | grundy describe --table --extend N`.
pub fn print_table(rows: u64, columns: u64, value: impl FnMut(u64, u64) -> u64) {
    print!("{}", table_text(rows, columns, value));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_line_reads_back_as_its_values() {
        let values = [0u64, 1, 2, 0, 18_446_744_073_709_551_615];
        let line = values_line(values.len() as u64, |n| values[n as usize]);
        assert_eq!(line, "values: 0 1 2 0 18446744073709551615\n");
        let back: Vec<u64> = values_part(line.trim_end())
            .unwrap()
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(back, values);
        assert_eq!(values_line(0, |n| n), "values:\n");
        assert_eq!(values_part("values:"), Some(""));
        assert_eq!(values_part("values:\t3"), Some("\t3"));
        for other in ["values:3", "value: 3", " values: 3", "period: 3", "3 4"] {
            assert_eq!(values_part(other), None, "{other}");
        }
    }
}
