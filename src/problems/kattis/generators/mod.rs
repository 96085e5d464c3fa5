//! `generators/generators.yaml` (BAPCtools' schema) run into the files of `data/`, as
//! `bt generate` of bapctools 2026.10.0 writes them (`bapctools/generate.py`,
//! `docs/generators.md`, `resources/support/schemas/generators.cue`).
//!
//! [`plan`] reads the file into a [`Plan`]: every test it defines, with its path under `data/`
//! and how it is made, and the `test_group.yaml` files of its groups. [`generate`] runs the
//! plan and returns every file bt writes under `data/` (relative path → bytes) without
//! touching the package. [`seed_line`] and [`run_line`] give `stress` a test's generator line
//! with `{seed}` left open.
//!
//! What is read, as bt reads it:
//! * the root: `solution`, `random_salt`, `retries` (inherited by every group and test below,
//!   each of which may set them again), `generators:` (named multi-file generators: name →
//!   files relative to `generators/`, the first being the main file), `version`, `data:`, and
//!   the root's `test_group.yaml`; `visualizer`, `parallel`, `gitignore_generated` are
//!   deprecated there (noted, not run); other root keys are left to other tools (noted);
//! * `data:` of the root: a mapping of `sample`, `secret`, `invalid_output`,
//!   `invalid_answer`, `invalid_input`, `valid_output`, `testing_tool_test`, `fuzz` (made in
//!   that order); of a group: a mapping (children made in key order) or a list of one-key
//!   mappings (a *numbered* group: a test `k` becomes `NN-k`, numbered across the whole file
//!   with the width of the number of numbered tests; a group `NN-k` with the width of its
//!   parent's number of groups; an empty key is the number alone);
//! * a test: a command string (a `copy:` of it when it ends in `.in`), or a mapping with
//!   `generate`, `count` (`N`, a list, or `lo..=hi`: one test `name-K` per value, `{count}`
//!   in the command replaced by it), `copy` (a path under `generators/` without extension),
//!   inline `in`, `ans`, `out`, `in.statement`, `ans.statement`, `in.download`,
//!   `ans.download`, `interaction`, `yaml` (a string, or a mapping written as YAML; a line
//!   end is added to a non-empty text that lacks one), `{link: in}`-style links of the
//!   statement and download files, `match` (read, not checked: bt only warns), and the
//!   inherited `solution`, `random_salt`, `retries`;
//! * a command: a program under `generators/` (a file; a folder: its `build` script run in a
//!   copy, then `run`; else its `run`; else its first file named `main*`, else its first file;
//!   or a named generator; sources holding `{{constant}}` are run from a substituted copy) with
//!   arguments split as POSIX shells split them, `{{constant}}` from `problem.yaml`'s
//!   `constants`, `{name}` (always `testcase`), and `{seed}` / `{seed:N}` (at most once), the
//!   seed being [`seed::seed`] of the salt, the count value and the command;
//! * `include:` of a group: earlier tests or groups by key, copied into the group.
//!
//! What a test's files are ([`generate`]): the generator runs in an empty folder as
//! `testcase` (stdout becomes `testcase.in` unless the generator wrote `testcase.in`
//! itself; any `testcase.<ext>` it writes is kept), then `copy:` files, then inline texts
//! overwrite, then links; the `.ans` of a test outside `invalid_*`, `valid_output` and
//! `testing_tool_test` that has none is the solution's output on the input (for interactive
//! and multi-pass problems an empty `.ans` instead). A rule identical to an earlier one (same
//! command after `{seed}`, same copied files, same inline texts) gets the earlier one's files,
//! as bt's rule cache does.
//!
//! Not done (bt does them): validating the files (bt leaves a test that fails validation
//! unwritten: the caller validates), running visualizers, the `.interaction` files bt makes
//! for interactive samples by running the solution with the interactor. The default solution (no `solution:` anywhere) is the
//! first accepted submission by name, where bt picks one at random and writes its choice into
//! generators.yaml. Symbolic links bt makes (`count` copies, `include`, links) are returned as
//! the bytes they point to.
//!
//! `test_group.yaml` and a test's `yaml:` mapping are written as bt's ruamel.yaml writes them
//! back, with the source's flow collections, quotes and block scalars; comments inside them
//! are not kept (bt keeps them).
//!
//! Legacy packages (problemtools reads no generators.yaml; BAPCtools before the 2025-09
//! format) use the key `testdata.yaml` instead of `test_group.yaml`, written as `testdata.yaml`.

mod run;
pub mod seed;
mod styled;
mod yaml_out;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context};
use yaml_serde::{Mapping, Value};

use styled::Step;

pub use run::{generate, run_line};

use super::Version;

/// The file's path in messages.
const FILE: &str = "generators/generators.yaml";

/// The data extensions bt copies into `data/`, in its order (`config.KNOWN_DATA_EXTENSIONS`).
pub const DATA_EXTENSIONS: &[&str] = &[
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
    "png",
    "jpg",
    "svg",
    "pdf",
];

/// The extensions a test may give inline (`config.KNOWN_TEXT_DATA_EXTENSIONS`).
const TEXT_EXTENSIONS: &[&str] = &[
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
];

/// Keys that make a mapping a test rather than a group (`UNIQUE_TESTCASE_KEYS`).
const TEST_KEYS: &[&str] = &[
    "copy",
    "generate",
    "count",
    "match",
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
];

const CONFIG_KEYS: &[&str] = &["solution", "random_salt", "retries"];

