//! Writes a new problem: `problems/NAME.rs` from a starter (`templates/SHAPE.rs`, see
//! [`crate::manifest::Starter`]), its samples in `testcases/NAME/`, and its two lines in
//! `problems/Cargo.toml`; a starter with a checker (`templates/SHAPE_checker.rs`, as `move`
//! has) adds `problems/checkers/NAME.rs`, its bin line and `checker = true`.
//!
//! Everything is checked before the first byte is written (the name, by
//! [`crate::workspace::check_name`], that nothing of that name exists, not even a dangling
//! link, that the manifest does not mention it, the shape).
//! Files are created with create-new semantics inside real directories of the workspace, so
//! no link is followed; the manifest is replaced last by renaming a complete copy over it, and
//! a failure at any step removes what the steps before it wrote.

use crate::companion::Task;
use crate::judges::Judge;
use crate::manifest::{Meta, Starter};
use crate::workspace::Workspace;
use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Why `new` refused or failed; the kind decides the listener's HTTP status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CreateError {
    /// A bad name, shape or field (HTTP 400).
    Invalid(String),
    /// The name is taken: its file, its testcases or its manifest lines exist (HTTP 409).
    Taken(String),
    /// Reading or writing the workspace failed (HTTP 500).
    Failed(String),
}

impl fmt::Display for CreateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CreateError::Invalid(why) | CreateError::Taken(why) | CreateError::Failed(why) => {
                f.write_str(why)
            }
        }
    }
}

/// `Ok` if nothing named `name` exists in `workspace`: no `problems/NAME.rs` and no
/// `testcases/NAME` (not even a dangling link), and no mention in the manifest.
pub fn check_free(workspace: &Workspace, name: &str) -> Result<(), CreateError> {
    crate::workspace::check_name(name).map_err(CreateError::Invalid)?;
    let root = workspace.root();
    for taken in [
        format!("problems/{}.rs", name),
        format!("problems/checkers/{}.rs", name),
        format!("testcases/{}", name),
    ] {
        match fs::symlink_metadata(root.join(&taken)) {
            Err(e) if e.kind() == ErrorKind::NotFound => {}
            Err(e) => return Err(CreateError::Failed(format!("{}: {}", taken, e))),
            Ok(_) => {
                return Err(CreateError::Taken(format!(
                    "{} exists already; choose another name, or remove it to start over",
                    taken
                )))
            }
        }
    }
    if let Some(taken) = workspace.manifest().mentions(name) {
        return Err(CreateError::Taken(taken));
    }
    Ok(())
}

/// Removes problem `name` from `workspace`: `problems/NAME.rs`, `problems/checkers/NAME.rs`,
/// the regular files of `testcases/NAME/` and the folder, and its lines in
/// `problems/Cargo.toml`; the paths removed, as the workspace names them.
///
/// Everything is checked first, and nothing is removed if a check fails: the name is a
/// problem's name ([`crate::workspace::check_name`]), something of it exists, each path is a
/// regular file or a real folder (not a link), and `testcases/NAME/` holds only regular files
/// (a folder or link in it is refused: it is not the problem's). The manifest is rewritten
/// last, by renaming a complete copy over it.
///
/// # Errors
/// [`CreateError::Invalid`] for a bad name, nothing to remove, or anything found that is not
/// the problem's; [`CreateError::Failed`] when the workspace cannot be read or written.
pub fn remove(workspace: &Workspace, name: &str) -> Result<Vec<String>, CreateError> {
    crate::workspace::check_name(name).map_err(CreateError::Invalid)?;
    let root = workspace.root();
    let mut files = Vec::new();
    let mut folder = None;
    for path in [
        format!("problems/{}.rs", name),
        format!("problems/checkers/{}.rs", name),
        format!("testcases/{}", name),
    ] {
        let meta = match fs::symlink_metadata(root.join(&path)) {
            Err(e) if e.kind() == ErrorKind::NotFound => continue,
            Err(e) => return Err(CreateError::Failed(format!("{}: {}", path, e))),
            Ok(meta) => meta,
        };
        if path.starts_with("testcases/") && meta.is_dir() {
            let entries = fs::read_dir(root.join(&path))
                .map_err(|e| CreateError::Failed(format!("{}: {}", path, e)))?;
            for entry in entries {
                let entry = entry.map_err(|e| CreateError::Failed(format!("{}: {}", path, e)))?;
                let inner = format!("{}/{}", path, entry.file_name().to_string_lossy());
                let kind = entry
                    .file_type()
                    .map_err(|e| CreateError::Failed(format!("{}: {}", inner, e)))?;
                if !kind.is_file() {
                    return Err(CreateError::Invalid(format!(
                        "{} is not a regular file: a problem's cases are files; nothing was removed",
                        inner
                    )));
                }
                files.push(inner);
            }
            folder = Some(path);
        } else if meta.is_file() {
            files.push(path);
        } else {
            return Err(CreateError::Invalid(format!(
                "{} is not a regular file{}; nothing was removed",
                path,
                if path.starts_with("testcases/") {
                    " or folder"
                } else {
                    ""
                }
            )));
        }
    }
    let mut manifest = workspace.manifest().clone();
    let in_manifest = manifest.remove(name);
    if files.is_empty() && folder.is_none() && !in_manifest {
        return Err(CreateError::Invalid(format!(
            "there is no problem `{}`: no problems/{}.rs, testcases/{}/ or manifest line",
            name, name, name
        )));
    }
    let mut removed = Vec::new();
    if in_manifest {
        let problems = real_dir(root, "problems")?;
        let staged = problems.join(".Cargo.toml.new");
        remove_stale(&staged)?;
        let mut written = Written::default();
        written.file(&staged, &manifest.render())?;
        fs::rename(&staged, problems.join("Cargo.toml"))
            .map_err(|e| CreateError::Failed(format!("problems/Cargo.toml: {}", e)))?;
        written.commit();
        removed.push("its lines in problems/Cargo.toml".to_string());
    }
    for file in files {
        fs::remove_file(root.join(&file))
            .map_err(|e| CreateError::Failed(format!("{}: {}", file, e)))?;
        removed.push(file);
    }
    if let Some(folder) = folder {
        fs::remove_dir(root.join(&folder))
            .map_err(|e| CreateError::Failed(format!("{}: {}", folder, e)))?;
        removed.push(format!("{}/", folder));
    }
    Ok(removed)
}

