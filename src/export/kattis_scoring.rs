//! The scores of a Kattis scoring problem kept across the two versions of the format, for
//! [`super::kattis_version`]: what a package's scoring settings compute, read as a [`Plan`]
//! both versions can state ([`legacy_plan`], [`plan_2025`]), the settings of the other
//! version written from it ([`settings_2025`], [`legacy_settings`]), and where a submission's
//! expectation goes ([`partial_score_range`], [`legacy_folder_of`]).
//!
//! The rule: for every submission and every set of test verdicts, the written package gives
//! the score the original gives (legacy: the root grader's score of an accepted submission,
//! and no score, counted as 0, for a rejected one; 2025-09: `secret`'s score). The semantics
//! are those of [`crate::problems::kattis::scoring`]. A *unit* is what 2025-09 scores on its
//! own: a test data group, or `secret` when it has none. Two shapes of unit have a form in
//! both versions, for test cases that score nothing when rejected (legacy `reject_score` 0):
//! * [`Shape::All`]: `max` when every test case is accepted, else 0. Legacy: a folder whose
//!   default grader takes the `min` (any `on_reject`: the first rejected test case already
//!   gives 0), `accept_score` `max` (the least of its subfolders' when it has some); 2025-09:
//!   `score_aggregation: min` (or `pass-fail`) with `max_score` `max`.
//! * [`Shape::Each`]: `share` for every accepted test case. Legacy: `sum` with `on_reject:
//!   continue` (with `break`, the test cases after a rejected one are not judged and add
//!   nothing: equal only for one test case) and `accept_score` `share` in every folder of the
//!   unit; 2025-09: `sum` with `max_score` `share × N`, which gives each of its N test cases
//!   `max_score / N`. The share must be a multiple of 2⁻²⁰ and `max_score` an integer below
//!   2³⁰, so that every sum of shares is exact and both versions add them to the same number
//!   (100 over 3 test cases is refused: legacy would add three 33.333… to 100.00000000000001,
//!   outside a `range` of `0 100`).
//!
//! `secret` is the sum of its units (2025-09's default). In legacy this holds only when no
//! score is lost to a rejected verdict, whose score legacy ignores: the root's default grader
//! with `ignore_sample` and `on_reject: continue` (so that a rejected sample neither counts nor
//! stops the judging), and `secret`'s with `sum`, `on_reject: continue` and either
//! `accept_if_any_accepted` (every unit then scoring 0 whenever its own verdict is rejected:
//! always true of `min`, true of `sum` with `accept_if_any_accepted` in the unit) or a single
//! unit, or `always_accept`. Every `range` must hold every score its folder can get, as a
//! score outside it is a judge error in legacy. Anything else is refused by the functions
//! here, naming the file and key and why: custom graders, `avg` and `max`, `min` or `avg`
//! over groups, `require_pass`, unbounded or unset group `max_score`, static validation, a
//! `secret` `max_score` below its groups' sum, shares that do not add up exactly, nested
//! summing folders inside a `min` one and the like.
//!
//! Expectations: a legacy submission's folder states its final verdict, a 2025-09 one's its
//! test verdicts and score. The legacy package written from a 2025-09 one gives a submission
//! the final verdict AC exactly when it scores more than 0 ([`FinalAc::WhenScored`]), so a
//! 2025-09 `score` strictly between 0 and the maximum is legacy `partially_accepted` (final
//! AC, not the full score), a `score` of 0 the legacy folder of the same name
//! (`wrong_answer`, ...), and `accepted` stays `accepted` (both versions' spec: every test
//! case accepted). Back, `partially_accepted` becomes 2025-09 `rejected` (some test case not
//! accepted, which a score below the maximum implies) with the score range of a partial
//! score, and `wrong_answer`, `time_limit_exceeded` and `run_time_error` get `score: 0` (a
//! rejected legacy submission scores nothing).
//!
//! Uses the problems layer's Kattis scoring and submissions; nothing here reads or writes a
//! file.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{anyhow, bail};
use yaml_serde::{Mapping, Value};

use crate::core::verdict::Verdict;
use crate::problems::kattis::scoring::{
    self, Aggregation, DefaultGrader, FlatGroup, Grading, GroupSettings, MaxScore, Node, OnReject,
    ScoreMode, TestResult, VerdictMode,
};
use crate::problems::kattis::submissions::{KattisSubmission, KattisVerdict};
use crate::problems::kattis::Version;

/// How the score of a unit depends on its test cases' verdicts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// `max` when every test case in the unit is accepted, else 0.
    All {
        /// The score of the unit when every test case is accepted.
        max: f64,
    },
    /// `share` for each accepted test case of the unit's `tests`.
    Each {
        /// The score of one accepted test case.
        share: f64,
        /// The number of test cases.
        tests: usize,
    },
}

impl Shape {
    /// The unit's highest score.
    pub fn max(self) -> f64 {
        match self {
            Shape::All { max } => max,
            Shape::Each { share, tests } => share * tests as f64,
        }
    }

    /// The least positive amount its score moves by: `max` or `share`.
    pub fn step(self) -> f64 {
        match self {
            Shape::All { max } => max,
            Shape::Each { share, .. } => share,
        }
    }
}

/// A unit of `data/secret`: a 2025-09 test data group (legacy: a folder directly in
/// `secret/`), or `secret` itself when it has no groups.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Its path under `data/`: `secret/group1`, or `secret`.
    pub name: String,
    /// How it scores.
    pub shape: Shape,
}

/// When a legacy submission's final verdict is AC, as a function of its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinalAc {
    /// Always (`always_accept` at the root or in `secret`).
    Always,
    /// Exactly when its score is above 0.
    WhenScored,
    /// Not a function of the score (only the scores are kept).
    Other,
}

/// The scoring of a package, as both versions can state it.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Whether `secret` is split into groups (each unit a folder directly in it).
    pub grouped: bool,
    /// The units, in order.
    pub units: Vec<Unit>,
    /// The highest score: the sum of the units' maxima.
    pub total: f64,
    /// Whether the package has a `data/sample` folder.
    pub sample: bool,
    /// When the legacy version's final verdict is AC ([`FinalAc::WhenScored`] for a legacy
    /// package written from a 2025-09 one).
    pub final_ac: FinalAc,
}

/// `max / n` when it is a multiple of 2⁻²⁰, `max` a non-negative integer below 2³⁰ and `n`
/// positive: then every sum of such shares is exact in floating point, in any order.
pub fn exact_share(max: f64, n: usize) -> Option<f64> {
    if n == 0 || !(0.0..1_073_741_824.0).contains(&max) || max.fract() != 0.0 {
        return None;
    }
    let share = max / n as f64;
    ((share * 1_048_576.0).fract() == 0.0 && share * n as f64 == max).then_some(share)
}