/// The root's groups, in the order bt makes them (`KNOWN_ROOT_DIRECTORIES`).
const ROOT_GROUPS: &[&str] = &[
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

/// Which solution writes a test's missing `.ans`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolutionChoice {
    /// No `solution:` above the test: the package's default solution ([`Plan::default_solution`]).
    Default,
    /// `solution:` empty: none (a missing `.ans` is an error).
    Nothing,
    /// A program path relative to the problem folder (`solution: /submissions/accepted/a.py`
    /// gives `submissions/accepted/a.py`).
    Program(PathBuf),
}

/// One test of the plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// Its path under `data/` without extension, e.g. `secret/03-random-2`.
    pub path: PathBuf,
    /// Its key in generators.yaml (before numbering and count suffixes).
    pub key: String,
    /// The generator command after `{{constant}}` and `{count}` substitution, `{seed}` open.
    pub generate: Option<String>,
    /// The seed `{seed}` stands for ([`seed::seed`]); 0 for a test without `generate`.
    pub seed: u32,
    /// Files copied from `copy:`: the path relative to the problem folder without extension.
    pub copy: Option<PathBuf>,
    /// Inline files: extension (`in`, `ans.statement`, ...) → contents.
    pub inline: BTreeMap<String, Vec<u8>>,
    /// Links: extension → the extension whose bytes it takes.
    pub links: BTreeMap<String, String>,
    /// The solution that writes a missing `.ans`.
    pub solution: SolutionChoice,
    /// How many seeds to try while the generator fails (`retries`, at least 1).
    pub retries: u32,
    /// The index of an earlier target with an identical rule, whose files this one takes.
    pub same_as: Option<usize>,
}

impl Target {
    /// The first folder of its path: `sample`, `secret`, `invalid_input`, ...
    pub fn root(&self) -> &str {
        self.path
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or("")
    }
}

/// The parsed generators.yaml: every test it defines with its path under `data/` and how it
/// is made, the groups' YAML files, and the included copies.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The tests in the order bt makes them.
    pub tests: Vec<Target>,
    /// `include:` copies: the path under `data/` (no extension) and the index of the test.
    pub includes: Vec<(PathBuf, usize)>,
    /// `test_group.yaml` (`testdata.yaml` for legacy) files: path under `data/` → bytes.
    pub group_files: BTreeMap<PathBuf, Vec<u8>>,
    /// Named generators: path relative to the problem folder → their files (the first is the
    /// main file).
    pub generators: BTreeMap<PathBuf, Vec<PathBuf>>,
    /// The solution of tests without `solution:` above them (relative to the problem folder):
    /// the first accepted submission by name; `None` when there is none.
    pub default_solution: Option<PathBuf>,
    /// Whether the problem is interactive or multi-pass (`problem.yaml` `type`): `.ans` files
    /// are then empty unless given, and no solution runs.
    pub interactive: bool,
    /// bt's `ans_is_output` (`problem.yaml`, default: not interactive): the solution writes
    /// `.ans`.
    pub ans_is_output: bool,
    /// Things read but not acted on (deprecated or unknown root keys, a visualizer).
    pub notes: Vec<String>,
    /// `problem.yaml`'s `constants` (`name`, `name.value`, `name.variant` → text), which bt
    /// substitutes for `{{name}}` in commands and in generator sources.
    pub constants: BTreeMap<String, String>,
}

/// The command line of `target` with `{seed}` left open, for `stress` to run with other seeds
/// ([`run_line`]); `None` for a test that no generator with `{seed}` makes.
pub fn seed_line(target: &Target) -> Option<String> {
    let g = target.generate.as_ref()?;
    (seed::seed_count(g) > 0).then(|| g.clone())
}

/// Reads `problem_dir/generators/generators.yaml` into a [`Plan`]; `None` when there is no
/// such file. `version` chooses the group file's name (`test_group.yaml`, or `testdata.yaml`
/// for legacy packages). Cost: one read of generators.yaml, problem.yaml, the copied files and
/// a listing of `submissions/accepted/`.
///
/// Errors name the file, the key and the test path (and the line where the key is found):
/// YAML that does not parse, an unknown key (with the keys allowed there), a value of the
/// wrong type, a generator program that does not exist, a bad `count`, `{seed}` twice, a test
/// without input, two tests on one path, an unknown `include`.
pub fn plan(problem_dir: &Path, version: Version) -> anyhow::Result<Option<Plan>> {
    let path = problem_dir.join(FILE);
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let yaml: Value = yaml_serde::from_str(&text).map_err(|e| anyhow!("{FILE}: {e}"))?;
    let problem = read_problem_yaml(problem_dir)?;
    let mut p = Parser {
        dir: problem_dir,
        styled: styled::parse(&text),
        text: &text,
        version,
        problem,
        plan: Plan {
            tests: Vec::new(),
            includes: Vec::new(),
            group_files: BTreeMap::new(),
            generators: BTreeMap::new(),
            default_solution: None,
            interactive: false,
            ans_is_output: true,
            notes: Vec::new(),
            constants: BTreeMap::new(),
        },
        known_keys: HashMap::new(),
        known_paths: HashMap::new(),
        rules: HashMap::new(),
        next_case: 0,
        case_width: 1,
        groups: Vec::new(),
    };
    p.plan.interactive = p.problem.interactive;
    p.plan.ans_is_output = p.problem.ans_is_output;
    p.plan.default_solution = default_solution(problem_dir);
    p.plan.constants = p.problem.constants.clone();
    p.root(&yaml)?;
    for t in &p.plan.tests {
        if let Some(g) = &t.generate {
            let program = program_of(g)?;
            let full = problem_dir.join(&program);
            if !p.plan.generators.contains_key(&program) && !full.exists() {
                bail!(
                    "{FILE}: {}: the generator `{}` does not exist ({} is neither a file, a \
                     folder, nor a name under `generators:`){}",
                    t.path.display(),
                    g,
                    program.display(),
                    p.line_hint(&t.key)
                );
            }
        }
    }
    Ok(Some(p.plan))
}

