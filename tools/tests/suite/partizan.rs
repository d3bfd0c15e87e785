//! `grundy hackenbush` and `grundy partizan` against a literal minimax written here: the
//! outcome class of random Blue-Red-Green pictures, and for Blue-Red ones the printed number
//! x checked by playing the picture beside a stalk worth -x (a second-player win).

use crate::grundy;
use std::collections::HashMap;
use testkit::Rng;

/// Whether the player to move wins, Left if `left`: a move cuts one of the mover's edges
/// (`B` Left's, `R` Right's, `G` either's) and whatever no longer reaches vertex 0 falls.
fn mover_wins(
    edges: &[(usize, usize, char)],
    standing: u64,
    left: bool,
    memo: &mut HashMap<(u64, bool), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(standing, left)) {
        return known;
    }
    let mut wins = false;
    for (i, &(_, _, c)) in edges.iter().enumerate() {
        let mine = c == 'G' || (c == 'B') == left;
        if standing >> i & 1 == 1 && mine {
            // The edges still joined to the ground after the cut, by a walk from vertex 0.
            let cut = standing & !(1 << i);
            let mut reached = vec![0usize];
            let mut kept = 0u64;
            let mut k = 0;
            while k < reached.len() {
                let v = reached[k];
                k += 1;
                for (j, &(a, b, _)) in edges.iter().enumerate() {
                    if cut >> j & 1 == 1 && kept >> j & 1 == 0 && (a == v || b == v) {
                        kept |= 1 << j;
                        reached.push(if a == v { b } else { a });
                    }
                }
            }
            if !mover_wins(edges, kept, !left, memo) {
                wins = true;
                break;
            }
        }
    }
    memo.insert((standing, left), wins);
    wins
}

fn class(edges: &[(usize, usize, char)]) -> char {
    let mut memo = HashMap::new();
    let all = (1u64 << edges.len()) - 1;
    // Edges not joined to the ground fall before play starts: drop them by the same walk.
    let mut reached = vec![0usize];
    let mut kept = 0u64;
    let mut k = 0;
    while k < reached.len() {
        let v = reached[k];
        k += 1;
        for (j, &(a, b, _)) in edges.iter().enumerate() {
            if all >> j & 1 == 1 && kept >> j & 1 == 0 && (a == v || b == v) {
                kept |= 1 << j;
                reached.push(if a == v { b } else { a });
            }
        }
    }
    let left_first = mover_wins(edges, kept, true, &mut memo);
    let right_first = mover_wins(edges, kept, false, &mut memo);
    match (left_first, right_first) {
        (true, false) => 'L',
        (false, true) => 'R',
        (true, true) => 'N',
        (false, false) => 'P',
    }
}

fn picture_text(n: usize, edges: &[(usize, usize, char)]) -> String {
    let mut text = format!("{} {}\n", n, edges.len());
    for (u, v, c) in edges {
        text += &format!("{u} {v} {c}\n");
    }
    text
}

fn line<'a>(out: &'a str, key: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|rest| rest.strip_prefix(": ")))
        .unwrap_or_else(|| panic!("no `{key}:` line in {out}"))
}

/// The sign expansion of p/q (q a power of two), walked from 0 as the tree of numbers grows:
/// +1 steps until the gap is bounded on both sides, then halvings.
fn sign_expansion(text: &str) -> Vec<bool> {
    let (p, q): (i64, i64) = match text.split_once('/') {
        Some((p, q)) => (p.parse().unwrap(), q.parse().unwrap()),
        None => (text.parse().unwrap(), 1),
    };
    // Work in units of 1/q: x = p.
    let (mut low, mut high): (Option<i64>, Option<i64>) = (None, None);
    let (mut current, mut signs) = (0i64, Vec::new());
    let scale = 2 * q; // halving needs one more bit of room
    let (x, mut cur) = (p * 2, current * scale);
    while cur != x {
        let up = x > cur;
        signs.push(up);
        if up {
            low = Some(cur);
        } else {
            high = Some(cur);
        }
        cur = match (low, high) {
            (Some(l), Some(h)) => (l + h) / 2,
            (Some(l), None) => l + scale,
            (None, Some(h)) => h - scale,
            (None, None) => unreachable!(),
        };
        current += 1;
        assert!(current < 200, "runaway expansion of {text}");
    }
    signs
}

