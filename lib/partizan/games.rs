//! Values of short partizan games: canonical forms in an arena, with sums, negation,
//! comparison and the outcome class.
//!
//! A short partizan game is `{L | R}`: finitely many Left options and Right options, each a
//! game. Games form a group under the disjunctive sum (play in one component a turn), ordered
//! by `G >= H` iff Left, moving second, wins `G - H`. By the recursive test (Conway, *On
//! Numbers and Games*, chapter 0; Siegel, *Combinatorial Game Theory*, II.1):
//! `G <= H` iff no Left option `G^L >= H` and no Right option `H^R <= G`.
//!
//! # Canonical forms
//! Every short game equals exactly one game in *canonical form*, the one with no dominated
//! and no reversible options (ONAG, theorem 69; Siegel, CGT II.2.7). [`Games::game`] reaches
//! it by two rules that keep the value:
//! - remove a dominated option: a Left option `A <= B` for another Left option `B` (Right:
//!   `A >= B`);
//! - bypass a reversible option: a Left option `A` with a Right option `A^R <= G` is replaced
//!   by all the Left options of `A^R` (symmetrically for Right).
//!
//! The arena interns canonical forms, so equal games get the same [`GameId`] and equality is
//! `==`. Numbers, nimbers, `^` and `v` come out in their classical forms: an integer `n > 0`
//! is `{n-1 | }`, a dyadic `m/2^k` is `{x - 2^-k | x + 2^-k}`, `*n` is
//! `{0, *, …, *(n-1) | 0, *, …, *(n-1)}`, `^ = {0 | *}`.
//!
//! # Outcome classes
//! A partizan position has four possible outcomes, not two, so it gets its own type
//! [`OutcomeClass`] rather than the impartial [`Outcome`](crate::outcome::Outcome): `G > 0`
//! is a win for Left whoever starts (L), `G < 0` for Right (R), `G = 0` for the second player
//! (P), and `G` confused with 0 for the first player (N).
//!
//! ```
//! use grundy::partizan::games::{Games, OutcomeClass};
//! use grundy::partizan::dyadic::Dyadic;
//! let mut games = Games::new();
//! let zero = games.zero();
//! let one = games.game(&[zero], &[]); // {0 | } = 1
//! let half = games.game(&[zero], &[one]); // {0 | 1} = 1/2
//! assert_eq!(games.to_number(half), Some(Dyadic::new(1, 1)));
//! let sum = games.add(half, half);
//! assert_eq!(sum, one); // 1/2 + 1/2 = 1, the same canonical form
//! let star = games.game(&[zero], &[zero]);
//! assert_eq!(games.name(star), "*");
//! assert_eq!(games.outcome(star), OutcomeClass::Next);
//! let minus_one = games.neg(one);
//! let hot = games.game(&[one], &[minus_one]); // {1 | -1}
//! assert_eq!(games.name(hot), "{1|-1}");
//! assert_eq!(games.to_number(hot), None); // not a number, and said so
//! ```

use super::dyadic::{simplest_between, Dyadic};
use super::hash::FastMap;

/// A game in a [`Games`] arena: the id of its canonical form (equal games, equal ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

/// The outcome class of a partizan game under normal play: who wins with perfect play,
/// according to who moves first. Not [`Outcome`](crate::outcome::Outcome): that has two
/// values, for games where both players have the same moves.
///
/// ```
/// use grundy::partizan::games::OutcomeClass;
/// assert_eq!(OutcomeClass::Previous.letter(), 'P');
/// assert!(OutcomeClass::Left.left_wins(true) && OutcomeClass::Left.left_wins(false));
/// assert!(!OutcomeClass::Next.left_wins(false));
/// assert_eq!(OutcomeClass::from_winners(true, true), OutcomeClass::Next);
/// assert_eq!(OutcomeClass::from_winners(true, false), OutcomeClass::Left);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// Left wins whoever moves first (`G > 0`).
    Left,
    /// Right wins whoever moves first (`G < 0`).
    Right,
    /// The player to move wins (`G` confused with 0, written `G || 0`).
    Next,
    /// The player to move loses (`G = 0`).
    Previous,
}

impl OutcomeClass {
    /// The class from who wins: `left_first` says Left wins when Left moves first,
    /// `right_first` says Right wins when Right moves first.
    pub fn from_winners(left_first: bool, right_first: bool) -> Self {
        match (left_first, right_first) {
            (true, false) => OutcomeClass::Left,
            (false, true) => OutcomeClass::Right,
            (true, true) => OutcomeClass::Next,
            (false, false) => OutcomeClass::Previous,
        }
    }

