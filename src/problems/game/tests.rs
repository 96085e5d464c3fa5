//! Tests of the `game` solver, its brute force and its generators.
//!
//! The reference solution (`winning_cells`, matching theory) is checked against the brute force
//! (`brute_force_winners`, the literal game with no theory) on every maze of the small shapes
//! and on thousands of random mazes of every shape up to 6×6, against closed forms on families
//! whose answer is known, and against the official sample. Generators are checked to produce
//! valid inputs and the answers they promise.
//!
//! Checker and validator tests live in `tests/game_*.rs`; value-stability in
//! `tests/game_golden.rs`.

use super::*;
use crate::problem::{generate_test, Problem};

/// A maze from rows of `.`/`#`.
fn maze(rows: &[&str]) -> Grid {
    let n = rows.len() as u32;
    let m = rows[0].len() as u32;
    let mut g = Grid::filled(n, m, WALL);
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len() as u32, m, "ragged test maze");
        for (c, ch) in row.bytes().enumerate() {
            g.set(g.id(r as u32, c as u32), ch);
        }
    }
    g
}

/// Cell ids of 1-based (row, column) pairs.
fn ids(g: &Grid, cells: &[(u32, u32)]) -> Vec<u32> {
    cells.iter().map(|&(r, c)| g.id(r - 1, c - 1)).collect()
}

fn free_cells(g: &Grid) -> Vec<u32> {
    (0..g.len()).filter(|&id| g.at(id) == FREE).collect()
}

/// The maze of shape n×m whose cell `id` is a wall iff bit `id` of `mask` is set.
fn maze_from_mask(n: u32, m: u32, mask: u64) -> Grid {
    let mut g = Grid::filled(n, m, FREE);
    for id in 0..g.len() {
        if mask >> id & 1 == 1 {
            g.set(id, WALL);
        }
    }
    g
}

/// Asserts that the reference and the brute force name the same winning cells.
fn assert_agree(g: &Grid) {
    let brute = brute_force_winners(g).expect("at most 64 free cells");
    let fast = winning_cells(g);
    assert_eq!(
        fast,
        brute,
        "reference and brute force disagree on\n{}",
        String::from_utf8_lossy(&format_maze(g))
    );
}

fn config() -> ProblemConfig {
    ProblemConfig::load(&Game, None).unwrap()
}

fn generate(spec: &str, seed: u64) -> Vec<u8> {
    let mut words = spec.split_whitespace();
    let gen = words.next().unwrap();
    let args = Args::parse(&words.collect::<Vec<_>>()).unwrap();
    generate_test(&Game, gen, &args, seed).unwrap()
}

