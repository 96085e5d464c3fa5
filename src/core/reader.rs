//! The readers of gridjudge: one strict, one tolerant. Neither is written twice.
//!
//! * [`StrictReader`] is for validators, in the manner of testlib's `inf` stream: every space,
//!   line end and end of file is read explicitly; leading zeros, `+` signs, `-0`, CR, tabs,
//!   trailing spaces, missing or extra line ends are all rejected.
//! * [`TolerantReader`] reads a complete input in memory token by token (checkers and `solve`
//!   reading an input file), with strict tokens; [`InputRead`] lets one parser use either, and
//!   [`RecordBounds`] records the bounds a validator reaches.
//! * [`crate::core::token_reader::TokenReader`] is for checkers, in the manner of testlib's `ouf` stream: tokens are
//!   separated by any run of ASCII white space, the input is streamed with O(1) memory, and a
//!   token longer than a fixed cap is reported rather than buffered. It lives in
//!   [`crate::core::token_reader`] and is re-exported here, as is testlib's overview log of
//!   [`crate::core::bounds_log`].
//!
//! Every error names the 1-based line and column, what was expected and what was found.
//!
//! Owns: the format error, the in-memory readers and the reading interface of the problems'
//! parsers. May use: std, crates, [`crate::core::token_reader`] and [`crate::core::bounds_log`].

use std::fmt;

use crate::core::bounds_log::{record_bounds_hit, BoundsLog};
use crate::core::token_reader::{show_token, NotInt, Token};

/// A format error: where, what was expected, what was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// 1-based line.
    pub line: u64,
    /// 1-based column (in bytes).
    pub col: u64,
    /// What the reader expected, e.g. `integer N in 1..=100`.
    pub expected: String,
    /// What it found, e.g. `'x'`, `end of file`, `trailing space`.
    pub found: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            // No position (a validator program's message that names none): the message alone.
            return f.write_str(&self.expected);
        }
        if self.found.is_empty() {
            return write!(
                f,
                "line {}, column {}: {}",
                self.line, self.col, self.expected
            );
        }
        write!(
            f,
            "line {}, column {}: expected {}, found {}",
            self.line, self.col, self.expected, self.found
        )
    }
}

impl std::error::Error for FormatError {}

/// Describes one byte as a reader error shows it: `'x'`, `space`, `CR (\r)`, `byte 0xff`, ...
pub fn describe_byte(b: u8) -> String {
    match b {
        b' ' => "space".into(),
        b'\n' => "line end".into(),
        b'\r' => "CR (\\r)".into(),
        b'\t' => "tab".into(),
        0x21..=0x7e => format!("'{}'", b as char),
        _ => format!("byte 0x{b:02x}"),
    }
}

/// Strict reader over a complete input in memory, for validators.
///
/// Cost: every method is O(length of what it reads).
#[derive(Debug, Clone)]
pub struct StrictReader<'a> {
    buf: &'a [u8],
    pos: usize,
    line: u64,
    col: u64,
    lenient_trailing_spaces: bool,
}

impl<'a> StrictReader<'a> {
    /// A strict reader at the start of `buf`.
    pub fn new(buf: &'a [u8]) -> Self {
        StrictReader {
            buf,
            pos: 0,
            line: 1,
            col: 1,
            lenient_trailing_spaces: false,
        }
    }

    /// Accept (and skip) spaces right before a line end or the end of file. Everything else
    /// stays strict. Meant for historical inputs such as NOI2011's samples.
    pub fn allow_trailing_spaces(mut self, yes: bool) -> Self {
        self.lenient_trailing_spaces = yes;
        self
    }

    /// Current 1-based (line, column).
    pub fn position(&self) -> (u64, u64) {
        (self.line, self.col)
    }

