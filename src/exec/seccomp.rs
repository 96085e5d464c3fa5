//! The system-call filter of judged programs: a seccomp BPF program, built with
//! [`seccompiler`] (rust-vmm's filter compiler, the one Firecracker uses), installed by the
//! sandbox's init ([`crate::exec::box_init`]) in the program's process just before `execve`,
//! so that the program and everything it starts run under it (a filter is inherited across
//! `fork` and `execve` and cannot be removed).
//!
//! # What it refuses
//! Each call below kills the whole process with `SIGSYS` (`SECCOMP_RET_KILL_PROCESS`, which no
//! handler can catch); the runner reports "forbidden system call" as a runtime error:
//! * reaching other processes: `ptrace`, `process_vm_readv`, `process_vm_writev`,
//!   `pidfd_getfd`, `kcmp`;
//! * namespaces: `unshare` and `setns` (any flags), `clone` with any `CLONE_NEW*` flag (a new
//!   user namespace would give the program capabilities inside it);
//! * file systems: `mount`, `umount2`, `pivot_root`, `chroot`, and the new mount API
//!   (`open_tree`, `move_mount`, `fsopen`, `fsconfig`, `fsmount`, `fspick`, `mount_setattr`);
//! * kernel facilities a judged program never needs and that widen the attack surface: `bpf`,
//!   `perf_event_open`, `userfaultfd`, `keyctl`, `add_key`, `request_key`, `io_uring_setup`,
//!   `io_uring_enter`, `io_uring_register` (io_uring operations are not seen by seccomp),
//!   `kexec_load`, `init_module`, `finit_module`, `delete_module`, `reboot`, `swapon`,
//!   `swapoff`, `acct`.
//!
//! `clone3` returns `ENOSYS` instead (its flags are in memory, where a filter cannot look):
//! the C library then falls back to `clone`, whose flags the filter checks. Every other call is
//! allowed. The filter checks the architecture first: a call made through another
//! architecture's entry (32-bit `int 0x80` on x86-64) kills the process too.
//!
//! Source of the semantics: the kernel's `Documentation/userspace-api/seccomp_filter.rst`
//! (return values and their precedence: the most restrictive of the stacked filters wins).

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

/// The system calls that kill the program whatever their arguments (see the module
/// documentation), with their names for messages.
pub(crate) const FORBIDDEN: &[(i64, &str)] = &[
    (libc::SYS_ptrace, "ptrace"),
    (libc::SYS_process_vm_readv, "process_vm_readv"),
    (libc::SYS_process_vm_writev, "process_vm_writev"),
    (libc::SYS_pidfd_getfd, "pidfd_getfd"),
    (libc::SYS_kcmp, "kcmp"),
    (libc::SYS_unshare, "unshare"),
    (libc::SYS_setns, "setns"),
    (libc::SYS_mount, "mount"),
    (libc::SYS_umount2, "umount2"),
    (libc::SYS_pivot_root, "pivot_root"),
    (libc::SYS_chroot, "chroot"),
    (libc::SYS_open_tree, "open_tree"),
    (libc::SYS_move_mount, "move_mount"),
    (libc::SYS_fsopen, "fsopen"),
    (libc::SYS_fsconfig, "fsconfig"),
    (libc::SYS_fsmount, "fsmount"),
    (libc::SYS_fspick, "fspick"),
    (libc::SYS_mount_setattr, "mount_setattr"),
    (libc::SYS_bpf, "bpf"),
    (libc::SYS_perf_event_open, "perf_event_open"),
    (libc::SYS_userfaultfd, "userfaultfd"),
    (libc::SYS_keyctl, "keyctl"),
    (libc::SYS_add_key, "add_key"),
    (libc::SYS_request_key, "request_key"),
    (libc::SYS_io_uring_setup, "io_uring_setup"),
    (libc::SYS_io_uring_enter, "io_uring_enter"),
    (libc::SYS_io_uring_register, "io_uring_register"),
    (libc::SYS_kexec_load, "kexec_load"),
    (libc::SYS_init_module, "init_module"),
    (libc::SYS_finit_module, "finit_module"),
    (libc::SYS_delete_module, "delete_module"),
    (libc::SYS_reboot, "reboot"),
    (libc::SYS_swapon, "swapon"),
    (libc::SYS_swapoff, "swapoff"),
    (libc::SYS_acct, "acct"),
];

