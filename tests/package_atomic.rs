//! The build is all or nothing: `gridjudge build` interrupted after each file operation of its
//! write phase (`GRIDJUDGE_FAULT_AFTER=N`, every N), killed by SIGKILL at moments spread over a
//! run, stopped by immutable files (`chattr +i`, which binds root too) and by a full disk (a
//! small tmpfs). Each time the previous package and lock must be exactly as they were (or,
//! past the commit point, the new package complete), readers must see one consistent package,
//! and the next build must remove the leftovers and succeed.
//!
//! Slow (hundreds of builds of a real binary) and partly root-only (chattr, mount): all
//! `#[ignore]`; `.ci/run` runs them with `cargo test --test package_atomic -- --ignored`.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::process::ExitStatusExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{assert_clean, ok};

const GRIDJUDGE: &str = env!("CARGO_BIN_EXE_gridjudge");

/// The sample and three generated tests.
fn old_manifest() -> String {
    common::game_manifest(&[
        ("random n=5 m=4 walls=0.3", 1),
        ("serpentine n=30 m=31", 2),
        ("lose n=20 m=9 walls=0.2", 3),
    ])
}

/// The old manifest with one test inserted, one removed and two swapped: additions, a
/// removal and renumberings, so both the package and the lock change.
fn new_manifest() -> String {
    common::game_manifest(&[
        ("lose n=20 m=9 walls=0.2", 3),
        ("open n=7 m=9", 4),
        ("random n=5 m=4 walls=0.3", 1),
        ("serpentine n=40 m=41", 5),
    ])
}

/// A scratch folder on the repository's file system (not /tmp, which may be a tmpfs without
/// `chattr`).
fn scratch() -> tempfile::TempDir {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    fs::create_dir_all(&base).unwrap();
    tempfile::tempdir_in(base).unwrap()
}

/// `root/game` with the committed problem.toml and sample, and `manifest`.
fn setup(root: &Path, manifest: &str) -> PathBuf {
    common::small_game(&root.join("game"), manifest, &[])
}

fn build_cmd(root: &Path) -> Command {
    let mut c = Command::new(GRIDJUDGE);
    c.args(["build", "game", "-j", "2", "--problems-dir"])
        .arg(root)
        .env_remove("GRIDJUDGE_FAULT_AFTER");
    c
}

fn build(root: &Path) -> Output {
    build_cmd(root).output().unwrap()
}

/// What readers see: the test files and the build's own lock through `tests/`, and the
/// committed `tests.lock`.
#[derive(Clone, PartialEq, Eq)]
struct State {
    files: BTreeMap<String, Vec<u8>>,
    inner_lock: Option<Vec<u8>>,
    lock: Option<Vec<u8>>,
}

/// File names with the first digits of their SHA-256, not megabytes of bytes.
impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let h = |b: &[u8]| gridjudge::core::files::sha256_hex(b)[..12].to_string();
        let files: Vec<String> = self
            .files
            .iter()
            .map(|(n, b)| format!("{n}:{}", h(b)))
            .collect();
        f.debug_struct("State")
            .field("files", &files)
            .field("inner_lock", &self.inner_lock.as_deref().map(h))
            .field("lock", &self.lock.as_deref().map(h))
            .finish()
    }
}

fn state(dir: &Path) -> State {
    let mut files = BTreeMap::new();
    if let Ok(entries) = fs::read_dir(dir.join("tests")) {
        for e in entries {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".in") || name.ends_with(".ans") {
                files.insert(name, fs::read(e.path()).unwrap());
            }
        }
    }
    State {
        files,
        inner_lock: fs::read(dir.join("tests/tests.lock")).ok(),
        lock: fs::read(dir.join("tests.lock")).ok(),
    }
}

/// `cp -a src dst` (symlinks kept as symlinks).
fn copy_tree(src: &Path, dst: &Path) {
    let st = Command::new("cp")
        .arg("-a")
        .arg(src)
        .arg(dst)
        .status()
        .unwrap();
    assert!(st.success());
}

/// The states before and after the edit, from a reference run: `(old, new, pristine root)`,
/// where the pristine root holds the old package and the new manifest.
fn reference(base: &Path, legacy: bool) -> (State, State, PathBuf) {
    let pristine = base.join("pristine");
    let dir = setup(&pristine, &old_manifest());
    ok(&build(&pristine));
    if legacy {
        // The layout of earlier versions: a real tests/ folder, no build folders.
        let files = state(&dir).files;
        fs::remove_file(dir.join("tests")).unwrap();
        fs::remove_dir_all(dir.join(".builds")).unwrap();
        fs::create_dir(dir.join("tests")).unwrap();
        for (name, bytes) in &files {
            fs::write(dir.join("tests").join(name), bytes).unwrap();
        }
    }
    let old = state(&dir);
    fs::write(dir.join("manifest.toml"), new_manifest()).unwrap();
    let reference = base.join("reference");
    copy_tree(&pristine, &reference);
    ok(&build(&reference));
    let new = state(&reference.join("game"));
    assert_ne!(old.files, new.files);
    assert_ne!(old.lock, new.lock);
    (old, new, pristine)
}

