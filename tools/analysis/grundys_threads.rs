//! Two cores for Grundy's game: the threads take runs of [`RUN`] (16) heaps in turn. Heap n's
//! splits need every value below n, but only the splits with a small part need the last
//! values: a thread starts each heap of its run (`GrundysGame::start`: every split whose parts
//! are known, the rare candidates and their search) while the other thread computes the run
//! below, then takes those values and finishes its heaps from the few splits left out
//! (`GrundysGame::finish`), one hand-over a run rather than a heap. Each thread keeps its own
//! copy of the game (its values, rare heaps and bit planes), told the other's values as they
//! come; the values pass through one atomic slot a heap. The library stays single-threaded;
//! this is the driver.

use grundy::grundys_game::GrundysGame;
use std::sync::atomic::{AtomicU16, Ordering};
use std::time::Instant;

/// Steps shorter than this, or from fewer values, stay on one thread (two threads' start and
/// the copy of the game would cost more than they save).
const FEWEST: usize = 1 << 12;

/// Heaps a thread computes in a row (a block of the library's tables).
const RUN: usize = grundy::grundys_game::LANES;

/// A slot whose value has not come yet (values stay below 2^15).
const EMPTY: u16 = u16::MAX;

/// Grundy's game on up to two threads: the values of [`GrundysGame`], the same whatever the
/// threads.
#[derive(Debug)]
pub struct TwoThreads {
    game: GrundysGame,
    /// The second thread's copy, as long as `game` (`None`: to be made from `game`).
    other: Option<GrundysGame>,
    threads: usize,
    /// Whether the threads are chosen by their measured rates (else two whenever allowed).
    adaptive: bool,
    /// Heaps a second of wall time in the last step on one thread and on two.
    rates: [Option<f64>; 2],
    /// Steps long enough for two threads so far.
    steps: usize,
    /// The threads the last step ran on.
    last: usize,
}

impl TwoThreads {
    /// No values yet, computed on up to `threads` threads (1: one; 2 or more: two, or one
    /// for the steps where one was measured faster: see [`TwoThreads::extend_to`]).
    pub fn new(threads: usize) -> Self {
        TwoThreads {
            game: GrundysGame::new(),
            other: None,
            threads,
            adaptive: true,
            rates: [None, None],
            steps: 0,
            last: 1,
        }
    }

    /// As [`TwoThreads::new`], but on two threads for every step long enough whatever the
    /// rates (for tests and measurements).
    pub fn always(threads: usize) -> Self {
        TwoThreads {
            adaptive: false,
            ..TwoThreads::new(threads)
        }
    }

    /// The threads the next step long enough for two uses: two until both ways are
    /// measured, then the faster (heaps a second of wall time in its last step: two threads
    /// need both cores at once, and on a loaded machine one thread is often faster), the
    /// other every fourth step to measure it again.
    fn threads_for_next_step(&mut self) -> usize {
        self.steps += 1;
        if !self.adaptive {
            return 2;
        }
        match self.rates {
            [_, None] => 2,
            [None, _] => 1,
            [Some(one), Some(two)] => {
                let faster = if two >= one { 2 } else { 1 };
                if self.steps % 4 == 0 {
                    3 - faster
                } else {
                    faster
                }
            }
        }
    }

    /// The threads the last step ran on (1 or 2).
    pub fn last_threads(&self) -> usize {
        self.last
    }

    /// The game: its values, rare heaps.
    pub fn game(&self) -> &GrundysGame {
        &self.game
    }

    /// Computes the values of heaps `0..n`, as one step: on one thread, or on two when
    /// allowed, the step is long enough (from [`FEWEST`] values, [`FEWEST`] more), and two
    /// were the faster in the last measured steps.
    pub fn extend_to(&mut self, n: usize) {
        let len = self.game.values().len();
        if n <= len {
            return;
        }
        self.last = 1;
        if self.threads < 2 || len < FEWEST || n < len + FEWEST {
            self.game.extend_to(n);
            self.other = None;
            return;
        }
        let clock = Instant::now();
        if self.threads_for_next_step() == 1 {
            self.game.extend_to(n);
            self.other = None;
            self.rates[0] = Some((n - len) as f64 / clock.elapsed().as_secs_f64());
            return;
        }
        let mut other = match self.other.take() {
            Some(other) => other,
            None => self.game.clone(),
        };
        self.game.reserve(n - len);
        other.reserve(n - len);
        self.last = 2;
        let slots: Vec<AtomicU16> = (len..n).map(|_| AtomicU16::new(EMPTY)).collect();
        let slots = Slots {
            from: len,
            slots: &slots,
        };
        let game = &mut self.game;
        std::thread::scope(|scope| {
            let helper = scope.spawn(|| every_other_run(&mut other, len + RUN, n, &slots));
            every_other_run(game, len, n, &slots);
            helper.join().expect("the second thread does not panic");
        });
        debug_assert_eq!(self.game.values(), other.values());
        self.other = Some(other);
        self.rates[1] = Some((n - len) as f64 / clock.elapsed().as_secs_f64());
    }
}

