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
    random_grid, search_caged, Board, Cage, Cages, Geometry, Limits, Operator, Restarts, Stop,
    FIRST_CUTOFF,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
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
        let mut interrupt: Option<PyErr> = None;
        let (geometry, cages) = (&*self.geometry, &self.cages);
        let outcome = py.detach(|| {
            let mut last_check = Instant::now();
            let mut cancelled = || {
                if last_check.elapsed() < SIGNAL_CHECK {
                    return false;
                }
                last_check = Instant::now();
                interrupt = Python::attach(|py| py.check_signals()).err();
                interrupt.is_some()
            };
            guarded(|| search_caged(geometry, cages, givens, &limits, &mut cancelled))
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
    module.add_function(wrap_pyfunction!(panic_for_test, module)?)?;
    module.add("EngineFailure", module.py().get_type::<EngineFailure>())?;
    Ok(())
}
