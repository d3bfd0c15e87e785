//! `listener`'s unit tests.

use super::request::from_extension;
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