/// Every test case accepted: the results [`scoring::tree`] needs to build the tree.
fn all_accepted(tests: &[String]) -> Vec<TestResult> {
    tests
        .iter()
        .map(|name| TestResult {
            name: name.clone(),
            verdict: Verdict::Ac,
            score: None,
            score_multiplier: None,
        })
        .collect()
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}/{name}")
    }
}

/// A score as YAML: an integer when it is one (`40`, `12.5`).
pub fn score_value(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        Value::from(x as i64)
    } else {
        Value::from(x)
    }
}

/// A number as text: `40`, `12.5`.
fn show(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// The result of a legacy folder (or test case) as far as the export needs it.
#[derive(Clone, Copy, Debug)]
struct Res {
    shape: Shape,
    /// Test cases under it.
    tests: usize,
    /// Some test case accepted ⇒ its verdict is AC.
    ac_if_any: bool,
    /// Its verdict is AC ⇒ every test case is accepted.
    ac_only_if_all: bool,
    /// Its verdict is AC ⇒ some test case is accepted.
    ac_only_if_some: bool,
}

impl Res {
    /// A rejected verdict comes with the score 0.
    fn zero_when_rejected(&self) -> bool {
        matches!(self.shape, Shape::All { .. }) || self.ac_if_any
    }

    /// The verdict is AC exactly when the score is above 0 (for a positive step).
    fn ac_iff_scored(&self) -> bool {
        self.shape.step() > 0.0
            && match self.shape {
                Shape::All { .. } => self.ac_only_if_all,
                Shape::Each { .. } => self.ac_if_any && self.ac_only_if_some,
            }
    }
}

/// Reads a legacy data tree's settings, naming the file that sets a key.
struct Legacy<'a> {
    groups: &'a [FlatGroup<'a>],
    data: &'a Path,
}

