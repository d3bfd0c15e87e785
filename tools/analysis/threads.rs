//! Two cores for the bit-sliced octal solver: the far pass of each block of sixteen heaps
//! (`grundy::octal::FarPass`: the pairs with a rare part whose partners lie below the block)
//! runs on a helper thread one block ahead, while the solver computes the block before it;
//! the share of the far pass given to the helper adapts so that neither thread waits for the
//! other. The library stays single-threaded; this is the driver.

use grundy::octal::{BitSliced, FarMarks, FarPass, OctalCode, Solver, ValueTooLarge};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Heaps a block: `grundy::octal::BitSliced::push_block`'s largest count.
const BLOCK: usize = 16;

/// Blocks below this many heaps before a review of the method are computed on one thread
/// (a helper for a few blocks would cost more than it saves).
const FEWEST: usize = 64 * BLOCK;

/// [`BitSliced`] on up to two threads: the same values, the same options examined.
#[derive(Debug)]
pub struct TwoCores {
    solver: BitSliced,
    threads: usize,
    /// The helper's share of the far pass, in 1/1024ths.
    share: u32,
}

impl TwoCores {
    /// `solver` driven on `threads` threads (1: as it is; 2 or more: two).
    pub fn new(solver: BitSliced, threads: usize) -> Self {
        TwoCores {
            solver,
            threads,
            share: 512,
        }
    }

    /// The helper's share of the far pass at the end of the last run (in 1/1024ths).
    pub fn share(&self) -> u32 {
        self.share
    }

    /// Values `len..stop` on two threads, all below the next review of the method. The
    /// solver never waits long for the helper: marks not ready after a short spin are left
    /// (the solver marks that block's far pairs itself, and the helper's share shrinks), so
    /// a helper without a core (a loaded machine) costs little.
    fn two_threads(&mut self, stop: usize, mut pass: FarPass) -> Result<u64, ValueTooLarge> {
        let solver = &mut self.solver;
        solver.reserve(stop - solver.len());
        let values = Shared(solver.values().as_ptr());
        let to_helper: Slot<(FarMarks, usize, usize, u32)> = Slot::new();
        let to_main: Slot<FarMarks> = Slot::new();
        let share = &mut self.share;
        std::thread::scope(|scope| {
            let helper = scope.spawn(|| {
                let values = &values;
                // Each job: marks for the block at `block` from the values below `known`.
                while let Some((mut marks, known, block, share)) = to_helper.wait() {
                    // SAFETY: the solver's values are one allocation for the whole run (reserved
                    // above, so pushes never move them), the first `known` are written before
                    // the job is sent (the slot's release and acquire order them), and the
                    // solver only appends at or past `known` while the job runs.
                    let known = unsafe { std::slice::from_raw_parts(values.0, known) };
                    pass.mark(known, block, share, &mut marks);
                    to_main.put(Some(marks), None);
                }
            });
            let helper = helper.thread().clone();
            let result = (|| {
                let mut spare: Vec<FarMarks> = Vec::new();
                // The block the helper is marking, if it has a job.
                let mut busy: Option<usize> = None;
                let mut work = 0;
                while solver.len() < stop {
                    let n0 = solver.len();
                    let count = BLOCK.min(stop - n0);
                    let mut this = None;
                    if let Some(block) = busy {
                        let spins = if block == n0 { 2000 } else { 0 };
                        match to_main.poll(spins) {
                            Some(marks) => {
                                busy = None;
                                if block == n0 {
                                    *share = (*share + 4).min(1024);
                                    this = marks;
                                } else {
                                    spare.extend(marks);
                                }
                            }
                            None if block == n0 => *share = share.saturating_sub(64),
                            None => {}
                        }
                    }
                    let mut this = this.unwrap_or_else(|| spare.pop().unwrap_or_default());
                    if busy.is_none() && n0 + count < stop {
                        let marks = spare.pop().unwrap_or_default();
                        to_helper.put(Some((marks, n0, n0 + count, *share)), Some(&helper));
                        busy = Some(n0 + count);
                    }
                    let pushed = solver.push_block(&mut this, count);
                    spare.push(this);
                    work += pushed?;
                }
                Ok(work)
            })();
            // Stops the helper (a job it has not taken is dropped, an answer not taken too).
            to_helper.put(None, Some(&helper));
            result
        })
    }
}

/// The solver's values, read by the helper (see the SAFETY note where it is used).
struct Shared(*const u16);
unsafe impl Sync for Shared {}
unsafe impl Send for Shared {}

