//! Benchmark of the sandbox's price, in one run, through the `gridjudge` binary: the per-run
//! cost of a trivial C++ program (the accepted `game` solution, compiled once with `g++ -O2`,
//! on tiny mazes) and `stress` throughput, for
//! * `sandbox (root)` — `judge` / `stress` as this process's user (root in CI);
//! * `sandbox (user)` — the same as the ordinary user `GRIDJUDGE_TEST_USER` (default
//!   `gridjudge-ci`) through `setpriv`, after `gridjudge setup-sandbox --user NAME`, on copies
//!   in a folder that user owns; skipped with a note when this is not root, the user does not
//!   exist (`useradd --create-home NAME`; `.ci/run` makes it) or a run fails;
//! * `sandbox (root), box per run` — the first row with `GRIDJUDGE_ZYGOTES=0`: a bwrap box per
//!   run instead of the session's zygotes (the fallback, and what a run cost before them);
//! * `--no-sandbox`;
//! * `bare spawn` — the compiled program started with `std::process::Command` on each test's
//!   input and waited for, nothing else (no stress figure).
//!
//! Then the price of an interactive exchange: a C++ program that reads one line and writes it
//! back, judged per run in the sandbox (a) on a batch problem (`echo_batch`: the line is the
//! input file, the output compared by tokens) and (b) on an interactive one (`echo`: a C++
//! interactor in the Kattis convention sends the line and reads it back), one line each way.
//! The difference is what the second process, the pipes and the relays cost.
//!
//! Per-run cost: (median wall time of `judge` on all N tests − median of `judge --tests 1`)
//! / (N − 1), so that compiling, loading and the process start of `gridjudge` cancel out.
//! Stress: seeds per second of `stress game <program> --seeds 1..S`, -j 1. Then the ratios of
//! each sandboxed row to `--no-sandbox`.
//!
//! The binary: `GRIDJUDGE_BENCH_BIN` when set, else `target/release/gridjudge` or
//! `target/debug/gridjudge`, whichever is newer (printed; build one first). Run: `cargo bench --bench sandbox` (N = 40 tests, 5 repeats,
//! S = 100 seeds: about a minute as root here); `GRIDJUDGE_BENCH_QUICK=1` for N = 12, 3
//! repeats, S = 30. A shared 2-core machine is noisy: compare ratios of the same run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../tests/common/as_user.rs"]
mod as_user;

/// Sizes of one run of the benchmark.
struct Plan {
    tests: usize,
    repeats: usize,
    seeds: u64,
}

/// `GRIDJUDGE_BENCH_BIN` when set, else the newer of the release and debug `gridjudge`
/// binaries.
fn binary(root: &Path) -> PathBuf {
    if let Some(b) = std::env::var_os("GRIDJUDGE_BENCH_BIN").filter(|b| !b.is_empty()) {
        return std::path::absolute(b).expect("GRIDJUDGE_BENCH_BIN names a path");
    }
    let mtime = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let release = root.join("target/release/gridjudge");
    let debug = root.join("target/debug/gridjudge");
    match (mtime(&release), mtime(&debug)) {
        (Some(r), Some(d)) if d > r => debug,
        (Some(_), _) => release,
        (None, Some(_)) => debug,
        (None, None) => {
            panic!("no gridjudge binary in target/release or target/debug: run `cargo build` first")
        }
    }
}

/// A `game` package of `n` tiny random mazes in `dir/game`, built by the library.
fn package(dir: &Path, n: usize, root: &Path) {
    let p = gridjudge::problems::by_name("game").expect("game exists");
    let game = dir.join("game");
    std::fs::create_dir_all(&game).expect("package folder");
    std::fs::copy(
        root.join("problems/game/problem.toml"),
        game.join("problem.toml"),
    )
    .expect("problem.toml");
    let manifest: String = (1..=n)
        .map(|i| format!("[[test]]\ngen = \"random n=3 m=4 walls=0.3\"\nseed = {i}\n\n"))
        .collect();
    std::fs::write(game.join("manifest.toml"), manifest).expect("manifest");
    gridjudge::package::build_problem(
        p,
        &gridjudge::package::BuildOptions {
            problems_dir: dir.to_path_buf(),
            lock: gridjudge::package::LockMode::Update,
            jobs: Some(2),
            progress: false,
            delete_unknown: false,
        },
    )
    .expect("the package builds");
}

/// One row's figures: the per-run cost and the stress throughput (tests/s, None for the bare
/// spawn), or why the row was skipped.
type Measured = Result<(Duration, Option<f64>), String>;

