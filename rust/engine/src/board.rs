//! Candidate state: one bitmask per cell, bit `v - 1` set while value `v` is possible.

use crate::error::EngineError;
use crate::geometry::Geometry;
use crate::random::Random;

/// The candidates of one cell.
pub type Mask = u32;

/// Every cell's candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    masks: Vec<Mask>,
}

/// Whether `mask` holds exactly one value.
#[inline]
pub fn is_single(mask: Mask) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

/// The mask with every value of a grid of `size`.
pub fn full(size: usize) -> Mask {
    if size >= Mask::BITS as usize {
        Mask::MAX
    } else {
        (1 << size) - 1
    }
}

impl Board {
    /// Every value possible in every cell except the givens (0 = empty),
    /// which are fixed; the second part lists the cells that hold one value.
    /// Givens above the size, or two equal givens in one unit, are refused.
    pub fn from_givens(
        geometry: &Geometry,
        givens: &[u8],
    ) -> Result<(Self, Vec<u16>), EngineError> {
        let cells = geometry.cells();
        let size = geometry.size();
        if givens.len() != cells {
            return Err(EngineError::Givens(format!(
                "{} values for {cells} cells",
                givens.len()
            )));
        }
        let mut masks = vec![full(size); cells];
        let mut singles = Vec::new();
        for (cell, &value) in givens.iter().enumerate() {
            if value as usize > size {
                return Err(EngineError::Givens(format!(
                    "value {value} in cell {cell} is above {size}"
                )));
            }
            if value > 0 {
                masks[cell] = 1 << (value - 1);
            }
            if is_single(masks[cell]) {
                singles.push(cell as u16);
            }
        }
        for unit in 0..geometry.unit_count() {
            let cells = geometry.unit(unit);
            let mut seen: Mask = 0;
            for (index, &cell) in cells.iter().enumerate() {
                let value = givens[cell as usize];
                if value == 0 {
                    continue;
                }
                let bit: Mask = 1 << (value - 1);
                if seen & bit != 0 {
                    let first = cells[..index]
                        .iter()
                        .find(|&&other| givens[other as usize] == value);
                    return Err(EngineError::Givens(format!(
                        "cells {} and {cell} of one unit both hold {value}",
                        first.copied().unwrap_or(cell)
                    )));
                }
                seen |= bit;
            }
        }
        Ok((Board { masks }, singles))
    }

    /// The candidates of `cell`.
    #[inline]
    pub fn get(&self, cell: usize) -> Mask {
        self.masks[cell]
    }

    /// Set the candidates of `cell`.
    #[inline]
    pub fn set(&mut self, cell: usize, mask: Mask) {
        self.masks[cell] = mask;
    }

    /// Take over `other`'s candidates without allocating.
    pub fn copy_from(&mut self, other: &Board) {
        self.masks.copy_from_slice(&other.masks);
    }

    /// The first unsolved cell with the fewest candidates, or None when every cell is solved.
    pub fn branch_cell(&self) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for (cell, &mask) in self.masks.iter().enumerate() {
            if !is_single(mask) {
                let count = mask.count_ones();
                if count < fewest {
                    if count == 2 {
                        return Some(cell);
                    }
                    best = Some(cell);
                    fewest = count;
                }
            }
        }
        best
    }

    /// An unsolved cell drawn among those with the fewest candidates, or None
    /// when every cell is solved.
    pub fn random_branch_cell(&self, random: &mut Random) -> Option<usize> {
        let mut fewest = u32::MAX;
        let mut ties = 0;
        for &mask in &self.masks {
            if !is_single(mask) {
                let count = mask.count_ones();
                if count < fewest {
                    fewest = count;
                    ties = 1;
                } else if count == fewest {
                    ties += 1;
                }
            }
        }
        if ties == 0 {
            return None;
        }
        let drawn = random.below(ties) as usize;
        self.masks
            .iter()
            .enumerate()
            .filter(|&(_, &mask)| !is_single(mask) && mask.count_ones() == fewest)
            .nth(drawn)
            .map(|(cell, _)| cell)
    }

    /// The values of a solved board (each cell's single candidate).
    pub fn values(&self) -> Vec<u8> {
        self.masks
            .iter()
            .map(|mask| mask.trailing_zeros() as u8 + 1)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert!(is_single(4));
        assert!(!is_single(0));
        assert!(!is_single(6));
        assert_eq!(full(9), 0x1ff);
        assert_eq!(full(32), u32::MAX);
    }

    #[test]
    fn givens_fix_cells_and_bad_givens_are_refused() {
        let geometry = Geometry::new(2, &[0, 1, 2, 3, 0, 2, 1, 3]).unwrap();
        let (board, singles) = Board::from_givens(&geometry, &[2, 0, 0, 0]).unwrap();
        assert_eq!(board.get(0), 2);
        assert_eq!(board.get(1), 3);
        assert_eq!(singles, vec![0]);
        assert_eq!(board.branch_cell(), Some(1));
        assert!(Board::from_givens(&geometry, &[3, 0, 0, 0]).is_err());
        assert!(Board::from_givens(&geometry, &[0, 0, 0]).is_err());
        assert!(Board::from_givens(&geometry, &[1, 0, 1, 0]).is_err());
        assert!(Board::from_givens(&geometry, &[1, 0, 0, 1]).is_ok());
    }
}
