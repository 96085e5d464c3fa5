//! `--slurm` on a real cluster: the one-node Slurm cluster that `.ci/slurm start` makes (CI
//! runs it before the ignored suite). `verify` of every problem with 4 shards against a local
//! run, `stress` of a wrong submission against a local run, a cancelled array task run again
//! (and, cancelled twice, reported), the compile staged once, and jobs submitted as the
//! ordinary user of the sandbox tests. Needs root for the last (it starts gridjudge as the
//! user through `setpriv`), `sbatch` and a running cluster. Every test is `#[ignore]`d, run by
//! `.ci/run`; without a cluster they skip, which fails in CI.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime};

#[path = "common/as_user.rs"]
mod as_user;
#[path = "common/tools.rs"]
mod tools;

/// One job at a time: the cluster has two CPUs, and the cancel test reads the queue.
static SERIAL: Mutex<()> = Mutex::new(());

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Whether a cluster answers here (`sinfo` lists an idle or mixed node); else skips (a failure
/// in CI).
fn cluster() -> bool {
    let ok = Command::new("sinfo")
        .args(["-h", "-o", "%T"])
        .output()
        .is_ok_and(|o| {
            o.status.success()
                && String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .any(|l| matches!(l.trim(), "idle" | "mixed" | "allocated"))
        });
    if !ok {
        tools::skip_or_fail("no Slurm cluster answers here (run `.ci/slurm start` as root)");
    }
    ok
}

/// A copy of the repository's problems folder (its built packages included) in `dir`.
fn problems_copy(dir: &Path) -> PathBuf {
    let dst = dir.join("problems");
    as_user::copy_tree(&repo().join("problems"), &dst);
    for e in std::fs::read_dir(&dst).unwrap() {
        let _ = std::fs::remove_dir_all(e.unwrap().path().join("report"));
    }
    dst
}

fn gridjudge(args: &[&str], cwd: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("gridjudge runs")
}

/// The JSON documents of `out`, one per problem.
fn docs(out: &[u8]) -> Vec<serde_json::Value> {
    serde_json::Deserializer::from_slice(out)
        .into_iter::<serde_json::Value>()
        .map(|d| d.expect("a JSON document"))
        .collect()
}

/// Compares two `verify --json` documents of one problem: each submission meets its
/// expectation in both or in neither, and every kill-matrix cell away from the time limit
/// (both runs under half of it, or neither AC nor TLE) has the same verdict; the merged
/// one's runs name the node they ran on.
fn same_verification(local: &serde_json::Value, merged: &serde_json::Value) {
    let name = local["judge"]["problem"].as_str().unwrap();
    assert_eq!(merged["judge"]["problem"], name);
    assert_eq!(local["judge"]["tests"], merged["judge"]["tests"], "{name}");
    let tl = local["judge"]["limits"]["time_ms"].as_u64().unwrap();
    let (le, me) = (
        local["entries"].as_array().unwrap(),
        merged["entries"].as_array().unwrap(),
    );
    assert_eq!(le.len(), me.len(), "{name}");
    for (l, m) in le.iter().zip(me) {
        assert_eq!(l["name"], m["name"]);
        assert_eq!(
            l["problem"].is_null(),
            m["problem"].is_null(),
            "{name} {}: {} against {}",
            l["name"],
            l["problem"],
            m["problem"]
        );
    }
    let (ls, ms) = (
        local["judge"]["submissions"].as_array().unwrap(),
        merged["judge"]["submissions"].as_array().unwrap(),
    );
    let mut compared = 0;
    for (l, m) in ls.iter().zip(ms) {
        for (lt, mt) in l["tests"]
            .as_array()
            .unwrap()
            .iter()
            .zip(m["tests"].as_array().unwrap())
        {
            assert!(
                !mt["host"]["node"].as_str().unwrap_or("").is_empty(),
                "{name}: a merged run without its node: {mt}"
            );
            let near = |t: &serde_json::Value| {
                matches!(t["verdict"].as_str(), Some("AC" | "TLE"))
                    && t["time_ms"].as_u64().unwrap() * 2 >= tl
            };
            if near(lt) || near(mt) {
                continue;
            }
            assert_eq!(
                lt["verdict"], mt["verdict"],
                "{name} {} test {}",
                l["name"], lt["test"]
            );
            compared += 1;
        }
    }
    assert!(compared > 0, "{name}: no cell compared");
}

/// The local `verify -j 2 --json` report of every problem of `problems` with a catalogue, in
/// name order: the one `golden_cli_slow` (tests/golden_cli.rs) made and pinned in this
/// `cargo test` run when it is there and newer than the problem's `tests.lock` (CI runs that
/// test first: verifying every problem takes two minutes), else made here.
fn local_verifications(problems: &Path, cwd: &Path) -> Vec<serde_json::Value> {
    let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join("local-verify");
    let mut names: Vec<String> = std::fs::read_dir(problems)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| problems.join(n).join("submissions").is_dir())
        .collect();
    names.sort();
    let mtime = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    names
        .iter()
        .map(|n| {
            let saved = kept.join(format!("{n}.json"));
            let lock = repo().join("problems").join(n).join("tests.lock");
            match (mtime(&saved), mtime(&lock)) {
                (Some(s), Some(l)) if s >= l => {
                    serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap()
                }
                _ => {
                    let pd = problems.to_str().unwrap();
                    let o = gridjudge(
                        &["verify", n, "--json", "-j", "2", "--problems-dir", pd],
                        cwd,
                    );
                    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
                    serde_json::from_slice(&o.stdout).unwrap()
                }
            }
        })
        .collect()
}