#[test]
fn hackenbush_agrees_with_minimax_on_random_pictures() {
    let mut rng = Rng::new(2026);
    for round in 0..120 {
        let n = rng.range(1, 6) as usize;
        let colors: &[char] = if round % 2 == 0 {
            &['B', 'R']
        } else {
            &['B', 'R', 'G']
        };
        let edges: Vec<(usize, usize, char)> = (0..rng.range(0, 9))
            .map(|_| {
                let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
                (a, b, *rng.pick(colors))
            })
            .collect();
        let (status, out, err) = grundy(&["hackenbush"], &picture_text(n, &edges));
        assert_eq!(status, 0, "{err}");
        let expected = class(&edges);
        assert_eq!(
            line(&out, "outcome"),
            expected.to_string(),
            "{edges:?}: {out}"
        );
        if round % 2 == 0 {
            // Blue-Red: a number x, and the picture minus x is a second-player win.
            let value = line(&out, "value");
            let mut with_stalk = edges.clone();
            let mut below = 0;
            for (i, up) in sign_expansion(value).into_iter().enumerate() {
                with_stalk.push((below, n + i, if up { 'R' } else { 'B' }));
                below = n + i;
            }
            assert_eq!(class(&with_stalk), 'P', "{edges:?} minus {value}");
        }
    }
}

#[test]
fn hackenbush_refuses_in_one_line() {
    for (input, message) in [
        ("", "expected the number of vertices n"),
        ("2 1\n0 1 Q\n", "not B, R or G"),
        ("2 1\n0 5 B\n", "v of edge 1 = `5`"),
        ("2 1\n0 1 B\nextra\n", "unexpected `extra`"),
        ("-1 0\n", "the number of vertices n = `-1`"),
    ] {
        let (status, out, err) = grundy(&["hackenbush"], input);
        assert_eq!(status, 2, "{input:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: ") && err.contains(message), "{err}");
    }
    // A large picture with a cycle is refused with its size; a large Blue-Red tree is not.
    let mut cycle = String::from("3 40\n");
    for i in 0..40 {
        cycle += &format!("{} {} {}\n", i % 3, (i + 1) % 3, ["B", "G"][i % 2]);
    }
    let (status, _, err) = grundy(&["hackenbush"], &cycle);
    assert_eq!(status, 2);
    assert!(err.contains("40 edges"), "{err}");
    // Past 20 edges a dense picture is refused by its positions, in one line naming them.
    // 30 edges on 4 vertices, 5 of them loops at the ground: a component of 25.
    let dense = "4 30\n\
        3 3 R\n\
        0 1 G\n\
        1 3 B\n\
        0 3 B\n\
        0 2 G\n\
        2 2 B\n\
        1 3 B\n\
        3 0 B\n\
        0 0 B\n\
        1 2 G\n\
        3 1 G\n\
        0 2 R\n\
        1 3 G\n\
        1 3 R\n\
        2 0 B\n\
        0 3 B\n\
        0 0 G\n\
        3 1 R\n\
        0 0 B\n\
        1 0 G\n\
        3 0 B\n\
        0 0 G\n\
        3 3 G\n\
        0 2 G\n\
        0 0 R\n\
        0 1 G\n\
        3 0 R\n\
        1 3 B\n\
        2 3 R\n\
        0 2 G\n";
    let (status, _, err) = grundy(&["hackenbush"], dense);
    assert_eq!(status, 2);
    assert!(
        err.contains("25 edges has more than 60000 positions"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let n = 200_000;
    let mut tree = format!("{n} {}\n", n - 1);
    for v in 1..n {
        tree += &format!(
            "{} {v} {}\n",
            v - 1,
            if v == 1 || v == n - 1 { "B" } else { "R" }
        );
    }
    let (status, out, _) = grundy(&["hackenbush"], &tree);
    assert_eq!(status, 0);
    assert_eq!(line(&out, "outcome"), "L");
    // 2^-199997 + 2^-199998 = 3/2^199998, exactly: 2^199998 has ⌊199998·log10 2⌋ + 1
    // decimal digits, the last a 4 (powers of 2 end 2, 4, 8, 6 for exponents 1, 2, 3, 0 mod 4).
    let value = line(&out, "value");
    let digits = (199_998.0 * 2f64.log10()).floor() as usize + 1;
    assert!(
        value.starts_with("3/") && value.ends_with('4'),
        "{}",
        &value[..40]
    );
    assert_eq!(value.len(), 2 + digits);
}

#[test]
fn partizan_option_lists() {
    // {0 | {2 | -1}}: Right's option reverses through 2 >= the game, and 2 has no Right
    // option, so the game is {0 | } = 1 (Right moving first loses: Left answers with 2).
    let (status, out, _) = grundy(
        &["partizan"],
        "# a hot game, then one that is 1\nhot: 2 | -1\ncold: 0 | hot\n",
    );
    assert_eq!(status, 0);
    assert_eq!(out, "hot: {2|-1} N\ncold: 1 L\nvalue: 1\noutcome: L\n");
    let (status, _, err) = grundy(&["partizan"], "a: b |\n");
    assert_eq!(status, 2);
    assert!(err.starts_with("error: line 1: option `b`"), "{err}");
}
