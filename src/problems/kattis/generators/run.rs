//! Running a [`Plan`]: generators in a scratch folder per test, `copy:` files, inline texts,
//! links and the solution, as `bt generate` does (bapctools 2026.10.0, `generate.py`,
//! `TestCaseRule.generate` and `program.py`, `Generator.run`).

use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{anyhow, bail, Context};
use rayon::prelude::*;

use super::{seed, with_ext, Plan, SolutionChoice, Target, DATA_EXTENSIONS, FILE};
use crate::exec::compile::{prepare, Prepared, Submission, SubmissionKind};
use crate::exec::runner::{self, Outcome, RunLimits, RunSpec};

/// The programs of one run, each prepared (compiled into the cache) once.
struct Programs<'a> {
    problem_dir: &'a Path,
    cache_dir: &'a Path,
    named: &'a BTreeMap<PathBuf, Vec<PathBuf>>,
    constants: &'a BTreeMap<String, String>,
    limits: &'a RunLimits,
    /// Named generators' files are copied here, one folder each.
    build: tempfile::TempDir,
    ready: Mutex<HashMap<PathBuf, Result<Vec<OsString>, String>>>,
}

impl<'a> Programs<'a> {
    fn new(
        problem_dir: &'a Path,
        cache_dir: &'a Path,
        plan: &'a Plan,
        limits: &'a RunLimits,
    ) -> anyhow::Result<Programs<'a>> {
        Ok(Programs {
            problem_dir,
            cache_dir,
            named: &plan.generators,
            constants: &plan.constants,
            limits,
            build: tempfile::Builder::new()
                .prefix("gridjudge-bt-build-")
                .tempdir()
                .context("cannot create a temporary folder")?,
            ready: Mutex::new(HashMap::new()),
        })
    }

    /// How to start the program `rel` (relative to the problem folder).
    fn argv(&self, rel: &Path) -> anyhow::Result<Vec<OsString>> {
        if let Some(r) = self
            .ready
            .lock()
            .map_err(|_| anyhow!("program table poisoned"))?
            .get(rel)
        {
            return r.clone().map_err(|e| anyhow!(e));
        }
        let r = self.resolve(rel).map_err(|e| format!("{e:#}"));
        self.ready
            .lock()
            .map_err(|_| anyhow!("program table poisoned"))?
            .insert(rel.to_path_buf(), r.clone());
        r.map_err(|e| anyhow!(e))
    }

    /// The main file of `rel` (bt's `Program`: a named generator's first file, copied with
    /// the others into a build folder; a folder's first file whose name starts with `main`,
    /// else its first file by name; a file itself), prepared.
    fn resolve(&self, rel: &Path) -> anyhow::Result<Vec<OsString>> {
        let full = self.problem_dir.join(rel);
        let main = if let Some(files) = self.named.get(rel) {
            let dir = self.build.path().join(rel);
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            for f in files {
                let name = f.file_name().unwrap_or_default();
                std::fs::copy(self.problem_dir.join(f), dir.join(name))
                    .with_context(|| format!("cannot copy {}", f.display()))?;
            }
            dir.join(files[0].file_name().unwrap_or_default())
        } else if full.is_dir() && full.join("build").is_file() {
            // bt's `build+run` language: `build` runs in a copy of the folder and leaves `run`.
            let dir = self.build.path().join("built").join(rel);
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            for e in std::fs::read_dir(&full)? {
                let p = e?.path();
                if p.is_file() {
                    std::fs::copy(&p, dir.join(p.file_name().unwrap_or_default()))?;
                }
            }
            let o = std::process::Command::new(dir.join("build"))
                .current_dir(&dir)
                .stdin(std::process::Stdio::null())
                .output()
                .with_context(|| format!("cannot run {}/build", rel.display()))?;
            if !o.status.success() || !dir.join("run").is_file() {
                bail!(
                    "{}/build failed ({}) or left no `run`: {}",
                    rel.display(),
                    o.status,
                    String::from_utf8_lossy(&o.stderr).trim()
                );
            }
            return Ok(vec![dir.join("run").into()]);
        } else if full.is_dir() && full.join("run").is_file() {
            // bt's `run` language: the folder's `run` is the program.
            return Ok(vec![full.join("run").into()]);
        } else if full.is_dir() {
            let mut names: Vec<PathBuf> = std::fs::read_dir(&full)
                .with_context(|| format!("cannot list {}", full.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    !n.starts_with('.') && n != "__pycache__" && p.is_file()
                })
                .collect();
            names.sort();
            let main = names
                .iter()
                .find(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.to_lowercase().starts_with("main"))
                })
                .or(names.first())
                .cloned();
            main.ok_or_else(|| anyhow!("{} is an empty folder", rel.display()))?
        } else if full.is_file() {
            full
        } else {
            bail!("{} does not exist", rel.display());
        };
        let main = self.substituted(rel, &main)?;
        if main.extension().is_some_and(|e| e == "sh") {
            return Ok(vec!["sh".into(), main.into()]);
        }
        let sub = Submission::from_arg(&main.to_string_lossy())
            .with_context(|| format!("{}", rel.display()))?;
        if matches!(sub.kind, SubmissionKind::Command(_)) {
            bail!("{} is not a program file", rel.display());
        }
        let sub = Submission {
            name: rel.display().to_string(),
            ..sub
        };
        match prepare(&sub, self.cache_dir, false)? {
            Prepared::Ready(argv) => Ok(argv),
            Prepared::CompileError(msg) => bail!("{}: cannot compile: {msg}", rel.display()),
        }
    }

    /// `main` itself, or, when it or a file beside it holds a `{{constant}}` of problem.yaml,
    /// a copy of its folder in the build folder with the constants substituted (bt builds
    /// generators with `substitute_constants`).
    fn substituted(&self, rel: &Path, main: &Path) -> anyhow::Result<PathBuf> {
        let Some(dir) = main.parent() else {
            return Ok(main.to_path_buf());
        };
        let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
        for e in std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
            let p = e?.path();
            if p.is_file() {
                let bytes =
                    std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()))?;
                files.push((p, bytes));
            }
        }
        let changed = |b: &[u8]| {
            std::str::from_utf8(b)
                .is_ok_and(|t| super::substitute_constants(t, self.constants) != t)
        };
        if !files.iter().any(|(_, b)| changed(b)) {
            return Ok(main.to_path_buf());
        }
        let out = self.build.path().join("substituted").join(rel);
        std::fs::create_dir_all(&out)
            .with_context(|| format!("cannot create {}", out.display()))?;
        for (p, bytes) in files {
            let name = p.file_name().unwrap_or_default();
            let bytes = match std::str::from_utf8(&bytes) {
                Ok(t) => super::substitute_constants(t, self.constants).into_bytes(),
                Err(_) => bytes,
            };
            std::fs::write(out.join(name), bytes)?;
        }
        Ok(out.join(main.file_name().unwrap_or_default()))
    }

    /// Runs `argv` with stdin `stdin` and stdout into `stdout`, in the folder `cwd` (`None`: a
    /// fresh one), the problem folder read-only. `Err(message)` when it did not finish.
    fn run(
        &self,
        argv: Vec<OsString>,
        stdin: &Path,
        stdout: &Path,
        cwd: Option<&Path>,
    ) -> anyhow::Result<Result<(), String>> {
        let err_dir = tempfile::tempdir().context("cannot create a temporary folder")?;
        let err = err_dir.path().join("stderr");
        let argv = match cwd {
            None => argv,
            Some(cwd) => {
                // The runner starts programs in a fresh folder of its own; bt runs generators
                // in the test's folder, where they may write `testcase.*`.
                let mut v: Vec<OsString> = vec![
                    "/bin/sh".into(),
                    "-c".into(),
                    "cd \"$1\" || exit 125; shift; exec \"$@\"".into(),
                    "sh".into(),
                    cwd.into(),
                ];
                v.extend(argv);
                v
            }
        };
        let result = runner::run(&RunSpec {
            argv,
            stdin: stdin.to_path_buf(),
            stdout: stdout.to_path_buf(),
            stderr: Some(err),
            limits: *self.limits,
            work_parent: None,
            sandbox: None,
            pipes: None,
            read_only: Some(self.problem_dir.to_path_buf()),
        })?;
        let what = match &result.outcome {
            Outcome::Finished => return Ok(Ok(())),
            Outcome::TimeLimit => format!("ran over the time limit of {} ms", self.limits.time_ms),
            Outcome::MemoryLimit => format!(
                "ran over the memory limit of {} MiB",
                self.limits.memory_kib / 1024
            ),
            Outcome::OutputLimit => format!("wrote more than {} bytes", self.limits.output_bytes),
            Outcome::RuntimeError(e) => format!("failed ({e})"),
        };
        let stderr = result.stderr_head.trim();
        Ok(Err(if stderr.is_empty() {
            what
        } else {
            let head: Vec<&str> = stderr.lines().take(8).collect();
            format!("{what}; its stderr: {}", head.join("\n"))
        }))
    }

    /// Runs the generator command `command` with `seed` in the empty folder `cwd` (bt's
    /// `GeneratorInvocation.run` and `Generator.run`): `retries` seeds tried while it fails;
    /// stdout becomes `testcase.in` unless the generator wrote that file.
    fn generator(
        &self,
        command: &str,
        seed: u32,
        retries: u32,
        cwd: &Path,
    ) -> anyhow::Result<Result<(), String>> {
        let words = shlex::split(command)
            .ok_or_else(|| anyhow!("the command `{command}` has an unclosed quote"))?;
        let program = super::program_of(command)?;
        let uses_seed = words[1..].iter().any(|w| seed::seed_count(w) > 0);
        let argv = self
            .argv(&program)
            .map_err(|e| anyhow!("the generator {}: {e:#}", program.display()))?;
        let mut last = String::new();
        for retry in 0..retries.max(1) {
            for entry in std::fs::read_dir(cwd)? {
                let p = entry?.path();
                if p.is_dir() {
                    std::fs::remove_dir_all(&p)?;
                } else {
                    std::fs::remove_file(&p)?;
                }
            }
            let s = ((u64::from(seed) + u64::from(retry)) % (1 << 31)).to_string();
            let mut full = argv.clone();
            full.extend(words[1..].iter().map(|w| {
                let w = w.replace("{name}", "testcase");
                OsString::from(if uses_seed {
                    seed::substitute_seed(&w, &s)
                } else {
                    w
                })
            }));
            let stdout = cwd.join("testcase.in_");
            match self.run(full, Path::new("/dev/null"), &stdout, Some(cwd))? {
                Ok(()) => {
                    let out = std::fs::read(&stdout).unwrap_or_default();
                    let in_file = cwd.join("testcase.in");
                    if !out.is_empty() {
                        if !in_file.is_file() {
                            std::fs::rename(&stdout, &in_file)?;
                        }
                        return Ok(Ok(()));
                    }
                    if in_file.is_file() {
                        return Ok(Ok(()));
                    }
                    last = "wrote no testcase.in and nothing on stdout".into();
                }
                Err(e) => {
                    let stop = e.starts_with("ran over the time limit");
                    last = e;
                    if stop {
                        break;
                    }
                }
            }
        }
        Ok(Err(last))
    }

    /// The solution `rel`'s output on `input` (bt's `SolutionInvocation.run`).
    fn solution(&self, rel: &Path, input: &[u8]) -> anyhow::Result<Result<Vec<u8>, String>> {
        let argv = self
            .argv(rel)
            .map_err(|e| anyhow!("the solution {}: {e:#}", rel.display()))?;
        let tmp = tempfile::tempdir().context("cannot create a temporary folder")?;
        let in_file = tmp.path().join("testcase.in");
        std::fs::write(&in_file, input)?;
        let out = tmp.path().join("testcase.ans");
        Ok(match self.run(argv, &in_file, &out, None)? {
            Ok(()) => Ok(std::fs::read(&out)?),
            Err(e) => Err(e),
        })
    }
}