impl Legacy<'_> {
    /// `data/<folder>/testdata.yaml`.
    fn file(&self, folder: &str) -> String {
        let dir = if folder.is_empty() {
            self.data.to_path_buf()
        } else {
            self.data.join(folder)
        };
        dir.join("testdata.yaml").display().to_string()
    }

    /// `<file>: <key>`, the file being the nearest `testdata.yaml` at or above `folder` that
    /// sets `key` (legacy settings are inherited), or the folder's own when none does.
    fn origin(&self, folder: &str, key: &str) -> String {
        let mut f = folder.to_string();
        loop {
            let sets = self
                .groups
                .iter()
                .any(|g| g.name == f && g.yaml.is_some_and(|m| m.contains_key(key)));
            if sets {
                return format!("{}: {key}", self.file(&f));
            }
            if f.is_empty() {
                return format!("{}: {key} (not set: its default)", self.file(folder));
            }
            f = f
                .rsplit_once('/')
                .map_or(String::new(), |(p, _)| p.to_string());
        }
    }

    /// The folder's default grader; a custom grader is refused.
    fn grader(&self, s: &GroupSettings, folder: &str) -> anyhow::Result<DefaultGrader> {
        if s.grading == Grading::Custom {
            bail!(
                "{} custom: a custom grader (graders/) computes the folder's result as a \
                 program does, which no 2025-09 setting states; the export keeps only what the \
                 default grader computes",
                self.origin(folder, "grading")
            );
        }
        s.default_grader()
            .map_err(|e| anyhow!("{}: {e:#}", self.file(folder)))
    }

    /// A folder of `secret` (a unit or inside one).
    fn unit(&self, node: &Node, folder: &str) -> anyhow::Result<Res> {
        let Node::Group {
            settings: s,
            children,
            ..
        } = node
        else {
            bail!("data/{folder} is a test case, not a folder");
        };
        let g = self.grader(s, folder)?;
        if g.ignore_sample {
            bail!(
                "{} ignore_sample: only data/ may set it (a judge error in legacy); set \
                 grader_flags here",
                self.origin(folder, "grader_flags")
            );
        }
        if children.is_empty() {
            bail!(
                "{}: no test cases: 2025-09 wants one in every group",
                self.data.join(folder).display()
            );
        }
        let mut rs = Vec::new();
        for c in children {
            match c {
                Node::Test { .. } => {
                    if s.reject_score != 0.0 {
                        bail!(
                            "{} {}: a rejected test case scores 0 in 2025-09",
                            self.origin(folder, "reject_score"),
                            show(s.reject_score)
                        );
                    }
                    if s.accept_score < 0.0 {
                        bail!(
                            "{} {}: 2025-09 scores are not negative",
                            self.origin(folder, "accept_score"),
                            show(s.accept_score)
                        );
                    }
                    rs.push(Res {
                        shape: Shape::Each {
                            share: s.accept_score,
                            tests: 1,
                        },
                        tests: 1,
                        ac_if_any: true,
                        ac_only_if_all: true,
                        ac_only_if_some: true,
                    });
                }
                Node::Group { name, .. } => rs.push(self.unit(c, &join(folder, name))?),
            }
        }
        let n = rs.len();
        let tests = rs.iter().map(|r| r.tests).sum();
        let continues = s.on_reject == OnReject::Continue || n == 1;
        let sub_name = |i: usize| match &children[i] {
            Node::Group { name, .. } => Some(join(folder, name)),
            Node::Test { .. } => None,
        };
        let shape = match g.score {
            ScoreMode::Min => {
                let mut max = f64::INFINITY;
                for (i, r) in rs.iter().enumerate() {
                    let v = match r.shape {
                        Shape::All { max } => max,
                        Shape::Each { share, .. } if r.tests == 1 => share,
                        Shape::Each { .. } => bail!(
                            "{} sum: a folder that adds its test cases' scores inside one that \
                             takes the least of its parts has no 2025-09 form",
                            self.origin(&sub_name(i).unwrap_or_default(), "grader_flags")
                        ),
                    };
                    max = max.min(v);
                }
                Shape::All { max }
            }
            ScoreMode::Sum => {
                if !continues {
                    bail!(
                        "{} break: with grader_flags sum, the test cases after a rejected one \
                         are not judged and add nothing, while 2025-09's sum adds every \
                         accepted test case (the two agree only for a folder of one test case): \
                         set on_reject: continue",
                        self.origin(folder, "on_reject")
                    );
                }
                let mut share = None;
                for (i, r) in rs.iter().enumerate() {
                    let v = match r.shape {
                        Shape::Each { share, .. } => share,
                        Shape::All { max } if r.tests == 1 => max,
                        Shape::All { .. } => bail!(
                            "{} min: a folder that takes the least of its test cases' scores \
                             inside one that adds them has no 2025-09 form",
                            self.origin(&sub_name(i).unwrap_or_default(), "grader_flags")
                        ),
                    };
                    match share {
                        None => share = Some(v),
                        Some(s0) if s0 == v => {}
                        Some(s0) => bail!(
                            "{}: its test cases score {} and {} when accepted, while a 2025-09 \
                             sum gives each test case of a group the same share (max_score / N)",
                            self.origin(folder, "accept_score"),
                            show(s0),
                            show(v)
                        ),
                    }
                }
                Shape::Each {
                    share: share.unwrap_or(0.0),
                    tests,
                }
            }
            mode @ (ScoreMode::Avg | ScoreMode::Max) => bail!(
                "{} {}: 2025-09 scores a group by pass-fail, sum or min only (the export keeps \
                 min and sum)",
                self.origin(folder, "grader_flags"),
                if mode == ScoreMode::Avg { "avg" } else { "max" }
            ),
        };
        let (ac_if_any, ac_only_if_all, ac_only_if_some) =
            match (g.verdict, g.accept_if_any_accepted) {
                (VerdictMode::AlwaysAccept, _) => (true, false, false),
                (_, true) => (
                    continues && rs.iter().all(|r| r.ac_if_any),
                    n == 1 && rs[0].ac_only_if_all,
                    rs.iter().all(|r| r.ac_only_if_some),
                ),
                (_, false) => (
                    n == 1 && rs[0].ac_if_any,
                    rs.iter().all(|r| r.ac_only_if_all),
                    rs.iter().any(|r| r.ac_only_if_some),
                ),
            };
        self.check_range(s, folder, shape.max())?;
        Ok(Res {
            shape,
            tests,
            ac_if_any,
            ac_only_if_all,
            ac_only_if_some,
        })
    }

    /// Errors when the folder's `range` does not hold every score from 0 to `max`.
    fn check_range(&self, s: &GroupSettings, folder: &str, max: f64) -> anyhow::Result<()> {
        let (lo, hi) = s.range;
        if !(lo <= 0.0 && max <= hi) {
            bail!(
                "{} {} {}: the folder can score from 0 to {}, and a score outside its range is \
                 a judge error in legacy",
                self.origin(folder, "range"),
                show(lo),
                show(hi),
                show(max)
            );
        }
        Ok(())
    }

    /// Checks that a sample folder is judged without a judge error: a default grader without
    /// `ignore_sample`, a `range` holding every score it can get. Returns bounds of its score.
    fn sample(&self, node: &Node, folder: &str) -> anyhow::Result<(f64, f64)> {
        let Node::Group {
            settings: s,
            children,
            ..
        } = node
        else {
            bail!("data/{folder} is a test case, not a folder");
        };
        let g = self.grader(s, folder)?;
        if g.ignore_sample {
            bail!(
                "{} ignore_sample: only data/ may set it (the samples inherit data/'s \
                 grader_flags unless their testdata.yaml sets its own), a judge error in legacy",
                self.origin(folder, "grader_flags")
            );
        }
        let mut bounds = Vec::new();
        for c in children {
            bounds.push(match c {
                Node::Test { .. } => (
                    s.accept_score.min(s.reject_score),
                    s.accept_score.max(s.reject_score),
                ),
                Node::Group { name, .. } => self.sample(c, &join(folder, name))?,
            });
        }
        let (lo, hi) = if bounds.is_empty() {
            (0.0, 0.0)
        } else if g.score == ScoreMode::Sum {
            (
                bounds.iter().map(|b| b.0.min(0.0)).sum(),
                bounds.iter().map(|b| b.1.max(0.0)).sum(),
            )
        } else {
            (
                bounds.iter().map(|b| b.0).fold(f64::INFINITY, f64::min),
                bounds.iter().map(|b| b.1).fold(f64::NEG_INFINITY, f64::max),
            )
        };
        let (rlo, rhi) = s.range;
        if !(rlo <= lo && hi <= rhi) {
            bail!(
                "{} {} {}: the samples can score from {} to {} here, and a score outside the \
                 range is a judge error in legacy",
                self.origin(folder, "range"),
                show(rlo),
                show(rhi),
                show(lo),
                show(hi)
            );
        }
        Ok((lo, hi))
    }

    /// `shape` of the unit at `folder` as 2025-09 states it: an integer `max_score` and, for a
    /// sum, exact shares.
    fn exact(&self, shape: Shape, folder: &str) -> anyhow::Result<Shape> {
        match shape {
            Shape::All { max } if max.fract() == 0.0 && (0.0..1_073_741_824.0).contains(&max) => {
                Ok(shape)
            }
            Shape::All { max } => bail!(
                "{} {}: 2025-09's max_score is an integer",
                self.origin(folder, "accept_score"),
                show(max)
            ),
            Shape::Each { share, tests } => {
                let max = (share * tests as f64).round();
                if exact_share(max, tests) == Some(share) {
                    Ok(shape)
                } else {
                    bail!(
                        "{} {}: {} test cases summed give max_score {} in 2025-09, which must be \
                         an integer whose N-th part (each test case's score) every sum keeps \
                         exact (a multiple of 2^-20)",
                        self.origin(folder, "accept_score"),
                        show(share),
                        tests,
                        show(share * tests as f64)
                    )
                }
            }
        }
    }
}

/// The child of `node` named `name`.
fn child<'a>(node: &'a Node, name: &str) -> Option<&'a Node> {
    let Node::Group { children, .. } = node else {
        return None;
    };
    children
        .iter()
        .find(|c| matches!(c, Node::Group { name: n, .. } if n == name))
}

