//! The package build: files, lock behaviour, determinism across thread counts, and that a
//! failure writes nothing. Runs `build_problem` on copies of `problems/game` in temporary
//! folders with small manifests.

use std::fs;
use std::path::{Path, PathBuf};

use gridjudge::package::{build_problem, sha256_hex, BuildOptions, Lock, LockMode};
use gridjudge::problem::by_name;

const SMALL_MANIFEST: &str = r#"
[[test]]
file = "samples/sample1.in"
answer = "samples/sample1.ans"
sample = true

[[test]]
gen = "random n=5 m=4 walls=0.3"
seed = 1
group = "small"

[[test]]
gen = "serpentine n=30 m=31"
seed = 2

[[test]]
gen = "lose n=20 m=9 walls=0.2"
seed = 3
"#;

/// A temporary problems folder holding `game` with the given manifest.
fn setup(manifest: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("game");
    fs::create_dir_all(dir.join("samples")).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/game");
    fs::copy(src.join("problem.toml"), dir.join("problem.toml")).unwrap();
    for f in ["sample1.in", "sample1.ans"] {
        fs::copy(src.join("samples").join(f), dir.join("samples").join(f)).unwrap();
    }
    fs::write(dir.join("manifest.toml"), manifest).unwrap();
    (tmp, dir)
}

fn opts(root: &Path, lock: LockMode, jobs: Option<usize>) -> BuildOptions {
    BuildOptions {
        problems_dir: root.to_path_buf(),
        lock,
        jobs,
        progress: false,
    }
}

fn read_tests(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = fs::read_dir(dir.join("tests"))
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn build_writes_tests_and_lock() {
    let (tmp, dir) = setup(SMALL_MANIFEST);
    let game = by_name("game").unwrap();
    let report = build_problem(game, &opts(tmp.path(), LockMode::Extend, Some(2))).unwrap();
    assert_eq!(report.tests.len(), 4);
    let files = read_tests(&dir);
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["01.ans", "01.in", "02.ans", "02.in", "03.ans", "03.in", "04.ans", "04.in"]
    );
    // The sample's jury answer is the official one, byte for byte.
    assert_eq!(
        files[0].1,
        fs::read(dir.join("samples/sample1.ans")).unwrap()
    );
    assert_eq!(files[6].1, b"LOSE\n");
    let lock = Lock::load(&dir.join("tests.lock")).unwrap().unwrap();
    assert_eq!(lock.tests.len(), 4);
    for (t, pair) in lock.tests.iter().zip(files.chunks(2)) {
        assert_eq!(t.answer, sha256_hex(&pair[0].1));
        assert_eq!(t.input, sha256_hex(&pair[1].1));
    }
    assert_eq!(lock.tests[1].source, "gen random n=5 m=4 walls=0.3 seed=1");
    // The small tests were cross-checked against the brute force; the 30x31 one was not.
    let brute: Vec<bool> = report.tests.iter().map(|t| t.brute_checked).collect();
    assert_eq!(brute, [true, true, false, false]);
    assert!(report.table.contains("WIN 2"), "{}", report.table);
    // Files are readable like any file the user creates: 0644 less the umask, not the
    // owner-only mode of a temporary file.
    use std::os::unix::fs::PermissionsExt;
    let umask = unsafe {
        let m = libc::umask(0o022);
        libc::umask(m);
        m
    };
    for name in ["01.in", "01.ans"] {
        let mode = fs::metadata(dir.join("tests").join(name))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o644 & !(umask as u32), "{name}");
    }
}

#[test]
fn bytes_do_not_depend_on_thread_count() {
    let game = by_name("game").unwrap();
    let (t1, d1) = setup(SMALL_MANIFEST);
    let (t2, d2) = setup(SMALL_MANIFEST);
    build_problem(game, &opts(t1.path(), LockMode::Extend, Some(1))).unwrap();
    build_problem(game, &opts(t2.path(), LockMode::Extend, Some(4))).unwrap();
    assert_eq!(read_tests(&d1), read_tests(&d2));
    assert_eq!(
        fs::read(d1.join("tests.lock")).unwrap(),
        fs::read(d2.join("tests.lock")).unwrap()
    );
}

