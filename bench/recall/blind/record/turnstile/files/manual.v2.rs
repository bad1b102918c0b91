/// A clock that tests move by hand; starts at zero. Atomic, so a limiter holding one can still be
/// shared between threads (a `Cell` made `Limiter<ManualClock>` !Sync).
pub struct ManualClock {
    nanos: AtomicU64,
}

impl ManualClock {
    pub fn new() -> Self {
        ManualClock { nanos: AtomicU64::new(0) }
    }

    pub fn advance(&self, by: Duration) {
        self.nanos.fetch_add(by.as_nanos() as u64, Ordering::Relaxed);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.nanos.load(Ordering::Relaxed))
    }
}
