//! The analyzer's estimates, limits and names, each against a count or value worked out here.

use super::*;

#[test]
fn the_estimate_counts_values_scratch_and_index() {
    let officers = Game::octal("0.6".parse().unwrap());
    let n = 1 << 20;
    // Values, z up to n/2 (4 bytes), 1 MiB of slack.
    let naive = 2 * n as u64 + 4 * (n as u64 / 2) + (1 << 20);
    assert!(officers.bytes_needed(n, Method::Naive, 1).abs_diff(naive) < 16);
    assert_eq!(
        officers.bytes_needed(n, Method::Rare, 1) - officers.bytes_needed(n, Method::Naive, 1),
        4 * n as u64
    );
    // Auto: an index of at most half the positions, the bit planes, the mirrored values
    // and the fixed tables.
    assert_eq!(
        officers.bytes_needed(n, Method::Auto, 1) - officers.bytes_needed(n, Method::Naive, 1),
        10 * n as u64 + BIT_SLICED_TABLES
    );
    // Two threads: the far marks handed between them, for Auto alone.
    assert_eq!(
        officers.bytes_needed(n, Method::Auto, 2) - officers.bytes_needed(n, Method::Auto, 1),
        TWO_CORE_BUFFERS
    );
    for method in [Method::Naive, Method::Rare] {
        assert_eq!(
            officers.bytes_needed(n, method, 2),
            officers.bytes_needed(n, method, 1)
        );
    }
    // No splits: no index; the window rule checks periods up to n.
    let nim = Game::octal("0.3".parse().unwrap());
    let expected = 2 * MAX_VALUES as u64 + 4 * MAX_VALUES as u64 + (1 << 20);
    assert!(
        nim.bytes_needed(MAX_VALUES, Method::Rare, 1)
            .abs_diff(expected)
            < 16
    );
}

#[test]
fn upto_is_capped_at_u32_max_before_memory_is_asked() {
    // The command line refuses more in its parser; `analyze` is public and checks again.
    let nim = Game::octal("0.3".parse().unwrap());
    let run = |upto| Plan {
        upto: Some(upto),
        method: Method::Auto,
        values: false,
        memory: Some(1 << 20),
        work: DEFAULT_WORK,
        threads: 2,
    };
    let mut out = Vec::new();
    let err = analyze(&nim, &run(MAX_VALUES + 1), &mut out).unwrap_err();
    assert!(
        err.starts_with("--upto: at most 4294967295 values"),
        "{err}"
    );
    // u32::MAX itself passes the cap and meets the memory check (1 MiB here), as does
    // anything past the old fixed cap of 2^28.
    let err = analyze(&nim, &run(MAX_VALUES), &mut out).unwrap_err();
    assert!(err.starts_with("--upto 4294967295: needs up to"), "{err}");
    let err = analyze(&nim, &run(300_000_000), &mut out).unwrap_err();
    assert!(
        err.starts_with("--upto 300000000: needs up to 1717 MiB, more than the 1 MiB available"),
        "{err}"
    );
    assert!(out.is_empty());
}

#[test]
fn values_fitting_inverts_the_estimate() {
    for code in ["0.6", "0.3", "0.07"] {
        let game = Game::octal(code.parse().unwrap());
        for method in [Method::Naive, Method::Rare, Method::Auto] {
            for threads in [1, 2] {
                for budget in [0, 1 << 20, 3 << 20, 1 << 30, 2 << 30, u64::MAX] {
                    let n = game.values_fitting(budget, method, threads);
                    assert!(n <= MAX_VALUES);
                    let needed = |n| game.bytes_needed(n, method, threads);
                    if n > 0 {
                        assert!(needed(n) <= budget, "{code} {budget}");
                    }
                    if n < MAX_VALUES {
                        assert!(needed(n + 1) > budget, "{code} {budget}");
                    }
                }
            }
        }
    }
    let nim = Game::octal("0.3".parse().unwrap());
    // 2^28 values of 0.3 need 1.5 GiB and the 1 MiB of slack: they do not fit in 1 GiB.
    assert!(nim.values_fitting(1 << 30, Method::Auto, 1) < 1 << 28);
    let budget = (6 << 28) + (1 << 20);
    assert_eq!(nim.values_fitting(budget, Method::Auto, 1), 1 << 28);
    // No fixed cap below the engine's: 4 GiB hold more than 2^28 values.
    assert!(nim.values_fitting(4 << 30, Method::Auto, 1) > 700_000_000);
    assert_eq!(nim.values_fitting(u64::MAX, Method::Auto, 1), MAX_VALUES);
    // No splits, no far pass: a second thread adds nothing.
    assert_eq!(
        nim.bytes_needed(1 << 20, Method::Auto, 2),
        nim.bytes_needed(1 << 20, Method::Auto, 1)
    );
}

