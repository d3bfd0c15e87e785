//! `bundles`'s unit tests.

use super::*;
use crate::judges;

#[test]
fn parity_tries_the_bad_inputs_then_variants_of_the_two_smallest_cases() {
    let root = std::env::temp_dir().join(format!("parity-inputs-{}", std::process::id()));
    let dir = root.join("testcases/p");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("big.in"), "3\n100 200 300\n").unwrap();
    fs::write(dir.join("b-small.in"), "1\n5\n").unwrap();
    fs::write(dir.join("a-small.in"), "1\n7\n").unwrap();
    let inputs = parity_inputs("p", &super::super::cases::inputs(&root, "p").0);
    fs::remove_dir_all(&root).unwrap();
    assert_eq!(inputs.len(), BAD_INPUTS.len() + 2 * variants::PER_CASE);
    for (bad, (label, bytes)) in BAD_INPUTS.iter().zip(&inputs) {
        assert_eq!(bytes, bad);
        assert!(label.starts_with('"'), "{label}");
    }
    let varied = &inputs[BAD_INPUTS.len()..];
    // The two smallest, equal in size, taken in name order; the big case is not varied.
    assert!(varied[..variants::PER_CASE]
        .iter()
        .all(|(l, _)| l.contains("of a-small")));
    assert!(varied[variants::PER_CASE..]
        .iter()
        .all(|(l, _)| l.contains("of b-small")));
    let want = variants::variants("1\n7\n", variants::seed_of("p", 0), variants::PER_CASE);
    let got: Vec<String> = varied[..variants::PER_CASE]
        .iter()
        .map(|(_, b)| String::from_utf8(b.clone()).unwrap())
        .collect();
    assert_eq!(got, want);
}

#[test]
fn parity_names_the_first_input_where_the_programs_part() {
    let dir = std::env::temp_dir().join(format!("parity-programs-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let script = |name: &str, text: &str| {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join(name);
        fs::write(&path, text).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    };
    let echo = script("echo", "#!/bin/sh\ncat\n");
    let same = script("same", "#!/bin/sh\ncat\n");
    let odd = script(
        "odd",
        "#!/bin/sh\nread x; [ \"$x\" = 2 ] && echo two || echo \"$x\"\n",
    );
    let inputs: Vec<ParityInput> = ["1", "2", "3"]
        .iter()
        .map(|t| (format!("input {t}"), format!("{t}\n").into_bytes()))
        .collect();
    let limit = Duration::from_secs(5);
    assert_eq!(parity(&echo, &same, &inputs, limit), None);
    let (at, parted) = parity(&echo, &odd, &inputs, limit).unwrap();
    assert_eq!(at, 1);
    assert!(parted.starts_with("on input 2: got \"two\""), "{parted}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_old_rustc_speaks_only_for_the_judges_no_newer_than_it_in_their_edition() {
    let judge = |name| judges::by_name(name).unwrap();
    let debian = Some((1, 63));
    // SPOJ's 1.56 in 2021: built in 2021 alone. No judge compiles 2018, so a bundle using
    // the 2021 prelude's `try_into` without an import is not checked there.
    assert_eq!(
        old_compiler_runs(judge("spoj"), debian),
        [("2021", Emit::Unoptimised)]
    );
    // Codeforces's 1.75 accepts `let ... else` (1.65), which the old 1.63 refuses: the old
    // compiler does not speak for it; nor for the edition-2024 judges.
    for newer in ["codeforces", "kattis", "dmoj", "library-checker"] {
        assert_eq!(old_compiler_runs(judge(newer), debian), [], "{newer}");
    }
    // An old rustc whose version cannot be read speaks for no judge.
    assert_eq!(old_compiler_runs(judge("spoj"), None), []);
    for judge in judges::JUDGES.iter().filter(|j| j.is_plain()) {
        for (edition, _) in old_compiler_runs(judge, debian) {
            assert_eq!(edition, judge.edition, "{}", judge.name);
        }
    }
    assert_eq!(
        rustc_version_of("rustc 1.63.0 (4b91a6ea7 2022-08-08)"),
        Some((1, 63))
    );
    assert_eq!(rustc_version_of("rustc 1.94.0-nightly"), Some((1, 94)));
    assert_eq!(rustc_version_of("garbage"), None);
}
