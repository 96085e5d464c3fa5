//! YAML text as BAPCtools writes it (`bapctools/util.py`, `write_yaml`: ruamel.yaml in
//! round-trip mode, block style, mappings indented by 2, sequences by 4 with the dash at 2,
//! no line width limit, a top-level sequence shifted left by 2). Used for the
//! `test_group.yaml` entries of generators.yaml and a test's `yaml:` mapping.
//!
//! ruamel.yaml's round trip keeps what the source wrote: flow style (`{a: 1}`, `[1, 2]`),
//! quotes, block scalars, number spellings (`1e3`), comments. [`dump_styled`] writes a node
//! read with its styles ([`super::styled`]) and keeps all of these but comments. [`dump`] is
//! the fallback for YAML that reader does not know: from `yaml_serde`'s values alone, every
//! collection in block style, a string quoted only when it must be (single quotes; double
//! quotes for control characters), numbers in their plain decimal form.

use std::fmt::Write as _;

use anyhow::bail;
use yaml_serde::Value;

/// `value` as BAPCtools' `write_yaml` writes it (see the module documentation). Errors: a
/// tagged value (`!tag`), which this does not write.
pub fn dump(value: &Value) -> anyhow::Result<String> {
    let mut out = String::new();
    match value {
        Value::Mapping(m) if !m.is_empty() => emit_map(&mut out, m, 0, "")?,
        Value::Sequence(s) if !s.is_empty() => {
            let mut shifted = String::new();
            emit_seq(&mut shifted, s, 2, "  ")?;
            for line in shifted.lines() {
                let keep = if line.trim_start().starts_with('#') {
                    line
                } else {
                    line.get(2..).unwrap_or("")
                };
                out.push_str(keep);
                out.push('\n');
            }
        }
        other => {
            out.push_str(&scalar(other)?);
            out.push('\n');
        }
    }
    Ok(out)
}

fn spaces(n: usize) -> String {
    " ".repeat(n)
}

fn emit_map(
    out: &mut String,
    m: &yaml_serde::Mapping,
    col: usize,
    first_prefix: &str,
) -> anyhow::Result<()> {
    for (i, (k, v)) in m.iter().enumerate() {
        if i == 0 {
            out.push_str(first_prefix);
        } else {
            out.push_str(&spaces(col));
        }
        out.push_str(&scalar(k)?);
        out.push(':');
        emit_value(out, v, col)?;
    }
    Ok(())
}

/// The value of a mapping key at column `col`, after its `:`.
fn emit_value(out: &mut String, v: &Value, col: usize) -> anyhow::Result<()> {
    match v {
        Value::Mapping(m) if !m.is_empty() => {
            out.push('\n');
            emit_map(out, m, col + 2, &spaces(col + 2))
        }
        Value::Sequence(s) if !s.is_empty() => {
            out.push('\n');
            emit_seq(out, s, col + 2, &spaces(col + 2))
        }
        Value::Null => {
            out.push('\n');
            Ok(())
        }
        other => {
            let _ = writeln!(out, " {}", scalar(other)?);
            Ok(())
        }
    }
}

fn emit_seq(
    out: &mut String,
    s: &[Value],
    dash_col: usize,
    first_prefix: &str,
) -> anyhow::Result<()> {
    for (i, item) in s.iter().enumerate() {
        let mut prefix = if i == 0 {
            first_prefix.to_string()
        } else {
            spaces(dash_col)
        };
        prefix.push('-');
        match item {
            Value::Mapping(m) if !m.is_empty() => {
                emit_map(out, m, dash_col + 2, &format!("{prefix} "))?
            }
            Value::Sequence(inner) if !inner.is_empty() => {
                emit_seq(out, inner, dash_col + 4, &format!("{prefix}   "))?
            }
            Value::Null => {
                out.push_str(&prefix);
                out.push('\n');
            }
            other => {
                let _ = writeln!(out, "{prefix} {}", scalar(other)?);
            }
        }
    }
    Ok(())
}

/// One scalar (or an empty collection) as ruamel.yaml writes it.
fn scalar(v: &Value) -> anyhow::Result<String> {
    Ok(match v {
        Value::Null => String::new(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.to_string()
            } else if let Some(u) = n.as_u64() {
                u.to_string()
            } else {
                python_float(n.as_f64().unwrap_or(f64::NAN))
            }
        }
        Value::String(s) => string(s),
        Value::Sequence(s) if s.is_empty() => "[]".into(),
        Value::Mapping(m) if m.is_empty() => "{}".into(),
        Value::Sequence(_) | Value::Mapping(_) => {
            bail!("a collection as a mapping key, which BAPCtools' YAML does not write")
        }
        Value::Tagged(t) => bail!("a tagged value ({}), which is not written", t.tag),
    })
}

/// A float as Python's `repr` and ruamel.yaml write it in the common cases (`1.0`, `0.5`,
/// `.inf`, `.nan`).
fn python_float(f: f64) -> String {
    if f.is_nan() {
        return ".nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            ".inf".into()
        } else {
            "-.inf".into()
        };
    }
    let s = format!("{f}");
    if s.contains(['.', 'e']) {
        s
    } else {
        format!("{s}.0")
    }
}

