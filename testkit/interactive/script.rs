//! Scripted dialogues (a statement's sample): the contestant's lines compared with the sample's,
//! line by line, the first difference named by its line and both texts.
//!
//! A scripted dialogue gives the solution all of the jury's lines at once, so a solution that
//! picks another winning move than the sample's reads jury moves that no longer fit its game and
//! usually stops with an error of its own. That error is beside the point: the difference in
//! the solution's own lines comes first, and is what [`script_difference`] reports.

/// The most characters of a line a message quotes.
const QUOTED: usize = 60;

/// `line` without trailing blanks, cut to [`QUOTED`] characters.
fn quoted(line: &str) -> String {
    let line = line.trim_end();
    match line.char_indices().nth(QUOTED) {
        None => line.to_string(),
        Some((cut, _)) => format!("{}... ({} bytes)", &line[..cut], line.len()),
    }
}

/// The lines of an output as a dialogue compares them: `\r` and trailing blanks dropped, and the
/// blank lines at its end.
fn lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Where the contestant's lines `got` first differ from the sample's `expected`, as one line
/// naming the line (1-based) and both texts; `None` when they agree.
///
/// ```
/// use testkit::interactive::script_difference;
/// assert_eq!(
///     script_difference("First\n2 1\n6 1\n", "First\n3 2\n").unwrap(),
///     "your line 2 `3 2` differs from the sample's `2 1`"
/// );
/// assert_eq!(
///     script_difference("First\n2 1\n", "First\n").unwrap(),
///     "your output ends before line 2, where the sample has `2 1`"
/// );
/// assert_eq!(
///     script_difference("First\n", "First\n1 1\n").unwrap(),
///     "your line 2 `1 1` is past the sample's last line (1)"
/// );
/// assert_eq!(script_difference("First\r\n2 1 \n\n", "First\n2 1\n"), None);
/// ```
///
/// # Complexity
/// O(length of both texts).
pub fn script_difference(expected: &str, got: &str) -> Option<String> {
    let (want, have) = (lines(expected), lines(got));
    for i in 0..want.len().max(have.len()) {
        let line = i + 1;
        match (want.get(i), have.get(i)) {
            (Some(a), Some(b)) if a == b => {}
            (Some(a), Some(b)) => {
                return Some(format!(
                    "your line {line} `{}` differs from the sample's `{}`",
                    quoted(b),
                    quoted(a)
                ))
            }
            (Some(a), None) => {
                return Some(format!(
                    "your output ends before line {line}, where the sample has `{}`",
                    quoted(a)
                ))
            }
            (None, Some(b)) => {
                return Some(format!(
                    "your line {line} `{}` is past the sample's last line ({})",
                    quoted(b),
                    want.len()
                ))
            }
            (None, None) => unreachable!("i is below the longer length"),
        }
    }
    None
}

/// The verdict of a scripted dialogue from the contestant's output and how it ended (`Err` with
/// its failure in one line): the first differing line wins over the failure (which it usually
/// caused), then the failure.
///
/// ```
/// use testkit::interactive::judge_script;
/// let failed = Err("exit status 1: error: the jury's move 3 2 is not a move".to_string());
/// assert_eq!(
///     judge_script("First\n2 1\n", "First\n3 2\n", failed.clone()).unwrap_err(),
///     "your line 2 `3 2` differs from the sample's `2 1` (then it stopped: exit status 1: error: the jury's move 3 2 is not a move)"
/// );
/// assert_eq!(judge_script("First\n", "First\n", failed).unwrap_err(), "exit status 1: error: the jury's move 3 2 is not a move");
/// assert_eq!(judge_script("First\n", "First\n", Ok(())), Ok(()));
/// ```
pub fn judge_script(expected: &str, got: &str, ended: Result<(), String>) -> Result<(), String> {
    match (script_difference(expected, got), ended) {
        (None, ended) => ended,
        (Some(difference), Ok(())) => Err(difference),
        (Some(difference), Err(how)) => Err(format!("{difference} (then it stopped: {how})")),
    }
}
