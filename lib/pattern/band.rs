//! Tables periodic outside a band along the diagonal (corner the knight, Nim's outcomes), for
//! [`guess_table`](super::guess_table).

/// A table periodic outside a band along the diagonal: off the band, shifting x or y by the
/// period (staying off the band, at or past `start`) keeps the value; inside it, shifting both
/// adds the saltus. `block` holds every cell the reductions end on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Band {
    pub(super) block: Vec<Vec<u64>>,
    pub(super) width: u64,
    pub(super) period: u64,
    pub(super) start: u64,
    pub(super) saltus: u64,
}

impl Band {
    /// (x', y', added): the cell whose value, plus `added`, is G(x, y).
    fn reduce(&self, x: u64, y: u64) -> (u64, u64, u64) {
        let (w, p, e) = (self.width, self.period, self.start);
        let off = |near: u64, far: u64| -> (u64, u64) {
            // far > near + w: reduce near first, then far above it.
            let near = if near >= e + p {
                e + (near - e) % p
            } else {
                near
            };
            let lower = (near + w + 1).max(e);
            let far = if far >= lower + p {
                lower + (far - lower) % p
            } else {
                far
            };
            (near, far)
        };
        if x > y + w {
            let (y, x) = off(y, x);
            (x, y, 0)
        } else if y > x + w {
            let (x, y) = off(x, y);
            (x, y, 0)
        } else {
            let m = x.min(y);
            if m >= e + p {
                let turns = (m - e) / p;
                (
                    x - turns * p,
                    y - turns * p,
                    turns.saturating_mul(self.saltus),
                )
            } else {
                (x, y, 0)
            }
        }
    }

    pub(super) fn value(&self, x: u64, y: u64) -> u64 {
        let (x, y, added) = self.reduce(x, y);
        self.block[x as usize][y as usize].saturating_add(added)
    }

    /// The smallest band rule (period, then width, then start) that every cell of `block`
    /// obeys, with its corner (the cells the reductions land on: the band's start, its width
    /// and two periods) followed by at least one more period inside the block each way, so
    /// that every period the rule stores is seen repeated at least once in the fitted block.
    pub(super) fn fit(block: &[Vec<u64>]) -> Option<Band> {
        let side = block.len().min(block[0].len()) as u64;
        for period in 1..=8u64 {
            for width in 0..=6u64 {
                for start in 0..=8u64 {
                    let corner = start + 2 * period + width + 2;
                    if corner + period > side {
                        continue;
                    }
                    let (d0, d1) = (
                        block[start as usize][start as usize],
                        block[(start + period) as usize][(start + period) as usize],
                    );
                    let saltus = match d1.checked_sub(d0) {
                        Some(s) => s,
                        None => continue,
                    };
                    let band = Band {
                        block: block[..corner as usize]
                            .iter()
                            .map(|r| r[..corner as usize].to_vec())
                            .collect(),
                        width,
                        period,
                        start,
                        saltus,
                    };
                    let holds = (0..block.len()).all(|x| {
                        (0..block[x].len()).all(|y| band.value(x as u64, y as u64) == block[x][y])
                    });
                    if holds {
                        return Some(band);
                    }
                }
            }
        }
        None
    }
}
