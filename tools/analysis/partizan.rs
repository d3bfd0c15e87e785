//! `grundy hackenbush` and `grundy partizan`: the value and outcome class of a partizan
//! position, read from text.
//!
//! `hackenbush` reads a picture: `n m`, then m edges `u v c` (vertices `0..n`, vertex 0 the
//! ground, c one of `B` (Left's), `R` (Right's), `G` (either's); loops and parallel edges
//! allowed). `partizan` reads positions one a line, `NAME: L1 L2 … | R1 R2 …`, each option a
//! name defined on an earlier line or a value written out (`0`, `-3/4`, `*`, `*2`, `^`,
//! `v`); the game is the last line's position. Both print `value: X` and `outcome: C` (C one of
//! `L R N P`, [`grundy::partizan::games::OutcomeClass`]); `partizan` first prints each
//! position's `NAME: X C`.
//!
//! Routes, fastest first: a Blue-Red forest by the number rules, exact at any size
//! ([`Picture::tree_value`]); an all-green picture by green Hackenbush
//! ([`grundy::hackenbush::Graph::value`]); anything else by canonical forms
//! ([`Picture::game`]), a mixed forest of at most [`MAX_MIXED_TREE`] edges, a picture with a
//! cycle of at most [`MAX_GRAPH_EDGES`] edges and, past [`ALWAYS_SEARCHED`] edges,
//! [`MAX_POSITIONS`] positions searched a component (blocks with the values hanging from
//! them, parallel edges of one colour counted, not told apart).
//! Larger ones are refused with their size. Every refusal is one line, returned as `Err`.

use grundy::hackenbush::Graph;
use grundy::partizan::dyadic::Dyadic;
use grundy::partizan::games::{GameId, Games, OutcomeClass};
use grundy::partizan::hackenbush::{Color, Picture};
use std::collections::HashMap;

/// The most vertices or edges a picture may have (Blue-Red and green forests of this size
/// take well under a second).
pub const MAX_SIZE: usize = 1_000_000;
/// The most edges of a picture with a cycle that mixes colours (searched position by
/// position).
pub const MAX_GRAPH_EDGES: usize = 30;
/// The most edges of a forest that mixes green with blue or red (canonical forms by ordinal
/// sums, which can grow with the tree).
pub const MAX_MIXED_TREE: usize = 2000;
/// The most positions (blocks with the values hanging from them) searched in one component
/// with a cycle in a picture of more than [`ALWAYS_SEARCHED`] edges; the search also stops
/// after 4 canonical forms a position (plus 4096), 8 comparisons of forms a position (plus
/// 16384) and 2 splits of a position into blocks a position (plus 16), which is where large
/// hanging forms and many vertices make a position dear. Within those a refusal comes in
/// about half a second of CPU at most (docs/analyzer.md measures what answers and what is
/// refused).
pub const MAX_POSITIONS: usize = 60_000;
/// Pictures of at most this many edges are searched to the end, never refused: a literal
/// search of their 2^20 sets of standing edges answers too, so they are within reach
/// (docs/analyzer.md: up to 20 s of CPU and 1 GB on the densest).
pub const ALWAYS_SEARCHED: usize = 20;
/// The most positions `partizan` reads.
pub const MAX_GAME_LINES: usize = 10_000;

/// The printed value and class of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// `value: …` and `outcome: …` lines (with `partizan`, each position's line first).
    pub text: String,
}

fn class_of_sign(sign: i64) -> OutcomeClass {
    match sign {
        1 => OutcomeClass::Left,
        -1 => OutcomeClass::Right,
        _ => OutcomeClass::Previous,
    }
}

fn answer(value: &str, class: OutcomeClass) -> Answer {
    Answer {
        text: format!("value: {}\noutcome: {}\n", value, class.letter()),
    }
}

