//! `problem.yaml`, the metadata of a Kattis package, as the two versions of the specification
//! define it (legacy: "Problem metadata" of `spec/legacy.md`; 2025-09: "Problem metadata" of
//! `spec/2025-09.md`, both in the Kattis problem-package-format repository).
//!
//! Unknown keys are errors naming the file and the key, as both versions ask ("Any unknown keys
//! should be treated as an error"). Keys that only a statement or an archive reads (`uuid`,
//! `credits`, `license`, `keywords`, ...) are accepted and not used.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context};
use yaml_serde::{Mapping, Value};

use super::Version;

/// The default `ac_to_time_limit` of 2025-09 ("Problem timing").
pub const AC_TO_TIME_LIMIT: f64 = 2.0;
/// The default `time_limit_to_tle` of 2025-09.
pub const TIME_LIMIT_TO_TLE: f64 = 1.5;
/// The default `time_resolution` of 2025-09, seconds.
pub const TIME_RESOLUTION: f64 = 1.0;
/// The legacy default `time_multiplier` (the time limit over the slowest accepted time).
pub const LEGACY_TIME_MULTIPLIER: f64 = 5.0;
/// The legacy default `time_safety_margin` (how much slower than the limit a
/// time-limit-exceeded submission must be).
pub const LEGACY_TIME_SAFETY_MARGIN: f64 = 2.0;

/// The limits of `problem.yaml`'s `limits` map, with the specification's defaults filled in
/// where it gives one; `None` where it leaves the value to the system.
#[derive(Clone, Debug, PartialEq)]
pub struct PackageLimits {
    /// `time_limit` (2025-09), seconds; `None`: derived from the accepted submissions.
    pub time_limit: Option<f64>,
    /// The time limit over the slowest accepted submission's time: 2025-09's
    /// `time_multipliers.ac_to_time_limit`, legacy `time_multiplier`.
    pub ac_to_time_limit: f64,
    /// How much slower than the time limit a time-limit-exceeded submission must be:
    /// `time_multipliers.time_limit_to_tle`, legacy `time_safety_margin`.
    pub time_limit_to_tle: f64,
    /// `time_resolution`, seconds (legacy: whole seconds, as problemtools rounds up).
    pub time_resolution: f64,
    /// `memory`, MiB.
    pub memory_mib: Option<u64>,
    /// `output`, MiB.
    pub output_mib: Option<u64>,
    /// `validation_time`, seconds.
    pub validation_time_s: Option<u64>,
    /// `validation_memory`, MiB.
    pub validation_memory_mib: Option<u64>,
    /// `validation_output`, MiB.
    pub validation_output_mib: Option<u64>,
    /// `validation_passes` (multi-pass problems), at least 2; default 2.
    pub validation_passes: u32,
}

/// What `problem.yaml` says, as gridjudge uses it.
#[derive(Clone, Debug, PartialEq)]
pub struct PackageYaml {
    /// The version of the format (a `2023-07-draft` package: [`Version::V2025_09`], whose keys
    /// its `problem.yaml` has).
    pub version: Version,
    /// `problem_format_version` names the `2023-07-draft` (also `2023-07`, `draft`): a draft
    /// of 2025-09 that only problemtools reads, and reads halfway: `problem.yaml` as the draft
    /// (2025-09's keys), everything else the legacy way ([`PackageYaml::layout`]).
    pub draft_2023_07: bool,
    /// The problem's name as a statement shows it (`name`, its English entry, or the first).
    pub title: String,
    /// A scoring problem (`type: scoring`; legacy `type: scoring`).
    pub scoring: bool,
    /// An interactive problem (`type: interactive`; legacy `validation: custom interactive`).
    pub interactive: bool,
    /// A multi-pass problem (`type: multi-pass`; legacy: `validation: ... multi-pass`, as
    /// problemtools reads it).
    pub multi_pass: bool,
    /// The output validator is a custom one (2025-09: there is an `output_validator/`;
    /// legacy: `validation: custom ...`).
    pub custom_output_validator: bool,
    /// The custom output validator writes `score.txt` (legacy `validation: custom score`;
    /// 2025-09: any custom validator of a scoring problem may).
    pub validator_score: bool,
    /// Legacy `validator_flags`, split on white space: the output validator's arguments on
    /// every test (before a group's `output_validator_flags`).
    pub validator_flags: Vec<String>,
    /// The limits.
    pub limits: PackageLimits,
    /// `constants` (2025-09): each name's variants (`value` always present), as strings.
    pub constants: BTreeMap<String, BTreeMap<String, String>>,
    /// Legacy `grading.objective` is `min` (scores are minimised).
    pub minimise: bool,
}

