//! The tolerant token reader of checkers ([`TokenReader`]), in the manner of testlib's `ouf`
//! stream: tokens are separated by any run of ASCII white space, the input is streamed with
//! O(1) memory, and a token longer than [`MAX_TOKEN`] is reported rather than buffered; with
//! the byte-order-mark filter of a contestant's output ([`SkipBom`]) and how a reader error
//! shows a token ([`show_token`]).
//!
//! Its items are also reachable at their old paths in [`crate::core::reader`], whose
//! in-memory readers share [`show_token`]. May use: std and crates only.

use std::io::{self, BufRead, BufReader, Read};

/// Shows at most `max` bytes of a token, escaped so that any bytes print safely on one line.
pub fn show_token(bytes: &[u8], max: usize) -> String {
    let cut = &bytes[..bytes.len().min(max)];
    let mut s = String::from("`");
    s.push_str(&cut.escape_ascii().to_string());
    if bytes.len() > max {
        s.push_str("...");
    }
    s.push('`');
    s
}

/// A [`Read`] adapter that drops a UTF-8 byte order mark (`EF BB BF`) at the very start of the
/// stream, as testlib does for a contestant's output; any other start (a BOM's first bytes
/// only, too) passes through unchanged. O(1) memory.
pub struct SkipBom<R: Read> {
    inner: R,
    /// Bytes read while looking for the BOM and not yet handed out.
    pending: [u8; 3],
    /// `pending[start..end]` are still to hand out.
    start: usize,
    end: usize,
    checked: bool,
}

impl<R: Read> SkipBom<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Self {
        SkipBom {
            inner,
            pending: [0; 3],
            start: 0,
            end: 0,
            checked: false,
        }
    }
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if !self.checked {
            while self.end < 3 {
                match self.inner.read(&mut self.pending[self.end..]) {
                    Ok(0) => break,
                    Ok(n) => {
                        self.end += n;
                        if self.pending[..self.end] != b"\xEF\xBB\xBF"[..self.end] {
                            break;
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
            self.checked = true;
            if self.pending[..self.end] == *b"\xEF\xBB\xBF" {
                self.end = 0;
            }
        }
        if self.start < self.end {
            let n = (self.end - self.start).min(out.len());
            out[..n].copy_from_slice(&self.pending[self.start..self.start + n]);
            self.start += n;
            return Ok(n);
        }
        self.inner.read(out)
    }
}

/// Longest token [`TokenReader`] keeps; longer ones are an error, never buffered whole.
pub const MAX_TOKEN: usize = 64;

/// A token read by [`TokenReader`], with where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token's bytes (at most [`MAX_TOKEN`]).
    pub bytes: Vec<u8>,
    /// 1-based line of its first byte.
    pub line: u64,
    /// 1-based column of its first byte.
    pub col: u64,
}

impl Token {
    /// The token as an integer as testlib's `readInt`/`readLong` reads one: an optional `-`,
    /// then digits, with no `+`, no leading zero (`01`, `-01`), no `-0`, and a value that fits
    /// in 64 bits. `None` otherwise; [`Token::int`] says why.
    pub fn as_int(&self) -> Option<i64> {
        self.int().ok()
    }

    /// [`Token::as_int`] with the reason a token is not such an integer.
    pub fn int(&self) -> Result<i64, NotInt> {
        let b = &self.bytes[..];
        let (neg, digits) = match b.first() {
            Some(b'-') => (true, &b[1..]),
            _ => (false, b),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(NotInt::Syntax);
        }
        if digits.len() > 1 && digits[0] == b'0' {
            return Err(NotInt::LeadingZero);
        }
        if neg && digits == b"0" {
            return Err(NotInt::MinusZero);
        }
        let mut v: i64 = 0;
        for &d in digits {
            let d = i64::from(d - b'0');
            v = v
                .checked_mul(10)
                .and_then(|x| {
                    if neg {
                        x.checked_sub(d)
                    } else {
                        x.checked_add(d)
                    }
                })
                .ok_or(NotInt::TooLarge)?;
        }
        Ok(v)
    }

    /// Where the token starts, for a message: `line L, column C`.
    pub fn at(&self) -> String {
        format!("line {}, column {}", self.line, self.col)
    }

    /// The token shown for a message (escaped, cut to 20 bytes).
    pub fn show(&self) -> String {
        show_token(&self.bytes, 20)
    }
}

/// Why a token is not an integer as testlib reads one ([`Token::int`]): each is a
/// presentation error in a contestant's output, as testlib's `readInt` makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotInt {
    /// Not an optional `-` followed by digits (a `+`, a dot, a letter, nothing after `-`).
    Syntax,
    /// A leading zero: `01`, `-01`, `00`.
    LeadingZero,
    /// `-0`.
    MinusZero,
    /// Outside the 64-bit integers: below -2^63 or above 2^63 - 1.
    TooLarge,
}

