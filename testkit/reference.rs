//! Comparing with a reference program: the protocol between the `stress` tool and the stress
//! test, and the test's side of it.
//!
//! With `stress NAME --reference COMMAND`, the generator and the shrinker stay in the problem's
//! test binary, as for a brute force, but the two programs are processes the tool runs: the
//! tool measures their time and memory against the judge's limits, which a test binary, std
//! only, cannot. The tool listens on a Unix socket whose path it puts in [`STRESS_PROGRAMS`];
//! the test connects, and for each input it wants judged sends a [`write_request`] and reads a
//! [`Reply`]: how our program and the reference each ended. The reference's answer takes the
//! brute force's place in the comparison (through the problem's checker where it has one).
//!
//! A frame is one tag byte, the length of its text as 8 little-endian bytes, and the text.

use std::io::{self, Read, Write};

/// The environment variable holding the socket of the tool that runs the programs.
pub const STRESS_PROGRAMS: &str = "STRESS_PROGRAMS";
/// The environment variable that, set to `1`, asks for inputs from [`Problem::max_cases`]
/// (the judge's largest) instead of the generator at the run's size.
///
/// [`Problem::max_cases`]: crate::Problem::max_cases
pub const STRESS_MAX: &str = "STRESS_MAX";

/// How one program's run on one input ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It exited with status 0, writing this.
    Answered(String),
    /// It failed (a non-zero exit status, a signal, too much output): one line saying how.
    Failed(String),
    /// It ran past its time bound and was stopped: one line saying how long it had.
    Slow(String),
}

/// The tool's answer to one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Both programs ran on the input.
    Ran {
        /// The problem's program (its binary or its bundle).
        ours: Outcome,
        /// The reference program.
        reference: Outcome,
    },
    /// The run's time is up: no more inputs.
    TimeUp,
}

const SEED: u8 = b'n';
const REQUEST: u8 = b'i';
const ANSWERED: u8 = b'a';
const FAILED: u8 = b'f';
const SLOW: u8 = b's';
const TIME_UP: u8 = b't';

fn write_frame(to: &mut impl Write, tag: u8, text: &str) -> io::Result<()> {
    to.write_all(&[tag])?;
    to.write_all(&(text.len() as u64).to_le_bytes())?;
    to.write_all(text.as_bytes())
}

/// The next frame, or `None` at the end of the stream.
fn read_frame(from: &mut impl Read) -> io::Result<Option<(u8, String)>> {
    let mut tag = [0u8; 1];
    match from.read_exact(&mut tag) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let mut length = [0u8; 8];
    from.read_exact(&mut length)?;
    let length = u64::from_le_bytes(length);
    let mut text = Vec::new();
    from.take(length).read_to_end(&mut text)?;
    if text.len() as u64 != length {
        return Err(protocol_error("a frame cut short"));
    }
    let text = String::from_utf8(text)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "a frame is not UTF-8"))?;
    Ok(Some((tag[0], text)))
}

fn protocol_error(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("stress protocol: {what}"),
    )
}

/// Sends one input to be run, generated from `seed` (for the tool's summary: the seed of the
/// slowest run).
pub fn write_request(to: &mut impl Write, seed: u64, input: &str) -> io::Result<()> {
    write_frame(to, SEED, &seed.to_string())?;
    write_frame(to, REQUEST, input)?;
    to.flush()
}

/// The next input to run and its seed, or `None` when the test has closed its side.
///
/// ```
/// let mut wire = Vec::new();
/// testkit::reference::write_request(&mut wire, 7, "1\n5\n").unwrap();
/// let mut from = &wire[..];
/// assert_eq!(
///     testkit::reference::read_request(&mut from).unwrap(),
///     Some((7, "1\n5\n".to_string()))
/// );
/// assert_eq!(testkit::reference::read_request(&mut from).unwrap(), None);
/// ```
///
/// # Errors
/// A broken stream or frames that are not a request.
pub fn read_request(from: &mut impl Read) -> io::Result<Option<(u64, String)>> {
    let seed = match read_frame(from)? {
        None => return Ok(None),
        Some((SEED, seed)) => seed
            .parse()
            .map_err(|_| protocol_error("a seed that is not a number"))?,
        Some(_) => return Err(protocol_error("expected a request")),
    };
    match read_frame(from)? {
        Some((REQUEST, input)) => Ok(Some((seed, input))),
        _ => Err(protocol_error("a seed without its input")),
    }
}

