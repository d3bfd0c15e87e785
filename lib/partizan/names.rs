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
        // One side's options as `x + *n`. No check that they share x: two options x + *a and
        // y + *b with a, b <= 1 and x != y are comparable (their difference is a non-zero
        // number, plus * or not), so a canonical form, having no dominated options, never
        // holds both on one side; nimbers above * fail the match below.
        let kinds = |games: &mut Games, side: &[GameId]| -> Option<(Dyadic, Vec<u32>)> {
            let mut base = None;
            let mut stars = Vec::new();
            for &a in side {
                let (x, n) = games.number_and_nimber(a)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use testkit::Rng;

    /// Every number born by day `day`, from the definition: day d + 1 adds, between and beyond
    /// the numbers of day d, the one halfway between neighbours and one past each end.
    fn numbers_born_by(day: u32) -> Vec<Dyadic> {
        let mut numbers = vec![Dyadic::ZERO];
        for _ in 0..day {
            let mut next = numbers.clone();
            next.push(numbers[0] - Dyadic::integer(1));
            next.push(numbers[numbers.len() - 1] + Dyadic::integer(1));
            for pair in numbers.windows(2) {
                next.push((pair[0] + pair[1]).half().unwrap());
            }
            next.sort();
            numbers = next;
        }
        numbers
    }

    /// Random games of birthday at most 6: position p has options among positions before it.
    fn random_games(games: &mut Games, rng: &mut Rng) -> Vec<GameId> {
        let mut ids: Vec<GameId> = vec![games.zero()];
        for p in 1..7 {
            let side = |rng: &mut Rng| -> Vec<GameId> {
                (0..rng.range(0, 3))
                    .map(|_| ids[rng.below(p as u64) as usize])
                    .collect()
            };
            let (left, right) = (side(rng), side(rng));
            ids.push(games.game(&left, &right));
        }
        ids
    }

    #[test]
    fn names_agree_with_an_enumeration_of_the_named_values() {
        let mut games = Games::new();
        // Every x + *n and x + ^, v, ^*, v* of birthday at most 6, with its name by the
        // house's notation; equal values share a canonical id.
        let mut named: HashMap<GameId, (String, Option<(Dyadic, u32)>)> = HashMap::new();
        let (up, down, star) = (games.up(), games.down(), games.nimber(1));
        let up_star = games.add(up, star);
        let down_star = games.add(down, star);
        for x in numbers_born_by(6) {
            let number = games.number(x);
            let prefix = if x == Dyadic::ZERO {
                String::new()
            } else {
                x.to_string()
            };
            for n in 0..7u32 {
                let nimber = games.nimber(n);
                let g = games.add(number, nimber);
                let name = match n {
                    0 => x.to_string(),
                    1 if x == Dyadic::ZERO => "*".to_string(),
                    1 => format!("{}+*", x),
                    _ if x == Dyadic::ZERO => format!("*{}", n),
                    _ => format!("{}+*{}", x, n),
                };
                assert!(named.insert(g, (name, Some((x, n)))).is_none());
            }
            for (shape, core) in [(up, "^"), (down, "v"), (up_star, "^*"), (down_star, "v*")] {
                let g = games.add(number, shape);
                let name = if prefix.is_empty() {
                    core.to_string()
                } else {
                    format!("{}+{}", prefix, core)
                };
                assert!(named.insert(g, (name, None)).is_none());
            }
        }
        let mut rng = Rng::new(23);
        let mut by_name: HashMap<String, GameId> = HashMap::new();
        let mut others = 0;
        for _ in 0..300 {
            for g in random_games(&mut games, &mut rng) {
                let name = games.name(g);
                match named.get(&g) {
                    Some((expected, value)) => {
                        assert_eq!(&name, expected);
                        assert_eq!(games.number_and_nimber(g), *value, "{}", name);
                    }
                    None => {
                        others += 1;
                        assert!(name.starts_with('{'), "{}", name);
                        assert_eq!(games.number_and_nimber(g), None, "{}", name);
                    }
                }
                // A name stands for one value.
                assert_eq!(*by_name.entry(name.clone()).or_insert(g), g, "{}", name);
            }
        }
        assert!(
            others > 100,
            "only {} games beyond the named shapes",
            others
        );
    }
}
