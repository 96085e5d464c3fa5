//! The `[interaction]` table of `problem.toml`: whether a submission exchanges messages with
//! an interactor instead of writing one output for a checker, and whether it runs in several
//! passes (the Kattis problem package format's multi-pass problems, 2025-09).
//!
//! ```toml
//! [interaction]
//! interactive = true            # the submission talks to the interactor over pipes
//! multi_pass = false            # the validator's nextpass.in starts another pass
//! validation_passes = 2         # at most this many passes (multi-pass only)
//! player = "submissions/accepted/perfect.cpp"  # the reference player (built-in problems)
//! transcript_kib = 64           # bytes of each direction kept for the report
//!
//! [interaction.limits]          # the interactor's own limits, per pass
//! time_ms = 10000
//! memory_mib = 1024
//! ```
//!
//! A program problem names its interactor in `[programs]` (`interactor`, in the testlib or the
//! Kattis convention); a built-in problem plays the jury's side in-process
//! ([`crate::problem::Problem::interact`]).

use serde::Deserialize;

/// Default number of passes of a multi-pass problem: the Kattis format's `validation_passes`
/// default, 2.
pub const DEFAULT_PASSES: u32 = 2;

/// Default bytes of each direction of an exchange kept in the transcript: 64 KiB.
pub const DEFAULT_TRANSCRIPT_KIB: u64 = 64;

/// The interactor's limits, per pass (`[interaction.limits]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InteractorLimits {
    /// CPU time of the interactor, milliseconds (default 10 000). Its wall-clock limit is the
    /// larger of the submission's plus one second (it waits for the submission most of the
    /// time) and its own default, twice this plus one second.
    #[serde(default = "default_time", deserialize_with = "super::time_ms")]
    pub time_ms: u64,
    /// Memory of the interactor, MiB (default 1024).
    #[serde(default = "default_memory", deserialize_with = "super::memory_mib")]
    pub memory_mib: u64,
}

fn default_time() -> u64 {
    10_000
}
fn default_memory() -> u64 {
    1024
}

impl Default for InteractorLimits {
    fn default() -> Self {
        InteractorLimits {
            time_ms: default_time(),
            memory_mib: default_memory(),
        }
    }
}

fn default_passes() -> u32 {
    DEFAULT_PASSES
}
fn default_transcript() -> u64 {
    DEFAULT_TRANSCRIPT_KIB
}

/// The `[interaction]` table (module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InteractionConfig {
    /// The submission exchanges messages with the interactor over pipes (default false).
    #[serde(default)]
    pub interactive: bool,
    /// The submission may run again on the `nextpass.in` its validator writes (default false).
    #[serde(default)]
    pub multi_pass: bool,
    /// At most this many passes (default 2, at least 2 for a multi-pass problem).
    #[serde(default = "default_passes")]
    pub validation_passes: u32,
    /// The reference player, a path relative to the problem folder: run against the
    /// interactor on every test by `build`, which must give AC. A program problem's default
    /// is its `[programs] solution`.
    #[serde(default)]
    pub player: Option<String>,
    /// KiB of each direction kept in a test's transcript (default 64).
    #[serde(default = "default_transcript")]
    pub transcript_kib: u64,
    /// The interactor's limits.
    #[serde(default)]
    pub limits: InteractorLimits,
}

impl Default for InteractionConfig {
    fn default() -> Self {
        InteractionConfig {
            interactive: false,
            multi_pass: false,
            validation_passes: DEFAULT_PASSES,
            player: None,
            transcript_kib: DEFAULT_TRANSCRIPT_KIB,
            limits: InteractorLimits::default(),
        }
    }
}

impl InteractionConfig {
    /// The number of passes a submission may run: `validation_passes` for a multi-pass
    /// problem, else 1.
    pub fn passes(&self) -> u32 {
        if self.multi_pass {
            self.validation_passes
        } else {
            1
        }
    }

    /// Checks what serde cannot: a multi-pass problem allows at least 2 passes.
    pub fn check(&self) -> Result<(), String> {
        if self.multi_pass && self.validation_passes < 2 {
            return Err(format!(
                "[interaction] validation_passes = {} makes no sense for a multi-pass problem: \
                 it must be at least 2",
                self.validation_passes
            ));
        }
        if self.transcript_kib == 0 {
            return Err(
                "[interaction] transcript_kib = 0 keeps no transcript; give at least 1".into(),
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_passes() {
        let c: InteractionConfig = toml::from_str("interactive = true\n").unwrap();
        assert!(c.interactive && !c.multi_pass);
        assert_eq!(c.passes(), 1);
        assert_eq!(c.limits, InteractorLimits::default());
        let c: InteractionConfig =
            toml::from_str("multi_pass = true\nvalidation_passes = 3\n").unwrap();
        assert_eq!(c.passes(), 3);
        assert!(c.check().is_ok());
        let c: InteractionConfig =
            toml::from_str("multi_pass = true\nvalidation_passes = 1\n").unwrap();
        assert!(c.check().unwrap_err().contains("at least 2"));
        let e = toml::from_str::<InteractionConfig>("pases = 3\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `pases`"), "{e}");
    }
}
