//! `new`: starts a problem. One file `problems/NAME.rs` from a starter that compiles and passes
//! its tests, its samples in `testcases/NAME/`, and one line in `problems/Cargo.toml`.
//!
//! ```text
//! cargo run --release --bin new -- NAME [--judge J]            # the starter's own sample
//! cargo run --release --bin new -- NAME --from problem.json    # Competitive Companion's JSON
//! cargo run --release --bin new -- --listen [PORT]             # wait for Companion's POST
//! ```
//!
//! With `--listen` (default port 10043, one of Companion's) it waits on 127.0.0.1 for one POST
//! of a problem, answers it, derives NAME from the problem's URL unless given, and exits. The
//! judge profile is `--judge`, else guessed from the URL's host, else `spoj` (the oldest
//! compiler, so the bundle suits every plain judge). The time limit is recorded in the file.
//! Exit status: 0 created; 1 one line `error: ...` (bad or taken NAME, unreadable JSON, ...);
//! 2 usage error.

use clap::Parser;
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use tools::companion::{self, Task};
use tools::judges;

/// Competitive Companion's default ports include this one.
const COMPANION_PORT: u16 = 10043;
/// The largest request accepted from Companion.
const MAX_REQUEST: usize = 64 << 20;

#[derive(Parser)]
#[command(
    name = "new",
    about = "Start a problem: its file, its samples, its manifest line"
)]
struct Cli {
    /// The problem's name (default with --from/--listen: derived from the problem's URL).
    name: Option<String>,
    /// The judge profile (default: guessed from the URL, else spoj).
    #[arg(long, value_name = "JUDGE")]
    judge: Option<String>,
    /// Read the problem from Competitive Companion's JSON in FILE.
    #[arg(long, value_name = "FILE", conflicts_with = "listen")]
    from: Option<PathBuf>,
    /// Wait on 127.0.0.1:PORT for one POST from Competitive Companion.
    #[arg(long, value_name = "PORT", num_args = 0..=1, default_missing_value = "10043")]
    listen: Option<u16>,
    /// The workspace's root (default: the one this tool was built from).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
}

fn main() {
    let cli = Cli::parse();
    let written = run(cli).and_then(|report| {
        let mut out = std::io::stdout().lock();
        out.write_all(report.as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| format!("cannot write the output: {}", e))
    });
    if let Err(e) = written {
        let _ = writeln!(std::io::stderr(), "error: {}", e);
        std::process::exit(1);
    }
}

fn run(cli: Cli) -> Result<String, String> {
    let root = cli
        .root
        .clone()
        .unwrap_or_else(tools::workspace::default_root);
    // Refuse a bad or taken NAME before waiting for anything.
    if let Some(name) = &cli.name {
        check_free(&root, name)?;
    }
    let task = if let Some(path) = &cli.from {
        let text = fs::read_to_string(path).map_err(|e| format!("{}: {}", path.display(), e))?;
        Some(companion::parse(&text).map_err(|e| format!("{}: {}", path.display(), e))?)
    } else if let Some(port) = cli.listen {
        Some(listen(port)?)
    } else {
        None
    };
    let name = match (&cli.name, &task) {
        (Some(name), _) => name.clone(),
        (None, Some(task)) => companion::name_from_url(&task.url).ok_or_else(|| {
            format!(
                "cannot derive a problem name from the URL `{}`; give NAME",
                task.url
            )
        })?,
        (None, None) => return Err("give NAME, --from FILE or --listen".to_string()),
    };
    check_free(&root, &name)?;
    let judge = match (&cli.judge, &task) {
        (Some(judge), _) => judges::by_name(judge)?,
        (None, Some(task)) => judges::by_url(&task.url).unwrap_or(judges::by_name("spoj")?),
        (None, None) => judges::by_name("spoj")?,
    };
    create(&root, &name, judge, task.as_ref())
}

/// Refuses an invalid NAME, or one whose file or testcases exist already.
fn check_free(root: &Path, name: &str) -> Result<(), String> {
    tools::workspace::valid_name(name)?;
    let file = root.join("problems").join(format!("{}.rs", name));
    if file.exists() {
        return Err(format!("problems/{}.rs exists already", name));
    }
    let cases = root.join("testcases").join(name);
    if fs::read_dir(&cases).is_ok_and(|mut d| d.next().is_some()) {
        return Err(format!(
            "testcases/{}/ exists already and is not empty",
            name
        ));
    }
    Ok(())
}

/// Waits for one POST of a problem on 127.0.0.1:`port` and answers it.
fn listen(port: u16) -> Result<Task, String> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {}", port, e))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    eprintln!(
        "listening on {} for Competitive Companion (its port {} is the default); Ctrl-C stops",
        bound, COMPANION_PORT
    );
    for stream in listener.incoming() {
        let mut stream = match stream {
            Ok(stream) => stream,
            Err(_) => continue,
        };
        let answer = |stream: &mut std::net::TcpStream, status: &str| {
            let _ = write!(
                stream,
                "HTTP/1.1 {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                status
            );
        };
        match read_post(&mut stream) {
            Ok(body) => match companion::parse(&body) {
                Ok(task) => {
                    answer(&mut stream, "200 OK");
                    return Ok(task);
                }
                Err(e) => {
                    eprintln!("ignored a request: {}", e);
                    answer(&mut stream, "400 Bad Request");
                }
            },
            Err(e) => {
                eprintln!("ignored a request: {}", e);
                answer(&mut stream, "400 Bad Request");
            }
        }
    }
    Err("the listener stopped".to_string())
}

