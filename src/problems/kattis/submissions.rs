//! The example submissions of a Kattis problem package and what each must get.
//!
//! Sources of the rules:
//! * legacy format (`spec/legacy.md`, problemtools' `model/submissions.py` and
//!   `checks/submissions.py`): a submission is a file or folder in one of `accepted`,
//!   `wrong_answer`, `time_limit_exceeded`, `run_time_error`, `partially_accepted`; its
//!   *final* verdict (the first non-accepted test's, in order) must be the folder's (`AC`,
//!   `WA`, `TLE`, `RTE`; `AC` for `partially_accepted`). Any other folder is an error, as
//!   problemtools reports it.
//! * 2025-09 format (`spec/2025-09.md`, "Example submissions"; BAPCtools' `expectations.py`):
//!   the default folders (`accepted`, `rejected`, `wrong_answer`, `time_limit_exceeded`,
//!   `run_time_error`, `brute_force`) with the spec's default rules, and
//!   `submissions/submissions.yaml`, whose top-level keys are submission globs mapping to
//!   `language`, `entrypoint`, `authors`, `model_solution`, `permitted`, `required`,
//!   `score`, `message`, `use_for_time_limit`, and test-group / test-case globs (keys starting
//!   with `sample`, `secret` or `*`) holding the last five. An entry named as a default
//!   folder overrides the default's keys and inherits the others (the spec; BAPCtools 2026.10
//!   replaces the whole default entry instead).
//! * `@EXPECTED_RESULTS@: ` comments (DOMjudge's, as BAPCtools reads them): the first source
//!   file holding the key gives a comma-separated list of DOMjudge results; the final verdict
//!   must be one of them (with `COMPILER-ERROR` in the list, a submission that does not
//!   compile meets it too). In `accepted`, `wrong_answer`, `time_limit_exceeded` and
//!   `run_time_error` the comment is ignored with a note, as BAPCtools does (DOMjudge issue
//!   1861).
//!
//! What is left out or skipped: hidden entries (a name starting with `.`) and names ending in
//! `.disabled` or `.template` are left out (BAPCtools' `glob`); a file whose extension is no
//! language of the Kattis language table (a README) is left out, as problemtools does; a file
//! placed directly in `submissions/` (other than `submissions.yaml`) is a skipped submission
//! (both tools ignore it; the spec wants every submission in a folder); a language of the
//! table that gridjudge does not run, or whose compiler or interpreter this machine lacks, is
//! a skipped submission with the reason.
//!
//! Verdicts: gridjudge's [`Verdict`]s map to the spec's four ([`KattisVerdict::of`]): `AC`;
//! `WA` and `PE` → `WA`; `TLE`; `RE`, `MLE` and `OLE` → `RTE`; `FAIL` (a judge error) breaks
//! every expectation.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use yaml_serde::Value;

use super::Version;
use crate::core::verdict::Verdict;
use crate::exec::compile::{missing_tool, FolderProgram, Language, Submission, SubmissionKind};

/// One of the four verdicts the Kattis format's expectations name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KattisVerdict {
    /// `AC`, accepted.
    Ac,
    /// `WA`, wrong answer.
    Wa,
    /// `TLE`, time limit exceeded.
    Tle,
    /// `RTE`, run-time error.
    Rte,
}

/// All four, in the spec's order.
const ALL_VERDICTS: [KattisVerdict; 4] = [
    KattisVerdict::Ac,
    KattisVerdict::Wa,
    KattisVerdict::Tle,
    KattisVerdict::Rte,
];

impl KattisVerdict {
    /// The spec's name: `AC`, `WA`, `TLE`, `RTE`.
    pub fn short(self) -> &'static str {
        match self {
            KattisVerdict::Ac => "AC",
            KattisVerdict::Wa => "WA",
            KattisVerdict::Tle => "TLE",
            KattisVerdict::Rte => "RTE",
        }
    }

    /// The verdict a spec name (`AC`, `WA`, `TLE`, `RTE`, case-sensitive) names.
    pub fn from_short(s: &str) -> Option<KattisVerdict> {
        ALL_VERDICTS.into_iter().find(|v| v.short() == s)
    }

    /// The Kattis verdict of a gridjudge verdict: `AC` → `AC`; `WA`, `PE` → `WA` (Kattis has
    /// no presentation error); `TLE` → `TLE`; `RE`, `MLE`, `OLE` → `RTE` (the spec's verdicts
    /// have no memory or output limit of their own); `FAIL` → `None` (a judge error, not a
    /// verdict on the submission).
    pub fn of(v: Verdict) -> Option<KattisVerdict> {
        match v {
            Verdict::Ac => Some(KattisVerdict::Ac),
            Verdict::Wa | Verdict::Pe => Some(KattisVerdict::Wa),
            Verdict::Tle => Some(KattisVerdict::Tle),
            Verdict::Re | Verdict::Mle | Verdict::Ole => Some(KattisVerdict::Rte),
            Verdict::Fail => None,
        }
    }

    /// A DOMjudge result as `@EXPECTED_RESULTS@` lists it (BAPCtools' `from_string_domjudge`,
    /// upper-cased): `CORRECT`/`ACCEPTED` → AC, `WRONG-ANSWER`/`WRONG_ANSWER`/`NO-OUTPUT` →
    /// WA, `TIMELIMIT`/`TIME_LIMIT_EXCEEDED` → TLE, `RUN-ERROR`/`RUN_TIME_ERROR` → RTE.
    pub fn from_domjudge(s: &str) -> Option<KattisVerdict> {
        match s {
            "CORRECT" | "ACCEPTED" => Some(KattisVerdict::Ac),
            "WRONG-ANSWER" | "WRONG_ANSWER" | "NO-OUTPUT" => Some(KattisVerdict::Wa),
            "TIMELIMIT" | "TIME_LIMIT_EXCEEDED" => Some(KattisVerdict::Tle),
            "RUN-ERROR" | "RUN_TIME_ERROR" => Some(KattisVerdict::Rte),
            _ => None,
        }
    }
}

impl fmt::Display for KattisVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short())
    }
}

fn list(vs: &BTreeSet<KattisVerdict>) -> String {
    let names: Vec<&str> = vs.iter().map(|v| v.short()).collect();
    format!("[{}]", names.join(", "))
}

/// `use_for_time_limit` of `submissions.yaml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimitUse {
    /// `true` (the default: as `permitted` / `required` imply) or `false` (opted out).
    Implied(bool),
    /// `lower`: a lower bound, equivalent to `permitted: [AC, WA, RTE]`.
    Lower,
    /// `upper`: an upper bound, equivalent to `required: [TLE]`.
    Upper,
}

/// One rule on a submission's test verdicts: a `submissions.yaml` entry (or a default folder's
/// rule) on all tests or on the tests under a test glob.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// Where the rule comes from, for messages: `submissions.yaml: accepted/*` or `default
    /// rule of wrong_answer/`.
    pub origin: String,
    /// The test glob (relative to `data/`, e.g. `secret/group1`), `None` for all tests.
    pub tests: Option<String>,
    /// Every test the rule covers must get one of these (default: all four).
    pub permitted: BTreeSet<KattisVerdict>,
    /// At least one covered test must get one of these (default: all four).
    pub required: BTreeSet<KattisVerdict>,
    /// The score (of the submission for a rule on all tests, else of the group) must be in
    /// this inclusive range (a single number gives `(x, x)`).
    pub score: Option<(f64, f64)>,
    /// Must appear in the judge message of at least one covered test.
    pub message: Option<String>,
    /// `use_for_time_limit`.
    pub use_for_time_limit: TimeLimitUse,
}

