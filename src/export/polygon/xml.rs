//! `problem.xml` of a Polygon package ([`problem_xml`]): its testset with the test groups and
//! their points ([`groups`]), the checker, the validator with its tests and the solutions with
//! their tags, from a [`Descriptor`] that the package writer ([`super::write()`]) fills.
//!
//! Part of the Polygon module (its constants and [`super::source_type`]); uses the built
//! tests ([`crate::export::shared`]) and the core layer's XML escaping.

use std::fmt::Write as _;
use std::path::PathBuf;

use super::{source_type, LANGUAGE, STATEMENT_HTML, STATEMENT_PDF};
use crate::export::shared::PackageTest;

/// One solution of the package: its file name in `solutions/`, its tag and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// File name in `solutions/`, e.g. `hopcroft_karp.cpp`.
    pub file: String,
    /// Polygon tag, e.g. `main`, `wrong-answer`.
    pub tag: &'static str,
    /// Source type, e.g. `cpp.g++17`.
    pub kind: &'static str,
    /// Where it comes from.
    pub from: PathBuf,
}

/// One validator test: the input bytes, the expected verdict (`true` valid) and the test group
/// it is validated for (`--group G`), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidatorTest {
    /// Input bytes.
    pub input: Vec<u8>,
    /// Whether the validator must accept it.
    pub valid: bool,
    /// The test group, `None` for the whole constraints.
    pub group: Option<String>,
}

/// A test group of the testset: its name, its points, how they are earned and its tests
/// (1-based numbers).
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Name, e.g. `samples`, `small`, `default` (tests of no group).
    pub name: String,
    /// Points of the whole group (0 for the samples).
    pub points: f64,
    /// `None`: the points only when every test of the group passes
    /// (`points-policy="complete-group"`); `Some(p)`: `p` for each test that passes
    /// (`each-test`), `points` being their sum.
    pub per_test: Option<f64>,
    /// 1-based test numbers.
    pub tests: Vec<usize>,
}

/// The groups of the testset: the samples in a group `samples` worth 0 points (they are in the
/// statement), then each test group of the manifest in order of first appearance (tests of no
/// group in a group `default`), with the 100 points split as evenly as integers allow (earlier
/// groups get the remainder), as in Hydro's `config.yaml` ([`crate::export::hydro_config`]).
/// Each group is scored as a whole (`points-policy="complete-group"`). O(tests).
pub fn groups(tests: &[PackageTest]) -> Vec<Group> {
    let mut out = Vec::new();
    let samples: Vec<usize> = (1..=tests.len())
        .filter(|&i| tests[i - 1].spec.sample)
        .collect();
    if !samples.is_empty() {
        out.push(Group {
            name: "samples".into(),
            points: 0.0,
            per_test: None,
            tests: samples,
        });
    }
    let mut scored: Vec<Group> = Vec::new();
    for (i, t) in tests.iter().enumerate().filter(|(_, t)| !t.spec.sample) {
        let name = t.spec.group.clone().unwrap_or_else(|| "default".into());
        match scored.iter_mut().find(|g| g.name == name) {
            Some(g) => g.tests.push(i + 1),
            None => scored.push(Group {
                name,
                points: 0.0,
                per_test: None,
                tests: vec![i + 1],
            }),
        }
    }
    let n = scored.len().max(1) as u32;
    for (k, g) in scored.iter_mut().enumerate() {
        g.points = f64::from(100 / n + u32::from((k as u32) < 100 % n));
    }
    out.extend(scored);
    out
}

/// Points as Polygon writes them: `40.0`, `12.5`.
fn points_text(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.1}")
    } else {
        format!("{p}")
    }
}

/// `s` escaped for an XML attribute value or text: [`crate::core::xml::xml_escape`] (`&`, `<`,
/// `>`, `"`) and also `'` and line ends, which an attribute value would otherwise normalise.
pub fn xml_escape(s: &str) -> String {
    crate::core::xml::xml_escape(s)
        .replace('\'', "&apos;")
        .replace('\n', "&#10;")
}