    /// Whether Left wins when Left moves first (`left_moves_first`) or second.
    pub fn left_wins(self, left_moves_first: bool) -> bool {
        match self {
            OutcomeClass::Left => true,
            OutcomeClass::Right => false,
            OutcomeClass::Next => left_moves_first,
            OutcomeClass::Previous => !left_moves_first,
        }
    }

    /// The class's letter: `L`, `R`, `N` or `P`.
    pub fn letter(self) -> char {
        match self {
            OutcomeClass::Left => 'L',
            OutcomeClass::Right => 'R',
            OutcomeClass::Next => 'N',
            OutcomeClass::Previous => 'P',
        }
    }
}

/// How two games compare: partizan games are only partially ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// Neither `G <= H` nor `G >= H` (`G || H`).
    Confused,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Node {
    left: Vec<GameId>,
    right: Vec<GameId>,
}

/// An arena of short partizan games in canonical form, with memoised comparison, sum and
/// negation. Ids are only meaningful in the arena that made them.
///
/// ```
/// use grundy::partizan::games::{Comparison, Games};
/// let mut games = Games::new();
/// let up = games.up();
/// let star = games.nimber(1);
/// assert_eq!(games.name(up), "^");
/// assert_eq!(games.compare(up, games.zero()), Comparison::Greater); // ^ > 0
/// assert_eq!(games.compare(up, star), Comparison::Confused); // ^ || *
/// let up_star = games.add(up, star);
/// assert_eq!(games.name(up_star), "^*");
/// ```
///
/// # Constraints
/// Options passed to [`Games::game`] are ids of this arena.
///
/// # Complexity
/// Canonical forms can be exponentially larger than the positions that produce them; the
/// arena memoises every comparison, sum and negation, so each pair is worked out once.
/// Recursion depth is the birthday of the games involved.
#[derive(Clone, Debug)]
pub struct Games {
    nodes: Vec<Node>,
    canonical: FastMap<Node, GameId>,
    le_memo: FastMap<(GameId, GameId), bool>,
    sum_memo: FastMap<(GameId, GameId), GameId>,
    neg_memo: FastMap<GameId, GameId>,
    number_memo: FastMap<GameId, Option<Dyadic>>,
}

impl Default for Games {
    fn default() -> Self {
        Games::new()
    }
}

impl Games {
    /// An arena holding only 0 = `{ | }`.
    pub fn new() -> Self {
        let mut games = Games {
            nodes: Vec::new(),
            canonical: FastMap::default(),
            le_memo: FastMap::default(),
            sum_memo: FastMap::default(),
            neg_memo: FastMap::default(),
            number_memo: FastMap::default(),
        };
        games.intern(Vec::new(), Vec::new());
        games
    }

    /// The game 0 = `{ | }`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The number of forms the arena holds (canonical ones and the intermediate forms the
    /// simplification compared against).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The comparisons (`g <= h` for a pair of forms) worked out so far: each is memoised,
    /// so this counts the work comparisons have cost, which grows with the size of the forms
    /// compared (a search may stop on it, as [`crate::partizan::hackenbush`]'s does).
    ///
    /// ```
    /// use grundy::partizan::games::Games;
    /// let mut games = Games::new();
    /// let before = games.comparisons();
    /// let (up, star) = (games.up(), games.nimber(1));
    /// let after_making = games.comparisons();
    /// assert!(after_making >= before);
    /// games.le(up, star);
    /// let once = games.comparisons();
    /// assert!(once > after_making);
    /// games.le(up, star); // memoised: no new work
    /// assert_eq!(games.comparisons(), once);
    /// ```
    pub fn comparisons(&self) -> usize {
        self.le_memo.len()
    }

    /// Always false: the arena holds 0 from the start.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The canonical Left options of `g`.
    pub fn left(&self, g: GameId) -> &[GameId] {
        &self.nodes[g.0 as usize].left
    }

    /// The canonical Right options of `g`.
    pub fn right(&self, g: GameId) -> &[GameId] {
        &self.nodes[g.0 as usize].right
    }

    fn push(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        let id = GameId(self.nodes.len() as u32);
        self.nodes.push(Node { left, right });
        id
    }

    fn intern(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        left.sort();
        right.sort();
        let node = Node { left, right };
        if let Some(&id) = self.canonical.get(&node) {
            return id;
        }
        let id = self.push(node.left.clone(), node.right.clone());
        self.canonical.insert(node, id);
        id
    }

