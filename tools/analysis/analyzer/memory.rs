//! The memory side of a run: `--memory` read, what the system has available, and the
//! allocator that turns a refused allocation into one line `error: ...`.

use std::io::Write;

/// A size in bytes for `--memory`: a number with an optional suffix `K`, `M`, `G` or `T`
/// (powers of 1024; `KiB`, `MiB`, … and `KB`, … read the same), e.g. `4G` or `512M`.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let bad =
        || format!("bad size `{text}`: expected bytes, or a number with K, M, G or T (e.g. 4G)");
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let number: u64 = t[..digits].parse().map_err(|_| bad())?;
    let shift = match t[digits..].to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(bad()),
    };
    number.checked_mul(1 << shift).ok_or_else(bad)
}

/// The memory a run may use: `given` (`--memory`) or else what the system has available
/// (`MemAvailable` in `/proc/meminfo`), and in either case no more than the address-space
/// limit (`ulimit -v`) less what the process already maps. `None` where none is known.
pub fn memory_budget(given: Option<u64>) -> Option<u64> {
    let available =
        given.or_else(|| proc_field("/proc/meminfo", "MemAvailable:").map(|kb| kb * 1024));
    let limit = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("Max address space"))?;
            line["Max address space".len()..]
                .split_whitespace()
                .next()?
                .parse::<u64>()
                .ok()
        });
    let mapped = proc_field("/proc/self/status", "VmSize:").map_or(0, |kb| kb * 1024);
    let headroom = limit.map(|l| l.saturating_sub(mapped));
    match (available, headroom) {
        (Some(a), Some(h)) => Some(a.min(h)),
        (a, h) => a.or(h),
    }
}

/// [`memory_budget`] without `--memory`: free memory and `ulimit -v`.
pub fn memory_available() -> Option<u64> {
    memory_budget(None)
}

/// The number after `key` in a `/proc` file of `key value kB` lines.
fn proc_field(path: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line[key.len()..].split_whitespace().next()?.parse().ok()
}

/// The allocator of the `grundy` binary: the system's, except that an allocation the system
/// refuses (memory full, `ulimit -v`) ends the process with one line `error: ...` and exit
/// status 1 instead of Rust's abort. The estimate of [`super::Game::bytes_needed`] refuses sizes
/// that do not fit before any work; this is the guarantee behind it.
pub struct ExitOnOutOfMemory;

/// Writes the out-of-memory line and exits, without allocating.
fn out_of_memory() -> ! {
    let _ = std::io::stderr().write_all(
        b"error: out of memory (free memory or ulimit -v): ask for fewer values or a smaller input\n",
    );
    std::process::exit(1)
}

// SAFETY: every call is passed to `System` unchanged; only a null result is acted on, and
// then the process ends.
unsafe impl std::alloc::GlobalAlloc for ExitOnOutOfMemory {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        let p = std::alloc::System.alloc(layout);
        if p.is_null() {
            out_of_memory();
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        let p = std::alloc::System.alloc_zeroed(layout);
        if p.is_null() {
            out_of_memory();
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        std::alloc::System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        let p = std::alloc::System.realloc(ptr, layout, new_size);
        if p.is_null() {
            out_of_memory();
        }
        p
    }
}
