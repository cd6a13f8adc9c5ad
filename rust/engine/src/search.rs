//! Depth-first search: the first solutions, or a count up to a limit, within
//! node and time limits; a first solution may be looked for with randomised restarts.

use std::time::{Duration, Instant};

use crate::board::{Board, Mask};
use crate::cages::Cages;
use crate::error::EngineError;
use crate::geometry::Geometry;
use crate::propagate::Propagator;
use crate::random::{luby, Random};

/// Nodes between two looks at the clock and at the cancel callback.
const CHECK_EVERY: u64 = 64;

/// The usual cutoff of a restarting search's first, deterministic descent: more
/// than nearly every 9x9 puzzle needs (the forum's hardest take up to about
/// 2,300 nodes), so small grids keep the tuned order, while on big grids
/// it costs a few milliseconds before the random descents begin.
pub const FIRST_CUTOFF: u64 = 2048;

/// When a search stops early, and how it looks for a first solution.
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
    /// With one solution wanted, look for it by randomised restarts (see
    /// [`search`]); ignored when more are wanted.
    pub restarts: Option<Restarts>,
}

/// How a first solution is looked for by randomised restarts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restarts {
    /// The seed of the random choices: the same seed, the same answer.
    pub seed: u64,
    /// The node cutoff of the first, deterministic descent.
    pub first_cutoff: u64,
}

impl Restarts {
    /// Restarts from `seed`, after a first descent of [`FIRST_CUTOFF`] nodes.
    pub fn new(seed: u64) -> Self {
        Restarts {
            seed,
            first_cutoff: FIRST_CUTOFF,
        }
    }
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
/// cells branched on, hidden-singles sweeps and restarts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    pub guesses: u64,
    pub passes: u64,
    pub restarts: u64,
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

/// One branching point: the cell and the values not tried yet.
struct Choice {
    cell: usize,
    untried: Mask,
}

/// Search the puzzle of `geometry` and `givens` (0 = empty, row by row).
///
/// Values are tried in increasing order on the first cell with the fewest
/// candidates, and the search is complete: every solution is counted, and
/// only the first `limits.keep` are kept, so a count takes no memory beyond
/// the search path.
///
/// With `limits.restarts` and one solution wanted, that order is followed
/// only up to the first cutoff; then the search starts again from the root,
/// drawing the cell among those with the fewest candidates and trying the
/// values in a random order, and starts again whenever a descent has spent
/// its cutoff: the number of cells times Luby's sequence (1, 1, 2, 1, 1, 2,
/// 4, ...). This cures the heavy tail of backtracking on Latin squares: one
/// unlucky early guess no longer costs the whole search. The cutoffs grow
/// without end, so a puzzle without a solution is still proved so, and the
/// same seed gives the same answer.
///
/// `cancelled` is called every few dozen nodes; returning true stops the
/// search with [`Stop::Cancelled`]. The node and time limits count every restart.
pub fn search(
    geometry: &Geometry,
    givens: &[u8],
    limits: &Limits,
    cancelled: &mut dyn FnMut() -> bool,
) -> Result<Outcome, EngineError> {
    search_caged(geometry, &Cages::none(), givens, limits, cancelled)
}

/// [`search`] a puzzle with cages as well as units: cells whose values meet
/// each cage's arithmetic.
pub fn search_caged(
    geometry: &Geometry,
    cages: &Cages,
    givens: &[u8],
    limits: &Limits,
    cancelled: &mut dyn FnMut() -> bool,
) -> Result<Outcome, EngineError> {
    let (mut root, singles) = Board::from_givens(geometry, givens)?;
    let mut search = Search {
        geometry,
        cages,
        limits,
        cancelled,
        started: Instant::now(),
        propagator: Propagator::new(geometry, cages),
        stats: Stats {
            nodes: 1,
            ..Stats::default()
        },
        solutions: Vec::new(),
        count: 0,
        keep: limits.keep.unwrap_or(usize::MAX),
        wanted: limits.solutions.unwrap_or(u64::MAX),
        boards: Vec::new(),
        choices: Vec::new(),
    };
    let stop = if search.wanted == 0 {
        Stop::Solutions
    } else if !search
        .propagator
        .propagate(geometry, cages, &mut root, &singles)
    {
        Stop::Exhausted
    } else {
        search.propagator.locked_candidates = false;
        match limits.restarts.filter(|_| search.wanted == 1) {
            None => match search.descent(&root, u64::MAX, None) {
                Ended::Search(stop) => stop,
                Ended::Cutoff => unreachable!("no cutoff was set"),
            },
            Some(restarts) => search.restarting(&root, restarts),
        }
    };
    search.stats.passes = search.propagator.passes;
    Ok(Outcome {
        solutions: search.solutions,
        count: search.count,
        stop,
        stats: search.stats,
    })
}

/// One search's state, shared by its restarts.
struct Search<'a> {
    geometry: &'a Geometry,
    cages: &'a Cages,
    limits: &'a Limits,
    cancelled: &'a mut dyn FnMut() -> bool,
    started: Instant,
    propagator: Propagator,
    stats: Stats,
    solutions: Vec<Vec<u8>>,
    count: u64,
    keep: usize,
    wanted: u64,
    /// boards[k] is the state in which choices[k] branches; boards[k + 1] is its child.
    boards: Vec<Board>,
    choices: Vec<Choice>,
}