/// The `clone` flags that make a new namespace; `clone` with any of them kills the program.
pub(crate) const NAMESPACE_FLAGS: &[u64] = &[
    libc::CLONE_NEWUSER as u64,
    libc::CLONE_NEWNS as u64,
    libc::CLONE_NEWPID as u64,
    libc::CLONE_NEWNET as u64,
    libc::CLONE_NEWIPC as u64,
    libc::CLONE_NEWUTS as u64,
    libc::CLONE_NEWCGROUP as u64,
];

/// The architecture of this build, as seccompiler names it; `None` where it has no backend.
fn target_arch() -> Option<TargetArch> {
    match std::env::consts::ARCH {
        "x86_64" => Some(TargetArch::x86_64),
        "aarch64" => Some(TargetArch::aarch64),
        "riscv64" => Some(TargetArch::riscv64),
        _ => None,
    }
}

/// The filters of a judged program, in the order they are installed: first the one that
/// answers `clone3` with `ENOSYS`, then the one that kills on every forbidden call.
///
/// Errors: the architecture has no seccomp backend in seccompiler (x86-64, AArch64 and
/// RISC-V 64 have one), or the rules cannot be compiled (a bug; the message says which).
pub(crate) fn filters() -> Result<Vec<BpfProgram>, String> {
    let arch = target_arch().ok_or_else(|| {
        format!(
            "no system-call filter for the {} architecture (seccompiler supports x86_64, \
             aarch64 and riscv64)",
            std::env::consts::ARCH
        )
    })?;
    let clone3: BTreeMap<i64, Vec<SeccompRule>> = [(libc::SYS_clone3, Vec::new())].into();
    let enosys = SeccompFilter::new(
        clone3,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch,
    )
    .map_err(|e| format!("the clone3 filter: {e}"))?;
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
        FORBIDDEN.iter().map(|&(nr, _)| (nr, Vec::new())).collect();
    // clone's flags are its first argument on every supported architecture.
    let clone_rules = NAMESPACE_FLAGS
        .iter()
        .map(|&flag| {
            SeccompCondition::new(
                0,
                SeccompCmpArgLen::Qword,
                SeccompCmpOp::MaskedEq(flag),
                flag,
            )
            .and_then(|c| SeccompRule::new(vec![c]))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("the clone rules: {e}"))?;
    rules.insert(libc::SYS_clone, clone_rules);
    let kill = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::KillProcess,
        arch,
    )
    .map_err(|e| format!("the forbidden-call filter: {e}"))?;
    let mut out = Vec::new();
    for f in [enosys, kill] {
        out.push(BpfProgram::try_from(f).map_err(|e| format!("compiling the filter: {e}"))?);
    }
    Ok(out)
}

/// Installs `filters` on the calling thread (after `PR_SET_NO_NEW_PRIVS`, which seccomp needs
/// without `CAP_SYS_ADMIN`). Called in the program's process between `fork` and `execve`.
pub(crate) fn install(filters: &[BpfProgram]) -> std::io::Result<()> {
    // SAFETY: prctl with integer arguments.
    if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    for f in filters {
        seccompiler::apply_filter(f).map_err(|e| std::io::Error::other(e.to_string()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filters_compile_on_this_architecture() {
        let f = filters().expect("x86_64 or aarch64");
        assert_eq!(f.len(), 2);
        // The kill filter has a jump per forbidden call at least.
        assert!(f[1].len() > FORBIDDEN.len(), "{} instructions", f[1].len());
    }

    /// A forked child that installs the filters and calls `unshare(0)` (a no-op without the
    /// filter) dies of SIGSYS; `clone3` returns ENOSYS; `getpid` still works.
    #[test]
    fn a_forbidden_call_kills_and_clone3_is_enosys() {
        let f = filters().unwrap();
        // SAFETY: the child calls only prctl, seccomp (through install), syscall and _exit;
        // the test binary's other threads are not touched by it.
        unsafe {
            let pid = libc::fork();
            assert!(pid >= 0);
            if pid == 0 {
                if install(&f).is_err() {
                    libc::_exit(90);
                }
                if libc::syscall(libc::SYS_getpid) <= 0 {
                    libc::_exit(91);
                }
                let r = libc::syscall(libc::SYS_clone3, std::ptr::null::<u8>(), 0usize);
                if r != -1 || *libc::__errno_location() != libc::ENOSYS {
                    libc::_exit(92);
                }
                libc::syscall(libc::SYS_unshare, 0);
                libc::_exit(0);
            }
            let mut status = 0;
            assert_eq!(libc::waitpid(pid, &mut status, 0), pid);
            assert!(
                libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGSYS,
                "status {status:#x}"
            );
        }
    }
}
