//! The macro fixtures' workspace: the fixture library and the judge compiled apart as cargo
//! links a problem to them, so that each bundle is checked against the program cargo builds.

use super::*;

// Macros: a bundle must mean what the program means, whatever a problem's macros name or
// redefine. Each program below is built as cargo builds it (the fixture library and the judge
// as crates, the problem linked to them) and bundled in every mode; each bundle must compile
// and behave as that build does.

/// Fixture modules reached through macros: an inherent method shadowing a trait's default of
/// the same name, functions behind std macros a problem may redefine, a trait's methods.
pub(super) const MACRO_MODULES: [(&str, &str); 3] = [
    (
        "num",
        r#"//! A value with inherent methods named like a trait's, and std macros in use.
use std::fmt::Write as _;

pub struct Num(pub u64);

impl Num {
    pub fn value(&self, a: u64) -> u64 {
        self.0 + a
    }

    pub fn scaled(&self, a: u64) -> u64 {
        self.0 * a
    }

    pub fn unused(&self) -> u64 {
        0
    }
}

/// What a call falls back to when the inherent method is gone.
pub trait Fallback {
    fn value(&self, _: u64) -> u64 {
        999_999
    }
    fn scaled(&self, _: u64) -> u64 {
        999_999
    }
}

impl Fallback for Num {}

pub const LIMIT: u64 = 40;

pub fn count_bits(n: u64) -> u64 {
    u64::from(n.count_ones())
}

pub fn trailing(n: u64) -> u64 {
    u64::from(n.trailing_zeros())
}

/// The sum of `n` sevens, through `vec!`.
pub fn filled(n: usize) -> usize {
    let v: Vec<u8> = vec![7; n];
    v.iter().map(|&x| usize::from(x)).sum()
}

/// Half of an even `n`; panics on an odd one.
pub fn halve(n: u64) -> u64 {
    assert!(n % 2 == 0, "odd");
    debug_assert!(n < 1000, "large");
    n / 2
}

/// `n` in angle brackets, through `write!` and `format!`.
pub fn show(n: u64) -> String {
    let mut s = String::new();
    write!(s, "<{}>", n).unwrap();
    s + &format!("{}", n)
}

pub fn never() -> u64 {
    0
}
"#,
    ),
    (
        "moves",
        r#"//! A trait and a type with one more inherent method, and a sink written with `write!`.
pub trait Moves {
    fn moves(&self, n: u64) -> u64;
    fn spare(&self) -> u64 {
        11
    }
}

pub struct Take;

impl Moves for Take {
    fn moves(&self, n: u64) -> u64 {
        n % 3
    }
}

impl Take {
    pub fn inherent_only(&self) -> u64 {
        42
    }
}

/// Collects what `write!` formats, through an inherent `write_fmt`.
#[derive(Default)]
pub struct Sink(pub String);

impl Sink {
    pub fn write_fmt(&mut self, args: std::fmt::Arguments) -> std::fmt::Result {
        self.0 += &args.to_string();
        Ok(())
    }
}
"#,
    ),
    (
        "shadow",
        r#"//! Nothing but a function: a module a problem reaches only through `use ... as`.
pub fn seven() -> u64 {
    7
}
"#,
    ),
];

/// A workspace whose crates are also compiled apart, as cargo links a problem to them.
pub(super) struct Linked {
    pub(super) root: PathBuf,
    /// Where the crates' libraries, the programs and the bundles are built.
    pub(super) build: PathBuf,
}

impl Linked {
    /// Compiles the `grundy` and `judge` crates of `root` into `build`.
    pub(super) fn new(root: PathBuf, build: PathBuf) -> Self {
        std::fs::create_dir_all(&build).unwrap();
        for (krate, lib) in [("grundy", "lib/lib.rs"), ("judge", "judge/lib.rs")] {
            let out = build.join(format!("lib{krate}.rlib"));
            rustc_quick(
                &["--crate-type", "rlib", "--crate-name", krate],
                &root.join(lib),
                &out,
            )
            .unwrap_or_else(|e| panic!("{krate}: {e}"));
        }
        Linked { root, build }
    }