/// Whether the plain scalar `s` would be read back as something other than a string (YAML
/// 1.2 core schema as ruamel.yaml resolves it).
fn resolves_to_non_string(s: &str) -> bool {
    const WORDS: &[&str] = &[
        "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", ".inf",
        ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN",
        ".NAN",
    ];
    if WORDS.contains(&s) {
        return true;
    }
    let body = s.strip_prefix(['-', '+']).unwrap_or(s);
    let is_digits = |t: &str, ok: fn(char) -> bool| !t.is_empty() && t.chars().all(ok);
    if let Some(h) = body.strip_prefix("0x") {
        return is_digits(h, |c| c.is_ascii_hexdigit() || c == '_');
    }
    if let Some(o) = body.strip_prefix("0o") {
        return is_digits(o, |c| c.is_digit(8) || c == '_');
    }
    if is_digits(body, |c| c.is_ascii_digit() || c == '_')
        && body.starts_with(|c: char| c.is_ascii_digit())
    {
        return true;
    }
    // Floats: [-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let mantissa_ok = if let Some(frac) = mantissa.strip_prefix('.') {
        is_digits(frac, |c| c.is_ascii_digit())
    } else {
        let (int, frac) = match mantissa.split_once('.') {
            Some((i, f)) => (i, Some(f)),
            None => (mantissa, None),
        };
        int.starts_with(|c: char| c.is_ascii_digit())
            && int.chars().all(|c| c.is_ascii_digit() || c == '_')
            && frac.is_none_or(|f| f.chars().all(|c| c.is_ascii_digit() || c == '_'))
    };
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        is_digits(e, |c| c.is_ascii_digit())
    });
    mantissa_ok && exponent_ok && (mantissa.contains('.') || exponent.is_some())
}

/// A string scalar: plain when ruamel.yaml's emitter allows it in block context, else
/// single-quoted, else (control characters, line breaks) double-quoted.
fn string(s: &str) -> String {
    let special = s
        .chars()
        .any(|c| (c.is_control() && c != '\t') || c == '\u{feff}');
    if special || s.contains(['\n', '\t']) {
        return double_quoted(s);
    }
    if plain_allowed(s) {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', "''"))
}

fn plain_allowed(s: &str) -> bool {
    if s.is_empty() || resolves_to_non_string(s) {
        return false;
    }
    if s.starts_with(' ') || s.ends_with(' ') {
        return false;
    }
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_space = chars.get(i + 1).is_none_or(|n| *n == ' ');
        let preceded_by_space = i > 0 && chars[i - 1] == ' ';
        if i == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(c) {
                return false;
            }
            if (c == '?' || c == ':' || c == '-') && followed_by_space {
                return false;
            }
        } else {
            if c == ':' && followed_by_space {
                return false;
            }
            if c == '#' && preceded_by_space {
                return false;
            }
        }
    }
    true
}

fn double_quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\0' => out.push_str("\\0"),
            c if c.is_control() || c == '\u{feff}' => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `node` (read with its styles by [`super::styled`]) as BAPCtools' `write_yaml` writes it:
/// flow collections and scalars as the source wrote them, block collections re-indented
/// (mappings by 2, sequences by 4 with the dash at 2), block scalars re-indented by 2,
/// `True`/`False` as `true`/`false`, `null` and `~` as an empty value, comments dropped.
pub fn dump_styled(node: &super::styled::Node) -> String {
    use super::styled::Node;
    let mut out = String::new();
    match node {
        Node::Map(entries, false) if !entries.is_empty() => styled_map(&mut out, entries, 0, ""),
        Node::Seq(items, false) if !items.is_empty() => {
            let mut shifted = String::new();
            styled_seq(&mut shifted, items, 2, "  ");
            for line in shifted.lines() {
                out.push_str(line.get(2..).unwrap_or(""));
                out.push('\n');
            }
        }
        other => {
            out.push_str(&flow(other));
            out.push('\n');
        }
    }
    out
}

/// A scalar as ruamel.yaml's round trip writes it back.
fn styled_scalar(text: &Option<String>) -> Option<String> {
    let t = text.as_deref()?;
    Some(match t {
        "null" | "Null" | "NULL" | "~" => return None,
        "True" | "TRUE" => "true".into(),
        "False" | "FALSE" => "false".into(),
        t => t.to_string(),
    })
}

