//! Golden test of the command line: what the `gridjudge` commands print, exit with and write
//! on the shipped problems, pinned as one line per item in `tests/golden/*.txt`, so that a
//! change meant to keep the behaviour (such as a re-layout of `src/`) can show that it did.
//!
//! Every command runs through the real binaries (`gridjudge`, and `solve` on the samples) on
//! a temporary copy of `problems/` (never the repository's own folder), with that copy as its
//! current folder and a compile cache of its own under `target/tmp/golden_cli/cache`. Pinned:
//!
//! * `tests/golden/cli.txt` ([`golden_cli`], in the default suite: about 6 s on 2 cores with a
//!   warm compile cache): for the built-in problems (`game`, `bunny`) `build --locked`, plain
//!   and `--json`, `solve` on every sample, and every file of their export in every format
//!   (`testlib`, `kattis`, `kattis-2025-09`, `polygon`; Kattis and Polygon with
//!   `--no-compiled-statement`) by relative path, with an `x` for executables, and the
//!   `--zip` archive of each (reproducible: its entries carry the zip crate's fixed 1980
//!   date); `render` (the SVG file) of samples and tests, with and without `--answer`;
//!   `judge` of an accepted and a wrong C++ submission of `game`, plain and `--json`;
//!   `stress` of the wrong one with `--seeds`, plain and `--json`; `list`; `completions` for
//!   every shell; `--help` and `help` of every command; `--version`; and the exit status,
//!   stdout and first line of stderr of error cases (unknown problem, bad arguments, refused
//!   destination).
//! * `tests/golden/cli-slow.txt` ([`golden_cli_slow`], ignored: minutes): `build --locked` of
//!   every problem, plain and `--json` (the program problem `geography` runs its C++ and
//!   Python programs: about 13 s a build); `solve` and every export of the program problems;
//!   `stress` of a wrong `geography` submission, by seeds and `--from-test` (the runs
//!   `.ci/run` makes); and `verify <p> --json -j 2` of every problem with a catalogue: its
//!   verdicts, kill matrix, survivors and killing set.
//!
//! Left out: compiled binaries (the ELF `checker` and `validator` a testlib package ships:
//! listed, not hashed) and PDFs (not reproducible); the compiled statements (`statement`, and
//! the Kattis exports without `--no-compiled-statement`: TeX is not everywhere); stderr of
//! successful runs (progress and compile lines, which depend on the cache). Anything measured
//! is masked ([`Mask`]): run times, memory, durations, rates, which of the CPU and
//! wall-clock limits stopped a TLE first, the temporary folder, and the sandbox's version
//! numbers (bubblewrap's, the cgroup version), which belong to the machine. The verdicts of
//! runs near the time limit depend on the machine's speed and load (two 2-core VMs gave other
//! TLE cells for `game` and `bunny`, and one of them differed from run to run): `verify`'s
//! runs of the `time_limit_exceeded/` submissions (and any other TLE) are masked, and with
//! them the killing set ([`Mask::Verify`]).
//!
//! `GRIDJUDGE_BLESS=1 cargo test --test golden_cli -- --include-ignored` rewrites both files.
//! Without it a difference fails the test, naming each key that differs with the expected and
//! the found value; the normalised outputs of the run are kept under
//! `target/tmp/golden_cli/<test>/` to compare with those of another commit.

mod common;

use common::mask::{mask_json, mask_line, mask_temp_folders};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use gridjudge::core::files::sha256_hex;

/// Set to rewrite the golden files instead of comparing with them.
const BLESS: &str = "GRIDJUDGE_BLESS";

/// The export formats, each with the flags the golden run gives it.
const FORMATS: &[(&str, &[&str])] = &[
    ("testlib", &[]),
    ("kattis", &["--no-compiled-statement"]),
    ("kattis-2025-09", &["--no-compiled-statement"]),
    ("polygon", &["--no-compiled-statement"]),
];

/// Values of at most this many bytes (one line, no control character) are kept as text in the
/// golden file; longer ones as their SHA-256.
const INLINE_MAX: usize = 72;

/// The path of this build's `gridjudge`.
const GRIDJUDGE: &str = env!("CARGO_BIN_EXE_gridjudge");

