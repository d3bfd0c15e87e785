//! `grundy describe --extend`, `--table` and `--svg`: rules from values computed here by
//! literal search (or by the analyzer), extensions checked far beyond what was given.

use crate::grundy;
use std::collections::HashMap;

fn line<'a>(out: &'a str, key: &str) -> Option<&'a str> {
    out.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|rest| rest.strip_prefix(": ")))
}

fn numbers(text: &str) -> Vec<u64> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: std::collections::HashSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// Codeforces 768E by literal search: remove k stones, never the same k twice from a pile.
fn no_repeat_removals(n: u64, used: u128, memo: &mut HashMap<(u64, u128), u64>) -> u64 {
    let used = used & ((2u128 << n) - 1);
    if let Some(&v) = memo.get(&(n, used)) {
        return v;
    }
    let options: Vec<u64> = (1..=n)
        .filter(|&k| used >> k & 1 == 0)
        .map(|k| no_repeat_removals(n - k, used | 1 << k, memo))
        .collect();
    let v = mex(options);
    memo.insert((n, used), v);
    v
}

#[test]
fn the_analyzers_values_pipe_in_as_they_are_and_extend() {
    let (_, given, _) = grundy(&["octal", "0.07", "--upto", "400", "--values"], "");
    let (status, out, _) = grundy(&["describe", "--extend", "3000"], &given);
    assert_eq!(status, 0, "{out}");
    assert!(
        out.starts_with("count: 400\nperiod: 34\npreperiod: 53\n"),
        "{out}"
    );
    assert!(
        line(&out, "rule")
            .unwrap()
            .starts_with("G(n) = A[(n - 53) mod 34], A = 3 3 0 1 1 3"),
        "{out}"
    );
    // The analyzer's `game:` line names the game: its period is proved, not guessed.
    assert_eq!(
        line(&out, "proved"),
        Some("the octal game 0.07 has period 34 after preperiod 53 (the periodicity theorem needs 176 values; 400 given)")
    );
    let (_, far, _) = grundy(&["octal", "0.07", "--upto", "3000", "--values"], "");
    assert_eq!(
        numbers(line(&out, "extension (proved)").unwrap()),
        numbers(line(&far, "values").unwrap())
    );
    // The same values alone are a conjecture, and the extension says so.
    let bare = format!("{}\n", line(&given, "values").unwrap());
    let (status, out, _) = grundy(&["describe", "--extend", "3000"], &bare);
    assert_eq!(status, 0, "{out}");
    assert_eq!(line(&out, "proved"), None, "{out}");
    assert_eq!(
        line(&out, "conjectured from 400 values"),
        Some("fitted on the first 300, predicted the last 100 exactly; not proved")
    );
    assert_eq!(
        numbers(line(&out, "extension (conjecture from 400 values)").unwrap()),
        numbers(line(&far, "values").unwrap())
    );
}

#[test]
fn a_values_line_among_other_output_is_found() {
    let text = "running 1 test\nvalues: 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3\ntest first_values ... ok\n";
    let (status, out, err) = grundy(&["describe", "--extend", "6"], text);
    assert_eq!(status, 0, "{err}");
    assert!(out.starts_with("count: 28\n"), "{out}");
    assert_eq!(line(&out, "rule"), Some("G(n) = n mod 4"));
    assert_eq!(
        line(&out, "extension (conjecture from 28 values)"),
        Some("0 1 2 3 0 1")
    );
}

#[test]
fn codeforces_768e_from_61_values_to_ten_thousand() {
    let mut memo = HashMap::new();
    let values: Vec<String> = (0..61)
        .map(|n| no_repeat_removals(n, 0, &mut memo).to_string())
        .collect();
    let (status, out, _) = grundy(&["describe", "--extend", "10000"], &values.join(" "));
    assert_eq!(status, 0, "{out}");
    assert_eq!(line(&out, "rule"), Some("G(n) = max k with k(k+1)/2 <= n"));
    let extension = numbers(line(&out, "extension (conjecture from 61 values)").unwrap());
    assert_eq!(extension.len(), 10_000);
    let mut k = 0;
    for (n, &v) in extension.iter().enumerate() {
        while (k + 1) * (k + 2) / 2 <= n as u64 {
            k += 1;
        }
        assert_eq!(v, k, "n = {n}");
    }
}

