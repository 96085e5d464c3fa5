//! The verdict and the score of one submission over a Kattis package's data tree, as the two
//! versions of the format define them: a pure function ([`aggregate`]) over the tree of test
//! verdicts ([`Node`]) with each folder's scoring settings ([`GroupSettings`]); [`tree`] builds
//! that tree from flat lists (the folders with their settings files, the test results by path).
//!
//! **Legacy** (spec "Test data groups" and "Graders"; behaviour checked against problemtools
//! 1.20260907, `judge/submission_judge.py` and `support/default_grader`): every folder of
//! `data/` is a group whose result is its *grader* applied to its direct children's results in
//! order (test cases and subgroups alike). `testdata.yaml` settings are inherited from the
//! nearest ancestor that sets them. A test case without a `score.txt` scores `accept_score`
//! (default 1) when accepted, else `reject_score` (default 0). With `on_reject: break` (the
//! default) a group stops at its first non-accepted child. The default grader's verdict mode is
//! `worst_error` (the first of JE, RTE, MLE, TLE, OLE, WA, PE present), `first_error` or
//! `always_accept`, `accept_if_any_accepted` overriding; its score mode `sum` (default), `avg`,
//! `min` or `max` over every child's score, accepted or not; `ignore_sample` (root only) keeps
//! only the last child (`secret`). A score outside the group's `range` is a judge error. The
//! submission's score is the root's, and only for an accepted submission of a scoring problem
//! (the spec: the grader's score is ignored for other verdicts).
//!
//! **2025-09** (spec "Result aggregation"): a pass-fail problem's verdict is accepted iff every
//! test case is. For a scoring problem, `secret` (aggregation `sum`, `max_score` 100 by
//! default) is scored from its test data groups (its direct subfolders with a
//! `test_group.yaml`; aggregation `pass-fail`, `max_score` unbounded by default) or, without
//! groups, from its test cases. A `pass-fail` group scores its maximum when all its test cases
//! are accepted, else 0; `sum` adds, `min` takes the least of its test case scores. A failed
//! test case scores 0; an accepted one its `score.txt`, or its `score_multiplier.txt` times its
//! maximum, or its maximum (`max_score` in a `min` group, `max_score / N` in a `sum` group of N
//! test cases). A group whose `require_pass` groups (or `sample`) are not all accepted scores
//! 0 and its test cases count as not accepted. Samples never score. Every judge error the spec
//! lists (a score above its maximum, `score.txt` for a failed test case, both files, ...) is an
//! error here. Static validation test cases (`static_validation_score`) are refused.

use std::collections::BTreeMap;

use anyhow::{anyhow, bail, Context};

use super::Version;
use crate::core::verdict::Verdict;

/// Legacy `on_reject`: what a group does after a non-accepted child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnReject {
    /// `break` (default): grade at once, skipping the remaining children.
    Break,
    /// `continue`: judge every child.
    Continue,
}

/// Legacy `grading`: which grader aggregates a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grading {
    /// The default grader, configured by `grader_flags`.
    Default,
    /// The package's own grader in `graders/`, called through [`aggregate_with`].
    Custom,
}

/// 2025-09 `score_aggregation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aggregation {
    /// `pass-fail`: the maximum score when every test case is accepted, else 0.
    PassFail,
    /// `sum`: the sum of the scores.
    Sum,
    /// `min`: the least score.
    Min,
}

/// 2025-09 `max_score`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MaxScore {
    /// A non-negative integer bound.
    Bounded(f64),
    /// `unbounded`.
    Unbounded,
}

/// The scoring-related settings of one data folder (`testdata.yaml` in legacy,
/// `test_group.yaml` in 2025-09), with inherited values resolved where the spec inherits.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupSettings {
    /// The version the settings were read as.
    pub version: Version,
    /// Whether the folder had its own settings file (2025-09: only such a folder directly in
    /// `secret` is a test data group).
    pub own_file: bool,
    /// The file named in errors.
    pub origin: String,
    /// Legacy `on_reject` (inherited; default `break`).
    pub on_reject: OnReject,
    /// Legacy `grading` (inherited; default `default`).
    pub grading: Grading,
    /// Legacy `grader_flags`, split at white space (inherited; default none).
    pub grader_flags: Vec<String>,
    /// Legacy `accept_score` (inherited; default 1).
    pub accept_score: f64,
    /// Legacy `reject_score` (inherited; default 0).
    pub reject_score: f64,
    /// Legacy `range` as (low, high) (inherited; default (-inf, +inf)).
    pub range: (f64, f64),
    /// The first legacy scoring-only key set (`accept_score`, `reject_score`, `range`) and its
    /// file, an error in a pass-fail problem.
    pub scoring_only_key: Option<String>,
    /// 2025-09 `max_score` as given (not inherited; its default depends on the folder).
    pub max_score: Option<MaxScore>,
    /// 2025-09 `score_aggregation` as given (not inherited; default by folder).
    pub score_aggregation: Option<Aggregation>,
    /// 2025-09 `require_pass`: group names under `data/` (`sample`, `secret/g1`).
    pub require_pass: Vec<String>,
    /// Whether 2025-09 `static_validation_score` is set (refused by [`aggregate`]).
    pub static_validation_score: bool,
}

impl GroupSettings {
    /// The defaults of `version`: what a folder without a settings file under no folder with
    /// one has.
    pub fn defaults(version: Version, origin: &str) -> GroupSettings {
        GroupSettings {
            version,
            own_file: false,
            origin: origin.to_string(),
            on_reject: OnReject::Break,
            grading: Grading::Default,
            grader_flags: Vec::new(),
            accept_score: 1.0,
            reject_score: 0.0,
            range: (f64::NEG_INFINITY, f64::INFINITY),
            scoring_only_key: None,
            max_score: None,
            score_aggregation: None,
            require_pass: Vec::new(),
            static_validation_score: false,
        }
    }

    /// The settings of a folder without its own settings file under `parent` (legacy: all of
    /// the parent's; 2025-09: none of the scoring keys inherit).
    pub fn inherited(
        version: Version,
        parent: Option<&GroupSettings>,
        origin: &str,
    ) -> GroupSettings {
        let mut s = match (version, parent) {
            (Version::Legacy, Some(p)) => p.clone(),
            _ => GroupSettings::defaults(version, origin),
        };
        s.version = version;
        s.own_file = false;
        s.origin = origin.to_string();
        s.max_score = None;
        s.score_aggregation = None;
        s.require_pass = Vec::new();
        s.static_validation_score = false;
        s
    }

