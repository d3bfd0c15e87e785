//! The shrinker: a disagreement made small enough to read, every step re-checked to still
//! disagree.

use crate::{Failure, Harness, Problem, Rng};

/// Inputs generated per smaller size before trying the next size.
const ATTEMPTS_PER_SIZE: u64 = 200;
/// The same when each attempt runs two processes (`stress --reference`): a tenth, so that a
/// shrink that finds no smaller size costs seconds, not minutes, with a slow-starting reference.
const PROCESS_ATTEMPTS_PER_SIZE: u64 = 20;
/// The sizes tried one by one; beyond it, sizes double.
const SMALL_SIZES: u64 = 32;

/// The size the shrinker tries after `size`: the next one up to [`SMALL_SIZES`], then double.
fn next_size(size: u64) -> u64 {
    if size < SMALL_SIZES {
        size + 1
    } else {
        size.saturating_mul(2)
    }
}

impl<P: Problem> Harness<P> {
    /// A smaller disagreement: fewer cases; then cases generated at smaller sizes; then each
    /// case cut by [`Problem::smaller`] (for instance one query dropped) while it still
    /// disagrees; then fewer cases again.
    pub fn shrink(&mut self, failure: Failure<P::Case>, size: u64) -> Failure<P::Case> {
        let mut best = self.fewer_cases(failure);
        if let Some(found) = self.at_smaller_size(&best, size) {
            best = self.fewer_cases(found);
        }
        best = self.cut_cases(best);
        self.fewer_cases(best)
    }

    /// The same number of cases generated at the smallest size (below `size`) that disagrees,
    /// from one random stream seeded by the failure's seed.
    fn at_smaller_size(&mut self, best: &Failure<P::Case>, size: u64) -> Option<Failure<P::Case>> {
        let mut rng = Rng::new(best.seed);
        let attempts = if self.programs.is_some() {
            PROCESS_ATTEMPTS_PER_SIZE
        } else {
            ATTEMPTS_PER_SIZE
        };
        let mut smaller = 1;
        while smaller < size {
            for _ in 0..attempts {
                let cases: Vec<P::Case> = (0..best.cases.len())
                    .map(|_| P::case(&mut rng, smaller))
                    .collect();
                if let Some(found) = self.check(best.seed, &cases) {
                    return Some(found);
                }
            }
            smaller = next_size(smaller);
        }
        None
    }

    /// The cases left after dropping, one at a time, each case whose removal keeps the
    /// disagreement (at least one case stays).
    pub(crate) fn fewer_cases(&mut self, failure: Failure<P::Case>) -> Failure<P::Case> {
        let seed = failure.seed;
        let mut best = failure;
        let mut i = 0;
        while i < best.cases.len() && best.cases.len() > 1 {
            let mut without = best.cases.clone();
            without.remove(i);
            match self.check(seed, &without) {
                Some(smaller) => best = smaller,
                None => i += 1,
            }
        }
        best
    }

