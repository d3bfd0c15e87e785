//! Luogu P1971 "\[NOI2011\] 兔兔与蛋蛋游戏" (Bunny and Eggy's game; also BZOJ 2437): an n × m
//! board with one empty cell `.`, every other cell holding a white piece `O` or a black one
//! `X`. Bunny moves first; she slides a white piece next to the empty cell into it, Eggy a
//! black one; who cannot move loses. Given a game Eggy won, k moves each, print how many of
//! Bunny's moves were mistakes (before it she had a winning strategy, after it Eggy had one),
//! then their numbers (1 to k), one a line, in increasing order.
//!
//! The game is vertex geography on a bipartite graph (`grundy::geography`). Follow the empty
//! cell: Bunny moves it onto a white piece, Eggy onto a black one. Colour the board like a
//! chessboard from the empty cell's start; Bunny's moves reach the cells of the other colour,
//! Eggy's the cells of the start's colour. A visited cell holds, after the empty cell has
//! passed, the piece of the cell visited after it: black on Bunny's colour, white on Eggy's,
//! so neither player can ever move the empty cell back onto a visited one. The graph is
//! therefore the white pieces on the other colour and the black pieces (and the start) on the
//! start's colour, with the board's adjacencies; a move takes the token to an unvisited
//! neighbour; every other cell is a wall. `geography::Walk` follows the game: each move is one
//! augmenting search of a maximum matching of the unvisited cells (O(V + E)), and tells who
//! wins after it, so the whole game costs O(k (V + E)) after one matching, not a matching per
//! move.
//!
//! Input: n m, the n rows of m characters, k, then 2k lines `x y` (row, column: the piece
//! moved into the empty cell), Bunny's and Eggy's alternately. Limits: 1 ≤ n, m ≤ 40,
//! 1 ≤ k ≤ 1000, exactly one `.`; every move is checked against the rules and an illegal one
//! refused (the statement guarantees legal moves and that Eggy wins at the end; a game that
//! stops before Eggy has won is answered all the same).

use grundy::geography::Walk;
use grundy::matching::Vertex;
use grundy::prelude::Outcome;
use judge::{InputError, Scanner};
use std::io::Write;

/// The judge's largest side.
const MAX_SIDE: usize = 40;
/// The judge's largest k.
const MAX_K: usize = 1000;

/// The graph: the start (the empty cell) and the black pieces on the start's colour (left),
/// the white pieces on the other colour (right), each side numbered in row-major order; by the
/// proof above, a legal white move reaches an unvisited right vertex, a black move a left one.
fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.index("n", 1..=MAX_SIDE)?;
    let m = sc.index("m", 1..=MAX_SIDE)?;
    let mut board = Vec::with_capacity(n * m);
    let mut empty = None;
    for r in 0..n {
        let row = sc.token(format_args!("row {}", r + 1))?.as_bytes();
        if row.len() != m {
            return Err(InputError::Invalid(format!(
                "row {} has {} characters, expected m = {}",
                r + 1,
                row.len(),
                m
            )));
        }
        for (c, &cell) in row.iter().enumerate() {
            match cell {
                b'X' | b'O' => {}
                b'.' if empty.is_none() => empty = Some(r * m + c),
                _ => {
                    return Err(InputError::Invalid(format!(
                        "row {} column {}: expected `X`, `O` or the one empty cell `.`",
                        r + 1,
                        c + 1
                    )))
                }
            }
            board.push(cell);
        }
    }
    let mut empty =
        empty.ok_or_else(|| InputError::Invalid("the board has no empty cell `.`".to_string()))?;
    let k = sc.index("k", 1..=MAX_K)?;

    let colour = |cell: usize| (cell / m + cell % m) % 2;
    let start_colour = colour(empty);
    let mut index = vec![usize::MAX; n * m];
    let mut sides = [0usize; 2];
    for cell in 0..n * m {
        let side = usize::from(colour(cell) != start_colour);
        if cell == empty || board[cell] == [b'X', b'O'][side] {
            index[cell] = sides[side];
            sides[side] += 1;
        }
    }
    let mut edges = Vec::new();
    for cell in 0..n * m {
        if colour(cell) != start_colour || index[cell] == usize::MAX {
            continue;
        }
        let (r, c) = (cell / m, cell % m);
        let around = [
            (r > 0).then(|| cell - m),
            (r + 1 < n).then(|| cell + m),
            (c > 0).then(|| cell - 1),
            (c + 1 < m).then(|| cell + 1),
        ];
        for &other in around.iter().flatten() {
            if index[other] != usize::MAX {
                edges.push((index[cell], index[other]));
            }
        }
    }
    let mut walk = Walk::new(sides[0], sides[1], &edges, Vertex::Left(index[empty]));

    let mut mistakes = Vec::new();
    for turn in 1..=k {
        let bunny_wins = walk.outcome() == Outcome::FirstPlayerWins;
        empty = play(sc, &mut board, n, m, empty, turn, true)?;
        walk.play(Vertex::Right(index[empty]));
        if bunny_wins && walk.outcome() == Outcome::FirstPlayerWins {
            mistakes.push(turn);
        }
        empty = play(sc, &mut board, n, m, empty, turn, false)?;
        walk.play(Vertex::Left(index[empty]));
    }
    sc.finish()?;

    writeln!(out, "{}", mistakes.len())?;
    for turn in mistakes {
        writeln!(out, "{}", turn)?;
    }
    Ok(())
}

