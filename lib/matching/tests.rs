use super::random_graphs::{random_bipartite, random_graph};
use super::*;
use testkit::Rng;

/// The largest matching by trying every edge in or out (with used vertices as a bitmask).
fn brute_size(edges: &[(usize, usize)], used: u32) -> usize {
    match edges.split_first() {
        None => 0,
        Some((&(a, b), rest)) => {
            let without = brute_size(rest, used);
            let bits = (1u32 << a) | (1 << b);
            if a != b && used & bits == 0 {
                without.max(1 + brute_size(rest, used | bits))
            } else {
                without
            }
        }
    }
}

/// Whether `mate` is a matching of `edges` (each pair an edge, both ends agree).
fn is_matching(mate: &[Option<usize>], edges: &[(usize, usize)]) -> bool {
    mate.iter().enumerate().all(|(v, m)| match *m {
        None => true,
        Some(w) => mate[w] == Some(v) && edges.iter().any(|&e| e == (v, w) || e == (w, v)),
    })
}

#[test]
fn general_matchings_are_maximum() {
    let mut rng = Rng::new(351);
    for _ in 0..3000 {
        let (n, edges) = random_graph(&mut rng, 11);
        let mate = maximum_matching(n, &edges);
        assert!(is_matching(&mate, &edges), "{:?} {:?}", edges, mate);
        let size = mate.iter().filter(|m| m.is_some()).count() / 2;
        assert_eq!(size, brute_size(&edges, 0), "{} {:?}", n, edges);
    }
}

#[test]
fn bipartite_matchings_are_maximum() {
    let mut rng = Rng::new(352);
    for _ in 0..3000 {
        let (left, right, edges) = random_bipartite(&mut rng, 7);
        let mate = bipartite_matching(left, right, &edges);
        // A proper matching: pairs are edges and no right vertex twice.
        let mut taken = vec![false; right];
        for (l, m) in mate.iter().enumerate() {
            if let Some(r) = *m {
                assert!(edges.contains(&(l, r)) && !taken[r]);
                taken[r] = true;
            }
        }
        // The brute force on the same graph with right vertices renumbered after the left.
        let as_general: Vec<(usize, usize)> = edges.iter().map(|&(l, r)| (l, left + r)).collect();
        let size = mate.iter().filter(|m| m.is_some()).count();
        assert_eq!(
            size,
            brute_size(&as_general, 0),
            "{} {} {:?}",
            left,
            right,
            edges
        );
    }
}

/// The edges of a bipartite graph whose both ends are kept, numbered as a general graph
/// (right vertex r as `left + r`), for `brute_size`.
fn kept_edges(
    left: usize,
    edges: &[(usize, usize)],
    kept: &dyn Fn(Vertex) -> bool,
) -> Vec<(usize, usize)> {
    edges
        .iter()
        .filter(|&&(l, r)| kept(Vertex::Left(l)) && kept(Vertex::Right(r)))
        .map(|&(l, r)| (l, left + r))
        .collect()
}

/// The matching kept, as (left, right) pairs, checked to be a matching of the graph left.
fn checked_pairs(
    m: &BipartiteMatching,
    left: usize,
    right: usize,
    edges: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for l in 0..left {
        if let Some(partner) = m.mate(Vertex::Left(l)) {
            let r = match partner {
                Vertex::Right(r) => r,
                Vertex::Left(_) => panic!("L{} matched to its own side", l),
            };
            assert_eq!(m.mate(partner), Some(Vertex::Left(l)));
            assert!(edges.contains(&(l, r)), "L{}-R{} is no edge", l, r);
            assert!(!m.is_removed(Vertex::Left(l)) && !m.is_removed(partner));
            pairs.push((l, r));
        }
    }
    for r in 0..right {
        if let Some(Vertex::Left(l)) = m.mate(Vertex::Right(r)) {
            assert!(pairs.contains(&(l, r)));
        }
    }
    assert_eq!(pairs.len(), m.size());
    pairs
}

