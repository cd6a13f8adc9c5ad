//! What the engine refuses: shapes and givens that break its contract.

use std::fmt;

/// A geometry or a set of givens the engine cannot work with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The grid size is outside `1..=MAX_SIZE`.
    Size(usize),
    /// The units are not groups of `size` distinct cells of the grid.
    Units(String),
    /// The givens do not fit the grid.
    Givens(String),
    /// A cage names cells outside the grid or twice, or too few or many for its operator.
    Cages(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Size(size) => {
                write!(f, "size {size} is outside 1..{}", crate::geometry::MAX_SIZE)
            }
            EngineError::Units(problem) => write!(f, "bad units: {problem}"),
            EngineError::Givens(problem) => write!(f, "bad givens: {problem}"),
            EngineError::Cages(problem) => write!(f, "bad cages: {problem}"),
        }
    }
}

impl std::error::Error for EngineError {}