/// What to create.
#[derive(Clone, Copy, Debug)]
pub struct Spec<'a> {
    /// The problem's name.
    pub name: &'a str,
    /// Its judge profile.
    pub judge: &'static Judge,
    /// The starter's shape (`templates/SHAPE.rs`); `None`: `problem`, or `atcoder` for a judge
    /// with crates.
    pub shape: Option<&'a str>,
    /// The problem from Competitive Companion, if any: its title, URL, limits and samples.
    pub task: Option<&'a Task>,
    /// The problem's page, its time limit (seconds) and memory limit (MiB), recorded in its
    /// manifest line; without a task, as `new NAME --url … --time-limit … --memory-limit …`
    /// gives them (a task's own are used where these are `None`).
    pub url: Option<&'a str>,
    /// See [`Spec::url`].
    pub time_limit: Option<f64>,
    /// See [`Spec::url`].
    pub memory_limit: Option<u64>,
}

/// What was created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    /// The shape used.
    pub shape: String,
    /// How many samples were written (`sample-N.in`/`.out`, run by the runner and the tests).
    pub samples: usize,
    /// Whether the problem is interactive: its samples are the statement's dialogues only
    /// (none without a statement), never the starter's Nim cases.
    pub interactive: bool,
    /// What the user should know (an unformatted file, a dropped limit).
    pub warnings: Vec<String>,
    /// Whether the starter brought a checker, written as `problems/checkers/NAME.rs`.
    pub checker: bool,
}