impl Rule {
    fn new(origin: String, tests: Option<String>) -> Rule {
        Rule {
            origin,
            tests,
            permitted: ALL_VERDICTS.into_iter().collect(),
            required: ALL_VERDICTS.into_iter().collect(),
            score: None,
            message: None,
            use_for_time_limit: TimeLimitUse::Implied(true),
        }
    }

    /// Whether the rule bounds the time limit from below on the tests it covers (spec,
    /// "use_for_time_limit"): `lower`, or by default when it does not permit TLE.
    pub fn bounds_from_below(&self) -> bool {
        match self.use_for_time_limit {
            TimeLimitUse::Lower => true,
            TimeLimitUse::Upper | TimeLimitUse::Implied(false) => false,
            TimeLimitUse::Implied(true) => !self.permitted.contains(&KattisVerdict::Tle),
        }
    }

    /// Whether the rule bounds the time limit from above: `upper`, or by default when it
    /// requires exactly TLE.
    pub fn bounds_from_above(&self) -> bool {
        match self.use_for_time_limit {
            TimeLimitUse::Upper => true,
            TimeLimitUse::Lower | TimeLimitUse::Implied(false) => false,
            TimeLimitUse::Implied(true) => {
                self.required.len() == 1 && self.required.contains(&KattisVerdict::Tle)
            }
        }
    }

    fn covers(&self, test: &str) -> bool {
        self.tests.as_deref().is_none_or(|g| glob_matches(g, test))
    }

    fn what(&self) -> String {
        match &self.tests {
            None => self.origin.clone(),
            Some(g) => format!("{} (tests {g})", self.origin),
        }
    }
}

/// A rule on the final verdict: a legacy folder's or an `@EXPECTED_RESULTS@` comment's.
#[derive(Clone, Debug, PartialEq)]
pub struct FinalRule {
    /// Where it comes from: `legacy folder wrong_answer/` or `@EXPECTED_RESULTS@ in FILE`.
    pub origin: String,
    /// The final verdict must be one of these.
    pub verdicts: BTreeSet<KattisVerdict>,
    /// A compiler error also meets it (`COMPILER-ERROR` in an `@EXPECTED_RESULTS@` list, as
    /// DOMjudge and BAPCtools read it); then a submission that does not compile is as
    /// expected, and one that compiles must get one of `verdicts`.
    pub compile_error: bool,
}

impl FinalRule {
    /// The verdicts it allows, as a list: `[WA, TLE]`, `[COMPILER-ERROR]`.
    fn allowed(&self) -> String {
        let mut names: Vec<&str> = self.verdicts.iter().map(|v| v.short()).collect();
        if self.compile_error {
            names.push("COMPILER-ERROR");
        }
        format!("[{}]", names.join(", "))
    }
}

/// What a submission must get: the test rules of the 2025-09 format and the final-verdict rules
/// of the legacy format and of `@EXPECTED_RESULTS@`; all must hold.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expectation {
    /// Rules on test verdicts (2025-09).
    pub rules: Vec<Rule>,
    /// Rules on the final verdict.
    pub finals: Vec<FinalRule>,
    /// Warnings found while reading (an ignored `@EXPECTED_RESULTS@`, two `language` keys).
    pub notes: Vec<String>,
}

impl Expectation {
    /// Whether the results satisfy the expectation: `tests` are (test path under `data/`
    /// without `.in`, like `secret/group1/03`, verdict); `overall` the submission's final
    /// verdict; `score` the aggregated score for a scoring problem (`None` otherwise).
    ///
    /// Checks, in order: no test is `FAIL`; every rule's `permitted` on each test it covers,
    /// its `required` on at least one (a rule that covers no test fails it),
    /// `use_for_time_limit: lower` (no covered test `TLE`) and `upper` (one covered test
    /// `TLE`), the score of a rule on all tests; then each final-verdict rule. Group scores
    /// and messages need more than this: [`Expectation::check_group_scores`],
    /// [`Expectation::check_messages`]. Cost: O(rules × tests × glob length).
    ///
    /// Err: a message naming the rule broken (its origin and test glob) and the test.
    pub fn check(
        &self,
        tests: &[(String, Verdict)],
        overall: Verdict,
        score: Option<f64>,
    ) -> Result<(), String> {
        for (t, v) in tests {
            if *v == Verdict::Fail {
                return Err(format!("judge error (FAIL) on test {t}"));
            }
        }
        for rule in &self.rules {
            let covered: Vec<(&str, KattisVerdict)> = tests
                .iter()
                .filter(|(t, _)| rule.covers(t))
                .filter_map(|(t, v)| Some((t.as_str(), KattisVerdict::of(*v)?)))
                .collect();
            for &(t, v) in &covered {
                if !rule.permitted.contains(&v) {
                    return Err(format!(
                        "{}: permitted {}, but test {t} got {v}",
                        rule.what(),
                        list(&rule.permitted)
                    ));
                }
                if rule.use_for_time_limit == TimeLimitUse::Lower && v == KattisVerdict::Tle {
                    return Err(format!(
                        "{}: use_for_time_limit: lower (no TLE), but test {t} got TLE",
                        rule.what()
                    ));
                }
            }
            let got: BTreeSet<KattisVerdict> = covered.iter().map(|&(_, v)| v).collect();
            if !covered.iter().any(|(_, v)| rule.required.contains(v)) {
                return Err(format!(
                    "{}: required one of {} on some test, got {}",
                    rule.what(),
                    list(&rule.required),
                    list(&got)
                ));
            }
            if rule.use_for_time_limit == TimeLimitUse::Upper && !got.contains(&KattisVerdict::Tle)
            {
                return Err(format!(
                    "{}: use_for_time_limit: upper (some test TLE), got {}",
                    rule.what(),
                    list(&got)
                ));
            }
            if let (Some((lo, hi)), None) = (rule.score, &rule.tests) {
                match score {
                    Some(s) if in_range(s, lo, hi) => {}
                    Some(s) => {
                        return Err(format!(
                            "{}: score must be {}, got {s}",
                            rule.what(),
                            range(lo, hi)
                        ))
                    }
                    None => {
                        return Err(format!(
                            "{}: score must be {}, but the problem gave no score",
                            rule.what(),
                            range(lo, hi)
                        ))
                    }
                }
            }
        }
        let fin = KattisVerdict::of(overall)
            .ok_or_else(|| "judge error (FAIL) as the final verdict".to_string())?;
        for f in &self.finals {
            if !f.verdicts.contains(&fin) {
                return Err(format!(
                    "{}: final verdict must be one of {}, got {fin}",
                    f.origin,
                    f.allowed()
                ));
            }
        }
        Ok(())
    }

