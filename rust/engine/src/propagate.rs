//! Propagation to a fixpoint: naked singles and hidden singles.

use crate::board::{full, is_single, Board};
use crate::geometry::Geometry;

/// Scratch space for propagation, reused across the states of one search.
pub struct Propagator {
    /// Units with a changed cell since their last hidden-singles sweep.
    dirty: Vec<bool>,
    queue: Vec<u16>,
    full: u32,
    /// Hidden-singles sweeps made so far.
    pub passes: u64,
}

impl Propagator {
    pub fn new(geometry: &Geometry) -> Self {
        Propagator {
            dirty: vec![true; geometry.unit_count()],
            queue: Vec::with_capacity(geometry.cells()),
            full: full(geometry.size()),
            passes: 0,
        }
    }

    /// Narrow `board` after the cells in `changed` became single; false on a
    /// contradiction (a cell or a unit left without a place for a value).
    ///
    /// A single value leaves its cell's peers (naked singles); a value that
    /// only one cell of a unit can hold goes there (hidden singles). Units
    /// are swept only when one of their cells changed since their last sweep.
    pub fn propagate(&mut self, geometry: &Geometry, board: &mut Board, changed: &[u16]) -> bool {
        self.queue.clear();
        self.queue.extend_from_slice(changed);
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                self.mark(geometry, cell);
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
                        self.mark(geometry, peer);
                        if is_single(mask) {
                            self.queue.push(peer as u16);
                        }
                    }
                }
            }
            self.passes += 1;
            for unit in 0..self.dirty.len() {
                if !std::mem::take(&mut self.dirty[unit]) {
                    continue;
                }
                if !self.hidden_singles(board, geometry.unit(unit)) {
                    return false;
                }
            }
            if self.queue.is_empty() {
                return true;
            }
        }
    }

    /// Place the values that only one cell of `unit` holds; false when a
    /// value has no cell or one cell is the only place of two values.
    fn hidden_singles(&mut self, board: &mut Board, unit: &[u16]) -> bool {
        let (mut once, mut twice) = (0, 0);
        for &cell in unit {
            let mask = board.get(cell as usize);
            twice |= once & mask;
            once |= mask;
        }
        if once != self.full {
            return false;
        }
        let only = once & !twice;
        if only == 0 {
            return true;
        }
        for &cell in unit {
            let mask = board.get(cell as usize);
            let hit = mask & only;
            if hit != 0 && !is_single(mask) {
                if !is_single(hit) {
                    return false;
                }
                board.set(cell as usize, hit);
                self.queue.push(cell);
            }
        }
        true
    }

    fn mark(&mut self, geometry: &Geometry, cell: usize) {
        for &unit in geometry.units_of(cell) {
            self.dirty[unit as usize] = true;
        }
    }
}
