//! Every public re-export of the library and of the judge crate survives shaking, named
//! each way a contestant may name it.

use super::*;

#[test]
fn a_function_named_like_its_module_is_kept() {
    // `grundy::mex::mex` is the function `mex` in the module `mex`, which the prelude
    // re-exports; `grundy::pattern::guess` likewise (its module private). Each use must keep
    // the function.
    let by_path = "fn main() {\n    let v = vec![grundy::prelude::Nimber(0), grundy::prelude::Nimber(1), grundy::prelude::Nimber(3)];\n    println!(\"{}\", grundy::mex::mex(v).value());\n}\n";
    assert_eq!(bundle_real_and_run("mex-path", by_path, ""), "2\n");
    let imported = "use grundy::prelude::{mex, Nimber};\nfn main() {\n    println!(\"{}\", mex(vec![Nimber(1), Nimber(2)]).value());\n}\n";
    assert_eq!(bundle_real_and_run("mex-use", imported, ""), "0\n");
    let guessed = "use grundy::pattern::guess;\nfn main() {\n    let v: Vec<u64> = (0..40).map(|n| n % 4).collect();\n    println!(\"{}\", guess(&v).unwrap().rule.value(1_000_003));\n}\n";
    assert_eq!(bundle_real_and_run("guess-use", guessed, ""), "3\n");
}

/// Names every public re-export of `grundy::pattern` and of `grundy::prelude`, and the
/// prelude's items and Nim's at their modules, imported by name, called by path and imported
/// by a glob.
const EVERY_REEXPORT: &str = r#"//! Every re-export of the library, each way a contestant may name it.
mod by_module {
    use grundy::game::ImpartialGame;
    use grundy::mex::{mex, MexBuffer};
    use grundy::nim::{nim_sum, winning_moves, MisereNim, NimMove};
    use grundy::nimber::Nimber;
    use grundy::outcome::Outcome;
    use grundy::values::{grundy_table, GrundyMemo};

    struct Take3;

    impl ImpartialGame for Take3 {
        type Position = u64;
        fn moves(&self, n: &u64) -> Vec<u64> {
            (1..=(*n).min(3)).map(|s| n - s).collect()
        }
    }

    pub fn run() -> String {
        let table = grundy_table(10, |n| (1..=n.min(3)).map(move |s| n - s));
        let mut memo = GrundyMemo::new(|&n: &u32| (1..=n.min(3)).map(move |s| n - s));
        let mut buffer = MexBuffer::new(8);
        buffer.insert_all(vec![0, 1, 2, 4]);
        let moves: Vec<NimMove> = winning_moves(&[3, 4, 5]);
        let mut misere = MisereNim::default();
        misere.add(1);
        misere.add(1);
        let outcome: Outcome = misere.outcome();
        let table: Vec<String> = table.iter().map(|g| g.value().to_string()).collect();
        let moves: Vec<String> = moves.iter().map(|m| format!("{}:{}", m.heap, m.to)).collect();
        format!(
            "{} {} {} {} {} {} {} {}",
            table.join(","),
            memo.value(5).value(),
            Take3.value(&7).value(),
            mex(vec![Nimber(0), Nimber(2)]).value(),
            buffer.mex(),
            nim_sum(vec![3, 4, 5]).value(),
            moves.join(","),
            outcome.first_player_wins()
        )
    }
}

mod by_path {
    pub fn run() -> String {
        let g = grundy::prelude::mex(vec![grundy::prelude::Nimber(0), grundy::prelude::Nimber(1)]);
        let outcome =
            grundy::prelude::Outcome::from_grundy(grundy::prelude::nim_sum(vec![6, 6]));
        let rule = grundy::pattern::guess(&(0..30).map(|n| n % 3).collect::<Vec<u64>>());
        let period = grundy::pattern::describe(&(0..30).map(|n| n % 5).collect::<Vec<u64>>())
            .pattern
            .map_or(0, |p| p.period);
        format!(
            "{} {} {} {} {}",
            g.value(),
            outcome.first_player_wins(),
            rule.unwrap().rule,
            period,
            grundy::nim::winning_moves(&[1, 1]).len()
        )
    }
}

mod by_pattern {
    use grundy::pattern::{
        describe, describe_table, guess, guess_table, Description, Guess, Pattern, Refusal, Rule,
        TableDescription, TableGuess, TableRule, MIN_HELD_OUT, MIN_REPEATS, MIN_SPAN, MIN_VALUES,
    };

    pub fn run() -> String {
        let take3: Vec<u64> = (0..40).map(|n| n % 4).collect();
        let found: Guess = guess(&take3).unwrap();
        let rule: Rule = found.rule.clone();
        let refusal: Refusal = guess(&take3[..MIN_VALUES - 1]).unwrap_err();
        let description: Description = describe(&take3);
        let pattern: Pattern = description.pattern.clone().unwrap();
        let nim: Vec<Vec<u64>> = (0..32u64).map(|x| (0..32u64).map(|y| x ^ y).collect()).collect();
        let table: TableGuess = guess_table(&nim).unwrap();
        let table_rule: TableRule = table.rule.clone();
        let table_description: TableDescription = describe_table(&nim);
        format!(
            "{} {} {} {} {} {} {} {} {} {}",
            rule,
            rule.value(1_000_003),
            refusal.reason.starts_with("only"),
            pattern.period,
            pattern.preperiod,
            table_rule.value(1000, 24),
            table_rule,
            table_description.row_period.is_some(),
            MIN_HELD_OUT + MIN_REPEATS + MIN_SPAN,
            found.fitted + found.held_out
        )
    }
}

