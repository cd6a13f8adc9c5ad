//! latinum's native solver for unit-based Latin-square puzzles.
//!
//! A puzzle is a [`Geometry`] (groups of N cells whose values must all
//! differ: rows, columns, boxes, diagonals), its [`Cages`] (KenKen, Mathdoku,
//! Killer) and its givens. [`search`] finds
//! the first solutions or counts them, propagating naked and hidden singles
//! on bitmask candidates between depth-first guesses; [`random_grid`] fills
//! an empty grid at random, the generator's first step; [`LineSolver`]
//! reads one-line puzzles and answers them.

mod board;
mod cages;
mod error;
mod fill;
mod geometry;
mod lines;
mod propagate;
mod random;
mod search;

pub use board::{Board, Mask};
pub use cages::{Cage, Cages, Operator, MAX_FILLINGS};
pub use error::EngineError;
pub use fill::random_grid;
pub use geometry::{Geometry, Intersection, MAX_SIZE};
pub use lines::{units, usual_box, LineAnswer, LineRules, LineSolver, Task, MAX_LINE_SIZE};
pub use search::{search, search_caged, Limits, Outcome, Restarts, Stats, Stop, FIRST_CUTOFF};
