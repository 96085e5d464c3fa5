//! Kattis problem packages worked on in place: a folder holding `problem.yaml` is a problem,
//! read as the Kattis problem package format defines it, in either of its two versions
//! ([`Version`]): *legacy* and *2025-09*. Nothing is converted or copied into gridjudge's own
//! format.
//!
//! The parts, each in its own module:
//! * [`scoring`]: the aggregation of a scoring problem's verdicts and scores over its test
//!   groups, and the expected scores of submissions;
//! * [`submissions`]: the submissions of a package with their expectations (the folders of
//!   either version, `submissions.yaml`, `@EXPECTED_RESULTS@` comments), directory submissions;
//! * [`generators`]: `generators/generators.yaml` (BAPCtools' schema) run into `data/`.

pub mod generators;
pub mod scoring;
pub mod submissions;

/// The version of the Kattis problem package format a package is in.
///
/// Told apart as the specification says: `problem.yaml`'s `problem_format_version` key;
/// absent or `legacy` is the legacy version; `2025-09` the 2025-09 version, and so is its draft
/// `2023-07-draft` for `problem.yaml`'s keys (the rest of such a package is read as problemtools
/// reads it: [`package::PackageYaml::layout`]). Any other value is an error naming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Version {
    /// The legacy format (no `problem_format_version`, or `legacy`).
    Legacy,
    /// The 2025-09 format (`problem_format_version: 2025-09`).
    V2025_09,
}

impl Version {
    /// The version a `problem_format_version` value names (`None`: the key is absent).
    ///
    /// Errors: a value the specification does not define, named in the message.
    pub fn from_key(value: Option<&str>) -> anyhow::Result<Version> {
        match value.map(str::trim) {
            None | Some("legacy") => Ok(Version::Legacy),
            Some("2025-09") => Ok(Version::V2025_09),
            Some(v) if Version::is_draft(v) => Ok(Version::V2025_09),
            Some(other) => anyhow::bail!(
                "problem_format_version `{other}` is not one gridjudge reads (legacy, 2025-09, \
                 2023-07-draft)"
            ),
        }
    }

    /// The name `gridjudge list` shows: `kattis-legacy` or `kattis-2025-09`.
    pub fn label(self) -> &'static str {
        match self {
            Version::Legacy => "kattis-legacy",
            Version::V2025_09 => "kattis-2025-09",
        }
    }

    /// The name `gridjudge list` shows for a package of this version, `draft` when its
    /// `problem_format_version` names the 2023-07 draft ([`Version::is_draft`]):
    /// `kattis-2023-07-draft`, else [`Version::label`].
    pub fn label_of(self, draft: bool) -> &'static str {
        if draft {
            "kattis-2023-07-draft"
        } else {
            self.label()
        }
    }

    /// Whether a `problem_format_version` value names the 2023-07 draft (`2023-07-draft`,
    /// `2023-07`, `draft`), which [`Version::from_key`] reads as [`Version::V2025_09`].
    pub fn is_draft(value: &str) -> bool {
        DRAFT_KEYS.contains(&value.trim())
    }
}

/// The `problem_format_version` values of the 2023-07 draft.
const DRAFT_KEYS: &[&str] = &["2023-07-draft", "2023-07", "draft"];

pub mod data;
pub mod package;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::problem::ProblemConfig;
use crate::problems::program::{ProgramProblem, TestArgs, TreeSettings};

/// A Kattis package loaded in place: its `problem.yaml`, its data tree, and the program
/// problem gridjudge judges it as (its validators, output validator, interactor and reference
/// solution are the package's own programs, run where they are).
#[derive(Debug)]
pub struct Package {
    /// The package folder.
    pub dir: PathBuf,
    /// `problem.yaml`.
    pub yaml: package::PackageYaml,
    /// `data/`.
    pub tree: data::DataTree,
    /// The program problem that runs the package's programs.
    pub problem: &'static ProgramProblem,
    /// The answer validators (2025-09 `answer_validators/`), as programs gridjudge runs.
    pub answer_validators: Vec<(String, crate::problem::programs::ProgramSpec)>,
    /// The legacy custom grader (the one program in `graders/`), which groups with
    /// `grading: custom` are aggregated by ([`scoring::aggregate_with`]); `None` without one.
    pub grader: Option<crate::problem::programs::ProgramSpec>,
    /// The input visualizer (2025-09 `input_visualizer/`, a program folder), which the build
    /// report runs for a test without an illustration of its own ([`Package::picture`]):
    /// `None` without the folder, `Err` with why it cannot be run (only the report needs it,
    /// so nothing else fails for it).
    pub input_visualizer: Option<Result<crate::problem::programs::ProgramSpec, String>>,
    /// The output visualizer (2025-09 `output_visualizer/`), which the build report runs on
    /// each test's jury answer as a submission's output ([`Package::answer_pictures`]); as
    /// [`Package::input_visualizer`].
    pub output_visualizer: Option<Result<crate::problem::programs::ProgramSpec, String>>,
    /// The time limit was computed, not given (`problem.yaml` fixes none): the limit in the
    /// configuration is provisional until `verify` derives it from the accepted submissions.
    pub time_limit_derived: bool,
    /// gridjudge's view of the package as a `problem.toml` text (what `gridjudge list -v`
    /// shows; never written into the package).
    pub view: String,
}

