//! A Kattis package worked on in place ([`crate::problems::kattis`]) written in the other
//! version of the Kattis problem package format: legacy to 2025-09 and back ([`write()`]).
//!
//! The two versions (`spec/legacy.md`, `spec/2025-09.md` and the changelog of the
//! problem-package-format repository) judge a pass-fail, interactive or multi-pass problem
//! alike; they differ in where things are and what the keys are called. What is rewritten:
//! * `problem.yaml`: `type` from legacy `validation: custom interactive` and back; `author`
//!   and 2025-09 `credits.authors`; `source`/`source_url` and `source: {name, url}`;
//!   `keywords` and `languages` as a string of words and as a list; the time multipliers
//!   (legacy `time_multiplier`/`time_safety_margin` and `time_multipliers`, always written
//!   out, as the two versions' defaults differ: 5 and 2 against 2 and 1.5); `time_limit` with a
//!   `time_resolution` that divides it, and legacy `.timelimit`, DOMjudge's file, where a legacy
//!   package keeps a fixed limit (problemtools 1.20260907 refuses `limits.time_limit` there);
//!   the other limits as they are; a 2025-09 `uuid` (required there) made from the short name
//!   when the legacy package has none.
//! * The folders: `problem_statement/` and `statement/` (solution texts between it and
//!   2025-09's `solution/`), legacy `output_validators/` (one program) and `output_validator/`;
//!   the input validators in `input_validators/` in both (problemtools warns that legacy's
//!   `input_format_validators/` is a deprecated name for it).
//! * `data/`: the same files at the same names (so `gridjudge.lock` still holds), with each
//!   test's effective settings (input and output validator arguments, legacy `validator_flags`
//!   included) written as the target reads them: 2025-09 `test_group.yaml` per group with
//!   `<test>.yaml` where a test differs; legacy `testdata.yaml` in every folder holding tests;
//!   legacy `.hint`/`.desc` files and 2025-09 `hint`/`description` keys.
//! * 2025-09 constants are substituted where the spec substitutes them (validators, included
//!   files, submissions; the statement's `{{name}}` and `\constant{name}`), as legacy has none.
//! * A scoring problem ([`super::kattis_scoring`] states the equivalences and proves nothing
//!   else is kept): its scores, so that every submission gets the same score for every set of
//!   test verdicts (legacy: the root grader's score of an accepted submission, 0 for a rejected
//!   one). `type: scoring` both ways. Legacy to 2025-09: a folder directly in `secret/` (or
//!   `secret` itself, holding test cases) whose default grader takes the `min` with
//!   `accept_score S` becomes `score_aggregation: min`, `max_score: S`; one that sums (`sum`,
//!   `on_reject: continue`, or a single test case) with `accept_score s` over N test cases
//!   becomes `sum` with `max_score: N·s`; `secret/test_group.yaml` sums the groups with their
//!   total as `max_score`. This needs the root's `ignore_sample` with `on_reject: continue`,
//!   and `secret`'s `sum` with `on_reject: continue` and `accept_if_any_accepted` (a
//!   submission that fails a group must keep the others' points, which legacy drops from a
//!   rejected verdict). 2025-09 to legacy: the reverse, written out in every folder
//!   (`ignore_sample` and `on_reject: continue` at the root; the samples scored 0 with a
//!   `range` of `0 0`; `secret` with `first_error accept_if_any_accepted`; a `min` or
//!   `pass-fail` group as `min` with `on_reject: break`, a `sum` group as `sum
//!   accept_if_any_accepted` with `on_reject: continue` and `accept_score max_score/N`; every
//!   `range` from 0 to the folder's maximum, as problemtools checks them; `grading:
//!   show_test_data_groups: true`). The submissions: legacy `partially_accepted/` becomes
//!   2025-09 `rejected/` with the partial score range in `submissions.yaml`, and
//!   `wrong_answer/`, `time_limit_exceeded/`, `run_time_error/` get `score: 0`; a 2025-09
//!   submission goes to legacy `accepted/` when every test case must be accepted, else by its
//!   `score`: `partially_accepted/` strictly between 0 and the maximum, its folder of the same
//!   name at 0.
//!
//! What does not exist in the target is either refused (an error naming the file and key: a
//! multi-pass problem to legacy; settings only one test has, or submission arguments, to
//! legacy; several output validators to 2025-09; a scoring problem's settings whose scores
//! the target cannot keep: custom graders, custom output validators, `avg` and `max`,
//! `require_pass`, unbounded groups, shares that do not add up exactly, and the others
//! [`super::kattis_scoring`] lists; a 2025-09 scoring submission without a score, or with a
//! range no legacy folder states) or, when it changes no verdict or score, left out and listed
//! in [`Written::notes`] (visualizers, answer validators, validation data to legacy,
//! `generators/`, whose output is the `data/` written, submission folders the target lacks,
//! `submissions.yaml` and its rules on some test groups only to legacy, legacy `grading:
//! show_test_data_groups` and an unused `graders/` to 2025-09).
//!
//! Uses the problems layer's Kattis package and submissions, [`super::kattis_scoring`],
//! [`super::shared`] and `super::kattis` (the package uuid).

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context};
use yaml_serde::{Mapping, Value};

use super::kattis::problem_uuid;
use super::kattis_scoring::{
    legacy_folder_of, legacy_plan, legacy_settings, partial_score_range, plan_2025, score_value,
    settings_2025, Plan,
};
use super::shared::write_file;
use crate::problems::kattis::data::{DataTest, ValidatorArgs};
use crate::problems::kattis::package::{key_name, scalar, yaml_map, LEGACY_LIMITS, V2025_LIMITS};
use crate::problems::kattis::scoring::FlatGroup;
use crate::problems::kattis::{Package, Version};

/// 2025-09 constants: each name's variants (`value` always present).
type Constants = BTreeMap<String, BTreeMap<String, String>>;

/// What [`write()`] wrote.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Written {
    /// Judged tests (`data/sample/` and `data/secret/`).
    pub tests: usize,
    /// Sample tests among them.
    pub samples: usize,
    /// Submissions copied (files and folders in the submission folders).
    pub submissions: usize,
    /// What was left out because the target version has no place for it and it changes no
    /// verdict, one sentence each, naming the file or key.
    pub notes: Vec<String>,
}

