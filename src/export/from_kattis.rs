//! A Kattis package worked on in place ([`crate::problems::kattis`]) written as a testlib
//! package or a Polygon package ([`write()`]).
//!
//! Those formats judge a test with a checker written against testlib's API
//! (`checker <input> <output> <answer>`, which each judge compiles with its own `testlib.h`):
//! a Kattis package whose tests are judged by the *default output validator* ships
//! [`crate::export::kattis_default_checker_source`], the testlib-API C++ version of that
//! validator with the package's flags written in. What is written:
//! * the judged tests (`data/sample/` then `data/secret/`, in judging order), numbered from 1:
//!   testlib `N.in`/`N.ans`, Polygon `tests/NN`/`tests/NN.a`; each test's test group is its
//!   Kattis folder under `secret/` (`secret/group1` is `group1`, tests directly in `secret/`
//!   are `secret`), the samples are Polygon's samples and Hydro's first subtask worth 0; a
//!   scoring package's groups carry its scores (`scored_groups`: a group scored as a whole is
//!   Polygon's `complete-group` and Hydro's `type: min`, one scored per test `each-test` and
//!   `type: sum`), a pass-fail package's the 100 points split evenly;
//! * the checker (`checker.cpp`; Polygon `check.cpp` and `files/check.cpp`);
//! * the time limit (the package's, with its time multipliers not applied: it is the limit
//!   itself) and the memory limit;
//! * testlib: Hydro's `config.yaml` ([`crate::export::hydro_config`], with a scoring
//!   package's scores) and a `README.txt`;
//! * Polygon: `problem.xml` ([`super::polygon::problem_xml`]), the submissions as solutions
//!   with the tag their expectation implies (`accepted`, `main` on the first accepted C++ one,
//!   `wrong-answer`, `time-limit-exceeded`, `time-limit-exceeded-or-accepted`, `rejected`),
//!   and the LaTeX statement in Polygon's form ([`super::polygon::polygon_statement`]) with
//!   the 2025-09 constants substituted.
//!
//! What would change a verdict and has no place there is refused, naming the file and key: a
//! custom output validator (Kattis' calling convention: exit 42/43 and a feedback folder),
//! an interactive or multi-pass problem (the interactor follows the same convention), a
//! scoring problem whose scores neither Polygon's group points nor Hydro's subtasks state
//! alike (what [`super::kattis_scoring`] refuses: custom graders, `avg`, `require_pass`, ...),
//! tests whose output validator arguments differ (a testlib checker is told
//! nothing but the three files), submission arguments (`args`), a time limit the package does
//! not fix. What changes no verdict is left out and listed in the notes: the input validators
//! (Kattis' convention; the tests were validated by `gridjudge build`), answer validators,
//! visualizers, validation data, generators, the submissions Polygon cannot take (folders,
//! languages without a Polygon compiler, expectations no Polygon tag says), a statement that
//! does not split into Polygon's sections.
//!
//! Uses the problems layer's Kattis package, `super::programs` (the checker), [`super::polygon`],
//! `super::testlib` (Hydro's `config.yaml`) and [`super::shared`].

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{bail, Context};

use super::format::Format;
use super::kattis_version::Written;
use super::polygon::{self, Descriptor, Solution};
use super::shared::{write_file, PackageTest};
use crate::core::output_validator::DefaultOutputValidator;
use crate::package::TestSpec;
use crate::problems::kattis::data::DataTest;
use crate::problems::kattis::submissions::{KattisSubmission, KattisVerdict};
use crate::problems::kattis::{Package, Version};

