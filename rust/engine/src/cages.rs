//! Cages: cells whose values combine by an operator to a target (KenKen,
//! Mathdoku, Killer), compiled into filters on the candidates.
//!
//! A cage with few enough fillings keeps them all, one value bit per cell,
//! and narrows each cell to the values some filling still allowed by the
//! candidates gives it. A distinct sum with too many fillings keeps its digit
//! sets instead; any other cage with too many narrows by its bounds (and by
//! divisors for products), and a complete grid is checked against it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::board::{is_single, Board, Mask};
use crate::error::EngineError;
use crate::geometry::{flatten, words, Geometry};

/// Above this many fillings a cage is filtered by its digit sets or bounds.
pub const MAX_FILLINGS: usize = 4000;
/// Values tried while listing a cage's fillings or digit sets before giving up on them.
const LISTING_NODES: u64 = 1_000_000;
/// The most digit sets a distinct sum keeps.
const MAX_DIGIT_SETS: usize = 100_000;
/// The most value bits the listings kept for the next puzzles hold (16 MB).
const KEPT_LISTINGS: usize = 1 << 22;

/// How a cage's values combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operator {
    Sum,
    Difference,
    Product,
    Quotient,
    /// One cell holding the target.
    Value,
}

impl Operator {
    /// The operator written as `symbol` (`+ - * / =`).
    pub fn from_symbol(symbol: char) -> Option<Self> {
        match symbol {
            '+' => Some(Operator::Sum),
            '-' => Some(Operator::Difference),
            '*' => Some(Operator::Product),
            '/' => Some(Operator::Quotient),
            '=' => Some(Operator::Value),
            _ => None,
        }
    }
}

/// A cage: its cells (row-major indices), operator and target; with
/// `distinct`, its values all differ (Killer). Otherwise only cells sharing a
/// unit must differ, so a Mathdoku cage may repeat a digit across lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    pub cells: Vec<u16>,
    pub op: Operator,
    pub target: u64,
    pub distinct: bool,
}

impl Cage {
    /// Whether `values` (the cells' values in order) meet the cage's arithmetic
    /// and, for a distinct cage, all differ.
    pub fn holds(&self, values: &[u8]) -> bool {
        if self.distinct {
            let mut seen: u64 = 0;
            for &value in values {
                let bit = 1u64 << (value & 63);
                if seen & bit != 0 {
                    return false;
                }
                seen |= bit;
            }
        }
        let target = u128::from(self.target);
        match (self.op, values) {
            (Operator::Sum, _) => values.iter().map(|&v| u128::from(v)).sum::<u128>() == target,
            (Operator::Product, _) => {
                let mut product: u128 = 1;
                for &value in values {
                    product = product.saturating_mul(u128::from(value));
                }
                product == target
            }
            (Operator::Difference, &[a, b]) => u128::from(a.abs_diff(b)) == target,
            (Operator::Quotient, &[a, b]) => u128::from(a.max(b)) == u128::from(a.min(b)) * target,
            (Operator::Value, &[a]) => u128::from(a) == target,
            _ => false,
        }
    }
}

/// How one cage narrows its cells.
#[derive(Debug, Clone)]
enum Filter {
    /// Every filling, one value bit per cell, laid end to end.
    Fillings(Arc<[Mask]>),
    /// A distinct sum with too many fillings: the sets of digits making it.
    DigitSets(Vec<Mask>),
    /// Too many fillings: bounds (sums and products) and divisors (products)
    /// narrow, and a complete grid is checked.
    Bounds { divisors: Mask },
}

#[derive(Debug, Clone)]
struct Compiled {
    cage: Cage,
    filter: Filter,
}

/// A puzzle's cages compiled for its geometry, and which cages each cell is in.
#[derive(Debug, Clone, Default)]
pub struct Cages {
    compiled: Vec<Compiled>,
    /// The first reason to doubt the cages can be met: two cages sharing a
    /// cell, or a cage with no filling found.
    doubt: Option<String>,
    /// The cages of cell `c` as `(word, bits)` pairs, as `Geometry::unit_bits`.
    cell_bits: Vec<(u32, u64)>,
    cell_bit_start: Vec<u32>,
}

