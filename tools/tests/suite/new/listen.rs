//! `new --listen` through a real socket: one problem, a batch waited for to its end, posts at
//! once all answered, a slow client holding nobody.

use super::*;

#[test]
fn from_companion_through_a_socket() {
    let root = scratch("listen");
    let (mut child, _stderr, address) = listening(&root, &[]);
    let before = snapshot(&root);
    // A request that is not a POST is answered 405 and the listener keeps waiting.
    let mut probe = std::net::TcpStream::connect(&address).unwrap();
    probe.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    let mut answer = String::new();
    probe.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    // The attack: a web page's simple request carrying the injection.
    let web = "Origin: https://evil.example\r\nContent-Type: text/plain\r\n";
    let answer = post(&address, web, INJECTED);
    assert!(answer.starts_with("HTTP/1.1 403 Forbidden"), "{answer}");
    // The same without an Origin: the URL itself is refused.
    let answer = post(&address, "", INJECTED);
    assert!(answer.starts_with("HTTP/1.1 400 Bad Request"), "{answer}");
    assert!(
        answer.contains("whitespace or control characters"),
        "{answer}"
    );
    let answer = post(&address, "", "{not json");
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    // A taken name: 409 with the reason, and the listener goes on.
    let taken = COMPANION.replace("ZZTOP", "KNIGHTS");
    let answer = post(&address, "", &taken);
    assert!(answer.starts_with("HTTP/1.1 409 Conflict"), "{answer}");
    assert!(
        answer.contains("problems/knights.rs exists already"),
        "{answer}"
    );
    assert_eq!(snapshot(&root), before, "refused requests write nothing");
    assert!(child.try_wait().unwrap().is_none(), "still listening");
    // Companion's own request is created, and with no batch the listener stops.
    let extension = "Origin: chrome-extension://abcdefghijklmnopabcdefghijklmnop\r\nContent-Type: application/json\r\n";
    let answer = post(&address, extension, COMPANION);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(child.wait().unwrap().success());
    assert_created(&root, "zztop");
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_batch_is_waited_for_to_its_end() {
    let root = scratch("batch");
    let (mut child, mut stderr, address) = listening(&root, &[]);
    let problem = |code: &str| {
        COMPANION.replace("ZZTOP", code).replace(
            "\"testType\"",
            "\"batch\":{\"id\":\"b1\",\"size\":2},\"testType\"",
        )
    };
    assert!(post(&address, "", &problem("FIRST")).starts_with("HTTP/1.1 200"));
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(
        line.contains("waiting for the batch's 1 other problem"),
        "{line}"
    );
    assert!(child.try_wait().unwrap().is_none(), "still listening");
    assert!(post(&address, "", &problem("SECOND")).starts_with("HTTP/1.1 200"));
    assert!(child.wait().unwrap().success());
    assert!(root.join("problems/first.rs").exists() && root.join("problems/second.rs").exists());
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn the_listener_refuses_an_unknown_host_and_goes_on() {
    let root = scratch("listen-host");
    let (mut child, _stderr, address) = listening(&root, &[]);
    let before = snapshot(&root);
    let answer = post(&address, "", &at_url("https://example.com/problems/ZZTOP/"));
    assert!(answer.starts_with("HTTP/1.1 400 Bad Request"), "{answer}");
    assert!(answer.contains("give --judge"), "{answer}");
    assert_eq!(snapshot(&root), before, "a refused request writes nothing");
    assert!(child.try_wait().unwrap().is_none(), "still listening");
    let answer = post(&address, "", &at_url("https://codechef.com/problems/ZZTOP"));
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(child.wait().unwrap().success());
    let meta = metadata(&root, "zztop");
    assert_eq!(meta.get("judge").and_then(|v| v.as_str()), Some("codechef"));
    std::fs::remove_dir_all(root).unwrap();
}

/// Sends a POST of `body` on `stream`, already connected, and reads the answer.
fn post_on(mut stream: std::net::TcpStream, body: &str) -> String {
    write!(
        stream,
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: {}\r\n\r\n{}",
        body.len(),
        body
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// POSTs each of `bodies` on its own connection, all connected before any is sent (so none
/// can come after the listener stops), all sent at once; their answers in the same order.
fn post_at_once(address: &str, bodies: Vec<String>) -> Vec<String> {
    let streams: Vec<std::net::TcpStream> = bodies
        .iter()
        .map(|_| std::net::TcpStream::connect(address).unwrap())
        .collect();
    let clients: Vec<_> = streams
        .into_iter()
        .zip(bodies)
        .map(|(stream, body)| std::thread::spawn(move || post_on(stream, &body)))
        .collect();
    clients.into_iter().map(|c| c.join().unwrap()).collect()
}

/// The status code of an HTTP answer.
fn status_of(answer: &str) -> &str {
    answer.split_whitespace().nth(1).unwrap_or("none")
}

#[test]
fn concurrent_posts_are_all_answered_and_the_late_ones_told_why() {
    // The four concurrent POSTs: one is created, and the listener stops (no batch);
    // the three others are answered 503 with the reason, never reset, and logged.
    let root = scratch("listen-concurrent");
    let (mut child, stderr, address) = listening(&root, &[]);
    let codes = ["AAA", "BBB", "CCC", "DDD"];
    let bodies = codes
        .iter()
        .map(|c| COMPANION.replace("ZZTOP", c))
        .collect();
    let answers = post_at_once(&address, bodies);
    assert!(child.wait().unwrap().success());
    let created: Vec<&str> = codes
        .iter()
        .copied()
        .filter(|c| {
            root.join(format!("problems/{}.rs", c.to_lowercase()))
                .exists()
        })
        .collect();
    assert_eq!(created.len(), 1, "{answers:?}");
    let name = format!("problems/{}.rs", created[0].to_lowercase());
    for answer in &answers {
        match status_of(answer) {
            "200" => assert!(answer.ends_with(&format!("created {name}\n")), "{answer}"),
            "503" => assert!(
                answer.ends_with(&format!("new --listen has stopped after creating {name}; start it again to create this problem\n")),
                "{answer}"
            ),
            _ => panic!("{answer}"),
        }
    }
    assert_eq!(answers.iter().filter(|a| status_of(a) == "200").count(), 1);
    let log: String = stderr.lines().map(|l| l.unwrap() + "\n").collect();
    assert!(
        log.contains("answered 3 more request(s) 503: new --listen has stopped"),
        "{log}"
    );
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_batch_sent_at_once_is_created_whole() {
    // Companion sends a contest as one POST per problem, possibly all at once: each is
    // created or refused (two repeat a name: 409), and the listener stops when all six of the
    // batch are answered.
    let root = scratch("listen-batch-at-once");
    let (mut child, _stderr, address) = listening(&root, &[]);
    let codes = ["AAA", "BBB", "CCC", "DDD", "AAA", "CCC"];
    let bodies = codes
        .iter()
        .map(|c| {
            COMPANION.replace("ZZTOP", c).replace(
                "\"testType\"",
                "\"batch\":{\"id\":\"contest\",\"size\":6},\"testType\"",
            )
        })
        .collect();
    let answers = post_at_once(&address, bodies);
    assert!(child.wait().unwrap().success());
    let mut codes_seen: Vec<&str> = answers.iter().map(|a| status_of(a)).collect();
    codes_seen.sort();
    assert_eq!(
        codes_seen,
        ["200", "200", "200", "200", "409", "409"],
        "{answers:?}"
    );
    for answer in answers.iter().filter(|a| status_of(a) == "409") {
        assert!(answer.contains("exists already"), "{answer}");
    }
    for code in ["AAA", "BBB", "CCC", "DDD"] {
        let name = code.to_lowercase();
        assert!(read(&root, &format!("problems/{name}.rs")).starts_with("//! ZZ Top\n"));
        assert_eq!(
            read(&root, &format!("testcases/{name}/sample-2.out")),
            "Second\n"
        );
        let url = format!("https://www.spoj.com/problems/{code}/");
        let meta = metadata(&root, &name);
        assert_eq!(meta.get("url").and_then(|v| v.as_str()), Some(url.as_str()));
    }
    std::fs::remove_dir_all(root).unwrap();
}

#[test]
fn a_slow_client_does_not_hold_the_listener() {
    let root = scratch("listen-slow");
    let (mut child, _stderr, address) = listening(&root, &[]);
    // Half a request, then silence: it holds only its own connection.
    let mut slow = std::net::TcpStream::connect(&address).unwrap();
    slow.write_all(b"POST / HTTP/1.1\r\nContent-Len").unwrap();
    let answer = post(&address, "", COMPANION);
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(child.wait().unwrap().success());
    assert_created(&root, "zztop");
    // The slow one is answered when the listener stops, after the fast one was created.
    let mut answer = String::new();
    slow.read_to_string(&mut answer).unwrap();
    assert!(
        answer.starts_with("HTTP/1.1 503")
            && answer.contains("has stopped after creating problems/zztop.rs"),
        "{answer}"
    );
    std::fs::remove_dir_all(root).unwrap();
}
