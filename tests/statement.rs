//! The compiled statement (`src/export/statement.rs`): the samples it shows are the package's sample
//! tests, for every problem under `problems/`, and a missing renderer stops the Kattis export
//! with a message that says what to install.
//!
//! `kattis_statements_show_exactly_the_package_samples` compiles LaTeX (problemtools in
//! `target/problemtools-venv`, installed from PyPI on first use, TeX Live; a few seconds per
//! problem), so `cargo test` ignores it and `.ci/run` runs it with `-- --ignored`. It reads the
//! PDF's text with `pdftotext` (Debian: poppler-utils) when that is installed, else checks the
//! HTML only.

#[path = "common/tools.rs"]
mod tools;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

use gridjudge::export::statement::{self, Sample, Shown};
use gridjudge::package::{build_problem, BuildOptions, LockMode};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every problem with a statement: the folders of `problems/` holding `statement/problem.en.tex`.
fn problems_with_statement() -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(root().join("problems"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("statement").join(statement::SOURCE).is_file())
        .map(|p| p.file_name().unwrap().to_str().unwrap().to_string())
        .collect();
    v.sort();
    assert!(v.len() >= 3, "problems with a statement: {v:?}");
    v
}

fn gridjudge(args: &[&str], envs: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gridjudge"));
    c.args(args).stdin(Stdio::null());
    for (k, v) in envs {
        c.env(k, v);
    }
    c.output().unwrap()
}

/// The files `<dir>/<k>.in` and `<dir>/<k>.ans` for k = 1, 2, ... (the Kattis export's sample
/// names), in that order.
fn numbered_samples(dir: &Path) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut v = Vec::new();
    while let Ok(input) = fs::read(dir.join(format!("{}.in", v.len() + 1))) {
        let answer = fs::read(dir.join(format!("{}.ans", v.len() + 1))).unwrap();
        v.push((input, answer));
    }
    let interactions = interactions(dir, v.len()).len();
    assert_eq!(
        fs::read_dir(dir).unwrap().count(),
        2 * v.len() + interactions,
        "{}: files other than 1.in, 1.ans, (1.interaction,) ...",
        dir.display()
    );
    v
}

/// The `k.interaction` transcripts of `dir`'s first `n` samples (an interactive problem's:
/// all or none), each as the `<`/`>` lines problemtools shows.
fn interactions(dir: &Path, n: usize) -> Vec<String> {
    (1..=n)
        .filter_map(|k| fs::read_to_string(dir.join(format!("{k}.interaction"))).ok())
        .map(|t| {
            t.lines()
                .filter(|l| l.starts_with('<') || l.starts_with('>'))
                .map(|l| format!("{l}\n"))
                .collect()
        })
        .collect()
}