#[test]
fn grundys_game_is_refused_past_its_memory_naming_what_it_needs() {
    let mut out = Vec::new();
    let err = grundys_game(1 << 28, false, Some(1 << 30), 2, &mut out).unwrap_err();
    assert_eq!(
        err,
        "--upto 268435456: needs up to 3074 MiB, more than the 1024 MiB available (free memory, --memory, ulimit -v); at most 89303722 values fit"
    );
    assert!(grundys_game_bytes(89_303_722) <= 1 << 30);
    assert!(grundys_game_bytes(89_303_723) > 1 << 30);
    assert!(out.is_empty());
    let err = grundys_game(MAX_VALUES + 1, false, None, 1, &mut out).unwrap_err();
    assert!(
        err.starts_with("--upto: at most 4294967295 values"),
        "{err}"
    );
}

#[test]
fn grundys_game_on_two_threads_prints_what_one_prints() {
    // Past the first progress step (2^16 heaps, on one thread), so that the second runs on two.
    let run = |threads: usize| {
        let mut out = Vec::new();
        grundys_game(90_000, true, Some(1 << 30), threads, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    let one = run(1);
    assert!(one.contains("computed: 90000 values\n"), "{one}");
    assert_eq!(run(2), one);
    // Two copies of the game: twice the memory of one, and the slots.
    assert_eq!(
        grundys_game_two_thread_bytes(1 << 20),
        2 * grundys_game_bytes(1 << 20) + (2 << 20)
    );
}

#[test]
fn grundys_game_reports_its_rare_heaps() {
    let mut out = Vec::new();
    grundys_game(3000, false, Some(1 << 30), 1, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    // A literal search: heap n splits into (a, n − a), a < n − a.
    let mut g = vec![0u16; 3000];
    for n in 3..3000 {
        let options: Vec<u16> = (1..n - n / 2).map(|a| g[a] ^ g[n - a]).collect();
        g[n] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    let rare: Vec<usize> = (1..3000)
        .filter(|&n| (g[n] >> 1).count_ones() % 2 == 0)
        .collect();
    let largest_rare = rare.iter().map(|&n| g[n]).max().unwrap();
    let largest = g.iter().max().unwrap();
    assert!(
        out.contains(&format!("rare heaps: {}\n", rare.len())),
        "{out}"
    );
    let last = format!("last rare heap: {}\n", rare.last().unwrap());
    assert!(out.contains(&last), "{out}");
    let line = format!("largest rare value: {largest_rare}\nlargest value: {largest}\n");
    assert!(out.contains(&line), "{out}");
    assert!(out.contains("rare heaps past 82860: 0\n"), "{out}");
}

#[test]
fn memory_sizes_are_read_with_their_units() {
    assert_eq!(parse_memory("4G"), Ok(4 << 30));
    assert_eq!(parse_memory("512M"), Ok(512 << 20));
    assert_eq!(parse_memory("512MiB"), Ok(512 << 20));
    assert_eq!(parse_memory("3kb"), Ok(3 << 10));
    assert_eq!(parse_memory("1T"), Ok(1 << 40));
    assert_eq!(parse_memory("1000"), Ok(1000));
    assert_eq!(parse_memory("7B"), Ok(7));
    for bad in ["", "G", "4X", "-1G", "4.5G", "99999999999T"] {
        let err = parse_memory(bad).unwrap_err();
        assert!(err.starts_with(&format!("bad size `{bad}`")), "{err}");
    }
}

#[test]
fn a_given_memory_replaces_the_free_memory() {
    assert_eq!(memory_budget(Some(12345)), Some(12345));
    if cfg!(target_os = "linux") {
        assert_eq!(memory_budget(None), memory_available());
    }
}

#[test]
fn long_codes_are_shortened_in_the_name() {
    let game = Game::octal(format!("0.{}", "7".repeat(100)).parse().unwrap());
    assert_eq!(
        game.name(),
        format!("0.{}...7777777777 (100 digits)", "7".repeat(28))
    );
    assert_eq!(Game::octal("4.07".parse().unwrap()).name(), "4.07");
}

#[test]
fn memory_available_is_read_on_linux() {
    if cfg!(target_os = "linux") {
        assert!(memory_available().is_some_and(|m| m > 1 << 20));
    }
}