mod by_prelude {
    use grundy::prelude::{
        grundy_table, mex, nim_sum, GrundyMemo, ImpartialGame, MexBuffer, Nimber, Outcome,
    };

    struct Halve;

    impl ImpartialGame for Halve {
        type Position = u64;
        fn moves(&self, n: &u64) -> Vec<u64> {
            if *n == 0 { Vec::new() } else { vec![n / 2] }
        }
    }

    pub fn run() -> String {
        let table = grundy_table(4, |n| (0..n).rev().take(2));
        let mut memo = GrundyMemo::of(&Halve);
        let mut buffer = MexBuffer::new(4);
        buffer.insert(1);
        let outcome = Outcome::from_grundy(nim_sum(vec![1, 2]));
        format!(
            "{} {} {} {} {} {}",
            table.iter().map(|g| g.value()).sum::<u64>(),
            memo.value(3).value(),
            Halve.value(&1).value(),
            mex(vec![Nimber(1)]).value(),
            buffer.mex(),
            outcome.first_player_wins()
        )
    }
}

mod by_glob {
    use grundy::prelude::*;

    pub fn run() -> u64 {
        mex(vec![Nimber(0), Nimber(1), Nimber(2)]).value()
    }
}

fn main() {
    println!("{}", by_module::run());
    println!("{}", by_path::run());
    println!("{}", by_pattern::run());
    println!("{}", by_prelude::run());
    println!("{}", by_glob::run());
}
"#;

#[test]
fn every_public_reexport_survives_shaking() {
    use grundy::pattern::{
        describe_table, guess, guess_table, MIN_HELD_OUT, MIN_REPEATS, MIN_SPAN,
    };
    // What each line must say, from the games themselves where the answer is small, and from
    // the library run natively where it is a rendering (the bundle must match the library).
    let take3_table = "0,1,2,3,0,1,2,3,0,1";
    let by_module = format!("{take3_table} 1 3 1 3 2 0:1 true");
    let mod3 = guess(&(0..30).map(|n| n % 3).collect::<Vec<u64>>())
        .unwrap()
        .rule;
    let by_path = format!("2 false {mod3} 5 0");
    let nim: Vec<Vec<u64>> = (0..32u64)
        .map(|x| (0..32u64).map(|y| x ^ y).collect())
        .collect();
    let by_pattern = format!(
        "G(n) = n mod 4 3 true 4 0 {} {} {} {} 40",
        1000 ^ 24,
        guess_table(&nim).unwrap().rule,
        describe_table(&nim).row_period.is_some(),
        MIN_HELD_OUT + MIN_REPEATS + MIN_SPAN
    );
    // Moves to the two positions below: G = 0, 1, 2, 0 for 0..4; halving 3 -> 1 -> 0.
    let by_prelude = "3 0 1 0 0 true";
    let want = format!("{by_module}\n{by_path}\n{by_pattern}\n{by_prelude}\n3\n");
    assert_eq!(bundle_real_and_run("every", EVERY_REEXPORT, ""), want);
}

/// Names every public re-export of the judge crate (the types in type positions, the runners
/// through a function nothing calls), and runs one solution through `run_str`.
const EVERY_JUDGE_REEXPORT: &str = r#"//! Every re-export of the judge crate.
use judge::{
    main_large_output, quote, run_str, Cached, Case, CaseField, Cases, InputError,
    Lists, Output, Scanner, HOLD_LIMIT, MAX_INPUT, QUOTE_LIMIT,
};
use std::io::Write;

fn double<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let n = sc.uint("n", 0..=1000)?;
    writeln!(out, "{}", 2 * n)?;
    sc.finish()
}

fn echo(sc: &mut Scanner, out: &mut Output) -> Result<(), InputError> {
    let n = sc.uint("n", 0..=9)?;
    writeln!(out, "{}", n)?;
    sc.finish()
}

#[allow(dead_code)]
fn never_called() {
    let _: Option<(Cached<u64>, Cases, Lists<'static>, CaseField<'static>)> = None;
    if HOLD_LIMIT == 0 {
        judge::main(double)
    }
    main_large_output(echo)
}

fn main() {
    print!("{}", run_str(double, "21\n").unwrap());
    let case = Case::new(3);
    let _ = case;
    println!(
        "{} {} {} {}",
        quote(b"abc").contains("abc"),
        HOLD_LIMIT > 0,
        MAX_INPUT > 0,
        QUOTE_LIMIT > 0
    );
}
"#;

#[test]
fn every_public_judge_reexport_survives_shaking() {
    assert_eq!(
        bundle_real_and_run("every-judge", EVERY_JUDGE_REEXPORT, ""),
        "42\ntrue true true true\n"
    );
}
