//! A running program's pipes: its input written and its output and error read as they come,
//! without blocking (`poll(2)`), the output within its cap.

use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout};
use std::thread;
use std::time::Duration;

/// How much of standard error is kept (the rest is read and dropped).
pub(crate) const STDERR_KEPT: usize = 64 * 1024;

/// One output pipe being read: what is kept of it, and whether it is still open.
pub(crate) struct Reading<R> {
    pipe: Option<R>,
    pub(crate) kept: Vec<u8>,
    keep: usize,
}

impl<R: Read + AsRawFd> Reading<R> {
    pub(crate) fn new(pipe: R, keep: usize) -> io::Result<Reading<R>> {
        set_nonblocking(pipe.as_raw_fd())?;
        Ok(Reading {
            pipe: Some(pipe),
            kept: Vec::new(),
            keep,
        })
    }

    /// Reads what the pipe holds now, keeping at most `keep` bytes in all; returns whether
    /// more than that was written.
    pub(crate) fn read_available(&mut self) -> io::Result<bool> {
        let mut over = false;
        let mut buffer = [0u8; 64 * 1024];
        while let Some(pipe) = &mut self.pipe {
            match pipe.read(&mut buffer) {
                Ok(0) => self.pipe = None,
                Ok(n) => {
                    let room = self.keep.saturating_sub(self.kept.len());
                    self.kept.extend_from_slice(&buffer[..n.min(room)]);
                    if n > room {
                        // A program may write as fast as this reads: stop at the cap.
                        over = true;
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(over)
    }
}

/// The program's three pipes, served by one thread: standard input written as the program
/// reads it, standard output and error read as it writes them.
pub(crate) struct Pipes<'a> {
    stdin: Option<ChildStdin>,
    input: &'a [u8],
    pub(crate) stdout: Reading<ChildStdout>,
    pub(crate) stderr: Reading<ChildStderr>,
    /// Standard output passed the cap.
    pub(crate) over_cap: bool,
}

impl<'a> Pipes<'a> {
    /// The pipes of `child`, its output kept up to `cap` bytes; `input` is what to write to its
    /// standard input (`None`: its input is a file, not a pipe).
    pub(crate) fn new(
        child: &mut Child,
        cap: usize,
        input: Option<&'a [u8]>,
    ) -> io::Result<Pipes<'a>> {
        let stdout = Reading::new(child.stdout.take().expect("stdout is piped"), cap)?;
        let stderr = Reading::new(child.stderr.take().expect("stderr is piped"), STDERR_KEPT)?;
        let (stdin, input) = match input {
            Some(bytes) => {
                let stdin = child.stdin.take().expect("stdin is piped");
                set_nonblocking(stdin.as_raw_fd())?;
                // Nothing to write: the program reads an end of file at once.
                (Some(stdin).filter(|_| !bytes.is_empty()), bytes)
            }
            None => (None, &[][..]),
        };
        Ok(Pipes {
            stdin,
            input,
            stdout,
            stderr,
            over_cap: false,
        })
    }

    /// Waits up to `timeout` for a pipe to be ready, then serves every pipe that is.
    pub(crate) fn serve(&mut self, timeout: Duration) -> io::Result<()> {
        let mut polled = Vec::with_capacity(3);
        if let Some(pipe) = &self.stdout.pipe {
            polled.push(poll_entry(pipe.as_raw_fd(), libc::POLLIN));
        }
        if let Some(pipe) = &self.stderr.pipe {
            polled.push(poll_entry(pipe.as_raw_fd(), libc::POLLIN));
        }
        if let Some(pipe) = &self.stdin {
            polled.push(poll_entry(pipe.as_raw_fd(), libc::POLLOUT));
        }
        let millis = timeout.as_millis().clamp(1, 1000) as libc::c_int;
        if polled.is_empty() {
            thread::sleep(Duration::from_millis(millis as u64));
            return Ok(());
        }
        // SAFETY: poll reads and writes only the `polled.len()` entries of the vector.
        let ready =
            unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, millis) };
        if ready < 0 {
            let error = io::Error::last_os_error();
            return match error.kind() {
                io::ErrorKind::Interrupted => Ok(()),
                _ => Err(error),
            };
        }
        self.write_input();
        self.read_outputs()
    }

    /// Writes as much of the input as the pipe takes now; closes the pipe when all is written
    /// or the program closed its end (a program that stops reading early: its business).
    pub(crate) fn write_input(&mut self) {
        while let Some(stdin) = &mut self.stdin {
            if self.input.is_empty() {
                self.stdin = None;
                break;
            }
            match stdin.write(self.input) {
                Ok(n) => self.input = &self.input[n..],
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => self.stdin = None,
            }
        }
    }

    pub(crate) fn read_outputs(&mut self) -> io::Result<()> {
        self.over_cap |= self.stdout.read_available()?;
        self.stderr.read_available()?;
        Ok(())
    }

    /// Reads what the pipes hold once the program and its descendants are gone, without
    /// waiting for an end of file; closes them.
    pub(crate) fn drain(&mut self) -> io::Result<()> {
        self.stdin = None;
        self.read_outputs()?;
        self.stdout.pipe = None;
        self.stderr.pipe = None;
        Ok(())
    }
}

pub(crate) fn poll_entry(fd: libc::c_int, events: libc::c_short) -> libc::pollfd {
    libc::pollfd {
        fd,
        events,
        revents: 0,
    }
}

pub(crate) fn set_nonblocking(fd: libc::c_int) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor this process owns changes only its flags.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    // SAFETY: as above.
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}
