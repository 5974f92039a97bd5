//! Seeded random streams (SEMANTICS §3, "Randomness").
//!
//! Each job and each mix draws from its own stream, derived from the scenario seed and the
//! job's or mix's name, so changing one job does not reshuffle the others. Everything here is
//! integer arithmetic plus `libm`, which is the same code natively and in wasm, so the same seed
//! gives byte-identical results on every platform.

/// A SplitMix64 stream: small, fast, and good enough for simulation input.
#[derive(Debug, Clone)]
pub struct Stream {
    state: u64,
}

/// What a stream is for; keeps the spot stream of job "x" apart from the mix named "x".
#[derive(Debug, Clone, Copy)]
pub enum Purpose {
    /// The job arrivals and durations of one job mix.
    JobMix,
    /// One job's spot interruption times.
    SpotInterruptions,
}

impl Stream {
    /// The stream for `purpose` of the thing called `name` under `seed`.
    pub fn new(seed: u64, purpose: Purpose, name: &str) -> Self {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325; // FNV-1a offset basis
        for byte in name.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        let purpose_salt = match purpose {
            Purpose::JobMix => 0x6d69_785f_5f5f_5f5f,
            Purpose::SpotInterruptions => 0x7370_6f74_5f5f_5f5f,
        };
        let mut stream = Stream {
            state: seed ^ hash.rotate_left(17) ^ purpose_salt,
        };
        stream.next_u64(); // decorrelate nearby seeds
        stream
    }

    /// The next 64 random bits (SplitMix64).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Exponentially distributed with the given rate (events per unit).
    pub fn exponential(&mut self, rate: f64) -> f64 {
        -libm::log(1.0 - self.uniform()) / rate
    }

    /// Standard normal, by Box-Muller.
    pub fn standard_normal(&mut self) -> f64 {
        let u1 = 1.0 - self.uniform(); // (0, 1]
        let u2 = self.uniform();
        libm::sqrt(-2.0 * libm::log(u1)) * libm::cos(2.0 * std::f64::consts::PI * u2)
    }

    /// Log-normal with the given median and 90th percentile.
    pub fn lognormal(&mut self, median: f64, p90: f64) -> f64 {
        let sigma = crate::scenario::job::lognormal_sigma(median, p90);
        libm::exp(libm::log(median) + sigma * self.standard_normal())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_depend_on_name_seed_and_purpose() {
        let a = Stream::new(1, Purpose::JobMix, "a").next_u64();
        assert_ne!(a, Stream::new(1, Purpose::JobMix, "b").next_u64());
        assert_ne!(a, Stream::new(2, Purpose::JobMix, "a").next_u64());
        assert_ne!(
            a,
            Stream::new(1, Purpose::SpotInterruptions, "a").next_u64()
        );
        assert_eq!(a, Stream::new(1, Purpose::JobMix, "a").next_u64());
    }

    #[test]
    fn lognormal_median_is_close_to_requested() {
        let mut s = Stream::new(9, Purpose::JobMix, "m");
        let mut draws: Vec<f64> = (0..20_001).map(|_| s.lognormal(2.0, 6.0)).collect();
        draws.sort_by(f64::total_cmp);
        let median = draws[10_000];
        assert!((median - 2.0).abs() < 0.1, "median {median}");
    }
}