fn parse_ok(input: &[u8]) -> Grid {
    parse(input, &unbounded(), ValidateOptions::default()).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Reference against the brute force.

/// Every maze of every shape with at most 12 cells (1×1 … 1×12, 2×1 … 2×6, 3×4, 4×3, 6×2,
/// 12×1, …): all 2^(n·m) wall patterns, 35 978 mazes in all. The two solvers must name the
/// same winning cells on each.
#[test]
fn reference_equals_brute_force_on_every_maze_of_up_to_12_cells() {
    let mut mazes = 0u64;
    let mut lose = 0u64;
    for n in 1..=12u32 {
        for m in 1..=12 / n {
            for mask in 0..1u64 << (n * m) {
                let g = maze_from_mask(n, m, mask);
                assert_agree(&g);
                mazes += 1;
                lose += u64::from(winning_cells(&g).is_empty());
            }
        }
    }
    // Sum over all shapes n*m <= 12 of 2^(n*m).
    assert_eq!(mazes, 35_978);
    // Both answers occur (a sanity bound, not a property of the solvers).
    assert!(lose > 1000 && lose < mazes - 1000, "{lose} of {mazes}");
}

/// All 2^15 mazes of 3×5 and of 5×3: the shapes where non-trivial alternating paths between
/// both colour classes first become common.
#[test]
fn reference_equals_brute_force_on_every_maze_of_3x5_and_5x3() {
    for (n, m) in [(3u32, 5u32), (5, 3)] {
        for mask in 0..1u64 << 15 {
            assert_agree(&maze_from_mask(n, m, mask));
        }
    }
}

/// The property test of the issue, as a deterministic loop: every shape n×m with
/// 1 <= n, m <= 6 (36 shapes) at each of 60 wall densities k/59 for k = 0..=59, from fully
/// open (k = 0) to all walls (k = 59): 2160 mazes, each cell a wall independently with that
/// probability, drawn from [`TestRng`] so that every run sees the same mazes.
///
/// No cap on the number of free cells: the fully open 6×6 board (36 free cells, the worst
/// case) takes the brute force well under a second with memoisation and early cut-offs, and
/// only the lowest densities on the 5×6, 6×5 and 6×6 shapes come near it, so the whole loop
/// stays within a few seconds at the test profile's opt-level.
#[test]
fn reference_equals_brute_force_on_2160_random_mazes_up_to_6x6() {
    const LEVELS: u32 = 60;
    let mut cases = 0u32;
    let mut full_open_6x6 = 0u32;
    let mut no_free = 0u32;
    let (mut win, mut lose) = (0u32, 0u32);
    for k in 0..LEVELS {
        let walls = f64::from(k) / f64::from(LEVELS - 1);
        for n in 1..=6u32 {
            for m in 1..=6u32 {
                let mut rng =
                    TestRng::for_test("game", "brute-property", &format!("{n}x{m}"), k.into());
                let mut g = Grid::filled(n, m, FREE);
                for c in g.cells.iter_mut() {
                    if rng.chance(walls) {
                        *c = WALL;
                    }
                }
                let free = free_cells(&g).len();
                full_open_6x6 += u32::from(n == 6 && m == 6 && free == 36);
                no_free += u32::from(free == 0);
                assert_agree(&g);
                if winning_cells(&g).is_empty() {
                    lose += 1;
                } else {
                    win += 1;
                }
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 2160);
    // Density 0 gives the open board, density 1 no free cell, for every shape.
    assert!(full_open_6x6 >= 1);
    assert!(no_free >= 36);
    assert!(win > 500 && lose > 500, "win {win}, lose {lose}");
}

mod prop {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::RngSeed;

    proptest! {
        // Fixed seed and no persistence file: the same 400 cases on every run. A failure is
        // shrunk to a small maze.
        #![proptest_config(ProptestConfig {
            cases: 400,
            rng_seed: RngSeed::Fixed(20_090_401),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Random shapes up to 5×6 and random wall masks (any density).
        #[test]
        fn reference_equals_brute_force(n in 1u32..=5, m in 1u32..=6, mask in any::<u64>()) {
            let g = maze_from_mask(n, m, mask);
            let brute = brute_force_winners(&g).unwrap();
            prop_assert_eq!(winning_cells(&g), brute);
        }
    }
}

/// The `Problem::brute_force` entry point: canonical answer bytes, and `None` over the cap.
#[test]
fn brute_force_entry_point_respects_the_cap() {
    let input = b"2 3\n...\n.#.\n";
    let ans = Game.brute_force(input, 20).unwrap().unwrap();
    assert_eq!(ans, Game.solve(input, &config().constraints).unwrap());
    assert_eq!(Game.brute_force(input, 4).unwrap(), None);
    assert_eq!(
        Game.brute_force(input, 5).unwrap().as_deref(),
        Some(&ans[..])
    );
    // Over 64 free cells the literal game is not attempted at all.
    assert_eq!(brute_force_winners(&Grid::filled(5, 13, FREE)), None);
}

// ---------------------------------------------------------------------------------------------
// Known answers.

#[test]
fn sample_1_gives_the_official_answer() {
    let input = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/game/samples/sample1.in"
    ))
    .unwrap();
    let official = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/game/samples/sample1.ans"
    ))
    .unwrap();
    assert_eq!(official, b"WIN\n2 3\n3 2\n");
    assert_eq!(Game.solve(&input, &config().constraints).unwrap(), official);
    let g = parse_ok(&input);
    assert_eq!(brute_force_winners(&g).unwrap(), ids(&g, &[(2, 3), (3, 2)]));
}

