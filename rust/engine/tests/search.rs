use std::time::Duration;

use latinum_engine::{search, EngineError, Geometry, Limits, Outcome, Restarts, Stop};

/// Rows, columns, boxes of `box_rows` x `box_cols` (none when 0) and optionally both diagonals.
fn units(size: usize, box_rows: usize, box_cols: usize, diagonals: bool) -> Vec<u32> {
    let box_shape = (box_rows > 0).then_some((box_rows, box_cols));
    latinum_engine::units(size, box_shape, diagonals)
}

fn geometry(size: usize, box_rows: usize, box_cols: usize, diagonals: bool) -> Geometry {
    Geometry::new(size, &units(size, box_rows, box_cols, diagonals)).unwrap()
}

fn run(geometry: &Geometry, givens: &[u8], limits: Limits) -> Outcome {
    search(geometry, givens, &limits, &mut || false).unwrap()
}

fn count(geometry: &Geometry, givens: &[u8], limit: u64) -> u64 {
    let limits = Limits {
        solutions: Some(limit),
        keep: Some(0),
        ..Limits::default()
    };
    let outcome = run(geometry, givens, limits);
    assert!(outcome.solutions.is_empty());
    outcome.count
}

fn first(geometry: &Geometry, givens: &[u8]) -> Option<Vec<u8>> {
    count_limited(geometry, givens, 1).solutions.pop()
}

fn count_limited(geometry: &Geometry, givens: &[u8], limit: u64) -> Outcome {
    let limits = Limits {
        solutions: Some(limit),
        ..Limits::default()
    };
    run(geometry, givens, limits)
}

/// Every unit holds distinct values within 1..=size and every given is kept.
fn assert_solves(geometry: &Geometry, givens: &[u8], values: &[u8]) {
    let size = geometry.size();
    for unit in 0..geometry.unit_count() {
        let mut seen = vec![false; size + 1];
        for &cell in geometry.unit(unit) {
            let value = values[cell as usize] as usize;
            assert!(
                (1..=size).contains(&value) && !seen[value],
                "unit {unit} broken"
            );
            seen[value] = true;
        }
    }
    for (given, value) in givens.iter().zip(values) {
        assert!(*given == 0 || given == value);
    }
}

fn parse(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect()
}

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const HARD_ANSWER: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[test]
fn solves_a_hard_9x9() {
    let geometry = geometry(9, 3, 3, false);
    let givens = parse(HARD);
    let outcome = count_limited(&geometry, &givens, 2);
    assert_eq!(outcome.stop, Stop::Exhausted);
    assert_eq!(outcome.solutions, vec![parse(HARD_ANSWER)]);
    assert!(outcome.stats.passes > 0);
}

/// One of the forum's hardest: singles and locked candidates alone do not solve it.
const HARDEST: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
const HARDEST_ANSWER: &str =
    "621943758783615492594728361142879635357461289869532174238197546916354827475286913";

#[test]
fn guesses_where_propagation_stops() {
    let geometry = geometry(9, 3, 3, false);
    let outcome = count_limited(&geometry, &parse(HARDEST), 2);
    assert_eq!(outcome.stop, Stop::Exhausted);
    assert_eq!(outcome.solutions, vec![parse(HARDEST_ANSWER)]);
    assert!(outcome.stats.nodes > 1 && outcome.stats.guesses > 0);
}

#[test]
fn counts_known_totals() {
    assert_eq!(count(&geometry(4, 2, 2, false), &[0; 16], 1000), 288);
    assert_eq!(count(&geometry(4, 0, 0, false), &[0; 16], 1000), 576);
    assert_eq!(count(&geometry(3, 0, 0, false), &[0; 9], 1000), 12);
    assert_eq!(
        count(&geometry(5, 0, 0, false), &[0; 25], 1_000_000),
        161_280
    );
    assert_eq!(count(&geometry(1, 0, 0, false), &[0], 10), 1);
    assert_eq!(count(&geometry(2, 0, 0, false), &[0; 4], 10), 2);
}

#[test]
fn solves_empty_grids_of_every_box_shape() {
    for (size, rows, cols, diagonals) in [
        (4, 2, 2, true),
        (6, 2, 3, false),
        (8, 2, 4, false),
        (9, 3, 3, true),
        (10, 2, 5, false),
        (12, 3, 4, false),
        (16, 4, 4, false),
        (25, 5, 5, false),
        (7, 0, 0, false),
    ] {
        let geometry = geometry(size, rows, cols, diagonals);
        let givens = vec![0; size * size];
        let values = first(&geometry, &givens).expect("an empty grid has solutions");
        assert_solves(&geometry, &givens, &values);
    }
}

#[test]
fn counting_keeps_only_the_solutions_asked_for() {
    let geometry = geometry(4, 2, 2, false);
    let limits = Limits {
        keep: Some(2),
        ..Limits::default()
    };
    let outcome = run(&geometry, &[0; 16], limits);
    assert_eq!((outcome.count, outcome.stop), (288, Stop::Exhausted));
    assert_eq!(outcome.solutions.len(), 2);
    for values in &outcome.solutions {
        assert_solves(&geometry, &[0; 16], values);
    }
    assert_ne!(outcome.solutions[0], outcome.solutions[1]);
    let outcome = count_limited(&geometry, &[0; 16], 300);
    assert_eq!((outcome.count, outcome.solutions.len()), (288, 288));
}

