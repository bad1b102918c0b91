//! turnstile: an in-process rate limiter keyed by string (API key, client IP). std only, no
//! dependencies.
//!
//! # Why GCRA
//!
//! Each key keeps one timestamp, its theoretical arrival time (TAT). A request passes if it
//! arrives no earlier than TAT minus the burst tolerance, and TAT then moves one interval
//! (period / limit) ahead. We compared it with a token bucket on 2026-11-03 (examples/bench.rs
//! at that commit: 1M checks over 10k keys, one thread). Speed did not decide it: both cost a few
//! hundred ns per check, mostly hashing the key. GCRA keeps 16 bytes of state per key instead of
//! 24, and it does no floating point, so there is no accumulated rounding to reason about. The
//! token bucket was deleted after that comparison.
//!
//! ```
//! use std::time::Duration;
//! use turnstile::{Decision, Gcra};
//!
//! // 100 requests per minute, bursts of up to 10
//! let mut limiter = Gcra::new(100, Duration::from_secs(60), 10);
//! assert_eq!(limiter.check("203.0.113.7", Duration::ZERO), Decision::Allow);
//! ```

pub mod gcra;

pub use gcra::{Decision, Gcra};