/// Interrupts the build from `pristine` after each of its file operations in turn.
fn interrupt_at_every_step(legacy: bool) {
    let base = scratch();
    let (old, new, pristine) = reference(base.path(), legacy);
    let mut committed_at = None;
    let mut n = 1;
    loop {
        let root = base.path().join(format!("run{n}"));
        copy_tree(&pristine, &root);
        let dir = root.join("game");
        let o = build_cmd(&root)
            .env("GRIDJUDGE_FAULT_AFTER", n.to_string())
            .output()
            .unwrap();
        if o.status.success() {
            // N is past the last file operation: the build ran to its end.
            assert!(n > 10, "only {} file operations?", n - 1);
            assert_eq!(state(&dir), new);
            assert_clean(&dir);
            break;
        }
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.signal(), Some(libc::SIGABRT), "{err}");
        assert!(err.contains(&format!("GRIDJUDGE_FAULT_AFTER={n}")), "{err}");
        let now = state(&dir);
        if now.files == old.files && now.inner_lock == old.inner_lock {
            // Before the commit point: package and lock exactly as they were.
            assert!(
                committed_at.is_none(),
                "step {n}: the old package is back after the commit at step {committed_at:?}"
            );
            assert_eq!(now, old, "step {n}: the lock changed before the commit");
            // Readers see the old package, consistent with its lock; it only lacks the
            // manifest's edit.
            let e = gridjudge::package::load_checked(&root, "game").unwrap_err();
            let e = format!("{e:#}");
            assert!(
                e.contains("manifest.toml of `game` changed since the last build")
                    || (legacy && e.contains("written by an earlier gridjudge")),
                "step {n}: {e}"
            );
        } else {
            // Past the commit point: the new package, complete, with its own lock; the copy in
            // tests.lock may lag (it is rewritten right after the commit point).
            committed_at.get_or_insert(n);
            assert_eq!(now.files, new.files, "step {n}: a mixed package");
            assert_eq!(now.inner_lock, new.inner_lock, "step {n}");
            assert!(
                now.lock == old.lock || now.lock == new.lock,
                "step {n}: a third tests.lock"
            );
            let p = gridjudge::package::load_checked(&root, "game").unwrap_or_else(|e| {
                panic!("step {n}: readers refuse the committed package: {e:#}")
            });
            assert_eq!(p.tests.len(), 5);
        }
        // The next build removes what was left and ends with the new package and lock.
        let out = ok(&build(&root));
        assert_eq!(state(&dir), new, "step {n}: after the next build");
        assert_clean(&dir);
        if now.lock == old.lock && now.files == new.files {
            assert!(out.contains("finished an interrupted build"), "{out}");
        }
        gridjudge::package::load_checked(&root, "game").unwrap();
        fs::remove_dir_all(&root).unwrap();
        n += 1;
    }
    let committed_at = committed_at.expect("no interruption after the commit point");
    assert!(committed_at > 5, "committed at step {committed_at}");
    eprintln!(
        "{} file operations, the commit point is operation {committed_at}",
        n - 1
    );
}

#[test]
#[ignore = "slow: ~30 builds of the real binary; run by .ci/run"]
fn an_interruption_after_any_file_operation_leaves_one_whole_package() {
    interrupt_at_every_step(false);
}

#[test]
#[ignore = "slow: ~30 builds of the real binary; run by .ci/run"]
fn an_interrupted_migration_from_a_plain_tests_folder_leaves_one_whole_package() {
    interrupt_at_every_step(true);
}

