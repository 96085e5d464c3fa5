//! `gridjudge build --report`: an HTML page per problem with the build's summary table and a
//! picture of every test ([`crate::render`]), written to `problems/<p>/report/index.html`.
//!
//! The page is one self-contained file (inline SVG, inline CSS, no script), so it opens from
//! disk in any browser. Its size grows with the boards: about 60 bytes per cell.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::package::{write_atomic, BuiltTest};
use crate::problem::Problem;
use crate::render::{self, xml_escape, RenderOptions};

/// The HTML page of `tests` (a build's tests in order) of `problem`. A test whose picture
/// cannot be drawn gets the error in its place instead (the build already validated it, so
/// this means a bug in the drawing, not in the test).
pub fn html(problem: &dyn Problem, title: &str, tests: &[BuiltTest]) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{t} — test report</title><style>\
         body{{font-family:sans-serif;margin:1.5em;color:#222}}\
         table{{border-collapse:collapse;font-size:0.9em}}\
         td,th{{border:1px solid #ccc;padding:2px 8px;text-align:left}}\
         td.n{{text-align:right}}\
         .tests{{display:flex;flex-wrap:wrap;gap:18px;margin-top:1.5em}}\
         figure{{margin:0;border:1px solid #ddd;padding:6px}}\
         figcaption{{font-size:0.85em;max-width:330px;word-break:break-all}}\
         </style></head><body>\n<h1>{t}</h1>\n<p>{} tests, built by <code>gridjudge build</code>.</p>\n",
        tests.len(),
        t = xml_escape(title)
    );
    s.push_str(
        "<table><thead><tr><th>test</th><th>source</th><th>group</th><th>size</th>\
         <th>answer</th><th>brute</th><th>solve ms</th></tr></thead><tbody>\n",
    );
    for t in tests {
        let _ = writeln!(
            s,
            "<tr><td><a href=\"#t{n}\">{n}</a>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td class=\"n\">{:.2}</td></tr>",
            if t.spec.sample { " (sample)" } else { "" },
            xml_escape(&t.spec.source()),
            xml_escape(t.spec.group.as_deref().unwrap_or("")),
            xml_escape(&t.size),
            xml_escape(&t.summary),
            if t.brute_checked { "yes" } else { "-" },
            t.solve_ms,
            n = xml_escape(&t.name),
        );
    }
    s.push_str("</tbody></table>\n<div class=\"tests\">\n");
    let opts = RenderOptions { max_side_px: 320 };
    for t in tests {
        let picture = match render::svg(problem, &t.input, Some(&t.answer), opts) {
            Ok(svg) => svg,
            Err(e) => format!("<p>no picture: {}</p>", xml_escape(&format!("{e:#}"))),
        };
        let _ = writeln!(
            s,
            "<figure id=\"t{n}\">{picture}<figcaption>{n}: {} — {} — {}</figcaption></figure>",
            xml_escape(&t.spec.source()),
            xml_escape(&t.size),
            xml_escape(&t.summary),
            n = xml_escape(&t.name),
        );
    }
    s.push_str("</div>\n</body></html>\n");
    s
}

/// Writes the report of a build to `<problems_dir>/<p>/report/index.html` (atomically) and
/// returns its path.
pub fn write_report(
    problem: &dyn Problem,
    title: &str,
    problems_dir: &Path,
    tests: &[BuiltTest],
) -> anyhow::Result<PathBuf> {
    let dir = problems_dir.join(problem.name()).join("report");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join("index.html");
    write_atomic(&path, html(problem, title, tests).as_bytes())?;
    Ok(path)
}
