//! The pattern guesser on a suite of games computed here by their literal moves: counts of
//! rules extended exactly, refusals and false claims (a rule wrong within ten times the values
//! given, or by 20 000). The counts are printed (`--nocapture`), one test a family so that the
//! families run at once; a test fails on a false claim.

use grundy::pattern::guess;

fn mex(options: impl IntoIterator<Item = u64>) -> u64 {
    // Marks in a table, not a hash set: the mex of k options is at most k, so larger values
    // cannot matter (Mock Turtles takes the mex of n²/2 options at each n).
    let options: Vec<u64> = options.into_iter().collect();
    let mut seen = vec![false; options.len() + 1];
    for v in options {
        if let Some(mark) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *mark = true;
        }
    }
    seen.iter().position(|&s| !s).expect("a free value") as u64
}

/// Values of a heap game: each move leaves a list of heaps, worth the XOR of theirs.
fn heap_game(len: usize, moves: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let options: Vec<u64> = moves(n)
            .iter()
            .map(|heaps| heaps.iter().fold(0, |x, &h| x ^ g[h]))
            .collect();
        g.push(mex(options));
    }
    g
}

/// An octal game by its digits d_1 d_2 …: removing j pins may leave no heap (d_j & 1), one
/// heap (d_j & 2) or two non-empty heaps (d_j & 4).
fn octal(len: usize, digits: &[u8]) -> Vec<u64> {
    heap_game(len, |n| {
        let mut moves = Vec::new();
        for (i, &d) in digits.iter().enumerate() {
            let j = i + 1;
            if j > n {
                break;
            }
            let rest = n - j;
            if d & 1 != 0 && rest == 0 {
                moves.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 {
                moves.push(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        moves.push(vec![a, rest - a]);
                    }
                }
            }
        }
        moves
    })
}

fn subtraction(len: usize, set: &[usize]) -> Vec<u64> {
    heap_game(len, |n| {
        set.iter()
            .filter(|&&s| s <= n)
            .map(|&s| vec![n - s])
            .collect()
    })
}

fn division(len: usize, set: &[usize]) -> Vec<u64> {
    heap_game(len, |n| {
        if n == 0 {
            Vec::new()
        } else {
            set.iter().map(|&k| vec![n / k]).collect()
        }
    })
}

/// Mock Turtles: turn one to three coins, the rightmost (coin n) heads to tails.
fn mock_turtles(len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 0..len {
        let mut options = vec![0u64];
        for a in 0..n {
            options.push(g[a]);
            for b in a + 1..n {
                options.push(g[a] ^ g[b]);
            }
        }
        g[n] = mex(options);
    }
    g
}

/// A game's name, its values and how many of them the guesser is given.
type Case = (&'static str, Vec<u64>, usize);

const FAR: usize = 20_000;

/// Guesses from each case's prefix and checks the rule up to ten times the values given (and
/// at most as far as computed): prints every rule and refusal and the counts, and fails on a
/// false claim. A rule that changes past the data is claimed wrongly by any guesser: the cases
/// named in `unavoidable` are the false claims allowed, and the output calls every claim a
/// conjecture.
fn check_suite(family: &str, suite: &[Case], unavoidable: &[&str]) {
    let (mut right, mut refused, mut false_claims) = (0, 0, Vec::new());
    for (name, values, given) in suite.iter() {
        let upto = values.len().min(10 * given).max(*given);
        match guess(&values[..*given]) {
            Ok(found) => match (0..upto).find(|&n| found.rule.value(n as u64) != values[n]) {
                None => {
                    right += 1;
                    println!("{} from {}: {}", name, given, found.rule);
                }
                Some(n) => false_claims.push(format!(
                    "{} from {}: {} wrong at {}",
                    name, given, found.rule, n
                )),
            },
            Err(why) => {
                refused += 1;
                println!("{} from {}: refused: {}", name, given, why.reason);
            }
        }
    }
    println!(
        "{}: {} games: {} right, {} refused, {} false claims",
        family,
        suite.len(),
        right,
        refused,
        false_claims.len()
    );
    assert!(
        false_claims
            .iter()
            .all(|c| unavoidable.iter().any(|name| c.starts_with(name))),
        "{:#?}",
        false_claims
    );
}

#[test]
fn subtraction_games() {
    let suite: Vec<Case> = vec![
        ("subtraction 1,2,3", subtraction(FAR, &[1, 2, 3]), 40),
        ("subtraction 1,3,4", subtraction(FAR, &[1, 3, 4]), 60),
        (
            "subtraction 2,5,7 (period 22)",
            subtraction(FAR, &[2, 5, 7]),
            80,
        ),
        ("subtraction 3,5,9", subtraction(FAR, &[3, 5, 9]), 200),
        (
            "subtraction 1,2,3,1000 (changes late)",
            subtraction(FAR, &[1, 2, 3, 1000]),
            900,
        ),
    ];
    check_suite("subtraction", &suite, &["subtraction 1,2,3,1000"]);
}

#[test]
fn octal_games_and_squares() {
    let squares = |n: usize| -> Vec<Vec<usize>> {
        (1..)
            .map(|k| k * k)
            .take_while(|&s| s <= n)
            .map(|s| vec![n - s])
            .collect()
    };
    let suite: Vec<Case> = vec![
        ("Kayles 0.77", octal(3000, &[7, 7]), 300),
        ("Dawson's Kayles 0.07", octal(3000, &[0, 7]), 300),
        ("0.137", octal(3000, &[1, 3, 7]), 400),
        ("Officers 0.6", octal(1500, &[6]), 400),
        ("0.51", octal(3000, &[5, 1]), 200),
        ("subtract a square", heap_game(3000, squares), 300),
    ];
    check_suite("octal", &suite, &[]);
}

#[test]
fn division_games() {
    let suite: Vec<Case> = vec![
        ("divide 7,8", division(FAR, &[7, 8]), 376),
        ("divide 2,4,5,9", division(FAR, &[2, 4, 5, 9]), 104),
        ("divide 2,3", division(FAR, &[2, 3]), 300),
        ("divide 2,3,6", division(FAR, &[2, 3, 6]), 300),
        ("divide 3,5", division(FAR, &[3, 5]), 200),
        ("divide 2..5", division(FAR, &[2, 3, 4, 5]), 300),
        ("divide 4,6,9", division(FAR, &[4, 6, 9]), 250),
        ("divide 2", division(FAR, &[2]), 100),
        ("divide 5,7,10", division(FAR, &[5, 7, 10]), 400),
    ];
    check_suite("division", &suite, &[]);
}

#[test]
fn mock_turtles_and_closed_forms() {
    // One search serves both prefixes.
    let turtles = mock_turtles(1200);
    let suite: Vec<Case> = vec![
        ("Mock Turtles", turtles.clone(), 128),
        ("Mock Turtles", turtles, 300),
        (
            "n mod 5 with a noisy start",
            (0..FAR as u64)
                .map(|n| if n < 30 { n % 7 } else { n % 5 })
                .collect(),
            120,
        ),
        ("half", (0..FAR as u64).map(|n| n / 2).collect(), 50),
    ];
    check_suite("coin turning and closed forms", &suite, &[]);
}
