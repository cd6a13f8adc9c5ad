//! Cage search against brute force: every Latin square of a small size is
//! checked against random cages, and the engine must count the same squares.

use latinum_engine::{
    search_caged, Cage, Cages, Geometry, Limits, Operator, Restarts, Stop, MAX_FILLINGS,
};

/// A small deterministic random source (a linear congruential generator).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % bound as u64) as usize
    }
}

fn latin(size: usize) -> Geometry {
    let n = size as u32;
    let rows = (0..n).flat_map(|r| (0..n).map(move |c| r * n + c));
    let columns = (0..n).flat_map(|c| (0..n).map(move |r| r * n + c));
    Geometry::new(size, &rows.chain(columns).collect::<Vec<_>>()).unwrap()
}

/// Every Latin square of `size`, values row by row.
fn squares(size: usize) -> Vec<Vec<u8>> {
    fn fill(at: usize, size: usize, grid: &mut Vec<u8>, found: &mut Vec<Vec<u8>>) {
        if at == size * size {
            found.push(grid.clone());
            return;
        }
        let (row, col) = (at / size, at % size);
        for value in 1..=size as u8 {
            let clash = (0..col).any(|c| grid[row * size + c] == value)
                || (0..row).any(|r| grid[r * size + col] == value);
            if !clash {
                grid[at] = value;
                fill(at + 1, size, grid, found);
                grid[at] = 0;
            }
        }
    }
    let mut found = Vec::new();
    fill(0, size, &mut vec![0; size * size], &mut found);
    found
}

/// Random cages of 1 to 5 cells (not always joined) covering the grid, their
/// targets taken from `answer` or, now and then, drawn at random.
fn random_cages(size: usize, answer: &[u8], random: &mut Lcg, distinct: bool) -> Vec<Cage> {
    let mut cells: Vec<u16> = (0..(size * size) as u16).collect();
    for index in (1..cells.len()).rev() {
        cells.swap(index, random.below(index + 1));
    }
    let mut cages = Vec::new();
    while !cells.is_empty() {
        let take = (1 + random.below(5)).min(cells.len());
        let mut group: Vec<u16> = cells.drain(..take).collect();
        group.sort_unstable();
        let values: Vec<u64> = group
            .iter()
            .map(|&c| u64::from(answer[c as usize]))
            .collect();
        let op = match (group.len(), random.below(4)) {
            (1, _) => Operator::Value,
            (2, 0) => Operator::Difference,
            (2, 1) => Operator::Quotient,
            (_, 2) => Operator::Product,
            _ => Operator::Sum,
        };
        let (low, high) = (values.iter().min().unwrap(), values.iter().max().unwrap());
        let mut target = match op {
            Operator::Sum => values.iter().sum(),
            Operator::Product => values.iter().product(),
            Operator::Difference => high - low,
            Operator::Quotient => high / low,
            Operator::Value => values[0],
        };
        if random.below(8) == 0 {
            target = 1 + random.below(2 * size) as u64;
        }
        cages.push(Cage {
            cells: group,
            op,
            target,
            distinct,
        });
    }
    cages
}

fn count(geometry: &Geometry, cages: &Cages, givens: &[u8], restarts: Option<u64>) -> u64 {
    let limits = Limits {
        solutions: restarts.map(|_| 1),
        restarts: restarts.map(Restarts::new),
        ..Limits::default()
    };
    let outcome = search_caged(geometry, cages, givens, &limits, &mut || false).unwrap();
    assert!(matches!(outcome.stop, Stop::Exhausted | Stop::Solutions));
    outcome.count
}

#[test]
fn counts_match_brute_force_on_random_cages() {
    let mut random = Lcg(7);
    for size in [3, 4, 5] {
        let geometry = latin(size);
        let every = squares(size);
        for round in 0..60 {
            let answer = &every[random.below(every.len())];
            let distinct = round % 3 == 0;
            let cages = random_cages(size, answer, &mut random, distinct);
            let givens: Vec<u8> = answer
                .iter()
                .map(|&v| if random.below(6) == 0 { v } else { 0 })
                .collect();
            let expected = every
                .iter()
                .filter(|square| {
                    square.iter().zip(&givens).all(|(&v, &g)| g == 0 || v == g)
                        && cages.iter().all(|cage| {
                            let values: Vec<u8> =
                                cage.cells.iter().map(|&c| square[c as usize]).collect();
                            cage.holds(&values)
                        })
                })
                .count() as u64;
            // Every filter: fillings listed, or (none listed) digit sets and bounds.
            for most in [MAX_FILLINGS, 0] {
                let compiled = Cages::with_fillings_limit(&geometry, cages.clone(), most).unwrap();
                assert_eq!(
                    count(&geometry, &compiled, &givens, None),
                    expected,
                    "{cages:?}"
                );
                let first = count(&geometry, &compiled, &givens, Some(round));
                assert_eq!(first, expected.min(1), "restarts, {cages:?}");
            }
        }
    }
}

#[test]
fn a_killer_cage_of_a_whole_row_keeps_its_digit_sets() {
    let geometry = latin(9);
    let row: Vec<u16> = (0..9).collect();
    let cages = Cages::new(
        &geometry,
        vec![Cage {
            cells: row,
            op: Operator::Sum,
            target: 45,
            distinct: true,
        }],
    )
    .unwrap();
    let mut givens = vec![0; 81];
    givens[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    let limits = Limits {
        solutions: Some(1),
        ..Limits::default()
    };
    let outcome = search_caged(&geometry, &cages, &givens, &limits, &mut || false).unwrap();
    assert_eq!(outcome.solutions[0][8], 9);
}