impl PackageYaml {
    /// The version whose rules the package's folders follow: its data tree (`testdata.yaml`
    /// or `test_group.yaml`, and the grading keys), its submission folders, its scoring and
    /// its output validator's folder. That is [`PackageYaml::version`], except for a
    /// `2023-07-draft` package, read as problemtools 1.20260907 reads one (its
    /// `formatversion.py` and `model/submissions.py`): `testdata.yaml` with the legacy
    /// grading keys, the legacy submission folders (`partially_accepted/` among them), and
    /// `output_validator/` as a folder of programs, as legacy's `output_validators/` is.
    pub fn layout(&self) -> Version {
        if self.draft_2023_07 {
            Version::Legacy
        } else {
            self.version
        }
    }

    /// The name `gridjudge list` shows: `kattis-legacy`, `kattis-2025-09` or
    /// `kattis-2023-07-draft`.
    pub fn label(&self) -> &'static str {
        self.version.label_of(self.draft_2023_07)
    }
}

/// The keys each version defines at the top of `problem.yaml`.
const LEGACY_KEYS: &[&str] = &[
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "limits",
    "validation",
    "validator_flags",
    "grading",
    "keywords",
    "languages",
];
const V2025_KEYS: &[&str] = &[
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "credits",
    "source",
    "license",
    "rights_owner",
    "embargo_until",
    "limits",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
];
pub(crate) const LEGACY_LIMITS: &[&str] = &[
    "time_multiplier",
    "time_safety_margin",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    // Not in the legacy text; BAPCtools reads it on a legacy package (problemtools 1.20260907
    // refuses it there).
    "time_limit",
];
pub(crate) const V2025_LIMITS: &[&str] = &[
    "time_multipliers",
    "time_limit",
    "time_resolution",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    "validation_passes",
];

/// Reads `dir/problem.yaml`.
///
/// Errors: the file cannot be read or is not YAML; a key that its version does not define, a
/// value of the wrong type, a `type` gridjudge cannot judge (`submit-answer`), each naming the
/// file and the key.
pub fn read(dir: &Path) -> anyhow::Result<PackageYaml> {
    let path = dir.join("problem.yaml");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    parse(&text, &path.display().to_string())
}

