//! One-line puzzles (`53..7....6..195...`) read and answered without leaving Rust.
//!
//! [`LineSolver`] reads the plain lines that make up nearly every batch: N*N
//! cell characters, digits then letters, with a blank character for empty
//! cells. Anything else (a separator and a solution, a comment, a stray
//! character, a value too big, two equal givens in a unit, the 0-F style of
//! 16x16 lines) gets [`LineAnswer::Elsewhere`], for the caller to read and
//! report as it always does, so that the messages stay the caller's own.

use std::sync::{Arc, Mutex};

use crate::geometry::{Geometry, MAX_SIZE};
use crate::search::{search, Limits, Restarts, Stop};

/// The largest grid a line may hold (the reader's limit, 25x25).
pub const MAX_LINE_SIZE: usize = 25;

/// How lines read: which characters are blanks, and the grid a size makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineRules {
    /// The blanks `.` `0` `_`, and also `*` `-` (the line format's), and
    /// 16x16 lines that may be in the 0-F style are left to the caller.
    pub format_blanks: bool,
    /// The box shape (rows, columns); None: the usual box of the size.
    pub box_shape: Option<(usize, usize)>,
    /// Whether the two long diagonals are units too (Sudoku-X).
    pub diagonals: bool,
    /// Rows and columns only, whatever the size.
    pub latin: bool,
    /// A size with no usual box reads as a Latin square (else it is left to the caller).
    pub latin_without_box: bool,
}

/// What a line asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// The first solution, by randomised restarts from `seed`.
    First { seed: u64, first_cutoff: u64 },
    /// The first solution and whether it is the only one, by a complete
    /// search for two that may spend `budget` nodes.
    Checked { budget: u64 },
    /// The number of solutions up to `limit` (None: all).
    Count { limit: Option<u64> },
}

/// The answer to one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineAnswer {
    /// The first solution as a line; with [`Task::Checked`], whether it is the only one.
    Solved { line: String, unique: Option<bool> },
    /// The number of solutions found, up to the limit.
    Counted(u64),
    /// Not answered here: a line this reader leaves to the caller, a puzzle
    /// without a solution, or a check that spent its budget.
    Elsewhere,
    /// The cancel callback stopped the search.
    Cancelled,
}

/// Reads and answers lines under one set of rules, keeping each size's
/// geometry (threads may share it).
pub struct LineSolver {
    rules: LineRules,
    geometries: Mutex<Vec<Option<Arc<Geometry>>>>,
}

impl LineSolver {
    pub fn new(rules: LineRules) -> Self {
        LineSolver {
            rules,
            geometries: Mutex::new(vec![None; MAX_LINE_SIZE + 1]),
        }
    }

    /// The answer to `line` (surrounding spaces and line ends allowed).
    pub fn answer(
        &self,
        line: &str,
        task: Task,
        cancelled: &mut dyn FnMut() -> bool,
    ) -> LineAnswer {
        let Some((size, givens)) = self.read(line) else {
            return LineAnswer::Elsewhere;
        };
        let Some(geometry) = self.geometry(size) else {
            return LineAnswer::Elsewhere;
        };
        let limits = match task {
            Task::First { seed, first_cutoff } => Limits {
                solutions: Some(1),
                restarts: Some(Restarts { seed, first_cutoff }),
                ..Limits::default()
            },
            Task::Checked { budget } => Limits {
                solutions: Some(2),
                keep: Some(1),
                nodes: Some(budget),
                ..Limits::default()
            },
            Task::Count { limit } => Limits {
                solutions: limit,
                keep: Some(0),
                ..Limits::default()
            },
        };
        let Ok(outcome) = search(&geometry, &givens, &limits, cancelled) else {
            return LineAnswer::Elsewhere; // givens that clash: the caller names them
        };
        if outcome.stop == Stop::Cancelled {
            return LineAnswer::Cancelled;
        }
        if let Task::Count { .. } = task {
            return LineAnswer::Counted(outcome.count);
        }
        let Some(first) = outcome.solutions.first() else {
            return LineAnswer::Elsewhere;
        };
        let unique = match task {
            Task::Checked { .. } if outcome.count >= 2 => Some(false),
            Task::Checked { .. } if outcome.stop == Stop::Nodes => return LineAnswer::Elsewhere,
            Task::Checked { .. } => Some(true),
            _ => None,
        };
        LineAnswer::Solved {
            line: first.iter().map(|&value| symbol(value)).collect(),
            unique,
        }
    }

