//! What the host allows unprivileged sandboxes: the kernel settings that stop `bwrap` from
//! creating user namespaces, read from `/proc/sys`, each named with its fix
//! (`userns_restriction`).
//!
//! Owns: reading those settings. May use: std only; it uses no other module of
//! [`crate::exec`].

use std::path::Path;

/// The first kernel setting that stops unprivileged user namespaces on this machine, as one
/// sentence naming the setting and its fix; `None` when none does (or none can be read).
/// Checked, in order: `user.max_user_namespaces` = 0, Debian/Ubuntu's
/// `kernel.unprivileged_userns_clone` = 0, Ubuntu 23.10+'s AppArmor restriction
/// `kernel.apparmor_restrict_unprivileged_userns` = 1. Root is not stopped by the last two, so
/// for root only the first is reported.
pub(crate) fn userns_restriction() -> Option<String> {
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    userns_restriction_in(Path::new("/proc"), root)
}

/// `userns_restriction` reading `<proc>/sys/...`; `root` says whether the caller is root.
fn userns_restriction_in(proc: &Path, root: bool) -> Option<String> {
    let read = |rel: &str| -> Option<i64> {
        std::fs::read_to_string(proc.join("sys").join(rel))
            .ok()?
            .trim()
            .parse()
            .ok()
    };
    if read("user/max_user_namespaces") == Some(0) {
        return Some(
            "user namespaces are switched off (user.max_user_namespaces = 0): enable them with \
             `sudo sysctl -w user.max_user_namespaces=15000` (and in /etc/sysctl.d/ to keep it)"
                .into(),
        );
    }
    if root {
        return None;
    }
    if read("kernel/unprivileged_userns_clone") == Some(0) {
        return Some(
            "unprivileged user namespaces are switched off \
             (kernel.unprivileged_userns_clone = 0): enable them with \
             `sudo sysctl -w kernel.unprivileged_userns_clone=1` (and in /etc/sysctl.d/ to keep \
             it)"
            .into(),
        );
    }
    if read("kernel/apparmor_restrict_unprivileged_userns") == Some(1) {
        return Some(
            "AppArmor restricts unprivileged user namespaces \
             (kernel.apparmor_restrict_unprivileged_userns = 1, as on Ubuntu 24.04): lift it \
             with `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` (and in \
             /etc/sysctl.d/ to keep it), or give bwrap an AppArmor profile that allows them \
             (`userns,` in /etc/apparmor.d/bwrap, then `sudo apparmor_parser -r \
             /etc/apparmor.d/bwrap`)"
                .into(),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake(files: &[(&str, &str)]) -> tempfile::TempDir {
        let t = tempfile::tempdir().unwrap();
        for (rel, v) in files {
            let p = t.path().join("sys").join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, v).unwrap();
        }
        t
    }

    #[test]
    fn the_apparmor_restriction_is_named_with_its_fix() {
        let t = fake(&[
            ("kernel/apparmor_restrict_unprivileged_userns", "1\n"),
            ("kernel/unprivileged_userns_clone", "1\n"),
            ("user/max_user_namespaces", "63000\n"),
        ]);
        let s = userns_restriction_in(t.path(), false).unwrap();
        assert!(s.contains("AppArmor"), "{s}");
        assert!(
            s.contains("sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"),
            "{s}"
        );
        assert!(s.contains("/etc/apparmor.d/bwrap"), "{s}");
        // Root is not restricted by AppArmor's setting.
        assert_eq!(userns_restriction_in(t.path(), true), None);
    }

    #[test]
    fn each_setting_is_told_apart() {
        let t = fake(&[
            ("kernel/apparmor_restrict_unprivileged_userns", "1\n"),
            ("kernel/unprivileged_userns_clone", "0\n"),
        ]);
        let s = userns_restriction_in(t.path(), false).unwrap();
        assert!(s.contains("kernel.unprivileged_userns_clone=1"), "{s}");
        let t = fake(&[("user/max_user_namespaces", "0\n")]);
        let s = userns_restriction_in(t.path(), true).unwrap();
        assert!(s.contains("user.max_user_namespaces"), "{s}");
        let t = fake(&[
            ("kernel/apparmor_restrict_unprivileged_userns", "0\n"),
            ("kernel/unprivileged_userns_clone", "1\n"),
            ("user/max_user_namespaces", "100\n"),
        ]);
        assert_eq!(userns_restriction_in(t.path(), false), None);
        // Nothing readable (not Linux, no /proc): nothing to say.
        let t = fake(&[]);
        assert_eq!(userns_restriction_in(t.path(), false), None);
    }
}