impl Cages {
    /// No cages at all.
    pub fn none() -> Self {
        Cages::default()
    }

    /// `cages` compiled for `geometry`; refused when a cage names a cell
    /// outside the grid or twice, has no cell, or has the wrong number of
    /// cells for its operator (2 for `-` and `/`, 1 for `=`).
    pub fn new(geometry: &Geometry, cages: Vec<Cage>) -> Result<Self, EngineError> {
        Cages::with_fillings_limit(geometry, cages, MAX_FILLINGS)
    }

    /// [`Cages::new`], listing the fillings of cages with at most `most` of
    /// them (tests lower it to reach the other filters on small grids).
    pub fn with_fillings_limit(
        geometry: &Geometry,
        cages: Vec<Cage>,
        most: usize,
    ) -> Result<Self, EngineError> {
        let cells = geometry.cells();
        let mut cell_groups: Vec<Vec<u32>> = vec![Vec::new(); cells];
        let mut compiled = Vec::with_capacity(cages.len());
        let mut doubt = None;
        for (index, cage) in cages.into_iter().enumerate() {
            check(&cage, index, cells)?;
            for &cell in &cage.cells {
                let groups = &mut cell_groups[cell as usize];
                if let Some(&other) = groups.first() {
                    doubt.get_or_insert(format!("cages {other} and {index} share cell {cell}"));
                }
                groups.push(index as u32);
            }
            let (filter, possible) = compile(geometry, &cage, most);
            if !possible {
                doubt.get_or_insert(format!("cage {index} has no filling"));
            }
            compiled.push(Compiled { cage, filter });
        }
        let (cell_bits, cell_bit_start) =
            flatten(&cell_groups.iter().map(|g| words(g)).collect::<Vec<_>>());
        Ok(Cages {
            compiled,
            doubt,
            cell_bits,
            cell_bit_start,
        })
    }

    /// Why the cages may not be met, when a quick look sees a reason: two
    /// cages sharing a cell, or a cage whose filling was not found. None
    /// proves each cage alone can be met.
    pub fn doubt(&self) -> Option<&str> {
        self.doubt.as_deref()
    }

    /// The number of cages.
    pub fn len(&self) -> usize {
        self.compiled.len()
    }

    /// Whether there are no cages.
    pub fn is_empty(&self) -> bool {
        self.compiled.is_empty()
    }

    /// The cages holding `cell`, as `(word, bits)`: cage `64 * word + b` for each bit `b`.
    #[inline]
    pub fn cell_bits(&self, cell: usize) -> &[(u32, u64)] {
        &self.cell_bits[self.cell_bit_start[cell] as usize..self.cell_bit_start[cell + 1] as usize]
    }

    /// Whether cage `index` keeps every filling (so one pass narrows it fully).
    pub fn lists_fillings(&self, index: usize) -> bool {
        matches!(self.compiled[index].filter, Filter::Fillings(_))
    }

    /// Narrow the cells of cage `index` on `board`, pushing each cell narrowed
    /// to `narrowed`; false when the cage can no longer be met. `scratch` is
    /// reused space.
    pub fn narrow(
        &self,
        index: usize,
        board: &mut Board,
        narrowed: &mut Vec<u16>,
        scratch: &mut Vec<Mask>,
    ) -> bool {
        let Compiled { cage, filter } = &self.compiled[index];
        let cells = &cage.cells;
        if cage.distinct
            && !matches!(filter, Filter::Fillings(_))
            && !distinct_singles(cells, board, narrowed)
        {
            return false;
        }
        scratch.clear();
        scratch.extend(cells.iter().map(|&cell| board.get(cell as usize)));
        let domains = &scratch[..];
        let kept: Option<Vec<Mask>> = match filter {
            Filter::Fillings(fillings) => kept_by_fillings(fillings, domains),
            Filter::DigitSets(sets) => kept_by_digit_sets(sets, domains),
            Filter::Bounds { divisors } => kept_by_bounds(cage, *divisors, domains),
        };
        let Some(kept) = kept else {
            return false;
        };
        for ((&cell, &before), &after) in cells.iter().zip(domains).zip(&kept) {
            if after != before {
                if after == 0 {
                    return false;
                }
                board.set(cell as usize, after);
                narrowed.push(cell);
            }
        }
        true
    }

