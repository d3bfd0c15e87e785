//! Rerooting over the residues of the distance mod m: [`super::root_values`] with a step
//! k, m = k + 1 < n.

use super::adjacency::Adjacency;

/// `dst` = `src` with residue r moved to r + 1 mod m (bit vectors of m bits in 64-bit words).
pub(super) fn rotate_one(src: &[u64], dst: &mut [u64], m: usize) {
    let mut carry = (src[(m - 1) / 64] >> ((m - 1) % 64)) & 1;
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = (s << 1) | carry;
        carry = s >> 63;
    }
    let used = m - 64 * (src.len() - 1);
    if used < 64 {
        let last = src.len() - 1;
        dst[last] &= (1u64 << used) - 1;
    }
}

/// The XOR of the residues whose bit is set.
fn xor_of_residues(bits: &[u64]) -> u64 {
    let mut x = 0;
    for (i, &w) in bits.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            x ^= (64 * i) as u64 + u64::from(w.trailing_zeros());
            w &= w - 1;
        }
    }
    x
}

/// For every root R: XOR over odd v of dist(R, v) mod m, by rerooting parity vectors.
pub(super) fn residue_xors_by_rerooting(tree: &Adjacency, odd: &[bool], m: usize) -> Vec<u64> {
    let n = odd.len();
    let words = (m + 63) / 64;
    let (order, parent) = tree.bfs(0);
    // down[v]: parity, per residue r, of the odd vertices u in v's subtree with
    // dist(v, u) ≡ r (mod m).
    let mut down = vec![0u64; n * words];
    for v in 0..n {
        if odd[v] {
            down[v * words] = 1;
        }
    }
    let mut shifted = vec![0u64; words];
    for &v in order.iter().skip(1).rev() {
        rotate_one(&down[v * words..(v + 1) * words], &mut shifted, m);
        let p = parent[v] * words;
        for (d, s) in down[p..p + words].iter_mut().zip(&shifted) {
            *d ^= s;
        }
    }
    // all[v]: the same over the whole tree; the parent's, less v's subtree, one step further.
    let mut all = vec![0u64; n * words];
    all[..words].copy_from_slice(&down[..words]);
    let mut rest = vec![0u64; words];
    for &v in order.iter().skip(1) {
        let (p, vw) = (parent[v] * words, v * words);
        rotate_one(&down[vw..vw + words], &mut shifted, m);
        for i in 0..words {
            rest[i] = all[p + i] ^ shifted[i];
        }
        rotate_one(&rest, &mut shifted, m);
        for i in 0..words {
            all[vw + i] = down[vw + i] ^ shifted[i];
        }
    }
    (0..n)
        .map(|v| xor_of_residues(&all[v * words..(v + 1) * words]))
        .collect()
}
