//! A problem as Competitive Companion sends it: the browser extension contestants use to send a
//! problem's samples to local tools (a JSON object with `name`, `url`, `timeLimit` in ms,
//! `memoryLimit` in MB, `interactive`, `input` / `output` (standard or files),
//! `tests[].input` / `tests[].output` and `batch`).
//!
//! The JSON is read by serde_json and every field is checked here, before `new` writes
//! anything: the title is made one line of plain text, the URL must be an http(s) URL without
//! whitespace or control characters, limits outside a judge's range are dropped (the
//! runner then uses its default) with a note saying so, and a problem whose input or output is
//! a file is refused naming it (a standard-input solution would read nothing on the judge).

use serde_json::{Map, Value};
use url::Url;

/// The most samples one problem may bring (each becomes two files).
pub const MAX_SAMPLES: usize = 100;
/// The longest title kept, in characters.
pub const MAX_TITLE_CHARS: usize = 200;
/// The longest URL accepted, in bytes.
pub const MAX_URL_BYTES: usize = 2048;
/// Time limits kept, in milliseconds: a judge's limit lies well inside.
pub const TIME_LIMITS_MS: std::ops::RangeInclusive<f64> = 1.0..=100_000.0;
/// Memory limits kept, in MiB.
pub const MEMORY_LIMITS_MIB: std::ops::RangeInclusive<f64> = 1.0..=65_536.0;

/// What `new` needs of a Companion problem, every field checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The problem's title: one line, no control or format characters, at most
    /// [`MAX_TITLE_CHARS`] characters (it may be empty).
    pub title: String,
    /// The problem's page: http or https, with a host.
    pub url: Url,
    /// The time limit in seconds, if given and within [`TIME_LIMITS_MS`].
    pub time_limit: Option<f64>,
    /// The memory limit in MiB, if given and within [`MEMORY_LIMITS_MIB`].
    pub memory_limit: Option<u64>,
    /// Whether the problem is interactive.
    pub interactive: bool,
    /// The samples: input and expected output.
    pub samples: Vec<(String, String)>,
    /// The batch this problem belongs to: Companion sends a contest as one POST per problem,
    /// each naming the batch's id and size.
    pub batch: Option<Batch>,
    /// What was dropped from the JSON and why (an absurd time limit, ...), to tell the user.
    pub notes: Vec<String>,
}

/// Companion's batch: the problems sent together by one click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The batch's id, the same in each of its problems.
    pub id: String,
    /// How many problems the batch has.
    pub size: u64,
}

/// Reads and checks Companion's JSON.
///
/// # Errors
/// Bad JSON; a missing or mistyped `name`, `url` or `tests`; a URL that is not an http(s) URL
/// or holds whitespace or control characters; more than [`MAX_SAMPLES`] tests; input or
/// output through files instead of standard input and output.
///
/// ```
/// let task = intake::companion::parse(
///     r#"{"name":"Nim","url":"https://www.spoj.com/problems/NIM/","timeLimit":1500,
///         "tests":[{"input":"1\n","output":"First\n"}]}"#,
/// )
/// .unwrap();
/// assert_eq!((task.title.as_str(), task.time_limit), ("Nim", Some(1.5)));
/// assert!(intake::companion::parse(r#"{"name":"x","url":"javascript:alert(1)","tests":[]}"#).is_err());
/// ```
pub fn parse(text: &str) -> Result<Task, String> {
    let json: Value =
        serde_json::from_str(text).map_err(|e| format!("the problem JSON is not valid: {}", e))?;
    let json = json
        .as_object()
        .ok_or("the problem JSON is not an object")?;
    let string = |key: &str| -> Result<&str, String> {
        json.get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("the problem JSON has no string `{}`", key))
    };
    let url = checked_url(string("url")?)?;
    check_standard_io(json)?;
    let mut notes = Vec::new();
    let time_limit =
        number(json, "timeLimit", &TIME_LIMITS_MS, "ms", &mut notes).map(|ms| ms.round() / 1000.0);
    let memory_limit =
        number(json, "memoryLimit", &MEMORY_LIMITS_MIB, "MB", &mut notes).map(|mb| mb as u64);
    let interactive = match json.get("interactive") {
        None | Some(Value::Null) => false,
        Some(value) => value
            .as_bool()
            .ok_or("the problem JSON's `interactive` is not true or false")?,
    };
    Ok(Task {
        title: one_line(string("name")?),
        url,
        time_limit,
        memory_limit,
        interactive,
        samples: samples(json)?,
        batch: batch(json),
        notes,
    })
}

