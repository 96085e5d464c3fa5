//! Benchmark of the `game` reference solution in process, the path of `gridjudge solve game
//! --no-limits` without process start-up: parse onto the board, Hopcroft–Karp, alternating
//! reachability, answer bytes. Mazes of 100×100 (the contest's largest), 1000×1000 and
//! 2000×2000 cells from five generators; inputs are generated once, outside the timed loop.
//! The comparison with C++ peers as whole processes is `cargo bench --bench peers`.
//!
//! Two modes:
//! * `cargo bench --bench solve` — criterion statistics, one group per size, throughput in
//!   cells (`Melem/s` = cells per microsecond; ns per cell = 1000 / that). About 2 minutes.
//!   Criterion's own flags work after `--`: a filter such as `solve/2000`, `--quick`, or
//!   `--test` (run each case once, as a smoke test).
//! * `GRIDJUDGE_BENCH_TABLE=1 cargo bench --bench solve` — no criterion: the median of a few
//!   runs per case as a markdown table with ns per cell and the growth of ns per cell from
//!   1000×1000 to 2000×2000 (1.0 = exactly linear). About 30 seconds. Set
//!   `GRIDJUDGE_BENCH_SIZES=100,1000,2000,3000` to choose the sizes.
//!
//! The machine matters: numbers from a shared machine are noisy, so repeat and compare
//! medians.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{median_time, show};
use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use gridjudge::core::args::Args;
use gridjudge::problem::{generate_test, Bounds, Problem, ProblemConfig};
use gridjudge::problems::game::Game;

/// The generators benchmarked: label, generator, extra arguments (after `n=.. m=..`).
const CASES: &[(&str, &str, &str)] = &[
    ("random", "random", "walls=0.3"),
    ("open", "open", ""),
    ("serpentine", "serpentine", ""),
    ("lose", "lose", "walls=0.3"),
    ("maze", "maze", ""),
];

/// Default sides of the square mazes.
const SIDES: &[u32] = &[100, 1000, 2000];

/// One benchmark input: its label, side and bytes.
struct Input {
    label: &'static str,
    side: u32,
    bytes: Vec<u8>,
}

/// Generates the `side`×`side` test of every case with seed 1, as `gen game` would.
fn inputs(side: u32) -> Vec<Input> {
    CASES
        .iter()
        .map(|&(label, generator, extra)| {
            let line = format!("n={side} m={side} {extra}");
            let words: Vec<&str> = line.split_whitespace().collect();
            let args = Args::parse(&words).expect("benchmark arguments parse");
            let bytes = generate_test(&Game, generator, &args, 1).expect("generator runs");
            Input { label, side, bytes }
        })
        .collect()
}

/// The bounds of `gridjudge solve game --no-limits`.
fn lifted() -> Bounds {
    ProblemConfig::load(&Game, None)
        .expect("built-in problem.toml loads")
        .lifted
}

/// What is timed: parse, solve and format, returning the answer bytes.
fn solve(input: &[u8], bounds: &Bounds) -> Vec<u8> {
    Game.solve(input, bounds)
        .expect("reference solution succeeds")
}

fn criterion_benches(sides: &[u32]) {
    let mut c = Criterion::default().configure_from_args();
    let bounds = lifted();
    for &side in sides {
        let mut group = c.benchmark_group(format!("solve/{side}"));
        group.throughput(Throughput::Elements(u64::from(side) * u64::from(side)));
        if side >= 1000 {
            // One run per sample at the largest sizes (a 2000×2000 run takes up to ~1 s).
            group
                .sampling_mode(SamplingMode::Flat)
                .sample_size(10)
                .warm_up_time(Duration::from_millis(500))
                .measurement_time(Duration::from_secs(if side >= 2000 { 5 } else { 3 }));
        } else {
            group
                .sample_size(20)
                .warm_up_time(Duration::from_millis(300))
                .measurement_time(Duration::from_secs(2));
        }
        for input in inputs(side) {
            group.bench_with_input(
                BenchmarkId::from_parameter(input.label),
                &input.bytes,
                |b, bytes| b.iter(|| solve(black_box(bytes), &bounds)),
            );
        }
        group.finish();
    }
    c.final_summary();
}

/// Prints the markdown table of the `GRIDJUDGE_BENCH_TABLE` mode.
fn table(sides: &[u32]) {
    let bounds = lifted();
    // times[case][size]
    let mut times = vec![Vec::new(); CASES.len()];
    for &side in sides {
        for (i, input) in inputs(side).iter().enumerate() {
            let runs = if side <= 100 {
                51
            } else if side <= 1000 {
                9
            } else {
                5
            };
            times[i].push(median_time(runs, || {
                solve(black_box(&input.bytes), &bounds)
            }));
            eprintln!("measured {} {}x{}", input.label, input.side, input.side);
        }
    }
    let header: Vec<String> = sides.iter().map(|s| format!("{s}×{s}")).collect();
    print!("| generator | {} |", header.join(" | "));
    let growth = sides.len() >= 2;
    if growth {
        print!(
            " ns/cell growth {}→{} |",
            header[sides.len() - 2],
            header[sides.len() - 1]
        );
    }
    println!();
    println!(
        "|---|{}{}",
        "---|".repeat(sides.len()),
        if growth { "---|" } else { "" }
    );
    for (i, &(label, _, _)) in CASES.iter().enumerate() {
        let ns_per_cell: Vec<f64> = sides
            .iter()
            .zip(&times[i])
            .map(|(&s, t)| t.as_secs_f64() * 1e9 / (f64::from(s) * f64::from(s)))
            .collect();
        let cells: Vec<String> = times[i]
            .iter()
            .zip(&ns_per_cell)
            .map(|(t, ns)| format!("{} ({ns:.0} ns/cell)", show(*t)))
            .collect();
        print!("| {label} | {} |", cells.join(" | "));
        if growth {
            let k = ns_per_cell.len();
            print!(" {:.2} |", ns_per_cell[k - 1] / ns_per_cell[k - 2]);
        }
        println!();
    }
}

fn main() {
    let sides: Vec<u32> = match std::env::var("GRIDJUDGE_BENCH_SIZES") {
        Ok(list) => list
            .split(',')
            .map(|s| {
                s.trim()
                    .parse()
                    .expect("GRIDJUDGE_BENCH_SIZES: comma-separated sides")
            })
            .collect(),
        Err(_) => SIDES.to_vec(),
    };
    if std::env::var_os("GRIDJUDGE_BENCH_TABLE").is_some() {
        table(&sides);
    } else {
        criterion_benches(&sides);
    }
}
