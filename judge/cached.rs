//! A value computed once and kept across calls: how a `solve` builds its table once although
//! the tests and `stress` call it thousands of times (std's `OnceLock` is newer than rustc
//! 1.56, the oldest judge's compiler).

use std::cell::Cell;

/// A value computed on first use and kept for the rest of the thread, for a `thread_local!`:
/// a `solve` that needs a table independent of its input builds it once, not once a call.
///
/// ```
/// use judge::Cached;
///
/// thread_local! {
///     static SQUARES: Cached<Vec<u64>> = Cached::new();
/// }
///
/// fn squares() -> &'static [u64] {
///     SQUARES.with(|squares| squares.get_or_init(|| (0..1000).map(|i| i * i).collect()))
/// }
///
/// assert_eq!(squares()[12], 144);
/// // The second call finds the same table: nothing is computed again.
/// assert!(std::ptr::eq(squares(), squares()));
/// ```
///
/// # Constraints
/// The value lives until the program ends (it is leaked, once per thread that uses it), so
/// keep it for tables that every call needs, not for per-input data.
///
/// # Complexity
/// The first [`Cached::get_or_init`] of a thread costs `init`; later ones O(1).
pub struct Cached<T: 'static> {
    value: Cell<Option<&'static T>>,
}

impl<T: 'static> Cached<T> {
    /// Nothing computed yet.
    pub fn new() -> Self {
        Cached {
            value: Cell::new(None),
        }
    }

    /// The value, computed by `init` on the first call and kept for every later one (whose
    /// `init` is not called).
    pub fn get_or_init(&self, init: impl FnOnce() -> T) -> &'static T {
        match self.value.get() {
            Some(value) => value,
            None => {
                let value: &'static T = Box::leak(Box::new(init()));
                self.value.set(Some(value));
                value
            }
        }
    }
}

impl<T: 'static> Default for Cached<T> {
    fn default() -> Self {
        Cached::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_runs_once_per_thread() {
        thread_local! {
            static TABLE: Cached<Vec<u32>> = Cached::new();
        }
        let calls = Cell::new(0);
        let build = || {
            calls.set(calls.get() + 1);
            vec![7; 3]
        };
        let first = TABLE.with(|t| t.get_or_init(build));
        let second = TABLE.with(|t| t.get_or_init(|| unreachable!("built twice")));
        assert_eq!(calls.get(), 1);
        assert!(std::ptr::eq(first, second));
        assert_eq!(first, &[7, 7, 7]);
        let other_thread = std::thread::spawn(|| TABLE.with(|t| t.get_or_init(|| vec![1]).len()));
        assert_eq!(other_thread.join().unwrap(), 1);
    }
}
