//! CCC 2008 S5 "Nukit": a take-away game on the counts of particles A, B, C, D.
//!
//! Input: n, then n lines `a b c d`. Output per line: `Patrick` if the first player wins, else
//! `Roland`. A memoised search from each pool (`TakeVectors::search`) stops at the first winning
//! reaction, over the judge's box of counts up to 30 (31^4 positions); pools beyond the judge
//! are held (in no more bytes than their digits) and answered at the end, over the box up to
//! the largest count of each kind, while that box stays within [`MAX_POSITIONS`], and refused
//! clearly beyond it.

use grundy::take_vectors::{TakeVectors, TakeVectorsSearch};
use judge::{InputError, Scanner};
use std::io::Write;

/// The five reactions, as counts of (A, B, C, D) they consume.
const REACTIONS: [[usize; 4]; 5] = [
    [2, 1, 0, 2],
    [1, 1, 1, 1],
    [0, 0, 2, 1],
    [0, 3, 0, 0],
    [1, 0, 0, 1],
];

/// The largest box searched: 64 Mi positions (two bits each, 16 MiB).
const MAX_POSITIONS: usize = 1 << 26;

/// The judge's largest count of a kind.
const JUDGE_COUNT: usize = 30;

fn solve<W: Write>(sc: &mut Scanner, out: &mut W) -> Result<(), InputError> {
    let tests = sc.uint("the number of test cases n", 1..=u64::MAX)?;
    let game = TakeVectors::new(REACTIONS.iter().map(|r| r.to_vec()).collect());
    // Pools within the judge's counts are answered as they are read, by one search over the
    // judge's box (a position only reaches smaller counts, so any box holding a pool will do).
    // From the first pool beyond it on, pools are held and answered at the end by a search
    // over the box of their largest counts, refused as soon as that box outgrows the limit.
    let mut search = game
        .search(&[JUDGE_COUNT; 4])
        .expect("the judge's box fits");
    let mut held = HeldPools::default();
    let mut bounds = [0usize; 4];
    for case in 1..=tests {
        let pool = read_pool(sc, case)?;
        if held.is_empty() && pool.iter().all(|&count| count <= JUDGE_COUNT) {
            answer(&mut search, &pool, out)?;
            continue;
        }
        if pool.iter().zip(&bounds).any(|(count, bound)| count > bound) {
            for (bound, &count) in bounds.iter_mut().zip(&pool) {
                *bound = (*bound).max(count);
            }
            if game.box_size(&bounds).map_or(true, |p| p > MAX_POSITIONS) {
                return Err(InputError::Invalid(format!(
                    "counts up to {:?} need a table of more than {} positions (the judge allows counts up to {})",
                    bounds, MAX_POSITIONS, JUDGE_COUNT
                )));
            }
        }
        held.push(&pool);
    }
    sc.finish()?;
    if !held.is_empty() {
        let mut search = game.search(&bounds).expect("the box size was checked");
        for pool in held.pools() {
            answer(&mut search, &pool, out)?;
        }
    }
    Ok(())
}

/// Pools kept for later in as many bytes as their digits took in the input: each count in
/// base 128, seven bits a byte, the high bit set on all bytes but a count's last.
#[derive(Default)]
struct HeldPools {
    bytes: Vec<u8>,
}

impl HeldPools {
    fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn push(&mut self, pool: &[usize; 4]) {
        for &count in pool {
            let mut rest = count;
            while rest >= 0x80 {
                self.bytes.push(0x80 | (rest & 0x7F) as u8);
                rest >>= 7;
            }
            self.bytes.push(rest as u8);
        }
    }

    fn pools(&self) -> impl Iterator<Item = [usize; 4]> + '_ {
        let mut bytes = self.bytes.iter();
        std::iter::from_fn(move || {
            let mut pool = [0usize; 4];
            for count in &mut pool {
                let mut shift = 0;
                loop {
                    let b = *bytes.next()?;
                    *count |= usize::from(b & 0x7F) << shift;
                    if b < 0x80 {
                        break;
                    }
                    shift += 7;
                }
            }
            Some(pool)
        })
    }
}

/// Writes who wins from `pool`.
fn answer<W: Write>(
    search: &mut TakeVectorsSearch,
    pool: &[usize; 4],
    out: &mut W,
) -> Result<(), InputError> {
    let outcome = search.outcome(pool);
    writeln!(out, "{}", outcome.pick("Patrick", "Roland"))?;
    Ok(())
}