    /// The scoring settings in one `testdata.yaml` (legacy) or `test_group.yaml` (2025-09)
    /// mapping, inheriting from `parent` where the spec says settings inherit (legacy: every
    /// key not set here, transitively; 2025-09: none of the scoring keys). Keys that are not
    /// about scoring (validator flags, `args`, ...) are left to other modules and ignored.
    ///
    /// Legacy keys: `on_reject` (`break`|`continue`), `grading` (`default`|`custom`),
    /// `grader_flags` (string), `accept_score`, `reject_score` (numbers), `range` (string `A B`,
    /// `inf`, `-inf`, `+inf` allowed, A ≤ B). 2025-09 keys: `max_score` (integer ≥ 0 or
    /// `unbounded`), `score_aggregation` (`pass-fail`|`sum`|`min`), `require_pass` (string or
    /// sequence of strings), `static_validation_score` (integer or `pass-fail`).
    ///
    /// Errors name `origin`, the key and the bad value. O(size of the mapping).
    pub fn from_yaml(
        version: Version,
        map: &yaml_serde::Mapping,
        parent: Option<&GroupSettings>,
        origin: &str,
    ) -> anyhow::Result<GroupSettings> {
        let mut s = GroupSettings::inherited(version, parent, origin);
        s.own_file = true;
        let bad = |key: &str, v: &yaml_serde::Value, want: &str| {
            anyhow!("{origin}: `{key}` is {}, expected {want}", show_value(v))
        };
        match version {
            Version::Legacy => {
                if let Some(v) = map.get("on_reject") {
                    s.on_reject = match v.as_str() {
                        Some("break") => OnReject::Break,
                        Some("continue") => OnReject::Continue,
                        _ => return Err(bad("on_reject", v, "`break` or `continue`")),
                    };
                }
                if let Some(v) = map.get("grading") {
                    s.grading = match v.as_str() {
                        Some("default") => Grading::Default,
                        Some("custom") => Grading::Custom,
                        _ => return Err(bad("grading", v, "`default` or `custom`")),
                    };
                }
                if let Some(v) = map.get("grader_flags") {
                    let flags = match v {
                        yaml_serde::Value::Null => "",
                        v => v
                            .as_str()
                            .ok_or_else(|| bad("grader_flags", v, "a string"))?,
                    };
                    s.grader_flags = flags.split_whitespace().map(String::from).collect();
                }
                for key in ["accept_score", "reject_score"] {
                    if let Some(v) = map.get(key) {
                        let x = yaml_number(v)
                            .filter(|x| x.is_finite())
                            .ok_or_else(|| bad(key, v, "a finite number"))?;
                        if key == "accept_score" {
                            s.accept_score = x;
                        } else {
                            s.reject_score = x;
                        }
                        s.scoring_only_key
                            .get_or_insert_with(|| format!("`{key}` in {origin}"));
                    }
                }
                if let Some(v) = map.get("range") {
                    let want =
                        "a string of two numbers `A B` with A <= B (inf, -inf, +inf allowed)";
                    let text = v.as_str().ok_or_else(|| bad("range", v, want))?;
                    let ends: Vec<Option<f64>> = text.split_whitespace().map(range_end).collect();
                    s.range = match ends[..] {
                        [Some(a), Some(b)] if a <= b => (a, b),
                        _ => return Err(bad("range", v, want)),
                    };
                    s.scoring_only_key
                        .get_or_insert_with(|| format!("`range` in {origin}"));
                }
            }
            Version::V2025_09 => {
                if let Some(v) = map.get("max_score") {
                    s.max_score = Some(match v {
                        yaml_serde::Value::String(t) if t == "unbounded" => MaxScore::Unbounded,
                        v => MaxScore::Bounded(v.as_u64().ok_or_else(|| {
                            bad("max_score", v, "a non-negative integer or `unbounded`")
                        })? as f64),
                    });
                }
                if let Some(v) = map.get("score_aggregation") {
                    s.score_aggregation = Some(match v.as_str() {
                        Some("pass-fail") => Aggregation::PassFail,
                        Some("sum") => Aggregation::Sum,
                        Some("min") => Aggregation::Min,
                        _ => {
                            return Err(bad("score_aggregation", v, "`pass-fail`, `sum` or `min`"))
                        }
                    });
                }
                if let Some(v) = map.get("require_pass") {
                    let want = "a group name or a sequence of group names";
                    s.require_pass = match v {
                        yaml_serde::Value::String(t) => vec![t.clone()],
                        yaml_serde::Value::Sequence(items) => items
                            .iter()
                            .map(|i| {
                                i.as_str()
                                    .map(String::from)
                                    .ok_or_else(|| bad("require_pass", i, want))
                            })
                            .collect::<anyhow::Result<_>>()?,
                        v => return Err(bad("require_pass", v, want)),
                    };
                }
                if let Some(v) = map.get("static_validation_score") {
                    if v.as_u64().is_none() && v.as_str() != Some("pass-fail") {
                        return Err(bad(
                            "static_validation_score",
                            v,
                            "a non-negative integer or `pass-fail`",
                        ));
                    }
                    s.static_validation_score = true;
                }
            }
        }
        Ok(s)
    }

    /// The legacy default grader these settings configure. Errors: an unknown flag (named).
    pub fn default_grader(&self) -> anyhow::Result<DefaultGrader> {
        DefaultGrader::from_flags(&self.grader_flags)
            .with_context(|| format!("{}: `grader_flags`", self.origin))
    }
}

/// A legacy `range` end: a decimal number, or `inf`, `+inf`, `-inf`.
fn range_end(t: &str) -> Option<f64> {
    match t {
        "inf" | "+inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        t => crate::core::output_validator::spec_float(t.as_bytes()).filter(|x| x.is_finite()),
    }
}

/// A YAML number, or a string holding a decimal number.
fn yaml_number(v: &yaml_serde::Value) -> Option<f64> {
    match v {
        yaml_serde::Value::Number(n) => n.as_f64(),
        yaml_serde::Value::String(t) => {
            crate::core::output_validator::spec_float(t.trim().as_bytes())
        }
        _ => None,
    }
}

fn show_value(v: &yaml_serde::Value) -> String {
    match yaml_serde::to_string(v) {
        Ok(t) => format!("`{}`", t.trim()),
        Err(_) => "not readable".to_string(),
    }
}

/// The legacy default grader's verdict mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerdictMode {
    /// `worst_error` (default; `no_errors` is problemtools' alias).
    WorstError,
    /// `first_error`.
    FirstError,
    /// `always_accept`.
    AlwaysAccept,
}

/// The legacy default grader's score mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreMode {
    /// `sum` (default).
    Sum,
    /// `avg`.
    Avg,
    /// `min`.
    Min,
    /// `max`.
    Max,
}

/// The legacy default grader configured by `grader_flags` (spec "Default grader
/// specification": the last of conflicting modes wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultGrader {
    /// How the verdicts aggregate.
    pub verdict: VerdictMode,
    /// How the scores aggregate.
    pub score: ScoreMode,
    /// `ignore_sample`: only the last sub-result counts (root only).
    pub ignore_sample: bool,
    /// `accept_if_any_accepted`.
    pub accept_if_any_accepted: bool,
}

impl DefaultGrader {
    /// The grader for `flags`. Errors: a flag the default grader does not know.
    pub fn from_flags(flags: &[String]) -> anyhow::Result<DefaultGrader> {
        let mut g = DefaultGrader {
            verdict: VerdictMode::WorstError,
            score: ScoreMode::Sum,
            ignore_sample: false,
            accept_if_any_accepted: false,
        };
        for f in flags {
            match f.as_str() {
                "worst_error" | "no_errors" => g.verdict = VerdictMode::WorstError,
                "first_error" => g.verdict = VerdictMode::FirstError,
                "always_accept" => g.verdict = VerdictMode::AlwaysAccept,
                "sum" => g.score = ScoreMode::Sum,
                "avg" => g.score = ScoreMode::Avg,
                "min" => g.score = ScoreMode::Min,
                "max" => g.score = ScoreMode::Max,
                "ignore_sample" => g.ignore_sample = true,
                "accept_if_any_accepted" => g.accept_if_any_accepted = true,
                other => bail!(
                    "unknown default grader flag `{other}` (known: worst_error, first_error, \
                     always_accept, sum, avg, min, max, ignore_sample, accept_if_any_accepted)"
                ),
            }
        }
        Ok(g)
    }

    /// Grades the sub-results in order (the default grader on a non-empty list; an empty list
    /// is AC with score 0, as problemtools grades it without calling a grader).
    pub fn grade(&self, results: &[(Verdict, f64)]) -> (Verdict, f64) {
        let results = if self.ignore_sample {
            &results[results.len().saturating_sub(1)..]
        } else {
            results
        };
        if results.is_empty() {
            return (Verdict::Ac, 0.0);
        }
        let verdict = if self.accept_if_any_accepted && results.iter().any(|r| r.0 == Verdict::Ac) {
            Verdict::Ac
        } else {
            match self.verdict {
                VerdictMode::AlwaysAccept => Verdict::Ac,
                VerdictMode::FirstError => results
                    .iter()
                    .map(|r| r.0)
                    .find(|&v| v != Verdict::Ac)
                    .unwrap_or(Verdict::Ac),
                VerdictMode::WorstError => results
                    .iter()
                    .map(|r| r.0)
                    .min_by_key(|&v| severity(v))
                    .unwrap_or(Verdict::Ac),
            }
        };
        let scores = results.iter().map(|r| r.1);
        let score = match self.score {
            ScoreMode::Sum => scores.sum(),
            ScoreMode::Avg => scores.sum::<f64>() / results.len() as f64,
            ScoreMode::Min => scores.fold(f64::INFINITY, f64::min),
            ScoreMode::Max => scores.fold(f64::NEG_INFINITY, f64::max),
        };
        (verdict, score)
    }
}

/// The rank of a verdict in the default grader's `worst_error` order (JE, RTE, MLE, TLE, OLE,
/// WA, PE, AC: lower is worse).
fn severity(v: Verdict) -> u8 {
    match v {
        Verdict::Fail => 0,
        Verdict::Re => 1,
        Verdict::Mle => 2,
        Verdict::Tle => 3,
        Verdict::Ole => 4,
        Verdict::Wa => 5,
        Verdict::Pe => 6,
        Verdict::Ac => 7,
    }
}