impl NotInt {
    /// What to add after the token in a message: empty for [`NotInt::Syntax`], else e.g.
    /// ` (leading zero)`.
    pub fn note(self) -> &'static str {
        match self {
            NotInt::Syntax => "",
            NotInt::LeadingZero => " (leading zero)",
            NotInt::MinusZero => " (-0 is not an integer here)",
            NotInt::TooLarge => " (outside the 64-bit integers)",
        }
    }
}

/// Error of the tolerant reader: an I/O error, or a token longer than [`MAX_TOKEN`].
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    /// The underlying reader failed.
    #[error("read error: {0}")]
    Io(#[from] io::Error),
    /// A token longer than [`MAX_TOKEN`] bytes.
    #[error("line {line}, column {col}: token longer than {MAX_TOKEN} bytes (starts {start})")]
    TooLong {
        /// 1-based line of its start.
        line: u64,
        /// 1-based column of its start.
        col: u64,
        /// Its first bytes, escaped.
        start: String,
    },
}

/// `fill_buf`, retrying reads interrupted by a signal (`ErrorKind::Interrupted`) as
/// `read_exact` does: an EINTR while reading a contestant's output is not a judge error.
fn fill_buf_retrying<R: Read>(inner: &mut BufReader<R>) -> io::Result<&[u8]> {
    loop {
        match inner.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(inner.buffer())
}

/// Tolerant whitespace-separated token reader for checkers.
///
/// Streams from any [`Read`]; memory is O(buffer + [`MAX_TOKEN`]) whatever the input size.
pub struct TokenReader<R: Read> {
    inner: BufReader<R>,
    line: u64,
    col: u64,
}

impl<R: Read> TokenReader<R> {
    /// A reader over `inner`.
    pub fn new(inner: R) -> Self {
        TokenReader {
            inner: BufReader::with_capacity(1 << 16, inner),
            line: 1,
            col: 1,
        }
    }

    fn advance(&mut self, b: u8) {
        if b == b'\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
    }

    /// The next token, or `None` at end of input. White space is any of space, `\t`, `\n`,
    /// `\r`, `\x0b`, `\x0c`.
    pub fn next_token(&mut self) -> Result<Option<Token>, TokenError> {
        // Skip white space.
        loop {
            let buf = fill_buf_retrying(&mut self.inner)?;
            if buf.is_empty() {
                return Ok(None);
            }
            let n = buf
                .iter()
                .take_while(|b| b.is_ascii_whitespace() || **b == 0x0b)
                .count();
            let nl = buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
            if nl > 0 {
                let last_nl = buf[..n].iter().rposition(|&b| b == b'\n').unwrap();
                self.line += nl;
                self.col = (n - last_nl) as u64;
            } else {
                self.col += n as u64;
            }
            let at_token = n < buf.len();
            self.inner.consume(n);
            if at_token {
                break;
            }
        }
        let (line, col) = (self.line, self.col);
        let mut bytes = Vec::new();
        loop {
            let buf = fill_buf_retrying(&mut self.inner)?;
            if buf.is_empty() {
                break;
            }
            let n = buf
                .iter()
                .take_while(|b| !(b.is_ascii_whitespace() || **b == 0x0b))
                .count();
            let take = n.min(MAX_TOKEN + 1 - bytes.len());
            bytes.extend_from_slice(&buf[..take]);
            let done = n < buf.len() || bytes.len() > MAX_TOKEN;
            for _ in 0..take {
                self.advance(0);
            }
            self.inner.consume(take);
            if bytes.len() > MAX_TOKEN {
                return Err(TokenError::TooLong {
                    line,
                    col,
                    start: show_token(&bytes, 20),
                });
            }
            if done {
                break;
            }
        }
        Ok(Some(Token { bytes, line, col }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_with_positions() {
        let mut t = TokenReader::new(&b"  WIN\r\n 2\t3 \n\n-4"[..]);
        let toks: Vec<Token> = std::iter::from_fn(|| t.next_token().unwrap()).collect();
        let got: Vec<(&[u8], u64, u64)> =
            toks.iter().map(|t| (&t.bytes[..], t.line, t.col)).collect();
        assert_eq!(
            got,
            vec![
                (&b"WIN"[..], 1, 3),
                (&b"2"[..], 2, 2),
                (&b"3"[..], 2, 4),
                (&b"-4"[..], 4, 1)
            ]
        );
        assert_eq!(toks[3].as_int(), Some(-4));
    }

    #[test]
    fn token_ints() {
        let tok = |s: &[u8]| Token {
            bytes: s.to_vec(),
            line: 1,
            col: 1,
        };
        assert_eq!(tok(b"12").as_int(), Some(12));
        assert_eq!(tok(b"0").as_int(), Some(0));
        assert_eq!(tok(b"9223372036854775807").as_int(), Some(i64::MAX));
        assert_eq!(tok(b"-9223372036854775808").as_int(), Some(i64::MIN));
        // As testlib's readInt/readLong: beyond 64 bits, -0 and leading zeros are not integers.
        for (t, why) in [
            (&b"9223372036854775808"[..], NotInt::TooLarge),
            (b"-9223372036854775809", NotInt::TooLarge),
            (b"123456789012345678901234567890", NotInt::TooLarge),
            (b"-123456789012345678901234567890", NotInt::TooLarge),
            (b"-0", NotInt::MinusZero),
            (b"01", NotInt::LeadingZero),
            (b"-01", NotInt::LeadingZero),
            (b"00", NotInt::LeadingZero),
            (b"+1", NotInt::Syntax),
            (b"1.0", NotInt::Syntax),
            (b"-", NotInt::Syntax),
        ] {
            assert_eq!(tok(t).int(), Err(why), "{}", t.escape_ascii());
            assert_eq!(tok(t).as_int(), None);
        }
    }

    #[test]
    fn skip_bom_drops_only_a_whole_leading_bom() {
        let read = |bytes: &[u8]| {
            let mut out = Vec::new();
            SkipBom::new(bytes).read_to_end(&mut out).unwrap();
            out
        };
        assert_eq!(read(b"\xEF\xBB\xBFWIN"), b"WIN");
        assert_eq!(read(b"\xEF\xBB\xBF"), b"");
        assert_eq!(read(b"\xEF\xBBWIN"), b"\xEF\xBBWIN");
        assert_eq!(read(b"\xEFW"), b"\xEFW");
        assert_eq!(read(b"WIN\xEF\xBB\xBF"), b"WIN\xEF\xBB\xBF");
        assert_eq!(read(b""), b"");
        // A source that hands out one byte at a time.
        struct Drip<'a>(&'a [u8]);
        impl Read for Drip<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                match (self.0.split_first(), out.first_mut()) {
                    (Some((&b, rest)), Some(o)) => {
                        *o = b;
                        self.0 = rest;
                        Ok(1)
                    }
                    _ => Ok(0),
                }
            }
        }
        let mut out = Vec::new();
        SkipBom::new(Drip(b"\xEF\xBB\xBF1 2"))
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, b"1 2");
    }

    #[test]
    fn long_tokens_are_cut_not_buffered() {
        let big = vec![b'7'; 10_000_000];
        let mut t = TokenReader::new(&big[..]);
        match t.next_token() {
            Err(TokenError::TooLong {
                line: 1, col: 1, ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }
}