#[test]
fn contradictions_have_no_solution() {
    let geometry = geometry(4, 2, 2, false);
    // No duplicate, but r1c1 has no value left.
    let givens = parse(".12.....3...4...");
    assert_eq!(count(&geometry, &givens, 2), 0);
}

#[test]
fn limits_stop_the_search() {
    let geometry = geometry(9, 3, 3, false);
    let empty = vec![0; 81];
    let limits = Limits {
        nodes: Some(100),
        ..Limits::default()
    };
    let outcome = run(&geometry, &empty, limits);
    assert_eq!((outcome.stop, outcome.stats.nodes), (Stop::Nodes, 101));
    let limits = Limits {
        time: Some(Duration::ZERO),
        ..Limits::default()
    };
    assert_eq!(run(&geometry, &empty, limits).stop, Stop::Time);
    let outcome = count_limited(&geometry, &empty, 3);
    assert_eq!(
        (outcome.solutions.len(), outcome.stop),
        (3, Stop::Solutions)
    );
    let mut calls = 0;
    let outcome = search(&geometry, &empty, &Limits::default(), &mut || {
        calls += 1;
        calls == 3
    })
    .unwrap();
    assert_eq!(outcome.stop, Stop::Cancelled);
    assert_eq!(calls, 3);
}

#[test]
fn bad_givens_are_refused() {
    let geometry = geometry(4, 2, 2, false);
    let error = search(&geometry, &[0; 15], &Limits::default(), &mut || false).unwrap_err();
    assert!(matches!(error, EngineError::Givens(_)));
    let error = search(&geometry, &[5; 16], &Limits::default(), &mut || false).unwrap_err();
    assert_eq!(
        error.to_string(),
        "bad givens: value 5 in cell 0 is above 4"
    );
    let mut givens = vec![0; 16];
    givens[0] = 1;
    givens[5] = 1;
    let error = search(&geometry, &givens, &Limits::default(), &mut || false).unwrap_err();
    assert_eq!(
        error.to_string(),
        "bad givens: cells 0 and 5 of one unit both hold 1"
    );
}

/// A first solution by restarts from `seed`, the first (deterministic) descent cut at once.
fn restarting(geometry: &Geometry, givens: &[u8], seed: u64, nodes: Option<u64>) -> Outcome {
    let limits = Limits {
        solutions: Some(1),
        nodes,
        restarts: Some(Restarts {
            seed,
            first_cutoff: 0,
        }),
        ..Limits::default()
    };
    run(geometry, givens, limits)
}

/// A 25x25 Sudoku with about 60% of its cells blank: a complete grid of the
/// usual pattern, its values renamed and cells blanked by a small LCG.
fn big_puzzle(seed: u64) -> Vec<u8> {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    let mut names: Vec<u8> = (1..=25).collect();
    for i in (1..25).rev() {
        names.swap(i, next() % (i + 1));
    }
    (0..625)
        .map(|cell| {
            let (r, c) = (cell / 25, cell % 25);
            let value = names[(5 * (r % 5) + r / 5 + c) % 25];
            if next() % 10 < 6 {
                0
            } else {
                value
            }
        })
        .collect()
}

#[test]
fn restarts_find_a_first_solution_and_the_same_seed_the_same_one() {
    let geometry = geometry(25, 5, 5, false);
    for seed in 0..3 {
        let givens = big_puzzle(seed);
        let outcome = restarting(&geometry, &givens, seed, None);
        assert_eq!((outcome.count, outcome.stop), (1, Stop::Solutions));
        assert_solves(&geometry, &givens, &outcome.solutions[0]);
        assert!(outcome.stats.restarts >= 1);
        assert_eq!(restarting(&geometry, &givens, seed, None), outcome);
    }
}

#[test]
fn seeds_draw_different_solutions() {
    let geometry = geometry(9, 3, 3, false);
    let empty = [0; 81];
    let mut seen = std::collections::HashSet::new();
    for seed in 0..8 {
        let outcome = restarting(&geometry, &empty, seed, None);
        assert_solves(&geometry, &empty, &outcome.solutions[0]);
        seen.insert(outcome.solutions[0].clone());
    }
    assert!(seen.len() > 1);
}

/// HARDEST with one more given that its only solution does not hold: no
/// solution, and the complete search takes hundreds of nodes to show it.
fn hard_without_solution() -> Vec<u8> {
    let mut givens = parse(HARDEST);
    givens[0] = 2;
    givens
}

#[test]
fn restarts_still_prove_that_there_is_no_solution() {
    let geometry = geometry(9, 3, 3, false);
    let givens = hard_without_solution();
    assert_eq!(count(&geometry, &givens, 1), 0);
    let outcome = restarting(&geometry, &givens, 5, None);
    assert_eq!((outcome.count, outcome.stop), (0, Stop::Exhausted));
    assert!(outcome.stats.restarts >= 1);
}

#[test]
fn restarts_count_toward_the_node_limit() {
    let geometry = geometry(9, 3, 3, false);
    let outcome = restarting(&geometry, &hard_without_solution(), 5, Some(50));
    assert_eq!((outcome.stop, outcome.stats.nodes), (Stop::Nodes, 51));
    assert!(outcome.stats.restarts >= 1);
}

#[test]
fn counting_never_restarts() {
    let geometry = geometry(4, 2, 2, false);
    let limits = Limits {
        restarts: Some(Restarts::new(1)),
        ..Limits::default()
    };
    let outcome = run(&geometry, &[0; 16], limits);
    assert_eq!((outcome.count, outcome.stop), (288, Stop::Exhausted));
    assert_eq!(outcome.stats.restarts, 0);
}
