//! `gridjudge export --format polygon` ([`gridjudge::export::polygon`]) over every problem found at run
//! time in `problems/` (none named here), through the real binary.
//!
//! Every problem is built once from a temporary copy of its folder (checked against its lock),
//! exported, and the package is compared file by file with what `problem.xml` says and with the
//! problem's own files: the tests, the checker and validator sources, the validator tests and
//! their verdicts (`validator_corpus/expected.toml`), the solutions and their tags, the
//! statement and its samples.
//!
//! Ignored (`.ci/run` runs them with `cargo test --workspace -- --ignored`):
//! `p2d_converts_every_package_for_verifyproblem` installs `p2d` from PyPI into
//! `target/p2d-venv` and problemtools into `target/problemtools-venv` (each reused when
//! present), converts every package to a DOMjudge package and runs `verifyproblem` on it
//! (about three minutes per problem); `cms_builds_the_checker_as_its_loader_does` compiles
//! `check.cpp` with the command of CMS's Polygon loader against the `testlib.h` of p2d;
//! `the_shipped_validator_gives_every_validator_test_its_verdict` runs the package's validator
//! (built against p2d's testlib.h) on its validator tests, as Polygon does on import.
//!
//! Kattis packages worked on in place (`tests/kattis/`) exported to Polygon and testlib: the
//! files and `problem.xml` of a pass-fail and of a scoring package, the refusals; ignored,
//! `kattis_packages_exported_to_polygon_convert_with_p2d_and_verify` converts the exports of
//! `sum` and `submissions_2025` with p2d and runs verifyproblem on them.

#[path = "common/tools.rs"]
mod tools;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use gridjudge::export::polygon::{polygon_tag, TESTLIB_TOKENS_CPP};
use gridjudge::export::shared::{load_built, PackageTest};
use gridjudge::package::{build_problem, BuildOptions, LockMode};
use gridjudge::problem::{Problem, ProblemConfig};
use gridjudge::problems;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let (p, name) = (e.path(), e.file_name());
        if p.is_dir() {
            if name != "tests" && name != ".builds" {
                copy_dir(&p, &to.join(&name));
            }
        } else {
            fs::copy(&p, to.join(&name)).unwrap();
        }
    }
}

/// A temporary problems folder with every problem of `problems/` copied and built (checked
/// against its lock), and the problems as `gridjudge` finds them there; built once.
fn built() -> &'static (tempfile::TempDir, Vec<&'static dyn Problem>) {
    static BUILT: OnceLock<(tempfile::TempDir, Vec<&'static dyn Problem>)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let tmp = tempfile::tempdir().unwrap();
        for e in fs::read_dir(repo().join("problems")).unwrap() {
            let p = e.unwrap().path();
            if p.join("problem.toml").is_file() {
                copy_dir(&p, &tmp.path().join(p.file_name().unwrap()));
            }
        }
        let cache = problems::default_cache_dir(tmp.path());
        let problems = problems::problems(tmp.path(), &cache).unwrap();
        // Two built-in problems and one program problem ship with the repository: fewer means
        // discovery is broken and the tests below would check nothing.
        assert!(problems.len() >= 3, "{} problems found", problems.len());
        assert!(problems
            .iter()
            .any(|p| gridjudge::problems::program::ProgramProblem::of(*p).is_some()));
        for p in &problems {
            let opts = BuildOptions {
                problems_dir: tmp.path().to_path_buf(),
                lock: LockMode::Locked,
                jobs: None,
                progress: false,
                delete_unknown: false,
            };
            build_problem(*p, &opts).unwrap();
        }
        (tmp, problems)
    })
}

/// `gridjudge export <problem> --format polygon -o <out>` with `extra` arguments
/// (`--no-compiled-statement` unless the test compiles the statement with problemtools).
fn export(problems: &Path, problem: &str, out: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["export", problem, "--format", "polygon", "-o"])
        .arg(out)
        .arg("--problems-dir")
        .arg(problems)
        .args(extra)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

const SOURCE_ONLY: &[&str] = &["--no-compiled-statement"];

fn ok(o: &Output, what: &str) {
    assert!(
        o.status.success(),
        "{what}\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Every file under `dir`, as paths relative to it.
fn files_under(dir: &Path) -> BTreeSet<String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                out.insert(rel);
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(dir, dir, &mut out);
    out
}

/// The one element at `path` (tag names separated by `/`) below `node`.
fn one<'a>(node: roxmltree::Node<'a, 'a>, path: &str) -> roxmltree::Node<'a, 'a> {
    let mut n = node;
    for tag in path.split('/') {
        let found: Vec<_> = n.children().filter(|c| c.has_tag_name(tag)).collect();
        assert_eq!(found.len(), 1, "<{tag}> under <{}>", n.tag_name().name());
        n = found[0];
    }
    n
}

fn all<'a>(node: roxmltree::Node<'a, 'a>, tag: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    node.children().filter(|c| c.has_tag_name(tag)).collect()
}

fn text(node: roxmltree::Node) -> String {
    node.text().unwrap_or("").to_string()
}

/// `1 second`, `2 seconds`: Polygon's words for a whole number of seconds.
fn seconds(ms: u64) -> String {
    assert_eq!(ms % 1000, 0, "the problems' time limits are whole seconds");
    let s = ms / 1000;
    format!("{s} second{}", if s == 1 { "" } else { "s" })
}

/// The validator source that the package of `p` must ship: `problems/<p>/polygon/validator.cpp`
/// for a built-in problem, the `[programs] validator` source of a program problem.
fn validator_source(p: &dyn Problem, dir: &Path) -> PathBuf {
    match gridjudge::problems::program::ProgramProblem::of(p) {
        None => gridjudge::export::shared::validator_dir(p, dir).join("polygon/validator.cpp"),
        Some(pp) => dir.join(pp.programs().validator.table().source.unwrap()),
    }
}

