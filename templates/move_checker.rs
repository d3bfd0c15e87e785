//! The checker of {{TITLE}}: any winning move is right.
//!
//! As created by `new --shape move` it judges the Nim starter's output: per test case a move
//! `HEAP SIZE` that leaves nim-sum 0, or `lose` exactly when there is none. The answer file
//! (`answer`, one right answer: a sample's `.out` or the brute force's) must pass the same
//! judgement first, else the checker fails (exit 3): so a statement's sample, whose answer
//! is in the problem's own game and format, fails until `check` is rewritten for them, and
//! never passes on a starter that still plays Nim. Rewrite `check` with the problem's game
//! (a game without a formula like the nim-sum compares the winner with the answer's and
//! checks the move by its own search). Run as `NAME-checker INPUT OUTPUT ANSWER` (see
//! `judge::checker`): exit 0 right, 1 wrong with the reason on standard output.

use judge::checker::{jury, output_error};
use judge::{quote, Scanner};

/// Whether `output` answers `input` rightly; `Err` says why not in one line.
///
/// # Panics
/// If the input does not parse, or `answer` is not right by this same judgement (the checker
/// and the jury disagree: the checker's failure, never a verdict on the output).
pub fn check(input: &str, output: &str, answer: &str) -> Result<(), String> {
    let mut sc = Scanner::new(input.as_bytes());
    let mut out = Scanner::new(output.as_bytes());
    let mut jury_answer = Scanner::new(answer.as_bytes());
    let tests = jury(
        sc.uint("the number of test cases T", 1..=u64::MAX),
        "the input",
    );
    let mut heaps = Vec::new();
    for case in 1..=tests {
        let n = jury(sc.uint("n", 1..=u64::MAX), "the input");
        heaps.clear();
        for _ in 0..n {
            heaps.push(jury(sc.uint("a heap", 0..=u64::MAX), "the input"));
        }
        if let Err(why) = judge_move(&mut jury_answer, &heaps, case) {
            panic!("the answer file is not right by this checker: {}", why);
        }
        judge_move(&mut out, &heaps, case)?;
    }
    if let Err(why) = jury_answer.finish().map_err(output_error) {
        panic!("the answer file is not right by this checker: {}", why);
    }
    out.finish().map_err(output_error)
}

/// Reads test case `case`'s move from `moves` and judges it on `heaps`.
fn judge_move(moves: &mut Scanner, heaps: &[u64], case: u64) -> Result<(), String> {
    let sum = heaps.iter().fold(0, |x, h| x ^ h);
    let field = format!("the move of test case {}", case);
    let first = moves.token(&field).map_err(output_error)?.to_string();
    if first == "lose" {
        if sum == 0 {
            return Ok(());
        }
        return Err(format!(
            "test case {}: `lose`, but the nim-sum is {}, so a winning move exists",
            case, sum
        ));
    }
    let heap = match first.parse::<usize>() {
        Ok(heap) if (1..=heaps.len()).contains(&heap) => heap,
        _ => {
            return Err(format!(
                "{}: expected a heap from 1 to {} or `lose`, found {}",
                field,
                heaps.len(),
                quote(first.as_bytes())
            ))
        }
    };
    let from = heaps[heap - 1];
    if from == 0 {
        return Err(format!("test case {}: heap {} is empty", case, heap));
    }
    let size = format!("the size heap {} is left at in test case {}", heap, case);
    let to = moves.uint(&size, 0..=from - 1).map_err(output_error)?;
    let left = sum ^ from ^ to;
    if left != 0 {
        return Err(format!(
            "test case {}: move {} -> {} from heap {} leaves nim-sum {}, not 0",
            case, from, to, heap, left
        ));
    }
    Ok(())
}

fn main() {
    judge::checker::main(check)
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn any_winning_move_is_accepted_and_a_losing_one_refused_with_its_reason() {
        let input = "2\n4\n3 5 6 7\n3\n1 2 3\n";
        // 3 5 6 7: nim-sum 7; heaps 2, 3 and 4 can each be reduced to leave 0.
        for right in ["2 2\nlose\n", "3 1\nlose\n", "4 0\nlose"] {
            assert_eq!(check(input, right, "2 2\nlose\n"), Ok(()), "{}", right);
        }
        for (wrong, reason) in [
            (
                "1 0\nlose\n",
                "test case 1: move 3 -> 0 from heap 1 leaves nim-sum 4, not 0",
            ),
            (
                "2 2\n1 0\n",
                "test case 2: move 1 -> 0 from heap 1 leaves nim-sum 1, not 0",
            ),
            (
                "lose\nlose\n",
                "test case 1: `lose`, but the nim-sum is 7, so a winning move exists",
            ),
            (
                "5 0\nlose\n",
                "the move of test case 1: expected a heap from 1 to 4 or `lose`, found `5`",
            ),
            (
                "2 5\nlose\n",
                "the size heap 2 is left at in test case 1 = `5` is out of range (accepted: 0..=4)",
            ),
            (
                "2 2\n",
                "the output ended early: expected the move of test case 2",
            ),
            ("2 2\nlose\nlose\n", "unexpected extra output: `lose`"),
        ] {
            assert_eq!(
                check(input, wrong, "2 2\nlose\n"),
                Err(reason.to_string()),
                "{}",
                wrong
            );
        }
        assert_eq!(
            check("1\n2\n0 4\n", "1 0\n", "2 0\n"),
            Err("test case 1: heap 1 is empty".to_string())
        );
    }

    #[test]
    #[should_panic(
        expected = "the answer file is not right by this checker: test case 1: \
                               move 7 -> 4 from heap 3 leaves nim-sum 7, not 0"
    )]
    fn a_statements_answer_in_another_game_fails_the_checker_not_the_output() {
        // A statement's sample (`3 4`) read as Nim: the starter's winning move is not accepted
        // against an answer the checker cannot confirm.
        let _ = check("1\n3\n5 6 7\n", "3 3\n", "3 4\n");
    }

    #[test]
    #[should_panic(
        expected = "the answer file is not right by this checker: the move of test case 1: \
                               expected a heap from 1 to 3 or `lose`, found `-1`"
    )]
    fn a_statements_no_move_answer_fails_the_checker() {
        let _ = check("1\n3\n1 2 4\n", "3 3\n", "-1\n");
    }

    #[test]
    #[should_panic(expected = "the answer file is not right by this checker: test case 1: `lose`")]
    fn an_answer_that_loses_where_a_move_wins_fails_the_checker() {
        let _ = check("1\n3\n1 2 4\n", "3 3\n", "lose\n");
    }

    #[test]
    #[should_panic(
        expected = "the answer file is not right by this checker: unexpected extra output"
    )]
    fn an_answer_with_more_cases_fails_the_checker() {
        let _ = check("1\n3\n1 2 3\n", "lose\n", "lose\nlose\n");
    }

    #[test]
    #[should_panic(expected = "the input: n: expected an integer")]
    fn a_bad_input_is_the_checkers_fault() {
        let _ = check("1\nx\n", "lose\n", "lose\n");
    }
}
