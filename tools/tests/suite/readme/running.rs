//! A README command run as written: in a scratch folder of links to the workspace, each
//! `cargo run` replaced by the binary cargo built (built first when missing).

use super::*;

/// The folder where a `cargo run` of the given binary or example finds what cargo built here.
pub(super) fn built_path(bin: bool, name: &str) -> PathBuf {
    if let Some((_, path)) = TOOLS.iter().find(|(tool, _)| *tool == name).filter(|_| bin) {
        return PathBuf::from(path);
    }
    let profile_dir = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    if bin {
        profile_dir.join(name)
    } else {
        profile_dir.join("examples").join(name)
    }
}

/// Builds the problems' binaries and examples the commands need that this target folder lacks
/// (`./run_tests.sh` has built them all; a lone `cargo test -p tools` has not).
pub(super) fn build_missing(runs: &[&CargoRun]) {
    let missing: BTreeSet<(bool, &str)> = runs
        .iter()
        .filter(|r| !r.external && !built_path(r.bin, &r.name).exists())
        .map(|r| (r.bin, r.name.as_str()))
        .collect();
    if missing.is_empty() {
        return;
    }
    let profile_dir = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    let target_dir = profile_dir.parent().unwrap();
    let mut cargo = Command::new(env!("CARGO"));
    cargo.current_dir(root()).arg("build").arg("--quiet");
    if profile_dir.ends_with("release") {
        cargo.arg("--release");
    }
    for (bin, name) in &missing {
        let package = if !bin && !name.starts_with("starter") {
            "grundy"
        } else {
            "problems"
        };
        cargo
            .args(["-p", package])
            .arg(if *bin { "--bin" } else { "--example" })
            .arg(name);
    }
    let status = cargo.env("CARGO_TARGET_DIR", target_dir).status().unwrap();
    assert!(status.success(), "cargo could not build {missing:?}");
}

/// A scratch folder whose entries are links to the workspace's, so that a command reads the
/// workspace's files by their relative paths and writes its own files here.
pub(super) fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for entry in fs::read_dir(root()).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name != "target" && name != ".git" {
            std::os::unix::fs::symlink(entry.path(), dir.join(&name)).unwrap();
        }
    }
    dir
}

/// Runs `command` in `dir` by bash (with `pipefail`, so every program of a pipe must succeed),
/// each `cargo run` replaced by the binary it runs. Returns its standard output.
pub(super) fn run(command: &str, dir: &Path) -> Result<String, String> {
    let mut text = command.to_string();
    let mut runs = cargo_runs(command)?;
    runs.sort_by_key(|r| std::cmp::Reverse(r.span.start));
    for run in &runs {
        if run.external {
            return Err("a crate outside the workspace: list it in NOT_RUN".to_string());
        }
        let path = built_path(run.bin, &run.name);
        text.replace_range(
            run.span.clone(),
            &crate::shell_word(&path.display().to_string()),
        );
    }
    let mut child = Command::new("bash")
        .args(["-o", "pipefail", "-c", &text])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            return Err(format!("still running after {HANG_GUARD:?}: `{text}`"));
        }
        sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    if !out.status.success() {
        return Err(format!(
            "`{text}` exited with {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