#[test]
fn no_rule_means_exit_3_and_the_nearest_miss() {
    // Officers, 0.6: no known rule.
    let (_, given, _) = grundy(&["octal", "0.6", "--upto", "500", "--values"], "");
    let (status, out, _) = grundy(&["describe", "--extend", "1000"], &given);
    assert_eq!(status, 3, "{out}");
    assert!(out.contains("rule: none\nwhy: no rule: "), "{out}");
    assert!(!out.contains("extension"), "{out}");
    // A break in the tail: the nearest miss says where.
    let mut values: Vec<String> = (0..40).map(|n| (n % 4).to_string()).collect();
    values[35] = "9".to_string();
    let (status, out, _) = grundy(&["describe", "--extend", "50"], &values.join(" "));
    assert_eq!(status, 3);
    assert_eq!(
        line(&out, "nearest miss"),
        Some("G(n) = n mod 4 explains G(0..34) but gives G(35) = 3 where the value is 9")
    );
    // Without --extend the same refusal is a description: exit 0.
    let (status, out, _) = grundy(&["describe"], &values.join(" "));
    assert_eq!(status, 0);
    assert!(out.contains("rule: none\n"), "{out}");
}

#[test]
fn tables_extend_or_are_refused() {
    // Two-heap Nim, by mex over the moves.
    let side = 64;
    let mut g = vec![vec![0u64; side]; side];
    for x in 0..side {
        for y in 0..side {
            let options: Vec<u64> = (0..x)
                .map(|a| g[a][y])
                .chain((0..y).map(|b| g[x][b]))
                .collect();
            g[x][y] = mex(options);
        }
    }
    let text: String = g
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let (status, out, _) = grundy(&["describe", "--table", "--extend", "200"], &text);
    assert_eq!(status, 0, "{out}");
    assert_eq!(line(&out, "rule"), Some("G(x, y) = x xor y"));
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "table (conjecture from 4096 cells):")
        .skip(1)
        .collect();
    assert_eq!(rows.len(), 200);
    for (x, row) in rows.iter().enumerate() {
        let expected: Vec<u64> = (0..200).map(|y| (x ^ y) as u64).collect();
        assert_eq!(numbers(row), expected, "row {x}");
    }
    // Wythoff's Grundy values: no rule.
    let mut w = vec![vec![0u64; 32]; 32];
    for x in 0..32 {
        for y in 0..32 {
            let options: Vec<u64> = (0..x)
                .map(|a| w[a][y])
                .chain((0..y).map(|b| w[x][b]))
                .chain((1..=x.min(y)).map(|t| w[x - t][y - t]))
                .collect();
            w[x][y] = mex(options);
        }
    }
    let text: String = w
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let (status, out, _) = grundy(&["describe", "--table", "--extend", "40"], &text);
    assert_eq!(status, 3, "{out}");
    assert!(
        out.contains("rule: none\n") && !out.contains("table ("),
        "{out}"
    );
}

#[test]
fn limits_and_bad_input_are_one_line_errors() {
    let (status, _, err) = grundy(&["describe", "--extend", "10000001"], "0 1 2");
    assert_eq!(
        (status, err.as_str()),
        (
            1,
            "error: --extend: at most 10000000 (asked for 10000001)\n"
        )
    );
    let (status, _, err) = grundy(&["describe", "--table", "--extend", "5000"], "0 1\n1 0\n");
    assert_eq!(status, 1);
    assert!(err.starts_with("error: --extend: at most 4096"), "{err}");
    let long = "7".repeat(100_000);
    let (status, _, err) = grundy(&["describe"], &long);
    assert_eq!(status, 1);
    assert_eq!(
        err,
        "error: line 1: `77777777777777777777…` is not a non-negative integer\n"
    );
    for (args, empty) in [
        (&["describe"][..], ""),
        (&["describe"][..], "\n  \n"),
        (&["describe", "--table"][..], "\n"),
        (&["describe"][..], "computed: 0 values\n"),
    ] {
        let (status, out, err) = grundy(args, empty);
        assert_eq!((status, out.as_str()), (1, ""), "{empty:?}");
        assert!(
            err.starts_with("error: no values to describe") && err.lines().count() == 1,
            "{err}"
        );
    }
    let (status, _, err) = grundy(&["describe", "--svg", "/nonexistent/dir/x.svg"], "0 1 0 1");
    assert_eq!(status, 1);
    assert!(
        err.starts_with("error: cannot draw /nonexistent/dir/x.svg"),
        "{err}"
    );
}