/// A node of the data tree: a test case with its result, or a folder with its settings and
/// children in the order the spec uses them (lexicographic by name). `name` is the node's own
/// file or folder name without `.in` (`01-small`, `secret`, `group1`); the root is `data/`
/// itself (its name is not used). A group's full name is the path under `data/`
/// (`secret/group1`), as `require_pass` names groups.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A test case.
    Test {
        /// File name without `.in`.
        name: String,
        /// Its verdict (AC, WA, TLE, RE, ...; FAIL for a judge error).
        verdict: Verdict,
        /// The number in the output validator's `score.txt`, if it wrote one.
        score: Option<f64>,
        /// The number in its `score_multiplier.txt` (2025-09), if it wrote one.
        score_multiplier: Option<f64>,
    },
    /// A folder of test cases and folders.
    Group {
        /// Folder name.
        name: String,
        /// Its settings ([`GroupSettings::from_yaml`] with a settings file,
        /// [`GroupSettings::inherited`] without).
        settings: GroupSettings,
        /// Its children in order.
        children: Vec<Node>,
    },
}

impl Node {
    /// A test case without score files.
    pub fn test(name: &str, verdict: Verdict) -> Node {
        Node::Test {
            name: name.to_string(),
            verdict,
            score: None,
            score_multiplier: None,
        }
    }
}

/// A folder of the data tree for [`tree`]: its path under `data/` (`secret/g1`; `` for
/// `data/` itself) and its settings file's mapping (`None` when it has no such file).
#[derive(Clone, Copy, Debug)]
pub struct FlatGroup<'a> {
    /// Path under `data/`, `/`-separated.
    pub name: &'a str,
    /// Its `testdata.yaml` / `test_group.yaml`, if it has one.
    pub yaml: Option<&'a yaml_serde::Mapping>,
}

/// One judged test case for [`tree`].
#[derive(Clone, Debug, PartialEq)]
pub struct TestResult {
    /// Path under `data/` without `.in` (`secret/g1/03`).
    pub name: String,
    /// Its verdict.
    pub verdict: Verdict,
    /// Its `score.txt`, if written.
    pub score: Option<f64>,
    /// Its `score_multiplier.txt` (2025-09), if written.
    pub score_multiplier: Option<f64>,
}

/// The nested [`Node`] tree of `data/` from flat lists: every folder that holds a result or
/// is listed in `groups` becomes a group, with its settings read from its file (errors name
/// `data/<name>/testdata.yaml` or `test_group.yaml`) and inherited from its parent's as
/// [`GroupSettings::from_yaml`] says. Children keep the order of first appearance (results in
/// judging order, so lexicographic as the spec wants). A test case not listed (not judged:
/// `on_reject: break` or a filter) is simply absent. O((groups + results) · depth).
pub fn tree(
    version: Version,
    groups: &[FlatGroup<'_>],
    results: Vec<TestResult>,
) -> anyhow::Result<Node> {
    let file = match version {
        Version::Legacy => "testdata.yaml",
        Version::V2025_09 => "test_group.yaml",
    };
    let yaml_of = |name: &str| groups.iter().find(|g| g.name == name).and_then(|g| g.yaml);
    let settings_of =
        |name: &str, parent: Option<&GroupSettings>| -> anyhow::Result<GroupSettings> {
            let origin = if name.is_empty() {
                format!("data/{file}")
            } else {
                format!("data/{name}/{file}")
            };
            match yaml_of(name) {
                Some(map) => GroupSettings::from_yaml(version, map, parent, &origin),
                None => Ok(GroupSettings::inherited(version, parent, &origin)),
            }
        };
    let mut root = Node::Group {
        name: "data".to_string(),
        settings: settings_of("", None)?,
        children: Vec::new(),
    };
    // Folders listed in `groups` exist even without results (they aggregate as empty).
    let mut paths: Vec<(Vec<&str>, Option<TestResult>)> = groups
        .iter()
        .filter(|g| !g.name.is_empty())
        .map(|g| (g.name.split('/').collect(), None))
        .collect();
    let names: Vec<String> = results.iter().map(|r| r.name.clone()).collect();
    for (r, name) in results.into_iter().zip(&names) {
        paths.push((name.split('/').collect(), Some(r)));
    }
    for (parts, result) in paths {
        let mut node = &mut root;
        let mut prefix = String::new();
        let folders = if result.is_some() {
            parts.len() - 1
        } else {
            parts.len()
        };
        for part in &parts[..folders] {
            prefix = join(&prefix, part);
            let Node::Group {
                settings, children, ..
            } = node
            else {
                bail!("data/{prefix} is a test case, not a folder");
            };
            let at = match children
                .iter()
                .position(|c| matches!(c, Node::Group { name, .. } if name == part))
            {
                Some(i) => i,
                None => {
                    if children
                        .iter()
                        .any(|c| matches!(c, Node::Test { name, .. } if name == part))
                    {
                        bail!("data/{prefix} is both a test case and a folder");
                    }
                    let s = settings_of(&prefix, Some(settings))?;
                    children.push(Node::Group {
                        name: part.to_string(),
                        settings: s,
                        children: Vec::new(),
                    });
                    children.len() - 1
                }
            };
            node = &mut children[at];
        }
        if let (Some(r), Node::Group { children, .. }) = (result, node) {
            let base = parts.last().copied().unwrap_or_default();
            if children
                .iter()
                .any(|c| matches!(c, Node::Group { name, .. } if name == base))
            {
                bail!("data/{} is both a test case and a folder", r.name);
            }
            children.push(Node::Test {
                name: base.to_string(),
                verdict: r.verdict,
                score: r.score,
                score_multiplier: r.score_multiplier,
            });
        }
    }
    Ok(root)
}

/// The result of one group (legacy: every folder; 2025-09: `sample`, `secret` and the test
/// data groups).
#[derive(Clone, Debug, PartialEq)]
pub struct GroupOutcome {
    /// The path under `data/` (`secret/group1`; `` for the legacy root).
    pub name: String,
    /// Its verdict (legacy: its grader's; 2025-09: AC iff every test case in it is accepted,
    /// else the first other verdict).
    pub verdict: Verdict,
    /// Its score (`None` in a pass-fail problem and for `sample` in 2025-09).
    pub score: Option<f64>,
    /// Its maximum score where it has one (2025-09 bounded groups; legacy: `range`'s upper end
    /// when finite).
    pub max_score: Option<f64>,
}

/// The verdict and score of a submission over the whole tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Legacy: the root grader's verdict. 2025-09: AC iff every test case is accepted (a
    /// not-run group's test cases count as not accepted), else the first other verdict in
    /// order (for a scoring problem this is what `permitted`/`required` see; its result is
    /// the score).
    pub verdict: Verdict,
    /// The score of a scoring problem (legacy: only when `verdict` is AC, as the spec ignores
    /// the grader's score otherwise); `None` for a pass-fail problem.
    pub score: Option<f64>,
    /// Every group's result, children before their parent, in order.
    pub groups: Vec<GroupOutcome>,
}

/// A custom legacy grader: the group's settings and full name, its sub-results (verdict,
/// score) in order; returns the group's (verdict, score).
pub type CustomGrader<'a> =
    dyn FnMut(&GroupSettings, &str, &[(Verdict, f64)]) -> anyhow::Result<(Verdict, f64)> + 'a;

/// Aggregates the tree `root` (the `data/` folder) as `version` says; `scoring` is whether
/// problem.yaml's `type` is `scoring`. A legacy `grading: custom` group is an error here; use
/// [`aggregate_with`] to run the package's grader.
///
/// Errors (judge errors and bad settings, naming the group or file): see the module
/// documentation. O(number of nodes).
pub fn aggregate(version: Version, scoring: bool, root: &Node) -> anyhow::Result<Outcome> {
    aggregate_with(version, scoring, root, &mut |s, name, _| {
        bail!(
            "{}: group `{name}` has `grading: custom`; a custom grader needs aggregate_with",
            s.origin
        )
    })
}

/// [`aggregate`] with `custom` called for every legacy group with `grading: custom`.
pub fn aggregate_with(
    version: Version,
    scoring: bool,
    root: &Node,
    custom: &mut CustomGrader<'_>,
) -> anyhow::Result<Outcome> {
    let Node::Group { .. } = root else {
        bail!("the data tree's root must be the `data` folder, not a test case");
    };
    match version {
        Version::Legacy => {
            let mut groups = Vec::new();
            let (verdict, score) = legacy_group(scoring, root, "", true, &mut groups, custom)?;
            Ok(Outcome {
                verdict,
                score: (scoring && verdict == Verdict::Ac).then_some(score),
                groups,
            })
        }
        Version::V2025_09 => v2025(scoring, root),
    }
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}/{name}")
    }
}

