//! Benchmark of `verify` on one problem locally and through Slurm, in one table: `verify
//! <problem>` with `-j 1` and `-j 2` on this machine, then `verify --slurm` with 1, 2 and 4
//! shards (array tasks of one CPU each), and the scheduler's own cost per task: an array job of
//! tasks that run `true` through the same engine (`verify --slurm` of a problem whose
//! catalogue is empty is refused, so the empty job is timed with `sbatch --wait` directly).
//!
//! Each row is the median wall time of `repeats` runs of the whole command (staging, the job,
//! the merge included), on a copy of `problems/<problem>` (default `game`; set
//! `GRIDJUDGE_BENCH_PROBLEM`), built beforehand (`gridjudge build`). The speed-up column is
//! `-j 1`'s time over the row's. Needs a running cluster (`.ci/slurm start` as root makes one
//! on this machine); without `sbatch` it prints the local rows only.
//!
//! The binary: `GRIDJUDGE_BENCH_BIN` when set, else `target/release/gridjudge`. Run: `cargo
//! bench --bench slurm` (3 repeats; `GRIDJUDGE_BENCH_QUICK=1` for 1).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn binary(root: &Path) -> PathBuf {
    if let Some(b) = std::env::var_os("GRIDJUDGE_BENCH_BIN").filter(|b| !b.is_empty()) {
        return std::path::absolute(b).expect("GRIDJUDGE_BENCH_BIN names a path");
    }
    let release = root.join("target/release/gridjudge");
    assert!(
        release.is_file(),
        "no {}: run `cargo build --release` first",
        release.display()
    );
    release
}

/// Runs `bin args` in `cwd`; its wall time. Panics, with its stderr, when it fails for another
/// reason than a verify that is not OK (exit status 1 with a report on stdout).
fn timed(bin: &Path, args: &[&str], cwd: &Path) -> Duration {
    let start = Instant::now();
    let out = Command::new(bin)
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("gridjudge runs");
    let took = start.elapsed();
    let reported = out.status.code() == Some(1) && !out.stdout.is_empty();
    assert!(
        out.status.success() || reported,
        "gridjudge {}: {}\n{}",
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    took
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The wall time of an array job of `tasks` tasks that run `true`, submitted with `sbatch
/// --wait` (the scheduler's cost alone).
fn empty_array(tasks: u32, dir: &Path) -> Duration {
    let script = dir.join("true.sh");
    std::fs::write(&script, "#!/bin/sh\ntrue\n").unwrap();
    let start = Instant::now();
    let st = Command::new("sbatch")
        .arg("--wait")
        .arg("--quiet")
        .arg(format!("--array=1-{tasks}"))
        .arg(format!("--output={}", dir.join("true-%a.out").display()))
        .arg(&script)
        .status()
        .expect("sbatch runs");
    assert!(st.success(), "sbatch --wait failed");
    start.elapsed()
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = binary(root);
    let problem = std::env::var("GRIDJUDGE_BENCH_PROBLEM").unwrap_or_else(|_| "game".into());
    let repeats = if std::env::var_os("GRIDJUDGE_BENCH_QUICK").is_some() {
        1
    } else {
        3
    };
    let tmp = tempfile::tempdir().unwrap();
    let problems = tmp.path().join("problems");
    std::fs::create_dir(&problems).unwrap();
    let st = Command::new("cp")
        .arg("-a")
        .arg(root.join("problems").join(&problem))
        .arg(&problems)
        .status()
        .unwrap();
    assert!(st.success());
    let pd = problems.to_str().unwrap();
    println!(
        "verify {problem} with {} ({repeats} repeat(s), median wall time)",
        bin.display()
    );
    let mut rows: Vec<(String, Duration)> = Vec::new();
    for jobs in ["1", "2"] {
        let t = median(
            (0..repeats)
                .map(|_| {
                    timed(
                        &bin,
                        &["verify", &problem, "--problems-dir", pd, "-j", jobs],
                        tmp.path(),
                    )
                })
                .collect(),
        );
        rows.push((format!("local -j {jobs}"), t));
    }
    let slurm = Command::new("sinfo")
        .arg("-h")
        .output()
        .is_ok_and(|o| o.status.success());
    let mut overhead = None;
    if slurm {
        for shards in ["1", "2", "4"] {
            let t = median(
                (0..repeats)
                    .map(|_| {
                        timed(
                            &bin,
                            &[
                                "verify",
                                &problem,
                                "--problems-dir",
                                pd,
                                "--slurm",
                                "--shards",
                                shards,
                            ],
                            tmp.path(),
                        )
                    })
                    .collect(),
            );
            rows.push((format!("slurm, {shards} task(s)"), t));
        }
        let n = 4;
        let t = median((0..repeats).map(|_| empty_array(n, tmp.path())).collect());
        overhead = Some((n, t));
    } else {
        println!("(no Slurm cluster answers here: the Slurm rows are left out)");
    }
    let base = rows[0].1.as_secs_f64();
    println!("{:<22} {:>10} {:>9}", "run", "seconds", "speed-up");
    for (name, t) in &rows {
        println!(
            "{:<22} {:>10.2} {:>8.2}x",
            name,
            t.as_secs_f64(),
            base / t.as_secs_f64()
        );
    }
    if let Some((n, t)) = overhead {
        println!(
            "an array job of {n} tasks running `true`: {:.2} s, {:.2} s per task",
            t.as_secs_f64(),
            t.as_secs_f64() / n as f64
        );
    }
}
