//! The local HTTP endpoint `new --listen` waits on for Competitive Companion's POSTs.
//!
//! A thread accepts connections on 127.0.0.1 and each connection is read on a thread of its
//! own, held to [`RequestLimits`] (the request line and headers together, the body, and a deadline for
//! the whole request), so a slow or silent client holds only its own thread and never the
//! others. The head is parsed by `httparse` (hyper's parser). A POST read in full waits in a
//! queue for [`Listener::next`], which hands requests to the caller one at a time: `new`
//! writes the workspace serially, and no request reaches it half read.
//!
//! Every connection gets an HTTP answer with a reason in its body: a POST within the limits is
//! answered by the caller ([`Exchange::answer`]; one dropped unanswered gets 500); anything
//! else is answered here with a 4xx status and returned as [`Refused`] for the caller's log; a
//! request that finds the queue full, more than [`MAX_CONNECTIONS`] connections at once, or the
//! listener closing ([`Listener::close`], which also answers what is queued or still being
//! read) gets 503 with the reason. A request whose `Origin` is a web page is refused (403):
//! Companion sends from a browser extension (`chrome-extension://`, `moz-extension://`, ...)
//! and local clients send no `Origin`, while any web page can POST to 127.0.0.1.
//!
//! An answer is followed by a short wait for the client to close (at most [`LINGER`], on a
//! thread of its own), so that closing never resets a connection whose client has not read its
//! answer yet.
//!
//! Not a server crate: `tiny_http` (the small blocking one) reads a request line and headers of
//! any length and sets no read deadline, so a silent client would keep a thread for ever and a
//! 64 MiB header would be read into memory; hyper needs an async runtime and a dozen crates.
//!
//! ```no_run
//! use intake::listener::{RequestLimits, Listener, Status};
//! let listener = Listener::bind(10043, RequestLimits::default()).unwrap();
//! loop {
//!     match listener.next() {
//!         Ok(exchange) => {
//!             let size = exchange.body().len();
//!             exchange.answer(Status::Ok, &format!("{} bytes", size));
//!             break;
//!         }
//!         Err(refused) => eprintln!("refused: {}", refused.reason),
//!     }
//! }
//! let turned_away = listener.close("the listener has stopped");
//! eprintln!("{} more request(s) answered 503", turned_away);
//! ```

use std::io::{self, ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// The most connections open at once (being read, or waiting after their answer); one more is
/// answered 503 without being read.
pub const MAX_CONNECTIONS: usize = 32;
/// The most requests read in full and waiting for [`Listener::next`]; one more is answered 503.
pub const QUEUE: usize = 16;
/// How long an answered connection waits for its client to close before closing anyway.
pub const LINGER: Duration = Duration::from_secs(2);
/// How long [`Listener::close`] lets a request being read still arrive before answering it 503.
pub const GRACE: Duration = Duration::from_secs(1);
/// The most bytes read and thrown away after an answer while waiting for the client to close.
const DRAIN_BYTES: usize = 256 << 10;
/// How often a reading thread looks whether the listener is closing.
const TICK: Duration = Duration::from_millis(50);

/// What one request may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestLimits {
    /// The request line and headers together, in bytes.
    pub head_bytes: usize,
    /// The body, in bytes.
    pub body_bytes: usize,
    /// The whole request, from the connection to the last byte of the body.
    pub deadline: Duration,
}

