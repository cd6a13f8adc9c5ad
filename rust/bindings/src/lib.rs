//! `latinum._native`: the Rust engine behind the pure engine's interface.
//!
//! Python prepares a shape's units once ([`Shape`]) and searches it with
//! each puzzle's givens. The search runs without the GIL, looks at Python's
//! signals a few times a second (so Ctrl-C stops it), and a panic in the
//! engine becomes an [`EngineFailure`] instead of taking the process down.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

use latinum_engine::{
    random_grid, search_caged, Board, Cage, Cages, Geometry, Limits, LineAnswer, LineRules,
    LineSolver, Operator, Restarts, Stop, Task, FIRST_CUTOFF,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyBytes;

create_exception!(
    _native,
    EngineFailure,
    PyException,
    "The native engine failed (a bug in latinum)."
);

/// How often a running search looks for Ctrl-C.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// The solutions kept (bytes of values row by row), how many were found, why
/// the search ended ("done", "solutions", "nodes" or "time"), nodes, guesses,
/// propagation passes and restarts.
type SearchResult<'py> = (
    Vec<Bound<'py, PyBytes>>,
    u64,
    &'static str,
    u64,
    u64,
    u64,
    u64,
);

/// A cage as Python hands it over: cells, operator (`+ - * / =`), target, distinct.
type CageSpec = (Vec<u32>, char, u64, bool);

/// A grid shape: its size and units, prepared once and searched many times,
/// and the cages of one puzzle when it has them.
#[pyclass(frozen, module = "latinum._native")]
struct Shape {
    geometry: Arc<Geometry>,
    cages: Cages,
}

#[pymethods]
impl Shape {
    /// A shape from its size and its units flattened one after another.
    #[new]
    fn new(size: usize, units: Vec<u32>) -> PyResult<Self> {
        let geometry = guarded(|| Geometry::new(size, &units))?
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Shape {
            geometry: Arc::new(geometry),
            cages: Cages::none(),
        })
    }

    /// This shape with `cages` (cells, operator `+ - * / =`, target, whether
    /// the values all differ) in place of its own: ValueError for a cage
    /// naming a cell outside the grid or twice, an unknown operator, or the
    /// wrong number of cells for its operator.
    fn with_cages(&self, py: Python<'_>, cages: Vec<CageSpec>) -> PyResult<Shape> {
        let mut read = Vec::with_capacity(cages.len());
        for (index, (cells, symbol, target, distinct)) in cages.into_iter().enumerate() {
            let op = Operator::from_symbol(symbol).ok_or_else(|| {
                PyValueError::new_err(format!("cage {index} has unknown operator {symbol:?}"))
            })?;
            let cells = cells
                .into_iter()
                .map(|cell| u16::try_from(cell).unwrap_or(u16::MAX))
                .collect();
            read.push(Cage {
                cells,
                op,
                target,
                distinct,
            });
        }
        let geometry = &self.geometry;
        let cages = py
            .detach(|| guarded(|| Cages::new(geometry, read)))?
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Shape {
            geometry: Arc::clone(&self.geometry),
            cages,
        })
    }

    /// Raise ValueError unless `givens` (bytes, 0 = empty, row by row) fit
    /// the shape: one per cell, none above the size, no two equal in a unit.
    fn check(&self, givens: &[u8]) -> PyResult<()> {
        guarded(|| Board::from_givens(&self.geometry, givens))?
            .map(drop)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Why the cages may not be met, when a quick look sees a reason (two
    /// cages sharing a cell, a cage with no filling found); None proves each
    /// cage alone can be met.
    fn cage_doubt(&self) -> Option<String> {
        self.cages.doubt().map(str::to_string)
    }

    /// A random complete grid (bytes of values row by row) drawn from `seed`, as
    /// latinum's pure engine draws it; None when none was found within `node_limit`
    /// values tried.
    fn random_grid<'py>(
        &self,
        py: Python<'py>,
        seed: u64,
        node_limit: u64,
    ) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let geometry = &self.geometry;
        let grid = py.detach(|| guarded(|| random_grid(geometry, seed, node_limit)))?;
        Ok(grid.map(|values| PyBytes::new(py, &values)))
    }

    /// Search with `givens` (bytes, 0 = empty, row by row), counting up to
    /// `limit` solutions (None: all) and keeping the first `keep` of them
    /// (None: all counted), within `node_limit` nodes and `time_limit` seconds.
    /// With `limit` 1 and a `seed`, the first solution is looked for by
    /// randomised restarts from that seed, the first descent stopping at
    /// `first_cutoff` nodes (by default the engine's).
    #[pyo3(signature = (givens, limit=None, node_limit=None, time_limit=None, keep=None, seed=None, first_cutoff=None))]
    #[allow(clippy::too_many_arguments)]
    fn search<'py>(
        &self,
        py: Python<'py>,
        givens: &[u8],
        limit: Option<u64>,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
        keep: Option<usize>,
        seed: Option<u64>,
        first_cutoff: Option<u64>,
    ) -> PyResult<SearchResult<'py>> {
        let limits = Limits {
            solutions: limit,
            keep,
            nodes: node_limit,
            time: time_limit.map(|seconds| Duration::from_secs_f64(seconds.clamp(0.0, 1e9))),
            restarts: seed.map(|seed| Restarts {
                seed,
                first_cutoff: first_cutoff.unwrap_or(FIRST_CUTOFF),
            }),
        };
        let (geometry, cages) = (&*self.geometry, &self.cages);
        let (outcome, interrupt) = interruptible(py, |cancelled| {
            search_caged(geometry, cages, givens, &limits, cancelled)
        })?;
        let outcome = outcome.map_err(|e| PyValueError::new_err(e.to_string()))?;
        let stop = match outcome.stop {
            Stop::Exhausted => "done",
            Stop::Solutions => "solutions",
            Stop::Nodes => "nodes",
            Stop::Time => "time",
            Stop::Cancelled => {
                return Err(interrupt.unwrap_or_else(|| EngineFailure::new_err("cancelled")))
            }
        };
        let solutions = outcome
            .solutions
            .iter()
            .map(|values| PyBytes::new(py, values))
            .collect();
        let stats = outcome.stats;
        Ok((
            solutions,
            outcome.count,
            stop,
            stats.nodes,
            stats.guesses,
            stats.passes,
            stats.restarts,
        ))
    }
}

