//! Mutants of a source file by our own rewriting, for `gridjudge mutants`
//! ([`crate::judge::mutants`] judges them).
//!
//! # Why our own rewriting
//! The maintained mutation tools need more than one file: cargo-mutants mutates a Cargo crate
//! (a submission is a lone `.rs` file), mutmut a Python package with its test runner, and mull
//! a C++ build through a compiler plugin that must match its LLVM version exactly. A
//! submission is one file judged by its output, so a small rewriter per language family does
//! the job with nothing installed: C++ and Rust share one lexer, Python has its own.
//!
//! # What is never mutated
//! The lexer marks each byte as code or not: comments (`//`, `/* */`, Python `#`), string and
//! character literals (with escapes; Rust raw strings `r"..."`/`r#"..."#`, Python triple
//! quotes), `#include`/`#define` lines and Rust attributes (`#[...]`). A Rust lifetime
//! (`'a`) is not a character literal. Only code bytes are rewritten.
//!
//! # The operators (each mutant changes one line)
//! - `relational`: `<=`↔`<`, `>=`↔`>`, `==`↔`!=`. A lone `<` or `>` only with a space on
//!   both sides (`a < b`): that excludes template and generic brackets (`vector<int>`,
//!   `Vec<u8>`), `<<`, `>>`, `->` and `=>`. Conservative: `a<b` is not mutated.
//! - `arithmetic`: `+`↔`-`, `*`↔`/` with a space on both sides (not `++`, `--`, `->`, `**`,
//!   `//`, a unary minus or a pointer `*p`), `+=`↔`-=`.
//! - `constant`: a decimal integer literal `n` (not part of a name or a float) becomes `n+1`
//!   and, when `n > 0`, `n-1`.
//! - `negate`: the condition of `if`/`while` is negated: C++ `if (c)` → `if (!(c))`, Rust
//!   `if c {` → `if !(c) {` (the `{` ending the line; not `if let`), Python `if c:` →
//!   `if not (c):` (also `elif`, `while`).
//! - `delete`: a line that is one simple statement is removed (C++/Rust: ends in `;`, one `;`,
//!   no braces, starts with a name followed by an assignment, a call, a method, an index or
//!   `++`/`--` — so neither declarations nor `return`/`break`; Python: such a line becomes
//!   `pass` at its indentation).
//! - `swap`: the two arguments of a call `f(a, b)` on one line are swapped (not after `if`,
//!   `while`, `for`, `switch`, `return`; not when both are the same text).
//!
//! Uses std and the `similar` crate (the unified diff).

/// The language family of a source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// C++ (`.cpp`, `.cc`, `.cxx`).
    Cpp,
    /// Rust (`.rs`).
    Rust,
    /// Python (`.py`).
    Python,
}

impl Family {
    /// The family of a file name by its extension, `None` for anything else.
    pub fn of_name(name: &str) -> Option<Family> {
        let ext = name.rsplit_once('.')?.1;
        match ext {
            "cpp" | "cc" | "cxx" | "c++" => Some(Family::Cpp),
            "rs" => Some(Family::Rust),
            "py" => Some(Family::Python),
            _ => None,
        }
    }
}

/// One mutant: one line of the source replaced.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mutant {
    /// Its number in the source's list (1-based, in source order).
    pub id: u32,
    /// The operator: `relational`, `arithmetic`, `constant`, `negate`, `delete`, `swap`.
    pub operator: std::borrow::Cow<'static, str>,
    /// The 1-based line.
    pub line: u32,
    /// The 1-based byte column where the change starts.
    pub column: u32,
    /// The line as it was (without its line end).
    pub before: String,
    /// The line as the mutant has it.
    pub after: String,
}

impl Mutant {
    /// The mutated source: `source` with line [`Mutant::line`] replaced.
    pub fn apply(&self, source: &str) -> String {
        let mut out = String::with_capacity(source.len() + 16);
        for (i, l) in source.split_inclusive('\n').enumerate() {
            if i + 1 == self.line as usize {
                out.push_str(&self.after);
                if l.ends_with('\n') {
                    out.push('\n');
                }
            } else {
                out.push_str(l);
            }
        }
        out
    }

    /// The unified diff of the mutant against `source` (no context lines), headed by
    /// `name`.
    pub fn diff(&self, source: &str, name: &str) -> String {
        let after = self.apply(source);
        similar::TextDiff::from_lines(source, &after)
            .unified_diff()
            .context_radius(0)
            .header(name, &format!("{name} (mutant {})", self.id))
            .to_string()
    }
}

