//! What a program's whole process tree uses, read from `/proc`: the CPU time and memory of
//! the program and of every descendant, waited for or not, summed over those alive together.
//!
//! A judge that confines a submission in a control group counts everything the group's
//! processes use. The runner samples the tree instead (it needs no privilege and works on every
//! Linux): at each sample it walks the program's descendants through
//! `/proc/PID/task/TID/children`, adds the processes that left the tree (an orphan whose
//! parent died becomes the runner's child, the runner being a subreaper) when their
//! environment carries the run's token, and sums
//!
//! - **CPU time**: each process's user and system time and those of the children it waited
//!   for (`/proc/PID/stat` fields 14 to 17); a child that ended and was not waited for is a
//!   zombie that still shows its time. The tree's figure is the largest sum seen.
//! - **Resident memory**: `VmRSS` of a lone process; with several, each one's proportional
//!   share (`Pss` of `/proc/PID/smaps_rollup`), so that pages a fork shares are counted once;
//!   plus the pages of shared-memory files (memfds, `/dev/shm`) held open and mapped by no one
//!   in the tree (`st_blocks` through `/proc/PID/fd`), which no resident set shows. The tree's
//!   figure is the largest sum seen, and never below the program's own `VmHWM`.
//! - **Reserved memory** (address space, for the judges that count it): the sum of `VmSize`,
//!   never below the program's own `VmPeak`, plus the same unmapped shared-memory files.
//!
//! Sampling misses what rises and falls between two samples (at most 10 ms apart while the
//! program runs, and once more at its exit stop); the program's own peak is exact (`VmHWM`,
//! kept by the kernel).

use crate::marks::carries;
use std::collections::{HashMap, HashSet};
use std::time::Duration;

/// A process, told apart from a later one that reuses its id by its start time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Member {
    /// The process id.
    pub pid: libc::pid_t,
    /// Its start time in clock ticks after boot (`/proc/PID/stat` field 22).
    pub start: u64,
}

/// The running figures of one program's tree.
#[derive(Debug)]
pub struct Tree {
    root: libc::pid_t,
    token: String,
    /// Every process seen in the tree.
    pub seen: HashSet<Member>,
    /// The largest CPU time (user and system) of the tree seen.
    pub cpu: Duration,
    /// The largest resident memory of the tree seen, KiB.
    pub peak_resident_kib: u64,
    /// The resident memory of the tree at the last sample, KiB.
    pub resident_kib: u64,
    /// The largest reserved memory (address space) of the tree seen, KiB.
    pub peak_reserved_kib: u64,
}

impl Tree {
    /// The tree of program `root`, whose descendants carry `token` in the runner's variable.
    pub fn new(root: libc::pid_t, token: &str) -> Tree {
        Tree {
            root,
            token: token.to_string(),
            seen: HashSet::new(),
            cpu: Duration::ZERO,
            peak_resident_kib: 0,
            resident_kib: 0,
            peak_reserved_kib: 0,
        }
    }

    /// The program's process id.
    pub fn root(&self) -> libc::pid_t {
        self.root
    }

    /// The token of the run, which the program's descendants carry.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// Reads every process of the tree once and updates the figures.
    pub fn sample(&mut self) {
        let members = self.members();
        let several = members.len() > 1;
        let mut ticks = 0u64;
        let mut resident = 0u64;
        let mut reserved = 0u64;
        let mut mapped: HashSet<u64> = HashSet::new();
        let mut held: HashMap<(u64, u64), u64> = HashMap::new();
        for &(pid, ref stat) in &members {
            ticks += stat.ticks;
            let status = read_status(pid);
            if pid == self.root {
                self.peak_resident_kib = self.peak_resident_kib.max(status.hwm);
                self.peak_reserved_kib = self.peak_reserved_kib.max(status.peak);
            }
            resident += if several {
                pss_kib(pid).unwrap_or(status.rss)
            } else {
                status.rss
            };
            reserved += status.size;
            shared_files(pid, &mut mapped, &mut held);
        }
        let unmapped: u64 = held
            .iter()
            .filter(|((_, inode), _)| !mapped.contains(inode))
            .map(|(_, kib)| kib)
            .sum();
        self.resident_kib = resident + unmapped;
        self.peak_resident_kib = self.peak_resident_kib.max(self.resident_kib);
        self.peak_reserved_kib = self.peak_reserved_kib.max(reserved + unmapped);
        self.cpu = self.cpu.max(ticks_to_duration(ticks));
        for (pid, stat) in members {
            self.seen.insert(Member {
                pid,
                start: stat.start,
            });
        }
    }

    /// The processes of the tree now, with their `stat` figures: the root and its
    /// descendants, and the runner's children that carry the token (orphans of the tree).
    fn members(&self) -> Vec<(libc::pid_t, Stat)> {
        let mut found = Vec::new();
        let mut queue = vec![self.root];
        let mut visited = HashSet::new();
        let me = std::process::id() as libc::pid_t;
        for orphan in children(me) {
            if orphan != self.root && carries(orphan, &self.token) {
                queue.push(orphan);
            }
        }
        while let Some(pid) = queue.pop() {
            if !visited.insert(pid) {
                continue;
            }
            if let Some(stat) = read_stat(pid) {
                found.push((pid, stat));
                queue.extend(children(pid));
            }
        }
        found
    }
}

