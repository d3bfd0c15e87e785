//! Reading one request within its limits: the request line and headers, then the body, each
//! byte before the deadline and the listener's closing grace.

use super::{refused, Refused, RequestLimits, Shared, Status, TICK};
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A request being read: its stream, its deadline, and what arrived so far.
pub(super) struct Reading<'a> {
    pub(super) stream: &'a mut TcpStream,
    pub(super) shared: &'a Shared,
    pub(super) deadline: Instant,
    pub(super) received: usize,
}

impl Reading<'_> {
    /// Reads into `buf` what arrives before the deadline, and before the listener's closing
    /// grace runs out.
    pub(super) fn read(&mut self, buf: &mut [u8]) -> Result<usize, Refused> {
        loop {
            let now = Instant::now();
            let mut until = self.deadline;
            if let Some((reason, cutoff)) = &self.shared.state().closing {
                if now >= *cutoff {
                    return Err(refused(Status::ServiceUnavailable, reason.clone()));
                }
                until = until.min(*cutoff);
            }
            if now >= self.deadline {
                return Err(refused(
                    Status::RequestTimeout,
                    "the request took too long to arrive",
                ));
            }
            // Short waits, so that a closing listener is seen within a tick.
            let wait = until
                .saturating_duration_since(now)
                .clamp(Duration::from_millis(1), TICK);
            self.stream
                .set_read_timeout(Some(wait))
                .map_err(|e| refused(Status::InternalError, e.to_string()))?;
            match self.stream.read(buf) {
                Ok(n) => {
                    self.received += n;
                    return Ok(n);
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
                    ) => {}
                Err(e) => {
                    return Err(refused(
                        Status::BadRequest,
                        format!("cannot read the request: {}", e),
                    ))
                }
            }
        }
    }
}

/// The body of the POST being read, or why it is refused.
pub(super) fn read_request(reading: &mut Reading) -> Result<Vec<u8>, Refused> {
    let limits = reading.shared.limits;
    let mut head = vec![0u8; limits.head_bytes];
    let mut filled = 0;
    loop {
        if filled == head.len() {
            return Err(refused(
                Status::HeadTooLarge,
                format!(
                    "the request line and headers are over {} bytes",
                    limits.head_bytes
                ),
            ));
        }
        let n = reading.read(&mut head[filled..])?;
        if n == 0 {
            return Err(refused(Status::BadRequest, "the request ended early"));
        }
        filled += n;
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&head[..filled]) {
            Ok(httparse::Status::Partial) => continue,
            Ok(httparse::Status::Complete(start)) => {
                let length = check_head(&request, &limits)?;
                let early = head[start..filled.min(start + length)].to_vec();
                if early.len() < length && expects_continue(&request) {
                    // curl waits for this before sending a body over 1 KiB.
                    let _ = reading.stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
                }
                return read_body(reading, early, length);
            }
            Err(httparse::Error::TooManyHeaders) => {
                return Err(refused(
                    Status::HeadTooLarge,
                    "the request has more than 64 headers",
                ))
            }
            Err(e) => {
                return Err(refused(
                    Status::BadRequest,
                    format!("not an HTTP request: {}", e),
                ))
            }
        }
    }
}
/// The body's length, if the method, origin and length are acceptable.
fn check_head(request: &httparse::Request, limits: &RequestLimits) -> Result<usize, Refused> {
    if request.method != Some("POST") {
        return Err(refused(
            Status::MethodNotAllowed,
            format!(
                "only POST is accepted, not {}",
                request.method.unwrap_or("?")
            ),
        ));
    }
    let header = |name: &str| -> Vec<&[u8]> {
        request
            .headers
            .iter()
            .filter(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| h.value)
            .collect()
    };
    for origin in header("origin") {
        let origin = String::from_utf8_lossy(origin);
        if !from_extension(&origin) {
            return Err(refused(
                Status::Forbidden,
                format!(
                    "requests from web pages are refused (Origin: {}); send from Competitive Companion or a local client",
                    origin.chars().take(100).collect::<String>()
                ),
            ));
        }
    }
    if !header("transfer-encoding").is_empty() {
        return Err(refused(
            Status::LengthRequired,
            "send the body with a Content-Length, not a transfer encoding",
        ));
    }
    let lengths = header("content-length");
    let length = match lengths.as_slice() {
        [] => {
            return Err(refused(
                Status::LengthRequired,
                "the request has no Content-Length",
            ))
        }
        [one] => std::str::from_utf8(one)
            .ok()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .ok_or_else(|| refused(Status::BadRequest, "the Content-Length is not a number"))?,
        _ => {
            return Err(refused(
                Status::BadRequest,
                "the request has more than one Content-Length",
            ))
        }
    };
    match usize::try_from(length) {
        Ok(length) if length <= limits.body_bytes => Ok(length),
        _ => Err(refused(
            Status::PayloadTooLarge,
            format!(
                "a body of {} bytes is over the limit of {} bytes",
                length, limits.body_bytes
            ),
        )),
    }
}

/// Whether the client waits for `100 Continue` before sending the body.
fn expects_continue(request: &httparse::Request) -> bool {
    request.headers.iter().any(|h| {
        h.name.eq_ignore_ascii_case("expect") && h.value.eq_ignore_ascii_case(b"100-continue")
    })
}

/// Whether `origin` is a browser extension's (Companion's) rather than a web page's.
pub(super) fn from_extension(origin: &str) -> bool {
    let scheme = origin.split("://").next().unwrap_or("");
    origin.contains("://")
        && matches!(
            scheme.to_ascii_lowercase().as_str(),
            "chrome-extension" | "moz-extension" | "safari-web-extension" | "ms-browser-extension"
        )
}

/// The rest of a body of `length` bytes whose first bytes are `body`: kept as it arrives, so a
/// client announcing a large body and sending little holds little memory.
fn read_body(reading: &mut Reading, mut body: Vec<u8>, length: usize) -> Result<Vec<u8>, Refused> {
    let mut chunk = vec![0u8; (length - body.len()).min(64 << 10)];
    while body.len() < length {
        let want = (length - body.len()).min(chunk.len());
        let n = reading.read(&mut chunk[..want])?;
        if n == 0 {
            return Err(refused(
                Status::BadRequest,
                format!("the body ended after {} of {} bytes", body.len(), length),
            ));
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Ok(body)
}
