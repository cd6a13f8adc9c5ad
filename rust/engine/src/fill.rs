//! A random complete grid, the first step of every generated puzzle.
//!
//! Depth-first filling of the empty grid: the empty cell with the fewest
//! values left (the first such in row-major order) takes its values in an
//! order shuffled by SplitMix64. latinum's pure-Python engine follows the
//! same steps, so a seed gives the same grid with either engine.

use crate::geometry::Geometry;
use crate::random::Random;

/// A complete grid of `geometry` (values row by row) drawn from `seed`, or
/// None when the shape has no completion (or `node_limit` values were tried).
pub fn random_grid(geometry: &Geometry, seed: u64, node_limit: u64) -> Option<Vec<u8>> {
    let mut filling = Filling {
        geometry,
        values: vec![0; geometry.cells()],
        counts: vec![0; geometry.cells() * (geometry.size() + 1)],
        random: Random::new(seed),
        nodes: node_limit,
    };
    filling.fill().then_some(filling.values)
}

struct Filling<'a> {
    geometry: &'a Geometry,
    values: Vec<u8>,
    /// `counts[cell * (size + 1) + value]`: the peers of `cell` holding `value`.
    counts: Vec<u16>,
    random: Random,
    nodes: u64,
}

impl Filling<'_> {
    fn fill(&mut self) -> bool {
        let size = self.geometry.size();
        let (mut best, mut best_free) = (usize::MAX, size + 1);
        for cell in 0..self.values.len() {
            if self.values[cell] != 0 {
                continue;
            }
            let free = (1..=size).filter(|&v| self.count(cell, v) == 0).count();
            if free < best_free {
                (best, best_free) = (cell, free);
                if free <= 1 {
                    break;
                }
            }
        }
        if best == usize::MAX {
            return true;
        }
        let mut options: Vec<usize> = (1..=size).filter(|&v| self.count(best, v) == 0).collect();
        for index in (1..options.len()).rev() {
            let other = self.random.below(index as u32 + 1) as usize;
            options.swap(index, other);
        }
        for value in options {
            if self.nodes == 0 {
                return false;
            }
            self.nodes -= 1;
            self.place(best, value, true);
            if self.fill() {
                return true;
            }
            self.place(best, value, false);
        }
        false
    }

    fn count(&self, cell: usize, value: usize) -> u16 {
        self.counts[cell * (self.geometry.size() + 1) + value]
    }

    /// Put `value` in `cell` (or take it back), updating its peers' counts.
    fn place(&mut self, cell: usize, value: usize, put: bool) {
        self.values[cell] = if put { value as u8 } else { 0 };
        let stride = self.geometry.size() + 1;
        for &peer in self.geometry.peers(cell) {
            let count = &mut self.counts[peer as usize * stride + value];
            *count = if put { *count + 1 } else { *count - 1 };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sudoku(box_rows: usize, box_cols: usize) -> Geometry {
        let size = box_rows * box_cols;
        let mut units = Vec::new();
        for r in 0..size {
            units.extend((0..size).map(|c| (r * size + c) as u32));
        }
        for c in 0..size {
            units.extend((0..size).map(|r| (r * size + c) as u32));
        }
        for b in 0..size {
            let (top, left) = (b / box_rows * box_rows, b % box_rows * box_cols);
            for i in 0..size {
                units.push(((top + i / box_cols) * size + left + i % box_cols) as u32);
            }
        }
        Geometry::new(size, &units).unwrap()
    }

    #[test]
    fn grids_are_complete_valid_and_reproducible() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
            let geometry = sudoku(rows, cols);
            let grid = random_grid(&geometry, 11, u64::MAX).unwrap();
            for unit in 0..geometry.unit_count() {
                let mut seen: Vec<u8> = geometry
                    .unit(unit)
                    .iter()
                    .map(|&c| grid[c as usize])
                    .collect();
                seen.sort_unstable();
                assert_eq!(seen, (1..=geometry.size() as u8).collect::<Vec<_>>());
            }
            assert_eq!(random_grid(&geometry, 11, u64::MAX), Some(grid));
        }
    }

    #[test]
    fn seeds_give_different_grids_and_the_node_limit_stops() {
        let geometry = sudoku(3, 3);
        let first = random_grid(&geometry, 1, u64::MAX);
        assert_ne!(first, random_grid(&geometry, 2, u64::MAX));
        assert_eq!(random_grid(&geometry, 1, 5), None);
    }
}