fn check_package(p: &dyn Problem, dir: &Path, tests: &[PackageTest], out: &Path) {
    let name = p.name();
    let cfg = ProblemConfig::load(p, Some(&dir.join("problem.toml"))).unwrap();
    let files = files_under(out);
    let read = |rel: &str| fs::read(out.join(rel)).unwrap_or_else(|e| panic!("{name}: {rel}: {e}"));
    let xml_text = fs::read_to_string(out.join("problem.xml")).unwrap();
    let doc = roxmltree::Document::parse(&xml_text).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "problem");
    assert_eq!(root.attribute("short-name"), Some(name));
    let names = all(one(root, "names"), "name");
    assert_eq!(names.len(), 1);
    assert_eq!(names[0].attribute("language"), Some("english"));
    assert_eq!(names[0].attribute("value"), Some(cfg.title.as_str()));

    // The judging: one testset `tests` (CMS's loader takes every child of <judging> as a
    // testset and reads the tests from the folder of its name), standard input and output.
    let judging = one(root, "judging");
    assert_eq!(judging.attribute("input-file"), Some(""));
    assert_eq!(judging.attribute("output-file"), Some(""));
    let testsets: Vec<_> = judging.children().filter(|c| c.is_element()).collect();
    assert_eq!(testsets.len(), 1, "{name}: children of <judging>");
    let ts = testsets[0];
    assert_eq!(
        (ts.tag_name().name(), ts.attribute("name")),
        ("testset", Some("tests"))
    );
    assert_eq!(text(one(ts, "time-limit")), cfg.limits.time_ms.to_string());
    assert_eq!(
        text(one(ts, "memory-limit")),
        (cfg.limits.memory_mib << 20).to_string()
    );
    assert_eq!(text(one(ts, "test-count")), tests.len().to_string());
    assert_eq!(text(one(ts, "input-path-pattern")), "tests/%02d");
    assert_eq!(text(one(ts, "answer-path-pattern")), "tests/%02d.a");

    // The tests: tests/NN and tests/NN.a are the built input and jury answer, in build order.
    let xml_tests = all(one(ts, "tests"), "test");
    assert_eq!(xml_tests.len(), tests.len());
    let test_files: BTreeSet<String> = files
        .iter()
        .filter(|f| f.starts_with("tests/"))
        .cloned()
        .collect();
    assert_eq!(test_files.len(), 2 * tests.len(), "{name}: files in tests/");
    let mut points_of: BTreeMap<String, f64> = BTreeMap::new();
    for (i, (t, x)) in tests.iter().zip(&xml_tests).enumerate() {
        let n = i + 1;
        assert_eq!(read(&format!("tests/{n:02}")), t.input, "{name} test {n}");
        assert_eq!(
            read(&format!("tests/{n:02}.a")),
            t.answer,
            "{name} test {n}"
        );
        assert_eq!(x.attribute("sample") == Some("true"), t.spec.sample);
        assert_eq!(x.attribute("method"), Some("manual"));
        assert_eq!(x.attribute("description"), Some(t.spec.source().as_str()));
        let group = match (t.spec.sample, &t.spec.group) {
            (true, _) => "samples",
            (false, Some(g)) => g.as_str(),
            (false, None) => "default",
        };
        assert_eq!(x.attribute("group"), Some(group), "{name} test {n}");
        let pts: f64 = x.attribute("points").unwrap().parse().unwrap();
        *points_of.entry(group.to_string()).or_default() += pts;
    }
    // The groups: those of the tests, the samples worth nothing, 100 points in all, each
    // group's points those of its tests.
    let groups = all(one(ts, "groups"), "group");
    let group_points: BTreeMap<String, f64> = groups
        .iter()
        .map(|g| {
            assert_eq!(g.attribute("points-policy"), Some("complete-group"));
            (
                g.attribute("name").unwrap().to_string(),
                g.attribute("points").unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(group_points, points_of, "{name}: group points");
    assert_eq!(group_points.values().sum::<f64>(), 100.0);
    if tests.iter().any(|t| t.spec.sample) {
        assert_eq!(group_points["samples"], 0.0);
    }

    // The checker: check.cpp and its <source> files/check.cpp, the same testlib-API source;
    // no testlib.h anywhere (each consumer brings its own).
    let checker = one(one(root, "assets"), "checker");
    assert_eq!(checker.attribute("type"), Some("testlib"));
    assert_eq!(
        one(checker, "source").attribute("path"),
        Some("files/check.cpp")
    );
    assert_eq!(one(checker, "copy").attribute("path"), Some("check.cpp"));
    let check = read("check.cpp");
    assert_eq!(read("files/check.cpp"), check);
    let want_check = match gridjudge::problems::program::ProgramProblem::of(p) {
        None => fs::read(dir.join("polygon/check.cpp")).unwrap(),
        Some(_) => TESTLIB_TOKENS_CPP.as_bytes().to_vec(),
    };
    assert_eq!(check, want_check, "{name}: check.cpp");
    assert!(String::from_utf8_lossy(&check).contains("#include \"testlib.h\""));
    assert!(
        !files.iter().any(|f| f.ends_with("testlib.h")),
        "{name}: the package carries a testlib.h"
    );

    // The validator and its tests, with the verdicts of validator_corpus/expected.toml.
    let validator = one(one(one(root, "assets"), "validators"), "validator");
    let vpath = one(validator, "source").attribute("path").unwrap();
    assert_eq!(
        read(vpath),
        fs::read(validator_source(p, dir)).unwrap(),
        "{name}: {vpath}"
    );
    let vts = one(validator, "testset");
    assert_eq!(
        text(one(vts, "input-path-pattern")),
        "files/tests/validator-tests/%02d"
    );
    let vtests = all(one(vts, "tests"), "test");
    assert_eq!(text(one(vts, "test-count")), vtests.len().to_string());
    // The corpus goes with the validator (duel's is game's).
    let vdir = gridjudge::export::shared::validator_dir(p, dir);
    let expected: toml::Table = fs::read_to_string(vdir.join("validator_corpus/expected.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let corpus = |kind: &str| -> BTreeMap<Vec<u8>, String> {
        fs::read_dir(vdir.join("validator_corpus").join(kind))
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                (
                    fs::read(&p).unwrap(),
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                )
            })
            .collect()
    };
    let (valid, invalid) = (corpus("valid"), corpus("invalid"));
    assert_eq!(
        vtests.len(),
        invalid.len() + valid.len() * (1 + cfg.groups.len()),
        "{name}: validator tests"
    );
    for (k, v) in vtests.iter().enumerate() {
        let bytes = read(&format!("files/tests/validator-tests/{:02}", k + 1));
        let want = match (invalid.get(&bytes), valid.get(&bytes), v.attribute("group")) {
            (Some(_), None, None) => "invalid",
            (None, Some(_), None) => "valid",
            (None, Some(file), Some(g)) => {
                assert!(cfg.groups.contains_key(g));
                assert_eq!(v.attribute("testset"), Some("tests"));
                let rejected = expected["valid"][file.as_str()]
                    .as_table()
                    .is_some_and(|t| t.get(g).is_some_and(|x| x.is_table()));
                if rejected {
                    "invalid"
                } else {
                    "valid"
                }
            }
            other => panic!("{name}: validator test {} is {other:?}", k + 1),
        };
        assert_eq!(
            v.attribute("verdict"),
            Some(want),
            "{name}: validator test {}",
            k + 1
        );
    }

    // The solutions: every submission with its folder's tag (run_time_error left out under a
    // stack limit below the memory limit, which Polygon cannot state), one `main`.
    let sols = all(one(one(root, "assets"), "solutions"), "solution");
    let got: BTreeMap<String, String> = sols
        .iter()
        .map(|s| {
            let src = one(*s, "source");
            let path = src.attribute("path").unwrap();
            assert!(src.attribute("type").is_some());
            let file = path.strip_prefix("solutions/").unwrap().to_string();
            (file, s.attribute("tag").unwrap().to_string())
        })
        .collect();
    assert_eq!(got.len(), sols.len(), "{name}: solution names repeat");
    let small_stack = cfg
        .limits
        .stack_mib
        .is_some_and(|s| s < cfg.limits.memory_mib);
    let mut want: BTreeMap<String, String> = BTreeMap::new();
    let mut origin: BTreeMap<String, PathBuf> = BTreeMap::new();
    for e in fs::read_dir(dir.join("submissions")).unwrap() {
        let folder = e.unwrap().path();
        let fname = folder.file_name().unwrap().to_string_lossy().into_owned();
        let Some(tag) = polygon_tag(&fname) else {
            continue;
        };
        if fname == "run_time_error" && small_stack {
            continue;
        }
        for f in fs::read_dir(&folder).unwrap() {
            let f = f.unwrap().path();
            let file = f.file_name().unwrap().to_string_lossy().into_owned();
            want.insert(file.clone(), tag.to_string());
            origin.insert(file, f);
        }
    }
    let mains: Vec<&String> = got
        .iter()
        .filter(|(_, t)| *t == "main")
        .map(|(f, _)| f)
        .collect();
    assert_eq!(mains.len(), 1, "{name}: main solutions {mains:?}");
    match gridjudge::problems::program::ProgramProblem::of(p) {
        Some(pp) => {
            let reference = pp.programs().solution.table().source.unwrap();
            let file = Path::new(&reference).file_name().unwrap().to_string_lossy();
            assert_eq!(mains[0].as_str(), file);
            want.insert(file.to_string(), "main".into());
            origin.insert(file.to_string(), dir.join(&reference));
        }
        None => {
            assert_eq!(want[mains[0]], "accepted", "{name}: main is not accepted");
            want.insert(mains[0].clone(), "main".into());
        }
    }
    assert_eq!(got, want, "{name}: solutions and tags");
    for (file, from) in &origin {
        assert_eq!(read(&format!("solutions/{file}")), fs::read(from).unwrap());
    }

    // The statement: Polygon's problem.tex with the limits, the sections and one example per
    // sample, whose files are the sample tests.
    let st = all(one(root, "statements"), "statement");
    assert_eq!(st.len(), 1, "{name}: no compiled statement was given");
    assert_eq!(st[0].attribute("type"), Some("application/x-tex"));
    let tex_path = st[0].attribute("path").unwrap();
    assert_eq!(tex_path, "statements/english/problem.tex");
    let tex = String::from_utf8(read(tex_path)).unwrap();
    let source = fs::read_to_string(dir.join("statement/problem.en.tex")).unwrap();
    let title = source
        .lines()
        .find_map(|l| l.strip_prefix("\\problemname{"))
        .and_then(|l| l.strip_suffix('}'))
        .unwrap();
    let head = format!(
        "\\begin{{problem}}{{{title}}}{{standard input}}{{standard output}}{{{}}}{{{} megabytes}}\n",
        seconds(cfg.limits.time_ms),
        cfg.limits.memory_mib
    );
    assert!(tex.contains(&head), "{name}: {tex}");
    for part in ["\n\\InputFile\n", "\n\\OutputFile\n", "\n\\end{problem}\n"] {
        assert_eq!(tex.matches(part).count(), 1, "{name}: {part:?}");
    }
    assert!(!tex.contains("\\section*{Input}") && !tex.contains("\\problemname"));
    let mut examples = 0;
    for (i, t) in tests.iter().enumerate().filter(|(_, t)| t.spec.sample) {
        let n = i + 1;
        assert_eq!(read(&format!("statements/english/example.{n:02}")), t.input);
        assert_eq!(
            read(&format!("statements/english/example.{n:02}.a")),
            t.answer
        );
        assert!(tex.contains(&format!("\\exmpfile{{example.{n:02}}}{{example.{n:02}.a}}")));
        examples += 1;
    }
    assert!(examples >= 1, "{name}: no sample");
    assert_eq!(tex.matches("\\exmpfile").count(), examples);
    assert!(!out.join("statements/.pdf").exists());
}

#[test]
fn every_problem_exports_a_polygon_package_that_problem_xml_describes() {
    let (problems, list) = built();
    let out_root = tempfile::tempdir().unwrap();
    for p in list {
        let out = out_root.path().join(p.name());
        let o = export(problems.path(), p.name(), &out, SOURCE_ONLY);
        ok(&o, p.name());
        let said = String::from_utf8_lossy(&o.stdout);
        assert!(
            said.starts_with(&format!("exported {} (polygon): ", p.name())),
            "{said}"
        );
        let tests = load_built(*p, problems.path()).unwrap();
        check_package(*p, &problems.path().join(p.name()), &tests, &out);
    }
}

// ------------------------------------------------------------------------------------------
// The consumers' own tools (ignored: PyPI).

/// p2d's `testlib.h` (DOMjudge's exit codes), from its installed package.
fn p2d_testlib() -> PathBuf {
    tools::pypi_tool("p2d-venv", "p2d", "p2d");
    let lib = repo().join("target/p2d-venv/lib");
    for e in fs::read_dir(&lib).unwrap() {
        let p = e
            .unwrap()
            .path()
            .join("site-packages/p2d/testlib/testlib.h");
        if p.is_file() {
            return p;
        }
    }
    panic!("p2d's testlib.h is not under {}", lib.display());
}

/// p2d's configuration for these packages: its default tags, except `rejected`, which these
/// packages give only to submissions that must fail at run time (Polygon has no run-time-error
/// tag); by default p2d puts `rejected` solutions in `submissions/mixed/`, which DOMjudge reads
/// (with `@EXPECTED_RESULTS@`) but problemtools does not.
const P2D_CONFIG: &str = "[tag]\n\
    main = [\"accepted\"]\n\
    accepted = [\"accepted\"]\n\
    wrong-answer = [\"wrong_answer\"]\n\
    presentation-error = [\"wrong_answer\"]\n\
    time-limit-exceeded = [\"time_limit_exceeded\"]\n\
    memory-limit-exceeded = [\"run_time_error\"]\n\
    rejected = [\"run_time_error\"]\n";

/// What verifyproblem reports on every package p2d writes, whatever the Polygon package: p2d
/// converts neither the validators nor the LaTeX statement (it copies only a PDF, which a
/// legacy package cannot use) and writes no `uuid` or `license` into problem.yaml.
const P2D_GAPS: [&str; 5] = [
    "WARNING License is 'unknown'",
    "WARNING Missing uuid from problem.yaml.",
    "ERROR Names exist for languages without problem statements: en",
    "ERROR No problem statements found",
    "ERROR No input format validators found",
];

/// The Polygon package `polygon` converted by `p2d` (with the configuration file `config`,
/// the problem code `code`, the PDF statement when `statement`) into a DOMjudge package,
/// unpacked into `work/domjudge/<code>` (verifyproblem reads a folder named after the
/// problem); returns that folder.
fn p2d_convert(
    p2d: &Path,
    polygon: &Path,
    code: &str,
    config: &Path,
    work: &Path,
    statement: bool,
) -> PathBuf {
    let zip = work.join(format!("{code}.zip"));
    let o = Command::new(p2d)
        .arg(polygon)
        .args(["--code", code, "-y", "-c"])
        .arg(config)
        .args(statement.then_some("--with-statement"))
        .arg("-o")
        .arg(&zip)
        .current_dir(work)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    ok(&o, &format!("p2d {code}"));
    let dj = work.join("domjudge").join(code);
    let mut archive = zip::ZipArchive::new(fs::File::open(&zip).unwrap()).unwrap();
    archive.extract(&dj).unwrap();
    dj
}

#[test]
#[ignore = "needs PyPI (p2d, problemtools) and about ten minutes; .ci/run runs it"]
fn p2d_converts_every_package_for_verifyproblem() {
    let p2d = tools::pypi_tool("p2d-venv", "p2d", "p2d");
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let (problems, list) = built();
    let work = tempfile::tempdir().unwrap();
    let config = work.path().join("p2d.toml");
    fs::write(&config, P2D_CONFIG).unwrap();
    // The batch problems: an interactive package through p2d is checked by
    // tests/interactive_export.rs (`guess`), with the diagnostics p2d gives those.
    for p in list.iter().filter(|p| !interactive(**p)) {
        let name = p.name();
        // With the statement compiled by problemtools into Polygon's places (p2d takes the
        // PDF with --with-statement).
        let polygon = work.path().join("polygon").join(name);
        let tools = verify.parent().unwrap().to_str().unwrap();
        ok(
            &export(problems.path(), name, &polygon, &["--problemtools", tools]),
            name,
        );
        let pdf = fs::read(polygon.join("statements/.pdf/english/problem.pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF"), "{name}: no PDF statement");
        assert!(polygon
            .join("statements/.html/english/problem.html")
            .is_file());
        let xml = fs::read_to_string(polygon.join("problem.xml")).unwrap();
        assert!(xml.contains(
            r#"<statement language="english" path="statements/.pdf/english/problem.pdf" type="application/pdf"/>"#
        ));
        let dj = p2d_convert(&p2d, &polygon, name, &config, work.path(), true);
        assert!(dj.join("output_validators/checker/check.cpp").is_file());
        assert_eq!(
            fs::read(dj.join("problem_statement/problem.pdf")).unwrap(),
            pdf
        );
        let ini = fs::read_to_string(dj.join("domjudge-problem.ini")).unwrap();
        let cfg = ProblemConfig::load(*p, Some(&problems.path().join(name).join("problem.toml")))
            .unwrap();
        assert!(
            ini.contains(&format!(
                "timelimit = {:.1}",
                cfg.limits.time_ms as f64 / 1000.0
            )),
            "{ini}"
        );

        let scratch = tempfile::tempdir().unwrap();
        // Not successful: the p2d gaps below are errors to verifyproblem.
        let (_, text) = tools::run_tool(Command::new(&verify).arg(&dj).current_dir(scratch.path()));
        let diagnostics: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("ERROR ") || l.starts_with("WARNING "))
            .collect();
        for d in &diagnostics {
            assert!(
                P2D_GAPS.iter().any(|g| d.starts_with(g)),
                "verifyproblem {name}: {d}\n{text}"
            );
        }
        for g in P2D_GAPS {
            assert!(
                diagnostics.iter().any(|d| d.starts_with(g)),
                "verifyproblem {name} no longer says {g:?}: update P2D_GAPS and docs/export.md\n{text}"
            );
        }
        assert!(
            text.contains(&format!("{name} tested: 3 errors, 2 warnings")),
            "verifyproblem {name}:\n{text}"
        );
        // Every submission p2d wrote got the verdict of its folder.
        let subs: usize = fs::read_dir(dj.join("submissions"))
            .unwrap()
            .map(|d| fs::read_dir(d.unwrap().path()).unwrap().count())
            .sum();
        let oks = text.lines().filter(|l| l.contains(") OK: ")).count();
        assert_eq!(oks, subs, "verifyproblem {name}:\n{text}");
        assert!(subs >= 5, "{name}: {subs} submissions");
    }
}

