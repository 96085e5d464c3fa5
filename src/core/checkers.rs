//! Built-in checkers for program problems (`checker = { builtin = "..." }` in
//! `problem.toml`'s `[programs]`): a problem whose output is compared token by token or line
//! by line needs no checker program.
//!
//! White space, for every checker here, is the ASCII set space, `\t`, `\n`, `\v`, `\f` and
//! `\r`; a *token* is a maximal run of other bytes, compared byte for byte (so case-sensitive,
//! and `1` differs from `01` and from `1.0` except in [`BuiltinChecker::Float`]). A UTF-8 byte
//! order mark at the very start of the contestant output is skipped, as testlib does. The
//! jury answer is read the same lenient way (a checker is no validator).
//!
//! * [`BuiltinChecker::Tokens`] — as testlib's `wcmp` (which counts only space, tab, CR and
//!   LF as white space, so exports ship this checker as a source instead): the sequences of
//!   tokens must be equal; line structure is ignored (`1 2\n` equals `1\n2`).
//! * [`BuiltinChecker::Lines`] — as testlib's `lcmp`: line by line, each line's tokens must be
//!   equal (so spaces inside a line and at its ends do not matter, `\r\n` equals `\n`, but a
//!   token moved to another line is WA); lines without tokens at the end of either file are
//!   ignored, any other missing or extra line is WA.
//! * [`BuiltinChecker::UnorderedLines`] — the lines, each taken as its token sequence, form
//!   the same multiset; lines without tokens are ignored anywhere.
//! * [`BuiltinChecker::Float`] — token by token; where the jury token is a finite decimal
//!   number, the output token must be a finite number within `abs` **or** `rel` of it
//!   (|x − y| ≤ abs, or |x − y| ≤ rel · |y| with y the jury's), as testlib's `rcmp`-family and
//!   Kattis' `float_tolerance`; other tokens must be equal.
//!
//! Verdicts: AC, or WA with the first difference (1-based token or line number, expected and
//! found) and a diff in the details. Nothing is PE or FAIL: every byte string is a readable
//! sequence of tokens. Cost: O(size of output + answer) time and memory.

use std::io::Read;

use crate::core::diff::ListDiff;
use crate::core::verdict::CheckOutcome;

/// A built-in checker and its parameters (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub enum BuiltinChecker {
    /// Token sequences equal (testlib `wcmp`).
    Tokens,
    /// Lines of tokens equal (testlib `lcmp`).
    Lines,
    /// Same multiset of lines.
    UnorderedLines,
    /// Tokens equal, numbers within a tolerance.
    Float {
        /// Absolute tolerance.
        abs: f64,
        /// Relative tolerance.
        rel: f64,
    },
}

impl BuiltinChecker {
    /// The checker called `name` with the tolerances `abs` and `rel` (for `float` only, where
    /// both default to 1e-6). Errors name the unknown checker or the misplaced option.
    pub fn from_name(
        name: &str,
        abs: Option<f64>,
        rel: Option<f64>,
    ) -> anyhow::Result<BuiltinChecker> {
        let plain = |c: BuiltinChecker| {
            if abs.is_some() || rel.is_some() {
                anyhow::bail!("checker `{name}` takes no `abs` or `rel` (only `float` does)");
            }
            Ok(c)
        };
        match name {
            "tokens" => plain(BuiltinChecker::Tokens),
            "lines" => plain(BuiltinChecker::Lines),
            "unordered_lines" => plain(BuiltinChecker::UnorderedLines),
            "float" => {
                let abs = abs.unwrap_or(1e-6);
                let rel = rel.unwrap_or(1e-6);
                if !(abs >= 0.0 && rel >= 0.0 && abs.is_finite() && rel.is_finite()) {
                    anyhow::bail!("checker `float`: `abs` and `rel` must be finite and >= 0");
                }
                Ok(BuiltinChecker::Float { abs, rel })
            }
            _ => anyhow::bail!(
                "unknown built-in checker `{name}` (built-in: tokens, lines, unordered_lines, \
                 float)"
            ),
        }
    }