    /// An error at the current position.
    pub fn error(&self, expected: impl Into<String>, found: impl Into<String>) -> FormatError {
        FormatError {
            line: self.line,
            col: self.col,
            expected: expected.into(),
            found: found.into(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.buf.get(self.pos).copied()
    }

    fn bump(&mut self) {
        if self.buf[self.pos] == b'\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        self.pos += 1;
    }

    /// What stands at the current position, described for an error message.
    fn found_here(&self) -> String {
        match self.peek() {
            None => "end of file".into(),
            Some(b' ') => {
                let rest = &self.buf[self.pos..];
                let run = rest.iter().take_while(|&&b| b == b' ').count();
                match rest.get(run) {
                    None | Some(b'\n') | Some(b'\r') => "trailing space".into(),
                    _ => "space".into(),
                }
            }
            Some(b) => describe_byte(b),
        }
    }

    fn skip_trailing_spaces(&mut self) {
        if !self.lenient_trailing_spaces {
            return;
        }
        let rest = &self.buf[self.pos..];
        let run = rest.iter().take_while(|&&b| b == b' ').count();
        if matches!(rest.get(run), None | Some(b'\n')) {
            for _ in 0..run {
                self.bump();
            }
        }
    }

    /// Reads exactly one space.
    pub fn read_space(&mut self) -> Result<(), FormatError> {
        if self.peek() == Some(b' ') {
            self.bump();
            Ok(())
        } else {
            Err(self.error("a single space", self.found_here()))
        }
    }

    /// Reads exactly one line end (`\n`; CR is rejected).
    pub fn read_eoln(&mut self) -> Result<(), FormatError> {
        self.skip_trailing_spaces();
        if self.peek() == Some(b'\n') {
            self.bump();
            Ok(())
        } else {
            Err(self.error("line end", self.found_here()))
        }
    }

    /// Checks that nothing is left.
    pub fn read_eof(&mut self) -> Result<(), FormatError> {
        self.skip_trailing_spaces();
        match self.peek() {
            None => Ok(()),
            Some(b'\n') => Err(self.error("end of file", "an extra line end")),
            Some(_) => Err(self.error("end of file", self.found_here())),
        }
    }

    /// Reads an integer in `lo..=hi` in canonical form: optional `-`, no leading zeros, no
    /// `+`, no `-0`. `name` is used in the message, e.g. `N`.
    pub fn read_int(&mut self, lo: i64, hi: i64, name: &str) -> Result<i64, FormatError> {
        let what = format!("integer {name} in {lo}..={hi}");
        let start = self.clone();
        let neg = self.peek() == Some(b'-');
        let mut text = Vec::new();
        if neg {
            text.push(b'-');
            self.bump();
        }
        while let Some(b @ b'0'..=b'9') = self.peek() {
            text.push(b);
            self.bump();
            if text.len() > 25 {
                break;
            }
        }
        let digits = &text[usize::from(neg)..];
        if digits.is_empty() {
            let found = if neg {
                self.found_here()
            } else {
                start.found_here()
            };
            let err = if neg {
                self.error(what, found)
            } else {
                start.error(what, found)
            };
            return Err(err);
        }
        if digits.len() > 1 && digits[0] == b'0' {
            return Err(start.error(what, format!("{} (leading zero)", show_token(&text, 30))));
        }
        if neg && digits == b"0" {
            return Err(start.error(what, "`-0`"));
        }
        let parsed: Option<i64> = std::str::from_utf8(&text).ok().and_then(|s| s.parse().ok());
        match parsed {
            Some(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(start.error(what, format!("{} (out of range)", show_token(&text, 30)))),
        }
    }

    /// Reads exactly `len` bytes, each one of `allowed`; `name` is used in the message.
    /// A line end or end of file before `len` bytes is reported as a short line.
    pub fn read_chars(
        &mut self,
        len: usize,
        allowed: &[u8],
        name: &str,
    ) -> Result<&'a [u8], FormatError> {
        let start = self.pos;
        for i in 0..len {
            match self.peek() {
                Some(b) if allowed.contains(&b) => self.bump(),
                Some(b'\n') | None => {
                    return Err(self.error(
                        format!("{len} characters of {name}"),
                        format!("{} after {i} characters", self.found_here()),
                    ))
                }
                Some(_) => {
                    let set: Vec<String> = allowed
                        .iter()
                        .map(|&b| format!("'{}'", b as char))
                        .collect();
                    return Err(self.error(
                        format!("one of {} in {name}", set.join(", ")),
                        self.found_here(),
                    ));
                }
            }
        }
        Ok(&self.buf[start..self.pos])
    }
}

/// What the problems' input parsers need from a reader, so that one parser serves both the
/// strict validator ([`StrictReader`]) and the tolerant reading of checkers and `solve`
/// ([`TolerantReader`]). Errors name the line and column, what was expected and what was found.
pub trait InputRead<'a> {
    /// Reads an integer in `lo..=hi`; `name` is used in the message (and in the bounds log).
    fn read_int(&mut self, lo: i64, hi: i64, name: &str) -> Result<i64, FormatError>;
    /// Reads the single space between two tokens of a line (tolerant readers: nothing).
    fn read_space(&mut self) -> Result<(), FormatError>;
    /// Reads a line end (tolerant readers: nothing).
    fn read_eoln(&mut self) -> Result<(), FormatError>;
    /// Checks that nothing is left (tolerant readers: nothing but white space).
    fn read_eof(&mut self) -> Result<(), FormatError>;
    /// Reads exactly `len` bytes, each one of `allowed` (tolerant readers: one token of exactly
    /// that length).
    fn read_chars(
        &mut self,
        len: usize,
        allowed: &[u8],
        name: &str,
    ) -> Result<&'a [u8], FormatError>;
    /// The 1-based (line, column) where the next item is read.
    fn position(&self) -> (u64, u64);
    /// An error at [`InputRead::position`].
    fn error(&self, expected: String, found: String) -> FormatError;
}

impl<'a> InputRead<'a> for StrictReader<'a> {
    fn read_int(&mut self, lo: i64, hi: i64, name: &str) -> Result<i64, FormatError> {
        StrictReader::read_int(self, lo, hi, name)
    }
    fn read_space(&mut self) -> Result<(), FormatError> {
        StrictReader::read_space(self)
    }
    fn read_eoln(&mut self) -> Result<(), FormatError> {
        StrictReader::read_eoln(self)
    }
    fn read_eof(&mut self) -> Result<(), FormatError> {
        StrictReader::read_eof(self)
    }
    fn read_chars(
        &mut self,
        len: usize,
        allowed: &[u8],
        name: &str,
    ) -> Result<&'a [u8], FormatError> {
        StrictReader::read_chars(self, len, allowed, name)
    }
    fn position(&self) -> (u64, u64) {
        StrictReader::position(self)
    }
    fn error(&self, expected: String, found: String) -> FormatError {
        StrictReader::error(self, expected, found)
    }
}