/// How to start `gridjudge` for one row: directly, or as the ordinary user.
struct Row {
    bin: PathBuf,
    user: Option<as_user::User>,
    problems: PathBuf,
    program: PathBuf,
    cache: PathBuf,
    extra: Vec<&'static str>,
    /// The problem judged (`game`, or `echo` / `echo_batch` for the interactive rows).
    problem: &'static str,
    /// Environment variables set for the run (`GRIDJUDGE_ZYGOTES=0`: a box per run).
    env: Vec<(&'static str, &'static str)>,
}

impl Row {
    fn command(&self) -> Command {
        let mut cmd = match &self.user {
            Some(u) => as_user::as_user(u, &self.bin),
            None => Command::new(&self.bin),
        };
        cmd.envs(self.env.iter().copied());
        cmd
    }

    /// Wall time of one `gridjudge <sub> game <program> <args>`; Err when it does not exit 0.
    fn time(&self, sub: &str, args: &[&str]) -> Result<Duration, String> {
        let t = Instant::now();
        let out = self
            .command()
            .args([sub, self.problem])
            .arg(&self.program)
            .arg("--problems-dir")
            .arg(&self.problems)
            .arg("--cache-dir")
            .arg(&self.cache)
            .args(args)
            .args(&self.extra)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot start gridjudge: {e}"))?;
        let took = t.elapsed();
        if !out.status.success() {
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let last: Vec<&str> = text.lines().rev().take(3).collect();
            return Err(format!(
                "{sub} exited with {}: {}",
                out.status,
                last.join(" | ")
            ));
        }
        Ok(took)
    }

    /// (per-run cost, stress seeds per second).
    fn measure(&self, plan: &Plan) -> Result<(Duration, f64), String> {
        self.time("judge", &["--tests", "1"])?; // warm-up: compile cache, page cache
        let all = median(plan.repeats, || self.time("judge", &[]))?;
        let one = median(plan.repeats, || self.time("judge", &["--tests", "1"]))?;
        let per_run = all.saturating_sub(one) / (plan.tests as u32 - 1);
        let seeds = format!("1..{}", plan.seeds);
        let stress = median(plan.repeats.min(3), || {
            self.time("stress", &["--seeds", &seeds, "--no-shrink"])
        })?;
        Ok((per_run, plan.seeds as f64 / stress.as_secs_f64()))
    }
}

/// Median of `runs` timings; the first error if any.
fn median(
    runs: usize,
    mut f: impl FnMut() -> Result<Duration, String>,
) -> Result<Duration, String> {
    let mut times = (0..runs).map(|_| f()).collect::<Result<Vec<_>, _>>()?;
    times.sort();
    Ok(times[runs / 2])
}

/// The bare spawn: the program on each test input, waited for; the median per-run time.
fn bare_spawn(program: &Path, tests: &Path, plan: &Plan) -> Duration {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(tests)
        .expect("tests folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    let once = || -> Result<Duration, String> {
        let t = Instant::now();
        for input in &inputs {
            let st = Command::new(program)
                .stdin(std::fs::File::open(input).expect("input"))
                .stdout(Stdio::null())
                .status()
                .expect("the program runs");
            assert!(st.success(), "the program failed on {}", input.display());
        }
        Ok(t.elapsed() / inputs.len() as u32)
    };
    median(plan.repeats, once).expect("bare spawn")
}

/// The ordinary user's row: copies of the binary, package and program in a folder it owns,
/// after `setup-sandbox`; Err with the reason it cannot run here.
fn user_row(bin: &Path, work: &Path, program: &Path) -> Result<(Row, tempfile::TempDir), String> {
    if !as_user::is_root() {
        return Err("not root (needs root to hand cgroup folders over and start setpriv)".into());
    }
    let name = as_user::user_name();
    let user = as_user::lookup(&name)
        .ok_or_else(|| format!("no user {name} (`useradd --create-home {name}`)"))?;
    as_user::setup_sandbox(bin, &user, false).map_err(|e| format!("setup-sandbox: {e}"))?;
    let dir = as_user::user_dir(&user);
    let ubin = dir.path().join("gridjudge");
    std::fs::copy(bin, &ubin).map_err(|e| e.to_string())?;
    let uprog = dir.path().join("solution");
    std::fs::copy(program, &uprog).map_err(|e| e.to_string())?;
    let problems = dir.path().join("problems");
    std::fs::create_dir(&problems).map_err(|e| e.to_string())?;
    as_user::copy_tree(&work.join("game"), &problems.join("game"));
    std::fs::create_dir(dir.path().join("cache")).map_err(|e| e.to_string())?;
    as_user::give(dir.path(), &user);
    let row = Row {
        bin: ubin,
        user: Some(user),
        problems,
        program: uprog,
        cache: dir.path().join("cache"),
        extra: vec![],
        problem: "game",
        env: Vec::new(),
    };
    Ok((row, dir))
}