/// Writes `package` into the empty folder `root` as a package of `format` ([`Format::Testlib`]
/// or [`Format::Polygon`]) whose short name is `short`. The data written is the package's
/// `data/` as it is: the caller checks it against the lock first.
///
/// Errors, naming the file and key (see the module documentation for what is refused and
/// why): another format; a `2023-07-draft` package; an interactive or multi-pass problem; a
/// scoring problem whose scores cannot be stated alike; a custom output validator; output validator arguments that are no default
/// output validator's or that differ between two tests; a test with submission arguments; a
/// time limit the package does not fix; a judged test without an answer; for Polygon, no
/// accepted submission it can take (the main solution), or two solutions with one file name;
/// a file that cannot be read or written. Cost: one read and one write per file written.
pub fn write(
    package: &Package,
    format: Format,
    short: &str,
    root: &Path,
) -> anyhow::Result<Written> {
    if !matches!(format, Format::Testlib | Format::Polygon) {
        bail!(
            "internal error: from_kattis writes testlib and Polygon packages, not {}",
            format.name()
        );
    }
    let (validator, time_ms) = refusals(package, format)?;
    let mut w = Written::default();
    let mut tests = judged_tests(package)?;
    let scored = scored_groups(package, &mut tests)?;
    w.tests = tests.len();
    w.samples = tests.iter().filter(|t| t.spec.sample).count();
    let checker = super::programs::kattis_default_checker_source(&validator)?;
    let config = package.problem.config();
    left_out(package, format, &mut w.notes);
    match format {
        Format::Testlib => {
            for (i, t) in tests.iter().enumerate() {
                write_file(&root.join(format!("{}.in", i + 1)), &t.input)?;
                write_file(&root.join(format!("{}.ans", i + 1)), &t.answer)?;
            }
            write_file(&root.join("checker.cpp"), checker.as_bytes())?;
            write_file(
                &root.join("config.yaml"),
                super::testlib::hydro_config_scored(
                    &with_time(config, time_ms),
                    &tests,
                    "checker.cpp",
                    None,
                    None,
                    scored.as_deref(),
                )
                .as_bytes(),
            )?;
            write_file(
                &root.join("README.txt"),
                readme(package, &validator, &tests, time_ms).as_bytes(),
            )?;
        }
        _ => {
            for (i, t) in tests.iter().enumerate() {
                write_file(&root.join(format!("tests/{:02}", i + 1)), &t.input)?;
                write_file(&root.join(format!("tests/{:02}.a", i + 1)), &t.answer)?;
            }
            write_file(&root.join("check.cpp"), checker.as_bytes())?;
            write_file(&root.join("files/check.cpp"), checker.as_bytes())?;
            let sols = solutions(package, &mut w.notes)?;
            for s in &sols {
                let bytes = std::fs::read(&s.from)
                    .with_context(|| format!("cannot read {}", s.from.display()))?;
                write_file(&root.join("solutions").join(&s.file), &bytes)?;
            }
            w.submissions = sols.len();
            let tex = statement(package, &tests, time_ms, root, &mut w.notes)?;
            let xml = polygon::problem_xml(
                &tests,
                &Descriptor {
                    short_name: short,
                    title: &package.yaml.title,
                    time_ms,
                    memory_mib: config.limits.memory_mib,
                    validator: None,
                    tex,
                    validator_tests: &[],
                    interactor: false,
                    solutions: &sols,
                    groups: scored.as_deref(),
                    pdf: false,
                    html: false,
                },
            );
            write_file(&root.join("problem.xml"), xml.as_bytes())?;
        }
    }
    Ok(w)
}

