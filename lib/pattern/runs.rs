//! Constant runs of growing length: G is constant on [a(k), a(k + 1)), with the run starts a(k)
//! a polynomial (degree 2 or 3) or geometric in k and the run values arithmetic or alternating
//! in k. Codeforces 768E: G(n) = max k with k(k+1)/2 <= n.

use super::list;
use std::fmt;

/// How the run starts grow, in t = k - first.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Starts {
    /// a = Σ c_i · C(t, i): Newton's form, exact for integer-valued polynomials.
    Polynomial(Vec<i128>),
    /// a = a0 + step·(ratio^t - 1)/(ratio - 1).
    Geometric { a0: i128, step: i128, ratio: i128 },
}

impl Starts {
    /// a(t), or `None` past i128.
    fn at(&self, t: u64) -> Option<i128> {
        match self {
            Starts::Polynomial(c) => {
                let t = i128::from(t);
                let (mut sum, mut binomial) = (0i128, 1i128);
                for (i, &ci) in c.iter().enumerate() {
                    sum = sum.checked_add(ci.checked_mul(binomial)?)?;
                    binomial = binomial.checked_mul(t - i as i128)? / (i as i128 + 1);
                }
                Some(sum)
            }
            Starts::Geometric { a0, step, ratio } => {
                if t > u64::from(u32::MAX) {
                    return None;
                }
                let power = ratio.checked_pow(t as u32)?;
                a0.checked_add(step.checked_mul(power - 1)? / (ratio - 1))
            }
        }
    }
}

/// The value of run k.
#[derive(Clone, Debug, PartialEq, Eq)]
enum RunValues {
    /// c + d·k, d != 0.
    Arithmetic { c: i128, d: i128 },
    /// even for even k, odd for odd k.
    Alternating { even: u64, odd: u64 },
}

/// G(n) = prefix[n] below a(first); beyond, the value of the run k with a(k) <= n < a(k + 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Runs {
    prefix: Vec<u64>,
    first: u64,
    starts: Starts,
    run_values: RunValues,
}

impl Runs {
    /// Every run rule the values show: up to two irregular runs first, then at least six runs
    /// (the polynomial's coefficients and three more that check them).
    pub(crate) fn fit(values: &[u64]) -> Vec<Runs> {
        let mut starts = Vec::new();
        let mut run_values = Vec::new();
        for (n, &v) in values.iter().enumerate() {
            if n == 0 || values[n - 1] != v {
                starts.push(n as i128);
                run_values.push(v);
            }
        }
        let mut found = Vec::new();
        for first in 0..=2usize {
            if starts.len() < first + 6 {
                break;
            }
            let s = &starts[first..];
            let v = &run_values[first..];
            let kinds = match run_kind(v, first as i128) {
                Some(kind) => kind,
                None => continue,
            };
            for shape in start_shapes(s) {
                found.push(Runs {
                    prefix: values[..s[0] as usize].to_vec(),
                    first: first as u64,
                    starts: shape,
                    run_values: kinds.clone(),
                });
            }
        }
        found
    }

    pub(crate) fn value(&self, n: u64) -> u64 {
        if n < self.prefix.len() as u64 {
            return self.prefix[n as usize];
        }
        let n = i128::from(n);
        let fits = |t: u64| self.starts.at(t).map_or(false, |a| a <= n);
        // The largest t with a(t) <= n: a is increasing, a(0) <= n.
        let mut high = 1u64;
        while high < 1 << 62 && fits(high) {
            high *= 2;
        }
        let mut low = high / 2;
        if high == 1 {
            low = 0;
        }
        while high - low > 1 {
            let mid = low + (high - low) / 2;
            if fits(mid) {
                low = mid;
            } else {
                high = mid;
            }
        }
        let k = i128::from(low + self.first);
        match self.run_values {
            RunValues::Arithmetic { c, d } => (c + d * k).max(0) as u64,
            RunValues::Alternating { even, odd } => {
                if k % 2 == 0 {
                    even
                } else {
                    odd
                }
            }
        }
    }

    pub(crate) fn parameters(&self) -> usize {
        let shape = match &self.starts {
            Starts::Polynomial(c) => c.len(),
            Starts::Geometric { .. } => 3,
        };
        self.prefix.len() + 2 + shape
    }
}

/// The run values from run `first` on as a rule in the run index k.
fn run_kind(v: &[u64], first: i128) -> Option<RunValues> {
    let d = v[1] as i128 - v[0] as i128;
    if d != 0 && v.windows(2).all(|w| w[1] as i128 - w[0] as i128 == d) {
        return Some(RunValues::Arithmetic {
            c: v[0] as i128 - d * first,
            d,
        });
    }
    let (a, b) = (v[0], v[1]);
    if v.iter()
        .enumerate()
        .all(|(i, &x)| x == if i % 2 == 0 { a } else { b })
    {
        let (even, odd) = if first % 2 == 0 { (a, b) } else { (b, a) };
        return Some(RunValues::Alternating { even, odd });
    }
    None
}