/// Every file under `dir`, with its modification time.
fn files_with_times(dir: &Path) -> Vec<(PathBuf, SystemTime)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let m = std::fs::symlink_metadata(e.path()).unwrap();
            if m.is_dir() {
                stack.push(e.path());
            } else {
                out.push((e.path(), m.modified().unwrap()));
            }
        }
    }
    out
}

#[test]
#[ignore = "needs a Slurm cluster (.ci/slurm start); run by .ci/run"]
fn verify_of_every_problem_through_slurm_agrees_with_a_local_run() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if !cluster() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let problems = problems_copy(tmp.path());
    let pd = problems.to_str().unwrap();
    let local_docs = local_verifications(&problems, tmp.path());
    assert!(local_docs.len() >= 3);
    let stage = tmp.path().join("stage");
    let slurm = gridjudge(
        &[
            "verify",
            "--json",
            "--problems-dir",
            pd,
            "--slurm",
            "--shards",
            "4",
            "--keep-stage",
            "--stage-dir",
            stage.to_str().unwrap(),
        ],
        tmp.path(),
    );
    let err = String::from_utf8_lossy(&slurm.stderr);
    assert_eq!(slurm.status.code(), Some(0), "{err}");
    assert!(err.contains("slurm: submitted array job"), "{err}");
    let merged = docs(&slurm.stdout);
    assert_eq!(merged.len(), local_docs.len(), "{err}");
    for l in &local_docs {
        let name = &l["judge"]["problem"];
        let m = merged
            .iter()
            .find(|m| &m["judge"]["problem"] == name)
            .unwrap_or_else(|| panic!("no merged report of {name}"));
        same_verification(l, m);
    }
    // Each task's document came from its shard; the compile cache was filled before the job
    // (job.sh is written after staging) and no task compiled anything into it.
    let job_sh = std::fs::metadata(stage.join("job/job.sh"))
        .unwrap()
        .modified()
        .unwrap();
    let cached = files_with_times(&stage.join("cache"));
    assert!(!cached.is_empty());
    for (f, t) in &cached {
        assert!(
            *t <= job_sh,
            "{} was written after the job was submitted",
            f.display()
        );
    }
    for i in 1..=4 {
        let doc = std::fs::read_to_string(stage.join(format!("job/out/{i}.json"))).unwrap();
        for d in docs(doc.as_bytes()) {
            assert_eq!(d["judge"]["shard"]["index"], i);
            assert_eq!(d["judge"]["shard"]["count"], 4);
        }
    }
}

