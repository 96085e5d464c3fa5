//! Generators of `game`. Each draws randomness only from the [`TestRng`] it is given.

use super::{maze_graph, FREE, WALL};
use crate::core::args::{ArgError, Args, GeneratorInfo, Param};
use crate::core::matching::{maximum_matching, NONE};
use crate::core::rng::TestRng;
use crate::problems::grid::Grid;

/// Largest side a generator accepts (beyond the contest's 100, for scale tests).
const MAX_SIDE: u32 = 5000;
/// Largest number of cells a generator accepts.
const MAX_CELLS: u64 = 25_000_000;

const N: Param = Param {
    key: "n",
    about: "rows, 1..=5000 (default 10)",
};
const M: Param = Param {
    key: "m",
    about: "columns, 1..=5000 (default 10)",
};

/// The generators, as `gen game --help` lists them.
pub static GENERATORS: &[GeneratorInfo] = &[
    GeneratorInfo {
        name: "random",
        about: "Each cell is a wall independently with probability `walls`.",
        params: &[
            N,
            M,
            Param {
                key: "walls",
                about: "probability that a cell is a wall, 0..=1 (default 0.3)",
            },
        ],
    },
    GeneratorInfo {
        name: "open",
        about: "No walls at all. LOSE when N*M is even (dominoes tile the board), else the cells \
                of the majority colour win.",
        params: &[N, M],
    },
    GeneratorInfo {
        name: "walls",
        about: "Every cell is a wall: no start cell, so LOSE.",
        params: &[N, M],
    },
    GeneratorInfo {
        name: "line",
        about: "A 1xlen (dir=row) or lenx1 (dir=col) strip with random walls: catches row/column \
                confusion and degenerate sizes.",
        params: &[
            Param {
                key: "len",
                about: "length, 1..=5000 (default 10)",
            },
            Param {
                key: "dir",
                about: "row or col (default row)",
            },
            Param {
                key: "walls",
                about: "wall probability, 0..=1 (default 0.2)",
            },
        ],
    },
    GeneratorInfo {
        name: "lose",
        about: "LOSE by construction: random walls, then every cell that one maximum matching \
                leaves unmatched becomes a wall, so the free cells have a perfect matching. \
                Catches solutions that never print LOSE.",
        params: &[
            N,
            M,
            Param {
                key: "walls",
                about: "initial wall probability, 0..=1 (default 0.3)",
            },
        ],
    },
    GeneratorInfo {
        name: "serpentine",
        about: "One long corridor winding through the board (rows: along rows, cols: along \
                columns). Deep augmenting and alternating paths; overflows recursive DFS.",
        params: &[
            N,
            M,
            Param {
                key: "dir",
                about: "rows or cols (default rows)",
            },
        ],
    },
    GeneratorInfo {
        name: "maze",
        about:
            "A random spanning-tree maze (recursive backtracker on the odd lattice, iterative): \
                long corridors with dead ends; `loops` knocks out extra walls to add cycles.",
        params: &[
            N,
            M,
            Param {
                key: "loops",
                about: "probability to remove each remaining inner wall, 0..=1 (default 0)",
            },
        ],
    },
    GeneratorInfo {
        name: "isolated",
        about: "Free cells with no free neighbour (a random independent set): A wins from each, \
                since B cannot move.",
        params: &[
            N,
            M,
            Param {
                key: "free",
                about: "probability to try to free each cell, 0..=1 (default 0.5)",
            },
        ],
    },
    GeneratorInfo {
        name: "unbalanced",
        about: "Colour-unbalanced mazes: cells of colour 0 are free with probability `black`, of \
                colour 1 with `white`. Many winners on the larger side; propagation along \
                alternating paths matters.",
        params: &[
            N,
            M,
            Param {
                key: "black",
                about: "free probability of (row+col) even cells, 0..=1 (default 0.9)",
            },
            Param {
                key: "white",
                about: "free probability of (row+col) odd cells, 0..=1 (default 0.5)",
            },
        ],
    },
];

fn size(args: &Args) -> Result<(u32, u32), ArgError> {
    let n = args.u32_or("n", 10, 1, MAX_SIDE)?;
    let m = args.u32_or("m", 10, 1, MAX_SIDE)?;
    if u64::from(n) * u64::from(m) > MAX_CELLS {
        return Err(ArgError(format!(
            "n*m = {} exceeds {MAX_CELLS} cells",
            u64::from(n) * u64::from(m)
        )));
    }
    Ok((n, m))
}

fn random_walls(n: u32, m: u32, walls: f64, rng: &mut TestRng) -> Grid {
    let mut g = Grid::filled(n, m, FREE);
    for c in g.cells.iter_mut() {
        if rng.chance(walls) {
            *c = WALL;
        }
    }
    g
}