    /// The size and givens of a plain line, or None for any other.
    fn read(&self, line: &str) -> Option<(usize, Vec<u8>)> {
        let text = line.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b');
        let size = (1..=MAX_LINE_SIZE).find(|size| size * size == text.len())?;
        if self.rules.format_blanks && size == 16 && text.contains('0') {
            return None; // maybe the 0-F style
        }
        let mut givens = Vec::with_capacity(text.len());
        for byte in text.bytes() {
            let value = match byte {
                b'.' | b'0' | b'_' => 0,
                b'*' | b'-' if self.rules.format_blanks => 0,
                b'1'..=b'9' => byte - b'0',
                b'a'..=b'z' => byte - b'a' + 10,
                b'A'..=b'Z' => byte - b'A' + 10,
                _ => return None,
            };
            if usize::from(value) > size {
                return None;
            }
            givens.push(value);
        }
        Some((size, givens))
    }

    /// The geometry of a grid of `size` under the rules, or None when the
    /// rules give it none (no usual box, a box that does not fit).
    fn geometry(&self, size: usize) -> Option<Arc<Geometry>> {
        let mut geometries = self.geometries.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(geometry) = &geometries[size] {
            return Some(Arc::clone(geometry));
        }
        let rules = self.rules;
        let box_shape = if rules.latin {
            None
        } else {
            match rules.box_shape.or_else(|| usual_box(size)) {
                Some((rows, columns)) if rows * columns == size => Some((rows, columns)),
                Some(_) => return None,
                None if rules.latin_without_box && !rules.diagonals => None,
                None => return None,
            }
        };
        let diagonals = rules.diagonals && !rules.latin;
        let units = units(size, box_shape, diagonals);
        let geometry = Arc::new(Geometry::new(size, &units).ok()?);
        geometries[size] = Some(Arc::clone(&geometry));
        Some(geometry)
    }
}

/// The usual box of a Sudoku of `size`: as square as possible, wider than tall.
pub fn usual_box(size: usize) -> Option<(usize, usize)> {
    let root = (1..=size).take_while(|n| n * n <= size).last().unwrap_or(0);
    (2..=root)
        .rev()
        .find(|rows| size.is_multiple_of(*rows))
        .map(|rows| (rows, size / rows))
}

/// The units of a grid, flattened in latinum's order: rows, columns, boxes
/// (row-major over boxes, cells in reading order), then the main diagonal
/// and the anti-diagonal.
pub fn units(size: usize, box_shape: Option<(usize, usize)>, diagonals: bool) -> Vec<u32> {
    assert!(size <= MAX_SIZE, "a grid of {size} is too large");
    let n = size as u32;
    let mut units: Vec<u32> = (0..n * n).collect();
    units.extend((0..n).flat_map(|column| (0..n).map(move |row| row * n + column)));
    if let Some((rows, columns)) = box_shape {
        let (rows, columns) = (rows as u32, columns as u32);
        for top in (0..n).step_by(rows as usize) {
            for left in (0..n).step_by(columns as usize) {
                for row in top..top + rows {
                    units.extend((left..left + columns).map(|column| row * n + column));
                }
            }
        }
    }
    if diagonals {
        units.extend((0..n).map(|i| i * n + i));
        units.extend((0..n).map(|i| i * n + (n - 1 - i)));
    }
    units
}