/// A temporary copy of every shipped problem (`<root>/problems/<p>`): the folder the commands
/// run in.
struct Run {
    tmp: tempfile::TempDir,
    problems: Vec<String>,
}

impl Run {
    /// Copies every folder of `problems/` that holds a problem.toml.
    fn new() -> Run {
        let tmp = tempfile::tempdir().unwrap();
        let src = common::problem_dir("");
        let mut problems: Vec<String> = std::fs::read_dir(&src)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|p| src.join(p).join("problem.toml").is_file())
            .collect();
        problems.sort();
        for p in &problems {
            common::copy_problem(&src.join(p), &tmp.path().join("problems").join(p));
        }
        Run { tmp, problems }
    }

    fn root(&self) -> &Path {
        self.tmp.path()
    }

    /// Runs `exe` with `args` and `stdin` in the run's folder, with a compile cache of its own
    /// (`XDG_CACHE_HOME`).
    fn exec(&self, exe: &str, args: &[&str], stdin: &[u8]) -> Output {
        let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("golden_cli/cache");
        let mut child = Command::new(exe)
            .args(args)
            .current_dir(self.root())
            .env("XDG_CACHE_HOME", &cache)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {exe}: {e}"));
        // A command that exits without reading its stdin breaks the pipe: not an error here.
        let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin);
        child.wait_with_output().unwrap()
    }

    /// Runs `gridjudge args` with an empty stdin.
    fn gj(&self, args: &[&str]) -> Output {
        self.exec(GRIDJUDGE, args, b"")
    }
}

/// The recorded items of a golden file, in the order they are recorded.
struct Golden {
    items: Vec<(String, String)>,
    /// The run's folder, masked as `<TMP>` in outputs.
    root: PathBuf,
    /// Where the normalised outputs of this run are kept for reading.
    found: PathBuf,
}

impl Golden {
    /// An empty record for commands run in `run`; `name` names its folder of found outputs.
    fn new(run: &Run, name: &str) -> Golden {
        let found = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("golden_cli")
            .join(name);
        if found.exists() {
            std::fs::remove_dir_all(&found).unwrap();
        }
        std::fs::create_dir_all(&found).unwrap();
        Golden {
            items: Vec::new(),
            root: run.root().to_path_buf(),
            found,
        }
    }

    /// Runs `gridjudge args` in `run` and records it ([`Golden::command`]) under
    /// `gridjudge <args>`.
    fn gridjudge(&mut self, run: &Run, args: &[&str], mask: Mask) -> Output {
        let out = run.gj(args);
        self.command(&format!("gridjudge {}", args.join(" ")), &out, mask);
        out
    }

    /// Records the exit status of the run `out` and its stdout normalised by `mask` under
    /// `key`.
    fn command(&mut self, key: &str, out: &Output, mask: Mask) {
        let stdout = mask.apply(&String::from_utf8_lossy(&out.stdout), &self.root);
        self.record(&format!("{key} | exit"), status(out));
        self.record_text(&format!("{key} | stdout"), &stdout);
    }

    /// Runs `gridjudge args`, which must fail, and records its exit status, the first line of
    /// its stderr and its stdout.
    fn error(&mut self, run: &Run, args: &[&str]) {
        let out = run.gj(args);
        assert!(
            !out.status.success(),
            "{args:?} succeeded\n{}",
            common::text(&out)
        );
        let key = format!("gridjudge {}", args.join(" "));
        let stderr = String::from_utf8_lossy(&out.stderr);
        let first = Mask::Text.apply(stderr.lines().next().unwrap_or(""), &self.root);
        self.command(&key, &out, Mask::Text);
        self.record(&format!("{key} | stderr line 1"), format!("{first:?}"));
    }

    /// Records `text` under `key`: as text when short, else as its SHA-256; keeps it in the
    /// folder of found outputs.
    fn record_text(&mut self, key: &str, text: &str) {
        let value = if text.len() <= INLINE_MAX && !text.trim_end_matches('\n').contains('\n') {
            format!("{text:?}")
        } else {
            format!("sha256 {}", sha256_hex(text.as_bytes()))
        };
        let file: String = key
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "-.=".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        std::fs::write(self.found.join(file), text).unwrap();
        self.record(key, value);
    }