#[test]
fn hand_checked_mazes() {
    // A single free cell: B cannot move, A wins.
    let g = maze(&["."]);
    assert_eq!(format_answer(&g, &winning_cells(&g)), b"WIN\n1 1\n");
    // No free cell at all: LOSE.
    let g = maze(&["##", "##"]);
    assert_eq!(format_answer(&g, &winning_cells(&g)), b"LOSE\n");
    // Two adjacent cells: B moves, then A is stuck. LOSE.
    assert!(winning_cells(&maze(&[".."])).is_empty());
    // A 2x2 ring: a perfect matching, LOSE (B always has a move back around the ring).
    assert!(winning_cells(&maze(&["..", ".."])).is_empty());
    // A 'T': centre (1,2) with three arms. One arm stays unmatched in every maximum matching
    // that uses the centre, so all three leaves win; the centre is always covered.
    let g = maze(&["...", "#.#"]);
    assert_eq!(winning_cells(&g), ids(&g, &[(1, 1), (1, 3), (2, 2)]));
    // Rows and columns must not be confused: a 2x3 maze with one wall.
    let g = maze(&["...", "..#"]);
    let w = winning_cells(&g);
    assert_eq!(w, brute_force_winners(&g).unwrap());
    assert_eq!(format_answer(&g, &w), b"WIN\n1 1\n1 3\n2 2\n");
}

/// Open n×m board: LOSE iff n·m is even (dominoes tile it); otherwise exactly the cells with
/// row + column even (the majority colour, corners included) win.
#[test]
fn open_board_closed_form() {
    let mut sizes: Vec<(u32, u32)> = Vec::new();
    for n in 1..=15 {
        for m in 1..=15 {
            sizes.push((n, m));
        }
    }
    sizes.extend([(1, 100), (100, 1), (99, 99), (99, 100), (100, 100), (97, 3)]);
    for (n, m) in sizes {
        let g = Grid::filled(n, m, FREE);
        let w = winning_cells(&g);
        if n * m % 2 == 0 {
            assert!(w.is_empty(), "{n}x{m} open board should be LOSE");
        } else {
            let expected: Vec<u32> = (0..g.len()).filter(|&id| g.parity(id) == 0).collect();
            assert_eq!(w, expected, "{n}x{m}");
            assert_eq!(w.len() as u32, (n * m).div_ceil(2));
        }
        if n * m <= 30 {
            assert_eq!(brute_force_winners(&g).unwrap(), w, "{n}x{m} brute force");
        }
    }
}

/// A 1×L or L×1 line: LOSE when L is even; when L is odd, the 1st, 3rd, 5th, … cells win.
#[test]
fn line_closed_form() {
    for len in 1..=101u32 {
        for (n, m) in [(1, len), (len, 1)] {
            let g = Grid::filled(n, m, FREE);
            let w = winning_cells(&g);
            let expected: Vec<u32> = if len % 2 == 0 {
                Vec::new()
            } else {
                (0..len).step_by(2).collect()
            };
            assert_eq!(w, expected, "{n}x{m}");
            if len <= 24 {
                assert_eq!(brute_force_winners(&g).unwrap(), w, "{n}x{m} brute force");
            }
        }
    }
}

/// The free cells of a maze that form one simple path, in order from one end. Panics if they
/// do not form a single path.
fn path_order(g: &Grid) -> Vec<u32> {
    let free = free_cells(g);
    let deg = |id: u32| g.neighbours(id).filter(|&nb| g.at(nb) == FREE).count();
    assert!(free.iter().all(|&id| deg(id) <= 2), "not a path");
    let start = free
        .iter()
        .copied()
        .find(|&id| deg(id) <= 1)
        .expect("a path has an end");
    let mut order = vec![start];
    let mut prev = u32::MAX;
    let mut cur = start;
    while let Some(next) = g.neighbours(cur).find(|&nb| g.at(nb) == FREE && nb != prev) {
        order.push(next);
        prev = cur;
        cur = next;
    }
    assert_eq!(order.len(), free.len(), "free cells are not one path");
    order
}

/// The serpentine corridor is one simple path. Odd length: the cells at odd positions along the
/// path (1st, 3rd, …, both ends included) win, every other cell loses. Even length: LOSE.
#[test]
fn serpentine_corridor_closed_form() {
    let mut odd = 0;
    let mut even = 0;
    for n in 1..=13u32 {
        for m in [1u32, 2, 3, 4, 7, 10, 99] {
            for dir in ["rows", "cols"] {
                let g = parse_ok(&generate(&format!("serpentine n={n} m={m} dir={dir}"), 1));
                assert_eq!((g.n, g.m), (n, m));
                let path = path_order(&g);
                let mut expected: Vec<u32> = if path.len() % 2 == 0 {
                    even += 1;
                    Vec::new()
                } else {
                    odd += 1;
                    path.iter().copied().step_by(2).collect()
                };
                expected.sort_unstable();
                assert_eq!(
                    winning_cells(&g),
                    expected,
                    "serpentine n={n} m={m} dir={dir}"
                );
                if path.len() <= 22 {
                    assert_agree(&g);
                }
            }
        }
    }
    assert!(odd > 20 && even > 20, "odd {odd}, even {even}");
    // The long ones of the manifest: 99 rows of 100 → 50*100 + 49 = 5049 cells, odd.
    let g = parse_ok(&generate("serpentine n=99 m=100 dir=rows", 6));
    let path = path_order(&g);
    assert_eq!(path.len(), 5049);
    assert_eq!(winning_cells(&g).len(), 2525);
}

