//! The token grammar and the number parser: which bytes separate tokens, a short number read
//! eight bytes at a time without a data-dependent branch, and the careful byte-at-a-time
//! reading of any other token.

use crate::error::{quote_cut, QUOTE_LIMIT};

/// Which bytes separate tokens: space, tab, line feed, vertical tab, form feed, carriage
/// return. A table, so that the hot loops test a byte with one load.
static SPACE: [bool; 256] = {
    let mut table = [false; 256];
    table[b' ' as usize] = true;
    table[b'\t' as usize] = true;
    table[b'\n' as usize] = true;
    table[0x0b] = true;
    table[0x0c] = true;
    table[b'\r' as usize] = true;
    table
};

/// Whether `b` separates tokens.
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    SPACE[usize::from(b)]
}

/// `'0'` in every byte of a word.
const ZEROS: u64 = 0x3030_3030_3030_3030;

/// Powers of ten below 10^8.
const POW10: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// Eight bytes as one word, the first byte lowest.
#[inline(always)]
fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes([
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
    ])
}

/// How many of a word's bytes, from the first, are ASCII digits (0 to 8), without a branch:
/// a byte is a digit iff its high nibble is 3 and adding 6 keeps it 3. (A carry out of a
/// byte above `0xF9` only reaches later bytes, past a byte already flagged.)
#[inline(always)]
fn digit_run(word: u64) -> usize {
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    let flagged =
        ((word & HIGH) ^ ZEROS) | ((word.wrapping_add(0x0606_0606_0606_0606) & HIGH) ^ ZEROS);
    (flagged.trailing_zeros() / 8) as usize
}

/// The number written by eight digit values 0..=9, one a byte, the first byte the most
/// significant digit: pairs, then quadruples, then all eight, each by one multiplication.
#[inline(always)]
fn eight_digits(digits: u64) -> u64 {
    let pairs = digits.wrapping_mul(10).wrapping_add(digits >> 8) & 0x00FF_00FF_00FF_00FF;
    let quads = pairs.wrapping_mul(100).wrapping_add(pairs >> 16) & 0x0000_FFFF_0000_FFFF;
    quads.wrapping_mul(10_000).wrapping_add(quads >> 32) & 0xFFFF_FFFF
}

/// The number written by the first `n` bytes of `word` (digits; `n` at most 7): they are
/// moved to the top, so that the bytes below them read as leading zeros.
#[inline(always)]
fn leading_digits(word: u64, n: usize) -> u64 {
    eight_digits((word.wrapping_sub(ZEROS) << (8 * (7 - n))) << 8)
}

/// A number of 1 to 15 digits at the start of `bytes` (16 bytes) that a separator ends, and
/// its length; `None` for anything else, which the careful path then reads.
#[inline(always)]
pub(crate) fn short_number(bytes: &[u8]) -> Option<(u64, usize)> {
    let first = word(&bytes[..8]);
    let n = digit_run(first);
    if n < 8 {
        let ended = is_space((first >> (8 * n)) as u8);
        if n == 0 || !ended {
            return None;
        }
        return Some((leading_digits(first, n), n));
    }
    let second = word(&bytes[8..16]);
    let m = digit_run(second) & 7;
    // Sixteen digits give `m` = 0 and a digit where the separator should be.
    if !is_space((second >> (8 * m)) as u8) {
        return None;
    }
    let high = eight_digits(first.wrapping_sub(ZEROS));
    Some((high * POW10[m] + leading_digits(second, m), 8 + m))
}

/// The start of a token, kept for an error message, and how it reads as an unsigned integer.
pub(crate) struct TokenReading {
    head: [u8; QUOTE_LIMIT],
    len: u64,
    /// Whether it starts with `-`.
    pub(crate) negative: bool,
    /// How many digits it has.
    pub(crate) digits: u64,
    /// Whether it has a byte that is neither a digit nor a leading sign.
    pub(crate) other: bool,
    /// The value, `None` once it exceeds `u64`.
    pub(crate) value: Option<u64>,
}

impl TokenReading {
    pub(crate) fn new() -> Self {
        TokenReading {
            head: [0; QUOTE_LIMIT],
            len: 0,
            negative: false,
            digits: 0,
            other: false,
            value: Some(0),
        }
    }

    pub(crate) fn push(&mut self, b: u8) {
        if let Some(slot) = self.head.get_mut(self.len as usize) {
            *slot = b;
        }
        match b {
            b'0'..=b'9' => {
                self.digits += 1;
                self.value = self
                    .value
                    .and_then(|v| v.checked_mul(10))
                    .and_then(|v| v.checked_add(u64::from(b - b'0')));
            }
            b'+' | b'-' if self.len == 0 => self.negative = b == b'-',
            _ => self.other = true,
        }
        self.len += 1;
    }

    pub(crate) fn quote(&self) -> String {
        let shown = (self.len as usize).min(QUOTE_LIMIT);
        quote_cut(&self.head[..shown], self.len)
    }
}