/// Reads one-line puzzles and answers them a chunk at a time, without the
/// GIL: None for a line left to Python (any line but N*N plain cell
/// characters, givens that clash, a puzzle without a solution, a check past
/// its budget), so that Python reads and reports it as it always does.
#[pyclass(frozen, module = "latinum._native")]
struct Lines {
    solver: LineSolver,
}

#[pymethods]
impl Lines {
    /// Lines read with the line format's blanks (`. 0 _ * -`) and its grids
    /// (the usual box of the size, else a Latin square) when `format`;
    /// otherwise as `Puzzle.sudoku` reads them, with `box` (rows, columns; None:
    /// the usual one) and `diagonals`, or as `Puzzle.latin` when `latin`.
    #[new]
    #[pyo3(signature = (format=false, r#box=None, diagonals=false, latin=false))]
    fn new(format: bool, r#box: Option<(usize, usize)>, diagonals: bool, latin: bool) -> Self {
        Lines {
            solver: LineSolver::new(LineRules {
                format_blanks: format,
                box_shape: if format { None } else { r#box },
                diagonals: diagonals && !format,
                latin: latin && !format,
                latin_without_box: format,
            }),
        }
    }

    /// The first solution of each line, by randomised restarts from `seed`.
    #[pyo3(signature = (lines, seed=0, first_cutoff=FIRST_CUTOFF))]
    fn solve(
        &self,
        py: Python<'_>,
        lines: Vec<PyBackedStr>,
        seed: u64,
        first_cutoff: u64,
    ) -> PyResult<Vec<Option<String>>> {
        let task = Task::First { seed, first_cutoff };
        let answers = self.answers(py, &lines, task)?;
        Ok(answers.into_iter().map(solution).collect())
    }

    /// The first solution of one line, as [`Lines::solve`] finds it.
    #[pyo3(signature = (line, seed=0, first_cutoff=FIRST_CUTOFF))]
    fn solve_one(
        &self,
        py: Python<'_>,
        line: &str,
        seed: u64,
        first_cutoff: u64,
    ) -> PyResult<Option<String>> {
        let task = Task::First { seed, first_cutoff };
        Ok(solution(self.answer_one(py, line, task)?))
    }

    /// The number of solutions of one line, up to `limit` (None: all).
    #[pyo3(signature = (line, limit=None))]
    fn count_one(&self, py: Python<'_>, line: &str, limit: Option<u64>) -> PyResult<Option<u64>> {
        Ok(counted(self.answer_one(py, line, Task::Count { limit })?))
    }

    /// The first solution of each line and whether it is the only one, by a
    /// complete search for two solutions that may spend `budget` nodes.
    fn check(
        &self,
        py: Python<'_>,
        lines: Vec<PyBackedStr>,
        budget: u64,
    ) -> PyResult<Vec<Option<(String, bool)>>> {
        let answers = self.answers(py, &lines, Task::Checked { budget })?;
        Ok(answers
            .into_iter()
            .map(|answer| match answer {
                LineAnswer::Solved { line, unique } => Some((line, unique == Some(true))),
                _ => None,
            })
            .collect())
    }

    /// The number of solutions of each line, up to `limit` (None: all).
    #[pyo3(signature = (lines, limit=None))]
    fn count(
        &self,
        py: Python<'_>,
        lines: Vec<PyBackedStr>,
        limit: Option<u64>,
    ) -> PyResult<Vec<Option<u64>>> {
        let answers = self.answers(py, &lines, Task::Count { limit })?;
        Ok(answers.into_iter().map(counted).collect())
    }
}

impl Lines {
    /// The answer to one line, made without the GIL; Ctrl-C stops it.
    fn answer_one(&self, py: Python<'_>, line: &str, task: Task) -> PyResult<LineAnswer> {
        let solver = &self.solver;
        let (answer, interrupt) =
            interruptible(py, |cancelled| solver.answer(line, task, cancelled))?;
        match interrupt {
            Some(error) => Err(error),
            None => Ok(answer),
        }
    }

