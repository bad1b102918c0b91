/** Rust fragments the turnstile sessions edit in. */

export const cargoTomlOld = `edition = "2024"

[dependencies]
`;

export const cargoTomlNew = `edition = "2024"
description = "In-process rate limiting keyed by API key or client IP"
publish = false

[dependencies]
# none on purpose: the gateway vendors nothing for this crate, std only
`;

export const decisionEnd = `    Deny { retry_after: Duration },
}
`;

export const retryAfterHeader = `${decisionEnd}
impl Decision {
    /// The Retry-After header value, in whole seconds rounded up: a client told "0" would retry
    /// at once and be denied again.
    pub fn retry_after_header(&self) -> Option<u64> {
        match self {
            Decision::Allow => None,
            Decision::Deny { retry_after } => {
                Some(retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0))
            }
        }
    }
}
`;

export const testsEndV1 = `        assert!(matches!(g.check("a", ms(0)), Decision::Deny { .. }));
    }
}
`;

export const retryAfterTest = `        assert!(matches!(g.check("a", ms(0)), Decision::Deny { .. }));
    }

    #[test]
    fn retry_after_header_rounds_up() {
        // 100/min in bursts of 10: the 11th request at once waits one interval, 600 ms
        let mut g = Gcra::new(100, Duration::from_secs(60), 10);
        for _ in 0..10 {
            g.check("k", ms(0));
        }
        let d = g.check("k", ms(0));
        assert_eq!(d, Decision::Deny { retry_after: ms(600) });
        assert_eq!(d.retry_after_header(), Some(1));
    }
}
`;

export const testsEndV2 = `        assert_eq!(d.retry_after_header(), Some(1));
    }
}
`;

export const evictionTests = `        assert_eq!(d.retry_after_header(), Some(1));
    }

    #[test]
    fn sweep_forgets_idle_keys() {
        let mut g = Gcra::new(10, Duration::from_secs(1), 1);
        g.check("a", ms(0)); // TAT 100 ms
        g.check("b", ms(50)); // TAT 150 ms
        g.sweep(ms(100));
        assert_eq!(g.len(), 1, "a's TAT has come, so it is as fresh as an unseen key");
    }

    #[test]
    fn full_map_fails_open() {
        let mut g = Gcra::new(1, Duration::from_secs(60), 1).with_max_keys(2);
        g.check("a", ms(0));
        g.check("b", ms(0));
        assert_eq!(g.check("c", ms(0)), Decision::Allow);
        assert_eq!(g.check("c", ms(0)), Decision::Allow, "untracked, so never denied");
        assert_eq!((g.len(), g.overflowed()), (2, 2));
    }
}
`;

export const useDuration = 'use std::time::Duration;\n';

export const consts = `use std::time::Duration;

/// Idle keys are swept every SWEEP_EVERY checks: amortised O(1) per check, and no extra state per
/// key, which an LRU list would need (and without dependencies we would be writing that list).
pub const SWEEP_EVERY: u32 = 4096;
/// Default cap on tracked keys (see \`with_max_keys\`): ~100k keys of short strings is a few MB.
pub const MAX_KEYS: usize = 100_000;
`;

export const fieldsOld = `    tat: HashMap<String, Duration>,
}`;

export const fieldsNew = `    tat: HashMap<String, Duration>,
    max_keys: usize,
    since_sweep: u32,
    /// Requests let through untracked because the map was full (fail-open).
    overflowed: u64,
}`;

export const ctorOld = `        Gcra { interval, tolerance: interval * (burst - 1), tat: HashMap::new() }
    }
`;

export const ctorNew = `        Gcra {
            interval,
            tolerance: interval * (burst - 1),
            tat: HashMap::new(),
            max_keys: MAX_KEYS,
            since_sweep: 0,
            overflowed: 0,
        }
    }

    /// Caps the number of tracked keys (default MAX_KEYS).
    pub fn with_max_keys(mut self, max_keys: usize) -> Self {
        self.max_keys = max_keys;
        self
    }
`;

export const checkHeadOld = `    pub fn check(&mut self, key: &str, now: Duration) -> Decision {
        let tat`;

export const checkHeadNew = `    pub fn check(&mut self, key: &str, now: Duration) -> Decision {
        self.since_sweep += 1;
        if self.since_sweep >= SWEEP_EVERY {
            self.sweep(now);
        }
        let tat`;

export const checkTailOld = `        self.tat.insert(key.to_owned(), tat + self.interval);
        Decision::Allow
    }
`;

export const checkTailNew = `        if self.tat.len() >= self.max_keys && !self.tat.contains_key(key) {
            self.sweep(now);
            if self.tat.len() >= self.max_keys {
                // Still full: fail open. Letting a flood through beats answering 429 to real
                // users; \`overflowed\` counts these so the metrics show it.
                self.overflowed += 1;
                return Decision::Allow;
            }
        }
        self.tat.insert(key.to_owned(), tat + self.interval);
        Decision::Allow
    }

    /// Forgets keys whose TAT has passed: such a key is exactly as fresh as one never seen, so
    /// dropping it changes no decision.
    pub fn sweep(&mut self, now: Duration) {
        self.since_sweep = 0;
        self.tat.retain(|_, tat| *tat >= now);
    }

    /// Requests allowed without tracking because the key cap was reached.
    pub fn overflowed(&self) -> u64 {
        self.overflowed
    }
`;

export const libModsOld = 'pub mod gcra;\n\npub use gcra::{Decision, Gcra};\n';
export const libModsNew =
  'pub mod clock;\npub mod gcra;\npub mod limiter;\n\npub use gcra::{Decision, Gcra};\npub use limiter::Limiter;\n';

export const manualCellOld = `/// A clock that tests move by hand; starts at zero.
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
`;

export const manualNewOld = `pub struct ManualClock {
    nanos: AtomicU64,
}

impl ManualClock {
    pub fn new() -> Self {
        ManualClock { nanos: AtomicU64::new(0) }
    }
`;

export const manualNewNew = `#[derive(Default)]
pub struct ManualClock {
    nanos: AtomicU64,
}

impl ManualClock {
    pub fn new() -> Self {
        Self::default()
    }
`;

export const gcraLenOld = `    pub fn len(&self) -> usize {
        self.tat.len()
    }
`;

export const gcraLenNew = `${gcraLenOld}
    pub fn is_empty(&self) -> bool {
        self.tat.is_empty()
    }
`;

export const limiterLenOld = `        self.shards.iter().map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).len()).sum()
    }
`;

export const limiterLenNew = `${limiterLenOld}
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
`;
