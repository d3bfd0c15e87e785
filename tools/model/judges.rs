//! The judge profiles: one table that the bundler, `new` and the runner read.

use sandbox::limits::Counted;

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
    /// The optimisation flags a plain judge passes to rustc (`-O`, or Library Checker's
    /// `-C opt-level=3`); the crate judges build with cargo's release profile instead.
    pub rustc_flags: &'static [&'static str],
    /// Crates the judge provides, as `name =version`; empty for a plain rustc.
    pub crates: &'static [&'static str],
    /// The largest source accepted, in bytes.
    pub size_limit: usize,
    /// What the judge counts against a memory limit: memory in use, or memory reserved
    /// (address space, or Windows's committed memory), where an untouched reservation counts.
    pub memory: Counted,
    /// Host names whose problem URLs belong to this judge; `*.example.com` stands for every
    /// subdomain of example.com (not example.com itself).
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
        rustc_flags: &["-O"],
        crates: &[],
        size_limit: 50_000,
        memory: Counted::Resident,
        hosts: &["spoj.com", "www.spoj.com"],
    },
    // The judges below publish no compiler version (or one that moves): they get the floor
    // every plain bundle keeps, SPOJ's rustc 1.56.
    Judge {
        name: "cses",
        title: "CSES",
        language: "Rust (edition 2021)",
        rustc: "1.56",
        edition: "2021",
        rustc_flags: &["-O"],
        crates: &[],
        // CSES's contest instructions: "The largest allowed size of a source code is 128 kB";
        // read as 128,000 bytes, the smaller meaning of kB.
        size_limit: 128_000,
        memory: Counted::Resident,
        hosts: &["cses.fi", "www.cses.fi"],
    },
    Judge {
        name: "luogu",
        title: "Luogu",
        language: "Rust",
        rustc: "1.56",
        edition: "2021",
        rustc_flags: &["-O"],
        crates: &[],
        // Conservative: Luogu's help pages state no source limit that applies to every problem.
        size_limit: 50_000,
        memory: Counted::Resident,
        hosts: &["luogu.com.cn", "www.luogu.com.cn"],
    },
    Judge {
        name: "yukicoder",
        title: "yukicoder",
        language: "Rust",
        rustc: "1.56",
        edition: "2021",
        rustc_flags: &["-O"],
        crates: &[],
        // Conservative: yukicoder's help page states no source limit.
        size_limit: 65_536,
        memory: Counted::Resident,
        hosts: &["yukicoder.me", "www.yukicoder.me"],
    },
    Judge {
        name: "codechef",
        title: "CodeChef",
        language: "Rust",
        rustc: "1.56",
        edition: "2021",
        rustc_flags: &["-O"],
        crates: &[],
        // CodeChef's help: "Source code length is restricted to 50 000 bytes in a one file."
        size_limit: 50_000,
        memory: Counted::Resident,
        hosts: &["codechef.com", "www.codechef.com"],
    },
    Judge {
        name: "aoj",
        title: "Aizu Online Judge",
        language: "Rust",
        rustc: "1.56",
        edition: "2021",
        rustc_flags: &["-O"],
        crates: &[],
        // Conservative: AOJ's pages state no source limit this table could cite.
        size_limit: 50_000,
        memory: Counted::Resident,
        hosts: &["judge.u-aizu.ac.jp", "onlinejudge.u-aizu.ac.jp"],
    },
    Judge {
        name: "hackerrank",
        title: "HackerRank",
        language: "Rust (rustc 1.59)",
        rustc: "1.59",
        edition: "2021",
        rustc_flags: &["-O"],
        crates: &[],
        size_limit: 50_000,
        memory: Counted::Resident,
        hosts: &["hackerrank.com", "www.hackerrank.com"],
    },
    Judge {
        name: "codeforces",
        title: "Codeforces",
        language: "Rust 2021 (1.75)",
        rustc: "1.75",
        edition: "2021",
        rustc_flags: &["-O"],
        crates: &[],
        size_limit: 65_536,
        // Codeforces judges on Windows, which charges committed memory: an allocation counts
        // whole whether it is touched or not.
        memory: Counted::Reserved,
        hosts: &["codeforces.com", "www.codeforces.com", "codeforces.ml"],
    },
    Judge {
        name: "kattis",
        title: "Kattis",
        language: "Rust",
        rustc: "1.78",
        edition: "2021",
        rustc_flags: &["-O"],
        crates: &[],
        // Conservative: Kattis's help pages state no source limit.
        size_limit: 65_536,
        memory: Counted::Resident,
        hosts: &["open.kattis.com", "kattis.com", "*.kattis.com"],
    },
    Judge {
        name: "dmoj",
        title: "DMOJ",
        language: "Rust",
        rustc: "1.83",
        edition: "2021",
        rustc_flags: &["-O"],
        crates: &[],
        size_limit: 65_536,
        // DMOJ's judge limits the address space (with a grace per language).
        memory: Counted::Reserved,
        hosts: &["dmoj.ca", "www.dmoj.ca"],
    },
    Judge {
        name: "atcoder",
        title: "AtCoder",
        language: "Rust (rustc 1.89.0)",
        rustc: "1.89",
        edition: "2024",
        rustc_flags: &[],
        crates: &["proconio =0.5.0", "itertools =0.14.0"],
        size_limit: 512 * 1024,
        memory: Counted::Resident,
        hosts: &["atcoder.jp", "www.atcoder.jp"],
    },
    Judge {
        name: "library-checker",
        title: "Library Checker",
        language: "Rust",
        rustc: "1.94",
        edition: "2024",
        // Its compile line: rustc --edition 2024 -C opt-level=3 main.rs.
        rustc_flags: &["-C", "opt-level=3"],
        crates: &[],
        // Library Checker's submission API refuses sources over 1 MiB.
        size_limit: 1 << 20,
        memory: Counted::Resident,
        hosts: &["judge.yosupo.jp"],
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
    let host = host_of(url);
    JUDGES
        .iter()
        .find(|j| j.hosts.iter().any(|pattern| serves(pattern, &host)))
}