    fn record(&mut self, key: &str, value: String) {
        assert!(
            !key.contains(" = ") && !key.contains('\n') && !value.contains('\n'),
            "{key}: {value}"
        );
        assert!(
            self.items.iter().all(|(k, _)| k != key),
            "two items named {key}"
        );
        self.items.push((key.to_string(), value));
    }

    /// Records every file under `dir` by its path relative to `dir` (`key / path`): its
    /// SHA-256 and `x` when executable, or what it is when it is left out (an ELF binary, a
    /// PDF, a symbolic link).
    fn record_tree(&mut self, key: &str, dir: &Path) {
        let mut files = Vec::new();
        walk(dir, dir, &mut files);
        assert!(!files.is_empty(), "{} is empty", dir.display());
        for rel in files {
            let path = dir.join(&rel);
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let value = if meta.file_type().is_symlink() {
                format!(
                    "symlink to {}",
                    std::fs::read_link(&path).unwrap().display()
                )
            } else {
                let bytes = std::fs::read(&path).unwrap();
                let exec = std::os::unix::fs::PermissionsExt::mode(&meta.permissions()) & 0o111;
                let x = if exec != 0 { " x" } else { "" };
                if bytes.starts_with(b"\x7fELF") {
                    format!("ELF binary, not hashed{x}")
                } else if bytes.starts_with(b"%PDF") {
                    format!("PDF, not hashed{x}")
                } else {
                    format!("sha256 {}{x}", sha256_hex(&bytes))
                }
            };
            self.record(&format!("{key} / {rel}"), value);
        }
    }

    /// Writes the recorded items to `tests/golden/<file>` when blessing; else compares them
    /// with it and fails naming every key that differs.
    fn finish(self, file: &str) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(file);
        let mut text = String::new();
        for (k, v) in &self.items {
            text += &format!("{k} = {v}\n");
        }
        if std::env::var_os(BLESS).is_some_and(|v| v == "1") {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
            eprintln!("wrote {} ({} items)", path.display(), self.items.len());
            return;
        }
        let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("cannot read {}: {e} ({BLESS}=1 writes it)", path.display())
        });
        let expected: BTreeMap<&str, &str> = golden
            .lines()
            .map(|l| {
                l.split_once(" = ")
                    .unwrap_or_else(|| panic!("{}: bad line {l:?}", path.display()))
            })
            .collect();
        let found: BTreeMap<&str, &str> = self
            .items
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let mut diff = String::new();
        let mut count = 0;
        for key in expected
            .keys()
            .chain(found.keys().filter(|k| !expected.contains_key(*k)))
        {
            let (e, f) = (expected.get(key), found.get(key));
            if e != f {
                count += 1;
                let show = |v: Option<&&str>| v.map_or("(absent)".to_string(), |v| v.to_string());
                diff += &format!("{key}\n  expected: {}\n  found:    {}\n", show(e), show(f));
            }
        }
        // The file's own order: the keys in the order the run records them.
        let order_ok = golden == text;
        assert!(
            count == 0 && order_ok,
            "{count} item(s) of {} differ from this run{}:\n{diff}\nThe normalised outputs of \
             this run are in {}; {BLESS}=1 rewrites the golden file.",
            path.display(),
            if count == 0 {
                " (only in their order)"
            } else {
                ""
            },
            self.found.display()
        );
    }
}

/// The exit status of a run as text: `exit N`, or the signal that ended it.
fn status(o: &Output) -> String {
    match o.status.code() {
        Some(c) => format!("exit {c}"),
        None => format!("{}", o.status),
    }
}

/// The files under `dir` (not folders), as paths relative to `root` with `/`, sorted.
fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let meta = std::fs::symlink_metadata(&p).unwrap();
        if meta.is_dir() {
            walk(root, &p, out);
        } else {
            let rel = p.strip_prefix(root).unwrap();
            out.push(common::utf8(rel).to_string());
        }
    }
}

