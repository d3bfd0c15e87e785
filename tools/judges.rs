//! The judge profiles: one table that the bundler, `new` and the runner read.

/// A judge's Rust: its compiler, edition, crates and source size limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge {
    /// The profile's name, as a problem's `judge` key in problems/Cargo.toml gives it.
    pub name: &'static str,
    /// How the judge calls itself.
    pub title: &'static str,
    /// The language to pick on the judge's submit page.
    pub language: &'static str,
    /// The judge's rustc, as `major.minor`.
    pub rustc: &'static str,
    /// The edition the judge compiles with.
    pub edition: &'static str,
    /// Crates the judge provides, as `name =version`; empty for a plain rustc.
    pub crates: &'static [&'static str],
    /// The largest source accepted, in bytes.
    pub size_limit: usize,
    /// Host names whose problem URLs belong to this judge.
    pub hosts: &'static [&'static str],
}

impl Judge {
    /// Whether the judge compiles with plain rustc and std alone.
    pub fn is_plain(&self) -> bool {
        self.crates.is_empty()
    }
}

/// Every judge the tools know, oldest compiler first.
pub const JUDGES: &[Judge] = &[
    Judge {
        name: "spoj",
        title: "SPOJ",
        language: "Rust (rustc 1.56)",
        rustc: "1.56",
        edition: "2021",
        crates: &[],
        size_limit: 50_000,
        hosts: &["spoj.com", "www.spoj.com"],
    },
    Judge {
        name: "hackerrank",
        title: "HackerRank",
        language: "Rust (rustc 1.59)",
        rustc: "1.59",
        edition: "2021",
        crates: &[],
        size_limit: 50_000,
        hosts: &["hackerrank.com", "www.hackerrank.com"],
    },
    Judge {
        name: "codeforces",
        title: "Codeforces",
        language: "Rust 2021 (1.75)",
        rustc: "1.75",
        edition: "2021",
        crates: &[],
        size_limit: 65_536,
        hosts: &["codeforces.com", "www.codeforces.com", "codeforces.ml"],
    },
    Judge {
        name: "dmoj",
        title: "DMOJ",
        language: "Rust",
        rustc: "1.83",
        edition: "2021",
        crates: &[],
        size_limit: 65_536,
        hosts: &["dmoj.ca", "www.dmoj.ca"],
    },
    Judge {
        name: "atcoder",
        title: "AtCoder",
        language: "Rust (rustc 1.89.0)",
        rustc: "1.89",
        edition: "2024",
        crates: &["proconio =0.5.0", "itertools =0.14.0"],
        size_limit: 512 * 1024,
        hosts: &["atcoder.jp", "www.atcoder.jp"],
    },
];

/// The profile named `name`.
pub fn by_name(name: &str) -> Result<&'static Judge, String> {
    JUDGES.iter().find(|j| j.name == name).ok_or_else(|| {
        let names: Vec<&str> = JUDGES.iter().map(|j| j.name).collect();
        format!(
            "unknown judge `{}`; the judges are: {}",
            name,
            names.join(", ")
        )
    })
}

/// The profile whose host serves `url`, if any.
pub fn by_url(url: &str) -> Option<&'static Judge> {
    let rest = url.split("://").nth(1).unwrap_or(url);
    let host = rest
        .split(['/', ':', '?'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    JUDGES.iter().find(|j| j.hosts.contains(&host.as_str()))
}

/// The oldest compiler among plain judges: what code that reaches a plain bundle must accept.
pub const OLDEST_RUSTC: &str = "1.56";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_names() {
        assert_eq!(
            by_url("https://www.spoj.com/problems/MMMGAME/")
                .unwrap()
                .name,
            "spoj"
        );
        assert_eq!(
            by_url("https://atcoder.jp/contests/abc1/tasks/abc1_a")
                .unwrap()
                .name,
            "atcoder"
        );
        assert!(by_url("https://example.com/x").is_none());
        assert!(by_name("nosuch").unwrap_err().contains("spoj, hackerrank"));
        let oldest = JUDGES
            .iter()
            .filter(|j| j.is_plain())
            .map(|j| j.rustc)
            .min();
        assert_eq!(oldest, Some(OLDEST_RUSTC));
    }
}