#[test]
#[ignore = "needs a Slurm cluster (.ci/slurm start); run by .ci/run"]
fn stress_through_slurm_finds_the_counterexample_of_a_local_run() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if !cluster() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let problems = problems_copy(tmp.path());
    let pd = problems.to_str().unwrap();
    let wa = problems.join("geography/submissions/wrong_answer/only_unmatched.cpp");
    let wa = wa.to_str().unwrap();
    let common = [
        "stress",
        "geography",
        wa,
        "--seeds",
        "1..120",
        "--json",
        "--problems-dir",
        pd,
    ];
    let local = gridjudge(&common, tmp.path());
    assert_eq!(
        local.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&local.stderr)
    );
    let mut args = common.to_vec();
    args.extend(["--slurm", "--shards", "4"]);
    let slurm = gridjudge(&args, tmp.path());
    let err = String::from_utf8_lossy(&slurm.stderr);
    assert_eq!(slurm.status.code(), Some(1), "{err}");
    let (l, m): (serde_json::Value, serde_json::Value) = (
        serde_json::from_slice(&local.stdout).unwrap(),
        serde_json::from_slice(&slurm.stdout).unwrap(),
    );
    let (lf, mf) = (&l["failures"][0], &m["failures"][0]);
    assert!(lf.is_object(), "{l}");
    for key in [
        "seed",
        "generator_line",
        "verdict",
        "found",
        "shrink",
        "input",
        "size",
        "answer",
    ] {
        assert_eq!(lf[key], mf[key], "{key}: {lf} against {mf}");
    }
    // The stage went once the merge worked.
    assert!(
        !tmp.path().join("gridjudge-slurm").exists()
            || std::fs::read_dir(tmp.path().join("gridjudge-slurm"))
                .unwrap()
                .next()
                .is_none()
    );
}

/// Starts `gridjudge verify game --slurm --shards 4` and cancels array task 4 of the first
/// `cancels` jobs it submits as soon as the job is in the queue; the output when it ends.
fn verify_cancelling(problems: &Path, cwd: &Path, cancels: usize) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify", "game", "--problems-dir"])
        .arg(problems)
        .args(["--slurm", "--shards", "4"])
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gridjudge starts");
    let stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        let mut cancelled = 0;
        for line in BufReader::new(stderr).lines() {
            let line = line.unwrap();
            if let Some(rest) = line.strip_prefix("slurm: submitted array job ") {
                let id = rest.split_whitespace().next().unwrap().to_string();
                if cancelled < cancels {
                    // The rerun job holds task 4 alone; the first one holds 1..4.
                    let st = Command::new("scancel")
                        .arg(format!("{id}_4"))
                        .status()
                        .unwrap();
                    assert!(st.success(), "scancel {id}_4");
                    cancelled += 1;
                }
            }
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    let deadline = Instant::now() + Duration::from_secs(600);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(Instant::now() < deadline, "verify --slurm did not end");
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut stdout = Vec::new();
    std::io::Read::read_to_end(&mut child.stdout.take().unwrap(), &mut stdout).unwrap();
    let stderr = reader.join().unwrap();
    std::process::Output {
        status,
        stdout,
        stderr: stderr.into_bytes(),
    }
}

#[test]
#[ignore = "needs a Slurm cluster (.ci/slurm start); run by .ci/run"]
fn a_cancelled_task_is_run_again_and_one_cancelled_twice_is_reported() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if !cluster() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let problems = problems_copy(tmp.path());
    let local = gridjudge(
        &[
            "verify",
            "game",
            "--problems-dir",
            problems.to_str().unwrap(),
        ],
        tmp.path(),
    );
    let once = verify_cancelling(&problems, tmp.path(), 1);
    let err = String::from_utf8_lossy(&once.stderr);
    assert_eq!(once.status.code(), local.status.code(), "{err}");
    assert!(
        err.contains("task(s) 4 were killed or cancelled by the scheduler: submitting them again"),
        "{err}"
    );
    assert!(err.contains("task(s) 4 ran a second time"), "{err}");
    // The text report has no times: the merge is the local run's, byte for byte.
    assert_eq!(
        String::from_utf8_lossy(&once.stdout),
        String::from_utf8_lossy(&local.stdout)
    );
    let twice = verify_cancelling(&problems, tmp.path(), 2);
    let err = String::from_utf8_lossy(&twice.stderr);
    assert_eq!(twice.status.code(), Some(1), "{err}");
    assert!(
        err.contains("task 4 (shard 4/4) was killed or cancelled by the scheduler twice"),
        "{err}"
    );
    assert!(err.contains("the stage is kept"), "{err}");
    assert!(twice.stdout.is_empty());
}