/// The submission folders both versions define, with the same expectation.
const COMMON_SUBMISSION_FOLDERS: [&str; 4] = [
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

/// Writes `package` into the empty folder `root` as a package of version `to`, whose short
/// name is `short` (the destination folder's name). The data written is the package's
/// `data/` as it is: the caller checks it against the lock first.
///
/// A scoring problem keeps its scores: each version's grading settings are rewritten as the
/// other's (`testdata.yaml` ↔ `test_group.yaml`: `accept_score`, `range`, `grader_flags`,
/// `on_reject` ↔ `max_score`, `score_aggregation`), and the submissions' expectations with
/// them (legacy `partially_accepted/` ↔ 2025-09 `rejected/` or another folder with a
/// `score` in `submissions.yaml`); the module documentation says how.
///
/// Errors, naming the file and key: the package is already in version `to`, or is a
/// `2023-07-draft` one; a multi-pass problem to legacy; to legacy, a test whose settings (from
/// its `<test>.yaml`) differ from the others in its folder, submission `args`, input validator
/// arguments for several validators by name, `allow_file_writing: true`, or a derived time
/// limit with a `time_resolution` other than 1 s; to 2025-09, several output validators, or,
/// in a pass-fail problem, legacy grading settings (`on_reject: continue`, `grader_flags`,
/// `grading: custom`), which 2025-09's pass-fail aggregation does not have; a scoring
/// problem whose scores the target cannot keep, saying why ([`super::kattis_scoring`]: a
/// custom grader or output validator, legacy `objective: min`, `avg` or `max`, a summing
/// folder with `on_reject: break`, a `secret` without `accept_if_any_accepted` or a root
/// without `ignore_sample`, a `range` that refuses a reachable score, `require_pass`,
/// unbounded groups, a share that does not add up exactly, ...); a submission of a 2025-09
/// scoring problem without a `score` or with a range no legacy folder states, or legacy
/// `partially_accepted/` submissions when the final verdict is no function of the score; a
/// file that cannot be read or written. Cost: one read and one write per file of the package
/// (and, for a 2025-09 scoring problem, one `--version` per compiler its submissions use).
pub fn write(package: &Package, to: Version, short: &str, root: &Path) -> anyhow::Result<Written> {
    let yaml = &package.yaml;
    let dir = &package.dir;
    let problem_yaml = dir.join("problem.yaml");
    if yaml.draft_2023_07 {
        bail!(
            "{}: problem_format_version names the 2023-07 draft, which is exported by neither \
             version's rules; set it to 2025-09 (the draft's keys are 2025-09's) and export again",
            problem_yaml.display()
        );
    }
    if yaml.version == to {
        bail!(
            "{} is already a {} package: the export writes the other version (copy the folder \
             for this one)",
            dir.display(),
            to.label()
        );
    }
    let plan = if yaml.scoring {
        Some(scoring_plan(package)?)
    } else {
        None
    };
    let plan = plan.as_ref();
    if yaml.multi_pass && to == Version::Legacy {
        bail!(
            "{}: a multi-pass problem has no legacy form (the legacy version defines no \
             multi-pass validation)",
            problem_yaml.display()
        );
    }
    let raw = read_yaml_map(&problem_yaml)?;
    let constants = if to == Version::Legacy {
        yaml.constants.clone()
    } else {
        Constants::new()
    };
    let mut w = Written::default();
    let (text, time_limit) = match to {
        Version::V2025_09 => to_2025_yaml(package, &raw, short, &mut w.notes)?,
        Version::Legacy => to_legacy_yaml(package, &raw, plan, &mut w.notes)?,
    };
    write_file(&root.join("problem.yaml"), text.as_bytes())?;
    if let (Version::Legacy, Some(t)) = (to, &time_limit) {
        write_file(&root.join(".timelimit"), format!("{t}\n").as_bytes())?;
    }
    write_data(package, to, root, plan, &mut w)?;
    for entry in super::shared::sorted_entries(dir)? {
        let name = entry
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        copy_top(package, to, &entry, &name, root, &constants, plan, &mut w)?;
    }
    Ok(w)
}

/// Copies (or leaves out, or rewrites) one entry `name` at the top of the package (`plan`:
/// the scores of a scoring problem).
#[allow(clippy::too_many_arguments)]
fn copy_top(
    package: &Package,
    to: Version,
    entry: &Path,
    name: &str,
    root: &Path,
    constants: &Constants,
    plan: Option<&Plan>,
    w: &mut Written,
) -> anyhow::Result<()> {
    let legacy_to_2025 = to == Version::V2025_09;
    let sub = |n: &str| Some(constants).filter(|c| !c.is_empty() && !n.is_empty());
    match name {
        // Written above, or gridjudge's own and version control's.
        "problem.yaml" | "data" | "gridjudge" | ".git" | ".gitignore" | ".timelimit" => {}
        "problem_statement" | "statement" => {
            let target = if legacy_to_2025 {
                "statement"
            } else {
                "problem_statement"
            };
            for f in super::shared::sorted_entries(entry)? {
                let fname = file_name(&f);
                // BAPCtools keeps a legacy package's solution texts in problem_statement/;
                // 2025-09 has solution/ for them.
                let folder = if legacy_to_2025 && fname.starts_with("solution") && f.is_file() {
                    "solution"
                } else {
                    target
                };
                copy_path(&f, &root.join(folder).join(&fname), sub(name), true)?;
            }
        }
        "solution" => {
            if legacy_to_2025 {
                copy_path(entry, &root.join("solution"), None, false)?;
            } else {
                for f in super::shared::sorted_entries(entry)? {
                    let fname = file_name(&f);
                    copy_path(
                        &f,
                        &root.join("problem_statement").join(fname),
                        sub(name),
                        true,
                    )?;
                }
            }
        }
        // Both versions as problemtools reads them: it warns that legacy's
        // `input_format_validators` is a deprecated name for `input_validators`.
        "input_format_validators" | "input_validators" => {
            copy_path(entry, &root.join("input_validators"), sub(name), false)?;
        }
        "output_validators" | "output_validator" => {
            if !package.yaml.custom_output_validator && !package.yaml.interactive {
                w.notes.push(format!(
                    "{name}/: left out: the package uses the default output validator"
                ));
            } else if legacy_to_2025 {
                let programs = super::shared::sorted_entries(entry)?;
                match programs.as_slice() {
                    [one] if one.is_dir() => {
                        copy_path(one, &root.join("output_validator"), None, false)?
                    }
                    [one] => copy_path(
                        one,
                        &root.join("output_validator").join(file_name(one)),
                        None,
                        false,
                    )?,
                    _ => bail!(
                        "{}: {} programs; a 2025-09 package has one output validator \
                         (output_validator/): keep the one the tests use",
                        entry.display(),
                        programs.len()
                    ),
                }
            } else {
                copy_path(
                    entry,
                    &root.join("output_validators").join("output_validator"),
                    sub(name),
                    false,
                )?;
            }
        }
        "submissions" => match (plan, to) {
            (Some(plan), Version::V2025_09) => scored_submissions_2025(entry, root, plan, w)?,
            (Some(plan), Version::Legacy) => {
                scored_submissions_legacy(package, entry, root, constants, plan, w)?
            }
            (None, _) => copy_submissions(entry, to, root, constants, w)?,
        },
        // Every folder with `grading: custom` was refused (scoring_plan).
        "graders" if legacy_to_2025 => w.notes.push(
            "graders/: left out: no folder uses it (grading: custom), and 2025-09 has no graders"
                .into(),
        ),
        "include" => copy_path(entry, &root.join(name), sub(name), false)?,
        "generators" => w.notes.push(
            "generators/: left out: the exported data/ is what it generated (checked against \
             gridjudge.lock when the package has one)"
                .into(),
        ),
        "answer_validators" | "input_visualizer" | "output_visualizer" | "static_validator"
            if !legacy_to_2025 =>
        {
            w.notes.push(format!(
                "{name}/: left out: the legacy version has no {}",
                name.replace('_', " ")
            ))
        }
        _ => copy_path(entry, &root.join(name), None, false)?,
    }
    Ok(())
}

/// Copies `submissions/`: the folders both versions define; the rest is listed in the notes.
fn copy_submissions(
    entry: &Path,
    to: Version,
    root: &Path,
    constants: &Constants,
    w: &mut Written,
) -> anyhow::Result<()> {
    let sub = Some(constants).filter(|c| !c.is_empty());
    for f in super::shared::sorted_entries(entry)? {
        let name = file_name(&f);
        if f.is_dir() && COMMON_SUBMISSION_FOLDERS.contains(&name.as_str()) {
            let n = super::shared::sorted_entries(&f)?.len();
            copy_path(&f, &root.join("submissions").join(&name), sub, false)?;
            w.submissions += n;
        } else if name == "submissions.yaml" {
            w.notes.push(
                "submissions/submissions.yaml: left out: the legacy version takes a \
                 submission's expectation from its folder only"
                    .into(),
            );
        } else {
            w.notes.push(format!(
                "submissions/{name}: left out: the {} version has no such submission folder",
                to.label().trim_start_matches("kattis-")
            ));
        }
    }
    Ok(())
}

/// The scores of scoring `package` as both versions can state them
/// ([`super::kattis_scoring`]). Errors, naming the file and key: a custom output validator
/// (its `score.txt`, and 2025-09's `score_multiplier.txt`, are bounded and checked otherwise
/// in each version, and the export cannot tell what the program writes), legacy
/// `grading.objective: min` (2025-09 maximises), and what [`legacy_plan`] and [`plan_2025`]
/// refuse.
pub(super) fn scoring_plan(package: &Package) -> anyhow::Result<Plan> {
    let y = &package.yaml;
    if y.custom_output_validator || y.interactive {
        let what = match y.version {
            Version::Legacy => format!(
                "{}: validation: custom",
                package.dir.join("problem.yaml").display()
            ),
            Version::V2025_09 => format!("{}", package.dir.join("output_validator").display()),
        };
        bail!(
            "{what}: a scoring problem with a custom output validator is not exported: the \
             validator may write score.txt (2025-09 also score_multiplier.txt, which legacy \
             lacks), which each version bounds and checks otherwise (legacy: only its group's \
             range; 2025-09: each test case's maximum), and the export cannot tell what the \
             program writes"
        );
    }
    if y.minimise {
        bail!(
            "{}: grading.objective: min: 2025-09 scores are maximised",
            package.dir.join("problem.yaml").display()
        );
    }
    let flat: Vec<FlatGroup<'_>> = package
        .tree
        .groups
        .iter()
        .map(|g| FlatGroup {
            name: &g.name,
            yaml: g.yaml.as_ref(),
        })
        .collect();
    let tests: Vec<String> = package.tree.tests.iter().map(|t| t.name.clone()).collect();
    let data = package.dir.join("data");
    match y.version {
        Version::Legacy => legacy_plan(&flat, &tests, &data),
        Version::V2025_09 => plan_2025(&flat, &tests, &data),
    }
}

/// A legacy scoring problem's `submissions/` in 2025-09: the folders both versions have as
/// they are, `partially_accepted/` as `rejected/`; `submissions.yaml` gives the legacy
/// folders' scores: a partial one ([`partial_score_range`]) to `rejected/*`, 0 to
/// `wrong_answer/*`, `time_limit_exceeded/*` and `run_time_error/*` (a rejected legacy
/// submission scores nothing); `accepted/` needs none (every test case accepted).
fn scored_submissions_2025(
    entry: &Path,
    root: &Path,
    plan: &Plan,
    w: &mut Written,
) -> anyhow::Result<()> {
    let mut entries = Mapping::new();
    for f in super::shared::sorted_entries(entry)? {
        let name = file_name(&f);
        let target = match name.as_str() {
            n if f.is_dir() && COMMON_SUBMISSION_FOLDERS.contains(&n) => n,
            "partially_accepted" if f.is_dir() => "rejected",
            _ => {
                w.notes.push(format!(
                    "submissions/{name}: left out: the 2025-09 version has no such submission \
                     folder"
                ));
                continue;
            }
        };
        let n = super::shared::sorted_entries(&f)?.len();
        copy_path(&f, &root.join("submissions").join(target), None, false)?;
        w.submissions += n;
        let score = match target {
            _ if n == 0 => continue,
            "accepted" => continue,
            "rejected" => {
                let (lo, hi) = partial_score_range(plan, &f)?;
                Value::Sequence(vec![score_value(lo), score_value(hi)])
            }
            _ => score_value(0.0),
        };
        let mut rule = Mapping::new();
        rule.insert("score".into(), score);
        entries.insert(format!("{target}/*").into(), Value::Mapping(rule));
    }
    if !entries.is_empty() {
        let body = yaml_serde::to_string(&Value::Mapping(entries))
            .context("cannot write submissions.yaml")?;
        let text = format!(
            "# Exported by gridjudge from a legacy scoring package: rejected/ was \
             partially_accepted/\n# (final verdict AC, less than the full score); a rejected \
             legacy submission scores 0.\n{body}"
        );
        write_file(
            &root.join("submissions").join("submissions.yaml"),
            text.as_bytes(),
        )?;
    }
    Ok(())
}

/// A 2025-09 scoring problem's `submissions/` in legacy: each submission in the folder its
/// expectation gives ([`legacy_folder_of`]: `accepted`, `partially_accepted` for a partial
/// score, the folder of the same name for a score of 0); `submissions.yaml` and the rules on
/// some test groups only are left out with a note, as legacy states the final verdict only.
fn scored_submissions_legacy(
    package: &Package,
    entry: &Path,
    root: &Path,
    constants: &Constants,
    plan: &Plan,
    w: &mut Written,
) -> anyhow::Result<()> {
    let subs = crate::problems::kattis::submissions::load(&package.dir, Version::V2025_09)?;
    let yaml_file = entry.join("submissions.yaml");
    let sub = Some(constants).filter(|c| !c.is_empty());
    let mut dropped = std::collections::BTreeSet::new();
    for f in super::shared::sorted_entries(entry)? {
        let name = file_name(&f);
        if !f.is_dir() {
            w.notes.push(if name == "submissions.yaml" {
                "submissions/submissions.yaml: left out: its scores chose each submission's \
                 legacy folder (a legacy package states expectations by folder only)"
                    .to_string()
            } else {
                format!("submissions/{name}: left out: not in a submission folder")
            });
            continue;
        }
        for e in super::shared::sorted_entries(&f)? {
            let base = file_name(&e);
            let key = if e.is_dir() {
                format!("{name}/{base}/")
            } else {
                format!("{name}/{base}")
            };
            let target = match subs.iter().find(|s| s.name == key) {
                Some(s) => {
                    for r in &s.expectation.rules {
                        if let Some(t) = &r.tests {
                            dropped.insert(format!("{} (test cases {t})", r.origin));
                        } else if r.message.is_some() {
                            dropped.insert(format!("{} (message)", r.origin));
                        }
                    }
                    legacy_folder_of(s, plan.total, &yaml_file)?
                }
                // Not a submission (a README): beside the others when legacy has the folder.
                None => COMMON_SUBMISSION_FOLDERS
                    .iter()
                    .copied()
                    .find(|c| *c == name),
            };
            let Some(target) = target else {
                w.notes.push(format!(
                    "submissions/{key}: left out: the legacy version has no folder for it (a \
                     score of 0 outside wrong_answer, time_limit_exceeded and run_time_error \
                     says no final verdict)"
                ));
                continue;
            };
            copy_path(
                &e,
                &root.join("submissions").join(target).join(&base),
                sub,
                false,
            )?;
            w.submissions += 1;
        }
    }
    for d in dropped {
        w.notes.push(format!(
            "{d}: left out: a legacy submission's expectation is its final verdict (and, in \
             partially_accepted/, a score below the maximum)"
        ));
    }
    Ok(())
}

/// The settings a test is judged with, as both versions can say them.
#[derive(Clone, Debug, Default, PartialEq)]
struct Eff {
    input: ValidatorArgs,
    output: Vec<String>,
    answer: Vec<String>,
    args: Vec<String>,
    input_visualizer: Vec<String>,
}

/// `t`'s effective settings, legacy `validator_flags` before its own output validator flags.
fn effective(package: &Package, t: &DataTest) -> Eff {
    let s = &t.settings;
    let input = match &s.input_validator_args {
        ValidatorArgs::All(a) if a.is_empty() => ValidatorArgs::None,
        ValidatorArgs::ByName(m) if m.values().all(Vec::is_empty) => ValidatorArgs::None,
        other => other.clone(),
    };
    let mut output = if package.yaml.version == Version::Legacy {
        package.yaml.validator_flags.clone()
    } else {
        Vec::new()
    };
    output.extend(s.output_validator_args.iter().cloned());
    Eff {
        input,
        output,
        answer: s.answer_validator_args.clone(),
        args: s.args.clone(),
        input_visualizer: s.input_visualizer_args.clone(),
    }
}

/// A test's hint and description: legacy `.hint`/`.desc` files, 2025-09 `hint`/`description`
/// in `<test>.yaml`.
fn annotations(
    package: &Package,
    t: &DataTest,
) -> anyhow::Result<(Option<String>, Option<String>)> {
    match package.yaml.version {
        Version::Legacy => {
            let read = |ext: &str| -> anyhow::Result<Option<String>> {
                let p = t.input.with_extension(ext);
                if !p.is_file() {
                    return Ok(None);
                }
                let text = std::fs::read_to_string(&p)
                    .with_context(|| format!("cannot read {}", p.display()))?;
                Ok(Some(text.trim_end().to_string()))
            };
            Ok((read("hint")?, read("desc")?))
        }
        Version::V2025_09 => {
            let p = t.input.with_extension("yaml");
            if !p.is_file() {
                return Ok((None, None));
            }
            let map = read_yaml_map(&p)?;
            let get = |k: &str| map.get(k).map(scalar).transpose();
            Ok((
                get("hint").with_context(|| format!("{}: hint", p.display()))?,
                get("description").with_context(|| format!("{}: description", p.display()))?,
            ))
        }
    }
}

/// Writes `data/`: every file but the configuration files and the annotations, then the
/// configuration of version `to`.
fn write_data(
    package: &Package,
    to: Version,
    root: &Path,
    plan: Option<&Plan>,
    w: &mut Written,
) -> anyhow::Result<()> {
    let data = package.dir.join("data");
    let out = root.join("data");
    let tree = &package.tree;
    let validation: Vec<&DataTest> = tree
        .invalid_inputs
        .iter()
        .chain(&tree.invalid_answers)
        .chain(&tree.invalid_outputs)
        .chain(&tree.valid_outputs)
        .collect();
    // Files: every file under data/ at its name, but for the configuration and annotations
    // (rewritten below) and what the target does not know.
    let mut files = Vec::new();
    super::dest::collect_files(&data, &data, &mut files)?;
    for rel in files {
        let f = data.join(&rel);
        let rel = rel.as_path();
        let rel_s = rel.to_string_lossy().replace('\\', "/");
        let top = rel_s.split('/').next().unwrap_or("");
        let fname = file_name(&f);
        let is_config = fname == "testdata.yaml"
            || fname == "test_group.yaml"
            || (fname.ends_with(".yaml") && f.with_extension("in").is_file());
        if is_config {
            continue;
        }
        if package.yaml.version == Version::Legacy
            && (fname.ends_with(".hint") || fname.ends_with(".desc"))
            && f.with_extension("in").is_file()
        {
            continue;
        }
        if to == Version::Legacy {
            if [
                "invalid_input",
                "invalid_answer",
                "invalid_output",
                "valid_output",
            ]
            .contains(&top)
            {
                continue;
            }
            if [
                ".in.statement",
                ".ans.statement",
                ".in.download",
                ".ans.download",
            ]
            .iter()
            .any(|e| fname.ends_with(e))
            {
                w.notes.push(format!(
                    "data/{rel_s}: left out: the legacy version shows and serves the test's \
                     own .in and .ans"
                ));
                continue;
            }
        }
        copy_path(&f, &out.join(rel), None, false)?;
    }
    if to == Version::Legacy {
        for folder in [
            "invalid_input",
            "invalid_answer",
            "invalid_output",
            "valid_output",
        ] {
            if data.join(folder).is_dir() {
                w.notes.push(format!(
                    "data/{folder}/: left out: the legacy version has no validation test data"
                ));
            }
        }
    }
    w.tests = tree.tests.len();
    w.samples = tree
        .tests
        .iter()
        .filter(|t| t.name.starts_with("sample/"))
        .count();
    let cases: Vec<&DataTest> = tree.tests.iter().chain(validation).collect();
    match to {
        Version::V2025_09 => data_2025(package, &cases, &out, plan),
        Version::Legacy => data_legacy(package, &cases, &out, plan, w),
    }
}

/// The 2025-09 configuration of legacy `cases`: one `test_group.yaml` per group (the
/// folders directly in `secret/` are groups when `secret/` holds no test directly, as every
/// legacy folder is a group), `<test>.yaml` for a test whose settings differ from its
/// group's or that has a hint or description. A scoring problem's `plan` adds `secret`'s and
/// each group's `score_aggregation` and `max_score` ([`settings_2025`]); without one, a legacy
/// grader setting is refused.
fn data_2025(
    package: &Package,
    cases: &[&DataTest],
    out: &Path,
    plan: Option<&Plan>,
) -> anyhow::Result<()> {
    let scoring = plan.map(settings_2025).unwrap_or_default();
    for g in package.tree.groups.iter().filter(|_| plan.is_none()) {
        if let Some(map) = &g.yaml {
            let origin = package.dir.join("data").join(&g.name).join("testdata.yaml");
            for key in ["grader_flags", "on_reject", "grading"] {
                let Some(v) = map.get(key) else { continue };
                let harmless = match key {
                    "grader_flags" => scalar(v).map(|s| s.trim().is_empty()).unwrap_or(false),
                    "on_reject" => v.as_str() == Some("break"),
                    _ => v.as_str() == Some("default"),
                };
                if !harmless {
                    bail!(
                        "{}: {key}: the 2025-09 version has no grader (a pass-fail problem's \
                         verdict is its first rejected test's); remove the key, or export by hand",
                        origin.display()
                    );
                }
            }
        }
    }
    let direct_secret = cases.iter().any(|t| {
        t.name
            .strip_prefix("secret/")
            .is_some_and(|r| !r.contains('/'))
    });
    let unit_of = |t: &DataTest| -> String {
        let parts: Vec<&str> = t.name.split('/').collect();
        match parts.as_slice() {
            ["secret", g, _, ..] if !direct_secret => format!("secret/{g}"),
            [top, ..] => (*top).to_string(),
            [] => String::new(),
        }
    };
    let mut units: BTreeMap<String, Vec<&DataTest>> = BTreeMap::new();
    for t in cases {
        units.entry(unit_of(t)).or_default().push(t);
    }
    for (unit, tests) in &units {
        let base = effective(package, tests[0]);
        let mut map = Mapping::new();
        for (k, v) in scoring.get(unit).into_iter().flatten() {
            map.insert(k.clone(), v.clone());
        }
        put_2025(&mut map, &base, None);
        let is_group = unit.starts_with("secret/");
        if is_group || !map.is_empty() {
            write_yaml(&out.join(unit).join("test_group.yaml"), &map)?;
        }
        for t in tests {
            let eff = effective(package, t);
            let mut map = Mapping::new();
            put_2025(&mut map, &eff, Some(&base));
            let (hint, desc) = annotations(package, t)?;
            if let Some(h) = hint {
                map.insert("hint".into(), Value::String(h));
            }
            if let Some(d) = desc {
                map.insert("description".into(), Value::String(d));
            }
            if !map.is_empty() {
                write_yaml(&out.join(format!("{}.yaml", t.name)), &map)?;
            }
        }
    }
    // `secret` split into groups holds no test case of its own.
    for (folder, map) in scoring.iter().filter(|(f, _)| !units.contains_key(*f)) {
        write_yaml(&out.join(folder).join("test_group.yaml"), map)?;
    }
    Ok(())
}

/// Puts the 2025-09 keys of `eff` into `map`: every non-empty one, or (for a test under a
/// group with `base`) every one that differs from the group's, empty ones included.
fn put_2025(map: &mut Mapping, eff: &Eff, base: Option<&Eff>) {
    let differs = |a: bool| base.is_none() || a;
    let list = |v: &[String]| Value::Sequence(v.iter().cloned().map(Value::String).collect());
    let base_or = base.cloned().unwrap_or_default();
    if differs(eff.input != base_or.input) && (base.is_some() || eff.input != ValidatorArgs::None) {
        let v = match &eff.input {
            ValidatorArgs::None => list(&[]),
            ValidatorArgs::All(a) => list(a),
            ValidatorArgs::ByName(m) => {
                let mut by = Mapping::new();
                for (n, a) in m {
                    by.insert(Value::String(n.clone()), list(a));
                }
                Value::Mapping(by)
            }
        };
        map.insert("input_validator_args".into(), v);
    }
    for (key, mine, theirs) in [
        ("output_validator_args", &eff.output, &base_or.output),
        ("answer_validator_args", &eff.answer, &base_or.answer),
        (
            "input_visualizer_args",
            &eff.input_visualizer,
            &base_or.input_visualizer,
        ),
    ] {
        if differs(mine != theirs) && (base.is_some() || !mine.is_empty()) {
            map.insert(key.into(), list(mine));
        }
    }
}

/// The legacy configuration of 2025-09 `cases`: a `testdata.yaml` with the validator flags in
/// every folder holding tests (every key written out, so that no folder inherits another's),
/// `.hint` and `.desc` files; a scoring problem's `plan` adds the grading keys of `data/`,
/// the samples, `secret` and its groups ([`legacy_settings`]).
fn data_legacy(
    package: &Package,
    cases: &[&DataTest],
    out: &Path,
    plan: Option<&Plan>,
    w: &mut Written,
) -> anyhow::Result<()> {
    let mut files = plan.map(legacy_settings).unwrap_or_default();
    let data = package.dir.join("data");
    let mut units: BTreeMap<String, Vec<&DataTest>> = BTreeMap::new();
    for t in cases {
        if !t.name.starts_with("sample/") && !t.name.starts_with("secret/") {
            continue;
        }
        let folder = t.name.rsplit_once('/').map_or("", |(f, _)| f).to_string();
        units.entry(folder).or_default().push(t);
    }
    let any_flags = units.values().flatten().any(|t| {
        let e = effective(package, t);
        e.input != ValidatorArgs::None || !e.output.is_empty()
    });
    let mut dropped_answer = false;
    let mut dropped_visualizer = false;
    for (folder, tests) in &units {
        let base = effective(package, tests[0]);
        for t in tests {
            let eff = effective(package, t);
            let file = data.join(format!("{}.yaml", t.name));
            if !eff.args.is_empty() {
                bail!(
                    "{}: args: the legacy version runs submissions without arguments",
                    shown_origin(&file, &data.join(folder).join("test_group.yaml"))
                );
            }
            if eff.input != base.input || eff.output != base.output {
                bail!(
                    "{}: {}: the test's validator arguments differ from the others' in data/{folder}/, \
                     and a legacy package sets them per folder only; move the test into a \
                     folder of its own",
                    file.display(),
                    if eff.input != base.input {
                        "input_validator_args"
                    } else {
                        "output_validator_args"
                    }
                );
            }
            dropped_answer |= !eff.answer.is_empty();
            dropped_visualizer |= !eff.input_visualizer.is_empty();
            let (hint, desc) = annotations(package, t)?;
            for (ext, text) in [("hint", hint), ("desc", desc)] {
                if let Some(text) = text {
                    write_file(
                        &out.join(format!("{}.{ext}", t.name)),
                        format!("{text}\n").as_bytes(),
                    )?;
                }
            }
        }
        if !any_flags {
            continue;
        }
        let mut map = Mapping::new();
        let flags = match &base.input {
            ValidatorArgs::None => Value::String(String::new()),
            ValidatorArgs::All(a) => Value::String(a.join(" ")),
            ValidatorArgs::ByName(m) => {
                let set: Vec<(&String, &Vec<String>)> =
                    m.iter().filter(|(_, a)| !a.is_empty()).collect();
                match set.as_slice() {
                    [(name, args)] => {
                        let mut one = Mapping::new();
                        one.insert("name".into(), Value::String((*name).clone()));
                        one.insert("flags".into(), Value::String(args.join(" ")));
                        Value::Mapping(one)
                    }
                    _ => bail!(
                        "data/{folder}: input_validator_args: arguments for {} validators by \
                         name; a legacy testdata.yaml names one",
                        set.len()
                    ),
                }
            }
        };
        map.insert("input_validator_flags".into(), flags);
        map.insert(
            "output_validator_flags".into(),
            Value::String(base.output.join(" ")),
        );
        let file = files.entry(folder.clone()).or_default();
        for (k, v) in map {
            file.insert(k, v);
        }
    }
    for (folder, map) in &files {
        write_yaml(&out.join(folder).join("testdata.yaml"), map)?;
    }
    if dropped_answer {
        w.notes
            .push("answer_validator_args: left out with the answer validators".into());
    }
    if dropped_visualizer {
        w.notes
            .push("input_visualizer_args: left out with the input visualizer".into());
    }
    Ok(())
}

/// The file a test's setting came from: its `<test>.yaml` when it has one, else its group's.
fn shown_origin(test_file: &Path, group_file: &Path) -> String {
    if test_file.is_file() {
        test_file.display().to_string()
    } else {
        group_file.display().to_string()
    }
}

/// The 2025-09 `problem.yaml` of legacy `package` (`raw`: its `problem.yaml`) and the time
/// limit it fixes; what 2025-09 cannot say and changes no score goes to `notes`.
fn to_2025_yaml(
    package: &Package,
    raw: &Mapping,
    short: &str,
    notes: &mut Vec<String>,
) -> anyhow::Result<(String, Option<String>)> {
    let y = &package.yaml;
    let mut m = Mapping::new();
    m.insert("problem_format_version".into(), "2025-09".into());
    if let Some(Value::Mapping(g)) = raw.get("grading") {
        if g.contains_key("show_test_data_groups") {
            notes.push(
                "problem.yaml: grading.show_test_data_groups: left out: 2025-09 has no such key \
                 (what a contestant is shown is the judge's choice)"
                    .into(),
            );
        }
    }
    let types: Vec<&str> = [
        (y.scoring, "scoring"),
        (y.interactive, "interactive"),
        (y.multi_pass, "multi-pass"),
    ]
    .into_iter()
    .filter_map(|(on, t)| on.then_some(t))
    .collect();
    match types.as_slice() {
        [] => {
            m.insert("type".into(), "pass-fail".into());
        }
        [one] => {
            m.insert("type".into(), (*one).into());
        }
        more => {
            m.insert(
                "type".into(),
                Value::Sequence(more.iter().map(|t| Value::from(*t)).collect()),
            );
        }
    }
    m.insert(
        "name".into(),
        raw.get("name")
            .cloned()
            .unwrap_or_else(|| y.title.clone().into()),
    );
    m.insert(
        "uuid".into(),
        raw.get("uuid")
            .cloned()
            .unwrap_or_else(|| problem_uuid(short).into()),
    );
    if let Some(a) = raw.get("author") {
        let a = scalar(a).context("problem.yaml: author")?;
        let people = split_authors(&a);
        let v = match people.as_slice() {
            [one] => Value::String(one.clone()),
            _ => Value::Sequence(people.into_iter().map(Value::String).collect()),
        };
        m.insert("credits".into(), v);
    }
    if let Some(s) = raw.get("source") {
        let v = match raw.get("source_url") {
            Some(u) => {
                let mut src = Mapping::new();
                src.insert("name".into(), s.clone());
                src.insert("url".into(), u.clone());
                Value::Mapping(src)
            }
            None => s.clone(),
        };
        m.insert("source".into(), v);
    }
    for key in ["license", "rights_owner"] {
        if let Some(v) = raw.get(key) {
            m.insert(key.into(), v.clone());
        }
    }
    let raw_limits = raw.get("limits").and_then(Value::as_mapping);
    let mut limits = Mapping::new();
    let mut mult = Mapping::new();
    mult.insert("ac_to_time_limit".into(), y.limits.ac_to_time_limit.into());
    mult.insert(
        "time_limit_to_tle".into(),
        y.limits.time_limit_to_tle.into(),
    );
    limits.insert("time_multipliers".into(), Value::Mapping(mult));
    let time_limit = match raw_limits.and_then(|l| l.get("time_limit")) {
        Some(v) => Some(scalar(v).context("problem.yaml: limits.time_limit")?),
        None => read_timelimit_file(&package.dir)?,
    };
    if let Some(t) = &time_limit {
        let secs: f64 = t
            .parse()
            .with_context(|| format!("problem.yaml: limits.time_limit `{t}` is not a number"))?;
        limits.insert("time_limit".into(), secs.into());
        if let Some(r) = resolution_of(secs) {
            limits.insert("time_resolution".into(), r.into());
        }
    }
    copy_limits(raw_limits, &mut limits);
    m.insert("limits".into(), Value::Mapping(limits));
    for key in ["keywords", "languages"] {
        if let Some(v) = raw.get(key) {
            let words = scalar(v).with_context(|| format!("problem.yaml: {key}"))?;
            let v = if key == "languages" && words.trim() == "all" {
                Value::from("all")
            } else {
                Value::Sequence(words.split_whitespace().map(Value::from).collect())
            };
            m.insert(key.into(), v);
        }
    }
    Ok((to_text(&m)?, time_limit))
}

/// The legacy `problem.yaml` of 2025-09 `package` (`raw`: its `problem.yaml`; `plan`: a
/// scoring problem's scores) and the time limit it fixes; what legacy cannot say and changes
/// no verdict goes to `notes`.
fn to_legacy_yaml(
    package: &Package,
    raw: &Mapping,
    plan: Option<&Plan>,
    notes: &mut Vec<String>,
) -> anyhow::Result<(String, Option<String>)> {
    let y = &package.yaml;
    let file = package.dir.join("problem.yaml");
    let mut m = Mapping::new();
    m.insert("problem_format_version".into(), "legacy".into());
    if let Some(plan) = plan {
        m.insert("type".into(), "scoring".into());
        // problemtools warns when a package with groups does not say whether their results
        // are shown; 2025-09 scores each group, so they are.
        if plan.grouped {
            let mut g = Mapping::new();
            g.insert("show_test_data_groups".into(), true.into());
            m.insert("grading".into(), Value::Mapping(g));
        }
    }
    m.insert("name".into(), y.title.clone().into());
    if let Some(u) = raw.get("uuid") {
        m.insert("uuid".into(), u.clone());
    }
    if let Some(c) = raw.get("credits") {
        let (authors, others) = credited_authors(c);
        if !authors.is_empty() {
            m.insert("author".into(), authors.join(", ").into());
        }
        for role in others {
            notes.push(format!(
                "problem.yaml: credits.{role}: left out: the legacy version credits authors only"
            ));
        }
    }
    if let Some(s) = raw.get("source") {
        let entries: Vec<&Value> = match s {
            Value::Sequence(items) => items.iter().collect(),
            one => vec![one],
        };
        if let Some(first) = entries.first() {
            match first {
                Value::Mapping(e) => {
                    if let Some(n) = e.get("name") {
                        m.insert("source".into(), n.clone());
                    }
                    if let Some(u) = e.get("url") {
                        m.insert("source_url".into(), u.clone());
                    }
                }
                v => {
                    m.insert("source".into(), (*v).clone());
                }
            }
        }
        if entries.len() > 1 {
            notes.push(format!(
                "problem.yaml: source: {} entries after the first left out: the legacy \
                 version has one source",
                entries.len() - 1
            ));
        }
    }
    for key in ["license", "rights_owner"] {
        if let Some(v) = raw.get(key) {
            m.insert(key.into(), v.clone());
        }
    }
    for key in ["embargo_until", "version"] {
        if raw.contains_key(key) {
            notes.push(format!(
                "problem.yaml: {key}: left out: the legacy version has no such key"
            ));
        }
    }
    if raw.get("allow_file_writing").and_then(Value::as_bool) == Some(true) {
        bail!(
            "{}: allow_file_writing: true: the legacy version lets no submission write files",
            file.display()
        );
    }
    let raw_limits = raw.get("limits").and_then(Value::as_mapping);
    let mut limits = Mapping::new();
    limits.insert("time_multiplier".into(), y.limits.ac_to_time_limit.into());
    limits.insert(
        "time_safety_margin".into(),
        y.limits.time_limit_to_tle.into(),
    );
    let time_limit = match raw_limits.and_then(|l| l.get("time_limit")) {
        Some(v) => {
            let t = scalar(v).with_context(|| format!("{}: limits.time_limit", file.display()))?;
            t.parse::<f64>().with_context(|| {
                format!(
                    "{}: limits.time_limit `{t}` is not a number",
                    file.display()
                )
            })?;
            notes.push(format!(
                "problem.yaml: limits.time_limit: written to .timelimit ({t} s), which DOMjudge \
                 reads: a legacy problem.yaml has no time limit key (problemtools refuses one \
                 and derives the limit from the accepted submissions)"
            ));
            Some(t)
        }
        None => {
            if (y.limits.time_resolution - 1.0).abs() > 1e-12 {
                bail!(
                    "{}: limits.time_resolution {}: the legacy version derives a time limit \
                     in whole seconds; set limits.time_limit (or drop the resolution) and \
                     export again",
                    file.display(),
                    y.limits.time_resolution
                );
            }
            None
        }
    };
    copy_limits(raw_limits, &mut limits);
    m.insert("limits".into(), Value::Mapping(limits));
    if y.custom_output_validator || y.interactive {
        let v = if y.interactive {
            "custom interactive"
        } else {
            "custom"
        };
        m.insert("validation".into(), v.into());
    }
    for key in ["keywords", "languages"] {
        if let Some(v) = raw.get(key) {
            let words: Vec<String> = match v {
                Value::Sequence(items) => items
                    .iter()
                    .map(scalar)
                    .collect::<anyhow::Result<_>>()
                    .with_context(|| format!("{}: {key}", file.display()))?,
                v => vec![scalar(v).with_context(|| format!("{}: {key}", file.display()))?],
            };
            m.insert(key.into(), words.join(" ").into());
        }
    }
    Ok((to_text(&m)?, time_limit))
}

/// The limits both versions name alike but the time limit (written by the callers), copied
/// from `raw` into `limits`.
fn copy_limits(raw: Option<&Mapping>, limits: &mut Mapping) {
    let Some(raw) = raw else { return };
    for key in LEGACY_LIMITS
        .iter()
        .filter(|k| **k != "time_limit" && V2025_LIMITS.contains(k))
    {
        if let Some(v) = raw.get(*key) {
            limits.insert((*key).into(), v.clone());
        }
    }
}

/// DOMjudge's `.timelimit` of a legacy package (seconds), when it has one.
pub(super) fn read_timelimit_file(dir: &Path) -> anyhow::Result<Option<String>> {
    let p = dir.join(".timelimit");
    if !p.is_file() {
        return Ok(None);
    }
    let t = std::fs::read_to_string(&p).with_context(|| format!("cannot read {}", p.display()))?;
    Ok(Some(t.trim().to_string()))
}

/// The `time_resolution` a 2025-09 package needs for `secs` to be a multiple of it: `None`
/// for whole seconds (the default, 1), else the largest of 0.1, 0.01 and 0.001 that divides
/// it (a limit finer than milliseconds gets 0.001).
fn resolution_of(secs: f64) -> Option<f64> {
    let ms = (secs * 1000.0).round() as u64;
    [(1000, None), (100, Some(0.1)), (10, Some(0.01))]
        .into_iter()
        .find(|(step, _)| ms % step == 0)
        .map_or(Some(0.001), |(_, r)| r)
}

/// The people of a legacy `author` string, separated by `,` or `and` (the legacy spec).
fn split_authors(a: &str) -> Vec<String> {
    a.split(',')
        .flat_map(|p| p.split(" and "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect()
}

/// The authors' names of 2025-09 `credits` (a person string, a map with `name`, or a list of
/// them; a string `credits` is the authors), and the other credit roles present.
fn credited_authors(credits: &Value) -> (Vec<String>, Vec<String>) {
    let person = |v: &Value| match v {
        Value::Mapping(m) => m.get("name").and_then(|n| scalar(n).ok()),
        v => scalar(v).ok(),
    };
    let people = |v: &Value| -> Vec<String> {
        match v {
            Value::Sequence(items) => items.iter().filter_map(person).collect(),
            v => person(v).into_iter().collect(),
        }
    };
    match credits {
        Value::Mapping(m) => {
            let authors = m.get("authors").map(people).unwrap_or_default();
            let others = m.keys().map(key_name).filter(|k| k != "authors").collect();
            (authors, others)
        }
        v => (people(v), Vec::new()),
    }
}

/// `map` as YAML text, with a first line saying where it came from.
fn to_text(map: &Mapping) -> anyhow::Result<String> {
    let body =
        yaml_serde::to_string(&Value::Mapping(map.clone())).context("cannot write problem.yaml")?;
    Ok(format!(
        "# Exported by gridjudge from the package in the other version of the format.\n{body}"
    ))
}

/// Writes `map` as YAML (an empty map as `{}`) to `path`.
fn write_yaml(path: &Path, map: &Mapping) -> anyhow::Result<()> {
    let text = if map.is_empty() {
        "{}\n".to_string()
    } else {
        yaml_serde::to_string(&Value::Mapping(map.clone()))
            .with_context(|| format!("cannot write {}", path.display()))?
    };
    write_file(path, text.as_bytes())
}

/// The YAML map in `path` (an empty file is an empty map).
fn read_yaml_map(path: &Path) -> anyhow::Result<Mapping> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    yaml_map(&text, &path.display().to_string())
}

/// The last component of `p` as text.
fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Copies the file or folder `from` to `to`, keeping the executable bits; with `constants`,
/// their sequences (`{{name}}`, `{{name.variant}}`; in a `.tex` file, when `tex`, also
/// `\constant{name}`) are replaced in every file that is UTF-8 text.
fn copy_path(
    from: &Path,
    to: &Path,
    constants: Option<&Constants>,
    tex: bool,
) -> anyhow::Result<()> {
    if from.is_dir() {
        for e in super::shared::sorted_entries(from)? {
            copy_path(&e, &to.join(file_name(&e)), constants, tex)?;
        }
        return Ok(());
    }
    let bytes = std::fs::read(from).with_context(|| format!("cannot read {}", from.display()))?;
    let bytes = match (constants, std::str::from_utf8(&bytes)) {
        (Some(c), Ok(text)) => {
            let mut t = crate::problems::kattis::package::substitute(text, c);
            if tex && from.extension().is_some_and(|e| e == "tex") {
                t = substitute_tex(&t, c);
            }
            t.into_bytes()
        }
        _ => bytes,
    };
    write_file(to, &bytes)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(from)
            .with_context(|| format!("cannot read {}", from.display()))?
            .permissions()
            .mode();
        if mode & 0o111 != 0 {
            std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o755))
                .with_context(|| format!("cannot make {} executable", to.display()))?;
        }
    }
    Ok(())
}