/// Reads one move and plays it on the board by the rules (a piece of the mover's colour next
/// to the empty cell slides into it); returns the new empty cell.
fn play(
    sc: &mut Scanner,
    board: &mut [u8],
    n: usize,
    m: usize,
    empty: usize,
    turn: usize,
    bunny: bool,
) -> Result<usize, InputError> {
    let (who, piece, name) = if bunny {
        ("Bunny", b'O', "white (`O`)")
    } else {
        ("Eggy", b'X', "black (`X`)")
    };
    let x = sc.index(format_args!("x of {}'s move {}", who, turn), 1..=n)? - 1;
    let y = sc.index(format_args!("y of {}'s move {}", who, turn), 1..=m)? - 1;
    let cell = x * m + y;
    let (er, ec) = (empty / m, empty % m);
    let distance = if x > er { x - er } else { er - x } + if y > ec { y - ec } else { ec - y };
    if distance != 1 || board[cell] != piece {
        return Err(InputError::Invalid(format!(
            "{}'s move {}: row {} column {} is not a {} piece next to the empty cell",
            who,
            turn,
            x + 1,
            y + 1,
            name
        )));
    }
    board[empty] = piece;
    board[cell] = b'.';
    Ok(cell)
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// A game as the judge gives it.
    #[derive(Clone, Debug)]
    struct Game {
        /// The board's rows: `X`, `O`, one `.`.
        rows: Vec<Vec<u8>>,
        /// The moves, 1-based (row, column), Bunny's and Eggy's alternately.
        moves: Vec<(usize, usize)>,
    }

    /// A position of the literal game: the board and who moves.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Position {
        cols: usize,
        cells: Vec<u8>,
        bunny: bool,
    }

    /// Every move of the literal rules: a piece of the mover's colour next to `.` slides in.
    fn moves(p: &Position) -> Vec<Position> {
        let empty = p.cells.iter().position(|&c| c == b'.').unwrap();
        let (rows, cols) = (p.cells.len() / p.cols, p.cols);
        let (r, c) = (empty / cols, empty % cols);
        let piece = if p.bunny { b'O' } else { b'X' };
        let mut next = Vec::new();
        for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                continue;
            }
            let cell = nr as usize * cols + nc as usize;
            if p.cells[cell] == piece {
                let mut cells = p.cells.clone();
                cells.swap(cell, empty);
                next.push(Position {
                    cols,
                    cells,
                    bunny: !p.bunny,
                });
            }
        }
        next
    }

    /// A legal game on an n × m board whose empty cell walks `path` (path[0] the start, an
    /// even number of steps after it), ending with Bunny stuck: the path's cells are coloured
    /// as its moves need (white at odd steps, black at even ones), the other cells at random,
    /// except the unvisited cells next to the last, which are black (Bunny cannot move them).
    fn along(rng: &mut Rng, n: usize, m: usize, path: &[usize]) -> Game {
        let mut cells: Vec<u8> = (0..n * m)
            .map(|_| if rng.below(2) == 0 { b'X' } else { b'O' })
            .collect();
        for (step, &cell) in path.iter().enumerate() {
            cells[cell] = match step {
                0 => b'.',
                s if s % 2 == 1 => b'O',
                _ => b'X',
            };
        }
        let last = path[path.len() - 1];
        for next in neighbours(n, m, last) {
            if !path.contains(&next) {
                cells[next] = b'X';
            }
        }
        Game {
            rows: cells.chunks(m).map(|row| row.to_vec()).collect(),
            moves: path[1..].iter().map(|&c| (c / m + 1, c % m + 1)).collect(),
        }
    }

    fn neighbours(n: usize, m: usize, cell: usize) -> Vec<usize> {
        let (r, c) = (cell / m, cell % m);
        let mut around = Vec::new();
        if r > 0 {
            around.push(cell - m);
        }
        if r + 1 < n {
            around.push(cell + m);
        }
        if c > 0 {
            around.push(cell - 1);
        }
        if c + 1 < m {
            around.push(cell + 1);
        }
        around
    }

    /// A self-avoiding walk of at most `steps` steps from a random cell, an even number of
    /// them, at least 2 (`None` if the walk was stuck before 2).
    fn random_path(rng: &mut Rng, n: usize, m: usize, steps: usize) -> Option<Vec<usize>> {
        let mut path = vec![rng.below((n * m) as u64) as usize];
        while path.len() <= steps {
            let free: Vec<usize> = neighbours(n, m, path[path.len() - 1])
                .into_iter()
                .filter(|c| !path.contains(c))
                .collect();
            if free.is_empty() {
                break;
            }
            path.push(free[rng.below(free.len() as u64) as usize]);
        }
        if path.len() % 2 == 0 {
            path.pop();
        }
        if path.len() >= 3 {
            Some(path)
        } else {
            None
        }
    }

    /// The 40 × 40 board's cells in a snake, row by row, from the top-left corner.
    fn snake(n: usize, m: usize) -> Vec<usize> {
        (0..n)
            .flat_map(|r| {
                (0..m).map(move |c| {
                    if r % 2 == 0 {
                        r * m + c
                    } else {
                        r * m + m - 1 - c
                    }
                })
            })
            .collect()
    }

    #[derive(Default)]
    struct BunnyEggy(Option<Search<Position>>);
    impl Problem for BunnyEggy {
        /// The whole input: one game.
        type Case = Game;
        const SIZE: u64 = 16;
        /// The literal search's largest board: 16 cells.
        const MAX_SIZE: u64 = 16;
        const MAX_CASES: usize = 1;
        /// Past the brute force (`stress --reference`): boards up to the judge's 40 × 40.
        const MAX_GENERATED_SIZE: u64 = 1600;
        /// A board of at most `size` cells (3 at least) and a random legal game on it.
        fn case(rng: &mut Rng, size: u64) -> Game {
            let cells = size.max(3) as usize;
            loop {
                let n = rng.range(1, (cells / 2).min(MAX_SIDE) as u64) as usize;
                let m = rng.range(1, (cells / n).min(MAX_SIDE) as u64) as usize;
                if n * m < 3 {
                    continue;
                }
                let steps = rng.range(2, (n * m - 1) as u64) as usize;
                if let Some(path) = random_path(rng, n, m, steps) {
                    return along(rng, n, m, &path);
                }
            }
        }
        /// The judge's largest board, 40 × 40, with the longest game it holds: the empty cell
        /// visits every cell once, so at most 1599 moves, k = 799 (the statement's k ≤ 1000
        /// cannot be reached on a legal 40 × 40 game). Either a snake through every cell (the
        /// graph is the whole grid), or the longest of a few random walks (by rng).
        fn max_cases(rng: &mut Rng) -> Vec<Game> {
            let path = if rng.below(2) == 0 {
                let mut path = snake(MAX_SIDE, MAX_SIDE);
                path.pop(); // an odd number of cells: an even number of moves
                path
            } else {
                (0..20)
                    .filter_map(|_| random_path(rng, MAX_SIDE, MAX_SIDE, 2 * MAX_K))
                    .max_by_key(|p| p.len())
                    .unwrap()
            };
            vec![along(rng, MAX_SIDE, MAX_SIDE, &path)]
        }
        fn input(cases: &[Game]) -> String {
            let game = &cases[0];
            let mut text = format!("{} {}\n", game.rows.len(), game.rows[0].len());
            for row in &game.rows {
                text.push_str(std::str::from_utf8(row).unwrap());
                text.push('\n');
            }
            text.push_str(&format!("{}\n", game.moves.len() / 2));
            for (x, y) in &game.moves {
                text.push_str(&format!("{} {}\n", x, y));
            }
            text
        }
        fn brute(&mut self, game: &Game) -> String {
            let search = self.0.get_or_insert_with(|| Search::normal(moves));
            let cols = game.rows[0].len();
            let mut position = Position {
                cols,
                cells: game.rows.concat(),
                bunny: true,
            };
            let mut mistakes = Vec::new();
            for (i, &(x, y)) in game.moves.iter().enumerate() {
                let before = search.mover_wins(position.clone());
                let cell = (x - 1) * cols + (y - 1);
                let empty = position.cells.iter().position(|&c| c == b'.').unwrap();
                position.cells.swap(cell, empty);
                position.bunny = !position.bunny;
                if i % 2 == 0 && before && search.mover_wins(position.clone()) {
                    mistakes.push(i / 2 + 1);
                }
            }
            let mut text = format!("{}\n", mistakes.len());
            for turn in mistakes {
                text += &format!("{}\n", turn);
            }
            text
        }
        /// Smaller games: the last two moves dropped (still a legal game, Bunny to move).
        fn smaller(game: &Game) -> Vec<Game> {
            if game.moves.len() > 2 {
                let mut shorter = game.clone();
                shorter.moves.truncate(game.moves.len() - 2);
                vec![shorter]
            } else {
                Vec::new()
            }
        }
    }

    testkit::problem_tests!(
        BunnyEggy,
        solve,
        refuses: [
            ("", "expected n"),
            ("0 3\n", "n = `0` is out of range"),
            ("1 41\n", "m = `41` is out of range"),
            ("1 3\nX.\n", "row 1 has 2 characters, expected m = 3"),
            ("1 3\nX.Y\n", "row 1 column 3: expected `X`, `O` or the one empty cell `.`"),
            ("1 3\n.O.\n", "row 1 column 3: expected `X`, `O` or the one empty cell `.`"),
            ("1 3\nXOO\n1\n1 1\n1 2\n", "the board has no empty cell"),
            ("1 3\n.OX\n0\n", "k = `0` is out of range"),
            ("1 3\n.OX\n1001\n", "k = `1001` is out of range"),
            ("1 3\n.OX\n1\n1 3\n1 2\n", "Bunny's move 1: row 1 column 3 is not a white (`O`) piece next to the empty cell"),
            ("1 3\n.XO\n1\n1 2\n1 3\n", "Bunny's move 1: row 1 column 2 is not a white (`O`) piece next to the empty cell"),
            ("1 3\n.OO\n1\n1 2\n1 3\n", "Eggy's move 1: row 1 column 3 is not a black (`X`) piece next to the empty cell"),
            ("1 3\n.OX\n1\n1 2\n1 1\n", "Eggy's move 1: row 1 column 1 is not a black (`X`) piece next to the empty cell"),
            ("1 3\n.OX\n1\n1 2\n1 4\n", "y of Eggy's move 1 = `4` is out of range"),
            ("1 3\n.OX\n1\n1 2\n", "input ended early: expected x of Eggy's move 1"),
            ("1 3\n.OX\n1\n1 2\n1 3\n1 1\n", "unexpected extra input"),
        ]
    );

    #[test]
    fn generated_games_have_mistakes_to_find() {
        // The cross-check means something only if the brute force often finds mistakes.
        let mut rng = Rng::new(1971);
        let mut brute = BunnyEggy::default();
        let found = (0..100)
            .filter(|_| brute.brute(&BunnyEggy::case(&mut rng, 16)) != "0\n")
            .count();
        assert!(found >= 10, "{} of 100 games with a mistake", found);
    }

    #[test]
    fn a_game_that_stops_before_eggy_has_won_is_answered() {
        // 1 × 5: `.OXOX`: Bunny, Eggy, and Bunny could still move: no mistake yet.
        assert_eq!(
            judge::run_str(solve, "1 5\n.OXOX\n1\n1 2\n1 3\n").unwrap(),
            "0\n"
        );
    }
}