/// Reads a Hackenbush picture and answers its value and outcome class.
///
/// # Errors
/// One line: a malformed or out-of-range field (naming it), a missing or extra token, or a
/// picture beyond the limits above (with its size).
pub fn hackenbush(input: &str) -> Result<Answer, String> {
    let mut tokens = input.split_whitespace();
    fn number<'a>(
        tokens: &mut impl Iterator<Item = &'a str>,
        what: &str,
        max: usize,
    ) -> Result<usize, String> {
        let token = tokens
            .next()
            .ok_or_else(|| format!("input ended early: expected {what}"))?;
        match token.parse::<usize>() {
            Ok(v) if v <= max => Ok(v),
            _ => Err(format!("{what} = `{token}` is not an integer in 0..={max}")),
        }
    }
    let n = number(&mut tokens, "the number of vertices n", MAX_SIZE)?;
    if n == 0 {
        return Err("the number of vertices n = `0`: vertex 0 is the ground, so n >= 1".into());
    }
    let m = number(&mut tokens, "the number of edges m", MAX_SIZE)?;
    let mut edges = Vec::with_capacity(m);
    for i in 1..=m {
        let u = number(&mut tokens, &format!("u of edge {i}"), n - 1)?;
        let v = number(&mut tokens, &format!("v of edge {i}"), n - 1)?;
        let color = match tokens.next() {
            Some("B") => Color::Blue,
            Some("R") => Color::Red,
            Some("G") => Color::Green,
            Some(other) => {
                return Err(format!(
                    "the colour of edge {i} = `{other}` is not B, R or G"
                ))
            }
            None => {
                return Err(format!(
                    "input ended early: expected the colour of edge {i}"
                ))
            }
        };
        edges.push((u, v, color));
    }
    if let Some(extra) = tokens.next() {
        return Err(format!("unexpected `{extra}` after the {m} edges"));
    }
    let picture = Picture::new(n, &edges);
    if let Some(value) = picture.tree_value() {
        return Ok(answer(&value.to_string(), class_of_sign(value.signum())));
    }
    if edges.iter().all(|e| e.2 == Color::Green) {
        let plain: Vec<(usize, usize)> = edges.iter().map(|e| (e.0, e.1)).collect();
        let nimber = Graph::new(n, &plain).value().value();
        return Ok(match nimber {
            0 => answer("0", OutcomeClass::Previous),
            1 => answer("*", OutcomeClass::Next),
            k => answer(&format!("*{k}"), OutcomeClass::Next),
        });
    }
    let forest = is_forest(n, &edges);
    if forest && m > MAX_MIXED_TREE {
        return Err(format!(
            "a tree mixing green with blue or red edges of {m} edges: at most {MAX_MIXED_TREE} are valued (canonical forms grow with it)"
        ));
    }
    if !forest && m > MAX_GRAPH_EDGES {
        return Err(format!(
            "a picture with a cycle and {m} edges: at most {MAX_GRAPH_EDGES} are searched (Blue-Red and green trees of any size are fast)"
        ));
    }
    let mut games = Games::new();
    let budget = if m <= ALWAYS_SEARCHED {
        usize::MAX
    } else {
        MAX_POSITIONS
    };
    let g = picture
        .game(&mut games, budget)
        .map_err(|e| format!("{e}: refused"))?;
    let class = games.outcome(g);
    Ok(answer(&games.name(g), class))
}

/// Whether the edges joined to the ground form a forest (no loop, no parallel edge, no
/// cycle), by union–find over those edges.
fn is_forest(n: usize, edges: &[(usize, usize, Color)]) -> bool {
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut v: usize) -> usize {
        while parent[v] != v {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        v
    }
    // Only the ground's component matters: a cycle elsewhere falls at once.
    let mut grounded = vec![false; n];
    grounded[0] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b, _) in edges {
            if grounded[a] != grounded[b] {
                grounded[a] = true;
                grounded[b] = true;
                changed = true;
            }
        }
    }
    for &(a, b, _) in edges {
        if !grounded[a] {
            continue;
        }
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        if ra == rb {
            return false;
        }
        parent[ra] = rb;
    }
    true
}

