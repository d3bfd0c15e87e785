//! The recurring input shapes: "T, then T test cases", and a case that is "N, then N
//! integers", with field names that carry the case's number, so that a solution's `solve` for
//! a Nim-like problem is a few lines and its errors still name the field and the case.

use crate::error::InputError;
use crate::scanner::Scanner;
use std::fmt;
use std::io::Write;
use std::ops::{BitXor, RangeInclusive};

/// One test case of a "T, then T test cases" input: its number (from 1), and the names of its
/// fields as errors show them.
///
/// ```
/// let case = judge::Case::new(3);
/// assert_eq!(case.number(), 3);
/// assert_eq!(case.field("N").to_string(), "N of test case 3");
/// assert_eq!(case.item("h_", 2).to_string(), "h_2 of test case 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case(u64);

impl Case {
    /// Test case number `number` (from 1). A solution gets its cases from
    /// [`Scanner::cases`]; this serves tests, and a caller of [`Lists::fold`] that numbers
    /// its cases itself.
    pub fn new(number: u64) -> Self {
        Case(number)
    }

    /// The case's number, from 1.
    pub fn number(self) -> u64 {
        self.0
    }

    /// The name of this case's field `name`: `N of test case 3`. Formatted only when shown.
    pub fn field(self, name: &str) -> CaseField<'_> {
        CaseField {
            name,
            index: None,
            case: self.0,
        }
    }

    /// The name of this case's `i`-th item: `h_2 of test case 3` for `item("h_", 2)`, `heap 2
    /// of test case 3` for `item("heap ", 2)`. Formatted only when shown.
    pub fn item(self, prefix: &str, i: u64) -> CaseField<'_> {
        CaseField {
            name: prefix,
            index: Some(i),
            case: self.0,
        }
    }
}

/// A field's name within a test case, from [`Case::field`] or [`Case::item`].
#[derive(Clone, Copy, Debug)]
pub struct CaseField<'a> {
    name: &'a str,
    index: Option<u64>,
    case: u64,
}

impl fmt::Display for CaseField<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        if let Some(i) = self.index {
            write!(f, "{}", i)?;
        }
        write!(f, " of test case {}", self.case)
    }
}

/// The test cases announced by a count, from [`Scanner::cases`]: an iterator of [`Case`].
#[derive(Clone, Debug)]
pub struct Cases {
    numbers: RangeInclusive<u64>,
}

impl Iterator for Cases {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        self.numbers.next().map(Case)
    }
}

impl Scanner<'_> {
    /// Reads the number of test cases T (named `field`, at least 1) and returns the cases 1 to
    /// T, to read in a loop.
    ///
    /// ```
    /// use judge::Scanner;
    /// let mut sc = Scanner::new(b"2\n5\n7\n");
    /// let mut sum = 0;
    /// for case in sc.cases("the number of test cases T").unwrap() {
    ///     sum += sc.uint(case.field("n"), 0..=9).unwrap();
    /// }
    /// assert_eq!(sum, 12);
    /// let e = Scanner::new(b"0").cases("the number of test cases T").unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "the number of test cases T = `0` is out of range (accepted: 1..=18446744073709551615)"
    /// );
    /// ```
    ///
    /// # Complexity
    /// O(token length).
    pub fn cases(&mut self, field: impl fmt::Display) -> Result<Cases, InputError> {
        let tests = self.uint(field, 1..=u64::MAX)?;
        Ok(Cases { numbers: 1..=tests })
    }
}

/// The shape "T, then T test cases, each a count N and N integers", with the names its errors
/// use and the values it accepts. A `const` in the problem's file, read by [`Lists::answer`]
/// (a whole input, one answer line per case), [`Lists::fold`] or [`Lists::read_into`] (one case).
/// The items are read with [`Scanner::uint_fast`]: the lists are most of such an input.
///
/// ```
/// use judge::{InputError, Lists, Scanner};
/// use std::io::Write;
///
/// const NIM: Lists = Lists {
///     cases: "the number of test cases T",
///     count: "n",
///     item: "heap ",
///     counts: 1..=u64::MAX,
///     items: 0..=u64::MAX,
/// };
///
/// /// Nim: the first player wins iff the heaps' XOR is not 0.
/// fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
///     NIM.answer_xor(sc, out, |_, heap| heap, |x| if x != 0 { "First" } else { "Second" })
/// }
///
/// assert_eq!(judge::run_str(solve, "2\n2 1 1\n3 1 2 4\n").unwrap(), "Second\nFirst\n");
/// assert_eq!(
///     judge::run_str(solve, "2\n2 1 1\n3 1 x 4\n").unwrap_err().to_string(),
///     "heap 2 of test case 2: expected an integer, found `x`"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Lists<'a> {
    /// The number of test cases, e.g. `"the number of test cases T"`.
    pub cases: &'a str,
    /// A case's count, e.g. `"N"`: errors say `N of test case 3`.
    pub count: &'a str,
    /// The prefix of a case's i-th integer, e.g. `"h_"`: errors say `h_2 of test case 3`.
    pub item: &'a str,
    /// The counts accepted, e.g. `1..=u64::MAX`.
    pub counts: RangeInclusive<u64>,
    /// The integers accepted.
    pub items: RangeInclusive<u64>,
}