/// The program of a command: its first word, relative to `generators/`.
fn program_of(command: &str) -> anyhow::Result<PathBuf> {
    let words = shlex::split(command)
        .ok_or_else(|| anyhow!("the command `{command}` has an unclosed quote"))?;
    let first = words
        .first()
        .ok_or_else(|| anyhow!("the command `{command}` is empty"))?;
    if first.starts_with('/') {
        bail!("the generator `{first}` must be relative to generators/, not absolute");
    }
    Ok(Path::new("generators").join(first))
}

/// What the plan needs of `problem.yaml`.
#[derive(Default)]
struct ProblemInfo {
    interactive: bool,
    ans_is_output: bool,
    constants: BTreeMap<String, String>,
}

fn read_problem_yaml(dir: &Path) -> anyhow::Result<ProblemInfo> {
    let path = dir.join("problem.yaml");
    let mut info = ProblemInfo {
        ans_is_output: true,
        ..Default::default()
    };
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(info);
    };
    let yaml: Value = yaml_serde::from_str(&text).map_err(|e| anyhow!("problem.yaml: {e}"))?;
    let types: Vec<String> = match yaml.get("type") {
        Some(Value::String(s)) => s.split_whitespace().map(str::to_string).collect(),
        Some(Value::Sequence(s)) => s
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    let legacy_interactive = yaml
        .get("validation")
        .and_then(Value::as_str)
        .is_some_and(|v| v.contains("interactive"));
    info.interactive = legacy_interactive
        || types
            .iter()
            .any(|t| t == "interactive" || t == "multi-pass");
    info.ans_is_output = yaml
        .get("ans_is_output")
        .and_then(Value::as_bool)
        .unwrap_or(!info.interactive)
        && !info.interactive;
    if let Some(Value::Mapping(c)) = yaml.get("constants") {
        for (k, v) in c {
            let Some(k) = k.as_str() else { continue };
            let (value, variants) = match v {
                Value::Mapping(m) => (m.get("value").cloned(), Some(m)),
                other => (Some(other.clone()), None),
            };
            let text = |v: &Value| match v {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) if n.is_i64() || n.is_u64() => Some(n.to_string()),
                _ => None,
            };
            if let Some(t) = value.as_ref().and_then(text) {
                info.constants.insert(k.to_string(), t);
            }
            for (sub, sv) in variants.into_iter().flatten() {
                if let (Some(sub), Value::String(s)) = (sub.as_str(), sv) {
                    info.constants.insert(format!("{k}.{sub}"), s.clone());
                }
            }
            if let Some(t) = value.as_ref().and_then(text) {
                info.constants.insert(format!("{k}.value"), t);
            }
        }
    }
    Ok(info)
}

/// The first accepted submission by name: a file or folder in `submissions/accepted/`.
fn default_solution(dir: &Path) -> Option<PathBuf> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("submissions/accepted"))
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    names
        .first()
        .map(|n| Path::new("submissions/accepted").join(n))
}

/// The inherited settings (`Config` in bt).
#[derive(Clone)]
struct Config {
    solution: SolutionChoice,
    salt: String,
    retries: u32,
}

/// A key bt remembers for `include:`.
#[derive(Clone, Copy)]
enum Known {
    Test(usize),
    Group(usize),
}

/// A group as parsed: its path, its own tests, its subgroups and its includes.
struct Group {
    tests: Vec<usize>,
    subgroups: Vec<usize>,
    includes: Vec<usize>,
}

struct Parser<'a> {
    dir: &'a Path,
    /// The file read with its styles, for the YAML files bt writes from it.
    styled: Option<styled::Node>,
    text: &'a str,
    version: Version,
    problem: ProblemInfo,
    plan: Plan,
    known_keys: HashMap<String, Vec<Known>>,
    known_paths: HashMap<PathBuf, usize>,
    /// Rule identity → the first target with it.
    rules: HashMap<Vec<(String, Vec<u8>)>, usize>,
    next_case: usize,
    case_width: usize,
    groups: Vec<Group>,
}

fn is_test(v: &Value) -> bool {
    match v {
        Value::Null | Value::String(_) => true,
        Value::Mapping(m) => TEST_KEYS.iter().any(|k| m.contains_key(*k)),
        _ => false,
    }
}

fn is_group(v: &Value) -> bool {
    matches!(v, Value::Mapping(_)) && !is_test(v)
}