/// What is refused (see [`write()`]); returns the default output validator every test uses.
fn refusals(package: &Package, format: Format) -> anyhow::Result<(DefaultOutputValidator, u64)> {
    let yaml = &package.yaml;
    let problem_yaml = package.dir.join("problem.yaml");
    let to = format.name();
    if yaml.draft_2023_07 {
        bail!(
            "{}: problem_format_version names the 2023-07 draft, which is exported by neither \
             version's rules; set it to 2025-09 (the draft's keys are 2025-09's) and export again",
            problem_yaml.display()
        );
    }
    if yaml.interactive || yaml.multi_pass {
        let key = match yaml.version {
            Version::Legacy => "validation: custom interactive",
            Version::V2025_09 => "type",
        };
        bail!(
            "{}: {key}: an interactive or multi-pass Kattis package is not exported to {to}: \
             its interactor follows Kattis' calling convention (exit 42/43, a feedback \
             folder), and a {to} interactor is a testlib program",
            problem_yaml.display()
        );
    }
    if yaml.custom_output_validator {
        let folder = match yaml.version {
            Version::Legacy => "output_validators/",
            Version::V2025_09 => "output_validator/",
        };
        bail!(
            "{}: the custom output validator follows Kattis' calling convention (exit 42/43, \
             a feedback folder), and a {to} checker is a testlib program: only a package \
             judged by the default output validator is exported to {to}",
            package.dir.join(folder).display()
        );
    }
    let time_ms = time_limit_ms(package, format)?;
    let mut first: Option<(&DataTest, Vec<String>, DefaultOutputValidator)> = None;
    for t in &package.tree.tests {
        if !t.settings.args.is_empty() {
            bail!(
                "{}: args {:?}: a {to} package gives its submissions no command-line arguments",
                t.input.display(),
                t.settings.args
            );
        }
        let mut words = match yaml.version {
            Version::Legacy => yaml.validator_flags.clone(),
            Version::V2025_09 => Vec::new(),
        };
        words.extend(t.settings.output_validator_args.iter().cloned());
        let v = match yaml.version {
            Version::Legacy => DefaultOutputValidator::from_legacy_args(&words),
            Version::V2025_09 => DefaultOutputValidator::from_args(&words),
        }
        .with_context(|| {
            format!(
                "{}: the output validator arguments {words:?}",
                t.input.display()
            )
        })?;
        match &first {
            None => first = Some((t, words, v)),
            Some((t0, w0, v0)) => {
                if *v0 != v {
                    bail!(
                        "data/{}.in has the output validator arguments {words:?} ({}) and \
                         data/{}.in has {w0:?} ({}), in {}: a {to} checker is given only the \
                         input, the output and the answer, so one checker cannot judge both; \
                         give every test the same arguments to export it",
                        t.name,
                        args_origin(package, t),
                        t0.name,
                        args_origin(package, t0),
                        package.dir.display(),
                    );
                }
            }
        }
    }
    Ok((first.map(|f| f.2).unwrap_or_default(), time_ms))
}

/// The time limit the export states, in ms: `problem.yaml`'s `limits.time_limit`, else a
/// legacy package's `.timelimit` (DOMjudge's file, seconds). Errors naming `problem.yaml` and
/// the key when the package fixes none (it is derived from the accepted submissions at each
/// `verify`, and an export states one), or when `.timelimit` holds no positive number.
fn time_limit_ms(package: &Package, format: Format) -> anyhow::Result<u64> {
    if !package.time_limit_derived {
        return Ok(package.problem.config().limits.time_ms);
    }
    let dir = &package.dir;
    if package.yaml.layout() == Version::Legacy {
        if let Some(t) = super::kattis_version::read_timelimit_file(dir)? {
            let secs: f64 = t
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s > 0.0)
                .with_context(|| {
                    format!(
                        "{}: `{t}` is no time limit in seconds",
                        dir.join(".timelimit").display()
                    )
                })?;
            return Ok((secs * 1000.0).round().max(1.0) as u64);
        }
    }
    bail!(
        "{}: limits.time_limit: the package fixes no time limit, and a {} package states one; \
         `gridjudge verify` prints the limit it derives from the accepted submissions: write \
         it {} and export again, or run {} first",
        dir.join("problem.yaml").display(),
        format.name(),
        match package.yaml.layout() {
            Version::Legacy => "to .timelimit (DOMjudge's file, seconds)",
            Version::V2025_09 => "as limits.time_limit",
        },
        crate::judge::kattis::timelimit_write_hint(dir)
    )
}