/// Marks which bytes of `src` are code (`true`) and which are comments, literals, include
/// lines or attributes.
fn code_mask(src: &[u8], family: Family) -> Vec<bool> {
    let mut mask = vec![true; src.len()];
    let n = src.len();
    let mut i = 0;
    let mut line_start = true;
    let off = |mask: &mut Vec<bool>, a: usize, b: usize| {
        for m in &mut mask[a..b.min(n)] {
            *m = false;
        }
    };
    while i < n {
        let c = src[i];
        let next = src.get(i + 1).copied().unwrap_or(0);
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if line_start && (c == b' ' || c == b'\t') {
            i += 1;
            continue;
        }
        let at_line_start = line_start;
        line_start = false;
        // A whole line: `#include`, `#define`, ... in C++; an attribute in Rust.
        if family == Family::Cpp && c == b'#' && at_line_start
            || family == Family::Rust && c == b'#' && (next == b'[' || next == b'!')
        {
            let end = src[i..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(n, |p| i + p);
            off(&mut mask, i, end);
            i = end;
            continue;
        }
        match family {
            Family::Python => {
                if c == b'#' {
                    let end = src[i..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(n, |p| i + p);
                    off(&mut mask, i, end);
                    i = end;
                    continue;
                }
                if c == b'"' || c == b'\'' {
                    let triple = src.get(i..i + 3) == Some(&[c, c, c][..]);
                    let start = i;
                    i += if triple { 3 } else { 1 };
                    while i < n {
                        if src[i] == b'\\' {
                            i += 2;
                            continue;
                        }
                        if triple {
                            if src.get(i..i + 3) == Some(&[c, c, c][..]) {
                                i += 3;
                                break;
                            }
                        } else if src[i] == c || src[i] == b'\n' {
                            i += 1;
                            break;
                        }
                        i += 1;
                    }
                    off(&mut mask, start, i);
                    continue;
                }
            }
            Family::Cpp | Family::Rust => {
                if c == b'/' && next == b'/' {
                    let end = src[i..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(n, |p| i + p);
                    off(&mut mask, i, end);
                    i = end;
                    continue;
                }
                if c == b'/' && next == b'*' {
                    let end = src[i + 2..]
                        .windows(2)
                        .position(|w| w == b"*/")
                        .map_or(n, |p| i + 2 + p + 2);
                    off(&mut mask, i, end);
                    i = end;
                    continue;
                }
                // Rust raw strings r"..." and r#"..."#.
                if family == Family::Rust
                    && c == b'r'
                    && (next == b'"' || next == b'#')
                    && (i == 0 || !is_word(src[i - 1]))
                {
                    let hashes = src[i + 1..].iter().take_while(|&&b| b == b'#').count();
                    if src.get(i + 1 + hashes) == Some(&b'"') {
                        let mut close = vec![b'"'];
                        close.extend(std::iter::repeat_n(b'#', hashes));
                        let body = i + 2 + hashes;
                        let end = src[body..]
                            .windows(close.len())
                            .position(|w| w == close.as_slice())
                            .map_or(n, |p| body + p + close.len());
                        off(&mut mask, i, end);
                        i = end;
                        continue;
                    }
                }
                if c == b'"' || c == b'\'' {
                    if c == b'\'' && family == Family::Rust {
                        // A lifetime or label: 'a not followed by a closing quote.
                        let lit = next == b'\\'
                            || src.get(i + 2) == Some(&b'\'')
                            || std::str::from_utf8(&src[i + 1..n.min(i + 6)])
                                .ok()
                                .and_then(|s| s.chars().nth(1))
                                == Some('\'');
                        if !lit {
                            i += 1;
                            continue;
                        }
                    }
                    let start = i;
                    i += 1;
                    while i < n && src[i] != c && src[i] != b'\n' {
                        i += if src[i] == b'\\' { 2 } else { 1 };
                    }
                    i = (i + 1).min(n);
                    off(&mut mask, start, i);
                    continue;
                }
            }
        }
        i += 1;
    }
    mask
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Every mutant of `source` in the family `family`, in source order (by line, then column,
/// then operator), numbered from 1.
pub fn mutants(source: &str, family: Family) -> Vec<Mutant> {
    let bytes = source.as_bytes();
    let mask = code_mask(bytes, family);
    let mut out: Vec<Mutant> = Vec::new();
    let mut start = 0usize;
    for (li, line) in source.split_inclusive('\n').enumerate() {
        let text = line.strip_suffix('\n').unwrap_or(line);
        let text = text.strip_suffix('\r').unwrap_or(text);
        let m = &mask[start..start + text.len()];
        let mut found = Vec::new();
        line_mutants(text, m, family, &mut found);
        found.sort_by_key(|&(col, op, _)| (col, op));
        for (col, op, after) in found {
            if after == text {
                continue;
            }
            out.push(Mutant {
                id: 0,
                operator: op.into(),
                line: li as u32 + 1,
                column: col as u32 + 1,
                before: text.to_string(),
                after,
            });
        }
        start += line.len();
    }
    for (i, m) in out.iter_mut().enumerate() {
        m.id = i as u32 + 1;
    }
    out
}

/// Replaces `text[a..b]` by `with`.
fn splice(text: &str, a: usize, b: usize, with: &str) -> String {
    format!("{}{}{}", &text[..a], with, &text[b..])
}

/// The mutants of one line: (byte column, operator, new line).
fn line_mutants(
    text: &str,
    code: &[bool],
    family: Family,
    out: &mut Vec<(usize, &'static str, String)>,
) {
    let b = text.as_bytes();
    let n = b.len();
    let at = |i: usize| if i < n { b[i] } else { 0 };
    let is_code = |i: usize, len: usize| i + len <= n && code[i..i + len].iter().all(|&c| c);
    let mut i = 0;
    while i < n {
        if !code[i] {
            i += 1;
            continue;
        }
        let c = b[i];
        let (p, nx) = (if i > 0 { b[i - 1] } else { 0 }, at(i + 1));
        // Relational.
        if is_code(i, 2) && nx == b'=' && (c == b'<' || c == b'>' || c == b'=' || c == b'!') {
            let ok = match c {
                b'<' => p != b'<' && at(i + 2) != b'>',
                b'>' => p != b'>' && p != b'-' && p != b'=',
                b'=' => p != b'=' && p != b'!' && p != b'<' && p != b'>' && at(i + 2) != b'=',
                _ => at(i + 2) != b'=',
            };
            if ok {
                let with = match c {
                    b'<' => "<",
                    b'>' => ">",
                    b'=' => "!=",
                    _ => "==",
                };
                out.push((i, "relational", splice(text, i, i + 2, with)));
                i += 2;
                continue;
            }
        }
        if (c == b'<' || c == b'>') && p == b' ' && nx == b' ' {
            let with = if c == b'<' { "<=" } else { ">=" };
            out.push((i, "relational", splice(text, i, i + 1, with)));
            i += 1;
            continue;
        }
        // Arithmetic.
        if (c == b'+' || c == b'-') && nx == b'=' && p == b' ' && is_code(i, 2) {
            let with = if c == b'+' { "-=" } else { "+=" };
            out.push((i, "arithmetic", splice(text, i, i + 2, with)));
            i += 2;
            continue;
        }
        if matches!(c, b'+' | b'-' | b'*' | b'/') && p == b' ' && nx == b' ' {
            // A binary operator: something before it on the line besides white space.
            let before = text[..i].trim_end();
            let binary = !before.is_empty()
                && !before.ends_with(['(', ',', '=', '[', '{', '<', '>', '!', '&', '|', '?', ':'])
                && !before.ends_with("return");
            if binary {
                let with = match c {
                    b'+' => "-",
                    b'-' => "+",
                    b'*' => "/",
                    _ => "*",
                };
                out.push((i, "arithmetic", splice(text, i, i + 1, with)));
            }
            i += 1;
            continue;
        }
        // Integer constants.
        if c.is_ascii_digit() && !is_word(p) && p != b'.' {
            let mut j = i;
            while j < n && b[j].is_ascii_digit() {
                j += 1;
            }
            let after = at(j);
            let float = after == b'.' && at(j + 1) != b'.'
                || after == b'e'
                || after == b'E'
                || after == b'x'
                || (after.is_ascii_alphabetic() && family == Family::Cpp);
            let all_code = code[i..j].iter().all(|&c| c);
            if !float && all_code && (j - i) <= 18 {
                // A Rust suffix such as 1usize or 1_000 keeps its tail.
                if let Ok(v) = text[i..j].parse::<u64>() {
                    out.push((i, "constant", splice(text, i, j, &(v + 1).to_string())));
                    if v > 0 {
                        out.push((i, "constant", splice(text, i, j, &(v - 1).to_string())));
                    }
                }
            }
            i = j;
            while i < n && is_word(b[i]) {
                i += 1;
            }
            continue;
        }
        if is_word(c) {
            let mut j = i;
            while j < n && is_word(b[j]) {
                j += 1;
            }
            let word = &text[i..j];
            if !is_word(p) {
                word_mutants(text, code, family, i, j, word, out);
            }
            i = j;
            continue;
        }
        i += 1;
    }
    delete_mutant(text, code, family, out);
}

/// The end (exclusive) of the bracket opened at `open`, on code bytes of the line.
fn close_of(b: &[u8], code: &[bool], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for k in open..b.len() {
        if !code[k] {
            continue;
        }
        match b[k] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// `negate` and `swap` at the word `text[i..j]`.
fn word_mutants(
    text: &str,
    code: &[bool],
    family: Family,
    i: usize,
    j: usize,
    word: &str,
    out: &mut Vec<(usize, &'static str, String)>,
) {
    let b = text.as_bytes();
    let cond = word == "if" || word == "while" || (family == Family::Python && word == "elif");
    if cond {
        match family {
            Family::Cpp => {
                let k = j + text[j..].len() - text[j..].trim_start().len();
                if b.get(k) == Some(&b'(') {
                    if let Some(e) = close_of(b, code, k) {
                        let inner = &text[k + 1..e - 1];
                        let with = format!("(!({inner}))");
                        out.push((i, "negate", splice(text, k, e, &with)));
                    }
                }
            }
            Family::Rust => {
                let rest = text[j..].trim_end();
                if let Some(c) = rest.strip_suffix('{') {
                    let c = c.trim();
                    let braces = c.contains(['{', '}']);
                    if !c.is_empty() && !c.starts_with("let ") && !braces && b.get(j) == Some(&b' ')
                    {
                        let end = j + text[j..].trim_end().len() - 1;
                        let with = format!(" !({c}) ");
                        out.push((i, "negate", splice(text, j, end, &with)));
                    }
                }
            }
            Family::Python => {
                let rest = text[j..].trim_end();
                let first_word = text[..i].trim().is_empty();
                if let (true, Some(c)) = (first_word, rest.strip_suffix(':')) {
                    let c = c.trim();
                    if !c.is_empty() && b.get(j) == Some(&b' ') {
                        let end = j + rest.len() - 1;
                        let with = format!(" not ({c})");
                        out.push((i, "negate", splice(text, j, end, &with)));
                    }
                }
            }
        }
        return;
    }
    const NOT_CALLS: &[&str] = &[
        "if", "while", "for", "switch", "return", "sizeof", "match", "elif", "and", "or", "not",
        "in", "catch", "assert",
    ];
    if b.get(j) == Some(&b'(') && !NOT_CALLS.contains(&word) {
        let Some(e) = close_of(b, code, j) else {
            return;
        };
        // Split at the commas of depth 1.
        let mut depth = 0;
        let mut commas = Vec::new();
        for k in j..e {
            if !code[k] {
                continue;
            }
            match b[k] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b'<' if family != Family::Python => return, // generics: leave them
                b',' if depth == 1 => commas.push(k),
                _ => {}
            }
        }
        if let [comma] = commas[..] {
            let a = text[j + 1..comma].trim();
            let z = text[comma + 1..e - 1].trim();
            if !a.is_empty() && !z.is_empty() && a != z {
                let with = format!("({z}, {a})");
                out.push((i, "swap", splice(text, j, e, &with)));
            }
        }
    }
}

/// `delete` of a line that is one simple statement.
fn delete_mutant(
    text: &str,
    code: &[bool],
    family: Family,
    out: &mut Vec<(usize, &'static str, String)>,
) {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return;
    }
    let indent = text.len() - text.trim_start().len();
    // The line's code only (a trailing comment dropped).
    let code_text: String = text
        .char_indices()
        .filter(|&(k, _)| code.get(k).copied().unwrap_or(true))
        .map(|(_, c)| c)
        .collect();
    let ct = code_text.trim();
    let first_end = ct
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(ct.len());
    let first = &ct[..first_end];
    if first.is_empty() || first.starts_with(|c: char| c.is_ascii_digit()) {
        // `++i;` is the one statement that starts with an operator.
        if !(ct.starts_with("++") || ct.starts_with("--")) || family == Family::Python {
            return;
        }
    }
    const KEYWORDS: &[&str] = &[
        "return",
        "break",
        "continue",
        "let",
        "const",
        "static",
        "use",
        "using",
        "typedef",
        "struct",
        "class",
        "fn",
        "pub",
        "mut",
        "impl",
        "mod",
        "auto",
        "int",
        "long",
        "short",
        "unsigned",
        "signed",
        "char",
        "bool",
        "double",
        "float",
        "void",
        "string",
        "vector",
        "if",
        "else",
        "for",
        "while",
        "do",
        "switch",
        "case",
        "default",
        "goto",
        "template",
        "namespace",
        "std",
        "def",
        "import",
        "from",
        "pass",
        "global",
        "nonlocal",
        "try",
        "except",
        "finally",
        "with",
        "raise",
        "assert",
        "del",
        "yield",
        "lambda",
        "elif",
        "print",
        "exit",
        "main",
        "type",
        "enum",
        "match",
        "loop",
        "unsafe",
        "extern",
        "size_t",
        "u8",
        "u32",
        "u64",
        "i32",
        "i64",
        "usize",
        "isize",
        "int64_t",
        "ll",
        "ull",
        "pair",
        "array",
        "map",
        "set",
        "queue",
        "deque",
        "priority_queue",
        "stack",
        "unordered_map",
        "unordered_set",
        "bitset",
        "tuple",
        "return_value",
    ];
    if KEYWORDS.contains(&first) {
        return;
    }
    // What follows the first word (after white space): it must be a use, not a declaration.
    let rest = ct[first_end..].trim_start();
    let used = rest.starts_with(['(', '.', '[', '=', '+', '-', '*', '/', '%', '|', '&', '^'])
        || rest.starts_with("<<")
        || rest.starts_with(">>")
        || rest.starts_with("::")
        || rest.starts_with("->")
        || first.is_empty();
    if !used || rest.starts_with("==") {
        return;
    }
    match family {
        Family::Cpp | Family::Rust => {
            if !ct.ends_with(';') || ct.matches(';').count() != 1 || ct.contains(['{', '}']) {
                return;
            }
            if rest.starts_with("::") && family == Family::Rust {
                return; // a path such as `Vec::new()` starts an expression, not a statement
            }
            out.push((indent, "delete", String::new()));
        }
        Family::Python => {
            let balanced =
                ct.matches(['(', '[', '{']).count() == ct.matches([')', ']', '}']).count();
            if ct.ends_with([':', '\\', ',']) || !balanced || ct.contains(';') {
                return;
            }
            out.push((indent, "delete", format!("{}pass", &text[..indent])));
        }
    }
}

/// `count` mutants of `all` chosen by `rng`, returned in their order (all of them when
/// `count` is at least their number). Draws indices with [`crate::core::rng::TestRng`] (never
/// a `usize` directly), so the choice is the same on every machine.
pub fn sample<T: Clone>(all: &[T], count: u32, rng: &mut crate::core::rng::TestRng) -> Vec<T> {
    let len = u32::try_from(all.len()).unwrap_or(u32::MAX);
    if count >= len {
        return all.to_vec();
    }
    let mut idx: Vec<u32> = (0..len).collect();
    // A partial Fisher–Yates: the first `count` places are a uniform sample.
    for k in 0..count {
        let j = k + rng.below(len - k);
        idx.swap(k as usize, j as usize);
    }
    let mut chosen: Vec<u32> = idx[..count as usize].to_vec();
    chosen.sort_unstable();
    chosen
        .into_iter()
        .map(|k| all[k as usize].clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(src: &str, f: Family) -> Vec<(u32, u32, &'static str, String)> {
        mutants(src, f)
            .into_iter()
            .map(|m| {
                let op = match m.operator {
                    std::borrow::Cow::Borrowed(o) => o,
                    std::borrow::Cow::Owned(o) => panic!("an operator made at run time: {o}"),
                };
                (m.line, m.column, op, m.after)
            })
            .collect()
    }

    #[test]
    fn cpp_relational_arithmetic_constants() {
        let got = ops("    if (a <= b) x = y + 2;\n", Family::Cpp);
        assert_eq!(
            got,
            vec![
                (1, 5, "negate", "    if (!(a <= b)) x = y + 2;".to_string()),
                (1, 11, "relational", "    if (a < b) x = y + 2;".to_string()),
                (
                    1,
                    23,
                    "arithmetic",
                    "    if (a <= b) x = y - 2;".to_string()
                ),
                (1, 25, "constant", "    if (a <= b) x = y + 3;".to_string()),
                (1, 25, "constant", "    if (a <= b) x = y + 1;".to_string()),
            ]
        );
    }

    #[test]
    fn cpp_never_mutates_strings_comments_includes_shifts_arrows() {
        let src = "#include <bits/stdc++.h>\n\
                   // a < b + 1\n\
                   /* x == y */ cout << \"a < b == 3\" << '<';\n\
                   p->next;\n\
                   vector<int> v;\n";
        let got = ops(src, Family::Cpp);
        // Only the deletions of the two statement lines are left.
        assert_eq!(
            got,
            vec![
                (3, 1, "delete", String::new()),
                (4, 1, "delete", String::new())
            ]
        );
    }

    #[test]
    fn cpp_delete_and_swap() {
        let got = ops(
            "  cnt += f(i, j);\n  int k = 0;\n  return x;\n",
            Family::Cpp,
        );
        assert_eq!(
            got,
            vec![
                (1, 3, "delete", String::new()),
                (1, 7, "arithmetic", "  cnt -= f(i, j);".to_string()),
                (1, 10, "swap", "  cnt += f(j, i);".to_string()),
                (2, 11, "constant", "  int k = 1;".to_string()),
            ]
        );
    }

    #[test]
    fn rust_negate_lifetimes_and_generics() {
        let src = "fn f<'a>(v: &'a Vec<u8>) -> usize {\n    while i < n {\n        i += 1;\n    }\n    if let Some(x) = y {\n}\n";
        let got = ops(src, Family::Rust);
        assert_eq!(
            got,
            vec![
                (2, 5, "negate", "    while !(i < n) {".to_string()),
                (2, 13, "relational", "    while i <= n {".to_string()),
                (3, 9, "delete", String::new()),
                (3, 11, "arithmetic", "        i -= 1;".to_string()),
                (3, 14, "constant", "        i += 2;".to_string()),
                (3, 14, "constant", "        i += 0;".to_string()),
            ]
        );
    }

    #[test]
    fn rust_char_literal_and_raw_string_are_not_code() {
        let got = ops(
            "let c = b'<'; let s = r#\"a == b\"#; let t = '1';\n",
            Family::Rust,
        );
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn python_negate_delete_and_strings() {
        let src = "while lo < hi:\n    lo = mid + 1  # lo < hi\n    print(\"x == 1\", a)\n";
        let got = ops(src, Family::Python);
        assert_eq!(
            got,
            vec![
                (1, 1, "negate", "while not (lo < hi):".to_string()),
                (1, 10, "relational", "while lo <= hi:".to_string()),
                (2, 5, "delete", "    pass".to_string()),
                (
                    2,
                    14,
                    "arithmetic",
                    "    lo = mid - 1  # lo < hi".to_string()
                ),
                (2, 16, "constant", "    lo = mid + 2  # lo < hi".to_string()),
                (2, 16, "constant", "    lo = mid + 0  # lo < hi".to_string()),
                (3, 5, "swap", "    print(a, \"x == 1\")".to_string()),
            ]
        );
    }

    #[test]
    fn apply_and_diff() {
        let src = "a\nif (x == y) z();\nb\n";
        let all = mutants(src, Family::Cpp);
        let m = all.iter().find(|m| m.operator == "relational").unwrap();
        assert_eq!(m.apply(src), "a\nif (x != y) z();\nb\n");
        assert_eq!(
            m.diff(src, "s.cpp"),
            "--- s.cpp\n+++ s.cpp (mutant 2)\n@@ -2 +2 @@\n-if (x == y) z();\n+if (x != y) z();\n"
        );
    }

    #[test]
    fn sample_is_value_stable() {
        let all: Vec<u32> = (1..=40).collect();
        let mut rng = crate::core::rng::TestRng::for_test("game", "mutants", "", 7);
        let got = sample(&all, 5, &mut rng);
        assert_eq!(got, vec![6, 11, 16, 33, 37]);
        let mut rng = crate::core::rng::TestRng::for_test("game", "mutants", "", 7);
        assert_eq!(sample(&all, 50, &mut rng), all);
    }
}
