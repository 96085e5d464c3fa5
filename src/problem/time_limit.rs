//! The `[time_limit]` table of `problem.toml`: how `gridjudge timelimit` derives a problem's
//! time limit from its submissions ([`crate::judge::timelimit`] does the measuring and the
//! formula). Uses nothing of the crate.

use anyhow::bail;
use serde::{Deserialize, Serialize};

/// The parameters of the Kattis formula that derives a time limit from the submissions'
/// times (Kattis problem package format 2025-09, "Limits"; [`crate::judge::timelimit`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Multipliers {
    /// `ac_to_time_limit`: the limit is at least the slowest accepted time times this (≥ 1).
    pub ac_to_time_limit: f64,
    /// `time_limit_to_tle`: every time-limit-exceeded submission's slowest time is at least the
    /// limit times this (≥ 1).
    pub time_limit_to_tle: f64,
    /// `time_resolution` in ms: the limit is a multiple of it (≥ 1).
    pub resolution_ms: u64,
}

impl Default for Multipliers {
    /// The 2025-09 spec's defaults: 2.0, 1.5, 1000 ms.
    fn default() -> Self {
        Multipliers {
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            resolution_ms: 1000,
        }
    }
}

impl Multipliers {
    /// Errors naming the key when a multiplier is below 1 (or not finite) or the resolution
    /// is 0, as the spec requires.
    pub fn check(&self) -> anyhow::Result<()> {
        for (key, v) in [
            ("ac_to_time_limit", self.ac_to_time_limit),
            ("time_limit_to_tle", self.time_limit_to_tle),
        ] {
            if !v.is_finite() || v < 1.0 {
                bail!("[time_limit] {key} = {v}: it must be a number >= 1");
            }
        }
        if self.resolution_ms == 0 {
            bail!("[time_limit] resolution_ms = 0: it must be at least 1");
        }
        Ok(())
    }
}

/// The `[time_limit]` table of a problem's `problem.toml`: how `gridjudge timelimit` derives
/// the limit. Every key is optional.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeLimitSettings {
    /// The formula's parameters (`ac_to_time_limit`, `time_limit_to_tle`, `resolution_ms`).
    #[serde(flatten)]
    pub multipliers: Multipliers,
    /// A limit per language besides the overall one.
    #[serde(default)]
    pub per_language: bool,
}
