//! Timing helpers shared by the benchmarks' table modes (`GRIDJUDGE_BENCH_TABLE=1`). Each
//! bench that needs them declares `mod common;`.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Median wall time of `runs` calls of `f` (its result kept from the optimiser).
pub fn median_time<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

/// A duration with a unit that fits it.
pub fn show(t: Duration) -> String {
    let s = t.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.0} µs", s * 1e6)
    }
}