/// `Ok` if the problem reads standard input and writes standard output: Companion's `input`
/// and `output` objects (`{"type": "stdin"}`, `{"type": "file", "fileName": "input.txt"}`,
/// `{"type": "regex", "pattern": ...}`; `stdin`/`stdout` when absent). File input or output is
/// refused, naming the files: the starters, the runner and the bundle speak standard input and
/// output, and such a solution would pass here and read nothing on the judge.
fn check_standard_io(json: &Map<String, Value>) -> Result<(), String> {
    let mut files = Vec::new();
    for (key, standard, verb) in [("input", "stdin", "reads"), ("output", "stdout", "writes")] {
        let io = match json.get(key) {
            None | Some(Value::Null) => continue,
            Some(Value::Object(io)) => io,
            Some(_) => return Err(format!("the problem JSON's `{}` is not an object", key)),
        };
        let kind = io
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("the problem JSON's `{}` has no string `type`", key))?;
        let field = |name: &str| io.get(name).and_then(Value::as_str).map(one_line);
        files.push(match (kind, field("fileName"), field("pattern")) {
            (kind, _, _) if kind == standard => continue,
            ("file", Some(name), _) => format!("{} the file `{}`", verb, shorten(&name)),
            ("regex", _, Some(pattern)) => {
                format!("{} the files matching `{}`", verb, shorten(&pattern))
            }
            (kind, _, _) => format!(
                "{} `{}` instead of {}",
                verb,
                shorten(&one_line(kind)),
                standard
            ),
        });
    }
    if files.is_empty() {
        return Ok(());
    }
    Err(format!(
        "the problem {} (Companion's `input`/`output`); new refuses file input/output: its \
         starters, the runner and the bundle use standard input and output, which would read \
         nothing on the judge",
        files.join(" and ")
    ))
}

/// `url` if it is an http(s) URL with a host, at most [`MAX_URL_BYTES`] long, without
/// whitespace, control or format characters anywhere (the URL parser would silently drop a
/// newline or tab; here they refuse the URL).
pub fn checked_url(url: &str) -> Result<Url, String> {
    let shown = shorten(url);
    if url.len() > MAX_URL_BYTES {
        return Err(format!(
            "the problem URL is longer than {} bytes",
            MAX_URL_BYTES
        ));
    }
    if url.chars().any(|c| c.is_whitespace() || is_unprintable(c)) {
        return Err(format!(
            "the problem URL `{}` holds whitespace or control characters",
            shown.escape_debug()
        ));
    }
    let parsed =
        Url::parse(url).map_err(|e| format!("the problem URL `{}` is not a URL: {}", shown, e))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(format!(
            "the problem URL `{}` is not an http or https URL with a host",
            shown
        ));
    }
    Ok(parsed)
}

/// The samples of `tests`, at most [`MAX_SAMPLES`].
fn samples(json: &Map<String, Value>) -> Result<Vec<(String, String)>, String> {
    let tests = json
        .get("tests")
        .and_then(Value::as_array)
        .ok_or("the problem JSON has no array `tests`")?;
    if tests.len() > MAX_SAMPLES {
        return Err(format!(
            "the problem JSON has {} tests; at most {} are taken",
            tests.len(),
            MAX_SAMPLES
        ));
    }
    let mut samples = Vec::with_capacity(tests.len());
    for (i, test) in tests.iter().enumerate() {
        let part = |key: &str| {
            test.get(key)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| {
                    format!("test {} of the problem JSON has no string `{}`", i + 1, key)
                })
        };
        samples.push((part("input")?, part("output")?));
    }
    Ok(samples)
}

