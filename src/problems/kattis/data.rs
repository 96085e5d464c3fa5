//! The data tree of a Kattis package (`data/`): its test cases in the order judges use them,
//! its test data groups, and the settings each test gets from the configuration files around
//! it (legacy `testdata.yaml`, 2025-09 `test_group.yaml` and `<test>.yaml`).
//!
//! Rules followed (the "Test data" sections of `spec/legacy.md` and `spec/2025-09.md`):
//! * a test case is a `.in` file with its `.ans` beside it, named by its path under `data/`
//!   without the extension (`secret/group1/03`); cases and groups are used in lexicographic
//!   order of that name, `sample` before `secret`;
//! * legacy: every folder is a test data group; `testdata.yaml` settings are inherited by every
//!   folder below unless redefined;
//! * 2025-09: `test_group.yaml` in `sample/`, `secret/` and each group of `secret/`; a group's
//!   settings are inherited from `secret/`'s, a test's from its group, and `<test>.yaml` beside
//!   a test overrides them for that test;
//! * `invalid_input/`, `invalid_answer/`, `invalid_output/` and `valid_output/` hold validation
//!   cases, not judged.
//!
//! `args` (2025-09, in a group's or a test's file) are the submissions' command-line
//! arguments on those tests. What a judge cannot yet do here is refused with the file named:
//! `.files` folders.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use yaml_serde::{Mapping, Value};

use super::package::{key_name, scalar};
use super::Version;

/// Arguments of the input validators for a test: the same words for each, or per validator
/// name (validators not named get none).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ValidatorArgs {
    /// The same arguments for every input validator.
    #[default]
    None,
    /// The same arguments for every input validator.
    All(Vec<String>),
    /// Arguments by validator name.
    ByName(BTreeMap<String, Vec<String>>),
}

impl ValidatorArgs {
    /// The arguments of the validator called `name`.
    pub fn for_validator(&self, name: &str) -> Vec<String> {
        match self {
            ValidatorArgs::None => Vec::new(),
            ValidatorArgs::All(a) => a.clone(),
            ValidatorArgs::ByName(m) => m.get(name).cloned().unwrap_or_default(),
        }
    }
}

/// The settings one test case runs with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestSettings {
    /// Arguments of the input validators.
    pub input_validator_args: ValidatorArgs,
    /// Arguments of the output validator (after legacy `validator_flags`).
    pub output_validator_args: Vec<String>,
    /// Arguments of the answer validators (BAPCtools' `answer_validator_args`).
    pub answer_validator_args: Vec<String>,
    /// Arguments of the input visualizer (2025-09 `input_visualizer_args`), which the build
    /// report runs after the test's input and answer files.
    pub input_visualizer_args: Vec<String>,
    /// Arguments of the output visualizer (2025-09 `output_visualizer_args`), which take the
    /// place of the output validator's in its invocation.
    pub output_visualizer_args: Vec<String>,
    /// Legacy: the output validator named by `output_validator_flags`' `name` (a package may
    /// hold several under `output_validators/`).
    pub output_validator: Option<String>,
    /// 2025-09 `args`: the submission's command-line arguments on this test (as BAPCtools
    /// passes them, after the program's own).
    pub args: Vec<String>,
}

/// One test case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataTest {
    /// Its name: the path under `data/` without extension, `/`-separated (`secret/g1/03`).
    pub name: String,
    /// The `.in` file.
    pub input: PathBuf,
    /// The `.ans` file (for invalid inputs: `None`).
    pub answer: Option<PathBuf>,
    /// The `.out` file of `invalid_output` / `valid_output` cases.
    pub output: Option<PathBuf>,
    /// The group it belongs to: the name of its nearest configured folder (`secret/g1`,
    /// `sample`, `secret`).
    pub group: String,
    /// Its settings.
    pub settings: TestSettings,
}

/// A folder of the data tree with its own configuration file (a test data group).
#[derive(Clone, Debug, PartialEq)]
pub struct DataGroup {
    /// Its name: the path under `data/` (`secret/g1`; empty for `data/` itself).
    pub name: String,
    /// Its configuration file as written, for the scoring rules; `None` when it has none (in
    /// 2025-09, which folders are groups depends on it).
    pub yaml: Option<Mapping>,
}

