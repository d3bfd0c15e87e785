//! Rules over the base-k digits of n: k-regular recursions G(kn + r) = f_r(G(n), n) (the
//! ruler function, popcount parity, "no set bit at an even position", digit sums), and the
//! floor-division recursion G(n) = G(⌊n/k⌋) (+ 1) past a prefix.

use super::list;
use std::fmt;

/// The largest base tried by both families.
const MAX_BASE: u64 = 64;
/// The largest base of a digit recursion (one rule per residue).
const MAX_DIGIT_BASE: u64 = 4;

/// One residue's rule: G(kn + r) from g = G(n) and n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// α·g + a·n + c (α in -1..=k, a any integer)
    Affine { alpha: i128, a: i128, c: i128 },
    /// g xor c
    Xor(u64),
    /// G(a·n + b), 1 <= a < k, b <= r: an earlier value (take at most a third: G(3n+1) = G(2n)).
    Index(u64, u64),
}

/// The coefficients of G(n) tried, simplest first.
const ALPHAS: [i128; 6] = [0, 1, -1, 2, 3, 4];

impl Form {
    fn apply(self, g: u64, n: u64) -> i128 {
        let (g, n) = (i128::from(g), i128::from(n));
        match self {
            Form::Affine { alpha, a, c } => alpha
                .saturating_mul(g)
                .saturating_add(a.saturating_mul(n))
                .saturating_add(c),
            Form::Xor(c) => g ^ i128::from(c),
            Form::Index(..) => unreachable!("an index form is looked up, not applied"),
        }
    }

    fn uses_g(self) -> bool {
        !matches!(self, Form::Affine { alpha: 0, .. })
    }

    fn parameters(self) -> usize {
        match self {
            Form::Affine { alpha, a, .. } => 1 + usize::from(alpha != 0) + usize::from(a != 0),
            Form::Xor(_) => 1,
            Form::Index(..) => 2,
        }
    }

    /// The simplest form through every (g, n, y = G(kn + r)): the fewest non-zero
    /// coefficients, then the order of [`ALPHAS`].
    fn fit(points: &[(u64, u64, u64)]) -> Option<Form> {
        if points.len() < 2 {
            return None;
        }
        let holds = |form: Form| {
            points
                .iter()
                .all(|&(g, n, y)| form.apply(g, n) == i128::from(y))
        };
        let (g0, n0, y0) = points[0];
        let (g1, n1, y1) = points[1];
        let affine = |alpha: i128, with_n: bool| -> Option<Form> {
            let r0 = i128::from(y0) - alpha * i128::from(g0);
            if !with_n {
                return Some(Form::Affine { alpha, a: 0, c: r0 });
            }
            let r1 = i128::from(y1) - alpha * i128::from(g1);
            let dn = i128::from(n1) - i128::from(n0);
            if dn == 0 || (r1 - r0) % dn != 0 || r1 == r0 {
                return None;
            }
            let a = (r1 - r0) / dn;
            Some(Form::Affine {
                alpha,
                a,
                c: r0 - a * i128::from(n0),
            })
        };
        let mut candidates: Vec<Form> = vec![affine(0, false), affine(1, false), affine(-1, false)]
            .into_iter()
            .flatten()
            .collect();
        candidates.push(Form::Xor(y0 ^ g0));
        candidates.extend(
            [affine(0, true), affine(1, true), affine(-1, true)]
                .iter()
                .flatten(),
        );
        for &alpha in ALPHAS[3..].iter() {
            candidates.extend([affine(alpha, false), affine(alpha, true)].iter().flatten());
        }
        candidates.into_iter().find(|&form| holds(form))
    }