fn write_outcome(to: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
    match outcome {
        Outcome::Answered(text) => write_frame(to, ANSWERED, text),
        Outcome::Failed(why) => write_frame(to, FAILED, why),
        Outcome::Slow(why) => write_frame(to, SLOW, why),
    }
}

/// Sends the answer to one request.
///
/// ```
/// use testkit::reference::{read_reply, write_reply, Outcome, Reply};
/// let reply = Reply::Ran {
///     ours: Outcome::Answered("First\n".into()),
///     reference: Outcome::Slow("stopped after 10 s".into()),
/// };
/// let mut wire = Vec::new();
/// write_reply(&mut wire, &reply).unwrap();
/// write_reply(&mut wire, &Reply::TimeUp).unwrap();
/// let mut from = &wire[..];
/// assert_eq!(read_reply(&mut from).unwrap(), reply);
/// assert_eq!(read_reply(&mut from).unwrap(), Reply::TimeUp);
/// ```
pub fn write_reply(to: &mut impl Write, reply: &Reply) -> io::Result<()> {
    match reply {
        Reply::Ran { ours, reference } => {
            write_outcome(to, ours)?;
            write_outcome(to, reference)?;
        }
        Reply::TimeUp => write_frame(to, TIME_UP, "")?,
    }
    to.flush()
}

fn read_outcome(from: &mut impl Read) -> io::Result<Option<Outcome>> {
    Ok(match read_frame(from)? {
        Some((ANSWERED, text)) => Some(Outcome::Answered(text)),
        Some((FAILED, why)) => Some(Outcome::Failed(why)),
        Some((SLOW, why)) => Some(Outcome::Slow(why)),
        Some((TIME_UP, _)) => None,
        Some(_) => return Err(protocol_error("expected an outcome")),
        None => return Err(protocol_error("the tool closed the connection")),
    })
}

/// The answer to a request.
///
/// # Errors
/// A broken stream or frames that are not a reply.
pub fn read_reply(from: &mut impl Read) -> io::Result<Reply> {
    let Some(ours) = read_outcome(from)? else {
        return Ok(Reply::TimeUp);
    };
    match read_outcome(from)? {
        Some(reference) => Ok(Reply::Ran { ours, reference }),
        None => Err(protocol_error("a reply without the reference's outcome")),
    }
}

