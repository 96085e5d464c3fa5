//! The compiled statement: a problem's LaTeX statement (`problems/<p>/statement/problem.en.tex`,
//! problemtools' dialect: `\problemname{...}`, no samples) turned into the PDF and HTML that
//! judges show, with the package's sample tests appended.
//!
//! The renderer is problemtools' own `problem2pdf` and `problem2html`, the tools Kattis and
//! `verifyproblem` use on the same `.tex`: a setter sees exactly what the judges' tools make of
//! the statement (its `problemset.cls` layout, sample tables, MathJax HTML), and the statement
//! needs no second dialect. They are found by [`Tools::find`] (an explicit folder, the
//! `GRIDJUDGE_PROBLEMTOOLS` variable, `PATH`, or `problemtools-venv/bin` in the `target/`
//! folder the running program was built into), and need LuaLaTeX, ghostscript and tidy on
//! `PATH`.
//!
//! [`compile`] stages a minimal legacy package (`problem.yaml`, `problem_statement/`,
//! `data/sample/`) in a temporary folder, runs both tools there, checks that the HTML's sample
//! tables hold exactly the given samples ([`html_samples`]) and only then copies the PDF, the
//! HTML and the HTML's assets (its stylesheet, images) to the destination. Before anything runs,
//! [`check_source`] refuses a statement that carries its own copy of a sample (a sample heading,
//! a sample macro, or a verbatim block that starts like a sample): the judges append the
//! package's samples, so a hand-written copy could only disagree with them or repeat them.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context};

use crate::export::shared::PackageTest;

/// The statement source file in a problem's `statement/` folder (English, problemtools' LaTeX).
pub const SOURCE: &str = "problem.en.tex";

/// Environment variable naming the folder that holds `problem2pdf` and `problem2html`.
pub const TOOLS_ENV: &str = "GRIDJUDGE_PROBLEMTOOLS";

/// How to get problemtools, for error messages.
const INSTALL_HINT: &str = "install problemtools from PyPI into a virtual environment \
     (`python3 -m venv target/problemtools-venv && target/problemtools-venv/bin/pip install \
     problemtools`; the ignored test `kattis_packages_pass_verifyproblem` does this), then pass \
     its `bin` folder with --problemtools or GRIDJUDGE_PROBLEMTOOLS, or put it on PATH";

/// One sample test: the input and the jury answer, as the package holds them.
#[derive(Clone, Copy, Debug)]
pub struct Sample<'a> {
    /// Input bytes.
    pub input: &'a [u8],
    /// Jury answer bytes (shown as the sample output).
    pub answer: &'a [u8],
    /// The transcript of an interactive sample (Kattis `.interaction` lines): shown instead
    /// of the input and output.
    pub interaction: Option<&'a [u8]>,
}

/// The sample tests among `tests`, in package order (the order the judges show them).
pub fn samples_of(tests: &[PackageTest]) -> Vec<Sample<'_>> {
    tests
        .iter()
        .filter(|t| t.spec.sample)
        .map(|t| Sample {
            input: &t.input,
            answer: &t.answer,
            interaction: t.interaction.as_deref(),
        })
        .collect()
}

/// The programs that render a statement: problemtools' `problem2pdf` and `problem2html`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tools {
    /// `problem2pdf` (LaTeX → PDF through LuaLaTeX and ghostscript).
    pub problem2pdf: PathBuf,
    /// `problem2html` (LaTeX → HTML through plasTeX and tidy).
    pub problem2html: PathBuf,
}

/// Finds `name` as an executable file in one of the folders of `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}

