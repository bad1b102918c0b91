//! Lock contention: 4 threads x 250k checks over 10k keys, with 1, 4 and 16 shards; the best
//! of 3 runs each, since a single run on a busy box says little.
//!
//!     cargo run --release --example contention

use std::hint::black_box;
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use turnstile::Limiter;
use turnstile::clock::MonotonicClock;

const THREADS: usize = 4;
const PER_THREAD: usize = 250_000;
const KEYS: usize = 10_000;

fn run(shards: usize, keys: &Arc<Vec<String>>) -> Duration {
    let limiter = Arc::new(Limiter::with_shards(50, Duration::from_secs(1), 20, MonotonicClock::new(), shards));
    let start = Instant::now();
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let (limiter, keys) = (Arc::clone(&limiter), Arc::clone(keys));
            thread::spawn(move || {
                for i in 0..PER_THREAD {
                    black_box(limiter.check(&keys[(i * 7919 + t * 2503) % KEYS]));
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    start.elapsed()
}

fn main() {
    let keys: Arc<Vec<String>> = Arc::new((0..KEYS).map(|i| format!("10.0.{}.{}", i / 256, i % 256)).collect());
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    for shards in [1, 4, 16] {
        let took = (0..3).map(|_| run(shards, &keys)).min().unwrap();
        let ns = took.as_nanos() as f64 / (THREADS * PER_THREAD) as f64;
        println!("shards={shards:<3} {ns:>6.1} ns/check   {THREADS} threads on {cores} cores, best of 3: {:.0} ms", took.as_secs_f64() * 1e3);
    }
}
