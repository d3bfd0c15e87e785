//! Cargo as the runner drives it: builds whose artifacts are read from cargo's own JSON messages
//! (so `CARGO_BUILD_TARGET`, `CARGO_TARGET_DIR` or a config file never leave a stale binary in
//! the way), and the target directory.

use serde_json::Value;
use std::io::{BufRead, BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// One compiled target with an executable: a binary or a test harness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Artifact {
    /// The package's name.
    pub package: String,
    /// The target's name (the binary's name; for a test, the file's).
    pub target: String,
    /// The target's kind: `bin`, `lib`, `test`, `example`, `bench`.
    pub kind: String,
    /// The executable cargo wrote.
    pub executable: PathBuf,
    /// The package's folder (where cargo runs its tests).
    pub package_dir: PathBuf,
    /// Whether this is a test harness (`cargo test`'s build also announces plain binaries).
    pub test: bool,
}

/// Runs `cargo ARGS --message-format=json-render-diagnostics` in `root`: cargo's progress and
/// diagnostics go to standard error as usual, and the executables it built are returned.
/// `Err` holds a one-line reason when the build fails.
pub fn build(root: &Path, args: &[&str]) -> Result<Vec<Artifact>, String> {
    let child = Command::new(cargo())
        .current_dir(root)
        .args(args)
        .arg("--message-format=json-render-diagnostics")
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    collect_artifacts(child, args)
}

/// The executables a running cargo announces on its piped standard output, once it succeeds.
fn collect_artifacts(mut child: Child, args: &[&str]) -> Result<Vec<Artifact>, String> {
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut artifacts = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| format!("cannot read cargo's messages: {e}"))?;
        if let Some(artifact) = artifact_of_message(&line) {
            artifacts.push(artifact);
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("cannot wait for cargo: {e}"))?;
    if status.success() {
        Ok(artifacts)
    } else {
        Err(format!("cargo {} failed ({})", args.join(" "), status))
    }
}

/// [`build`] for a tool a contestant starts (`stress`, `play`): when there is nothing to
/// build, nothing is printed (not even cargo's `Finished` line, so `cargo run -q --bin stress`
/// stays quiet: cargo does not pass its `-q` on to the program it runs); when cargo has work,
/// `announce` comes first, then cargo's own lines as they arrive, errors included.
///
/// # Errors
/// As [`build`].
pub fn build_for_contestant(
    root: &Path,
    args: &[&str],
    announce: &str,
) -> Result<Vec<Artifact>, String> {
    let mut command = Command::new(cargo());
    command.current_dir(root).args(args);
    if std::io::stderr().is_terminal() {
        // Piped, cargo would drop its colours.
        command.arg("--color=always");
    }
    command.stderr(Stdio::piped());
    let mut child = command
        .arg("--message-format=json-render-diagnostics")
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let stderr = child.stderr.take().expect("stderr is piped");
    let announce = announce.to_string();
    let relay = std::thread::spawn(move || {
        let mut lines = QuietWhenFresh::new(announce);
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            for shown in lines.read(&line) {
                eprintln!("{shown}");
            }
        }
    });
    let built = collect_artifacts(child, args);
    let _ = relay.join();
    built
}

/// Cargo's standard error as a contestant's tool shows it: nothing while cargo only says the
/// build is fresh (`Finished`, blank lines); at its first other line, the tool's announcement,
/// then every line.
#[derive(Debug)]
pub struct QuietWhenFresh {
    announce: Option<String>,
}

impl QuietWhenFresh {
    /// Lines that will be announced by `announce` if cargo has anything to say.
    pub fn new(announce: String) -> QuietWhenFresh {
        QuietWhenFresh {
            announce: Some(announce),
        }
    }

    /// The lines to show for cargo's `line`.
    ///
    /// ```
    /// use sandbox::cargo::QuietWhenFresh;
    /// let mut fresh = QuietWhenFresh::new("stress: building".to_string());
    /// assert!(fresh.read("    Finished `release` profile [optimized] target(s) in 0.03s").is_empty());
    /// let mut work = QuietWhenFresh::new("stress: building".to_string());
    /// assert_eq!(work.read("   Compiling problems v0.1.0"), ["stress: building", "   Compiling problems v0.1.0"]);
    /// assert_eq!(work.read("    Finished `release` profile"), ["    Finished `release` profile"]);
    /// ```
    pub fn read(&mut self, line: &str) -> Vec<String> {
        let word = line.trim_start();
        if self.announce.is_some() && (word.is_empty() || word.starts_with("Finished ")) {
            return Vec::new();
        }
        let mut shown: Vec<String> = self.announce.take().into_iter().collect();
        shown.push(line.to_string());
        shown
    }
}