/// `text` with LaTeX's `\constant{name}` and `\constant{name.variant}` (the 2025-09
/// statement command) replaced by the constant's value; unknown names are kept.
pub(super) fn substitute_tex(text: &str, constants: &Constants) -> String {
    const CMD: &str = "\\constant{";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(CMD) {
        out.push_str(&rest[..start]);
        let after = &rest[start + CMD.len()..];
        let value = after.find('}').and_then(|end| {
            let inner = &after[..end];
            let (name, variant) = inner.split_once('.').unwrap_or((inner, "value"));
            Some((constants.get(name)?.get(variant)?.clone(), end + 1))
        });
        match value {
            Some((v, used)) => {
                out.push_str(&v);
                rest = &after[used..];
            }
            None => {
                out.push_str(CMD);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authors_and_resolutions() {
        assert_eq!(
            split_authors("Ann Lee, Bo Chen and Cy Dee"),
            ["Ann Lee", "Bo Chen", "Cy Dee"]
        );
        assert_eq!(resolution_of(2.0), None);
        assert_eq!(resolution_of(1.5), Some(0.1));
        assert_eq!(resolution_of(0.25), Some(0.01));
        assert_eq!(resolution_of(0.125), Some(0.001));
        let credits: Value =
            yaml_serde::from_str("authors: [Ann Lee <a@b.c>, {name: Bo Chen}]\ntesters: Cy Dee\n")
                .unwrap();
        let (a, others) = credited_authors(&credits);
        assert_eq!(a, ["Ann Lee <a@b.c>", "Bo Chen"]);
        assert_eq!(others, ["testers"]);
        let c = Constants::from([(
            "n".to_string(),
            BTreeMap::from([
                ("value".to_string(), "100000".to_string()),
                ("tex".to_string(), "10^5".to_string()),
            ]),
        )]);
        assert_eq!(
            substitute_tex(
                "$n \\le \\constant{n.tex}$, \\constant{m}, \\constant{n}",
                &c
            ),
            "$n \\le 10^5$, \\constant{m}, 100000"
        );
    }
}