    /// Whether the solved `board` meets every cage that is not narrowed
    /// exactly by its fillings.
    pub fn met_by(&self, board: &Board) -> bool {
        let mut values = Vec::new();
        self.compiled
            .iter()
            .filter(|c| !matches!(c.filter, Filter::Fillings(_)))
            .all(|Compiled { cage, .. }| {
                values.clear();
                values.extend(
                    cage.cells
                        .iter()
                        .map(|&cell| value_of(board.get(cell as usize))),
                );
                cage.holds(&values)
            })
    }
}

fn value_of(mask: Mask) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

fn check(cage: &Cage, index: usize, cells: usize) -> Result<(), EngineError> {
    let problem = |text: String| Err(EngineError::Cages(format!("cage {index} {text}")));
    if cage.cells.is_empty() {
        return problem("has no cells".into());
    }
    let mut seen = vec![false; cells];
    for &cell in &cage.cells {
        let cell = cell as usize;
        if cell >= cells {
            return problem(format!(
                "names cell {cell}, outside the grid of {cells} cells"
            ));
        }
        if std::mem::replace(&mut seen[cell], true) {
            return problem(format!("names cell {cell} twice"));
        }
    }
    let wanted = match cage.op {
        Operator::Difference | Operator::Quotient => 2,
        Operator::Value => 1,
        Operator::Sum | Operator::Product => return Ok(()),
    };
    if cage.cells.len() != wanted {
        return problem(format!(
            "has {} cells where its operator takes {wanted}",
            cage.cells.len()
        ));
    }
    Ok(())
}

/// The filter of `cage`: its fillings when there are few enough, else its
/// digit sets (distinct sums) or its bounds; and whether a filling was seen.
fn compile(geometry: &Geometry, cage: &Cage, most: usize) -> (Filter, bool) {
    let listing = listed(geometry, cage, most);
    let possible = listing.met;
    if listing.complete {
        return (Filter::Fillings(listing.found), possible);
    }
    if cage.distinct && cage.op == Operator::Sum {
        if let Some(sets) = digit_sets(geometry.size(), cage.cells.len(), cage.target) {
            let possible = !sets.is_empty();
            return (Filter::DigitSets(sets), possible);
        }
    }
    let divisors = if cage.op == Operator::Product {
        (1..=geometry.size() as u64)
            .filter(|&v| cage.target.is_multiple_of(v))
            .fold(0, |mask, v| mask | 1 << (v - 1))
    } else {
        crate::board::full(geometry.size())
    };
    (Filter::Bounds { divisors }, possible)
}

/// What a cage's fillings depend on: its operator and target, the grid's
/// size, the fillings limit, and which positions must differ.
type ListingKey = (Operator, u64, usize, usize, Vec<Vec<usize>>);

/// A cage's fillings as [`Listing`] left them.
#[derive(Clone)]
struct Listed {
    found: Arc<[Mask]>,
    met: bool,
    complete: bool,
}

/// The listings made so far, kept for the next puzzles (batches and generators
/// meet the same small cages again and again), and the value bits they hold.
static LISTINGS: OnceLock<Mutex<(HashMap<ListingKey, Listed>, usize)>> = OnceLock::new();