    fn show(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Form::Xor(c) => write!(f, "G(n) xor {}", c),
            Form::Index(a, b) => match (a, b) {
                (1, 0) => write!(f, "G(n)"),
                (1, b) => write!(f, "G(n+{})", b),
                (a, 0) => write!(f, "G({}n)", a),
                (a, b) => write!(f, "G({}n+{})", a, b),
            },
            Form::Affine { alpha, a, c } => {
                let mut terms: Vec<(i128, String)> = Vec::new();
                if alpha != 0 {
                    terms.push((alpha, "G(n)".to_string()));
                }
                if a != 0 {
                    terms.push((a, "n".to_string()));
                }
                if c != 0 || terms.is_empty() {
                    terms.push((c, String::new()));
                }
                // A leading negative term reads better last: `3 - G(n)`.
                if terms.len() > 1 && terms[0].0 < 0 {
                    let lead = terms.remove(0);
                    terms.push(lead);
                }
                for (i, (coefficient, name)) in terms.iter().enumerate() {
                    let magnitude = coefficient.abs();
                    if i == 0 {
                        if *coefficient < 0 {
                            write!(f, "-")?;
                        }
                    } else if *coefficient < 0 {
                        write!(f, " - ")?;
                    } else {
                        write!(f, " + ")?;
                    }
                    if name.is_empty() || magnitude != 1 {
                        write!(f, "{}", magnitude)?;
                    }
                    write!(f, "{}", name)?;
                }
                Ok(())
            }
        }
    }
}

/// G(kn + r) = G(an + b) for every n >= 1 with kn + r in the data, the smallest a, then b.
fn index_form(values: &[u64], k: u64, r: u64) -> Option<Form> {
    let len = values.len() as u64;
    (1..k)
        .flat_map(|a| (0..=r).map(move |b| (a, b)))
        .find(|&(a, b)| {
            (1..)
                .take_while(|&n| k * n + r < len)
                .all(|n| values[(k * n + r) as usize] == values[(a * n + b) as usize])
        })
        .map(|(a, b)| Form::Index(a, b))
}

/// G(n) = base[n] for n < k; G(kn + r) = forms[r](G(n), n) for n >= 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Digits {
    base_k: u64,
    base: Vec<u64>,
    forms: Vec<Form>,
}

impl Digits {
    /// The digit recursions in bases 2 to 4 that explain the values, each with the number of
    /// values it was fitted on: the first ⌊N/k⌋, so that the rest, which it must predict, is a
    /// full scale of the recursion (every n in [⌊N/k⌋, N) computed from values the fit saw,
    /// none of them seen). Each residue's rule is checked on at least 5 values; recursions
    /// whose every rule is a constant are periodic, not these.
    pub(crate) fn fit(all: &[u64]) -> Vec<(Digits, usize)> {
        let mut found = Vec::new();
        for k in 2..=MAX_DIGIT_BASE {
            let fitted = all.len() / k as usize;
            let values = &all[..fitted];
            let len = fitted as u64;
            if len < 7 * k {
                break;
            }
            let forms: Option<Vec<Form>> = (0..k)
                .map(|r| {
                    let points: Vec<(u64, u64, u64)> = (1..)
                        .take_while(|&n| k * n + r < len)
                        .map(|n| (values[n as usize], n, values[(k * n + r) as usize]))
                        .collect();
                    Form::fit(&points).or_else(|| index_form(values, k, r))
                })
                .collect();
            if let Some(forms) = forms {
                // Rules without G(n) nor n are periodic, found as such.
                let constant = |f: &Form| matches!(f, Form::Affine { alpha: 0, a: 0, .. });
                if !forms.iter().all(constant) {
                    found.push((
                        Digits {
                            base_k: k,
                            base: values[..k as usize].to_vec(),
                            forms,
                        },
                        fitted,
                    ));
                }
            }
        }
        found
    }