#[test]
#[ignore = "needs root, setpriv and a Slurm cluster (.ci/slurm start); run by .ci/run"]
fn an_ordinary_user_submits_the_job() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if !cluster() {
        return;
    }
    if !as_user::is_root() {
        tools::skip_or_fail("submitting as the ordinary user needs root (setpriv)");
        return;
    }
    let user = as_user::ensure_user(&as_user::user_name()).unwrap_or_else(|e| panic!("{e}"));
    let dir = as_user::user_dir(&user);
    let bin = dir.path().join("gridjudge");
    std::fs::copy(env!("CARGO_BIN_EXE_gridjudge"), &bin).unwrap();
    let problems = dir.path().join("problems");
    std::fs::create_dir(&problems).unwrap();
    as_user::copy_tree(
        &repo().join("problems/geography"),
        &problems.join("geography"),
    );
    let _ = std::fs::remove_dir_all(problems.join("geography/report"));
    as_user::give(dir.path(), &user);
    let wa = problems.join("geography/submissions/wrong_answer/only_unmatched.cpp");
    let out = as_user::as_user(&user, &bin)
        .args(["stress", "geography"])
        .arg(&wa)
        .args(["--seeds", "1..100", "--json", "--problems-dir"])
        .arg(&problems)
        // Slurm's tasks get no delegated cgroup here: the sandbox limits each process.
        .args([
            "--limits",
            "per-process",
            "--slurm",
            "--shards",
            "2",
            "--keep-stage",
        ])
        .arg("--stage-dir")
        .arg(dir.path().join("stage"))
        .current_dir(dir.path())
        .output()
        .expect("setpriv runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let f = &r["failures"][0];
    assert_eq!(f["class"], "wrong", "{r}");
    assert!(!f["input"].as_str().unwrap().is_empty());
    // The tasks ran as the user, sandboxed: what they wrote in the stage is the user's.
    use std::os::unix::fs::MetadataExt as _;
    for i in 1..=2 {
        let f = dir.path().join(format!("stage/job/out/{i}.json"));
        assert_eq!(
            std::fs::metadata(&f).unwrap().uid(),
            user.uid,
            "{}",
            f.display()
        );
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        assert_eq!(doc["command"], "stress");
        assert_eq!(doc["sandbox"], true);
    }
}

/// `verify --slurm` of a Kattis package found by its path (`tests/kattis/args2025`, whose
/// `problem.yaml` fixes the limit): the same report as a local run but for the times, and the
/// results saved in the original package, not in the stage's copy. A package whose limit is
/// derived (`sum`) is refused before any job, with the command that fixes it.
#[test]
#[ignore = "needs a Slurm cluster (.ci/slurm start); run by .ci/run"]
fn a_kattis_package_through_slurm_agrees_with_a_local_run() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if !cluster() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    for name in ["args2025", "sum"] {
        as_user::copy_tree(
            &repo().join("tests/kattis").join(name),
            &tmp.path().join(name),
        );
    }
    let local = gridjudge(&["verify", "./args2025", "--json"], tmp.path());
    assert_eq!(
        local.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&local.stderr)
    );
    let saved = tmp.path().join("args2025/gridjudge/report/verify.json");
    std::fs::remove_file(&saved).unwrap();
    let slurm = gridjudge(
        &["verify", "./args2025", "--json", "--slurm", "--shards", "2"],
        tmp.path(),
    );
    let err = String::from_utf8_lossy(&slurm.stderr);
    assert_eq!(slurm.status.code(), Some(0), "{err}");
    let strip = |out: &[u8]| {
        let mut v: serde_json::Value = serde_json::from_slice(out).unwrap();
        for s in v["submissions"].as_array_mut().unwrap() {
            s.as_object_mut().unwrap().remove("max_time_ms");
        }
        v
    };
    assert_eq!(strip(&slurm.stdout), strip(&local.stdout));
    assert!(
        saved.is_file(),
        "the merge saved nothing in the package: {err}"
    );
    let o = gridjudge(&["verify", "./sum", "--slurm", "--shards", "2"], tmp.path());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        o.status.code() == Some(1) && err.contains("gridjudge timelimit") && !err.contains("job"),
        "{err}"
    );
}
