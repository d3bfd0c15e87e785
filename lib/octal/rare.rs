//! The rare-value ("sparse space") split between common and rare Grundy values.
//!
//! For a mask m, call a value v *rare* when popcount(v & m) is even. Parity of popcount is
//! additive under XOR, so a *common* value G(a) ^ G(b) needs exactly one of G(a), G(b) rare.
//! When rare values are few, every common option value of a split is found by pairing each rare
//! position with its partner, and rare candidates for the mex are checked one by one
//! (Berlekamp; Flammenkamp; Gangolli–Plambeck).

/// A mask and the positions (>= 1) whose value is rare under it, in increasing order.
#[derive(Clone, Debug)]
pub struct RareIndex {
    mask: u16,
    positions: Vec<u32>,
}

impl RareIndex {
    /// The index of `values[1..]` under `mask`.
    pub fn new(mask: u16, values: &[u16]) -> Self {
        let mut index = RareIndex {
            mask,
            positions: Vec::new(),
        };
        for (n, &v) in values.iter().enumerate().skip(1) {
            index.record(n, v);
        }
        index
    }

    /// The mask in use.
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// Whether `v` is rare under the mask.
    #[inline]
    pub fn is_rare(&self, v: u16) -> bool {
        (v & self.mask).count_ones() % 2 == 0
    }

    /// The rare positions, increasing.
    #[inline]
    pub fn positions(&self) -> &[u32] {
        &self.positions
    }

    /// Notes that position `n` (the next one, n >= 1) has value `v`.
    pub fn record(&mut self, n: usize, v: u16) {
        if n >= 1 && self.is_rare(v) {
            self.positions.push(n as u32);
        }
    }

    /// Forgets positions at or above `len`.
    pub fn truncate(&mut self, len: usize) {
        while self.positions.last().map_or(false, |&p| p as usize >= len) {
            self.positions.pop();
        }
    }
}

/// The non-zero mask that makes the fewest of `values[1..]` rare, with that count.
///
/// With h the histogram of values, the Walsh–Hadamard transform H(m) = Σ_v h(v)·(−1)^popcount(v&m)
/// equals (#rare − #common) under mask m, so one transform scores every mask at once.
///
/// # Complexity
/// O(N + b · 2^b) for N values below 2^b.
pub fn best_mask(values: &[u16]) -> (u16, usize) {
    let counted = values.get(1..).unwrap_or(&[]);
    let top = counted.iter().copied().max().unwrap_or(0);
    let size = (top as usize + 1).next_power_of_two().max(2);
    let mut score: Vec<i64> = vec![0; size];
    counted.iter().for_each(|&v| score[v as usize] += 1);
    let mut half = 1;
    while half < size {
        for block in (0..size).step_by(2 * half) {
            for i in block..block + half {
                let (a, b) = (score[i], score[i + half]);
                score[i] = a + b;
                score[i + half] = a - b;
            }
        }
        half *= 2;
    }
    let total = counted.len() as i64;
    let (mask, s) = (1..size)
        .map(|m| (m, score[m]))
        .min_by_key(|&(_, s)| s)
        .expect("size >= 2");
    (mask as u16, ((total + s) / 2) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_mask_matches_brute_force_counting() {
        let values: Vec<u16> = (0..500u32)
            .map(|i| ((i * 37 + i / 7) % 23) as u16)
            .collect();
        let (mask, rare) = best_mask(&values);
        let count = |m: u16| {
            values[1..]
                .iter()
                .filter(|&&v| (v & m).count_ones() % 2 == 0)
                .count()
        };
        assert_eq!(rare, count(mask));
        assert!((1..32u16).all(|m| count(m) >= rare));
        assert_eq!(RareIndex::new(mask, &values).positions().len(), rare);
    }
}
