//! Dyadic rationals of any length, for the values of Blue-Red Hackenbush trees.
//!
//! A Blue-Red tree of n edges can be worth a number with about n binary digits (a stalk
//! B R R … R of n edges is worth 2^-(n-2)), so neither floating point nor a 64-bit
//! [`Dyadic`] holds the values of trees of 10^5 vertices.
//! [`BigDyadic`] holds `integer + fraction`, the integer part an `i64` (the floor), the
//! fraction in `[0, 1)` as the set of positions k of its binary digits 2^-k, shifted
//! lazily: the two operations Hackenbush needs are sums (merged small into large, the carries
//! rippling towards 2^-1) and "put an edge under it", which halves the fraction a number of
//! times (a shift of all positions at once, O(1)) and adds a digit.
//!
//! The edge rules are the sign-expansion rules (Berlekamp, Conway and Guy, *Winning Ways*,
//! chapter 2; Conway, ONAG, chapter 3): a blue edge under a piece worth x is worth the number
//! whose sign expansion is `+` followed by x's, namely `x + 1` for `x >= 0` and otherwise
//! `(x + p) / 2^(p-1)` for the least integer p with `x + p > 1`; a red edge is the mirror
//! image. Both are "the simplest number greater (less) than …" read as arithmetic.

use super::dyadic::Dyadic;
use std::collections::BTreeSet;
use std::fmt;

/// An exact dyadic rational of any length: `integer + Σ 2^-k` over the digit positions k.
///
/// ```
/// use grundy::partizan::big::BigDyadic;
/// // A red edge under a blue edge under nothing: the stalk R B, worth -1/2.
/// let x = BigDyadic::zero().blue_edge_below().red_edge_below();
/// assert_eq!(x.to_string(), "-1/2");
/// let mut sum = x.clone();
/// sum.add(BigDyadic::integer(1));
/// assert_eq!(sum.to_string(), "1/2");
/// assert_eq!(sum.signum(), 1);
/// // A long stalk B R R … R (1000 red edges) is worth 2^-1000, exactly.
/// let mut stalk = BigDyadic::zero();
/// for _ in 0..1000 {
///     stalk = stalk.red_edge_below();
/// }
/// stalk = stalk.blue_edge_below();
/// assert_eq!(stalk.signum(), 1);
/// assert_eq!(stalk.to_dyadic(), None); // beyond 64 bits
/// assert_eq!(stalk.to_string(), format!("1/{}", "10715086071862673209484250490600018105614048117055336074437503883703510511249361224931983788156958581275946729175531468251871452856923140435984577574698574803934567774824230985421074605062371141877954182153046474983581941267398767559165543946077062914571196477686542167660429831652624386837205668069376"));
/// ```
///
/// # Complexity
/// [`BigDyadic::add`] is O(s log n) for the smaller operand's s digits, plus the carries
/// (each removes a digit, so they are paid for by the digits made); the edge rules are
/// O(log n) plus O(|integer|) digits made by a red edge under a positive integer part (a blue
/// one under a negative part). Memory: one `BTreeSet` entry a digit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BigDyadic {
    integer: i64,
    /// Digit positions minus `shift`: the digit 2^-k is stored as `k - shift`.
    digits: BTreeSet<i64>,
    shift: i64,
}

impl BigDyadic {
    /// Zero.
    pub fn zero() -> Self {
        BigDyadic::default()
    }

    /// The integer `n`.
    pub fn integer(n: i64) -> Self {
        BigDyadic {
            integer: n,
            ..BigDyadic::default()
        }
    }

