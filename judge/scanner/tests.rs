//! The scanner's unit tests: separators, the window over trickling and endless sources, the
//! end of the input and terminators, lines and their caps; `numbers` and `Trickle` serve the
//! integer readers' tests too.

use super::*;

#[test]
fn any_ascii_whitespace_separates() {
    let mut sc = Scanner::new(b"\t1\r\n2\x0b3\x0c4 \n");
    for want in 1..=4 {
        assert_eq!(sc.uint("x", 0..=9), Ok(want));
    }
    assert!(sc.finish().is_ok());
}

/// A terminal: "5\n", then an end of file, then "7\n" if it is read again.
struct Terminal {
    reads_after_end: usize,
    ended: bool,
    sent: bool,
}

impl Read for Terminal {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if !self.sent {
            self.sent = true;
            buf[..2].copy_from_slice(b"5\n");
            return Ok(2);
        }
        if self.ended {
            self.reads_after_end += 1;
            buf[..2].copy_from_slice(b"7\n");
            return Ok(2);
        }
        self.ended = true;
        Ok(0)
    }
}

#[test]
fn the_end_of_input_is_not_read_past() {
    let mut terminal = Terminal {
        reads_after_end: 0,
        ended: false,
        sent: false,
    };
    let mut sc = Scanner::from_reader(&mut terminal);
    assert_eq!(sc.uint("x", 0..=9), Ok(5));
    assert!(!sc.at_token().unwrap());
    assert!(sc.finish().is_ok());
    assert!(sc.uint("y", 0..=9).is_err());
    drop(sc);
    assert_eq!(terminal.reads_after_end, 0);
    // An empty input too: the byte-order-mark check does not read it again.
    let mut empty: &[u8] = b"";
    let mut sc = Scanner::from_reader(&mut empty);
    assert!(sc.uint("x", 0..=9).is_err());
    assert!(sc.finish().is_ok());
}

/// Seeded pseudo-random numbers below a bound (a 64-bit LCG's high bits), for the random
/// agreement tests: `next(bound)` is in `0..bound`.
pub(crate) fn numbers(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |bound: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % bound
    }
}

/// A source that hands out 1 to 9 bytes per read, so that tokens straddle the window.
pub(crate) struct Trickle<'a> {
    pub(crate) data: &'a [u8],
    pub(crate) state: u64,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.state = self.state.wrapping_mul(6364136223846793005).wrapping_add(1);
        let n = (1 + (self.state >> 60) as usize % 9)
            .min(buf.len())
            .min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// What `at_terminator` should answer at token `k` of `tokens`, by the tokens alone.
fn terminates(tokens: &[&str], k: usize, terminator: &[u64]) -> bool {
    k == tokens.len()
        || (!terminator.is_empty()
            && tokens.len() - k >= terminator.len()
            && terminator
                .iter()
                .zip(&tokens[k..])
                .all(|(v, t)| v.to_string() == *t))
}

#[test]
fn the_end_and_a_terminator_agree_with_the_split_tokens_on_random_texts() {
    let mut next = numbers(11);
    let pieces = ["0", "1", "00", "10", "+0", "x", "0x"];
    let separators = [" ", "\n", "\r\n", "\t ", "  \n"];
    for round in 0..3000 {
        let terminator: Vec<u64> = (0..next(3)).map(|_| next(2)).collect();
        let mut text = String::new();
        for _ in 0..next(8) {
            text.push_str(separators[next(5) as usize]);
            text.push_str(pieces[next(7) as usize]);
        }
        if next(2) == 0 {
            text.push_str(separators[next(5) as usize]);
        }
        let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
        let mut sc = Scanner::from_reader(Trickle {
            data: text.as_bytes(),
            state: round,
        });
        let mut k = 0;
        loop {
            let at_end = sc.at_end().unwrap();
            assert_eq!(at_end, k == tokens.len(), "{:?}", text);
            let ends = sc.at_terminator(&terminator).unwrap();
            assert_eq!(
                ends,
                terminates(&tokens, k, &terminator),
                "{:?} {:?}",
                text,
                terminator
            );
            if ends {
                if k < tokens.len() {
                    k += terminator.len();
                    continue;
                }
                break;
            }
            // Not the terminator: nothing was consumed.
            assert_eq!(sc.token("t").unwrap(), tokens[k], "{:?}", text);
            k += 1;
        }
        assert!(sc.finish().is_ok());
    }
}