    /// Compiles `source` (named `name`) with `extra` rustc arguments and runs it: its exit
    /// code and standard output.
    pub(super) fn build_and_run(&self, name: &str, source: &str, extra: &[&str]) -> String {
        let (file, exe) = (self.build.join(format!("{name}.rs")), self.build.join(name));
        std::fs::write(&file, source).unwrap();
        rustc_quick(extra, &file, &exe)
            .unwrap_or_else(|e| panic!("{name} does not compile: {e}\n{source}"));
        let out = Command::new("timeout")
            .arg("20")
            .arg(&exe)
            .output()
            .unwrap();
        std::fs::remove_file(&exe).unwrap();
        std::fs::remove_file(&file).unwrap();
        format!(
            "exit {:?}\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout)
        )
    }

    /// Problem `source` built as cargo builds it, then bundled shaken, with whole modules and
    /// minified: each bundle compiles and exits and prints as the cargo build does, which
    /// prints `want`. Returns the shaken bundle.
    pub(super) fn bundles_mean(&self, tag: &str, source: &str, want: &str) -> String {
        let links = [
            format!("grundy={}", self.build.join("libgrundy.rlib").display()),
            format!("judge={}", self.build.join("libjudge.rlib").display()),
        ];
        let cargo = self.build_and_run(
            &format!("{tag}-cargo"),
            source,
            &["--extern", &links[0], "--extern", &links[1]],
        );
        assert_eq!(
            cargo,
            format!("exit Some(0)\n{want}"),
            "{tag}, built as cargo does"
        );
        let spoj = by_name("spoj").unwrap();
        let bundle = |shaking| {
            bundler::bundle_source_with(&self.root, tag, source, spoj, shaking)
                .unwrap_or_else(|e| panic!("{tag}: {e}"))
                .text
        };
        let shaken = bundle(Shaking::Items);
        let whole = bundle(Shaking::WholeModules);
        let minified = bundler::minify(&shaken).unwrap();
        for (mode, text) in [
            ("shaken", &shaken),
            ("whole", &whole),
            ("minified", &minified),
        ] {
            let got = self.build_and_run(&format!("{tag}-{mode}"), text, &[]);
            assert_eq!(got, cargo, "{tag}, bundled {mode}:\n{text}");
        }
        shaken
    }
}

/// Compiles `file` into `out` with rustc at opt-level 0 (these programs are small: speed does
/// not matter), lints capped, with `extra` arguments; on failure, rustc's messages.
pub(super) fn rustc_quick(extra: &[&str], file: &Path, out: &Path) -> Result<(), String> {
    let run = Command::new("rustc")
        .args([
            "--edition",
            "2021",
            "-C",
            "opt-level=0",
            "--cap-lints",
            "allow",
        ])
        .args(extra)
        .arg("-o")
        .arg(out)
        .arg(file)
        .output()
        .unwrap();
    if run.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&run.stderr).into_owned())
    }
}

/// The macro fixtures' workspace, made once: the fixture library with [`MACRO_MODULES`] and the
/// real judge.
pub(super) fn macro_workspace() -> &'static Linked {
    static LINKED: std::sync::OnceLock<Linked> = std::sync::OnceLock::new();
    LINKED.get_or_init(|| {
        let made = fixture("macros", "fn main() {}\n");
        for (name, text) in MACRO_MODULES {
            add_module(&made, name, text);
        }
        let dir = linked_dir("macros");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::rename(made, &dir).unwrap();
        Linked::new(dir.clone(), dir)
    })
}

/// A scratch folder for compiled crates, one per checkout and purpose: a later run of the
/// tests replaces it rather than leaving another beside it.
pub(super) fn linked_dir(purpose: &str) -> PathBuf {
    let checkout = env!("CARGO_MANIFEST_DIR").replace(['/', '\\', ':'], "-");
    std::env::temp_dir().join(format!("bundler-linked{checkout}-{purpose}"))
}

/// The macro fixtures' programs: bundled against [`macro_workspace`].
pub(super) fn bundles_mean_the_program(tag: &str, source: &str, want: &str) -> String {
    macro_workspace().bundles_mean(tag, source, want)
}