/// Runs `plan` (from [`super::plan`] of `problem_dir`): every file `bt generate` writes under
/// `data/`, relative path (`secret/01-a.in`, `secret/test_group.yaml`) → bytes, without
/// touching the package. Generators and solutions are compiled through
/// [`crate::exec::compile::prepare`] into `cache_dir` and run unconfined under `limits` with
/// the problem folder read-only; `jobs` tests are made at once (at least 1). Cost: one
/// generator run per distinct rule (more while it fails and `retries` allows), one solution
/// run per test without `.ans`.
///
/// Errors name the file and the test: a generator that does not exist, does not compile or
/// fails (with the head of its stderr), a solution that fails, a test left without the files
/// bt requires (`.in`; `.ans` outside `invalid_input`; `.out` in `invalid_output` and
/// `valid_output`), a link to a file that was not made.
pub fn generate(
    problem_dir: &Path,
    plan: &Plan,
    cache_dir: &Path,
    limits: &RunLimits,
    jobs: usize,
) -> anyhow::Result<BTreeMap<PathBuf, Vec<u8>>> {
    let programs = Programs::new(problem_dir, cache_dir, plan, limits)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .context("cannot start the worker threads")?;
    let made: Vec<anyhow::Result<BTreeMap<String, Vec<u8>>>> = pool.install(|| {
        plan.tests
            .par_iter()
            .map(|t| {
                if t.same_as.is_some() {
                    return Ok(BTreeMap::new());
                }
                make(&programs, plan, t).with_context(|| format!("{FILE}: {}", t.path.display()))
            })
            .collect()
    });
    let mut files_of: Vec<BTreeMap<String, Vec<u8>>> = Vec::with_capacity(made.len());
    for m in made {
        files_of.push(m?);
    }
    for i in 0..files_of.len() {
        if let Some(first) = plan.tests[i].same_as {
            files_of[i] = files_of[first].clone();
        }
    }
    let mut out = BTreeMap::new();
    for (t, files) in plan.tests.iter().zip(&files_of) {
        for (ext, bytes) in files {
            out.insert(with_ext(&t.path, ext), bytes.clone());
        }
    }
    for (path, t) in &plan.includes {
        for (ext, bytes) in &files_of[*t] {
            out.insert(with_ext(path, ext), bytes.clone());
        }
    }
    for (path, bytes) in &plan.group_files {
        out.insert(path.clone(), bytes.clone());
    }
    Ok(out)
}

