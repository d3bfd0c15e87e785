//! A linear basis over GF(2) of 64-bit values: which Nim sums a subset of heaps can reach, how
//! many subsets reach each, the largest and the k-th smallest.
//!
//! # The theorem
//! The XORs of the subsets of values v_1, …, v_n form a vector space over GF(2) (the span).
//! Gaussian elimination keeps at most one basis vector per leading bit; r, the rank, is the
//! number of them, and the span has 2^r elements. The map "subset → its XOR" is linear from
//! GF(2)^n onto the span, so every reachable value is reached by exactly 2^(n − r) subsets
//! (the size of the kernel), the empty subset included. With the basis fully reduced (no
//! basis vector has another's leading bit), the span in increasing order is the binary
//! counting of the basis vectors by increasing leading bit: the k-th smallest reachable value
//! is the XOR of the basis vectors at the 1 bits of k.
//!
//! Source: the standard "linear basis" (线性基) of contest practice (OI-wiki, "Linear basis");
//! the counting is the rank–nullity theorem.
//!
//! ```
//! use grundy::linear_basis::LinearBasis;
//! let mut basis = LinearBasis::new();
//! for v in [3, 5, 6] {
//!     basis.insert(v);
//! }
//! assert_eq!(basis.rank(), 2); // 6 = 3 ^ 5
//! assert_eq!(basis.max_xor(), 6);
//! assert_eq!(basis.subsets_per_value_log2(), 1); // 2 of the 8 subsets reach each of 0, 3, 5, 6
//! ```

/// A basis of the span of the values inserted so far, kept fully reduced, and the count of
/// values inserted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearBasis {
    /// `rows[b]`: the basis vector whose leading bit is b, or 0; no basis vector has a 1 at
    /// another's leading bit.
    rows: [u64; 64],
    rank: u32,
    inserted: u64,
}

impl Default for LinearBasis {
    /// The empty basis, as [`LinearBasis::new`].
    fn default() -> Self {
        LinearBasis::new()
    }
}

impl LinearBasis {
    /// An empty basis: the span is {0}, nothing inserted.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// assert_eq!(LinearBasis::new().rank(), 0);
    /// ```
    pub fn new() -> Self {
        LinearBasis {
            rows: [0; 64],
            rank: 0,
            inserted: 0,
        }
    }

    /// Inserts a value (one more heap); true when it enlarged the span (the rank grew).
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// assert!(basis.insert(6));
    /// assert!(basis.insert(3));
    /// assert!(!basis.insert(5)); // 5 = 6 ^ 3
    /// assert!(!basis.insert(0));
    /// assert_eq!(basis.len(), 4);
    /// ```
    ///
    /// # Complexity
    /// O(64).
    pub fn insert(&mut self, value: u64) -> bool {
        self.inserted += 1;
        let v = self.reduce(value);
        if v == 0 {
            return false;
        }
        let lead = 63 - v.leading_zeros() as usize;
        // Keep the basis fully reduced: clear the new leading bit from every other row.
        for row in self.rows.iter_mut() {
            if *row >> lead & 1 == 1 {
                *row ^= v;
            }
        }
        self.rows[lead] = v;
        self.rank += 1;
        true
    }

    /// The smallest value of `value ⊕ span`: `value` with every leading bit of the basis
    /// cleared. It is 0 exactly when `value` is reachable.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// basis.insert(4);
    /// assert_eq!(basis.reduce(7), 3);
    /// assert_eq!(basis.reduce(4), 0);
    /// ```
    ///
    /// # Complexity
    /// O(64).
    pub fn reduce(&self, value: u64) -> u64 {
        let mut v = value;
        for bit in (0..64).rev() {
            if v >> bit & 1 == 1 && self.rows[bit] != 0 {
                v ^= self.rows[bit];
            }
        }
        v
    }

    /// Whether some subset of the inserted values (possibly empty) has XOR `value`.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// basis.insert(3);
    /// basis.insert(5);
    /// assert!(basis.contains(6) && basis.contains(0) && !basis.contains(1));
    /// ```
    ///
    /// # Complexity
    /// O(64).
    pub fn contains(&self, value: u64) -> bool {
        self.reduce(value) == 0
    }

    /// The rank r: the span has 2^r values.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// basis.insert(1);
    /// basis.insert(1);
    /// assert_eq!(basis.rank(), 1);
    /// ```
    pub fn rank(&self) -> u32 {
        self.rank
    }

