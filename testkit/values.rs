//! A brute force's first values, printed the way `grundy describe` reads them: the first step
//! of "find the hidden observation" (see docs/analyzer.md). A `values:` line for a sequence,
//! one line per row for a table.
//!
//! ```
//! use testkit::search::Search;
//! use testkit::values::{table_text, values_line};
//! // Take 1-3 from a heap: 1 where the player to move wins.
//! let mut search = Search::normal(|&n: &u64| (1..=3).filter(|&t| t <= n).map(|t| n - t).collect());
//! assert_eq!(values_line(8, |n| u64::from(search.mover_wins(n))), "values: 0 1 1 1 0 1 1 1\n");
//! assert_eq!(table_text(2, 3, |x, y| x ^ y), "0 1 2\n1 0 3\n");
//! ```

/// `values: v0 v1 … v(count-1)` and a newline, with v = `value(n)`.
pub fn values_line(count: u64, mut value: impl FnMut(u64) -> u64) -> String {
    let mut line = String::from("values:");
    for n in 0..count {
        line.push(' ');
        line += &value(n).to_string();
    }
    line.push('\n');
    line
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
