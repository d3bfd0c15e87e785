//! Nim: the nim-sum decides, and a winning move makes it zero.
//!
//! `cargo run --example nim`

use grundy::{nim_sum, winning_moves, MisereNim, NimMove, Nimber, Outcome};

fn show_moves(heaps: &[u64], moves: &[NimMove]) -> String {
    moves
        .iter()
        .map(|m| format!("{} -> {}", heaps[m.heap], m.to))
        .collect::<Vec<_>>()
        .join(", ")
}

fn main() {
    for heaps in [vec![3, 4, 5], vec![1, 4, 5], vec![18, 6, 3, 20, 9]] {
        let sum = nim_sum(heaps.iter().copied());
        println!("heaps {:?}", heaps);
        println!("nim-sum: {}", sum);
        let moves = winning_moves(&heaps);
        if moves.is_empty() {
            println!("winning move: none (a losing position)");
        } else {
            println!("winning move: {}", show_moves(&heaps, &moves));
        }
        let misere = heaps.iter().copied().collect::<MisereNim>().outcome();
        println!(
            "misere: {}",
            misere.pick("first player wins", "second player wins")
        );
    }
    println!("outcome of 3 4 5: {:?}", Outcome::from_grundy(Nimber(2)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        assert_eq!(nim_sum([3, 4, 5]), Nimber(2));
        assert_eq!(show_moves(&[3, 4, 5], &winning_moves(&[3, 4, 5])), "3 -> 1");
        assert!(nim_sum([1, 4, 5]).is_zero());
        assert!(winning_moves(&[1, 4, 5]).is_empty());
        let heaps = [18, 6, 3, 20, 9];
        assert_eq!(show_moves(&heaps, &winning_moves(&heaps)), "9 -> 3");
        let misere: MisereNim = heaps.iter().copied().collect();
        assert!(misere.outcome().first_player_wins());
    }
}