    /// Judges `output` against the jury `answer` (see the module documentation). Reads
    /// `output` whole (the runner caps its size). Never panics.
    pub fn check(&self, output: &mut dyn Read, answer: &[u8]) -> CheckOutcome {
        let mut out = Vec::new();
        if let Err(e) = output.read_to_end(&mut out) {
            return CheckOutcome::pe(format!("cannot read the output: {e}"));
        }
        let out = out.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&out);
        match self {
            BuiltinChecker::Tokens => compare_tokens(out, answer, None),
            BuiltinChecker::Float { abs, rel } => compare_tokens(out, answer, Some((*abs, *rel))),
            BuiltinChecker::Lines => compare_lines(out, answer),
            BuiltinChecker::UnorderedLines => compare_unordered(out, answer),
        }
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn tokens(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes.split(|&b| is_space(b)).filter(|t| !t.is_empty())
}

/// A token for a message: lossily decoded, cut at 40 characters.
fn show(t: &[u8]) -> String {
    let s = String::from_utf8_lossy(t);
    if s.chars().count() > 40 {
        format!("'{}...'", s.chars().take(40).collect::<String>())
    } else {
        format!("'{s}'")
    }
}

fn number(t: &[u8]) -> Option<f64> {
    let s = std::str::from_utf8(t).ok()?;
    // Only decimal notation: no `inf`, `nan` or hex floats.
    if !s
        .bytes()
        .all(|c| c.is_ascii_digit() || matches!(c, b'+' | b'-' | b'.' | b'e' | b'E'))
    {
        return None;
    }
    s.parse::<f64>().ok().filter(|x| x.is_finite())
}

fn close(got: f64, want: f64, abs: f64, rel: f64) -> bool {
    let d = (got - want).abs();
    d <= abs || d <= rel * want.abs()
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The lines of `bytes` (split at `\n`) as token sequences, compared byte for byte; lines
/// without tokens at the end dropped.
fn line_tokens(bytes: &[u8]) -> Vec<Vec<&[u8]>> {
    let mut lines: Vec<Vec<&[u8]>> = bytes
        .split(|&b| b == b'\n')
        .map(|l| tokens(l).collect())
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// A line of tokens for a message (lossily decoded).
fn show_line(line: &[&[u8]]) -> String {
    line.iter()
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

fn line_strings(bytes: &[u8]) -> Vec<String> {
    let mut lines: Vec<String> = bytes
        .split(|&b| b == b'\n')
        .map(|l| {
            tokens(l)
                .map(|t| String::from_utf8_lossy(t).into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

fn with_diff(mut o: CheckOutcome, out: &[u8], answer: &[u8]) -> CheckOutcome {
    let d = ListDiff::new(&line_strings(answer), &line_strings(out));
    if !d.is_empty() {
        o.details = d.details("differences by line (- jury answer, + output):", 20);
    }
    o
}

fn compare_tokens(out: &[u8], answer: &[u8], tol: Option<(f64, f64)>) -> CheckOutcome {
    let mut got = tokens(out);
    let mut n = 0usize;
    for want in tokens(answer) {
        n += 1;
        let Some(g) = got.next() else {
            return with_diff(
                CheckOutcome::wa(format!(
                    "the output ends after {} token(s); expected {} {}",
                    n - 1,
                    ordinal(n),
                    show(want)
                )),
                out,
                answer,
            );
        };
        let same = match tol.and_then(|t| number(want).map(|w| (t, w))) {
            Some(((abs, rel), w)) => number(g).is_some_and(|x| close(x, w, abs, rel)),
            None => g == want,
        };
        if !same {
            return with_diff(
                CheckOutcome::wa(format!(
                    "{} token differs: expected {}, found {}",
                    ordinal(n),
                    show(want),
                    show(g)
                )),
                out,
                answer,
            );
        }
    }
    if let Some(extra) = got.next() {
        return with_diff(
            CheckOutcome::wa(format!(
                "the output has extra tokens after the expected {n}, starting with {}",
                show(extra)
            )),
            out,
            answer,
        );
    }
    CheckOutcome::ac(format!("{n} token(s)"))
}

fn compare_lines(out: &[u8], answer: &[u8]) -> CheckOutcome {
    let got = line_tokens(out);
    let want = line_tokens(answer);
    for (i, w) in want.iter().enumerate() {
        match got.get(i) {
            None => {
                return with_diff(
                    CheckOutcome::wa(format!(
                        "the output has {} line(s); expected {} lines, line {} `{}`",
                        got.len(),
                        want.len(),
                        i + 1,
                        show_line(w)
                    )),
                    out,
                    answer,
                )
            }
            Some(g) if g != w => {
                return with_diff(
                    CheckOutcome::wa(format!(
                        "line {} differs: expected `{}`, found `{}`",
                        i + 1,
                        show_line(w),
                        show_line(g)
                    )),
                    out,
                    answer,
                )
            }
            Some(_) => {}
        }
    }
    if got.len() > want.len() {
        return with_diff(
            CheckOutcome::wa(format!(
                "the output has {} line(s), expected {}; line {} is `{}`",
                got.len(),
                want.len(),
                want.len() + 1,
                show_line(&got[want.len()])
            )),
            out,
            answer,
        );
    }
    CheckOutcome::ac(format!("{} line(s)", want.len()))
}

fn compare_unordered(out: &[u8], answer: &[u8]) -> CheckOutcome {
    // Compared as byte tokens; shown as (lossily decoded) strings.
    let sorted_bytes = |b: &[u8]| {
        let mut v: Vec<Vec<Vec<u8>>> = line_tokens(b)
            .into_iter()
            .filter(|l| !l.is_empty())
            .map(|l| l.into_iter().map(<[u8]>::to_vec).collect())
            .collect();
        v.sort();
        v
    };
    if sorted_bytes(out) == sorted_bytes(answer) {
        let n = line_tokens(answer).iter().filter(|l| !l.is_empty()).count();
        return CheckOutcome::ac(format!("{n} line(s), in any order"));
    }
    let sorted = |b: &[u8]| {
        let mut v: Vec<String> = line_tokens(b)
            .iter()
            .filter(|l| !l.is_empty())
            .map(|l| show_line(l))
            .collect();
        v.sort();
        v
    };
    let got = sorted(out);
    let want = sorted(answer);
    let d = ListDiff::new(&want, &got);
    let mut o = CheckOutcome::wa(format!(
        "the lines differ as a multiset ({} expected, {} found): {}",
        want.len(),
        got.len(),
        d.brief(3)
    ));
    o.details = d.details("differences, lines sorted (- missing, + extra):", 20);
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::verdict::Verdict;

    fn run(c: &BuiltinChecker, out: &str, ans: &str) -> (Verdict, String) {
        let o = c.check(&mut out.as_bytes(), ans.as_bytes());
        (o.verdict, o.message)
    }

    #[test]
    fn tokens_ignore_layout_but_not_case_or_spelling() {
        let c = BuiltinChecker::Tokens;
        assert_eq!(run(&c, "First\nSecond\n", "First\nSecond\n").0, Verdict::Ac);
        assert_eq!(
            run(&c, "\u{feff}First  Second", "First\nSecond\n").0,
            Verdict::Ac
        );
        assert_eq!(
            run(&c, "First\r\nSecond\r\n", "First\nSecond\n").0,
            Verdict::Ac
        );
        let (v, m) = run(&c, "First\nsecond\n", "First\nSecond\n");
        assert_eq!(v, Verdict::Wa);
        assert_eq!(m, "2nd token differs: expected 'Second', found 'second'");
        let (v, m) = run(&c, "First\n", "First\nSecond\n");
        assert_eq!(v, Verdict::Wa);
        assert_eq!(m, "the output ends after 1 token(s); expected 2nd 'Second'");
        let (v, m) = run(&c, "1 2 3", "1 2");
        assert_eq!(v, Verdict::Wa);
        assert!(
            m.contains("extra tokens after the expected 2, starting with '3'"),
            "{m}"
        );
        assert_eq!(run(&c, "01", "1").0, Verdict::Wa);
    }

    #[test]
    fn lines_keep_line_structure() {
        let c = BuiltinChecker::Lines;
        assert_eq!(run(&c, "1  2 \r\n3\n\n\n", "1 2\n3\n").0, Verdict::Ac);
        let (v, m) = run(&c, "1\n2 3\n", "1 2\n3\n");
        assert_eq!(v, Verdict::Wa);
        assert_eq!(m, "line 1 differs: expected `1 2`, found `1`");
        let (v, m) = run(&c, "1 2\n3\n4\n", "1 2\n3\n");
        assert_eq!(v, Verdict::Wa);
        assert!(m.contains("line 3 is `4`"), "{m}");
        // An empty line inside the output counts.
        assert_eq!(run(&c, "1 2\n\n3\n", "1 2\n3\n").0, Verdict::Wa);
    }

    #[test]
    fn lines_compare_bytes_not_their_lossy_decoding() {
        // Two different invalid UTF-8 tokens both decode to U+FFFD; they still differ.
        for c in [BuiltinChecker::Lines, BuiltinChecker::UnorderedLines] {
            let o = c.check(&mut &b"1 \xff\n"[..], b"1 \xfe\n");
            assert_eq!(o.verdict, Verdict::Wa, "{c:?}");
            let o = c.check(&mut &b"1 \xff\n"[..], b"1 \xff\n");
            assert_eq!(o.verdict, Verdict::Ac, "{c:?}");
        }
    }

    #[test]
    fn unordered_lines_compare_multisets() {
        let c = BuiltinChecker::UnorderedLines;
        assert_eq!(run(&c, "b\na\n\na\n", "a\na\nb\n").0, Verdict::Ac);
        let (v, m) = run(&c, "a\nb\n", "a\na\nb\n");
        assert_eq!(v, Verdict::Wa);
        assert!(m.contains("3 expected, 2 found"), "{m}");
    }

    #[test]
    fn float_uses_absolute_or_relative_tolerance() {
        let c = BuiltinChecker::from_name("float", Some(1e-3), Some(1e-6)).unwrap();
        assert_eq!(run(&c, "1.0005 x", "1 x").0, Verdict::Ac);
        assert_eq!(run(&c, "1.002 x", "1 x").0, Verdict::Wa);
        // Relative: 1e6 * 1e-6 = 1.
        assert_eq!(run(&c, "1000000.9", "1000000").0, Verdict::Ac);
        assert_eq!(run(&c, "1000001.5", "1000000").0, Verdict::Wa);
        assert_eq!(run(&c, "nan", "1").0, Verdict::Wa);
        assert_eq!(run(&c, "1 y", "1 x").0, Verdict::Wa);
        assert!(BuiltinChecker::from_name("tokens", Some(1.0), None).is_err());
        assert!(BuiltinChecker::from_name("wcmp", None, None)
            .unwrap_err()
            .to_string()
            .contains("unknown built-in checker `wcmp`"));
    }
}
