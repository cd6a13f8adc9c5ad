//! A grid's shape: its units as flat index arrays, and the tables derived from them.

use crate::error::EngineError;

/// The largest grid a candidate mask (one bit per value) can hold.
pub const MAX_SIZE: usize = 32;

/// An N x N grid (cells numbered row-major) and its units, each a group of N
/// cells whose values must all differ.
#[derive(Debug, Clone)]
pub struct Geometry {
    size: usize,
    /// Unit `u` is `units[u * size..(u + 1) * size]`.
    units: Vec<u16>,
    /// The units of cell `c`, as bits of 64-unit words: `(word, bits)` pairs
    /// `unit_bits[unit_bit_start[c]..unit_bit_start[c + 1]]`.
    unit_bits: Vec<(u32, u64)>,
    unit_bit_start: Vec<u32>,
    /// The units of each cell as one word's bits, when there are at most 64 units
    /// (every Sudoku and Latin square up to 25x25 but the biggest); else empty.
    unit_masks: Vec<u64>,
    /// The peers of cell `c` (other cells sharing a unit) in the same layout.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    /// Pairs of units sharing two cells or more (a box and a row, say).
    intersections: Vec<Intersection>,
}

/// Two units that share two cells or more: the shared cells, and the cells
/// of each unit outside the other (pointing and claiming look at these).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Intersection {
    pub shared: Vec<u16>,
    pub only_first: Vec<u16>,
    pub only_second: Vec<u16>,
}

impl Geometry {
    /// A geometry of `size` from its units, flattened one after another.
    pub fn new(size: usize, units: &[u32]) -> Result<Self, EngineError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(EngineError::Size(size));
        }
        let cells = size * size;
        if !units.len().is_multiple_of(size) {
            return Err(EngineError::Units(format!(
                "{} cell indices do not make units of {size}",
                units.len()
            )));
        }
        let mut flat = Vec::with_capacity(units.len());
        let mut cell_groups: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for (index, unit) in units.chunks(size).enumerate() {
            let mut seen = vec![false; cells];
            for &cell in unit {
                let cell = cell as usize;
                if cell >= cells {
                    return Err(EngineError::Units(format!(
                        "unit {index} names cell {cell}, outside the {size}x{size} grid"
                    )));
                }
                if seen[cell] {
                    return Err(EngineError::Units(format!(
                        "unit {index} names cell {cell} twice"
                    )));
                }
                seen[cell] = true;
                flat.push(cell as u16);
                cell_groups[cell].push(index as u32);
            }
        }
        let mut peer_groups: Vec<Vec<u16>> = Vec::with_capacity(cells);
        for (cell, groups) in cell_groups.iter().enumerate() {
            let mut mates: Vec<u16> = groups
                .iter()
                .flat_map(|&u| &flat[u as usize * size..(u as usize + 1) * size])
                .copied()
                .filter(|&mate| mate as usize != cell)
                .collect();
            mates.sort_unstable();
            mates.dedup();
            peer_groups.push(mates);
        }
        let intersections = intersections(&flat, size, cells);
        let (unit_bits, unit_bit_start) =
            flatten(&cell_groups.iter().map(|g| words(g)).collect::<Vec<_>>());
        let (peers, peer_start) = flatten(&peer_groups);
        let unit_masks = if units.len() / size <= 64 {
            cell_groups
                .iter()
                .map(|groups| groups.iter().fold(0, |mask, &unit| mask | 1 << unit))
                .collect()
        } else {
            Vec::new()
        };
        Ok(Geometry {
            size,
            units: flat,
            unit_bits,
            unit_bit_start,
            unit_masks,
            peers,
            peer_start,
            intersections,
        })
    }

    /// The number of values (and of rows, and of columns).
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells, `size * size`.
    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// The number of units.
    pub fn unit_count(&self) -> usize {
        self.units.len() / self.size
    }

    /// The cells of unit `unit`.
    pub fn unit(&self, unit: usize) -> &[u16] {
        &self.units[unit * self.size..(unit + 1) * self.size]
    }

    /// The units holding `cell`, as `(word, bits)`: unit `64 * word + b` for each bit `b`.
    pub fn unit_bits(&self, cell: usize) -> &[(u32, u64)] {
        &self.unit_bits[self.unit_bit_start[cell] as usize..self.unit_bit_start[cell + 1] as usize]
    }

    /// The units of each cell as bits of one word, when there are at most 64
    /// units; empty otherwise (see [`Geometry::unit_bits`]).
    pub fn unit_masks(&self) -> &[u64] {
        &self.unit_masks
    }

    /// The number of 64-bit words a set of units takes.
    pub fn unit_words(&self) -> usize {
        self.unit_count().div_ceil(64)
    }

    /// The other cells sharing a unit with `cell`.
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// Every pair of units sharing two cells or more.
    pub fn intersections(&self) -> &[Intersection] {
        &self.intersections
    }
}

