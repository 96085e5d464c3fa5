//! The *default output validator* of the Kattis problem package format, in both versions
//! (legacy and 2025-09: spec section "Default output validator specification"), with all of
//! its arguments: `case_sensitive`, `space_change_sensitive`, `float_relative_tolerance ε`,
//! `float_absolute_tolerance ε` and `float_tolerance ε`.
//!
//! The rules, as the 2025-09 specification states them (the legacy text says the same, less
//! precisely):
//! * **White space** is the six bytes space, `\f`, `\n`, `\r`, `\t`, `\v`; a *token* is a
//!   maximal run of other bytes (the files are read as single bytes: no UTF-8 decoding, and no
//!   byte order mark is skipped). By default only the token sequences are compared, so any run
//!   of white space equals any other and leading and trailing white space is ignored. With
//!   `space_change_sensitive` every white-space run, leading and trailing ones included, must
//!   be byte for byte the one of the answer.
//! * **Strings** are equal up to ASCII case (`A`–`Z` against `a`–`z`, nothing else), or byte
//!   for byte with `case_sensitive`.
//! * **Numbers**: with a tolerance set, every answer token that is a decimal floating-point
//!   number by the spec's grammar (`[+-]? (d* . d+ | d+ . | d+) ([eE] [+-]? d+)?`, "General
//!   requirements") is compared as a number: the output token must be such a number too, and
//!   it is accepted when `|s − a| ≤ ε_abs` or `|s − a| ≤ ε_rel·|a|` (whichever tolerances are
//!   set). Integers are numbers then too. Other answer tokens (`nan`, `inf`, `0x10`, words)
//!   are compared as strings, so answer `nan` accepts output `NaN` unless `case_sensitive`.
//!
//! Where problemtools' `default_validator.cc` (problemtools 1.20260907) differs, the spec is
//! followed: it reads numbers with C's `sscanf("%lf")`, which also takes hexadecimal floats
//! (`0x1p3`), so for it answer `0x10` is the number 16 and output `0x10` matches answer `16`;
//! here both are strings (answer `0x10` is compared as a string; output `0x10` is not a
//! number, so WA against a numeric answer). Its string comparison stops at a NUL byte inside a
//! token; here tokens are compared whole. It takes a repeated tolerance (the last wins) and a
//! negative one (then no number comparison at all); [`DefaultOutputValidator::from_args`]
//! refuses both as the 2025-09 spec says, [`DefaultOutputValidator::from_legacy_args`] takes a
//! repetition (the last wins), for legacy packages whose `validator_flags` and a group's
//! `output_validator_flags` are joined. One choice the spec leaves open: an answer token that
//! fits the grammar but overflows a double (`1e500`) is compared as a string, as problemtools
//! does (an infinite reference value has no tolerance band).
//!
//! Cost: O(|answer| + |output|) time; the answer in memory, the output streamed with O(1)
//! memory per token (a string token is compared byte by byte as it arrives; a token where a
//! number is expected is kept up to [`MAX_NUMBER_TOKEN`] bytes, longer is WA).

use std::collections::VecDeque;
use std::io::{self, Read};

use crate::core::diff::ListDiff;
use crate::core::token_reader::show_token;
use crate::core::verdict::CheckOutcome;

/// Longest output token read where the answer has a number (the spec lets a validator bound
/// the digits; it asks for at least 30 before and 30 after the point). Longer is WA.
pub const MAX_NUMBER_TOKEN: usize = 4096;

/// Bytes of a token shown in a message.
const SHOW: usize = 40;
/// Bytes of a line kept for the diff in the details.
const SHOW_LINE: usize = 120;
/// Lines of context before and after the difference in the details.
const CONTEXT: usize = 2;

/// The default output validator with its options (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DefaultOutputValidator {
    /// `case_sensitive`: string tokens compared byte for byte.
    pub case_sensitive: bool,
    /// `space_change_sensitive`: white-space runs must equal the answer's.
    pub space_change_sensitive: bool,
    /// `float_absolute_tolerance ε` (or `float_tolerance ε`): finite, ≥ 0.
    pub float_absolute_tolerance: Option<f64>,
    /// `float_relative_tolerance ε` (or `float_tolerance ε`): finite, ≥ 0.
    pub float_relative_tolerance: Option<f64>,
}

