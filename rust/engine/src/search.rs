//! Depth-first search: the first solutions, or a count up to a limit, within node and time limits.

use std::time::{Duration, Instant};

use crate::board::Board;
use crate::error::EngineError;
use crate::geometry::Geometry;
use crate::propagate::Propagator;

/// Nodes between two looks at the clock and at the cancel callback.
const CHECK_EVERY: u64 = 64;

/// When a search stops early.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions (None: find them all).
    pub solutions: Option<u64>,
    /// Keep the values of at most this many of the solutions counted (None: all).
    pub keep: Option<usize>,
    /// Stop when more than this many nodes would be searched.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
}

/// Why a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Every solution was found.
    Exhausted,
    /// The solution limit was reached.
    Solutions,
    /// The node limit was reached.
    Nodes,
    /// The time limit was reached.
    Time,
    /// The cancel callback asked to stop.
    Cancelled,
}

/// What a search did: states propagated (the root and every value tried),
/// cells branched on and hidden-singles sweeps.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    pub guesses: u64,
    pub passes: u64,
}

/// The solutions kept (values row by row), how many were found, why the
/// search ended and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub solutions: Vec<Vec<u8>>,
    pub count: u64,
    pub stop: Stop,
    pub stats: Stats,
}

/// The solutions counted, and the values of the first `keep` of them.
struct Found {
    solutions: Vec<Vec<u8>>,
    count: u64,
    keep: usize,
}

impl Found {
    fn add(&mut self, board: &Board) {
        self.count += 1;
        if self.solutions.len() < self.keep {
            self.solutions.push(board.values());
        }
    }
}

/// One branching point: the cell and the values not tried yet.
struct Choice {
    cell: usize,
    untried: u32,
}

/// Search the puzzle of `geometry` and `givens` (0 = empty, row by row).
///
/// Values are tried in increasing order on the first cell with the fewest
/// candidates. Every solution is counted; only the first `limits.keep` are
/// kept, so a count takes no memory beyond the search path. `cancelled` is
/// called every few dozen nodes; returning true stops the search with
/// [`Stop::Cancelled`].
pub fn search(
    geometry: &Geometry,
    givens: &[u8],
    limits: &Limits,
    cancelled: &mut dyn FnMut() -> bool,
) -> Result<Outcome, EngineError> {
    let started = Instant::now();
    let (root, singles) = Board::from_givens(geometry, givens)?;
    let mut propagator = Propagator::new(geometry);
    let mut stats = Stats {
        nodes: 1,
        ..Stats::default()
    };
    let mut found = Found {
        solutions: Vec::new(),
        count: 0,
        keep: limits.keep.unwrap_or(usize::MAX),
    };
    let wanted = limits.solutions.unwrap_or(u64::MAX);
    // boards[k] is the state in which choices[k] branches; boards[k + 1] is its child.
    let mut boards = vec![root];
    let mut choices: Vec<Choice> = Vec::new();
    let mut stop = Stop::Exhausted;
    if wanted == 0 {
        stop = Stop::Solutions;
    } else if propagator.propagate(geometry, &mut boards[0], &singles) {
        match boards[0].branch_cell() {
            None => found.add(&boards[0]),
            Some(cell) => {
                stats.guesses += 1;
                choices.push(Choice {
                    cell,
                    untried: boards[0].get(cell),
                });
            }
        }
    }
    propagator.locked_candidates = false;
    while let Some(choice) = choices.last_mut() {
        if choice.untried == 0 {
            choices.pop();
            continue;
        }
        if found.count >= wanted {
            stop = Stop::Solutions;
            break;
        }
        let bit = choice.untried & choice.untried.wrapping_neg();
        choice.untried ^= bit;
        let cell = choice.cell;
        stats.nodes += 1;
        if limits.nodes.is_some_and(|limit| stats.nodes > limit) {
            stop = Stop::Nodes;
            break;
        }
        if stats.nodes.is_multiple_of(CHECK_EVERY) {
            if limits.time.is_some_and(|limit| started.elapsed() > limit) {
                stop = Stop::Time;
                break;
            }
            if cancelled() {
                stop = Stop::Cancelled;
                break;
            }
        }
        let depth = choices.len();
        if boards.len() == depth {
            boards.push(boards[depth - 1].clone());
        } else {
            let (parents, children) = boards.split_at_mut(depth);
            children[0].copy_from(&parents[depth - 1]);
        }
        let child = &mut boards[depth];
        child.set(cell, bit);
        if !propagator.propagate(geometry, child, &[cell as u16]) {
            continue;
        }
        match child.branch_cell() {
            None => found.add(child),
            Some(next) => {
                stats.guesses += 1;
                let untried = child.get(next);
                choices.push(Choice {
                    cell: next,
                    untried,
                });
            }
        }
    }
    if stop == Stop::Exhausted && found.count >= wanted {
        stop = Stop::Solutions;
    }
    stats.passes = propagator.passes;
    Ok(Outcome {
        solutions: found.solutions,
        count: found.count,
        stop,
        stats,
    })
}
