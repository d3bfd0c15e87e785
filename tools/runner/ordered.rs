//! Output in a fixed order from checks that run at the same time: each check writes to its
//! own slot; slots are printed in their order, the first unfinished one as it writes (so the
//! check in front shows its progress live) and the others, held back, as soon as every slot
//! before them has finished. A run's checks therefore print in the same order whatever the
//! number of workers and the machine's load.
//!
//! Slots are placed when the run knows of them: at the end, or before another slot (a marker
//! holding the place of checks not known yet, such as the test harnesses of a build still
//! running, which is finished once they are all placed).

use std::io::Write;
use std::sync::Mutex;

/// A slot's name in its [`Ordered`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot(usize);

/// The slots of a run and how far their printing has gone.
#[derive(Debug, Default)]
pub struct Ordered {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// In print order.
    slots: Vec<SlotState>,
    /// The first slot not finished (`slots.len()` when all are).
    head: usize,
    /// The next slot's name.
    next: usize,
    /// Where printed lines go; standard output when `None` (tests capture them instead).
    captured: Option<Vec<String>>,
    /// Whether the run has ended ([`Ordered::flush`]): every line is printed as it comes.
    flushed: bool,
}

#[derive(Debug)]
struct SlotState {
    slot: Slot,
    held: Vec<String>,
    finished: bool,
}

impl Ordered {
    /// Slots printed on standard output.
    pub fn new() -> Ordered {
        Ordered::default()
    }

    /// Slots whose printed lines are kept, for [`Ordered::printed`].
    pub fn capturing() -> Ordered {
        let ordered = Ordered::default();
        ordered.lock().captured = Some(Vec::new());
        ordered
    }

    /// A new slot after every other.
    pub fn push(&self) -> Slot {
        let mut state = self.lock();
        let at = state.slots.len();
        state.place(at)
    }

    /// A new slot just before `marker`, which must not be finished yet.
    ///
    /// # Panics
    /// If `marker` is finished or not a slot of this run.
    pub fn push_before(&self, marker: Slot) -> Slot {
        let mut state = self.lock();
        let at = state.position(marker);
        assert!(
            !state.slots[at].finished,
            "a slot is placed only before an unfinished marker"
        );
        state.place(at)
    }

    /// Prints `line` in `slot`: now if every slot before it has finished, else when they have.
    pub fn write(&self, slot: Slot, line: &str) {
        let mut state = self.lock();
        let at = state.position(slot);
        if at == state.head || state.flushed {
            state.print(line.to_string());
        } else {
            state.slots[at].held.push(line.to_string());
        }
    }

    /// Ends `slot`: the slots after it print what they hold, up to the next unfinished one.
    /// Finishing a slot twice does nothing.
    pub fn finish(&self, slot: Slot) {
        let mut state = self.lock();
        let at = state.position(slot);
        state.slots[at].finished = true;
        while state.head < state.slots.len() && state.slots[state.head].finished {
            state.head += 1;
            if state.head < state.slots.len() {
                let head = state.head;
                let held = std::mem::take(&mut state.slots[head].held);
                for line in held {
                    state.print(line);
                }
            }
        }
    }

    /// Prints whatever is still held, in order, finished or not: the end of a run, where a
    /// slot left unfinished (a bug) must not swallow its lines.
    pub fn flush(&self) {
        let mut state = self.lock();
        let held: Vec<String> = state
            .slots
            .iter_mut()
            .flat_map(|s| std::mem::take(&mut s.held))
            .collect();
        for line in held {
            state.print(line);
        }
        state.head = state.slots.len();
        state.flushed = true;
        for slot in &mut state.slots {
            slot.finished = true;
        }
    }

    /// The lines printed so far by a [`Ordered::capturing`] run.
    pub fn printed(&self) -> Vec<String> {
        self.lock().captured.clone().unwrap_or_default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A check that panicked while printing leaves whole lines behind: the state stays valid.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl State {
    fn place(&mut self, at: usize) -> Slot {
        let slot = Slot(self.next);
        self.next += 1;
        self.slots.insert(
            at,
            SlotState {
                slot,
                held: Vec::new(),
                finished: false,
            },
        );
        // Only an unfinished marker is placed before, and none precedes the head.
        debug_assert!(at >= self.head);
        slot
    }

    fn position(&self, slot: Slot) -> usize {
        self.slots
            .iter()
            .position(|s| s.slot == slot)
            .expect("a slot of this run")
    }

    fn print(&mut self, line: String) {
        match &mut self.captured {
            Some(lines) => lines.push(line),
            None => {
                let mut stdout = std::io::stdout().lock();
                let _ = writeln!(stdout, "{line}");
                let _ = stdout.flush();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_come_out_in_slot_order_whenever_they_are_written() {
        let out = Ordered::capturing();
        let (a, b, c) = (out.push(), out.push(), out.push());
        out.write(c, "c1");
        out.write(b, "b1");
        out.write(a, "a1");
        assert_eq!(out.printed(), ["a1"]);
        out.finish(b);
        out.write(b, "b2");
        assert_eq!(out.printed(), ["a1"]);
        out.finish(a);
        // b had finished: c, now in front, prints what it held and then as it writes.
        assert_eq!(out.printed(), ["a1", "b1", "b2", "c1"]);
        out.write(c, "c2");
        assert_eq!(out.printed(), ["a1", "b1", "b2", "c1", "c2"]);
        out.finish(c);
        out.finish(c);
        assert_eq!(out.printed().len(), 5);
    }

    #[test]
    fn slots_placed_before_a_marker_print_before_what_follows_it() {
        let out = Ordered::capturing();
        let build = out.push();
        let marker = out.push();
        let after = out.push();
        out.write(after, "after");
        out.write(build, "built");
        out.finish(build);
        let first = out.push_before(marker);
        let second = out.push_before(marker);
        out.finish(marker);
        out.write(second, "second");
        out.finish(second);
        assert_eq!(out.printed(), ["built"]);
        out.write(first, "first");
        out.finish(first);
        out.finish(after);
        assert_eq!(out.printed(), ["built", "first", "second", "after"]);
    }

    #[test]
    fn flush_prints_what_an_unfinished_slot_held() {
        let out = Ordered::capturing();
        let (a, b) = (out.push(), out.push());
        out.write(b, "b");
        out.write(a, "a");
        out.flush();
        assert_eq!(out.printed(), ["a", "b"]);
        out.write(b, "late");
        assert_eq!(out.printed(), ["a", "b", "late"]);
    }

    #[test]
    #[should_panic(expected = "unfinished marker")]
    fn nothing_is_placed_before_a_finished_slot() {
        let out = Ordered::capturing();
        let marker = out.push();
        out.finish(marker);
        out.push_before(marker);
    }
}