/// The white-space bytes of the spec: space, `\f`, `\n`, `\r`, `\t`, `\v`.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The value of `token` when it is a floating-point number by the spec's grammar ("General
/// requirements": optional sign, digits with an optional point, optional exponent; no `inf`,
/// `nan` or hexadecimal), parsed to the nearest double (so `1e500` is infinite, `1e-500` is
/// 0). `None` when the token does not fit the grammar. O(|token|).
pub fn spec_float(token: &[u8]) -> Option<f64> {
    let mut i = 0;
    if matches!(token.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < token.len() && token[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    let before = digits(&mut i);
    let mut after = 0;
    if token.get(i) == Some(&b'.') {
        i += 1;
        after = digits(&mut i);
    }
    if before == 0 && after == 0 {
        return None;
    }
    if matches!(token.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(token.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return None;
        }
    }
    if i != token.len() {
        return None;
    }
    // Only ASCII digits, signs, `.` and `e` remain, all of which Rust's parser takes
    // (including `5.` and `.5`).
    std::str::from_utf8(token).ok()?.parse::<f64>().ok()
}

impl DefaultOutputValidator {
    /// The validator for the argument words (2025-09 `output_validator_args`; legacy
    /// `validator_flags` then `output_validator_flags`, split at white space), in order.
    ///
    /// Errors, naming the word: an unknown word; a tolerance word without a number or with one
    /// that is not a finite number ≥ 0 in the spec's float grammar; a tolerance given twice, or
    /// `float_tolerance` together with another tolerance (an error by the 2025-09 spec,
    /// "Comparing floating-point tokens"). `case_sensitive` and `space_change_sensitive` may
    /// repeat.
    pub fn from_args(args: &[String]) -> anyhow::Result<DefaultOutputValidator> {
        Self::parse(args, true)
    }

    /// As [`DefaultOutputValidator::from_args`], but a later tolerance replaces an earlier one
    /// (`float_tolerance` sets both) instead of being an error: what problemtools does, for
    /// legacy packages, whose spec says nothing of repetitions and where problem.yaml's
    /// `validator_flags` and a group's `output_validator_flags` are passed together.
    pub fn from_legacy_args(args: &[String]) -> anyhow::Result<DefaultOutputValidator> {
        Self::parse(args, false)
    }

    fn parse(args: &[String], strict: bool) -> anyhow::Result<DefaultOutputValidator> {
        let mut v = DefaultOutputValidator::default();
        let (mut abs_given, mut rel_given, mut both_given) = (false, false, false);
        let mut words = args.iter();
        while let Some(word) = words.next() {
            match word.as_str() {
                "case_sensitive" => v.case_sensitive = true,
                "space_change_sensitive" => v.space_change_sensitive = true,
                w @ ("float_tolerance"
                | "float_absolute_tolerance"
                | "float_relative_tolerance") => {
                    let Some(number) = words.next() else {
                        anyhow::bail!("default output validator: `{w}` needs a number after it");
                    };
                    let eps = spec_float(number.as_bytes())
                        .filter(|e| e.is_finite() && *e >= 0.0)
                        .ok_or_else(|| {
                            anyhow::anyhow!(
                                "default output validator: `{w} {number}`: the tolerance must be \
                                 a finite decimal number >= 0"
                            )
                        })?;
                    if strict {
                        let clash = match w {
                            "float_tolerance" => abs_given || rel_given || both_given,
                            "float_absolute_tolerance" => abs_given || both_given,
                            _ => rel_given || both_given,
                        };
                        if clash {
                            anyhow::bail!(
                                "default output validator: `{w}` given after another tolerance \
                                 that sets the same bound (each of float_tolerance, \
                                 float_absolute_tolerance and float_relative_tolerance at most \
                                 once, and float_tolerance not with the others)"
                            );
                        }
                    }
                    match w {
                        "float_tolerance" => {
                            both_given = true;
                            v.float_absolute_tolerance = Some(eps);
                            v.float_relative_tolerance = Some(eps);
                        }
                        "float_absolute_tolerance" => {
                            abs_given = true;
                            v.float_absolute_tolerance = Some(eps);
                        }
                        _ => {
                            rel_given = true;
                            v.float_relative_tolerance = Some(eps);
                        }
                    }
                }
                other => anyhow::bail!(
                    "default output validator: unknown argument `{other}` (known: \
                     case_sensitive, space_change_sensitive, float_tolerance ε, \
                     float_absolute_tolerance ε, float_relative_tolerance ε)"
                ),
            }
        }
        Ok(v)
    }

    /// Whether some float tolerance is set (then numeric answer tokens compare as numbers).
    pub fn uses_floats(&self) -> bool {
        self.float_absolute_tolerance.is_some() || self.float_relative_tolerance.is_some()
    }

    /// Judges the contestant `output` (streamed) against the jury `answer`.
    ///
    /// AC, or WA with a one-line message naming the first difference (the token's number, its
    /// line in the output and in the answer, expected and found) and, in the details, a diff of
    /// the lines around it (at most 2 before and 2 after, each cut at 120 bytes). An error
    /// reading `output` is FAIL (the judge's side). Never PE: every byte string is a sequence
    /// of tokens. Never panics.
    pub fn check(&self, output: &mut dyn Read, answer: &[u8]) -> CheckOutcome {
        let mut out = Stream::new(output);
        let verdict = self.compare(&mut out, answer);
        if let Some(e) = &out.err {
            return CheckOutcome::fail(format!("cannot read the output: {e}"));
        }
        verdict
    }

    fn compare(&self, out: &mut Stream, answer: &[u8]) -> CheckOutcome {
        let mut ai = 0usize;
        let mut ans_line = 1usize;
        let mut n = 0usize;
        loop {
            // The white-space run before the next answer token (or the trailing one).
            let ws_end = ai + answer[ai..].iter().take_while(|&&b| is_space(b)).count();
            if self.space_change_sensitive {
                for &c in &answer[ai..ws_end] {
                    match out.peek() {
                        Some(d) if d == c => {
                            out.bump();
                        }
                        found => {
                            let found = match found {
                                None => "the end of the output".to_string(),
                                Some(d) => format!("`{}`", [d].escape_ascii()),
                            };
                            return out.wa_with_context(
                                format!(
                                    "white space differs on output line {} (answer line {}): \
                                     expected `{}`, found {found}",
                                    out.line,
                                    ans_line,
                                    [c].escape_ascii()
                                ),
                                answer,
                                ans_line,
                            );
                        }
                    }
                    if c == b'\n' {
                        ans_line += 1;
                    }
                }
                if let Some(d) = out.peek().filter(|&d| is_space(d)) {
                    let expected = match answer.get(ws_end) {
                        Some(_) => "the next token",
                        None => "the end of the output",
                    };
                    return out.wa_with_context(
                        format!(
                            "white space differs on output line {} (answer line {}): expected \
                             {expected}, found extra white space `{}`",
                            out.line,
                            ans_line,
                            [d].escape_ascii()
                        ),
                        answer,
                        ans_line,
                    );
                }
            } else {
                ans_line += answer[ai..ws_end].iter().filter(|&&b| b == b'\n').count();
                out.skip_space();
            }
            ai = ws_end;
            if ai == answer.len() {
                break;
            }
            let tok_end = ai + answer[ai..].iter().take_while(|&&b| !is_space(b)).count();
            let want = &answer[ai..tok_end];
            n += 1;
            if out.peek().is_none() {
                let what = if out.consumed == 0 {
                    "the output is empty".to_string()
                } else if n == 1 {
                    "the output holds only white space".to_string()
                } else {
                    format!("the output ends after {} token(s)", n - 1)
                };
                return out.wa_with_context(
                    format!(
                        "{what}; expected token {n} {} (answer line {ans_line})",
                        show_token(want, SHOW)
                    ),
                    answer,
                    ans_line,
                );
            }
            let numeric = if self.uses_floats() {
                spec_float(want).filter(|a| a.is_finite())
            } else {
                None
            };
            let differs = match numeric {
                Some(a) => self.compare_number(out, want, a),
                None => self.compare_string(out, want),
            };
            if let Some(what) = differs {
                let at = format!(
                    "token {n} (output line {}, answer line {ans_line})",
                    out.token_line
                );
                return out.wa_with_context(format!("{at}: {what}"), answer, ans_line);
            }
            ai = tok_end;
        }
        if out.peek().is_some() {
            let line = out.line;
            let extra = out.read_token(SHOW + 1);
            return out.wa_with_context(
                format!(
                    "the output has more after the answer's {n} token(s): {} on output line \
                     {line}",
                    show_token(&extra, SHOW)
                ),
                answer,
                ans_line,
            );
        }
        CheckOutcome::ac(format!("{n} token(s)"))
    }

    /// Reads the next output token against the string `want`: `None` when equal, else what
    /// differs.
    fn compare_string(&self, out: &mut Stream, want: &[u8]) -> Option<String> {
        out.token_line = out.line;
        let mut shown = Vec::new();
        let mut same = true;
        let mut i = 0usize;
        while let Some(b) = out.peek().filter(|&b| !is_space(b)) {
            if same {
                same = want.get(i).is_some_and(|&w| {
                    if self.case_sensitive {
                        w == b
                    } else {
                        w.eq_ignore_ascii_case(&b)
                    }
                });
            }
            if !same && shown.len() > SHOW {
                break;
            }
            if shown.len() <= SHOW {
                shown.push(b);
            }
            out.bump();
            i += 1;
        }
        if same && i == want.len() {
            return None;
        }
        Some(format!(
            "expected {}, found {}",
            show_token(want, SHOW),
            show_token(&shown, SHOW)
        ))
    }

    /// Reads the next output token against the number `a` (the answer token `want`): `None`
    /// when within tolerance, else what differs.
    fn compare_number(&self, out: &mut Stream, want: &[u8], a: f64) -> Option<String> {
        out.token_line = out.line;
        let got = out.read_token(MAX_NUMBER_TOKEN + 1);
        if got.len() > MAX_NUMBER_TOKEN {
            return Some(format!(
                "expected a number close to {}, found a token of more than {MAX_NUMBER_TOKEN} \
                 bytes starting {}",
                show_token(want, SHOW),
                show_token(&got, SHOW)
            ));
        }
        let Some(s) = spec_float(&got) else {
            return Some(format!(
                "expected a number close to {}, found {}, which is not a decimal number",
                show_token(want, SHOW),
                show_token(&got, SHOW)
            ));
        };
        let d = (s - a).abs();
        let abs_ok = self.float_absolute_tolerance.is_some_and(|e| d <= e);
        let rel_ok = self
            .float_relative_tolerance
            .is_some_and(|e| d <= e * a.abs());
        if abs_ok || rel_ok {
            return None;
        }
        let mut why = format!(
            "expected {}, found {}: absolute error {d:e}",
            show_token(want, SHOW),
            show_token(&got, SHOW)
        );
        if let Some(e) = self.float_absolute_tolerance {
            why.push_str(&format!(" (tolerance {e:e})"));
        }
        if a != 0.0 {
            why.push_str(&format!(", relative error {:e}", d / a.abs()));
        } else {
            why.push_str(", relative error undefined (answer 0)");
        }
        if let Some(e) = self.float_relative_tolerance {
            why.push_str(&format!(" (tolerance {e:e})"));
        }
        Some(why)
    }
}

/// The contestant's output, streamed, with the position and the recent lines for messages.
struct Stream<'a> {
    inner: &'a mut dyn Read,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    eof: bool,
    err: Option<io::Error>,
    /// Bytes consumed.
    consumed: u64,
    /// 1-based line of the next byte.
    line: usize,
    /// Line on which the token being compared starts.
    token_line: usize,
    /// The current line's bytes so far (at most SHOW_LINE kept) and whether it was cut.
    cur: Vec<u8>,
    cur_cut: bool,
    /// The up to CONTEXT previous lines, oldest first.
    prev: VecDeque<(Vec<u8>, bool)>,
}

impl<'a> Stream<'a> {
    fn new(inner: &'a mut dyn Read) -> Self {
        Stream {
            inner,
            buf: vec![0; 1 << 16],
            pos: 0,
            len: 0,
            eof: false,
            err: None,
            consumed: 0,
            line: 1,
            token_line: 1,
            cur: Vec::new(),
            cur_cut: false,
            prev: VecDeque::new(),
        }
    }

    /// The next byte, not consumed; `None` at the end (or after a read error, kept in `err`).
    fn peek(&mut self) -> Option<u8> {
        while self.pos == self.len && !self.eof {
            match self.inner.read(&mut self.buf) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.pos = 0;
                    self.len = n;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.err = Some(e);
                    self.eof = true;
                }
            }
        }
        (self.pos < self.len).then(|| self.buf[self.pos])
    }

    /// Consumes the byte `peek` returned.
    fn bump(&mut self) {
        if self.pos >= self.len {
            return;
        }
        let b = self.buf[self.pos];
        self.pos += 1;
        self.consumed += 1;
        if b == b'\n' {
            let line = (std::mem::take(&mut self.cur), self.cur_cut);
            self.prev.push_back(line);
            if self.prev.len() > CONTEXT {
                self.prev.pop_front();
            }
            self.cur_cut = false;
            self.line += 1;
        } else if self.cur.len() < SHOW_LINE {
            self.cur.push(b);
        } else {
            self.cur_cut = true;
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.bump();
        }
    }

    /// The next token's first `max` bytes (all of it consumed only when shorter).
    fn read_token(&mut self, max: usize) -> Vec<u8> {
        let mut t = Vec::new();
        while let Some(b) = self.peek().filter(|&b| !is_space(b)) {
            if t.len() >= max {
                break;
            }
            t.push(b);
            self.bump();
        }
        t
    }

    /// The rest of the current line (read on for at most 4096 bytes, the newline consumed)
    /// with what was kept of it before: its bytes (at most SHOW_LINE), whether it was cut, and
    /// whether a newline ended it. Only for messages: the line bookkeeping stops here.
    fn rest_of_line(&mut self) -> (Vec<u8>, bool, bool) {
        let mut l = std::mem::take(&mut self.cur);
        let mut cut = std::mem::take(&mut self.cur_cut);
        let mut budget = 4096usize;
        loop {
            match self.peek() {
                None => return (l, cut, false),
                Some(b) => {
                    self.pos += 1;
                    if b == b'\n' {
                        return (l, cut, true);
                    }
                    if l.len() < SHOW_LINE {
                        l.push(b);
                    } else {
                        cut = true;
                    }
                    budget -= 1;
                    if budget == 0 {
                        return (l, true, false);
                    }
                }
            }
        }
    }

    /// WA with `message` and, in the details, a diff of the answer's lines around `ans_line`
    /// against the output's around the current position (the output read on for at most
    /// CONTEXT more lines).
    fn wa_with_context(&mut self, message: String, answer: &[u8], ans_line: usize) -> CheckOutcome {
        let first_out = self.line - self.prev.len();
        let mut got: Vec<String> = self
            .prev
            .iter()
            .map(|(l, cut)| show_line(l, *cut))
            .collect();
        let mut more = 0;
        loop {
            let (l, cut, newline) = self.rest_of_line();
            if newline || !l.is_empty() {
                got.push(show_line(&l, cut));
            }
            if !newline || more == CONTEXT {
                break;
            }
            more += 1;
        }
        let ans_lines: Vec<&[u8]> = answer.split(|&b| b == b'\n').collect();
        // An answer ending in a newline has no line after it.
        let ans_count = ans_lines.len() - usize::from(answer.ends_with(b"\n"));
        let hi = (ans_line + CONTEXT).min(ans_count);
        let lo = ans_line.saturating_sub(CONTEXT + 1).min(hi);
        let want: Vec<String> = ans_lines[lo..hi]
            .iter()
            .map(|l| show_line(&l[..l.len().min(SHOW_LINE)], l.len() > SHOW_LINE))
            .collect();
        let d = ListDiff::new(&want, &got);
        let o = CheckOutcome::wa(message);
        if d.is_empty() {
            return o;
        }
        o.with_details(d.details(
            &format!(
                "answer lines {}-{} (-) against output lines {}-{} (+), changed lines only:\n",
                lo + 1,
                hi,
                first_out,
                first_out + got.len().saturating_sub(1)
            ),
            4 * CONTEXT + 2,
        ))
    }
}

