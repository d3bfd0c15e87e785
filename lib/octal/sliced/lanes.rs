//! The options of a block of sixteen heaps as tables ([`Lanes`]): marked by the far pass and
//! the pairs it leaves, then read for the rare values no option makes below the first common
//! value none makes.

use super::super::scan::boxed_table;

/// Heaps whose pairs with a rare part are read together: the partners of a rare position r
/// for heaps n0..n0 + 16 are 16 neighbouring values, read four at a time, and each pair's
/// value is marked in its heap's table. 16 was the best of 8, 16 and 32: fewer lanes read
/// each rare position's partners more often, and 32 doubles the pairs added heap by heap.
pub(super) const LANES: usize = 16;

/// A heap's table in [`Lanes`]: a byte a value, and 64 to spare, so that the tables of a
/// block do not start at the same place in a cache set (their starts 64 KiB apart would all
/// fall in one set of the first-level cache).
pub(super) const LANE: usize = (1 << 16) + 64;

/// The options of the heaps of a block: `tables[i][v]` is 1 if v is an option of heap
/// block + i (a byte each, so that a mark is a store alone, not a read-modify-write of a
/// word of bits shared by the heaps; a table a heap, so that the mark's address is the
/// value plus a constant), or, for a block marked through a shared window, bit i of
/// `bits[v]`.
pub(super) struct Lanes {
    pub(super) tables: Box<[[u8; LANE]; LANES]>,
    /// The marks as bits instead (bit i of `bits[v]` for heap i), for the block being
    /// marked through a shared window (allocated on first use).
    bits: Option<Box<[u16; 1 << 16]>>,
    /// Whether this block's marks are in `bits`.
    pub(super) packed: bool,
}

/// A copy made on the heap, table by table (a whole copy on the stack would take 1 MiB).
impl Clone for Lanes {
    fn clone(&self) -> Self {
        let mut copy = Lanes::new();
        for (to, from) in copy.tables.iter_mut().zip(self.tables.iter()) {
            to.copy_from_slice(from);
        }
        copy.bits = self.bits.clone();
        copy.packed = self.packed;
        copy
    }
}

impl std::fmt::Debug for Lanes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lanes")
    }
}

impl Lanes {
    /// Zeroed tables (1 MiB, allocated on the heap directly; the values below the largest
    /// one's next power of two are touched).
    pub(super) fn new() -> Self {
        Lanes {
            tables: boxed_table([0; LANE]),
            bits: None,
            packed: false,
        }
    }

    /// Clears the values below `size` of every heap, for marks as bytes (`packed` false) or
    /// as bits.
    pub(super) fn clear(&mut self, size: usize, packed: bool) {
        self.packed = packed;
        if packed {
            self.bits()[..size].iter_mut().for_each(|b| *b = 0);
        } else {
            for table in self.tables.iter_mut() {
                table[..size].iter_mut().for_each(|b| *b = 0);
            }
        }
    }

    /// The marks as bits, for a block cleared as `packed`.
    pub(super) fn bits(&mut self) -> &mut [u16; 1 << 16] {
        self.bits.get_or_insert_with(|| boxed_table(0))
    }

    /// Notes that value v is an option of heap i of the block.
    #[inline]
    pub(super) fn mark(&mut self, i: usize, v: usize) {
        match &mut self.bits {
            Some(bits) if self.packed => bits[v] |= 1 << i,
            _ => self.tables[i][v] = 1,
        }
    }

    /// Whether value v is an option of heap i of the block.
    #[inline]
    pub(super) fn marked(&self, i: usize, v: usize) -> bool {
        match &self.bits {
            Some(bits) if self.packed => bits[v] >> i & 1 != 0,
            _ => self.tables[i][v] != 0,
        }
    }

    /// The rare values heap i lacks below the first common value c it lacks, for the mex:
    /// returns c and their count, written in order at the start of `found`. `rare_value[v]`
    /// is 1 if v is rare, else 0, with eight zeros to spare past 65535. Below c only rare
    /// values can be missing (one above 65535 cannot be a pair's value: it stays missing).
    ///
    /// Each loop has one branch, taken once: whether a value is wanted is as good as random,
    /// so it is written every time and kept by advancing the count.
    pub(super) fn unmade(
        &self,
        i: usize,
        rare_value: &[u8],
        found: &mut [u16; 1 << 16],
    ) -> (usize, usize) {
        let (mut c, mut count) = (0, 0);
        if self.packed {
            while c < 1 << 16 {
                let made = self.marked(i, c);
                let rare = rare_value[c] != 0;
                if !(made | rare) {
                    break;
                }
                found[count] = c as u16;
                // (`rare &` is redundant here, but reading `rare` in any case keeps the
                // compiler from testing `made` first with a branch of its own.)
                count += usize::from(rare & !made);
                c += 1;
            }
            return (c, count);
        }
        // Eight values a step, as bytes of a word (each 0 or 1): the first value neither made
        // nor rare ends the loop, and each rare value not made before it is written and kept
        // by advancing the count.
        const ONES: u64 = 0x0101_0101_0101_0101;
        let table = &self.tables[i];
        loop {
            let made = word_at(&table[c..c + 8]);
            let rare = word_at(&rare_value[c..c + 8]);
            let absent = !(made | rare) & ONES;
            let stop = (absent.trailing_zeros() / 8) as usize;
            let below = if stop < 8 { (1 << (8 * stop)) - 1 } else { !0 };
            let wanted = rare & !made & below;
            for k in 0..8 {
                found[count] = (c + k) as u16;
                count += (wanted >> (8 * k) & 1) as usize;
            }
            if stop < 8 {
                return (c + stop, count);
            }
            c += 8;
            if c == 1 << 16 {
                return (c, count);
            }
        }
    }
}

/// The eight bytes of `bytes` as a word, the first the lowest.
#[inline]
fn word_at(bytes: &[u8]) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(bytes);
    u64::from_le_bytes(word)
}