/// The files of one test, extension → bytes (bt's `generate_from_rule`,
/// `generate_from_solution`, `copy_generated`).
fn make(
    programs: &Programs<'_>,
    plan: &Plan,
    t: &Target,
) -> anyhow::Result<BTreeMap<String, Vec<u8>>> {
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut links: BTreeMap<String, String> = BTreeMap::new();
    // 1. the generator.
    if let Some(command) = &t.generate {
        let cwd = tempfile::Builder::new()
            .prefix("gridjudge-bt-case-")
            .tempdir()
            .context("cannot create a temporary folder")?;
        if let Err(e) = programs.generator(command, t.seed, t.retries, cwd.path())? {
            bail!("the generator `{command}` (seed {}) {e}", t.seed);
        }
        for ext in DATA_EXTENSIONS {
            let f = cwd.path().join(format!("testcase.{ext}"));
            if f.is_file() {
                files.insert(ext.to_string(), std::fs::read(&f)?);
            }
        }
    }
    // 2. copy: every known extension that exists.
    if let Some(base) = &t.copy {
        for ext in DATA_EXTENSIONS {
            let f = programs.problem_dir.join(with_ext(base, ext));
            if f.is_file() {
                files.insert(ext.to_string(), std::fs::read(&f)?);
                links.remove(*ext);
            }
        }
    }
    // 3. inline texts.
    for (ext, bytes) in &t.inline {
        files.insert(ext.clone(), bytes.clone());
        links.remove(ext);
    }
    let resolve_links = |kind: &str, files: &mut BTreeMap<String, Vec<u8>>| -> anyhow::Result<()> {
        for (from, to) in &t.links {
            if from.split('.').next() != Some(kind) {
                continue;
            }
            let bytes = files.get(to).cloned().ok_or_else(|| {
                anyhow!("the link {from} -> {to} is invalid since {to} was not generated")
            })?;
            files.insert(from.clone(), bytes);
        }
        Ok(())
    };
    // 4. links of the input.
    resolve_links("in", &mut files)?;
    // 5. an input is required.
    let sample = t.root() == "sample";
    let has = |files: &BTreeMap<String, Vec<u8>>, e: &str| files.contains_key(e);
    let has_in = has(&files, "in")
        || (sample && has(&files, "in.statement") && has(&files, "in.download"))
        || (sample && plan.interactive && has(&files, "interaction") && has(&files, "in.download"));
    if !has_in {
        bail!("no .in file was generated");
    }
    let root = t.root();
    if has(&files, "in") {
        let no_answer_needed = matches!(
            root,
            "invalid_input"
                | "invalid_answer"
                | "invalid_output"
                | "valid_output"
                | "testing_tool_test"
        );
        if !no_answer_needed {
            if !plan.ans_is_output {
                if plan.interactive && !has(&files, "ans") {
                    files.insert("ans".into(), Vec::new());
                }
            } else if !has(&files, "ans") {
                let solution = match &t.solution {
                    SolutionChoice::Program(p) => p.clone(),
                    SolutionChoice::Default => plan.default_solution.clone().ok_or_else(|| {
                        anyhow!("no .ans: no solution is given and submissions/accepted/ is empty")
                    })?,
                    SolutionChoice::Nothing => {
                        bail!("testcase.ans does not exist and was not generated (solution: empty)")
                    }
                };
                let input = files.get("in").cloned().unwrap_or_default();
                match programs.solution(&solution, &input)? {
                    Ok(ans) => {
                        files.insert("ans".into(), ans);
                    }
                    Err(e) => bail!("the solution {} {e}", solution.display()),
                }
            }
        }
        if sample && plan.interactive && !has(&files, "ans") {
            files.insert("ans".into(), Vec::new());
        }
        resolve_links("ans", &mut files)?;
        if !matches!(root, "invalid_input" | "testing_tool_test") && !has(&files, "ans") {
            bail!("no .ans file was generated");
        }
        if matches!(root, "invalid_output" | "valid_output") && !has(&files, "out") {
            bail!("no .out file was generated");
        }
    } else {
        resolve_links("ans", &mut files)?;
    }
    Ok(files)
}

/// Runs the generator line `line` (a [`super::seed_line`], `{seed}` open) with `seed` for
/// `stress`, as [`generate`] runs it: the input bytes it makes. `plan` gives the named
/// generators. Errors: as [`generate`]'s for a generator.
pub fn run_line(
    problem_dir: &Path,
    plan: &Plan,
    line: &str,
    seed: u32,
    cache_dir: &Path,
    limits: &RunLimits,
) -> anyhow::Result<Vec<u8>> {
    let programs = Programs::new(problem_dir, cache_dir, plan, limits)?;
    let cwd = tempfile::Builder::new()
        .prefix("gridjudge-bt-case-")
        .tempdir()
        .context("cannot create a temporary folder")?;
    if let Err(e) = programs.generator(line, seed, 1, cwd.path())? {
        bail!("{FILE}: the generator `{line}` (seed {seed}) {e}");
    }
    std::fs::read(cwd.path().join("testcase.in")).context("cannot read testcase.in")
}
