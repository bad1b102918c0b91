//! Token bucket, here to be compared with GCRA (examples/bench.rs).

use std::collections::HashMap;
use std::time::Duration;

pub struct TokenBucket {
    capacity: f64,
    per_sec: f64,
    /// Tokens left per key, and when they were counted.
    state: HashMap<String, (f64, Duration)>,
}

impl TokenBucket {
    /// Buckets of `capacity` tokens, refilled at `per_sec` tokens a second.
    pub fn new(capacity: f64, per_sec: f64) -> Self {
        TokenBucket { capacity, per_sec, state: HashMap::new() }
    }

    pub fn check(&mut self, key: &str, now: Duration) -> bool {
        let (tokens, last) = self.state.get(key).copied().unwrap_or((self.capacity, now));
        let refill = (now - last).as_secs() as f64 * self.per_sec;
        let tokens = (tokens + refill).min(self.capacity);
        let allowed = tokens >= 1.0;
        self.state.insert(key.to_owned(), (if allowed { tokens - 1.0 } else { tokens }, now));
        allowed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn burst_of_capacity() {
        let mut b = TokenBucket::new(5.0, 10.0);
        assert_eq!((0..6).filter(|_| b.check("a", ms(0))).count(), 5);
    }

    #[test]
    fn refills_between_whole_seconds() {
        let mut b = TokenBucket::new(5.0, 10.0);
        for _ in 0..5 {
            b.check("a", ms(0));
        }
        assert!(b.check("a", ms(100)), "10/s should give a token back after 100 ms");
    }
}