/// Runs generator `name`. Errors name the bad argument.
pub fn generate(name: &str, args: &Args, rng: &mut TestRng) -> Result<Grid, ArgError> {
    match name {
        "random" => {
            let (n, m) = size(args)?;
            let walls = args.f64_or("walls", 0.3, 0.0, 1.0)?;
            Ok(random_walls(n, m, walls, rng))
        }
        "open" => {
            let (n, m) = size(args)?;
            Ok(Grid::filled(n, m, FREE))
        }
        "walls" => {
            let (n, m) = size(args)?;
            Ok(Grid::filled(n, m, WALL))
        }
        "line" => {
            let len = args.u32_or("len", 10, 1, MAX_SIDE)?;
            let dir = args.choice_or("dir", "row", &["row", "col"])?;
            let walls = args.f64_or("walls", 0.2, 0.0, 1.0)?;
            let (n, m) = if dir == "row" { (1, len) } else { (len, 1) };
            Ok(random_walls(n, m, walls, rng))
        }
        "lose" => {
            let (n, m) = size(args)?;
            let walls = args.f64_or("walls", 0.3, 0.0, 1.0)?;
            let mut g = random_walls(n, m, walls, rng);
            let (graph, vid) = maze_graph(&g);
            let mm = maximum_matching(&graph);
            for id in 0..g.len() {
                let v = vid[id as usize];
                if v != u32::MAX && mm.mate[v as usize] == NONE {
                    g.set(id, WALL);
                }
            }
            Ok(g)
        }
        "serpentine" => {
            let (n, m) = size(args)?;
            let dir = args.choice_or("dir", "rows", &["rows", "cols"])?;
            // Build along rows on an (a x b) board, transposing for cols.
            let (a, b) = if dir == "rows" { (n, m) } else { (m, n) };
            let mut t = Grid::filled(a, b, WALL);
            for r in 0..a {
                if r % 2 == 0 {
                    for c in 0..b {
                        t.set(t.id(r, c), FREE);
                    }
                } else {
                    // Connector at the right end after even rows 0, 4, 8..., else the left.
                    let c = if r % 4 == 1 { b - 1 } else { 0 };
                    t.set(t.id(r, c), FREE);
                }
            }
            Ok(if dir == "rows" { t } else { transpose(&t) })
        }
        "maze" => {
            let (n, m) = size(args)?;
            let loops = args.f64_or("loops", 0.0, 0.0, 1.0)?;
            Ok(spanning_tree_maze(n, m, loops, rng))
        }
        "isolated" => {
            let (n, m) = size(args)?;
            let p = args.f64_or("free", 0.5, 0.0, 1.0)?;
            let mut g = Grid::filled(n, m, WALL);
            let mut order: Vec<u32> = (0..g.len()).collect();
            rng.shuffle(&mut order);
            for id in order {
                if rng.chance(p) && g.neighbours(id).all(|nb| g.at(nb) == WALL) {
                    g.set(id, FREE);
                }
            }
            Ok(g)
        }
        "unbalanced" => {
            let (n, m) = size(args)?;
            let black = args.f64_or("black", 0.9, 0.0, 1.0)?;
            let white = args.f64_or("white", 0.5, 0.0, 1.0)?;
            let mut g = Grid::filled(n, m, WALL);
            for id in 0..g.len() {
                let p = if g.parity(id) == 0 { black } else { white };
                if rng.chance(p) {
                    g.set(id, FREE);
                }
            }
            Ok(g)
        }
        _ => Err(ArgError(format!("game has no generator `{name}`"))),
    }
}

fn transpose(t: &Grid) -> Grid {
    let mut g = Grid::filled(t.m, t.n, WALL);
    for r in 0..t.n {
        for c in 0..t.m {
            g.set(g.id(c, r), t.at(t.id(r, c)));
        }
    }
    g
}

/// Recursive-backtracker maze on the lattice of (even row, even column) cells, with an
/// explicit stack. The corridors between lattice cells are opened as the walk goes.
fn spanning_tree_maze(n: u32, m: u32, loops: f64, rng: &mut TestRng) -> Grid {
    let mut g = Grid::filled(n, m, WALL);
    let (ln, lm) = (n.div_ceil(2), m.div_ceil(2));
    let mut visited = vec![false; (ln * lm) as usize];
    let mut stack = vec![(0u32, 0u32)];
    visited[0] = true;
    g.set(0, FREE);
    while let Some(&(r, c)) = stack.last() {
        let mut options: Vec<(u32, u32)> = Vec::with_capacity(4);
        if r > 0 {
            options.push((r - 1, c));
        }
        if c > 0 {
            options.push((r, c - 1));
        }
        if c + 1 < lm {
            options.push((r, c + 1));
        }
        if r + 1 < ln {
            options.push((r + 1, c));
        }
        options.retain(|&(a, b)| !visited[(a * lm + b) as usize]);
        match rng.choose(&options) {
            None => {
                stack.pop();
            }
            Some(&(a, b)) => {
                visited[(a * lm + b) as usize] = true;
                g.set(g.id(2 * a, 2 * b), FREE);
                g.set(g.id(r + a, c + b), FREE); // the wall between (2r,2c) and (2a,2b)
                stack.push((a, b));
            }
        }
    }
    if loops > 0.0 {
        for id in 0..g.len() {
            let (r, c) = g.pos(id);
            // Inner walls between two lattice cells: exactly one odd coordinate.
            if g.at(id) == WALL && (r % 2 + c % 2 == 1) && rng.chance(loops) {
                g.set(id, FREE);
            }
        }
    }
    g
}
