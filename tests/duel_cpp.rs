//! `duel`'s catalogue (`problems/duel/submissions/`, C++) against the built-in Rust
//! interactor, in-process over pipes, on every board of `problems/duel/manifest.toml`: the
//! perfect player gets AC everywhere and every wrong submission is killed by some test with
//! its expected verdict. Prints the kill table (`--nocapture`).
//!
//! Not here yet: the C++ interactors (`problems/duel/kattis/`, `problems/duel/testlib/`) and
//! their mirror against the Rust one.

mod common;

use std::collections::BTreeMap;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::tools::skip_or_fail;
use gridjudge::core::verdict::Verdict;
use gridjudge::problem::{generate_test, parse_args, Problem};
use gridjudge::problems::duel::Duel;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The manifest's boards, in order.
fn boards() -> Vec<Vec<u8>> {
    let dir = Path::new(ROOT).join("problems/duel");
    let text = std::fs::read_to_string(dir.join("manifest.toml")).unwrap();
    let doc: toml::Table = text.parse().unwrap();
    let tests = doc["test"].as_array().unwrap();
    tests
        .iter()
        .map(|t| {
            if let Some(f) = t.get("file") {
                return std::fs::read(dir.join(f.as_str().unwrap())).unwrap();
            }
            let line = t["gen"].as_str().unwrap();
            let words: Vec<&str> = line.split(' ').collect();
            let args = parse_args(&Duel, &words[1..]).unwrap();
            let seed = t["seed"].as_integer().unwrap() as u64;
            generate_test(&Duel, words[0], &args, seed).unwrap()
        })
        .collect()
}

fn compile(source: &Path, out: &Path) -> bool {
    Command::new("g++")
        .args(["-O2", "-o"])
        .arg(out)
        .arg(source)
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// One game of `exe` against the Rust interactor: the verdict (TLE when it had to be killed
/// after 3 s of wall time) and the wall time.
fn judge(exe: &Path, input: &[u8]) -> (Verdict, String, Duration) {
    let bounds = gridjudge::problem::ProblemConfig::load(&Duel, None)
        .unwrap()
        .lifted;
    let answer = Duel.solve(input, &bounds).unwrap();
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut to = child.stdin.take().unwrap();
    let mut from = BufReader::new(child.stdout.take().unwrap());
    let pid = child.id() as i32;
    let at = Instant::now();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let killed = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watchdog = {
        let (done, killed) = (done.clone(), killed.clone());
        std::thread::spawn(move || {
            while at.elapsed() < Duration::from_secs(3) {
                if done.load(std::sync::atomic::Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            killed.store(true, std::sync::atomic::Ordering::SeqCst);
            // SAFETY: kill(2) on the child we spawned and have not reaped yet.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        })
    };
    let out = Duel.interact(input, &answer, &mut from, &mut to);
    drop(to);
    let status = child.wait().unwrap();
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    watchdog.join().unwrap();
    let wall = at.elapsed();
    if killed.load(std::sync::atomic::Ordering::SeqCst) {
        return (Verdict::Tle, "killed after 3 s of wall time".into(), wall);
    }
    if out.verdict == Verdict::Ac && !status.success() {
        return (Verdict::Re, format!("{status}"), wall);
    }
    (out.verdict, out.message, wall)
}

#[test]
#[ignore = "compiles six C++ programs and plays about 300 games, some of 3 s: about a minute"]
fn the_catalogue_against_the_rust_interactor() {
    let dir = Path::new(ROOT).join("problems/duel/submissions");
    let work = Path::new(ROOT).join("target/duel_cpp");
    std::fs::create_dir_all(&work).unwrap();
    let expected = [
        ("accepted/perfect", Verdict::Ac),
        ("wrong_answer/always_lose", Verdict::Wa),
        ("wrong_answer/any_start", Verdict::Wa),
        ("wrong_answer/greedy", Verdict::Wa),
        ("wrong_answer/illegal_move", Verdict::Wa),
        ("time_limit_exceeded/no_flush", Verdict::Tle),
    ];
    let boards = boards();
    let mut table = BTreeMap::new();
    for (name, verdict) in expected {
        let exe: PathBuf = work.join(name.replace('/', "-"));
        if !compile(&dir.join(format!("{name}.cpp")), &exe) {
            skip_or_fail(&format!("g++ cannot compile {name}.cpp"));
            return;
        }
        let mut killers = Vec::new();
        for (i, input) in boards.iter().enumerate() {
            let (v, message, _) = judge(&exe, input);
            if name.starts_with("accepted") {
                assert_eq!(v, Verdict::Ac, "{name} on test {}: {message}", i + 1);
            } else if v != Verdict::Ac {
                assert_eq!(v, verdict, "{name} on test {}: {message}", i + 1);
                killers.push(i + 1);
            }
        }
        if !name.starts_with("accepted") {
            assert!(!killers.is_empty(), "{name} is never killed");
        }
        table.insert(name, killers);
    }
    for (name, killers) in &table {
        eprintln!("{name}: killed by tests {killers:?}");
    }
}