/// How a command's output is normalised before it is pinned.
#[derive(Clone, Copy)]
enum Mask {
    /// Nothing masked but the temporary folder: the output must not change at all.
    Exact,
    /// Text with measured values: every number directly followed by a unit of time or memory
    /// (`12 ms`, `0.16 s`, `1328 KiB`, `25.0 tests/s`) except a `limits:` line's, the last
    /// column of a `build` table (`solve ms`), the three measured columns of a `judge` table,
    /// which of the CPU and wall-clock limits stopped a TLE first, the sandbox's version
    /// numbers and the temporary folder.
    Text,
    /// JSON (one or more documents, compact or pretty) with the values of measured fields
    /// ([`MEASURED_KEYS`], outside a `limits` object) replaced by `"#"`, and its strings masked
    /// as [`Mask::Text`] masks a line; everything else, key order and layout included, kept.
    Json,
    /// A `verify --json` report, masked as [`Mask::Json`] after [`mask_near_limit`]: the cells
    /// of the kill matrix near the time limit, whose verdicts depend on the machine's speed
    /// and load, and the killing set chosen from them.
    Verify,
}

impl Mask {
    fn apply(self, text: &str, root: &Path) -> String {
        let text = mask_temp_folders(&text.replace(common::utf8(root), "<TMP>"));
        match self {
            Mask::Exact => text,
            Mask::Text => text.split_inclusive('\n').map(mask_line).collect(),
            Mask::Json => mask_json(&text),
            Mask::Verify => mask_json(&mask_near_limit(&text)),
        }
    }
}

/// A `verify --json` report with the runs whose verdict depends on the machine's speed masked:
/// every run of a `time_limit_exceeded/` submission (which of its mid-sized tests pass depends
/// on the machine and its load, and a run near any threshold of time would flip from one run
/// to the next) and any other run that got TLE get the verdict `~` and the message `near the
/// time limit`; where any run was masked, the killing set is `#` (which tests form a minimum
/// set depends on those runs). Every other run, the expectations (a TLE submission must still
/// get TLE somewhere, or verify fails) and the survivors stay pinned. The text is parsed and
/// written again (pretty).
fn mask_near_limit(text: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).expect("verify --json gives JSON");
    let mut masked = false;
    if let Some(subs) = v["judge"]["submissions"].as_array_mut() {
        for sub in subs {
            let tle_folder = sub["name"]
                .as_str()
                .is_some_and(|n| n.starts_with("time_limit_exceeded/"));
            for run in sub["tests"].as_array_mut().into_iter().flatten() {
                if tle_folder || run["verdict"] == "TLE" {
                    run["verdict"] = "~".into();
                    run["message"] = "near the time limit".into();
                    masked = true;
                }
            }
        }
    }
    if masked {
        v["killing_set"]["tests"] = "#".into();
    }
    serde_json::to_string_pretty(&v).unwrap() + "\n"
}

/// Whether the `checker` and `validator` binaries a testlib export ships are beside
/// gridjudge, as `cargo test --workspace` (which builds their packages) leaves them.
fn assert_shipped_binaries() {
    let dir = Path::new(env!("CARGO_BIN_EXE_gridjudge")).parent().unwrap();
    for b in ["checker", "validator"] {
        assert!(
            dir.join(b).is_file(),
            "{} is missing: a testlib export ships it; `cargo test --workspace` builds it",
            dir.join(b).display()
        );
    }
}

/// The problem's sample inputs (`samples/*.in`, sorted), relative to the run's folder.
fn samples(run: &Run, p: &str) -> Vec<String> {
    let dir = run.root().join("problems").join(p).join("samples");
    let mut files = Vec::new();
    walk(&dir, &dir, &mut files);
    files
        .into_iter()
        .filter(|f| f.ends_with(".in") && !f.contains('/'))
        .map(|f| format!("problems/{p}/samples/{f}"))
        .collect()
}

/// Whether the problem `p` of `run` is a program problem (its problem.toml has a `[programs]`
/// table): its build and exports run its programs, which takes seconds.
fn is_program(run: &Run, p: &str) -> bool {
    let toml = std::fs::read_to_string(run.root().join("problems").join(p).join("problem.toml"));
    toml.unwrap().lines().any(|l| l.trim() == "[programs]")
}

/// Records `solve` on every sample of `p`: the command and the `solve` binary.
fn solve_samples(run: &Run, g: &mut Golden, p: &str) {
    for input in samples(run, p) {
        let bytes = std::fs::read(run.root().join(&input)).unwrap();
        let o = run.exec(GRIDJUDGE, &["solve", p], &bytes);
        g.command(&format!("gridjudge solve {p} < {input}"), &o, Mask::Exact);
        let o = run.exec(env!("CARGO_BIN_EXE_solve"), &[p], &bytes);
        g.command(&format!("solve {p} < {input}"), &o, Mask::Exact);
    }
}

