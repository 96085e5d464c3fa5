//! What every export format shares: the built package's tests ([`PackageTest`],
//! [`load_built`]), the checker options written into a C++ checker
//! ([`with_checker_options`]), the stack limit no package format can state (`small_stack`)
//! and folder listings in name order (`sorted_entries`); the file helpers every writer uses
//! (`write_file`, `write_script`, `copy_executable`, `copy_files`) and YAML's quoted
//! scalar (`yaml_str`, for Hydro's and Kattis' YAML).
//!
//! Uses the package layer (the checked built package) and the problem's config; no other file
//! of `export/`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::package::TestSpec;
use crate::problem::{Problem, ProblemConfig};

/// One test of the built package.
#[derive(Clone, Debug)]
pub struct PackageTest {
    /// Name in the build, e.g. `07`.
    pub name: String,
    /// The manifest entry (sample flag, group).
    pub spec: TestSpec,
    /// Input bytes.
    pub input: Vec<u8>,
    /// Jury answer bytes.
    pub answer: Vec<u8>,
    /// A sample's transcript in the Kattis `.interaction` form, for an interactive problem:
    /// the file beside the sample's hand-made input ([`interaction_file`]).
    pub interaction: Option<Vec<u8>>,
}

/// Loads the built package of `problem` from `<problems_dir>/<p>/`, checked against the
/// lock and the manifest by [`crate::package::load_checked`] (the same check as `judge` and
/// `verify`). Errors when the package was never built, is stale, or a file is missing or
/// differs from the lock, naming the test and the `gridjudge build` command to run.
pub fn load_built(problem: &dyn Problem, problems_dir: &Path) -> anyhow::Result<Vec<PackageTest>> {
    let package = crate::package::load_checked(problems_dir, problem.name())?;
    let dir = problems_dir.join(problem.name());
    package
        .tests
        .into_iter()
        .map(|t| {
            Ok(PackageTest {
                interaction: interaction_file(&dir, &t.spec)?,
                name: t.name,
                spec: t.spec,
                input: t.input,
                answer: t.answer,
            })
        })
        .collect()
}

/// The folder holding a built-in problem's validator sources (`testlib/validator.cpp`,
/// `polygon/validator.cpp`): its own, or for a problem that plays on another's tests (`duel` on
/// `game`'s boards, [`Problem::seed_name`]) that problem's, beside it in the problems folder.
pub fn validator_dir(problem: &dyn Problem, problem_dir: &Path) -> PathBuf {
    match problem_dir.parent() {
        Some(parent) if problem.seed_name() != problem.name() => parent.join(problem.seed_name()),
        _ => problem_dir.to_path_buf(),
    }
}

/// The transcript of the sample test `spec` of the problem in `problem_dir`: the file beside
/// its hand-made input with the extension `.interaction` (`samples/1.in` gives
/// `samples/1.interaction`), in the Kattis `.interaction` form: every line starts with `<`
/// (what the submission reads) or `>` (what it writes), or is `---` between the passes of a
/// multi-pass problem. `None` for a test that is not a sample, a generated one, or one without
/// such a file.
///
/// Errors: the file cannot be read, or a line has another start (naming the file and line).
pub fn interaction_file(problem_dir: &Path, spec: &TestSpec) -> anyhow::Result<Option<Vec<u8>>> {
    let Some(file) = spec.file.as_ref().filter(|_| spec.sample) else {
        return Ok(None);
    };
    let path = problem_dir.join(file).with_extension("interaction");
    if !path.is_file() {
        return Ok(None);
    }
    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let ok = line.is_empty() && i > 0
            || line.starts_with(b"<")
            || line.starts_with(b">")
            || line == b"---";
        if !ok {
            bail!(
                "{}:{}: each line of an `.interaction` file starts with `<` (what the \
                 submission reads) or `>` (what it writes), or is `---` between passes",
                path.display(),
                i + 1
            );
        }
    }
    Ok(Some(bytes))
}

/// `checker.cpp` (read from `path`) with every checker option of `config` (`[checker]` in
/// problem.toml) written into it: each option `key` must be a boolean and the source must hold
/// exactly one line `const bool key = true;` or `... = false;` (leading spaces allowed), which
/// gets the configured value. Errors naming the option when it is not a boolean or the source
/// does not implement it (the exported checker would silently ignore it and disagree with
/// gridjudge's). O(source length) per option.
pub fn with_checker_options(
    config: &ProblemConfig,
    source: &[u8],
    path: &Path,
) -> anyhow::Result<Vec<u8>> {
    let mut text = String::from_utf8(source.to_vec())
        .with_context(|| format!("{} is not UTF-8", path.display()))?;
    for (key, value) in &config.checker {
        let Some(value) = value.as_bool() else {
            bail!(
                "problem.toml: checker option `[checker] {key}` must be true or false to be \
                 exported, found {value}"
            );
        };
        let prefix = format!("const bool {key} = ");
        let lines: Vec<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| {
                let l = l.trim_start();
                l.strip_prefix(&prefix)
                    .is_some_and(|rest| rest == "true;" || rest == "false;")
            })
            .map(|(i, _)| i)
            .collect();
        if lines.len() != 1 {
            bail!(
                "problem.toml sets the checker option `[checker] {key}`, which {} does not \
                 implement (it needs exactly one line `const bool {key} = false;`, found {}): \
                 the exported C++ checker would ignore it and judge differently from gridjudge's \
                 checker. Implement the option there, or remove it from problem.toml",
                path.display(),
                lines.len()
            );
        }
        let mut out = String::with_capacity(text.len());
        for (i, line) in text.split_inclusive('\n').enumerate() {
            if i == lines[0] {
                let indent = &line[..line.len() - line.trim_start().len()];
                let end = if line.ends_with('\n') { "\n" } else { "" };
                out.push_str(&format!("{indent}{prefix}{value};{end}"));
            } else {
                out.push_str(line);
            }
        }
        text = out;
    }
    Ok(text.into_bytes())
}

