use testkit::Rng;

/// A graph of 1 to `below - 1` vertices and up to twice as many edges, loops and repeated
/// edges included.
pub(crate) fn random_graph(rng: &mut Rng, below: u64) -> (usize, Vec<(usize, usize)>) {
    let n = rng.range(1, below) as usize;
    let count = rng.range(0, 2 * n as u64);
    let edges = (0..count)
        .map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize))
        .collect();
    (n, edges)
}

/// A bipartite graph of 1 to `below - 1` vertices on each side, as (left, right) edges,
/// repeats included.
pub(crate) fn random_bipartite(rng: &mut Rng, below: u64) -> (usize, usize, Vec<(usize, usize)>) {
    let (left, right) = (rng.range(1, below) as usize, rng.range(1, below) as usize);
    let count = rng.range(0, (left * right) as u64);
    let edges = (0..count)
        .map(|_| {
            (
                rng.below(left as u64) as usize,
                rng.below(right as u64) as usize,
            )
        })
        .collect();
    (left, right, edges)
}