/// An [`InputRead`] that passes everything to `inner` and records every integer read
/// successfully into `log` ([`record_bounds_hit`]): the data of testlib's overview log.
pub struct RecordBounds<R> {
    /// The reader doing the work.
    pub inner: R,
    /// What was read, by variable name.
    pub log: BoundsLog,
}

impl<R> RecordBounds<R> {
    /// Wraps `inner` with an empty log.
    pub fn new(inner: R) -> Self {
        RecordBounds {
            inner,
            log: BoundsLog::new(),
        }
    }
}

impl<'a, R: InputRead<'a>> InputRead<'a> for RecordBounds<R> {
    fn read_int(&mut self, lo: i64, hi: i64, name: &str) -> Result<i64, FormatError> {
        let v = self.inner.read_int(lo, hi, name)?;
        record_bounds_hit(&mut self.log, name, lo, hi, v);
        Ok(v)
    }
    fn read_space(&mut self) -> Result<(), FormatError> {
        self.inner.read_space()
    }
    fn read_eoln(&mut self) -> Result<(), FormatError> {
        self.inner.read_eoln()
    }
    fn read_eof(&mut self) -> Result<(), FormatError> {
        self.inner.read_eof()
    }
    fn read_chars(
        &mut self,
        len: usize,
        allowed: &[u8],
        name: &str,
    ) -> Result<&'a [u8], FormatError> {
        self.inner.read_chars(len, allowed, name)
    }
    fn position(&self) -> (u64, u64) {
        self.inner.position()
    }
    fn error(&self, expected: String, found: String) -> FormatError {
        self.inner.error(expected, found)
    }
}

