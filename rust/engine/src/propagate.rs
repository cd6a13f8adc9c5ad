//! Propagation to a fixpoint: naked singles, hidden singles, cages, and
//! (where asked) locked candidates, pointing and claiming, when the rest are exhausted.

use crate::board::{full, is_single, Board, Mask};
use crate::cages::Cages;
use crate::geometry::Geometry;

/// Scratch space for propagation, reused across the states of one search.
pub struct Propagator {
    /// Units with a changed cell since their last hidden-singles sweep (bits of 64-unit words).
    dirty: Vec<u64>,
    /// Whether to look for locked candidates. The search does at the root
    /// only: deeper, on the forum's hardest sets, they cost more than the
    /// nodes they save (measured in instructions with callgrind).
    pub locked_candidates: bool,
    queue: Vec<u16>,
    full: u32,
    /// Hidden-singles sweeps made so far.
    pub passes: u64,
    /// Cages with a changed cell since they last narrowed (bits of 64-cage words).
    cage_dirty: Vec<u64>,
    caged: bool,
    narrowed: Vec<u16>,
    scratch: Vec<Mask>,
}

impl Propagator {
    pub fn new(geometry: &Geometry, cages: &Cages) -> Self {
        Propagator {
            dirty: all_bits(geometry.unit_count()),
            locked_candidates: true,
            queue: Vec::with_capacity(geometry.cells()),
            full: full(geometry.size()),
            passes: 0,
            cage_dirty: all_bits(cages.len()),
            caged: !cages.is_empty(),
            narrowed: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Narrow `board` after the cells in `changed` became single; false on a
    /// contradiction (a cell, a unit or a cage that can no longer be filled).
    ///
    /// A single value leaves its cell's peers (naked singles); a value that
    /// only one cell of a unit can hold goes there (hidden singles); once
    /// those are exhausted, cages narrow their cells. Units and cages are
    /// looked at only when one of their cells changed since the last time.
    pub fn propagate(
        &mut self,
        geometry: &Geometry,
        cages: &Cages,
        board: &mut Board,
        changed: &[u16],
    ) -> bool {
        self.queue.clear();
        self.queue.extend_from_slice(changed);
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                self.mark(geometry, cages, cell);
                let bit = board.get(cell);
                if !is_single(bit) {
                    continue;
                }
                for &peer in geometry.peers(cell) {
                    let peer = peer as usize;
                    let mask = board.get(peer);
                    if mask & bit != 0 {
                        let mask = mask ^ bit;
                        if mask == 0 {
                            return false;
                        }
                        board.set(peer, mask);
                        self.mark(geometry, cages, peer);
                        if is_single(mask) {
                            self.queue.push(peer as u16);
                        }
                    }
                }
            }
            self.passes += 1;
            for word in 0..self.dirty.len() {
                let mut units = std::mem::take(&mut self.dirty[word]);
                while units != 0 {
                    let unit = word * 64 + units.trailing_zeros() as usize;
                    units &= units - 1;
                    if !self.hidden_singles(board, geometry.unit(unit)) {
                        return false;
                    }
                }
            }
            if !self.queue.is_empty() {
                continue;
            }
            if self.caged {
                match self.narrow_cages(geometry, cages, board) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if !self.locked_candidates {
                return true;
            }
            match self.lock(geometry, cages, board) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Narrow every cage with a changed cell. None on a contradiction, else
    /// whether a candidate went.
    fn narrow_cages(
        &mut self,
        geometry: &Geometry,
        cages: &Cages,
        board: &mut Board,
    ) -> Option<bool> {
        let mut changed = false;
        for word in 0..self.cage_dirty.len() {
            let mut dirty = std::mem::take(&mut self.cage_dirty[word]);
            while dirty != 0 {
                let index = word * 64 + dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                self.narrowed.clear();
                if !cages.narrow(index, board, &mut self.narrowed, &mut self.scratch) {
                    return None;
                }
                for position in 0..self.narrowed.len() {
                    let cell = self.narrowed[position];
                    self.mark(geometry, cages, cell as usize);
                    if is_single(board.get(cell as usize)) {
                        self.queue.push(cell);
                    }
                }
                if cages.lists_fillings(index) {
                    // Its own narrowing leaves nothing more for it to do.
                    self.cage_dirty[word] &= !(1 << (index % 64));
                }
                changed |= !self.narrowed.is_empty();
            }
        }
        Some(changed)
    }

    /// Where the candidates for a value in one unit all lie in its
    /// intersection with another unit, the value leaves the rest of that
    /// other unit. None on a contradiction, else whether a candidate went.
    fn lock(&mut self, geometry: &Geometry, cages: &Cages, board: &mut Board) -> Option<bool> {
        let mut changed = false;
        for meet in geometry.intersections() {
            // Solved values have left every peer already: nothing to lock.
            if meet
                .shared
                .iter()
                .all(|&cell| is_single(board.get(cell as usize)))
            {
                continue;
            }
            let union = |cells: &[u16]| {
                cells
                    .iter()
                    .fold(0, |mask, &cell| mask | board.get(cell as usize))
            };
            let shared = union(&meet.shared);
            let first = union(&meet.only_first);
            let second = union(&meet.only_second);
            let from_second = shared & !first & second;
            let from_first = shared & !second & first;
            if from_second != 0 {
                self.remove(geometry, cages, board, &meet.only_second, from_second)?;
                changed = true;
            }
            if from_first != 0 {
                self.remove(geometry, cages, board, &meet.only_first, from_first)?;
                changed = true;
            }
        }
        Some(changed)
    }

    /// Take `values` from `cells`; None when a cell is left with none.
    fn remove(
        &mut self,
        geometry: &Geometry,
        cages: &Cages,
        board: &mut Board,
        cells: &[u16],
        values: u32,
    ) -> Option<()> {
        for &cell in cells {
            let mask = board.get(cell as usize);
            if mask & values != 0 {
                let mask = mask & !values;
                if mask == 0 {
                    return None;
                }
                board.set(cell as usize, mask);
                self.mark(geometry, cages, cell as usize);
                if is_single(mask) {
                    self.queue.push(cell);
                }
            }
        }
        Some(())
    }

    /// Place the values that only one cell of `unit` holds; false when a
    /// value has no cell or one cell is the only place of two values.
    fn hidden_singles(&mut self, board: &mut Board, unit: &[u16]) -> bool {
        let (mut once, mut twice, mut solved) = (0, 0, 0);
        for &cell in unit {
            let mask = board.get(cell as usize);
            twice |= once & mask;
            once |= mask;
            if is_single(mask) {
                solved |= mask;
            }
        }
        if once != self.full {
            return false;
        }
        let only = once & !twice & !solved;
        if only == 0 {
            return true;
        }
        for &cell in unit {
            let mask = board.get(cell as usize);
            let hit = mask & only;
            if hit != 0 {
                if !is_single(hit) {
                    return false;
                }
                board.set(cell as usize, hit);
                self.queue.push(cell);
            }
        }
        true
    }

    #[inline(always)]
    fn mark(&mut self, geometry: &Geometry, cages: &Cages, cell: usize) {
        let masks = geometry.unit_masks();
        if masks.is_empty() {
            for &(word, bits) in geometry.unit_bits(cell) {
                self.dirty[word as usize] |= bits;
            }
        } else {
            self.dirty[0] |= masks[cell];
        }
        if self.caged {
            for &(word, bits) in cages.cell_bits(cell) {
                self.cage_dirty[word as usize] |= bits;
            }
        }
    }
}

/// All of `count` units or cages, as bits of 64-bit words.
fn all_bits(count: usize) -> Vec<u64> {
    (0..count.div_ceil(64))
        .map(|word| {
            let left = count - word * 64;
            if left >= 64 {
                u64::MAX
            } else {
                (1 << left) - 1
            }
        })
        .collect()
}
