//! The local HTTP endpoint `new --listen` waits on for Competitive Companion's POSTs.
//!
//! One connection at a time on 127.0.0.1, each held to [`Limits`]: the request line and
//! headers together, the body, and a deadline for the whole request, so that neither a huge
//! header nor a slow sender can hold the listener. The head is parsed by `httparse` (hyper's
//! parser); what is refused gets a 4xx answer whose body says why, and the listener goes on to
//! the next connection. A request whose `Origin` is a web page is refused (403): Companion
//! sends from a browser extension (`chrome-extension://`, `moz-extension://`, ...) and local
//! clients send no `Origin`, while any web page can POST to 127.0.0.1.
//!
//! ```no_run
//! use tools::listener::{Limits, Listener, Status};
//! let listener = Listener::bind(10043, Limits::default()).unwrap();
//! loop {
//!     match listener.next() {
//!         Ok(exchange) => {
//!             let size = exchange.body().len();
//!             exchange.answer(Status::Ok, &format!("{} bytes", size));
//!         }
//!         Err(refused) => eprintln!("refused: {}", refused.reason),
//!     }
//! }
//! ```

use std::io::{self, ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// What one request may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The request line and headers together, in bytes.
    pub head_bytes: usize,
    /// The body, in bytes.
    pub body_bytes: usize,
    /// The whole request, from the connection to the last byte of the body.
    pub deadline: Duration,
}

impl Default for Limits {
    /// 8 KiB of head, 4 MiB of body (a problem's samples are a few KiB), 10 s.
    fn default() -> Limits {
        Limits {
            head_bytes: 8 << 10,
            body_bytes: 4 << 20,
            deadline: Duration::from_secs(10),
        }
    }
}

/// The statuses the listener answers with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// 200: the problem was created.
    Ok,
    /// 400: not HTTP, or the body is not a problem `new` accepts.
    BadRequest,
    /// 403: sent by a web page.
    Forbidden,
    /// 405: not a POST.
    MethodNotAllowed,
    /// 408: the request took longer than the deadline.
    RequestTimeout,
    /// 409: the problem's name is taken.
    Conflict,
    /// 411: no `Content-Length` (or a chunked body).
    LengthRequired,
    /// 413: the body is over the limit.
    PayloadTooLarge,
    /// 431: the request line and headers are over the limit.
    HeadTooLarge,
    /// 500: the problem could not be written.
    InternalError,
}

impl Status {
    /// The status code.
    pub fn code(self) -> u16 {
        match self {
            Status::Ok => 200,
            Status::BadRequest => 400,
            Status::Forbidden => 403,
            Status::MethodNotAllowed => 405,
            Status::RequestTimeout => 408,
            Status::Conflict => 409,
            Status::LengthRequired => 411,
            Status::PayloadTooLarge => 413,
            Status::HeadTooLarge => 431,
            Status::InternalError => 500,
        }
    }

    /// The reason phrase of the status line.
    pub fn phrase(self) -> &'static str {
        match self {
            Status::Ok => "OK",
            Status::BadRequest => "Bad Request",
            Status::Forbidden => "Forbidden",
            Status::MethodNotAllowed => "Method Not Allowed",
            Status::RequestTimeout => "Request Timeout",
            Status::Conflict => "Conflict",
            Status::LengthRequired => "Length Required",
            Status::PayloadTooLarge => "Payload Too Large",
            Status::HeadTooLarge => "Request Header Fields Too Large",
            Status::InternalError => "Internal Server Error",
        }
    }
}

/// A request the listener refused and answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The status it was answered with.
    pub status: Status,
    /// Why, as sent in the answer's body.
    pub reason: String,
}

/// A POST that passed the limits, waiting for its answer.
pub struct Exchange {
    stream: TcpStream,
    body: Vec<u8>,
}

impl Exchange {
    /// The request's body.
    pub fn body(&self) -> &[u8] {
        &self.body
    }

    /// Answers with `status` and `message` as a plain-text body, and closes the connection.
    /// A client that went away is not an error: the answer is only for its user to read.
    pub fn answer(mut self, status: Status, message: &str) {
        respond(&mut self.stream, status, message);
    }
}

/// The listener: a socket on 127.0.0.1 and its limits.
pub struct Listener {
    socket: TcpListener,
    limits: Limits,
}