/// The paths of the entries of folder `dir` (files and folders, not recursive), in name
/// order. Errors name the folder that cannot be read. O(n log n) in the entries.
pub(crate) fn sorted_entries(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .with_context(|| format!("cannot read {}", dir.display()))?;
    v.sort();
    Ok(v)
}

/// The submissions' stack limit in MiB when `problem.toml` sets one below the memory limit.
/// Neither a Kattis package nor a Polygon package can state it (Kattis, DOMjudge, Polygon and
/// CMS give the whole memory limit as stack), so `export`'s Kattis writer and
/// [`crate::export::polygon::write`] leave out the `run_time_error` submissions, which may rely on it.
pub(crate) fn small_stack(config: &ProblemConfig) -> Option<u64> {
    config
        .limits
        .stack_mib
        .filter(|&s| s < config.limits.memory_mib)
}

/// Writes `bytes` to `path`, creating its folder first. Errors name the path.
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(d) = path.parent() {
        std::fs::create_dir_all(d).with_context(|| format!("cannot create {}", d.display()))?;
    }
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// Sets mode 0755 on `path` (nothing off Unix).
#[cfg(unix)]
fn set_executable(path: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .with_context(|| format!("cannot make {} executable", path.display()))
}

#[cfg(not(unix))]
fn set_executable(_path: &Path) -> anyhow::Result<()> {
    Ok(())
}

/// Writes the shell script `text` to `path` and makes it executable.
pub(crate) fn write_script(path: &Path, text: &str) -> anyhow::Result<()> {
    write_file(path, text.as_bytes())?;
    set_executable(path)
}

/// Copies the executable `from` to `to` (creating its folder) with mode 0755.
pub(crate) fn copy_executable(from: &Path, to: &Path) -> anyhow::Result<()> {
    if let Some(d) = to.parent() {
        std::fs::create_dir_all(d).with_context(|| format!("cannot create {}", d.display()))?;
    }
    std::fs::copy(from, to)
        .with_context(|| format!("cannot copy {} to {}", from.display(), to.display()))?;
    set_executable(to)
}

/// A YAML double-quoted scalar of `s`.
pub(crate) fn yaml_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Copies every file directly in folder `from` (not its subfolders) into folder `to`, in name
/// order; the number of files copied.
pub(crate) fn copy_files(from: &Path, to: &Path) -> anyhow::Result<usize> {
    copy_files_but(from, to, |_| false)
}

/// [`copy_files`] without the submissions `verify` skips ([`crate::judge::verify::is_disabled`]):
/// the files of a `submissions/<verdict>/` folder a package ships.
pub(crate) fn copy_submissions(from: &Path, to: &Path) -> anyhow::Result<usize> {
    copy_files_but(from, to, crate::judge::verify::is_disabled)
}

/// [`copy_files`] leaving out the files whose name `skip` holds for.
fn copy_files_but(from: &Path, to: &Path, skip: fn(&str) -> bool) -> anyhow::Result<usize> {
    let mut copied = 0;
    for e in sorted_entries(from)?.into_iter().filter(|e| e.is_file()) {
        let name = e
            .file_name()
            .with_context(|| format!("{} has no file name", e.display()))?;
        if skip(&name.to_string_lossy()) {
            continue;
        }
        let bytes = std::fs::read(&e).with_context(|| format!("cannot read {}", e.display()))?;
        write_file(&to.join(name), &bytes)?;
        copied += 1;
    }
    Ok(copied)
}

/// A test of no content in test group `group` (`None`: no group), for the writers' unit tests.
#[cfg(test)]
pub(crate) fn test_in_group(group: Option<&str>) -> PackageTest {
    PackageTest {
        name: String::new(),
        spec: TestSpec {
            gen: Some("x".into()),
            seed: Some(1),
            file: None,
            answer: None,
            group: group.map(String::from),
            sample: false,
        },
        input: Vec::new(),
        answer: Vec::new(),
        interaction: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_options_are_written_into_the_cpp_checker_or_refused() {
        let game = crate::problems::by_name("game").unwrap();
        let cfg = ProblemConfig::load(game, None).unwrap();
        let path = Path::new("checker.cpp");
        let src = b"int a;\n  const bool row_major = false;\nint b;\n";
        let mut on = cfg.clone();
        on.checker
            .insert("row_major".into(), toml::Value::Boolean(true));
        assert_eq!(
            with_checker_options(&on, src, path).unwrap(),
            b"int a;\n  const bool row_major = true;\nint b;\n"
        );
        assert_eq!(with_checker_options(&cfg, src, path).unwrap(), src);
        // An option the source does not implement, or twice: refused, naming it.
        let e = with_checker_options(&on, b"int a;\n", path).unwrap_err();
        assert!(e.to_string().contains("`[checker] row_major`"), "{e}");
        let twice = b"const bool row_major = false;\nconst bool row_major = true;\n";
        assert!(with_checker_options(&on, twice, path).is_err());
        let mut bogus = cfg.clone();
        bogus
            .checker
            .insert("bogus".into(), toml::Value::Boolean(false));
        let e = with_checker_options(&bogus, src, path).unwrap_err();
        assert!(e.to_string().contains("`[checker] bogus`"), "{e}");
        let mut number = cfg;
        number
            .checker
            .insert("row_major".into(), toml::Value::Integer(1));
        let e = with_checker_options(&number, src, path).unwrap_err();
        assert!(e.to_string().contains("true or false"), "{e}");
    }
}
