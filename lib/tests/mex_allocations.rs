//! `mex` and `mex_few` allocate nothing for small option sets: a solve that takes one mex per
//! position (two or three options each, 10^5 piles) must not pay an allocation per call.
//! A separate test binary, because it installs a counting global allocator.

use grundy::prelude::{mex, mex_few, Nimber};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    // Per thread, so tests running in parallel do not count each other's allocations.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_in(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn small_option_sets_allocate_nothing() {
    let options = [Nimber(0), Nimber(2), Nimber(1), Nimber(63), Nimber(2)];
    let mut total = 0;
    let count = allocations_in(|| {
        for k in 0..options.len() {
            total += mex(options[..k].iter().copied()).value();
            total += mex_few(&options[..k]).value();
            total += mex([Nimber(k as u64), Nimber(1)]).value();
        }
        total += mex_few(&[Nimber(5), Nimber(1 << 40), Nimber(0)]).value();
        // Large values (a Nim heap's options, say) are kept aside on the stack.
        total += mex([64, 0, 1000, u64::MAX, 65, 66, 67, 68, 1].map(Nimber)).value();
    });
    assert_eq!(count, 0);
    assert_eq!(total, (1 + 1 + 3 + 3) * 2 + 2 + 1 + 2);
}

#[test]
fn the_counter_sees_allocations() {
    // Otherwise the test above could not fail.
    assert!(allocations_in(|| drop(std::hint::black_box(vec![1u8; 4]))) >= 1);
}