    /// How many values were inserted (n), zeros and repeats included.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// basis.insert(0);
    /// assert_eq!(basis.len(), 1);
    /// ```
    pub fn len(&self) -> u64 {
        self.inserted
    }

    /// Whether nothing was inserted.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// assert!(LinearBasis::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.inserted == 0
    }

    /// The largest reachable XOR (0 for an empty basis).
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// for v in [9, 5, 12] {
    ///     basis.insert(v);
    /// }
    /// assert_eq!(basis.max_xor(), 12); // 12 = 9 ^ 5 adds nothing: the span is 0, 5, 9, 12
    /// ```
    ///
    /// # Complexity
    /// O(64).
    pub fn max_xor(&self) -> u64 {
        // Fully reduced: every basis vector adds its leading bit and clears no higher one.
        self.rows.iter().fold(0, |acc, &row| acc ^ row)
    }

    /// The smallest XOR of a **non-empty** subset: 0 when some non-empty subset cancels (more
    /// values inserted than the rank), else the smallest basis vector; `None` when nothing was
    /// inserted.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// assert_eq!(basis.min_xor(), None);
    /// basis.insert(6);
    /// basis.insert(5);
    /// assert_eq!(basis.min_xor(), Some(3)); // 6 ^ 5
    /// basis.insert(3);
    /// assert_eq!(basis.min_xor(), Some(0)); // 6 ^ 5 ^ 3
    /// ```
    ///
    /// # Complexity
    /// O(64).
    pub fn min_xor(&self) -> Option<u64> {
        if self.inserted == 0 {
            None
        } else if self.inserted > u64::from(self.rank) {
            Some(0)
        } else {
            self.rows.iter().copied().find(|&row| row != 0)
        }
    }

    /// log2 of the number of subsets (the empty one included) reaching each reachable value:
    /// n − r, as each reachable value is reached by exactly 2^(n − r) subsets.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// for v in [1, 2, 3, 3] {
    ///     basis.insert(v);
    /// }
    /// assert_eq!(basis.subsets_per_value_log2(), 2); // 16 subsets over the 4 values 0..=3
    /// ```
    pub fn subsets_per_value_log2(&self) -> u64 {
        self.inserted - u64::from(self.rank)
    }

    /// The number of subsets reaching each reachable value, 2^(n − r), modulo `modulus`.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// for _ in 0..100 {
    ///     basis.insert(7);
    /// }
    /// assert_eq!(basis.subsets_per_value_mod(1_000_000_007), 988_185_646); // 2^99 mod p
    /// ```
    ///
    /// # Panics
    /// If `modulus` is 0.
    ///
    /// # Complexity
    /// O(log n).
    pub fn subsets_per_value_mod(&self, modulus: u64) -> u64 {
        assert!(
            modulus > 0,
            "subsets_per_value_mod: the modulus must be positive"
        );
        let m = u128::from(modulus);
        let (mut result, mut base, mut exp) = (1 % m, 2 % m, self.subsets_per_value_log2());
        while exp > 0 {
            if exp & 1 == 1 {
                result = result * base % m;
            }
            base = base * base % m;
            exp >>= 1;
        }
        result as u64
    }

    /// The k-th smallest distinct reachable value, counting from k = 0 (which is 0, the empty
    /// subset's XOR); `None` when k ≥ 2^r.
    ///
    /// ```
    /// use grundy::linear_basis::LinearBasis;
    /// let mut basis = LinearBasis::new();
    /// basis.insert(3);
    /// basis.insert(5);
    /// let span: Vec<_> = (0..5).map(|k| basis.kth_smallest(k)).collect();
    /// assert_eq!(span, [Some(0), Some(3), Some(5), Some(6), None]);
    /// ```
    ///
    /// # Complexity
    /// O(64).
    pub fn kth_smallest(&self, k: u64) -> Option<u64> {
        if self.rank < 64 && k >> self.rank != 0 {
            return None;
        }
        let mut value = 0;
        for (index, &row) in self.rows.iter().filter(|&&row| row != 0).enumerate() {
            if k >> index & 1 == 1 {
                value ^= row;
            }
        }
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use testkit::Rng;

    /// Every subset's XOR, counted: the literal span with multiplicities.
    fn subset_xors(values: &[u64]) -> BTreeMap<u64, u64> {
        let mut counts = BTreeMap::new();
        for set in 0u32..1 << values.len() {
            let x = (0..values.len())
                .filter(|&i| set >> i & 1 == 1)
                .fold(0, |x, i| x ^ values[i]);
            *counts.entry(x).or_insert(0) += 1;
        }
        counts
    }

    #[test]
    fn agrees_with_enumerated_subsets() {
        let mut rng = Rng::new(4411);
        for round in 0..600 {
            let n = rng.range(0, 10) as usize;
            // Small values make dependencies common; some rounds use full 64-bit values.
            let values: Vec<u64> = (0..n)
                .map(|_| match round % 3 {
                    0 => rng.below(16),
                    1 => rng.below(1 << 10),
                    _ => rng.next_u64() >> rng.range(0, 63),
                })
                .collect();
            let mut basis = LinearBasis::new();
            let mut rank_growth = 0;
            for &v in &values {
                let before = subset_xors(&values[..basis.len() as usize]).len();
                let grew = basis.insert(v);
                let after = subset_xors(&values[..basis.len() as usize]).len();
                assert_eq!(grew, after > before, "{:?}", values);
                rank_growth += u32::from(grew);
            }
            let counts = subset_xors(&values);
            let span: Vec<u64> = counts.keys().copied().collect();
            assert_eq!(basis.rank(), rank_growth);
            assert_eq!(1u64 << basis.rank(), span.len() as u64, "{:?}", values);
            assert_eq!(basis.len(), n as u64);
            assert_eq!(basis.is_empty(), n == 0);
            for (&x, &c) in &counts {
                assert_eq!(c, 1 << basis.subsets_per_value_log2(), "{:?}", values);
                assert_eq!(basis.subsets_per_value_mod(1_000_000_007), c);
                assert!(basis.contains(x));
                assert_eq!(basis.reduce(x), 0);
            }
            assert_eq!(basis.max_xor(), *span.last().unwrap(), "{:?}", values);
            let nonempty_min = (1u32..1 << n)
                .map(|set| {
                    (0..n)
                        .filter(|&i| set >> i & 1 == 1)
                        .fold(0, |x, i| x ^ values[i])
                })
                .min();
            assert_eq!(basis.min_xor(), nonempty_min, "{:?}", values);
            for (k, &x) in span.iter().enumerate() {
                assert_eq!(
                    basis.kth_smallest(k as u64),
                    Some(x),
                    "{:?} k = {}",
                    values,
                    k
                );
            }
            assert_eq!(basis.kth_smallest(span.len() as u64), None);
            assert_eq!(basis.kth_smallest(u64::MAX), None);
            // reduce(y) is the smallest of y ^ span, and y is reachable iff it reduces to 0.
            for _ in 0..20 {
                let y = rng.below(1 << 12);
                let smallest = span.iter().map(|&x| x ^ y).min().unwrap();
                assert_eq!(basis.reduce(y), smallest, "{:?} y = {}", values, y);
                assert_eq!(basis.contains(y), counts.contains_key(&y));
            }
        }
    }

    #[test]
    fn subsets_per_value_mod_is_two_to_the_dependent_count() {
        // 2^(n - r) by doubling one step at a time, against the fast power, for moduli from 1
        // to 2^64 - 1 (where a product of unreduced factors would overflow 128 bits).
        let mut rng = Rng::new(249);
        for _ in 0..40 {
            let mut basis = LinearBasis::new();
            for _ in 0..rng.range(0, 150) {
                basis.insert(rng.range(0, 16));
            }
            let exp = basis.subsets_per_value_log2();
            for &m in &[1u64, 2, 3, 1_000_000_007, u64::MAX - 58, u64::MAX] {
                let mut doubled = 1 % u128::from(m);
                for _ in 0..exp {
                    doubled = doubled * 2 % u128::from(m);
                }
                assert_eq!(
                    basis.subsets_per_value_mod(m),
                    doubled as u64,
                    "2^{} mod {}",
                    exp,
                    m
                );
            }
        }
    }

    #[test]
    fn a_full_rank_basis_of_64_bits() {
        let mut basis = LinearBasis::new();
        for bit in 0..64 {
            assert!(basis.insert(1u64 << bit | 1));
        }
        assert_eq!(basis.rank(), 64);
        assert_eq!(basis.max_xor(), u64::MAX);
        assert_eq!(basis.kth_smallest(u64::MAX), Some(u64::MAX));
        assert_eq!(basis.kth_smallest(5), Some(5));
        assert_eq!(basis.min_xor(), Some(1));
        assert!(!basis.insert(12345));
        assert_eq!(basis.min_xor(), Some(0));
        assert_eq!(basis.subsets_per_value_mod(1_000_000_007), 2);
    }
}
