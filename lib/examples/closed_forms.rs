//! Four games whose winner is a formula, each formula checked here against the game itself:
//! Euclid's game (`grundy::euclid`), Fibonacci Nim (`grundy::fibonacci_nim`), Moore's Nim_k
//! (`grundy::moore`) and the coin-turning game Ruler (`grundy::coin_turning`). For each, a
//! literal search over every small position (a table filled from the positions without moves
//! up) says who wins, and the module must say the same; then the lesson prints what the
//! formula says in the game's own words.
//!
//! `cargo run --example closed_forms`

use grundy::coin_turning::ruler_value;
use grundy::prelude::{mex, Nimber};
use grundy::{euclid, fibonacci_nim, moore};

/// Euclid's game on (a, b) with 0 ≤ a, b ≤ `n`, by its rule: subtract a positive multiple of
/// the smaller number from the larger, leaving it non-negative; a position with a 0 is over
/// (the player to move has lost). `wins[a][b]`: the player to move wins.
fn euclid_search(n: usize) -> Vec<Vec<bool>> {
    let mut wins = vec![vec![false; n + 1]; n + 1];
    // A move lowers a + b: fill by increasing sum.
    for sum in 2..=2 * n {
        for a in 1..=n.min(sum - 1) {
            let b = sum - a;
            if b == 0 || b > n {
                continue;
            }
            let (big, small) = (a.max(b), a.min(b));
            wins[a][b] = (1..=big / small).any(|k| {
                let left = big - k * small;
                !wins[left][small]
            });
        }
    }
    wins
}

/// Fibonacci Nim by its rule: `wins[h][m]`, whether the player to move wins with `h` objects
/// left when the move may take 1 to `m` (taking the last object wins; the next move may take
/// up to twice this one).
fn fibonacci_search(n: usize) -> Vec<Vec<bool>> {
    let mut wins = vec![vec![false; n + 1]; n + 1];
    for h in 1..=n {
        for m in 1..=n {
            wins[h][m] = (1..=m.min(h)).any(|t| t == h || !wins[h - t][(2 * t).min(n)]);
        }
    }
    wins
}

/// Moore's Nim_k on three heaps of at most `n`, by its rule: a move takes at least one object
/// from each of 1 to k heaps. Whether the player to move wins, for every (x, y, z).
fn moore_search(k: usize, n: usize) -> Vec<bool> {
    let index = |h: [usize; 3]| (h[0] * (n + 1) + h[1]) * (n + 1) + h[2];
    let mut wins = vec![false; (n + 1) * (n + 1) * (n + 1)];
    // Every move lowers the total: positions in order of their total.
    let mut order: Vec<[usize; 3]> = Vec::new();
    for x in 0..=n {
        for y in 0..=n {
            for z in 0..=n {
                order.push([x, y, z]);
            }
        }
    }
    order.sort_by_key(|h| h.iter().sum::<usize>());
    for heaps in order {
        let mut win = false;
        // Each non-empty set of at most k heaps, each lowered to any smaller size.
        for set in 1..8u32 {
            if set.count_ones() as usize > k || (0..3).any(|i| set >> i & 1 == 1 && heaps[i] == 0) {
                continue;
            }
            let chosen: Vec<usize> = (0..3).filter(|&i| set >> i & 1 == 1).collect();
            let mut after = heaps;
            // Odometer over the new sizes of the chosen heaps.
            for &i in &chosen {
                after[i] = 0;
            }
            loop {
                if !wins[index(after)] {
                    win = true;
                    break;
                }
                let mut carry = true;
                for &i in &chosen {
                    if !carry {
                        break;
                    }
                    after[i] += 1;
                    if after[i] < heaps[i] {
                        carry = false;
                    } else {
                        after[i] = 0;
                    }
                }
                if carry {
                    break;
                }
            }
            if win {
                break;
            }
        }
        wins[index(heaps)] = win;
    }
    wins
}

/// Ruler on coins 1..=`n` by its rule: the Grundy value of every row (bit i − 1 for coin i
/// heads); a move turns over a run of consecutive coins whose rightmost is a heads.
fn ruler_search(n: u32) -> Vec<Nimber> {
    let mut value = vec![Nimber(0); 1 << n];
    for row in 1..1usize << n {
        let mut options = Vec::new();
        for right in 0..n {
            if row >> right & 1 == 0 {
                continue;
            }
            for left in 0..=right {
                let run = ((1usize << (right + 1)) - 1) & !((1usize << left) - 1);
                options.push(value[row ^ run]);
            }
        }
        value[row] = mex(options);
    }
    value
}

