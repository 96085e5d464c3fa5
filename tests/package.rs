//! The package build: files, the lock keyed by test identity (additions, removals,
//! renumberings, changes), the committed layout (a symlink
//! to a build folder, hard links for unchanged files, leftovers and old layouts cleaned), the
//! build lock, the check that every reader of the package makes, the table and `--json`, and
//! that every suggested next step is a command that works. Runs `build_problem` (and a few
//! `gridjudge` commands) on copies of `problems/game` in temporary folders with small
//! manifests. Interruptions, full disks and immutable files: `tests/package_atomic.rs`; every
//! problem's committed package built with one and two threads to its lock: `tests/contract.rs`.

mod common;

use std::fs;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};

use common::gridjudge;
use gridjudge::core::files::sha256_hex;
use gridjudge::package::store::{self, CommitOutcome};
use gridjudge::package::{build_problem, BuildOptions, Lock, LockChange, LockMode, LOCK_FORMAT};
use gridjudge::problems::by_name;

/// The sample, a small maze in group `small`, a large maze and a LOSE maze.
fn small_manifest() -> String {
    let sample = format!("{SAMPLE}\nsample = true");
    manifest_with(&[&sample, &format!("{A}\ngroup = \"small\""), B, C])
}

const GRIDJUDGE: &str = env!("CARGO_BIN_EXE_gridjudge");

/// A temporary problems folder holding `game` with the given manifest.
fn setup(manifest: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = common::small_game(&tmp.path().join("game"), manifest, &[]);
    (tmp, dir)
}

fn opts(root: &Path, lock: LockMode, jobs: Option<usize>) -> BuildOptions {
    BuildOptions {
        problems_dir: root.to_path_buf(),
        lock,
        jobs,
        progress: false,
        delete_unknown: false,
    }
}

fn build(root: &Path, lock: LockMode) -> anyhow::Result<gridjudge::package::BuildReport> {
    build_problem(by_name("game").unwrap(), &opts(root, lock, Some(2)))
}

/// The `NN.in` / `NN.ans` files under `dir/tests`, sorted by name.
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
        .filter(|(n, _)| n.ends_with(".in") || n.ends_with(".ans"))
        .collect();
    v.sort();
    v
}

fn lock_of(dir: &Path) -> Lock {
    Lock::load(&dir.join("tests.lock")).unwrap().unwrap()
}

fn manifest_with(specs: &[&str]) -> String {
    specs
        .iter()
        .map(|s| format!("[[test]]\n{s}\n"))
        .collect::<Vec<_>>()
        .join("\n")
}

const SAMPLE: &str = "file = \"samples/sample1.in\"\nanswer = \"samples/sample1.ans\"";
const A: &str = "gen = \"random n=5 m=4 walls=0.3\"\nseed = 1";
const B: &str = "gen = \"serpentine n=30 m=31\"\nseed = 2";
const C: &str = "gen = \"lose n=20 m=9 walls=0.2\"\nseed = 3";
const D: &str = "gen = \"open n=3 m=3\"\nseed = 1";

#[test]
fn build_writes_tests_and_lock() {
    let (tmp, dir) = setup(&small_manifest());
    let report = build(tmp.path(), LockMode::Extend).unwrap();
    assert_eq!(report.tests.len(), 4);
    assert_eq!(report.lock_status, "lock created (4 tests)");
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
    let lock = lock_of(&dir);
    assert_eq!(lock.format, LOCK_FORMAT);
    assert_eq!(lock.tests.len(), 4);
    for (t, pair) in lock.tests.iter().zip(files.chunks(2)) {
        assert_eq!(t.answer, sha256_hex(&pair[0].1));
        assert_eq!(t.input, sha256_hex(&pair[1].1));
    }
    assert_eq!(lock.tests[1].source, "gen random n=5 m=4 walls=0.3 seed=1");
    assert_eq!(lock.tests[0].source, "file samples/sample1.in");
    // The layout: `tests` is a relative symlink to the build folder, which holds the lock of
    // the build byte for byte.
    let target = fs::read_link(dir.join("tests")).unwrap();
    assert!(target.starts_with(".builds"), "{}", target.display());
    assert_eq!(
        fs::read(dir.join("tests/tests.lock")).unwrap(),
        fs::read(dir.join("tests.lock")).unwrap()
    );
    // The small tests were cross-checked against the brute force; the 30x31 one was not.
    let brute: Vec<bool> = report.tests.iter().map(|t| t.brute_checked).collect();
    assert_eq!(brute, [true, true, false, false]);
    assert!(report.table.contains("WIN 2 cells"), "{}", report.table);
    // Files are readable like any file the user creates: 0644 less the umask, not the
    // owner-only mode of a temporary file.
    use std::os::unix::fs::PermissionsExt;
    let umask = unsafe {
        let m = libc::umask(0o022);
        libc::umask(m);
        m
    };
    for name in ["01.in", "01.ans", "tests.lock"] {
        let mode = fs::metadata(dir.join("tests").join(name))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o644 & !(umask as u32), "{name}");
    }
    let mode = fs::metadata(dir.join("tests.lock"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644 & !(umask as u32));
}