/// Creates the problem `spec` describes in `workspace`, or nothing.
///
/// # Errors
/// [`CreateError::Invalid`] for a bad name or shape, [`CreateError::Taken`] for a taken name,
/// [`CreateError::Failed`] when the workspace cannot be read or written; in every case nothing
/// is left written.
pub fn create(workspace: &Workspace, spec: &Spec) -> Result<Created, CreateError> {
    check_free(workspace, spec.name)?;
    let root = workspace.root();
    let problems = real_dir(root, "problems")?;
    let testcases = real_dir(root, "testcases")?;
    let mut manifest = workspace.manifest().clone();
    let starters = manifest.starters();
    let starter = pick_starter(&starters, spec)?;
    let template_path = root.join("templates").join(format!("{}.rs", starter.shape));
    let template = fs::read_to_string(&template_path)
        .map_err(|e| CreateError::Failed(format!("templates/{}.rs: {}", starter.shape, e)))?;
    let checker_template = read_checker_template(root, &starter.shape)?;
    if spec.judge.is_plain() && template.contains("proconio") {
        return Err(CreateError::Invalid(format!(
            "shape `{}` uses proconio, which {} does not have; use --judge atcoder or another shape",
            starter.shape, spec.judge.title
        )));
    }
    let task = spec.task;
    manifest
        .add(
            spec.name,
            &meta_for(spec, starter, checker_template.is_some()),
        )
        .map_err(CreateError::Taken)?;
    let title = task
        .map(|t| t.title.as_str())
        .filter(|t| !t.is_empty())
        .unwrap_or(spec.name);
    check_placeholders(&starter.shape, &template, checker_template.as_deref())?;
    let source = template.replace("{{TITLE}}", &doc_text(title));
    let source = match &checker_template {
        Some(_) => point_at_checker(&source, &starter.shape, spec.name)?,
        None => source,
    };
    let mut warnings: Vec<String> = task.map(|t| t.notes.clone()).unwrap_or_default();
    let source = match formatted(root, &source) {
        Ok(source) => source,
        Err(why) => {
            warnings.push(format!(
                "problems/{}.rs is not formatted: {}",
                spec.name, why
            ));
            source
        }
    };
    let checker_source = checker_template.map(|text| {
        let text = text.replace("{{TITLE}}", &doc_text(title));
        formatted(root, &text).unwrap_or(text)
    });
    let interactive = starter.shape == INTERACTIVE;
    let samples = samples_for(spec, starter, &testcases, &mut warnings)?;
    let mut written = Written::default();
    let cases = testcases.join(spec.name);
    written.dir(&cases)?;
    for (i, (input, output)) in samples.iter().enumerate() {
        for (ext, text) in [("in", input), ("out", output)] {
            written.file(&cases.join(format!("sample-{}.{}", i + 1, ext)), text)?;
        }
    }
    written.file(&problems.join(format!("{}.rs", spec.name)), &source)?;
    if let Some(checker_source) = &checker_source {
        let checkers = checkers_dir(root, &mut written)?;
        written.file(&checkers.join(format!("{}.rs", spec.name)), checker_source)?;
    }
    let staged = problems.join(".Cargo.toml.new");
    remove_stale(&staged)?;
    written.file(&staged, &manifest.render())?;
    fs::rename(&staged, problems.join("Cargo.toml"))
        .map_err(|e| CreateError::Failed(format!("problems/Cargo.toml: {}", e)))?;
    written.commit();
    Ok(Created {
        shape: starter.shape.clone(),
        samples: samples.len(),
        interactive,
        warnings,
        checker: checker_source.is_some(),
    })
}

/// The manifest entry of the problem `spec` describes, made from `starter` (with a checker
/// if `checker`): the command line's values first, then Companion's.
fn meta_for(spec: &Spec, starter: &Starter, checker: bool) -> Meta {
    let task = spec.task;
    Meta {
        judge: spec.judge,
        url: spec
            .url
            .map(str::to_string)
            .or_else(|| task.map(|t| t.url.to_string())),
        time_limit: spec.time_limit.or_else(|| task.and_then(|t| t.time_limit)),
        memory_limit: spec
            .memory_limit
            .or_else(|| task.and_then(|t| t.memory_limit)),
        interactive: task.is_some_and(|t| t.interactive) || starter.shape == INTERACTIVE,
        checker,
    }
}

/// `Ok` if the starter's template of shape `shape` (and its checker's) holds no placeholder
/// but `{{TITLE}}`.
fn check_placeholders(
    shape: &str,
    template: &str,
    checker_template: Option<&str>,
) -> Result<(), CreateError> {
    let checker_file = format!("{}_checker", shape);
    let files = std::iter::once((shape.to_string(), template));
    for (file, text) in files.chain(checker_template.map(|t| (checker_file.clone(), t))) {
        if text.replace("{{TITLE}}", "").contains("{{") {
            return Err(CreateError::Failed(format!(
                "templates/{}.rs has a placeholder other than {{{{TITLE}}}}",
                file
            )));
        }
    }
    Ok(())
}