// ---------------------------------------------------------------------------------------------
// Generators.

/// Every generator's argument list for an n×m test (the `line` generator takes a length).
fn specs_for(n: u32, m: u32) -> Vec<String> {
    let mut v = vec![
        format!("random n={n} m={m}"),
        format!("random n={n} m={m} walls=0"),
        format!("random n={n} m={m} walls=1"),
        format!("open n={n} m={m}"),
        format!("walls n={n} m={m}"),
        format!("lose n={n} m={m}"),
        format!("lose n={n} m={m} walls=0.05"),
        format!("serpentine n={n} m={m}"),
        format!("serpentine n={n} m={m} dir=cols"),
        format!("maze n={n} m={m}"),
        format!("maze n={n} m={m} loops=0.3"),
        format!("isolated n={n} m={m}"),
        format!("isolated n={n} m={m} free=1"),
        format!("unbalanced n={n} m={m}"),
        format!("unbalanced n={n} m={m} black=0.3 white=1"),
    ];
    if n == 1 {
        v.push(format!("line len={m} dir=row"));
        v.push(format!("line len={m} dir=row walls=0"));
    }
    if m == 1 {
        v.push(format!("line len={n} dir=col walls=0.5"));
    }
    v
}

/// Every generator, at sizes 1×1 up to 100×100 with odd and even sides, writes an input that
/// the validator accepts under problem.toml's constraints (and the `small` group when N, M <= 5),
/// of the requested shape; the reference answer passes the checker; and on small mazes the
/// reference agrees with the brute force.
#[test]
fn every_generator_output_is_valid() {
    let cfg = config();
    let all = cfg.bounds_for(None).unwrap();
    let small = cfg.bounds_for(Some("small")).unwrap();
    let sizes = [
        (1, 1),
        (1, 2),
        (2, 1),
        (1, 7),
        (6, 1),
        (2, 2),
        (3, 3),
        (4, 5),
        (5, 4),
        (5, 5),
        (7, 8),
        (100, 1),
        (1, 100),
        (99, 99),
        (100, 99),
        (100, 100),
    ];
    let mut used = std::collections::BTreeSet::new();
    let mut checked = 0;
    for (n, m) in sizes {
        for spec in specs_for(n, m) {
            used.insert(spec.split(' ').next().unwrap().to_string());
            for seed in [1, 2] {
                let input = generate(&spec, seed);
                let summary = Game
                    .validate(&input, &all, ValidateOptions::default())
                    .unwrap_or_else(|e| panic!("{spec} seed {seed}: {e}"));
                assert_eq!(summary.size, format!("{n}x{m}"), "{spec}");
                if n <= 5 && m <= 5 {
                    Game.validate(&input, &small, ValidateOptions::default())
                        .unwrap_or_else(|e| panic!("{spec} seed {seed} (small): {e}"));
                }
                let ans = Game.solve(&input, &all).unwrap();
                let verdict = Game.check(&input, &mut &ans[..], &ans, &cfg).verdict;
                assert_eq!(verdict, crate::core::verdict::Verdict::Ac, "{spec}");
                let g = parse_ok(&input);
                if free_cells(&g).len() <= 20 {
                    assert_agree(&g);
                }
                checked += 1;
            }
        }
    }
    let names: std::collections::BTreeSet<String> = Game
        .generators()
        .iter()
        .map(|g| g.name.to_string())
        .collect();
    assert_eq!(used, names, "every generator is exercised");
    assert!(checked > 450, "{checked}");
}

