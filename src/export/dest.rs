//! The destination of an export: refusing a destination whose replacement would take the
//! current folder, the problem's sources or the binaries with it ([`safe_destination`]),
//! refusing a non-empty one without `--force` ([`check_destination`]), putting the finished
//! package in place so that a failure leaves the old one ([`replace_folder`]), and the zip
//! beside it ([`write_zip`]).
//!
//! Uses the core layer (atomic writes) and [`super::format`]; knows nothing of problems.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::format::Format;

/// `<out>.zip` beside `out` (an absolute, normal path from [`resolved`]).
pub(super) fn zip_path_of(out: &Path) -> anyhow::Result<PathBuf> {
    let (Some(parent), Some(name)) = (out.parent(), out.file_name()) else {
        bail!("{} has no folder name to name a zip after", out.display());
    };
    let mut name = name.to_os_string();
    name.push(".zip");
    Ok(parent.join(name))
}

/// `path` made absolute, with symbolic links and `..` resolved as far as the path exists and
/// without `.` components or a trailing separator: the form in which two paths compare.
pub(super) fn resolved(path: &Path) -> anyhow::Result<PathBuf> {
    let abs: PathBuf = std::path::absolute(path)
        .with_context(|| format!("cannot make {} absolute", path.display()))?
        .components()
        .collect();
    let mut existing = abs.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(mut p) = existing.canonicalize() {
            p.extend(rest.iter().rev());
            return Ok(p);
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return Ok(abs),
        }
    }
}

/// The destination `out` as an absolute, normal path, refused when replacing it would take
/// something with it: the current folder, the problem's folder `problem_dir` or the binaries'
/// folder `bin_dir` (when `out` is or holds one of them), or part of the problem's sources
/// (when `out` lies inside `problem_dir`).
pub(super) fn safe_destination(
    out: &Path,
    problem_dir: &Path,
    bin_dir: &Path,
) -> anyhow::Result<PathBuf> {
    let target = resolved(out)?;
    if target.file_name().is_none() {
        bail!("{} cannot be a package folder", out.display());
    }
    let cwd = std::env::current_dir().context("cannot read the current folder")?;
    let problem = resolved(problem_dir)?;
    for (place, what) in [
        (resolved(&cwd)?, "the current folder"),
        (problem.clone(), "the problem's folder"),
        (
            resolved(bin_dir)?,
            "the folder of the checker and validator binaries",
        ),
    ] {
        if place.starts_with(&target) {
            bail!(
                "{} is or holds {what} ({}); the export would replace it: choose another \
                 destination",
                out.display(),
                place.display()
            );
        }
    }
    if target.starts_with(&problem) {
        bail!(
            "{} is inside the problem's folder {}; the export would mix with its sources: \
             choose a destination outside it",
            out.display(),
            problem.display()
        );
    }
    Ok(target)
}

/// Where an export writes: the destination (from [`safe_destination`], checked by
/// [`check_destination`]), its zip when asked for, and the temporary folder beside the
/// destination that the package is written into before [`replace_folder`] puts it in place.
pub(super) struct Staged {
    /// The destination, absolute and normal.
    pub out: PathBuf,
    /// `<out>.zip`, when asked for.
    pub zip: Option<PathBuf>,
    /// The temporary folder the package is written into.
    pub tmp: tempfile::TempDir,
}

