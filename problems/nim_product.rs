//! Library Checker "Nim Product (F_{2^{64}})" (nim_product_64): T pairs A, B below 2^64; print
//! each nim product A ⊗ B, the mex-defined product that makes the nimbers below 2^64 a field
//! (`grundy::nim_product::nim_product`).
//!
//! Input: T (1 ≤ T ≤ 10^6), then T lines `A B` (0 ≤ A, B < 2^64). Output: A ⊗ B, one a line.
//! Beyond the judge: any T; numbers of 2^64 and above are refused (they are outside the field
//! the judge asks for).

use grundy::nim_product::nim_product;
use grundy::nimber::Nimber;
use judge::{InputError, Scanner};
use std::io::Write;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    for case in sc.cases("the number of test cases T")? {
        // `uint_fast`: the judge's input is up to 40 MB of numbers.
        let a = sc.uint_fast(case.field("A"), 0..=u64::MAX)?;
        let b = sc.uint_fast(case.field("B"), 0..=u64::MAX)?;
        write_line(out, nim_product(Nimber(a), Nimber(b)).value())?;
    }
    sc.finish()
}

/// The two digits of every number below 100, in order: "00", "01", ..., "99".
const DIGIT_PAIRS: &[u8; 200] = b"\
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

/// Writes `value` and a newline: its digits written from the right into a small buffer, two at
/// a time, as the formatting machinery of `writeln!` costs more than the product itself on 10^6
/// lines, and one division by 100 replaces two by 10.
fn write_line<W: Write>(out: &mut W, mut value: u64) -> std::io::Result<()> {
    let mut line = [0u8; 21];
    let mut start = line.len() - 1;
    line[start] = b'\n';
    while value >= 100 {
        let pair = (value % 100) as usize * 2;
        value /= 100;
        start -= 2;
        line[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    }
    if value >= 10 {
        let pair = value as usize * 2;
        start -= 2;
        line[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    } else {
        start -= 1;
        line[start] = b'0' + value as u8;
    }
    out.write_all(&line[start..])
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::{Problem, Rng};

    /// The brute force's state: the products of all pairs below `MAX_SIZE`, literally by the
    /// definition a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b } (the value of the
    /// product game), filled on first use.
    #[derive(Default)]
    struct NimProduct(Vec<Vec<u64>>);

    impl NimProduct {
        fn products(&mut self) -> &[Vec<u64>] {
            if self.0.is_empty() {
                let n = Self::MAX_SIZE as usize;
                let mut p = vec![vec![0u64; n]; n];
                for a in 0..n {
                    for b in 0..n {
                        let mut seen = vec![false; 4 * n];
                        for a2 in 0..a {
                            for b2 in 0..b {
                                seen[(p[a2][b] ^ p[a][b2] ^ p[a2][b2]) as usize] = true;
                            }
                        }
                        p[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
                    }
                }
                self.0 = p;
            }
            &self.0
        }
    }

    impl Problem for NimProduct {
        /// One test case: A and B.
        type Case = (u64, u64);
        const SIZE: u64 = 64;
        /// The mex table's side: the brute force takes numbers below it.
        const MAX_SIZE: u64 = 64;
        fn case(rng: &mut Rng, size: u64) -> (u64, u64) {
            (rng.below(size), rng.below(size))
        }
        /// The judge's largest input: T = 10^6 pairs anywhere below 2^64.
        fn max_cases(rng: &mut Rng) -> Vec<(u64, u64)> {
            (0..1_000_000)
                .map(|_| (rng.next_u64(), rng.next_u64()))
                .collect()
        }
        fn input(cases: &[(u64, u64)]) -> String {
            use std::fmt::Write;
            // Written in place: the judge's largest input has 10^6 lines.
            let mut text = format!("{}\n", cases.len());
            for (a, b) in cases {
                let _ = writeln!(text, "{} {}", a, b);
            }
            text
        }
        fn brute(&mut self, &(a, b): &(u64, u64)) -> String {
            format!("{}\n", self.products()[a as usize][b as usize])
        }
    }

    #[test]
    fn lines_are_written_as_decimal() {
        for value in [0, 7, 10, 1_000_000, u64::MAX - 1, u64::MAX] {
            let mut out = Vec::new();
            write_line(&mut out, value).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), format!("{}\n", value));
        }
    }

    /// Every digit count and every boundary of the two-digit steps, against std's formatting.
    #[test]
    fn write_line_agrees_with_std_formatting() {
        let mut values = vec![
            0,
            9,
            10,
            11,
            99,
            100,
            101,
            999,
            1000,
            u64::MAX,
            u64::MAX - 1,
        ];
        for k in 1..20 {
            let power = 10u64.pow(k);
            values.extend_from_slice(&[power - 1, power, power + 1, power / 3 * 2 + 7]);
        }
        for value in values {
            let mut out = Vec::new();
            write_line(&mut out, value).unwrap();
            assert_eq!(out, format!("{}\n", value).into_bytes(), "{}", value);
        }
    }

    testkit::problem_tests!(
        NimProduct,
        solve,
        refuses: [
            ("", "expected the number of test cases T"),
            ("0\n", "the number of test cases T = `0` is out of range"),
            ("1\n3\n", "input ended early: expected B of test case 1"),
            ("1\n18446744073709551616 1\n", "A of test case 1 = `18446744073709551616` is out of range"),
            ("1\n2 -2\n", "B of test case 1 = `-2` is out of range"),
            ("1\n2 2\n5\n", "unexpected extra input"),
        ]
    );
}
