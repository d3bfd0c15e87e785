//! Nim: the nim-sum decides, and a winning move makes it zero.
//!
//! `cargo run --example nim`

use grundy::nim::{winning_moves, MisereNim, NimMove};
use grundy::prelude::{nim_sum, Nimber, Outcome};

fn show_moves(heaps: &[u64], moves: &[NimMove]) -> String {
    moves
        .iter()
        .map(|m| format!("{} -> {}", heaps[m.heap], m.to))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The lesson's text: per position its nim-sum, its winning moves and its misère outcome.
fn lesson() -> String {
    let mut text = String::new();
    for heaps in [vec![3, 4, 5], vec![1, 4, 5], vec![18, 6, 3, 20, 9]] {
        let sum = nim_sum(heaps.iter().copied());
        text += &format!("heaps {:?}\n", heaps);
        text += &format!("nim-sum: {}\n", sum);
        let moves = winning_moves(&heaps);
        if moves.is_empty() {
            text += "winning move: none (a losing position)\n";
        } else {
            text += &format!("winning move: {}\n", show_moves(&heaps, &moves));
        }
        let misere = heaps.iter().copied().collect::<MisereNim>().outcome();
        text += &format!(
            "misere: {}\n",
            misere.pick("first player wins", "second player wins")
        );
    }
    text + &format!("outcome of 3 4 5: {:?}\n", Outcome::from_grundy(Nimber(2)))
}

fn main() {
    print!("{}", lesson());
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::search::{nim_moves, Search};

    /// Whether `moves`, a `winning move:` line's list (`3 -> 1, ...` or `none ...`), is right
    /// for `heaps`, by literal game-tree search: each move must take a heap of its size down and
    /// leave a position the opponent loses; `none` only where every move loses. Any winning move
    /// is accepted, as a checker would; `Err` says why one is not.
    fn check_moves(
        search: &mut Search<Vec<u64>>,
        heaps: &[u64],
        moves: &str,
    ) -> Result<(), String> {
        let mut position = heaps.to_vec();
        position.sort_unstable();
        if moves.starts_with("none") {
            return match search.mover_wins(position) {
                false => Ok(()),
                true => Err(format!("{:?} has a winning move, not none", heaps)),
            };
        }
        for one in moves.split(", ") {
            let (from, to) = one
                .split_once(" -> ")
                .and_then(|(a, b)| Some((a.parse::<u64>().ok()?, b.parse::<u64>().ok()?)))
                .ok_or_else(|| format!("`{}` is not a move `FROM -> TO`", one))?;
            let heap = heaps.iter().position(|&h| h == from);
            let heap = heap
                .filter(|_| to < from)
                .ok_or_else(|| format!("{} -> {} is no move from {:?}", from, to, heaps))?;
            let mut after = heaps.to_vec();
            after[heap] = to;
            after.retain(|&h| h > 0);
            after.sort_unstable();
            if search.mover_wins(after.clone()) {
                return Err(format!(
                    "{} -> {} leaves {:?}, which the opponent wins",
                    from, to, after
                ));
            }
        }
        Ok(())
    }

    #[test]
    fn the_lessons_moves_pass_a_check_that_accepts_any_winning_move() {
        let mut search: Search<Vec<u64>> = Search::normal(nim_moves);
        let text = lesson();
        let mut heaps: Vec<u64> = Vec::new();
        let mut checked = 0;
        for line in text.lines() {
            if let Some(list) = line.strip_prefix("heaps ") {
                let list = list.trim_matches(|c| c == '[' || c == ']');
                heaps = list.split(", ").map(|h| h.parse().unwrap()).collect();
            } else if let Some(moves) = line.strip_prefix("winning move: ") {
                assert_eq!(check_moves(&mut search, &heaps, moves), Ok(()), "{line}");
                checked += 1;
            }
        }
        assert_eq!(checked, 3, "{text}");
        // The check itself: two different winning moves pass, a losing one and a false `none`
        // fail with their reasons.
        let heaps = [3, 5, 6, 7]; // nim-sum 7: three winning moves
        for right in ["5 -> 2", "7 -> 0", "6 -> 1, 5 -> 2"] {
            assert_eq!(check_moves(&mut search, &heaps, right), Ok(()), "{right}");
        }
        assert_eq!(
            check_moves(&mut search, &heaps, "3 -> 1"),
            Err("3 -> 1 leaves [1, 5, 6, 7], which the opponent wins".to_string())
        );
        assert_eq!(
            check_moves(&mut search, &heaps, "4 -> 1"),
            Err("4 -> 1 is no move from [3, 5, 6, 7]".to_string())
        );
        assert!(check_moves(&mut search, &heaps, "none").is_err());
        assert_eq!(
            check_moves(&mut search, &[1, 4, 5], "none (a losing position)"),
            Ok(())
        );
    }

    #[test]
    fn the_lessons_facts() {
        assert_eq!(nim_sum([3, 4, 5]), Nimber(2));
        assert!(nim_sum([1, 4, 5]).is_zero());
        assert!(winning_moves(&[1, 4, 5]).is_empty());
        let misere: MisereNim = [18, 6, 3, 20, 9].iter().copied().collect();
        assert!(misere.outcome().first_player_wins());
        assert!(lesson().contains("misere: first player wins\n"));
    }
}
