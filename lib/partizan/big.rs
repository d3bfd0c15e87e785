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
mod tests {
    use super::*;
    use testkit::Rng;

    fn random(rng: &mut Rng) -> Dyadic {
        Dyadic::new(rng.range(0, 200) as i64 - 100, rng.range(0, 6) as u32)
    }

    /// The edge rules by the simplest-number rule on 64-bit numbers: a blue edge under x is
    /// the simplest number above x that is also above 0 ({0, x' | } read through the sign
    /// expansion: the simplest number greater than max(x, 0) whose expansion starts with +).
    fn blue_by_sign_expansion(x: Dyadic) -> Dyadic {
        // Literal: p least with x + p > 1, then (x + p) / 2^(p-1).
        let mut p = 1i64;
        while x + Dyadic::integer(p) <= Dyadic::integer(1) {
            p += 1;
        }
        let mut y = x + Dyadic::integer(p);
        for _ in 1..p {
            y = y.half().unwrap();
        }
        y
    }

    #[test]
    fn sums_and_edge_rules_agree_with_64_bit_arithmetic() {
        let mut rng = Rng::new(5);
        for _ in 0..3000 {
            let (a, b) = (random(&mut rng), random(&mut rng));
            let mut sum = BigDyadic::from_dyadic(a);
            sum.add(BigDyadic::from_dyadic(b));
            assert_eq!(sum.to_dyadic(), Some(a + b), "{} + {}", a, b);
            assert_eq!(sum.signum(), (a + b).signum());
            assert_eq!(sum.to_string(), (a + b).to_string());
            assert_eq!(sum.floor(), (a + b).floor());
            let a = Dyadic::new(rng.range(0, 40) as i64 - 20, rng.range(0, 6) as u32);
            let blue = BigDyadic::from_dyadic(a).blue_edge_below();
            assert_eq!(
                blue.to_dyadic(),
                Some(blue_by_sign_expansion(a)),
                "blue under {}",
                a
            );
            let red = BigDyadic::from_dyadic(a).red_edge_below();
            assert_eq!(
                red.to_dyadic(),
                Some(-blue_by_sign_expansion(-a)),
                "red under {}",
                a
            );
            // The other readings of the same values.
            for (big, x) in [
                (blue, blue_by_sign_expansion(a)),
                (red, -blue_by_sign_expansion(-a)),
            ] {
                assert_eq!(big.to_string(), x.to_string());
                assert_eq!((big.signum(), big.floor()), (x.signum(), x.floor()));
                assert_eq!(big.exponent(), x.parts().1 as u64);
            }
        }
    }

    #[test]
    fn edges_and_sums_in_any_order_agree_with_64_bit_arithmetic() {
        // Sums can cancel every digit of a value whose positions carry a shift; the edge
        // rules must then still read the shift right.
        let mut rng = Rng::new(41);
        for _ in 0..2000 {
            let (mut big, mut x) = (BigDyadic::zero(), Dyadic::ZERO);
            for _ in 0..12 {
                let r = match rng.below(4) {
                    0 => None,
                    1 => Some(random(&mut rng)),
                    // Down to an integer: every digit cancels.
                    _ => Some(Dyadic::integer(x.floor() - rng.range(0, 3) as i64) - x),
                };
                match r {
                    Some(r) => {
                        big.add(BigDyadic::from_dyadic(r));
                        x = x + r;
                    }
                    None if rng.below(2) == 0 => {
                        big = big.blue_edge_below();
                        x = blue_by_sign_expansion(x);
                    }
                    None => {
                        big = big.red_edge_below();
                        x = -blue_by_sign_expansion(-x);
                    }
                }
                assert_eq!(big.to_dyadic(), Some(x));
                assert_eq!(big.to_string(), x.to_string());
                if x.parts().1 > 24 || x.floor().abs() > 12 {
                    break; // the next edge could pass 64 bits
                }
            }
        }
    }

    /// A non-negative binary number as its bits, least significant first: the independent
    /// arithmetic for the long values' expected texts.
    #[derive(Clone, PartialEq, Eq)]
    struct Bits(Vec<u8>);