fn legacy_group(
    scoring: bool,
    node: &Node,
    full: &str,
    is_root: bool,
    out: &mut Vec<GroupOutcome>,
    custom: &mut CustomGrader<'_>,
) -> anyhow::Result<(Verdict, f64)> {
    let Node::Group {
        settings, children, ..
    } = node
    else {
        bail!("legacy_group called on a test case");
    };
    if !scoring {
        if let Some(key) = &settings.scoring_only_key {
            bail!("{key}: only a scoring problem may set it (problem.yaml's type is pass-fail)");
        }
    }
    let mut results = Vec::new();
    for child in children {
        let r = match child {
            Node::Test {
                name,
                verdict,
                score,
                score_multiplier,
            } => {
                if score_multiplier.is_some() {
                    bail!(
                        "test case `{}`: score_multiplier.txt is not part of the legacy format",
                        join(full, name)
                    );
                }
                let s = match score {
                    Some(s) if scoring => *s,
                    _ if *verdict == Verdict::Ac => settings.accept_score,
                    _ => settings.reject_score,
                };
                (*verdict, s)
            }
            Node::Group { name, .. } => {
                legacy_group(scoring, child, &join(full, name), false, out, custom)?
            }
        };
        results.push(r);
        if r.0 != Verdict::Ac && settings.on_reject == OnReject::Break {
            break;
        }
    }
    let (verdict, score) = if let Some(&(v, s)) = results.iter().find(|r| r.0 == Verdict::Fail) {
        (v, s)
    } else if results.is_empty() {
        (Verdict::Ac, 0.0)
    } else if settings.grading == Grading::Custom {
        if !scoring {
            bail!(
                "{}: `grading: custom` is only for scoring problems",
                settings.origin
            );
        }
        custom(settings, full, &results)?
    } else {
        let g = settings.default_grader()?;
        if g.ignore_sample {
            if !is_root {
                bail!(
                    "{}: `grader_flags: ignore_sample` is only allowed at the top level, not in \
                     `{full}`",
                    settings.origin
                );
            }
            if results.len() > 2 {
                bail!(
                    "{}: `ignore_sample` needs at most two sub-results at the top level (sample, \
                     secret); data/ has {}",
                    settings.origin,
                    results.len()
                );
            }
        }
        g.grade(&results)
    };
    let (lo, hi) = settings.range;
    if scoring && !(lo <= score && score <= hi) {
        bail!(
            "{}: group `{}` got score {score}, outside its range [{lo}, {hi}]",
            settings.origin,
            if full.is_empty() { "data" } else { full }
        );
    }
    out.push(GroupOutcome {
        name: full.to_string(),
        verdict,
        score: scoring.then_some(score),
        max_score: (scoring && hi.is_finite()).then_some(hi),
    });
    Ok((verdict, score))
}

/// A test case of the 2025-09 tree, flattened: full name, verdict, score files.
struct Case {
    name: String,
    verdict: Verdict,
    score: Option<f64>,
    multiplier: Option<f64>,
}

fn flatten(node: &Node, prefix: &str, out: &mut Vec<Case>) {
    match node {
        Node::Test {
            name,
            verdict,
            score,
            score_multiplier,
        } => out.push(Case {
            name: join(prefix, name),
            verdict: *verdict,
            score: *score,
            multiplier: *score_multiplier,
        }),
        Node::Group { name, children, .. } => {
            let p = join(prefix, name);
            for c in children {
                flatten(c, &p, out);
            }
        }
    }
}

/// AC when every case is, else the first other verdict.
fn all_verdict(cases: &[Case]) -> Verdict {
    cases
        .iter()
        .map(|c| c.verdict)
        .find(|&v| v != Verdict::Ac)
        .unwrap_or(Verdict::Ac)
}

/// Slack for sums of `max / N` that exceed `max` by rounding.
fn within(x: f64, max: f64) -> bool {
    x <= max + 1e-9 * max.abs().max(1.0)
}

