//! Running `gridjudge` as an ordinary user from a harness that runs as root: the user (named
//! by the environment variable `GRIDJUDGE_TEST_USER`, default `gridjudge-ci`), a folder it
//! owns, commands started as it through `setpriv`, and its processes. Shared by
//! `tests/sandbox_user.rs` and `benches/sandbox.rs` (`#[path = ...] mod as_user;`).

#![allow(dead_code)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// An account on this machine.
#[derive(Clone, Debug)]
pub struct User {
    /// Login name.
    pub name: String,
    /// User id.
    pub uid: u32,
    /// Primary group id.
    pub gid: u32,
    /// Home folder (from the password database).
    pub home: PathBuf,
}

/// Whether this process runs as root (effective uid 0).
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// The name of the ordinary user: `GRIDJUDGE_TEST_USER`, default `gridjudge-ci`.
pub fn user_name() -> String {
    std::env::var("GRIDJUDGE_TEST_USER")
        .ok()
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "gridjudge-ci".to_string())
}

/// Whether `program` is an executable file in one of `PATH`'s folders.
pub fn in_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|p| {
        std::env::split_paths(&p).any(|d| {
            std::fs::metadata(d.join(program))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
    })
}

/// The account `name` from the password database (`getent passwd`), or None.
pub fn lookup(name: &str) -> Option<User> {
    let out = Command::new("getent")
        .args(["passwd", name])
        .output()
        .ok()?;
    let line = String::from_utf8(out.stdout).ok()?;
    let f: Vec<&str> = line.trim().split(':').collect();
    if !out.status.success() || f.len() < 7 {
        return None;
    }
    Some(User {
        name: name.to_string(),
        uid: f[2].parse().ok()?,
        gid: f[3].parse().ok()?,
        home: PathBuf::from(f[5]),
    })
}

/// The account `name`, created with `useradd --create-home` when missing (needs root).
pub fn ensure_user(name: &str) -> Result<User, String> {
    if let Some(u) = lookup(name) {
        return Ok(u);
    }
    let out = Command::new("useradd")
        .args(["--create-home", name])
        .output()
        .map_err(|e| format!("cannot run useradd: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "useradd --create-home {name} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    lookup(name).ok_or_else(|| format!("useradd made no account {name}"))
}

/// Gives `path` and everything under it to `user` (`chown -R`). Panics when chown fails.
pub fn give(path: &Path, user: &User) {
    let st = Command::new("chown")
        .arg("-R")
        .arg(format!("{}:{}", user.uid, user.gid))
        .arg(path)
        .status()
        .expect("chown runs");
    assert!(st.success(), "chown -R {} failed", path.display());
}

/// A new folder in /tmp owned by `user`, mode 0700, removed (by root) when dropped.
pub fn user_dir(user: &User) -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix("gridjudge-user-")
        .tempdir_in("/tmp")
        .expect("a folder in /tmp");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    give(dir.path(), user);
    dir
}

/// Copies the folder `from` to `to` (`cp -a`). Panics when cp fails.
pub fn copy_tree(from: &Path, to: &Path) {
    let st = Command::new("cp")
        .arg("-a")
        .arg(from)
        .arg(to)
        .status()
        .expect("cp runs");
    assert!(
        st.success(),
        "cp -a {} {} failed",
        from.display(),
        to.display()
    );
}

/// `program args…` to be run as `user` through `setpriv` (real and effective uid and gid, the
/// user's groups) with a clean environment: `HOME`, `USER`, `LOGNAME` and a standard `PATH`.
pub fn as_user(user: &User, program: &Path) -> Command {
    let mut cmd = Command::new("setpriv");
    cmd.arg(format!("--reuid={}", user.uid))
        .arg(format!("--regid={}", user.gid))
        .arg("--init-groups")
        .args(["env", "-i"])
        .arg(format!("HOME={}", user.home.display()))
        .arg(format!("USER={}", user.name))
        .arg(format!("LOGNAME={}", user.name))
        .arg("PATH=/usr/local/bin:/usr/bin:/bin")
        .arg(program);
    cmd
}

/// Runs `gridjudge setup-sandbox --user NAME` (with `--remove` when `remove`) as this process
/// (root): Ok with its output, or Err with its exit status and output.
pub fn setup_sandbox(bin: &Path, user: &User, remove: bool) -> Result<String, String> {
    let mut cmd = Command::new(bin);
    cmd.args(["setup-sandbox", "--user", &user.name]);
    if remove {
        cmd.arg("--remove");
    }
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.success() {
        Ok(text)
    } else {
        Err(format!("{:?}: {cmd:?}: {text}", out.status))
    }
}

/// The cgroup v1 folders that `setup-sandbox --user` hands to `user`, one per controller
/// gridjudge uses (memory, pids, cpuacct), whether they exist or not; empty when cgroup v1 is
/// not mounted.
pub fn v1_folders(user: &User) -> Vec<PathBuf> {
    ["memory", "pids", "cpuacct"]
        .iter()
        .map(|c| Path::new("/sys/fs/cgroup").join(c))
        .filter(|c| c.join("cgroup.procs").is_file())
        .map(|c| c.join("gridjudge").join(format!("uid-{}", user.uid)))
        .collect()
}

/// Pids of the processes whose real uid is `uid`.
pub fn processes_of(uid: u32) -> Vec<i32> {
    let mut pids = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
            let line = status.lines().find(|l| l.starts_with("Uid:"));
            if line.is_some_and(|l| l.split_whitespace().nth(1) == Some(&uid.to_string())) {
                pids.push(pid);
            }
        }
    }
    pids
}

/// Pids listed in any `cgroup.procs` under `dir` (recursively); empty when `dir` is missing.
pub fn procs_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        if let Ok(t) = std::fs::read_to_string(d.join("cgroup.procs")) {
            out.extend(t.lines().map(|l| format!("{}: {l}", d.display())));
        }
        for e in rd.flatten() {
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(e.path());
            }
        }
    }
    out
}
