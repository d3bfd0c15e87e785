//! The runner's workers: checks that need no cargo (test harnesses, cases, bundles) run on a
//! few threads while cargo builds what the next checks need, so the machine's cores stay busy.
//! Every check writes to its own [`super::ordered`] slot, so the output does not depend on
//! which worker ran what.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// A check to run on a worker.
pub type Job<'env> = Box<dyn FnOnce() + Send + 'env>;

/// The queue the workers take jobs from, first in first out, except for jobs put in front.
#[derive(Default)]
pub struct Pool<'env> {
    queue: Mutex<Queue<'env>>,
    ready: Condvar,
    panicked: AtomicUsize,
}

#[derive(Default)]
struct Queue<'env> {
    jobs: VecDeque<Job<'env>>,
    closed: bool,
}

impl<'env> Pool<'env> {
    /// Queues `job` after the others.
    pub fn submit(&self, job: impl FnOnce() + Send + 'env) {
        self.lock().jobs.push_back(Box::new(job));
        self.ready.notify_one();
    }

    /// Queues `job` before the others: a long check started early ends the run sooner.
    pub fn submit_first(&self, job: impl FnOnce() + Send + 'env) {
        self.lock().jobs.push_front(Box::new(job));
        self.ready.notify_one();
    }

    /// How many jobs panicked (each ended its worker's job, not the run).
    pub fn panicked(&self) -> usize {
        self.panicked.load(Ordering::Relaxed)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue<'env>> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A worker: runs jobs until the queue is closed and empty.
    fn work(&self) {
        loop {
            let job = {
                let mut queue = self.lock();
                loop {
                    if let Some(job) = queue.jobs.pop_front() {
                        break job;
                    }
                    if queue.closed {
                        return;
                    }
                    queue = self.ready.wait(queue).unwrap_or_else(|e| e.into_inner());
                }
            };
            if catch_unwind(AssertUnwindSafe(job)).is_err() {
                self.panicked.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    fn close(&self) {
        self.lock().closed = true;
        self.ready.notify_all();
    }
}

/// Closes the pool when the submitting code ends, even by a panic, so the workers stop.
struct CloseOnDrop<'a, 'env>(&'a Pool<'env>);

impl Drop for CloseOnDrop<'_, '_> {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// Runs `submitter` with a pool of `workers` threads; returns once it has returned and every
/// job it queued has run, with its result and how many jobs panicked.
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let total = AtomicUsize::new(0);
/// let ((), panicked) = runner::pool::with_workers(2, |pool| {
///     for i in 1..=10 {
///         let total = &total;
///         pool.submit(move || {
///             total.fetch_add(i, Ordering::Relaxed);
///         });
///     }
/// });
/// assert_eq!((total.into_inner(), panicked), (55, 0));
/// ```
pub fn with_workers<'env, R>(
    workers: usize,
    submitter: impl FnOnce(&Pool<'env>) -> R,
) -> (R, usize) {
    let pool = Pool::default();
    let result = std::thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            scope.spawn(|| pool.work());
        }
        let _close = CloseOnDrop(&pool);
        submitter(&pool)
    });
    let panicked = pool.panicked();
    (result, panicked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn jobs_queued_in_front_run_first_and_a_panic_ends_only_its_job() {
        let order = Mutex::new(Vec::new());
        let gate = AtomicBool::new(false);
        let ((), panicked) = with_workers(1, |pool| {
            // The one worker is held until every job is queued.
            pool.submit(|| {
                while !gate.load(Ordering::Acquire) {
                    std::thread::yield_now();
                }
            });
            pool.submit(|| order.lock().unwrap().push("second"));
            pool.submit(|| panic!("a job's panic"));
            pool.submit(|| order.lock().unwrap().push("third"));
            pool.submit_first(|| order.lock().unwrap().push("first"));
            gate.store(true, Ordering::Release);
        });
        assert_eq!(order.into_inner().unwrap(), ["first", "second", "third"]);
        assert_eq!(panicked, 1);
    }

    #[test]
    fn panics_are_counted_one_a_job() {
        let count = |panicking: usize| {
            with_workers(2, |pool| {
                for i in 0..6 {
                    pool.submit(move || assert!(i >= panicking, "job {i} panics"));
                }
            })
            .1
        };
        assert_eq!((count(0), count(2), count(5)), (0, 2, 5));
    }
}
