//! Verdicts and the checker / validator calling conventions of real judges.
//!
//! Exit codes follow `../shared/conventions.md`: testlib (AC 0, WA 1, PE 2, FAIL 3; validator
//! valid 0, invalid 3) and the Kattis problem package format (output validator: accepted 42,
//! wrong answer 43, anything else a judge error; input validator: 42 valid, 43 invalid).

use std::fmt;

/// A verdict on one submission output, or on a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Accepted.
    Ac,
    /// Wrong answer.
    Wa,
    /// Presentation error: the output cannot be read as the format requires.
    Pe,
    /// Time limit exceeded.
    Tle,
    /// Memory limit exceeded.
    Mle,
    /// Output limit exceeded.
    Ole,
    /// Runtime error: non-zero exit or signal.
    Re,
    /// Judge error: the jury's own files are broken.
    Fail,
}

impl Verdict {
    /// The short name used by judges: `AC`, `WA`, `PE`, ...
    pub fn short(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Pe => "PE",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Re => "RE",
            Verdict::Fail => "FAIL",
        }
    }

    /// The verdict whose [`Verdict::short`] name is `s`; `None` for any other text.
    pub fn from_short(s: &str) -> Option<Verdict> {
        use Verdict::*;
        [Ac, Wa, Pe, Tle, Mle, Ole, Re, Fail]
            .into_iter()
            .find(|v| v.short() == s)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short())
    }
}

/// What a checker decides about one output.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckOutcome {
    /// AC, WA, PE or FAIL.
    pub verdict: Verdict,
    /// One line (no `\n`), for testlib's stderr message.
    pub message: String,
    /// Optional longer explanation (several lines, e.g. a diff), for Kattis' judgemessage.
    pub details: String,
    /// The score a scoring checker gave the test (a Kattis output validator's `score.txt`);
    /// `None` when it gave none.
    pub score: Option<f64>,
}

impl CheckOutcome {
    /// Accepted, with a short message.
    pub fn ac(message: impl Into<String>) -> Self {
        Self::new(Verdict::Ac, message)
    }
    /// Wrong answer.
    pub fn wa(message: impl Into<String>) -> Self {
        Self::new(Verdict::Wa, message)
    }
    /// Presentation error.
    pub fn pe(message: impl Into<String>) -> Self {
        Self::new(Verdict::Pe, message)
    }
    /// Judge error (the jury's files are broken).
    pub fn fail(message: impl Into<String>) -> Self {
        Self::new(Verdict::Fail, message)
    }

    /// An outcome whose message is forced onto one line.
    pub fn new(verdict: Verdict, message: impl Into<String>) -> Self {
        let message: String = message.into();
        CheckOutcome {
            verdict,
            message: one_line(&message),
            details: String::new(),
            score: None,
        }
    }

    /// Adds a multi-line explanation.
    pub fn with_details(mut self, details: impl Into<String>) -> Self {
        self.details = details.into();
        self
    }

    /// The testlib exit code: 0 AC, 1 WA, 2 PE, 3 FAIL.
    pub fn testlib_exit_code(&self) -> i32 {
        match self.verdict {
            Verdict::Ac => 0,
            Verdict::Wa => 1,
            Verdict::Pe => 2,
            _ => 3,
        }
    }

    /// The one stderr line of a testlib checker: testlib's result word (`ok`, `wrong answer`,
    /// `wrong output format`, `FAIL`), a space and the message, without the `\n`. Judges that
    /// read the result from stderr rather than the exit code (Hydro's `checker_type: testlib`
    /// matches these prefixes) need exactly these words.
    pub fn testlib_line(&self) -> String {
        let word = match self.verdict {
            Verdict::Ac => "ok",
            Verdict::Wa => "wrong answer",
            Verdict::Pe => "wrong output format",
            _ => "FAIL",
        };
        format!("{word} {}", self.message)
    }

    /// The content of testlib's report file (`checker <input> <output> <answer> <report>`), as
    /// testlib writes it: the message alone, without the verdict word and without a line end.
    /// With `appes` (the `-appes` flag after the report), testlib's XML document instead:
    /// `<?xml version="1.0" encoding="windows-1251"?><result outcome = "OUTCOME">MESSAGE</result>`
    /// and a line end, OUTCOME being `accepted`, `wrong-answer`, `presentation-error` or `fail`,
    /// the message with `&`, `<`, `>`, `"` escaped and control characters as `.` (testlib's
    /// spacing and encoding name, byte for byte).
    pub fn testlib_report(&self, appes: bool) -> String {
        if !appes {
            return self.message.clone();
        }
        let outcome = match self.verdict {
            Verdict::Ac => "accepted",
            Verdict::Wa => "wrong-answer",
            Verdict::Pe => "presentation-error",
            _ => "fail",
        };
        let mut s = format!(
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"{outcome}\">"
        );
        for c in self.message.chars() {
            match c {
                '&' => s.push_str("&amp;"),
                '<' => s.push_str("&lt;"),
                '>' => s.push_str("&gt;"),
                '"' => s.push_str("&quot;"),
                c if (c as u32) < 32 => s.push('.'),
                c => s.push(c),
            }
        }
        s.push_str("</result>\n");
        s
    }