/// The counts (a, b, c, d) of test case `case`.
fn read_pool(sc: &mut Scanner, case: u64) -> Result<[usize; 4], InputError> {
    let mut pool = [0usize; 4];
    for (kind, count) in pool.iter_mut().enumerate() {
        let name = ["A", "B", "C", "D"][kind];
        *count = sc.index(
            format_args!("the count of {} in test case {}", name, case),
            0..=MAX_POSITIONS,
        )?;
    }
    Ok(pool)
}

fn main() {
    judge::main(solve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use itertools::Itertools;
    use testkit::search::Search;
    use testkit::{Problem, Rng};

    /// The reactions' literal moves from a pool (a, b, c, d).
    fn reactions(pool: &[usize; 4]) -> Vec<[usize; 4]> {
        REACTIONS
            .iter()
            .filter(|r| (0..4).all(|i| r[i] <= pool[i]))
            .map(|r| [0, 1, 2, 3].map(|i| pool[i] - r[i]))
            .collect()
    }

    /// The brute force's state: one search, its memo kept from pool to pool.
    struct Nukit(Search<[usize; 4]>);
    impl Default for Nukit {
        fn default() -> Self {
            Nukit(Search::normal(reactions))
        }
    }
    impl Problem for Nukit {
        /// One pool (a, b, c, d).
        type Case = [usize; 4];
        const SIZE: u64 = 12;
        const MAX_CASES: usize = 30;
        fn case(rng: &mut Rng, size: u64) -> [usize; 4] {
            [(); 4].map(|_| rng.range(0, size) as usize)
        }
        /// The judge's largest input: n = 99 pools of counts up to 30.
        fn max_cases(rng: &mut Rng) -> Vec<[usize; 4]> {
            (0..99).map(|_| Self::case(rng, 30)).collect()
        }
        fn input(cases: &[[usize; 4]]) -> String {
            format!(
                "{}\n{}\n",
                cases.len(),
                cases.iter().map(|p| p.iter().join(" ")).join("\n")
            )
        }
        fn brute(&mut self, &pool: &[usize; 4]) -> String {
            format!(
                "{}\n",
                if self.0.mover_wins(pool) {
                    "Patrick"
                } else {
                    "Roland"
                }
            )
        }
    }

    testkit::problem_tests!(
        Nukit,
        solve,
        refuses: [
            ("", "expected the number of test cases"),
            ("1\n1 2 3", "expected the count of D in test case 1"),
            ("1\n1 -2 3 4", "the count of B in test case 1 = `-2` is out of range"),
            ("1\n1 2 x 3\n", "expected an integer, found `x`"),
            ("0\n", "out of range"),
            ("1\n1 2 3 4 5", "unexpected extra input"),
            ("1\n100000 100000 0 0\n", "need a table of more than"),
        ]
    );

    #[test]
    fn pools_beyond_the_judge_are_answered_in_order() {
        // Judge-sized pools before and among larger ones: the first are answered at once, the
        // rest held and answered at the end; the brute force agrees pool by pool.
        let mut rng = Rng::new(31);
        let mut brute = Nukit::default();
        for _ in 0..25 {
            let pools: Vec<[usize; 4]> = (0..rng.range(1, 10))
                .map(|_| {
                    let mut pool = [(); 4].map(|_| rng.range(0, 6) as usize);
                    if rng.below(2) == 0 {
                        pool[rng.below(4) as usize] = rng.range(25, 45) as usize;
                    }
                    pool
                })
                .collect();
            let expected: String = pools.iter().map(|p| brute.brute(p)).collect();
            assert_eq!(
                judge::run_str(solve, &Nukit::input(&pools)).unwrap(),
                expected
            );
        }
    }

    #[test]
    fn held_pools_come_back_as_they_went_in() {
        let pools = [[0, 127, 128, 16383], [16384, MAX_POSITIONS, 31, 1], [0; 4]];
        let mut held = HeldPools::default();
        pools.iter().for_each(|p| held.push(p));
        assert_eq!(held.pools().collect::<Vec<_>>(), pools);
    }

    #[test]
    fn counts_beyond_the_judge() {
        // 100 of one kind alone is a small table and is answered; a huge box is refused.
        let expected = Nukit::default().brute(&[0, 100, 0, 0]);
        assert_eq!(judge::run_str(solve, "1\n0 100 0 0\n").unwrap(), expected);
        let err = judge::run_str(solve, "2\n1000 1000 0 0\n0 0 1000 1000\n").unwrap_err();
        assert!(
            err.to_string().contains("need a table of more than"),
            "{err}"
        );
    }
}