    impl Bits {
        fn add_power(&mut self, mut position: usize) {
            loop {
                if self.0.len() <= position {
                    self.0.resize(position + 1, 0);
                }
                if self.0[position] == 0 {
                    self.0[position] = 1;
                    return;
                }
                self.0[position] = 0;
                position += 1;
            }
        }

        fn trimmed(&self) -> Vec<u8> {
            let mut v = self.0.clone();
            while v.last() == Some(&0) {
                v.pop();
            }
            v
        }

        fn less(&self, other: &Bits) -> bool {
            let (a, b) = (self.trimmed(), other.trimmed());
            if a.len() != b.len() {
                return a.len() < b.len();
            }
            a.iter().rev().lt(b.iter().rev())
        }

        /// `self - other` for `self >= other`.
        fn minus(&self, other: &Bits) -> Bits {
            let mut out = Vec::new();
            let mut borrow = 0i32;
            for i in 0..self.0.len() {
                let mut d = self.0[i] as i32 - *other.0.get(i).unwrap_or(&0) as i32 - borrow;
                borrow = (d < 0) as i32;
                if d < 0 {
                    d += 2;
                }
                out.push(d as u8);
            }
            Bits(out)
        }

        /// Decimal by long division by 10.
        fn decimal(&self) -> String {
            let mut bits = self.trimmed();
            let mut digits = Vec::new();
            while !bits.is_empty() {
                let mut remainder = 0u32;
                for b in bits.iter_mut().rev() {
                    let current = remainder * 2 + *b as u32;
                    *b = (current / 10) as u8;
                    remainder = current % 10;
                }
                digits.push(char::from(b'0' + remainder as u8));
                while bits.last() == Some(&0) {
                    bits.pop();
                }
            }
            if digits.is_empty() {
                digits.push('0');
            }
            digits.iter().rev().collect()
        }
    }

    /// The text of `c + ` the stalk `signs` (ground edge first, true for blue) by the
    /// sign-expansion rule: a first run of a equal signs is worth ±a, then the i-th sign after
    /// it is worth ±2^-i.
    fn stalk_text(c: i64, signs: &[bool]) -> String {
        let run = signs.iter().take_while(|&&s| s == signs[0]).count();
        let k = signs.len() - run;
        let (mut plus, mut minus) = (Bits(vec![]), Bits(vec![]));
        let mut put = |positive: bool, position: usize| {
            if positive {
                plus.add_power(position)
            } else {
                minus.add_power(position)
            }
        };
        for _ in 0..run {
            put(signs[0], k);
        }
        for (i, &s) in signs[run..].iter().enumerate() {
            put(s, k - 1 - i);
        }
        for bit in 0..64 {
            if c.unsigned_abs() >> bit & 1 == 1 {
                put(c > 0, k + bit);
            }
        }
        let (negative, magnitude) = if plus.less(&minus) {
            (true, minus.minus(&plus))
        } else {
            (false, plus.minus(&minus))
        };
        let sign = if negative { "-" } else { "" };
        if k == 0 {
            return format!("{}{}", sign, magnitude.decimal());
        }
        let mut denominator = Bits(vec![]);
        denominator.add_power(k);
        format!("{}{}/{}", sign, magnitude.decimal(), denominator.decimal())
    }

    #[test]
    fn long_values_print_as_exact_fractions() {
        let mut rng = Rng::new(17);
        for round in 0..400 {
            // Lengths that put the denominator at, just below and just above 64 and 128 bits.
            let length = match round % 4 {
                0 => rng.range(1, 200) as usize,
                _ => [64, 65, 66, 128, 129, 130][rng.below(6) as usize] + rng.below(2) as usize,
            };
            let signs: Vec<bool> = (0..length).map(|_| rng.below(2) == 0).collect();
            let c = match rng.below(3) {
                0 => 0,
                1 => rng.range(0, 200) as i64 - 100,
                _ => (rng.next_u64() >> 2) as i64 * if rng.below(2) == 0 { 1 } else { -1 },
            };
            let mut x = BigDyadic::zero();
            for &blue in signs.iter().rev() {
                x = if blue {
                    x.blue_edge_below()
                } else {
                    x.red_edge_below()
                };
            }
            x.add(BigDyadic::integer(c));
            assert_eq!(x.to_string(), stalk_text(c, &signs), "{} + {:?}", c, signs);
        }
    }