/// The data tree of a package.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DataTree {
    /// The judged test cases (`sample` then `secret`), in judging order.
    pub tests: Vec<DataTest>,
    /// Every folder under `sample/` and `secret/` (and the two themselves), in order.
    pub groups: Vec<DataGroup>,
    /// `invalid_input` cases: each must be rejected by an input validator.
    pub invalid_inputs: Vec<DataTest>,
    /// `invalid_answer` cases: each `.ans` must be rejected by an answer validator.
    pub invalid_answers: Vec<DataTest>,
    /// `invalid_output` cases: each `.out` must be rejected by the output validator.
    pub invalid_outputs: Vec<DataTest>,
    /// `valid_output` cases: each `.out` must be accepted by the output validator.
    pub valid_outputs: Vec<DataTest>,
}

impl DataTree {
    /// Every case: the judged tests, then the validation cases.
    pub fn all_cases(&self) -> impl Iterator<Item = &DataTest> {
        self.tests
            .iter()
            .chain(&self.invalid_inputs)
            .chain(&self.invalid_answers)
            .chain(&self.invalid_outputs)
            .chain(&self.valid_outputs)
    }
}

/// The configuration keys of a legacy `testdata.yaml`.
const LEGACY_KEYS: &[&str] = &[
    "on_reject",
    "grading",
    "grader_flags",
    "input_validator_flags",
    "output_validator_flags",
    "accept_score",
    "reject_score",
    "range",
];
/// The configuration keys of a 2025-09 `test_group.yaml`.
const GROUP_KEYS: &[&str] = &[
    "max_score",
    "score_aggregation",
    "static_validation_score",
    "require_pass",
    "args",
    "input_validator_args",
    "static_validator_args",
    "output_validator_args",
    "answer_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
    "full_feedback",
];
/// The keys of a 2025-09 `<test>.yaml`.
const TEST_KEYS: &[&str] = &[
    "args",
    "input_validator_args",
    "output_validator_args",
    "answer_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
    "full_feedback",
    "hint",
    "description",
];

/// The folders of `data/` that hold validation cases rather than judged ones.
const VALIDATION_FOLDERS: &[&str] = &[
    "invalid_input",
    "invalid_answer",
    "invalid_output",
    "valid_output",
];

/// The configuration file of a folder in `version`.
pub fn config_file(version: Version) -> &'static str {
    match version {
        Version::Legacy => "testdata.yaml",
        Version::V2025_09 => "test_group.yaml",
    }
}

/// Reads the data tree of the package in `dir`. `constants` are substituted in
/// `test_group.yaml` texts (2025-09).
///
/// Cost: one directory listing per folder and one read per configuration file.
///
/// Errors: no `data/` or no `data/secret/`; an `.in` without `.ans`; a configuration file that
/// is not YAML or has an unknown key or a value of the wrong type; a `.files` folder (not
/// supported); each naming the file.
pub fn load(
    dir: &Path,
    version: Version,
    constants: &BTreeMap<String, BTreeMap<String, String>>,
) -> anyhow::Result<DataTree> {
    let data = dir.join("data");
    if !data.is_dir() {
        bail!(
            "{}: no data/ folder (a package's tests are data/sample/ and data/secret/)",
            dir.display()
        );
    }
    let mut tree = DataTree::default();
    let mut top: Vec<String> = list(&data)?
        .into_iter()
        .filter(|(_, is_dir)| *is_dir)
        .map(|(n, _)| n)
        .collect();
    top.sort();
    let root = read_config(&data, version, constants, true)?;
    let base =
        Settings::default().with(root.as_ref(), &data.join(config_file(version)), version)?;
    tree.groups.push(DataGroup {
        name: String::new(),
        yaml: root,
    });
    for name in ["sample", "secret"] {
        let sub = data.join(name);
        // The 2025-09 spec requires data/secret/; BAPCtools' own test packages go without
        // one, and nothing is judged differently for it: an absent folder holds no test.
        if !sub.is_dir() {
            continue;
        }
        walk(
            &data, &sub, name, version, constants, &base, name, true, &mut tree, false,
        )?;
    }
    for name in VALIDATION_FOLDERS {
        let sub = data.join(name);
        if !sub.is_dir() {
            continue;
        }
        let mut t = DataTree::default();
        walk(
            &data, &sub, name, version, constants, &base, name, true, &mut t, true,
        )?;
        let cases = t.tests;
        match *name {
            "invalid_input" => tree.invalid_inputs = cases,
            "invalid_answer" => tree.invalid_answers = cases,
            "invalid_output" => tree.invalid_outputs = cases,
            _ => tree.valid_outputs = cases,
        }
    }
    for t in &top {
        if !["sample", "secret"].contains(&t.as_str()) && !VALIDATION_FOLDERS.contains(&t.as_str())
        {
            bail!(
                "{}: unknown folder `{t}` (known: sample, secret, {})",
                data.display(),
                VALIDATION_FOLDERS.join(", ")
            );
        }
    }
    Ok(tree)
}

