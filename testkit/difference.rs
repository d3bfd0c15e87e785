//! Where two outputs first differ: the one comparison message of the tests, the stress loop and
//! (through `first_difference`) the runner.

/// Where two outputs first differ, by line (1-based), with both lines, or a note that they
/// agree.
///
/// ```
/// assert_eq!(testkit::first_difference("a\nb\n", "a\nc\n"), "line 2: expected `b` got `c`");
/// assert_eq!(testkit::first_difference("a\n", "a\nx\n"), "line 2: expected (nothing) got `x`");
/// assert_eq!(testkit::first_difference("a\nb", "a\nb\n"), "the outputs agree");
/// ```
///
/// # Complexity
/// O(length of the common prefix + the two differing lines).
pub fn first_difference(expected: &str, got: &str) -> String {
    let (mut want, mut have) = (expected.lines(), got.lines());
    let mut line = 1;
    loop {
        match (want.next(), have.next()) {
            (None, None) => return "the outputs agree".to_string(),
            (a, b) if a == b => line += 1,
            (a, b) => {
                let show =
                    |s: Option<&str>| s.map_or("(nothing)".to_string(), |s| format!("`{s}`"));
                return format!("line {line}: expected {} got {}", show(a), show(b));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::first_difference;

    #[test]
    fn differences_name_the_line() {
        assert_eq!(first_difference("a\nb", "a\nb\n"), "the outputs agree");
        assert_eq!(first_difference("", ""), "the outputs agree");
        assert_eq!(
            first_difference("a\nb\n", "a\n"),
            "line 2: expected `b` got (nothing)"
        );
        assert_eq!(
            first_difference("x\n", "y\n"),
            "line 1: expected `x` got `y`"
        );
        assert_eq!(
            first_difference("a\nb\nc\n", "a\nb\nd\n"),
            "line 3: expected `c` got `d`"
        );
    }
}
