//! Running programs: what a submission or a setter's program is and how each language is
//! compiled, with the compile cache ([`compile`]); running one program under time, memory,
//! output and task limits ([`runner`]); the bubblewrap sandbox around untrusted programs
//! ([`sandbox`]).
//!
//! May use: [`crate::core`] and [`crate::problem`] (the limits' defaults). Knows no problem
//! implementation and no package.

pub mod compile;
pub mod runner;
pub mod sandbox;