    pub(crate) fn value(&self, n: u64) -> u64 {
        if n < self.base_k {
            return self.base[n as usize];
        }
        let (q, r) = (n / self.base_k, n % self.base_k);
        if let Form::Index(a, b) = self.forms[r as usize] {
            // a·q + b < k·q + r: the recursion reaches the base.
            return self.value(a * q + b);
        }
        let g = self.value(q);
        let v = self.forms[r as usize].apply(g, q);
        v.max(0).min(i128::from(u64::MAX)) as u64
    }

    pub(crate) fn parameters(&self) -> usize {
        self.base.len() + self.forms.iter().map(|f| f.parameters()).sum::<usize>()
    }
}

impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.base_k;
        for (r, form) in self.forms.iter().enumerate() {
            if r > 0 {
                write!(f, ", ")?;
            }
            if r == 0 {
                write!(f, "G({}n) = ", k)?;
            } else {
                write!(f, "G({}n+{}) = ", k, r)?;
            }
            form.show(f)?;
        }
        // The starting values the recursion does not give at n = 0.
        let stated: Vec<String> = self
            .forms
            .iter()
            .enumerate()
            .filter(|&(r, form)| {
                if let Form::Index(_, b) = *form {
                    return b >= r as u64 || self.base[b as usize] != self.base[r];
                }
                let from_rule = form.apply(self.base[0], 0);
                (r == 0 && form.uses_g()) || from_rule != i128::from(self.base[r])
            })
            .map(|(r, _)| format!("G({}) = {}", r, self.base[r]))
            .collect();
        if !stated.is_empty() {
            write!(f, "; {}", stated.join(", "))?;
        }
        Ok(())
    }
}

/// G(n) = base[n] for n < from; G(n) = G(⌊n/k⌋) + add beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FloorDivision {
    divisor: u64,
    from: u64,
    add: u64,
    base: Vec<u64>,
}

impl FloorDivision {
    /// The recursions G(n) = G(⌊n/k⌋) + add (add 0 or 1, k up to 64) that the values show, the
    /// one with the shortest prefix first, each with the number of values it was fitted on.
    ///
    /// A recursion is fitted on the first ⌊N/k⌋ of the N values only, so that the rest, which
    /// it must then predict, holds a full scale of it: every n in [⌊N/k⌋, N) is computed from
    /// a value the fit saw, and none of them was seen. Within the fitted values the prefix is
    /// at most half of them.
    pub(crate) fn fit(values: &[u64]) -> Vec<(FloorDivision, usize)> {
        let mut found = Vec::new();
        for k in 2..=MAX_BASE {
            let fitted = values.len() / k as usize;
            let prefix = &values[..fitted];
            let len = fitted as u64;
            for add in 0..=1u64 {
                let holds =
                    |n: u64| prefix[n as usize] == prefix[(n / k) as usize].wrapping_add(add);
                let mut from = len;
                while from > 1 && holds(from - 1) {
                    from -= 1;
                }
                // The fitted values show the recursion past its base (at most half of them),
                // and the prediction of the rest, a full scale, shows it feeding on itself.
                if from >= 1 && 2 * from <= len {
                    found.push((
                        FloorDivision {
                            divisor: k,
                            from,
                            add,
                            base: prefix[..from as usize].to_vec(),
                        },
                        fitted,
                    ));
                }
            }
        }
        found.sort_by_key(|(rule, _)| (rule.from, rule.divisor));
        found
    }

    pub(crate) fn value(&self, mut n: u64) -> u64 {
        let mut steps = 0u64;
        while n >= self.from {
            n /= self.divisor;
            steps += 1;
        }
        self.base[n as usize].saturating_add(steps * self.add)
    }

    pub(crate) fn parameters(&self) -> usize {
        self.base.len() + 2
    }
}

impl fmt::Display for FloorDivision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "G(n) = G(⌊n/{}⌋)", self.divisor)?;
        if self.add > 0 {
            write!(f, " + {}", self.add)?;
        }
        write!(
            f,
            " for n >= {}; G(0..{}) = {}",
            self.from,
            self.from - 1,
            list(&self.base)
        )
    }
}