/// Where the output validator arguments of `t` are set, for messages: `output_validator_args
/// in data/secret/g/test_group.yaml` (the test's own `<test>.yaml` first, then the nearest
/// folder's configuration file that has the key), legacy `validator_flags in problem.yaml`,
/// or `none set`. Reads the few files it names; an unreadable one is skipped.
fn args_origin(package: &Package, t: &DataTest) -> String {
    let version = package.yaml.layout();
    let key = match version {
        Version::Legacy => "output_validator_flags",
        Version::V2025_09 => "output_validator_args",
    };
    let has = |path: &Path| {
        std::fs::read_to_string(path).ok().is_some_and(|text| {
            crate::problems::kattis::package::yaml_map(&text, &path.display().to_string())
                .is_ok_and(|m| m.contains_key(key))
        })
    };
    let own = t.input.with_extension("yaml");
    if version == Version::V2025_09 && has(&own) {
        return format!("{key} in data/{}.yaml", t.name);
    }
    let file = crate::problems::kattis::data::config_file(version);
    let mut folder = Path::new(&t.name).parent();
    while let Some(f) = folder {
        if f.as_os_str().is_empty() {
            break;
        }
        let path = package.dir.join("data").join(f).join(file);
        if has(&path) {
            return format!("{key} in data/{}/{file}", f.display());
        }
        folder = f.parent();
    }
    if version == Version::Legacy && !package.yaml.validator_flags.is_empty() {
        return "validator_flags in problem.yaml".into();
    }
    "none set".into()
}

/// The test groups of a scoring package with their points, as both Polygon and Hydro state
/// them (`None` for a pass-fail package, whose groups get the 100 points split evenly): the
/// samples worth nothing, then each unit of [`super::kattis_scoring::Plan`] (a 2025-09 test
/// data group, a legacy folder directly in `secret/`, or `secret` itself): one scored as a
/// whole ([`super::kattis_scoring::Shape::All`]) is a group whose points need every test
/// (`complete-group`, Hydro `type: min`), one scored per test (`Shape::Each`) a group with
/// each test's share (`each-test`, Hydro `type: sum`). Each test's group is set to its
/// unit's. Errors: what [`super::kattis_version`]'s plan refuses (custom graders, `avg`,
/// `require_pass`, ...; the scores would differ), naming file and key.
fn scored_groups(
    package: &Package,
    tests: &mut [PackageTest],
) -> anyhow::Result<Option<Vec<polygon::Group>>> {
    use super::kattis_scoring::Shape;
    if !package.yaml.scoring {
        return Ok(None);
    }
    let plan = super::kattis_version::scoring_plan(package)?;
    let samples: Vec<usize> = (1..=tests.len())
        .filter(|&i| tests[i - 1].spec.sample)
        .collect();
    let mut out = Vec::new();
    if !samples.is_empty() {
        out.push(polygon::Group {
            name: "samples".into(),
            points: 0.0,
            per_test: None,
            tests: samples,
        });
    }
    for unit in &plan.units {
        let name = group_name(&unit.name);
        let prefix = format!("{}/", unit.name);
        let members: Vec<usize> = (1..=tests.len())
            .filter(|&i| {
                let t = &tests[i - 1];
                !t.spec.sample && (t.name == unit.name || t.name.starts_with(&prefix))
            })
            .collect();
        for &i in &members {
            tests[i - 1].spec.group = Some(name.clone());
        }
        let (points, per_test) = match unit.shape {
            Shape::All { max } => (max, None),
            Shape::Each { share, .. } => (unit.shape.max(), Some(share)),
        };
        out.push(polygon::Group {
            name,
            points,
            per_test,
            tests: members,
        });
    }
    Ok(Some(out))
}