impl Tools {
    /// Finds problemtools and checks the programs it calls. Looks, in this order, in
    /// `explicit` (a folder such as a virtual environment's `bin`), in the folder named by
    /// [`TOOLS_ENV`], on `PATH`, and in `problemtools-venv/bin` beside or above the running
    /// executable (where the tests install it: `target/problemtools-venv`). An explicit folder or
    /// variable that lacks the tools is an error (no fallback). Then requires `lualatex` and `gs`
    /// (the PDF) and `tidy` (the HTML) on `PATH`. Errors name every missing program and how to
    /// install it.
    pub fn find(explicit: Option<&Path>) -> anyhow::Result<Tools> {
        let in_dir = |d: &Path| -> Option<Tools> {
            let t = Tools {
                problem2pdf: d.join("problem2pdf"),
                problem2html: d.join("problem2html"),
            };
            (is_executable(&t.problem2pdf) && is_executable(&t.problem2html)).then_some(t)
        };
        let named = explicit
            .map(|d| (d.to_path_buf(), "--problemtools".to_string()))
            .or_else(|| {
                std::env::var_os(TOOLS_ENV)
                    .filter(|v| !v.is_empty())
                    .map(|v| (PathBuf::from(v), TOOLS_ENV.to_string()))
            });
        let tools = match named {
            Some((dir, what)) => match in_dir(&dir) {
                Some(t) => t,
                None => bail!(
                    "{what} names {}, which does not hold executable `problem2pdf` and \
                     `problem2html` (problemtools); {INSTALL_HINT}",
                    dir.display()
                ),
            },
            None => {
                let path = match (on_path("problem2pdf"), on_path("problem2html")) {
                    (Some(pdf), Some(html)) => Some(Tools {
                        problem2pdf: pdf,
                        problem2html: html,
                    }),
                    _ => None,
                };
                let venv = || {
                    let exe = std::env::current_exe().ok()?;
                    exe.ancestors()
                        .skip(1)
                        .take(4)
                        .find_map(|d| in_dir(&d.join("problemtools-venv/bin")))
                };
                match path.or_else(venv) {
                    Some(t) => t,
                    None => bail!(
                        "cannot compile the statement: problemtools' `problem2pdf` and \
                         `problem2html` are not on PATH, {TOOLS_ENV} is not set, and there \
                         is no problemtools-venv beside gridjudge; {INSTALL_HINT}"
                    ),
                }
            }
        };
        let (missing, packages): (Vec<&str>, Vec<&str>) = [
            ("lualatex", "texlive-luatex texlive-latex-extra texlive-fonts-recommended texlive-plain-generic"),
            ("gs", "ghostscript"),
            ("tidy", "tidy"),
        ]
        .into_iter()
        .filter(|(exe, _)| on_path(exe).is_none())
        .unzip();
        if !missing.is_empty() {
            bail!(
                "cannot compile the statement: problemtools ({}) needs {} on PATH (Debian: \
                 `apt-get install {}`)",
                tools.problem2pdf.display(),
                missing.join(", "),
                packages.join(" ")
            );
        }
        Ok(tools)
    }
}

/// Where the compiled statement goes: paths relative to the destination folder, which may name
/// subfolders. Legacy Kattis / DOMjudge: `problem.pdf` and `problem.html` (in
/// `problem_statement/`); 2025-09: `problem.pdf` at the package's root (DOMjudge's import reads
/// no `statement/` folder) and no HTML; Polygon: `statements/.pdf/english/problem.pdf` and
/// `statements/.html/english/problem.html`.
#[derive(Clone, Copy, Debug)]
pub struct Layout<'a> {
    /// The PDF's path.
    pub pdf: &'a str,
    /// The HTML page's path, if wanted; its assets (`problem.css`, images) go beside it under
    /// the names the page uses. The HTML is made and its samples checked either way.
    pub html: Option<&'a str>,
}

/// What [`compile`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiled {
    /// The PDF.
    pub pdf: PathBuf,
    /// The HTML page, when the layout has one.
    pub html: Option<PathBuf>,
    /// The files the HTML page uses (stylesheet, images), beside it, in name order (none
    /// without an HTML page).
    pub assets: Vec<PathBuf>,
}

