//! `game`'s reference solution against C++ Hopcroft–Karp peers, as whole processes.
//!
//! `cargo bench --bench peers` compiles the peers in `benches/peers/` with `g++ -O2` (into
//! `target/peers/`), generates one board of every kind and size with seed 1 (as `gen game`
//! would), then runs on it, as separate processes interleaved round by round (the order rotates
//! each round), stdin from the input file and stdout to a file:
//! * `solve` = `solve game --no-limits`, the reference solution as a program of its own
//!   (`src/bin/solve.rs`);
//! * `gridjudge` = `gridjudge solve game --no-limits`, the same solution inside the command
//!   (argument parser, problem discovery, signal watcher);
//! * the C++ peers below, and optionally another gridjudge build ("before").
//!
//! It checks that every program's answer is byte-identical to `solve`'s, and prints a markdown
//! table: per program the median wall time, ns per cell, the median CPU time (user + system,
//! from `wait4`) and, for every program but the first C++ peer, both ratios program / that
//! peer; then peak resident memory (`ru_maxrss` from `wait4`, the largest of the runs) and the
//! Hopcroft–Karp phase counts (the reference solution's from `Board::solve` run in this
//! process, the peers' from their stderr). The CPU ratio is the steadier one on a loaded
//! machine (waiting for a core counts in the wall time, not in the CPU time); the load average
//! is printed before and after.
//!
//! The peers (see each file's header), all iterative Hopcroft–Karp with the neighbours computed
//! on a padded board, one breadth-first layering per phase, the whole input read at once and
//! the answer written through one buffer:
//! * `board` = `game_board.cpp`: gridjudge's algorithm and layout line by line (one byte per
//!   cell holding the partner's direction, Karp–Sipser start, dead-vertex pruning);
//! * `full` = `game_hk.cpp -DPEER_FULL`: the textbook layout (a 32-bit partner index per
//!   cell) with the same Karp–Sipser start and pruning;
//! * `plain` = `game_hk.cpp`: greedy start and no pruning, only when asked for (it needs
//!   minutes on tree mazes from 2000×2000 up).
//!
//! Environment:
//! * `GRIDJUDGE_BENCH_SIZES=1000,2000` — board sides (default 1000,2000,3000,4000);
//! * `GRIDJUDGE_BENCH_KINDS=random,maze` — board kinds (default all of [`KINDS`]);
//! * `GRIDJUDGE_BENCH_ROUNDS=7` — runs per program and board (default 5, median taken);
//! * `GRIDJUDGE_BENCH_PEERS=board,full,plain` — C++ peers to run (default board,full); the
//!   first is the one the ratios are to;
//! * `GRIDJUDGE_BEFORE=/path/to/gridjudge` — also time another gridjudge binary (e.g. the
//!   build before a change) as a column "before";
//! * `GRIDJUDGE_BENCH_SAVE=dir` — only write the boards to `dir/<kind>-<side>.in` (kind with
//!   spaces as `-`), for profiling one program by hand; nothing is run.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gridjudge::core::args::Args;
use gridjudge::problem::generate_test;
use gridjudge::problems::game::{parse_canonical, Game};

/// Board kinds: label, generator, extra arguments (after `n=.. m=..`).
const KINDS: &[(&str, &str, &str)] = &[
    ("random", "random", "walls=0.3"),
    ("open", "open", ""),
    ("walls", "walls", ""),
    ("serpentine", "serpentine", ""),
    ("maze", "maze", ""),
    ("maze loops", "maze", "loops=0.1"),
    ("lose", "lose", "walls=0.3"),
    ("isolated", "isolated", ""),
    ("unbalanced", "unbalanced", ""),
];

/// One program under test.
struct Program {
    name: String,
    cmd: Vec<String>,
}

/// One measured run.
struct Run {
    wall: Duration,
    cpu: Duration,
    maxrss_kib: u64,
    stderr: String,
}

fn env_list(name: &str) -> Option<Vec<String>> {
    std::env::var(name)
        .ok()
        .map(|v| v.split(',').map(|s| s.trim().to_string()).collect())
}

/// Compiles `benches/peers/<source>` with `flags` into `target/peers/<name>`.
fn compile_peer(name: &str, source: &str, flags: &[&str]) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target").join("peers");
    std::fs::create_dir_all(&dir).expect("create target/peers");
    let out = dir.join(name);
    let status = Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&out)
        .args(flags)
        .arg(root.join("benches/peers").join(source))
        .status()
        .expect("g++ runs (apt-get install g++)");
    assert!(status.success(), "g++ failed on {source}");
    out
}

