//! Benchmark of `gridjudge stress` throughput: tests per second on small random mazes
//! (`random n=2..5 m=2..5`, the default generator line of `game`) against the accepted C++
//! submission `problems/game/submissions/accepted/hopcroft_karp.cpp`, which never fails, so
//! every seed of the range is run. Measured:
//! * `stress/process/j1`, `stress/process/j2` — the whole loop with the submission run as a
//!   process under the problem's limits, with -j 1 and -j 2 (one iteration = 64 seeds);
//! * `stress/in_process` — the same loop with the submission replaced by an in-process
//!   function that returns the reference answer: generation, range resolution, validation,
//!   reference solution and checker only (one iteration = 64 seeds);
//! * `stress/process_start` — one run of the compiled submission on a 1×1 maze, judged (the
//!   checker reads one line): the cost of starting, limiting and reaping a process, the floor
//!   of the per-test cost;
//! * `stress/unsandboxed/j1`, `stress/unsandboxed/process_start` — the same two without the
//!   sandbox (`--no-sandbox`: process group and rlimits only), so that the difference is the
//!   price of the sandbox (bwrap's namespaces and mounts, the run's cgroup);
//! * `stress/bare_spawn` — the same program started with `std::process::Command` on the same
//!   input, waited for, nothing else: the machine's floor for one process.
//!
//! With `GRIDJUDGE_BENCH_VERIFY=1` it also times `verify` once per mode on every problem whose
//! tests are built (`problems/<p>/tests`, from `gridjudge build`), -j 2 as in CI, and prints the
//! wall-clock seconds (not criterion: one verify takes seconds).
//!
//! Run: `cargo bench --bench stress` (criterion, throughput in elements = tests per second;
//! about two minutes). Needs `g++` and bubblewrap; the binary is compiled once into
//! `target/gridjudge-cache`. The numbers of a shared 2-core machine are noisy: compare medians
//! of repeated runs.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use gridjudge::exec::compile::{prepare, Prepared, Submission};
use gridjudge::exec::runner::RunLimits;
use gridjudge::judge::stress::{stress, GeneratorLine, SeedPlan, StressOptions};
use gridjudge::judge::subject::{FnSubject, ProcessSubject, Subject};
use gridjudge::judge::JudgeOptions;
use gridjudge::problem::{Problem, ProblemConfig};

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
    let game = gridjudge::problems::by_name("game").expect("game exists");
    let cfg = ProblemConfig::load(game, None).expect("built-in problem.toml");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("problems/game/submissions/accepted/hopcroft_karp.cpp");
    let sub = Submission::from_arg(src.to_str().expect("UTF-8 path")).expect("submission");
    let limits = RunLimits::new(cfg.limits.time_ms, cfg.limits.memory_mib);
    let cache = root.join("target/gridjudge-cache");
    let process = ProcessSubject::prepare(&sub, &cache, limits, true, false)
        .expect("g++ compiles the accepted submission; bubblewrap runs");
    let unsandboxed =
        ProcessSubject::prepare(&sub, &cache, limits, false, false).expect("compiles");
    let Prepared::Ready(argv) = prepare(&sub, &cache, false).expect("compiles") else {
        panic!("the accepted submission does not compile")
    };
    let bare_input =
        std::env::temp_dir().join(format!("gridjudge-bench-{}.in", std::process::id()));
    std::fs::write(&bare_input, b"1 1\n.\n").expect("temporary input");
    let one_cell = game
        .solve(b"1 1\n.\n", &cfg.constraints)
        .expect("a valid input");
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
        b.iter(|| {
            black_box(
                process
                    .judge(game, &cfg, b"1 1\n.\n", &one_cell)
                    .expect("runs"),
            )
        })
    });
    g.bench_function("unsandboxed/process_start", |b| {
        b.iter(|| {
            black_box(
                unsandboxed
                    .judge(game, &cfg, b"1 1\n.\n", &one_cell)
                    .expect("runs"),
            )
        })
    });
    g.bench_function("bare_spawn", |b| {
        b.iter(|| {
            let status = Command::new(&argv[0])
                .stdin(std::fs::File::open(&bare_input).expect("input"))
                .stdout(Stdio::null())
                .status()
                .expect("runs");
            assert!(status.success());
        })
    });
    g.throughput(Throughput::Elements(SEEDS));
    g.bench_function("unsandboxed/j1", |b| {
        b.iter(|| run_loop(game, &cfg, &unsandboxed, 1))
    });
    g.finish();
    c.final_summary();
    let _ = std::fs::remove_file(&bare_input);
    if std::env::var_os("GRIDJUDGE_BENCH_VERIFY").is_some() {
        time_verify(root, &cache);
    }
}

/// Times `verify` once with and once without the sandbox on every problem whose tests are built.
fn time_verify(root: &Path, cache: &Path) {
    let problems: PathBuf = root.join("problems");
    for &p in gridjudge::problems::all() {
        if !problems.join(p.name()).join("tests").is_dir() {
            println!(
                "verify {}: tests not built (`gridjudge build {}`), skipped",
                p.name(),
                p.name()
            );
            continue;
        }
        let cfg = ProblemConfig::load(p, Some(&problems.join(p.name()).join("problem.toml")))
            .expect("problem.toml");
        for sandbox in [true, false] {
            let opts = JudgeOptions {
                limits: RunLimits::new(cfg.limits.time_ms, cfg.limits.memory_mib),
                jobs: 2,
                progress: false,
                cache_dir: cache.to_path_buf(),
                sandbox,
            };
            let t = Instant::now();
            let report = gridjudge::judge::verify::verify_problem(p, &cfg, &problems, &opts)
                .expect("verify runs")
                .expect("a catalogue");
            let runs: usize = report.judge.submissions.iter().map(|s| s.tests.len()).sum();
            println!(
                "verify {} ({}): {:.2} s for {runs} runs, ok = {}",
                p.name(),
                if sandbox { "sandbox" } else { "no sandbox" },
                t.elapsed().as_secs_f64(),
                report.ok()
            );
        }
    }
}