/// The intersections of every two of the `units` (each `size` cells of a grid of `cells`).
fn intersections(units: &[u16], size: usize, cells: usize) -> Vec<Intersection> {
    let mut found = Vec::new();
    let mut in_first = vec![false; cells];
    for (index, first) in units.chunks(size).enumerate() {
        for &cell in first {
            in_first[cell as usize] = true;
        }
        for second in units.chunks(size).skip(index + 1) {
            let shared: Vec<u16> = second
                .iter()
                .copied()
                .filter(|&c| in_first[c as usize])
                .collect();
            if shared.len() >= 2 && shared.len() < size {
                let outside = |unit: &[u16]| -> Vec<u16> {
                    unit.iter()
                        .copied()
                        .filter(|c| !shared.contains(c))
                        .collect()
                };
                found.push(Intersection {
                    only_first: outside(first),
                    only_second: outside(second),
                    shared,
                });
            }
        }
        for &cell in first {
            in_first[cell as usize] = false;
        }
    }
    found
}

/// Unit indices as `(word, bits)` pairs, one per 64-unit word they touch.
pub(crate) fn words(units: &[u32]) -> Vec<(u32, u64)> {
    let mut found: Vec<(u32, u64)> = Vec::new();
    for &unit in units {
        let (word, bit) = (unit / 64, 1u64 << (unit % 64));
        match found.iter_mut().find(|(w, _)| *w == word) {
            Some((_, bits)) => *bits |= bit,
            None => found.push((word, bit)),
        }
    }
    found
}

/// Groups laid end to end, and where each starts (with the total at the end).
pub(crate) fn flatten<T: Copy>(groups: &[Vec<T>]) -> (Vec<T>, Vec<u32>) {
    let mut flat = Vec::with_capacity(groups.iter().map(Vec::len).sum());
    let mut starts = Vec::with_capacity(groups.len() + 1);
    for group in groups {
        starts.push(flat.len() as u32);
        flat.extend_from_slice(group);
    }
    starts.push(flat.len() as u32);
    (flat, starts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn latin(size: usize) -> Vec<u32> {
        let n = size as u32;
        let rows = (0..n).flat_map(|r| (0..n).map(move |c| r * n + c));
        let columns = (0..n).flat_map(|c| (0..n).map(move |r| r * n + c));
        rows.chain(columns).collect()
    }

    #[test]
    fn tables_of_a_latin_square() {
        let geometry = Geometry::new(4, &latin(4)).unwrap();
        assert_eq!(geometry.cells(), 16);
        assert_eq!(geometry.unit_count(), 8);
        assert_eq!(geometry.unit(5), &[1, 5, 9, 13]);
        assert_eq!(geometry.unit_bits(6), &[(0, 1 << 1 | 1 << 6)]);
        assert_eq!(geometry.unit_words(), 1);
        assert_eq!(geometry.peers(0), &[1, 2, 3, 4, 8, 12]);
        assert!(geometry.intersections().is_empty());
    }

    #[test]
    fn boxes_meet_rows_and_columns() {
        let mut units = latin(4);
        units.extend([0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15]);
        let geometry = Geometry::new(4, &units).unwrap();
        // Each of the 4 boxes meets 2 rows and 2 columns.
        assert_eq!(geometry.intersections().len(), 16);
        let first = &geometry.intersections()[0];
        assert_eq!(first.shared, vec![0, 1]);
        assert_eq!(first.only_first, vec![2, 3]);
        assert_eq!(first.only_second, vec![4, 5]);
    }

    #[test]
    fn bad_shapes_are_refused() {
        assert_eq!(Geometry::new(0, &[]).unwrap_err(), EngineError::Size(0));
        assert_eq!(Geometry::new(33, &[]).unwrap_err(), EngineError::Size(33));
        assert!(matches!(
            Geometry::new(2, &[0, 1, 2]),
            Err(EngineError::Units(_))
        ));
        assert!(matches!(
            Geometry::new(2, &[0, 4]),
            Err(EngineError::Units(_))
        ));
        assert!(matches!(
            Geometry::new(2, &[1, 1]),
            Err(EngineError::Units(_))
        ));
    }
}