/// The fillings of `cage` (cells sharing a unit differ, as do all the cells
/// of a distinct cage), listed once for every cage alike.
fn listed(geometry: &Geometry, cage: &Cage, most: usize) -> Listed {
    let cells = &cage.cells;
    let apart: Vec<Vec<usize>> = (0..cells.len())
        .map(|i| {
            (0..i)
                .filter(|&j| {
                    cage.distinct
                        || geometry
                            .peers(cells[i] as usize)
                            .binary_search(&cells[j])
                            .is_ok()
                })
                .collect()
        })
        .collect();
    let key = (cage.op, cage.target, geometry.size(), most, apart);
    let kept = LISTINGS.get_or_init(Mutex::default);
    if let Some(hit) = kept.lock().ok().and_then(|kept| kept.0.get(&key).cloned()) {
        return hit;
    }
    let listing = Listing::run(cage, geometry.size(), &key.4, most);
    let listed = Listed {
        found: listing.found.into(),
        met: listing.met,
        complete: listing.complete,
    };
    if let Ok(mut kept) = kept.lock() {
        if kept.1 + listed.found.len() > KEPT_LISTINGS {
            *kept = Default::default();
        }
        kept.1 += listed.found.len();
        kept.0.insert(key, listed.clone());
    }
    listed
}

/// A depth-first listing of a cage's fillings.
struct Listing<'a> {
    cage: &'a Cage,
    size: u64,
    /// `apart[i]`: the earlier positions whose value position `i` must differ from.
    apart: &'a [Vec<usize>],
    values: Vec<u8>,
    found: Vec<Mask>,
    nodes: u64,
    /// The most fillings listed.
    most: usize,
    /// Whether a filling was met.
    met: bool,
    /// Whether every filling was listed: false when there are more than
    /// `most` or listing them took too long.
    complete: bool,
}

impl<'a> Listing<'a> {
    /// The fillings of `cage` on a grid of `size`, position `i` differing
    /// from the earlier positions `apart[i]`, up to `most` of them.
    fn run(cage: &'a Cage, size: usize, apart: &'a [Vec<usize>], most: usize) -> Self {
        let mut listing = Listing {
            cage,
            size: size as u64,
            apart,
            values: vec![0; cage.cells.len()],
            found: Vec::new(),
            nodes: 0,
            most,
            met: false,
            complete: false,
        };
        listing.complete = listing.extend(0, 0, 1);
        listing
    }

    /// Fill position `at` onward, `sum` and `product` being those of the
    /// values before it; false when the listing gave up.
    fn extend(&mut self, at: usize, sum: u64, product: u64) -> bool {
        let count = self.values.len();
        if at == count {
            if self.cage.holds(&self.values) {
                self.met = true;
                if self.found.len() == self.most * count {
                    return false;
                }
                self.found.extend(self.values.iter().map(|&v| 1 << (v - 1)));
            }
            return true;
        }
        let (target, left) = (self.cage.target, (count - at - 1) as u64);
        for value in 1..=self.size {
            self.nodes += 1;
            if self.nodes > LISTING_NODES {
                return false;
            }
            match self.cage.op {
                Operator::Sum => {
                    let sum = sum + value;
                    if sum + left > target {
                        break;
                    }
                    if sum + left * self.size < target {
                        continue;
                    }
                }
                Operator::Product => {
                    let Some(next) = product.checked_mul(value) else {
                        break;
                    };
                    if target % next != 0 {
                        continue;
                    }
                }
                _ => {}
            }
            if self.apart[at]
                .iter()
                .any(|&j| u64::from(self.values[j]) == value)
            {
                continue;
            }
            self.values[at] = value as u8;
            if !self.extend(at + 1, sum + value, product.saturating_mul(value)) {
                return false;
            }
        }
        self.values[at] = 0;
        true
    }
}

