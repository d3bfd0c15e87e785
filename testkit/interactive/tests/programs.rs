//! Programs over pipes (shell scripts): line after line, one that stops reading, its children
//! ended with the dialogue, an over-long line, its CPU time as its time.

use super::*;

/// A shell script as a contestant, in a fresh directory named after `tag`.
#[cfg(unix)]
fn script(tag: &str, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("interact-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let program = dir.join("contestant.sh");
    std::fs::write(&program, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    program
}

#[cfg(unix)]
#[test]
fn a_program_plays_over_pipes_line_after_line() {
    let program = script("pipes", "while read n; do echo 0; done");
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1; 3],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_secs(10),
    );
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    assert_eq!(
        dialogue.verdict,
        Verdict::Accepted,
        "{}",
        dialogue.transcript
    );
    assert_eq!(dialogue.transcript.matches("< 0\n").count(), 3);
}

#[cfg(unix)]
#[test]
fn a_contestant_that_stops_reading_is_a_time_limit() {
    // A program that never reads its input, and a jury line longer than any pipe's buffer:
    // the write cannot finish, and the dialogue's limit ends it.
    let program = script("deaf", "exec sleep 30");
    let protocol = Countdown {
        pause: Duration::ZERO,
        pad: 4 << 20,
    };
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &protocol,
        &mut Oracle::default(),
        &[1],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(300),
    );
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    assert_eq!(dialogue.verdict.tag(), "TLE", "{}", dialogue.transcript);
    assert!(dialogue.verdict.reason().contains("not reading"));
    assert!(dialogue.transcript.starts_with("# jury strategy"));
    assert!(
        dialogue.transcript.contains("\n> 1\n"),
        "{}",
        dialogue.transcript
    );
}

/// Whether process `pid` has ended (gone, or a zombie no one has reaped yet), waiting up to 5 s.
#[cfg(unix)]
fn ends(pid: u32) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while std::time::Instant::now() < deadline {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => return true,
            Ok(stat)
                if stat
                    .rsplit_once(") ")
                    .is_some_and(|(_, rest)| rest.starts_with('Z')) =>
            {
                return true
            }
            Ok(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    false
}

#[cfg(unix)]
#[test]
fn the_contestants_children_end_with_the_dialogue() {
    // A contestant that leaves a child behind (a background sleep holding its output open),
    // both when it plays to the end and when the jury stops it for a wrong line.
    for (tag, answer, verdict) in [("kids-ok", "0", "AC"), ("kids-wa", "x", "WA")] {
        let program = script(
            tag,
            &format!("sleep 30 &\necho $! > \"$0.pid\"\nwhile read n; do echo {answer}; done"),
        );
        let mut contestant = Process::start(&program).unwrap();
        let dialogue = play(
            &Countdown::default(),
            &mut Oracle::default(),
            &[1; 2],
            Strategy::Perfect,
            &mut contestant,
            Duration::from_secs(10),
        );
        drop(contestant);
        assert_eq!(dialogue.verdict.tag(), verdict, "{}", dialogue.transcript);
        let pid_file = program.with_file_name("contestant.sh.pid");
        let pid: u32 = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
        assert!(
            ends(pid),
            "{tag}: the contestant's child {pid} outlived the dialogue"
        );
    }
}

#[cfg(unix)]
#[test]
fn an_over_long_line_from_a_program_is_named_over_long() {
    // Two MiB of one line where a move is due: not an empty move, not a cut move.
    let program = script(
        "overlong",
        "read n; head -c 2097152 /dev/zero | tr '\\0' 7; echo; sleep 30",
    );
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_secs(10),
    );
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    let start = "7".repeat(60);
    assert_eq!(
        dialogue.verdict,
        Verdict::WrongAnswer(format!(
            "game 1: its move is a line over 1048576 bytes: `{start}...`"
        )),
        "{}",
        dialogue.transcript
    );
    assert!(dialogue.transcript.len() < 10_000);
}

#[cfg(unix)]
#[test]
fn a_programs_time_is_its_cpu_time() {
    // Waiting is not computing: a program that sleeps 0.4 s before each of three answers (as a
    // loaded machine would make it wait) uses little CPU time and passes a limit of 0.5 s.
    let program = script("sleepy", "while read n; do sleep 0.4; echo 0; done");
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1; 3],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(500),
    );
    drop(contestant);
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    assert_eq!(
        dialogue.verdict,
        Verdict::Accepted,
        "{}",
        dialogue.transcript
    );
    // Computing is: a program that spins before its answer is stopped once its CPU time passes
    // the limit, not at the clock's backstop (10 times the limit).
    let program = script("spin", "read n; while :; do :; done");
    let mut contestant = Process::start(&program).unwrap();
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(300),
    );
    std::fs::remove_dir_all(program.parent().unwrap()).unwrap();
    assert_eq!(
        dialogue.verdict,
        Verdict::TimeLimit("over 300ms of CPU time (where its move was due)".to_string()),
        "{}",
        dialogue.transcript
    );
}
