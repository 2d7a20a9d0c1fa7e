//! A small seeded pseudo-random generator, so generated corpora and test schedules are the
//! same for the same seed on every machine, without a dependency on `rand`.

/// SplitMix64 (Steele, Lea and Flood, 2014): one `u64` of state and good statistical quality
/// for test data; `rand` uses it to seed its other generators. Not for cryptography.
///
/// ```
/// use treaty_testing::SplitMix64;
/// let mut first = SplitMix64::new(7);
/// let mut second = SplitMix64::new(7);
/// assert_eq!(first.next_u64(), second.next_u64());
/// assert!(first.below(10) < 10);
/// ```
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose sequence is fixed by `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut mixed = self.state;
        mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        mixed ^ (mixed >> 31)
    }

    /// A number in `0..bound` (0 when `bound` is 0).
    ///
    /// Multiply-and-shift (Lemire) instead of `%`: no division, and the bias is below
    /// `bound / 2^64`, far below anything a test could notice.
    pub fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }

    /// An index in `0..len` (0 when `len` is 0).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// A number in `low..=high` (`low` when `high < low`).
    pub fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.index(high.saturating_sub(low) + 1)
    }

    /// A number in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `true` with the given probability.
    pub fn chance(&mut self, probability: f64) -> bool {
        self.unit() < probability
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_outputs_match_the_reference_implementation() {
        // From the C reference implementation (Vigna, splitmix64.c) seeded with 1234567.
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn bounded_draws_stay_in_range_and_cover_it() {
        let mut rng = SplitMix64::new(42);
        let mut seen = [false; 7];
        for _ in 0..1_000 {
            let draw = rng.between(3, 9);
            assert!((3..=9).contains(&draw), "{draw}");
            seen[draw - 3] = true;
            let unit = rng.unit();
            assert!((0.0..1.0).contains(&unit), "{unit}");
        }
        assert!(seen.iter().all(|&hit| hit), "{seen:?}");
        assert_eq!(rng.below(0), 0);
    }
}