fn v2025(scoring: bool, root: &Node) -> anyhow::Result<Outcome> {
    let Node::Group { children, .. } = root else {
        bail!("the data tree's root must be a folder");
    };
    let mut all = Vec::new();
    let mut sample_cases = Vec::new();
    let mut secret: Option<(&GroupSettings, &Vec<Node>)> = None;
    for c in children {
        match c {
            Node::Group {
                name,
                settings,
                children,
            } if name == "sample" || name == "secret" => {
                if settings.static_validation_score {
                    bail!(
                        "{}: static validation test cases are not supported",
                        settings.origin
                    );
                }
                if name == "sample" {
                    if settings.max_score.is_some()
                        || settings.score_aggregation.is_some()
                        || !settings.require_pass.is_empty()
                    {
                        bail!(
                            "{}: `max_score`, `score_aggregation` and `require_pass` are not \
                             permitted in sample",
                            settings.origin
                        );
                    }
                    flatten(c, "", &mut sample_cases);
                } else {
                    secret = Some((settings, children));
                }
            }
            // Other folders and files in data/ (invalid_input, valid_output, ...) are not
            // judged with submissions.
            _ => {}
        }
    }
    all.extend(sample_cases.iter().map(|c| c.verdict));
    let mut groups = vec![GroupOutcome {
        name: "sample".to_string(),
        verdict: all_verdict(&sample_cases),
        score: None,
        max_score: None,
    }];
    let sample_ok = groups[0].verdict == Verdict::Ac;
    let Some((sset, schildren)) = secret else {
        let verdict = groups[0].verdict;
        return Ok(Outcome {
            verdict,
            score: scoring.then_some(0.0),
            groups,
        });
    };
    let sname = "secret";
    let any_group_file = schildren
        .iter()
        .any(|c| matches!(c, Node::Group { settings, .. } if settings.own_file));
    // The test data groups (or none) and, without groups, secret's test cases.
    let mut tdgs: Vec<(&str, &GroupSettings, Vec<Case>)> = Vec::new();
    let mut direct = Vec::new();
    for c in schildren {
        match c {
            Node::Group {
                name,
                settings,
                children,
            } if any_group_file => {
                if !settings.own_file {
                    bail!(
                        "{}: data/secret has test data groups, so its folder `{name}` must be \
                         one too (it has no test_group.yaml)",
                        settings.origin
                    );
                }
                if settings.static_validation_score {
                    bail!(
                        "{}: static validation test cases are not supported",
                        settings.origin
                    );
                }
                let mut cases = Vec::new();
                for g in children {
                    flatten(g, &format!("{sname}/{name}"), &mut cases);
                }
                tdgs.push((name, settings, cases));
            }
            Node::Test { name, .. } if any_group_file => bail!(
                "{}: data/secret has test data groups, so test case `{name}` must not be \
                 directly in it",
                sset.origin
            ),
            c => flatten(c, sname, &mut direct),
        }
    }
    if !scoring {
        for s in std::iter::once(sset).chain(tdgs.iter().map(|t| t.1)) {
            if s.max_score.is_some() || s.score_aggregation.is_some() || !s.require_pass.is_empty()
            {
                bail!(
                    "{}: a pass-fail problem must not set `max_score`, `score_aggregation` or \
                     `require_pass`",
                    s.origin
                );
            }
        }
        for (name, _, cases) in &tdgs {
            groups.push(GroupOutcome {
                name: format!("{sname}/{name}"),
                verdict: all_verdict(cases),
                score: None,
                max_score: None,
            });
            all.extend(cases.iter().map(|c| c.verdict));
        }
        all.extend(direct.iter().map(|c| c.verdict));
        let secret_cases: Vec<Verdict> = all[sample_cases.len()..].to_vec();
        groups.push(GroupOutcome {
            name: sname.to_string(),
            verdict: secret_cases
                .iter()
                .copied()
                .find(|&v| v != Verdict::Ac)
                .unwrap_or(Verdict::Ac),
            score: None,
            max_score: None,
        });
        let verdict = all
            .iter()
            .copied()
            .find(|&v| v != Verdict::Ac)
            .unwrap_or(Verdict::Ac);
        return Ok(Outcome {
            verdict,
            score: None,
            groups,
        });
    }
    let secret_agg = sset.score_aggregation.unwrap_or(Aggregation::Sum);
    let secret_max = sset.max_score.unwrap_or(MaxScore::Bounded(100.0));
    if secret_agg == Aggregation::PassFail && secret_max == MaxScore::Unbounded {
        bail!(
            "{}: a pass-fail secret must have a bounded max_score",
            sset.origin
        );
    }
    // Which groups passed, for require_pass: sample first, then each group in order.
    let mut passed: BTreeMap<String, (bool, bool)> = BTreeMap::new(); // name -> (pass-fail?, passed)
    passed.insert("sample".to_string(), (true, sample_ok));
    let check_requires = |s: &GroupSettings,
                          me: &str,
                          passed: &BTreeMap<String, (bool, bool)>|
     -> anyhow::Result<bool> {
        let mut ok = true;
        for r in &s.require_pass {
            if me == sname && r != "sample" {
                bail!("{}: secret may require only `sample`, not `{r}`", s.origin);
            }
            let Some(&(pass_fail, p)) = passed.get(r.as_str()) else {
                bail!(
                    "{}: `require_pass` names `{r}`, which is not `sample` or a test data group \
                     before `{me}`",
                    s.origin
                );
            };
            if !pass_fail {
                bail!(
                    "{}: `require_pass` names `{r}`, which has no pass-fail aggregation",
                    s.origin
                );
            }
            ok &= p;
        }
        Ok(ok)
    };
    let secret_runs = check_requires(sset, sname, &passed)?;
    let mut verdicts = Vec::new();
    let mut scores = Vec::new();
    if tdgs.is_empty() {
        let (score, v) = score_cases(
            &direct,
            secret_agg,
            secret_max,
            secret_runs,
            &sset.origin,
            sname,
        )?;
        verdicts.extend(v);
        scores.push(score);
    } else {
        for (name, s, cases) in &tdgs {
            let full = format!("{sname}/{name}");
            let agg = s.score_aggregation.unwrap_or(Aggregation::PassFail);
            let max = s.max_score.unwrap_or(MaxScore::Unbounded);
            if secret_agg == Aggregation::PassFail && agg != Aggregation::PassFail {
                bail!(
                    "{}: secret has pass-fail aggregation, so must `{full}`",
                    s.origin
                );
            }
            if max == MaxScore::Unbounded && secret_max != MaxScore::Unbounded {
                bail!(
                    "{}: `{full}` has an unbounded max_score (the default: set one) while \
                     secret's is bounded",
                    s.origin
                );
            }
            if agg == Aggregation::PassFail && max == MaxScore::Unbounded {
                bail!(
                    "{}: a pass-fail group must have a bounded max_score",
                    s.origin
                );
            }
            let runs = secret_runs && check_requires(s, &full, &passed)?;
            let (score, v) = score_cases(cases, agg, max, runs, &s.origin, &full)?;
            let verdict = v
                .iter()
                .copied()
                .find(|&v| v != Verdict::Ac)
                .unwrap_or(Verdict::Ac);
            passed.insert(
                full.clone(),
                (agg == Aggregation::PassFail, verdict == Verdict::Ac),
            );
            groups.push(GroupOutcome {
                name: full,
                verdict,
                score: Some(score),
                max_score: bound(max),
            });
            verdicts.extend(v);
            scores.push(score);
        }
    }
    let secret_verdict = verdicts
        .iter()
        .copied()
        .find(|&v| v != Verdict::Ac)
        .unwrap_or(Verdict::Ac);
    let secret_score = if !secret_runs {
        0.0
    } else if tdgs.is_empty() {
        scores[0]
    } else {
        match secret_agg {
            Aggregation::PassFail => match (secret_verdict, secret_max) {
                (Verdict::Ac, MaxScore::Bounded(m)) => m,
                _ => 0.0,
            },
            Aggregation::Sum => scores.iter().sum(),
            Aggregation::Min => scores.iter().copied().fold(f64::INFINITY, f64::min),
        }
    };
    if let MaxScore::Bounded(m) = secret_max {
        if !within(secret_score, m) {
            bail!(
                "{}: secret's score {secret_score} exceeds its max_score {m}",
                sset.origin
            );
        }
    }
    groups.push(GroupOutcome {
        name: sname.to_string(),
        verdict: secret_verdict,
        score: Some(secret_score),
        max_score: bound(secret_max),
    });
    all.extend(verdicts);
    let verdict = all
        .iter()
        .copied()
        .find(|&v| v != Verdict::Ac)
        .unwrap_or(Verdict::Ac);
    Ok(Outcome {
        verdict,
        score: Some(secret_score),
        groups,
    })
}

fn bound(m: MaxScore) -> Option<f64> {
    match m {
        MaxScore::Bounded(x) => Some(x),
        MaxScore::Unbounded => None,
    }
}

