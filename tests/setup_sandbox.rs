//! `gridjudge setup-sandbox` as a command: it refuses when not run as root, and an unknown user
//! is a clear error (also as a `--json` document). What it makes is tested on fake cgroup trees
//! in `src/exec/cgroup.rs`; these tests change nothing on the machine.

#[path = "common/tools.rs"]
mod tools;

use std::process::{Command, Output};

fn gridjudge(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gridjudge"));
    c.args(args);
    c
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn an_unknown_user_is_a_clear_error() {
    let o = gridjudge(&["setup-sandbox", "--user", "no-such-user-gj22"])
        .output()
        .unwrap();
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    // As root the user is looked up; otherwise the refusal comes first.
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        assert!(
            err.contains("there is no user called `no-such-user-gj22`"),
            "{err}"
        );
        let o = gridjudge(&["setup-sandbox", "--user", "no-such-user-gj22", "--json"])
            .output()
            .unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(doc["ok"], false);
        assert_eq!(doc["steps"], serde_json::json!([]));
        assert!(doc["error"].as_str().unwrap().contains("no user called"));
    } else {
        assert!(err.contains("only root may"), "{err}");
    }
}

#[test]
fn an_ordinary_user_is_refused() {
    // SAFETY: geteuid has no preconditions.
    let mut c = if unsafe { libc::geteuid() } == 0 {
        let setpriv = Command::new("setpriv").arg("--version").output();
        if !setpriv.is_ok_and(|o| o.status.success()) {
            tools::skip_or_fail("setpriv (util-linux) is needed to run as another user");
            return;
        }
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_gridjudge"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_gridjudge"))
    };
    let o = c
        .args(["setup-sandbox", "--user", "root"])
        .current_dir("/")
        .output()
        .unwrap();
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        err.contains(
            "which only root may: run it as root (`sudo gridjudge setup-sandbox --user root`)"
        ),
        "{err}"
    );
    assert!(out.is_empty(), "{out}");
}