/// Checks the destination `out` of a package of the problem in `problem_dir` (binaries in
/// `bin_dir`) and its zip (when `zip`), refusing what exists unless `force`, and creates the
/// temporary folder beside it. Errors: those of [`safe_destination`] and
/// [`check_destination`], an existing zip without `force`, a folder that cannot be created.
pub(super) fn stage(
    out: &Path,
    problem_dir: &Path,
    bin_dir: &Path,
    force: bool,
    zip: bool,
) -> anyhow::Result<Staged> {
    let out = safe_destination(out, problem_dir, bin_dir)?;
    check_destination(&out, force)?;
    let zip = if zip { Some(zip_path_of(&out)?) } else { None };
    if let Some(z) = &zip {
        if z.exists() && !force {
            bail!("{} already exists; pass --force to replace it", z.display());
        }
    }
    let parent = out.parent().map(Path::to_path_buf).unwrap_or_default();
    std::fs::create_dir_all(&parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let tmp = tempfile::Builder::new()
        .prefix(".gridjudge-export-")
        .tempdir_in(&parent)
        .with_context(|| format!("cannot create a temporary folder in {}", parent.display()))?;
    Ok(Staged { out, zip, tmp })
}

/// Puts the finished package `tmp` at `out`. An existing `out` (empty, or replaced with
/// `--force`) is first renamed aside and removed only once the package is in place; if the
/// package cannot be renamed into place, the old folder is put back.
pub(super) fn replace_folder(tmp: tempfile::TempDir, out: &Path) -> anyhow::Result<()> {
    let parent = out.parent().unwrap_or(Path::new("."));
    let old = if out.exists() {
        let aside = tempfile::Builder::new()
            .prefix(".gridjudge-replaced-")
            .tempdir_in(parent)
            .with_context(|| format!("cannot create a temporary folder in {}", parent.display()))?
            .keep();
        let old = aside.join("old");
        std::fs::rename(out, &old)
            .with_context(|| format!("cannot move {} aside", out.display()))?;
        Some((aside, old))
    } else {
        None
    };
    let kept = tmp.keep();
    if let Err(e) = std::fs::rename(&kept, out) {
        let _ = std::fs::remove_dir_all(&kept);
        if let Some((aside, old)) = &old {
            let _ = std::fs::rename(old, out);
            let _ = std::fs::remove_dir_all(aside);
        }
        return Err(e)
            .with_context(|| format!("cannot rename the new package to {}", out.display()));
    }
    if let Some((aside, _)) = old {
        std::fs::remove_dir_all(&aside).with_context(|| {
            format!(
                "the package is in {}, but the folder it replaced is left in {}",
                out.display(),
                aside.display()
            )
        })?;
    }
    Ok(())
}

/// Errors unless `out` is absent, an empty folder, or `force` is set (a file is never replaced).
pub(super) fn check_destination(out: &Path, force: bool) -> anyhow::Result<()> {
    if !out.exists() {
        return Ok(());
    }
    if !out.is_dir() {
        bail!("{} exists and is not a folder", out.display());
    }
    let empty = std::fs::read_dir(out)
        .with_context(|| format!("cannot read {}", out.display()))?
        .next()
        .is_none();
    if !empty && !force {
        bail!(
            "{} exists and is not empty; pass --force to replace it",
            out.display()
        );
    }
    Ok(())
}

/// Zips the content of `root` (files at the archive root, executables keep mode 0755) into
/// `zip` atomically, with mode 0644 less the umask ([`crate::core::files::write_atomic`]). A
/// testlib zip is what judges take: it leaves out `bin/` and the `checker` and `validator`
/// scripts around those binaries (the C++ sources are the judge's checker and validator).
pub(super) fn write_zip(root: &Path, zip: &Path, format: Format) -> anyhow::Result<()> {
    let mut files = Vec::new();
    collect_files(root, root, &mut files)?;
    files.sort();
    if format == Format::Testlib {
        files.retain(|rel| {
            !rel.starts_with("bin") && rel != Path::new("checker") && rel != Path::new("validator")
        });
    }
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for rel in files {
        let path = root.join(&rel);
        let exec = is_executable(&path);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(if exec { 0o755 } else { 0o644 });
        let name = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        w.start_file(name, options)
            .with_context(|| format!("cannot add {} to {}", rel.display(), zip.display()))?;
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        w.write_all(&bytes)
            .with_context(|| format!("cannot write {}", zip.display()))?;
    }
    let bytes = w
        .finish()
        .with_context(|| format!("cannot finish {}", zip.display()))?
        .into_inner();
    crate::core::files::write_atomic(zip, &bytes)
}

/// Every file under `dir`, as a path relative to `root`, into `out` (in no set order).
pub(super) fn collect_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for e in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let p = e?.path();
        if p.is_dir() {
            collect_files(root, &p, out)?;
        } else {
            out.push(p.strip_prefix(root).unwrap_or(&p).to_path_buf());
        }
    }
    Ok(())
}

#[cfg(unix)]
fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p)
        .map(|m| m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

#[cfg(not(unix))]
fn is_executable(_p: &Path) -> bool {
    false
}