fn flow(node: &super::styled::Node) -> String {
    use super::styled::Node;
    match node {
        Node::Scalar(t) => styled_scalar(t).unwrap_or_default(),
        Node::Block(h, lines) => format!("{h}\n{}", lines.join("\n")),
        Node::Seq(items, _) => {
            let parts: Vec<String> = items.iter().map(flow).collect();
            format!("[{}]", parts.join(", "))
        }
        Node::Map(entries, _) => {
            let parts: Vec<String> = entries
                .iter()
                .map(|(k, _, v)| match v {
                    Node::Scalar(None) => format!("{k}:"),
                    v => format!("{k}: {}", flow(v)),
                })
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

fn block_lines(out: &mut String, lines: &[String], col: usize) {
    for l in lines {
        if !l.is_empty() {
            out.push_str(&spaces(col));
            out.push_str(l);
        }
        out.push('\n');
    }
}

fn styled_map(
    out: &mut String,
    entries: &[(String, String, super::styled::Node)],
    col: usize,
    first_prefix: &str,
) {
    use super::styled::Node;
    for (i, (k, _, v)) in entries.iter().enumerate() {
        out.push_str(if i == 0 { first_prefix } else { "" });
        if i > 0 {
            out.push_str(&spaces(col));
        }
        out.push_str(k);
        out.push(':');
        match v {
            Node::Map(e, false) if !e.is_empty() => {
                out.push('\n');
                styled_map(out, e, col + 2, &spaces(col + 2));
            }
            Node::Seq(s, false) if !s.is_empty() => {
                out.push('\n');
                styled_seq(out, s, col + 2, &spaces(col + 2));
            }
            Node::Block(h, lines) => {
                let _ = writeln!(out, " {h}");
                block_lines(out, lines, col + 2);
            }
            Node::Scalar(t) => match styled_scalar(t) {
                None => out.push('\n'),
                Some(t) => {
                    let _ = writeln!(out, " {t}");
                }
            },
            other => {
                let _ = writeln!(out, " {}", flow(other));
            }
        }
    }
}

fn styled_seq(
    out: &mut String,
    items: &[super::styled::Node],
    dash_col: usize,
    first_prefix: &str,
) {
    use super::styled::Node;
    for (i, item) in items.iter().enumerate() {
        let mut prefix = if i == 0 {
            first_prefix.to_string()
        } else {
            spaces(dash_col)
        };
        prefix.push('-');
        match item {
            Node::Map(e, false) if !e.is_empty() => {
                styled_map(out, e, dash_col + 2, &format!("{prefix} "))
            }
            Node::Seq(s, false) if !s.is_empty() => {
                styled_seq(out, s, dash_col + 4, &format!("{prefix}   "))
            }
            Node::Block(h, lines) => {
                let _ = writeln!(out, "{prefix} {h}");
                block_lines(out, lines, dash_col + 2);
            }
            Node::Scalar(t) => match styled_scalar(t) {
                None => {
                    out.push_str(&prefix);
                    out.push('\n');
                }
                Some(t) => {
                    let _ = writeln!(out, "{prefix} {t}");
                }
            },
            other => {
                let _ = writeln!(out, "{prefix} {}", flow(other));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dumped(src: &str) -> String {
        dump(&yaml_serde::from_str::<Value>(src).unwrap()).unwrap()
    }

    /// Expected texts printed by bapctools 2026.10.0's `write_yaml` on the same data
    /// (`bapctools.util.write_yaml`, in the pinned venv, 2026-12-02).
    #[test]
    fn block_style_as_bapctools_writes_it() {
        let src = "input_validator_args: --max_n 10\nb:\n- 1\n- c: 2\n  d: 3\n- - 4\n  - 5\n\
                   g:\nh: 1.0\ni: true\nj: []\nk: {}\n";
        assert_eq!(
            dumped(src),
            "input_validator_args: --max_n 10\nb:\n  - 1\n  - c: 2\n    d: 3\n  -   - 4\n      \
             - 5\ng:\nh: 1.0\ni: true\nj: []\nk: {}\n"
        );
    }

    #[test]
    fn strings_are_quoted_as_bapctools_quotes_them() {
        let src = "a: '123'\nb: yes\nc: 'a: b'\nd: -x\nf: ''\ng: \"line\\nbreak\"\n\
                   j: x'y\nk: 'null'\nl: 'true'\nm: '1.5'\nn: '.5'\no: '0x1f'\n";
        assert_eq!(
            dumped(src),
            "a: '123'\nb: yes\nc: 'a: b'\nd: -x\nf: ''\ng: \"line\\nbreak\"\nj: x'y\n\
             k: 'null'\nl: 'true'\nm: '1.5'\nn: '.5'\no: '0x1f'\n"
        );
    }

    /// The expected text is what bapctools 2026.10.0's `write_yaml` wrote for the value of `a`
    /// after its `parse_yaml` (ruamel.yaml round trip) read `src` (pinned venv, 2026-12-02).
    #[test]
    fn styles_are_kept_as_bapctools_keeps_them() {
        let src = "a:\n    x: [1,  2]\n    y: {p: 'q',  r: \"s t\"}\n    d: |\n        line one\n          two\n    e: >-\n        folded\n        text\n    s:\n    - a\n    -   b: 1\n        c: [x]\n    f: 1e3\n    g: True\n";
        let tree = super::super::styled::parse(src).unwrap();
        let a = tree
            .at(&[super::super::styled::Step::Key("a".into())])
            .unwrap();
        assert_eq!(
            dump_styled(a),
            "x: [1, 2]\ny: {p: 'q', r: \"s t\"}\nd: |\n  line one\n    two\ne: >-\n  folded\n  text\n\
             s:\n  - a\n  - b: 1\n    c: [x]\nf: 1e3\ng: true\n"
        );
    }
}
