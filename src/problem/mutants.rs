//! The `[mutants]` table of `problem.toml`: which sources `gridjudge mutants` mutates when the
//! problem's reference is not a program (a built-in problem's reference is Rust code of
//! gridjudge, which is not rebuilt per mutant): accepted submissions named here.
//! [`crate::judge::mutants`] does the work. Uses nothing of the crate.

use serde::{Deserialize, Serialize};

/// The `[mutants]` table. Every key is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MutantsSettings {
    /// Sources to mutate, relative to the problem folder (C++, Rust or Python), e.g.
    /// `["submissions/accepted/hopcroft_karp.cpp"]`. A program problem's reference solution
    /// is mutated when this is empty.
    #[serde(default)]
    pub sources: Vec<String>,
}