/// Whether `b` separates tokens: space, `\t`, `\n`, `\r`, `\x0b`, `\x0c` (as [`crate::core::token_reader::TokenReader`]).
pub fn is_token_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

/// Tolerant reader over a complete input in memory, in the manner of testlib's `inf` stream in a
/// checker: items are tokens separated by any run of white space ([`is_token_space`]), so
/// trailing spaces, CR LF line ends, blank lines and a missing final line end are all accepted;
/// the tokens themselves stay strict (integers in testlib's syntax and range, rows of exactly
/// the right length and alphabet), and nothing but white space may follow the last one. Tokens
/// have no length cap (a row of a wide board is one token).
///
/// Cost: every method is O(length of what it reads and the white space before the next item).
#[derive(Debug, Clone)]
pub struct TolerantReader<'a> {
    buf: &'a [u8],
    pos: usize,
    line: u64,
    col: u64,
}

impl<'a> TolerantReader<'a> {
    /// A tolerant reader at the first token of `buf`.
    pub fn new(buf: &'a [u8]) -> Self {
        let mut r = TolerantReader {
            buf,
            pos: 0,
            line: 1,
            col: 1,
        };
        r.skip_space();
        r
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.buf.get(self.pos) {
            if !is_token_space(b) {
                break;
            }
            if b == b'\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
            self.pos += 1;
        }
    }

    /// The next token (empty at the end of the input) and its (line, column); moves past it and
    /// the white space after it.
    fn token(&mut self) -> (&'a [u8], u64, u64) {
        let (line, col) = (self.line, self.col);
        let start = self.pos;
        let len = self.buf[start..]
            .iter()
            .take_while(|&&b| !is_token_space(b))
            .count();
        self.pos += len;
        self.col += len as u64;
        self.skip_space();
        (&self.buf[start..start + len], line, col)
    }
}

