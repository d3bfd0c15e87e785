//! How a value is written: numbers, `x+*n`, up and down, and canonical forms `{L|R}`.

use super::dyadic::Dyadic;
use super::games::{GameId, Games};

impl Games {
    /// `g` as `x + *n` (a number plus a nimber, `n = 0` for a number), if it is one.
    ///
    /// ```
    /// use grundy::partizan::games::Games;
    /// let mut games = Games::new();
    /// let (one, star2) = (games.number(1.into()), games.nimber(2));
    /// let g = games.add(one, star2);
    /// assert_eq!(games.number_and_nimber(g), Some((1.into(), 2)));
    /// assert_eq!(games.name(g), "1+*2");
    /// ```
    pub fn number_and_nimber(&mut self, g: GameId) -> Option<(Dyadic, u32)> {
        if let Some(x) = self.to_number(g) {
            return Some((x, 0));
        }
        let options = self.left(g).to_vec();
        if options.is_empty() || options.as_slice() != self.right(g) {
            return None;
        }
        let mut base = None;
        let mut heights = Vec::new();
        for a in options {
            let (x, n) = self.number_and_nimber(a)?;
            if base.map_or(false, |b| b != x) {
                return None;
            }
            base = Some(x);
            heights.push(n);
        }
        heights.sort_unstable();
        let n = heights.len() as u32;
        if heights.iter().enumerate().all(|(i, &h)| h == i as u32) {
            Some((base?, n))
        } else {
            None
        }
    }

    /// The value written out: a number (`3/4`), `x+*n` (`*`, `*3`, `1/2+*`), `^`, `v`, `^*`,
    /// `v*` (shifted by a number: `1+^`), and otherwise the canonical form `{L|R}` with the
    /// options' names separated by commas.
    ///
    /// ```
    /// use grundy::partizan::games::Games;
    /// let mut games = Games::new();
    /// let (zero, one) = (games.zero(), games.number(1.into()));
    /// let up = games.up();
    /// let g = games.game(&[one], &[zero]); // {1 | 0}: hot
    /// assert_eq!(games.name(g), "{1|0}");
    /// let h = games.game(&[g, up], &[zero]);
    /// // ^ = {0 | *} reverses through * <= h and is replaced by 0.
    /// assert_eq!(games.name(h), "{0,{1|0}|0}");
    /// ```
    pub fn name(&mut self, g: GameId) -> String {
        if let Some((x, n)) = self.number_and_nimber(g) {
            return match (x == Dyadic::ZERO, n) {
                (_, 0) => x.to_string(),
                (true, 1) => "*".to_string(),
                (true, _) => format!("*{}", n),
                (false, 1) => format!("{}+*", x),
                (false, _) => format!("{}+*{}", x, n),
            };
        }
        if let Some(name) = self.up_name(g) {
            return name;
        }
        let gl = self.left(g).to_vec();
        let gr = self.right(g).to_vec();
        let left: Vec<String> = gl.into_iter().map(|a| self.name(a)).collect();
        let right: Vec<String> = gr.into_iter().map(|a| self.name(a)).collect();
        format!("{{{}|{}}}", left.join(","), right.join(","))
    }

    /// `x+^`, `x+v`, `x+^*`, `x+v*` by their canonical forms `{x | x+*}`, `{x+* | x}`,
    /// `{x, x+* | x}`, `{x | x, x+*}` (`x = 0` written without its `0+`).
    fn up_name(&mut self, g: GameId) -> Option<String> {
        let gl = self.left(g).to_vec();
        let gr = self.right(g).to_vec();
        let kinds = |games: &mut Games, side: &[GameId]| -> Option<(Dyadic, Vec<u32>)> {
            let mut base = None;
            let mut stars = Vec::new();
            for &a in side {
                let (x, n) = games.number_and_nimber(a)?;
                if n > 1 || base.map_or(false, |b| b != x) {
                    return None;
                }
                base = Some(x);
                stars.push(n);
            }
            stars.sort_unstable();
            Some((base?, stars))
        };
        let (x, left) = kinds(self, &gl)?;
        let (y, right) = kinds(self, &gr)?;
        if x != y {
            return None;
        }
        let core = match (left.as_slice(), right.as_slice()) {
            ([0], [1]) => "^",
            ([1], [0]) => "v",
            ([0, 1], [0]) => "^*",
            ([0], [0, 1]) => "v*",
            _ => return None,
        };
        Some(if x == Dyadic::ZERO {
            core.to_string()
        } else {
            format!("{}+{}", x, core)
        })
    }
}