/// The body of one HTTP POST request.
fn read_post(stream: &mut std::net::TcpStream) -> Result<String, String> {
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).map_err(|e| e.to_string())?;
    if !line.starts_with("POST ") {
        return Err(format!("not a POST: {}", line.trim()));
    }
    let mut length = None;
    loop {
        line.clear();
        reader.read_line(&mut line).map_err(|e| e.to_string())?;
        let header = line.trim();
        if header.is_empty() {
            break;
        }
        if let Some((key, value)) = header.split_once(':') {
            if key.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
        }
    }
    let length = length.ok_or("no Content-Length")?;
    if length > MAX_REQUEST {
        return Err(format!("a body of {} bytes is too large", length));
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|e| e.to_string())?;
    String::from_utf8(body).map_err(|_| "the body is not UTF-8".to_string())
}

/// Writes the problem's file, its samples and its manifest line.
fn create(
    root: &Path,
    name: &str,
    judge: &judges::Judge,
    task: Option<&Task>,
) -> Result<String, String> {
    let template_name = if judge.is_plain() {
        "problem.rs"
    } else {
        "atcoder.rs"
    };
    let template_path = root.join("templates").join(template_name);
    let template = fs::read_to_string(&template_path)
        .map_err(|e| format!("{}: {}", template_path.display(), e))?;
    let title = task.map_or_else(|| name.to_string(), |t| t.title.replace('\n', " "));
    let mut meta = format!("//! - judge: {}", judge.name);
    if let Some(task) = task {
        meta += &format!("\n//! - url: {}", task.url);
        if let Some(limit) = task.time_limit {
            meta += &format!("\n//! - time limit: {} s", limit);
        }
        if let Some(memory) = task.memory_limit {
            meta += &format!("\n//! - memory limit: {} MB", memory);
        }
    }
    let source = template
        .replace("{{TITLE}}", &title)
        .replace("//! {{META}}", &meta);

    let cases = root.join("testcases").join(name);
    fs::create_dir_all(&cases).map_err(|e| format!("{}: {}", cases.display(), e))?;
    let samples: Vec<(String, String)> = match task {
        Some(task) => task.samples.clone(),
        None => {
            // The starter's own sample, so that the new problem passes until it is rewritten.
            let starter = root.join("testcases").join(if judge.is_plain() {
                "starter"
            } else {
                "starter_atcoder"
            });
            let read = |ext: &str| {
                let path = starter.join(format!("sample-1.{}", ext));
                fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e))
            };
            vec![(read("in")?, read("out")?)]
        }
    };
    for (i, (input, output)) in samples.iter().enumerate() {
        for (ext, text) in [("in", input), ("out", output)] {
            let path = cases.join(format!("sample-{}.{}", i + 1, ext));
            fs::write(&path, text).map_err(|e| format!("{}: {}", path.display(), e))?;
        }
    }
    register(root, name)?;
    let file = root.join("problems").join(format!("{}.rs", name));
    fs::write(&file, source).map_err(|e| format!("{}: {}", file.display(), e))?;
    Ok(format!(
        "created problems/{name}.rs for {} (pick {} there), testcases/{name}/ with {} sample{}, and its line in problems/Cargo.toml\nnext: ./run_tests.sh {name}   then   cargo run --release --bin stress -- {name}   then   cargo run --release --bin bundle -- {name} > submit.rs\n",
        judge.title,
        judge.language,
        samples.len(),
        if samples.len() == 1 { "" } else { "s" },
    ))
}

/// Adds `{ name = "NAME", path = "NAME.rs" }` to the `bin = [...]` list of problems/Cargo.toml,
/// keeping the list sorted.
fn register(root: &Path, name: &str) -> Result<(), String> {
    let path = root.join("problems").join("Cargo.toml");
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e))?;
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let start = lines
        .iter()
        .position(|l| l.trim() == "bin = [")
        .ok_or("problems/Cargo.toml has no `bin = [` list")?;
    let end = start
        + lines[start..]
            .iter()
            .position(|l| l.trim() == "]")
            .ok_or("problems/Cargo.toml: the `bin = [` list does not end")?;
    let entry = format!("    {{ name = \"{}\", path = \"{}.rs\" }},", name, name);
    let at = (start + 1..end)
        .find(|&i| lines[i].as_str() > entry.as_str())
        .unwrap_or(end);
    lines.insert(at, entry);
    fs::write(&path, lines.join("\n") + "\n").map_err(|e| format!("{}: {}", path.display(), e))
}