#[test]
fn shape_generators_give_their_shapes() {
    for seed in 0..5 {
        let g = parse_ok(&generate("open n=7 m=4", seed));
        assert!(g.cells.iter().all(|&c| c == FREE));
        let g = parse_ok(&generate("walls n=3 m=8", seed));
        assert!(g.cells.iter().all(|&c| c == WALL));
        let g = parse_ok(&generate("line len=9 dir=col walls=0", seed));
        assert_eq!((g.n, g.m), (9, 1));
        assert!(g.cells.iter().all(|&c| c == FREE));
        let g = parse_ok(&generate("line len=9", seed));
        assert_eq!((g.n, g.m), (1, 9));
        // Colour classes: black=1 frees every even cell, white=0 none of the odd ones.
        let g = parse_ok(&generate("unbalanced n=6 m=7 black=1 white=0", seed));
        for id in 0..g.len() {
            assert_eq!(g.at(id) == FREE, g.parity(id) == 0);
        }
    }
}

/// Free cells reachable from `start` along free cells.
fn component(g: &Grid, start: u32) -> usize {
    let mut seen = vec![false; g.len() as usize];
    let mut stack = vec![start];
    seen[start as usize] = true;
    let mut count = 0;
    while let Some(id) = stack.pop() {
        count += 1;
        for nb in g.neighbours(id) {
            if g.at(nb) == FREE && !seen[nb as usize] {
                seen[nb as usize] = true;
                stack.push(nb);
            }
        }
    }
    count
}

/// `maze` without loops is a spanning tree of its free cells: connected, edges = cells - 1.
#[test]
fn maze_generator_makes_a_tree() {
    for (n, m) in [(1, 1), (1, 9), (9, 1), (5, 5), (6, 6), (31, 40), (100, 100)] {
        for seed in 0..4 {
            let g = parse_ok(&generate(&format!("maze n={n} m={m}"), seed));
            let free = free_cells(&g);
            assert_eq!(component(&g, 0), free.len(), "maze {n}x{m} is connected");
            let (graph, _) = maze_graph(&g);
            let edges: usize = (0..graph.n_left()).map(|v| graph.neighbours(v).len()).sum();
            assert_eq!(edges + 1, free.len(), "maze {n}x{m} is a tree");
        }
    }
}

/// `lose` always gives a maze with a perfect matching: the answer is LOSE, for any size and
/// wall density (brute force confirms it on the small ones).
#[test]
fn lose_generator_always_gives_lose() {
    let mut brute_checked = 0;
    for seed in 0..400u64 {
        let n = 1 + (seed % 8) as u32;
        let m = 1 + (seed / 8 % 7) as u32;
        let walls = (seed % 10) as f64 / 10.0;
        let input = generate(&format!("lose n={n} m={m} walls={walls}"), seed);
        let g = parse_ok(&input);
        assert!(winning_cells(&g).is_empty(), "lose n={n} m={m} seed {seed}");
        assert_eq!(
            Game.solve(&input, &config().constraints).unwrap(),
            b"LOSE\n"
        );
        if free_cells(&g).len() <= 24 {
            assert!(brute_force_winners(&g).unwrap().is_empty());
            brute_checked += 1;
        }
    }
    assert!(brute_checked > 200, "{brute_checked}");
    for seed in 0..6 {
        let g = parse_ok(&generate("lose n=100 m=100 walls=0.3", seed));
        assert!(winning_cells(&g).is_empty());
        // Not trivially empty: most cells stay free.
        assert!(free_cells(&g).len() > 5000);
    }
}

/// `isolated` frees only cells with no free neighbour, so every free cell wins (B cannot make
/// the first move) and the answer lists exactly the free cells.
#[test]
fn isolated_generator_every_free_cell_wins() {
    for seed in 0..300u64 {
        let n = 1 + (seed % 9) as u32;
        let m = 1 + (seed / 9 % 9) as u32;
        let p = (seed % 11) as f64 / 10.0;
        let g = parse_ok(&generate(&format!("isolated n={n} m={m} free={p}"), seed));
        let free = free_cells(&g);
        for &id in &free {
            assert!(g.neighbours(id).all(|nb| g.at(nb) == WALL));
        }
        assert_eq!(winning_cells(&g), free);
        if free.len() <= 30 {
            assert_eq!(brute_force_winners(&g).unwrap(), free);
        }
    }
    let g = parse_ok(&generate("isolated n=100 m=100 free=1", 3));
    let free = free_cells(&g);
    assert!(free.len() > 2000);
    assert_eq!(winning_cells(&g), free);
}