/// Records the export of the built problem `p` in every format to `exports/<format>/<p>` with
/// its zip: the command, every file of the package and the zip.
fn exports(run: &Run, g: &mut Golden, p: &str) {
    for (format, flags) in FORMATS {
        let out = format!("exports/{format}/{p}");
        let mut args = vec!["export", p, "--format", format, "-o", &out, "--zip"];
        args.extend(*flags);
        let o = g.gridjudge(run, &args, Mask::Text);
        assert!(o.status.success(), "{args:?}\n{}", common::text(&o));
        g.record_tree(&format!("export {p} {format}"), &run.root().join(&out));
        let zip = std::fs::read(run.root().join(format!("{out}.zip"))).unwrap();
        g.record(
            &format!("export {p} {format} / <zip>"),
            format!("sha256 {}", sha256_hex(&zip)),
        );
    }
}

/// Records `render p input [--answer answer]`: its run and the SVG it writes.
fn render(run: &Run, g: &mut Golden, p: &str, input: &str, answer: Option<&str>) {
    let mut args = vec!["render", p, input, "-o", "picture.svg"];
    if let Some(a) = answer {
        args.extend(["--answer", a]);
    }
    let o = g.gridjudge(run, &args, Mask::Exact);
    assert!(o.status.success(), "{args:?}\n{}", common::text(&o));
    let svg = std::fs::read(run.root().join("picture.svg")).unwrap();
    let key = format!("gridjudge {} | picture.svg", args.join(" "));
    g.record(&key, format!("sha256 {}", sha256_hex(&svg)));
}

/// Every command on the built-in problems (`game`, `bunny`), and what needs no built package
/// on all of them.
#[test]
fn golden_cli() {
    assert_shipped_binaries();
    let run = Run::new();
    let mut g = Golden::new(&run, "cli");
    let (programs, builtin): (Vec<&str>, Vec<&str>) = run
        .problems
        .iter()
        .map(String::as_str)
        .partition(|p| is_program(&run, p));
    assert!(
        builtin.len() >= 2 && !programs.is_empty(),
        "{:?}",
        run.problems
    );
    let ac = "problems/game/submissions/accepted/hopcroft_karp.cpp";
    let wa = "problems/game/submissions/wrong_answer/one_colour.cpp";

    let mut build = vec!["build"];
    build.extend(&builtin);
    build.push("--locked");
    let o = g.gridjudge(&run, &build, Mask::Text);
    assert!(o.status.success(), "{}", common::text(&o));
    build.push("--json");
    let o = g.gridjudge(&run, &build, Mask::Json);
    assert!(o.status.success(), "{}", common::text(&o));
    g.gridjudge(&run, &["list"], Mask::Exact);
    for p in &builtin {
        solve_samples(&run, &mut g, p);
        exports(&run, &mut g, p);
    }

    std::fs::write(run.root().join("game-wrong.ans"), "WIN\n1 1\n3 2\n").unwrap();
    std::fs::write(run.root().join("bunny-wrong.ans"), "1\n2\n").unwrap();
    for (p, input, answer) in [
        ("game", "problems/game/samples/sample1.in", None),
        (
            "game",
            "problems/game/samples/sample1.in",
            Some("game-wrong.ans"),
        ),
        ("game", "problems/game/tests/21.in", None),
        ("bunny", "problems/bunny/samples/sample3.in", None),
        (
            "bunny",
            "problems/bunny/samples/sample3.in",
            Some("bunny-wrong.ans"),
        ),
        ("bunny", "problems/bunny/tests/40.in", None),
    ] {
        render(&run, &mut g, p, input, answer);
    }

    // Judging and stress: C++ submissions of the catalogue, in the sandbox.
    let o = g.gridjudge(
        &run,
        &["judge", "game", ac, wa, "--tests", "1-8"],
        Mask::Text,
    );
    assert_eq!(o.status.code(), Some(1), "{}", common::text(&o));
    for sub in [ac, wa] {
        let args = ["judge", "game", sub, "--tests", "1,21-22", "--json"];
        g.gridjudge(&run, &args, Mask::Json);
    }
    for json in [false, true] {
        let mut args = vec!["stress", "game", wa, "--seeds", "1..20"];
        if json {
            args.push("--json");
        }
        let o = g.gridjudge(&run, &args, if json { Mask::Json } else { Mask::Text });
        assert_eq!(o.status.code(), Some(1), "{}", common::text(&o));
    }

    for shell in ["bash", "elvish", "fish", "powershell", "zsh"] {
        g.gridjudge(&run, &["completions", shell], Mask::Exact);
    }
    g.gridjudge(&run, &["--help"], Mask::Exact);
    g.gridjudge(&run, &["help"], Mask::Exact);
    g.gridjudge(&run, &["--version"], Mask::Exact);
    for command in [
        "build",
        "judge",
        "verify",
        "merge",
        "timelimit",
        "mutants",
        "stress",
        "slowest",
        "solve",
        "export",
        "statement",
        "render",
        "list",
        "completions",
    ] {
        g.gridjudge(&run, &[command, "--help"], Mask::Exact);
        g.gridjudge(&run, &["help", command], Mask::Exact);
    }
    let o = run.exec(env!("CARGO_BIN_EXE_solve"), &["--help"], b"");
    g.command("solve --help", &o, Mask::Exact);

    // Errors: exit status and the first line of stderr.
    for args in [
        &["solve", "chess"][..],
        &["judge", "chess", ac],
        &["export", "chess", "-o", "x"],
        &["verify", "chess"],
        &[
            "render",
            "geography",
            "problems/geography/samples/1.in",
            "-o",
            "x.svg",
        ],
        &["render", "game", "missing.in", "-o", "x.svg"],
        &["bogus"],
        &["build", "--locked", "--update-lock"],
        &["judge", "game"],
        &["judge", "geography", ac],
        &["export", "game", "--format", "nope", "-o", "x"],
        &["export", "game", "-o", "exports/testlib/game"],
        &["stress", "game", wa, "--seeds", "five"],
        &[
            "render",
            "game",
            "problems/game/samples/sample1.in",
            "-o",
            "x.svg",
            "--size",
            "0",
        ],
    ] {
        g.error(&run, args);
    }
    g.finish("cli.txt");
}