impl Listener {
    /// Listens on 127.0.0.1:`port` (0: a port the system picks).
    ///
    /// # Errors
    /// The port cannot be bound (in use, or not allowed).
    pub fn bind(port: u16, limits: Limits) -> io::Result<Listener> {
        let socket = TcpListener::bind(("127.0.0.1", port))?;
        Ok(Listener { socket, limits })
    }

    /// The address listened on.
    ///
    /// # Errors
    /// As [`TcpListener::local_addr`].
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.socket.local_addr()
    }

    /// Waits for the next connection and reads its request: a POST within the limits is
    /// returned to be answered; anything else is answered here with a 4xx status and its
    /// reason, and returned as [`Refused`] for the caller to report. Failures of the socket
    /// itself are refusals too, so a caller can simply loop.
    pub fn next(&self) -> Result<Exchange, Refused> {
        let (mut stream, _) = self.socket.accept().map_err(|e| Refused {
            status: Status::InternalError,
            reason: format!("cannot accept a connection: {}", e),
        })?;
        let deadline = Instant::now() + self.limits.deadline;
        match read_request(&mut stream, &self.limits, deadline) {
            Ok(body) => Ok(Exchange { stream, body }),
            Err(refused) => {
                respond(&mut stream, refused.status, &refused.reason);
                Err(refused)
            }
        }
    }
}

fn refused(status: Status, reason: impl Into<String>) -> Refused {
    Refused {
        status,
        reason: reason.into(),
    }
}

/// Reads into `buf` what arrives before `deadline`.
fn read_before(
    stream: &mut TcpStream,
    buf: &mut [u8],
    deadline: Instant,
) -> Result<usize, Refused> {
    let too_slow = || {
        refused(
            Status::RequestTimeout,
            "the request took too long to arrive",
        )
    };
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(too_slow());
    }
    stream
        .set_read_timeout(Some(left))
        .map_err(|e| refused(Status::InternalError, e.to_string()))?;
    match stream.read(buf) {
        Ok(n) => Ok(n),
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
            Err(too_slow())
        }
        Err(e) => Err(refused(
            Status::BadRequest,
            format!("cannot read the request: {}", e),
        )),
    }
}