    /// The answers to `lines`, made without the GIL; Ctrl-C stops them.
    fn answers(
        &self,
        py: Python<'_>,
        lines: &[PyBackedStr],
        task: Task,
    ) -> PyResult<Vec<LineAnswer>> {
        let solver = &self.solver;
        let (answers, interrupt) = interruptible(py, |cancelled| {
            let mut answers = Vec::with_capacity(lines.len());
            for line in lines {
                let answer = solver.answer(line, task, cancelled);
                if answer == LineAnswer::Cancelled {
                    break;
                }
                answers.push(answer);
            }
            answers
        })?;
        match interrupt {
            Some(error) => Err(error),
            None => Ok(answers),
        }
    }
}

/// The solution a line's answer holds.
fn solution(answer: LineAnswer) -> Option<String> {
    match answer {
        LineAnswer::Solved { line, .. } => Some(line),
        _ => None,
    }
}

/// The count a line's answer holds.
fn counted(answer: LineAnswer) -> Option<u64> {
    match answer {
        LineAnswer::Counted(count) => Some(count),
        _ => None,
    }
}

/// Run `work` without the GIL, guarded, with a cancel callback that looks
/// for Ctrl-C (Python's signals) every [`SIGNAL_CHECK`]; what it gave, and
/// the signal's error if one stopped it.
fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut dyn FnMut() -> bool) -> T + Send,
) -> PyResult<(T, Option<PyErr>)> {
    let mut interrupt: Option<PyErr> = None;
    let result = py.detach(|| {
        let mut last_check = Instant::now();
        let mut cancelled = || {
            if last_check.elapsed() < SIGNAL_CHECK {
                return false;
            }
            last_check = Instant::now();
            interrupt = Python::attach(|py| py.check_signals()).err();
            interrupt.is_some()
        };
        guarded(|| work(&mut cancelled))
    })?;
    Ok((result, interrupt))
}

/// Run `work`, turning a panic into an EngineFailure.
fn guarded<T>(work: impl FnOnce() -> T) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|text| text.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string());
        EngineFailure::new_err(message)
    })
}

/// Panic inside the guard, as a bug in the engine would: tests use it to
/// see that a panic reaches Python as an EngineFailure.
#[pyfunction]
fn panic_for_test(message: String) -> PyResult<()> {
    guarded(|| panic!("{message}"))
}

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Shape>()?;
    module.add_class::<Lines>()?;
    module.add_function(wrap_pyfunction!(panic_for_test, module)?)?;
    module.add("EngineFailure", module.py().get_type::<EngineFailure>())?;
    Ok(())
}