/// Runs `cmd` with stdin from `input` and stdout to `output`; wall time and peak RSS.
///
/// The program is started by a fresh copy of this benchmark in wrapper mode ([`wrap`]), not by
/// this process: a child's `ru_maxrss` counts the pages it shares with its parent between fork
/// and exec, so a direct child of this (large) process would report at least this process's
/// size.
fn run(cmd: &[String], input: &Path, output: &Path) -> Run {
    let exe = std::env::current_exe().expect("own path");
    let out = Command::new(exe)
        .env(WRAP, "1")
        .args(cmd)
        .stdin(File::open(input).expect("open input"))
        .stdout(File::create(output).expect("create output"))
        .stderr(Stdio::piped())
        .output()
        .expect("wrapper runs");
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    let last = text.lines().last().unwrap_or("");
    let fields: Vec<&str> = last.split_whitespace().collect();
    assert!(
        out.status.success() && fields.len() == 4 && fields[0] == "wrapped",
        "{} failed on {}: {text}",
        cmd[0],
        input.display()
    );
    Run {
        wall: Duration::from_nanos(fields[1].parse().expect("wall ns")),
        maxrss_kib: fields[2].parse().expect("maxrss"),
        cpu: Duration::from_nanos(fields[3].parse().expect("cpu ns")),
        stderr: text,
    }
}

/// Environment variable that puts this benchmark in wrapper mode.
const WRAP: &str = "GRIDJUDGE_PEERS_WRAP";