    /// The canonical form of `{left | right}`: dominated options removed, reversible ones
    /// bypassed, until neither rule applies.
    ///
    /// ```
    /// use grundy::partizan::games::Games;
    /// let mut games = Games::new();
    /// let zero = games.zero();
    /// let star = games.game(&[zero], &[zero]);
    /// let one = games.game(&[zero], &[]);
    /// // {0, * | } : * is reversible through 0 <= {0,*|}; bypassed, it leaves {0 | } = 1.
    /// assert_eq!(games.game(&[zero, star], &[]), one);
    /// // {0, 1 | } : 0 is dominated by 1, leaving {1 | } = 2.
    /// let two = games.game(&[one], &[]);
    /// assert_eq!(games.game(&[zero, one], &[]), two);
    /// ```
    ///
    /// # Panics
    /// If an option is not an id of this arena.
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        assert!(
            left.iter()
                .chain(right)
                .all(|g| (g.0 as usize) < self.nodes.len()),
            "Games::game: an option from another arena"
        );
        let mut left = left.to_vec();
        let mut right = right.to_vec();
        loop {
            left = self.undominated(left, true);
            right = self.undominated(right, false);
            let g = self.push(left.clone(), right.clone());
            let mut changed = false;
            let mut new_left = Vec::new();
            for &a in &left {
                let through = self
                    .right(a)
                    .to_vec()
                    .into_iter()
                    .find(|&ar| self.le(ar, g));
                match through {
                    Some(ar) => {
                        new_left.extend_from_slice(self.left(ar));
                        changed = true;
                    }
                    None => new_left.push(a),
                }
            }
            let mut new_right = Vec::new();
            for &a in &right {
                let through = self.left(a).to_vec().into_iter().find(|&al| self.le(g, al));
                match through {
                    Some(al) => {
                        new_right.extend_from_slice(self.right(al));
                        changed = true;
                    }
                    None => new_right.push(a),
                }
            }
            if !changed {
                return self.intern(left, right);
            }
            left = new_left;
            right = new_right;
        }
    }

    /// The options that no other one dominates (for Left: not `<=` another; for Right: not
    /// `>=` another), each once. Options are canonical, so equal ones share an id.
    fn undominated(&mut self, mut options: Vec<GameId>, for_left: bool) -> Vec<GameId> {
        options.sort();
        options.dedup();
        let mut kept = Vec::new();
        for (i, &a) in options.iter().enumerate() {
            let dominated = options.iter().enumerate().any(|(j, &b)| {
                j != i
                    && if for_left {
                        self.le(a, b)
                    } else {
                        self.le(b, a)
                    }
            });
            if !dominated {
                kept.push(a);
            }
        }
        kept
    }

    /// Whether `g <= h`: no Left option of `g` is `>= h` and no Right option of `h` is `<= g`.
    ///
    /// ```
    /// use grundy::partizan::games::Games;
    /// let mut games = Games::new();
    /// let (zero, star) = (games.zero(), games.nimber(1));
    /// assert!(games.le(zero, zero));
    /// assert!(!games.le(star, zero) && !games.le(zero, star));
    /// ```
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if let Some(&known) = self.le_memo.get(&(g, h)) {
            return known;
        }
        let gl = self.left(g).to_vec();
        let hr = self.right(h).to_vec();
        let answer =
            !gl.into_iter().any(|a| self.le(h, a)) && !hr.into_iter().any(|b| self.le(b, g));
        self.le_memo.insert((g, h), answer);
        answer
    }

    /// How `g` compares with `h`.
    pub fn compare(&mut self, g: GameId, h: GameId) -> Comparison {
        match (self.le(g, h), self.le(h, g)) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        }
    }

    /// The outcome class of `g`: L if `g > 0`, R if `g < 0`, P if `g = 0`, N if `g || 0`.
    ///
    /// ```
    /// use grundy::partizan::games::{Games, OutcomeClass};
    /// let mut games = Games::new();
    /// let down = games.down();
    /// assert_eq!(games.outcome(down), OutcomeClass::Right);
    /// ```
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        match self.compare(g, GameId(0)) {
            Comparison::Greater => OutcomeClass::Left,
            Comparison::Less => OutcomeClass::Right,
            Comparison::Equal => OutcomeClass::Previous,
            Comparison::Confused => OutcomeClass::Next,
        }
    }

    /// The disjunctive sum `g + h`, in canonical form.
    ///
    /// ```
    /// use grundy::partizan::games::Games;
    /// let mut games = Games::new();
    /// let star = games.nimber(1);
    /// assert_eq!(games.add(star, star), games.zero()); // * + * = 0
    /// ```
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        if g == GameId(0) {
            return h;
        }
        if h == GameId(0) {
            return g;
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.sum_memo.get(&key) {
            return known;
        }
        let (gl, gr) = (self.left(g).to_vec(), self.right(g).to_vec());
        let (hl, hr) = (self.left(h).to_vec(), self.right(h).to_vec());
        let mut left = Vec::new();
        let mut right = Vec::new();
        for a in gl {
            left.push(self.add(a, h));
        }
        for b in hl {
            left.push(self.add(g, b));
        }
        for a in gr {
            right.push(self.add(a, h));
        }
        for b in hr {
            right.push(self.add(g, b));
        }
        let sum = self.game(&left, &right);
        self.sum_memo.insert(key, sum);
        sum
    }

    /// The negative `-g`: Left's and Right's options exchanged, all the way down.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(&known) = self.neg_memo.get(&g) {
            return known;
        }
        let gl: Vec<GameId> = self.left(g).to_vec();
        let gr: Vec<GameId> = self.right(g).to_vec();
        let left: Vec<GameId> = gr.into_iter().map(|a| self.neg(a)).collect();
        let right: Vec<GameId> = gl.into_iter().map(|a| self.neg(a)).collect();
        let negative = self.game(&left, &right);
        self.neg_memo.insert(g, negative);
        negative
    }

    /// The difference `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let minus_h = self.neg(h);
        self.add(g, minus_h)
    }

    /// The number `x` as a game: `{x-1 | }` for an integer above 0, `{ | x+1}` below 0,
    /// `{x - 2^-k | x + 2^-k}` for `m/2^k`.
    ///
    /// ```
    /// use grundy::partizan::games::Games;
    /// use grundy::partizan::dyadic::Dyadic;
    /// let mut games = Games::new();
    /// let x = games.number(Dyadic::new(-5, 3));
    /// assert_eq!(games.name(x), "-5/8");
    /// ```
    ///
    /// # Complexity
    /// O(|x| + k) games made for `x = m/2^k`.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        let (m, k) = x.parts();
        if k == 0 {
            let mut g = GameId(0);
            for _ in 0..m.unsigned_abs() {
                g = if m > 0 {
                    self.intern(vec![g], Vec::new())
                } else {
                    self.intern(Vec::new(), vec![g])
                };
            }
            return g;
        }
        let step = Dyadic::new(1, k);
        let (low, high) = (self.number(x - step), self.number(x + step));
        self.intern(vec![low], vec![high])
    }

    /// The nimber `*n = {0, *, …, *(n-1) | 0, *, …, *(n-1)}`.
    pub fn nimber(&mut self, n: u32) -> GameId {
        let mut below = Vec::new();
        let mut g = GameId(0);
        for _ in 0..n {
            below.push(g);
            g = self.intern(below.clone(), below.clone());
        }
        g
    }

    /// `^ = {0 | *}`, up: positive but smaller than every positive number.
    pub fn up(&mut self) -> GameId {
        let star = self.nimber(1);
        self.intern(vec![GameId(0)], vec![star])
    }

    /// `v = {* | 0}`, down: the negative of up.
    pub fn down(&mut self) -> GameId {
        let star = self.nimber(1);
        self.intern(vec![star], vec![GameId(0)])
    }

    /// The number `g` equals, or `None` when `g` is not a number. By the simplest-number
    /// rule a canonical form is a number iff its options are numbers with every Left option
    /// below every Right option; its value is the simplest number between them.
    ///
    /// ```
    /// use grundy::partizan::games::Games;
    /// let mut games = Games::new();
    /// let (zero, one) = (games.zero(), games.number(1.into()));
    /// let three_quarters = {
    ///     let half = games.game(&[zero], &[one]);
    ///     games.game(&[half], &[one])
    /// };
    /// assert_eq!(games.to_number(three_quarters).unwrap().to_string(), "3/4");
    /// let star = games.nimber(1);
    /// assert_eq!(games.to_number(star), None);
    /// ```
    pub fn to_number(&mut self, g: GameId) -> Option<Dyadic> {
        if let Some(&known) = self.number_memo.get(&g) {
            return known;
        }
        let gl = self.left(g).to_vec();
        let gr = self.right(g).to_vec();
        let mut low: Option<Dyadic> = None;
        let mut high: Option<Dyadic> = None;
        let mut all_numbers = true;
        for a in gl {
            match self.to_number(a) {
                Some(x) => low = Some(low.map_or(x, |l| l.max(x))),
                None => all_numbers = false,
            }
        }
        for b in gr {
            match self.to_number(b) {
                Some(x) => high = Some(high.map_or(x, |h| h.min(x))),
                None => all_numbers = false,
            }
        }
        let value = if all_numbers {
            simplest_between(low, high)
        } else {
            None
        };
        self.number_memo.insert(g, value);
        value
    }
}

#[cfg(test)]
#[path = "games_tests.rs"]
mod tests;