/// The score of a group (or of `secret` without groups) from its test cases, and the
/// verdicts its test cases count with (all not accepted when the group does not run: WA
/// stands for "not accepted" then unless a case already failed otherwise).
fn score_cases(
    cases: &[Case],
    agg: Aggregation,
    max: MaxScore,
    runs: bool,
    origin: &str,
    group: &str,
) -> anyhow::Result<(f64, Vec<Verdict>)> {
    if !runs {
        let v = cases
            .iter()
            .map(|c| {
                if c.verdict == Verdict::Ac {
                    Verdict::Wa
                } else {
                    c.verdict
                }
            })
            .collect();
        return Ok((0.0, v));
    }
    let verdicts: Vec<Verdict> = cases.iter().map(|c| c.verdict).collect();
    let n = cases.len();
    let case_max = match (agg, max) {
        (_, MaxScore::Unbounded) => None,
        (Aggregation::Min, MaxScore::Bounded(m)) => Some(m),
        (_, MaxScore::Bounded(m)) => Some(if n == 0 { 0.0 } else { m / n as f64 }),
    };
    let mut scores = Vec::with_capacity(n);
    for c in cases {
        let name = &c.name;
        if c.verdict != Verdict::Ac {
            if c.score.is_some() || c.multiplier.is_some() {
                bail!(
                    "test case `{name}`: {} but a score file was written (a judge error)",
                    c.verdict
                );
            }
            scores.push(0.0);
            continue;
        }
        if agg == Aggregation::PassFail && (c.score.is_some() || c.multiplier.is_some()) {
            bail!(
                "test case `{name}`: a score file in pass-fail group `{group}` ({origin}) (a \
                 judge error)"
            );
        }
        let s = match (c.score, c.multiplier, case_max) {
            (Some(s), None, m) => {
                if !(s.is_finite() && s >= 0.0) {
                    bail!("test case `{name}`: score.txt holds {s}, not a number >= 0");
                }
                if let Some(m) = m {
                    if !within(s, m) {
                        bail!(
                            "test case `{name}`: score.txt holds {s}, above the test case's \
                             maximum {m} (a judge error)"
                        );
                    }
                }
                s
            }
            (None, Some(k), Some(m)) => {
                if !(0.0..=1.0).contains(&k) {
                    bail!("test case `{name}`: score_multiplier.txt holds {k}, not in [0, 1]");
                }
                k * m
            }
            (None, Some(_), None) => bail!(
                "test case `{name}`: score_multiplier.txt in unbounded group `{group}` (a judge \
                 error)"
            ),
            (None, None, Some(m)) => m,
            (None, None, None) => {
                if agg == Aggregation::PassFail {
                    0.0
                } else {
                    bail!(
                        "test case `{name}`: accepted in unbounded group `{group}` without a \
                         score.txt (a judge error)"
                    )
                }
            }
            (Some(_), Some(_), _) => {
                bail!("test case `{name}`: both score.txt and score_multiplier.txt (a judge error)")
            }
        };
        scores.push(s);
    }
    let all_ac = verdicts.iter().all(|&v| v == Verdict::Ac);
    let score = match agg {
        Aggregation::PassFail => match (all_ac, max) {
            (true, MaxScore::Bounded(m)) => m,
            _ => 0.0,
        },
        Aggregation::Sum => scores.iter().sum(),
        Aggregation::Min => {
            if scores.is_empty() {
                0.0
            } else {
                scores.iter().copied().fold(f64::INFINITY, f64::min)
            }
        }
    };
    if let MaxScore::Bounded(m) = max {
        if !within(score, m) {
            bail!("{origin}: `{group}` got score {score}, above its max_score {m} (a judge error)");
        }
    }
    Ok((score, verdicts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::{Ac, Fail, Re, Tle, Wa};

    fn settings(
        v: Version,
        yaml: &str,
        parent: Option<&GroupSettings>,
        origin: &str,
    ) -> GroupSettings {
        let map: yaml_serde::Mapping = if yaml.trim().is_empty() {
            yaml_serde::Mapping::new()
        } else {
            yaml_serde::from_str(yaml).unwrap()
        };
        GroupSettings::from_yaml(v, &map, parent, origin).unwrap()
    }

    fn settings_err(v: Version, yaml: &str) -> String {
        let map: yaml_serde::Mapping = yaml_serde::from_str(yaml).unwrap();
        GroupSettings::from_yaml(v, &map, None, "data/x/testdata.yaml")
            .unwrap_err()
            .to_string()
    }

    fn group(name: &str, settings: &GroupSettings, children: Vec<Node>) -> Node {
        Node::Group {
            name: name.to_string(),
            settings: settings.clone(),
            children,
        }
    }

    fn tests(verdicts: &[Verdict]) -> Vec<Node> {
        verdicts
            .iter()
            .enumerate()
            .map(|(i, &v)| Node::test(&format!("{:02}", i + 1), v))
            .collect()
    }

    fn scored(name: &str, score: f64) -> Node {
        Node::Test {
            name: name.to_string(),
            verdict: Ac,
            score: Some(score),
            score_multiplier: None,
        }
    }

    const L: Version = Version::Legacy;
    const N: Version = Version::V2025_09;

    /// problemtools' own IOI-style example `oddecho` (examples/oddecho/data/**/testdata.yaml):
    /// two subtasks of 50 points, min within each, sum over them, samples ignored.
    fn oddecho(sample: &[Verdict], sub1: &[Verdict], sub2: &[Verdict]) -> Node {
        let root = settings(
            L,
            "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample",
            None,
            "data/testdata.yaml",
        );
        let s = settings(
            L,
            "on_reject: continue\nrange: 0 0\naccept_score: 0\ngrader_flags: first_error",
            Some(&root),
            "sample",
        );
        let sec = settings(
            L,
            "on_reject: continue\nrange: 0 100\ngrader_flags: first_error accept_if_any_accepted",
            Some(&root),
            "secret",
        );
        let st = "on_reject: break\naccept_score: 50\nrange: 0 50\ngrader_flags: min\ninput_validator_flags: nFive=1";
        let st1 = settings(L, st, Some(&sec), "subtask1");
        let st2 = settings(L, st, Some(&sec), "subtask2");
        group(
            "data",
            &root,
            vec![
                group("sample", &s, tests(sample)),
                group(
                    "secret",
                    &sec,
                    vec![
                        group("subtask1", &st1, tests(sub1)),
                        group("subtask2", &st2, tests(sub2)),
                    ],
                ),
            ],
        )
    }

    #[test]
    fn legacy_oddecho_subtasks() {
        let o = aggregate(L, true, &oddecho(&[Ac, Ac], &[Ac, Ac], &[Ac, Ac, Ac])).unwrap();
        assert_eq!((o.verdict, o.score), (Ac, Some(100.0)));
        // Partially accepted: subtask 2 breaks at its WA, min 0; secret accepts any accepted.
        let o = aggregate(L, true, &oddecho(&[Ac, Ac], &[Ac, Ac], &[Ac, Wa, Ac])).unwrap();
        assert_eq!((o.verdict, o.score), (Ac, Some(50.0)));
        let sub2 = o
            .groups
            .iter()
            .find(|g| g.name == "secret/subtask2")
            .unwrap();
        assert_eq!(
            (sub2.verdict, sub2.score, sub2.max_score),
            (Wa, Some(0.0), Some(50.0))
        );
        assert_eq!(
            o.groups.iter().map(|g| g.name.as_str()).collect::<Vec<_>>(),
            ["sample", "secret/subtask1", "secret/subtask2", "secret", ""]
        );
        // Nothing accepted in secret: rejected, and then no score.
        let o = aggregate(L, true, &oddecho(&[Ac, Ac], &[Tle], &[Wa])).unwrap();
        assert_eq!((o.verdict, o.score), (Tle, None));
        // ignore_sample: a failed sample does not matter.
        let o = aggregate(L, true, &oddecho(&[Wa, Ac], &[Ac], &[Ac])).unwrap();
        assert_eq!((o.verdict, o.score), (Ac, Some(100.0)));
    }

    #[test]
    fn legacy_verdict_modes() {
        let cont = |flags: &str| {
            settings(
                L,
                &format!("on_reject: continue\ngrader_flags: {flags}"),
                None,
                "data/testdata.yaml",
            )
        };
        let run = |s: &GroupSettings, v: &[Verdict]| {
            aggregate(L, false, &group("data", s, tests(v)))
                .unwrap()
                .verdict
        };
        // worst_error takes the worst present, first_error the first.
        assert_eq!(run(&cont("worst_error"), &[Ac, Wa, Tle, Ac]), Tle);
        assert_eq!(run(&cont(""), &[Wa, Re, Tle]), Re);
        assert_eq!(run(&cont("first_error"), &[Ac, Wa, Tle]), Wa);
        assert_eq!(run(&cont("worst_error first_error"), &[Wa, Tle]), Wa);
        assert_eq!(run(&cont("first_error worst_error"), &[Wa, Tle]), Tle);
        assert_eq!(run(&cont("always_accept"), &[Wa, Tle]), Ac);
        assert_eq!(run(&cont("accept_if_any_accepted"), &[Wa, Ac, Tle]), Ac);
        assert_eq!(run(&cont("accept_if_any_accepted"), &[Wa, Tle]), Tle);
        // on_reject: break (the default) stops at the first rejection.
        let brk = settings(L, "", None, "data/testdata.yaml");
        assert_eq!(run(&brk, &[Ac, Wa, Tle]), Wa);
        // A judge error wins.
        assert_eq!(run(&cont("always_accept"), &[Ac, Fail]), Fail);
        // An empty group is accepted.
        assert_eq!(run(&brk, &[]), Ac);
    }

    #[test]
    fn legacy_score_modes_and_defaults() {
        let run = |yaml: &str, children: Vec<Node>| {
            let s = settings(L, yaml, None, "data/testdata.yaml");
            aggregate(L, true, &group("data", &s, children)).unwrap()
        };
        let five = || tests(&[Ac, Ac, Wa, Ac, Wa]);
        let base =
            "on_reject: continue\naccept_score: 10\nreject_score: 1\ngrader_flags: always_accept";
        assert_eq!(run(base, five()).score, Some(32.0));
        assert_eq!(run(&format!("{base} avg"), five()).score, Some(6.4));
        assert_eq!(run(&format!("{base} min"), five()).score, Some(1.0));
        assert_eq!(run(&format!("{base} max"), five()).score, Some(10.0));
        // score.txt replaces accept_score.
        let o = run(
            "on_reject: continue",
            vec![scored("a", 2.5), scored("b", 4.0), Node::test("c", Ac)],
        );
        assert_eq!((o.verdict, o.score), (Ac, Some(7.5)));
        // In a pass-fail problem there is no score.
        let s = settings(L, "", None, "data/testdata.yaml");
        let o = aggregate(L, false, &group("data", &s, tests(&[Ac]))).unwrap();
        assert_eq!((o.verdict, o.score), (Ac, None));
    }

    #[test]
    fn legacy_inheritance() {
        let root = settings(
            L,
            "on_reject: continue\ngrader_flags: first_error\naccept_score: 3",
            None,
            "data/testdata.yaml",
        );
        let child = settings(
            L,
            "grader_flags: min",
            Some(&root),
            "data/secret/testdata.yaml",
        );
        assert_eq!(child.on_reject, OnReject::Continue);
        assert_eq!(child.accept_score, 3.0);
        assert_eq!(child.grader_flags, ["min"]);
        // grader_flags replace the parent's whole: min with worst_error, not first_error.
        assert_eq!(
            child.default_grader().unwrap().verdict,
            VerdictMode::WorstError
        );
        let bare = GroupSettings::inherited(L, Some(&child), "data/secret/a");
        assert_eq!(bare.grader_flags, ["min"]);
        assert!(!bare.own_file && child.own_file);
        // 2025-09: scoring keys do not inherit.
        let sec = settings(N, "max_score: 60\nscore_aggregation: min", None, "secret");
        let g = GroupSettings::inherited(N, Some(&sec), "secret/g/sub");
        assert_eq!((g.max_score, g.score_aggregation), (None, None));
    }

    #[test]
    fn legacy_errors() {
        assert!(settings_err(L, "on_reject: first_error")
            .contains("data/x/testdata.yaml: `on_reject` is `first_error`"));
        assert!(settings_err(L, "grading: fancy").contains("`grading`"));
        assert!(settings_err(L, "range: 5").contains("`range` is `5`"));
        assert!(settings_err(L, "range: 10 0").contains("`range`"));
        assert!(settings_err(L, "accept_score: lots").contains("`accept_score` is `lots`"));
        let s = settings(L, "grader_flags: sum median", None, "data/testdata.yaml");
        let e = aggregate(L, true, &group("data", &s, tests(&[Ac]))).unwrap_err();
        assert!(
            format!("{e:#}").contains("unknown default grader flag `median`"),
            "{e:#}"
        );
        // A score out of range.
        let s = settings(
            L,
            "range: 0 50\naccept_score: 30\non_reject: continue",
            None,
            "data/testdata.yaml",
        );
        let e = aggregate(L, true, &group("data", &s, tests(&[Ac, Ac]))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "data/testdata.yaml: group `data` got score 60, outside its range [0, 50]"
        );
        // Scoring keys in a pass-fail problem.
        let e = aggregate(L, false, &group("data", &s, tests(&[Ac]))).unwrap_err();
        assert!(
            e.to_string()
                .contains("`accept_score` in data/testdata.yaml: only a scoring problem"),
            "{e}"
        );
        // ignore_sample below the root.
        let root = settings(L, "", None, "data/testdata.yaml");
        let sec = settings(
            L,
            "grader_flags: ignore_sample",
            Some(&root),
            "data/secret/testdata.yaml",
        );
        let tree = group("data", &root, vec![group("secret", &sec, tests(&[Ac]))]);
        let e = aggregate(L, true, &tree).unwrap_err();
        assert!(
            e.to_string().contains("only allowed at the top level"),
            "{e}"
        );
    }

    #[test]
    fn legacy_custom_grader() {
        let s = settings(
            L,
            "grading: custom\non_reject: continue",
            None,
            "data/testdata.yaml",
        );
        let tree = group("data", &s, tests(&[Ac, Wa]));
        assert!(aggregate(L, true, &tree)
            .unwrap_err()
            .to_string()
            .contains("aggregate_with"));
        let mut seen = Vec::new();
        let o = aggregate_with(L, true, &tree, &mut |_, name, results| {
            seen.push((name.to_string(), results.to_vec()));
            Ok((Ac, 42.0))
        })
        .unwrap();
        assert_eq!((o.verdict, o.score), (Ac, Some(42.0)));
        assert_eq!(seen, [("".to_string(), vec![(Ac, 1.0), (Wa, 0.0)])]);
    }

    /// A 2025-09 tree: samples, then secret with the given settings and groups.
    fn tree2025(
        sample: &[Verdict],
        secret_yaml: &str,
        groups: Vec<(&str, &str, Vec<Node>)>,
    ) -> Node {
        let root = GroupSettings::defaults(N, "data");
        let sample = group(
            "sample",
            &GroupSettings::inherited(N, None, "data/sample"),
            tests(sample),
        );
        let sec = settings(N, secret_yaml, None, "data/secret/test_group.yaml");
        let children = groups
            .into_iter()
            .map(|(name, yaml, cases)| {
                let s = settings(
                    N,
                    yaml,
                    None,
                    &format!("data/secret/{name}/test_group.yaml"),
                );
                group(name, &s, cases)
            })
            .collect();
        group("data", &root, vec![sample, group("secret", &sec, children)])
    }

    #[test]
    fn v2025_ioi_subtasks_min_within_sum_over() {
        let t = |g1: &[Verdict], g2: &[Verdict]| {
            tree2025(
                &[Ac],
                "",
                vec![
                    ("group1", "max_score: 30\nscore_aggregation: min", tests(g1)),
                    ("group2", "max_score: 70\nscore_aggregation: min", tests(g2)),
                ],
            )
        };
        let o = aggregate(N, true, &t(&[Ac, Ac], &[Ac, Ac, Ac])).unwrap();
        assert_eq!((o.verdict, o.score), (Ac, Some(100.0)));
        let o = aggregate(N, true, &t(&[Ac, Ac], &[Ac, Tle, Ac])).unwrap();
        assert_eq!((o.verdict, o.score), (Tle, Some(30.0)));
        let g2 = o.groups.iter().find(|g| g.name == "secret/group2").unwrap();
        assert_eq!(
            (g2.verdict, g2.score, g2.max_score),
            (Tle, Some(0.0), Some(70.0))
        );
        // score_multiplier.txt in a min group: the multiplier of the group's maximum.
        let mut g1 = tests(&[Ac]);
        g1.push(Node::Test {
            name: "half".into(),
            verdict: Ac,
            score: None,
            score_multiplier: Some(0.5),
        });
        let tree = tree2025(
            &[Ac],
            "",
            vec![
                ("group1", "max_score: 30\nscore_aggregation: min", g1),
                ("group2", "max_score: 70", tests(&[Wa])),
            ],
        );
        let o = aggregate(N, true, &tree).unwrap();
        assert_eq!(o.score, Some(15.0));
    }

    #[test]
    fn v2025_defaults_pass_fail_groups_and_sum() {
        // Groups default to pass-fail: all-or-nothing of their max_score.
        let tree = tree2025(
            &[Wa],
            "",
            vec![
                ("a", "max_score: 20", tests(&[Ac, Ac])),
                ("b", "max_score: 80", tests(&[Ac, Wa])),
            ],
        );
        let o = aggregate(N, true, &tree).unwrap();
        // Samples never score; the failed sample still makes the verdict.
        assert_eq!((o.verdict, o.score), (Wa, Some(20.0)));
        // A sum group of 4 test cases: 10 points each.
        let tree = tree2025(
            &[],
            "",
            vec![
                (
                    "a",
                    "max_score: 40\nscore_aggregation: sum",
                    tests(&[Ac, Wa, Ac, Ac]),
                ),
                ("b", "max_score: 60", tests(&[Ac])),
            ],
        );
        assert_eq!(aggregate(N, true, &tree).unwrap().score, Some(90.0));
        // No groups: secret sums its test cases, 100 / 3 each.
        let root = GroupSettings::defaults(N, "data");
        let sec = GroupSettings::inherited(N, None, "data/secret");
        let tree = group(
            "data",
            &root,
            vec![group("secret", &sec, tests(&[Ac, Wa, Ac]))],
        );
        let s = aggregate(N, true, &tree).unwrap().score.unwrap();
        assert!((s - 200.0 / 3.0).abs() < 1e-9, "{s}");
        let tree = group(
            "data",
            &root,
            vec![group("secret", &sec, tests(&[Ac, Ac, Ac]))],
        );
        assert_eq!(aggregate(N, true, &tree).unwrap().score, Some(100.0));
        // Unbounded: score.txt counts as given.
        let tree = tree2025(
            &[],
            "max_score: unbounded",
            vec![(
                "a",
                "score_aggregation: sum",
                vec![scored("x", 7.5), scored("y", 1000.0)],
            )],
        );
        assert_eq!(aggregate(N, true, &tree).unwrap().score, Some(1007.5));
    }

    #[test]
    fn v2025_require_pass() {
        let t = |g1: &[Verdict]| {
            tree2025(
                &[Ac],
                "",
                vec![
                    ("g1", "max_score: 40", tests(g1)),
                    (
                        "g2",
                        "max_score: 60\nrequire_pass: [sample, secret/g1]",
                        tests(&[Ac]),
                    ),
                ],
            )
        };
        assert_eq!(aggregate(N, true, &t(&[Ac])).unwrap().score, Some(100.0));
        let o = aggregate(N, true, &t(&[Wa])).unwrap();
        assert_eq!(o.score, Some(0.0));
        // g2 was not run: its test cases count as not accepted.
        let g2 = o.groups.iter().find(|g| g.name == "secret/g2").unwrap();
        assert_eq!((g2.verdict, g2.score), (Wa, Some(0.0)));
        let bad = tree2025(
            &[Ac],
            "",
            vec![
                (
                    "g1",
                    "max_score: 100\nrequire_pass: secret/g2",
                    tests(&[Ac]),
                ),
                ("g2", "max_score: 0", tests(&[Ac])),
            ],
        );
        assert!(aggregate(N, true, &bad)
            .unwrap_err()
            .to_string()
            .contains("before `secret/g1`"));
    }

    #[test]
    fn v2025_judge_errors_and_bad_settings() {
        let err = |tree: Node| aggregate(N, true, &tree).unwrap_err().to_string();
        // The spec's note: with secret's default max_score of 100 every group needs one.
        let e = err(tree2025(
            &[],
            "",
            vec![("a", "score_aggregation: sum", tests(&[Ac]))],
        ));
        assert!(e.contains("unbounded max_score"), "{e}");
        let e = err(tree2025(
            &[],
            "",
            vec![(
                "a",
                "max_score: 100\nscore_aggregation: min",
                vec![scored("x", 101.0)],
            )],
        ));
        assert!(e.contains("above the test case's maximum 100"), "{e}");
        let e = err(tree2025(
            &[],
            "",
            vec![("a", "max_score: 100", vec![scored("x", 1.0)])],
        ));
        assert!(e.contains("pass-fail group"), "{e}");
        let e = err(tree2025(
            &[],
            "",
            vec![
                ("a", "max_score: 60", tests(&[Ac])),
                ("b", "max_score: 60", tests(&[Ac])),
            ],
        ));
        assert!(
            e.contains("secret's score 120 exceeds its max_score 100"),
            "{e}"
        );
        let wa_with_score = Node::Test {
            name: "x".into(),
            verdict: Wa,
            score: Some(1.0),
            score_multiplier: None,
        };
        let e = err(tree2025(
            &[],
            "",
            vec![(
                "a",
                "max_score: 100\nscore_aggregation: sum",
                vec![wa_with_score],
            )],
        ));
        assert!(e.contains("WA but a score file"), "{e}");
        let e = err(tree2025(
            &[],
            "max_score: unbounded",
            vec![("a", "score_aggregation: sum", tests(&[Ac]))],
        ));
        assert!(e.contains("without a score.txt"), "{e}");
        assert!(settings_err(N, "max_score: 2.5").contains("`max_score` is `2.5`"));
        assert!(settings_err(N, "max_score: -1").contains("non-negative integer"));
        assert!(settings_err(N, "score_aggregation: max").contains("`score_aggregation` is `max`"));
        assert!(settings_err(N, "require_pass: [1]").contains("`require_pass`"));
        // A pass-fail problem: no scoring keys, accepted iff every test case is.
        let e = aggregate(
            N,
            false,
            &tree2025(&[], "", vec![("a", "max_score: 5", tests(&[Ac]))]),
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("pass-fail problem must not set"),
            "{e}"
        );
        let o = aggregate(
            N,
            false,
            &tree2025(&[Ac], "", vec![("a", "", tests(&[Ac, Re, Wa]))]),
        )
        .unwrap();
        assert_eq!((o.verdict, o.score), (Re, None));
    }

    /// The settings of one folder of a test package under `tests/kattis/`.
    fn package_settings(v: Version, file: &str, parent: Option<&GroupSettings>) -> GroupSettings {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/kattis")
            .join(file);
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let map: yaml_serde::Mapping = yaml_serde::from_str(&text).unwrap();
                GroupSettings::from_yaml(v, &map, parent, file).unwrap()
            }
            Err(_) => GroupSettings::inherited(v, parent, file),
        }
    }

    /// The test packages' submissions, with the verdict of each test case (sample 1-2, group1
    /// 1-3, group2 1-3) as their outputs compare with the answers: the scores verifyproblem
    /// printed for `scoringlegacy` (kadane AC 100, sum_all AC 40, largest WA) and the ones
    /// `scoring2025`'s submissions.yaml expects (100, 40, 0).
    const RUNS: [(&str, [Verdict; 8]); 3] = [
        ("kadane", [Ac, Ac, Ac, Ac, Ac, Ac, Ac, Ac]),
        ("sum_all", [Wa, Ac, Ac, Ac, Ac, Wa, Wa, Ac]),
        ("largest", [Wa, Wa, Wa, Ac, Wa, Ac, Wa, Wa]),
    ];

    fn package_tree(v: Version, dir: &str, run: &[Verdict; 8]) -> Node {
        let (cfg, sub) = match v {
            Version::Legacy => ("testdata.yaml", "testdata.yaml"),
            Version::V2025_09 => ("test_group.yaml", "test_group.yaml"),
        };
        let root = package_settings(v, &format!("{dir}/data/{cfg}"), None);
        let sample = package_settings(v, &format!("{dir}/data/sample/{sub}"), Some(&root));
        let secret = package_settings(v, &format!("{dir}/data/secret/{sub}"), Some(&root));
        let g1 = package_settings(v, &format!("{dir}/data/secret/group1/{sub}"), Some(&secret));
        let g2 = package_settings(v, &format!("{dir}/data/secret/group2/{sub}"), Some(&secret));
        group(
            "data",
            &root,
            vec![
                group("sample", &sample, tests(&run[0..2])),
                group(
                    "secret",
                    &secret,
                    vec![
                        group("group1", &g1, tests(&run[2..5])),
                        group("group2", &g2, tests(&run[5..8])),
                    ],
                ),
            ],
        )
    }

    #[test]
    fn the_test_packages_scores() {
        let want_legacy = [(Ac, Some(100.0)), (Ac, Some(40.0)), (Wa, None)];
        for ((name, run), want) in RUNS.iter().zip(want_legacy) {
            let o = aggregate(L, true, &package_tree(L, "scoringlegacy", run)).unwrap();
            assert_eq!((o.verdict, o.score), want, "scoringlegacy {name}");
        }
        for ((name, run), want) in RUNS.iter().zip([100.0, 40.0, 0.0]) {
            let o = aggregate(N, true, &package_tree(N, "scoring2025", run)).unwrap();
            assert_eq!(o.score, Some(want), "scoring2025 {name}");
        }
    }

    #[test]
    fn the_tree_from_flat_lists() {
        let secret: yaml_serde::Mapping =
            yaml_serde::from_str("on_reject: continue\ngrader_flags: min\naccept_score: 5")
                .unwrap();
        let g: yaml_serde::Mapping = yaml_serde::from_str("accept_score: 7").unwrap();
        let groups = [
            FlatGroup {
                name: "",
                yaml: None,
            },
            FlatGroup {
                name: "sample",
                yaml: None,
            },
            FlatGroup {
                name: "secret",
                yaml: Some(&secret),
            },
            FlatGroup {
                name: "secret/g",
                yaml: Some(&g),
            },
        ];
        let r = |name: &str, verdict| TestResult {
            name: name.into(),
            verdict,
            score: None,
            score_multiplier: None,
        };
        let t = tree(
            L,
            &groups,
            vec![
                r("sample/1", Ac),
                r("secret/g/1", Ac),
                r("secret/g/2", Wa),
                r("secret/x/1", Ac),
            ],
        )
        .unwrap();
        let Node::Group { children, .. } = &t else {
            panic!()
        };
        let names: Vec<&str> = children
            .iter()
            .map(|c| match c {
                Node::Group { name, .. } | Node::Test { name, .. } => name.as_str(),
            })
            .collect();
        assert_eq!(names, ["sample", "secret"]);
        let Node::Group {
            children, settings, ..
        } = &children[1]
        else {
            panic!()
        };
        assert_eq!(settings.origin, "data/secret/testdata.yaml");
        let Node::Group {
            settings: gs,
            children: gc,
            ..
        } = &children[0]
        else {
            panic!()
        };
        assert_eq!(
            (gs.accept_score, gs.grader_flags.as_slice(), gc.len()),
            (7.0, &["min".to_string()][..], 2)
        );
        let Node::Group { settings: xs, .. } = &children[1] else {
            panic!()
        };
        assert_eq!((xs.accept_score, xs.own_file), (5.0, false));
        // g: min(7, 0) = 0 with verdict WA; x: min(5) = 5; secret: min over (0, 5) = 0, WA.
        let o = aggregate(L, true, &t).unwrap();
        assert_eq!(
            o.groups
                .iter()
                .map(|g| (g.name.as_str(), g.score))
                .collect::<Vec<_>>(),
            [
                ("sample", Some(1.0)),
                ("secret/g", Some(0.0)),
                ("secret/x", Some(5.0)),
                ("secret", Some(0.0)),
                ("", Some(1.0))
            ]
        );
        assert_eq!((o.verdict, o.score), (Wa, None));
        assert!(tree(L, &groups, vec![r("secret/g", Ac), r("secret/g/1", Ac)]).is_err());
    }
}