    /// Each case replaced by its first [`Problem::smaller`] variant that keeps the
    /// disagreement, repeatedly, until no variant of any case does.
    fn cut_cases(&mut self, failure: Failure<P::Case>) -> Failure<P::Case> {
        let seed = failure.seed;
        let mut best = failure;
        let mut i = 0;
        while i < best.cases.len() {
            let mut cut = None;
            for variant in P::smaller(&best.cases[i]) {
                let mut cases = best.cases.clone();
                cases[i] = variant;
                if let Some(found) = self.check(seed, &cases) {
                    cut = Some(found);
                    break;
                }
            }
            match cut {
                Some(found) => best = found,
                None => i += 1,
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::next_size;
    use crate::fixtures::{cases_of, sums_counting, NimAll, SumAll, Sums};
    use crate::Harness;

    #[test]
    fn queries_are_cut_one_by_one() {
        // Every 5 counted twice: wrong exactly when a 5 is among the numbers.
        fn fives_twice(input: &str) -> Result<String, String> {
            Ok(sums_counting(input, |n| if n == 5 { 10 } else { n }))
        }
        let mut harness = Harness::<SumAll>::new("sum_all", "/nowhere", fives_twice);
        // A failing input of many queries, found at a size where 5 is rare among them.
        let failure = (0..10_000)
            .find_map(|seed| {
                let cases = harness.generate(seed, 40);
                let many = cases[0].len() >= 6;
                harness.check(seed, &cases).filter(|_| many)
            })
            .expect("a five among several numbers");
        let cut = harness.cut_cases(failure.clone());
        assert_eq!(cut.cases, vec![vec![5]], "from {:?}", failure.cases);
        assert_eq!(cut.input, "1\n1\n5\n");
        let shrunk = harness.shrink(failure, 40);
        assert_eq!(shrunk.cases, vec![vec![5]]);
    }

    #[test]
    fn a_query_wrong_alone_is_reached_past_pairs_that_agree() {
        // A solution that skips heaps of 3. On [3, 2, 2] it is wrong, on [3, 2] and [2, 2]
        // right: dropping one query at a time is stuck, taking one alone is not.
        fn skips_threes(input: &str) -> Result<String, String> {
            let heaps = cases_of(input).remove(0).into_iter().filter(|&h| h != 3);
            Ok(format!("{}\n", heaps.fold(0, |x, h| x ^ h) != 0))
        }
        let mut harness = Harness::<NimAll>::new("nim_all", "/nowhere", skips_threes);
        let failure = harness
            .check(0, &[vec![3, 2, 2]])
            .expect("wrong on 3, 2, 2");
        let cut = harness.cut_cases(failure);
        assert_eq!(cut.cases, vec![vec![3]]);
        assert_eq!(cut.input, "1\n1\n3\n");
    }

    #[test]
    fn sizes_go_one_by_one_then_double() {
        assert_eq!(next_size(1), 2);
        assert_eq!(next_size(31), 32);
        assert_eq!(next_size(32), 64);
        assert_eq!(next_size(100), 200);
        assert_eq!(next_size(u64::MAX / 2 + 1), u64::MAX);
    }

    /// Sums counting the numbers from `from` up twice.
    fn twice_from(input: &str, from: u64) -> Result<String, String> {
        Ok(sums_counting(input, |n| if n >= from { 2 * n } else { n }))
    }

    #[test]
    fn the_first_failing_size_is_kept() {
        // Numbers of 10 or more are miscounted: size 10 is the first that can fail.
        let mut harness = Harness::<SumAll>::new("sum_all", "/nowhere", |i| twice_from(i, 10));
        let failure = harness
            .find_failure(0, 1000, 30)
            .expect("a number of 10 or more");
        let small = harness
            .at_smaller_size(&failure, 30)
            .expect("a smaller size");
        assert_eq!(small.cases[0].iter().max(), Some(&10), "{:?}", small.cases);
        // Only the size itself fails: nothing smaller is found.
        let at_ten = harness.find_failure(0, 1000, 10).expect("a 10");
        assert!(harness.at_smaller_size(&at_ten, 10).is_none());
    }

    #[test]
    fn sizes_beyond_the_small_ones_double() {
        // Only numbers of at least 100 are miscounted: the shrinker must climb past the sizes
        // it tries one by one, and stop at the first size that still fails.
        let mut harness = Harness::<SumAll>::new("sum_all", "/nowhere", |i| twice_from(i, 100));
        let failure = harness.find_failure(0, 1000, 5000).expect("a big number");
        let small = harness
            .at_smaller_size(&failure, 5000)
            .expect("a smaller size");
        let largest = small.cases[0].iter().max().copied().unwrap();
        assert!((100..=128).contains(&largest), "{:?}", small.cases);
    }

    #[test]
    fn cases_that_fail_only_together_are_kept_together() {
        // Wrong when two or more cases hold a 7: the shrinker keeps exactly two such cases.
        fn two_sevens(input: &str) -> Result<String, String> {
            let sevens = cases_of(input).iter().filter(|c| c.contains(&7)).count();
            let extra = u64::from(sevens >= 2);
            Ok(cases_of(input)
                .iter()
                .map(|c| format!("{}\n", c.iter().sum::<u64>() + extra))
                .collect())
        }
        let mut harness = Harness::<Sums>::new("sums", "/nowhere", two_sevens);
        let cases = vec![vec![1], vec![7, 2], vec![3], vec![4, 7], vec![7], vec![5]];
        let failure = harness.check(9, &cases).expect("three cases hold a 7");
        let fewer = harness.fewer_cases(failure);
        assert_eq!(fewer.cases, vec![vec![4, 7], vec![7]]);
        assert_eq!(fewer.seed, 9);
    }
}
