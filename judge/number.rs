//! The fast number paths of [`Scanner::uint_fast`](crate::Scanner::uint_fast): a number of at
//! most 7 digits read as one eight-byte word without a data-dependent branch (a digit loop
//! mispredicts at the end of every short token), and one of 8 to 20 digits as up to three
//! words (a digit loop on a 20-digit number costs 20 dependent multiply-adds).

use crate::scanner::is_space;

/// A number of 1 to 7 digits at the start of `bytes` (at least 8 bytes) that a separator
/// ends, and its length; `None` for anything else, which the careful path then reads.
///
/// A byte is a digit iff its high nibble is 3 and adding 6 keeps it 3 (a carry out of a byte
/// above `0xF9` only reaches later bytes, past a byte already flagged). The digits are moved
/// to the top of the word, so that the bytes below read as leading zeros, then combined in
/// pairs, quadruples and all eight, each by one multiplication.
#[inline(always)]
pub(crate) fn short_number(bytes: &[u8]) -> Option<(u64, usize)> {
    let b = bytes;
    let word = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
    let n = leading_digits(word);
    if n == 0 || n == 8 || !is_space((word >> (8 * n)) as u8) {
        return None;
    }
    Some((eight_digits(word.wrapping_sub(ZEROS) << (8 * (8 - n))), n))
}

const ZEROS: u64 = 0x3030_3030_3030_3030;

/// How many of the eight bytes of `word` (little-endian) are digits before the first that is
/// not (8 if all are): [`short_number`]'s test, a byte at a time in one word.
#[inline(always)]
fn leading_digits(word: u64) -> usize {
    let high = |w: u64| (w & 0xF0F0_F0F0_F0F0_F0F0) ^ ZEROS;
    let flagged = high(word) | high(word.wrapping_add(0x0606_0606_0606_0606));
    (flagged.trailing_zeros() / 8) as usize
}

/// The number whose eight decimal digits are the bytes of `d` (digit values 0 to 9, the most
/// significant first in memory): pairs, quadruples and all eight, each by one multiplication.
#[inline(always)]
fn eight_digits(d: u64) -> u64 {
    let d = d.wrapping_mul(10).wrapping_add(d >> 8) & 0x00FF_00FF_00FF_00FF;
    let d = d.wrapping_mul(100).wrapping_add(d >> 16) & 0x0000_FFFF_0000_FFFF;
    d.wrapping_mul(10_000).wrapping_add(d >> 32) & 0xFFFF_FFFF
}

/// A number of 8 to 20 digits at the start of `bytes` (at least 24 bytes) that a separator
/// ends and that fits in a `u64`, and its length; `None` for anything else (shorter, longer,
/// signed, malformed, or too large), which the careful path then reads.
///
/// The digits are read as a head of up to 7 (moved to the top of its word, as
/// [`short_number`] does) and one or two full words of 8 after it.
#[inline(always)]
pub(crate) fn long_number(bytes: &[u8]) -> Option<(u64, usize)> {
    let b = bytes;
    let word = |i: usize| {
        u64::from_le_bytes([
            b[i],
            b[i + 1],
            b[i + 2],
            b[i + 3],
            b[i + 4],
            b[i + 5],
            b[i + 6],
            b[i + 7],
        ])
    };
    let mut n = leading_digits(word(0));
    if n == 8 {
        n += leading_digits(word(8));
        if n == 16 {
            n += leading_digits(word(16));
        }
    }
    if !(8..=20).contains(&n) || !is_space(b[n]) {
        return None;
    }
    // n = head + 8·words, with a head of 0 to 7 digits.
    let words = if n >= 16 { 2 } else { 1 };
    let head = n - 8 * words;
    let mut value = match head {
        0 => 0,
        _ => eight_digits(word(0).wrapping_sub(ZEROS) << (8 * (8 - head))),
    };
    for k in 0..words {
        let chunk = eight_digits(word(head + 8 * k).wrapping_sub(ZEROS));
        value = value.checked_mul(100_000_000)?.checked_add(chunk)?;
    }
    Some((value, n))
}

#[cfg(test)]
mod tests {
    use super::{long_number, short_number};
    use crate::scanner::tests::numbers;