/// Parses the text of a `problem.yaml`; `origin` names it in errors.
///
/// Errors: as [`read`].
pub fn parse(text: &str, origin: &str) -> anyhow::Result<PackageYaml> {
    let map = yaml_map(text, origin)?;
    let version_key = match map.get("problem_format_version") {
        None => None,
        Some(v) => Some(scalar(v).with_context(|| format!("{origin}: problem_format_version"))?),
    };
    let version = Version::from_key(version_key.as_deref())
        .with_context(|| format!("{origin}: problem_format_version"))?;
    let draft_2023_07 = version_key.as_deref().is_some_and(Version::is_draft);
    let allowed = match version {
        Version::Legacy => LEGACY_KEYS,
        Version::V2025_09 => V2025_KEYS,
    };
    for k in map.keys() {
        let k = key_name(k);
        if !allowed.contains(&k.as_str()) {
            bail!(
                "{origin}: unknown key `{k}` for a {} package (its keys: {})",
                version.label(),
                allowed.join(", ")
            );
        }
    }
    let title = match map.get("name") {
        None => String::new(),
        Some(Value::Mapping(m)) => m
            .get("en")
            .or_else(|| m.values().next())
            .map(scalar)
            .transpose()
            .with_context(|| format!("{origin}: name"))?
            .unwrap_or_default(),
        Some(v) => scalar(v).with_context(|| format!("{origin}: name"))?,
    };
    if version == Version::V2025_09 {
        for required in ["name", "uuid"] {
            if !map.contains_key(required) {
                bail!("{origin}: `{required}` is required in a 2025-09 package");
            }
        }
    }
    let types: Vec<String> = match map.get("type") {
        None => vec!["pass-fail".into()],
        Some(Value::Sequence(s)) if version == Version::V2025_09 => s
            .iter()
            .map(scalar)
            .collect::<anyhow::Result<_>>()
            .with_context(|| format!("{origin}: type"))?,
        Some(v) => vec![scalar(v).with_context(|| format!("{origin}: type"))?],
    };
    let known_types: &[&str] = match version {
        Version::Legacy => &["pass-fail", "scoring"],
        Version::V2025_09 => &[
            "pass-fail",
            "scoring",
            "interactive",
            "multi-pass",
            "submit-answer",
        ],
    };
    for t in &types {
        if !known_types.contains(&t.as_str()) {
            bail!(
                "{origin}: type `{t}` is not a {} type (types: {})",
                version.label(),
                known_types.join(", ")
            );
        }
    }
    let has = |t: &str| types.iter().any(|x| x == t);
    if has("submit-answer") {
        bail!(
            "{origin}: type `submit-answer`: gridjudge judges programs, not answer files; a \
             submit-answer problem cannot be verified here"
        );
    }
    if has("scoring") && has("pass-fail") {
        bail!("{origin}: type lists both `scoring` and `pass-fail`, which exclude each other");
    }
    let mut yaml = PackageYaml {
        version,
        draft_2023_07,
        title,
        scoring: has("scoring"),
        interactive: has("interactive"),
        multi_pass: has("multi-pass"),
        custom_output_validator: false,
        validator_score: false,
        validator_flags: Vec::new(),
        limits: PackageLimits {
            time_limit: None,
            ac_to_time_limit: AC_TO_TIME_LIMIT,
            time_limit_to_tle: TIME_LIMIT_TO_TLE,
            time_resolution: TIME_RESOLUTION,
            memory_mib: None,
            output_mib: None,
            validation_time_s: None,
            validation_memory_mib: None,
            validation_output_mib: None,
            validation_passes: crate::problem::interaction::DEFAULT_PASSES,
        },
        constants: BTreeMap::new(),
        minimise: false,
    };
    if version == Version::Legacy {
        yaml.limits.ac_to_time_limit = LEGACY_TIME_MULTIPLIER;
        yaml.limits.time_limit_to_tle = LEGACY_TIME_SAFETY_MARGIN;
        let validation = match map.get("validation") {
            None => "default".to_string(),
            Some(v) => scalar(v).with_context(|| format!("{origin}: validation"))?,
        };
        let mut words = validation.split_whitespace();
        match words.next() {
            Some("default") | None => {}
            Some("custom") => yaml.custom_output_validator = true,
            Some(w) => bail!(
                "{origin}: validation `{validation}` must begin with `default` or `custom`, not \
                 `{w}`"
            ),
        }
        for w in words {
            match w {
                "score" => yaml.validator_score = true,
                "interactive" => yaml.interactive = true,
                "multi-pass" | "multipass" => yaml.multi_pass = true,
                _ => bail!(
                    "{origin}: validation `{validation}`: unknown word `{w}` (after `custom`: \
                     score, interactive, multi-pass)"
                ),
            }
        }
        if !yaml.custom_output_validator && (yaml.interactive || yaml.validator_score) {
            bail!("{origin}: validation `{validation}`: `interactive` and `score` need `custom`");
        }
        if let Some(v) = map.get("validator_flags") {
            yaml.validator_flags = scalar(v)
                .with_context(|| format!("{origin}: validator_flags"))?
                .split_whitespace()
                .map(String::from)
                .collect();
        }
        if let Some(g) = map.get("grading") {
            let Value::Mapping(g) = g else {
                bail!("{origin}: grading must be a map");
            };
            for (k, v) in g {
                match key_name(k).as_str() {
                    "objective" => match scalar(v)?.as_str() {
                        "max" => {}
                        "min" => yaml.minimise = true,
                        o => bail!("{origin}: grading.objective `{o}` must be min or max"),
                    },
                    "show_test_data_groups" | "on_reject" => {}
                    k => bail!(
                        "{origin}: unknown key `grading.{k}` (its keys: objective, \
                         show_test_data_groups)"
                    ),
                }
            }
        }
    } else if let Some(c) = map.get("constants") {
        yaml.constants = constants(c, origin)?;
    }
    if let Some(l) = map.get("limits") {
        limits(&mut yaml.limits, l, version, origin)?;
    }
    if yaml.multi_pass && yaml.limits.validation_passes < 2 {
        bail!("{origin}: limits.validation_passes must be at least 2");
    }
    Ok(yaml)
}