/// Settings inherited down the tree.
#[derive(Clone, Debug, Default)]
struct Settings {
    test: TestSettings,
}

impl Settings {
    /// These settings with those of the configuration `map` (read from `file`) over them.
    fn with(&self, map: Option<&Mapping>, file: &Path, version: Version) -> anyhow::Result<Self> {
        let mut out = self.clone();
        let Some(map) = map else {
            return Ok(out);
        };
        let origin = file.display();
        for (k, v) in map {
            let k = key_name(k);
            let at = || format!("{origin}: {k}");
            match (version, k.as_str()) {
                (Version::Legacy, "input_validator_flags") => {
                    out.test.input_validator_args = match v {
                        Value::Mapping(m) => {
                            let name = m
                                .get("name")
                                .map(scalar)
                                .transpose()
                                .with_context(at)?
                                .ok_or_else(|| anyhow::anyhow!("{}: a map needs `name`", at()))?;
                            let flags = m
                                .get("flags")
                                .map(scalar)
                                .transpose()
                                .with_context(at)?
                                .unwrap_or_default();
                            ValidatorArgs::ByName(BTreeMap::from([(name, words(&flags))]))
                        }
                        v => ValidatorArgs::All(words(&scalar(v).with_context(at)?)),
                    }
                }
                (Version::Legacy, "output_validator_flags") => match v {
                    Value::Mapping(m) => {
                        out.test.output_validator =
                            m.get("name").map(scalar).transpose().with_context(at)?;
                        out.test.output_validator_args = m
                            .get("flags")
                            .map(scalar)
                            .transpose()
                            .with_context(at)?
                            .map(|f| words(&f))
                            .unwrap_or_default();
                    }
                    v => out.test.output_validator_args = words(&scalar(v).with_context(at)?),
                },
                (Version::V2025_09, "input_validator_args") => {
                    out.test.input_validator_args = match v {
                        Value::Mapping(m) => {
                            let mut by = BTreeMap::new();
                            for (n, a) in m {
                                by.insert(key_name(n), string_list(a).with_context(at)?);
                            }
                            ValidatorArgs::ByName(by)
                        }
                        v => ValidatorArgs::All(string_list(v).with_context(at)?),
                    }
                }
                (Version::V2025_09, "output_validator_args") => {
                    out.test.output_validator_args = string_list(v).with_context(at)?
                }
                (Version::V2025_09, "answer_validator_args") => {
                    out.test.answer_validator_args = string_list(v).with_context(at)?
                }
                (Version::V2025_09, "args") => out.test.args = string_list(v).with_context(at)?,
                (Version::V2025_09, "input_visualizer_args") => {
                    out.test.input_visualizer_args = string_list(v).with_context(at)?
                }
                (Version::V2025_09, "output_visualizer_args") => {
                    out.test.output_visualizer_args = string_list(v).with_context(at)?
                }
                _ => {}
            }
        }
        Ok(out)
    }
}

/// Words of a legacy flags string.
fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// A sequence of strings (a single string is taken as its words, as BAPCtools does).
fn string_list(v: &Value) -> anyhow::Result<Vec<String>> {
    match v {
        Value::Sequence(s) => s.iter().map(scalar).collect(),
        Value::Null => Ok(Vec::new()),
        v => Ok(words(&scalar(v)?)),
    }
}

/// The entries of `dir`: names and whether each is a folder, sorted by name.
fn list(dir: &Path) -> anyhow::Result<Vec<(String, bool)>> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let e = e.with_context(|| format!("cannot read {}", dir.display()))?;
        let name = e.file_name().to_string_lossy().into_owned();
        out.push((name, e.path().is_dir()));
    }
    out.sort();
    Ok(out)
}

/// The configuration map of folder `dir`, if it has one; checked for unknown keys.
fn read_config(
    dir: &Path,
    version: Version,
    constants: &BTreeMap<String, BTreeMap<String, String>>,
    group: bool,
) -> anyhow::Result<Option<Mapping>> {
    let file = dir.join(config_file(version));
    if !file.is_file() {
        return Ok(None);
    }
    read_map(
        &file,
        version,
        constants,
        if group { None } else { Some(TEST_KEYS) },
    )
    .map(Some)
}