fn main() {
    // `cargo bench` passes `--bench`; this harness takes no arguments.
    let quick = std::env::var_os("GRIDJUDGE_BENCH_QUICK").is_some_and(|v| v != "0");
    let plan = if quick {
        Plan {
            tests: 12,
            repeats: 3,
            seeds: 30,
        }
    } else {
        Plan {
            tests: 40,
            repeats: 5,
            seeds: 100,
        }
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = binary(root);
    println!("gridjudge binary: {}", bin.display());
    println!(
        "plan: judge of {} tests (per-run cost = (all - first) / {}), median of {}; stress --seeds 1..{} -j 1",
        plan.tests,
        plan.tests - 1,
        plan.repeats,
        plan.seeds
    );
    let work = tempfile::Builder::new()
        .prefix("gridjudge-bench-")
        .tempdir()
        .expect("a temporary folder");
    package(work.path(), plan.tests, root);
    let program = work.path().join("solution");
    let st = Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&program)
        .arg(root.join("problems/game/submissions/accepted/hopcroft_karp.cpp"))
        .status()
        .expect("g++ runs");
    assert!(st.success(), "g++ failed");
    std::fs::create_dir(work.path().join("cache")).expect("cache folder");
    let direct = |extra: Vec<&'static str>| Row {
        bin: bin.clone(),
        user: None,
        problems: work.path().to_path_buf(),
        program: program.clone(),
        cache: work.path().join("cache"),
        extra,
        problem: "game",
        env: Vec::new(),
    };

    let mut rows: Vec<(String, Measured)> = Vec::new();
    let as_row = |r: Result<(Duration, f64), String>| r.map(|(d, s)| (d, Some(s)));
    let label = if as_user::is_root() {
        "sandbox (root)"
    } else {
        "sandbox (this user)"
    };
    rows.push((label.into(), as_row(direct(vec![]).measure(&plan))));
    // The same without zygotes: a bwrap box per run (the fallback; what runs cost before).
    let per_run_box = Row {
        env: vec![("GRIDJUDGE_ZYGOTES", "0")],
        ..direct(vec![])
    };
    rows.push((
        format!("{label}, box per run"),
        as_row(per_run_box.measure(&plan)),
    ));
    let user = user_row(&bin, work.path(), &program);
    let _user_dir;
    match user {
        Ok((row, dir)) => {
            _user_dir = dir;
            rows.push(("sandbox (user)".into(), as_row(row.measure(&plan))));
        }
        Err(e) => {
            let first = e.lines().next().unwrap_or_default().to_string();
            rows.push(("sandbox (user)".into(), Err(format!("skipped: {first}"))))
        }
    }
    rows.push((
        "--no-sandbox".into(),
        as_row(direct(vec!["--no-sandbox"]).measure(&plan)),
    ));
    let bare = bare_spawn(&program, &work.path().join("game/tests"), &plan);
    rows.push(("bare spawn".into(), Ok((bare, None))));
    let interactive = echo_rows(&bin, work.path(), &plan);

    println!();
    println!(
        "{:<30} {:>14} {:>18}",
        "mode", "per run (ms)", "stress (tests/s)"
    );
    for (name, r) in &rows {
        match r {
            Ok((d, s)) => println!(
                "{name:<30} {:>14.2} {:>18}",
                d.as_secs_f64() * 1e3,
                s.map_or("-".to_string(), |s| format!("{s:.1}"))
            ),
            Err(e) => println!("{name:<30} {e}"),
        }
    }
    let no_sandbox = rows
        .iter()
        .find(|(n, _)| n == "--no-sandbox")
        .and_then(|(_, r)| r.as_ref().ok())
        .copied();
    println!();
    for (name, r) in &rows {
        if !name.starts_with("sandbox") {
            continue;
        }
        if let (Ok((d, Some(s))), Some((nd, Some(ns)))) = (r, no_sandbox) {
            println!(
                "{name} / --no-sandbox: per run {:.2}x, stress throughput {:.2}x",
                d.as_secs_f64() / nd.as_secs_f64().max(1e-9),
                s / ns
            );
        }
    }
    println!();
    match interactive {
        Ok((batch, exchange)) => {
            println!(
                "{:<30} {:>14.2}\n{:<30} {:>14.2}",
                "echo, batch (sandbox)",
                batch.as_secs_f64() * 1e3,
                "echo, interactive (sandbox)",
                exchange.as_secs_f64() * 1e3
            );
            println!(
                "interactive / batch: per run {:.2}x (+{:.2} ms for the interactor, pipes and \
                 relays)",
                exchange.as_secs_f64() / batch.as_secs_f64().max(1e-9),
                (exchange.as_secs_f64() - batch.as_secs_f64()) * 1e3
            );
        }
        Err(e) => println!("interactive rows skipped: {e}"),
    }
}