    /// Whether a submission that did not compile meets the expectation: only when every rule
    /// is a final-verdict rule that allows `COMPILER-ERROR` (and there is one). Err: why not,
    /// naming the first rule that does not allow it (`first_line` is the compiler's first
    /// line of output).
    pub fn check_compile_error(&self, first_line: &str) -> Result<(), String> {
        if let Some(r) = self.rules.first() {
            return Err(format!("it did not compile ({}): {}", r.what(), first_line));
        }
        match self.finals.iter().find(|f| !f.compile_error) {
            Some(f) => Err(format!(
                "it did not compile ({}: {}): {first_line}",
                f.origin,
                f.allowed()
            )),
            None if self.finals.is_empty() => Err(format!("it did not compile: {first_line}")),
            None => Ok(()),
        }
    }

    /// Checks the `score` of rules on test groups against the groups' aggregated scores:
    /// `groups` are (group path under `data/`, like `secret/group1`, score). A rule's glob is
    /// checked against every group it matches exactly (not against parents); a rule matching
    /// no given group fails. Err: the rule and the group.
    pub fn check_group_scores(&self, groups: &[(String, f64)]) -> Result<(), String> {
        for rule in &self.rules {
            let (Some(glob), Some((lo, hi))) = (&rule.tests, rule.score) else {
                continue;
            };
            let matched: Vec<&(String, f64)> = groups
                .iter()
                .filter(|(g, _)| glob_matches_exactly(glob, g))
                .collect();
            if matched.is_empty() {
                return Err(format!(
                    "{}: score set, but no group {glob} was scored",
                    rule.what()
                ));
            }
            for (g, s) in matched {
                if !in_range(*s, lo, hi) {
                    return Err(format!(
                        "{}: group {g} must score {}, got {s}",
                        rule.what(),
                        range(lo, hi)
                    ));
                }
            }
        }
        Ok(())
    }

    /// Checks each rule's `message`: `messages` are (test path, its `judgemessage.txt`); the
    /// message must be a case-sensitive substring of one covered test's. Err: the rule and
    /// the message.
    pub fn check_messages(&self, messages: &[(String, String)]) -> Result<(), String> {
        for rule in &self.rules {
            let Some(m) = &rule.message else { continue };
            if !messages
                .iter()
                .any(|(t, text)| rule.covers(t) && text.contains(m.as_str()))
            {
                return Err(format!(
                    "{}: message `{m}` is in no judgemessage.txt of its tests",
                    rule.what()
                ));
            }
        }
        Ok(())
    }

    /// Whether the submission's run times bound the time limit from below (2025-09 "Timelimit
    /// inference": a rule whose `permitted` leaves out TLE, or `use_for_time_limit: lower`,
    /// and not opted out with `false`; legacy: the `accepted` folder, as problemtools).
    pub fn lower_bounds_time_limit(&self) -> bool {
        self.rules.iter().any(Rule::bounds_from_below)
            || self
                .finals
                .iter()
                .any(|f| f.origin == "legacy folder accepted/")
    }

    /// Whether the submission bounds the time limit from above (a rule with `required: [TLE]`
    /// exactly, or `use_for_time_limit: upper`, not opted out).
    pub fn upper_bounds_time_limit(&self) -> bool {
        self.rules.iter().any(Rule::bounds_from_above)
    }
}

fn in_range(s: f64, lo: f64, hi: f64) -> bool {
    let eps = 1e-9 * lo.abs().max(hi.abs()).max(1.0);
    s >= lo - eps && s <= hi + eps
}

fn range(lo: f64, hi: f64) -> String {
    if lo == hi {
        format!("{lo}")
    } else {
        format!("in [{lo}, {hi}]")
    }
}

/// The brace expansions of a glob (`{a,b}.py` → `a.py`, `b.py`; nested braces are not
/// expanded, as BAPCtools).
fn expand_braces(glob: &str) -> Vec<String> {
    let Some(open) = glob.find('{') else {
        return vec![glob.to_string()];
    };
    let Some(close) = glob[open..].find('}').map(|c| open + c) else {
        return vec![glob.to_string()];
    };
    let (head, body, tail) = (&glob[..open], &glob[open + 1..close], &glob[close + 1..]);
    let mut out = Vec::new();
    for alt in body.split(',') {
        for rest in expand_braces(tail) {
            out.push(format!("{head}{}{rest}", alt.trim()));
        }
    }
    out
}

