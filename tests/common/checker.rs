//! Shared pieces of the checker tests: judging helpers and assertions, the building blocks of
//! an independent model of an output format (white space, integer tokens), hostile tokens and
//! mutations of correct answers, and a reader that streams megabytes of garbage made on the
//! fly.

use std::io::{self, Read};

use gridjudge::core::rng::TestRng;
use gridjudge::core::token_reader::MAX_TOKEN;
use gridjudge::core::verdict::{CheckOutcome, Verdict};
use gridjudge::problem::{Problem, ProblemConfig};

// ---------------------------------------------------------------------------------------------
// Judging and assertions.

/// `p`'s checker on `output` for `input` with the jury answer `answer`, as the checker binary
/// calls it. The message must be one line.
pub fn check_with(
    p: &dyn Problem,
    input: &str,
    output: &[u8],
    answer: &[u8],
    cfg: &ProblemConfig,
) -> CheckOutcome {
    let o = p.check(input.as_bytes(), &mut &output[..], answer, cfg);
    assert!(!o.message.contains('\n'), "message is one line: {o:?}");
    o
}

/// The outcome has `verdict` and a one-line message containing `fragment`.
#[track_caller]
pub fn assert_outcome(o: &CheckOutcome, verdict: Verdict, fragment: &str) {
    assert_eq!(o.verdict, verdict, "{o:?}");
    assert!(
        o.message.contains(fragment),
        "message {:?} lacks {fragment:?}",
        o.message
    );
    assert!(!o.message.contains('\n'), "message is one line: {o:?}");
}

/// A problem's checker on outputs streamed from [`Segment`]s, for one input and jury answer.
pub struct StreamJudge<'a> {
    pub problem: &'a dyn Problem,
    pub input: &'a [u8],
    pub answer: &'a [u8],
    pub config: &'a ProblemConfig,
}

impl StreamJudge<'_> {
    /// The outcome on the stream of `segments` (random bytes from `seed`), and the stream.
    pub fn judge(&self, segments: Vec<Segment>, seed: u64) -> (CheckOutcome, Stream) {
        let mut s = Stream::new(self.problem.name(), segments, seed);
        let o = (self.problem).check(self.input, &mut s, self.answer, self.config);
        (o, s)
    }

    /// The stream of `segments` (seed 0) gets `verdict` with a message containing `fragment`,
    /// after reading all of it (`read_all`) or less than a MiB of it.
    #[track_caller]
    pub fn expect(
        &self,
        segments: Vec<Segment>,
        verdict: Verdict,
        fragment: &str,
        read_all: bool,
    ) -> CheckOutcome {
        let (o, s) = self.judge(segments, 0);
        assert_outcome(&o, verdict, fragment);
        if read_all {
            assert_eq!(s.served, s.total(), "everything was read");
        } else {
            assert!(s.served < 1 << 20, "read {} bytes to judge", s.served);
        }
        o
    }
}

/// A segment of these bytes.
pub fn bytes(b: &[u8]) -> Segment {
    Segment::Bytes(b.to_vec())
}

/// `pattern` repeated to `len` bytes.
pub fn repeat(pattern: &[u8], len: u64) -> Segment {
    Segment::Repeat(pattern.to_vec(), len)
}

// ---------------------------------------------------------------------------------------------
// Building blocks of a model of the output rules.

/// White space of the output formats: space, `\t`, `\n`, `\x0b`, `\x0c`, `\r`.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// An integer token as testlib's `readLong` reads one: optional `-`, digits, no leading zero,
/// not `-0`, within the 64-bit integers (anything else is a presentation error).
pub fn model_int(t: &[u8]) -> Option<i128> {
    let (neg, d) = match t.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, t),
    };
    if d.is_empty() || !d.iter().all(u8::is_ascii_digit) || (d.len() > 1 && d[0] == b'0') {
        return None;
    }
    if neg && d == b"0" || d.len() > 19 {
        return None;
    }
    let v: i128 = std::str::from_utf8(d).unwrap().parse().unwrap();
    let v = if neg { -v } else { v };
    (i128::from(i64::MIN)..=i128::from(i64::MAX))
        .contains(&v)
        .then_some(v)
}