impl<'a> Lists<'a> {
    /// The shape with these names, accepting counts and integers from 1 to `u64::MAX` (change
    /// either with [`Lists::counts`] or [`Lists::items`]), for a `const`.
    ///
    /// ```
    /// const PILES: judge::Lists = judge::Lists::new("T", "N", "S_").items(0..=u64::MAX);
    /// assert_eq!(PILES.counts, 1..=u64::MAX);
    /// assert_eq!(PILES.items, 0..=u64::MAX);
    /// ```
    pub const fn new(cases: &'a str, count: &'a str, item: &'a str) -> Self {
        Lists {
            cases,
            count,
            item,
            counts: 1..=u64::MAX,
            items: 1..=u64::MAX,
        }
    }

    /// The same shape accepting the counts `counts`.
    pub const fn counts(self, counts: RangeInclusive<u64>) -> Self {
        Lists {
            cases: self.cases,
            count: self.count,
            item: self.item,
            counts,
            items: self.items,
        }
    }

    /// The same shape accepting the integers `items`.
    pub const fn items(self, items: RangeInclusive<u64>) -> Self {
        Lists {
            cases: self.cases,
            count: self.count,
            item: self.item,
            counts: self.counts,
            items,
        }
    }

    /// A whole input: for each test case, its integers folded from `init` by `fold(acc, i, x)`
    /// (`i` counts from 1), then `answer(acc)` written on a line of its own; then no input
    /// may be left ([`Scanner::finish`]).
    ///
    /// # Complexity
    /// O(input size), plus the calls of `fold` and `answer`. Nothing is held: memory does not
    /// grow with N.
    pub fn answer<W, T, D>(
        &self,
        sc: &mut Scanner,
        out: &mut W,
        init: T,
        mut fold: impl FnMut(T, u64, u64) -> T,
        mut answer: impl FnMut(T) -> D,
    ) -> Result<(), InputError>
    where
        W: Write,
        T: Clone,
        D: fmt::Display,
    {
        for case in sc.cases(self.cases)? {
            let acc = self.fold(sc, case, init.clone(), &mut fold)?;
            writeln!(out, "{}", answer(acc))?;
        }
        sc.finish()
    }

    /// [`Lists::answer`] for a sum of games: each case's answer is `answer` of the XOR of
    /// `value(i, x)` over its integers (the Sprague–Grundy value of the sum when `value` gives
    /// each part's), starting from `T::default()`: any type whose `^` is XOR, such as `u64` or
    /// the library's `Nimber`.
    ///
    /// # Complexity
    /// O(input size), plus the calls of `value` and `answer`.
    pub fn answer_xor<W, T, D>(
        &self,
        sc: &mut Scanner,
        out: &mut W,
        mut value: impl FnMut(u64, u64) -> T,
        answer: impl FnMut(T) -> D,
    ) -> Result<(), InputError>
    where
        W: Write,
        T: Clone + Default + BitXor<Output = T>,
        D: fmt::Display,
    {
        self.answer(sc, out, T::default(), |acc, i, x| acc ^ value(i, x), answer)
    }

    /// One test case: its count, then that many integers folded from `init` by
    /// `fold(acc, i, x)` (`i` counts from 1).
    ///
    /// ```
    /// use judge::{Case, Lists, Scanner};
    /// const SHAPE: Lists = Lists {
    ///     cases: "T", count: "N", item: "A_", counts: 1..=9, items: 1..=99,
    /// };
    /// let mut sc = Scanner::new(b"3 10 20 30 2 5 500");
    /// assert_eq!(SHAPE.fold(&mut sc, Case::new(1), 0, |sum, _, x| sum + x), Ok(60));
    /// let e = SHAPE.fold(&mut sc, Case::new(2), 0, |sum, _, x| sum + x).unwrap_err();
    /// assert_eq!(e.to_string(), "A_2 of test case 2 = `500` is out of range (accepted: 1..=99)");
    /// ```
    ///
    /// # Complexity
    /// O(the case's input size), plus the calls of `fold`.
    #[inline]
    pub fn fold<T>(
        &self,
        sc: &mut Scanner,
        case: Case,
        init: T,
        mut fold: impl FnMut(T, u64, u64) -> T,
    ) -> Result<T, InputError> {
        let n = sc.uint(case.field(self.count), self.counts.clone())?;
        let mut acc = init;
        for i in 1..=n {
            // Read under a fixed name, named in full only on an error, off the hot path; a
            // short number as one eight-byte word, since a list is where most of a large
            // input's numbers are.
            let x = sc
                .uint_fast(self.item, self.items.clone())
                .map_err(|e| e.for_field(case.item(self.item, i)))?;
            acc = fold(acc, i, x);
        }
        Ok(acc)
    }