/// Reads a configuration map from `file`, checking its keys against `keys` (the version's
/// group keys when `None`).
fn read_map(
    file: &Path,
    version: Version,
    constants: &BTreeMap<String, BTreeMap<String, String>>,
    keys: Option<&[&str]>,
) -> anyhow::Result<Mapping> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let text = if version == Version::V2025_09 {
        super::package::substitute(&text, constants)
    } else {
        text
    };
    let map = super::package::yaml_map(&text, &file.display().to_string())?;
    let allowed = keys.unwrap_or(match version {
        Version::Legacy => LEGACY_KEYS,
        Version::V2025_09 => GROUP_KEYS,
    });
    for k in map.keys() {
        let k = key_name(k);
        if !allowed.contains(&k.as_str()) {
            bail!(
                "{}: unknown key `{k}` (its keys: {})",
                file.display(),
                allowed.join(", ")
            );
        }
    }
    Ok(map)
}

/// Walks folder `dir` (named `name` under `data/`), adding its tests and groups to `tree`.
#[allow(clippy::too_many_arguments)]
fn walk(
    data: &Path,
    dir: &Path,
    name: &str,
    version: Version,
    constants: &BTreeMap<String, BTreeMap<String, String>>,
    inherited: &Settings,
    group: &str,
    top: bool,
    tree: &mut DataTree,
    validation: bool,
) -> anyhow::Result<()> {
    // Legacy: every folder may configure itself; 2025-09: sample/, secret/ and the groups
    // directly in secret/ (a folder holding test_group.yaml).
    let config = read_config(dir, version, constants, true)?;
    let file = dir.join(config_file(version));
    let is_group = top || version == Version::Legacy || config.is_some();
    if version == Version::V2025_09 && config.is_some() && !top && group != "secret" && !validation
    {
        bail!(
            "{}: a test data group cannot hold another group (test_group.yaml only in sample/, \
             secret/ and the folders directly in secret/)",
            file.display()
        );
    }
    let settings = inherited.with(config.as_ref(), &file, version)?;
    let group = if is_group {
        name.to_string()
    } else {
        group.to_string()
    };
    if is_group && !validation {
        tree.groups.push(DataGroup {
            name: name.to_string(),
            yaml: config,
        });
    }
    let entries = list(dir)?;
    let names: std::collections::BTreeSet<&str> = entries.iter().map(|(n, _)| n.as_str()).collect();
    // Test cases and subfolders, in lexicographic order of their names.
    let mut items: Vec<(String, bool)> = Vec::new();
    for (n, is_dir) in &entries {
        if *is_dir {
            if let Some(stem) = n.strip_suffix(".files") {
                if names.contains(format!("{stem}.in").as_str()) {
                    bail!(
                        "{}: `.files` folders (input files of a test) are not supported by \
                         gridjudge yet",
                        dir.join(n).display()
                    );
                }
            }
            items.push((n.clone(), true));
        } else if let Some(stem) = n.strip_suffix(".in") {
            items.push((stem.to_string(), false));
        }
    }
    items.sort();
    for (item, is_dir) in items {
        let child = format!("{name}/{item}");
        if is_dir {
            walk(
                data,
                &dir.join(&item),
                &child,
                version,
                constants,
                &settings,
                &group,
                false,
                tree,
                validation,
            )?;
            continue;
        }
        // data/secret holding both test cases and groups is outside the 2025-09 spec but
        // BAPCtools takes it; a pass-fail verdict does not depend on it, and the scoring
        // rules refuse it where it matters (crate::problems::kattis::scoring).
        let input = dir.join(format!("{item}.in"));
        let answer = dir.join(format!("{item}.ans"));
        let output = dir.join(format!("{item}.out"));
        let mut test_settings = settings.clone();
        if version == Version::V2025_09 {
            let own = dir.join(format!("{item}.yaml"));
            if own.is_file() {
                let map = read_map(&own, version, constants, Some(TEST_KEYS))?;
                test_settings = test_settings.with(Some(&map), &own, version)?;
            }
        }
        let needs_answer = !(validation && name.starts_with("invalid_input"));
        if needs_answer && !answer.is_file() {
            bail!(
                "{}: no answer file {} (every test case needs its .ans)",
                input.display(),
                answer.display()
            );
        }
        let _ = data;
        tree.tests.push(DataTest {
            name: child,
            input,
            answer: answer.is_file().then_some(answer),
            output: output.is_file().then_some(output),
            group: group.clone(),
            settings: test_settings.test,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, files: &[(&str, &str)]) {
        for (p, c) in files {
            let p = root.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, c).unwrap();
        }
    }

    #[test]
    fn legacy_tree_order_and_inherited_flags() {
        let d = tempfile::tempdir().unwrap();
        write(
            d.path(),
            &[
                ("data/sample/1.in", "1"),
                ("data/sample/1.ans", "1"),
                (
                    "data/secret/testdata.yaml",
                    "output_validator_flags: float_tolerance 1e-3\n",
                ),
                ("data/secret/b/10.in", "x"),
                ("data/secret/b/10.ans", "x"),
                (
                    "data/secret/b/testdata.yaml",
                    "input_validator_flags: small\n",
                ),
                ("data/secret/a.in", "x"),
                ("data/secret/a.ans", "x"),
                ("data/secret/b/02.in", "x"),
                ("data/secret/b/02.ans", "x"),
            ],
        );
        let t = load(d.path(), Version::Legacy, &BTreeMap::new()).unwrap();
        let names: Vec<&str> = t.tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            ["sample/1", "secret/a", "secret/b/02", "secret/b/10"]
        );
        assert!(t.tests[0].settings.output_validator_args.is_empty());
        assert_eq!(
            t.tests[3].settings.output_validator_args,
            ["float_tolerance", "1e-3"]
        );
        assert_eq!(
            t.tests[3].settings.input_validator_args,
            ValidatorArgs::All(vec!["small".into()])
        );
        assert_eq!(t.tests[3].group, "secret/b");
        let groups: Vec<&str> = t.groups.iter().map(|g| g.name.as_str()).collect();
        assert_eq!(groups, ["", "sample", "secret", "secret/b"]);
    }

    #[test]
    fn groups_of_2025_09_and_test_yaml() {
        let d = tempfile::tempdir().unwrap();
        write(
            d.path(),
            &[
                (
                    "data/secret/test_group.yaml",
                    "output_validator_args: [case_sensitive]\n",
                ),
                (
                    "data/secret/g1/test_group.yaml",
                    "max_score: 40\ninput_validator_args:\n  v: [--n, '{{n}}']\n",
                ),
                ("data/secret/g1/1.in", "x"),
                ("data/secret/g1/1.ans", "x"),
                (
                    "data/secret/g1/1.yaml",
                    "output_validator_args: [float_tolerance, '1e-6']\n",
                ),
                ("data/secret/g1/2.in", "x"),
                ("data/secret/g1/2.ans", "x"),
                ("data/invalid_input/bad.in", "x"),
            ],
        );
        let constants = BTreeMap::from([(
            "n".to_string(),
            BTreeMap::from([("value".into(), "7".into())]),
        )]);
        let t = load(d.path(), Version::V2025_09, &constants).unwrap();
        assert_eq!(t.tests.len(), 2);
        assert_eq!(
            t.tests[0].settings.output_validator_args,
            ["float_tolerance", "1e-6"]
        );
        assert_eq!(
            t.tests[1].settings.output_validator_args,
            ["case_sensitive"]
        );
        assert_eq!(
            t.tests[1].settings.input_validator_args.for_validator("v"),
            ["--n", "7"]
        );
        assert_eq!(t.tests[1].group, "secret/g1");
        assert_eq!(t.invalid_inputs.len(), 1);
        assert!(t.invalid_inputs[0].answer.is_none());
    }

    #[test]
    fn bad_trees_are_named() {
        let d = tempfile::tempdir().unwrap();
        write(d.path(), &[("data/secret/1.in", "x")]);
        let e = load(d.path(), Version::Legacy, &BTreeMap::new()).unwrap_err();
        assert!(format!("{e:#}").contains("1.ans"), "{e:#}");
        let d = tempfile::tempdir().unwrap();
        write(
            d.path(),
            &[
                ("data/secret/1.in", "x"),
                ("data/secret/1.ans", "x"),
                ("data/secret/testdata.yaml", "bogus: 1\n"),
            ],
        );
        let e = load(d.path(), Version::Legacy, &BTreeMap::new()).unwrap_err();
        assert!(format!("{e:#}").contains("`bogus`"), "{e:#}");
        let d = tempfile::tempdir().unwrap();
        write(
            d.path(),
            &[
                ("data/secret/1.in", "x"),
                ("data/secret/1.ans", "x"),
                ("data/secret/g/test_group.yaml", ""),
                ("data/secret/g/2.in", "x"),
                ("data/secret/g/2.ans", "x"),
            ],
        );
        let t = load(d.path(), Version::V2025_09, &BTreeMap::new()).unwrap();
        let names: Vec<&str> = t.tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["secret/1", "secret/g/2"]);
    }
}
