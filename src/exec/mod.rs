//! Running programs: what a submission or a setter's program is and how each language is
//! compiled, with the compile cache ([`compile`]); running one program under time, memory,
//! output and task limits ([`runner`]), through the one wait loop that enforces them
//! ([`wait`]); a submission and an interactor joined by relayed pipes ([`interact`]); the bubblewrap sandbox around untrusted programs ([`sandbox`]), the init that
//! is PID 1 of every box ([`box_init`]), the long-lived boxes that start runs cheaply
//! ([`zygote`]), the system-call filter of judged programs ([`seccomp`]), the cgroups
//! that limit and account a sandboxed run and their hand-over to users ([`cgroup`]), what the
//! host allows unprivileged sandboxes ([`host`]), and the registry that takes every run
//! and temporary folder down on a signal or a panic ([`cleanup`]); the read-only view of a
//! problem folder for the setter's programs, which run unconfined ([`read_only`]); array jobs
//! on a Slurm cluster, one task per shard of a command ([`slurm`]).
//!
//! Inside the layer, lowest first: `cleanup` < `cgroup` < `sandbox` < `wait` < `runner` <
//! `interact`,
//! `seccomp` < `box_init` < `zygote` < `sandbox`, `read_only` < `runner`, `host` (uses none
//! of them), and
//! `compile` (which uses `sandbox`), `slurm` (which uses `cleanup` and `compile`); files import each other directly, never through this
//! file.
//!
//! May use: [`crate::core`] and [`crate::problem`] (the limits' defaults). Knows no problem
//! implementation and no package.

pub mod box_init;
pub mod cgroup;
pub mod cleanup;
pub mod compile;
pub mod host;
pub mod interact;
pub mod read_only;
pub mod runner;
pub mod sandbox;
pub mod seccomp;
pub mod slurm;
pub mod wait;
pub mod zygote;