/// Whether `p` is interactive (its problem.toml's `[interaction]`).
fn interactive(p: &dyn Problem) -> bool {
    ProblemConfig::load(p, None).is_ok_and(|c| c.interaction.interactive)
}

/// Compiles `check.cpp` of a package exactly as CMS's Polygon loader does
/// (`cmscontrib/loaders/polygon.py`: the source copied into a folder beside a `testlib.h`,
/// `g++ -x c++ -O2 -static -DCMS -o check check.cpp`); the executable.
fn cms_build(check: &Path, testlib: &Path, dir: &Path) -> PathBuf {
    fs::copy(testlib, dir.join("testlib.h")).unwrap();
    fs::copy(check, dir.join("check.cpp")).unwrap();
    let o = Command::new("g++")
        .args([
            "-x",
            "c++",
            "-O2",
            "-static",
            "-DCMS",
            "-o",
            "check",
            "check.cpp",
        ])
        .current_dir(dir)
        .output()
        .expect("g++ is needed");
    ok(&o, "g++ as CMS's loader");
    dir.join("check")
}

#[test]
#[ignore = "needs PyPI (p2d's testlib.h); .ci/run runs it"]
fn cms_builds_the_checker_as_its_loader_does() {
    // CMS's own testlib.h (its -DCMS convention: score on stdout, translate:... on stderr,
    // exit 0) is not on PyPI, so this builds against p2d's: what it shows is that check.cpp
    // builds with the loader's exact command (static, -DCMS) and judges the jury answer AC and
    // a wrong output WA through testlib's API. p2d's testlib.h ignores CMS and speaks
    // DOMjudge's convention: `check <input> <answer> <feedback_dir> < output`, exit 42/43.
    let testlib = p2d_testlib();
    let (problems, list) = built();
    let work = tempfile::tempdir().unwrap();
    // CMS takes no interactive problem (its Polygon loader makes every task Batch).
    for p in list.iter().filter(|p| !interactive(**p)) {
        let name = p.name();
        let pkg = work.path().join(name);
        ok(&export(problems.path(), name, &pkg, SOURCE_ONLY), name);
        let dir = work.path().join(format!("{name}-cms"));
        fs::create_dir_all(&dir).unwrap();
        let exe = cms_build(&pkg.join("files/check.cpp"), &testlib, &dir);
        let tests = load_built(*p, problems.path()).unwrap();
        let input = pkg.join("tests/01");
        let answer = pkg.join("tests/01.a");
        let run = |output: &[u8]| {
            let fb = tempfile::tempdir().unwrap();
            let mut child = Command::new(&exe)
                .arg(&input)
                .arg(&answer)
                .arg(fb.path())
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            use std::io::Write;
            // A checker may give its verdict before reading all of the output.
            if let Err(e) = child.stdin.take().unwrap().write_all(output) {
                assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
            }
            child.wait().unwrap().code()
        };
        assert_eq!(run(&tests[0].answer), Some(42), "{name}: the jury answer");
        // Another test's answer, or a lone token: wrong for test 1 of every problem.
        let wrong: Vec<u8> = tests
            .iter()
            .map(|t| t.answer.clone())
            .find(|a| *a != tests[0].answer)
            .unwrap_or_else(|| b"0\n".to_vec());
        assert_eq!(run(&wrong), Some(43), "{name}: a wrong output");
    }
}