/// The judged tests in judging order, as the package writers of `super` take them: the test's
/// file in `spec.file` (relative to the package, for Polygon's test description), its group
/// ([`group_name`]) and whether it is a sample.
fn judged_tests(package: &Package) -> anyhow::Result<Vec<PackageTest>> {
    package
        .tree
        .tests
        .iter()
        .map(|t| {
            let read =
                |p: &Path| std::fs::read(p).with_context(|| format!("cannot read {}", p.display()));
            let Some(answer) = &t.answer else {
                bail!(
                    "{}: a judged test without a .ans file cannot be exported",
                    t.input.display()
                );
            };
            let sample = t.name.starts_with("sample/");
            Ok(PackageTest {
                name: t.name.clone(),
                spec: TestSpec {
                    gen: None,
                    seed: None,
                    file: Some(format!("data/{}.in", t.name)),
                    answer: None,
                    group: (!sample).then(|| group_name(&t.group)),
                    sample,
                },
                input: read(&t.input)?,
                answer: read(answer)?,
                interaction: None,
            })
        })
        .collect()
}

/// The test group of a test in the Kattis folder `group` (`secret/group1`): the path under
/// `secret/` with `/` made `-` (`group1`, `a-b`), or `secret` for a test directly in it.
fn group_name(group: &str) -> String {
    match group.strip_prefix("secret/") {
        Some(rest) if !rest.is_empty() => rest.replace('/', "-"),
        _ => group.to_string(),
    }
}

/// Notes on the parts of the package the target has no place for and that change no verdict.
fn left_out(package: &Package, format: Format, notes: &mut Vec<String>) {
    let dir = &package.dir;
    let to = format.name();
    for folder in ["input_validators", "input_format_validators"] {
        if dir.join(folder).is_dir() {
            notes.push(format!(
                "{folder}/: not shipped: Kattis input validators (exit 42) are not testlib \
                 validators; every test was validated by them when gridjudge built the data"
            ));
        }
    }
    for (folder, what) in [
        ("answer_validators", "answer validators"),
        ("answer_validator", "answer validators"),
        ("input_visualizer", "the input visualizer"),
        ("output_visualizer", "the output visualizer"),
        (
            "generators",
            "the generators (their output is the data written)",
        ),
    ] {
        if dir.join(folder).is_dir() {
            notes.push(format!(
                "{folder}/: {what}, left out: {to} has no place for it"
            ));
        }
    }
    let tree = &package.tree;
    let validation = tree.invalid_inputs.len()
        + tree.invalid_answers.len()
        + tree.invalid_outputs.len()
        + tree.valid_outputs.len();
    if validation > 0 {
        notes.push(format!(
            "data/: {validation} validation cases (invalid_input, invalid_answer, \
             invalid_output, valid_output) left out: they test the Kattis validators, which are \
             not shipped"
        ));
    }
    if format == Format::Testlib && dir.join("submissions").is_dir() {
        notes.push(
            "submissions/: not shipped: a testlib package holds tests, checker and limits only"
                .into(),
        );
    }
}

/// The Polygon tag that a submission's expectation implies, from the final verdicts it can
/// get: `accepted` ({AC}), `wrong-answer` ({WA}), `time-limit-exceeded` ({TLE}),
/// `time-limit-exceeded-or-accepted` ({AC, TLE}), `rejected` (any set without AC); `None`
/// for any other set (no Polygon tag says it).
///
/// The final verdict is the first non-accepted test verdict, else AC. A legacy folder or
/// `@EXPECTED_RESULTS@` comment limits it directly; a 2025-09 rule on all tests allows AC
/// when it permits and requires AC, and each non-AC verdict it permits when it can be met.
/// Rules on some tests only narrow further and are not used. O(rules).
pub fn polygon_tag_of(s: &KattisSubmission) -> Option<&'static str> {
    use KattisVerdict::*;
    let mut finals: BTreeSet<KattisVerdict> = [Ac, Wa, Tle, Rte].into_iter().collect();
    for f in &s.expectation.finals {
        finals.retain(|v| f.verdicts.contains(v));
    }
    for r in s.expectation.rules.iter().filter(|r| r.tests.is_none()) {
        let mut can: BTreeSet<KattisVerdict> = BTreeSet::new();
        if r.permitted.contains(&Ac) && r.required.contains(&Ac) {
            can.insert(Ac);
        }
        if r.required.iter().any(|v| r.permitted.contains(v)) {
            can.extend(r.permitted.iter().copied().filter(|v| *v != Ac));
        }
        finals.retain(|v| can.contains(v));
    }
    let f: Vec<KattisVerdict> = finals.into_iter().collect();
    Some(match f.as_slice() {
        [Ac] => "accepted",
        [Wa] => "wrong-answer",
        [Tle] => "time-limit-exceeded",
        [Ac, Tle] => "time-limit-exceeded-or-accepted",
        [] => return None,
        more if !more.contains(&Ac) => "rejected",
        _ => return None,
    })
}