/// The character of a value: 1-9, then A-Z.
fn symbol(value: u8) -> char {
    match value {
        1..=9 => char::from(b'0' + value),
        _ => char::from(b'A' + value - 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUDOKU_RULES: LineRules = LineRules {
        format_blanks: false,
        box_shape: None,
        diagonals: false,
        latin: false,
        latin_without_box: false,
    };
    const FORMAT_RULES: LineRules = LineRules {
        format_blanks: true,
        latin_without_box: true,
        ..SUDOKU_RULES
    };
    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn answer(rules: LineRules, line: &str, task: Task) -> LineAnswer {
        LineSolver::new(rules).answer(line, task, &mut || false)
    }

    fn first() -> Task {
        Task::First {
            seed: 0,
            first_cutoff: crate::FIRST_CUTOFF,
        }
    }

    #[test]
    fn usual_boxes() {
        let found: Vec<_> = [1, 2, 3, 4, 6, 7, 8, 9, 12, 16, 25]
            .iter()
            .map(|&size| usual_box(size))
            .collect();
        let expected = [
            None,
            None,
            None,
            Some((2, 2)),
            Some((2, 3)),
            None,
            Some((2, 4)),
            Some((3, 3)),
            Some((3, 4)),
            Some((4, 4)),
            Some((5, 5)),
        ];
        assert_eq!(found, expected);
    }

    #[test]
    fn units_in_latinums_order() {
        let units = units(4, Some((2, 2)), true);
        assert_eq!(&units[..4], &[0, 1, 2, 3]);
        assert_eq!(&units[16..20], &[0, 4, 8, 12]);
        assert_eq!(
            &units[32..48],
            &[0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15]
        );
        assert_eq!(&units[48..], &[0, 5, 10, 15, 3, 6, 9, 12]);
    }

    #[test]
    fn solves_checks_and_counts() {
        let solved = LineAnswer::Solved {
            line: SOLUTION.to_string(),
            unique: None,
        };
        assert_eq!(answer(SUDOKU_RULES, PUZZLE, first()), solved);
        let padded = format!("  {PUZZLE}\r\n");
        assert_eq!(answer(SUDOKU_RULES, &padded, first()), solved);
        let checked = answer(SUDOKU_RULES, PUZZLE, Task::Checked { budget: 8192 });
        assert!(matches!(
            checked,
            LineAnswer::Solved {
                unique: Some(true),
                ..
            }
        ));
        let open = format!("{}{}", &SOLUTION[..9], ".".repeat(72));
        let several = answer(SUDOKU_RULES, &open, Task::Checked { budget: 8192 });
        assert!(matches!(
            several,
            LineAnswer::Solved {
                unique: Some(false),
                ..
            }
        ));
        let count = answer(SUDOKU_RULES, "1...", Task::Count { limit: None });
        assert_eq!(
            count,
            LineAnswer::Elsewhere,
            "a 2x2 Sudoku has no usual box"
        );
        let latin = LineRules {
            latin: true,
            ..SUDOKU_RULES
        };
        assert_eq!(
            answer(latin, "1...", Task::Count { limit: None }),
            LineAnswer::Counted(1)
        );
        assert_eq!(
            answer(latin, ".........", Task::Count { limit: None }),
            LineAnswer::Counted(12)
        );
        let empty_4x4 = ".".repeat(16);
        assert_eq!(
            answer(SUDOKU_RULES, &empty_4x4, Task::Count { limit: Some(100) }),
            LineAnswer::Counted(100)
        );
    }

    #[test]
    fn leaves_other_lines_to_the_caller() {
        let elsewhere = [
            format!("{PUZZLE} {SOLUTION}"),
            format!("#{}", &PUZZLE[1..]),
            format!("A{}", &PUZZLE[1..]),
            format!("55{}", &PUZZLE[2..]),
            format!("*{}", &PUZZLE[1..]),
            PUZZLE[1..].to_string(),
            String::new(),
            format!("é{}", &PUZZLE[2..]),
        ];
        for line in &elsewhere {
            assert_eq!(
                answer(SUDOKU_RULES, line, first()),
                LineAnswer::Elsewhere,
                "{line}"
            );
        }
        let unsolvable = format!("12{}", &PUZZLE[2..]);
        let found = answer(SUDOKU_RULES, &unsolvable, Task::Checked { budget: 8192 });
        assert_eq!(found, LineAnswer::Elsewhere);
        let hexadecimal = format!("0{}", ".".repeat(255));
        assert_eq!(
            answer(FORMAT_RULES, &hexadecimal, first()),
            LineAnswer::Elsewhere
        );
        let starred = format!("*{}", &PUZZLE[1..]);
        assert!(matches!(
            answer(FORMAT_RULES, &starred, first()),
            LineAnswer::Solved { .. }
        ));
        assert_eq!(
            answer(FORMAT_RULES, "1...", Task::Count { limit: None }),
            LineAnswer::Counted(1)
        );
        let wrong_box = LineRules {
            box_shape: Some((2, 2)),
            ..SUDOKU_RULES
        };
        assert_eq!(answer(wrong_box, PUZZLE, first()), LineAnswer::Elsewhere);
    }

    #[test]
    fn a_check_past_its_budget_is_left_to_the_caller() {
        let open = ".".repeat(625);
        let found = answer(SUDOKU_RULES, &open, Task::Checked { budget: 10 });
        assert_eq!(found, LineAnswer::Elsewhere);
    }

    #[test]
    fn cancelled() {
        let open = ".".repeat(625);
        let found =
            LineSolver::new(SUDOKU_RULES).answer(&open, Task::Count { limit: None }, &mut || true);
        assert_eq!(found, LineAnswer::Cancelled);
    }
}