/// Compiles the statement of problem `name` (`statement_dir/problem.en.tex` and the files beside
/// it) with `samples` appended, into `out_dir` (created if needed) under the names of `layout`.
///
/// `name` is the problem's short name (shown as "Problem ID" in the HTML). Runs `problem2pdf`
/// and `problem2html` once each in a temporary folder (a few seconds, mostly LuaLaTeX's two
/// passes). Errors, writing nothing into `out_dir`, when the source is missing or carries a
/// hand-written sample ([`check_source`]), when either tool fails (with its output's last
/// lines, LaTeX's error among them) or produces no file, when the HTML's sample tables differ
/// from `samples`, or when a file to write already exists in `out_dir`.
pub fn compile(
    tools: &Tools,
    name: &str,
    statement_dir: &Path,
    samples: &[Sample<'_>],
    out_dir: &Path,
    layout: Layout<'_>,
) -> anyhow::Result<Compiled> {
    let source = statement_dir.join(SOURCE);
    let tex = std::fs::read_to_string(&source).with_context(|| {
        format!(
            "cannot read {} (the statement: problemtools LaTeX starting with \\problemname{{...}})",
            source.display()
        )
    })?;
    check_source(&tex, samples).with_context(|| format!("in {}", source.display()))?;

    // A legacy package holding only what the tools read. The folder is named after the problem
    // (its "Problem ID"); its parent is ours, so no stray problemset.cls is picked up.
    let stage = tempfile::Builder::new()
        .prefix("gridjudge-statement-")
        .tempdir()
        .context("cannot create a temporary folder for the statement")?;
    let root = stage.path().join(name);
    let write = |rel: &str, bytes: &[u8]| -> anyhow::Result<()> {
        let p = root.join(rel);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).with_context(|| format!("cannot create {}", d.display()))?;
        }
        std::fs::write(&p, bytes).with_context(|| format!("cannot write {}", p.display()))
    };
    // problemtools shows a sample's `.interaction` file (Read and Write columns) instead of its
    // input and output.
    let interactive = samples.iter().any(|s| s.interaction.is_some());
    write(
        "problem.yaml",
        if interactive {
            b"problem_format_version: legacy\nvalidation: custom interactive\n"
        } else {
            b"problem_format_version: legacy\n"
        },
    )?;
    for e in crate::export::shared::sorted_entries(statement_dir)? {
        if e.is_file() {
            let file = e
                .file_name()
                .and_then(|f| f.to_str())
                .with_context(|| format!("{} has no UTF-8 file name", e.display()))?;
            let bytes =
                std::fs::read(&e).with_context(|| format!("cannot read {}", e.display()))?;
            write(&format!("problem_statement/{file}"), &bytes)?;
        }
    }
    // problemtools orders samples by file name as text: pad the numbers so that it is the
    // package order.
    let width = samples.len().to_string().len();
    for (i, s) in samples.iter().enumerate() {
        write(&format!("data/sample/{:0width$}.in", i + 1), s.input)?;
        write(&format!("data/sample/{:0width$}.ans", i + 1), s.answer)?;
        if let Some(t) = s.interaction {
            write(&format!("data/sample/{:0width$}.interaction", i + 1), t)?;
        }
    }

    let pdf = stage.path().join("statement.pdf");
    run(
        Command::new(&tools.problem2pdf)
            .arg("-o")
            .arg(&pdf)
            .arg(&root),
        stage.path(),
        &pdf,
        "problem2pdf",
    )?;
    let html_dir = stage.path().join("html");
    let index = html_dir.join("index.html");
    run(
        Command::new(&tools.problem2html)
            .arg("-d")
            .arg(&html_dir)
            .arg(&root),
        stage.path(),
        &index,
        "problem2html",
    )?;

    let html = std::fs::read_to_string(&index)
        .with_context(|| format!("cannot read {}", index.display()))?;
    check_html_samples(&html, samples)?;

    // Everything is made and checked: now write the destination.
    let mut assets = Vec::new();
    collect_files(&html_dir, &html_dir, &mut assets)?;
    assets.retain(|a| a != Path::new("index.html"));
    assets.sort();
    let out_pdf = out_dir.join(layout.pdf);
    let out_html = layout.html.map(|h| out_dir.join(h));
    let out_assets: Vec<PathBuf> = match &out_html {
        Some(h) => {
            let beside = h.parent().unwrap_or(out_dir);
            assets.iter().map(|a| beside.join(a)).collect()
        }
        None => Vec::new(),
    };
    for p in std::iter::once(&out_pdf)
        .chain(&out_html)
        .chain(&out_assets)
    {
        if p.exists() {
            bail!(
                "{} already exists: the compiled statement would replace it (rename the file in \
                 the statement folder)",
                p.display()
            );
        }
    }
    copy_new(&pdf, &out_pdf)?;
    if let Some(h) = &out_html {
        copy_new(&index, h)?;
    }
    for (a, to) in assets.iter().zip(&out_assets) {
        copy_new(&html_dir.join(a), to)?;
    }
    Ok(Compiled {
        pdf: out_pdf,
        html: out_html,
        assets: out_assets,
    })
}

