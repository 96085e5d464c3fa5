//! Benchmark of the `bunny` reference solution, the whole path of `gridjudge solve bunny
//! --no-limits`: strict parse with every move checked, usable-cell graph, Hopcroft–Karp on the
//! cells the token never visits, 2k + 1 reverse-time activations, answer bytes. Inputs are
//! generated once, outside the timed loop.
//!
//! Cases: the longest 40×40 records of the package's generators (k up to 799, the most a 40×40
//! board allows), and records far beyond the contest's limits: 200×200 boards with k = 10 000
//! (20 001 positions on 40 000 cells), solved with the lifted bounds of problem.toml.
//!
//! Two modes:
//! * `cargo bench --bench bunny` — criterion statistics, one group per size. About 2 minutes.
//!   Criterion's own flags work after `--`: a filter such as `bunny/40x40`, `--quick`, or
//!   `--test` (run each case once, as a smoke test).
//! * `GRIDJUDGE_BENCH_TABLE=1 cargo bench --bench bunny` — no criterion: the median of a few
//!   runs per case as a markdown table, with the time per position (per activation). About
//!   half a minute.
//!
//! The reference costs O(E·sqrt V) for the first matching plus at most O(V + E) per position,
//! but the searches skip what earlier failed searches proved dead and look for a free
//! neighbour before searching deeper (see `IncrementalMatching` in src/core/matching.rs): on these
//! records most positions cost a few steps, and the 200×200 records take well under a second.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{median_time, show};
use criterion::{BenchmarkId, Criterion, SamplingMode};
use gridjudge::core::args::Args;
use gridjudge::problem::{generate_test, Bounds, Problem, ProblemConfig};
use gridjudge::problems::bunny::Bunny;

/// The records benchmarked: group, label, generator line.
const CASES: &[(&str, &str, &str)] = &[
    ("40x40", "serpentine", "long n=40 m=40"),
    ("40x40", "random path", "long n=40 m=40 path=random"),
    (
        "40x40",
        "zigzag with skips",
        "long n=40 m=40 path=zigzag skips=0.1",
    ),
    ("40x40", "comb", "comb n=40 m=40"),
    (
        "40x40",
        "play, both err",
        "play n=40 m=40 colours=allusable start=corner err=1 eggerr=1 prolong=1",
    ),
    ("200x200-k10000", "serpentine", "long n=200 m=200 k=10000"),
    (
        "200x200-k10000",
        "spiral",
        "long n=200 m=200 path=spiral k=10000",
    ),
    (
        "200x200-k10000",
        "zigzag with skips",
        "long n=200 m=200 path=zigzag skips=0.05 k=10000",
    ),
    (
        "200x200-k10000",
        "random path",
        "long n=200 m=200 path=random mix=0.2 k=10000",
    ),
];

/// One benchmark input.
struct Input {
    group: &'static str,
    label: &'static str,
    bytes: Vec<u8>,
    /// Moves of each player.
    k: usize,
}

/// Generates every case with seed 1, as `gen bunny` would.
fn inputs() -> Vec<Input> {
    CASES
        .iter()
        .map(|&(group, label, line)| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let args = Args::parse(&words[1..]).expect("benchmark arguments parse");
            let bytes = generate_test(&Bunny, words[0], &args, 1).expect("generator runs");
            let n: usize = words
                .iter()
                .find_map(|w| w.strip_prefix("n="))
                .and_then(|v| v.parse().ok())
                .expect("n= given");
            let k = String::from_utf8_lossy(&bytes)
                .lines()
                .nth(n + 1)
                .and_then(|l| l.parse().ok())
                .expect("k line");
            Input {
                group,
                label,
                bytes,
                k,
            }
        })
        .collect()
}

/// The bounds of `gridjudge solve bunny --no-limits`.
fn lifted() -> Bounds {
    ProblemConfig::load(&Bunny, None)
        .expect("built-in problem.toml loads")
        .lifted
}

/// What is timed: parse, solve and format, returning the answer bytes.
fn solve(input: &[u8], bounds: &Bounds) -> Vec<u8> {
    Bunny
        .solve(input, bounds)
        .expect("reference solution succeeds")
}

fn criterion_benches(inputs: &[Input]) {
    let mut c = Criterion::default().configure_from_args();
    let bounds = lifted();
    for group_name in ["40x40", "200x200-k10000"] {
        let mut group = c.benchmark_group(format!("bunny/{group_name}"));
        if group_name == "40x40" {
            group
                .sample_size(30)
                .warm_up_time(Duration::from_millis(300))
                .measurement_time(Duration::from_secs(2));
        } else {
            // One run per sample: a run takes up to a few hundred milliseconds.
            group
                .sampling_mode(SamplingMode::Flat)
                .sample_size(10)
                .warm_up_time(Duration::from_millis(100))
                .measurement_time(Duration::from_secs(5));
        }
        for input in inputs.iter().filter(|i| i.group == group_name) {
            group.bench_with_input(
                BenchmarkId::from_parameter(format!("{} (k={})", input.label, input.k)),
                &input.bytes,
                |b, bytes| b.iter(|| solve(black_box(bytes), &bounds)),
            );
        }
        group.finish();
    }
    c.final_summary();
}

/// Prints the markdown table of the `GRIDJUDGE_BENCH_TABLE` mode.
fn table(inputs: &[Input]) {
    let bounds = lifted();
    println!("| board | record | k | solve (median) | per position |");
    println!("|---|---|---|---|---|");
    for input in inputs {
        let runs = if input.group == "40x40" { 21 } else { 5 };
        let t = median_time(runs, || solve(black_box(&input.bytes), &bounds));
        let per = t.as_secs_f64() * 1e6 / (2 * input.k + 1) as f64;
        println!(
            "| {} | {} | {} | {} | {per:.1} µs |",
            input.group,
            input.label,
            input.k,
            show(t)
        );
    }
}

fn main() {
    let inputs = inputs();
    if std::env::var_os("GRIDJUDGE_BENCH_TABLE").is_some() {
        table(&inputs);
    } else {
        criterion_benches(&inputs);
    }
}