/// The cases of the problem `spec` describes, as (input, output) pairs; `testcases` is the
/// workspace's folder of them (the starter's sample is read there), and a warning is added
/// when the starter's sample stands in for missing ones.
fn samples_for(
    spec: &Spec,
    starter: &Starter,
    testcases: &Path,
    warnings: &mut Vec<String>,
) -> Result<Vec<(String, String)>, CreateError> {
    let (task, interactive) = (spec.task, starter.shape == INTERACTIVE);
    // An interactive problem's cases are its statement's dialogues and nothing else: the
    // starter's Nim cases belong to the starter's game, and once the problem's own protocol is
    // written it would read them as bad cases. The dialogues lose the blank lines that align
    // the statement's two sides, which a scripted dialogue would take for lines the solution
    // must write. A problem of another shape sent without samples gets the starter's, as
    // `new NAME` alone does: its testcases are never an empty folder, which the runner would
    // call a failure.
    Ok(match task {
        _ if interactive => task
            .map(|t| {
                t.samples
                    .iter()
                    .map(|(input, output)| {
                        (without_blank_lines(input), without_blank_lines(output))
                    })
                    .collect()
            })
            .unwrap_or_default(),
        Some(task) if !task.samples.is_empty() => task.samples.clone(),
        Some(_) => {
            warnings.push(format!(
                "the problem came without samples: testcases/{}/sample-1 is the starter's own; add the statement's as sample-N.in and .out",
                spec.name
            ));
            vec![starter_sample(&testcases.join(&starter.example))?]
        }
        None => vec![starter_sample(&testcases.join(&starter.example))?],
    })
}

/// The checker of the starter of shape `shape`, `templates/SHAPE_checker.rs`, if it has one.
fn read_checker_template(root: &Path, shape: &str) -> Result<Option<String>, CreateError> {
    let path = root.join("templates").join(format!("{}_checker.rs", shape));
    match fs::read_to_string(&path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(CreateError::Failed(format!(
            "templates/{}_checker.rs: {}",
            shape, e
        ))),
    }
}

/// The starter's source with its checker module pointed from the template's
/// `#[path = "SHAPE_checker.rs"]` to the problem's `#[path = "checkers/NAME.rs"]`.
fn point_at_checker(source: &str, shape: &str, name: &str) -> Result<String, CreateError> {
    let from = format!("#[path = \"{}_checker.rs\"]", shape);
    if !source.contains(&from) {
        return Err(CreateError::Failed(format!(
            "templates/{}.rs does not include its checker with `{}`",
            shape, from
        )));
    }
    Ok(source.replacen(&from, &format!("#[path = \"checkers/{}.rs\"]", name), 1))
}

/// `problems/checkers/`, a real directory of the workspace, created (and recorded in
/// `written`) if absent.
fn checkers_dir(root: &Path, written: &mut Written) -> Result<PathBuf, CreateError> {
    let dir = root.join("problems/checkers");
    match fs::symlink_metadata(&dir) {
        Err(e) if e.kind() == ErrorKind::NotFound => {
            written.dir(&dir)?;
            Ok(dir)
        }
        _ => real_dir(root, "problems/checkers"),
    }
}

/// Removes the staging file `path` a killed `new` left behind (a kill between writing and
/// renaming it runs no cleanup): only `new` writes that name. A link there is removed itself,
/// never what it points to; a directory there is refused.
fn remove_stale(path: &Path) -> Result<(), CreateError> {
    let failed = |e: std::io::Error| CreateError::Failed(format!("{}: {}", path.display(), e));
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => Err(CreateError::Failed(format!(
            "{} is a directory; new stages problems/Cargo.toml there: remove it",
            path.display()
        ))),
        Ok(_) => fs::remove_file(path).map_err(failed),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(failed(e)),
    }
}

/// `text` without its blank lines (lines of only whitespace), each line ending in `\n`.
fn without_blank_lines(text: &str) -> String {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| format!("{}\n", line))
        .collect()
}

/// `Ok` if `shape` names a starter of `workspace`, else an error listing them.
pub fn check_shape(workspace: &Workspace, shape: &str) -> Result<(), CreateError> {
    find_starter(&workspace.manifest().starters(), shape).map(|_| ())
}

/// The shape `spec` asks for, or the judge's default.
fn pick_starter<'s>(starters: &'s [Starter], spec: &Spec) -> Result<&'s Starter, CreateError> {
    let interactive = spec.task.is_some_and(|t| t.interactive);
    if let Some(shape) = spec.shape.filter(|&s| interactive && s != INTERACTIVE) {
        return Err(CreateError::Invalid(format!(
            "the problem is interactive: the `{}` shape plays no dialogue (leave out --shape, \
             or give --shape {})",
            shape, INTERACTIVE
        )));
    }
    let wanted = spec.shape.unwrap_or(if interactive {
        INTERACTIVE
    } else if spec.judge.is_plain() {
        "problem"
    } else {
        "atcoder"
    });
    find_starter(starters, wanted)
}