/// Whether `member`'s id still names the process seen (its start time is the same).
pub fn is_same(member: &Member) -> bool {
    read_stat(member.pid).is_some_and(|stat| stat.start == member.start)
}

/// What `/proc/PID/stat` says of a process.
#[derive(Clone, Copy, Debug)]
struct Stat {
    /// User and system time, its own and its waited-for children's, in clock ticks.
    ticks: u64,
    /// Start time after boot, in clock ticks.
    start: u64,
}

fn read_stat(pid: libc::pid_t) -> Option<Stat> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command's name in parentheses: the state is field 3 of proc(5), so field N is
    // at index N - 3; utime, stime, cutime, cstime are 14 to 17, starttime 22.
    let fields: Vec<&str> = stat.rsplit_once(") ")?.1.split(' ').collect();
    let field = |n: usize| fields.get(n - 3)?.parse::<u64>().ok();
    let ticks = field(14)? + field(15)? + field(16)? + field(17)?;
    Some(Stat {
        ticks,
        start: field(22)?,
    })
}

/// Parent `pid`'s children, from every one of its threads.
fn children(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let mut found = Vec::new();
    let tasks = match std::fs::read_dir(format!("/proc/{pid}/task")) {
        Ok(tasks) => tasks,
        Err(_) => return found,
    };
    for task in tasks.flatten() {
        if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
            found.extend(
                list.split_whitespace()
                    .filter_map(|c| c.parse::<libc::pid_t>().ok()),
            );
        }
    }
    found
}

/// The memory lines of `/proc/PID/status`, KiB (0 where absent: a zombie has none).
#[derive(Default)]
struct Status {
    rss: u64,
    hwm: u64,
    size: u64,
    peak: u64,
}

fn read_status(pid: libc::pid_t) -> Status {
    let mut status = Status::default();
    let text = match std::fs::read_to_string(format!("/proc/{pid}/status")) {
        Ok(text) => text,
        Err(_) => return status,
    };
    for line in text.lines() {
        let (key, value) = match line.split_once(':') {
            Some(pair) => pair,
            None => continue,
        };
        let slot = match key {
            "VmRSS" => &mut status.rss,
            "VmHWM" => &mut status.hwm,
            "VmSize" => &mut status.size,
            "VmPeak" => &mut status.peak,
            _ => continue,
        };
        *slot = kib(value).unwrap_or(0);
    }
    status
}

/// `  1234 kB` as 1234.
fn kib(value: &str) -> Option<u64> {
    value.trim().strip_suffix("kB")?.trim().parse().ok()
}

/// Process `pid`'s proportional set size, KiB.
fn pss_kib(pid: libc::pid_t) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("Pss:"))
        .and_then(kib)
}

/// Adds the shared-memory files (memfds, `/dev/shm`) process `pid` maps to `mapped` (their
/// inodes) and those it holds open to `held` (device and inode to their size in KiB).
fn shared_files(pid: libc::pid_t, mapped: &mut HashSet<u64>, held: &mut HashMap<(u64, u64), u64>) {
    use std::os::unix::fs::MetadataExt;
    let shared = |path: &str| path.starts_with("/memfd:") || path.starts_with("/dev/shm/");
    if let Ok(maps) = std::fs::read_to_string(format!("/proc/{pid}/maps")) {
        for line in maps.lines() {
            // address perms offset device inode path
            let mut fields = line.split_whitespace();
            let inode = fields.nth(4).and_then(|i| i.parse::<u64>().ok());
            let path = fields.next().unwrap_or("");
            if let (Some(inode), true) = (inode, shared(path)) {
                mapped.insert(inode);
            }
        }
    }
    let fds = match std::fs::read_dir(format!("/proc/{pid}/fd")) {
        Ok(fds) => fds,
        Err(_) => return,
    };
    for fd in fds.flatten() {
        let target = match std::fs::read_link(fd.path()) {
            Ok(target) => target,
            Err(_) => continue,
        };
        if !target.to_str().is_some_and(shared) {
            continue;
        }
        if let Ok(meta) = std::fs::metadata(fd.path()) {
            held.insert((meta.dev(), meta.ino()), meta.blocks() / 2);
        }
    }
}

/// Clock ticks as a duration.
fn ticks_to_duration(ticks: u64) -> Duration {
    // SAFETY: sysconf only reads a system setting.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let per_second = u64::try_from(per_second)
        .ok()
        .filter(|&t| t > 0)
        .unwrap_or(100);
    Duration::from_millis(ticks.saturating_mul(1000) / per_second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_process_is_its_own_tree() {
        let mut child = std::process::Command::new("sleep")
            .arg("5")
            .spawn()
            .unwrap();
        let mut tree = Tree::new(child.id() as libc::pid_t, "no-such-token");
        tree.sample();
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(tree.seen.len(), 1);
        assert!(tree.peak_resident_kib > 0 && tree.peak_reserved_kib >= tree.peak_resident_kib);
    }

    #[test]
    fn sizes_are_read_in_kib() {
        assert_eq!(kib("   1234 kB"), Some(1234));
        assert_eq!(kib("12"), None);
        assert_eq!(ticks_to_duration(0), Duration::ZERO);
    }
}
