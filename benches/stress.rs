//! Benchmark of `gridjudge stress` throughput: tests per second on small random mazes
//! (`random n=2..5 m=2..5`, the default generator line of `game`) against the accepted C++
//! submission `problems/game/submissions/accepted/hopcroft_karp.cpp`, which never fails, so
//! every seed of the range is run. Measured:
//! * `stress/process/j1`, `stress/process/j2` — the whole loop with the submission run as a
//!   process under the problem's limits, with -j 1 and -j 2 (one iteration = 64 seeds);
//! * `stress/in_process` — the same loop with the submission replaced by an in-process
//!   function that returns the reference answer: generation, range resolution, validation,
//!   reference solution and checker only (one iteration = 64 seeds);
//! * `stress/process_start` — one run of the compiled submission on a 1×1 maze: the cost of
//!   starting, limiting and reaping a process, the floor of the per-test cost.
//!
//! Run: `cargo bench --bench stress` (criterion, throughput in elements = tests per second;
//! about a minute). Needs `g++`; the binary is compiled once into `target/gridjudge-cache`.
//! The numbers of a shared 2-core machine are noisy: compare medians of repeated runs.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use gridjudge::judge::Submission;
use gridjudge::problem::{self, Problem, ProblemConfig};
use gridjudge::runner::RunLimits;
use gridjudge::stress::{
    stress, FnSubject, GeneratorLine, ProcessSubject, SeedPlan, StressOptions, Subject,
};

/// Seeds per iteration.
const SEEDS: u64 = 64;

fn options(p: &dyn Problem, jobs: usize) -> StressOptions {
    StressOptions {
        generator: GeneratorLine::default_for(p).expect("game has a default generator"),
        seeds: SeedPlan::Range {
            first: 1,
            last: SEEDS,
        },
        jobs,
        keep: 1,
        shrink: true,
        progress: false,
    }
}

fn run_loop(p: &dyn Problem, cfg: &ProblemConfig, subject: &dyn Subject, jobs: usize) {
    let r = stress(p, cfg, subject, &options(p, jobs)).expect("stress runs");
    assert!(r.failures.is_empty(), "the accepted submission failed");
    assert_eq!(r.tested, SEEDS);
    black_box(r);
}

fn main() {
    let game = problem::by_name("game").expect("game exists");
    let cfg = ProblemConfig::load(game, None).expect("built-in problem.toml");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("problems/game/submissions/accepted/hopcroft_karp.cpp");
    let sub = Submission::from_arg(src.to_str().expect("UTF-8 path")).expect("submission");
    let limits = RunLimits::new(cfg.limits.time_ms, cfg.limits.memory_mib);
    let process =
        ProcessSubject::prepare(&sub, &root.join("target/gridjudge-cache"), limits, false)
            .expect("g++ compiles the accepted submission");
    let reference = FnSubject(|input: &[u8]| {
        game.solve(input, &cfg.constraints)
            .expect("valid generated input")
    });

    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let mut g = c.benchmark_group("stress");
    g.throughput(Throughput::Elements(SEEDS));
    for jobs in [1, 2] {
        g.bench_function(format!("process/j{jobs}"), |b| {
            b.iter(|| run_loop(game, &cfg, &process, jobs))
        });
    }
    g.bench_function("in_process", |b| {
        b.iter(|| run_loop(game, &cfg, &reference, 1))
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("process_start", |b| {
        b.iter(|| black_box(process.run(b"1 1\n.\n").expect("runs")))
    });
    g.finish();
    c.final_summary();
}