/// The artifact a `compiler-artifact` message announces, if it has an executable.
///
/// ```
/// let line = r#"{"reason":"compiler-artifact","package_id":"path+file:///w/problems#0.1.0","manifest_path":"/w/problems/Cargo.toml","target":{"kind":["bin"],"name":"nim"},"executable":"/t/release/nim"}"#;
/// let artifact = sandbox::cargo::artifact_of_message(line).unwrap();
/// assert_eq!((artifact.target.as_str(), artifact.package.as_str()), ("nim", "problems"));
/// assert_eq!(artifact.executable, std::path::Path::new("/t/release/nim"));
/// ```
pub fn artifact_of_message(line: &str) -> Option<Artifact> {
    let message: Value = serde_json::from_str(line).ok()?;
    if message["reason"] != "compiler-artifact" {
        return None;
    }
    let executable = PathBuf::from(message["executable"].as_str()?);
    let manifest = Path::new(message["manifest_path"].as_str()?);
    let package_dir = manifest.parent()?.to_path_buf();
    let package = package_dir.file_name()?.to_str()?.to_string();
    let target = &message["target"];
    Some(Artifact {
        package: package_name(&message).unwrap_or(package),
        target: target["name"].as_str()?.to_string(),
        kind: target["kind"][0].as_str()?.to_string(),
        executable,
        package_dir,
        test: message["profile"]["test"].as_bool().unwrap_or(false),
    })
}

/// The package name in a message's `package_id`, in either of cargo's spellings
/// (`name 0.1.0 (path+file://...)` or `path+file:///dir/name#0.1.0`, `...#name@0.1.0`).
fn package_name(message: &Value) -> Option<String> {
    let id = message["package_id"].as_str()?;
    if !id.contains("://") || id.contains(' ') {
        return id.split(' ').next().map(str::to_string);
    }
    let (path, fragment) = id.rsplit_once('#')?;
    match fragment.split_once('@') {
        Some((name, _)) => Some(name.to_string()),
        None => Some(path.rsplit('/').next()?.to_string()),
    }
}

/// What `cargo metadata` says of the workspace (its problems and manifest are
/// `model::workspace::Workspace`'s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metadata {
    /// Where cargo writes: `CARGO_TARGET_DIR`, a config file's `build.target-dir`, or `target/`.
    pub target_dir: PathBuf,
    /// The names of the workspace's own packages.
    pub members: Vec<String>,
    /// Those of them that are the tools' (their manifests under the workspace's `tools/`).
    pub tools: Vec<String>,
}

/// Reads the workspace at `root` with `cargo metadata --no-deps`.
pub fn metadata(root: &Path) -> Result<Metadata, String> {
    let out = Command::new(cargo())
        .current_dir(root)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err("cargo metadata failed".to_string());
    }
    let metadata: Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata's output: {e}"))?;
    let target_dir = metadata["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata gave no target_directory".to_string())?;
    let packages = metadata["packages"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    let names = |tools_only: bool| -> Vec<String> {
        let tools_dir = metadata["workspace_root"]
            .as_str()
            .map(|root| Path::new(root).join("tools"));
        packages
            .iter()
            .filter(|p| {
                !tools_only
                    || p["manifest_path"]
                        .as_str()
                        .zip(tools_dir.as_deref())
                        .is_some_and(|(manifest, tools)| Path::new(manifest).starts_with(tools))
            })
            .filter_map(|p| p["name"].as_str().map(str::to_string))
            .collect()
    };
    Ok(Metadata {
        target_dir,
        members: names(false),
        tools: names(true),
    })
}

/// The arguments that build the tests in the release profile, so that they share every
/// third-party crate with `cargo build --release`, with debug assertions and overflow checks
/// turned on for the workspace's own packages (`members`) alone.
///
/// ```
/// let args = sandbox::cargo::checked_release_args(&["grundy".to_string()]);
/// assert_eq!(args[0], "--release");
/// assert!(args.contains(&"profile.release.package.grundy.overflow-checks=true".to_string()));
/// ```
pub fn checked_release_args(members: &[String]) -> Vec<String> {
    let mut args = vec!["--release".to_string()];
    for member in members {
        for setting in ["debug-assertions", "overflow-checks"] {
            args.push("--config".to_string());
            args.push(format!("profile.release.package.{member}.{setting}=true"));
        }
    }
    args
}