    /// The score a CMS checker prints on stdout: `1.0` for AC, `0.0` for WA and PE; `None` for
    /// FAIL, which a CMS checker reports by a non-zero exit instead.
    pub fn cms_score(&self) -> Option<&'static str> {
        match self.verdict {
            Verdict::Ac => Some("1.0"),
            Verdict::Wa | Verdict::Pe => Some("0.0"),
            _ => None,
        }
    }

    /// What a CMS checker prints on stderr, one line with its line end: `translate:success`
    /// (AC) or `translate:wrong` (WA, PE), which CMS shows contestants translated. CMS's
    /// "standard manager output" is exactly one line on stderr: it logs any further line as an
    /// "Unknown special manager command", so the details stay out. For FAIL (a non-zero exit,
    /// which CMS reports as a judge error) the testlib line ([`CheckOutcome::testlib_line`]).
    pub fn cms_stderr(&self) -> String {
        match self.verdict {
            Verdict::Ac => "translate:success\n".to_string(),
            Verdict::Wa | Verdict::Pe => "translate:wrong\n".to_string(),
            _ => format!("{}\n", self.testlib_line()),
        }
    }

    /// The Kattis output-validator exit code: 42 accepted, 43 wrong answer (WA and PE),
    /// 1 for a judge error.
    pub fn kattis_exit_code(&self) -> i32 {
        match self.verdict {
            Verdict::Ac => 42,
            Verdict::Wa | Verdict::Pe => 43,
            _ => 1,
        }
    }

    /// The text of Kattis' `judgemessage.txt`: the message, then the details.
    pub fn judgemessage(&self) -> String {
        let mut s = format!("{}: {}\n", self.verdict, self.message);
        if !self.details.is_empty() {
            s.push_str(&self.details);
            if !s.ends_with('\n') {
                s.push('\n');
            }
        }
        s
    }
}

/// A contestant output the token reader cannot read: a token longer than the reader keeps is
/// a presentation error; an I/O error reading the output file is the judge's problem (FAIL).
impl From<crate::core::token_reader::TokenError> for CheckOutcome {
    fn from(e: crate::core::token_reader::TokenError) -> Self {
        match e {
            crate::core::token_reader::TokenError::Io(e) => {
                CheckOutcome::fail(format!("cannot read: {e}"))
            }
            e @ crate::core::token_reader::TokenError::TooLong { .. } => {
                CheckOutcome::pe(e.to_string())
            }
        }
    }
}

/// Replaces line breaks and control characters so that a message stays on one line.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Validator exit codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValidatorConvention {
    /// testlib: 0 valid, 3 invalid.
    Testlib,
    /// Kattis input validator: 42 valid, 43 invalid.
    Kattis,
}

impl ValidatorConvention {
    /// Exit code for a valid (`true`) or invalid input.
    pub fn exit_code(self, valid: bool) -> i32 {
        match (self, valid) {
            (ValidatorConvention::Testlib, true) => 0,
            (ValidatorConvention::Testlib, false) => 3,
            (ValidatorConvention::Kattis, true) => 42,
            (ValidatorConvention::Kattis, false) => 43,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_read_back() {
        use Verdict::*;
        for v in [Ac, Wa, Pe, Tle, Mle, Ole, Re, Fail] {
            assert_eq!(Verdict::from_short(v.short()), Some(v));
        }
        assert_eq!(Verdict::from_short("ac"), None);
        assert_eq!(Verdict::from_short("OK"), None);
    }

    #[test]
    fn exit_codes() {
        assert_eq!(CheckOutcome::ac("").testlib_exit_code(), 0);
        assert_eq!(CheckOutcome::wa("").testlib_exit_code(), 1);
        assert_eq!(CheckOutcome::pe("").testlib_exit_code(), 2);
        assert_eq!(CheckOutcome::fail("").testlib_exit_code(), 3);
        assert_eq!(CheckOutcome::ac("").kattis_exit_code(), 42);
        assert_eq!(CheckOutcome::pe("").kattis_exit_code(), 43);
        assert_eq!(CheckOutcome::fail("").kattis_exit_code(), 1);
        assert_eq!(ValidatorConvention::Testlib.exit_code(false), 3);
        assert_eq!(ValidatorConvention::Kattis.exit_code(true), 42);
    }

    #[test]
    fn testlib_report_and_cms_texts() {
        let wa = CheckOutcome::wa("cell <1 & 2> \"x\"");
        assert_eq!(wa.testlib_report(false), "cell <1 & 2> \"x\"");
        assert_eq!(
            wa.testlib_report(true),
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"wrong-answer\">\
             cell &lt;1 &amp; 2&gt; &quot;x&quot;</result>\n"
        );
        assert_eq!(
            CheckOutcome::pe("p").testlib_report(true),
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"presentation-error\">p</result>\n"
        );
        assert_eq!(CheckOutcome::ac("").cms_score(), Some("1.0"));
        assert_eq!(CheckOutcome::pe("").cms_score(), Some("0.0"));
        assert_eq!(CheckOutcome::fail("").cms_score(), None);
        // Exactly one line (CMS logs a second one as an unknown command).
        assert_eq!(CheckOutcome::ac("LOSE").cms_stderr(), "translate:success\n");
        assert_eq!(CheckOutcome::pe("empty").cms_stderr(), "translate:wrong\n");
        assert_eq!(CheckOutcome::wa("x").cms_stderr(), "translate:wrong\n");
        assert_eq!(CheckOutcome::fail("x").cms_stderr(), "FAIL x\n");
    }

    #[test]
    fn messages_stay_on_one_line() {
        let o = CheckOutcome::wa("a\nb\r\0c");
        assert_eq!(o.message, "a b  c");
    }
}