#[test]
fn an_unchanged_rebuild_writes_nothing() {
    let (tmp, dir) = setup(&small_manifest());
    build(tmp.path(), LockMode::Extend).unwrap();
    let target = fs::read_link(dir.join("tests")).unwrap();
    let mtime = fs::metadata(dir.join("tests.lock")).unwrap().mtime_nsec();
    let r = build(tmp.path(), LockMode::Locked).unwrap();
    assert_eq!(r.outcome, CommitOutcome::UpToDate);
    assert_eq!(r.lock_status, "matches the lock");
    assert_eq!(fs::read_link(dir.join("tests")).unwrap(), target);
    assert_eq!(
        fs::metadata(dir.join("tests.lock")).unwrap().mtime_nsec(),
        mtime
    );
}

#[test]
fn inserting_removing_and_reordering_tests_are_not_changes() {
    let (tmp, dir) = setup(&manifest_with(&[SAMPLE, A, B, C]));
    build(tmp.path(), LockMode::Extend).unwrap();
    let ino = |name: &str| fs::metadata(dir.join("tests").join(name)).unwrap().ino();
    let (b_in, c_in) = (ino("03.in"), ino("04.in"));
    let before = lock_of(&dir);

    // Insert D in the middle: an addition and two renumberings, not "2 tests would change".
    fs::write(
        dir.join("manifest.toml"),
        manifest_with(&[SAMPLE, A, D, B, C]),
    )
    .unwrap();
    // --locked refuses, listing each difference for what it is, and names the command that
    // records them.
    let e = format!("{:#}", build(tmp.path(), LockMode::Locked).unwrap_err());
    assert!(
        e.contains("added: test 03 (gen open n=3 m=3 seed=1)")
            && e.contains("renumbered: test 03 -> 04 (gen serpentine n=30 m=31 seed=2)")
            && e.contains("renumbered: test 04 -> 05 (gen lose n=20 m=9 walls=0.2 seed=3)")
            && !e.contains("changed:"),
        "{e}"
    );
    assert!(
        e.contains(&format!(
            "`gridjudge build game --problems-dir {}` records additions",
            tmp.path().display()
        )),
        "{e}"
    );
    assert_eq!(lock_of(&dir), before, "--locked wrote the lock");
    // The default mode records them.
    let r = build(tmp.path(), LockMode::Extend).unwrap();
    assert_eq!(r.lock_status, "lock updated: 1 added, 2 renumbered");
    assert!(r.lock_changes.iter().all(|c| !c.is_change()));
    let lock = lock_of(&dir);
    let names: Vec<(&str, &str)> = lock
        .tests
        .iter()
        .map(|t| (t.name.as_str(), t.source.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("01", "file samples/sample1.in"),
            ("02", "gen random n=5 m=4 walls=0.3 seed=1"),
            ("03", "gen open n=3 m=3 seed=1"),
            ("04", "gen serpentine n=30 m=31 seed=2"),
            ("05", "gen lose n=20 m=9 walls=0.2 seed=3"),
        ]
    );
    // The renumbered tests keep their hashes, and their files are hard links to the previous
    // build's (not rewritten).
    assert_eq!(lock.tests[3].input, before.tests[2].input);
    assert_eq!(lock.tests[4].answer, before.tests[3].answer);
    assert_eq!((ino("04.in"), ino("05.in")), (b_in, c_in));
    match &r.outcome {
        CommitOutcome::Committed {
            linked, written, ..
        } => {
            assert_eq!(linked + written, 10);
            assert!(*written <= 2, "written {written}");
        }
        o => panic!("{o:?}"),
    }
    assert_eq!(read_tests(&dir).len(), 10);

    // Reorder: only renumberings.
    fs::write(
        dir.join("manifest.toml"),
        manifest_with(&[SAMPLE, C, D, B, A]),
    )
    .unwrap();
    let r = build(tmp.path(), LockMode::Extend).unwrap();
    assert_eq!(r.lock_status, "lock updated: 2 renumbered");
    assert!(matches!(
        &r.lock_changes[0],
        LockChange::Renumbered { old, name } if old.name == "05" && name == "02"
    ));

    // Remove two: removals (and a renumbering), the stale files gone.
    fs::write(dir.join("manifest.toml"), manifest_with(&[SAMPLE, A, B])).unwrap();
    let r = build(tmp.path(), LockMode::Extend).unwrap();
    assert_eq!(r.lock_status, "lock updated: 2 removed, 2 renumbered");
    assert!(r
        .lock_changes
        .contains(&LockChange::Removed(lock_of_before_named(
            &r.lock_changes,
            "gen open n=3 m=3 seed=1"
        ))));
    let files = read_tests(&dir);
    assert_eq!(files.len(), 6);
    assert!(!dir.join("tests/04.in").exists());
    build(tmp.path(), LockMode::Locked).unwrap();
}