/// The full `game` manifest over a small old package: SIGKILL at four fixed pseudo-random
/// moments spread over [0, 1.1) of the build's time (mostly while tests are computed), then an
/// abort (`GRIDJUDGE_FAULT_AFTER`, no unwinding, no cleanup: to the file system the same as a
/// SIGKILL at that instant) after file operation 1, 2, 4, ..., 512 of the write phase. Every
/// outcome leaves the old or the new package whole; wherever the timed kills land, the outcome
/// is checked, and the write phase is reached deterministically by the aborts (operation 1
/// creates the new build folder, so at least that one leaves a half-written build). A SIGKILL
/// timed to land inside the write phase needed one of 8 kills to hit a 0-3 ms window, which a
/// loaded machine misses.
#[test]
#[ignore = "slow: repeated builds of the real game package; run by .ci/run"]
fn kills_over_a_build_and_aborts_in_its_write_phase_leave_one_whole_package() {
    let base = scratch();
    let full = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/game/manifest.toml"),
    )
    .unwrap();
    // Reference: the old package, then the full game manifest built to its end, timed.
    let pristine = base.path().join("pristine");
    let dir = setup(&pristine, &old_manifest());
    ok(&build(&pristine));
    let old = state(&dir);
    fs::write(dir.join("manifest.toml"), &full).unwrap();
    let reference = base.path().join("reference");
    copy_tree(&pristine, &reference);
    let t0 = std::time::Instant::now();
    ok(&build(&reference));
    let took = t0.elapsed();
    let new = state(&reference.join("game"));

    // xorshift64 for fixed pseudo-random moments of the four timed kills.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let aborts = (0..10).map(|e| 1usize << e);
    let plan: Vec<Option<usize>> = (0..4).map(|_| None).chain(aborts.map(Some)).collect();
    let (mut before, mut after, mut mid_write) = (0, 0, 0);
    for (i, abort_after) in plan.into_iter().enumerate() {
        let root = base.path().join(format!("kill{i}"));
        copy_tree(&pristine, &root);
        let dir = root.join("game");
        let what = match abort_after {
            None => {
                let at = took.mul_f64((next() % 1000) as f64 / 1000.0 * 1.1);
                let mut child = build_cmd(&root)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .spawn()
                    .unwrap();
                std::thread::sleep(at);
                let _ = child.kill(); // SIGKILL
                let _ = child.wait();
                format!("SIGKILL at {at:?}")
            }
            Some(n) => {
                let o = build_cmd(&root)
                    .env("GRIDJUDGE_FAULT_AFTER", n.to_string())
                    .output()
                    .unwrap();
                if o.status.success() {
                    format!("no abort: the write phase has fewer than {n} operations")
                } else {
                    let err = String::from_utf8_lossy(&o.stderr);
                    assert_eq!(o.status.signal(), Some(libc::SIGABRT), "{err}");
                    assert!(err.contains(&format!("GRIDJUDGE_FAULT_AFTER={n}")), "{err}");
                    format!("abort after operation {n}")
                }
            }
        };
        let now = state(&dir);
        if now == old {
            before += 1;
            // Stopped while writing: a half-written build folder beside the current one.
            let folders = fs::read_dir(dir.join(".builds")).unwrap().count();
            mid_write += usize::from(folders > 2);
        } else {
            assert_eq!(now.files, new.files, "{what}: a mixed package");
            assert_eq!(now.inner_lock, new.inner_lock, "{what}");
            assert!(now.lock == old.lock || now.lock == new.lock, "{what}");
            gridjudge::package::load_checked(&root, "game").unwrap();
            after += 1;
        }
        ok(&build(&root));
        assert_eq!(state(&dir), new, "{what}: after the next build");
        assert_clean(&dir);
        fs::remove_dir_all(&root).unwrap();
        eprintln!(
            "{what}: {}",
            if now == old {
                "old package"
            } else {
                "new package"
            }
        );
    }
    eprintln!(
        "build took {took:?}; {before} stops left the old package ({mid_write} of them in the \
         middle of writing the new one), {after} the new one"
    );
    assert!(mid_write > 0, "no abort landed in the write phase");
}

/// `chattr +i` / `-i` on `path`; the error text when it fails.
fn chattr(flag: &str, path: &Path) -> Result<(), String> {
    let o = Command::new("chattr").arg(flag).arg(path).output();
    match o {
        Ok(o) if o.status.success() => Ok(()),
        Ok(o) => Err(String::from_utf8_lossy(&o.stderr).into_owned()),
        Err(e) => Err(format!("cannot run chattr: {e}")),
    }
}

/// Makes paths immutable and mutable again on drop (else the scratch folder cannot be
/// removed).
struct Immutable(Vec<PathBuf>);

impl Immutable {
    fn set(path: &Path) -> Immutable {
        chattr("+i", path).unwrap();
        Immutable(vec![path.to_path_buf()])
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        for p in &self.0 {
            let _ = chattr("-i", p);
        }
    }
}

