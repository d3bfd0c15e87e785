//! Where a solution's answers go: held in memory up to a limit, or streamed to standard output.

use crate::error::write_failure;
use std::io::Write;

/// Where a solution writes on standard output: a buffer in memory, or standard output
/// directly (see [`run_stdio`](crate::run_stdio)).
///
/// ```
/// use std::io::Write;
/// let mut out = judge::Output::buffer(8);
/// write!(out, "12345678").unwrap();
/// write!(out, "9").unwrap(); // dropped: past the limit
/// assert!(out.overflowed());
/// assert_eq!(out.bytes(), b"12345678");
/// ```
pub struct Output {
    mode: Mode,
    overflowed: bool,
}

enum Mode {
    Buffer { bytes: Vec<u8>, limit: usize },
    Stream(std::io::BufWriter<std::io::Stdout>),
}

impl Output {
    /// Holds up to `limit` bytes; what is written beyond is dropped and marks the output
    /// overflowed, so that the solution still reads (and checks) the rest of its input.
    pub fn buffer(limit: usize) -> Self {
        Output {
            mode: Mode::Buffer {
                bytes: Vec::new(),
                limit,
            },
            overflowed: false,
        }
    }

    /// Writes to standard output through a buffer.
    pub fn stream() -> Self {
        Output {
            mode: Mode::Stream(std::io::BufWriter::with_capacity(
                1 << 16,
                std::io::stdout(),
            )),
            overflowed: false,
        }
    }

    /// Whether a write went past a buffer's limit.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// The bytes a buffer holds (empty for a stream).
    pub fn bytes(&self) -> &[u8] {
        match &self.mode {
            Mode::Buffer { bytes, .. } => bytes,
            Mode::Stream(_) => &[],
        }
    }
}

impl Write for Output {
    #[inline]
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.write_all(data).map(|_| data.len())
    }

    #[inline]
    fn write_all(&mut self, data: &[u8]) -> std::io::Result<()> {
        match &mut self.mode {
            Mode::Buffer { bytes, limit } => {
                if bytes.len() + data.len() > *limit {
                    self.overflowed = true;
                } else {
                    bytes.extend_from_slice(data);
                }
                Ok(())
            }
            Mode::Stream(stream) => stream.write_all(data).map_err(write_failure),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.mode {
            Mode::Stream(stream) => stream.flush().map_err(write_failure),
            Mode::Buffer { .. } => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_takes_all_or_drops_all_past_the_limit() {
        let mut out = Output::buffer(5);
        assert_eq!(out.write(b"abc").unwrap(), 3);
        assert!(!out.overflowed());
        // Past the limit: dropped, but said written, so that the solution reads on.
        assert_eq!(out.write(b"def").unwrap(), 3);
        assert!(out.overflowed());
        assert_eq!(out.bytes(), b"abc");
        assert!(out.flush().is_ok());
    }
}
