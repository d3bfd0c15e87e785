//! The workspace's own problems bundled: every one with whole modules as shaken, every one
//! within its size goal, and a library-style solution that bundles small.

use super::*;

/// Every problem's bundle for its judge, shaken, made once for the tests that read them all:
/// `(name, judge, text)`.
fn every_shaken_bundle() -> &'static [(String, &'static model::judges::Judge, String)] {
    static BUNDLES: std::sync::OnceLock<Vec<(String, &'static model::judges::Judge, String)>> =
        std::sync::OnceLock::new();
    BUNDLES.get_or_init(|| {
        let root = model::workspace::default_root();
        let workspace = model::workspace::Workspace::load(&root).unwrap();
        model::workspace::problems(&root)
            .into_iter()
            .map(|name| {
                let judge = workspace.meta(&name).unwrap().judge;
                let text = bundler::bundle(&root, &name, judge)
                    .unwrap_or_else(|e| panic!("{name}: {e}"))
                    .text;
                (name, judge, text)
            })
            .collect()
    })
}

/// Every plain problem's `--whole-modules` bundle is larger than its shaken one (shaking drops
/// something), compiles, and answers every bad input exactly as the shaken one does. The
/// shaken bundle itself is compared with the cargo-built binary on the cases, the bad inputs
/// and seeded variants of the smallest cases by the runner's bundle stage
/// (`tools/runner/bundles.rs`), so the whole-modules bundle, checked against it here, is
/// checked against the binary too. Both are built unoptimised: they run only on inputs that
/// end at the first read.
#[test]
fn every_problem_with_whole_modules_compiles_and_refuses_as_shaken() {
    let root = model::workspace::default_root();
    let scratch = std::env::temp_dir().join(format!("bundler-whole-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let plain: Vec<_> = every_shaken_bundle()
        .iter()
        .filter(|(_, judge, _)| judge.is_plain())
        .collect();
    assert!(plain.len() >= 10, "{} plain problems", plain.len());
    // One problem at a time per core: each is two compiles and a few runs.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let runs = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let at = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((name, judge, shaken)) = plain.get(at) else {
                    break;
                };
                let whole = bundler::bundle_with(&root, name, judge, Shaking::WholeModules)
                    .unwrap()
                    .text;
                assert!(
                    shaken.len() < whole.len(),
                    "{name}: shaking dropped nothing"
                );
                let build = |mode: &str, text: &str| {
                    let exe = scratch.join(format!("{name}-{mode}"));
                    let file = exe.with_extension("rs");
                    std::fs::write(&file, text).unwrap();
                    let out = Command::new("rustc")
                        .args(["--edition", judge.edition, "-C", "opt-level=0"])
                        .args(shared_std())
                        .arg("-o")
                        .arg(&exe)
                        .arg(&file)
                        .output()
                        .unwrap();
                    assert!(
                        out.status.success(),
                        "{name}, {mode}: {}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                    exe
                };
                let (a, b) = (build("shaken", shaken), build("whole", &whole));
                for bad in runner::bundles::BAD_INPUTS {
                    assert_eq!(
                        behaviour(&a, bad),
                        behaviour(&b, bad),
                        "{name} on {:?}",
                        String::from_utf8_lossy(bad)
                    );
                    runs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    let runs = runs.into_inner();
    assert_eq!(
        runs,
        plain.len() * runner::bundles::BAD_INPUTS.len(),
        "{runs} runs"
    );
    std::fs::remove_dir_all(scratch).unwrap();
}

/// rustc's arguments that link a program to the toolchain's shared std (found at run time
/// through the rpath) instead of copying std into each: both builds of a problem are linked
/// alike, and the test links fifty-odd programs.
fn shared_std() -> [String; 4] {
    static LIBDIR: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let libdir = LIBDIR.get_or_init(|| {
        let out = Command::new("rustc")
            .args(["--print", "target-libdir"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    });
    [
        "-C".to_string(),
        "prefer-dynamic".to_string(),
        "-C".to_string(),
        format!("link-arg=-Wl,-rpath,{libdir}"),
    ]
}

/// What a program does on `input`: how it ended, standard output and error.
fn behaviour(exe: &Path, input: &[u8]) -> String {
    use sandbox::exec::{run, Input};
    let run = run(
        exe,
        &[],
        Input::Bytes(input),
        std::time::Duration::from_secs(10),
        1 << 20,
    )
    .unwrap();
    format!(
        "{:?}\n{}\n{}",
        run.ended,
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    )
}

/// Every problem's bundle at most 40% of its judge's limit (issue 30 asks for 50%: the rest is
/// the margin for the problem's own growth).
#[test]
fn every_bundle_keeps_its_size_goal() {
    let bundles = every_shaken_bundle();
    for (name, judge, text) in bundles {
        let goal = judge.size_limit * 40 / 100;
        assert!(
            text.len() <= goal,
            "{name}: {} bytes, the goal {goal}",
            text.len()
        );
    }
    assert!(bundles.len() >= 15, "{} problems", bundles.len());
}

/// SPOJ MCOINS (take 1, K or L coins; the player who takes the last coin wins), solved the
/// library's way: the subtraction game {1, K, L}, its certified period, `value(n)`.
const MCOINS: &str = r#"//! SPOJ MCOINS through the library's subtraction games.
use grundy::octal::Limits;
use grundy::subtraction::subtraction_game;
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let k = sc.uint("K", 2..=9)?;
    let l = sc.uint("L", k + 1..=49)?;
    let m = sc.uint("m", 1..=50)?;
    let mut game = subtraction_game(&[1, k as usize, l as usize])
        .map_err(|e| InputError::Invalid(e.to_string()))?;
    game.run(Limits::up_to(1 << 16), |_| {})
        .map_err(|e| InputError::Invalid(e.to_string()))?;
    for i in 1..=m {
        let n = sc.uint(format_args!("n{}", i), 1..=1_000_000)?;
        let wins = game.value(n).map_or(false, |v| !v.is_zero());
        out.write_all(if wins { b"A" } else { b"B" })?;
    }
    writeln!(out)?;
    sc.finish()
}

fn main() {
    judge::main(solve)
}
"#;

#[test]
fn a_subtraction_game_solution_bundles_small() {
    let root = model::workspace::default_root();
    let spoj = by_name("spoj").unwrap();
    let shaken = bundler::bundle_source(&root, "mcoins", MCOINS, spoj).unwrap();
    let whole =
        bundler::bundle_source_with(&root, "mcoins", MCOINS, spoj, Shaking::WholeModules).unwrap();
    // The issue's goal: 15,000 bytes in all, which `SubtractionGame` meets by computing and
    // certifying the values itself, so that the octal engine stays out of the bundle.
    assert!(
        shaken.text.len() <= 15_000,
        "{} bytes: {:?}",
        shaken.text.len(),
        shaken.sizes
    );
    assert!(shaken.text.len() < whole.text.len());
    assert!(bundler::msrv::check(&shaken.text, "mcoins")
        .unwrap()
        .is_empty());
    // Each n checked against the literal game: position n wins iff a move reaches a loss.
    let (k, l) = (3usize, 7usize);
    let mut wins = vec![false; 2001];
    for n in 1..wins.len() {
        wins[n] = [1, k, l].iter().any(|&s| s <= n && !wins[n - s]);
    }
    let ns: Vec<usize> = (1..=50).map(|i| i * 37 % 2000 + 1).collect();
    let input = format!(
        "{} {} {}\n{}\n",
        k,
        l,
        ns.len(),
        ns.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let want: String = ns
        .iter()
        .map(|&n| if wins[n] { 'A' } else { 'B' })
        .collect();
    let dir = std::env::temp_dir().join(format!("bundler-mcoins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    assert_eq!(
        compile_and_run(&dir, &shaken.text, &input),
        want.clone() + "\n"
    );
    assert_eq!(compile_and_run(&dir, &whole.text, &input), want + "\n");
    assert_eq!(
        compile_and_run(&dir, &shaken.text, "2 3 5\n3 12 113 25714 88888\n"),
        "ABAAB\n"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
