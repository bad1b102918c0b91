//! Token bucket vs GCRA: 1M checks over 10k keys, one thread, the same policy for both
//! (50 requests/s sustained, bursts of 20).
//!
//!     cargo run --release --example bench

use std::time::{Duration, Instant};
use turnstile::bucket::TokenBucket;
use turnstile::gcra::{Decision, Gcra};

const CHECKS: usize = 1_000_000;
const KEYS: usize = 10_000;

fn main() {
    let keys: Vec<String> = (0..KEYS).map(|i| format!("10.0.{}.{}", i / 256, i % 256)).collect();
    // 7919 is prime, so i * 7919 % KEYS visits the keys in a scattered order

    let mut bucket = TokenBucket::new(20.0, 50.0);
    let start = Instant::now();
    let mut allowed = 0;
    for i in 0..CHECKS {
        if bucket.check(&keys[i * 7919 % KEYS], start.elapsed()) {
            allowed += 1;
        }
    }
    report("token bucket", start.elapsed(), allowed, size_of::<(f64, Duration)>());

    let mut gcra = Gcra::new(50, Duration::from_secs(1), 20);
    let start = Instant::now();
    let mut allowed = 0;
    for i in 0..CHECKS {
        if matches!(gcra.check(&keys[i * 7919 % KEYS], start.elapsed()), Decision::Allow) {
            allowed += 1;
        }
    }
    report("gcra", start.elapsed(), allowed, size_of::<Duration>());
}

fn report(name: &str, took: Duration, allowed: usize, state: usize) {
    let ns = took.as_nanos() as f64 / CHECKS as f64;
    println!("{name:<12} {ns:>6.1} ns/check   allowed {allowed:>7} of {CHECKS}   state {state} B/key (+ the key)");
}
