//! Two cores for Grundy's game. Heap n's splits need every value below n, but only the
//! splits with a small part need the last values, so a heap can be started early
//! (`GrundysGame::start_apart`: every split whose parts are known, the rare candidates and
//! their search) and finished once the values below it are known (`GrundysGame::finish`: the
//! few splits left out). The main thread computes the runs of 16 heaps (`RUN`, the
//! library's `LANES`) in order: the even ones whole, the odd ones finished from a helper's
//! start. The helper, with its own
//! copy of the game, starts each odd run while the main thread computes the even one before
//! it, from the values below that one. The main thread waits for a run only while the helper
//! is on it and at most half its own last run's time, then computes the run itself: on a
//! loaded machine, where the helper gets no core, two threads cost little. The library stays
//! single-threaded; this is the driver.

use grundy::grundys_game::GrundysGame;
use grundy::grundys_game::Started;
use std::sync::atomic::{AtomicU16, AtomicUsize, Ordering};
use std::sync::Mutex;
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
    /// measured, then the faster (heaps a second of wall time in its last step: on a loaded
    /// machine the helper gets little of a core, and its copy of the game costs some), the
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
    /// allowed, the step is long enough (from 4,096 values, 4,096 more: `FEWEST`), and two
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
        let runs = (n - len).div_ceil(RUN);
        let handed: Vec<Mutex<Option<Vec<Started>>>> =
            (0..runs).map(|_| Mutex::new(None)).collect();
        let shared = Shared {
            from: len,
            stop: n,
            slots: &slots,
            done: AtomicUsize::new(len),
            working: AtomicUsize::new(usize::MAX),
            handed: &handed,
        };
        let game = &mut self.game;
        std::thread::scope(|scope| {
            scope.spawn(|| helper(&mut other, &shared));
            main_thread(game, &shared);
        });
        // The helper ends once every value is there; it is told the last ones here.
        while other.values().len() < n {
            let next = other.values().len();
            other.push_known(self.game.values()[next]);
        }
        debug_assert_eq!(self.game.values(), other.values());
        self.other = Some(other);
        self.rates[1] = Some((n - len) as f64 / clock.elapsed().as_secs_f64());
    }
}

/// What the two threads share in a step: the main thread's values (one atomic slot a heap)
/// and how far it is, and the runs the helper started for it.
struct Shared<'a> {
    from: usize,
    stop: usize,
    slots: &'a [AtomicU16],
    /// The values the main thread has computed (all those below).
    done: AtomicUsize,
    /// The run the helper is starting (`usize::MAX`: none).
    working: AtomicUsize,
    /// `handed[k]`: the heaps of run k (heaps from + k·RUN..) started by the helper.
    handed: &'a [Mutex<Option<Vec<Started>>>],
}

impl Shared<'_> {
    fn put(&self, heap: usize, value: u16) {
        self.slots[heap - self.from].store(value, Ordering::Release);
        self.done.store(heap + 1, Ordering::Release);
    }
}

/// The main thread: the runs of [`RUN`] heaps in order, the even ones (from the step's
/// first) computed whole, the odd ones finished from the helper's start. For an odd run it
/// waits for the helper only while the helper is on it, and at most half the time its last
/// run took; then it computes the run itself (the helper's start is dropped).
fn main_thread(game: &mut GrundysGame, shared: &Shared<'_>) {
    let mut from = shared.from;
    let mut own = std::time::Duration::from_micros(50);
    while from < shared.stop {
        let to = (from + RUN).min(shared.stop);
        let run = (from - shared.from) / RUN;
        let mut handed = None;
        if run % 2 == 1 {
            let clock = Instant::now();
            loop {
                handed = shared.handed[run].lock().expect("no panic holds it").take();
                if handed.is_some()
                    || shared.working.load(Ordering::Acquire) != run
                    || clock.elapsed() > own / 2
                {
                    break;
                }
                std::hint::spin_loop();
            }
        }
        match handed {
            Some(started) => {
                for s in started {
                    let heap = s.heap();
                    let value = game.finish(s);
                    shared.put(heap, value);
                }
            }
            None => {
                let clock = Instant::now();
                for heap in from..to {
                    game.extend_to(heap + 1);
                    shared.put(heap, game.values()[heap]);
                }
                own = clock.elapsed();
                // A start the helper hands over after this is not kept (it looks at `done`
                // under the same lock), and one handed before is dropped here: a step holds
                // no more than the run in hand.
                shared.handed[run].lock().expect("no panic holds it").take();
            }
        }
        from = to;
    }
}

/// The helper: starts (apart) each odd run once the main thread is in the run before it,
/// from the values below that one, and hands it over. It waits for the main thread (spinning
/// a little, then yielding its core), never the other way round for long.
fn helper(game: &mut GrundysGame, shared: &Shared<'_>) {
    let mut run = 1;
    loop {
        let from = shared.from + run * RUN;
        if from >= shared.stop {
            return;
        }
        let known = from - RUN;
        // Wait until the main thread is in run − 1, then skip the runs it is past.
        let mut spins = 0u32;
        let done = loop {
            let done = shared.done.load(Ordering::Acquire);
            if done >= known {
                break done;
            }
            spins += 1;
            if spins < SPINS {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        };
        if done > from {
            run += 2;
            continue;
        }
        shared.working.store(run, Ordering::Release);
        while game.values().len() < known {
            let next = game.values().len();
            game.push_known(shared.slots[next - shared.from].load(Ordering::Acquire));
        }
        let to = (from + RUN).min(shared.stop);
        let started: Vec<Started> = (from..to).map(|heap| game.start_apart(heap)).collect();
        let mut slot = shared.handed[run].lock().expect("no panic holds it");
        if shared.done.load(Ordering::Acquire) <= from {
            *slot = Some(started);
        }
        drop(slot);
        shared.working.store(usize::MAX, Ordering::Release);
        run += 2;
    }
}

/// Looks at the main thread's progress before the helper yields its core between looks.
const SPINS: u32 = 4000;

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