/// The sets of `count` distinct digits of 1..=`size` summing to `target`, as
/// masks; None when there are too many to keep.
fn digit_sets(size: usize, count: usize, target: u64) -> Option<Vec<Mask>> {
    fn extend(
        from: u64,
        size: u64,
        left: usize,
        target: u64,
        mask: Mask,
        found: &mut Vec<Mask>,
        nodes: &mut u64,
    ) -> bool {
        if left == 0 {
            if target == 0 {
                if found.len() == MAX_DIGIT_SETS {
                    return false;
                }
                found.push(mask);
            }
            return true;
        }
        let left_u = left as u64;
        for digit in from..=size {
            *nodes += 1;
            if *nodes > LISTING_NODES {
                return false;
            }
            // The smallest completion: digit, digit + 1, ... (left of them).
            if digit * left_u + left_u * (left_u - 1) / 2 > target {
                break;
            }
            // The largest: digit and the left - 1 greatest digits.
            let rest = left_u - 1;
            if digit + rest * size - rest * rest.saturating_sub(1) / 2 < target {
                continue;
            }
            if !extend(
                digit + 1,
                size,
                left - 1,
                target - digit,
                mask | 1 << (digit - 1),
                found,
                nodes,
            ) {
                return false;
            }
        }
        true
    }
    let mut found = Vec::new();
    let mut nodes = 0;
    extend(1, size as u64, count, target, 0, &mut found, &mut nodes).then_some(found)
}

/// Each cell's values that some filling allowed by `domains` gives it; None
/// when no filling is left.
fn kept_by_fillings(fillings: &[Mask], domains: &[Mask]) -> Option<Vec<Mask>> {
    let mut kept = vec![0; domains.len()];
    let mut any = false;
    for filling in fillings.chunks_exact(domains.len()) {
        if filling
            .iter()
            .zip(domains)
            .all(|(&bit, &domain)| bit & domain != 0)
        {
            any = true;
            for (union, &bit) in kept.iter_mut().zip(filling) {
                *union |= bit;
            }
        }
    }
    any.then_some(kept)
}

/// Domains narrowed to the digit sets still possible (each digit available
/// somewhere, each cell meeting the set), a digit every set needs placed
/// when one cell alone can hold it; None when no set is left.
fn kept_by_digit_sets(sets: &[Mask], domains: &[Mask]) -> Option<Vec<Mask>> {
    let union = domains.iter().fold(0, |mask, &domain| mask | domain);
    let (mut allowed, mut required) = (0, Mask::MAX);
    for &set in sets {
        if set & union == set && domains.iter().all(|&domain| domain & set != 0) {
            allowed |= set;
            required &= set;
        }
    }
    if allowed == 0 {
        return None;
    }
    let mut kept: Vec<Mask> = domains.iter().map(|&domain| domain & allowed).collect();
    while required != 0 {
        let bit = required & required.wrapping_neg();
        required ^= bit;
        let mut holders = kept.iter_mut().filter(|domain| **domain & bit != 0);
        let first = holders.next()?;
        if holders.next().is_none() {
            *first = bit;
        }
    }
    Some(kept)
}

/// Domains narrowed by the least and greatest values the other cells allow
/// (sums and products) and to the target's divisors (products).
fn kept_by_bounds(cage: &Cage, divisors: Mask, domains: &[Mask]) -> Option<Vec<Mask>> {
    let low = |mask: Mask| u128::from(mask.trailing_zeros() + 1);
    let high = |mask: Mask| u128::from(Mask::BITS - mask.leading_zeros());
    let target = u128::from(cage.target);
    let bounds: Vec<(u128, u128)> = match cage.op {
        Operator::Sum => {
            let lows: u128 = domains.iter().map(|&d| low(d)).sum();
            let highs: u128 = domains.iter().map(|&d| high(d)).sum();
            domains
                .iter()
                .map(|&d| {
                    let (least, most) = (lows - low(d), highs - high(d));
                    (target.saturating_sub(most), target.saturating_sub(least))
                })
                .collect()
        }
        Operator::Product => {
            let product = |pick: &dyn Fn(Mask) -> u128| {
                domains
                    .iter()
                    .try_fold(1u128, |acc, &d| acc.checked_mul(pick(d)))
            };
            match (product(&low), product(&high)) {
                // ceil(target * high / highs) ..= floor(target * low / lows)
                (Some(lows), Some(highs)) if target.checked_mul(highs).is_some() => domains
                    .iter()
                    .map(|&d| ((target * high(d)).div_ceil(highs), target * low(d) / lows))
                    .collect(),
                _ => domains.iter().map(|_| (1, u128::MAX)).collect(),
            }
        }
        _ => domains.iter().map(|_| (1, u128::MAX)).collect(),
    };
    let mut kept = Vec::with_capacity(domains.len());
    for (&domain, (least, most)) in domains.iter().zip(bounds) {
        let least = least.max(1);
        if most < least {
            return None;
        }
        let below = if least > 32 {
            Mask::MAX
        } else {
            ((1u64 << (least - 1)) - 1) as Mask
        };
        let upto = if most >= 32 {
            Mask::MAX
        } else {
            ((1u64 << most) - 1) as Mask
        };
        let domain = domain & upto & !below & divisors;
        if domain == 0 {
            return None;
        }
        kept.push(domain);
    }
    Some(kept)
}

