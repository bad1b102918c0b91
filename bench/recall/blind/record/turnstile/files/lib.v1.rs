//! turnstile: an in-process rate limiter keyed by string (API key, client IP). std only.
//!
//! Two algorithms side by side until we pick one: a token bucket and GCRA.

mod bucket;
pub mod gcra;
