//! Where "now" comes from: the monotonic clock in production, a hand-moved one in tests.

use std::cell::Cell;
use std::time::{Duration, Instant};

pub trait Clock {
    /// Time since a fixed start; never goes backwards.
    fn now(&self) -> Duration;
}

/// `Instant`-based, so NTP steps and wall-clock changes cannot release or block anyone.
#[derive(Clone, Copy)]
pub struct MonotonicClock {
    start: Instant,
}

impl MonotonicClock {
    pub fn new() -> Self {
        MonotonicClock { start: Instant::now() }
    }
}

impl Default for MonotonicClock {
    fn default() -> Self {
        Self::new()
    }
}

impl Clock for MonotonicClock {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }
}

/// A clock that tests move by hand; starts at zero.
pub struct ManualClock {
    now: Cell<Duration>,
}

impl ManualClock {
    pub fn new() -> Self {
        ManualClock { now: Cell::new(Duration::ZERO) }
    }

    pub fn advance(&self, by: Duration) {
        self.now.set(self.now.get() + by);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Duration {
        self.now.get()
    }
}
