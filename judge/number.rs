//! The fast number path of [`Scanner::uint_fast`](crate::Scanner::uint_fast): a number of at
//! most 7 digits read as one eight-byte word without a data-dependent branch (a digit loop
//! mispredicts at the end of every short token).

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
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    let b = bytes;
    let word = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
    let high = |w: u64| (w & 0xF0F0_F0F0_F0F0_F0F0) ^ ZEROS;
    let flagged = high(word) | high(word.wrapping_add(0x0606_0606_0606_0606));
    let n = (flagged.trailing_zeros() / 8) as usize;
    if n == 0 || n == 8 || !is_space((word >> (8 * n)) as u8) {
        return None;
    }
    let d = word.wrapping_sub(ZEROS) << (8 * (8 - n));
    let d = d.wrapping_mul(10).wrapping_add(d >> 8) & 0x00FF_00FF_00FF_00FF;
    let d = d.wrapping_mul(100).wrapping_add(d >> 16) & 0x0000_FFFF_0000_FFFF;
    Some((
        d.wrapping_mul(10_000).wrapping_add(d >> 32) & 0xFFFF_FFFF,
        n,
    ))
}

#[cfg(test)]
mod tests {
    use super::short_number;
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
}