/// Whether `dir` is a Kattis package: it holds `problem.yaml`.
pub fn is_package(dir: &Path) -> bool {
    dir.join("problem.yaml").is_file()
}

/// The memory limit when `problem.yaml` gives none, MiB: the "typical system default" of both
/// versions.
pub const DEFAULT_MEMORY_MIB: u64 = 2048;
/// The provisional time limit of a package that fixes none, ms: long enough for the accepted
/// submissions to be timed, from which `verify` derives the limit.
pub const PROVISIONAL_TIME_MS: u64 = 10_000;

/// Loads the Kattis package in `dir` (once per process and folder), its programs compiled into
/// `cache_dir` when first used.
///
/// Errors: `problem.yaml` or the data tree is invalid ([`package::read`], [`data::load`]); a
/// program the package declares cannot be used (no language gridjudge runs, a failed `build`
/// script, checktestdata or VIVA not installed, several output validators), each naming the
/// file.
pub fn load(dir: &Path, cache_dir: &Path) -> anyhow::Result<&'static Package> {
    use std::sync::{Mutex, OnceLock};
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, &'static Package>>> = OnceLock::new();
    let key = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    if let Some(p) = RELOADED.lock().ok().and_then(|m| m.get(&key).copied()) {
        return Ok(p);
    }
    let map = LOADED.get_or_init(Default::default);
    if let Some(p) = map.lock().ok().and_then(|m| m.get(&key).copied()) {
        return Ok(p);
    }
    let p: &'static Package = Box::leak(Box::new(load_uncached(&key, cache_dir)?));
    if let Ok(mut m) = map.lock() {
        m.insert(key, p);
    }
    Ok(p)
}

/// [`load`] again, reading the package afresh (after `build` wrote into `data/`); later
/// [`load`]s of the folder get the new one.
///
/// Errors: as [`load`].
pub fn reload(dir: &Path, cache_dir: &Path) -> anyhow::Result<&'static Package> {
    let key = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let p: &'static Package = Box::leak(Box::new(load_uncached(&key, cache_dir)?));
    RELOADED
        .lock()
        .map_err(|_| anyhow::anyhow!("package cache poisoned"))?
        .insert(key, p);
    Ok(p)
}

/// Packages read again by [`reload`], which [`load`] prefers.
static RELOADED: std::sync::LazyLock<std::sync::Mutex<HashMap<PathBuf, &'static Package>>> =
    std::sync::LazyLock::new(Default::default);

/// Whether the package in `dir` has `generators/generators.yaml` (its `data/` is made by
/// `build`).
pub fn has_generators(dir: &Path) -> bool {
    dir.join("generators").join("generators.yaml").is_file()
}

