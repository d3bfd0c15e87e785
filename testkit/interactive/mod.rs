//! Interactive game problems: the jury derived from the game.
//!
//! A problem states its game's literal moves and its dialogue's lines by implementing
//! [`Protocol`]; [`interactive_tests!`](crate::interactive_tests) then writes its tests. The
//! jury ([`Referee`]) searches the game itself ([`Oracle`]), plays three strategies
//! ([`Strategy`]: perfect, random, adversarial preferring long games), checks every line of
//! the contestant for legality, rejects a losing move or a wrong side wherever the statement
//! promises a win, and keeps a transcript of every dialogue (`> ` jury, `< ` contestant,
//! `# ` notes). The solution plays in-process on a thread ([`InProcess`]) in the unit tests
//! and `stress`, or as a program over pipes ([`Process`]) for the runner.
//!
//! Testcases of an interactive problem (`testcases/NAME/`):
//! - a *played case* `X.in` holds the starts in the protocol's format ([`Protocol::input`]);
//!   its `.out` names the side that wins each game with perfect play (`First`/`Second`, or
//!   the protocol's side words), checked against the jury's search at every run, then
//!   `seed N`, the random strategy's seed. The case is played with every strategy.
//! - a *scripted dialogue* `sample-N.in` / `.out` (from the statement) holds the jury's lines
//!   and the contestant's: the solution, given all the jury's lines, must write exactly the
//!   sample's lines; the first line that differs is named with both texts
//!   ([`script_difference`]), even when the solution then stopped on jury lines that no longer
//!   fit its game.

mod contestant;
mod harness;
mod oracle;
mod protocol;
mod referee;
mod script;
mod stress;
#[cfg(test)]
mod tests;

pub use contestant::{
    Contestant, Ending, FromJury, InProcess, Process, Reply, Sent, SolveFn, ToJury, MAX_LINE,
    WALL_FACTOR,
};
pub use harness::{
    is_scripted, strategies, strategies_for, GameFailure, PlayedCase, Referee, IN_PROCESS_LIMIT,
};
pub use oracle::{Facts, Oracle, Strategy};
pub use protocol::{Protocol, Sides};
pub use referee::{play, refusal, PlayedDialogue, Verdict};
pub use script::{judge_script, script_difference};

/// Writes an interactive problem's tests into its test module:
/// `interactive_tests!(MyProtocol, solve)`, where `solve` is the problem's generic
/// `fn solve<R: BufRead, W: Write>(io: &mut judge::interactive::Dialogue<R, W>) -> Result<(), InputError>`.
///
/// The tests: `plays_random_starts` (`Protocol::DIALOGUES` seeded dialogues, every strategy,
/// a failure shrunk and shown with its transcript), `testcases` (played cases and scripted
/// dialogues in-process), and two ignored tests the tools run: `stress` (the `stress` tool)
/// and `interactor` (the runner: the case against the binary or the bundle over pipes).
#[macro_export]
macro_rules! interactive_tests {
    ($protocol:ty, $solve:expr $(,)?) => {
        fn referee() -> $crate::interactive::Referee<$protocol> {
            let solve: $crate::interactive::SolveFn = $solve;
            $crate::interactive::Referee::new(
                env!("CARGO_BIN_NAME"),
                env!("CARGO_MANIFEST_DIR"),
                solve,
            )
        }

        #[test]
        fn plays_random_starts() {
            referee().agree();
        }

        #[test]
        fn testcases() {
            referee().testcases();
        }

        #[test]
        #[ignore = "run by the stress tool"]
        fn stress() {
            referee().stress_from_env();
        }

        #[test]
        #[ignore = "run by the runner"]
        fn interactor() {
            referee().interactor_from_env();
        }
    };
}
