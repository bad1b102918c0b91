//! GCRA (generic cell rate algorithm): one timestamp per key, the theoretical arrival time (TAT)
//! of its next request.

use std::collections::HashMap;
use std::time::Duration;

/// What a check decided.
#[derive(Debug, Clone, Copy)]
pub enum Decision {
    Allow,
    /// Denied; the same request would pass after `retry_after` (the Retry-After header).
    Deny { retry_after: Duration },
}

pub struct Gcra {
    /// Time between requests at the sustained rate: period / limit.
    interval: Duration,
    /// How far ahead of schedule a key may run: (burst - 1) intervals.
    tolerance: Duration,
    tat: HashMap<String, Duration>,
}

impl Gcra {
    /// `limit` requests per `period`, in bursts of up to `burst` requests.
    pub fn new(limit: u32, period: Duration, burst: u32) -> Self {
        assert!(limit > 0 && burst > 0, "limit and burst must be at least 1");
        let interval = period / limit;
        Gcra { interval, tolerance: interval * (burst - 1), tat: HashMap::new() }
    }

    /// Checks one request for `key` at `now` (time since a fixed start, e.g. `Instant::elapsed`).
    pub fn check(&mut self, key: &str, now: Duration) -> Decision {
        let tat = self.tat.get(key).copied().unwrap_or(now).max(now);
        let allow_at = tat.saturating_sub(self.tolerance);
        if now < allow_at {
            return Decision::Deny { retry_after: allow_at - now };
        }
        self.tat.insert(key.to_owned(), tat + self.interval);
        Decision::Allow
    }

    /// How many keys are tracked.
    pub fn len(&self) -> usize {
        self.tat.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn burst_then_deny() {
        let mut g = Gcra::new(10, Duration::from_secs(1), 5);
        for _ in 0..5 {
            assert!(matches!(g.check("a", ms(0)), Decision::Allow));
        }
        match g.check("a", ms(0)) {
            Decision::Deny { retry_after } => assert_eq!(retry_after, ms(100)),
            d => panic!("expected Deny, got {d:?}"),
        }
    }

    #[test]
    fn one_more_after_an_interval() {
        let mut g = Gcra::new(10, Duration::from_secs(1), 5);
        for _ in 0..5 {
            g.check("a", ms(0));
        }
        assert!(matches!(g.check("a", ms(100)), Decision::Allow));
        assert!(matches!(g.check("a", ms(100)), Decision::Deny { .. }));
    }

    #[test]
    fn keys_are_independent() {
        let mut g = Gcra::new(1, Duration::from_secs(1), 1);
        assert!(matches!(g.check("a", ms(0)), Decision::Allow));
        assert!(matches!(g.check("b", ms(0)), Decision::Allow));
        assert!(matches!(g.check("a", ms(0)), Decision::Deny { .. }));
    }
}
