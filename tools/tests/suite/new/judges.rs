//! The judge profile from the problem's URL (an unknown host or a judge without Rust refused
//! naming what to give), limits given by hand, file input/output refused, and `--remove`.

use super::*;

#[test]
fn the_judge_comes_from_the_urls_host_and_an_unknown_host_is_refused() {
    let root = scratch("hosts");
    let json = root.join("problem.json");
    for (name, url, judge, says) in [
        (
            "gg",
            "https://cses.fi/problemset/task/2207",
            "cses",
            "for CSES (pick Rust (edition 2021) there)",
        ),
        (
            "kt",
            "https://nus.kattis.com/problems/different",
            "kattis",
            "for Kattis (pick Rust there)",
        ),
        (
            "lc",
            "https://judge.yosupo.jp/problem/nim_product_64",
            "library-checker",
            "for Library Checker",
        ),
        (
            "lg",
            "https://www.luogu.com.cn/problem/P2252",
            "luogu",
            "for Luogu",
        ),
    ] {
        std::fs::write(&json, at_url(url)).unwrap();
        let (status, out, err) = new(&root, &[name, "--from", json.to_str().unwrap()]);
        assert_eq!(status, 0, "{url}: {err}");
        assert!(out.contains(says), "{url}: {out}");
        let meta = metadata(&root, name);
        assert_eq!(meta.get("judge").and_then(|v| v.as_str()), Some(judge));
    }
    // A host no profile knows: one line naming it and asking for --judge; nothing written.
    std::fs::write(&json, at_url("https://example.com/problems/ZZTOP/")).unwrap();
    let before = snapshot(&root);
    for args in [vec!["zz"], vec![]] {
        let mut args = args;
        args.extend(["--from", json.to_str().unwrap()]);
        let (status, _, err) = new(&root, &args);
        assert_refused(
            status,
            &err,
            "no judge profile knows the host `example.com`",
        );
        assert!(err.contains("give --judge (one of: spoj, cses,"), "{err}");
    }
    assert_eq!(snapshot(&root), before, "a refused problem writes nothing");
    // With --judge the same problem is created for that judge.
    let from = ["zz", "--from", json.to_str().unwrap(), "--judge", "spoj"];
    let (status, out, err) = new(&root, &from);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("created problems/zz.rs for SPOJ"), "{out}");
    // Neither URL nor --judge: SPOJ, as documented.
    let (status, out, err) = new(&root, &["plain"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("created problems/plain.rs for SPOJ"), "{out}");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn file_input_or_output_is_refused_naming_the_files() {
    let root = scratch("fileio");
    let before = snapshot(&root);
    let json = root.join("problem.json");
    let file_io = COMPANION.replace(
        "\"testType\"",
        "\"input\":{\"type\":\"file\",\"fileName\":\"input.txt\"},\"output\":{\"type\":\"file\",\"fileName\":\"output.txt\"},\"testType\"",
    );
    std::fs::write(&json, &file_io).unwrap();
    let (status, _, err) = new(&root, &["--from", json.to_str().unwrap()]);
    assert_refused(
        status,
        &err,
        "the problem reads the file `input.txt` and writes the file `output.txt` (Companion's `input`/`output`); new refuses file input/output",
    );
    std::fs::remove_file(&json).unwrap();
    assert_eq!(snapshot(&root), before, "a refused problem writes nothing");
    // Through the listener: 400 with the same reason, and the listener goes on.
    let (mut child, _stderr, address) = listening(&root, &[]);
    let answer = post(&address, "", &file_io);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("new refuses file input/output"), "{answer}");
    assert_eq!(snapshot(&root), before, "a refused request writes nothing");
    let standard = COMPANION.replace(
        "\"testType\"",
        "\"input\":{\"type\":\"stdin\"},\"output\":{\"type\":\"stdout\"},\"testType\"",
    );
    assert!(post(&address, "", &standard).starts_with("HTTP/1.1 200"));
    assert!(child.wait().unwrap().success());
    assert_created(&root, "zztop");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_judge_without_rust_is_refused_in_one_step_that_names_the_profile_to_give() {
    let root = scratch("norust");
    let json = root.join("problem.json");
    std::fs::write(&json, at_url("http://poj.org/problem?id=2348")).unwrap();
    let before = snapshot(&root);
    // No NAME and no --judge: one refusal that asks for both, naming the judge without Rust.
    let (status, _, err) = new(&root, &["--from", json.to_str().unwrap()]);
    assert_refused(status, &err, "POJ (poj.org) takes no Rust");
    assert!(err.contains("give --judge spoj and NAME"), "{err}");
    assert!(err.contains("whose bundle claims to be for SPOJ"), "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    // By hand, with its URL: the same refusal, without asking for the NAME it has.
    let url = [
        "euclid",
        "--url",
        "https://acm.hdu.edu.cn/showproblem.php?pid=3537",
    ];
    let (status, _, err) = new(&root, &url);
    assert_refused(status, &err, "HDU (acm.hdu.edu.cn) takes no Rust");
    assert!(err.contains("give --judge spoj:"), "{err}");
    assert_eq!(snapshot(&root), before, "a refused problem writes nothing");
    // Doing as it says creates the problem, its URL recorded.
    let from = [
        "poj2348",
        "--from",
        json.to_str().unwrap(),
        "--judge",
        "spoj",
    ];
    let (status, out, err) = new(&root, &from);
    assert_eq!(status, 0, "{err}");
    assert!(
        out.contains("created problems/poj2348.rs for SPOJ"),
        "{out}"
    );
    let meta = metadata(&root, "poj2348");
    assert_eq!(
        meta.get("url").and_then(|v| v.as_str()),
        Some("http://poj.org/problem?id=2348")
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_problem_made_by_hand_records_its_url_and_limits() {
    let root = scratch("byhand");
    let args = [
        "p1971",
        "--url",
        "https://www.luogu.com.cn/problem/P1971",
        "--time-limit",
        "1",
        "--memory-limit",
        "125",
    ];
    let (status, out, err) = new(&root, &args);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("for Luogu"), "{out}");
    let meta = metadata(&root, "p1971");
    assert_eq!(meta.get("judge").and_then(|v| v.as_str()), Some("luogu"));
    assert_eq!(
        meta.get("url").and_then(|v| v.as_str()),
        Some("https://www.luogu.com.cn/problem/P1971")
    );
    assert_eq!(meta.get("time-limit").and_then(|v| v.as_float()), Some(1.0));
    assert_eq!(
        meta.get("memory-limit").and_then(|v| v.as_integer()),
        Some(125)
    );
    // Absurd limits and a URL that is not one are refused, nothing written.
    let before = snapshot(&root);
    for (args, says) in [
        (vec!["x1", "--time-limit", "0"], "--time-limit 0"),
        (vec!["x2", "--memory-limit", "0"], "--memory-limit 0"),
        (vec!["x3", "--url", "javascript:alert(1)"], "not an http"),
    ] {
        let (status, _, err) = new(&root, &args);
        assert_refused(status, &err, says);
    }
    assert_eq!(snapshot(&root), before);
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn remove_takes_out_the_problem_and_refuses_anything_else() {
    let root = scratch("remove");
    let before = snapshot(&root);
    let (status, _, err) = new(&root, &["gone", "--judge", "codeforces"]);
    assert_eq!(status, 0, "{err}");
    // Something in its cases that is not a case file: refused, nothing removed.
    std::fs::create_dir(root.join("testcases/gone/keep")).unwrap();
    let created = snapshot(&root);
    let (status, _, err) = new(&root, &["gone", "--remove"]);
    assert_refused(status, &err, "testcases/gone/keep is not a regular file");
    assert_eq!(snapshot(&root), created);
    std::fs::remove_dir(root.join("testcases/gone/keep")).unwrap();
    let (status, out, err) = new(&root, &["gone", "--remove"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("problems/gone.rs"), "{out}");
    assert!(!root.join("testcases/gone").exists());
    // The workspace is as it was before `new`, the manifest byte for byte.
    assert_eq!(snapshot(&root), before);
    // Nothing left to remove; a name that is no problem's name.
    let (status, _, err) = new(&root, &["gone", "--remove"]);
    assert_refused(status, &err, "there is no problem `gone`");
    let (status, _, err) = new(&root, &["../Cargo", "--remove"]);
    assert_eq!(status, 1, "{err}");
    std::fs::remove_dir_all(root).unwrap();
}