/// The number at `key` if it lies in `range`; a note for one given but out of range.
fn number(
    json: &Map<String, Value>,
    key: &str,
    range: &std::ops::RangeInclusive<f64>,
    unit: &str,
    notes: &mut Vec<String>,
) -> Option<f64> {
    let value = json.get(key).filter(|v| !v.is_null())?;
    match value.as_f64() {
        Some(x) if range.contains(&x) => Some(x),
        _ => {
            notes.push(format!(
                "ignored `{}` = {} (taken from {} to {} {}); the runner uses its default",
                key,
                shorten(&value.to_string()),
                range.start(),
                range.end(),
                unit
            ));
            None
        }
    }
}

/// Companion's `batch`, if it is well formed.
fn batch(json: &Map<String, Value>) -> Option<Batch> {
    let batch = json.get("batch")?;
    Some(Batch {
        id: batch.get("id")?.as_str()?.to_string(),
        size: batch.get("size")?.as_u64()?,
    })
}

/// `text` as one line of plain text: every control, format or line/paragraph separator
/// character becomes a space, runs of whitespace one space, trimmed, at most
/// [`MAX_TITLE_CHARS`] characters.
pub fn one_line(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if is_unprintable(c) { ' ' } else { c })
        .collect();
    spaced
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_TITLE_CHARS)
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// Control characters, Unicode line and paragraph separators, and the invisible format
/// characters (bidirectional overrides, zero-width marks, the byte-order mark) that rustc
/// refuses in comments or that hide what a line says.
fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00ad}' | '\u{061c}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}')
}

/// `text` cut to 80 characters for an error message.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 80 {
        text.to_string()
    } else {
        text.chars().take(77).collect::<String>() + "..."
    }
}