fn limits(
    out: &mut PackageLimits,
    v: &Value,
    version: Version,
    origin: &str,
) -> anyhow::Result<()> {
    let Value::Mapping(m) = v else {
        bail!("{origin}: limits must be a map");
    };
    let allowed = match version {
        Version::Legacy => LEGACY_LIMITS,
        Version::V2025_09 => V2025_LIMITS,
    };
    for (k, v) in m {
        let k = key_name(k);
        if !allowed.contains(&k.as_str()) {
            bail!(
                "{origin}: unknown key `limits.{k}` (its keys: {})",
                allowed.join(", ")
            );
        }
        let at = || format!("{origin}: limits.{k}");
        match k.as_str() {
            "time_multiplier" => out.ac_to_time_limit = positive(v).with_context(at)?,
            "time_safety_margin" => out.time_limit_to_tle = positive(v).with_context(at)?,
            "time_limit" => out.time_limit = Some(positive(v).with_context(at)?),
            "time_resolution" => out.time_resolution = positive(v).with_context(at)?,
            "memory" => out.memory_mib = Some(whole(v).with_context(at)?),
            "output" => out.output_mib = Some(whole(v).with_context(at)?),
            "validation_time" => out.validation_time_s = Some(whole(v).with_context(at)?),
            "validation_memory" => out.validation_memory_mib = Some(whole(v).with_context(at)?),
            "validation_output" => out.validation_output_mib = Some(whole(v).with_context(at)?),
            "validation_passes" => {
                out.validation_passes = u32::try_from(whole(v).with_context(at)?)
                    .map_err(|_| anyhow::anyhow!("{}: too large", at()))?
            }
            "time_multipliers" => {
                let Value::Mapping(tm) = v else {
                    bail!("{}: must be a map", at());
                };
                for (k2, v2) in tm {
                    let k2 = key_name(k2);
                    let at2 = || format!("{origin}: limits.time_multipliers.{k2}");
                    let x = positive(v2).with_context(at2)?;
                    if x < 1.0 {
                        bail!("{}: must be at least 1", at2());
                    }
                    match k2.as_str() {
                        "ac_to_time_limit" => out.ac_to_time_limit = x,
                        "time_limit_to_tle" => out.time_limit_to_tle = x,
                        _ => bail!(
                            "{}: unknown key (its keys: ac_to_time_limit, time_limit_to_tle)",
                            at2()
                        ),
                    }
                }
            }
            // code and compilation limits: gridjudge's compile step has its own.
            _ => {
                whole(v).with_context(at)?;
            }
        }
    }
    if let Some(t) = out.time_limit {
        if version == Version::V2025_09 {
            let steps = t / out.time_resolution;
            if (steps - steps.round()).abs() > 1e-9 {
                bail!(
                    "{origin}: limits.time_limit {t} is not a multiple of time_resolution {}",
                    out.time_resolution
                );
            }
        }
    }
    Ok(())
}

fn constants(
    v: &Value,
    origin: &str,
) -> anyhow::Result<BTreeMap<String, BTreeMap<String, String>>> {
    let Value::Mapping(m) = v else {
        bail!("{origin}: constants must be a map");
    };
    let mut out = BTreeMap::new();
    for (k, v) in m {
        let name = key_name(k);
        let ok = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ok {
            bail!("{origin}: constants: `{name}` is not a name ([a-zA-Z_][a-zA-Z0-9_]*)");
        }
        let mut variants = BTreeMap::new();
        match v {
            Value::Mapping(vm) => {
                for (vk, vv) in vm {
                    variants.insert(
                        key_name(vk),
                        scalar(vv).with_context(|| format!("{origin}: constants.{name}"))?,
                    );
                }
                if !variants.contains_key("value") {
                    bail!("{origin}: constants.{name} has no `value`");
                }
            }
            v => {
                variants.insert(
                    "value".to_string(),
                    scalar(v).with_context(|| format!("{origin}: constants.{name}"))?,
                );
            }
        }
        out.insert(name, variants);
    }
    Ok(out)
}