/// Whether one path component matches one glob component, where `*` stands for any run of
/// characters (never `/`).
fn component_matches(glob: &str, name: &str) -> bool {
    let parts: Vec<&str> = glob.split('*').collect();
    if parts.len() == 1 {
        return glob == name;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !name.starts_with(first) || name.len() < first.len() + last.len() || !name.ends_with(last) {
        return false;
    }
    let mut rest = &name[first.len()..name.len() - last.len()];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    true
}

fn glob_match_components(glob: &str, path: &str, exact: bool) -> bool {
    expand_braces(glob.trim_end_matches('/')).iter().any(|g| {
        let gs: Vec<&str> = g.split('/').collect();
        let ps: Vec<&str> = path.trim_end_matches('/').split('/').collect();
        (if exact {
            gs.len() == ps.len()
        } else {
            gs.len() <= ps.len()
        }) && gs.iter().zip(&ps).all(|(g, p)| component_matches(g, p))
    })
}

/// Whether the glob of `submissions.yaml` matches `path` (a submission relative to
/// `submissions/`, or a test relative to `data/` without `.in`) or one of its parent folders
/// (spec 2025-09, "Glob patterns"): `*` matches within one name, `{a,b}` alternatives; a
/// trailing `/` is ignored. Cost: O(alternatives × path length²) at worst.
pub fn glob_matches(glob: &str, path: &str) -> bool {
    glob_match_components(glob, path, false)
}

/// Whether the glob matches `path` itself (not through a parent folder).
fn glob_matches_exactly(glob: &str, path: &str) -> bool {
    glob_match_components(glob, path, true)
}

/// One submission of a package.
#[derive(Clone, Debug, PartialEq)]
pub struct KattisSubmission {
    /// The path relative to `submissions/`: `accepted/sol.py`, or with a trailing `/` for a
    /// folder: `wrong_answer/multi/`.
    pub name: String,
    /// How to build and run it; `None` when skipped.
    pub submission: Option<Submission>,
    /// Why it is skipped: the compiler or interpreter missing, a language gridjudge does not
    /// run, a folder without a detectable language, a file outside a folder.
    pub skipped: Option<String>,
    /// What it must get.
    pub expectation: Expectation,
}

/// The legacy format's folders and the final verdict each expects (problemtools'
/// `_VERDICT_BY_DIRECTORY`).
const LEGACY_FOLDERS: &[(&str, KattisVerdict)] = &[
    ("accepted", KattisVerdict::Ac),
    ("partially_accepted", KattisVerdict::Ac),
    ("wrong_answer", KattisVerdict::Wa),
    ("time_limit_exceeded", KattisVerdict::Tle),
    ("run_time_error", KattisVerdict::Rte),
];

/// The 2025-09 default folders and their rules: (folder, permitted, required) (spec,
/// "Default directories").
const DEFAULT_FOLDERS: &[(&str, &[KattisVerdict], &[KattisVerdict])] = {
    use KattisVerdict::*;
    &[
        ("accepted", &[Ac], &[Ac, Wa, Tle, Rte]),
        ("rejected", &[Ac, Wa, Tle, Rte], &[Rte, Tle, Wa]),
        ("wrong_answer", &[Ac, Wa], &[Wa]),
        ("time_limit_exceeded", &[Ac, Tle], &[Tle]),
        ("run_time_error", &[Ac, Rte], &[Rte]),
        ("brute_force", &[Ac, Rte, Tle], &[Rte, Tle]),
    ]
};

/// The folders where BAPCtools ignores `@EXPECTED_RESULTS@`.
const EXPECTED_RESULTS_IGNORED_IN: &[&str] = &[
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

/// File endings of the Kattis language table (2025-09 appendix) of languages gridjudge does
/// not run: such a file is a submission, skipped; any other unknown file is no program.
const OTHER_TABLE_ENDINGS: &[&str] = &[
    "adb", "ads", "a68", "apl", "cob", "cr", "cs", "d", "dart", "ex", "erl", "fth", "4th", "forth",
    "frt", "fs", "f90", "ss", "go", "hs", "jl", "lisp", "cl", "lua", "mod", "def", "nim", "m",
    "ml", "odin", "pas", "pm", "pl", "rkt", "scala", "sim", "st", "sno", "swift", "ts", "vb",
    "zig",
];

/// The keys of a submission glob's entry in `submissions.yaml` besides test globs.
const SUBMISSION_KEYS: &[&str] = &[
    "language",
    "entrypoint",
    "authors",
    "model_solution",
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// The keys of a test glob's entry.
const RULE_KEYS: &[&str] = &[
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// One parsed entry of `submissions.yaml`.
struct YamlEntry {
    glob: String,
    language: Option<String>,
    entrypoint: Option<String>,
    rules: Vec<Rule>,
}

fn key_str(k: &Value, file: &Path, at: &str) -> anyhow::Result<String> {
    match k {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        _ => bail!(
            "{}: {at}: keys must be strings, found {k:?}",
            file.display()
        ),
    }
}

fn verdict_set(v: &Value, file: &Path, at: &str) -> anyhow::Result<BTreeSet<KattisVerdict>> {
    let items = match v {
        Value::Sequence(s) => s.clone(),
        Value::String(_) => vec![v.clone()],
        _ => bail!(
            "{}: `{at}` must be a list of verdicts (AC, WA, TLE, RTE)",
            file.display()
        ),
    };
    items
        .iter()
        .map(|i| {
            i.as_str()
                .and_then(KattisVerdict::from_short)
                .with_context(|| {
                    format!(
                        "{}: `{at}`: {i:?} is not a verdict (AC, WA, TLE, RTE)",
                        file.display()
                    )
                })
        })
        .collect()
}

fn as_float(v: &Value) -> Option<f64> {
    v.as_f64().or_else(|| v.as_i64().map(|i| i as f64))
}

/// Reads the rule keys of `map` into `rule`; with `allow_other`, other keys are left for the
/// caller, else they are errors.
fn read_rule_keys(
    rule: &mut Rule,
    map: &yaml_serde::Mapping,
    file: &Path,
    at: &str,
    allow_other: &[&str],
) -> anyhow::Result<()> {
    for (k, v) in map {
        let key = key_str(k, file, at)?;
        let here = format!("{at}.{key}");
        match key.as_str() {
            "permitted" => rule.permitted = verdict_set(v, file, &here)?,
            "required" => rule.required = verdict_set(v, file, &here)?,
            "score" => {
                rule.score = Some(match v {
                    Value::Sequence(s) if s.len() == 2 => {
                        match (as_float(&s[0]), as_float(&s[1])) {
                            (Some(a), Some(b)) if a <= b => (a, b),
                            _ => bail!(
                                "{}: `{here}` must be a number or a list of two numbers, low \
                                 first",
                                file.display()
                            ),
                        }
                    }
                    _ => match as_float(v) {
                        Some(x) => (x, x),
                        None => bail!(
                            "{}: `{here}` must be a number or a list of two numbers",
                            file.display()
                        ),
                    },
                })
            }
            "message" => {
                rule.message = Some(
                    v.as_str()
                        .with_context(|| format!("{}: `{here}` must be a string", file.display()))?
                        .to_string(),
                )
            }
            "use_for_time_limit" => {
                rule.use_for_time_limit = match v {
                    Value::Bool(b) => TimeLimitUse::Implied(*b),
                    Value::String(s) if s == "lower" => TimeLimitUse::Lower,
                    Value::String(s) if s == "upper" => TimeLimitUse::Upper,
                    _ => bail!(
                        "{}: `{here}` must be true, false, lower or upper",
                        file.display()
                    ),
                }
            }
            k if allow_other.contains(&k) => {}
            k if allow_other.is_empty() => bail!(
                "{}: `{here}`: unknown key `{k}` (a test glob takes {})",
                file.display(),
                RULE_KEYS.join(", ")
            ),
            _ => {}
        }
    }
    Ok(())
}

/// Parses `submissions/submissions.yaml` (2025-09 spec, "Example submissions").
fn parse_yaml(file: &Path) -> anyhow::Result<Vec<YamlEntry>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let doc: Value = yaml_serde::from_str(&text)
        .with_context(|| format!("{}: not valid YAML", file.display()))?;
    let map = match doc {
        Value::Null => return Ok(Vec::new()),
        Value::Mapping(m) => m,
        _ => bail!(
            "{}: must be a map from submission globs to entries",
            file.display()
        ),
    };
    let mut out = Vec::new();
    for (k, v) in &map {
        let glob = key_str(k, file, "top level")?;
        let entry = match v {
            Value::Mapping(m) => m,
            Value::Null => &yaml_serde::Mapping::new(),
            _ => bail!(
                "{}: `{glob}` must map to keys ({})",
                file.display(),
                SUBMISSION_KEYS.join(", ")
            ),
        };
        let origin = format!("submissions.yaml: {glob}");
        let mut root = Rule::new(origin.clone(), None);
        read_rule_keys(&mut root, entry, file, &glob, &SUBMISSION_KEYS[..4])?;
        let mut e = YamlEntry {
            glob: glob.clone(),
            language: None,
            entrypoint: None,
            rules: vec![root],
        };
        for (k2, v2) in entry {
            let key = key_str(k2, file, &glob)?;
            let here = format!("{glob}.{key}");
            match key.as_str() {
                "language" | "entrypoint" => {
                    let s = v2
                        .as_str()
                        .with_context(|| format!("{}: `{here}` must be a string", file.display()))?
                        .to_string();
                    if key == "language" {
                        e.language = Some(s);
                    } else {
                        e.entrypoint = Some(s);
                    }
                }
                "authors" => {}
                "model_solution" => {
                    if !matches!(v2, Value::Bool(_)) {
                        bail!("{}: `{here}` must be true or false", file.display());
                    }
                }
                k if RULE_KEYS.contains(&k) => {}
                k if k == "sample"
                    || k == "secret"
                    || k == "*"
                    || k.starts_with("sample/")
                    || k.starts_with("secret/")
                    || k.starts_with("*/") =>
                {
                    let Value::Mapping(m) = v2 else {
                        bail!(
                            "{}: `{here}`: a test glob maps to keys ({})",
                            file.display(),
                            RULE_KEYS.join(", ")
                        );
                    };
                    let mut r = Rule::new(origin.clone(), Some(key.clone()));
                    read_rule_keys(&mut r, m, file, &here, &[])?;
                    e.rules.push(r);
                }
                k => bail!(
                    "{}: `{here}`: unknown key `{k}` (a submission glob takes {}, or test globs \
                     starting with sample, secret or *)",
                    file.display(),
                    SUBMISSION_KEYS.join(", ")
                ),
            }
        }
        // An entry with no rule key keeps only its test-glob rules.
        if !RULE_KEYS.iter().any(|k| entry.contains_key(*k)) {
            e.rules.remove(0);
        }
        out.push(e);
    }
    Ok(out)
}

/// The `@EXPECTED_RESULTS@: ` list of the first of `files` holding the key (BAPCtools'
/// `_parse_expected_results`: upper-cased text, the rest of the line, comma-separated): the
/// file, the verdicts, and whether `COMPILER-ERROR` is among them. `None` when no file holds
/// it or cannot be read as UTF-8. Errors: an unknown result, naming the file.
#[allow(clippy::type_complexity)]
fn expected_results(
    files: &[PathBuf],
) -> anyhow::Result<Option<(PathBuf, BTreeSet<KattisVerdict>, bool)>> {
    const KEY: &str = "@EXPECTED_RESULTS@: ";
    for f in files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let text = text.to_uppercase();
        let Some(at) = text.find(KEY) else { continue };
        let rest = &text[at + KEY.len()..];
        let line = rest.split('\n').next().unwrap_or("");
        let mut set = BTreeSet::new();
        let mut compile_error = false;
        for r in line.split(',').map(str::trim) {
            if r == "COMPILER-ERROR" {
                compile_error = true;
                continue;
            }
            let v = KattisVerdict::from_domjudge(r).with_context(|| {
                format!(
                    "{}: @EXPECTED_RESULTS@: `{r}` is not a result gridjudge checks (CORRECT, \
                     WRONG-ANSWER, NO-OUTPUT, TIMELIMIT, RUN-ERROR, COMPILER-ERROR and their \
                     long forms)",
                    f.display()
                )
            })?;
            set.insert(v);
        }
        return Ok(Some((f.clone(), set, compile_error)));
    }
    Ok(None)
}

fn left_out(name: &str) -> bool {
    name.starts_with('.') || name.ends_with(".disabled") || name.ends_with(".template")
}

fn sorted_entries(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let e = e.with_context(|| format!("cannot read {}", dir.display()))?;
        if !left_out(&e.file_name().to_string_lossy()) {
            v.push(e.path());
        }
    }
    v.sort();
    Ok(v)
}

fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.is_file() {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// [`load`], with the package's included files (`problem_dir/include/`) in every submission
/// of their language (spec, "Included files"), as `verify` and `timelimit` run them. Errors:
/// as [`load`], or an included file cannot be copied into the cache folder `cache_dir`.
pub fn load_with_included(
    problem_dir: &Path,
    version: Version,
    cache_dir: &Path,
) -> anyhow::Result<Vec<KattisSubmission>> {
    let mut subs = load(problem_dir, version)?;
    let include = problem_dir.join("include");
    if include.is_dir() {
        for s in &mut subs {
            if let Some(sub) = &s.submission {
                let with = crate::exec::compile::with_included(sub, &include, cache_dir)
                    .with_context(|| format!("{}: its included files", sub.name))?;
                s.submission = Some(with);
            }
        }
    }
    Ok(subs)
}

/// The submissions of the package in `problem_dir` (its `submissions/` folder; none when the
/// folder is missing), in sorted order of their names, with their expectations for `version`
/// (the module's documentation gives every rule and its source).
///
/// Errors, naming the file and key or folder: a legacy package's folder outside the legacy
/// list; a 2025-09 package's folder that is no default folder and that no `submissions.yaml`
/// entry or `@EXPECTED_RESULTS@` comment covers; `submissions.yaml` that is not valid YAML,
/// an unknown key, a bad verdict, score or `use_for_time_limit`; an unknown
/// `@EXPECTED_RESULTS@` result; a folder that cannot be read. A submission gridjudge cannot
/// run is not an error: it is returned with `skipped` set. Cost: one read of each source (the
/// comments), one `--version` per compiler.
pub fn load(problem_dir: &Path, version: Version) -> anyhow::Result<Vec<KattisSubmission>> {
    let root = problem_dir.join("submissions");
    if !root.is_dir() {
        return Ok(Vec::new());
    }
    let yaml_file = root.join("submissions.yaml");
    let yaml = match version {
        Version::V2025_09 if yaml_file.is_file() => parse_yaml(&yaml_file)?,
        _ => Vec::new(),
    };
    let mut out = Vec::new();
    for folder in sorted_entries(&root)? {
        let fname = folder
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if folder.is_file() {
            if fname == "submissions.yaml" {
                continue;
            }
            let known = Path::new(&fname)
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| {
                    SubmissionKind::of_source(Path::new(&fname)).is_some()
                        || OTHER_TABLE_ENDINGS.contains(&e)
                });
            if known {
                out.push(KattisSubmission {
                    name: fname.clone(),
                    submission: None,
                    skipped: Some(format!(
                        "submissions/{fname} is not in a folder of submissions/ (problemtools \
                         and BAPCtools ignore it; the spec wants each submission in one)"
                    )),
                    expectation: Expectation::default(),
                });
            }
            continue;
        }
        if !folder.is_dir() {
            continue;
        }
        if version == Version::Legacy && !LEGACY_FOLDERS.iter().any(|(f, _)| *f == fname) {
            bail!(
                "submissions/{fname}/: not a submission folder of the legacy format (accepted, \
                 wrong_answer, time_limit_exceeded, run_time_error, partially_accepted); \
                 problemtools reports it as an error"
            );
        }
        for entry in sorted_entries(&folder)? {
            let base = entry
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let is_dir = entry.is_dir();
            if !is_dir && !entry.is_file() {
                continue;
            }
            let bare = format!("{fname}/{base}");
            let name = if is_dir {
                format!("{bare}/")
            } else {
                bare.clone()
            };
            let matched: Vec<&YamlEntry> = yaml
                .iter()
                .filter(|e| glob_matches(&e.glob, &bare))
                .collect();
            let mut expectation = Expectation::default();
            let pick = |what: &str, vals: Vec<&String>, notes: &mut Vec<String>| {
                let set: BTreeSet<&String> = vals.into_iter().collect();
                if set.len() > 1 {
                    notes.push(format!(
                        "{name}: several {what}s in submissions.yaml ({}); using the first in \
                         sorted order, as BAPCtools",
                        set.iter()
                            .map(|s| s.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                set.into_iter().next().cloned()
            };
            let language = pick(
                "language",
                matched.iter().filter_map(|e| e.language.as_ref()).collect(),
                &mut expectation.notes,
            );
            let entrypoint = pick(
                "entrypoint",
                matched
                    .iter()
                    .filter_map(|e| e.entrypoint.as_ref())
                    .collect(),
                &mut expectation.notes,
            );
            match version {
                Version::Legacy => {
                    if let Some((_, v)) = LEGACY_FOLDERS.iter().find(|(f, _)| *f == fname) {
                        expectation.finals.push(FinalRule {
                            origin: format!("legacy folder {fname}/"),
                            verdicts: [*v].into_iter().collect(),
                            compile_error: false,
                        });
                    }
                }
                Version::V2025_09 => {
                    if let Some((f, p, r)) = DEFAULT_FOLDERS.iter().find(|(f, _, _)| *f == fname) {
                        let mut rule = Rule::new(format!("default rule of {f}/"), None);
                        rule.permitted = p.iter().copied().collect();
                        rule.required = r.iter().copied().collect();
                        if *f == "brute_force" {
                            rule.use_for_time_limit = TimeLimitUse::Implied(false);
                        }
                        // An entry named exactly as the folder overrides the keys it gives.
                        if let Some(over) =
                            yaml.iter().find(|e| e.glob.trim_end_matches('/') == fname)
                        {
                            if let Some(o) = over.rules.iter().find(|r| r.tests.is_none()) {
                                let m = yaml_root_keys(&yaml_file, &over.glob)?;
                                if m.contains(&"permitted") {
                                    rule.permitted = o.permitted.clone();
                                }
                                if m.contains(&"required") {
                                    rule.required = o.required.clone();
                                }
                                if m.contains(&"score") {
                                    rule.score = o.score;
                                }
                                if m.contains(&"message") {
                                    rule.message = o.message.clone();
                                }
                                if m.contains(&"use_for_time_limit") {
                                    rule.use_for_time_limit = o.use_for_time_limit;
                                }
                                rule.origin =
                                    format!("submissions.yaml: {} (over the default)", over.glob);
                            }
                        }
                        expectation.rules.push(rule);
                    }
                    for e in &matched {
                        let overriding = e.glob.trim_end_matches('/') == fname
                            && DEFAULT_FOLDERS.iter().any(|(f, _, _)| *f == fname);
                        for r in &e.rules {
                            if overriding && r.tests.is_none() {
                                continue;
                            }
                            expectation.rules.push(r.clone());
                        }
                    }
                }
            }
            let files = if is_dir {
                files_below(&entry)
            } else {
                vec![entry.clone()]
            };
            if let Some((file, set, compile_error)) = expected_results(&files)? {
                let rel = file
                    .strip_prefix(&root)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                if EXPECTED_RESULTS_IGNORED_IN.contains(&fname.as_str()) {
                    expectation.notes.push(format!(
                        "@EXPECTED_RESULTS@ in {rel} is ignored in {fname}/ (as BAPCtools and \
                         DOMjudge do: the folder decides)"
                    ));
                } else {
                    expectation.finals.push(FinalRule {
                        origin: format!("@EXPECTED_RESULTS@ in {rel}"),
                        verdicts: set,
                        compile_error,
                    });
                }
            }
            if expectation.rules.is_empty() && expectation.finals.is_empty() {
                bail!(
                    "submissions/{name}: {fname}/ is no default folder (accepted, rejected, \
                     wrong_answer, time_limit_exceeded, run_time_error, brute_force), and no \
                     submissions.yaml entry or @EXPECTED_RESULTS@ comment says what it must get"
                );
            }
            let (submission, skipped) = build_submission(
                &entry,
                &name,
                is_dir,
                language.as_deref(),
                entrypoint.as_deref(),
            );
            if submission.is_none() && skipped.is_none() {
                // Not a program (a README, notes): problemtools leaves such files out.
                continue;
            }
            out.push(KattisSubmission {
                name,
                submission,
                skipped,
                expectation,
            });
        }
    }
    Ok(out)
}

/// The keys given at the top of `glob`'s entry in `file` (to tell given keys from defaults).
fn yaml_root_keys(file: &Path, glob: &str) -> anyhow::Result<Vec<&'static str>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let doc: Value = yaml_serde::from_str(&text)
        .with_context(|| format!("{}: not valid YAML", file.display()))?;
    let Some(Value::Mapping(m)) = doc.get(glob) else {
        return Ok(Vec::new());
    };
    Ok(RULE_KEYS
        .iter()
        .copied()
        .filter(|k| m.contains_key(*k))
        .collect())
}

/// The runnable submission of `entry`, or why it is skipped; `(None, None)` for a file that is
/// no program.
fn build_submission(
    entry: &Path,
    name: &str,
    is_dir: bool,
    language: Option<&str>,
    entrypoint: Option<&str>,
) -> (Option<Submission>, Option<String>) {
    let kind = if is_dir {
        match FolderProgram::of_dir(entry, language, entrypoint) {
            Ok(f) => SubmissionKind::Folder(Box::new(f)),
            Err(e) => return (None, Some(format!("{e:#}"))),
        }
    } else {
        let abs = std::path::absolute(entry).unwrap_or_else(|_| entry.to_path_buf());
        let by_code = match language {
            Some(code) => match Language::from_code(code) {
                Some(l) => Some(l.single(abs.clone())),
                None => {
                    return (
                        None,
                        Some(format!(
                            "language `{code}` (submissions.yaml) is not one gridjudge runs"
                        )),
                    )
                }
            },
            None => None,
        };
        match by_code.or_else(|| SubmissionKind::of_source(&abs)) {
            Some(k) => k,
            None => {
                let ext = entry.extension().and_then(|e| e.to_str()).unwrap_or("");
                if OTHER_TABLE_ENDINGS.contains(&ext) {
                    return (
                        None,
                        Some(format!(
                            "a .{ext} file: a language of the Kattis table that gridjudge does \
                             not run"
                        )),
                    );
                }
                return (None, None);
            }
        }
    };
    if let Some(why) = missing_tool(&kind) {
        return (None, Some(why));
    }
    (
        Some(Submission {
            name: name.to_string(),
            kind,
        }),
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::*;

    fn t(path: &str, v: Verdict) -> (String, Verdict) {
        (path.to_string(), v)
    }

    fn default_rule(folder: &str) -> Expectation {
        let (f, p, r) = DEFAULT_FOLDERS
            .iter()
            .find(|(f, _, _)| *f == folder)
            .unwrap();
        let mut rule = Rule::new(format!("default rule of {f}/"), None);
        rule.permitted = p.iter().copied().collect();
        rule.required = r.iter().copied().collect();
        Expectation {
            rules: vec![rule],
            ..Default::default()
        }
    }

    #[test]
    fn globs_as_the_spec_defines_them() {
        // "accepted and accepted/* match all submissions in submissions/accepted/".
        assert!(glob_matches("accepted", "accepted/sol.py"));
        assert!(glob_matches("accepted/*", "accepted/sol.py"));
        assert!(glob_matches("accepted/", "accepted/multi"));
        assert!(!glob_matches("accepted", "wrong_answer/sol.py"));
        assert!(!glob_matches("accept", "accepted/sol.py"));
        // Brace expansion.
        assert!(glob_matches(
            "accepted/{simple,complex}.py",
            "accepted/complex.py"
        ));
        assert!(glob_matches(
            "accepted/author.{py,cpp}",
            "accepted/author.cpp"
        ));
        assert!(!glob_matches(
            "accepted/author.{py,cpp}",
            "accepted/author.java"
        ));
        // `*` stays within one name; a test is matched through its groups.
        assert!(glob_matches("secret/*-easy", "secret/03-easy"));
        assert!(!glob_matches("secret/*-easy", "secret/03-hard"));
        assert!(!glob_matches("*-easy", "secret/03-easy"));
        assert!(glob_matches("secret/group1", "secret/group1/03"));
        assert!(!glob_matches("secret/group1", "secret/group10/03"));
        assert!(glob_matches("*", "sample/1"));
    }

    #[test]
    fn default_folders_as_the_spec_defines_them() {
        let wa = default_rule("wrong_answer");
        assert!(wa
            .check(&[t("sample/1", Ac), t("secret/1", Wa)], Wa, None)
            .is_ok());
        // PE counts as WA.
        assert!(wa.check(&[t("secret/1", Pe)], Pe, None).is_ok());
        let e = wa.check(&[t("secret/1", Ac)], Ac, None).unwrap_err();
        assert!(e.contains("required one of [WA]"), "{e}");
        let e = wa
            .check(&[t("secret/1", Wa), t("secret/2", Tle)], Wa, None)
            .unwrap_err();
        assert!(
            e.contains("permitted [AC, WA], but test secret/2 got TLE"),
            "{e}"
        );

        let rej = default_rule("rejected");
        assert!(rej
            .check(&[t("secret/1", Ac), t("secret/2", Mle)], Mle, None)
            .is_ok());
        assert!(rej.check(&[t("secret/1", Ac)], Ac, None).is_err());

        let bf = default_rule("brute_force");
        assert!(bf
            .check(&[t("secret/1", Ac), t("secret/2", Tle)], Tle, None)
            .is_ok());
        assert!(bf
            .check(&[t("secret/1", Wa), t("secret/2", Tle)], Wa, None)
            .is_err());

        let acc = default_rule("accepted");
        assert!(acc.check(&[t("secret/1", Ac)], Ac, None).is_ok());
        let e = acc
            .check(&[t("secret/1", Ac), t("secret/2", Fail)], Fail, None)
            .unwrap_err();
        assert_eq!(e, "judge error (FAIL) on test secret/2");
        // A rule that covers no test is not met.
        assert!(acc.check(&[], Ac, None).is_err());
    }

    fn package(yaml: Option<&str>, files: &[(&str, &str)]) -> tempfile::TempDir {
        let tmp = tempfile::tempdir().unwrap();
        let s = tmp.path().join("submissions");
        std::fs::create_dir_all(&s).unwrap();
        if let Some(y) = yaml {
            std::fs::write(s.join("submissions.yaml"), y).unwrap();
        }
        for (p, text) in files {
            let f = s.join(p);
            std::fs::create_dir_all(f.parent().unwrap()).unwrap();
            std::fs::write(f, text).unwrap();
        }
        tmp
    }

    #[test]
    fn the_spec_group_example() {
        // spec 2025-09, "Test data groups": solves group1, times out on group2.
        let yaml = "accepted/solves_group_1.py:\n  sample:\n    permitted: [AC]\n  \
                    secret/group1:\n    permitted: [AC]\n  secret/group2:\n    permitted: [AC, TLE]\n    \
                    required: [TLE]\n";
        let p = package(
            Some(yaml),
            &[
                ("other/solves_group_1.py", "print(1)\n"),
                ("accepted/solves_group_1.py", "print(1)\n"),
            ],
        );
        let subs = load(p.path(), Version::V2025_09).unwrap_err();
        // other/ is no default folder and nothing covers it.
        assert!(
            format!("{subs:#}").contains("submissions/other/solves_group_1.py"),
            "{subs:#}"
        );
        std::fs::remove_dir_all(p.path().join("submissions/other")).unwrap();
        let subs = load(p.path(), Version::V2025_09).unwrap();
        assert_eq!(subs.len(), 1);
        let e = &subs[0].expectation;
        // The default accepted rule plus the three group rules.
        assert_eq!(e.rules.len(), 4);
        let ok = [
            t("sample/1", Ac),
            t("secret/group1/1", Ac),
            t("secret/group2/1", Tle),
        ];
        // The default accepted rule forbids the TLE.
        let err = e.check(&ok, Tle, None).unwrap_err();
        assert!(err.contains("default rule of accepted/"), "{err}");
        let only_groups = Expectation {
            rules: e.rules[1..].to_vec(),
            ..Default::default()
        };
        assert!(only_groups.check(&ok, Tle, None).is_ok());
        let err = only_groups
            .check(
                &[
                    t("sample/1", Ac),
                    t("secret/group1/1", Ac),
                    t("secret/group2/1", Ac),
                ],
                Ac,
                None,
            )
            .unwrap_err();
        assert!(
            err.contains("(tests secret/group2): required one of [TLE]"),
            "{err}"
        );
        let err = only_groups
            .check(
                &[
                    t("sample/1", Ac),
                    t("secret/group1/1", Wa),
                    t("secret/group2/1", Tle),
                ],
                Wa,
                None,
            )
            .unwrap_err();
        assert!(err.contains("test secret/group1/1 got WA"), "{err}");
    }

    #[test]
    fn overriding_a_default_folder_inherits_the_other_keys() {
        // spec: "time_limit_exceeded: permitted: [AC, WA, TLE]" keeps required [TLE].
        let yaml = "time_limit_exceeded:\n  permitted: [AC, WA, TLE]\n";
        let p = package(Some(yaml), &[("time_limit_exceeded/slow.py", "x=1\n")]);
        let subs = load(p.path(), Version::V2025_09).unwrap();
        let e = &subs[0].expectation;
        assert_eq!(e.rules.len(), 1);
        assert!(e
            .check(&[t("secret/1", Wa), t("secret/2", Tle)], Wa, None)
            .is_ok());
        assert!(e.check(&[t("secret/1", Wa)], Wa, None).is_err());
        assert!(e.upper_bounds_time_limit());
        assert!(!e.lower_bounds_time_limit());
    }

    #[test]
    fn scores_and_messages() {
        let yaml = "accepted/half.py:\n  score: [40, 60]\n  message: too slow\n  secret/g1:\n    \
                    score: 20\n";
        let p = package(Some(yaml), &[("accepted/half.py", "x=1\n")]);
        let subs = load(p.path(), Version::V2025_09).unwrap();
        let e = &subs[0].expectation;
        assert!(e.check(&[t("secret/g1/1", Ac)], Ac, Some(50.0)).is_ok());
        let err = e
            .check(&[t("secret/g1/1", Ac)], Ac, Some(70.0))
            .unwrap_err();
        assert!(err.contains("score must be in [40, 60], got 70"), "{err}");
        assert!(e.check(&[t("secret/g1/1", Ac)], Ac, None).is_err());
        assert!(e.check_group_scores(&[("secret/g1".into(), 20.0)]).is_ok());
        let err = e
            .check_group_scores(&[("secret/g1".into(), 10.0)])
            .unwrap_err();
        assert!(
            err.contains("group secret/g1 must score 20, got 10"),
            "{err}"
        );
        assert!(e
            .check_messages(&[("secret/g1/1".into(), "way too slow here".into())])
            .is_ok());
        assert!(e
            .check_messages(&[("secret/g1/1".into(), "Too Slow".into())])
            .is_err());
    }

    #[test]
    fn bad_yaml_is_an_error_naming_file_and_key() {
        for (yaml, want) in [
            ("accepted:\n  permited: [AC]\n", "accepted.permited"),
            ("accepted:\n  permitted: [AC, PE]\n", "accepted.permitted"),
            (
                "accepted:\n  secret:\n    langauge: x\n",
                "accepted.secret.langauge",
            ),
            (
                "accepted:\n  use_for_time_limit: sometimes\n",
                "accepted.use_for_time_limit",
            ),
            ("accepted:\n  score: [3, 1]\n", "accepted.score"),
            ("accepted: [1\n", "not valid YAML"),
        ] {
            let p = package(Some(yaml), &[("accepted/a.py", "x=1\n")]);
            let e = format!("{:#}", load(p.path(), Version::V2025_09).unwrap_err());
            assert!(
                e.contains("submissions.yaml") && e.contains(want),
                "{yaml}: {e}"
            );
        }
    }

    #[test]
    fn expected_results_comments() {
        let p = package(
            None,
            &[
                (
                    "rejected/a.cpp",
                    "// @EXPECTED_RESULTS@: WRONG-ANSWER, timelimit\nint main(){}\n",
                ),
                ("accepted/b.py", "# @EXPECTED_RESULTS@: WRONG_ANSWER\n"),
                ("mixed/c.py", "# @EXPECTED_RESULTS@: CORRECT,RUN-ERROR\n"),
            ],
        );
        let subs = load(p.path(), Version::V2025_09).unwrap();
        let names: Vec<&str> = subs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["accepted/b.py", "mixed/c.py", "rejected/a.cpp"]);
        // Ignored in accepted/.
        assert!(subs[0].expectation.finals.is_empty());
        assert!(subs[0].expectation.notes[0].contains("ignored"));
        let mixed = &subs[1].expectation;
        assert!(mixed.rules.is_empty());
        assert!(mixed.check(&[t("secret/1", Re)], Re, None).is_ok());
        let err = mixed.check(&[t("secret/1", Wa)], Wa, None).unwrap_err();
        assert!(err.contains("must be one of [AC, RTE], got WA"), "{err}");
        let rej = &subs[2].expectation;
        assert!(rej.check(&[t("secret/1", Tle)], Tle, None).is_ok());
        assert!(rej.check(&[t("secret/1", Re)], Re, None).is_err());

        // COMPILER-ERROR (DOMjudge's): a compiler error meets it; a run must get the rest.
        let p = package(
            None,
            &[
                (
                    "broken/e.cpp",
                    "// @EXPECTED_RESULTS@: COMPILER-ERROR\nint main({}\n",
                ),
                (
                    "broken/f.cpp",
                    "// @EXPECTED_RESULTS@: COMPILER-ERROR, WRONG-ANSWER\nint main(){}\n",
                ),
                ("broken/g.py", "# @EXPECTED_RESULTS@: WRONG-ANSWER\n"),
            ],
        );
        let subs = load(p.path(), Version::V2025_09).unwrap();
        let (e, f, g) = (
            &subs[0].expectation,
            &subs[1].expectation,
            &subs[2].expectation,
        );
        assert_eq!(e.check_compile_error("error: expected"), Ok(()));
        let err = e.check(&[t("secret/1", Ac)], Ac, None).unwrap_err();
        assert!(err.contains("one of [COMPILER-ERROR], got AC"), "{err}");
        assert_eq!(f.check_compile_error("error"), Ok(()));
        assert!(f.check(&[t("secret/1", Wa)], Wa, None).is_ok());
        let err = g.check_compile_error("error: x").unwrap_err();
        assert!(err.contains("[WA]") && err.contains("error: x"), "{err}");

        let p = package(None, &[("mixed/d.py", "# @expected_results@: MAYBE\n")]);
        let e = format!("{:#}", load(p.path(), Version::V2025_09).unwrap_err());
        assert!(e.contains("d.py") && e.contains("MAYBE"), "{e}");
    }

    #[test]
    fn legacy_folders() {
        let p = package(
            Some("accepted:\n  permitted: [WA]\n"),
            &[
                ("accepted/a.py", "x=1\n"),
                ("wrong_answer/w.py", "x=1\n"),
                ("partially_accepted/p.py", "x=1\n"),
                ("accepted/README.md", "notes\n"),
                ("accepted/old.py.disabled", "x=1\n"),
                ("top.py", "x=1\n"),
            ],
        );
        let subs = load(p.path(), Version::Legacy).unwrap();
        let names: Vec<&str> = subs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "accepted/a.py",
                "partially_accepted/p.py",
                "top.py",
                "wrong_answer/w.py"
            ]
        );
        // submissions.yaml is no part of the legacy format.
        assert!(subs[0].expectation.rules.is_empty());
        assert!(subs[2]
            .skipped
            .as_deref()
            .unwrap()
            .contains("not in a folder"));
        let wa = &subs[3].expectation;
        // The final verdict decides: AC on a test before the WA is fine, a TLE first is not.
        assert!(wa
            .check(&[t("secret/1", Ac), t("secret/2", Wa)], Wa, None)
            .is_ok());
        let err = wa.check(&[t("secret/1", Tle)], Tle, None).unwrap_err();
        assert!(err.contains("legacy folder wrong_answer/"), "{err}");

        std::fs::create_dir_all(p.path().join("submissions/rejected")).unwrap();
        let e = format!("{:#}", load(p.path(), Version::Legacy).unwrap_err());
        assert!(e.contains("submissions/rejected/"), "{e}");
    }

    #[test]
    fn languages_and_folders() {
        let p = package(
            Some("accepted/hello.x:\n  language: python3\naccepted/goish.go:\n  language: go\n"),
            &[
                ("accepted/a.py2", "print 1\n"),
                ("accepted/b.py", "#!/usr/bin/env python2\nprint 1\n"),
                ("accepted/c.py3", "print(1)\n"),
                ("accepted/d.go", "package main\n"),
                ("accepted/hello.x", "print(1)\n"),
                ("accepted/goish.go", "package main\n"),
                ("accepted/multi/main.py", "import helper\n"),
                ("accepted/multi/helper.py", "X = 1\n"),
                ("accepted/jv/Other.java", "class Other {}\n"),
                ("accepted/jv/Main.java", "class Main {}\n"),
            ],
        );
        let subs = load(p.path(), Version::V2025_09).unwrap();
        let by = |n: &str| subs.iter().find(|s| s.name == n).unwrap();
        let lang = |n: &str| {
            let s = by(n);
            match (&s.submission, &s.skipped) {
                (Some(sub), _) => sub.kind.language().unwrap().code().to_string(),
                (None, Some(why)) => format!("skipped: {why}"),
                _ => unreachable!(),
            }
        };
        // Python 2 is not installed here; the skip names it.
        for n in ["accepted/a.py2", "accepted/b.py"] {
            let l = lang(n);
            assert!(
                l == "python2" || l.contains("Python 2: no `python2` or `pypy`"),
                "{n}: {l}"
            );
        }
        assert_eq!(lang("accepted/c.py3"), "python3");
        assert_eq!(lang("accepted/hello.x"), "python3");
        assert!(lang("accepted/d.go").contains("does not run"));
        assert!(lang("accepted/goish.go").contains("language `go`"));
        let multi = by("accepted/multi/").submission.as_ref().unwrap();
        let SubmissionKind::Folder(f) = &multi.kind else {
            panic!()
        };
        assert_eq!(f.language, Language::Python3);
        assert!(f.entry.ends_with("multi/main.py"));
        assert_eq!(f.sources.len(), 2);
        if let Some(sub) = &by("accepted/jv/").submission {
            let SubmissionKind::Folder(f) = &sub.kind else {
                panic!()
            };
            assert_eq!(f.main_class.as_deref(), Some("Main"));
        }
    }
}