/// A program's output as the runner judges it: carriage returns dropped and the last line
/// ended, so that a reference written on Windows or without a final newline is not a
/// disagreement in line breaks.
fn normal(text: String) -> String {
    let mut text = if text.contains('\r') {
        text.replace("\r\n", "\n")
    } else {
        text
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// The reference's answer as it is compared and saved: where it has the same tokens as our
/// answer `ours`, ours itself (a reference's spacing, such as a C++ program's trailing spaces,
/// is no disagreement); else its lines without trailing blanks and without empty lines at the
/// end, so that a saved `.out` holds the answer, not the reference's spacing.
fn as_tokens(reference: String, ours: Option<&str>) -> String {
    if let Some(ours) = ours {
        if ours.split_whitespace().eq(reference.split_whitespace()) {
            return ours.to_string();
        }
    }
    let mut tidy = String::with_capacity(reference.len());
    for line in reference.lines() {
        tidy.push_str(line.trim_end());
        tidy.push('\n');
    }
    while tidy.ends_with("\n\n") {
        tidy.pop();
    }
    tidy
}

/// Why the last request gave no verdict, or that our program was stopped as too slow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Last {
    /// Both ran; compared as usual.
    Compared,
    /// Our program ran past its bound: a failure, but not one to shrink.
    OursSlow,
    /// The reference gave no answer (it failed or was too slow): no verdict on this input.
    NoReference(String),
    /// The tool said the time is up: the run ends with the inputs compared so far.
    TimeUp,
    /// The tool cannot be reached: the run ends.
    Lost(String),
}

/// The test's connection to the tool that runs the programs.
pub(crate) struct Programs {
    stream: std::os::unix::net::UnixStream,
    pub(crate) last: Last,
}

impl Programs {
    /// Connects to the tool listening at `socket`.
    pub(crate) fn connect(socket: &str) -> Result<Programs, String> {
        let stream = std::os::unix::net::UnixStream::connect(socket)
            .map_err(|e| format!("cannot reach the stress tool at {socket}: {e}"))?;
        Ok(Programs {
            stream,
            last: Last::Compared,
        })
    }

    /// The reference's answer on `input` and ours as the harness judges it (a failure as a
    /// refusal, `Err`), or `None` when there is no verdict ([`Programs::last`] says why).
    pub(crate) fn run(
        &mut self,
        seed: u64,
        input: &str,
    ) -> Option<(String, Result<String, String>)> {
        let reply =
            write_request(&mut self.stream, seed, input).and_then(|_| read_reply(&mut self.stream));
        let (ours, reference) = match reply {
            Ok(Reply::Ran { ours, reference }) => (ours, reference),
            Ok(Reply::TimeUp) => {
                self.last = Last::TimeUp;
                return None;
            }
            Err(e) => {
                self.last = Last::Lost(format!("the stress tool is gone: {e}"));
                return None;
            }
        };
        let reference = match reference {
            Outcome::Answered(text) if text.split_whitespace().next().is_none() => {
                // An empty answer is no answer: it must never become an expected output.
                self.last = Last::NoReference("it exited 0 and printed nothing".to_string());
                return None;
            }
            Outcome::Answered(text) => normal(text),
            Outcome::Failed(why) | Outcome::Slow(why) => {
                self.last = Last::NoReference(why);
                return None;
            }
        };
        self.last = Last::Compared;
        let ours = match ours {
            Outcome::Answered(text) => Ok(normal(text)),
            Outcome::Failed(why) => Err(why),
            Outcome::Slow(why) => {
                self.last = Last::OursSlow;
                Err(why)
            }
        };
        let reference = as_tokens(reference, ours.as_ref().ok().map(String::as_str));
        Some((reference, ours))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_are_the_runners() {
        assert_eq!(normal("First\r\nSecond".into()), "First\nSecond\n");
        assert_eq!(normal("1\n".into()), "1\n");
        assert_eq!(normal(String::new()), "");
        assert_eq!(
            normal("a b\n\n".into()),
            "a b\n\n",
            "only what the runner forgives"
        );
    }

    #[test]
    fn answers_are_compared_as_tokens() {
        assert_eq!(
            as_tokens("1 2 \n3\t\n\n".into(), Some("1 2\n3\n")),
            "1 2\n3\n"
        );
        // Told apart by their tokens: the reference's answer, its spacing tidied.
        assert_eq!(
            as_tokens("1 2 \n4\t\n\n".into(), Some("1 2\n3\n")),
            "1 2\n4\n"
        );
        assert_eq!(as_tokens("First  \n".into(), None), "First\n");
        assert_eq!(as_tokens("a\n\nb\n".into(), None), "a\n\nb\n");
    }

    #[test]
    fn frames_round_trip_and_bad_ones_are_refused() {
        let mut wire = Vec::new();
        write_request(&mut wire, 0, "").unwrap();
        write_request(&mut wire, u64::MAX, "é\n").unwrap();
        let mut from = &wire[..];
        assert_eq!(read_request(&mut from).unwrap(), Some((0, String::new())));
        assert_eq!(
            read_request(&mut from).unwrap(),
            Some((u64::MAX, "é\n".to_string()))
        );
        assert_eq!(read_request(&mut from).unwrap(), None);
        let mut seed_alone = Vec::new();
        write_request(&mut seed_alone, 3, "").unwrap();
        assert!(read_request(&mut &seed_alone[..seed_alone.len() - 9]).is_err());
        let reply = Reply::Ran {
            ours: Outcome::Failed("exit status 1: error: bad".into()),
            reference: Outcome::Answered("x\n".into()),
        };
        let mut wire = Vec::new();
        write_reply(&mut wire, &reply).unwrap();
        assert!(
            read_request(&mut &wire[..]).is_err(),
            "a reply is not a request"
        );
        assert_eq!(read_reply(&mut &wire[..]).unwrap(), reply);
        // Cut short: an error, never a hang or a half reply.
        assert!(read_reply(&mut &wire[..wire.len() - 1]).is_err());
        assert!(read_reply(&mut &wire[..9 + 25]).is_err());
        assert!(read_reply(&mut &b""[..]).is_err());
    }
}