impl<'a> InputRead<'a> for TolerantReader<'a> {
    fn read_int(&mut self, lo: i64, hi: i64, name: &str) -> Result<i64, FormatError> {
        let what = format!("integer {name} in {lo}..={hi}");
        let (tok, line, col) = self.token();
        let err = |found: String| FormatError {
            line,
            col,
            expected: what.clone(),
            found,
        };
        if tok.is_empty() {
            return Err(err("end of file".into()));
        }
        let t = Token {
            bytes: tok.to_vec(),
            line,
            col,
        };
        match t.int() {
            Err(NotInt::MinusZero) => Err(err("`-0`".into())),
            Err(NotInt::TooLarge) => Err(err(format!("{} (out of range)", show_token(tok, 30)))),
            Err(_) => Err(err(show_token(tok, 30))),
            Ok(v) if (lo..=hi).contains(&v) => Ok(v),
            Ok(_) => Err(err(format!("{} (out of range)", show_token(tok, 30)))),
        }
    }

    fn read_space(&mut self) -> Result<(), FormatError> {
        Ok(())
    }

    fn read_eoln(&mut self) -> Result<(), FormatError> {
        Ok(())
    }

    fn read_eof(&mut self) -> Result<(), FormatError> {
        match self.buf.get(self.pos) {
            None => Ok(()),
            Some(_) => {
                let (line, col) = (self.line, self.col);
                let (tok, _, _) = self.token();
                Err(FormatError {
                    line,
                    col,
                    expected: "end of file".into(),
                    found: show_token(tok, 30),
                })
            }
        }
    }

    fn read_chars(
        &mut self,
        len: usize,
        allowed: &[u8],
        name: &str,
    ) -> Result<&'a [u8], FormatError> {
        let (tok, line, col) = self.token();
        if let Some(i) = tok.iter().position(|b| !allowed.contains(b)) {
            let set: Vec<String> = allowed
                .iter()
                .map(|&b| format!("'{}'", b as char))
                .collect();
            return Err(FormatError {
                line,
                col: col + i as u64,
                expected: format!("one of {} in {name}", set.join(", ")),
                found: describe_byte(tok[i]),
            });
        }
        if tok.len() != len {
            return Err(FormatError {
                line,
                col,
                expected: format!("{len} characters of {name}"),
                found: if tok.is_empty() {
                    "end of file".into()
                } else {
                    format!("{} characters", tok.len())
                },
            });
        }
        Ok(tok)
    }

    fn position(&self) -> (u64, u64) {
        (self.line, self.col)
    }

    fn error(&self, expected: String, found: String) -> FormatError {
        FormatError {
            line: self.line,
            col: self.col,
            expected,
            found,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bounds_log::overview_log;

    #[test]
    fn strict_reads_canonical_input() {
        let mut r = StrictReader::new(b"3 -12\n.#.\n");
        assert_eq!(r.read_int(1, 100, "N"), Ok(3));
        r.read_space().unwrap();
        assert_eq!(r.read_int(-100, 100, "M"), Ok(-12));
        r.read_eoln().unwrap();
        assert_eq!(r.read_chars(3, b".#", "row 1"), Ok(&b".#."[..]));
        r.read_eoln().unwrap();
        r.read_eof().unwrap();
    }

    fn int_err(input: &[u8]) -> FormatError {
        StrictReader::new(input).read_int(0, 100, "N").unwrap_err()
    }

    #[test]
    fn strict_rejects_noncanonical_integers() {
        assert!(int_err(b"007").found.contains("leading zero"));
        assert!(int_err(b"+7").found.contains("'+'"));
        assert_eq!(
            StrictReader::new(b"-0")
                .read_int(-5, 5, "N")
                .unwrap_err()
                .found,
            "`-0`"
        );
        assert!(int_err(b"101").found.contains("out of range"));
        assert!(int_err(b"99999999999999999999999999999")
            .found
            .contains("out of range"));
        assert_eq!(int_err(b"").found, "end of file");
        assert_eq!(int_err(b" 5").found, "space");
        assert_eq!(int_err(b"\t5").found, "tab");
    }

    #[test]
    fn strict_names_line_and_column() {
        let mut r = StrictReader::new(b"2 2\n..\n.x\n");
        r.read_int(1, 9, "N").unwrap();
        r.read_space().unwrap();
        r.read_int(1, 9, "M").unwrap();
        r.read_eoln().unwrap();
        r.read_chars(2, b".#", "row 1").unwrap();
        r.read_eoln().unwrap();
        let e = r.read_chars(2, b".#", "row 2").unwrap_err();
        assert_eq!((e.line, e.col), (3, 2));
        assert_eq!(e.found, "'x'");
        assert_eq!(
            e.to_string(),
            "line 3, column 2: expected one of '.', '#' in row 2, found 'x'"
        );
    }

    #[test]
    fn strict_whitespace_errors() {
        let mut r = StrictReader::new(b"5 \n");
        r.read_int(1, 9, "N").unwrap();
        assert_eq!(r.read_eoln().unwrap_err().found, "trailing space");
        let mut r = StrictReader::new(b"5\r\n");
        r.read_int(1, 9, "N").unwrap();
        assert_eq!(r.read_eoln().unwrap_err().found, "CR (\\r)");
        let mut r = StrictReader::new(b"5\n\n");
        r.read_int(1, 9, "N").unwrap();
        r.read_eoln().unwrap();
        assert_eq!(r.read_eof().unwrap_err().found, "an extra line end");
        let mut r = StrictReader::new(b"5");
        r.read_int(1, 9, "N").unwrap();
        assert_eq!(r.read_eoln().unwrap_err().found, "end of file");
        let mut r = StrictReader::new(b"..");
        let e = r.read_chars(3, b".#", "row 1").unwrap_err();
        assert!(e.found.contains("after 2 characters"), "{e}");
    }

    #[test]
    fn lenient_mode_skips_only_trailing_spaces() {
        let mut r = StrictReader::new(b"5  \n6 \n").allow_trailing_spaces(true);
        r.read_int(1, 9, "N").unwrap();
        r.read_eoln().unwrap();
        r.read_int(1, 9, "N").unwrap();
        r.read_eoln().unwrap();
        r.read_eof().unwrap();
        let mut r = StrictReader::new(b"5  6\n").allow_trailing_spaces(true);
        r.read_int(1, 9, "N").unwrap();
        assert_eq!(r.read_eoln().unwrap_err().found, "space");
    }

    #[test]
    fn tolerant_reader_reads_tokens_across_any_white_space() {
        let input = b" 2 3 \r\n\tXO. \r\n\r\n.OX\n7";
        let mut r = TolerantReader::new(&input[..]);
        assert_eq!(r.position(), (1, 2));
        assert_eq!(InputRead::read_int(&mut r, 1, 9, "n"), Ok(2));
        r.read_space().unwrap();
        assert_eq!(InputRead::read_int(&mut r, 1, 9, "m"), Ok(3));
        r.read_eoln().unwrap();
        assert_eq!(r.position(), (2, 2));
        assert_eq!(
            InputRead::read_chars(&mut r, 3, b"XO.", "row"),
            Ok(&b"XO."[..])
        );
        assert_eq!(
            InputRead::read_chars(&mut r, 3, b"XO.", "row"),
            Ok(&b".OX"[..])
        );
        let e = InputRead::read_eof(&mut r).unwrap_err();
        assert_eq!((e.line, e.col, e.found.as_str()), (5, 1, "`7`"));
        // Tokens stay strict.
        let int = |s: &[u8]| InputRead::read_int(&mut TolerantReader::new(s), 0, 9, "k");
        assert_eq!(int(b"007").unwrap_err().found, "`007`");
        assert_eq!(int(b"+7").unwrap_err().found, "`+7`");
        assert_eq!(int(b"-0").unwrap_err().found, "`-0`");
        assert_eq!(int(b"10").unwrap_err().found, "`10` (out of range)");
        assert_eq!(int(b" \n").unwrap_err().found, "end of file");
        let row = |s: &[u8]| {
            InputRead::read_chars(&mut TolerantReader::new(s), 3, b".#", "row").unwrap_err()
        };
        assert_eq!(row(b"..").found, "2 characters");
        assert_eq!(row(b"....").found, "4 characters");
        let e = row(b" .x.");
        assert_eq!((e.col, e.found.as_str()), (3, "'x'"));
        assert_eq!(row(b"").found, "end of file");
    }

    #[test]
    fn bounds_log_as_testlib_writes_it() {
        let mut log = BoundsLog::new();
        record_bounds_hit(&mut log, "n", 1, 40, 1);
        record_bounds_hit(&mut log, "x", 1, 4, 4);
        record_bounds_hit(&mut log, "x", 1, 4, 2);
        record_bounds_hit(&mut log, "y", 1, 4, 2);
        record_bounds_hit(&mut log, "y", 1, 5, 5);
        record_bounds_hit(&mut log, "row1", 1, 5, 5);
        assert_eq!(
            overview_log(&log),
            "\"n\": min-value-hit\n\"x\": max-value-hit\n\"y\": max-value-hit\n\
             constant-bounds \"n\": 1 40\nconstant-bounds \"x\": 1 4\n\
             variable \"n\"\nvariable \"x\"\nvariable \"y\"\n"
        );
        let mut r = RecordBounds::new(StrictReader::new(b"3 1\n"));
        InputRead::read_int(&mut r, 1, 3, "N").unwrap();
        InputRead::read_space(&mut r).unwrap();
        InputRead::read_int(&mut r, 1, 3, "M").unwrap();
        assert_eq!(
            overview_log(&r.log),
            "\"M\": min-value-hit\n\"N\": max-value-hit\nconstant-bounds \"M\": 1 3\n\
             constant-bounds \"N\": 1 3\nvariable \"M\"\nvariable \"N\"\n"
        );
    }
}
