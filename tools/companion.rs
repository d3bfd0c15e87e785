//! A problem as Competitive Companion sends it: the browser extension contestants use to send a
//! problem's samples to local tools (a JSON object with `name`, `url`, `timeLimit` in ms,
//! `memoryLimit` in MB and `tests[].input` / `tests[].output`).

use crate::json::{self, Json};

/// What `new` needs of a Companion problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The problem's title.
    pub title: String,
    /// The problem's page.
    pub url: String,
    /// The time limit in seconds, if given.
    pub time_limit: Option<f64>,
    /// The memory limit in megabytes, if given.
    pub memory_limit: Option<f64>,
    /// The samples: input and expected output.
    pub samples: Vec<(String, String)>,
}

/// Reads Companion's JSON.
///
/// # Errors
/// Bad JSON, or a missing or mistyped `name`, `url` or `tests`.
pub fn parse(text: &str) -> Result<Task, String> {
    let json = json::parse(text)?;
    let field = |key: &str| -> Result<&str, String> {
        json.get(key)
            .and_then(Json::as_str)
            .ok_or_else(|| format!("the problem JSON has no string `{}`", key))
    };
    let tests = json
        .get("tests")
        .and_then(Json::as_array)
        .ok_or("the problem JSON has no array `tests`")?;
    let mut samples = Vec::new();
    for (i, test) in tests.iter().enumerate() {
        let part = |key: &str| {
            test.get(key)
                .and_then(Json::as_str)
                .map(str::to_string)
                .ok_or_else(|| {
                    format!("test {} of the problem JSON has no string `{}`", i + 1, key)
                })
        };
        samples.push((part("input")?, part("output")?));
    }
    Ok(Task {
        title: field("name")?.to_string(),
        url: field("url")?.to_string(),
        time_limit: json
            .get("timeLimit")
            .and_then(Json::as_f64)
            .map(|ms| ms / 1000.0),
        memory_limit: json.get("memoryLimit").and_then(Json::as_f64),
        samples,
    })
}

/// A problem name from its URL: the last path segment that names it, lowercased, with other
/// characters as `_` (`.../problems/MMMGAME` gives `mmmgame`); Codeforces' contest and index
/// are joined (`.../contest/1234/problem/A` gives `cf1234a`).
pub fn name_from_url(url: &str) -> Option<String> {
    let path = url.split("://").nth(1).unwrap_or(url);
    let path = path.split(['?', '#']).next().unwrap_or("");
    let segments: Vec<&str> = path.split('/').skip(1).filter(|s| !s.is_empty()).collect();
    let host = path.split('/').next().unwrap_or("");
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
    let name = name.trim_end_matches('_').to_string();
    (name.len() > 1).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        ] {
            assert_eq!(name_from_url(url).as_deref(), Some(name), "{url}");
        }
    }

    #[test]
    fn reads_a_problem() {
        let task = parse(r#"{"name":"M&M Game","group":"SPOJ","url":"https://www.spoj.com/problems/MMMGAME/","interactive":false,"memoryLimit":1536,"timeLimit":1000,"tests":[{"input":"2\n3\n3 5 1\n1\n1\n","output":"John\nBrother\n"}],"testType":"single"}"#).unwrap();
        assert_eq!(task.time_limit, Some(1.0));
        assert_eq!(task.samples.len(), 1);
        assert!(parse(r#"{"name":"x","url":"y"}"#)
            .unwrap_err()
            .contains("tests"));
    }
}