/// Runs a problemtools command in `cwd` with no input; errors unless it exits 0 and `made`
/// exists (problem2pdf exits 0 even when LuaLaTeX fails), with the last lines of its output.
fn run(cmd: &mut Command, cwd: &Path, made: &Path, what: &str) -> anyhow::Result<()> {
    let out = cmd
        .current_dir(cwd)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("cannot run {what} ({:?})", cmd.get_program()))?;
    if out.status.success() && made.is_file() {
        return Ok(());
    }
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    let tail = lines[lines.len().saturating_sub(30)..].join("\n");
    bail!(
        "{what} could not compile the statement ({}, no {} written); its output ends with:\n{tail}",
        out.status,
        made.file_name().unwrap_or_default().to_string_lossy()
    )
}

/// Every file below `dir`, as paths relative to `root`.
fn collect_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for e in crate::export::shared::sorted_entries(dir)? {
        if e.is_dir() {
            collect_files(root, &e, out)?;
        } else {
            out.push(e.strip_prefix(root).unwrap_or(&e).to_path_buf());
        }
    }
    Ok(())
}

/// Copies `from` to the new file `to` (mode 0644 less the umask), creating its folder.
fn copy_new(from: &Path, to: &Path) -> anyhow::Result<()> {
    let bytes = std::fs::read(from).with_context(|| format!("cannot read {}", from.display()))?;
    if let Some(d) = to.parent() {
        std::fs::create_dir_all(d).with_context(|| format!("cannot create {}", d.display()))?;
    }
    std::fs::write(to, bytes).with_context(|| format!("cannot write {}", to.display()))
}

/// A sample as a problemtools HTML statement shows it ([`html_samples`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Input and output, a table's first two `<pre>` blocks.
    Table(String, String),
    /// An interactive sample: its lines as `.interaction` lines (`<` what the submission
    /// reads, `>` what it writes), from the `sampleinteractionread` and
    /// `sampleinteractionwrite` blocks after the table.
    Interaction(String),
}

/// The samples shown in a problemtools HTML statement: for each `<table class="sample">` in
/// page order, the text of its first two `<pre>` blocks (sample input, sample output), or for
/// a table followed by `sampleinteractionread`/`sampleinteractionwrite` blocks the exchange
/// they show, with the HTML character references decoded. Errors when a table has neither or
/// an unterminated `<pre>`. Linear in the page's length.
pub fn html_samples(html: &str) -> anyhow::Result<Vec<Shown>> {
    let mut out = Vec::new();
    for (k, chunk) in html.split("<table class=\"sample\"").skip(1).enumerate() {
        let (table, after) = chunk.split_once("</table>").unwrap_or((chunk, ""));
        if !table.contains("<pre>")
            && after
                .trim_start()
                .starts_with("<div class=\"sampleinteraction")
        {
            let mut lines = String::new();
            for div in after.split("<div class=\"sampleinteraction").skip(1) {
                let prefix = if div.starts_with("read") { '<' } else { '>' };
                let body = div
                    .split_once("<pre>")
                    .and_then(|(_, rest)| rest.split_once("</pre>"))
                    .map(|(body, _)| unescape(body))
                    .with_context(|| {
                        format!("interactive sample {} of the HTML has no <pre> text", k + 1)
                    })?;
                for line in body.lines() {
                    lines.push(prefix);
                    lines.push_str(line);
                    lines.push('\n');
                }
            }
            out.push(Shown::Interaction(lines));
            continue;
        }
        let mut pres = Vec::new();
        for chunk in table.split("<pre>").skip(1) {
            let Some((body, _)) = chunk.split_once("</pre>") else {
                bail!(
                    "sample table {} of the HTML has an unterminated <pre>",
                    k + 1
                );
            };
            pres.push(unescape(body));
        }
        if pres.len() < 2 {
            bail!(
                "sample table {} of the HTML has {} <pre> blocks, not an input and an output",
                k + 1,
                pres.len()
            );
        }
        let output = pres.swap_remove(1);
        let input = pres.swap_remove(0);
        out.push(Shown::Table(input, output));
    }
    Ok(out)
}