#[test]
#[ignore = "needs PyPI (p2d's testlib.h); .ci/run runs it"]
fn the_shipped_validator_gives_every_validator_test_its_verdict() {
    // What Polygon checks on import: the package's validator, built against a testlib.h
    // (p2d's; a validator's exit codes are testlib's own in every adaptation), accepts exactly
    // the validator tests marked valid, each in its test group (`--group G`).
    let testlib = p2d_testlib();
    let (problems, list) = built();
    let work = tempfile::tempdir().unwrap();
    for p in list {
        let name = p.name();
        let pkg = work.path().join(name);
        ok(&export(problems.path(), name, &pkg, SOURCE_ONLY), name);
        let doc_text = fs::read_to_string(pkg.join("problem.xml")).unwrap();
        let doc = roxmltree::Document::parse(&doc_text).unwrap();
        let validator = one(
            one(one(doc.root_element(), "assets"), "validators"),
            "validator",
        );
        let src = pkg.join(one(validator, "source").attribute("path").unwrap());
        let exe = work.path().join(format!("{name}-validator"));
        let o = Command::new("g++")
            .args(["-std=c++17", "-O2", "-I"])
            .arg(testlib.parent().unwrap())
            .arg("-o")
            .arg(&exe)
            .arg(&src)
            .output()
            .expect("g++ is needed");
        ok(&o, &format!("g++ {}", src.display()));
        let tests = all(one(one(validator, "testset"), "tests"), "test");
        assert!(tests.len() >= 10, "{name}: {} validator tests", tests.len());
        for (k, t) in tests.iter().enumerate() {
            let input = pkg.join(format!("files/tests/validator-tests/{:02}", k + 1));
            let mut cmd = Command::new(&exe);
            if let Some(g) = t.attribute("group") {
                cmd.args(["--group", g]);
            }
            let o = cmd.stdin(fs::File::open(&input).unwrap()).output().unwrap();
            let valid = o.status.code() == Some(0);
            assert_eq!(
                valid,
                t.attribute("verdict") == Some("valid"),
                "{name}: validator test {} ({:?}): {}",
                k + 1,
                t.attribute("group"),
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }
}

// ------------------------------------------------------------------------------------------
// Kattis packages worked on in place, exported to Polygon and testlib.

/// A copy of `tests/kattis/<name>` in a new temporary folder (as `<tmp>/<name>`).
fn kattis_copy(name: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(name);
    copy_dir(&repo().join("tests/kattis").join(name), &dir);
    (tmp, dir)
}

/// `gridjudge export <package> --format <format> -o <out>` in the package's folder.
fn export_kattis(package: &Path, format: &str, out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .arg("export")
        .arg(package)
        .args(["--format", format, "-o"])
        .arg(out)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_kattis_package_exports_to_polygon_and_testlib_with_its_default_output_validator() {
    let (tmp, sum) = kattis_copy("sum");
    // A legacy package fixes no time limit in problem.yaml: DOMjudge's .timelimit does.
    let out = tmp.path().join("out");
    let o = export_kattis(&sum, "polygon", &out.join("p"));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success()
            && e.contains("problem.yaml: limits.time_limit: the package fixes no time limit")
            && e.contains("to .timelimit"),
        "{e}"
    );
    assert!(!out.join("p").exists());
    fs::write(sum.join(".timelimit"), "2\n").unwrap();

    // Polygon: the tests in judging order with their Kattis groups, the default output
    // validator with the package's flags as a testlib-API checker, the solutions tagged by
    // their folders, no validator (Kattis' convention), the statement in Polygon's form.
    let poly = out.join("p");
    let o = export_kattis(&sum, "polygon", &poly);
    ok(&o, "export sum --format polygon");
    let notes = String::from_utf8_lossy(&o.stderr);
    assert!(
        notes.contains("note: input_validators/: not shipped"),
        "{notes}"
    );
    let want_checker = gridjudge::export::kattis_default_checker_source(
        &gridjudge::core::output_validator::DefaultOutputValidator::from_legacy_args(&[
            "float_tolerance".into(),
            "1e-6".into(),
        ])
        .unwrap(),
    )
    .unwrap();
    assert_eq!(
        fs::read_to_string(poly.join("check.cpp")).unwrap(),
        want_checker
    );
    assert_eq!(
        fs::read_to_string(poly.join("files/check.cpp")).unwrap(),
        want_checker
    );
    let tests = [
        "sample/1",
        "secret/big/01",
        "secret/small/01",
        "secret/small/02",
    ];
    for (i, t) in tests.iter().enumerate() {
        for (ext, a) in [("in", ""), ("ans", ".a")] {
            assert_eq!(
                fs::read(poly.join(format!("tests/{:02}{a}", i + 1))).unwrap(),
                fs::read(sum.join(format!("data/{t}.{ext}"))).unwrap(),
                "{t}.{ext}"
            );
        }
    }
    let xml = fs::read_to_string(poly.join("problem.xml")).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let root = doc.root_element();
    assert_eq!(root.attribute("short-name"), Some("sum"));
    let set = one(root, "judging/testset");
    assert_eq!(text(one(set, "time-limit")), "2000");
    assert_eq!(text(one(set, "memory-limit")), (256u64 << 20).to_string());
    let listed: Vec<(String, Option<String>)> = all(one(set, "tests"), "test")
        .into_iter()
        .map(|t| {
            (
                t.attribute("group").unwrap().to_string(),
                t.attribute("sample").map(String::from),
            )
        })
        .collect();
    let g = |n: &str, s: bool| (n.to_string(), s.then(|| "true".to_string()));
    assert_eq!(
        listed,
        vec![
            g("samples", true),
            g("big", false),
            g("small", false),
            g("small", false)
        ]
    );
    assert!(!xml.contains("<validators>"), "{xml}");
    let sols: BTreeMap<String, String> = all(one(root, "assets/solutions"), "solution")
        .into_iter()
        .map(|s| {
            let path = one(s, "source").attribute("path").unwrap().to_string();
            (path, s.attribute("tag").unwrap().to_string())
        })
        .collect();
    let want: BTreeMap<String, String> = [
        ("solutions/sum.cpp", "main"),
        ("solutions/sum.py", "accepted"),
        ("solutions/ints.py", "wrong-answer"),
        ("solutions/quadratic.cpp", "time-limit-exceeded"),
    ]
    .into_iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(sols, want);
    for s in sols.keys() {
        let name = Path::new(s).file_name().unwrap().to_str().unwrap();
        let folder = match name {
            "sum.cpp" | "sum.py" => "accepted",
            "ints.py" => "wrong_answer",
            _ => "time_limit_exceeded",
        };
        assert_eq!(
            fs::read(poly.join(s)).unwrap(),
            fs::read(sum.join("submissions").join(folder).join(name)).unwrap()
        );
    }
    let tex = fs::read_to_string(poly.join("statements/english/problem.tex")).unwrap();
    assert!(
        tex.contains(
            "\\begin{problem}{Sum}{standard input}{standard output}{2 seconds}{256 megabytes}"
        ),
        "{tex}"
    );
    assert_eq!(
        fs::read(poly.join("statements/english/example.01")).unwrap(),
        fs::read(sum.join("data/sample/1.in")).unwrap()
    );

    // testlib: numbered tests, the same checker, Hydro's config with the limits and no
    // validator.
    let tl = out.join("t");
    ok(
        &export_kattis(&sum, "testlib", &tl),
        "export sum --format testlib",
    );
    assert_eq!(
        fs::read_to_string(tl.join("checker.cpp")).unwrap(),
        want_checker
    );
    for (i, t) in tests.iter().enumerate() {
        assert_eq!(
            fs::read(tl.join(format!("{}.ans", i + 1))).unwrap(),
            fs::read(sum.join(format!("data/{t}.ans"))).unwrap()
        );
    }
    let cfg = fs::read_to_string(tl.join("config.yaml")).unwrap();
    for line in ["time: 2000ms", "memory: 256m", "checker: checker.cpp"] {
        assert!(cfg.contains(line), "{line} not in\n{cfg}");
    }
    assert!(!cfg.contains("validator:"), "{cfg}");
    let mut names: Vec<String> = files_under(&tl).into_iter().collect();
    names.sort();
    assert_eq!(
        names,
        [
            "1.ans",
            "1.in",
            "2.ans",
            "2.in",
            "3.ans",
            "3.in",
            "4.ans",
            "4.in",
            "README.txt",
            "checker.cpp",
            "config.yaml"
        ]
    );
}

#[test]
fn what_polygon_and_testlib_cannot_judge_is_refused_naming_the_file_and_key() {
    let refused = |package: &Path, format: &str, want: &[&str]| {
        let out = package.parent().unwrap().join("exported");
        let o = export_kattis(package, format, &out);
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{}: exported", package.display());
        for w in want {
            assert!(e.contains(w), "{w:?} not in: {e}");
        }
        assert!(!out.exists(), "{}", out.display());
    };
    // Each group's own output_validator_flags: one checker cannot judge both.
    let (_t1, p) = kattis_copy("outvallegacy");
    fs::write(p.join(".timelimit"), "1\n").unwrap();
    refused(
        &p,
        "polygon",
        &[
            "data/secret/case/1.in has the output validator arguments [\"case_sensitive\"] (output_validator_flags in data/secret/case/testdata.yaml)",
            "data/sample/1.in has [\"float_tolerance\", \"1e-6\"] (output_validator_flags in data/sample/testdata.yaml)",
            "give every test the same arguments",
        ],
    );
    // Submission arguments.
    let (_t2, p) = kattis_copy("args2025");
    refused(&p, "testlib", &["data/secret/shifted/1.in: args [\"10\"]"]);
    // A 2025-09 package without limits.time_limit.
    let (_t3, p) = kattis_copy("scoring2025");
    refused(
        &p,
        "polygon",
        &[
            "problem.yaml: limits.time_limit: the package fixes no time limit",
            "write it as limits.time_limit",
        ],
    );
    // A custom output validator (Kattis' calling convention).
    let (_t4, p) = kattis_copy("sum");
    fs::write(p.join(".timelimit"), "1\n").unwrap();
    let yaml = fs::read_to_string(p.join("problem.yaml")).unwrap();
    fs::write(
        p.join("problem.yaml"),
        yaml.replace(
            "validator_flags: float_tolerance 1e-6\n",
            "validation: custom\n",
        ),
    )
    .unwrap();
    fs::create_dir_all(p.join("output_validators/same")).unwrap();
    fs::write(
        p.join("output_validators/same/same.py"),
        "import sys\nsys.exit(42)\n",
    )
    .unwrap();
    refused(
        &p,
        "testlib",
        &[
            "output_validators",
            "custom output validator follows Kattis' calling convention",
        ],
    );
}

#[test]
#[ignore = "needs PyPI (p2d, problemtools) and about two minutes; .ci/run runs it"]
fn kattis_packages_exported_to_polygon_convert_with_p2d_and_verify() {
    let p2d = tools::pypi_tool("p2d-venv", "p2d", "p2d");
    let verify = tools::pypi_tool("problemtools-venv", "problemtools", "verifyproblem");
    let work = tempfile::tempdir().unwrap();
    let config = work.path().join("p2d.toml");
    fs::write(&config, P2D_CONFIG).unwrap();
    // sum: legacy, C++ and Python; submissions_2025: 2025-09, a submissions.yaml (its
    // rejected/overflow.c must get WA: tagged wrong-answer), folders and a shell script that
    // Polygon cannot take (left out), Java, Kotlin, C and Rust.
    for (name, left_out) in [
        ("sum", &[][..]),
        (
            "submissions_2025",
            &["accepted/multi/", "accepted/multi.sh/", "accepted/sum.sh"][..],
        ),
    ] {
        let (_tmp, dir) = kattis_copy(name);
        if name == "sum" {
            fs::write(dir.join(".timelimit"), "1\n").unwrap();
        }
        let polygon = work.path().join("polygon").join(name);
        let o = export_kattis(&dir, "polygon", &polygon);
        ok(&o, name);
        let notes = String::from_utf8_lossy(&o.stderr);
        for l in left_out {
            assert!(notes.contains(l), "{name}: {l} not left out: {notes}");
        }
        // A DOMjudge short name has letters and digits only.
        let code = name.replace('_', "");
        let dj = p2d_convert(&p2d, &polygon, &code, &config, work.path(), false);
        let scratch = tempfile::tempdir().unwrap();
        let (_, text) = tools::run_tool(Command::new(&verify).arg(&dj).current_dir(scratch.path()));
        // What this machine lacks, as for the package itself (tests/kattis_fidelity.rs): a
        // JDK that takes problemtools' `javac -source 21`, and PyPy for Python 2.
        let machine = [
            "invalid source release: 21",
            "could not find compiler \"pypy\"",
        ];
        let not_run = text
            .lines()
            .filter(|l| l.starts_with("ERROR Compile error for "))
            .count();
        assert!(
            text.split("ERROR Compile error for ")
                .skip(1)
                .all(|e| machine
                    .iter()
                    .any(|m| e.lines().take(3).any(|l| l.contains(m)))),
            "verifyproblem {name}:\n{text}"
        );
        // The p2d gaps (no validators, no statement it converts, no uuid) and nothing else.
        for d in text
            .lines()
            .filter(|l| l.starts_with("ERROR ") || l.starts_with("WARNING "))
            .filter(|l| !l.starts_with("ERROR Compile error for "))
        {
            assert!(
                P2D_GAPS.iter().any(|g| d.starts_with(g)),
                "verifyproblem {name}: {d}\n{text}"
            );
        }
        // Every solution of the Polygon package reached DOMjudge's folders and got the
        // verdict of its folder from verifyproblem.
        let subs: usize = fs::read_dir(dj.join("submissions"))
            .unwrap()
            .map(|d| fs::read_dir(d.unwrap().path()).unwrap().count())
            .sum();
        let solutions = fs::read_dir(polygon.join("solutions")).unwrap().count();
        assert_eq!(subs, solutions, "{name}");
        let oks = text.lines().filter(|l| l.contains(") OK: ")).count();
        assert_eq!(oks + not_run, subs, "verifyproblem {name}:\n{text}");
        assert!(oks >= 4, "verifyproblem {name}:\n{text}");
    }
}

#[test]
fn a_scoring_kattis_package_keeps_its_scores_in_polygon_groups_and_hydro_subtasks() {
    // Legacy IOI-style subtasks (min within a group, worth 40 and 60): Polygon groups scored
    // as a whole, the partially accepted submission a rejected one (it fails a test).
    let (tmp, sl) = kattis_copy("scoringlegacy");
    fs::write(sl.join(".timelimit"), "1\n").unwrap();
    let poly = tmp.path().join("p");
    ok(&export_kattis(&sl, "polygon", &poly), "scoringlegacy");
    let xml = fs::read_to_string(poly.join("problem.xml")).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let set = one(doc.root_element(), "judging/testset");
    let tests: Vec<(String, String)> = all(one(set, "tests"), "test")
        .into_iter()
        .map(|t| {
            let a = |k: &str| t.attribute(k).unwrap().to_string();
            (a("group"), a("points"))
        })
        .collect();
    let p = |g: &str, x: &str| (g.to_string(), x.to_string());
    assert_eq!(
        tests,
        vec![
            p("samples", "0.0"),
            p("samples", "0.0"),
            p("group1", "40.0"),
            p("group1", "0.0"),
            p("group1", "0.0"),
            p("group2", "60.0"),
            p("group2", "0.0"),
            p("group2", "0.0"),
        ]
    );
    let groups: Vec<(String, String, String)> = all(one(set, "groups"), "group")
        .into_iter()
        .map(|g| {
            let a = |k: &str| g.attribute(k).unwrap().to_string();
            (a("name"), a("points"), a("points-policy"))
        })
        .collect();
    let g = |n: &str, x: &str, policy: &str| (n.to_string(), x.to_string(), policy.to_string());
    assert_eq!(
        groups,
        vec![
            g("samples", "0.0", "complete-group"),
            g("group1", "40.0", "complete-group"),
            g("group2", "60.0", "complete-group"),
        ]
    );
    let tags: BTreeMap<String, String> =
        all(one(doc.root_element(), "assets/solutions"), "solution")
            .into_iter()
            .map(|s| {
                let path = one(s, "source").attribute("path").unwrap().to_string();
                (path, s.attribute("tag").unwrap().to_string())
            })
            .collect();
    assert_eq!(tags["solutions/kadane.py"], "main");
    assert_eq!(tags["solutions/sum_all.py"], "rejected");
    assert_eq!(tags["solutions/largest.py"], "wrong-answer");

    // 2025-09 with group2 scored per test (sum, 60 over 3 tests): Polygon each-test with 20 a
    // test, Hydro a subtask of type sum worth 60; group1 stays a whole (type min, 40).
    let (tmp, s25) = kattis_copy("scoring2025");
    let yaml = fs::read_to_string(s25.join("problem.yaml")).unwrap();
    fs::write(
        s25.join("problem.yaml"),
        format!("{yaml}limits:\n  time_limit: 1\n"),
    )
    .unwrap();
    fs::write(
        s25.join("data/secret/group2/test_group.yaml"),
        "max_score: 60\nscore_aggregation: sum\n",
    )
    .unwrap();
    let poly = tmp.path().join("p");
    ok(
        &export_kattis(&s25, "polygon", &poly),
        "scoring2025 polygon",
    );
    let xml = fs::read_to_string(poly.join("problem.xml")).unwrap();
    for line in [
        r#"<test description="file data/secret/group2/1.in" group="group2" method="manual" points="20.0"/>"#,
        r#"<test description="file data/secret/group2/3.in" group="group2" method="manual" points="20.0"/>"#,
        r#"<group feedback-policy="complete" name="group2" points="60.0" points-policy="each-test"/>"#,
        r#"<group feedback-policy="complete" name="group1" points="40.0" points-policy="complete-group"/>"#,
    ] {
        assert!(xml.contains(line), "{line} not in\n{xml}");
    }
    let tl = tmp.path().join("t");
    ok(&export_kattis(&s25, "testlib", &tl), "scoring2025 testlib");
    let cfg = fs::read_to_string(tl.join("config.yaml")).unwrap();
    for block in [
        "  # test group \"group1\"\n  - id: 2\n    score: 40\n    type: min\n",
        "  # test group \"group2\"\n  - id: 3\n    score: 60\n    type: sum\n    cases:\n      - input: 6.in\n",
    ] {
        assert!(cfg.contains(block), "{block:?} not in\n{cfg}");
    }

    // A custom grader scores otherwise: refused, naming the file and key.
    let (tmp, gl) = kattis_copy("graderlegacy");
    fs::write(gl.join(".timelimit"), "1\n").unwrap();
    let o = export_kattis(&gl, "polygon", &tmp.path().join("p"));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && e.contains("testdata.yaml") && e.contains("grading"),
        "{e}"
    );
}