#[test]
fn a_missing_renderer_stops_the_kattis_export_naming_what_to_install() {
    let empty = tempfile::tempdir().unwrap();
    let out = empty.path().join("game");
    let problems = root().join("problems");
    let base = [
        "export",
        "game",
        "--format",
        "kattis",
        "-o",
        out.to_str().unwrap(),
        "--problems-dir",
        problems.to_str().unwrap(),
    ];
    // An explicit folder without problemtools: no fallback to PATH.
    let mut args = base.to_vec();
    args.extend(["--problemtools", empty.path().to_str().unwrap()]);
    let o = gridjudge(&args, &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("--problemtools names")
            && err.contains("problem2pdf")
            && err.contains("pip install problemtools")
            && err.contains("--no-compiled-statement"),
        "{err}"
    );
    assert!(!out.exists());
    // The same through the environment variable.
    let o = gridjudge(
        &base,
        &[(statement::TOOLS_ENV, empty.path().to_str().unwrap())],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("GRIDJUDGE_PROBLEMTOOLS names"),
        "{err}"
    );
    assert!(!out.exists());
    // problemtools present but no LaTeX, ghostscript or tidy on PATH: each is named, and the
    // message ends with the command that installs their Debian packages. (Fake tools: the
    // check runs nothing.)
    let fake = tempfile::tempdir().unwrap();
    for t in ["problem2pdf", "problem2html"] {
        let p = fake.path().join(t);
        fs::write(&p, "#!/bin/sh\nexit 1\n").unwrap();
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&p, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let mut args = base.to_vec();
    args.extend(["--problemtools", fake.path().to_str().unwrap()]);
    let o = gridjudge(&args, &[("PATH", empty.path().to_str().unwrap())]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("needs lualatex, gs, tidy on PATH (Debian: `apt-get install texlive-luatex")
            && err.contains(" ghostscript tidy`)"),
        "{err}"
    );
    assert!(!out.exists());
}

#[test]
fn statement_sources_carry_no_hand_written_sample() {
    // The judges append data/sample; a statement that also holds a copy of a sample (which then
    // may differ) is refused by statement::check_source, here run on every committed statement
    // against the problem's committed samples (the sources of data/sample).
    for p in problems_with_statement() {
        let dir = root().join("problems").join(&p);
        let tex = fs::read_to_string(dir.join("statement").join(statement::SOURCE)).unwrap();
        let mut files: Vec<PathBuf> = fs::read_dir(dir.join("samples"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|f| f.extension().is_some_and(|e| e == "in"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{p}: no samples");
        let bytes: Vec<(Vec<u8>, Vec<u8>)> = files
            .iter()
            .map(|f| {
                (
                    fs::read(f).unwrap(),
                    fs::read(f.with_extension("ans")).unwrap(),
                )
            })
            .collect();
        let samples: Vec<Sample> = bytes
            .iter()
            .map(|(i, a)| Sample {
                input: i,
                answer: a,
                interaction: None,
            })
            .collect();
        statement::check_source(&tex, &samples).unwrap_or_else(|e| panic!("{p}: {e:#}"));
        // The check does look: the same statement with the first sample pasted in is refused.
        let pasted = format!(
            "{tex}\n\\begin{{verbatim}}\n{}\\end{{verbatim}}\n",
            String::from_utf8_lossy(&bytes[0].0)
        );
        assert!(statement::check_source(&pasted, &samples).is_err(), "{p}");
    }
}

// ------------------------------------------------------------------------------------------
// The slow part: real exports, real LaTeX.

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let (p, name) = (e.path(), e.file_name());
        if p.is_dir() {
            if !["tests", ".builds", "statement-build", "report"].contains(&name.to_str().unwrap())
            {
                copy_dir(&p, &to.join(&name));
            }
        } else {
            fs::copy(&p, to.join(&name)).unwrap();
        }
    }
}

/// A temporary problems folder holding a built copy of `problem` (checked against its lock).
fn built(problem: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(
        &root().join("problems").join(problem),
        &tmp.path().join(problem),
    );
    // A problem that plays on another's tests (duel on game's boards) ships that problem's
    // validator: its folder must be beside it.
    if let Some(seed) = gridjudge::problems::by_name(problem)
        .ok()
        .map(|p| p.seed_name())
        .filter(|s| *s != problem)
    {
        copy_dir(&root().join("problems").join(seed), &tmp.path().join(seed));
    }
    let opts = BuildOptions {
        problems_dir: tmp.path().to_path_buf(),
        lock: LockMode::Locked,
        jobs: None,
        progress: false,
        delete_unknown: false,
    };
    let cache = gridjudge::problems::default_cache_dir(tmp.path());
    let p = gridjudge::problems::problem(tmp.path(), problem, &cache).unwrap();
    build_problem(p, &opts).unwrap();
    tmp
}

/// The folder with the `checker` and `validator` binaries beside gridjudge, made up to date by
/// `cargo test --workspace --no-run` (the build `cargo test --workspace` has just done).
fn bin_dir() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let st = Command::new(cargo)
        .args(["test", "--workspace", "--no-run", "--quiet"])
        .current_dir(root())
        .status()
        .unwrap();
    assert!(st.success(), "cannot build checker and validator");
    let dir = Path::new(env!("CARGO_BIN_EXE_gridjudge")).parent().unwrap();
    assert!(dir.join("checker").is_file() && dir.join("validator").is_file());
    dir.to_path_buf()
}

/// The samples in the text `pdftotext` makes of a problemtools PDF: for each "Sample Input k"
/// heading, the non-blank lines after "Sample Output k" up to the next sample heading (the
/// input's lines, then the output's), each with its white space runs made one space. None
/// when `pdftotext` is not installed.
fn pdf_sample_lines(pdf: &Path) -> Option<Vec<Vec<String>>> {
    let text = pdf_text(pdf)?;
    let mut out = Vec::new();
    let mut k = 1;
    let mut rest = text.as_str();
    while let Some(at) = rest.find(&format!("Sample Output {k}\n")) {
        rest = &rest[at + format!("Sample Output {k}\n").len()..];
        let end = rest
            .find(&format!("Sample Input {}\n", k + 1))
            .unwrap_or(rest.len());
        out.push(normalized_lines(&rest[..end]));
        rest = &rest[end..];
        k += 1;
    }
    Some(out)
}

/// The text `pdftotext` makes of a PDF; None when it is not installed.
fn pdf_text(pdf: &Path) -> Option<String> {
    let o = Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    assert!(o.status.success(), "pdftotext {}: {o:?}", pdf.display());
    Some(String::from_utf8(o.stdout).unwrap())
}

fn normalized_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
#[ignore = "compiles LaTeX (TeX Live, problemtools from PyPI): .ci/run runs it"]
fn kattis_statements_show_exactly_the_package_samples() {
    let tools = tools::pypi_tool("problemtools-venv", "problemtools", "problem2pdf")
        .parent()
        .unwrap()
        .to_path_buf();
    let bins = bin_dir();
    let out_root = tempfile::tempdir().unwrap();
    let mut pdf_checked = 0;
    for p in problems_with_statement() {
        let problems = built(&p);
        let out = out_root.path().join(&p);
        let o = gridjudge(
            &[
                "export",
                &p,
                "--format",
                "kattis",
                "-o",
                out.to_str().unwrap(),
                "--problems-dir",
                problems.path().to_str().unwrap(),
                "--bin-dir",
                bins.to_str().unwrap(),
                "--problemtools",
                tools.to_str().unwrap(),
            ],
            &[],
        );
        assert!(o.status.success(), "{p}: {o:?}");
        let samples = numbered_samples(&out.join("data/sample"));
        assert!(!samples.is_empty(), "{p}: no samples in data/sample");

        // The HTML shows each sample of data/sample, in order, byte for byte.
        let st = out.join("problem_statement");
        let html = fs::read_to_string(st.join("problem.html")).unwrap();
        let shown = statement::html_samples(&html).unwrap();
        // An interactive problem's samples are shown as their exchange.
        let exchanges = interactions(&out.join("data/sample"), samples.len());
        let expected: Vec<Shown> = if exchanges.is_empty() {
            samples
                .iter()
                .map(|(i, a)| {
                    Shown::Table(
                        String::from_utf8(i.clone()).unwrap(),
                        String::from_utf8(a.clone()).unwrap(),
                    )
                })
                .collect()
        } else {
            exchanges.iter().cloned().map(Shown::Interaction).collect()
        };
        assert_eq!(shown, expected, "{p}: the HTML statement's samples");
        // The page's stylesheet is beside it, under the name it uses.
        assert!(html.contains("href=\"problem.css\"") && st.join("problem.css").is_file());
        // And the title is the statement's, as the judges show it.
        assert!(html.contains("<h1>"), "{p}");

        // The PDF shows the same lines (pdftotext keeps the lines, not their spacing).
        let pdf = st.join("problem.pdf");
        assert!(fs::read(&pdf).unwrap().starts_with(b"%PDF-"), "{p}");
        if !exchanges.is_empty() {
            // The PDF of an exchange has no Sample Output heading: each line's text is in it,
            // in order.
            if let Some(text) = pdf_text(&pdf) {
                let mut rest = text.as_str();
                for line in exchanges.iter().flat_map(|e| e.lines()) {
                    let want = line[1..].split_whitespace().collect::<Vec<_>>().join(" ");
                    let at = rest.find(&want).unwrap_or_else(|| {
                        panic!("{p}: the PDF statement lacks the exchange's line {line:?}")
                    });
                    rest = &rest[at + want.len()..];
                }
                pdf_checked += 1;
            }
        } else if let Some(lines) = pdf_sample_lines(&pdf) {
            let want: Vec<Vec<String>> = samples
                .iter()
                .map(|(i, a)| {
                    let mut v = normalized_lines(&String::from_utf8_lossy(i));
                    v.extend(normalized_lines(&String::from_utf8_lossy(a)));
                    v
                })
                .collect();
            assert_eq!(lines, want, "{p}: the PDF statement's samples");
            pdf_checked += 1;
        }

        // The source beside them is what the setter wrote.
        assert_eq!(
            fs::read(st.join(statement::SOURCE)).unwrap(),
            fs::read(
                root()
                    .join("problems")
                    .join(&p)
                    .join("statement")
                    .join(statement::SOURCE)
            )
            .unwrap()
        );

        // How long compiling one statement takes (both tools; printed, not asserted).
        let tests = gridjudge::export::shared::load_built(
            gridjudge::problems::problem(
                problems.path(),
                &p,
                &gridjudge::problems::default_cache_dir(problems.path()),
            )
            .unwrap(),
            problems.path(),
        )
        .unwrap();
        let again = out_root.path().join(format!("{p}-again"));
        let started = Instant::now();
        let c = statement::compile(
            &statement::Tools::find(Some(&tools)).unwrap(),
            &p,
            &problems.path().join(&p).join("statement"),
            &statement::samples_of(&tests),
            &again,
            // Polygon's layout: the PDF and the HTML page in folders of their own.
            statement::Layout {
                pdf: "statements/.pdf/english/problem.pdf",
                html: Some("statements/.html/english/problem.html"),
            },
        )
        .unwrap();
        eprintln!(
            "{p}: statement compiled in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        let html_dir = again.join("statements/.html/english");
        assert_eq!(c.pdf, again.join("statements/.pdf/english/problem.pdf"));
        assert_eq!(c.html, Some(html_dir.join("problem.html")));
        assert_eq!(c.assets, vec![html_dir.join("problem.css")]);
        assert!(c.pdf.is_file() && c.assets[0].is_file());
        assert_eq!(
            statement::html_samples(&fs::read_to_string(c.html.unwrap()).unwrap()).unwrap(),
            expected
        );
    }
    if Command::new("pdftotext").arg("-v").output().is_ok() {
        assert_eq!(pdf_checked, problems_with_statement().len());
    } else {
        tools::skip_or_fail(
            "pdftotext (poppler-utils) is not installed: the PDFs' samples were not read",
        );
    }
}