/// The values of heaps `from..` as they are computed, one atomic slot a heap.
struct Slots<'a> {
    from: usize,
    slots: &'a [AtomicU16],
}

impl Slots<'_> {
    fn put(&self, heap: usize, value: u16) {
        self.slots[heap - self.from].store(value, Ordering::Release);
    }

    /// The value of `heap`, once the other thread has put it: spins a while (a run of the
    /// other thread is some microseconds), then yields the core between looks. (Sleeping
    /// until woken was measured worse: under a load of 8 on 2 cores, 110 to 129 s against 32 s
    /// for 2^22 heaps; each wake-up waits for the scheduler.)
    fn wait(&self, heap: usize) -> u16 {
        let slot = &self.slots[heap - self.from];
        let mut spins = 0u32;
        loop {
            let value = slot.load(Ordering::Acquire);
            if value != EMPTY {
                return value;
            }
            spins += 1;
            if spins < SPINS {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

/// Looks at a slot before a thread waiting for it yields its core between looks.
const SPINS: u32 = 4000;

/// Computes the runs of [`RUN`] heaps from `first`, `first + 2·RUN`, … below `stop` in
/// `game` (which holds the values below `first − RUN`, or below `first` for the first run of
/// the step), taking the others from `slots`, and ends with every value below `stop`.
fn every_other_run(game: &mut GrundysGame, first: usize, stop: usize, slots: &Slots<'_>) {
    let mut from = first;
    if from == game.values().len() && from < stop {
        let to = (from + RUN).min(stop);
        game.extend_to(to);
        for heap in from..to {
            slots.put(heap, game.values()[heap]);
        }
        from += 2 * RUN;
    }
    let mut started = Vec::with_capacity(RUN);
    while from < stop {
        let to = (from + RUN).min(stop);
        started.extend((from..to).map(|heap| game.start(heap)));
        while game.values().len() < from {
            let next = game.values().len();
            game.push_known(slots.wait(next));
        }
        for s in started.drain(..) {
            let heap = s.heap();
            slots.put(heap, game.finish(s));
        }
        from += 2 * RUN;
    }
    while game.values().len() < stop {
        let next = game.values().len();
        game.push_known(slots.wait(next));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Rng;

    #[test]
    fn two_threads_give_the_values_of_one_in_random_steps() {
        let len = 1 << 17;
        let mut one = GrundysGame::new();
        one.extend_to(len);
        for seed in 0..3 {
            let mut rng = Rng::new(seed);
            let mut two = TwoThreads::always(2);
            while two.game().values().len() < len {
                // Steps below and above the shortest run on two threads, as the analyzer's
                // progress steps cut a run.
                let step = rng.range(1, 3 * FEWEST as u64) as usize;
                let n = (two.game().values().len() + step).min(len);
                two.extend_to(n);
                assert_eq!(two.game().values(), &one.values()[..n], "seed {}", seed);
            }
            assert_eq!(two.game().rare_heaps(), one.rare_heaps());
        }
    }

    #[test]
    fn the_threads_follow_the_measured_rates() {
        let mut two = TwoThreads::new(2);
        // Two until both are measured, then the faster, the other every fourth step.
        assert_eq!(two.threads_for_next_step(), 2);
        two.rates[1] = Some(1.0);
        assert_eq!(two.threads_for_next_step(), 1);
        two.rates[0] = Some(2.0);
        let chosen: Vec<usize> = (0..8).map(|_| two.threads_for_next_step()).collect();
        assert_eq!(chosen, [1, 2, 1, 1, 1, 2, 1, 1]);
        two.rates[1] = Some(3.0);
        assert_eq!(two.threads_for_next_step(), 2);
        assert!(TwoThreads::always(2).threads_for_next_step() == 2);
        // One thread allowed: never two.
        let mut one = TwoThreads::new(1);
        one.extend_to(3 * FEWEST);
        one.extend_to(6 * FEWEST);
        assert_eq!(one.steps, 0);
        assert!(one.other.is_none());
    }

    #[test]
    fn two_threads_match_the_naive_mex() {
        // The mex over every split, from the definition (not the rare-value method).
        let len = 6000;
        let mut g = vec![0u16; len];
        for n in 3..len {
            let mut made = [false; 256];
            // a < n − a.
            for a in 1..n.div_ceil(2) {
                made[usize::from(g[a] ^ g[n - a])] = true;
            }
            g[n] = made.iter().position(|&m| !m).unwrap() as u16;
        }
        let mut two = TwoThreads::always(2);
        two.extend_to(FEWEST);
        two.extend_to(len);
        assert_eq!(two.game().values(), &g[..]);
    }
}
