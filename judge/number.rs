//! The fast number path: a number of at most 15 digits read eight bytes at a time without a
//! data-dependent branch (a digit loop mispredicts at the end of every short token).

use crate::scanner::is_space;

/// `'0'` in every byte of a word.
const ZEROS: u64 = 0x3030_3030_3030_3030;

/// Eight bytes as one word, the first byte lowest.
#[inline(always)]
fn word(b: &[u8]) -> u64 {
    u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}

/// How many of a word's bytes, from the first, are ASCII digits (0 to 8), without a branch:
/// a byte is a digit iff its high nibble is 3 and adding 6 keeps it 3. (A carry out of a
/// byte above `0xF9` only reaches later bytes, past a byte already flagged.)
#[inline(always)]
fn digit_run(word: u64) -> usize {
    let high = |w: u64| (w & 0xF0F0_F0F0_F0F0_F0F0) ^ ZEROS;
    ((high(word) | high(word.wrapping_add(0x0606_0606_0606_0606))).trailing_zeros() / 8) as usize
}

/// The number written by the first `n` bytes of `word` (digits; `n` from 0 to 8): they are
/// moved to the top, so that the bytes below read as leading zeros; then pairs, quadruples
/// and all eight are combined, each by one multiplication.
#[inline(always)]
fn leading_digits(word: u64, n: usize) -> u64 {
    // Two shifts: one by 64 (n = 0) would overflow.
    let half = 4 * (8 - n);
    let d = (word.wrapping_sub(ZEROS) << half) << half;
    let d = d.wrapping_mul(10).wrapping_add(d >> 8) & 0x00FF_00FF_00FF_00FF;
    let d = d.wrapping_mul(100).wrapping_add(d >> 16) & 0x0000_FFFF_0000_FFFF;
    d.wrapping_mul(10_000).wrapping_add(d >> 32) & 0xFFFF_FFFF
}

/// A number of 1 to 15 digits at the start of `bytes` (16 bytes) that a separator ends, and
/// its length; `None` for anything else, which the careful path then reads.
#[inline(always)]
pub(crate) fn short_number(bytes: &[u8]) -> Option<(u64, usize)> {
    let first = word(bytes);
    let n = digit_run(first);
    if n < 8 {
        let ended = is_space((first >> (8 * n)) as u8);
        return if n > 0 && ended {
            Some((leading_digits(first, n), n))
        } else {
            None
        };
    }
    let second = word(&bytes[8..]);
    // Sixteen digits give `m` = 0 and a digit where the separator should be.
    let m = digit_run(second) & 7;
    if !is_space((second >> (8 * m)) as u8) {
        return None;
    }
    let high = leading_digits(first, 8);
    Some((
        high * 10u64.pow(m as u32) + leading_digits(second, m),
        8 + m,
    ))
}
