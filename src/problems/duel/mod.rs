//! Problem `duel`: `game` played interactively against a perfect opponent.
//!
//! The boards, their format, validator, generators, bounds, shrinking, pictures and jury
//! answer (`WIN` and the winning cells, or `LOSE`) are `game`'s: every such item delegates to
//! [`crate::problems::game::Game`]. What is new is the exchange ([`protocol`]): the interactor
//! writes the board, the contestant plays A (`LOSE`, or `START r c` and then its moves), the
//! interactor plays B ([`strategy`]): perfectly when B can win, and so as to punish naive play
//! when it cannot. `duel` has no batch checker: [`Problem::check`] is FAIL.

pub mod players;
pub mod protocol;
pub mod strategy;

use crate::core::args::{ArgError, Args, GeneratorInfo};
use crate::core::reader::FormatError;
use crate::core::rng::TestRng;
use crate::core::verdict::CheckOutcome;
use crate::problem::{Bounds, InputSummary, Problem, ProblemConfig, ValidateOptions};
use crate::problems::game::{self, Game};

/// The `duel` problem.
pub struct Duel;

impl Problem for Duel {
    fn name(&self) -> &'static str {
        "duel"
    }

    fn builtin_config(&self) -> &'static str {
        include_str!("../../../problems/duel/problem.toml")
    }

    fn builtin_bounds(&self, lifted: bool) -> Option<Bounds> {
        crate::problem::compiled_bounds(self.name(), lifted)
    }

    fn config_keys(&self) -> crate::problem::ConfigKeys {
        crate::problem::ConfigKeys {
            required_bounds: &["n", "m"],
            optional_bounds: &["cells"],
            checker_flags: &[],
        }
    }

    fn validate(
        &self,
        input: &[u8],
        bounds: &Bounds,
        opts: ValidateOptions,
    ) -> Result<InputSummary, FormatError> {
        Game.validate(input, bounds, opts)
    }

    fn solve(&self, input: &[u8], bounds: &Bounds) -> anyhow::Result<Vec<u8>> {
        Game.solve(input, bounds)
    }

    fn solve_to(
        &self,
        input: Vec<u8>,
        bounds: &Bounds,
        out: &mut dyn std::io::Write,
    ) -> anyhow::Result<()> {
        Game.solve_to(input, bounds, out)
    }

    fn brute_force(&self, input: &[u8], max_cells: u64) -> anyhow::Result<Option<Vec<u8>>> {
        Game.brute_force(input, max_cells)
    }

    /// `duel` is interactive: there is no output to check, so this is FAIL.
    fn check(
        &self,
        _input: &[u8],
        _output: &mut dyn std::io::Read,
        _answer: &[u8],
        _config: &ProblemConfig,
    ) -> CheckOutcome {
        CheckOutcome::fail(
            "problem `duel` is interactive: a submission is judged by playing against its \
             interactor (Problem::interact), not by checking an output",
        )
    }

    /// One game (see [`protocol`]). FAIL when the board does not parse or the jury answer is
    /// neither `WIN` nor `LOSE` or disagrees with the board.
    fn interact(
        &self,
        input: &[u8],
        answer: &[u8],
        from_contestant: &mut dyn std::io::BufRead,
        to_contestant: &mut dyn std::io::Write,
    ) -> CheckOutcome {
        let grid = match game::parse_tokens(input, &game_unbounded()) {
            Ok(g) => g,
            Err(e) => return CheckOutcome::fail(format!("the board does not parse: {e}")),
        };
        let says_lose = match answer.split(|&b| b == b'\n').next() {
            Some(b"LOSE") => true,
            Some(b"WIN") => false,
            _ => {
                return CheckOutcome::fail(
                    "the jury answer starts with neither WIN nor LOSE".to_string(),
                )
            }
        };
        protocol::interact(&grid, says_lose, from_contestant, to_contestant)
    }

    fn describe_answer(&self, answer: &[u8]) -> String {
        Game.describe_answer(answer)
    }

    fn render_svg(
        &self,
        input: &[u8],
        answer: Option<&[u8]>,
        config: &ProblemConfig,
        opts: crate::problem::RenderOptions,
    ) -> anyhow::Result<String> {
        Game.render_svg(input, answer, config, opts)
    }

    fn generators(&self) -> &'static [GeneratorInfo] {
        Game.generators()
    }

    /// `game`'s: the same manifest line gives the same board.
    fn seed_name(&self) -> &'static str {
        "game"
    }

    fn generate(&self, name: &str, args: &Args, rng: &mut TestRng) -> Result<Vec<u8>, ArgError> {
        Game.generate(name, args, rng)
    }

    fn shrink_candidates(&self, input: &[u8]) -> Vec<Vec<u8>> {
        Game.shrink_candidates(input)
    }
}

/// Bounds that accept any board the interactor may be given (jury files: the build validated
/// them under the constraints).
fn game_unbounded() -> Bounds {
    Bounds(
        [
            ("n".to_string(), [1, 1 << 16]),
            ("m".to_string(), [1, 1 << 16]),
            ("cells".to_string(), [1, 1 << 24]),
        ]
        .into_iter()
        .collect(),
    )
}

#[cfg(test)]
mod tests;