/// The package's submissions as Polygon solutions, each with [`polygon_tag_of`]; the first
/// accepted C++ one (else the first accepted one) is `main`. A submission Polygon cannot take
/// is left out with a note: a folder (several files), a language without a Polygon compiler
/// ([`polygon::source_type`]), an expectation no tag says, a disabled one.
fn solutions(package: &Package, notes: &mut Vec<String>) -> anyhow::Result<Vec<Solution>> {
    let subs = crate::problems::kattis::submissions::load(&package.dir, package.yaml.layout())?;
    let mut out: Vec<Solution> = Vec::new();
    let mut left: Vec<String> = Vec::new();
    for s in &subs {
        if s.name.ends_with('/') {
            left.push(format!("{} (a folder)", s.name));
            continue;
        }
        let file = s.name.rsplit('/').next().unwrap_or(&s.name).to_string();
        if crate::judge::verify::is_disabled(&file) {
            continue;
        }
        let from = package.dir.join("submissions").join(&s.name);
        let Some(kind) = solution_type(&from, &file) else {
            left.push(format!("{} (no Polygon compiler)", s.name));
            continue;
        };
        // A legacy partially accepted submission is AC with a partial score there; in Polygon
        // it fails a test.
        let partial = package.yaml.scoring && s.name.starts_with("partially_accepted/");
        let Some(tag) = (if partial {
            Some("rejected")
        } else {
            polygon_tag_of(s)
        }) else {
            left.push(format!("{} (its expectation has no Polygon tag)", s.name));
            continue;
        };
        polygon::push_solution(
            &mut out,
            Solution {
                file,
                tag,
                kind,
                from,
            },
        )?;
    }
    let main = (out.iter())
        .position(|s| s.tag == "accepted" && s.kind.starts_with("cpp"))
        .or_else(|| out.iter().position(|s| s.tag == "accepted"));
    match main {
        Some(i) => out[i].tag = "main",
        None => bail!(
            "{}: no accepted submission Polygon can compile: a Polygon package needs a main \
             solution",
            package.dir.join("submissions").display()
        ),
    }
    if !left.is_empty() {
        notes.push(format!(
            "submissions/: left out of solutions/: {}",
            left.join(", ")
        ));
    }
    Ok(out)
}

/// Polygon's source type of the submission `file` at `path`: [`polygon::source_type`] by its
/// extension, except Python as the Kattis language list tells the versions apart (`.py2`, or
/// `.py` whose first line names `python2`: `python.2`; `.py3`: `python.3`). O(first line).
fn solution_type(path: &Path, file: &str) -> Option<&'static str> {
    let ext = Path::new(file).extension().and_then(|e| e.to_str());
    match ext {
        Some("py2") => Some("python.2"),
        Some("py3") => Some("python.3"),
        Some("py") => {
            let text = std::fs::read(path).unwrap_or_default();
            let first = text.split(|&b| b == b'\n').next().unwrap_or_default();
            let python2 =
                first.starts_with(b"#!") && String::from_utf8_lossy(first).contains("python2");
            Some(if python2 { "python.2" } else { "python.3" })
        }
        _ => polygon::source_type(file),
    }
}