    #[test]
    fn sums_move_the_shorter_operand_into_the_longer() {
        // The documented cost: the result is built on the operand with more digits, whichever
        // side it is on; the other one's digits move over through its own shift.
        let mut long = BigDyadic::zero();
        for _ in 0..15 {
            long = long.blue_edge_below().red_edge_below();
        }
        let short = BigDyadic::zero()
            .red_edge_below()
            .blue_edge_below()
            .red_edge_below(); // R B R = -3/4
        assert!(long.digits.len() > 5 && short.digits.len() == 1);
        assert!(long.shift != short.shift && short.shift != 0);
        let expected = long.to_dyadic().unwrap() + short.to_dyadic().unwrap();
        let mut a = long.clone();
        a.add(short.clone());
        let mut b = short;
        b.add(long.clone());
        assert_eq!(a, b);
        assert_eq!(a.shift, long.shift);
        assert_eq!(a.to_dyadic(), Some(expected));
    }

    #[test]
    fn conversions_at_the_64_bit_limits() {
        for n in [i64::MAX, i64::MIN, 0, -1] {
            assert_eq!(BigDyadic::integer(n).to_dyadic(), Some(Dyadic::integer(n)));
            assert_eq!(BigDyadic::integer(n).to_string(), n.to_string());
        }
        let x = Dyadic::new(i64::MAX, 62);
        assert_eq!(BigDyadic::from_dyadic(x).to_dyadic(), Some(x));
        let x = Dyadic::new(i64::MIN + 1, 62);
        assert_eq!(BigDyadic::from_dyadic(x).to_dyadic(), Some(x));
        // One more than fits: a numerator of 2^63 over 2, and a denominator of 2^63.
        let mut over = BigDyadic::integer(i64::MAX / 2 + 1);
        over.add(BigDyadic::from_dyadic(Dyadic::new(1, 1)));
        assert_eq!(over.to_dyadic(), None);
        let stalk = |reds: usize| {
            let mut x = BigDyadic::zero();
            for _ in 0..reds {
                x = x.red_edge_below();
            }
            x.blue_edge_below()
        };
        assert_eq!(stalk(62).to_dyadic(), Some(Dyadic::new(1, 62)));
        assert_eq!(stalk(63).to_dyadic(), None);
        assert_eq!(stalk(63).exponent(), 63);
        assert_eq!(stalk(200).to_dyadic(), None);
    }

    #[test]
    fn long_values_are_exact() {
        // B R^n is 2^-n; a long stalk and its mirror image add up to exactly 0.
        let stalk = |reds: usize, top_blue: bool| {
            let mut x = BigDyadic::zero();
            if top_blue {
                x = x.blue_edge_below();
            }
            for _ in 0..reds {
                x = x.red_edge_below();
            }
            x.blue_edge_below()
        };
        let x = stalk(5000, false); // B R^5000 = 2^-5000
        assert_eq!(x.exponent(), 5000);
        let y = stalk(4999, true); // B R^4999 B: 2^-4999 + 2^-5001
        let mut d = y.clone();
        let mut minus = BigDyadic::zero();
        minus = minus.red_edge_below();
        for _ in 0..4999 {
            minus = minus.blue_edge_below();
        }
        minus = minus.red_edge_below(); // the mirror of y
        d.add(minus);
        assert_eq!(
            d,
            BigDyadic {
                integer: 0,
                digits: BTreeSet::new(),
                shift: d.shift
            }
        );
        assert_eq!(d.signum(), 0);
        let mut e = y;
        e.add(BigDyadic::integer(-1));
        assert_eq!(e.signum(), -1);
        assert!(e.to_string().starts_with('-'));
        assert_eq!(BigDyadic::integer(-7).to_string(), "-7");
        assert_eq!(decimal(vec![0, 1]), "18446744073709551616");
        assert_eq!(decimal(vec![]), "0");
    }
}