    /// What `short_number` must give, read plainly: 1 to 7 digits, then a separator.
    fn plain(bytes: &[u8]) -> Option<(u64, usize)> {
        let n = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        let ended = bytes.get(n).map_or(false, |&b| crate::scanner::is_space(b));
        if n == 0 || n > 7 || !ended {
            return None;
        }
        let text = std::str::from_utf8(&bytes[..n]).unwrap();
        Some((text.parse().unwrap(), n))
    }

    #[test]
    fn short_numbers_read_as_a_plain_parse() {
        assert_eq!(short_number(b"1234567 "), Some((1234567, 7)));
        assert_eq!(short_number(b"0012\n..."), Some((12, 4)));
        assert_eq!(short_number(b"9\tzzzzzz"), Some((9, 1)));
        assert_eq!(short_number(b"12345678"), None);
        assert_eq!(short_number(b" 1234567"), None);
        assert_eq!(short_number(b"12:45678"), None);
        // Every byte value next to digits, and random words of digits, separators and others.
        for b in 0..=255u8 {
            let word = [b'4', b'2', b, b' ', b'1', b'1', b'1', b'1'];
            assert_eq!(short_number(&word), plain(&word), "{:?}", word);
            let word = [b, b' ', b'1', b'1', b'1', b'1', b'1', b'1'];
            assert_eq!(short_number(&word), plain(&word), "{:?}", word);
        }
        let mut next = numbers(17);
        for _ in 0..100_000 {
            let mut word = [0u8; 8];
            for byte in word.iter_mut() {
                *byte = match next(4) {
                    0 => b" \n\r\t/:x\xff"[next(8) as usize],
                    _ => b'0' + next(10) as u8,
                };
            }
            assert_eq!(short_number(&word), plain(&word), "{:?}", word);
        }
    }

    /// What `long_number` must give, read plainly: 8 to 20 digits, a separator, and a value
    /// that fits in a `u64`.
    fn plain_long(bytes: &[u8]) -> Option<(u64, usize)> {
        let n = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        let ended = bytes.get(n).map_or(false, |&b| crate::scanner::is_space(b));
        if !(8..=20).contains(&n) || !ended {
            return None;
        }
        let text = std::str::from_utf8(&bytes[..n]).unwrap();
        text.parse().ok().map(|v| (v, n))
    }

    #[test]
    fn long_numbers_read_as_a_plain_parse() {
        let pad = |text: &[u8]| {
            let mut bytes = text.to_vec();
            bytes.resize(24, b'x');
            bytes
        };
        assert_eq!(long_number(&pad(b"12345678 ")), Some((12345678, 8)));
        assert_eq!(long_number(&pad(b"1234567 ")), None);
        assert_eq!(
            long_number(&pad(b"18446744073709551615\n")),
            Some((u64::MAX, 20))
        );
        assert_eq!(long_number(&pad(b"18446744073709551616\n")), None);
        assert_eq!(long_number(&pad(b"99999999999999999999 ")), None);
        assert_eq!(long_number(&pad(b"000000000000000000001 ")), None); // 21 digits
        assert_eq!(long_number(&pad(b"00000000000000000001 ")), Some((1, 20)));
        assert_eq!(long_number(&pad(b"1234567890123456")), None); // no separator in the 24
        assert_eq!(long_number(&pad(b"-12345678 ")), None);
        // Every length from 8 to 22 digits, every byte value after them, random digits.
        let mut next = numbers(23);
        for _ in 0..200_000 {
            let mut bytes = [0u8; 24];
            let len = 6 + next(17) as usize;
            for (i, byte) in bytes.iter_mut().enumerate() {
                *byte = if i < len {
                    b'0' + next(10) as u8
                } else {
                    b" \n\r\t/:x\xff0"[next(9) as usize]
                };
            }
            if next(8) == 0 {
                bytes[next(24) as usize] = next(256) as u8;
            }
            if next(4) == 0 {
                // Near the top of u64: 1844674407370955161x.
                bytes[..20].copy_from_slice(b"18446744073709551610");
                bytes[19] = b'0' + next(10) as u8;
            }
            assert_eq!(long_number(&bytes), plain_long(&bytes), "{:?}", bytes);
        }
    }
}