/// Decodes `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;` and numeric references; anything else
/// is kept as written.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let decoded = rest.find(';').filter(|&j| j <= 10).and_then(|j| {
            let c = match &rest[1..j] {
                "lt" => Some('<'),
                "gt" => Some('>'),
                "amp" => Some('&'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                r if r.starts_with("#x") || r.starts_with("#X") => u32::from_str_radix(&r[2..], 16)
                    .ok()
                    .and_then(char::from_u32),
                r if r.starts_with('#') => r[1..].parse().ok().and_then(char::from_u32),
                _ => None,
            }?;
            Some((c, j))
        });
        match decoded {
            Some((c, j)) => {
                out.push(c);
                rest = &rest[j + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Errors unless the sample tables of `html` hold exactly `samples`, in order, byte for byte;
/// the error names the first sample that differs.
pub fn check_html_samples(html: &str, samples: &[Sample<'_>]) -> anyhow::Result<()> {
    let shown = html_samples(html)?;
    if shown.len() != samples.len() {
        bail!(
            "the HTML statement shows {} samples, the package has {}",
            shown.len(),
            samples.len()
        );
    }
    for (k, (shown, s)) in shown.iter().zip(samples).enumerate() {
        let (input, output) = match (shown, s.interaction) {
            (Shown::Interaction(lines), Some(t)) => {
                // problemtools shows the `<` and `>` lines (a `---` between passes is not one).
                let want: String = String::from_utf8_lossy(t)
                    .lines()
                    .filter(|l| l.starts_with('<') || l.starts_with('>'))
                    .map(|l| format!("{}\n", l.trim_end()))
                    .collect();
                let got: String = lines
                    .lines()
                    .map(|l| format!("{}\n", l.trim_end()))
                    .collect();
                if got != want {
                    bail!(
                        "sample {} of the HTML statement shows the exchange {got:?}, the \
                         package's .interaction is {want:?}",
                        k + 1
                    );
                }
                continue;
            }
            (Shown::Table(input, output), None) => (input, output),
            (Shown::Table(..), Some(_)) => bail!(
                "sample {} of the HTML statement is an input and an output, the package's is \
                 an exchange (.interaction)",
                k + 1
            ),
            (Shown::Interaction(_), None) => bail!(
                "sample {} of the HTML statement is an exchange, the package's is an input and \
                 an output",
                k + 1
            ),
        };
        if input.as_bytes() != s.input {
            bail!(
                "sample {} of the HTML statement shows the input {input:?}, the package's is {:?}",
                k + 1,
                String::from_utf8_lossy(s.input)
            );
        }
        if output.as_bytes() != s.answer {
            bail!(
                "sample {} of the HTML statement shows the output {output:?}, the package's \
                 answer is {:?}",
                k + 1,
                String::from_utf8_lossy(s.answer)
            );
        }
    }
    Ok(())
}

/// Refuses a statement source that carries its own samples, which the judges' tools append from
/// the package: (1) a heading (`\section`, `\subsection`, `\subsubsection`, `\paragraph`,
/// starred or not) whose title mentions "sample" or "example"; (2) a sample macro of the usual
/// statement classes (`\sampletable`, `\sample{`, `\exmp{`, `\example{`, `\begin{example}`);
/// (3) a `verbatim` or `lstlisting` block whose first non-blank line has the same tokens as the
/// first line of a sample's input or answer. LaTeX comments are ignored; `\nextsample` and
/// `\remainingsamples` (which place the package's samples) are allowed. The error names the
/// line. Linear in the source's length times the number of samples.
pub fn check_source(tex: &str, samples: &[Sample<'_>]) -> anyhow::Result<()> {
    let first_tokens = |b: &[u8]| -> Vec<String> {
        String::from_utf8_lossy(b)
            .lines()
            .find(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default()
    };
    let sample_firsts: Vec<Vec<String>> = samples
        .iter()
        .flat_map(|s| [first_tokens(s.input), first_tokens(s.answer)])
        .filter(|t| !t.is_empty())
        .collect();
    const HINT: &str = "the judges append the package's samples (data/sample) to the statement, \
                        so a hand-written copy can only disagree with them or repeat them; \
                        remove it";
    let lines: Vec<&str> = tex.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = strip_comment(lines[i]);
        let n = i + 1;
        for heading in [
            "\\section",
            "\\subsection",
            "\\subsubsection",
            "\\paragraph",
        ] {
            let mut rest = line;
            while let Some(at) = rest.find(heading) {
                let after = rest[at + heading.len()..].trim_start_matches('*');
                if let Some(title) = after.strip_prefix('{') {
                    let title = title.split('}').next().unwrap_or(title).to_lowercase();
                    if title.contains("sample") || title.contains("example") {
                        bail!(
                            "line {n}: the heading `{}` introduces hand-written samples; {HINT}",
                            line.trim()
                        );
                    }
                }
                rest = &rest[at + heading.len()..];
            }
        }
        for mac in [
            "\\sampletable",
            "\\sample{",
            "\\exmp{",
            "\\example{",
            "\\begin{example}",
        ] {
            if line.contains(mac) {
                bail!(
                    "line {n}: `{}` is a hand-written sample; {HINT}",
                    mac.trim_end_matches('{')
                );
            }
        }
        for env in ["verbatim", "lstlisting"] {
            let begin = format!("\\begin{{{env}}}");
            if let Some(at) = line.find(&begin) {
                let end = format!("\\end{{{env}}}");
                // The block's first non-blank line: the rest of this line, else the next lines.
                let same_line = line[at + begin.len()..].split(&end).next().unwrap_or("");
                let same_line = if env == "lstlisting" && same_line.trim_start().starts_with('[') {
                    same_line.split_once(']').map(|(_, r)| r).unwrap_or("")
                } else {
                    same_line
                };
                let first = if !same_line.trim().is_empty() {
                    Some((n, same_line))
                } else {
                    lines[i + 1..]
                        .iter()
                        .enumerate()
                        .take_while(|(_, l)| !l.contains(&end))
                        .find(|(_, l)| !l.trim().is_empty())
                        .map(|(j, l)| (n + 1 + j, *l))
                };
                if let Some((m, first)) = first {
                    let tokens: Vec<String> =
                        first.split_whitespace().map(str::to_string).collect();
                    if sample_firsts.contains(&tokens) {
                        bail!(
                            "line {m}: this {env} block starts like a sample (`{}`); {HINT}",
                            first.trim()
                        );
                    }
                }
            }
        }
        i += 1;
    }
    Ok(())
}

/// `line` without its LaTeX comment (from the first `%` not escaped by a backslash).
fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    let mut backslashes = 0;
    for (i, &c) in b.iter().enumerate() {
        if c == b'%' && backslashes % 2 == 0 {
            return &line[..i];
        }
        backslashes = if c == b'\\' { backslashes + 1 } else { 0 };
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s<'a>(input: &'a str, answer: &'a str) -> Sample<'a> {
        Sample {
            input: input.as_bytes(),
            answer: answer.as_bytes(),
            interaction: None,
        }
    }

    #[test]
    fn html_samples_read_each_table_in_order_and_decode_references() {
        let html = "<p>x</p><table class=\"sample\" summary=\"sample data\"><tr><th>Sample Input 1</th>\
                    </tr><tr><td><pre>1 2\n&lt;a &amp; b&gt;\n</pre></td><td><pre>3\n</pre></td></tr>\
                    </table><table class=\"sample\"><tr><td><pre>&#35;.#\n</pre></td><td>\
                    <pre>&#x41;\n</pre></td></tr></table><pre>not a sample</pre>";
        let got = html_samples(html).unwrap();
        assert_eq!(
            got,
            vec![
                Shown::Table("1 2\n<a & b>\n".to_string(), "3\n".to_string()),
                Shown::Table("#.#\n".to_string(), "A\n".to_string())
            ]
        );
        assert!(check_html_samples(html, &[s("1 2\n<a & b>\n", "3\n"), s("#.#\n", "A\n")]).is_ok());
        let e = check_html_samples(html, &[s("1 2\n<a & b>\n", "3\n"), s("#.#\n", "B\n")])
            .unwrap_err()
            .to_string();
        assert!(e.contains("sample 2") && e.contains("\"A\\n\""), "{e}");
        let e = check_html_samples(html, &[s("1 2\n<a & b>\n", "3\n")])
            .unwrap_err()
            .to_string();
        assert!(e.contains("shows 2 samples, the package has 1"), "{e}");
        assert!(html_samples("<table class=\"sample\"><pre>1</pre></table>").is_err());
        assert_eq!(unescape("a &foo; & b &#x;"), "a &foo; & b &#x;");
    }

    /// problemtools' rendering of a `.interaction` sample (an empty table with the heading,
    /// then one block per run of lines) reads back as the transcript.
    #[test]
    fn interactive_samples_read_back_as_their_transcript() {
        let html = "<table class=\"sample\" summary=\"sample data\"><tr><th>Read</th><th>Sample \
                    Interaction 1</th><th>Write</th></tr></table>\n    <div class=\"sampleinteractionread\">\
                    \n      <pre>3 3\n.##\n</pre>\n    </div>\n    <div class=\"sampleinteractionwrite\">\
                    \n      <pre>START 2 3</pre>\n    </div><div class=\"sampleinteractionread\"><pre>0 0\
                    </pre></div>";
        assert_eq!(
            html_samples(html).unwrap(),
            vec![Shown::Interaction("<3 3\n<.##\n>START 2 3\n<0 0\n".into())]
        );
        let t = b"<3 3\n<.##\n>START 2 3\n<0 0\n";
        let with = |t: &'static [u8]| Sample {
            input: b"3 3\n",
            answer: b"WIN\n",
            interaction: Some(t),
        };
        assert!(check_html_samples(html, &[with(t)]).is_ok());
        let e = check_html_samples(html, &[with(b"<3 3\n<.##\n>START 1 1\n<0 0\n")])
            .unwrap_err()
            .to_string();
        assert!(e.contains("shows the exchange"), "{e}");
        let e = check_html_samples(html, &[s("3 3\n", "WIN\n")])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("is an exchange, the package's is an input"),
            "{e}"
        );
    }

    #[test]
    fn check_source_refuses_hand_written_samples_only() {
        let samples = [s("3 3\n.##\n", "WIN\n2 3\n")];
        let ok = "\\problemname{G}\nText 100\\% sure.\n\\section*{Input}\n\\begin{verbatim}\nfoo bar\n\\end{verbatim}\n\\nextsample\n% \\section*{Sample Input}\n";
        check_source(ok, &samples).unwrap();
        let cases = [
            ("\\problemname{G}\n\\section*{Sample Input 1}\n", "line 2"),
            ("\\problemname{G}\n\n\\subsection{Examples}\n", "line 3"),
            ("\\sampletable{1.in}{1.ans}\n", "line 1"),
            ("x\n\\begin{example}\n", "line 2"),
            (
                "\\begin{verbatim}\n\n3  3\n.##\n\\end{verbatim}\n",
                "line 3",
            ),
            (
                "\\begin{lstlisting}[language=c] WIN\n\\end{lstlisting}\n",
                "line 1",
            ),
        ];
        for (tex, line) in cases {
            let e = check_source(tex, &samples).unwrap_err().to_string();
            assert!(
                e.starts_with(line) && e.contains("data/sample"),
                "{tex:?}: {e}"
            );
        }
        assert_eq!(strip_comment("a\\%b%c"), "a\\%b");
        assert_eq!(strip_comment("a\\\\%c"), "a\\\\");
    }
}