    /// The number `x`.
    ///
    /// ```
    /// use grundy::partizan::big::BigDyadic;
    /// use grundy::partizan::dyadic::Dyadic;
    /// let x = BigDyadic::from_dyadic(Dyadic::new(-5, 3));
    /// assert_eq!(x.to_string(), "-5/8");
    /// assert_eq!(x.to_dyadic(), Some(Dyadic::new(-5, 3)));
    /// ```
    pub fn from_dyadic(x: Dyadic) -> Self {
        let (m, k) = x.parts();
        let mut big = BigDyadic::integer(x.floor());
        let fraction = (m - (x.floor() << k)) as u64; // below 2^k
        for bit in 0..k {
            if fraction >> bit & 1 == 1 {
                big.digits.insert((k - bit) as i64);
            }
        }
        big
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i64 {
        if self.integer < 0 {
            -1
        } else if self.integer > 0 || !self.digits.is_empty() {
            1
        } else {
            0
        }
    }

    /// The largest integer not above the number.
    pub fn floor(&self) -> i64 {
        self.integer
    }

    /// The number of binary digits after the point (the exponent k of the denominator 2^k).
    pub fn exponent(&self) -> u64 {
        self.digits
            .iter()
            .next_back()
            .map_or(0, |&key| (key + self.shift) as u64)
    }

    /// The number as a 64-bit [`Dyadic`], or `None` when it does not fit.
    pub fn to_dyadic(&self) -> Option<Dyadic> {
        let k = self.exponent();
        if k > 62 {
            return None;
        }
        let mut numerator = (self.integer as i128) << k;
        for &key in &self.digits {
            numerator += 1i128 << (k as i64 - (key + self.shift));
        }
        if numerator < i64::MIN as i128 || numerator > i64::MAX as i128 {
            return None;
        }
        Dyadic::checked_new(numerator as i64, k as u32)
    }

    /// Adds the digit 2^-position (position >= 1), carrying.
    fn add_digit(&mut self, mut position: i64) {
        loop {
            if position == 0 {
                self.integer += 1;
                return;
            }
            if !self.digits.remove(&(position - self.shift)) {
                self.digits.insert(position - self.shift);
                return;
            }
            position -= 1;
        }
    }

    /// Adds `other` to `self`, moving the shorter one's digits into the longer one.
    ///
    /// ```
    /// use grundy::partizan::big::BigDyadic;
    /// use grundy::partizan::dyadic::Dyadic;
    /// let mut x = BigDyadic::from_dyadic(Dyadic::new(3, 2));
    /// x.add(BigDyadic::from_dyadic(Dyadic::new(-7, 3)));
    /// assert_eq!(x.to_dyadic(), Some(Dyadic::new(-1, 3)));
    /// ```
    ///
    /// # Panics
    /// If the integer parts' sum overflows an `i64`.
    pub fn add(&mut self, mut other: BigDyadic) {
        if other.digits.len() > self.digits.len() {
            std::mem::swap(self, &mut other);
        }
        self.integer = self
            .integer
            .checked_add(other.integer)
            .expect("BigDyadic: integer part beyond 64 bits");
        for key in other.digits {
            self.add_digit(key + other.shift);
        }
    }

    /// The value of a blue (Left's) edge with a piece worth `self` standing on it: the number
    /// whose sign expansion is `+` then `self`'s.
    ///
    /// ```
    /// use grundy::partizan::big::BigDyadic;
    /// assert_eq!(BigDyadic::integer(2).blue_edge_below().to_string(), "3");
    /// assert_eq!(BigDyadic::integer(-1).blue_edge_below().to_string(), "1/2"); // B R
    /// ```
    pub fn blue_edge_below(mut self) -> Self {
        if self.integer >= 0 {
            self.integer += 1;
            return self;
        }
        // x = I + f < 0: with p least such that x + p > 1, the value is (x + p) / 2^(p-1).
        if self.digits.is_empty() {
            // x + p = 2 for p = 2 - I: the value is 2^-(p-2) = 2^(I).
            let position = -self.integer;
            self.integer = 0;
            self.digits.insert(position - self.shift);
        } else {
            // x + p = 1 + f for p = 1 - I: the value is 2^-(p-1) + f / 2^(p-1).
            let halvings = -self.integer;
            self.integer = 0;
            self.shift += halvings;
            self.digits.insert(halvings - self.shift);
        }
        self
    }

    /// The value of a red (Right's) edge with a piece worth `self` standing on it: the number
    /// whose sign expansion is `-` then `self`'s.
    ///
    /// ```
    /// use grundy::partizan::big::BigDyadic;
    /// assert_eq!(BigDyadic::integer(1).red_edge_below().to_string(), "-1/2"); // R B
    /// assert_eq!(BigDyadic::integer(-2).red_edge_below().to_string(), "-3");
    /// ```
    pub fn red_edge_below(mut self) -> Self {
        if self.signum() <= 0 {
            self.integer -= 1;
            return self;
        }
        // x = I + f > 0: with p = I + 2, the least such that x - p < -1, the value is
        // (x - p) / 2^(p-1) = -1 + (1 - 2^-(p-2)) + f / 2^(p-1).
        let halvings = self.integer + 1;
        self.shift += halvings;
        for position in 1..halvings {
            self.digits.insert(position - self.shift);
        }
        self.integer = -1;
        self
    }
}

/// An integer plainly, otherwise `p/q` in lowest terms with q a power of two (exactly, however
/// many digits).
impl fmt::Display for BigDyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.exponent() as usize;
        if k == 0 {
            return write!(f, "{}", self.integer);
        }
        // numerator = integer * 2^k + Σ 2^(k - position), as limbs of a non-negative magnitude.
        let mut fraction = vec![0u64; k / 64 + 2];
        for &key in &self.digits {
            let bit = k - (key + self.shift) as usize;
            fraction[bit / 64] |= 1 << (bit % 64);
        }
        let magnitude = self.integer.unsigned_abs();
        let put_integer = |limbs: &mut Vec<u64>| {
            limbs[k / 64] |= magnitude << (k % 64);
            if k % 64 != 0 {
                limbs[k / 64 + 1] |= magnitude >> (64 - k % 64);
            }
        };
        let (negative, numerator) = if self.integer >= 0 {
            // The integer's bits lie above bit k and the fraction's below: or-ing adds them.
            put_integer(&mut fraction);
            (false, fraction)
        } else {
            let mut whole = vec![0u64; k / 64 + 2];
            put_integer(&mut whole);
            (true, limbs_sub(&whole, &fraction)) // |I| * 2^k > fraction
        };
        let mut denominator = vec![0u64; k / 64 + 2];
        denominator[k / 64] = 1 << (k % 64);
        write!(
            f,
            "{}{}/{}",
            if negative { "-" } else { "" },
            decimal(numerator),
            decimal(denominator)
        )
    }
}

fn limbs_sub(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut borrow = 0i128;
    a.iter()
        .zip(b)
        .map(|(&x, &y)| {
            let d = x as i128 - y as i128 - borrow;
            borrow = (d < 0) as i128;
            d as u64 // modulo 2^64: a negative d becomes d + 2^64
        })
        .collect()
}

/// The decimal digits of a non-negative number given as little-endian limbs.
fn decimal(mut limbs: Vec<u64>) -> String {
    const CHUNK: u64 = 1_000_000_000_000_000_000;
    let mut chunks = Vec::new();
    while limbs.last() == Some(&0) {
        limbs.pop();
    }
    while !limbs.is_empty() {
        let mut remainder = 0u128;
        for limb in limbs.iter_mut().rev() {
            let current = (remainder << 64) + *limb as u128;
            *limb = (current / CHUNK as u128) as u64;
            remainder = current % CHUNK as u128;
        }
        chunks.push(remainder as u64);
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
    }
    let mut text = chunks.pop().map_or("0".to_string(), |c| c.to_string());
    for c in chunks.iter().rev() {
        text.push_str(&format!("{:018}", c));
    }
    text
}

#[cfg(test)]
#[path = "big_tests.rs"]
mod tests;