/// The facts the searches and the modules agree on, as the lesson prints them.
fn facts() -> Vec<String> {
    let mut lines = vec![euclid_fact(), fibonacci_fact()];
    lines.extend((1..=3).map(moore_fact));
    lines.push(ruler_fact());
    lines
}

/// Euclid: the module against the search on every pair up to 40; the losing pairs a > b, b = 5.
fn euclid_fact() -> String {
    let n = 40;
    let euclid_table = euclid_search(n);
    for (a, row) in euclid_table.iter().enumerate().skip(1) {
        for (b, &wins) in row.iter().enumerate().skip(1) {
            let module = euclid::outcome(a as u64, b as u64).first_player_wins();
            assert_eq!(module, wins, "euclid ({}, {})", a, b);
        }
    }
    let lost: Vec<String> = (6..=n)
        .filter(|&a| !euclid_table[a][5])
        .map(|a| a.to_string())
        .collect();
    format!(
        "euclid: (a, 5) lost for the mover at a = {}",
        lost.join(" ")
    )
}

/// Fibonacci Nim: the module's outcome and winning move against the search on heaps up to 60
/// (the first move takes up to h − 1); the heaps the first player loses on.
fn fibonacci_fact() -> String {
    let n = 60;
    let fib_table = fibonacci_search(n);
    let mut lost = Vec::new();
    for h in 2..=n {
        let wins = fib_table[h][h - 1];
        assert_eq!(
            fibonacci_nim::outcome(h as u64).first_player_wins(),
            wins,
            "heap {}",
            h
        );
        for m in 1..=n {
            let take = fibonacci_nim::winning_move(h as u64, m as u64);
            assert_eq!(take.is_some(), fib_table[h][m], "heap {}, up to {}", h, m);
            if let Some(t) = take {
                let t = t as usize;
                assert!(
                    t == h || !fib_table[h - t][(2 * t).min(n)],
                    "heap {}: take {}",
                    h,
                    t
                );
            }
        }
        if !wins {
            lost.push(h.to_string());
        }
    }
    format!(
        "fibonacci nim: the first player loses on {}",
        lost.join(" ")
    )
}

/// Moore's Nim_k: the module against the search on three heaps up to 7; how many are lost.
fn moore_fact(k: usize) -> String {
    let n = 7;
    let table = moore_search(k, n);
    let mut lost = 0;
    for x in 0..=n {
        for y in 0..=n {
            for z in 0..=n {
                let wins = table[(x * (n + 1) + y) * (n + 1) + z];
                let module = moore::outcome(k as u64, [x as u64, y as u64, z as u64]);
                assert_eq!(
                    module.first_player_wins(),
                    wins,
                    "k {}: {} {} {}",
                    k,
                    x,
                    y,
                    z
                );
                lost += usize::from(!wins);
            }
        }
    }
    format!(
        "moore k = {}: {} of 512 positions of three heaps up to 7 are lost",
        k, lost
    )
}

/// Ruler: whole rows of 10 coins as the nim-sum of their heads' values, against the search;
/// one heads at each place.
fn ruler_fact() -> String {
    let n = 10;
    let table = ruler_search(n);
    for (row, &value) in table.iter().enumerate() {
        let sum: Nimber = (0..n)
            .filter(|&i| row >> i & 1 == 1)
            .map(|i| ruler_value(u64::from(i) + 1))
            .sum();
        assert_eq!(value, sum, "ruler row {:b}", row);
    }
    let single: Vec<String> = (0..n).map(|i| table[1 << i].to_string()).collect();
    format!("ruler: a heads at 1..=10 is worth {}", single.join(" "))
}

fn main() {
    for line in facts() {
        println!("{}", line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_facts() {
        // Each line comes after the module agreed with the literal search on every position.
        assert_eq!(
            facts(),
            [
                // b < a < φb: 5 < a < 8.09.
                "euclid: (a, 5) lost for the mover at a = 6 7 8",
                // The Fibonacci numbers.
                "fibonacci nim: the first player loses on 2 3 5 8 13 21 34 55",
                // Nim: z = x ^ y, 64 pairs (x, y).
                "moore k = 1: 64 of 512 positions of three heaps up to 7 are lost",
                // Each bit in none or all three heaps: 2^3.
                "moore k = 2: 8 of 512 positions of three heaps up to 7 are lost",
                // Each bit's count a multiple of 4 with three heaps: none set.
                "moore k = 3: 1 of 512 positions of three heaps up to 7 are lost",
                "ruler: a heads at 1..=10 is worth 1 2 1 4 1 2 1 8 1 2",
            ]
        );
    }
}