/// Wrapper mode: runs the command line `args` with this process's stdin and stdout, then
/// appends `wrapped <wall ns> <peak RSS KiB> <user + system CPU ns>` to stderr; exits 1 if
/// the program failed.
fn wrap(args: &[String]) -> ! {
    let start = Instant::now();
    // Reaped below by wait4, which std's Child::wait cannot do (it drops the rusage).
    #[allow(clippy::zombie_processes)]
    let child = Command::new(&args[0])
        .args(&args[1..])
        .env_remove(WRAP)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", args[0]));
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child, not yet reaped (std's Child is dropped without waiting).
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    let ok = r == pid && libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    let tv = |t: libc::timeval| t.tv_sec as u64 * 1_000_000_000 + t.tv_usec as u64 * 1000;
    let cpu = tv(usage.ru_utime) + tv(usage.ru_stime);
    eprintln!("\nwrapped {} {} {cpu}", wall.as_nanos(), usage.ru_maxrss);
    std::process::exit(if ok { 0 } else { 1 })
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(t: Duration) -> String {
    let ms = t.as_secs_f64() * 1e3;
    if ms >= 100.0 {
        format!("{ms:.0}")
    } else {
        format!("{ms:.1}")
    }
}

fn main() {
    if std::env::var_os(WRAP).is_some() {
        let args: Vec<String> = std::env::args().skip(1).collect();
        wrap(&args);
    }
    let sides: Vec<u32> = env_list("GRIDJUDGE_BENCH_SIZES")
        .map(|l| {
            l.iter()
                .map(|s| s.parse().expect("sizes: integers"))
                .collect()
        })
        .unwrap_or_else(|| vec![1000, 2000, 3000, 4000]);
    let kinds: Vec<&(&str, &str, &str)> = match env_list("GRIDJUDGE_BENCH_KINDS") {
        Some(l) => KINDS
            .iter()
            .filter(|k| l.iter().any(|x| x == k.0))
            .collect(),
        None => KINDS.iter().collect(),
    };
    let rounds: usize = std::env::var("GRIDJUDGE_BENCH_ROUNDS")
        .ok()
        .map_or(5, |s| s.parse().expect("rounds: integer"));
    let peers =
        env_list("GRIDJUDGE_BENCH_PEERS").unwrap_or_else(|| vec!["board".into(), "full".into()]);

    let in_command = |bin: &str| {
        vec![
            bin.into(),
            "solve".into(),
            "game".into(),
            "--no-limits".into(),
        ]
    };
    let mut programs = vec![
        Program {
            name: "solve".into(),
            cmd: vec![
                env!("CARGO_BIN_EXE_solve").into(),
                "game".into(),
                "--no-limits".into(),
            ],
        },
        Program {
            name: "gridjudge".into(),
            cmd: in_command(env!("CARGO_BIN_EXE_gridjudge")),
        },
    ];
    for p in &peers {
        let (source, flags): (&str, &[&str]) = match p.as_str() {
            "board" => ("game_board.cpp", &[]),
            "full" => ("game_hk.cpp", &["-DPEER_FULL"]),
            "plain" => ("game_hk.cpp", &[]),
            _ => panic!("GRIDJUDGE_BENCH_PEERS: board, full or plain, not {p}"),
        };
        let exe = compile_peer(&format!("game_{p}"), source, flags);
        programs.push(Program {
            name: format!("C++ {p}"),
            cmd: vec![exe.to_string_lossy().into()],
        });
    }
    if let Ok(before) = std::env::var("GRIDJUDGE_BEFORE") {
        programs.push(Program {
            name: "before".into(),
            cmd: in_command(&before),
        });
    }
    // The program the ratios are to: the first C++ peer (else `solve`).
    let base = programs
        .iter()
        .position(|p| p.name.starts_with("C++"))
        .unwrap_or(0);

    let dir = tempfile::tempdir().expect("temporary directory");
    let load = || std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    eprintln!("load average before: {}", load().trim());
    let mut header = String::from("| board | side |");
    let mut rule = String::from("|---|---|");
    for (i, p) in programs.iter().enumerate() {
        if i == base {
            header += &format!(" {} ms (ns/cell) | CPU ms |", p.name);
            rule += "---|---|";
        } else {
            header += &format!(" {} ms (ns/cell) | ratio | CPU ms | CPU ratio |", p.name);
            rule += "---|---|---|---|";
        }
    }
    header += " peak MiB (";
    header += &programs
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(" / ");
    header += ") | HK phases (solve / C++) |";
    rule += "---|---|";
    let mut lines = vec![header, rule];
    for &&(label, generator, extra) in &kinds {
        for &side in &sides {
            let line = format!("n={side} m={side} {extra}");
            let words: Vec<&str> = line.split_whitespace().collect();
            let args = Args::parse(&words).expect("benchmark arguments parse");
            let bytes = generate_test(&Game, generator, &args, 1).expect("generator runs");
            if let Some(save) = std::env::var_os("GRIDJUDGE_BENCH_SAVE") {
                let name = format!("{}-{side}.in", label.replace(' ', "-"));
                std::fs::write(Path::new(&save).join(name), &bytes).expect("write saved board");
                continue;
            }
            let input = dir.path().join("input");
            std::fs::write(&input, &bytes).expect("write input");
            let bounds = gridjudge::problem::ProblemConfig::load(&Game, None)
                .expect("built-in problem.toml")
                .lifted;
            let stats = parse_canonical(&bytes, &bounds)
                .expect("generated input is canonical")
                .solve();
            drop(bytes);

            let mut times = vec![Vec::new(); programs.len()];
            let mut cpus = vec![Vec::new(); programs.len()];
            let mut rss = vec![0u64; programs.len()];
            let mut stderr = vec![String::new(); programs.len()];
            for round in 0..rounds {
                for k in 0..programs.len() {
                    let i = (k + round) % programs.len();
                    let out = dir.path().join(format!("out{i}"));
                    let r = run(&programs[i].cmd, &input, &out);
                    times[i].push(r.wall);
                    cpus[i].push(r.cpu);
                    rss[i] = rss[i].max(r.maxrss_kib);
                    stderr[i] = r.stderr;
                }
                if round == 0 {
                    let reference = std::fs::read(dir.path().join("out0")).expect("answer");
                    for (i, p) in programs.iter().enumerate().skip(1) {
                        let other = std::fs::read(dir.path().join(format!("out{i}"))).unwrap();
                        assert!(
                            other == reference,
                            "{} and solve answer differently on {label} {side}x{side}",
                            p.name
                        );
                    }
                }
            }
            let cells = f64::from(side) * f64::from(side);
            let med: Vec<Duration> = times.into_iter().map(median).collect();
            let cpu: Vec<Duration> = cpus.into_iter().map(median).collect();
            let ns = |t: Duration| t.as_secs_f64() * 1e9 / cells;
            let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64().max(1e-9);
            let mut row = format!("| {label} | {side}² |");
            for (i, (t, c)) in med.iter().zip(&cpu).enumerate() {
                if i == base {
                    row += &format!(" {} ({:.0}) | {} |", ms(*t), ns(*t), ms(*c));
                } else {
                    row += &format!(
                        " {} ({:.0}) | {:.2} | {} | {:.2} |",
                        ms(*t),
                        ns(*t),
                        ratio(*t, med[base]),
                        ms(*c),
                        ratio(*c, cpu[base])
                    );
                }
            }
            let mib: Vec<String> = rss
                .iter()
                .map(|k| format!("{:.1}", *k as f64 / 1024.0))
                .collect();
            let peer_phases: Vec<String> = stderr
                .iter()
                .filter_map(|s| {
                    s.lines()
                        .find_map(|l| l.strip_prefix("phases ").map(str::to_string))
                })
                .collect();
            row += &format!(
                " {} | {} / {} |",
                mib.join(" / "),
                stats.phases,
                if peer_phases.is_empty() {
                    "-".to_string()
                } else {
                    peer_phases.join(", ")
                }
            );
            eprintln!("{row}");
            lines.push(row);
        }
    }
    eprintln!("load average after: {}", load().trim());
    println!();
    for l in lines {
        println!("{l}");
    }
}