#[test]
fn a_terminator_past_a_long_gap_is_not_looked_for() {
    let text = format!("0{}0\n", " ".repeat(5000));
    let mut sc = Scanner::new(text.as_bytes());
    assert!(!sc.at_terminator(&[0, 0]).unwrap());
    let text = format!("0{}0\n", " ".repeat(4000));
    let mut sc = Scanner::new(text.as_bytes());
    assert!(sc.at_terminator(&[0, 0]).unwrap());
    assert!(sc.at_end().unwrap());
}

#[test]
fn long_tokens_and_lines_grow_the_window() {
    let word = "w".repeat(200_000);
    let text = format!("\u{feff}{} 7\nab\r\n{}\n", word, word);
    for trickle in [false, true] {
        let mut sc = if trickle {
            Scanner::from_reader(Trickle {
                data: text.as_bytes(),
                state: 3,
            })
        } else {
            Scanner::new(text.as_bytes())
        };
        assert_eq!(sc.token("w"), Ok(word.as_str()));
        assert_eq!(sc.uint("seven", 0..=9), Ok(7));
        assert_eq!(sc.line(), Ok(Some(&b""[..])));
        assert_eq!(sc.line(), Ok(Some(&b"ab"[..])));
        assert_eq!(sc.line(), Ok(Some(word.as_bytes())));
        assert_eq!(sc.line(), Ok(None));
    }
}

/// A source that hands out `pieces` one per read (then its end), counting its reads; an
/// `Err` piece is that error of that kind.
struct Pieces<'a> {
    pieces: Vec<Result<&'static [u8], std::io::ErrorKind>>,
    reads: &'a std::cell::Cell<usize>,
}

/// A scanner over [`Pieces`].
fn over_pieces<'a>(
    pieces: Vec<Result<&'static [u8], std::io::ErrorKind>>,
    reads: &'a std::cell::Cell<usize>,
) -> Scanner<'a> {
    Scanner::from_reader(Pieces { pieces, reads })
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.reads.set(self.reads.get() + 1);
        if self.pieces.is_empty() {
            return Ok(0);
        }
        match self.pieces.remove(0) {
            Ok(piece) => {
                buf[..piece.len()].copy_from_slice(piece);
                Ok(piece.len())
            }
            Err(kind) => Err(std::io::Error::new(kind, "a signal")),
        }
    }
}

#[test]
fn a_token_is_answered_without_waiting_for_more_input() {
    // A terminal's first line, long enough for the byte-order-mark check: `12` is read
    // without asking for the next line.
    let reads = std::cell::Cell::new(0);
    let pieces = vec![Ok(&b"12\n"[..]), Ok(b"7\n")];
    let mut sc = over_pieces(pieces, &reads);
    assert_eq!(sc.uint("a", 0..=99), Ok(12));
    assert_eq!(reads.get(), 1);
    assert_eq!(sc.uint("b", 0..=99), Ok(7));
    assert_eq!(reads.get(), 2);
    assert!(sc.finish().is_ok());
}

#[test]
fn a_byte_order_mark_is_skipped_only_at_the_start() {
    // Later, in a window of its own, it is part of a token (and never read past again).
    let reads = std::cell::Cell::new(0);
    let pieces = vec![Ok(&b"1 \n"[..]), Ok(b"\xEF\xBB\xBF2 3")];
    let mut sc = over_pieces(pieces, &reads);
    assert_eq!(sc.uint("a", 0..=9), Ok(1));
    assert_eq!(
        sc.uint("b", 0..=9).unwrap_err().to_string(),
        "b: expected an integer, found `\\xEF\\xBB\\xBF2`"
    );
    assert_eq!(sc.uint("c", 0..=9), Ok(3));
    assert!(sc.finish().is_ok());
}

