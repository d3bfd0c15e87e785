//! Time: the jury's own time is not the contestant's, the contestant's adds up over the
//! dialogue, and a computing program is held to its CPU time however loaded the machine.

use super::*;

#[test]
fn the_jurys_own_time_is_not_the_contestants() {
    // Eight games, each opening taking the jury 100 ms: 800 ms of the jury's work against a
    // limit of 400 ms, which a contestant answering at once never comes near.
    let protocol = Countdown {
        pause: Duration::from_millis(100),
        pad: 0,
    };
    let mut contestant = InProcess::start(counts_down);
    let dialogue = play(
        &protocol,
        &mut Oracle::default(),
        &[1; 8],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(400),
    );
    assert_eq!(
        dialogue.verdict,
        Verdict::Accepted,
        "{}",
        dialogue.transcript
    );
}

#[test]
fn the_contestants_time_adds_up_over_the_dialogue() {
    // Each answer takes 150 ms, under the limit of 400 ms; four of them do not.
    fn slow<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<(), InputError> {
        while io.token("n").is_ok() {
            std::thread::sleep(Duration::from_millis(150));
            io.send("0")?;
        }
        Ok(())
    }
    let mut contestant = InProcess::start(slow);
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1; 4],
        Strategy::Perfect,
        &mut contestant,
        Duration::from_millis(400),
    );
    assert_eq!(dialogue.verdict.tag(), "TLE", "{}", dialogue.transcript);
}

/// A program on a machine so loaded that it gets a twentieth of a core: it computes all the
/// time (never answers), and its CPU time grows at a twentieth of the clock's pace.
struct Starved(std::time::Instant);

impl Contestant for Starved {
    fn send(&mut self, _: &str, _: std::time::Instant) -> Sent {
        Sent::Taken
    }
    fn receive(&mut self, deadline: std::time::Instant) -> Reply {
        std::thread::sleep(deadline.saturating_duration_since(std::time::Instant::now()));
        Reply::Late
    }
    fn finish(&mut self, _: std::time::Instant) -> (Option<String>, Ending) {
        (None, Ending::Late)
    }
    fn cpu_time(&mut self) -> Option<Duration> {
        Some(self.0.elapsed() / 20)
    }
    fn computing(&self) -> bool {
        true
    }
}

#[test]
fn a_computing_program_is_held_to_its_cpu_time_however_loaded_the_machine() {
    // At a twentieth of a core, 40 ms of CPU time take 0.8 s by the clock, twice the backstop
    // of 10 times 40 ms: the time it computes is not charged to the backstop, so the verdict is
    // the CPU time's, as on a quiet machine.
    let dialogue = play(
        &Countdown::default(),
        &mut Oracle::default(),
        &[1],
        Strategy::Perfect,
        &mut Starved(std::time::Instant::now()),
        Duration::from_millis(40),
    );
    assert_eq!(
        dialogue.verdict,
        Verdict::TimeLimit("over 40ms of CPU time (where its move was due)".to_string()),
        "{}",
        dialogue.transcript
    );
}