#[test]
#[ignore = "needs root and chattr; run by .ci/run"]
fn an_immutable_file_or_folder_stops_the_build_and_changes_nothing() {
    let base = scratch();
    let probe = base.path().join("probe");
    fs::write(&probe, "x").unwrap();
    if let Err(e) = chattr("+i", &probe) {
        // Only a file system without the attribute may skip; never a missing permission.
        assert!(
            e.contains("Operation not supported") || e.contains("Inappropriate ioctl"),
            "chattr +i failed: {e}"
        );
        common::tools::skip_or_fail(&format!(
            "the file system of {} does not support chattr +i ({e})",
            base.path().display()
        ));
        return;
    }
    // Root is bound too: the immutable probe cannot be written.
    assert!(fs::write(&probe, "y").is_err());
    chattr("-i", &probe).unwrap();

    let root = base.path().join("p");
    let dir = setup(&root, &old_manifest());
    ok(&build(&root));
    fs::write(dir.join("manifest.toml"), new_manifest()).unwrap();
    let old = state(&dir);
    let current = fs::read_link(dir.join("tests")).unwrap();
    for (what, path) in [
        ("tests.lock", dir.join("tests.lock")),
        ("the build folders", dir.join(".builds")),
        ("the problem folder", dir.clone()),
    ] {
        let guard = Immutable::set(&path);
        let o = build(&root);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(!o.status.success(), "{what}: the build succeeded");
        assert!(err.contains("gridjudge: error:"), "{what}: {err}");
        drop(guard);
        assert_eq!(
            state(&dir),
            old,
            "{what} immutable: the package or lock changed"
        );
        assert_eq!(fs::read_link(dir.join("tests")).unwrap(), current);
        assert_clean(&dir);
        eprintln!("{what} immutable: {}", err.trim());
    }
    // An immutable file of the current build: it cannot be linked or removed, but the build
    // writes a copy, commits, warns, and the next build removes the old folder.
    let old_file = dir
        .join(".builds")
        .join(current.file_name().unwrap())
        .join("01.in");
    let guard = Immutable::set(&old_file);
    let o = build(&root);
    ok(&o);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("the next build removes it"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    drop(guard);
    let new = state(&dir);
    assert_ne!(new, old);
    ok(&build(&root));
    assert_eq!(state(&dir), new);
    assert_clean(&dir);
}

/// Mounts a tmpfs of `size` on `at`; unmounted on drop.
struct Tmpfs(PathBuf);

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
#[ignore = "needs root to mount a tmpfs; run by .ci/run"]
fn a_full_disk_stops_the_build_and_changes_nothing() {
    let base = scratch();
    let mnt = base.path().join("small-disk");
    fs::create_dir_all(&mnt).unwrap();
    let o = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
        .arg(&mnt)
        .output();
    let mounted = matches!(&o, Ok(o) if o.status.success());
    if !mounted {
        let why = match &o {
            Ok(o) => String::from_utf8_lossy(&o.stderr).into_owned(),
            Err(e) => e.to_string(),
        };
        // CI runs as root and must exercise this; elsewhere say why it did not run.
        common::tools::skip_or_fail(&format!("cannot mount a tmpfs (needs root): {why}"));
        return;
    }
    let _mount = Tmpfs(mnt.clone());
    let root = mnt.join("p");
    let dir = setup(&root, &old_manifest());
    ok(&build(&root));
    // A 100x100 board: about 10 KB of input that the new build must write.
    let bigger = new_manifest() + "\n[[test]]\ngen = \"open n=100 m=100\"\nseed = 6\n";
    fs::write(dir.join("manifest.toml"), &bigger).unwrap();
    let old = state(&dir);

    // Fill the disk, then free a few KB: room for a folder and a small file, not the tests.
    let filler = mnt.join("filler");
    {
        use std::io::Write as _;
        let mut f = fs::File::create(&filler).unwrap();
        let block = vec![0u8; 4096];
        while f.write_all(&block).is_ok() {}
        let _ = f.sync_all();
    }
    let len = fs::metadata(&filler).unwrap().len();
    fs::OpenOptions::new()
        .write(true)
        .open(&filler)
        .unwrap()
        .set_len(len.saturating_sub(8192))
        .unwrap();

    let o = build(&root);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!o.status.success(), "the build succeeded on a full disk");
    assert!(err.contains("No space left on device"), "{err}");
    assert_eq!(state(&dir), old, "a full disk changed the package or lock");
    assert_clean(&dir);
    eprintln!("full disk: {}", err.trim());

    fs::remove_file(&filler).unwrap();
    ok(&build(&root));
    let new = state(&dir);
    assert_eq!(new.files.len(), 12);
    assert_clean(&dir);
    gridjudge::package::load_checked(&root, "game").unwrap();
}