/// The starter whose shape is `wanted`, else an error listing the shapes.
fn find_starter<'s>(starters: &'s [Starter], wanted: &str) -> Result<&'s Starter, CreateError> {
    starters.iter().find(|s| s.shape == wanted).ok_or_else(|| {
        let known: Vec<&str> = starters.iter().map(|s| s.shape.as_str()).collect();
        CreateError::Invalid(format!(
            "unknown shape `{}`; the shapes are: {}",
            wanted,
            known.join(", ")
        ))
    })
}

/// `root/sub`, which must be a directory itself, not a link to one elsewhere.
fn real_dir(root: &Path, sub: &str) -> Result<PathBuf, CreateError> {
    let dir = root.join(sub);
    match fs::symlink_metadata(&dir) {
        Ok(meta) if meta.is_dir() => Ok(dir),
        Ok(_) => Err(CreateError::Failed(format!(
            "{}/ is not a directory of the workspace (a link?); new writes only inside the workspace",
            sub
        ))),
        Err(e) => Err(CreateError::Failed(format!("{}/: {}", sub, e))),
    }
}

/// The interactive starter's shape: a problem played against the jury its tests derive.
const INTERACTIVE: &str = "interactive";

/// The starter's own first sample, so that the new problem passes until it is rewritten.
fn starter_sample(dir: &Path) -> Result<(String, String), CreateError> {
    let read = |ext: &str| {
        let path = dir.join(format!("sample-1.{}", ext));
        fs::read_to_string(&path)
            .map_err(|e| CreateError::Failed(format!("{}: {}", path.display(), e)))
    };
    Ok((read("in")?, read("out")?))
}

/// `title` as Markdown text for a doc line: the characters Markdown or rustdoc would read as
/// links, HTML, emphasis or code, and the braces of a template placeholder, are escaped with a
/// backslash; so is every colon, which keeps a URL in a title (`https://…`) plain text that
/// rustdoc's `bare_urls` lint (an error under CI's `-D warnings`) does not see as a link.
fn doc_text(title: &str) -> String {
    let mut text = String::with_capacity(title.len());
    for c in title.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '~' | '{' | '}' | ':'
        ) {
            text.push('\\');
        }
        text.push(c);
    }
    text
}

/// `source` as rustfmt formats it (`$RUSTFMT`, else `rustfmt`, run in `root` so that the
/// workspace's rustfmt.toml applies), or why not.
fn formatted(root: &Path, source: &str) -> Result<String, String> {
    let rustfmt = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    let mut child = Command::new(&rustfmt)
        .args(["--edition", "2021"])
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!(
                "cannot run {}: {} (rustup component add rustfmt)",
                Path::new(&rustfmt).display(),
                e
            )
        })?;
    let mut stdin = child.stdin.take().ok_or("rustfmt has no stdin")?;
    let text = source.to_string();
    let feeder = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let fed = feeder
        .join()
        .map_err(|_| "rustfmt's input thread panicked")?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    match (fed, out.status.success(), String::from_utf8(out.stdout)) {
        (Ok(()), true, Ok(text)) if !text.is_empty() => Ok(text),
        _ => Err(format!(
            "rustfmt failed: {}",
            stderr.lines().next().unwrap_or("no output")
        )),
    }
}

/// What one `create` wrote so far, removed again unless committed.
#[derive(Default)]
struct Written {
    files: Vec<PathBuf>,
    dirs: Vec<PathBuf>,
    committed: bool,
}

impl Written {
    /// Creates the directory `path`, which must not exist (a link there counts as existing).
    fn dir(&mut self, path: &Path) -> Result<(), CreateError> {
        fs::create_dir(path)
            .map_err(|e| CreateError::Failed(format!("{}: {}", path.display(), e)))?;
        self.dirs.push(path.to_path_buf());
        Ok(())
    }

    /// Creates the file `path`, which must not exist, holding `text`.
    fn file(&mut self, path: &Path, text: &str) -> Result<(), CreateError> {
        let failed = |e: std::io::Error| CreateError::Failed(format!("{}: {}", path.display(), e));
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(failed)?;
        self.files.push(path.to_path_buf());
        file.write_all(text.as_bytes())
            .and_then(|_| file.sync_all())
            .map_err(failed)
    }

    /// Keeps what was written.
    fn commit(mut self) {
        self.committed = true;
    }
}

impl Drop for Written {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        for file in self.files.iter().rev() {
            let _ = fs::remove_file(file);
        }
        for dir in self.dirs.iter().rev() {
            let _ = fs::remove_dir(dir);
        }
    }
}

#[cfg(test)]
mod tests;