/// How a descent ended: as the search ends, or at its cutoff.
enum Ended {
    Search(Stop),
    Cutoff,
}

impl Search<'_> {
    /// A deterministic descent from `root` up to the first cutoff, then
    /// random descents with cutoffs growing by Luby's sequence, until one
    /// ends otherwise than at its cutoff.
    fn restarting(&mut self, root: &Board, restarts: Restarts) -> Stop {
        let mut cutoff = restarts.first_cutoff;
        let mut random = None;
        let mut source = Random::new(restarts.seed);
        let unit = self.geometry.cells() as u64;
        for run in 1.. {
            let ends_at = self.stats.nodes.saturating_add(cutoff);
            if let Ended::Search(stop) = self.descent(root, ends_at, random.take()) {
                return stop;
            }
            self.stats.restarts += 1;
            cutoff = unit.saturating_mul(luby(run));
            random = Some(&mut source);
        }
        unreachable!("the runs never end")
    }

    /// Depth first from `root` until the node count passes `cutoff`: with
    /// `random`, the cell is drawn among those with the fewest candidates and
    /// the values are tried in a random order; without, the first such cell
    /// and increasing values.
    fn descent(&mut self, root: &Board, cutoff: u64, mut random: Option<&mut Random>) -> Ended {
        match self.boards.first_mut() {
            None => self.boards.push(root.clone()),
            Some(first) => first.copy_from(root),
        }
        self.choices.clear();
        if !self.branch(0, &mut random) {
            return self.ended();
        }
        while let Some(choice) = self.choices.last_mut() {
            if choice.untried == 0 {
                self.choices.pop();
                continue;
            }
            if self.count >= self.wanted {
                return Ended::Search(Stop::Solutions);
            }
            let bit = match &mut random {
                None => choice.untried & choice.untried.wrapping_neg(),
                Some(random) => random.bit_of(choice.untried),
            };
            choice.untried ^= bit;
            let cell = choice.cell;
            self.stats.nodes += 1;
            if let Some(stop) = self.limit_reached() {
                return Ended::Search(stop);
            }
            if self.stats.nodes > cutoff {
                return Ended::Cutoff;
            }
            let depth = self.choices.len();
            if self.boards.len() == depth {
                self.boards.push(self.boards[depth - 1].clone());
            } else {
                let (parents, children) = self.boards.split_at_mut(depth);
                children[0].copy_from(&parents[depth - 1]);
            }
            let child = &mut self.boards[depth];
            child.set(cell, bit);
            if self
                .propagator
                .propagate(self.geometry, self.cages, child, &[cell as u16])
            {
                self.branch(depth, &mut random);
            }
        }
        self.ended()
    }

    /// Push the choice of `boards[depth]`, or count it when it is solved;
    /// false when it was solved.
    fn branch(&mut self, depth: usize, random: &mut Option<&mut Random>) -> bool {
        let board = &self.boards[depth];
        let cell = match random {
            None => board.branch_cell(),
            Some(random) => board.random_branch_cell(random),
        };
        match cell {
            None if !self.cages.met_by(board) => false,
            None => {
                self.count += 1;
                if self.solutions.len() < self.keep {
                    self.solutions.push(board.values());
                }
                false
            }
            Some(cell) => {
                self.stats.guesses += 1;
                let untried = board.get(cell);
                self.choices.push(Choice { cell, untried });
                true
            }
        }
    }

    /// How a descent that ran out of choices ended.
    fn ended(&self) -> Ended {
        Ended::Search(if self.count >= self.wanted {
            Stop::Solutions
        } else {
            Stop::Exhausted
        })
    }

    /// The node, time or cancel limit reached, if any.
    fn limit_reached(&mut self) -> Option<Stop> {
        let nodes = self.stats.nodes;
        if self.limits.nodes.is_some_and(|limit| nodes > limit) {
            return Some(Stop::Nodes);
        }
        if nodes.is_multiple_of(CHECK_EVERY) {
            if self
                .limits
                .time
                .is_some_and(|limit| self.started.elapsed() > limit)
            {
                return Some(Stop::Time);
            }
            if (self.cancelled)() {
                return Some(Stop::Cancelled);
            }
        }
        None
    }
}