/// The tokens of `out` as the model reads them: split on white space.
pub fn model_tokens(out: &[u8]) -> impl Iterator<Item = &[u8]> {
    out.split(|&b| is_space(b)).filter(|t| !t.is_empty())
}

/// The next token of the model, PE when it is longer than the checker's reader keeps.
pub fn model_next<'a>(
    toks: &mut impl Iterator<Item = &'a [u8]>,
) -> Result<Option<&'a [u8]>, Verdict> {
    match toks.next() {
        Some(t) if t.len() > MAX_TOKEN => Err(Verdict::Pe),
        t => Ok(t),
    }
}

// ---------------------------------------------------------------------------------------------
// Hostile tokens and outputs.

/// Separators between tokens, some of them twice to make them likelier.
pub const SEPARATORS: &[&[u8]] = &[
    b" ", b" ", b"\n", b"\n", b"\r\n", b"\t", b"  ", b"\x0b", b"\x0c", b"\r", b" \n ",
];

fn separator(rng: &mut TestRng) -> &'static [u8] {
    SEPARATORS[rng.below(SEPARATORS.len() as u32) as usize]
}

/// Number tokens that are not integers of the format.
const MALFORMED_NUMBERS: &[&[u8]] = &[
    b"+1", b"01", b"00", b"-0", b"-01", b"1.0", b"1e1", b"0x1", b"-", b"--1", b"1,",
];

/// Kinds of [`garbage_token`].
pub const GARBAGE_KINDS: u32 = 10;

/// A hostile token of kind `kind` (below [`GARBAGE_KINDS`]) that no format of the problems
/// takes as a well-formed number, or takes as one far out of range: a small negative number,
/// a malformed number (one of a fixed list followed by `more_malformed`), a 30-digit number of
/// either sign, an integer at the edges of i64/u32/u64, NULs, bytes that are not UTF-8,
/// non-ASCII text, a token around the reader's cap or far beyond it, random non-space bytes.
pub fn garbage_token(rng: &mut TestRng, kind: u32, more_malformed: &[&[u8]]) -> Vec<u8> {
    match kind {
        0 => format!("-{}", rng.range(0, 5)).into_bytes(),
        1 => {
            let i = rng.below((MALFORMED_NUMBERS.len() + more_malformed.len()) as u32) as usize;
            MALFORMED_NUMBERS
                .iter()
                .chain(more_malformed)
                .nth(i)
                .unwrap()
                .to_vec()
        }
        2 => {
            // 30-digit numbers, either sign.
            let mut s: Vec<u8> = (0..30)
                .map(|i| b'0' + ((rng.below(9) + u32::from(i == 0)) as u8))
                .collect();
            if rng.chance(0.5) {
                s.insert(0, b'-');
            }
            s
        }
        3 => [
            &b"9223372036854775807"[..],
            b"9223372036854775808",
            b"-9223372036854775809",
            b"4294967297",
            b"18446744073709551617",
        ][rng.below(5) as usize]
            .to_vec(),
        4 => vec![0u8; 1 + rng.below(3) as usize],
        5 => vec![0xff, 0xfe],
        6 => "é€😀".as_bytes().to_vec(),
        7 => b"\xc3\x28\xa0\xa1".to_vec(), // invalid UTF-8 sequences
        8 => {
            // Long tokens around the reader's cap, and far beyond it.
            let len = match rng.below(3) {
                0 => MAX_TOKEN as u32 - 1 + rng.below(3),
                1 => rng.range(65, 400),
                _ => rng.range(1000, 20_000),
            };
            (0..len).map(|_| b'1' + rng.below(9) as u8).collect()
        }
        9 => (0..rng.range(1, 12))
            .map(|_| rng.below(256) as u8)
            .filter(|&b| !is_space(b))
            .collect(),
        _ => panic!("garbage token kind {kind} out of range"),
    }
}

/// `tokens` joined by random separators, sometimes with one in front, and with a final line
/// end with probability `final_newline`.
pub fn join(tokens: &[Vec<u8>], rng: &mut TestRng, final_newline: f64) -> Vec<u8> {
    let mut out = Vec::new();
    if rng.chance(0.1) {
        out.extend_from_slice(separator(rng));
    }
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(separator(rng));
        }
        out.extend_from_slice(t);
    }
    if rng.chance(final_newline) {
        out.push(b'\n');
    }
    out
}