#[test]
fn locked_build_passes_then_fails_naming_the_changed_test() {
    let game = by_name("game").unwrap();
    let (tmp, dir) = setup(SMALL_MANIFEST);
    // No lock yet: --locked refuses.
    let e = build_problem(game, &opts(tmp.path(), LockMode::Locked, None)).unwrap_err();
    assert!(e.to_string().contains("no lock file"), "{e:#}");
    build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap();
    build_problem(game, &opts(tmp.path(), LockMode::Locked, None)).unwrap();

    // Tamper with test 03's locked answer hash: --locked names test 03 and writes nothing.
    let lock_path = dir.join("tests.lock");
    let mut lock = Lock::load(&lock_path).unwrap().unwrap();
    lock.tests[2].answer = "0".repeat(64);
    fs::write(&lock_path, lock.to_text()).unwrap();
    fs::remove_file(dir.join("tests/03.ans")).unwrap();
    let e = build_problem(game, &opts(tmp.path(), LockMode::Locked, None)).unwrap_err();
    let msg = format!("{e:#}");
    assert!(msg.contains("test 03 differs from the lock"), "{msg}");
    assert!(msg.contains("answer sha256"), "{msg}");
    assert!(!msg.contains("test 02"), "{msg}");
    assert!(!dir.join("tests/03.ans").exists(), "nothing may be written");
    // The default mode also refuses to change a locked test...
    let e = build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap_err();
    assert!(format!("{e:#}").contains("--update-lock"), "{e:#}");
    // ...and --update-lock accepts it and restores the true hash.
    build_problem(game, &opts(tmp.path(), LockMode::Update, None)).unwrap();
    let lock = Lock::load(&lock_path).unwrap().unwrap();
    assert_eq!(
        lock.tests[2].answer,
        sha256_hex(&fs::read(dir.join("tests/03.ans")).unwrap())
    );
}

#[test]
fn a_changed_manifest_line_is_a_lock_difference() {
    let game = by_name("game").unwrap();
    let (tmp, dir) = setup(SMALL_MANIFEST);
    build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap();
    let changed = SMALL_MANIFEST.replace("seed = 2", "seed = 5");
    fs::write(dir.join("manifest.toml"), changed).unwrap();
    let e = build_problem(game, &opts(tmp.path(), LockMode::Locked, None)).unwrap_err();
    let msg = format!("{e:#}");
    assert!(
        msg.contains("test 03 differs") && msg.contains("seed=5"),
        "{msg}"
    );
    // Adding a test is fine in the default mode, not with --locked.
    let added = SMALL_MANIFEST.to_string() + "\n[[test]]\ngen = \"open n=3 m=3\"\nseed = 1\n";
    fs::write(dir.join("manifest.toml"), &added).unwrap();
    let e = build_problem(game, &opts(tmp.path(), LockMode::Locked, None)).unwrap_err();
    assert!(format!("{e:#}").contains("test 05 (gen open n=3 m=3 seed=1) is not in the lock"));
    let r = build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap();
    assert_eq!(r.lock_status, "lock extended by 1 test(s)");
    // Removing it again: the stale files go, the lock must be updated explicitly.
    fs::write(dir.join("manifest.toml"), SMALL_MANIFEST).unwrap();
    let e = build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap_err();
    assert!(format!("{e:#}").contains("locked test 05"), "{e:#}");
    build_problem(game, &opts(tmp.path(), LockMode::Update, None)).unwrap();
    assert!(!dir.join("tests/05.in").exists());
}

#[test]
fn a_failing_test_writes_nothing_and_is_named() {
    let game = by_name("game").unwrap();
    // A 6x5 maze is not in group `small` (N, M <= 5).
    let bad = SMALL_MANIFEST.to_string()
        + "\n[[test]]\ngen = \"random n=6 m=5\"\nseed = 9\ngroup = \"small\"\n";
    let (tmp, dir) = setup(&bad);
    let e = build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap_err();
    let msg = format!("{e:#}");
    assert!(
        msg.contains("game test 05 (gen random n=6 m=5 seed=9)"),
        "{msg}"
    );
    assert!(
        msg.contains("group `small`") && msg.contains("line 1, column 1"),
        "{msg}"
    );
    assert!(!dir.join("tests").exists());
    assert!(!dir.join("tests.lock").exists());

    // A wrong official answer is caught too.
    let (tmp, dir) = setup(SMALL_MANIFEST);
    fs::write(dir.join("samples/sample1.ans"), "WIN\n2 3\n").unwrap();
    let e = build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap_err();
    assert!(format!("{e:#}").contains("official answer"), "{e:#}");

    // Unknown generators and bad arguments name the test and the key.
    let (tmp, dir) = setup("[[test]]\ngen = \"random n=0\"\nseed = 1\n");
    let e = build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap_err();
    assert!(format!("{e:#}").contains("`n=0`"), "{e:#}");
    fs::write(
        dir.join("manifest.toml"),
        "[[test]]\ngen = \"spiral\"\nseed = 1\n",
    )
    .unwrap();
    let e = build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap_err();
    assert!(format!("{e:#}").contains("no generator `spiral`"), "{e:#}");
    fs::write(dir.join("manifest.toml"), "[[test]]\ngen = \"open\"\n").unwrap();
    let e = build_problem(game, &opts(tmp.path(), LockMode::Extend, None)).unwrap_err();
    assert!(format!("{e:#}").contains("needs a `seed`"), "{e:#}");
}

#[test]
fn the_committed_game_package_matches_its_lock() {
    // The real manifest and lock, built in a temporary copy: what CI's `build --locked` does.
    let game = by_name("game").unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/game");
    let (tmp, dir) = setup(&fs::read_to_string(src.join("manifest.toml")).unwrap());
    fs::copy(src.join("tests.lock"), dir.join("tests.lock")).unwrap();
    let r = build_problem(game, &opts(tmp.path(), LockMode::Locked, None)).unwrap();
    assert!(r.tests.len() >= 40);
}
