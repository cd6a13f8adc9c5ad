//! Solve every 9x9 Sudoku line of a file with the engine alone, for profiling
//! the search without Python around it (perf, valgrind --tool=callgrind).
//!
//! Usage: cargo run --release --example solve_file -- FILE [LIMIT]

use std::time::Instant;

use latinum_engine::{search, units, Geometry, Limits};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: solve_file FILE [LIMIT]");
    let limit: usize = args
        .next()
        .map_or(usize::MAX, |n| n.parse().expect("LIMIT"));
    let text = std::fs::read_to_string(&path).expect("readable file");
    let geometry = Geometry::new(9, &units(9, Some((3, 3)), false)).expect("sudoku units");
    let limits = Limits {
        solutions: Some(1),
        ..Limits::default()
    };
    let (mut puzzles, mut nodes, mut solved) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    for line in text.split_whitespace().take(limit) {
        let givens: Vec<u8> = line
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        let outcome = search(&geometry, &givens, &limits, &mut || false).expect("a 9x9 line");
        puzzles += 1;
        nodes += outcome.stats.nodes;
        solved += outcome.count;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{puzzles} puzzles, {solved} solved, {:.1} nodes each, {:.0} puzzles/s",
        nodes as f64 / puzzles as f64,
        puzzles as f64 / seconds
    );
}