/// The [`Plan`] of a legacy scoring package: its folders (`data/` itself as ``, with their
/// `testdata.yaml`), its judged test cases' names (`secret/group1/1`) and its `data/` folder
/// (for the messages). Errors (naming the `testdata.yaml` that sets the key, and why): what
/// the module documentation says is refused.
pub fn legacy_plan(
    groups: &[FlatGroup<'_>],
    tests: &[String],
    data: &Path,
) -> anyhow::Result<Plan> {
    let root = scoring::tree(Version::Legacy, groups, all_accepted(tests))?;
    let l = Legacy { groups, data };
    let Node::Group { settings: rs, .. } = &root else {
        bail!("data/ is not a folder");
    };
    let g = l.grader(rs, "")?;
    let sample = child(&root, "sample");
    if let Some(sample) = sample {
        if !g.ignore_sample {
            bail!(
                "{}: without ignore_sample the root grades the samples' result with secret's \
                 (a rejected sample rejects the submission), while 2025-09 never scores samples: \
                 add ignore_sample",
                l.origin("", "grader_flags")
            );
        }
        let has_tests = matches!(sample, Node::Group { children, .. } if !children.is_empty());
        if rs.on_reject == OnReject::Break && has_tests {
            bail!(
                "{} break: a rejected sample stops the judging before secret (and ignore_sample \
                 then keeps the sample's result), while 2025-09 scores secret whatever the \
                 samples get: set on_reject: continue",
                l.origin("", "on_reject")
            );
        }
        l.sample(sample, "sample")?;
    }
    let root_always = g.verdict == VerdictMode::AlwaysAccept;
    let Some(
        secret @ Node::Group {
            settings: ss,
            children: sc,
            ..
        },
    ) = child(&root, "secret")
    else {
        bail!(
            "{}: missing: a scoring problem is scored on data/secret",
            data.join("secret").display()
        );
    };
    let sg = l.grader(ss, "secret")?;
    let grouped = !sc.is_empty() && sc.iter().all(|c| matches!(c, Node::Group { .. }));
    let mut units = Vec::new();
    let final_ac;
    if grouped {
        if sg.ignore_sample {
            bail!(
                "{} ignore_sample: only data/ may set it, a judge error in legacy",
                l.origin("secret", "grader_flags")
            );
        }
        if sg.score != ScoreMode::Sum {
            bail!(
                "{}: secret's score is not the sum of its groups' (sum, 2025-09's default \
                 for secret), the only way the export keeps",
                l.origin("secret", "grader_flags")
            );
        }
        if ss.on_reject == OnReject::Break && sc.len() > 1 {
            bail!(
                "{} break: the groups after a rejected one are not judged and add nothing, \
                 while 2025-09 adds every group's score: set on_reject: continue",
                l.origin("secret", "on_reject")
            );
        }
        let any = sg.accept_if_any_accepted && sg.verdict != VerdictMode::AlwaysAccept;
        let always = root_always || sg.verdict == VerdictMode::AlwaysAccept;
        let mut res = Vec::new();
        for c in sc {
            let Node::Group { name, .. } = c else {
                continue;
            };
            let folder = format!("secret/{name}");
            let r = l.unit(c, &folder)?;
            units.push(Unit {
                shape: l.exact(r.shape, &folder)?,
                name: folder.clone(),
            });
            if !always && any && !r.zero_when_rejected() {
                bail!(
                    "{}: a submission with only some of the group's test cases accepted gets a \
                     rejected verdict for the group and a score above 0, which legacy drops \
                     when no other group is accepted (a rejected submission has no score), \
                     while 2025-09 counts it: add accept_if_any_accepted",
                    l.origin(&folder, "grader_flags")
                );
            }
            res.push(r);
        }
        let single = res.len() == 1;
        let kept = always || any || (single && res[0].zero_when_rejected());
        if !kept {
            bail!(
                "{}: a submission rejected in one group gets a rejected verdict, whose score \
                 legacy drops, while 2025-09 adds the scores of the groups it passed: add \
                 accept_if_any_accepted (as problemtools' example oddecho does)",
                l.origin("secret", "grader_flags")
            );
        }
        final_ac = if always {
            FinalAc::Always
        } else if (any || single) && res.iter().all(Res::ac_iff_scored) {
            FinalAc::WhenScored
        } else {
            FinalAc::Other
        };
        let total: f64 = units.iter().map(|u| u.shape.max()).sum();
        l.check_range(ss, "secret", total)?;
    } else {
        let r = l.unit(secret, "secret")?;
        let always = root_always || sg.verdict == VerdictMode::AlwaysAccept;
        if !always && !r.zero_when_rejected() {
            bail!(
                "{}: a submission with only some test cases accepted gets a rejected verdict, \
                 whose score legacy drops, while 2025-09 adds the accepted test cases' shares: \
                 add accept_if_any_accepted",
                l.origin("secret", "grader_flags")
            );
        }
        final_ac = if always {
            FinalAc::Always
        } else if r.ac_iff_scored() {
            FinalAc::WhenScored
        } else {
            FinalAc::Other
        };
        units.push(Unit {
            name: "secret".into(),
            shape: l.exact(r.shape, "secret")?,
        });
    }
    let total = units.iter().map(|u| u.shape.max()).sum();
    l.check_range(rs, "", total)?;
    Ok(Plan {
        grouped,
        units,
        total,
        sample: sample.is_some(),
        final_ac,
    })
}

/// The test cases under `node`.
fn count_tests(node: &Node) -> usize {
    match node {
        Node::Test { .. } => 1,
        Node::Group { children, .. } => children.iter().map(count_tests).sum(),
    }
}

/// The [`Plan`] of a 2025-09 scoring package, from the same lists as [`legacy_plan`] (with
/// `test_group.yaml`). Errors (naming the file and key, and why): what the module
/// documentation says is refused.
pub fn plan_2025(groups: &[FlatGroup<'_>], tests: &[String], data: &Path) -> anyhow::Result<Plan> {
    let root = scoring::tree(Version::V2025_09, groups, all_accepted(tests))?;
    let file = |folder: &str| {
        data.join(folder)
            .join("test_group.yaml")
            .display()
            .to_string()
    };
    let common = |s: &GroupSettings, folder: &str| -> anyhow::Result<()> {
        if s.static_validation_score {
            bail!(
                "{}: static_validation_score: the legacy version has no static validation",
                file(folder)
            );
        }
        if !s.require_pass.is_empty() {
            bail!(
                "{}: require_pass: the legacy version has no group dependencies (its graders \
                 see only their own folder)",
                file(folder)
            );
        }
        Ok(())
    };
    let sample = child(&root, "sample");
    if let Some(Node::Group { settings, .. }) = sample {
        common(settings, "sample")?;
        for (set, key) in [
            (settings.max_score.is_some(), "max_score"),
            (settings.score_aggregation.is_some(), "score_aggregation"),
        ] {
            if set {
                bail!("{}: {key}: not permitted in sample", file("sample"));
            }
        }
    }
    let Some(
        secret @ Node::Group {
            settings: ss,
            children: sc,
            ..
        },
    ) = child(&root, "secret")
    else {
        bail!(
            "{}: missing: a scoring problem is scored on data/secret",
            data.join("secret").display()
        );
    };
    common(ss, "secret")?;
    let unbounded = |folder: &str| {
        anyhow!(
            "{}: max_score: unbounded (the default of a group): each accepted test case's score \
             then comes from the output validator's score.txt, which the export does not carry \
             over; set a max_score",
            file(folder)
        )
    };
    let secret_max = match ss.max_score.unwrap_or(MaxScore::Bounded(100.0)) {
        MaxScore::Bounded(m) => m,
        MaxScore::Unbounded => return Err(unbounded("secret")),
    };
    let secret_agg = ss.score_aggregation.unwrap_or(Aggregation::Sum);
    let shape = |agg: Aggregation, max: f64, n: usize, folder: &str| -> anyhow::Result<Shape> {
        if n == 0 {
            bail!("{}: no test cases", data.join(folder).display());
        }
        Ok(match agg {
            Aggregation::PassFail | Aggregation::Min => Shape::All { max },
            Aggregation::Sum => Shape::Each {
                share: exact_share(max, n).ok_or_else(|| {
                    anyhow!(
                        "{}: max_score {} over {n} test cases: each accepted one scores \
                         {}, which legacy (accept_score) and 2025-09 add to sums that are not \
                         exact (a legacy range of 0 {} would then refuse the full score); \
                         use a max_score that {n} divides into multiples of 2^-20",
                        file(folder),
                        show(max),
                        max / n as f64,
                        show(max)
                    )
                })?,
                tests: n,
            },
        })
    };
    let grouped = sc
        .iter()
        .any(|c| matches!(c, Node::Group { settings, .. } if settings.own_file));
    let mut units = Vec::new();
    if grouped {
        if secret_agg != Aggregation::Sum {
            bail!(
                "{}: score_aggregation: secret's score is not the sum of its groups' (2025-09's \
                 default), the only way the export keeps",
                file("secret")
            );
        }
        for c in sc {
            let Node::Group { name, settings, .. } = c else {
                bail!(
                    "{}: data/secret has test data groups, so its test cases must be in them",
                    data.join("secret").display()
                );
            };
            let folder = format!("secret/{name}");
            if !settings.own_file {
                bail!(
                    "{}: missing: data/secret has test data groups, so every folder in it must \
                     be one",
                    file(&folder)
                );
            }
            common(settings, &folder)?;
            let max = match settings.max_score {
                Some(MaxScore::Bounded(m)) => m,
                _ => return Err(unbounded(&folder)),
            };
            if max == 0.0 {
                bail!(
                    "{}: max_score: 0: legacy would accept a submission that passes only this \
                     group (its verdict is AC when a group is), whatever its score",
                    file(&folder)
                );
            }
            let agg = settings.score_aggregation.unwrap_or(Aggregation::PassFail);
            units.push(Unit {
                shape: shape(agg, max, count_tests(c), &folder)?,
                name: folder,
            });
        }
        let total: f64 = units.iter().map(|u| u.shape.max()).sum();
        if total > secret_max {
            bail!(
                "{}: max_score: {} is below the sum of its groups' ({}), a judge error in \
                 2025-09 for a submission scoring above it",
                file("secret"),
                show(secret_max),
                show(total)
            );
        }
    } else {
        if secret_max == 0.0 {
            bail!("{}: max_score: 0: nothing to score", file("secret"));
        }
        units.push(Unit {
            name: "secret".into(),
            shape: shape(secret_agg, secret_max, count_tests(secret), "secret")?,
        });
    }
    let total = units.iter().map(|u| u.shape.max()).sum();
    Ok(Plan {
        grouped,
        units,
        total,
        sample: sample.is_some(),
        final_ac: FinalAc::WhenScored,
    })
}

/// The 2025-09 `test_group.yaml` scoring keys of `plan`, by folder under `data/`: `secret`
/// (`sum` of its groups, `max_score` their total) and each unit (`min` with `max_score` for
/// [`Shape::All`], `sum` with `max_score` the shares' total for [`Shape::Each`]).
pub fn settings_2025(plan: &Plan) -> BTreeMap<String, Mapping> {
    let mut out = BTreeMap::new();
    if plan.grouped {
        let mut m = Mapping::new();
        m.insert("score_aggregation".into(), "sum".into());
        m.insert("max_score".into(), score_value(plan.total));
        out.insert("secret".to_string(), m);
    }
    for u in &plan.units {
        let mut m = Mapping::new();
        let agg = match u.shape {
            Shape::All { .. } => "min",
            Shape::Each { .. } => "sum",
        };
        m.insert("score_aggregation".into(), agg.into());
        m.insert("max_score".into(), score_value(u.shape.max()));
        out.insert(u.name.clone(), m);
    }
    out
}

/// The legacy `testdata.yaml` scoring keys of `plan`, by folder under `data/` (`` for
/// `data/`), every key written out so that no folder inherits another's by surprise: the root
/// keeps `secret`'s result (`ignore_sample`, `on_reject: continue`); the samples score 0;
/// `secret` adds its groups with `first_error accept_if_any_accepted`; a [`Shape::All`] unit
/// takes the `min` with `accept_score` its maximum (`on_reject: break`: the first rejection
/// decides), a [`Shape::Each`] unit adds its test cases' `accept_score` share with
/// `accept_if_any_accepted` and `on_reject: continue`. Each `range` is `0` to its folder's
/// maximum. The final verdict is then AC exactly when the score is above 0.
pub fn legacy_settings(plan: &Plan) -> BTreeMap<String, Mapping> {
    let range = |max: f64| Value::String(format!("0 {}", show(max)));
    let mut out = BTreeMap::new();
    let mut root = Mapping::new();
    root.insert("on_reject".into(), "continue".into());
    root.insert("grader_flags".into(), "ignore_sample".into());
    root.insert("range".into(), range(plan.total));
    out.insert(String::new(), root);
    if plan.sample {
        let mut m = Mapping::new();
        m.insert("on_reject".into(), "continue".into());
        m.insert("grader_flags".into(), "first_error".into());
        m.insert("accept_score".into(), score_value(0.0));
        m.insert("reject_score".into(), score_value(0.0));
        m.insert("range".into(), range(0.0));
        out.insert("sample".to_string(), m);
    }
    if plan.grouped {
        let mut m = Mapping::new();
        m.insert("on_reject".into(), "continue".into());
        m.insert(
            "grader_flags".into(),
            "first_error accept_if_any_accepted".into(),
        );
        m.insert("range".into(), range(plan.total));
        out.insert("secret".to_string(), m);
    }
    for u in &plan.units {
        let mut m = Mapping::new();
        let (on_reject, flags, accept) = match u.shape {
            Shape::All { max } => ("break", "min", max),
            Shape::Each { share, .. } => ("continue", "sum accept_if_any_accepted", share),
        };
        m.insert("on_reject".into(), on_reject.into());
        m.insert("grader_flags".into(), flags.into());
        m.insert("accept_score".into(), score_value(accept));
        m.insert("reject_score".into(), score_value(0.0));
        m.insert("range".into(), range(u.shape.max()));
        out.insert(u.name.clone(), m);
    }
    out
}

/// The 2025-09 score range of a legacy `partially_accepted` submission (its final verdict AC,
/// its score not the maximum): from the least step above 0 (0 when the final verdict is always
/// AC) to the maximum less the least step. Errors (naming `folder`, the submission folder):
/// the final verdict is no function of the score, or no score is partial.
pub fn partial_score_range(plan: &Plan, folder: &Path) -> anyhow::Result<(f64, f64)> {
    let step = plan
        .units
        .iter()
        .map(|u| u.shape.step())
        .fold(f64::INFINITY, f64::min);
    let lo = match plan.final_ac {
        FinalAc::Always => 0.0,
        FinalAc::WhenScored => step,
        FinalAc::Other => bail!(
            "{}: a legacy partially_accepted submission is one whose final verdict is AC \
             without the full score, and with these graders the final verdict is not a \
             function of the score, so no 2025-09 score range says it (a group's verdict that \
             can be AC while it scores 0, or the reverse)",
            folder.display()
        ),
    };
    let hi = plan.total - step;
    if lo > hi {
        bail!(
            "{}: no score is partial here (the least step, {}, is the whole maximum {}), so no \
             submission can be partially accepted",
            folder.display(),
            show(step),
            show(plan.total)
        );
    }
    Ok((lo, hi))
}

/// The legacy submission folder of the 2025-09 submission `sub` (whose name starts with its
/// folder): `accepted` for every test case accepted; by its `score` (the rules on all its
/// test cases, intersected) otherwise: 0 gives the folder of the same name when legacy has it
/// (`wrong_answer`, `time_limit_exceeded`, `run_time_error`; `None` for `rejected`,
/// `brute_force` and the like: left out), strictly between 0 and `total` gives
/// `partially_accepted`. Errors (naming `yaml`, `submissions.yaml`, and the entry): no score,
/// or a range that spans several of these.
pub fn legacy_folder_of(
    sub: &KattisSubmission,
    total: f64,
    yaml: &Path,
) -> anyhow::Result<Option<&'static str>> {
    let whole: Vec<_> = sub
        .expectation
        .rules
        .iter()
        .filter(|r| r.tests.is_none())
        .collect();
    let all_ac = whole
        .iter()
        .any(|r| r.permitted.len() == 1 && r.permitted.contains(&KattisVerdict::Ac));
    if all_ac {
        return Ok(Some("accepted"));
    }
    let mut range: Option<(f64, f64, String)> = None;
    for r in &whole {
        if let Some((a, b)) = r.score {
            let (lo, hi, _) = range.take().unwrap_or((a, b, String::new()));
            range = Some((lo.max(a), hi.min(b), r.origin.clone()));
        }
    }
    let folder = sub.name.split('/').next().unwrap_or_default();
    let Some((lo, hi, origin)) = range else {
        bail!(
            "{}: {}: no score: a legacy scoring package tells a rejected submission (score 0, \
             in wrong_answer/ and the like) from a partially accepted one (a score between 0 \
             and the maximum, in partially_accepted/) by its folder: give it a score",
            yaml.display(),
            sub.name
        );
    };
    let eps = 1e-9 * total.max(1.0);
    if hi <= eps {
        return Ok(["wrong_answer", "time_limit_exceeded", "run_time_error"]
            .into_iter()
            .find(|f| *f == folder));
    }
    if lo > eps && hi < total - eps {
        return Ok(Some("partially_accepted"));
    }
    bail!(
        "{} (score) for {}: a score from {} to {}, and legacy folders say a score of 0 \
         (wrong_answer, time_limit_exceeded, run_time_error), one strictly between 0 and {} \
         (partially_accepted) or every test case accepted (accepted): give a score range \
         within one of them",
        origin.replace("submissions.yaml", &yaml.display().to_string()),
        sub.name,
        show(lo),
        show(hi),
        show(total)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::{Ac, Tle, Wa};

    fn maps(files: &[(&str, &str)]) -> Vec<(String, Option<Mapping>)> {
        files
            .iter()
            .map(|(n, y)| {
                let m = if y.trim().is_empty() {
                    Mapping::new()
                } else {
                    yaml_serde::from_str(y).unwrap()
                };
                (n.to_string(), Some(m))
            })
            .collect()
    }

    fn flat(groups: &[(String, Option<Mapping>)]) -> Vec<FlatGroup<'_>> {
        groups
            .iter()
            .map(|(name, yaml)| FlatGroup {
                name,
                yaml: yaml.as_ref(),
            })
            .collect()
    }

    /// The folders of `tests` (and their parents) that `files` lacks, without a file.
    fn with_folders(
        mut groups: Vec<(String, Option<Mapping>)>,
        tests: &[String],
    ) -> Vec<(String, Option<Mapping>)> {
        if !groups.iter().any(|g| g.0.is_empty()) {
            groups.push((String::new(), None));
        }
        for t in tests {
            let mut f = t.as_str();
            while let Some((p, _)) = f.rsplit_once('/') {
                if !groups.iter().any(|g| g.0 == p) {
                    groups.push((p.to_string(), None));
                }
                f = p;
            }
        }
        groups.sort_by(|a, b| a.0.cmp(&b.0));
        groups
    }

    fn score(v: Version, groups: &[(String, Option<Mapping>)], run: &[(String, Verdict)]) -> f64 {
        let results = run
            .iter()
            .map(|(n, v)| TestResult {
                name: n.clone(),
                verdict: *v,
                score: None,
                score_multiplier: None,
            })
            .collect();
        let root = scoring::tree(v, &flat(groups), results).unwrap();
        let o =
            scoring::aggregate(v, true, &root).unwrap_or_else(|e| panic!("{v:?} {run:?}: {e:#}"));
        o.score.unwrap_or(0.0)
    }

    fn verdict_ac(groups: &[(String, Option<Mapping>)], run: &[(String, Verdict)]) -> bool {
        let results = run
            .iter()
            .map(|(n, v)| TestResult {
                name: n.clone(),
                verdict: *v,
                score: None,
                score_multiplier: None,
            })
            .collect();
        let root = scoring::tree(Version::Legacy, &flat(groups), results).unwrap();
        scoring::aggregate(Version::Legacy, true, &root)
            .unwrap()
            .verdict
            == Ac
    }

    /// Every assignment of AC, WA and TLE to `tests` (3^n of them).
    fn runs(tests: &[String]) -> Vec<Vec<(String, Verdict)>> {
        let mut out = vec![Vec::new()];
        for t in tests {
            let mut next = Vec::new();
            for r in &out {
                for v in [Ac, Wa, Tle] {
                    let mut r2: Vec<(String, Verdict)> = r.clone();
                    r2.push((t.clone(), v));
                    next.push(r2);
                }
            }
            out = next;
        }
        out
    }

    /// `groups` with the scoring keys of `settings` merged into their files.
    fn written(
        groups: &[(String, Option<Mapping>)],
        settings: BTreeMap<String, Mapping>,
        keep: &[&str],
    ) -> Vec<(String, Option<Mapping>)> {
        let mut out: Vec<(String, Option<Mapping>)> = groups
            .iter()
            .map(|(n, m)| {
                let kept: Option<Mapping> = m.as_ref().map(|m| {
                    m.iter()
                        .filter(|(k, _)| keep.contains(&k.as_str().unwrap_or("")))
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect()
                });
                let mut m = kept.filter(|m: &Mapping| !m.is_empty());
                if let Some(s) = settings.get(n) {
                    let mut base = m.take().unwrap_or_default();
                    for (k, v) in s {
                        base.insert(k.clone(), v.clone());
                    }
                    m = Some(base);
                }
                (n.clone(), m)
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn names(tests: &[&str]) -> Vec<String> {
        tests.iter().map(|s| s.to_string()).collect()
    }

    /// Legacy `files` exported to 2025-09 score alike for every run (and the final verdict is
    /// AC exactly when the plan says).
    fn legacy_exports_alike(files: &[(&str, &str)], tests: &[&str]) -> Plan {
        let tests = names(tests);
        let legacy = with_folders(maps(files), &tests);
        let plan = legacy_plan(&flat(&legacy), &tests, Path::new("data")).unwrap();
        let new = written(&legacy, settings_2025(&plan), &[]);
        for run in runs(&tests) {
            let (a, b) = (
                score(Version::Legacy, &legacy, &run),
                score(Version::V2025_09, &new, &run),
            );
            assert!((a - b).abs() < 1e-9, "{run:?}: legacy {a}, 2025-09 {b}");
            let ac = verdict_ac(&legacy, &run);
            match plan.final_ac {
                FinalAc::Always => assert!(ac),
                FinalAc::WhenScored => assert_eq!(ac, a > 0.0, "{run:?}"),
                FinalAc::Other => {}
            }
        }
        plan
    }

    /// 2025-09 `files` exported to legacy score alike for every run, and the legacy final
    /// verdict is AC exactly when the score is above 0.
    fn new_exports_alike(files: &[(&str, &str)], tests: &[&str]) -> Plan {
        let tests = names(tests);
        let new = with_folders(maps(files), &tests);
        let plan = plan_2025(&flat(&new), &tests, Path::new("data")).unwrap();
        let legacy = written(&new, legacy_settings(&plan), &[]);
        for run in runs(&tests) {
            let (a, b) = (
                score(Version::V2025_09, &new, &run),
                score(Version::Legacy, &legacy, &run),
            );
            assert!((a - b).abs() < 1e-9, "{run:?}: 2025-09 {a}, legacy {b}");
            assert_eq!(verdict_ac(&legacy, &run), b > 0.0, "{run:?}");
        }
        plan
    }

    const SCORINGLEGACY: &[(&str, &str)] = &[
        (
            "",
            "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample",
        ),
        (
            "sample",
            "on_reject: continue\nrange: 0 0\naccept_score: 0\ngrader_flags: first_error",
        ),
        (
            "secret",
            "on_reject: continue\nrange: 0 100\ngrader_flags: first_error accept_if_any_accepted",
        ),
        (
            "secret/group1",
            "on_reject: break\naccept_score: 40\nrange: 0 40\ngrader_flags: min",
        ),
        (
            "secret/group2",
            "on_reject: break\naccept_score: 60\nrange: 0 60\ngrader_flags: min",
        ),
    ];

    const TESTS: &[&str] = &[
        "sample/1",
        "secret/group1/1",
        "secret/group1/2",
        "secret/group1/3",
        "secret/group2/1",
        "secret/group2/2",
    ];

    #[test]
    fn ioi_subtasks_keep_their_scores_both_ways() {
        let plan = legacy_exports_alike(SCORINGLEGACY, TESTS);
        assert_eq!(
            plan.units,
            [
                Unit {
                    name: "secret/group1".into(),
                    shape: Shape::All { max: 40.0 }
                },
                Unit {
                    name: "secret/group2".into(),
                    shape: Shape::All { max: 60.0 }
                }
            ]
        );
        assert_eq!((plan.total, plan.final_ac), (100.0, FinalAc::WhenScored));
        assert_eq!(
            partial_score_range(&plan, Path::new("p")).unwrap(),
            (40.0, 60.0)
        );
        let s = settings_2025(&plan);
        assert_eq!(
            yaml_serde::to_string(&s["secret/group1"]).unwrap(),
            "score_aggregation: min\nmax_score: 40\n"
        );
        assert_eq!(
            yaml_serde::to_string(&s["secret"]).unwrap(),
            "score_aggregation: sum\nmax_score: 100\n"
        );
        // scoring2025, its twin, back to legacy.
        let new = new_exports_alike(
            &[
                ("secret/group1", "max_score: 40\nscore_aggregation: min"),
                ("secret/group2", "max_score: 60\nscore_aggregation: min"),
                ("sample", ""),
                ("secret", ""),
            ],
            TESTS,
        );
        assert_eq!(new.units, plan.units);
        let l = legacy_settings(&new);
        assert_eq!(
            yaml_serde::to_string(&l[""]).unwrap(),
            "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 100\n"
        );
    }

    #[test]
    fn sums_and_secrets_without_groups_keep_their_scores_both_ways() {
        // Legacy sum groups with continue; one of them has one test case and breaks.
        let plan = legacy_exports_alike(
            &[
                ("", "on_reject: continue\ngrader_flags: ignore_sample"),
                ("sample", "accept_score: 0\ngrader_flags: sum"),
                ("secret", "on_reject: continue\ngrader_flags: accept_if_any_accepted"),
                (
                    "secret/a",
                    "on_reject: continue\naccept_score: 10\ngrader_flags: sum accept_if_any_accepted",
                ),
                ("secret/b", "on_reject: break\naccept_score: 5\ngrader_flags: sum"),
            ],
            &["sample/1", "secret/a/1", "secret/a/2", "secret/a/3", "secret/b/1"],
        );
        assert_eq!(plan.total, 35.0);
        assert_eq!(
            plan.units[0].shape,
            Shape::Each {
                share: 10.0,
                tests: 3
            }
        );
        // 2025-09 secret without groups: 100 over 4 test cases, and min with subfolders.
        let p = new_exports_alike(
            &[("secret", "")],
            &[
                "sample/1",
                "secret/1",
                "secret/2",
                "secret/x/3",
                "secret/x/4",
            ],
        );
        assert_eq!(
            p.units[0].shape,
            Shape::Each {
                share: 25.0,
                tests: 4
            }
        );
        new_exports_alike(
            &[("secret", "score_aggregation: min\nmax_score: 30")],
            &["secret/1", "secret/x/2", "secret/x/3"],
        );
        // 2025-09 sum and pass-fail groups.
        new_exports_alike(
            &[
                ("secret", ""),
                ("secret/a", "max_score: 20"),
                ("secret/b", "score_aggregation: sum\nmax_score: 80"),
            ],
            &[
                "sample/1",
                "secret/a/1",
                "secret/a/2",
                "secret/b/1",
                "secret/b/2",
            ],
        );
        // Legacy secret of test cases summed, with accept_if_any_accepted.
        legacy_exports_alike(
            &[
                (
                    "",
                    "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 100",
                ),
                ("sample", "accept_score: 0\ngrader_flags: first_error"),
                (
                    "secret",
                    "on_reject: continue\naccept_score: 25\ngrader_flags: accept_if_any_accepted",
                ),
            ],
            &["sample/1", "secret/1", "secret/2", "secret/3", "secret/4"],
        );
    }

    fn legacy_refusal(files: &[(&str, &str)], tests: &[&str]) -> String {
        let tests = names(tests);
        let legacy = with_folders(maps(files), &tests);
        legacy_plan(&flat(&legacy), &tests, Path::new("data"))
            .map(|p| format!("accepted: {p:?}"))
            .unwrap_or_else(|e| format!("{e:#}"))
    }

    #[test]
    fn what_scores_otherwise_is_refused_naming_the_file_and_key() {
        let base = |secret: &str, group: &str| {
            legacy_refusal(
                &[
                    ("", "on_reject: continue\ngrader_flags: ignore_sample"),
                    ("sample", "accept_score: 0\ngrader_flags: first_error"),
                    ("secret", secret),
                    ("secret/a", group),
                    ("secret/b", "accept_score: 1\ngrader_flags: min"),
                ],
                &["sample/1", "secret/a/1", "secret/a/2", "secret/b/1"],
            )
        };
        let ok_secret = "on_reject: continue\ngrader_flags: accept_if_any_accepted";
        let e = base(
            ok_secret,
            "accept_score: 2\ngrader_flags: sum\non_reject: break",
        );
        assert!(
            e.contains("data/secret/a/testdata.yaml: on_reject break"),
            "{e}"
        );
        let e = base(
            ok_secret,
            "accept_score: 2\ngrader_flags: sum\non_reject: continue",
        );
        assert!(
            e.contains("data/secret/a/testdata.yaml: grader_flags: a submission with only some"),
            "{e}"
        );
        let e = base(
            "on_reject: continue\ngrader_flags: first_error",
            "accept_score: 2\ngrader_flags: min",
        );
        assert!(
            e.contains("data/secret/testdata.yaml: grader_flags: a submission rejected in one"),
            "{e}"
        );
        let e = base(ok_secret, "accept_score: 2\ngrader_flags: avg");
        assert!(
            e.contains("data/secret/a/testdata.yaml: grader_flags avg"),
            "{e}"
        );
        let e = base(ok_secret, "grading: custom");
        assert!(
            e.contains("data/secret/a/testdata.yaml: grading custom"),
            "{e}"
        );
        let e = base(ok_secret, "accept_score: 2\ngrader_flags: min\nrange: 0 1");
        assert!(e.contains("data/secret/a/testdata.yaml: range 0 1"), "{e}");
        let e = base(ok_secret, "accept_score: 2.5\ngrader_flags: min");
        assert!(e.contains("accept_score 2.5: 2025-09's max_score"), "{e}");
        // The root: the samples must not count, nor stop the judging.
        let e = legacy_refusal(
            &[("secret", "accept_score: 1\ngrader_flags: min")],
            &["sample/1", "secret/1"],
        );
        assert!(
            e.contains("data/testdata.yaml: grader_flags (not set: its default): without"),
            "{e}"
        );
        let e = legacy_refusal(
            &[
                ("", "grader_flags: ignore_sample"),
                ("sample", "grader_flags: first_error"),
                ("secret", "accept_score: 1\ngrader_flags: min"),
            ],
            &["sample/1", "secret/1"],
        );
        assert!(
            e.contains("data/testdata.yaml: on_reject (not set: its default) break"),
            "{e}"
        );
        // 2025-09.
        let refuse = |files: &[(&str, &str)]| {
            let tests = names(&["secret/a/1", "secret/a/2", "secret/a/3", "secret/b/1"]);
            let g = with_folders(maps(files), &tests);
            format!(
                "{:#}",
                plan_2025(&flat(&g), &tests, Path::new("data")).unwrap_err()
            )
        };
        let e = refuse(&[("secret/a", "max_score: 50"), ("secret/b", "")]);
        assert!(
            e.contains("data/secret/b/test_group.yaml: max_score: unbounded"),
            "{e}"
        );
        let e = refuse(&[
            ("secret/a", "max_score: 50\nscore_aggregation: sum"),
            ("secret/b", "max_score: 50"),
        ]);
        assert!(
            e.contains("data/secret/a/test_group.yaml: max_score 50 over 3"),
            "{e}"
        );
        let e = refuse(&[
            ("secret/a", "max_score: 50"),
            ("secret/b", "max_score: 50\nrequire_pass: secret/a"),
        ]);
        assert!(
            e.contains("data/secret/b/test_group.yaml: require_pass"),
            "{e}"
        );
        let e = refuse(&[
            ("secret", "score_aggregation: min"),
            ("secret/a", "max_score: 50"),
            ("secret/b", "max_score: 50"),
        ]);
        assert!(
            e.contains("data/secret/test_group.yaml: score_aggregation"),
            "{e}"
        );
        let e = refuse(&[("secret/a", "max_score: 90"), ("secret/b", "max_score: 20")]);
        assert!(
            e.contains("data/secret/test_group.yaml: max_score: 100 is below"),
            "{e}"
        );
    }

    #[test]
    fn shares_must_add_up_exactly() {
        assert_eq!(exact_share(100.0, 4), Some(25.0));
        assert_eq!(exact_share(100.0, 8), Some(12.5));
        assert_eq!(exact_share(100.0, 3), None);
        assert_eq!(exact_share(100.5, 1), None);
        assert_eq!(exact_share(10.0, 0), None);
    }
}