const ECHO: &str = "#include <iostream>\n#include <string>\nint main() {\n  std::string line;\n  std::getline(std::cin, line);\n  std::cout << line << std::endl;\n}\n";

const ECHO_INTERACTOR: &str = "#include <fstream>\n#include <iostream>\n#include <string>\nint main(int argc, char** argv) {\n  std::ifstream in(argv[1]);\n  std::string want, got;\n  std::getline(in, want);\n  std::cout << want << std::endl;\n  if (!std::getline(std::cin, got)) return 43;\n  return got == want ? 42 : 43;\n}\n";

/// Two program problems in `dir` with `n` tests each (`echo`, interactive, and `echo_batch`),
/// built through the binary; (per-run cost of the batch one, of the interactive one) for the
/// same C++ echo program.
fn echo_rows(bin: &Path, dir: &Path, plan: &Plan) -> Result<(Duration, Duration), String> {
    let manifest: String = (1..=plan.tests)
        .map(|i| format!("[[test]]\ngen = \"gen {i}\"\n\n"))
        .collect();
    for (name, interaction) in [
        (
            "echo",
            "\n[interaction]\ninteractive = true\n\n[programs]\ninteractor = { source = \
             \"interactor.cpp\", convention = \"kattis\" }\n",
        ),
        ("echo_batch", "\n[programs]\n"),
    ] {
        let p = dir.join(name);
        std::fs::create_dir_all(&p).map_err(|e| e.to_string())?;
        let toml = format!(
            "name = \"{name}\"\ntitle = \"Echo\"\n\n[limits]\ntime_ms = 1000\nmemory_mib = \
             256\n{interaction}generators = {{ gen = \"gen.sh\" }}\nvalidator = \"val.sh\"\n\
             solution = \"echo.cpp\"\nchecker = {{ builtin = \"tokens\" }}\n"
        );
        let files = [
            ("problem.toml", toml.as_str()),
            ("manifest.toml", manifest.as_str()),
            ("gen.sh", "#!/bin/sh\necho \"$1\"\n"),
            ("val.sh", "#!/bin/sh\ncat > /dev/null\n"),
            ("echo.cpp", ECHO),
            ("interactor.cpp", ECHO_INTERACTOR),
        ];
        for (f, text) in files {
            std::fs::write(p.join(f), text).map_err(|e| e.to_string())?;
        }
        for f in ["gen.sh", "val.sh"] {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(p.join(f), std::fs::Permissions::from_mode(0o755))
                .map_err(|e| e.to_string())?;
        }
        let out = Command::new(bin)
            .args(["build", name, "--problems-dir"])
            .arg(dir)
            .arg("--cache-dir")
            .arg(dir.join("cache"))
            .output()
            .map_err(|e| e.to_string())?;
        if !out.status.success() {
            return Err(format!(
                "gridjudge build {name} failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    let row = |problem| Row {
        bin: bin.to_path_buf(),
        user: None,
        problems: dir.to_path_buf(),
        program: dir.join("echo/echo.cpp"),
        cache: dir.join("cache"),
        extra: Vec::new(),
        problem,
        env: Vec::new(),
    };
    let per_run = |r: &Row| -> Result<Duration, String> {
        r.time("judge", &["--tests", "1"])?;
        let all = median(plan.repeats, || r.time("judge", &[]))?;
        let one = median(plan.repeats, || r.time("judge", &["--tests", "1"]))?;
        Ok(all.saturating_sub(one) / (plan.tests as u32 - 1))
    };
    Ok((per_run(&row("echo_batch"))?, per_run(&row("echo"))?))
}