/// The packages whose code the runner's test build compiles without optimisation: the problems.
/// Their test harnesses (one per problem, each with its generator and brute force) take
/// longer to optimise than to run, since the heavy parts they call (the library, the judge's
/// reader, testkit's search) are other packages and stay optimised; their shipped binaries are
/// the release build's, which this does not touch.
pub const UNOPTIMISED_TESTS: [&str; 1] = ["problems"];

/// The optimisation level of the other contest crates (the library, the judge, testkit) in the
/// runner's test build: their tests run no slower at level 1 than at 3, while the library's
/// harness, the largest compile of the test build, costs far less to build at it.
pub const CHECKED_OPT_LEVEL: u8 = 1;

/// [`checked_release_args`] for `members`, with [`UNOPTIMISED_TESTS`] among them built at
/// `opt-level = 0` and the others at [`CHECKED_OPT_LEVEL`]: the profile of the runner's test
/// build of the contest crates.
///
/// ```
/// let members = ["grundy".to_string(), "problems".to_string()];
/// let args = sandbox::cargo::test_build_args(&members);
/// assert!(args.contains(&"profile.release.package.problems.opt-level=0".to_string()));
/// assert!(args.contains(&"profile.release.package.grundy.opt-level=1".to_string()));
/// assert!(!args.contains(&"profile.release.package.grundy.opt-level=0".to_string()));
/// ```
pub fn test_build_args(members: &[String]) -> Vec<String> {
    let mut args = checked_release_args(members);
    for member in members {
        let level = if UNOPTIMISED_TESTS.contains(&member.as_str()) {
            0
        } else {
            CHECKED_OPT_LEVEL
        };
        args.push("--config".to_string());
        args.push(format!(
            "profile.release.package.{member}.opt-level={level}"
        ));
    }
    args
}

/// The arguments that build `package`'s own unit-test harness (`--lib`) in the release
/// profile unoptimised: the harness compiles the whole crate once more, which at full
/// optimisation costs many times what its tests take to run; the package's library and
/// binaries, which its integration tests use, stay as the release build made them.
///
/// ```
/// let args = sandbox::cargo::unoptimised_unit_tests_args(&["runner".to_string()]);
/// assert_eq!(args, ["--release", "--config", "profile.release.package.runner.opt-level=0"]);
/// ```
pub fn unoptimised_unit_tests_args(packages: &[String]) -> Vec<String> {
    let mut args = vec!["--release".to_string()];
    for package in packages {
        args.push("--config".to_string());
        args.push(format!("profile.release.package.{package}.opt-level=0"));
    }
    args
}

/// The cargo that runs this tool (`CARGO` when cargo started it), else `cargo`.
pub fn cargo() -> PathBuf {
    std::env::var_os("CARGO")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("cargo"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_without_an_executable_are_skipped() {
        let lib = r#"{"reason":"compiler-artifact","package_id":"grundy 0.1.0 (path+file:///w/lib)","manifest_path":"/w/lib/Cargo.toml","target":{"kind":["lib"],"name":"grundy"},"executable":null}"#;
        assert_eq!(artifact_of_message(lib), None);
        assert_eq!(
            artifact_of_message(r#"{"reason":"build-finished","success":true}"#),
            None
        );
        assert_eq!(artifact_of_message("not json"), None);
        let test = r#"{"reason":"compiler-artifact","package_id":"grundy 0.1.0 (path+file:///w/lib)","manifest_path":"/w/lib/Cargo.toml","target":{"kind":["lib"],"name":"grundy"},"executable":"/t/deps/grundy-1"}"#;
        let artifact = artifact_of_message(test).unwrap();
        assert_eq!(artifact.package, "grundy");
        assert_eq!(artifact.package_dir, Path::new("/w/lib"));
        assert!(!artifact.test);
        let named = r#"{"reason":"compiler-artifact","package_id":"path+file:///w/lib#grundy@0.1.0","manifest_path":"/w/lib/Cargo.toml","target":{"kind":["test"],"name":"t"},"profile":{"test":true},"executable":"/t/deps/t-1"}"#;
        let harness = artifact_of_message(named).unwrap();
        assert_eq!(harness.package, "grundy");
        assert!(harness.test);
    }
}
