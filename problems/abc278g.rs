//! AtCoder ABC278 G "Generalized Subtraction Game" (interactive). Cards 1..N lie in a row; a
//! move removes y consecutive cards x, x+1, ..., x+y-1 that are all still there, with
//! L <= y <= R; who cannot move loses. We choose to move first or second and must win.
//!
//! Protocol, as the statement gives it: the jury sends `N L R`; we print `First` or `Second`;
//! a move is a line `x y` (ours, or `0 0` when we have none); the jury answers with its move
//! `a b`, `0 0` when it has none (we won, and stop), or `-1 -1` after an illegal line of ours
//! (we stop at once). Limits: 1 <= L <= R <= N <= 2000.
//!
//! The game, and the two ways to win it:
//! - Mirroring. If some y in [L, R] has the parity of N, we move first and remove the y middle
//!   cards, leaving two equal rows of (N - y) / 2 cards; then every jury move in one row is
//!   answered by the same move in the other, so we always have a move while the jury does
//!   ([`mirror_cut`]). Such a y exists unless L = R and L and N differ in parity.
//! - Otherwise (L = R = K) the game is an octal game: a row of n cards offers the rows a and
//!   n - K - a, its Grundy value is g(n) = mex { g(a) xor g(n - K - a) : 0 <= a <= n - K }, a
//!   position is worth the xor of its rows' values, and we play to xor 0 ([`grundy_values`],
//!   O(N^2) once, then O(N) per move).

use judge::interactive::Dialogue;
use judge::InputError;
use std::io::{BufRead, Write};

/// The statement's largest N.
const MAX_N: u64 = 2000;

/// The length y of the middle cut that leaves two equal rows of a row of `n` cards, when one
/// exists: y in [l, r] with y of the parity of n (l or l + 1, whichever fits).
///
/// # Complexity
/// O(1).
fn mirror_cut(n: usize, l: usize, r: usize) -> Option<usize> {
    (l..=r.min(l + 1)).find(|&y| y <= n && y % 2 == n % 2)
}

/// The Grundy values g(0..=n) of one row under the removal of exactly `k` consecutive cards.
///
/// # Complexity
/// O(n^2 / 2) time, O(n) memory.
fn grundy_values(n: usize, k: usize) -> Vec<usize> {
    let mut g = vec![0usize; n + 1];
    let mut seen = vec![usize::MAX; n + 2];
    for len in k..=n {
        for a in 0..=(len - k) / 2 {
            let value = g[a] ^ g[len - k - a];
            if value < seen.len() {
                seen[value] = len;
            }
        }
        g[len] = (0..).find(|&v| seen[v] != len).expect("a value is missing");
    }
    g
}

/// The cards still on the table.
struct Table {
    present: Vec<bool>,
    l: usize,
    r: usize,
}

impl Table {
    /// Removes the jury's move `x y` (1-based).
    ///
    /// # Errors
    /// If it is not a move: y outside [L, R], or a card gone or off the table.
    fn remove(&mut self, x: usize, y: usize) -> Result<(), InputError> {
        let fits = x >= 1 && (self.l..=self.r).contains(&y) && x + y - 1 < self.present.len();
        if !fits || !(x..x + y).all(|c| self.present[c]) {
            return Err(InputError::Invalid(format!(
                "the jury's move {} {} is not a move",
                x, y
            )));
        }
        for card in x..x + y {
            self.present[card] = false;
        }
        Ok(())
    }

    /// The rows of cards left, as (first card, length).
    fn rows(&self) -> Vec<(usize, usize)> {
        let mut rows = Vec::new();
        let mut card = 1;
        while card < self.present.len() {
            if self.present[card] {
                let start = card;
                while card < self.present.len() && self.present[card] {
                    card += 1;
                }
                rows.push((start, card - start));
            } else {
                card += 1;
            }
        }
        rows
    }

    /// A move `(x, y)` with y = k to a position of xor 0 under the values `g`, else any move,
    /// else `None`.
    ///
    /// # Complexity
    /// O(N).
    fn octal_move(&self, g: &[usize], k: usize) -> Option<(usize, usize)> {
        let rows = self.rows();
        let total = rows.iter().fold(0, |x, &(_, len)| x ^ g[len]);
        let mut any = None;
        for &(start, len) in rows.iter().filter(|&&(_, len)| len >= k) {
            let want = total ^ g[len];
            for a in 0..=len - k {
                if g[a] ^ g[len - k - a] == want {
                    return Some((start + a, k));
                }
            }
            any = Some((start, k));
        }
        any
    }
}

/// The jury's move: `None` for `0 0` (it has none: we won).
fn jury_move<R: BufRead, W: Write>(
    io: &mut Dialogue<R, W>,
    n: usize,
) -> Result<Option<(usize, usize)>, InputError> {
    // The jury's `-1 -1` stops the dialogue at its first token (`Dialogue`'s rejection).
    let a = io.uint("the jury's a", 0..=n as u64)? as usize;
    let b = io.uint("the jury's b", 0..=n as u64)? as usize;
    Ok(if (a, b) == (0, 0) { None } else { Some((a, b)) })
}

fn solve<R: BufRead, W: Write>(io: &mut Dialogue<R, W>) -> Result<(), InputError> {
    let n = io.uint("N", 1..=MAX_N)? as usize;
    let l = io.uint("L", 1..=n as u64)? as usize;
    let r = io.uint("R", l as u64..=n as u64)? as usize;
    let mut table = Table {
        present: vec![true; n + 1],
        l,
        r,
    };
    table.present[0] = false;
    if let Some(y) = mirror_cut(n, l, r) {
        let half = (n - y) / 2;
        io.send("First")?;
        io.send(format_args!("{} {}", half + 1, y))?;
        table.remove(half + 1, y)?;
        // The right row is the left one moved by `shift`.
        let shift = half + y;
        while let Some((a, b)) = jury_move(io, n)? {
            table.remove(a, b)?;
            let x = if a <= half { a + shift } else { a - shift };
            table.remove(x, b).map_err(|_| {
                InputError::Invalid(format!("the jury's move {} {} crosses the middle", a, b))
            })?;
            io.send(format_args!("{} {}", x, b))?;
        }
        return Ok(());
    }
    // L = R = k of the other parity than N: the octal game.
    let k = l;
    let g = grundy_values(n, k);
    let mut my_turn = g[n] != 0;
    io.send(if my_turn { "First" } else { "Second" })?;
    loop {
        if my_turn {
            match table.octal_move(&g, k) {
                Some((x, y)) => {
                    table.remove(x, y)?;
                    io.send(format_args!("{} {}", x, y))?;
                }
                None => return io.send("0 0"),
            }
        } else {
            match jury_move(io, n)? {
                Some((a, b)) => table.remove(a, b)?,
                None => return Ok(()),
            }
        }
        my_turn = !my_turn;
    }
}

fn main() {
    judge::interactive::main(solve)
}

#[cfg(test)]
#[path = "abc278g/tests.rs"]
mod tests;
