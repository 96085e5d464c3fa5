//! The problems gridjudge knows. Adding one means a module here, an entry in [`ALL`] and a
//! folder under `problems/`.

use crate::problem::Problem;

pub mod bunny;
pub mod game;

/// Every problem, in the order `gridjudge build` takes them.
pub static ALL: &[&dyn Problem] = &[&game::Game, &bunny::Bunny];