fn load_uncached(dir: &Path, cache_dir: &Path) -> anyhow::Result<Package> {
    let yaml = package::read(dir)?;
    // A package whose data/ generators.yaml makes may not have it yet: `build` writes it.
    let tree = if has_generators(dir) && !dir.join("data").is_dir() {
        data::DataTree::default()
    } else {
        data::load(dir, yaml.layout(), &yaml.constants)?
    };
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let consts = &yaml.constants;
    let prog = |p: &Path| program_spec(dir, p, consts, cache_dir);
    // Input validators: every program in input_validators/ (legacy also
    // input_format_validators/).
    let mut validators = Vec::new();
    for folder in ["input_validators", "input_format_validators"] {
        if folder == "input_format_validators" && yaml.layout() != Version::Legacy {
            continue;
        }
        for entry in programs_in(&dir.join(folder))? {
            validators.push((program_name(&entry), prog(&entry)?));
        }
    }
    // The legacy custom grader: the one program in graders/ (problemtools refuses several).
    let grader = match yaml.layout() {
        Version::Legacy => at_most_one(dir, "graders", "custom graders")?,
        Version::V2025_09 => None,
    }
    .map(|p| prog(&p))
    .transpose()?;
    let visualizer = |folder: &str| {
        let d = dir.join(folder);
        d.is_dir().then(|| {
            prog(&d)
                .and_then(|v| {
                    v.try_into::<crate::problem::programs::ProgramSpec>()
                        .context("the visualizer's declaration")
                })
                .map_err(|e| format!("{folder}/: {e:#}"))
        })
    };
    let input_visualizer = visualizer("input_visualizer");
    let output_visualizer = visualizer("output_visualizer");
    let mut answer_validators = Vec::new();
    for entry in programs_in(&dir.join("answer_validators"))? {
        answer_validators.push((program_name(&entry), prog(&entry)?));
    }
    // The output validator.
    let output_validator = match yaml.layout() {
        // A 2023-07-draft package: the programs in output_validator/, as problemtools finds
        // them (its type, not a `validation` key, says whether one is needed).
        Version::Legacy if yaml.draft_2023_07 => {
            at_most_one(dir, "output_validator", "output validators")?
                .map(|p| prog(&p))
                .transpose()?
        }
        Version::V2025_09 => {
            let d = dir.join("output_validator");
            d.exists().then(|| prog(&d)).transpose()?
        }
        Version::Legacy => {
            let found = programs_in(&dir.join("output_validators"))?;
            match (yaml.custom_output_validator, found.len()) {
                (false, _) => None,
                (true, 0) => bail!(
                    "{}: validation is custom but output_validators/ holds no program",
                    dir.join("problem.yaml").display()
                ),
                (true, 1) => Some(prog(&found[0])?),
                (true, _) => bail!(
                    "{}: several output validators; gridjudge runs one (name the one to use by \
                     keeping only it in output_validators/)",
                    dir.join("output_validators").display()
                ),
            }
        }
    };
    let custom = output_validator.is_some();
    if (yaml.interactive || yaml.multi_pass) && !custom {
        bail!(
            "{}: an interactive or multi-pass problem needs a custom output validator ({})",
            dir.join("problem.yaml").display(),
            match yaml.layout() {
                Version::Legacy if yaml.draft_2023_07 => "output_validator/<name>/",
                Version::Legacy => "output_validators/<name>/",
                Version::V2025_09 => "output_validator/",
            }
        );
    }
    // The reference solution: the first accepted submission.
    let accepted = first_accepted(dir)?;
    let time_limit_derived = yaml.limits.time_limit.is_none();
    let time_ms = match yaml.limits.time_limit {
        Some(t) => (t * 1000.0).round().max(1.0) as u64,
        None => PROVISIONAL_TIME_MS,
    };
    // gridjudge's view of the package, as a problem.toml table.
    let mut t = toml::Table::new();
    t.insert("name".into(), name.clone().into());
    let title = if yaml.title.is_empty() {
        name.clone()
    } else {
        yaml.title.clone()
    };
    t.insert("title".into(), title.into());
    let mut limits = toml::Table::new();
    limits.insert("time_ms".into(), (time_ms as i64).into());
    limits.insert(
        "memory_mib".into(),
        (yaml.limits.memory_mib.unwrap_or(DEFAULT_MEMORY_MIB) as i64).into(),
    );
    t.insert("limits".into(), limits.into());
    let mut programs = toml::Table::new();
    // The generators generators.yaml runs, by the name its commands use (`random.py`), for
    // `stress` (which runs a line with its own seeds); its default line: the first test line
    // with `{seed}`.
    let mut gens = toml::Table::new();
    if has_generators(dir) {
        if let Some(plan) = generators::plan(dir, yaml.version)? {
            for t in &plan.tests {
                let Some(line) = generators::seed_line(t) else {
                    continue;
                };
                let Some(first) = line.split_whitespace().next() else {
                    continue;
                };
                let path = dir.join("generators").join(first);
                if gens.contains_key(first) || !path.exists() {
                    continue;
                }
                if let Ok(spec) = program_spec(dir, &path, consts, cache_dir) {
                    gens.insert(first.to_string(), spec);
                }
                if !programs.contains_key("stress") {
                    programs.insert("stress".into(), line.replace("{seed:", "{seed_").into());
                }
            }
        }
    }
    if let Some(toml::Value::String(s)) = programs.get("stress") {
        // `{seed:N}` is bt's; stress's own seed word is `{seed}`.
        let plain = seed_words_plain(s);
        programs.insert("stress".into(), plain.into());
    }
    programs.insert("generators".into(), gens.into());
    let mut validators = validators.into_iter();
    let first = match validators.next() {
        Some((n, spec)) => (n, spec),
        None => (
            "none".to_string(),
            // No input validator: every input is valid (build says so).
            spec_table(None, Some("true".into()), None),
        ),
    };
    let mut tests = HashMap::new();
    for test in tree.all_cases() {
        let mut input_validators = BTreeMap::new();
        input_validators.insert(
            "validator".to_string(),
            test.settings.input_validator_args.for_validator(&first.0),
        );
        let rest: Vec<(String, toml::Value)> = Vec::new();
        let _ = rest;
        tests.insert(
            test.input.clone(),
            TestArgs {
                input_validators,
                output_validator: test.settings.output_validator_args.clone(),
            },
        );
    }
    let mut more = toml::Table::new();
    for (n, spec) in validators {
        for test in tree.all_cases() {
            if let Some(a) = tests.get_mut(&test.input) {
                a.input_validators.insert(
                    n.clone(),
                    test.settings.input_validator_args.for_validator(&n),
                );
            }
        }
        more.insert(n, spec);
    }
    programs.insert("validator".into(), first.1);
    if !more.is_empty() {
        programs.insert("validators".into(), more.into());
    }
    // Without an accepted submission (BAPCtools' hellounix has only failing ones) the package
    // has no reference solution: `verify` needs none (the answers are in data/), and what
    // would run it (stress) gets this command's error.
    let solution = accepted.as_ref().map(|p| rel(dir, p));
    match &solution {
        Some(s) => {
            programs.insert("solution".into(), s.clone().into());
        }
        None => {
            let mut c = toml::Table::new();
            c.insert(
                "command".into(),
                "echo 'submissions/accepted/ holds no submission: this package has no reference \
                 solution' >&2; exit 1"
                    .into(),
            );
            programs.insert("solution".into(), c.into());
        }
    }
    match (&output_validator, yaml.interactive) {
        (Some(ov), true) => {
            programs.insert("interactor".into(), ov.clone());
        }
        (Some(ov), false) => {
            programs.insert("checker".into(), ov.clone());
        }
        (None, _) => {
            let mut c = toml::Table::new();
            c.insert("builtin".into(), "tokens".into());
            programs.insert("checker".into(), c.into());
        }
    }
    let mut plimits = toml::Table::new();
    if let Some(s) = yaml.limits.validation_time_s {
        plimits.insert("time_ms".into(), ((s * 1000) as i64).into());
    }
    if let Some(m) = yaml.limits.validation_memory_mib {
        plimits.insert("memory_mib".into(), (m as i64).into());
    }
    if let Some(o) = yaml.limits.validation_output_mib {
        plimits.insert("output_mib".into(), (o as i64).into());
    }
    if !plimits.is_empty() {
        programs.insert("limits".into(), plimits.into());
    }
    t.insert("programs".into(), programs.into());
    if yaml.interactive || yaml.multi_pass {
        let mut i = toml::Table::new();
        i.insert("interactive".into(), yaml.interactive.into());
        i.insert("multi_pass".into(), yaml.multi_pass.into());
        i.insert(
            "validation_passes".into(),
            (yaml.limits.validation_passes as i64).into(),
        );
        if let Some(s) = solution {
            i.insert("player".into(), s.into());
        }
        t.insert("interaction".into(), i.into());
    }
    let view = toml::to_string(&t).context("cannot write gridjudge's view of the package")?;
    let origin = format!("{} (gridjudge's view of problem.yaml)", dir.display());
    let config = ProblemConfig::parse(&view, &origin)?;
    let settings = TreeSettings {
        tests,
        default_output_validator: (!custom).then(|| yaml.validator_flags.clone()),
        validator_flags: if custom {
            yaml.validator_flags.clone()
        } else {
            Vec::new()
        },
        legacy: yaml.layout() == Version::Legacy,
    };
    let problem = ProgramProblem::load_tree(dir, view.clone(), config, cache_dir, settings)?;
    Ok(Package {
        dir: dir.to_path_buf(),
        yaml,
        tree,
        problem,
        answer_validators: answer_validators
            .into_iter()
            .map(|(n, v)| {
                let spec: crate::problem::programs::ProgramSpec =
                    v.try_into().context("an answer validator's declaration")?;
                Ok((n, spec))
            })
            .collect::<anyhow::Result<_>>()?,
        grader: grader
            .map(
                |v| -> anyhow::Result<crate::problem::programs::ProgramSpec> {
                    v.try_into().context("the custom grader's declaration")
                },
            )
            .transpose()?,
        input_visualizer,
        output_visualizer,
        time_limit_derived,
        view,
    })
}