/// The values of a test's `count`: `[1]` without one (bt's `parse_count`).
fn count_values(v: &Value, at: &str) -> anyhow::Result<(Vec<i64>, bool)> {
    let Some(Value::Mapping(m)) = Some(v) else {
        return Ok((vec![1], false));
    };
    let Some(c) = m.get("count") else {
        return Ok((vec![1], false));
    };
    let list: Vec<i64> = match c {
        Value::Number(n) => {
            let n = n
                .as_i64()
                .ok_or_else(|| anyhow!("{FILE}: {at}: count {n} is not an integer"))?;
            if !(1..=100).contains(&n) {
                bail!("{FILE}: {at}: invalid count {n}; must be between 1 and 100");
            }
            (1..=n).collect()
        }
        Value::Sequence(items) => {
            let mut out = Vec::new();
            for item in items {
                let Some(i) = item.as_i64() else {
                    bail!("{FILE}: {at}: invalid count list; found {item:?} but expected int");
                };
                if out.contains(&i) {
                    bail!("{FILE}: {at}: invalid count list; duplicate element {i}");
                }
                out.push(i);
            }
            out
        }
        Value::String(s) => {
            let parsed = s
                .split_once("..=")
                .and_then(|(a, b)| Some((a.parse::<i64>().ok()?, b.parse::<i64>().ok()?)));
            let Some((lo, hi)) = parsed else {
                bail!("{FILE}: {at}: invalid count expression {s}; expected format is '-4..=5'");
            };
            if lo > hi {
                bail!("{FILE}: {at}: invalid count range, start={lo} must be <= end={hi}");
            }
            if hi - lo + 1 > 100 {
                bail!(
                    "{FILE}: {at}: count range too large, length {} > 100",
                    hi - lo + 1
                );
            }
            (lo..=hi).collect()
        }
        other => {
            bail!("{FILE}: {at}: count must be an integer, a list or `lo..=hi`, not {other:?}")
        }
    };
    if list.is_empty() || list.len() > 100 {
        bail!("{FILE}: {at}: the count list must have 1 to 100 values");
    }
    Ok((list, true))
}

/// Whether `name` is a valid file name for bt (`FILE_NAME_REGEX`).
fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    let ok_first = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    ok_first
        && name.len() <= 255
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
}