/// One to three tokens made by `token`, each replacing, inserted before or appended after a
/// random token of `tokens`.
pub fn sprinkle(
    tokens: &mut Vec<Vec<u8>>,
    rng: &mut TestRng,
    mut token: impl FnMut(&mut TestRng) -> Vec<u8>,
) {
    for _ in 0..1 + rng.below(3) {
        let t = token(rng);
        let at = rng.below(tokens.len() as u32 + 1) as usize;
        match rng.below(3) {
            0 if at < tokens.len() => tokens[at] = t,
            1 => tokens.push(t),
            _ => tokens.insert(at, t),
        }
    }
}

/// Token soup: up to 11 tokens made by `token`.
pub fn soup(rng: &mut TestRng, mut token: impl FnMut(&mut TestRng) -> Vec<u8>) -> Vec<Vec<u8>> {
    let count = rng.below(12);
    (0..count).map(|_| token(rng)).collect()
}

/// Up to 300 random bytes, alone or after a prefix of the correct answer `ans`.
pub fn random_bytes_after(ans: &[u8], rng: &mut TestRng) -> Vec<u8> {
    let len = rng.below(300);
    let mut out: Vec<u8> = if rng.chance(0.5) {
        ans[..rng.below(ans.len() as u32) as usize].to_vec()
    } else {
        Vec::new()
    };
    out.extend((0..len).map(|_| rng.below(256) as u8));
    out
}

/// The correct answer `ans` with one to three bytes flipped, cut, or inserted.
pub fn mutated(ans: &[u8], rng: &mut TestRng) -> Vec<u8> {
    let mut out = ans.to_vec();
    for _ in 0..1 + rng.below(3) {
        if out.is_empty() {
            break;
        }
        let at = rng.below(out.len() as u32) as usize;
        match rng.below(4) {
            0 => out[at] = rng.below(256) as u8,
            1 => out.truncate(at),
            2 => out.insert(at, rng.below(256) as u8),
            _ => out.insert(at, [b'\0', b'-', b'0', b'9'][rng.below(4) as usize]),
        }
    }
    out
}

/// `tokens` with lots of white space around and between them: now and then a 20 000-byte run,
/// else up to 40 separators before each token, and up to 50 000 spaces at the end.
pub fn spaced_out(tokens: &[Vec<u8>], rng: &mut TestRng) -> Vec<u8> {
    let mut out = Vec::new();
    for t in tokens {
        if rng.chance(0.02) {
            out.extend(b" \t\r\n\x0b\x0c".iter().cycle().take(20_000));
        } else {
            for _ in 0..1 + rng.below(40) {
                out.extend_from_slice(separator(rng));
            }
        }
        out.extend_from_slice(t);
    }
    out.extend(std::iter::repeat_n(b' ', rng.below(50_000) as usize));
    out
}

// ---------------------------------------------------------------------------------------------
// Streamed garbage.

/// A reader that makes its bytes on the fly from segments, so that outputs of any size cost no
/// memory in the test. It counts what it has served.
pub struct Stream {
    segments: Vec<Segment>,
    current: usize,
    offset: u64,
    /// Bytes read so far.
    pub served: u64,
    rng: TestRng,
}

#[derive(Clone)]
pub enum Segment {
    /// These bytes.
    Bytes(Vec<u8>),
    /// `pattern` repeated to `len` bytes.
    Repeat(Vec<u8>, u64),
    /// `len` random bytes (any of the 256 values).
    Random(u64),
}

impl Segment {
    fn len(&self) -> u64 {
        match self {
            Segment::Bytes(b) => b.len() as u64,
            Segment::Repeat(_, len) | Segment::Random(len) => *len,
        }
    }
}

impl Stream {
    /// The stream of `segments`; random bytes come from the test seed `seed` of the checker
    /// stream of `problem`.
    pub fn new(problem: &str, segments: Vec<Segment>, seed: u64) -> Stream {
        Stream {
            segments,
            current: 0,
            offset: 0,
            served: 0,
            rng: TestRng::for_test(problem, "checker-stream", "", seed),
        }
    }

