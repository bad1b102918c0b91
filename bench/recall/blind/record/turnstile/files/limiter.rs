//! The thread-safe limiter the HTTP handlers share (`Arc<Limiter>`): keys are spread over
//! SHARDS mutex-guarded GCRA maps, so threads checking different keys rarely wait on one lock.

use std::hash::{BuildHasher, RandomState};
use std::sync::Mutex;
use std::time::Duration;

use crate::clock::{Clock, MonotonicClock};
use crate::gcra::{Decision, Gcra, MAX_KEYS};

/// Shards per limiter. More than the cores of the API boxes (8), so two threads rarely pick the
/// same lock; each shard costs one empty HashMap.
pub const SHARDS: usize = 16;

pub struct Limiter<C: Clock = MonotonicClock> {
    clock: C,
    /// Randomly keyed per process, so nobody can aim their keys at a single shard.
    hasher: RandomState,
    shards: Box<[Mutex<Gcra>]>,
}

impl Limiter {
    /// `limit` requests per `period` and key, in bursts of up to `burst`.
    pub fn new(limit: u32, period: Duration, burst: u32) -> Self {
        Self::with_clock(limit, period, burst, MonotonicClock::new())
    }
}

impl<C: Clock> Limiter<C> {
    pub fn with_clock(limit: u32, period: Duration, burst: u32, clock: C) -> Self {
        Self::with_shards(limit, period, burst, clock, SHARDS)
    }

    /// MAX_KEYS is a cap for the whole limiter, so each shard gets its share of it.
    pub fn with_shards(limit: u32, period: Duration, burst: u32, clock: C, shards: usize) -> Self {
        let per_shard = MAX_KEYS.div_ceil(shards);
        let shards = (0..shards)
            .map(|_| Mutex::new(Gcra::new(limit, period, burst).with_max_keys(per_shard)))
            .collect();
        Limiter { clock, hasher: RandomState::new(), shards }
    }

    pub fn check(&self, key: &str) -> Decision {
        let now = self.clock.now();
        let shard = self.hasher.hash_one(key) as usize % self.shards.len();
        // A panic while a shard was locked leaves valid state behind: keep using it.
        let mut gcra = self.shards[shard].lock().unwrap_or_else(|e| e.into_inner());
        gcra.check(key, now)
    }

    pub fn clock(&self) -> &C {
        &self.clock
    }

    /// Keys tracked over all shards.
    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).len()).sum()
    }
}