/// A line for the diff: bytes escaped to printable ASCII, `...` when cut.
fn show_line(l: &[u8], cut: bool) -> String {
    let mut s = l.escape_ascii().to_string();
    if cut {
        s.push_str("...");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::verdict::Verdict;

    fn v(args: &str) -> DefaultOutputValidator {
        let words: Vec<String> = args.split_whitespace().map(String::from).collect();
        DefaultOutputValidator::from_args(&words).unwrap()
    }

    fn judge(args: &str, answer: &str, output: &str) -> CheckOutcome {
        v(args).check(&mut output.as_bytes(), answer.as_bytes())
    }

    fn verdict(args: &str, answer: &str, output: &str) -> Verdict {
        judge(args, answer, output).verdict
    }

    use Verdict::{Ac, Wa};

    #[test]
    fn arguments() {
        assert_eq!(v(""), DefaultOutputValidator::default());
        let all = v(
            "case_sensitive space_change_sensitive float_absolute_tolerance 1e-6 \
                     float_relative_tolerance .5",
        );
        assert!(all.case_sensitive && all.space_change_sensitive);
        assert_eq!(all.float_absolute_tolerance, Some(1e-6));
        assert_eq!(all.float_relative_tolerance, Some(0.5));
        let both = v("float_tolerance 1E-4");
        assert_eq!(both.float_absolute_tolerance, Some(1e-4));
        assert_eq!(both.float_relative_tolerance, Some(1e-4));
        let err = |a: &str| {
            let words: Vec<String> = a.split_whitespace().map(String::from).collect();
            DefaultOutputValidator::from_args(&words)
                .unwrap_err()
                .to_string()
        };
        assert!(err("case_insensitive").contains("`case_insensitive`"));
        assert!(err("float_tolerance").contains("`float_tolerance` needs a number"));
        assert!(err("float_tolerance abc").contains("`float_tolerance abc`"));
        assert!(err("float_tolerance -1").contains("`float_tolerance -1`"));
        assert!(err("float_tolerance inf").contains("finite"));
        assert!(err("float_tolerance 0x1p-3").contains("decimal"));
        assert!(err("float_tolerance 1e-6 float_absolute_tolerance 1").contains("at most"));
        assert!(err("float_relative_tolerance 1 float_relative_tolerance 2").contains("at most"));
        // Legacy: the last one wins, as problemtools does.
        let words: Vec<String> = "float_tolerance 1e-6 float_absolute_tolerance 2"
            .split_whitespace()
            .map(String::from)
            .collect();
        let legacy = DefaultOutputValidator::from_legacy_args(&words).unwrap();
        assert_eq!(legacy.float_absolute_tolerance, Some(2.0));
        assert_eq!(legacy.float_relative_tolerance, Some(1e-6));
        assert!(DefaultOutputValidator::from_legacy_args(&["x".to_string()]).is_err());
    }

    #[test]
    fn the_float_grammar() {
        for (t, x) in [
            ("0", 0.0),
            ("-0", -0.0),
            ("+1.5", 1.5),
            ("5.", 5.0),
            (".5", 0.5),
            ("1e3", 1000.0),
            ("1E+3", 1000.0),
            ("-2.5e-1", -0.25),
            ("007", 7.0),
            ("1e-500", 0.0),
        ] {
            assert_eq!(spec_float(t.as_bytes()), Some(x), "{t}");
        }
        assert_eq!(spec_float(b"1e500"), Some(f64::INFINITY));
        for t in [
            "", ".", "+", "-.", "e5", "1e", "1e+", "1.5.2", "0x10", "0x1p3", "inf", "nan", "NaN",
            "Infinity", "1,5", "1_0", "--1", "1e5x", " 1",
        ] {
            assert_eq!(spec_float(t.as_bytes()), None, "{t}");
        }
        // 30 digits before and after the point, as the spec asks.
        let long = format!("{}.{}", "1".repeat(30), "2".repeat(30));
        assert!(spec_float(long.as_bytes()).is_some());
    }

    #[test]
    fn tokens_white_space_and_case() {
        assert_eq!(verdict("", "Hello World\n", "hello   world"), Ac);
        assert_eq!(verdict("", "a b\nc\n", "  a\n\tb c \r\n\x0b\x0c"), Ac);
        assert_eq!(verdict("", "", ""), Ac);
        assert_eq!(verdict("", "\n\n", "   "), Ac);
        assert_eq!(verdict("", "", "x"), Wa);
        assert_eq!(verdict("", "a b", "ab"), Wa);
        assert_eq!(verdict("", "ab", "a b"), Wa);
        assert_eq!(verdict("", "abc", "abcd"), Wa);
        assert_eq!(verdict("", "abcd", "abc"), Wa);
        // ASCII case only.
        assert_eq!(verdict("", "\u{e9}", "\u{c9}"), Wa);
        assert_eq!(verdict("case_sensitive", "Yes", "yes"), Wa);
        assert_eq!(verdict("case_sensitive", "Yes", "Yes\n"), Ac);
        // A byte order mark is a byte like any other.
        assert_eq!(verdict("", "5", "\u{feff}5"), Wa);
        // Without a tolerance numbers are strings.
        assert_eq!(verdict("", "1.0", "1"), Wa);
        assert_eq!(verdict("", "-0", "0"), Wa);
        assert_eq!(verdict("", "1e5", "1E5"), Ac);
    }

    #[test]
    fn space_change_sensitive() {
        let s = "space_change_sensitive";
        assert_eq!(verdict(s, "1 2\n", "1 2\n"), Ac);
        assert_eq!(verdict(s, "1 2\n", "1 2"), Wa);
        assert_eq!(verdict(s, "1 2\n", "1 2\n\n"), Wa);
        assert_eq!(verdict(s, "1 2\n", "1 2 \n"), Wa);
        assert_eq!(verdict(s, "1 2\n", "1  2\n"), Wa);
        assert_eq!(verdict(s, "1 2\n", "1\t2\n"), Wa);
        assert_eq!(verdict(s, "1 2\n", " 1 2\n"), Wa);
        assert_eq!(verdict(s, "1 2\n", "1 2\r\n"), Wa);
        assert_eq!(verdict(s, "a\n", "A\n"), Ac);
        assert_eq!(verdict(&format!("{s} case_sensitive"), "a\n", "A\n"), Wa);
        assert_eq!(
            verdict(&format!("{s} float_tolerance 0.1"), "1.0 2\n", "1.05 2\n"),
            Ac
        );
        assert_eq!(
            verdict(&format!("{s} float_tolerance 0.1"), "1.0 2\n", "1.05  2\n"),
            Wa
        );
        let o = judge(s, "1 2\n", "1  2\n");
        assert_eq!(
            o.message,
            "white space differs on output line 1 (answer line 1): expected the next token, \
             found extra white space ` `"
        );
        let o = judge(s, "1\n2\n", "1\n2");
        assert_eq!(
            o.message,
            "white space differs on output line 2 (answer line 2): expected `\\n`, found the \
             end of the output"
        );
    }

    #[test]
    fn float_tolerances() {
        let abs = "float_absolute_tolerance 0.5";
        let rel = "float_relative_tolerance 0.1";
        assert_eq!(verdict(abs, "10", "10.5"), Ac);
        assert_eq!(verdict(abs, "10", "9.5"), Ac);
        assert_eq!(verdict(abs, "10", "10.5000001"), Wa);
        assert_eq!(verdict(rel, "10", "11"), Ac);
        assert_eq!(verdict(rel, "10", "11.0001"), Wa);
        assert_eq!(verdict(rel, "-10", "-9"), Ac);
        // Either tolerance suffices.
        let both = "float_absolute_tolerance 0.5 float_relative_tolerance 0.1";
        assert_eq!(verdict(both, "100", "109"), Ac);
        assert_eq!(verdict(both, "1", "1.4"), Ac);
        assert_eq!(verdict(both, "1", "1.6"), Wa);
        // float_tolerance is both: relative 1e-6 of 1e9 is 1000.
        let t = "float_tolerance 1e-6";
        assert_eq!(verdict(t, "1000000000", "1000000999"), Ac);
        assert_eq!(verdict(t, "1000000000", "1000001001"), Wa);
        assert_eq!(verdict(t, "0", "0.000001"), Ac);
        assert_eq!(verdict(t, "0", "0.0000011"), Wa);
        // Relative only: an answer of 0 takes exactly 0 (and -0).
        assert_eq!(verdict(rel, "0", "-0"), Ac);
        assert_eq!(verdict(rel, "0", "1e-300"), Wa);
        // Any decimal form of the number.
        assert_eq!(verdict(t, "0.0314", "3.14000000e-2"), Ac);
        assert_eq!(verdict(t, "-0", "0"), Ac);
        assert_eq!(verdict(t, "5", "+5."), Ac);
        assert_eq!(verdict(t, "0.5", ".5"), Ac);
        assert_eq!(verdict(t, "1E3", "1000"), Ac);
        // Tolerance 0: exact value.
        assert_eq!(verdict("float_tolerance 0", "0.1", "0.10"), Ac);
        assert_eq!(verdict("float_tolerance 0", "0.1", "0.1000000001"), Wa);
        // The output must be a decimal number where the answer is one.
        assert_eq!(verdict(t, "16", "0x10"), Wa);
        assert_eq!(verdict(t, "1", "inf"), Wa);
        assert_eq!(verdict(t, "1", "nan"), Wa);
        assert_eq!(verdict(t, "1", "1,0"), Wa);
        assert_eq!(verdict(t, "1e308", "1e500"), Wa);
        // Strings next to numbers stay strings (case-insensitive by default).
        assert_eq!(verdict(t, "Case 1: 2.5", "case 1: 2.5000001"), Ac);
        assert_eq!(
            verdict(&format!("{t} case_sensitive"), "Case 1: 2.5", "case 1: 2.5"),
            Wa
        );
        let o = judge(abs, "1\n2.0\n", "1\n3\n");
        assert_eq!(
            o.message,
            "token 2 (output line 2, answer line 2): expected `2.0`, found `3`: absolute error \
             1e0 (tolerance 5e-1), relative error 5e-1"
        );
    }

    #[test]
    fn nan_inf_hex_and_huge_answers_are_strings() {
        let t = "float_tolerance 1e-6";
        // The sample: answer `nan`, output `NaN`.
        assert_eq!(verdict(t, "nan", "NaN"), Ac);
        assert_eq!(verdict("", "nan", "NaN"), Ac);
        assert_eq!(verdict(&format!("{t} case_sensitive"), "nan", "NaN"), Wa);
        assert_eq!(verdict(t, "inf -inf", "INF -Inf"), Ac);
        assert_eq!(verdict(t, "inf", "1e500"), Wa);
        assert_eq!(verdict(t, "inf", "infinity"), Wa);
        // Hexadecimal is no number by the spec (problemtools' sscanf reads it as 16).
        assert_eq!(verdict(t, "0x10", "16"), Wa);
        assert_eq!(verdict(t, "0x10", "0X10"), Ac);
        // An answer that overflows a double is a string, as in problemtools.
        assert_eq!(verdict(t, "1e500", "1e500"), Ac);
        assert_eq!(verdict(t, "1e500", "1E500"), Ac);
        assert_eq!(verdict(t, "1e500", "1.0e500"), Wa);
        // An answer that underflows is the number 0.
        assert_eq!(verdict(t, "1e-500", "0"), Ac);
    }

    #[test]
    fn messages_and_details() {
        let o = judge("", "1\n2\n3\n4\n5\n", "1\n2\nthree\n4\n5\n");
        assert_eq!(o.verdict, Wa);
        assert_eq!(
            o.message,
            "token 3 (output line 3, answer line 3): expected `3`, found `three`"
        );
        assert_eq!(
            o.details,
            "answer lines 1-5 (-) against output lines 1-5 (+), changed lines only:\n-3\n+three\n"
        );
        let o = judge("", "1 2\n", "");
        assert_eq!(
            o.message,
            "the output is empty; expected token 1 `1` (answer line 1)"
        );
        let o = judge("", "1 2\n", " \n");
        assert_eq!(
            o.message,
            "the output holds only white space; expected token 1 `1` (answer line 1)"
        );
        let o = judge("", "1\n2\n", "1\n");
        assert_eq!(
            o.message,
            "the output ends after 1 token(s); expected token 2 `2` (answer line 2)"
        );
        assert_eq!(
            o.details,
            "answer lines 1-2 (-) against output lines 1-1 (+), changed lines only:\n-2\n"
        );
        let o = judge("", "1\n", "1\n2 3\n");
        assert_eq!(
            o.message,
            "the output has more after the answer's 1 token(s): `2` on output line 2"
        );
        let o = judge("", "x\n", &format!("{}\n", "y".repeat(100)));
        assert!(
            o.message
                .ends_with(&format!("found `{}...`", "y".repeat(40))),
            "{}",
            o.message
        );
        assert_eq!(judge("", "a b c", "a b c").message, "3 token(s)");
    }

    #[test]
    fn huge_outputs_stream() {
        // A 50 MB token against a short answer: read only until the difference shows.
        struct Endless(u64);
        impl Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                self.0 += buf.len() as u64;
                assert!(self.0 < 1 << 24, "read far past the difference");
                buf.fill(b'7');
                Ok(buf.len())
            }
        }
        let o = v("").check(&mut Endless(0), b"7777\n");
        assert_eq!(o.verdict, Wa);
        let o = v("float_tolerance 1").check(&mut Endless(0), b"7\n");
        assert_eq!(o.verdict, Wa);
        assert!(o.message.contains("more than 4096 bytes"), "{}", o.message);
        // A read error is the judge's problem.
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let o = v("").check(&mut Broken, b"1\n");
        assert_eq!(o.verdict, Verdict::Fail);
        assert!(o.message.contains("disk on fire"));
    }
}
