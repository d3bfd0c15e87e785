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

mod request;

use request::{read_request, Reading};
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
mod tests;