impl Parser<'_> {
    /// The YAML text bt writes for the value `v` found at `ypath` of the file: from the
    /// styled tree when it has the node and says the same as `v`, else from `v` alone.
    fn yaml_text(&self, v: &Value, ypath: &[Step]) -> anyhow::Result<String> {
        if let Some(node) = self.styled.as_ref().and_then(|n| n.at(ypath)) {
            let text = yaml_out::dump_styled(node);
            if yaml_serde::from_str::<Value>(&text).ok().as_ref() == Some(v) {
                return Ok(text);
            }
        }
        yaml_out::dump(v)
    }

    /// ` (line N)` for the first line of the file where `key:` is written, or nothing.
    fn line_hint(&self, key: &str) -> String {
        for (i, line) in self.text.lines().enumerate() {
            let t = line.trim_start().trim_start_matches("- ").trim_start();
            let t = t.trim_start_matches(['\'', '"']);
            if let Some(rest) = t.strip_prefix(key) {
                if rest.trim_start_matches(['\'', '"']).starts_with(':') {
                    return format!(" (line {})", i + 1);
                }
            }
        }
        String::new()
    }

    fn group_file_key(&self) -> &'static str {
        match self.version {
            Version::Legacy => "testdata.yaml",
            Version::V2025_09 => "test_group.yaml",
        }
    }

    fn config(&self, m: &Mapping, parent: &Config, at: &str) -> anyhow::Result<Config> {
        let mut c = parent.clone();
        if let Some(v) = m.get("solution") {
            c.solution = match v {
                Value::Null => SolutionChoice::Nothing,
                Value::String(s) => match s.strip_prefix('/') {
                    Some(rel) if !rel.is_empty() => SolutionChoice::Program(PathBuf::from(rel)),
                    _ => bail!(
                        "{FILE}: {at}: solution `{s}` must be a path from the problem folder \
                         starting with `/` (e.g. /submissions/accepted/sol.py){}",
                        self.line_hint("solution")
                    ),
                },
                other => bail!("{FILE}: {at}: solution must be a path, not {other:?}"),
            };
        }
        if let Some(v) = m.get("random_salt") {
            c.salt = match v {
                Value::String(s) => s.clone(),
                other => bail!(
                    "{FILE}: {at}: random_salt must be a string, not {other:?}{}",
                    self.line_hint("random_salt")
                ),
            };
        }
        if let Some(v) = m.get("retries") {
            c.retries = match v.as_u64() {
                Some(n) if n > 0 => u32::try_from(n).unwrap_or(u32::MAX),
                _ => bail!("{FILE}: {at}: retries must be a positive integer, not {v:?}"),
            };
        }
        Ok(c)
    }

    fn root(&mut self, yaml: &Value) -> anyhow::Result<()> {
        let empty = Mapping::new();
        let m = match yaml {
            Value::Null => &empty,
            Value::Mapping(m) => m,
            _ => bail!("{FILE}: must be a mapping"),
        };
        if !is_group(yaml) && !m.is_empty() {
            bail!("{FILE}: the root must be a group, not a test (it has a test's keys)");
        }
        if let Some(g) = m.get("generators") {
            self.named_generators(g)?;
        }
        for (k, _) in m {
            let key = k.as_str().unwrap_or("");
            match key {
                "generators" | "version" | "data" | "include" => {}
                k if CONFIG_KEYS.contains(&k) || k == self.group_file_key() => {}
                "visualizer" | "parallel" | "gitignore_generated" => self.plan.notes.push(format!(
                    "{FILE}: the key `{key}` is deprecated in BAPCtools and not acted on"
                )),
                _ => self.plan.notes.push(format!(
                    "{FILE}: the root key `{key}` is not BAPCtools' (left to other tools)"
                )),
            }
        }
        // The numbering width: every test in a numbered list, over the whole file.
        self.case_width = count_numbered(yaml).to_string().len();
        let config = Config {
            solution: SolutionChoice::Default,
            salt: String::new(),
            retries: 1,
        };
        self.group(m, Path::new(""), "", &config, true, &[])?;
        Ok(())
    }

    fn named_generators(&mut self, g: &Value) -> anyhow::Result<()> {
        let Value::Mapping(g) = g else {
            bail!("{FILE}: `generators` must map names to lists of files");
        };
        for (name, files) in g {
            let Some(name) = name.as_str().filter(|n| valid_name(n)) else {
                bail!("{FILE}: generators: `{name:?}` is not a valid generator name");
            };
            let list: Vec<PathBuf> = match files {
                Value::Sequence(s) if !s.is_empty() => s
                    .iter()
                    .map(|f| {
                        f.as_str()
                            .map(|f| Path::new("generators").join(f))
                            .ok_or_else(|| anyhow!("{FILE}: generators.{name}: {f:?} is not a path"))
                    })
                    .collect::<anyhow::Result<_>>()?,
                _ => bail!(
                    "{FILE}: generators.{name}: must be a non-empty list of files under generators/{}",
                    self.line_hint(name)
                ),
            };
            for f in &list {
                if !self.dir.join(f).is_file() {
                    bail!("{FILE}: generators.{name}: {} does not exist", f.display());
                }
            }
            self.plan
                .generators
                .insert(Path::new("generators").join(name), list);
        }
        Ok(())
    }

    /// Parses the group `m` at `path` (key `key`) and everything below it; returns its index.
    fn group(
        &mut self,
        m: &Mapping,
        path: &Path,
        key: &str,
        parent: &Config,
        is_root: bool,
        ypath: &[Step],
    ) -> anyhow::Result<usize> {
        let at = if is_root {
            "root".to_string()
        } else {
            path.display().to_string()
        };
        if !is_root {
            let mut allowed: Vec<&str> = vec!["data", "include", self.group_file_key()];
            allowed.extend(CONFIG_KEYS);
            for (k, _) in m {
                let k = k.as_str().unwrap_or("?");
                if !allowed.contains(&k) {
                    bail!(
                        "{FILE}: group {at}: unknown key `{k}`{}; a group allows {}",
                        self.line_hint(k),
                        allowed.join(", ")
                    );
                }
            }
        }
        let config = self.config(m, parent, &at)?;
        let index = self.groups.len();
        self.groups.push(Group {
            tests: Vec::new(),
            subgroups: Vec::new(),
            includes: Vec::new(),
        });
        if !is_root {
            self.known_keys
                .entry(key.to_string())
                .or_default()
                .push(Known::Group(index));
        }
        let other_key = match self.version {
            Version::Legacy => "test_group.yaml",
            Version::V2025_09 => "testdata.yaml",
        };
        if m.contains_key(other_key) {
            bail!(
                "{FILE}: {at}: `{other_key}` is not read in this package's format version; use `{}`",
                self.group_file_key()
            );
        }
        if let Some(v) = m.get(self.group_file_key()) {
            let truthy = match v {
                Value::Null | Value::Bool(false) => false,
                Value::Mapping(x) => !x.is_empty(),
                Value::Sequence(x) => !x.is_empty(),
                Value::String(s) => !s.is_empty(),
                Value::Number(n) => n.as_f64() != Some(0.0),
                Value::Bool(true) | Value::Tagged(_) => true,
            };
            if truthy {
                let mut at_file = ypath.to_vec();
                at_file.push(Step::Key(self.group_file_key().into()));
                let text = self
                    .yaml_text(v, &at_file)
                    .with_context(|| format!("{FILE}: {at}: {}", self.group_file_key()))?;
                self.plan
                    .group_files
                    .insert(path.join(self.group_file_key()), text.into_bytes());
            }
        }
        // 1. includes, resolved against what came before.
        let includes: Vec<Value> = match m.get("include") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Sequence(s)) => s.clone(),
            Some(v @ Value::String(_)) => vec![v.clone()],
            Some(other) => bail!("{FILE}: {at}: include must be a list of keys, not {other:?}"),
        };
        let mut included: Vec<usize> = Vec::new();
        for (i, inc) in includes.iter().enumerate() {
            let Some(name) = inc.as_str() else {
                bail!("{FILE}: {at}: include {i} must be a test or group key");
            };
            if name.contains('/') {
                bail!("{FILE}: {at}: include {i} `{name}` must be a key, not a path");
            }
            let known = self.known_keys.get(name).cloned().unwrap_or_default();
            match known.as_slice() {
                [] => bail!(
                    "{FILE}: {at}: include `{name}` names no earlier test or group{}",
                    self.line_hint("include")
                ),
                [Known::Test(t)] => included.push(*t),
                [Known::Group(g)] => self.collect_group(*g, &mut included),
                _ => bail!(
                    "{FILE}: {at}: include `{name}` is ambiguous (the key is used more than once)"
                ),
            }
        }
        // 2. the children.
        let (entries, numbered): (Vec<Mapping>, bool) = match m.get("data") {
            None | Some(Value::Null) => (Vec::new(), false),
            Some(Value::Mapping(d)) => (vec![d.clone()], false),
            Some(Value::Sequence(s)) => {
                let mut out = Vec::new();
                for (i, e) in s.iter().enumerate() {
                    match e {
                        Value::Mapping(e) if e.len() == 1 => out.push(e.clone()),
                        _ => bail!(
                            "{FILE}: {at}: data[{i}] of a numbered group must be a mapping with \
                             exactly one entry (indent a test's keys one more level)"
                        ),
                    }
                }
                (out, true)
            }
            Some(other) => bail!("{FILE}: {at}: data must be a mapping or a list, not {other:?}"),
        };
        if is_root && numbered {
            bail!("{FILE}: the root's data must be a mapping of groups, not a numbered list");
        }
        let group_total: usize = entries
            .iter()
            .map(|e| e.values().filter(|v| is_group(v)).count())
            .sum();
        let group_width = group_total.to_string().len();
        let mut next_group = 0usize;
        for (entry_index, entry) in entries.iter().enumerate() {
            let mut keys: Vec<String> = Vec::new();
            for k in entry.keys() {
                match k {
                    Value::String(s) => keys.push(s.clone()),
                    Value::Null => keys.push(String::new()),
                    other => bail!("{FILE}: {at}: the key {other:?} must be a string"),
                }
            }
            if is_root {
                for k in &keys {
                    if !ROOT_GROUPS.contains(&k.as_str()) {
                        bail!(
                            "{FILE}: data: unknown group `{k}`{}; the root's data allows {}",
                            self.line_hint(k),
                            ROOT_GROUPS.join(", ")
                        );
                    }
                }
                keys = ROOT_GROUPS
                    .iter()
                    .filter(|g| keys.iter().any(|k| k == *g))
                    .map(|g| g.to_string())
                    .collect();
            } else {
                keys.sort();
            }
            for k in keys {
                let child = if k.is_empty() {
                    entry.get(Value::Null).or_else(|| entry.get(""))
                } else {
                    entry.get(k.as_str())
                };
                let child = child.cloned().unwrap_or(Value::Null);
                let mut child_ypath = ypath.to_vec();
                child_ypath.push(Step::Key("data".into()));
                if numbered {
                    child_ypath.push(Step::Index(entry_index));
                }
                child_ypath.push(Step::Key(k.clone()));
                if !numbered && k.is_empty() {
                    bail!("{FILE}: {at}: a test or group of an unnumbered group must not have an empty key");
                }
                if is_group(&child) {
                    let name = if numbered {
                        next_group += 1;
                        numbered_name(&k, next_group, group_width)
                    } else {
                        k.clone()
                    };
                    if !valid_name(&name) {
                        bail!(
                            "{FILE}: {}: `{name}` is not a valid group name",
                            path.display()
                        );
                    }
                    let Value::Mapping(cm) = &child else {
                        unreachable!("a group is a mapping")
                    };
                    let g = self.group(cm, &path.join(&name), &k, &config, false, &child_ypath)?;
                    self.groups[index].subgroups.push(g);
                } else if is_test(&child) {
                    let ts = self.tests(&k, &child, path, &config, numbered, &child_ypath)?;
                    self.groups[index].tests.extend(ts);
                } else {
                    bail!(
                        "{FILE}: {}: `{k}` is neither a test nor a group{}",
                        path.display(),
                        self.line_hint(&k)
                    );
                }
            }
        }
        // 3. the includes' paths.
        for t in included {
            let name = self.plan.tests[t]
                .path
                .file_name()
                .map(PathBuf::from)
                .unwrap_or_default();
            let p = path.join(&name);
            match self.known_paths.get(&p) {
                Some(&other) if self.plan.tests[other].path == self.plan.tests[t].path => {}
                Some(_) => bail!(
                    "{FILE}: {at}: the included test {} clashes with {}",
                    self.plan.tests[t].path.display(),
                    p.display()
                ),
                None => {
                    self.known_paths.insert(p.clone(), t);
                    self.groups[index].includes.push(t);
                    self.plan.includes.push((p, t));
                }
            }
        }
        Ok(index)
    }

    /// Every test of group `g` and below, and the groups' own includes (bt's `walk`).
    fn collect_group(&self, g: usize, out: &mut Vec<usize>) {
        out.extend(self.groups[g].includes.iter().copied());
        out.extend(self.groups[g].tests.iter().copied());
        for &s in &self.groups[g].subgroups {
            self.collect_group(s, out);
        }
    }

    /// Parses the test `raw` with key `key` in the group at `parent`: one target per count
    /// value; returns their indices.
    fn tests(
        &mut self,
        key: &str,
        raw: &Value,
        parent: &Path,
        config: &Config,
        numbered: bool,
        ypath: &[Step],
    ) -> anyhow::Result<Vec<usize>> {
        let at0 = parent.join(key).display().to_string();
        let m: Mapping = match raw {
            Value::Mapping(m) => m.clone(),
            Value::String(s) => {
                let mut m = Mapping::new();
                match s.strip_suffix(".in") {
                    Some(base) => m.insert("copy".into(), base.into()),
                    None => m.insert("generate".into(), s.clone().into()),
                };
                m
            }
            _ => bail!(
                "{FILE}: {at0}: an empty entry (a test must say how it is made){}",
                self.line_hint(key)
            ),
        };
        let (counts, has_count) = count_values(raw, &at0)?;
        let consecutive = counts.iter().max().copied().unwrap_or(1)
            - counts.iter().min().copied().unwrap_or(1)
            == counts.len() as i64 - 1;
        let padding = if consecutive {
            counts
                .iter()
                .map(|v| v.to_string().len())
                .max()
                .unwrap_or(1)
        } else {
            0
        };
        let mut out = Vec::new();
        for value in counts {
            let mut name = if numbered {
                self.next_case += 1;
                numbered_name(key, self.next_case, self.case_width)
            } else {
                key.to_string()
            };
            if has_count {
                // Zero padding after the sign, as Python's `f"{v:0{padding}}"`.
                name.push_str(&format!("-{value:0padding$}"));
            }
            let t = self.test(key, &name, &m, parent, config, value, has_count, ypath)?;
            out.push(t);
        }
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn test(
        &mut self,
        key: &str,
        name: &str,
        m: &Mapping,
        parent: &Path,
        parent_config: &Config,
        count_value: i64,
        has_count: bool,
        ypath: &[Step],
    ) -> anyhow::Result<usize> {
        let path = parent.join(name);
        let at = path.display().to_string();
        let hint = self.line_hint(key);
        if name.ends_with(".in") {
            bail!("{FILE}: {at}: test names must not end in `.in`{hint}");
        }
        if !valid_name(&format!("{name}.in")) {
            bail!("{FILE}: {at}: `{name}` is not a valid test name{hint}");
        }
        if name == "test_group" {
            bail!("{FILE}: {at}: a test must not be named test_group{hint}");
        }
        let mut allowed: Vec<&str> = TEST_KEYS.to_vec();
        allowed.extend(CONFIG_KEYS);
        for k in m.keys() {
            let k = k.as_str().unwrap_or("?");
            if !allowed.contains(&k) {
                bail!(
                    "{FILE}: test {at}: unknown key `{k}`{}; a test allows {}",
                    self.line_hint(k),
                    allowed.join(", ")
                );
            }
        }
        let config = self.config(m, parent_config, &at)?;
        let sample = path.starts_with("sample");
        let has = |k: &str| m.contains_key(k);
        let satisfied = has("generate")
            || has("copy")
            || has("in")
            || (sample && has("in.statement") && has("in.download"))
            || (sample && self.problem.interactive && has("interaction") && has("in.download"));
        if !satisfied {
            bail!(
                "{FILE}: {at}: a test needs one of generate, copy, in{}{hint}",
                if sample {
                    ", in.statement and in.download"
                } else {
                    ""
                }
            );
        }
        if !self.problem.interactive && has("interaction") {
            bail!(
                "{FILE}: {at}: `interaction` is only for interactive or multi-pass problems{hint}"
            );
        }
        if !sample {
            for k in [
                "in.statement",
                "ans.statement",
                "in.download",
                "ans.download",
            ] {
                if has(k) {
                    bail!("{FILE}: {at}: only samples may have `{k}`{hint}");
                }
            }
        }
        let mut identity: Vec<(String, Vec<u8>)> = Vec::new();
        let mut set_identity =
            |ext: &str, bytes: Vec<u8>| match identity.iter_mut().find(|(e, _)| e == ext) {
                Some(slot) => slot.1 = bytes,
                None => identity.push((ext.to_string(), bytes)),
            };
        let mut generate = None;
        let mut seed = 0;
        match m.get("generate") {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) if !s.is_empty() => {
                let mut command = self.constants(s, &at)?;
                if has_count && command.contains("{count}") {
                    command = command.replace("{count}", &count_value.to_string());
                }
                let words = shlex::split(&command).ok_or_else(|| {
                    anyhow!("{FILE}: {at}: the command `{command}` has an unclosed quote{hint}")
                })?;
                if words.is_empty() {
                    bail!("{FILE}: {at}: `generate` must not be empty{hint}");
                }
                let seeds: usize = words[1..].iter().map(|w| seed::seed_count(w)).sum();
                if seeds > 1 {
                    bail!("{FILE}: {at}: `{{seed}}` (or `{{seed:N}}`) may appear at most once in `{command}`{hint}");
                }
                let bad = words[1..].iter().any(|w| {
                    let rest = seed::substitute_seed(w, "");
                    rest.contains("{seed")
                });
                if bad {
                    bail!(
                        "{FILE}: {at}: a bad `{{seed:N}}` in `{command}` (N must be digits){hint}"
                    );
                }
                program_of(&command).map_err(|e| anyhow!("{FILE}: {at}: {e}{hint}"))?;
                seed = seed::seed(&config.salt, count_value, &command);
                let cache_command = if seed != 0 {
                    seed::substitute_seed(&command, &seed.to_string())
                } else {
                    command.clone()
                };
                set_identity("in", cache_command.into_bytes());
                generate = Some(command);
            }
            Some(other) => {
                bail!("{FILE}: {at}: `generate` must be a non-empty command, not {other:?}{hint}")
            }
        }
        let mut copy = None;
        match m.get("copy") {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) => {
                if s.starts_with('/') {
                    bail!("{FILE}: {at}: copy `{s}` must be relative to generators/{hint}");
                }
                let base = Path::new("generators").join(s);
                for ext in ["in", "ans", "out"] {
                    let f = self.dir.join(with_ext(&base, ext));
                    if f.is_file() {
                        let bytes = std::fs::read(&f)
                            .with_context(|| format!("cannot read {}", f.display()))?;
                        set_identity(ext, bytes);
                    }
                }
                if !DATA_EXTENSIONS
                    .iter()
                    .any(|e| self.dir.join(with_ext(&base, e)).is_file())
                {
                    bail!(
                        "{FILE}: {at}: copy `{s}`: no file {}.* exists{hint}",
                        base.display()
                    );
                }
                copy = Some(base);
            }
            Some(other) => bail!("{FILE}: {at}: copy must be a path, not {other:?}{hint}"),
        }
        let mut inline = BTreeMap::new();
        let mut links = BTreeMap::new();
        for ext in TEXT_EXTENSIONS {
            let Some(v) = m.get(*ext) else { continue };
            match v {
                Value::Null => {}
                Value::Mapping(l)
                    if l.len() == 1
                        && l.get("link").is_some_and(Value::is_string)
                        && ext.contains('.') && *ext != "yaml" =>
                {
                    let target = l.get("link").and_then(Value::as_str).unwrap_or("");
                    const TARGETS: &[&str] =
                        &["in.statement", "ans.statement", "in.download", "ans.download", "in", "ans"];
                    if !TARGETS.contains(&target) {
                        bail!("{FILE}: {at}: unknown link target `{target}` (one of {}){hint}", TARGETS.join(", "));
                    }
                    if ext.split('.').next() != target.split('.').next() {
                        bail!("{FILE}: {at}: a link from {ext} to {target} is not allowed{hint}");
                    }
                    links.insert(ext.to_string(), target.to_string());
                }
                Value::Mapping(_) if *ext == "yaml" => {
                    let mut at_yaml = ypath.to_vec();
                    at_yaml.push(Step::Key("yaml".into()));
                    let text = self
                        .yaml_text(v, &at_yaml)
                        .with_context(|| format!("{FILE}: {at}: yaml"))?;
                    inline.insert(ext.to_string(), text.into_bytes());
                }
                Value::String(s) => {
                    let mut s = s.clone();
                    if !s.is_empty() && !s.ends_with('\n') {
                        s.push('\n');
                    }
                    inline.insert(ext.to_string(), s.into_bytes());
                }
                other => bail!(
                    "{FILE}: {at}: `{ext}` must be a text or a map with only a link entry, not {other:?}{hint}"
                ),
            }
        }
        for (from, to) in &links {
            if links.contains_key(to) {
                bail!("{FILE}: {at}: the link {from} -> {to} is not allowed: {to} is a link too{hint}");
            }
        }
        for (ext, bytes) in &inline {
            set_identity(ext, bytes.clone());
        }
        if self.known_paths.contains_key(&path) {
            bail!("{FILE}: {at}: two tests have this path{hint}");
        }
        let index = self.plan.tests.len();
        let same_as = if identity.is_empty() {
            None
        } else {
            match self.rules.get(&identity) {
                Some(&first) => Some(first),
                None => {
                    self.rules.insert(identity, index);
                    None
                }
            }
        };
        self.plan.tests.push(Target {
            path: path.clone(),
            key: key.to_string(),
            generate,
            seed,
            copy,
            inline,
            links,
            solution: config.solution.clone(),
            retries: config.retries,
            same_as,
        });
        self.known_paths.insert(path, index);
        self.known_keys
            .entry(key.to_string())
            .or_default()
            .push(Known::Test(index));
        Ok(index)
    }

    /// `{{name}}` and `{{name.sub}}` of problem.yaml's constants replaced; unknown ones are
    /// an error (bt leaves them and warns).
    fn constants(&self, s: &str, at: &str) -> anyhow::Result<String> {
        let mut out = String::new();
        let mut rest = s;
        while let Some(i) = rest.find("{{") {
            out.push_str(&rest[..i]);
            let after = &rest[i + 2..];
            match after.find("}}") {
                Some(j)
                    if !after[..j].is_empty()
                        && after[..j]
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') =>
                {
                    let name = &after[..j];
                    let value = self.problem.constants.get(name).ok_or_else(|| {
                        anyhow!("{FILE}: {at}: `{{{{{name}}}}}` is not a constant of problem.yaml")
                    })?;
                    out.push_str(value);
                    rest = &after[j + 2..];
                }
                _ => {
                    out.push_str("{{");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// `text` with every `{{name}}` / `{{name.sub}}` (bt's `CONSTANT_SUBSTITUTE_REGEX`) that names
/// one of `constants` replaced by its value; others are left as they are (bt warns). Cost:
/// linear in `text`.
pub fn substitute_constants(text: &str, constants: &BTreeMap<String, String>) -> String {
    let word = |w: &str| {
        w.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("{{") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let name = after.find("}}").map(|j| &after[..j]);
        let valid = name.is_some_and(|n| match n.split_once('.') {
            Some((a, b)) => word(a) && word(b),
            None => word(n),
        });
        match name
            .filter(|_| valid)
            .and_then(|n| constants.get(n).map(|v| (n, v)))
        {
            Some((n, v)) => {
                out.push_str(v);
                rest = &after[n.len() + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `NN-key` (or `NN` for an empty key) with `NN` zero-padded to `width` digits.
fn numbered_name(key: &str, n: usize, width: usize) -> String {
    if key.is_empty() {
        format!("{n:0width$}")
    } else {
        format!("{n:0width$}-{key}")
    }
}

/// How many tests numbered lists hold in `yaml` and below (bt's forgiving `count`).
fn count_numbered(yaml: &Value) -> usize {
    let (entries, numbered): (Vec<&Mapping>, bool) = match yaml.get("data") {
        Some(Value::Mapping(d)) => (vec![d], false),
        Some(Value::Sequence(s)) => (s.iter().filter_map(Value::as_mapping).collect(), true),
        _ => return 0,
    };
    let mut total = 0;
    for e in entries {
        for v in e.values() {
            if is_test(v) && numbered {
                total += count_values(v, "").map(|(c, _)| c.len()).unwrap_or(1);
            } else if is_group(v) {
                total += count_numbered(v);
            }
        }
    }
    total
}

/// `base` with `.ext` appended to its file name.
pub(crate) fn with_ext(base: &Path, ext: &str) -> PathBuf {
    let mut s = base.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

#[cfg(test)]
mod tests;