#[test]
fn the_picture_marks_every_p_position_and_shades_the_period() {
    let dir = std::env::temp_dir().join(format!("describe-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("dawson.svg");
    let (_, given, _) = grundy(&["octal", "0.07", "--upto", "200", "--values"], "");
    let values = numbers(line(&given, "values").unwrap());
    let (status, out, _) = grundy(&["describe", "--svg", file.to_str().unwrap()], &given);
    assert_eq!(status, 0, "{out}");
    let svg = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let fill = |node: &roxmltree::Node, colour: &str| node.attribute("fill") == Some(colour);
    let marks: Vec<f64> = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && fill(n, "#C80000"))
        .map(|n| n.attribute("cx").unwrap().parse().unwrap())
        .collect();
    let zeros = values.iter().filter(|&&v| v == 0).count();
    assert_eq!(marks.len(), zeros);
    // The marks run left to right in the order of the P-positions.
    assert!(marks.windows(2).all(|w| w[0] < w[1]), "{marks:?}");
    // Period 34 from 53 in 200 values: blocks at 53, 121, 189 shaded (every other one).
    let shaded = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && fill(n, "#DCE6F5"))
        .count();
    assert_eq!(shaded, 3);
    // A table: one mark per zero.
    let table = dir.join("nim.svg");
    let text: String = (0..12)
        .map(|x| {
            (0..12)
                .map(|y| (x ^ y).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let (status, _, _) = grundy(
        &["describe", "--table", "--svg", table.to_str().unwrap()],
        &text,
    );
    assert_eq!(status, 0);
    let svg = std::fs::read_to_string(&table).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let marks = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && fill(n, "#C80000"))
        .count();
    assert_eq!(marks, 12);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A division game (n -> ⌊n/k⌋, k in {7, 8}) from 376 values: the last stretch is constant
/// (G(n) = 1 for 56 <= n < 392) but the game's runs grow sevenfold; the rule claimed is the
/// game's own recursion, which changes at 392, and only as a conjecture.
/// A subtraction game whose rule changes past the data ({1, 2, 3, 1000} from 1000 values)
/// gets its rule claimed, but only as a conjecture.
#[test]
fn division_games_extend_by_their_recursion_and_late_changes_are_conjectures() {
    let mut g = vec![0u64; 4000];
    for n in 1..4000 {
        g[n] = mex([g[n / 7], g[n / 8]]);
    }
    let text: Vec<String> = g[..376].iter().map(|v| v.to_string()).collect();
    let (status, out, _) = grundy(&["describe", "--extend", "4000"], &text.join(" "));
    assert_eq!(status, 0, "{out}");
    assert_eq!(
        line(&out, "rule"),
        Some("G(n) = mex{G(⌊n/k⌋) : k in {7, 8}} for n >= 1; G(0) = 0")
    );
    assert_eq!(
        numbers(line(&out, "extension (conjecture from 376 values)").unwrap()),
        g
    );
    let (_, given, _) = grundy(
        &["subtraction", "1,2,3,1000", "--upto", "1000", "--values"],
        "",
    );
    let bare = format!("{}\n", line(&given, "values").unwrap());
    let (status, out, _) = grundy(&["describe", "--extend", "8"], &bare);
    assert_eq!(status, 0, "{out}");
    assert_eq!(line(&out, "rule"), Some("G(n) = n mod 4"));
    assert!(
        line(&out, "conjectured from 1000 values").is_some(),
        "{out}"
    );
    assert_eq!(
        line(&out, "extension (conjecture from 1000 values)"),
        Some("0 1 2 3 0 1 2 3")
    );
}

/// G(0..len) of the octal game whose digits (for taking 1, 2, … pins) are `digits`, by its
/// literal moves: bit 1 takes a whole heap, bit 2 leaves one heap, bit 4 leaves two.
fn octal_by_search(len: usize, digits: &[u8]) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let mut options = Vec::new();
        for (take, &d) in (1..).zip(digits) {
            if take > n {
                break;
            }
            let rest = n - take;
            if d & 1 != 0 && rest == 0 {
                options.push(0);
            }
            if d & 2 != 0 && rest > 0 {
                options.push(g[rest]);
            }
            if d & 4 != 0 {
                options.extend(
                    (1..=rest / 2)
                        .filter(|&a| rest - a > 0)
                        .map(|a| g[a] ^ g[rest - a]),
                );
            }
        }
        g.push(mex(options));
    }
    g
}

/// A game the analyzer names is proved, not guessed, even from values too few for the
/// periodicity theorem: `describe` computes the game further itself. Subtraction {1, 2, 3,
/// 1000} from 1000 values (n mod 4 so far) and 0.177 from 600 values (its preperiod is 497)
/// extend exactly, checked against literal search; values that are not the named game's are
/// said to be so and only conjectured.
#[test]
fn a_named_game_is_proved_from_too_few_values() {
    let (_, given, _) = grundy(
        &["subtraction", "1,2,3,1000", "--upto", "1000", "--values"],
        "",
    );
    assert!(given.contains("\nset: 1,2,3,1000\n"), "{given}");
    let (status, out, _) = grundy(&["describe", "--extend", "3000"], &given);
    assert_eq!(status, 0, "{out}");
    assert_eq!(
        line(&out, "proved"),
        Some("the subtraction game {1, 2, 3, 1000} has period 1001 after preperiod 0 (the periodicity theorem needs 2001 values; 1000 given, the rest computed here)")
    );
    let mut truth = vec![0u64; 3000];
    for n in 1..3000 {
        truth[n] = mex([1, 2, 3, 1000]
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| truth[n - s]));
    }
    assert_eq!(numbers(line(&out, "extension (proved)").unwrap()), truth);

    let (_, given, _) = grundy(&["octal", "0.177", "--upto", "600", "--values"], "");
    let (status, out, _) = grundy(&["describe", "--extend", "4000"], &given);
    assert_eq!(status, 0, "{out}");
    assert!(
        line(&out, "proved")
            .unwrap()
            .starts_with("the octal game 0.177 has period 20 after preperiod 497"),
        "{out}"
    );
    assert_eq!(
        numbers(line(&out, "extension (proved)").unwrap()),
        octal_by_search(4000, &[1, 7, 7])
    );
    // Shown alone, the same 600 values are refused: the period is not in them.
    let bare = format!("{}\n", line(&given, "values").unwrap());
    let (status, out, _) = grundy(&["describe", "--extend", "10"], &bare);
    assert_eq!((status, line(&out, "rule")), (3, Some("none")), "{out}");

    // Values that are not the named game's: said so, and only conjectured.
    let wrong = format!(
        "game: 0.07\nvalues: {}\n",
        (0..100)
            .map(|n| (n % 4).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let (status, out, _) = grundy(&["describe", "--extend", "10"], &wrong);
    assert_eq!(status, 0, "{out}");
    assert_eq!(
        line(&out, "note"),
        Some("these are not the values of the octal game 0.07: G(1) = 1 where the game gives 0; not proved")
    );
    assert!(
        line(&out, "extension (conjecture from 100 values)").is_some(),
        "{out}"
    );
}

/// Digit games through `describe`, by literal search: Mock Turtles (turn one to three coins,
/// the rightmost heads to tails) are the odious numbers; lowering one base-10 digit by one is
/// the digit sum's parity, which up to n = 99 is also periodic with period 20: from 99 values
/// nothing is claimed (`undecided`), from 200 the digit sum, checked to 3000.
#[test]
fn digit_games_get_their_digit_rule_or_an_honest_undecided() {
    let mut turtles: Vec<u64> = Vec::new();
    for n in 0..300usize {
        let mut options = vec![0u64];
        for a in 0..n {
            options.push(turtles[a]);
            options.extend((a + 1..n).map(|b| turtles[a] ^ turtles[b]));
        }
        turtles.push(mex(options));
    }
    let text: Vec<String> = turtles[..100].iter().map(|v| v.to_string()).collect();
    let (status, out, _) = grundy(&["describe", "--extend", "300"], &text.join(" "));
    assert_eq!(status, 0, "{out}");
    assert_eq!(
        line(&out, "rule"),
        Some("G(n) = 2n + 1 - popcount(n) mod 2 (the n-th odious number)")
    );
    assert_eq!(
        numbers(line(&out, "extension (conjecture from 100 values)").unwrap()),
        turtles[..300]
    );

    let mut digits = vec![0u64; 3000];
    for n in 1..3000usize {
        let mut options = Vec::new();
        let mut place = 1;
        while place <= n {
            if n / place % 10 > 0 {
                options.push(digits[n - place]);
            }
            place *= 10;
        }
        digits[n] = mex(options);
    }
    let shown = |len: usize| -> String {
        let text: Vec<String> = digits[..len].iter().map(|v| v.to_string()).collect();
        text.join(" ")
    };
    let (status, out, _) = grundy(&["describe", "--extend", "3000"], &shown(99));
    assert_eq!((status, line(&out, "rule")), (3, Some("none")), "{out}");
    assert!(
        line(&out, "why").unwrap().starts_with("undecided: "),
        "{out}"
    );
    let (status, out, _) = grundy(&["describe", "--extend", "3000"], &shown(200));
    assert_eq!(status, 0, "{out}");
    assert_eq!(
        line(&out, "rule"),
        Some("G(n) = s(n) mod 2, s(n) the sum of the base-10 digits of n")
    );
    assert_eq!(
        numbers(line(&out, "extension (conjecture from 200 values)").unwrap()),
        digits
    );
}