#[test]
fn an_interrupted_read_is_tried_again() {
    let reads = std::cell::Cell::new(0);
    let pieces = vec![Err(std::io::ErrorKind::Interrupted), Ok(&b"5 "[..])];
    let mut sc = over_pieces(pieces, &reads);
    assert_eq!(sc.uint("n", 0..=9), Ok(5));
    assert!(sc.finish().is_ok());
    let pieces = vec![Err(std::io::ErrorKind::Other)];
    let mut sc = over_pieces(pieces, &reads);
    assert!(matches!(
        sc.uint("n", 0..=9),
        Err(InputError::Unreadable(_))
    ));
}

#[test]
fn the_window_stays_one_window_over_a_long_input_of_short_tokens() {
    let text = "12 ".repeat(400_000);
    let mut sc = Scanner::new(text.as_bytes());
    for _ in 0..400_000 {
        assert_eq!(sc.uint("x", 0..=99), Ok(12));
    }
    assert!(sc.finish().is_ok());
    assert_eq!(sc.buf.len(), WINDOW);
}

#[test]
fn a_long_token_doubles_the_window_in_a_few_reads() {
    let word = vec![b'w'; 1 << 20];
    let reads = std::cell::Cell::new(0);
    let mut sc = Scanner::from_reader(Counted {
        source: &word[..],
        reads: &reads,
    });
    assert_eq!(sc.token("w").map(str::len), Ok(1 << 20));
    // 64 KiB, then doubled four times to hold 1 MiB and once more to meet its end.
    assert!(reads.get() <= 8, "{} reads", reads.get());
    assert!(sc.buf.len() <= 1 << 21, "{} bytes", sc.buf.len());
}

/// `source`, counting its reads.
struct Counted<'a, R> {
    source: R,
    reads: &'a std::cell::Cell<usize>,
}

impl<R: Read> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.reads.set(self.reads.get() + 1);
        self.source.read(buf)
    }
}

#[test]
fn separators_are_the_six_ascii_spaces() {
    for b in 0..=255u8 {
        let expected = matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r');
        assert_eq!(super::is_space(b), expected, "byte {}", b);
    }
}

#[test]
fn ahead_shows_the_window_from_the_next_token() {
    let mut sc = Scanner::new(b" \n 12 x");
    assert!(sc.at_token().unwrap());
    assert_eq!(sc.ahead(), b"12 x");
    sc.advance(2);
    assert_eq!(sc.ahead(), b"x");
    sc.advance(1);
    assert_eq!(sc.ahead(), b"");
}

#[test]
fn at_most_max_input_bytes_are_read() {
    // Separators, so that the window stays small: a token that ends at the last byte
    // allowed is read, a byte more is refused.
    let spaces = |n| std::io::repeat(b' ').take(n);
    let mut sc = Scanner::from_reader(spaces(MAX_INPUT - 1).chain(&b"7"[..]));
    assert_eq!(sc.uint("x", 0..=9), Ok(7));
    assert!(sc.finish().is_ok());
    let mut sc = Scanner::from_reader(spaces(MAX_INPUT + 1));
    assert_eq!(
        sc.finish().unwrap_err().to_string(),
        "cannot read the input: it is larger than 1 GiB"
    );
}

#[test]
fn a_failing_source_is_unreadable() {
    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(
                std::io::ErrorKind::Other,
                "disk on fire",
            ))
        }
    }
    let e = Scanner::from_reader(Broken).uint("n", 0..=9).unwrap_err();
    assert_eq!(e.to_string(), "cannot read the input: disk on fire");
}

/// A source of endless bytes that counts what was taken from it.
struct Endless<'a> {
    byte: u8,
    taken: &'a std::cell::Cell<usize>,
}

impl Read for Endless<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        buf.iter_mut().for_each(|b| *b = self.byte);
        self.taken.set(self.taken.get() + buf.len());
        Ok(buf.len())
    }
}

#[test]
fn an_endless_line_is_refused_after_a_window() {
    let taken = std::cell::Cell::new(0);
    let mut sc = Scanner::from_reader(Endless {
        byte: 0,
        taken: &taken,
    });
    let e = sc.line_within("line 1", 1000).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "line 1 is longer than 1000 bytes: `{}...`",
            "\\x00".repeat(20)
        )
    );
    assert!(taken.get() <= 1 << 16, "{} bytes read", taken.get());
    let taken = std::cell::Cell::new(0);
    let mut sc = Scanner::from_reader(Endless {
        byte: b'7',
        taken: &taken,
    });
    assert_eq!(
        sc.line_within("x", 3).unwrap_err(),
        InputError::TooLong {
            field: "x".into(),
            start: "`77777777777777777777...`".into(),
            max: 3
        }
    );
}