/// The polynomial (degree 2, 3) and geometric rules that the run starts `s` follow.
fn start_shapes(s: &[i128]) -> Vec<Starts> {
    let mut shapes = Vec::new();
    for degree in 2..=3usize {
        if s.len() < degree + 4 {
            continue;
        }
        // Newton's coefficients from the first degree + 1 starts.
        let mut row: Vec<i128> = s[..=degree].to_vec();
        let mut c = Vec::new();
        for _ in 0..=degree {
            c.push(row[0]);
            row = row.windows(2).map(|w| w[1] - w[0]).collect();
        }
        // Non-negative coefficients, the top one positive and a first step of at least one:
        // then a is increasing for every t, not only on the data.
        if c[degree] <= 0 || c[1] < 1 || c.iter().any(|&x| x < 0) {
            continue;
        }
        let shape = Starts::Polynomial(c);
        if s.iter()
            .enumerate()
            .all(|(t, &a)| shape.at(t as u64) == Some(a))
        {
            shapes.push(shape);
            break;
        }
    }
    let step = s[1] - s[0];
    if s.len() >= 5 && step > 0 && (s[2] - s[1]) % step == 0 {
        let ratio = (s[2] - s[1]) / step;
        let shape = Starts::Geometric {
            a0: s[0],
            step,
            ratio,
        };
        if ratio >= 2
            && s.iter()
                .enumerate()
                .all(|(t, &a)| shape.at(t as u64) == Some(a))
        {
            shapes.push(shape);
        }
    }
    shapes
}

/// A polynomial in k with integer coefficients (index = power), as text: `3k^2 - k + 2`.
fn polynomial(c: &[i128]) -> String {
    let mut text = String::new();
    for (power, &coefficient) in c.iter().enumerate().rev() {
        if coefficient == 0 {
            continue;
        }
        let magnitude = coefficient.abs();
        if text.is_empty() {
            if coefficient < 0 {
                text.push('-');
            }
        } else {
            text += if coefficient < 0 { " - " } else { " + " };
        }
        if magnitude != 1 || power == 0 {
            text += &magnitude.to_string();
        }
        match power {
            0 => {}
            1 => text.push('k'),
            _ => text += &format!("k^{}", power),
        }
    }
    if text.is_empty() {
        text.push('0');
    }
    text
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// a(k) = Σ c_i · C(k - first, i) as a formula in k.
fn polynomial_in_k(c: &[i128], first: i128) -> String {
    let degree = c.len() - 1;
    let factorial: i128 = (1..=degree as i128).product();
    // degree! · a(k) in the power basis.
    let mut total = vec![0i128; degree + 1];
    let mut falling = vec![1i128]; // Π_{m < i} (k - first - m)
    let mut i_factorial = 1i128;
    for (i, &ci) in c.iter().enumerate() {
        if i > 0 {
            i_factorial *= i as i128;
        }
        let scale = ci * (factorial / i_factorial);
        for (power, &x) in falling.iter().enumerate() {
            total[power] += scale * x;
        }
        // falling *= (k - first - i)
        let shift = -(first + i as i128);
        let mut next = vec![0i128; falling.len() + 1];
        for (power, &x) in falling.iter().enumerate() {
            next[power + 1] += x;
            next[power] += x * shift;
        }
        falling = next;
    }
    let divisor = total.iter().fold(factorial, |g, &x| gcd(g, x));
    let reduced: Vec<i128> = total.iter().map(|&x| x / divisor).collect();
    let denominator = factorial / divisor;
    match (denominator, reduced.as_slice()) {
        (2, [0, 1, 1]) => "k(k+1)/2".to_string(),
        (2, [0, -1, 1]) => "k(k-1)/2".to_string(),
        (1, _) => polynomial(&reduced),
        _ => format!("({})/{}", polynomial(&reduced), denominator),
    }
}

impl fmt::Display for Runs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = i128::from(self.first);
        let start = match &self.starts {
            Starts::Polynomial(c) => polynomial_in_k(c, first),
            Starts::Geometric { a0, step, ratio } => {
                if step % (ratio - 1) == 0 {
                    // a0 - C + C·r^(k - first), C = step/(r - 1)
                    let c = step / (ratio - 1);
                    let shift = ratio.pow(self.first as u32);
                    let power = if c % shift == 0 {
                        let c = c / shift;
                        if c == 1 {
                            format!("{}^k", ratio)
                        } else {
                            format!("{}·{}^k", c, ratio)
                        }
                    } else {
                        format!("{}·{}^(k - {})", c, ratio, first)
                    };
                    let d = a0 - c;
                    match d {
                        0 => power,
                        d if d < 0 => format!("{} - {}", power, -d),
                        d => format!("{} + {}", power, d),
                    }
                } else {
                    format!(
                        "{} + {}·({}^(k - {}) - 1)/{}",
                        a0,
                        step,
                        ratio,
                        first,
                        ratio - 1
                    )
                }
            }
        };
        match self.run_values {
            RunValues::Arithmetic { c: 0, d: 1 } => write!(f, "G(n) = max k with {} <= n", start)?,
            RunValues::Arithmetic { c, d } => write!(
                f,
                "G(n) = {} for the max k with {} <= n",
                polynomial(&[c, d]),
                start
            )?,
            RunValues::Alternating { even, odd } => write!(
                f,
                "G(n) = {} for even k, {} for odd k, for the max k with {} <= n",
                even, odd, start
            )?,
        }
        if !self.prefix.is_empty() {
            let last = self.prefix.len() - 1;
            write!(
                f,
                " (k >= {}); G(0..{}) = {}",
                self.first,
                last,
                list(&self.prefix)
            )?;
        }
        Ok(())
    }
}
