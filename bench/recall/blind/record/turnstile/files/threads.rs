use std::sync::Arc;
use std::thread;
use std::time::Duration;

use turnstile::clock::ManualClock;
use turnstile::{Decision, Limiter};

#[test]
fn threads_share_one_budget_per_key() {
    let limiter = Arc::new(Limiter::with_clock(10, Duration::from_secs(1), 10, ManualClock::new()));
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let l = Arc::clone(&limiter);
            thread::spawn(move || (0..10).filter(|_| l.check("tenant-42") == Decision::Allow).count())
        })
        .collect();
    let allowed: usize = handles.into_iter().map(|h| h.join().unwrap()).sum();
    assert_eq!(allowed, 10, "4 threads x 10 requests share one burst of 10");
    limiter.clock().advance(Duration::from_millis(100));
    assert_eq!(limiter.check("tenant-42"), Decision::Allow);
}

#[test]
fn keys_spread_over_shards() {
    let limiter = Limiter::with_clock(1, Duration::from_secs(1), 1, ManualClock::new());
    for i in 0..1000 {
        assert_eq!(limiter.check(&format!("key-{i}")), Decision::Allow);
    }
    assert_eq!(limiter.len(), 1000);
}