/// A hand-over between two threads, one item at a time.
struct Slot<T> {
    full: AtomicBool,
    /// The taker is parked (or about to be) waiting for an item.
    parked: AtomicBool,
    item: Mutex<Option<T>>,
}

impl<T> Slot<T> {
    fn new() -> Self {
        Slot {
            full: AtomicBool::new(false),
            parked: AtomicBool::new(false),
            item: Mutex::new(None),
        }
    }

    /// Hands `item` over, waking `taker` if it sleeps in [`Slot::wait`].
    fn put(&self, item: Option<T>, taker: Option<&std::thread::Thread>) {
        *self.item.lock().expect("no panic holds the slot") = item;
        self.full.store(true, Ordering::SeqCst);
        if let Some(taker) = taker {
            if self.parked.load(Ordering::SeqCst) {
                taker.unpark();
            }
        }
    }

    fn take_now(&self) -> Option<T> {
        self.full.store(false, Ordering::SeqCst);
        self.item.lock().expect("no panic holds the slot").take()
    }

    /// The item, if one comes within `spins` spins: `Some(item)`.
    fn poll(&self, spins: u32) -> Option<Option<T>> {
        for _ in 0..=spins {
            if self.full.load(Ordering::Acquire) {
                return Some(self.take_now());
            }
            std::hint::spin_loop();
        }
        None
    }

    /// Waits for the item: spins briefly, then sleeps until [`Slot::put`] wakes it.
    fn wait(&self) -> Option<T> {
        if let Some(item) = self.poll(4000) {
            return item;
        }
        loop {
            self.parked.store(true, Ordering::SeqCst);
            if self.full.load(Ordering::SeqCst) {
                self.parked.store(false, Ordering::SeqCst);
                return self.take_now();
            }
            std::thread::park();
            self.parked.store(false, Ordering::SeqCst);
            if self.full.load(Ordering::SeqCst) {
                return self.take_now();
            }
        }
    }
}

impl Solver for TwoCores {
    fn code(&self) -> &OctalCode {
        self.solver.code()
    }

    fn values(&self) -> &[u16] {
        self.solver.values()
    }

    fn push_next(&mut self) -> Result<u64, ValueTooLarge> {
        self.solver.push_next()
    }

    fn truncate(&mut self, len: usize) {
        self.solver.truncate(len);
    }

    fn reserve(&mut self, additional: usize) {
        self.solver.reserve(additional);
    }

    fn extend_to(&mut self, len: usize) -> Result<u64, ValueTooLarge> {
        let mut work = 0;
        while self.solver.len() < len {
            let n = self.solver.len();
            let stop = len.min(self.solver.review_at());
            let pass = match self.solver.far_pass() {
                Some(pass) if self.threads >= 2 && stop >= n + FEWEST => pass,
                _ => {
                    // One thread: up to the review (the next push makes it), or to the end.
                    let stop = if stop > n { stop } else { n + 1 };
                    work += self.solver.extend_to(stop)?;
                    continue;
                }
            };
            work += self.two_threads(stop, pass)?;
        }
        Ok(work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::{random_octal_digits, Rng};

    #[test]
    fn two_threads_give_the_values_and_work_of_one() {
        let mut rng = Rng::new(46);
        let mut codes: Vec<OctalCode> = ["0.6", "0.777", "0.376", "0.165", "0.354", "4.07"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        codes.extend((0..40).map(|_| {
            let (d0, digits) = random_octal_digits(&mut rng, 5);
            OctalCode::from_digits(d0, &digits).unwrap()
        }));
        for code in codes {
            let len = rng.range(2000, 20_000) as usize;
            let mut one = BitSliced::new(code.clone());
            let work_one = one.extend_to(len).unwrap();
            let mut two = TwoCores::new(BitSliced::new(code.clone()), 2);
            // In random steps, as the analyzer's progress steps cut a run.
            let mut work_two = 0;
            while two.len() < len {
                let step = rng.range(1, 20_000) as usize;
                work_two += two.extend_to((two.len() + step).min(len)).unwrap();
            }
            assert_eq!(one.values(), two.values(), "{code}");
            assert_eq!(work_one, work_two, "{code}");
        }
    }

    #[test]
    fn officers_to_2_pow_17_on_two_threads() {
        let code: OctalCode = "0.6".parse().unwrap();
        let mut one = BitSliced::new(code.clone());
        one.extend_to(1 << 17).unwrap();
        let mut two = TwoCores::new(BitSliced::new(code), 2);
        two.extend_to(1 << 17).unwrap();
        assert_eq!(one.values(), two.values());
        assert!(two.share() <= 1024);
    }
}