#[test]
fn a_line_of_exactly_max_bytes_is_accepted_with_any_ending() {
    for text in [&b"abcd\nabcd\r\nabcd"[..], b"abcd\r\nabcd\nabcd\r"] {
        for trickle in [false, true] {
            let mut sc = if trickle {
                Scanner::from_reader(Trickle {
                    data: text,
                    state: 9,
                })
            } else {
                Scanner::new(text)
            };
            for _ in 0..3 {
                assert_eq!(sc.line_within("l", 4), Ok(Some(&b"abcd"[..])));
            }
            assert_eq!(sc.line_within("l", 4), Ok(None));
        }
    }
    for text in [&b"abcde\n"[..], b"abcde\r\n", b"abcde", b"abcd\rx\n"] {
        let e = Scanner::new(text).line_within("l", 4).unwrap_err();
        assert!(
            matches!(e, InputError::TooLong { ref field, max: 4, .. } if field == "l"),
            "{:?}",
            e
        );
    }
}

#[test]
fn a_line_cut_at_the_windows_end_is_quoted_as_cut() {
    // The window holds exactly `max` + 2 bytes and no line break: the line is too long,
    // and its end (`gh`) was not read, so the quote says it goes on.
    let reads = std::cell::Cell::new(0);
    let pieces = vec![Ok(&b"abcdef"[..]), Ok(b"gh\n")];
    let mut sc = over_pieces(pieces, &reads);
    assert_eq!(
        sc.line_within("l", 4).unwrap_err().to_string(),
        "l is longer than 4 bytes: `abcdef...`"
    );
    assert_eq!(reads.get(), 1);
}

#[test]
fn a_long_line_after_a_short_one_is_quoted_from_its_own_start() {
    let mut sc = Scanner::new(b"ab\nabcdef");
    assert_eq!(sc.line_within("l", 3), Ok(Some(&b"ab"[..])));
    assert_eq!(
        sc.line_within("l", 3).unwrap_err().to_string(),
        "l is longer than 3 bytes: `abcdef...`"
    );
}

#[test]
fn a_long_line_is_quoted_by_its_start_and_length() {
    let mut text = vec![b'1'; 100_000];
    text.push(b'\n');
    let mut sc = Scanner::new(&text);
    let line = sc.line_within("line 1", 200_000);
    assert_eq!(line.map(|l| l.map(<[u8]>::len)), Ok(Some(100_000)));
    let e = Scanner::new(&text)
        .line_within("line 1", 99_999)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1 is longer than 99999 bytes: `11111111111111111111...` (100000 bytes)"
    );
    let e = e.for_field("the deck");
    assert!(e.to_string().starts_with("the deck is longer"), "{}", e);
}

#[test]
fn capped_lines_read_as_plain_lines_on_random_texts() {
    let mut next = numbers(3);
    for _ in 0..500 {
        let text: Vec<u8> = (0..next(300))
            .map(|_| [b'a', b'\r', b'\n', b' '][next(4) as usize])
            .collect();
        let max = next(12) as usize;
        let plain: Vec<&[u8]> = {
            let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
            if text.last().map_or(true, |&b| b == b'\n') {
                lines.pop();
            }
            lines
                .into_iter()
                .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
                .collect()
        };
        let trickle = Trickle {
            data: &text,
            state: next(100),
        };
        for mut sc in [Scanner::new(&text), Scanner::from_reader(trickle)] {
            let mut expected = plain.iter();
            loop {
                match (sc.line_within("l", max), expected.next()) {
                    (Ok(Some(got)), Some(want)) => assert_eq!(got, *want, "{:?}", text),
                    (Ok(None), None) => break,
                    (Err(InputError::TooLong { .. }), Some(want)) => {
                        assert!(want.len() > max, "{:?}", text);
                        break;
                    }
                    (got, want) => panic!("{:?} against {:?} in {:?}", got, want, text),
                }
            }
        }
    }
}