    /// One test case's integers into `buf` (cleared first, its allocation reused from case
    /// to case), for a solution that needs them all at once.
    ///
    /// ```
    /// use judge::{Case, Lists, Scanner};
    /// const SHAPE: Lists = Lists {
    ///     cases: "T", count: "n", item: "a_", counts: 0..=5, items: 0..=9,
    /// };
    /// let mut sc = Scanner::new(b"3 4 1 5 0");
    /// let mut buf = Vec::new();
    /// SHAPE.read_into(&mut sc, Case::new(1), &mut buf).unwrap();
    /// assert_eq!(buf, [4, 1, 5]);
    /// SHAPE.read_into(&mut sc, Case::new(2), &mut buf).unwrap();
    /// assert!(buf.is_empty());
    /// ```
    ///
    /// # Constraints
    /// `buf` grows to the case's count: bound `counts` by what memory allows (the input alone
    /// bounds it by 1 GiB / 2 integers).
    ///
    /// # Complexity
    /// O(the case's input size).
    pub fn read_into(
        &self,
        sc: &mut Scanner,
        case: Case,
        buf: &mut Vec<u64>,
    ) -> Result<(), InputError> {
        buf.clear();
        self.fold(sc, case, (), |(), _, x| buf.push(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPE: Lists = Lists::new("the number of test cases T", "N", "h_").counts(1..=3);

    fn xor_solve(sc: &mut Scanner, out: &mut Vec<u8>) -> Result<(), InputError> {
        SHAPE.answer_xor(sc, out, |i, h| i * 1000 + h, |v| v)
    }

    #[test]
    fn each_case_is_answered_on_its_line_and_the_input_must_end() {
        let got = crate::run_str(xor_solve, "2\n1 5\n3 1 2 3\n").unwrap();
        assert_eq!(got, format!("{}\n{}\n", 1005, 1001 ^ 2002 ^ 3003));
        let e = crate::run_str(xor_solve, "1\n1 5 6").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unexpected extra input after the last test case: `6`"
        );
    }

    #[test]
    fn every_field_is_named_with_its_case() {
        for (input, message) in [
            ("", "input ended early: expected the number of test cases T"),
            (
                "0",
                "the number of test cases T = `0` is out of range (accepted: 1..=18446744073709551615)",
            ),
            ("2\n1 5\n", "input ended early: expected N of test case 2"),
            (
                "2\n1 5\n4",
                "N of test case 2 = `4` is out of range (accepted: 1..=3)",
            ),
            ("2\n1 5\n2 7", "input ended early: expected h_2 of test case 2"),
            (
                "1\n3 1 0 1",
                "h_2 of test case 1 = `0` is out of range (accepted: 1..=18446744073709551615)",
            ),
            ("1\n3 1 1 -", "h_3 of test case 1: expected an integer, found `-`"),
        ] {
            let e = crate::run_str(xor_solve, input).unwrap_err();
            assert_eq!(e.to_string(), message, "{:?}", input);
            // With room after each token for the items' eight-byte reader, which then meets the
            // bad item itself and hands it to the careful reader: the same message.
            let spaced = input.replace(' ', "        ") + "        ";
            let e = crate::run_str(xor_solve, &spaced).unwrap_err();
            assert_eq!(e.to_string(), message, "{:?}", spaced);
        }
    }

    #[test]
    fn fold_sees_each_index_case_after_case() {
        let mut sc = Scanner::new(b"3 7 8 9 1 4");
        let seen = SHAPE
            .fold(&mut sc, Case::new(1), Vec::new(), |mut seen, i, x| {
                seen.push((i, x));
                seen
            })
            .unwrap();
        assert_eq!(seen, [(1, 7), (2, 8), (3, 9)]);
        let sum = SHAPE.fold(&mut sc, Case::new(2), 0, |sum, _, x| sum + x);
        assert_eq!(sum, Ok(4));
        assert!(sc.finish().is_ok());
    }

    #[test]
    fn the_case_count_may_reach_u64_max_without_holding_anything() {
        let mut cases = Scanner::new(b"18446744073709551615").cases("T").unwrap();
        assert_eq!(cases.next(), Some(Case::new(1)));
        assert_eq!(cases.next().map(Case::number), Some(2));
    }
}
