//! The title a problem's statement gives itself, and the rule that it is `problem.toml`'s
//! `title`: every export takes the title from `problem.toml` (Kattis `problem.yaml`'s `name`,
//! Polygon's `problem.xml`, the testlib README), while judges and tools show the statement's
//! own, so the two must be one text.
//!
//! Uses std and anyhow only.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// The statement's own title, where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementTitle {
    /// The title as a reader sees it: LaTeX's escaped special characters (`\&`, `\%`, `\$`,
    /// `\#`, `\_`, `\{`, `\}`) unescaped, `~` as a space, surrounding white space trimmed.
    pub title: String,
    /// The statement file it comes from.
    pub file: PathBuf,
    /// Its line there, from 1.
    pub line: usize,
}

/// The statement sources looked at, in this order, under `statement/`: problemtools' LaTeX
/// (`\problemname{...}`) and Markdown (the first `# ` heading).
const SOURCES: [&str; 2] = ["problem.en.tex", "problem.en.md"];

/// The title of the statement in `problem_dir/statement/`: the argument of the first
/// `\problemname{...}` outside a comment of `problem.en.tex`, else the first level-one heading
/// (`# Title`) of `problem.en.md`. `Ok(None)` when the problem has neither file. Errors naming
/// the file when it cannot be read, or when it has no title (no `\problemname{`, an unclosed
/// one, no heading). O(file size).
pub fn statement_title(problem_dir: &Path) -> anyhow::Result<Option<StatementTitle>> {
    for name in SOURCES {
        let file = problem_dir.join("statement").join(name);
        if !file.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        let found = if name.ends_with(".tex") {
            latex_title(&text)
        } else {
            markdown_title(&text)
        };
        let Some((line, raw)) = found else {
            bail!(
                "{}: the statement has no title ({})",
                file.display(),
                if name.ends_with(".tex") {
                    "a closed \\problemname{...} is expected"
                } else {
                    "a heading `# Title` is expected"
                }
            );
        };
        return Ok(Some(StatementTitle {
            title: unescape(&raw),
            file,
            line,
        }));
    }
    Ok(None)
}

/// Errors unless the statement's own title ([`statement_title`]) is `title`, the `title` of
/// `problem_dir/problem.toml`; naming both, the statement's file and line, and that every
/// export takes problem.toml's. Fine when the problem has no statement.
pub fn check_statement_title(problem_dir: &Path, title: &str) -> anyhow::Result<()> {
    let Some(st) = statement_title(problem_dir)? else {
        return Ok(());
    };
    if st.title != title.trim() {
        bail!(
            "{}, line {}: the statement's title `{}` is not problem.toml's title `{}` ({}); \
             every export names the problem by problem.toml's `title` while judges show the \
             statement's: make them the same",
            st.file.display(),
            st.line,
            st.title,
            title,
            problem_dir.join("problem.toml").display()
        );
    }
    Ok(())
}

/// The line (from 1) and raw argument of the first `\problemname{...}` outside a `%` comment,
/// nested braces included; `None` when there is none or it is not closed.
fn latex_title(text: &str) -> Option<(usize, String)> {
    const MACRO: &str = "\\problemname{";
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let code = strip_comment(line);
        if let Some(at) = code.find(MACRO) {
            let start = offset + at + MACRO.len();
            let mut depth = 0usize;
            let mut escaped = false;
            for (j, c) in text[start..].char_indices() {
                match c {
                    _ if escaped => escaped = false,
                    '\\' => escaped = true,
                    '{' => depth += 1,
                    '}' if depth == 0 => return Some((i + 1, text[start..start + j].to_string())),
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            return None;
        }
        offset += line.len();
    }
    None
}

/// `line` up to its first `%` that is not escaped as `\%`.
fn strip_comment(line: &str) -> &str {
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '%' => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The line (from 1) and text of the first `# ` heading.
fn markdown_title(text: &str) -> Option<(usize, String)> {
    text.lines()
        .enumerate()
        .find_map(|(i, l)| l.strip_prefix("# ").map(|t| (i + 1, t.to_string())))
}

/// `raw` with LaTeX's escaped special characters unescaped, `~` as a space, trimmed.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&n)) if "&%$#_{}".contains(n) => {
                out.push(n);
                chars.next();
            }
            ('~', _) => out.push(' '),
            _ => out.push(c),
        }
    }
    out.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem_with(file: &str, text: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("statement")).unwrap();
        std::fs::write(dir.path().join("statement").join(file), text).unwrap();
        dir
    }

    #[test]
    fn the_statement_title_is_read_from_latex_or_markdown() {
        let d = problem_with(
            "problem.en.tex",
            "% \\problemname{Old}\n\\problemname{ Cats \\& {Dogs}~100\\% }\nText.\n",
        );
        let t = statement_title(d.path()).unwrap().unwrap();
        assert_eq!((t.title.as_str(), t.line), ("Cats & {Dogs} 100%", 2));
        let d = problem_with("problem.en.md", "Intro\n# Sum of two\n\n## Input\n");
        let t = statement_title(d.path()).unwrap().unwrap();
        assert_eq!((t.title.as_str(), t.line), ("Sum of two", 2));
        assert_eq!(
            statement_title(tempfile::tempdir().unwrap().path()).unwrap(),
            None
        );
        for bad in ["\\problemname{Open\n", "No title\n"] {
            let d = problem_with("problem.en.tex", bad);
            let e = statement_title(d.path()).unwrap_err().to_string();
            assert!(
                e.contains("problem.en.tex: the statement has no title"),
                "{e}"
            );
        }
    }

    #[test]
    fn a_title_other_than_problem_toml_s_is_refused_naming_both() {
        let d = problem_with("problem.en.tex", "%\n\n\\problemname{Game}\n");
        check_statement_title(d.path(), "Game").unwrap();
        let e = check_statement_title(d.path(), "Game (JSOI2009)")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("problem.en.tex, line 3: the statement's title `Game` is not problem.toml's title `Game (JSOI2009)`"),
            "{e}"
        );
        // No statement: nothing to compare.
        check_statement_title(tempfile::tempdir().unwrap().path(), "X").unwrap();
    }
}