#[test]
fn removals_keep_a_maximum_matching_and_say_when_it_shrank() {
    let mut rng = Rng::new(355);
    let (mut dropped, mut kept, mut every, mut not_every) = (0, 0, 0, 0);
    for _ in 0..700 {
        let (left, right, edges) = random_bipartite(&mut rng, 6);
        let mut m = BipartiteMatching::new(left, right, &edges);
        let mut present: Vec<Vertex> = (0..left)
            .map(Vertex::Left)
            .chain((0..right).map(Vertex::Right))
            .collect();
        let mut gone: Vec<Vertex> = Vec::new();
        while !present.is_empty() {
            let now = kept_edges(left, &edges, &|v| !gone.contains(&v));
            let size = brute_size(&now, 0);
            let pairs = checked_pairs(&m, left, right, &edges);
            assert_eq!(
                m.size(),
                size,
                "{} {} {:?} without {:?}",
                left,
                right,
                edges,
                gone
            );
            // The question on a present vertex, answered by the brute force without it.
            let v = present[rng.below(present.len() as u64) as usize];
            let without_v = kept_edges(left, &edges, &|u| u != v && !gone.contains(&u));
            let expected = brute_size(&without_v, 0) < size;
            assert_eq!(
                m.in_every_maximum_matching(v),
                expected,
                "{:?} {:?}",
                v,
                edges
            );
            if expected {
                every += 1;
            } else {
                not_every += 1;
            }
            assert_eq!(
                checked_pairs(&m, left, right, &edges),
                pairs,
                "the query changed it"
            );
            // A removal, the same question asked the other way.
            let u = present.swap_remove(rng.below(present.len() as u64) as usize);
            let without_u = kept_edges(left, &edges, &|w| w != u && !gone.contains(&w));
            let shrinks = brute_size(&without_u, 0) < size;
            assert_eq!(
                m.remove(u),
                shrinks,
                "{:?} {:?} without {:?}",
                u,
                edges,
                gone
            );
            if shrinks {
                dropped += 1;
            } else {
                kept += 1;
            }
            gone.push(u);
            assert!(m.is_removed(u) && m.mate(u).is_none());
            assert!(!m.in_every_maximum_matching(u));
            for &w in &present {
                assert!(m.neighbours(w).all(|x| x != u));
            }
        }
        assert_eq!(m.size(), 0);
    }
    assert!(dropped > 1000 && kept > 1000, "{} {}", dropped, kept);
    assert!(every > 1000 && not_every > 1000, "{} {}", every, not_every);
}

#[test]
fn neighbours_are_listed_once_in_order_without_the_removed() {
    let mut rng = Rng::new(356);
    for _ in 0..500 {
        let (left, right, edges) = random_bipartite(&mut rng, 8);
        let mut m = BipartiteMatching::new(left, right, &edges);
        let r = rng.below(right as u64) as usize;
        m.remove(Vertex::Right(r));
        for l in 0..left {
            let expected: Vec<Vertex> = (0..right)
                .filter(|&x| x != r && edges.contains(&(l, x)))
                .map(Vertex::Right)
                .collect();
            assert_eq!(m.neighbours(Vertex::Left(l)).collect::<Vec<_>>(), expected);
        }
    }
}

#[test]
#[should_panic(expected = "already removed")]
fn a_vertex_is_removed_once() {
    let mut m = BipartiteMatching::new(1, 1, &[(0, 0)]);
    m.remove(Vertex::Right(0));
    m.remove(Vertex::Right(0));
}

#[test]
#[should_panic(expected = "outside 2 × 1")]
fn a_vertex_out_of_range_is_refused() {
    BipartiteMatching::new(2, 1, &[(0, 0)]).mate(Vertex::Right(1));
}

#[test]
fn long_paths_need_no_recursion() {
    // A path: every other edge; the bipartite one as left i – right i and right i − 1.
    let n = 3001;
    let path: Vec<(usize, usize)> = (0..n - 1).map(|v| (v, v + 1)).collect();
    assert_eq!(maximum_matching(n, &path).iter().flatten().count(), n - 1);
    let half = 100_000;
    let zigzag: Vec<(usize, usize)> = (0..half).flat_map(|i| vec![(i, i), (i + 1, i)]).collect();
    assert_eq!(
        bipartite_matching(half + 1, half, &zigzag)
            .iter()
            .flatten()
            .count(),
        half
    );
    // The zigzag as a path L0 - R0 - L1 - … - R(h−1) - L(h): without its middle right
    // vertex it splits into paths of h + 1 and h − 1 vertices, one edge fewer in all.
    let mut m = BipartiteMatching::new(half + 1, half, &zigzag);
    assert_eq!(m.size(), half);
    assert!(m.remove(Vertex::Right(half / 2)));
    assert_eq!(m.size(), half - 1);
    // Without L0 the rest keeps a perfect matching of the other 2h vertices: one long path.
    let mut m = BipartiteMatching::new(half + 1, half, &zigzag);
    assert!(!m.remove(Vertex::Left(0)));
    assert_eq!(m.size(), half);
    assert!(m.in_every_maximum_matching(Vertex::Left(half))); // R(h−1)-L(h) is forced
}

/// `joined` is the edge list's membership, either way round, whatever was removed; two
/// vertices of one side are never joined.
#[test]
fn joined_is_the_edge_lists_membership() {
    let mut rng = Rng::new(71);
    for _ in 0..300 {
        let (left, right, edges) = random_bipartite(&mut rng, 6);
        let mut matching = BipartiteMatching::new(left, right, &edges);
        if rng.below(2) == 1 {
            matching.remove(Vertex::Left(rng.below(left as u64) as usize));
        }
        for l in 0..left {
            for r in 0..right {
                let edge = edges.contains(&(l, r));
                assert_eq!(matching.joined(Vertex::Left(l), Vertex::Right(r)), edge);
                assert_eq!(matching.joined(Vertex::Right(r), Vertex::Left(l)), edge);
            }
            for other in 0..left {
                assert!(!matching.joined(Vertex::Left(l), Vertex::Left(other)));
            }
        }
        for r in 0..right {
            for other in 0..right {
                assert!(!matching.joined(Vertex::Right(r), Vertex::Right(other)));
            }
        }
    }
}