    /// The length of the whole stream.
    pub fn total(&self) -> u64 {
        self.segments.iter().map(Segment::len).sum()
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(seg) = self.segments.get(self.current) else {
                return Ok(0);
            };
            if self.offset >= seg.len() {
                self.current += 1;
                self.offset = 0;
                continue;
            }
            let n = (seg.len() - self.offset).min(buf.len() as u64) as usize;
            match seg {
                Segment::Bytes(b) => {
                    let at = self.offset as usize;
                    buf[..n].copy_from_slice(&b[at..at + n]);
                }
                Segment::Repeat(p, _) => {
                    let mut j = (self.offset % p.len() as u64) as usize;
                    for out in buf[..n].iter_mut() {
                        *out = p[j];
                        j = (j + 1) % p.len();
                    }
                }
                Segment::Random(_) => {
                    for chunk in buf[..n].chunks_mut(8) {
                        let w = self.rng.next_u64().to_le_bytes();
                        chunk.copy_from_slice(&w[..chunk.len()]);
                    }
                }
            }
            self.offset += n as u64;
            self.served += n as u64;
            return Ok(n);
        }
    }
}

/// Outputs made by hand from any jury answer `ans`, with labels: the answer re-spaced and
/// after BOMs (AC for the checkers of every problem), and wrong or unreadable variants of it
/// (empty, a token or bad byte after it, tokens dropped, reversed or doubled, numbers with a
/// leading zero, a sign, a bad byte, 23 digits, a 100-byte token, the lines after the first
/// reversed).
pub fn hand_outputs(ans: &[u8]) -> Vec<(Vec<u8>, String)> {
    let toks: Vec<&[u8]> = model_tokens(ans).collect();
    let first_one = |to: &[u8]| match ans.iter().position(|&b| b == b'1') {
        Some(i) => [&ans[..i], to, &ans[i + 1..]].concat(),
        None => [ans, to].concat(),
    };
    let after = |tail: &[u8]| [ans, tail].concat();
    let reversed: Vec<&[u8]> = toks.iter().rev().copied().collect();
    let mut v: Vec<(Vec<u8>, &str)> = vec![
        (ans.to_vec(), "the jury answer"),
        (toks.join(&b"\x0b\x0c\r\n\t "[..]), "every white space byte"),
        ([&b"\xef\xbb\xbf"[..], ans].concat(), "a UTF-8 BOM first"),
        ([&b"\xef\xbb\xbf\xef\xbb\xbf"[..], ans].concat(), "two BOMs"),
        (Vec::new(), "empty"),
        (b"\n \n".to_vec(), "white space only"),
        (b"LOSE\n".to_vec(), "LOSE"),
        (b"0\n".to_vec(), "0"),
        (after(b"x\n"), "a token after the answer"),
        (after(b"1\n"), "a number after the answer"),
        (after(b"\xff"), "a byte 0xFF after the answer"),
        (after(b"\x00"), "a NUL after the answer"),
        (
            toks[..toks.len() - 1].join(&b'\n'),
            "the last token missing",
        ),
        (toks[1..].join(&b' '), "the first token missing"),
        (reversed.join(&b'\n'), "the tokens reversed"),
        (first_one(b"01"), "a leading zero"),
        (first_one(b"+1"), "a plus sign"),
        (first_one(b"1\xff"), "a byte 0xFF in a number"),
        (first_one(b"99999999999999999999999"), "a huge number"),
        (first_one(b"-1"), "a negative number"),
        (vec![b'7'; 100], "a 100-byte token"),
    ];
    let lines: Vec<&[u8]> = ans
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() > 2 {
        let rev: Vec<&[u8]> = lines[..1]
            .iter()
            .chain(lines[1..].iter().rev())
            .copied()
            .collect();
        v.push((rev.join(&b'\n'), "the lines after the first reversed"));
    }
    if toks.len() > 2 {
        let dup = [&toks[..], &toks[toks.len() - 1..]].concat();
        v.push((dup.join(&b' '), "the last token twice"));
    }
    v.into_iter().map(|(o, s)| (o, s.to_string())).collect()
}
