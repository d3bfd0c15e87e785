//! Octal codes `d0.d1d2…dk`: which heap sizes a move removes and what it may leave.

use std::fmt;
use std::str::FromStr;

/// The longest code accepted (digits after the point); longer codes are refused, not allocated.
pub const MAX_CODE_LEN: usize = 1 << 20;

/// An octal game's code. Digit j's bits say what removing j objects from a heap may leave:
/// bit 1 nothing, bit 2 one non-empty heap, bit 4 two non-empty heaps. Digit 0 is 0 or 4
/// (splitting a heap in two without removing anything).
///
/// ```
/// use grundy::octal::OctalCode;
/// let dawson: OctalCode = "0.07".parse().unwrap();
/// assert_eq!(dawson.last_move(), 2);
/// assert!(dawson.has_splits());
/// assert_eq!(".07".parse::<OctalCode>().unwrap(), dawson);
/// assert_eq!(dawson.to_string(), "0.07");
/// assert!("0.8".parse::<OctalCode>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[j]` for j = 0..=k, trailing zeros after the point removed.
    digits: Vec<u8>,
}

/// Why a code was refused; `Display` gives a one-line reason.
///
/// ```
/// let e = "0.9".parse::<grundy::octal::OctalCode>().unwrap_err();
/// assert_eq!(e.to_string(), "bad octal code `0.9`: digits after the point must be 0-7");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalCodeError(pub(crate) String);

impl fmt::Display for OctalCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OctalCodeError {}

impl OctalCode {
    /// The code with digit `d0` before the point and `digits` (d1, d2, …) after it.
    ///
    /// ```
    /// use grundy::octal::OctalCode;
    /// let kayles = OctalCode::from_digits(0, &[7, 7]).unwrap();
    /// assert_eq!(kayles.to_string(), "0.77");
    /// assert!(OctalCode::from_digits(1, &[7]).is_err());
    /// ```
    ///
    /// # Constraints
    /// d0 is 0 or 4, every other digit 0 to 7, at most [`MAX_CODE_LEN`] digits.
    ///
    /// # Complexity
    /// O(number of digits).
    pub fn from_digits(d0: u8, digits: &[u8]) -> Result<Self, OctalCodeError> {
        if d0 != 0 && d0 != 4 {
            return Err(OctalCodeError(format!(
                "the digit before the point must be 0 or 4, not {}",
                d0
            )));
        }
        if digits.len() > MAX_CODE_LEN {
            return Err(OctalCodeError(format!(
                "codes longer than {} digits are not supported",
                MAX_CODE_LEN
            )));
        }
        if let Some(bad) = digits.iter().find(|&&d| d > 7) {
            return Err(OctalCodeError(format!(
                "{} is not an octal digit (0-7)",
                bad
            )));
        }
        let mut all = Vec::with_capacity(digits.len() + 1);
        all.push(d0);
        all.extend_from_slice(digits);
        while all.len() > 1 && all.last() == Some(&0) {
            all.pop();
        }
        Ok(OctalCode { digits: all })
    }

    /// The code with `digit` at each of `positions` (after the point) and 0 elsewhere.
    ///
    /// ```
    /// use grundy::octal::OctalCode;
    /// assert_eq!(OctalCode::from_positions(&[2, 4], 7).unwrap().to_string(), "0.0707");
    /// assert!(OctalCode::from_positions(&[0], 7).is_err());
    /// ```
    ///
    /// # Constraints
    /// Positions from 1 to [`MAX_CODE_LEN`], `digit` from 0 to 7.
    ///
    /// # Complexity
    /// O(largest position).
    pub fn from_positions(positions: &[usize], digit: u8) -> Result<Self, OctalCodeError> {
        if positions.contains(&0) {
            return Err(OctalCodeError(
                "a move must remove at least one object".into(),
            ));
        }
        let top = positions.iter().copied().max().unwrap_or(0);
        if top > MAX_CODE_LEN {
            return Err(OctalCodeError(format!(
                "a move removing {} objects is beyond the {} supported",
                top, MAX_CODE_LEN
            )));
        }
        let mut digits = vec![0u8; top];
        positions.iter().for_each(|&s| digits[s - 1] = digit);
        OctalCode::from_digits(0, &digits)
    }

    /// Digit j (0 beyond the last non-zero digit).
    ///
    /// ```
    /// let code: grundy::octal::OctalCode = "4.07".parse().unwrap();
    /// assert_eq!((code.digit(0), code.digit(2), code.digit(9)), (4, 7, 0));
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(0)
    }

    /// k: the largest number of objects one move removes (the position of the last non-zero
    /// digit; 0 when only d0 is set or the game has no move).
    ///
    /// ```
    /// assert_eq!("0.137".parse::<grundy::octal::OctalCode>().unwrap().last_move(), 3);
    /// ```
    ///
    /// # Complexity
    /// O(1).
    pub fn last_move(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move may leave two heaps (a digit with bit 4).
    ///
    /// ```
    /// assert!(!"0.33".parse::<grundy::octal::OctalCode>().unwrap().has_splits());
    /// ```
    ///
    /// # Complexity
    /// O(k).
    pub fn has_splits(&self) -> bool {
        self.digits.iter().any(|&d| d & 4 != 0)
    }

    /// The move sizes j whose digit has all the bits of `bit` (1, 2 or 4), in increasing order.
    ///
    /// ```
    /// let code: grundy::octal::OctalCode = "0.137".parse().unwrap();
    /// assert_eq!(code.moves_with(4), vec![3]);
    /// assert_eq!(code.moves_with(1), vec![1, 2, 3]);
    /// ```
    ///
    /// # Complexity
    /// O(k).
    pub fn moves_with(&self, bit: u8) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&j| self.digits[j] & bit != 0)
            .collect()
    }
}

impl FromStr for OctalCode {
    type Err = OctalCodeError;

    /// Parses `d0.d1…dk`; the `0` before the point may be left out (`.07`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |why: &str| OctalCodeError(format!("bad octal code `{}`: {}", text, why));
        let (before, after) = text
            .split_once('.')
            .ok_or_else(|| bad("expected d0.d1d2…, e.g. 0.07"))?;
        let d0 = match before {
            "" | "0" => 0,
            "4" => 4,
            _ => return Err(bad("the digit before the point must be 0 or 4")),
        };
        if after.is_empty() {
            return Err(bad("no digits after the point"));
        }
        let digits = after
            .bytes()
            .map(|b| match b {
                b'0'..=b'7' => Ok(b - b'0'),
                _ => Err(bad("digits after the point must be 0-7")),
            })
            .collect::<Result<Vec<u8>, _>>()?;
        OctalCode::from_digits(d0, &digits).map_err(|e| bad(&e.0))
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        self.digits[1..].iter().try_for_each(|d| write!(f, "{}", d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        let code: OctalCode = "4.070".parse().unwrap();
        assert_eq!(code.to_string(), "4.07");
        assert_eq!(code.moves_with(4), vec![0, 2]);
        for bad in ["", "0", "07", "1.07", "0.", "0.9", "0.0a", "00.7", "-0.7"] {
            assert!(bad.parse::<OctalCode>().is_err(), "{bad}");
        }
        assert_eq!("0.0".parse::<OctalCode>().unwrap().last_move(), 0);
    }
}