/// The parts of `problem.xml` that do not come from the tests.
#[derive(Clone, Debug)]
pub struct Descriptor<'a> {
    /// Short name (`short-name`), the problem's folder name.
    pub short_name: &'a str,
    /// The problem's name (`<names>`).
    pub title: &'a str,
    /// Time limit per test, ms.
    pub time_ms: u64,
    /// Memory limit, MiB (written in bytes).
    pub memory_mib: u64,
    /// File name of the validator in `files/`, e.g. `validator.cpp`; `None` for a package
    /// without one (a Kattis package's input validators follow Kattis' convention, which
    /// Polygon's validators do not).
    pub validator: Option<&'a str>,
    /// Whether the package has the LaTeX statement `statements/english/problem.tex`.
    pub tex: bool,
    /// The validator tests.
    pub validator_tests: &'a [ValidatorTest],
    /// Whether the package has `files/interactor.cpp` (an interactive problem).
    pub interactor: bool,
    /// The solutions.
    pub solutions: &'a [Solution],
    /// The testset's groups with their points; `None` for [`groups`] of the tests.
    pub groups: Option<&'a [Group]>,
    /// Whether a compiled PDF and HTML statement are in the package.
    pub pdf: bool,
    /// See `pdf`.
    pub html: bool,
}

/// `problem.xml` for `tests` and `d`: the elements and attributes Polygon writes and its
/// consumers read. CMS's loader reads the first `<names>/<name value>`, the attributes
/// `input-file` and `output-file` of `<judging>` (empty: standard input and output) and, for
/// every child of `<judging>` (each must be a testset; its name is the tests' folder),
/// `time-limit`, `memory-limit` and `test-count`; p2d reads `short-name`, the names, the PDF
/// statement, the testset's limits and path patterns, `<tests>` (`sample`,
/// `method`, `description`), `assets/checker/source` and `assets/solutions/solution[@tag]`
/// (with `source[@path][@type]`). O(tests + validator tests + solutions).
pub fn problem_xml(tests: &[PackageTest], d: &Descriptor) -> String {
    let e = xml_escape;
    let mut x = String::new();
    let _ = writeln!(
        x,
        r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>"#
    );
    let _ = writeln!(
        x,
        "<!-- A Polygon package written by gridjudge export, format polygon. -->"
    );
    let _ = writeln!(
        x,
        r#"<problem revision="1" short-name="{}">"#,
        e(d.short_name)
    );
    let _ = writeln!(x, "    <names>");
    let _ = writeln!(
        x,
        r#"        <name language="{LANGUAGE}" value="{}"/>"#,
        e(d.title)
    );
    let _ = writeln!(x, "    </names>");
    let _ = writeln!(x, "    <statements>");
    if d.tex {
        let _ = writeln!(
            x,
            r#"        <statement charset="UTF-8" language="{LANGUAGE}" mathjax="true" path="statements/{LANGUAGE}/problem.tex" type="application/x-tex"/>"#
        );
    }
    if d.html {
        let _ = writeln!(
            x,
            r#"        <statement charset="UTF-8" language="{LANGUAGE}" mathjax="true" path="{STATEMENT_HTML}" type="text/html"/>"#
        );
    }
    if d.pdf {
        let _ = writeln!(
            x,
            r#"        <statement language="{LANGUAGE}" path="{STATEMENT_PDF}" type="application/pdf"/>"#
        );
    }
    let _ = writeln!(x, "    </statements>");
    let _ = writeln!(x, r#"    <judging input-file="" output-file="">"#);
    let _ = writeln!(x, r#"        <testset name="tests">"#);
    let _ = writeln!(x, "            <time-limit>{}</time-limit>", d.time_ms);
    let _ = writeln!(
        x,
        "            <memory-limit>{}</memory-limit>",
        d.memory_mib.saturating_mul(1 << 20)
    );
    let _ = writeln!(x, "            <test-count>{}</test-count>", tests.len());
    let _ = writeln!(
        x,
        "            <input-path-pattern>tests/%02d</input-path-pattern>"
    );
    let _ = writeln!(
        x,
        "            <answer-path-pattern>tests/%02d.a</answer-path-pattern>"
    );
    let groups = d.groups.map_or_else(|| groups(tests), <[Group]>::to_vec);
    let mut group_of = vec![("", 0.0f64); tests.len()];
    for g in &groups {
        for (k, &t) in g.tests.iter().enumerate() {
            // A group scored as a whole: its points on its first test, as Polygon sums them;
            // one scored per test: each test's share.
            let p = match g.per_test {
                Some(share) => share,
                None if k == 0 => g.points,
                None => 0.0,
            };
            if let Some(slot) = group_of.get_mut(t - 1) {
                *slot = (&g.name, p);
            }
        }
    }
    let _ = writeln!(x, "            <tests>");
    for (i, t) in tests.iter().enumerate() {
        let (group, points) = group_of[i];
        let _ = writeln!(
            x,
            r#"                <test description="{}" group="{}" method="manual" points="{}"{}/>"#,
            e(&t.spec.source()),
            e(group),
            points_text(points),
            if t.spec.sample {
                r#" sample="true""#
            } else {
                ""
            }
        );
    }
    let _ = writeln!(x, "            </tests>");
    let _ = writeln!(x, "            <groups>");
    for g in &groups {
        let _ = writeln!(
            x,
            r#"                <group feedback-policy="complete" name="{}" points="{}" points-policy="{}"/>"#,
            e(&g.name),
            points_text(g.points),
            if g.per_test.is_some() {
                "each-test"
            } else {
                "complete-group"
            }
        );
    }
    let _ = writeln!(x, "            </groups>");
    let _ = writeln!(x, "        </testset>");
    let _ = writeln!(x, "    </judging>");
    let _ = writeln!(x, "    <files>");
    let _ = writeln!(x, "        <executables>");
    let mut executables = vec![("files/check.cpp".to_string(), "cpp.g++17")];
    if let Some(v) = d.validator {
        executables.push((format!("files/{v}"), source_type(v).unwrap_or("cpp.g++17")));
    }
    if d.interactor {
        executables.push(("files/interactor.cpp".to_string(), "cpp.g++17"));
    }
    for (path, kind) in executables {
        let _ = writeln!(x, "            <executable>");
        let _ = writeln!(
            x,
            r#"                <source path="{}" type="{kind}"/>"#,
            e(&path)
        );
        let _ = writeln!(x, "            </executable>");
    }
    let _ = writeln!(x, "        </executables>");
    let _ = writeln!(x, "    </files>");
    let _ = writeln!(x, "    <assets>");
    let _ = writeln!(x, r#"        <checker type="testlib">"#);
    let _ = writeln!(
        x,
        r#"            <source path="files/check.cpp" type="cpp.g++17"/>"#
    );
    let _ = writeln!(x, r#"            <copy path="check.cpp"/>"#);
    let _ = writeln!(x, "        </checker>");
    if d.interactor {
        // Polygon's place for an interactive problem's interactor (testlib's
        // registerInteraction), which p2d and Polygon read.
        let _ = writeln!(x, "        <interactor>");
        let _ = writeln!(
            x,
            r#"            <source path="files/interactor.cpp" type="cpp.g++17"/>"#
        );
        let _ = writeln!(x, "        </interactor>");
    }
    if let Some(validator) = d.validator {
        let validator_type = source_type(validator).unwrap_or("cpp.g++17");
        let _ = writeln!(x, "        <validators>");
        let _ = writeln!(x, "            <validator>");
        let _ = writeln!(
            x,
            r#"                <source path="files/{}" type="{validator_type}"/>"#,
            e(validator)
        );
        let _ = writeln!(x, "                <testset>");
        let _ = writeln!(
            x,
            "                    <test-count>{}</test-count>",
            d.validator_tests.len()
        );
        let _ = writeln!(
            x,
            "                    <input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>"
        );
        let _ = writeln!(x, "                    <tests>");
        for v in d.validator_tests {
            let verdict = if v.valid { "valid" } else { "invalid" };
            match &v.group {
                Some(g) => {
                    let _ = writeln!(
                        x,
                        r#"                        <test group="{}" testset="tests" verdict="{verdict}"/>"#,
                        e(g)
                    );
                }
                None => {
                    let _ = writeln!(x, r#"                        <test verdict="{verdict}"/>"#);
                }
            }
        }
        let _ = writeln!(x, "                    </tests>");
        let _ = writeln!(x, "                </testset>");
        let _ = writeln!(x, "            </validator>");
        let _ = writeln!(x, "        </validators>");
    }
    let _ = writeln!(x, "        <solutions>");
    for s in d.solutions {
        let _ = writeln!(x, r#"            <solution tag="{}">"#, s.tag);
        let _ = writeln!(
            x,
            r#"                <source path="solutions/{}" type="{}"/>"#,
            e(&s.file),
            s.kind
        );
        let _ = writeln!(x, "            </solution>");
    }
    let _ = writeln!(x, "        </solutions>");
    let _ = writeln!(x, "    </assets>");
    let _ = writeln!(x, "</problem>");
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::package::TestSpec;

    fn t(group: Option<&str>, sample: bool) -> PackageTest {
        PackageTest {
            name: String::new(),
            spec: TestSpec {
                gen: Some("x n=1".into()),
                seed: Some(3),
                file: None,
                answer: None,
                group: group.map(String::from),
                sample,
            },
            input: Vec::new(),
            answer: Vec::new(),
            interaction: None,
        }
    }

    #[test]
    fn groups_put_samples_first_at_zero_and_split_100() {
        let tests = vec![
            t(Some("small"), true),
            t(Some("small"), false),
            t(None, false),
            t(Some("big"), false),
            t(Some("small"), false),
        ];
        let g = groups(&tests);
        let got: Vec<(&str, f64, Vec<usize>)> = g
            .iter()
            .map(|g| (g.name.as_str(), g.points, g.tests.clone()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("samples", 0.0, vec![1]),
                ("small", 34.0, vec![2, 5]),
                ("default", 33.0, vec![3]),
                ("big", 33.0, vec![4]),
            ]
        );
    }

    #[test]
    fn problem_xml_lists_compiled_statements_only_when_there() {
        let tests = vec![t(None, true), t(Some("g"), false)];
        let vt = [ValidatorTest {
            input: vec![],
            valid: false,
            group: Some("g".into()),
        }];
        let mut d = Descriptor {
            short_name: "p",
            title: "A & B",
            time_ms: 2000,
            memory_mib: 256,
            validator: Some("validator.cpp"),
            tex: true,
            groups: None,
            validator_tests: &vt,
            interactor: false,
            solutions: &[],
            pdf: false,
            html: false,
        };
        let x = problem_xml(&tests, &d);
        assert!(x.contains(r#"<name language="english" value="A &amp; B"/>"#));
        assert!(x.contains("<memory-limit>268435456</memory-limit>"));
        assert!(x.contains(r#"<test group="g" testset="tests" verdict="invalid"/>"#));
        assert!(!x.contains(STATEMENT_PDF) && !x.contains(STATEMENT_HTML));
        // No "--" inside the XML comment (an XML parser refuses it).
        let comment = &x[x.find("<!--").unwrap() + 4..x.find("-->").unwrap()];
        assert!(!comment.contains("--"), "{comment}");
        (d.pdf, d.html) = (true, true);
        let x = problem_xml(&tests, &d);
        assert!(x.contains(&format!(
            r#"<statement language="english" path="{STATEMENT_PDF}" type="application/pdf"/>"#
        )));
        assert!(x.contains(&format!(r#"path="{STATEMENT_HTML}" type="text/html"/>"#)));
    }
}