/// The removed entry of identity `source` among `changes`.
fn lock_of_before_named(changes: &[LockChange], source: &str) -> gridjudge::package::LockedTest {
    changes
        .iter()
        .find_map(|c| match c {
            LockChange::Removed(t) if t.source == source => Some(t.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no removal of {source} in {changes:?}"))
}

#[test]
fn two_tests_with_one_identity_are_an_error_naming_both() {
    let (tmp, dir) = setup(&manifest_with(&[
        SAMPLE,
        A,
        B,
        &format!("{A}\ngroup = \"small\""),
    ]));
    let e = format!("{:#}", build(tmp.path(), LockMode::Extend).unwrap_err());
    assert!(
        e.contains("tests 02 and 04 have the same identity `gen random n=5 m=4 walls=0.3 seed=1`"),
        "{e}"
    );
    assert!(!dir.join("tests").exists() && !dir.join("tests.lock").exists());
    // A hand-made file is identified by its path, `./` and doubled slashes aside.
    fs::write(
        dir.join("manifest.toml"),
        manifest_with(&[SAMPLE, A, "file = \"./samples//sample1.in\""]),
    )
    .unwrap();
    let e = format!("{:#}", build(tmp.path(), LockMode::Extend).unwrap_err());
    assert!(
        e.contains("tests 01 and 03 have the same identity `file samples/sample1.in`"),
        "{e}"
    );
    // The same line with another seed is another test.
    fs::write(
        dir.join("manifest.toml"),
        manifest_with(&[A, &A.replace("seed = 1", "seed = 4")]),
    )
    .unwrap();
    build(tmp.path(), LockMode::Extend).unwrap();
}

#[test]
fn an_edited_hand_made_file_is_a_change() {
    let (tmp, dir) = setup(&manifest_with(&[A, "file = \"hand/a.in\"", B]));
    fs::create_dir_all(dir.join("hand")).unwrap();
    fs::write(dir.join("hand/a.in"), "2 3\n..#\n...\n").unwrap();
    build(tmp.path(), LockMode::Extend).unwrap();
    let before = (lock_of(&dir), read_tests(&dir));
    fs::write(dir.join("hand/a.in"), "2 3\n...\n...\n").unwrap();
    let update = format!(
        "`gridjudge build game --problems-dir {} --update-lock`",
        tmp.path().display()
    );
    for mode in [LockMode::Extend, LockMode::Locked] {
        let e = format!("{:#}", build(tmp.path(), mode).unwrap_err());
        assert!(
            e.contains("changed: test 02 (file hand/a.in): input sha256")
                && e.contains("answer sha256"),
            "{e}"
        );
        assert!(e.contains(&update), "{e}");
        assert_eq!((lock_of(&dir), read_tests(&dir)), before);
    }
    let r = build(tmp.path(), LockMode::Update).unwrap();
    assert_eq!(r.lock_status, "lock updated: 1 changed");
    assert_eq!(
        fs::read(dir.join("tests/02.in")).unwrap(),
        b"2 3\n...\n...\n"
    );
    build(tmp.path(), LockMode::Locked).unwrap();
}

#[test]
fn a_locked_hash_that_differs_is_named() {
    let (tmp, dir) = setup(&small_manifest());
    // No lock yet: --locked refuses, naming the command that creates it.
    let e = build(tmp.path(), LockMode::Locked).unwrap_err();
    assert!(e.to_string().contains("no lock file"), "{e:#}");
    build(tmp.path(), LockMode::Extend).unwrap();
    build(tmp.path(), LockMode::Locked).unwrap();

    // Tamper with test 03's locked answer hash (as a bad merge would): --locked names test 03
    // and writes nothing.
    let lock_path = dir.join("tests.lock");
    let mut lock = lock_of(&dir);
    lock.tests[2].answer = "0".repeat(64);
    fs::write(&lock_path, lock.to_text()).unwrap();
    let e = build(tmp.path(), LockMode::Locked).unwrap_err();
    let msg = format!("{e:#}");
    assert!(msg.contains("changed: test 03"), "{msg}");
    assert!(msg.contains("answer sha256 000000000000.."), "{msg}");
    assert!(!msg.contains("test 02"), "{msg}");
    // The default mode also refuses to change a locked test...
    let e = build(tmp.path(), LockMode::Extend).unwrap_err();
    assert!(format!("{e:#}").contains("--update-lock"), "{e:#}");
    assert_eq!(lock_of(&dir), lock);
    // ...and --update-lock accepts it and restores the true hash.
    build(tmp.path(), LockMode::Update).unwrap();
    assert_eq!(
        lock_of(&dir).tests[2].answer,
        sha256_hex(&fs::read(dir.join("tests/03.ans")).unwrap())
    );
}

#[test]
fn a_format_1_lock_is_migrated_by_a_plain_build_only() {
    let (tmp, dir) = setup(&small_manifest());
    build(tmp.path(), LockMode::Extend).unwrap();
    let v2 = fs::read_to_string(dir.join("tests.lock")).unwrap();
    // The same entries as an earlier gridjudge wrote them: its header, no `format` key.
    let body = v2.split_once("format = 2\n").unwrap().1;
    let v1 = format!(
        "# Written by `gridjudge build`: the SHA-256 of every test file.\n\
         # `gridjudge build --locked` fails when a rebuilt test differs.\n{body}"
    );
    fs::write(dir.join("tests.lock"), &v1).unwrap();
    let old = lock_of(&dir);
    assert_eq!(old.format, 1);
    let e = format!("{:#}", build(tmp.path(), LockMode::Locked).unwrap_err());
    assert!(e.contains("lock format 1"), "{e}");
    assert_eq!(fs::read_to_string(dir.join("tests.lock")).unwrap(), v1);
    let r = build(tmp.path(), LockMode::Extend).unwrap();
    assert!(
        r.lock_status
            .contains("matches the lock; lock rewritten from format 1 to format 2"),
        "{}",
        r.lock_status
    );
    assert_eq!(fs::read_to_string(dir.join("tests.lock")).unwrap(), v2);
    build(tmp.path(), LockMode::Locked).unwrap();
}

#[test]
fn an_old_tests_folder_and_leftovers_are_replaced() {
    let (tmp, dir) = setup(&small_manifest());
    // What an earlier version left: a real folder with the files and a temporary file.
    fs::create_dir_all(dir.join("tests")).unwrap();
    fs::write(dir.join("tests/01.in"), "old").unwrap();
    fs::write(dir.join("tests/.tmpAbC123"), "half").unwrap();
    // What an interrupted build leaves.
    fs::create_dir_all(dir.join(".builds/123-45")).unwrap();
    fs::write(dir.join(".builds/123-45/01.in"), "x").unwrap();
    std::os::unix::fs::symlink(".builds/123-45", dir.join(".tests.new-45")).unwrap();
    fs::write(dir.join(".tmpXyZ789"), "half a lock").unwrap();
    let e = gridjudge::package::load_checked(tmp.path(), "game").unwrap_err();
    assert!(
        format!("{e:#}").contains("written by an earlier gridjudge"),
        "{e:#}"
    );
    build(tmp.path(), LockMode::Extend).unwrap();
    // The build folder removed by hand: nothing is built, and the next build says so and
    // builds it again.
    let target = fs::read_link(dir.join("tests")).unwrap();
    fs::remove_dir_all(dir.join(&target)).unwrap();
    let e = gridjudge::package::load_checked(tmp.path(), "game").unwrap_err();
    assert!(format!("{e:#}").contains("has no built tests"), "{e:#}");
    build(tmp.path(), LockMode::Locked).unwrap();
    common::assert_clean(&dir);
    assert_eq!(read_tests(&dir).len(), 8);
    gridjudge::package::load_checked(tmp.path(), "game").unwrap();
}

#[test]
fn a_second_build_or_a_reader_keeps_a_build_out() {
    let (tmp, dir) = setup(&small_manifest());
    build(tmp.path(), LockMode::Extend).unwrap();
    let held = store::lock_for_build(&dir).unwrap();
    let e = format!("{:#}", build(tmp.path(), LockMode::Extend).unwrap_err());
    assert!(
        e.contains("another gridjudge command is building or reading this package"),
        "{e}"
    );
    drop(held);
    let package = gridjudge::package::load_checked(tmp.path(), "game").unwrap();
    assert!(build(tmp.path(), LockMode::Extend).is_err());
    // Readers share.
    gridjudge::package::load_checked(tmp.path(), "game").unwrap();
    drop(package);
    build(tmp.path(), LockMode::Extend).unwrap();
}

/// The first backquoted `gridjudge ...` command of `message`, run; panics unless it succeeds.
fn run_suggested(message: &str) -> String {
    let start = message
        .find("`gridjudge ")
        .unwrap_or_else(|| panic!("no command in: {message}"));
    let rest = &message[start + 1..];
    let cmd = &rest[..rest.find('`').unwrap()];
    let words: Vec<&str> = cmd.split_whitespace().skip(1).collect();
    let o = gridjudge(&words);
    assert!(
        o.status.success(),
        "the suggested `{cmd}` failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    cmd.to_string()
}

#[test]
fn judge_verify_and_export_refuse_a_tampered_or_stale_package_with_a_working_next_step() {
    let (tmp, dir) = setup(&small_manifest());
    let root = tmp.path().to_str().unwrap();
    let game = by_name("game").unwrap();
    // The reference solution as a command-line submission: nothing to compile.
    let reference = format!("{GRIDJUDGE} solve game");
    // Unsandboxed: the reference is this build's gridjudge, which the sandbox does not show.
    let judge = || {
        gridjudge(&[
            "judge",
            "game",
            &reference,
            "--problems-dir",
            root,
            "--no-sandbox",
        ])
    };

    // Never built.
    let o = judge();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        !o.status.success() && err.contains("has no built tests"),
        "{err}"
    );
    assert_eq!(
        run_suggested(&err),
        format!("gridjudge build game --problems-dir {root}")
    );
    let o = judge();
    common::ok(&o);

    // An answer overwritten after the build (as a hostile program might): an error naming the
    // test, not a verdict, from judge, verify and export alike.
    fs::write(dir.join("tests/01.ans"), "LOSE\n").unwrap();
    let o = judge();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(
        err.contains("test 01 of `game` (file samples/sample1.in)")
            && err.contains("tests/01.ans differs from tests.lock"),
        "{err}"
    );
    fs::create_dir_all(dir.join("submissions/accepted")).unwrap();
    let script = dir.join("submissions/accepted/reference.sh");
    fs::write(&script, format!("#!/bin/sh\nexec {reference}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    let e = gridjudge::judge::verify::verify_problem(
        game,
        gridjudge::problems::load(tmp.path(), "game", &tmp.path().join("cache"))
            .unwrap()
            .config()
            .unwrap(),
        tmp.path(),
        &gridjudge::judge::JudgeOptions {
            limits: gridjudge::exec::runner::RunLimits::new(1000, 128),
            jobs: 1,
            progress: false,
            cache_dir: tmp.path().join("cache"),
            sandbox: false,
        },
    )
    .unwrap_err();
    assert!(format!("{e:#}").contains("test 01 of `game`"), "{e:#}");
    let e = gridjudge::export::shared::load_built(game, tmp.path()).unwrap_err();
    assert!(format!("{e:#}").contains("tests/01.ans differs"), "{e:#}");
    // The suggested build rewrites the file (the lock did not change) and judging works.
    run_suggested(&err);
    assert_ne!(fs::read(dir.join("tests/01.ans")).unwrap(), b"LOSE\n");
    assert!(judge().status.success());

    // A program that overwrites an answer while it is judged: its verdicts are void.
    let answer = fs::canonicalize(dir.join("tests/02.ans")).unwrap();
    let hostile = tmp.path().join("hostile.sh");
    fs::write(
        &hostile,
        format!(
            "#!/bin/sh\nprintf 'LOSE\\n' > {}\nexec {reference}\n",
            answer.display()
        ),
    )
    .unwrap();
    fs::set_permissions(&hostile, fs::Permissions::from_mode(0o755)).unwrap();
    let o = gridjudge(&[
        "judge",
        "game",
        hostile.to_str().unwrap(),
        "--problems-dir",
        root,
        // Unsandboxed, so the write happens (tests/sandbox.rs shows the sandbox refusing it).
        "--no-sandbox",
    ]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    if fs::read(&answer).unwrap() == b"LOSE\n" {
        assert!(!o.status.success(), "{err}");
        assert!(
            err.contains("test 02 (gen random n=5 m=4 walls=0.3 seed=1)")
                && err.contains("changed while it was in use"),
            "{err}"
        );
        run_suggested(&err);
    } else {
        // A sandbox kept the program from writing: the verdicts stand.
        assert!(o.status.success(), "{err}");
    }
    assert!(judge().status.success());

    // The manifest changed since the build.
    fs::write(
        dir.join("manifest.toml"),
        small_manifest() + "\n[[test]]\n" + D + "\n",
    )
    .unwrap();
    let err = String::from_utf8_lossy(&judge().stderr).into_owned();
    assert!(err.contains("manifest.toml of `game` changed"), "{err}");
    run_suggested(&err);
    assert!(judge().status.success());

    // The committed lock changed (as `git pull` would change it) but the package did not.
    let mut lock = lock_of(&dir);
    lock.tests.pop();
    fs::write(dir.join("tests.lock"), lock.to_text()).unwrap();
    let err = String::from_utf8_lossy(&judge().stderr).into_owned();
    assert!(err.contains("was built for another tests.lock"), "{err}");
    run_suggested(&err);
    assert!(judge().status.success());

    // A changed test: the build's message names --update-lock, and that command works.
    fs::write(dir.join("manifest.toml"), small_manifest()).unwrap();
    build(tmp.path(), LockMode::Extend).unwrap();
    let mut lock = lock_of(&dir);
    lock.tests[1].input = "1".repeat(64);
    fs::write(dir.join("tests.lock"), lock.to_text()).unwrap();
    let o = gridjudge(&["build", "game", "--problems-dir", root]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!o.status.success(), "{err}");
    assert!(run_suggested(&err).ends_with("--update-lock"));
    let o = gridjudge(&["build", "game", "--problems-dir", root, "--locked"]);
    common::ok(&o);
}

#[test]
fn the_table_wraps_long_sources_and_explains_its_columns() {
    // 55 characters: more than the source column holds.
    let long = "gen = \"random n=5 m=5 walls=0.25\"\nseed = 18446744073709551615";
    let (tmp, _dir) = setup(&manifest_with(&[SAMPLE, long, B]));
    let r = build(tmp.path(), LockMode::Extend).unwrap();
    let table = &r.table;
    let lines: Vec<&str> = table.lines().collect();
    // The long source continues on the next line, whole: nothing is cut.
    let at = lines
        .iter()
        .position(|l| l.starts_with("02 ") && l.contains("gen random n=5 m=5 walls=0.25"))
        .unwrap_or_else(|| panic!("{table}"));
    assert_eq!(lines[at + 1].trim(), "seed=18446744073709551615", "{table}");
    assert!(lines[at + 1].starts_with("       "), "{table}");
    assert!(!table.contains("..."), "{table}");
    // The legend explains the columns.
    let legend = &table[table
        .find("columns:\n")
        .unwrap_or_else(|| panic!("{table}"))..];
    for want in [
        "  source    the test's identity: generator line and seed, or hand-made file",
        "  brute     yes: the answer agrees with the exhaustive brute-force solver;",
        "            no: more than 20 cells, too large to brute-force",
        "  answer    the jury answer in short",
    ] {
        assert!(legend.contains(want), "{want}\n{table}");
    }
    // The 30x31 board is over the brute-force limit: `no`, not an unexplained `-`.
    let serp = lines.iter().find(|l| l.contains("serpentine")).unwrap();
    assert!(serp.contains(" no "), "{table}");
    assert!(lines[1].contains(" yes "), "{table}");
    assert!(!table.contains(" - "), "{table}");
}

#[test]
fn build_json_lists_tests_hashes_and_the_lock() {
    let (tmp, dir) = setup(&small_manifest());
    let root = tmp.path().to_str().unwrap();
    let o = gridjudge(&["build", "game", "--problems-dir", root, "--json"]);
    common::ok(&o);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let p = &v["problems"][0];
    assert_eq!(p["problem"], "game");
    assert_eq!(p["lock"]["status"], "lock created (4 tests)");
    assert_eq!(p["lock"]["changes"].as_array().unwrap().len(), 4);
    assert_eq!(p["lock"]["changes"][0]["kind"], "added");
    let lock = lock_of(&dir);
    let tests = p["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4);
    for (t, l) in tests.iter().zip(&lock.tests) {
        assert_eq!(t["name"], l.name.as_str());
        assert_eq!(t["identity"], l.source.as_str());
        assert_eq!(t["input_sha256"], l.input.as_str());
        assert_eq!(t["answer_sha256"], l.answer.as_str());
    }
    assert_eq!(tests[0]["sample"], true);
    assert_eq!(tests[1]["group"], "small");
    assert_eq!(tests[2]["brute_force_checked"], false);
    assert_eq!(tests[3]["answer"], "LOSE");
    assert_eq!(tests[2]["size"], "30x31");

    // Renumbering reported in JSON too.
    fs::write(dir.join("manifest.toml"), manifest_with(&[SAMPLE, B, A, C])).unwrap();
    let o = gridjudge(&["build", "game", "--problems-dir", root, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let changes = v["problems"][0]["lock"]["changes"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(changes.len(), 2, "{changes:?}");
    assert!(changes.iter().all(|c| c["kind"] == "renumbered"));
}

#[test]
fn a_failing_test_writes_nothing_and_is_named() {
    let game = by_name("game").unwrap();
    // The build's error, with one thread per core.
    let fails = |root: &Path| {
        let e = build_problem(game, &opts(root, LockMode::Extend, None)).unwrap_err();
        format!("{e:#}")
    };
    // A 6x5 maze is not in group `small` (N, M <= 5).
    let bad =
        small_manifest() + "\n[[test]]\ngen = \"random n=6 m=5\"\nseed = 9\ngroup = \"small\"\n";
    let (tmp, dir) = setup(&bad);
    let msg = fails(tmp.path());
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
    let (tmp, dir) = setup(&small_manifest());
    fs::write(dir.join("samples/sample1.ans"), "WIN\n2 3\n").unwrap();
    let e = fails(tmp.path());
    assert!(e.contains("official answer"), "{e}");

    // Unknown generators and bad arguments name the test and the key.
    let (tmp, dir) = setup("");
    for (manifest, want) in [
        ("[[test]]\ngen = \"random n=0\"\nseed = 1\n", "`n=0`"),
        (
            "[[test]]\ngen = \"spiral\"\nseed = 1\n",
            "no generator `spiral`",
        ),
        ("[[test]]\ngen = \"open\"\n", "needs a `seed`"),
    ] {
        fs::write(dir.join("manifest.toml"), manifest).unwrap();
        let e = fails(tmp.path());
        assert!(e.contains(want), "{e}");
    }
}

/// A `problem.toml` mistake is found once, when the problem is loaded, and reported once,
/// pointing at its line of problem.toml: not once per test at "line 1, column 1" of the input.
#[test]
fn a_config_mistake_is_reported_once_at_its_line_of_problem_toml() {
    let (tmp, dir) = setup(&small_manifest());
    let toml = dir.join("problem.toml");
    let text = fs::read_to_string(&toml).unwrap();
    let from = "[constraints]\nn = [1, 100]\n";
    assert!(text.contains(from));
    let text = text.replace(from, "[constraints]\n");
    let line = 1 + text.lines().position(|l| l == "[constraints]").unwrap();
    fs::write(&toml, &text).unwrap();
    let root = tmp.path().to_str().unwrap();
    let o = gridjudge(&["build", "game", "--problems-dir", root]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "{err}");
    let said = format!(
        "{}: invalid problem.toml: line {line}: [constraints] does not declare `n`",
        toml.display()
    );
    assert_eq!(err.matches(&said).count(), 1, "{err}");
    assert_eq!(err.matches("declare").count(), 1, "{err}");
    assert!(!err.contains("line 1, column 1"), "{err}");
    assert!(!dir.join("tests").exists());
}