impl Default for RequestLimits {
    /// 8 KiB of head, 4 MiB of body (a problem's samples are a few KiB), 10 s.
    fn default() -> RequestLimits {
        RequestLimits {
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
    /// 503: the listener is busy (its queue or its connections are full) or has stopped.
    ServiceUnavailable,
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
            Status::ServiceUnavailable => 503,
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
            Status::ServiceUnavailable => "Service Unavailable",
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

/// A POST read in full within the limits, waiting for its answer.
pub struct Exchange {
    /// `None` once answered.
    stream: Option<TcpStream>,
    body: Vec<u8>,
    shared: Arc<Shared>,
}

impl Exchange {
    /// The request's body.
    pub fn body(&self) -> &[u8] {
        &self.body
    }

    /// Answers with `status` and `message` as a plain-text body, and closes the connection
    /// once its client has read the answer (on a thread of its own, waited for by
    /// [`Listener::close`]). A client that went away is not an error: the answer is only for
    /// its user to read.
    pub fn answer(mut self, status: Status, message: &str) {
        if let Some(mut stream) = self.stream.take() {
            if write_answer(&mut stream, status, message) {
                let counted = Counted::new(&self.shared);
                let spawned = thread::Builder::new()
                    .name("listener-linger".to_string())
                    .spawn(move || {
                        let _counted = counted;
                        linger(&mut stream);
                    });
                // Without a thread the connection closes at once: the answer is written.
                drop(spawned);
            }
        }
    }

    /// Answers on the calling thread, waiting there for the client to close.
    fn answer_here(mut self, status: Status, message: &str) {
        if let Some(mut stream) = self.stream.take() {
            respond(&mut stream, status, message);
        }
    }
}

impl Drop for Exchange {
    /// A request is never left without an answer.
    fn drop(&mut self) {
        if let Some(mut stream) = self.stream.take() {
            respond(
                &mut stream,
                Status::InternalError,
                "the listener dropped the request without answering it",
            );
        }
    }
}

/// What the listener's threads share.
struct Shared {
    limits: RequestLimits,
    state: Mutex<State>,
    /// Signalled when a connection's thread ends.
    ended: Condvar,
}

#[derive(Default)]
struct State {
    /// Set by [`Listener::close`]: the reason requests are now answered 503 with, and the
    /// instant after which a request still being read is answered so.
    closing: Option<(String, Instant)>,
    /// Threads of open connections: reading a request, or waiting for the client to close.
    threads: usize,
    /// Requests (connections that sent something) answered 503 because of the closing.
    turned_away: usize,
    /// Requests read in full and waiting for [`Listener::next`]: at most [`QUEUE`]. (The
    /// channel itself is unbounded, so that a refusal is always logged.)
    queued: usize,
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// One open connection's thread, counted in [`State::threads`] while it lives.
struct Counted(Arc<Shared>);

impl Counted {
    fn new(shared: &Arc<Shared>) -> Counted {
        shared.state().threads += 1;
        Counted(Arc::clone(shared))
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.state().threads -= 1;
        self.0.ended.notify_all();
    }
}

/// What the connections' threads hand to [`Listener::next`].
enum Incoming {
    Request(Exchange),
    /// Already answered; for the caller's log.
    Refused(Refused),
}

/// The listener: a socket on 127.0.0.1, the thread accepting its connections, and the queue of
/// requests read in full.
pub struct Listener {
    address: SocketAddr,
    incoming: Receiver<Incoming>,
    shared: Arc<Shared>,
    /// `None` once closed.
    acceptor: Option<thread::JoinHandle<()>>,
}

impl Listener {
    /// Listens on 127.0.0.1:`port` (0: a port the system picks) and starts accepting.
    ///
    /// # Errors
    /// The port cannot be bound (in use, or not allowed), or no thread can be started.
    pub fn bind(port: u16, limits: RequestLimits) -> io::Result<Listener> {
        let socket = TcpListener::bind(("127.0.0.1", port))?;
        let address = socket.local_addr()?;
        let shared = Arc::new(Shared {
            limits,
            state: Mutex::new(State::default()),
            ended: Condvar::new(),
        });
        let (queue, incoming) = mpsc::channel();
        let acceptor = {
            let shared = Arc::clone(&shared);
            thread::Builder::new()
                .name("listener-accept".to_string())
                .spawn(move || accept(&socket, &shared, &queue))?
        };
        Ok(Listener {
            address,
            incoming,
            shared,
            acceptor: Some(acceptor),
        })
    }

    /// The address listened on.
    ///
    /// # Errors
    /// None today; kept for [`TcpListener::local_addr`]'s shape.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(self.address)
    }

    /// Waits for the next request read in full: a POST within the limits is returned to be
    /// answered; anything else was answered with its 4xx (or 503) status and reason, and is
    /// returned as [`Refused`] for the caller to report, so a caller can simply loop.
    pub fn next(&self) -> Result<Exchange, Refused> {
        match self.incoming.recv() {
            Ok(Incoming::Request(exchange)) => {
                self.shared.state().queued -= 1;
                Ok(exchange)
            }
            Ok(Incoming::Refused(refused)) => Err(refused),
            Err(_) => Err(refused(Status::InternalError, "the listener has stopped")),
        }
    }

    /// Stops: no connection is accepted after the ones already made; the requests queued, and
    /// those still being read (given [`GRACE`] to arrive), are answered 503 with `reason`; then
    /// waits (a few seconds at most) until every answer is read or given up. Returns how many
    /// requests were answered 503 so.
    pub fn close(mut self, reason: &str) -> usize {
        self.stop(reason)
    }

    fn stop(&mut self, reason: &str) -> usize {
        let acceptor = match self.acceptor.take() {
            Some(acceptor) => acceptor,
            None => return 0,
        };
        self.shared.state().closing = Some((reason.to_string(), Instant::now() + GRACE));
        self.turn_away_queued(reason);
        // The acceptor looks at `closing` after each connection: one more wakes it up. (If
        // none can be made, out of file descriptors say, it is left blocked rather than
        // waited for for ever.)
        if TcpStream::connect(self.address).is_ok() {
            let _ = acceptor.join();
        }
        let give_up = Instant::now() + GRACE + LINGER + Duration::from_secs(1);
        let mut state = self.shared.state();
        while state.threads > 0 {
            let left = give_up.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            state = match self.shared.ended.wait_timeout(state, left) {
                Ok((state, _)) => state,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        drop(state);
        self.turn_away_queued(reason);
        self.shared.state().turned_away
    }

    /// Answers 503 every request waiting in the queue.
    fn turn_away_queued(&self, reason: &str) {
        while let Ok(incoming) = self.incoming.try_recv() {
            if let Incoming::Request(exchange) = incoming {
                let mut state = self.shared.state();
                state.queued -= 1;
                state.turned_away += 1;
                drop(state);
                exchange.answer(Status::ServiceUnavailable, reason);
            }
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop("the listener has stopped");
    }
}

fn refused(status: Status, reason: impl Into<String>) -> Refused {
    Refused {
        status,
        reason: reason.into(),
    }
}

/// The acceptor's loop: each connection to a thread of its own, until the listener closes;
/// then the connections already made are taken too (and answered 503 by their threads).
fn accept(socket: &TcpListener, shared: &Arc<Shared>, queue: &Sender<Incoming>) {
    loop {
        match socket.accept() {
            Ok((stream, _)) => open(stream, shared, queue),
            Err(e) => {
                let _ = queue.send(Incoming::Refused(refused(
                    Status::InternalError,
                    format!("cannot accept a connection: {}", e),
                )));
                // Out of file descriptors, say: no busy loop while it lasts.
                thread::sleep(TICK);
            }
        }
        if shared.state().closing.is_some() {
            if socket.set_nonblocking(true).is_ok() {
                while let Ok((stream, _)) = socket.accept() {
                    open(stream, shared, queue);
                }
            }
            return;
        }
    }
}

/// Starts the thread serving `stream`, or answers 503 at once when [`MAX_CONNECTIONS`] are
/// open.
fn open(stream: TcpStream, shared: &Arc<Shared>, queue: &Sender<Incoming>) {
    let _ = stream.set_nonblocking(false);
    let counted = {
        let state = shared.state();
        (state.threads < MAX_CONNECTIONS).then_some(())
    }
    .map(|()| Counted::new(shared));
    let counted = match counted {
        Some(counted) => counted,
        None => {
            let mut stream = stream;
            let reason = format!(
                "busy: {} connections are open at once; send again",
                MAX_CONNECTIONS
            );
            let _ = queue.send(Incoming::Refused(refused(
                Status::ServiceUnavailable,
                reason.clone(),
            )));
            write_answer(&mut stream, Status::ServiceUnavailable, &reason);
            return;
        }
    };
    let shared = Arc::clone(shared);
    let queue = queue.clone();
    // Without a thread the connection is closed unanswered, and `counted` is dropped.
    let _ = thread::Builder::new()
        .name("listener-connection".to_string())
        .spawn(move || {
            let _counted = counted;
            serve(stream, &shared, &queue);
        });
}

/// Reads the request on `stream` and queues it, or answers why not.
fn serve(mut stream: TcpStream, shared: &Arc<Shared>, queue: &Sender<Incoming>) {
    let mut reading = Reading {
        stream: &mut stream,
        shared,
        deadline: Instant::now() + shared.limits.deadline,
        received: 0,
    };
    let read = read_request(&mut reading);
    let received = reading.received;
    let body = match read {
        Ok(body) => body,
        Err(refusal) => {
            let closing = refusal.status == Status::ServiceUnavailable;
            if closing && received > 0 {
                shared.state().turned_away += 1;
            }
            // Logged before the answer: a client's next request comes after it in the log.
            let (status, reason) = (refusal.status, refusal.reason.clone());
            if !closing {
                let _ = queue.send(Incoming::Refused(refusal));
            }
            respond(&mut stream, status, &reason);
            return;
        }
    };
    let exchange = Exchange {
        stream: Some(stream),
        body,
        shared: Arc::clone(shared),
    };
    // Queued under the lock that `close` takes to set `closing`: a request is either queued
    // before the closing (and answered by `close`) or sees it here.
    let turned = {
        let mut state = shared.state();
        match &state.closing {
            Some((reason, _)) => {
                let reason = reason.clone();
                state.turned_away += 1;
                Some((exchange, reason))
            }
            None if state.queued >= QUEUE => {
                let reason = format!(
                    "busy: {} requests are waiting to be written; send again",
                    QUEUE
                );
                let _ = queue.send(Incoming::Refused(refused(
                    Status::ServiceUnavailable,
                    reason.clone(),
                )));
                Some((exchange, reason))
            }
            None => match queue.send(Incoming::Request(exchange)) {
                Ok(()) => {
                    state.queued += 1;
                    None
                }
                Err(mpsc::SendError(Incoming::Request(exchange))) => {
                    Some((exchange, "the listener has stopped".to_string()))
                }
                Err(_) => None,
            },
        }
    };
    if let Some((exchange, reason)) = turned {
        exchange.answer_here(Status::ServiceUnavailable, &reason);
    }
}

/// A request being read: its stream, its deadline, and what arrived so far.
struct Reading<'a> {
    stream: &'a mut TcpStream,
    shared: &'a Shared,
    deadline: Instant,
    received: usize,
}

impl Reading<'_> {
    /// Reads into `buf` what arrives before the deadline, and before the listener's closing
    /// grace runs out.
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, Refused> {
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
fn read_request(reading: &mut Reading) -> Result<Vec<u8>, Refused> {
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
fn from_extension(origin: &str) -> bool {
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

/// Writes the answer (`message` as a plain-text body) and ends the sending side; whether it
/// was written.
fn write_answer(stream: &mut TcpStream, status: Status, message: &str) -> bool {
    let text = format!("{}\n", message);
    let answer = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
        status.code(),
        status.phrase(),
        text.len(),
        text
    );
    let _ = stream.set_write_timeout(Some(Duration::from_secs(2)));
    stream.write_all(answer.as_bytes()).is_ok() && stream.shutdown(Shutdown::Write).is_ok()
}

/// Waits for the client to close (at most [`LINGER`], reading and throwing away at most
/// [`DRAIN_BYTES`]): closing a socket with unread bytes resets the connection, and a client
/// still sending (a slow sender cut off) would lose the answer it has not read yet.
fn linger(stream: &mut TcpStream) {
    let until = Instant::now() + LINGER;
    let mut sink = [0u8; 4096];
    let mut drained = 0;
    while drained < DRAIN_BYTES {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return;
        }
        match stream.read(&mut sink) {
            Ok(0) => return,
            Ok(n) => drained += n,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// Answers and waits for the client to close.
fn respond(stream: &mut TcpStream, status: Status, message: &str) {
    if write_answer(stream, status, message) {
        linger(stream);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn limits() -> RequestLimits {
        RequestLimits {
            head_bytes: 1024,
            body_bytes: 4096,
            deadline: Duration::from_millis(1000),
        }
    }

    /// Limits whose deadline no test reaches: for tests about order, not about the deadline.
    fn patient() -> RequestLimits {
        RequestLimits {
            deadline: Duration::from_secs(600),
            ..limits()
        }
    }

    /// What a test listener saw: each request's body, or its refusal.
    type Seen = thread::JoinHandle<Vec<Result<Vec<u8>, Refused>>>;

    /// A listener taking `count` requests in a thread: each POST's body is echoed back with
    /// 200. Returns its address and what it saw.
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

    /// Reads the whole answer on `stream`.
    fn answer_on(mut stream: TcpStream) -> String {
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }

    /// Sends `request` (in one write) and reads the whole answer.
    fn send(address: SocketAddr, request: &[u8]) -> String {
        let mut stream = TcpStream::connect(address).unwrap();
        stream.write_all(request).unwrap();
        answer_on(stream)
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

    /// Whether nothing has arrived on `stream` (and it is not closed).
    fn nothing_yet(stream: &TcpStream) -> bool {
        stream.set_nonblocking(true).unwrap();
        let mut buf = [0u8; 64];
        let idle = matches!((&*stream).read(&mut buf), Err(e) if e.kind() == ErrorKind::WouldBlock);
        stream.set_nonblocking(false).unwrap();
        idle
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
        let answer = answer_on(stream);
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
        // Slow: a byte of header every 20 ms, for ever, from a thread of its own, while this
        // one waits for the answer: the deadline is the whole request's, not each read's. The
        // listener waits for the client to close after answering, so the bytes still coming
        // never reset the connection before the answer is read.
        let stream = TcpStream::connect(address).unwrap();
        let mut writer = stream.try_clone().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let sending = {
            let stop = Arc::clone(&stop);
            thread::spawn(move || {
                let head = b"POST / HTTP/1.1\r\nX-Slow: ";
                for byte in head.iter().chain(std::iter::repeat(&b'z')) {
                    if stop.load(Ordering::SeqCst) || writer.write_all(&[*byte]).is_err() {
                        break;
                    }
                    thread::sleep(Duration::from_millis(20));
                }
            })
        };
        let answer = answer_on(stream);
        stop.store(true, Ordering::SeqCst);
        sending.join().unwrap();
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        assert!(answer.ends_with("the request took too long to arrive\n"));
        // And the listener is free again.
        assert!(send(address, &post("", "next")).starts_with("HTTP/1.1 200"));
        let seen = handle.join().unwrap();
        assert_eq!(seen[0].as_ref().unwrap_err().status, Status::RequestTimeout);
        assert_eq!(seen[1].as_ref().unwrap_err().status, Status::RequestTimeout);
    }

    #[test]
    fn a_slow_client_does_not_hold_the_others() {
        let listener = Listener::bind(0, patient()).unwrap();
        let address = listener.local_addr().unwrap();
        // Two slow clients, connected first: half a head, and a head with half a body.
        let slow_head = TcpStream::connect(address).unwrap();
        (&slow_head)
            .write_all(b"POST / HTTP/1.1\r\nContent-Le")
            .unwrap();
        let slow_body = TcpStream::connect(address).unwrap();
        (&slow_body)
            .write_all(b"POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\nslow")
            .unwrap();
        // A fast POST sent after them is read, handed over and answered first...
        let fast = thread::spawn(move || send(address, &post("", "fast")));
        let exchange = listener.next().unwrap();
        assert_eq!(exchange.body(), b"fast");
        exchange.answer(Status::Ok, "fast done");
        let answer = fast.join().unwrap();
        assert!(answer.ends_with("\r\n\r\nfast done\n"), "{answer}");
        // ...while both slow ones are still open, unanswered.
        assert!(nothing_yet(&slow_head) && nothing_yet(&slow_body));
        // They end their requests and are served in turn.
        (&slow_body).write_all(b" body").unwrap();
        let exchange = listener.next().unwrap();
        assert_eq!(exchange.body(), b"slow body");
        exchange.answer(Status::Ok, "body done");
        (&slow_head).write_all(b"ngth: 4\r\n\r\nhead").unwrap();
        let exchange = listener.next().unwrap();
        assert_eq!(exchange.body(), b"head");
        exchange.answer(Status::Ok, "head done");
        assert!(answer_on(slow_body).ends_with("\r\n\r\nbody done\n"));
        assert!(answer_on(slow_head).ends_with("\r\n\r\nhead done\n"));
    }

    #[test]
    fn concurrent_posts_are_each_read_and_answered() {
        const CLIENTS: usize = 8;
        let listener = Listener::bind(0, patient()).unwrap();
        let address = listener.local_addr().unwrap();
        // All connected before any sends, then all sending at once.
        let streams: Vec<TcpStream> = (0..CLIENTS)
            .map(|_| TcpStream::connect(address).unwrap())
            .collect();
        let clients: Vec<_> = streams
            .into_iter()
            .enumerate()
            .map(|(i, mut stream)| {
                thread::spawn(move || {
                    stream
                        .write_all(&post("", &format!("request {i}")))
                        .unwrap();
                    answer_on(stream)
                })
            })
            .collect();
        let mut bodies = Vec::new();
        for _ in 0..CLIENTS {
            let exchange = listener.next().unwrap();
            let body = String::from_utf8(exchange.body().to_vec()).unwrap();
            exchange.answer(Status::Ok, &format!("answered {body}"));
            bodies.push(body);
        }
        bodies.sort();
        let sent: Vec<String> = (0..CLIENTS).map(|i| format!("request {i}")).collect();
        assert_eq!(bodies, sent);
        for (i, client) in clients.into_iter().enumerate() {
            let answer = client.join().unwrap();
            assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
            assert!(
                answer.ends_with(&format!("answered request {i}\n")),
                "{answer}"
            );
        }
    }

    #[test]
    fn requests_over_the_queue_are_answered_busy() {
        let listener = Listener::bind(0, patient()).unwrap();
        let address = listener.local_addr().unwrap();
        // Nobody takes requests until one answer is back: the queue holds QUEUE of them, so
        // the first answer is the one that found it full.
        let (answers, answered) = mpsc::channel();
        for i in 0..=QUEUE {
            let answers = answers.clone();
            thread::spawn(move || {
                let _ = answers.send(send(address, &post("", &format!("r{i}"))));
            });
        }
        let busy = answered.recv().unwrap();
        assert!(
            busy.starts_with("HTTP/1.1 503 Service Unavailable"),
            "{busy}"
        );
        assert!(
            busy.ends_with(&format!(
                "busy: {QUEUE} requests are waiting to be written; send again\n"
            )),
            "{busy}"
        );
        // The others were kept and are answered in turn; the busy one is in the log.
        let mut logged = Vec::new();
        for _ in 0..=QUEUE {
            match listener.next() {
                Ok(exchange) => exchange.answer(Status::Ok, "done"),
                Err(refused) => logged.push(refused.status),
            }
        }
        assert_eq!(logged, [Status::ServiceUnavailable]);
        for _ in 0..QUEUE {
            let answer = answered.recv().unwrap();
            assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
        }
    }

    #[test]
    fn a_connection_over_the_limit_is_answered_busy() {
        let listener = Listener::bind(0, patient()).unwrap();
        let address = listener.local_addr().unwrap();
        // Silent connections, each holding a thread, accepted in the order they were made.
        let held: Vec<TcpStream> = (0..MAX_CONNECTIONS)
            .map(|_| TcpStream::connect(address).unwrap())
            .collect();
        let answer = send(address, &post("", "one too many"));
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(
            answer.ends_with(&format!(
                "busy: {MAX_CONNECTIONS} connections are open at once; send again\n"
            )),
            "{answer}"
        );
        assert!(held.iter().all(nothing_yet));
        // Those held are answered when the listener closes.
        let closing = thread::spawn(move || listener.close("closed"));
        for stream in held {
            assert!(answer_on(stream).ends_with("\r\n\r\nclosed\n"));
        }
        assert_eq!(
            closing.join().unwrap(),
            0,
            "silent connections are not requests"
        );
    }

    #[test]
    fn close_answers_every_request_left_with_its_reason() {
        let listener = Listener::bind(0, patient()).unwrap();
        let address = listener.local_addr().unwrap();
        // Three whole requests, one half sent, one silent: all connected before the close.
        let streams: Vec<TcpStream> = (0..5)
            .map(|_| TcpStream::connect(address).unwrap())
            .collect();
        let clients: Vec<_> = streams
            .into_iter()
            .enumerate()
            .map(|(i, mut stream)| {
                thread::spawn(move || {
                    match i {
                        0..=2 => stream.write_all(&post("", &format!("r{i}"))).unwrap(),
                        3 => stream.write_all(b"POST / HTTP/1.1\r\n").unwrap(),
                        _ => {}
                    }
                    answer_on(stream)
                })
            })
            .collect();
        listener.next().unwrap().answer(Status::Ok, "created");
        let turned_away = listener.close("stopped after one problem");
        let answers: Vec<String> = clients.into_iter().map(|c| c.join().unwrap()).collect();
        let created = answers
            .iter()
            .filter(|a| a.starts_with("HTTP/1.1 200"))
            .count();
        assert_eq!(created, 1, "{answers:?}");
        for answer in answers.iter().filter(|a| !a.starts_with("HTTP/1.1 200")) {
            assert!(
                answer.starts_with("HTTP/1.1 503 Service Unavailable"),
                "{answer}"
            );
            assert!(
                answer.ends_with("\r\n\r\nstopped after one problem\n"),
                "{answer}"
            );
        }
        // The silent connection sent no request: it is answered, not counted.
        assert_eq!(turned_away, 3);
        // Nothing is accepted after the close.
        assert!(TcpStream::connect(address).is_err());
    }

    #[test]
    fn an_exchange_dropped_unanswered_is_answered_500() {
        let listener = Listener::bind(0, patient()).unwrap();
        let address = listener.local_addr().unwrap();
        let client = thread::spawn(move || send(address, &post("", "x")));
        drop(listener.next().unwrap());
        let answer = client.join().unwrap();
        assert!(answer.starts_with("HTTP/1.1 500"), "{answer}");
        assert!(answer.contains("without answering"), "{answer}");
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
        let answer = answer_on(stream);
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
        assert_eq!(Status::ServiceUnavailable.code(), 503);
    }
}