/// A problem name from its URL: the last path segment that names it, lowercased, with other
/// characters as `_` (`.../problems/MMMGAME` gives `mmmgame`); Codeforces' contest and index
/// are joined (`.../contest/1234/problem/A` gives `cf1234a`). At most 40 characters; `None`
/// if nothing in the URL names the problem.
pub fn name_from_url(url: &Url) -> Option<String> {
    let host = url.host_str().unwrap_or("");
    let segments: Vec<&str> = url
        .path_segments()
        .map(|s| s.filter(|s| !s.is_empty()).collect())
        .unwrap_or_default();
    let raw = if host.contains("codeforces") {
        let numbers: Vec<&str> = segments
            .iter()
            .copied()
            .filter(|s| !["contest", "problem", "problemset", "gym"].contains(s))
            .collect();
        format!("cf{}", numbers.concat())
    } else {
        segments
            .iter()
            .rev()
            .find(|s| !["problem", "problems", "tasks", "task", "challenges"].contains(s))?
            .to_string()
    };
    let mut name: String = raw
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name.insert(0, 'p');
    }
    name.truncate(40);
    let name = name.trim_end_matches('_').to_string();
    (name.len() > 1).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(url: &str) -> Option<String> {
        name_from_url(&checked_url(url).unwrap())
    }

    #[test]
    fn names_from_judge_urls() {
        for (url, name) in [
            ("https://www.spoj.com/problems/MMMGAME/", "mmmgame"),
            ("https://www.spoj.com/problems/MMMGAME", "mmmgame"),
            (
                "https://atcoder.jp/contests/abc300/tasks/abc300_a",
                "abc300_a",
            ),
            ("https://codeforces.com/contest/1234/problem/A", "cf1234a"),
            (
                "https://codeforces.com/problemset/problem/1234/B2",
                "cf1234b2",
            ),
            (
                "https://www.hackerrank.com/challenges/tower-breakers-1/problem",
                "tower_breakers_1",
            ),
            ("https://dmoj.ca/problem/ccc08s5", "ccc08s5"),
            ("https://judge.example/problem/123?lang=en", "p123"),
            ("https://judge.example/problem/xy#part", "xy"),
        ] {
            assert_eq!(named(url).as_deref(), Some(name), "{url}");
        }
        assert_eq!(named("https://judge.example/problems/"), None);
        assert_eq!(named("https://judge.example/"), None);
        let long = named(&format!("https://x.example/problem/{}", "a".repeat(100))).unwrap();
        assert_eq!(long, "a".repeat(40));
    }

    #[test]
    fn reads_a_problem() {
        let task = parse(r#"{"name":"M&M Game","group":"SPOJ","url":"https://www.spoj.com/problems/MMMGAME/","interactive":false,"memoryLimit":1536,"timeLimit":1000,"tests":[{"input":"2\n3\n3 5 1\n1\n1\n","output":"John\nBrother\n"}],"testType":"single","batch":{"id":"b-1","size":3}}"#).unwrap();
        assert_eq!(task.title, "M&M Game");
        assert_eq!(task.url.as_str(), "https://www.spoj.com/problems/MMMGAME/");
        assert_eq!(task.time_limit, Some(1.0));
        assert_eq!(task.memory_limit, Some(1536));
        assert!(!task.interactive);
        assert_eq!(
            task.samples,
            vec![("2\n3\n3 5 1\n1\n1\n".into(), "John\nBrother\n".into())]
        );
        assert_eq!(
            task.batch,
            Some(Batch {
                id: "b-1".into(),
                size: 3
            })
        );
        assert!(task.notes.is_empty());
        let task = parse(r#"{"name":"x","url":"http://a.example/p/x","interactive":true,"timeLimit":2500,"tests":[]}"#).unwrap();
        assert!(task.interactive);
        assert_eq!((task.time_limit, task.memory_limit), (Some(2.5), None));
    }

    #[test]
    fn refuses_missing_or_mistyped_fields() {
        for (json, needle) in [
            (r#"{"name":"x","url":"https://a.example/p/x"}"#, "`tests`"),
            (
                r#"{"name":"x","url":"https://a.example/p/x","tests":{}}"#,
                "`tests`",
            ),
            (r#"{"url":"https://a.example/p/x","tests":[]}"#, "`name`"),
            (
                r#"{"name":1,"url":"https://a.example/p/x","tests":[]}"#,
                "`name`",
            ),
            (r#"{"name":"x","tests":[]}"#, "`url`"),
            (
                r#"{"name":"x","url":"https://a.example/p/x","tests":[{"input":"1"}]}"#,
                "test 1 of the problem JSON has no string `output`",
            ),
            (
                r#"{"name":"x","url":"https://a.example/p/x","tests":[],"interactive":"yes"}"#,
                "`interactive`",
            ),
            ("[1]", "not an object"),
            ("{", "not valid"),
            ("", "not valid"),
        ] {
            let err = parse(json).unwrap_err();
            assert!(err.contains(needle), "{json}: {err}");
        }
        let many = format!(
            r#"{{"name":"x","url":"https://a.example/p/x","tests":[{}]}}"#,
            vec![r#"{"input":"","output":""}"#; MAX_SAMPLES + 1].join(",")
        );
        assert!(parse(&many).unwrap_err().contains("at most 100"));
    }

    #[test]
    fn file_input_or_output_is_refused_naming_the_files() {
        let with = |io: &str| {
            parse(&format!(
                r#"{{"name":"x","url":"https://a.example/p/x","tests":[],{io}}}"#
            ))
        };
        for standard in [
            r#""input":{"type":"stdin"},"output":{"type":"stdout"}"#,
            r#""input":null"#,
            r#""testType":"single""#,
        ] {
            assert!(with(standard).is_ok(), "{standard}");
        }
        for (io, needle) in [
            (
                r#""input":{"type":"file","fileName":"input.txt"},"output":{"type":"file","fileName":"output.txt"}"#,
                "the problem reads the file `input.txt` and writes the file `output.txt` (Companion's",
            ),
            (
                r#""input":{"type":"stdin"},"output":{"type":"file","fileName":"cow.out"}"#,
                "the problem writes the file `cow.out` (",
            ),
            (
                r#""input":{"type":"regex","pattern":"A-small-.*[.]in"}"#,
                "reads the files matching `A-small-.*[.]in`",
            ),
            (
                r#""input":{"type":"file"}"#,
                "reads `file` instead of stdin",
            ),
            (
                r#""output":{"type":"socket\nx"}"#,
                "writes `socket x` instead of stdout",
            ),
            (r#""input":"stdin""#, "`input` is not an object"),
            (r#""output":{"fileName":"a"}"#, "`output` has no string `type`"),
        ] {
            let err = with(io).unwrap_err();
            assert!(err.contains(needle), "{io}: {err}");
            assert!(!err.contains('\n'), "{err}");
        }
        let refused = with(r#""input":{"type":"file","fileName":"in.txt"}"#).unwrap_err();
        assert!(refused.ends_with("new refuses file input/output: its starters, the runner and the bundle use standard input and output, which would read nothing on the judge"), "{refused}");
    }

    #[test]
    fn urls_are_checked_as_urls() {
        for good in [
            "https://www.spoj.com/problems/GAME3/",
            "http://localhost:8080/p?q=1&r=%20#x",
        ] {
            assert_eq!(checked_url(good).unwrap().as_str(), good);
        }
        for bad in [
            "https://www.spoj.com/problems/INNOCENT/?\n#[test] fn x() {}",
            "https://a.example/\r",
            "https://a.example/\tx",
            "https://a.example/ x",
            "https://a.example/\u{2028}x",
            "https://a.example/\u{202e}x",
            "https://a.example/\u{0}",
            " https://a.example/",
            "javascript:alert(1)",
            "file:///etc/passwd",
            "ftp://a.example/x",
            "https://",
            "not a url",
            "",
        ] {
            assert!(checked_url(bad).is_err(), "{bad:?}");
        }
        let longest = format!("https://a.example/{}", "x".repeat(MAX_URL_BYTES - 18));
        assert_eq!(longest.len(), MAX_URL_BYTES);
        assert!(checked_url(&longest).is_ok());
        let long = format!("{longest}x");
        assert!(checked_url(&long).unwrap_err().contains("longer than"));
    }

    #[test]
    fn titles_become_one_plain_line() {
        assert_eq!(one_line("  M&M\tGame \n"), "M&M Game");
        assert_eq!(
            one_line("a\r\nb\u{2028}c\u{2029}d\u{85}e\u{202e}f\u{feff}g\u{7}h"),
            "a b c d e f g h"
        );
        assert_eq!(one_line("x\n#[test] fn f() {}"), "x #[test] fn f() {}");
        assert_eq!(one_line(&"é".repeat(500)).chars().count(), MAX_TITLE_CHARS);
        assert_eq!(one_line("\n\r\t"), "");
    }

    #[test]
    fn absurd_limits_are_dropped_with_a_note() {
        for (limits, time, memory) in [
            (r#""timeLimit":0,"memoryLimit":0"#, None, None),
            (r#""timeLimit":-5,"memoryLimit":-1"#, None, None),
            (r#""timeLimit":1e300,"memoryLimit":1e300"#, None, None),
            (r#""timeLimit":"1000","memoryLimit":"256""#, None, None),
            (
                r#""timeLimit":100000,"memoryLimit":65536"#,
                Some(100.0),
                Some(65536),
            ),
            (r#""timeLimit":1,"memoryLimit":1"#, Some(0.001), Some(1)),
            (r#""timeLimit":100001,"memoryLimit":65537"#, None, None),
            (r#""timeLimit":0.4,"memoryLimit":0.5"#, None, None),
            (r#""timeLimit":null,"memoryLimit":null"#, None, None),
        ] {
            let task = parse(&format!(
                r#"{{"name":"x","url":"https://a.example/p/x","tests":[],{limits}}}"#
            ))
            .unwrap();
            assert_eq!(
                (task.time_limit, task.memory_limit),
                (time, memory),
                "{limits}"
            );
            let dropped = usize::from(time.is_none() && !limits.contains("null"))
                + usize::from(memory.is_none() && !limits.contains("null"));
            assert_eq!(task.notes.len(), dropped, "{limits}: {:?}", task.notes);
        }
    }
}
