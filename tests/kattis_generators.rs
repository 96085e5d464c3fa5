//! `generators/generators.yaml` run by gridjudge (`problems::kattis::generators`) against the
//! real `bt generate` of the pinned BAPCtools (`tests/pypi-pins.txt`) on the 2025-09 package
//! `tests/kattis/generators_2025/`: every file bt writes under `data/` must be ours, byte for
//! byte, and we must write no other.
//!
//! `generate_matches_bt_generate` installs BAPCtools from PyPI into `target/bapctools-venv`
//! (reused when present) and runs `bt generate` on a copy of the package, so it is ignored by
//! `cargo test`; run it with `cargo test --test kattis_generators -- --ignored`. The
//! generators and the solution are Python (`python3`; bt prefers `pypy3` when installed, which
//! gives the same bytes: the generators use `random.Random(seed)` only).

#[path = "common/tools.rs"]
mod tools;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use gridjudge::exec::runner::RunLimits;
use gridjudge::problems::kattis::generators;
use gridjudge::problems::kattis::Version;

fn package() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kattis/generators_2025")
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let dest = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_dir(&p, &dest);
        } else {
            fs::copy(&p, &dest).unwrap();
        }
    }
}

/// Every file under `dir` (symbolic links read through, as bt's `count` copies and
/// `include`s are links), relative path → bytes.
fn files_under(dir: &Path, base: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files_under(&p, base, out);
        } else {
            let bytes = fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            out.insert(p.strip_prefix(base).unwrap().to_path_buf(), bytes);
        }
    }
}

fn ours() -> BTreeMap<PathBuf, Vec<u8>> {
    let dir = package();
    let plan = generators::plan(&dir, Version::V2025_09)
        .unwrap()
        .expect("the package has a generators.yaml");
    let cache = tempfile::tempdir().unwrap();
    let files =
        generators::generate(&dir, &plan, cache.path(), &RunLimits::new(10_000, 1024), 2).unwrap();
    assert!(
        !dir.join("data").exists(),
        "generate must not write into the package"
    );
    files
}

/// The plan of the package, without running anything: the paths bt writes (as listed by a
/// `bt generate` run of bapctools 2026.10.0 on 2026-12-02) and which rules bt shares.
#[test]
fn plan_of_the_package() {
    let plan = generators::plan(&package(), Version::V2025_09)
        .unwrap()
        .unwrap();
    let paths: Vec<String> = plan
        .tests
        .iter()
        .map(|t| t.path.display().to_string())
        .collect();
    assert_eq!(
        paths,
        [
            "sample/01",
            "sample/02-copied",
            "secret/03-small",
            "secret/04-small2",
            "secret/05-many-1",
            "secret/06-many-2",
            "secret/07-many-3",
            "secret/08-picked-2",
            "secret/09-picked-5",
            "secret/10-same-1",
            "secret/11-same-2",
            "secret/12-both",
            "secret/13-named",
            "secret/14-folder",
            "secret/15-tagged",
            "secret/1-group/big",
            "secret/1-group/nosolution",
            "invalid_answer/wrong",
            "invalid_input/extra",
            "invalid_input/letters",
        ]
    );
    assert_eq!(plan.tests[10].same_as, Some(9));
    assert_eq!(
        plan.tests[15].generate.as_deref(),
        Some("gen_random.py 1000000000 {seed}")
    );
    let included: Vec<String> = plan
        .includes
        .iter()
        .map(|(p, _)| p.display().to_string())
        .collect();
    assert_eq!(
        included,
        ["secret/2-again/03-small", "secret/2-again/02-copied"]
    );
}

/// Our files without bt: the ones whose bytes do not depend on a generator's randomness.
#[test]
fn generated_files_of_the_package() {
    let files = ours();
    let get = |p: &str| String::from_utf8(files[Path::new(p)].clone()).unwrap();
    assert_eq!(get("sample/01.in"), "1 2\n");
    assert_eq!(get("sample/01.ans"), "3\n");
    assert_eq!(get("sample/02-copied.ans"), "42\n");
    assert_eq!(get("secret/12-both.in"), "7 7\n");
    assert_eq!(get("secret/12-both.ans"), "14\n");
    assert_eq!(get("secret/13-named.in"), "4 5\n");
    assert_eq!(get("secret/11-same-2.in"), get("secret/10-same-1.in"));
    assert_eq!(get("secret/2-again/03-small.in"), get("secret/03-small.in"));
    assert_eq!(get("invalid_input/letters.in"), "a b\n");
    assert_eq!(get("invalid_answer/wrong.ans"), "3\n");
    assert!(!files.contains_key(Path::new("invalid_input/letters.ans")));
    let input = get("secret/05-many-1.in");
    let (a, b) = input.trim().split_once(' ').unwrap();
    let sum = a.parse::<i64>().unwrap() + b.parse::<i64>().unwrap();
    assert_eq!(get("secret/05-many-1.ans"), format!("{sum}\n"));
    assert_eq!(
        get("secret/test_group.yaml"),
        "input_validator_args:\n  - --max\n  - '1000000000'\n"
    );
}