/// The slow part: every problem's build (`--locked`, plain and `--json`), the program
/// problems' samples and exports, `stress` of a wrong `geography` submission (as `.ci/run`
/// runs it), and `verify` of every problem with a catalogue.
#[test]
#[ignore = "minutes: builds the program problems, compiles and runs every catalogue submission"]
fn golden_cli_slow() {
    assert_shipped_binaries();
    let run = Run::new();
    let mut g = Golden::new(&run, "cli-slow");
    let o = g.gridjudge(&run, &["build", "--locked"], Mask::Text);
    assert!(o.status.success(), "{}", common::text(&o));
    let o = g.gridjudge(&run, &["build", "--locked", "--json"], Mask::Json);
    assert!(o.status.success(), "{}", common::text(&o));
    for p in &run.problems {
        if is_program(&run, p) {
            solve_samples(&run, &mut g, p);
            exports(&run, &mut g, p);
        }
    }
    let wa = "problems/geography/submissions/wrong_answer/only_unmatched.cpp";
    for args in [
        &["stress", "geography", wa, "--seeds", "1..100"][..],
        &["stress", "geography", wa, "--from-test", "18"],
    ] {
        let o = g.gridjudge(&run, args, Mask::Text);
        assert_eq!(o.status.code(), Some(1), "{}", common::text(&o));
    }
    let mut verified = 0;
    for p in &run.problems {
        if !run
            .root()
            .join("problems")
            .join(p)
            .join("submissions")
            .is_dir()
        {
            continue;
        }
        let o = g.gridjudge(&run, &["verify", p, "--json", "-j", "2"], Mask::Verify);
        assert!(o.status.success(), "{}", common::text(&o));
        // Kept for tests/slurm.rs, which compares `verify --slurm` of every problem with this
        // local run instead of verifying every problem a second time (two minutes in CI).
        let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join("local-verify");
        std::fs::create_dir_all(&kept).unwrap();
        std::fs::write(kept.join(format!("{p}.json")), &o.stdout).unwrap();
        verified += 1;
    }
    assert!(verified >= 3, "{verified} problems verified");
    g.finish("cli-slow.txt");
}