/// Writes the statement in Polygon's form when the package's `problem.en.tex` splits into
/// Polygon's sections ([`polygon::split_statement`]), with the samples as `example.NN` files;
/// returns whether it did. Without one, or when it does not split, a note says so (the
/// statement changes no verdict).
fn statement(
    package: &Package,
    tests: &[PackageTest],
    time_ms: u64,
    root: &Path,
    notes: &mut Vec<String>,
) -> anyhow::Result<bool> {
    let folder = match package.yaml.layout() {
        Version::Legacy => "problem_statement",
        Version::V2025_09 => "statement",
    };
    let path = package.dir.join(folder).join("problem.en.tex");
    let Ok(text) = std::fs::read_to_string(&path) else {
        notes.push(format!(
            "{folder}/problem.en.tex: none, so the Polygon package has no statement"
        ));
        return Ok(false);
    };
    let text = crate::problems::kattis::package::substitute(&text, &package.yaml.constants);
    let text = super::kattis_version::substitute_tex(&text, &package.yaml.constants);
    let sections = match polygon::split_statement(&text, &path) {
        Ok(s) => s,
        Err(e) => {
            notes.push(format!(
                "{folder}/problem.en.tex: not shipped, as it does not split into Polygon's \
                 sections: {e:#}"
            ));
            return Ok(false);
        }
    };
    let lang = root.join("statements").join(polygon::LANGUAGE);
    let samples: Vec<usize> = (1..=tests.len())
        .filter(|&n| tests[n - 1].spec.sample)
        .collect();
    for &n in &samples {
        write_file(&lang.join(format!("example.{n:02}")), &tests[n - 1].input)?;
        write_file(
            &lang.join(format!("example.{n:02}.a")),
            &tests[n - 1].answer,
        )?;
    }
    let config = package.problem.config();
    let tex = polygon::polygon_statement(&sections, time_ms, config.limits.memory_mib, &samples);
    write_file(&lang.join("problem.tex"), tex.as_bytes())?;
    Ok(true)
}

/// `config` with the time limit `time_ms`.
fn with_time(
    config: &crate::problem::ProblemConfig,
    time_ms: u64,
) -> crate::problem::ProblemConfig {
    let mut c = config.clone();
    c.limits.time_ms = time_ms;
    c
}

/// The testlib package's `README.txt`.
fn readme(
    package: &Package,
    v: &DefaultOutputValidator,
    tests: &[PackageTest],
    time_ms: u64,
) -> String {
    let config = package.problem.config();
    let mut r = String::new();
    let _ = writeln!(
        r,
        "{} — test data exported by gridjudge from the Kattis package {}",
        package.yaml.title,
        package.dir.display()
    );
    let _ = writeln!(r);
    let _ = writeln!(
        r,
        "Limits: {time_ms} ms CPU time, {} MiB memory.",
        config.limits.memory_mib
    );
    let _ = writeln!(
        r,
        "Tests: N.in (input) and N.ans (jury answer), N = 1..{}, in the Kattis judging order:",
        tests.len()
    );
    for (i, t) in tests.iter().enumerate() {
        let _ = writeln!(r, "  {:>4}  data/{}", i + 1, t.name);
    }
    let _ = writeln!(r);
    let mut flags = Vec::new();
    if v.case_sensitive {
        flags.push("case_sensitive".to_string());
    }
    if v.space_change_sensitive {
        flags.push("space_change_sensitive".to_string());
    }
    if let Some(e) = v.float_absolute_tolerance {
        flags.push(format!("float_absolute_tolerance {e:?}"));
    }
    if let Some(e) = v.float_relative_tolerance {
        flags.push(format!("float_relative_tolerance {e:?}"));
    }
    let _ = writeln!(
        r,
        "checker.cpp   the Kattis default output validator written against testlib's API,\n\
         \x20             with the package's options ({}):\n\
         \x20             compile it with the judge's testlib.h (Polygon, Hydro, Codeforces,\n\
         \x20             CMS's Polygon loader); testlib convention:\n\
         \x20             checker <input> <output> <answer>, exit 0 AC, 1 WA.\n\
         config.yaml   Hydro: time and memory limits, checker.cpp, one subtask per test group.",
        if flags.is_empty() {
            "none".to_string()
        } else {
            flags.join(" ")
        }
    );
    r
}