#[test]
#[ignore = "installs BAPCtools from PyPI and runs bt generate"]
fn generate_matches_bt_generate() {
    let bt = tools::pypi_tool("bapctools-venv", "bapctools", "bt");
    let tmp = tempfile::tempdir().unwrap();
    // bt wants a problem folder named by `[a-z0-9]{1,255}`.
    let copy = tmp.path().join("gensum");
    copy_dir(&package(), &copy);
    // bt keeps its caches in `$TMPDIR/bapctools_*`: here, inside the temporary folder.
    let bt_tmp = tmp.path().join("bt-tmp");
    fs::create_dir_all(&bt_tmp).unwrap();
    let (ok, text) = tools::run_tool(
        Command::new(&bt)
            .arg("generate")
            .env("TMPDIR", &bt_tmp)
            // bt remembers every problem's uuid in its config folder and warns (exit 1) when
            // another existing copy has the same one: each run gets a folder of its own.
            .env("XDG_CONFIG_HOME", tmp.path().join("bt-config"))
            .current_dir(&copy),
    );
    assert!(ok, "bt generate failed:\n{text}");
    // bt also writes `.gitignore` beside data/ (outside data/, not compared) and its cache in
    // its own temporary folder; under data/ it writes only the tests and test_group.yaml.
    let mut theirs = BTreeMap::new();
    files_under(&copy.join("data"), &copy.join("data"), &mut theirs);
    let ours = ours();
    let only_theirs: Vec<_> = theirs.keys().filter(|k| !ours.contains_key(*k)).collect();
    let only_ours: Vec<_> = ours.keys().filter(|k| !theirs.contains_key(*k)).collect();
    assert!(
        only_theirs.is_empty() && only_ours.is_empty(),
        "only bt wrote {only_theirs:?}; only gridjudge wrote {only_ours:?}"
    );
    for (path, bytes) in &theirs {
        assert_eq!(
            String::from_utf8_lossy(&ours[path]),
            String::from_utf8_lossy(bytes),
            "{} differs from bt's",
            path.display()
        );
    }
    assert!(theirs.len() >= 30, "bt wrote only {} files", theirs.len());
}

/// `stress`'s view of a test: its line with `{seed}` open, run with the test's own seed, gives
/// the test's input.
#[test]
fn seed_line_runs_as_the_test() {
    let dir = package();
    let plan = generators::plan(&dir, Version::V2025_09).unwrap().unwrap();
    let small = &plan.tests[2];
    let line = generators::seed_line(small).expect("small uses {seed}");
    assert_eq!(line, "gen_random.py 10 {seed}");
    let cache = tempfile::tempdir().unwrap();
    let limits = RunLimits::new(10_000, 1024);
    let bytes =
        generators::run_line(&dir, &plan, &line, small.seed, cache.path(), &limits).unwrap();
    let files = ours();
    assert_eq!(bytes, files[Path::new("secret/03-small.in")]);
    let other =
        generators::run_line(&dir, &plan, &line, small.seed + 1, cache.path(), &limits).unwrap();
    assert_ne!(bytes, other, "another seed gives another input");
}

/// A generator that fails is an error naming the file, the test, the command and the head of
/// its stderr.
#[test]
fn a_failing_generator_is_named_with_its_stderr() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::create_dir_all(dir.join("generators")).unwrap();
    fs::write(
        dir.join("problem.yaml"),
        "problem_format_version: 2025-09\nname: f\n",
    )
    .unwrap();
    fs::write(
        dir.join("generators/fail.py"),
        "import sys\nprint('no input today', file=sys.stderr)\nsys.exit(3)\n",
    )
    .unwrap();
    fs::write(
        dir.join("generators/generators.yaml"),
        "solution:\ndata:\n  secret:\n    data:\n      broken: fail.py {seed}\n",
    )
    .unwrap();
    let plan = generators::plan(dir, Version::V2025_09).unwrap().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let e = generators::generate(dir, &plan, cache.path(), &RunLimits::new(10_000, 512), 1)
        .unwrap_err();
    let e = format!("{e:#}");
    assert!(
        e.contains("generators/generators.yaml: secret/broken"),
        "{e}"
    );
    assert!(
        e.contains("fail.py {seed}") && e.contains("exit code 3"),
        "{e}"
    );
    assert!(e.contains("no input today"), "{e}");
}
