//! A small seeded random source for the restarting search (SplitMix64), and Luby's sequence.

use crate::board::Mask;

/// SplitMix64: the same numbers for the same seed on every platform.
#[derive(Debug, Clone)]
pub struct Random {
    state: u64,
}

impl Random {
    pub fn new(seed: u64) -> Self {
        Random { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound` (above 0), each equally likely up to 2^-64.
    pub fn below(&mut self, bound: u32) -> u32 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u32
    }

    /// One of the set bits of `mask` (not 0), each equally likely.
    pub fn bit_of(&mut self, mask: Mask) -> Mask {
        let mut rest = mask;
        for _ in 0..self.below(mask.count_ones()) {
            rest &= rest - 1;
        }
        rest & rest.wrapping_neg()
    }
}

/// Luby's sequence from `index` 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
pub fn luby(index: u64) -> u64 {
    let mut index = index.max(1);
    loop {
        let bits = u64::BITS - index.leading_zeros();
        if index == (1 << bits) - 1 {
            return 1 << (bits - 1);
        }
        index -= (1 << (bits - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn bits_are_drawn_evenly_and_reproducibly() {
        let mut random = Random::new(7);
        let mut seen = [0u32; 4];
        for _ in 0..4000 {
            let bit = random.bit_of(0b1011_0100);
            assert_eq!(bit.count_ones(), 1);
            assert_ne!(bit & 0b1011_0100, 0);
            seen[[2, 4, 5, 7].iter().position(|&b| 1 << b == bit).unwrap()] += 1;
        }
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        let (mut a, mut b) = (Random::new(3), Random::new(3));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
    }
}