/// The folder inside a package where gridjudge keeps what it writes besides `gridjudge.lock`:
/// the last `verify`'s results and the build report (`gridjudge/report/`); a package's
/// `.gitignore` takes it as one line. Not hidden: problemtools' verifyproblem reports a name
/// starting with a dot (other than `.git`, `.gitignore`) as an error (its
/// `_check_file_and_directory_names`), while it and BAPCtools pass over other folders.
pub const WORK_DIR: &str = "gridjudge";

/// The picture file endings of an illustration (2025-09 "Illustrations") and of what an input
/// visualizer writes, in the order they are looked for.
pub const PICTURE_ENDINGS: &[&str] = &["svg", "png", "jpg", "jpeg"];

impl Package {
    /// The picture of the test whose input file is `input` (answer `answer`, visualizer
    /// arguments `args`) for the build report: the test's own illustration (a file beside it
    /// with the same name and a [`PICTURE_ENDINGS`] ending), else what the input visualizer
    /// draws, run as the spec says (`<visualizer> <input> <answer> [args]`) in a fresh folder,
    /// unconfined with the package read-only under `[programs.limits]`, taking the first
    /// picture it wrote there (BAPCtools names it `testcase.<ext>`); `Ok(None)` when there is
    /// neither. Returns the picture's file and its ending.
    ///
    /// Errors: the visualizer cannot be run, fails, or writes no picture, naming it.
    pub fn picture(
        &self,
        input: &Path,
        answer: &Path,
        args: &[String],
    ) -> anyhow::Result<Option<(Vec<u8>, &'static str)>> {
        for ext in PICTURE_ENDINGS {
            let own = input.with_extension(ext);
            if own.is_file() {
                let bytes = std::fs::read(&own)
                    .with_context(|| format!("cannot read {}", own.display()))?;
                return Ok(Some((bytes, ext)));
            }
        }
        let Some(visualizer) = &self.input_visualizer else {
            return Ok(None);
        };
        let spec = visualizer.as_ref().map_err(|e| anyhow::anyhow!("{e}"))?;
        let work = tempfile::tempdir().context("cannot create a temporary folder")?;
        let mut argv: Vec<std::ffi::OsString> =
            vec![input.as_os_str().to_owned(), answer.as_os_str().to_owned()];
        argv.extend(args.iter().map(Into::into));
        self.problem
            .run_helper_in("input visualizer", spec, &argv, work.path())?;
        let mut made: Vec<PathBuf> = std::fs::read_dir(work.path())
            .with_context(|| format!("cannot read {}", work.path().display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        made.sort();
        for ext in PICTURE_ENDINGS {
            if let Some(p) = made
                .iter()
                .find(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case(ext)))
            {
                let bytes =
                    std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
                return Ok(Some((bytes, ext)));
            }
        }
        bail!(
            "input_visualizer/ wrote no picture (a .svg, .png, .jpg or .jpeg file in its working \
             folder) for {}",
            input.display()
        )
    }
}

/// The file names an output visualizer may write into the feedback folder (2025-09 "Output
/// visualizer"): `teamimage` or `judgeimage`, optionally with `-<id>`, and a picture ending.
pub fn is_visualizer_image(name: &str) -> bool {
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    let base = stem.split_once('-').map_or(stem, |(b, _)| b);
    (base == "teamimage" || base == "judgeimage")
        && PICTURE_ENDINGS.iter().any(|e| e.eq_ignore_ascii_case(ext))
}

impl Package {
    /// The pictures the output visualizer draws of test `t` with its jury answer taken as a
    /// submission's output, for the build report: the output validator runs first (a custom
    /// one with the test's `output_validator_args`, in a feedback folder; the default one
    /// writes nothing there), then the visualizer as the spec invokes it, with the same
    /// arguments but `output_visualizer_args`, the answer on stdin, in a fresh working folder;
    /// what it wrote as `teamimage[-<id>].<ext>` or `judgeimage[-<id>].<ext>` in the feedback
    /// folder, in name order, as (file name, bytes). `Ok(empty)` without an output visualizer.
    ///
    /// Errors: an interactive or multi-pass problem (its output validator exchanges with a
    /// submission: there is no output to draw without one), a program that cannot be run or
    /// runs over a limit, or a visualizer that wrote no picture, naming it. Its exit code and
    /// stderr carry no meaning (the spec). Cost: two program runs.
    pub fn answer_pictures(&self, t: &data::DataTest) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
        let Some(visualizer) = &self.output_visualizer else {
            return Ok(Vec::new());
        };
        let spec = visualizer.as_ref().map_err(|e| anyhow::anyhow!("{e}"))?;
        if self.yaml.interactive || self.yaml.multi_pass {
            bail!(
                "output_visualizer/ is not run here: an interactive or multi-pass problem's \
                 output validator exchanges with a submission, so a jury answer alone has no \
                 output to draw"
            );
        }
        let answer = t.answer.clone().unwrap_or_default();
        let stdin =
            std::fs::read(&answer).with_context(|| format!("cannot read {}", answer.display()))?;
        let work = tempfile::tempdir().context("cannot create a temporary folder")?;
        let feedback = work.path().join("feedback");
        let cwd = work.path().join("work");
        for d in [&feedback, &cwd] {
            std::fs::create_dir(d).with_context(|| format!("cannot create {}", d.display()))?;
        }
        let argv = |extra: &[String]| -> Vec<std::ffi::OsString> {
            let mut v: Vec<std::ffi::OsString> = vec![
                t.input.as_os_str().to_owned(),
                answer.as_os_str().to_owned(),
                feedback.as_os_str().to_owned(),
            ];
            v.extend(extra.iter().map(Into::into));
            v
        };
        if let Some(checker) = self
            .problem
            .programs()
            .checker
            .as_ref()
            .filter(|c| c.table().builtin.is_none())
        {
            self.problem.run_helper_in_any_exit(
                "output validator",
                checker,
                &argv(&t.settings.output_validator_args),
                &stdin,
                &cwd,
            )?;
        }
        self.problem.run_helper_in_any_exit(
            "output visualizer",
            spec,
            &argv(&t.settings.output_visualizer_args),
            &stdin,
            &cwd,
        )?;
        let mut made: Vec<(String, Vec<u8>)> = Vec::new();
        for e in std::fs::read_dir(&feedback)
            .with_context(|| format!("cannot read {}", feedback.display()))?
        {
            let p = e?.path();
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if p.is_file() && is_visualizer_image(&name) {
                let bytes =
                    std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()))?;
                made.push((name, bytes));
            }
        }
        made.sort();
        if made.is_empty() {
            bail!(
                "output_visualizer/ wrote no picture (teamimage.<ext> or judgeimage.<ext>, \
                 png, jpg, jpeg or svg, in the feedback folder) for data/{}",
                t.name
            );
        }
        Ok(made)
    }
}