/// Replaces every `{{name}}` and `{{name.variant}}` of `text` by the constant's value, as
/// 2025-09's "Constants" asks for validators, included files, submissions and
/// `test_group.yaml`; sequences naming no constant are left as they are.
///
/// Cost: O(length of `text`).
pub fn substitute(text: &str, constants: &BTreeMap<String, BTreeMap<String, String>>) -> String {
    if constants.is_empty() || !text.contains("{{") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let replaced = after.find("}}").and_then(|end| {
            let inner = &after[..end];
            let (name, variant) = inner.split_once('.').unwrap_or((inner, "value"));
            let value = constants.get(name)?.get(variant)?;
            Some((value.clone(), end + 2))
        });
        match replaced {
            Some((value, used)) => {
                out.push_str(&value);
                rest = &after[used..];
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

/// `text` (read from `origin`) as a YAML map: an empty text or document is an empty map.
///
/// Errors, naming `origin`: the text is not YAML, or its document is not a map.
pub fn yaml_map(text: &str, origin: &str) -> anyhow::Result<Mapping> {
    if text.trim().is_empty() {
        return Ok(Mapping::new());
    }
    match yaml_serde::from_str(text).with_context(|| format!("{origin}: not valid YAML"))? {
        Value::Mapping(m) => Ok(m),
        Value::Null => Ok(Mapping::new()),
        _ => bail!("{origin}: must be a map of keys to values"),
    }
}

/// A key of a YAML map as text (numbers and booleans as YAML writes them).
pub fn key_name(k: &Value) -> String {
    scalar(k).unwrap_or_else(|_| format!("{k:?}"))
}

/// A scalar value as text: a string as it is, a number or boolean as written.
///
/// Errors: a sequence, a map or null.
pub fn scalar(v: &Value) -> anyhow::Result<String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Tagged(t) => scalar(&t.value),
        Value::Null => bail!("a value is missing"),
        _ => bail!("must be a single value, not a list or a map"),
    }
}

fn positive(v: &Value) -> anyhow::Result<f64> {
    let x = match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    match x {
        Some(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => bail!("must be a positive number, found {}", key_name(v)),
    }
}

fn whole(v: &Value) -> anyhow::Result<u64> {
    match v {
        Value::Number(n) if n.as_u64().is_some_and(|x| x > 0) => Ok(n.as_u64().unwrap_or(1)),
        _ => bail!("must be a whole number above 0, found {}", key_name(v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_told_apart_by_problem_format_version() {
        let legacy = parse("name: Hello\n", "p").unwrap();
        assert_eq!(legacy.version, Version::Legacy);
        assert_eq!(legacy.limits.ac_to_time_limit, 5.0);
        let new = parse(
            "problem_format_version: 2025-09\nname: Hello\nuuid: 1\ntype: [scoring, interactive]\n",
            "p",
        )
        .unwrap();
        assert_eq!(new.version, Version::V2025_09);
        assert!(new.scoring && new.interactive && !new.multi_pass);
        assert_eq!(new.limits.ac_to_time_limit, 2.0);
        let e = parse("problem_format_version: 2030-01\n", "p").unwrap_err();
        assert!(format!("{e:#}").contains("2030-01"), "{e:#}");
    }

    #[test]
    fn unknown_keys_are_named() {
        let e = parse("name: x\ntimelimit: 3\n", "pkg/problem.yaml").unwrap_err();
        let m = format!("{e:#}");
        assert!(
            m.contains("pkg/problem.yaml") && m.contains("`timelimit`"),
            "{m}"
        );
        let e = parse(
            "problem_format_version: 2025-09\nname: x\nuuid: u\nlimits:\n  time_multiplier: 3\n",
            "p",
        )
        .unwrap_err();
        assert!(format!("{e:#}").contains("limits.time_multiplier"), "{e:#}");
        let e = parse(
            "problem_format_version: 2025-09\nname: x\nuuid: u\ntype: submit-answer\n",
            "p",
        )
        .unwrap_err();
        assert!(format!("{e:#}").contains("submit-answer"), "{e:#}");
    }

    #[test]
    fn legacy_validation_words() {
        let y = parse(
            "validation: custom interactive\nvalidator_flags: float_tolerance 1e-6\n",
            "p",
        )
        .unwrap();
        assert!(y.custom_output_validator && y.interactive);
        assert_eq!(y.validator_flags, vec!["float_tolerance", "1e-6"]);
        assert!(parse("validation: default interactive\n", "p").is_err());
    }

    #[test]
    fn limits_and_multipliers() {
        let y = parse(
            "problem_format_version: 2025-09\nname: x\nuuid: u\nlimits:\n  time_limit: 1.5\n  \
             time_resolution: 0.5\n  memory: 512\n  time_multipliers:\n    ac_to_time_limit: 3\n",
            "p",
        )
        .unwrap();
        assert_eq!(y.limits.time_limit, Some(1.5));
        assert_eq!(y.limits.memory_mib, Some(512));
        assert_eq!(y.limits.ac_to_time_limit, 3.0);
        assert_eq!(y.limits.time_limit_to_tle, 1.5);
        let e = parse(
            "problem_format_version: 2025-09\nname: x\nuuid: u\nlimits:\n  time_limit: 1.2\n",
            "p",
        )
        .unwrap_err();
        assert!(
            format!("{e:#}").contains("multiple of time_resolution"),
            "{e:#}"
        );
    }

    #[test]
    fn constants_are_substituted() {
        let y = parse(
            "problem_format_version: 2025-09\nname: x\nuuid: u\nconstants:\n  max_n: 1000\n  k:\n    \
             value: 5000000\n    tex: 5,000,000\n",
            "p",
        )
        .unwrap();
        assert_eq!(
            substitute(
                "n <= {{max_n}}, k = {{k.tex}} {{k}} {{nope}} {{",
                &y.constants
            ),
            "n <= 1000, k = 5,000,000 5000000 {{nope}} {{"
        );
    }
}