/// Reads positions as option lists and answers each one's value and class, then the last
/// one's as `value:` and `outcome:`.
///
/// # Errors
/// One line: a line without `:` or `|`, a name defined twice, an option that is neither a
/// name defined above nor a value, or no position at all.
pub fn partizan(input: &str) -> Result<Answer, String> {
    let mut games = Games::new();
    let mut named: HashMap<String, GameId> = HashMap::new();
    let mut text = String::new();
    let mut last = None;
    let mut count = 0;
    for (i, raw) in input.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        count += 1;
        if count > MAX_GAME_LINES {
            return Err(format!("more than {MAX_GAME_LINES} positions"));
        }
        let at = i + 1;
        let (name, options) = line
            .split_once(':')
            .ok_or_else(|| format!("line {at}: expected `NAME: LEFT OPTIONS | RIGHT OPTIONS`"))?;
        let name = name.trim();
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(format!(
                "line {at}: the position's name `{name}` is empty or has a space"
            ));
        }
        if named.contains_key(name) {
            return Err(format!("line {at}: `{name}` is defined twice"));
        }
        let (left, right) = options
            .split_once('|')
            .ok_or_else(|| format!("line {at}: expected `|` between Left's and Right's options"))?;
        if right.contains('|') {
            return Err(format!("line {at}: more than one `|`"));
        }
        let mut side = |part: &str| -> Result<Vec<GameId>, String> {
            part.split_whitespace()
                .map(|token| option(&mut games, &named, token).ok_or_else(|| {
                    format!("line {at}: option `{token}` is neither a position defined above nor a value such as 0, -3/4, *, *2, ^, v")
                }))
                .collect()
        };
        let (l, r) = (side(left)?, side(right)?);
        let g = games.game(&l, &r);
        named.insert(name.to_string(), g);
        let class = games.outcome(g);
        text += &format!("{}: {} {}\n", name, games.name(g), class.letter());
        last = Some(g);
    }
    let g = last.ok_or("no position given: expected lines `NAME: LEFT OPTIONS | RIGHT OPTIONS`")?;
    let class = games.outcome(g);
    text += &answer(&games.name(g), class).text;
    Ok(Answer { text })
}

/// An option token: a name defined above, or a value written out.
fn option(games: &mut Games, named: &HashMap<String, GameId>, token: &str) -> Option<GameId> {
    if let Some(&g) = named.get(token) {
        return Some(g);
    }
    match token {
        "^" => return Some(games.up()),
        "v" => return Some(games.down()),
        "*" => return Some(games.nimber(1)),
        _ => {}
    }
    if let Some(n) = token.strip_prefix('*') {
        return n
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= 64)
            .map(|n| games.nimber(n));
    }
    let x: Dyadic = token.parse().ok()?;
    // Building x makes about |x| + k games: keep it small.
    (x.floor().unsigned_abs() <= 1000).then(|| games.number(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_and_refusals() {
        let out = hackenbush("3 2\n0 1 B\n1 2 R\n").unwrap().text;
        assert_eq!(out, "value: 1/2\noutcome: L\n");
        let out = hackenbush("2 1\n0 1 G\n").unwrap().text;
        assert_eq!(out, "value: *\noutcome: N\n");
        let out = hackenbush("1 0\n").unwrap().text;
        assert_eq!(out, "value: 0\noutcome: P\n");
        assert!(hackenbush("0 0").unwrap_err().contains("n >= 1"));
        assert!(hackenbush("2 1\n0 2 B")
            .unwrap_err()
            .contains("v of edge 1"));
        assert!(hackenbush("2 1\n0 1 X")
            .unwrap_err()
            .contains("not B, R or G"));
        assert!(hackenbush("2 1\n0 1 B 5")
            .unwrap_err()
            .contains("unexpected `5`"));
        assert!(hackenbush("2 2\n0 1 B")
            .unwrap_err()
            .contains("input ended early"));
        let big_cycle: String = (0..31)
            .map(|i| format!("0 1 {}\n", ["B", "G"][i % 2]))
            .collect();
        let err = hackenbush(&format!("2 31\n{big_cycle}")).unwrap_err();
        assert!(err.contains("31 edges"), "{err}");
        assert!(!is_forest(
            3,
            &[
                (1, 2, Color::Blue),
                (2, 1, Color::Red),
                (0, 1, Color::Green)
            ]
        ));
        assert!(is_forest(
            4,
            &[(0, 1, Color::Blue), (2, 3, Color::Red), (3, 2, Color::Red)]
        ));
    }

    #[test]
    fn option_lists() {
        let out = partizan("a: | \nb: 0 | a\nc: 1 | -1\n").unwrap().text;
        assert_eq!(
            out,
            "a: 0 P\nb: * N\nc: {1|-1} N\nvalue: {1|-1}\noutcome: N\n"
        );
        let out = partizan("up: 0 | *\n").unwrap().text;
        assert!(out.ends_with("value: ^\noutcome: L\n"), "{out}");
        assert!(partizan("").is_err());
        assert!(partizan("a 0 | 1").unwrap_err().contains("NAME"));
        assert!(partizan("a: 0 1").unwrap_err().contains("`|`"));
        assert!(partizan("a: x |").unwrap_err().contains("option `x`"));
        assert!(partizan("a: |\na: |").unwrap_err().contains("twice"));
        assert!(partizan("a: | | ").unwrap_err().contains("more than one"));
    }
}