/// `line` with bt's `{seed:N}` words (written `{seed_N}` on the way) as stress's `{seed}`.
fn seed_words_plain(line: &str) -> String {
    line.split(' ')
        .map(|w| {
            if w.starts_with("{seed_") && w.ends_with('}') {
                "{seed}"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first 8 bytes of the SHA-256 `h` in lower-case hex: the name of a cached copy.
fn short_hex(h: sha2::Sha256) -> String {
    use sha2::Digest;
    h.finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The path of `p` relative to `dir`, as text (`p` itself when it is not below `dir`).
fn rel(dir: &Path, p: &Path) -> String {
    p.strip_prefix(dir)
        .unwrap_or(p)
        .to_string_lossy()
        .into_owned()
}

/// The name of a program: its file's stem or its folder's name.
fn program_name(p: &Path) -> String {
    let stem = if p.is_dir() {
        p.file_name()
    } else {
        p.file_stem()
    };
    stem.map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The programs in `folder` (each file or folder is one), sorted; none when it does not exist.
fn programs_in(folder: &Path) -> anyhow::Result<Vec<PathBuf>> {
    if !folder.is_dir() {
        return Ok(Vec::new());
    }
    let mut out: Vec<PathBuf> = std::fs::read_dir(folder)
        .with_context(|| format!("cannot read {}", folder.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    out.retain(|p| {
        let n = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        !n.starts_with('.')
            && !n.ends_with(".md")
            && !n.ends_with(".txt")
            && n != "README"
            && !n.ends_with(".h")
            && !n.ends_with(".hpp")
    });
    out.sort();
    Ok(out)
}

/// The one program in the folder `dir/folder` (`None` when it holds none or is absent), for a
/// folder the package may hold one program in (`graders/`, a 2023-07-draft package's
/// `output_validator/`). Errors: it holds several (`what` names them in the message).
fn at_most_one(dir: &Path, folder: &str, what: &str) -> anyhow::Result<Option<PathBuf>> {
    let mut found = programs_in(&dir.join(folder))?;
    if found.len() > 1 {
        bail!(
            "{}: several {what}; gridjudge runs one (keep only it in {folder}/)",
            dir.join(folder).display()
        );
    }
    Ok(found.pop())
}

/// The first accepted submission (a file in `submissions/accepted/`), if any.
fn first_accepted(dir: &Path) -> anyhow::Result<Option<PathBuf>> {
    let folder = dir.join("submissions").join("accepted");
    Ok(programs_in(&folder)?
        .into_iter()
        .find(|p| p.is_file() && crate::exec::compile::SubmissionKind::of_source(p).is_some()))
}

/// A `[programs]` table entry.
fn spec_table(
    source: Option<String>,
    command: Option<String>,
    convention: Option<&str>,
) -> toml::Value {
    let mut t = toml::Table::new();
    if let Some(s) = source {
        t.insert("source".into(), s.into());
    }
    if let Some(c) = command {
        t.insert("command".into(), c.into());
    }
    if let Some(c) = convention {
        t.insert("convention".into(), c.into());
    }
    t.into()
}

/// `p` quoted for `/bin/sh` ([`crate::exec::compile::sh_quote`]).
fn sh_quote(p: &Path) -> String {
    crate::exec::compile::sh_quote(p.as_os_str())
}

/// A `command` that runs `tool` (with `args`, each already quoted) and turns its exit code
/// into the Kattis convention: 0 (valid) becomes 42, 1 (invalid) 43, any other code stays (a
/// judge error). The flags the judge appends are not passed on (neither tool reads them).
fn mapped_command(tool: &str, args: &[String]) -> String {
    format!(
        "kattis_exit() {{ {tool} {}; s=$?; if [ $s -eq 0 ]; then exit 42; elif [ $s -eq 1 ]; \
         then exit 43; else exit $s; fi; }}; kattis_exit",
        args.join(" ")
    )
}

/// The `[programs]` declaration of the package program at `path`, in the Kattis convention,
/// for every form of the specification's "Programs" section (2025-09 and legacy):
///
/// * a single source file of a language gridjudge runs ([`crate::exec::compile`]): itself;
/// * an executable file: run as it is; a `.sh` file: run by `sh`, a `.bash` file by `bash`
///   (BAPCtools' language table);
/// * a folder with `build` and/or `run` scripts: the folder is copied into the compile cache
///   (keyed by its content's SHA-256), `build` runs there once ([`built_copy`]) and the
///   copy's `run` is the program; the package is never written to;
/// * any other folder: one program of all its sources ([`crate::exec::compile::FolderProgram`]:
///   several C or C++ files compiled together, a Python folder run through `__main__.py`);
/// * checktestdata `.ctd` and VIVA `.viva` input validators, run by the `checktestdata`
///   program (Debian package `checktestdata`) or `pyctd` (PyPI `checktestdata`, what
///   problemtools runs) and by `viva.sh` or `viva` (problemtools' `support/viva`), their exit
///   codes 0/1 mapped to 42/43 as problemtools maps them.
///
/// 2025-09 constants are substituted into a copy in `cache_dir` first when the sources use
/// any.
///
/// Errors, naming the file: no language gridjudge runs, a folder without sources, a failed
/// `build` or one that leaves no `run`, checktestdata or VIVA not installed.
fn program_spec(
    dir: &Path,
    path: &Path,
    constants: &BTreeMap<String, BTreeMap<String, String>>,
    cache_dir: &Path,
) -> anyhow::Result<toml::Value> {
    use crate::exec::compile::{in_path, is_executable, FolderProgram, SubmissionKind};
    let shown = path.display();
    let path = substituted(path, constants, cache_dir)?;
    if path.is_dir() {
        if path.join("build").is_file() || path.join("run").is_file() {
            let copy = built_copy(&path, cache_dir).with_context(|| shown.to_string())?;
            return Ok(spec_table(
                None,
                Some(sh_quote(&copy.join("run"))),
                Some("kattis"),
            ));
        }
        FolderProgram::of_dir(&path, None, None).with_context(|| shown.to_string())?;
        return Ok(spec_table(Some(rel(dir, &path)), None, Some("kattis")));
    }
    let abs = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
    match path.extension().and_then(|e| e.to_str()) {
        Some("ctd") => {
            // DOMjudge's checktestdata, else the Python reimplementation's `pyctd` (the PyPI
            // package `checktestdata`, which problemtools installs): both read the input on
            // stdin and exit 0 (valid), 1 (invalid) or another code (a broken script).
            let Some(tool) = ["checktestdata", "pyctd"].into_iter().find(|t| in_path(t)) else {
                bail!(
                    "{shown}: a checktestdata validator needs the `checktestdata` program or \
                     `pyctd`, and neither is in PATH; install one (Debian trixie and later: \
                     `apt-get install checktestdata`, or `pip install checktestdata`)"
                );
            };
            let cmd = mapped_command(tool, &[sh_quote(&abs)]);
            return Ok(spec_table(None, Some(cmd), Some("kattis")));
        }
        Some("viva") => {
            let Some(tool) = ["viva.sh", "viva"].into_iter().find(|t| in_path(t)) else {
                bail!(
                    "{shown}: a VIVA validator needs the VIVA interpreter (`viva.sh` or `viva` \
                     in PATH, as problemtools ships it in support/viva), which is not installed"
                );
            };
            // VIVA reads the input from a file named last.
            let cmd = mapped_command(tool, &[sh_quote(&abs), "/dev/stdin".into()]);
            return Ok(spec_table(None, Some(cmd), Some("kattis")));
        }
        // As BAPCtools' language table runs them: `.sh` with sh, `.bash` with bash.
        Some(shell @ ("sh" | "bash")) => {
            return Ok(spec_table(
                None,
                Some(format!("{shell} {}", sh_quote(&abs))),
                Some("kattis"),
            ))
        }
        _ => {}
    }
    if SubmissionKind::of_source(&path).is_none() && !is_executable(&path) {
        bail!(
            "{shown}: not a program gridjudge can run (no language it runs, and not an \
             executable file)"
        );
    }
    Ok(spec_table(Some(rel(dir, &path)), None, Some("kattis")))
}

/// The built copy of the program folder `src` that has `build` and/or `run` scripts (the
/// specification's "Programs"): a copy of every file below it (hidden ones left out) in
/// `cache_dir/kattis-build/<hash>/`, the hash (SHA-256, 16 hex digits) of the files' paths,
/// execute bits and bytes. `build`, when there, runs once in the copy (with the copy as its
/// working folder); the copy is then kept, so that later processes find it built. Once per
/// process and hash. Cost: reads every file of the folder.
///
/// Errors: a file cannot be read or copied; `build` fails (its output's head in the message);
/// no executable `run` after the build.
fn built_copy(src: &Path, cache_dir: &Path) -> anyhow::Result<PathBuf> {
    use sha2::Digest;
    use std::os::unix::fs::PermissionsExt;
    use std::sync::{Mutex, OnceLock};
    static BUILT: OnceLock<Mutex<HashMap<PathBuf, PathBuf>>> = OnceLock::new();
    let mut files = Vec::new();
    let mut todo = vec![src.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).with_context(|| format!("cannot read {}", d.display()))? {
            let p = e
                .with_context(|| format!("cannot read {}", d.display()))?
                .path();
            if p.file_name()
                .is_some_and(|n| n.as_encoded_bytes().starts_with(b"."))
            {
                continue;
            }
            if p.is_dir() {
                todo.push(p);
            } else if p.is_file() {
                let rel = p.strip_prefix(src).unwrap_or(&p).to_path_buf();
                let bytes =
                    std::fs::read(&p).with_context(|| format!("cannot read {}", p.display()))?;
                files.push((rel, crate::exec::compile::is_executable(&p), bytes));
            }
        }
    }
    files.sort();
    let mut h = sha2::Sha256::new();
    h.update(b"kattis-build\0");
    for (rel, exec, bytes) in &files {
        h.update(rel.as_os_str().as_encoded_bytes());
        h.update([0, u8::from(*exec), 0]);
        h.update(bytes);
        h.update([0]);
    }
    let hash = short_hex(h);
    let parent = cache_dir.join("kattis-build");
    let root = std::path::absolute(parent.join(&hash))
        .with_context(|| format!("cannot resolve {}", parent.display()))?;
    let map = BUILT.get_or_init(Default::default);
    // Held during the build: one build per folder, and at most one at a time.
    let mut done = map.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = done.get(&root) {
        return Ok(p.clone());
    }
    let marker = root.join(".gridjudge-built");
    if !marker.is_file() {
        std::fs::create_dir_all(&parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
        let tmp = tempfile::Builder::new()
            .prefix(".build-")
            .tempdir_in(&parent)
            .with_context(|| format!("cannot create a folder in {}", parent.display()))?;
        for (rel, exec, bytes) in &files {
            let to = tmp.path().join(rel);
            if let Some(d) = to.parent() {
                std::fs::create_dir_all(d)
                    .with_context(|| format!("cannot create {}", d.display()))?;
            }
            std::fs::write(&to, bytes).with_context(|| format!("cannot write {}", to.display()))?;
            // The scripts are run even when the package lost their execute bits.
            let script = rel == Path::new("build") || rel == Path::new("run");
            let mode = if *exec || script { 0o755 } else { 0o644 };
            std::fs::set_permissions(&to, std::fs::Permissions::from_mode(mode))
                .with_context(|| format!("cannot set the mode of {}", to.display()))?;
        }
        if tmp.path().join("build").is_file() {
            let out = std::process::Command::new("./build")
                .current_dir(tmp.path())
                .stdin(std::process::Stdio::null())
                .output()
                .context("cannot run its build script")?;
            if !out.status.success() {
                let mut msg = String::from_utf8_lossy(&out.stderr).into_owned();
                msg.push_str(&String::from_utf8_lossy(&out.stdout));
                let head: String = msg.chars().take(2000).collect();
                bail!(
                    "its build script failed ({}):\n{}",
                    out.status,
                    head.trim_end()
                );
            }
        }
        let run = tmp.path().join("run");
        if !crate::exec::compile::is_executable(&run) {
            bail!("no executable `run` in the program folder after its build");
        }
        std::fs::write(tmp.path().join(".gridjudge-built"), b"")
            .context("cannot mark a built program")?;
        let kept = tmp.keep();
        if std::fs::rename(&kept, &root).is_err() {
            // Another process put the same build there first.
            let _ = std::fs::remove_dir_all(&kept);
            if !marker.is_file() {
                bail!("cannot move the built program into {}", root.display());
            }
        }
    }
    done.insert(root.clone(), root.clone());
    Ok(root)
}

/// `path`, or when 2025-09 `constants` apply to it (a `{{name}}` in its text), a copy in
/// `cache_dir/kattis-constants/<hash>/` with them substituted (the package is not touched).
fn substituted(
    path: &Path,
    constants: &BTreeMap<String, BTreeMap<String, String>>,
    cache_dir: &Path,
) -> anyhow::Result<PathBuf> {
    if constants.is_empty() {
        return Ok(path.to_path_buf());
    }
    let files: Vec<PathBuf> = if path.is_dir() {
        programs_in(path)?
            .into_iter()
            .chain(
                std::fs::read_dir(path)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "h" || e == "hpp")),
            )
            .filter(|p| p.is_file())
            .collect()
    } else {
        vec![path.to_path_buf()]
    };
    let mut texts = Vec::new();
    let mut any = false;
    for f in &files {
        let bytes = std::fs::read(f).with_context(|| format!("cannot read {}", f.display()))?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let new = package::substitute(&text, constants);
        any |= new != text;
        texts.push((f.clone(), new));
    }
    if !any {
        return Ok(path.to_path_buf());
    }
    use sha2::Digest;
    let mut h = sha2::Sha256::new();
    for (f, t) in &texts {
        h.update(f.to_string_lossy().as_bytes());
        h.update(t.as_bytes());
    }
    let hash = short_hex(h);
    let root = cache_dir.join("kattis-constants").join(hash);
    let target = root.join(path.file_name().unwrap_or_default());
    for (f, t) in &texts {
        let to = if path.is_dir() {
            target.join(f.file_name().unwrap_or_default())
        } else {
            target.clone()
        };
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        crate::core::files::write_atomic(&to, t.as_bytes())?;
    }
    Ok(target)
}

#[cfg(test)]
mod tests {
    #[test]
    fn visualizer_images_are_named_as_the_spec_says() {
        for ok in [
            "teamimage.png",
            "judgeimage.svg",
            "teamimage-01.jpg",
            "judgeimage-a-b.JPEG",
        ] {
            assert!(super::is_visualizer_image(ok), "{ok}");
        }
        for no in [
            "score.txt",
            "teamimage.gif",
            "image.png",
            "teamimages.png",
            "judgeimage",
        ] {
            assert!(!super::is_visualizer_image(no), "{no}");
        }
    }
}
