//! The `problem_tests!` macro: a problem's standard tests in one line.

/// Writes a problem's standard tests (see the crate's documentation) into its test module.
///
/// `problem_tests!(MyProblem, solve)` for a `judge`-style `solve`;
/// `problem_tests!(MyProblem, text: f)` for any `fn(&str) -> Result<String, String>`; either
/// may end with `refuses: [(input, needle), ...]`: each input must be refused with a message
/// containing its needle (the `judge::Scanner`'s messages, such as `expected the number of
/// test cases`, `= \`0\` is out of range`, `input ended early: expected ...`,
/// `unexpected extra input`).
#[macro_export]
macro_rules! problem_tests {
    ($problem:ty, text: $text:expr $(, refuses: [$(($input:expr, $needle:expr $(,)?)),* $(,)?])? $(,)?) => {
        fn harness() -> $crate::Harness<$problem> {
            $crate::Harness::new(env!("CARGO_BIN_NAME"), env!("CARGO_MANIFEST_DIR"), $text)
        }

        #[test]
        fn agrees_with_brute_force() {
            harness().agree();
        }

        #[test]
        fn testcases() {
            harness().testcases();
        }

        #[test]
        fn survives_hostile_input() {
            harness().survives_hostile_input();
        }

        #[test]
        fn accepts_max_input() {
            harness().accepts_max_input();
        }

        #[test]
        fn refuses_malformed_input() {
            harness().refusals(&[$($(($input, $needle)),*)?]);
        }

        #[test]
        #[ignore = "run by the stress tool"]
        fn stress() {
            harness().stress_from_env();
        }
    };
    ($problem:ty, $solve:expr $(, refuses: [$(($input:expr, $needle:expr $(,)?)),* $(,)?])? $(,)?) => {
        $crate::problem_tests!(
            $problem,
            text: |input: &str| $crate::judge::run_str($solve, input).map_err(|e| e.to_string())
            $(, refuses: [$(($input, $needle)),*])?
        );
    };
}