/// Take each solved cell's value from the other cells of a distinct cage;
/// false when a cell is left without values.
fn distinct_singles(cells: &[u16], board: &mut Board, narrowed: &mut Vec<u16>) -> bool {
    let mut solved: Mask = 0;
    for &cell in cells {
        let mask = board.get(cell as usize);
        if is_single(mask) {
            if solved & mask != 0 {
                return false;
            }
            solved |= mask;
        }
    }
    for &cell in cells {
        let mask = board.get(cell as usize);
        if !is_single(mask) && mask & solved != 0 {
            let mask = mask & !solved;
            if mask == 0 {
                return false;
            }
            board.set(cell as usize, mask);
            narrowed.push(cell);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn latin(size: usize) -> Geometry {
        let n = size as u32;
        let rows = (0..n).flat_map(|r| (0..n).map(move |c| r * n + c));
        let columns = (0..n).flat_map(|c| (0..n).map(move |r| r * n + c));
        Geometry::new(size, &rows.chain(columns).collect::<Vec<_>>()).unwrap()
    }

    fn cage(cells: &[u16], op: Operator, target: u64, distinct: bool) -> Cage {
        Cage {
            cells: cells.to_vec(),
            op,
            target,
            distinct,
        }
    }

    #[test]
    fn cages_hold_their_arithmetic() {
        assert!(cage(&[0, 1, 2], Operator::Sum, 6, false).holds(&[1, 2, 3]));
        assert!(cage(&[0, 1, 2], Operator::Sum, 6, false).holds(&[2, 2, 2]));
        assert!(!cage(&[0, 1, 2], Operator::Sum, 6, true).holds(&[2, 2, 2]));
        assert!(cage(&[0, 1, 2], Operator::Product, 12, false).holds(&[2, 3, 2]));
        assert!(cage(&[0, 1], Operator::Difference, 2, false).holds(&[1, 3]));
        assert!(cage(&[0, 1], Operator::Difference, 2, false).holds(&[3, 1]));
        assert!(cage(&[0, 1], Operator::Quotient, 3, false).holds(&[6, 2]));
        assert!(!cage(&[0, 1], Operator::Quotient, 3, false).holds(&[5, 2]));
        assert!(cage(&[0], Operator::Value, 4, false).holds(&[4]));
        assert!(!cage(&[0, 1], Operator::Value, 4, false).holds(&[4, 4]));
    }

    #[test]
    fn fillings_differ_where_cells_share_a_unit() {
        let geometry = latin(4);
        let minus = cage(&[0, 1], Operator::Difference, 1, false);
        let listing = listed(&geometry, &minus, MAX_FILLINGS);
        assert!(listing.complete);
        assert_eq!(listing.found.len(), 2 * 6, "six fillings of two cells");
        // An L of three cells: its corners share no unit, so they may repeat.
        let corner = cage(&[1, 4, 5], Operator::Product, 4, false);
        let listing = listed(&geometry, &corner, MAX_FILLINGS);
        let values: Vec<Vec<u8>> = listing
            .found
            .chunks(3)
            .map(|f| f.iter().map(|&bit| value_of(bit)).collect())
            .collect();
        assert!(values.contains(&vec![2, 2, 1]));
        assert!(!values.contains(&vec![1, 2, 2]));
        let distinct = cage(&[1, 4, 5], Operator::Product, 4, true);
        assert!(listed(&geometry, &distinct, MAX_FILLINGS).found.is_empty());
    }

    #[test]
    fn too_many_fillings_give_digit_sets_or_bounds() {
        let geometry = latin(9);
        let house: Vec<u16> = (0..9).collect();
        let cages = Cages::new(
            &geometry,
            vec![
                cage(&house, Operator::Sum, 45, true),
                // Two rows of six whose product has no factor 5 or 7.
                cage(
                    &[9, 10, 11, 12, 13, 14, 18, 19, 20, 21, 22, 23],
                    Operator::Product,
                    1152 * 1152,
                    false,
                ),
            ],
        )
        .unwrap();
        assert!(matches!(&cages.compiled[0].filter, Filter::DigitSets(sets) if sets == &[0x1ff]));
        assert!(matches!(
            cages.compiled[1].filter,
            Filter::Bounds {
                divisors: 0b1_1010_1111
            }
        ));
        assert_eq!(cages.doubt(), None);
        assert_eq!(digit_sets(9, 3, 7), Some(vec![0b1011]));
        assert_eq!(digit_sets(9, 3, 8), Some(vec![0b1_0011, 0b1101]));
        assert_eq!(digit_sets(9, 3, 5), Some(vec![]));
    }

    #[test]
    fn filters_narrow_and_fail() {
        let sets = digit_sets(4, 2, 7).unwrap();
        assert_eq!(
            kept_by_digit_sets(&sets, &[0b1111, 0b0100]),
            Some(vec![0b1000, 0b0100])
        );
        assert_eq!(kept_by_digit_sets(&sets, &[0b0011, 0b1111]), None);
        let sum = cage(&[0, 1, 2], Operator::Sum, 10, false);
        // 1..4 each: the others give 2..8, so each cell holds 2..4.
        assert_eq!(
            kept_by_bounds(&sum, 0b1111, &[0b1111; 3]),
            Some(vec![0b1110; 3])
        );
        let product = cage(&[0, 1], Operator::Product, 12, false);
        assert_eq!(
            kept_by_bounds(&product, 0b1111, &[0b1111, 0b0100]),
            Some(vec![0b1000, 0b0100])
        );
        let fillings = [0b01, 0b10, 0b10, 0b01];
        assert_eq!(
            kept_by_fillings(&fillings, &[0b11, 0b10]),
            Some(vec![0b01, 0b10])
        );
        assert_eq!(kept_by_fillings(&fillings, &[0b10, 0b10]), None);
    }

    #[test]
    fn shared_cells_and_impossible_cages_are_doubted() {
        let geometry = latin(3);
        let cages = Cages::new(
            &geometry,
            vec![
                cage(&[0, 1], Operator::Sum, 3, false),
                cage(&[1, 2], Operator::Sum, 5, false),
            ],
        )
        .unwrap();
        assert_eq!(cages.doubt(), Some("cages 0 and 1 share cell 1"));
        let cages = Cages::new(&geometry, vec![cage(&[0, 1], Operator::Quotient, 5, false)]);
        assert_eq!(cages.unwrap().doubt(), Some("cage 0 has no filling"));
    }

    #[test]
    fn malformed_cages_are_refused() {
        let geometry = latin(3);
        for (bad, problem) in [
            (cage(&[], Operator::Sum, 1, false), "cage 0 has no cells"),
            (cage(&[9], Operator::Sum, 1, false), "cage 0 names cell 9"),
            (
                cage(&[1, 1], Operator::Sum, 2, false),
                "cage 0 names cell 1 twice",
            ),
            (
                cage(&[1], Operator::Difference, 2, false),
                "cage 0 has 1 cells",
            ),
        ] {
            let error = Cages::new(&geometry, vec![bad]).unwrap_err().to_string();
            assert!(error.contains(problem), "{error}");
        }
    }
}
