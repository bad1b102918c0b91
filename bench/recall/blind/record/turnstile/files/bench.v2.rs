//! GCRA throughput: 1M checks over 10k keys, one thread (50 requests/s sustained, bursts of 20).
//! The token bucket comparison that picked GCRA is in the git history of this file.
//!
//!     cargo run --release --example bench

use std::time::{Duration, Instant};
use turnstile::{Decision, Gcra};

const CHECKS: usize = 1_000_000;
const KEYS: usize = 10_000;

fn main() {
    let keys: Vec<String> = (0..KEYS).map(|i| format!("10.0.{}.{}", i / 256, i % 256)).collect();
    let mut gcra = Gcra::new(50, Duration::from_secs(1), 20);
    let start = Instant::now();
    let mut allowed = 0;
    // 7919 is prime, so i * 7919 % KEYS visits the keys in a scattered order
    for i in 0..CHECKS {
        if gcra.check(&keys[i * 7919 % KEYS], start.elapsed()) == Decision::Allow {
            allowed += 1;
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / CHECKS as f64;
    println!("gcra {ns:>6.1} ns/check   allowed {allowed:>7} of {CHECKS}   {} keys", gcra.len());
}