/// `url`'s host, lower case.
fn host_of(url: &str) -> String {
    let rest = url.split("://").nth(1).unwrap_or(url);
    rest.split(['/', ':', '?'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// Judges with game problems that take no Rust at all: their title and their hosts (patterns
/// as [`Judge::hosts`]). A problem of theirs can still be written and tested here under the
/// strictest profile, [`STRICTEST`], and submitted in another language.
pub const WITHOUT_RUST: &[(&str, &[&str])] = &[
    ("POJ", &["poj.org", "www.poj.org"]),
    ("HDU", &["acm.hdu.edu.cn"]),
    ("BZOJ", &["lydsy.com", "*.lydsy.com"]),
    (
        "UVa",
        &[
            "onlinejudge.org",
            "*.onlinejudge.org",
            "uva.onlinejudge.org",
        ],
    ),
    ("ZOJ", &["zoj.pintia.cn", "acm.zju.edu.cn"]),
    ("LightOJ", &["lightoj.com", "*.lightoj.com"]),
];

/// The profile `new` names for a judge without Rust: the oldest compiler, no crates, the
/// smallest size limit, so a bundle that passes it passes every plain judge.
pub const STRICTEST: &str = "spoj";

/// The title of the judge without Rust ([`WITHOUT_RUST`]) whose host serves `url`, if any.
///
/// ```
/// use model::judges::without_rust;
/// assert_eq!(without_rust("http://poj.org/problem?id=2348"), Some("POJ"));
/// assert_eq!(without_rust("https://acm.hdu.edu.cn/showproblem.php?pid=3537"), Some("HDU"));
/// assert_eq!(without_rust("https://www.spoj.com/problems/NIM/"), None);
/// ```
pub fn without_rust(url: &str) -> Option<&'static str> {
    let host = host_of(url);
    WITHOUT_RUST
        .iter()
        .find(|(_, hosts)| hosts.iter().any(|pattern| serves(pattern, &host)))
        .map(|(title, _)| *title)
}

/// Whether the host pattern `pattern` (a name, or `*.domain` for its subdomains) covers `host`.
fn serves(pattern: &str, host: &str) -> bool {
    match pattern.strip_prefix("*.") {
        Some(domain) => host
            .strip_suffix(domain)
            .and_then(|sub| sub.strip_suffix('.'))
            .is_some_and(|sub| !sub.is_empty()),
        None => pattern == host,
    }
}

/// Whether rustc `version` (`major.minor`) is at least `since` (`major.minor`); a version
/// that does not parse counts as 0.0.
pub fn at_least(version: &str, since: &str) -> bool {
    let parse = |v: &str| -> (u32, u32) {
        let mut parts = v.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
        (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
    };
    parse(version) >= parse(since)
}

/// The oldest compiler among plain judges: what code that reaches a plain bundle must accept.
pub const OLDEST_RUSTC: &str = "1.56";

#[cfg(test)]
mod tests {
    use super::*;

    fn judge_of(url: &str) -> Option<&'static str> {
        by_url(url).map(|j| j.name)
    }

    #[test]
    fn hosts_and_names() {
        for (url, judge) in [
            ("https://www.spoj.com/problems/MMMGAME/", "spoj"),
            ("https://atcoder.jp/contests/abc1/tasks/abc1_a", "atcoder"),
            ("https://cses.fi/problemset/task/2207", "cses"),
            ("https://www.luogu.com.cn/problem/P2252", "luogu"),
            ("https://luogu.com.cn/problem/P4279", "luogu"),
            (
                "https://judge.yosupo.jp/problem/nim_product_64",
                "library-checker",
            ),
            ("https://open.kattis.com/problems/hello", "kattis"),
            ("https://nus.kattis.com/problems/hello", "kattis"),
            ("https://a.b.kattis.com/problems/hello", "kattis"),
            ("https://kattis.com/problems/hello", "kattis"),
            ("https://yukicoder.me/problems/no/87", "yukicoder"),
            ("https://www.codechef.com/problems/ABC", "codechef"),
            ("https://codechef.com/problems/ABC", "codechef"),
            (
                "https://judge.u-aizu.ac.jp/onlinejudge/description.jsp?id=1377",
                "aoj",
            ),
            ("https://onlinejudge.u-aizu.ac.jp/problems/1377", "aoj"),
            ("HTTPS://CSES.FI:443/problemset/task/1", "cses"),
        ] {
            assert_eq!(judge_of(url), Some(judge), "{url}");
        }
        // A wildcard covers subdomains only, and a lookalike host is nobody's.
        for url in [
            "https://example.com/x",
            "https://notkattis.com/problems/x",
            "https://kattis.com.evil.example/problems/x",
            "https://cses.fi.example/x",
            "https://.kattis.com/x",
        ] {
            assert_eq!(judge_of(url), None, "{url}");
        }
        assert!(by_name("nosuch").unwrap_err().contains("spoj, cses"));
        let oldest = JUDGES
            .iter()
            .filter(|j| j.is_plain())
            .map(|j| j.rustc)
            .min();
        assert_eq!(oldest, Some(OLDEST_RUSTC));
    }

    #[test]
    fn the_new_judges_compilers_and_limits() {
        let judge = |name| by_name(name).unwrap();
        for name in ["cses", "luogu", "yukicoder", "codechef", "aoj"] {
            let j = judge(name);
            assert_eq!((j.rustc, j.edition), (OLDEST_RUSTC, "2021"), "{name}");
            assert!(j.is_plain() && j.rustc_flags == ["-O"], "{name}");
        }
        let kattis = judge("kattis");
        assert_eq!((kattis.rustc, kattis.edition), ("1.78", "2021"));
        let checker = judge("library-checker");
        assert_eq!((checker.rustc, checker.edition), ("1.94", "2024"));
        assert_eq!(checker.rustc_flags, ["-C", "opt-level=3"]);
        assert_eq!(checker.size_limit, 1 << 20);
        assert_eq!(judge("codechef").size_limit, 50_000);
        assert_eq!(judge("aoj").size_limit, 50_000);
        assert_eq!(judge("cses").size_limit, 128_000);
    }

    #[test]
    fn the_table_is_whole_and_in_compiler_order() {
        for (i, j) in JUDGES.iter().enumerate() {
            assert!(!j.language.is_empty() && !j.hosts.is_empty(), "{}", j.name);
            assert!(j.size_limit >= 50_000, "{}", j.name);
            assert_eq!(j.is_plain(), !j.rustc_flags.is_empty(), "{}", j.name);
            assert!(["2018", "2021", "2024"].contains(&j.edition), "{}", j.name);
            // Names and hosts are unique: a URL belongs to one judge.
            for k in &JUDGES[i + 1..] {
                assert_ne!(j.name, k.name);
                let shared = j.hosts.iter().any(|h| k.hosts.contains(h));
                assert!(!shared, "{} and {} share a host", j.name, k.name);
                assert!(at_least(k.rustc, j.rustc), "{} before {}", j.name, k.name);
            }
        }
    }

    #[test]
    fn versions_compare_as_numbers() {
        assert!(at_least("1.56", "1.56"));
        assert!(at_least("1.100", "1.99"));
        assert!(!at_least("1.9", "1.10"));
        assert!(at_least("2.0", "1.94"));
        assert!(!at_least("1.63", "1.65"));
        assert!(!at_least("x", "1.0"));
    }
}
