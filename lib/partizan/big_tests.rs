//! BigDyadic against 64-bit dyadic arithmetic and an independent bit-list arithmetic.

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