/// The body of the POST on `stream`, or why it is refused.
fn read_request(
    stream: &mut TcpStream,
    limits: &Limits,
    deadline: Instant,
) -> Result<Vec<u8>, Refused> {
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
        let n = read_before(stream, &mut head[filled..], deadline)?;
        if n == 0 {
            return Err(refused(Status::BadRequest, "the request ended early"));
        }
        filled += n;
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&head[..filled]) {
            Ok(httparse::Status::Partial) => continue,
            Ok(httparse::Status::Complete(start)) => {
                let length = check_head(&request, limits)?;
                let early = head[start..filled.min(start + length)].to_vec();
                if early.len() < length && expects_continue(&request) {
                    // curl waits for this before sending a body over 1 KiB.
                    let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
                }
                return read_body(stream, early, length, deadline);
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
fn check_head(request: &httparse::Request, limits: &Limits) -> Result<usize, Refused> {
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
fn from_extension(origin: &str) -> bool {
    let scheme = origin.split("://").next().unwrap_or("");
    origin.contains("://")
        && matches!(
            scheme.to_ascii_lowercase().as_str(),
            "chrome-extension" | "moz-extension" | "safari-web-extension" | "ms-browser-extension"
        )
}

/// The rest of a body of `length` bytes whose first bytes are `body`.
fn read_body(
    stream: &mut TcpStream,
    mut body: Vec<u8>,
    length: usize,
    deadline: Instant,
) -> Result<Vec<u8>, Refused> {
    let have = body.len();
    body.resize(length, 0);
    let mut filled = have;
    while filled < length {
        let n = read_before(stream, &mut body[filled..], deadline)?;
        if n == 0 {
            return Err(refused(
                Status::BadRequest,
                format!("the body ended after {} of {} bytes", filled, length),
            ));
        }
        filled += n;
    }
    Ok(body)
}

/// Writes the answer and closes the connection, reading for a moment what the client still
/// sends so that closing does not reset the connection before the client reads the answer.
fn respond(stream: &mut TcpStream, status: Status, message: &str) {
    let text = format!("{}\n", message);
    let answer = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
        status.code(),
        status.phrase(),
        text.len(),
        text
    );
    let _ = stream.set_write_timeout(Some(Duration::from_secs(2)));
    if stream.write_all(answer.as_bytes()).is_err() {
        return;
    }
    let _ = stream.shutdown(Shutdown::Write);
    let until = Instant::now() + Duration::from_millis(200);
    let mut sink = [0u8; 4096];
    for _ in 0..64 {
        match read_before(stream, &mut sink, until) {
            Ok(n) if n > 0 => continue,
            _ => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;

    fn limits() -> Limits {
        Limits {
            head_bytes: 1024,
            body_bytes: 4096,
            deadline: Duration::from_millis(1000),
        }
    }

    /// What a test listener saw: each connection's body, or its refusal.
    type Seen = thread::JoinHandle<Vec<Result<Vec<u8>, Refused>>>;

    /// A listener answering `count` connections in a thread: each POST's body is echoed back
    /// with 200. Returns its address and what it saw.
    fn serve(count: usize) -> (SocketAddr, Seen) {
        let listener = Listener::bind(0, limits()).unwrap();
        let address = listener.local_addr().unwrap();
        let handle = thread::spawn(move || {
            (0..count)
                .map(|_| {
                    listener.next().map(|exchange| {
                        let body = exchange.body().to_vec();
                        exchange.answer(Status::Ok, &String::from_utf8_lossy(&body));
                        body
                    })
                })
                .collect()
        });
        (address, handle)
    }

    /// Sends `request` (in one write) and reads the whole answer.
    fn send(address: SocketAddr, request: &[u8]) -> String {
        let mut stream = TcpStream::connect(address).unwrap();
        stream.write_all(request).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }

    fn post(headers: &str, body: &str) -> Vec<u8> {
        format!(
            "POST / HTTP/1.1\r\nHost: localhost\r\n{}Content-Length: {}\r\n\r\n{}",
            headers,
            body.len(),
            body
        )
        .into_bytes()
    }

    #[test]
    fn a_post_is_read_and_answered() {
        let (address, handle) = serve(3);
        let answer = send(
            address,
            &post("Content-Type: application/json\r\n", "{\"a\":1}"),
        );
        assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
        assert!(answer.ends_with("\r\n\r\n{\"a\":1}\n"), "{answer}");
        // Extensions' origins are accepted; so is a body sent in pieces.
        let mut stream = TcpStream::connect(address).unwrap();
        let request = post(
            "Origin: moz-extension://1234-abcd\r\n",
            "x".repeat(3000).as_str(),
        );
        for piece in request.chunks(700) {
            stream.write_all(piece).unwrap();
            thread::sleep(Duration::from_millis(5));
        }
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
        // Bytes past the Content-Length are not the body.
        let answer = send(
            address,
            b"POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\nokEXTRA",
        );
        assert!(answer.ends_with("\r\n\r\nok\n"), "{answer}");
        let seen = handle.join().unwrap();
        assert_eq!(seen[0].as_deref(), Ok(&b"{\"a\":1}"[..]));
        assert_eq!(seen[1].as_ref().unwrap().len(), 3000);
        assert_eq!(seen[2].as_deref(), Ok(&b"ok"[..]));
    }

    #[test]
    fn refusals_say_why_and_the_listener_goes_on() {
        let big_head = format!("X-Pad: {}\r\n", "p".repeat(2000));
        let many = "X-A: 1\r\n".repeat(65);
        let cases: Vec<(Vec<u8>, &str, &str)> = vec![
            (
                post(
                    "Origin: https://evil.example\r\nContent-Type: text/plain\r\n",
                    "{}",
                ),
                "403 Forbidden",
                "web pages",
            ),
            (
                post("Origin: http://localhost:3000\r\n", "{}"),
                "403",
                "web pages",
            ),
            (post("Origin: null\r\n", "{}"), "403", "web pages"),
            (
                b"GET / HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
                "405",
                "only POST",
            ),
            (
                b"POST / HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
                "411 Length Required",
                "no Content-Length",
            ),
            (
                b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec(),
                "411",
                "transfer encoding",
            ),
            (
                b"POST / HTTP/1.1\r\nContent-Length: 4097\r\n\r\n".to_vec(),
                "413 Payload Too Large",
                "over the limit of 4096",
            ),
            (
                b"POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n".to_vec(),
                "400",
                "not a number",
            ),
            (
                b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n".to_vec(),
                "400",
                "more than one",
            ),
            (post(&big_head, "{}"), "431", "over 1024 bytes"),
            (post(&many, "{}"), "431", "more than 64 headers"),
            (
                b"\x00\x01garbage\r\n\r\n".to_vec(),
                "400 Bad Request",
                "not an HTTP request",
            ),
            (
                b"POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nshort".to_vec(),
                "408",
                "too long",
            ),
        ];
        let (address, handle) = serve(cases.len() + 1);
        for (request, status, reason) in &cases {
            let answer = send(address, request);
            let first = answer.lines().next().unwrap_or("");
            assert!(first.starts_with(&format!("HTTP/1.1 {status}")), "{answer}");
            assert!(answer.contains(reason), "{answer}");
        }
        // After every refusal, the next POST is still served, up to the limits exactly.
        let at_limit = post(
            &format!("X-Pad: {}\r\n", "p".repeat(900)),
            &"b".repeat(4096),
        );
        assert!(send(address, &at_limit).starts_with("HTTP/1.1 200"));
        let seen = handle.join().unwrap();
        assert!(seen[..cases.len()].iter().all(Result::is_err));
        assert_eq!(seen[cases.len()].as_ref().map(Vec::len), Ok(4096));
    }

    #[test]
    fn a_slow_or_silent_sender_is_cut_off_at_the_deadline() {
        let (address, handle) = serve(3);
        // Silent: connects and sends nothing.
        let silent = send(address, b"");
        assert!(silent.starts_with("HTTP/1.1 408"), "{silent}");
        // Slow: one byte of header every 50 ms, for ever.
        let mut stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(10)))
            .unwrap();
        let mut answer = Vec::new();
        for byte in b"POST / HTTP/1.1\r\nX-Slow: "
            .iter()
            .chain([b'z'; 200].iter())
        {
            if stream.write_all(&[*byte]).is_err() {
                break;
            }
            let mut buf = [0u8; 256];
            if let Ok(n) = stream.read(&mut buf) {
                answer.extend_from_slice(&buf[..n]);
                if n == 0 {
                    break;
                }
            }
            thread::sleep(Duration::from_millis(50));
        }
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        // And the listener is free again.
        assert!(send(address, &post("", "next")).starts_with("HTTP/1.1 200"));
        handle.join().unwrap();
    }

    #[test]
    fn a_huge_header_is_not_read_past_the_limit() {
        let (address, handle) = serve(1);
        let mut stream = TcpStream::connect(address).unwrap();
        stream.write_all(b"POST / HTTP/1.1\r\nX-Big: ").unwrap();
        // Keep sending until the listener answers and closes: it must not read it all.
        let chunk = [b'a'; 4096];
        let mut sent = 0usize;
        while sent < (64 << 20) && stream.write_all(&chunk).is_ok() {
            sent += chunk.len();
        }
        assert!(sent < (64 << 20), "the listener read 64 MiB of header");
        let seen = handle.join().unwrap();
        assert_eq!(seen[0].as_ref().unwrap_err().status, Status::HeadTooLarge);
    }

    #[test]
    fn a_client_expecting_100_continue_gets_it() {
        let (address, handle) = serve(1);
        let mut stream = TcpStream::connect(address).unwrap();
        stream
            .write_all(b"POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
            .unwrap();
        let mut interim = [0u8; 25];
        stream.read_exact(&mut interim).unwrap();
        assert_eq!(&interim, b"HTTP/1.1 100 Continue\r\n\r\n");
        stream.write_all(b"body").unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
        assert_eq!(handle.join().unwrap()[0].as_deref(), Ok(&b"body"[..]));
    }

    #[test]
    fn origins() {
        for ok in [
            "chrome-extension://abcdefghijklmnop",
            "moz-extension://0a1b2c3d-4e5f",
            "safari-web-extension://x",
        ] {
            assert!(from_extension(ok), "{ok}");
        }
        for bad in [
            "https://evil.example",
            "http://127.0.0.1:10043",
            "null",
            "file://",
            "chrome-extension",
            "",
        ] {
            assert!(!from_extension(bad), "{bad}");
        }
    }

    #[test]
    fn statuses() {
        assert_eq!(Status::Conflict.code(), 409);
        assert_eq!(Status::Conflict.phrase(), "Conflict");
        assert_eq!(Status::HeadTooLarge.code(), 431);
        assert_eq!(Status::InternalError.phrase(), "Internal Server Error");
    }
}
